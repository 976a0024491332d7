"""Checks of a built site's photos, as functions that return what went wrong.

Like browser_checks, each function returns a list of failures (empty when all is well), so
the same function serves the example site, where the list must be empty, and the broken
pages test_images.py makes, where it must not be.

- markup_failures: the <picture>/<img> markup of a page, and the files it names (read with
  Pillow: a `480w` candidate must be 480 pixels wide, a 2x thumbnail twice the 1x one);
- loaded_image_failures: the same images in Chromium, scrolled into view one by one;
- upright_failures, privacy_failures: every published raster file;
- layout_shift_failures, image_weight_failures: a page on a phone, its groups open from
  the first frame (the members of an exclusive group, which close one another, in turn),
  scrolled to the bottom;
- gallery_failures: an item page's gallery of photos;
- card_image_failures, card_sizes_failures: the photos of grid and carousel cards, drawn
  no larger than their pixels, and `sizes` that says how wide they are drawn.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from PIL import Image, ImageOps
from selenium.webdriver import Chrome

from browser_checks import IS_SHOWN, PHONE, open_page

REPOSITORY = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(REPOSITORY / "bench" / "photos"))
from gen_photos import upright  # noqa: E402  (sky on top, ground below)

RASTER = (".jpg", ".jpeg", ".png", ".webp", ".avif")
# Formats every browser reads: what an <img> must fall back to outside its WebP <source>.
FALLBACK_FORMATS = {"JPEG", "PNG", "GIF"}
SHOWN_AS_IS = (".png", ".gif", ".webp")
GPS_IFD = 0x8825
PRIVATE_STRINGS = (b"FOLDOUT-SERIAL-0042", b"Foldout Example Owner")
RATIO_TOLERANCE = 0.01
MAX_IMAGE_BYTES = 400 * 1000  # the issue's target: a catalog page on a phone
MAX_LAYOUT_SHIFT = 0.001  # the issue's CLS 0, allowing for float dust


def is_raster(url: str) -> bool:
    return urlsplit(url).path.lower().endswith(RASTER)


def parse_srcset(value: str) -> list[tuple[str, str]]:
    """[(url, descriptor)] of a srcset; descriptor is "" when there is none (means 1x)."""
    candidates = []
    for part in value.split(","):
        words = part.split()
        if words:
            candidates.append((words[0], words[1] if len(words) > 1 else ""))
    return candidates


# MARK: The markup, read from the file

@dataclass
class Source:
    attrs: dict[str, str]
    line: int


@dataclass
class ImageTag:
    attrs: dict[str, str]
    line: int
    picture: list[Source] | None  # the <source>s before it in its <picture>, None outside one
    picture_class: str
    ancestor_classes: list[str]  # classes of every open element around it, innermost last

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    @property
    def kind(self) -> str:
        """card (a grid's or carousel's card), thumbnail (a list row's), item (the item page's
        photo), gallery, body, other."""
        if "card-image" in self.classes:
            return "card"
        if "thumbnail" in self.classes:
            return "thumbnail"
        if "item-image" in self.classes:
            return "item"
        if "gallery" in self.ancestor_classes:
            return "gallery"
        if "body" in self.ancestor_classes:
            return "body"
        return "other"

    def describe(self, page: str) -> str:
        return f"{page}:{self.line}: {self.kind} <img src=\"{self.attrs.get('src', '')}\">"


class _ImageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, list[str]]] = []
        self.pictures: list[tuple[list[Source], str]] = []
        self.images: list[ImageTag] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        line = self.getpos()[0]
        if tag == "source" and self.pictures and self.stack and self.stack[-1][0] == "picture":
            self.pictures[-1][0].append(Source(values, line))
        elif tag == "img":
            parent_is_picture = bool(self.stack) and self.stack[-1][0] == "picture" and bool(self.pictures)
            self.images.append(ImageTag(
                values, line,
                list(self.pictures[-1][0]) if parent_is_picture else None,
                self.pictures[-1][1] if parent_is_picture else "",
                [c for _, classes in self.stack for c in classes]))
        elif tag not in {"area", "base", "br", "col", "embed", "hr", "input", "link", "meta", "source", "track", "wbr"}:
            self.stack.append((tag, values.get("class", "").split()))
            if tag == "picture":
                self.pictures.append(([], values.get("class", "")))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                for closed, _ in self.stack[index:]:
                    if closed == "picture" and self.pictures:
                        self.pictures.pop()
                del self.stack[index:]
                return


def images_of(path: Path) -> list[ImageTag]:
    reader = _ImageReader()
    reader.feed(path.read_text(encoding="utf-8", errors="replace"))
    reader.close()
    return reader.images


def photo_images(path: Path) -> list[ImageTag]:
    """The <img>s of a page that show a raster image (not SVG, not a data: URI)."""
    return [image for image in images_of(path) if is_raster(image.attrs.get("src", ""))]


# MARK: Files

@dataclass
class ImageFile:
    format: str
    width: int  # upright: after the file's own EXIF orientation
    height: int


def read_image(path: Path) -> ImageFile | str:
    try:
        with Image.open(path) as image:
            turned = ImageOps.exif_transpose(image)
            return ImageFile(image.format or "?", turned.width, turned.height)
    except Exception as error:  # noqa: BLE001  (any unreadable file is a failure to report)
        return f"Pillow cannot read it: {error}"


def _file_of(root: Path, page: str, url: str) -> Path | None:
    """The file a relative URL of a page names, or None when it leaves the site."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or parts.path.startswith("/"):
        return None
    target = (root / page).parent / unquote(parts.path)
    try:
        target.resolve().relative_to(root.resolve())
    except ValueError:
        return None
    return target


def _ratio_off(width: float, height: float, other_width: float, other_height: float) -> float:
    return abs((width / height) / (other_width / other_height) - 1)


