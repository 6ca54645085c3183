"""Path finding of 1.14.4 against 1.15 (docs/versions.md, `path_finding`; Yarn faf4ff525 -> 854b30038): two
differences, each a flag read by the walk evaluator, shown by a bundled scene and checked against its mutant; the
rest of 1.14.4's search and following is 1.15.2's (its flags: test_version_path_1152). The walk kernel hands the
1.14.4 searches to the object path; the 1.15 side of each scene is searched on arrays as on node objects (1.15's
own rules handed back too), and the runs are the same with the JIT off. 1.14.1-1.14.3: test_version_path_1143."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.versions import FEATURES, features_for
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.walk_evaluator import common_node_type_of, danger_of_1_15
from engine.world.blocks import parse_block_state
from tests.conftest import jit_off_run
from tests.engine.test_version_path_1415 import kernel_searches, run, scene_at
from tests.engine.test_version_paths import first_path

FLAGS_1_15 = ("path_cocoa_type", "path_neighbors_cube")
SCENE_OF = {"path_cocoa_type": "zombie_path_under_cocoa_1_14_4.toml",
            "path_neighbors_cube": "zombie_path_beside_sunk_lava_1_14_4.toml"}


def mutant(scene: str, version: str, flag: str) -> tuple[list[list[int]], bool]:
    """The first search of `scene` in `version` with `flag` turned the other way."""
    return first_path(scene, version, **{flag: not getattr(features_for(version), flag)})


def path_types(scene: str, version: str, **flags: bool) -> list[str]:
    """The node types of the mob's path after its first tick (a node's type is the last its search gave it)."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    sim.tick()
    return [n.type.name for n in sim.entity_by_id(1).navigation.current_path.nodes]


def test_1_14_4_differs_from_1_15_in_two_path_flags() -> None:
    read = [name for name in FEATURES if name.startswith("path_")]
    f144, f15 = (dataclasses.asdict(features_for(v)) for v in ("1.14.4", "1.15"))
    assert sorted(n for n in read if f144[n] != f15[n]) == sorted(FLAGS_1_15)
    assert "path_finding" not in features_for("1.14.4").refused


def test_the_neighbour_scan_of_1_14_4_is_flat_and_sees_no_lava() -> None:
    """The cells beside the sunk lava: WALKABLE in 1.14.4, the path along the channel; DANGER_FIRE from 1.15 (the
    lava a block below), the path a block off it. Each mutant walks as the other release."""
    scene = SCENE_OF["path_neighbors_cube"]
    along = ([[x, 1, 0] for x in range(8)], True)
    off = ([[0, 1, 0], *[[x, 1, -1] for x in range(1, 8)], [8, 1, 0]], True)
    assert first_path(scene, "1.14.4") == along == mutant(scene, "1.15", "path_neighbors_cube")
    assert first_path(scene, "1.15") == off == mutant(scene, "1.14.4", "path_neighbors_cube")


@pytest.mark.parametrize(("block", "in_1_14_4", "from_1_15"), [
    ("lava", None, T.DANGER_FIRE),
    ("fire", T.DANGER_FIRE, T.DANGER_FIRE),
    ("cactus", T.DANGER_CACTUS, T.DANGER_CACTUS),
    ("sweet_berry_bush", T.DANGER_OTHER, T.DANGER_OTHER),
])
def test_the_dangers_of_1_14_4(block: str, in_1_14_4: T | None, from_1_15: T | None) -> None:
    s = parse_block_state(block)
    assert danger_of_1_15(s, lava=False) is in_1_14_4
    assert danger_of_1_15(s) is from_1_15


def test_cocoa_is_open_in_1_14_4() -> None:
    """getBasicPathNodeType: 1.15 COCOA; 1.14.4 none, so canPlaceAtSide (not a full cube): OPEN."""
    s = parse_block_state("cocoa[age=0,facing=south]")
    rules = dict(fluids_first=False, lava_fiery=False, fire_blocks=False, fluids_after_pathable=False)
    assert common_node_type_of(s, **rules, cocoa_type=False) is T.OPEN
    assert common_node_type_of(s, **rules) is T.COCOA


def test_the_cells_under_cocoa_are_walkable_in_1_14_4() -> None:
    """The same path in both; its nodes under the pods WALKABLE in 1.14.4, COCOA from 1.15 (getNodeType's last
    of equal penalties); each mutant types them as the other release."""
    scene = SCENE_OF["path_cocoa_type"]
    path = ([[x, 1, 1] for x in range(8)], True)
    assert first_path(scene, "1.14.4") == path == first_path(scene, "1.15")
    walkable = ["WALKABLE"] * 8
    cocoa = ["WALKABLE"] * 2 + ["COCOA"] * 4 + ["WALKABLE"] * 2
    assert path_types(scene, "1.14.4") == walkable == path_types(scene, "1.15", path_cocoa_type=False)
    assert path_types(scene, "1.15") == cocoa == path_types(scene, "1.14.4", path_cocoa_type=True)


def test_the_walk_kernel_hands_1_14_4_searches_to_the_object_path(monkeypatch) -> None:
    assert kernel_searches(monkeypatch, SCENE_OF["path_neighbors_cube"], "1.14.4") == 0
    assert kernel_searches(monkeypatch, SCENE_OF["path_neighbors_cube"], "1.16") > 0


@pytest.mark.parametrize("scene", sorted(SCENE_OF.values()))
def test_the_scenes_run_the_same_with_the_jit_off(scene: str) -> None:
    """40 ticks in 1.14.4 and, on arrays, in 1.16: a child with the JIT off gives the same."""
    expression = f"[run({scene!r}, v, 40, kernels=k) for v, k in (('1.14.4', None), ('1.16', True))]"
    compiled, plain = jit_off_run("tests.engine.test_version_path_1144", expression)
    assert not compiled and plain == [run(scene, v, 40, kernels=k) for v, k in (("1.14.4", None), ("1.16", True))]
