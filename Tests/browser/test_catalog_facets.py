"""Facets, sorting, the address and the header of the catalog pages (Templates/assets/catalog.js,
partials/catalog-panel.html, base.html), from disk and over HTTP.

Every catalog page with facets (a `fieldset[data-facet]` in its HTML) is checked against its
content: the facet values of each item are read from the front matter of
Content/<catalog>/**/*.md and the catalog's _index.md (`facets:`, `sort_options:`), and what
the page should show is worked out from those and the contract in docs/content.md ("The
filter box, facets and sorting"), never copied from a run:

- values within one facet combine with OR, facets with AND, and the text filter with both;
- a value's count is the number of items that checking it would show: items matching every
  OTHER active facet and the text, and having that value (disjunctive counts);
- a boolean facet has Yes, No and Unknown (the field missing); `buckets: {Label: bound}`
  puts a number below the first bound it is under, `~` being the rest;
- an item shown twice (the pets' query section "Adopted pets") counts once: while filtering,
  query sections step aside; sub-pages go with their item and are counted as pages; items
  that `listed:` leaves out are no results (test_catalog_results.py checks these closely);
- a values facet has "(none)" for the items without the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import browser_checks as checks
from published_site import PublishedSite
from test_catalog_filter import fold, row_matches
from catalog_pages import (PAGE_HELPERS, CatalogContent as Catalog, Facet, click as _click, open_facet_of,
                           read_catalog_content, row_keys, sort_value, sorted_by)


# ---------- The content, as the contract reads it (catalog_pages.py) ----------

def _facet_pages(site_dir: Path) -> list[str]:
    site = PublishedSite(site_dir, site_dir.as_uri() + "/", "file")
    return [p for p in site.catalog_pages() if re.search(r"<fieldset[^>]*\bdata-facet=", (site_dir / p).read_text(encoding="utf-8"))]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "facet_page" in metafunc.fixturenames:
        site_dir = metafunc.config.getoption("--site-dir")
        metafunc.parametrize("facet_page", _facet_pages(Path(site_dir).resolve()) if site_dir else [])


def test_the_example_site_has_catalogs_with_facets(site_files):
    """Guards the checks below, which run once per page with facets, against running on none."""
    pages = _facet_pages(site_files.root)
    assert pages, "no catalog page has a fieldset[data-facet]: the facet checks below check nothing"
    for page in pages:
        catalog = read_catalog_content(page)
        assert catalog.facets and catalog.items, f"{page}: its _index.md declares no facets, or it has no items"


# ---------- The page, as a person sees it ----------

_PAGE = checks.IS_SHOWN + PAGE_HELPERS + """
const catalog = document.querySelector('.catalog');
const rows = [...catalog.querySelectorAll('li.row')];
const indices = element => [...element.querySelectorAll('li.row')].map(row => rows.indexOf(row));
return {
  rows: rows.map(row => {
    const around = [];
    for (let e = row.parentElement; e !== catalog; e = e.parentElement)
      if ((e.tagName === 'DETAILS' && !e.classList.contains('row-children')) || e.classList.contains('section'))
        around.push(titleOf(e));
    const link = row.querySelector('a.row-link');
    const parentRow = row.parentElement.closest('li.row');
    return {id: row.id, title: text(row, '.row-title').trim(), href: link ? link.href : null,
            own: [text(row, '.row-title'), text(row, '.row-secondary'), ...[...row.querySelectorAll(':scope > .row-link .badge')].map(badge => badge.textContent)].join(' '),
            tags: (row.getAttribute('data-tags') || '').split(',').map(tag => tag.trim()).filter(Boolean),
            around, parent: parentRow ? rows.indexOf(parentRow) : -1, query: !!row.closest('.section.is-query'),
            shown: isShown(row), present: present(row)};
  }),
  containers: [...catalog.querySelectorAll('details, .section')].map(e => ({
    what: e.tagName === 'DETAILS' ? (e.classList.contains('row-children') ? 'sub-pages of ' + e.parentElement.id : 'group ' + e.id)
                                  : 'section ' + titleOf(e).trim(),
    rowChildren: e.classList.contains('row-children'), count: countOf(e), rows: indices(e),
    open: e.tagName === 'DETAILS' ? e.open : null, name: e.getAttribute('name'),
    shown: present(e)})),
  options: facetOptions(),
  ranges: [...document.querySelectorAll('#catalog-panel fieldset[data-facet] input:not([type=checkbox])')].map(
    input => ({name: input.name, value: input.value})),
  query: (document.querySelector('#catalog-panel input[type=search]') || {}).value,
  sort: (document.getElementById('catalog-sort') || {}).value,
  status: statusText(),
};
"""


def read_page(driver) -> dict:
    return driver.execute_script(_PAGE)


def open_catalog(driver, site, page: str) -> tuple[Catalog, dict, list[dict]]:
    """Opens the page; returns its content, the page on arrival, and each row's item."""
    checks.open_page(driver, site.url(page))
    catalog = read_catalog_content(page)
    view = read_page(driver)
    items = [catalog.items[key] | {"_key": key} for key in row_keys(view["rows"], site.url(page), catalog)]
    # A sub-page's item's title counts as a title around it, as a group's does.
    for row in view["rows"]:
        if row["parent"] != -1:
            row["around"].append(view["rows"][row["parent"]]["title"])
    return catalog, view, items


