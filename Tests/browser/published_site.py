"""A built site as the tests see it: its files on disk, and the base URL it is opened from.

The same folder is opened two ways, from disk (file://) and through a web server (http://),
and every browser and link check takes one of these values so it runs unchanged in both.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
from dataclasses import dataclass
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator
from urllib.parse import quote


@dataclass(frozen=True)
class PublishedSite:
    root: Path
    base_url: str  # ends with "/": file:///…/ or http://127.0.0.1:PORT/…/
    mode: str  # "file" or "http"

    def pages(self) -> list[str]:
        """Every HTML page, as a path relative to the root with "/" separators."""
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*.html"))

    def stylesheets(self) -> list[str]:
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*.css"))

    def url(self, page: str) -> str:
        return self.base_url + quote(page)

    def document(self, page: str) -> "PageDocument":
        return parse_page(self.root / page)

    def kind(self, page: str) -> str:
        return self.document(page).kind

    def pages_by_kind(self) -> dict[str, list[str]]:
        kinds: dict[str, list[str]] = {}
        for page in self.pages():
            kinds.setdefault(self.kind(page), []).append(page)
        return kinds

    def representative_pages(self) -> dict[str, str]:
        """One page per kind: the largest, so the richest example of that kind is looked at."""
        return {
            kind: max(pages, key=lambda p: ((self.root / p).stat().st_size, p))
            for kind, pages in sorted(self.pages_by_kind().items())
        }

    def catalog_pages(self) -> list[str]:
        return self.pages_by_kind().get("catalog", [])


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def folder_server(folder: Path) -> Iterator[str]:
    """A web server of its own for `folder`, on a free loopback port: its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def published(folder: Path, mode: str) -> Iterator[PublishedSite]:
    """`folder` opened from disk (mode "file") or through `folder_server` ("http")."""
    if mode == "file":
        yield PublishedSite(folder, folder.as_uri() + "/", "file")
        return
    with folder_server(folder) as base_url:
        yield PublishedSite(folder, base_url, "http")


@dataclass(frozen=True)
class Reference:
    tag: str
    attribute: str
    value: str
    line: int


@dataclass(frozen=True)
class SummaryProblem:
    line: int
    problem: str


@dataclass
class PageDocument:
    kind: str
    ids: set[str]
    references: list[Reference]
    summary_problems: list[SummaryProblem]
    summary_count: int


# Attributes that name another resource; srcset holds a list of them.
_URL_ATTRIBUTES = {"href", "src", "srcset", "poster", "data", "action", "formaction"}
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6", "hgroup"}
_INTERACTIVE = {"a", "button", "input", "select", "textarea", "details", "label", "iframe"}


class _PageReader(HTMLParser):
    """Collects ids, references and <summary> content in one pass over the markup.

    A forgiving tokenizer is enough here: the Nu checker is the authority on whether the
    markup is well formed; these rules only need start tags, attributes and text.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.kind = "page"
        self.ids: set[str] = set()
        self.references: list[Reference] = []
        self.summary_problems: list[SummaryProblem] = []
        self._summary_depth = 0
        self._summary_line = 0
        self._summary_text = ""
        self.summary_count = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        if tag == "body":
            match = re.search(r"\bpage-([\w-]+)", values.get("class", ""))
            if match:
                self.kind = match.group(1)
        for name, value in values.items():
            if name in _URL_ATTRIBUTES and value.strip():
                if name == "srcset":
                    for candidate in value.split(","):
                        if candidate.strip():
                            self.references.append(Reference(tag, name, candidate.split()[0], line))
                elif not (tag == "link" and "preconnect" in values.get("rel", "")):
                    self.references.append(Reference(tag, name, value.strip(), line))
        if self._summary_depth:
            if tag in _HEADINGS or values.get("role") == "heading":
                self.summary_problems.append(SummaryProblem(line, f"a heading <{tag}> inside <summary>"))
            if tag in _INTERACTIVE or values.get("tabindex") is not None:
                self.summary_problems.append(
                    SummaryProblem(line, f"an interactive <{tag}> inside <summary>: it holds text, not links or controls")
                )
            if tag == "summary":
                self._summary_depth += 1
        elif tag == "summary":
            self.summary_count += 1
            self._summary_depth = 1
            self._summary_line = line
            self._summary_text = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "summary" and self._summary_depth:
            self._summary_depth -= 1
            if not self._summary_depth and not self._summary_text.strip():
                self.summary_problems.append(SummaryProblem(self._summary_line, "a <summary> with no text"))

    def handle_data(self, data: str) -> None:
        if self._summary_depth:
            self._summary_text += data


def parse_markup(markup: str) -> PageDocument:
    reader = _PageReader()
    reader.feed(markup)
    reader.close()
    return PageDocument(reader.kind, reader.ids, reader.references, reader.summary_problems, reader.summary_count)


@functools.lru_cache(maxsize=None)
def parse_page(path: Path) -> PageDocument:
    return parse_markup(path.read_text(encoding="utf-8", errors="replace"))


_CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


def stylesheet_references(path: Path) -> list[Reference]:
    # Comments are blanked line for line so that reported line numbers stay right.
    text = re.sub(
        r"/\*.*?\*/",
        lambda comment: "\n" * comment.group(0).count("\n"),
        path.read_text(encoding="utf-8", errors="replace"),
        flags=re.S,
    )
    references = []
    for match in _CSS_URL.finditer(text):
        value = match.group(2) or match.group(4)
        line = text.count("\n", 0, match.start()) + 1
        references.append(Reference("css", "url", value.strip(), line))
    return references
