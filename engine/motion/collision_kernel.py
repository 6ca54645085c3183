"""`Entity.adjustMovementForCollisions` against blocks as a kernel (engine.jit): the same sweeps as
`engine.motion.collision` and `engine.geometry.shapes`, on `engine.world.block_grid`'s arrays (spec 03 §3, §4).

Boxes are 6-tuples (min x, y, z, max x, y, z). Every function returns an `ok` flag beside its result: false where
the kernel does not decide and the object path must (a cell whose shape a block entity or the cell decides, a
non-finite box or movement, a sweep over more than LONG_SWEEP_LAYERS layers or a query over more than
LARGE_REGION_CELLS cells, more shapes than the scratch holds). A caller that gets `ok` false has changed nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.constants import COLLISION_EPSILON, STEP_PROBE_BELOW
from engine.geometry.box import stretch
from engine.geometry.shapes import calculate_max_distance
from engine.jit import njit
from engine.world.block_grid import section_slot
from engine.world.block_tables import DYNAMIC_SHAPE, EXCEEDS, MOVING_PISTON, block_tables

if TYPE_CHECKING:
    from engine.world.world import World

EPS = COLLISION_EPSILON
INT_MAX = 2147483647
INT_MIN = -2147483648
MIN_Y = 0
MAX_Y = 255
LONG_SWEEP_LAYERS = 4096       # engine.motion.collision: longer sweeps skip empty sections there
LARGE_REGION_CELLS = 65536     # engine.world.world: larger queries visit only filled sections there
SCRATCH_SHAPES = 512           # shapes one multi-axis query may collect


def block_arrays(world: World) -> tuple:
    """The arrays the kernels read about `world`'s blocks, current now: (keys, slots, pool) of its
    `SectionGrid`, then the `BlockTables` fields (shape, flags, ncoords, coords, filled, single, empty)."""
    grid = world.block_grid()
    return (grid.keys, grid.slots, grid.pool, *block_tables())


def scratch() -> np.ndarray:
    """The work array of one caller's collision queries: (cell x, y, z, shape id) per collected shape."""
    return np.empty((SCRATCH_SHAPES, 4), dtype=np.int64)


@njit(inline=True)
def wrap32(i: int) -> int:
    """Java int overflow of an int64."""
    return ((i + 2147483648) & 0xFFFFFFFF) - 2147483648


@njit(inline=True)
def _java_int(d: float) -> int:
    """Java's saturating `(int) d` of a double (NaN → 0)."""
    if d != d:
        return 0
    if d >= 2147483647.0:
        return INT_MAX
    if d <= -2147483648.0:
        return INT_MIN
    return int(d)


@njit(inline=True)
def jfloor(d: float) -> int:
    """`MathHelper.floor(double)` with Java's saturating int cast (NaN → 0) and the wrapping −1."""
    if d != d:
        return 0
    i = _java_int(d)
    return wrap32(i - 1) if d < i else i


@njit(inline=True)
def jceil(d: float) -> int:
    """`MathHelper.ceil(double)` with Java's saturating int cast (NaN → 0) and the wrapping +1."""
    if d != d:
        return 0
    i = _java_int(d)
    return wrap32(i + 1) if d > i else i


@njit(inline=True)
def state_at(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, x: int, y: int, z: int) -> int:
    """`World.getBlockState(x, y, z).id` for collision: 0 (air) where no section is (void_air outside the
    build range has the same empty shape and no flag)."""
    slot = section_slot(keys, slots, x >> 4, y >> 4, z >> 4)
    if slot < 0:
        return 0
    return pool[slot, ((y & 15) << 8) | ((z & 15) << 4) | (x & 15)]


@njit(inline=True)
def _offset(box: tuple, x: float, y: float, z: float) -> tuple:
    return (box[0] + x, box[1] + y, box[2] + z, box[3] + x, box[4] + y, box[5] + z)


