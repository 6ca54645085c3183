"""`AbstractMinecartEntity.tick` on rails (spec 06 §6.2, §6.5) on rows: its stages as kernels (engine.jit) over
`engine.entities.rows` columns (a cart's yaw, wobble and rail among its extras), and the fused loop the entity
phase runs over consecutive minecarts.

`AbstractMinecart.tick` (the object path: tracing, the viewer's micro-steps, and any cart this loop hands back)
runs the same stage kernels as plain Python (`engine.jit.plain`): the wobble, gravity, `moveOnRail`'s pieces
around the move (slope, direction and speed cap, braking, the snap onto the path, the slope step, the height
gain, the exit turn, the boost), `applySlowdown` and the yaw. The move is `tnt_kernel.move_self` by the capped
Motion, the fluid stage `engine.influences.fluid_kernel`'s. The loop hands a cart back to the object path, its row
restored as found, where the tick would read something these kernels do not decide: no rail under it (off-rail
movement), an activator rail, a block with an entity effect in reach (detector rails among them), any other entity
whose box meets the cart's move or its push box (riders, carts to push, entities to board or collide with), the
void, lava, the world border within reach, non-finite numbers (see `tick_rows`).
"""

from __future__ import annotations

import math

import numpy as np

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    BLOCK_COLLISION_DEFLATE_1_19_3,
    COLLISION_EPSILON,
    MINECART_BOOST,
    MINECART_BOOST_MIN,
    MINECART_BRAKE,
    MINECART_BRAKE_STOP,
    MINECART_GRAVITY,
    MINECART_HEIGHT,
    MINECART_KICKSTART,
    MINECART_MAX_SPEED,
    MINECART_PUSH_MARGIN,
    MINECART_RAIL_MAX_SPEED,
    MINECART_SLOPE_ACCEL,
    MINECART_SLOPE_GAIN,
    MINECART_SLOWDOWN,
    MINECART_WATER_GRAVITY,
    MINECART_WATER_MAX_SPEED,
    MINECART_WATER_SLOPE_FACTOR,
    MINECART_WATER_SLOWDOWN,
    MINECART_WIDTH,
    MINECART_YAW_FLIP,
    MINECART_YAW_MIN_MOVE,
    MINECART_YAW_MODULO,
)
from engine.entities.minecart_rails import (
    ACTIVATOR_RAIL,
    EAST_WEST,
    EXITS,
    KIND_MASK,
    KIND_SHIFT,
    NO_RAIL,
    NORTH_SOUTH,
    POWERED,
    POWERED_RAIL,
    SLOPE_SIGNS,
    SOLID_BLOCK,
    SOLID_BY_BLOCK_ENTITY,
    along_rail,
    snap_on_rail,
)
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_FALL,
    F_LAVA,
    F_MOTION,
    F_POS,
    F_PREV,
    HANDED,
    I_FLAGS,
    NO_GRAVITY,
    OBJECT_PATH,
    TOUCHING_WATER,
    RowTable,
    add_gravity,
    begin_row,
    end_row,
    hand_back,
    tick_entity_head,
)
from engine.entities.tnt_kernel import (
    V_CART_1_21_2,
    V_CART_WATER,
    V_DEFLATE_1E7,
    V_LAVA_IN_WATER,
    V_TICK_BLOCKS,
    V_VEC_DOUBLE,
    effect_near_path,
    move_self,
)
from engine.influences.fluid_kernel import f32, update_water_state
from engine.java.mathhelper import atan2, wrap_degrees
from engine.jit import njit
from engine.motion.collision_kernel import jfloor, state_at
from engine.world.block_tables import EFFECT

CART_ROWS = RowTable(extra_ints=("damage_wobble_ticks", "yaw_flipped", "rail_shape"),
                     extra_floats=("yaw", "prev_yaw", "pitch", "damage_wobble_strength"))
F_YAW, F_PREV_YAW, F_PITCH, F_WOBBLE = (CART_ROWS.extra_floats[n] for n in ("yaw", "prev_yaw", "pitch",
                                                                             "damage_wobble_strength"))
I_WOBBLE_TICKS, I_FLIPPED, I_RAIL = (CART_ROWS.extra_ints[n] for n in ("damage_wobble_ticks", "yaw_flipped",
                                                                        "rail_shape"))
HALF_WIDTH = MINECART_WIDTH / 2.0        # EntityDimensions.getBoxAt
BUCKET = 4.0                             # the side of the cells `tick_rows` files boxes under (a cache, not physics)
BUCKET_LIMIT = 1 << 24                   # bucket coordinates are clamped to ±this (keys stay in an int64)
WIDEST = 64.0                            # beside a wider box (or a NaN one) every cart takes the object path


