#!/usr/bin/env python3
"""Deterministic pet catalog of page bundles with phone-sized JPEG photos, for the photo benchmark.

usage: gen_photos.py OUT_DIR N_ITEMS [--seed S] [--jobs J]

Writes OUT_DIR/content/ (Hugo and Foldout read it as it is):

    content/_index.md                              Foldout's image settings (widths 800, 1600)
    content/pets/_index.md                         (Foldout: 160-pixel row thumbnails)
    content/pets/dogs/_index.md                    (dogs, cats, birds, rabbits)
    content/pets/dogs/rex-0001/index.md            title, image: photo.jpg, photos: [...]
    content/pets/dogs/rex-0001/photo.jpg           the item's photos, 1 to 3 (2 on average)
    content/pets/dogs/rex-0001/photo-2.jpg

and OUT_DIR/photos.json, one entry per photo: its path under content/, the EXIF Orientation
tag, its upright width and height, whether it carries GPS and private tags, and the private
strings (owner name, serial number) that no published image may contain.

Every photo is 4032x3024 pixels as stored, JPEG quality 92 with 4:2:0 chroma, 3-5 MB,
computed from pixels (nothing downloaded): a sky gradient above a ground gradient, a sun, a
few bushes and a pet drawn as shapes, and sensor-like noise so the size is a phone's. Each
scene is drawn upright and then turned the way a phone stores it:

- the photo with index i counted over the whole catalog has EXIF Orientation 6, 8 or 3 when
  i % 3 == 1 (a third; each of the three in every 9 photos; 6 and 8 are portrait photos,
  3024x4032 upright, stored as 4032x3024 pixels), and 1 otherwise;
- when (i // 3) % 3 == 0 (a third, every orientation among them) it carries GPSLatitude,
  GPSLongitude and GPSAltitude, and a BodySerialNumber and CameraOwnerName;
- every photo has Make, Model, DateTimeOriginal, exposure tags and a 160x120 EXIF thumbnail
  of the stored (unturned) pixels, as phones write them.

Upright, the top of every scene is sky (blue well above red) and the bottom is ground (blue
below red), so a resized or cropped output shows whether it was turned upright:
`upright(image)` below tells. The same seed gives the same bytes (with the same Pillow and
libjpeg); every file's bytes differ from every other's. Photos are made by `--jobs` worker
processes (default: the number of cores).
"""
import argparse, io, json, os, sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import piexif
from PIL import Image, ImageDraw

WIDTH, HEIGHT = 4032, 3024
QUALITY = 92

SECTIONS = {"dogs": "Dogs", "cats": "Cats", "birds": "Birds", "rabbits": "Rabbits"}
NAMES = ("Rex Luna Milo Bella Oscar Coco Max Daisy Rocky Nala Zeus Pepper Simba Willow Jasper "
         "Hazel Finn Ruby Loki Olive Bruno Maple Kiwi Mochi Ziggy").split()
WORDS = ("gentle playful curious loyal calm energetic shy friendly clever patient quiet spirited "
         "affectionate independent loves enjoys walks naps treats toys garden window sunny morning "
         "evening home family the a of and to in with for on at").split()
PHONES = [("Apple", "iPhone 13", "iPhone 13 back dual wide camera 5.1mm f/1.6"),
          ("Apple", "iPhone 15 Pro", "iPhone 15 Pro back triple camera 6.86mm f/1.78"),
          ("Google", "Pixel 7", "Pixel 7 back camera 6.81mm f/1.85"),
          ("samsung", "SM-S911B", "Galaxy S23 rear camera 6.3mm f/1.8")]
FUR = ((150, 105, 60), (60, 45, 35), (225, 215, 195), (200, 120, 50), (130, 130, 135), (30, 30, 30))
OWNERS = ("Ana Ribeiro", "Jonas Weber", "Mei Tanaka", "Sam O'Neill", "Priya Raman", "Lars Nilsson")
# Stored pixels are the upright scene turned by the inverse of what the tag asks a viewer to do.
STORE = {1: None, 3: Image.Transpose.ROTATE_180,
         6: Image.Transpose.ROTATE_90,     # the viewer turns it 90 degrees clockwise
         8: Image.Transpose.ROTATE_270}    # the viewer turns it 90 degrees counter-clockwise
ROTATED = (6, 8, 3)


