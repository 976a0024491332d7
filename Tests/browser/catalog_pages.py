"""What the catalog tests share (test_catalog_facets.py, test_catalog_results.py and the phone's):
a catalog's content as its files say (items, facets, sorts, `listed:`, nouns), the rows of its
page mapped to those items, the order a sort should give, and a facet value's checkbox, opened
from its fold first as a person would.

Everything expected is read from Content/<catalog>/**/*.md and the catalog's _index.md, as
docs/content.md describes them, never copied from a run.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from content_files import front_matter
from test_catalog_filter import fold

CONTENT = Path(__file__).resolve().parents[2] / "Content"
NONE_LABEL = "(none)"


# ---------- The content, as the contract reads it ----------

def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")


@dataclass
class Facet:
    key: str  # its name in the address and in fieldset[data-facet]
    field: str
    kind: str  # values, boolean, range, date
    order: object = None
    buckets: list | None = None  # [(label, upper bound or None)]

    @property
    def is_list(self) -> bool:
        return self.kind in ("values", "boolean")

    def labels(self, item: dict) -> set[str]:
        """The folded labels of the values the item has (list facets); "(none)" for a values
        facet without one."""
        value = item.get(self.field)
        if self.kind == "boolean":
            return {"unknown"} if value is None else {"yes" if value else "no"}
        if value is None:
            return {NONE_LABEL} if self.kind == "values" else set()
        if self.buckets:
            for label, bound in self.buckets:
                if bound is None or value < bound:
                    return {fold(label)}
            return {NONE_LABEL}
        values = value if isinstance(value, list) else [value]
        return {fold(str(v)) for v in values}

    def number(self, item: dict):
        value = item.get(self.field)
        if isinstance(value, (dt.date, dt.datetime)):
            return value.isoformat()[:10]
        return value


@dataclass
class CatalogContent:
    """A catalog as its files say. The order of its rows is not known here: it comes from the page."""
    folder: Path
    items: dict[str, dict]  # by the slug path of the item's page (as the row links it) → front matter
    facets: list[Facet]
    sorts: list[dict]  # {key, field, descending}
    noun: tuple[str, str] = ("item", "items")  # `item_name`: what the counts call an item
    page_noun: tuple[str, str] = ("page", "pages")  # `page_name`: what sub-pages are counted as
    pages: set = field(default_factory=set)  # keys of sub-pages (the pages of a folder an item owns)
    listed: dict | None = None  # `listed:` as written
    query_sections: list = field(default_factory=list)  # `sections:` as written

    @property
    def entries(self) -> list[str]:
        return [key for key in self.items if key not in self.pages]

    def owner(self, key: str) -> str:
        """The entry a key belongs to: itself, or for a sub-page the item owning its folder."""
        parts = key.split("/")
        return next(("/".join(parts[:n]) for n in range(1, len(parts)) if "/".join(parts[:n]) in self.items), key)

    def is_listed(self, key: str) -> bool:
        item = self.items[self.owner(key)]
        for name, accepted in (self.listed or {}).items():
            accepted = accepted if isinstance(accepted, list) else [accepted]
            value = item.get(name)
            values = value if isinstance(value, list) else [value]
            if not {fold(str(v)) for v in values if v is not None} & {fold(str(a)) for a in accepted}:
                return False
        return True

    def labels(self, facet: Facet, key: str) -> set[str]:
        return facet.labels(self.items[key])

    def count(self, n: int, noun=None) -> str:
        singular, plural = noun or self.noun
        return f"{n} {singular if n == 1 else plural}"


def kind_from_data(values: list) -> str:
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return "boolean"
    if present and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return "range"
    if present and all(isinstance(v, dt.date) for v in present):
        return "date"
    return "values"


def noun_of(declared) -> tuple[str, str]:
    """`item_name` as the docs describe it: a word with its English plural, or a pair."""
    if isinstance(declared, list):
        return declared[0], declared[1]
    if not declared:
        return "item", "items"
    if declared.endswith(("s", "x", "z", "ch", "sh")):
        return declared, declared + "es"
    if declared.endswith("y") and declared[-2:-1] not in "aeiou":
        return declared, declared[:-1] + "ies"
    return declared, declared + "s"


def read_catalog_content(catalog_page: str) -> CatalogContent:
    folder = CONTENT / Path(catalog_page).parent
    index = front_matter(folder / "_index.md")
    items = {}
    for path in sorted(folder.rglob("*.md")):
        if path.name == "_index.md":
            continue
        relative = path.relative_to(folder).with_suffix("")
        items["/".join(slug(part) for part in relative.parts)] = front_matter(path)
    # A sub-page: a Markdown file in the folder an item owns (`lesson.md` beside `lesson/`,
    # which has no _index.md of its own).
    pages = {key for key in items if any("/".join(key.split("/")[:n]) in items for n in range(1, key.count("/") + 1))}
    facets = []
    for declared in index.get("facets") or []:
        declared = {"field": declared} if isinstance(declared, str) else declared
        name = declared["field"]
        buckets = declared.get("buckets")
        kind = declared.get("type") or ("values" if buckets else kind_from_data([v.get(name) for k, v in items.items() if k not in pages]))
        facets.append(Facet(key=declared.get("key", name), field=name, kind=kind, order=declared.get("order"),
                            buckets=list(buckets.items()) if buckets else None))
    sorts = []
    for declared in index.get("sort_options") or []:
        declared = {"field": declared} if isinstance(declared, str) else declared
        name = declared["field"]
        order = declared.get("order")
        sorts.append({"key": declared.get("key", name), "field": name,
                      "descending": order == "desc" if order else name == "date"})
    return CatalogContent(folder, items, facets, sorts, noun_of(index.get("item_name")),
                          noun_of(index.get("page_name")) if index.get("page_name") else ("page", "pages"),
                          pages, index.get("listed"), index.get("sections") or [])


# ---------- The page, mapped to the content ----------

# Reading the page (after checks.IS_SHOWN): a row or group `present` (not taken out by the
# filter, even in a closed group), `text`, a container's `titleOf` and `countOf` label, and
# `facetOptions`: each facet value's checkbox with its label and count.
PAGE_HELPERS = """
const present = element => {
  for (let e = element; e; e = e.parentElement)
    if (e.hidden || getComputedStyle(e).display === 'none') return false;
  return true;
};
const text = (element, selector) => { const found = element.querySelector(selector); return found ? found.textContent : ''; };
const titleOf = element => element.tagName === 'DETAILS'
  ? text(element, ':scope > summary .group-title') : text(element, ':scope > .section-header .anchor');
