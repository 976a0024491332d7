"""Grid and carousel cards: photos made for the card's width and drawn no
larger than their pixels on a sharp screen, `sizes` that says how wide the card is at every
breakpoint, and rows without a photo that keep the text where rows with one have it.

The example's catalogs with `layout: grid` or `layout: carousel` sections are checked as
built; a small catalog built here (with the --foldout binary) adds what the example lacks:
rows without a photo in each layout, and a photo smaller than its card.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

import numpy as np
import pytest
from PIL import Image, ImageOps

import image_checks as checks
from browser_checks import open_page
from gen_photos import scene
from published_site import PublishedSite, published

# One pytest-xdist worker runs this module, so its site is built once, not once per worker.
pytestmark = pytest.mark.xdist_group("card-images")

CONTENT = checks.REPOSITORY / "Content"
# A phone and a desktop at 2x (the widths), and for `sizes` the widths either side of
# each of the stylesheet's breakpoints (22, 25, 40, 50, 56, 60 and 66rem).
SHARP_WIDTHS = [390, 1280]
SIZES_WIDTHS = [340, 360, 390, 420, 630, 700, 790, 850, 890, 940, 1000, 1050, 1100, 1280]


def report(failures: list[str]) -> str:
    return "\n".join(failures)


def _front_matter(path: Path) -> str:
    match = re.match(r"\A---\n(.*?)\n---\n", path.read_text(encoding="utf-8"), re.S)
    return match.group(1) if match else ""


def card_catalogs(content: Path) -> list[str]:
    """Catalog pages (catalog/index.html) with a section laid out as a grid or carousel (by
    its _index.md, or the catalog's own `layout:` or `sections:` entries) where some item
    has a photo (`image:` in its front matter)."""
    def has_photos(folder: Path) -> bool:
        return any(re.search(r"^image:\s*\S", _front_matter(p), re.M) for p in folder.rglob("*.md") if p.name != "_index.md")

    def cards(index: Path) -> bool:
        return index.is_file() and bool(re.search(r"^\s*-?\s*layout:\s*(grid|carousel)\s*$", _front_matter(index), re.M))

    found = []
    for catalog in sorted(p for p in content.iterdir() if p.is_dir()):
        folders = [catalog] if cards(catalog / "_index.md") else [i.parent for i in sorted(catalog.glob("*/_index.md")) if cards(i)]
        if any(has_photos(folder) for folder in folders):
            found.append(f"{catalog.name}/index.html")
    return found


def source_side(site: PublishedSite, content: Path):
    """For a variant's URL (`…/pets/cats/olive-sq420.webp`), the smaller side of the photo it
    was made from, upright: the content file of the same folder whose name starts the
    variant's (the example routes folders and file names as they are); None when not found."""
    def side(url: str) -> int | None:
        if not url.startswith(site.base_url):
            return None
        relative = Path(unquote(urlsplit(url[len(site.base_url):]).path))
        folder = content / relative.parent
        photos = [p for p in checks.content_images(folder) if p.parent == folder] if folder.is_dir() else []
        stem = checks.photo_of(url, [p.stem for p in photos])
        if stem is None:
            return None
        with Image.open(next(p for p in photos if p.stem == stem)) as image:
            upright = ImageOps.exif_transpose(image)
            return min(upright.width, upright.height)
    return side


# MARK: The example site

def test_example_has_cards():
    """Guards the checks below: the example lays some section out as cards."""
    assert card_catalogs(CONTENT), f"no section of {CONTENT} has layout: grid or carousel"


@pytest.mark.parametrize("width", SHARP_WIDTHS)
def test_card_photos_are_drawn_no_larger_than_their_pixels_at_2x(driver, site, width):
    failures = []
    for page in card_catalogs(CONTENT):
        failures += [f"{page}: {f}" for f in checks.card_image_failures(
            driver, site.url(page), width, 2, source_side(site, CONTENT))]
    assert not failures, report(failures)


def test_card_sizes_match_the_drawn_width_at_every_breakpoint(driver, site):
    failures = []
    for page in card_catalogs(CONTENT):
        failures += [f"{page}: {f}" for f in checks.card_sizes_failures(driver, site.url(page), SIZES_WIDTHS)]
    assert not failures, report(failures)


# MARK: A catalog with rows without photos and a small photo

_ROWS = """
const rows = [...document.querySelectorAll('.section')].map(section => ({
  layout: [...section.classList].find(c => c.startsWith('layout-')),
  rows: [...section.querySelectorAll('.row')].map(row => {
    const link = row.querySelector('.row-link').getBoundingClientRect();
    const text = row.querySelector('.row-text').getBoundingClientRect();
    return {id: row.id, photo: !!row.querySelector('img'), left: text.left - link.left, top: text.top - link.top};
  })}));
return rows;
"""


def _photo(path: Path, width: int, height: int, seed: int) -> None:
    scene(np.random.default_rng(seed), width, height).save(path, quality=85)


@pytest.fixture(scope="module")
def shelter(request, tmp_path_factory) -> Path:
    """A catalog with a list, a grid and a carousel, each with rows with and without a photo;
    Tiny's photo (120 pixels) is smaller than a card. Built with --foldout."""
    foldout = Path(request.config.getoption("--foldout"))
    if not foldout.is_file():
        pytest.skip(f"no foldout binary at {foldout} (--foldout or FOLDOUT)")
    root = tmp_path_factory.mktemp("card-shelter")
    content = root / "Content"
    pets = {"dogs": ("list", ["rex", "bo"]), "cats": ("grid", ["tom", "mia", "tiny"]), "birds": ("carousel", ["pip", "kiwi"])}
    (content / "shelter").mkdir(parents=True)
    (content / "_index.md").write_text("---\ntitle: Cards\n---\n")
    (content / "shelter" / "_index.md").write_text("---\ntitle: Shelter\nrow:\n  image: image\n---\n")
    for weight, (section, (layout, names)) in enumerate(pets.items(), 1):
        folder = content / "shelter" / section
        folder.mkdir()
        (folder / "_index.md").write_text(f"---\ntitle: {section.title()}\nweight: {weight}\nlayout: {layout}\n---\n")
        for number, name in enumerate(names):
            image = ""
            if name in ("rex", "tom", "pip", "tiny"):
                size = (120, 120) if name == "tiny" else (1200, 900)
                _photo(folder / f"{name}.jpg", *size, seed=number + weight * 10)
                image = f"image: {name}.jpg\n"
            (folder / f"{name}.md").write_text(f"---\ntitle: {name.title()}\nweight: {number}\n{image}---\n\nA pet.\n")
    output = root / "site"
    # The repository's templates, as run.sh builds the example with: the binary's own may be older.
    subprocess.run([str(foldout), "build", "--content", str(content), "--templates", str(checks.REPOSITORY / "Templates"),
                    "--output", str(output), "--quiet"],
                   check=True, cwd=root, timeout=300)
    return root


@pytest.fixture(scope="module")
def shelter_site(request, shelter, mode) -> PublishedSite:
    """The small catalog, from disk or over HTTP (a server of its own, like the image fixtures')."""
    output = shelter / "site"
    with published(output, mode) as site:
        yield site


@pytest.mark.parametrize("width", SHARP_WIDTHS)
def test_rows_without_a_photo_keep_the_text_column(driver, shelter_site, width):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 2, "mobile": width < 600})
    try:
        open_page(driver, shelter_site.url("shelter/index.html"))
        sections = driver.execute_script(_ROWS)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    failures = []
    for section in sections:
        with_photo = [r for r in section["rows"] if r["photo"]]
        without = [r for r in section["rows"] if not r["photo"]]
        if not with_photo or not without:
            failures.append(f"{section['layout']}: the fixture needs rows with and without a photo, found {section['rows']}")
            continue
        # A list's text starts at the same left; a card's at the same top (below a square).
        axis = "left" if section["layout"] == "layout-list" else "top"
        reference = with_photo[0]
        for row in without:
            if section["layout"] == "layout-grid" and row["id"].endswith("tiny"):
                continue
            if abs(row[axis] - reference[axis]) > 1:
                failures.append(f"{section['layout']}: {row['id']} (no photo) has its text at {axis} {row[axis]:.1f}px, "
                                f"{reference['id']} (a photo) at {reference[axis]:.1f}px")
    assert not failures, report(failures)


