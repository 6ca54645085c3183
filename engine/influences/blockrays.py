"""An explosion's block rays (spec 04 §15, the 16³ ray grid): the first half of 1.16.5's
`Explosion.collectBlocksAndDamageEntities`, walked ray by ray in a kernel (engine.jit, `walk_rays`).

The 1352 rays' `nextFloat`s are drawn from the world Random in a compiled loop (`intensities`), the same values
as drawing them one by one. The positions the rays take are gathered in a table of cells (each cell's block read
once per explosion) in the order vanilla's `HashSet.add` sees them; where no block lies within the rays' reach
they are walked without reading blocks (`walk_air_rays`; `air_cell_count` where only their number is read), and
at a centre met again along the cells kept from the first walk there (`RayPaths`). tests/engine/test_explosion.py
and test_explosion_kernel.py check the result against the JVM (fixtures/explosion.json) and against walking every
ray one by one in float32 in plain Python.
"""

from __future__ import annotations

import math
import threading
import weakref
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from engine import jit
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
    IMMUNE_BLAST_RESISTANCE,
)
from engine.core.limits import MAX_EXPLOSION_POWER, SimulationLimit
from engine.geometry.box import Vec3
from engine.influences.fluid_kernel import f32 as kf32
from engine.influences.fluids import fluid_state
from engine.java.javanum import f32
from engine.java.javautil import hash_set_order
from engine.java.jrandom import NEXT_FLOAT_MAX, JavaRandom, float_draws
from engine.jit import njit
from engine.motion.collision_kernel import block_arrays, jfloor, state_at
from engine.world import blocks

if TYPE_CHECKING:
    from engine.world.world import World

# a cell table row (`walk_rays`): this explosion's stamp when the cell was first looked at, its position, its block
# state id, whether it is shielded, whether a ray took it
C_SEEN, C_X, C_Y, C_Z, C_STATE, C_SHIELDED, C_TAKEN = range(7)
C_INDEX = C_STATE   # `ray_paths` keeps a cell's row of its output there
SHIELDED_COST = float(np.float32(np.float32(EXPLOSION_RESISTANCE_OFFSET) * np.float32(EXPLOSION_RESISTANCE_FACTOR)))
_LOCAL = threading.local()   # each thread's cell tables, reused (a stamp marks each use)
AIR_WALK_LIMIT = 2.0**30      # |centre| below which `walk_air_rays`' cell grid holds every reached cell (no int wrap)


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


def costs(behavior: ExplosionBehavior) -> np.ndarray:
    """What entering a cell costs a ray of this behaviour, per block state id (`_cost_table`, or `_immune_costs`
    for an `AdvancedExplosionBehavior` with immune blocks)."""
    return _cost_table() if behavior.immune is None else _immune_costs(behavior.immune)


@lru_cache(maxsize=2)
def _immune_costs(immune: frozenset[str]) -> np.ndarray:
    """`AdvancedExplosionBehavior.getBlastResistance` with `immuneBlocks`: (3600000.0F + 0.3F) · 0.3F for those
    blocks, nothing (an empty Optional: no subtraction) for every other state, air and fluids included."""
    cost = f32(f32(f32(IMMUNE_BLAST_RESISTANCE) + EXPLOSION_RESISTANCE_OFFSET) * EXPLOSION_RESISTANCE_FACTOR)
    return np.array([cost if s.block in immune else 0.0 for s in blocks.all_states()], dtype=np.float32)


class ExplosionBehavior(NamedTuple):
    """What an explosion's `ExplosionBehavior` changes, as data (spec 04 §15). `shielding`: block
    names that shield their own cell and the cell below it: such a cell present to the rays costs as a resistance
    of 0 (`getEffectiveExplosionResistance`) and is never taken (`canExplosionDestroyBlock` false), the ray
    walking on. `EntityExplosionBehavior` of an entity without overrides is the default: nothing shielded.

    `AdvancedExplosionBehavior` (1.20.5; the wind charges'): `immune` (its `immuneBlocks`, not None) makes those
    blocks resist 3600000.0F and every other cell nothing (`getBlastResistance` empty, fluids too); `knockback`
    is `getKnockbackModifier` (the impulse's factor, a float widened to double); `damages` is `shouldDamage`;
    `spares_decorations` says `preservesDecorativeEntities` is false for this source (a wind charge, 1.21.2)."""

    shielding: frozenset[str] = frozenset()
    immune: frozenset[str] | None = None
    knockback: float = 1.0
    damages: bool = True
    spares_decorations: bool = False


