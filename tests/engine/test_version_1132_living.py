"""Living entities of 1.13.2 (docs/versions.md, `living`): extracted_minecraft_data's client1.13.2
(`EntityLivingBase.travel`, `onLivingUpdate`, `jump`, `isOnLadder`, `EntityMoveHelper`, `Entity.move`) composed from
1.12.2's flags and 1.14's code, run as scenes/living_1_13_2.toml at 1.12.2, 1.13.2 and 1.14, each 1.13.2 difference
also against 1.13.2 with its flag off; a living entity's step-up (1.12.2's two tries over VoxelShapes,
scenes/zombie_step_landing_1_13_2.toml). Players and gliders: test_version_1132_player.py.
"""

from __future__ import annotations

import dataclasses
import functools
import re

import numpy as np
import pytest

from engine.constants import GROUND_ACCEL_FACTOR_1_13
from engine.core.versions import features_for
from engine.java.javanum import f32
from engine.jit import njit, plain
from engine.living import player, travel_kernel
from engine.living.mob import _release
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR

SCENE = "living_1_13_2.toml"
F098 = float(np.float32(0.98))       # travel's Y drag in the air: 0.98F
TICKS = 30


NO_SWIM_GOAL = (("undead_swim_goal", False),)   # 1.12.2's zombie without EntityAISwimming


@functools.cache
def _run(version: str, flips: tuple = ()) -> tuple:
    """Per tick, per zombie id: (position, Motion, on the ground, yaw)."""
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', (SCENES_DIR / SCENE).read_text(), flags=re.M)
    sim = load_scene_text(text, SCENE)
    if flips:
        sim.features = dataclasses.replace(sim.features, **dict(flips))
    out = []
    for _ in range(TICKS):
        sim.tick()
        out.append({e.id: (tuple(e.pos), tuple(e.motion), e.on_ground, e.yaw) for e in sim.world.entities.values()})
    return tuple(out)


def _track(run: tuple, entity_id: int) -> list:
    return [t[entity_id] for t in run]


def test_a_walking_zombie_turns_as_1_14_and_travels_as_1_12_2_with_its_own_acceleration() -> None:
    """Zombie 1: `EntityMoveHelper` turns it by 57.2957763671875 (1.14's yaw, not 1.12.2's 180D / Math.PI), its
    travel is 1.12.2's float `moveRelative` with the factor 0.16277137F: it walks off both neighbours, and off
    1.13.2 run with 1.12.2's factor (`ground_accel_1_13` off) and with 1.14's double travel."""
    old, mid, new = (_track(_run(v), 1) for v in ("1.12.2", "1.13.2", "1.14"))
    assert mid[0][3] == new[0][3] != old[0][3]
    assert all(t[2] for t in mid)
    assert mid[-1][0] != old[-1][0] and mid[-1][0] != new[-1][0]
    for flag in ("ground_accel_1_13", "move_relative_float", "ground_accel_by_drag"):
        assert _track(_run("1.13.2", ((flag, False),)), 1)[-1][0] != mid[-1][0], flag
    assert _track(_run("1.13.2", (("move_control_1_12", True),)), 1)[0][3] == old[0][3]


def test_a_zombie_falling_through_vines_is_clamped_to_1_12_2_s_double() -> None:
    """Zombie 2 falls in a column of vines: motionY below −0.15D becomes −0.15D (the double literal), then −0.08 and
    × 0.98F, as in 1.12.2 (1.14: (double)−0.15F); 1.13.2 with `climbing_1_12` off falls as 1.14."""
    old, mid, new = (_track(_run(v), 2) for v in ("1.12.2", "1.13.2", "1.14"))
    assert (0.0, (-0.15 - 0.08) * F098, 0.0) in [t[1] for t in mid]
    assert mid == old and mid != new
    assert _track(_run("1.13.2", (("climbing_1_12", False),)), 2) == new


