"""Where riders land when they leave a boat or a minecart (1.16.5 `LivingEntity.onDismounted`,
`BoatEntity`/`AbstractMinecartEntity.updatePassengerForDismount`, `Dismounting`), run as scenes."""

from __future__ import annotations

from engine.geometry.box import Vec3
from engine.java.javanum import f32
from engine.tick.simulation import Simulation
from tests.conftest import build_scene
from tests.scene_parts import CART_ON_RAIL_Y, cell, cuboid, entity, floor, held, with_riders

ACTIVATOR_RAIL = cell((0, 1, 0), "minecraft:activator_rail[shape=east_west,powered=true]")
WALL_NORTH = cuboid((-1, 1, -1), (1, 3, -1))


def cart_scene(rider: str, *blocks: dict) -> Simulation:
    """A cart (id 1) on a powered activator rail on a stone floor, `rider` (id 2) in it, then `blocks`."""
    return build_scene(blocks=[floor(2), ACTIVATOR_RAIL, *blocks],
                       entities=with_riders(entity("minecart", (0.5, CART_ON_RAIL_Y, 0.5)), rider))


def test_an_activator_rail_puts_a_player_on_the_cell_right_of_the_carts_movement_direction() -> None:
    """A cart at rest has yaw 0: facing south, movement direction west (rotated clockwise), so the first offset
    (the right of west) is north: the centre of cell (0, 1, −1), on the stone below it (dismount height 0)."""
    sim = cart_scene("player")
    sim.tick()
    rider = sim.entity_by_id(2)
    assert rider.vehicle is None and rider.pos == Vec3(0.5, 1.0, -0.5) and rider.pose == "standing"


def test_a_wall_on_the_right_sends_the_rider_left_and_a_zombie_too() -> None:
    """The north cell is a full block (dismount height 1, refused): the second offset, south, is taken."""
    for rider in ("player", "zombie"):
        sim = cart_scene(rider, WALL_NORTH)
        sim.tick()
        assert sim.entity_by_id(2).pos == Vec3(0.5, 1.0, 1.5), rider


def test_a_rider_walled_in_on_every_side_crouches_or_stands_on_the_cart() -> None:
    """No cell around fits at any level: on top of the cart (x, box top, z); the standing pose fits under the
    open sky there."""
    walls, air = cuboid((-1, 1, -1), (1, 3, 1)), cuboid((0, 2, 0), (0, 3, 0), "minecraft:air")
    sim = cart_scene("player", walls, ACTIVATOR_RAIL, air)
    cart = sim.entity_by_id(1)
    sim.tick()
    rider = sim.entity_by_id(2)
    assert rider.vehicle is None
    assert rider.pos == Vec3(cart.pos.x, cart.box.max_y, cart.pos.z) and rider.pose == "standing"


def boat_scene(floor_block: str, y: float = 1.0) -> Simulation:
    """A boat (id 1) at height `y` on a floor of `floor_block`, a player (id 2) in it who sneaks in tick 2."""
    return build_scene(blocks=[floor(3, floor_block)], entities=with_riders(entity("boat", (0.5, y, 0.5)), "player"),
                       inputs=[held(2, 2, 2, sneak=True)])


def test_a_player_sneaking_out_of_a_boat_on_land_stays_on_top_of_it() -> None:
    """1.16.5 `BoatEntity.updatePassengerForDismount` hands `Dismounting.findDismountPos` the absolute heights
    y + dismount height (1 + 0 and 1 + 1 beside a boat on stone), and `canDismountInBlock` wants less than 1: the
    fallback, on top of the boat (x, box top, z)."""
    sim = boat_scene("minecraft:stone")
    sim.tick()
    boat, rider = sim.entity_by_id(1), sim.entity_by_id(2)
    top = Vec3(boat.pos.x, boat.box.max_y, boat.pos.z)   # the rider sneaks before the entity phase of tick 2
    sim.tick()
    assert rider.vehicle is None and rider.pos == top


def test_a_boat_in_the_lowest_row_puts_its_rider_beside_it_in_its_yaw() -> None:
    """A boat on two layers of snow in row 0: the height beside it is 0 + 0.125 < 1, so the rider lands there,
    offset (width·√2 + 0.6 + 1e-5F) / 2 along the boat's yaw (0: +z)."""
    sim = boat_scene("minecraft:snow[layers=2]", 0.125)
    sim.tick()
    boat, rider = sim.entity_by_id(1), sim.entity_by_id(2)
    x, z = boat.pos.x, boat.pos.z                    # the rider sneaks before the entity phase of tick 2
    sim.tick()
    assert rider.vehicle is None
    # getPassengerDismountOffset: (boat width 1.375F × √2 in float + player width 0.6F + 1e-5F) / 2
    d = (float(f32(1.375 * f32(1.4142135))) + 0.6000000238418579 + 9.999999747378752e-06) / 2.0
    assert rider.pos == Vec3(x + -0.0 * d, 0.125, z + d)


def test_a_boat_over_water_puts_the_rider_on_top_of_it() -> None:
    """Water in the cell below the point beside the boat: vanilla's fallback, the boat's x, box top, z."""
    sim = boat_scene("minecraft:water", 0.6)
    sim.tick()
    boat, rider = sim.entity_by_id(1), sim.entity_by_id(2)
    top = Vec3(boat.pos.x, boat.box.max_y, boat.pos.z)   # the rider sneaks before the entity phase of tick 2
    sim.tick()
    assert rider.vehicle is None and rider.pos == top
