"""`Entity.move`'s arithmetic after the collisions (spec 03 §2 steps 7-10) as kernels over plain floats (engine.jit):
the one source of these steps. The row kernels (`engine.entities.tnt_kernel.move_self`, which TNT, minecarts and
players run compiled) call them on a row's columns; `engine.motion.move` and `engine.motion.block_effects` call
their plain forms (`engine.jit.plain`) on an entity's fields, between the trace's stages (docs/architecture.md,
"Each stage written once").
"""

from __future__ import annotations

from engine.constants import HORIZONTAL_COLLISION_TOLERANCE
from engine.influences.fluid_kernel import f32
from engine.jit import njit


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
