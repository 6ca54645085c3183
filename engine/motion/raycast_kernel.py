"""Block raycasts as kernels (engine.jit): the cell walk of `BlockView.raycast`, `Box.raycast` of one box, and the
fall-reset ray of `Entity.move` (spec 03 §7) on `engine.world.block_grid`'s arrays.

`engine.motion.raycast` walks its rays with `walk_start`/`walk_step` and meets boxes with `trace_box` (their plain
forms, `engine.jit.plain`); `fall_reset_ray` is the whole ray of `Entity.move` from 1.18.2 (22w03a: a move of
length ≥ 1 while falling raycasts with `ShapeType.FALLDAMAGE_RESETTING` and `FluidHandling.WATER`, and a hit calls
`onLanding`), which the TNT loop runs compiled and `engine.motion.move` runs as plain Python.
"""

from __future__ import annotations

import math

import numpy as np

from engine.constants import (
    FALL_RESET_RAYCAST_MAX,
    JAVA_DOUBLE_MAX,
    RAYCAST_EXTENSION,
    RAYCAST_FACE_EPSILON,
    RAYCAST_INSIDE_PROBE,
    RAYCAST_MIN_LENGTH_SQUARED,
)
from engine.core.limits import MAX_RAYCAST_BLOCKS
from engine.influences.fluid_kernel import _height as fluid_height
from engine.jit import njit
from engine.motion.collision_kernel import jfloor, state_at
from engine.world.block_tables import FALL_RESETTING, WATER

EPS = RAYCAST_FACE_EPSILON
LONG_LIMIT = 2.0**63      # (double)Long.MAX_VALUE; (long) casts saturate beyond it
NO_SIDE = -1
# Box.raycast's faces, as `trace_box` numbers them: the face an entry through the min or max plane of X, Y, Z meets
SIDES = ("west", "east", "down", "up", "north", "south")
# `fall_reset_ray`'s and `collider_ray`'s outcomes: a miss, a hit, a ray the engine's limits stop
# (MAX_RAYCAST_BLOCKS), a cell whose shape the table does not hold (`collider_ray`)
MISS, HIT, TOO_LONG, ENDLESS, DYNAMIC = 0, 1, 2, 3, 4


@njit(inline=True)
def sign(d: float) -> int:
    """`MathHelper.sign(double)`: 0 for ±0, else 1 or −1 (NaN → −1)."""
    if d == 0.0:
        return 0
    return 1 if d > 0.0 else -1


@njit(inline=True)
def fractional_part(d: float) -> float:
    """`MathHelper.fractionalPart(double)`: d − lfloor(d). lfloor's (long) cast saturates, and below
    Long.MIN_VALUE its − 1 wraps to Long.MAX_VALUE; NaN casts to 0."""
    if d != d:
        return d
    if d >= LONG_LIMIT or d < -LONG_LIMIT:
        return d - LONG_LIMIT
    return d - float(math.floor(d))


@njit(inline=True)
def walk_start(x0: float, y0: float, z0: float, dx: float, dy: float, dz: float) -> tuple:
    """The cell walk of `BlockView.raycast` (spec 03 §7.1) from (x0, y0, z0) along (dx, dy, dz): its state, (cell x,
    y, z, step x, y, z, parameter per cell crossed on x, y, z, parameter of the next boundary on x, y, z)."""
    sx, sy, sz = sign(dx), sign(dy), sign(dz)
    tdx = JAVA_DOUBLE_MAX if sx == 0 else sx / dx
    tdy = JAVA_DOUBLE_MAX if sy == 0 else sy / dy
    tdz = JAVA_DOUBLE_MAX if sz == 0 else sz / dz
    tx = tdx * (1.0 - fractional_part(x0) if sx > 0 else fractional_part(x0))
    ty = tdy * (1.0 - fractional_part(y0) if sy > 0 else fractional_part(y0))
    tz = tdz * (1.0 - fractional_part(z0) if sz > 0 else fractional_part(z0))
    return jfloor(x0), jfloor(y0), jfloor(z0), sx, sy, sz, tdx, tdy, tdz, tx, ty, tz


@njit(inline=True)
def walk_more(w: tuple) -> bool:
    """The walk enters another cell: a boundary parameter is at most 1."""
    return w[9] <= 1.0 or w[10] <= 1.0 or w[11] <= 1.0


@njit(inline=True)
def walk_step(w: tuple) -> tuple:
    """The walk's next cell (`walk_more` true): the nearest boundary crossed; a tie steps z before x or y, and y
    before x."""
    x, y, z, sx, sy, sz, tdx, tdy, tdz, tx, ty, tz = w
    if tx < ty:
        if tx < tz:
            x += sx
            tx += tdx
        else:
            z += sz
            tz += tdz
    elif ty < tz:
        y += sy
        ty += tdy
    else:
        z += sz
        tz += tdz
    return x, y, z, sx, sy, sz, tdx, tdy, tdz, tx, ty, tz


