"""The 1.20 supporting block (engine/motion/supporting_block.py, `supporting_block` in engine/core/versions.py):
scenes run at 1.19.4 and 1.20 where the block under the entity's centre and the block its box rests on differ.

The expected values come from the game's code: an item's ground drag is 0.98F × the slipperiness of the block
read (ice 0.98F, anything else 0.6F), a float product widened to double; a TNT's tick is gravity, move (the
velocity multiplier at its end), × 0.98, × 0.7 on the ground; soul sand's velocity multiplier is 0.4F. Blocks
whose collision shape is neither empty nor a full cube are refused at 1.20 (`block_data`), so soul sand and the
honey drag are checked on a 1.16.5 scene with the flag turned on, as `tests/engine/test_versions.py` does.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.analysis.diff import first_difference
from engine.entities.item import Item
from engine.entities.tnt import Tnt
from engine.geometry.box import Box, Vec3
from engine.influences.piston_block_entity import can_move_entity
from engine.motion.supporting_block import find_supporting_block_pos
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import SCENES_DIR, scene_toml

ICE_EDGE = scene_toml(blocks=[{"at": [0, 0, 0], "block": "minecraft:ice"}],
                      entities=[{"type": "minecraft:item", "pos": [0.95, 1.0, 0.5], "motion": [0.1, 0.0, 0.0],
                                 "id": 1, "on_ground": True}])


def _load(text: str, version: str | None = None, flag: bool | None = None) -> Simulation:
    if version is not None:
        text = text.replace('version = "1.20"', f'version = "{version}"') if 'version = "' in text \
            else f'[scene]\nversion = "{version}"\n' + text
    sim = load_scene_text(text, "<supporting block case>")
    if flag is not None:
        sim.features = dataclasses.replace(sim.features, supporting_block=flag)
    return sim


def _run(text: str, version: str | None, ticks: int, flag: bool | None = None) -> Simulation:
    sim = _load(text, version, flag)
    for _ in range(ticks):
        sim.tick()
    return sim


def test_an_item_over_the_edge_of_ice_keeps_the_ice_s_slipperiness_from_1_20() -> None:
    """The item's centre moves past the ice's edge (x 1.05) while its box still rests on the ice: 1.19.4 reads the
    air 1 m under the centre (0.6F), 1.20 the supporting block, the ice (0.98F): 0.1 × 0.6F × 0.98F against
    0.1 × 0.98F × 0.98F."""
    old, new = _run(ICE_EDGE, "1.19.4", 1).entity_by_id(1), _run(ICE_EDGE, "1.20", 1).entity_by_id(1)
    assert old.pos == new.pos == Vec3(1.05, 1.0, 0.5)
    assert old.motion.x == 0.05880000591278076
    assert new.motion.x == 0.09604000449180604
    assert old.supporting_block_pos is None and new.supporting_block_pos == (0, 0, 0)


def test_the_bundled_ice_edge_scene_leaves_the_1_20_item_on_the_stone_below() -> None:
    """scenes/supporting_block_ice_edge.toml: the 1.19.4 item stops with its centre past the edge and its box on
    the ice (y 2); the 1.20 one keeps sliding, falls and rests on the stone (y 1), further east."""
    text = (SCENES_DIR / "supporting_block_ice_edge.toml").read_text()
    old, new = _run(text, "1.19.4", 80).entity_by_id(1), _run(text, None, 80).entity_by_id(1)
    assert old.pos.y == 2.0 and 4.0 < old.pos.x < 4.125 and old.on_ground
    assert new.pos.y == 1.0 and new.pos.x > 4.125 and new.on_ground


def _motions(text: str, version: str | None, ticks: int, ids: tuple[int, ...]) -> list[tuple[Any, ...]]:
    sim = _load(text, version)
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append(tuple((sim.entity_by_id(i).pos, sim.entity_by_id(i).motion) for i in ids))
    return out


def test_an_item_landing_on_the_edge_of_slime_bounces_from_1_20() -> None:
    """scenes/supporting_block_slime_edge.toml: item 1 lands on the slime block's edge with its centre over air,
    item 5 with its centre over the slime (beside stone). 1.19.4: item 1 lands dead (Y × 0 of the air's
    onEntityLand), item 5 bounces; 1.20: both bounce alike, every tick, and item 5 is the same in both releases."""
    text = (SCENES_DIR / "supporting_block_slime_edge.toml").read_text()
    old, new = _motions(text, "1.19.4", 40, (1, 5)), _motions(text, None, 40, (1, 5))
    landing = next(t for t, ((p, _), _) in enumerate(old) if p.y == 2.0)
    assert landing == next(t for t, ((p, _), _) in enumerate(new) if p.y == 2.0) == 12
    assert old[landing][0][1].y == 0.0 and old[landing][1][1].y > 0.3
    assert new[landing][0][1].y == new[landing][1][1].y == old[landing][1][1].y
    assert all((p1.x, p1.y, m1) == (1.1, p5.y, m5) for ((p1, m1), (p5, m5)) in new)
    assert [t[1] for t in old] == [t[1] for t in new]


def test_of_blocks_at_one_distance_the_greatest_by_y_z_x_supports() -> None:
    """An item landing on the shared corner of stone (0,0,0), slime (1,0,0) and slime (0,0,1), the cell under its
    centre (1,0,1) empty: the three block centres lie equally far from (1, 1, 1); `Vec3i.compareTo` orders by y,
    then z, then x, and the greatest wins: (0,0,1), the slime, so it bounces (1.19.4: the air under its centre)."""
    text = scene_toml(scene={"version": "1.20"},
                      blocks=[{"at": [0, 0, 0], "block": "minecraft:stone"},
                              {"at": [1, 0, 0], "block": "minecraft:stone"},
                              {"at": [0, 0, 1], "block": "minecraft:slime_block"}],
                      entities=[{"type": "minecraft:item", "pos": [1.0, 3.0, 1.0], "id": 1}])
    new = _run(text, None, 10).entity_by_id(1)
    assert new.pos == Vec3(1.0, 1.0, 1.0) and new.supporting_block_pos == (0, 0, 1) and new.motion.y > 0.2
    old = _run(text, "1.19.4", 10).entity_by_id(1)
    assert old.pos == Vec3(1.0, 1.0, 1.0) and old.motion.y == 0.0


def _world(cells: list[tuple[int, int, int]]) -> World:
    w = World()
    for c in cells:
        w.set_block_state(*c, blocks.parse_block_state("minecraft:stone"))
    return w


def test_find_supporting_block_pos_keeps_the_nearest_centre() -> None:
    """`CollisionView.findSupportingBlockPos` over the thin box under a TNT's feet (width 0.98): across a seam the
    block under the centre; on the corner of four the greatest (y, z, x); with no block under the box, none."""
    e = Tnt(1, Vec3(0.9, 1.0, 0.5))
    feet = Box(e.box.min_x, 1.0 - 1.0e-6, e.box.min_z, e.box.max_x, 1.0, e.box.max_z)
    assert find_supporting_block_pos(e, _world([(0, 0, 0), (1, 0, 0)]), feet) == (0, 0, 0)
    corner = Tnt(1, Vec3(1.0, 1.0, 1.0))
    feet = Box(corner.box.min_x, 1.0 - 1.0e-6, corner.box.min_z, corner.box.max_x, 1.0, corner.box.max_z)
    four = [(0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1)]
    assert find_supporting_block_pos(corner, _world(four), feet) == (1, 0, 1)
    assert find_supporting_block_pos(corner, _world(four[:3]), feet) == (0, 0, 1)
    assert find_supporting_block_pos(corner, _world([(5, 0, 5)]), feet) is None


SOUL_SAND_EDGE = scene_toml(blocks=[{"at": [0, 0, 0], "block": "minecraft:soul_sand"}],
                            entities=[{"type": "tnt", "pos": [1.3, 0.875, 0.5], "motion": [0.1, 0.0, 0.0],
                                       "on_ground": True, "fuse": 80, "id": 1}])


def test_a_tnt_over_the_edge_of_soul_sand_is_slowed_by_its_supporting_block() -> None:
    """A TNT on soul sand (top 0.875) with its centre over the air beside it: the velocity-affecting position is
    the air's cell (multiplier 1) up to 1.19.4 and, from 1.20, the soul sand under the supporting block's column
    (0.4F): X after one tick 0.1 × 0.98 × 0.7 against 0.1 × 0.4F × 0.98 × 0.7."""
    assert _run(SOUL_SAND_EDGE, None, 1, flag=False).entity_by_id(1).motion.x == 0.0686
    e = _run(SOUL_SAND_EDGE, None, 1, flag=True).entity_by_id(1)
    assert e.motion.x == 0.02744000040888786 and e.supporting_block_pos == (0, 0, 0)


def test_the_honey_drag_carries_an_entity_its_block_supports() -> None:
    """`PistonBlockEntity.canMoveEntity` (1.20): on the ground and supported by the moving block, or with its
    position's x and z in the drag box (both before 1.20)."""
    region = Box(1.0, 1.9375, 1.0, 2.0, 2.5, 2.0)
    e = Item(1, Vec3(2.05, 1.9375, 1.5))
    e.on_ground = True
    assert not can_move_entity(region, e, (1, 1, 1))
    e.supporting_block_pos = (1, 1, 1)
    assert can_move_entity(region, e, (1, 1, 1)) and not can_move_entity(region, e, (1, 1, 2))
    e.on_ground = False
    assert not can_move_entity(region, e, (1, 1, 1))


