"""`foldout serve` under load: 64 connections for 10 seconds with wrk on loopback,
every request answered without an error."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from serve_process import foldout_serve

REPOSITORY = Path(__file__).resolve().parents[2]

# Pages of every kind and the stylesheet, requested in turn.
ROTATION = """
local paths = {%s}
local i = 0
request = function()
  i = i %% #paths + 1
  return wrk.format("GET", paths[i])
end
"""


def wrk_summary(output: str) -> dict[str, int]:
    """Requests made and errors of each kind, from wrk's report."""
    counts = {"requests": int(re.search(r"(\d+) requests in", output).group(1))}
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    counts["socket errors"] = sum(int(n) for n in socket.groups()) if socket else 0
    status = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    counts["non-2xx responses"] = int(status.group(1)) if status else 0
    return counts


def test_wrk_summary_reads_errors() -> None:
    report = ("  1000 requests in 10.00s, 1.00MB read\n"
              "  Socket errors: connect 0, read 3, write 0, timeout 2\n"
              "  Non-2xx or 3xx responses: 7\n")
    assert wrk_summary(report) == {"requests": 1000, "socket errors": 5, "non-2xx responses": 7}


def test_every_request_under_load_is_answered(request: pytest.FixtureRequest, tmp_path: Path, artifacts: Path) -> None:
    foldout = Path(request.config.getoption("--foldout"))
    if not foldout.is_file():
        pytest.skip(f"{foldout} not built")
    wrk = shutil.which("wrk")
    assert wrk, "wrk is missing (Tests/browser/run.sh installs it)"
    content = tmp_path / "Content"
    shutil.copytree(REPOSITORY / "Content", content)
    # Beside the browser tests' site, so the build shares its photos' cache (.foldout-cache/images,
    # shared by every output folder in one parent folder) instead of making every variant again.
    output = artifacts / "serve-under-load"
    shutil.rmtree(output, ignore_errors=True)
    for sidecar in (artifacts / ".foldout-cache").glob("serve-under-load*"):
        shutil.rmtree(sidecar) if sidecar.is_dir() else sidecar.unlink()
    with foldout_serve(foldout, content, output) as url:
        paths = ["/index.html", "/pets/index.html", "/courses/index.html", "/assets/style.css"]
        paths += ["/" + str(page.relative_to(output)) for page in sorted((output / "pets").rglob("*.html"))[:5]]
        script = tmp_path / "rotation.lua"
        script.write_text(ROTATION % ", ".join(f'"{path}"' for path in paths))
        run = subprocess.run([wrk, "-t", "2", "-c", "64", "-d", "10s", "-s", str(script), url.rstrip("/")],
                             capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    counts = wrk_summary(run.stdout)
    assert counts["requests"] > 1000, run.stdout
    assert counts["socket errors"] == 0, run.stdout
    assert counts["non-2xx responses"] == 0, run.stdout