@njit(inline=True)
def _cell(axis: int, p: int, q: int, r: int) -> tuple:
    """The cell at layer `p` along `axis` and `q`, `r` along the next two axes (x, y, z)."""
    if axis == 0:
        return p, q, r
    if axis == 1:
        return r, p, q
    return q, r, p


@njit(borrows=True)
def calculate_push_velocity(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                            axis: int, box: tuple, initial: float) -> tuple:
    """`VoxelShapes.calculatePushVelocity`: the single-axis sweep, cell by cell in cell-local coordinates.
    Returns (distance, ok)."""
    if box[3] - box[0] < 1.0e-6 or box[4] - box[1] < 1.0e-6 or box[5] - box[2] < 1.0e-6:
        return initial, True
    if abs(initial) < EPS:
        return 0.0, True
    a1 = (axis + 1) % 3
    a2 = (axis + 2) % 3
    i = wrap32(jfloor(box[a1] - EPS) - 1)
    j = wrap32(jfloor(box[a1 + 3] + EPS) + 1)
    k = wrap32(jfloor(box[a2] - EPS) - 1)
    l2 = wrap32(jfloor(box[a2 + 3] + EPS) + 1)
    positive = initial > 0.0
    if positive:
        m = wrap32(jfloor(box[axis + 3] - EPS) - 1)
        n = wrap32(jfloor(box[axis + 3] + initial + EPS) + 1)
    else:
        m = wrap32(jfloor(box[axis] + EPS) + 1)
        n = wrap32(jfloor(box[axis] + initial - EPS) - 1)
    if abs(n - m) > LONG_SWEEP_LAYERS:
        return initial, False
    step = 1 if n >= m else -1
    p = m
    while (p <= n) if positive else (p >= n):
        for q in range(i, j + 1):
            for r in range(k, l2 + 1):
                edges = (q == i or q == j) + (r == k or r == l2) + (p == m or p == n)
                if edges >= 3:
                    continue
                x, y, z = _cell(axis, p, q, r)
                sid = state_at(keys, slots, pool, x, y, z)
                if sid == 0:
                    continue
                fl = flags[sid]
                if (edges == 1 and not fl & EXCEEDS) or (edges == 2 and not fl & MOVING_PISTON):
                    continue
                s = shape[sid]
                if s == DYNAMIC_SHAPE:
                    return initial, False
                local = _offset(box, float(-x), float(-y), float(-z))   # an int offset: -0 adds +0.0
                initial = calculate_max_distance(ncoords[s], coords[s], filled[s], single[s], empty[s],
                                                 (0.0, 0.0, 0.0), axis, local, initial)
                if abs(initial) < EPS:
                    return 0.0, True
                if positive:
                    n = wrap32(jfloor(box[axis + 3] + initial + EPS) + 1)
                else:
                    n = wrap32(jfloor(box[axis] + initial - EPS) - 1)
        p += step
    return initial, True


@njit(borrows=True)
def collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                             box: tuple, out: np.ndarray) -> int:
    """`World.get_block_collisions(box)` (`BlockCollisionSpliterator`): writes (x, y, z, shape) rows of the
    shapes overlapping `box` into `out` in its order (x fastest, then y, then z); returns their count, or −1
    where the object path must decide."""
    x0 = wrap32(jfloor(box[0] - EPS) - 1)
    x1 = wrap32(jfloor(box[3] + EPS) + 1)
    y0 = wrap32(jfloor(box[1] - EPS) - 1)
    y1 = wrap32(jfloor(box[4] + EPS) + 1)
    z0 = wrap32(jfloor(box[2] - EPS) - 1)
    z1 = wrap32(jfloor(box[5] + EPS) + 1)
    ya = max(y0, MIN_Y)
    yb = min(y1, MAX_Y)
    if x1 < x0 or yb < ya or z1 < z0:
        return 0
    if (x1 - x0 + 1) * (yb - ya + 1) * (z1 - z0 + 1) > LARGE_REGION_CELLS:
        return -1
    count = 0
    for z in range(z0, z1 + 1):
        ez = z == z0 or z == z1
        for y in range(ya, yb + 1):
            ey = y == y0 or y == y1
            for x in range(x0, x1 + 1):
                sid = state_at(keys, slots, pool, x, y, z)
                if sid == 0:
                    continue
                edges = (x == x0 or x == x1) + ey + ez
                if edges == 3:
                    continue
                fl = flags[sid]
                if edges == 1 and not fl & EXCEEDS:
                    continue
                if edges == 2 and not fl & MOVING_PISTON:
                    continue
                s = shape[sid]
                if s == DYNAMIC_SHAPE:
                    return -1
                if empty[s] or not _intersects_shape(ncoords, coords, filled, single, s, x, y, z, box):
                    continue
                if count == len(out):
                    return -1
                out[count, 0] = x
                out[count, 1] = y
                out[count, 2] = z
                out[count, 3] = s
                count += 1
    return count


