"""The example site's photos: responsive markup, upright, private, no layout shift,
light on a phone, a gallery per item with several photos.

The checks live in image_checks.py. The tests at the end run each of them on small pages
made here for the purpose, broken one way each, and expect the breakage reported (and
nothing reported on a page that does it right): a check that cannot fail would pass the
example site too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import piexif
import pytest
from PIL import Image

import image_checks as checks
from gen_photos import STORE, dms, scene
from published_site import PublishedSite, folder_server

CONTENT = checks.REPOSITORY / "Content"


def report(failures: list[str]) -> str:
    return "\n".join(failures)


def _site_root(config: pytest.Config) -> Path | None:
    value = config.getoption("--site-dir")
    return Path(value).resolve() if value else None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    wanted = {"image_page", "shift_page", "gallery_item"} & set(metafunc.fixturenames)
    if not wanted:
        return
    root = _site_root(metafunc.config)
    if root is None or not (root / "index.html").is_file():
        raise pytest.UsageError("--site-dir is required and must hold a built site: run Tests/browser/run.sh")
    site = PublishedSite(root, root.as_uri() + "/", "file")
    if "image_page" in metafunc.fixturenames:
        # Every page that shows a raster image: catalog pages (row thumbnails), item pages,
        # and any other kind that shows rows (tag pages).
        pages = [page for page in site.pages() if checks.photo_images(root / page)]
        metafunc.parametrize("image_page", pages)
    if "shift_page" in metafunc.fixturenames:
        chosen = site.catalog_pages() + [item.page for item in checks.gallery_items(CONTENT)]
        metafunc.parametrize("shift_page", chosen)
    if "gallery_item" in metafunc.fixturenames:
        items = checks.gallery_items(CONTENT)
        metafunc.parametrize("gallery_item", items, ids=[item.page for item in items])


@pytest.fixture(scope="session")
def http_site(request: pytest.FixtureRequest, site_files: PublishedSite) -> PublishedSite:
    url = request.config.getoption("--site-http-url")
    if not url:
        pytest.skip("needs the site over HTTP (--site-http-url; run.sh serves it with nginx)")
    return PublishedSite(site_files.root, url.rstrip("/") + "/", "http")


def pets_catalog(site: PublishedSite) -> str:
    pages = [page for page in site.catalog_pages() if page.startswith("pets/")]
    assert pages, f"no catalog page under pets/: {site.catalog_pages()}"
    return pages[0]


# MARK: The example site

def test_example_shows_photos_of_every_kind(site_files):
    """Guards the checks below against passing on a site without the photos they check."""
    kinds = {}
    for page in site_files.pages():
        for image in checks.photo_images(site_files.root / page):
            kinds.setdefault(image.kind, page)
    assert {"thumbnail", "item", "gallery", "body"} <= kinds.keys(), f"kinds of <img> found: {kinds}"
    assert checks.gallery_items(CONTENT), f"no item in {CONTENT} lists 2 or more photos"


def test_example_photos_hold_what_the_checks_look_for():
    """Guards the upright and privacy checks: among the example's photos (made by
    scripts/make_example_photos.py) one shows upright only by its EXIF orientation, and one
    carries GPS and the private strings that must not be published."""
    turned, private = [], []
    for photo in checks.content_images(CONTENT / "pets"):
        with Image.open(photo) as image:
            exif = image.getexif()
            if exif.get(0x0112, 1) != 1 and not checks.upright(image):
                turned.append(photo.name)
        data = photo.read_bytes()
        if checks.exif_gps(data) and all(secret in data for secret in checks.PRIVATE_STRINGS):
            private.append(photo.name)
    assert turned, "no example photo is stored turned with an EXIF orientation"
    assert private, "no example photo carries GPS, a serial number and an owner name"


def test_every_pet_page_shows_its_photo(site_files):
    missing = []
    for source in sorted((CONTENT / "pets").rglob("*.md")):
        text = source.read_text(encoding="utf-8")
        if source.name == "_index.md" or "\nimage:" not in text.split("\n---\n", 1)[0]:
            continue
        page = source.relative_to(CONTENT).with_suffix(".html").as_posix()
        if not (site_files.root / page).is_file():
            missing.append(f"{page}: no such page for {source}")
        elif not any(i.kind in ("item", "gallery") for i in checks.photo_images(site_files.root / page)):
            # An item with several photos shows them in its gallery instead of the one.
            missing.append(f"{page}: no <img class=\"item-image\"> nor gallery though {source.name} names an image")
    assert not missing, report(missing)


def test_image_markup_and_files(site_files, image_page):
    failures = checks.markup_failures(site_files.root, image_page)
    assert not failures, report(failures)


def test_images_load_in_their_ratio_from_webp(driver, site, image_page):
    failures = checks.loaded_image_failures(driver, site.url(image_page), image_page)
    assert not failures, report(failures)


def test_published_pet_images_are_upright(site_files):
    failures = checks.upright_failures(site_files.root, "pets")
    assert not failures, report(failures)


def test_every_pet_photo_is_published_as_variants(site_files):
    """Each photo under Content/pets has files made from it beside its item's page (named
    after it), so the upright and privacy checks saw every photo, the rotated and the GPS
    ones included."""
    published = {p.relative_to(site_files.root).as_posix() for p in checks.published_images(site_files.root)}
    photos = checks.content_images(CONTENT / "pets")
    missing = []
    for photo in photos:
        folder = photo.parent.relative_to(CONTENT).as_posix()
        stems = [p.stem for p in photos if p.parent == photo.parent]
        made = [p for p in published if p.rsplit("/", 1)[0] == folder and checks.photo_of(p, stems) == photo.stem]
        if not made:
            missing.append(f"{photo.relative_to(CONTENT)}: no published {folder}/{photo.stem}-*")
    assert not missing, report(missing)


def test_published_images_carry_no_private_metadata_and_no_original(site_files):
    failures = checks.privacy_failures(site_files.root, checks.content_images(CONTENT))
    assert not failures, report(failures)


def test_no_layout_shift_on_a_phone(driver, site, shift_page):
    failures = checks.layout_shift_failures(driver, site.url(shift_page))
    assert not failures, report(failures)


def test_pets_catalog_images_weigh_at_most_400_kb_on_a_phone(driver, http_site):
    failures = checks.image_weight_failures(driver, http_site.url(pets_catalog(http_site)))
    assert not failures, report(failures)


def test_gallery_scrolls_with_snap_and_links_largest_variants(driver, site, site_files, gallery_item):
    assert (site_files.root / gallery_item.page).is_file(), f"no page {gallery_item.page} for {gallery_item.source}"
    failures = checks.gallery_failures(driver, site.url(gallery_item.page), gallery_item.photos)
    assert not failures, report(failures)


# MARK: The checks catch breakage

_HEAD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>fixture</title>
<style>
body { margin: 0 1rem; font: 16px/1.4 sans-serif; }
img { display: block; max-width: 100%; height: auto; }
.thumbnail { width: 48px; height: 48px; }
.gallery-track { display: flex; gap: 8px; overflow-x: auto; list-style: none; padding: 0; SNAP }
.gallery-slide { flex: 0 0 85%; ALIGN }
</style></head><body>
"""

