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


def test_the_readme_s_short_account_of_the_versions_is_the_table_s() -> None:
    """The README's "In short" sentence on what each release simulates names exactly the table's refused cells:
    the wind charge before 1.21 and five cells of 1.21.5, 1.21.6 and 1.21.9 in 1.12.2, 1.13.2 and 1.14-1.21.11; the
    look vector and the fall distance alone in 1.11-1.12.1 and 1.13-1.13.1."""
    from engine.core.versions import MECHANICS, RELEASES, refusing, version_text

    unread = {(1, 11, 0), (1, 11, 1), (1, 11, 2), (1, 12, 0), (1, 12, 1), (1, 13, 0), (1, 13, 1)}
    refused = {(version_text(v), m) for v in RELEASES if v not in unread for m in MECHANICS if refusing(v, m)}
    assert refused == {(version_text(v), "wind_charge") for v in RELEASES if v not in unread and v < (1, 21, 0)} | {
        ("1.21.5", "block_effects"), ("1.21.5", "player"), ("1.21.6", "block_effects"),
        ("1.21.9", "block_effects"), ("1.21.9", "arrow")}
    for v in unread:
        assert {m for m in MECHANICS if not refusing(v, m)} == {"look_vector", "fall_distance"}
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert ("In short, every mechanic of the table is simulated in 1.12.2, 1.13.2 and 1.14 to 1.21.11 but wind "
            "charges before 1.21, 1.21.5's block-collision check and players, 1.21.6's block-collision check and "
            "1.21.9's block-collision check and arrows; 1.11-1.12.1 and 1.13-1.13.1 simulate the "
            "look vector and the fall distance alone.") in text
