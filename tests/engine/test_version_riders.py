"""Riders of boats, minecarts and other entities across 1.16.5-1.21.3 (docs/versions.md, `vehicle_passengers`):
each difference of the game's passenger code between releases, run as the real versions through the loader, with
the values the game's arithmetic gives (derived from the decompiled methods named in each test, not from the
engine's constants). The scenes are the cases of tests/engine/test_versions.py. Living riders of 1.20.5 and later
stop at the living column, so the 1.20.5 and 1.21.2 changes that need one are shown with their flag turned on
in 1.20.4 (the flag test of test_versions.py) until that column is compared."""

from __future__ import annotations

import dataclasses

import pytest

from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_versions import CASES, FLOOR, _with_version

F_0_6 = 0.6000000238418579       # (double)0.6F
F_0_7 = 0.699999988079071        # (double)0.7F
F_0_98 = 0.9800000190734863      # (double)0.98F: the height of TNT, sand and a minecart's TNT
F_0_2 = 0.20000000298023224      # (double)0.2F: the front seat of a boat of two
F_0_6_BACK = -0.6000000238418579  # (double)-0.6F: the back seat


def sim_of(text: str, version: str | None = None, flip: str | None = None) -> Simulation:
    sim = load_scene_text(_with_version(text, version) if version else text, "<riders>")
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    return sim


def run(text: str, ticks: int, version: str | None = None, flip: str | None = None) -> Simulation:
    sim = sim_of(text, version, flip)
    for _ in range(ticks):
        sim.tick()
    return sim


def case(name: str, version: str | None = None, flip: str | None = None) -> Simulation:
    text, ticks, _ = CASES[name]
    return run(text, ticks, version, flip)


def _riding(vehicle: str, rider: str, version: str) -> str:
    noai = {} if rider == "minecraft:player" else {"no_ai": True}
    return scene_toml(scene={"version": version}, entities=[
        {"type": vehicle, "pos": [0.5, 30.0, 0.5], "id": 2, **({"fuse": 80} if vehicle == "tnt" else {})},
        {"type": rider, "pos": [0.5, 30.0, 0.5], "id": 1, "vehicle": 2, **noai}])


@pytest.mark.parametrize(("vehicle", "rider", "mounted", "offset"), [
    ("minecraft:boat", "minecraft:player", -0.1, -0.35),             # BoatEntity.getMountedHeightOffset; Player
    ("minecraft:minecart", "minecraft:zombie", 0.0, -0.45),          # AbstractMinecartEntity 0.0; ZombieEntity
    ("minecraft:minecart", "minecraft:pig", 0.0, 0.14),              # AnimalEntity.getHeightOffset
    ("tnt", "minecraft:wither_skeleton", F_0_98 * 0.75, -0.6)])      # Entity: height × 0.75; AbstractSkeleton
def test_up_to_1_20_1_a_rider_sits_at_the_mounted_offset_plus_its_height_offset(vehicle: str, rider: str,
                                                                                mounted: float,
                                                                                offset: float) -> None:
    """`Entity.updatePassengerPosition` (1.16.5-1.20.1): y = vehicle y + getMountedHeightOffset() +
    passenger.getHeightOffset() (a boat adds them as a float first: `(float)(-0.1 + -0.35)`)."""
    for version in ("1.16.5", "1.20.1"):
        sim = run(_riding(vehicle, rider, version), 2)
        v, r = sim.entity_by_id(2), sim.entity_by_id(1)
        g = -0.44999998807907104 if vehicle == "minecraft:boat" else mounted + offset   # (double)(float)(-0.45)
        assert (r.pos.x, r.pos.z) == (v.pos.x, v.pos.z)
        assert r.pos.y == v.pos.y + g, (vehicle, rider, version)


@pytest.mark.parametrize(("vehicle", "rider", "point", "offset"), [
    ("minecraft:boat", "minecraft:player", 0.1875, -F_0_6),          # 0.5625F / 3.0F; PlayerEntity -0.6F
    ("minecraft:minecart", "minecraft:zombie", 0.1875, -F_0_7),      # 0.1875F; ZombieEntity -0.7F
    ("minecraft:minecart", "minecraft:villager", 0.0, 0.0),          # a villager sits at 0.0F in a cart
    ("minecraft:minecart", "minecraft:pig", 0.1875, 0.0),            # AnimalEntity has no riding offset
    ("tnt", "minecraft:wither_skeleton", F_0_98, -0.875)])           # height; WitherSkeletonEntity -0.875F