@njit(inline=True)
def _intersects_shape(ncoords, coords, filled, single, s: int, x: int, y: int, z: int, box: tuple) -> bool:
    """`intersects_box(shape, (x, y, z), box)`: a filled voxel of the shape at the cell overlaps `box` (open
    bounds). The shape's boxes and its voxels cover the same space, so testing voxels tests boxes."""
    fx, fy, fz = float(x), float(y), float(z)
    for i in range(ncoords[s, 0] - 1):
        if not (box[0] < coords[s, 0, i + 1] + fx and box[3] > coords[s, 0, i] + fx):
            continue
        for j in range(ncoords[s, 1] - 1):
            if not (box[1] < coords[s, 1, j + 1] + fy and box[4] > coords[s, 1, j] + fy):
                continue
            for k in range(ncoords[s, 2] - 1):
                if filled[s, i, j, k] and box[2] < coords[s, 2, k + 1] + fz and box[5] > coords[s, 2, k] + fz:
                    return True
    return False


@njit(borrows=True)
def calculate_max_offset(ncoords, coords, filled, single, empty, cells: np.ndarray, count: int, axis: int,
                         box: tuple, max_dist: float) -> float:
    """`VoxelShapes.calculateMaxOffset` over the collected shapes: zero once below 1e-7."""
    for c in range(count):
        if abs(max_dist) < EPS:
            return 0.0
        o = (float(cells[c, 0]), float(cells[c, 1]), float(cells[c, 2]))
        s = cells[c, 3]
        max_dist = calculate_max_distance(ncoords[s], coords[s], filled[s], single[s], empty[s], o, axis, box,
                                          max_dist)
    return max_dist


@njit(inline=True)
def _axis_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                   count: int, multi: bool, axis: int, box: tuple, m: float) -> tuple:
    """One axis of `adjust_movement`: `m` cut by the collected shapes (`multi`) or the single-axis sweep; 0 stays
    0. Returns (movement, ok)."""
    if m == 0.0:
        return m, True
    if multi:
        return calculate_max_offset(ncoords, coords, filled, single, empty, cells, count, axis, box, m), True
    return calculate_push_velocity(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, axis,
                                   box, m)


