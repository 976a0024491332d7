#!/usr/bin/env python3
"""Writes the example pets' photos: computed, photo-like JPEGs as a phone would take them.

usage: python3 scripts/make_example_photos.py [CONTENT_DIR]     (default: Content)
needs: Pillow, numpy and piexif: run it with .venv/tests/bin/python (make python-env-tests)

Every JPEG that an item under CONTENT_DIR/pets names, in its front matter (`image:`, the
`photos:` list) or as a Markdown image in its body, is (re)written beside the item's `.md`
file. Nothing else is touched: which photos exist is decided by the Markdown files, so a
new `photos: [tom.jpg, tom-2.jpg]` line and a rerun make the new files.

The scene is bench/photos/gen_photos.py's (sky above ground, a sun, clouds, bushes and a
pet drawn as shapes, sensor-like noise), drawn at twice the size and shrunk, so the noise
is modest and the edges smooth. The random numbers, and with them the colours, the pet's
fur and where things stand, are seeded by the photo's path under pets/, so every photo
differs and a rerun writes the same bytes (with the same Pillow, libjpeg and numpy).

- Size: long side 1600 px, 1600x1200 as a rule, 1200x1600 for the names in PORTRAIT;
  JPEG quality 82, 4:2:0. All of them together stay under about 6 MB.
- Every photo has the EXIF a phone writes (make, model, dates, exposure).
- ROTATED (dogs/retrievers/milo.jpg) is stored as a phone stores a portrait photo: the
  pixels turned (1600x1200 stored) and EXIF Orientation 6, so it shows upright
  (1200x1600) only once the tag is applied.
- PRIVATE photos also carry GPSLatitude/GPSLongitude/GPSAltitude, BodySerialNumber
  "FOLDOUT-SERIAL-0042", CameraOwnerName "Foldout Example Owner" and an EXIF thumbnail:
  what a site must not publish. Tests/browser/test_images.py looks for these strings.

Each written photo is read back and checked: its size, its tag, and that it shows sky on
top once its orientation tag is applied (gen_photos.upright).
"""
from __future__ import annotations

import hashlib
import io
import re
import sys
from pathlib import Path

import numpy as np
import piexif
from PIL import Image, ImageOps

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY / "bench" / "photos"))
import gen_photos  # noqa: E402  (the scene drawing and the upright check)

LONG, SHORT = 1600, 1200
QUALITY = 82
OVERSAMPLE = 2  # drawn at twice the size, then shrunk: halves the scene's noise
BUDGET = 6_000_000  # bytes, all photos together

# Paths under CONTENT_DIR/pets.
PORTRAIT = {"birds/parrots/kiwi.jpg", "cats/siamese/kiko.jpg", "reptiles/lizards/sunny.jpg",
            "dogs/retrievers/hazel-3.jpg", "dogs/retrievers/milo.jpg"}
ROTATED = {"dogs/retrievers/milo.jpg": 6}
PRIVATE = {"cats/shorthair/olive.jpg", "dogs/retrievers/hazel-2.jpg"}
SERIAL = "FOLDOUT-SERIAL-0042"
OWNER = "Foldout Example Owner"
# Somewhere on a river; made up, but a real position is what a phone writes.
LATITUDE, LONGITUDE, ALTITUDE = 51.4545, -2.5879, 12.5

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
_IMAGE = re.compile(r"^image:\s*(\S+?)\s*$", re.M)
_PHOTOS = re.compile(r"^photos:\s*\[(.*?)\]\s*$", re.M)
_BODY_IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.jpe?g)\)", re.I)


def photo_names(markdown: str) -> list[str]:
    """The JPEG file names an item's Markdown uses, in order, each once."""
    names = []
    match = _FRONT_MATTER.match(markdown)
    if match:
        front = match.group(1)
        names += _IMAGE.findall(front)
        for listed in _PHOTOS.findall(front):
            names += [name.strip().strip("\"'") for name in listed.split(",") if name.strip()]
        markdown = markdown[match.end():]
    names += _BODY_IMAGE.findall(markdown)
    return list(dict.fromkeys(n for n in names if n.lower().endswith((".jpg", ".jpeg")) and "/" not in n))


def photos(pets: Path) -> list[Path]:
    found = set()
    for page in sorted(pets.rglob("*.md")):
        if page.name == "_index.md":
            continue
        found.update(page.parent / name for name in photo_names(page.read_text(encoding="utf-8")))
    return sorted(found)


