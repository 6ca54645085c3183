"""Fluid pushing as kernels (engine.jit): `Entity.updateWaterState` with `updateMovementInFluid` and
`FlowableFluid.getVelocity` on `engine.entities.rows` columns and `engine.world.block_grid` arrays, as
`engine.influences.fluids` computes them (spec 04 §7, spec 01 §8.2 step 2.6). The flow of a falling fluid
(`isFlowBlocked` against its sides) is left to the object path: the functions return `ok` false there.

`Vec3d.length` and `normalize` by release: `double` (the `vec_double` flag, 1.17) takes the root in double
(`Math.sqrt`), else rounds it to float (1.16.5's `MathHelper.sqrt`); `zero_below` is normalize's zero threshold
(1.0E-4, 1.0E-5F from 1.21.2: `normalize_zero_below_1e5`)."""

from __future__ import annotations

import math

import numpy as np

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    F32_OVERFLOW,
    FLUID_DOWNHILL_HEIGHT,
    FLUID_HEIGHT_DIVISOR,
    FLUID_MIN_PUSH,
    FLUID_SHALLOW,
    FLUID_SLOW_THRESHOLD,
    WATER_PUSH,
)
from engine.entities.rows import F_BOX, F_FALL, F_LAVA, F_MOTION, F_WATER, I_FLAGS, TOUCHING_WATER
from engine.jit import njit
from engine.motion.collision_kernel import jceil, jfloor, state_at
from engine.world.block_tables import AMOUNT_SHIFT, BLOCKS_MOVEMENT, FALLING, LAVA, WATER

SIDE_X = (0, 1, 0, -1)   # Direction.Type.HORIZONTAL: north, east, south, west
SIDE_Z = (-1, 0, 1, 0)
FULL_AMOUNT = 9           # amount / 9.0F = 1.0F: a fluid's height under the same fluid


@njit(inline=True)
def f32(x: float) -> float:
    """Java's (float) cast of a double: beyond the largest float's rounding range ±infinity (tested first, on `x` as
    a Python float, so the plain form that the object path runs raises no numpy overflow warning, whether `x` is a
    float, a numpy float64 or a numpy float32; compiled, `float` of a double is the double itself)."""
    d = float(x)
    if d >= F32_OVERFLOW:
        return np.inf
    if d <= -F32_OVERFLOW:
        return -np.inf
    return float(np.float32(d))


@njit(inline=True)
def _height(flag: int) -> float:
    """`FluidState.getHeight()`: amount / 9.0F in float arithmetic."""
    return f32((flag >> AMOUNT_SHIFT) / FLUID_HEIGHT_DIVISOR)


@njit(inline=True)
def fluid_height(keys, slots, pool, flags, fl: int, x: int, y: int, z: int, kind: int) -> float:
    """`FluidState.getHeight(world, pos)` of the `kind` fluid cell (x, y, z) whose flags are `fl`: 1.0F under the
    same fluid, else its own height (`_height`)."""
    return 1.0 if flags[state_at(keys, slots, pool, x, y + 1, z)] & kind else _height(fl)


@njit(inline=True)
def _flows_into(flag: int, kind: int) -> bool:
    return not flag & (WATER | LAVA) or bool(flag & kind)


@njit(inline=True)
def _length(x: float, y: float, z: float, double: bool) -> float:
    """`Vec3d.length`: the root in double from 1.17 (`double`), rounded to float before."""
    d = math.sqrt(x * x + y * y + z * z)
    return d if double else f32(d)


@njit(inline=True)
def normalize(x: float, y: float, z: float, double: bool, zero_below: float) -> tuple:
    """`Vec3d.normalize`: divided by `_length`, the zero vector below `zero_below`."""
    d = _length(x, y, z, double)
    if d < zero_below:
        return 0.0, 0.0, 0.0
    return x / d, y / d, z / d


@njit(inline=True)
def world_height_flag(flag: int, above: int) -> int:
    """The flags of a cell whose fluid has the same fluid above it with the amount 9: `horizontal_flow` reads its
    height, amount / 9.0F, as `FluidState.getHeight(world, pos)`'s 1.0F (`isFluidAboveEqual`; 1.14-1.14.2's flow,
    `flow_own_levels` off)."""
    kind = flag & (WATER | LAVA)
    if not kind or not above & kind:
        return flag
    return (flag & ((1 << AMOUNT_SHIFT) - 1)) | FULL_AMOUNT << AMOUNT_SHIFT


