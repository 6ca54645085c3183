"""Path finding of 1.16 and 1.16.1 against 1.16.2 (docs/versions.md, `path_finding`; Yarn cd75c8c96 -> 5f7dde939,
1.16 -> 1.16.1 no change): six differences, each a flag read by the object path and by the walk kernel, each shown
by a bundled scene whose search or walk differs between 1.16.1 and 1.16.2, and each checked against its mutant
(1.16.1 with that one flag turned the other way). The searches on arrays equal the object path's, compiled and
with the JIT off."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.versions import FEATURES, features_for
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.walk_evaluator import common_node_type_of, danger_of
from engine.world.blocks import parse_block_state
from tests.conftest import jit_off_run
from tests.engine.test_version_path_1415 import run, scene_at
from tests.engine.test_version_paths import first_path

FLAGS_1_16_2 = ("path_open_box_test", "path_walkable_door", "path_open_narrow_only", "path_lava_fiery",
                "path_fluids_first", "path_cauldron_copies_node")
# each flag's scene (the ones written for 1.16.1, and two bundled ones whose paths differ there too)
SCENE_OF = {"path_walkable_door": "villager_path_closed_door_1_16.toml",
            "path_open_box_test": "zombie_path_pit_under_trapdoor_1_16.toml",
            "path_open_narrow_only": "iron_golem_path_ditch_by_wall_1_16.toml",
            "path_lava_fiery": "zombie_path_avoid_lava.toml",
            "path_fluids_first": "zombie_path_waterlogged_fence_1_17.toml",
            "path_cauldron_copies_node": "zombie_path_from_cauldron_1_16.toml"}


def mutant(scene: str, flag: str) -> tuple[list[list[int]], bool]:
    """The first search of `scene` in 1.16.1 with `flag` turned the other way."""
    return first_path(scene, "1.16.1", **{flag: not getattr(features_for("1.16.1"), flag)})


def line(xs: range, y: int, z: int) -> list[list[int]]:
    return [[x, y, z] for x in xs]


def test_1_16_and_1_16_1_read_the_same_path_rules_and_differ_from_1_16_2_in_six() -> None:
    """No change in `entity/ai/pathing` between 1.16 and 1.16.1; each of the six flags turns at 1.16.2."""
    read = [name for name in FEATURES if name.startswith("path_")]
    f16, f161, f162 = (dataclasses.asdict(features_for(v)) for v in ("1.16", "1.16.1", "1.16.2"))
    assert {n: f16[n] for n in read} == {n: f161[n] for n in read}
    assert sorted(n for n in read if f161[n] != f162[n]) == sorted(FLAGS_1_16_2)
    assert all("path_finding" not in features_for(v).refused for v in ("1.16", "1.16.1"))


def test_a_closed_door_a_villager_opens_is_walkable_up_to_1_16_1() -> None:
    """1.16.1: the door's cell (2, 1, 2) is WALKABLE and the diagonal runs through it; 1.16.2: WALKABLE_DOOR, no
    diagonal enters it, so the path steps in from its west side; the mutant (1.16.1 with WALKABLE_DOOR) does too."""
    scene = SCENE_OF["path_walkable_door"]
    straight = [[k, 1, k] for k in range(5)]
    round_it = [[0, 1, 0], [1, 1, 1], [1, 1, 2], [2, 1, 2], [3, 1, 3], [4, 1, 4]]
    assert first_path(scene, "1.16.1") == (straight, True)
    assert first_path(scene, "1.16.2") == (round_it, True)
    assert mutant(scene, "path_walkable_door") == (round_it, True)


def test_an_open_cell_whose_box_meets_a_block_gives_no_node_up_to_1_16_1() -> None:
    """The zombie's box over the pit (y 2.001 to 3.95) meets the top-half trapdoor at y 3.8125: 1.16.1 makes no
    node there and ends beside the pit, not reaching it; 1.16.2, and the mutant, fall onto the pit's floor."""
    scene = SCENE_OF["path_open_box_test"]
    beside = line(range(4), 2, 0)
    assert first_path(scene, "1.16.1") == (beside, False)
    assert first_path(scene, "1.16.2") == ([*beside, [4, 1, 0]], True)
    assert mutant(scene, "path_open_box_test") == ([*beside, [4, 1, 0]], True)


def test_an_iron_golem_s_footprint_over_a_ditch_is_open_up_to_1_16_1() -> None:
    """1.16.1 keeps the golem's footprint over the ditch OPEN and its box test meets the wall: the path keeps to
    z 1; 1.16.2 (and 1.16.1 with OPEN kept for one block only) finds it WALKABLE and goes straight along z 0.
    Without the box test (the other mutant) the OPEN cell falls onto the ditch's BLOCKED floor: the path leaves
    z 0 only where the footprint's corner is over the ditch."""
    scene = SCENE_OF["path_open_narrow_only"]
    assert first_path(scene, "1.16.1") == ([[0, 2, 0], *line(range(1, 8), 2, 1), [8, 2, 0]], True)
    assert first_path(scene, "1.16.2") == (line(range(8), 2, 0), True)
    assert mutant(scene, "path_open_narrow_only") == (line(range(8), 2, 0), True)
    assert mutant(scene, "path_open_box_test") == ([*line(range(2), 2, 0), *line(range(2, 7), 2, 1), [7, 2, 0]],
                                                   True)


