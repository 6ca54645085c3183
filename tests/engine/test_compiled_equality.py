"""The compiled stages equal the object path bit for bit (docs/architecture.md, "Entities as rows; stages
compiled"): the collision kernel against `engine.motion.collision` on random worlds; TNT worlds run compiled,
on the object path and traced; every bundled scene against the engine before the stages were compiled (hashes in
fixtures/compiled_golden.json); the same with the JIT off, in a child process. Deliberate mutants of the kernels
must be caught, so the comparison cannot go blind."""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
import pytest

from engine import jit
from engine.entities import tnt as tnt_module
from engine.entities import tnt_kernel
from engine.entities.entity import Entity
from engine.entities.tnt import Tnt
from engine.geometry.box import Box, Vec3
from engine.motion import collision
from engine.motion import collision_kernel as ck
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.block_tables import DYNAMIC_SHAPE, block_tables
from engine.world.world import World

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "fixtures" / "compiled_golden.json"
GOLDEN_TICKS = 60
TNT_BLOCKS = ("stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "stone_brick_stairs[facing=east]",
              "cobblestone_wall[east=low,north=tall]", "oak_fence[east=true,west=true]", "soul_sand",
              "honey_block", "cobweb", "ladder[facing=north]", "water", "water[level=3]", "water[level=9]", "lava",
              "lava[level=2]", "oak_slab[type=bottom,waterlogged=true]", "kelp", "snow[layers=5]",
              "hopper", "anvil", "glass_pane[north=true]", "slime_block", "farmland", "fire", "vine[north=true]",
              "oak_fence_gate[facing=east]")
ORIGINS = ((0, 0), (-3, 2), (20_000_000 - 8, -20_000_000 + 8), (-20_000_000 + 8, 20_000_000 - 8), (1_000_000, 0))
SPECIAL = (0.0, -0.0, 1e-8, -5e-8, 0.04, -0.04, math.nan, math.inf, -math.inf)

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)


def random_world(rng: random.Random, states: list, ox: int, oz: int, count: int) -> World:
    w = World()
    for _ in range(count):
        st = rng.choice(states)
        w.set_block_state(ox + rng.randint(-4, 4), 60 + rng.randint(-2, 5), oz + rng.randint(-4, 4), st)
    return w


def collision_cases(seed: int, worlds: int, per_world: int, release: str = "1.16.5") -> list[tuple]:
    """(object path, kernel) results of `adjust_movement` on random worlds of every collision shape of `release`."""
    rng = random.Random(seed)
    tables = block_tables()
    solid = [s for s in blocks.states_of(release) if tables.shape[s.id] != DYNAMIC_SHAPE
             and not s.collision_shape.is_empty]
    cells = ck.scratch()
    out = []
    for _ in range(worlds):
        ox, oz = rng.choice(ORIGINS)
        w = random_world(rng, solid + [blocks.default_state("stone")] * (len(solid) // 3), ox, oz,
                         rng.choice([10, 40, 150]))
        arrays = ck.block_arrays(w)
        for _ in range(per_world):
            box = Box.from_entity(ox + rng.uniform(-3, 3), 60 + rng.uniform(-2, 5), oz + rng.uniform(-3, 3),
                                  rng.choice([0.98, 0.6, 1.375, 0.25]), rng.choice([0.98, 1.8, 0.5625]))
            m = [rng.choice([0.0, rng.uniform(-1, 1), rng.uniform(-0.1, 0.1), rng.uniform(-4, 4), -0.04])
                 for _ in range(3)]
            if rng.random() < 0.35:
                a = rng.randrange(3)
                m = [m[i] if i == a else 0.0 for i in range(3)]
            yxz = rng.random() < 0.2
            want = tuple(collision.adjust_movement(Vec3(*m), box, w, [], yxz))
            got = ck.adjust_movement(*arrays, cells, m[0], m[1], m[2], tuple(box), yxz)
            out.append((want, got))
    return out


def bits(values) -> list[int]:
    return [int(np.float64(v).view(np.int64)) for v in values]


def assert_collisions_equal(cases: list[tuple]) -> None:
    decided = 0
    for want, (x, y, z, ok) in cases:
        if ok:
            decided += 1
            assert bits(want) == bits((x, y, z)), (want, (x, y, z))
    assert decided >= 0.95 * len(cases)


def test_collision_kernel_equals_object_path() -> None:
    """Every 1.16.5 collision shape, full cubes most, near 0 and at ±2·10⁷: the kernel's movement equals
    `engine.motion.collision.adjust_movement` bit for bit on both of vanilla's paths."""
    assert_collisions_equal(collision_cases(1, 40, 60))


def test_collision_kernel_equals_object_path_on_the_newest_release_s_shapes() -> None:
    """The same on 1.21.11's blocks (the shapes of later releases' rows: pitcher crops, chains, heavy cores, ...)."""
    assert_collisions_equal(collision_cases(2, 20, 60, "1.21.11"))


def _world_coordinate_sweep(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, axis, box,
                            initial):
    """Mutant: the single-axis sweep done on world-coordinate shapes (vanilla's other path)."""
    cells = np.empty((ck.SCRATCH_SHAPES, 4), dtype=np.int64)
    d = [0.0, 0.0, 0.0]
    d[axis] = initial
    lo = [box[a] + min(d[a], 0.0) for a in range(3)]
    hi = [box[a + 3] + max(d[a], 0.0) for a in range(3)]
    n = ck.collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty,
                                    (*lo, *hi), cells)
    return ck.calculate_max_offset(ncoords, coords, filled, single, empty, cells, n, axis, box, initial), n >= 0


