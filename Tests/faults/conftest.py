"""Options and shared fixtures of the fault-injection suite.

FOLDOUT (or --foldout): the binary under test (default .build/release/foldout).
FAULTS_SCALE (or --scale): `short` (make test: 300 items, 8 kills, 40 photos: every fault kind, kept small) or
`full` (make faults: 10,000 items, 50 kills, Hugo beside it).
FAULTS_SEED: the seed of every random choice (default 29), so a run can be repeated.
FAULTS_FIGURES: where the figures go as JSON (default: printed only).
"""
import json
import os
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faultkit  # noqa: E402

SCALES = {
    "short": {"items": 300, "kills": 8, "named_items": 300, "concurrent_rounds": [3], "photo_size": (800, 600),
              "photo_items": 40, "corrupt_modes": ["flip"], "disk_margins": [0.3],
              "hugo_kills": 0},
    "full": {"items": 10000, "kills": 50, "named_items": 1000, "concurrent_rounds": [2, 3, 2, 3, 2, 3],
             "photo_size": (1200, 800),
             "photo_items": 300, "corrupt_modes": ["truncate", "empty", "zero", "flip"],
             "disk_margins": [0.05, 0.3, 0.6, 0.9], "hugo_kills": 20},
}


def pytest_addoption(parser):
    parser.addoption("--foldout", default=os.environ.get("FOLDOUT", os.path.join(faultkit.REPO, ".build/release/foldout")))
    parser.addoption("--scale", default=os.environ.get("FAULTS_SCALE", "short"), choices=sorted(SCALES))
    parser.addoption("--seed", type=int, default=int(os.environ.get("FAULTS_SEED", "29")))
    parser.addoption("--figures", default=os.environ.get("FAULTS_FIGURES"))


FIGURES = {}


@pytest.fixture(scope="session")
def foldout(pytestconfig):
    path = os.path.abspath(pytestconfig.getoption("foldout"))
    assert os.access(path, os.X_OK), f"no foldout binary at {path} (make release, or FOLDOUT=...)"
    FIGURES["binary"] = path
    return path


@pytest.fixture(scope="session")
def scale(pytestconfig):
    name = pytestconfig.getoption("scale")
    FIGURES["scale"] = name
    return dict(SCALES[name], name=name)


@pytest.fixture(scope="session")
def seed(pytestconfig):
    FIGURES["seed"] = pytestconfig.getoption("seed")
    return pytestconfig.getoption("seed")


@pytest.fixture(scope="session")
def work():
    """A fresh folder for every generated site, deleted at the end. As root it is a tmpfs:
    creating and deleting tens of thousands of files on the disk is slow, and slower after
    mass deletes; a killed process leaves the same files on either."""
    root = tempfile.mkdtemp(prefix="foldout-faults-")
    mounted = faultkit.is_root() and faultkit.mount_tmpfs(root, "6g") is None
    yield root
    if mounted:
        faultkit.unmount(root)
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def contents(foldout, work, seed):
    """`contents(items)`: the contents A, B and C of that many items with their clean builds
    and the template site (faultkit.Contents), made once per size for the whole run. The
    kill and full-disk tests start every trial from copies of them and never change them;
    making them is four builds and a corpus, a fair part of the short run."""
    made = {}

    def of(items):
        if items not in made:
            made[items] = faultkit.Contents(foldout, os.path.join(work, f"contents-{items}"), items, seed)
            made[items].template(foldout)
        return made[items]
    return of


@pytest.fixture(scope="session")
def figures():
    return FIGURES


def pytest_sessionfinish(session, exitstatus):
    if not FIGURES:
        return
    path = session.config.getoption("figures")
    if path:
        with open(path, "w") as f:
            json.dump(FIGURES, f, indent=2, sort_keys=True)


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.section("fault-injection figures")
        terminalreporter.write_line(json.dumps(FIGURES, indent=2, sort_keys=True))
