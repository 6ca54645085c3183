"""Boats and minecarts release by release (issue 26; docs/versions.md, columns `boat`, `minecart`,
`vehicle_passengers`): each difference found in the game's code, run as scenes at the releases on both sides of
it, with the values the game's arithmetic gives."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pytest

from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_versions import CASES, _with_version

F32 = np.float32


def _sim(text: str, version: str, flip: str | None = None) -> Simulation:
    sim = load_scene_text(_with_version(text, version), "<vehicles>")
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    return sim


def _run(text: str, version: str, ticks: int, flip: str | None = None) -> Simulation:
    sim = _sim(text, version, flip)
    for _ in range(ticks):
        sim.tick()
    return sim


def _boat(pos: list[float], **extra: Any) -> dict[str, Any]:
    return {"type": "minecraft:boat", "pos": pos, **extra}


def test_a_falling_boat_takes_the_double_0_04_from_1_20_5() -> None:
    """BoatEntity.updateVelocity: `vec3d.y + e` with e = (double)-0.04F up to 1.20.4, −getFinalGravity() = −0.04
    from 1.20.5; in the air nothing else touches Y (velocityDecay 0.9F is for X and Z)."""
    text = (SCENES_DIR / "boat_drop_1_20_5.toml").read_text()
    old_g, new_g = float(F32(-0.04)), -0.04
    for version, g in (("1.20.4", old_g), ("1.20.5", new_g), ("1.21.3", new_g)):
        vy, y = 0.0, 250.0
        for _ in range(100):
            vy += g
            y += vy
        boat = _run(text, version, 100).entity_by_id(1)
        assert (boat.pos.y, boat.motion.y) == (y, vy), version
    assert _run(text, "1.20.5", 100).entity_by_id(1).motion.y == -4.000000000000003


def test_the_buoyancy_of_a_floating_boat_is_gravity_over_0_65_from_1_20_5() -> None:
    """IN_WATER: (vy − gravity + b·k)·0.75 with b = (waterLevel − y) / height and k the double literal
    0.06153846016296973 up to 1.20.4,
    getGravity() / 0.65 = 0.04 / 0.65 from 1.20.5 (flipped on a 1.16.5 run: boats in water stop at the fluids
    column from 1.17). The boat sits 0.3 below the surface of a source block (surface y + 8/9 as a float)."""
    text = scene_toml(blocks=[{"from": [-2, 10, -2], "to": [2, 10, 2], "block": "minecraft:water"}],
                      entities=[_boat([0.5, 10.6, 0.5], id=1, no_gravity=True)])
    level = float(F32(10.0) + F32(8.0) / F32(9.0))       # (float)y + FluidState.getHeight
    b = (level - 10.6) / float(F32(0.5625))
    for flip, k in ((None, 0.06153846016296973), ("boat_gravity_double", 0.04 / 0.65)):
        sim = _sim(text, "1.16.5", flip)
        sim.tick()
        assert sim.entity_by_id(1).motion.y == (0.0 + b * k) * 0.75, flip


def test_two_boats_push_apart_by_the_double_root_from_1_17() -> None:
    """Entity.pushAwayFrom (a boat pushing a minecart level with it): d = max(|dx|, |dz|) = 0.8, then
    (dx, dz) / √d · min(1 / √d, 1) · 0.05F, the root (float)Math.sqrt(d) up to 1.16.5 and Math.sqrt(d) from 1.17;
    the boat ticks first, so its Motion is the push alone (the cart, slow, pushes only carts)."""
    text = scene_toml(entities=[_boat([0.5, 30.0, 0.5], id=1, no_gravity=True),
                                {"type": "minecraft:minecart", "pos": [1.3, 30.0, 0.7], "id": 2, "no_gravity": True}])
    for version, root in (("1.16.5", float(F32(math.sqrt(0.8)))), ("1.17", math.sqrt(0.8))):
        dx, dz = (1.3 - 0.5) / root, (0.7 - 0.5) / root
        g = min(1.0 / root, 1.0)
        push = (dx * g * float(F32(0.05)), dz * g * float(F32(0.05)))
        m = _run(text, version, 1).entity_by_id(1).motion
        assert (m.x, m.z) == (-push[0], -push[1]), version


def test_a_minecart_in_water_is_lighter_slower_and_damped_from_1_17() -> None:
    """AbstractMinecartEntity 1.17, touching water (the flag of the previous tick's updateWaterState): gravity
    −0.005, at most (4.0 / 20.0) per axis, then × 0.95 after the move (moveOffRail in the air); the first tick still
    reads dry. Flipped on 1.16.5 (minecarts in water stop at the fluids column from 1.17)."""
    text, ticks, _ = CASES["minecart_water_drag"]
    vx1, vy1 = 0.3 * 0.95, (0.0 - 0.04) * 0.95                 # tick 1: dry
    old = (min(vx1, 0.4) * 0.95, (vy1 - 0.04) * 0.95)
    new = (min(vx1, 4.0 / 20.0) * 0.95, (vy1 - 0.005) * 0.95)
    for flip, (vx, vy) in ((None, old), ("minecart_water_drag", new)):
        cart = _run(text, "1.16.5", ticks, flip).entity_by_id(1)
        assert (cart.motion.x, cart.motion.y) == (vx, vy), flip
        assert cart.pos.x == 0.5 + 0.3 + min(vx1, 0.4 if flip is None else 0.2)


def test_a_minecart_on_a_slope_in_water_is_pulled_a_fifth() -> None:
    """moveOnRail 1.17: the slope's 0.0078125 × 0.2 while touching water (a waterlogged rail is 1.17's; the
    1.16.5 block table has none, so water above the rail stands in for it, flipped on 1.16.5)."""
    text = scene_toml(blocks=[{"from": [-2, 9, -2], "to": [2, 9, 2], "block": "minecraft:stone"},
                              {"at": [0, 10, 0], "block": "minecraft:rail[shape=ascending_east]"},
                              {"from": [-2, 11, -2], "to": [2, 12, 2], "block": "minecraft:water"}],
                      entities=[{"type": "minecraft:minecart", "pos": [0.5, 10.5625, 0.5], "id": 1,
                                 "no_gravity": True}])
    pulls = []
    for flip in (None, "minecart_water_drag"):
        sim = _sim(text, "1.16.5", flip)
        cart = sim.entity_by_id(1)
        cart.touching_water = True
        before = cart.pos.x
        sim.tick()
        pulls.append(cart.pos.x - before)
    assert pulls[0] < 0.0 and pulls[1] < 0.0 and pulls[0] != pulls[1]


def test_a_boat_s_fall_distance_adds_in_float_from_1_18_2() -> None:
    """BoatEntity.fall: (float)(fallDistance − h) up to 1.18.1 (a double sum then rounded: 2.5 + 0.50000013 →
    3.0000002), fallDistance −= (float)h from 1.18.2 (0.50000013F = 0.5 + 2⁻²³, and 2.5 + that is halfway between
    3.0 and its successor: to even, 3.0). Landed ON_LAND, the first breaks (> 3), the second does not."""
    text, _, _ = CASES["boat_fall_distance_float"]
    for version, fd, breaks in (("1.18.1", 3.000000238418579, True), ("1.18.2", 3.0, False)):
        sim = _sim(text, version)
        sim.tick()
        assert sim.entity_by_id(1).fall_distance == fd, version
        sim.tick()
        assert (sim.entity_by_id(1) is None or sim.entity_by_id(1).removed) == breaks, version


def test_a_boat_landing_on_land_breaks_only_before_1_21_2() -> None:
    """BoatEntity.fall up to 1.21.1: more than 3 blocks onto land while already ON_LAND breaks it;
    AbstractBoatEntity.fall (1.21.2) only lands. Flipped on 1.16.5 (from 1.20 a boat on the ground stops at the
    supporting-block column)."""
    text, ticks, _ = CASES["boat_fall_never_breaks"]
    assert _run(text, "1.16.5", ticks).entity_by_id(1) is None
    boat = _run(text, "1.16.5", ticks, flip="boat_fall_never_breaks").entity_by_id(1)
    assert boat is not None and boat.on_ground and boat.fall_distance == 0.0


def test_a_small_blast_primes_a_tnt_minecart_from_1_20_3() -> None:
    """VehicleEntity.damage (1.20.3): shouldAlwaysKill for fire and explosions, so a blast dealing a wobble far
    below 40 primes the cart (fuse nextInt(20) + nextInt(20)); 1.20.2 only wobbles it."""
    text = (SCENES_DIR / "tnt_minecart_blast_1_20_3.toml").read_text()
    old = _run(text, "1.20.2", 1).entity_by_id(2)
    assert old.fuse == -1 and 0.0 < old.damage_wobble_strength < 40.0
    sim = _run(text, "1.20.3", 1)
    cart = sim.entity_by_id(2)
    assert 0 <= cart.fuse <= 38 and 0.0 < cart.damage_wobble_strength < 40.0
    fuse = cart.fuse
    for _ in range(fuse):
        sim.tick()
    assert not cart.removed
    sim.tick()
    assert cart.removed
    assert not _run(text, "1.20.2", 45).entity_by_id(2).removed


def test_a_falling_boat_enters_water_where_it_fits_from_1_21() -> None:
    """BoatEntity.updateVelocity, a boat entering water from the air: put on the surface at (float)(surface −
    height) + 0.101 with its Y Motion zeroed, from 1.21 only where World.isSpaceEmpty (here a sunken boat fills
    it); IN_WATER either way. Flipped on 1.16.5 (boats in water stop at the fluids column from 1.17)."""
    text, ticks, _ = CASES["boat_water_entry_space_check"]
    snapped = _run(text, "1.16.5", ticks).entity_by_id(1)
    assert snapped.pos.y == float(F32(3.0) - F32(0.5625)) + 0.101 and snapped.motion.y == 0.0
    kept = _run(text, "1.16.5", ticks, flip="boat_water_entry_space_check").entity_by_id(1)
    assert kept.pos.y != snapped.pos.y and kept.location.value == "in_water"


def test_a_minecart_at_exactly_0_1_m_per_tick_pushes_what_it_meets_from_1_21_2() -> None:
    """DefaultMinecartController.handleCollision (1.21.2) takes horizontalLengthSquared() >= 0.01, 1.21.1 > 0.01:
    a cart whose Motion after its drag is (0.06, 0, 0.08) (squares summing to exactly 0.01) pushes the boat behind
    it from 1.21.2 only (the boat, ticking next, pushes the cart in both): 1.21.1 leaves the boat only its own
    push back (about 0.05F along x), 1.21.2 adds the cart's push on top."""
    text, ticks, _ = CASES["minecart_controller_1_21_2"]
    old, new = _run(text, "1.21.1", ticks), _run(text, "1.21.2", ticks)
    assert old.entity_by_id(2).motion.x == pytest.approx(-0.05, abs=1e-3)
    assert new.entity_by_id(2).motion.x != old.entity_by_id(2).motion.x
    assert new.entity_by_id(1).motion != old.entity_by_id(1).motion


