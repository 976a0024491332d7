"""The example content as the tests read it, to derive what the built pages must show."""

from __future__ import annotations

from pathlib import Path

import yaml


def front_matter(path: Path) -> dict:
    """The YAML between a Markdown file's `---` lines; {} for a file without any."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---"):
        return {}
    end = text.find("\n---", 3)
    return (yaml.safe_load(text[3:end]) if end != -1 else None) or {}
