"""Path finding from 1.17 (spec 07, docs/versions.md): `LandPathNodeMaker.getCommonNodeType` tests water last from
1.17 (`path_water_after_blocks`), the fall and water searches stop at `getBottomY()` (1.18: -64 in the
overworld, `world_height_1_18`), and from 1.19 closed doors are blocked like fences (`path_blocked_doors`) with
the box swept to the node's corner (`path_sweep_min_corner`), and so on to 1.21.3 (1.20.5's successor order and
neighbours by node type, 1.21.2's least follow range and target scan). Each shown by a bundled scene whose path
differs from the release before; the walk kernel's searches equal the object path's, compiled and with the JIT
off."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from pathlib import Path

import pytest

from engine.java.mathhelper import floor
from engine.pathfinding import path_finder
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.walk_evaluator import common_node_type_of, danger_of
from engine.tick.scene import load_scene_text
from engine.world.blocks import parse_block_state
from tests.conftest import build_scene, jit_off_run
from tests.engine.test_version_path_1415 import scene_at

SCENES = Path(__file__).resolve().parents[2] / "scenes"
STILL = [0.0, -0.0784000015258789, 0.0]


def first_path(scene: str, version: str, **flags: bool) -> tuple[list[list[int]], bool]:
    """The nodes of the mob's first search and whether it reaches its target, in `version` (with `flags` of its
    features changed)."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    for _ in range(3):
        for event in sim.tick().events:
            if event["kind"] == "path":
                return event["nodes"], event["reached"]
    raise AssertionError("no search in 3 ticks")


@pytest.mark.parametrize(("state", "up_to_1_16_5", "from_1_17"), [
    ("oak_fence[waterlogged=true]", T.WATER, T.FENCE),
    ("cobblestone_wall[waterlogged=true]", T.WATER, T.FENCE),
    ("oak_slab[type=bottom,waterlogged=true]", T.WATER, T.BLOCKED),
    ("stone_brick_stairs[waterlogged=true]", T.WATER, T.BLOCKED),
    ("chest[waterlogged=true]", T.WATER, T.BLOCKED),
    ("ladder[waterlogged=true]", T.WATER, T.WATER),          # passable: water still found, last
    ("water", T.WATER, T.WATER),
    ("oak_trapdoor[waterlogged=true]", T.TRAPDOOR, T.TRAPDOOR),   # trapdoors come before water in both
    ("oak_fence", T.FENCE, T.FENCE),
])
def test_common_node_type_tests_water_last_from_1_17(state: str, up_to_1_16_5: T, from_1_17: T) -> None:
    s = parse_block_state(state)
    assert common_node_type_of(s) is up_to_1_16_5
    assert common_node_type_of(s, water_last=True) is from_1_17


@pytest.mark.parametrize("block", ["farmland", "soul_sand", "grass_path", "end_rod", "red_bed",
                                   "sea_pickle[waterlogged=false]"])
def test_blocks_that_refuse_land_paths_are_blocked(block: str) -> None:
    """Their canPathfindThrough(LAND) is false whatever their shape (FarmlandBlock, SoulSandBlock, ... of 1.16.5):
    BLOCKED, so the cell above them is WALKABLE, not OPEN."""
    assert common_node_type_of(parse_block_state(block)) is T.BLOCKED


def test_a_daylight_detector_is_passed_by_its_shape() -> None:
    """DaylightDetectorBlock does not override canPathfindThrough (1.16.5, 1.14): AbstractBlock's !isFullCube, true
    for its 6 px slab: OPEN, and a zombie's path runs over a row of them (it was BLOCKED, the path going round)."""
    assert common_node_type_of(parse_block_state("daylight_detector")) is T.OPEN
    nodes, reached = first_path("zombie_path_over_daylight_detectors.toml", "1.16.5")
    assert reached and [2, 1, 0] in nodes and nodes == [[x, 1, 0] for x in range(len(nodes))]


def test_later_blocks_that_refuse_land_paths_are_blocked() -> None:
    """1.17's water cauldron (AbstractCauldronBlock), dirt path (DirtPathBlock), lightning rod (RodBlock)."""
    for block in ("water_cauldron", "dirt_path", "lightning_rod"):
        assert common_node_type_of(parse_block_state(block, "1.17"), water_last=True) is T.BLOCKED


def test_a_waterlogged_fence_pen_is_entered_up_to_1_16_5_only() -> None:
    """The pen's west side at x 6: 1.16.5 walks the straight line through it (its WATER cell (6, 1, 0)) to within
    1 of the target (8, 1, 0); 1.17 finds no way in and ends beside the pen at (5, 1, 0), not reaching it."""
    scene = "zombie_path_waterlogged_fence_1_17.toml"
    line = [[x, 1, 0] for x in range(8)]
    assert first_path(scene, "1.16.5") == (line, True)
    assert first_path(scene, "1.17") == (line[:6], False)


def test_the_1_18_world_bottom_lets_a_diagonal_pass_a_hole() -> None:
    """The hole at (1, 0, 1) over the void: 1.17.1's fall search leaves a BLOCKED node at (1, 1, 1), level with the
    zombie, which stops the diagonal (0, 1, 1) → (1, 1, 2); 1.18's leaves it at y -3 (after the safe fall of 3),
    below the zombie, and the diagonal is taken."""
    scene = "zombie_path_world_bottom_1_18.toml"
    assert first_path(scene, "1.17.1") == ([[0, 1, 0], [0, 1, 1], [0, 1, 2], [1, 1, 3]], True)
    assert first_path(scene, "1.18") == ([[0, 1, 0], [0, 1, 1], [1, 1, 2], [2, 1, 3]], True)


