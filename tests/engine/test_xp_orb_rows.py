"""XP orbs as rows (engine.entities.xp_orb_kernel): the compiled loop, the object path and the traced run agree bit
for bit on random worlds of orbs and on the bundled orb scenes, in 1.16.5 and the later releases the loop runs (1.17
merging among them); deliberate mutants of the loop are caught; the kernels run as plain Python
(`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import math
import pickle
import random
from functools import partial

import pytest

from engine import jit
from engine.entities import xp_orb_kernel
from engine.entities.thrown import ExperienceBottle
from engine.entities.xp_orb import ExperienceOrb
from engine.geometry.box import Vec3
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.rows_cases import assert_resting_rows_compiled
from tests.engine.test_compiled_equality import ORIGINS, ROOT, SPECIAL, three_ways_digest
from tests.engine.test_player_rows import _mutant

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 30
# the floor under the orbs, and the patch on it: slippery, slow and bouncy blocks, steps, and blocks the loop hands
# back for (lava, cobwebs, a hopper's shape, fences whose supporting block 1.20 reads)
FLOORS = ("stone", "stone", "stone", "ice", "blue_ice", "soul_sand", "oak_slab[type=top]", "slime_block")
PATCH = ("stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "stone_brick_stairs[facing=east]",
         "cobblestone_wall[east=low,north=tall]", "oak_fence[east=true,west=true]", "ice", "packed_ice",
         "soul_sand", "honey_block", "slime_block", "snow[layers=3]", "water", "water[level=3]", "lava", "cobweb",
         "hopper", "oak_slab[type=bottom,waterlogged=true]", "kelp")
RELEASES = ("1.16.5", "1.17", "1.20", "1.20.5", "1.21.2", "1.21.4", "1.21.8", "1.21.11")
BUNDLED = ("fluid_submerged_eye.toml", "fluid_submerged_eye_cell_1_15_2.toml", "item_xp_orb_1_12_2.toml",
           "xp_orb_drop.toml")
MERGE_IDS = 40          # ExperienceOrbEntity.isMergeable: ids that differ by a multiple of 40 may merge (1.17)


def orb_world(seed: int, version: str = "1.16.5") -> Simulation:
    """5 to 40 orbs over a floor at y 59 (one block kind) with a random patch at y 60-61 and a water pool 3 deep, at
    one of ORIGINS (near 0, straddling it, and ±2·10⁷): some resting on the floor, some falling or thrown (a few
    with special motions: ±0, tiny, NaN, ±inf), some in the pool, one now and then without gravity, near its despawn
    age or in its first tick; and a cluster of orbs of one value whose ids differ by 40, which 1.17 merges."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    floor = blocks.parse_block_state(rng.choice(FLOORS))
    for x in range(ox - 8, ox + 9):
        for z in range(oz - 8, oz + 9):
            w.set_block_state(x, 59, z, floor)
    patch = [blocks.parse_block_state(s) for s in PATCH]
    for _ in range(rng.choice([5, 20, 50])):
        w.set_block_state(ox + rng.randint(-6, 6), 60 + rng.randint(0, 1), oz + rng.randint(-6, 6), rng.choice(patch))
    water = blocks.parse_block_state("water")
    px, pz = ox + rng.randint(-6, 3), oz + rng.randint(-6, 3)
    for x in range(px, px + 3):
        for z in range(pz, pz + 3):
            for y in (60, 61, 62):
                w.set_block_state(x, y, z, water)
    sim = Simulation(w, version=version)

    def add(pos: tuple, m: tuple, entity_id: int | None = None) -> ExperienceOrb:
        orb = sim.create(ExperienceOrb, Vec3(*pos), Vec3(*m), entity_id)
        orb.value = rng.choice([1, 3, 7])
        orb.orb_age = rng.choice([0, 0, 0, 5, 5990, rng.randint(0, 3)])
        orb.pickup_delay = rng.choice([0, 0, 10])
        orb.first_update = rng.random() < 0.1
        sim.add_entity(orb)
        return orb

    for _ in range(rng.randint(5, 40)):
        kind = rng.random()
        if kind < 0.4:      # resting on the floor (or on what the patch put there)
            pos = (ox + rng.uniform(-7, 7), 60.0, oz + rng.uniform(-7, 7))
            m = (0.0, 0.0, 0.0)
        elif kind < 0.6:    # in the pool
            pos = (px + rng.uniform(0.3, 2.7), 60.0 + rng.uniform(0, 2.2), pz + rng.uniform(0.3, 2.7))
            m = tuple(rng.uniform(-0.05, 0.05) for _ in range(3))
        else:               # falling or thrown
            pos = (ox + rng.uniform(-7, 7), 60.0 + rng.uniform(0, 6), oz + rng.uniform(-7, 7))
            m = tuple(rng.choice(SPECIAL) if rng.random() < 0.05 else rng.uniform(-0.4, 0.4) for _ in range(3))
        orb = add(pos, m)
        orb.on_ground = kind < 0.4
        orb.no_gravity = rng.random() < 0.05
    cx, cz = ox + rng.uniform(-5, 5), oz + rng.uniform(-5, 5)
    first = 1000 + rng.randint(0, 39)
    for k in range(3):
        orb = add((cx + 0.3 * k, 60.0 + rng.uniform(0, 1), cz), (0.0, 0.0, 0.0), first + MERGE_IDS * k)
        orb.value = 3
    return sim