def _dimension(value: str | None) -> int | None:
    return int(value) if value is not None and re.fullmatch(r"[1-9][0-9]*", value) else None


def markup_failures(root: Path, page: str) -> list[str]:
    """Every raster <img> of the page: in a <picture> with a WebP <source>, exact width and
    height, decoding="async", loading="lazy" where it may be below the fold (not on the
    page's main image: the item's photo, or else its gallery's first slide), srcset with w
    descriptors and sizes (item, gallery, body images) or 1x and 2x (row thumbnails), and
    every candidate a readable file whose pixels match its descriptor and the img's ratio."""
    failures = []
    gallery_slides = 0
    images = photo_images(root / page)
    has_item_image = any(image.kind == "item" for image in images)
    for image in images:
        where = image.describe(page)
        attrs = image.attrs
        problems = []
        width, height = _dimension(attrs.get("width")), _dimension(attrs.get("height"))
        if width is None or height is None:
            problems.append(f"width and height must be positive whole numbers, found width={attrs.get('width')!r} "
                            f"height={attrs.get('height')!r}")
        if attrs.get("decoding") != "async":
            problems.append(f"decoding is {attrs.get('decoding')!r}, not \"async\"")
        # The page's main image (the item's photo, or its gallery's first slide) loads at
        # once; everything that may be below the fold waits until it is scrolled to.
        is_main = image.kind == "item" or (image.kind == "gallery" and gallery_slides == 0 and not has_item_image)
        gallery_slides += image.kind == "gallery"
        if is_main and attrs.get("loading") == "lazy":
            problems.append("loading is \"lazy\" on the page's main image")
        elif not is_main and image.kind in {"thumbnail", "card", "gallery", "body"} and attrs.get("loading") != "lazy":
            problems.append(f"loading is {attrs.get('loading')!r}, not \"lazy\"")
        if _shown_as_it_is(root, page, image):
            # A small PNG, GIF or WebP without metadata is published as it is: one file, with
            # its exact size on the <img>, and nothing to choose from.
            problems += _candidate_problems(root, page, "<img src>", attrs.get("src", ""), "src", False, width, height)
            if width and height:
                read = read_image(_file_of(root, page, attrs.get("src", "")))
                if not isinstance(read, str) and (read.width, read.height) != (width, height) and image.kind != "thumbnail":
                    problems.append(f"width and height are {width}x{height}, the file is {read.width}x{read.height}")
            failures += [f"{where}: {problem}" for problem in problems]
            continue
        if image.picture is None:
            problems.append("not the child of a <picture>")
        webp = [s for s in image.picture or [] if s.attrs.get("type") == "image/webp" and s.attrs.get("srcset", "").strip()]
        if image.picture is not None and not webp:
            problems.append("its <picture> has no <source type=\"image/webp\" srcset=...>")

        sets = [("<img srcset>", attrs, False)] + [(f"<source type=\"image/webp\"> (line {s.line})", s.attrs, True) for s in webp]
        for label, element, is_webp in sets:
            srcset = parse_srcset(element.get("srcset", ""))
            if not srcset:
                problems.append(f"{label}: no srcset")
                continue
            descriptors = [d or "1x" for _, d in srcset]
            if image.kind == "thumbnail":
                if sorted(descriptors) != ["1x", "2x"]:
                    problems.append(f"{label}: a row thumbnail's srcset must give 1x and 2x, found {descriptors}")
            elif image.kind != "other":
                if not all(re.fullmatch(r"[1-9][0-9]*w", d) for d in descriptors):
                    problems.append(f"{label}: srcset descriptors must be widths (480w), found {descriptors}")
                if not element.get("sizes", "").strip():
                    problems.append(f"{label}: srcset with widths but no sizes")
                if image.kind == "card":
                    problems += _card_srcset_problems(label, descriptors, width)
            candidates = [(url, descriptor or "1x") for url, descriptor in srcset]
            if not is_webp:
                candidates.append((attrs.get("src", ""), "src"))
            for url, descriptor in candidates:
                problems += _candidate_problems(root, page, label, url, descriptor, is_webp, width, height)
        failures += [f"{where}: {problem}" for problem in problems]
    return failures


def _card_srcset_problems(label: str, descriptors: list[str], width: int | None) -> list[str]:
    """A card's photo is a square at the card's width and twice it (fewer when the source is
    smaller): never the 48-pixel row thumbnail, widths all different, and the <img>'s width
    the widest of them (what a photo smaller than the card is drawn at, at most)."""
    widths = sorted(int(d[:-1]) for d in descriptors if re.fullmatch(r"[1-9][0-9]*w", d))
    problems = []
    if len(set(widths)) != len(widths):
        problems.append(f"{label}: a card's srcset names one width twice: {descriptors}")
    if widths and width and widths[-1] != width:
        problems.append(f"{label}: the widest candidate is {widths[-1]}w, but the <img> says width={width}")
    if len(widths) == 1 and width and width >= 96:
        problems.append(f"{label}: one candidate of {widths[0]}w for a card: no 2x for a sharp screen")
    return problems


VARIANT_NAME = re.compile(r"-(?:[0-9]+w|sq[0-9]+(?:-f[0-9]+-[0-9]+)?)\.(?:webp|jpg|png|avif)$")


def _shown_as_it_is(root: Path, page: str, image: ImageTag) -> bool:
    """An <img> without srcset or WebP <source> whose one file is a PNG, GIF or WebP that is
    not a variant (no `-480w`, `-sq48` in its name): a small image published as it is."""
    if image.attrs.get("srcset") or any(s.attrs.get("type") == "image/webp" for s in image.picture or []):
        return False
    src = image.attrs.get("src", "")
    if VARIANT_NAME.search(urlsplit(src).path):
        return False
    path = _file_of(root, page, src)
    read = read_image(path) if path is not None and path.is_file() else "missing"
    return not isinstance(read, str) and read.format in {"PNG", "GIF", "WEBP"}