@njit(inline=True)
def begin_tick(f: np.ndarray, i: np.ndarray, r: int) -> None:
    """The tick's start: prevYaw = yaw; the damage wobble's ticks and strength (a float) count down."""
    f[r, F_PREV_YAW] = f[r, F_YAW]
    if i[r, I_WOBBLE_TICKS] > 0:
        i[r, I_WOBBLE_TICKS] -= 1
    if f[r, F_WOBBLE] > 0.0:
        f[r, F_WOBBLE] = f32(f[r, F_WOBBLE] - 1.0)


@njit(inline=True)
def set_position(f: np.ndarray, r: int, x: float, y: float, z: float) -> None:
    """`Entity.updatePosition`: the position and the box around it."""
    f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2] = x, y, z
    f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2] = x - HALF_WIDTH, y, z - HALF_WIDTH
    f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5] = x + HALF_WIDTH, y + MINECART_HEIGHT, z + HALF_WIDTH


@njit(inline=True)
def max_speed(water: bool) -> float:
    """`getMaxOffRailSpeed`: 0.4 per axis, 0.2 in water from 1.17."""
    return MINECART_WATER_MAX_SPEED if water else MINECART_MAX_SPEED


@njit(inline=True)
def head_along_rail(f: np.ndarray, r: int, cy: int, shape: int, water: bool) -> float:
    """`moveOnRail` up to the rider's push: the fall is reset, an ascending rail pulls (∓0.0078125, × 0.2 in water
    from 1.17), and Motion turns along the rail in the direction it points, at most 2 m/gt. The Y of the path."""
    f[r, F_FALL] = 0.0
    y = float(cy)
    g = MINECART_SLOPE_ACCEL
    if water:
        g *= MINECART_WATER_SLOPE_FACTOR
    sx, sz = SLOPE_SIGNS[shape]
    if sx != 0.0 or sz != 0.0:
        f[r, F_MOTION] = f[r, F_MOTION] + sx * g
        f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + 0.0
        f[r, F_MOTION + 2] = f[r, F_MOTION + 2] + sz * g
        y += 1.0
    e = EXITS[shape]
    h, k = float(e[3] - e[0]), float(e[5] - e[2])
    length = math.sqrt(h * h + k * k)
    vx, vz = f[r, F_MOTION], f[r, F_MOTION + 2]
    if vx * h + vz * k < 0.0:
        h, k = -h, -k
    speed = min(MINECART_RAIL_MAX_SPEED, math.sqrt(vx * vx + vz * vz))
    f[r, F_MOTION] = speed * h / length
    f[r, F_MOTION + 2] = speed * k / length
    return y


@njit(inline=True)
def brake(f: np.ndarray, r: int, fields: bool) -> None:
    """An unpowered powered rail: stop below 0.03 m/gt (Vec3d.ZERO; on 1.12.2's motion fields, `fields`, each
    × 0.0, the signs kept), else multiply(0.5, 0.0, 0.5)."""
    if math.sqrt(f[r, F_MOTION] * f[r, F_MOTION] + f[r, F_MOTION + 2] * f[r, F_MOTION + 2]) < MINECART_BRAKE_STOP:
        if fields:
            for a in range(3):
                f[r, F_MOTION + a] = f[r, F_MOTION + a] * 0.0
        else:
            f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = 0.0, 0.0, 0.0
    else:
        f[r, F_MOTION] = f[r, F_MOTION] * MINECART_BRAKE
        f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * 0.0
        f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * MINECART_BRAKE


@njit(inline=True)
def snap_onto_path(f: np.ndarray, r: int, x: float, z: float, cx: int, cz: int, shape: int, y: float) -> None:
    """The cart onto the rail's path at the point nearest (x, z) (its position when `moveOnRail` began), at Y."""
    e = EXITS[shape]
    ax, az = cx + 0.5 + e[0] * 0.5, cz + 0.5 + e[2] * 0.5
    h, k = (cx + 0.5 + e[3] * 0.5) - ax, (cz + 0.5 + e[5] * 0.5) - az
    t = along_rail(x, z, cx, cz, ax, az, h, k)
    set_position(f, r, ax + h * t, y, az + k * t)