def _loop(version: str, ticks: int) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    sim = _sim((SCENES_DIR / "minecart_powered_loop.toml").read_text(), version)
    cart = sim.entities[0]
    top = -math.inf
    for _ in range(ticks):
        sim.tick()
        top = max(top, cart.yaw)
    return tuple(cart.pos), tuple(cart.motion), top


def test_the_powered_rail_loop_at_every_release() -> None:
    """scenes/minecart_powered_loop.toml at each release from 1.15 to 1.21.4: the path is 1.16.5's up to 1.16.5,
    1.17's from 1.17 (Entity.move sets the position, a last-bit difference); the yaw reaches 360 up to 1.21.1 and
    is kept below it (yaw % 360) from 1.21.2 (1.21.4's DefaultMinecartController is 1.21.3's, and 1.21.7's, 1.21.8's
    and 1.21.11's OldMinecartBehavior loops as it); 1.14.4 loops as 1.15."""
    from engine.core.versions import RELEASES, version_text
    runs = {version_text(v): _loop(version_text(v), 120) for v in RELEASES if (1, 15, 0) <= v <= (1, 21, 4)}
    paths = {v: r[:2] for v, r in runs.items()}
    assert len({paths[v] for v in ("1.15", "1.15.1", "1.15.2", "1.16", "1.16.1", "1.16.2", "1.16.3", "1.16.4",
                                   "1.16.5")}) == 1
    later = [p for v, p in paths.items() if not v.startswith(("1.15", "1.16"))]
    assert len(set(later)) == 1 and later[0] != paths["1.16.5"]
    assert later[0][0] == pytest.approx(paths["1.16.5"][0], abs=1e-12)
    for v, (_, _, top) in runs.items():
        assert (top == 360.0) == (v not in ("1.21.2", "1.21.3", "1.21.4")), v
        assert top <= 360.0
    assert all(_loop(v, 120) == runs["1.21.4"] for v in ("1.21.5", "1.21.7", "1.21.8", "1.21.11"))   # 1.21.4's cart
    assert _loop("1.14.4", 120) == runs["1.15"]   # AbstractMinecartEntity of 1.14.4: 1.15's arithmetic


