"""Benchmark (issue 21): µs per entity-tick of each case, prismarine-physics' µs per player tick measured in the
same run, and the ratio. Each case asserts that its scenario is what it claims at the end.

Run: python3 -m tests.bench.bench_entities [--version 1.21.3] [--tnt-only | --players-only | --items-only |
--pearls-only | --arrows-only | --fireballs-only | --mobs-only | --boats-only | --vehicles-only] (from the
repository root; not collected by pytest).
Each case prints µs per entity-tick by wall time (what the ratio compares) and by the process's CPU time (steadier on a
shared machine). TNT cases run the compiled loop (engine.entities.tnt_kernel) and, for comparison, the object path, in
the release `--version` names (1.16.5 by default); the loop's hand-backs to the object path are counted. Items resting
on stone and in still water likewise, with engine.entities.item_kernel (1.16.2 on), and XP orbs resting on stone with
engine.entities.xp_orb_kernel (1.16.2 on). Minecarts on rails (tests/bench/bench_minecarts.py's scenario, against the
peer's walk) likewise, with engine.entities.minecart_kernel, in 1.16.5 and 1.21.8. Players: 1,000 on a floor (compiled
players phase, engine.living.player_kernel, and the object path), bench_living's one player in its arena (compiled),
1,000 sneaking along the edge of a ridge and 1,000 walking forward in still water (against the peer's walk: it has no
sneaking or water case), and 1,000 idle players beside 1,000 TNT resting (the whole tick per entity, against the peer's
idle tick; the path column per kind), in 1.16.5, or with `--players-only` in the release `--version` names (the arena's
player in 1.16.5 only). Mobs (1.16.5): 100 zombies walking with `move_to` (also beside 1,000 items resting between their
lanes, µs per entity-tick of the 1,100, and alone in 1.20.4, 1.21.1 and 1.21.8), 100 zombies following paths (`path_to`,
the searches made before the timing) and bench_living's 100 wither skeletons standing, compiled
(engine.living.mob_kernel) and on the object path, against the peer's walk. Falling blocks in free fall
(engine.entities.falling_kernel), compiled and on the object path, in the release `--version` names, against the peer's
idle tick. Ender pearls in free flight (engine.entities.thrown_kernel; `--pearls-only`), compiled and on the object
path, in the release `--version` names, against the peer's idle tick. Arrows (engine.entities.arrow_kernel;
`--arrows-only`): 1,000 in free flight and 1,000 stuck in a stone wall, compiled and on the object path, in the release
`--version` names and in 1.21.8 (1.21.2's tick order, the loop's late releases), against the peer's idle tick. Ghast
fireballs in free flight (engine.entities.fireball_kernel; `--fireballs-only`) likewise. Boats (`--boats-only`): 1,000
floating on still water and 1,000 drifting on ice, in 1.16.5 and 1.21.8, compiled (engine.entities.boat_kernel) and on
the object path, against the peer's idle tick, and 1,000 ridden by a player each on still water (the object path; µs per
entity-tick of the 2,000 entities); `--vehicles-only`: the boats' and the minecarts' cases. The peer (see bench_living)
is measured just before and just after each case; the ratio takes their mean.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import time

from engine import jit
from engine.core.versions import DEFAULT_VERSION
from engine.entities.tnt import Tnt
from engine.living.player import PlayerEntity
from engine.tick.scene import load_scene_text
from tests.bench.bench_living import mob_us, player_us, prismarine_us
from tests.bench.bench_minecarts import carts_case, carts_scene

N = 1000
TICKS = 100
SIDE = 40          # TNT per row of the grid (N / SIDE rows), one per cell
ZOMBIES = 100      # the "100 zombies walking with move_to"
IDLE, WALK = "idle_on_ground", "walk"   # the peer's cases the entities are compared with


def tnt_scene(floor: str, y: float, water: bool, version: str, items: bool = False) -> str:
    """N TNT (never exploding) or, with `items`, N items on a grid, one per cell, at height `y` over a floor (none
    where `floor` is empty), in a pool of still water 2 deep walled in stone with `water`."""
    rows = N // SIDE
    text = f'[scene]\nversion = "{version}"\n'
    text += f'[[blocks]]\nfrom = [-1, 0, -1]\nto = [{SIDE}, 0, {rows}]\nblock = "{floor}"\n' if floor else ""
    if water:
        text += f'[[blocks]]\nfrom = [0, 1, 0]\nto = [{SIDE - 1}, 2, {rows - 1}]\nblock = "minecraft:water"\n'
        text += (f'[[blocks]]\nfrom = [-1, 1, -1]\nto = [{SIDE}, 2, -1]\nblock = "minecraft:stone"\n'
                 f'[[blocks]]\nfrom = [-1, 1, {rows}]\nto = [{SIDE}, 2, {rows}]\nblock = "minecraft:stone"\n'
                 f'[[blocks]]\nfrom = [-1, 1, 0]\nto = [-1, 2, {rows - 1}]\nblock = "minecraft:stone"\n'
                 f'[[blocks]]\nfrom = [{SIDE}, 1, 0]\nto = [{SIDE}, 2, {rows - 1}]\nblock = "minecraft:stone"\n')
    kind = '"minecraft:item"\n' if items else '"minecraft:tnt"\nfuse = 100000\n'
    for i in range(N):
        text += f'[[entities]]\npos = [{i % SIDE + 0.5}, {y}, {i // SIDE + 0.5}]\ntype = {kind}'
    return text


def falling_scene(version: str) -> str:
    """N sand falling blocks in the open air at y 240, one per cell (SIDE per row), past their first tick."""
    text = f'[scene]\nversion = "{version}"\n'
    for i in range(N):
        text += (f'[[entities]]\ntype = "minecraft:falling_block"\nblock_state = "minecraft:sand"\n'
                 f'pos = [{i % SIDE + 0.5}, 240.0, {i // SIDE + 0.5}]\ntime = 1\n')
    return text


PEARL_SPACING = 16  # blocks between the pearls: one per entity section, none near another


def pearls_scene(version: str, kind: str = "ender_pearl") -> str:
    """N ender pearls (or projectiles of another `kind`) in the open air at y 250, PEARL_SPACING apart (SIDE per
    row), thrown up and along +x and +z, with no entity near any of them."""
    text = f'[scene]\nversion = "{version}"\n'
    for i in range(N):
        text += (f'[[entities]]\ntype = "minecraft:{kind}"\npos = [{PEARL_SPACING * (i % SIDE) + 0.5}, 250.0, '
                 f'{PEARL_SPACING * (i // SIDE) + 0.5}]\nmotion = [0.5, 0.6, 0.3]\n')
    return text


def pearl_flying(e) -> bool:
    """A pearl of `pearls_scene` after 101 ticks: alive, falling through the air at y 150-250, and 31-32 blocks
    along +x from where it started (the drag 0.99F: the sum of 0.5 × 0.99^k)."""
    return e.TYPE == "minecraft:ender_pearl" and not e.removed and e.motion.y < 0.0 and 150.0 < e.pos.y < 250.0 \
        and 15.0 < (e.pos.x - 0.5) % PEARL_SPACING < 16.0


def pearls_case(text: str, compiled: bool) -> tuple[str, float, float, str]:
    """µs per pearl-tick of `pearls_scene` (compiled or not), after its first tick: each `pearl_flying`."""
    return case(f"ender pearls in free flight ({N}, no entity near)", text, 1, compiled, pearl_flying)


FIREBALL_POWER = 0.02   # along +x: the Motion tends to 19 × power (× 0.95F a tick after adding it)


def fireballs_scene(version: str) -> str:
    """N ghast fireballs in the open air at y 200, PEARL_SPACING apart (SIDE per row), flying along +x with a power
    along +x, no entity near another."""
    return f'[scene]\nversion = "{version}"\n' + "".join(
        f'[[entities]]\ntype = "minecraft:fireball"\npos = [{PEARL_SPACING * (i % SIDE) + 0.5}, 200.0, '
        f'{PEARL_SPACING * (i // SIDE) + 0.5}]\nmotion = [0.2, 0.0, 0.1]\npower = [{FIREBALL_POWER}, 0.0, 0.0]\n'
        for i in range(N))


def fireball_flying(e) -> bool:
    """A fireball of `fireballs_scene` after 101 ticks: alive, still at y 200 (no gravity), flying along +x faster
    than the 0.2 it started with (the power added before the drag), and moved along +x in its last tick."""
    return e.TYPE == "minecraft:fireball" and not e.removed and e.pos.y == 200.0 and e.motion.x > 0.3 \
        and e.pos.x - e.prev_pos.x > 0.3


def fireballs_case(text: str, compiled: bool) -> tuple[str, float, float, str]:
    """µs per fireball-tick of `fireballs_scene` (compiled or not), after its first tick: each `fireball_flying`."""
    return case(f"ghast fireballs in free flight ({N})", text, 1, compiled, fireball_flying)


ARROW_WALL_SPACING = 4   # blocks between the stuck arrows (y and z): a few dozen in each one's release-test query
ARROWS_LATE = "1.21.8"   # the arrows' cases also run in this release of the loop's 1.21.2 tick order


def arrow_flying(e) -> bool:
    """An arrow of `pearls_scene(version, "arrow")` after 101 ticks: alive, not stuck, falling through the air at y
    50-250, and 31-32 blocks along +x from where it started (the drag 0.99F, as the pearls')."""
    return e.TYPE == "minecraft:arrow" and not e.removed and not e.in_ground and e.motion.y < 0.0 \
        and 50.0 < e.pos.y < 250.0 and 15.0 < (e.pos.x - 0.5) % PEARL_SPACING < 16.0


def arrows_wall_scene(version: str) -> str:
    """A stone wall at x 0 and N arrows ARROW_WALL_SPACING apart (SIDE per row) shot at it along +x from x −2.5:
    they hit it in their second tick."""
    rows = N // SIDE
    text = (f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [0, 1, 0]\n'
            f'to = [0, {ARROW_WALL_SPACING * rows}, {ARROW_WALL_SPACING * SIDE}]\nblock = "minecraft:stone"\n')
    for i in range(N):
        text += (f'[[entities]]\ntype = "minecraft:arrow"\npos = [-2.5, {ARROW_WALL_SPACING * (i // SIDE) + 1.5}, '
                 f'{ARROW_WALL_SPACING * (i % SIDE) + 0.5}]\nmotion = [1.5, 0.0, 0.0]\n')
    return text


def arrow_stuck(e) -> bool:
    """An arrow of `arrows_wall_scene` after the run: alive, stuck just in front of the wall (backed off 0.05F from
    the face it hit), motionless, its life counting the ticks since."""
    return e.TYPE == "minecraft:arrow" and not e.removed and e.in_ground and -0.1 < e.pos.x < 0.0 \
        and e.life > TICKS


def case(label: str, text: str, settle: int, compiled: bool, check, count: int = N,
         cramming: int | None = None) -> tuple[str, float, float, str]:
    """µs per entity-tick (wall, CPU) of the `count` entities of `text` after `settle` ticks, each asserted alive and
    `check`ed (`cramming`: the maxEntityCramming game rule, where not the default)."""
    sim = load_scene_text(text)
    sim.vectorize = compiled
    if cramming is not None:
        sim.max_entity_cramming = cramming
    for _ in range(settle):
        sim.tick()
    k0, o0 = sim.kernel_ticks, sim.object_ticks
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(TICKS):
        sim.tick()
    us = (time.perf_counter() - t0) / TICKS / count * 1e6
    cpu = (time.process_time() - c0) / TICKS / count * 1e6
    ents = sim.entities
    assert len(ents) == count and all(check(e) for e in ents), label
    return label, us, cpu, path_of(compiled, sim.kernel_ticks - k0, sim.object_ticks - o0)


def xp_orbs_case(version: str, compiled: bool) -> tuple[str, float, float, str]:
    """N XP orbs resting on a stone floor, one per cell (SIDE per row), in `version`: each asserted an orb (so no
    player is in the world, none near to follow), on the ground at y 1.0 and older than the timing."""
    rows = N // SIDE
    text = (f'[scene]\nversion = "{version}"\n'
            f'[[blocks]]\nfrom = [-1, 0, -1]\nto = [{SIDE}, 0, {rows}]\nblock = "minecraft:stone"\n')
    text += "".join(f'[[entities]]\ntype = "minecraft:experience_orb"\n'
                    f'pos = [{i % SIDE + 0.5}, 1.0, {i // SIDE + 0.5}]\n' for i in range(N))
    return case("XP orbs resting on stone", text, 5, compiled,
                lambda e: e.TYPE == "minecraft:experience_orb" and e.on_ground and e.pos.y == 1.0
                and e.orb_age > TICKS)


def path_of(compiled: bool, done: int, handed: int) -> str:
    """The path column: compiled with the share of entity-ticks handed back, or the object path (also where the
    compiled phase ran no loop: a kind with no row kernel)."""
    return f"compiled ({handed / (done + handed):.0%} handed back)" if compiled and done + handed else "object path"


BOAT_SPACING = 2   # blocks between the boats (1.375 wide): none within another's push box (grown 0.2 sideways)
BOAT_ROWS = N // SIDE
BOAT_DRIFT = 0.3   # the drifting boats' Motion along +x at the start
VEHICLES_LATE = "1.21.8"   # the boats' and minecarts' cases also run in this release (1.21.7's block walk)


def boats_scene(ice: bool, ridden: bool = False, version: str = DEFAULT_VERSION) -> str:
    """N boats BOAT_SPACING apart (SIDE per row) in `version` over a stone floor at y 0: with `ice`, on an ice floor at
    y 0 instead, each with Motion (BOAT_DRIFT, 0, 0) along a floor long enough for its slide; else floating in a
    pool of still water one deep (y 1), walled in stone. With `ridden` each carries a player (ids N + 1 on)."""
    x1, z1 = BOAT_SPACING * SIDE + (30 if ice else 0), BOAT_SPACING * BOAT_ROWS
    text = (f'[scene]\nversion = "{version}"\n'
            f'[[blocks]]\nfrom = [-1, 0, -1]\nto = [{x1}, 0, {z1}]\n'
            f'block = "minecraft:{"ice" if ice else "stone"}"\n')
    if not ice:
        text += f'[[blocks]]\nfrom = [0, 1, 0]\nto = [{x1 - 1}, 1, {z1 - 1}]\nblock = "minecraft:water"\n'
        for lo, hi in (((-1, -1), (x1, -1)), ((-1, z1), (x1, z1)), ((-1, 0), (-1, z1 - 1)), ((x1, 0), (x1, z1 - 1))):
            text += f'[[blocks]]\nfrom = [{lo[0]}, 1, {lo[1]}]\nto = [{hi[0]}, 1, {hi[1]}]\nblock = "minecraft:stone"\n'
    y, motion = (1.0, f"[{BOAT_DRIFT}, 0.0, 0.0]") if ice else (1.5, "[0.0, 0.0, 0.0]")
    for n in range(N):
        text += (f'[[entities]]\ntype = "minecraft:boat"\nid = {n + 1}\n'
                 f'pos = [{BOAT_SPACING * (n % SIDE) + 1.0}, {y}, {BOAT_SPACING * (n // SIDE) + 1.0}]\n'
                 f'motion = {motion}\non_ground = {"true" if ice else "false"}\n')
        if ridden:
            text += (f'[[entities]]\ntype = "minecraft:player"\nid = {N + n + 1}\n'
                     f'pos = [{BOAT_SPACING * (n % SIDE) + 1.0}, {y}, {BOAT_SPACING * (n // SIDE) + 1.0}]\n'
                     f'vehicle = {n + 1}\n')
    return text


def boat_in_lane(e, riders: int = 0) -> bool:
    """A boat of `boats_scene` alive, with `riders` riders, on its row's line along x (its z as it started)."""
    return e.TYPE == "minecraft:boat" and not e.removed and len(e.passengers) == riders \
        and e.pos.z == BOAT_SPACING * ((e.id - 1) // SIDE) + 1.0


def boat_floating(e) -> bool:
    """A boat of `boats_scene(False)` after the run: `boat_in_lane`, in water (its location) at the surface, not
    moved along x."""
    return boat_in_lane(e) and e.location.value == "in_water" and 1.5 < e.pos.y < 2.0 \
        and e.pos.x == BOAT_SPACING * ((e.id - 1) % SIDE) + 1.0


def ridden_boat_floating(e) -> bool:
    """An entity of `boats_scene(False, ridden=True)` after the run: a player riding, or a boat of `boat_floating`'s
    but for its rider."""
    if e.is_player:
        return not e.removed and e.vehicle is not None and e.vehicle.id == e.id - N
    return boat_in_lane(e, 1) and e.location.value == "in_water" and 1.5 < e.pos.y < 2.0 \
        and e.pos.x == BOAT_SPACING * ((e.id - 1) % SIDE) + 1.0


def boat_drifting(e) -> bool:
    """A boat of `boats_scene(True)` after the run: `boat_in_lane`, on land (the ice's slipperiness 0.98 its
    decay) at y 1, still sliding along +x, 10-15 blocks from where it started (the sum of 0.3 × 0.98^k)."""
    moved = e.pos.x - (BOAT_SPACING * ((e.id - 1) % SIDE) + 1.0)
    return boat_in_lane(e) and e.location.value == "on_land" and e.pos.y == 1.0 and e.motion.x > 0.0 \
        and 10.0 < moved < 15.0


def players_scene(keys: str, version: str = DEFAULT_VERSION) -> str:
    """N players 2 m apart on a stone floor at FLOOR_Y long enough for 100 ticks of sprint-jumping along +z, each
    holding `keys` for the whole run, in `version`."""
    rows = N // SIDE
    text = (f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [-2, {FLOOR_Y}, -2]\n'
            f'to = [{2 * SIDE}, {FLOOR_Y}, {2 * rows + 40}]\nblock = "minecraft:stone"\n')
    for n in range(N):
        text += (f'[[entities]]\ntype = "minecraft:player"\nid = {n + 1}\npos = [{2 * (n % SIDE) + 0.5}, '
                 f'{FLOOR_Y + 1.0}, {2 * (n // SIDE) + 0.5}]\nmotion = [0.0, -0.0784000015258789, 0.0]\n'
                 'on_ground = true\n')
        text += f"[[inputs]]\nentity = {n + 1}\nfrom = 1\nto = {TICKS + 10}\n{keys}"
    return text


def players_case(label: str, keys: str, compiled: bool, version: str) -> tuple[str, float, float, str]:
    """µs per player-tick of N players holding `keys` (the players phase compiled or not) in `version`, after 5
    ticks."""
    return case(label, players_scene(keys, version), 5, compiled,
                lambda e: not e.removed and e.pos.y >= FLOOR_Y + 1.0 and -2.0 < e.pos.z < 2 * N // SIDE + 40)


FLOOR_Y = 64        # the players' floor: from 1.18 a player within 2 blocks of y 0 is handed back (world height)
TNT_BESIDE = 2 * SIDE + 20   # the TNT grid's west edge: 20 blocks east of the players, in other chunk columns


def beside_tnt_scene(version: str) -> str:
    """`players_scene`'s N idle players, and N TNT (never exploding) resting on a stone floor beside them, one per
    cell of a grid from x TNT_BESIDE on: out of every player's entity query (no entity section of theirs holds one,
    so the object path's counted queries stay those of the players alone)."""
    rows = N // SIDE
    text = players_scene("", version)
    text += (f'[[blocks]]\nfrom = [{TNT_BESIDE - 1}, {FLOOR_Y}, -1]\nto = [{TNT_BESIDE + SIDE}, {FLOOR_Y}, {rows}]\n'
             'block = "minecraft:stone"\n')
    for n in range(N):
        text += (f'[[entities]]\ntype = "minecraft:tnt"\nfuse = 100000\n'
                 f'pos = [{TNT_BESIDE + n % SIDE + 0.5}, {FLOOR_Y + 1.0}, {n // SIDE + 0.5}]\n')
    return text


def beside_tnt_case(compiled: bool, version: str) -> tuple[str, float, float, str]:
    """µs per entity-tick of `beside_tnt_scene` (the whole tick over its 2N entities), each asserted alive and in
    place (players at their start on the floor, the TNT resting with its fuse burning); the path column says
    which path the players' ticks and the TNT's took (object-path ticks counted per kind)."""
    sim = load_scene_text(beside_tnt_scene(version))
    sim.vectorize = compiled
    starts = {e.id: e.pos for e in sim.entities if e.is_player}
    for _ in range(5):
        sim.tick()
    calls = {"player": 0, "tnt": 0}
    player_tick, tnt_tick = PlayerEntity.player_tick, Tnt.tick

    def player_counted(e, *args) -> None:
        calls["player"] += 1
        player_tick(e, *args)

    def tnt_counted(e, *args) -> None:
        calls["tnt"] += 1
        tnt_tick(e, *args)

    PlayerEntity.player_tick, Tnt.tick = player_counted, tnt_counted
    try:
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(TICKS):
            sim.tick()
        us = (time.perf_counter() - t0) / TICKS / (2 * N) * 1e6
        cpu = (time.process_time() - c0) / TICKS / (2 * N) * 1e6
    finally:
        PlayerEntity.player_tick, Tnt.tick = player_tick, tnt_tick
    ents = sim.entities
    assert len(ents) == 2 * N and all(not e.removed and e.on_ground and e.pos.y == FLOOR_Y + 1.0 for e in ents)
    assert all(e.pos == starts[e.id] for e in ents if e.is_player)
    assert all(0 < e.fuse < 100000 for e in ents if not e.is_player)
    paths = ", ".join(f"{kind} {path_of(compiled, TICKS * N - calls[key], calls[key])}"
                      for kind, key in (("players", "player"), ("TNT", "tnt")))
    return f"players beside resting TNT ({N} + {N})", us, cpu, paths


def zombies_scene(version: str = DEFAULT_VERSION) -> str:
    """ZOMBIES zombies 2 m apart in a line along z on a stone floor, each walking with `move_to` to a point 1,000
    blocks along +x in its own lane (so none meets another), which they cannot reach in the run; in `version`."""
    text = f'[scene]\nversion = "{version}"\n'
    text += f'[[blocks]]\nfrom = [-2, 0, -2]\nto = [60, 0, {2 * ZOMBIES}]\nblock = "minecraft:stone"\n'
    for n in range(ZOMBIES):
        text += (f'[[entities]]\ntype = "minecraft:zombie"\nid = {n + 1}\npos = [0.5, 1.0, {2 * n + 0.5}]\n'
                 'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n'
                 f'move_to = {{ pos = [1000.5, 1.0, {2 * n + 0.5}], speed = 1.0 }}\n')
    return text


def zombie_walking(e) -> bool:
    """A zombie of `zombies_scene` after the run: alive, on the floor, facing +x and more than 10 blocks on its way,
    in its lane."""
    return not e.removed and e.on_ground and e.pos.y == 1.0 and 10.0 < e.pos.x < 60.0 \
        and e.pos.z == 2 * (e.id - 1) + 0.5 and e.yaw == 270.0


def zombies_case(compiled: bool, version: str = DEFAULT_VERSION) -> tuple[str, float, float, str]:
    """µs per zombie-tick of ZOMBIES zombies walking with `move_to` (compiled or not) in `version`, after 5 ticks:
    each `zombie_walking`."""
    suffix = "" if version == DEFAULT_VERSION else f", {version}"
    return case(f"zombies walking with move_to ({ZOMBIES}{suffix})", zombies_scene(version), 5, compiled,
                zombie_walking, ZOMBIES)


def beside_items_scene() -> str:
    """`zombies_scene` with N items resting on the floor between the zombies' lanes (SIDE per row, one per block
    along x from x 2, z 2 m apart), loaded after the zombies: the zombies walk past them (items are neither pushable
    nor solid)."""
    text = zombies_scene()
    for i in range(N):
        text += (f'[[entities]]\ntype = "minecraft:item"\nitem = "minecraft:stone"\nid = {ZOMBIES + 1 + i}\n'
                 f'pos = [{i % SIDE + 2.5}, 1.0, {2 * (i // SIDE) + 1.5}]\n')
    return text


def beside_items_case(compiled: bool) -> tuple[str, float, float, str]:
    """µs per entity-tick of `beside_items_scene` (compiled or not), after 5 ticks: each zombie `zombie_walking`,
    each item resting where it lay."""
    def check(e) -> bool:
        if e.TYPE == "minecraft:item":
            i = e.id - ZOMBIES - 1
            return e.on_ground and e.pos == (i % SIDE + 2.5, 1.0, 2 * (i // SIDE) + 1.5)
        return zombie_walking(e)
    return case(f"zombies move_to beside items ({ZOMBIES} + {N})", beside_items_scene(), 5, compiled, check,
                ZOMBIES + N)


PATH_LANE = 4      # the lanes of the path case: 3 cells wide, a wall between
PATH_TARGET = 30   # blocks along +x the path case's targets are


def path_scene() -> str:
    """ZOMBIES zombies, each in its own lane along +x (3 wide, walled 2 high), with the scene goal `path_to` to the
    lane's end PATH_TARGET blocks away, past stubs of wall from alternate sides every 5 blocks: each path turns
    around them."""
    z1 = PATH_LANE * ZOMBIES
    text = f'[[blocks]]\nfrom = [-2, 0, -2]\nto = [{PATH_TARGET + 4}, 0, {z1}]\nblock = "minecraft:stone"\n'
    text += f'[[blocks]]\nfrom = [-1, 1, -1]\nto = [-1, 2, {z1}]\nblock = "minecraft:stone"\n'
    for n in range(ZOMBIES):
        z = PATH_LANE * n
        text += (f'[[blocks]]\nfrom = [-1, 1, {z + 3}]\nto = [{PATH_TARGET + 3}, 2, {z + 3}]\n'
                 'block = "minecraft:stone"\n')
        for k, x in enumerate(range(5, PATH_TARGET, 5)):
            lo = z + k % 2
            text += f'[[blocks]]\nfrom = [{x}, 1, {lo}]\nto = [{x}, 2, {lo + 1}]\nblock = "minecraft:stone"\n'
        text += (f'[[entities]]\ntype = "minecraft:zombie"\nid = {n + 1}\npos = [0.5, 1.0, {z + 1.5}]\n'
                 'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n'
                 f'path_to = {{ pos = [{PATH_TARGET + 0.5}, 1.0, {z + 1.5}], speed = 1.0 }}\n')
    return text


def path_case(compiled: bool) -> tuple[str, float, float, str]:
    """µs per zombie-tick of the ZOMBIES zombies of `path_scene` following their paths (compiled or not), after 5
    ticks (the searches are made in the first): each alive, on the floor, in its lane, still following its path
    and past its third node, more than 5 blocks on its way (round the first stub)."""
    def check(e) -> bool:
        lane = PATH_LANE * (e.id - 1)
        path = e.navigation.current_path
        return (not e.removed and e.health > 0.0 and e.on_ground and e.pos.y == 1.0 and 5.0 < e.pos.x < PATH_TARGET
                and lane < e.pos.z < lane + 3 and path is not None and path.length > 10
                and 3 < path.current_node_index < path.length)
    return case(f"zombies following a path ({ZOMBIES})", path_scene(), 5, compiled, check, ZOMBIES)


def pen_scene() -> str:
    """ZOMBIES zombies crowded in a 3 × 3 pen of stone 2 high (x and z 0-3), scattered over it, each walking with
    `move_to` to one point 8 blocks east of the pen, which none can reach: they press against the east wall and
    push each other (cramming)."""
    rng = random.Random(1)
    text = ('[[blocks]]\nfrom = [-2, 0, -2]\nto = [5, 0, 5]\nblock = "minecraft:stone"\n'
            '[[blocks]]\nfrom = [-1, 1, -1]\nto = [3, 2, 3]\nblock = "minecraft:stone"\n'
            '[[blocks]]\nfrom = [0, 1, 0]\nto = [2, 2, 2]\nblock = "minecraft:air"\n')
    for n in range(ZOMBIES):
        text += (f'[[entities]]\ntype = "minecraft:zombie"\nid = {n + 1}\n'
                 f'pos = [{rng.uniform(0.3, 2.7)}, 1.0, {rng.uniform(0.3, 2.7)}]\n'
                 'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n'
                 'move_to = { pos = [11.5, 1.0, 1.5], speed = 1.0 }\n')
    return text


def pen_case(compiled: bool) -> tuple[str, float, float, str]:
    """µs per zombie-tick of the pen's ZOMBIES zombies (compiled or not), after 5 ticks, with maxEntityCramming 0
    (no cramming damage: the 100 would otherwise kill each other): each alive, on the floor, inside the pen."""
    return case(f"zombies crowded in a 3×3 pen ({ZOMBIES})", pen_scene(), 5, compiled,
                lambda e: not e.removed and e.pos.y == 1.0 and 0.0 < e.pos.x < 3.0 and 0.0 < e.pos.z < 3.0,
                ZOMBIES, cramming=0)


def skeletons_case(compiled: bool) -> tuple[str, float, float, str]:
    """bench_living's 100 wither skeletons standing on a floor (µs per mob-tick by wall; no CPU time)."""
    us, done, handed = mob_us(compiled)
    return "wither skeletons on a floor (100)", us, math.nan, path_of(compiled, done, handed)


def swimmers_scene(version: str) -> str:
    """`players_scene`'s players holding forward, standing in a pool of still water 2 deep (walled in stone) over the
    floor: each walks along +z on the bottom, submerged."""
    rows = N // SIDE
    x1, z1 = 2 * SIDE - 1, 2 * rows + 39
    text = players_scene("forward = true\n", version)
    text += f'[[blocks]]\nfrom = [0, {FLOOR_Y + 1}, 0]\nto = [{x1}, {FLOOR_Y + 2}, {z1}]\nblock = "minecraft:water"\n'
    for lo, hi in (((-1, -1), (x1 + 1, -1)), ((-1, z1 + 1), (x1 + 1, z1 + 1)), ((-1, 0), (-1, z1)),
                   ((x1 + 1, 0), (x1 + 1, z1))):
        text += (f'[[blocks]]\nfrom = [{lo[0]}, {FLOOR_Y + 1}, {lo[1]}]\nto = [{hi[0]}, {FLOOR_Y + 2}, {hi[1]}]\n'
                 'block = "minecraft:stone"\n')
    return text


def swimming(e) -> bool:
    """A player of `swimmers_scene` still in the pool, touching water and submerged, standing on the bottom or just
    above it."""
    return not e.removed and e.touching_water and e.submerged_in_water and 0.0 <= e.pos.y - FLOOR_Y - 1.0 < 0.5 \
        and e.pose == "standing"


def ledge_scene(version: str) -> str:
    """N players 2 m apart, each on its own ridge of stone one block wide along +z 3 above FLOOR_Y (a stone floor 3
    blocks below), holding forward, left and sneak with yaw 0 for the whole run, in `version`: each sneaks along +z
    pressed against the ridge's +x edge."""
    rows = N // SIDE
    text = (f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [-2, {FLOOR_Y}, -2]\n'
            f'to = [{2 * SIDE}, {FLOOR_Y}, {2 * rows + 40}]\nblock = "minecraft:stone"\n')
    for k in range(SIDE):
        text += (f'[[blocks]]\nfrom = [{2 * k}, {FLOOR_Y + 3}, -2]\nto = [{2 * k}, {FLOOR_Y + 3}, {2 * rows + 40}]\n'
                 'block = "minecraft:stone"\n')
    for n in range(N):
        text += (f'[[entities]]\ntype = "minecraft:player"\nid = {n + 1}\npos = [{2 * (n % SIDE) + 0.5}, '
                 f'{FLOOR_Y + 4.0}, {2 * (n // SIDE) + 0.5}]\nmotion = [0.0, -0.0784000015258789, 0.0]\n'
                 'on_ground = true\n')
        text += (f"[[inputs]]\nentity = {n + 1}\nfrom = 1\nto = {TICKS + 10}\nforward = true\nleft = true\n"
                 "sneak = true\nyaw = 0.0\n")
    return text


def on_the_edge(e) -> bool:
    """A sneaker of `ledge_scene` still on its ridge, crouching, its box over the +x edge (the edge probe held it)."""
    return not e.removed and e.on_ground and e.pos.y == FLOOR_Y + 4.0 and e.pose == "crouching" \
        and 1.0 < e.pos.x % 2.0 < 1.35


def arena_player(label: str, keys: str) -> tuple[str, float, float, str]:
    """bench_living's single player in its arena (µs per whole server tick; no CPU time), and the share handed
    back."""
    us, done, handed = player_us(keys, counts=True)
    return f"player {label} (1, in the arena)", us, math.nan, path_of(True, done, handed)


def main() -> None:
    parser = argparse.ArgumentParser(description="µs per entity-tick against prismarine-physics' player tick")
    parser.add_argument("--version", default=DEFAULT_VERSION, help="the release the TNT cases run in")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--tnt-only", action="store_true", help="leave out the players and mobs (TNT and items)")
    only.add_argument("--players-only", action="store_true", help="only the players' cases")
    only.add_argument("--items-only", action="store_true", help="only the items' and XP orbs' cases")
    only.add_argument("--pearls-only", action="store_true", help="only the ender pearls' case")
    only.add_argument("--arrows-only", action="store_true", help="only the arrows' cases")
    only.add_argument("--fireballs-only", action="store_true", help="only the ghast fireballs' case")
    only.add_argument("--mobs-only", action="store_true", help="only the mobs' and minecarts' cases")
    only.add_argument("--boats-only", action="store_true", help="only the boats' cases")
    only.add_argument("--vehicles-only", action="store_true", help=f"only the boats' and minecarts' cases, in "
                      f"{DEFAULT_VERSION} and {VEHICLES_LATE}")
    args = parser.parse_args()
    args.boats_only = args.boats_only or args.vehicles_only   # the minecarts' cases join below
    version = args.version
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}, JIT {'on' if jit.jit_enabled() else 'off'}, version {version}")
    rows: list[tuple[str, float, float, str, tuple[float, float] | None]] = []
    node = ""

    def beside(key: str, measure, *args) -> None:
        """`rows` gains the case `measure(*args)` runs (label, wall, CPU, path) with prismarine's tick `key`
        measured just before and just after it (the machine's load changes between cases)."""
        nonlocal node
        before = prismarine_us()
        row = measure(*args)
        after = prismarine_us()
        node = before["node"] if before else ""
        rows.append((*row, (before[key]["us_per_tick"], after[key]["us_per_tick"]) if before else None))

    resting = tnt_scene("minecraft:stone", 1.0, False, version)
    water = tnt_scene("minecraft:stone", 1.0, True, version)
    flight = tnt_scene("", 240.0, False, version)
    falling = falling_scene(version)
    items_resting = tnt_scene("minecraft:stone", 1.0, False, version, items=True)
    items_water = tnt_scene("minecraft:stone", 1.0, True, version, items=True)
    pearls = pearls_scene(version)
    for compiled in (True, False) if not (args.players_only or args.items_only or args.mobs_only
                                          or args.boats_only or args.arrows_only
                                          or args.fireballs_only) else ():
        beside(IDLE, pearls_case, pearls, compiled)
    for compiled in (True, False) if not (args.players_only or args.items_only or args.mobs_only
                                          or args.boats_only or args.pearls_only or args.fireballs_only) else ():
        for release in dict.fromkeys((version, ARROWS_LATE)):    # the late tick's loop too (1.21.2 on)
            beside(IDLE, case, f"arrows in free flight ({N}, {release})", pearls_scene(release, "arrow"), 1,
                   compiled, arrow_flying)
            beside(IDLE, case, f"arrows stuck in a wall ({N}, {release})", arrows_wall_scene(release), 5, compiled,
                   arrow_stuck)
    for compiled in (True, False) if args.fireballs_only or not (args.players_only or args.items_only
                                                                 or args.pearls_only or args.mobs_only
                                                                 or args.boats_only or args.arrows_only) else ():
        beside(IDLE, fireballs_case, fireballs_scene(version), compiled)
    for compiled in (True, False) if not (args.players_only or args.items_only or args.pearls_only
                                          or args.mobs_only or args.boats_only or args.arrows_only
                                          or args.fireballs_only) else ():
        beside(IDLE, case, "TNT resting on stone", resting, 5, compiled,
               lambda e: e.on_ground and e.pos.y == 1.0)
        beside(IDLE, case, "TNT in still water", water, 20, compiled,
               lambda e: e.touching_water and 1.0 <= e.pos.y < 3.0)
        beside(IDLE, case, "TNT in free flight", flight, 1, compiled,
               lambda e: not e.on_ground and 20.0 < e.pos.y < 240.0)
        beside(IDLE, case, "falling blocks in free fall", falling, 1, compiled,
               lambda e: e.TYPE == "minecraft:falling_block" and not e.on_ground
               and 20.0 < e.pos.y < 240.0 and e.motion.y < -1.0)
    for compiled in (True, False) if not (args.players_only or args.pearls_only or args.mobs_only
                                          or args.boats_only or args.arrows_only
                                          or args.fireballs_only) else ():
        beside(IDLE, case, "items resting on stone", items_resting, 5, compiled,
               lambda e: e.on_ground and e.pos.y == 1.0 and e.item_age > TICKS)
        beside(IDLE, case, "items in still water", items_water, 20, compiled,
               lambda e: e.touching_water and 1.0 <= e.pos.y < 3.0 and e.item_age > TICKS)
        beside(IDLE, xp_orbs_case, version, compiled)
    living = (("idle", "", "idle_on_ground"), ("walking", "forward = true\n", "walk"),
              ("sprint-jumping", "forward = true\nsprint = true\njump = true\n", "sprint_jump"))
    if args.tnt_only or args.items_only or args.pearls_only or args.boats_only or args.arrows_only \
            or args.fireballs_only or version != DEFAULT_VERSION and not args.players_only:
        living = ()
    jit.bind_kernels()   # a single player is a run of one: the kernels must be loaded already
    for label, keys, peer_key in living if not args.mobs_only else ():
        for compiled in (True, False):
            beside(peer_key, players_case, f"players {label} ({N})", keys, compiled, version)
        if version == DEFAULT_VERSION:   # bench_living's player runs in 1.16.5
            beside(peer_key, arena_player, label, keys)
    if living and not args.mobs_only:
        ledge = ledge_scene(version)
        for compiled in (True, False):   # the peer has no sneaking case: its walk is the reference
            beside(WALK, case, f"players sneaking along an edge ({N})", ledge, 5, compiled, on_the_edge)
        swimmers = swimmers_scene(version)
        for compiled in (True, False):   # the peer has no water case: its walk is the reference
            beside(WALK, case, f"players in still water, forward ({N})", swimmers, 5, compiled, swimming)
        for compiled in (True, False):
            beside(IDLE, beside_tnt_case, compiled, version)
    if living and not (args.players_only or args.items_only or args.fireballs_only):
        for compiled in (True, False):
            beside(WALK, zombies_case, compiled)
            beside(WALK, beside_items_case, compiled)
            beside(WALK, zombies_case, compiled, "1.20.4")
            beside(WALK, zombies_case, compiled, "1.21.1")
            beside(WALK, zombies_case, compiled, "1.21.8")
            beside(WALK, path_case, compiled)
            beside(WALK, pen_case, compiled)
            beside(WALK, skeletons_case, compiled)
    if living and not (args.players_only or args.items_only or args.fireballs_only) or args.vehicles_only:
        for release in (DEFAULT_VERSION, VEHICLES_LATE):
            carts = carts_scene(release)
            for compiled in (True, False):
                beside(WALK, lambda text, on, r=release: (f"minecarts on rails ({r})", *carts_case(text, on)),
                       carts, compiled)
    if args.boats_only or not (args.tnt_only or args.players_only or args.items_only or args.pearls_only
                               or args.mobs_only or args.arrows_only or args.fireballs_only):
        for release in (DEFAULT_VERSION, VEHICLES_LATE):
            for compiled in (True, False):
                beside(IDLE, case, f"boats floating on still water ({N}, {release})",
                       boats_scene(False, version=release), 20, compiled, boat_floating)
                beside(IDLE, case, f"boats drifting on ice ({N}, {release})", boats_scene(True, version=release), 5,
                       compiled, boat_drifting)
        # the object path with entity queries among row-backed boxes (each boat's push search and collisions)
        beside(IDLE, case, f"ridden boats on still water ({N} + riders)", boats_scene(False, True), 5, True,
               ridden_boat_floating, 2 * N)
    print(f"{'case':36s} {'µs/entity-tick':>15s} {'CPU µs':>8s}  {'peer µs/tick before / after':>27s} "
          f"{'ratio':>8s}  path")
    for label, us, cpu, path, theirs in rows:
        mean = sum(theirs) / 2 if theirs else None
        ratio = f"{us / mean:7.2f}×" if mean else "      —"
        peer = f"{theirs[0]:12.2f} / {theirs[1]:12.2f}" if theirs else f"{'not found':>27s}"
        print(f"{label:36s} {us:15.2f} {cpu:8.2f}  {peer} {ratio}  {path}")
    if node:
        print(f"prismarine: node {node}")
    print(f"load at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
