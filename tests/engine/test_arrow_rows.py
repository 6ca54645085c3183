"""Arrows and tridents as rows (engine.entities.arrow_kernel): the compiled loop, the object path and the traced run
agree bit for bit on random worlds of arrows and tridents in flight through air and water, hitting blocks and
stuck in them; deliberate mutants of the loop are caught; the kernels run as plain Python (`NUMBA_DISABLE_JIT=1`)
with the same results."""

from __future__ import annotations

import math
import pickle
import random
from functools import partial

import pytest

from engine import jit
from engine.entities import arrow_kernel
from engine.entities.arrow import Arrow, PersistentProjectile, Trident
from engine.geometry.box import Vec3
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.rows_cases import add_projectile, walled_box
from tests.engine.test_compiled_equality import SPECIAL, three_ways_digest
from tests.engine.test_player_rows import _mutant

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 30
STILL = tuple(m for m in SPECIAL if math.isfinite(m))   # a non-finite Motion's raycast stops the run: a limit
ORIGINS = ((0, 0), (-3, 2), (1_000_000, 0), (0, -1_000_000), (1_000_000, 1_000_000))   # near 0, across it, at 1e6
# what the arrows fly past, into or get stuck in: walls, slabs, a fence, glass, cobwebs (an entity effect), water
OBSTACLES = ("stone", "stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "oak_fence[east=true,west=true]",
             "glass", "cobweb", "water", "water[level=3]", "grass")


def arrow_world(seed: int, version: str = "1.16.5") -> Simulation:
    """2 to 30 arrows and tridents at one of ORIGINS in a box of random obstacles with a stone wall on one side and
    a water pool: flying in every direction (now and then a Motion of ±0, tiny or 0.04 on an axis), some in
    the pool, some stuck in the wall (by the block they are in, a few near the end of their life, a few whose block
    is not the one they hit: they may fall), some inside the wall but not stuck, a few of them still (the in-ground
    test catches them);
    one now and then without gravity or in its first tick; now and then a TNT near them (an entity they may hit),
    some owned by it and not yet clear of it."""
    rng = random.Random(seed)
    sim, ox, oz, px, pz, owner = walled_box(rng, ORIGINS, OBSTACLES, version)
    stone, water = blocks.parse_block_state("stone"), blocks.parse_block_state("water")
    for _ in range(rng.randint(2, 30)):
        kind = Trident if rng.random() < 0.3 else Arrow
        where = rng.random()
        m = [rng.choice(STILL) if rng.random() < 0.1 else rng.uniform(-2.5, 2.5) for _ in range(3)]
        if where < 0.3:          # in the wall
            pos = (ox + 10 + rng.uniform(0.01, 0.99), 56.0 + rng.uniform(0, 15), oz + rng.uniform(-9.9, 9.9))
        elif where < 0.45:       # in the pool
            pos = (px + rng.uniform(0.2, 3.8), 56.0 + rng.uniform(0, 2.5), pz + rng.uniform(0.2, 3.8))
        else:
            pos = (ox + rng.uniform(-9, 9), 56.0 + rng.uniform(0, 14), oz + rng.uniform(-9, 9))
        e = sim.create(kind, Vec3(*pos), Vec3(*m))
        if where < 0.25:         # stuck: by the stone, now and then by another block (it may fall), or old
            e.in_ground, e.motion = True, Vec3(*(rng.uniform(-0.01, 0.01) for _ in range(3)))
            e.in_block_state_id = stone.id if rng.random() < 0.9 else water.id
            e.life = rng.choice((0, 3, 1195))
            e.shake = rng.choice((0, 7))
            e.in_ground_time = rng.choice((0, 4, 30))
        elif where < 0.3:        # in the stone, not stuck (yet), now and then still: its raycast misses
            e.in_block_state_id = stone.id if rng.random() < 0.5 else None
            if rng.random() < 0.5:
                e.motion = Vec3(0.0, 0.0, 0.0)
        add_projectile(sim, rng, e, owner)
    return sim


def worlds_digest(seeds: range, ticks: int = TICKS, version: str = "1.16.5") -> tuple[str, int, int]:
    """`three_ways_digest` of the random arrow worlds in `version`."""
    return three_ways_digest(partial(arrow_world, version=version), seeds, ticks)


def test_random_arrow_worlds_compiled_object_and_traced_agree() -> None:
    """12 random worlds of arrows and tridents, 30 ticks, 1.16.5: compiled, object path and traced runs agree bit
    for bit, and most arrow ticks were compiled."""
    _, done, handed = worlds_digest(range(12))
    assert done > handed, (done, handed)


def test_random_arrow_worlds_agree_in_1_20_5_and_where_the_object_path_ticks() -> None:
    """1.20.5 (the gravity a double, the submerged test at the eye) runs the loop; 1.15.2 (flyingTick) and 1.21.2
    (another tick order) take the object path: the same three ways."""
    _, done, handed = worlds_digest(range(3), 20, "1.20.5")
    assert done > handed, (done, handed)
    for version in ("1.15.2", "1.21.2", "1.21.4"):
        worlds_digest(range(1), 10, version)
        late = Simulation(version=version)
        assert not Arrow.batch.decides(late.world, late.features)