@njit(inline=True)
def rail_movement(f: np.ndarray, r: int, ridden: float, w: float) -> tuple[float, float]:
    """The move along the rail: ridden × Motion, clamped to ±w per axis (X, Z; Y is 0)."""
    x, z = ridden * f[r, F_MOTION], ridden * f[r, F_MOTION + 2]
    return (-w if x < -w else (w if x > w else x)), (-w if z < -w else (w if z > w else z))


@njit(inline=True)
def slope_step(f: np.ndarray, r: int, cx: int, cz: int, shape: int) -> None:
    """After the move, a cart that reached the cell an ascending rail leads up (or down) to steps by its Y."""
    e = EXITS[shape]
    fx, fz = jfloor(f[r, F_POS]) - cx, jfloor(f[r, F_POS + 2]) - cz
    if e[1] != 0 and fx == e[0] and fz == e[2]:
        set_position(f, r, f[r, F_POS] + 0.0, f[r, F_POS + 1] + e[1], f[r, F_POS + 2] + 0.0)
    elif e[4] != 0 and fx == e[3] and fz == e[5]:
        set_position(f, r, f[r, F_POS] + 0.0, f[r, F_POS + 1] + e[4], f[r, F_POS + 2] + 0.0)


@njit(inline=True)
def apply_slowdown(f: np.ndarray, r: int, d: float, water: bool) -> None:
    """`applySlowdown`: multiply(d, 0.0, d) (0.997 ridden, 0.96 empty), then × 0.95F in water from 1.17."""
    f[r, F_MOTION] = f[r, F_MOTION] * d
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * 0.0
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * d
    if water:
        for a in range(3):
            f[r, F_MOTION + a] = f[r, F_MOTION + a] * MINECART_WATER_SLOWDOWN


@njit(inline=True)
def height_gain(f: np.ndarray, r: int, before_y: float, after_y: float, fields: bool) -> None:
    """Speed gained from the height lost since `moveOnRail` began, (before − after) × 0.05; Y onto the path. On
    1.12.2's motion fields (`fields`, `minecart_height_gain_divided`) motion / speed × (speed + gain), else
    multiply((speed + gain) / speed, 1.0, ...): another rounding."""
    gain = (before_y - after_y) * MINECART_SLOPE_GAIN
    s = math.sqrt(f[r, F_MOTION] * f[r, F_MOTION] + f[r, F_MOTION + 2] * f[r, F_MOTION + 2])
    if s > 0.0 and fields:
        f[r, F_MOTION] = f[r, F_MOTION] / s * (s + gain)
        f[r, F_MOTION + 2] = f[r, F_MOTION + 2] / s * (s + gain)
    elif s > 0.0:
        f[r, F_MOTION] = f[r, F_MOTION] * ((s + gain) / s)
        f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * 1.0
        f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * ((s + gain) / s)
    set_position(f, r, f[r, F_POS], after_y, f[r, F_POS + 2])


@njit(inline=True)
def exit_turn(f: np.ndarray, r: int, cx: int, cz: int) -> None:
    """A cart that left the rail's cell keeps its speed, turned towards the cell it entered."""
    nx, nz = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 2])
    if nx != cx or nz != cz:
        s = math.sqrt(f[r, F_MOTION] * f[r, F_MOTION] + f[r, F_MOTION + 2] * f[r, F_MOTION + 2])
        f[r, F_MOTION] = s * (nx - cx)
        f[r, F_MOTION + 2] = s * (nz - cz)


@njit(inline=True)
def boost(f: np.ndarray, r: int) -> bool:
    """A powered rail above 0.01 m/gt: + 0.06 along Motion. False where the cart is slower (`kickstart`)."""
    mx, mz = f[r, F_MOTION], f[r, F_MOTION + 2]
    s = math.sqrt(mx * mx + mz * mz)
    if not s > MINECART_BOOST_MIN:
        return False
    f[r, F_MOTION] = mx + mx / s * MINECART_BOOST
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + 0.0
    f[r, F_MOTION + 2] = mz + mz / s * MINECART_BOOST
    return True


@njit(inline=True)
def kickstart(f: np.ndarray, r: int, shape: int, solid_before: bool, solid_after: bool) -> None:
    """A slow cart on a flat straight powered rail: 0.02 away from a solid block at its west (north) end, else
    towards the east (south) end's; `solid_before`/`solid_after`: the west and east (north and south) cells."""
    a = F_MOTION if shape == EAST_WEST else F_MOTION + 2
    if shape == EAST_WEST or shape == NORTH_SOUTH:
        if solid_before:
            f[r, a] = MINECART_KICKSTART
        elif solid_after:
            f[r, a] = -MINECART_KICKSTART