def _candidate_problems(root: Path, page: str, label: str, url: str, descriptor: str, is_webp: bool,
                        width: int | None, height: int | None) -> list[str]:
    what = f"{label} {url} {descriptor}".rstrip()
    path = _file_of(root, page, url)
    if path is None or not path.is_file():
        return [f"{what}: no such file in the site"]
    read = read_image(path)
    if isinstance(read, str):
        return [f"{what}: {read}"]
    problems = []
    if is_webp and read.format != "WEBP":
        problems.append(f"{what}: a {read.format} file in a WebP <source>")
    if not is_webp and read.format not in FALLBACK_FORMATS:
        problems.append(f"{what}: a {read.format} file as the <img>'s fallback, which not every browser reads")
    if width and height and _ratio_off(width, height, read.width, read.height) > RATIO_TOLERANCE:
        problems.append(f"{what}: the file is {read.width}x{read.height}, not in the ratio of width/height "
                        f"{width}x{height}")
    if match := re.fullmatch(r"([0-9]+)w", descriptor):
        if read.width != int(match.group(1)):
            problems.append(f"{what}: the file is {read.width} pixels wide, not {match.group(1)}")
    elif match := re.fullmatch(r"([0-9.]+)x", descriptor):
        density = float(match.group(1))
        if width and height and (abs(read.width - width * density) > 1 or abs(read.height - height * density) > 1):
            problems.append(f"{what}: the file is {read.width}x{read.height}, not {descriptor} of "
                            f"{width}x{height}")
    return problems


# MARK: The images in the browser

# Each raster image in turn: the groups around it opened (an exclusive group closes its
# siblings, so they are opened image by image), scrolled into view and waited for (lazy ones
# start loading only then); what the browser made of it. A 20 s budget for the whole page.
_LOAD_EACH = """
const done = arguments[arguments.length - 1];
const raster = /\\.(jpe?g|png|webp|avif)$/i;
const images = [...document.images].filter(i => {
  const src = i.getAttribute('src') || '';
  return !src.startsWith('data:') && raster.test(new URL(src, document.baseURI).pathname);
});
const sleep = ms => new Promise(r => setTimeout(r, ms));
const urls = srcset => srcset.split(',').map(c => c.trim().split(/\\s+/)[0]).filter(Boolean)
  .map(u => new URL(u, document.baseURI).href);
(async () => {
  const deadline = Date.now() + 20000;
  const found = [];
  for (const img of images) {
    for (let d = img.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) d.open = true;
    img.scrollIntoView({block: 'center', inline: 'nearest'});
    const until = Math.min(deadline, Date.now() + 5000);
    while (!(img.complete && img.naturalWidth > 0) && Date.now() < until) await sleep(25);
    const picture = img.parentElement && img.parentElement.tagName === 'PICTURE' ? img.parentElement : null;
    const webp = picture ? [...picture.querySelectorAll(':scope > source[type="image/webp"]')] : [];
    found.push({src: img.getAttribute('src'), width: img.getAttribute('width'), height: img.getAttribute('height'),
                complete: img.complete, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
                currentSrc: img.currentSrc, webp: webp.flatMap(s => urls(s.srcset || ''))});
  }
  done(found);
})();
"""


def loaded_image_failures(driver: Chrome, url: str, page: str = "") -> list[str]:
    """Each raster image, scrolled into view, loads; its width/height attributes are in the
    ratio of what loaded (naturalWidth/naturalHeight); Chromium picked the WebP source."""
    open_page(driver, url)
    failures = []
    for index, image in enumerate(driver.execute_async_script(_LOAD_EACH), 1):
        where = f"{page or url}: image {index} <img src=\"{image['src']}\">"
        if not (image["complete"] and image["naturalWidth"] > 0):
            failures.append(f"{where}: did not load after being scrolled into view")
            continue
        width, height = _dimension(image["width"]), _dimension(image["height"])
        if width and height:
            off = _ratio_off(width, height, image["naturalWidth"], image["naturalHeight"])
            if off > RATIO_TOLERANCE:
                failures.append(f"{where}: width/height {width}x{height} but it loaded as "
                                f"{image['naturalWidth']}x{image['naturalHeight']} ({off:.1%} off)")
        else:
            failures.append(f"{where}: no width and height to compare with what loaded")
        if image["webp"] and image["currentSrc"] not in image["webp"]:
            failures.append(f"{where}: Chromium reads WebP but showed {image['currentSrc']}, not one of its "
                            f"<source type=\"image/webp\"> candidates")
    return failures


# MARK: Published files

def published_images(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in RASTER)


_DATA_IMAGE = re.compile(r"data:image/[a-z+]+;base64,([A-Za-z0-9+/=]+)")


def inline_images(root: Path, under: str = "") -> list[tuple[str, bytes]]:
    """Images inlined in the pages as data: URIs (the blurred placeholders): (where, bytes)."""
    found = []
    for page in sorted((root / under).rglob("*.html")) if (root / under).is_dir() else []:
        text = page.read_text(encoding="utf-8", errors="replace")
        for number, match in enumerate(_DATA_IMAGE.finditer(text), 1):
            try:
                found.append((f"{page.relative_to(root).as_posix()} (inline image {number})",
                              base64.b64decode(match.group(1))))
            except ValueError:
                found.append((f"{page.relative_to(root).as_posix()} (inline image {number})", b""))
    return found


def _upright_problem(data: bytes) -> str | None:
    try:
        with Image.open(io.BytesIO(data)) as image:
            turned = ImageOps.exif_transpose(image)
            if not upright(turned):
                return f"{turned.width}x{turned.height} upright, but its sky is not on top"
    except Exception as error:  # noqa: BLE001
        return f"Pillow cannot read it: {error}"
    return None


