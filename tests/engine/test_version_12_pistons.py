"""Pistons and shulker boxes of 1.12.2 and 1.13.2 (engine/influences/piston_block_entity.py, piston.py,
shulker_box.py; docs/versions.md `pistons`, `shulker_box`): the MCP
1.12.2 `TileEntityPiston` (`update`, `moveCollidedEntities`, `fixEntityWithinPistonBase`, `addCollissionAABBs`),
`BlockPistonBase` (`eventReceived`, `doMove`) and `Entity.move`'s `MoverType.PISTON` branch run as 1.14's
`PistonBlockEntity` but that the retracting head's moving shape keeps its long arm until 1 - progress < 0.25F
(`piston_moving_arm_quarter_1_12`; 1.13-1.15.2 write 4.0F); `TileEntityShulkerBox` lifts as 1.14's
`ShulkerBoxBlockEntity`, and so does 1.13.2's. 1.13.2's `TileEntityPiston`, `BlockPistonBase`,
`BlockPistonStructureHelper` and PISTON branch are 1.14's (the short moving arm included): its pushes are 1.14's,
the entities' own ticks 1.13.2's; its piston shapes are 1.16.5's (its block table's). Each scene runs
in 1.12.2 or 1.13.2 against 1.14 (and 1.16.5 or a flag flipped as the mutant); 1.11-1.12.1 and 1.13-1.13.1 refuse
in one line (`test_versions.py`'s refused cells)."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_versions import _with_version

GAP = (SCENES_DIR / "piston_arm_gap_1_12_2.toml").read_text()
ARM = (SCENES_DIR / "piston_retract_arm_1_15_2.toml").read_text()
LAUNCHER = (SCENES_DIR / "slime_launcher_1_14_4.toml").read_text()
CLAMP = (SCENES_DIR / "piston_clamp_two_pistons.toml").read_text()
SHULKER = (SCENES_DIR / "shulker_box_tnt_1_12_2.toml").read_text()

# the arm's top: PISTON_HEAD's EAST_ARM_AABB (y 0.375..0.625) in the cell at y 1
ARM_TOP = 1.0 + 0.625


def _run(text: str, version: str, ticks: int, flip: str | None = None) -> list[tuple[Any, Any]]:
    """Entity 1's (position, Motion) after each of `ticks` ticks, at `version`, with `flip` toggled."""
    sim = load_scene_text(_with_version(text, version), "<1.12.2 pistons>")
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append((tuple(e.pos), tuple(e.motion)))
    return out


@pytest.fixture(scope="module")
def gap() -> dict[str, list[tuple[Any, Any]]]:
    return {"1.12.2": _run(GAP, "1.12.2", 6), "1.14": _run(GAP, "1.14", 6),
            "mutant": _run(GAP, "1.12.2", 6, flip="piston_moving_arm_quarter_1_12"),
            "1.13.2": _run(GAP, "1.13.2", 6),
            "1.13.2 quarter": _run(GAP, "1.13.2", 6, flip="piston_moving_arm_quarter_1_12")}


def test_the_retracting_head_keeps_its_long_arm_in_1_12_2(gap: dict[str, list[tuple[Any, Any]]]) -> None:
    """Tick 5: the base's moving piston holds the head at progress 0; 1 - 0 < 0.25F is false, so its arm is long
    and reaches back over the gap, and the falling item lands on its top (Block.onLanded: motionY 0). In 1.14 (and in
    1.12.2 with 4.0F) the arm is short and the item falls past."""
    (x, y, _), (_, my, _) = gap["1.12.2"][4]
    assert (x, y, my) == (0.875, ARM_TOP, 0.0)
    for other in ("1.14", "mutant"):
        assert gap[other][3][0][1] > ARM_TOP > gap[other][4][0][1]
    assert gap["1.12.2"][:4] != gap["1.14"][:4]     # the float-era item tick before it: 1.12.2's own


def test_the_retracting_head_is_short_at_once_in_1_13_2(gap: dict[str, list[tuple[Any, Any]]]) -> None:
    """TileEntityPiston.getCollisionShape of 1.13.2 makes the retracting head short while 1 - progress < 4.0F (1.14's
    rule): in tick 5 the item falls past the arm, as in 1.14, where 1.12.2's long arm holds it; with 1.12.2's 0.25F
    (the flag flipped on) it lands on the arm as in 1.12.2."""
    ticks, quarter = gap["1.13.2"], gap["1.13.2 quarter"]
    assert ticks[3][0][1] > ARM_TOP > ticks[4][0][1]
    (x, y, _), (_, my, _) = quarter[4]
    assert (x, y, my) == (0.875, ARM_TOP, 0.0) and ticks[:4] == quarter[:4]
    assert ticks[:4] != gap["1.14"][:4]     # the item's own ticks before it: 1.13.2's float-era ones