def _carrying(vehicle: str, floating: bool = False) -> str:
    return scene_toml(entities=[{"type": vehicle, "pos": [0.5, 30.0, 0.5], "id": 1, "no_gravity": floating},
                                {"type": "tnt", "pos": [0.5, 30.0, 0.5], "id": 2, "fuse": 80, "vehicle": 1,
                                 "no_gravity": floating}])


def test_a_vehicle_with_a_passenger_runs_to_1_21_5() -> None:
    """The vehicle_passengers column (tests/engine/test_version_riders.py has its values): compared from 1.16 to
    1.21.4 (1.21.4's Entity.updatePassengerPosition, getPassengerRidingPos, the boat's and the cart's seats and
    dismount spots are 1.21.3's: the same run); 1.21.5-1.21.6 lie between 1.21.4 and 1.21.7, whose riding is the
    same: a boat (its 25w03a snapshot's, read) and a minecart of 1.21.5 keep their rider. In 1.21.4 the two float
    (a falling entity's fall distance stops 1.21.4 at the fall_distance row)."""
    for vehicle in ("minecraft:boat", "minecraft:minecart"):
        text = _carrying(vehicle)
        for version in ("1.16.5", "1.17", "1.20.4"):
            _run(text, version, 3)
        runs = [_run(_carrying(vehicle, floating=True), version, 3).entity_by_id(2) for version in ("1.21.3",
                                                                                                    "1.21.4")]
        assert runs[0].pos == runs[1].pos and runs[0].vehicle is not None and runs[1].vehicle is not None
        assert _run(text, "1.21.5", 3).entity_by_id(2).vehicle is not None


