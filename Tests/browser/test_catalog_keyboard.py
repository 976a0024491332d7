"""The keyboard on a desktop catalog (issue 30): from the top of the page, Tab reaches the first
result after the page's own controls and one press per facet, not after every facet value,
from disk and over HTTP. Each facet folds to its name (a button, GOV.UK's filter pattern,
Templates/assets/catalog-page.js); Enter opens it, and a facet holding a chosen value is open.

The bound is read from the page: what a person passes before the panel (skip link, header,
intro), the panel's own controls (filter box, sort, the "Also show" box) and one name per
facet (`fieldset[data-facet]`); never a number copied from a run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.keys import Keys

import browser_checks as checks
from test_catalog_facets import _facet_pages


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "facet_page" in metafunc.fixturenames:
        site_dir = metafunc.config.getoption("--site-dir")
        metafunc.parametrize("facet_page", _facet_pages(Path(site_dir).resolve()) if site_dir else [])

_FOCUSED = """
const e = document.activeElement;
if (!e || e === document.body) return null;
const results = document.getElementById('results');
return {tag: e.tagName.toLowerCase(), type: e.type || null, cls: e.className || '',
        facetValue: e.type === 'checkbox' && !!e.closest('fieldset[data-facet]'),
        result: !!results && results.contains(e) && (e.matches('.row-link') || e.tagName === 'SUMMARY')};
"""

# What Tab may pass before the first result: every shown, focusable thing before the panel,
# and in the panel its bar's controls, the "Also show" box and one stop per facet.
_BOUND = checks.IS_SHOWN + """
const panel = document.getElementById('catalog-panel');
const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
const before = [...document.querySelectorAll(focusable)].filter(e =>
  !panel.contains(e) && (e.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING) && isShown(e)
  && !e.disabled && !e.closest('[inert]')).length;
const bar = [...panel.querySelectorAll('.panel-bar ' + focusable + ', .panel-status ' + focusable)].filter(isShown).length;
const facets = panel.querySelectorAll('fieldset[data-facet]').length;
const values = panel.querySelectorAll('fieldset[data-facet] input[type=checkbox]').length;
const also = panel.querySelectorAll('fieldset:not([data-facet]) input').length;
return {before, bar, facets, values, also};
"""


def test_tab_reaches_the_first_result_after_one_stop_per_facet(driver, site, facet_page):
    checks.open_page(driver, site.url(facet_page))
    driver.execute_script("window.scrollTo(0, 0); if (document.activeElement) document.activeElement.blur();")
    bound = driver.execute_script(_BOUND)
    limit = bound["before"] + bound["bar"] + bound["also"] + bound["facets"] + 1
    assert bound["values"] > bound["facets"], \
        f"{facet_page}: {bound['values']} facet values in {bound['facets']} facets: folding them could not be told apart"
    passed_values = 0
    for presses in range(1, limit + bound["values"] + 1):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.execute_script(_FOCUSED)
        if focused and focused["facetValue"]:
            passed_values += 1
        if focused and focused["result"]:
            break
    else:
        raise AssertionError(f"{facet_page}: {limit + bound['values']} Tab presses never reach a result")
    assert passed_values == 0, f"{facet_page}: Tab passes {passed_values} facet values before the first result"
    assert presses <= limit, (f"{facet_page}: the first result takes {presses} Tab presses; at most {limit} "
                              f"({bound['before']} before the panel, {bound['bar']} in its bar, "
                              f"{bound['also']} 'also show', {bound['facets']} facets, 1)")


def test_a_folded_facet_opens_with_enter_and_a_chosen_one_arrives_open(driver, site, facet_page):
    checks.open_page(driver, site.url(facet_page))
    folds = driver.execute_script("""
      return [...document.querySelectorAll('#catalog-panel fieldset[data-facet]')].map(f => {
        const button = f.querySelector('.facet-fold'), box = f.querySelector('input[type=checkbox]');
        return {key: f.getAttribute('data-facet'), expanded: button && button.getAttribute('aria-expanded'),
                valuesShown: !!box && box.getClientRects().length > 0, value: box && box.value};
      });""")
    listed = [f for f in folds if f["value"]]
    assert listed, f"{facet_page}: no facet with values"
    assert all(f["expanded"] == "false" and not f["valuesShown"] for f in listed), \
        f"{facet_page}: on arrival every facet should be folded to its name: {folds}"
    first = listed[0]
    button = driver.find_element("css selector", f'#catalog-panel fieldset[data-facet="{first["key"]}"] .facet-fold')
    button.send_keys(Keys.ENTER)
    opened = driver.execute_script("""
      const f = document.querySelector(`#catalog-panel fieldset[data-facet="${arguments[0]}"]`);
      return [f.querySelector('.facet-fold').getAttribute('aria-expanded'), f.querySelector('input[type=checkbox]').getClientRects().length > 0];""",
                                   first["key"])
    assert opened == ["true", True], f"{facet_page}: Enter on {first['key']}'s name leaves it {opened}"
    # A value chosen in the address: its facet arrives open, the others folded.
    checks.open_page(driver, site.url(facet_page) + f"?{first['key']}={first['value']}")
    states = driver.execute_script("""
      return Object.fromEntries([...document.querySelectorAll('#catalog-panel fieldset[data-facet] .facet-fold')].map(
        b => [b.closest('fieldset').getAttribute('data-facet'), b.getAttribute('aria-expanded')]));""")
    assert states.get(first["key"]) == "true", f"{facet_page}: {first['key']} chosen in the address arrives folded: {states}"
    assert [k for k, v in states.items() if v == "true"] == [first["key"]], f"{facet_page}: unchosen facets arrive open: {states}"
