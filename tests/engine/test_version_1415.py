"""Riders leaving boats and minecarts in 1.14-1.15.2 (engine/entities/dismounting_1_14.py; docs/versions.md
`vehicle_passengers`): before 1.16 no vehicle has an updatePassengerForDismount, and `LivingEntity.onDismounted`
searches itself (`dismount_vehicle_spots`, 1.16): beside a minecart the last free cell of nine around the rider's
over solid ground, one block above the rider's feet; beside a boat ahead along the rider's yaw on the boat's top + 0.001
where nothing but the boat is in the way (`dismount_boat_clear_of_boat`, 1.15; 1.14-1.14.4 test the boat's box
too, so the rider lands on the boat at its y + the rider's height + 0.001); in a portal on the vehicle's body top
+ 0.001 (`dismount_portal_on_top`, 1.15). Each scene's version is the old one; 1.16 (and 1.14.4 for the 1.15
changes) are its neighbours."""

from __future__ import annotations

import pytest

from engine.entities.entity import Entity
from engine.geometry.box import Vec3
from engine.java.javanum import f32
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR
from tests.engine.test_versions import _with_version

BOAT = (SCENES_DIR / "dismount_boat_1_15_2.toml").read_text()
PORTAL = (SCENES_DIR / "dismount_portal_1_15.toml").read_text()
CART = (SCENES_DIR / "dismount_minecart_1_15_2.toml").read_text()
WALL_NORTH = '\n[[blocks]]\nfrom = [0, 1, -1]\nto = [0, 1, -1]\nblock = "minecraft:stone"\n'
LIFT = 0.001          # onDismounted: 0.001 above the top the rider is put on
PLAYER_HEIGHT = 1.7999999523162842


def _dismount(text: str, version: str, ticks: int) -> tuple[Entity, Entity, Vec3, Vec3]:
    """The scene at `version` after `ticks` ticks, the last of which its rider (id 2) left the vehicle (id 1) in:
    the vehicle, the rider and their positions."""
    sim = load_scene_text(_with_version(text, version), "<1.14-1.15.2 dismount>")
    vehicle, rider = sim.entity_by_id(1), sim.entity_by_id(2)
    for _ in range(ticks):
        sim.tick()
    assert rider.vehicle is None and not vehicle.passengers
    return vehicle, rider, vehicle.pos, rider.pos


@pytest.fixture(scope="module")
def boat_runs() -> dict[str, tuple[Entity, Entity, Vec3, Vec3]]:
    """The sneak tick (3) of the boat scene in each release around 1.15."""
    return {v: _dismount(BOAT, v, 3) for v in ("1.14", "1.14.4", "1.15", "1.15.2", "1.16")}


@pytest.mark.parametrize("version", ["1.15", "1.15.2"])
def test_a_boat_rider_lands_ahead_along_its_yaw_on_the_boats_top_in_1_15(boat_runs: dict, version: str) -> None:
    """The player's yaw 90: -yaw·0.017453292F - 3.1415927F is -3π/2, whose sine is 1 and cosine about 0: the
    player is put 0.6F / 2 + 1.375F / 2 + 0.4 west of its seat (x 0.5), at the boat's top + 0.001 (it falls
    from the next tick on); z moves only by the sine table's cosine near 0."""
    boat, rider, _, _ = boat_runs[version]
    gap = float(f32(f32(rider.width / 2.0) + f32(boat.width / 2.0))) + 0.4
    assert rider.pos.x == 0.5 - gap and abs(rider.pos.z - 0.5) < 1e-12
    assert rider.pos.y == boat.box.max_y + LIFT


@pytest.mark.parametrize("version", ["1.14", "1.14.4"])
def test_a_boat_rider_of_1_14_lands_on_the_boat_at_its_own_height(boat_runs: dict, version: str) -> None:
    """1.14-1.14.4 test the spot together with the boat's box: the boat is in the way of both tries, so the
    player is put at the boat's x, z and its y + the player's height + 0.001."""
    boat, rider, _, _ = boat_runs[version]
    assert rider.pos == Vec3(boat.pos.x, boat.pos.y + PLAYER_HEIGHT + LIFT, boat.pos.z)


def test_the_three_boat_dismounts_differ(boat_runs: dict) -> None:
    """1.14.4, 1.15.2 and 1.16 put the rider in three different places (1.16's boat: on its top, 1.5625)."""
    boat, rider, _, _ = boat_runs["1.16"]
    assert rider.pos == Vec3(boat.pos.x, boat.box.max_y, boat.pos.z)
    assert len({boat_runs[v][3] for v in ("1.14.4", "1.15.2", "1.16")}) == 3


def test_a_rider_in_a_portal_lands_on_the_boats_top_from_1_15() -> None:
    """A boat in a nether portal: 1.15 puts the player on the boat's body top + 0.001 (no room check), 1.14.4 has
    no portal case (the boat case: y + the player's height + 0.001), 1.16 on the boat's top."""
    boat, rider, _, _ = _dismount(PORTAL, "1.15", 3)
    assert rider.pos == Vec3(boat.pos.x, boat.pos.y + boat.height + LIFT, boat.pos.z)
    boat, rider, _, _ = _dismount(PORTAL, "1.14.4", 3)
    assert rider.pos == Vec3(boat.pos.x, boat.pos.y + PLAYER_HEIGHT + LIFT, boat.pos.z)
    boat, rider, _, _ = _dismount(PORTAL, "1.16", 3)
    assert rider.pos == Vec3(boat.pos.x, boat.box.max_y, boat.pos.z)


@pytest.mark.parametrize("version", ["1.14", "1.15.2"])
def test_an_activator_rail_throws_the_rider_one_block_up_over_the_last_free_cell(version: str) -> None:
    """The cart at rest faces south (yaw 0): movement direction west, its clockwise turn north. All nine cells
    around the zombie's cell are free over stone, so the last, north again, is taken: its centre, one block above
    the zombie's feet (its position at the ejection, the cart's y 1.0625 before any seat update); with stone in the
    north cell the last free one is west. 1.16 sets it on the stone north of the cart (y 1)."""
    _, _, _, at = _dismount(CART, version, 1)
    assert at == Vec3(0.5, 1.0625 + 1.0, -0.5)
    _, _, _, at = _dismount(CART + WALL_NORTH, version, 1)
    assert at == Vec3(-0.5, 1.0625 + 1.0, 0.5)
    _, _, _, at = _dismount(CART, "1.16", 1)
    assert at == Vec3(0.5, 1.0, -0.5)
