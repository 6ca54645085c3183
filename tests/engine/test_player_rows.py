"""Players as rows (engine.living.player_kernel): the compiled players phase, the object path and the traced run
agree bit for bit on random worlds and the bundled player scenes; deliberate mutants of the kernel are caught;
the kernels run as plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import hashlib
import inspect
import json
import math
import random
import sys
import textwrap

import numpy as np
import pytest

from engine import jit
from engine.core.versions import DEFAULT_VERSION
from engine.entities.rows import F_BOX, I_EXTRA, I_FLAGS, LIVING_FLAGS, LIVING_FLOATS, LIVING_INTS, NF, REMOVED
from engine.geometry.box import Vec3
from engine.java.javanum import f32
from engine.living import player_kernel, travel_kernel
from engine.living.effects import EffectInstance
from engine.living.player import PlayerEntity
from engine.living.player_input import PlayerInput
from engine.motion import collision_kernel, move_kernel
from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.bench.bench_living import arena
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS, ROOT, run_lines

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 40
SCENES = ("player_sprint_jump_route.toml", "player_walk_on_ice.toml", "player_walk_speeds.toml",
          "player_tnt_launch.toml", "bow_draw.toml")
# what the floor and the patch on it are made of: steps, walls, slippery and slow blocks, and blocks the loop
# hands back for (fluids, climbing, effects)
FLOORS = ("stone", "stone", "ice", "packed_ice", "blue_ice", "soul_sand", "oak_slab[type=top]")
PATCH = ("stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "stone_brick_stairs[facing=east]",
         "stone_brick_stairs[facing=north,half=top]", "cobblestone_wall[east=low,north=tall]",
         "oak_fence[east=true,west=true]", "ice", "blue_ice", "soul_sand", "honey_block", "slime_block",
         "snow[layers=3]", "white_carpet", "ladder[facing=north]", "oak_trapdoor[open=true,facing=north]",
         "water", "farmland", "cobweb", "glass_pane[north=true]", "hopper")
KEYS = ("forward", "back", "left", "right", "jump", "sprint", "sneak")


def player_world(seed: int, version: str = DEFAULT_VERSION) -> Simulation:
    """1 to 4 players on a floor at y 59 of one block kind with a random patch of steps, walls and other blocks
    at y 60-61, at one of ORIGINS (0, and ±2·10⁷), each holding random keys over random ranges (mostly forward,
    often sprinting and jumping, now and then sneaking), turning between ranges; some start falling or moving."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    floor = blocks.parse_block_state(rng.choice(FLOORS))
    for x in range(ox - 10, ox + 11):
        for z in range(oz - 10, oz + 11):
            w.set_block_state(x, 59, z, floor)
    patch = [blocks.parse_block_state(s) for s in PATCH]
    for _ in range(rng.choice((10, 30, 60))):
        w.set_block_state(ox + rng.randint(-8, 8), 60 + rng.randint(0, 1), oz + rng.randint(-8, 8), rng.choice(patch))
    sim = Simulation(w, version=version)
    for _ in range(rng.randint(1, 4)):
        pos = Vec3(ox + rng.uniform(-6, 6), 60.0 + rng.choice((0.0, 0.0, 0.5, rng.uniform(0, 4))),
                   oz + rng.uniform(-6, 6))
        motion = Vec3(rng.uniform(-0.3, 0.3), rng.choice((-0.0784000015258789, 0.0, 0.3)), rng.uniform(-0.3, 0.3)) \
            if rng.random() < 0.3 else Vec3(0.0, -0.0784000015258789, 0.0)
        p = sim.create(PlayerEntity, pos, motion)
        p.yaw = rng.uniform(-180, 180)
        p.on_ground = pos.y == 60.0
        sim.add_entity(p)
        hold_random_keys(p, rng, (3, 15), 0.5, {"forward": 0.8, "sneak": 0.1}, 0.5)
    return sim


def hold_random_keys(p: PlayerEntity, rng: random.Random, spans: tuple[int, int], chance: float,
                     chances: dict[str, float], turn: float) -> None:
    """Player `p` holds random keys over ticks 1..TICKS, in ranges `spans` (least, most) ticks longer than one:
    each key with `chance`, the keys of `chances` with theirs instead, turning to a random yaw with `turn`."""
    t = 1
    while t <= TICKS:
        last = min(TICKS, t + rng.randint(*spans))
        held = {k: rng.random() < chance for k in KEYS}
        for k, c in chances.items():
            held[k] = rng.random() < c
        p.set_held_input(t, last, PlayerInput(**held, yaw=rng.uniform(-180, 180) if rng.random() < turn else None))
        t = last + 1


