"""A catalog on a phone, and coming back to it (Templates/catalog.html, partials/catalog-panel.html,
assets/catalog-page.js and assets/catalog-place.js), from disk and over HTTP.

- At 390×844 the first result (a row's title, or a closed group before any row) is in the
  first screen, on arrival and after two filters chosen in the Filters sheet.
- The sheet is a dialog that ends in "Show N pets": N is the live count of the status line
  and the noun the catalog's `item_name`; closing it shows the results.
- The chosen filters are chips above the results; removing one clears that filter.
- "Skip to results" is the first Tab stop and puts the focus on the first result; "/" puts it
  in the filter box, except while typing in a field.
- Few Tab presses reach the first result, and none of them stops at something that is not
  the header, the panel's bar, the intro's "Read more" or the results' own headings.
- An item page's link back returns to the filters, sort and row the reader left from.

What a page should show is read from the page and the content (test_catalog_facets.py reads
the facets and `item_name`), never copied from a run.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser_checks as checks
from catalog_pages import read_catalog_content
from test_catalog_facets import _facet_pages, read_page


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "facet_page" in metafunc.fixturenames:
        site_dir = metafunc.config.getoption("--site-dir")
        metafunc.parametrize("facet_page", _facet_pages(Path(site_dir).resolve()) if site_dir else [])


# The first result a person sees: the first shown row, or a closed group that comes before any.
_FIRST_RESULT = checks.IS_SHOWN + """
const results = document.getElementById('results');
if (!results) return {missing: true};
for (const candidate of results.querySelectorAll('.row-link, details > summary')) {
  if (candidate.tagName === 'SUMMARY' && candidate.parentElement.open) continue;
  if (!isShown(candidate)) continue;
  const title = candidate.tagName === 'SUMMARY' ? candidate : (candidate.querySelector('.row-title') || candidate);
  const box = title.getBoundingClientRect();
  return {what: candidate.tagName === 'SUMMARY' ? 'group ' + candidate.parentElement.id : 'row ' + candidate.closest('.row').id,
          top: box.top, bottom: box.bottom, screen: innerHeight, focused: document.activeElement === candidate,
          element: candidate};
}
return null;
"""

_SHEET = """
const sheet = document.getElementById('facet-sheet');
const toggle = document.querySelector('#catalog-panel .facet-toggle');
const show = sheet && sheet.querySelector('.facet-show');
const box = sheet && sheet.getBoundingClientRect();
return {
  exists: !!sheet, shown: !!sheet && sheet.getClientRects().length > 0 && box.height > 0,
  role: sheet && sheet.getAttribute('role'), modal: sheet && sheet.getAttribute('aria-modal'),
  inView: !!sheet && box.top >= 0 && box.bottom <= innerHeight + 1 && box.left >= 0 && box.right <= innerWidth + 1,
  expanded: toggle && toggle.getAttribute('aria-expanded'),
  button: show ? show.textContent.trim() : null,
  buttonInView: !!show && show.getBoundingClientRect().bottom <= innerHeight + 1 && show.getClientRects().length > 0,
  status: (document.getElementById('catalog-status') || {textContent: ''}).textContent.trim(),
  focusInside: !!sheet && sheet.contains(document.activeElement),
  pageInert: !!document.querySelector('.site-header') && document.querySelector('.site-header').closest('[inert]') !== null,
};
"""

_CHIPS = """
const list = document.querySelector('.filter-chips');
const first = document.querySelector('#results .row:not([hidden])');
return {
  shown: !!list && list.getClientRects().length > 0,
  chips: list ? [...list.querySelectorAll('.filter-chip:not(.is-clear)')].map(c => c.textContent.trim()) : [],
  bottom: list ? list.getBoundingClientRect().bottom : null,
  firstSection: (document.querySelector('#results .section:not([hidden])') || list).getBoundingClientRect().top,
};
"""


def _use(driver, device: dict) -> None:
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def _phone(driver) -> None:
    _use(driver, checks.PHONE)


@pytest.fixture
def device_reset(driver):
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _first_result(driver) -> dict:
    found = driver.execute_script(_FIRST_RESULT)
    assert found is not None, "no result is shown"
    assert not found.get("missing"), "the catalog page has no #results around its sections"
    return found


def _in_first_screen(found: dict) -> bool:
    return found["top"] >= 0 and found["bottom"] <= found["screen"]


def _shown_count(status: str) -> int:
    """The number a status line starts with: "12 of 29 pets" or "29 pets"."""
    match = re.match(r"\s*(\d[\d,]*)", status)
    assert match, f"the status line says {status!r}: no count"
    return int(match.group(1).replace(",", ""))


def _address(driver) -> list[tuple[str, str]]:
    return parse_qsl(urlsplit(driver.execute_script("return location.href")).query)


def _blur_to_top(driver) -> None:
    driver.execute_script("window.scrollTo(0, 0); if (document.activeElement) document.activeElement.blur();")


def _first_filter(options: list[dict], total: int) -> dict:
    """The value that keeps the most items while hiding some."""
    usable = [o for o in options if o["count"].isdigit() and 0 < int(o["count"]) < total]
    assert usable, "no facet value hides some items and keeps some"
    return max(usable, key=lambda o: int(o["count"]))


def _second_filter(options: list[dict], first: dict, shown: int) -> dict:
    """With the counts after the first: a value of another facet that keeps some and hides
    some more, else another value of the same facet."""
    others = [o for o in options if not o["checked"] and o["count"].isdigit() and 0 < int(o["count"])]
    other_facets = [o for o in others if o["facet"] != first["facet"] and int(o["count"]) < shown]
    pool = other_facets or [o for o in others if o["facet"] == first["facet"]]
    assert pool, f"after {first['facet']} = {first['label']}, no second value keeps any item"
    return max(pool, key=lambda o: int(o["count"]))


def _tick(driver, option: dict) -> None:
    for box in driver.find_elements(By.CSS_SELECTOR, f'#facet-sheet fieldset[data-facet="{option["facet"]}"] input[type=checkbox]'):
        if box.get_attribute("value") == option["value"]:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", box)
            box.click()
            return
    raise AssertionError(f"no checkbox for {option['facet']} = {option['value']} in the sheet")


# ---------- The first screen ----------

def test_a_phone_shows_a_result_in_the_first_screen(driver, site, catalog_page, device_reset):
    _phone(driver)
    checks.open_page(driver, site.url(catalog_page))
    found = _first_result(driver)
    assert _in_first_screen(found), (
        f"at 390×844 the first result ({found['what']}) is at {found['top']:.0f}–{found['bottom']:.0f} px, "
        f"below the first screen ({found['screen']} px)")


def test_two_filters_from_the_sheet_show_their_count_and_leave_a_result_in_the_first_screen(driver, site, facet_page, device_reset):
    catalog = read_catalog_content(facet_page)
    _phone(driver)
    checks.open_page(driver, site.url(facet_page))
    failures = []
    arrival = read_page(driver)
    total = _shown_count(arrival["status"])
    closed = driver.execute_script(_SHEET)
    assert closed["exists"], "the panel has no #facet-sheet"
    if closed["expanded"] != "false" or any(
            driver.execute_script("return arguments[0].getClientRects().length > 0", f)
            for f in driver.find_elements(By.CSS_SELECTOR, "#facet-sheet fieldset")):
        failures.append("the facets show before Filters is pressed")
    driver.find_element(By.CSS_SELECTOR, "#catalog-panel .facet-toggle").click()
    sheet = driver.execute_script(_SHEET)
    if not (sheet["shown"] and sheet["inView"]):
        failures.append(f"pressing Filters shows no sheet within the screen: {sheet}")
    if sheet["role"] != "dialog" or sheet["modal"] != "true" or not sheet["focusInside"] or not sheet["pageInert"]:
        failures.append(f"the open sheet is not a modal dialog holding the focus, the page behind it inert: {sheet}")
    if sheet["button"] != f"Show {catalog.count(total)}":
        failures.append(f"on arrival the sheet's button says {sheet['button']!r}, expected 'Show {catalog.count(total)}'")
    if not sheet["buttonInView"]:
        failures.append("the sheet's Show button is not within the screen")
    assert not failures, "\n".join(failures)

    first = _first_filter(arrival["options"], total)
    _tick(driver, first)
    after_one = read_page(driver)
    second = _second_filter(after_one["options"], first, _shown_count(after_one["status"]))
    _tick(driver, second)
    sheet = driver.execute_script(_SHEET)
    shown = _shown_count(sheet["status"])
    if shown >= total:
        failures.append(f"{first['facet']} = {first['label']} and {second['facet']} = {second['label']} hide nothing: {sheet['status']!r}")
    if sheet["button"] != f"Show {catalog.count(shown)}":
        failures.append(f"with two filters the status says {sheet['status']!r} and the sheet's button {sheet['button']!r}")
    driver.find_element(By.CSS_SELECTOR, "#facet-sheet .facet-show").click()
    sheet = driver.execute_script(_SHEET)
    if sheet["shown"] or sheet["expanded"] != "false" or sheet["role"] or sheet["pageInert"]:
        failures.append(f"Show did not close the sheet: {sheet}")
    found = _first_result(driver)
    if not _in_first_screen(found):
        failures.append(f"after two filters the first result ({found['what']}) is at {found['top']:.0f}–"
                        f"{found['bottom']:.0f} px, below the first screen ({found['screen']} px)")
    # Escape closes it too, and the focus goes back to the Filters button.
    driver.find_element(By.CSS_SELECTOR, "#catalog-panel .facet-toggle").click()
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    sheet = driver.execute_script(_SHEET)
    focused = driver.execute_script("return document.activeElement.classList.contains('facet-toggle')")
    if sheet["shown"] or not focused:
        failures.append(f"Escape left the sheet open or the focus elsewhere than on Filters: {sheet}")
    assert not failures, "\n".join(failures)


# ---------- Chips ----------

def test_chips_name_the_chosen_filters_and_remove_one_each(driver, site, facet_page, device_reset):
    _phone(driver)
    checks.open_page(driver, site.url(facet_page))
    arrival = read_page(driver)
    total = _shown_count(arrival["status"])
    assert not driver.execute_script(_CHIPS)["shown"], "chips are shown with no filter chosen"
    first = _first_filter(arrival["options"], total)
    on_arrival = {(o["facet"], o["value"]): o for o in arrival["options"]}
    driver.find_element(By.CSS_SELECTOR, "#catalog-panel .facet-toggle").click()
    _tick(driver, first)
    after_one = read_page(driver)
    second = _second_filter(after_one["options"], first, _shown_count(after_one["status"]))
    _tick(driver, second)
    driver.find_element(By.CSS_SELECTOR, "#facet-sheet .facet-show").click()
    failures = []
    chips = driver.execute_script(_CHIPS)
    if not chips["shown"] or len(chips["chips"]) != 2:
        failures.append(f"two filters chosen, chips shown: {chips}")
    for option in (first, second):
        if not any(option["label"] in chip for chip in chips["chips"]):
            failures.append(f"no chip names {option['label']!r}: {chips['chips']}")
    if chips["bottom"] is not None and chips["bottom"] > chips["firstSection"] + 1:
        failures.append("the chips are not above the results")
    assert not failures, "\n".join(failures)

    # Removing the first value's chip leaves the second value alone: its count on arrival.
    chip = next(c for c in driver.find_elements(By.CSS_SELECTOR, ".filter-chips .filter-chip:not(.is-clear)")
                if first["label"] in c.text)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", chip)
    chip.click()
    view = read_page(driver)
    checked = [(o["facet"], o["value"]) for o in view["options"] if o["checked"]]
    if checked != [(second["facet"], second["value"])]:
        failures.append(f"after removing the chip of {first['label']}, checked: {checked}")
    expected = int(on_arrival[(second["facet"], second["value"])]["count"])
    if _shown_count(view["status"]) != expected:
        failures.append(f"with {second['label']} alone the status says {view['status']!r}, expected {expected} (its count on arrival)")
    chips = driver.execute_script(_CHIPS)
    if len(chips["chips"]) != 1 or first["label"] in chips["chips"][0]:
        failures.append(f"after removing one chip, chips: {chips['chips']}")
    try:
        WebDriverWait(driver, 5).until(lambda d: (first["facet"], first["value"]) not in _address(d)
                                       and (second["facet"], second["value"]) in _address(d))
    except TimeoutException:
        failures.append(f"after removing the chip of {first['label']} the address is {_address(driver)}")
    assert not failures, "\n".join(failures)


# ---------- The keyboard ----------

_FOCUSED = """
const e = document.activeElement;
if (!e || e === document.body) return null;
const box = e.getBoundingClientRect();
return {tag: e.tagName.toLowerCase(), id: e.id, cls: String(e.className || ''), text: (e.textContent || '').trim().slice(0, 60),
        href: e.getAttribute('href'), inView: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth};
