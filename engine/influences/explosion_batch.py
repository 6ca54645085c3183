"""A run of TNT and the all-air explosions of its fuses in one compiled call (spec 04 §15, spec 06 §1.2 step 6).

`tick_exploding` runs `tnt_kernel.tick_rows` and, where a TNT's fuse runs out, does its explosion itself when the
explosion would take the short paths of `engine.influences.explosion.explode` anyway: every cell within the rays'
reach and the exposure rays' region is air (every exposure ray misses), and the entities `getOtherEntities` looks
at are the TNT rows of `Candidates` (every entity in the world's entity sections, all TNT, all inside the query's
sections). It then draws the 1352 `nextFloat`s, counts the positions the air rays take
(`blockrays.air_cell_count`: their shuffled list is never read), steps the shuffle's draws, pushes the targets
(`explosion_kernel`) and writes the ledger's columns into preallocated arrays (each distinct row of numbers once,
`_keep_ledger`), and the row loop goes on after the exploded TNT. The events, ledgers and removals are made
after, in Python, once per explosion, in the order the explosions happened (`Blasts.finish`).

It hands the explosion back (the loop stops there with EXPLODE, as `tick_rows` does, nothing of that explosion
done) at the first one with a block in reach, a centre the air walk does not take, a query that does not cover
every entity section, a box whose sample loops would not end in time, full output arrays, or after any entity of
the call was marked (a section change or an object-path tick: Python's work that must come first).
tests/engine/test_explosion_kernel.py compares it bit for bit with the per-explosion path.
"""

from __future__ import annotations

import math
import weakref
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    EXPLOSION_QUERY_MARGIN,
    EXPLOSION_RADIUS_FACTOR,
    GET_ENTITIES_MARGIN,
    TNT_EXPLOSION_HEIGHT,
    TNT_HEIGHT,
    TNT_POWER,
)
from engine.entities.rows import EXPLODE, F_BOX, F_MOTION, F_POS
from engine.entities.tnt_kernel import tick_rows
from engine.influences import blockrays
from engine.influences.blockrays import AIR_WALK_LIMIT, air_cell_count, intensities
from engine.influences.explosion_kernel import (
    OVER_LIMIT,
    R_IMPULSE,
    T_DIST,
    explosion_impulses,
    explosion_targets,
    sample_count,
)
from engine.influences.explosion_ledger import Ledger
from engine.influences.fluid_kernel import f32
from engine.java.jrandom import int_draws
from engine.jit import njit
from engine.world.block_grid import marked_sections, section_slot

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.tnt import Tnt
    from engine.world.world import World

AGAIN, STOP = 0, 1       # why `tick_exploding` handed an explosion back: Python's work first / not this run
ENTITY_SECTION_TOP = 15  # entity sections' y is clamped to 0..15 (World.chunk_key)
EXPOSURE_SPAN = 64       # an exposure region wider than this (cells) is left to the per-explosion path
_ROW = attrgetter("_r")
_ID = attrgetter("id")


@njit(inline=True)
def _region_empty(keys: np.ndarray, slots: np.ndarray, filled: np.ndarray, x0: int, y0: int, z0: int, x1: int,
                  y1: int, z1: int) -> bool:
    """`World.region_is_empty`: no section overlapping cells x0..x1, y0..y1, z0..z1 holds a block (`filled` per
    pool row of the block grid)."""
    for sx in range(x0 >> 4, (x1 >> 4) + 1):
        for sy in range(y0 >> 4, (y1 >> 4) + 1):
            for sz in range(z0 >> 4, (z1 >> 4) + 1):
                slot = section_slot(keys, slots, sx, sy, sz)
                if slot >= 0 and filled[slot]:
                    return False
    return True


@njit(inline=True)
def _cell(v: float, c: float, low: bool) -> int:
    """`explosion._region_is_empty`'s cell of the box bound v beside the centre c (NaN wins, as np.minimum)."""
    if v == v and (v >= c if low else v <= c):
        v = c
    if v != v:
        return 0
    return int(math.floor(min(max(v, -(2.0**31)), 2.0**31)))