def upright_failures(root: Path, under: str = "pets", inline: bool = True) -> list[str]:
    """Every raster file below ROOT/UNDER (and every image inlined in its pages) shows its sky
    on top once its own EXIF orientation is applied."""
    failures = []
    files = [p for p in published_images(root) if p.relative_to(root).as_posix().startswith(under + "/")]
    if not files:
        failures.append(f"no published image below {under}/ to check")
    for path in files:
        problem = _upright_problem(path.read_bytes())
        if problem:
            failures.append(f"{path.relative_to(root).as_posix()}: {problem}")
    for where, data in inline_images(root, under) if inline else []:
        problem = _upright_problem(data)
        if problem:
            failures.append(f"{where}: {problem}")
    return failures


def exif_gps(data: bytes) -> bool:
    try:
        with Image.open(io.BytesIO(data)) as image:
            exif = image.getexif()
            return GPS_IFD in exif or bool(exif.get_ifd(GPS_IFD))
    except Exception:  # noqa: BLE001  (unreadable: the upright and markup checks report it)
        return False


def privacy_failures(root: Path, originals: list[Path]) -> list[str]:
    """No published image carries GPS EXIF or the example's serial number and owner name (nor
    does any other published file); no published file is a byte-for-byte original."""
    failures = []
    digests = {hashlib.sha256(p.read_bytes()).hexdigest(): p for p in originals}
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        name = path.relative_to(root).as_posix()
        data = path.read_bytes()
        if path.suffix.lower() in RASTER and exif_gps(data):
            failures.append(f"{name}: carries GPS EXIF (tag 0x8825)")
        for secret in PRIVATE_STRINGS:
            if secret in data:
                failures.append(f"{name}: contains \"{secret.decode()}\"")
        original = digests.get(hashlib.sha256(data).hexdigest())
        # Only a small PNG, GIF or WebP without metadata may be published as it is (the
        # metadata is looked for above); a photo never.
        if original and original.suffix.lower() not in SHOWN_AS_IS:
            failures.append(f"{name}: the original {original} published as it is")
    for where, data in inline_images(root):
        if exif_gps(data):
            failures.append(f"{where}: carries GPS EXIF (tag 0x8825)")
        for secret in PRIVATE_STRINGS:
            if secret in data:
                failures.append(f"{where}: contains \"{secret.decode()}\"")
    return failures


# MARK: A page on a phone: layout shift and bytes

# Installed before the page's own scripts: sets each <details> open or closed as the parser
# adds it, so the groups are as wanted from the first frame (opening them later would move
# the rows below them, a shift that has nothing to do with images); keeps every resource
# timing entry; records every size each <img>'s box takes (ResizeObserver), so an image
# that changes its box when it arrives is caught even when it arrives before first paint.
# OPEN is the list of indexes (in document order) of the details to open. With HIDE, the
# page stays invisible until DOMContentLoaded: what the page's own deferred scripts change
# on arrival (catalog.js inserts its filter box) is then not counted as a shift; images
# arriving later still are.
_EARLY = """
if (location.protocol !== 'about:') {
  const open = new Set(OPEN);
  try { performance.setResourceTimingBufferSize(100000); } catch (e) {}
  if (HIDE) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('html { visibility: hidden !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    document.addEventListener('DOMContentLoaded', () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter(s => s !== sheet);
    });
  }
  const sizes = window.__foldoutImageSizes = [];
  const resized = new ResizeObserver(entries => {
    for (const entry of entries) {
      const box = entry.borderBoxSize && entry.borderBoxSize[0];
      const size = box ? [Math.round(box.inlineSize), Math.round(box.blockSize)]
                       : [Math.round(entry.contentRect.width), Math.round(entry.contentRect.height)];
      const record = sizes.find(r => r.img === entry.target);
      if (record) record.sizes.push(size); else sizes.push({img: entry.target, sizes: [size]});
    }
  });
  const set = details => {
    const index = [...document.querySelectorAll('details')].indexOf(details);
    if (index >= 0) details.open = open.has(index);
  };
  const visit = node => {
    if (node.tagName === 'DETAILS') set(node);
    if (node.tagName === 'IMG') resized.observe(node);
    node.querySelectorAll('details').forEach(set);
    node.querySelectorAll('img').forEach(img => resized.observe(img));
  };
  new MutationObserver(records => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) visit(node);
  }).observe(document, {childList: true, subtree: true});
}
"""

# Images whose box took more than one size (each size it took, in order); _reshaped tells
# which of them changed shape.
_RESIZED_IMAGES = """
return (window.__foldoutImageSizes || [])
  .filter(r => new Set(r.sizes.map(s => s.join('x'))).size > 1)
  .map(r => ({src: r.img.getAttribute('src'), sizes: r.sizes.map(s => s.join('x'))}));
"""

# The page's <details>: the name of each (exclusive groups share one; "" for none).
_DETAILS = "return [...document.querySelectorAll('details')].map(d => d.getAttribute('name') || '');"

# Which details to open, as indexes in document order, for each of a few page loads that
# together open every group: all the unnamed ones every time, and of each exclusive
# (same-name) set, whose members close one another, the first member, then the second...
def open_plans(names: list[str]) -> list[list[int]]:
    members: dict[str, list[int]] = {}
    for index, name in enumerate(names):
        if name:
            members.setdefault(name, []).append(index)
    rounds = max((len(m) for m in members.values()), default=1)
    unnamed = [index for index, name in enumerate(names) if not name]
    return [sorted(unnamed + [m[min(k, len(m) - 1)] for m in members.values()]) for k in range(rounds)]


