"""The fall-reset ray kernel (engine.motion.raycast_kernel.fall_reset_ray, `Entity.move` from 1.18.2) equals the
general block raycast (`engine.motion.raycast.raycast_blocks` with `FALLDAMAGE_RESETTING` and `FluidHandling.WATER`,
whose per-cell shapes are its own code) bit for bit: status, hit point and every cell tested, compiled and as plain
Python, on random worlds of ladders, vines, cobwebs, berry bushes, scaffolding, water of every height, waterlogged
blocks and kelp, near 0 and at ±2·10⁷. Deliberate mutants (the ray blind to water; water as a full cube) must be
caught."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from engine import jit
from engine.geometry.box import Vec3
from engine.motion import raycast_kernel as rk
from engine.motion.collision_kernel import block_arrays
from engine.motion.raycast import FALLDAMAGE_RESETTING, FLUID_WATER, raycast_blocks
from engine.world import blocks
from engine.world.block_tables import AMOUNT_SHIFT
from engine.world.world import World
from tests.engine.test_compiled_equality import ORIGINS, bits

jit.bind_kernels()

RAY_BLOCKS = ("stone", "ladder[facing=north]", "vine[north=true]", "cobweb", "sweet_berry_bush[age=2]",
              "scaffolding", "water", "water[level=3]", "water[level=7]", "water[level=8]", "kelp",
              "oak_slab[type=bottom,waterlogged=true]", "ladder[facing=east,waterlogged=true]", "twisting_vines")


def ray_world(rng: random.Random, ox: int, oz: int) -> World:
    """A 9×9×9 patch at (ox, 60, oz) with 30 to 200 blocks of RAY_BLOCKS, water in columns too (so a water cell
    under water is 1.0 high)."""
    w = World()
    states = [blocks.parse_block_state(s) for s in RAY_BLOCKS]
    for _ in range(rng.choice((30, 80, 200))):
        st = rng.choice(states)
        x, y, z = ox + rng.randint(-4, 4), 60 + rng.randint(-4, 4), oz + rng.randint(-4, 4)
        for k in range(rng.choice((1, 1, 3))):
            w.set_block_state(x, y + k, z, st)
    return w


def ray_cases(seed: int, worlds: int, per_world: int):
    """(start, move, capped, world) of random rays: 1 to 12 blocks long (some beyond 8, the 1.21.11 cap), along an
    axis or not, some starting on a cell boundary."""
    rng = random.Random(seed)
    for _ in range(worlds):
        ox, oz = rng.choice(ORIGINS)
        w = ray_world(rng, ox, oz)
        for _ in range(per_world):
            start = [ox + rng.uniform(-4, 4), 60 + rng.uniform(-4, 4), oz + rng.uniform(-4, 4)]
            if rng.random() < 0.2:
                a = rng.randrange(3)
                start[a] = float(math.floor(start[a]))
            move = [rng.uniform(-1, 1) for _ in range(3)]
            if rng.random() < 0.3:
                keep = rng.randrange(3)
                move = [m if a == keep else 0.0 for a, m in enumerate(move)]
            scale = rng.uniform(1.0, 12.0) / math.sqrt(sum(m * m for m in move))
            yield Vec3(*start), Vec3(*(m * scale for m in move)), rng.random() < 0.3, w


def compare(ray, seed: int = 1, worlds: int = 30, per_world: int = 40) -> int:
    """Every ray of `ray_cases` through `ray` (the kernel, compiled or plain) equals `raycast_blocks` to the end
    the kernel reports; returns how many hit."""
    hits = 0
    out = np.empty((64, 3), dtype=np.int64)
    for start, move, capped, w in ray_cases(seed, worlds, per_world):
        keys, slots, pool, _, flags = block_arrays(w)[:5]
        status, hx, hy, hz, n, ex, ey, ez = ray(keys, slots, pool, flags, *start, *move, capped, out)
        end = Vec3(ex, ey, ez)
        if not capped:
            assert bits(end) == bits(start.plus(move))
        else:      # the capped ray ends min(length, 8) from the start, along the move
            reach = math.dist(start, end)
            assert reach == pytest.approx(min(math.dist((0, 0, 0), move), 8.0), abs=1e-6)
        trail: list = []
        want = raycast_blocks(w, start, end, FLUID_WATER, cells=trail, shape_type=FALLDAMAGE_RESETTING)
        assert status == (rk.MISS if want.missed else rk.HIT), (start, move)
        assert [tuple(c) for c in out[:n].tolist()] == trail, (start, move)
        if not want.missed:
            hits += 1
            assert bits((hx, hy, hz)) == bits(want.pos), (start, move)
    return hits


def test_fall_reset_ray_equals_the_general_raycast() -> None:
    """1,200 random rays, compiled: the kernel's status, hit and cells are `raycast_blocks`'s, and many rays hit."""
    assert compare(rk.fall_reset_ray) > 200


def test_fall_reset_ray_as_plain_python_equals_the_general_raycast() -> None:
    """The object path's form (`jit.plain`) on a third of the rays."""
    assert compare(jit.plain(rk.fall_reset_ray), seed=2, worlds=10) > 50


def test_fall_reset_ray_limits() -> None:
    """A move over 100,000 blocks is TOO_LONG (its length given), the object path stops there."""
    w = World()
    keys, slots, pool, _, flags = block_arrays(w)[:5]
    got = rk.fall_reset_ray(keys, slots, pool, flags, 0.5, 60.0, 0.5, 0.0, -2.0e5, 0.0, False,
                            np.empty((0, 3), dtype=np.int64))
    assert got[0] == rk.TOO_LONG and got[1] == pytest.approx(2.0e5)


def _blind_to_water(keys, slots, pool, flags, sx, sy, sz, ex, ey, ez, x, y, z):
    """Mutant: `FluidHandling.NONE` (no water box)."""
    return _CELL(keys, slots, pool, flags & ~rk.WATER, sx, sy, sz, ex, ey, ez, x, y, z)


def _full_water(keys, slots, pool, flags, sx, sy, sz, ex, ey, ez, x, y, z):
    """Mutant: every water cell 1.0 high (`FluidState.getHeight(world, pos)` ignored)."""
    amount = ((flags & rk.WATER) != 0) * (9 << AMOUNT_SHIFT)
    return _CELL(keys, slots, pool, (flags & ~(15 << AMOUNT_SHIFT)) | amount, sx, sy, sz, ex, ey, ez, x, y, z)


_CELL = getattr(rk._fall_reset_cell, "py_func", rk._fall_reset_cell)


@pytest.mark.parametrize("mutant", [_blind_to_water, _full_water])
def test_fall_reset_ray_mutants_are_caught(monkeypatch, mutant) -> None:
    """The comparison fails for a ray with a deliberate mistake (run uncompiled, so the mutant is called)."""
    monkeypatch.setattr(rk, "_fall_reset_cell", mutant)
    with pytest.raises(AssertionError):
        compare(getattr(rk.fall_reset_ray, "py_func", rk.fall_reset_ray), worlds=10)
