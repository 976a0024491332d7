"""The site `foldout init` makes: built as a new user builds it, with no
warning, its catalog's first screen shows animals on a phone and a desktop, from file://
and over HTTP, and its pages pass the W3C checker, axe and the link checks.

The pets are read from the site's own Content/ (names and photos), never written here.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

import browser_checks as checks
from browser_checks import DESKTOP, IS_SHOWN, PHONE, open_page
from link_checks import HttpFetcher, file_link_failures, http_link_failures
from nu_checker import nu_checker_errors
from published_site import PublishedSite, published

# One pytest-xdist worker runs this module, so its site is built once, not once per worker.
pytestmark = pytest.mark.xdist_group("init-site")

CATALOG = "pets/index.html"


@pytest.fixture(scope="module")
def init_site(request, tmp_path_factory) -> Path:
    """`foldout init` into a new folder, then `foldout build` there, as the README says."""
    foldout = Path(request.config.getoption("--foldout")).resolve()
    if not foldout.is_file():
        pytest.skip(f"no foldout binary at {foldout} (--foldout or FOLDOUT)")
    root = tmp_path_factory.mktemp("init") / "site"
    subprocess.run([str(foldout), "init", str(root)], check=True, capture_output=True, timeout=120)
    built = subprocess.run([str(foldout), "build"], cwd=root, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    assert "warning" not in (built.stdout + built.stderr).lower(), built.stdout + built.stderr
    return root


def pet_titles(root: Path) -> set[str]:
    """The titles of the pets the starter wrote, from their front matter."""
    titles = set()
    for path in (root / "Content" / "pets").rglob("*.md"):
        if path.name == "_index.md":
            continue
        match = re.search(r"^title:\s*(.+)$", path.read_text(encoding="utf-8"), re.M)
        if match:
            titles.add(match.group(1).strip())
    return titles


@pytest.fixture(scope="module")
def init_published(init_site, mode) -> PublishedSite:
    output = init_site / "Output"
    with published(output, mode) as site:
        yield site


# Rows and cards shown within the first screen, with whether their photo has loaded.
_FIRST_SCREEN = IS_SHOWN + """
return [...document.querySelectorAll('li.row')].filter(isShown).map(row => {
  const box = row.getBoundingClientRect();
  const img = row.querySelector('img');
  return {title: (row.querySelector('.row-title') || row).textContent.trim(),
          onScreen: box.top < window.innerHeight && box.bottom > 0,
          photo: !!img && img.complete && img.naturalWidth > 0};
});
"""


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_first_screen_shows_animals(driver, init_site, init_published, device):
    metrics = {key: device[key] for key in ("width", "height", "deviceScaleFactor", "mobile")}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        open_page(driver, init_published.url(CATALOG))
        # Lazy photos on the first screen load at once; wait for them as a visitor would.
        checks.wait_for(lambda: any(r["onScreen"] and r["photo"] for r in driver.execute_script(_FIRST_SCREEN)))
        rows = driver.execute_script(_FIRST_SCREEN)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    titles = pet_titles(init_site)
    on_screen = [r for r in rows if r["onScreen"]]
    assert any(r["title"] in titles and r["photo"] for r in on_screen), \
        f"no pet with its photo on the first {device['name']} screen: {on_screen}"
    # Groups start open in a catalog this small: every pet's row is shown, not folded away.
    assert titles <= {r["title"] for r in rows}, f"pets not shown: {sorted(titles - {r['title'] for r in rows})}"


def test_nu_html_checker_finds_no_errors(init_site):
    output = init_site / "Output"
    files = sorted(output.rglob("*.html")) + sorted(output.rglob("*.css"))
    errors = {path: found for path, found in nu_checker_errors(files).items() if found}
    assert not errors, "\n".join(f"{path}: {found}" for path, found in errors.items())


def test_links_resolve(init_published):
    fetcher = HttpFetcher() if init_published.mode == "http" else None
    failures = []
    for page in init_published.pages():
        failures += (file_link_failures(init_published, page) if fetcher is None
                     else http_link_failures(init_published, page, fetcher))
    assert not failures, "\n".join(failures)


def test_no_serious_accessibility_violations(driver, init_site, init_published, axe_source):
    pets = sorted(p.relative_to(init_site / "Content").with_suffix(".html").as_posix()
                  for p in (init_site / "Content" / "pets").rglob("*.md") if p.name != "_index.md")
    failures = []
    for page in ["index.html", CATALOG, pets[0]]:
        failures += checks.axe_violations(driver, init_published.url(page), axe_source)
    assert not failures, "\n".join(failures)