# Puts the details as a plan says (for a page already open), as a person who opens them.
_APPLY_PLAN = """
const open = new Set(arguments[0]);
[...document.querySelectorAll('details')].forEach((d, i) => { if (open.has(i)) d.open = true; });
[...document.querySelectorAll('details')].forEach((d, i) => { if (!open.has(i)) d.open = false; });
"""

# Scrolls down a screen at a time to the bottom, letting the images in view load, then
# waits for every image that is shown to settle (loaded or failed; 15 s at most).
_SCROLL_THROUGH = IS_SHOWN + """
const done = arguments[arguments.length - 1];
const sleep = ms => new Promise(r => setTimeout(r, ms));
const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
(async () => {
  const deadline = Date.now() + 15000;
  const inView = img => { const b = img.getBoundingClientRect(); return b.bottom > 0 && b.top < innerHeight; };
  const settled = img => img.complete;
  for (let y = 0; ; y += Math.round(innerHeight * 0.75)) {
    scrollTo(0, y);
    await frame();
    while (Date.now() < deadline && ![...document.images].filter(inView).every(settled)) await sleep(25);
    if (innerHeight + scrollY >= document.documentElement.scrollHeight - 1) break;
  }
  const shown = [...document.images].filter(isShown);
  while (Date.now() < deadline && !shown.every(settled)) await sleep(25);
  await frame();
  await sleep(300);
  done({images: shown.map(i => ({src: i.getAttribute('src'), currentSrc: i.currentSrc,
                                 loaded: i.complete && i.naturalWidth > 0})),
        open: [...document.querySelectorAll('details')].map(d => d.open),
        ids: [...document.querySelectorAll('details')].map(d => d.id || d.className || 'details')});
})();
"""

_LAYOUT_SHIFTS = """
const done = arguments[arguments.length - 1];
const found = [];
const describe = node => !node ? '(gone)' : node.nodeType !== 1 ? node.nodeName :
  node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') +
  (node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).join('.') : '') +
  (node.getAttribute('src') ? '[src=' + node.getAttribute('src') + ']' : '');
const rect = r => r ? [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : null;
new PerformanceObserver(list => found.push(...list.getEntries())).observe({type: 'layout-shift', buffered: true});
setTimeout(() => done(found.map(e => ({value: e.value, hadRecentInput: e.hadRecentInput,
  time: Math.round(e.startTime), sources: (e.sources || []).map(s => ({node: describe(s.node),
  from: rect(s.previousRect), to: rect(s.currentRect)}))}))), 250);
"""

_IMAGE_RESOURCES = """
const raster = /\\.(jpe?g|png|webp|avif|gif)$/i;
return performance.getEntriesByType('resource')
  .filter(e => e.initiatorType === 'img' || raster.test(new URL(e.name).pathname))
  .map(e => ({url: e.name, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize,
              initiatorType: e.initiatorType}));
"""


class PhoneSession:
    """Pages opened on a phone (PHONE: 390x844 at 2x), optionally with the HTTP cache off;
    undone on exit."""

    def __init__(self, driver: Chrome, device: dict = PHONE, cache_disabled: bool = False) -> None:
        self.driver, self.device, self.cache_disabled = driver, device, cache_disabled

    def __enter__(self) -> "PhoneSession":
        metrics = {key: self.device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        if self.cache_disabled:
            self.driver.execute_cdp_cmd("Network.enable", {})
            self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        return self

    def __exit__(self, *exc) -> None:
        if self.cache_disabled:
            self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
            self.driver.execute_cdp_cmd("Network.disable", {})
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def plans(self, url: str) -> list[list[int]]:
        """Which groups to open, load by load, so that every group is open in one of them."""
        open_page(self.driver, url)
        return open_plans(self.driver.execute_script(_DETAILS))

    def open_with(self, url: str, plan: list[int], hide_until_ready: bool = False) -> None:
        """Opens URL with the details in PLAN open and the others closed from the first frame
        (and the page invisible until DOMContentLoaded with HIDE_UNTIL_READY)."""
        source = _EARLY.replace("OPEN", repr(plan)).replace("HIDE", "true" if hide_until_ready else "false")
        script = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
        try:
            open_page(self.driver, url)
        finally:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                        {"identifier": script["identifier"]})

    def scroll_through(self, plan: list[int]) -> tuple[dict, list[str]]:
        """Scrolls the open page to the bottom; returns what it showed and what went wrong with
        that (images shown that never loaded, groups of PLAN that did not stay open)."""
        state = self.driver.execute_async_script(_SCROLL_THROUGH)
        problems = [f"image did not load while scrolling through: {i['src']}" for i in state["images"] if not i["loaded"]]
        problems += [f"a group did not stay as opened: {state['ids'][i]}"
                     for i, is_open in enumerate(state["open"]) if is_open != (i in plan)]
        return state, problems


def _reshaped(sizes: list[str]) -> bool:
    """Whether a box went through sizes ("WxH") of different shapes. A box that keeps its
    shape while its column narrows or widens (a grid of cards laid out again) is not an image
    arriving; one that goes from empty (0 high) to the image's shape is."""
    def shape(size: str) -> float | None:
        width, height = (int(n) for n in size.split("x"))
        return width / height if width > 0 and height > 0 else None
    shapes = [shape(size) for size in sizes]
    first = shapes[0]
    return any((a is None) != (first is None) or (a is not None and abs(a / first - 1) > RATIO_TOLERANCE)
               for a in shapes[1:])


def _shift_lines(entries: list[dict]) -> list[str]:
    lines = []
    for entry in entries[:8]:
        moved = "; ".join(f"{s['node']} {s['from']} -> {s['to']}" for s in entry["sources"][:4])
        lines.append(f"  {entry['value']:.4f} at {entry['time']} ms: {moved}")
    return lines