def worlds_digest(seeds: range, ticks: int = TICKS, version: str = "1.16.5",
                  compare: bool = True) -> tuple[str, int, int]:
    """`three_ways_digest` of the random orb worlds in `version` (the compiled runs only unless `compare`)."""
    return three_ways_digest(partial(orb_world, version=version), seeds, ticks, compare)


def test_random_orb_worlds_compiled_object_and_traced_agree() -> None:
    """6 random orb worlds, 30 ticks, 1.16.5: compiled, object path and traced runs agree bit for bit, and most
    orb ticks were compiled."""
    _, done, handed = worlds_digest(range(6))
    assert done > 3 * handed, (done, handed)


@pytest.mark.parametrize("version", RELEASES[1:])
def test_random_orb_worlds_agree_in_later_releases(version: str) -> None:
    """1.17 (merging every 20 ticks: the loop stops at a merging orb; no pickup delay; Vec3d in double), 1.20 (the
    supporting block's slipperiness), 1.20.5 (the submerged test at the eye), 1.21.2 (small moves, tick-time block
    collision), 1.21.4 (the bounce from the Y before the move), 1.21.8 (1.21.6's tick: no gravity in a block, Y's
    drag as X's, the bounce below -0.03; 1.21.7's block walk), 1.21.11: the same three ways, mostly compiled."""
    _, done, handed = worlds_digest(range(4), 25, version)
    assert done > 2 * handed, (version, done, handed)


def test_orbs_merge_in_a_compiled_run() -> None:
    """1.17: the cluster's orbs merge at the first merge tick (age % 20 == 1) in the compiled run as in the object
    path (the equality above), so the worlds lose orbs."""
    sim = orb_world(3, "1.17")
    before = len(sim.reported_entities())
    for _ in range(3):
        sim.tick()
    assert sim.kernel_ticks > 0 and len(sim.reported_entities()) < before


def test_releases_before_1_16_2_take_the_object_path() -> None:
    """1.16.1 keeps isInLava as a flag: no orb tick is compiled, and the runs still agree."""
    _, done, handed = worlds_digest(range(2), 10, "1.16.1")
    assert done == 0 and handed == 0


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_orb_scenes_compiled_object_and_traced_agree(name: str) -> None:
    """Every bundled scene with an XP orb, 60 ticks, three ways."""
    three_ways_digest(lambda _: load_scene(ROOT / "scenes" / name), range(1), 60)


def test_resting_orbs_are_compiled_and_stay_put() -> None:
    """Orbs resting on stone: every tick after their first is compiled; they stay where they lie, on the ground."""
    assert_resting_rows_compiled(ExperienceOrb, "orb_age")


def test_orb_rows_read_back_and_survive_clones_and_pickles() -> None:
    sim = Simulation()
    orb = sim.create(ExperienceOrb, Vec3(0.5, 70.0, -0.5), Vec3(0.1, math.nan, -0.0))
    sim.add_entity(orb)
    orb.orb_age, orb.value, orb.picking_count, orb.health, orb.submerged_in_water = 5999, 2477, 3, 2, True
    twin = orb.clone()
    copy = pickle.loads(pickle.dumps(orb))
    orb.orb_age = 7
    assert (twin.orb_age, twin.value, twin.picking_count, twin.health, twin.submerged_in_water, twin.first_update) \
        == (5999, 2477, 3, 2, True, True)
    assert (copy.id, copy.orb_age, copy.value) == (orb.id, 5999, 2477) and math.isnan(copy.motion.y)


