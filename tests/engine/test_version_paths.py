"""Path finding from 1.17 (spec 07, docs/versions.md): `LandPathNodeMaker.getCommonNodeType` tests water last from
1.17 (`path_water_after_blocks`), and the fall and water searches stop at `getBottomY()` (1.18: -64 in the
overworld, `world_height_1_18`). Each shown by a bundled scene whose path differs from the release before."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.walk_evaluator import common_node_type_of
from engine.tick.scene import load_scene_text
from engine.world.blocks import parse_block_state

SCENES = Path(__file__).resolve().parents[2] / "scenes"


def first_path(scene: str, version: str) -> tuple[list[list[int]], bool]:
    """The nodes of the zombie's first search and whether it reaches its target, in `version`."""
    text = (SCENES / scene).read_text()
    text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                     for line in text.splitlines())
    sim = load_scene_text(text, scene)
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


def test_1_19_still_refuses_path_finding() -> None:
    text = (SCENES / "zombie_path_waterlogged_fence_1_17.toml").read_text().replace('version = "1.17"',
                                                                                  'version = "1.19"')
    sim = load_scene_text(text, "<1.19>")
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    assert "path finding (spec 07) of version 1.19.0" in str(err.value) and "22w16a" in str(err.value)
