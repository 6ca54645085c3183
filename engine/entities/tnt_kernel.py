"""`TntEntity.tick` on rows (spec 06 §1.2): its stages as kernels (engine.jit) over `engine.entities.rows`
columns, and the fused loop the entity phase runs over consecutive TNT.

`Tnt.tick` (the object path: tracing, the viewer's micro-steps, and any TNT this loop hands back) calls the same
stage kernels one at a time (gravity, drag, ground friction, fuse); `move_self` is `Entity.move`'s self movement
for a row whose cells hold no block that acts on entities beyond colliding, and the fluid stage is
`engine.influences.fluid_kernel`'s. The loop hands a TNT back to the object path, with its row as it found it,
where its tick would read something these kernels do not decide: a block with an entity effect near it, a
falling fluid's flow, a cell whose shape a block entity decides, the world border within reach, fire ticks, a
movement multiplier, no-clip, a removed entity, non-finite numbers (see `tick_rows`). It stops at a TNT whose
fuse ran out, which the entity phase explodes in order.
"""

from __future__ import annotations

import numpy as np

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    HORIZONTAL_COLLISION_TOLERANCE,
    LANDING_POS_OFFSET,
    MIN_MOVE_LENGTH_SQUARED,
    MOVEMENT_MULTIPLIER_MIN_SQUARED,
    TNT_DRAG,
    TNT_GRAVITY,
    TNT_GROUND_FACTORS,
    VELOCITY_AFFECTING_OFFSET,
)
from engine.entities.rows import (
    DONE,
    EXPLODE,
    F_BOX,
    F_FALL,
    F_MOTION,
    F_MULT,
    F_POS,
    F_PREV,
    H_COLL,
    HANDED,
    I_AGE,
    I_CHUNK,
    I_FIRE,
    I_FLAGS,
    NO_CLIP,
    NO_GRAVITY,
    OBJECT_PATH,
    ON_GROUND,
    REMOVED,
    SECTION,
    V_COLL,
)
from engine.influences.fluid_kernel import f32, update_water_state
from engine.jit import njit
from engine.motion.collision_kernel import adjust_movement, jfloor, state_at, wrap32
from engine.world.block_tables import AIR, EFFECT, FENCE_LIKE, WATER_OR_COLUMN

UNLIT = -1                                     # -getBurningDuration(): fire ticks out of fire
GROUND_X, GROUND_Y, GROUND_Z = TNT_GROUND_FACTORS
BORDER_REACH = 1.0e-6                          # World.border_in_reach's margin


@njit(inline=True)
def gravity(f: np.ndarray, r: int) -> None:
    """Step 1 G: add(0, -0.04, 0); the 0.0 added to X and Z turns -0.0 into 0.0, as in Java."""
    f[r, F_MOTION] = f[r, F_MOTION] + 0.0
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + TNT_GRAVITY
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] + 0.0


@njit(inline=True)
def drag(f: np.ndarray, r: int) -> None:
    """Step 3 D: multiply(0.98, 0.98, 0.98)."""
    for a in range(3):
        f[r, F_MOTION + a] = f[r, F_MOTION + a] * TNT_DRAG


@njit(inline=True)
def ground_friction(f: np.ndarray, r: int) -> None:
    """Step 4, on the ground: multiply(0.7, -0.5, 0.7)."""
    f[r, F_MOTION] = f[r, F_MOTION] * GROUND_X
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * GROUND_Y
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * GROUND_Z


@njit(inline=True)
def decrement_fuse(i: np.ndarray, r: int, col: int) -> None:
    """Step 5: fuse - 1, an int (−2³¹ − 1 wraps to 2³¹ − 1)."""
    i[r, col] = wrap32(i[r, col] - 1)


