"""engine.tick.simulation: tick phases, entity update order, spawning and removal, scheduled actions, and the
entity-section lookup of `World.get_entities` (spec 01 §5.2, §7)."""

from __future__ import annotations

import json
import math

import numpy as np

from engine.entities.entity import Entity
from engine.geometry.box import Box, Vec3

STONE_FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}
TNT_VY = float(np.float32(0.2))          # 0.2F of TntEntity's constructor


class GhastSized(Entity):
    """An entity as large as a ghast (4 × 4 m): its box reaches 4 m above its position."""

    TYPE = "test:ghast_sized"
    WIDTH = 4.0
    HEIGHT = 4.0


def entity_phase_ids(sim) -> list[int]:
    return [item.entity_id for item in sim.last_record.phase("entities").items]


def test_entities_update_in_load_order_not_id_order(scene) -> None:
    """Entities tick in the order they were loaded (entities, then spawns), whatever their ids."""
    sim = scene(blocks=[STONE_FLOOR], entities=[
        {"type": "tnt", "pos": [0.5, 1.0, 0.5], "id": 7},
        {"type": "item", "pos": [1.5, 1.0, 0.5], "id": 3},
        {"type": "experience_orb", "pos": [-1.5, 1.0, 0.5], "id": 5},
    ], spawns=[{"kind": "primed_tnt_from_block", "at": [2, 1, 2], "angle": 0.0}])
    assert [e.id for e in sim.entities] == [7, 3, 5, 8]
    sim.trace_enabled = True
    for _ in range(3):
        sim.tick()
        assert entity_phase_ids(sim) == [7, 3, 5, 8]
        assert [e.id for e in sim.reported_entities()] == [7, 3, 5, 8]


def test_item_dropped_by_a_landing_falling_block_is_ticked_from_the_next_tick(scene) -> None:
    """Spec 01 §7 rule 6: sand landing in a slab's cell drops an item that is reported but not ticked that tick."""
    sim = scene(blocks=[STONE_FLOOR, {"at": [0, 1, 0], "block": "minecraft:stone_slab[type=bottom]"},
                        {"at": [0, 6, 0], "block": "minecraft:sand"}],
                spawns=[{"kind": "falling_block_from_block", "at": [0, 6, 0]}])
    sim.trace_enabled = True
    sand = sim.entities[0]
    while not sand.removed:
        sim.tick()
        assert sim.tick_count < 40, "the sand never landed"
    landing = sim.tick_count
    assert sand.pos.y == 1.5                                      # on the slab's top, in the slab's cell
    assert sim.world.get_block_state(0, 1, 0).block == "stone_slab"
    assert entity_phase_ids(sim) == [1]                           # the new item was not ticked
    reported = [e.trace_line() for e in sim.reported_entities()]
    assert [(e["id"], e["type"], e["removed"]) for e in reported] == [
        (1, "minecraft:falling_block", True), (2, "minecraft:item", False)]
    item = reported[1]
    assert item["age"] == 0 and item["pos"] == [0.5, 1.5, 0.5] and item["motion"][1] == 0.2
    assert item["item"] == "minecraft:sand" and item["pickup_delay"] == 10
    sim.tick()
    assert sim.tick_count == landing + 1
    assert entity_phase_ids(sim) == [2]
    assert [(e.id, e.item_age) for e in sim.entities] == [(2, 1)]


def test_removed_entity_is_reported_once_with_removed_true(scene, lines_of) -> None:
    """A TNT exploding at fuse 0 appears in that tick's line with removed=true, and never again (on obsidian,
    which the blast leaves: stone would drop cobblestone items in 1.16.5)."""
    sim = scene(blocks=[{**STONE_FLOOR, "block": "minecraft:obsidian"}],
                entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 3},
                          {"type": "tnt", "pos": [2.5, 1.0, 0.5], "fuse": 80}])
    lines = [json.loads(s) for s in lines_of(sim, 5)]
    ids = [[(e["id"], e["removed"]) for e in line["entities"]] for line in lines]
    assert ids == [[(1, False), (2, False)], [(1, False), (2, False)], [(1, True), (2, False)], [(2, False)],
                   [(2, False)]]
    assert [ev["kind"] for ev in lines[2]["events"] if ev["kind"] != "block_changed"] == ["explosion"]
    assert lines[3]["events"] == []
    assert [e.id for e in sim.entities] == [2]


def test_set_block_action_happens_at_its_tick(scene) -> None:
    """A set_block action changes the world in its tick, not before."""
    sim = scene(actions=[{"tick": 3, "do": "set_block", "at": [0, 5, 0], "block": "minecraft:gold_block"}],
                entities=[{"type": "tnt", "pos": [9.5, 1.0, 9.5], "no_gravity": True}])
    states = []
    for _ in range(4):
        sim.tick()
        states.append(sim.world.get_block_state(0, 5, 0).block)
    assert states == ["air", "air", "gold_block", "gold_block"]


def _tnt_on_removed_block(scene, phase: str | None):
    action = {"tick": 3, "do": "remove_block", "at": [0, 1, 0]}
    if phase is not None:
        action["phase"] = phase
    return scene(blocks=[{"at": [0, 1, 0], "block": "minecraft:stone"}],
                 entities=[{"type": "tnt", "pos": [0.5, 2.0, 0.5], "on_ground": True}], actions=[action])


def _heights(sim, ticks: int) -> list[float]:
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append(sim.entities[0].pos.y)
    return out