def test_from_1_20_2_a_rider_sits_at_the_attachment_point_plus_its_riding_offset(vehicle: str, rider: str,
                                                                                point: float,
                                                                                offset: float) -> None:
    """`Entity.updatePassengerPosition` (1.20.2): `getPassengerRidingPos` (the vehicle's position + its passenger
    attachment point, a Vector3f) + `passenger.getRidingOffset(vehicle)` (a float)."""
    sim = run(_riding(vehicle, rider, "1.20.2"), 2)
    v, r = sim.entity_by_id(2), sim.entity_by_id(1)
    assert (r.pos.x, r.pos.z) == (v.pos.x, v.pos.z)
    assert r.pos.y == v.pos.y + point + offset, (vehicle, rider)


def test_a_zombie_in_a_minecart_sits_6_25_cm_lower_from_1_20_2() -> None:
    """The case of `passenger_attachment_points`: 1.20.1 cart y + 0.0 − 0.45, 1.20.2 cart y + 0.1875F − 0.7F."""
    for version, dy in (("1.16.5", -0.45), ("1.20.1", -0.45), ("1.20.2", 0.1875 - F_0_7), ("1.20.4", 0.1875 - F_0_7)):
        sim = case("passenger_attachment_points", version)
        assert sim.entity_by_id(1).pos.y == sim.entity_by_id(2).pos.y + dy, version
    assert (0.1875 - F_0_7) - -0.45 == pytest.approx(-0.0625, abs=1e-7)


def test_1_20_5_takes_a_player_s_vehicle_attachment_point_off_in_double() -> None:
    """`vehicle_attachment_points` (1.20.5): y = riding point.y − getVehicleAttachmentPos().y, the player's
    `new Vec3d(0.0, 0.6, 0.0)`, where 1.20.2-1.20.4 add its riding offset −0.6F."""
    sim = case("vehicle_attachment_points")
    cart, player = sim.entity_by_id(2), sim.entity_by_id(1)
    assert player.pos.y == cart.pos.y + 0.1875 - F_0_6
    flipped = case("vehicle_attachment_points", flip="vehicle_attachment_points")
    cart, player = flipped.entity_by_id(2), flipped.entity_by_id(1)
    assert player.pos.y == cart.pos.y + 0.1875 - 0.6


def test_a_boat_of_two_seats_them_by_vec3d_rotate_y_from_1_20_5_and_stops_in_1_20_2_to_1_20_4() -> None:
    """Two TNT riding a boat of yaw 0: up to 1.20.1 `Vec3d(f, 0, 0).rotateY(-yaw - π/2)` (MathHelper's table,
    cos(-π/2F) = 0, sin = -1: z + f); 1.20.2-1.20.4 JOML's `Vector3f.rotateY` (not compared: one line); 1.20.5
    `Vec3d(0, height / 3.0F, f).rotateY(-yaw)`: z + f, at the boat's y + 0.1875."""
    text = scene_toml(entities=[{"type": "minecraft:boat", "pos": [0.5, 30.0, 0.5], "id": 3},
                                {"type": "tnt", "pos": [0.5, 30.0, 0.5], "id": 1, "fuse": 80, "vehicle": 3},
                                {"type": "tnt", "pos": [0.5, 30.0, 0.5], "id": 2, "fuse": 80, "vehicle": 3}])
    for version, up in (("1.20.1", -0.10000000149011612), ("1.20.5", 0.1875)):   # (double)(float)(-0.1 + 0.0)
        sim = run(text, 1, version)
        boat = sim.entity_by_id(3)
        for rider, seat in ((1, F_0_2), (2, F_0_6_BACK)):
            assert tuple(sim.entity_by_id(rider).pos) == (0.5, boat.pos.y + up, 0.5 + seat), (version, rider)
    with pytest.raises(NotImplementedError) as err:
        run(text, 1, "1.20.4")
    assert "\n" not in str(err.value) and "JOML's Vector3f.rotateY" in str(err.value)


