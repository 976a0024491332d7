"""What keeps a long catalog page quick to show and to sort (docs/benchmarks-browser.md, "What
made 10,000 rows fast"), checked on the example site, from disk and over HTTP:

- The JSON-LD comes after the page's content: a catalog's lists every item (a megabyte at
  10,000), and in <head> it held back the first paint.
- No stylesheet rule puts a `:has()` on <html> or <body> that looks below their children:
  Chromium keeps such a rule up to date by noting a change to <html> for every node added
  or removed anywhere in the page (a sort that moves 200 rows made 600 of them).
- What the :has() did stays: with scripts, a catalog page leaves more room above an anchor
  (the sticky filter box) than another page does.
"""

from __future__ import annotations

import re
from pathlib import Path

import browser_checks as checks

REPOSITORY = Path(__file__).resolve().parent.parent.parent

# A selector whose subject is html, :root or body, with a :has() whose argument is not just
# a child (`> …`) or a sibling (`+ …`, `~ …`) of it.
_WHOLE_PAGE_HAS = re.compile(r"(?:^|(?<=[\s,>+~]))(?:html|:root|body)(?:[.#\[:][^\s,{]*?)?:has\(\s*(?![>+~])", re.MULTILINE)


def test_json_ld_comes_after_the_content(site_files, catalog_page):
    html = (site_files.root / catalog_page).read_text(encoding="utf-8")
    scripts = [m.start() for m in re.finditer(r'<script type="application/ld\+json">', html)]
    assert scripts, f"{catalog_page} has no JSON-LD"
    end_of_main = html.find("</main>")
    assert end_of_main != -1, f"{catalog_page} has no </main>"
    early = [at for at in scripts if at < end_of_main]
    assert not early, f"{catalog_page}: JSON-LD before the end of <main> (at byte {early[0]}), which holds back the first paint"


def test_no_has_on_the_whole_page_in_the_stylesheets():
    found = []
    for sheet in sorted((REPOSITORY / "Templates" / "assets").glob("*.css")):
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), sheet.read_text(encoding="utf-8"), flags=re.DOTALL)
        for match in _WHOLE_PAGE_HAS.finditer(text):
            found.append(f"{sheet.name}:{text.count(chr(10), 0, match.start()) + 1}: {match.group(0).strip()}…")
    assert not found, "a :has() on <html> or <body> that looks through the whole page:\n" + "\n".join(found)


_SCROLL_PADDING = "return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;"


def test_catalog_pages_leave_room_for_the_filter_box(driver, site, catalog_page):
    checks.open_page(driver, site.url(catalog_page))
    on_catalog = driver.execute_script(_SCROLL_PADDING)
    checks.open_page(driver, site.url("index.html"))
    elsewhere = driver.execute_script(_SCROLL_PADDING)
    assert on_catalog > elsewhere, (
        f"{catalog_page} leaves {on_catalog:.0f} px above an anchor, the home page {elsewhere:.0f} px: "
        "the sticky filter box would cover what a link leads to")