_COLLECT = getattr(ck.collect_block_collisions, "py_func", ck.collect_block_collisions)


def _no_edge_rule(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, box, out):
    """Mutant: shapes that exceed the cell (fences, walls) not collected from the query's outer layer."""
    return _COLLECT(keys, slots, pool, shape, flags * 0, ncoords, coords, filled, single, empty, box, out)


@pytest.mark.parametrize(("name", "mutant"), [("calculate_push_velocity", _world_coordinate_sweep),
                                              ("collect_block_collisions", _no_edge_rule)])
def test_collision_mutants_are_caught(monkeypatch, name, mutant) -> None:
    """The comparison above fails for a kernel with a deliberate mistake (run uncompiled, so the mutant is
    called)."""
    monkeypatch.setattr(ck, name, mutant)
    for caller in ("adjust_movement", "_axis_movement"):
        kernel = getattr(ck, caller)
        monkeypatch.setattr(ck, caller, getattr(kernel, "py_func", kernel))
    with pytest.raises(AssertionError):
        assert_collisions_equal(collision_cases(1, 40, 60))


def tnt_world(seed: int, version: str = "1.16.5") -> Simulation:
    """TNT over a random patch of slabs, stairs, walls, fluids, soul sand, honey, cobwebs, ladders…, some with
    special motions (±0, tiny, NaN, ±inf), near 0 or at ±2·10⁷, in `version`."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    states = [blocks.parse_block_state(s) for s in TNT_BLOCKS] + [blocks.parse_block_state("stone")] * 8
    sim = Simulation(random_world(rng, states, ox, oz, rng.choice([20, 60, 120])), version=version)
    for _ in range(rng.randint(1, 25)):
        m = [rng.choice(SPECIAL) if rng.random() < 0.1 else rng.uniform(-0.6, 0.6) for _ in range(3)]
        tnt = sim.create(Tnt, Vec3(ox + rng.uniform(-4, 4), 60 + rng.uniform(-1, 8), oz + rng.uniform(-4, 4)),
                         Vec3(*m))
        tnt.fuse = rng.randint(1, 40)
        tnt.no_gravity = rng.random() < 0.1
        if rng.random() < 0.05:
            tnt.fire_ticks = rng.randint(1, 30)
        sim.add_entity(tnt)
    return sim


def run_lines(sim: Simulation, ticks: int, mode: str) -> list[str]:
    """Each tick's entity states and events; `mode` "compiled", "object" (the object path) or "traced" (compiled,
    with tracing). A run the release stops (a refusal, a limit) ends with its message."""
    sim.vectorize = mode != "object"
    sim.trace_enabled = mode == "traced"
    out = []
    for _ in range(ticks):
        try:
            record = sim.tick()
        except Exception as err:   # noqa: BLE001 (the object path and the loop must stop the same way)
            out.append(f"{type(err).__name__}: {err}")
            break
        out.append(json.dumps([e.trace_line() | {"fall_distance": e.fall_distance, "age": e.age,
                                                 "box": list(e.box), "fire": e.fire_ticks,
                                                 "support": e.supporting_block_pos,
                                                 "force": e.force_update_supporting_block_pos,
                                                 "on_fire": e.on_fire_at_move}
                               for e in sim.reported_entities()]) + json.dumps(record.events, default=str))
    return out


def three_ways_digest(make: Callable[[int], Simulation], seeds: range, ticks: int,
                      compare: bool = True) -> tuple[str, int, int]:
    """The hash of the compiled runs of the worlds `make(seed)` builds, each checked equal to the object path and
    the traced run (unless not `compare`); with the ticks the loop did and those it handed to the object path."""
    h = hashlib.sha256()
    done = handed = 0
    for seed in seeds:
        sim = make(seed)
        lines = run_lines(sim, ticks, "compiled")
        if compare:
            assert lines == run_lines(make(seed), ticks, "object"), seed
            assert lines == run_lines(make(seed), ticks, "traced"), seed
        done, handed = done + sim.kernel_ticks, handed + sim.object_ticks
        h.update("".join(lines).encode())
    return h.hexdigest(), done, handed


def tnt_worlds_digest(seeds: range, ticks: int, compare: bool = True) -> tuple[str, int, int]:
    """`three_ways_digest` of the random TNT worlds."""
    return three_ways_digest(tnt_world, seeds, ticks, compare)


def test_random_tnt_worlds_compiled_object_and_traced_agree() -> None:
    """40 random TNT worlds, 20 ticks: compiled, object path and traced runs agree bit for bit, and most TNT
    ticks were compiled."""
    _, done, handed = tnt_worlds_digest(range(40), 20)
    assert done > 2 * handed


RELEASES = ("1.16.5", "1.17", "1.18.2", "1.19.3", "1.20", "1.21.2", "1.21.8", "1.21.11")   # 1.21.3: 1.21.2's


def _put(w: World, block: str, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> None:
    st = blocks.parse_block_state(block)
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            for z in range(z0, z1 + 1):
                w.set_block_state(x, y, z, st)


def _tnt(sim: Simulation, pos: tuple, motion: tuple, no_gravity: bool = False, fire: int = -1) -> None:
    tnt = sim.create(Tnt, Vec3(*pos), Vec3(*motion))
    tnt.no_gravity = no_gravity
    tnt.fire_ticks = fire
    sim.add_entity(tnt)


def flag_world(name: str, version: str) -> Simulation:
    """A small scene where one of the release flags the TNT loop takes decides the outcome (tnt_kernel.VERSION_BITS):
    "edges" (the supporting block: TNT sliding off a one-block ledge, fence posts, a wall, slime and honey edges),
    "fluids" (and, two sections from the lava, a TNT whose second move, 8.34 long, passes vines 8.09 along it:
    1.21.11's fall-reset ray, cut at 8, misses them), "fire", "small" (1.21.2 small moves: tiny motions, free and
    against a wall), "fast" (1.21.2 tick-time block collision: a path through cobwebs; the 1.18.2 fall-reset ray:
    falling fast through vines), "deflate"
    (1.19.3: a box 0.0005 into a cobweb), "sections" (a refused release's check by section, a cobweb 5 cells
    away)."""
    w = World()
    sim = Simulation(w, version=version)
    if name == "edges":
        _put(w, "stone", 0, 60, 0, 6, 60, 0)
        _put(w, "oak_fence", 0, 60, 2, 0, 60, 2)
        _put(w, "cobblestone_wall", 3, 60, 2, 3, 60, 2)
        _put(w, "oak_fence_gate[facing=east]", 5, 60, 2, 5, 60, 2)
        _put(w, "slime_block", 0, 60, 4, 2, 60, 4)
        _put(w, "honey_block", 4, 60, 4, 6, 60, 4)
        _put(w, "soul_sand", 0, 59, 6, 6, 59, 6)
        _put(w, "stone", 0, 60, 6, 6, 60, 6)
        for k, (x, z) in enumerate((x, z) for x in range(7) for z in (0, 2, 4, 6)):
            dx, dz = (0.3, -0.45, 0.49, -0.2)[k % 4], (0.45, -0.49, 0.2, 0.0)[k % 4]
            _tnt(sim, (x + 0.5 + dx, 61.0 + k % 3, z + 0.5 + dz), ((-0.1, 0.05, 0.0)[k % 3], 0.0,
                                                                      (0.15, -0.12, 0.0, 0.3)[k % 4]))
    elif name == "fluids":
        _put(w, "stone", 0, 59, 0, 6, 59, 6)
        _put(w, "water", 0, 60, 0, 3, 61, 6)
        _put(w, "water[level=3]", 4, 60, 0, 4, 60, 6)
        _put(w, "lava", 5, 60, 0, 6, 60, 6)
        for k in range(20):
            _tnt(sim, (0.3 + k % 7 * 0.95, 61.5 + k % 4, 0.7 + k // 7 * 2.1), (0.02 * (k % 3 - 1), 0.0, 0.01))
        _put(w, "vine[north=true]", 32, 78, 6, 32, 78, 6)
        _tnt(sim, (20.3, 90.0, 6.5), (6.0, -5.96, 0.0))
    elif name == "fire":
        _put(w, "stone", 0, 59, 0, 6, 59, 6)
        _put(w, "fire", 2, 60, 0, 4, 60, 6)
        for k in range(14):
            _tnt(sim, (0.5 + k % 7, 60.5 + k % 2, 0.5 + k // 7 * 4), (0.05 * (k % 3 - 1), 0.0, 0.0),
                 fire=(-1, 5, 0, -1)[k % 4])
    elif name == "small":
        _put(w, "stone", 3, 60, 0, 3, 62, 6)
        for k in range(14):
            m = (1.0e-4, 2.0e-4, -3.0e-5, 2.5e-4, 1.0e-8, 0.0, 3.0e-4)[k % 7]
            _tnt(sim, (2.0 - 0.49 + (k % 2) * 1.0e-5 - (k // 7) * 0.5, 61.0, 0.5 + k % 7), (m, m / 2, -m),
                 no_gravity=True)
    elif name == "fast":
        _put(w, "cobweb", 2, 60, 0, 2, 62, 2)
        _put(w, "stone", 0, 40, 4, 6, 40, 6)
        _put(w, "vine[north=true]", 0, 50, 5, 6, 52, 5)
        for k in range(6):
            _tnt(sim, (0.5, 60.2 + k % 3, 0.5 + k // 3), (2.5 + 0.3 * k, 0.0, 0.0), no_gravity=True)
        for k in range(7):
            _tnt(sim, (k + 0.5, 58.0 + k, 5.5), (0.0, -1.5, 0.0))
    elif name == "deflate":
        _put(w, "cobweb", 11, 55, 0, 11, 60, 3)
        for k in range(4):
            _tnt(sim, (11.0005 - 0.49 - k * 0.0002, 60.0, k + 0.5), (0.0, 0.0, 0.0))
    elif name == "sections":
        _put(w, "stone", 0, 63, 0, 15, 63, 15)
        _put(w, "cobweb", 12, 64, 12, 12, 64, 12)
        for k in range(6):
            _tnt(sim, (1.5 + k, 64.0, 1.5), (0.0, 0.0, 0.0))
    for e in sim.entities:
        e.fuse = 70
    return sim


FLAG_SCENES = ("edges", "fluids", "fire", "small", "fast", "deflate", "sections")


def release_digest(ticks: int, seeds: range, compare: bool = True) -> tuple[str, dict[str, tuple[int, int]]]:
    """Every flag scene and random TNT worlds in every release of RELEASES, compiled and on the object path (and
    traced, the flag scenes): equal bit for bit (checked unless not `compare`). Returns the hash of the compiled
    runs, and per release the TNT ticks the loop did and those it handed to the object path."""
    h = hashlib.sha256()
    counts = {}
    for version in RELEASES:
        done = handed = 0
        runs = [(partial(flag_world, n, version), n) for n in FLAG_SCENES] + \
            [(partial(tnt_world, s, version), f"seed {s}") for s in seeds]
        for make, label in runs:
            sim = make()
            lines = run_lines(sim, ticks, "compiled")
            if compare:
                assert lines == run_lines(make(), ticks, "object"), (version, label)
            if compare and not label.startswith("seed"):
                assert lines == run_lines(make(), ticks, "traced"), (version, label)
            done, handed = done + sim.kernel_ticks, handed + sim.object_ticks
            h.update("".join(lines).encode())
        counts[version] = (done, handed)
    return h.hexdigest(), counts


def test_every_release_runs_compiled_and_equals_the_object_path() -> None:
    """1.16.5 to 1.21.11: the flag scenes and 3 random TNT worlds run compiled, on the object path and traced, bit
    for bit alike, and the loop does most of every release's TNT ticks."""
    _, counts = release_digest(20, range(3))
    for version, (done, handed) in counts.items():
        assert done > 2 * handed, (version, done, handed)