DEFAULT_BEHAVIOR = ExplosionBehavior()


class AffectedBlocks(NamedTuple):
    """The positions an explosion's block rays reached (air included, as in vanilla's set): `cells`, (x, y, z)
    rows in the order the rays first took them (ray by ray, step by step: the order of HashSet.add); `count`
    distinct positions; `ids`, the block state id of each row of `cells`, or None when every reached position is
    air (then affectWorld removes nothing)."""

    cells: np.ndarray
    count: int
    ids: np.ndarray | None

    def ordered(self) -> tuple[np.ndarray, np.ndarray]:
        """The distinct positions, in the iteration order of vanilla's `HashSet<BlockPos>`: (x, y, z) rows and
        their rows in `cells`."""
        order = hash_set_order(self.cells)
        return self.cells[order], order


def collect_blocks(world: World, random: JavaRandom, center: Vec3, power: float,
                   behavior: ExplosionBehavior = DEFAULT_BEHAVIOR) -> AffectedBlocks:
    """The block rays of `collectBlocksAndDamageEntities` (spec 04 §15, the 16³ ray grid): each ray starts with
    intensity h = power·(0.7F + nextFloat·0.6F) and walks 0.3 m steps (`walk_rays`; `walk_air_rays` where no
    block lies within the rays' reach). The work and memory grow with the power (steps × 1352 rays), never with
    a cube of it. `behavior` shields cells (`walk_rays`)."""
    if not 0.0 <= power <= MAX_EXPLOSION_POWER:
        raise SimulationLimit(f"an explosion of power {power}")
    jit.want_kernels(jit.MIN_RUN)   # 1352 rays: worth loading the kernels (not while they warm in the background)
    steps = _ray_steps()
    h = np.empty(steps.shape[1])
    seed, gaussian, have = random.get_state()
    random.set_state((int(intensities(seed, power, h)), gaussian, have))
    max_steps = _max_steps(power)
    size = steps.shape[1] * max_steps     # no ray takes more positions than it walks steps
    table = _table(size, max_steps)
    table["stamp"] += 1
    cells, ids = table["cells"], table["ids"]
    cx, cy, cz = center
    reach = _reach(max_steps)
    if max(abs(cx), abs(cy), abs(cz)) < AIR_WALK_LIMIT and world.region_is_empty(
            math.floor(cx) - reach, math.floor(cy) - reach, math.floor(cz) - reach,
            math.floor(cx) + reach, math.floor(cy) + reach, math.floor(cz) + reach):
        n = walk_air_rays(steps, cx, cy, cz, h, air_steps(max_steps), _air_grid(reach), 2 * reach + 1, table["stamp"],
                           cells)
        return AffectedBlocks(cells[:n].copy(), n, None)
    key = (cx, cy, cz, max_steps)
    paths = getattr(_LOCAL, "paths", None)
    if paths is not None and paths.key == key and _whole(max_steps, table["bits"]):   # this centre again: its
        # rays' cells walked once, kept
        return paths.walk(world, behavior, steps, h, table)
    _LOCAL.paths = RayPaths(key)                  # made when the next explosion is here too
    keys, slots, pool = block_arrays(world)[:3]
    shielding = bool(behavior.shielding)
    shields = _shield_table(behavior.shielding) if shielding else air_table()   # (unread without shielding)
    n = walk_rays(keys, slots, pool, costs(behavior), shields, shielding, steps, cx, cy, cz, h, table["cell"],
                  table["bits"], table["stamp"], cells, ids)
    cells, ids = cells[:n].copy(), ids[:n].copy()
    return AffectedBlocks(cells, n, None if air_table()[ids].all() else ids)


@njit
def intensities(seed: int, power: float, h: np.ndarray) -> int:
    """Each ray's intensity h = power·(0.7F + nextFloat·0.6F) in float arithmetic, one nextFloat per ray from the
    world Random's 48-bit `seed` (`jrandom.float_draws`), written to `h`; returns the seed after."""
    seed = float_draws(seed, h)
    p = kf32(power)
    for k in range(len(h)):
        h[k] = kf32(p * kf32(EXPLOSION_INTENSITY_BASE + kf32(h[k] * EXPLOSION_INTENSITY_SPREAD)))
    return seed


