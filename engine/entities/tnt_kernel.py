"""`TntEntity.tick` on rows (spec 06 §1.2): its stages as kernels (engine.jit) over `engine.entities.rows`
columns, and the fused loop the entity phase runs over consecutive TNT.

`Tnt.tick` (the object path: tracing, the viewer's micro-steps, and any TNT this loop hands back) calls the same
stage kernels one at a time (gravity, drag, ground friction, fuse); `move_self` is `Entity.move`'s self movement
for a row whose cells hold no block that acts on entities beyond colliding, and the fluid stage is
`engine.influences.fluid_kernel`'s. The loop hands a TNT back to the object path, with its row as it found it,
where its tick would read something these kernels do not decide: a block with an entity effect near it, a
falling fluid's flow, a cell whose shape a block entity decides, the world border within reach, fire ticks, a
movement multiplier, no-clip, a removed entity, non-finite numbers, a 1.18.2+ fall-reset ray past the engine's
limits, a 1.21.2+ path longer than TICK_BLOCKS_SPAN (see `tick_rows`). The fall-reset ray (a move of length ≥ 1
while falling) is `engine.motion.raycast_kernel.fall_reset_ray`. It stops at a TNT whose fuse
ran out, which the entity phase explodes in order.

Every release's flags the tick reads reach the kernels as one int (`version_bits`: the 1.17 position update, the
1.18 collision zeroing, the 1.18.2 float fall step, the 1.19.3 deflation, the 1.20 supporting block in row
columns, the 1.21.2 small moves and tick-time block collision, the 1.21.8 double fall distance, the 1.21.11
fall-reset ray cut at 8 blocks), so each kernel compiles once for all of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    BLOCK_COLLISION_DEFLATE_1_19_3,
    LANDING_POS_OFFSET,
    MIN_MOVE_LENGTH_SQUARED,
    MOVEMENT_MULTIPLIER_MIN_SQUARED,
    SAFE_FALL_DISTANCE,
    TNT_DRAG,
    TNT_GRAVITY,
    TNT_GROUND_FACTORS,
    TNT_HEIGHT,
    TNT_WIDTH,
    VELOCITY_AFFECTING_OFFSET,
    VELOCITY_AFFECTING_OFFSET_1_20,
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
    FORCE_SUPPORT,
    H_COLL,
    HANDED,
    HAS_SUPPORT,
    I_FIRE,
    I_FLAGS,
    I_SUPPORT,
    NO_CLIP,
    NO_GRAVITY,
    ON_FIRE_AT_MOVE,
    ON_GROUND,
    TOUCHING_WATER,
    V_COLL,
    add_gravity,
    begin_row,
    end_row,
    hand_back,
    tick_entity_head,
)
from engine.influences.fluid_kernel import update_water_state
from engine.jit import njit
from engine.motion.collision_kernel import adjust_movement_stepping, flag_in, jfloor, state_at, wrap32
from engine.motion.move_kernel import (
    collision_flags,
    fall_after_landing,
    fall_before_landing,
    land_on_block,
    zero_collided_motion,
)
from engine.motion.raycast_kernel import HIT, fall_reset_ray
from engine.motion.supporting_block import update_supporting_block
from engine.world.block_grid import section_slot
from engine.world.block_tables import AIR, EFFECT, FENCE_LIKE, WATER, WATER_OR_COLUMN

if TYPE_CHECKING:
    from engine.core.versions import Features

UNLIT = -1                                     # -getBurningDuration(): fire ticks out of fire
GROUND_X, GROUND_Y, GROUND_Z = TNT_GROUND_FACTORS
BORDER_REACH = 1.0e-6                          # World.border_in_reach's margin
HALF_WIDTH = TNT_WIDTH / 2.0                   # EntityDimensions.getBoxAt (engine.geometry.box.Box.from_entity)
TICK_BLOCKS_SPAN = 16.0                        # a longer hull of the 1.21.2 path is left to the object path
TICK_BLOCKS_MARGIN = 1.0e-3                    # beyond the sweep's 1.0E-7 nudge and 1.0E-5F clamp, and rounding
# the release's flags the TNT's and the minecart's ticks read, one bit each of the kernels' `v` (docs/performance.md,
# "Which releases the kernels run"); the others they read do not change what the loops decide (fire_check_contract_1e6
# and fire_block_1_21_2 act only on an entity lit or in fire, push_away_double_sqrt and the rider's and boarding
# flags only where a cart meets another entity: the loops hand those back)
V_YXZ, V_BOTH_AXES, V_VEC_DOUBLE, V_SETS_POSITION, V_FLOAT_STEP, V_FALL_RESET = 1, 2, 4, 8, 16, 32
V_DEFLATE_1E7, V_SUPPORTING, V_SMALL_MOVES, V_TICK_BLOCKS, V_FALL_DOUBLE = 64, 128, 256, 512, 1024
V_EFFECT_SECTIONS = 2048                       # the release refuses `block_effects`: its check is by section
V_CART_WATER, V_CART_1_21_2 = 4096, 8192       # the minecart's 1.17 water drag, 1.21.2 controller (yaw modulo 360)
V_LAVA_IN_WATER = 16384                         # 1.16.2: the lava push runs while touching water too
V_RAY_CAPPED = 32768                           # 1.21.11: the fall-reset ray cut at 8 blocks
V_STEP_HEIGHTS = 65536                         # 1.21: step-up by the shapes' heights (a living row's step height)
VERSION_BITS = {"axis_order_yxz": V_YXZ, "move_zeroes_both_axes": V_BOTH_AXES, "vec_double": V_VEC_DOUBLE,
                "move_sets_position": V_SETS_POSITION, "fall_distance_float_step": V_FLOAT_STEP,
                "move_fall_reset_raycast": V_FALL_RESET, "block_collision_deflate_1e7": V_DEFLATE_1E7,
                "supporting_block": V_SUPPORTING, "move_small_uncollided": V_SMALL_MOVES,
                "tick_block_collision": V_TICK_BLOCKS, "fall_distance_double": V_FALL_DOUBLE,
                "minecart_water_drag": V_CART_WATER, "minecart_controller_1_21_2": V_CART_1_21_2,
                "lava_push_in_water": V_LAVA_IN_WATER, "fall_reset_ray_capped": V_RAY_CAPPED,
                "step_up_heights": V_STEP_HEIGHTS}


@njit(inline=True)
def gravity(f: np.ndarray, r: int) -> None:
    """Step 1 G: add(0, -0.04, 0)."""
    add_gravity(f, r, TNT_GRAVITY)


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


def version_bits(features: Features) -> int:
    """The release's flags the TNT's and the minecart's ticks read, as the one int the kernels take (one compiled
    signature for every release): the V_* bits of `features`."""
    return sum(bit for name, bit in VERSION_BITS.items() if getattr(features, name)) \
        | (V_EFFECT_SECTIONS if "block_effects" in features.refused else 0)


@njit(inline=True)
def border_within_reach(box: tuple, mx: float, mz: float, border: tuple) -> bool:
    """Whether the box stretched by the move (mx, mz) comes within BORDER_REACH of the world border's edges
    (`border`: min x, min z, max x, max z), where its collision shape could count: the object path decides."""
    lo_x, hi_x = box[0] + min(mx, 0.0), box[3] + max(mx, 0.0)
    lo_z, hi_z = box[2] + min(mz, 0.0), box[5] + max(mz, 0.0)
    return (lo_x - BORDER_REACH <= border[0] or hi_x + BORDER_REACH >= border[2] or lo_z - BORDER_REACH <= border[1]
            or hi_z + BORDER_REACH >= border[3])


@njit(borrows=True)
def move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, r: int, mx: float, my: float, mz: float, v: int, border: tuple,
              effects: np.ndarray, half: float, height: float, step: float, living: bool) -> bool:
    """`Entity.move(MovementType.SELF, movement)` (engine.motion.move, spec 03 §2) of row `r` by (mx, my, mz) (a
    TNT moves by its Motion, a minecart on a rail by its capped Motion, a player by its Motion) in the release
    whose flags are `v` (`version_bits`), where no step acts beyond collision and step-up; false (the row
    part-written) where one might, or the kernel does not decide. `effects`: per section pool row, 1 where a
    release refusing `block_effects` (V_EFFECT_SECTIONS) stops near a block of the section. `half`, `height`: the
    entity's half width and height (`EntityDimensions.getBoxAt`, the box the 1.17 position update builds).
    `step`: its step height (step-up, `collision_kernel.adjust_movement_stepping`; 0 for none). `living`: a
    `LivingEntity`, whose fall checks the water first where it is not touching water, and whose landing may hurt
    (both left to the object path).
    Steps 7-10 are `engine.motion.move_kernel`'s, which the object path runs too."""
    if i[r, I_FLAGS] & NO_CLIP or i[r, I_FIRE] != UNLIT:                                  # step 1; step 15
        return False
    if f[r, F_MULT] ** 2 + f[r, F_MULT + 1] ** 2 + f[r, F_MULT + 2] ** 2 > MOVEMENT_MULTIPLIER_MIN_SQUARED:
        return False                                                                       # step 3
    box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
    for c in box:
        if not np.isfinite(c):
            return False
    if not (np.isfinite(mx) and np.isfinite(my) and np.isfinite(mz)):
        return False
    if border_within_reach(box, mx, mz, border):
        return False
    in_tick = v & V_TICK_BLOCKS != 0        # 1.21.2: steps 11, 13 and 15 move to tickBlockCollision
    if in_tick:
        i[r, I_FLAGS] = i[r, I_FLAGS] & ~ON_FIRE_AT_MOVE                                 # isOnFire(): unlit
    ax, ay, az, ok = adjust_movement_stepping(keys, slots, pool, shape, flags, ncoords, coords, filled, single,
                                              empty, cells, mx, my, mz, box, v & V_YXZ != 0,
                                              i[r, I_FLAGS] & ON_GROUND != 0, step, v & V_STEP_HEIGHTS != 0)  # step 5
    if not ok:
        return False
    d = ax * ax + ay * ay + az * az
    if d > MIN_MOVE_LENGTH_SQUARED or (v & V_SMALL_MOVES != 0                            # step 6, AMBIGUITY-M1
                                       and mx * mx + my * my + mz * mz - d < MIN_MOVE_LENGTH_SQUARED):
        if v & V_FALL_RESET != 0 and f[r, F_FALL] != 0.0 and d >= 1.0:      # 1.18.2: the fall-reset ray
            status, _, _, _, _, _, _, _ = fall_reset_ray(keys, slots, pool, flags, f[r, F_POS], f[r, F_POS + 1],
                                                         f[r, F_POS + 2], ax, ay, az, v & V_RAY_CAPPED != 0,
                                                         cells[:0, :3])
            if status > HIT:                 # past the engine's limits: the object path stops the run
                return False
            if status == HIT:
                f[r, F_FALL] = 0.0                                                  # onLanding
        if v & V_SETS_POSITION != 0:              # 1.17: setPosition(position + actual), the box rebuilt around it
            px, py, pz = f[r, F_POS] + ax, f[r, F_POS + 1] + ay, f[r, F_POS + 2] + az
            box = (px - half, py, pz - half, px + half, py + height, pz + half)
            f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2] = px, py, pz
        else:
            box = (box[0] + ax, box[1] + ay, box[2] + az, box[3] + ax, box[4] + ay, box[5] + az)
            f[r, F_POS] = (box[0] + box[3]) / 2.0
            f[r, F_POS + 1] = box[1]
            f[r, F_POS + 2] = (box[2] + box[5]) / 2.0
        for a in range(6):
            f[r, F_BOX + a] = box[a]
    horizontal, vertical, on_ground = collision_flags(mx, my, mz, ax, ay, az)                  # step 7
    bits = i[r, I_FLAGS] & ~(ON_GROUND | H_COLL | V_COLL)
    i[r, I_FLAGS] = bits | (ON_GROUND if on_ground else 0) | (H_COLL if horizontal else 0) | \
        (V_COLL if vertical else 0)
    px, py, pz = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
    bx, bz = jfloor(px), jfloor(pz)
    supported = v & V_SUPPORTING != 0
    if supported:                            # 1.20: setOnGround(onGround, actual) → updateSupportingBlockPos
        has, sx, sy, sz, force, ok = update_supporting_block(
            keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, box, px, py, pz,
            on_ground, i[r, I_FLAGS] & FORCE_SUPPORT != 0, ax, az)
        if not ok:
            return False
        i[r, I_SUPPORT], i[r, I_SUPPORT + 1], i[r, I_SUPPORT + 2] = sx, sy, sz
        i[r, I_FLAGS] = i[r, I_FLAGS] & ~(HAS_SUPPORT | FORCE_SUPPORT) | (HAS_SUPPORT if has else 0) | \
            (FORCE_SUPPORT if force else 0)
        ly = jfloor(py - LANDING_POS_OFFSET)                         # getLandingPos = getPosWithYOffset(0.2F)
        landing = state_at(keys, slots, pool, bx, ly, bz)
        if has:
            landing = state_at(keys, slots, pool, sx, sy, sz)
            if not flags[landing] & FENCE_LIKE:
                landing = state_at(keys, slots, pool, sx, ly, sz)
    else:
        ly = jfloor(py - LANDING_POS_OFFSET)                                                # getLandingPos
        landing = state_at(keys, slots, pool, bx, ly, bz)
        if flags[landing] & AIR:
            below = state_at(keys, slots, pool, bx, ly - 1, bz)
            if flags[below] & FENCE_LIKE:
                landing = below
    if flags[landing] & EFFECT:                                                             # steps 8, 10, 11
        return False
    if living and not i[r, I_FLAGS] & TOUCHING_WATER and \
            flag_in(keys, slots, pool, flags, WATER, box, BLOCK_COLLISION_DEFLATE):   # step 8: checkWaterState, if dry
        return False
    double = v & V_FALL_DOUBLE != 0                                                         # step 8
    f[r, F_FALL] = fall_before_landing(f[r, F_FALL], ay, double, i[r, I_FLAGS] & TOUCHING_WATER != 0)
    if living and on_ground and f[r, F_FALL] > SAFE_FALL_DISTANCE:   # onLandedUpon → handleFallDamage would hurt
        return False
    f[r, F_FALL] = fall_after_landing(f[r, F_FALL], ay, on_ground, double, v & V_FLOAT_STEP != 0)
    if mx != ax or mz != az:                                                                # step 9
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = zero_collided_motion(
            f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], mx, mz, ax, az, v & V_BOTH_AXES != 0)
    if my != ay:                                                                            # step 10
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = land_on_block(f[r, F_MOTION], f[r, F_MOTION + 1],
                                                                              f[r, F_MOTION + 2])
    if in_tick:                              # tickBlockCollision: nothing acts where no block has an effect
        if effect_near_path(keys, slots, pool, flags, f, r, box, v & V_EFFECT_SECTIONS != 0, effects):
            return False
    else:                                                                                   # step 13
        d = BLOCK_COLLISION_DEFLATE_1_19_3 if v & V_DEFLATE_1E7 != 0 else BLOCK_COLLISION_DEFLATE
        y0, y1 = jfloor(box[1] + d), jfloor(box[4] - d)
        if not (y1 < 0 or y0 > 255) and _any_flag(keys, slots, pool, flags, EFFECT, jfloor(box[0] + d), y0,
                                                  jfloor(box[2] + d), jfloor(box[3] - d), y1, jfloor(box[5] - d)):
            return False
    at = state_at(keys, slots, pool, bx, jfloor(py), bz)                                    # step 14
    if flags[at] & EFFECT:
        return False
    if not flags[at] & WATER_OR_COLUMN:
        if not supported:
            return not flags[state_at(keys, slots, pool, bx, jfloor(box[1] - VELOCITY_AFFECTING_OFFSET), bz)] \
                & EFFECT
        vy = jfloor(py - VELOCITY_AFFECTING_OFFSET_1_20)             # getPosWithYOffset(0.500001F)
        if not i[r, I_FLAGS] & HAS_SUPPORT:
            return not flags[state_at(keys, slots, pool, bx, vy, bz)] & EFFECT
        sx, sy, sz = i[r, I_SUPPORT], i[r, I_SUPPORT + 1], i[r, I_SUPPORT + 2]
        if flags[state_at(keys, slots, pool, sx, vy, sz)] & EFFECT:
            return False
        s = flags[state_at(keys, slots, pool, sx, sy, sz)]
        if s & FENCE_LIKE and s & EFFECT:    # a wall or gate is the block itself: either way, no effect
            return False
    return True                              # step 15: fire ticks are unlit (checked first)