def layout_shift_failures(driver: Chrome, url: str, device: dict = PHONE) -> list[str]:
    """On a phone, with the groups open and the page scrolled to the bottom, the layout-shift
    entries (buffered) add up to 0 and no image's box changes shape: no image moves what is
    around it. Exclusive groups (which close one another) are opened one per page load, so
    every group is open in one load.

    Every entry counts, hadRecentInput or not: the check gives the page no input, and with
    mobile emulation Chromium marks shifts of the first moments as after input anyway. The
    page is kept invisible until DOMContentLoaded, so that the catalog script's filter box
    (inserted on arrival, not an image) is not counted."""
    failures = []
    with PhoneSession(driver, device) as session:
        for number, plan in enumerate(session.plans(url), 1):
            session.open_with(url, plan, hide_until_ready=True)
            state, problems = session.scroll_through(plan)
            entries = driver.execute_async_script(_LAYOUT_SHIFTS)
            resized = driver.execute_script(_RESIZED_IMAGES)
            load = f"load {number} ({len(plan)} groups open, {len(state['images'])} images shown)"
            failures += [f"{load}: {problem}" for problem in problems]
            total = sum(e["value"] for e in entries)
            if total >= MAX_LAYOUT_SHIFT:
                failures.append(f"{load}: layout shift adds up to {total:.4f} over {len(entries)} shifts "
                                f"on a {device['name']}:")
                failures += _shift_lines(entries)
            failures += [f"{load}: <img src=\"{r['src']}\"> changed its box as it loaded: {' -> '.join(r['sizes'])}"
                         for r in resized if _reshaped(r["sizes"])]
    return failures


def image_weight_failures(driver: Chrome, url: str, limit: int = MAX_IMAGE_BYTES, device: dict = PHONE) -> list[str]:
    """Over HTTP on a phone with the cache off: the page opened, scrolled to the bottom, then
    each other member of the exclusive groups opened and the page scrolled through again; the
    images transferred add up to at most LIMIT bytes, and every image shown was fetched (so
    nothing is left out of the sum)."""
    failures = []
    shown = set()
    with PhoneSession(driver, device, cache_disabled=True) as session:
        plans = session.plans(url)
        session.open_with(url, plans[0])
        for plan in plans:
            driver.execute_script(_APPLY_PLAN, plan)
            state, problems = session.scroll_through(plan)
            failures += problems
            shown |= {i["currentSrc"] for i in state["images"] if i["currentSrc"] and not i["currentSrc"].startswith("data:")}
        resources = driver.execute_script(_IMAGE_RESOURCES)
    sizes = {r["url"]: max(r["transferSize"], r["encodedBodySize"]) for r in resources}
    if not shown:
        failures.append("no image was shown, so there is nothing to weigh")
    missing = sorted(u for u in shown if not sizes.get(u))
    if missing:
        failures.append(f"{len(missing)} images shown have no transfer size in the resource timing "
                        f"(is the page served over HTTP?): {', '.join(missing[:5])}")
    total = sum(sizes.values())
    if total > limit:
        largest = sorted(sizes.items(), key=lambda item: -item[1])[:5]
        failures.append(f"{len(sizes)} images transferred {total:,} bytes on a {device['name']}, over {limit:,}; "
                        f"largest: " + ", ".join(f"{u.rsplit('/', 1)[-1]} {s:,}" for u, s in largest))
    return failures


# MARK: The gallery

_GALLERY = """
const done = arguments[arguments.length - 1];
const gallery = document.querySelector('.gallery');
if (!gallery) { done(null); return; }
const sleep = ms => new Promise(r => setTimeout(r, ms));
const urls = srcset => srcset.split(',').map(c => c.trim().split(/\\s+/)).filter(c => c[0])
  .map(c => ({url: new URL(c[0], document.baseURI).href, descriptor: c[1] || ''}));
const load = href => new Promise(resolve => {
  const probe = new Image();
  const finish = () => resolve({loaded: probe.naturalWidth > 0, width: probe.naturalWidth, height: probe.naturalHeight});
  probe.onload = finish; probe.onerror = finish;
  setTimeout(finish, 10000);
  probe.src = href;
});
(async () => {
  const track = [gallery, ...gallery.querySelectorAll('*')].find(e => getComputedStyle(e).scrollSnapType.includes('x'));
  const result = {track: null, slides: []};
  if (track) {
    const style = getComputedStyle(track);
    const before = track.scrollLeft;
    track.scrollTo({left: track.scrollWidth, behavior: 'instant'});
    const until = Date.now() + 3000;
    while (track.scrollLeft === before && Date.now() < until) await sleep(25);
    result.track = {tag: track.tagName.toLowerCase(), className: String(track.className), snapType: style.scrollSnapType,
                    overflowX: style.overflowX, scrollWidth: track.scrollWidth, clientWidth: track.clientWidth,
                    scrolled: track.scrollLeft - before};
    track.scrollTo({left: 0, behavior: 'instant'});
  }
  const slides = track ? [...track.children] : [...gallery.querySelectorAll('li')];
  for (const slide of slides) {
    const link = slide.querySelector('a[href]');
    const img = slide.querySelector('img');
    const snapAlign = [slide, ...slide.querySelectorAll('*')].map(e => getComputedStyle(e).scrollSnapAlign)
      .find(a => a && a !== 'none') || 'none';
    const picture = img && img.parentElement.tagName === 'PICTURE' ? img.parentElement : null;
    const webp = picture ? [...picture.querySelectorAll(':scope > source[type="image/webp"]')] : [];
    result.slides.push({
      snapAlign, href: link ? link.href : null, imgInLink: !!(link && img && link.contains(img)),
      src: img && img.getAttribute('src'),
      srcset: img ? urls(img.getAttribute('srcset') || '') : [],
      webp: webp.flatMap(s => urls(s.getAttribute('srcset') || '')),
      target: link ? await load(link.href) : null});
  }
  done(result);
})();
"""


