"""Thrown projectiles as rows (engine.entities.thrown_kernel): the compiled loop, the object path and the traced run
agree bit for bit on random worlds of ender pearls and snowballs in flight (1.16.5 to 1.21.11, both tick orders) and
on the bundled pearl and snowball scenes; deliberate mutants of the loop are caught; the kernels run as plain Python
(`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Iterable
from functools import partial

import pytest

from engine import jit
from engine.entities import thrown_kernel
from engine.entities.thrown import EnderPearl, Snowball
from engine.geometry.box import Vec3
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from engine.world.border import WorldBorder
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.rows_cases import add_projectile, walled_box
from tests.engine.test_compiled_equality import ORIGINS, ROOT, SPECIAL, three_ways_digest
from tests.engine.test_player_rows import _mutant

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 30
# what the projectiles fly past or into: walls, slabs, a fence, glass, blocks with an entity effect (cobwebs, a
# bubble column, soul sand's own is in Entity.move only), water
OBSTACLES = ("stone", "stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "cobblestone_wall[east=low]",
             "oak_fence[east=true,west=true]", "glass", "cobweb", "bubble_column[drag=true]", "soul_sand", "water",
             "water[level=3]", "lava", "grass", "torch")
BUNDLED = ("cannon_pearl.toml", "pearl_cannon.toml", "pearl_correction.toml", "pearl_second_launch.toml",
           "pearl_slime_return.toml", "pearl_throw_flat.toml", "pearl_throw_target.toml",
           "living_projectile_knockback_1_21.toml", "raycast_fig_4_2_2.toml", "raycast_fig_4_2_3.toml",
           "snowball_player_refuses_zero_damage.toml")
# the obstacles without a block that acts on entities (cobwebs, bubble columns, soul sand, lava): a release refusing
# `block_effects` (1.21.5 on) stops at the first projectile near a section holding one
CALM = tuple(o for o in OBSTACLES if not o.startswith(("cobweb", "bubble_column", "soul_sand", "lava")))


def thrown_world(seed: int, version: str = "1.16.5", obstacles: tuple[str, ...] = OBSTACLES) -> Simulation:
    """2 to 30 pearls and snowballs at one of ORIGINS (near 0, straddling it, and ±2·10⁷) in a box of random
    obstacles with a stone wall on one side and a water pool: flying in every direction (a few with special
    motions: ±0, tiny, NaN, ±inf, and huge), one now and then without gravity or in its first tick; now and then a
    TNT near them (an entity they may hit), some owned by it and not yet clear of it."""
    rng = random.Random(seed)
    sim, ox, oz, px, pz, owner = walled_box(rng, ORIGINS, obstacles, version)
    for _ in range(rng.randint(2, 30)):
        kind = EnderPearl if rng.random() < 0.5 else Snowball
        if rng.random() < 0.2:       # in the pool
            pos = (px + rng.uniform(0.2, 3.8), 56.0 + rng.uniform(0, 2.5), pz + rng.uniform(0.2, 3.8))
        else:
            pos = (ox + rng.uniform(-9, 9), 56.0 + rng.uniform(0, 14), oz + rng.uniform(-9, 9))
        m = [rng.choice(SPECIAL) if rng.random() < 0.05 else rng.uniform(-1.5, 1.5) for _ in range(3)]
        if rng.random() < 0.03:
            m[rng.randrange(3)] = rng.choice((1e6, -3e9, 1e300))
        e = sim.create(kind, Vec3(*pos), Vec3(*m))
        add_projectile(sim, rng, e, owner)
    return sim


def worlds_digest(seeds: Iterable[int], ticks: int = TICKS, version: str = "1.16.5",
                  obstacles: tuple[str, ...] = OBSTACLES) -> tuple[str, int, int]:
    """`three_ways_digest` of the random thrown worlds in `version`."""
    return three_ways_digest(partial(thrown_world, version=version, obstacles=obstacles), seeds, ticks)


def test_random_thrown_worlds_compiled_object_and_traced_agree() -> None:
    """12 random worlds of pearls and snowballs, 30 ticks, 1.16.5: compiled, object path and traced runs agree bit
    for bit, and most thrown ticks in flight were compiled."""
    _, done, handed = worlds_digest(range(12))
    assert done > handed, (done, handed)


def test_random_thrown_worlds_agree_from_1_20_5_to_1_21_11() -> None:
    """1.20.5 (the gravity a double, the submerged test at the eye) and 1.21.2's order (gravity and drag first, the
    hit test along the new Motion, the move, `tickBlockCollision`, the base tick) in 1.21.2, 1.21.4, 1.21.8 and
    1.21.11 (where a block with an entity effect in a section nearby stops the run: worlds without them, and one
    with them, which stops the same way) run the loop: the same three ways, most ticks compiled."""
    _, done, handed = worlds_digest(range(3), 20, "1.20.5")
    assert done > handed, (done, handed)
    for version, obstacles, seeds in (("1.21.2", OBSTACLES, (4, 8)), ("1.21.4", OBSTACLES, (10, 18)),
                                      ("1.21.8", CALM, (13, 14)), ("1.21.11", CALM, (10, 18))):
        _, done, handed = worlds_digest(seeds, 15, version, obstacles)
        assert done > 4 * handed, (version, done, handed)
    worlds_digest(range(1), 5, "1.21.8")
    late = Simulation(version="1.21.8")
    assert EnderPearl.batch.decides(late.world, late.features) and EnderPearl.batch.late(late.features)


def border_world(version: str) -> Simulation:
    """Six ownerless pearls flying east at 1.5 a tick 9.5 to 4.5 short of a world border 40 wide at x = 20."""
    sim = Simulation(World(WorldBorder(size=40.0)), version=version)
    for k in range(6):
        p = sim.create(EnderPearl, Vec3(10.5 + k, 100.0, 3.0 * k - 7.5), Vec3(1.5, 0.0, 0.0))
        p.no_gravity = True
        sim.add_entity(p)
    return sim


def test_late_pearls_meet_the_world_border() -> None:
    """From 1.21.2 the raycast meets the world border (`getCollisionsIncludingWorldBorder`): the loop hands back the
    pearl whose path leaves it, and the object path lands it there, three ways; 1.21.1's pearls fly through."""
    for version in ("1.21.1", "1.21.2"):
        three_ways_digest(partial(lambda _, v: border_world(v), v=version), range(1), 8)
    sims, pearls = {}, {}
    for version in ("1.21.1", "1.21.2"):
        sims[version] = sim = border_world(version)
        pearls[version] = list(sim.entities)
        for _ in range(8):
            sim.tick()
    assert len(pearls["1.21.2"]) == 6 and all(p.removed for p in pearls["1.21.2"])
    assert not any(p.removed for p in pearls["1.21.1"]) and all(p.pos.x > 20.0 for p in pearls["1.21.1"])
    assert sims["1.21.2"].kernel_ticks > sims["1.21.2"].object_ticks > 6


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_thrown_scenes_compiled_object_and_traced_agree(name: str) -> None:
    """Every bundled scene with a pearl or a snowball (the pearl cannons and spec 07's figure scenes), 60 ticks,
    three ways."""
    three_ways_digest(lambda _: load_scene(ROOT / "scenes" / name), range(1), 60)


