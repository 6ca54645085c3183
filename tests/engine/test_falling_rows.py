"""Falling blocks as rows (engine.entities.falling_kernel): random worlds of falling sand, gravel, dragon eggs and
concrete powder over floors of slabs, fences, walls, water and lava, near 0 and at ±2·10⁷, run compiled, on the
object path and traced, bit for bit alike, in several releases; the bundled falling-block scene the same way; two
deliberate mutants of the loop caught; the same runs with the JIT off."""

from __future__ import annotations

import math
import random
import types
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from engine import jit
from engine.entities import falling_kernel
from engine.entities.falling_block import FallingBlock
from engine.entities.rows import F_MOTION, I_FLAGS, ON_GROUND
from engine.geometry.box import Vec3
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from engine.world import blocks
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS, ROOT, random_world, run_lines, three_ways_digest

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

FLOOR = ("stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "oak_slab[type=bottom,waterlogged=true]", "water",
         "water[level=3]", "lava", "oak_fence[east=true]", "cobblestone_wall", "snow[layers=3]", "soul_sand",
         "honey_block", "cobweb", "hopper", "grass", "torch", "sand")
# no anvils: a falling anvil takes the object path and stops where it would hurt entities (falling_block.ANVILS)
FALLING = ("sand", "red_sand", "gravel", "dragon_egg", "black_concrete_powder", "red_concrete_powder",
           "white_concrete_powder", "air")
TIMES = (0, 1, 2, 7, 99, 598, 599)
RELEASES = ("1.16.5", "1.17", "1.18.2", "1.20", "1.21.2", "1.21.11")
SCENES = ("falling_sand.toml",)
TICKS = 24


