"""What the header's search box finds and in which order (Templates/assets/search.js, the
shards of Sources/FoldoutRendering/SearchShard.swift), from disk and over HTTP, as
docs/content.md, "Site search", says:

- a word of a catalog's name finds the catalog, not every item in it;
- title and field hits come before hits in tags and text;
- matched words are marked with <mark>, and a title is shown as text, never as markup;
- every result can be reached, past the first 20;
- a catalog's synonyms find their items;
- a query that finds nothing offers what to try.

Expected values come from the content files (Content/), never from the results.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from selenium.webdriver.common.by import By

import browser_checks as checks
from selenium.webdriver.common.keys import Keys

from test_site_search import CONTENT, _title, fold_words, pets_item_page, results, search

# Front matter keys that are settings, not words a reader looks for (SearchIndex.unsearchedFields),
# and those the index reads elsewhere.
_NOT_FIELDS = {"title", "tags", "summary", "image", "image_alt", "image_focus", "slug", "draft", "weight", "date", "aliases"}


def _split(path: Path) -> tuple[dict, str]:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}, text
    head, _, body = text[4:].partition("\n---\n")
    return yaml.safe_load(head) or {}, body


def _words_of(value) -> list[str]:
    if isinstance(value, bool):
        return []
    if isinstance(value, list):
        return [w for v in value for w in _words_of(v)]
    if isinstance(value, dict):
        return [w for v in value.values() for w in _words_of(v)]
    return fold_words(str(value))


@lru_cache(maxsize=1)
def catalogs() -> list[dict]:
    """Each catalog: its folder, title, synonyms and items (title, field values, the words
    of its title and fields, and every word of its file)."""
    found = []
    for index in sorted(CONTENT.glob("*/_index.md")):
        meta, _ = _split(index)
        # A field that is `true` is found by its facet's label too.
        labels = {f["field"]: f["label"] for f in meta.get("facets") or [] if isinstance(f, dict) and f.get("label")}
        items = []
        for path in sorted(index.parent.rglob("*.md")):
            if path.name == "_index.md":
                continue
            fields, body = _split(path)
            if fields.get("draft") is True:
                continue
            title = _title(path, {"title": str(fields["title"])} if fields.get("title") else {}, body)
            strong = set(fold_words(title))
            for key, value in fields.items():
                if key in _NOT_FIELDS or (isinstance(value, str) and value.startswith(("http://", "https://"))):
                    continue
                strong |= set(_words_of(value))
                if value is True:
                    strong |= set(fold_words(key.replace("_", " ") + " " + labels.get(key, "")))
            items.append({
                "title": title,
                "fields": fields,
                "strong": strong,
                "all": set(fold_words(path.read_text(encoding="utf-8"))),
                "page": path.relative_to(CONTENT).with_suffix(".html").as_posix(),
            })
        search_settings = meta.get("search") or {}
        found.append({
            "id": index.parent.name,
            "title": str(meta.get("title") or index.parent.name),
            "synonyms": (search_settings.get("synonyms") or {}) if isinstance(search_settings, dict) else {},
            "items": items,
        })
    return found


def all_items() -> list[dict]:
    return [item for catalog in catalogs() for item in catalog["items"]]


def starts(words: set[str], term: str) -> bool:
    return any(word.startswith(term) for word in words)


def item_options(found: dict) -> list[dict]:
    """The options that are items (not catalogs, sections or groups, which link into a page)."""
    return [o for o in found["options"] if "#" not in (o["href"] or "") and not (o["href"] or "").endswith("/index.html")]


def item_by_title(title: str) -> list[dict]:
    return [item for item in all_items() if item["title"] == title]


_MARKS = """
return [...document.querySelectorAll('#site-search-results [role=option]')].map(option => ({
  title: option.querySelector('.site-search-title').textContent,
  marks: [...option.querySelectorAll('mark')].map(mark => mark.textContent),
  titleMarks: [...option.querySelectorAll('.site-search-title mark')].map(mark => mark.textContent),
  elements: [...option.querySelectorAll('.site-search-title *')].map(e => e.tagName.toLowerCase()),
}));
"""


def actions(driver) -> list[dict]:
    return driver.execute_script("""
      return [...document.querySelectorAll('.site-search-actions .site-search-action')].map(e => ({
        tag: e.tagName.toLowerCase(), text: e.textContent, href: e.href || null, visible: !!e.offsetParent}));
    """)


def click_action(driver, starting: str) -> None:
    buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, ".site-search-actions .site-search-action") if b.text.startswith(starting)]
    assert buttons, f"no button starting with {starting!r}: {actions(driver)}"
    buttons[0].click()


# ---------- Tests ----------


def test_a_word_of_a_catalogs_name_finds_the_catalog_not_all_its_items(driver, site):
    """Each word of a catalog's title (and its first three letters, "cat" of "Catalog") lists
    the catalog itself, and of its items only those holding the word themselves."""
    checks.open_page(driver, site.url(pets_item_page(site)))
    checked = 0
    for catalog in catalogs():
        for word in fold_words(catalog["title"]):
            if len(word) < 3:
                continue
            for query in sorted({word, word[:3]}):
                found = search(driver, query)
                hrefs = [o["href"] for o in found["options"]]
                assert any(h.endswith(f"/{catalog['id']}/index.html") for h in hrefs), \
                    f"\"{query}\" does not list the catalog {catalog['title']}: {hrefs}"
                if found["status"] != f"{len(found['options'])} results" and not found["status"].startswith("1 result"):
                    click_action(driver, "Show")
                    checks.wait_for(lambda: "shown" not in results(driver)["status"])
                    found = results(driver)
                listed = [o for o in item_options(found) if f"/{catalog['id']}/" in o["href"]]
                for option in listed:
                    holders = [i for i in item_by_title(option["title"]) if starts(i["all"], query)]
                    assert holders, f"\"{query}\" lists {option['title']}, which holds no word starting with it"
                holding = [i for i in catalog["items"] if starts(i["all"], query)]
                if len(holding) < len(catalog["items"]):
                    assert len(listed) < len(catalog["items"]), f"\"{query}\" lists every item of {catalog['title']}"
                    checked += 1
    assert checked, "every item of each catalog holds every word of its name: nothing to check"


def test_title_and_field_hits_come_before_tag_and_text_hits_and_are_marked(driver, site):
    """For words some items hold in their title or fields and others only in tags or text
    (a pet's breed, a course's title word): the first kind first, and the word marked."""
    items = all_items()
    synonyms = {str(w) for catalog in catalogs() for w in catalog["synonyms"]}
    candidates = sorted({w for item in items for w in item["strong"] if len(w) >= 4 and not w.isdigit()})
    checks.open_page(driver, site.url("index.html"))
    checked = 0
    for word in candidates:
        if any(s.startswith(word) for s in synonyms):
            continue
        strong = [i for i in items if starts(i["strong"], word)]
        weak = [i for i in items if i not in strong and starts(i["all"], word)]
        if not strong or not weak:
            continue
        found = search(driver, word)
        kinds = []
        for option in item_options(found):
            matches = item_by_title(option["title"])
            assert matches, f"\"{word}\" lists {option['title']}, which no content file has"
            kinds.append("strong" if any(starts(i["strong"], word) for i in matches) else "weak")
        if "weak" not in kinds:
            continue  # the others hold it only where the index does not look (the body)
        first_weak = kinds.index("weak")
        assert "strong" not in kinds[first_weak:], f"\"{word}\": a title or field hit after a tag or text hit: {found['options']}"
        # Marked: in each title holding it, the word's start.
        for shown in driver.execute_script(_MARKS):
            if starts(set(fold_words(shown["title"])), word):
                assert any(fold_words(m) == [word] or (fold_words(m) and fold_words(m)[0] == word) for m in shown["titleMarks"]), \
                    f"\"{word}\" is not marked in the title {shown['title']!r}: {shown['titleMarks']}"
            assert shown["marks"], f"\"{word}\": nothing is marked in the result {shown['title']!r}"
        checked += 1
        if checked == 3:
            break
    assert checked, "no word is in some items' titles or fields and only in other items' tags or text"


def test_a_title_shows_as_text_with_the_match_marked(driver, site):
    """A title holding markup: its text is shown, marked, and nothing of it runs."""
    checks.open_page(driver, site.url(pets_item_page(site)))
    hostile = '<b>Zqxwert</b> & <img src=x onerror="window.__searchRan=1"> '
    # The shard goes through the page's own foldoutSearchShard, its first item retitled.
    driver.execute_script("""
      const real = window.foldoutSearchShard, hostile = arguments[0];
      window.foldoutSearchShard = function (data) {
        if (data.items.length) {
          const parts = data.items[0].split('\\t');
          if (parts.length < 3 || parts[2] === '') { parts[2] = '/' + 'hostile.html'; while (parts.length < 3) parts.push(''); }
          parts[0] = hostile + parts[0];
          data.items[0] = parts.join('\\t');
        }
        return real(data);
      };
    """, hostile)
    found = search(driver, "zqxwert")
    assert found["options"], f"the retitled item is not found: {found}"
    shown = driver.execute_script(_MARKS)
    for option in shown:
        assert option["title"].startswith(hostile), option
        assert option["elements"] == ["mark"], f"the title holds elements other than <mark>: {option['elements']}"
        assert option["titleMarks"] == ["Zqxwert"], option
    assert driver.execute_script("return window.__searchRan === undefined"), "markup in a title ran"


def test_more_than_twenty_results_can_all_be_reached(driver, site):
    checks.open_page(driver, site.url(pets_item_page(site)))
    # A word that many items hold: the commonest field or text word of the content.
    counts: dict[str, int] = {}
    for item in all_items():
        for word in item["strong"]:
            if len(word) >= 3 and not word.isdigit():
                counts[word] = counts.get(word, 0) + 1
    query = None
    for word, _ in sorted(counts.items(), key=lambda pair: (-pair[1], pair[0])):
        found = search(driver, word)
        total = int(re.match(r"([\d,]+) result", found["status"]).group(1).replace(",", ""))
        if total > 20:
            query = word
            break
    if query is None:
        pytest.skip("no word of the content finds more than 20 results")
    assert len(found["options"]) == 20, found["status"]
    click_action(driver, "Show all")
    checks.wait_for(lambda: len(results(driver)["options"]) == total)
    everything = results(driver)
    hrefs = [o["href"] for o in everything["options"]]
    assert len(set(hrefs)) == total, "a result is listed twice"
    assert "shown" not in everything["status"], everything["status"]
    # Left: only the links into each catalog, filtered by the query (test_site_search_into_catalog.py).
    assert not [a for a in actions(driver) if a["visible"] and a["tag"] == "button"], "a button is left after every result is shown"
    # The keyboard carries on from the first result the button added, and reaches the last.
    box = driver.find_element(By.ID, "site-search")
    assert driver.switch_to.active_element == box
    state = results(driver)
    assert state["active"] == state["options"][20]["id"], state["active"]
    if total <= 60:
        for _ in range(total - 21):
            box.send_keys(Keys.ARROW_DOWN)
        state = results(driver)
        assert state["active"] == state["options"][-1]["id"], state["active"]


def test_a_catalogs_synonyms_find_their_items(driver, site):
    checks.open_page(driver, site.url(pets_item_page(site)))
    checked = 0
    for catalog in catalogs():
        for word, meaning in catalog["synonyms"].items():
            word = fold_words(str(word))[0]
            expected = set()
            for item in catalog["items"]:
                if isinstance(meaning, dict):
                    holds = all(_condition(item["fields"].get(key), wanted) for key, wanted in meaning.items())
                else:
                    # Those holding the word in their title or fields (the index reads the
                    # summary, not the body: a body's words cannot be told apart here).
                    phrases = meaning if isinstance(meaning, list) else [meaning]
                    holds = any(all(w in item["strong"] for w in fold_words(str(p))) for p in phrases)
                if holds:
                    expected.add(item["page"])
            if not expected:
                continue
            found = search(driver, word)
            pages = {o["href"].split(site.url(""), 1)[-1] for o in item_options(found)}
            missing = expected - pages
            assert not missing, f"the synonym \"{word}\" of {catalog['title']} misses {sorted(missing)}"
            for option in item_options(found):
                page = option["href"].split(site.url(""), 1)[-1]
                if page in expected:
                    continue
                targets = [w for p in (meaning if isinstance(meaning, list) else [meaning]) for w in fold_words(str(p))] \
                    if not isinstance(meaning, dict) else []
                holders = [i for i in all_items() if i["page"] == page
                           and (starts(i["all"], word) or any(t in i["all"] for t in targets))]
                assert holders, f"\"{word}\" lists {page}, which neither the synonym nor its own words find"
            checked += 1
    if not checked:
        pytest.skip("no catalog declares a synonym that finds an item")


def _condition(value, wanted) -> bool:
    values = value if isinstance(value, list) else [value]
    if value is None:
        return False
    if isinstance(wanted, dict):
        def holds(v):
            try:
                number = float(v)
            except (TypeError, ValueError):
                return False
            bounds = {"under": lambda b: number < b, "over": lambda b: number > b,
                      "from": lambda b: number >= b, "to": lambda b: number <= b}
            return all(bounds[name](float(bound)) for name, bound in wanted.items())
        return any(holds(v) for v in values)
    accepted = [str(w).strip().lower() for w in (wanted if isinstance(wanted, list) else [wanted])]
    return any(str(v).strip().lower() in accepted for v in values)


def test_nothing_found_offers_a_near_word_a_shorter_query_and_the_catalogs(driver, site):
    checks.open_page(driver, site.url(pets_item_page(site)))
    everything = set().union(*(item["all"] for item in all_items()))
    # A title word of six letters or more, two of its letters swapped: a typo of it.
    typos = [(w, w[:2] + w[3] + w[2] + w[4:]) for item in all_items() for w in fold_words(item["title"])
             if len(w) >= 6 and w.isalpha() and w[2] != w[3]]
    typos = [(w, typo) for w, typo in typos if not starts(everything, typo)]
    if not typos:
        pytest.skip("no title word of six letters makes a typo that is no word of the content")
    word, typo = typos[0]
    found = search(driver, typo)
    assert found["options"] == [] and found["status"].startswith("0 results"), found
    checks.wait_for(lambda: actions(driver))  # offered once typing pauses
    offered = actions(driver)
    assert all(a["visible"] for a in offered), offered
    suggestion = [a for a in offered if a["text"].startswith("Did you mean")]
    assert suggestion and word in fold_words(suggestion[0]["text"]), f"\"{typo}\" offers {offered}"
    for catalog in catalogs():
        assert any(a["tag"] == "a" and a["text"] == f"Browse {catalog['title']}" and a["href"].endswith(f"/{catalog['id']}/index.html")
                   for a in offered), f"no link to {catalog['title']}: {offered}"
    click_action(driver, "Did you mean")
    checks.wait_for(lambda: results(driver)["options"])
    assert driver.find_element(By.ID, "site-search").get_attribute("value") == word
    assert any(starts(set(fold_words(o["title"])), word) for o in results(driver)["options"])
    # Two words that find nothing together: the query without the one that stops it.
    found = search(driver, f"{word} zzqqxxv")
    assert found["options"] == [], found
    checks.wait_for(lambda: any(a["text"].startswith("Without") for a in actions(driver)))
    without = [a for a in actions(driver) if a["text"].startswith("Without")]
    assert without and "zzqqxxv" in without[0]["text"], actions(driver)
    click_action(driver, "Without")
    checks.wait_for(lambda: results(driver)["options"])
    assert driver.find_element(By.ID, "site-search").get_attribute("value") == word
