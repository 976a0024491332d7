"""Printing and the outline controls of catalog pages, from disk and over HTTP.

Printing: pages are printed to PDF by Chromium (DevTools' Page.printToPDF, which sends the
page `beforeprint` and `afterprint` as a print dialog does) and read back with `pdftotext`.
Every item's title must be on paper, taken from the content (Content/), not from the page;
the header, the panel, the outline controls and the footer must not. A filtered view prints
what it shows, with a line saying which filters apply. Without JavaScript the page prints
as it is shown: the titles of every group, and the rows of the open ones.

Outline controls: each section with groups that are not exclusive gets "Expand all" and
"Collapse all" buttons, named with the section's title, shown from the first paint when the
script runs and not at all without it. A link, a hashchange or a search result leading to a
row in a closed group opens the groups around it, rows the filter has not written yet
included; once the page is idle every row the filter shows is in the page (not `hidden`),
so find-in-page reaches rows in closed groups.
"""

from __future__ import annotations

import base64
import re
import subprocess
import time
import unicodedata
from pathlib import Path
from urllib.parse import quote

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_checks as checks
from test_site_search import content_items


# ---------- Paper ----------

def normal(text: str) -> str:
    """Text as compared on paper: compatibility forms (ligatures), straight quotes, one space."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.replace("\u00ad", "").split())


def print_to_pdf(driver, destination: Path) -> str:
    """Prints the page as Chromium's print dialog would (A4, backgrounds off) and returns the
    PDF's text; the PDF is kept for looking at."""
    result = driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69,
                                                        "printBackground": False})
    destination.parent.mkdir(parents=True, exist_ok=True)
    destination.write_bytes(base64.b64decode(result["data"]))
    text = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(destination), "-"], capture_output=True,
                          text=True, check=True).stdout
    # A word cut at its hyphen at the end of a line is one word again.
    return re.sub(r"(\w)- (?=\w)", r"\1-", normal(text))


def pdf_page_texts(path: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return [normal(page) for page in text.split("\f")]


def pdf_images(path: Path) -> int:
    listing = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True, check=True).stdout
    return max(0, len(listing.strip().splitlines()) - 2)


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))


def catalog_titles(catalog_page: str) -> list[str]:
    catalog = Path(catalog_page).parts[0]
    return [item["title"] for item in content_items() if item["catalog"] == catalog]


# What must not be on paper: the words of the page's controls and chrome, read from the page,
# less those its printed content holds too (a catalog's title is also a link in the header).
_CHROME = """
const texts = new Set();
const add = text => { text = (text || '').replace(/\\s+/g, ' ').trim(); if (text) texts.add(text); };
document.querySelectorAll('.skip-link, .site-header a, .site-header summary > span, .site-footer, '
  + '#catalog-panel legend, #catalog-panel .sort-label, #catalog-panel option, #catalog-panel .facet-toggle, '
  + '#catalog-panel .facet-clear, #catalog-panel .facet-value, .pager .pager-label, .back, '
  + '.outline-controls button').forEach(element => {
  const copy = element.cloneNode(true);
  copy.querySelectorAll('.visually-hidden, .facet-active, .count, .facet-fold').forEach(hidden => hidden.remove());
  add(copy.textContent);
});
const main = document.querySelector('main').cloneNode(true);
main.querySelectorAll('script, #catalog-panel, .outline-controls, .pager, .back, .print-note').forEach(e => e.remove());
return {texts: [...texts], content: main.textContent};
"""


def chrome_on_paper(driver, text: str) -> list[str]:
    # The print header names the site on purpose: that line is not navigation.
    site_name = driver.execute_script("const s = document.querySelector('.print-header .print-site'); return s ? s.textContent : ''")
    if site_name.strip():
        text = text.replace(normal(site_name), "")
    found = driver.execute_script(_CHROME)
    content = normal(found["content"])
    return [chrome for chrome in map(normal, found["texts"])
            if not re.search(r"\b" + re.escape(chrome) + r"\b", content) and re.search(r"\b" + re.escape(chrome) + r"\b", text)]


def pdf_path(artifacts: Path, site, page: str, suffix: str = "") -> Path:
    return artifacts / "print" / site.mode / (page.replace("/", "_").removesuffix(".html") + suffix + ".pdf")


