#!/usr/bin/env python3
"""Writes the small images FoldoutImagesTests reads, each a case real photo folders have.

usage: python3 make_fixtures.py   (needs Pillow and piexif from PyPI, and Debian's libvips-tools
for the HEIC file); run it in this folder. The files are committed, so the tests need none
of these; run it again only to change a fixture.
"""
import io
import struct
import subprocess
import zlib

import piexif
from PIL import Image, ImageDraw


def scene(width, height):
    """A landscape with a bright mark near its right edge, so crops can be told apart."""
    image = Image.new("RGB", (width, height), (40, 90, 160))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, height * 2 // 3, width, height], fill=(60, 140, 60))
    draw.ellipse([width * 3 // 4, height // 4, width * 3 // 4 + height // 3, height // 4 + height // 3], fill=(250, 220, 40))
    return image


def exif(orientation, private=True):
    zeroth = {piexif.ImageIFD.Orientation: orientation, piexif.ImageIFD.Make: b"Phone", piexif.ImageIFD.Model: b"Phone 12"}
    exif_ifd = {}
    gps = {}
    if private:
        zeroth[piexif.ImageIFD.Artist] = b"Foster Home Owner"
        exif_ifd[piexif.ExifIFD.BodySerialNumber] = b"SERIAL-123456"
        gps = {piexif.GPSIFD.GPSLatitudeRef: b"N", piexif.GPSIFD.GPSLatitude: ((52, 1), (31, 1), (1234, 100)),
               piexif.GPSIFD.GPSLongitudeRef: b"E", piexif.GPSIFD.GPSLongitude: ((13, 1), (24, 1), (5678, 100))}
    return piexif.dump({"0th": zeroth, "Exif": exif_ifd, "GPS": gps})


def jpeg(image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", **({"quality": 90} | options))
    return buffer.getvalue()


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


# Stored 96x64 (landscape pixels), tagged "rotate 90° clockwise": shown 64x96, portrait.
write("rotated-6.jpg", jpeg(scene(96, 64), exif=exif(6)))
write("upright.jpg", jpeg(scene(120, 80), exif=exif(1)))
write("cmyk.jpg", jpeg(scene(60, 40).convert("CMYK")))
write("plain.png", (lambda b: (scene(40, 30).save(b, "PNG"), b.getvalue())[1])(io.BytesIO()))
write("palette.png", (lambda b: (scene(40, 30).convert("P", palette=Image.ADAPTIVE, colors=16).save(b, "PNG"), b.getvalue())[1])(io.BytesIO()))
write("gray16.png", (lambda b: (Image.linear_gradient("L").resize((40, 30)).convert("I;16").save(b, "PNG"), b.getvalue())[1])(io.BytesIO()))
frames = [scene(48, 32), Image.new("RGB", (48, 32), (200, 30, 30)), Image.new("RGB", (48, 32), (30, 200, 30))]
buffer = io.BytesIO()
frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
write("animated.gif", buffer.getvalue())
whole = jpeg(scene(400, 300))
write("truncated.jpg", whole[: len(whole) // 3])
write("corrupt.jpg", whole[:20] + bytes((i * 37) % 251 for i in range(2000)))
write("jpeg-named.png", jpeg(scene(50, 40)))
# Wider than a link preview's 1200 pixels, which is made from it.
write("wide.jpg", jpeg(scene(1600, 900), quality=40))
# Narrower than a link preview: its preview keeps its 600 pixels.
write("medium.png", (lambda b: (scene(600, 400).save(b, "PNG"), b.getvalue())[1])(io.BytesIO()))
write("empty.jpg", b"")
write("not-an-image.jpg", b"<html><body>Oops, the download page</body></html>\n")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


# A decompression bomb: 30,000 x 30,000 grey pixels declared; its rows of zeros compress to
# almost nothing (only the first rows are here: the header alone must stop it).
rows = zlib.compress(b"\x00" * (30001 * 64), 9)
write("bomb.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 30000, 30000, 8, 0, 0, 0, 0))
      + chunk(b"IDAT", rows) + chunk(b"IEND", b""))

# A phone's HEIC, made by libvips from the upright JPEG.
subprocess.run(["vips", "copy", "upright.jpg", "phone.heic[compression=hevc,Q=60]"], check=True)
