"""The new user's first hour, replayed (bench/first_hour.py): init, ten pets of
their own, build, serve, then each mistake people make, each reported at its line and
column with a suggestion, with the right exit status with and without --strict, and
Output/ left as it was by a failed build. The script checks all of it; this runs it with
the binary under test and fails with the script's list of failed checks. No browser.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent.parent


def test_the_first_hour_names_every_mistake_at_its_line(request, tmp_path):
    foldout = Path(request.config.getoption("--foldout")).resolve()
    if not foldout.is_file():
        pytest.skip(f"no foldout binary at {foldout} (--foldout or FOLDOUT)")
    transcript = tmp_path / "transcript.txt"
    done = subprocess.run([sys.executable, str(REPOSITORY / "bench" / "first_hour.py"), "--foldout", str(foldout),
                           "--transcript", str(transcript)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr + "\n--- transcript ---\n" + transcript.read_text()[-4000:]
    # The checks ran, and the transcript holds what a user would have read.
    assert "checks, 0 failed" in transcript.read_text()
