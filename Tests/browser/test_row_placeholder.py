"""`row.placeholder` (docs/content.md, "Photos in rows and cards"): what a row without a photo
shows in a list where other rows have one, from disk and over HTTP. A small site built here
(with the --foldout binary and the repository's templates) has one catalog per setting, each a
list of rows with and without a photo:

- `initial` (the default): a box the photo's size holding the first letter of the title, and
  the text where the rows with a photo have it;
- `blank`: the same box, empty, the text in the same column;
- `false`: no box; the text starts where the photo would be.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import browser_checks as checks
from fixture_sites import foldout_binary
from published_site import PublishedSite, published
from test_card_images import _photo

REPOSITORY = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.xdist_group("row-placeholder")

# Catalog folder → the setting written in its _index.md (None: not written, the default).
SETTINGS = {"default": None, "blank": "blank", "none": "false"}
PETS = [("Rex", True), ("Bo", False), ("Ada", True), ("Zed", False)]


@pytest.fixture(scope="module")
def placeholder_root(request, tmp_path_factory) -> Path:
    foldout = foldout_binary(request)
    root = tmp_path_factory.mktemp("row-placeholder")
    content = root / "Content"
    content.mkdir()
    (content / "_index.md").write_text("---\ntitle: Placeholders\n---\n")
    for weight, (folder, setting) in enumerate(SETTINGS.items(), 1):
        catalog = content / folder
        catalog.mkdir()
        row = "row:\n  image: image\n" + (f"  placeholder: {setting}\n" if setting else "")
        (catalog / "_index.md").write_text(f"---\ntitle: {folder.title()}\nweight: {weight}\n{row}---\n")
        for number, (name, photo) in enumerate(PETS):
            image = ""
            if photo:
                _photo(catalog / f"{name.lower()}.jpg", 600, 450, seed=number + 10 * weight)
                image = f"image: {name.lower()}.jpg\n"
            (catalog / f"{name.lower()}.md").write_text(f"---\ntitle: {name}\nweight: {number}\n{image}---\n\nA pet.\n")
    subprocess.run([str(foldout), "build", "--content", str(content), "--templates", str(REPOSITORY / "Templates"),
                    "--output", str(root / "site"), "--quiet"], check=True, cwd=root, timeout=300)
    return root


@pytest.fixture(scope="module")
def placeholder_site(placeholder_root, mode) -> PublishedSite:
    with published(placeholder_root / "site", mode) as site:
        yield site


_ROWS = """
return [...document.querySelectorAll('.catalog .row')].map(row => {
  const link = row.querySelector('.row-link').getBoundingClientRect();
  const text = row.querySelector('.row-text').getBoundingClientRect();
  const photo = row.querySelector('img');
  const box = row.querySelector('.photo-placeholder');
  const size = element => { const r = element.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; };
  return {title: row.querySelector('.row-title').textContent.trim(), textLeft: text.left - link.left,
          photo: photo ? size(photo) : null, box: box ? size(box) : null, boxText: box ? box.textContent.trim() : null};
});
"""


@pytest.mark.parametrize("folder", list(SETTINGS))
def test_a_row_without_a_photo_shows_what_row_placeholder_says(driver, placeholder_site, folder):
    checks.open_page(driver, placeholder_site.url(f"{folder}/index.html"))
    rows = {row["title"]: row for row in driver.execute_script(_ROWS)}
    setting = SETTINGS[folder] or "initial"
    with_photo = [rows[name] for name, photo in PETS if photo]
    without = [rows[name] for name, photo in PETS if not photo]
    assert all(row["photo"] for row in with_photo), f"{folder}: rows with a photo show none: {with_photo}"
    failures = []
    for name, row in ((n, rows[n]) for n, photo in PETS if not photo):
        if setting == "false":
            if row["box"] is not None:
                failures.append(f"{folder}: {name} has a placeholder box although `placeholder: false`")
            if row["textLeft"] >= with_photo[0]["textLeft"] - 1:
                failures.append(f"{folder}: {name}'s text starts at {row['textLeft']:.1f}px, not before the photo column "
                                f"({with_photo[0]['textLeft']:.1f}px)")
            continue
        if row["box"] != with_photo[0]["photo"]:
            failures.append(f"{folder}: {name}'s placeholder is {row['box']}, the photos {with_photo[0]['photo']}")
        if abs(row["textLeft"] - with_photo[0]["textLeft"]) > 1:
            failures.append(f"{folder}: {name}'s text at {row['textLeft']:.1f}px, the photo rows' at {with_photo[0]['textLeft']:.1f}px")
        wanted = name[0] if setting == "initial" else ""
        if row["boxText"] != wanted:
            failures.append(f"{folder}: {name}'s placeholder says {row['boxText']!r}, `{setting}` calls for {wanted!r}")
    assert without and not failures, "\n".join(failures)