_WATER = {"from": [-8, 8, -8], "to": [8, 9, 8], "block": "minecraft:water"}
# a boat set into water two blocks deep, drifting: it rises to the surface and bobs, water below it all the while
# (no fall distance: a changing one stops 1.21.4-1.21.10 at the fall_distance row)
_DRIFT = scene_toml(blocks=[_WATER], entities=[_boat([0.5, 9.5, 0.5], id=1, motion=[0.3, 0.0, 0.1])])


def test_1_21_4_runs_boats_and_minecarts_as_1_21_3() -> None:
    """AbstractBoatEntity, AbstractMinecartEntity, DefaultMinecartController and TntMinecartEntity of 1.21.4 (the
    patched 1.21.4 source, its vanilla branches) are 1.21.3's but for the TNT cart's explosion_speed_factor (1.0F
    unless saved otherwise: x 1.0 changes no power) and names: a boat drifting on water, and the TNT minecart
    cannon, run the same (1.21.5's minecarts: tests/engine/test_version_1215.py)."""
    boat = _DRIFT
    old, new = _run(boat, "1.21.3", 30).entity_by_id(1), _run(boat, "1.21.4", 30).entity_by_id(1)
    assert (new.pos, new.motion, new.location) == (old.pos, old.motion, old.location)
    assert old.location.value == "in_water" and old.pos.x > 1.5 and old.pos.y > 9.5
    cannon = (SCENES_DIR / "tnt_minecart_cannon.toml").read_text()
    events = [[(e["kind"], e.get("pos")) for t in range(60) for e in sim.tick().events if e["kind"] == "explosion"]
              for sim in (_sim(cannon, "1.21.3"), _sim(cannon, "1.21.4"))]
    assert events[0] and events[0] == events[1]


