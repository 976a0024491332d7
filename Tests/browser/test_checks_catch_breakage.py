"""Each check, run on fixtures/broken/, must report the breakage its page was made with,
and report nothing on the control pages (ok.html, catalog.html) in the same folder.

These pass when the checks work: a check that cannot fail would pass the example site too.
"""

from __future__ import annotations

import browser_checks as checks
from link_checks import HttpFetcher, file_link_failures, http_link_failures
from nu_checker import nu_checker_errors
from published_site import parse_page


def link_failures(site, path):
    if site.mode == "file":
        return file_link_failures(site, path)
    return http_link_failures(site, path, HttpFetcher())


def test_nu_checker_reports_invalid_html_and_css(request):
    folder = request.config.rootpath / "fixtures" / "broken"
    files = [folder / name for name in ("invalid-html.html", "bad.css", "ok.html", "ok.css")]
    errors = {path.name: messages for path, messages in nu_checker_errors(files).items()}
    assert any("p" in message for message in errors["invalid-html.html"]), errors
    assert any("twice" in message for message in errors["invalid-html.html"]), errors
    assert errors["bad.css"], errors
    assert errors["ok.html"] == [] and errors["ok.css"] == [], errors


def test_summary_rules_report_a_heading_and_a_link_in_summary(request):
    folder = request.config.rootpath / "fixtures" / "broken"
    problems = [p.problem for p in parse_page(folder / "summary-content.html").summary_problems]
    assert any("heading <h2>" in problem for problem in problems), problems
    assert any("interactive <a>" in problem for problem in problems), problems
    assert parse_page(folder / "ok.html").summary_problems == []


def test_link_check_reports_missing_pages_fragments_and_rooted_links(broken):
    failures = link_failures(broken, "broken-link.html")
    for wrong in ("no-such-page.html", "ok.html#no-such-id", "/ok.html"):
        assert any(f'href="{wrong}"' in failure for failure in failures), (wrong, failures)
    assert any("no-such-image.png" in failure for failure in link_failures(broken, "missing-image.html"))
    assert link_failures(broken, "ok.html") == []
    assert link_failures(broken, "ok.css") == []


def test_image_check_reports_a_missing_image(driver, broken):
    failures = checks.page_visit_failures(driver, broken.url("missing-image.html"), has_summaries=False)
    assert failures == ["image did not load: no-such-image.png"]
    assert checks.page_visit_failures(driver, broken.url("ok.html"), has_summaries=True) == []


def test_javascript_check_reports_an_uncaught_error(driver, broken):
    failures = checks.page_visit_failures(driver, broken.url("javascript-error.html"), has_summaries=False)
    assert any("noSuchFunction" in failure for failure in failures), failures


def test_axe_check_reports_a_critical_violation(driver, broken, axe_source):
    failures = checks.axe_violations(driver, broken.url("axe-violation.html"), axe_source)
    assert any("button-name" in failure for failure in failures), failures
    assert checks.axe_violations(driver, broken.url("ok.html"), axe_source) == []


def test_summary_check_reports_a_summary_that_does_not_toggle(driver, broken):
    failures = checks.page_visit_failures(driver, broken.url("summary-stuck.html"), has_summaries=True)
    assert any("a click did not open" in failure for failure in failures), failures
    assert any("Enter did not open" in failure for failure in failures), failures


def test_filter_check_reports_a_filter_box_that_filters_nothing(driver, broken):
    failures = checks.filter_failures(driver, broken.url("catalog-filter-ignored.html"))
    assert any("does not match and is still shown" in failure for failure in failures), failures
    assert any("no visible \"no matches\" line" in failure for failure in failures), failures
    assert checks.filter_failures(driver, broken.url("catalog.html")) == []


def test_anchor_check_reports_a_row_left_in_a_closed_group(driver, broken):
    failures = checks.anchor_failures(driver, broken.url("catalog-anchor-closed.html"))
    assert any("stay closed: birds/parrots" in failure for failure in failures), failures
    assert checks.anchor_failures(driver, broken.url("catalog.html")) == []


def test_screenshot_check_reports_a_page_too_wide_for_a_phone(driver, broken, tmp_path):
    failures = checks.take_screenshot(driver, broken.url("too-wide.html"), checks.PHONE, tmp_path / "wide.png")
    assert any("scrolls sideways" in failure for failure in failures), failures
    assert checks.take_screenshot(driver, broken.url("ok.html"), checks.PHONE, tmp_path / "ok.png") == []
    assert checks.png_size((tmp_path / "ok.png").read_bytes()) == (780, 1688)