def test_printed_catalog_has_every_title_and_no_controls(driver, site, catalog_page, artifacts):
    checks.open_page(driver, site.url(catalog_page))
    path = pdf_path(artifacts, site, catalog_page)
    text = print_to_pdf(driver, path)
    titles = catalog_titles(catalog_page)
    assert titles, f"{catalog_page}: no items in Content/ for it"
    missing = [title for title in titles if normal(title) not in text]
    assert not missing, f"{catalog_page}: titles not on paper: {missing}"
    chrome = chrome_on_paper(driver, text)
    assert not chrome, f"{catalog_page}: controls or navigation on paper: {chrome}"
    # Rows keep their secondary line and thumbnail.
    rows = driver.execute_script("""
      return [...document.querySelectorAll('.catalog .row')].map(row => ({
        secondary: (row.querySelector('.row-secondary') || {textContent: ''}).textContent,
        thumbnail: row.querySelector('img.thumbnail') ? row.querySelector('img.thumbnail').getAttribute('src') : ''}));""")
    # The start of each secondary line (a long one is cut after two lines).
    cut = [r["secondary"] for r in rows if r["secondary"] and normal(r["secondary"])[:24] not in text]
    assert not cut, f"{catalog_page}: secondary lines not on paper: {cut[:5]}"
    thumbnails = {r["thumbnail"] for r in rows if r["thumbnail"]}
    assert pdf_images(path) >= len(thumbnails), f"{catalog_page}: fewer images on paper than the {len(thumbnails)} thumbnails"
    # The groups opened for printing are closed again afterwards.
    still_open = driver.execute_script(
        "return [...document.querySelectorAll('.catalog details[open]')].map(d => d.id || d.className)")
    checks.open_page(driver, site.url(catalog_page))
    open_on_arrival = driver.execute_script(
        "return [...document.querySelectorAll('.catalog details[open]')].map(d => d.id || d.className)")
    assert still_open == open_on_arrival, f"{catalog_page}: after printing, open groups are {still_open}, not {open_on_arrival}"


def test_a_long_section_starts_a_new_page(driver, site, artifacts):
    """The example's sections are shorter than a page (SitePresenter.longSectionItems), so
    the class the presenter gives a long one is put on the second section here."""
    page = "pets/index.html"
    checks.open_page(driver, site.url(page))
    title = driver.execute_script("""
      const section = document.querySelectorAll('.catalog .section')[1];
      section.classList.add('is-long');
      return section.querySelector('.section-header .anchor').textContent.trim();""")
    path = pdf_path(artifacts, site, page, "-long")
    print_to_pdf(driver, path)
    starts = [text[:len(title)] for text in pdf_page_texts(path)]
    assert title in starts, f"no page starts with the long section {title!r}: pages start {starts}"


def test_printed_catalog_without_javascript_is_the_page_as_shown(driver, site, catalog_page, artifacts):
    with checks.without_javascript(driver):
        checks.open_page(driver, site.url(catalog_page), settle=False)
        shown = driver.execute_script(checks.IS_SHOWN + """
          return [...document.querySelectorAll('.catalog .row-title, .catalog .group-title, .section-header .anchor')]
            .filter(isShown).map(title => title.textContent.trim());""")
        text = print_to_pdf(driver, pdf_path(artifacts, site, catalog_page, "-no-js"))
        chrome = chrome_on_paper(driver, text)
    assert shown, f"{catalog_page}: nothing shown without JavaScript"
    # Casefolded: a caption may be in capitals (appearance: grouped).
    missing = [title for title in shown if normal(title).casefold() not in text.casefold()]
    assert not missing, f"{catalog_page} without JavaScript: titles shown but not on paper: {missing}"
    assert not chrome, f"{catalog_page} without JavaScript: navigation on paper: {chrome}"


def _shown_titles(driver) -> tuple[list[str], list[str]]:
    return tuple(driver.execute_script("""
      const present = element => { for (let e = element; e; e = e.parentElement) if (e.hidden) return false; return true; };
      const rows = [...document.querySelectorAll('.catalog .row')];
      const title = row => row.querySelector('.row-title').textContent.trim();
      return [rows.filter(present).map(title), rows.filter(r => !present(r)).map(title)];"""))


def test_a_filtered_catalog_prints_what_it_shows_and_says_so(driver, site, artifacts):
    page = "pets/index.html"
    checks.open_page(driver, site.url(page) + "?species=cat")
    shown, hidden = _shown_titles(driver)
    assert shown and hidden, "?species=cat should show some pets and hide others"
    text = print_to_pdf(driver, pdf_path(artifacts, site, page, "-cats"))
    assert not [t for t in shown if normal(t) not in text], f"shown rows not on paper: {[t for t in shown if normal(t) not in text]}"
    # A title shown twice (the adopted section) may be both shown and hidden; only ones never shown must be absent.
    absent = [t for t in hidden if t not in shown]
    assert not [t for t in absent if re.search(r"\b" + re.escape(normal(t)) + r"\b", text)], "rows the filter hides are on paper"
    status = driver.execute_script("return document.getElementById('catalog-status').textContent")
    assert "Filtered by Species: Cat." in text and normal(status) in text, f"no line saying which filters apply in: {text[:400]}"


