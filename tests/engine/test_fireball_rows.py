"""Fireballs, small fireballs, wither skulls, dragon fireballs and llama spit as rows (engine.entities.fireball_kernel):
the compiled loop, the object path and the traced run agree bit for bit on random worlds of them in flight (near 0,
straddling it, at 1e6 and ±2·10⁷; random motions, powers and accelerationPowers; water, walls, owners, an owner that
explodes; 1.16.5 to 1.21.11, both tick orders); deliberate mutants of the loop are caught; the kernels run as plain
Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import math
import pickle
import random
from functools import partial

import pytest

from engine import jit
from engine.entities import fireball_kernel
from engine.entities.fireball import DragonFireball, Fireball, SmallFireball, WitherSkull
from engine.entities.llama_spit import LlamaSpit
from engine.geometry.box import Vec3
from engine.tick.simulation import Simulation
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.rows_cases import add_projectile, walled_box
from tests.engine.test_compiled_equality import ORIGINS, SPECIAL, three_ways_digest
from tests.engine.test_player_rows import _mutant
from tests.engine.test_thrown_rows import CALM, OBSTACLES

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 20
KINDS = (Fireball, SmallFireball, WitherSkull, DragonFireball, LlamaSpit)


def _motion(rng: random.Random, scale: float, wild: bool) -> list[float]:
    """Uniform in ±`scale` on each axis; in a `wild` world now and then a special value (±0, tiny, NaN, ±inf) or a
    huge one (the run then stops at the engine's raycast limit, the same way three ways)."""
    m = [rng.choice(SPECIAL) if wild and rng.random() < 0.03 else rng.uniform(-scale, scale) for _ in range(3)]
    if wild and rng.random() < 0.01:
        m[rng.randrange(3)] = rng.choice((1e6, -3e9, 1e300))
    return m


def fireball_world(seed: int, version: str = "1.16.5", obstacles: tuple[str, ...] = OBSTACLES) -> Simulation:
    """Runs of each kind (2 to 12 of a kind, kinds in a random order, now and then one of another kind between) at
    one of ORIGINS in a box of random obstacles with a stone wall, a floor and a water pool: random motions, power
    vectors (and from 1.21 accelerationPowers, or none), charged skulls, a few without gravity or in their first
    tick; now and then a TNT owning some (not left yet), whose short fuse may remove it with its projectiles in
    flight."""
    rng = random.Random(seed)
    sim, ox, oz, px, pz, owner = walled_box(rng, ORIGINS, obstacles, version)
    if owner is not None:
        owner.fuse = rng.choice((3, 200))
    wild = rng.random() < 0.25
    kinds = rng.sample(KINDS, rng.randint(1, len(KINDS)))
    for kind in kinds:
        for _ in range(rng.randint(2, 12)):
            k = rng.choice(KINDS) if rng.random() < 0.1 else kind
            if rng.random() < 0.2:       # in the pool
                pos = (px + rng.uniform(0.2, 3.8), 56.0 + rng.uniform(0, 2.5), pz + rng.uniform(0.2, 3.8))
            else:
                pos = (ox + rng.uniform(-9, 9), 56.0 + rng.uniform(0, 14), oz + rng.uniform(-9, 9))
            e = sim.create(k, Vec3(*pos), Vec3(*_motion(rng, 1.2, wild)))
            if k is not LlamaSpit:
                e.power = Vec3(*_motion(rng, 0.15, wild))
                if rng.random() < 0.5:
                    e.acceleration_power = rng.choice((0.0, rng.uniform(0.0, 0.3), math.nan))
                e.charged = k is WitherSkull and rng.random() < 0.5
            add_projectile(sim, rng, e, owner)
    return sim


def worlds_digest(seeds: range, ticks: int = TICKS, version: str = "1.16.5",
                  obstacles: tuple[str, ...] = OBSTACLES, compare: bool = True) -> tuple[str, int, int]:
    """`three_ways_digest` of the random fireball worlds in `version` (the compiled runs only unless `compare`)."""
    return three_ways_digest(partial(fireball_world, version=version, obstacles=obstacles), seeds, ticks, compare)


def test_random_fireball_worlds_compiled_object_and_traced_agree() -> None:
    """8 random worlds, 20 ticks, 1.16.5 (the power vector): compiled, object path and traced runs agree bit for
    bit, and most ticks in flight were compiled."""
    _, done, handed = worlds_digest(range(8))
    assert done > handed, (done, handed)


def test_random_fireball_worlds_agree_from_1_20_5_to_1_21_11() -> None:
    """1.20.5 (the spit's gravity a double), 1.21 (the acceleration along the Motion) and 1.21.2's order (the
    acceleration and drag first, the hit test along the new Motion — meeting the world border —, the move,
    `tickBlockCollision`, the base tick) in 1.21.2, 1.21.8 (worlds without blocks that act on entities: their
    sections stop the run) and 1.21.11 run the loop: the same three ways, most ticks compiled."""
    for version, obstacles in (("1.20.5", OBSTACLES), ("1.21", OBSTACLES), ("1.21.2", OBSTACLES), ("1.21.8", CALM),
                               ("1.21.11", CALM)):
        _, done, handed = worlds_digest(range(2), 15, version, obstacles)
        assert done > handed, (version, done, handed)
    late = Simulation(version="1.21.8")
    assert Fireball.batch.decides(late.world, late.features) and Fireball.batch.late(late.features)
    assert LlamaSpit.batch.decides(late.world, late.features) and not LlamaSpit.batch.late(late.features)


@pytest.mark.parametrize("version", ["1.16.5", "1.21.8"])
def test_fireballs_and_spit_in_free_flight_are_compiled(version: str) -> None:
    """Ownerless fireballs of each kind and spit in open air, 4 m apart: every tick after the first is compiled;
    each is where the object path puts it, and the fireballs sped up along their power (× 0.95F a tick; from 1.21
    the accelerationPower along the Motion)."""
    def make() -> tuple[Simulation, list]:
        sim = Simulation(World(), version=version)
        out = []
        for n, kind in enumerate(KINDS):
            for k in range(4):
                e = sim.create(kind, Vec3(0.5 + 4 * k, 100.0, 0.5 + 6 * n), Vec3(0.05, 0.02 * k, -0.01))
                if kind is not LlamaSpit:
                    e.power = Vec3(0.1, 0.0, 0.0)
                    e.acceleration_power = 0.1
                sim.add_entity(e)
                out.append(e)
        return sim, out
    sim, entities = make()
    for _ in range(12):
        sim.tick()
    assert sim.object_ticks == 20 and sim.kernel_ticks == 11 * 20
    ref, twins = make()
    ref.vectorize = False
    for _ in range(12):
        ref.tick()
    assert [e.pos for e in entities] == [e.pos for e in twins]
    assert [e.motion for e in entities] == [e.motion for e in twins]
    assert all(not e.removed and e.left_owner for e in entities)
    assert all(e.motion.x > 0.5 for e in entities if not isinstance(e, LlamaSpit))
    assert all(e.motion.y < 0.0 for e in entities if isinstance(e, LlamaSpit))


def test_fireball_rows_read_back_and_survive_clones_and_pickles() -> None:
    sim = Simulation()
    s = sim.create(WitherSkull, Vec3(0.5, 70.0, -0.5), Vec3(0.1, math.nan, -0.0))
    sim.add_entity(s)
    s.power, s.acceleration_power, s.charged, s.owner = Vec3(0.1, -0.2, 0.3), 0.25, True, 7
    twin = s.clone()
    copy = pickle.loads(pickle.dumps(s))
    s.power, s.acceleration_power = Vec3(0.0, 0.0, 0.0), None
    assert (twin.power, twin.acceleration_power, twin.charged, twin.owner) == (Vec3(0.1, -0.2, 0.3), 0.25, True, 7)
    assert (copy.power, copy.acceleration_power, copy.charged) == (Vec3(0.1, -0.2, 0.3), 0.25, True)
    assert s.acceleration_power is None and s.accel_power() == 0.1 and s.drag() == twin.CHARGED_DRAG
    assert "acceleration_power" not in s.type_fields() and twin.type_fields()["charged"] is True
    assert math.isnan(copy.motion.y)


@pytest.mark.parametrize(("name", "old", "new", "version"), [
    # the air drag for all: a fireball in water or a charged skull dragged like one in air
    ("accelerate_and_drag", "k = k_water if", "k = k_air if", "1.16.5"),
    # 1.21.2's order: the drag before the acceleration
    ("accelerate_and_drag", "accelerate(f, r, along_motion, f[r, F_ACCELERATION] if i[r, I_ACCELERATION_SET] else a, "
     "zero_below)   # A\n    multiply_motion(f, r, k)",
     "multiply_motion(f, r, k)\n    accelerate(f, r, along_motion, f[r, F_ACCELERATION] if i[r, I_ACCELERATION_SET] "
     "else a, zero_below)", "1.21.2"),
    # from 1.21 the Motion normalised by the float length (1.16.5's), not the double one
    ("accelerate", "d = math.sqrt(mx * mx + my * my + mz * mz)",
     "d = np.float32(math.sqrt(mx * mx + my * my + mz * mz))", "1.21"),
    # spit its tick removes (water, no air, a bubble column) flies on
    ("_spit_removed", "if i[r, I_FLAGS] & TOUCHING_WATER:\n        return True", "return False", "1.16.5"),
])
def test_fireball_loop_mutants_are_caught(monkeypatch, name: str, old: str, new: str, version: str) -> None:
    """The comparison above fails for a loop with a deliberate mistake: the object path runs the kernels' plain forms
    (engine.jit.plain) made from the unchanged source."""
    for caller in ("tick_rows", "accelerate_and_drag"):
        k = getattr(fireball_kernel, caller)
        monkeypatch.setattr(fireball_kernel, caller, getattr(k, "py_func", k))
    monkeypatch.setattr(fireball_kernel, name, _mutant(fireball_kernel, name, old, new))
    with pytest.raises(AssertionError):
        worlds_digest(range(6), 12, version)


def test_jit_off_equals_jit_on() -> None:
    """With the JIT off the fireball loop gives the same states, bit for bit, in 1.16.5, 1.21 and 1.21.8 (1.21.2's
    order, the refused block check by section). The child runs the loop only: the object path and traced runs it
    must equal run here, once."""
    expression = ("[worlds_digest(range(3), 12, compare=False), worlds_digest(range(2), 12, '1.21', compare=False), "
                  "worlds_digest(range(2), 12, '1.21.8', CALM, False)]")
    compiled, digests = jit_off_run("tests.engine.test_fireball_rows", expression)
    assert compiled is False
    assert digests == [list(worlds_digest(range(3), 12)), list(worlds_digest(range(2), 12, "1.21")),
                       list(worlds_digest(range(2), 12, "1.21.8", CALM))]