@pytest.mark.parametrize("version", ["1.16.5", "1.21.8"])
def test_pearls_in_free_flight_are_compiled(version: str) -> None:
    """Ownerless pearls thrown through open air: every tick after the first is compiled; each lands where the
    object path puts it (up to 1.21.1 the drag before the gravity, the position moved by the Motion read before
    both; from 1.21.2 the gravity, the drag, then the move by the new Motion)."""
    def make() -> tuple[Simulation, list[EnderPearl]]:
        sim = Simulation(World(), version=version)
        pearls = []
        for k in range(6):
            p = sim.create(EnderPearl, Vec3(0.5 + 3 * k, 100.0, -0.5), Vec3(0.3, 0.9, -0.2 * k))
            sim.add_entity(p)
            pearls.append(p)
        return sim, pearls
    sim, pearls = make()
    for _ in range(25):
        sim.tick()
    assert sim.object_ticks == 6 and sim.kernel_ticks == 24 * 6
    ref, twins = make()
    ref.vectorize = False
    for _ in range(25):
        ref.tick()
    assert [p.pos for p in pearls] == [p.pos for p in twins]
    assert all(not p.removed and p.left_owner and 100.0 < p.pos.y < 120.0 for p in pearls)


def test_thrown_rows_read_back_and_survive_clones_and_pickles() -> None:
    sim = Simulation()
    p = sim.create(EnderPearl, Vec3(0.5, 70.0, -0.5), Vec3(0.1, math.nan, -0.0))
    sim.add_entity(p)
    p.owner, p.left_owner, p.submerged_in_water = 7, True, True
    twin = p.clone()
    copy = pickle.loads(pickle.dumps(p))
    p.owner = 9
    assert (twin.owner, twin.left_owner, twin.submerged_in_water, twin.first_update) == (7, True, True, True)
    assert (copy.owner, copy.left_owner) == (7, True) and math.isnan(copy.motion.y)