@njit
def explode_in_air(f: np.ndarray, keys: np.ndarray, slots: np.ndarray, filled: np.ndarray, r: int,
                   cand: np.ndarray, cand_ids: np.ndarray, m: int, cover: tuple, seed: int, double_sqrt: bool,
                   double_steps: bool, steps: np.ndarray, h: np.ndarray, table: np.ndarray, marks: np.ndarray,
                   side: int, reach: int, work: np.ndarray, hit: np.ndarray, target: np.ndarray,
                   bounds: np.ndarray, samples: np.ndarray, scratch: np.ndarray, out_ids: np.ndarray,
                   index: np.ndarray, unblocked: np.ndarray, total: np.ndarray, distance: np.ndarray,
                   result: np.ndarray, p: int, s: int) -> tuple:
    """The explosion of the TNT at row `r` (`Tnt.explode`: power 4 at its position + height·0.0625), where it takes
    the all-air paths; `cand[:m]` the candidates' rows (`cand_ids` their ids) in `getOtherEntities`' order, the
    source among them, covering the entity sections `cover` (lo x, y, z, hi x, y, z). Its ledger rows go from p
    on, their numbers from s on (`_keep_ledger`), `samples` and `scratch` its counts and results before. Returns
    (ok, the candidates left, the Random's seed after, pushed targets, the ledger table's rows after, centre x, y,
    z); where not ok, nothing was drawn and no row or ledger row before p changed."""
    cx, cy, cz = f[r, F_POS], f[r, F_POS + 1] + TNT_HEIGHT * TNT_EXPLOSION_HEIGHT, f[r, F_POS + 2]
    no = (False, m, seed, 0, s, cx, cy, cz)
    if not (abs(cx) < AIR_WALK_LIMIT and abs(cy) < AIR_WALK_LIMIT
            and abs(cz) < AIR_WALK_LIMIT):
        return no
    bx, by, bz = int(math.floor(cx)), int(math.floor(cy)), int(math.floor(cz))
    if not _region_empty(keys, slots, filled, bx - reach, by - reach, bz - reach, bx + reach, by + reach,
                         bz + reach):
        return no                                                       # the rays reach a block
    q = f32(TNT_POWER * EXPLOSION_RADIUS_FACTOR)
    margin = q + EXPLOSION_QUERY_MARGIN
    query = (float(math.floor(cx - margin)), float(math.floor(cy - margin)), float(math.floor(cz - margin)),
             float(math.floor(cx + margin)), float(math.floor(cy + margin)), float(math.floor(cz + margin)))
    g = GET_ENTITIES_MARGIN                                            # World.entity_sections_in
    sy0 = min(max(int(math.floor((query[1] - g) / 16.0)), 0), ENTITY_SECTION_TOP)
    sy1 = min(max(int(math.floor((query[4] + g) / 16.0)), 0), ENTITY_SECTION_TOP)
    if not (int(math.floor((query[0] - g) / 16.0)) <= cover[0] and sy0 <= cover[1]
                      and int(math.floor((query[2] - g) / 16.0)) <= cover[2]
                      and int(math.floor((query[3] + g) / 16.0)) >= cover[3] and sy1 >= cover[4]
                      and int(math.floor((query[5] + g) / 16.0)) >= cover[5]):
        return no                                                       # the query sees only some sections
    for k in range(m):                                                  # the source is not its own target:
        if cand[k] == r:                                                # it leaves the entity sections
            for j in range(k, m - 1):
                cand[j] = cand[j + 1]
                cand_ids[j] = cand_ids[j + 1]
            m -= 1
            break
    rows = cand[:m]
    n = explosion_targets(f, rows, F_POS, F_BOX, F_POS + 1, cx, cy, cz, q, query, double_sqrt, hit, target, bounds)
    if n:
        lo_x, lo_y, lo_z = _cell(bounds[0], cx, True) - 1, _cell(bounds[1], cy, True) - 1, \
            _cell(bounds[2], cz, True) - 1
        hi_x, hi_y, hi_z = _cell(bounds[3], cx, False) + 1, _cell(bounds[4], cy, False) + 1, \
            _cell(bounds[5], cz, False) + 1
        if hi_x - lo_x > EXPOSURE_SPAN or hi_y - lo_y > EXPOSURE_SPAN or hi_z - lo_z > EXPOSURE_SPAN or \
                not _region_empty(keys, slots, filled, lo_x, lo_y, lo_z, hi_x, hi_y, hi_z):
            return no                                                   # an exposure ray may meet a block
        if p + n > len(out_ids):
            return no
        last, count = (math.nan, math.nan, math.nan), 0
        for k in range(n):                       # every box's sample points counted (every ray misses), their loops
            b = rows[hit[k]]                     # ending in time
            edges = (f[b, F_BOX + 3] - f[b, F_BOX], f[b, F_BOX + 4] - f[b, F_BOX + 1],
                     f[b, F_BOX + 5] - f[b, F_BOX + 2])
            if not (edges[0] == last[0] and edges[1] == last[1] and edges[2] == last[2]):
                count = sample_count(edges[0], edges[1], edges[2], double_steps)
                if count == OVER_LIMIT:
                    return no
                last = edges
            samples[k] = count
    seed = intensities(seed, TNT_POWER, h)                   # collect_blocks: the rays in air
    count = air_cell_count(steps, cx, cy, cz, h, table, marks, side, work)   # the positions: never read
    seed = int_draws(seed, count, hit[:0])                                    # affect_world: the shuffle's draws
    if n:
        explosion_impulses(f, rows, F_BOX, F_MOTION, hit, n, target, q, double_steps, True, samples, samples,
                           scratch)
        s = _keep_ledger(n, cand_ids, hit, samples, target, scratch, p, s, out_ids, index, unblocked, total,
                         distance, result)
    return True, m, seed, n, s, cx, cy, cz


