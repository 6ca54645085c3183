"""The README's scene example is a working scene (the documentation cannot drift from the loader)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.tick.scene import load_scene_text

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_scene_example_loads_and_runs() -> None:
    """Every table of the README's TOML example is accepted, and 20 ticks run."""
    block = re.search(r"```toml\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)
    sim = load_scene_text(block, "README.md")
    kinds = {e.TYPE for e in sim.entities}
    assert {"minecraft:tnt", "minecraft:falling_block", "minecraft:ender_pearl", "minecraft:fireball"} <= kinds
    assert {a.kind for a in sim.actions} == {"set_block"}
    for _ in range(20):
        sim.tick()
    assert sim.tick_count == 20