def plan(n_items, seed):
    """Items and photos as plain data: [(section, slug, title, body, [photo dict, ...])]."""
    rng = np.random.default_rng([seed, 0])
    items, index = [], 0
    sections = list(SECTIONS)
    for i in range(n_items):
        section = sections[i % len(sections)]
        name = NAMES[int(rng.integers(len(NAMES)))]
        slug = f"{name.lower()}-{i + 1:04d}"
        count = (2, 1, 3, 2)[i % 4]
        photos = []
        for k in range(count):
            orientation = ROTATED[(index // 3 + index // 9) % 3] if index % 3 == 1 else 1
            private = (index // 3) % 3 == 0
            file = "photo.jpg" if k == 0 else f"photo-{k + 1}.jpg"
            photos.append({"index": index, "file": file, "path": f"pets/{section}/{slug}/{file}",
                           "orientation": orientation, "gps": private})
            index += 1
        words = [WORDS[int(j)] for j in rng.integers(len(WORDS), size=int(rng.integers(12, 30)))]
        body = " ".join(words).capitalize() + "."
        items.append((section, slug, f"{name} {i + 1}", body, photos))
    return items


def write_text(out, items):
    content = os.path.join(out, "content")
    pets = os.path.join(content, "pets")
    os.makedirs(pets, exist_ok=True)
    # Foldout's settings for the work Hugo's templates do: photos 800 and 1600 wide, and
    # 160-pixel square thumbnails (320 for sharp screens); Hugo reads neither key.
    with open(os.path.join(content, "_index.md"), "w") as f:
        f.write("---\ntitle: \"Photo benchmark\"\nimage_widths: [800, 1600]\n---\n\nPets with phone photos.\n")
    with open(os.path.join(pets, "_index.md"), "w") as f:
        f.write("---\ntitle: \"Pet Explorer\"\nweight: 1\nrow:\n  thumbnail: 160\n---\n\nPets looking for a home, with photos.\n")
    for weight, (section, title) in enumerate(SECTIONS.items(), 1):
        os.makedirs(os.path.join(pets, section), exist_ok=True)
        with open(os.path.join(pets, section, "_index.md"), "w") as f:
            f.write(f"---\ntitle: \"{title}\"\nweight: {weight}\n---\n\n{title} in the catalog.\n")
    for weight, (section, slug, title, body, photos) in enumerate(items, 1):
        folder = os.path.join(pets, section, slug)
        os.makedirs(folder, exist_ok=True)
        files = ", ".join(p["file"] for p in photos)
        with open(os.path.join(folder, "index.md"), "w") as f:
            f.write(f"---\ntitle: \"{title}\"\nweight: {weight}\nimage: photo.jpg\nphotos: [{files}]\n---\n\n{body}\n")


# MARK: Pixels

def scene(rng, width, height):
    """An upright scene as an RGB image: sky above, ground below, sun, bushes, a pet, noise."""
    horizon = int(height * rng.uniform(0.40, 0.50))
    rows = np.arange(height, dtype=np.float32)[:, None]
    sky_top, sky_low = np.array([40, 90, 200]) + rng.integers(-20, 20, 3), np.array([150, 190, 240]) + rng.integers(-15, 15, 3)
    ground_top, ground_low = np.array([100, 150, 60]) + rng.integers(-25, 25, 3), np.array([70, 100, 35]) + rng.integers(-20, 20, 3)
    t_sky = np.clip(rows / horizon, 0, 1)
    t_ground = np.clip((rows - horizon) / (height - horizon), 0, 1)
    colour = np.where(rows < horizon, sky_top + (sky_low - sky_top) * t_sky,
                      ground_top + (ground_low - ground_top) * t_ground).astype(np.int16)  # height x 3
    tint = (np.linspace(-1, 1, width) * rng.uniform(-18, 18)).astype(np.int16)
    base = colour[:, None, :] + tint[None, :, None]                                 # height x width x 3
    base = np.clip(base, 0, 255, out=base).astype(np.uint8)
    image = Image.fromarray(base, "RGB")
    draw = ImageDraw.Draw(image)
    unit = min(width, height)

    def colour_near(rgb, spread):
        return tuple(int(c) for c in np.clip(np.array(rgb) + rng.integers(-spread, spread, 3), 0, 255))

    # A sun and a cloud in the sky, on the left half, small enough to leave the sky blue.
    sx, sy, sr = rng.uniform(0.08, 0.45) * width, rng.uniform(0.15, 0.6) * horizon, unit * rng.uniform(0.03, 0.06)
    draw.ellipse([sx - sr, sy - sr, sx + sr, sy + sr], fill=colour_near((250, 230, 140), 10))
    for _ in range(int(rng.integers(1, 3))):
        cx, cy = rng.uniform(0.5, 0.95) * width, rng.uniform(0.1, 0.7) * horizon
        for _ in range(4):
            dx, dy, r = rng.uniform(-0.06, 0.06) * unit, rng.uniform(-0.02, 0.02) * unit, rng.uniform(0.02, 0.045) * unit
            draw.ellipse([cx + dx - 2 * r, cy + dy - r, cx + dx + 2 * r, cy + dy + r], fill=colour_near((225, 230, 240), 8))
    # Bushes along the horizon, a path, stones on the ground.
    for _ in range(int(rng.integers(5, 10))):
        bx, r = rng.uniform(0, width), unit * rng.uniform(0.04, 0.1)
        draw.ellipse([bx - 1.5 * r, horizon - r, bx + 1.5 * r, horizon + 0.6 * r], fill=colour_near((45, 95, 40), 20))
    px = rng.uniform(0.3, 0.7) * width
    draw.polygon([(px - 0.02 * width, horizon + 0.02 * height), (px + 0.02 * width, horizon + 0.02 * height),
                  (px + 0.25 * width, height), (px - 0.25 * width, height)], fill=colour_near((150, 125, 95), 15))
    for _ in range(int(rng.integers(6, 14))):
        x, y, r = rng.uniform(0, width), rng.uniform(horizon + 0.1 * (height - horizon), height), unit * rng.uniform(0.01, 0.03)
        draw.ellipse([x - r, y - 0.6 * r, x + r, y + 0.6 * r], fill=colour_near((120, 115, 110), 20))
    # The pet: body, head, ears, eyes, on the ground.
    fur = colour_near(FUR[int(rng.integers(len(FUR)))], 15)
    cx, cy, s = rng.uniform(0.3, 0.7) * width, horizon + rng.uniform(0.45, 0.7) * (height - horizon), unit * rng.uniform(0.12, 0.2)
    draw.ellipse([cx - 1.4 * s, cy - 0.6 * s, cx + 1.4 * s, cy + 0.6 * s], fill=fur)
    hx, hy = cx + 1.2 * s, cy - 0.7 * s
    draw.ellipse([hx - 0.55 * s, hy - 0.5 * s, hx + 0.55 * s, hy + 0.5 * s], fill=fur)
    draw.polygon([(hx - 0.45 * s, hy - 0.3 * s), (hx - 0.3 * s, hy - 0.95 * s), (hx - 0.05 * s, hy - 0.45 * s)], fill=fur)
    draw.polygon([(hx + 0.05 * s, hy - 0.45 * s), (hx + 0.3 * s, hy - 0.95 * s), (hx + 0.45 * s, hy - 0.3 * s)], fill=fur)
    for ex in (-0.2, 0.2):
        draw.ellipse([hx + ex * s - 0.07 * s, hy - 0.1 * s, hx + ex * s + 0.07 * s, hy + 0.04 * s], fill=(20, 20, 20))
    for lx in (-1.0, -0.6, 0.6, 1.0):
        draw.rectangle([cx + lx * s - 0.1 * s, cy + 0.3 * s, cx + lx * s + 0.1 * s, cy + 1.0 * s], fill=fur)
    # Sensor noise, the same in every channel: what makes a photo 3-5 MB.
    pixels = np.asarray(image).astype(np.int16)
    noise = rng.standard_normal((height, width, 1), dtype=np.float32)
    pixels += (noise * np.float32(rng.uniform(4.8, 7.8))).astype(np.int16)
    return Image.fromarray(np.clip(pixels, 0, 255, out=pixels).astype(np.uint8), "RGB")


def rational(value, denominator=10000):
    return (int(round(value * denominator)), denominator)


def dms(value):
    value = abs(value)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = (value - degrees - minutes / 60) * 3600
    return ((degrees, 1), (minutes, 1), rational(seconds, 100))


def exif_bytes(rng, photo, stored):
    make, model, lens = PHONES[photo["index"] % len(PHONES)]
    day, second = 1 + photo["index"] % 28, int(rng.integers(8 * 3600, 20 * 3600))
    stamp = f"2024:05:{day:02d} {second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}".encode()
    zeroth = {piexif.ImageIFD.Make: make.encode(), piexif.ImageIFD.Model: model.encode(),
              piexif.ImageIFD.Orientation: photo["orientation"],
              piexif.ImageIFD.XResolution: (72, 1), piexif.ImageIFD.YResolution: (72, 1),
              piexif.ImageIFD.ResolutionUnit: 2, piexif.ImageIFD.Software: b"17.4.1",
              piexif.ImageIFD.DateTime: stamp}
    exif = {piexif.ExifIFD.DateTimeOriginal: stamp, piexif.ExifIFD.DateTimeDigitized: stamp,
            piexif.ExifIFD.ExposureTime: (1, int(rng.choice([60, 120, 250, 500, 1000]))),
            piexif.ExifIFD.FNumber: (18, 10), piexif.ExifIFD.ISOSpeedRatings: int(rng.choice([50, 64, 100, 200, 400])),
            piexif.ExifIFD.FocalLength: (51, 10), piexif.ExifIFD.LensModel: lens.encode(),
            piexif.ExifIFD.ColorSpace: 1,
            piexif.ExifIFD.PixelXDimension: WIDTH, piexif.ExifIFD.PixelYDimension: HEIGHT,
            piexif.ExifIFD.ImageUniqueID: f"{photo['index']:08d}{int(rng.integers(1 << 62)):016x}".encode()}
    gps = {}
    if photo["gps"]:
        latitude, longitude = rng.uniform(-60, 65), rng.uniform(-170, 175)
        owner, serial = OWNERS[photo["index"] % len(OWNERS)], f"F2LX{int(rng.integers(10 ** 9)):09d}"
        exif[piexif.ExifIFD.CameraOwnerName] = owner.encode()
        exif[piexif.ExifIFD.BodySerialNumber] = serial.encode()
        gps = {piexif.GPSIFD.GPSVersionID: (2, 2, 0, 0),
               piexif.GPSIFD.GPSLatitudeRef: b"N" if latitude >= 0 else b"S", piexif.GPSIFD.GPSLatitude: dms(latitude),
               piexif.GPSIFD.GPSLongitudeRef: b"E" if longitude >= 0 else b"W", piexif.GPSIFD.GPSLongitude: dms(longitude),
               piexif.GPSIFD.GPSAltitudeRef: 0, piexif.GPSIFD.GPSAltitude: rational(rng.uniform(0, 900), 100),
               piexif.GPSIFD.GPSDateStamp: stamp[:10]}
        photo.update(latitude=round(latitude, 6), longitude=round(longitude, 6), owner=owner, serial=serial)
    thumbnail = stored.resize((160, 120), Image.Resampling.BILINEAR, reducing_gap=2.0)
    buffer = io.BytesIO()
    thumbnail.save(buffer, "JPEG", quality=80)
    first = {piexif.ImageIFD.Compression: 6, piexif.ImageIFD.XResolution: (72, 1),
             piexif.ImageIFD.YResolution: (72, 1), piexif.ImageIFD.ResolutionUnit: 2}
    return piexif.dump({"0th": zeroth, "Exif": exif, "GPS": gps, "1st": first, "thumbnail": buffer.getvalue()})


def make_photo(job):
    """Draws, turns, tags and writes one photo; returns its manifest entry (with its size)."""
    content, seed, photo = job
    rng = np.random.default_rng([seed, 1, photo["index"]])
    portrait = photo["orientation"] in (6, 8)
    width, height = (HEIGHT, WIDTH) if portrait else (WIDTH, HEIGHT)
    image = scene(rng, width, height)
    if STORE[photo["orientation"]] is not None:
        image = image.transpose(STORE[photo["orientation"]])
    assert image.size == (WIDTH, HEIGHT), image.size
    path = os.path.join(content, photo["path"])
    image.save(path, "JPEG", quality=QUALITY, subsampling="4:2:0", exif=exif_bytes(rng, photo, image))
    photo.update(width=width, height=height, bytes=os.path.getsize(path))
    return photo


def upright(image):
    """True when `image` (any size, already turned) shows its sky at the top: how the benchmark
    checks that an output was auto-oriented. A sideways or upside-down one has no blue top."""
    small = np.asarray(image.convert("RGB").resize((64, 64), Image.Resampling.BOX)).astype(np.int32)
    blue_minus_red = small[:, :, 2] - small[:, :, 0]
    return blue_minus_red[:8].mean() > 40 and blue_minus_red[-8:].mean() < 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("items", type=int, nargs="?", default=30)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    content = os.path.join(args.out, "content")
    if os.path.exists(content):
        sys.exit(f"gen_photos: {content} exists; give an empty folder")
    items = plan(args.items, args.seed)
    write_text(args.out, items)
    jobs = [(content, args.seed, photo) for *_, photos in items for photo in photos]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            photos = list(pool.map(make_photo, jobs))
    else:
        photos = [make_photo(job) for job in jobs]
    with open(os.path.join(args.out, "photos.json"), "w") as f:
        json.dump({"seed": args.seed, "items": args.items, "photos": photos}, f, indent=1)
    total = sum(p["bytes"] for p in photos)
    print(f"gen_photos: {args.items} items, {len(photos)} photos, {total / 1e6:.0f} MB in {content}", file=sys.stderr)


if __name__ == "__main__":
    main()
