"""Link previews (Open Graph and Twitter card tags) and structured data (JSON-LD, schema.org)
of the example site, read in Chromium from disk and over HTTP.

What each page should say is derived from the content (Content/**/*.md front matter, read
with PyYAML) and from what the page itself shows (its <h1>, breadcrumb and rows), never
written here: the site's base_url, the item's or its catalog's or the site's image with
its alt text, the catalog's schema type and field map. The image a preview names is opened
with Pillow: it must exist and have the size the tags state. The JSON-LD is parsed by the
browser and checked against the schema.org vocabulary (schemaorg_checks.py). A last test
builds a page with a hostile title and opens it: the title must stay a string.
"""

from __future__ import annotations

import copy

import re
import subprocess
from pathlib import Path
from urllib.parse import quote, unquote, urljoin

import pytest
from PIL import Image, ImageOps

import schemaorg_checks as schemaorg
from browser_checks import open_page
from published_site import PublishedSite
from content_files import front_matter

REPOSITORY = Path(__file__).resolve().parent.parent.parent
CONTENT = REPOSITORY / "Content"
PREVIEW_WIDTH = 1200  # PreviewImage.width
PREVIEW_MINIMUM_SIDE = 200  # PreviewImage.minimumSide
LARGE_CARD_WIDTH = 300  # LinkPreview.largeCardMinimumWidth

# Everything the tests read from a page, read by the browser: JSON-LD goes through JSON.parse.
_READ_PAGE = """
const meta = [...document.querySelectorAll('meta[property], meta[name]')]
  .map(m => [m.getAttribute('property') || m.getAttribute('name'), m.getAttribute('content')]);
const jsonld = [...document.querySelectorAll('script[type="application/ld+json"]')].map(s => {
  try { return {ok: JSON.parse(s.textContent)}; } catch (e) { return {error: String(e)}; }
});
const h1 = document.querySelector('main h1');
return {
  meta, jsonld,
  kind: (document.body.className.match(/page-([\\w-]+)/) || [])[1],
  h1: h1 ? h1.textContent.trim() : null,
  crumbs: [...document.querySelectorAll('nav.breadcrumb li')].map(li => {
    const a = li.querySelector('a'); return [li.textContent.trim(), a ? a.href : null];
  }),
  rows: [...document.querySelectorAll('a.row-link')].map(a => a.href),
  picture: (document.querySelector('img.item-image') || {}).alt || null,
  canonical: [...document.querySelectorAll('link[rel="canonical"]')].map(l => l.getAttribute('href')),
  location: location.href,
};
"""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "item_page" in metafunc.fixturenames:
        metafunc.parametrize("item_page", sorted(item_sources()))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def site_settings() -> dict:
    return front_matter(CONTENT / "_index.md")


def item_sources() -> dict[str, Path]:
    """Each item page of the example, by output path, with its Markdown file (the example's
    file names are slugs already, but for underscores)."""
    items = {}
    for path in sorted(CONTENT.rglob("*.md")):
        if path.name in ("_index.md", "README.md"):
            continue
        relative = path.relative_to(CONTENT).with_suffix("")
        items["/".join(slug(part) for part in relative.parts) + ".html"] = path
    return items


def pixel_size(path: Path) -> tuple[int, int]:
    with Image.open(path) as image:
        return ImageOps.exif_transpose(image).size


def expected_image(page: str, kind: str, heading: str | None) -> tuple[Path, str] | None:
    """The source image a page's preview shows and its alt text (`image_alt`, else the title
    of the page that names the image): the item's photo (its `image`, else its first of
    `photos`) when large enough, else its catalog's `image`, else the site's; None without one."""
    candidates = []
    if kind == "item":
        source = item_sources()[page]
        matter = front_matter(source)
        photos = matter.get("photos") or []
        for name in [matter.get("image")] + photos[:1]:
            if name:
                candidates.append((source.parent / name, matter.get("image_alt") or heading))
    if kind in ("item", "catalog"):
        index = CONTENT / page.split("/")[0] / "_index.md"
        matter = front_matter(index)
        if matter.get("image"):
            candidates.append((index.parent / matter["image"], matter.get("image_alt") or matter.get("title")))
    site = site_settings()
    if site.get("image"):
        candidates.append((CONTENT / site["image"], site.get("image_alt") or site.get("title")))
    for path, alt in candidates:
        if path.is_file() and min(pixel_size(path)) >= PREVIEW_MINIMUM_SIDE:
            return path, alt
    return None


