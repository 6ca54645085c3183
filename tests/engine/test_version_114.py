"""Living entities, players and elytra of 1.14-1.14.4 (docs/versions.md, `living`, `player`, `elytra`): Yarn's 1.14
(4ffac47a3), 1.14.1, 1.14.2 and 1.14.4 (faf4ff525) against 1.15 (854b30038), run as the bundled scenes at each
release and its neighbour.

* `LivingEntity.travel` reads the slipperiness 1.0 below the box (`slipperiness_one_below`, 1.15:
  getVelocityAffectingPos).
* `MoveControl.tick` jumps inside a door's cell up to 1.14.3 (`move_control_jump_skips_doors`, 1.14.4-pre4).
* `Entity.move` runs `onSteppedOn` only for entities that canClimb (`stepped_on_can_climb`, 1.15: all): TNT slides
  over slime unslowed.
* `ClientPlayerEntity.tickMovement`: a sprint stops below 0.8F forward up to 1.14.1 (`sprint_stops_below_walking`),
  a swimmer can be in the sneaking pose up to 1.14.1 (`sneaking_pose_while_swimming`), the sneak key slows the keys
  up to 1.14.4 (`sneak_key_slows_input`), and a jump press that would start a glide goes to the server up to 1.14.4
  (`glide_start_by_server`: refused in one line).
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR

F03 = float(np.float32(0.3))         # KeyboardInput.tick: (float)(1.0 * 0.3)
F091 = np.float32(0.91)              # LivingEntity.travel: slipperiness * 0.91F


def _scene(name: str, version: str, **flags: bool) -> Simulation:
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', (SCENES_DIR / name).read_text(), flags=re.M)
    sim = load_scene_text(text, name)
    if flags:
        sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    return sim


def _ticks(name: str, version: str, ticks: int, entity: int = 1, **flags: bool) -> list:
    """Entity `entity` after each tick: (position, Motion, sprinting, swimming, gliding, forward input)."""
    sim = _scene(name, version, **flags)
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(entity)
        out.append((tuple(e.pos), tuple(e.motion), getattr(e, "sprinting", None), getattr(e, "swimming", None),
                    getattr(e, "fall_flying", None), getattr(e, "input_forward", None)))
    return out


SLIP = "living_slipperiness_one_below_1_14_4.toml"


@pytest.fixture(scope="module")
def slides() -> dict[str, list]:
    return {v: _ticks(SLIP, v, 20) for v in ("1.14", "1.14.4", "1.15")}


def test_a_zombie_on_an_enchanting_table_slides_on_the_ice_below_it_up_to_1_14_4(slides) -> None:
    """Tick 1: no input, the move by the shove (0.5), then the drag: 1.14.4 the packed ice's 0.98F under the
    table (y 0.75), 1.15 the table's 0.6F (y 1.2499999), each × 0.91F in float."""
    for version, slip in (("1.14", 0.98), ("1.14.4", 0.98), ("1.15", 0.6)):
        pos, motion = slides[version][0][:2]
        assert pos == (1.0, 1.75, 0.5)
        assert motion[0] == 0.5 * float(np.float32(np.float32(slip) * F091)), version
    assert slides["1.14"] == slides["1.14.4"]
    assert slides["1.14.4"][-1][0][0] > slides["1.15"][-1][0][0] + 2.0


def test_the_1_15_slipperiness_block_at_1_14_4_is_1_15_s_slide(slides) -> None:
    """The mutant: 1.14.4 with getVelocityAffectingPos runs as 1.15, tick for tick."""
    assert _ticks(SLIP, "1.14.4", 20, slipperiness_one_below=False) == slides["1.15"]


@pytest.mark.parametrize(("version", "jumps"), [("1.14", True), ("1.14.3", True), ("1.14.4", False),
                                                ("1.15", False)])
def test_a_zombie_jumps_in_an_open_door_s_cell_up_to_1_14_3(version: str, jumps: bool) -> None:
    """The door's panel (z 0..0.1875) misses the zombie's box; in its cell (x 3..4) the feet are below the shape's
    top (2.0): MoveControl's jump test fires up to 1.14.3, passes doors over from 1.14.4."""
    states = _ticks("zombie_open_door_jump_1_14_3.toml", version, 60)
    assert states[-1][0][0] > 5.0                      # through the door either way
    in_cell = [s[0][1] for s in states if 3.0 <= s[0][0] < 4.0]
    assert in_cell and (max(in_cell) > 1.4) == jumps
    assert jumps or all(s[0][1] == 1.0 for s in states)


