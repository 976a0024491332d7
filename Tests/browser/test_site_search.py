"""The search box in every page's header (Templates/assets/search.js, partials/site-search.html),
from disk and over HTTP.

What a query should find is worked out from the content files (Content/), as README.md's
contract says: every word typed must start a word of an item's title, of the titles around
it, of its fields, tags or summary, case and accents aside; items with the words in their
title come first. The DOM the tests read is the contract a benchmark harness relies on too:
input #site-search (role=combobox), listbox #site-search-results, options [role=option] each
holding an <a> to the item.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_checks as checks
from browser_checks import DESKTOP, PHONE

CONTENT = Path(__file__).resolve().parent.parent.parent / "Content"


# ---------- The content, as the contract describes it ----------


def fold_words(text: str) -> list[str]:
    """Decomposed, without combining marks, lowercased, split at what is not a letter or digit."""
    decomposed = unicodedata.normalize("NFD", text)
    plain = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).lower()
    return re.findall(r"[^\W_]+", plain)


def _front_matter(path: Path) -> tuple[dict[str, str], str]:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}, text
    head, _, body = text[4:].partition("\n---\n")
    fields = {}
    for line in head.splitlines():
        match = re.match(r"^([A-Za-z_][\w-]*):\s*(.*)$", line)
        if match:
            fields[match.group(1)] = match.group(2).strip().strip('"').strip("'")
    return fields, body


def _title(path: Path, fields: dict[str, str], body: str) -> str:
    if fields.get("title"):
        return fields["title"]
    heading = re.search(r"^# (.+)$", body, re.MULTILINE)
    if heading:
        return heading.group(1).strip()
    name = path.stem.replace("_", " ").replace("-", " ")
    return name[:1].upper() + name[1:]


@lru_cache(maxsize=1)
def content_items() -> list[dict]:
    """Every item: its catalog, title, and all the text of its file (for what a query must not find)."""
    items = []
    for path in sorted(CONTENT.rglob("*.md")):
        if path.name in ("_index.md", "README.md") or any(part.startswith(".") for part in path.parts):
            continue
        fields, body = _front_matter(path)
        if fields.get("draft") == "true":
            continue
        relative = path.relative_to(CONTENT)
        items.append({
            "catalog": relative.parts[0] if len(relative.parts) > 1 else None,
            "title": _title(path, fields, body),
            "title_words": fold_words(_title(path, fields, body)),
            "all_words": set(fold_words(path.read_text(encoding="utf-8"))),
            "source": relative.as_posix(),
        })
    return items


def all_folder_titles() -> set[str]:
    words: set[str] = set()
    for index in CONTENT.rglob("_index.md"):
        words |= set(fold_words(index.read_text(encoding="utf-8")))
    for folder in CONTENT.rglob("*"):
        if folder.is_dir():
            words |= set(fold_words(folder.name))
    return words


def unique_title_word(catalog: str) -> tuple[dict, str]:
    """An item of `catalog` with a title word no other file of the content holds anywhere:
    a query of it must find that item alone."""
    items = content_items()
    folders = all_folder_titles()
    for item in items:
        if item["catalog"] != catalog:
            continue
        for word in item["title_words"]:
            if len(word) < 5 or word.isdigit() or word in folders:
                continue
            if not any(word in other["all_words"] or any(w.startswith(word) for w in other["all_words"])
                       for other in items if other is not item):
                return item, word
    pytest.skip(f"no item of {catalog} has a title word that no other file holds")


# ---------- The page ----------

_RESULTS = """
const list = document.getElementById('site-search-results');
const input = document.getElementById('site-search');
return {
  expanded: input.getAttribute('aria-expanded'),
  active: input.getAttribute('aria-activedescendant'),
  hidden: list.hidden,
  status: (document.querySelector('.site-search [role=status]') || {}).textContent || '',
  options: [...list.querySelectorAll('[role=option]')].map(option => ({
    id: option.id, selected: option.getAttribute('aria-selected'),
    title: (option.querySelector('.site-search-title') || option).textContent.trim(),
    trail: (option.querySelector('.site-search-trail') || {}).textContent || '',
    href: option.querySelector('a') ? option.querySelector('a').href : null,
  })),
};
"""


def results(driver) -> dict:
    return driver.execute_script(_RESULTS)


def search(driver, query: str) -> dict:
    box = driver.find_element(By.ID, "site-search")
    checks.type_query(driver, box, query)
    checks.wait_for(lambda: driver.execute_script(
        "return performance.getEntriesByName('foldout:search-ready').length > 0"), seconds=10)
    checks.wait_for(lambda: results(driver)["status"] != "")
    return results(driver)


def pets_item_page(site) -> str:
    pages = [p for p in site.pages() if p.startswith("pets/") and site.kind(p) == "item"]
    assert pages, "the example site has no item page in pets/"
    return pages[0]


def page_title(driver) -> str:
    return driver.find_element(By.TAG_NAME, "h1").text.strip()


# ---------- Tests ----------


class _SearchForm(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "form" and "site-search" in (values.get("class") or "").split():
            self.forms.append(values)
        if tag == "script" and values.get("src"):
            self.scripts.append(values["src"])


def test_every_page_has_a_hidden_search_form_and_loads_the_script(site_files):
    """Without JavaScript the box must not show: the form is `hidden` until search.js runs."""
    failures = []
    for page in site_files.pages():
        markup = _SearchForm()
        markup.feed((site_files.root / page).read_text(encoding="utf-8"))
        if len(markup.forms) != 1 or "hidden" not in markup.forms[0]:
            failures.append(f"{page}: {len(markup.forms)} search forms, hidden: {[('hidden' in f) for f in markup.forms]}")
        if not any(src.endswith("assets/search.js") for src in markup.scripts):
            failures.append(f"{page}: does not load assets/search.js")
    assert not failures, "\n".join(failures[:20])


def test_the_box_is_a_labelled_combobox_shown_by_the_script(driver, site):
    checks.open_page(driver, site.url(pets_item_page(site)))
    box = driver.find_element(By.ID, "site-search")
    assert box.is_displayed()
    assert box.get_attribute("role") == "combobox"
    assert box.get_attribute("aria-controls") == "site-search-results"
    assert box.get_attribute("aria-expanded") == "false"
    label = driver.execute_script("return arguments[0].labels.length ? arguments[0].labels[0].textContent : ''", box)
    assert label.strip(), "the search box has no label"
    assert driver.find_element(By.ID, "site-search-results").get_attribute("role") == "listbox"
    # Shards load when the box is first used, not before.
    assert not driver.execute_script("return [...document.scripts].some(s => /\\/search\\/[^/]+\\.js$/.test(s.src))")


def test_a_course_title_word_from_a_pets_item_page_finds_the_course_and_enter_opens_it(driver, site):
    course, word = unique_title_word("courses")
    checks.open_page(driver, site.url(pets_item_page(site)))
    found = search(driver, word)
    assert [o["title"] for o in found["options"]] == [course["title"]], f"\"{word}\" found {found['options']}"
    assert found["status"].startswith("1 result"), found["status"]
    assert found["expanded"] == "true" and not found["hidden"]
    driver.find_element(By.ID, "site-search").send_keys(Keys.ENTER)
    checks.wait_for(lambda: "/courses/" in unquote(urlsplit(driver.current_url).path))
    assert page_title(driver) == course["title"], f"Enter opened {driver.current_url}"


def test_case_accents_and_prefixes_do_not_matter(driver, site):
    item, word = unique_title_word("pets")
    checks.open_page(driver, site.url("index.html"))
    expected = [item["title"]]
    # The word with an accent on its first vowel, in capitals, and its first letters alone.
    vowel = next((i for i, c in enumerate(word) if c in "aeiou"), 0)
    accented = unicodedata.normalize("NFC", word[:vowel + 1] + "\u0301" + word[vowel + 1:])
    for query in (word, accented, word.upper(), accented.title()):
        titles = [o["title"] for o in search(driver, query)["options"]]
        assert titles == expected, f"\"{query}\" found {titles}, expected {expected}"
    # A prefix: every item with a word starting with it, the item among them.
    prefix = word[:4]
    titles = [o["title"] for o in search(driver, prefix)["options"]]
    assert item["title"] in titles, f"the prefix \"{prefix}\" does not find {item['title']}: {titles}"


def test_every_word_must_match(driver, site):
    pet, pet_word = unique_title_word("pets")
    course, course_word = unique_title_word("courses")
    checks.open_page(driver, site.url(pets_item_page(site)))
    found = search(driver, f"{pet_word} {course_word}")
    assert found["options"] == [] and found["status"].startswith("0 results"), found


def test_keyboard_moves_opens_and_escapes(driver, site):
    checks.open_page(driver, site.url(pets_item_page(site)))
    # A query that finds a few items: the first letters of a pet's title word.
    item, word = unique_title_word("pets")
    query = word[:2]
    found = search(driver, query)
    options = found["options"]
    assert len(options) >= 2, f"\"{query}\" found fewer than two items"
    box = driver.find_element(By.ID, "site-search")
    assert found["active"] is None
    box.send_keys(Keys.ARROW_DOWN)
    state = results(driver)
    assert state["active"] == options[0]["id"] and state["options"][0]["selected"] == "true"
    box.send_keys(Keys.ARROW_DOWN)
    state = results(driver)
    assert state["active"] == options[1]["id"] and state["options"][0]["selected"] == "false"
    box.send_keys(Keys.ARROW_UP)
    assert results(driver)["active"] == options[0]["id"]
    box.send_keys(Keys.ARROW_UP)  # round to the last
    assert results(driver)["active"] == options[-1]["id"]
    # Escape closes the list, a second one clears the box.
    box.send_keys(Keys.ESCAPE)
    state = results(driver)
    assert state["hidden"] and state["expanded"] == "false" and state["active"] is None
    assert box.get_attribute("value") == query
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("value") == ""
    # ArrowDown twice and Enter open the second result.
    found = search(driver, query)
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ENTER)
    second = found["options"][1]
    checks.wait_for(lambda: driver.current_url == second["href"])
    assert driver.current_url == second["href"]
    assert page_title(driver) == second["title"]


def test_a_click_on_a_result_opens_it(driver, site):
    checks.open_page(driver, site.url(pets_item_page(site)))
    item, word = unique_title_word("pets")
    found = search(driver, word[:2])
    assert len(found["options"]) >= 2, f"\"{word[:2]}\" found fewer than two items"
    last = found["options"][-1]
    driver.find_element(By.ID, last["id"]).click()
    checks.wait_for(lambda: driver.current_url == last["href"])
    assert page_title(driver) == last["title"]


def test_title_hits_come_first(driver, site):
    """For words that some titles hold and other items hold elsewhere (fields, tags, summary, the
    titles around them): items with the word in their title, then the others."""
    items = content_items()
    words = sorted({w for item in items for w in item["title_words"] if len(w) >= 4 and not w.isdigit()})
    checks.open_page(driver, site.url("index.html"))
    checked = 0
    for word in words:
        in_titles = [item for item in items if any(w.startswith(word) for w in item["title_words"])]
        elsewhere = [item for item in items if item not in in_titles and any(w.startswith(word) for w in item["all_words"])]
        if not elsewhere or len(in_titles) >= 20:
            continue
        options = search(driver, word)["options"]
        titled = [any(w.startswith(word) for w in fold_words(o["title"])) for o in options]
        if all(titled):
            continue  # the other files hold it only where search does not look (a body, a link)
        first_other = titled.index(False)
        assert all(not t for t in titled[first_other:]), f"\"{word}\": a title hit after other hits: {options}"
        assert sorted(o["title"] for o in options[:first_other]) == sorted(item["title"] for item in in_titles), \
            f"\"{word}\": title hits {[o['title'] for o in options[:first_other]]}, content has {[i['title'] for i in in_titles]}"
        checked += 1
        if checked == 3:
            break
    assert checked, "no word is in some titles and in other items' fields, tags or summaries: nothing was ranked"


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_results_fit_the_window_and_pass_axe(driver, site, device, scheme, axe_source, artifacts):
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        checks.open_page(driver, site.url(pets_item_page(site)))
        item, word = unique_title_word("pets")
        found = search(driver, word[:2])
        assert found["options"], f"\"{word[:2]}\" found nothing"
        driver.find_element(By.ID, "site-search").send_keys(Keys.ARROW_DOWN)
        geometry = driver.execute_script("""
          const list = document.getElementById('site-search-results').getBoundingClientRect();
          const box = document.getElementById('site-search').getBoundingClientRect();
          return {left: list.left, right: list.right, width: innerWidth, boxHeight: box.height,
                  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
        """)
        destination = artifacts / "screenshots" / f"search-{device['name']}-{scheme}-{site.mode}.png"
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(driver.get_screenshot_as_png())
        assert geometry["left"] >= 0 and geometry["right"] <= geometry["width"], geometry
        assert geometry["overflow"] <= 0, geometry
        assert geometry["boxHeight"] >= 24, geometry
        # axe over the page with the list open (axe_violations reloads the page, so it runs here).
        driver.execute_script(axe_source)
        violations = driver.execute_async_script("""
          const done = arguments[arguments.length - 1];
          axe.run(document.querySelector('.site-header'), {resultTypes: ['violations']})
            .then(r => done(r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
              .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; '))))
            .catch(e => done(['axe-core did not run: ' + e]));
        """)
        assert not violations, "\n".join(violations)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
