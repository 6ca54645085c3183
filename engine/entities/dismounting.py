"""Where a living rider lands when it leaves its vehicle (1.16.5 `LivingEntity.onDismounted`,
`Entity.updatePassengerForDismount` and its boat and minecart overrides, `Dismounting`; spec 04 §11).

A living rider that stops riding is teleported: where the vehicle's `updatePassengerForDismount` says, unless the
vehicle was removed or stands in a portal: then onto its top (x, y + height, z) up to 1.16.5, and from 1.17
(`dismount_removed_vehicle_in_place`) where the rider is, at the higher of its and the vehicle's y; from 1.21.2
(`dismount_closest_free_spot`) that spot is moved to the closest one free of block collisions. A boat tries the
cell beside it in the direction of its yaw (the rider's from 1.17, `boat_dismount_passenger_yaw`), at the height
of the block there or the block below; a minecart tries eight cells around it (`Dismounting.getDismountOffsets`
of its movement direction) at three levels, each pose of the rider in turn. A pose that fits is the rider's new
pose. Entities that are not living stay where they are.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import (
    DEGREES_TO_RADIANS,
    DISMOUNT_CART_MAX_WIDTH,
    DISMOUNT_FREE_SPOT_MAX_SIZE,
    DISMOUNT_GAP,
    DISMOUNT_MAX_HEIGHT,
    SQUARE_ROOT_OF_TWO,
)
from engine.core.versions import refusal
from engine.geometry.box import Box, Vec3
from engine.geometry.shapes import EMPTY, VoxelShape
from engine.influences.fluids import WATER, fluid_state
from engine.java.javanum import f32
from engine.java.mathhelper import ceil, cos, floor, sin
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity
    from engine.world.world import World

PORTALS = frozenset({"nether_portal", "end_portal", "end_gateway"})   # BlockTags.PORTALS
# Direction.fromHorizontal order (SOUTH, WEST, NORTH, EAST) as (x, z) offsets; clockwise is the next one
HORIZONTAL = ((0, 1), (-1, 0), (0, -1), (1, 0))
# AbstractMinecartEntity.VEHICLE_ATTACHMENT_POS: the levels tried per pose, relative to the cart's cell
CART_LEVELS = {"standing": (0, 1, -1), "crouching": (0, 1, -1), "swimming": (0, 1)}
Pose = tuple[str, float, float]   # a pose the rider may take: name, width, height (floats)


def on_dismounted(sim: TickContext, rider: Entity, vehicle: Entity) -> None:
    """`LivingEntity.onDismounted`: `requestTeleport` to the dismount position."""
    p, features = vehicle.pos, sim.features
    gone = vehicle.removed or sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block in PORTALS
    if features.dismount_removed_vehicle_in_place and rider.removed:
        target = rider.pos
    elif not gone:
        target = vehicle.update_passenger_for_dismount(sim, rider)
    elif features.dismount_removed_vehicle_in_place:
        target = Vec3(rider.pos.x, max(rider.pos.y, p.y), rider.pos.z)
        if features.dismount_closest_free_spot:
            target = closest_free_spot(sim, rider, target)
    else:
        target = Vec3(p.x, p.y + vehicle.height, p.z)
    rider.prev_pos = target
    rider.set_position(target)


def closest_free_spot(sim: TickContext, rider: Entity, at: Vec3) -> Vec3:
    """`World.findClosestCollision` in `LivingEntity.onDismounted` (1.21.2) for a rider at most 4 wide and high:
    the point of the rider's box centred at `at` + half its height, less the block collision boxes near it (each
    grown by half the rider's size), closest to that centre, lowered by half the height again. Where the centre is
    not inside the grown boxes' union (some corner of it stays free), the closest point is the centre itself;
    else the point is not compared: stop in one line."""
    w, h = float(rider.width), float(rider.height)
    if w > DISMOUNT_FREE_SPOT_MAX_SIZE or h > DISMOUNT_FREE_SPOT_MAX_SIZE or w == 0.0 or h == 0.0:
        return at
    e = h / 2.0
    c = Vec3(at.x, at.y + e, at.z)
    box = Box.of(c.x - w / 2.0, c.y - e, c.z - w / 2.0, c.x + w / 2.0, c.y + e, c.z + w / 2.0)
    near = sim.world.get_block_collisions(box.expand(w, h, w), rider.shape_context(sim.world))
    grown = [(ox + b[0] - w / 2.0, oy + b[1] - e, oz + b[2] - w / 2.0, ox + b[3] + w / 2.0, oy + b[4] + e,
              oz + b[5] + w / 2.0) for shape, (ox, oy, oz) in near for b in shape.boxes]
    p = (c.x, c.y, c.z)

    def covers(g: tuple[float, ...], signs: tuple[int, int, int]) -> bool:
        return all(g[i] <= p[i] < g[i + 3] if s > 0 else g[i] < p[i] <= g[i + 3] for i, s in enumerate(signs))

    corners = [(sx, sy, sz) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    if all(any(covers(g, signs) for g in grown) for signs in corners):
        raise refusal(sim.features, "vehicle_passengers", f"entity {rider.id} ({rider.TYPE}), tick {sim.tick_count}",
                      "a rider left by a removed vehicle inside the blocks near it moves to the closest free point "
                      "(World.findClosestCollision, 1.21.2), not compared")
    return Vec3(c.x, c.y - e, c.z)   # pos.add(0.0, -e, 0.0)


def vehicle_top(vehicle: Entity) -> Vec3:
    """`Entity.updatePassengerForDismount`: the vehicle's x, z and the top of its box."""
    return Vec3(vehicle.pos.x, vehicle.box.max_y, vehicle.pos.z)