@njit(inline=True)
def effect_near_path(keys, slots, pool, flags, f: np.ndarray, r: int, box: tuple, by_section: bool,
                      effects: np.ndarray) -> bool:
    """A block with an effect, or a span over TICK_BLOCKS_SPAN, in the hull (TICK_BLOCKS_MARGIN wider) of the box
    at the tick's start and now: every cell `tickBlockCollision` visits lies in it (its sweep's points are on the
    path of the box's min corner, nudged 1.0E-7 past its ends, widened by the box's lengths, clamped 1.0E-5F inside
    a cell). `by_section` (a release refusing `block_effects`): the hull also takes the box one Motion ahead, as
    `block_effects.refuse_block_collision_in_tick` does, and a section overlapping it that `effects` marks
    counts."""
    okx, x0, x1 = _hull_cells(f, r, box, 0, by_section)
    oky, y0, y1 = _hull_cells(f, r, box, 1, by_section)
    okz, z0, z1 = _hull_cells(f, r, box, 2, by_section)
    if not (okx and oky and okz):
        return True
    if by_section:
        for sx in range(x0 >> 4, (x1 >> 4) + 1):
            for sy in range(y0 >> 4, (y1 >> 4) + 1):
                for sz in range(z0 >> 4, (z1 >> 4) + 1):
                    slot = section_slot(keys, slots, sx, sy, sz)
                    if slot >= 0 and effects[slot]:
                        return True
    return _any_flag(keys, slots, pool, flags, EFFECT, x0, y0, z0, x1, y1, z1)