def sneak_world(seed: int, version: str = DEFAULT_VERSION) -> Simulation:
    """1 to 4 players on a ledge: stone at y 59 over random rectangles (edges and gaps everywhere), a stone floor 3
    blocks below, top slabs at y 61 here and there (a ceiling a standing player does not fit under, a crouching
    one does), at one of ORIGINS; each walks or strafes in random directions over random ranges, mostly sneaking,
    sometimes jumping or sprinting (the sneaking pose, its slowdown and the edge probe, compiled)."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    stone, slab = blocks.parse_block_state("stone"), blocks.parse_block_state("oak_slab[type=top]")
    for x in range(ox - 10, ox + 11):
        for z in range(oz - 10, oz + 11):
            w.set_block_state(x, 56, z, stone)
    for _ in range(rng.randint(3, 8)):
        x0, z0 = ox + rng.randint(-7, 5), oz + rng.randint(-7, 5)
        for x in range(x0, x0 + rng.randint(1, 4)):
            for z in range(z0, z0 + rng.randint(1, 4)):
                w.set_block_state(x, 59, z, stone)
                if rng.random() < 0.15:
                    w.set_block_state(x, 61, z, slab)
    sim = Simulation(w, version=version)
    for _ in range(rng.randint(1, 4)):
        x, z = ox + rng.uniform(-7, 7), oz + rng.uniform(-7, 7)
        standing = w.get_block_state(math.floor(x), 59, math.floor(z)).block != "air"
        p = sim.create(PlayerEntity, Vec3(x, 60.0 if standing else 57.0, z), Vec3(0.0, -0.0784000015258789, 0.0))
        p.yaw = rng.uniform(-180, 180)
        p.on_ground = True
        sim.add_entity(p)
        hold_random_keys(p, rng, (2, 10), 0.4, {"jump": 0.15, "sneak": 0.75}, 0.7)
    return sim


def player_lines(sim: Simulation, ticks: int, mode: str) -> list[str]:
    """`run_lines`, with every player's living columns and what it holds."""
    lines = run_lines(sim, ticks, mode)
    return lines + [json.dumps({name: getattr(e, name) for name in LIVING_FLOATS + LIVING_INTS + LIVING_FLAGS})
                    + repr(e.held) + e.pose + repr(e.height) for e in sim.entities if e.is_player]


def worlds_digest(seeds: range, make=player_world) -> tuple[str, int, int]:
    """The hash of the compiled runs of random player worlds (`make`), each checked equal to the object path and
    the traced run; with the player ticks the loop did and those it handed back."""
    h = hashlib.sha256()
    done = handed = 0
    for seed in seeds:
        sim = make(seed)
        lines = player_lines(sim, TICKS, "compiled")
        assert lines == player_lines(make(seed), TICKS, "object"), seed
        assert lines == player_lines(make(seed), TICKS, "traced"), seed
        done, handed = done + sim.kernel_ticks, handed + sim.object_ticks
        h.update("".join(lines).encode())
    return h.hexdigest(), done, handed


def test_random_player_worlds_compiled_object_and_traced_agree() -> None:
    """30 random player worlds, 40 ticks: compiled, object path and traced runs agree bit for bit; most player
    ticks were compiled, and some were handed back (sneaking, climbing, water, honey, soul sand, landings)."""
    _, done, handed = worlds_digest(range(30))
    assert done > 2 * handed > 0, (done, handed)


def test_sneaking_at_edges_compiled_object_and_traced_agree() -> None:
    """12 random ledge worlds (`sneak_world`), 40 ticks: compiled, object path and traced runs agree bit for bit;
    most player ticks were compiled, sneaking ones among them (the loop no longer hands them back)."""
    _, done, handed = worlds_digest(SNEAK_SEEDS, sneak_world)
    assert done > 4 * handed, (done, handed)


