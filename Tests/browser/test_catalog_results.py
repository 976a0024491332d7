"""Results people can trust on the catalog pages (Templates/assets/catalog.js), from
disk and over HTTP.

What each view should show is worked out from the content files (front matter of
Content/<catalog>/**/*.md and the catalog's _index.md) and docs/content.md ("Results count
each item once", "Sorting", "The address"), never copied from a run:

- while a filter or a sort is chosen, each item is one result: query sections (`sections:`)
  step aside, sub-pages go with their item and are counted as pages, and items that
  `listed:` leaves out show only when the reader includes them;
- a sort shows the results as one list across groups, each row with its section and groups,
  and "Catalog order" brings the outline back as it was;
- every count (the status line, sections, groups, facet values) counts the rows shown, each
  item once; a text facet has "(none)" for the items without the field;
- a facet value in the address matches by its label or its slug, in any case.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import browser_checks as checks
from catalog_pages import (NONE_LABEL, PAGE_HELPERS, CatalogContent as Content, Facet, read_catalog_content as read_content,
                           click, row_keys, sort_value, sorted_by)
from test_catalog_filter import fold

CONTENT = Path(__file__).resolve().parents[2] / "Content"


# ---------- The content, as the contract reads it (catalog_pages.py) ----------

def _catalog_pages(site_dir: Path) -> list[str]:
    return sorted(str(p.relative_to(site_dir)) for p in site_dir.glob("*/index.html")
                  if (CONTENT / p.parent.name / "_index.md").is_file())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "results_page" in metafunc.fixturenames:
        site_dir = metafunc.config.getoption("--site-dir")
        metafunc.parametrize("results_page", _catalog_pages(Path(site_dir).resolve()) if site_dir else [])


def test_the_example_catalogs_exercise_every_rule(site_files):
    """Guards the checks below against passing because the content gives them nothing to do."""
    contents = [read_content(page) for page in _catalog_pages(site_files.root)]
    assert any(c.listed and any(not c.is_listed(k) for k in c.entries) for c in contents), \
        "no catalog has `listed:` leaving some item out: the unlisted checks check nothing"
    assert any(c.pages for c in contents), "no catalog has sub-pages"
    assert any(c.query_sections for c in contents), "no catalog has query sections"
    assert any(any(f.kind == "values" and any(f.labels(c.items[k]) == {NONE_LABEL} for k in c.entries) for f in c.facets)
               for c in contents), "no values facet has an item without the field: \"(none)\" is not checked"


# ---------- The page, as a person sees it ----------

_PAGE = checks.IS_SHOWN + PAGE_HELPERS + """
const catalog = document.querySelector('.catalog');
const rows = [...catalog.querySelectorAll('li.row')];
return {
  rows: rows.map(row => {
    const link = row.querySelector('a.row-link');
    const trail = row.querySelector('.row-trail');
    return {id: row.id, href: link ? link.href : null, title: text(row, '.row-title').trim(),
            page: !!row.parentElement.closest('li.row'), query: !!row.closest('.section.is-query'),
            inResults: !!row.closest('.catalog-results'), shown: isShown(row), present: present(row),
            trail: trail && isShown(trail) ? trail.textContent.trim() : null};
  }),
  containers: [...catalog.querySelectorAll('.catalog-sections details, .catalog-sections .section')].map(e => ({
    what: e.tagName === 'DETAILS' ? (e.classList.contains('row-children') ? 'pages of ' + e.parentElement.id : 'group ' + e.id)
                                  : 'section ' + titleOf(e).trim(),
    title: titleOf(e).trim(), pages: e.classList.contains('row-children'), count: countOf(e),
    shown: isShown(e), rows: [...e.querySelectorAll('li.row')].map(row => rows.indexOf(row))})),
  options: facetOptions(),
  unlisted: (box => box && {checked: box.checked, shown: isShown(box), label: text(box.closest('label'), '.facet-value').trim(),
                            count: text(box.closest('label'), '.facet-count').trim()})(document.getElementById('catalog-unlisted')),
  status: statusText(),
  header: (document.querySelector('.page-header .count') || {textContent: ''}).textContent.trim(),
};
"""


def read_page(driver, site, page: str, content: Content) -> dict:
    view = driver.execute_script(_PAGE)
    for row, key in zip(view["rows"], row_keys(view["rows"], site.url(page), content)):
        row["key"] = key
    return view


def open_view(driver, site, page: str, content: Content, query: str = "") -> dict:
    checks.open_page(driver, site.url(page) + query)
    return read_page(driver, site, page, content)


def shown_entries(view: dict) -> list[dict]:
    return [row for row in view["rows"] if row["shown"] and not row["page"]]


# ---------- What the content calls for ----------

def passes(content: Content, facet: Facet, key: str, chosen) -> bool:
    if facet.is_list:
        return not chosen or bool(content.labels(facet, key) & chosen)
    value = facet.number(content.items[key])
    low, high = chosen
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def expected(content: Content, state: dict, include: bool = False) -> dict:
    """Entries shown and each list facet value's count, for facets chosen as {key: folded labels}."""
    facets = {f.key: f for f in content.facets}
    candidates = [k for k in content.entries if include or content.is_listed(k)]
    shown = {k for k in candidates if all(passes(content, facets[f], k, v) for f, v in state.items())}
    counts = {}
    for facet in content.facets:
        if not facet.is_list:
            continue
        others = {f: v for f, v in state.items() if f != facet.key}
        for key in candidates:
            if all(passes(content, facets[f], key, v) for f, v in others.items()):
                for label in content.labels(facet, key):
                    counts[(facet.key, label)] = counts.get((facet.key, label), 0) + 1
    unlisted = sum(1 for k in content.entries if not content.is_listed(k)
                   and all(passes(content, facets[f], k, v) for f, v in state.items()))
    return {"shown": shown, "counts": counts, "unlisted": unlisted}