def test_a_zombie_in_a_closed_door_leaves_through_the_panel_up_to_1_18_2_only() -> None:
    """The zombie stands in the cell of a closed door whose panel is the cell's north side, the target north of
    the wall. 1.18.2 sweeps no box from a door node: the path runs north through the panel. 1.19 sweeps it
    (isBlocked(PathNodeType)): north meets the panel, east and west are wall, south is clear, and the path goes
    round through the gap at x 4 (the sweep's box ends with its minimum corner at (0, 1.975, 1), clear of the
    wall at z 0)."""
    scene = "zombie_path_closed_door_1_19.toml"
    assert first_path(scene, "1.18.2") == ([[0, 1, z] for z in range(0, -5, -1)], True)
    assert first_path(scene, "1.19") == ([[0, 1, 0], [0, 1, 1], [1, 1, 1], [2, 1, 1], [3, 1, 1], [4, 1, 1],
                                          [4, 1, 0], [4, 1, -1], [3, 1, -2], [2, 1, -3], [1, 1, -4], [0, 1, -5]],
                                         True)


def test_the_sweep_centred_on_the_node_corner_would_strand_the_zombie() -> None:
    """The same scene with 1.18.2's sweep (node − position: the box's centre ends at (0, 1): x −0.3..0.3 meets the
    wall cell (−1, 1, 0)) and 1.19's door rule: every way out is blocked, the path is the start alone."""
    assert first_path("zombie_path_closed_door_1_19.toml", "1.19", path_sweep_min_corner=False) == \
        ([[0, 1, 0]], False)


def test_a_closed_door_s_top_is_no_step_from_1_19() -> None:
    """From the step beside the door's upper half, 1.18.2 steps up onto the door's top (WALKABLE: a door below) next
    to the pillar's top; 1.19's step 8 replaces that node with the door's own closed node and nothing leads up."""
    scene = "zombie_path_door_top_1_19.toml"
    assert first_path(scene, "1.18.2") == ([[1, 2, 0], [2, 3, 0]], True)
    assert first_path(scene, "1.19") == ([[1, 2, 0]], False)


def door_cases(seeds: range) -> list[tuple]:
    """Random terrains (test_path_kernel) with a closed wooden or iron door of a random facing in the mob's start
    cell, the mob at its centre (a zombie's box clears the panel)."""
    from tests.engine.test_path_kernel import random_cases
    out = []
    for seed, (blocks, kind, start, goal) in zip(seeds, random_cases(seeds), strict=True):
        rng = random.Random(seed)
        door = rng.choice(("oak_door", "iron_door"))
        facing = rng.choice(("north", "south", "east", "west"))
        x, z = floor(start[0]), floor(start[2])
        extra = [{"from": [x, 0, z], "to": [x, 0, z], "block": "minecraft:stone"}]
        extra += [{"at": [x, y, z], "block": f"minecraft:{door}[half={half},facing={facing},open=false]"}
                  for y, half in ((1, "lower"), (2, "upper"))]
        out.append(([*blocks, *extra], kind, start, goal))
    return out


def door_search(case: tuple, version: str, kernels: bool) -> list:
    """The path (positions, types, penalties, costs) and the expansions of one search at `version`."""
    blocks, kind, start, goal = case
    path_finder.KERNELS = kernels
    try:
        sim = build_scene(scene={"version": version}, blocks=blocks, entities=[
            {"type": kind, "id": 1, "pos": list(start), "motion": STILL, "on_ground": True}])
        nav = sim.entity_by_id(1).navigation
        nav.use_release(sim.features)
        nav.in_recorded_tick = True
        path = nav.find_path_to(sim.world, goal, 1)
    finally:
        path_finder.KERNELS = None
    nodes = None if path is None else [(n.pos, n.type.name, n.penalty.hex(), n.penalized_path_length.hex())
                                       for n in path.nodes]
    return [nodes, [tuple(e) for e in nav.searches[-1].record.expanded]]


def door_digest(seeds: range, version: str) -> str:
    return hashlib.sha256(repr([door_search(c, version, True) for c in door_cases(seeds)]).encode()).hexdigest()


@pytest.mark.parametrize("seed", range(8))
def test_1_19_door_searches_on_arrays_equal_the_object_path(seed: int) -> None:
    """The walk kernel reads the 1.19 rules from its mob inputs: the same search as the node objects."""
    (case,) = door_cases(range(seed, seed + 1))
    assert door_search(case, "1.19", True) == door_search(case, "1.19", False)


def test_the_door_cases_differ_between_1_18_2_and_1_19() -> None:
    """The random door cases exercise the rule: most of their searches change with the release."""
    cases = door_cases(range(8))
    changed = sum(door_search(c, "1.18.2", False) != door_search(c, "1.19", False) for c in cases)
    assert changed >= 4


