"""Explosion sources other than TNT (spec 04 §15.1): creepers, end crystals, beds, respawn anchors, the wither's
spawn explosion; destruction types and fire; the ledger's source names; bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.tick.scene import SceneError, load_scene, load_scene_text
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import build_scene, explosions
from tests.scene_parts import action, cell, entity, floor

FLOOR = floor(8)


def test_creeper_then_end_crystal_beside_tnt_scene() -> None:
    """The creeper's fuse ends at tick 30 (power 3, DESTROY, the TNT block primed); the attacked crystal
    explodes with power 6 and no source entity at tick 33 and pushes the primed TNT away from it (−X)."""
    sim = load_scene(SCENES / "creeper_crystal_beside_tnt.toml")
    found = explosions(sim, 34)
    assert [(t, ev["source_type"], ev["power"], ev["mode"]) for t, ev in found] == [
        (30, "minecraft:creeper", 3.0, "destroy"), (33, "minecraft:end_crystal", 6.0, "destroy")]
    assert found[0][1]["blocks_destroyed"] == 1 and found[1][1]["source"] is None
    tnt = next(e for e in sim.entities if e.TYPE == "minecraft:tnt")
    assert any(row["id"] == tnt.id and row["impulse"][0] < 0.0 for row in found[1][1]["affected"])


def test_charged_creeper_has_power_6() -> None:
    sim = build_scene(blocks=[FLOOR], entities=[entity("creeper", (0.5, 1, 0.5), ignited=True, powered=True, fuse=5)])
    assert [(t, ev["power"]) for t, ev in explosions(sim, 10)] == [(5, 6.0)]


def test_a_creeper_that_is_not_ignited_never_explodes() -> None:
    sim = build_scene(blocks=[FLOOR], entities=[entity("creeper", (0.5, 1, 0.5), no_ai=True)])
    assert explosions(sim, 40) == []


def test_stacked_end_crystals_merge_into_one_explosion() -> None:
    """Spec 04 §15.3: since JE 1.12 a crystal destroyed by an explosion is removed without exploding."""
    sim = build_scene(blocks=[FLOOR], entities=[entity("end_crystal", (0.5, 1, 0.5))] * 3,
                      actions=[action(1, "attack", entity=1)])
    found = explosions(sim, 3)
    assert len(found) == 1 and found[0][1]["power"] == 6.0
    assert not sim.entities


def test_bed_in_the_nether_removes_both_halves_and_explodes_at_the_head_with_fire() -> None:
    sim = build_scene(scene={"ultrawarm": True, "seed": 3},
                      blocks=[FLOOR, cell((0, 1, 0), "minecraft:red_bed[facing=south,part=foot]"),
                              cell((0, 1, 1), "minecraft:red_bed[facing=south,part=head]")],
                      actions=[action(1, "use_bed", at=[0, 1, 0])])
    (tick, ev), = explosions(sim, 1)
    assert ev["center"] == [0.5, 1.5, 1.5] and ev["power"] == 5.0 and ev["fire"] and ev["mode"] == "destroy"
    assert ev["source_type"] == "minecraft:red_bed"
    world = sim.world
    assert world.get_block_state(0, 1, 0).is_air and world.get_block_state(0, 1, 1).is_air
    fires = sum(world.get_block_state(x, 1, z).block == "fire" for x in range(-8, 9) for z in range(-8, 9))
    assert fires > 0                       # a third of the affected air cells above stone, on average


def test_respawn_anchor_needs_a_charge_and_explodes_only_outside_the_nether() -> None:
    anchor = [FLOOR, cell((0, 1, 0), "minecraft:respawn_anchor")]
    use = action(2, "use_anchor", at=[0, 1, 0])
    charge = action(1, "charge_anchor", at=[0, 1, 0])
    assert explosions(build_scene(blocks=anchor, actions=[use]), 3) == []
    sim = build_scene(blocks=anchor, actions=[charge, use])
    (tick, ev), = explosions(sim, 3)
    assert (tick, ev["center"], ev["power"], ev["source_type"]) == (2, [0.5, 1.5, 0.5], 5.0,
                                                                    "minecraft:respawn_anchor")
    nether = build_scene(scene={"ultrawarm": True}, blocks=anchor, actions=[charge, use])
    assert explosions(nether, 3) == []
    assert nether.world.get_block_state(0, 1, 0).get("charges") == "1"


def test_wither_spawn_explosion_is_power_7_at_the_eye() -> None:
    sim = build_scene(blocks=[FLOOR], entities=[entity("tnt", (3.5, 1, 0.5), fuse=50)],
                      actions=[action(1, "wither_spawn_explosion", pos=[0.5, 1.0, 0.5])])
    (tick, ev), = explosions(sim, 1)
    # the wither's eye: 0.85 × its 3.5F height, as a float (2.9750001F)
    assert ev["center"] == [0.5, 1.0 + 2.9750001430511475, 0.5] and ev["power"] == 7.0
    assert ev["source_type"] == "minecraft:wither" and not ev["fire"]
    assert ev["affected"][0]["id"] == 1 and ev["blocks_destroyed"] > 0


def test_tnt_explosions_still_break_and_name_their_source() -> None:
    sim = build_scene(blocks=[FLOOR], entities=[entity("tnt", (0.5, 1, 0.5), fuse=1)])
    (tick, ev), = explosions(sim, 1)
    assert (ev["source_type"], ev["mode"], ev["fire"]) == ("minecraft:tnt", "break", False)


@pytest.mark.parametrize(("action", "message"), [
    ('do = "use_bed"\nat = [0, 1, 0]', r"actions\[0\]\.at: no bed at \[0, 1, 0\]"),
    ('do = "use_anchor"\nat = [0, 1, 0]', r"actions\[0\]\.at: no respawn_anchor at"),
    ('do = "attack"\nentity = 9', r"actions\[0\]\.entity: expected the id of a declared end crystal, minecart or boat"),
    ('do = "boat_inputs"\nentity = 9\nforward = true', r"actions\[0\]\.do: "),
    ('do = "wither_spawn_explosion"', r"actions\[0\]\.pos: missing"),
])
def test_bad_source_actions_are_one_line(action: str, message: str) -> None:
    with pytest.raises(SceneError, match=message):
        load_scene_text(f"[[actions]]\ntick = 1\n{action}\n", "bad")


def test_readme_vehicles_example_loads_and_runs() -> None:
    """The README's "Vehicles and explosion sources" example is a working scene: the crystal explodes at 20."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Vehicles and explosion sources"):]
    block = re.search(r"```toml\n(.*?)```", section, re.S).group(1)
    sim = load_scene_text(block, "README.md")
    found = explosions(sim, 20)
    assert [(t, ev["source_type"]) for t, ev in found] == [(20, "minecraft:end_crystal")]
    assert sim.entity_by_id(2).yaw < 0.0                       # the boat turned left from tick 10
