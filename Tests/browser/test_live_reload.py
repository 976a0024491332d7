"""`foldout serve` in a real browser: an open page follows edits by itself, shows a build
error over the last good page, and drops the error once the content is fixed."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from serve_process import foldout_serve

ITEM = "---\ntitle: Alba\n---\n{body}\n"


@pytest.fixture()
def served(request: pytest.FixtureRequest, tmp_path: Path):
    """A small site served by `foldout serve` on a free port: (content folder, base URL)."""
    foldout = Path(request.config.getoption("--foldout"))
    if not foldout.is_file():
        pytest.skip(f"{foldout} not built")
    content = tmp_path / "Content"
    (content / "pets" / "dogs").mkdir(parents=True)
    (content / "_index.md").write_text("---\ntitle: Live Shelter\n---\n")
    (content / "pets" / "_index.md").write_text("---\ntitle: Pets\n---\n")
    (content / "pets" / "dogs" / "alba.md").write_text(ITEM.format(body="Alba likes long walks."))
    (content / "pets" / "dogs" / "bruno.md").write_text("---\ntitle: Bruno\n---\nBruno naps.\n")
    with foldout_serve(foldout, content, tmp_path / "Output") as url:
        yield content, url


def test_open_page_follows_edits_and_shows_build_errors(served, driver) -> None:
    content, url = served
    item = content / "pets" / "dogs" / "alba.md"
    driver.get(url + "pets/dogs/alba.html")
    assert "Alba likes long walks." in driver.find_element(By.TAG_NAME, "main").text
    # The page reloads by itself, so an element read a moment ago may be gone.
    wait = WebDriverWait(driver, 15, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException])

    # An edit reaches the open page without anyone reloading it.
    item.write_text(ITEM.format(body="Alba now likes swimming."))
    wait.until(lambda d: "Alba now likes swimming." in d.find_element(By.TAG_NAME, "main").text)

    # A broken file: the page stays as it was, under an overlay naming the file and line.
    item.write_text("---\ntitle: [Alba\n---\nBroken.\n")
    overlay = wait.until(lambda d: d.find_elements(By.ID, "foldout-overlay"))[0]
    wait.until(lambda d: "Content/pets/dogs/alba.md:" in overlay.text and "error" in overlay.text)
    wait.until(lambda d: "Alba now likes swimming." in d.find_element(By.TAG_NAME, "main").text)

    # A page opened while the error lasts shows it too.
    driver.get(url + "pets/dogs/bruno.html")
    wait.until(lambda d: d.find_elements(By.ID, "foldout-overlay"))

    # Fixed: the overlay goes, the page shows the new text.
    item.write_text(ITEM.format(body="Alba is fixed."))
    wait.until(lambda d: not d.find_elements(By.ID, "foldout-overlay"))
    driver.get(url + "pets/dogs/alba.html")
    wait.until(lambda d: "Alba is fixed." in d.find_element(By.TAG_NAME, "main").text)
