"""`BoatEntity.tick` (spec 06 §5.2) on rows: its stages as kernels (engine.jit) over `engine.entities.rows` columns
(`BOAT_ROWS`: the location, the underwater timer, the yaw velocity, the velocity decay, the water level, the land
slipperiness, the fall velocity, the bubble-column fields and the wobble among its extras), and the fused loop the
entity phase runs over consecutive boats.

`Boat.tick` (the object path: tracing, the viewer's micro-steps, and any boat this loop hands back) runs the same
stage kernels as plain Python (`engine.jit.plain`): `checkLocation` (`getUnderWaterLocation`, `checkBoatInWater`,
the mean slipperiness under the box), `updateVelocity` but for a boat entering water from the air, and
`BoatEntity.fall`'s arithmetic. The base tick is `item_kernel.base_tick`, the move `tnt_kernel.move_self`. The loop
hands a boat back to the object path, its row restored as found, where the tick would read something these
kernels do not decide: a boat entering water from the air (its surface search and, from 1.21, the space check), a
bubble column's surface timer, a cell whose collision shape a block entity or the cell decides under the box,
fire, lava, the void, a landing that breaks the boat, a block with an entity effect in reach, any other entity's
box meeting the boat's move or its push box (other boats, riders to board, entities to push), a move long enough
for the 1.18.2 fall-reset ray with a fall distance, non-finite numbers (see `tick_rows`).
"""

from __future__ import annotations

import math

import numpy as np

from engine.constants import (
    BOAT_BUOYANCY_DRAG,
    BOAT_BUOYANCY_FACTOR,
    BOAT_BUOYANCY_SCALE,
    BOAT_DEFAULT_DECAY,
    BOAT_FALL_BREAK,
    BOAT_FLOWING_GRAVITY,
    BOAT_GRAVITY,
    BOAT_GRAVITY_1_20_5,
    BOAT_HEIGHT,
    BOAT_PROBE,
    BOAT_PUSH_MARGIN,
    BOAT_PUSH_MARGIN_Y,
    BOAT_UNDER_WATER_BUOYANCY,
    BOAT_UNDER_WATER_DECAY,
    BOAT_WATER_DECAY,
    BOAT_WIDTH,
    COLLISION_EPSILON,
    FLUID_HEIGHT_DIVISOR,
    FLUID_MAX_AMOUNT,
    JAVA_DOUBLE_MIN,
)
from engine.entities.item_kernel import base_tick
from engine.entities.minecart_kernel import _any_effect, _boxes_meet, file_boxes
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_FALL,
    F_MOTION,
    F_POS,
    HANDED,
    I_FIRE,
    I_FLAGS,
    NO_GRAVITY,
    OBJECT_PATH,
    ON_GROUND,
    RowTable,
    begin_row,
    end_row,
    hand_back,
    tick_entity_head,
)
from engine.entities.tnt_kernel import UNLIT, V_FALL_DOUBLE, V_FALL_RESET, move_self
from engine.influences.fluid_kernel import _height, f32, fluid_height
from engine.jit import njit
from engine.motion.collision_kernel import _intersects_shape, jceil, jfloor, state_at
from engine.world.block_tables import AMOUNT_SHIFT, DYNAMIC_SHAPE, FALLING, WATER

BOAT_ROWS = RowTable(extra_ints=("location", "last_location", "bubble_wobble_ticks", "on_bubble_column_surface",
                                 "bubble_column_is_drag", "first_update", "submerged_in_water"),
                     extra_floats=("ticks_underwater", "yaw_velocity", "velocity_decay", "water_level",
                                   "land_slipperiness", "fall_velocity", "damage_wobble_strength", "yaw", "pitch"))
I_LOCATION, I_LAST_LOCATION, I_BUBBLE_TICKS, I_SURFACE, I_FIRST, I_SUBMERGED = (BOAT_ROWS.extra_ints[n] for n in (
    "location", "last_location", "bubble_wobble_ticks", "on_bubble_column_surface", "first_update",
    "submerged_in_water"))