@njit(inline=True)
def _any_flag(keys, slots, pool, flags, flag: int, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> bool:
    """A cell x0..x1, y0..y1, z0..z1 holds a state with `flag`."""
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            for z in range(z0, z1 + 1):
                if flags[state_at(keys, slots, pool, x, y, z)] & flag:
                    return True
    return False


@njit
def move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, r: int, mx: float, my: float, mz: float, yxz: bool, both_axes: bool,
              border: tuple) -> bool:
    """`Entity.move(MovementType.SELF, movement)` (engine.motion.move, spec 03 §2) of row `r` by (mx, my, mz)
    (a TNT moves by its Motion, a minecart on a rail by its capped Motion), where no step acts beyond collision;
    false (the row part-written) where one might, or the kernel does not decide."""
    if i[r, I_FLAGS] & NO_CLIP or i[r, I_FIRE] != UNLIT:                                  # step 1; step 15
        return False
    if f[r, F_MULT] ** 2 + f[r, F_MULT + 1] ** 2 + f[r, F_MULT + 2] ** 2 > MOVEMENT_MULTIPLIER_MIN_SQUARED:
        return False                                                                       # step 3
    box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
    for v in box:
        if not np.isfinite(v):
            return False
    if not (np.isfinite(mx) and np.isfinite(my) and np.isfinite(mz)):
        return False
    lo_x, hi_x = box[0] + min(mx, 0.0), box[3] + max(mx, 0.0)                                # the move's reach
    lo_z, hi_z = box[2] + min(mz, 0.0), box[5] + max(mz, 0.0)
    if (lo_x - BORDER_REACH <= border[0] or hi_x + BORDER_REACH >= border[2] or lo_z - BORDER_REACH <= border[1]
            or hi_z + BORDER_REACH >= border[3]):
        return False
    if mx * mx + my * my + mz * mz == 0.0:                                                  # step 5
        ax, ay, az = mx, my, mz
    else:
        ax, ay, az, ok = adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                                         cells, mx, my, mz, box, yxz)
        if not ok:
            return False
    if ax * ax + ay * ay + az * az > MIN_MOVE_LENGTH_SQUARED:                               # step 6
        box = (box[0] + ax, box[1] + ay, box[2] + az, box[3] + ax, box[4] + ay, box[5] + az)
        for a in range(6):
            f[r, F_BOX + a] = box[a]
        f[r, F_POS] = (box[0] + box[3]) / 2.0
        f[r, F_POS + 1] = box[1]
        f[r, F_POS + 2] = (box[2] + box[5]) / 2.0
    horizontal = not abs(ax - mx) < HORIZONTAL_COLLISION_TOLERANCE or \
        not abs(az - mz) < HORIZONTAL_COLLISION_TOLERANCE                                  # step 7
    vertical = my != ay
    on_ground = vertical and my < 0.0
    bits = i[r, I_FLAGS] & ~(ON_GROUND | H_COLL | V_COLL)
    i[r, I_FLAGS] = bits | (ON_GROUND if on_ground else 0) | (H_COLL if horizontal else 0) | \
        (V_COLL if vertical else 0)
    px, py, pz = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
    bx, bz = jfloor(px), jfloor(pz)
    ly = jfloor(py - LANDING_POS_OFFSET)                                                    # getLandingPos
    landing = state_at(keys, slots, pool, bx, ly, bz)
    if flags[landing] & AIR:
        below = state_at(keys, slots, pool, bx, ly - 1, bz)
        if flags[below] & FENCE_LIKE:
            landing = below
    if flags[landing] & EFFECT:                                                             # steps 8, 10, 11
        return False
    if on_ground:                                                                           # step 8
        f[r, F_FALL] = 0.0
    elif ay < 0.0:
        f[r, F_FALL] = f32(f[r, F_FALL] - ay)
    if mx != ax or mz != az:                                                                # step 9
        if both_axes:
            if mx != ax:
                f[r, F_MOTION] = 0.0
            if mz != az:
                f[r, F_MOTION + 2] = 0.0
        elif mz != az:    # one copy of Motion: a collision on both axes zeroes only Z
            f[r, F_MOTION + 2] = 0.0
        else:
            f[r, F_MOTION] = 0.0
    if my != ay:                                                                            # step 10
        f[r, F_MOTION] = f[r, F_MOTION] * 1.0
        f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * 0.0
        f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * 1.0
    d = BLOCK_COLLISION_DEFLATE                                                             # step 13
    y0, y1 = jfloor(box[1] + d), jfloor(box[4] - d)
    if not (y1 < 0 or y0 > 255) and _any_flag(keys, slots, pool, flags, EFFECT, jfloor(box[0] + d), y0,
                                              jfloor(box[2] + d), jfloor(box[3] - d), y1, jfloor(box[5] - d)):
        return False
    at = state_at(keys, slots, pool, bx, jfloor(py), bz)                                    # step 14
    if flags[at] & EFFECT:
        return False
    if not flags[at] & WATER_OR_COLUMN and \
            flags[state_at(keys, slots, pool, bx, jfloor(box[1] - VELOCITY_AFFECTING_OFFSET), bz)] & EFFECT:
        return False
    return True                              # step 15: fire ticks are unlit (checked first)


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, fuse_col: int, yxz: bool,
              both_axes: bool, border: tuple, lava_push: float, vec_double: bool, zero_below: float,
              marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `TntEntity.tick` for rows[start:], in order, up to one whose fuse runs out (the
    phase explodes it) or one handed back that may explode or carries riders. `marks[n]`: SECTION where entity
    n's section changed, OBJECT_PATH where its tick is left to the object path (a row of −1, or one `move_self`
    or `update_water_state` gave back: restored as found). `saved_f[n]`, `saved_i[n]` receive row n as it was
    before its tick. Returns (where it stopped, DONE, EXPLODE or
    HANDED).

    Ticking later rows before an earlier row's object-path tick is safe: short of an explosion (the loop stops
    there) a TNT tick on either path reads the blocks, which it does not change, and its own row, and writes only
    its row; the caller then replays the object-path ticks and section moves in entity order, which keeps the
    section lists' order."""
    for n in range(start, len(rows)):
        r = rows[n]
        marks[n] = 0
        if r < 0:
            marks[n] = OBJECT_PATH
            return n, HANDED
        if i[r, I_FLAGS] & REMOVED:
            marks[n] = OBJECT_PATH
            continue
        saved_f[n] = f[r]
        saved_i[n] = i[r]
        i[r, I_AGE] += 1                                                      # ServerWorld.tickEntity
        for a in range(3):
            f[r, F_PREV + a] = f[r, F_POS + a]
        if not i[r, I_FLAGS] & NO_GRAVITY:
            gravity(f, r)                                                     # 1 G
        if not move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                         f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], yxz, both_axes, border):  # 2 M
            f[r] = saved_f[n]
            i[r] = saved_i[n]
            marks[n] = OBJECT_PATH
            if i[r, fuse_col] <= 1:       # it explodes on the object path: nothing after it ticks before that
                return n, HANDED
            continue
        drag(f, r)                                                            # 3 D
        if i[r, I_FLAGS] & ON_GROUND:                                         # 4
            ground_friction(f, r)
        decrement_fuse(i, r, fuse_col)                                        # 5
        if i[r, fuse_col] <= 0:                                               # 6: the phase explodes it
            marks[n] = SECTION if _section_moved(f, i, r) else 0
            return n, EXPLODE
        if not update_water_state(keys, slots, pool, flags, f, i, r, lava_push, vec_double, zero_below):  # 7 F
            f[r] = saved_f[n]
            i[r] = saved_i[n]
            marks[n] = OBJECT_PATH
            continue                      # (its fuse stays above 0 on the object path too)
        marks[n] = SECTION if _section_moved(f, i, r) else 0
    return len(rows), DONE


@njit(inline=True)
def _section_moved(f: np.ndarray, i: np.ndarray, r: int) -> bool:
    """`World.chunk_key` of the position differs from the section the entity is in."""
    sy = min(max(jfloor(f[r, F_POS + 1] / 16.0), 0), 15)
    return (jfloor(f[r, F_POS] / 16.0) != i[r, I_CHUNK] or sy != i[r, I_CHUNK + 1]
            or jfloor(f[r, F_POS + 2] / 16.0) != i[r, I_CHUNK + 2])
