"""Items as rows (engine.entities.item_kernel): the compiled loop, the object path and the traced run agree bit for
bit on random worlds of items and on the bundled item scenes, in 1.16.5 and the later releases the loop runs;
deliberate mutants of the loop are caught; the kernels run as plain Python (`NUMBA_DISABLE_JIT=1`) with the same
results."""

from __future__ import annotations

import math
import pickle
import random
from functools import partial

import pytest

from engine import jit
from engine.entities import item_kernel
from engine.entities.item import Item
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
# the floor under the items, and the patch on it: slippery and slow blocks, steps, and blocks the loop hands back
# for (lava, cobwebs, a hopper's shape, fences whose supporting block 1.20 reads)
FLOORS = ("stone", "stone", "ice", "blue_ice", "soul_sand", "oak_slab[type=top]", "slime_block")
PATCH = ("stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "stone_brick_stairs[facing=east]",
         "cobblestone_wall[east=low,north=tall]", "oak_fence[east=true,west=true]", "ice", "packed_ice",
         "soul_sand", "honey_block", "snow[layers=3]", "water", "water", "water[level=3]", "lava", "cobweb", "hopper",
         "oak_slab[type=bottom,waterlogged=true]", "kelp")
MERGING = ("minecraft:stone", "minecraft:stone", "minecraft:dirt", "minecraft:snowball", "minecraft:iron_sword")
RELEASES = ("1.16.5", "1.17", "1.20", "1.20.5", "1.21.2", "1.21.8", "1.21.11")
BUNDLED = ("cobweb_swept_1_21_2.toml", "fluid_in_lava_flag_1_16_1.toml", "fluid_item_float_1_16_1.toml",
           "item_float_height.toml", "item_on_ice.toml", "item_water_stream.toml", "slime_bounce.toml",
           "soul_sand.toml", "supporting_block_ice_edge.toml", "supporting_block_slime_edge.toml")


def item_world(seed: int, version: str = "1.16.5") -> Simulation:
    """5 to 40 items over a floor at y 59 (one block kind) with a random patch at y 60-61 and a water pool, at one
    of ORIGINS (near 0, straddling it, and ±2·10⁷): some resting on the floor, some falling or thrown (a few with
    special motions: ±0, tiny, NaN, ±inf), some in the pool, one now and then without gravity, ageless, near its
    despawn age or in its first tick; stacks of a few kinds and counts, which merge where they meet."""
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
            for y in (60, 61):
                w.set_block_state(x, y, z, water)
    sim = Simulation(w, version=version)
    for _ in range(rng.randint(5, 40)):
        kind = rng.random()
        if kind < 0.4:      # resting on the floor (or on what the patch put there)
            pos = (ox + rng.uniform(-7, 7), 60.0, oz + rng.uniform(-7, 7))
            m = (0.0, 0.0, 0.0)
        elif kind < 0.6:    # in the pool
            pos = (px + rng.uniform(0.2, 2.8), 60.0 + rng.uniform(0, 1.5), pz + rng.uniform(0.2, 2.8))
            m = tuple(rng.uniform(-0.05, 0.05) for _ in range(3))
        else:               # falling or thrown
            pos = (ox + rng.uniform(-7, 7), 60.0 + rng.uniform(0, 6), oz + rng.uniform(-7, 7))
            m = tuple(rng.choice(SPECIAL) if rng.random() < 0.05 else rng.uniform(-0.4, 0.4) for _ in range(3))
        it = sim.create(Item, Vec3(*pos), Vec3(*m))
        it.on_ground = kind < 0.4
        it.first_update = rng.random() < 0.1
        it.no_gravity = rng.random() < 0.05
        it.pickup_delay = rng.choice([0, 0, 10, 32767])
        it.item_age = rng.choice([0, 0, 0, 5, 5990, -32768, rng.randint(0, 3)])
        it.item = rng.choice(MERGING)      # stacks that merge (tryMerge), full ones and others
        it.stack_count = rng.randint(1, it.max_count)
        sim.add_entity(it)
    return sim


def worlds_digest(seeds: range, ticks: int = TICKS, version: str = "1.16.5",
                  compare: bool = True) -> tuple[str, int, int]:
    """`three_ways_digest` of the random item worlds in `version` (the compiled runs only unless `compare`)."""
    return three_ways_digest(partial(item_world, version=version), seeds, ticks, compare)


