"""The firework rocket by release (engine/entities/firework.py; docs/versions.md `firework`): at its gliding
shooter's right hand from 1.18.2 (`firework_hand_offset`) and its start Motion drawn by `nextTriangular` from 1.19
(`random_triangular`). A player's tick is refused from 1.17 (`living`), so the rocket boosting the glide of
scenes/elytra_dive.toml is run on a 1.16.5 world with each release's flags. 1.12.2 and 1.13.2 (MCP 1.12.2 and
client1.13.2 `EntityFireworkRocket.onUpdate`): a rocket attached to no entity flies on its own with no hit test
(`firework_tick_1_12`, scenes/firework_free_1_12_2.toml and _1_13_2; its hit test from 1.14:
tests/engine/test_version_firework_free.py), and 1.12.2 boosts along `getLookVec` (`firework_look_vec_1_12`,
scenes/firework_glider_1_12_2.toml and _1_13_2)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from engine.entities import firework
from engine.tick.scene import load_scene_text
from engine.tick.scene_checks import SceneError
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

ROCKET = (SCENES_DIR / "elytra_dive.toml").read_text() + \
    '\n[[inputs]]\nentity = 1\nfrom = 1\nto = 1\nuse = "minecraft:firework_rocket"\n'


def _run(ticks: int, text: str = ROCKET, version: str | None = None, **flags: bool) -> Simulation:
    if version is not None:
        text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                         for line in text.splitlines())
    sim = load_scene_text(text, "<firework case>")
    sim.features = dataclasses.replace(sim.features, **flags)
    for _ in range(ticks):
        sim.tick()
    return sim


def _state(sim: Simulation, entity_id: int) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
    e = sim.entity_by_id(entity_id)
    return None if e is None or e.removed else (tuple(e.pos), tuple(e.motion))


FREE = (SCENES_DIR / "firework_free_1_12_2.toml").read_text()
GLIDER = (SCENES_DIR / "firework_glider_1_12_2.toml").read_text()


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
    sim = _run(0)
    shooter = sim.entity_by_id(1)
    shooter.yaw = -168.75
    before = shooter.motion
    firework.boost(shooter, sim.features, None)
    by_float, shooter.motion = shooter.motion, before
    firework.boost(shooter, dataclasses.replace(sim.features, sine_index_double=True), None)
    assert shooter.motion != by_float
    shooter.yaw = -158.75
    assert firework.hand_pos_offset(shooter, True) != firework.hand_pos_offset(shooter, False)


def test_a_free_rocket_flies_on_its_own_in_1_12_2_and_1_13_2() -> None:
    """Summoned rockets (no boosted entity, Motion and LifeTime from the scene) multiply motionX and motionZ by 1.15D
    and add 0.04D to motionY, then move: rocket 1 rises through the armor stand (no hit test) into the ceiling at
    y 7, which zeroes motionY every tick after; rocket 2 meets the wall at x 4, which zeroes motionX, and rises
    along it. Each is removed in the tick its life exceeds its LifeTime (19, 24). 1.13.2 runs the same tick."""
    ticks = (1, 13, 15, 16, 19, 20, 24, 25)
    t1, t13, t15, t16, t19, t20, t24, t25 = runs = [_run(t, FREE) for t in ticks]
    newer = [_run(t, FREE, "1.13.2") for t in ticks]
    assert [_state(s, i) for s in runs for i in (1, 2, 3)] == [_state(s, i) for s in newer for i in (1, 2, 3)]
    assert _state(t1, 1) == ((0.5, 1.09, 0.5), (0.0, 0.09, 0.0))
    assert _state(t1, 2) == ((0.615, 1.04, 4.523), (0.11499999999999999, 0.04, 0.023))
    assert _state(t15, 1) == ((0.5, 6.550000000000001, 0.5), (0.0, 0.65, 0.0))
    assert _state(t16, 1) == _state(t19, 1) == ((0.5, 6.75, 0.5), (0.0, 0.0, 0.0))   # under the ceiling
    assert _state(t20, 1) is None
    assert _state(t13, 2) == ((3.875, 4.639999999999999, 5.290094101931864), (0.0, 0.5199999999999999,
                                                                             0.12305575242589525))
    assert _state(t24, 2) == ((3.875, 13.0, 8.735860349305284), (0.0, 0.9600000000000003, 0.5725035238224282))
    assert _state(t25, 2) is None
    assert _state(t25, 3) == ((0.5, 3.0, 0.5), (0.0, 0.0, 0.0))   # the armor stand, passed through
    # the flag forced off (1.14's tick, its hit test): rocket 1 hits the armor stand in tick 7
    assert _state(_run(7, FREE, "1.12.2", firework_tick_1_12=False), 1) is None


def test_a_rocket_is_attached_by_an_id_above_0_in_1_12_2_and_by_any_id_from_1_14() -> None:
    """`isAttachedToEntity` (1.12.2, 1.13.2) is BOOSTED_ENTITY_ID > 0: a rocket holding the id 0 flies free; 1.14's
    `wasShotByEntity` holds any id: the rocket waits for an entity 0 that is not there, only ageing."""
    text = scene_toml(scene={"version": "1.12.2"}, entities=[
        {"type": "minecraft:firework_rocket", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": [0.0, 0.05, 0.0],
         "shooter": 0, "life_time": 5}])
    assert _state(_run(2, text), 1) == ((0.5, 1.2200000000000002, 0.5), (0.0, 0.13, 0.0))
    waiting = _run(2, text, "1.14")
    assert _state(waiting, 1) == ((0.5, 1.0, 0.5), (0.0, 0.05, 0.0)) and waiting.entity_by_id(1).life == 2


def test_the_1_12_2_boost_follows_get_look_vec() -> None:
    """1.12.2 boosts along getLookVec (sin and cos of −yaw × 0.017453292F − (float)π), 1.13.2 and 1.14 along
    getRotationVector: the player looking at yaw −75, 10° down, uses the rocket in tick 1; the rocket's first
    boost (tick 2) and every later one give other floats. The flag forced off in 1.12.2 boosts as 1.13.2 does."""
    old, mutant = _run(2, GLIDER), _run(2, GLIDER, firework_look_vec_1_12=False)
    assert _state(old, 1) == ((2.517692504947566, 79.69462077502362, 1.022077441941852),
                              (1.215867856465583, -0.19758448544153243, 0.3200294583796922))
    assert _state(mutant, 1) != _state(old, 1)
    assert _state(old, 2) == ((1.3018246484819826, 79.89220526046516, 0.7020479835621598),
                              (1.2094821340354174, -0.20146265413879327, 0.31762422509750143))   # at its shooter
    later = _run(20, GLIDER)
    assert _state(later, 1) == ((31.53169259875844, 74.91195125296855, 8.789805721474817),
                                (1.6353301722763505, -0.2688458544855963, 0.43807336160721194))


def test_the_1_13_2_boosted_glide_is_1_14_s() -> None:
    """1.13.2's EntityFireworkRocket.onUpdate boosts along getVectorForRotation, 1.14's formula: the glider of
    scenes/firework_glider_1_13_2.toml runs bit for bit as in 1.14, not as in 1.12.2, until its rocket is gone."""
    text = (SCENES_DIR / "firework_glider_1_13_2.toml").read_text()
    new, v114, v1122 = (_state(_run(30, text, v), 1) for v in ("1.13.2", "1.14", "1.12.2"))
    assert new == v114 != v1122
    assert new == ((47.95374878861219, 72.32716772597905, 13.193701672061424),
                   (1.6611223079710775, -0.22975458308256022, 0.4451532785102572))


def test_a_crossbow_s_rocket_cannot_be_asked_for() -> None:
    """Crossbows (1.14) are modelled in no release: a scene can neither use one nor summon a rocket shot at an
    angle (1.14's `ShotAtAngle`); each stops at load in one line."""
    player = {"type": "minecraft:player", "id": 1, "pos": [0.5, 1.0, 0.5]}
    rocket = {"type": "minecraft:firework_rocket", "id": 2, "pos": [0.5, 1.0, 0.5], "shot_at_angle": True}
    for text, key in ((scene_toml(scene={"version": "1.12.2"}, entities=[player], inputs=[
            {"entity": 1, "from": 1, "to": 1, "use": "minecraft:crossbow"}]), "inputs[0].use: cannot use"),
                      (scene_toml(scene={"version": "1.13.2"}, entities=[rocket]), "shot_at_angle: unknown key")):
        with pytest.raises(SceneError, match=re.escape(key)) as err:
            load_scene_text(text, "s.toml")
        assert "\n" not in str(err.value)


def test_a_rocket_s_life_and_lifetime_are_its_nbt_s_in_a_schematic(tmp_path) -> None:
    """A rocket's NBT keeps `Life` and `LifeTime` (ints; an arrow's `life` is a short) and not its boosted entity:
    a schematic exported from a run holds the rockets' ages, and a rocket read back flies free."""
    from engine.schematics.mapping import entity_nbt
    from engine.tick.scene import load_scene
    from viewer.cli import main
    sim = _run(3, FREE)
    tag = entity_nbt(sim.entity_by_id(2), sim.entity_by_id(2).pos, sim.version)
    assert (tag["Life"], tag["LifeTime"]) == (3, 24) and "life" not in tag
    out = tmp_path / "rockets.schem"
    assert main(["export", str(SCENES_DIR / "firework_free_1_12_2.toml"), "--out", str(out)]) == 0
    read = [(e.shooter, e.life, e.life_time) for e in load_scene(out).entities
            if isinstance(e, firework.FireworkRocket)]
    assert read == [(None, 0, 19), (None, 0, 24)]
