"""An explosion's block rays (spec 04 §15, the 16³ ray grid): the first half of 1.16.5's
`Explosion.collectBlocksAndDamageEntities`, walked as arrays.

The 1352 rays' `nextFloat`s are drawn from the world Random at once by jumping the generator ahead, which gives
the same values as drawing them one by one. The cells a ray passes depend on the centre alone (cached); what a
ray takes depends on its intensity and the blocks. tests/engine/test_explosion.py checks the result against the
JVM (fixtures/explosion.json) and against walking every ray one by one in float32.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple
from weakref import WeakKeyDictionary

import numpy as np

from engine.constants import (
    EXPLOSION_INTENSITY_BASE,
    EXPLOSION_INTENSITY_SPREAD,
    EXPLOSION_RAY_GRID,
    EXPLOSION_RAY_SPAN,
    EXPLOSION_RAY_STEP,
    EXPLOSION_RESISTANCE_FACTOR,
    EXPLOSION_RESISTANCE_OFFSET,
    EXPLOSION_STEP_DECAY,
    FLUID_BLAST_RESISTANCE,
    SECTION_SIZE,
)
from engine.core.limits import MAX_EXPLOSION_POWER, SimulationLimit
from engine.geometry.box import Vec3
from engine.influences.fluids import fluid_state
from engine.java.javanum import INT_MAX, INT_MIN, f32
from engine.java.javautil import hash_set_order
from engine.java.jrandom import NEXT_FLOAT_MAX, JavaRandom, next_floats
from engine.java.mathhelper import floor
from engine.world import blocks

if TYPE_CHECKING:
    from engine.world.world import World

RAY_CELLS_MEMO = 16   # centres whose ray cells are remembered (a cache bound, not physics)
DENSE_CELLS = 2**18   # up to this many cells in the box a blast walks, index them all (no sort of the cells)
EXPLOSION_THRESHOLD_CEILING = 1e30   # an intensity above every threshold of `_air_thresholds`
UP = np.array([0, 1, 0])
Costs = tuple[np.ndarray | None, np.ndarray | None]   # `_costs`: block state ids of the cells, step costs
Bounds = tuple[tuple[int, int, int], tuple[int, int, int]]


@lru_cache(maxsize=1)
def _ray_steps() -> np.ndarray:
    """Per ray, `(d, e, f) * (double)0.3F` as rows (x, y, z) of a 3 × 1352 array: the unit direction towards a
    surface cell of the 16³ grid, x index outermost; the components are float expressions widened to double,
    the normalisation is in double."""
    last = EXPLOSION_RAY_GRID - 1
    comp = [f32(f32(f32(i / float(last)) * EXPLOSION_RAY_SPAN) - 1.0) for i in range(EXPLOSION_RAY_GRID)]
    rays = [(comp[i], comp[j], comp[k]) for i in range(EXPLOSION_RAY_GRID) for j in range(EXPLOSION_RAY_GRID)
            for k in range(EXPLOSION_RAY_GRID) if {i, j, k} & {0, last}]
    d = np.array(rays)
    g = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1] + d[:, 2] * d[:, 2])
    return np.ascontiguousarray((d / g[:, None] * EXPLOSION_RAY_STEP).T)


@lru_cache(maxsize=1)
def air_table() -> np.ndarray:
    """Per block state id: `BlockState.isAir()`."""
    return np.array([s.is_air for s in blocks.all_states()], dtype=bool)


@lru_cache(maxsize=1)
def _cost_table() -> np.ndarray:
    """Per block state id: what entering the cell costs a ray, (resistance + 0.3F) · 0.3F as a float, where
    `ExplosionBehavior.getBlastResistance` is present (not air, or a fluid; the resistance max(block, fluid));
    0 where it is absent (subtracting 0 leaves a float unchanged)."""
    out = []
    for s in blocks.all_states():
        fluid = fluid_state(s).fluid is not None
        if s.is_air and not fluid:
            out.append(0.0)
            continue
        r = max(s.resistance, FLUID_BLAST_RESISTANCE if fluid else 0.0)
        out.append(float(np.float32(np.float32(r) + np.float32(EXPLOSION_RESISTANCE_OFFSET))
                         * np.float32(EXPLOSION_RESISTANCE_FACTOR)))
    return np.array(out, dtype=np.float32)


class ExplosionBehavior(NamedTuple):
    """What an explosion's `ExplosionBehavior` changes in the block rays, as data (spec 04 §15). `shielding`: block
    names that shield their own cell and the cell below it: such a cell present to the rays costs as a resistance
    of 0 (`getEffectiveExplosionResistance`) and is never taken (`canExplosionDestroyBlock` false), the ray
    walking on. `EntityExplosionBehavior` of an entity without overrides is the default: nothing shielded."""

    shielding: frozenset[str] = frozenset()


DEFAULT_BEHAVIOR = ExplosionBehavior()


class AffectedBlocks(NamedTuple):
    """The positions an explosion's block rays reached (air included, as in vanilla's set): `cells`, the distinct
    cells any step may enter as (x, y, z) rows; `walk[step, ray]`, the row of each step's cell; `taken[step, ray]`,
    whether the step adds its cell; `count` distinct positions; `ids`, the block state id of each row of `cells`,
    or None when every reached position is air (then affectWorld removes nothing)."""

    walk: np.ndarray
    taken: np.ndarray
    cells: np.ndarray
    count: int
    ids: np.ndarray | None

    def ordered(self) -> tuple[np.ndarray, np.ndarray]:
        """The distinct positions, in the iteration order of vanilla's `HashSet<BlockPos>`: (x, y, z) rows and
        their rows in `cells`."""
        keys = self.walk.T[self.taken.T]                       # ray by ray, step by step: the order of HashSet.add
        _, first = np.unique(keys, return_index=True)
        k = keys[np.sort(first)]
        unique = self.cells[k]
        order = hash_set_order(unique)
        return unique[order], k[order]


def collect_blocks(world: World, random: JavaRandom, center: Vec3, power: float,
                   behavior: ExplosionBehavior = DEFAULT_BEHAVIOR) -> AffectedBlocks:
    """The block rays of `collectBlocksAndDamageEntities` (spec 04 §15, the 16³ ray grid).

    Each ray starts with intensity h = power·(0.7F + nextFloat·0.6F) and walks 0.3 m steps; a cell with a
    resistance r (not air) costs (r + 0.3F)·0.3F, a step 0.22500001F; the cell is taken while h > 0 (float
    arithmetic). Once h ≤ 0 a ray has stopped; walking it on (costs only lower h) takes nothing more, so all
    rays walk every step; in air a ray takes the steps whose `_air_thresholds` its intensity reaches. The work
    and memory grow with the power (steps × 1352 rays), never with a cube of it. `behavior` shields cells
    (`_shielded_costs`)."""
    if not 0.0 <= power <= MAX_EXPLOSION_POWER:
        raise SimulationLimit(f"an explosion of power {power}")
    h = np.float32(power) * (np.float32(EXPLOSION_INTENSITY_BASE)
                             + next_floats(random, _ray_steps().shape[1]) * np.float32(EXPLOSION_INTENSITY_SPREAD))
    walk, cells, _ = _ray_cells(center, power)
    ids, cost = _costs(world, center, power)
    kept = None
    if behavior.shielding:
        ids, cost, kept = _shielded_costs(world, center, power, behavior.shielding)
    if cost is None:
        taken = h >= _air_thresholds(len(walk))[:, None]
    else:
        decay = np.float32(EXPLOSION_STEP_DECAY)
        taken = np.empty(walk.shape, dtype=bool)
        for k in range(len(walk)):
            h -= cost[k]
            np.greater(h, 0, out=taken[k])
            h -= decay
    if kept is not None:
        taken &= kept[walk]
    seen = np.zeros(len(cells), dtype=bool)
    seen[walk[taken]] = True
    if ids is not None and air_table()[ids][seen].all():
        ids = None
    return AffectedBlocks(walk, taken, cells, int(np.count_nonzero(seen)), ids)


def _costs(world: World, center: Vec3, power: float) -> Costs:
    """(the block state ids of `_ray_cells`' cells, or None when no block lies among them; what entering each
    step's cell costs, [step, ray], or None when nothing costs), remembered per world while its blocks are
    unchanged (`block_version`): a stack on the ground explodes at one centre again and again. Read-only."""
    version, memo = _COSTS.get(world, (-1, {}))
    if version != world.block_version or len(memo) >= RAY_CELLS_MEMO:
        memo = {}
        _COSTS[world] = (world.block_version, memo)
    found = memo.get((center, power))
    if found is None:
        walk, cells, bounds = _ray_cells(center, power)
        ids = _state_ids(world, cells, bounds)
        cost = None
        if ids is not None:
            cost_by_cell = _cost_table()[ids]
            ids.flags.writeable = False
            if cost_by_cell.any():
                cost = cost_by_cell[walk]
                cost.flags.writeable = False
        found = memo[(center, power)] = (ids, cost)
    return found


def _shielded_costs(world: World, center: Vec3, power: float, shielding: frozenset[str]) -> tuple[
        np.ndarray | None, np.ndarray, np.ndarray]:
    """`_costs` under a behaviour that shields: (block state ids of the cells, or None when no block lies among
    them; the step costs [step, ray]; per cell whether it may be taken). A cell holding a shielding block or
    under one (`world.getBlockState(pos.up())`, which may lie above the walked box) is shielded: present to the
    rays it costs (0 + 0.3F)·0.3F, and it is never taken, air included (`TntMinecartEntity`'s overrides)."""
    walk, cells, (lo, hi) = _ray_cells(center, power)
    ids = _state_ids(world, cells, (lo, hi))
    above = _state_ids(world, cells + UP, ((lo[0], lo[1] + 1, lo[2]), (hi[0], hi[1] + 1, hi[2])))
    here = ids if ids is not None else np.zeros(len(cells), dtype=np.int64)
    shields = _shield_table(shielding)
    shielded = shields[here] if above is None else shields[here] | shields[above]
    cost_by_cell = _cost_table()[here]
    cost_by_cell[shielded & (cost_by_cell != 0)] = np.float32(np.float32(EXPLOSION_RESISTANCE_OFFSET)
                                                              * np.float32(EXPLOSION_RESISTANCE_FACTOR))
    return ids, cost_by_cell[walk], ~shielded


@lru_cache(maxsize=4)
def _shield_table(shielding: frozenset[str]) -> np.ndarray:
    """Per block state id: whether its block is one of `shielding`."""
    return np.array([s.block in shielding for s in blocks.all_states()], dtype=bool)


_COSTS: WeakKeyDictionary[World, tuple[int, dict[tuple[Vec3, float], Costs]]] = WeakKeyDictionary()


@lru_cache(maxsize=RAY_CELLS_MEMO)
def _air_thresholds(k_max: int) -> np.ndarray:
    """Per step k, the least intensity with which a ray in air still takes its cell: h with 0.22500001F
    subtracted k times (float) still > 0. Float subtraction is monotone in h, so a ray takes exactly the steps
    whose threshold its intensity reaches. Found by bisection over the bits of positive floats."""
    decay = np.float32(EXPLOSION_STEP_DECAY)
    steps = np.arange(k_max)
    below = np.zeros(k_max, dtype=np.uint32)                        # 0.0: never > 0
    above = np.full(k_max, np.float32(EXPLOSION_THRESHOLD_CEILING)).view(np.uint32)
    while (above - below > 1).any():
        mid = below + (above - below) // 2
        h = mid.view(np.float32)
        for k in range(1, k_max):
            h = np.where(steps >= k, h - decay, h)
        below = np.where(h > 0, below, mid)
        above = np.where(h > 0, mid, above)
    return above.view(np.float32)


@lru_cache(maxsize=RAY_CELLS_MEMO)
def _ray_cells(center: Vec3, power: float) -> tuple[np.ndarray, np.ndarray, Bounds]:
    """The cells along every ray, for as many steps as the strongest possible ray takes: (walk[step, ray], the
    row of the step's cell in `cells`; cells, (x, y, z) rows; the least and greatest corner of their box). The
    rows are every cell of the box the walk spans while that box is small (`DENSE_CELLS`, an explosion of power
    up to about 17), else only the cells walked, so the work never grows with a cube of the power. A function of
    the centre alone, so a stack exploding at one spot computes it once. The arrays are read-only."""
    k_max = _max_steps(power)
    (xs, ix), (ys, iy), (zs, iz) = (_axis_cells(c, axis, k_max) for axis, c in enumerate(center))
    slots = len(xs) * len(ys) * len(zs)
    if slots <= DENSE_CELLS:
        keys = np.arange(slots)
        walk = ix * len(ys)
        walk += iy
        walk *= len(zs)
        walk += iz
    else:
        keys, walk = np.unique((ix.astype(np.int64) * len(ys) + iy) * len(zs) + iz, return_inverse=True)
        walk = walk.reshape(ix.shape).astype(np.int32)
    plane = len(ys) * len(zs)
    cells = np.stack([xs[keys // plane], ys[keys // len(zs) % len(ys)], zs[keys % len(zs)]], axis=1)
    walk.flags.writeable = False
    cells.flags.writeable = False
    return walk, cells, ((int(xs[0]), int(ys[0]), int(zs[0])), (int(xs[-1]), int(ys[-1]), int(zs[-1])))


def _max_steps(power: float) -> int:
    """Steps enough for the strongest ray: power·(0.7F + the largest nextFloat·0.6F) / 0.22500001F, and two more."""
    strongest = np.float32(power) * (np.float32(EXPLOSION_INTENSITY_BASE)
                                     + np.float32(NEXT_FLOAT_MAX) * np.float32(EXPLOSION_INTENSITY_SPREAD))
    return int(float(strongest) / EXPLOSION_STEP_DECAY) + 2


@lru_cache(maxsize=3 * RAY_CELLS_MEMO)
def _axis_cells(start: float, axis: int, k_max: int) -> tuple[np.ndarray, np.ndarray]:
    """One coordinate's share of the cells of `_ray_cells`: (block coordinates, `MathHelper.floor` of the walked
    coordinate: the run from the least to the greatest, or only those walked when the run is long because the
    int cast saturated or wrapped; per [step, ray] the index of its value). The walk adds `d * 0.3F` to each
    coordinate on its own, so a coordinate's cells depend on its start alone (a stack that moves along y keeps
    its x and z). Read-only."""
    steps = _ray_steps()[axis]
    walk = np.empty((k_max, len(steps)))
    walk[0] = start
    for k in range(1, k_max):
        np.add(walk[k - 1], steps, out=walk[k])          # m += d * 0.3F
    least, greatest = walk.min(), walk.max()
    if INT_MIN <= least and greatest < INT_MAX:          # inside the int range (NaN fails): a plain floor
        lo = floor(float(least))
        values = np.arange(lo, floor(float(greatest)) + 1)
        np.floor(walk, out=walk)
        walk -= lo                                       # exact: integers below 2^32
        index = walk.astype(np.int32)
    else:
        values, index = np.unique(floor_array(walk), return_inverse=True)
        index = index.reshape(walk.shape).astype(np.int32)
    values.flags.writeable = False
    index.flags.writeable = False
    return values, index


def floor_array(d: np.ndarray) -> np.ndarray:
    """`MathHelper.floor` element-wise, as int64: Java's int cast (NaN → 0, saturating) and the wrapping −1."""
    with np.errstate(invalid="ignore"):
        i = np.clip(np.nan_to_num(np.trunc(d), nan=0.0), INT_MIN, INT_MAX).astype(np.int64)
        below = d < i
    i[below] -= 1
    i[i < INT_MIN] += 2**32
    return i


def _state_ids(world: World, cells: np.ndarray, bounds: Bounds) -> np.ndarray | None:
    """The block state id of each (x, y, z) row of `cells` (within `bounds`), or None when no block section
    holds any of them (void_air outside the build range acts as air here)."""
    keys = world.filled_sections_in(*bounds[0], *bounds[1])
    if not keys:
        return None
    ids = np.zeros(len(cells), dtype=np.int64)
    sections = cells >> 4
    local = cells & (SECTION_SIZE - 1)
    for key in keys:
        rows = np.flatnonzero((sections == key).all(axis=1))
        if len(rows):
            sec = world.section(key)   # sec[y, z, x]
            ids[rows] = sec[local[rows, 1], local[rows, 2], local[rows, 0]]
    return ids