@pytest.mark.parametrize(("name", "old", "new", "version"), [
    ("water_movement", "f[r, F_MOTION] * XP_ORB_WATER_DRAG", "f[r, F_MOTION] * 0.99", "1.16.5"),   # drag in double
    # the item's bounce (only while falling) given to orbs
    ("_tick_row", "if i[r, I_FLAGS] & ON_GROUND:", "if i[r, I_FLAGS] & ON_GROUND and f[r, F_MOTION + 1] < 0.0:",
     "1.16.5"),
    ("_tick_row", "tick == TICK_1_21_8):", "False):", "1.21.8"),          # 1.21.6's Y drag as 1.21.4's
    ("_tick_row", "or prev_y < XP_ORB_GRAVITY:", "or True:", "1.21.8"),   # 1.21.6's bounce at any Y
])
def test_orb_loop_mutants_are_caught(monkeypatch, name: str, old: str, new: str, version: str) -> None:
    """The comparison above fails for a loop with a deliberate mistake: the object path runs the kernels' plain forms
    (engine.jit.plain) made from the unchanged source."""
    for kernel in ("tick_rows", "_tick_row"):
        k = getattr(xp_orb_kernel, kernel)
        monkeypatch.setattr(xp_orb_kernel, kernel, getattr(k, "py_func", k))
    monkeypatch.setattr(xp_orb_kernel, name, _mutant(xp_orb_kernel, name, old, new))
    with pytest.raises(AssertionError):
        worlds_digest(range(12), TICKS, version)


def test_jit_off_equals_jit_on() -> None:
    """With the JIT off the orb loop gives the same states, bit for bit, in 1.16.5, 1.17 and 1.21.8, and merges
    the merge worlds' orbs inside the loop as compiled."""
    expression = "[worlds_digest(range(4), 15, compare=False), worlds_digest(range(2), 25, '1.17', False), " \
                 "worlds_digest(range(2), 25, '1.21.8', False), merged_three_ways('1.17', range(2), 30)]"
    compiled, digests = jit_off_run("tests.engine.test_xp_orb_rows", expression)
    assert compiled is False
    assert digests == [list(worlds_digest(range(4), 15)), list(worlds_digest(range(2), 25, "1.17")),
                       list(worlds_digest(range(2), 25, "1.21.8")), list(merged_three_ways("1.17", range(2), 30))]


MERGE_RELEASES = ("1.17", "1.20.1", "1.21.8")


def merge_world(seed: int, version: str = "1.17") -> Simulation:
    """Clusters of resting and falling orbs on stone, loaded in a shuffled order, for `expensiveUpdate`'s merge
    (1.17): one straddling a section corner (x and z 16) so that the world's order is not the load order, each
    holding orbs of two values side by side, ids 40 apart (mergeable) and 1 or 41 apart (not), assorted ages, counts
    and merge ticks (their age mod 20); where the seed is odd, an experience bottle falling onto the floor beside
    a cluster spawns orbs mid-run (while it flies, the world holds another kind: the loop hands merges back). First
    a chain of three orbs 0.9 apart loaded middle first, the outer two merging in the same tick: the first merges
    the middle one, which the second must then pass over (removed earlier in the tick)."""
    rng = random.Random(seed)
    w = World()
    stone = blocks.parse_block_state("stone")
    for x in range(-4, 36):
        for z in range(-4, 36):
            w.set_block_state(x, 0, z, stone)
    sim = Simulation(w, version=version)
    for x, entity_id, age in ((11.4, 540, 5), (10.5, 500, 0), (12.3, 580, 0)):
        orb = sim.create(ExperienceOrb, Vec3(x, 1.0, 10.5), Vec3(0.0, 0.0, 0.0), entity_id)
        orb.value, orb.age, orb.first_update = 3, age, False
        sim.add_entity(orb)
    orbs = []
    for k, (cx, cz) in enumerate(((16.0, 16.0), (4.5, 27.5), (28.0, 5.0))):
        first = 100 * (k + 1) + rng.randint(0, 39)
        for j in range(rng.randint(6, 10)):
            entity_id = first + rng.choice((MERGE_IDS * j, MERGE_IDS * j + 1, MERGE_IDS * j + 41))
            pos = (cx + rng.uniform(-0.6, 0.6), 1.0 + rng.choice((0.0, 0.0, rng.uniform(0.0, 1.5))),
                   cz + rng.uniform(-0.6, 0.6))
            orbs.append((pos, entity_id))
    rng.shuffle(orbs)
    for pos, entity_id in orbs:
        if entity_id in sim.world.entities:
            continue
        orb = sim.create(ExperienceOrb, Vec3(*pos), Vec3(0.0, 0.0, 0.0), entity_id)
        orb.value = rng.choice((3, 7))
        orb.orb_age, orb.age = rng.randint(0, 300), rng.randint(0, 19)
        orb.picking_count = rng.randint(1, 4)
        orb.first_update = False
        sim.add_entity(orb)
    if seed % 2:
        sim.add_entity(sim.create(ExperienceBottle, Vec3(7.5, 3.0, 27.5), Vec3(0.0, 0.1, 0.0)))
    return sim


