"""JSON-LD checked against the schema.org vocabulary, as functions that return what went wrong.

The vocabulary is the part of a schema.org release Foldout uses,
Tests/fixtures/schemaorg/vocabulary.json (made by extract.py there): types with their
supertypes, properties with the types they are allowed on (domainIncludes) and the types
their values may have (rangeIncludes). The same rules as the Swift tests'
(Tests/FoldoutTestSupport/SchemaVocabulary.swift): every node's @type is a schema.org type,
every property is allowed on it or a supertype, every value is of a type among the
property's ranges (a string is Text; also a URL when it reads as an address, a Duration in
ISO 8601 and a Date as `2026-05-01`; an address may also stand for any node, as JSON-LD's
reference by @id; true and false are Boolean).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

VOCABULARY = Path(__file__).resolve().parent.parent / "fixtures" / "schemaorg" / "vocabulary.json"
_ISO_DURATION = re.compile(r"^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?"
                           r"(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$")


@lru_cache(maxsize=None)
def vocabulary() -> dict:
    return json.loads(VOCABULARY.read_text(encoding="utf-8"))


def is_a(kind: str, ancestor: str) -> bool:
    types = vocabulary()["types"]
    queue, seen = [kind], set()
    while queue:
        name = queue.pop()
        if name == ancestor:
            return True
        if name not in seen:
            seen.add(name)
            queue += types.get(name, {}).get("supertypes", [])
    return False


def is_duration(text: str) -> bool:
    return bool(_ISO_DURATION.match(text))


def is_date(text: str) -> bool:
    return bool(re.fullmatch(r"\d{4}-\d{2}-\d{2}", text))


def _is_address(text: str) -> bool:
    if " " in text:
        return False
    if text.startswith(("https://", "http://")):
        return True
    return ":" not in text and (".html" in text or "/" in text)


def node_failures(node: dict, where: str = "") -> list[str]:
    types, properties = vocabulary()["types"], vocabulary()["properties"]
    kind = node.get("@type")
    if not isinstance(kind, str):
        return [f"{where}: a node without @type"]
    if kind not in types:
        return [f"{where}: @type {kind} is not a schema.org type (or not in the vocabulary fixture)"]
    failures = []
    for name, value in node.items():
        if name.startswith("@"):
            continue
        at = f"{where}/{name}"
        if name not in properties:
            failures.append(f"{at}: {name} is not a schema.org property (or not in the vocabulary fixture)")
            continue
        domains, ranges = properties[name]["domainIncludes"], properties[name]["rangeIncludes"]
        if not any(is_a(kind, domain) for domain in domains):
            failures.append(f"{at}: {name} is not a property of {kind}")
        for element in value if isinstance(value, list) else [value]:
            if isinstance(element, dict):
                failures += node_failures(element, at)
                inner = element.get("@type")
                if isinstance(inner, str) and inner in types and not any(is_a(inner, r) for r in ranges):
                    failures.append(f"{at}: {name} does not take a {inner}")
            elif isinstance(element, str):
                candidates = (["Text"] + (["URL"] if _is_address(element) else []) + (["Duration"] if is_duration(element) else [])
                              + (["Date"] if is_date(element) else []))
                reference = _is_address(element) and any(is_a(r, "Thing") for r in ranges)
                if not any(is_a(c, r) for c in candidates for r in ranges) and not reference:
                    failures.append(f"{at}: {name} does not take the text {element!r}")
            elif isinstance(element, bool):
                if not any(is_a("Boolean", r) for r in ranges):
                    failures.append(f"{at}: {name} does not take true or false")
            elif isinstance(element, (int, float)):
                candidate = "Integer" if float(element).is_integer() else "Number"
                if not any(is_a(candidate, r) for r in ranges):
                    failures.append(f"{at}: {name} does not take the number {element}")
            else:
                failures.append(f"{at}: {name} has a value of no schema.org type: {element!r}")
    return failures


def document_failures(document, where: str = "") -> list[str]:
    """What is wrong with one decoded JSON-LD document."""
    if not isinstance(document, dict):
        return [f"{where}: the document is not a JSON object"]
    failures = [] if document.get("@context") == "https://schema.org" else [f"{where}: @context is not https://schema.org"]
    nodes = document.get("@graph", [document])
    for index, node in enumerate(nodes):
        failures += node_failures(node, f"{where}#{index}") if isinstance(node, dict) else [f"{where}#{index}: not an object"]
    return failures


def nodes(document: dict) -> list[dict]:
    return document.get("@graph", [document]) if isinstance(document, dict) else []