F_UNDERWATER, F_YAW_VELOCITY, F_DECAY, F_WATER_LEVEL, F_SLIPPERINESS, F_FALL_VELOCITY, F_WOBBLE = (
    BOAT_ROWS.extra_floats[n] for n in ("ticks_underwater", "yaw_velocity", "velocity_decay", "water_level",
                                        "land_slipperiness", "fall_velocity", "damage_wobble_strength"))
# `BoatEntity.Location` as the row's int (0: none yet, before the first tick)
NO_LOCATION, IN_WATER, UNDER_WATER, UNDER_FLOWING_WATER, ON_LAND, IN_AIR = 0, 1, 2, 3, 4, 5
HALF_WIDTH = BOAT_WIDTH / 2.0            # EntityDimensions.getBoxAt
LILY_PAD = -1.0                          # the slipperiness column's mark of a lily pad (`method_7548` skips it)
# the water heights a boat reads (`water_height`): 1.14's FluidState.getHeight(world, pos), 1.13.2's getHeight()
# (`fluid_height_level_only`), 1.12.2's BlockLiquid.getBlockLiquidHeight (`boat_liquid_height_1_12`)
HEIGHTS_WORLD, HEIGHTS_LEVEL, HEIGHTS_1_12 = 0, 1, 2


@njit(inline=True)
def liquid_height_1_12(meta: int, water_above: bool) -> float:
    """1.12.2 `BlockLiquid.getBlockLiquidHeight` of water whose LEVEL is `meta` (0 a source, 1-7 flowing, 8-15
    falling): 1.0F where meta & 7 is 0 and the block above is water, else 1.0F − getLiquidHeightPercent(meta),
    (meta + 1) / 9.0F in float with a falling meta counted as 0."""
    if meta & 7 == 0 and water_above:
        return 1.0
    return f32(1.0 - f32(((0 if meta >= 8 else meta) + 1) / FLUID_HEIGHT_DIVISOR))


@njit(inline=True)
def water_height(keys, slots, pool, flags, fl: int, x: int, y: int, z: int, heights: int) -> float:
    """The height above its floor of the water cell (x, y, z) whose flags are `fl`, as the release's boat reads it
    (`heights`: HEIGHTS_WORLD, HEIGHTS_LEVEL or HEIGHTS_1_12; 1.12.2's LEVEL from the fluid state: a source 0, a
    falling one 8, else 8 − its amount)."""
    if heights == HEIGHTS_LEVEL:
        return _height(fl)
    if heights == HEIGHTS_1_12:
        amount = fl >> AMOUNT_SHIFT
        meta = 8 if fl & FALLING else FLUID_MAX_AMOUNT - amount
        return liquid_height_1_12(meta, flags[state_at(keys, slots, pool, x, y + 1, z)] & WATER != 0)
    return fluid_height(keys, slots, pool, flags, fl, x, y, z, WATER)


@njit(inline=True)
def get_under_water_location(keys, slots, pool, flags, box: tuple, heights: int) -> int:
    """`BoatEntity.getUnderWaterLocation`: water whose surface is above the box top + 0.001 (UNDER_WATER); a
    flowing one wins at once (UNDER_FLOWING_WATER); else NO_LOCATION. `heights`: `water_height`'s."""
    d = box[4] + BOAT_PROBE
    found = False
    for x in range(jfloor(box[0]), jceil(box[3])):
        for y in range(jfloor(box[4]), jceil(d)):
            for z in range(jfloor(box[2]), jceil(box[5])):
                fl = flags[state_at(keys, slots, pool, x, y, z)]
                if fl & WATER and d < f32(y + water_height(keys, slots, pool, flags, fl, x, y, z, heights)):
                    if fl >> AMOUNT_SHIFT != FLUID_MAX_AMOUNT or fl & FALLING:   # not a source
                        return UNDER_FLOWING_WATER
                    found = True
    return UNDER_WATER if found else NO_LOCATION