def _loop_uncompiled(monkeypatch) -> None:
    """The loop and its head (`clear_flight`) as plain Python, their kernels looked up at call time."""
    for name in ("tick_rows", "clear_flight", "moved_flight", "flight_clear", "path_clear", "entities_clear"):
        k = getattr(thrown_kernel, name)
        monkeypatch.setattr(thrown_kernel, name, getattr(k, "py_func", k))


@pytest.mark.parametrize(("name", "old", "new", "version"), [
    # the drag after the gravity
    ("tick_rows", "drag(f, r, i[r, I_FLAGS] & TOUCHING_WATER != 0)" + " " * 21 + "# 5 D\n"
     "                if not i[r, I_FLAGS] & NO_GRAVITY:\n                    gravity(f, r, g)",
     "if not i[r, I_FLAGS] & NO_GRAVITY:\n                    gravity(f, r, g)\n"
     "                drag(f, r, i[r, I_FLAGS] & TOUCHING_WATER != 0)", "1.16.5"),
    # 1.21.2's order: the drag before the gravity
    ("tick_rows", "if not i[r, I_FLAGS] & NO_GRAVITY:\n                gravity(f, r, g)" + " " * 52 + "# 1 G\n"
     "            drag(f, r, i[r, I_FLAGS] & TOUCHING_WATER != 0)",
     "drag(f, r, i[r, I_FLAGS] & TOUCHING_WATER != 0)\n"
     "            if not i[r, I_FLAGS] & NO_GRAVITY:\n                gravity(f, r, g)", "1.21.2"),
    # the raycast does not stop at a block (projectiles fly through walls)
    ("collider_path_clear", "if s < 0 or not empty[s]:", "if s < 0:", "1.16.5"),
])
def test_thrown_loop_mutants_are_caught(monkeypatch, name: str, old: str, new: str, version: str) -> None:
    """The comparison above fails for a loop with a deliberate mistake: the object path runs the kernels' plain forms
    (engine.jit.plain) made from the unchanged source."""
    _loop_uncompiled(monkeypatch)
    if name == "collider_path_clear":
        from engine.motion import raycast_kernel
        monkeypatch.setattr(thrown_kernel, name, _mutant(raycast_kernel, name, old, new))
    else:
        monkeypatch.setattr(thrown_kernel, name, _mutant(thrown_kernel, name, old, new))
    with pytest.raises(AssertionError):
        worlds_digest(range(8), 15, version)


def test_late_border_mutant_is_caught(monkeypatch) -> None:
    """A 1.21.2 loop whose raycast ignores the world border lets the pearls fly through it: caught."""
    _loop_uncompiled(monkeypatch)
    monkeypatch.setattr(thrown_kernel, "_inside", lambda border, x, z: True)
    with pytest.raises(AssertionError):
        three_ways_digest(lambda _: border_world("1.21.2"), range(1), 8)


def test_jit_off_equals_jit_on() -> None:
    """With the JIT off the thrown loop gives the same states, bit for bit, in 1.16.5, 1.20.5 and 1.21.8 (1.21.2's
    order, the refused block check by section)."""
    expression = ("[worlds_digest(range(4), 15), worlds_digest(range(2), 15, '1.20.5'), "
                  "worlds_digest((10, 13), 15, '1.21.8', CALM)]")
    compiled, digests = jit_off_run("tests.engine.test_thrown_rows", expression)
    assert compiled is False
    assert digests == [list(worlds_digest(range(4), 15)), list(worlds_digest(range(2), 15, "1.20.5")),
                       list(worlds_digest((10, 13), 15, "1.21.8", CALM))]