@njit(inline=True)
def _keep_ledger(n: int, cand_ids: np.ndarray, hit: np.ndarray, samples: np.ndarray, target: np.ndarray,
                 scratch: np.ndarray, p: int, s: int, out_ids: np.ndarray, index: np.ndarray, unblocked: np.ndarray,
                 total: np.ndarray, distance: np.ndarray, result: np.ndarray) -> int:
    """An explosion's n ledger rows from p on: the pushed entities' ids, and each row's numbers (its sample counts
    `samples`, distance, R_* result `scratch`) as row index[p + k] of the ledger table (`unblocked`, `total`,
    `distance`, `result`, `Ledger`): a new table row, from s on, only where they differ bit for bit from the row
    before (a stack's rows repeat them: 499,500 ledger rows of a 1,000 stack written as 8 bytes and an index, not
    80 bytes each). Returns the table's rows after."""
    tb, rb = target.view(np.int64), scratch.view(np.int64)
    for k in range(n):
        out_ids[p + k] = cand_ids[hit[k]]
        if k == 0 or not (samples[k] == samples[k - 1] and tb[k, T_DIST] == tb[k - 1, T_DIST]
                          and _same_result(rb, k)):
            unblocked[s] = total[s] = samples[k]
            distance[s] = target[k, T_DIST]
            for c in range(R_IMPULSE + 3):
                result[s, c] = scratch[k, c]
            s += 1
        index[p + k] = s - 1
    return s


@njit(inline=True)
def _same_result(bits: np.ndarray, k: int) -> bool:
    """Whether results k and k − 1 (`bits`: the R_* columns' bits) are equal bit for bit."""
    for c in range(R_IMPULSE + 3):
        if bits[k, c] != bits[k - 1, c]:
            return False
    return True


