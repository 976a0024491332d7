"""The nginx configuration docs/publishing.md gives (docs/publishing/nginx.conf), tested as
written: a small site is built with its base_url at the test server's address, nginx serves
it with that file (only the port and the folder changed), and pages, pretty URLs, folders,
hidden files and the 404 page are fetched as a visitor's browser would.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import REPOSITORY

CONFIG = REPOSITORY / "docs" / "publishing" / "nginx.conf"

# A catalog with a section, a group, items, and an item owning a folder of sub-pages (the
# case where `rex` is both rex.html and the folder rex/).
CONTENT = {
    "_index.md": "---\ntitle: Shelter\nbase_url: {base}\n---\n",
    "pets/_index.md": "---\ntitle: Pets\n---\n",
    "pets/dogs/_index.md": "---\ntitle: Dogs\n---\n",
    "pets/dogs/terriers/diego.md": "---\ntitle: Diego\n---\nA terrier.\n",
    "pets/dogs/rex.md": "---\ntitle: Rex\n---\nA shepherd.\n",
    "pets/dogs/rex/vet-visits.md": "---\ntitle: Vet visits\n---\nAll fine.\n",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_block(port: int, root: Path) -> str:
    """The documented `server { }` block with only its address and folder changed."""
    text = CONFIG.read_text(encoding="utf-8")
    for written, replacement in [("listen 80;", f"listen 127.0.0.1:{port};"), ("listen [::]:80;", ""),
                                 ("root /var/www/catalog;", f"root {root};")]:
        assert written in text, f"{CONFIG} no longer says `{written}`: update this test with it"
        text = text.replace(written, replacement)
    return text


@contextlib.contextmanager
def nginx(port: int, root: Path, prefix: Path) -> Iterator[str]:
    (prefix / "logs").mkdir(parents=True)
    user = "user root;" if subprocess.run(["id", "-u"], capture_output=True, text=True).stdout.strip() == "0" else ""
    temporary = " ".join(f"{kind}_temp_path {prefix / kind};" for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
    (prefix / "nginx.conf").write_text(f"""{user}
daemon off;
worker_processes 1;
pid {prefix / 'nginx.pid'};
error_log {prefix / 'logs' / 'error.log'} warn;
events {{ worker_connections 64; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    {temporary}
{server_block(port, root)}
}}
""", encoding="utf-8")
    process = subprocess.Popen(["nginx", "-p", str(prefix), "-c", str(prefix / "nginx.conf"),
                                "-e", str(prefix / "logs" / "error.log")])
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            assert process.poll() is None, (prefix / "logs" / "error.log").read_text()
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url: str) -> tuple[int, dict[str, str], str]:
    """Status, headers and text, without following a redirect."""
    opener = urllib.request.build_opener(NoRedirects)
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    if shutil.which("nginx") is None:
        pytest.skip("nginx is not installed (Tests/browser/run.sh installs it)")
    folder = tmp_path_factory.mktemp("publishing")
    port = free_port()
    for path, text in CONTENT.items():
        (folder / "Content" / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / "Content" / path).write_text(text.replace("{base}", f"http://127.0.0.1:{port}/"), encoding="utf-8")
    site = folder / "site"
    foldout = request.config.getoption("--foldout")
    subprocess.run([foldout, "build", "--quiet", "--content", str(folder / "Content"), "--output", str(site)],
                   check=True, cwd=folder)
    with nginx(port, site, folder / "nginx") as url:
        yield url, site


def title(html: str) -> str:
    found = re.search(r"<title>([^<]*)</title>", html)
    assert found, html[:300]
    return found.group(1)


def test_pages_and_pretty_urls_are_served(served) -> None:
    url, site = served
    home = fetch(url + "/")
    assert home[0] == 200 and title(home[2]) == title((site / "index.html").read_text(encoding="utf-8"))
    assert home[1]["Content-Type"].startswith("text/html")
    catalog = fetch(url + "/pets/")
    assert catalog[0] == 200 and catalog[2] == (site / "pets" / "index.html").read_text(encoding="utf-8")
    for item in ["pets/dogs/terriers/diego", "pets/dogs/rex"]:
        page = (site / f"{item}.html").read_text(encoding="utf-8")
        assert fetch(f"{url}/{item}.html")[2] == page
        # Without .html, as GitHub Pages and Netlify answer; rex/ is also a folder.
        pretty = fetch(f"{url}/{item}")
        assert pretty[0] == 200 and pretty[2] == page, item


def test_a_folder_without_its_slash_is_redirected_so_relative_links_work(served) -> None:
    url, _ = served
    status, headers, _ = fetch(url + "/pets")
    assert status == 301 and headers["Location"] == "/pets/"


def test_missing_pages_hidden_files_and_bare_folders_get_the_site_404_page(served) -> None:
    url, site = served
    not_found = (site / "404.html").read_text(encoding="utf-8")
    for path in ["/no-such-page", "/pets/no/such/page.html", "/.foldout-manifest", "/pets/dogs/"]:
        status, _, body = fetch(url + path)
        assert status == 404 and body == not_found, path
    assert (site / ".foldout-manifest").is_file()
    # Its links are absolute under base_url, so its stylesheet loads however deep it is shown.
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', not_found)
    assert stylesheet and stylesheet.group(1).startswith(url + "/")
    assert fetch(stylesheet.group(1))[0] == 200
