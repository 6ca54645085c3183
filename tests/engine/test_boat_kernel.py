"""Boats as a compiled loop over rows (engine.entities.boat_kernel) equal the object path bit for bit: random worlds
of still water (a few cells flowing), ice, stone, lily pads and bamboo (a shape its cell decides), boats floating,
drifting, resting, falling from the air into water or onto land, at rest or moving, some side by side, near 0 and
at 10⁶, in 1.16.5 and later releases the loop runs (1.17-1.21.4, 1.21.8, 1.21.11), run compiled, on the object path
and traced; every entity's state compared every tick. With the JIT off (one child process for the module) the loop runs
as plain Python with the same results. Deliberate mutants (the buoyancy factor one ulp off, the ice's slipperiness
ignored, in the loop only) must be caught.
"""

from __future__ import annotations

import random
import types
from functools import partial

import numpy as np
import pytest

from engine import jit
from engine.constants import BOAT_BUOYANCY_FACTOR
from engine.entities import boat_kernel
from engine.entities.boat import Boat, boat_slipperiness
from engine.geometry.box import Vec3
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import three_ways_digest

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 24
ORIGINS = ((0, 0), (-1, 1), (1_000_000, 0), (-1_000_000, 1_000_000))
RELEASES = ("1.17", "1.18.2", "1.20", "1.20.5", "1.21", "1.21.2", "1.21.3", "1.21.4", "1.21.8", "1.21.11")
GROUNDS = ("water", "ice", "stone", "air")
SLIP = 17   # the slipperiness column's place among boat_kernel.tick_rows' arguments


def boat_world(seed: int, version: str = "1.16.5") -> Simulation:
    """Four 6 × 6 patches around one of ORIGINS over a stone floor at y 59: a pool of still water (y 60, a flowing
    cell or a lily pad now and then), ice, stone with a bamboo stalk, and open air; 4 to 10 boats over them, on the
    surface or up to 3 blocks above it, at rest or moving (up to 0.6 m/gt, a few falling), some side by side."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    state = {name: blocks.parse_block_state(name, version) for name in ("stone", "water", "ice", "lily_pad",
                                                                         "water[level=2]", "bamboo")}
    patches = {}
    for n, ground in enumerate(GROUNDS):
        x0, z0 = ox - 6 + 6 * (n % 2), oz - 6 + 6 * (n // 2)
        patches[ground] = (x0, z0)
        for x in range(x0, x0 + 6):
            for z in range(z0, z0 + 6):
                w.set_block_state(x, 59, z, state["stone"])
                if ground == "water":
                    w.set_block_state(x, 60, z, state["water[level=2]" if rng.random() < 0.05 else "water"])
                    if rng.random() < 0.05:
                        w.set_block_state(x, 61, z, state["lily_pad"])
                elif ground in ("ice", "stone"):
                    w.set_block_state(x, 60, z, state[ground])
        if ground == "stone" and rng.random() < 0.5:
            w.set_block_state(x0 + rng.randint(0, 5), 61, z0 + rng.randint(0, 5), state["bamboo"])
    sim = Simulation(w, version=version)
    for _ in range(rng.randint(4, 10)):
        ground = rng.choice(GROUNDS)
        x0, z0 = patches[ground]
        y = {"water": 60.4, "ice": 61.0, "stone": 61.0, "air": 60.0}[ground]
        pos = Vec3(x0 + rng.uniform(0.7, 5.3), y + rng.choice((0.0, 0.0, rng.uniform(0.0, 3.0))),
                   z0 + rng.uniform(0.7, 5.3))
        speed = rng.choice((0.0, rng.uniform(-0.1, 0.1), rng.uniform(-0.6, 0.6)))
        motion = Vec3(speed * rng.uniform(-1, 1), rng.choice((0.0, 0.0, -0.3, rng.uniform(-0.1, 0.1))),
                      speed * rng.uniform(-1, 1))
        sim.add_entity(sim.create(Boat, pos, motion))
    return sim


def worlds_digest(seeds: range, version: str = "1.16.5") -> tuple[str, int, int]:
    """`three_ways_digest` of the random boat worlds in `version`, TICKS ticks each."""
    return three_ways_digest(partial(boat_world, version=version), seeds, TICKS)


def test_random_boat_worlds_compiled_object_and_traced_agree() -> None:
    """12 random boat worlds, 24 ticks: compiled, object path and traced runs agree bit for bit, and more boat
    ticks were compiled than handed back (first ticks, boats side by side, boats falling into water), some were."""
    _, done, handed = worlds_digest(range(12))
    assert done > handed > 0, (done, handed)


def test_random_boat_worlds_of_every_release_compiled_object_and_traced_agree() -> None:
    """1.17 to 1.21.4, 1.21.8 and 1.21.11 (the 1.17 position update, the 1.18.2 float fall, the 1.20 supporting
    block, the 1.20.5 double gravity and buoyancy, the 1.21 water-entry check, the 1.21.2 unbreakable landing and
    tick-time block collision, 1.21.7's block walk, the double fall distance), 3 random worlds each: the three runs
    agree and the loop did more boat ticks than it handed back."""
    for version in RELEASES:
        _, done, handed = worlds_digest(range(3), version)
        assert done > handed > 0, (version, done, handed)


def _loop_in_python(monkeypatch) -> None:
    """The loop and its row tick as plain Python, so that a patched stage of the module is the one they call."""
    for name in ("tick_rows", "_tick_row"):
        kernel = getattr(boat_kernel, name)
        monkeypatch.setattr(boat_kernel, name, getattr(kernel, "py_func", kernel))


def test_buoyancy_one_ulp_off_in_the_loop_is_caught(monkeypatch) -> None:
    """The mutant: the loop's `update_velocity` with the buoyancy factor 0.06153846F one ulp higher."""
    k = boat_kernel.update_velocity
    py = getattr(k, "py_func", k)          # (the plain function itself where the JIT is off)
    scope = dict(py.__globals__, BOAT_BUOYANCY_FACTOR=float(np.nextafter(BOAT_BUOYANCY_FACTOR, 1.0)))
    _loop_in_python(monkeypatch)
    monkeypatch.setattr(boat_kernel, "update_velocity", types.FunctionType(py.__code__, scope, py.__name__))
    with pytest.raises(AssertionError):
        worlds_digest(range(4))


def test_ice_slipperiness_ignored_in_the_loop_is_caught(monkeypatch) -> None:
    """The mutant: the loop reads ice as any block (0.6), not 0.98."""
    real = boat_kernel.tick_rows
    slip = boat_slipperiness().copy()
    slip[[st.id for st in blocks.all_states() if st.block == "ice"]] = slip[blocks.default_state("stone").id]

    def mutant(*args):
        return real(*args[:SLIP], slip, *args[SLIP + 1:])
    monkeypatch.setattr(boat_kernel, "tick_rows", mutant)
    with pytest.raises(AssertionError):
        worlds_digest(range(4))


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the boat kernels run as plain Python, with the same results bit for bit."""
    compiled, digest = jit_off_run("tests.engine.test_boat_kernel", "list(worlds_digest(range(3)))")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == list(worlds_digest(range(3)))
