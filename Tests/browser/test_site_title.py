"""The site's title in the header is never cut (Templates/base.html, assets/style.css):
on a phone (390 px) and a desktop, every catalog page and the home page show it
whole, wrapped between words if need be, inside the screen. The title is read from the page.
"""

from __future__ import annotations

import pytest

import browser_checks as checks

_TITLE = """
const title = document.querySelector('.site-header .site-title');
if (!title) return null;
const style = getComputedStyle(title);
const box = title.getBoundingClientRect();
// Each word's own box: a word cut or pushed out of the screen shows here.
const range = document.createRange();
range.selectNodeContents(title);
const words = [...range.getClientRects()];
return {
  text: title.textContent.trim(),
  scroll: title.scrollWidth, client: title.clientWidth,
  ellipsis: style.textOverflow === 'ellipsis' && style.overflowX !== 'visible',
  left: box.left, right: box.right, screen: document.documentElement.clientWidth,
  textRight: Math.max(...words.map(r => r.right)),
};
"""


@pytest.fixture
def device_reset(driver):
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_site_title_is_never_cut(driver, site, catalog_page, device, device_reset):
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    failures = []
    for page in ("index.html", catalog_page):
        checks.open_page(driver, site.url(page))
        title = driver.execute_script(_TITLE)
        assert title and title["text"], f"{page}: no site title in the header"
        if title["scroll"] > title["client"] + 1:
            failures.append(f"{page} at {device['name']}: the title needs {title['scroll']} px and has {title['client']}")
        if title["ellipsis"] and title["scroll"] > title["client"]:
            failures.append(f"{page} at {device['name']}: the title ends in an ellipsis")
        if title["left"] < 0 or title["textRight"] > title["screen"] + 1:
            failures.append(f"{page} at {device['name']}: the title {title['text']!r} goes past the screen")
    assert not failures, "\n".join(failures)