def _width(descriptor: str) -> int:
    match = re.fullmatch(r"([0-9]+)w", descriptor)
    return int(match.group(1)) if match else -1


def photo_of(href: str, stems: list[str]) -> str | None:
    """Which of the item's photos (by file stem) a variant's URL belongs to: the longest stem
    its file name starts with, followed by "-" or "."."""
    name = unquote(urlsplit(href).path.rsplit("/", 1)[-1])
    fitting = [s for s in stems if name.startswith(s + "-") or name.startswith(s + ".")]
    return max(fitting, key=len) if fitting else None


def gallery_failures(driver: Chrome, url: str, photos: list[str], device: dict = PHONE) -> list[str]:
    """The item page of an item with PHOTOS (file names, 2 or more) has a .gallery: a track
    that scrolls sideways with CSS scroll snap, one slide per photo, each a link to that photo's
    largest variant (the widest of the img's srcset, which loads at that width)."""
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        open_page(driver, url)
        result = driver.execute_async_script(_GALLERY)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    if result is None:
        return [f"no .gallery on the page of an item with {len(photos)} photos"]
    failures = []
    track = result["track"]
    if track is None:
        failures.append("no element in .gallery has a computed scroll-snap-type on x")
    else:
        name = f"<{track['tag']} class=\"{track['className']}\">"
        if track["overflowX"] not in {"auto", "scroll"}:
            failures.append(f"{name}: overflow-x is {track['overflowX']}, so it does not scroll")
        if track["scrollWidth"] <= track["clientWidth"] or track["scrolled"] <= 0:
            failures.append(f"{name} does not scroll sideways on a {device['name']}: scrollWidth "
                            f"{track['scrollWidth']}, clientWidth {track['clientWidth']}, "
                            f"scrolled {track['scrolled']}")
    stems = [Path(p).stem for p in photos]
    shown = []
    for index, slide in enumerate(result["slides"], 1):
        where = f"slide {index} ({slide['src']})"
        if slide["snapAlign"] == "none":
            failures.append(f"{where}: no scroll-snap-align")
        if not slide["href"]:
            failures.append(f"{where}: not a link (<a href>)")
            continue
        if not slide["imgInLink"]:
            failures.append(f"{where}: the link does not hold the slide's image")
        shown.append(photo_of(slide["href"], stems))
        if not slide["srcset"]:
            failures.append(f"{where}: the image has no srcset to find its largest variant in")
            continue
        widest = max(slide["srcset"], key=lambda c: _width(c["descriptor"]))
        if slide["href"] != widest["url"]:
            failures.append(f"{where}: links to {slide['href']}, not its largest variant {widest['url']} "
                            f"{widest['descriptor']}")
        target = slide["target"]
        if not target["loaded"]:
            failures.append(f"{where}: the linked image {slide['href']} does not load")
        elif _width(widest["descriptor"]) > 0 and target["width"] != _width(widest["descriptor"]):
            failures.append(f"{where}: the linked image is {target['width']} pixels wide, not "
                            f"{widest['descriptor']}")
        webp_widths = [_width(c["descriptor"]) for c in slide["webp"]]
        if webp_widths and target["loaded"] and max(webp_widths) > target["width"]:
            failures.append(f"{where}: the WebP source has a wider variant ({max(webp_widths)}w) than the "
                            f"linked {target['width']} pixels")
    if sorted(s or "?" for s in shown) != sorted(stems):
        failures.append(f"the slides link to photos {[s or '?' for s in shown]}, the item lists {stems}")
    return failures


# MARK: The content

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
_PHOTOS = re.compile(r"^photos:\s*\[(.*?)\]\s*$", re.M)


@dataclass
class GalleryItem:
    source: Path  # the item's .md file
    page: str  # its page in the site, relative to the root
    photos: list[str] = field(default_factory=list)


def gallery_items(content: Path) -> list[GalleryItem]:
    """Items whose front matter lists 2 or more `photos:`, with the page each is published as
    (Content/pets/dogs/hazel.md -> pets/dogs/hazel.html, as the example's plain names route)."""
    items = []
    for source in sorted(content.rglob("*.md")):
        match = _FRONT_MATTER.match(source.read_text(encoding="utf-8"))
        listed = _PHOTOS.search(match.group(1)) if match else None
        if not listed:
            continue
        photos = [name.strip().strip("\"'") for name in listed.group(1).split(",") if name.strip()]
        if len(photos) >= 2:
            page = source.relative_to(content).with_suffix(".html").as_posix()
            items.append(GalleryItem(source, page, photos))
    return items


def content_images(content: Path) -> list[Path]:
    return sorted(p for p in content.rglob("*") if p.is_file() and p.suffix.lower() in RASTER)


# MARK: Cards in grids and carousels