@njit
def tick_exploding(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                   f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, fuse_col: int, v: int, border: tuple,
                   lava_push: float, zero_below: float, effects: np.ndarray, marks: np.ndarray, saved_f: np.ndarray,
                   saved_i: np.ndarray, sections: np.ndarray, cand: np.ndarray, cand_ids: np.ndarray, cover: tuple,
                   seed: int, double_sqrt: bool, double_steps: bool, steps: np.ndarray, h: np.ndarray,
                   table: np.ndarray, air_marks: np.ndarray, side: int, reach: int, work: np.ndarray,
                   hit: np.ndarray, target: np.ndarray, bounds: np.ndarray, samples: np.ndarray,
                   scratch: np.ndarray, log: np.ndarray, centres: np.ndarray, out_ids: np.ndarray, index: np.ndarray,
                   unblocked: np.ndarray, total: np.ndarray, distance: np.ndarray, result: np.ndarray) -> tuple:
    """`tick_rows` over rows[start:], exploding each TNT whose fuse runs out in air (`explode_in_air`; `sections`
    1 per block-grid pool row holding a block) and going on after it, until the loop ends, hands back, or an
    explosion is handed back. Explosion k: log[k] = (its place in `rows`, its first ledger row, its targets),
    centres[k] its centre; ledger rows in `out_ids` and `index`, their numbers in the table `unblocked`, `total`,
    `distance`, `result` (the R_* columns; `_keep_ledger`); `samples`, `scratch` one explosion's counts and
    results. Returns (where it stopped, DONE/EXPLODE/HANDED, explosions, the Random's seed after, AGAIN or
    STOP)."""
    m = len(cand)
    k = p = s = 0
    n = start
    while True:
        stop, status = tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i,
                                 rows, n, fuse_col, v, border, lava_push, zero_below, effects, marks, saved_f,
                                 saved_i)
        if status != EXPLODE:
            return stop, status, k, seed, AGAIN
        for j in range(start, stop + 1):
            if marks[j] != 0:                  # Python's work for an entity comes before this explosion
                return stop, status, k, seed, AGAIN
        if k == len(log):
            return stop, status, k, seed, AGAIN
        ok, m, seed, pushed, s, cx, cy, cz = explode_in_air(
            f, keys, slots, sections, rows[stop], cand, cand_ids, m, cover, seed, double_sqrt, double_steps, steps,
            h, table, air_marks, side, reach, work, hit, target, bounds, samples, scratch, out_ids, index, unblocked,
            total, distance, result, p, s)
        if not ok:
            return stop, status, k, seed, STOP
        log[k, 0], log[k, 1], log[k, 2] = stop, p, pushed
        centres[k, 0], centres[k, 1], centres[k, 2] = cx, cy, cz
        p += pushed
        k += 1
        n = stop + 1


