"""Code in intros and the content's own <details> stay inside a phone's screen (found on
Docsy's documentation, session 23): a section's `_index.md` with a long command in a fenced
block made the catalog page 521 px wide on a 390 px phone, and a `<summary>` holding a long
file name in `<code>` made a post 504 px wide (the outlines' summaries are flex rows, whose
items do not shrink below their words). A small site of our own, built with the binary under
test, opened from disk at a phone's and a desktop's width.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import browser_checks as checks
from browser_checks import DESKTOP, PHONE
from fixture_sites import build_files, foldout_binary

COMMAND = "npm install --save-exact --save-dev hugo-extended@HUGO_VERSION " + "--flag-without-spaces-" * 4
FILE_NAME = "layouts/_partials/a-rather-long-partial-name-without-spaces.html"
FILES = {
    "_index.md": "---\ntitle: Fixture docs\n---\n",
    "docs/_index.md": "---\ntitle: Docs\n---\n",
    "docs/setup/_index.md": f"---\ntitle: Setup\n---\nInstall it:\n\n```sh\n{COMMAND}\n```\n",
    "docs/setup/more/_index.md": f"---\ntitle: More\n---\nOr:\n\n```\n{COMMAND}\n```\n",
    "docs/setup/more/extra.md": "---\ntitle: Extra\n---\nMore text.\n",
    "docs/setup/install.md": "---\ntitle: Install\n---\nWhat changed:\n\n"
    f"<details><summary>Summary of edits to <code>{FILE_NAME}</code> and others</summary>\n\nThe edits.\n\n</details>\n",
}

_WIDTHS = "return {page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth};"


@pytest.fixture(scope="module")
def fixture_site(request, tmp_path_factory) -> Path:
    return build_files(foldout_binary(request), tmp_path_factory.mktemp("wide-code"), FILES)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def device(request, driver):
    metrics = {key: request.param[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    yield request.param
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_code_in_intros_scrolls_inside_a_filled_box(driver, fixture_site, device):
    checks.open_page(driver, (fixture_site / "docs" / "index.html").as_uri())
    blocks = driver.execute_script("""
        return [...document.querySelectorAll('.section-intro pre, .group-intro pre')].map(pre => {
          const style = getComputedStyle(pre);
          return {text: pre.textContent, overflow: style.overflowX, fill: style.backgroundColor};});""")
    assert len(blocks) == 2, blocks
    for block in blocks:
        assert block["text"].strip() == COMMAND
        assert block["overflow"] == "auto", block
        assert block["fill"] not in ("rgba(0, 0, 0, 0)", "transparent"), block
    widths = driver.execute_script(_WIDTHS)
    assert widths["page"] <= widths["screen"], f"at {device['name']} the catalog page is {widths['page']} px wide on a {widths['screen']} px screen"


def test_a_summary_the_content_writes_wraps(driver, fixture_site, device):
    checks.open_page(driver, (fixture_site / "docs" / "setup" / "install.html").as_uri())
    summary = driver.execute_script("""
        const summary = document.querySelector('.body details > summary');
        return summary && {text: summary.textContent, right: summary.querySelector('code').getBoundingClientRect().right,
                           edge: summary.getBoundingClientRect().right};""")
    assert summary and FILE_NAME in summary["text"], summary
    assert summary["right"] <= summary["edge"] + 1, f"at {device['name']} the summary's code ends at {summary['right']} px, past its box at {summary['edge']} px"
    widths = driver.execute_script(_WIDTHS)
    assert widths["page"] <= widths["screen"], f"at {device['name']} the item page is {widths['page']} px wide on a {widths['screen']} px screen"
