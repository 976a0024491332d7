"""The Atom feeds (README.md, "Feeds"), read as feed readers read them, from disk and over HTTP.

The example content is built a second time with a base_url (Tests/browser/run.sh): the address
the test server gives that build, so each absolute link in a feed can be followed. What each
feed must hold is worked out from the content files: which feeds there are (the site, each
catalog, each query section of a catalog's `sections:`), how many entries (`feed_limit`,
20 by default), in which order (newest `date` first; items without one by the build that
first saw them), and which entries have an image.
"""

from __future__ import annotations

import html
import re
import unicodedata
from datetime import date, datetime, timezone
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import feedparser
import pytest
from selenium.webdriver.common.by import By

import browser_checks as checks
from link_checks import HttpFetcher
from nu_checker import nu_checker_errors
from content_files import front_matter

CONTENT = Path(__file__).resolve().parent.parent.parent / "Content"
DEFAULT_LIMIT = 20
ATOM = "application/atom+xml"


# ---------- The content, as README.md describes feeds ----------


def slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def written_date(fields: dict) -> datetime | None:
    value = fields.get("date")
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=timezone.utc)
    return None


@lru_cache(maxsize=1)
def content_items() -> list[dict]:
    items = []
    for path in sorted(CONTENT.rglob("*.md")):
        if path.name in ("_index.md", "README.md"):
            continue
        fields = front_matter(path)
        if fields.get("draft") is True:
            continue
        relative = path.relative_to(CONTENT)
        items.append({
            "catalog": relative.parts[0] if len(relative.parts) > 1 else None,
            # Output names are slugs of the file and folder names (`how_this_course_works.md`).
            "page": "/".join(slug(part) for part in relative.parts[:-1] + (relative.stem,)) + ".html",
            "fields": fields,
            "date": written_date(fields),
            "image": fields.get("image"),
        })
    return items


@lru_cache(maxsize=1)
def expected_feeds() -> dict[str, dict]:
    """Each feed's path, with its items (before the limit) and its limit."""
    site = front_matter(CONTENT / "_index.md")
    site_limit = site.get("feed_limit", DEFAULT_LIMIT)
    items = content_items()
    feeds = {}
    if site_limit > 0:
        feeds["atom.xml"] = {"items": items, "limit": site_limit}
    for folder in sorted(p for p in CONTENT.iterdir() if p.is_dir()):
        index = front_matter(folder / "_index.md") if (folder / "_index.md").exists() else {}
        limit = index.get("feed_limit", site_limit)
        own = [item for item in items if item["catalog"] == folder.name]
        if limit <= 0 or not own:
            continue
        feeds[f"{folder.name}/atom.xml"] = {"items": own, "limit": limit}
        for section in index.get("sections") or []:
            matching = [item for item in own if all(
                str(item["fields"].get(key, "")).strip().lower() in
                [str(v).strip().lower() for v in (wanted if isinstance(wanted, list) else [wanted])]
                for key, wanted in section["where"].items())]
            if matching:
                feeds[f"{folder.name}/{slug(section['title'])}.atom.xml"] = {"items": matching, "limit": limit}
    return feeds


# ---------- Reading the feeds ----------


@pytest.fixture(scope="session")
def fetcher():
    return HttpFetcher()


@pytest.fixture(scope="session")
def base(request) -> str:
    """The build's base_url: the address run.sh serves it at, whichever way it is opened."""
    return request.config.getoption("--feeds-site-http-url")


def read_feed(feeds_site, path: str, fetcher: HttpFetcher):
    """The feed as feedparser reads it: from the file's URL on disk, from the server over HTTP."""
    if feeds_site.mode == "http":
        status, content_type, body = fetcher.get(feeds_site.url(path))
        assert status == 200, f"GET {feeds_site.url(path)} answered {status}"
        assert "xml" in content_type, f"{path} is served as {content_type!r}"
        return feedparser.parse(body)
    return feedparser.parse(feeds_site.url(path))


def output_path(url: str, base: str) -> str | None:
    """The output file an absolute URL of the site names; None when it is not under `base`."""
    if not url.startswith(base):
        return None
    return unquote(urlsplit(url[len(base):]).path)