# (the flag left out of the loop's `v`, the scene that needs it, the release)
FLAG_MUTANTS = [("move_sets_position", "edges", "1.17"), ("fall_distance_float_step", "edges", "1.18.2"),
                ("move_fall_reset_raycast", "fast", "1.18.2"), ("block_collision_deflate_1e7", "deflate", "1.19.3"),
                ("supporting_block", "edges", "1.20"), ("move_small_uncollided", "small", "1.21.2"),
                ("tick_block_collision", "fast", "1.21.2"), ("fall_distance_double", "fluids", "1.21.11"),
                ("fall_reset_ray_capped", "fluids", "1.21.11"),
                ("block_effects", "sections", "1.21.6")]


@pytest.mark.parametrize(("flag", "scene", "version"), FLAG_MUTANTS)
def test_a_loop_without_a_release_flag_is_caught(monkeypatch, flag, scene, version) -> None:
    """The loop run as if the release lacked one flag (the refusal by section for `block_effects`) differs from
    the object path on the flag's scene: each flag's comparison can fail."""
    if flag == "block_effects":
        bits = tnt_kernel.version_bits
        monkeypatch.setattr(tnt_kernel, "version_bits", lambda f: bits(f) & ~tnt_kernel.V_EFFECT_SECTIONS)
    else:
        monkeypatch.setitem(tnt_kernel.VERSION_BITS, flag, 0)
    assert run_lines(flag_world(scene, version), 20, "compiled") != \
        run_lines(flag_world(scene, version), 20, "object")