def test_random_item_worlds_compiled_object_and_traced_agree() -> None:
    """10 random item worlds, 30 ticks, 1.16.5: compiled, object path and traced runs agree bit for bit, and most
    item ticks were compiled."""
    _, done, handed = worlds_digest(range(10))
    assert done > 3 * handed, (done, handed)


@pytest.mark.parametrize("version", RELEASES[1:])
def test_random_item_worlds_agree_in_later_releases(version: str) -> None:
    """1.17 (the contracted free-space test, Vec3d in double), 1.20 (the supporting block's slipperiness), 1.20.5
    (the float height 0.1F, the submerged test at the eye), 1.21.2 (small moves, tick-time block collision), 1.21.8
    and 1.21.11 (the block walks of 1.21.7 and 1.21.10, left to the object path near a block with an effect, fire
    or lava): the same three ways, mostly compiled (from 1.20 a block with an effect under an item's own
    velocity-affecting offset hands it back while it moves)."""
    _, done, handed = worlds_digest(range(4), 20, version)
    assert done > 2 * handed, (version, done, handed)


def test_releases_before_1_16_2_take_the_object_path() -> None:
    """1.16.1 floats items by the fluid at the eye and keeps isInLava as a flag: no item tick is compiled, and the
    runs still agree."""
    _, done, handed = worlds_digest(range(2), 10, "1.16.1")
    assert done == 0 and handed == 0


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_item_scenes_compiled_object_and_traced_agree(name: str) -> None:
    """Every bundled scene with an item, 60 ticks, three ways."""
    three_ways_digest(lambda _: load_scene(ROOT / "scenes" / name), range(1), 60)


def test_resting_items_are_compiled_and_stay_put() -> None:
    """Items resting on stone: every tick after their first is compiled; they stay where they lie, on the ground."""
    assert_resting_rows_compiled(Item, "item_age")


def test_item_rows_read_back_and_survive_clones_and_pickles() -> None:
    sim = Simulation()
    it = sim.create(Item, Vec3(0.5, 70.0, -0.5), Vec3(0.1, math.nan, -0.0))
    sim.add_entity(it)
    it.item_age, it.pickup_delay, it.health, it.submerged_in_water = -32768, 32767, 3, True
    twin = it.clone()
    copy = pickle.loads(pickle.dumps(it))
    it.item_age = 7
    assert (twin.id, twin.item_age, twin.pickup_delay, twin.health, twin.submerged_in_water, twin.first_update) == \
        (it.id, -32768, 32767, 3, True, True)
    assert (copy.id, copy.item_age, copy.health) == (it.id, -32768, 3) and math.isnan(copy.motion.y)


def _loop_uncompiled(monkeypatch) -> None:
    for name in ("tick_rows", "_tick_row", "drag_after_move"):
        k = getattr(item_kernel, name)
        monkeypatch.setattr(item_kernel, name, getattr(k, "py_func", k))


@pytest.mark.parametrize(("name", "old", "new"), [
    ("moves_this_tick", "% ITEM_TICK_PERIOD == 0", "% ITEM_TICK_PERIOD >= 0"),     # the 4-tick rule off
    ("moves_this_tick", "i[r, I_AGE]", "i[r, I_ITEM_AGE]"),                         # the item's own age
    ("slippery_drag", "f32(slipperiness * drag)", "slipperiness * drag"),           # the ground drag in double
    ("merge_met", "return True", "return False"),                                   # merging items kept compiled
])
def test_item_loop_mutants_are_caught(monkeypatch, name: str, old: str, new: str) -> None:
    """The comparison above fails for a loop with a deliberate mistake: the object path runs the kernels' plain forms
    (engine.jit.plain) made from the unchanged source."""
    _loop_uncompiled(monkeypatch)
    monkeypatch.setattr(item_kernel, name, _mutant(item_kernel, name, old, new))
    with pytest.raises(AssertionError):
        worlds_digest(range(12))


def test_jit_off_equals_jit_on() -> None:
    """With the JIT off the item loop gives the same states, bit for bit, in 1.16.5, 1.20.5 and 1.21.11."""
    expression = ("[worlds_digest(range(4), 15, compare=False), worlds_digest(range(2), 15, '1.20.5', False), "
                  "worlds_digest(range(2), 15, '1.21.11', False)]")   # the comparisons run here, once
    compiled, digests = jit_off_run("tests.engine.test_item_rows", expression)
    assert compiled is False
    assert digests == [list(worlds_digest(range(4), 15)), list(worlds_digest(range(2), 15, "1.20.5")),
                       list(worlds_digest(range(2), 15, "1.21.11"))]

