"""Mobs as rows (engine.living.mob_kernel): the compiled mob tick, the object path and the traced run agree bit for
bit on random worlds of zombies walking to `move_to` targets and on the bundled mob scenes; deliberate mutants of
the kernel are caught; the kernels run as plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import hashlib
import inspect
import json
import random
import textwrap

import pytest

from engine import jit
from engine.core.versions import DEFAULT_VERSION
from engine.entities.rows import LIVING_FLAGS, LIVING_FLOATS, LIVING_INTS, MOB_FLOATS, MOB_INTS
from engine.geometry.box import Vec3
from engine.living import mob_kernel, travel_kernel
from engine.living.mob import MobEntity
from engine.living.mobs import WitherSkeleton, Zombie
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS, ROOT, run_lines

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 40
SCENES = ("zombie_move_to.toml", "zombie_path_around_wall.toml", "zombie_path_across_trench.toml",
          "zombie_path_avoid_lava.toml", "zombie_path_through_door.toml", "piston_section_bug_wither_skeleton.toml",
          "piston_guardian_slime.toml", "riders_zombie_minecart.toml")
FLOORS = ("stone", "stone", "ice", "packed_ice", "soul_sand", "oak_slab[type=top]")
# steps, walls and fences to walk into and jump onto, slippery and slow blocks, and blocks the loop hands back
# for (fluids, climbing, effects, doors)
PATCH = ("stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "stone_brick_stairs[facing=east]",
         "stone_brick_stairs[facing=north,half=top]", "cobblestone_wall[east=low,north=tall]",
         "oak_fence[east=true,west=true]", "ice", "soul_sand", "honey_block", "slime_block", "snow[layers=3]",
         "white_carpet", "ladder[facing=north]", "water", "farmland", "oak_door[facing=east]", "hopper")


def mob_world(seed: int, version: str = DEFAULT_VERSION) -> Simulation:
    """1 to 12 zombies (now and then a wither skeleton, or a mob without AI) on a floor at y 59 of one block
    kind with a random patch of steps, walls and other blocks at y 60-61, at one of ORIGINS (0, and ±2·10⁷),
    each with a `move_to` target somewhere on the patch or beyond it (some none); some start falling or
    moving, some close enough together to push each other; in release `version`."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    floor = blocks.parse_block_state(rng.choice(FLOORS))
    for x in range(ox - 12, ox + 13):
        for z in range(oz - 12, oz + 13):
            w.set_block_state(x, 59, z, floor)
    patch = [blocks.parse_block_state(s) for s in PATCH]
    for _ in range(rng.choice((0, 10, 30, 60))):
        w.set_block_state(ox + rng.randint(-8, 8), 60 + rng.randint(0, 1), oz + rng.randint(-8, 8), rng.choice(patch))
    sim = Simulation(w, version=version)
    for _ in range(rng.randint(1, 12)):
        cls = WitherSkeleton if rng.random() < 0.15 else Zombie
        pos = Vec3(ox + rng.uniform(-7, 7), 60.0 + rng.choice((0.0, 0.0, 0.5, rng.uniform(0, 4))),
                   oz + rng.uniform(-7, 7))
        motion = Vec3(rng.uniform(-0.3, 0.3), rng.choice((-0.0784000015258789, 0.0, 0.3)), rng.uniform(-0.3, 0.3)) \
            if rng.random() < 0.3 else Vec3(0.0, -0.0784000015258789, 0.0)
        m = sim.create(cls, pos, motion)
        m.yaw = rng.uniform(0, 360)
        m.on_ground = pos.y == 60.0
        m.no_ai = rng.random() < 0.1
        if rng.random() < 0.9:
            target = Vec3(ox + rng.uniform(-11, 11), 60.0 + rng.choice((0.0, 1.0, 2.0)), oz + rng.uniform(-11, 11))
            m.move_to = (target, rng.choice((1.0, 0.8, 1.5)))
        sim.add_entity(m)
    if rng.random() < 0.25:                 # a crowd on the chunk corner at the origin, now and then past 23 a box
        crowd(sim, rng, ox, oz, rng.choice((8, 26)), rng.choice((0.8, 1.5)))
    return sim


def crowd(sim: Simulation, rng: random.Random, ox: float, oz: float, count: int, spread: float) -> None:
    """`count` zombies (now and then a wither skeleton) within `spread` of (ox, 60, oz), on the floor, each walking
    to a point within 6 blocks (pushing each other: cramming, vanilla's order of the boxes found)."""
    for _ in range(count):
        cls = WitherSkeleton if rng.random() < 0.15 else Zombie
        m = sim.create(cls, Vec3(ox + rng.uniform(-spread, spread), 60.0, oz + rng.uniform(-spread, spread)),
                       Vec3(0.0, -0.0784000015258789, 0.0))
        m.on_ground = True
        m.yaw = rng.uniform(0, 360)
        m.move_to = (Vec3(ox + rng.uniform(-6, 6), 60.0, oz + rng.uniform(-6, 6)), 1.0)
        sim.add_entity(m)


