"""Set-up for the browser tests: which built site, opened how, in which browser.

Tests/browser/run.sh builds the example site, serves it with nginx and passes the options
below; see docs/browser-tests.md. Checks that depend on how the site is opened take a
`mode` ("file" or "http") and run once per mode; checks of the files themselves run once.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from browser_checks import DESKTOP, PHONE
from published_site import PublishedSite

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
BROKEN_FIXTURE = HERE / "fixtures" / "broken"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("foldout browser tests")
    group.addoption("--site-dir", help="the built example site (foldout build --output DIR)")
    group.addoption("--site-http-url", help="where a web server serves --site-dir, ending in /")
    group.addoption("--fixture-http-url", help="where the same server serves fixtures/broken/, ending in /")
    group.addoption("--feeds-site-dir", help="the example content built with base_url set to --feeds-site-http-url (test_feeds.py)")
    group.addoption("--feeds-site-http-url", help="where the server serves --feeds-site-dir, ending in /: its base_url")
    group.addoption("--artifacts-dir", default=str(REPOSITORY / "artifacts"), help="screenshots go below it")
    group.addoption("--chromium", default="/usr/bin/chromium")
    group.addoption("--chromedriver", default="/usr/bin/chromedriver")
    group.addoption("--foldout", default=os.environ.get("FOLDOUT", str(REPOSITORY / ".build" / "release" / "foldout")),
                    help="the foldout binary, for the `foldout serve` checks")


def _site_dir(config: pytest.Config) -> Path:
    value = config.getoption("--site-dir")
    if not value:
        raise pytest.UsageError("--site-dir is required: build the site first, or run Tests/browser/run.sh")
    path = Path(value).resolve()
    if not (path / "index.html").is_file():
        raise pytest.UsageError(f"--site-dir {path} holds no index.html: build the site first")
    return path


def modes(config: pytest.Config) -> list[str]:
    """file:// always; http:// when a server was named (run.sh starts nginx and names it)."""
    if not config.getoption("--site-http-url"):
        return ["file"]
    if not config.getoption("--fixture-http-url"):
        raise pytest.UsageError("--site-http-url needs --fixture-http-url too: both are served by the same server")
    return ["file", "http"]


def pytest_report_header(config: pytest.Config) -> list[str]:
    site_dir = config.getoption("--site-dir") or "(none: only the fixture checks can run)"
    return [f"foldout site: {site_dir}, opened as: {', '.join(modes(config))}"]


def _published(root: Path, mode: str, http_url: str | None) -> PublishedSite:
    if mode == "http":
        return PublishedSite(root, http_url.rstrip("/") + "/", "http")
    return PublishedSite(root, root.as_uri() + "/", "file")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    config = metafunc.config
    if "mode" in metafunc.fixturenames:
        metafunc.parametrize("mode", modes(config), scope="session")
    site_parameters = {"asset", "page", "catalog_page", "kind_page"}
    if not site_parameters & set(metafunc.fixturenames):
        return
    site = _published(_site_dir(config), "file", None)
    if "device" in metafunc.fixturenames:
        metafunc.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
    if "asset" in metafunc.fixturenames:
        metafunc.parametrize("asset", site.pages() + site.stylesheets())
    if "page" in metafunc.fixturenames:
        metafunc.parametrize("page", site.pages())
    if "catalog_page" in metafunc.fixturenames:
        metafunc.parametrize("catalog_page", site.catalog_pages())
    if "kind_page" in metafunc.fixturenames:
        # Every catalog, since they differ in layout; one page of each other kind.
        chosen = {f"catalog:{p}": p for p in site.catalog_pages()}
        chosen.update({kind: page for kind, page in site.representative_pages().items() if kind != "catalog"})
        # Pages with a table too: a wide one must scroll in its own box, not the page.
        chosen.update({f"table:{p}": p for p in site.pages() if "<table" in (site.root / p).read_text(encoding="utf-8")})
        metafunc.parametrize("kind_page", list(chosen.values()), ids=list(chosen.keys()))


@pytest.fixture(scope="session")
def site(request: pytest.FixtureRequest, mode: str) -> PublishedSite:
    config = request.config
    return _published(_site_dir(config), mode, config.getoption("--site-http-url"))


@pytest.fixture(scope="session")
def feeds_site(request: pytest.FixtureRequest, mode: str) -> PublishedSite:
    """The example content built with a base_url, so it has feeds; opened as `mode`."""
    config = request.config
    directory, http_url = config.getoption("--feeds-site-dir"), config.getoption("--feeds-site-http-url")
    if not directory or not http_url:
        pytest.skip("no --feeds-site-dir and --feeds-site-http-url: run Tests/browser/run.sh")
    if mode == "http" and not config.getoption("--site-http-url"):
        pytest.skip("not served over HTTP")
    return _published(Path(directory).resolve(), mode, http_url)


@pytest.fixture(scope="session")
def site_files(request: pytest.FixtureRequest) -> PublishedSite:
    return _published(_site_dir(request.config), "file", None)


@pytest.fixture(scope="session")
def broken(request: pytest.FixtureRequest, mode: str) -> PublishedSite:
    return _published(BROKEN_FIXTURE, mode, request.config.getoption("--fixture-http-url"))


@pytest.fixture(scope="session")
def artifacts(request: pytest.FixtureRequest) -> Path:
    return Path(request.config.getoption("--artifacts-dir")).resolve()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core, as bundled by the axe-playwright-python package (only its JS file is used)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe-playwright-python is not installed: run Tests/browser/run.sh")
    folder = Path(list(spec.submodule_search_locations)[0])
    found = sorted(folder.rglob("axe*.js"))
    if not found:
        raise RuntimeError(f"no axe-core script in {folder}")
    return found[0].read_text(encoding="utf-8")


# Chromium must reach nothing but 127.0.0.1: no updates, no sync, no safe-browsing look-ups.
_QUIET_CHROMIUM = [
    "--headless=new",
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--window-size=1280,900",
    "--hide-scrollbars",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--lang=en-US",
]


@pytest.fixture(scope="session")
def driver(request: pytest.FixtureRequest):
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must never download a driver
    profile = tempfile.TemporaryDirectory(prefix="foldout-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = request.config.getoption("--chromium")
    for argument in _QUIET_CHROMIUM + [f"--user-data-dir={profile.name}"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(options=options, service=Service(request.config.getoption("--chromedriver")))
    browser.set_page_load_timeout(30)
    browser.set_script_timeout(30)
    yield browser
    browser.quit()
    profile.cleanup()