@njit(inline=True)
def _trace_side(best: float, side: int, da: float, db: float, dc: float, plane: float, a_min: float,
                a_max: float, b_min: float, b_max: float, face: int, sa: float, sb: float, sc: float) -> tuple:
    """`Box.traceCollisionSide` for one face plane: accept an entry at 0 < t < best within the face ± 1e-7."""
    t = (plane - sa) / da
    a = sb + t * db
    b = sc + t * dc
    if 0.0 < t < best and a_min - EPS < a < a_max + EPS and b_min - EPS < b < b_max + EPS:
        return t, face
    return best, side


@njit(inline=True)
def trace_box(best: float, side: int, sx: float, sy: float, sz: float, dx: float, dy: float, dz: float,
              x0: float, y0: float, z0: float, x1: float, y1: float, z1: float) -> tuple:
    """`Box.raycast`'s test of one box (x0..x1, y0..y1, z0..z1) for the segment from (sx, sy, sz) along (dx, dy,
    dz) (spec 03 §7.3 rule 2, §8): the entries through faces facing the start, on axes where |Δ| > 1e-7, nearer
    than `best`. Returns (best, side): `side` a `SIDES` index, unchanged (NO_SIDE at first) without an entry."""
    if dx > EPS:
        best, side = _trace_side(best, side, dx, dy, dz, x0, y0, y1, z0, z1, 0, sx, sy, sz)
    elif dx < -EPS:
        best, side = _trace_side(best, side, dx, dy, dz, x1, y0, y1, z0, z1, 1, sx, sy, sz)
    if dy > EPS:
        best, side = _trace_side(best, side, dy, dz, dx, y0, z0, z1, x0, x1, 2, sy, sz, sx)
    elif dy < -EPS:
        best, side = _trace_side(best, side, dy, dz, dx, y1, z0, z1, x0, x1, 3, sy, sz, sx)
    if dz > EPS:
        best, side = _trace_side(best, side, dz, dx, dy, z0, x0, x1, y0, y1, 4, sz, sx, sy)
    elif dz < -EPS:
        best, side = _trace_side(best, side, dz, dx, dy, z1, x0, x1, y0, y1, 5, sz, sx, sy)
    return best, side


@njit(inline=True)
def _same(a: float, b: float) -> bool:
    """`Double.compare(a, b) == 0` (`Vec3d.equals`): NaN equals NaN, −0.0 differs from 0.0."""
    return (a == b and math.copysign(1.0, a) == math.copysign(1.0, b)) or (a != a and b != b)


@njit(inline=True)
def _cuboid_hit(sx: float, sy: float, sz: float, ex: float, ey: float, ez: float, x: int, y: int, z: int,
                top: float) -> tuple:
    """`VoxelShape.raycast(start, end, pos)` of the shape 0..1 × 0..top × 0..1 (a full cube, or a fluid's box) at
    cell (x, y, z) (spec 03 §7.3): rule 4, rule 1 at the 1/1000 point, then the box's faces. (hit, x, y, z)."""
    vx, vy, vz = ex - sx, ey - sy, ez - sz
    if vx * vx + vy * vy + vz * vz < RAYCAST_MIN_LENGTH_SQUARED:
        return False, 0.0, 0.0, 0.0
    px, py, pz = sx + vx * RAYCAST_INSIDE_PROBE, sy + vy * RAYCAST_INSIDE_PROBE, sz + vz * RAYCAST_INSIDE_PROBE
    lx, ly, lz = px - x, py - y, pz - z
    if 0.0 <= lx < 1.0 and 0.0 <= ly < top and 0.0 <= lz < 1.0:       # VoxelShape.contains: voxels half-open
        return True, px, py, pz
    best, side = trace_box(1.0, NO_SIDE, sx, sy, sz, vx, vy, vz, 0.0 + x, 0.0 + y, 0.0 + z, 1.0 + x, top + y,
                           1.0 + z)
    if side == NO_SIDE:
        return False, 0.0, 0.0, 0.0
    return True, sx + best * vx, sy + best * vy, sz + best * vz


