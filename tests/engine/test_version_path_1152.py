"""Path finding of 1.15, 1.15.1 and 1.15.2 against 1.16 (docs/versions.md, `path_finding`; Yarn cd982c6b8 ->
2ea7bb22d; 1.15 -> 1.15.1 -> 1.15.2 renames only): eight differences, each a flag read by the object path (the
walk evaluator, the navigation and the following kernels), each shown by a bundled scene whose search or walk
differs between 1.15.2 and 1.16, and each checked against its mutant (one release with that one flag turned the
other way). The walk kernel has none of 1.15.2's search rules: it hands those searches to the object path, and
the 1.16 side of each scene is searched on arrays as on node objects."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.versions import FEATURES, features_for
from engine.pathfinding import path_finder
from engine.pathfinding.blocks import PASS_1_13
from engine.pathfinding.node_maker import PathNodeMaker
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.region import ChunkCache
from engine.pathfinding.walk_evaluator import (
    common_node_type_of,
    danger_of_1_15,
    get_land_node_type,
    start_corners_1_15,
)
from engine.world.blocks import parse_block_state
from tests.conftest import jit_off_run
from tests.engine.test_version_path_1415 import kernel_searches, run, scene_at
from tests.engine.test_version_paths import first_path

FLAGS_1_16 = ("path_node_passed_ahead", "path_timeout_bottom_centre", "path_start_corners_in_order",
              "path_from_negative_node", "path_fence_nodes", "path_fire_blocks", "path_fluids_after_pathable",
              "path_neighbors_first_danger", "path_small_blocks_refuse")
SCENE_OF = {"path_node_passed_ahead": "iron_golem_path_among_fence_posts_1_15.toml",
            "path_timeout_bottom_centre": "villager_path_into_closed_door_1_15.toml",
            "path_start_corners_in_order": "zombie_path_start_in_berry_bush_1_15.toml",
            "path_from_negative_node": "zombie_path_into_pit_from_berry_bush_1_15.toml",
            "path_fence_nodes": "iron_golem_path_among_fence_posts_1_15.toml",
            "path_fire_blocks": "zombie_path_over_magma_1_15.toml",
            "path_fluids_after_pathable": "zombie_path_waterlogged_slab_wall_1_15.toml",
            "path_neighbors_first_danger": "zombie_path_beside_water_1_15.toml",
            "path_small_blocks_refuse": "zombie_path_flower_pots_1_15.toml"}


def mutant(scene: str, version: str, flag: str) -> tuple[list[list[int]], bool]:
    """The first search of `scene` in `version` with `flag` turned the other way."""
    return first_path(scene, version, **{flag: not getattr(features_for(version), flag)})


def line(xs: range, y: int, z: int) -> list[list[int]]:
    return [[x, y, z] for x in xs]


def walk(scene: str, version: str, ticks: int, **flags: bool) -> tuple[list[int], tuple[float, ...], int]:
    """The ticks in which the mob searched, its position and its path's current node index after `ticks`."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    searched = []
    for t in range(ticks):
        if any(event["kind"] == "path" for event in sim.tick().events):
            searched.append(t)
    e = sim.entity_by_id(1)
    return searched, tuple(e.pos), e.path_index


def first_expansion(scene: str, version: str) -> tuple[tuple[int, ...], str]:
    """The cell and type of the first node the traced first search took from its heap (the start)."""
    sim = scene_at(scene, version)
    sim.trace_enabled = True
    stages = [s.to_json() for p in sim.tick().phases for it in p.items for s in it.stages]
    while stages:
        stage = stages.pop()
        for g in stage.get("geometry", []):
            if g.get("role") == "path_closed" and g["order"] == 0:
                return tuple(g["pos"]), g["type"]
        stages += stage.get("children", [])
    raise AssertionError("no traced search")


def test_1_15_to_1_15_2_read_the_same_path_rules_and_differ_from_1_16_in_nine() -> None:
    """1.15, 1.15.1 and 1.15.2 search alike (renames in `entity/ai/pathing` only); each of the nine flags turns
    at 1.16, and none of the 1.16.2 flags differs between 1.15.2 and 1.16."""
    read = [name for name in FEATURES if name.startswith("path_")]
    f15, f151, f152, f16 = (dataclasses.asdict(features_for(v)) for v in ("1.15", "1.15.1", "1.15.2", "1.16"))
    assert {n: f15[n] for n in read} == {n: f151[n] for n in read} == {n: f152[n] for n in read}
    assert sorted(n for n in read if f152[n] != f16[n]) == sorted(FLAGS_1_16)
    assert all("path_finding" not in features_for(v).refused for v in ("1.15", "1.15.1", "1.15.2"))


