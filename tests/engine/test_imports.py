"""The engine's floors: each module can be the first one a program imports (no import cycle depends on the
order), and each floor imports only the floors below it (docs/architecture.md, "Floors")."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Each name imported first in a child forked from one interpreter that has loaded only numpy (the engine's
# heaviest library), so no engine module is loaded before it; prints {module: "" or the error}.
FIRST_IMPORTS = """
import importlib, json, os, sys
import numpy

def first_import(name):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            importlib.import_module(name)
            error = ""
        except BaseException as err:
            error = f"{type(err).__name__}: {err}"
        os.write(w, error.encode())
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        error = f.read().decode()
    os.waitpid(pid, 0)
    return error

print(json.dumps({name: first_import(name) for name in sys.argv[1:]}))
"""


def engine_modules() -> list[str]:
    """Every module of the engine package, found by walking its folders (nothing is imported to find them)."""
    names = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = engine_modules()


@pytest.fixture(scope="module")
def first_imports() -> dict[str, str]:
    done = subprocess.run([sys.executable, "-c", FIRST_IMPORTS, *MODULES], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_first_in_a_fresh_interpreter(module: str, first_imports: dict[str, str]) -> None:
    assert first_imports[module] == ""


def test_the_walk_finds_the_floors() -> None:
    assert {"engine", "engine.core.trace", "engine.entities.entity", "engine.living.player",
            "engine.tick.simulation"} <= set(MODULES)


def engine_imports(path: Path) -> set[str]:
    """Every engine module a source file names in an import, wherever the import stands."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name for name in names if name == "engine" or name.startswith("engine.")}


GROUND_FLOOR = ("engine.core", "engine.java", "engine.constants", "engine.geometry")
ABOVE_THE_ENTITIES = ("engine.tick", "engine.analysis", "engine.schematics")
ABOVE_THE_BASE = ("engine.living", "engine.pathfinding", *ABOVE_THE_ENTITIES)


def test_the_ground_floor_imports_nothing_above_it() -> None:
    """engine/core is imported by every floor, so it imports only the other ground-floor modules."""
    for path in (ROOT / "engine" / "core").glob("*.py"):
        above = {name for name in engine_imports(path) if not name.startswith(GROUND_FLOOR)}
        assert above == set(), f"{path.name} imports {sorted(above)}"


@pytest.mark.parametrize(("folder", "above"), [
    ("world", ABOVE_THE_BASE), ("motion", ABOVE_THE_BASE), ("entities", ABOVE_THE_BASE),
    ("living", ABOVE_THE_ENTITIES), ("influences", ABOVE_THE_ENTITIES), ("pathfinding", ABOVE_THE_ENTITIES)])
def test_a_floor_imports_nothing_above_it(folder: str, above: tuple[str, ...]) -> None:
    """The entity hierarchy reads one way: `Entity` and the kinds without a living body in engine/entities,
    `LivingEntity`, players and mobs in engine/living above them; neither knows the simulation that runs it."""
    for path in (ROOT / "engine" / folder).glob("*.py"):
        wrong = {name for name in engine_imports(path) if name.startswith(above)}
        assert wrong == set(), f"engine/{folder}/{path.name} imports {sorted(wrong)}"


def test_the_simulation_asks_a_kind_what_it_supports() -> None:
    """`Simulation` tests no entity class (`type(e) is Tnt`, `isinstance(e, PlayerEntity)`): a kind declares
    `batch` (its compiled loop over rows) and `is_player` (the players phase)."""
    tree = ast.parse((ROOT / "engine" / "tick" / "simulation.py").read_text(encoding="utf-8"))
    calls = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert "isinstance" not in calls
    kinds = {name for name in engine_imports(ROOT / "engine" / "tick" / "simulation.py")
             if name.startswith(("engine.entities.", "engine.living."))}
    # the base, `spawn_dropped`, and the rows' batch protocol (a kind's loop runs behind `Entity.batch`)
    assert kinds == {"engine.entities.entity", "engine.entities.item", "engine.entities.rows"}
