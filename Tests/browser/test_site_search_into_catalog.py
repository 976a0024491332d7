"""From site search into a catalog: under the results, each catalog that has items
among them offers a link to itself filtered by the query (`?q=`, read by catalog.js as its
filter box), so the whole list can be narrowed further with facets and sorts. The query is a
title word only one pet holds (read from the content); the catalog then shows that pet, says
that it is filtered, and keeps the query in its address. From disk and over HTTP.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By

import browser_checks as checks
from test_site_search import pets_item_page, search, unique_title_word
from test_site_search_ranking import actions, catalogs

_CATALOG = checks.IS_SHOWN + """
const input = document.getElementById('filter-query');
return {
  query: input ? input.value : null,
  status: (document.getElementById('catalog-status') || {}).textContent || '',
  shown: [...document.querySelectorAll('.catalog .row')].filter(row => !row.hidden && isShown(row.closest('li, .row') || row))
    .map(row => (row.querySelector('.row-title') || row).textContent.trim()),
  filtered: !!document.querySelector('.catalog.is-filtered'),
};
"""


def test_a_search_links_to_its_catalog_filtered_by_the_query(driver, site):
    item, word = unique_title_word("pets")
    pets = [catalog for catalog in catalogs() if catalog["id"] == "pets"]
    assert pets, "the content has no pets catalog"
    checks.open_page(driver, site.url(pets_item_page(site)))
    found = search(driver, word)
    assert found["options"], f"{word!r} finds nothing"
    links = [a for a in actions(driver) if a["tag"] == "a" and a["visible"] and pets[0]["title"] in a["text"]]
    assert len(links) == 1, f"no single link into {pets[0]['title']} under the results of {word!r}: {actions(driver)}"
    address = urlsplit(links[0]["href"])
    assert address.path.endswith("/pets/index.html"), links[0]["href"]
    assert parse_qs(address.query).get("q") == [word], links[0]["href"]
    # Only catalogs that have items among the results are offered.
    others = [a for a in actions(driver) if a["tag"] == "a" and a["href"] != links[0]["href"]]
    assert not others, f"{word!r} finds only a pet, yet the results link to {[a['text'] for a in others]}"
    [a for a in driver.find_elements(By.CSS_SELECTOR, ".site-search-actions a.site-search-action")
     if a.get_attribute("href") == links[0]["href"]][0].click()
    checks.wait_for(lambda: driver.execute_script("return document.readyState") == "complete"
                    and "/pets/index.html" in driver.current_url)
    checks.wait_for(lambda: driver.execute_script("return performance.getEntriesByName('foldout:catalog-ready').length > 0"))
    catalog = driver.execute_script(_CATALOG)
    assert catalog["query"] == word, catalog
    assert catalog["filtered"], f"the catalog at ?q={word} does not say it is filtered: {catalog['status']!r}"
    assert item["title"] in catalog["shown"], f"{item['title']!r} is not among the rows shown for ?q={word}: {catalog['shown']}"