def test_the_neighbour_scan_keeps_the_last_danger_and_sees_no_water_up_to_1_15_2() -> None:
    """The channel's edge: WALKABLE in 1.15.2, the path along it; WATER_BORDER (8) from 1.16, the path a block
    off it. Each mutant walks as the other release."""
    scene = SCENE_OF["path_neighbors_first_danger"]
    along, off = (line(range(8), 1, 0), True), ([[0, 1, 0], *line(range(1, 8), 1, -1), [8, 1, 0]], True)
    assert first_path(scene, "1.15.2") == along == mutant(scene, "1.16", "path_neighbors_first_danger")
    assert first_path(scene, "1.16") == off == mutant(scene, "1.15.2", "path_neighbors_first_danger")


@pytest.mark.parametrize(("blocks", "found"), [
    (("cactus", "sweet_berry_bush"), T.DANGER_OTHER),
    (("sweet_berry_bush", "cactus"), T.DANGER_CACTUS),
    (("fire", "cactus", "lava"), T.DANGER_FIRE),
    (("water", "magma_block", "campfire[lit=true]"), None),
])
def test_method_59_keeps_the_last_of_cactus_fire_or_lava_and_berry_bush(blocks: tuple[str, ...],
                                                                        found: T | None) -> None:
    """1.15.2's dangers in the scan's order: each replaces the one before; water, magma and campfires none."""
    last = None
    for b in blocks:
        last = danger_of_1_15(parse_block_state(b)) or last
    assert last is found


@pytest.mark.parametrize(("state", "up_to_1_15_2", "in_1_16"), [
    ("oak_slab[type=bottom,waterlogged=true]", T.WATER, T.BLOCKED),
    ("chest[waterlogged=true]", T.WATER, T.BLOCKED),
    ("oak_fence[waterlogged=true]", T.FENCE, T.FENCE),
    ("lava", T.LAVA, T.BLOCKED),
    ("water", T.WATER, T.WATER),
    ("magma_block", T.BLOCKED, T.DAMAGE_FIRE),
    ("campfire[lit=true]", T.BLOCKED, T.DAMAGE_FIRE),
    ("campfire[lit=false]", T.BLOCKED, T.BLOCKED),
    ("fire", T.DAMAGE_FIRE, T.DAMAGE_FIRE),
])
def test_get_basic_path_node_type_of_1_15_2(state: str, up_to_1_15_2: T, in_1_16: T) -> None:
    """getBasicPathNodeType: fire alone DAMAGE_FIRE, the fluids right after the fences; 1.16's
    getCommonNodeType: magma and lit campfires DAMAGE_FIRE, canPathfindThrough before the fluids."""
    s = parse_block_state(state)
    old = dict(fluids_first=False, lava_fiery=False)
    assert common_node_type_of(s, **old, fire_blocks=False, fluids_after_pathable=False) is up_to_1_15_2
    assert common_node_type_of(s, **old) is in_1_16


def test_a_waterlogged_slab_is_water_up_to_1_15_2() -> None:
    """1.15.2 paths through the slabs' cells (WATER) and the zombie stands against them; 1.16 paths over the wall
    (the slabs BLOCKED, the cells above WALKABLE) and the zombie climbs onto it."""
    scene = SCENE_OF["path_fluids_after_pathable"]
    through = (line(range(6), 1, 0), True)
    over = ([*line(range(3), 1, 0), [3, 2, 0], [4, 2, 0], [5, 1, 0]], True)
    assert first_path(scene, "1.15.2") == through == mutant(scene, "1.16", "path_fluids_after_pathable")
    assert first_path(scene, "1.16") == over == mutant(scene, "1.15.2", "path_fluids_after_pathable")
    assert walk(scene, "1.15.2", 40)[1] == (2.699999988079071, 1.0, 0.5)
    assert walk(scene, "1.16", 40)[1] == (4.087406782773935, 2.0, 0.5)


def test_a_magma_block_is_blocked_and_fires_the_cell_above_up_to_1_15_2() -> None:
    """1.15.2 steps up onto the magma wall (the cell above DAMAGE_FIRE); 1.16 paths through the wall's cell
    (DAMAGE_FIRE, penalty 16) and the zombie stays against the wall."""
    scene = SCENE_OF["path_fire_blocks"]
    over = ([*line(range(3), 1, 0), [3, 2, 0], *line(range(4, 6), 1, 0)], True)
    through = (line(range(6), 1, 0), True)
    assert first_path(scene, "1.15.2") == over == mutant(scene, "1.16", "path_fire_blocks")
    assert first_path(scene, "1.16") == through == mutant(scene, "1.15.2", "path_fire_blocks")
    assert walk(scene, "1.16", 40)[1:] == ((2.699999988079071, 1.0, 0.5), 3)