@dataclass
class State:
    """What a person has chosen: folded labels per list facet, (low, high) per range, a query."""
    values: dict[str, set[str]] = field(default_factory=dict)
    ranges: dict[str, tuple] = field(default_factory=dict)
    query: str = ""

    @property
    def filtering(self) -> bool:
        return bool(any(self.values.values()) or self.ranges or fold(self.query))


def _passes(facet: Facet, item: dict, state: State) -> bool:
    if facet.is_list:
        chosen = state.values.get(facet.key)
        return not chosen or bool(facet.labels(item) & chosen)
    if facet.key not in state.ranges:
        return True
    value = facet.number(item)
    low, high = state.ranges[facet.key]
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def expected_view(catalog: Catalog, view: dict, items: list[dict], state: State) -> dict:
    """Rows shown, status, per-value counts and container labels that the contract calls for."""
    rows = view["rows"]
    text_match = [row_matches(row, state.query) if fold(state.query) else True for row in rows]
    # An entry matches the text when a row of it or of one of its pages does (query sections aside).
    text_items = {catalog.owner(items[i]["_key"]) for i in range(len(rows)) if text_match[i] and not rows[i]["query"]}
    passes_all = {key: all(_passes(f, catalog.items[key], state) for f in catalog.facets) for key in catalog.entries}
    results = {key for key in catalog.entries if key in text_items and passes_all[key] and catalog.is_listed(key)}
    if not state.filtering:
        matches = [True] * len(rows)
    else:
        matches = []
        for i, row in enumerate(rows):
            key = items[i]["_key"]
            owner = catalog.owner(key)
            matches.append(not row["query"] and owner in results and (key == owner or text_match[i]))
    counts = {}
    for facet in catalog.facets:
        if not facet.is_list:
            continue
        others = [f for f in catalog.facets if f is not facet]
        for key in text_items:
            item = catalog.items[key]
            if catalog.is_listed(key) and all(_passes(f, item, state) for f in others):
                for label in facet.labels(item):
                    counts[(facet.key, label)] = counts.get((facet.key, label), 0) + 1
    total = len(catalog.entries)
    visible = len(results)
    return {"matches": matches, "shown": list(matches), "counts": counts, "visible": visible,
            "status": f"{visible} of {catalog.count(total)}" if state.filtering else catalog.count(total)}


def view_failures(catalog, arrival: dict, items, state: State, now: dict, how: str) -> list[str]:
    expected = expected_view(catalog, arrival, items, state)
    failures = []
    if now["status"] != expected["status"]:
        failures.append(f"{how}: #catalog-status says {now['status']!r}, expected {expected['status']!r}")
    # Filtering opens the groups holding matches (few rows here): a match must be seen. Not
    # filtering, the groups are as the outline (or the person) left them: rows are all there.
    seen = "shown" if state.filtering else "present"
    # Rows are matched by id: sorting moves them in the page.
    should_show = {row["id"]: shown for row, shown in zip(arrival["rows"], expected["shown"])}
    matching = {row["id"] for row, match in zip(arrival["rows"], expected["matches"]) if match}
    for row in now["rows"]:
        should = should_show[row["id"]]
        # A sub-page shows with its item, its disclosure left as it is unless words found it.
        looked = "present" if row["parent"] != -1 else seen
        if should and not row[looked]:
            failures.append(f"{how}: row {row['id']} matches and is not shown")
        elif row[looked] and not should:
            failures.append(f"{how}: row {row['id']} does not match and is shown")
    for option in now["options"]:
        want = expected["counts"].get((option["facet"], fold(option["label"])), 0)
        if option["count"] != str(want):
            failures.append(f"{how}: {option['facet']} = {option['label']} shows count {option['count']}, expected {want}")
    if now["sort"]:
        # Sorted, the rows are one list in front of the outline, which hides
        # (test_catalog_results.py checks that list).
        return failures
    for container, before in zip(now["containers"], arrival["containers"]):
        # Groups and sections count entries; an entry's disclosure its pages.
        own = [i for i in container["rows"] if (now["rows"][i]["parent"] != -1) == container["rowChildren"]]
        n = sum(1 for i in own if now["rows"][i]["id"] in matching)
        m = len(own)
        if before["count"] is not None:
            want = f"{n} of {before['count']}" if state.filtering and n != m else before["count"]
            if container["count"] != want:
                failures.append(f"{how}: {container['what']} says {container['count']!r}, expected {want!r}")
        if not container["rowChildren"]:
            if n == 0 and container["shown"]:
                failures.append(f"{how}: {container['what']} holds no match and is still shown")
            elif n > 0 and not container["shown"]:
                failures.append(f"{how}: {container['what']} holds {n} matches and is hidden")
    return failures