def test_the_retracting_long_arm_pushes_behind_the_base_as_in_1_14() -> None:
    """getCollisionRelatedBlockState: the retracting base pushes with PISTON_HEAD's default state (SHORT false):
    on its second run the arm's back end at x 0.25 sweeps 0.5 west into the TNT, whose east face is at
    -0.59 + 0.49F: it moves 0.1500000095 + 0.01 west, as in 1.14 (and 1.13.2, whose getHeadBlockState gives the
    head its default SHORT false too); 1.16.5 pushes with the short arm."""
    old, new, later, v1132 = (_run(ARM, v, 6)[-1] for v in ("1.12.2", "1.14", "1.16.5", "1.13.2"))
    assert old == new == v1132
    assert abs(old[0][0] - (-0.59 - ((-0.59 + 0.49000000953674316) - (0.25 - 0.5) + 0.01))) < 1e-15
    assert later[0][0] == -0.59


def test_a_slime_block_launches_and_the_push_is_clamped_to_0_51() -> None:
    """moveCollidedEntities sets the Motion on the facing's axis to 1 and moves min(d, 0.5) + 0.01 = 0.51 (the
    PISTON branch's clamp); the TNT's own ticks after it are 1.12.2's (1.13.2's) float-era ones, not 1.14's."""
    old, new, v1132 = (_run(LAUNCHER, v, 2) for v in ("1.12.2", "1.14", "1.13.2"))
    start = 3.0
    assert old[0] == new[0] == v1132[0] and old[0][1][1] == 1.0 and old[0][0][1] == start + 0.51
    assert old[1] != new[1] and v1132[1] != new[1]


def test_two_pistons_pushing_one_tnt_share_the_0_51_clamp() -> None:
    """Entity.move (MoverType.PISTON): pistonDeltas per axis and game tick, clamped to ±0.51; with the clamp
    flipped off the second piston's push adds up."""
    plain, flipped = _run(CLAMP, "1.12.2", 4)[-1], _run(CLAMP, "1.12.2", 4, flip="piston_clamp")[-1]
    assert plain == _run(CLAMP, "1.14", 4)[-1] == _run(CLAMP, "1.13.2", 4)[-1] and plain != flipped


def test_an_opening_shulker_box_lifts_a_tnt_as_in_1_14() -> None:
    """updateAnimation's 0.1F steps, the lid's region (FULL_BLOCK_AABB.expand(0.5F x progress), contracted to the
    part beyond the cell) and the push to 0.01 above it: each tick the TNT stands 0.01 over the lid, at
    2 + 0.5F x progress + 0.01, as in 1.14; its landing Motion is 1.12.2's -0.0 (the float-era tick's x -0.5 of
    +0.0 after onLanded), 1.14's +0.0. 1.13.2's TileEntityShulkerBox is 1.12.2's (1.14 only adds the shape
    updates of updateNeighborStates, sent in no release the engine runs): the same heights, its TNT's float-era
    landing Motion -0.0 as 1.12.2's."""
    old, new, v1132 = (_run(SHULKER, v, 11) for v in ("1.12.2", "1.14", "1.13.2"))
    assert [p for p, _ in old] == [p for p, _ in new] == [p for p, _ in v1132]
    assert abs(old[-1][0][1] - (2.0 + 0.5 + 0.01)) < 1e-7      # the lid's last step (progress 1.0F) and the margin
    assert math.copysign(1.0, old[-1][1][1]) == math.copysign(1.0, v1132[-1][1][1]) == -1.0
    assert math.copysign(1.0, new[-1][1][1]) == 1.0



def test_a_1_13_2_scene_may_place_an_extended_piston_and_its_head() -> None:
    """BlockPistonBase's and BlockPistonExtension's shapes of 1.13.2 (read) are its block table's (minecraft-data's
    pc/1.13.2, 1.16.5's boxes): an item dropped over the head's long arm lands on its top, as in 1.14."""
    text = scene_toml(scene={"version": "1.13.2"}, blocks=[
        {"at": [0, 1, 0], "block": "minecraft:piston[facing=east,extended=true]"},
        {"at": [1, 1, 0], "block": "minecraft:piston_head[facing=east]"}],
        entities=[{"type": "minecraft:item", "item": "minecraft:stone", "pos": [1.5, 1.9, 0.5], "id": 1}])
    landed = _run(text, "1.13.2", 8)[-1]
    assert landed[0][1] == ARM_TOP == _run(text, "1.14", 8)[-1][0][1]
