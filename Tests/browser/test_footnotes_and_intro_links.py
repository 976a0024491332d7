"""Footnotes in field values and links into renumbered intro headings (issue 32, point 6's
loose ends): a small site of our own, built with the binary under test and opened from disk.
An item page whose body and two fields each number their notes from 1 repeats no id (the W3C
checker), every reference leads to a note of its own value and back; a link from an item to
another intro's `## Care` on the shared catalog page reaches that intro's heading.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import browser_checks as checks
from fixture_sites import build_files, foldout_binary
from nu_checker import nu_checker_errors

FILES = {
    "_index.md": "---\ntitle: Fixture shelter\n---\n",
    "pets/_index.md": "---\ntitle: Pets\nfields:\n  origin: {type: markdown, show: [page]}\n"
    "  story: {type: text, show: [page]}\n---\nAll pets.\n\n## Care\n\nFeed them.\n",
    "pets/dogs/_index.md": "---\ntitle: Dogs\n---\nDogs intro.\n\n## Care\n\nWalk them.[^1]\n\n[^1]: Twice a day.\n",
    "pets/cats/_index.md": "---\ntitle: Cats\n---\nCats intro.\n\n## Care\n\nBrush them.[^1]\n\n[^1]: Once a week.\n",
    "pets/dogs/rex.md": "---\ntitle: Rex\n"
    'origin: "Bred in Tibet.[^1]\\n\\n[^1]: The terrier club."\n'
    'story: "Calm with kids.[^1] Likes the lake.[^2] Calm again.[^1]\\n\\n[^1]: Shelter staff.\\n[^2]: Every summer."\n'
    "---\nRex walks daily.[^1] See [cat care](../cats/_index.md#care).\n\n[^1]: Twice on Sundays.\n",
    "pets/cats/tom.md": "---\ntitle: Tom\n---\nTom.\n",
}

# For each footnote reference: the note it leads to, whether that note is in the same value
# (or the same body) as the reference, and whether one of the note's back links returns to it.
FOOTNOTES_JS = """
    const holder = e => e.closest('dd, .intro, .section-intro, main');
    return [...document.querySelectorAll('a.footnote-ref')].map(a => {
      const note = document.getElementById(decodeURIComponent(a.hash.slice(1)));
      const backs = note ? [...note.querySelectorAll('a.footnote-back')].map(b => decodeURIComponent(b.hash.slice(1))) : [];
      return {ref: a.id, note: note && note.id, text: note && note.textContent.trim(),
              sameValue: !!note && holder(note) === holder(a), back: backs.includes(a.id)};
    });"""


@pytest.fixture(scope="module")
def fixture_site(request, tmp_path_factory) -> Path:
    return build_files(foldout_binary(request), tmp_path_factory.mktemp("footnotes"), FILES)


def test_notes_in_fields_and_body_have_ids_of_their_own_and_link_both_ways(driver, fixture_site, axe_source):
    item = fixture_site / "pets" / "dogs" / "rex.html"
    catalog = fixture_site / "pets" / "index.html"
    errors = nu_checker_errors([item, catalog])
    assert not any(messages for messages in errors.values()), errors
    for page in (item, catalog):
        checks.open_page(driver, page.as_uri())
        ids = driver.execute_script("return [...document.querySelectorAll('[id]')].map(e => e.id)")
        assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
        references = driver.execute_script(FOOTNOTES_JS)
        # Read from the content: as many references as `[^…]` written in the text (not the notes).
        written = sum(text.count("[^") - text.count("]:") for name, text in FILES.items()
                      if (name == "pets/dogs/rex.md" if page == item else name.endswith("_index.md")))
        assert len(references) == written, references
        for reference in references:
            assert reference["note"] and reference["sameValue"] and reference["back"], reference
    violations = checks.axe_violations(driver, item.as_uri(), axe_source, impacts=("moderate", "serious", "critical"))
    assert not violations, violations


def test_a_link_to_another_intros_heading_reaches_it(driver, fixture_site):
    checks.open_page(driver, (fixture_site / "pets" / "dogs" / "rex.html").as_uri())
    driver.execute_script("[...document.querySelectorAll('a')].find(a => a.textContent === 'cat care').click()")
    landed = driver.execute_script("""
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        return {path: location.pathname, heading: target && target.textContent,
                next: target && target.nextElementSibling && target.nextElementSibling.textContent};""")
    assert landed["path"].endswith("/pets/index.html"), landed
    assert landed["heading"] == "Care", landed
    cats = FILES["pets/cats/_index.md"].split("## Care\n\n")[1].split("[^")[0]
    assert landed["next"].startswith(cats), landed