# Every card photo (<img class="card-image">) of the page, with every group opened, scrolled
# into view and loaded: its drawn width, the pixels of the candidate Chromium chose, the
# widest candidate it had, and its `sizes` evaluated as Chromium does (the first media
# condition that matches, its length computed on a probe element).
_CARD_IMAGES = """
const done = arguments[arguments.length - 1];
const loadAll = arguments[0];
const sleep = ms => new Promise(r => setTimeout(r, ms));
const probe = document.createElement('div');
probe.style.cssText = 'position:absolute;visibility:hidden;height:0';
document.body.append(probe);
const evaluate = sizes => {
  // Each entry: an optional media condition in parentheses, then a length (calc() included).
  for (const part of sizes.split(/,(?![^(]*\\))/)) {
    const match = part.trim().match(/^(\\([^()]*\\))\\s+(.+)$/);
    if (match && !matchMedia(match[1]).matches) continue;
    probe.style.width = match ? match[2] : part.trim();
    return probe.getBoundingClientRect().width;
  }
  return null;
};
const widths = srcset => srcset.split(',').map(c => c.trim().split(/\\s+/)).filter(c => c[0])
  .map(c => ({url: new URL(c[0], document.baseURI).href, width: parseInt(c[1], 10)}));
(async () => {
  document.querySelectorAll('details').forEach(d => { d.removeAttribute('name'); d.open = true; });
  const images = [...document.querySelectorAll('img.card-image')];
  const deadline = Date.now() + 20000;
  const found = [];
  for (const img of images) {
    if (loadAll) {
      img.loading = 'eager';
      img.scrollIntoView({block: 'center', inline: 'nearest'});
      while (!(img.complete && img.naturalWidth > 0) && Date.now() < deadline) await sleep(25);
    }
    const picture = img.parentElement.tagName === 'PICTURE' ? img.parentElement : null;
    const sources = picture ? [...picture.querySelectorAll(':scope > source')] : [];
    // naturalWidth is in CSS pixels (the file's divided by its density): the file's own
    // width is its candidate's `w` (the markup check reads each file to hold to that).
    const chosen = [...sources.map(s => widths(s.srcset || '')), widths(img.getAttribute('srcset') || '')]
      .find(list => list.some(c => c.url === img.currentSrc)) || [];
    const current = chosen.find(c => c.url === img.currentSrc);
    const sizes = img.getAttribute('sizes') || '';
    found.push({src: img.getAttribute('src'), currentSrc: img.currentSrc, loaded: img.complete && img.naturalWidth > 0,
                drawn: img.getBoundingClientRect().width,
                pixels: current && current.width > 0 ? current.width : img.naturalWidth,
                widest: Math.max(0, ...chosen.map(c => c.width)), sizes, sizesWidth: sizes ? evaluate(sizes) : null});
  }
  probe.remove();
  done(found);
})();
"""

MAX_UNDERSAMPLING = 1.1  # the issue: no image drawn more than 1.1x its pixels
MAX_SIZES_EXCESS = 1.2  # a carousel's sizes is its track's widest; cards may be narrower


def _device(width: int, dpr: float) -> dict:
    return {"name": f"{width}px at {dpr:g}x", "width": width, "height": 900, "deviceScaleFactor": dpr,
            "mobile": width < 600}


def card_image_failures(driver: Chrome, url: str, width: int, dpr: float = 2,
                        source_side=lambda current_src: None) -> list[str]:
    """At a window WIDTH wide at DPR, every card photo loads and is drawn no larger than
    MAX_UNDERSAMPLING times the pixels of the candidate chosen. Only when no candidate is
    that large may it be less sharp, and then the widest candidate must be the whole source
    (SOURCE_SIDE(currentSrc): the smaller side of the photo it was made from, None when not
    known) and be drawn no wider than its pixels: never upscaled."""
    device = _device(width, dpr)
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        open_page(driver, url)
        found = driver.execute_async_script(_CARD_IMAGES, True)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    failures = []
    if not found:
        failures.append(f"{device['name']}: no card image (img.card-image) on the page")
    for image in found:
        where = f"{device['name']}: <img src=\"{image['src']}\">"
        if not image["loaded"]:
            failures.append(f"{where}: did not load")
            continue
        needed = image["drawn"] * dpr
        if image["pixels"] * MAX_UNDERSAMPLING >= needed:
            continue
        if image["widest"] * MAX_UNDERSAMPLING >= needed:
            failures.append(f"{where}: drawn {image['drawn']:.1f}px wide ({needed:.0f} device pixels) from "
                            f"{image['currentSrc'].rsplit('/', 1)[-1]} of {image['pixels']} pixels, though a "
                            f"{image['widest']}w candidate was there: is sizes=\"{image['sizes']}\" too small?")
            continue
        side = source_side(image["currentSrc"])
        if side is None or abs(side - image["widest"]) > 1:
            failures.append(f"{where}: drawn {image['drawn']:.1f}px wide ({needed:.0f} device pixels) from "
                            f"{image['pixels']} pixels; the widest candidate ({image['widest']}w) is not the "
                            f"source's own size ({side}), so a larger variant could have been made")
        elif image["drawn"] > image["widest"] * MAX_UNDERSAMPLING:
            failures.append(f"{where}: a {side}-pixel source drawn {image['drawn']:.1f}px wide: upscaled")
    return failures


def _at_own_size(image: dict) -> bool:
    """A photo smaller than its card, drawn at its widest candidate's size (its own, by its
    max-width): the browser has nothing larger to choose, so sizes may say the card's width."""
    return image["widest"] > 0 and abs(image["drawn"] - image["widest"]) < 0.5


def card_sizes_failures(driver: Chrome, url: str, widths: list[int]) -> list[str]:
    """At each window width, every card photo's `sizes` comes to its drawn width: never less
    (the browser would pick too few pixels), and at most MAX_SIZES_EXCESS times more. The
    page is loaded once and the window resized, as the stylesheet's breakpoints are crossed."""
    failures = []
    try:
        for number, width in enumerate(widths):
            device = _device(width, 1)
            metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            if number == 0:
                open_page(driver, url)
            found = driver.execute_async_script(_CARD_IMAGES, False)
            if not found:
                failures.append(f"{width}px: no card image (img.card-image) on the page")
            for image in found:
                drawn, said = image["drawn"], image["sizesWidth"]
                where = f"{width}px: <img src=\"{image['src']}\" sizes=\"{image['sizes']}\">"
                if said is None:
                    failures.append(f"{where}: no sizes")
                elif said < drawn - 0.5 or (said > drawn * MAX_SIZES_EXCESS + 0.5 and not _at_own_size(image)):
                    failures.append(f"{where}: sizes comes to {said:.1f}px, the image is drawn {drawn:.1f}px wide")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return failures