@pytest.mark.parametrize("width", SHARP_WIDTHS)
def test_a_photo_smaller_than_its_card_is_not_upscaled(driver, shelter_site, width):
    content = shelter_site.root.parent / "Content"
    failures = checks.card_image_failures(driver, shelter_site.url("shelter/index.html"), width, 2,
                                          source_side(shelter_site, content))
    assert not failures, report(failures)
    failures = checks.card_sizes_failures(driver, shelter_site.url("shelter/index.html"), [width])
    assert not failures, report(failures)


# MARK: The checks catch breakage

_STRETCHED = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>cards</title><style>body { margin: 0; } img { display: block; }</style></head><body>
<picture><img class="thumbnail card-image" src="olive-sq48.jpg" srcset="olive-sq48.jpg 48w, olive-sq96.jpg 96w"
 sizes="100px" width="96" height="96" style="width: 200px; height: 200px" alt=""></picture>
</body></html>
"""


def test_card_checks_catch_a_stretched_thumbnail(driver, tmp_path):
    """The 48-pixel row thumbnail drawn 200 pixels wide, with a sizes of 100px: reported by
    both checks, the source (400 pixels) being large enough for a sharper variant."""
    for side in (48, 96):
        _photo(tmp_path / f"olive-sq{side}.jpg", side, side, 1)
    (tmp_path / "page.html").write_text(_STRETCHED)
    url = (tmp_path / "page.html").as_uri()
    failures = report(checks.card_image_failures(driver, url, 390, 2, lambda _: 400))
    assert "is not the source's own size (400)" in failures, failures
    failures = report(checks.card_sizes_failures(driver, url, [390]))
    assert "sizes comes to 100.0px, the image is drawn 200.0px wide" in failures, failures
    (tmp_path / "markup.html").write_text(_STRETCHED.replace(
        '<picture><img class="thumbnail card-image" src="olive-sq48.jpg" srcset="olive-sq48.jpg 48w, olive-sq96.jpg 96w"',
        '<picture><source type="image/webp" srcset="olive-sq48.webp 48w" sizes="100px">'
        '<img class="thumbnail card-image" src="olive-sq48.jpg" srcset="olive-sq48.jpg 48w, olive-sq48.jpg 48w"'))
    Image.open(tmp_path / "olive-sq48.jpg").save(tmp_path / "olive-sq48.webp")
    failures = report(checks.markup_failures(tmp_path, "markup.html"))
    for expected in ("a card's srcset names one width twice", "the widest candidate is 48w, but the <img> says width=96",
                     "one candidate of 48w for a card"):
        assert expected in failures, (expected, failures)
