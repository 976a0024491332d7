"""Folders of parts and groups by a field, as a visitor sees them.

A small site built here (with the --foldout binary): a catalog of exercises written as
folders of parts (`description.md` alone, or `introduction.md` and `instructions.md`), which
must read as one row per exercise named by its folder, its other parts behind the row's
disclosure; and a shelter with `group_by: status` and declared values, whose groups must come
in the declared order with the right counts and open like any other group.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

import image_checks as checks
from browser_checks import open_page
from fixture_sites import foldout_binary
from published_site import PublishedSite, published

pytestmark = pytest.mark.xdist_group("item-folders")

EXERCISES = {
    "two-fer": {"description.md": "# Description\n\nOne for you, one for me.\n"},
    "hello-world": {"description.md": "# Description\n\nSay hello.\n"},
    "bob": {"introduction.md": "# Introduction\n\nBob is a teenager.\n", "instructions.md": "# Instructions\n\nAnswer as Bob.\n"},
    "rna-transcription": {"introduction.md": "# Introduction\n\nRNA.\n", "instructions.md": "# Instructions\n\nTranscribe.\n"},
}
STATUSES = ["available", "reserved", "adopted"]
PETS = {"rex": "adopted", "tom": "available", "mia": "available", "pip": "reserved", "bo": None}


@pytest.fixture(scope="module")
def parts_site_folder(request, tmp_path_factory) -> Path:
    foldout = foldout_binary(request)
    root = tmp_path_factory.mktemp("item-folders")
    content = root / "Content"
    (content / "exercises").mkdir(parents=True)
    (content / "_index.md").write_text("---\ntitle: Parts\n---\n")
    (content / "exercises" / "_index.md").write_text("---\ntitle: Exercises\n---\n")
    for name, parts in EXERCISES.items():
        folder = content / "exercises" / name
        folder.mkdir()
        for part, text in parts.items():
            (folder / part).write_text(text)
        (folder / "metadata.toml").write_text(f'title = "{name}"\n')
    shelter = content / "shelter"
    shelter.mkdir()
    (shelter / "_index.md").write_text(
        "---\ntitle: Shelter\ngroup_by: status\nexpand_below: 0\nfields:\n"
        f"  status: {{type: choice, values: [{', '.join(STATUSES)}]}}\n---\n")
    for name, status in PETS.items():
        (shelter / f"{name}.md").write_text(f"---\ntitle: {name.title()}\n" + (f"status: {status}\n" if status else "") + "---\n\nA pet.\n")
    output = root / "site"
    subprocess.run([str(foldout), "build", "--content", str(content), "--templates", str(checks.REPOSITORY / "Templates"),
                    "--output", str(output), "--quiet"], check=True, cwd=root, timeout=300)
    return output


@pytest.fixture(scope="module")
def parts_site(parts_site_folder, mode) -> PublishedSite:
    with published(parts_site_folder, mode) as site:
        yield site


def readable(name: str) -> str:
    """A folder's name as Foldout titles it: words, the first capitalised."""
    words = re.split(r"[-_ ]", name)
    return " ".join([words[0].capitalize()] + words[1:])


def test_a_folder_of_parts_is_one_row_with_its_other_parts_inside(driver, parts_site):
    open_page(driver, parts_site.url("exercises/index.html"))
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".row-title")]
    rows = {e.get_attribute("id"): e for e in driver.find_elements(By.CSS_SELECTOR, "li.row")}
    for name, parts in EXERCISES.items():
        assert readable(name) in titles, (name, titles)
        row = rows[name]
        others = [p for p in parts if p not in ("description.md", "introduction.md")]
        if others:
            # The row discloses the other parts; opening it shows them as links to their pages.
            details = row.find_element(By.CSS_SELECTOR, ":scope > details")
            if details.get_attribute("open") is None:
                details.find_element(By.CSS_SELECTOR, ":scope > summary").click()
            links = row.find_elements(By.CSS_SELECTOR, ":scope > details a.row-link")
            assert [link.find_element(By.CSS_SELECTOR, ".row-title").text for link in links if link.is_displayed()] == ["Instructions"]
        else:
            assert not row.find_elements(By.CSS_SELECTOR, "details")
    assert "Description" not in titles and "Introduction" not in titles
    # A sub-page leads back through its exercise.
    open_page(driver, parts_site.url("exercises/bob/instructions.html"))
    crumbs = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".breadcrumb a")]
    assert crumbs[-1] == readable("bob"), crumbs
    assert "Answer as Bob." in driver.find_element(By.CSS_SELECTOR, ".body").text


def test_groups_by_a_field_come_in_the_declared_order(driver, parts_site):
    open_page(driver, parts_site.url("shelter/index.html"))
    groups = driver.find_elements(By.CSS_SELECTOR, "details[id^='status-']")
    present = [s for s in STATUSES if s in PETS.values()]
    expected = [(s, sum(1 for v in PETS.values() if v == s)) for s in present]
    if None in PETS.values():
        expected.append(("Other", sum(1 for v in PETS.values() if v is None)))
    seen = []
    for group in groups:
        summary = group.find_element(By.CSS_SELECTOR, ":scope > summary")
        count = int(re.search(r"\d+", summary.find_element(By.CSS_SELECTOR, ".count").text).group())
        title = summary.find_element(By.CSS_SELECTOR, ".group-title").text
        seen.append((title, count))
        # Closed at first (expand_below: 0); a click opens it, showing its rows.
        assert group.get_attribute("open") is None
        summary.click()
        assert group.get_attribute("open") is not None
        assert len([r for r in group.find_elements(By.CSS_SELECTOR, "li.row") if r.is_displayed()]) == count
    assert [(t.lower(), c) for t, c in seen] == [(t.lower(), c) for t, c in expected], seen