class Blasts:
    """The explosions of one run of TNT in the entity phase (`Simulation._tick_row_run`): the candidates and
    output arrays `tick_exploding` reads and writes, and the Python half of each explosion it did (`finish`).
    `on` turns false for the rest of the run once an explosion was handed back for a reason that would recur."""

    def __init__(self, sim: TickContext, run: list[Tnt], scratch: np.ndarray) -> None:
        self.sim, self.run, self.scratch = sim, run, scratch   # scratch: the simulation's, for the row loop
        self.on = True

    def tick_rows(self, batch, rows: np.ndarray, start: int, marks: np.ndarray, saved_f: np.ndarray,
                  saved_i: np.ndarray) -> tuple[int, int]:
        """`TntBatch.tick_rows` with the run's explosions in air done in the same call (then `finish`ed)."""
        from engine.entities.tnt import FUSE_COLUMN, TNT_ROWS
        sim = self.sim
        world, features = sim.world, sim.features
        found = _candidates(world) if self.on else None
        if found is None:
            self.on = False
            return batch.tick_rows(world, features, self.scratch, rows, start, marks, saved_f, saved_i)
        cand, cand_ids, cover = found
        explosions = int(np.count_nonzero(TNT_ROWS.i[rows[start:][rows[start:] >= 0], FUSE_COLUMN] <= 1))
        c = len(cand)
        pairs = max(explosions * c - explosions * (explosions - 1) // 2, 0)
        blocks, loop = batch.loop_arguments(world, features)
        steps = blockrays._ray_steps()
        max_steps = blockrays._max_steps(TNT_POWER)
        reach = blockrays._reach(max_steps)
        random = sim.random
        seed, gaussian, have = random.get_state()
        log, centres = np.empty((explosions, 3), dtype=np.int64), np.empty((explosions, 3))
        out = (np.empty(pairs, dtype=np.int64), np.empty(pairs, dtype=np.int32), np.empty(pairs, dtype=np.int64),
               np.empty(pairs, dtype=np.int64), np.empty(pairs), np.empty((pairs, 6)))   # (pages only where written)
        stop, status, k, seed, why = tick_exploding(
            *blocks, self.scratch, TNT_ROWS.f, TNT_ROWS.i, rows, start, *loop, marks, saved_f, saved_i,
            _filled_sections(world), cand, cand_ids, cover, seed, features.explosion_double_sqrt,
            features.exposure_double_steps, steps, np.empty(steps.shape[1]), blockrays.air_steps(max_steps),
            np.zeros((2 * reach + 1) ** 3, dtype=np.uint8), 2 * reach + 1, reach, np.empty((6, steps.shape[1])),
            np.empty(c, dtype=np.int64), np.empty((c, 5)), np.empty(6), np.empty(c, dtype=np.int64), np.empty((c, 6)),
            log, centres, *out)
        if k:
            random.set_state((int(seed), gaussian, have))
            self.finish(log[:k].tolist(), centres[:k].tolist(), out)
        if status == EXPLODE and why == STOP:
            self.on = False
        return stop, status

    def finish(self, log: list[list[int]], centres: list[list[float]], out: tuple) -> None:
        """Each explosion `tick_exploding` did, in order, as `Tnt.explode` and `Simulation.create_explosion` leave
        it: the TNT removed, its event (the ledger kept as columns), its section left. (Its section is the one it
        is filed in: `tick_exploding` hands back an explosion whose TNT changed section in its tick, so the
        phase's `check_entity_chunk_pos` would change nothing.)"""
        from engine.influences import explosion
        sim, world, run = self.sim, self.sim.world, self.run
        emit, unload = sim.emit, world.unload_entity
        ids, index, unblocked, total, distance, result = out
        explosion._TARGETS.pop(world, None)
        for (at, p, n), centre in zip(log, centres, strict=True):
            e = run[at]
            e.remove()
            emit({"kind": "explosion", "center": centre, "power": TNT_POWER, "source": e.id, "source_type": e.TYPE,
                  "mode": "break", "fire": False,
                  "affected": Ledger(ids[p:p + n], unblocked, total, distance, result, index[p:p + n]) if n else [],
                  "blocks_destroyed": 0})
            unload(e)


def usable(sim: TickContext) -> bool:
    """Whether this simulation's explosions may take `tick_exploding`: the default explosion step, the release
    not refusing explosions."""
    from engine.influences import explosion
    return sim.explosion_step is explosion.explode and "explosion" not in sim.features.refused


def _candidates(world: World) -> tuple[np.ndarray, np.ndarray, tuple[int, int, int, int, int, int]] | None:
    """The rows and ids of every entity in `world`'s entity sections, in the order `getOtherEntities` visits them
    when its query covers them all (chunks by x, then z, sections by y), and those sections' least and greatest
    key; None (no explosion taken) when one of them is not TNT."""
    from engine.entities.tnt import Tnt
    sections = {key: found for key, found in world._entity_sections.items() if found}
    keys = sorted(sections, key=lambda k: (k[0], k[2], k[1]))
    found = list(chain.from_iterable(sections[k] for k in keys))
    if not keys or any(type(e) is not Tnt for e in found):
        return None
    xs, ys, zs = zip(*keys, strict=True)
    return (np.fromiter(map(_ROW, found), np.int64, len(found)), np.fromiter(map(_ID, found), np.int64, len(found)),
            (min(xs), min(ys), min(zs), max(xs), max(ys), max(zs)))


_FILLED: weakref.WeakKeyDictionary[World, tuple[int, np.ndarray]] = weakref.WeakKeyDictionary()


def _filled_sections(world: World) -> np.ndarray:
    """Per pool row of `world.block_grid()`, 1 where that section holds a block (`World.region_is_empty`)."""
    return marked_sections(world, _FILLED, lambda *box: not world.region_is_empty(*box))
