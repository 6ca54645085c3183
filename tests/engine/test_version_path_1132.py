"""Path finding of 1.13.2 against 1.14 (docs/versions.md, `path_finding`; the client1.13.2 sources, MCP names:
`PathFinder`, `PathNavigate`, `PathNavigateGround`, `WalkNodeProcessor`, `PathPoint`, `Path`, `EntityAIMoveToBlock`,
against Yarn 4ffac47a3): six differences, each a flag read by the path finder, the walk evaluator or the
navigation, shown by a bundled scene in 1.13.2 and 1.14 and checked against its mutant; the rest of 1.13.2's search
and following is 1.14's (test_version_path_114). Before 1.13.2 path finding stays refused. The runs are the same
with the JIT off."""

from __future__ import annotations

import dataclasses

from engine.core.versions import features_for
from tests.conftest import jit_off_run
from tests.engine.test_version_path_1143 import flipped, path_flags_between, position
from tests.engine.test_version_path_1415 import kernel_searches, run, scene_at
from tests.engine.test_version_paths import first_path

FLAGS_1_14 = ("path_budget_by_range", "path_reach_in_double", "path_direct_skip_every_5", "path_step_box_from_feet",
              "path_goal_reached_below_1", "path_box_entities")
SCENE_OF = {"path_budget_by_range": "zombie_path_round_long_wall_1_13_2.toml",
            "path_reach_in_double": "zombie_path_reach_edge_1_13_2.toml",
            "path_direct_skip_every_5": "zombie_path_staircase_1_13_2.toml",
            "path_step_box_from_feet": "zombie_path_step_from_carpet_1_13_2.toml",
            "path_goal_reached_below_1": "zombie_path_goal_at_one_1_13_2.toml",
            "path_box_entities": "zombie_path_boat_in_ditch_1_14.toml"}


def test_1_13_2_differs_from_1_14_in_six_path_flags_and_is_simulated() -> None:
    assert path_flags_between("1.13.2", "1.14") == sorted(FLAGS_1_14)
    assert "path_finding" not in features_for("1.13.2").refused
    assert all("path_finding" in features_for(v).refused for v in ("1.12.1", "1.13", "1.13.1"))


def test_1_13_2_counts_200_nodes() -> None:
    """Behind a long wall: 1.13.2's 200 nodes end the search short of the target; 560 (a zombie's range × 16)
    reach it."""
    scene = SCENE_OF["path_budget_by_range"]
    short, short_reached = first_path(scene, "1.13.2")
    full, full_reached = first_path(scene, "1.14")
    assert (short[-1], short_reached) == ([6, 1, 2], False) and (full[-1], full_reached) == ([6, 1, 0], True)
    assert short == full[:len(short)]
    assert first_path(scene, "1.13.2", **flipped("1.13.2", "path_budget_by_range")) == (full, True)
    assert first_path(scene, "1.14", **flipped("1.14", "path_budget_by_range")) == (short, False)


def test_1_13_2_tests_a_node_reached_in_float() -> None:
    """0.44999998 from the node's centre: not reached in float (1.13.2), reached in double (1.14)."""
    scene = SCENE_OF["path_reach_in_double"]
    assert position(scene, "1.13.2", 10) == (0.7555909785940571, 2.176759275064237, 0.650843244154849)
    assert position(scene, "1.13.2", 10, **flipped("1.13.2", "path_reach_in_double")) == (
        0.7733442061353492, 2.0244240882136797, 0.7437583700114003)
    assert position(scene, "1.14", 10) == (0.7733442028571852, 2.0244240882136797, 0.7437583411218813)
    assert position(scene, "1.14", 10, **flipped("1.14", "path_reach_in_double")) == (
        0.7555909758321027, 2.176759275064237, 0.6508432046750143)