def test_an_unlit_campfire_below_makes_damage_fire_up_to_1_15_2() -> None:
    """getPathNodeType of 1.15.2 tests the block below for Blocks.CAMPFIRE, lit or not."""
    scene = scene_at(SCENE_OF["path_fire_blocks"], "1.15.2")
    world = scene.world
    world.set_block_state(0, 1, 3, parse_block_state("campfire[lit=false]"))
    view = ChunkCache.of_world(world)
    assert get_land_node_type(view, 0, 2, 3, fire_blocks=False, fluids_first=False, lava_fiery=False,
                              fluids_after_pathable=False, first_danger=False) is T.DAMAGE_FIRE
    assert get_land_node_type(view, 0, 2, 3, fluids_first=False, lava_fiery=False) is T.WALKABLE


def test_the_start_corners_follow_a_hash_set_up_to_1_15_2() -> None:
    """The box's corner cells at y 1, added (0, 0), (0, 1), (1, 0), (1, 1): BlockPos.hashCode 31, 992, 32, 993,
    buckets 15, 0, 0, 1 of 16, so the HashSet gives (0, 1), (1, 0), (1, 1), (0, 0); a cell two corners share is
    one entry."""
    assert start_corners_1_15([(0, 0), (0, 1), (1, 0), (1, 1)], 1) == [(0, 1), (1, 0), (1, 1), (0, 0)]
    assert start_corners_1_15([(4, 4), (4, 4), (4, 4), (4, 4)], 1) == [(4, 4)]


def test_the_start_beside_a_berry_bush_is_the_hash_set_s_first_corner_and_untyped_up_to_1_15_2() -> None:
    """The feet cell is the bush: 1.16 starts at the first corner in order, (0, 1, 0), typed DANGER_OTHER;
    1.15.2 at the HashSet's first, (0, 1, 1), taken from the heap with a new node's type BLOCKED (the node is
    typed later, when a neighbour's getPathNode meets its cell)."""
    scene = SCENE_OF["path_start_corners_in_order"]
    hashed = ([[0, 1, 1], [-1, 1, 2], [-2, 1, 3], [-3, 1, 3], [-4, 1, 4]], True)
    ordered = ([[0, 1, 0], [-1, 1, 1], [-2, 1, 2], [-3, 1, 3], [-4, 1, 4]], True)
    assert first_path(scene, "1.15.2") == hashed == mutant(scene, "1.16", "path_start_corners_in_order")
    assert first_path(scene, "1.16") == ordered == mutant(scene, "1.15.2", "path_start_corners_in_order")
    assert first_expansion(scene, "1.15.2") == ((0, 1, 1), "BLOCKED")
    assert first_expansion(scene, "1.16") == ((0, 1, 0), "DANGER_OTHER")


def test_no_neighbour_of_negative_penalty_is_taken_up_to_1_15_2() -> None:
    """The zombie in the bush by the pit: 1.16 takes the BLOCKED node past the safe fall (2, 7, 0) from its
    DAMAGE_OTHER start and drops to the pit's floor; 1.15.2, and 1.16 without the rule, stay at the start."""
    scene = SCENE_OF["path_from_negative_node"]
    stay, drop = ([[1, 11, 0]], False), ([[1, 11, 0], [2, 7, 0], [3, 6, 0]], True)
    assert first_path(scene, "1.15.2") == stay == mutant(scene, "1.16", "path_from_negative_node")
    assert first_path(scene, "1.16") == drop
    assert mutant(scene, "1.15.2", "path_from_negative_node") == stay   # its start's penalty is 0 there


def test_a_fence_start_sweeps_no_box_up_to_1_15_2() -> None:
    """The golem among the posts: its start FENCE; 1.16 sweeps its box towards each passable neighbour and every
    sweep meets a post (no path beyond the start); 1.15.2 walks out north and round."""
    scene = SCENE_OF["path_fence_nodes"]
    out = ([[0, 1, 0], *[[0, 1, z] for z in (-1, -2, -3)], *line(range(1, 4), 1, -3), [4, 1, -2], [5, 1, -1],
            [6, 1, 0]], True)
    stuck = ([[0, 1, 0]], False)
    assert first_path(scene, "1.15.2") == out == mutant(scene, "1.16", "path_fence_nodes")
    assert first_path(scene, "1.16") == stuck == mutant(scene, "1.15.2", "path_fence_nodes")


