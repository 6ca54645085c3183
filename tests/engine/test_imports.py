"""Each engine module can be the first one a program imports: no import cycle depends on the order (importing
`engine.schematics` or `engine.motion.move` first used to fail half-way through the entity modules)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["engine.schematics", "engine.motion.move", "engine.living.travel",
                                    "engine.influences.piston_block_entity", "engine.living.player"])
def test_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1]