def count_failures(content: Content, view: dict, state: dict, how: str, include: bool = False) -> list[str]:
    want = expected(content, state, include)
    failures = []
    entries = shown_entries(view)
    keys = [row["key"] for row in entries]
    doubled = sorted({k for k in keys if keys.count(k) > 1})
    if doubled:
        failures.append(f"{how}: items shown twice: {doubled}")
    if set(keys) != want["shown"]:
        failures.append(f"{how}: shows {sorted(set(keys) - want['shown'])} it should not, "
                        f"misses {sorted(want['shown'] - set(keys))}")
    status = f"{len(entries)} of {content.count(len(content.entries))}"
    if view["status"] != status:
        failures.append(f"{how}: the status says {view['status']!r} with {len(entries)} rows shown: expected {status!r}")
    if view["header"] != content.count(len(content.entries)):
        failures.append(f"{how}: the page header says {view['header']!r}, the catalog has {content.count(len(content.entries))}")
    for container in view["containers"]:
        if container["count"] is None or not container["shown"]:
            continue
        rows = [view["rows"][i] for i in container["rows"]]
        mine = [r for r in rows if r["page"] == container["pages"]]
        n = sum(1 for r in mine if r["present"])
        noun = content.page_noun if container["pages"] else content.noun
        total = content.count(len(mine), noun)
        want_label = total if n == len(mine) else f"{n} of {total}"
        if container["count"] != want_label:
            failures.append(f"{how}: {container['what']} says {container['count']!r} and shows {n} of its {len(mine)}: "
                            f"expected {want_label!r}")
        if not container["pages"] and n == 0:
            failures.append(f"{how}: {container['what']} shows no row and is still shown")
    for option in view["options"]:
        count = want["counts"].get((option["facet"], fold(option["label"])), 0)
        if option["count"] != str(count):
            failures.append(f"{how}: {option['facet']} = {option['label']} says {option['count']}, expected {count}")
    if view["unlisted"] and view["unlisted"]["count"] != str(want["unlisted"]):
        failures.append(f"{how}: \"{view['unlisted']['label']}\" says {view['unlisted']['count']}, "
                        f"expected {want['unlisted']}")
    return failures


def address(state: dict, content: Content, include: bool = False) -> str:
    parts = []
    for facet in content.facets:
        for label in sorted(state.get(facet.key, ())):
            parts.append(f"{facet.key}={quote(label)}")
    if include:
        parts.append("include=unlisted")
    return "?" + "&".join(parts)


