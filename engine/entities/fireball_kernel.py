"""`ExplosiveProjectileEntity.tick` and `LlamaSpitEntity.tick` on rows (spec 06 §9.2, §11): their stages as kernels
(engine.jit) over `engine.entities.rows` columns, and the loop the entity phase runs over consecutive fireballs,
small fireballs, wither skulls and dragon fireballs of one kind, or over llama spit.

`FIREBALL_ROWS`: the base columns, the projectile's (`rows.PROJECTILE_INTS`), then up to 1.15.2's tick count, the
wither skull's charged flag and whether accelerationPower was given (1.21; else its default), and as floats the
power vector (`power`, `power_y`, `power_z`) and accelerationPower. Llama spit takes `thrown_kernel.THROWN_ROWS`.

The object path (`ExplosiveProjectile.tick`, `LlamaSpit.tick`: tracing, the viewer's micro-steps, and any
projectile this loop hands back) runs the same acceleration, drag and gravity kernels as plain Python
(`engine.jit.plain`). The loop ticks a projectile in free flight, 1.16.2–1.21.11: up to 1.21.1 (and the spit in
every release) `thrown_kernel.clear_flight` (the removed owner, the base tick, the entity query, the block raycast
— from 1.21.2 meeting the world border —, the blocks with an entity effect), then a fireball's acceleration (the
power vector; from 1.21 the Motion normalised × accelerationPower) and drag (0.95F, the charged skull's 0.73F,
0.8F in water), or the spit's drag 0.99F and gravity; and the position update by the Motion read before them. From
1.21.2 (`late`, `fireball_tick_1_21_2`) a fireball's acceleration and drag come first, then
`thrown_kernel.moved_flight` (the hit test along the new Motion, the move, `tickBlockCollision`, the base tick).
It hands a projectile back where those kernels do, and spit that its tick removes (touching water, a box with no
air cell, a bubble column at its position, or any block with an effect there).
"""

from __future__ import annotations

import math

import numpy as np

from engine.constants import LLAMA_SPIT_DRAG
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_MOTION,
    F_POS,
    HANDED,
    I_FLAGS,
    NO_GRAVITY,
    PROJECTILE_INTS,
    REMOVED,
    TOUCHING_WATER,
    RowTable,
    begin_row,
    end_row,
    hand_back,
    multiply_motion,
    section_moved,
    tick_entity_head,
)
from engine.entities.thrown_kernel import (
    _query_box,
    _refile,
    clear_flight,
    gravity,
    moved_flight,
    target,
    update_position,
)
from engine.jit import njit
from engine.motion.collision_kernel import jfloor, state_at
from engine.world.block_tables import AIR, EFFECT, WATER_OR_COLUMN

FIREBALL_ROWS = RowTable(extra_ints=(*PROJECTILE_INTS, "ticks_in_air", "charged", "acceleration_power_set"),
                         extra_floats=("power", "power_y", "power_z", "acceleration_power"))
I_CHARGED, I_ACCELERATION_SET = (FIREBALL_ROWS.extra_ints[n] for n in ("charged", "acceleration_power_set"))
F_POWER, F_ACCELERATION = (FIREBALL_ROWS.extra_floats[n] for n in ("power", "acceleration_power"))


@njit(inline=True)
def accelerate(f: np.ndarray, r: int, along_motion: bool, a: float, zero_below: float) -> None:
    """Step 4 A of `ExplosiveProjectileEntity.tick`: Motion + the power vector (row `r`'s power columns); from 1.21
    (`along_motion`) Motion + the Motion normalised (`Vec3d.normalize`: the double length, the zero vector below
    `zero_below`) × `a`, the accelerationPower."""
    mx, my, mz = f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2]
    if along_motion:
        d = math.sqrt(mx * mx + my * my + mz * mz)
        if d < zero_below:
            ax, ay, az = 0.0 * a, 0.0 * a, 0.0 * a
        else:
            ax, ay, az = mx / d * a, my / d * a, mz / d * a
    else:
        ax, ay, az = f[r, F_POWER], f[r, F_POWER + 1], f[r, F_POWER + 2]
    f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = mx + ax, my + ay, mz + az


@njit(inline=True)
def _spit_removed(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int) -> bool:
    """What may remove llama spit after its hit test (spec 06 §11): touching water, no air cell in its box (bounds
    inclusive), a bubble column at its position (read as any block with an entity effect or holding water)."""
    if i[r, I_FLAGS] & TOUCHING_WATER:
        return True
    if flags[state_at(keys, slots, pool, jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2]))] \
            & (EFFECT | WATER_OR_COLUMN):
        return True
    for x in range(jfloor(f[r, F_BOX]), jfloor(f[r, F_BOX + 3]) + 1):
        for y in range(jfloor(f[r, F_BOX + 1]), jfloor(f[r, F_BOX + 4]) + 1):
            for z in range(jfloor(f[r, F_BOX + 2]), jfloor(f[r, F_BOX + 5]) + 1):
                if flags[state_at(keys, slots, pool, x, y, z)] & AIR:
                    return False
    return True