"""


def test_skip_to_results_and_slash(driver, site, catalog_page, device, device_reset):
    _use(driver, device)
    checks.open_page(driver, site.url(catalog_page))
    _blur_to_top(driver)
    failures = []
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.execute_script(_FOCUSED)
    if not focused or focused["href"] != "#results" or focused["text"] != "Skip to results" or not focused["inView"]:
        failures.append(f"the first Tab stop is not a visible 'Skip to results' link: {focused}")
    else:
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        found = _first_result(driver)
        if not found["focused"]:
            failures.append(f"Enter on 'Skip to results' focuses {driver.execute_script(_FOCUSED)}, not the first result ({found['what']})")
        elif not (found["top"] >= 0 and found["bottom"] <= found["screen"]):
            failures.append(f"the first result has the focus but is out of view ({found['top']:.0f}–{found['bottom']:.0f})")
    # "/" from anywhere but a field: the filter box.
    _blur_to_top(driver)
    ActionChains(driver).send_keys("/").perform()
    focused = driver.execute_script(_FOCUSED)
    if not focused or focused["id"] != "filter-query":
        failures.append(f"'/' focuses {focused}, not the filter box")
    # Typed in a field, "/" is a character like any other.
    search = driver.find_elements(By.ID, "site-search")
    if search and search[0].is_displayed():
        search[0].click()
        search[0].send_keys("a/b")
        if search[0].get_attribute("value") != "a/b" or driver.execute_script("return document.activeElement.id") != "site-search":
            failures.append(f"'/' typed in the site search: value {search[0].get_attribute('value')!r}, focus {driver.execute_script(_FOCUSED)}")
        search[0].send_keys(Keys.ESCAPE)
    box = driver.find_element(By.ID, "filter-query")
    driver.execute_script("arguments[0].focus();", box)
    ActionChains(driver).send_keys("x/").perform()
    if box.get_attribute("value") != "x/":
        failures.append(f"'/' typed in the filter box gives {box.get_attribute('value')!r}")
    assert not failures, "\n".join(failures)


# The Tab stops a person passes before the first result: the skip link, the site's header, the
# page's header ("Read more"), the panel's bar, and the results' own headings and controls.
_ALLOWED_BEFORE_RESULTS = """
const e = arguments[0];
return !!(e.closest('.skip-link, .site-header, .page-header, #catalog-panel .panel-bar, .section-header, .outline-controls')
          || (e.tagName === 'SUMMARY' && e.parentElement.open));
