"""Where a living rider lands when it leaves its vehicle in 1.12.2-1.15.2 (`LivingEntity.onDismounted`, 1.14's
method_6038, 1.12.2's and 1.13.2's `EntityLivingBase.dismountEntity`; docs/versions.md `dismount_vehicle_spots`):
no vehicle has an `updatePassengerForDismount` yet.

Beside any vehicle but a boat (horses are not modelled) the rider tries the nine cells around its own cell in the
order of the vehicle's movement direction and its clockwise turn: a cell whose box is free and whose block at the
rider's feet has a solid top takes it at once, one block higher; otherwise the last free cell over solid ground or
water (or, where the box is not free, the last whose box one block up is free over a solid top) is where it is
teleported, else onto the vehicle. Beside a boat it is put (half the two widths) + 0.4 ahead along its own yaw (the
way it faces), on the boat's top; 1.13.2-1.14.4 test that spot together with the boat's box, which always collides,
so the rider lands on the boat at the boat's y + its own height (`dismount_boat_clear_of_boat` from 1.15). 1.12.2
tests block boxes alone, and beside a boat the rider's own box (`dismount_blocks_only`); 1.12.2 and 1.13.2 take a
solid top from the block's material (`dismount_top_solid_material`, `IBlockState.isTopSolid`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import DEGREES_TO_RADIANS, DISMOUNT_BESIDE_GAP, DISMOUNT_LIFT, JAVA_PI_F
from engine.entities.boat import Boat, is_space_empty
from engine.entities.dismounting import HORIZONTAL, PORTALS, movement_direction
from engine.entities.minecart import AbstractMinecart
from engine.geometry.box import Box, Vec3
from engine.influences.fluids import WATER, fluid_state
from engine.influences.fluids_1_12 import is_water
from engine.java.javanum import f32
from engine.java.mathhelper import cos, floor, sin
from engine.motion.collision_boxes import get_collision_boxes
from engine.redstone.directions import UP
from engine.world.block_entities import SHULKER_BOXES
from engine.world.block_physics import DYE_COLORS, WOOD_TYPES
from engine.world.sides_shape import is_face_full_square

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity
    from engine.world.blocks import BlockState

# the cells tried, as (along the movement direction, along its clockwise turn); the first is tried again last
CELLS = ((0, 1), (0, -1), (-1, 1), (-1, -1), (1, 1), (1, -1), (-1, 0), (1, 0), (0, 1))
LIFTS = (DISMOUNT_LIFT, DISMOUNT_LIFT + 1.0)   # the boat spot's heights above the boat's top: 0.001, then 1.001
# 1.12.2's and 1.13.2's `Block.isTopSolid` (an opaque material and `isFullCube`) where it is not the collision shape's
# full top, among the blocks they simulate (full cubes, shapeless blocks, and 1.12.2's slabs, fences, pistons and
# soul sand, whose overrides and boxes agree with the shape but soul sand's): full cubes of a material light passes
# through (GLASS: glass, glowstone, sea lantern, beacon; ICE; TNT; LEAVES) or whose isFullCube is false (stained
# glass, beacon, shulker boxes, a moving piston) are not solid; soul sand, a full cube under its 14-pixel box, is
TOP_SOLID_BY_MATERIAL = {
    **dict.fromkeys(("glass", "glowstone", "sea_lantern", "beacon", "ice", "frosted_ice", "tnt", "moving_piston",
                     *(f"{c}_stained_glass" for c in DYE_COLORS), *(f"{w}_leaves" for w in WOOD_TYPES[:6]),
                     *SHULKER_BOXES), False),
    "soul_sand": True}


def on_dismounted(sim: TickContext, rider: Entity, vehicle: Entity) -> None:
    """`LivingEntity.onDismounted` of 1.12.2-1.15.2 (the server's: `stopRiding` calls it after the rider left)."""
    p = vehicle.pos
    if sim.features.dismount_portal_on_top and \
            sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block in PORTALS:
        rider.set_position(Vec3(p.x, p.y + vehicle.height + DISMOUNT_LIFT, p.z))   # updatePosition: prev kept
    elif isinstance(vehicle, Boat):
        _beside_boat(sim, rider, vehicle)
    else:
        _request_teleport(rider, _beside_vehicle(sim, rider, vehicle))


def _request_teleport(rider: Entity, target: Vec3) -> None:
    """`Entity.requestTeleport` (1.12.2 `setPositionAndUpdate`): `refreshPositionAndAngles`, the previous position
    too."""
    rider.prev_pos = target
    rider.set_position(target)


def _is_free(sim: TickContext, rider: Entity, box: Box) -> bool:
    """`World.doesNotCollide(rider, box)` (1.13.2 `isCollisionBoxesEmpty`): no block, no solid entity, not beyond
    the world border; 1.12.2's `!collidesWithAnyBlock(box)`: no block box (`dismount_blocks_only`)."""
    if sim.features.dismount_blocks_only:
        return not get_collision_boxes(sim.world, box)
    return is_space_empty(sim.world, rider, box)


def _solid_top(sim: TickContext, x: float, y: float, z: float) -> bool:
    """`BlockState.hasSolidTopSurface` at `new BlockPos(x, y, z)`: the collision shape covers the cell's top;
    1.12.2's and 1.13.2's `isTopSolid` (`dismount_top_solid_material`, `TOP_SOLID_BY_MATERIAL`)."""
    state = sim.world.get_block_state(floor(x), floor(y), floor(z))
    if sim.features.dismount_top_solid_material and state.block in TOP_SOLID_BY_MATERIAL:
        return TOP_SOLID_BY_MATERIAL[state.block]
    return is_face_full_square(state.collision_shape, UP.axis, UP.sign)


def _is_water(sim: TickContext, rider: Entity, state: BlockState) -> bool:
    """The cell under the spot holds water (`getFluidState(pos).matches(WATER)`); 1.12.2's `getMaterial() ==
    Material.WATER` (`dismount_blocks_only`)."""
    if sim.features.dismount_blocks_only:
        return is_water(state)
    return fluid_state(state).fluid == WATER


def _beside_vehicle(sim: TickContext, rider: Entity, vehicle: Entity) -> Vec3:
    """The non-boat branch: the cells around the rider's cell, each the rider's box from the vehicle's bottom
    to the floor of it + the rider's height."""
    world = sim.world
    p, y = vehicle.pos, rider.pos.y
    target = Vec3(p.x, p.y + vehicle.height, p.z)     # getBodyY(1.0)
    facing = movement_direction(vehicle.yaw, vehicle.yaw_flipped) if isinstance(vehicle, AbstractMinecart) \
        else floor(vehicle.yaw / 90.0 + 0.5) & 3      # Entity.getMovementDirection: Direction.fromRotation
    (ax, az), (bx, bz) = HORIZONTAL[facing], HORIZONTAL[(facing + 1) % 4]
    k, t = math.floor(rider.pos.x) + 0.5, math.floor(rider.pos.z) + 0.5
    w, d = rider.box.max_x - rider.box.min_x, rider.box.max_z - rider.box.min_z
    bottom = vehicle.box.min_y
    cell = Box.of(k - w / 2.0, bottom, t - d / 2.0, k + w / 2.0, math.floor(bottom) + rider.height, t + d / 2.0)
    for i, j in CELLS:
        u, v = float(ax * i + bx * j), float(az * i + bz * j)
        x, z = k + u, t + v
        box = cell.offset(u, 0.0, v)
        if _is_free(sim, rider, box):
            if _solid_top(sim, x, y, z):
                return Vec3(x, y + 1.0, z)
            if _solid_top(sim, x, y - 1.0, z) or \
                    _is_water(sim, rider, world.get_block_state(floor(x), floor(y - 1.0), floor(z))):
                target = Vec3(x, y + 1.0, z)
        elif _is_free(sim, rider, box.offset(0.0, 1.0, 0.0)) and _solid_top(sim, x, y + 1.0, z):
            target = Vec3(x, y + 2.0, z)
    return target


def _beside_boat(sim: TickContext, rider: Entity, boat: Entity) -> None:
    """The boat branch: ahead along the rider's yaw (−sin and −cos of −yaw·0.017453292F − 3.1415927F, the float
    sine table: the way it faces) on the square of half-side (half the two widths) + 0.4, `updatePosition` (the
    previous position kept)."""
    world, p = sim.world, boat.pos
    gap = float(f32(f32(rider.width / f32(2.0)) + f32(boat.width / f32(2.0)))) + DISMOUNT_BESIDE_GAP
    g = f32(f32(-rider.yaw * DEGREES_TO_RADIANS) - JAVA_PI_F)   # + 0.0F: a boat has no arm offset
    h, j = f32(-sin(g, sim.features.sine_index_double)), f32(-cos(g, sim.features.sine_index_double))
    k = gap / abs(h) if abs(h) > abs(j) else gap / abs(j)
    x, z = rider.pos.x + h * k, rider.pos.z + j * k
    on_top = Vec3(p.x, p.y + boat.height + DISMOUNT_LIFT, p.z)                     # getBodyY(1.0) + 0.001
    if sim.features.dismount_boat_clear_of_boat:
        own = rider.box.offset(-rider.pos.x, -rider.pos.y, -rider.pos.z)
        for lift in LIFTS:
            y = boat.box.max_y + lift
            if is_space_empty(world, rider, own.offset(x, y, z), boat):
                rider.set_position(Vec3(x, y, z))
                return
        rider.set_position(on_top)
        return
    alone = sim.features.dismount_blocks_only   # 1.12.2: the rider's box alone, not its union with the boat's
    for lift in LIFTS:
        rider.set_position(Vec3(x, p.y + boat.height + lift, z))
        if _is_free(sim, rider, rider.box if alone else rider.box.union(boat.box)):
            return
    rider.set_position(Vec3(p.x, p.y + rider.height + DISMOUNT_LIFT, p.z))
