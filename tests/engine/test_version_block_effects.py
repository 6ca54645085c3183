"""Block effects by release (engine/motion/block_effects.py): the cells `Entity.checkBlockCollision` visits (box
deflated by 0.001, by 1.0E-7 from 1.19.3) and the box `Entity.move` tests for fire before resetting the fire
ticks (contracted by 0.001, by 1.0E-6 from 1.17), run as scenes at the releases on either side."""

from __future__ import annotations

from engine.geometry.box import Vec3
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import scene_toml

# a no-gravity item whose box reaches 0.0005 into a cobweb's cell (x 1.0005), drifting along Z
COBWEB_BAND = scene_toml(blocks=[{"at": [1, 5, 0], "block": "minecraft:cobweb"}],
                         entities=[{"type": "minecraft:item", "pos": [0.8755, 5.2, 0.5], "motion": [0.0, 0.0, 0.01],
                                    "id": 1, "no_gravity": True}])
# a no-gravity item creeping towards a fire's cell (its box 0.0001 short of it at first), its fire ticks at 1
FIRE_BAND = scene_toml(blocks=[{"at": [1, 5, 0], "block": "minecraft:fire"}],
                       entities=[{"type": "minecraft:item", "pos": [0.8751, 5.2, 0.5], "motion": [0.0004, 0.0, 0.0],
                                  "id": 1, "no_gravity": True, "state": {"fire_ticks": 1}}])


def _sim(text: str, version: str) -> Simulation:
    return load_scene_text(f'[scene]\nversion = "{version}"\n' + text, "<block effects case>")


def test_a_box_0_0005_into_a_cobweb_s_cell_is_caught_from_1_19_3() -> None:
    """Deflated by 0.001 the box (max x 1.0005) stays in cell 0 and the cobweb is never visited: the item drifts on
    at 0.01 × 0.98 a tick. Deflated by 1.0E-7 it reaches cell 1: the cobweb sets the movement multiplier
    (0.25, 0.05F, 0.25), so the second move is 0.0098 × 0.25 and the Motion is zeroed."""
    old, new = _sim(COBWEB_BAND, "1.19.2"), _sim(COBWEB_BAND, "1.19.3")
    for _ in range(2):
        old.tick()
        new.tick()
    a, b = old.entity_by_id(1), new.entity_by_id(1)
    assert a.pos == Vec3(0.8755, 5.2, 0.5198000001907349) and a.motion.z == 0.009604000373840335
    assert b.pos == Vec3(0.8755, 5.2, 0.5124500000476837) and b.motion == Vec3(0.0, 0.0, 0.0)


def _fire_history(version: str, ticks: int) -> list[tuple[int, int] | None]:
    sim = _sim(FIRE_BAND, version)
    out: list[tuple[int, int] | None] = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append(None if e is None or e.removed else (e.fire_ticks, e.health))
    return out


def test_the_fire_test_s_box_reaches_a_fire_0_0005_away_from_1_17() -> None:
    """Tick 1: the base tick burns the last fire tick (1 → 0); the move leaves the box 0.0005 inside the fire's
    cell, short of checkBlockCollision's 0.001, so no fire collision. 1.16.5's fire test (contract 0.001) misses
    the fire and resets the fire ticks to -1; 1.17's (contract 1.0E-6) touches it and leaves 0. Tick 3 the box
    is 0.001 in: the fire's onEntityCollision adds a fire tick, -1 → 0 sets 8 s of fire (160 ticks, and the burn's
    damage when they are a multiple of 20), 0 → 1 does not; each tick in the fire costs the item 1 of its 5
    health, so the 1.16.5 item is gone a tick sooner (tick 5, against 7)."""
    old, new = _fire_history("1.16.5", 8), _fire_history("1.17", 8)
    assert old == [(-1, 5), (-1, 5), (160, 4), (160, 2), None, None, None, None]
    assert new == [(0, 5), (0, 5), (1, 4), (1, 3), (1, 2), (1, 1), None, None]