@njit(inline=True)
def update_yaw(f: np.ndarray, i: np.ndarray, r: int, modulo: bool) -> None:
    """Yaw from this tick's displacement (MathHelper's table atan2), flipped by 180° on a reversal; from 1.21.2
    (`modulo`, `DefaultMinecartController.tick`) kept as yaw % 360 (Java's float remainder: the dividend's sign)."""
    f[r, F_PITCH] = 0.0
    h = f[r, F_PREV] - f[r, F_POS]
    dz = f[r, F_PREV + 2] - f[r, F_POS + 2]
    if h * h + dz * dz > MINECART_YAW_MIN_MOVE:
        f[r, F_YAW] = f32(atan2(dz, h) * 180.0 / math.pi)
        if i[r, I_FLIPPED]:
            f[r, F_YAW] = f32(f[r, F_YAW] + 180.0)
    m = wrap_degrees(f32(f[r, F_YAW] - f[r, F_PREV_YAW]))
    if m < -MINECART_YAW_FLIP or m >= MINECART_YAW_FLIP:
        f[r, F_YAW] = f32(f[r, F_YAW] + 180.0)
        i[r, I_FLIPPED] = 1 - i[r, I_FLIPPED]
    if modulo:
        f[r, F_YAW] = f32(np.fmod(f[r, F_YAW], MINECART_YAW_MODULO))


@njit(inline=True)
def rail_code(keys, slots, pool, rails: np.ndarray, x: float, y: float, z: float) -> tuple[int, int]:
    """`rail_cell`: the rail code (`minecart_rails.rail_states`) under a cart at (x, y, z), and the cell's Y."""
    i, j, k = jfloor(x), jfloor(y), jfloor(z)
    below = rails[state_at(keys, slots, pool, i, j - 1, k)]
    if below != NO_RAIL:
        return below, j - 1
    return rails[state_at(keys, slots, pool, i, j, k)], j


@njit(inline=True)
def _finite_row(f: np.ndarray, r: int) -> bool:
    for a in range(F_BOX + 6):
        if not math.isfinite(f[r, a]):
            return False
    return math.isfinite(f[r, F_YAW]) and math.isfinite(f[r, F_WOBBLE])


@njit(inline=True)
def _width(x0: float, z0: float, x1: float, z1: float) -> float:
    """How wide a box is, for filing: inf where an infinite corner lets it meet boxes anywhere, 0 where a NaN
    lets it meet none."""
    if x0 != x0 or z0 != z0 or x1 != x1 or z1 != z1:
        return 0.0
    return max(x1 - x0, z1 - z0)


@njit(inline=True)
def _bucket(v: float) -> int:
    return min(max(jfloor(v / BUCKET), -BUCKET_LIMIT), BUCKET_LIMIT)


@njit(inline=True)
def _boxes_meet(f: np.ndarray, allrows: np.ndarray, others: np.ndarray, keys: np.ndarray, ids: np.ndarray,
                reach: float, me: int, q0: float, q1: float, q2: float, q3: float, q4: float, q5: float) -> bool:
    """Some entity's box, other than row `me`'s, meets the open box q (strictly, as `Box.intersects`). Boxes are
    filed (`keys`, sorted, and `ids`: n ≥ 0 a run entity's row `allrows[n]`, read now; −1 − m `others[m]`) by the
    bucket of their minimum corner when filed; `reach`: the widest box plus how far any has moved since."""
    for bx in range(_bucket(q0 - reach), _bucket(q3 + reach) + 1):
        lo = np.searchsorted(keys, (bx << 26) + _bucket(q2 - reach))
        hi = np.searchsorted(keys, (bx << 26) + _bucket(q5 + reach), side="right")
        for n in range(lo, hi):
            k = ids[n]
            if k >= 0:
                o = allrows[k]
                if o == me:
                    continue
                b0, b1, b2, b3, b4, b5 = (f[o, F_BOX], f[o, F_BOX + 1], f[o, F_BOX + 2], f[o, F_BOX + 3],
                                          f[o, F_BOX + 4], f[o, F_BOX + 5])
            else:
                m = -1 - k
                b0, b1, b2, b3, b4, b5 = (others[m, 0], others[m, 1], others[m, 2], others[m, 3], others[m, 4],
                                          others[m, 5])
            if b0 < q3 and b3 > q0 and b1 < q4 and b4 > q1 and b2 < q5 and b5 > q2:
                return True
    return False


