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
from engine.entities import tnt_kernel
from engine.living import player_kernel, travel_kernel
from engine.living.player import PlayerBatch, kernel_bits
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
    stop, 1.21.5's move vector, 1.21.11's sine index): the flags the loop takes change what it computes."""
    runs = [digests[v][0] for v in RELEASES_RUN]
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


@pytest.mark.parametrize(("bits", "name", "version"), [
    (player_kernel.PLAYER_BITS, "player_move_vector", "1.21.8"),        # the keys not normalized, not modified
    (travel_kernel.LIVING_BITS, "sine_index_double", "1.21.11"),        # the input rotated by the float index
    (tnt_kernel.VERSION_BITS, "step_up_heights", "1.21.1"),            # 1.20.4's step-up
    (player_kernel.PLAYER_BITS, "should_stop_sprinting", "1.21.4"),    # a sneaker keeps its sprint
])
def test_a_flag_the_loop_is_not_given_is_caught(monkeypatch, bits: dict, name: str, version: str) -> None:
    """The comparisons fail where the loop is given the release without one of its flags (the object path reads it
    from the release's `Features`)."""
    monkeypatch.setitem(bits, name, 0)
    kernel_bits.cache_clear()
    try:
        with pytest.raises(AssertionError):
            release_digest(version)
    finally:
        kernel_bits.cache_clear()


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the kernels of 1.21.8 and 1.21.11 run as plain Python, with the same results."""
    expression = 'release_digest("1.21.8", range(1)) + release_digest("1.21.11", range(1))'
    compiled, digest = jit_off_run("tests.engine.test_player_rows_versions", expression)
    assert compiled is False
    assert digest == list(release_digest("1.21.8", range(1)) + release_digest("1.21.11", range(1)))