def test_printing_writes_rows_the_filter_left_for_later(driver, site, artifacts):
    """Rows in closed groups are brought up to date late (idle time); printing must not wait."""
    page = "pets/index.html"
    checks.open_page(driver, site.url(page))
    pending_row(driver)
    text = print_to_pdf(driver, pdf_path(artifacts, site, page, "-pending"))
    missing = [title for title in catalog_titles(page) if normal(title) not in text]
    assert not missing, f"titles not on paper after clearing a filter: {missing}"
    assert "Filtered by" not in text


def test_printed_item_pages_have_photo_fields_and_no_navigation(driver, site, artifacts):
    pages = [p for p in site.pages() if p.startswith("pets/") and p.count("/") == 3]
    assert pages, "no pet pages"
    with_photo = [p for p in pages if 'class="item-image"' in (site.root / p).read_text(encoding="utf-8")][:1]
    with_gallery = [p for p in pages if 'class="gallery"' in (site.root / p).read_text(encoding="utf-8")][:1]
    for page in with_photo + with_gallery:
        checks.open_page(driver, site.url(page))
        facts = driver.execute_script("""
          return {title: document.querySelector('.item-header h1').textContent,
                  fields: [...document.querySelectorAll('.fields .field')].map(f => [f.querySelector('dt').textContent, f.querySelector('dd').textContent]),
                  photos: document.querySelectorAll('.item-picture img, .gallery-slide img').length};""")
        path = pdf_path(artifacts, site, page)
        text = print_to_pdf(driver, path)
        assert normal(facts["title"]) in text, f"{page}: the title is not on paper"
        missing = [f"{label}: {value}" for label, value in facts["fields"]
                   if normal(label) not in text and normal(label).upper() not in text or normal(value) not in text]
        assert not missing, f"{page}: fields not on paper: {missing}"
        assert pdf_images(path) >= facts["photos"], f"{page}: {facts['photos']} photos, fewer on paper"
        chrome = chrome_on_paper(driver, text)
        assert not chrome, f"{page}: navigation on paper: {chrome}"


# ---------- Outline controls ----------

_SECTIONS = """
return [...document.querySelectorAll('.catalog .section')].map(section => {
  const title = section.querySelector('.section-header .anchor');
  const groups = [...section.querySelectorAll('details')];
  const buttons = [...section.querySelectorAll('.outline-controls button')];
  return {
    title: title ? title.textContent.trim() : '',
    groups: groups.length, exclusive: groups.some(d => d.hasAttribute('name')),
    open: groups.filter(d => d.open).length,
    buttons: buttons.map(b => ({text: b.textContent.replace(/\\s+/g, ' ').trim(),
                                shown: b.getClientRects().length > 0, type: b.type})),
  };
});
"""


def test_each_section_with_groups_has_expand_and_collapse_all(driver, site, catalog_page):
    checks.open_page(driver, site.url(catalog_page))
    sections = driver.execute_script(_SECTIONS)
    failures = []
    for index, section in enumerate(sections):
        name = section["title"] or f"section {index + 1}"
        if not section["groups"] or section["exclusive"]:
            if any(b["shown"] for b in section["buttons"]):
                failures.append(f"{name}: buttons shown with no groups to open, or exclusive ones")
            continue
        expected = [f"Expand all in {section['title']}", f"Collapse all in {section['title']}"] if section["title"] \
            else ["Expand all", "Collapse all"]
        got = [b["text"] for b in section["buttons"] if b["shown"] and b["type"] == "button"]
        if got != expected:
            failures.append(f"{name}: buttons {got}, expected {expected}")
    assert not failures, f"{catalog_page}: " + "; ".join(failures)
    assert any(s["buttons"] for s in sections) or not any(s["groups"] and not s["exclusive"] for s in sections)