def test_a_node_is_passed_only_within_reach_up_to_1_15_2() -> None:
    """The golem walking out (1.15.2): with 1.16's pass of a node the next lies ahead of, it is a node further
    on and elsewhere after 40 ticks."""
    scene = SCENE_OF["path_node_passed_ahead"]
    assert walk(scene, "1.15.2", 40) == ([0], (3.3565745176179305, 1.0, -1.8727871556653704), 7)
    assert walk(scene, "1.15.2", 40, path_node_passed_ahead=True) == (
        [0], (3.9893732677774656, 1.0, -1.4747426084745727), 8)


def test_a_node_is_timed_by_the_distance_to_its_corner_up_to_1_15_2() -> None:
    """The villager against the door: its node times out (the distance to the corner, 583 ms × 3) in tick 37,
    before the goal's request in tick 39, which searches again, in 1.15.2; from 1.16 (to the bottom centre,
    800 ms × 3) in tick 51, after it, and the path is found again in tick 79. Each mutant searches as the other
    release."""
    scene = SCENE_OF["path_timeout_bottom_centre"]
    early, late = [0, 39, 79, 119], [0, 79]
    assert walk(scene, "1.15.2", 120)[0] == early == walk(scene, "1.16", 120, path_timeout_bottom_centre=False)[0]
    assert walk(scene, "1.16", 120)[0] == late == walk(scene, "1.15.2", 120, path_timeout_bottom_centre=True)[0]


def test_flower_pots_pass_by_their_shape_up_to_1_15_2() -> None:
    """FlowerPotBlock (as end rods, sea pickles, skulls) gains its canPathfindThrough override in 1.16: up to
    1.15.2 the pots' cells are walkable nodes at the floor's height, from 1.16 BLOCKED and walked over."""
    scene = SCENE_OF["path_small_blocks_refuse"]
    through = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0], [4, 1, 0], [5, 1, 0]]
    over = [[0, 1, 0], [1, 1, 0], [2, 2, 0], [3, 2, 0], [4, 1, 0], [5, 1, 0]]
    assert first_path(scene, "1.15.2") == (through, True)
    assert mutant(scene, "1.15.2", "path_small_blocks_refuse") == (over, True)
    assert first_path(scene, "1.16") == (over, True)
    assert mutant(scene, "1.16", "path_small_blocks_refuse") == (through, True)
    for block in ("end_rod", "sea_pickle[waterlogged=false]", "potted_cactus", "skeleton_skull", "zombie_head"):
        state = parse_block_state(block)
        assert common_node_type_of(state, passability=PASS_1_13) is T.OPEN
        assert common_node_type_of(state) is T.BLOCKED


def test_the_walk_kernel_hands_1_15_2_searches_to_the_object_path(monkeypatch) -> None:
    """The kernel has none of 1.15.2's search rules (`PathNodeMaker.kernel_rules`): with kernels asked for, a
    1.15.2 search never reaches it, and 1.16's does."""
    assert PathNodeMaker().kernel_rules()   # 1.16.5's rules by default
    assert kernel_searches(monkeypatch, SCENE_OF["path_fire_blocks"], "1.15.2") == 0
    assert kernel_searches(monkeypatch, SCENE_OF["path_fire_blocks"], "1.16") > 0


@pytest.mark.parametrize("scene", sorted(set(SCENE_OF.values())))
def test_the_1_16_searches_of_the_scenes_are_the_same_on_arrays_and_as_objects(scene: str) -> None:
    """Each scene's 40 ticks (positions and path events) in 1.16: the object path equals the walk kernel's."""
    assert run(scene, "1.16", 40, kernels=False) == run(scene, "1.16", 40, kernels=True)


def test_the_1_15_2_runs_equal_with_the_jit_off() -> None:
    """The scenes' 1.15.2 runs (the following kernels plain or compiled) and their 1.16 kernel searches, in a
    child with the JIT off, equal this process's."""
    scenes = sorted(set(SCENE_OF.values()))
    expression = (f"[run(s, v, 40, kernels=k) for s in {scenes!r} for v, k in (('1.15.2', None), "
                  f"('1.16', True))]")
    compiled, plain = jit_off_run("tests.engine.test_version_path_1152", expression)
    assert not compiled and plain == [run(s, v, 40, kernels=k) for s in scenes
                                      for v, k in (("1.15.2", None), ("1.16", True))]
    assert path_finder.KERNELS is None
