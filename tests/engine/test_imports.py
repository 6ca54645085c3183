"""Each engine module can be the first one a program imports: no import cycle depends on the order (importing
`engine.schematics` or `engine.motion.move` first used to fail half-way through the entity modules)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["engine.schematics", "engine.motion.move", "engine.living.travel",
                                    "engine.influences.piston_block_entity", "engine.entities.player"])
def test_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1]


GROUND_FLOOR = ("engine.core", "engine.java", "engine.constants", "engine.geometry")


def engine_imports(path: Path) -> set[str]:
    """Every engine module a source file names in an import, wherever the import stands."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name for name in names if name == "engine" or name.startswith("engine.")}


def test_the_ground_floor_imports_nothing_above_it() -> None:
    """engine/core is imported by every floor, so it imports only the other ground-floor modules."""
    for path in (ROOT / "engine" / "core").glob("*.py"):
        above = {name for name in engine_imports(path) if not name.startswith(GROUND_FLOOR)}
        assert above == set(), f"{path.name} imports {sorted(above)}"