def test_a_player_sneaking_out_of_a_boat_lands_beside_it_towards_its_own_yaw_from_1_17() -> None:
    """`BoatEntity.updatePassengerForDismount` of a boat on stone (top y 1.5625): up to 1.16.5 the two heights are
    1 + 0 and 1 + 1, neither < 1, so the player stays on the boat's top; from 1.17 the air cell's own height 0 is
    < 1: the player stands at y 1 beside the boat, (1.375F × 1.4142135F + 0.6F + 1.0E-5F) / 2 = 1.2722768... away
    in the direction of its yaw 90 (−x; the boat's yaw 0 would give +z)."""
    assert tuple(case("boat_dismount_passenger_yaw", "1.16.5").entity_by_id(1).pos) == (0.5, 1.5625, 0.5)
    for version in ("1.17", "1.20.4"):
        assert tuple(case("boat_dismount_passenger_yaw", version).entity_by_id(1).pos) == (
            -0.7722768119620014, 1.0, 0.5000000000000001), version
    boat_yaw = case("boat_dismount_passenger_yaw", "1.17", flip="boat_dismount_passenger_yaw")
    assert tuple(boat_yaw.entity_by_id(1).pos) == (0.5, 1.0, 1.7722768119620014)
    old_heights = case("boat_dismount_block_heights", "1.17", flip="boat_dismount_block_heights")
    assert tuple(old_heights.entity_by_id(1).pos) == (0.5, 1.5625, 0.5)


def test_a_rider_keeps_within_105_degrees_of_its_boat() -> None:
    """`BoatEntity.copyEntityData`: a rider turned 150 degrees from its boat is held at 105 (wrapDegrees, clamp)
    each time the boat places it; 1.16.5 `yaw += g − f`, 1.17 `setYaw(getYaw() + g − f)`: here both 105."""
    text = scene_toml(blocks=[FLOOR], entities=[
        {"type": "minecraft:boat", "pos": [0.5, 1.0, 0.5], "id": 2, "on_ground": True},
        {"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1, "vehicle": 2, "yaw": 150.0}])
    for version in ("1.16.5", "1.17"):
        assert run(text, 1, version).entity_by_id(1).yaw == 105.0, version


def test_the_rider_of_a_removed_vehicle_stays_where_it_is_from_1_17() -> None:
    """`LivingEntity.onDismounted` for a NoAI zombie on sand that has no sand block to fall from (removed on its
    first tick, up to 1.19.4): the zombie's riding tick of that tick dismounts it (`Entity.baseTick`), before the
    sand ever seated it. Up to 1.16.5 to the sand's top (y 2 + 0.98F); from 1.17 where the zombie was, the higher
    of its y (the scene's 2.0) and the sand's (2.0)."""
    assert case("dismount_removed_vehicle_in_place", "1.16.5").entity_by_id(1).pos.y == 2.0 + F_0_98
    assert case("dismount_removed_vehicle_in_place", "1.17").entity_by_id(1).pos.y == 2.0


def test_1_21_2_stops_where_the_closest_free_spot_is_not_the_rider_s() -> None:
    """`World.findClosestCollision` (1.21.2): the zombie left inside the sand it rode (placed at y 1) has every
    corner of its centre in the grown sand block: not compared, one line. A ghast riding the same sand has its
    centre 2 above its feet, above the grown block: it stays, (y + 2) − 2."""
    text, ticks, _ = CASES["dismount_closest_free_spot"]
    with pytest.raises(NotImplementedError) as err:
        run(text, ticks, flip="dismount_closest_free_spot")
    assert "\n" not in str(err.value) and "World.findClosestCollision" in str(err.value)
    ghast = text.replace('type = "minecraft:zombie"', 'type = "minecraft:ghast"')
    plain = run(ghast, ticks).entity_by_id(1)
    moved = run(ghast, ticks, flip="dismount_closest_free_spot").entity_by_id(1)
    assert plain.vehicle is None and moved.pos == plain.pos


def test_1_21_2_pushes_a_minecart_by_0_001_of_the_rider_s_keys() -> None:
    """`DefaultMinecartController.moveOnRail` (1.21.2): a player holding W at yaw −90 in a cart at rest adds
    0.001 × movementInputToVelocity((0, 0, 1), 1.0F, −90) = (0.001, 0, 0); the ridden move is 0.75 × that and
    `applySlowdown` × 0.997. Up to 1.21.1 the push is 0.1 × the player's Motion, which is 0 here."""
    sim = case("minecart_rider_input_push")
    assert tuple(sim.entity_by_id(2).motion) == (0.0, -0.0, 0.0)
    sim = case("minecart_rider_input_push", flip="minecart_rider_input_push")
    cart = sim.entity_by_id(2)
    assert cart.pos.x == 0.5 + 0.001 * 0.75 and cart.motion.x == 0.001 * 0.997


def test_the_bundled_riders_scene_runs_at_its_version() -> None:
    """scenes/riders_boat_dismount.toml: the player of the 1.17 boat sneaks out beside it."""
    text = (SCENES_DIR / "riders_boat_dismount.toml").read_text(encoding="utf-8")
    sim = run(text, 3)
    assert sim.entity_by_id(2).vehicle is None and sim.entity_by_id(2).pos.y == 1.0