"""


def test_few_tab_presses_reach_the_first_result(driver, site, catalog_page, device, device_reset):
    _use(driver, device)
    target = None

    def presses(use_skip_link: bool) -> tuple[int | None, list[str]]:
        # A fresh load: Tab would go on from wherever the last focus was.
        nonlocal target
        checks.open_page(driver, site.url(catalog_page))
        target = _first_result(driver)["element"]
        _blur_to_top(driver)
        stops = []
        for count in range(1, 81):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            active = driver.switch_to.active_element
            if active == target:
                return count, stops
            info = driver.execute_script(_FOCUSED) or {}
            stops.append(f"{info.get('tag')}.{info.get('cls')} {info.get('text')!r}")
            if not driver.execute_script(_ALLOWED_BEFORE_RESULTS, active):
                stops[-1] += " (not allowed before the results)"
            if use_skip_link and info.get("href") == "#results":
                ActionChains(driver).send_keys(Keys.ENTER).perform()
                if driver.switch_to.active_element == target:
                    return count, stops
        return None, stops

    failures = []
    # With the skip link: one Tab to it, Enter, and the first result has the focus; a second
    # Tab is allowed for a browser that leaves the focus on the target section.
    count, stops = presses(use_skip_link=True)
    if count is None or count > 2:
        failures.append(f"{count} Tab presses reach the first result through 'Skip to results' (at most 2): {stops}")
    if device["name"] == "phone":
        # Without it, every stop on the way is one of the allowed kinds: no feed links, no
        # facet checkbox, nothing of the intro but its "Read more".
        count, stops = presses(use_skip_link=False)
        allowed = driver.execute_script(checks.IS_SHOWN +
            "const e = arguments[0]; const all = [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex]')];"
            "return all.filter(x => x.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)"
            ".filter(x => isShown(x) && !x.closest('[hidden], [inert]') && x.tabIndex >= 0).length;", target)
        if count is None:
            failures.append(f"Tab never reaches the first result: {stops}")
        else:
            if any("not allowed" in stop for stop in stops):
                failures.append(f"{count} Tab presses on a phone pass stops that are not the header, panel or headings: {stops}")
            if count > allowed + 1:
                failures.append(f"{count} Tab presses on a phone, more than the {allowed} focusable things before the first result")
    assert not failures, "\n".join(failures)


# ---------- Coming back ----------

def test_the_back_link_returns_to_the_filters_sort_and_row(driver, site, facet_page, device_reset):
    _phone(driver)
    checks.open_page(driver, site.url(facet_page))
    arrival = read_page(driver)
    total = _shown_count(arrival["status"])
    first = _first_filter(arrival["options"], total)
    driver.find_element(By.CSS_SELECTOR, "#catalog-panel .facet-toggle").click()
    _tick(driver, first)
    driver.find_element(By.CSS_SELECTOR, "#facet-sheet .facet-show").click()
    sorts = driver.find_elements(By.ID, "catalog-sort")
    sort = ""
    if sorts:
        menu = Select(sorts[0])
        sort = menu.options[-1].get_attribute("value")
        menu.select_by_value(sort)
    want = {(first["facet"], first["value"])} | ({("sort", sort)} if sort else set())
    WebDriverWait(driver, 5).until(lambda d: want <= set(_address(d)))
    left_from = driver.execute_script("return location.search")
    status = read_page(driver)["status"]
    # The last row shown: far enough down that coming back to the top would not find it.
    row = driver.execute_script(checks.IS_SHOWN + """
      const rows = [...document.querySelectorAll('#results .row')].filter(r => isShown(r.querySelector('.row-link')));
      const row = rows[rows.length - 1];
      row.scrollIntoView({block: 'center'});
      return {id: row.id, href: row.querySelector('.row-link').href};""")
    driver.find_element(By.CSS_SELECTOR, f'[id="{row["id"]}"] > .row-link').click()
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return location.href").split("#")[0] == row["href"].split("#")[0]
                                    and d.execute_script("return document.readyState") == "complete")
    back = driver.find_element(By.CSS_SELECTOR, ".back a")
    href = back.get_attribute("href")
    failures = []
    parts = urlsplit(href)
    if "?" + parts.query != left_from or parts.fragment != row["id"]:
        failures.append(f"the link back is {href}, expected the catalog with {left_from} and #{row['id']}")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", back)
    back.click()
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete"
                                    and d.find_elements(By.ID, "catalog-status"))
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)));")
    view = read_page(driver)
    if driver.execute_script("return location.search") != left_from:
        failures.append(f"back at {driver.current_url}, expected the address {left_from}")
    if [(o["facet"], o["value"]) for o in view["options"] if o["checked"]] != [(first["facet"], first["value"])]:
        failures.append(f"back with checked {[(o['facet'], o['value']) for o in view['options'] if o['checked']]}")
    if view["sort"] != sort:
        failures.append(f"back with the sort {view['sort']!r}, expected {sort!r}")
    if view["status"] != status:
        failures.append(f"back with the status {view['status']!r}, expected {status!r}")
    place = driver.execute_script(checks.IS_SHOWN + """
      const row = document.getElementById(arguments[0]);
      if (!row) return null;
      const box = row.getBoundingClientRect();
      const panel = document.getElementById('catalog-panel');
      const cover = panel && getComputedStyle(panel).position === 'sticky' && panel.getBoundingClientRect().left < box.right
                    && panel.getBoundingClientRect().right > box.left ? panel.getBoundingClientRect().bottom : 0;
      return {shown: isShown(row), top: box.top, bottom: box.bottom, cover, screen: innerHeight};""", row["id"])
    if not place or not place["shown"] or place["top"] < place["cover"] - 1 or place["bottom"] > place["screen"] + 1:
        failures.append(f"back, the row {row['id']} is not in view below the panel: {place}")
    assert not failures, "\n".join(failures)


def test_without_javascript_the_back_link_goes_to_the_row(driver, site, facet_page):
    checks.open_page(driver, site.url(facet_page))
    row = driver.execute_script("const r = document.querySelector('#results .row'); return {id: r.id, href: r.querySelector('.row-link').href};")
    with checks.without_javascript(driver):
        checks.open_page(driver, row["href"], settle=False)
        href = driver.find_element(By.CSS_SELECTOR, ".back a").get_attribute("href")
    catalog_url = site.url(facet_page)
    if href != f"{catalog_url}#{row['id']}":
        pytest.fail(f"without JavaScript the link back is {href}, expected {catalog_url}#{row['id']}")
