"""Path finding of 1.14 against 1.14.1 (docs/versions.md, `path_finding`; Yarn 4ffac47a3 -> b96551d9d): six
differences, each a flag read by the path finder, the walk evaluator or the navigation, shown by a bundled scene in
1.14 and 1.14.1 and checked against its mutant; the rest of 1.14's search and following is 1.14.1's
(test_version_path_1143); 1.13.2: test_version_path_1132. The walk kernel hands 1.14's searches to the
object path, the compiled mob loop takes no 1.14 mob, and the runs are the same with the JIT off."""

from __future__ import annotations

import pytest

from engine.core.versions import features_for
from engine.java.javanum import java_div
from tests.conftest import jit_off_run
from tests.engine.test_version_path_1143 import flipped, path_flags_between, position
from tests.engine.test_version_path_1415 import kernel_searches, run
from tests.engine.test_version_paths import first_path

FLAGS_1_14_1 = ("path_euclid_search", "path_range_on_expanded", "path_diagonal_sides_checked",
                "path_fall_blocked_node", "path_box_entities", "path_no_direct_skip")
SCENE_OF = {"path_euclid_search": "zombie_path_round_wall_1_14.toml",
            "path_range_on_expanded": "zombie_path_near_range_1_14.toml",
            "path_diagonal_sides_checked": "zombie_path_open_diagonal_1_14.toml",
            "path_fall_blocked_node": "zombie_path_over_bottom_gap_1_14.toml",
            "path_box_entities": "zombie_path_boat_in_ditch_1_14.toml",
            "path_no_direct_skip": "zombie_path_open_diagonal_1_14.toml"}


def test_1_14_differs_from_1_14_1_in_six_path_flags_and_is_simulated() -> None:
    assert path_flags_between("1.14", "1.14.1") == sorted(FLAGS_1_14_1)
    assert "path_finding" not in features_for("1.14").refused
    assert "path_finding" in features_for("1.12.1").refused


def test_1_14_measures_in_manhattan_distances() -> None:
    """Round the wall: 1.14's Manhattan search and path; the mutants search as the other measure."""
    scene = SCENE_OF["path_euclid_search"]
    manhattan = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0], [3, 1, 1], [3, 1, 2], [3, 1, 3], [3, 1, 4], [4, 1, 4],
                 [5, 1, 4], [6, 1, 4], [7, 1, 4], [8, 1, 4], [8, 1, 3], [8, 1, 2], [8, 1, 1], [8, 1, 0]]
    euclid = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0], [3, 1, 1], [3, 1, 2], [3, 1, 3], [3, 1, 4], [4, 1, 4],
              [5, 1, 4], [5, 1, 3], [6, 1, 3], [6, 1, 2], [7, 1, 2], [7, 1, 1], [7, 1, 0], [8, 1, 0]]
    assert first_path(scene, "1.14") == (manhattan, True)
    assert first_path(scene, "1.14", **flipped("1.14", "path_euclid_search")) == (euclid, True)
    assert first_path(scene, "1.14.1") == ([[0, 1, 0], [1, 1, -1], [2, 1, -2], [3, 1, -3], [3, 1, -4], [4, 1, -4],
                                            [5, 1, -4], [6, 1, -3], [7, 1, -2], [8, 1, -1], [8, 1, 0]], True)
    assert first_path(scene, "1.14.1", **flipped("1.14.1", "path_euclid_search")) == (
        [[0, 1, 0], [1, 1, -1], [2, 1, -2], [2, 1, -3], [3, 1, -4], [4, 1, -4], [5, 1, -4], [5, 1, -3], [6, 1, -2],
         [7, 1, -1], [8, 1, 0]], True)
    assert position(scene, "1.14", 80) == (6.747699342127894, 1.0, 3.002248439906455)
    assert position(scene, "1.14.1", 80) == (6.820411665726963, 1.0, -2.1536430033634195)


def test_1_14_keeps_successors_within_range_of_the_target() -> None:
    """A follow range of 6, the target 6.3 away: 1.14 expands the start (its successors within 6 of the target);
    1.14.1 does not expand it, no path."""
    scene = SCENE_OF["path_range_on_expanded"]
    towards = [[0, 1, 0], [1, 1, 0], [1, 1, 1], [1, 1, 2], [2, 1, 2], [3, 1, 2]]
    assert first_path(scene, "1.14") == (towards, False)
    assert first_path(scene, "1.14", **flipped("1.14", "path_range_on_expanded")) == ([], False)
    assert first_path(scene, "1.14.1") == ([], False)
    assert first_path(scene, "1.14.1", **flipped("1.14.1", "path_range_on_expanded")) == (
        [[0, 1, 0], [1, 1, 1], [2, 1, 1], [3, 1, 1], [4, 1, 1], [5, 1, 2]], False)
    assert position(scene, "1.14", 40) == (3.247717403288121, 1.0, 2.2635804192243274)
    assert position(scene, "1.14.1", 40) == (0.5, 1.0, 0.5)


