"""The explosion's entity loop as kernels (engine.influences.explosion_kernel) equals the plain algorithm bit for
bit: stacks of TNT (some with an item or a zombie among them: the scratch-table path) exploding in random worlds
of slabs, walls, fluids, stairs…, near 0 and at ±2·10⁷, compiled and with the JIT off (a child process), against
the entity-by-entity step that casts every ray (tests/engine/test_explosion.py `plain_explode`); every TNT's
position and Motion compared per tick. The block rays kept per centre (`blockrays.RayPaths`), the all-air walk and
the compiled draws of the world Random equal walking each ray and drawing one by one. Deliberate mutants (the
count-only exposure taken with a block near; a centre's kept costs not read again after a block changed) must be
caught."""

from __future__ import annotations

import hashlib
import json
import math
import random
import weakref
from collections.abc import Iterable

import numpy as np
import pytest

from engine import jit
from engine.entities.item import Item
from engine.entities.minecart_rails import RAILS
from engine.entities.tnt import Tnt
from engine.entities.tnt_minecart import RAIL_SHIELDING
from engine.geometry.box import Vec3
from engine.influences import blockrays, explosion
from engine.influences.blockrays import collect_blocks
from engine.influences.explosion_kernel import OVER_LIMIT, sample_count
from engine.java.javautil import shuffle_draws
from engine.java.jrandom import JavaRandom, float_draws, int_draws
from engine.living.mobs import Zombie
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS, TNT_BLOCKS, random_world
from tests.engine.test_explosion import cluttered_world, exact, plain_block_rays, plain_explode

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 6


def add_stack(sim: Simulation, rng: random.Random, at: Vec3, fuses: list[int], most: int, spread: float) -> None:
    """1 to `most` TNT at `at`, one fuse drawn from `fuses`; still, or (30 %) each with a motion within ±spread."""
    moving = rng.random() < 0.3
    fuse = rng.choice(fuses)
    for _ in range(rng.randint(1, most)):
        m = Vec3(*(rng.uniform(-spread, spread) for _ in range(3))) if moving else Vec3(0.0, 0.0, 0.0)
        tnt = sim.create(Tnt, at, m)
        tnt.fuse = fuse
        sim.add_entity(tnt)