def resolve(feeds_site, base: str, url: str, fetcher: HttpFetcher) -> str | None:
    """Why `url` does not lead to a file of the site; None when it does (over HTTP: a 200)."""
    relative = output_path(url, base)
    if relative is None:
        return f"{url} is not under the site's base_url {base}"
    if feeds_site.mode == "http":
        status, _, _ = fetcher.get(url.split("#")[0])
        return None if status == 200 else f"GET {url} answered {status}"
    return None if (feeds_site.root / relative).is_file() else f"{url}: no such file {relative}"


def written_feeds(feeds_site) -> list[str]:
    root = feeds_site.root
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.xml") if p.name != "sitemap.xml")


# ---------- The tests ----------


def test_every_feed_the_content_calls_for_is_written(feeds_site):
    assert written_feeds(feeds_site) == sorted(expected_feeds()), "feeds written and feeds the content calls for differ"
    assert "pets/adopted-pets.atom.xml" in expected_feeds(), "the example's query section lost its feed"


def test_feeds_are_valid_atom_newest_first_and_limited(feeds_site, base, fetcher):
    failures = []
    for path, expected in expected_feeds().items():
        feed = read_feed(feeds_site, path, fetcher)
        where = f"{path} ({feeds_site.mode})"
        if feed.bozo:
            failures.append(f"{where}: not well-formed: {feed.bozo_exception}")
            continue
        if feed.version != "atom10":
            failures.append(f"{where}: read as {feed.version!r}, not Atom 1.0")
        for key in ("title", "id", "updated", "author"):
            if not feed.feed.get(key):
                failures.append(f"{where}: the feed has no {key}")
        links = {link.rel: link.href for link in feed.feed.get("links", [])}
        if links.get("self") != base + path:
            failures.append(f"{where}: rel=self is {links.get('self')!r}")
        entries = feed.entries
        want = min(expected["limit"], len(expected["items"]))
        if len(entries) != want:
            failures.append(f"{where}: {len(entries)} entries, expected {want}")
        # Newest first.
        stamps = [entry.updated_parsed for entry in entries]
        if stamps != sorted(stamps, reverse=True):
            failures.append(f"{where}: entries are not newest first: {[e.title for e in entries]}")
        if entries and feed.feed.updated_parsed != max(stamps):
            failures.append(f"{where}: the feed's updated is not its newest entry's")
        # The dated entries are the newest of the items the content dates.
        by_page = {base + item["page"]: item for item in expected["items"]}
        dated = sorted((item["date"] for item in expected["items"] if item["date"]), reverse=True)
        shown_dated = []
        for entry in entries:
            item = by_page.get(entry.link)
            if item is None:
                failures.append(f"{where}: entry {entry.title!r} links to {entry.link}, no item of this feed")
                continue
            for key in ("title", "id", "updated"):
                if not entry.get(key):
                    failures.append(f"{where}: entry {entry.link} has no {key}")
            if entry.id != entry.link:
                failures.append(f"{where}: entry id {entry.id} is not its page's URL {entry.link}")
            if item["date"]:
                published = datetime(*entry.published_parsed[:6], tzinfo=timezone.utc) if entry.get("published_parsed") else None
                if published != item["date"]:
                    failures.append(f"{where}: {entry.title}: published {published}, front matter says {item['date']}")
                shown_dated.append(item["date"])
            elif entry.get("published"):
                failures.append(f"{where}: {entry.title} has no date but is published {entry.published}")
        undated_shown = len(entries) - len(shown_dated)
        if undated_shown == 0 and shown_dated != dated[:len(shown_dated)]:
            failures.append(f"{where}: the dated entries are not the newest dated items")
    assert not failures, "\n".join(failures)


def test_entries_link_to_real_pages_and_carry_their_images(feeds_site, base, fetcher):
    failures = []
    items = {item["page"]: item for item in content_items()}
    for path in expected_feeds():
        feed = read_feed(feeds_site, path, fetcher)
        for entry in feed.entries:
            where = f"{path}: {entry.title}"
            problem = resolve(feeds_site, base, entry.link, fetcher)
            if problem:
                failures.append(f"{where}: {problem}")
                continue
            page = output_path(entry.link, base)
            text = html.unescape((feeds_site.root / page).read_text(encoding="utf-8"))
            if f"<h1>{entry.title}</h1>" not in text:
                failures.append(f"{where}: {page} does not show the entry's title")
            enclosures = [link for link in entry.get("links", []) if link.rel == "enclosure"]
            if items[page]["image"]:
                if len(enclosures) != 1 or not enclosures[0].get("type", "").startswith("image/"):
                    failures.append(f"{where}: an item with an image has enclosures {enclosures}")
                    continue
                image = enclosures[0].href
                problem = resolve(feeds_site, base, image, fetcher)
                if problem:
                    failures.append(f"{where}: image {problem}")
                content = " ".join(c.value for c in entry.get("content", []))
                if f'src="{image}"' not in content:
                    failures.append(f"{where}: the content does not show the image {image}")
            elif enclosures:
                failures.append(f"{where}: an item without an image has enclosures {enclosures}")
            if not entry.get("summary"):
                failures.append(f"{where}: no summary")
    assert not failures, "\n".join(failures)


