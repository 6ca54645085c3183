"""Players in water and on ladders as rows (engine.living.player_kernel, travel_kernel.travel_in_water, climbing in
travel_kernel.travel_ordinary): the compiled players phase, the object path and the traced run agree bit for bit on
random pools of still and flowing water beside walls of ladders and vines; deliberate mutants of the water and
climbing kernels are caught; the kernels run as plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import random
import sys

import pytest

from engine import jit
from engine.core.versions import DEFAULT_VERSION
from engine.geometry.box import Vec3
from engine.living import player_kernel, travel_kernel
from engine.living.player import PlayerEntity
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS
from tests.engine.test_player_rows import _mutant, _uncompiled, hold_random_keys, player_lines, worlds_digest

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

SEEDS = range(16)
MUTANT_SEEDS = range(8)
# what the pool (y 58-59, inside a stone rim) holds: still water mostly, flowing water of several levels, a few
# waterlogged blocks and dry steps; what stands in columns on the rim and in the pool (y 58-63): ladders and vines of
# every side (on stone or alone), waterlogged ladders, and the climbables the loop hands back (a trapdoor,
# scaffolding)
POOL = ("water",) * 6 + ("water[level=1]", "water[level=3]", "water[level=5]", "water[level=7]",
                         "oak_slab[type=bottom,waterlogged=true]", "ladder[facing=east,waterlogged=true]", "stone",
                         "oak_slab[type=bottom]")
CLIMBS = ("ladder[facing=north]", "ladder[facing=south]", "ladder[facing=east]", "ladder[facing=west]",
          "vine[north=true]", "vine[south=true,east=true]", "ladder[facing=west,waterlogged=true]", "stone",
          "oak_trapdoor[open=true,facing=north]", "scaffolding")


def water_world(seed: int, version: str = DEFAULT_VERSION) -> Simulation:
    """1 to 4 players by a pool 11 × 11 × 2 deep (cells of `POOL`) sunk in a stone floor (top y 59), with 4 to 12
    columns of `CLIMBS` 1 to 5 tall on the floor and in the pool, at one of ORIGINS; each starts in the pool, on the
    floor or above either, and holds random keys over random ranges (mostly forward, often jumping, now and then
    sneaking or sprinting), turning between ranges."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    stone = blocks.parse_block_state("stone")
    pool = [blocks.parse_block_state(s) for s in POOL]
    climbs = [blocks.parse_block_state(s) for s in CLIMBS]
    for x in range(ox - 10, ox + 11):
        for z in range(oz - 10, oz + 11):
            w.set_block_state(x, 57, z, stone)
            wet = abs(x - ox) <= 5 and abs(z - oz) <= 5
            for y in (58, 59):
                w.set_block_state(x, y, z, rng.choice(pool) if wet else stone)
    for _ in range(rng.randint(4, 12)):
        x, z, y0 = ox + rng.randint(-8, 8), oz + rng.randint(-8, 8), rng.choice((58, 60))
        block = rng.choice(climbs)
        for y in range(y0, y0 + rng.randint(1, 5)):
            w.set_block_state(x, y, z, block)
    sim = Simulation(w, version=version)
    for _ in range(rng.randint(1, 4)):
        y = rng.choice((58.0, 58.5, 59.2, 60.0, 60.0 + rng.uniform(0, 3)))
        motion = Vec3(rng.uniform(-0.2, 0.2), rng.choice((-0.0784000015258789, 0.0, 0.1)), rng.uniform(-0.2, 0.2))
        p = sim.create(PlayerEntity, Vec3(ox + rng.uniform(-7, 7), y, oz + rng.uniform(-7, 7)), motion)
        p.yaw = rng.uniform(-180, 180)
        p.on_ground = y == 60.0
        sim.add_entity(p)
        hold_random_keys(p, rng, (3, 12), 0.3, {"forward": 0.8, "jump": 0.5, "sneak": 0.2}, 0.5)
    return sim


def test_players_in_water_and_on_ladders_compiled_object_and_traced_agree() -> None:
    """16 random pools with ladders and vines, 40 ticks: compiled, object path and traced runs agree bit for bit;
    most player ticks were compiled (swimming in still and flowing water, climbing), some handed back (a sprinter
    under water starts swimming, a trapdoor or scaffolding at the feet, leaving the water onto a landing)."""
    _, done, handed = worlds_digest(SEEDS, water_world)
    assert done > 4 * handed > 0, (done, handed)


def _climber(sneak_from: int) -> Simulation:
    """A player at the foot of a ladder column 6 tall (on a stone wall to its west), walking into it, from tick
    `sneak_from` on sneaking instead."""
    inputs = f'[[inputs]]\nentity = 1\nfrom = 1\nto = {sneak_from - 1}\nforward = true\n'
    if sneak_from <= 20:
        inputs += f'[[inputs]]\nentity = 1\nfrom = {sneak_from}\nto = 20\nsneak = true\n'
    return load_scene_text('[[blocks]]\nfrom = [-3, 0, -3]\nto = [3, 0, 3]\nblock = "minecraft:stone"\n'
                           '[[blocks]]\nfrom = [-1, 1, 0]\nto = [-1, 6, 0]\nblock = "minecraft:stone"\n'
                           '[[blocks]]\nfrom = [0, 1, 0]\nto = [0, 6, 0]\nblock = "minecraft:ladder[facing=east]"\n'
                           '[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 1.0, 0.5]\nyaw = 90.0\n'
                           'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n' + inputs)