def test_a_sneaker_stops_at_the_edge_compiled() -> None:
    """A player sneaking forward off a one-block pillar (east, yaw −90) for 30 ticks: every tick compiled, it stays
    on the pillar with its box over the edge by less than its half width plus the 0.05 step, crouching (1.5 tall),
    and the object path agrees bit for bit."""
    text = ('[[blocks]]\nfrom = [0, 0, 0]\nto = [0, 0, 0]\nblock = "minecraft:stone"\n'
            '[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 1.0, 0.5]\nyaw = -90.0\n'
            'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n'
            '[[inputs]]\nentity = 1\nfrom = 1\nto = 30\nforward = true\nsneak = true\n')
    runs = {}
    for mode in ("compiled", "object"):
        sim = load_scene_text(text)
        lines = player_lines(sim, 30, mode)
        runs[mode] = (lines, sim.kernel_ticks, sim.object_ticks)
    p = sim.entity_by_id(1)
    assert runs["compiled"][0] == runs["object"][0]
    assert runs["compiled"][1:] == (60, 0), runs["compiled"][1:]
    assert p.on_ground and p.pos.y == 1.0 and 1.0 < p.pos.x < 1.35 and p.pose == "crouching" and p.height == 1.5, \
        (p.pos, p.pose)


def test_bundled_player_scenes_compiled_object_and_traced_agree() -> None:
    """The bundled scenes with players, 60 ticks, compiled, on the object path and traced: the same states."""
    for name in SCENES:
        runs = {mode: player_lines(load_scene(ROOT / "scenes" / name), 60, mode)
                for mode in ("compiled", "object", "traced")}
        assert runs["compiled"] == runs["object"] == runs["traced"], name


def test_sprint_jumping_around_the_arena_is_compiled() -> None:
    """A player sprint-jumping in circles in the benchmark's walled arena (slab rings, stone walls) for 300
    ticks: every tick compiled (its entity-phase tick and its players-phase tick), and the same as the object
    path."""
    runs = []
    for vectorize in (True, False):
        sim = _arena_player(arena(), "forward = true\nsprint = true\njump = true\n")
        sim.vectorize = vectorize
        p = sim.entity_by_id(1)
        states = []
        for _ in range(300):
            p.yaw = f32(p.yaw + math.degrees(0.05))
            sim.tick()
            states.append((tuple(p.pos), tuple(p.motion), p.on_ground, p.sprinting, p.fall_distance))
        runs.append((states, sim.kernel_ticks, sim.object_ticks))
    assert runs[0][0] == runs[1][0]
    assert runs[0][1:] == (600, 0) and runs[1][1:] == (0, 0)


def _arena_player(text: str, keys: str) -> Simulation:
    return load_scene_text(text + '[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 1.0, 0.5]\n'
                           'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n'
                           f"[[inputs]]\nentity = 1\nfrom = 1\nto = 300\n{keys}")


def _mutant(module, name: str, old: str, new: str):
    """Kernel `name` of `module` as plain Python with `old` in its source replaced by `new`."""
    fn = getattr(module, name)
    source = textwrap.dedent(inspect.getsource(getattr(fn, "py_func", fn)))
    assert old in source
    source = "\n".join(line for line in source.replace(old, new).splitlines() if not line.startswith("@njit"))
    scope: dict = {}
    exec(compile(source, f"<mutant {name}>", "exec"), vars(module), scope)   # noqa: S102 (a test's own mutant)
    return scope[name]


def _uncompiled(monkeypatch, *path) -> None:
    """The kernels from the players' loop down to a mutant's caller, each (module that calls it, name), run as
    plain Python (their globals looked up at call time)."""
    for module, name in ((player_kernel, "tick_rows"), (player_kernel, "players_loop"), (player_kernel, "player_tick"),
                         *path):
        kernel = getattr(module, name)
        monkeypatch.setattr(module, name, getattr(kernel, "py_func", kernel))


SNEAK_SEEDS = range(12)