def _golden_line(e: Entity) -> dict:
    """`trace_line` as the engine the hashes were made with wrote it: without an item's `stack_count` (added with
    merging)."""
    return {k: v for k, v in e.trace_line().items() if k != "stack_count"}


def scene_digests(names: list[str], ticks: int, vectorize: bool) -> dict[str, str]:
    out = {}
    for name in names:
        sim = load_scene(ROOT / "scenes" / name)
        sim.vectorize = vectorize
        h = hashlib.sha256()
        try:
            for _ in range(ticks):
                rec = sim.tick()
                h.update((json.dumps([_golden_line(e) | {"fall_distance": e.fall_distance, "age": e.age}
                                      for e in sim.reported_entities()])
                          + json.dumps(rec.events, default=str)).encode())
            out[name] = h.hexdigest()
        except Exception as err:   # a scene that stops (a SimulationLimit) stops the same way before and after
            out[name] = "error: " + type(err).__name__ + str(err)[:80]
    return out


def test_bundled_scenes_equal_the_engine_before_compiled_stages() -> None:
    """Every bundled scene, 60 ticks, compiled and on the object path: the same states and events as the engine
    before TNT became rows and its stages kernels (hashes made with that engine's code)."""
    golden = json.loads(GOLDEN.read_text())
    assert scene_digests(sorted(golden), GOLDEN_TICKS, True) == golden
    assert scene_digests(sorted(golden), GOLDEN_TICKS, False) == golden


