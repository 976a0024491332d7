"""The filter box of every catalog page (Templates/assets/catalog.js), from disk and over HTTP:
what test_example_site.py's filter check leaves out.

What a query should show is worked out from the page itself and the contract in
docs/content.md ("The filter box"): a row stays while every word typed is in its title,
secondary line, badges or tags, or in the title of a section or group around it; groups
holding such rows open; clearing the box brings back the groups as they were. While the box
holds words, each item is one result: rows of query sections (`.section.is-query`) step aside,
items the catalog does not list (`unlisted` in #catalog-data) stay out, an item shows when it or
one of its sub-pages matches, and a sub-page's item's title counts as a title around it
(test_catalog_results.py checks these against the content).
"""

from __future__ import annotations

import unicodedata
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_checks as checks

# The catalog as a filter sees it, and what is shown of it now. Class names as in
# docs/templates.md: rows `.row`, groups `details` (`.group-title`), sections `.section`
# (`.section-header .anchor`).
_CATALOG = checks.IS_SHOWN + """
const catalog = document.querySelector('.catalog');
const text = (element, selector) => { const found = element.querySelector(selector); return found ? found.textContent : ''; };
const titleOf = element => element.tagName === 'DETAILS'
  ? text(element, ':scope > summary .group-title') : text(element, '.section-header .anchor');
const rows = [...catalog.querySelectorAll('.row')];
const indices = element => [...element.querySelectorAll('.row')].map(row => rows.indexOf(row));
let data = {};
try { data = JSON.parse(document.getElementById('catalog-data').textContent); } catch (error) {}
const rowItem = [];
(data.rows || []).forEach(run => { for (let k = 0; k < run[1]; k++) rowItem.push(run[0] + k); });
const entryOf = {};
(data.pages || []).forEach(run => { for (let k = 1; k <= run[1]; k++) entryOf[run[0] + k] = run[0]; });
const unlisted = new Set(data.unlisted || []);
return {
  rows: rows.map((row, index) => {
    const around = [];
    for (let e = row.parentElement; e !== catalog; e = e.parentElement)
      if (e.tagName === 'DETAILS' || e.classList.contains('section')) around.push(titleOf(e));
    const parentRow = row.parentElement.closest('.row');
    if (parentRow) around.push(text(parentRow, '.row-title'));
    const item = rowItem.length === rows.length ? rowItem[index] : -1;
    return {id: row.id, title: text(row, '.row-title').trim(),
            own: [text(row, '.row-title'), text(row, '.row-secondary'), ...[...row.querySelectorAll(':scope > .row-link .badge')].map(badge => badge.textContent)].join(' '),
            tags: (row.getAttribute('data-tags') || '').split(',').map(tag => tag.trim()).filter(Boolean),
            around, parent: parentRow ? rows.indexOf(parentRow) : -1, query: !!row.closest('.section.is-query'),
            unlisted: unlisted.has(item in entryOf ? entryOf[item] : item), shown: isShown(row)};
  }),
  groups: [...catalog.querySelectorAll('details')].map(d => ({
    id: d.id, open: d.open, name: d.getAttribute('name'), shown: isShown(d), rows: indices(d)})),
  containers: [...catalog.querySelectorAll('details, .section')].map(e => ({
    title: titleOf(e).trim(), rows: indices(e), query: !!e.closest('.section.is-query')})).filter(container => container.title),
};
"""


def read_catalog(driver) -> dict:
    return driver.execute_script(_CATALOG)


def fold(text: str) -> str:
    """Case, accents and runs of white space do not count (as the contract says of typing)."""
    decomposed = unicodedata.normalize("NFD", text)
    plain = "".join(c for c in decomposed if not "\u0300" <= c <= "\u036f")
    return " ".join(plain.lower().split())


def row_matches(row: dict, query: str) -> bool:
    searchable = fold(" ".join([row["own"], *row["tags"], *row["around"]]))
    return all(word in searchable for word in fold(query).split())


def expected_rows(catalog: dict, query: str) -> list[bool]:
    """Which rows a query shows: results only (see the top of this file)."""
    rows = catalog["rows"]
    hits = [row_matches(row, query) and not row["query"] and not row["unlisted"] for row in rows]
    shown = list(hits)
    for index, row in enumerate(rows):
        if hits[index] and row["parent"] != -1:
            shown[row["parent"]] = True
    return shown