def test_1_19_door_searches_jit_off_equal_jit_on() -> None:
    """With the JIT off the kernel runs as plain Python: the same 1.19, 1.19.3, 1.19.4, 1.20.3 and 1.20.5 searches
    bit for bit."""
    expression = '[door_digest(range(3), "1.19"), door_digest(range(3, 5), "1.19.3"), ' \
        'leaves_digest(range(2), "1.19.4"), door_digest(range(5, 7), "1.20.3"), door_digest(range(7, 9), "1.20.5")]'
    compiled, there = jit_off_run("tests.engine.test_version_paths", expression)
    assert compiled is False
    assert there == [door_digest(range(3), "1.19"), door_digest(range(3, 5), "1.19.3"),
                     leaves_digest(range(2), "1.19.4"), door_digest(range(5, 7), "1.20.3"),
                     door_digest(range(7, 9), "1.20.5")]


def test_a_zombie_over_an_edge_starts_on_the_floor_from_1_19_3() -> None:
    """The zombie's position is over the trench (x 1.05), its box (x 0.75..1.35) on the floor's edge. 1.19.2 starts
    at the feet block, OPEN; 1.19.3's canPathThrough passes over OPEN and takes the box's first corner over a
    passable cell, (0.75, 0.2) → (0, 1, 0)."""
    scene = "zombie_path_start_over_edge_1_19_3.toml"
    tail = [[-1, 1, 1], [-2, 1, 1], [-3, 1, 1], [-4, 1, 2]]
    assert first_path(scene, "1.19.2") == ([[1, 1, 0], [0, 1, 1], *tail], True)
    assert first_path(scene, "1.19.3") == ([[0, 1, 0], *tail], True)


def test_a_swimming_villager_climbs_out_of_the_pool_from_1_19_3() -> None:
    """From the water's surface (y 2, the pool's floor at y 1) to the bank's top (feet 3.0): 1.19.2 measures the
    water node's feet on the pool's floor (1.0, a climb of 2.0 > 1.125) and ends at the pool's edge; 1.19.3 at the
    cell's middle (2.5, a climb of 0.5) and climbs out to within 1 of the target."""
    scene = "villager_path_out_of_pool_1_19_3.toml"
    swim = [[0, 2, 0], [1, 2, 0], [2, 2, 0]]
    assert first_path(scene, "1.19.2") == (swim, False)
    assert first_path(scene, "1.19.3") == ([*swim, [3, 3, 0]], True)


def test_a_closed_door_s_top_is_a_step_again_from_1_19_3() -> None:
    """1.19.3's step 8 makes the door's closed node only where no node was found: the step onto its top stays."""
    assert first_path("zombie_path_door_top_1_19.toml", "1.19.3") == ([[1, 2, 0], [2, 3, 0]], True)


def node_indices(scene: str, version: str, ticks: int) -> list[int | None]:
    """The index of the node the zombie walks to after each tick (None without a path)."""
    text = (SCENES / scene).read_text()
    text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                     for line in text.splitlines())
    sim = load_scene_text(text, scene)
    out = []
    for _ in range(ticks):
        sim.tick()
        path = sim.entity_by_id(1).navigation.current_path
        out.append(None if path is None else path.current_node_index)
    return out


def test_the_corner_node_is_skipped_later_from_1_19_3() -> None:
    """Round the wall's end the path turns at (4, 1, 1) (node 5) towards (4, 1, 0). 1.19.2's shortcut skips node 5
    on the tick the zombie is past it towards node 6 (tick 33); 1.19.3 waits until node 6 is the nearer or node 5
    lies within sqrt(0.5), with the zombie between the two (tick 41). Up to node 5 both follow the same path."""
    old = node_indices("zombie_path_closed_door_1_19.toml", "1.19.2", 45)
    new = node_indices("zombie_path_closed_door_1_19.toml", "1.19.3", 45)
    assert old[:32] == new[:32] and old[31] == 5
    assert old.index(6) + 1 == 33 and new.index(6) + 1 == 41


@pytest.mark.parametrize("seed", range(4))
def test_1_19_3_searches_on_arrays_equal_the_object_path(seed: int) -> None:
    """The walk kernel reads the 1.19.3 rules from its mob inputs (the door cases, villagers among them)."""
    (case,) = door_cases(range(seed, seed + 1))
    assert door_search(case, "1.19.3", True) == door_search(case, "1.19.3", False)


@pytest.mark.parametrize(("state", "up_to_1_19_3", "from_1_19_4"), [
    ("cactus", T.DAMAGE_CACTUS, T.DAMAGE_OTHER),
    ("sweet_berry_bush", T.DAMAGE_OTHER, T.DAMAGE_OTHER),
    ("oak_leaves", T.LEAVES, T.LEAVES),       # the block's own type: adjustNodeType decides what the mob sees
])
def test_a_cactus_has_the_berry_bush_s_types_from_1_19_4(state: str, up_to_1_19_3: T, from_1_19_4: T) -> None:
    """1.19.4's PathNodeType has no DANGER_CACTUS or DAMAGE_CACTUS: getCommonNodeType tests cactus or sweet berry
    bush → DAMAGE_OTHER, getNodeTypeFromNeighbors cactus or berry bush → DANGER_OTHER."""
    s = parse_block_state(state)
    assert common_node_type_of(s, water_last=True) is up_to_1_19_3
    assert common_node_type_of(s, water_last=True, cactus_other=True) is from_1_19_4
    neighbour = {"cactus": (T.DANGER_CACTUS, T.DANGER_OTHER), "sweet_berry_bush": (T.DANGER_OTHER, T.DANGER_OTHER),
                 "oak_leaves": (None, None)}[state]
    assert (danger_of(s), danger_of(s, cactus_other=True)) == neighbour