def test_remove_block_before_the_entity_phase_lets_the_tnt_fall_that_tick(scene) -> None:
    """Default phase (scheduled ticks) and the entities phase both run before the TNT's tick in tick 3."""
    fallen = 2.0 + (0.0 - 0.04)                      # rest: Y Motion 0 → gravity → one unobstructed move
    for phase in (None, "scheduled_ticks", "block_events", "entities"):
        assert _heights(_tnt_on_removed_block(scene, phase), 3) == [2.0, 2.0, fallen], phase


def test_remove_block_after_the_entity_phase_lets_the_tnt_fall_next_tick(scene) -> None:
    """Phase block_entities runs after the entity phase: the TNT still stands in tick 3 and falls in tick 4."""
    assert _heights(_tnt_on_removed_block(scene, "block_entities"), 4) == [2.0, 2.0, 2.0, 2.0 - 0.04]


def test_prime_tnt_action_spawns_at_the_cell_bottom_centre_and_removes_the_block(scene) -> None:
    """prime_tnt in scheduled ticks: the TNT joins the update order at once and is ticked in the same tick."""
    sim = scene(blocks=[STONE_FLOOR, {"at": [0, 1, 0], "block": "minecraft:tnt"}],
                actions=[{"tick": 2, "do": "prime_tnt", "at": [0, 1, 0], "fuse": 10, "angle": 0.0}])
    sim.tick()
    assert sim.entities == [] and sim.world.get_block_state(0, 1, 0).block == "tnt"
    sim.tick()
    assert sim.world.get_block_state(0, 1, 0).is_air
    (tnt,) = sim.entities
    assert tnt.fuse == 9
    vy = TNT_VY - 0.04
    assert tnt.pos == Vec3(0.5 + -math.sin(0.0) * 0.02, 1.0 + vy, 0.5 - math.cos(0.0) * 0.02)
    assert tnt.motion == Vec3(-0.0, vy * 0.98, -0.02 * 0.98)


def test_prime_tnt_action_in_block_entities_phase_is_first_ticked_next_tick(scene) -> None:
    """prime_tnt after the entity phase: the new TNT keeps its spawn state until the next tick."""
    sim = scene(blocks=[STONE_FLOOR, {"at": [0, 1, 0], "block": "minecraft:tnt"}],
                actions=[{"tick": 2, "do": "prime_tnt", "at": [0, 1, 0], "fuse": 10, "angle": 0.0,
                          "phase": "block_entities"}])
    sim.tick()
    sim.tick()
    (tnt,) = sim.entities
    assert (tnt.fuse, tnt.pos, tnt.motion) == (10, Vec3(0.5, 1.0, 0.5), Vec3(-0.0, TNT_VY, -0.02))
    sim.tick()
    assert tnt.fuse == 9 and tnt.pos.y == 1.0 + (TNT_VY - 0.04)


def test_get_entities_misses_a_box_whose_position_section_is_beyond_the_2_block_margin(scene) -> None:
    """Spec 01 §5.2: only sections of the query box grown by 2 are searched, so a tall box reaching in is missed."""
    sim = scene()
    low = sim.create(GhastSized, Vec3(0.5, 15.5, 0.5))        # section y 0, box y 15.5..19.5
    sim.add_entity(low)
    query = Box(0.0, 18.5, 0.0, 1.0, 19.0, 1.0)              # sections searched: floor(16.5 / 16) = 1 .. 1
    assert low.box.intersects(query)
    assert sim.world.get_entities(None, query) == []
    assert sim.world.get_entities(None, Box(0.0, 17.9, 0.0, 1.0, 18.0, 1.0)) == [low]   # reaches section 0


def test_get_entities_finds_the_same_box_when_its_position_is_in_a_searched_section(scene) -> None:
    """The same reach from a position in section 1 (y 16) is found by the same query."""
    sim = scene()
    high = sim.create(GhastSized, Vec3(0.5, 16.0, 0.5))
    sim.add_entity(high)
    assert sim.world.get_entities(None, Box(0.0, 18.5, 0.0, 1.0, 19.0, 1.0)) == [high]


def test_get_entities_finds_small_entities_across_section_boundaries(scene) -> None:
    """Boxes under 2 m always lie within the margin: TNT next to section borders is found from either side."""
    positions = [(15.9, 1.0, 0.5), (16.0, 15.5, 0.5), (0.5, 15.99, -0.1), (-0.2, 31.5, 15.8)]
    sim = scene(entities=[{"type": "tnt", "pos": list(p), "no_gravity": True} for p in positions])
    for tnt in sim.entities:
        b = tnt.box
        for probe in (Box(b.min_x, b.min_y, b.min_z, b.min_x + 0.01, b.min_y + 0.01, b.min_z + 0.01),
                      Box(b.max_x - 0.01, b.max_y - 0.01, b.max_z - 0.01, b.max_x, b.max_y, b.max_z)):
            assert tnt in sim.world.get_entities(None, probe)
            assert tnt not in sim.world.get_entities(tnt, probe)


def test_get_entities_lists_chunks_by_x_then_z_before_load_order(scene) -> None:
    """Results come chunk by chunk (x, then z), then by section, then in load order within a section."""
    sim = scene(entities=[{"type": "tnt", "pos": [16.5, 1.0, 0.5], "no_gravity": True},
                          {"type": "tnt", "pos": [0.5, 1.0, 16.5], "no_gravity": True},
                          {"type": "tnt", "pos": [0.5, 17.0, 0.5], "no_gravity": True},
                          {"type": "tnt", "pos": [0.5, 1.0, 0.5], "no_gravity": True},
                          {"type": "tnt", "pos": [1.5, 1.0, 1.5], "no_gravity": True}])
    found = sim.world.get_entities(None, Box(-1.0, 0.0, -1.0, 18.0, 19.0, 18.0))
    assert [e.id for e in found] == [4, 5, 3, 2, 1]

