"""Stages several entities share: gravity, drag, push-out (spec 01 §4, spec 04 §14)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import PUSH_OUT_BASE, PUSH_OUT_DAMPING, PUSH_OUT_SPREAD, XP_ORB_LAVA_KICK
from engine.entities import item_kernel
from engine.geometry.box import Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.motion.collision_boxes import get_collision_boxes
from engine.motion.supporting_block import get_velocity_affecting_pos
from engine.world import block_physics as phys
from engine.world import blocks

if TYPE_CHECKING:
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World


def add_motion(e: Entity, x: float, y: float, z: float) -> None:
    """`setVelocity(getVelocity().add(x, y, z))`: gravity and other accelerations."""
    m = e.motion
    e.motion = Vec3(m.x + x, m.y + y, m.z + z)


def subtract_motion_y(e: Entity, g: float) -> None:
    """`motionY -= g` on the 1.12.2 motion fields: X and Z untouched (1.14's add(0, -g, 0) turns a -0.0 of theirs
    into 0.0)."""
    m = e.motion
    e.motion = Vec3(m.x, m.y - g, m.z)


def scale_motion(e: Entity, x: float, y: float, z: float) -> None:
    """`setVelocity(getVelocity().multiply(x, y, z))`: drags and ground factors."""
    m = e.motion
    e.motion = Vec3(m.x * x, m.y * y, m.z * z)


def slippery_drag(e: Entity, world: World, features: Features, drag: float, drag_y: float | None) -> None:
    """Items and XP orbs (spec 04 §4): X/Z × drag, times the slipperiness of the block 1 m below when on the
    ground (a float product; from 1.20 the block at the velocity-affecting position, under the supporting block),
    Y × drag_y (`item_kernel.slippery_drag`, which the items' row loop runs too; a 1.21.8 XP orb's Y takes X's
    factor, `drag_y` None)."""
    slipperiness = 1.0
    if e.on_ground:
        if features.supporting_block:
            below = world.get_block_state(*get_velocity_affecting_pos(e, world, features))
        else:
            p = e.pos
            below = world.get_block_state(floor(p.x), floor(p.y - 1.0), floor(p.z))
        slipperiness = phys.slipperiness(below.block)
    m = e.motion
    x, y, z = _slippery_drag(m.x, m.y, m.z, slipperiness, e.on_ground, drag, 1.0 if drag_y is None else drag_y)
    if drag_y is None:      # Y × X's factor: the kernel's X of (m.y, 0, 0)
        y = _slippery_drag(m.y, 0.0, 0.0, slipperiness, e.on_ground, drag, 1.0)[0]
    e.motion = Vec3(x, y, z)


@lru_cache(maxsize=1)
def slipperiness_column() -> np.ndarray:
    """`Block.getSlipperiness` per block state id (what the row loops read)."""
    return np.array([phys.slipperiness(st.block) for st in blocks.all_states()])


_slippery_drag = plain(item_kernel.slippery_drag)
# Entity.pushOutOfBlocks tries these faces, keeping the nearest open one (UP when none is nearer; a tie keeps the
# first): NORTH, SOUTH, WEST, EAST, UP; 1.12.2's (`push_out_1_12`) WEST, EAST, NORTH, SOUTH, UP
_PUSH_DIRECTIONS = ((0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0), (0, 1, 0))
_PUSH_DIRECTIONS_1_12 = ((-1, 0, 0), (1, 0, 0), (0, 0, -1), (0, 0, 1), (0, 1, 0))


def in_blocks_1_12(e: Entity, world: World, features: Features) -> bool:
    """The test before `Entity.pushOutOfBlocks` kicks (`push_out_1_12`): 1.12.2's `World.collidesWithAnyBlock`, a
    collision box of the `getCollisionBoxes` list intersecting the box (`collision_aabb_lists`), 1.13.2's
    `isCollisionBoxesEmpty` false: a collision VoxelShape overlapping it, as 1.14's `doesNotCollide`."""
    if features.collision_aabb_lists:
        return bool(get_collision_boxes(world, e.box))
    return not world.is_space_empty(e.box)


def push_out_of_blocks(e: Entity, world: World, x: float, y: float, z: float, features: Features) -> None:
    """`Entity.pushOutOfBlocks` (spec 04 §14): a kick of 0.1..0.3 towards the nearest face whose neighbour
    is not a full cube; the other axes keep 0.75 of their Motion. 1.12.2 (`push_out_1_12`) tries the faces in
    another order, so a tie goes to another face."""
    bx, by, bz = floor(x), floor(y), floor(z)
    frac = (x - bx, y - by, z - bz)
    best = (0, 1, 0)
    nearest = float("inf")
    for d in _PUSH_DIRECTIONS_1_12 if features.push_out_1_12 else _PUSH_DIRECTIONS:
        if phys.is_full_cube(world.get_block_state(bx + d[0], by + d[1], bz + d[2])):
            continue
        axis = 0 if d[0] else (1 if d[1] else 2)
        c = frac[axis]
        dist = 1.0 - c if sum(d) > 0 else c
        if dist < nearest:
            nearest = dist
            best = d
    g = f32(f32(e.random.next_float() * PUSH_OUT_SPREAD) + PUSH_OUT_BASE)
    h = float(sum(best))
    kick = f32(h * g)
    m = e.motion
    damped = Vec3(m.x * PUSH_OUT_DAMPING, m.y * PUSH_OUT_DAMPING, m.z * PUSH_OUT_DAMPING)
    if best[0]:
        e.motion = Vec3(kick, damped.y, damped.z)
    elif best[1]:
        e.motion = Vec3(damped.x, kick, damped.z)
    else:
        e.motion = Vec3(damped.x, damped.y, kick)


def flee_lava(e: Entity, burn_sound: bool) -> None:
    """An XP orb in lava (and a 1.12.2 item, `item_tick_1_12`): Motion := ((r1 − r2)·0.2F, 0.2F, (r3 − r4)·0.2F)
    from the entity's Random (float arithmetic); with `burn_sound` the burn sound's pitch draws once more (up to
    1.16.5)."""
    r = e.random
    x = f32(f32(r.next_float() - r.next_float()) * XP_ORB_LAVA_KICK)
    z = f32(f32(r.next_float() - r.next_float()) * XP_ORB_LAVA_KICK)
    e.motion = Vec3(x, XP_ORB_LAVA_KICK, z)
    if burn_sound:
        r.next_float()