def filtered_view_failures(catalog: dict, query: str) -> list[str]:
    expected = expected_rows(catalog, query)
    failures = []
    for row, matches in zip(catalog["rows"], expected):
        if matches and not row["shown"]:
            failures.append(f"\"{query}\": row {row['id']} matches and is not shown")
        elif row["shown"] and not matches:
            failures.append(f"\"{query}\": row {row['id']} does not match and is shown")
    for group in catalog["groups"]:
        holds_matches = any(expected[index] for index in group["rows"])
        if holds_matches and not group["open"]:
            failures.append(f"\"{query}\": group {group['id']} holds matches and stays closed")
        elif group["open"] and group["shown"] and not holds_matches:
            failures.append(f"\"{query}\": group {group['id']} holds no match and is open")
    return failures


def filter_by(driver, query: str) -> list[str]:
    """Types the query as a person would and returns how the view differs from the contract."""
    checks.type_query(driver, filter_box(driver), query)
    checks.wait_for(lambda: not filtered_view_failures(read_catalog(driver), query))
    catalog = read_catalog(driver)
    assert not all(expected_rows(catalog, query)), f"\"{query}\" hides nothing: a test that cannot fail"
    return filtered_view_failures(catalog, query)


def filter_box(driver):
    return driver.find_element(By.CSS_SELECTOR, ".catalog input[type=search]")


# Every control of the catalog's panel (and any other form control inside .catalog), with
# whether a person can see it: laid out, not inside a closed <details>.
_CONTROLS = checks.IS_SHOWN + """
const controls = [...document.querySelectorAll(
  '#catalog-panel, #catalog-panel fieldset, .catalog input, .catalog select, .catalog button, .catalog fieldset')];
return controls.map(c => ({what: c.tagName.toLowerCase() + (c.id ? '#' + c.id : '') +
                                  (c.name ? '[name=' + c.name + ']' : '') + (c.type ? '[type=' + c.type + ']' : ''),
                           shown: isShown(c)}));
"""


def test_without_javascript_no_filter_control_shows_and_the_groups_still_work(driver, site, catalog_page):
    """The panel is in the HTML but hidden until base.html marks <html> with class js: with
    JavaScript off, nothing that would do nothing is shown, and the outline works alone."""
    url = site.url(catalog_page)
    with checks.without_javascript(driver):
        checks.open_page(driver, url, settle=False)
        assert "js" not in driver.execute_script("return document.documentElement.className").split(), \
            "scripts are off, yet <html> has class js: this test would not see the page without JavaScript"
        shown = [c["what"] for c in driver.execute_script(_CONTROLS) if c["shown"]]
        failures = [f"without JavaScript, {what} is shown and can do nothing" for what in shown]
        failures += checks.summary_toggle_failures(driver, url, javascript=False)
    assert not failures, "\n".join(failures)


def test_with_javascript_the_catalog_has_exactly_one_filter_box(driver, site, catalog_page):
    """Scoped to .catalog: a site-wide search in the header (#site-search) is another box."""
    checks.open_page(driver, site.url(catalog_page))
    boxes = driver.find_elements(By.CSS_SELECTOR, ".catalog input[type=search]")
    assert len(boxes) == 1, f"{len(boxes)} search boxes in .catalog, expected exactly one"
    assert boxes[0].is_displayed(), "the filter box in .catalog is not shown, with JavaScript on"
    in_panel = driver.find_elements(By.CSS_SELECTOR, "#catalog-panel input[type=search]")
    assert in_panel == boxes, "the filter box is not in the panel (form#catalog-panel)"