def arrival_failures(catalog, arrival, items) -> list[str]:
    """On arrival: every row shown as the outline shows it, counts from the content."""
    failures = view_failures(catalog, arrival, items, State(), arrival, "on arrival")
    # Every value of the content has its checkbox, and each facet of _index.md its fieldset.
    labels = {(o["facet"], fold(o["label"])) for o in arrival["options"]}
    wanted = expected_view(catalog, arrival, items, State())["counts"]
    failures += [f"on arrival: no checkbox for {k} = {label} ({n} items have it)"
                 for (k, label), n in wanted.items() if (k, label) not in labels]
    for container in arrival["containers"]:
        own = [i for i in container["rows"] if (arrival["rows"][i]["parent"] != -1) == container["rowChildren"]]
        noun = catalog.page_noun if container["rowChildren"] else catalog.noun
        if container["count"] is not None and container["count"] != catalog.count(len(own), noun):
            failures.append(f"{container['what']} says {container['count']!r} and holds {len(own)} rows")
    return failures


# ---------- Doing what a person does ----------

def checkbox(driver, facet_key: str, label: str):
    """The checkbox of a value, found by the label a person reads (label: folded)."""
    for box in driver.find_elements(By.CSS_SELECTOR, f'#catalog-panel fieldset[data-facet="{facet_key}"] input[type=checkbox]'):
        if fold(driver.execute_script("return arguments[0].closest('label').querySelector('.facet-value').textContent;", box)) == label:
            return box
    raise AssertionError(f"no checkbox for {facet_key} = {label}")


def type_into(driver, element, text: str) -> None:
    open_facet_of(driver, element)
    checks.type_query(driver, element, text)


def settle_on(driver, catalog, arrival, items, state, how) -> list[str]:
    checks.wait_for(lambda: not view_failures(catalog, arrival, items, state, read_page(driver), how))
    return view_failures(catalog, arrival, items, state, read_page(driver), how)


def _value_sets(catalog: Catalog, items: list[dict]) -> dict[tuple[str, str], set[str]]:
    """For each (list facet, value): the keys of the items having it."""
    sets = {}
    for facet in catalog.facets:
        if facet.is_list:
            for key in catalog.entries:
                for label in facet.labels(catalog.items[key]):
                    sets.setdefault((facet.key, label), set()).add(key)
    return sets