def test_1_13_2_skips_along_a_direct_line_every_tick() -> None:
    scene = SCENE_OF["path_direct_skip_every_5"]
    assert position(scene, "1.13.2", 40) == (3.63266613545584, 1.0, 3.6326583894766924)
    assert position(scene, "1.13.2", 40, **flipped("1.13.2", "path_direct_skip_every_5")) == (
        3.4398631291638067, 1.0, 3.629904447960362)
    assert position(scene, "1.14", 40) == (3.439863610218855, 1.0, 3.629904908956812)


def test_1_13_2_steps_up_from_no_carpet() -> None:
    """The step-up box from the cell's floor meets the carpet (1.13.2): round to bare stone; 1.14 steps up."""
    scene = SCENE_OF["path_step_box_from_feet"]
    round_to_stone = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [2, 1, 1], [2, 1, 2], [2, 1, 3], [3, 1, 3], [3, 2, 2],
                      [3, 2, 1], [3, 2, 0], [4, 2, 0]]
    up = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 2, 0], [4, 2, 0]]
    assert first_path(scene, "1.13.2") == (round_to_stone, True)
    assert first_path(scene, "1.13.2", **flipped("1.13.2", "path_step_box_from_feet")) == (up, True)
    assert first_path(scene, "1.14") == (up, True)
    assert first_path(scene, "1.14", **flipped("1.14", "path_step_box_from_feet")) == (round_to_stone, True)
    assert position(scene, "1.13.2", 40) == (2.536213922846536, 1.0625, 3.148059477467565)
    assert position(scene, "1.14", 40) == (4.087406782773935, 2.0, 0.5)


def test_1_13_2_sees_no_boat_in_its_box_tests() -> None:
    """1.13.2's box tests ask World.isCollisionBoxesEmpty(null, box): a null entity adds no entity's box, so the boat
    in the ditch is not seen (round the north end, as 1.14 with the flag off); the flag forced on sees it (south)."""
    scene = SCENE_OF["path_box_entities"]
    nodes, reached = first_path(scene, "1.13.2")
    assert reached and nodes[3:9] == [[2, 2, -z] for z in range(1, 7)]
    nodes, reached = first_path(scene, "1.13.2", **flipped("1.13.2", "path_box_entities"))
    assert reached and nodes[3:10] == [[2, 2, z] for z in range(1, 8)]


def searched_at(scene: str, version: str, ticks: int, **flags: bool) -> list[int]:
    """The ticks in which the mob's goal asked for a path (its `path` events), in `version` with `flags`."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    at = []
    for _ in range(ticks):
        if any(e["kind"] == "path" for e in sim.tick().events):
            at.append(sim.tick_count)
    return at


def test_1_13_2_counts_a_goal_exactly_1_0_away_reached() -> None:
    """A zombie shut in a shaft, its goal's cell centre exactly 1.0 away (squared): 1.13.2 counts it reached and
    asks no more; 1.14 counts it not reached and asks again every 40 ticks. It never moves."""
    scene = SCENE_OF["path_goal_reached_below_1"]
    assert searched_at(scene, "1.13.2", 100) == [1]
    assert searched_at(scene, "1.13.2", 100, **flipped("1.13.2", "path_goal_reached_below_1")) == [1, 40, 80]
    assert searched_at(scene, "1.14", 100) == [1, 40, 80]
    assert searched_at(scene, "1.14", 100, **flipped("1.14", "path_goal_reached_below_1")) == [1]
    assert position(scene, "1.13.2", 100) == position(scene, "1.14", 100) == (0.5, 1.5, 0.5)


def test_the_walk_kernel_hands_1_13_2_searches_to_the_object_path(monkeypatch) -> None:
    assert kernel_searches(monkeypatch, SCENE_OF["path_step_box_from_feet"], "1.13.2") == 0


def test_the_scenes_run_the_same_with_the_jit_off() -> None:
    """40 ticks of each scene in 1.13.2: a child with the JIT off gives the same."""
    scenes = sorted(SCENE_OF.values())
    expression = f"[run(s, '1.13.2', 40) for s in {scenes!r}]"
    compiled, plain = jit_off_run("tests.engine.test_version_path_1132", expression)
    assert not compiled and plain == [run(s, "1.13.2", 40) for s in scenes]