# What the browser read of each page, by address: three tests look at every page, and one
# load each (file:// and HTTP) is enough. Each test gets its own copy.
_read_pages: dict[str, dict] = {}


def read_page(driver, site: PublishedSite, page: str) -> dict:
    url = site.url(page)
    if url not in _read_pages:
        open_page(driver, url)
        found = driver.execute_script(_READ_PAGE)
        found["tags"] = {}
        for key, content in found["meta"]:
            found["tags"].setdefault(key, []).append(content)
        _read_pages[url] = found
    return copy.deepcopy(_read_pages[url])


def one(found: dict, key: str) -> str | None:
    values = found["tags"].get(key, [])
    assert len(values) <= 1, f"{key} appears {len(values)} times"
    return values[0] if values else None


def site_path(url: str, site_url: str) -> str | None:
    """The path in the site of an address under the site's (a page's link, a base_url one)."""
    return unquote(url[len(site_url):].split("#")[0]) if url.startswith(site_url) else None


# MARK: The example shows each of these

def test_the_example_has_a_base_url_images_and_a_course_mapping():
    """Guards the tests below against passing on an example without what they check."""
    settings = site_settings()
    assert str(settings.get("base_url", "")).startswith("https://"), "the example sets no base_url"
    assert settings.get("image"), "the example site has no image: for pages without a photo"
    courses = front_matter(CONTENT / "courses" / "_index.md")
    assert courses.get("schema") == "Course" and courses.get("schema_fields"), "the courses catalog maps no schema"
    assert any(front_matter(p).get("image") for p in item_sources().values()), "no item has a photo"
    assert any(not front_matter(p).get("image") for p in item_sources().values()), "every item has a photo: no fallback is shown"


def test_meta_tags_of_every_page(driver, site, page):
    found = read_page(driver, site, page)
    settings = site_settings()
    base = settings.get("base_url")
    failures = []

    def expect(condition, message):
        if not condition:
            failures.append(message)

    kind = found["kind"]
    expect(one(found, "og:type") == ("article" if kind == "item" else "website"), f"og:type {one(found, 'og:type')} on a {kind} page")
    expect(one(found, "og:site_name") == settings["title"], "og:site_name is not the site's title")
    title = one(found, "og:title")
    expect(title, "no og:title")
    if kind in ("item", "catalog"):
        expect(title == found["h1"], f"og:title {title!r} is not the page's heading {found['h1']!r}")
    description = one(found, "og:description")
    expect(description, "no og:description")
    # X reads title, description and image from og: when its own tags are missing: not written twice.
    for key in ("twitter:title", "twitter:description", "twitter:image"):
        expect(one(found, key) is None, f"{key} repeats its og: tag")
    if kind == "item" and front_matter(item_sources()[page]).get("summary"):
        expect(description == front_matter(item_sources()[page])["summary"], "og:description is not the item's summary")
    # What search engines show under the page's title: its own description, not the site's on every page.
    expect(one(found, "description") == description, f"<meta name=description> {one(found, 'description')!r} is not the page's {description!r}")

    url = one(found, "og:url")
    if base and page != "404.html":
        expect(url == base + quote(page), f"og:url {url!r} is not {base + quote(page)!r}")
    else:
        expect(url is None, f"og:url {url!r} on a page without an address of its own")
    expect(found["canonical"] == ([url] if url else []), f"canonical links {found['canonical']!r}, og:url {url!r}")

    image = one(found, "og:image")
    wanted = expected_image(page, kind, found["h1"]) if base else None
    if wanted is None:
        expect(image is None and one(found, "twitter:image:alt") is None, f"an image {image!r} where none was expected")
        expect(one(found, "twitter:card") == "summary", "a large card without an image")
    else:
        source, alt = wanted
        expect(image and image.startswith(base), f"og:image {image!r} is not under base_url")
        published = site.root / (site_path(image or "", base) or "missing")
        expect(published.is_file(), f"og:image {image!r} names no file of the site")
        expect(Path(published.name).stem.startswith(source.stem + "-"), f"og:image {published.name} is not made of {source.name}")
        expect(one(found, "og:image:alt") == alt and one(found, "twitter:image:alt") == alt,
               f"image alt {one(found, 'og:image:alt')!r}, expected {alt!r}")
        if published.is_file():
            with Image.open(published) as made:
                width, height = made.size
                mime = Image.MIME[made.format]
            source_width, source_height = pixel_size(source)
            expect(one(found, "og:image:width") == str(width) and one(found, "og:image:height") == str(height),
                   f"the tags say {one(found, 'og:image:width')}x{one(found, 'og:image:height')}, the file is {width}x{height}")
            expect(width == min(PREVIEW_WIDTH, source_width), f"{published.name} is {width} wide, from {source_width}")
            expect(abs(height - source_height * width / source_width) <= 1, f"{published.name} is not in its photo's proportions")
            expect(one(found, "og:image:type") == mime, f"og:image:type {one(found, 'og:image:type')} for a {mime}")
            expect(one(found, "twitter:card") == ("summary_large_image" if width >= LARGE_CARD_WIDTH else "summary"), "card type")
    assert not failures, f"{page} ({site.mode}):\n" + "\n".join(failures)