def mob_lines(sim: Simulation, ticks: int, mode: str) -> list[str]:
    """`run_lines`, with every mob's living and mob columns."""
    lines = run_lines(sim, ticks, mode)
    names = LIVING_FLOATS + LIVING_INTS + LIVING_FLAGS + MOB_FLOATS + MOB_INTS
    return lines + [json.dumps({name: getattr(e, name) for name in names})
                    for e in sim.entities if isinstance(e, MobEntity)]


def worlds_digest(seeds: range) -> tuple[str, int, int]:
    """The hash of the compiled runs of the random mob worlds, each checked equal to the object path and the
    traced run (`test_compiled_equality.three_ways_digest` with the mobs' columns); with the mob ticks the loop
    did and those it handed back."""
    h = hashlib.sha256()
    done = handed = 0
    for seed in seeds:
        sim = mob_world(seed)
        lines = mob_lines(sim, TICKS, "compiled")
        assert lines == mob_lines(mob_world(seed), TICKS, "object"), seed
        assert lines == mob_lines(mob_world(seed), TICKS, "traced"), seed
        done, handed = done + sim.kernel_ticks, handed + sim.object_ticks
        h.update("".join(lines).encode())
    return h.hexdigest(), done, handed


def test_random_mob_worlds_compiled_object_and_traced_agree() -> None:
    """30 random mob worlds, 40 ticks: compiled, object path and traced runs agree bit for bit; most mob ticks
    were compiled, and some were handed back (cramming, climbing, water, honey, doors, landings)."""
    _, done, handed = worlds_digest(range(30))
    assert done > 2 * handed > 0, (done, handed)


def test_bundled_mob_scenes_compiled_object_and_traced_agree() -> None:
    """The bundled scenes with mobs (walking to a point, following paths, pushed by pistons, riding), 60 ticks,
    compiled, on the object path and traced: the same states."""
    for name in SCENES:
        runs = {mode: mob_lines(load_scene(ROOT / "scenes" / name), 60, mode)
                for mode in ("compiled", "object", "traced")}
        assert runs["compiled"] == runs["object"] == runs["traced"], name


def test_a_walking_zombie_is_compiled() -> None:
    """The bundled zombie walking to a point with `move_to`: every tick compiled, and the same as the object path."""
    runs = []
    for vectorize in (True, False):
        sim = load_scene(ROOT / "scenes" / "zombie_move_to.toml")
        sim.vectorize = vectorize
        for _ in range(60):
            sim.tick()
        z = sim.entity_by_id(1)
        runs.append((tuple(z.pos), tuple(z.motion), z.yaw, sim.kernel_ticks, sim.object_ticks))
    assert runs[0][:3] == runs[1][:3]
    assert runs[0][3:] == (60, 0) and runs[1][3:] == (0, 0)
    assert runs[0][0][0] > 5.0   # it walked towards x 20.5


def _plain_mutant(monkeypatch, module, name: str, caller, old: str, new: str) -> None:
    """The mob loop as plain Python (`jit.plain`: no kernel compiled for the test) with kernel `module.name`, as
    called by kernel `caller`, replaced by its source with `old` replaced by `new`: the object path, which runs its
    own plain forms of the shared stages, keeps the unchanged source."""
    fn = getattr(module, name)
    source = textwrap.dedent(inspect.getsource(getattr(fn, "py_func", fn)))
    assert old in source
    source = "\n".join(line for line in source.replace(old, new).splitlines() if not line.startswith("@njit"))
    scope = dict(jit.plain(fn).__globals__)        # its globals, every kernel among them plain
    exec(compile(source, f"<mutant {name}>", "exec"), scope)   # noqa: S102 (a test's own mutant)
    monkeypatch.setitem(jit.plain(caller).__globals__, name, scope[name])
    monkeypatch.setattr(mob_kernel, "tick_rows", jit.plain(mob_kernel.tick_rows))


@pytest.mark.parametrize(("module", "name", "caller", "old", "new"), [
    (travel_kernel, "ground_drag", travel_kernel.travel_ordinary, "f32(slipperiness * LIVING_DRAG)",
     "slipperiness * LIVING_DRAG"),                                      # friction in double
    (mob_kernel, "tick_cramming", mob_kernel.tick_rows, "_before(sec, stamp, j, found[a])", "False"),  # grid order
    (mob_kernel, "tick_cramming", mob_kernel.tick_rows, "f[o, F_POS + 2], double_sqrt)", "f[o, F_POS + 2], True)"),
])                                                                    # the push's root a double (1.17's)
def test_mob_kernel_mutants_are_caught(monkeypatch, module, name, caller, old, new) -> None:
    """The comparison above fails for a kernel with a deliberate mistake given to the compiled loop only (a stage
    both paths share, mutated in the loop's plain form; the object path keeps its own)."""
    _plain_mutant(monkeypatch, module, name, caller, old, new)
    with pytest.raises(AssertionError):
        worlds_digest(range(30))


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the mob kernels run as plain Python, with the same results bit for bit."""
    compiled, digest = jit_off_run("tests.engine.test_mob_rows", "worlds_digest(range(6))")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == list(worlds_digest(range(6)))
