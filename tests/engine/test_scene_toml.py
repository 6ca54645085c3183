"""The scene writer's TOML (`scene_toml`): each array of plain values on one line (`pos = [x, y, z]`, not a number a
line), and the text reads back to exactly the document written (floats bit-equal). That a written scene runs as the
original: test_scene_writer.py (every bundled scene, saved at several ticks)."""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path

import pytest

from engine.tick.scene import load_scene
from engine.tick.scene_writer import ARRAY_LINE, scene_document, scene_toml
from tests.conftest import SCENES_DIR

SCENES = sorted(SCENES_DIR.glob("*.toml"))


@pytest.mark.parametrize("scene", SCENES, ids=lambda p: p.stem)
def test_every_bundled_scene_is_written_with_one_line_arrays_that_read_back_exactly(scene: Path) -> None:
    sim = load_scene(scene)
    for _ in range(7):
        sim.tick()
    document = scene_document(sim)
    text = scene_toml(document)
    assert tomllib.loads(text) == document
    positions = re.findall(r"^pos = (.*)$", text, re.MULTILINE)
    assert all(re.fullmatch(r"\[[^\[\]]+\]", p) and p.count(",") == 2 for p in positions), positions


def test_arrays_on_one_line_keep_strings_floats_and_nesting() -> None:
    document = {"entities": [{"pos": [0.1, 1e-300, -0.0], "motion": [math.inf, -math.inf, 2.0 ** -1074],
                              "items": ["minecraft:oak_door[half=upper]", 'a "quoted", [bracket]'],
                              "box": [[0.30000000000000004, 1.0, 0.5], [1.5, 2.5, 3.5]], "empty": [], "on": [True]}],
                "long": list(range(100))}
    text = scene_toml(document)
    assert tomllib.loads(text) == document
    assert "pos = [0.1, 1e-300, -0.0]\n" in text and "motion = [inf, -inf, 5e-324]\n" in text
    assert 'items = ["minecraft:oak_door[half=upper]", "a \\"quoted\\", [bracket]"]\n' in text
    assert "box = [[0.30000000000000004, 1.0, 0.5], [1.5, 2.5, 3.5]]\n" in text and "on = [true]\n" in text
    assert "long = [\n    0,\n    1,\n" in text          # longer than a line: one item a line, as before
    assert all(len(line) <= ARRAY_LINE for line in text.splitlines())