def test_jsonld_of_every_page_is_schema_org(driver, site, page):
    found = read_page(driver, site, page)
    documents = found["jsonld"]
    errors = [d["error"] for d in documents if "error" in d]
    assert not errors, f"{page}: JSON-LD the browser cannot parse: {errors}"
    expected = {"home": 1, "catalog": 1, "item": 1}.get(found["kind"], 0)
    assert len(documents) == expected, f"{page}: {len(documents)} JSON-LD scripts on a {found['kind']} page"
    failures = []
    for index, document in enumerate(documents):
        failures += schemaorg.document_failures(document["ok"], f"{page} script {index}")
    assert not failures, "\n".join(failures)


def _node(found: dict, kind: str) -> dict | None:
    for document in found["jsonld"]:
        for node in schemaorg.nodes(document.get("ok", {})):
            if node.get("@type") == kind:
                return node
    return None


def _absolute(found: dict, site: PublishedSite, address: str) -> str:
    """An address of the JSON-LD as the browser would open it: under base_url, the same
    path in the site as opened; relative ones from the page."""
    base = site_settings().get("base_url")
    if base and address.startswith(base):
        return site.url(unquote(address[len(base):].split("#")[0])) + ("#" + address.split("#", 1)[1] if "#" in address else "")
    return urljoin(found["location"], address)


def test_jsonld_item_list_is_the_catalogs_rows_in_order(driver, site, catalog_page):
    found = read_page(driver, site, catalog_page)
    listed = _node(found, "ItemList")
    assert listed, f"{catalog_page}: no ItemList"
    assert listed.get("name") == found["h1"]
    # Every item once, as the page first shows it (query sections repeat rows further down).
    rows = list(dict.fromkeys(row.split("#")[0] for row in found["rows"]))
    elements = listed.get("itemListElement", [])
    assert [e.get("position") for e in elements] == list(range(1, len(rows) + 1)), "positions are not 1, 2, 3, …"
    assert [_absolute(found, site, e["url"]) for e in elements] == rows, "the list is not the page's rows in order"
    assert listed.get("numberOfItems") == len(rows)
    assert all(isinstance(e.get("name"), str) and e["name"] for e in elements)