def seed_of(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


def exif_for(key: str, rng: np.random.Generator, orientation: int, stored: Image.Image) -> bytes:
    make, model, lens = gen_photos.PHONES[seed_of(key) % len(gen_photos.PHONES)]
    day, second = 1 + int(rng.integers(28)), int(rng.integers(8 * 3600, 19 * 3600))
    stamp = f"2026:01:{day:02d} {second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}".encode()
    width, height = stored.size
    zeroth = {piexif.ImageIFD.Make: make.encode(), piexif.ImageIFD.Model: model.encode(),
              piexif.ImageIFD.Orientation: orientation,
              piexif.ImageIFD.XResolution: (72, 1), piexif.ImageIFD.YResolution: (72, 1),
              piexif.ImageIFD.ResolutionUnit: 2, piexif.ImageIFD.DateTime: stamp}
    exif = {piexif.ExifIFD.DateTimeOriginal: stamp, piexif.ExifIFD.DateTimeDigitized: stamp,
            piexif.ExifIFD.ExposureTime: (1, int(rng.choice([60, 120, 250, 500]))),
            piexif.ExifIFD.FNumber: (18, 10), piexif.ExifIFD.ISOSpeedRatings: int(rng.choice([50, 100, 200])),
            piexif.ExifIFD.FocalLength: (51, 10), piexif.ExifIFD.LensModel: lens.encode(),
            piexif.ExifIFD.ColorSpace: 1,
            piexif.ExifIFD.PixelXDimension: width, piexif.ExifIFD.PixelYDimension: height}
    gps, first, thumbnail = {}, {}, None
    if key in PRIVATE:
        exif[piexif.ExifIFD.BodySerialNumber] = SERIAL.encode()
        exif[piexif.ExifIFD.CameraOwnerName] = OWNER.encode()
        gps = {piexif.GPSIFD.GPSVersionID: (2, 2, 0, 0),
               piexif.GPSIFD.GPSLatitudeRef: b"N" if LATITUDE >= 0 else b"S",
               piexif.GPSIFD.GPSLatitude: gen_photos.dms(LATITUDE),
               piexif.GPSIFD.GPSLongitudeRef: b"E" if LONGITUDE >= 0 else b"W",
               piexif.GPSIFD.GPSLongitude: gen_photos.dms(LONGITUDE),
               piexif.GPSIFD.GPSAltitudeRef: 0, piexif.GPSIFD.GPSAltitude: gen_photos.rational(ALTITUDE, 100),
               piexif.GPSIFD.GPSDateStamp: stamp[:10]}
        small = stored.resize((width // 10, height // 10), Image.Resampling.BILINEAR, reducing_gap=2.0)
        buffer = io.BytesIO()
        small.save(buffer, "JPEG", quality=75)
        thumbnail = buffer.getvalue()
        first = {piexif.ImageIFD.Compression: 6, piexif.ImageIFD.XResolution: (72, 1),
                 piexif.ImageIFD.YResolution: (72, 1), piexif.ImageIFD.ResolutionUnit: 2}
    return piexif.dump({"0th": zeroth, "Exif": exif, "GPS": gps, "1st": first, "thumbnail": thumbnail})


def make_photo(path: Path, key: str) -> int:
    """Draws, turns, tags and writes one photo, reads it back to check it; returns its size."""
    rng = np.random.default_rng(seed_of(key))
    width, height = (SHORT, LONG) if key in PORTRAIT else (LONG, SHORT)
    drawn = gen_photos.scene(rng, width * OVERSAMPLE, height * OVERSAMPLE)
    image = drawn.resize((width, height), Image.Resampling.BOX)
    orientation = ROTATED.get(key, 1)
    stored = image.transpose(gen_photos.STORE[orientation]) if gen_photos.STORE[orientation] else image
    stored.save(path, "JPEG", quality=QUALITY, subsampling="4:2:0", optimize=True,
                exif=exif_for(key, rng, orientation, stored))

    with Image.open(path) as written:
        tag = written.getexif().get(0x0112, 1)
        upright = ImageOps.exif_transpose(written)
        problems = []
        if tag != orientation:
            problems.append(f"Orientation {tag}, expected {orientation}")
        if upright.size != (width, height):
            problems.append(f"upright size {upright.size}, expected {(width, height)}")
        if not gen_photos.upright(upright):
            problems.append("no sky on top once turned upright")
        if orientation != 1 and gen_photos.upright(written):
            problems.append("upright without its tag, so the tag proves nothing")
    if problems:
        sys.exit(f"make_example_photos: {path}: {'; '.join(problems)}")
    return path.stat().st_size


def main() -> None:
    content = Path(sys.argv[1] if len(sys.argv) > 1 else REPOSITORY / "Content")
    pets = content / "pets"
    found = photos(pets)
    if not found:
        sys.exit(f"make_example_photos: no item under {pets} names a JPEG")
    keys = {path.relative_to(pets).as_posix() for path in found}
    for name, special in (("PORTRAIT", PORTRAIT), ("ROTATED", ROTATED), ("PRIVATE", PRIVATE)):
        unused = sorted(set(special) - keys)
        if unused:
            sys.exit(f"make_example_photos: {name} names photos no item uses: {', '.join(unused)}")
    total = 0
    for path in found:
        total += make_photo(path, path.relative_to(pets).as_posix())
    print(f"make_example_photos: {len(found)} photos, {total / 1e6:.2f} MB in {pets}", file=sys.stderr)
    if total > BUDGET:
        sys.exit(f"make_example_photos: {total} bytes, over the budget of {BUDGET}")


if __name__ == "__main__":
    main()