def test_a_swimming_zombie_sinks_by_the_fluid_gravity_and_does_not_climb_in_water() -> None:
    """Zombie 3 swims west in a pool, its position in a vine cell, into the wall: 1.13.2 sinks by 1.14's fluid
    gravity (0.08 / 16, −0.005 in the first tick; 1.12.2: −0.02D) and, as 1.12.2, does not climb on the collision;
    1.14 (and 1.13.2 with `water_travel_no_climb` off) climbs out at 0.2 × 0.8F − 0.005. 1.12.2's zombie runs
    without its swim goal (`undead_swim_goal`, whose jumps tests/engine/test_goals.py shows)."""
    old, mid, new = _track(_run("1.12.2", NO_SWIM_GOAL), 3), _track(_run("1.13.2"), 3), _track(_run("1.14"), 3)
    assert mid[0][1][1] == -0.005 and old[0][1][1] == -0.02
    hit = next(n for n, t in enumerate(new) if t[1][1] > 0.0)
    assert [t[0][1] for t in mid[:hit + 1]] == [t[0][1] for t in new[:hit + 1]]    # X: the float moveRelative
    assert all(t[1][1] < 0.0 for t in mid) and all(t[1][1] < 0.0 for t in old)
    climbing = _track(_run("1.13.2", (("water_travel_no_climb", False),)), 3)
    assert climbing[hit][1][1] == new[hit][1][1] > 0.0 > mid[hit][1][1]


def test_a_zombie_falling_into_lava_tests_its_own_box_as_1_12_2() -> None:
    """Zombie 4 falls into a lava pool: 1.13.2's `isInLava` is the material test over its own box shrunk by 0.1,
    0.4, 0.1 (`in_lava_material_box`), so it enters the lava a tick after 1.14's block-check flag, as 1.12.2's
    (without its swim goal)."""
    old, mid, new = _track(_run("1.12.2", NO_SWIM_GOAL), 4), _track(_run("1.13.2"), 4), _track(_run("1.14"), 4)
    assert mid == old and mid != new
    assert mid[7][2] and not new[7][2]


def test_1_13_1_stops_in_one_line() -> None:
    with pytest.raises(NotImplementedError, match=r"^living travel.*of version 1\.13\.1 [^\n]*$"):
        _run("1.13.1")


def _landing(version: str, **flags: bool) -> tuple[tuple[float, ...], bool]:
    """The zombie of scenes/zombie_step_landing_1_13_2.toml after its first tick: position, on the ground."""
    text = (SCENES_DIR / "zombie_step_landing_1_13_2.toml").read_text()
    sim = load_scene_text(text.replace('version = "1.13.2"', f'version = "{version}"'), "landing")
    sim.features = dataclasses.replace(sim.features, **flags)
    sim.tick()
    zombie = sim.entity_by_id(1)
    return tuple(zombie.pos), zombie.on_ground


def test_a_landing_zombie_steps_over_a_wall_and_is_lowered_by_its_rise_alone_in_1_13_2() -> None:
    """`Entity.move` of 1.13.2: the landing tick's step-up carries the box over the one-block wall (x 0.5 + 2.0:
    the whole Motion) and lowers it by its rise alone, back to the starting height 1.45 (1.12.2's, which lowers it
    over its box list likewise); 1.14 lowers it by the rise and the wanted -0.5, onto the floor. 1.13.2 with 1.14's
    move (`move_motion_fields` off) lands too."""
    (x, y, _), ground = _landing("1.13.2")
    assert (x, ground) == (2.5, True) and abs(y - 1.45) < 1e-12
    assert _landing("1.12.2") == _landing("1.13.2")
    assert _landing("1.14")[0][1] < 1.0 + 1e-12 and _landing("1.13.2", move_motion_fields=False)[0][1] < 1.0 + 1e-12


def test_the_compiled_loops_hand_1_13_2_back() -> None:
    """The mob loop reads no 1.12.2 or 1.13.2 travel flag: `MobBatch.decides` finds no release for 1.13.2 (every
    mob takes the object path), and the player loop's `kernel_bits` none either."""
    features = features_for("1.13.2")
    assert _release(features) is None and player.kernel_bits(features) is None
    assert _release(features_for("1.16.5")) is not None


def test_the_1_13_2_ground_acceleration_compiled_equals_its_plain_python() -> None:
    """`ground_accel_1_12` with 1.13.2's factor compiled and as plain Python; the two factors give other floats."""
    @njit
    def compiled(drag, speed, factor):
        return travel_kernel.ground_accel_1_12(drag, speed, factor)

    ground_accel = plain(travel_kernel.ground_accel_1_12)
    for drag in (f32(f32(0.6) * f32(0.91)), f32(0.91), f32(f32(0.98) * f32(0.91))):
        want = ground_accel(drag, f32(0.23), GROUND_ACCEL_FACTOR_1_13)
        assert compiled(drag, f32(0.23), GROUND_ACCEL_FACTOR_1_13) == want != ground_accel(drag, f32(0.23))