def combinations(catalog: Catalog, view: dict, items: list[dict]) -> list[tuple[str, State]]:
    """One value; two values of one facet; values of two facets; and one with a query: each
    picked from the content so that it hides some rows and keeps some."""
    sets = _value_sets(catalog, items)
    total = set(catalog.entries)
    # The middle of the road: values held by some items, not all of them.
    useful = sorted(((k, s) for k, s in sets.items() if 0 < len(s) < len(total)), key=lambda ks: (-len(ks[1]), ks[0]))
    assert useful, "no facet value narrows the catalog: the facet checks could not fail"
    chosen = []
    (facet, label), only = useful[len(useful) // 3]
    chosen.append((f"{facet} = {label}", State(values={facet: {label}})))
    either = next(((a, b) for a in useful for b in useful if a[0][0] == b[0][0] and a[0][1] < b[0][1]
                   and len(a[1] | b[1]) < len(total) and len(a[1] | b[1]) > max(len(a[1]), len(b[1]))), None)
    assert either, "no facet has two values that together still hide items: OR cannot be told from showing all"
    (fa, la), (_, lb) = either[0][0], either[1][0]
    chosen.append((f"{fa} = {la} or {lb}", State(values={fa: {la, lb}})))
    both = next(((a, b) for a in useful for b in useful if a[0][0] < b[0][0]
                 and 0 < len(a[1] & b[1]) < min(len(a[1]), len(b[1]))), None)
    assert both, "no two facets whose values overlap in part: AND cannot be told from OR"
    (fa, la), (fb, lb) = both[0][0], both[1][0]
    chosen.append((f"{fa} = {la} and {fb} = {lb}", State(values={fa: {la}, fb: {lb}})))
    # The query: the title of an item with the first value, which other items with it lack.
    rows_with = [row for row, item in zip(view["rows"], items) if item["_key"] in only and row["title"]]
    for row in rows_with:
        state = State(values={facet: {label}}, query=row["title"])
        if 0 < expected_view(catalog, view, items, state)["visible"] < len(only):
            chosen.append((f"{facet} = {label} and the text {row['title']!r}", state))
            break
    else:
        raise AssertionError(f"no title of an item with {facet} = {label} narrows it further")
    return chosen


def apply_state(driver, state: State) -> None:
    for facet_key, labels in state.values.items():
        for label in sorted(labels):
            _click(driver, checkbox(driver, facet_key, label))
    for facet_key, (low, high) in state.ranges.items():
        for suffix, bound in (("min", low), ("max", high)):
            if bound is not None:
                type_into(driver, driver.find_element(By.NAME, f"{facet_key}-{suffix}"), str(bound))
    if state.query:
        type_into(driver, driver.find_element(By.CSS_SELECTOR, checks.FILTER_BOX), state.query)


# ---------- 1. Counts against the content, and filtering by them ----------

def test_counts_on_arrival_are_those_of_the_content(driver, site, facet_page):
    catalog, arrival, items = open_catalog(driver, site, facet_page)
    failures = arrival_failures(catalog, arrival, items)
    assert not failures, "\n".join(failures)


def test_facet_combinations_show_the_rows_and_counts_the_content_calls_for(driver, site, facet_page):
    catalog, arrival, items = open_catalog(driver, site, facet_page)
    failures = []
    for how, state in combinations(catalog, arrival, items):
        expected = expected_view(catalog, arrival, items, state)
        assert 0 < sum(expected["shown"]) < len(arrival["rows"]), f"{how}: hides nothing or everything"
        checks.open_page(driver, site.url(facet_page))
        apply_state(driver, state)
        failures += settle_on(driver, catalog, arrival, items, state, how)
    assert not failures, "\n".join(failures)


# ---------- 2. Range facets ----------

def test_range_bounds_filter_rows_by_the_number(driver, site, facet_page):
    catalog, arrival, items = open_catalog(driver, site, facet_page)
    ranges = [f for f in catalog.facets if f.kind == "range"]
    if not ranges:
        pytest.skip(f"{facet_page} has no range facet")
    failures = []
    for facet in ranges:
        values = sorted({facet.number(i) for i in catalog.items.values() if facet.number(i) is not None})
        assert len(values) >= 4, f"{facet.key}: too few distinct numbers to filter by a range"
        low, high = values[1], values[-2]
        for bounds in ((low, None), (low, high), (None, high)):
            checks.open_page(driver, site.url(facet_page))
            state = State(ranges={facet.key: bounds})
            expected = expected_view(catalog, arrival, items, state)
            assert 0 < expected["visible"] < len(catalog.items), f"{facet.key} {bounds} hides nothing"
            apply_state(driver, state)
            how = f"{facet.key} from {bounds[0]} to {bounds[1]}"
            failures += settle_on(driver, catalog, arrival, items, state, how)
            wanted = f"{'' if bounds[0] is None else bounds[0]}..{'' if bounds[1] is None else bounds[1]}"
            # Typed bounds reach the address in the pause after the last key.
            address = lambda: parse_qs(urlsplit(driver.current_url).query).get(facet.key)
            checks.wait_for(lambda: address() == [wanted])
            got = address()
            if got != [wanted]:
                failures.append(f"{how}: the address holds {facet.key}={got}, expected [{wanted!r}]")
    assert not failures, "\n".join(failures)


# ---------- 3. Sorting ----------

_LISTS = """
return [...document.querySelectorAll('.catalog ul.outline:not(.results-list)')].map(list =>
  [...list.children].filter(child => child.matches('li.row')).map(row => row.id));
"""

# The rows shown as sorted results, in order (the outline's own lists when there are none).
_RESULTS = """
return [...document.querySelectorAll('.catalog .catalog-results .results-list > li.row')].filter(row => row.getClientRects().length)
  .map(row => row.id);
"""


def expected_order(ids: list[str], rows_by_id: dict, sort: dict) -> list[str]:
    return sorted_by(ids, lambda i: sort_value(sort, rows_by_id[i]["item"], rows_by_id[i]["title"]), sort["descending"])


def test_each_sort_choice_orders_the_results_as_one_list(driver, site, facet_page):
    """Each choice shows the catalog's listed items as one list in its order (which items,
    and their sections shown beside them: test_catalog_results.py); "Catalog order" brings
    the outline back."""
    catalog, arrival, items = open_catalog(driver, site, facet_page)
    if not catalog.sorts:
        pytest.skip(f"{facet_page} declares no sort_options")
    select = Select(driver.find_element(By.ID, "catalog-sort"))
    options = [(o.get_attribute("value"), o.text) for o in select.options]
    assert options[0][0] == "", f"the first sort choice is {options[0]}, not the catalog's own order"
    assert [v for v, _ in options[1:]] == [s["key"] for s in catalog.sorts], \
        f"sort choices {options[1:]} are not sort_options {[s['key'] for s in catalog.sorts]} in order"
    rows_by_id = {row["id"]: row | {"item": item} for row, item in zip(arrival["rows"], items)}
    listed = [row["id"] for row, item in zip(arrival["rows"], items)
              if row["parent"] == -1 and not row["query"] and catalog.is_listed(item["_key"])]
    original = driver.execute_script(_LISTS)
    failures = []
    for sort in catalog.sorts:
        wanted = expected_order(listed, rows_by_id, sort)
        assert wanted != listed, f"sorting by {sort['key']} changes nothing here: a test that cannot fail"
        Select(driver.find_element(By.ID, "catalog-sort")).select_by_value(sort["key"])
        checks.wait_for(lambda: driver.execute_script(_RESULTS) == wanted)
        got = driver.execute_script(_RESULTS)
        if got != wanted:
            failures.append(f"sort {sort['key']}: the results are {got}, expected {wanted}")
        checks.wait_for(lambda: parse_qs(urlsplit(driver.current_url).query).get("sort") == [sort["key"]])
        if parse_qs(urlsplit(driver.current_url).query).get("sort") != [sort["key"]]:
            failures.append(f"sort {sort['key']}: the address is {driver.current_url}")
    Select(driver.find_element(By.ID, "catalog-sort")).select_by_value("")
    checks.wait_for(lambda: driver.execute_script(_LISTS) == original)
    if driver.execute_script(_LISTS) != original:
        failures.append("\"Catalog order\" did not bring back the catalog's own order")
    checks.wait_for(lambda: "sort" not in parse_qs(urlsplit(driver.current_url).query))
    if "sort" in parse_qs(urlsplit(driver.current_url).query):
        failures.append(f"\"Catalog order\" left sort= in the address: {driver.current_url}")
    assert not failures, "\n".join(failures)


# ---------- 4. The address ----------

def _controls(view: dict) -> dict:
    return {"boxes": sorted((o["name"], o["value"]) for o in view["options"] if o["checked"]),
            "ranges": view["ranges"], "query": view["query"], "sort": view["sort"],
            "rows": [r["shown"] for r in view["rows"]], "status": view["status"]}


def test_the_view_lives_in_the_address(driver, site, facet_page):
    """Checkboxes (two of one facet), a range, a sort and a query: the address holds them;
    reloading, opening it in a new tab, and Back after a checkbox all show the same view."""
    catalog, arrival, items = open_catalog(driver, site, facet_page)
    how, state = combinations(catalog, arrival, items)[1]  # two values of one facet
    ranges = [f for f in catalog.facets if f.kind == "range"]
    for facet in ranges:
        values = sorted({facet.number(i) for i in catalog.items.values() if facet.number(i) is not None})
        state.ranges[facet.key] = (values[0], values[-1])  # keeps every item that has a number
    shown_titles = [row["title"] for row, shown in zip(arrival["rows"], expected_view(catalog, arrival, items, state)["matches"]) if shown and row["title"]]
    state.query = shown_titles[0].split()[0]
    sort = catalog.sorts[-1]["key"] if catalog.sorts else None
    apply_state(driver, state)
    if sort:
        Select(driver.find_element(By.ID, "catalog-sort")).select_by_value(sort)
    failures = settle_on(driver, catalog, arrival, items, state, f"{how}, ranges, query {state.query!r}")
    # The address follows in the pause after the last key.
    checks.wait_for(lambda: "q" in parse_qs(urlsplit(driver.current_url).query)
                    and (not sort or parse_qs(urlsplit(driver.current_url).query).get("sort") == [sort]))
    url = driver.current_url
    params = parse_qs(urlsplit(url).query)
    boxes = [(o["name"], o["value"]) for o in read_page(driver)["options"] if o["checked"]]
    assert len(boxes) >= 2, "two checkboxes were to be checked"
    for name in {n for n, _ in boxes}:
        if sorted(params.get(name, [])) != sorted(v for n, v in boxes if n == name):
            failures.append(f"the address holds {name}={params.get(name)}, the checked boxes {boxes}")
    if params.get("q") != [state.query]:
        failures.append(f"the address holds q={params.get('q')}, expected [{state.query!r}]")
    if sort and params.get("sort") != [sort]:
        failures.append(f"the address holds sort={params.get('sort')}, expected [{sort!r}]")
    for key, (low, high) in state.ranges.items():
        if params.get(key) != [f"{low}..{high}"]:
            failures.append(f"the address holds {key}={params.get(key)}, expected ['{low}..{high}']")
    view = _controls(read_page(driver))
    order = driver.execute_script(_LISTS)

    driver.refresh()
    driver.execute_async_script(checks._SETTLE)
    if _controls(read_page(driver)) != view or driver.execute_script(_LISTS) != order:
        failures.append(f"reloading {url} does not show the same view: {_controls(read_page(driver))} != {view}")

    original = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        checks.open_page(driver, url)
        if _controls(read_page(driver)) != view or driver.execute_script(_LISTS) != order:
            failures.append(f"opening {url} in a new tab does not show the same view: {_controls(read_page(driver))} != {view}")
    finally:
        driver.close()
        driver.switch_to.window(original)

    # Back after one more checkbox: the view before it (pushState), from file:// too.
    unchecked = next(o for o in read_page(driver)["options"] if not o["checked"])
    _click(driver, checkbox(driver, unchecked["facet"], fold(unchecked["label"])))
    checks.wait_for(lambda: driver.current_url != url)
    if driver.current_url == url:
        failures.append(f"checking {unchecked['facet']} = {unchecked['label']} did not change the address "
                        f"({site.mode}://: history.pushState refused?)")
    else:
        driver.back()
        checks.wait_for(lambda: driver.current_url == url and _controls(read_page(driver)) == view)
        if driver.current_url != url:
            failures.append(f"Back went to {driver.current_url}, not {url}")
        elif _controls(read_page(driver)) != view:
            failures.append(f"Back restored the address but not the view: {_controls(read_page(driver))} != {view}")
    assert not failures, "\n".join(failures)


# ---------- 5. Clear all ----------

def test_clear_all_restores_rows_counts_and_groups_as_left(driver, site, facet_page):
    from test_catalog_filter import _toggle_groups_as_a_person_would

    catalog, arrival, items = open_catalog(driver, site, facet_page)
    _toggle_groups_as_a_person_would(driver)
    left = read_page(driver)
    groups = lambda view: [(c["what"], c["open"], c["name"]) for c in view["containers"] if c["open"] is not None]
    assert groups(left) != groups(arrival), "toggling groups changed nothing: restoring could not be told from reloading"
    clear = driver.find_element(By.CSS_SELECTOR, "#catalog-panel .facet-clear")
    assert not clear.is_displayed(), "Clear all is shown before anything is chosen"
    how, state = combinations(catalog, arrival, items)[-1]  # a value and a query
    apply_state(driver, state)
    failures = settle_on(driver, catalog, arrival, items, state, how)
    if not clear.is_displayed():
        failures.append(f"{how}: Clear all is not shown")
    else:
        _click(driver, clear)
        checks.wait_for(lambda: not view_failures(catalog, arrival, items, State(), read_page(driver), "after Clear all"))
        now = read_page(driver)
        failures += view_failures(catalog, arrival, items, State(), now, "after Clear all")
        failures += [f"after Clear all: {w} open={o} name={n!r}, as left open={lo} name={ln!r}"
                     for (w, o, n), (_, lo, ln) in zip(groups(now), groups(left)) if (o, n) != (lo, ln)]
        failures += [f"after Clear all: {o['name']}={o['value']} is still checked" for o in now["options"] if o["checked"]]
        if now["query"]:
            failures.append(f"after Clear all the box holds {now['query']!r}")
        if clear.is_displayed():
            failures.append("after Clear all, Clear all is still shown")
        left_over = {k for k in parse_qs(urlsplit(driver.current_url).query)} & ({"q"} | {f.key for f in catalog.facets})
        if left_over:
            failures.append(f"after Clear all the address still holds {sorted(left_over)}: {driver.current_url}")
    assert not failures, "\n".join(failures)


# ---------- 6. The keyboard ----------

_FOCUS = """
const e = document.activeElement;
if (!e || e === document.body) return null;
const style = getComputedStyle(e);
const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
return {id: e.id, tag: e.tagName.toLowerCase(), type: e.type || null, name: e.name || null,
        cls: e.className || '', visible: outline || style.boxShadow !== 'none',
        style: style.outlineStyle + ' ' + style.outlineWidth + ' / ' + style.boxShadow};
"""


def _tab_until(driver, matches, backwards=False, limit=80) -> dict | None:
    for _ in range(limit):
        keys = ActionChains(driver)
        if backwards:
            keys.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT)
        else:
            keys.send_keys(Keys.TAB)
        keys.perform()
        focused = driver.execute_script(_FOCUS)
        if focused and matches(focused):
            return focused
    return None


