"""Mobs following paths on rows (engine.pathfinding.follow_kernel, inlined in engine.living.mob_kernel): the
compiled mob tick, the object path and the traced run agree bit for bit, every mob column every tick, on random
worlds of zombies (now and then an iron golem, wider than 0.75) following paths around walls, over steps and
through turns — some driven by the scene goal `path_to`, some with a path set before the run and no goal (past the
100-tick stuck sample) — and on every bundled scene with a `path_to`; deliberate mutants of the following kernels
are caught; the kernels run as plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import hashlib
import inspect
import math
import random
import textwrap
import types

import pytest

from engine import jit
from engine.geometry.box import Vec3
from engine.java.mathhelper import floor
from engine.living import mob_kernel
from engine.living.mobs import IronGolem, Zombie
from engine.pathfinding import follow_kernel
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS, ROOT
from tests.engine.test_mob_rows import mob_lines

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 110          # past the navigation's first stuck sample (tickCount − pathStartTime > 100)
PATH_SCENES = tuple(sorted(p.name for p in (ROOT / "scenes").glob("*.toml") if "path_to" in p.read_text()))
# steps to jump onto, low obstacles, and blocks the following reads below a node (a cauldron: adjustPath)
STEPS = ("stone", "oak_slab[type=bottom]", "stone_brick_stairs[facing=east]", "oak_fence[east=true,west=true]",
         "snow[layers=3]", "white_carpet", "cauldron")


def path_world(seed: int) -> Simulation:
    """1 to 4 mobs (zombies, now and then an iron golem) on a stone floor at y 59 at one of ORIGINS, among 0 to 4
    walls (1 or 2 high: a step or a detour) and scattered steps, each given a target 6 to 12 blocks away: by the
    scene goal `path_to` (its search in the first tick, asked again every 40 ticks) or, for about half, by a path
    set before the run with no goal (followed until it ends, stops or passes the stuck sample)."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    stone = blocks.parse_block_state("stone")
    for x in range(ox - 14, ox + 15):
        for z in range(oz - 14, oz + 15):
            w.set_block_state(x, 59, z, stone)
    for _ in range(rng.randint(0, 4)):
        x, z, along_x = ox + rng.randint(-8, 8), oz + rng.randint(-8, 8), rng.random() < 0.5
        for k in range(rng.randint(3, 8)):
            for y in range(60, 60 + rng.choice((1, 2, 2))):
                w.set_block_state(x + k * along_x, y, z + k * (not along_x), stone)
    steps = [blocks.parse_block_state(s) for s in STEPS]
    for _ in range(rng.choice((0, 8, 20))):
        w.set_block_state(ox + rng.randint(-10, 10), 60, oz + rng.randint(-10, 10), rng.choice(steps))
    sim = Simulation(w)
    for _ in range(rng.randint(1, 4)):
        cls = IronGolem if rng.random() < 0.2 else Zombie
        pos = Vec3(ox + rng.randint(-6, 6) + rng.uniform(0.3, 0.7), 60.0,
                   oz + rng.randint(-6, 6) + rng.uniform(0.3, 0.7))
        if not w.get_block_state(floor(pos.x), 60, floor(pos.z)).is_air:
            continue
        m = sim.create(cls, pos, Vec3(0.0, -0.0784000015258789, 0.0))
        m.yaw = rng.uniform(0, 360)
        m.on_ground = True
        angle, far = rng.uniform(0, 2 * math.pi), rng.uniform(6, 12)
        target = Vec3(pos.x + far * math.cos(angle), 60.0, pos.z + far * math.sin(angle))
        sim.add_entity(m)
        if rng.random() < 0.5:
            m.path_to = (target, rng.choice((1.0, 0.8, 1.5)))
        else:                      # now and then too slow to leave the stuck sample's 1.5 blocks in 100 ticks
            m.navigation.start_moving_to(sim.world, target.x, target.y, target.z, rng.choice((1.0, 1.5, 0.06)))
    return sim


