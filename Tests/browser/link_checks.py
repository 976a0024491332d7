"""Every href and src of a page must lead somewhere, under the rules of the way it is opened.

From disk, a link is a file path: relative, inside the site, naming a file (a folder shows a
directory listing or nothing). Over HTTP, a link is a request: the server must answer 200
without redirecting. In both, a #fragment must be an id in the target page.
"""

from __future__ import annotations

import http.client
import os
from pathlib import Path
from urllib.parse import quote, unquote, urljoin, urlsplit, urlunsplit

from published_site import PageDocument, PublishedSite, Reference, parse_markup, parse_page, stylesheet_references

# Schemes that leave the site: a browser hands them to other programs or the network,
# and this machine has no network, so they are not followed.
_OUTSIDE_SCHEMES = {"http", "https", "mailto", "tel", "data", "sms"}


def references_of(site: PublishedSite, path: str) -> list[Reference]:
    file = site.root / path
    if file.suffix == ".css":
        return stylesheet_references(file)
    return parse_page(file).references


def _fragment_found(fragment: str, document: PageDocument) -> bool:
    # Browsers try the fragment as written, then percent-decoded.
    return fragment in document.ids or unquote(fragment) in document.ids


def file_link_failures(site: PublishedSite, path: str) -> list[str]:
    failures = []
    root = site.root.resolve()
    source = (site.root / path).resolve()
    for ref in references_of(site, path):
        where = f"{path}:{ref.line}: <{ref.tag} {ref.attribute}=\"{ref.value}\">"
        parts = urlsplit(ref.value)
        if parts.scheme:
            if parts.scheme.lower() not in _OUTSIDE_SCHEMES:
                failures.append(f"{where} uses the {parts.scheme}: scheme, which does not work from disk")
            continue
        if parts.netloc:
            failures.append(f"{where} is protocol-relative (//host), which means file://host from disk")
            continue
        if parts.path.startswith("/"):
            failures.append(f"{where} is rooted at /, which means the file-system root from disk")
            continue
        target = Path(os.path.normpath(source.parent / unquote(parts.path))) if parts.path else source
        if target != root and root not in target.parents:
            failures.append(f"{where} leads outside the site folder")
        elif not target.exists():
            failures.append(f"{where}: no such file {target.relative_to(root).as_posix()}")
        elif target.is_dir():
            failures.append(f"{where} names a folder, not a file")
        elif parts.fragment:
            if target.suffix != ".html":
                failures.append(f"{where} has a #fragment into a file that is not a page")
            elif not _fragment_found(parts.fragment, parse_page(target)):
                failures.append(f"{where}: no id \"{unquote(parts.fragment)}\" in {target.relative_to(root).as_posix()}")
    return failures


class HttpFetcher:
    """GETs each URL once per run; redirects are not followed, since a link should name the file."""

    def __init__(self) -> None:
        self._answers: dict[str, tuple[int, str, bytes]] = {}

    def get(self, url: str) -> tuple[int, str, bytes]:
        if url not in self._answers:
            parts = urlsplit(url)
            target = quote(parts.path or "/", safe="/%:@!$&'()*+,;=-._~")
            if parts.query:
                target += "?" + parts.query
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
            try:
                connection.request("GET", target)
                response = connection.getresponse()
                self._answers[url] = (response.status, response.getheader("Content-Type", ""), response.read())
            finally:
                connection.close()
        return self._answers[url]


def http_link_failures(site: PublishedSite, path: str, fetcher: HttpFetcher) -> list[str]:
    failures = []
    source_url = site.url(path)
    origin = urlsplit(source_url).netloc
    for ref in references_of(site, path):
        where = f"{path}:{ref.line}: <{ref.tag} {ref.attribute}=\"{ref.value}\">"
        scheme = urlsplit(ref.value).scheme.lower()
        if scheme and scheme not in {"http", "https"}:
            continue
        absolute = urlsplit(urljoin(source_url, ref.value))
        if absolute.netloc != origin:
            continue
        resource = urlunsplit(absolute._replace(fragment=""))
        status, content_type, body = fetcher.get(resource)
        if status != 200:
            failures.append(f"{where}: GET {resource} answered {status}")
        elif absolute.fragment:
            if not content_type.startswith("text/html"):
                failures.append(f"{where} has a #fragment into a {content_type or 'typeless'} response")
            elif not _fragment_found(absolute.fragment, parse_markup(body.decode("utf-8", "replace"))):
                failures.append(f"{where}: no id \"{unquote(absolute.fragment)}\" in {resource}")
    return failures