@njit(inline=True)
def check_boat_in_water(keys, slots, pool, flags, box: tuple, heights: int) -> tuple:
    """`BoatEntity.checkBoatInWater`: (water whose surface (a float) is above the box bottom, the highest such
    surface: the water level, Double.MIN_VALUE where none). `heights`: `water_height`'s."""
    found = False
    level = JAVA_DOUBLE_MIN
    for x in range(jfloor(box[0]), jceil(box[3])):
        for y in range(jfloor(box[1]), jceil(box[1] + BOAT_PROBE)):
            for z in range(jfloor(box[2]), jceil(box[5])):
                fl = flags[state_at(keys, slots, pool, x, y, z)]
                if fl & WATER:
                    f = f32(y + water_height(keys, slots, pool, flags, fl, x, y, z, heights))
                    level = max(f, level)
                    found = found or box[1] < f
    return found, level


@njit(inline=True)
def _resolved(resolved: np.ndarray, x: int, y: int, z: int) -> int:
    """Whether the shape of cell (x, y, z), which the cell or a block entity decides, meets the slab: 1 or 0 as
    `resolved` (rows x, y, z, meets) says, −1 where it does not list the cell."""
    for k in range(len(resolved)):
        if resolved[k, 0] == x and resolved[k, 1] == y and resolved[k, 2] == z:
            return resolved[k, 3]
    return -1


@njit(inline=True)
def slab_region(box: tuple) -> tuple:
    """`method_7548`'s slab (0.001 thin under the box) and the cells it visits around it: (slab, x0, x1, y0, y1,
    z0, z1), ranges exclusive at the top."""
    slab = (box[0], box[1] - BOAT_PROBE, box[2], box[3], box[1], box[5])
    return (slab, jfloor(slab[0]) - 1, jceil(slab[3]) + 1, jfloor(slab[1]) - 1, jceil(slab[4]) + 1,
            jfloor(slab[2]) - 1, jceil(slab[5]) + 1)


@njit(inline=True)
def average_slipperiness(keys, slots, pool, shape, ncoords, coords, filled, single, slip: np.ndarray, box: tuple,
                         resolved: np.ndarray) -> tuple:
    """`BoatEntity.method_7548`: (the mean slipperiness, a float, of the blocks whose collision shape meets the
    slab under the box, lily pads excluded and the corner columns skipped: NaN (0/0) where none; ok). `slip`: the
    slipperiness per state (LILY_PAD for lily pads); a cell whose shape the tables lack (DYNAMIC_SHAPE) is read
    from `resolved`, ok false where it is not there."""
    slab, i, j, k, n_y, m, n = slab_region(box)
    total = 0.0
    count = 0
    for x in range(i, j):
        for z in range(m, n):
            edges = (1 if x == i or x == j - 1 else 0) + (1 if z == m or z == n - 1 else 0)
            if edges == 2:
                continue
            for y in range(k, n_y):
                if edges > 0 and (y == k or y == n_y - 1):
                    continue
                st = state_at(keys, slots, pool, x, y, z)
                if slip[st] == LILY_PAD:
                    continue
                s = shape[st]
                if s == DYNAMIC_SHAPE:
                    meets = _resolved(resolved, x, y, z)
                    if meets < 0:
                        return math.nan, False
                elif _intersects_shape(ncoords, coords, filled, single, s, x, y, z, slab):
                    meets = 1
                else:
                    meets = 0
                if meets:
                    total = f32(total + slip[st])
                    count += 1
    return (f32(total / count) if count else math.nan), True


