"""The compiled players phase in every simulated release (engine.living.player.PlayerBatch, `kernel_bits`): the loop,
the object path and the traced run agree bit for bit in 1.18.2, 1.20.4, 1.21.1, 1.21.4, 1.21.8 and 1.21.11 on random
worlds of walkers and sprint-jumpers, sneakers at ledges and swimmers and climbers; each release's runs differ from
its neighbour's in the list; a flag the loop is not given is caught; the kernels run as plain Python
(`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import dataclasses
from functools import partial

import pytest

from engine import jit
from engine.core.versions import RELEASES, features_for, version_text
from engine.living import player_kernel, travel_kernel
from engine.living.player import PlayerBatch, kernel_bits
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.test_player_rows import player_world, sneak_world, worlds_digest
from tests.engine.test_player_rows_water import water_world

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

RELEASES_RUN = ("1.16.5", "1.18.2", "1.20.4", "1.21.1", "1.21.4", "1.21.8", "1.21.11")
MAKERS = (player_world, sneak_world, water_world)
SEEDS = range(3)


def release_digest(version: str, seeds: range = SEEDS) -> tuple[str, int, int]:
    """`worlds_digest` of the three kinds of world in `version` (each run compiled, on the object path and traced,
    checked equal): their hashes joined, the player ticks the loop did and those it handed back."""
    digests, done, handed = [], 0, 0
    for make in MAKERS:
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
    """`PlayerBatch.decides` every release from 1.16.2 whose living and player mechanics are simulated; not 1.15.2
    or 1.16.1 (their fluids and jump are the object path's), nor a version diff that flips a flag the kernels do
    not take."""
    batch, world = PlayerBatch(), World()
    for v in RELEASES:
        features = features_for(version_text(v))
        simulated = not features.refused & batch.mechanics
        assert batch.decides(world, features, []) == (simulated and v >= (1, 16, 2)), v
    assert not batch.decides(world, features_for("1.15.2"), [])
    flipped = dataclasses.replace(features_for("1.21.8"), double_tap_reset_sneaking=False)
    assert not batch.decides(world, flipped, [])


@pytest.mark.parametrize(("bits", "name", "run"), [
    (player_kernel.PLAYER_BITS, "player_move_vector", partial(release_digest, "1.21.8")),   # the keys as in 1.21.4
    (travel_kernel.LIVING_BITS, "sine_index_double", partial(sprinter_digest, "1.21.11")),  # the float index
    (player_kernel.PLAYER_BITS, "should_stop_sprinting", partial(release_digest, "1.21.4")),  # a sneaker sprints on
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
    """With `NUMBA_DISABLE_JIT=1` the kernels of 1.21.8 and 1.21.11 run as plain Python, with the same results."""
    expression = 'release_digest("1.21.8", range(1)) + release_digest("1.21.11", range(1))'
    compiled, digest = jit_off_run("tests.engine.test_player_rows_versions", expression)
    assert compiled is False
    assert digest == list(release_digest("1.21.8", range(1)) + release_digest("1.21.11", range(1)))
