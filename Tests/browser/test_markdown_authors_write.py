"""The Markdown people write (issue 32, points 2 and 6): a small site of our own, built with
the binary under test and opened from disk. TOML front matter titles its page, a field in
Markdown is rendered, fenced code is coloured without a script (light and dark, readable by
axe's contrast rule), and the intros of one catalog page never repeat an id: the W3C
checker finds no duplicate id, and each intro's own `#care` link reaches its own heading.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import browser_checks as checks
from fixture_sites import build_files, foldout_binary
from nu_checker import nu_checker_errors

CODE = 'let name = "Rex" // a dog\nreturn 42\n'
FILES = {
    "_index.md": "---\ntitle: Fixture shelter\n---\n",
    "pets/_index.md": "---\ntitle: Pets\nfields:\n  notes: {type: markdown, show: [page]}\n---\nAll pets.\n\n## Care\n\nFeed them.\n",
    "pets/dogs/_index.md": "---\ntitle: Dogs\n---\nDogs intro.\n\n## Care\n\nWalk them. See [care](#care).\n",
    "pets/cats/_index.md": "---\ntitle: Cats\n---\nCats intro.\n\n## Care\n\nBrush them. See [care](#care).\n",
    "pets/dogs/rex.md": "+++\ntitle = \"Rex the terrier\"\nnotes = \"*Calm* with **kids**\"\n+++\nRex.\n\n```swift\n" + CODE + "```\n",
    "pets/cats/tom.md": "---\ntitle: Tom\n---\nTom.\n",
}


@pytest.fixture(scope="module")
def fixture_site(request, tmp_path_factory) -> Path:
    return build_files(foldout_binary(request), tmp_path_factory.mktemp("markdown"), FILES)


def test_the_catalog_page_repeats_no_id_and_each_intro_links_to_its_own_heading(driver, fixture_site):
    catalog = fixture_site / "pets" / "index.html"
    errors = nu_checker_errors([catalog, fixture_site / "pets" / "dogs" / "rex.html"])
    assert not any(messages for messages in errors.values()), errors
    checks.open_page(driver, catalog.as_uri())
    intros = driver.execute_script("""
        return [...document.querySelectorAll('a[href^="#care"]')].map(a => {
          const target = document.getElementById(decodeURIComponent(a.hash.slice(1)));
          return {link: a.textContent, target: target && target.textContent,
                  next: target && target.nextElementSibling && target.nextElementSibling.textContent,
                  own: a.closest('p').textContent};
        });""")
    ids = driver.execute_script("return [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    # Each intro's "See care" leads to the heading followed by its own paragraph.
    assert len(intros) == 2, intros
    for intro in intros:
        assert intro["target"] == "Care", intro
        assert intro["next"] == intro["own"], intro


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_code_is_coloured_without_a_script_and_toml_titles_the_page(driver, fixture_site, axe_source, scheme):
    page = (fixture_site / "pets" / "dogs" / "rex.html").as_uri()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        with checks.without_javascript(driver):
            checks.open_page(driver, page, settle=False)
            seen = driver.execute_script("""
                const code = document.querySelector('pre code');
                const colour = s => s && getComputedStyle(s).color;
                return {title: document.querySelector('h1').textContent.trim(), text: code.textContent,
                        keyword: colour(code.querySelector('.hl-k')), string: colour(code.querySelector('.hl-s')),
                        comment: colour(code.querySelector('.hl-c')), plain: getComputedStyle(code).color,
                        notes: document.querySelector('.field-notes dd').innerHTML};""")
        assert seen["title"] == "Rex the terrier"
        assert seen["text"] == CODE
        assert len({seen["keyword"], seen["string"], seen["comment"], seen["plain"]}) == 4, seen
        assert "<em>Calm</em>" in seen["notes"] and "<strong>kids</strong>" in seen["notes"]
        violations = checks.axe_violations(driver, page, axe_source)
        assert not violations, violations
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