def test_1_14_takes_no_diagonal_between_walkable_sides() -> None:
    """Open ground: a staircase in 1.14, the diagonal from 1.14.1."""
    scene = SCENE_OF["path_diagonal_sides_checked"]
    stairs = [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 2], [2, 1, 2], [3, 1, 2], [3, 1, 3], [4, 1, 3], [5, 1, 3],
              [5, 1, 4], [5, 1, 5]]
    diagonal = [[x, 1, x] for x in range(6)]
    assert first_path(scene, "1.14") == (stairs, True)
    assert first_path(scene, "1.14", **flipped("1.14", "path_diagonal_sides_checked")) == (
        [[0, 1, 0], [1, 1, 0], [2, 1, 1], [3, 1, 2], [4, 1, 3], [5, 1, 4], [5, 1, 5]], True)
    assert first_path(scene, "1.14.1") == (diagonal, True)
    assert first_path(scene, "1.14.1", **flipped("1.14.1", "path_diagonal_sides_checked"))[0][:3] == stairs[:3]


def test_1_14_skips_along_a_direct_line_every_5_ticks() -> None:
    """The staircase walked: 1.14 skips across its corners; with the skip gone (the mutant) the zombie passes
    each node and is elsewhere after 40 ticks. 1.14.1's diagonal path has no corner to skip."""
    scene = SCENE_OF["path_no_direct_skip"]
    assert position(scene, "1.14", 40) == (3.439863610218855, 1.0, 3.629904908956812)
    assert position(scene, "1.14", 40, **flipped("1.14", "path_no_direct_skip")) == (
        3.3319778826909587, 1.0, 2.796073608703175)
    assert position(scene, "1.14.1", 40) == (3.6326667528803114, 1.0, 3.632659007399901)


@pytest.mark.parametrize(("dividend", "divisor", "quotient"), [
    (1.0, 0.0, float("inf")), (-1.0, 0.0, float("-inf")), (1.0, -0.0, float("-inf")), (6.0, 3.0, 2.0)])
def test_the_direct_line_divides_as_java_does(dividend: float, divisor: float, quotient: float) -> None:
    assert java_div(dividend, divisor) == quotient


def test_1_14_keeps_the_open_node_over_a_fall_to_y_0() -> None:
    """A gap in a floor at y 0: 1.14 paths straight over it (the OPEN node kept) and the zombie falls in; 1.14.1's
    BLOCKED node stops the path at its edge."""
    scene = SCENE_OF["path_fall_blocked_node"]
    straight = [[x, 1, 0] for x in range(7)]
    assert first_path(scene, "1.14") == (straight, True)
    assert first_path(scene, "1.14", **flipped("1.14", "path_fall_blocked_node"))[0][-1] == [6, 1, 0]
    assert len(first_path(scene, "1.14", **flipped("1.14", "path_fall_blocked_node"))[0]) == 19   # round the end
    assert first_path(scene, "1.14.1") == (straight[:3], False)
    assert first_path(scene, "1.14.1", **flipped("1.14.1", "path_fall_blocked_node")) == (straight, True)
    assert position(scene, "1.14", 40) == (3.7771708439824003, -6.559544869528043, 0.5)
    assert position(scene, "1.14.1", 40) == (2.2092037430171594, 1.0, 0.5)


def test_1_14_sees_a_boat_in_its_box_tests() -> None:
    """The boat in the ditch blocks the OPEN cell above it in 1.14 (round the south end); with the flag off, round
    the north end."""
    scene = SCENE_OF["path_box_entities"]
    nodes, reached = first_path(scene, "1.14")
    assert reached and nodes[3:10] == [[2, 2, z] for z in range(1, 8)]
    nodes, reached = first_path(scene, "1.14", **flipped("1.14", "path_box_entities"))
    assert reached and nodes[3:9] == [[2, 2, -z] for z in range(1, 7)]
    assert position(scene, "1.14", 40) == (1.8143505638627029, 2.0, 4.379817187799431)


def test_the_walk_kernel_hands_1_14_searches_to_the_object_path(monkeypatch) -> None:
    assert kernel_searches(monkeypatch, SCENE_OF["path_euclid_search"], "1.14") == 0


def test_the_scenes_run_the_same_with_the_jit_off() -> None:
    """40 ticks of each scene in 1.14: a child with the JIT off gives the same."""
    scenes = sorted(set(SCENE_OF.values()))
    expression = f"[run(s, '1.14', 40) for s in {scenes!r}]"
    compiled, plain = jit_off_run("tests.engine.test_version_path_114", expression)
    assert not compiled and plain == [run(s, "1.14", 40) for s in scenes]