def test_expand_all_and_collapse_all_by_mouse_and_keyboard(driver, site):
    page = "pets/index.html"
    checks.open_page(driver, site.url(page))
    sections = driver.find_elements(By.CSS_SELECTOR, ".catalog .section.has-outline-controls")
    assert sections, "no section with outline controls on the pets page"
    for section in sections:
        expand = section.find_element(By.CSS_SELECTOR, ".outline-expand")
        collapse = section.find_element(By.CSS_SELECTOR, ".outline-collapse")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", expand)
        expand.click()
        state = driver.execute_script("return [...arguments[0].querySelectorAll('details')].map(d => d.open)", section)
        assert all(state), f"Expand all left groups closed: {state}"
        collapse.click()
        state = driver.execute_script("return [...arguments[0].querySelectorAll('details')].map(d => d.open)", section)
        assert not any(state), f"Collapse all left groups open: {state}"
    # Keyboard: Tab reaches the first section's buttons, Enter and Space press them, focus shows.
    first = sections[0]
    expand = first.find_element(By.CSS_SELECTOR, ".outline-expand")
    driver.execute_script("arguments[0].focus()", expand)
    expand.send_keys(Keys.ENTER)
    assert all(driver.execute_script("return [...arguments[0].querySelectorAll('details')].map(d => d.open)", first))
    expand.send_keys(Keys.TAB)
    collapse = driver.switch_to.active_element
    assert collapse.get_attribute("class") == "outline-collapse", "Tab from Expand all does not reach Collapse all"
    assert driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", collapse) != "none", \
        "the focused button shows no focus outline"
    collapse.send_keys(Keys.SPACE)
    assert not any(driver.execute_script("return [...arguments[0].querySelectorAll('details')].map(d => d.open)", first))


def test_outline_controls_need_javascript_and_move_nothing(driver, site):
    page = "pets/index.html"
    with checks.without_javascript(driver):
        checks.open_page(driver, site.url(page), settle=False)
        shown = driver.execute_script(
            "return [...document.querySelectorAll('.outline-controls button')].filter(b => b.getClientRects().length).length")
    assert shown == 0, "outline controls show without JavaScript"
    # With the script: the controls are in place from the first paint, so nothing moves when
    # catalog.js runs: the page has no layout shift at all.
    checks.open_page(driver, site.url(page))
    shifts = driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const found = [];
      new PerformanceObserver(list => list.getEntries().forEach(e => found.push(
        {value: e.value, sources: (e.sources || []).map(s => s.node ? (s.node.className || s.node.nodeName) : '?')})))
        .observe({type: 'layout-shift', buffered: true});
      setTimeout(() => done(found), 100);""")
    # A shift a visitor could see scores in hundredths (a 40 px control bar pushing the list
    # down on an 800 px window is about 0.05); Chromium also reports sub-pixel rounding of
    # about 1e-6 with no element named, now and then, which no one sees.
    visible = [s for s in shifts if s["value"] >= 0.001]
    assert not visible, f"layout shifts on load: {shifts}"


# ---------- Opening the groups around a target ----------

_TARGET_STATE = checks.IS_SHOWN + """
const row = document.getElementById(arguments[0]);
const closed = [];
for (let d = row.parentElement.closest('details'); d; d = d.parentElement.closest('details'))
  if (!d.open) closed.push(d.id);