_SIZES = "(min-width: 40rem) 20rem, 100vw"


def _picture(stem: str, kind: str, lazy: bool) -> str:
    loading = ' loading="lazy"' if lazy else ""
    if kind == "thumbnail":
        return (f'<picture class="thumbnail-picture"><source type="image/webp" srcset="{stem}-sq48.webp 1x, '
                f'{stem}-sq96.webp 2x"><img class="thumbnail" src="{stem}-sq48.jpg" srcset="{stem}-sq48.jpg 1x, '
                f'{stem}-sq96.jpg 2x" alt="" width="48" height="48"{loading} decoding="async"></picture>')
    cls = ' class="item-image"' if kind == "item" else ""
    return (f'<picture><source type="image/webp" srcset="{stem}-160w.webp 160w, {stem}-320w.webp 320w" '
            f'sizes="{_SIZES}"><img{cls} src="{stem}-160w.jpg" srcset="{stem}-160w.jpg 160w, {stem}-320w.jpg 320w" '
            f'sizes="{_SIZES}" alt="A pet" width="320" height="240"{loading} decoding="async"></picture>')


def _photo(folder: Path, name: str, width: int, height: int, seed: int, orientation: int = 1,
           private: bool = False) -> Path:
    """A small scene like the example's photos, its pixels stored turned by ORIENTATION, with
    that EXIF tag unless the name says "untagged" (then it shows sideways); PRIVATE adds GPS
    and the example's serial number."""
    rng = np.random.default_rng(seed)
    image = scene(rng, width, height)
    if STORE.get(orientation):
        image = image.transpose(STORE[orientation])
    path = folder / name
    exif = {"0th": {}, "Exif": {}, "GPS": {}}
    if orientation != 1 and "untagged" not in name:
        exif["0th"][piexif.ImageIFD.Orientation] = orientation
    if private:
        exif["Exif"][piexif.ExifIFD.BodySerialNumber] = b"FOLDOUT-SERIAL-0042"
        exif["GPS"] = {piexif.GPSIFD.GPSLatitudeRef: b"N", piexif.GPSIFD.GPSLatitude: dms(51.45)}
    options = {"exif": piexif.dump(exif)} if path.suffix == ".jpg" else {}
    image.save(path, **options)
    return path


