"""`foldout serve` started on a free port of 127.0.0.1 for a test, and stopped after it."""

from __future__ import annotations

import contextlib
import re
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def foldout_serve(foldout: Path, content: Path, output: Path) -> Iterator[str]:
    """Yields the base URL (ending in /) once the server has built the site and listens."""
    process = subprocess.Popen([str(foldout), "serve", "--content", str(content), "--output", str(output),
                                "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in process.stdout:
            found = re.search(r"serving .* at (http://\S+) ", line)
            if found:
                url.append(found.group(1))
                ready.set()
    threading.Thread(target=read, daemon=True).start()
    try:
        # The first build makes every photo's variants: minutes for a debug binary on a busy
        # machine. Waiting returns as soon as the server says where it listens.
        assert ready.wait(600), "foldout serve did not start within ten minutes"
        yield url[0]
    finally:
        process.terminate()
        try:
            process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
