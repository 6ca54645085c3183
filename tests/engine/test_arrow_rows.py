"""Arrows and tridents as rows (engine.entities.arrow_kernel): the compiled loop, the object path and the traced run
agree bit for bit on random worlds of arrows and tridents in flight through air and water, hitting blocks and
entities and stuck in blocks, in both tick orders (1.16.5-1.21.1 and 1.21.2-1.21.11); deliberate mutants of the loop
are caught; the kernels run as plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import math
import pickle
import random
from functools import partial

import pytest

from engine import jit
from engine.entities import arrow_kernel
from engine.entities.arrow import Arrow, PersistentProjectile, Trident
from engine.entities.tnt import Tnt
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
# without the cobweb: a release refusing `block_effects` (1.21.10 on) stops at the first arrow near its section
CALM = tuple(o for o in OBSTACLES if o != "cobweb")


def arrow_world(seed: int, version: str = "1.16.5", obstacles: tuple[str, ...] = OBSTACLES) -> Simulation:
    """2 to 30 arrows and tridents at one of ORIGINS in a box of random obstacles with a stone wall on one side and
    a water pool: flying in every direction (now and then a Motion of ±0, tiny or 0.04 on an axis), some in
    the pool, some stuck in the wall (by the block they are in, a few near the end of their life, a few whose block
    is not the one they hit: they may fall), some inside the wall but not stuck, a few of them still (the in-ground
    test catches them);
    one now and then without gravity or in its first tick; now and then a TNT near them (an entity they may hit),
    some owned by it and not yet clear of it."""
    rng = random.Random(seed)
    sim, ox, oz, px, pz, owner = walled_box(rng, ORIGINS, obstacles, version)
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


def worlds_digest(seeds: range | tuple[int, ...], ticks: int = TICKS, version: str = "1.16.5",
                  obstacles: tuple[str, ...] = OBSTACLES) -> tuple[str, int, int]:
    """`three_ways_digest` of the random arrow worlds in `version`."""
    return three_ways_digest(partial(arrow_world, version=version, obstacles=obstacles), seeds, ticks)


def test_random_arrow_worlds_compiled_object_and_traced_agree() -> None:
    """12 random worlds of arrows and tridents, 30 ticks, 1.16.5: compiled, object path and traced runs agree bit
    for bit, and most arrow ticks were compiled."""
    _, done, handed = worlds_digest(range(12))
    assert done > handed, (done, handed)


def test_random_arrow_worlds_agree_in_1_20_5_and_where_the_object_path_ticks() -> None:
    """1.20.5 (the gravity a double, the submerged test at the eye) runs the loop; 1.15.2 (flyingTick) takes the
    object path: the same three ways."""
    _, done, handed = worlds_digest(range(3), 20, "1.20.5")
    assert done > handed, (done, handed)
    worlds_digest(range(1), 10, "1.15.2")
    old = Simulation(version="1.15.2")
    assert not Arrow.batch.decides(old.world, old.features)


# 1.21.2's order in the releases of its read changes: 1.21.4's drag split, 1.21.8's zeroed Motion and unpushed stuck
# arrows, 1.21.11's many hits and its block check refused by section (the cobweb's worlds stop the same three ways)
LATE = (("1.21.2", OBSTACLES, (0, 1)), ("1.21.4", OBSTACLES, range(4)), ("1.21.8", OBSTACLES, range(4)),
        ("1.21.11", CALM, range(4)))


def test_random_arrow_worlds_agree_from_1_21_2_to_1_21_11() -> None:
    """1.21.2's order (the in-ground test first; stuck, `tickBlockCollision` and no base tick; in flight the raycast
    along the Motion of the tick's start, the move, `tickBlockCollision`, the drag, the gravity, the base tick) runs
    the loop in 1.21.2, 1.21.4, 1.21.8 and 1.21.11: the same three ways, most ticks compiled. 1.21.11's worlds with
    cobwebs stop where the object path stops (at once in world 3)."""
    for version, obstacles, seeds in LATE:
        _, done, handed = worlds_digest(seeds, 15, version, obstacles)
        assert done > 4 * handed, (version, done, handed)
    worlds_digest((2, 3), 15, "1.21.11")


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


def late_world(version: str, target: bool = False) -> Simulation:
    """`_flight_and_wall`'s arrows and tridents in open air and arrows stuck in its wall, 4 arrows shot at the wall
    (they hit it in their third tick, then stay), 3 arrows without gravity along a water channel, 2 arrows put
    inside a stone block with a Motion (stuck from their first tick); with `target`, a TNT (fuse 200, no gravity)
    in the first flying arrow's path in its second tick."""
    sim, _, _ = _flight_and_wall(version)
    stone, water = blocks.parse_block_state("stone"), blocks.parse_block_state("water")
    sim.world.set_block_state(10, 60, 10, stone)
    for x in range(12):
        for y in (39, 40, 41):
            for z in (19, 20, 21):
                sim.world.set_block_state(x, y, z, water)
    for pos, motion, no_gravity in [*(((-16.5, 61.5, -3.5 + 2 * k), (-1.5, 0.0, 0.0), False) for k in range(4)),
                                    *(((1.5 + 3 * k, 40.2, 20.5), (0.8, 0.0, 0.01), True) for k in range(3)),
                                    *(((10.3 + 0.4 * k, 60.5, 10.5), (1.5, 0.2, 0.0), False) for k in range(2))]:
        e = sim.create(Arrow, Vec3(*pos), Vec3(*motion))
        e.no_gravity, e.left_owner = no_gravity, True
        sim.add_entity(e)
    if target:
        tnt = sim.create(Tnt, Vec3(1.1, 101.5, -0.5))
        tnt.fuse, tnt.no_gravity = 200, True
        sim.add_entity(tnt)
    return sim