@pytest.mark.parametrize(("state", "up_to_1_16_1", "from_1_16_2"), [
    ("lava", T.LAVA, T.DANGER_FIRE),
    ("lava[level=3]", T.LAVA, T.DANGER_FIRE),
    ("fire", T.DANGER_FIRE, T.DANGER_FIRE),
    ("water", T.WATER_BORDER, T.WATER_BORDER),
])
def test_a_cell_beside_lava_is_lava_up_to_1_16_1(state: str, up_to_1_16_1: T, from_1_16_2: T) -> None:
    """getNodeTypeFromNeighbors: lava after water, LAVA (impassable), up to 1.16.1; lava is fiery from 1.16.2."""
    s = parse_block_state(state)
    assert danger_of(s, lava_fiery=False) is up_to_1_16_1
    assert danger_of(s) is from_1_16_2


def test_the_zombie_keeps_two_blocks_off_the_lava_up_to_1_16_1() -> None:
    """The cells beside the pool are impassable in 1.16.1: the path round it runs along z -4 from x 1 to 7; in
    1.16.2 (and the mutant) they cost 8 and the path cuts the corners one block off the pool."""
    scene = SCENE_OF["path_lava_fiery"]
    far = [[0, 1, 0], *[[1, 1, z] for z in (-1, -2, -3)], *line(range(1, 8), 1, -4), [8, 1, -3], [8, 1, -2],
           [9, 1, -1]]
    near = [[0, 1, 0], *[[1, 1, z] for z in (-1, -2, -3)], *line(range(2, 7), 1, -4), [7, 1, -3], [8, 1, -2],
            [9, 1, -1]]
    assert first_path(scene, "1.16.1") == (far, True)
    assert first_path(scene, "1.16.2") == (near, True)
    assert mutant(scene, "path_lava_fiery") == (near, True)


@pytest.mark.parametrize(("state", "up_to_1_16_1", "from_1_16_2"), [
    ("oak_fence[waterlogged=true]", T.FENCE, T.WATER),
    ("oak_slab[type=bottom,waterlogged=true]", T.BLOCKED, T.WATER),
    ("chest[waterlogged=true]", T.BLOCKED, T.WATER),
    ("ladder[waterlogged=true]", T.WATER, T.WATER),
    ("water", T.WATER, T.WATER),
    ("lava", T.BLOCKED, T.LAVA),              # FluidBlock.canPathfindThrough: not for lava
    ("campfire[lit=true,waterlogged=true]", T.DAMAGE_FIRE, T.WATER),
    ("oak_trapdoor[waterlogged=true]", T.TRAPDOOR, T.TRAPDOOR),
])
def test_common_node_type_tests_the_fluids_last_up_to_1_16_1(state: str, up_to_1_16_1: T, from_1_16_2: T) -> None:
    s = parse_block_state(state)
    assert common_node_type_of(s, fluids_first=False, lava_fiery=False) is up_to_1_16_1
    assert common_node_type_of(s) is from_1_16_2


def test_a_waterlogged_fence_pen_is_entered_from_1_16_2_to_1_16_5_only() -> None:
    """The pen of waterlogged fences: FENCE up to 1.16.1 (the fluids last) as from 1.17 (water last), WATER from
    1.16.2 to 1.16.5; the mutant walks into the pen."""
    scene = SCENE_OF["path_fluids_first"]
    outside, inside = (line(range(6), 1, 0), False), (line(range(8), 1, 0), True)
    assert first_path(scene, "1.16.1") == outside == first_path(scene, "1.17")
    assert first_path(scene, "1.16.2") == inside == first_path(scene, "1.16.5")
    assert mutant(scene, "path_fluids_first") == inside


def cauldron_walk(version: str, **flags: bool) -> list[tuple[int, tuple[float, float, float]]]:
    """The zombie's current node index and position after each of its first 14 ticks."""
    sim = scene_at(SCENE_OF["path_cauldron_copies_node"], version)
    sim.features = dataclasses.replace(sim.features, **flags)
    out = []
    for _ in range(14):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append((e.navigation.current_path.current_node_index, tuple(e.pos)))
    return out


def test_the_node_lifted_after_a_cauldron_keeps_its_own_type_up_to_1_16_1() -> None:
    """Both paths are the same nodes (the start in the cauldron and the next one lifted to y 2). The lifted node
    is DANGER_OTHER in 1.16.1: the zombie, on the rim from tick 10, passes it on reaching it in tick 13; in 1.16.2
    it is the cauldron node's copy (BLOCKED) and the shortcut, the zombie east of its centre, passes it in tick
    11; the mutant walks as 1.16.2."""
    old, new = cauldron_walk("1.16.1"), cauldron_walk("1.16.2")
    assert [i for i, _ in old] == [1] * 12 + [2] * 2
    assert [i for i, _ in new] == [1] * 10 + [2] * 4
    assert old[:10] == new[:10] and old[10:] != new[10:]
    assert cauldron_walk("1.16.1", path_cauldron_copies_node=True) == new


@pytest.mark.parametrize("scene", sorted(set(SCENE_OF.values())))
def test_the_1_16_1_searches_and_walks_are_the_same_on_arrays_and_as_objects(scene: str) -> None:
    """Each scene's 40 ticks (positions and path events) in 1.16.1: the object path equals the walk kernel's."""
    assert run(scene, "1.16.1", 40, kernels=False) == run(scene, "1.16.1", 40, kernels=True)


def test_the_1_16_1_kernel_searches_equal_with_the_jit_off() -> None:
    """The kernels as plain Python (a child with the JIT off) give the compiled kernels' runs of the scenes."""
    scenes = sorted(set(SCENE_OF.values()))
    compiled, plain = jit_off_run("tests.engine.test_version_path_1616",
                                  f"[run(s, '1.16.1', 40, kernels=True) for s in {scenes!r}]")
    assert not compiled and plain == [run(s, "1.16.1", 40, kernels=True) for s in scenes]