@njit(inline=True)
def horizontal_flow(own_flag: int, sides: tuple, belows: tuple) -> tuple:
    """`FlowableFluid.getVelocity`'s sum over the horizontal neighbours (north, east, south, west) of a fluid
    whose flags are `own_flag`, given each neighbour's flags and those of the cell below it: (x, z), before a
    falling fluid's downward pull and the normalization. One source for the kernels and the object path
    (`engine.influences.fluids.get_velocity`)."""
    kind = own_flag & (WATER | LAVA)
    own = _height(own_flag)
    d = 0.0
    e = 0.0
    for k in range(4):
        nb = sides[k]
        if not _flows_into(nb, kind):
            continue
        f = _height(nb)
        g = 0.0
        if f == 0.0:             # an open neighbour with this fluid below it: the flow goes down through the gap
            if not nb & BLOCKS_MOVEMENT:
                below = belows[k]
                f2 = _height(below)
                if _flows_into(below, kind) and f2 > 0.0:
                    g = f32(own - f32(f2 - FLUID_DOWNHILL_HEIGHT))
        elif f > 0.0:
            g = f32(own - f)
        if g == 0.0:
            continue
        d += SIDE_X[k] * g
        e += SIDE_Z[k] * g
    return d, e


@njit(inline=True)
def get_velocity(keys, slots, pool, flags, x: int, y: int, z: int, double: bool, zero_below: float,
                 own_levels: bool) -> tuple:
    """`FlowableFluid.getVelocity` of the fluid in cell (x, y, z): (x, y, z, ok). Without `own_levels` (1.14-1.14.2,
    `flow_own_levels` off) the cell's and its sides' heights are `getHeight(world, pos)`'s (`world_height_flag`)."""
    own_flag = flags[state_at(keys, slots, pool, x, y, z)]
    if own_flag & FALLING:                 # its flow is left to the object path
        return 0.0, 0.0, 0.0, False
    sides = (flags[state_at(keys, slots, pool, x, y, z - 1)], flags[state_at(keys, slots, pool, x + 1, y, z)],
             flags[state_at(keys, slots, pool, x, y, z + 1)], flags[state_at(keys, slots, pool, x - 1, y, z)])
    if not own_levels:
        own_flag = world_height_flag(own_flag, flags[state_at(keys, slots, pool, x, y + 1, z)])
        sides = (world_height_flag(sides[0], flags[state_at(keys, slots, pool, x, y + 1, z - 1)]),
                 world_height_flag(sides[1], flags[state_at(keys, slots, pool, x + 1, y + 1, z)]),
                 world_height_flag(sides[2], flags[state_at(keys, slots, pool, x, y + 1, z + 1)]),
                 world_height_flag(sides[3], flags[state_at(keys, slots, pool, x - 1, y + 1, z)]))
    belows = (flags[state_at(keys, slots, pool, x, y - 1, z - 1)],
              flags[state_at(keys, slots, pool, x + 1, y - 1, z)],
              flags[state_at(keys, slots, pool, x, y - 1, z + 1)],
              flags[state_at(keys, slots, pool, x - 1, y - 1, z)])
    d, e = horizontal_flow(own_flag, sides, belows)
    vx, vy, vz = normalize(d, 0.0, e, double, zero_below)
    return vx, vy, vz, True


@njit(inline=True)
def fluid_push(px: float, py: float, pz: float, count: int, non_player: bool, accel: float, mx: float,
               mz: float, double: bool, zero_below: float, min_push: bool) -> tuple:
    """`Entity.updateMovementInFluid`'s push from the summed flow (px, py, pz) of `count` cells, of non-zero
    length: averaged, normalized for a non-player (`non_player`), times `accel`, and raised to 0.0045 when it is
    shorter and the motion (mx, mz) is slow (from 1.16, `min_push`: the `lava_push` flag). One source for the
    kernel and the object path."""
    if count > 0:
        k = 1.0 / count
        px, py, pz = px * k, py * k, pz * k
    if non_player:
        px, py, pz = normalize(px, py, pz, double, zero_below)
    px, py, pz = px * accel, py * accel, pz * accel
    if min_push and abs(mx) < FLUID_SLOW_THRESHOLD and abs(mz) < FLUID_SLOW_THRESHOLD and \
            _length(px, py, pz, double) < FLUID_MIN_PUSH:
        px, py, pz = normalize(px, py, pz, double, zero_below)
        px, py, pz = px * FLUID_MIN_PUSH, py * FLUID_MIN_PUSH, pz * FLUID_MIN_PUSH
    return px, py, pz