const countOf = element => {
  const label = element.tagName === 'DETAILS' ? element.querySelector(':scope > summary .count')
                                              : element.querySelector(':scope > .section-header .count');
  return label ? label.textContent.trim() : null;
};
const facetOptions = () => [...document.querySelectorAll('#catalog-panel fieldset[data-facet] input[type=checkbox]')].map(box => ({
  facet: box.closest('fieldset').getAttribute('data-facet'), name: box.name, value: box.value,
  label: text(box.closest('label'), '.facet-value').trim(), count: text(box.closest('label'), '.facet-count').trim(),
  checked: box.checked}));
const statusText = () => (document.getElementById('catalog-status') || {textContent: ''}).textContent.trim();
"""


def item_key(href: str, page_url: str) -> str:
    """The content key of the item a row links to (its page's path under the catalog, slugged)."""
    path = unquote(urlsplit(href).path)
    base = unquote(urlsplit(urljoin(page_url, ".")).path)
    relative = re.sub(r"(/index)?\.html$", "", path[len(base):] if path.startswith(base) else path)
    return "/".join(slug(part) for part in relative.split("/"))


def row_keys(rows: list[dict], page_url: str, content: CatalogContent) -> list[str]:
    """Each row's item key; every row must link to an item of the content."""
    keys = []
    for row in rows:
        assert row["href"], f"row {row['id']} has no a.row-link: it cannot be told which item it shows"
        key = item_key(row["href"], page_url)
        assert key in content.items, f"row {row['id']} links to {row['href']}, which is no item of {content.folder}"
        keys.append(key)
    return keys


def natural(text: str) -> list:
    """A title's sort key as the page's collator orders it: numbers by value, words folded."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", fold(text)) if part]


def sorted_by(keys: list[str], value, descending: bool) -> list[str]:
    """The keys in a sort's order: by value, ties in the catalog's order, items without one last."""
    present = [k for k in keys if value(k) is not None]
    present.sort(key=value, reverse=descending)  # stable both ways
    return present + [k for k in keys if value(k) is None]


def sort_value(sort: dict, item: dict, title: str):
    if sort["field"] == "title":
        return natural(title)
    raw = item.get(sort["field"])
    return raw.isoformat() if isinstance(raw, (dt.date, dt.datetime)) else raw


# ---------- Doing what a person does ----------

def open_facet_of(driver, element) -> None:
    """Opens the facet an element is in when it is folded to its name (a desktop's panel), as a
    person would click its name first."""
    driver.execute_script("""
      const fieldset = arguments[0].closest('fieldset[data-facet]');
      const fold = fieldset && fieldset.querySelector('.facet-fold');
      if (fold && fold.getClientRects().length && fold.getAttribute('aria-expanded') !== 'true') fold.click();""", element)


def click(driver, element) -> None:
    open_facet_of(driver, element)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    element.click()