def dismount_height(shape: VoxelShape, below: VoxelShape) -> float:
    """`BlockView.getDismountHeight(shape, below)`: the top of the cell's shape; without one, the part of the
    shape below reaching above its cell (a fence: 0.5); else −∞."""
    if not shape.is_empty:
        return max(b[4] for b in shape.boxes)
    top = max((b[4] for b in below.boxes), default=-math.inf) if not below.is_empty else -math.inf
    return top - 1.0 if top >= 1.0 else -math.inf


def can_dismount_in_block(height: float) -> bool:
    """`Dismounting.canDismountInBlock`."""
    return not math.isinf(height) and height < DISMOUNT_MAX_HEIGHT


def can_place_entity_at(world: World, rider: Entity, box: Box) -> bool:
    """`Dismounting.canPlaceEntityAt`: no block collision shape the rider's context gets meets the box."""
    return world.is_space_empty(box, rider.shape_context(world))


def _shape(world: World, x: int, y: int, z: int) -> VoxelShape:
    """The block's collision shape (`AbstractBlockState.getCollisionShape`)."""
    return world.get_collision_shape(world.get_block_state(x, y, z), x, y, z)


def _dismount_shape(world: World, x: int, y: int, z: int) -> VoxelShape:
    """`Dismounting.getCollisionShape`: none for climbable blocks and open trapdoors."""
    state = world.get_block_state(x, y, z)
    if phys.is_climbable(state.block) or (state.block.endswith("trapdoor") and state.properties.get("open") == "true"):
        return EMPTY
    return world.get_collision_shape(state, x, y, z)


def passenger_dismount_offset(vehicle_width: float, passenger_width: float, yaw: float,
                              index_double: bool = False) -> tuple[float, float]:
    """`Entity.getPassengerDismountOffset`: (x, z) on the square around the vehicle in the direction of `yaw` (the
    sine table indexed in double with `index_double`, `sine_index_double`)."""
    d = (vehicle_width + passenger_width + DISMOUNT_GAP) / 2.0
    f = f32(-sin(f32(yaw * DEGREES_TO_RADIANS), index_double))
    g = cos(f32(yaw * DEGREES_TO_RADIANS), index_double)
    h = max(abs(f), abs(g))
    return f * d / h, g * d / h


