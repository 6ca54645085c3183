"""A run of TNT and the explosions of its fuses in one compiled call (spec 04 §15, spec 06 §1.2 step 6).

`tick_exploding` runs `tnt_kernel.tick_rows` and, where a TNT's fuse runs out, does its explosion itself
(`explode_row`) where the entities `getOtherEntities` looks at are the TNT rows of `_candidates` (every entity in the
world's entity sections, all TNT, all inside the query's sections). It draws the 1352 `nextFloat`s and counts the
positions the rays take: in air without walking them in order (`blockrays.air_cell_count`: an all-air list is
never read), with blocks in reach along the centre's kept ray cells (`blockrays.kept_paths_count`, a block table
per state of each cell's cost: blast resistance and fluid); steps the shuffle's draws; casts the exposure rays
against the blocks' collision shapes where a block lies near (`explosion_kernel.exposure_samples`, else counts the
sample points); pushes the targets (`explosion_kernel`) and writes the ledger's columns into preallocated arrays
(each distinct row of numbers once, `_keep_ledger`), and the row loop goes on after the exploded TNT. The events,
ledgers and removals are made after, in Python, once per explosion, in the order the explosions happened
(`Blasts.finish`).

It hands the explosion back (the loop stops there with EXPLODE, as `tick_rows` does, nothing of that explosion
done) at the first one whose rays would take a position that is not air (`affectWorld` changes the world: the
per-explosion path removes it, then the loop goes on), a block in reach in a release whose rays or resistances
differ (`near_blocks`), an exposure ray meeting a cell whose shape a block entity decides (moving pistons,
shulker boxes) or the engine's limits, a centre the walks do not take, a query that does not cover every entity
section, a box whose sample loops would not end in time, full output arrays, or after any entity of the call was
marked (a section change or an object-path tick: Python's work that must come first).
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
from engine.influences.blockrays import AIR_WALK_LIMIT, air_cell_count, intensities, kept_paths_count
from engine.influences.explosion_kernel import (
    OVER_LIMIT,
    R_IMPULSE,
    T_DIST,
    entity_pass_direction,
    explosion_impulses,
    explosion_targets,
    exposure_samples,
    sample_count,
)
from engine.influences.explosion_ledger import Ledger
from engine.influences.fluid_kernel import f32
from engine.java.jrandom import int_draws
from engine.jit import njit
from engine.world.block_grid import marked_sections, section_slot
from engine.world.block_tables import shape_boxes

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.versions import Features
    from engine.entities.tnt import Tnt
    from engine.world.world import World

AGAIN, STOP = 0, 1       # why `tick_exploding` handed an explosion back: Python's work first / not this run
TAKEN = -1               # `explode_row` did the explosion
ENTITY_SECTION_TOP = 15  # entity sections' y is clamped to 0..15 (World.chunk_key)
EXPOSURE_SPAN = 64       # an exposure region wider than this (cells) is left to the per-explosion path
EXPOSURE_FRACTIONS = 64  # room for one of getExposure's loops (a box of more is left to the per-explosion path)
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
def explode_row(f: np.ndarray, keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, sections: np.ndarray, r: int,
                cand: np.ndarray, cand_ids: np.ndarray, m: int, cover: tuple, seed: int, direction: int,
                double_steps: bool, steps: np.ndarray, h: np.ndarray, table: np.ndarray, marks: np.ndarray,
                side: int, reach: int, work: np.ndarray, near: bool, walk: tuple, shapes: tuple, exposure: tuple,
                hit: np.ndarray, target: np.ndarray, bounds: np.ndarray, same: np.ndarray, clear: np.ndarray,
                samples: np.ndarray, scratch: np.ndarray, out_ids: np.ndarray, index: np.ndarray, unblocked: np.ndarray,
                total: np.ndarray, distance: np.ndarray, result: np.ndarray, p: int, s: int) -> tuple:
    """The explosion of the TNT at row `r` (`Tnt.explode`: power 4 at its position + height·0.0625); `cand[:m]` the
    candidates' rows (`cand_ids` their ids) in `getOtherEntities`' order, the source among them, covering the
    entity sections `cover` (lo x, y, z, hi x, y, z); `sections` 1 per pool row of the block grid holding a block.

    Where no block lies within the rays' reach, the rays are counted in air (`air_cell_count`); elsewhere, with
    `near` (the release's exposure rays test collision shapes and its resistances are the table's), along the
    kept cells of the centre's rays (`blockrays.kept_paths_count`; `walk`: the cost and air tables, the cell
    table and its bits, the kept centre, a one-entry stamp counter and the paths' arrays). Where no block lies in
    the exposure rays' region each box's sample points are counted (every ray misses); elsewhere, with `near`,
    cast (`explosion_kernel.exposure_samples`; `shapes`: the block tables' shape arrays and `shape_boxes`;
    `exposure`: the fractions' room, a key and a one-entry memo of the centre and box last cast). Its ledger rows
    go from p on, their numbers from s on (`_keep_ledger`); `clear`, `samples` and `scratch` its counts and
    results before. Returns (TAKEN, AGAIN or STOP, the candidates left, the Random's seed after, pushed targets,
    the ledger table's rows after, centre x, y, z); where not TAKEN, nothing was drawn and no row or ledger row
    before p changed: AGAIN where the explosion would change blocks (`affectWorld`), STOP for the rest."""
    cx, cy, cz = f[r, F_POS], f[r, F_POS + 1] + TNT_HEIGHT * TNT_EXPLOSION_HEIGHT, f[r, F_POS + 2]
    no = (STOP, m, seed, 0, s, cx, cy, cz)
    if not (abs(cx) < AIR_WALK_LIMIT and abs(cy) < AIR_WALK_LIMIT
            and abs(cz) < AIR_WALK_LIMIT):
        return no
    bx, by, bz = int(math.floor(cx)), int(math.floor(cy)), int(math.floor(cz))
    blocky = not _region_empty(keys, slots, sections, bx - reach, by - reach, bz - reach, bx + reach, by + reach,
                               bz + reach)
    if blocky and not near:
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
    n = explosion_targets(f, rows, F_POS, F_BOX, F_POS + 1, cx, cy, cz, q, query, direction, hit, target, bounds,
                          same)
    if n:
        lo_x, lo_y, lo_z = _cell(bounds[0], cx, True) - 1, _cell(bounds[1], cy, True) - 1, \
            _cell(bounds[2], cz, True) - 1
        hi_x, hi_y, hi_z = _cell(bounds[3], cx, False) + 1, _cell(bounds[4], cy, False) + 1, \
            _cell(bounds[5], cz, False) + 1
        if hi_x - lo_x > EXPOSURE_SPAN or hi_y - lo_y > EXPOSURE_SPAN or hi_z - lo_z > EXPOSURE_SPAN:
            return no
        empty = _region_empty(keys, slots, sections, lo_x, lo_y, lo_z, hi_x, hi_y, hi_z)
        if not (empty or near) or p + n > len(out_ids):
            return no                                                   # an exposure ray may meet a block
        if not _exposures(f, keys, slots, pool, rows, hit, same, n, empty, cx, cy, cz, double_steps, shapes,
                          exposure, clear, samples):
            return no
    seed_after = intensities(seed, TNT_POWER, h)                        # collect_blocks
    if blocky:
        cost, air, cell, bits, kept, counter, path, xyz, sid, step_cost, shielded, taken, out = walk
        counter[0] += 1
        count, destroys = kept_paths_count(keys, slots, pool, cost, air, steps, cx, cy, cz, h, cell, bits,
                                           counter[0], kept, path, xyz, sid, step_cost, shielded, taken, out)
        if destroys:
            return (AGAIN, m, seed, 0, s, cx, cy, cz)                   # blocks removed: the object path's
    else:
        count = air_cell_count(steps, cx, cy, cz, h, table, marks, side, work)   # the positions: never read
    seed = int_draws(seed_after, count, hit[:0])                        # affect_world: the shuffle's draws
    if n:
        explosion_impulses(f, rows, F_BOX, F_MOTION, hit, n, target, same, q, double_steps, True, clear, samples,
                           scratch)
        s = _keep_ledger(n, cand_ids, hit, same, clear, samples, target, scratch, p, s, out_ids, index, unblocked,
                         total, distance, result)
    return TAKEN, m, seed, n, s, cx, cy, cz


@njit(inline=True)
def _exposures(f: np.ndarray, keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, rows: np.ndarray,
               hit: np.ndarray, same: np.ndarray, n: int, empty: bool, cx: float, cy: float, cz: float,
               double_steps: bool, shapes: tuple, exposure: tuple, clear: np.ndarray, samples: np.ndarray) -> bool:
    """Each target's (unblocked, total) sample points into `clear`, `samples`: where the region is `empty` counted
    from the box edges (every ray misses), else cast (`exposure_samples`), a box and centre equal bit for bit to
    the last cast (`exposure`'s memo: a stack's boxes, explosion after explosion at one centre) taking its counts;
    a row the same as the row before (`same`, `explosion_targets`) takes that row's. False where a box's loops
    would not end in time or its rays are the object path's."""
    last, count = (math.nan, math.nan, math.nan), 0
    shape, ncoords, coords, filled, empty_shape, nboxes, boxes = shapes
    frac, key, memo, memo_n = exposure
    for k in range(n):
        if same[k]:
            clear[k], samples[k] = clear[k - 1], samples[k - 1]
            continue
        b = rows[hit[k]]
        if empty:                                # every ray misses: the sample points counted
            edges = (f[b, F_BOX + 3] - f[b, F_BOX], f[b, F_BOX + 4] - f[b, F_BOX + 1],
                     f[b, F_BOX + 5] - f[b, F_BOX + 2])
            if not (edges[0] == last[0] and edges[1] == last[1] and edges[2] == last[2]):
                count = sample_count(edges[0], edges[1], edges[2], double_steps)
                if count == OVER_LIMIT:
                    return False
                last = edges
            clear[k] = samples[k] = count
            continue
        key[0], key[1], key[2] = cx, cy, cz
        for c in range(6):
            key[3 + c] = f[b, F_BOX + c]
        kb, mb = key.view(np.int64), memo.view(np.int64)
        memo_hit = memo_n[0] == 1
        for c in range(9):
            memo_hit = memo_hit and kb[c] == mb[c]
        if not memo_hit:
            u, t = exposure_samples(keys, slots, pool, shape, ncoords, coords, filled, empty_shape, nboxes, boxes,
                                    key[3], key[4], key[5], key[6], key[7], key[8], cx, cy, cz, double_steps, frac)
            if t < 0:
                return False
            memo[:] = key
            memo_n[0], memo_n[1], memo_n[2] = 1, u, t
        clear[k], samples[k] = memo_n[1], memo_n[2]
    return True


@njit(inline=True)
def _keep_ledger(n: int, cand_ids: np.ndarray, hit: np.ndarray, same: np.ndarray, clear: np.ndarray,
                 samples: np.ndarray, target: np.ndarray, scratch: np.ndarray, p: int, s: int, out_ids: np.ndarray,
                 index: np.ndarray, unblocked: np.ndarray, total: np.ndarray, distance: np.ndarray,
                 result: np.ndarray) -> int:
    """An explosion's n ledger rows from p on: the pushed entities' ids, and each row's numbers (its sample counts
    `clear` and `samples`, distance, R_* result `scratch`) as row index[p + k] of the ledger table (`unblocked`,
    `total`, `distance`, `result`, `Ledger`): a new table row, from s on, only where they differ bit for bit from
    the row before (a stack's rows repeat them: 499,500 ledger rows of a 1,000 stack written as 8 bytes and an
    index, not 80 bytes each), without comparing them where `same` says the row repeats the row before. Returns
    the table's rows after."""
    tb, rb = target.view(np.int64), scratch.view(np.int64)
    for k in range(n):
        out_ids[p + k] = cand_ids[hit[k]]
        if k == 0 or not same[k] and not (clear[k] == clear[k - 1] and samples[k] == samples[k - 1]
                                          and tb[k, T_DIST] == tb[k - 1, T_DIST] and _same_result(rb, k)):
            unblocked[s], total[s] = clear[k], samples[k]
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
                   seed: int, direction: int, double_steps: bool, steps: np.ndarray, h: np.ndarray,
                   table: np.ndarray, air_marks: np.ndarray, side: int, reach: int, work: np.ndarray, near: bool,
                   walk: tuple, boxes: tuple, exposure: tuple, hit: np.ndarray, target: np.ndarray,
                   bounds: np.ndarray, same: np.ndarray, clear: np.ndarray, samples: np.ndarray,
                   scratch: np.ndarray, log: np.ndarray, centres: np.ndarray, out_ids: np.ndarray, index: np.ndarray,
                   unblocked: np.ndarray, total: np.ndarray, distance: np.ndarray, result: np.ndarray) -> tuple:
    """`tick_rows` over rows[start:], exploding each TNT whose fuse runs out (`explode_row`; `sections` 1 per
    block-grid pool row holding a block; `near`, `walk`, `exposure` its arguments for explosions near blocks,
    `boxes` the `shape_boxes` arrays) and going on after it, until the loop ends, hands back, or an explosion is
    handed back. Explosion k: log[k] = (its place in `rows`, its first ledger row, its targets), centres[k] its
    centre; ledger rows in `out_ids` and `index`, their numbers in the table `unblocked`, `total`, `distance`,
    `result` (the R_* columns; `_keep_ledger`); `clear`, `samples`, `scratch` one explosion's counts and results.
    Returns (where it stopped, DONE/EXPLODE/HANDED, explosions, the Random's seed after, AGAIN or STOP)."""
    m = len(cand)
    k = p = s = 0
    n = start
    shapes = (shape, ncoords, coords, filled, empty, boxes[0], boxes[1])
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
        why, m, seed, pushed, s, cx, cy, cz = explode_row(
            f, keys, slots, pool, sections, rows[stop], cand, cand_ids, m, cover, seed, direction, double_steps,
            steps, h, table, air_marks, side, reach, work, near, walk, shapes, exposure, hit, target, bounds, same,
            clear, samples, scratch, out_ids, index, unblocked, total, distance, result, p, s)
        if why != TAKEN:
            return stop, status, k, seed, why
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
        cells = steps.shape[1] * max_steps            # no ray takes more positions than it walks steps
        table = blockrays._table(cells, max_steps)
        counter = np.array([table["stamp"]], dtype=np.int64)
        walk = (blockrays._cost_table(), blockrays.air_table(), table["cell"], table["bits"],
                np.array([math.nan, math.nan, math.nan, -1.0]), counter,
                np.empty((steps.shape[1], max_steps), dtype=np.int64), np.empty((cells, 3), dtype=np.int64),
                np.empty(cells, dtype=np.int64), np.empty(cells), np.empty(cells, dtype=np.bool_),
                np.zeros(cells, dtype=np.int64), np.empty(cells, dtype=np.int64))   # (pages only where written)
        exposure = (np.empty((3, EXPOSURE_FRACTIONS)), np.empty(9), np.empty(9), np.zeros(3, dtype=np.int64))
        stop, status, k, seed, why = tick_exploding(
            *blocks, self.scratch, TNT_ROWS.f, TNT_ROWS.i, rows, start, *loop, marks, saved_f, saved_i,
            _filled_sections(world), cand, cand_ids, cover, seed, entity_pass_direction(features),
            features.exposure_double_steps, steps, np.empty(steps.shape[1]), blockrays.air_steps(max_steps),
            np.zeros((2 * reach + 1) ** 3, dtype=np.uint8), 2 * reach + 1, reach, np.empty((6, steps.shape[1])),
            near_blocks(features) and blockrays._whole(max_steps, table["bits"]), walk, shape_boxes(), exposure,
            np.empty(c, dtype=np.int64), np.empty((c, 5)), np.empty(6), np.empty(c, dtype=np.bool_),
            np.empty(c, dtype=np.int64), np.empty(c, dtype=np.int64), np.empty((c, 6)), log, centres, *out)
        table["stamp"] = int(counter[0])
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
    not refusing explosions and shuffling the affected positions (the loop steps the shuffle's draws, not the
    sound's of `explosion_hash_set_blocks`)."""
    from engine.influences import explosion
    return sim.explosion_step is explosion.explode and "explosion" not in sim.features.refused \
        and not sim.features.explosion_hash_set_blocks


def near_blocks(features: Features) -> bool:
    """Whether `explode_row` may do explosions with blocks in reach: the release's exposure rays test collision
    shapes (`explosion_collision_shapes`, not 1.12.2's `rayTraceBlocks`) and it shuffles the affected positions (not
    1.12.2's HashSet order)."""
    return features.explosion_collision_shapes and not features.exposure_ray_trace_blocks \
        and not features.explosion_hash_set_blocks


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
