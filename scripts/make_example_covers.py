#!/usr/bin/env python3
"""Writes the example site's cover images, which link previews show for pages without a
photo of their own (`image:` in an `_index.md`, see README "Link previews").

usage: python3 scripts/make_example_covers.py [CONTENT_DIR]     (default: Content)
needs: Pillow: run it with .venv/tests/bin/python (make python-env-tests)

- CONTENT_DIR/cover.jpg: the site's, 1200x630 (the shape Facebook and X show large), six of
  the pets' photos side by side in two rows, each cropped to its middle.
- CONTENT_DIR/courses/cover.png: the course catalog's, 1200x630, an outline drawn in flat
  colours (a section header, groups and rows), as PNG: flat colours stay small and sharp.

Both are written with fixed inputs and no randomness, so a rerun writes the same bytes (with
the same Pillow and libjpeg).
"""
from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageOps

WIDTH, HEIGHT = 1200, 630
PETS = ["dogs/terriers/diego.jpg", "cats/maine-coon/bramble.jpg", "birds/parrots/captain.jpg",
        "cats/siamese/sage.jpg", "dogs/retrievers/hazel.jpg", "birds/finches/pip.jpg"]


def site_cover(content: Path) -> None:
    columns, rows = 3, 2
    cell = (WIDTH // columns, HEIGHT // rows)
    cover = Image.new("RGB", (WIDTH, HEIGHT), "white")
    for index, name in enumerate(PETS):
        photo = ImageOps.exif_transpose(Image.open(content / "pets" / name)).convert("RGB")
        tile = ImageOps.fit(photo, cell, Image.Resampling.LANCZOS)
        cover.paste(tile, ((index % columns) * cell[0], (index // columns) * cell[1]))
    cover.save(content / "cover.jpg", quality=82, optimize=True)


def courses_cover(content: Path) -> None:
    background, card, header, accent, row, muted = "#1f3a5f", "#ffffff", "#e8eef6", "#f5a623", "#c9d6e8", "#8fa6c4"
    cover = Image.new("RGB", (WIDTH, HEIGHT), background)
    draw = ImageDraw.Draw(cover)
    draw.rounded_rectangle((120, 50, 1080, 580), radius=28, fill=card)
    draw.rounded_rectangle((160, 90, 1040, 160), radius=14, fill=header)
    draw.rounded_rectangle((190, 112, 520, 138), radius=8, fill=background)
    top = 195
    for group, count in enumerate((3, 2)):
        # A group's disclosure triangle and title, then its rows, each with a level badge.
        draw.polygon([(180, top + 8), (204, top + 8), (192, top + 26)], fill=background)
        draw.rounded_rectangle((222, top + 4, 480, top + 28), radius=8, fill=muted)
        top += 48
        for index in range(count):
            draw.rounded_rectangle((222, top, 1000, top + 38), radius=10, fill=row)
            draw.rounded_rectangle((244, top + 11, 560 - 40 * index, top + 27), radius=6, fill=background)
            draw.rounded_rectangle((880, top + 8, 976, top + 30), radius=11, fill=accent if (group + index) % 2 == 0 else muted)
            top += 48
        top += 12
    cover.save(content / "courses" / "cover.png", optimize=True)


def main() -> None:
    content = Path(sys.argv[1] if len(sys.argv) > 1 else "Content")
    site_cover(content)
    courses_cover(content)
    for path in (content / "cover.jpg", content / "courses" / "cover.png"):
        with Image.open(path) as image:
            assert image.size == (WIDTH, HEIGHT), (path, image.size)
        print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
