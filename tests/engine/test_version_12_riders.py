"""Riders of 1.12.2 and 1.13.2 (docs/versions.md, the `vehicle_passengers` row): EntityMinecart.moveAlongTrack's
rider push, EntityBoat.updatePassenger and EntityLivingBase.dismountEntity of the MCP-named 1.12.2 source and of the
1.13.2 client source, compared with 1.14's (Yarn 4ffac47a3); 1.13-1.13.1, not compared, stop in one line.

The bundled scenes run once per release or flipped flag (module fixtures); the mirrored yaw is the mutant that
catches a sign or an axis swapped in the push; the boat's riders, whose code is 1.14's, are compared with 1.14's
run bit for bit."""
from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from engine.java.javanum import f32
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml

SCENE = "minecart_rider_1_12_2"
TICKS = 20
RUNS: dict[str, tuple[str, float, dict[str, bool]]] = {
    "1.12.2": ("1.12.2", -45.0, {}), "1.12.2 facing west": ("1.12.2", 45.0, {}), "1.14": ("1.14", -45.0, {}),
    "1.12.2 not minecart_rider_forward_push": ("1.12.2", -45.0, {"minecart_rider_forward_push": False})}


def _outcome(text: str, ticks: int, flags: dict[str, bool] | None = None) -> Any:
    """Each entity's position and Motion after `ticks`, or the refusal's one line."""
    sim = load_scene_text(text, "<riders>")
    sim.features = dataclasses.replace(sim.features, **(flags or {}))
    try:
        for _ in range(ticks):
            sim.tick()
    except NotImplementedError as err:
        return str(err)
    return {i: (e.pos, e.motion) for i, e in sim.world.entities.items()}


@pytest.fixture(scope="module")
def runs() -> dict[str, Any]:
    base = (SCENES_DIR / f"{SCENE}.toml").read_text()
    out = {}
    for name, (version, yaw, flags) in RUNS.items():
        text = base.replace('version = "1.12.2"', f'version = "{version}"').replace("yaw = -45.0", f"yaw = {yaw}")
        out[name] = _outcome(text, TICKS, flags)
    return out


def test_1_12_2_rider_pushes_along_its_yaw(runs: dict[str, Any]) -> None:
    """Facing south-east, then south-west, the forward key pushes the cart east, then west, along the rail."""
    east, west = runs["1.12.2"][2], runs["1.12.2 facing west"][2]
    assert east[0].x > 1.5 and east[1].x > 0.0
    assert west[0].x < -0.5 and west[1].x < 0.0
    assert east[0].x - 0.5 == pytest.approx(0.5 - west[0].x, abs=1e-9)   # mirror images
    rider = runs["1.12.2"][1]
    assert (rider[0].x, rider[0].z) == (east[0].x, east[0].z)           # the rider sits on the cart


def test_1_14_and_the_flag_off_push_by_the_riders_motion(runs: dict[str, Any]) -> None:
    """1.14's push reads the rider's Motion, which its riding tick leaves at zero: the cart stays at rest, and
    1.12.2 with the flag turned off does the same."""
    for name in ("1.14", "1.12.2 not minecart_rider_forward_push"):
        cart = runs[name][2]
        assert cart[0].x == 0.5 and cart[1].x == 0.0
    assert runs["1.12.2"][2] != runs["1.14"][2]


def _one_line(text: str, *needles: str) -> None:
    assert isinstance(text, str) and "\n" not in text and "of version" in text
    for n in needles:
        assert n in text


def test_1_13_and_1_13_1_riding_stops_in_one_line() -> None:
    """Riding of 1.13-1.13.1 is not compared (nor is their boat, whose tick stops first)."""
    text = scene_toml(scene={"version": "1.13.1"}, entities=[
        {"type": "minecraft:boat", "pos": [0.5, 30.0, 0.5], "id": 1},
        {"type": "minecraft:zombie", "pos": [0.5, 30.0, 0.5], "id": 2, "no_ai": True, "vehicle": 1}])
    _one_line(_outcome(text, 2), "1.13.1", "1.13-1.13.1 not compared")


BOAT = "boat_riders_1_12_2"
BOAT_TICKS = 20


@pytest.fixture(scope="module")
def boat_runs() -> dict[str, Any]:
    base = (SCENES_DIR / f"{BOAT}.toml").read_text()
    return {v: _outcome(base.replace('version = "1.12.2"', f'version = "{v}"'), BOAT_TICKS)
            for v in ("1.12.2", "1.14")}


def test_1_12_2_boat_seats_its_riders_as_1_14(boat_runs: dict[str, Any]) -> None:
    """EntityBoat.updatePassenger and applyYawToEntity, Entity.updateRidden and getYOffset are 1.14's: the boat
    turned by its player and both riders end where 1.14 puts them, bit for bit (the boat's Motion Y is 0.0 in 1.12.2
    and -0.0 in 1.14: `boat`)."""
    old, new = boat_runs["1.12.2"], boat_runs["1.14"]
    assert old == new and old[1][0] != (0.5, 1.0, 0.5)


