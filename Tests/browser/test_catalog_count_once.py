"""A catalog page says how many items it has once (Templates/catalog.html, assets/style.css),
from disk and over HTTP.

On screen, at 390×844 and 1280×800, the page's count ("29 pets") shows in one place above
the results: the panel's status line where the page has a panel (it follows the filters),
else the page header. Printed, the panel is left out and the header's count shows.
The expected count is read from the content (catalog_pages.py), never copied from a run.
"""

from __future__ import annotations

import browser_checks as checks
from catalog_pages import read_catalog_content

# Elements above the results whose own text is the count, and whether each is drawn.
_COUNT_PLACES = checks.IS_SHOWN + """
const label = arguments[0];
const results = document.getElementById('results');
const found = [];
for (const element of document.querySelectorAll('body *')) {
  if (results && results.contains(element)) continue;
  if (element.closest('.site-header, .print-header, footer, .feed-links')) continue;
  const own = [...element.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
  if (own !== label) continue;
  found.push({where: element.id ? '#' + element.id : element.className || element.tagName, shown: isShown(element)});
}
return found;
"""


def _places(driver, label: str) -> list[str]:
    return [p["where"] for p in driver.execute_script(_COUNT_PLACES, label) if p["shown"]]


def test_the_count_shows_once_on_screen_and_in_print(driver, site, catalog_page, device):
    content = read_catalog_content(catalog_page)
    label = content.count(len(content.entries))
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        checks.open_page(driver, site.url(catalog_page))
        shown = _places(driver, label)
        assert len(shown) == 1, f"at {device['width']} px {label!r} shows {len(shown)} times above the results: {shown}"
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        printed = _places(driver, label)
        assert printed, f"printed, {label!r} is nowhere above the results"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