def test_boats_of_1_21_5_to_1_21_11_drift_as_1_21_4() -> None:
    """AbstractBoat of 1.21.7, 1.21.8 and 1.21.11 (Mojang names) is 1.21.4's boat but for the double fall distance,
    the bubble-column splash and (1.21.11) the boarding tag: 1.21.9 and 1.21.10 are bracketed by 1.21.8 and 1.21.11,
    1.21.5 and 1.21.6 by the 25w03a snapshot of 1.21.5 and 1.21.7 (the same boat; 1.21.6's 25w18a snapshot too). A
    boat drifting on water runs the same in each."""
    reference = _run(_DRIFT, "1.21.4", 30).entity_by_id(1)
    for version in ("1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.9", "1.21.10", "1.21.11"):
        boat = _run(_DRIFT, version, 30).entity_by_id(1)
        assert (boat.pos, boat.motion, boat.location) == (reference.pos, reference.motion, reference.location)


def test_a_falling_boat_adds_its_drops_to_a_double_in_1_21_11() -> None:
    """AbstractBoat.checkFallDamage of 1.21.11: fallDistance -= (double)(float)dy on the double field, where 1.21.3
    rounds each sum to float (fallDistance -= (float)dy on a float). A boat falling through the air for 6 ticks:
    the drops cast to float summed in double, against the float sums. 1.21.8 (double too) stops at the
    fall_distance row while that row refuses it."""
    text = scene_toml(entities=[_boat([0.5, 60.0, 0.5], id=1)])
    for version, double in (("1.21.3", False), ("1.21.11", True)):
        sim = _sim(text, version)
        boat = sim.entity_by_id(1)
        total = F32(0.0)
        for _ in range(6):
            y = boat.pos.y
            sim.tick()
            drop = F32(boat.pos.y - y)
            total = total - drop if not double else float(total) - float(drop)
        assert boat.fall_distance == float(total), version
        assert isinstance(total, float) == double


def test_a_boat_of_two_seats_its_riders_by_the_double_indexed_sine_in_1_21_11() -> None:
    """Riding of 1.21.8 (Entity.positionRider, getPassengerRidingPosition, AbstractBoat.getPassengerAttachmentPoint,
    getDismountLocationForPassenger, LivingEntity.dismountVehicle, CollisionGetter.findFreePosition) is 1.21.3's,
    and 1.21.11's too but for MathHelper.sin and cos indexing the sine table in double: the seats of a boat of two
    turned by a yaw of 337.5 degrees (where the two indices differ) are 1.21.3's in 1.21.4 and 1.21.8, and in
    1.21.11 those of a 1.21.8 run with `sine_index_double` set; 1.21.7 (read) is 1.21.8 (1.21.9-1.21.10 too:
    tests/engine/test_version_12110.py); 1.21.5 and 1.21.6 seat as 1.21.7."""
    text = scene_toml(entities=[_boat([0.5, 30.0, 0.5], id=1, yaw=337.5, no_gravity=True)] + [
        {"type": "tnt", "pos": [0.5, 30.0, 0.5], "id": i, "fuse": 80, "vehicle": 1, "no_gravity": True}
        for i in (2, 3)])

    def seats(version: str, flip: str | None = None) -> tuple[Any, Any]:
        sim = _run(text, version, 2, flip)
        return sim.entity_by_id(2).pos, sim.entity_by_id(3).pos

    old = seats("1.21.3")
    assert seats("1.21.4") == old and seats("1.21.5") == seats("1.21.6") == seats("1.21.7") == seats("1.21.8") == old
    assert seats("1.21.11") == seats("1.21.8", flip="sine_index_double") != old


_CART_LAVA = scene_toml(blocks=[{"from": [-1, 29, -1], "to": [1, 29, 1], "block": "minecraft:stone"},
                                {"from": [-1, 30, -1], "to": [1, 31, 1], "block": "minecraft:lava"}],
                        entities=[{"type": "minecraft:minecart", "pos": [0.5, 34.0, 0.5], "id": 1}])