def test_typing_a_row_title_shows_the_rows_that_match_and_opens_their_groups(driver, site, catalog_page):
    checks.open_page(driver, site.url(catalog_page))
    rows = read_catalog(driver)["rows"]
    # A row hidden in a closed group on arrival, so that its groups have to open.
    hidden = [row for row in rows if not row["shown"] and row["title"] and not row["unlisted"] and not row["query"]]
    assert hidden, "every row is shown on arrival: nothing here tells whether groups with matches open"
    failures = filter_by(driver, hidden[len(hidden) // 2]["title"])
    assert not failures, "\n".join(failures)


def test_typing_a_tag_shows_the_rows_with_that_tag(driver, site, catalog_page):
    checks.open_page(driver, site.url(catalog_page))
    rows = read_catalog(driver)["rows"]
    # A tag that the row's text and the titles around it do not hold: only data-tags matches.
    candidates = [
        tag for row in rows for tag in row["tags"]
        if fold(tag) not in fold(" ".join([row["own"], *row["around"]]))
    ]
    if not candidates:
        pytest.skip(f"no row of {catalog_page} has a tag that its text lacks")
    failures = filter_by(driver, candidates[len(candidates) // 2])
    assert not failures, "\n".join(failures)


def test_a_section_or_group_whose_title_matches_keeps_all_its_rows(driver, site, catalog_page):
    checks.open_page(driver, site.url(catalog_page))
    catalog = read_catalog(driver)
    rows = catalog["rows"]
    # Titles that some row below them lacks in its own text: the rows kept only by the title.
    # Query sections step aside while filtering; unlisted rows are no results.
    results = lambda container: [i for i in container["rows"] if not rows[i]["unlisted"] and not rows[i]["query"]]
    titles = [
        container["title"] for container in catalog["containers"]
        if not container["query"]
        and any(fold(container["title"]) not in fold(" ".join([rows[i]["own"], *rows[i]["tags"]])) for i in results(container))
    ]
    if not titles:
        pytest.skip(f"every row of {catalog_page} holds the titles around it in its own text")
    failures = []
    for title in dict.fromkeys(titles):
        failures += filter_by(driver, title)
        shown = read_catalog(driver)["rows"]
        for container in catalog["containers"]:
            if container["title"] == title:
                failures += [f"\"{title}\": row {shown[i]['id']} below that title is not shown"
                             for i in results(container) if not shown[i]["shown"]]
    assert not failures, "\n".join(dict.fromkeys(failures))


def _view(catalog: dict) -> tuple[list, list]:
    return ([(g["id"], g["open"], g["name"]) for g in catalog["groups"]],
            [(r["id"], r["shown"]) for r in catalog["rows"]])


def _toggle_groups_as_a_person_would(driver) -> None:
    """Closes an open group and opens closed ones (an exclusive one too, when there is one)."""
    groups = [g for g in read_catalog(driver)["groups"] if g["shown"]]
    chosen = [
        next((g for g in groups if g["open"]), None),
        next((g for g in groups if not g["open"] and g["name"]), None),
        next((g for g in groups if not g["open"] and not g["name"]), None),
    ]
    for group in filter(None, chosen):
        summary = driver.find_element(By.ID, group["id"]).find_element(By.CSS_SELECTOR, ":scope > summary")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
        summary.click()


@pytest.mark.parametrize("clear_by", ["Escape", "Backspace"])
def test_clearing_the_box_restores_the_groups_as_the_person_left_them(driver, site, catalog_page, clear_by):
    checks.open_page(driver, site.url(catalog_page))
    on_arrival = _view(read_catalog(driver))
    _toggle_groups_as_a_person_would(driver)
    before = _view(read_catalog(driver))
    assert before[0] != on_arrival[0], "toggling groups changed nothing: restoring could not be told from reloading"

    box = filter_box(driver)
    rows = read_catalog(driver)["rows"]
    checks.type_query(driver, box, rows[len(rows) // 2]["title"])
    checks.type_query(driver, box, "zqxj no such row")
    checks.wait_for(lambda: not any(row["shown"] for row in read_catalog(driver)["rows"]))
    if clear_by == "Escape":
        box.send_keys(Keys.ESCAPE)
    else:
        checks.type_query(driver, box, "")
    # The address is written a moment after the last key (catalog.js waits for typing to stop).
    checks.wait_for(lambda: _view(read_catalog(driver)) == before
                    and "q" not in parse_qs(urlsplit(driver.current_url).query), seconds=10)

    groups, rows = _view(read_catalog(driver))
    failures = [f"group {g[0]}: open={g[1]} name={g[2]!r}, before filtering open={b[1]} name={b[2]!r}"
                for g, b in zip(groups, before[0]) if g != b]
    failures += [f"row {r[0]}: shown={r[1]}, before filtering {b[1]}" for r, b in zip(rows, before[1]) if r != b]
    if box.get_attribute("value"):
        failures.append(f"{clear_by} left {box.get_attribute('value')!r} in the box")
    # The address is written in the pause after the last key.
    checks.wait_for(lambda: "q" not in parse_qs(urlsplit(driver.current_url).query))
    if "q" in parse_qs(urlsplit(driver.current_url).query):
        failures.append(f"the address still holds ?q= after clearing: {driver.current_url}")
    assert not failures, "\n".join(failures)
