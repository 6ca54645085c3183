"""Riding in the update order (spec 01 §7 rules 1-5): riders tick right after their vehicle, depth first."""

from __future__ import annotations

from engine.geometry.box import Vec3
from tests.conftest import build_scene
from tests.scene_parts import entity

STACK = [entity("tnt", (0.5, 100.0, 0.5), id=1, fuse=100),
         entity("tnt", (5.5, 100.0, 0.5), id=2, fuse=100),
         entity("tnt", (0.5, 101.0, 0.5), id=3, motion=[0.3, 0.3, 0.3], fuse=100, vehicle=1),
         entity("tnt", (0.5, 102.0, 0.5), id=4, fuse=100, vehicle=3)]


def test_riders_tick_right_after_their_vehicle_depth_first() -> None:
    """Load order 1, 2, 3 (rides 1), 4 (rides 3): the entity phase ticks 1, 3, 4, 2."""
    sim = build_scene(entities=STACK)
    sim.trace_enabled = True
    record = sim.tick()
    assert [it.entity_id for it in record.phase("entities").items] == [1, 3, 4, 2]


def test_a_rider_is_placed_on_its_vehicle_after_its_own_tick() -> None:
    """`tickRiding`: Motion zeroed, the rider's tick (gravity, move, drag), then y = vehicle y + 0.75 × height."""
    sim = build_scene(entities=STACK)
    sim.tick()
    v, r = sim.entity_by_id(1), sim.entity_by_id(3)
    assert r.pos == Vec3(v.pos.x, v.pos.y + 0.9800000190734863 * 0.75, v.pos.z)   # 0.75 × the 0.98F height
    assert r.motion == Vec3(0.0, (0.0 - 0.04) * 0.98, 0.0)   # its own 0.3s were zeroed first


def test_rider_of_a_removed_vehicle_dismounts_and_ticks_as_a_root() -> None:
    """When the vehicle is gone, the loop makes the rider stop riding and ticks it on its own."""
    sim = build_scene(entities=STACK)
    sim.entity_by_id(1).remove()
    sim.trace_enabled = True
    record = sim.tick()
    assert sim.entity_by_id(3).vehicle is None
    assert [it.entity_id for it in record.phase("entities").items] == [2, 3, 4]


def test_snapshot_restore_keeps_the_riding_tree() -> None:
    """A restored simulation's riders point at the restored vehicles and replay identically."""
    sim = build_scene(entities=STACK)
    snap = sim.snapshot()
    first = [(e.id, e.pos, e.motion) for _ in range(3) for e in (sim.tick() and sim.entities)]
    sim.restore(snap)
    assert sim.entity_by_id(3).vehicle is sim.entity_by_id(1)
    again = [(e.id, e.pos, e.motion) for _ in range(3) for e in (sim.tick() and sim.entities)]
    assert first == again