def test_pages_link_to_their_feeds_in_the_browser(driver, feeds_site, fetcher):
    """The <head> of every kind of page names the site's feed, a catalog's pages its feeds, and
    the catalog page shows them as links, which lead to the feeds."""
    failures = []
    catalogs = sorted(path.split("/")[0] for path in expected_feeds() if path.count("/") == 1)
    pages = ["index.html"] + [f"{c}/index.html" for c in catalogs] + [
        next(item["page"] for item in content_items() if item["catalog"] == c) for c in catalogs]
    for page in pages:
        checks.open_page(driver, feeds_site.url(page))
        catalog = page.split("/")[0] if "/" in page else None
        heads = driver.execute_script(
            "return [...document.querySelectorAll('link[rel=alternate][type=\"application/atom+xml\"]')]"
            ".map(l => [l.title, l.href])")
        named = sorted(href[len(feeds_site.base_url):] for _, href in heads)
        want = sorted(["atom.xml"] + [p for p in expected_feeds() if catalog and p.startswith(catalog + "/")])
        if named != want:
            failures.append(f"{page}: <head> names the feeds {named}, expected {want}")
        if any(not title for title, _ in heads):
            failures.append(f"{page}: a feed link without a title")
        shown = driver.find_elements(By.CSS_SELECTOR, ".feed-links a")
        if page.endswith("/index.html"):
            visible = [a for a in shown if a.is_displayed()]
            if len(visible) != len(want) - 1:
                failures.append(f"{page}: shows {len(visible)} feed links, expected {len(want) - 1}")
            for link in visible:
                href = link.get_attribute("href")
                if link.get_attribute("type") != ATOM:
                    failures.append(f"{page}: the link to {href} does not say it is Atom")
                relative = href[len(feeds_site.base_url):]
                if feeds_site.mode == "file":
                    feed = feedparser.parse(href)
                else:
                    feed = read_feed(feeds_site, relative, fetcher)
                if feed.bozo or not feed.entries:
                    failures.append(f"{page}: the link {link.text!r} leads to no readable feed ({href})")
        elif shown:
            failures.append(f"{page}: shows feed links, which only catalog pages do")
    assert not failures, "\n".join(failures)


def test_pages_with_feed_links_pass_the_nu_checker(feeds_site):
    """The example site's own Nu check runs without a base_url: these are the pages with feeds."""
    if feeds_site.mode != "file":
        pytest.skip("the same files from disk and over HTTP")
    catalogs = sorted(path.split("/")[0] for path in expected_feeds() if path.count("/") == 1)
    files = [feeds_site.root / "index.html", feeds_site.root / "404.html"] + [feeds_site.root / c / "index.html" for c in catalogs]
    files += [feeds_site.root / next(i["page"] for i in content_items() if i["catalog"] == c) for c in catalogs]
    errors = nu_checker_errors(files)
    assert not any(errors.values()), "\n".join(f"{file}: {e}" for file, found in errors.items() for e in found)


def test_feed_links_are_accessible(driver, feeds_site, axe_source):
    catalogs = sorted(path.split("/")[0] for path in expected_feeds() if path.count("/") == 1)
    failures = []
    for catalog in catalogs:
        failures += checks.axe_violations(driver, feeds_site.url(f"{catalog}/index.html"), axe_source)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("device", [checks.PHONE, checks.DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_feed_links_screenshots(driver, feeds_site, artifacts, device, scheme):
    """The catalog page with its feed links, in both colour schemes (artifacts/screenshots/feeds/)."""
    if feeds_site.mode != "file":
        pytest.skip("the same pixels from disk and over HTTP")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        destination = artifacts / "screenshots" / "feeds" / f"pets-{device['name']}-{scheme}.png"
        failures = checks.take_screenshot(driver, feeds_site.url("pets/index.html"), device, destination)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not failures, "\n".join(failures)