def worlds_digest(seeds: range) -> tuple[str, int, int]:
    """The hash of the compiled runs of the random path worlds, each checked equal to the object path and the
    traced run (`test_mob_rows.mob_lines`: every mob column), with the mob ticks the loop did and handed back."""
    h = hashlib.sha256()
    done = handed = 0
    for seed in seeds:
        sim = path_world(seed)
        lines = mob_lines(sim, TICKS, "compiled")
        assert lines == mob_lines(path_world(seed), TICKS, "object"), seed
        assert lines == mob_lines(path_world(seed), TICKS, "traced"), seed
        done, handed = done + sim.kernel_ticks, handed + sim.object_ticks
        h.update("".join(lines).encode())
    return h.hexdigest(), done, handed


def test_random_path_worlds_compiled_object_and_traced_agree() -> None:
    """4 random path worlds, 110 ticks: compiled, object path and traced runs agree bit for bit; most mob ticks
    were compiled (each search — the goal's start, its requests every 40 ticks — is the object path's)."""
    _, done, handed = worlds_digest(range(4))
    assert done > 20 * handed > 0, (done, handed)


def test_bundled_path_scenes_compiled_object_and_traced_agree() -> None:
    """Every bundled scene with a `path_to` (the releases `MobBatch` decides compiled, 1.21.2's follow range and
    1.21.2's and 1.21.7's ground targets among them; the others on the object path in every mode), 60 ticks: the
    same states compiled, on the object path and traced; the following compiled."""
    compiled = 0
    for name in PATH_SCENES:
        runs = {}
        for mode in ("compiled", "object", "traced"):
            sim = load_scene(ROOT / "scenes" / name)
            runs[mode] = mob_lines(sim, 60, mode)
            compiled += sim.kernel_ticks if mode == "compiled" else 0
        assert runs["compiled"] == runs["object"] == runs["traced"], name
    assert compiled > 4 * 50, compiled


def _mutant(monkeypatch, chain: tuple, old: str, new: str) -> None:
    """The mob loop as plain Python (`jit.plain`: nothing compiled for the test) with the last kernel of `chain`
    (each kernel calling the next, the first called by the loop only) replaced by its source with `old` replaced by
    `new`, reached through copies of the kernels between: the object path runs the unchanged plain forms."""
    *callers, fn = chain
    source = textwrap.dedent(inspect.getsource(getattr(fn, "py_func", fn)))
    assert old in source
    source = "\n".join(line for line in source.replace(old, new).splitlines() if not line.startswith("@njit"))
    scope = dict(jit.plain(fn).__globals__)        # its globals, every kernel among them plain
    exec(compile(source, f"<mutant {fn.__name__}>", "exec"), scope)   # noqa: S102 (a test's own mutant)
    made, name = scope[fn.__name__], fn.__name__
    for caller in reversed(callers[1:]):
        p = jit.plain(caller)
        made = types.FunctionType(p.__code__, dict(p.__globals__) | {name: made}, p.__name__, p.__defaults__,
                                  p.__closure__)
        name = caller.__name__
    monkeypatch.setitem(jit.plain(callers[0]).__globals__, name, made)
    monkeypatch.setattr(mob_kernel, "tick_rows", jit.plain(mob_kernel.tick_rows))


@pytest.mark.parametrize(("chain", "old", "new"), [
    # the node's centre by the width (Forge's MC-94054 fix), not 1.16.5's x + 0.5: wrong for the iron golems
    ((mob_kernel.navigation_tick, follow_kernel.follow_path, follow_kernel.continue_following_path),
     "abs(f[r, F_POS] - (nodes[k, 0] + 0.5))", "abs(f[r, F_POS] - (nodes[k, 0] + int(w + 1.0) * 0.5))"),
    # no stuck sample taken every 100 ticks
    ((mob_kernel.navigation_tick, follow_kernel.follow_path, follow_kernel.continue_following_path,
      follow_kernel.check_timeouts), "i[r, C_START_TIME] = i[r, C_NAV_TICKS]", "pass"),
])
def test_following_mutants_are_caught(monkeypatch, chain, old, new) -> None:
    """The comparison above fails for a following kernel with a deliberate mistake given to the compiled loop
    only."""
    _mutant(monkeypatch, chain, old, new)
    with pytest.raises(AssertionError):
        worlds_digest(range(4))


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the following kernels run as plain Python, with the same results bit for bit."""
    compiled, digest = jit_off_run("tests.engine.test_mob_paths", "worlds_digest(range(2))")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == list(worlds_digest(range(2)))