def test_leaving_the_ground_forgets_the_supporting_block_and_a_1_20_fall_equals_1_19_4() -> None:
    """In the air there is no supporting block (updateSupportingBlockPos with onGround false); a free fall at 1.20
    is 1.19.4's, tick for tick."""
    text = scene_toml(blocks=[{"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}],
                      entities=[{"type": "minecraft:item", "pos": [0.5, 20.0, 0.5], "id": 1}])
    assert _motions(text, "1.20", 30, (1,)) == _motions(text, "1.19.4", 30, (1,))
    sim = _run(text, "1.20", 80)
    e = sim.entity_by_id(1)
    assert e.on_ground and e.supporting_block_pos == (0, 0, 0)
    e.motion = Vec3(0.1, 0.5, 0.0)
    sim.tick()
    assert not e.on_ground and e.supporting_block_pos is None and not e.force_update_supporting_block_pos


def test_the_trace_shows_the_supporting_block_as_a_cell() -> None:
    """Traced, `Entity.move`'s stage `collision_flags` (setOnGround) records the block found as a
    `supporting_block` cell."""
    sim = _load(ICE_EDGE, "1.20")
    sim.trace_enabled = True
    record = sim.tick()
    found = []
    for phase in record.phases:
        for item in phase.items:
            todo = [s.to_json() for s in item.stages]
            while todo:
                s = todo.pop()
                found += [g for g in s.get("geometry", []) if g.get("role") == "supporting_block"]
                todo += s.get("children", [])
    assert found == [{"kind": "cell", "role": "supporting_block", "pos": [0, 0, 0]}]


def test_tickscope_diff_names_the_drag_where_1_19_4_and_1_20_part() -> None:
    """The supporting block is kept inside step 7's stage, so both releases run the same stages: the diff of the
    ice-edge scene stops at tick 50 (the centre past the edge), in the item's drag."""
    line = first_difference(str(SCENES_DIR / "supporting_block_ice_edge.toml"), "1.19.4", "1.20", 60)
    assert (line["tick"], line["entity"], line["stage"], line["fields"]) == (50, 1, "drag", ["motion"])


PLAYER_ICE_EDGE = scene_toml(blocks=[{"at": [0, 0, 0], "block": "minecraft:ice"}],
                             entities=[{"type": "minecraft:player", "pos": [1.1, 1.0, 0.5], "id": 1,
                                        "on_ground": True, "motion": [0.02, -0.0784000015258789, 0.0]}])


def test_a_player_over_the_edge_of_ice_keeps_the_ice_s_slipperiness_from_1_20() -> None:
    """A player whose centre (x 1.1, then 1.12) hangs past the ice's edge, its box (0.6 wide) still on the ice, with
    no keys: `LivingEntity.travel` drags the Motion by the slipperiness at `getVelocityAffectingPos` × 0.91F —
    the air under the centre (0.6F) in 1.19.4, the supporting ice (0.98F) from 1.20 (read in tick 2, after tick 1's
    move found the supporting block)."""
    for version, drag in (("1.19.4", 0.546000063419342), ("1.20", 0.8918000459671021)):
        sim = _load(PLAYER_ICE_EDGE, version)
        sim.tick()
        before = sim.entity_by_id(1).motion.x
        sim.tick()
        p = sim.entity_by_id(1)
        assert p.on_ground and p.motion.x == before * drag, version
    assert p.supporting_block_pos == (0, 0, 0)