@njit(inline=True)
def _any_effect(keys, slots, pool, flags, f: np.ndarray, r: int, v: int, effects: np.ndarray) -> bool:
    """`checkBlockCollision`'s cells (the box deflated by 0.001, 1.0E-7 from 1.19.3) hold a block with an entity
    effect; from 1.21.2 `tickBlockCollision`'s, from the tick's start (`tnt_kernel.effect_near_path`)."""
    box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
    if v & V_TICK_BLOCKS != 0:
        return effect_near_path(keys, slots, pool, flags, f, r, box, False, effects)
    d = BLOCK_COLLISION_DEFLATE_1_19_3 if v & V_DEFLATE_1E7 != 0 else BLOCK_COLLISION_DEFLATE
    y0, y1 = jfloor(f[r, F_BOX + 1] + d), jfloor(f[r, F_BOX + 4] - d)
    if y1 < 0 or y0 > 255:
        return False
    for x in range(jfloor(f[r, F_BOX] + d), jfloor(f[r, F_BOX + 3] - d) + 1):
        for y in range(y0, y1 + 1):
            for z in range(jfloor(f[r, F_BOX + 2] + d), jfloor(f[r, F_BOX + 5] - d) + 1):
                if flags[state_at(keys, slots, pool, x, y, z)] & EFFECT:
                    return True
    return False