@njit(inline=True)
def _fall_reset_cell(keys, slots, pool, flags, sx: float, sy: float, sz: float, ex: float, ey: float, ez: float,
                     x: int, y: int, z: int) -> tuple:
    """The per-cell test of the fall-reset ray: a full cube where the block resets a fall
    (`BlockTags.FALL_DAMAGE_RESETTING`), the water's box (0..`FluidState.getHeight(world, pos)`); the nearer hit
    wins, the block on a tie. (hit, x, y, z)."""
    own = flags[state_at(keys, slots, pool, x, y, z)]
    if not own & (FALL_RESETTING | WATER):
        return False, 0.0, 0.0, 0.0
    hit, bx, by, bz = False, 0.0, 0.0, 0.0
    d = JAVA_DOUBLE_MAX
    if own & FALL_RESETTING:
        hit, bx, by, bz = _cuboid_hit(sx, sy, sz, ex, ey, ez, x, y, z, 1.0)
        if hit:
            d = (bx - sx) * (bx - sx) + (by - sy) * (by - sy) + (bz - sz) * (bz - sz)
    if own & WATER:
        top = 1.0 if flags[state_at(keys, slots, pool, x, y + 1, z)] & WATER else fluid_height(own)
        wet, wx, wy, wz = _cuboid_hit(sx, sy, sz, ex, ey, ez, x, y, z, top)
        if wet and (wx - sx) * (wx - sx) + (wy - sy) * (wy - sy) + (wz - sz) * (wz - sz) < d:
            return True, wx, wy, wz
    return hit, bx, by, bz


@njit(inline=True)
def extended_ends(px: float, py: float, pz: float, ex: float, ey: float, ez: float) -> tuple:
    """`BlockView.raycast`'s segment from (px, py, pz) to (ex, ey, ez) with both ends extended by 1e-7 of it
    (`MathHelper.lerp(-1.0E-7, …)`): the start's x, y, z, then the end's."""
    return (px + -RAYCAST_EXTENSION * (ex - px), py + -RAYCAST_EXTENSION * (ey - py),
            pz + -RAYCAST_EXTENSION * (ez - pz), ex + -RAYCAST_EXTENSION * (px - ex),
            ey + -RAYCAST_EXTENSION * (py - ey), ez + -RAYCAST_EXTENSION * (pz - ez))


@njit
def fall_reset_ray(keys, slots, pool, flags, px: float, py: float, pz: float, ax: float, ay: float, az: float,
                   capped: bool, out: np.ndarray) -> tuple:
    """`Entity.move`'s fall-reset ray (1.18.2) from the position (px, py, pz) along the move (ax, ay, az), to
    position + move, or from 1.21.11 (`capped`) to position + normalize(move) × min(length, 8.0): `BlockView.raycast`
    against the blocks that reset a fall and water. Every cell tested goes into `out` (x, y, z) while it has room.
    Returns (MISS, HIT, TOO_LONG or ENDLESS; the hit's x, y, z (TOO_LONG: the extended segment's length, then 0,
    0); the cells tested; the end's x, y, z). A caller passes a move of length ≥ 1."""
    if capped:                                                # (the move is at least 1 long: never ZERO)
        d = math.sqrt(ax * ax + ay * ay + az * az)                         # Vec3d.length, normalize: in double
        reach = min(d, FALL_RESET_RAYCAST_MAX)
        ax, ay, az = ax / d * reach, ay / d * reach, az / d * reach
    ex, ey, ez = px + ax, py + ay, pz + az
    if _same(px, ex) and _same(py, ey) and _same(pz, ez):
        return MISS, 0.0, 0.0, 0.0, 0, ex, ey, ez
    fx, fy, fz, tx, ty, tz = extended_ends(px, py, pz, ex, ey, ez)
    length = abs(tx - fx) + abs(ty - fy) + abs(tz - fz)
    if length > MAX_RAYCAST_BLOCKS:
        return TOO_LONG, length, 0.0, 0.0, 0, ex, ey, ez
    w = walk_start(fx, fy, fz, tx - fx, ty - fy, tz - fz)
    n = 0
    while True:
        if n < len(out):
            out[n, 0], out[n, 1], out[n, 2] = w[0], w[1], w[2]
        n += 1
        hit, hx, hy, hz = _fall_reset_cell(keys, slots, pool, flags, px, py, pz, ex, ey, ez, w[0], w[1], w[2])
        if hit:
            return HIT, hx, hy, hz, n, ex, ey, ez
        if not walk_more(w):
            return MISS, 0.0, 0.0, 0.0, n, ex, ey, ez
        if n > MAX_RAYCAST_BLOCKS:            # NaN steps can keep a boundary parameter at or below 1 forever
            return ENDLESS, 0.0, 0.0, 0.0, n, ex, ey, ez
        w = walk_step(w)


