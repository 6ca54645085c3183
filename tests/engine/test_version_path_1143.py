"""Path finding of 1.14.1-1.14.3 against 1.14.4 (docs/versions.md, `path_finding`; Yarn 033557e07 -> faf4ff525):
five differences, each a flag read by the path finder, the walk evaluator or the navigation, shown by a bundled scene
in both releases and checked against its mutant; the rest of 1.14.3's search and following is 1.14.4's. 1.14.1 and
1.14.2 (b96551d9d, cf4c9592f) read as 1.14.3 (renames only); 1.14: test_version_path_114. The walk kernel hands
these searches to the object path, and the runs are the same with the JIT off."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.versions import FEATURES, features_for
from engine.pathfinding import path_finder, walk_kernel
from tests.conftest import jit_off_run
from tests.engine.test_version_path_1415 import kernel_searches, run, scene_at
from tests.engine.test_version_paths import first_path

FLAGS_1_14_4 = ("path_target_set", "path_heuristic_distance_only", "path_range_from_start",
                "path_diagonal_lower_sides", "path_start_through_waterlogged")
SCENE_OF = {"path_target_set": "zombie_path_onto_target_1_14_3.toml",
            "path_heuristic_distance_only": "zombie_path_round_water_1_14_3.toml",
            "path_range_from_start": "zombie_path_far_target_1_14_3.toml",
            "path_diagonal_lower_sides": "zombie_path_past_shaft_1_14_3.toml",
            "path_start_through_waterlogged": "villager_path_under_seagrass_1_14_3.toml"}


def flipped(version: str, flag: str) -> dict[str, bool]:
    return {flag: not getattr(features_for(version), flag)}


def searches(scene: str, version: str, **flags: bool) -> dict[int, tuple[list[list[int]], bool]]:
    """Each mob's first search in `scene` (its nodes, whether it reaches its target), in `version` with `flags`."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    found: dict[int, tuple[list[list[int]], bool]] = {}
    for _ in range(3):
        for event in sim.tick().events:
            if event["kind"] == "path":
                found.setdefault(event["entity"], (event["nodes"], event["reached"]))
    return found