def _variants(folder: Path, stem: str, seed: int) -> None:
    for size in (48, 96):
        for ext in ("jpg", "webp"):
            _photo(folder, f"{stem}-sq{size}.{ext}", size, size, seed)
    for width in (160, 320):
        for ext in ("jpg", "webp"):
            _photo(folder, f"{stem}-{width}w.{ext}", width, width * 3 // 4, seed)


def _gallery(stems: list[str], good: bool) -> str:
    slides = []
    for stem in stems:
        href = f"{stem}-320w.jpg" if good else f"{stem}-160w.jpg"
        slides.append(f'<li class="gallery-slide"><a href="{href}">{_picture(stem, "gallery", True)}</a></li>')
    return f'<section class="gallery" aria-label="Photos"><ul class="gallery-track">{"".join(slides)}</ul></section>'


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory) -> Path:
    """ok/ does everything right; bad/ breaks each rule once."""
    root = tmp_path_factory.mktemp("image-fixtures")
    ok, bad, originals = root / "ok" / "pets", root / "bad" / "pets", root / "originals"
    for folder in (ok, bad, originals):
        folder.mkdir(parents=True)
    for seed, stem in enumerate(("rex", "rex-2")):
        _variants(ok, stem, seed)
        _variants(bad, stem, seed)
    good_head = _HEAD.replace("SNAP", "scroll-snap-type: x mandatory;").replace("ALIGN", "scroll-snap-align: start;")
    rows = "".join(f"<p>Row {n}: {_picture('rex', 'thumbnail', True)}</p>" for n in range(3))
    (ok / "page.html").write_text(
        good_head + f"<h1>Rex</h1>{_picture('rex', 'item', False)}{_gallery(['rex', 'rex-2'], True)}{rows}"
        + '<div style="height: 1500px"></div>' + f'<div class="body">{_picture("rex-2", "body", True)}</div>'
        + "</body></html>\n")

    # bad/: markup and loading.
    _photo(bad, "plain.jpg", 160, 120, 7)
    _photo(bad, "wide-160w.webp", 160, 120, 7)  # claimed 320w below
    _photo(bad, "wide-160w.jpg", 160, 120, 7)
    (bad / "markup.html").write_text(
        _HEAD + '<img src="plain.jpg" alt="">'
        + '<picture><img class="thumbnail" src="rex-sq48.jpg" srcset="rex-sq48.jpg 1x" alt="" width="48" height="48"'
          ' loading="lazy" decoding="async"></picture>'
        + '<picture><source type="image/webp" srcset="wide-160w.webp 320w"><img class="item-image" src="wide-160w.jpg"'
          ' srcset="wide-160w.jpg 320w" alt="" width="300" height="300" decoding="async"></picture>'
        + '<div class="body"><picture><source type="image/webp" srcset="no-such-480w.webp 480w" sizes="100vw">'
          '<img src="rex-160w.jpg" srcset="rex-160w.jpg 160w" sizes="100vw" alt="" width="320" height="240"'
          ' decoding="async"></picture></div>'
        + "</body></html>\n")
    # bad/: a layout shift: an image without width and height arrives late above text.
    (bad / "shift.html").write_text(
        _HEAD + '<h1>Shift</h1><img id="late" alt=""><p>Text that the late image pushes down.</p>'
        + "<script>setTimeout(() => document.getElementById('late').src = 'plain.jpg', 200);</script>"
        + "</body></html>\n")
    # bad/: a gallery that does not snap and links the small variants; one slide short.
    (bad / "gallery.html").write_text(
        _HEAD.replace("SNAP", "").replace("ALIGN", "") + _gallery(["rex"], False) + "</body></html>\n")
    # bad/: heavy: noise does not compress.
    noise = np.random.default_rng(3).integers(0, 256, (600, 600, 3), dtype=np.uint8)
    Image.fromarray(noise, "RGB").save(bad.parent / "heavy.png")  # not a pet photo: beside pets/
    (bad.parent / "heavy.html").write_text(_HEAD + '<img src="heavy.png" alt="" width="600" height="600"></body></html>\n')
    # bad/: turned, private, original.
    _photo(bad, "sideways-untagged.jpg", 160, 120, 8, orientation=6)
    _photo(ok, "turned-tagged.jpg", 160, 120, 8, orientation=6)
    _photo(bad, "located.jpg", 160, 120, 9, private=True)
    shutil.copy(_photo(originals, "original.jpg", 160, 120, 10), bad / "original-copy.jpg")
    return root