def blast_world(seed: int) -> Simulation:
    """1 to 4 stacks of 1 to 30 TNT (fuse 1 to 6; some moving, some with an item or a zombie) over a random
    patch of TNT_BLOCKS (or none), at one of ORIGINS."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    states = [blocks.parse_block_state(s) for s in TNT_BLOCKS] + [blocks.parse_block_state("obsidian")] * 8
    sim = Simulation(random_world(rng, states, ox, oz, rng.choice([0, 15, 40, 120])))
    for _ in range(rng.randint(1, 4)):
        at = Vec3(ox + rng.choice([0.5, 0.0, rng.uniform(-3, 3)]), 60 + rng.uniform(-1, 6),
                  oz + rng.choice([0.5, -0.25, rng.uniform(-3, 3)]))
        add_stack(sim, rng, at, [1, 1, 2, 3, 6], 30, 0.3)
        if rng.random() < 0.25:
            sim.add_entity(sim.create(rng.choice([Item, Zombie]), Vec3(at.x + 0.3, at.y, at.z - 0.2)))
    return sim


def run(sim: Simulation, ticks: int, seen: list[int]) -> list[object]:
    """Per tick: every event and every entity's id, position, Motion and removal, exactly. Adds to `seen` the
    explosions and those with a blocked sample point."""
    out = []
    for _ in range(ticks):
        events = sim.tick().events
        for event in events:
            if event["kind"] == "explosion":
                seen[0] += 1
                seen[1] += any(row["samples"][0] < row["samples"][1] for row in event["affected"])
        out.append([[exact(e) for e in events], [exact([e.id, e.pos, e.motion, e.removed]) for e in sim.entities]])
    return out


def worlds_digest(seeds: range, compare: bool = True) -> tuple[str, int, int]:
    """The hash of the kernel runs of the blast worlds, each checked equal to the plain algorithm (unless not
    `compare`); with the explosions and those with a blocked sample point."""
    h = hashlib.sha256()
    seen = [0, 0]
    for seed in seeds:
        got = run(blast_world(seed), TICKS, seen)
        if compare:
            plain = blast_world(seed)
            plain.explosion_step = plain_explode
            assert got == run(plain, TICKS, [0, 0]), seed
        h.update(json.dumps(got).encode())
    return h.hexdigest(), seen[0], seen[1]


def test_blast_worlds_equal_the_plain_algorithm() -> None:
    """20 random blast worlds, 6 ticks: the kernels' events, positions and Motions equal the plain step's, and
    the worlds do explode, near blocks and in the open."""
    _, exploded, near = worlds_digest(range(20))
    assert exploded > 150 and near > 10, (exploded, near)


def test_count_only_exposure_with_a_block_near_is_caught(monkeypatch) -> None:
    """The mutant: the count-only exposure (every ray misses) taken even where a block lies near."""
    monkeypatch.setattr(explosion, "_region_is_empty", lambda world, center, bounds: True)
    with pytest.raises(AssertionError):
        worlds_digest(range(20))


def test_sample_count_is_the_number_of_sample_points() -> None:
    """`sample_count` (what the count-only exposure uses) equals the sample points `getExposure` walks, for boxes
    of TNT, players, items, odd and degenerate edges; and flags a box whose loops would not end in time."""
    from engine.geometry.box import Box
    for dx, dy, dz in ((0.98, 0.98, 0.98), (0.6, 1.8, 0.6), (0.25, 0.25, 0.25), (0.0, 0.0, 0.0), (1e-9, 3.0, 7.5),
                       (0.30000001, 0.7, 2.0), (-0.5, 1.0, 1.0), (float("nan"), 1.0, 1.0)):
        for double_steps in (False, True):
            points = explosion.sample_points(Box(0.0, 0.0, 0.0, dx, dy, dz), double_steps)
            assert sample_count(dx, dy, dz, double_steps) == len(points), (dx, dy, dz)
    assert sample_count(1e308, 1.0, 1.0, False) == OVER_LIMIT


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the explosion kernels run as plain Python, with the same results bit for bit
    (the blast worlds, the block rays kept per centre, and the air and block worlds' explosions in the row loop).
    The child runs the kernels only: the comparisons with the plain step and the traced path run here, once."""
    compiled, (digest, rays, air, near) = jit_off_run(   # one blast world and one air world: plain Python is slow
        "tests.engine.test_explosion_kernel",
        "worlds_digest(range(1), False), reused_centre_rays(), air_digest(range(1), False), "
        "block_digest(MUTANT_SEEDS[:1], 12, False)")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == list(worlds_digest(range(1))) and rays == reused_centre_rays()
    assert tuple(air) == air_digest(range(1)) and tuple(near) == block_digest(MUTANT_SEEDS[:1], 12)
    assert digest[1] > 0 and digest[2] > 0 and air[1] > 0   # explosions, a blocked sample point, loop explosions


def test_compiled_draws_equal_drawing_one_by_one() -> None:
    """`float_draws` and the shuffle's `int_draws` give nextFloat and nextInt(n..2) as drawn one by one, and leave
    the generator where they do, rejections included (n 3,000 from seed 1115 draws one: fixtures/explosion.json);
    drawing without keeping the values moves the generator as far."""
    for seed, n in ((1115, 3000), (12445, 100), (7, 2), (7, 1), (2**47 + 3, 1352), (31, 7), (31, 3), (31, 6)):
        one, many, bare = JavaRandom(seed), JavaRandom(seed), JavaRandom(seed)
        assert shuffle_draws(many, n) == [one.next_int(b) for b in range(n, 1, -1)]
        assert shuffle_draws(bare, n, keep=False) == [] and bare.get_state() == many.get_state() == one.get_state()
        out = np.empty(n)
        seed_after = float_draws(one.get_state()[0], out)
        assert out.tolist() == [many.next_float() for _ in range(n)] and seed_after == many.get_state()[0]