def _explosions(text: str, version: str, ticks: int, flip: str | None = None) -> list[tuple[Any, Any]]:
    sim = _sim(text, version, flip)
    return [(e["center"], e["power"]) for _ in range(ticks) for e in sim.tick().events if e["kind"] == "explosion"]


def test_minecarts_of_1_21_5_to_1_21_11_run_as_1_21_4_but_for_the_double_fall_distance() -> None:
    """OldMinecartBehavior, AbstractMinecart and MinecartTNT of 1.21.7 (read: 1.21.8's), 1.21.8 and 1.21.11 (tick,
    moveAlongTrack, comeOffTrack, applyNaturalSlowdown, getMaxSpeed, push, explode) are 1.21.4's cart but for the
    double fall distance (`fall_distance_double`; 1.21.5's AbstractMinecart and MinecartTNT read, 1.21.6 bracketed):
    the TNT minecart cannon explodes alike in 1.21.4, 1.21.5, 1.21.8 and 1.21.11; a TNT minecart dropped 10 blocks
    explodes harder from 1.21.8 (its fall distance holds the landing tick's drop), as 1.21.4 with the flag flipped;
    a cart sinking into lava halves its fall distance in double (not a float)."""
    cannon = (SCENES_DIR / "tnt_minecart_cannon.toml").read_text()
    reference = _explosions(cannon, "1.21.4", 60)
    assert len(reference) > 3
    for version in ("1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.11"):
        assert _explosions(cannon, version, 60) == reference
    fall = (SCENES_DIR / "tnt_minecart_fall_1_21_8.toml").read_text()
    (old, old_power), = _explosions(fall, "1.21.4", 40)
    (new, new_power), = _explosions(fall, "1.21.8", 40)
    assert old == new and new_power > old_power
    assert _explosions(fall, "1.21.11", 40) == _explosions(fall, "1.21.7", 40) == [(new, new_power)]
    assert _explosions(fall, "1.21.8", 40, flip="fall_distance_double") == [(old, old_power)]
    # 1.21.8's cart is hurt by lava three times in the tick it enters it (the walks after AbstractMinecart.move and
    # OldMinecartBehavior.tick, then AbstractMinecart.tick's own test) and breaks; its halving is read with the walk
    # off (apply_effects_from_blocks), where only the tick's own test hurts it
    assert _run(_CART_LAVA, "1.21.8", 11).entity_by_id(1) is None
    carts = [_run(_CART_LAVA, "1.21.4", 11).entity_by_id(1),
             _run(_CART_LAVA, "1.21.8", 11, flip="apply_effects_from_blocks").entity_by_id(1)]
    assert all(cart.is_in_lava() and cart.fall_distance > 0.5 for cart in carts)
    assert float(np.float32(carts[0].fall_distance)) == carts[0].fall_distance
    assert float(np.float32(carts[1].fall_distance)) != carts[1].fall_distance


def test_minecarts_push_along_a_facing_from_the_sine_table_indexed_in_double_in_1_21_11() -> None:
    """AbstractMinecart.pushOtherMinecart tests the line between two carts against the cart's facing (cos, sin of
    its yaw): 1.21.11 indexes the table in double (`sine_index_double`), so two carts 0.80003 in line by 1.21.8's
    table (pushed apart, as in 1.21.4) are 0.79998 in line in 1.21.11 (left still); 1.21.9 and 1.21.10 index in float
    (tests/engine/test_version_12110.py)."""
    push = (SCENES_DIR / "minecart_push_facing_1_21_11.toml").read_text()

    def motions(version: str, flip: str | None = None) -> list[Any]:
        sim = _run(push, version, 3, flip)
        return [(sim.entity_by_id(n).pos, sim.entity_by_id(n).motion) for n in (1, 2)]

    pushed = motions("1.21.8")
    assert motions("1.21.4") == pushed and all(m.x != 0.0 for _, m in pushed)
    still = motions("1.21.11")
    assert all(m.x == m.y == m.z == 0.0 for _, m in still)
    assert motions("1.21.11", flip="sine_index_double") == pushed