def test_tnt_slides_over_slime_unslowed_up_to_1_14_4() -> None:
    """TntEntity.canClimb is false: up to 1.14.4 Entity.move runs no onSteppedOn for it, so the slime does not
    slow it; 1.15 runs it for every entity not sneaking. 1.14.4 with the canClimb test off ends as 1.15."""
    name = "tnt_slide_1_13_2.toml"
    ends = {v: _ticks(name, v, 20, 2)[-1][:2] for v in ("1.14", "1.14.4", "1.15")}
    assert ends["1.14"] == ends["1.14.4"]
    assert ends["1.14.4"][0][0] > ends["1.15"][0][0] + 0.5
    assert _ticks(name, "1.14.4", 20, 2, stepped_on_can_climb=False)[-1][:2] == ends["1.15"]


def test_sneaking_ends_a_sprint_up_to_1_14_1() -> None:
    """Ticks 1-5 sprint; from tick 6 sneak (forward 0.3): 1.14.1 stops the sprint at once (0.3 < 0.8F), 1.14.2
    sprints on (forward > 1.0E-5F)."""
    old, new = (_ticks("player_sprint_sneak_1_14_1.toml", v, 10) for v in ("1.14.1", "1.14.2"))
    assert old[:5] == new[:5] and all(s[2] for s in old[:5])
    assert [s[5] for s in old[5:]] == [F03] * 5
    assert not any(s[2] for s in old[5:]) and all(s[2] for s in new[5:])


def test_a_swimmer_that_cannot_stand_is_slowed_only_up_to_1_14_1() -> None:
    """Ticks 1-2, not yet swimming, the sneaking pose slows both (0.3); swimming from tick 3, 1.14.2 reads its full
    forward input (1.0), the 1.14.1 pose test (no swimming check) at 1.14.2 keeps it at 0.3 and the swimmer
    slower."""
    new = _ticks("player_swim_low_ceiling_1_14_2.toml", "1.14.2", 10)
    old_pose = _ticks("player_swim_low_ceiling_1_14_2.toml", "1.14.2", 10, sneaking_pose_while_swimming=True)
    assert new[:2] == old_pose[:2] and [s[5] for s in new[:2]] == [F03, F03]
    assert all(s[3] for s in new[2:]) and all(s[3] for s in old_pose[2:])
    assert [s[5] for s in new[2:]] == [1.0] * 8 and [s[5] for s in old_pose[2:]] == [F03] * 8
    assert new[-1][0][2] > old_pose[-1][0][2] + 0.3


def test_the_sneak_key_slows_its_first_tick_up_to_1_14_4() -> None:
    """Tick 5 is the first with sneak held: 1.14.4 slows the keys by the key (0.3), 1.15 by the pose, which reads
    the key of the tick before: full speed in tick 5, 0.3 from tick 6."""
    old, new = (_ticks("player_sneak_key_slows_1_14_4.toml", v, 8) for v in ("1.14.4", "1.15"))
    assert old[:4] == new[:4]
    assert [s[5] for s in old[4:]] == [F03] * 4
    assert [s[5] for s in new[4:]] == [1.0, F03, F03, F03]
    assert old[-1][0][2] < new[-1][0][2]


ELYTRA = "elytra_jump_press_1_14_4.toml"


def test_a_glide_started_by_a_jump_press_is_refused_up_to_1_14_4() -> None:
    """The press in tick 3 (falling, an elytra on) goes to the server in 1.14.4: one line naming the mechanic;
    the two ticks before run. 1.15 glides from tick 3."""
    sim = _scene(ELYTRA, "1.14.4")
    sim.tick()
    sim.tick()
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    line = str(err.value)
    assert "\n" not in line and line.startswith("elytra flight") and "START_FALL_FLYING" in line
    assert [s[4] for s in _ticks(ELYTRA, "1.15", 4)] == [False, False, True, True]


def test_a_jump_press_while_rising_starts_no_glide_up_to_1_14_4() -> None:
    """Rising (Motion Y 0.5), the 1.14.4 client sends nothing (it asks for velocity Y < 0): no glide, no stop;
    1.15's checkFallFlying starts it."""
    text = (SCENES_DIR / ELYTRA).read_text().replace("pitch = 20.0", "pitch = 20.0\nmotion = [0.0, 0.5, 0.0]") \
        .replace("from = 3\nto = 3", "from = 1\nto = 1")
    for version, glides in (("1.14.4", False), ("1.15", True)):
        sim = load_scene_text(re.sub(r'^version = ".*"$', f'version = "{version}"', text, flags=re.M), ELYTRA)
        sim.tick()
        assert sim.entity_by_id(1).fall_flying == glides