def test_the_panel_works_from_the_keyboard_with_focus_visible(driver, site, facet_page):
    catalog, arrival, items = open_catalog(driver, site, facet_page)
    driver.execute_script("window.scrollTo(0, 0); if (document.activeElement) document.activeElement.blur();")
    failures = []

    def reach(what, matches, backwards=False):
        focused = _tab_until(driver, matches, backwards)
        if focused is None:
            failures.append(f"{'Shift+' if backwards else ''}Tab never reaches {what}")
        elif not focused["visible"]:
            failures.append(f"{what} has focus but no visible focus (outline/box-shadow: {focused['style']})")
        return focused

    reach("the filter box", lambda f: f["tag"] == "input" and f["type"] == "search" and f["id"] == "filter-query")
    if catalog.sorts:
        reach("the sort menu", lambda f: f["id"] == "catalog-sort")
    # A desktop folds each facet to its name (test_catalog_keyboard.py): Enter opens it.
    if reach("a facet's name or checkbox", lambda f: f["type"] == "checkbox" or "facet-fold" in f["cls"]) \
            and "facet-fold" in driver.execute_script(_FOCUS)["cls"]:
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        reach("a checkbox of the facet opened", lambda f: f["type"] == "checkbox")
    assert not failures, "\n".join(failures)
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    checked = [o for o in read_page(driver)["options"] if o["checked"]]
    if len(checked) != 1:
        failures.append(f"Space on a checkbox: {len(checked)} checkboxes checked, expected 1")
    else:
        state = State(values={checked[0]["facet"]: {fold(checked[0]["label"])}})
        failures += settle_on(driver, catalog, arrival, items, state, f"Space on {checked[0]['facet']} = {checked[0]['label']}")
        if sum(expected_view(catalog, arrival, items, state)["shown"]) == len(arrival["rows"]):
            failures.append(f"{checked[0]['facet']} = {checked[0]['label']} hides nothing: the update cannot be seen")
    # Clear all comes before the facets: back up to it.
    if reach("Clear all", lambda f: "facet-clear" in f["cls"], backwards=True):
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        failures += settle_on(driver, catalog, arrival, items, State(), "Enter on Clear all")
    assert not failures, "\n".join(failures)