LEAVES_SCENE = "zombie_path_leaves_cactus_1_19_4.toml"


def scene_search(scene: str, version: str, goal: tuple[int, int, int]) -> tuple[list, list, list]:
    """The zombie's recorded `findPathTo(goal, 1)` at `version`: the path's (cell, type), the expansions' and the
    open set's."""
    text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                     for line in (SCENES / scene).read_text().splitlines())
    sim = load_scene_text(text, scene)
    nav = sim.entity_by_id(1).navigation
    nav.use_release(sim.features)
    nav.in_recorded_tick = True
    path = nav.find_path_to(sim.world, goal, 1)
    record = nav.searches[-1].record
    return ([(list(n.pos), n.type.name) for n in path.nodes], [(list(e.pos), e.type) for e in record.expanded],
            sorted((list(e.pos), e.type) for e in record.open))


def test_the_leaves_start_and_the_cactus_neighbours_change_type_in_1_19_4() -> None:
    """The zombie's head is in the leaves at (0, 2, 0): its footprint (0, 1, 0)-(0, 2, 0) holds WALKABLE and the
    adjusted leaves, and no corner of its box lies in another column, so the start is the feet cell with that
    type: BLOCKED up to 1.19.3, LEAVES from 1.19.4 (both impassable, penalty -1: the successors are the same).
    The cells of the floor's top layer within one block of the cactus at (4, 1, 1) are DANGER_CACTUS, then
    DANGER_OTHER (both 8): the path goes round them by z -1 in both releases, through the same cells."""
    cells = [[0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, -1], [4, 1, -1], [5, 1, -1], [6, 1, 0]]
    old, new = (scene_search(LEAVES_SCENE, v, (7, 1, 0)) for v in ("1.19.3", "1.19.4"))
    assert old[0] == [(cells[0], "BLOCKED")] + [(c, "WALKABLE") for c in cells[1:]]
    assert new[0] == [(cells[0], "LEAVES")] + old[0][1:]
    assert old[1] == [(cells[0], "BLOCKED")] + old[0][1:] and new[1] == new[0]
    beside = [[3, 1, 0], [3, 1, 1], [4, 1, 0], [5, 1, 0]]   # the open cells next to the cactus
    assert [c for c, t in old[2] if t == "DANGER_CACTUS"] == beside
    assert [c for c, t in new[2] if t == "DANGER_OTHER"] == beside
    assert [(c, t) for c, t in old[2] if c not in beside] == [(c, t) for c, t in new[2] if c not in beside]


ONE_WIDE_TALL = ("minecraft:zombie", "minecraft:villager", "minecraft:wither_skeleton")


def leaves_cases(seeds: range) -> list[tuple]:
    """Random terrains (test_path_kernel) of the mobs one block wide and two or three high, with oak leaves over
    the start cell at their heads' height, so the search starts from a cell whose footprint holds leaves (a pig's
    footprint is its feet cell; an iron golem's box reaches the next columns, whose corners it starts from)."""
    from tests.engine.test_path_kernel import random_cases
    out = []
    for blocks, kind, start, goal in random_cases(seeds):
        if kind not in ONE_WIDE_TALL:
            continue
        x, z = floor(start[0]), floor(start[2])
        extra = [{"from": [x, 0, z], "to": [x, 0, z], "block": "minecraft:stone"},
                 {"from": [x, 1, z], "to": [x, 1, z], "block": "minecraft:air"},
                 {"from": [x, 2, z], "to": [x, 3, z], "block": "minecraft:oak_leaves"}]
        out.append(([*blocks, *extra], kind, start, goal))
    return out


def leaves_digest(seeds: range, version: str) -> str:
    return hashlib.sha256(repr([door_search(c, version, True) for c in leaves_cases(seeds)]).encode()).hexdigest()


@pytest.mark.parametrize("seed", range(4))
def test_1_19_4_searches_on_arrays_equal_the_object_path(seed: int) -> None:
    """The walk kernel reads the 1.19.4 rules from its tables (the cactus types) and mob inputs (LEAVES_KEPT)."""
    for case in (*door_cases(range(seed, seed + 1)), *leaves_cases(range(seed, seed + 1))):
        assert door_search(case, "1.19.4", True) == door_search(case, "1.19.4", False)


def test_the_leaves_cases_start_from_leaves_in_1_19_4() -> None:
    """Every leaves case's first expansion (its start) is BLOCKED up to 1.19.3 and LEAVES from 1.19.4."""
    for case in leaves_cases(range(7)):
        assert door_search(case, "1.19.3", False)[1][0][-1] == "BLOCKED"
        assert door_search(case, "1.19.4", True)[1][0][-1] == "LEAVES"


def test_a_wither_rose_is_damage_cautious_from_1_20() -> None:
    """1.20's getCommonNodeType: a wither rose (no collision shape: OPEN before) is DAMAGE_CAUTIOUS, tested after
    cocoa; getNodeTypeFromNeighbors: beside one DAMAGE_CAUTIOUS, after water (a waterlogged neighbour's water
    wins)."""
    rose = parse_block_state("wither_rose")
    assert common_node_type_of(rose, True, True) is T.OPEN
    assert common_node_type_of(rose, True, True, cautious=True) is T.DAMAGE_CAUTIOUS
    assert danger_of(rose, True) is None and danger_of(rose, True, cautious=True) is T.DAMAGE_CAUTIOUS
    assert T.DAMAGE_CAUTIOUS.default_penalty == 0.0