def climber_runs() -> list[tuple]:
    """`_climber` walking into the ladder for 20 ticks, and sneaking from tick 11 on: for each, the compiled run's
    player, its height after 13 ticks, and its player ticks compiled and handed back; each run checked equal to the
    object path's."""
    runs = []
    for sneak_from in (21, 11):
        lines = []
        for mode in ("compiled", "object"):
            sim = _climber(sneak_from)
            p = sim.entity_by_id(1)
            first = player_lines(sim, 13, mode)
            y = p.pos.y
            lines.append(first + player_lines(sim, 7, mode))
            if mode == "compiled":
                runs.append((p, y, sim.kernel_ticks, sim.object_ticks))
        assert lines[0] == lines[1], sneak_from
    return runs


def test_a_player_climbs_a_ladder_compiled() -> None:
    """A player walking into a ladder for 20 ticks climbs it (0.2 up on the horizontal collision, less gravity and
    drag: over 2 blocks); one that sneaks from tick 11 on holds on once its rise is spent (its height the same at
    ticks 13 and 20): every tick compiled (the players phase and the entity phase), bit for bit the object
    path's."""
    (climber, _, *ticks), (holder, y, *held_ticks) = climber_runs()
    assert ticks == held_ticks == [40, 0], (ticks, held_ticks)
    assert climber.climbing and climber.pos.y > 3.0, climber.pos
    assert holder.climbing and 2.0 < holder.pos.y == y, (holder.pos, y)


@pytest.mark.parametrize(("module", "name", "old", "new", "path", "check"), [
    (travel_kernel, "travel_in_water", "WATER_SPRINT_DRAG if sprinting else WATER_DRAG",
     "WATER_SPRINT_DRAG if sprinting else WATER_SPRINT_DRAG", ((player_kernel, "player_tick"),), "pools"),
    # the 0.8F water drag replaced by the sprinter's 0.9F
    (travel_kernel, "jumping_in_fluid", "if wet and (not on_ground or height > swim_height):",
     "if wet and height > swim_height:", ((player_kernel, "player_tick"),), "pools"),
    # a player off the ground in shallow water jumps instead of swimming up
    (travel_kernel, "climbing_speed", "if y < 0.0 and holding:", "if y < 0.0 and not holding:",
     ((player_kernel, "travel_ordinary"),), "climber"),                 # a sneaker lets go of the ladder
])
def test_water_and_climbing_mutants_are_caught(monkeypatch, module, name, old, new, path, check) -> None:
    """The random pools' or the climber's comparison fails for a kernel with a deliberate mistake, given to the
    compiled loop only (`path`: the kernels down to its caller run as plain Python): the object path runs the
    kernels' plain forms (engine.jit.plain) made from the unchanged source."""
    mutant = _mutant(module, name, old, new)
    _uncompiled(monkeypatch, *path)
    caller = getattr(*path[-1])
    monkeypatch.setattr(sys.modules[caller.__module__], name, mutant)
    with pytest.raises(AssertionError):
        worlds_digest(MUTANT_SEEDS, water_world) if check == "pools" else climber_runs()


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the water and climbing kernels run as plain Python, with the same results."""
    compiled, digest = jit_off_run("tests.engine.test_player_rows_water", "worlds_digest(range(4), water_world)")
    assert compiled is False
    assert digest == list(worlds_digest(range(4), water_world))


def _strider_run(mode: str) -> tuple[list[str], float]:
    """A player walking east along the bottom of a still pool 2 deep for 10 ticks, then given Depth Strider III
    (an assignment, as the viewer's enchantment edit makes), then 10 more: the lines and its speed at the end."""
    sim = load_scene_text('[[blocks]]\nfrom = [-2, 0, -2]\nto = [30, 0, 2]\nblock = "minecraft:stone"\n'
                          '[[blocks]]\nfrom = [-2, 1, -2]\nto = [30, 2, 2]\nblock = "minecraft:water"\n'
                          '[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 1.0, 0.5]\nyaw = -90.0\n'
                          'on_ground = true\n[[inputs]]\nentity = 1\nfrom = 1\nto = 20\nforward = true\n')
    lines = player_lines(sim, 10, mode)
    p = sim.entity_by_id(1)
    p.enchantments = {"feet": {"minecraft:depth_strider": 3}}
    return lines + player_lines(sim, 10, mode), p.motion.x


def test_depth_strider_given_between_ticks_is_taken() -> None:
    """Depth Strider put on a submerged walker between ticks takes effect in the next tick on the compiled path too
    (the player leaves the loop: the kernels leave Depth Strider to the object path), bit for bit the object
    path's, and the walker ends faster than the 0.02F acceleration against the 0.8F drag allows (0.1 a tick)."""
    compiled, speed = _strider_run("compiled")
    assert compiled == _strider_run("object")[0]
    assert speed > 0.1, speed