@njit(inline=True)
def begin_tick(f: np.ndarray, r: int) -> None:
    """The damage wobble's strength (a float) counts down (`BoatEntity.tick`, after the underwater dismount)."""
    if f[r, F_WOBBLE] > 0.0:
        f[r, F_WOBBLE] = f32(f[r, F_WOBBLE] - 1.0)


@njit(inline=True)
def update_location(keys, slots, pool, shape, flags, ncoords, coords, filled, single, slip: np.ndarray,
                    f: np.ndarray, i: np.ndarray, r: int, resolved: np.ndarray, heights: int) -> bool:
    """Step 1 (`BoatEntity.tick`): the last location kept, `checkLocation` (under water, else in water, else on
    land where the mean slipperiness is above 0, else in the air; the water level and the land slipperiness as it
    sets them), the underwater timer (a float) counted or reset. False (nothing written) where
    `average_slipperiness` cannot decide. `heights`: the release's water heights (`water_height`)."""
    box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
    loc = get_under_water_location(keys, slots, pool, flags, box, heights)
    level = f[r, F_WATER_LEVEL]
    slipperiness = f[r, F_SLIPPERINESS]
    if loc != NO_LOCATION:
        level = box[4]
    else:
        found, level = check_boat_in_water(keys, slots, pool, flags, box, heights)
        if found:
            loc = IN_WATER
        else:
            s, ok = average_slipperiness(keys, slots, pool, shape, ncoords, coords, filled, single, slip, box,
                                         resolved)
            if not ok:
                return False
            if s > 0.0:
                slipperiness = s
                loc = ON_LAND
            else:
                loc = IN_AIR
    f[r, F_WATER_LEVEL] = level
    f[r, F_SLIPPERINESS] = slipperiness
    i[r, I_LAST_LOCATION] = i[r, I_LOCATION]
    i[r, I_LOCATION] = loc
    if loc == UNDER_WATER or loc == UNDER_FLOWING_WATER:
        f[r, F_UNDERWATER] = f32(f[r, F_UNDERWATER] + 1.0)
    else:
        f[r, F_UNDERWATER] = 0.0
    return True


@njit(inline=True)
def update_velocity(f: np.ndarray, i: np.ndarray, r: int, gravity_double: bool, controlled: bool) -> bool:
    """`BoatEntity.updateVelocity` (spec 06 §5.2 steps 5-8, table 7.5, AMBIGUITY-N7): the decay and buoyancy of
    the location, gravity ((double)-0.04F; from 1.20.5, `gravity_double`, the double 0.04 and a buoyancy factor of
    0.04 / 0.65); on land ridden by a player (`controlled`) the slipperiness halves. False, with only the decay
    written, for a boat entering water from the air (the object path puts it on the surface)."""
    gravity = 0.0 if i[r, I_FLAGS] & NO_GRAVITY else (-BOAT_GRAVITY_1_20_5 if gravity_double else BOAT_GRAVITY)
    buoyancy = 0.0
    f[r, F_DECAY] = BOAT_DEFAULT_DECAY
    loc = i[r, I_LOCATION]
    if i[r, I_LAST_LOCATION] == IN_AIR and loc != IN_AIR and loc != ON_LAND:
        return False
    if loc == IN_WATER:
        buoyancy = (f[r, F_WATER_LEVEL] - f[r, F_POS + 1]) / BOAT_HEIGHT
        f[r, F_DECAY] = BOAT_WATER_DECAY
    elif loc == UNDER_FLOWING_WATER:
        gravity = BOAT_FLOWING_GRAVITY
        f[r, F_DECAY] = BOAT_WATER_DECAY
    elif loc == UNDER_WATER:
        buoyancy = BOAT_UNDER_WATER_BUOYANCY
        f[r, F_DECAY] = BOAT_UNDER_WATER_DECAY
    elif loc == IN_AIR:
        f[r, F_DECAY] = BOAT_WATER_DECAY
    elif loc == ON_LAND:
        f[r, F_DECAY] = f[r, F_SLIPPERINESS]
        if controlled:
            f[r, F_SLIPPERINESS] = f32(f[r, F_SLIPPERINESS] / 2.0)
    k = f[r, F_DECAY]
    f[r, F_MOTION] = f[r, F_MOTION] * k
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + gravity
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * k
    f[r, F_YAW_VELOCITY] = f32(f[r, F_YAW_VELOCITY] * k)
    if buoyancy > 0.0:
        factor = BOAT_GRAVITY_1_20_5 / BOAT_BUOYANCY_SCALE if gravity_double else BOAT_BUOYANCY_FACTOR
        f[r, F_MOTION + 1] = (f[r, F_MOTION + 1] + buoyancy * factor) * BOAT_BUOYANCY_DRAG
    return True