# ---------- 7. Phone and desktop ----------

_LAYOUT = """
const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
const toggle = document.querySelector('#catalog-panel .facet-toggle');
return {
  toggle: toggle && {shown: toggle.getClientRects().length > 0, expanded: toggle.getAttribute('aria-expanded')},
  fieldsets: [...document.querySelectorAll('#catalog-panel fieldset[data-facet]')].map(f => ({
    key: f.getAttribute('data-facet'), shown: f.getClientRects().length > 0 && f.getBoundingClientRect().height > 0})),
  panel: box(document.getElementById('catalog-panel')),
  outline: box(document.querySelector('.catalog-sections') || document.querySelector('.catalog .section')),
};
"""


def _with_device(driver, device):
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def test_facets_hide_behind_a_filters_button_on_a_phone_and_sit_beside_the_outline_on_a_desktop(driver, site, facet_page):
    failures = []
    try:
        _with_device(driver, checks.PHONE)
        checks.open_page(driver, site.url(facet_page))
        layout = driver.execute_script(_LAYOUT)
        if not layout["toggle"] or not layout["toggle"]["shown"]:
            failures.append("phone: no Filters button shown")
        else:
            if layout["toggle"]["expanded"] != "false":
                failures.append(f"phone: the Filters button has aria-expanded={layout['toggle']['expanded']} on arrival")
            failures += [f"phone: facet {f['key']} is shown before Filters is pressed" for f in layout["fieldsets"] if f["shown"]]
            button = driver.find_element(By.CSS_SELECTOR, "#catalog-panel .facet-toggle")
            assert button.text.strip().startswith("Filters"), f"the toggle says {button.text!r}"
            _click(driver, button)
            layout = driver.execute_script(_LAYOUT)
            if layout["toggle"]["expanded"] != "true":
                failures.append(f"phone: after pressing Filters, aria-expanded={layout['toggle']['expanded']}")
            failures += [f"phone: facet {f['key']} is not shown after pressing Filters" for f in layout["fieldsets"] if not f["shown"]]
        _with_device(driver, checks.DESKTOP)
        checks.open_page(driver, site.url(facet_page))
        layout = driver.execute_script(_LAYOUT)
        if layout["toggle"] and layout["toggle"]["shown"]:
            failures.append("desktop: the Filters button is shown")
        failures += [f"desktop: facet {f['key']} is not shown" for f in layout["fieldsets"] if not f["shown"]]
        panel, outline = layout["panel"], layout["outline"]
        beside = panel["right"] <= outline["left"] + 1 or panel["left"] >= outline["right"] - 1
        if not beside or panel["top"] >= outline["bottom"] or outline["top"] >= panel["bottom"]:
            failures.append(f"desktop: the panel {panel} is not beside the outline {outline}")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert not failures, "\n".join(failures)