def test_markup_check_catches_breakage(fixtures):
    assert checks.markup_failures(fixtures / "ok", "pets/page.html") == []
    failures = report(checks.markup_failures(fixtures / "bad", "pets/markup.html"))
    for expected in ("plain.jpg\">: width and height", "plain.jpg\">: decoding is None", "plain.jpg\">: not the child",
                     "1x and 2x", "no <source type=\"image/webp\"", "is 160 pixels wide, not 320",
                     "not in the ratio of width/height 300x300", "but no sizes", "loading is None",
                     "no-such-480w.webp 480w: no such file"):
        assert expected in failures, (expected, failures)


def test_loaded_image_check_catches_breakage(driver, fixtures):
    assert checks.loaded_image_failures(driver, (fixtures / "ok" / "pets" / "page.html").as_uri()) == []
    failures = report(checks.loaded_image_failures(driver, (fixtures / "bad" / "pets" / "markup.html").as_uri()))
    assert "width/height 300x300 but it loaded as" in failures, failures
    assert "<img src=\"rex-160w.jpg\">: did not load" in failures, failures


def test_upright_check_catches_a_sideways_image(fixtures):
    assert checks.upright_failures(fixtures / "ok") == []
    failures = checks.upright_failures(fixtures / "bad", inline=False)
    assert [f for f in failures if "sideways-untagged.jpg" in f], failures
    assert not [f for f in failures if "sideways" not in f], failures


def test_privacy_check_catches_gps_secrets_and_originals(fixtures):
    originals = sorted((fixtures / "originals").iterdir())
    assert checks.privacy_failures(fixtures / "ok", originals) == []
    failures = report(checks.privacy_failures(fixtures / "bad", originals))
    for expected in ("located.jpg: carries GPS", "located.jpg: contains \"FOLDOUT-SERIAL-0042\"",
                     "original-copy.jpg: the original"):
        assert expected in failures, (expected, failures)


def test_layout_shift_check_catches_a_late_image_without_size(driver, fixtures):
    assert checks.layout_shift_failures(driver, (fixtures / "ok" / "pets" / "page.html").as_uri()) == []
    failures = checks.layout_shift_failures(driver, (fixtures / "bad" / "pets" / "shift.html").as_uri())
    assert any("layout shift adds up to" in f for f in failures), failures
    assert any("<img src=\"plain.jpg\"> changed its box as it loaded: 0x0 -> " in f for f in failures), failures


def test_gallery_check_catches_breakage(driver, fixtures):
    url = (fixtures / "ok" / "pets" / "page.html").as_uri()
    assert checks.gallery_failures(driver, url, ["rex.jpg", "rex-2.jpg"]) == []
    failures = report(checks.gallery_failures(driver, (fixtures / "bad" / "pets" / "gallery.html").as_uri(),
                                              ["rex.jpg", "rex-2.jpg"]))
    for expected in ("no element in .gallery has a computed scroll-snap-type", "not its largest variant",
                     "the item lists ['rex', 'rex-2']"):
        assert expected in failures, (expected, failures)
    page = (fixtures / "bad" / "pets" / "markup.html").as_uri()
    assert checks.gallery_failures(driver, page, ["rex.jpg", "rex-2.jpg"]) == [
        "no .gallery on the page of an item with 2 photos"]


@pytest.fixture(scope="module")
def fixture_server(fixtures):
    with folder_server(fixtures) as base_url:
        yield base_url


def test_weight_check_catches_heavy_images(driver, fixtures, fixture_server):
    assert checks.image_weight_failures(driver, fixture_server + "ok/pets/page.html") == []
    failures = checks.image_weight_failures(driver, fixture_server + "bad/heavy.html")
    assert any("over 400,000" in f for f in failures), failures
    failures = checks.image_weight_failures(driver, (fixtures / "ok" / "pets" / "page.html").as_uri())
    assert any("no transfer size" in f for f in failures), failures
