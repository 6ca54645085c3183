"""The firework rocket by release (engine/entities/firework.py; docs/versions.md `firework`): at its gliding
shooter's right hand from 1.18.2 (`firework_hand_offset`) and its start Motion drawn by `nextTriangular` from 1.19
(`random_triangular`). A player's tick is refused from 1.17 (`living`), so the rocket boosting the glide of
scenes/elytra_dive.toml is run on a 1.16.5 world with each release's flags."""

from __future__ import annotations

import dataclasses

from engine.entities import firework
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR

ROCKET = (SCENES_DIR / "elytra_dive.toml").read_text() + \
    '\n[[inputs]]\nentity = 1\nfrom = 1\nto = 1\nuse = "minecraft:firework_rocket"\n'


def _run(ticks: int, **flags: bool) -> Simulation:
    sim = load_scene_text(ROCKET, "elytra_dive.toml")
    sim.features = dataclasses.replace(sim.features, **flags)
    for _ in range(ticks):
        sim.tick()
    return sim


def test_the_rocket_sits_at_the_gliding_shooter_s_right_hand_from_1_18_2() -> None:
    """The player looks east (yaw −90): its right hand is 0.5 × getRotationVector(0, −10) away, (sin 10°, 0,
    cos 10°) × 0.5 by the sine table; the rocket ticks in the entity phase, before its shooter moves."""
    old, new = _run(2), _run(2, firework_hand_offset=True)
    shooter = tuple(old.entity_by_id(1).pos)
    before = (0.501860510954453, 249.94458753762646, 0.5)     # the shooter after its first tick
    assert tuple(old.entity_by_id(2).pos) == before
    assert tuple(new.entity_by_id(2).pos) == (0.5886636194082037, 249.94458753762646, 0.9924075901508331)
    # the boost is the same: where the rocket sits does not move its shooter
    assert tuple(new.entity_by_id(1).pos) == shooter and new.entity_by_id(1).motion == old.entity_by_id(1).motion


def test_the_rocket_s_start_motion_is_triangular_from_1_19() -> None:
    """The constructor's first draws: nextGaussian × 0.001 on X, then Z (up to 1.18.2), or nextTriangular(0,
    0.002297) on each (1.19); the rocket has not ticked yet after the tick that launched it."""
    old = _run(1).entity_by_id(2)
    new = _run(1, random_triangular=True).entity_by_id(2)
    assert tuple(old.motion) == (0.00027578449150640096, 0.05, 0.00047897251318116996)
    assert tuple(new.motion) == (-0.0003911806803593114, 0.05, -0.001123357818532799)
    assert all(abs(v) <= 0.002297 for v in (new.motion.x, new.motion.z))



def test_the_boost_reads_the_sine_table_indexed_in_double_in_1_21_11() -> None:
    """1.21.11 (`sine_index_double`) indexes the sine table by (long)(value × 10430.378350470453), 1.21.3-1.21.8 by
    (int)(value × 10430.378F) in float: for a shooter looking at yaw −168.75 the boost's look vector (and at
    −158.75 the hand offset's, yaw + 80) picks another entry, so the glide's Motion and the rocket's place differ."""
    shooter = _run(0).entity_by_id(1)
    shooter.yaw = -168.75
    before = shooter.motion
    firework.boost(shooter, False, None)
    by_float, shooter.motion = shooter.motion, before
    firework.boost(shooter, True, None)
    assert shooter.motion != by_float
    shooter.yaw = -158.75
    assert firework.hand_pos_offset(shooter, True) != firework.hand_pos_offset(shooter, False)