def _reach(max_steps: int) -> int:
    """Cells enough on each side of the centre's cell for every position `max_steps` steps of 0.3F reach."""
    return math.ceil(max_steps * EXPLOSION_RAY_STEP) + 2


def _air_grid(reach: int) -> np.ndarray:
    """This thread's stamps of the cells within `reach` of a centre's cell, x outermost, then y, then z."""
    side = 2 * reach + 1
    grid = getattr(_LOCAL, "air", None)
    if grid is None or len(grid) != side ** 3:
        grid = _LOCAL.air = np.zeros(side ** 3, dtype=np.int64)
    return grid


@lru_cache(maxsize=8)
def air_steps(max_steps: int) -> np.ndarray:
    """The step-count table of an all-air ray (`walk_air_rays`): entry c (1 ≤ c ≤ max_steps) is the least float
    intensity h with which the ray takes at least c steps (`while (h > 0) { …; h -= 0.22500001F; }`), entry 0 is
    0.0. A ray of intensity h takes as many steps as the table has entries 1.. ≤ h (`air_step_count`), at most
    `max_steps` (`_max_steps`: more than the strongest ray takes).

    Exact for every float h: a step `(float)(h − 0.22500001F)` is monotone in h (a subtraction and a rounding,
    both monotone), so the steps taken are too, and each entry is found by bisecting the float bits for the least
    h whose first step leaves at least the previous entry (then the rest walks c − 1 steps more)."""
    out = np.empty(max_steps + 1)
    out[0] = least = 0.0
    for c in range(1, max_steps + 1):
        lo, hi = _float_bits(least), _float_bits(math.inf)   # the least h > 0 with (float)(h − D) ≥ least
        if c == 1:
            lo, hi = 0, 1                          # one step: any h > 0, the least being the first subnormal
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if f32(_bits_float(mid) - EXPLOSION_STEP_DECAY) >= least:
                hi = mid
            else:
                lo = mid
        least = out[c] = _bits_float(hi)
    return out


def _float_bits(h: float) -> int:
    return int(np.array(h, dtype=np.float32).view(np.int32))


def _bits_float(bits: int) -> float:
    return float(np.array(bits, dtype=np.int32).view(np.float32))


@njit(inline=True)
def air_step_count(table: np.ndarray, h: float) -> int:
    """The steps an all-air ray of intensity h takes (`air_steps`' table): the entries 1.. that are ≤ h; 0 for
    NaN and h ≤ 0."""
    if not h > 0.0:
        return 0
    c = int(min(h / EXPLOSION_STEP_DECAY, len(table) - 1.0))   # near the count: then to the exact entry
    while c + 1 < len(table) and table[c + 1] <= h:
        c += 1
    while c > 0 and table[c] > h:
        c -= 1
    return c


@njit
def walk_air_rays(steps: np.ndarray, cx: float, cy: float, cz: float, h: np.ndarray, table: np.ndarray,
                  grid: np.ndarray, side: int, stamp: int, cells: np.ndarray) -> int:
    """`walk_rays` where every cell the rays reach is air (nothing costs, nothing is shielded): a ray takes each
    cell its steps visit while h > 0, h losing 0.22500001F a step: `air_step_count` steps (`table`, `air_steps`).
    A cell's first taking goes to the next row of `cells`. `grid` marks the cells taken by this explosion
    (`stamp`), the centre's cell at its middle (`side` cells a side, enough for the table's steps). The centre is
    finite and |centre| < AIR_WALK_LIMIT, so every position's floor is `MathHelper.floor`'s without its
    saturation and wrap (`jfloor`), whose branches cost more than the rest of a step. Returns the number of
    distinct positions."""
    n = 0
    mid = side // 2
    ox, oy, oz = jfloor(cx) - mid, jfloor(cy) - mid, jfloor(cz) - mid
    for ray in range(steps.shape[1]):
        dx, dy, dz = steps[0, ray], steps[1, ray], steps[2, ray]
        x, y, z = cx, cy, cz
        for _ in range(air_step_count(table, h[ray])):
            bx, by, bz = int(math.floor(x)), int(math.floor(y)), int(math.floor(z))
            at = ((bx - ox) * side + by - oy) * side + bz - oz
            if grid[at] != stamp:
                grid[at] = stamp
                cells[n, 0], cells[n, 1], cells[n, 2] = bx, by, bz
                n += 1
            x, y, z = x + dx, y + dy, z + dz
    return n