def _unseen(sim: Simulation) -> list:
    """What `three_ways_digest`'s lines leave out of the arrows' rows: ticks in the ground, the block state stuck
    in, the submerged, left-owner and first-update flags; and the entities queried in the tick."""
    arrows = (e for e in sim.entities if isinstance(e, PersistentProjectile))
    return [sim.world.entities_queried, *((e.in_ground_time, e.in_block_state_id, e.submerged_in_water, e.left_owner,
                                           e.first_update) for e in arrows)]


@pytest.mark.parametrize("version", ["1.21.4", "1.21.8", "1.21.11"])
def test_late_arrows_in_flight_in_water_and_stuck_are_compiled(version: str) -> None:
    """1.21.2's order: arrows in open air and in water, and arrows stuck in blocks (from their first tick: no base
    tick in the ground), compiled every tick but a flying arrow's first and the tick a shot one hits the wall (handed
    back); three ways alike, and the rows' fields the lines leave out alike tick by tick. The arrows put inside stone
    keep their Motion in 1.21.4 and lose it from 1.21.7 (`arrow_in_ground_zeroes_motion`). A hit on a TNT is handed
    back and deflects the arrow."""
    three_ways_digest(lambda _: late_world(version), range(1), 25)
    compiled, twin = late_world(version), late_world(version)
    twin.vectorize = False
    for _ in range(25):
        compiled.tick()
        twin.tick()
        assert _unseen(compiled) == _unseen(twin)
    arrows = [e for e in compiled.entities if isinstance(e, PersistentProjectile)]
    assert compiled.object_ticks == 6 + 4 * 2 + 3 and compiled.kernel_ticks == 25 * len(arrows) - 17
    shot, swimming, inside = arrows[12:16], arrows[16:19], arrows[19:]
    assert all(e.in_ground and -19.0 < e.pos.x < -18.9 and e.motion == Vec3(0.0, 0.0, 0.0) for e in shot)
    assert all(e.touching_water and not e.in_ground and 1.5 < e.pos.x < 12.0 for e in swimming)
    moving = Vec3(1.5, 0.2, 0.0) if version == "1.21.4" else Vec3(0.0, 0.0, 0.0)
    assert all(e.in_ground and e.motion == moving and e.life == 25 for e in inside)
    _, done, handed = three_ways_digest(lambda _: late_world(version, target=True), range(1), 25)
    hit = late_world(version, target=True)
    for _ in range(3):
        hit.tick()
    assert hit.entities[0].motion.x < 0.0 and done > 20 * handed > 20 * 17


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
    """The loop and the two orders' ticks as plain Python, their kernels looked up at call time."""
    for name in ("tick_rows", "early_flight", "late_flight"):
        k = getattr(arrow_kernel, name)
        monkeypatch.setattr(arrow_kernel, name, getattr(k, "py_func", k))


@pytest.mark.parametrize(("name", "old", "new", "version"), [
    # the water drag 0.6F one ulp off
    ("apply_drag", "water_drag if i[r, I_FLAGS]", "np.nextafter(water_drag, 1.0) if i[r, I_FLAGS]", "1.16.5"),
    # the in-ground test skipped (an arrow inside a block flies on)
    ("_cell", "not flags[sid] & AIR and _inside_block(", "False and _inside_block(", "1.16.5"),
    # 1.21.7's in-ground test keeping the Motion
    ("tick_rows", "stick(f, i, r, zeroes_motion)", "stick(f, i, r, False)", "1.21.8"),
    # 1.21.4's water drag before the raycast as the air drag
    ("late_flight", "multiply_motion(f, r, water_drag)", "multiply_motion(f, r, ARROW_DRAG)", "1.21.4"),
    # 1.21.2's drag after the move left out
    ("late_flight", "if not first:\n        apply_drag(", "if False:\n        apply_drag(", "1.21.2"),
])
def test_arrow_loop_mutants_are_caught(monkeypatch, name: str, old: str, new: str, version: str) -> None:
    """The comparison above fails for a loop with a deliberate mistake: the object path runs the kernels' plain forms
    (engine.jit.plain) made from the unchanged source."""
    _loop_uncompiled(monkeypatch)
    monkeypatch.setattr(arrow_kernel, name, _mutant(arrow_kernel, name, old, new))
    with pytest.raises(AssertionError):
        worlds_digest(range(3), 15, version)


def test_jit_off_equals_jit_on() -> None:
    """With the JIT off the arrow loop gives the same states, bit for bit, in 1.16.5, 1.20.5, 1.21.8 (1.21.2's
    order) and 1.21.11 (a hit on a TNT handed back)."""
    expression = ("[worlds_digest(range(4), 15), worlds_digest(range(2), 15, '1.20.5'), "
                  "worlds_digest(range(3), 15, '1.21.8'), "
                  "three_ways_digest(lambda _: late_world('1.21.11', True), range(1), 25)]")
    compiled, digests = jit_off_run("tests.engine.test_arrow_rows", expression)
    assert compiled is False
    assert digests == [list(worlds_digest(range(4), 15)), list(worlds_digest(range(2), 15, "1.20.5")),
                       list(worlds_digest(range(3), 15, "1.21.8")),
                       list(three_ways_digest(lambda _: late_world("1.21.11", True), range(1), 25))]
