"""`Entity.move`'s fall-distance raycast (1.18.2, `move_fall_reset_raycast` in engine/core/versions.py): a move of
length² ≥ 1 while the fall distance is not 0 raycasts along the move against the FALL_DAMAGE_RESETTING blocks
(climbable blocks, sweet berry bushes and cobwebs, as full cubes) and water; a hit resets the fall distance
(`onLanding`) before the position moves, and `Entity.fall` then adds this tick's drop (a float)."""

from __future__ import annotations

import pytest

from engine.tick.scene import load_scene_text
from tests.conftest import scene_toml


def _fall_distance(version: str, block_at: list[int], motion_y: float) -> float:
    text = scene_toml(scene={"version": version}, blocks=[{"at": block_at, "block": "minecraft:vine"}],
                      entities=[{"type": "minecraft:item", "pos": [0.5, 10.0, 0.5], "motion": [0.0, motion_y, 0.0],
                                 "fall_distance": 5.0, "id": 1}])
    sim = load_scene_text(text)
    sim.tick()
    return sim.entity_by_id(1).fall_distance


def test_a_fast_fall_through_a_vine_resets_the_fall_distance_from_1_18_2() -> None:
    """Motion −1.5, gravity −0.04 first: the item drops 1.54 through the vine's cell (y 8). 1.18.1: 5 + 1.54 in
    float; 1.18.2: the raycast hits the vine, 0 + 1.54."""
    assert _fall_distance("1.18.1", [0, 8, 0], -1.5) == 6.539999961853027
    assert _fall_distance("1.18.2", [0, 8, 0], -1.5) == 1.5399999618530273


@pytest.mark.parametrize(("block_at", "motion_y", "expected"), [([1, 8, 0], -1.5, 6.539999961853027),
                                                                 ([0, 9, 0], -0.9, 5.939999997615814)])
def test_no_reset_beside_the_path_or_for_a_move_shorter_than_1(block_at: list[int], motion_y: float,
                                                               expected: float) -> None:
    """A vine beside the path is not hit (5 + 1.54); a drop of 0.94 (length² < 1) casts no ray though it passes
    the vine's cell (5 + 0.94, the drop cast to float and the sum a double in 1.21.11)."""
    assert _fall_distance("1.21.11", block_at, motion_y) == expected
