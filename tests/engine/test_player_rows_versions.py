"""The compiled players phase in every simulated release (engine.living.player.PlayerBatch, `kernel_bits`): the loop,
the object path and the traced run agree bit for bit in 1.14, 1.14.4, 1.15.2, 1.16, 1.16.1, 1.16.2, 1.18.2, 1.20.4,
1.21.1, 1.21.4, 1.21.8 and 1.21.11 on random worlds of walkers and sprint-jumpers, sneakers at ledges and swimmers
and climbers (before 1.16.2 also by lava, flowing and hanging water and half-height steps), and on the bundled
scenes of the player flags of 1.14-1.16.2; each release's runs differ from its neighbour's in the list (but 1.16.1
from 1.16: no flag a player's tick reads parts them); a flag the loop is not given is caught; the kernels run as
plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import dataclasses
import math
import random
import re
from functools import partial

import pytest

from engine import jit
from engine.core.versions import RELEASES, features_for, version_text
from engine.geometry.box import Vec3
from engine.living import player_kernel, travel_kernel
from engine.living.player import PlayerBatch, PlayerEntity, kernel_bits
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import SCENES_DIR, jit_off_run
from tests.engine.test_compiled_equality import ORIGINS
from tests.engine.test_player_rows import hold_random_keys, player_world, sneak_world, worlds_digest
from tests.engine.test_player_rows_water import water_world

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

RELEASES_RUN = ("1.16.5", "1.18.2", "1.20.4", "1.21.1", "1.21.4", "1.21.8", "1.21.11")
MAKERS = (player_world, sneak_world, water_world)
SEEDS = range(3)
LEDGE_SEEDS = range(5)   # world 4 parts every neighbour but 1.16 and 1.16.1
# the releases before 1.16.2 whose players the loop runs (and 1.16.2, their neighbour): each differs from the next
# in a flag a player's tick reads, but 1.16.1 from 1.16
OLD_RUN = ("1.14", "1.14.4", "1.15.2", "1.16", "1.16.1", "1.16.2")
# what stands on the ledges of `ledge_world` (y 60): half-height steps to walk off while sneaking, a block between
# half and full height (1.14's slipperiness one below the feet), a ladder, lava, flowing water (under more, at y
# 61: 1.14's flow by the world's heights); what hangs over air above them (y 62, 63: the eye's water test)
STEPS = ("oak_slab[type=bottom]",) * 3 + ("enchanting_table", "ladder[facing=north]", "lava", "water[level=3]",
                                          "water[level=1]", "water")
HANGING = ("water",) * 3 + ("water[level=2]",)


def ledge_world(seed: int, version: str) -> Simulation:
    """1 to 4 players on or by stone ledges at y 59 over a floor 3 below (as `sneak_world`'s), at one of ORIGINS,
    with `STEPS` on a third of the ledges' cells (some under flowing water) and `HANGING` water over a few; each
    walks, jumps, sneaks and sprints in random directions over random ranges."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    w = World()
    state = blocks.parse_block_state
    stone = state("stone")
    for x in range(ox - 10, ox + 11):
        for z in range(oz - 10, oz + 11):
            w.set_block_state(x, 56, z, stone)
    for _ in range(rng.randint(3, 7)):
        x0, z0 = ox + rng.randint(-7, 5), oz + rng.randint(-7, 5)
        for x in range(x0, x0 + rng.randint(2, 5)):
            for z in range(z0, z0 + rng.randint(2, 5)):
                w.set_block_state(x, 59, z, stone)
                if rng.random() < 0.3:
                    w.set_block_state(x, 60, z, state(rng.choice(STEPS)))
                    if rng.random() < 0.3:
                        w.set_block_state(x, 61, z, state("water[level=1]"))
                if rng.random() < 0.15:
                    w.set_block_state(x, rng.choice((62, 63)), z, state(rng.choice(HANGING)))
    sim = Simulation(w, version=version)
    for _ in range(rng.randint(1, 4)):
        x, z = ox + rng.uniform(-7, 7), oz + rng.uniform(-7, 7)
        top = 60.0 if w.get_block_state(math.floor(x), 59, math.floor(z)).block != "air" else 57.0
        p = sim.create(PlayerEntity, Vec3(x, top + rng.choice((0.0, 0.0, 0.5, 1.0)), z),
                       Vec3(0.0, -0.0784000015258789, 0.0))
        p.yaw = rng.uniform(-180, 180)
        sim.add_entity(p)
        hold_random_keys(p, rng, (2, 10), 0.4, {"forward": 0.7, "jump": 0.3, "sneak": 0.6, "sprint": 0.5}, 0.6)
    return sim


def release_digest(version: str, seeds: range = SEEDS, makers: tuple = MAKERS) -> tuple[str, int, int]:
    """`worlds_digest` of the kinds of world `makers` in `version` (each run compiled, on the object path and
    traced, checked equal): their hashes joined, the player ticks the loop did and those it handed back."""
    digests, done, handed = [], 0, 0
    for make in makers:
        digest, d, h = worlds_digest(seeds, partial(make, version=version))
        digests.append(digest)
        done, handed = done + d, handed + h
    return "".join(digests), done, handed


def sprinter(seed: int, version: str) -> Simulation:
    """A player sprinting forward on stone (at y 60: from 1.18 one near y 0 is handed back) for 40 ticks at yaw 337.5,
    where the sine table's index of 1.21.11 (`sine_index_double`: 61440) and of the releases before (the float
    product: 61439) part."""
    return load_scene_text(f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [-30, 59, -30]\nto = [30, 59, 30]\n'
                           'block = "minecraft:stone"\n[[entities]]\ntype = "minecraft:player"\nid = 1\n'
                           'pos = [0.5, 60.0, 0.5]\nyaw = 337.5\nmotion = [0.0, -0.0784000015258789, 0.0]\n'
                           'on_ground = true\n[[inputs]]\nentity = 1\nfrom = 1\nto = 40\nforward = true\n'
                           'sprint = true\n')


def sprinter_digest(version: str) -> tuple[str, int, int]:
    """`worlds_digest` of `sprinter` in `version`."""
    return worlds_digest(range(1), partial(sprinter, version=version))


def test_the_double_sine_index_is_compiled() -> None:
    """The sprinter at yaw 337.5 moves otherwise in 1.21.11 than in 1.21.8 (the input's rotation), every tick
    compiled (its entity-phase and its players-phase tick), the same as the object path and the traced run in each."""
    old, new = sprinter_digest("1.21.8"), sprinter_digest("1.21.11")
    assert old[0] != new[0] and old[1:] == new[1:] == (80, 0), (old, new)   # both phases


@pytest.fixture(scope="module")
def digests() -> dict[str, tuple[str, int, int]]:
    return {version: release_digest(version) for version in RELEASES_RUN}


def test_each_release_compiled_object_and_traced_agree(digests) -> None:
    """In each release, random walking, sneaking and swimming worlds, 40 ticks: compiled, object path and traced
    runs agree bit for bit (`worlds_digest` asserts it), and most player ticks were compiled."""
    for version, (_, done, handed) in digests.items():
        assert done > 4 * handed > 0, (version, done, handed)


def test_each_release_differs_from_its_neighbour(digests) -> None:
    """The same worlds move otherwise in each release than in the one before it in the list (1.18's axes and soft
    collision, 1.20's supporting block, 1.20.5's sneaking probe, 1.21's step-up, 1.21.2's jump, 1.21.4's sprint
    stop, 1.21.5's move vector): the flags the loop takes change what it computes. 1.21.11 differs from 1.21.8
    only by its sine index, which these worlds' yaws do not meet since 1.21.11's block walk is simulated (its
    worlds no longer hand back by section): the sprinter at yaw 337.5 below shows it."""
    runs = [digests[v][0] for v in RELEASES_RUN[:-1]]
    assert all(a != b for a, b in zip(runs, runs[1:], strict=False)), RELEASES_RUN


def test_the_loop_decides_every_release_simulating_players() -> None:
    """`PlayerBatch.decides` every release from 1.14 whose living and player mechanics are simulated; not 1.13.2
    (its client and move are the object path's), nor a version diff that flips a flag the kernels do not take."""
    batch, world = PlayerBatch(), World()
    for v in RELEASES:
        features = features_for(version_text(v))
        simulated = not features.refused & batch.mechanics
        assert batch.decides(world, features, []) == (simulated and v >= (1, 14)), v
    assert not batch.decides(world, features_for("1.13.2"), [])
    flipped = dataclasses.replace(features_for("1.21.8"), player_client_1_13=True)
    assert not batch.decides(world, flipped, [])


def old_digest(version: str, seeds: range = SEEDS, ledge_seeds: range = LEDGE_SEEDS) -> tuple[str, int, int]:
    """`release_digest` of `version` (`seeds`) joined with that of `ledge_world` (`ledge_seeds`)."""
    digest, done, handed = release_digest(version, seeds)
    ledges = release_digest(version, ledge_seeds, (ledge_world,))
    return digest + ledges[0], done + ledges[1], handed + ledges[2]


@pytest.fixture(scope="module")
def old_digests() -> dict[str, tuple[str, int, int]]:
    return {version: old_digest(version) for version in OLD_RUN}


def test_each_old_release_compiled_object_and_traced_agree(old_digests) -> None:
    """In 1.14-1.16.2, random walking, sneaking, swimming and ledge worlds (lava, flowing and hanging water, steps),
    40 ticks: compiled, object path and traced runs agree bit for bit, and most player ticks were compiled."""
    for version, (_, done, handed) in old_digests.items():
        assert done > 4 * handed > 0, (version, done, handed)


def test_each_old_release_differs_from_its_neighbour(old_digests) -> None:
    """1.14 (the flow of the world's heights, a sprint stopped below 0.8F forward), 1.14.4 (the sneak key's
    slowdown, the slipperiness one below, no climbing test on a jump press), 1.15.2 (the water alone and its push
    without a minimum, the eye's water test, the double tap kept through a sneak), 1.16.1 (lava left while touching
    water, the sneak edge on the ground only) and 1.16.2 move the worlds otherwise each; 1.16 and 1.16.1 alike."""
    runs = [old_digests[v][0] for v in OLD_RUN]
    assert runs[3] == runs[4]
    del runs[3]
    assert all(a != b for a, b in zip(runs, runs[1:], strict=False)), OLD_RUN


def scene_in(name: str, seed: int, version: str) -> Simulation:
    """The bundled scene `name` loaded in `version` (its own release replaced; `seed`, a world maker's, unread)."""
    text = (SCENES_DIR / name).read_text()
    return load_scene_text(re.sub(r'^version = ".*"$', f'version = "{version}"', text, count=1, flags=re.M))


def ladder_water_jump(seed: int, version: str) -> Simulation:
    """A player standing in still water a block deep, in a waterlogged ladder's cell, presses jump (tick 3): from
    1.15.2 the press asks `isClimbing` (`glide_start_off_climbable`), which sets the climbing flag; 1.14.4 asks
    nothing, and `travel`'s water case asks only after a horizontal collision."""
    return load_scene_text(f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [-2, 0, -2]\nto = [2, 0, 2]\n'
                           'block = "minecraft:stone"\n[[blocks]]\nfrom = [-2, 1, -2]\nto = [2, 1, 2]\n'
                           'block = "minecraft:water"\n[[blocks]]\nat = [0, 1, 0]\n'
                           'block = "minecraft:ladder[facing=north,waterlogged=true]"\n[[blocks]]\nat = [0, 1, 1]\n'
                           'block = "minecraft:stone"\n[[entities]]\ntype = "minecraft:player"\nid = 1\n'
                           'pos = [0.5, 1.0, 0.5]\non_ground = true\nmotion = [0.0, -0.0784000015258789, 0.0]\n'
                           '[[inputs]]\nentity = 1\nfrom = 3\nto = 6\njump = true\n')


# the player flags of 1.14-1.16.2 met in a scene: each run in the release before the flag and the one after
FLAG_SCENES = {
    "sprint_stops_below_walking": (partial(scene_in, "player_sprint_sneak_1_14_1.toml"), "1.14", "1.14.4"),
    "sneak_key_slows_input": (partial(scene_in, "player_sneak_key_slows_1_14_4.toml"), "1.14.4", "1.15.2"),
    "glide_start_off_climbable": (ladder_water_jump, "1.14.4", "1.15.2"),
    "submerged_below_eye": (partial(scene_in, "player_sprint_key_hanging_water_1_15_2.toml"), "1.15.2", "1.16"),
    "double_tap_reset_sneaking": (partial(scene_in, "player_double_tap_sneak_1_16.toml"), "1.15.2", "1.16"),
    "sneak_edge_near_ground": (partial(scene_in, "player_sneak_jump_edge_1_19.toml"), "1.16.1", "1.16.2"),
}


@pytest.mark.parametrize("name", FLAG_SCENES)
def test_the_old_player_flags_scenes_compiled_object_and_traced_agree(name: str) -> None:
    """Each flag's scene in the release before it and the one after: compiled, object path and traced runs agree
    bit for bit, the two releases' runs differ, and the loop ticked most of the player's ticks."""
    make, before, after = FLAG_SCENES[name]
    old = worlds_digest(range(1), partial(make, version=before))
    new = worlds_digest(range(1), partial(make, version=after))
    assert old[0] != new[0], name
    for _, done, handed in (old, new):
        assert done > handed, (name, done, handed)


def flag_scene_digest(name: str, version: str) -> tuple[str, int, int]:
    """`worlds_digest` of flag `name`'s scene (`FLAG_SCENES`) in `version`."""
    return worlds_digest(range(1), partial(FLAG_SCENES[name][0], version=version))


def world_digest(make, seed: int, version: str) -> tuple[str, int, int]:
    """`worlds_digest` of world `seed` of `make` in `version`."""
    return worlds_digest(range(seed, seed + 1), partial(make, version=version))


@pytest.mark.parametrize(("bits", "name", "run"), [
    (player_kernel.PLAYER_BITS, "player_move_vector", partial(release_digest, "1.21.8")),   # the keys as in 1.21.4
    (travel_kernel.LIVING_BITS, "sine_index_double", partial(sprinter_digest, "1.21.11")),  # the float index
    (player_kernel.PLAYER_BITS, "should_stop_sprinting", partial(release_digest, "1.21.4")),  # a sneaker sprints on
    # 1.14-1.16.2: where the flag holds, the loop given the release without it
    (travel_kernel.LIVING_BITS, "sneak_edge_near_ground", partial(flag_scene_digest, "sneak_edge_near_ground",
                                                                  "1.16.2")),         # held by the edge in the air
    (travel_kernel.LIVING_BITS, "slipperiness_one_below", partial(world_digest, player_world, 5, "1.14.4")),
    (player_kernel.PLAYER_BITS, "lava_push", partial(world_digest, water_world, 5, "1.16.1")),   # no least push
    (player_kernel.PLAYER_BITS, "flow_own_levels", partial(world_digest, water_world, 3, "1.14.4")),
    (player_kernel.PLAYER_BITS, "submerged_below_eye", partial(flag_scene_digest, "submerged_below_eye", "1.16")),
    (player_kernel.PLAYER_BITS, "double_tap_reset_sneaking", partial(flag_scene_digest, "double_tap_reset_sneaking",
                                                                     "1.16")),
    (player_kernel.PLAYER_BITS, "sneak_key_slows_input", partial(flag_scene_digest, "sneak_key_slows_input",
                                                                 "1.14.4")),
    (player_kernel.PLAYER_BITS, "glide_start_off_climbable", partial(flag_scene_digest, "glide_start_off_climbable",
                                                                     "1.15.2")),
    (player_kernel.PLAYER_BITS, "sprint_stops_below_walking", partial(flag_scene_digest, "sprint_stops_below_walking",
                                                                      "1.14")),
])
def test_a_flag_the_loop_is_not_given_is_caught(monkeypatch, bits: dict, name: str, run) -> None:
    """The comparisons fail where the loop is given the release without one of its flags (the object path reads it
    from the release's `Features`)."""
    monkeypatch.setitem(bits, name, 0)
    kernel_bits.cache_clear()
    try:
        with pytest.raises(AssertionError):
            run()
    finally:
        kernel_bits.cache_clear()


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the kernels of 1.21.8, 1.21.11, 1.14 and 1.15.2 run as plain Python, with the
    same results."""
    expression = ('release_digest("1.21.8", range(1)) + release_digest("1.21.11", range(1)) + '
                  'old_digest("1.14", range(1), range(4, 5)) + old_digest("1.15.2", range(1), range(4, 5))')
    compiled, digest = jit_off_run("tests.engine.test_player_rows_versions", expression)
    assert compiled is False
    assert digest == list(release_digest("1.21.8", range(1)) + release_digest("1.21.11", range(1))
                          + old_digest("1.14", range(1), range(4, 5)) + old_digest("1.15.2", range(1), range(4, 5)))