def test_jsonld_item_and_breadcrumb_follow_the_page(driver, site, item_page):
    page = item_page
    found = read_page(driver, site, page)
    source = item_sources()[page]
    catalog = front_matter(CONTENT / page.split("/")[0] / "_index.md")
    kind = catalog.get("schema", "Thing")
    item = _node(found, kind)
    assert item, f"{page}: no {kind} node"
    assert item.get("name") == found["h1"]
    assert _absolute(found, site, item["url"]) == found["location"]
    # The mapped fields: each the item has is there, as written or as ISO 8601.
    matter = front_matter(source)
    for prop, field in (catalog.get("schema_fields") or {}).items():
        value = matter.get(field)
        if value is None:
            assert prop not in item, f"{page}: {prop} without the field {field}"
        elif prop == "timeRequired":
            assert schemaorg.is_duration(item.get(prop, "")), f"{page}: timeRequired {item.get(prop)!r} from {value!r}"
        else:
            assert item.get(prop) == (value if not isinstance(value, list) or len(value) > 1 else value[0]), f"{page}: {prop}"
    for prop, value in (catalog.get("schema_values") or {}).items():
        written = item.get(prop)
        assert written == value or (isinstance(written, dict) and written.get("name") == value.get("name")), f"{page}: {prop}"
    # The breadcrumb is the page's own, with the page last.
    crumbs = _node(found, "BreadcrumbList")
    assert crumbs, f"{page}: no BreadcrumbList"
    elements = crumbs["itemListElement"]
    assert [e["name"] for e in elements] == [name for name, _ in found["crumbs"]]
    shown = [href or found["location"] for _, href in found["crumbs"]]
    assert [_absolute(found, site, e["item"]) for e in elements] == shown
    assert [e["position"] for e in elements] == list(range(1, len(elements) + 1))


# MARK: Hostile content

def test_jsonld_a_title_cannot_end_the_script_element(driver, tmp_path, request):
    """A site whose titles try to close the JSON-LD's script element and run their own."""
    hostile = "</script><script>window.pwned = 1</script><!--"
    content = tmp_path / "Content"
    (content / "pets").mkdir(parents=True)
    quoted = '"' + hostile.replace('"', '\\"') + '"'
    (content / "_index.md").write_text(f"---\ntitle: {quoted}\nbase_url: https://example.org/\n---\n", encoding="utf-8")
    (content / "pets" / "_index.md").write_text(f"---\ntitle: {quoted}\n---\n", encoding="utf-8")
    (content / "pets" / "rex.md").write_text(f"---\ntitle: {quoted}\nsummary: {quoted}\n---\nA dog.\n", encoding="utf-8")
    output = tmp_path / "Output"
    subprocess.run([request.config.getoption("--foldout"), "build", "--content", str(content), "--output", str(output),
                    "--quiet"], check=True)
    site = PublishedSite(output, output.as_uri() + "/", "file")
    for page in ["index.html", "pets/index.html", "pets/rex.html"]:
        found = read_page(driver, site, page)
        assert driver.execute_script("return window.pwned") is None, f"{page}: the title ran as script"
        names = [node.get("name") for d in found["jsonld"] for node in schemaorg.nodes(d.get("ok", {}))]
        assert hostile in names, f"{page}: the title does not read back from the JSON-LD: {names}"
        assert one(found, "og:title") == hostile and one(found, "og:site_name") == hostile


# MARK: The checks can fail

def test_schemaorg_checks_refuse_what_schema_org_does_not_have():
    bad = {"@context": "https://schema.org", "@graph": [
        {"@type": "Thing", "name": "A", "courseCode": "X-1"},
        {"@type": "Curse", "name": "B"},
        {"@type": "Course", "name": "C", "timeRequired": "six hours", "provider": {"@type": "ListItem", "position": 1}},
        {"@type": "ItemList", "numberOfItems": "many", "colour": "red"},
    ]}
    failures = schemaorg.document_failures(bad)
    for expected in ["courseCode is not a property of Thing", "Curse is not a schema.org type",
                     "timeRequired does not take the text", "provider does not take a ListItem",
                     "numberOfItems does not take the text", "colour is not a schema.org property"]:
        assert any(expected in failure for failure in failures), f"not reported: {expected}\n{failures}"
    assert len(failures) == 6, failures
    good = {"@context": "https://schema.org", "@type": "Course", "name": "C", "timeRequired": "PT1H30M",
            "provider": {"@type": "Organization", "name": "O"}, "coursePrerequisites": ["A", "B"]}
    assert schemaorg.document_failures(good) == []
