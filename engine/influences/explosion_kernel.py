"""The entity half of `Explosion.collectBlocksAndDamageEntities` (spec 04 §15.1-15.3) as kernels (engine.jit) over
entity rows: the candidates' distance, direction and exposure, and the impulse added to their Motion, one row
after another in the order of `World.getOtherEntities`.

The rows are those of a table laid out as `engine.entities.rows` (TNT rows, read and written in place) or of a
scratch table the explosion reads from entity objects (`engine.influences.explosion`); the columns of the
position, box, Motion and the y the impulse's direction runs to are arguments. Exposure: where no block lies
within a cell of the centre and the candidates' boxes, every ray misses and the counts follow from the box edges
alone (`sample_count`); elsewhere the caller casts the rays and hands the counts in.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import EXPLOSION_DAMAGE_FACTOR, VEC_ZERO_BELOW_1_21_2
from engine.core.limits import MAX_EXPOSURE_SAMPLES
from engine.influences.fluid_kernel import f32
from engine.java.javanum import java_div
from engine.jit import njit
from engine.motion.raycast_kernel import HIT, MISS, collider_ray

if TYPE_CHECKING:
    from engine.core.versions import Features

# columns of a target (`explosion_targets`): distance, w, direction x, y, z
T_DIST, T_W, T_DIR = 0, 1, 2
# columns of a result (`explosion_impulses`): exposure, influence, damage, impulse x, y, z
R_EXPOSURE, R_INFLUENCE, R_DAMAGE, R_IMPULSE = 0, 1, 2, 3
OVER_LIMIT = -1    # `sample_count` of a box whose sample loops would not end in time
NOT_CAST = -2      # `exposure_samples` of a box whose rays the kernel leaves to the object path
# `explosion_targets`' direction: float MathHelper.sqrt (up to 1.16.5), double Math.sqrt (1.17), skipping a zero
# length; Vec3d.normalize (1.21.9-1.21.11: zero below 1.0E-5F, nothing skipped)
DIRECTION_FLOAT, DIRECTION_DOUBLE, DIRECTION_NORMALIZE = 0, 1, 2


def entity_pass_direction(features: Features) -> int:
    """The release's `explosion_targets` direction (DIRECTION_*)."""
    if features.explosion_normalized_direction:
        return DIRECTION_NORMALIZE
    return DIRECTION_DOUBLE if features.explosion_double_sqrt else DIRECTION_FLOAT


@njit
def exposure_steps(dx: float, dy: float, dz: float) -> tuple:
    """`Explosion.getExposure`'s steps d, e, f for box edges (dx, dy, dz), and the X and Z offsets g, h (spec 04
    §15.2; not scaled by the box: the shift of AMBIGUITY-E7)."""
    d, e, f = java_div(1.0, dx * 2.0 + 1.0), java_div(1.0, dy * 2.0 + 1.0), java_div(1.0, dz * 2.0 + 1.0)
    g = (1.0 - float(np.floor(java_div(1.0, d))) * d) / 2.0
    h = (1.0 - float(np.floor(java_div(1.0, f))) * f) / 2.0
    return d, e, f, g, h


@njit(inline=True)
def _loop_bound(s: float) -> float:
    """An upper bound of the passes of `for (t = 0; t <= 1; t += s)` (infinite for a step of 0: it never ends)."""
    if s > 0.0:
        return 1.0 / s + 1.0
    return math.inf if s == 0.0 else 1.0


@njit
def samples_bound(d: float, e: float, f: float) -> float:
    """An upper bound of the sample points of steps d, e, f (compared with MAX_EXPOSURE_SAMPLES)."""
    return _loop_bound(d) * _loop_bound(e) * _loop_bound(f)


@njit
def fractions(step: float, double_steps: bool, out: np.ndarray) -> int:
    """The lerp fractions of one of `getExposure`'s loops, `for (float t = 0; t <= 1; t = (float)(t + step))`
    (double loops from 1.18.2: `double_steps`), written to `out` as far as it reaches; returns their number."""
    n = 0
    t = 0.0
    while t <= 1.0:
        if n < len(out):
            out[n] = t
        n += 1
        t = t + step if double_steps else f32(t + step)
    return n


@njit
def sample_count(dx: float, dy: float, dz: float, double_steps: bool) -> int:
    """The number of `getExposure`'s sample points for box edges (dx, dy, dz): 0 when an edge is negative
    (exposure 0), OVER_LIMIT when the loops would not end in time (`MAX_EXPOSURE_SAMPLES`)."""
    d, e, f, _, _ = exposure_steps(dx, dy, dz)
    if d < 0.0 or e < 0.0 or f < 0.0:
        return 0
    if samples_bound(d, e, f) > MAX_EXPOSURE_SAMPLES:
        return OVER_LIMIT
    none = np.empty(0)
    return fractions(d, double_steps, none) * fractions(e, double_steps, none) * fractions(f, double_steps, none)


