"""The viewer reads the engine through its public surface only: `engine/__init__.py`'s `__all__`, each name
imported on first use, so `import engine` loads nothing (the viewer's launch time)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import engine

REPO = Path(__file__).resolve().parents[2]


def engine_imports_of_the_viewer() -> list[tuple[str, int, str, list[str]]]:
    """(file, line, module, names) of every import of the engine in viewer/, wherever it stands."""
    found = []
    for path in sorted((REPO / "viewer").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "engine":
                found.append((path.name, node.lineno, node.module, [alias.name for alias in node.names]))
            elif isinstance(node, ast.Import):
                found.extend((path.name, node.lineno, alias.name, []) for alias in node.names
                             if alias.name.split(".")[0] == "engine")
    return found


def test_the_viewer_imports_only_the_engine_package() -> None:
    found = engine_imports_of_the_viewer()
    assert len(found) > 20
    assert [(f, line, module) for f, line, module, _ in found if module != "engine"] == []


def test_every_name_the_viewer_imports_is_public() -> None:
    """Also the names imported inside functions, which a test run may never reach."""
    for f, line, _, names in engine_imports_of_the_viewer():
        assert set(names) <= set(engine.__all__), f"{f}:{line} imports {sorted(set(names) - set(engine.__all__))}"


def test_every_public_name_resolves() -> None:
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name


def test_import_engine_loads_nothing_below_it() -> None:
    code = "import sys, engine; print(sorted(m for m in sys.modules if m.startswith('engine.') or m == 'numpy'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr
