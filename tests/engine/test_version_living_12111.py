"""Living entities of 1.21.11 against 1.21.8 (docs/versions.md, `living`).

1.21.11's `MathHelper.sin` and `cos` take a double and index the sine table by `(long)(value × 10430.378350470453)`
(`sine_index_double`); 1.21.8's by `(int)(value × 10430.378F)` in float. Every living caller gets the flag: the
movement input's rotation (`Entity.movementInputToVelocity`), the sprint-jump kick (`LivingEntity.jump`), the
glide's look and climb (`calcGlidingVelocity`) and the shulker's lid. 1.21.9-1.21.10 index in float, as 1.21.8
(tests/engine/test_version_12110.py)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_version_living_1212 import load

WALK = (SCENES_DIR / "zombie_walk_sine_index_1_21_11.toml").read_text()


def _walk(version: str, **flags: bool) -> list[tuple]:
    """The zombie's position, Motion and yaw after each of 8 ticks (`flags`: the release's flags changed)."""
    sim: Simulation = load(WALK, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    e = sim.entity_by_id(1)
    states = []
    for _ in range(8):
        sim.tick()
        states.append((e.pos, e.motion, e.yaw))
    return states


@pytest.fixture(scope="module")
def walks() -> dict[str, list[tuple]]:
    """scenes/zombie_walk_sine_index_1_21_11.toml in 1.21.8 and 1.21.11, each with the flag flipped (mutants)."""
    return {"1.21.8": _walk("1.21.8"), "1.21.11": _walk("1.21.11"),
            "1.21.8 double": _walk("1.21.8", sine_index_double=True),
            "1.21.11 float": _walk("1.21.11", sine_index_double=False)}


def test_a_zombie_walking_at_yaw_315_turns_its_input_by_another_cosine_in_1_21_11(walks) -> None:
    """At yaw 315.0 the sine's index is the same in float and double and the cosine's one apart: in the first tick
    the input's X (sideways 0: -forward × sin) is the same and its Z (forward × cos) differs; the walks stay apart.
    The flag is the whole difference: 1.21.8 with it walks as 1.21.11, 1.21.11 without it as 1.21.8, bit for bit."""
    old, new = walks["1.21.8"], walks["1.21.11"]
    assert old[0][2] == new[0][2] == 315.0
    assert old[0][0].x == new[0][0].x and old[0][0].z != new[0][0].z
    assert all(o[0] != n[0] for o, n in zip(old, new, strict=True))
    assert new[-1][0].x > 1.0 and new[-1][0].z > 1.0        # it walks toward its target, +X and +Z
    assert walks["1.21.8 double"] == new and walks["1.21.11 float"] == old