@njit(inline=True)
def pushes(px: float, py: float, pz: float, double: bool) -> bool:
    """`vec3d.length() > 0.0`: whether the summed flow pushes at all (a float root can round a tiny sum to 0)."""
    return _length(px, py, pz, double) > 0.0


@njit
def update_movement_in_fluid(keys, slots, pool, flags, f: np.ndarray, r: int, kind: int, col: int,
                             accel: float, double: bool, zero_below: float, non_player: bool, min_push: bool,
                             own_levels: bool) -> tuple:
    """`Entity.updateMovementInFluid` for an entity pushed by fluids (a player's push is not normalized:
    `non_player` false; `min_push` and `own_levels` as `fluid_push`'s and `get_velocity`'s): (touching, ok);
    writes the motion and the fluid height column `col` only when ok."""
    d = BLOCK_COLLISION_DEFLATE
    min_x, min_y, min_z = f[r, F_BOX] + d, f[r, F_BOX + 1] + d, f[r, F_BOX + 2] + d
    x0, x1 = jfloor(min_x), jceil(f[r, F_BOX + 3] - d)
    y0, y1 = jfloor(min_y), jceil(f[r, F_BOX + 4] - d)
    z0, z1 = jfloor(min_z), jceil(f[r, F_BOX + 5] - d)
    if y1 < 0 or y0 > 255:                 # World.isRegionLoaded
        return False, True
    depth = 0.0
    touching = False
    px = py = pz = 0.0
    count = 0
    for x in range(x0, x1):
        for y in range(y0, y1):
            for z in range(z0, z1):
                fl = flags[state_at(keys, slots, pool, x, y, z)]
                if not fl & kind:
                    continue
                top = f32(y + fluid_height(keys, slots, pool, flags, fl, x, y, z, kind))
                if not top >= min_y:
                    continue
                touching = True
                depth = max(top - min_y, depth)
                vx, vy, vz, ok = get_velocity(keys, slots, pool, flags, x, y, z, double, zero_below, own_levels)
                if not ok:
                    return False, False
                if depth < FLUID_SHALLOW:
                    vx, vy, vz = vx * depth, vy * depth, vz * depth
                px, py, pz = px + vx, py + vy, pz + vz
                count += 1
    if pushes(px, py, pz, double):
        px, py, pz = fluid_push(px, py, pz, count, non_player, accel, f[r, F_MOTION], f[r, F_MOTION + 2], double,
                                zero_below, min_push)
        f[r, F_MOTION] = f[r, F_MOTION] + px
        f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + py
        f[r, F_MOTION + 2] = f[r, F_MOTION + 2] + pz
    f[r, col] = depth
    return touching, True


@njit
def update_water_state(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, lava_push: float,
                       double: bool, zero_below: float, lava_in_water: bool, non_player: bool) -> bool:
    """`Entity.updateWaterState` (engine.influences.fluids.update_water_state) of a row (a player's: `non_player`
    false) from 1.16: heights cleared, water pushes (touching it resets the fall), then lava (before 1.16.2,
    `lava_in_water` false, only where no water was touched). False where the object path must decide (the row
    part-written)."""
    return update_water_state_1_14(keys, slots, pool, flags, f, i, r, lava_push, double, zero_below, lava_in_water,
                                   non_player, True, True)


@njit
def update_water_state_1_14(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, lava_push: float,
                            double: bool, zero_below: float, lava_in_water: bool, non_player: bool, lava_stage: bool,
                            own_levels: bool) -> bool:
    """`update_water_state` of 1.14 on: before 1.16 (`lava_stage` off, `lava_push`) the water alone, its push
    without the least length; 1.14-1.14.2 (`own_levels` off) flow by the world's heights (`get_velocity`)."""
    f[r, F_WATER] = 0.0
    f[r, F_LAVA] = 0.0
    touching, ok = update_movement_in_fluid(keys, slots, pool, flags, f, r, WATER, F_WATER, WATER_PUSH, double,
                                            zero_below, non_player, lava_stage, own_levels)
    if not ok:
        return False
    if touching:
        f[r, F_FALL] = 0.0
        i[r, I_FLAGS] = i[r, I_FLAGS] | TOUCHING_WATER
    else:
        i[r, I_FLAGS] = i[r, I_FLAGS] & ~TOUCHING_WATER
    if not lava_stage or touching and not lava_in_water:
        return True
    _, ok = update_movement_in_fluid(keys, slots, pool, flags, f, r, LAVA, F_LAVA, lava_push, double, zero_below,
                                     non_player, True, own_levels)
    return ok
