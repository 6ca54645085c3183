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
from engine.geometry.box import Vec3
from engine.influences.fluids import fluid_state
from engine.java.javanum import f32
from engine.java.javautil import hash_set_order
from engine.java.jrandom import NEXT_FLOAT_MAX, JavaRandom, next_floats
from engine.java.mathhelper import floor
from engine.world import blocks

if TYPE_CHECKING:
    from engine.world.world import World

RAY_CELLS_MEMO = 16   # centres whose ray cells are remembered (a cache bound, not physics)
EXPLOSION_THRESHOLD_CEILING = 1e30   # an intensity above every threshold of `_air_thresholds`
Costs = tuple[np.ndarray | None, np.ndarray | None]   # `_costs`: block state ids of the cube, step costs


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


class AffectedBlocks(NamedTuple):
    """The positions an explosion's block rays reached (air included, as in vanilla's set): `walk[step, ray]`,
    the linear key of each step's cell in the cube of `span`³ cells from `lo` (x outermost); `taken[step, ray]`,
    whether the step adds its cell; `count` distinct positions; `ids`, the block state id of each cube cell, or
    None when every reached position is air (then affectWorld removes nothing)."""

    walk: np.ndarray
    taken: np.ndarray
    lo: tuple[int, int, int]
    span: int
    count: int
    ids: np.ndarray | None

    def ordered(self) -> tuple[np.ndarray, np.ndarray]:
        """The distinct positions, in the iteration order of vanilla's `HashSet<BlockPos>`: (x, y, z) rows and
        their keys."""
        keys = self.walk.T[self.taken.T]                       # ray by ray, step by step: the order of HashSet.add
        _, first = np.unique(keys, return_index=True)
        k = keys[np.sort(first)]
        s = self.span
        unique = np.stack([k // (s * s), k // s % s, k % s], axis=1) + np.array(self.lo, dtype=np.int64)
        order = hash_set_order(unique)
        return unique[order], k[order]


def collect_blocks(world: World, random: JavaRandom, center: Vec3, power: float) -> AffectedBlocks:
    """The block rays of `collectBlocksAndDamageEntities` (spec 04 §15, the 16³ ray grid).

    Each ray starts with intensity h = power·(0.7F + nextFloat·0.6F) and walks 0.3 m steps; a cell with a
    resistance r (not air) costs (r + 0.3F)·0.3F, a step 0.22500001F; the cell is taken while h > 0 (float
    arithmetic). Once h ≤ 0 a ray has stopped; walking it on (costs only lower h) takes nothing more, so all
    rays walk every step; in air a ray takes the steps whose `_air_thresholds` its intensity reaches."""
    h = np.float32(power) * (np.float32(EXPLOSION_INTENSITY_BASE)
                             + next_floats(random, _ray_steps().shape[1]) * np.float32(EXPLOSION_INTENSITY_SPREAD))
    walk, lo, span = _ray_cells(center, power)
    ids, cost = _costs(world, center, power)
    if cost is None:
        taken = h >= _air_thresholds(len(walk))[:, None]
    else:
        decay = np.float32(EXPLOSION_STEP_DECAY)
        taken = np.empty(walk.shape, dtype=bool)
        for k in range(len(walk)):
            h -= cost[k]
            np.greater(h, 0, out=taken[k])
            h -= decay
    seen = np.zeros(span ** 3, dtype=bool)
    seen[walk[taken]] = True
    if ids is not None and air_table()[ids][seen].all():
        ids = None
    return AffectedBlocks(walk, taken, lo, span, int(np.count_nonzero(seen)), ids)


def _costs(world: World, center: Vec3, power: float) -> Costs:
    """(the block state ids of `_ray_cells`' cube, or None when no block lies in it; what entering each step's
    cell costs, [step, ray], or None when nothing costs), remembered per world while its blocks are unchanged
    (`block_version`): a stack on the ground explodes at one centre again and again. The arrays are read-only."""
    version, memo = _COSTS.get(world, (-1, {}))
    if version != world.block_version or len(memo) >= RAY_CELLS_MEMO:
        memo = {}
        _COSTS[world] = (world.block_version, memo)
    found = memo.get((center, power))
    if found is None:
        walk, lo, span = _ray_cells(center, power)
        ids = cost = None
        if not world.region_is_empty(*lo, *(c + span - 1 for c in lo)):
            ids = _state_ids(world, lo, span)
            cost_by_cell = _cost_table()[ids]
            ids.flags.writeable = False
            if cost_by_cell.any():
                cost = cost_by_cell[walk]
                cost.flags.writeable = False
        found = memo[(center, power)] = (ids, cost)
    return found


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
def _ray_cells(center: Vec3, power: float) -> tuple[np.ndarray, tuple[int, int, int], int]:
    """The cells along every ray, for as many steps as the strongest possible ray takes: (keys[step, ray] in the
    cube of `span`³ cells from `lo`, x outermost; lo; span). A function of the centre alone, so a stack
    exploding at one spot computes it once. The array is read-only."""
    k_max = _max_steps(power)
    reach = _reach(k_max)
    keys = _axis_cells(center.x, 0, k_max) + _axis_cells(center.y, 1, k_max)
    keys += _axis_cells(center.z, 2, k_max)
    keys.flags.writeable = False
    return keys, (floor(center.x) - reach, floor(center.y) - reach, floor(center.z) - reach), 2 * reach + 1


def _reach(k_max: int) -> int:
    """How far from the centre's cell, in cells, a ray of `k_max` steps may end (and one cell more)."""
    return int(k_max * EXPLOSION_RAY_STEP) + 2


def _max_steps(power: float) -> int:
    """Steps enough for the strongest ray: power·(0.7F + the largest nextFloat·0.6F) / 0.22500001F, and two more."""
    strongest = np.float32(power) * (np.float32(EXPLOSION_INTENSITY_BASE)
                                     + np.float32(NEXT_FLOAT_MAX) * np.float32(EXPLOSION_INTENSITY_SPREAD))
    return int(float(strongest) / EXPLOSION_STEP_DECAY) + 2


@lru_cache(maxsize=3 * RAY_CELLS_MEMO)
def _axis_cells(start: float, axis: int, k_max: int) -> np.ndarray:
    """One coordinate's share of the cell keys of `_ray_cells`, [step, ray]: floor of the coordinate, from the
    cube's low corner, times the axis' place value (span², span, 1). The walk adds `d * 0.3F` to each coordinate
    on its own, so a coordinate's cells depend on its start alone (a stack that moves along y keeps its x and
    z). Read-only."""
    steps = _ray_steps()[axis]
    walk = np.empty((k_max, len(steps)))
    walk[0] = start
    for k in range(1, k_max):
        np.add(walk[k - 1], steps, out=walk[k])          # m += d * 0.3F
    reach = _reach(k_max)
    np.floor(walk, out=walk)
    walk -= floor(start) - reach                         # exact: integers below 2^53
    cells = walk.astype(np.int32)
    cells *= (2 * reach + 1) ** (2 - axis)
    cells.flags.writeable = False
    return cells


def _state_ids(world: World, lo: tuple[int, int, int], span: int) -> np.ndarray:
    """The block state ids of the cube of `span`³ cells from `lo`, flat with x outermost; 0 (air) where no block
    section lies (void_air outside the build range acts as air here)."""
    cube = np.zeros((span, span, span), dtype=np.int64)
    hi = tuple(c + span for c in lo)
    for key, sec in world.sections():   # sec[y, z, x]
        base = [k * SECTION_SIZE for k in key]
        a = [max(o, c) for o, c in zip(base, lo, strict=True)]
        b = [min(o + SECTION_SIZE, c) for o, c in zip(base, hi, strict=True)]
        if a[0] >= b[0] or a[1] >= b[1] or a[2] >= b[2]:
            continue
        part = sec[a[1] - base[1]:b[1] - base[1], a[2] - base[2]:b[2] - base[2], a[0] - base[0]:b[0] - base[0]]
        cube[a[0] - lo[0]:b[0] - lo[0], a[1] - lo[1]:b[1] - lo[1], a[2] - lo[2]:b[2] - lo[2]] = \
            part.transpose(2, 0, 1)
    return cube.reshape(-1)
