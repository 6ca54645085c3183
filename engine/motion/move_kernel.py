"""`Entity.move`'s arithmetic after the collisions (spec 03 §2 steps 7-10) as kernels over plain floats (engine.jit):
the one source of these steps. The row kernels (`engine.entities.tnt_kernel.move_self`, which TNT, minecarts and
players run compiled) call them on a row's columns; `engine.motion.move` and `engine.motion.block_effects` call
their plain forms (`engine.jit.plain`) on an entity's fields, between the trace's stages (docs/architecture.md,
"Each stage written once").
"""

from __future__ import annotations

from engine.constants import (
    HORIZONTAL_COLLISION_TOLERANCE,
    SNEAK_EDGE_PROBE_MARGIN,
    SNEAK_EDGE_STEP,
    SNEAK_PROBE_INSET,
)
from engine.influences.fluid_kernel import f32
from engine.jit import njit
from engine.motion.collision_kernel import collect_block_collisions

SNEAK_PROBE_REACH = 16.0    # a sneaking move probed in the kernel at most this far per axis (320 steps), else undecided


@njit(inline=True)
def towards_zero(v: float) -> float:
    """Step 4's shortening (`PlayerEntity.adjustMovementForSneaking`): 0.05 towards 0, 0 within it."""
    if -SNEAK_EDGE_STEP <= v < SNEAK_EDGE_STEP:
        return 0.0
    return v - SNEAK_EDGE_STEP if v > 0.0 else v + SNEAK_EDGE_STEP


@njit(inline=True)
def _box_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box: tuple, dx: float,
              dy: float, dz: float) -> int:
    """`World.isSpaceEmpty(entity, box.offset(dx, dy, dz))` without entities or the border: 1 where no block
    collision shape meets the box, 0 where one does, −1 where the object path decides."""
    n = collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                                 (box[0] + dx, box[1] + dy, box[2] + dz, box[3] + dx, box[4] + dy, box[5] + dz), cells)
    return -1 if n < 0 else (1 if n == 0 else 0)


@njit(inline=True)
def _probe_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box: tuple,
                dx: float, dz: float, dy: float, below_feet: bool, depth: float, inset: float, margin: float) -> int:
    """A sneaking probe of `box` moved by (dx, dz): up to 1.20.4 the whole box lowered by `dy` (`_box_free`); from
    1.20.5 (`below_feet`, `PlayerEntity.method_59818`; 1.21.7 `canFallAtLeast`) the box's footprint inset by `inset`
    on X and Z, from minY − `depth` − `margin` up to minY. 1, 0 or −1 as `_box_free`."""
    if not below_feet:
        return _box_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box, dx, dy,
                         dz)
    probe = (box[0] + inset + dx, box[1] - depth - margin, box[2] + inset + dz, box[3] - inset + dx, box[1],
             box[5] - inset + dz)
    return _box_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, probe, 0.0, 0.0,
                     0.0)


