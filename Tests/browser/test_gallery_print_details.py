"""The gallery, printing, and the finishing details of catalog and item pages, from disk and
over HTTP.

Gallery (Templates/item.html, assets/gallery.js): an item with several `photos:` gets
previous and next buttons and a "1 / 3" counter that follow the strip, by mouse and by
keyboard; a slide opens its full photo in a dialog on the page, which Escape closes, giving
the focus back to the slide. Without JavaScript the strip scrolls and each slide links to
its largest file. The first slide loads at once.

Printing (style.css @media print, base.html's print header): every printed page names the
site and the page's address; no feed links, controls or search; a short pet page fits on one
sheet; a filtered catalog prints its filtered count under its title, each shown row once.

Details: `{{field|one,more}}` plural words in the row templates, one written form per value
(badge, facet, secondary line), no word broken inside at normal widths, finished states
(adopted) muted rather than tinted, field values naming other items linked to them, and
`row.label` (the course code) beside the title. Expected values come from Content/.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_checks as checks
from content_files import front_matter
from test_print_and_outline import normal, pdf_pages, pdf_path, print_to_pdf

CONTENT = Path(__file__).resolve().parent.parent.parent / "Content"


def catalog_items(catalog: str) -> list[tuple[Path, dict]]:
    """Each item file of a catalog with its front matter (drafts left out)."""
    items = []
    for path in sorted((CONTENT / catalog).rglob("*.md")):
        if path.name == "_index.md":
            continue
        fields = front_matter(path)
        if fields.get("draft") is True:
            continue
        items.append((path, fields))
    return items


def catalog_settings(catalog: str) -> dict:
    return front_matter(CONTENT / catalog / "_index.md")


def page_of(path: Path) -> str:
    """The item's page as Foldout names it: the file's path with `.html` for `.md`."""
    return path.relative_to(CONTENT).with_suffix(".html").as_posix()


def wait_until(driver, script: str, seconds: float = 3.0, *args):
    result = None

    def check():
        nonlocal result
        result = driver.execute_script(script, *args)
        return bool(result)

    checks.wait_for(check, seconds)
    return result


# ---------- Gallery ----------

GALLERIES = [(path, fields) for path, fields in catalog_items("pets")
             if isinstance(fields.get("photos"), list) and len(fields["photos"]) >= 2]

_GALLERY_STATE = """
const gallery = document.querySelector('.gallery');
const track = gallery.querySelector('.gallery-track');
const slides = [...track.querySelectorAll('.gallery-slide')];
const dialog = gallery.querySelector('dialog');
const shown = element => !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
return {
  slides: slides.length,
  counter: (gallery.querySelector('.gallery-counter') || {textContent: ''}).textContent.trim(),
  controlsShown: shown(gallery.querySelector('.gallery-controls')),
  scrollLeft: track.scrollLeft,
  // Where each slide puts the strip: its start, or as far as the strip scrolls.
  slideLefts: slides.map(slide => Math.min(slide.offsetLeft - track.firstElementChild.offsetLeft, track.scrollWidth - track.clientWidth)),
  lazy: slides.map(slide => slide.querySelector('img').getAttribute('loading')),
  hrefs: slides.map(slide => slide.querySelector('a').getAttribute('href')),
  dialogOpen: !!dialog && dialog.open,
  viewerSrc: dialog && dialog.querySelector('img') ? dialog.querySelector('img').src : '',
  viewerLoaded: dialog && dialog.querySelector('img') ? dialog.querySelector('img').naturalWidth : 0,
  focused: document.activeElement ? (document.activeElement.closest('.gallery-slide') ? 'slide ' + slides.indexOf(document.activeElement.closest('.gallery-slide')) : document.activeElement.className) : '',
  scrollable: track.scrollWidth > track.clientWidth,
};"""


def gallery_state(driver) -> dict:
    return driver.execute_script(_GALLERY_STATE)


def wait_for_counter(driver, expected: str) -> dict:
    checks.wait_for(lambda: gallery_state(driver)["counter"] == expected)
    return gallery_state(driver)


# The mouse and keyboard are tried on the gallery with the most photos; every gallery gets its
# controls, counter and eager first slide checked.
LARGEST_GALLERY = max(GALLERIES, key=lambda item: len(item[1]["photos"]))


def check_gallery_on_arrival(driver, site, path: Path, count: int) -> str:
    page = page_of(path)
    checks.open_page(driver, site.url(page))
    state = gallery_state(driver)
    assert state["slides"] == count, f"{page}: {state['slides']} slides for {count} photos"
    assert state["controlsShown"], f"{page}: no gallery controls with JavaScript"
    assert state["counter"] == f"1 / {count}", f"{page}: counter says {state['counter']!r}"
    # The first slide is the page's main image: loaded at once; the others when near.
    assert state["lazy"][0] != "lazy" and all(value == "lazy" for value in state["lazy"][1:]), f"{page}: loading {state['lazy']}"
    return page


@pytest.mark.parametrize("item", GALLERIES, ids=[page_of(path) for path, _ in GALLERIES])
def test_every_gallery_has_controls_and_an_eager_first_slide(driver, site, item):
    path, fields = item
    check_gallery_on_arrival(driver, site, path, len(fields["photos"]))


def test_gallery_by_mouse_and_keyboard(driver, site):
    path, fields = LARGEST_GALLERY
    count = len(fields["photos"])
    page = check_gallery_on_arrival(driver, site, path, count)

    # The mouse: next moves one slide, previous back.
    next_button = driver.find_element(By.CSS_SELECTOR, ".gallery-next")
    previous_button = driver.find_element(By.CSS_SELECTOR, ".gallery-previous")
    ActionChains(driver).move_to_element(next_button).click().perform()
    state = wait_for_counter(driver, f"2 / {count}")
    assert state["counter"] == f"2 / {count}", f"{page}: after Next the counter says {state['counter']!r}"
    checks.wait_for(lambda: abs(gallery_state(driver)["scrollLeft"] - gallery_state(driver)["slideLefts"][1]) < 2)
    state = gallery_state(driver)
    assert abs(state["scrollLeft"] - state["slideLefts"][1]) < 2, f"{page}: Next scrolled to {state['scrollLeft']}, not slide 2's place {state['slideLefts'][1]}"
    ActionChains(driver).move_to_element(previous_button).click().perform()
    state = wait_for_counter(driver, f"1 / {count}")
    assert state["counter"] == f"1 / {count}", f"{page}: after Previous the counter says {state['counter']!r}"

    # The keyboard: Enter on the Next button, and the arrow keys on a slide.
    driver.execute_script("document.querySelector('.gallery-next').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    state = wait_for_counter(driver, f"2 / {count}")
    assert state["counter"] == f"2 / {count}", f"{page}: Enter on Next left the counter at {state['counter']!r}"
    driver.execute_script("document.querySelectorAll('.gallery-slide a')[1].focus({preventScroll: true})")
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    state = wait_for_counter(driver, f"1 / {count}")
    assert state["counter"] == f"1 / {count}" and state["focused"] == "slide 0", \
        f"{page}: ArrowLeft on slide 2 gives counter {state['counter']!r}, focus on {state['focused']!r}"

    # The viewer, by mouse: the slide's full photo in a dialog on this page; Escape closes it
    # and the focus is back on the slide.
    address = driver.current_url
    last = count - 1
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", driver.find_element(By.CSS_SELECTOR, ".gallery"))
    link = driver.find_elements(By.CSS_SELECTOR, ".gallery-slide a")[1]
    wait_for_counter(driver, f"2 / {count}")
    checks.wait_for(lambda: abs(gallery_state(driver)["scrollLeft"] - gallery_state(driver)["slideLefts"][1]) < 2)
    ActionChains(driver).move_to_element(link).click().perform()
    checks.wait_for(lambda: gallery_state(driver)["viewerLoaded"] > 0)
    state = gallery_state(driver)
    assert driver.current_url == address, f"{page}: a slide left the page for {driver.current_url}"
    assert state["dialogOpen"], f"{page}: clicking a slide opened no viewer"
    expected = urlsplit(driver.execute_script("return document.querySelectorAll('.gallery-slide a')[1].href")).path
    assert urlsplit(state["viewerSrc"]).path == expected, f"{page}: viewer shows {state['viewerSrc']}, not {expected}"
    assert state["viewerLoaded"] > 0, f"{page}: the viewer's photo did not load"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    checks.wait_for(lambda: not gallery_state(driver)["dialogOpen"])
    state = gallery_state(driver)
    assert not state["dialogOpen"], f"{page}: Escape did not close the viewer"
    assert state["focused"] == "slide 1", f"{page}: after Escape the focus is on {state['focused']!r}, not the slide"

    # The viewer, by keyboard: Enter on the focused slide opens it, Close shuts it.
    driver.execute_script("document.querySelectorAll('.gallery-slide a')[arguments[0]].focus()", last)
    checks.wait_for(lambda: gallery_state(driver)["focused"] == f"slide {last}")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    checks.wait_for(lambda: gallery_state(driver)["dialogOpen"])
    state = gallery_state(driver)
    assert state["dialogOpen"], f"{page}: Enter on a slide opened no viewer"
    assert urlsplit(state["viewerSrc"]).path.endswith(state["hrefs"][last]), f"{page}: Enter on slide {last + 1} shows {state['viewerSrc']}"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    checks.wait_for(lambda: not gallery_state(driver)["dialogOpen"] and gallery_state(driver)["focused"] == f"slide {last}")
    state = gallery_state(driver)
    assert not state["dialogOpen"] and state["focused"] == f"slide {last}", f"{page}: after Escape focus on {state['focused']!r}"


@pytest.mark.parametrize("item", GALLERIES[:1], ids=[page_of(path) for path, _ in GALLERIES[:1]])
def test_gallery_without_javascript_scrolls_and_links_the_largest_files(driver, site, item):
    path, fields = item
    page = page_of(path)
    with checks.without_javascript(driver):
        checks.open_page(driver, site.url(page), settle=False)
        state = gallery_state(driver)
    assert not state["controlsShown"], f"{page}: gallery controls shown without JavaScript"
    assert state["scrollable"], f"{page}: the strip does not scroll sideways"
    folder = (site.root / page).parent
    for href in state["hrefs"]:
        target = folder / unquote(href)
        assert target.is_file(), f"{page}: slide link {href} leads to no file"
        # The photo's other widths: NAME-480w.jpg, NAME-960w.jpg, … (not NAME-2-480w.jpg).
        stem = re.escape(target.name.rsplit("-", 1)[0])
        widths = [(int(m.group(1)), p) for p in folder.iterdir()
                  if (m := re.fullmatch(stem + r"-(\d+)w" + re.escape(target.suffix), p.name))]
        siblings = [p for _, p in sorted(widths)]
        assert not siblings or siblings[-1] == target, f"{page}: {href} is not the largest of {[p.name for p in siblings]}"


# ---------- Print ----------

def short_pets() -> list[tuple[Path, dict]]:
    """Pets whose text is short (under 150 words) and holds no picture: one sheet each."""
    chosen = []
    for path, fields in catalog_items("pets"):
        body = path.read_text(encoding="utf-8").split("\n---", 2)[-1]
        if len(body.split()) < 150 and "![" not in body:
            chosen.append((path, fields))
    return chosen[:4]


def address_on_paper(driver) -> str:
    return driver.execute_script(
        "const c = document.querySelector('link[rel=canonical]'); return c ? c.href : location.href")


def no_space(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("item", short_pets(), ids=[page_of(path) for path, _ in short_pets()])
def test_a_printed_pet_page_names_the_site_and_fits_one_sheet(driver, site, artifacts, item):
    path, fields = item
    page = page_of(path)
    checks.open_page(driver, site.url(page))
    destination = pdf_path(artifacts, site, page)
    text = print_to_pdf(driver, destination)
    site_title = normal(front_matter(CONTENT / "_index.md")["title"])
    assert site_title in text, f"{page}: the site's name {site_title!r} is not on paper"
    address = address_on_paper(driver)
    # pdftotext may break a long address over lines.
    assert no_space(unquote(address)) in no_space(unquote(text)) or no_space(address) in no_space(text), \
        f"{page}: the address {address} is not on paper"
    assert pdf_pages(destination) == 1, f"{page}: a short pet page prints on {pdf_pages(destination)} sheets"
    assert normal(fields["title"]) in text, f"{page}: the title is not on paper"
    for chrome in ("Skip to content", "Back to", "Made with Foldout", "Close"):
        assert chrome not in text, f"{page}: {chrome!r} on paper"


def _shown_rows(driver) -> list[dict]:
    return driver.execute_script(checks.IS_SHOWN + """
      return [...document.querySelectorAll('.catalog .row')].filter(row => {
        for (let e = row; e; e = e.parentElement) if (e.hidden) return false;
        return true;
      }).map(row => ({title: row.querySelector('.row-title').textContent.trim(),
                      query: !!row.closest('.section.is-query')}));""")


def _facet_values(catalog: str) -> list[tuple[str, str]]:
    """A few filters people use, read from the content: each value of the first listed facet
    that is plain text, and `yes` of the first yes/no facet."""
    settings = catalog_settings(catalog)
    items = [fields for _, fields in catalog_items(catalog)]
    chosen = []
    for facet in settings.get("facets", []):
        field = facet if isinstance(facet, str) else facet.get("field")
        if not isinstance(facet, str) and (facet.get("buckets") or facet.get("type")):
            continue
        values = [fields.get(field) for fields in items if field in fields]
        if values and all(isinstance(v, bool) for v in values):
            chosen.append((field, "yes"))
        elif values and all(isinstance(v, str) for v in values) and not any(f == field for f, _ in chosen):
            for value in sorted(set(values))[:2]:
                chosen.append((field, value.lower().replace(" ", "-")))
    return chosen[:3]


@pytest.mark.parametrize("facet", _facet_values("pets"), ids=[f"{k}={v}" for k, v in _facet_values("pets")])
def test_a_filtered_catalog_prints_its_count_and_each_row_once(driver, site, artifacts, facet):
    page = "pets/index.html"
    key, value = facet
    checks.open_page(driver, site.url(page) + f"?{key}={value}")
    rows = _shown_rows(driver)
    titles = sorted({row["title"] for row in rows})
    assert titles, f"?{key}={value} shows no rows"
    text = print_to_pdf(driver, pdf_path(artifacts, site, page, f"-{key}-{value}"))
    status = normal(driver.execute_script("return document.getElementById('catalog-status').textContent"))
    # The count under the title is the filtered one: the status line, and not the whole catalog's alone.
    assert status in text, f"?{key}={value}: the filtered count {status!r} is not on paper"
    total = normal(driver.execute_script("return document.querySelector('.page-header .count').textContent"))
    assert not re.search(r"(?<!of )\b" + re.escape(total) + r"\b", text), f"?{key}={value}: the whole count {total!r} on paper"
    heading = normal(driver.execute_script("return document.querySelector('h1').textContent"))
    assert text.index(status) < text.index(heading) + len(heading) + 200, f"?{key}={value}: the count is not under the title"
    number = int(re.match(r"\d+", status).group(0))
    assert number == len(titles), f"?{key}={value}: the count says {number}, {len(titles)} rows are shown"
    # Each row once: the page's other text (intros, headers) may hold a title's word, so only
    # titles found nowhere else on the page are counted.
    other = normal(driver.execute_script("""
      const main = document.querySelector('main').cloneNode(true);
      main.querySelectorAll('.row, #catalog-panel, .print-note, script').forEach(e => e.remove());
      return main.textContent;"""))
    for title in titles:
        if re.search(r"\b" + re.escape(normal(title)) + r"\b", other):
            continue
        found = len(re.findall(r"\b" + re.escape(normal(title)) + r"\b", text))
        assert found == 1, f"?{key}={value}: {title!r} is on paper {found} times"
    # Feed links are not: their words, less those the printed page holds anyway (a feed is
    # named after its catalog, whose title is the page's heading).
    feeds = driver.execute_script("return [...document.querySelectorAll('.feed-links a, .feed-links p')].map(a => a.textContent.trim())")
    assert feeds, "the catalog page has no feed links to leave off"
    printed = normal(driver.execute_script("""
      const main = document.querySelector('main').cloneNode(true);
      main.querySelectorAll('.feed-links, #catalog-panel, script').forEach(e => e.remove());
      return main.textContent;"""))
    for label in feeds:
        if re.search(r"\b" + re.escape(normal(label)) + r"\b", printed):
            continue
        assert not re.search(r"\b" + re.escape(normal(label)) + r"\b", text), f"feed link {label!r} on paper"


# ---------- Details ----------

# The text as drawn, shown or not: the text with the element's text-transform and its first
# letter's applied (innerText gives "" for what a closed group or a folded panel hides).
_DRAWN = """
function drawn(element) {
  let text = element.textContent.trim();
  const whole = getComputedStyle(element).textTransform;
  if (whole === 'uppercase') text = text.toUpperCase();
  else if (whole === 'lowercase') text = text.toLowerCase();
  else if (whole === 'capitalize') text = text.replace(/(^|\\s)(\\S)/g, (all, space, letter) => space + letter.toUpperCase());
  if (getComputedStyle(element, '::first-letter').textTransform === 'uppercase') text = text.charAt(0).toUpperCase() + text.slice(1);
  return text;
}
"""


def rows_by_title(driver) -> dict[str, dict]:
    """Each row of the folder sections by title."""
    return {row["title"]: row for row in driver.execute_script(_DRAWN + """
      return [...document.querySelectorAll('.catalog .section:not(.is-query) .row')].map(row => ({
        title: row.querySelector('.row-title').textContent.trim(),
        secondary: (row.querySelector('.row-secondary') || {textContent: ''}).textContent.trim(),
        label: (row.querySelector('.row-label') || {textContent: ''}).textContent.trim(),
        badges: [...row.querySelectorAll('.badge')].map(drawn),
        href: row.querySelector('.row-link').href}));""")}


def title_of(path: Path, fields: dict) -> str:
    if fields.get("title"):
        return str(fields["title"])
    heading = re.search(r"^# (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    if heading:
        return heading.group(1).strip()
    name = path.stem.replace("_", " ").replace("-", " ")
    return name[:1].upper() + name[1:]


def test_row_plurals_follow_the_number(driver, site):
    for catalog, field, one, more in (("pets", "age", "year", "years"), ("courses", "lessons", "lesson", "lessons")):
        template = catalog_settings(catalog)["row"]["secondary"]
        assert f"{{{{{field}|{one},{more}}}}}" in template, f"{catalog}: the row template does not use the plural form"
        checks.open_page(driver, site.url(f"{catalog}/index.html"))
        rows = rows_by_title(driver)
        checked = 0
        for path, fields in catalog_items(catalog):
            if field not in fields:
                continue
            number = fields[field]
            row = rows[title_of(path, fields)]
            word = one if number == 1 else more
            assert row["secondary"].startswith(f"{number} {word}"), f"{catalog}: {row['title']} says {row['secondary']!r}"
            checked += 1
        assert checked, f"{catalog}: no item has {field}"
    assert any(fields.get("age") == 1 for _, fields in catalog_items("pets")), "no pet of one year shows the singular"


def test_one_written_form_per_value(driver, site):
    checks.open_page(driver, site.url("courses/index.html"))
    rows = rows_by_title(driver)
    badge_field = catalog_settings("courses")["row"]["badges"][0]
    facet_labels = driver.execute_script(_DRAWN + f"""
      return [...document.querySelectorAll('[data-facet="{badge_field}"] .facet-value')].map(drawn)""")
    for path, fields in catalog_items("courses"):
        if badge_field not in fields:
            continue
        written = str(fields[badge_field])
        row = rows[title_of(path, fields)]
        assert written in row["badges"], f"{row['title']}: badge shows {row['badges']}, the content says {written!r}"
        assert written in row["secondary"], f"{row['title']}: secondary {row['secondary']!r} lacks {written!r}"
        assert written in facet_labels, f"facet {badge_field} shows {facet_labels}, not {written!r}"


def test_field_values_naming_items_link_to_them(driver, site):
    checks.open_page(driver, site.url("courses/index.html"))
    rows = rows_by_title(driver)
    checked = 0
    for path, fields in catalog_items("courses"):
        prerequisites = fields.get("prerequisites")
        if not prerequisites:
            continue
        row = rows[title_of(path, fields)]
        checks.open_page(driver, row["href"], settle=False)
        links = driver.execute_script("""
          return [...document.querySelectorAll('.field-prerequisites dd a')].map(a => ({text: a.textContent.trim(), href: a.href}))""")
        assert [link["text"] for link in links] == list(prerequisites), f"{row['title']}: prerequisite links {links}"
        for link in links:
            assert link["href"] == rows[link["text"]]["href"], f"{row['title']}: {link['text']} links to {link['href']}"
        checked += 1
    assert checked, "no course has prerequisites"


def test_the_row_label_shows_the_course_code(driver, site):
    field = catalog_settings("courses")["row"]["label"]
    checks.open_page(driver, site.url("courses/index.html"))
    rows = rows_by_title(driver)
    coded = [(path, fields) for path, fields in catalog_items("courses") if field in fields]
    assert coded, f"no course has a {field}"
    for path, fields in catalog_items("courses"):
        row = rows[title_of(path, fields)]
        assert row["label"] == str(fields.get(field, "")), f"{row['title']}: label {row['label']!r}, {field} {fields.get(field)!r}"
    path, fields = coded[0]
    checks.open_page(driver, rows[title_of(path, fields)]["href"], settle=False)
    shown = driver.execute_script("return (document.querySelector('.item-label') || {textContent: ''}).textContent.trim()")
    assert shown == str(fields[field]), f"{page_of(path)}: item page shows {shown!r} above the title"


_BROKEN_WORDS = """
document.querySelectorAll('details').forEach(d => d.open = true);
const broken = [];
for (const element of document.querySelectorAll('.row-title, .row-label, .group-title, .section-header .anchor, h1, .badge, .facet-value')) {
  if (!element.getClientRects().length) continue;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const words = /\\S+/g;
    for (let match; (match = words.exec(node.data));) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1) broken.push(match[0]);
    }
  }
}
return broken;"""


@pytest.mark.parametrize("catalog", ["pets", "courses"])
def test_no_word_is_broken_inside(driver, site, catalog):
    broken = {}
    try:
        for width in (360, 768, 1280):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
            checks.open_page(driver, site.url(f"{catalog}/index.html"))
            found = driver.execute_script(_BROKEN_WORDS)
            if found:
                broken[width] = found
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert not broken, f"{catalog}: words broken across lines: {broken}"


def test_an_adopted_row_is_muted_not_tinted(driver, site):
    checks.open_page(driver, site.url("pets/index.html"))
    pair = driver.execute_script(_DRAWN + """
      for (const list of document.querySelectorAll('.catalog .section:not(.is-query) .outline')) {
        const rows = [...list.querySelectorAll(':scope > .row')];
        const adopted = rows.find(r => r.classList.contains('is-adopted'));
        const other = rows.find(r => !r.classList.contains('is-adopted'));
        if (adopted && other) {
          const look = row => ({background: getComputedStyle(row.querySelector('.row-link')).backgroundColor,
                                title: getComputedStyle(row.querySelector('.row-title')).color,
                                badge: row.querySelector('.badge') ? drawn(row.querySelector('.badge')) : ''});
          return [look(adopted), look(other)];
        }
      }
      return null;""")
    assert pair, "no list holds an adopted pet beside another"
    adopted, other = pair
    assert adopted["background"] == other["background"], f"an adopted row is tinted: {adopted['background']} against {other['background']}"
    assert adopted["title"] != other["title"], "an adopted row's title looks like any other"
    written = next(section["where"]["status"] for section in catalog_settings("pets")["sections"] if "status" in section.get("where", {}))
    assert adopted["badge"] == written, f"an adopted row's badge says {adopted['badge']!r}, the content {written!r}"