def combinations(content: Content, limit: int = 10) -> list[dict]:
    """Single values, then pairs of values of two facets, each keeping some entries and
    hiding some, in an order fixed by the content."""
    listed = [k for k in content.entries if content.is_listed(k)]
    values = []
    for facet in content.facets:
        if facet.is_list:
            labels = sorted({label for k in content.entries for label in content.labels(facet, k)})
            values += [(facet.key, label) for label in labels]
    def keeps_some(state):
        shown = expected(content, state)["shown"]
        return 0 < len(shown) < len(listed)
    singles = [{f: {label}} for f, label in values if keeps_some({f: {label}})]
    pairs = [{a[0]: {a[1]}, b[0]: {b[1]}} for a, b in itertools.combinations(values, 2)
             if a[0] != b[0] and keeps_some({a[0]: {a[1]}, b[0]: {b[1]}})]
    # Spread over the lists rather than the first few values of the first facet.
    pick = lambda states, n: [states[i * len(states) // n] for i in range(min(n, len(states)))]
    return pick(singles, limit // 2) + pick(pairs, limit - limit // 2)


# ---------- 1. Counts against the rows shown ----------

def test_every_count_counts_the_rows_shown_each_item_once(driver, site, results_page):
    content = read_content(results_page)
    if not content.facets:
        pytest.skip(f"{results_page} declares no facets")
    view = open_view(driver, site, results_page, content)
    # On arrival: the outline as written (query sections too), counts without listing aside.
    failures = []
    if view["header"] != content.count(len(content.entries)):
        failures.append(f"on arrival the page header says {view['header']!r}, expected {content.count(len(content.entries))!r}")
    states = combinations(content)
    assert len(states) >= 4, f"{results_page}: too few facet values narrow the catalog"
    for state in states:
        how = " and ".join(f"{f} = {'/'.join(sorted(v))}" for f, v in state.items())
        view = open_view(driver, site, results_page, content, address(state, content))
        checked = {(o["facet"], fold(o["label"])) for o in view["options"] if o["checked"]}
        want = {(f, label) for f, labels in state.items() for label in labels}
        if checked != want:
            failures.append(f"{how}: the address {address(state, content)} checks {sorted(checked)}")
            continue
        failures += count_failures(content, view, state, how)
    assert not failures, "\n".join(failures)


def test_the_results_event_says_what_is_shown(driver, site, results_page):
    content = read_content(results_page)
    states = combinations(content, 2)
    if not states:
        pytest.skip(f"{results_page} has no facet value that narrows it")
    open_view(driver, site, results_page, content)
    driver.execute_script("window.__results = []; document.querySelector('.catalog').addEventListener("
                          "'catalog:results', event => window.__results.push(event.detail));")
    facet, labels = next(iter(states[0].items()))
    box = next(o for o in driver.execute_script(_PAGE)["options"] if o["facet"] == facet and fold(o["label"]) in labels)
    element = driver.find_element(By.CSS_SELECTOR, f'#catalog-panel fieldset[data-facet="{facet}"] input[value="{box["value"]}"]')
    click(driver, element)
    checks.wait_for(lambda: driver.execute_script("return window.__results.length") > 0)
    details = driver.execute_script("return window.__results")
    shown = len(shown_entries(read_page(driver, site, results_page, content)))
    assert details and details[-1] == {"shown": shown, "total": len(content.entries)}, \
        f"catalog:results said {details}, the page shows {shown} of {len(content.entries)}"


# ---------- 2. Query sections step aside ----------

def test_query_sections_show_as_written_and_step_aside_for_results(driver, site, results_page):
    content = read_content(results_page)
    if not content.query_sections:
        pytest.skip(f"{results_page} has no query sections")
    view = open_view(driver, site, results_page, content)
    failures = []
    if not any(row["query"] and row["shown"] for row in view["rows"]):
        failures.append("on arrival no row of a query section is shown")
    views = [("a filter", address(combinations(content, 1)[0], content))]
    if content.sorts:
        views.append(("a sort", f"?sort={content.sorts[0]['key']}"))
    for how, query in views:
        view = open_view(driver, site, results_page, content, query)
        failures += [f"{how} ({query}): row {row['id']} of a query section is shown" for row in view["rows"]
                     if row["query"] and row["shown"]]
        keys = [row["key"] for row in shown_entries(view)]
        failures += [f"{how} ({query}): {key} is shown {keys.count(key)} times" for key in sorted(set(keys)) if keys.count(key) > 1]
    assert not failures, "\n".join(failures)


# ---------- 3. Listed items ----------

def test_unlisted_items_stay_out_of_results_unless_included(driver, site, results_page):
    content = read_content(results_page)
    unlisted = [k for k in content.entries if not content.is_listed(k)]
    if not unlisted:
        pytest.skip(f"{results_page} lists every item")
    # A facet value that unlisted and listed items both have: the filter a visitor uses.
    state = next((s for s in combinations(content, 20)
                  if 0 < expected(content, s)["unlisted"]), None)
    assert state, "no facet value holds unlisted items: the toggle cannot be seen to matter"
    how = " and ".join(f"{f} = {'/'.join(sorted(v))}" for f, v in state.items())
    view = open_view(driver, site, results_page, content, address(state, content))
    failures = count_failures(content, view, state, how)
    if not view["unlisted"] or not view["unlisted"]["shown"]:
        pytest.fail(f"{how}: no visible control includes the unlisted items (#catalog-unlisted)")
    # Ticked, as a person does: they join the results and the address.
    driver.execute_script("document.getElementById('catalog-unlisted').scrollIntoView({block: 'center'});")
    driver.find_element(By.ID, "catalog-unlisted").click()
    checks.wait_for(lambda: not count_failures(content, read_page(driver, site, results_page, content), state, how, True))
    failures += count_failures(content, read_page(driver, site, results_page, content), state, how + ", included", True)
    checks.wait_for(lambda: "include=unlisted" in driver.current_url)
    if "include=unlisted" not in driver.current_url:
        failures.append(f"{how}, included: the address does not say so: {driver.current_url}")
    else:
        url = driver.current_url
        view = open_view(driver, site, results_page, content, "?" + urlsplit(url).query)
        failures += count_failures(content, view, state, f"opening {url}", True)
    # A sort over everything leaves them out too.
    if content.sorts:
        view = open_view(driver, site, results_page, content, f"?sort={content.sorts[0]['key']}")
        failures += [f"sorted: unlisted {row['key']} is shown" for row in shown_entries(view) if not content.is_listed(row["key"])]
    assert not failures, "\n".join(failures)


# ---------- 4. Sub-pages ----------

def test_sub_pages_are_counted_as_pages(driver, site, results_page):
    content = read_content(results_page)
    if not content.pages:
        pytest.skip(f"{results_page} has no sub-pages")
    view = open_view(driver, site, results_page, content)
    failures = []
    if view["header"] != content.count(len(content.entries)):
        failures.append(f"the header says {view['header']!r}: {len(content.entries)} entries and {len(content.pages)} pages")
    for container in view["containers"]:
        rows = [view["rows"][i] for i in container["rows"]]
        mine = [r for r in rows if r["page"] == container["pages"]]
        noun = content.page_noun if container["pages"] else content.noun
        if container["count"] is not None and not any(r["query"] for r in rows) and container["count"] != content.count(len(mine), noun):
            failures.append(f"{container['what']} says {container['count']!r}, it holds {content.count(len(mine), noun)}")
    # Typing a page's title finds the page, shown under its item, counted as one item.
    page_key = sorted(content.pages)[0]
    title = content.items[page_key].get("title")
    owner = next(k for k in content.entries if page_key.startswith(k + "/"))
    checks.open_page(driver, site.url(results_page))
    checks.type_query(driver, driver.find_element(By.CSS_SELECTOR, checks.FILTER_BOX), title)
    view = lambda: read_page(driver, site, results_page, content)
    checks.wait_for(lambda: any(r["key"] == page_key and r["shown"] for r in view()["rows"]))
    now = view()
    shown_keys = {r["key"] for r in now["rows"] if r["shown"]}
    if not {page_key, owner} <= shown_keys:
        failures.append(f"typing {title!r}: {page_key} and its item {owner} are not both shown ({sorted(shown_keys)})")
    entries = shown_entries(now)
    if now["status"] != f"{len(entries)} of {content.count(len(content.entries))}":
        failures.append(f"typing {title!r}: the status says {now['status']!r} with {len(entries)} items shown")
    assert not failures, "\n".join(failures)


# ---------- 5. "(none)" ----------

def test_text_facets_count_every_item_with_a_none_value(driver, site, results_page):
    content = read_content(results_page)
    facets = [f for f in content.facets if f.kind == "values"]
    if not facets:
        pytest.skip(f"{results_page} has no values facet")
    view = open_view(driver, site, results_page, content)
    listed = [k for k in content.entries if content.is_listed(k)]
    failures = []
    for facet in facets:
        options = [o for o in view["options"] if o["facet"] == facet.key]
        without = [k for k in listed if facet.labels(content.items[k]) == {NONE_LABEL}]
        none = [o for o in options if o["label"] == NONE_LABEL]
        if without and (not none or none[0]["count"] != str(len(without))):
            failures.append(f"{facet.key}: {len(without)} listed items lack it, and its \"(none)\" is {none}")
        if not without and none:
            failures.append(f"{facet.key}: every item has it, yet it offers {none}")
        if none and options[-1] is not none[0]:
            failures.append(f"{facet.key}: \"(none)\" is not the last value")
        # Every item is counted: the counts of a single-valued field add up to the items.
        if all(not isinstance(content.items[k].get(facet.field), list) for k in listed):
            total = sum(int(o["count"]) for o in options)
            if total != len(listed):
                failures.append(f"{facet.key}: its values count {total} items, the catalog lists {len(listed)}")
        if without:
            state = {facet.key: {fold(NONE_LABEL)}}
            now = open_view(driver, site, results_page, content, f"?{facet.key}={none[0]['value'] if none else 'none'}")
            failures += count_failures(content, now, state, f"{facet.key} = (none)")
            view = open_view(driver, site, results_page, content)
    assert not failures, "\n".join(failures)


# ---------- 6. The address ----------

def test_facet_values_in_the_address_match_by_label_or_slug_in_any_case(driver, site, results_page):
    content = read_content(results_page)
    view = open_view(driver, site, results_page, content)
    options = [o for o in view["options"] if o["label"] != NONE_LABEL and o["label"].lower() != o["value"]]
    options = options or [o for o in view["options"] if o["label"] != NONE_LABEL]
    if not options:
        pytest.skip(f"{results_page} has no list facet")
    failures = []
    # A value whose label differs from its slug most (capitals, spaces), and one more.
    for option in sorted(options, key=lambda o: (-sum(c.isupper() or c == " " for c in o["label"]), o["facet"]))[:2]:
        state = {option["facet"]: {fold(option["label"])}}
        if not 0 < len(expected(content, state)["shown"]) < len([k for k in content.entries if content.is_listed(k)]):
            continue
        for written in {option["label"], option["label"].upper(), option["value"], option["value"].upper()}:
            query = f"?{option['facet']}={quote(written)}"
            now = open_view(driver, site, results_page, content, query)
            box = next(o for o in now["options"] if o["facet"] == option["facet"] and o["value"] == option["value"])
            if not box["checked"]:
                failures.append(f"{query}: {option['label']} is not checked")
            failures += count_failures(content, now, state, query)
    if content.sorts:
        sort = content.sorts[-1]
        label = Select(driver.find_element(By.ID, "catalog-sort")).options[-1].text
        for written in (sort["key"].upper(), label):
            checks.open_page(driver, site.url(results_page) + "?sort=" + quote(written))
            got = Select(driver.find_element(By.ID, "catalog-sort")).first_selected_option.get_attribute("value")
            if got != sort["key"]:
                failures.append(f"?sort={written}: the Sort menu says {got!r}, not {sort['key']!r}")
    assert not failures, "\n".join(failures)


# ---------- 7. Sorting: one list across groups, and the outline back ----------

def sorted_keys(content: Content, keys: list[str], titles: dict, sort: dict) -> list[str]:
    return sorted_by(keys, lambda key: sort_value(sort, content.items[key], titles[key]), sort["descending"])


_OUTLINE = """
const sections = document.querySelector('.catalog-sections') || document.querySelector('.catalog');
return [...sections.querySelectorAll('*')].map(e => [e.tagName, e.id, e.className, e.hidden,
  e.tagName === 'DETAILS' ? e.open : null, e.getAttribute('name'),
  e.children.length ? null : e.textContent, e.parentElement.id || e.parentElement.className].join('|'));
"""


def test_a_sort_orders_the_results_as_one_list_across_groups(driver, site, results_page):
    content = read_content(results_page)
    if not content.sorts:
        pytest.skip(f"{results_page} declares no sort_options")
    arrival = open_view(driver, site, results_page, content)
    outline = driver.execute_script(_OUTLINE)
    # Each entry's place in the catalog's order, its title and its section and groups.
    order = []
    for row in arrival["rows"]:
        if not row["page"] and not row["query"] and row["key"] not in order:
            order.append(row["key"])
    titles = {row["key"]: row["title"] for row in arrival["rows"]}
    around = {}
    for container in arrival["containers"]:
        if container["pages"] or not container["title"]:
            continue
        for i in container["rows"]:
            row = arrival["rows"][i]
            if not row["page"] and not row["query"]:
                around.setdefault(row["key"], []).append(container["title"])
    failures = []
    states = [{}] + combinations(content, 2)
    for sort, state in itertools.product(content.sorts, states):
        keys = [k for k in order if k in expected(content, state)["shown"]]
        want = sorted_keys(content, keys, titles, sort)
        # One list: sorting each group on its own would give another order.
        groups = {}
        for key in keys:
            groups.setdefault(" › ".join(around.get(key, [])), []).append(key)
        per_group = [k for g in groups.values() for k in sorted_keys(content, g, titles, sort)]
        how = f"sort {sort['key']}" + (f" over {address(state, content)}" if state else "")
        query = address(state, content) + ("&" if state else "") + f"sort={sort['key']}"
        view = open_view(driver, site, results_page, content, query)
        got = [row["key"] for row in shown_entries(view)]
        if got != want:
            failures.append(f"{how}: the rows read {got}, expected {want}"
                            + (" (each group sorted on its own)" if got == per_group and per_group != want else ""))
        for row in shown_entries(view):
            if not row["inResults"]:
                failures.append(f"{how}: {row['key']} is shown outside the one list of results")
            elif row["trail"] != " › ".join(around.get(row["key"], [])):
                failures.append(f"{how}: {row['key']} says it is in {row['trail']!r}, not {' › '.join(around.get(row['key'], []))!r}")
        failures += count_failures(content, view, state, how) if state else []
        if len(failures) > 12:
            break
    assert any(len(g) > 0 for g in [order]) and len({" › ".join(a) for a in around.values()}) > 1, \
        "the catalog has one group: one list cannot be told from sorting each group"
    # "Catalog order" after a sort alone: the outline exactly as it was.
    open_view(driver, site, results_page, content, f"?sort={content.sorts[-1]['key']}")
    select = Select(driver.find_element(By.ID, "catalog-sort"))
    select.select_by_value("")
    checks.wait_for(lambda: driver.execute_script(_OUTLINE) == outline)
    now = driver.execute_script(_OUTLINE)
    if now != outline:
        changed = [f"{a} -> {b}" for a, b in zip(outline, now) if a != b][:5]
        failures.append(f"\"Catalog order\" after a sort does not bring the outline back as it was: {changed}"
                        f" ({len(outline)} elements before, {len(now)} after)")
    if driver.find_elements(By.CSS_SELECTOR, ".catalog-results li.row"):
        failures.append("\"Catalog order\" left rows in the results list")
    assert not failures, "\n".join(failures)


def test_without_javascript_a_sorted_address_shows_the_outline(driver, site, results_page):
    content = read_content(results_page)
    if not content.sorts:
        pytest.skip(f"{results_page} declares no sort_options")
    with checks.without_javascript(driver):
        checks.open_page(driver, site.url(results_page) + f"?sort={content.sorts[0]['key']}", settle=False)
        view = read_page(driver, site, results_page, content)
    keys = {row["key"] for row in view["rows"] if not row["inResults"]}
    missing = sorted(set(content.items) - keys)
    assert not missing, f"without JavaScript the outline lacks {missing}"
    assert not any(row["inResults"] for row in view["rows"]), "without JavaScript rows are in a results list"