@njit(inline=True)
def _meets_run(f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, n: int) -> bool:
    """Entity n's query box (`thrown_kernel._query_box`) meets the box, as it is now, of another entity of
    rows[start:] that is not removed: a ghast fireball may hit another (`collides`), which this loop may have
    moved."""
    q = _query_box(f, rows[n])
    for m in range(start, len(rows)):
        o = rows[m]
        if m != n and o >= 0 and not i[o, I_FLAGS] & REMOVED and q[0] < f[o, F_BOX + 3] and q[3] > f[o, F_BOX] \
                and q[1] < f[o, F_BOX + 4] and q[4] > f[o, F_BOX + 1] and q[2] < f[o, F_BOX + 5] \
                and q[5] > f[o, F_BOX + 2]:
            return True
    return False


@njit(inline=True)
def accelerate_and_drag(f: np.ndarray, i: np.ndarray, r: int, along_motion: bool, a: float, zero_below: float,
                        k_air: float, k_charged: float, k_water: float) -> None:
    """Steps A D of row `r`: `accelerate` (the row's accelerationPower where it has one, else `a`), then the drag
    of where it was last tick: `k_water` touching water, `k_charged` for a charged skull, else `k_air`."""
    k = k_water if i[r, I_FLAGS] & TOUCHING_WATER else k_charged if i[r, I_CHARGED] else k_air
    accelerate(f, r, along_motion, f[r, F_ACCELERATION] if i[r, I_ACCELERATION_SET] else a, zero_below)   # A
    multiply_motion(f, r, k)                                                        # D


@njit
def tick_rows(keys, slots, pool, shape, flags, empty, f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int,
              spit: bool, live: bool, late: bool, g: float, along_motion: bool, a: float, zero_below_a: float,
              k_air: float, k_charged: float, k_water: float, half_width: float, height: float,
              v: int, lava_push: float, zero_below: float, void: float, eye: float, below_eye: float,
              deflate: float, border: tuple, effects: np.ndarray, boxes: np.ndarray, gone: np.ndarray,
              sections: np.ndarray, counts: np.ndarray, ordered: int, queried: int, marks: np.ndarray,
              saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `ExplosiveProjectileEntity.tick` (or, `spit`, `LlamaSpitEntity.tick`) for
    rows[start:], in order, up to one whose tick the object path takes (a row of −1, a removed one, or one these
    kernels gave back: restored as found, marked OBJECT_PATH). The kind's own: `live`, whether its entities may be
    hit (`collides`: ghast fireballs; `boxes` lists none of rows[start:], `_meets_run` tests them); `late`, a
    fireball's 1.21.2 order (`fireball_tick_1_21_2`); `g`, the spit's gravity; the fireball's acceleration
    (`along_motion` from 1.21, `a` the default accelerationPower where the row gives none, `zero_below_a` the
    normalisation's zero) and drags (`k_air`, a charged skull's `k_charged`, `k_water`); the box's half width and
    height. From `v` on: `thrown_kernel.clear_flight`'s and `moved_flight`'s (`thrown.flight_arguments`).
    `marks[n]`: SECTION where entity n's section changed. Returns (where it stopped, DONE or HANDED, the entities
    queried up to there)."""
    used = ordered
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            return n, HANDED, queried
        tick_entity_head(f, i, r)                                                   # ServerWorld.tickEntity
        if late:
            accelerate_and_drag(f, i, r, along_motion, a, zero_below_a, k_air, k_charged, k_water)   # A D
            after = -1 if live and _meets_run(f, i, rows, start, n) else moved_flight(
                keys, slots, pool, shape, flags, empty, f, i, r, v, lava_push, zero_below, void, eye, below_eye,
                border, effects, boxes, gone, sections, counts, ordered, used, queried, half_width,
                height)                                                             # Dc M Dc' F
        else:
            after = clear_flight(keys, slots, pool, shape, flags, empty, f, i, r, v, lava_push, zero_below, void,
                                 eye, below_eye, deflate, border, effects, boxes, gone, sections, counts, ordered,
                                 used, queried)                                     # F Dc Dc'
            if after >= 0 and (spit and _spit_removed(keys, slots, pool, flags, f, i, r)
                               or live and _meets_run(f, i, rows, start, n)):
                after = -1
            if after >= 0:
                x, y, z = target(f, r)                                              # the Motion before A D / D G
                if spit:
                    multiply_motion(f, r, LLAMA_SPIT_DRAG)                          # D
                    if not i[r, I_FLAGS] & NO_GRAVITY:
                        gravity(f, r, g)                                            # G
                else:
                    accelerate_and_drag(f, i, r, along_motion, a, zero_below_a, k_air, k_charged, k_water)   # A D
                update_position(f, r, x, y, z, half_width, height)                  # M
        if after < 0:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED, queried
        queried = after
        if section_moved(f, i, r):
            used = _refile(f, i, r, sections, counts, ordered, used)
        end_row(f, i, r, n, marks)
    return len(rows), DONE, queried
