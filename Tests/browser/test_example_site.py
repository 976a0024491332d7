"""The example site, opened in Chromium from disk and over HTTP, used as people use it."""

from __future__ import annotations

import pytest

import browser_checks as checks
from link_checks import HttpFetcher, file_link_failures, http_link_failures
from nu_checker import nu_checker_errors


def report(failures: list[str]) -> str:
    return "\n".join(failures)


def test_site_has_every_kind_of_page(site_files):
    """Guards every other test here against passing on an empty or half-built site."""
    kinds = site_files.pages_by_kind()
    assert {"home", "catalog", "item"} <= kinds.keys(), f"kinds of page found: {sorted(kinds)}"
    assert site_files.stylesheets(), "the site has no stylesheet"


# Checks of the files: the same whichever way the site is opened, so they run once.

@pytest.fixture(scope="session")
def nu_report(site_files):
    files = [site_files.root / path for path in site_files.pages() + site_files.stylesheets()]
    return nu_checker_errors(files)


# One process runs them all (run.sh runs pytest in two): the report is one Java start.
@pytest.mark.xdist_group("nu-checker")
def test_nu_html_checker_finds_no_errors(site_files, nu_report, asset):
    assert not nu_report[(site_files.root / asset).resolve()], report(nu_report[(site_files.root / asset).resolve()])


def test_summaries_hold_text_not_headings_or_links(site_files, page):
    problems = site_files.document(page).summary_problems
    assert not problems, report(f"{page}:{p.line}: {p.problem}" for p in problems)


# Checks of the site as opened: once from disk, once over HTTP.

@pytest.fixture(scope="session")
def fetcher():
    return HttpFetcher()


def test_links_resolve(site, asset, fetcher):
    if site.mode == "file":
        failures = file_link_failures(site, asset)
    else:
        failures = http_link_failures(site, asset, fetcher)
    assert not failures, report(failures)


def test_page_has_no_javascript_error_and_its_summaries_and_images_work(driver, site, page):
    has_summaries = site.document(page).summary_count > 0
    failures = checks.page_visit_failures(driver, site.url(page), has_summaries)
    assert not failures, report(failures)


def test_filter_box_filters_and_query_restores_it(driver, site, catalog_page):
    failures = checks.filter_failures(driver, site.url(catalog_page))
    assert not failures, report(failures)


def test_arriving_at_a_row_anchor_shows_the_row(driver, site, catalog_page):
    failures = checks.anchor_failures(driver, site.url(catalog_page))
    assert not failures, report(failures)


def test_no_serious_accessibility_violations(driver, site, kind_page, axe_source):
    failures = checks.axe_violations(driver, site.url(kind_page), axe_source)
    assert not failures, report(failures)


def test_screenshots_on_phone_and_desktop(driver, site, site_files, kind_page, device, artifacts):
    kind = site_files.kind(kind_page)
    name = kind_page.replace("/", "-").removesuffix(".html") if kind == "catalog" else kind
    destination = artifacts / "screenshots" / site.mode / f"{name}-{device['name']}.png"
    failures = checks.take_screenshot(driver, site.url(kind_page), device, destination)
    assert not failures, report(failures)
