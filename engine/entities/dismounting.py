"""Where a living rider lands when it leaves its vehicle (1.16.5 `LivingEntity.onDismounted`,
`Entity.updatePassengerForDismount` and its boat and minecart overrides, `Dismounting`; spec 04 §11).

A living rider that stops riding is teleported: onto its vehicle's top (x, box top, z) when the vehicle was removed
or stands in a portal, else where the vehicle's `updatePassengerForDismount` says. A boat tries the cell beside it
in the direction of its yaw, at the height of the block there or the block below; a minecart tries eight cells
around it (`Dismounting.getDismountOffsets` of its movement direction) at three levels, each pose of the rider in
turn. A pose that fits is the rider's new pose. Entities that are not living stay where they are.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import (
    DEGREES_TO_RADIANS,
    DISMOUNT_CART_MAX_WIDTH,
    DISMOUNT_GAP,
    DISMOUNT_MAX_HEIGHT,
    SQUARE_ROOT_OF_TWO,
)
from engine.geometry.box import Box, Vec3
from engine.geometry.shapes import EMPTY, VoxelShape
from engine.influences.fluids import WATER, fluid_state
from engine.java.javanum import f32
from engine.java.mathhelper import ceil, cos, floor, sin
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.entities.entity import Entity
    from engine.world.world import World

PORTALS = frozenset({"nether_portal", "end_portal", "end_gateway"})   # BlockTags.PORTALS
# Direction.fromHorizontal order (SOUTH, WEST, NORTH, EAST) as (x, z) offsets; clockwise is the next one
HORIZONTAL = ((0, 1), (-1, 0), (0, -1), (1, 0))
# AbstractMinecartEntity.VEHICLE_ATTACHMENT_POS: the levels tried per pose, relative to the cart's cell
CART_LEVELS = {"standing": (0, 1, -1), "crouching": (0, 1, -1), "swimming": (0, 1)}
Pose = tuple[str, float, float]   # a pose the rider may take: name, width, height (floats)


def on_dismounted(world: World, rider: Entity, vehicle: Entity) -> None:
    """`LivingEntity.onDismounted`: `requestTeleport` to the dismount position."""
    p = vehicle.pos
    if vehicle.removed or world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block in PORTALS:
        target = Vec3(p.x, p.y + vehicle.height, p.z)
    else:
        target = vehicle.update_passenger_for_dismount(world, rider)
    rider.prev_pos = target
    rider.set_position(target)


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


def can_place_entity_at(world: World, box: Box) -> bool:
    """`Dismounting.canPlaceEntityAt`: no block collision shape meets the box."""
    return world.is_space_empty(box)


def _shape(world: World, x: int, y: int, z: int) -> VoxelShape:
    """The block's collision shape (`AbstractBlockState.getCollisionShape`)."""
    return world.get_collision_shape(world.get_block_state(x, y, z), x, y, z)


def _dismount_shape(world: World, x: int, y: int, z: int) -> VoxelShape:
    """`Dismounting.getCollisionShape`: none for climbable blocks and open trapdoors."""
    state = world.get_block_state(x, y, z)
    if phys.is_climbable(state.block) or (state.block.endswith("trapdoor") and state.properties.get("open") == "true"):
        return EMPTY
    return world.get_collision_shape(state, x, y, z)


def passenger_dismount_offset(vehicle_width: float, passenger_width: float, yaw: float) -> tuple[float, float]:
    """`Entity.getPassengerDismountOffset`: (x, z) on the square around the vehicle in the direction of `yaw`."""
    d = (vehicle_width + passenger_width + DISMOUNT_GAP) / 2.0
    f = f32(-sin(f32(yaw * DEGREES_TO_RADIANS)))
    g = cos(f32(yaw * DEGREES_TO_RADIANS))
    h = max(abs(f), abs(g))
    return f * d / h, g * d / h


def boat_dismount(world: World, boat: Entity, rider: Entity) -> Vec3:
    """`BoatEntity.updatePassengerForDismount` (1.16.5): beside the boat (its width × √2, its yaw), unless the
    cell below that point holds water, at the height y + the dismount height of the cell at the boat's top or of
    the one below it (both from y, the top cell's level), in the first pose that fits. `Dismounting.findDismountPos`
    tests `canDismountInBlock` (< 1) on that absolute height, so only a boat whose top is in the lowest row
    (y 0) can put its rider beside it; elsewhere the rider goes on top of the boat."""
    ox, oz = passenger_dismount_offset(float(f32(boat.width * SQUARE_ROOT_OF_TWO)), rider.width, boat.yaw)
    d, e = boat.pos.x + ox, boat.pos.z + oz
    x, y, z = floor(d), floor(boat.box.max_y), floor(e)
    if fluid_state(world.get_block_state(x, y - 1, z)).fluid != WATER:
        heights = [y + dismount_height(_shape(world, x, j, z), _shape(world, x, j - 1, z)) for j in (y, y - 1)]
        for pose, width, height in rider.dismount_poses():
            half = float(f32(width / f32(2.0)))
            for h in heights:
                if not can_dismount_in_block(h):
                    continue
                at = Vec3(d, h, e)
                if can_place_entity_at(world, Box.of(at.x - half, at.y, at.z - half, at.x + half, at.y + height,
                                                     at.z + half)):
                    rider.set_pose(pose)
                    return at
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
                if can_place_entity_at(world, Box.of(cx - f, cy, cz - f, cx + f, cy + height, cz + f)):
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