const box = row.getBoundingClientRect();
return {closed, shown: isShown(row), inView: box.bottom > 0 && box.top < innerHeight};
"""


def target_failures(driver, row_id: str, how: str, settle_seconds: float = 2.0) -> list[str]:
    # A hashchange is a task of its own, and the browser's own scrolling to a fragment comes
    # and goes around it: what a reader is left with counts, so the state is asked again
    # until it holds or the time is up.
    deadline = time.monotonic() + settle_seconds
    state = driver.execute_script(_TARGET_STATE, row_id)
    while (state["closed"] or not state["shown"] or not state["inView"]) and time.monotonic() < deadline:
        time.sleep(0.05)
        state = driver.execute_script(_TARGET_STATE, row_id)
    if state["closed"]:
        return [f"{how}: groups around #{row_id} stay closed: {state['closed']}"]
    if not state["shown"]:
        return [f"{how}: #{row_id} is not shown"]
    if not state["inView"]:
        return [f"{how}: #{row_id} is not scrolled into view"]
    return []


# Leaves a row of a group closed on arrival hidden although it is to show (the filter writes
# rows of closed groups late): filter to the title of a neighbour in its group, which hides
# the row, close every group, clear the filter.
_PENDING_ROW = """
const box = document.getElementById('filter-query');
const filter = text => { box.value = text; box.dispatchEvent(new Event('input', {bubbles: true})); };
for (const row of document.querySelectorAll('.catalog details:not([name]):not([open]) > .outline > .row')) {
  const other = [...row.parentElement.children].find(r => r !== row && r.classList.contains('row'));
  if (!other) continue;
  filter(other.querySelector('.row-title').textContent.trim());
  const hiddenWhileFiltered = row.hidden;
  document.querySelectorAll('.catalog details').forEach(d => d.open = false);
  filter('');
  if (hiddenWhileFiltered && row.hidden) return {id: row.id, hiddenWhileFiltered, hiddenNow: row.hidden};
}
return {id: null};
"""


def pending_row(driver) -> str:
    row = driver.execute_script(_PENDING_ROW)
    assert row["id"], "the check needs a row of a closed group left hidden after clearing the filter"
    return row["id"]


def test_a_hashchange_opens_the_groups_around_a_row_the_filter_left_for_later(driver, site):
    page = "pets/index.html"
    checks.open_page(driver, site.url(page))
    row_id = pending_row(driver)
    driver.execute_script("location.hash = '#' + encodeURIComponent(arguments[0]).replace(/%2F/g, '/')", row_id)
    assert not target_failures(driver, row_id, "hashchange")


def test_a_link_to_a_row_in_a_closed_group_opens_it_also_at_the_same_address(driver, site):
    page = "pets/index.html"
    checks.open_page(driver, site.url(page))
    row_id = pending_row(driver)
    link = driver.execute_script("""
      const link = document.createElement('a');
      link.href = '#' + arguments[0];
      link.textContent = 'to the row';
      link.id = 'test-link';
      document.querySelector('.page-header').appendChild(link);
      return link;""", row_id)
    driver.execute_script("arguments[0].scrollIntoView()", link)
    link.click()
    assert not target_failures(driver, row_id, "a link")
    # Again, with the address holding that fragment already: no hashchange this time.
    driver.execute_script("document.querySelectorAll('.catalog details').forEach(d => d.open = false); scrollTo(0, 0)")
    link.click()
    assert not target_failures(driver, row_id, "a link to the address's own fragment")


def test_a_search_result_on_the_page_opens_the_groups_around_its_row(driver, site):
    """search.js leads to item pages; a result whose page is a row of the catalog open now
    (an index entry `/pets/index.html#row`) opens its groups, also when the address is it."""
    page = "pets/index.html"
    checks.open_page(driver, site.url(page))
    row_id = driver.execute_script(
        "return document.querySelector('.catalog details:not([open]):not([name]) .row').id")
    # A shard for `pets` handed in before the real one loads, holding one entry for the row.
    driver.execute_script("""
      foldoutSearchShard({v: 1, id: 'pets', title: 'Pets', trails: ['Pets\\t'], strings: [],
                          items: ['Zanzibar quokka\\t0\\t/pets/index.html#' + arguments[0]], words: '', postings: ''});""",
                          row_id)
    box = driver.find_element(By.ID, "site-search")
    for how in ("a search result", "a search result at the address's own fragment"):
        driver.execute_script("document.querySelectorAll('.catalog details').forEach(d => d.open = false); scrollTo(0, 0)")
        box.click()
        box.clear()
        box.send_keys("quokka")
        checks.wait_for(lambda: driver.execute_script(
            "return document.querySelectorAll('#site-search-results [role=option]').length") > 0)
        box.send_keys(Keys.ENTER)
        checks.wait_for(lambda: not driver.execute_script(_TARGET_STATE, row_id)["closed"])
        assert not target_failures(driver, row_id, how)


def test_rows_are_in_the_page_for_find_in_page_once_idle(driver, site):
    """Chromium opens a closed <details> when find-in-page matches text in it, if the text is
    there: a row the filter is to show must not stay `hidden` for long in a closed group."""
    page = "pets/index.html"
    checks.open_page(driver, site.url(page))
    row_id = pending_row(driver)
    checks.wait_for(lambda: driver.execute_script(
        "return [...document.querySelectorAll('.catalog .row')].every(r => !r.hidden)"), seconds=3)
    # window.find searches the text as find-in-page does (without opening the group): a row
    # in a closed group is found, one that is `hidden` is not.
    state = driver.execute_script("""
      const row = document.getElementById(arguments[0]);
      getSelection().removeAllRanges();
      return {closed: !row.closest('details').open,
              found: window.find(row.querySelector('.row-title').textContent.trim(), true)};""", row_id)
    assert state["closed"], "the row's group should still be closed"
    assert state["found"], f"#{row_id}, in a closed group, is not found in the page's text"