def test_float_drag_mutant_is_caught(monkeypatch) -> None:
    """A TNT drag rounded to float (a mistake both paths would share, since both call the one stage) differs from
    the engine before the change."""
    def float_drag(f, r):
        for a in range(3):
            f[r, 6 + a] = float(np.float32(f[r, 6 + a] * 0.98))
    monkeypatch.setattr(tnt_kernel, "drag", float_drag)
    monkeypatch.setattr(tnt_kernel, "tick_rows", getattr(tnt_kernel.tick_rows, "py_func", tnt_kernel.tick_rows))
    # the run's explosions in air call the compiled loop from their own kernel (engine.influences.explosion_batch),
    # which a patched module name does not reach: this mutant is of the loop the simulation calls itself
    monkeypatch.setattr(tnt_module, "usable", lambda sim: False)
    golden = json.loads(GOLDEN.read_text())
    names = ["cannon_tnt_simple.toml", "tnt_flat_ground.toml"]
    mutated = scene_digests(names, GOLDEN_TICKS, True)
    assert not any(d.startswith("error") for d in mutated.values())
    assert all(mutated[n] != golden[n] for n in names)


CHILD = """
import json, sys
sys.path.insert(0, {root!r})
from tests.engine.test_compiled_equality import collision_cases, release_digest, tnt_worlds_digest
from engine import jit
cases = collision_cases(2, 6, 30)
print(json.dumps([jit.compiled(), [[list(map(float.hex, w)), [float.hex(g[0]), float.hex(g[1]), float.hex(g[2]), g[3]]]
                  for w, g in cases], tnt_worlds_digest(range(3), 15, False), release_digest(8, range(1), False)[0]]))
"""


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the kernels run as plain Python, with the same results bit for bit (the
    collision cases, three 1.16.5 TNT worlds, and the flag scenes and TNT worlds of every release in RELEASES). The
    child runs the kernels only: the object path and traced runs they must equal run here, once."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    child = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT))], env=env, capture_output=True,
                           text=True, timeout=600, cwd=ROOT)
    assert child.returncode == 0, child.stderr[-2000:]
    compiled, cases, digest, releases = json.loads(child.stdout)
    assert compiled is False
    here = [[list(map(float.hex, w)), [float.hex(g[0]), float.hex(g[1]), float.hex(g[2]), bool(g[3])]]
            for w, g in collision_cases(2, 6, 30)]
    assert cases == here
    assert digest == list(tnt_worlds_digest(range(3), 15))
    assert releases == release_digest(8, range(1))[0]
