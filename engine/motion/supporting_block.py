"""The supporting block (1.20, spec 01 §8.3): the block an entity on the ground stands on, kept by `Entity.move`
and read wherever the game asks for the block under the feet (`getLandingPos`, `getVelocityAffectingPos`) and by
a piston's honey drag (`isSupportedBy`).

Facts from the game's code (1.19.4 against 1.20, the same in every release to 1.21.11): `Entity.move` calls
`setOnGround(groundCollision, movement)`, which calls `updateSupportingBlockPos`; `CollisionView.
findSupportingBlockPos` walks the block collisions of a thin box under the feet and keeps the one whose centre is
nearest the entity's position, a tie going to the greater (y, z, x) (`Vec3i.compareTo`); `getPosWithYOffset` gives
that block's column at the offset's height, or the block itself when it is a wall or a fence gate (a fence, for
offsets up to 0.5), and without a supporting block the cell under the position (no fence rule since 1.20).

The compiled TNT loop keeps it in row columns (engine.entities.rows: `I_SUPPORT`, `HAS_SUPPORT`,
`FORCE_SUPPORT`) through `update_supporting_block`, the kernel form of `update_supporting_block_pos`; both
paths choose between two blocks with the one `nearer_support`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    LANDING_POS_OFFSET,
    SUPPORTED_FENCE_OFFSET_MAX,
    SUPPORTING_BLOCK_PROBE,
    VELOCITY_AFFECTING_OFFSET,
)
from engine.core.trace import cell
from engine.geometry.box import Box
from engine.java.mathhelper import floor
from engine.jit import njit, plain
from engine.motion.collision_kernel import collect_block_collisions
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.geometry.box import BlockPos, Vec3
    from engine.world.world import World


def update_supporting_block_pos(e: Entity, world: World, movement: Vec3 | None, rec: Recorder | None) -> None:
    """`Entity.updateSupportingBlockPos(onGround, movement)` (setOnGround): on the ground, the supporting block
    under the box; none found, the one under the box moved back horizontally by `movement`, unless the last
    update found none either (`forceUpdateSupportingBlockPos`); in the air, none."""
    if not e.on_ground:
        e.force_update_supporting_block_pos = False
        e.supporting_block_pos = None
        return
    b = e.box
    below = Box(b.min_x, b.min_y - SUPPORTING_BLOCK_PROBE, b.min_z, b.max_x, b.min_y, b.max_z)
    found = find_supporting_block_pos(e, world, below)
    if found is not None or e.force_update_supporting_block_pos:
        e.supporting_block_pos = found
    elif movement is not None:
        found = find_supporting_block_pos(e, world, below.offset(-movement.x, 0.0, -movement.z))
        e.supporting_block_pos = found
    e.force_update_supporting_block_pos = found is None
    if rec is not None and e.supporting_block_pos is not None:
        rec.geometry(cell("supporting_block", e.supporting_block_pos))


def find_supporting_block_pos(e: Entity, world: World, box: Box) -> BlockPos | None:
    """`CollisionView.findSupportingBlockPos`: of the blocks whose collision shape meets `box`, the one whose
    centre is nearest the entity's position (squared, in double); of equals, the greatest by `Vec3i.compareTo`
    (y, then z, then x)."""
    p = e.pos
    best: BlockPos | None = None
    best_d = math.inf
    for _, (ox, oy, oz) in world.get_block_collisions(box, e.shape_context(world)):
        x, y, z = int(ox), int(oy), int(oz)
        nearer, d = _nearer_support(x, y, z, p.x, p.y, p.z, best_d, best is not None,
                                   *(best if best is not None else (0, 0, 0)))
        if nearer:
            best, best_d = (x, y, z), d
    return best


@njit(inline=True)
def nearer_support(x: int, y: int, z: int, px: float, py: float, pz: float, best_d: float, found: bool, bx: int,
                   by: int, bz: int) -> tuple:
    """Whether block (x, y, z) supports better than the best so far (bx, by, bz at squared distance `best_d`, if
    `found`): its centre is nearer the position (px, py, pz), or as near and greater by `Vec3i.compareTo` (y, then
    z, then x). Returns (nearer, its squared distance)."""
    dx, dy, dz = x + 0.5 - px, y + 0.5 - py, z + 0.5 - pz
    d = dx * dx + dy * dy + dz * dz
    return d < best_d or d == best_d and (not found or (by, bz, bx) < (y, z, x)), d


_nearer_support = plain(nearer_support)   # the object path's call runs the plain source (engine.jit.plain)


@njit
def find_supporting_block(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                          cells: np.ndarray, box: tuple, px: float, py: float, pz: float) -> tuple:
    """`find_supporting_block_pos` on `engine.world.block_grid`'s arrays (`cells`: the collision scratch):
    (found, x, y, z, ok); ok false where the collision kernel leaves the query to the object path."""
    n = collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, box, cells)
    found = False
    bx = by = bz = 0
    best_d = math.inf
    if n < 0:
        return found, bx, by, bz, False
    for c in range(n):
        x, y, z = cells[c, 0], cells[c, 1], cells[c, 2]
        nearer, d = nearer_support(x, y, z, px, py, pz, best_d, found, bx, by, bz)
        if nearer:
            found, bx, by, bz, best_d = True, x, y, z, d
    return found, bx, by, bz, True


@njit
def update_supporting_block(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                            cells: np.ndarray, box: tuple, px: float, py: float, pz: float, on_ground: bool,
                            force: bool, mx: float, mz: float) -> tuple:
    """`update_supporting_block_pos` of an entity with `box` and position (px, py, pz) after a move by
    (mx, _, mz): (has, x, y, z, force, ok), the new supporting block and force-update bit; ok false where the
    object path must decide (nothing changed)."""
    if not on_ground:
        return False, 0, 0, 0, False, True
    below = (box[0], box[1] - SUPPORTING_BLOCK_PROBE, box[2], box[3], box[1], box[5])
    found, x, y, z, ok = find_supporting_block(keys, slots, pool, shape, flags, ncoords, coords, filled, single,
                                               empty, cells, below, px, py, pz)
    if ok and not found and not force:
        below = (below[0] - mx, below[1] + 0.0, below[2] - mz, below[3] - mx, below[4] + 0.0, below[5] - mz)
        found, x, y, z, ok = find_supporting_block(keys, slots, pool, shape, flags, ncoords, coords, filled,
                                                   single, empty, cells, below, px, py, pz)
    return found, x, y, z, not found, ok


def get_pos_with_y_offset(e: Entity, world: World, offset: float) -> BlockPos:
    """`Entity.getPosWithYOffset(offset)` of 1.20 for an offset above 1.0E-5F: the supporting block's column at
    floor(y - offset), or the supporting block itself where it is a wall, a fence gate or (offset ≤ 0.5) a
    fence; without one, the cell at floor(y - offset) under the position."""
    p = e.pos
    y = floor(p.y - offset)
    s = e.supporting_block_pos
    if s is None:
        return (floor(p.x), y, floor(p.z))
    block = world.get_block_state(*s).block
    if offset <= SUPPORTED_FENCE_OFFSET_MAX and phys.is_fence(block) or phys.is_wall(block) \
            or phys.is_fence_gate(block):
        return s
    return (s[0], y, s[2])


def get_landing_pos(e: Entity, world: World, features: Features) -> BlockPos:
    """`Entity.getLandingPos`: the cell 0.2F below the position, through air onto a fence, wall or gate below;
    from 1.20 `getPosWithYOffset(0.2F)`."""
    if features.supporting_block:
        return get_pos_with_y_offset(e, world, LANDING_POS_OFFSET)
    p = e.pos
    x, y, z = floor(p.x), floor(p.y - LANDING_POS_OFFSET), floor(p.z)
    if world.get_block_state(x, y, z).is_air:
        below = world.get_block_state(x, y - 1, z).block
        if phys.is_fence(below) or phys.is_wall(below) or phys.is_fence_gate(below):
            return (x, y - 1, z)
    return (x, y, z)


def get_velocity_affecting_pos(e: Entity, world: World, features: Features) -> BlockPos:
    """`Entity.getVelocityAffectingPos`: the cell 0.5000001 below the box's bottom; from 1.20
    `getPosWithYOffset` of the kind's offset (0.500001F; items and XP orbs 0.999999F)."""
    if features.supporting_block:
        return get_pos_with_y_offset(e, world, e.velocity_affecting_offset)
    p = e.pos
    return (floor(p.x), floor(e.box.min_y - VELOCITY_AFFECTING_OFFSET), floor(p.z))


def is_supported_by(e: Entity, pos: BlockPos) -> bool:
    """`Entity.isSupportedBy(pos)`: the entity's supporting block is `pos` (never before 1.20)."""
    return e.supporting_block_pos == pos