def falling_world(seed: int, version: str = "1.16.5") -> Simulation:
    """Falling blocks over a random floor (y 58 to 65) and a water layer under it (y 57), near 0 or at ±2·10⁷: most
    still, some thrown (a few down faster than 1 m/gt, a few with ±0, NaN or ±inf), some without gravity, fall times
    from the first tick to the timeout's; one falling block in ten lies below y 0 (dropped after 100 ticks where that
    is outside the world)."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    floor = [blocks.parse_block_state(s) for s in FLOOR] + [blocks.parse_block_state("stone")] * 10
    w = random_world(rng, floor, ox, oz, rng.choice([30, 90]))
    water = blocks.parse_block_state("water")
    for x in range(-4, 5):
        for z in range(-4, 5):
            w.set_block_state(ox + x, 57, oz + z, water)   # under the floor: concrete powder hardens there
    sim = Simulation(w, version=version)
    for k in range(rng.randint(3, 30)):
        y = -0.5 - rng.uniform(0, 3) if k % 2 and rng.random() < 0.2 else 60 + rng.uniform(0, 14)
        m = [rng.choice((0.0, -0.0, math.nan, math.inf, -math.inf)) if rng.random() < 0.05
             else rng.uniform(-0.3, 0.3) for _ in range(3)]
        if rng.random() < 0.5:
            m = [0.0, 0.0, 0.0]
        elif rng.random() < 0.2:
            m[1] = -1.2 - rng.random()
        fb = sim.create(FallingBlock, Vec3(ox + rng.uniform(-4, 4), y, oz + rng.uniform(-4, 4)), Vec3(*m))
        fb.block_state = blocks.parse_block_state(rng.choice(FALLING))
        fb.time = rng.choice(TIMES)
        fb.no_gravity = rng.random() < 0.05
        fb.drop_item = rng.random() < 0.8
        sim.add_entity(fb)
    return sim


def worlds_digest(seeds: range, releases: tuple[str, ...] = ("1.16.5",)) -> tuple[str, int, int]:
    """`three_ways_digest` of the random falling worlds of each release (each hash on the last)."""
    done = handed = 0
    digest = ""
    for version in releases:
        digest, d, h = three_ways_digest(partial(falling_world, version=version), seeds, TICKS)
        done, handed = done + d, handed + h
    return digest, done, handed


def scenes_digest() -> tuple[str, int, int]:
    """`three_ways_digest` of the bundled scenes with falling blocks, 60 ticks."""
    return three_ways_digest(lambda k: load_scene(ROOT / "scenes" / SCENES[k]), range(len(SCENES)), 60)


def test_random_falling_worlds_compiled_object_and_traced_agree() -> None:
    """8 random 1.16.5 worlds: compiled, object path and traced runs agree bit for bit, and the loop did most
    falling-block ticks."""
    _, done, handed = worlds_digest(range(8))
    assert done > 2 * handed


def test_every_release_runs_compiled_and_equals_the_object_path() -> None:
    """1.16.5 to 1.21.11 (the 1.17 position update, the 1.18.2 spawn and fall step, the 1.20 supporting block, the
    1.21.2 tick-time block collision and top row, 1.21.11's double fall distance and `block_effects` refused): 2
    random worlds each, alike three ways; the loop ran in each release and did most ticks of them all (1.21.11's
    worlds mostly stop at the refusal, where a falling block meets a section holding a block with an effect)."""
    counts = {version: worlds_digest(range(10, 12), (version,))[1:] for version in RELEASES}
    assert all(done > 0 for done, _ in counts.values()), counts
    assert sum(done for done, _ in counts.values()) > 2 * sum(handed for _, handed in counts.values()), counts


def test_bundled_falling_scenes_agree_three_ways() -> None:
    """The bundled falling sand: compiled (its first tick and its landing handed back), object path and traced
    alike."""
    _, done, handed = scenes_digest()
    assert done >= 20 and handed == 2


def mutant_loop(**stages: Callable[..., Any]) -> Callable[..., Any]:
    """`falling_kernel.tick_rows` as plain Python (`jit.plain`: nothing to compile) with some of its stages
    replaced."""
    loop = jit.plain(falling_kernel.tick_rows)
    return types.FunctionType(loop.__code__, {**loop.__globals__, **stages}, loop.__name__)


def caught(monkeypatch, **stages: Callable[..., Any]) -> bool:
    """The loop with `stages` replaced differs from the object path on a random world."""
    monkeypatch.setattr(falling_kernel, "tick_rows", mutant_loop(**stages))
    return run_lines(falling_world(2), TICKS, "compiled") != run_lines(falling_world(2), TICKS, "object")


def test_the_loop_unchanged_is_not_caught(monkeypatch) -> None:
    """The control: the same plain loop with no stage replaced equals the object path."""
    assert not caught(monkeypatch)


def test_a_loop_with_a_float_drag_is_caught(monkeypatch) -> None:
    """Mutant: the loop's drag rounded to float (the object path keeps the double one)."""
    def float_drag(f, r):
        for a in range(3):
            f[r, F_MOTION + a] = float(np.float32(f[r, F_MOTION + a] * 0.98))
    assert caught(monkeypatch, drag=float_drag)


def test_a_loop_that_keeps_landed_blocks_is_caught(monkeypatch) -> None:
    """Mutant: the loop does not hand back a falling block on the ground (no block placed, no drop)."""
    in_the_air = jit.plain(falling_kernel.in_the_air)

    def ignores_landing(keys, slots, pool, flags, f, i, r, concrete, bottom, top):
        ground = i[r, I_FLAGS] & ON_GROUND
        i[r, I_FLAGS] &= ~ON_GROUND
        keeps = in_the_air(keys, slots, pool, flags, f, i, r, concrete, bottom, top)
        i[r, I_FLAGS] |= ground
        return keeps
    assert caught(monkeypatch, in_the_air=ignores_landing)


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the loop and its stages run as plain Python, with the same results bit for bit
    (random worlds of two releases, the bundled scene). 1.21.4 for the late order: from 1.21.10 the block walk is
    simulated, and its worlds' effect blocks, walked as plain Python, would cost the child minutes."""
    compiled, (worlds, scenes) = jit_off_run("tests.engine.test_falling_rows",
                                             "worlds_digest(range(4), ('1.16.5', '1.21.4')), scenes_digest()")
    assert compiled is False
    assert tuple(worlds) == worlds_digest(range(4), ("1.16.5", "1.21.4"))
    assert tuple(scenes) == scenes_digest()