def reused_centre_rays() -> list[object]:
    """Block rays at centres met again (the kept cells of `RayPaths`) while the world changes in between: a block
    set and one removed in reach, another world, a shielding behaviour, the world restored; each equal to
    walking every ray, world Random included. Returns what the walks reached."""
    got = []
    for k, c in enumerate((Vec3(0.5, 65.0, 0.5), Vec3(-3.7, 66.5, 2.25), Vec3(30000.5, 65.0, -0.5))):
        rng = random.Random(k)
        clutter = [(rng.randint(-4, 4), rng.randint(-4, 4), rng.randint(-4, 4),
                    rng.choice(["stone", "obsidian", "water", "tnt", "rail", "glass"])) for _ in range(60)]
        world, other = cluttered_world(c, clutter), cluttered_world(c, clutter[:30])
        x, y, z = int(c.x // 1), int(c.y // 1), int(c.z // 1)
        steps = [(world, None), (world, ("set", x + 1, y, z, "obsidian")), (world, ("set", x, y - 1, z, "air")),
                 (other, None), (world, "rails"), (world, ("set", x + 1, y, z, "air")), (world, None)]
        fast, plain = JavaRandom(k), JavaRandom(k)
        for w, change in steps:
            if isinstance(change, tuple):
                w.set_block_state(change[1], change[2], change[3], blocks.default_state(change[4]))
            rails = change == "rails"
            affected = collect_blocks(w, fast, c, 4.0, RAIL_SHIELDING) if rails else collect_blocks(w, fast, c, 4.0)
            expected = plain_block_rays(w, plain, c, 4.0, RAILS if rails else frozenset())
            assert affected.ordered()[0].tolist() == expected and affected.count == len(expected), (k, change)
            assert fast.get_state() == plain.get_state()
            got.append(expected)
    return got


def test_a_centre_met_again_reads_the_blocks_as_they_are_now() -> None:
    """The kept cells of a centre give the walk's positions after the blocks, the world or the behaviour
    changed."""
    assert len(reused_centre_rays()) == 21


def test_costs_kept_across_a_block_change_are_caught(monkeypatch) -> None:
    """The mutant: a centre's kept costs taken as current after a block changed."""
    walk = blockrays.RayPaths.walk

    def stale(self, world, behavior, *args):
        if self.blocks:
            self.blocks = (weakref.ref(world), world.block_version, behavior.shielding, behavior.immune)
        return walk(self, world, behavior, *args)
    monkeypatch.setattr(blockrays.RayPaths, "walk", stale)
    with pytest.raises(AssertionError):
        reused_centre_rays()


@pytest.mark.parametrize("c", [Vec3(0.5, 65.0, 0.5), Vec3(-0.5, 2.25, 1e-9), Vec3(2.0**30 + 0.5, 65.0, 0.5),
                               Vec3(-2.0**30 - 0.5, 65.0, 0.5)], ids=["origin", "low", "far", "far_negative"])
def test_the_all_air_walk_equals_walking_each_ray(c, monkeypatch) -> None:
    """Where no block lies within the rays' reach they are walked without reading blocks (`walk_air_rays`, not
    beyond 2^30, where the cell walk takes over): the same positions as walking every ray, also with one block
    just inside or just outside that reach on each axis."""
    y = int(c.y // 1)
    seen, air_walks = [], []
    walk_air_rays = blockrays.walk_air_rays
    monkeypatch.setattr(blockrays, "walk_air_rays", lambda *args: air_walks.append(1) or walk_air_rays(*args))
    for d in (None, 2, -3, 7, 9, 10, 11, -10, -11):
        for axis in range(3):
            world = cluttered_world(c, [] if d is None else [((d, 0, 0), (0, d, 0), (0, 0, d))[axis] + ("stone",)])
            if d is not None and not 0 <= y + (d if axis == 1 else 0) <= 255:
                continue
            fast, plain = JavaRandom(d or 0), JavaRandom(d or 0)
            affected = collect_blocks(world, fast, c, 4.0)
            expected = plain_block_rays(world, plain, c, 4.0)
            assert affected.ordered()[0].tolist() == expected and fast.get_state() == plain.get_state(), (d, axis)
            seen.append(affected.ids is None)
    assert any(seen) and not all(seen)
    assert (len(air_walks) >= 3) is (abs(c.x) < blockrays.AIR_WALK_LIMIT), len(air_walks)


def _steps_walked(h: np.ndarray, most: int) -> np.ndarray:
    """How many steps vanilla's all-air ray walks with each float intensity of `h` (`while (h > 0.0F)`, `h -=
    0.22500001F` in float arithmetic), at most `most`."""
    s, count = h.astype(np.float32), np.zeros(len(h), dtype=np.int64)
    for _ in range(most):
        alive = s > np.float32(0.0)
        count += alive
        s = np.where(alive, s - np.float32(0.22500001), s)
    return count


def table_errors(table: np.ndarray) -> list[int]:
    """The entries c of an all-air step table (`blockrays.air_steps`) that are not the least float intensity
    walking c steps: the float at c walks fewer, or the float just below it walks c."""
    most = len(table) - 1
    entries = table[1:].astype(np.float32)
    below = np.nextafter(entries, np.float32(0.0))
    counts, under = _steps_walked(entries, most), _steps_walked(below, most)
    wanted = np.arange(1, most + 1)
    return (np.flatnonzero((counts < wanted) | (under >= wanted)) + 1).tolist()


def test_the_air_step_table_is_exact_for_every_float() -> None:
    """The step count of an all-air ray by table (`air_steps`, `air_step_count`) equals walking it: each entry
    is the least float walking that many steps (the walk is monotone in the intensity, so that covers every
    float), every float a power-4 explosion can draw (all of 2.75..5.25: 7.9 million) gives the walked count, and
    so do NaN, 0, negatives, the smallest subnormal and infinity; a table one float off is caught."""
    for power in (4.0, 3.0, 7.0, 0.5, 128.0):
        table = blockrays.air_steps(blockrays._max_steps(power))
        assert table_errors(table) == [], power
    table = blockrays.air_steps(blockrays._max_steps(4.0))
    most = len(table) - 1
    every = np.arange(np.array(2.75, np.float32).view(np.int32), np.array(5.25, np.float32).view(np.int32) + 1,
                      dtype=np.int32).view(np.float32)
    assert len(every) == 7_864_321
    walked = _steps_walked(every, most)
    assert (np.searchsorted(table[1:], every.astype(np.float64), side="right") == walked).all()
    assert walked.min() == 13 and walked.max() == 24
    count = jit.plain(blockrays.air_step_count)
    odd = np.concatenate((np.array([math.nan, 0.0, -0.0, -1.0, -math.inf, 1.4e-45, math.inf, 1e30], np.float32),
                          table[1:].astype(np.float32), np.nextafter(table[1:].astype(np.float32), np.float32(0.0))))
    assert [count(table, h) for h in odd.astype(np.float64).tolist()] == _steps_walked(odd, most).tolist()
    for c in (1, 13, most):
        off = table.copy()
        off[c] = float(np.nextafter(np.float32(off[c]), np.float32(math.inf)))
        assert table_errors(off) == [c]


def air_world(seed: int) -> Simulation:
    """2 to 5 stacks of 1 to 60 TNT in the air (fuse 1 to 3, some moving, some across an entity section's edge),
    sometimes an obsidian floor under one (its explosions reach blocks) or an item far off (no candidates)."""
    rng = random.Random(seed)
    sim = Simulation(World())
    if rng.random() < 0.3:
        for x in range(-3, 4):
            for z in range(-3, 4):
                sim.world.set_block_state(x, 62, z, blocks.parse_block_state("obsidian"))
    for _ in range(rng.randint(2, 5)):
        at = Vec3(rng.choice([0.5, 15.9, 16.1, rng.uniform(-40, 40)]), rng.choice([63.0, 80.0, 95.9, 96.05]),
                  rng.choice([0.5, -0.1, rng.uniform(-40, 40)]))
        add_stack(sim, rng, at, [1, 1, 2, 3], 60, 0.4)
    if rng.random() < 0.15:
        sim.add_entity(sim.create(Item, Vec3(300.5, 70.0, 0.5)))
    return sim


def air_digest(seeds: range, compare: bool = True) -> tuple[str, int, int]:
    """The air worlds run with the explosions in the row loop, each tick's events, entities and world Random equal
    to the plain step's (which never takes it; not run unless `compare`); with the explosions the loop did and all
    explosions."""
    from engine.influences import explosion_batch
    h = hashlib.sha256()
    batched, seen = [0], [0, 0]
    finish = explosion_batch.Blasts.finish

    def counted(self, log, centres, out):
        batched[0] += len(log)
        return finish(self, log, centres, out)
    explosion_batch.Blasts.finish = counted
    try:
        for seed in seeds:
            got = run_ticks(air_world(seed), 4, seen)
            if compare:
                plain = air_world(seed)
                plain.explosion_step = plain_explode
                assert got == run_ticks(plain, 4, [0, 0]), seed
            h.update(json.dumps(got).encode())
    finally:
        explosion_batch.Blasts.finish = finish
    return h.hexdigest(), batched[0], seen[0]


def run_ticks(sim: Simulation, ticks: int, seen: list[int]) -> list[object]:
    """`run`, with the world Random's state after each tick (an all-air explosion's draws show nowhere else)."""
    return [[run(sim, 1, seen), list(sim.random.get_state())] for _ in range(ticks)]


def test_explosions_in_the_row_loop_equal_the_plain_algorithm() -> None:
    """Stacks in the air, some near a floor, across section edges, moving, beside an item: the explosions the TNT
    row loop does itself (explosion_batch) give the events, entities and world Random of the plain step, and
    many explosions (not all: some reach the floor, some stacks lie in other sections) take that path."""
    _, batched, exploded = air_digest(range(12))
    assert exploded > 300 and 100 < batched < exploded, (batched, exploded)


def _mutant(fn, **names):
    """The plain form of kernel `fn` with some of the names it calls replaced."""
    import types
    made = jit.plain(fn)
    scope = dict(made.__globals__)
    scope.update(names)
    return types.FunctionType(made.__code__, scope, made.__name__, made.__defaults__, made.__closure__)


def test_a_shuffle_not_drawn_in_the_row_loop_is_caught(monkeypatch) -> None:
    """The mutant: the row loop's explosions skip the shuffle's draws from the world Random."""
    from engine.influences import explosion_batch
    explode = _mutant(explosion_batch.explode_row, int_draws=lambda seed, count, out: seed)
    monkeypatch.setattr(explosion_batch, "tick_exploding", _mutant(explosion_batch.tick_exploding,
                                                                   explode_row=explode))
    with pytest.raises(AssertionError):
        air_digest(range(3))


def test_an_exploded_tnt_pushed_again_is_caught(monkeypatch) -> None:
    """The mutant: a TNT the row loop exploded stays among the next explosions' candidates."""
    from engine.influences import explosion_batch
    plain_explode_row = jit.plain(explosion_batch.explode_row)

    def explode(f, keys, slots, pool, sections, r, cand, cand_ids, m, *rest):
        return plain_explode_row(f, keys, slots, pool, sections, r, cand.copy(), cand_ids.copy(), m, *rest)
    monkeypatch.setattr(explosion_batch, "tick_exploding", _mutant(explosion_batch.tick_exploding,
                                                                   explode_row=explode))
    with pytest.raises(AssertionError):
        air_digest(range(3))


def air_count_errors(count, cases: int) -> list[int]:
    """The cases in which `count` (`blockrays.air_cell_count` or a mutant of it) differs from the positions
    `walk_air_rays` takes, or leaves a cell marked: powers 0.5 to 20, centres near 0, at ±10⁶ and just inside
    ±2³⁰ (where the all-air walk stops), intensities as explosions draw them with NaN, ±0, negatives, the least
    subnormal, huge values and infinity mixed into every third case."""
    rng = np.random.default_rng(21)
    steps = blockrays._ray_steps()
    odd = np.array([math.nan, 0.0, -0.0, -1.0, 1.4e-45, 1e30, math.inf])
    work = np.empty((6, steps.shape[1]))
    wrong = []
    for case in range(cases):
        power = (0.5, 4.0, 4.0, 4.0, 7.0, 20.0)[case % 6]
        most = blockrays._max_steps(power)
        reach = blockrays._reach(most)
        side = 2 * reach + 1
        table = blockrays.air_steps(most)
        scale = (3.0, 40.0, 1e6, 2.0**30 - 2 * reach)[case % 4]
        centre = rng.uniform(-scale, scale, 3) if case % 4 < 3 else rng.choice([-1.0, 1.0], 3) * scale + rng.random(3)
        h = (np.float32(power) * (np.float32(0.7) + rng.random(steps.shape[1]).astype(np.float32) * np.float32(0.6)))
        h = h.astype(np.float64)
        if case % 3 == 0:
            h[rng.integers(0, len(h), 12)] = rng.choice(odd, 12)
        cx, cy, cz = centre.tolist()
        marks = np.zeros(side ** 3, dtype=np.uint8)
        expected = blockrays.walk_air_rays(steps, cx, cy, cz, h, table, np.zeros(side ** 3, dtype=np.int64), side,
                                           1, np.empty((steps.shape[1] * most, 3), dtype=np.int64))
        if count(steps, cx, cy, cz, h, table, marks, side, work) != expected or marks.any():
            wrong.append(case)
    return wrong


def test_the_air_cell_count_equals_the_walk() -> None:
    """The row loop's all-air explosions count their positions alone (`air_cell_count`: the rays sorted by step
    count and walked step by step across all rays still walking): the number `walk_air_rays` takes, which equals
    walking every ray (above)."""
    assert air_count_errors(blockrays.air_cell_count, 240) == []


def test_an_air_count_by_truncation_is_caught() -> None:
    """The mutant: the cells of the all-air count by truncation instead of floor (right only where coordinates
    are positive)."""
    import types
    truncating = types.SimpleNamespace(**{**vars(np), "floor": np.trunc})
    assert air_count_errors(_mutant(blockrays.air_cell_count, np=truncating), 8) != []


def _draw_seed(u: int) -> int:
    """The 48-bit seed whose next step's top 31 bits (`next(31)`) are u."""
    multiplier, addend, mask = 0x5DEECE66D, 0xB, (1 << 48) - 1
    return (((u << 17) - addend) * pow(multiplier, -1, 1 << 48)) & mask


def test_shuffle_draws_near_the_top_of_the_range_reject_as_vanilla() -> None:
    """`int_draws` without keeping the values skips the remainder where no rejection is possible (u + bound − 1 <
    2^31): first draws just below, at and above the rejection limit of bounds 1,000 and 2,900 (2^31 mod bound
    short of bound − 1, so accepted draws lie above 2^31 − bound), and at the very top, leave the generator where
    drawing one by one does, compiled and plain. The same for the second to fifth draw (each of the four chains
    `_unkept_draws` steps side by side, and the first of the next four)."""
    plain = jit.plain(int_draws)
    for bound in (1000, 2900):
        for ahead in range(5):
            at = bound - ahead                        # the bound of the draw placed near the limit
            limit = 2**31 - 2**31 % at
            for u in (2**31 - at - 1, 2**31 - at, 2**31 - at + 1, limit - 1, limit, 2**31 - 1):
                seed = _draw_seed(u)
                for _ in range(ahead):
                    seed = _step_back(seed)
                one = JavaRandom(0)
                one.set_state((seed, 0.0, False))
                for b in range(bound, 1, -1):
                    one.next_int(b)
                for draws in (int_draws, plain):
                    assert draws(seed, bound, np.empty(0)) == one.get_state()[0], (bound, ahead, u)


def _step_back(seed: int) -> int:
    """The seed one step before `seed`."""
    return ((seed - 0xB) * pow(0x5DEECE66D, -1, 1 << 48)) & ((1 << 48) - 1)


def signed_zero_runs() -> None:
    """A TNT exploding at x = 0.0 under a stack whose rows alternate x = 0.0 and −0.0 (Motion x −0.0): rows equal
    as numbers but not bit for bit, whose impulses differ in the sign of a zero (−0.0 + −0.0 is −0.0, −0.0 + 0.0
    is 0.0). In the row loop, and on the per-explosion path (an item far off), equal to the plain step."""
    for far_item in (False, True):
        sims = []
        for _ in range(2):
            sim = Simulation(World())
            first = sim.create(Tnt, Vec3(0.0, 60.0, 0.5))
            first.fuse = 1
            sim.add_entity(first)
            for k in range(6):
                tnt = sim.create(Tnt, Vec3(-0.0 if k % 2 else 0.0, 61.0, 0.5), Vec3(-0.0, 0.0, 0.0))
                tnt.fuse = 5
                sim.add_entity(tnt)
            if far_item:
                sim.add_entity(sim.create(Item, Vec3(300.5, 70.0, 0.5)))
            sims.append(sim)
        sims[1].explosion_step = plain_explode
        got, plain = (run(sim, 2, [0, 0]) for sim in sims)
        assert got == plain, far_item


def test_equal_rows_repeat_a_result_only_when_equal_bit_for_bit() -> None:
    """A stack's rows equal bit for bit repeat the target and result of the row before (`explosion_targets`,
    `explosion_impulses`); rows differing only in the sign of a zero do not."""
    signed_zero_runs()


def _equal_as_numbers(bits: np.ndarray, r: int, s: int, *columns: int) -> bool:
    """The mutants' comparison: the floats of rows r and s (`bits` their bits) equal by `==`."""
    f = bits.view(np.float64)
    return all(f[r, c] == f[s, c] for c in range(f.shape[1]))


@pytest.mark.parametrize("which", ["targets", "impulses"])
def test_rows_equal_only_as_numbers_taken_as_equal_are_caught(which, monkeypatch) -> None:
    """The mutants: a row (`explosion_targets`) or a target (`explosion_impulses`) taken as equal to the one
    before when its numbers are equal but a zero's sign differs."""
    from engine.influences import explosion_batch, explosion_kernel
    if which == "targets":
        targets = _mutant(explosion_kernel.explosion_targets, _same_row=_equal_as_numbers)
        impulses = jit.plain(explosion_kernel.explosion_impulses)
    else:
        targets = jit.plain(explosion_kernel.explosion_targets)
        impulses = _mutant(explosion_kernel.explosion_impulses,
                           _same_target=lambda bits, k: _equal_as_numbers(bits, k, k - 1))
    monkeypatch.setattr(explosion, "explosion_targets", targets)
    monkeypatch.setattr(explosion, "explosion_impulses", impulses)
    explode = _mutant(explosion_batch.explode_row, explosion_targets=targets, explosion_impulses=impulses)
    monkeypatch.setattr(explosion_batch, "tick_exploding", _mutant(explosion_batch.tick_exploding,
                                                                   explode_row=explode))
    with pytest.raises(AssertionError):
        signed_zero_runs()


# blocks near the blasts: resisting all (obsidian, enchanting tables, anvils, end portal frames), fluids (water:
# resists, no collision shape), shapes the exposure rays meet partly (slabs, walls, hoppers), and blocks the rays
# remove (glass, slabs: those explosions are handed back to the per-explosion path)
NEAR_BLOCKS = ("obsidian",) * 6 + ("water", "water[level=3]", "enchanting_table", "anvil", "end_portal_frame",
                                   "stone_slab[type=bottom]", "oak_slab[type=top]", "glass",
                                   "cobblestone_wall[east=low,north=tall]", "hopper")


MUTANT_SEEDS = (4, 11)   # block worlds with stacks of up to 12 whose row loop has blocked exposure rays


def block_world(seed: int, most: int) -> Simulation:
    """1 to 3 stacks of 1 to `most` TNT (fuse 1 to 3; some moving) among a random patch of NEAR_BLOCKS, at one of
    ORIGINS (near 0 and at ±2·10⁷)."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    states = [blocks.parse_block_state(s) for s in NEAR_BLOCKS]
    sim = Simulation(random_world(rng, states, ox, oz, rng.choice([20, 60, 150])))
    for _ in range(rng.randint(1, 3)):
        at = Vec3(ox + rng.choice([0.5, rng.uniform(-3, 3)]), 60 + rng.choice([0.0, 1.0, rng.uniform(-1, 6)]),
                  oz + rng.choice([0.5, rng.uniform(-3, 3)]))
        add_stack(sim, rng, at, [1, 1, 2, 3], most, 0.3)
    return sim


def block_digest(seeds: Iterable[int], most: int, compare: bool = True) -> tuple[str, int, int, int]:
    """The block worlds run compiled, each tick's events, entities and world Random equal to the plain step's
    and to the traced object path's (not run unless `compare`); with the explosions the row loop did with a block
    in the rays' reach, those of them with a blocked exposure ray, and all explosions. The block loot is off (as
    outside 1.16–1.16.5): its items among the TNT would hand every later explosion to the object path."""
    from engine.influences import block_drops, explosion_batch, explosion_loot
    h = hashlib.sha256()
    near, blocked, seen = [0], [0], [0, 0]
    finish = explosion_batch.Blasts.finish
    reach = blockrays._reach(blockrays._max_steps(4.0))

    def counted(self, log, centres, out):
        world = self.sim.world
        for (_, p, n), c in zip(log, centres, strict=True):
            x, y, z = (math.floor(v) for v in c)
            if not world.region_is_empty(x - reach, y - reach, z - reach, x + reach, y + reach, z + reach):
                near[0] += 1
                at = out[1][p:p + n]
                blocked[0] += bool((out[2][at] < out[3][at]).any())
        return finish(self, log, centres, out)
    explosion_batch.Blasts.finish = counted
    modelled = block_drops.loot_modelled, explosion_loot.loot_modelled
    block_drops.loot_modelled = explosion_loot.loot_modelled = lambda version: False
    try:
        for seed in seeds:
            got = run_ticks(block_world(seed, most), 4, seen)
            if compare:
                plain, traced = block_world(seed, most), block_world(seed, most)
                plain.explosion_step = plain_explode
                traced.trace_enabled = True
                assert got == run_ticks(plain, 4, [0, 0]) == run_ticks(traced, 4, [0, 0]), seed
            h.update(json.dumps(got).encode())
    finally:
        explosion_batch.Blasts.finish = finish
        block_drops.loot_modelled, explosion_loot.loot_modelled = modelled
    return h.hexdigest(), near[0], blocked[0], seen[0]


def test_explosions_near_blocks_in_the_row_loop_equal_the_plain_algorithm() -> None:
    """Stacks among obsidian, water, slabs, glass, walls…: the explosions the TNT row loop does with blocks in
    reach (rays along kept cells, exposure rays cast against collision shapes) give the events, entities and
    world Random of the plain step and of the traced object path; many take that path, some with blocked
    exposure rays, and not all (glass and slabs the rays remove hand theirs back)."""
    _, near, blocked, exploded = block_digest(range(10), 40)
    assert near > 100 and blocked > 10 and near < exploded, (near, blocked, exploded)


def _mutated_row_loop(monkeypatch, **names) -> None:
    """The row loop with `explode_row` (its kernels run plain) calling `names` instead."""
    from engine.influences import explosion_batch
    explode = _mutant(explosion_batch.explode_row, **names)
    monkeypatch.setattr(explosion_batch, "tick_exploding", _mutant(explosion_batch.tick_exploding,
                                                                   explode_row=explode))


def test_a_resistance_read_one_cell_up_is_caught(monkeypatch) -> None:
    """The mutant: the kept cells' costs read from the cell above each (`path_costs`' block lookup off by one)."""
    state_at = jit.plain(blockrays.state_at)
    costs = _mutant(blockrays.path_costs, state_at=lambda keys, slots, pool, x, y, z: state_at(keys, slots, pool, x,
                                                                                              y + 1, z))
    _mutated_row_loop(monkeypatch, kept_paths_count=_mutant(blockrays.kept_paths_count, path_costs=costs))
    with pytest.raises(AssertionError):
        block_digest(MUTANT_SEEDS, 12)


def test_exposure_rays_that_never_meet_a_shape_are_caught(monkeypatch) -> None:
    """The mutant: every exposure ray cast in the row loop misses (the blocks' shapes not met)."""
    from engine.influences import explosion_batch, explosion_kernel
    from engine.motion.raycast_kernel import MISS
    samples = _mutant(explosion_kernel.exposure_samples, collider_ray=lambda *args: MISS)
    _mutated_row_loop(monkeypatch, _exposures=_mutant(explosion_batch._exposures, exposure_samples=samples))
    with pytest.raises(AssertionError):
        block_digest(MUTANT_SEEDS, 12)