def boat_dismount(sim: TickContext, boat: Entity, rider: Entity) -> Vec3:
    """`BoatEntity.updatePassengerForDismount`: beside the boat (its width × √2) in the direction of its yaw (the
    rider's from 1.17, `boat_dismount_passenger_yaw`), unless the cell below that point holds water, at the height
    of the cell at the boat's top or of the one below it, in the first pose that fits. Up to 1.16.5 both heights
    are y + the cell's dismount height (y the top cell's level) and `Dismounting.findDismountPos` tests
    `canDismountInBlock` (< 1) on that absolute height, so only a boat whose top is in the lowest row (y 0) can put
    its rider beside it; from 1.17 (`boat_dismount_block_heights`) each cell's own dismount height is tested and
    the lower cell's height is added to its own level."""
    world, features = sim.world, sim.features
    yaw = rider.yaw if features.boat_dismount_passenger_yaw else boat.yaw
    ox, oz = passenger_dismount_offset(float(f32(boat.width * SQUARE_ROOT_OF_TWO)), rider.width, yaw,
                                       features.sine_index_double)
    d, e = boat.pos.x + ox, boat.pos.z + oz
    x, y, z = floor(d), floor(boat.box.max_y), floor(e)
    if fluid_state(world.get_block_state(x, y - 1, z)).fluid != WATER:
        heights = [(j, dismount_height(_shape(world, x, j, z), _shape(world, x, j - 1, z))) for j in (y, y - 1)]
        if features.boat_dismount_block_heights:
            spots = [j + h for j, h in heights if can_dismount_in_block(h)]
        else:
            spots = [y + h for _, h in heights if can_dismount_in_block(y + h)]
        for pose, width, height in rider.dismount_poses():
            half = float(f32(width / f32(2.0)))
            for h in spots:
                if can_place_entity_at(world, rider, Box.of(d - half, h, e - half, d + half, h + height, e + half)):
                    rider.set_pose(pose)
                    return Vec3(d, h, e)
    return vehicle_top(boat)


def dismount_offsets(facing: int) -> tuple[tuple[int, int], ...]:
    """`Dismounting.getDismountOffsets` of the horizontal direction `HORIZONTAL[facing]`: right, left, back-right,
    back-left, front-right, front-left, back, front."""
    mx, mz = HORIZONTAL[facing]
    rx, rz = HORIZONTAL[(facing + 1) % 4]     # rotateYClockwise
    lx, lz, bx, bz = -rx, -rz, -mx, -mz
    return ((rx, rz), (lx, lz), (bx + rx, bz + rz), (bx + lx, bz + lz), (mx + rx, mz + rz), (mx + lx, mz + lz),
            (bx, bz), (mx, mz))


def movement_direction(yaw: float, flipped: bool) -> int:
    """`AbstractMinecartEntity.getMovementDirection`: the facing of its yaw (`Direction.fromRotation`), turned
    back when the yaw is flipped, then rotated clockwise; an index into `HORIZONTAL`."""
    facing = floor(yaw / 90.0 + 0.5) & 3
    if flipped:
        facing = (facing + 2) % 4
    return (facing + 1) % 4


def minecart_dismount(world: World, cart: Entity, rider: Entity) -> Vec3:
    """`AbstractMinecartEntity.updatePassengerForDismount`: per pose, per level, per offset, the centre of the
    first cell whose dismount height (climbable blocks and open trapdoors count as empty) lets the pose's box
    fit; else on top of the cart, taking the first pose whose height fits under the ceiling there."""
    offsets = dismount_offsets(movement_direction(cart.yaw, cart.yaw_flipped))
    bx, by, bz = floor(cart.pos.x), floor(cart.pos.y), floor(cart.pos.z)
    poses = rider.dismount_poses()
    for pose, width, height in poses:
        f = float(f32(min(f32(width), DISMOUNT_CART_MAX_WIDTH) / f32(2.0)))
        for i in CART_LEVELS[pose]:
            for ox, oz in offsets:
                x, y, z = bx + ox, by + i, bz + oz
                d = dismount_height(_dismount_shape(world, x, y, z), _dismount_shape(world, x, y - 1, z))
                if not can_dismount_in_block(d):
                    continue
                cx, cy, cz = x + 0.5, y + d, z + 0.5
                if can_place_entity_at(world, rider, Box.of(cx - f, cy, cz - f, cx + f, cy + height, cz + f)):
                    rider.set_pose(pose)
                    return Vec3(cx, cy, cz)
    e = cart.box.max_y
    y0 = floor(e)
    for pose, _, height in poses:
        if e + height <= ceiling_height(world, bx, y0, bz, ceil(e - y0 + height)):
            rider.set_pose(pose)
            break
    return vehicle_top(cart)


def ceiling_height(world: World, x: int, y: int, z: int, max_distance: int) -> float:
    """`Dismounting.getCeilingHeight`: the bottom of the first collision shape in the cells y.. upwards."""
    for i in range(max_distance):
        shape = _shape(world, x, y + i, z)
        if not shape.is_empty:
            return y + i + min(b[1] for b in shape.boxes)
    return math.inf