def test_1_12_2_boat_riders_sit_on_their_seats() -> None:
    """The player 0.2 ahead of the boat's centre and the pig (an animal) 0.6 - 0.2 behind, along the boat's yaw;
    y - 0.1 + getYOffset; the player's yaw held 105 degrees from the boat's, the pig's turned with it."""
    sim = load_scene_text((SCENES_DIR / f"{BOAT}.toml").read_text(), "<boat>")
    for _ in range(BOAT_TICKS):
        sim.tick()
    boat, player, pig = (sim.entity_by_id(i) for i in (1, 2, 3))
    ahead = (-math.sin(math.radians(boat.yaw)), math.cos(math.radians(boat.yaw)))
    for rider, seat, dy in ((player, 0.2, -0.1 - 0.35), (pig, -0.4, -0.1 + 0.14)):
        dx, dz = rider.pos.x - boat.pos.x, rider.pos.z - boat.pos.z
        assert dx * ahead[0] + dz * ahead[1] == pytest.approx(seat, abs=1e-3)
        assert dx * ahead[1] - dz * ahead[0] == pytest.approx(0.0, abs=1e-3)
        assert rider.pos.y - boat.pos.y == pytest.approx(dy, abs=1e-6)
    assert (player.yaw - boat.yaw) % 360.0 == pytest.approx(105.0, abs=1e-3)   # 150 degrees off at the start
    assert pig.yaw - boat.yaw == pytest.approx(-30.0, abs=1e-3)                 # 0 against the boat's 30


def _dismounted(scene: str, ticks: int, version: str, flags: dict[str, bool] | None = None) -> Any:
    text = (SCENES_DIR / f"{scene}.toml").read_text().replace('version = "1.12.2"', f'version = "{version}"')
    return _outcome(text, ticks, flags)[2][0]


def test_1_12_2_rider_steps_off_a_boat_beside_it() -> None:
    """dismountEntity's boat branch tests the rider's own box against the blocks: the spot 0.001 above the boat's top
    meets the stone, the one 1.001 above is free (1.3875 west along the player's yaw 90). 1.14, or the flag off,
    tests it with the boat's box, which collides, and puts the player on the boat, y + 1.8 + 0.001."""
    old = _dismounted("dismount_boat_1_12_2", 3, "1.12.2")
    assert (old.x, old.z) == pytest.approx((0.5 - 1.3875, 0.5)) and old.y == 1.0 + f32(0.5625) + 1.001
    for new in (_dismounted("dismount_boat_1_12_2", 3, "1.14"),
                _dismounted("dismount_boat_1_12_2", 3, "1.12.2", {"dismount_blocks_only": False})):
        assert (new.x, new.z) == (0.5, 0.5) and new.y == 1.0 + f32(1.8) + 0.001


def test_1_12_2_rider_finds_no_solid_top_on_glass() -> None:
    """Thrown out of a minecart over glass: isTopSolid asks for an opaque material, so no cell is kept and the
    zombie is put on the cart's top; 1.14's hasSolidTopSurface, or the flag off, keeps the last cell (north, the
    cart facing west), one block above the zombie's feet."""
    assert tuple(_dismounted("dismount_minecart_glass_1_12_2", 6, "1.12.2")) == (0.5, 1.0625 + f32(0.7), 0.5)
    for new in (_dismounted("dismount_minecart_glass_1_12_2", 6, "1.14"),
                _dismounted("dismount_minecart_glass_1_12_2", 6, "1.12.2", {"dismount_top_solid_material": False})):
        assert tuple(new) == (0.5, 2.0625, -0.5)


def test_1_12_2_mob_rider_pushes_its_cart_and_1_13_2_does_not() -> None:
    """A zombie walking to a target east of its cart: 1.12.2 reads any living rider's moveForward and the cart
    rolls east; 1.13.2 (a player's alone), 1.14 (a player's Motion) and 1.12.2 with the flag off leave it at rest."""
    text = (SCENES_DIR / "minecart_mob_rider_1_12_2.toml").read_text()
    cart = _outcome(text, 20)[2]
    assert cart[0].x > 2.0 and cart[1].x > 0.0
    for version, flags in (("1.13.2", {}), ("1.14", {}), ("1.12.2", {"minecart_living_rider_push": False})):
        rest = _outcome(text.replace('version = "1.12.2"', f'version = "{version}"'), 20, flags)[2]
        assert rest[0].x == 0.5 and rest[1].x == 0.0


def test_1_13_2_rider_finds_no_solid_top_on_glass_as_1_12_2() -> None:
    """1.13.2's isTopSolid is 1.12.2's material test (its isCollisionBoxesEmpty, blocks and entities, is 1.14's):
    the zombie thrown out over glass is put on the cart as in 1.12.2."""
    assert _dismounted("dismount_minecart_glass_1_12_2", 6, "1.13.2") == \
        _dismounted("dismount_minecart_glass_1_12_2", 6, "1.12.2") != \
        _dismounted("dismount_minecart_glass_1_12_2", 6, "1.14")


def test_1_13_2_boat_seats_its_riders_as_1_14() -> None:
    """1.13.2's EntityBoat.updatePassenger (func_184232_k), applyYawToEntity and getYOffset are 1.14's: a boat
    sliding over packed ice with a zombie and a pig seats them as 1.14 does, bit for bit (the boat's Motion Y is
    0.0 against 1.14's -0.0)."""
    def text(version: str) -> str:
        return scene_toml(scene={"version": version}, blocks=[
            {"from": [-8, 0, -8], "to": [8, 0, 8], "block": "minecraft:packed_ice"}], entities=[
            {"type": "minecraft:boat", "pos": [0.5, 1.0, 0.5], "yaw": 30.0, "motion": [0.3, 0.0, 0.1], "id": 1,
             "on_ground": True},
            {"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "id": 2, "no_ai": True, "vehicle": 1},
            {"type": "minecraft:pig", "pos": [0.5, 1.0, 0.5], "id": 3, "no_ai": True, "vehicle": 1}])
    old, new = _outcome(text("1.13.2"), 10), _outcome(text("1.14"), 10)
    assert old == new and old[1][0].x > 1.5
    assert (old[3][0].y - old[1][0].y, old[2][0].y - old[1][0].y) == pytest.approx((-0.1 + 0.14, -0.1 - 0.45))