@njit(inline=True)
def _hull_cells(f: np.ndarray, r: int, box: tuple, a: int, by_section: bool) -> tuple:
    """`effect_near_path`'s hull along axis `a`: (False, 0, 0) where it is not finite or spans over
    TICK_BLOCKS_SPAN, else (True, its first cell, its last cell)."""
    back = f[r, F_PREV + a] - f[r, F_POS + a]
    ahead = f[r, F_MOTION + a] if by_section else 0.0
    low = box[a] + min(back, ahead, 0.0) - TICK_BLOCKS_MARGIN
    high = box[a + 3] + max(back, ahead, 0.0) + TICK_BLOCKS_MARGIN
    if not (np.isfinite(low) and np.isfinite(high)) or high - low > TICK_BLOCKS_SPAN:
        return False, 0, 0
    return True, jfloor(low), jfloor(high)


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, fuse_col: int, v: int, border: tuple,
              lava_push: float, zero_below: float, effects: np.ndarray, marks: np.ndarray, saved_f: np.ndarray,
              saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `TntEntity.tick` for rows[start:] in the release whose flags are `v`
    (`version_bits`; `effects` as `move_self` reads it), in order, up to one whose fuse runs out (the
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
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            if r < 0:
                return n, HANDED
            continue                                                          # removed: the phase unloads it
        tick_entity_head(f, i, r)                                             # ServerWorld.tickEntity
        if not i[r, I_FLAGS] & NO_GRAVITY:
            gravity(f, r)                                                     # 1 G
        if not move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                         f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], v, border, effects, HALF_WIDTH,
                         TNT_HEIGHT, 0.0, False):                             # 2 M
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            if i[r, fuse_col] <= 1:       # it explodes on the object path: nothing after it ticks before that
                return n, HANDED
            continue
        drag(f, r)                                                            # 3 D
        if i[r, I_FLAGS] & ON_GROUND:                                         # 4
            ground_friction(f, r)
        decrement_fuse(i, r, fuse_col)                                        # 5
        if i[r, fuse_col] <= 0:                                               # 6: the phase explodes it
            end_row(f, i, r, n, marks)
            return n, EXPLODE
        if not update_water_state(keys, slots, pool, flags, f, i, r, lava_push, v & V_VEC_DOUBLE != 0,
                                  zero_below, v & V_LAVA_IN_WATER != 0, True):   # 7 F
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            continue                      # (its fuse stays above 0 on the object path too)
        end_row(f, i, r, n, marks)
    return len(rows), DONE
