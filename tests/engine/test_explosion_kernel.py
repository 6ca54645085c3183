"""The explosion's entity loop as kernels (engine.influences.explosion_kernel) equals the plain algorithm bit for
bit: stacks of TNT (some with an item or a zombie among them: the scratch-table path) exploding in random worlds
of slabs, walls, fluids, stairs…, near 0 and at ±2·10⁷, compiled and with the JIT off (a child process), against
the entity-by-entity step that casts every ray (tests/engine/test_explosion.py `plain_explode`); every TNT's
position and Motion compared per tick. A deliberate mutant (the count-only exposure taken with a block near) must
be caught."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine import jit
from engine.entities.item import Item
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.influences import explosion
from engine.influences.explosion_kernel import OVER_LIMIT, sample_count
from engine.living.mobs import Zombie
from engine.tick.simulation import Simulation
from engine.world import blocks
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS, TNT_BLOCKS, random_world
from tests.engine.test_explosion import exact, plain_explode

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 6


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
        moving = rng.random() < 0.3
        fuse = rng.choice([1, 1, 2, 3, 6])
        for _ in range(rng.randint(1, 30)):
            m = Vec3(*(rng.uniform(-0.3, 0.3) for _ in range(3))) if moving else Vec3(0.0, 0.0, 0.0)
            tnt = sim.create(Tnt, at, m)
            tnt.fuse = fuse
            sim.add_entity(tnt)
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


def worlds_digest(seeds: range) -> tuple[str, int, int]:
    """The hash of the kernel runs of the blast worlds, each checked equal to the plain algorithm; with the
    explosions and those with a blocked sample point."""
    h = hashlib.sha256()
    seen = [0, 0]
    for seed in seeds:
        got = run(blast_world(seed), TICKS, seen)
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
    """With `NUMBA_DISABLE_JIT=1` the explosion kernels run as plain Python, with the same results bit for bit."""
    compiled, digest = jit_off_run("tests.engine.test_explosion_kernel", "worlds_digest(range(8))")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == list(worlds_digest(range(8)))
