"""Path finding of 1.12.2 against 1.13.2 (docs/versions.md, `path_finding`; MCP 1.12.2 `WalkNodeProcessor`,
`PathNavigateGround` against the client1.13.2 sources). Each flagged difference is shown by a bundled scene run in
1.13.2 with the flag as 1.12.2 has it, and in 1.14 with the flag forced off (the mutant); the last one, the zombie's
swim goal (`undead_swim_goal`, its navigator's canSwim), in tests/engine/test_goals.py. 1.12.2 itself simulates
them: its runs take 1.12.2's living tick too (`move_relative_float`, ...)."""

from __future__ import annotations

from engine.core.versions import features_for
from tests.engine.test_version_path_1143 import flipped, position
from tests.engine.test_version_paths import first_path

CHORUS = "zombie_path_chorus_flower_1_12_2.toml"
SNOW = "zombie_path_snow_step_1_12_2.toml"
AS_1_12_2 = {"path_passable_by_shape": False}
FLOOR_1_12_2 = {"path_floor_by_collision": False}


def test_1_12_2_has_the_flags_off() -> None:
    f1122, f1132 = features_for("1.12.2"), features_for("1.13.2")
    assert not f1122.path_passable_by_shape and f1132.path_passable_by_shape
    assert not f1122.path_floor_by_collision and f1132.path_floor_by_collision
    assert "path_finding" not in f1122.refused


def test_1_12_2_runs_the_scenes_as_1_13_2_with_its_flags() -> None:
    """In 1.12.2 itself the searches are 1.13.2's with 1.12.2's flags; the walks part only by 1.12.2's living
    tick (its float `moveRelative`: the chorus flower's wall stops the zombie at the same x)."""
    as_1_12_2 = AS_1_12_2 | FLOOR_1_12_2
    for scene in (CHORUS, SNOW):
        assert first_path(scene, "1.12.2") == first_path(scene, "1.13.2", **as_1_12_2)
    assert position(CHORUS, "1.12.2", 40) == position(CHORUS, "1.13.2", 40, **as_1_12_2) == (
        1.699999988079071, 1.0, 0.5)
    assert position(SNOW, "1.12.2", 24) == (2.9053577658799066, 2.249187078744681, 0.5)


def test_a_chorus_flower_passes_by_its_material_in_1_12_2() -> None:
    """A chorus flower (plants: Material.blocksMovement false) fills the only gap in a wall. 1.12.2's isPassable
    lets the path through its cell, and the zombie walks into it; from 1.13 its full collision cube makes it
    BLOCKED: the path steps up onto it and the zombie jumps over."""
    through = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0], [4, 1, 0], [5, 1, 0]]
    over = [[0, 1, 0], [1, 1, 0], [2, 2, 0], [3, 1, 0], [4, 1, 0], [5, 1, 0]]
    assert first_path(CHORUS, "1.13.2") == (over, True)
    assert first_path(CHORUS, "1.13.2", **AS_1_12_2) == (through, True)
    assert first_path(CHORUS, "1.14", **flipped("1.14", "path_passable_by_shape")) == (through, True)
    assert position(CHORUS, "1.13.2", 40) == (4.287272722610197, 1.0, 0.5)
    assert position(CHORUS, "1.13.2", 40, **AS_1_12_2) == (1.699999988079071, 1.0, 0.5)
    assert position(CHORUS, "1.14", 40) == (4.287273256786925, 1.0, 0.5)


def test_the_move_target_over_snow_is_its_bounding_box_top_in_1_12_2() -> None:
    """Snow five layers deep: 1.12.2 aims the move 0.625 up (its bounding box), above the step height, and the
    zombie jumps; from 1.13 0.5 up (its collision box) and it steps on. The path is the same."""
    assert first_path(SNOW, "1.13.2") == first_path(SNOW, "1.13.2", **FLOOR_1_12_2)
    assert position(SNOW, "1.13.2", 24) == (3.103217346415609, 1.5, 0.5)
    assert position(SNOW, "1.13.2", 24, **FLOOR_1_12_2) == (2.9053579357646995, 2.249187078744681, 0.5)
    assert position(SNOW, "1.14", 24, **flipped("1.14", "path_floor_by_collision")) == (
        2.9053582969440077, 2.249187078744681, 0.5)
    assert position(SNOW, "1.14", 40) == (4.930248930375662, 1.5, 0.5)