@njit
def air_cell_count(steps: np.ndarray, cx: float, cy: float, cz: float, h: np.ndarray, table: np.ndarray,
                   marks: np.ndarray, side: int, work: np.ndarray) -> int:
    """The number of distinct positions `walk_air_rays` takes, without their order (an all-air TNT explosion
    reads only that number: its shuffle's draws). The rays are sorted by their step count (`air_step_count`),
    longest first, and walked step by step across the rays still walking, each position the double sum
    `walk_air_rays` forms; a step over many rays compiles into vector instructions (four rays at once), which a
    ray walked alone cannot. Each step marks its cell in `marks` (`side`³ zeros, the centre's cell at its
    middle; zeros again when counted). `work`: six rows of one float per ray (positions and steps, sorted)."""
    rays = steps.shape[1]
    longest = len(table) - 1
    per = np.zeros(longest + 1, dtype=np.int64)        # rays per step count
    count = np.empty(rays, dtype=np.int64)
    for ray in range(rays):
        c = air_step_count(table, h[ray])
        count[ray] = c
        per[c] += 1
    first = np.empty(longest + 1, dtype=np.int64)      # the sorted place of the next ray of each count
    placed = 0
    for c in range(longest, -1, -1):
        first[c] = placed
        placed += per[c]
    x, y, z, dx, dy, dz = work[0], work[1], work[2], work[3], work[4], work[5]
    for ray in range(rays):
        j = first[count[ray]]
        first[count[ray]] += 1
        dx[j], dy[j], dz[j] = steps[0, ray], steps[1, ray], steps[2, ray]
    walking = rays - per[0]
    if walking == 0:
        return 0
    mid = side // 2
    s1, s2 = float(side), float(side * side)
    origin = (np.floor(cx) - mid) * s2 + (np.floor(cy) - mid) * s1 + (np.floor(cz) - mid)
    marks[(mid * side + mid) * side + mid] = 1          # step 0: every ray in the centre's cell
    for j in range(walking):
        x[j], y[j], z[j] = cx + dx[j], cy + dy[j], cz + dz[j]
    cell = np.empty(walking, dtype=np.uint32)   # unsigned: `marks[cell[j]]` compiles without the test for a
    for k in range(1, longest):                 # negative index (a sixth of the count's time)
        walking -= per[k]                               # the rays of k steps have walked them
        if walking == 0:
            break
        for j in range(walking):                        # exact: integers in 0..side³, well below 2^53
            cell[j] = np.uint32(np.floor(x[j]) * s2 + np.floor(y[j]) * s1 + np.floor(z[j]) - origin)
            x[j], y[j], z[j] = x[j] + dx[j], y[j] + dy[j], z[j] + dz[j]
        for j in range(walking):
            marks[cell[j]] = 1
    n = 0
    for at in range(len(marks)):
        n += int(marks[at])
        marks[at] = 0
    return n