@njit(inline=True)
def boat_fall(fall: float, dy: float, on_ground: bool, water_below: bool, on_land: bool, never_breaks: bool,
              double: bool, as_float: bool) -> tuple:
    """`BoatEntity.fall`'s arithmetic (no vehicle): (the fall distance after it, whether the landing breaks the
    boat, whether it changed or would change the fall distance). Falling is moving down (dy < 0) off the ground
    with no water in the cell under the position; a landing resets it, breaking the boat from over 3 blocks where
    its location is on land (not from 1.21.2, `never_breaks`). The drop adds in float from 1.18.2 (`as_float`),
    the float drop in double where the fall distance is a double (`double`)."""
    if on_ground:
        return 0.0, fall > BOAT_FALL_BREAK and on_land and not never_breaks, fall != 0.0
    if dy < 0.0 and not water_below:
        if double:
            return fall - f32(dy), False, True
        return f32(fall - (f32(dy) if as_float else dy)), False, True
    return fall, False, False


@njit(inline=True)
def _finite_row(f: np.ndarray, r: int) -> bool:
    for a in range(F_BOX + 6):
        if not math.isfinite(f[r, a]):
            return False
    for a in range(F_UNDERWATER, F_WOBBLE + 1):
        if not math.isfinite(f[r, a]):
            return False
    return True


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, allrows: np.ndarray, start: int, others: np.ndarray,
              slip: np.ndarray, v: int, gravity_double: bool, never_breaks: bool, as_float: bool, border: tuple,
              effects: np.ndarray, lava_push: float, zero_below: float, void: float, below_eye: float,
              marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `BoatEntity.tick` (a boat nobody rides or paddles) for rows[start:], in order, up
    to one the object path must tick (a row below 0, −2 − its row, or one a stage gave back: restored as found,
    marked OBJECT_PATH), whose tick may move or push others: the loop stops there (HANDED) and the phase goes on
    after it. `allrows[n]`: entity n's row, whichever path it takes; `others`: the boxes of every other entity in
    the world's sections (fixed while the run ticks). `slip`: the slipperiness per block state (LILY_PAD marks
    lily pads). `v`: the release's flags (`tnt_kernel.version_bits`); `gravity_double`, `never_breaks`,
    `as_float`: its `boat_gravity_double`, `boat_fall_never_breaks`, `boat_fall_distance_float`; `below_eye`: how
    far below the eye the submerged test looks. `marks[n]`: SECTION where entity n's section changed. `saved_f[n]`,
    `saved_i[n]` receive row n as it was before its tick. Returns (where it stopped, DONE or HANDED)."""
    fkeys, fids, wide = file_boxes(f, allrows, others)
    if wide < 0.0:
        marks[start] = OBJECT_PATH
        return start, HANDED
    moved = 0.0                                   # the farthest a filed box has moved since
    no_cells = np.zeros((0, 4), dtype=np.int64)   # no shape read from the world: such a cell hands the boat back
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            return n, HANDED
        if not _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                         fkeys, fids, allrows, others, wide + moved, slip, no_cells, v, gravity_double,
                         never_breaks, as_float, border, effects, lava_push, zero_below, void, below_eye):
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED
        moved = max(moved, abs(f[r, F_BOX] - saved_f[n, F_BOX]), abs(f[r, F_BOX + 2] - saved_f[n, F_BOX + 2]))
        end_row(f, i, r, n, marks)
    return len(rows), DONE


@njit
def _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r, fkeys, fids,
              allrows, others, reach, slip, no_cells, v, gravity_double, never_breaks, as_float, border, effects,
              lava_push, zero_below, void, below_eye) -> bool:
    """One boat's tick on its row; false where the object path must do it (the row part-written)."""
    if not _finite_row(f, r) or i[r, I_FIRST] or i[r, I_FIRE] != UNLIT or i[r, I_SURFACE]:
        return False                                            # first tick, fire, a bubble column's surface
    tick_entity_head(f, i, r)                                                 # ServerWorld.tickEntity
    if not update_location(keys, slots, pool, shape, flags, ncoords, coords, filled, single, slip, f, i, r,
                           no_cells, HEIGHTS_WORLD):                          # 1 (2: no passengers)
        return False
    begin_tick(f, r)
    if not base_tick(keys, slots, pool, flags, f, i, r, v, lava_push, zero_below, void, BOAT_HEIGHT, below_eye,
                     I_SUBMERGED):                                            # 3 F
        return False
    if not update_velocity(f, i, r, gravity_double, False):                   # 5-8
        return False
    mx, my, mz = f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2]
    if v & V_FALL_RESET != 0 and f[r, F_FALL] != 0.0 and mx * mx + my * my + mz * mz >= 1.0:
        return False                                            # the fall-reset ray may act before the boat's fall
    q = COLLISION_EPSILON * 2.0   # beyond the grown stretched box getEntityCollisions looks in
    if _boxes_meet(f, allrows, others, fkeys, fids, reach, r, f[r, F_BOX] + min(mx, 0.0) - q,
                   f[r, F_BOX + 1] + min(my, 0.0) - q, f[r, F_BOX + 2] + min(mz, 0.0) - q,
                   f[r, F_BOX + 3] + max(mx, 0.0) + q, f[r, F_BOX + 4] + max(my, 0.0) + q,
                   f[r, F_BOX + 5] + max(mz, 0.0) + q):
        return False
    fall = f[r, F_FALL]
    if not move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     mx, my, mz, v, border, effects, HALF_WIDTH, BOAT_HEIGHT, 0.0, False):   # 13 M
        return False
    # BoatEntity.fall in the move (step 8), from the fall distance before it: off the ground a move down is the
    # whole Motion (a shortened one collides, which for a move down lands), so dy is Motion Y where it decides
    f[r, F_FALL_VELOCITY] = my
    water_below = flags[state_at(keys, slots, pool, jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]) - 1,
                                 jfloor(f[r, F_POS + 2]))] & WATER != 0
    after, breaks, _ = boat_fall(fall, my, i[r, I_FLAGS] & ON_GROUND != 0, water_below, i[r, I_LOCATION] == ON_LAND,
                                 never_breaks, v & V_FALL_DOUBLE != 0, as_float)
    f[r, F_FALL] = after
    if breaks:
        return False
    i[r, I_BUBBLE_TICKS] = 0                                                  # 14: no surface, no timer
    if _any_effect(keys, slots, pool, flags, f, r, v, effects):               # 15: checkBlockCollision
        return False
    h, g = BOAT_PUSH_MARGIN + q, BOAT_PUSH_MARGIN_Y + q                       # 16: the push and boarding search
    if _boxes_meet(f, allrows, others, fkeys, fids, reach, r, f[r, F_BOX] - h, f[r, F_BOX + 1] - g,
                   f[r, F_BOX + 2] - h, f[r, F_BOX + 3] + h, f[r, F_BOX + 4] + g, f[r, F_BOX + 5] + h):
        return False
    return _finite_row(f, r)
