"""The tests' own Python environment: isolated, and holding every package the tests import.

run.sh runs pytest in .venv/tests, made by scripts/python-env.sh from requirements.txt
alone. A package a test imports but the file forgets must fail here, on this machine, and
not only on the next fresh one: so the environment must not see the machine's packages, and
every module the tests (and the bench helpers they borrow) import, at the top of a file or
inside a function, must be found in it.
"""

from __future__ import annotations

import ast
import importlib.util
import site
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
# The fault-injection tests (make fault-tests) run in this environment too.
FAULTS = REPOSITORY / "Tests" / "faults"
# Folders whose modules the tests import by putting them on sys.path.
LOCAL_FOLDERS = [HERE, FAULTS, REPOSITORY / "bench", REPOSITORY / "bench" / "photos"]


def imported_modules(path: Path) -> set[str]:
    """The top-level names of every absolute import in a file, wherever it stands."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def local_module(name: str) -> Path | None:
    for folder in LOCAL_FOLDERS:
        if (folder / f"{name}.py").is_file():
            return folder / f"{name}.py"
    return None


def third_party_imports() -> dict[str, list[str]]:
    """Each module outside the standard library and this repository, with the files naming it;
    local modules are followed, so gen_photos' numpy counts."""
    found: dict[str, list[str]] = {}
    pending = sorted(HERE.glob("*.py")) + sorted(FAULTS.glob("*.py"))
    seen: set[Path] = set()
    while pending:
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in imported_modules(path):
            if name == "__future__" or name in sys.stdlib_module_names:
                continue
            if (local := local_module(name)) is not None:
                pending.append(local)
                continue
            found.setdefault(name, []).append(str(path.relative_to(REPOSITORY)))
    return found


def test_environment_sees_none_of_the_machines_packages() -> None:
    assert sys.prefix != sys.base_prefix, (
        f"pytest runs in {sys.prefix}, not in a virtual environment: run Tests/browser/run.sh, "
        "which makes .venv/tests from requirements.txt")
    machine_folders = {Path(folder).resolve() for folder in site.getsitepackages([sys.base_prefix])}
    leaking = [folder for folder in sys.path if folder and Path(folder).resolve() in machine_folders]
    assert not leaking, f"the environment also sees the machine's packages in {leaking}"


def test_every_imported_package_is_installed_from_the_requirements() -> None:
    imports = third_party_imports()
    # The guard against a scan that finds nothing: the tests drive Chromium through selenium,
    # and the fault tests draw photos with Pillow.
    assert "selenium" in imports
    assert any(file.startswith("Tests/faults/") for file in imports.get("PIL", [])), imports.get("PIL")
    missing = {name: files for name, files in imports.items() if importlib.util.find_spec(name) is None}
    assert not missing, f"imported but not in Tests/browser/requirements.txt: {missing}"