def position(scene: str, version: str, ticks: int, **flags: bool) -> tuple[float, float, float]:
    """Where entity 1 stands after `ticks` of `scene` in `version` with `flags`."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    for _ in range(ticks):
        sim.tick()
    p = sim.entity_by_id(1).pos
    return p.x, p.y, p.z


def path_flags_between(old: str, new: str) -> list[str]:
    """The `path_*` flags whose values differ between releases `old` and `new`, sorted."""
    a, b = (dataclasses.asdict(features_for(v)) for v in (old, new))
    return sorted(n for n in FEATURES if n.startswith("path_") and a[n] != b[n])


def test_1_14_3_differs_from_1_14_4_in_five_path_flags() -> None:
    assert path_flags_between("1.14.3", "1.14.4") == sorted(FLAGS_1_14_4)
    for v in ("1.14.1", "1.14.2"):
        assert path_flags_between(v, "1.14.3") == []
    assert all("path_finding" not in features_for(v).refused for v in ("1.14.1", "1.14.2", "1.14.3"))


def test_1_14_3_reaches_only_the_target_itself_and_finds_no_path_from_the_start_alone() -> None:
    """Zombie 1 on open stone: the path ends on the target (1.14.3) or a block short of it (1.14.4, reach distance
    1). Zombie 2, walled in: no path (1.14.3), its start alone (1.14.4). Each mutant searches as the other release."""
    scene = SCENE_OF["path_target_set"]
    line = [[x, 1, 0] for x in range(9)]
    old = {1: (line, True), 2: ([], False)}
    new = {1: (line[:-1], True), 2: ([[0, 1, 4]], False)}
    assert searches(scene, "1.14.3") == old == searches(scene, "1.14.4", **flipped("1.14.4", "path_target_set"))
    assert searches(scene, "1.14.4") == new == searches(scene, "1.14.3", **flipped("1.14.3", "path_target_set"))
    assert position(scene, "1.14.3", 80) == (8.261244351928958, 1.0, 0.5)   # on the target
    assert position(scene, "1.14.4", 80) == (7.233539272273116, 1.0, 0.5)


def test_1_14_3_adds_the_penalty_to_the_heuristic() -> None:
    """The water nodes wait in the heap (1.14.3): the path goes round the strip; 1.14.4 crosses it."""
    scene = SCENE_OF["path_heuristic_distance_only"]
    round_strip = [[0, 1, 0], [1, 1, 1], [2, 1, 2], [3, 1, 3], [3, 1, 4], [4, 1, 5], [5, 1, 5], [6, 1, 5],
                   [7, 1, 5], [8, 1, 5], [9, 1, 4], [8, 1, 3], [7, 1, 2], [7, 1, 1]]
    across = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0], [4, 1, 0], [5, 1, 0], [6, 1, 1], [7, 1, 1]]
    assert first_path(scene, "1.14.3") == (round_strip, True)
    assert first_path(scene, "1.14.3", **flipped("1.14.3", "path_heuristic_distance_only")) == (across, True)
    assert first_path(scene, "1.14.4") == (across[:-1], True)   # reach distance 1
    assert first_path(scene, "1.14.4", **flipped("1.14.4", "path_heuristic_distance_only")) == (round_strip[:-1],
                                                                                                 True)
    assert position(scene, "1.14.3", 60) == (4.030782469021984, 1.0, 4.968058258411006)
    assert position(scene, "1.14.4", 60) == (5.371115947832303, 1.0, 0.5384870266724251)


def test_1_14_3_expands_only_within_range_of_the_target() -> None:
    """A follow range of 6, the target 12 away: no node expanded, no path (1.14.3); 5 blocks towards it (1.14.4)."""
    scene = SCENE_OF["path_range_from_start"]
    towards = [[x, 1, 0] for x in range(6)]
    assert first_path(scene, "1.14.3") == ([], False)
    assert first_path(scene, "1.14.3", **flipped("1.14.3", "path_range_from_start")) == (towards, False)
    assert first_path(scene, "1.14.4") == (towards, False)
    assert first_path(scene, "1.14.4", **flipped("1.14.4", "path_range_from_start")) == ([[0, 1, 0]], False)
    assert position(scene, "1.14.3", 40) == (0.5, 1.0, 0.5)
    assert position(scene, "1.14.4", 40) == (4.930248930375662, 1.0, 0.5)


def test_1_14_3_takes_no_diagonal_beside_a_deep_shaft() -> None:
    """The BLOCKED node over the shaft fails a side in 1.14.3: the path steps round its corner; 1.14.4 passes it."""
    scene = SCENE_OF["path_diagonal_lower_sides"]
    round_corner = [[0, 6, 0], [1, 6, 1], [1, 6, 2], [2, 6, 3], [3, 6, 3]]
    diagonal = [[0, 6, 0], [1, 6, 1], [2, 6, 2], [3, 6, 3]]
    assert first_path(scene, "1.14.3") == (round_corner, True)
    assert first_path(scene, "1.14.3", **flipped("1.14.3", "path_diagonal_lower_sides")) == (diagonal, True)
    assert first_path(scene, "1.14.4") == (diagonal, True)
    assert first_path(scene, "1.14.4", **flipped("1.14.4", "path_diagonal_lower_sides")) == (round_corner[:-1],
                                                                                              True)
    assert position(scene, "1.14.3", 40) == (3.20420701220206, 6.0, 3.435773457336752)
    assert position(scene, "1.14.4", 40) == (3.159852147236701, 6.0, 3.159844401756292)


def test_1_14_3_starts_a_swimmer_below_seagrass() -> None:
    """The villager's start: the water's cell (1.14.3), the seagrass's above it (1.14.4)."""
    scene = SCENE_OF["path_start_through_waterlogged"]
    east = [[x, 1, 0] for x in range(1, 6)]
    assert first_path(scene, "1.14.3") == ([[0, 1, 0], *east], True)
    assert first_path(scene, "1.14.3", **flipped("1.14.3", "path_start_through_waterlogged")) == (
        [[0, 2, 0], *east], True)
    assert first_path(scene, "1.14.4") == ([[0, 2, 0], *east[:-1]], True)
    assert first_path(scene, "1.14.4", **flipped("1.14.4", "path_start_through_waterlogged")) == (
        [[0, 1, 0], *east[:-1]], True)
    # the brain's swim task floats it (engine.living.brain_tasks): up to the 1.14.4 start node a block above it too;
    # its jumps draw from the villager's Random after the path goal's start has drawn its cooldown and wait
    assert position(scene, "1.14.3", 40) == (2.457166798069486, 1.8229855514231266, 0.5)
    assert position(scene, "1.14.4", 40) == (2.4064024553889123, 1.7679907328070783, 0.5)


def test_the_walk_kernel_hands_1_14_3_searches_to_the_object_path(monkeypatch) -> None:
    assert kernel_searches(monkeypatch, SCENE_OF["path_diagonal_lower_sides"], "1.14.3") == 0
    assert kernel_searches(monkeypatch, SCENE_OF["path_diagonal_lower_sides"], "1.16") > 0


@pytest.mark.parametrize("flag", FLAGS_1_14_4[:4])
def test_a_1_16_search_without_a_1_14_4_rule_takes_the_object_path(monkeypatch, flag: str) -> None:
    """The kernel has only the search rules of 1.14.4 and later: with one of them off, kernels asked for, a 1.16
    search runs on node objects (`PathNodeNavigator.use_kernels`)."""
    calls = []
    real = walk_kernel.find_path
    monkeypatch.setattr(walk_kernel, "find_path", lambda *args: calls.append(1) or real(*args))
    monkeypatch.setattr(path_finder, "KERNELS", True)
    for on in (True, False):
        sim = scene_at(SCENE_OF[flag], "1.16")
        sim.features = dataclasses.replace(sim.features, **{flag: on})
        sim.tick()
        assert bool(calls) is on
        calls.clear()


def test_the_scenes_run_the_same_with_the_jit_off() -> None:
    """40 ticks of each scene in 1.14.3: a child with the JIT off gives the same."""
    scenes = sorted(SCENE_OF.values())
    expression = f"[run(s, '1.14.3', 40) for s in {scenes!r}]"
    compiled, plain = jit_off_run("tests.engine.test_version_path_1143", expression)
    assert not compiled and plain == [run(s, "1.14.3", 40) for s in scenes]