@njit
def adjust_movement_for_sneaking(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                                 cells, box: tuple, mx: float, mz: float, on_ground: bool, fall: float,
                                 step: float, near: bool, below_feet: bool, deflated: bool) -> tuple:
    """Step 4 of a sneaking player's move (mx, ·, mz) from `box` (`engine.motion.move`'s
    `adjust_movement_for_sneaking` for a world without solid entities, the world border out of reach): on the
    ground, or (from 1.16.2, `near`) within the step height of it (fall distance < step height and the probe
    step − fall distance down meets a block), X, then Z, then both together shorten by `towards_zero` while the
    probe moved that far a step
    height down meets no block (`_probe_free`: from 1.20.5 `below_feet`, the footprint's, 1.0E-5F deeper; from
    1.21.7 `deflated`, inset by 1.0E-7 and 1.0E-7 deeper, the airborne depth in double). Returns (1, x, z), or
    (−1, mx, mz) where the object path must decide (a probe of a large region, a move longer than
    SNEAK_PROBE_REACH or not finite)."""
    if not (abs(mx) <= SNEAK_PROBE_REACH and abs(mz) <= SNEAK_PROBE_REACH):
        return -1, mx, mz
    inset, margin = (SNEAK_PROBE_INSET, SNEAK_PROBE_INSET) if deflated else (0.0, SNEAK_EDGE_PROBE_MARGIN)
    if not on_ground:
        if not (near and fall < step):
            return 1, mx, mz
        depth = step - fall if deflated else f32(step - fall)
        below = _probe_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box, 0.0,
                            0.0, f32(fall - step), below_feet, depth, inset, margin)
        if below != 0:
            return below, mx, mz
    d, z = mx, mz
    while d != 0.0:
        free = _probe_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box, d,
                           0.0, -step, below_feet, step, inset, margin)
        if free < 0:
            return -1, mx, mz
        if free == 0:
            break
        d = towards_zero(d)
    while z != 0.0:
        free = _probe_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box, 0.0,
                           z, -step, below_feet, step, inset, margin)
        if free < 0:
            return -1, mx, mz
        if free == 0:
            break
        z = towards_zero(z)
    while d != 0.0 and z != 0.0:
        free = _probe_free(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box, d,
                           z, -step, below_feet, step, inset, margin)
        if free < 0:
            return -1, mx, mz
        if free == 0:
            break
        d = towards_zero(d)
        z = towards_zero(z)
    return 1, d, z


@njit(inline=True)
def collision_flags(mx: float, my: float, mz: float, ax: float, ay: float, az: float) -> tuple:
    """Step 7 for a movement (mx, my, mz) that collisions cut to (ax, ay, az): (horizontal, vertical, on ground).
    Horizontal with `MathHelper.approximatelyEquals`' (double)1.0E-5F tolerance, vertical exact; on the ground
    where vertical and moving down."""
    horizontal = not abs(ax - mx) < HORIZONTAL_COLLISION_TOLERANCE or \
        not abs(az - mz) < HORIZONTAL_COLLISION_TOLERANCE
    vertical = my != ay
    return horizontal, vertical, vertical and my < 0.0


@njit(inline=True)
def fall_before_landing(fall: float, dy: float, double: bool, touching_water: bool) -> float:
    """Step 8, `Entity.fall`'s start in 1.21.11 (`double`: the fall distance a double): the drop, cast to float,
    added first when falling and not touching water, so that a landing counts it."""
    if double and dy < 0.0 and not touching_water:
        return fall - f32(dy)
    return fall


@njit(inline=True)
def fall_after_landing(fall: float, dy: float, on_ground: bool, double: bool, float_step: bool) -> float:
    """Step 8's end: 0 on the ground (after `onLandedUpon`), else the drop added as a float (from 1.18.2 the drop
    cast to float first, `float_step`; in 1.21.11 already added by `fall_before_landing`)."""
    if on_ground:
        return 0.0
    if dy < 0.0 and not double:
        return f32(fall - (f32(dy) if float_step else dy))
    return fall


@njit(inline=True)
def zero_collided_motion(x: float, y: float, z: float, mx: float, mz: float, ax: float, az: float,
                         both_axes: bool) -> tuple:
    """Step 9: Motion (x, y, z) with the collided horizontal axes zeroed. Up to 1.17 vanilla takes one copy of
    Motion and writes (0, y, z) for X, then (x, y, 0) for Z from that same copy, so a collision on both axes
    zeroes only Z (decompiled code; spec 03 §2 says "each axis"); 1.18 zeroes both (`both_axes`)."""
    hit_x, hit_z = mx != ax, mz != az
    if both_axes:
        return 0.0 if hit_x else x, y, 0.0 if hit_z else z
    if hit_z:
        return x, y, 0.0
    if hit_x:
        return 0.0, y, z
    return x, y, z


@njit(inline=True)
def land_on_block(x: float, y: float, z: float) -> tuple:
    """Step 10, `Block.onEntityLand` of a block without a landing effect: Motion × (1, 0, 1)."""
    return x * 1.0, y * 0.0, z * 1.0