@njit(inline=True)
def collider_path_clear(keys, slots, pool, shape, empty, px: float, py: float, pz: float, ex: float, ey: float,
                        ez: float) -> bool:
    """The cells `BlockView.raycast` with `ShapeType.COLLIDER` and no fluids tests from (px, py, pz) to (ex, ey,
    ez) (`engine.motion.raycast._walk`: both ends extended by 1e-7 of the segment) all have an empty collision
    shape: the raycast misses. False where one has a shape (or one the cell decides: a hit is possible), and where
    the engine's limits stop the walk (longer than MAX_RAYCAST_BLOCKS, or endless)."""
    if _same(px, ex) and _same(py, ey) and _same(pz, ez):
        return True
    fx, fy, fz, tx, ty, tz = extended_ends(px, py, pz, ex, ey, ez)
    if not abs(tx - fx) + abs(ty - fy) + abs(tz - fz) <= MAX_RAYCAST_BLOCKS:
        return False
    w = walk_start(fx, fy, fz, tx - fx, ty - fy, tz - fz)
    n = 0
    while True:
        s = shape[state_at(keys, slots, pool, w[0], w[1], w[2])]
        if s < 0 or not empty[s]:
            return False
        n += 1
        if not walk_more(w):
            return True
        if n > MAX_RAYCAST_BLOCKS:
            return False
        w = walk_step(w)


@njit(inline=True)
def _coord_index(coords: np.ndarray, ncoords: np.ndarray, s: int, a: int, v: float) -> int:
    """`VoxelShape.getCoordIndex`: the last grid coordinate of shape s on axis a that is ≤ v (−1 where none is;
    NaN finds none)."""
    i = -1
    while i + 1 < ncoords[s, a] and coords[s, a, i + 1] <= v:
        i += 1
    return i


@njit(inline=True)
def shape_hit(s: int, ncoords: np.ndarray, coords: np.ndarray, filled: np.ndarray, empty: np.ndarray,
              nboxes: np.ndarray, boxes: np.ndarray, sx: float, sy: float, sz: float, ex: float, ey: float,
              ez: float, x: int, y: int, z: int) -> bool:
    """Whether `VoxelShape.raycast(start, end, pos)` of table shape s (`block_tables`, its boxes `shape_boxes`) at
    cell (x, y, z) hits (spec 03 §7.3): not empty; rule 4; rule 1, the 1/1000 point inside a voxel (half-open);
    else `Box.raycast` over the shape's boxes."""
    if empty[s]:
        return False
    vx, vy, vz = ex - sx, ey - sy, ez - sz
    if vx * vx + vy * vy + vz * vz < RAYCAST_MIN_LENGTH_SQUARED:
        return False
    i = _coord_index(coords, ncoords, s, 0, sx + vx * RAYCAST_INSIDE_PROBE - x)
    j = _coord_index(coords, ncoords, s, 1, sy + vy * RAYCAST_INSIDE_PROBE - y)
    k = _coord_index(coords, ncoords, s, 2, sz + vz * RAYCAST_INSIDE_PROBE - z)
    if 0 <= i < ncoords[s, 0] - 1 and 0 <= j < ncoords[s, 1] - 1 and 0 <= k < ncoords[s, 2] - 1 \
            and filled[s, i, j, k]:
        return True
    best, side = 1.0, NO_SIDE
    for b in range(nboxes[s]):
        best, side = trace_box(best, side, sx, sy, sz, vx, vy, vz, boxes[s, b, 0] + x, boxes[s, b, 1] + y,
                               boxes[s, b, 2] + z, boxes[s, b, 3] + x, boxes[s, b, 4] + y, boxes[s, b, 5] + z)
    return side != NO_SIDE


@njit
def collider_ray(keys, slots, pool, shape, ncoords, coords, filled, empty, nboxes, boxes, px: float, py: float,
                 pz: float, ex: float, ey: float, ez: float) -> int:
    """`BlockView.raycast` with `ShapeType.COLLIDER` and `FluidHandling.NONE` from (px, py, pz) to (ex, ey, ez)
    (`engine.motion.raycast._walk`: both ends extended by 1e-7 of the segment, each cell's collision shape met by
    `shape_hit`): MISS or HIT; DYNAMIC where a cell tested before any hit has a shape the cell or a block entity
    decides (the object path's), TOO_LONG or ENDLESS where the engine's limits stop the walk (NaN included)."""
    if _same(px, ex) and _same(py, ey) and _same(pz, ez):
        return MISS
    fx, fy, fz, tx, ty, tz = extended_ends(px, py, pz, ex, ey, ez)
    if not abs(tx - fx) + abs(ty - fy) + abs(tz - fz) <= MAX_RAYCAST_BLOCKS:
        return TOO_LONG
    w = walk_start(fx, fy, fz, tx - fx, ty - fy, tz - fz)
    n = 0
    while True:
        s = shape[state_at(keys, slots, pool, w[0], w[1], w[2])]
        if s < 0:
            return DYNAMIC
        if shape_hit(s, ncoords, coords, filled, empty, nboxes, boxes, px, py, pz, ex, ey, ez, w[0], w[1], w[2]):
            return HIT
        n += 1
        if not walk_more(w):
            return MISS
        if n > MAX_RAYCAST_BLOCKS:
            return ENDLESS
        w = walk_step(w)
