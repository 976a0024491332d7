"""Long intros on pages of their own, the heading of an item's sub-pages, and a README's
screenshot from `.github/`, as a visitor sees them.

A small site built here (with the --foldout binary): a catalog whose section has a long
`_index.md` body (more words than `intro_page_words`), which the outline must show as its
first paragraph and a "Read more" link to a page of its own holding the intro whole and
its items; a short group intro that stays in place; a lesson owning a folder of parts, whose
list of pages needs a visible heading; and a root README showing a picture kept under
`.github/images/`, which must load while the rest of `.github/` is not published.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

import image_checks as checks
from browser_checks import open_page
from fixture_sites import foldout_binary
from published_site import PublishedSite, published

pytestmark = pytest.mark.xdist_group("intro-pages")

FIRST_PARAGRAPH = "Our dogs are friendly and love long walks."
SENTENCE = "Every dog here has been checked by a vet and is ready for a new home soon."
LONG_WORDS = 200  # over the default threshold of 150 words
LESSON_PARTS = {"setup.md": "# Setup\n\nInstall it.\n", "practice.md": "# Practice\n\nTry it.\n"}
SCREENSHOT = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#4a8"/></svg>'


@pytest.fixture(scope="module")
def intro_site_folder(request, tmp_path_factory) -> Path:
    foldout = foldout_binary(request)
    root = tmp_path_factory.mktemp("intro-pages")
    content = root / "Content"
    dogs = content / "pets" / "dogs"
    (dogs / "terriers").mkdir(parents=True)
    repeats = LONG_WORDS // len(SENTENCE.split()) + 1
    long_text = " ".join([SENTENCE] * repeats)
    (content / "README.md").write_text("# Shelter\n\n![The catalog](.github/images/catalog.svg)\n\nSee the [pets](pets/).\n")
    (content / ".github" / "images").mkdir(parents=True)
    (content / ".github" / "images" / "catalog.svg").write_text(SCREENSHOT)
    (content / ".github" / "workflows").mkdir()
    (content / ".github" / "workflows" / "pages.yml").write_text("on: push\n")
    (content / "pets" / "_index.md").write_text("---\ntitle: Pets\nitem_name: pet\nexpand_below: 0\n---\n")
    (dogs / "_index.md").write_text(f"---\ntitle: Dogs\n---\n{FIRST_PARAGRAPH}\n\n{long_text}\n\n## Care\n\n{long_text}\n")
    (dogs / "rex.md").write_text("---\ntitle: Rex\n---\nRead about [their care](_index.md#care).\n")
    (dogs / "terriers" / "_index.md").write_text("---\ntitle: Terriers\n---\nSmall and brave.\n")
    (dogs / "terriers" / "diego.md").write_text("---\ntitle: Diego\n---\nA terrier.\n")
    lessons = content / "lessons"
    (lessons / "basics").mkdir(parents=True)
    (lessons / "_index.md").write_text("---\ntitle: Lessons\npage_name: part\n---\n")
    (lessons / "basics.md").write_text("---\ntitle: Basics\n---\nThe basics.\n")
    for name, text in LESSON_PARTS.items():
        (lessons / "basics" / name).write_text(text)
    output = root / "site"
    subprocess.run([str(foldout), "build", "--content", str(content), "--templates", str(checks.REPOSITORY / "Templates"),
                    "--output", str(output), "--quiet"], check=True, cwd=root, timeout=300)
    return output


@pytest.fixture(scope="module")
def intro_site(intro_site_folder, mode) -> PublishedSite:
    with published(intro_site_folder, mode) as site:
        yield site


def test_a_long_intro_reads_as_its_summary_and_leads_to_its_page(driver, intro_site):
    open_page(driver, intro_site.url("pets/index.html"))
    intro = driver.find_element(By.CSS_SELECTOR, ".section-intro")
    assert intro.is_displayed()
    assert intro.text.startswith(FIRST_PARAGRAPH), intro.text
    assert "Care" not in intro.text and SENTENCE not in intro.text
    more = intro.find_element(By.CSS_SELECTOR, ".intro-page-link a")
    assert more.is_displayed() and more.text.startswith("Read more")
    # A short intro stays in its group, shown once the group opens.
    group = driver.find_element(By.ID, "dogs/terriers")
    group.find_element(By.CSS_SELECTOR, ":scope > summary").click()
    assert group.find_element(By.CSS_SELECTOR, ".group-intro").text == "Small and brave."
    more.click()
    assert driver.current_url.split("?")[0].endswith("pets/dogs.html")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Dogs"
    body = driver.find_element(By.CSS_SELECTOR, ".body")
    assert FIRST_PARAGRAPH in body.text and SENTENCE in body.text
    assert driver.find_element(By.ID, "care").is_displayed()
    # Its items and groups, under a heading a reader sees, each leading to its place.
    heading = driver.find_element(By.CSS_SELECTOR, ".sub-pages-title")
    assert heading.is_displayed() and heading.text.lower() == "pets"
    listed = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".sub-pages a")]
    assert listed == ["Rex", "Terriers"], listed
    crumbs = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".breadcrumb a")]
    assert crumbs == ["Pets"], crumbs


def test_a_link_to_an_intro_heading_lands_on_its_page(driver, intro_site):
    open_page(driver, intro_site.url("pets/dogs/rex.html"))
    driver.find_element(By.LINK_TEXT, "their care").click()
    assert driver.current_url.endswith("pets/dogs.html#care"), driver.current_url
    care = driver.find_element(By.ID, "care")
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", care)
    assert 0 <= top < driver.execute_script("return innerHeight"), top
    # Rex's breadcrumb passes through the section's page.
    open_page(driver, intro_site.url("pets/dogs/rex.html"))
    crumbs = {a.text: a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".breadcrumb a")}
    assert crumbs["Dogs"].endswith("pets/dogs.html"), crumbs


def test_an_items_pages_have_a_visible_heading(driver, intro_site):
    open_page(driver, intro_site.url("lessons/basics.html"))
    nav = driver.find_element(By.CSS_SELECTOR, "nav.sub-pages")
    heading = nav.find_element(By.CSS_SELECTOR, "h2")
    assert heading.is_displayed() and heading.size["height"] > 0
    assert heading.text.lower() == "parts"  # the catalog's `page_name`, in the plural
    titles = sorted(a.text for a in nav.find_elements(By.CSS_SELECTOR, "a"))
    assert titles == sorted(text.split("\n")[0].lstrip("# ") for text in LESSON_PARTS.values())


def test_a_readmes_screenshot_from_a_hidden_folder_loads(driver, intro_site, intro_site_folder):
    open_page(driver, intro_site.url("index.html"))
    image = driver.find_element(By.CSS_SELECTOR, "img[alt='The catalog']")
    assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) > 0
    published_files = {p.relative_to(intro_site_folder).as_posix() for p in intro_site_folder.rglob("*") if p.is_file()}
    assert not any("pages.yml" in p for p in published_files), published_files