def merged_three_ways(version: str, seeds: range = range(4), ticks: int = 45) -> tuple[int, int]:
    """`three_ways_digest` of the merge worlds, and the same three ways for what its lines hide (their "age" is
    `Entity.age`): each tick's orbs, their ids, ages (`orbAge`), counts and values. The ticks the loop did and
    those it handed back."""
    _, done, handed = three_ways_digest(partial(merge_world, version=version), seeds, ticks)
    for seed in seeds:
        runs = []
        for mode in ("compiled", "object", "traced"):
            sim = merge_world(seed, version)
            sim.vectorize, sim.trace_enabled = mode != "object", mode == "traced"
            runs.append([[(e.id, e.orb_age, e.picking_count, e.value) for e in sim.reported_entities()
                          if isinstance(e, ExperienceOrb)] for _ in range(ticks) if sim.tick()])
        assert runs[0] == runs[1] == runs[2], (version, seed)
    return done, handed


@pytest.fixture(scope="module")
def merge_runs() -> dict[str, tuple[int, int]]:
    """`merged_three_ways` of 4 merge worlds, 45 ticks, in each of MERGE_RELEASES."""
    return {version: merged_three_ways(version) for version in MERGE_RELEASES}


@pytest.mark.parametrize("version", MERGE_RELEASES)
def test_orbs_merge_inside_the_loop(merge_runs, version: str) -> None:
    """1.17, 1.20.1 and 1.21.8: the merge worlds run the same three ways (compiled, object path, traced) bit for
    bit, every orb's id, count, age and box (the fixture); and in a world of orbs alone the loop merges them
    itself: the merges lose orbs, and the only object-path ticks are the unloading of the orbs merged away (the
    loop stopped at every merge tick before)."""
    done, handed = merge_runs[version]
    assert done > 20 * handed, (done, handed)
    sim = merge_world(2, version)
    before = len(sim.reported_entities())
    for _ in range(45):
        sim.tick()
    lost = before - len(sim.reported_entities())
    assert lost > 3 and sim.object_ticks == lost, (lost, sim.object_ticks)


def test_orbs_spawned_mid_run_merge() -> None:
    """The bottle's orbs (odd seeds) reach the world and later merge or stay as the object path decides."""
    sim = merge_world(1)
    loaded = {e.id for e in sim.reported_entities()}
    spawned = set()
    for _ in range(45):
        spawned |= {e.id for e in sim.reported_entities()} - loaded
        sim.tick()
    assert len(spawned) > 1, spawned


@pytest.mark.parametrize(("name", "old", "new"), [
    ("merge", "min(i[r, I_ORB_AGE], i[o, I_ORB_AGE])", "max(i[r, I_ORB_AGE], i[o, I_ORB_AGE])"),  # the larger age
    ("expensive_update", "% XP_ORB_MERGE_IDS", "% 1"),                                        # any id merges
    ("expensive_update", "i[o, I_FLAGS] & REMOVED or", "False or"),   # an orb removed earlier this tick again
])
def test_merge_mutants_are_caught(monkeypatch, name: str, old: str, new: str) -> None:
    """The merge comparison fails for a loop whose merge has a deliberate mistake (the object path keeps the
    unchanged `merge`: engine.jit.plain made it at import)."""
    for kernel in ("tick_rows", "_tick_row", "expensive_update"):
        k = getattr(xp_orb_kernel, kernel)
        monkeypatch.setattr(xp_orb_kernel, kernel, getattr(k, "py_func", k))
    monkeypatch.setattr(xp_orb_kernel, name, _mutant(xp_orb_kernel, name, old, new))
    with pytest.raises(AssertionError):
        merged_three_ways("1.17")