@njit(borrows=True)
def adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                    mx: float, my: float, mz: float, box: tuple, yxz: bool) -> tuple:
    """Static `Entity.adjustMovementForCollisions` against blocks (engine.motion.collision.adjust_movement):
    a movement along one axis takes the single-axis sweep, any other the collected shapes. Y first; then X
    unless |x| < |z| strictly (1.14+; before, X then Z). Returns (x, y, z, ok). No list holds the three: its
    allocation cost an idle player's move more than its sweep (docs/performance.md, "Idle players at the peer's
    cost")."""
    multi = not ((mx == 0.0 and my == 0.0) or (mx == 0.0 and mz == 0.0) or (my == 0.0 and mz == 0.0))
    count = 0
    if multi:
        count = collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                                         stretch(box, mx, my, mz), cells)
        if count < 0:
            return mx, my, mz, False
    y, ok = _axis_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, count,
                           multi, 1, box, my)
    if not ok:
        return mx, my, mz, False
    if y != 0.0:
        box = _offset(box, 0.0, y, 0.0)
    x_first = yxz or not abs(mx) < abs(mz)
    a = mx if x_first else mz
    a, ok = _axis_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, count,
                           multi, 0 if x_first else 2, box, a)
    if not ok:
        return mx, my, mz, False
    if a != 0.0:
        box = _offset(box, a, 0.0, 0.0) if x_first else _offset(box, 0.0, 0.0, a)
    b, ok = _axis_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, count,
                           multi, 2 if x_first else 0, box, mz if x_first else mx)
    if not ok:
        return mx, my, mz, False
    return (a, y, b, True) if x_first else (b, y, a, True)


COLLIDED, DIRECT, RAISED = 0, 1, 2    # step_up_choice: the movement kept


@njit(inline=True)
def steps_up(step: float, on_ground: bool, mx: float, my: float, mz: float, cx: float, cy: float,
             cz: float) -> bool:
    """Whether `adjustMovementForCollisions` tries step-up (spec 03 §4) after collisions cut (mx, my, mz) to
    (cx, cy, cz): a step height, on the ground or landing now (Y cut while moving down), and X or Z cut."""
    return step > 0.0 and (on_ground or (my != cy and my < 0.0)) and (mx != cx or mz != cz)


@njit(inline=True)
def step_up_choice(ax: float, az: float, bx: float, bz: float, uy: float, cx: float, cz: float,
                   step: float) -> int:
    """Which movement step-up keeps (spec 03 §4): of the direct candidate a (the movement with Y raised to the step
    height) and the raised one b (the rise u, then the movement), b where the rise was not cut short (u's Y below
    the step height) and b goes farther horizontally; that one (DIRECT or RAISED, to be settled back down) where it
    goes farther than the collided movement c, else COLLIDED."""
    raised = uy < step and bx * bx + bz * bz > ax * ax + az * az
    if raised:
        ax, az = bx, bz
    if not ax * ax + az * az > cx * cx + cz * cz:
        return COLLIDED
    return RAISED if raised else DIRECT


@njit(inline=True)
def flag_in(keys, slots, pool, flags, flag: int, box: tuple, deflate: float) -> bool:
    """A cell from floor(min + deflate) to ceil(max − deflate) (exclusive) holds a state with `flag`, where the
    region is loaded (`Entity.updateMovementInFluid`'s cells)."""
    x0, x1 = jfloor(box[0] + deflate), jceil(box[3] - deflate)
    y0, y1 = jfloor(box[1] + deflate), jceil(box[4] - deflate)
    z0, z1 = jfloor(box[2] + deflate), jceil(box[5] - deflate)
    if y1 < 0 or y0 > 255:
        return False
    for x in range(x0, x1):
        for y in range(y0, y1):
            for z in range(z0, z1):
                if flags[state_at(keys, slots, pool, x, y, z)] & flag:
                    return True
    return False


@njit(inline=True)
def next_step_height(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                     reach: tuple, bottom: float, step: float, collided_y: float, last: float) -> tuple:
    """1.21 `Entity.collectStepHeights` one at a time: the least height above `last` among the Y points of the
    block shapes meeting `reach`, each as a float above `bottom` ((float)(y − minY)), skipping negative ones and
    `collided_y`, up to `step` (a shape's points ascend: the first above it ends that shape). Returns (ok, the
    height, or inf where none is left)."""
    n = collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, reach,
                                 cells)
    if n < 0:
        return False, 0.0
    best = np.inf
    for c in range(n):
        s, fy = cells[c, 3], float(cells[c, 1])
        for j in range(ncoords[s, 1]):
            g = float(np.float32((coords[s, 1, j] + fy) - bottom))   # (float); a step's heights are small
            if g < 0.0 or g == collided_y:
                continue
            if g > step:
                break
            if last < g < best:
                best = g
    return True, best


