"""Riders at their turn in the entity loop (spec 01 §7; 1.16.5 `ServerWorld.tick`, `tickPassenger`,
`Entity.tickRiding`, `Entity.baseTick`; 1.12.2's `World.updateEntities` and `Entity.updateRidden`): a rider of a
live vehicle is passed over at its own turn, one whose vehicle was removed earlier in the tick dismounts and ticks
there, and a rider of a vehicle removed in the vehicle's own tick takes its riding tick (1.14+) or only dismounts
(1.12.2, 1.13.2: `ridden_dead_vehicle_skips_tick`), run as scenes."""
from __future__ import annotations

import dataclasses

import pytest

from engine.geometry.box import Vec3
from engine.tick.scene import load_scene, load_scene_text
from tests.conftest import SCENES_DIR, build_scene
from tests.scene_parts import entity, floor

VOID = SCENES_DIR / "riders_void_minecart_1_12_2.toml"


def test_a_zombie_on_a_boat_broken_earlier_in_the_tick_dismounts_and_flies_at_its_turn() -> None:
    """The TNT's blast removes the boat before the boat's turn: the zombie, at its own turn, dismounts onto the
    removed boat's top (x, y + 0.5625, z) and ticks in the same tick, moving by the blast's push."""
    sim = load_scene(SCENES_DIR / "riders_boat_blast.toml")
    sim.trace_enabled = True
    record = sim.tick()
    zombie = sim.entity_by_id(3)
    assert sim.entity_by_id(2) is None and zombie.vehicle is None and zombie.health < 20.0
    item = next(item for phase in record.phases for item in getattr(phase, "items", ()) if item.entity_id == 3)
    first = item.stages[0].before
    push = Vec3(*first["motion"])
    assert Vec3(*first["pos"]) == Vec3(5.5, 1.5625, 0.5) and push.x > 0.3 and push.y > 0.1
    assert zombie.pos.x == pytest.approx(5.5 + push.x, abs=1e-12)
    assert zombie.pos.y == pytest.approx(1.5625 + push.y, abs=1e-12)


def test_a_mob_boarded_earlier_in_the_tick_is_passed_over_at_its_own_turn() -> None:
    """The boat (first in the order) takes the skeleton beside it and ticks it as its passenger; at the
    skeleton's own turn its vehicle is alive and carries it: no second tick (its age counts one)."""
    sim = build_scene(blocks=[floor(2)], entities=[entity("boat", (0.5, 1.0, 0.5)),
                                                   entity("wither_skeleton", (1.6, 1.0, 0.5), no_ai=True)])
    mob = sim.entity_by_id(2)
    sim.tick()
    assert mob.vehicle is sim.entity_by_id(1) and mob.age == 1


def _void_run(version: str, **flags: bool) -> list[tuple[int | None, bool]]:
    """The TNT's fuse and whether it rides, after each tick of the void scene, until it explodes (None)."""
    sim = load_scene_text(VOID.read_text().replace('version = "1.12.2"', f'version = "{version}"'), str(VOID))
    sim.features = dataclasses.replace(sim.features, **flags)
    tnt, out = sim.entity_by_id(2), []
    for _ in range(6):
        sim.tick()
        out.append((None, False) if tnt.removed else (tnt.fuse, tnt.vehicle is not None))
    return out


def test_a_tnt_on_a_cart_dead_in_its_own_tick_only_dismounts_in_1_12_2_and_ticks_twice_from_1_14() -> None:
    """Tick 2: the cart falls below y −64 and dies in its tick. 1.12.2 (and 1.13.2) dismount the TNT instead of
    its riding tick, then it ticks once at its own turn (fuse 4 → 3); 1.14 ticks it on the dead cart and again at
    its own turn (4 → 2), so it explodes a tick earlier. The flag flipped makes 1.12.2 run 1.14's way."""
    old = [(4, True), (3, False), (2, False), (1, False), (None, False), (None, False)]
    new = [(4, True), (2, False), (1, False), (None, False), (None, False), (None, False)]
    assert _void_run("1.12.2") == old and _void_run("1.13.2") == old
    assert _void_run("1.14") == new and _void_run("1.16.5") == new
    assert _void_run("1.12.2", ridden_dead_vehicle_skips_tick=False) == new
