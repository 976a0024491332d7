"""The catalog's buttons look alike: on a phone, the Filters sheet's Close, Clear all
and Show, and the sorted results' "Show more" share one style (`.control-button` in
style.css), so a change to one is a change to all. Show keeps its accent colours and weight; everything
else about them (height, padding, border, corners, type, cursor) is the same, from disk and
over HTTP.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import browser_checks as checks
from test_catalog_facets import _facet_pages


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "facet_page" in metafunc.fixturenames:
        site_dir = metafunc.config.getoption("--site-dir")
        metafunc.parametrize("facet_page", _facet_pages(Path(site_dir).resolve()) if site_dir else [])


_SHAPE = ["min-height", "padding-top", "padding-right", "padding-bottom", "padding-left",
          "border-top-width", "border-top-style", "border-top-left-radius", "font-family",
          "font-size", "line-height", "cursor"]
# What the accent button (Show) has of its own.
_EMPHASIS = ["background-color", "color", "border-top-color", "font-weight"]

# Computed styles hold for buttons that are not drawn (the sheet is closed, no "Show more" is
# needed), so one page load reads them all.
_STYLES = """
const names = arguments[0];
const out = {};
for (const selector of ['.facet-sheet-close', '.facet-sheet-clear', '.facet-show', '.results-more']) {
  const element = document.querySelector(selector);
  if (!element) { out[selector] = null; continue; }
  const style = getComputedStyle(element);
  out[selector] = Object.fromEntries(names.map(name => [name, style.getPropertyValue(name)]));
}
return out;
"""


def test_the_sheet_and_results_buttons_share_one_style(driver, site, facet_page):
    metrics = {key: checks.PHONE[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        checks.open_page(driver, site.url(facet_page))
        sorts = driver.find_elements(By.CSS_SELECTOR, "select#catalog-sort")
        if not sorts:
            pytest.skip(f"{facet_page} has no sort, so no results list and no Show more")
        Select(sorts[0]).select_by_index(1)  # a sort: the results list and its button appear
        styles = driver.execute_script(_STYLES, _SHAPE + _EMPHASIS)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    missing = [selector for selector, style in styles.items() if style is None]
    assert not missing, f"{facet_page}: no {', '.join(missing)} on a phone with a sort chosen"
    reference = styles[".results-more"]
    failures = []
    for selector, style in styles.items():
        names = _SHAPE if selector == ".facet-show" else _SHAPE + _EMPHASIS
        for name in names:
            if style[name] != reference[name]:
                failures.append(f"{selector} {name} is {style[name]!r}, .results-more's {reference[name]!r}")
    # Show is the sheet's one accent button: its own colours on top of the shared shape.
    if styles[".facet-show"]["background-color"] == reference["background-color"]:
        failures.append(".facet-show lost its accent background: " + reference["background-color"])
    assert not failures, f"{facet_page}:\n" + "\n".join(failures)