def _flight_and_wall(version: str = "1.16.5") -> tuple[Simulation, list[PersistentProjectile], list[Arrow]]:
    """6 ownerless arrows and tridents shot through open air, and 6 arrows stuck in a stone wall."""
    w = World()
    stone = blocks.parse_block_state("stone")
    for y in range(60, 64):
        for z in range(-4, 4):
            w.set_block_state(-20, y, z, stone)
    sim = Simulation(w, version=version)
    flying = []
    for k in range(6):
        e = sim.create(Trident if k % 2 else Arrow, Vec3(0.5 + 3 * k, 100.0, -0.5), Vec3(0.3, 0.9, -0.2 * k))
        sim.add_entity(e)
        flying.append(e)
    stuck = []
    for k in range(6):
        e = sim.create(Arrow, Vec3(-19.5, 60.5 + k / 2, -3.5 + k))
        e.in_ground, e.in_block_state_id, e.left_owner = True, stone.id, True
        sim.add_entity(e)
        stuck.append(e)
    return sim, flying, stuck


def test_arrows_in_flight_and_stuck_are_compiled() -> None:
    """Arrows and tridents in free flight and arrows stuck in a wall: every tick after the first compiled; they end
    where the object path puts them; the stuck ones stay, age and stay stuck."""
    sim, flying, stuck = _flight_and_wall()
    for _ in range(25):
        sim.tick()
    assert sim.object_ticks == 12 and sim.kernel_ticks == 24 * 12
    ref, twins, _ = _flight_and_wall()
    ref.vectorize = False
    for _ in range(25):
        ref.tick()
    assert [e.pos for e in flying] == [e.pos for e in twins]
    assert [e.motion for e in flying] == [e.motion for e in twins]
    assert all(not e.removed and e.left_owner and 100.0 < e.pos.y < 120.0 for e in flying)
    assert all(e.in_ground and not e.removed and e.life == 25 and e.pos.x == -19.5 for e in stuck)


def test_arrow_rows_read_back_and_survive_clones_and_pickles() -> None:
    sim = Simulation()
    a = sim.create(Trident, Vec3(0.5, 70.0, -0.5), Vec3(0.1, math.nan, -0.0))
    sim.add_entity(a)
    a.in_ground, a.in_block_state_id, a.life, a.shake, a.dealt_damage = True, 1, 33, 7, True
    a.damage_value, a.critical, a.pierce_level = 4.5, True, 2
    twin = a.clone()
    copy = pickle.loads(pickle.dumps(a))
    a.life, a.in_block_state_id = 9, None
    assert (twin.in_ground, twin.in_block_state_id, twin.life, twin.shake, twin.dealt_damage) == (True, 1, 33, 7, True)
    assert (copy.damage_value, copy.critical, copy.pierce_level, copy.life) == (4.5, True, 2, 33)
    assert math.isnan(copy.motion.y) and a.in_block_state_id is None
    assert Arrow(1, Vec3(0.0, 0.0, 0.0)).in_block_state_id is None


def _loop_uncompiled(monkeypatch) -> None:
    k = arrow_kernel.tick_rows
    monkeypatch.setattr(arrow_kernel, "tick_rows", getattr(k, "py_func", k))


@pytest.mark.parametrize(("old", "new"), [
    # the water drag 0.6F one ulp off
    ("water_drag if i[r, I_FLAGS]", "np.nextafter(water_drag, 1.0) if i[r, I_FLAGS]"),
    # the in-ground test skipped (an arrow inside a block flies on)
    ("if not flags[sid] & AIR and _inside_block(", "if False and _inside_block("),
])
def test_arrow_loop_mutants_are_caught(monkeypatch, old: str, new: str) -> None:
    """The comparison above fails for a loop with a deliberate mistake: the object path runs the kernels' plain forms
    (engine.jit.plain) made from the unchanged source."""
    _loop_uncompiled(monkeypatch)
    monkeypatch.setattr(arrow_kernel, "tick_rows", _mutant(arrow_kernel, "tick_rows", old, new))
    with pytest.raises(AssertionError):
        worlds_digest(range(3), 15)


def test_jit_off_equals_jit_on() -> None:
    """With the JIT off the arrow loop gives the same states, bit for bit, in 1.16.5 and 1.20.5."""
    expression = "[worlds_digest(range(4), 15), worlds_digest(range(2), 15, '1.20.5')]"
    compiled, digests = jit_off_run("tests.engine.test_arrow_rows", expression)
    assert compiled is False
    assert digests == [list(worlds_digest(range(4), 15)), list(worlds_digest(range(2), 15, "1.20.5"))]