@njit(inline=True)
def _same_row(bits: np.ndarray, r: int, s: int, pos_col: int, box_col: int, eye_col: int) -> bool:
    """Whether rows r and s of a table (`bits`: its floats' bits) hold the same position, box and eye y, bit for
    bit (then every number `explosion_targets` derives from them is the same)."""
    for c in range(6):
        if bits[r, box_col + c] != bits[s, box_col + c]:
            return False
    return bits[r, pos_col] == bits[s, pos_col] and bits[r, pos_col + 1] == bits[s, pos_col + 1] \
        and bits[r, pos_col + 2] == bits[s, pos_col + 2] and bits[r, eye_col] == bits[s, eye_col]


@njit
def explosion_targets(f: np.ndarray, rows: np.ndarray, pos_col: int, box_col: int, eye_col: int, cx: float,
                      cy: float, cz: float, q: float, query: tuple, direction: int, hit: np.ndarray,
                      target: np.ndarray, bounds: np.ndarray, same: np.ndarray) -> int:
    """The rows the explosion pushes, in order: the box intersects `query` (`getOtherEntities`), w =
    sqrt(distance²) / q ≤ 1 (1.16.5: MathHelper.sqrt, a float, over the float q; from 1.17 `direction` not
    DIRECTION_FLOAT: double) and the direction from the centre to the position (its y to column `eye_col`: TNT its
    position's, others their eye): up to 1.21.8 divided by its (float) length, a zero length passed over; from
    1.21.9 (DIRECTION_NORMALIZE, `ServerExplosion.hurtEntities`) `Vec3.normalize`, the zero vector below 1.0E-5F and
    nothing passed over. Writes hit[n] (the place in `rows`), target[n] (T_* columns) and the least and greatest
    corner of their boxes (NaN where a box has NaN) to `bounds`; returns n. A row equal bit for bit to the row before
    it (`_same_row`: a stack's TNT) repeats that row's outcome without computing it again, and same[n] says so (then
    every number the later stages derive from the row equals the target's before)."""
    n = 0
    for a in range(3):
        bounds[a] = math.inf
        bounds[3 + a] = -math.inf
    bits = f.view(np.int64)
    last, took = -1, False       # the last row computed, and whether it was taken
    for k in range(len(rows)):
        r = rows[k]
        if last >= 0 and _same_row(bits, r, last, pos_col, box_col, eye_col):
            if took:                                     # (its box leaves the bounds as they are)
                hit[n] = k
                same[n] = True
                for c in range(T_DIR + 3):
                    target[n, c] = target[n - 1, c]
                n += 1
            continue
        last, took = r, False
        if not (f[r, box_col] < query[3] and f[r, box_col + 3] > query[0] and f[r, box_col + 1] < query[4]
                and f[r, box_col + 4] > query[1] and f[r, box_col + 2] < query[5]
                and f[r, box_col + 5] > query[2]):                                    # Box.intersects
            continue
        ox, oy, oz = f[r, pos_col] - cx, f[r, pos_col + 1] - cy, f[r, pos_col + 2] - cz
        dist = math.sqrt(ox * ox + oy * oy + oz * oz)                                  # squaredDistanceTo
        if direction != DIRECTION_FLOAT:
            w = java_div(dist, q)
        else:
            dist = f32(dist)
            w = f32(java_div(dist, q))      # float / float, correctly rounded through the double quotient
        if not w <= 1.0:
            continue
        ey = f[r, eye_col] - cy
        length = math.sqrt(ox * ox + ey * ey + oz * oz)
        if direction == DIRECTION_FLOAT:
            length = f32(length)
        if direction == DIRECTION_NORMALIZE and length < VEC_ZERO_BELOW_1_21_2:
            ox = ey = oz = 0.0
            length = 1.0
        elif length == 0.0:
            continue
        hit[n] = k
        same[n] = False
        target[n, T_DIST] = dist
        target[n, T_W] = w
        target[n, T_DIR] = ox / length
        target[n, T_DIR + 1] = ey / length
        target[n, T_DIR + 2] = oz / length
        for a in range(3):
            lo, hi = f[r, box_col + a], f[r, box_col + 3 + a]
            if bounds[a] == bounds[a] and (lo != lo or lo < bounds[a]):
                bounds[a] = lo
            if bounds[3 + a] == bounds[3 + a] and (hi != hi or hi > bounds[3 + a]):
                bounds[3 + a] = hi
        n += 1
        took = True
    return n


