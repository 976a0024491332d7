"""Small sites a test writes itself: the foldout binary under test, and a site built from a
dict of content files (path under Content/ → text)."""

import subprocess
from pathlib import Path

import pytest


def foldout_binary(request: pytest.FixtureRequest) -> Path:
    """The binary given by --foldout (or FOLDOUT); the test is skipped without one."""
    foldout = Path(request.config.getoption("--foldout")).resolve()
    if not foldout.is_file():
        pytest.skip(f"no foldout binary at {foldout} (--foldout or FOLDOUT)")
    return foldout


def build_files(foldout: Path, root: Path, files: dict[str, str]) -> Path:
    """Writes FILES under ROOT/Content, builds them into ROOT/Output and returns that folder;
    a build that fails fails the test with Foldout's messages."""
    for name, text in files.items():
        path = root / "Content" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return build_content(foldout, root)


def build_content(foldout: Path, root: Path) -> Path:
    """Builds ROOT/Content into ROOT/Output (exit 0 asserted) and returns that folder."""
    done = subprocess.run([str(foldout), "build", "--content", str(root / "Content"), "--output", str(root / "Output"), "--quiet"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "Output"