@njit(inline=True)
def file_boxes(f: np.ndarray, allrows: np.ndarray, others: np.ndarray) -> tuple:
    """The boxes of a run's rows (`allrows`) and of the other entities (`others`) filed for `_boxes_meet`: (keys,
    ids, the widest box's width plus COLLISION_EPSILON); a width of −1 where a box is wider than WIDEST."""
    count = len(allrows) + len(others)
    fkeys = np.empty(count, dtype=np.int64)
    fids = np.empty(count, dtype=np.int64)
    wide = 0.0
    c = 0
    for n in range(len(allrows)):
        o = allrows[n]
        wide = max(wide, _width(f[o, F_BOX], f[o, F_BOX + 2], f[o, F_BOX + 3], f[o, F_BOX + 5]))
        if math.isfinite(f[o, F_BOX]) and math.isfinite(f[o, F_BOX + 2]):
            fkeys[c] = (_bucket(f[o, F_BOX]) << 26) + _bucket(f[o, F_BOX + 2])
            fids[c] = n
            c += 1
    for m in range(len(others)):
        wide = max(wide, _width(others[m, 0], others[m, 2], others[m, 3], others[m, 5]))
        if math.isfinite(others[m, 0]) and math.isfinite(others[m, 2]):
            fkeys[c] = (_bucket(others[m, 0]) << 26) + _bucket(others[m, 2])
            fids[c] = -1 - m
            c += 1
    order = np.argsort(fkeys[:c], kind="mergesort")
    if wide > WIDEST:
        return fkeys[:c][order], fids[:c][order], -1.0
    return fkeys[:c][order], fids[:c][order], wide + COLLISION_EPSILON


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, allrows: np.ndarray, start: int, others: np.ndarray,
              rails: np.ndarray, solid: np.ndarray, v: int, border: tuple, effects: np.ndarray, lava_push: float,
              zero_below: float, void: float, marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `AbstractMinecartEntity.tick` (an empty rideable cart on a rail) for
    rows[start:], in order, up to one the object path must tick (a row below 0, −2 − its row, or one a stage gave
    back: restored as found, marked OBJECT_PATH), whose tick may move or push others: the loop stops there
    (HANDED) and the phase goes on after it. `allrows[n]`: entity n's row, whichever path it takes; `others`: the
    boxes of every other entity in the world's sections (fixed while the run ticks). `marks[n]`: SECTION where
    entity n's section changed. `saved_f[n]`, `saved_i[n]` receive row n as it was before its tick. Returns
    (where it stopped, DONE or HANDED)."""
    fkeys, fids, wide = file_boxes(f, allrows, others)
    if wide < 0.0:
        marks[start] = OBJECT_PATH
        return start, HANDED
    moved = 0.0                                   # the farthest a filed box has moved since
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            return n, HANDED
        if not _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                         fkeys, fids, allrows, others, wide + moved, rails, solid, v, border, effects, lava_push,
                         zero_below, void):
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED
        moved = max(moved, abs(f[r, F_BOX] - saved_f[n, F_BOX]), abs(f[r, F_BOX + 2] - saved_f[n, F_BOX + 2]))
        end_row(f, i, r, n, marks)
    return len(rows), DONE


@njit(inline=True)
def _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r, fkeys, fids,
              allrows, others, reach, rails, solid, v, border, effects, lava_push, zero_below, void) -> bool:
    """One cart's tick on its row; false where the object path must do it (the row part-written)."""
    if not _finite_row(f, r):
        return False
    tick_entity_head(f, i, r)                                                 # ServerWorld.tickEntity
    begin_tick(f, i, r)
    if f[r, F_POS + 1] < void:                                                # 1: removed
        return False
    water = v & V_CART_WATER != 0 and i[r, I_FLAGS] & TOUCHING_WATER != 0
    if not i[r, I_FLAGS] & NO_GRAVITY:                                        # 3 G
        add_gravity(f, r, MINECART_WATER_GRAVITY if water else MINECART_GRAVITY)
    x, y, z = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
    code, cy = rail_code(keys, slots, pool, rails, x, y, z)
    if code == NO_RAIL or (code >> KIND_SHIFT) & KIND_MASK == ACTIVATOR_RAIL:
        return False                                                          # off rails; an activator rail
    rail = code & 15
    i[r, I_RAIL] = rail
    cx, cz = jfloor(x), jfloor(z)
    before_y = snap_on_rail(cx, cy, cz, rail, x, z)[1]                        # moveOnRail
    powered = (code >> KIND_SHIFT) & KIND_MASK == POWERED_RAIL and code & POWERED != 0
    braking = (code >> KIND_SHIFT) & KIND_MASK == POWERED_RAIL and code & POWERED == 0
    py = head_along_rail(f, r, cy, rail, water)
    if braking:
        brake(f, r, False)
    snap_onto_path(f, r, x, z, cx, cz, rail, py)
    w = max_speed(water)
    mx, mz = rail_movement(f, r, 1.0, w)
    q = COLLISION_EPSILON * 2.0   # beyond the grown stretched box getEntityCollisions looks in
    if _boxes_meet(f, allrows, others, fkeys, fids, reach, r, f[r, F_BOX] + min(mx, 0.0) - q, f[r, F_BOX + 1] - q,
                   f[r, F_BOX + 2] + min(mz, 0.0) - q, f[r, F_BOX + 3] + max(mx, 0.0) + q, f[r, F_BOX + 4] + q,
                   f[r, F_BOX + 5] + max(mz, 0.0) + q):
        return False
    if not move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     mx, 0.0, mz, v, border, effects, HALF_WIDTH, MINECART_HEIGHT, 0.0, False):
        return False
    slope_step(f, r, cx, cz, rail)
    apply_slowdown(f, r, MINECART_SLOWDOWN, water)
    after, ay = rail_code(keys, slots, pool, rails, f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2])
    if after != NO_RAIL:
        ax, az = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 2])
        after_y = snap_on_rail(ax, ay, az, after & 15, f[r, F_POS], f[r, F_POS + 2])[1]
        height_gain(f, r, before_y, after_y, False)
    exit_turn(f, r, cx, cz)
    if powered and not boost(f, r) and (rail == EAST_WEST or rail == NORTH_SOUTH):
        dx, dz = (1, 0) if rail == EAST_WEST else (0, 1)
        before = solid[state_at(keys, slots, pool, cx - dx, cy, cz - dz)]
        after = solid[state_at(keys, slots, pool, cx + dx, cy, cz + dz)]
        if before == SOLID_BY_BLOCK_ENTITY or after == SOLID_BY_BLOCK_ENTITY:   # a shulker box's lid decides
            return False
        kickstart(f, r, rail, before == SOLID_BLOCK, after == SOLID_BLOCK)
    if _any_effect(keys, slots, pool, flags, f, r, v, effects):               # checkBlockCollision
        return False
    update_yaw(f, i, r, v & V_CART_1_21_2 != 0)
    m = MINECART_PUSH_MARGIN                                                  # the push and boarding search
    if _boxes_meet(f, allrows, others, fkeys, fids, reach, r, f[r, F_BOX] - m, f[r, F_BOX + 1] - 0.0,
                   f[r, F_BOX + 2] - m, f[r, F_BOX + 3] + m, f[r, F_BOX + 4] + 0.0, f[r, F_BOX + 5] + m):
        return False
    if not update_water_state(keys, slots, pool, flags, f, i, r, lava_push, v & V_VEC_DOUBLE != 0,  # 7 F
                              zero_below, v & V_LAVA_IN_WATER != 0, True):
        return False
    if f[r, F_LAVA] > 0.0:                                                    # set on fire by lava
        return False
    return _finite_row(f, r)