@njit
def explosion_impulses(f: np.ndarray, rows: np.ndarray, box_col: int, motion_col: int, hit: np.ndarray, n: int,
                       target: np.ndarray, same: np.ndarray, q: float, double_steps: bool, counted: bool,
                       unblocked: np.ndarray, total: np.ndarray, result: np.ndarray) -> int:
    """For targets 0..n−1 (`explosion_targets`): the exposure (float)unblocked / (float)total (counted here from
    the box edges unless `counted`: every ray misses), influence (1 − w)·exposure, damage
    (int)((I² + I)/2·7·q + 1), the impulse direction·influence added to the row's Motion (a living entity's
    Blast Protection is the caller's). Writes unblocked, total and result[k] (R_* columns: the ledger's,
    engine.influences.explosion_ledger), a target with the counts, w and direction of the one before (a stack)
    taking its result, without comparing them where `same` says its row repeats the row before
    (`explosion_targets`); returns n, or the target whose sample loops would not end in time (−1 − k, nothing
    written from it on)."""
    last = (math.nan, math.nan, math.nan)    # the edges of the previous count: a stack's boxes are all equal
    last_count = 0
    bits = target.view(np.int64)
    for k in range(n):
        r = rows[hit[k]]
        if same[k]:                                             # the row before's box: its counts
            if not counted:
                unblocked[k], total[k] = unblocked[k - 1], total[k - 1]
        elif not counted:
            edges = (f[r, box_col + 3] - f[r, box_col], f[r, box_col + 4] - f[r, box_col + 1],
                     f[r, box_col + 5] - f[r, box_col + 2])
            if not (edges[0] == last[0] and edges[1] == last[1] and edges[2] == last[2]):   # NaN: counted afresh
                last_count = sample_count(edges[0], edges[1], edges[2], double_steps)
                last = edges
            if last_count == OVER_LIMIT:
                return -1 - k
            unblocked[k] = last_count
            total[k] = last_count
        if same[k] or k and unblocked[k] == unblocked[k - 1] and total[k] == total[k - 1] and _same_target(bits, k):
            for c in range(R_IMPULSE + 3):                      # a stack: the result of the target before
                result[k, c] = result[k - 1, c]
        else:
            exposure = f32(unblocked[k] / total[k]) if total[k] > 0 else 0.0            # (float)i / (float)j
            influence = (1.0 - target[k, T_W]) * exposure
            result[k, R_EXPOSURE] = exposure
            result[k, R_INFLUENCE] = influence
            result[k, R_DAMAGE] = np.trunc((influence * influence + influence) / 2.0 * EXPLOSION_DAMAGE_FACTOR * q
                                           + 1.0)
            for a in range(3):
                result[k, R_IMPULSE + a] = target[k, T_DIR + a] * influence
        for a in range(3):
            f[r, motion_col + a] = f[r, motion_col + a] + result[k, R_IMPULSE + a]      # Vec3d.add
    return n


@njit(inline=True)
def _same_target(bits: np.ndarray, k: int) -> bool:
    """Whether targets k and k − 1 (`bits`: the target table's floats' bits) have the same w and direction."""
    for c in range(T_W, T_DIR + 3):
        if bits[k, c] != bits[k - 1, c]:
            return False
    return True


@njit
def exposure_samples(keys, slots, pool, shape, ncoords, coords, filled, empty, nboxes, boxes, x0: float, y0: float,
                     z0: float, x1: float, y1: float, z1: float, cx: float, cy: float, cz: float,
                     double_steps: bool, frac: np.ndarray) -> tuple:
    """`Explosion.getExposure`'s rays for the box (x0..x1, y0..y1, z0..z1), cast against the blocks' collision
    shapes (`raycast_kernel.collider_ray`, no fluids): each sample point `explosion.sample_points` makes (X
    outermost, then Y, then Z; `frac` three rows of room for each loop's fractions) to the centre. Returns
    (unblocked, total): (0, 0) for a negative edge; total OVER_LIMIT for loops that would not end in time,
    NOT_CAST where a loop has more fractions than `frac` has room or a ray meets a cell the table does not decide
    or the engine's limits stop (the object path's, which raises or reads the block entity)."""
    dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
    d, e, f, g, h = exposure_steps(dx, dy, dz)
    if d < 0.0 or e < 0.0 or f < 0.0:
        return 0, 0
    if samples_bound(d, e, f) > MAX_EXPOSURE_SAMPLES:
        return 0, OVER_LIMIT
    nx, ny, nz = fractions(d, double_steps, frac[0]), fractions(e, double_steps, frac[1]), \
        fractions(f, double_steps, frac[2])
    if nx > frac.shape[1] or ny > frac.shape[1] or nz > frac.shape[1]:
        return 0, NOT_CAST
    unblocked = 0
    for a in range(nx):
        px = x0 + frac[0, a] * dx + g
        for b in range(ny):
            py = y0 + frac[1, b] * dy
            for c in range(nz):
                pz = z0 + frac[2, c] * dz + h
                ray = collider_ray(keys, slots, pool, shape, ncoords, coords, filled, empty, nboxes, boxes, px, py,
                                   pz, cx, cy, cz)
                if ray == MISS:
                    unblocked += 1
                elif ray != HIT:
                    return 0, NOT_CAST
    return unblocked, nx * ny * nz