@pytest.mark.parametrize(("module", "name", "old", "new", "path", "make"), [
    (collision_kernel, "adjust_movement_stepping", "return ax + sx, ay + sy, az + sz, True",
     "return ax, ay, az, True", ((player_kernel, "travel_ordinary"), (travel_kernel, "move_living"),
                                 (travel_kernel, "move_self")), player_world),
    # step-up without the settle
    (travel_kernel, "sprint_jump_kick", "s, c = sin(sine, g, index_double), cos(sine, g, index_double)",
     "s, c = np.sin(g), np.cos(g)", ((player_kernel, "jump"),), player_world),   # the sprint kick's yaw off the table
    (move_kernel, "towards_zero", "v - SNEAK_EDGE_STEP if v > 0.0 else v + SNEAK_EDGE_STEP",
     "v - 0.1 if v > 0.0 else v + 0.1",
     ((player_kernel, "travel_ordinary"), (travel_kernel, "move_living"),
      (travel_kernel, "adjust_movement_for_sneaking")), sneak_world),
    # the sneaking probe's step 0.1 instead of 0.05
    (player_kernel, "keyboard_input", "f32(forward * factor)", "forward * factor",
     ((player_kernel, "client_input"),), sneak_world),                  # the sneaking slowdown left in double
    (player_kernel, "sneaking_pose", "if stand == 1:", "if stand >= 0:", ((player_kernel, "player_tick"),),
     sneak_world),                          # a standing box that meets a block taken as the sneaking pose's answer
    (player_kernel, "player_tick", "stand, crouch = UNASKED, UNASKED", "stand, crouch = stand, crouch",
     ((player_kernel, "players_loop"),), sneak_world),   # the pose answers kept after a move
])
def test_player_kernel_mutants_are_caught(monkeypatch, module, name, old, new, path, make) -> None:
    """The comparisons above (`make`'s worlds) fail for a kernel with a deliberate mistake, given to the compiled
    loop only: the object path runs the kernels' plain forms (engine.jit.plain) made from the unchanged source."""
    mutant = _mutant(module, name, old, new)
    _uncompiled(monkeypatch, *path)
    caller = getattr(*path[-1])
    monkeypatch.setattr(sys.modules[caller.__module__], name, mutant)
    with pytest.raises(AssertionError):
        worlds_digest(range(30) if make is player_world else SNEAK_SEEDS, make)


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the player kernels run as plain Python, with the same results bit for bit."""
    expression = "worlds_digest(range(6)) + worlds_digest(range(4), sneak_world)"
    compiled, digest = jit_off_run("tests.engine.test_player_rows", expression)
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == list(worlds_digest(range(6)) + worlds_digest(range(4), sneak_world))


def _edited_run(sim: Simulation, mode: str) -> list[str]:
    """A random player world with the keys edited as the viewer records them (driving: from the next tick on,
    branching the run) after 12 ticks, then 14 ticks."""
    lines = player_lines(sim, 12, mode)
    t = sim.tick_count + 1
    for e in sim.entities:
        e.set_held_input(t, t + 8, PlayerInput(forward=True, sprint=True, jump=True, yaw=40.0), discard_later=True)
    return lines + player_lines(sim, 14, mode)


def _sprinting_pair() -> Simulation:
    """Two players sprinting along +z on a stone floor, 4 blocks apart: the first taps jump every third tick, the
    second holds it."""
    text = '[[blocks]]\nfrom = [-4, 0, -4]\nto = [8, 0, 60]\nblock = "minecraft:stone"\n'
    for n in (1, 2):
        text += (f'[[entities]]\ntype = "minecraft:player"\nid = {n}\npos = [{4 * n + 0.5}, 1.0, 0.5]\n'
                 'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n')
    sim = load_scene_text(text)
    tapping, holding = sim.entity_by_id(1), sim.entity_by_id(2)
    for k in range(1, 31):
        tapping.set_held_input(k, k, PlayerInput(forward=True, sprint=True, jump=k % 3 == 0))
    holding.set_held_input(1, 30, PlayerInput(forward=True, sprint=True, jump=True))
    return sim


def _equipped_run(sim: Simulation, mode: str) -> list[str]:
    """10 ticks of `_sprinting_pair`, an elytra put on the tapping player (a tap in the air now starts a glide), 6
    ticks, Jump Boost II on the other (its jumps go higher), 10 ticks."""
    lines = player_lines(sim, 10, mode)
    sim.entity_by_id(1).equipment["chest"] = "minecraft:elytra"
    lines += player_lines(sim, 6, mode)
    holding = sim.entity_by_id(2)
    holding.effects.add(EffectInstance("minecraft:jump_boost", 1, 20), holding.attributes, False)
    return lines + player_lines(sim, 10, mode)


def test_edits_between_ticks_are_taken() -> None:
    """Players whose inputs, equipment or effects are edited between ticks of a run take them in the next tick:
    the compiled runs equal the object path's (the tapping player glides, the boosted one jumps higher), and
    players were compiled again after the edits."""
    done = 0
    for seed in range(6):
        sim = player_world(seed)
        assert _edited_run(sim, "compiled") == _edited_run(player_world(seed), "object"), seed
        done += sim.kernel_ticks
    sim = _sprinting_pair()
    lines = _equipped_run(sim, "compiled")
    assert lines == _equipped_run(_sprinting_pair(), "object")
    assert sim.entity_by_id(1).fall_flying and sim.kernel_ticks > 40 and done > 0, (sim.kernel_ticks, done)


def _crowd_case(rng: random.Random) -> tuple:
    """Rows of 1 to 60 player boxes (0.6 × 1.8) scattered over a few blocks around 0 or ±2·10⁷, some on cell
    edges, stacked or removed; a few not finite, far out or wider than a cell."""
    m = rng.randint(1, 60)
    f = np.zeros((m + 3, NF + len(LIVING_FLOATS)))
    i = np.zeros((m + 3, I_EXTRA + len(LIVING_INTS + LIVING_FLAGS)), dtype=np.int64)
    ox = rng.choice((0.0, 2.0e7, -2.0e7))
    rows = np.array(rng.sample(range(m + 3), m), dtype=np.int64)
    for r in rows.tolist():
        x, z = ox + rng.choice((rng.uniform(-3, 3), rng.randint(-3, 3) + rng.choice((0.0, 0.3, 0.4)))), \
            rng.uniform(-3, 3)
        y = rng.choice((60.0, 60.0, rng.uniform(58, 62)))
        w = rng.choice((0.6,) * 12 + (2.0, math.nan, math.inf, 5.0e9))
        f[r, F_BOX:F_BOX + 6] = (x - w / 2, y, z - 0.3, x + w / 2, y + 1.8, z + 0.3)
        i[r, I_FLAGS] = REMOVED if rng.random() < 0.05 else 0
    return f, i, rows


def _crowded(f: np.ndarray, i: np.ndarray, rows: np.ndarray, n: int) -> list[int]:
    """The test against every other player: the places of those met."""
    r = rows[n]
    b = f[r, F_BOX:F_BOX + 6]
    return [j for j, o in enumerate(rows.tolist())
            if o != r and not i[o, I_FLAGS] & REMOVED and b[0] < f[o, F_BOX + 3] and b[3] > f[o, F_BOX]
            and b[1] < f[o, F_BOX + 4] and b[4] > f[o, F_BOX + 1] and b[2] < f[o, F_BOX + 5]
            and b[5] > f[o, F_BOX + 2]]


def _met(grid: tuple, f: np.ndarray, i: np.ndarray, rows: np.ndarray, n: int) -> list[int]:
    """What `crowd_meets` finds for place n, as a sorted list; and the players' loop's one-place question agrees."""
    found = np.empty(len(rows), dtype=np.int64)
    met = sorted(found[:player_kernel.crowd_meets(grid, f, i, rows, n, found)].tolist())
    assert player_kernel.crowd_meets(grid, f, i, rows, n, found[:1]) == min(len(met), 1)
    return met


def test_crowd_grid_finds_what_every_pair_finds() -> None:
    """`player_kernel.crowd_meets` through the grid finds exactly the boxes the test of every pair finds, each once,
    on 200 random crowds, and again after each player in turn moves by up to 2 blocks (`crowd_move`), as the loop
    moves them."""
    rng = random.Random(5)
    met = 0
    for _ in range(200):
        f, i, rows = _crowd_case(rng)
        grid = player_kernel.crowd_grid(f, rows)
        for n in range(len(rows)):
            assert _met(grid, f, i, rows, n) == _crowded(f, i, rows, n)
            met += len(_crowded(f, i, rows, n)) > 0
        for n in range(len(rows)):
            r = rows[n]
            if rng.random() < 0.5:
                f[r, F_BOX:F_BOX + 6] += (dx := rng.uniform(-2, 2), 0.0, dz := rng.uniform(-2, 2), dx, 0.0, dz)
            player_kernel.crowd_move(grid, f, rows, n)
            for k in range(len(rows)):
                assert _met(grid, f, i, rows, k) == _crowded(f, i, rows, k)
    assert met > 500, met


@pytest.mark.parametrize(("name", "old", "new"), [
    ("crowd_meets", "range(x - 1, x + 2)", "range(x, x + 2)"),                  # the cells on one side missed
    ("crowd_move", "if ok and cx[h] == x and cz[h] == z:", "if True:"),          # a moved box left in its old cell
])
def test_crowd_grid_mutants_are_caught(monkeypatch, name: str, old: str, new: str) -> None:
    """The comparison above fails for a grid with a deliberate mistake."""
    monkeypatch.setattr(player_kernel, name, _mutant(player_kernel, name, old, new))
    with pytest.raises(AssertionError):
        test_crowd_grid_finds_what_every_pair_finds()
