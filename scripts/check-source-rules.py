#!/usr/bin/env python3
"""The house rules that swift-format cannot keep, checked over the package (`make lint`).

- `public` only in the targets of the library product that bench/profile builds against
  (read from Package.swift's products); everything else is `package` at most.
- No Swift file under Sources/ over 500 lines.
- No `import` of one of the package's targets, or of a product it depends on, that the
  importing target does not declare as a dependency in Package.swift.

Each rule names file and line. A file or target still allowed to break a rule is in
EXCEPTIONS below, with why; an exception that no longer breaks its rule fails the check too,
so the list only shrinks.

Usage: scripts/check-source-rules.py [PACKAGE_ROOT] (default: the folder above scripts/).
"""

import json
import os
import re
import subprocess
import sys

MAX_LINES = 500

# Allowed to break a rule for now, each with what lifts it. Remove an entry when its file or
# target keeps the rule (the check says so).
EXCEPTIONS = {
    "public": set(),
    "long file": set(),
}

# A declaration whose access is `public` or `open`: attributes and modifiers may come first.
PUBLIC_DECLARATION = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:nonisolated|final|override|static|class|convenience|required|indirect|mutating|dynamic|lazy)\s+)*"
    r"(public(?=[\s(])|open(?=\s+(?:class|func|var|subscript|override)\b))"
)
# `import X`, `@testable import X`, `import struct X.Y`, `package import X`, ...
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)


def code_lines(path):
    """(number, line) for each line outside block comments and multi-line strings, with
    `//` comments left in: the patterns above only match where code starts a line."""
    in_block_comment = False
    in_multiline_string = False
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            stripped = line.strip()
            if in_block_comment:
                if "*/" in stripped:
                    in_block_comment = False
                continue
            if in_multiline_string:
                if stripped.startswith('"""'):
                    in_multiline_string = False
                continue
            if stripped.startswith("/*") and "*/" not in stripped:
                in_block_comment = True
                continue
            if stripped.count('"""') % 2 == 1:
                in_multiline_string = True
            if stripped.startswith("//"):
                continue
            yield number, line


def package_description(root):
    output = subprocess.run(
        ["swift", "package", "--package-path", root, "dump-package"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output)


def target_folder(target):
    if target.get("path"):
        return target["path"]
    parent = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")
    return os.path.join(parent, target["name"])


def swift_files(root, folder):
    for directory, _, names in os.walk(os.path.join(root, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def declared_modules(target):
    """The modules a target may import: the targets and products it depends on."""
    modules = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                modules.add(dependency[kind][0])
    return modules


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    package = package_description(root)
    targets = [t for t in package["targets"] if t["type"] != "system"]
    local_modules = {t["name"] for t in package["targets"]}
    product_modules = {
        d["product"][0] for t in package["targets"] for d in t["dependencies"] if "product" in d
    }
    public_targets = {name for p in package["products"] if "library" in p["type"] for name in p["targets"]}
    problems = []
    used_exceptions = {rule: set() for rule in EXCEPTIONS}

    def report(path, line, message, hint):
        problems.append(f"{os.path.relpath(path, root)}:{line}: {message} ({hint})")

    for target in targets:
        allowed_imports = declared_modules(target) | {target["name"]}
        for path in swift_files(root, target_folder(target)):
            relative = os.path.relpath(path, root)
            lines = list(code_lines(path))
            with open(path, encoding="utf-8") as file:
                count = sum(1 for _ in file)
            if relative.startswith("Sources/") and count > MAX_LINES:
                if relative in EXCEPTIONS["long file"]:
                    used_exceptions["long file"].add(relative)
                else:
                    report(path, MAX_LINES + 1, f"{count} lines, over {MAX_LINES}",
                           "split it by concern, one main type per file")
            for number, line in lines:
                public = PUBLIC_DECLARATION.match(line)
                if public and target["name"] not in public_targets:
                    if target["name"] in EXCEPTIONS["public"]:
                        used_exceptions["public"].add(target["name"])
                    else:
                        report(path, number, f"`{public.group(1)}` in {target['name']}",
                               "use `package`: only " + ", ".join(sorted(public_targets))
                               + " (the library product) declare `public`")
                imported = IMPORT.match(line)
                if imported:
                    module = imported.group(1)
                    if module in (local_modules | product_modules) and module not in allowed_imports:
                        report(path, number, f"imports {module}, which {target['name']} does not declare",
                               f"add \"{module}\" to {target['name']}'s dependencies in Package.swift, or drop the import")

    for rule, names in EXCEPTIONS.items():
        for name in sorted(names - used_exceptions[rule]):
            problems.append(f"scripts/check-source-rules.py: {name} keeps the {rule} rule now "
                            f"(remove it from EXCEPTIONS[\"{rule}\"])")

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} broken source rule(s); see CONTRIBUTING.md, House rules", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