# ---------- 9. The header ----------

_HEADER = """
const header = document.querySelector('.site-header');
const style = getComputedStyle(header);
const laidOut = [...header.children].filter(c => c.getClientRects().length > 0);
const links = [...header.querySelectorAll('.nav-first a')].filter(a => a.getClientRects().length > 0);
return {
  height: header.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
          - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth),
  children: laidOut.map(c => ({what: c.tagName.toLowerCase() + '.' + c.className, top: c.getBoundingClientRect().top,
                               bottom: c.getBoundingClientRect().bottom, height: c.getBoundingClientRect().height})),
  links: links.map(a => ({text: a.textContent.trim(), top: a.getBoundingClientRect().top,
                          bottom: a.getBoundingClientRect().bottom})),
};
"""


def _same_page(a: str, b: str) -> bool:
    strip = lambda url: re.sub(r"index\.html$", "", url.split("#")[0].split("?")[0])
    return strip(a) == strip(b)


def test_the_header_is_one_line_wide_and_one_tap_on_a_phone(driver, site, catalog_page):
    catalogs = site.catalog_pages()
    assert len(catalogs) >= 2, f"the example site has {len(catalogs)} catalogs: the header check needs two"
    failures = []
    try:
        _with_device(driver, checks.DESKTOP)
        checks.open_page(driver, site.url(catalog_page))
        header = driver.execute_script(_HEADER)
        # One line: the header's parts (centred, so their tops may differ a little) and every
        # catalog link all cross one horizontal line; a wrapped part would start below them.
        parts = header["children"] + header["links"]
        if max(p["top"] for p in parts) >= min(p["bottom"] for p in parts):
            failures.append(f"1280px: the header's parts are not on one line: {header['children']} {header['links']}")
        link_tops = [link["top"] for link in header["links"]]
        if link_tops and max(link_tops) - min(link_tops) > 2:
            failures.append(f"1280px: the header's links are not on one line: {header['links']}")
        tallest = max(c["height"] for c in header["children"])
        if header["height"] > tallest + 4:
            failures.append(f"1280px: the header is {header['height']:.0f}px tall inside, its tallest part {tallest:.0f}px: more than one line")
        named = [link for link in driver.find_elements(By.CSS_SELECTOR, ".site-header a") if link.is_displayed()]
        for page in catalogs:
            if not any(_same_page(link.get_property("href"), site.url(page)) for link in named):
                failures.append(f"1280px: no link to {page} is shown in the header")

        _with_device(driver, checks.PHONE)
        checks.open_page(driver, site.url(catalog_page))
        summaries = [s for s in driver.find_elements(By.CSS_SELECTOR, ".site-header .nav-all > summary") if s.is_displayed()]
        if not summaries:
            failures.append("390px: no \"Catalogs\" summary (.nav-all) is shown in the header")
        else:
            summaries[0].click()
            links = [a for a in driver.find_elements(By.CSS_SELECTOR, ".site-header .nav-all a") if a.is_displayed()]
            for page in catalogs:
                if not any(_same_page(a.get_property("href"), site.url(page)) for a in links):
                    failures.append(f"390px: one tap on \"{summaries[0].text}\" shows no link to {page}")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert not failures, "\n".join(failures)
