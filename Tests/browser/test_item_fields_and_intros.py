"""Fields shown as what they are, and wide things kept inside a phone's screen: a
small site of our own, built with the binary under test, opened from
disk at a phone's and a desktop's width. Long text reads as paragraphs, records as small
tables, other tools' settings are not listed, a row's summary shows no markup, and neither a
long field value nor a wide table in a section's intro makes the page wider than the screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import browser_checks as checks
from fixture_sites import build_files, foldout_binary
from browser_checks import DESKTOP, PHONE

STORY = "Rex came to the shelter in spring and likes long walks by the river. " * 4
FILES = {
    "_index.md": "---\ntitle: Fixture shelter\n---\n",
    "pets/_index.md": "---\ntitle: Pets\n---\n",
    "pets/dogs/_index.md": "---\ntitle: Dogs\n---\nSizes:\n\n"
    + "| " + " | ".join(f"Column number {n}" for n in range(12)) + " |\n"
    + "|" + "---|" * 12 + "\n"
    + "| " + " | ".join("wide-value-without-spaces" for _ in range(12)) + " |\n",
    "pets/dogs/rex.md": "---\ntitle: Rex\n"
    f'story: "{STORY}"\n'
    "vet: {name: Dr Ada, phone: 555-0100, address: " + "a-very-long-street-name-" * 6 + "}\n"
    "visits:\n  - date: 2026-01-02\n    reason: check-up\n  - date: 2026-03-04\n    reason: vaccination\n"
    '"cSpell:ignore": [Rexy]\n'
    "cascade: {type: docs}\n"
    "---\nRex is {{< b >}}calm{{< /b >}} &lt;a href=\"x\"&gt;here&lt;/a&gt;\n{: .lead}\n",
}

_WIDTHS = """
return {page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth};
"""


@pytest.fixture(scope="module")
def fixture_site(request, tmp_path_factory) -> Path:
    return build_files(foldout_binary(request), tmp_path_factory.mktemp("fields"), FILES)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def device(request):
    return request.param


@pytest.fixture
def device_reset(driver):
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_fields_show_as_what_they_are_and_fit_the_screen(driver, fixture_site, device, device_reset):
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    checks.open_page(driver, (fixture_site / "pets" / "dogs" / "rex.html").as_uri())
    fields = driver.execute_script("""
        return [...document.querySelectorAll('.fields .field')].map(f => ({
          label: f.querySelector('dt').textContent.trim(),
          paragraphs: f.querySelectorAll('dd p').length,
          tables: f.querySelectorAll('dd table').length,
          text: f.querySelector('dd').textContent}));""")
    by_label = {field["label"]: field for field in fields}
    assert sorted(by_label) == ["Story", "Vet", "Visits"], fields
    assert by_label["Story"]["paragraphs"] == 1
    assert by_label["Vet"]["tables"] == 1 and "Dr Ada" in by_label["Vet"]["text"]
    assert by_label["Visits"]["tables"] == 2 and "reason:" not in by_label["Visits"]["text"]
    widths = driver.execute_script(_WIDTHS)
    assert widths["page"] <= widths["screen"], f"at {device['name']} the item page is {widths['page']} px wide on a {widths['screen']} px screen"


def test_a_wide_intro_table_scrolls_inside_its_box_and_summaries_are_plain(driver, fixture_site, device, device_reset):
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    checks.open_page(driver, (fixture_site / "pets" / "index.html").as_uri())
    widths = driver.execute_script(_WIDTHS)
    assert widths["page"] <= widths["screen"], f"at {device['name']} the catalog page is {widths['page']} px wide on a {widths['screen']} px screen"
    text = driver.execute_script("return document.body.innerText")
    for markup in ("{{<", "{:", "<a href", "&lt;"):
        assert markup not in text, f"{markup!r} shows on the catalog page"