ROSE_SCENE = "wither_skeleton_path_wither_rose_1_20.toml"


def test_the_cell_over_a_wither_rose_is_a_node_from_1_20() -> None:
    """The wither skeleton walks east off the ledge (top at y 1) past the rose at (1, 1, 0). 1.19.4: the cell
    over the rose, (1, 2, 0), is OPEN over an OPEN cell, so getPathNode falls to (1, 1, 0), WALKABLE. 1.20: it
    inherits the rose's DAMAGE_CAUTIOUS (penalty 0) and is the node itself, level with the ledge; the ledge's edge
    (0, 2, 0) and the floor cell (2, 1, 0) have the rose among their neighbours: DAMAGE_CAUTIOUS. The rest of the
    path is the same, and so is the walk (the node over the rose is reached while the skeleton is still at the
    ledge's height)."""
    ledge = [[-2, 2, 0], [-1, 2, 0], [0, 2, 0]]
    floor_cells = [[2, 1, 0], [3, 1, 0], [4, 1, 0], [5, 1, 0]]
    old, new = (scene_search(ROSE_SCENE, v, (6, 1, 0)) for v in ("1.19.4", "1.20"))
    assert old[0] == [(c, "WALKABLE") for c in [*ledge, [1, 1, 0], *floor_cells]]
    cautious = ([0, 2, 0], [1, 2, 0], [2, 1, 0])
    assert new[0] == [(c, "DAMAGE_CAUTIOUS" if c in cautious else "WALKABLE")
                      for c in [*ledge, [1, 2, 0], *floor_cells]]


def rose_cases(seeds: range) -> list[tuple]:
    """Random terrains (test_path_kernel) with six wither roses on the floor and the mob on a ledge one block
    up at its start."""
    from tests.engine.test_path_kernel import random_cases
    out = []
    for seed, (blocks, kind, start, goal) in zip(seeds, random_cases(seeds), strict=True):
        rng = random.Random(seed)
        x, z = floor(start[0]), floor(start[2])
        roses = [{"at": [rng.randint(-9, 9), 1, rng.randint(-9, 9)], "block": "minecraft:wither_rose"}
                 for _ in range(6)]
        ledge = [{"from": [x - 1, 1, z - 1], "to": [x + 1, 1, z + 1], "block": "minecraft:stone"},
                 {"from": [x - 1, 2, z - 1], "to": [x + 1, 4, z + 1], "block": "minecraft:air"},
                 {"at": [x + 2, 1, z], "block": "minecraft:wither_rose"}]
        out.append(([*blocks, *roses, *ledge], kind, (start[0], 2.0, start[2]), goal))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_1_20_searches_on_arrays_equal_the_object_path(seed: int) -> None:
    """The walk kernel reads 1.20's DAMAGE_CAUTIOUS from its tables and inherits it as the object path does."""
    for case in (*door_cases(range(seed, seed + 1)), *rose_cases(range(seed, seed + 1))):
        assert door_search(case, "1.20", True) == door_search(case, "1.20", False)


def test_the_rose_cases_differ_between_1_19_4_and_1_20() -> None:
    cases = rose_cases(range(4))
    assert sum(door_search(c, "1.19.4", False) != door_search(c, "1.20", False) for c in cases) >= 3