def _table(size: int, max_steps: int) -> dict[str, Any]:
    """This thread's cell table, its stamp, and output rows for `size` positions. The table's slot of a cell
    is the low `bits` bits of its x, z and y side by side: a cube of 2^bits cells a side holds every cell the rays
    of `max_steps` steps can reach without two sharing a slot, where that fits in twice `size` slots; else the
    cube is smaller and cells sharing a slot go to the next free one."""
    bits = min((_side(max_steps) - 1).bit_length(), (2 * size - 1).bit_length() // 3)
    table = getattr(_LOCAL, "table", None)
    if table is None or len(table["cells"]) < size or table["bits"] != bits:
        table = _LOCAL.table = {"cell": np.zeros((1 << 3 * bits, C_TAKEN + 1), dtype=np.int64), "bits": bits,
                                "cells": np.empty((size, 3), dtype=np.int64), "ids": np.empty(size, dtype=np.int64),
                                "stamp": table["stamp"] if table is not None else 0}
    return table


def _whole(max_steps: int, bits: int) -> bool:
    """Whether a cell table of `bits` (`_table`) holds every cell rays of `max_steps` steps reach, each in its own
    slot (then `ray_paths`, which walks every ray to its end, never fills it)."""
    return _side(max_steps) <= 1 << bits


def _side(max_steps: int) -> int:
    """The side of a cube of cells holding every cell that rays of `max_steps` steps reach."""
    return 2 * math.ceil(max_steps * EXPLOSION_RAY_STEP) + 3


@njit(inline=True)
def _find_slot(cell: np.ndarray, bits: int, stamp: int, bx: int, by: int, bz: int) -> tuple:
    """The slot of `cell` holding (bx, by, bz) for this use (`stamp`), and whether it is new: found, or claimed now
    (its other columns are the caller's to fill)."""
    low = (1 << bits) - 1
    mask = len(cell) - 1
    slot = (bx & low) | (bz & low) << bits | (by & low) << 2 * bits
    while cell[slot, C_SEEN] == stamp:
        if cell[slot, C_X] == bx and cell[slot, C_Y] == by and cell[slot, C_Z] == bz:
            return slot, False
        slot = (slot + 1) & mask
    cell[slot, C_SEEN], cell[slot, C_X], cell[slot, C_Y], cell[slot, C_Z] = stamp, bx, by, bz
    return slot, True


@njit(inline=True)
def _shielded(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, shields: np.ndarray, shielding: bool, sid: int,
              bx: int, by: int, bz: int) -> bool:
    """Whether the cell (bx, by, bz), holding state `sid`, is shielded: it or the cell above holds a shielding
    block (`shields` per state id)."""
    return shielding and (shields[sid] or shields[state_at(keys, slots, pool, bx, by + 1, bz)])


@njit(inline=True)
def _step_cost(cost: np.ndarray, sid: int, shielded: bool) -> float:
    """What entering a cell of state `sid` costs a ray (`_cost_table`); a shielded cell where a resistance is
    present costs as a resistance of 0."""
    c = cost[sid]
    return SHIELDED_COST if shielded and c != 0.0 else c


@njit(inline=True)
def _cell_slot(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, shields: np.ndarray, shielding: bool,
               cell: np.ndarray, bits: int, stamp: int, bx: int, by: int, bz: int) -> int:
    """The slot of `cell` holding (bx, by, bz) for this explosion (`stamp`): found, or filled now with the cell's
    block state id, whether it is shielded and not taken."""
    slot, new = _find_slot(cell, bits, stamp, bx, by, bz)
    if new:
        sid = state_at(keys, slots, pool, bx, by, bz)
        cell[slot, C_STATE] = sid
        cell[slot, C_SHIELDED] = 1 if _shielded(keys, slots, pool, shields, shielding, sid, bx, by, bz) else 0
        cell[slot, C_TAKEN] = 0
    return slot


@njit
def walk_rays(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, cost: np.ndarray, shields: np.ndarray,
              shielding: bool, steps: np.ndarray, cx: float, cy: float, cz: float, h: np.ndarray, cell: np.ndarray,
              bits: int, stamp: int, cells: np.ndarray, ids: np.ndarray) -> int:
    """Each ray from the centre (`steps[:, ray]`: its direction times 0.3F, a double), with intensity h[ray] (a
    float): while h > 0, the cell `BlockPos(m, n, o)` costs what `_cost_table` says (a block's or fluid's
    resistance; nothing for air), it is taken if h is still > 0, the position moves by the step (double) and h
    loses 0.22500001F (float arithmetic throughout). With `shielding`, a cell holding a shielding block or under
    one (`shields` per state id) costs (0 + 0.3F)·0.3F where a resistance is present and is never taken
    (`TntMinecartEntity`'s overrides). Each position taken for the first time goes to the next row of `cells`
    with its state id in `ids`. A cell's block is read once per explosion, into its slot of `cell` (`_table`,
    `_cell_slot`; slots marked `stamp` are this explosion's). Returns the number of distinct positions."""
    n = 0
    for ray in range(steps.shape[1]):
        dx, dy, dz = steps[0, ray], steps[1, ray], steps[2, ray]
        x, y, z = cx, cy, cz
        s = h[ray]
        px, py, pz, slot = 0, 0, 0, -1     # the previous step's cell: 0.3 m steps revisit it
        while s > 0.0:
            bx, by, bz = jfloor(x), jfloor(y), jfloor(z)
            if slot < 0 or bx != px or by != py or bz != pz:
                px, py, pz = bx, by, bz
                slot = _cell_slot(keys, slots, pool, shields, shielding, cell, bits, stamp, bx, by, bz)
            sid = cell[slot, C_STATE]
            shielded = cell[slot, C_SHIELDED] != 0
            s = kf32(s - _step_cost(cost, sid, shielded))
            if s > 0.0 and not shielded and cell[slot, C_TAKEN] == 0:
                cell[slot, C_TAKEN] = 1
                cells[n, 0], cells[n, 1], cells[n, 2] = bx, by, bz
                ids[n] = sid
                n += 1
            x, y, z = x + dx, y + dy, z + dz
            s = kf32(s - EXPLOSION_STEP_DECAY)
    return n


@njit
def ray_paths(steps: np.ndarray, cx: float, cy: float, cz: float, cell: np.ndarray, bits: int, stamp: int,
              path: np.ndarray, xyz: np.ndarray) -> int:
    """The cells each ray's steps visit from the centre (the walk of `walk_rays` without its intensity, as far
    as `path` has columns): `path[ray, k]` the row of `xyz` holding the cell of step k, rows in the order the
    steps first visit them (a cell's row kept in its `cell` slot, column C_INDEX). Returns the number of rows."""
    n = 0
    for ray in range(steps.shape[1]):
        dx, dy, dz = steps[0, ray], steps[1, ray], steps[2, ray]
        x, y, z = cx, cy, cz
        for k in range(path.shape[1]):
            bx, by, bz = jfloor(x), jfloor(y), jfloor(z)
            slot, new = _find_slot(cell, bits, stamp, bx, by, bz)
            if new:
                cell[slot, C_INDEX] = n
                xyz[n, 0], xyz[n, 1], xyz[n, 2] = bx, by, bz
                n += 1
            path[ray, k] = cell[slot, C_INDEX]
            x, y, z = x + dx, y + dy, z + dz
    return n


@njit
def path_costs(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, cost: np.ndarray, shields: np.ndarray,
               shielding: bool, xyz: np.ndarray, n: int, sid: np.ndarray, step_cost: np.ndarray,
               shielded: np.ndarray) -> None:
    """For rows 0..n−1 of `xyz` (`ray_paths`): the block state id, what entering the cell costs a ray and whether
    it is shielded, as `walk_rays` reads them."""
    for j in range(n):
        bx, by, bz = xyz[j, 0], xyz[j, 1], xyz[j, 2]
        sid[j] = state_at(keys, slots, pool, bx, by, bz)
        shielded[j] = _shielded(keys, slots, pool, shields, shielding, sid[j], bx, by, bz)
        step_cost[j] = _step_cost(cost, sid[j], shielded[j])


@njit
def walk_paths(path: np.ndarray, step_cost: np.ndarray, shielded: np.ndarray, h: np.ndarray, taken: np.ndarray,
               stamp: int, out: np.ndarray) -> int:
    """`walk_rays` along cells walked before (`ray_paths`, `path_costs`): each ray with intensity h[ray] pays each
    step's cost and takes its cell while h > 0, losing 0.22500001F a step; a cell's first taking (`taken` marks
    this explosion's, `stamp`) writes its row to the next entry of `out`. Returns the number of distinct
    positions."""
    n = 0
    for ray in range(path.shape[0]):
        s = h[ray]
        k = 0
        while s > 0.0 and k < path.shape[1]:
            j = path[ray, k]
            s = kf32(s - step_cost[j])
            if s > 0.0 and not shielded[j] and taken[j] != stamp:
                taken[j] = stamp
                out[n] = j
                n += 1
            s = kf32(s - EXPLOSION_STEP_DECAY)
            k += 1
    return n


@njit
def kept_paths_count(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, cost: np.ndarray, air: np.ndarray,
                     steps: np.ndarray, cx: float, cy: float, cz: float, h: np.ndarray, cell: np.ndarray, bits: int,
                     stamp: int, kept: np.ndarray, path: np.ndarray, xyz: np.ndarray, sid: np.ndarray,
                     step_cost: np.ndarray, shielded: np.ndarray, taken: np.ndarray, out: np.ndarray) -> tuple:
    """`walk_rays`' number of distinct positions for the default behaviour (nothing shielded), along the cells of
    the centre's rays (`ray_paths`; `cell` a table of `bits` holding every cell they reach, `_whole`) and their
    costs (`path_costs`, `cost` per state id): made where the centre is not the one `kept` names (its x, y, z and
    the rows made, −1 for none) and kept for the next explosion there, which reads the same blocks (the caller's
    blocks do not change between). `stamp`: this explosion's, above every stamp `cell` and `taken` hold. Returns
    (the count, whether a position taken holds a state that is not air: `affectWorld` would change the world)."""
    if not (kept[3] >= 0.0 and kept[0] == cx and kept[1] == cy and kept[2] == cz
            and math.copysign(1.0, kept[0]) == math.copysign(1.0, cx)
            and math.copysign(1.0, kept[1]) == math.copysign(1.0, cy)
            and math.copysign(1.0, kept[2]) == math.copysign(1.0, cz)):
        rows = ray_paths(steps, cx, cy, cz, cell, bits, stamp, path, xyz)
        path_costs(keys, slots, pool, cost, air, False, xyz, rows, sid, step_cost, shielded)
        kept[0], kept[1], kept[2], kept[3] = cx, cy, cz, rows
    n = walk_paths(path, step_cost, shielded, h, taken, stamp, out)
    for k in range(n):
        if not air[sid[out[k]]]:
            return n, True
    return n, False


class RayPaths:
    """The cells of one centre's rays (`ray_paths`), kept for the next explosion there (a stack on the ground or
    in water explodes at one centre again and again), with their costs for a world's blocks at one block version
    and one `ExplosionBehavior` (`path_costs`, read again when any differs)."""

    def __init__(self, key: tuple[float, float, float, int]) -> None:
        self.key = key
        self.path: np.ndarray | None = None
        self.n = 0
        self.blocks: tuple[Any, ...] = ()

    def walk(self, world: World, behavior: ExplosionBehavior, steps: np.ndarray, h: np.ndarray,
             table: dict[str, Any]) -> AffectedBlocks:
        """The positions rays of intensities `h` take, as `walk_rays` finds them."""
        cx, cy, cz, max_steps = self.key
        if self.path is None:
            self.path = np.empty((steps.shape[1], max_steps), dtype=np.int64)
            self.xyz = np.empty((steps.shape[1] * max_steps, 3), dtype=np.int64)
            self.n = ray_paths(steps, cx, cy, cz, table["cell"], table["bits"], table["stamp"], self.path, self.xyz)
            self.sid, self.cost = np.empty(self.n, dtype=np.int64), np.empty(self.n)
            self.shielded, self.taken = np.empty(self.n, dtype=np.bool_), np.zeros(self.n, dtype=np.int64)
        blocks = (weakref.ref(world), world.block_version, behavior.shielding, behavior.immune)
        if self.blocks != blocks:
            self.blocks = blocks
            keys, slots, pool = block_arrays(world)[:3]
            shielding = bool(behavior.shielding)
            shields = _shield_table(behavior.shielding) if shielding else air_table()
            path_costs(keys, slots, pool, costs(behavior), shields, shielding, self.xyz, self.n, self.sid, self.cost,
                       self.shielded)
        rows = table["ids"]
        n = walk_paths(self.path, self.cost, self.shielded, h, self.taken, table["stamp"], rows)
        rows = rows[:n]
        ids = self.sid[rows]
        return AffectedBlocks(self.xyz[rows], n, None if air_table()[ids].all() else ids)


@lru_cache(maxsize=4)
def _shield_table(shielding: frozenset[str]) -> np.ndarray:
    """Per block state id: whether its block is one of `shielding`."""
    return np.array([s.block in shielding for s in blocks.all_states()], dtype=bool)


@lru_cache(maxsize=16)
def _max_steps(power: float) -> int:
    """Steps enough for the strongest ray: power·(0.7F + the largest nextFloat·0.6F) / 0.22500001F, and two more."""
    strongest = np.float32(power) * (np.float32(EXPLOSION_INTENSITY_BASE)
                                     + np.float32(NEXT_FLOAT_MAX) * np.float32(EXPLOSION_INTENSITY_SPREAD))
    return int(float(strongest) / EXPLOSION_STEP_DECAY) + 2