@njit(inline=True)
def step_up_1_21(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                 mx: float, my: float, mz: float, cx: float, cy: float, cz: float, box: tuple, yxz: bool,
                 step: float) -> tuple:
    """1.21 step-up (engine.motion.collision's `_step_up_1_21`) of the movement (mx, my, mz) that collisions cut
    to (cx, cy, cz): from the box (lowered by the collided Y where it fell onto something), the movement at each
    height of `next_step_height` in ascending order; the first that goes further horizontally than the collided
    movement is kept, less the lowering. Returns (x, y, z, ok)."""
    fell = my != cy and my < 0.0
    start = _offset(box, 0.0, cy, 0.0) if fell else box
    reach = stretch(start, mx, step, mz)
    if not fell:
        reach = stretch(reach, 0.0, -STEP_PROBE_BELOW, 0.0)
    collided_y, g = float(np.float32(cy)), -1.0
    while True:
        ok, g = next_step_height(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells,
                                 reach, start[1], step, collided_y, g)
        if not ok:
            return mx, my, mz, False
        if g == np.inf:
            return cx, cy, cz, True
        sx, sy, sz, ok = adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                                         cells, mx, g, mz, start, yxz)
        if not ok:
            return mx, my, mz, False
        if sx * sx + sz * sz > cx * cx + cz * cz:
            return sx + 0.0, sy + -(box[1] - start[1]), sz + 0.0, True


@njit(borrows=True)
def adjust_movement_stepping(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                             cells: np.ndarray, mx: float, my: float, mz: float, box: tuple, yxz: bool,
                             on_ground: bool, step: float, heights: bool) -> tuple:
    """Instance `Entity.adjustMovementForCollisions(Vec3d)` against blocks where no solid entity and no border is
    in reach (engine.motion.collision.adjust_movement_for_collisions): the sweeps, then step-up (spec 03 §4) for an
    entity with a step height that is or lands on the ground and hits something sideways: the movement raised by
    the step height, against a rise first then the movement, the longer kept, settled back down; from 1.21
    (`heights`, `step_up_heights`) `step_up_1_21`. Returns (x, y, z, ok)."""
    if mx * mx + my * my + mz * mz == 0.0:
        cx, cy, cz = mx, my, mz
    else:
        cx, cy, cz, ok = adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                                         cells, mx, my, mz, box, yxz)
        if not ok:
            return mx, my, mz, False
    if not steps_up(step, on_ground, mx, my, mz, cx, cy, cz):
        return cx, cy, cz, True
    if heights:
        return step_up_1_21(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, mx, my,
                            mz, cx, cy, cz, box, yxz, step)
    ax, ay, az, ok = adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells,
                                     mx, step, mz, box, yxz)
    if not ok:
        return mx, my, mz, False
    ux, uy, uz, ok = adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells,
                                     0.0, step, 0.0, stretch(box, mx, 0.0, mz), yxz)
    if not ok:
        return mx, my, mz, False
    bx, by, bz, ok = adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells,
                                     mx, 0.0, mz, _offset(box, ux, uy, uz), yxz)
    if not ok:
        return mx, my, mz, False
    bx, by, bz = bx + ux, by + uy, bz + uz
    kept = step_up_choice(ax, az, bx, bz, uy, cx, cz, step)
    if kept == COLLIDED:
        return cx, cy, cz, True
    if kept == RAISED:
        ax, ay, az = bx, by, bz
    sx, sy, sz, ok = adjust_movement(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells,
                                     0.0, -ay + my, 0.0, _offset(box, ax, ay, az), yxz)
    if not ok:
        return mx, my, mz, False
    return ax + sx, ay + sy, az + sz, True