def test_a_target_in_a_cobweb_moves_up() -> None:
    """`MobNavigation.findPathTo`: a target in a solid block moves up. A cobweb's material (COBWEB) allows movement
    but is solid (no notSolid(); 1.20: Settings.solid()), so the target in it moves to the air above, in every
    release."""
    for version in ("1.16.5", "1.20"):
        sim = build_scene(scene={"version": version}, blocks=[
            {"from": [-3, 0, -3], "to": [8, 0, 3], "block": "minecraft:stone"},
            {"at": [5, 1, 0], "block": "minecraft:cobweb"}], entities=[
            {"type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True}])
        nav = sim.entity_by_id(1).navigation
        nav.use_release(sim.features)
        nav.find_path_to(sim.world, (5, 1, 0), 1)
        assert nav.searches[-1].target == (5, 2, 0)


def test_1_20_2_searches_as_1_20_1() -> None:
    """1.20.2 changes no search of the engine's worlds (findPathTo reads the target's loaded chunk; isInFluid is
    the removed isInLiquid): the door and rose cases give the same searches as 1.20.1."""
    for case in (*door_cases(range(2)), *rose_cases(range(2))):
        assert door_search(case, "1.20.2", False) == door_search(case, "1.20.1", False)


TRAPDOOR_SCENE = "zombie_path_trapdoors_by_water_1_20_3.toml"


def test_the_cells_over_trapdoors_by_water_are_danger_trapdoor_from_1_20_3() -> None:
    """The trapdoors lie on the floor at (1..7, 1, 0), the water beside them at (1..7, 1, 1). 1.20.2: the cell
    above each trapdoor, (x, 2, 0), is WALKABLE and scanned: the water one block down and beside makes it
    WATER_BORDER (8), and the zombie's footprint over a trapdoor takes the highest penalty, so the path goes round
    by z -1 (WALKABLE, the water two blocks away). 1.20.3: that cell is DANGER_TRAPDOOR (0, the last type: it wins
    the footprint's equal penalties over TRAPDOOR) and the path runs straight along the trapdoors to within 1 of
    the target; the start, beside the water's first block, is WATER_BORDER in both."""
    old, new = (scene_search(TRAPDOOR_SCENE, v, (8, 1, 0)) for v in ("1.20.2", "1.20.3"))
    assert old[0] == [([0, 1, 0], "WATER_BORDER"), *(([x, 1, -1], "WALKABLE") for x in range(1, 8)),
                      ([8, 1, 0], "WATER_BORDER")]
    assert new[0] == [([0, 1, 0], "WATER_BORDER"), *(([x, 1, 0], "DANGER_TRAPDOOR") for x in range(1, 8))]


@pytest.mark.parametrize("seed", range(4))
def test_1_20_3_searches_on_arrays_equal_the_object_path(seed: int) -> None:
    """The walk kernel reads 1.20.3's trapdoor rule from its mob inputs (TRAPDOOR_DANGER): the door cases' random
    terrains hold trapdoors, water and lily pads."""
    for case in (*door_cases(range(seed, seed + 1)), *rose_cases(range(seed, seed + 1))):
        assert door_search(case, "1.20.3", True) == door_search(case, "1.20.3", False)


SUCCESSOR_SCENE = "zombie_path_successor_order_1_20_5.toml"


def test_the_side_order_takes_the_wall_s_north_end_from_1_20_5() -> None:
    """The wall x 3, z -1..1 stands square across the way to (6, 1, 0): round either end is as short, and the heap
    keeps the first of equal weights. Up to 1.20.4 getSuccessors offers the south side before the north one and
    the south-east diagonal after the north-east one, and the zombie goes round by z 2; from 1.20.5 the sides come
    north, east, south, west, and the path is its mirror image, round by z -2."""
    south = [[0, 1, 0], [1, 1, 1], [2, 1, 2], [3, 1, 2], [4, 1, 2], [5, 1, 1], [6, 1, 0]]
    assert first_path(SUCCESSOR_SCENE, "1.20.4") == (south, True)
    assert first_path(SUCCESSOR_SCENE, "1.20.5") == ([[x, y, -z] for x, y, z in south], True)


def test_a_diagonal_step_up_faces_its_first_side_from_1_20_5() -> None:
    """The raised floor starts at (1, 1, 1); a block hangs at (1, 3, 0), two above the stone of the east side.
    The step up onto the south-east diagonal (1, 2, 1) tests the zombie's box over the diagonal minus its facing.
    1.20.4 faces it south: the box stands on the east side (1, z 0), reaches y 1.001..3.948 and meets the hanging
    block, so the path goes south first, then up east. 1.20.5 faces it east: the box stands on the free south
    side (0, z 1), and the zombie steps up the diagonal at once."""
    scene = "zombie_path_diagonal_step_1_20_5.toml"
    assert first_path(scene, "1.20.4") == ([[0, 1, 0], [0, 1, 1], [1, 2, 1], [2, 2, 2], [3, 2, 3], [4, 2, 4]],
                                           True)
    assert first_path(scene, "1.20.5") == ([[0, 1, 0], [1, 2, 1], [2, 2, 2], [3, 2, 3], [4, 2, 4]], True)


@pytest.mark.parametrize(("state", "up_to_1_20_4", "from_1_20_5"), [
    ("oak_slab[type=bottom,waterlogged=true]", T.WATER_BORDER, None),     # BLOCKED: not WATER
    ("stone_brick_stairs[waterlogged=true]", T.WATER_BORDER, None),
    ("oak_fence[waterlogged=true]", T.WATER_BORDER, None),                # FENCE
    ("oak_trapdoor[waterlogged=true]", T.WATER_BORDER, None),             # TRAPDOOR
    ("chest[waterlogged=true]", T.WATER_BORDER, None),
    ("ladder[waterlogged=true]", T.WATER_BORDER, T.WATER_BORDER),         # passable: WATER
    ("water", T.WATER_BORDER, T.WATER_BORDER),
    ("lava", T.DANGER_FIRE, T.DANGER_FIRE),                               # LAVA
    ("magma_block", T.DANGER_FIRE, T.DANGER_FIRE),                        # DAMAGE_FIRE
    ("cactus", T.DANGER_OTHER, T.DANGER_OTHER),                           # DAMAGE_OTHER
    ("wither_rose", T.DAMAGE_CAUTIOUS, T.DAMAGE_CAUTIOUS),
    ("stone", None, None),
])
def test_neighbours_signal_by_their_node_type_from_1_20_5(state: str, up_to_1_20_4: T | None,
                                                           from_1_20_5: T | None) -> None:
    """getNodeTypeFromNeighbors: up to 1.20.4 a neighbour's fluid says water; from 1.20.5 its node type must be
    WATER, which a waterlogged block that is not passable (BLOCKED, FENCE, TRAPDOOR) is not."""
    s = parse_block_state(state)
    assert danger_of(s, True, True) is up_to_1_20_4
    assert danger_of(s, True, True, by_type=True) is from_1_20_5


def test_cells_beside_waterlogged_slabs_are_walkable_from_1_20_5() -> None:
    """The waterlogged slabs lie at (1..7, 1, 1). 1.20.4: each cell beside them, (x, 1, 0), is WATER_BORDER (8)
    and the path keeps to z -1 (WALKABLE, the slabs two blocks away); 1.20.5: those cells are WALKABLE and the
    path runs straight along the row to within 1 of the target (8, 1, 0)."""
    scene = "zombie_path_waterlogged_slabs_1_20_5.toml"
    old, new = (scene_search(scene, v, (8, 1, 0)) for v in ("1.20.4", "1.20.5"))
    assert old[0] == [([0, 1, 0], "WATER_BORDER"), *(([x, 1, -1], "WALKABLE") for x in range(1, 8)),
                      ([8, 1, 0], "WATER_BORDER")]
    assert new[0] == [([x, 1, 0], "WALKABLE") for x in range(8)]


def slab_cases(seeds: range) -> list[tuple]:
    """Random terrains (test_path_kernel) with waterlogged slabs, stairs, fences and trapdoors on the floor."""
    from tests.engine.test_path_kernel import random_cases
    out = []
    for seed, (blocks, kind, start, goal) in zip(seeds, random_cases(seeds), strict=True):
        rng = random.Random(seed)
        logged = [{"at": [rng.randint(-9, 9), 1, rng.randint(-9, 9)], "block": "minecraft:" + rng.choice((
            "oak_slab[type=bottom,waterlogged=true]", "stone_brick_stairs[waterlogged=true]",
            "oak_fence[waterlogged=true]", "oak_trapdoor[waterlogged=true]"))} for _ in range(12)]
        out.append(([*blocks, *logged], kind, start, goal))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_1_20_5_searches_on_arrays_equal_the_object_path(seed: int) -> None:
    """The walk kernel takes 1.20.5's side order from its mob inputs (BY_DIRECTION) and the neighbours' dangers
    by type from its tables: the same searches as the node objects."""
    for case in (*door_cases(range(seed, seed + 1)), *slab_cases(range(seed, seed + 1))):
        assert door_search(case, "1.20.5", True) == door_search(case, "1.20.5", False)


def test_the_slab_cases_differ_between_1_20_4_and_1_20_5() -> None:
    cases = slab_cases(range(4))
    assert sum(door_search(c, "1.20.4", False) != door_search(c, "1.20.5", False) for c in cases) >= 3


def test_1_20_6_to_1_21_1_search_as_1_20_5() -> None:
    """No change in `entity/ai/pathing` from 1.20.5 to 1.21.1: the same searches."""
    for case in slab_cases(range(2)):
        expected = door_search(case, "1.20.5", False)
        assert all(door_search(case, v, False) == expected for v in ("1.20.6", "1.21", "1.21.1"))


def follow_range_scene(version: str, name: str = "zombie") -> str:
    """The follow-range scene at `version`, the attribute named as the release names it (generic. up to 1.21.1)."""
    text = (SCENES / "zombie_path_follow_range_1_21_2.toml").read_text()
    if version != "1.21.2":
        text = text.replace('"follow_range"', '"generic.follow_range"')
    return text.replace('version = "1.21.2"', f'version = "{version}"').replace("minecraft:zombie",
                                                                             f"minecraft:{name}")


def test_a_short_follow_range_searches_16_from_1_21_2() -> None:
    """Follow range 6, the target 12 east: 1.21.1 expands no node 6 or more from the start and the path stops at
    (5, 1, 0); 1.21.2 searches with max(6, 16) and reaches (11, 1, 0)."""
    paths = []
    for version in ("1.21.1", "1.21.2"):
        sim = load_scene_text(follow_range_scene(version), "<follow range>")
        paths.append(next(e for e in sim.tick().events if e["kind"] == "path"))
    assert [(p["nodes"], p["reached"]) for p in paths] == [([[x, 1, 0] for x in range(6)], False),
                                                           ([[x, 1, 0] for x in range(12)], True)]


def test_the_node_budget_follows_the_range_from_1_21_2() -> None:
    """The budget is read at construction from the default follow range (a zombie's 35: 560 nodes); from 1.21.2
    the end of each tick sets it from max(follow range, 16) × 16 (256 for a range of 6), and a villager's least
    range is 48 (768 nodes, its search range 48 where 1.21.1 takes the attribute's 6)."""
    budgets = {}
    for version in ("1.21.1", "1.21.2"):
        for name in ("zombie", "villager"):
            sim = load_scene_text(follow_range_scene(version, name), "<follow range>")
            nav = sim.entity_by_id(1).navigation
            before = nav.path_node_navigator.range
            sim.tick()
            budgets[version, name] = (before, nav.path_node_navigator.range, nav.get_max_follow_range())
    assert budgets == {("1.21.1", "zombie"): (560, 560, 6.0), ("1.21.1", "villager"): (768, 768, 6.0),
                       ("1.21.2", "zombie"): (560, 256, 16.0), ("1.21.2", "villager"): (768, 768, 48.0)}


def test_a_target_over_the_bottom_row_rises_from_above_it_from_1_21_2() -> None:
    """The nether floor lies in its bottom row (y 0), the target (6, 5, 0) four above it, a ledge at (6, 8, 0).
    The scan down stops above the bottom row. 1.21.1 scans up from the bottom row: its floor block is the target,
    lifted onto the floor (6, 1, 0), and reached; 1.21.2 scans up from (6, 6, 0) to the ledge, lifted to (6, 9, 0),
    which the path can only come near."""
    scene = "zombie_path_target_over_void_1_21_2.toml"
    got = []
    for version in ("1.21.1", "1.21.2"):
        text = (SCENES / scene).read_text().replace('version = "1.21.2"', f'version = "{version}"')
        event = next(e for e in load_scene_text(text, scene).tick().events if e["kind"] == "path")
        got.append((event["target"], event["reached"], event["nodes"][-1]))
    assert got == [([6, 1, 0], True, [5, 1, 0]), ([6, 9, 0], False, [6, 1, 0])]


def test_a_search_beside_a_moving_block_is_refused_from_1_20_5() -> None:
    """A piston extends at tick 1: while its moving blocks stand (placed without NOTIFY_LISTENERS, so the
    world's PathNodeTypeCache keeps the cells' old types), a 1.20.5 search in their region stops in one line;
    1.20.4 searches."""
    for version, refused in (("1.20.4", False), ("1.20.5", True)):
        sim = build_scene(scene={"version": version}, blocks=[
            {"from": [-3, 0, -3], "to": [8, 0, 3], "block": "minecraft:stone"},
            {"at": [4, 1, 2], "block": "minecraft:piston[facing=up]"}], entities=[
            {"type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True}],
            actions=[{"tick": 1, "do": "piston_extend", "at": [4, 1, 2]}])
        sim.tick()
        assert sim.world.get_block_state(4, 2, 2).block == "moving_piston"
        nav = sim.entity_by_id(1).navigation
        nav.use_release(sim.features)
        if refused:
            with pytest.raises(NotImplementedError) as err:
                nav.find_path_to(sim.world, (6, 1, 0), 1)
            assert "\n" not in str(err.value) and "of version 1.20.5" in str(err.value) and \
                "PathNodeTypeCache" in str(err.value)
        else:
            assert nav.find_path_to(sim.world, (6, 1, 0), 1).reaches_target


def test_path_finding_is_simulated_from_1_20_5_to_1_21_11() -> None:
    """The table: 1.20.5-1.21.11 simulated (1.21.6 read; 1.21.5 bracketed by 1.21.4 and the 25w15a snapshot of
    1.21.6, read: 1.21.4's GroundPathNavigation; 1.21.9-1.21.10 bracketed: 1.21.8's pathfinder is 1.21.11's)."""
    from engine.core.versions import features_for
    assert all("path_finding" not in features_for(v).refused for v in ("1.20.5", "1.21.1", "1.21.2", "1.21.3",
                                                                       "1.21.4", "1.21.5", "1.21.6", "1.21.7",
                                                                       "1.21.8", "1.21.9", "1.21.10", "1.21.11"))


def test_a_target_over_the_bottom_row_is_set_on_its_floor_from_1_21_6() -> None:
    """The nether floor lies in its bottom row (y 0), the target (6, 5, 0) four above it, a ledge at (6, 8, 0).
    1.21.4's scan down stops above the bottom row and climbs from (6, 6, 0) to the ledge, lifted to (6, 9, 0),
    which the path only comes near; 1.21.7's scan reads the bottom row, finds the floor and targets (6, 1, 0) on
    it, reached. 1.21.6 (its GroundPathNavigation read), 1.21.8 and 1.21.11 search and walk as 1.21.7 (the same
    pathfinder), bit for bit; 1.21.5 (bracketed by 1.21.4 and 25w15a) targets and misses as 1.21.4 (its zombie
    walks as 1.21.5's, `living`)."""
    scene = "zombie_path_target_over_bottom_floor_1_21_7.toml"
    got = {}
    for version in ("1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.11"):
        text = (SCENES / scene).read_text().replace('version = "1.21.7"', f'version = "{version}"')
        sim = load_scene_text(text, scene)
        events = [e for _ in range(80) for e in sim.tick().events if e["kind"] == "path"]
        zombie = sim.entity_by_id(1)
        got[version] = (events[0]["target"], events[0]["reached"], zombie.pos, zombie.motion)
    assert got["1.21.4"][:2] == got["1.21.5"][:2] == ([6, 9, 0], False)
    assert got["1.21.7"][:2] == ([6, 1, 0], True)
    assert got["1.21.6"] == got["1.21.7"] == got["1.21.8"] == got["1.21.11"] != got["1.21.4"]
    assert floor(got["1.21.7"][2].x) != floor(got["1.21.4"][2].x)   # it stops on reaching (6, 1, 0)


def test_1_21_4_searches_as_1_21_3() -> None:
    """LandPathNodeMaker, PathNodeNavigator, EntityNavigation and MobNavigation of 1.21.4 are 1.21.3's (the patched
    1.21.4 source's vanilla lines; its node-type cache is Lithium's, and getCommonNodeType and
    getNodeTypeFromNeighbors of 1.21.3 and 1.21.8 are the same: bracketed). A zombie's navigation searching with
    1.21.4's features (its living tick is refused there, so the search is run directly) finds 1.21.3's path round
    the wall, node for node."""
    from engine.core.versions import features_for
    sim = load_scene_text((SCENES / "zombie_path_around_wall.toml").read_text(), "zombie_path_around_wall.toml")
    event = next(e for _ in range(3) for e in sim.tick().events if e["kind"] == "path")
    zombie = sim.entity_by_id(event["entity"])
    paths = []
    for version in ("1.21.3", "1.21.4"):
        zombie.navigation.use_release(features_for(version))
        path = zombie.navigation.find_path_to(sim.world, tuple(event["target"]), 1)
        paths.append([list(n.pos) for n in path.nodes])
    assert paths[0] == paths[1] and len(paths[0]) > 3
