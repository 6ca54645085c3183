"""1.13.2 (docs/versions.md, "1.13.2 sources"): Entity.move, the TNT tick and the falling-block tick, read in the
MCP-named 1.13.2 client source. Its move cuts the movement by VoxelShapes with 1.14's 1.0E-7 margins
(`collision_aabb_lists` off) on the motionX/Y/Z fields of 1.12.2 (`move_motion_fields`), and
EntityTNTPrimed.onUpdate keeps the float literals (`tnt_float_literals`). scenes/tnt_slide_1_13_2.toml runs once
per release (and per flipped flag) and is compared with its neighbours 1.12.2 and 1.14 (1.15 for the slime's
slowdown, which 1.14-1.14.4 do not give TNT either: `stepped_on_can_climb`); so is
scenes/falling_sand_grass_1_13_2.toml: 1.12.2's falling-block tick with 1.14's `BlockFalling.canFallThrough`
(`fall_through_1_12` off)."""
from __future__ import annotations

import dataclasses
import math

import pytest

from engine.geometry.box import Vec3
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR

SCENE = (SCENES_DIR / "tnt_slide_1_13_2.toml").read_text()
TICKS = 20
RUNS = {"1.12.2": {}, "1.13.2": {}, "1.14": {}, "1.15": {},
        "1.13.2 collision_aabb_lists": {"collision_aabb_lists": True},
        "1.13.2 not move_motion_fields": {"move_motion_fields": False, "stepped_on_can_climb": False}}


def _run(version: str, flags: dict[str, bool]) -> dict[int, tuple[Vec3, Vec3]]:
    sim = load_scene_text(SCENE.replace('version = "1.13.2"', f'version = "{version}"'), "<1.13.2 slide>")
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    for _ in range(TICKS):
        sim.tick()
    return {i: (sim.entity_by_id(i).pos, sim.entity_by_id(i).motion) for i in (1, 2)}


@pytest.fixture(scope="module")
def ends() -> dict[str, dict[int, tuple[Vec3, Vec3]]]:
    return {name: _run(name.split()[0], flags) for name, flags in RUNS.items()}


def test_a_box_a_hair_inside_the_floor_stays_on_it_as_in_1_14(ends) -> None:
    """TNT 1 starts 5.0E-8 inside the floor: 1.13.2's VoxelShapes hold it there (as 1.14's); 1.12.2's strict
    AxisAlignedBB overlaps let it fall through, and so does 1.13.2 with the AABB lists (the mutant)."""
    pos, motion = ends["1.13.2"][1]
    assert pos == ends["1.14"][1][0] == Vec3(0.5, 0.99999995, -2.5)
    assert ends["1.12.2"][1][0].y < 0.0 and ends["1.13.2 collision_aabb_lists"][1] == ends["1.12.2"][1]
    # Block.onLanded sets motionY = +0.0 on the field, the ground's x -0.5 makes it -0.0 (1.14: +0.0)
    assert motion.y == 0.0 and math.copysign(1.0, motion.y) == -1.0
    assert math.copysign(1.0, ends["1.14"][1][1].y) == 1.0


def test_tnt_slides_over_slime_as_in_1_12_2(ends) -> None:
    """TNT 2 slides along slime blocks: 1.13.2 gives TNT no onEntityWalk (canTriggerWalking false on the motion
    fields; 1.14-1.14.4 too, `stepped_on_can_climb`), so it ends where 1.12.2's does, further than 1.15's (slowed
    by the slime); the mutant without the motion fields and the canClimb test is slowed too."""
    assert ends["1.13.2"][2] == ends["1.12.2"][2]
    assert ends["1.13.2"][2][0].x > ends["1.15"][2][0].x + 0.5
    assert ends["1.13.2"][2][0].x > ends["1.13.2 not move_motion_fields"][2][0].x + 0.5


@pytest.mark.parametrize("version", ["1.13", "1.13.1"])
def test_1_13_and_1_13_1_stay_refused_in_one_line(version: str) -> None:
    sim = load_scene_text(SCENE.replace('version = "1.13.2"', f'version = "{version}"'), "<1.13.2 slide>")
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    line = str(err.value)
    assert "\n" not in line and f"of version {version}" in line and "1.13-1.13.1 not compared" in line


SAND = (SCENES_DIR / "falling_sand_grass_1_13_2.toml").read_text()
SAND_RUNS = {"1.12.2": {}, "1.13.2": {}, "1.14": {}, "1.13.2 fall_through_1_12": {"fall_through_1_12": True}}


def _sand(version: str, flags: dict[str, bool]) -> tuple[tuple[Vec3, Vec3] | None, str]:
    """The sand entity's position and Motion (None once removed) and the block above the grass after 10 ticks."""
    sim = load_scene_text(SAND.replace('version = "1.13.2"', f'version = "{version}"'), "<1.13.2 sand>")
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    for _ in range(10):
        sim.tick()
    e = sim.entity_by_id(1)
    return (None if e is None else (e.pos, e.motion)), sim.world.get_block_state(1, 1, 0).block


@pytest.fixture(scope="module")
def sands() -> dict[str, tuple[tuple[Vec3, Vec3] | None, str]]:
    return {name: _sand(name.split()[0], flags) for name, flags in SAND_RUNS.items()}


def test_sand_over_grass_keeps_falling_in_1_13_2(sands) -> None:
    """The sand rests on the stone's edge, grass under its position: 1.13.2's canFallThrough takes the grass, so each
    landing returns with onGround false (Block.onLanded left Motion Y +0.0, no drag) and it stays an entity; 1.12.2
    and the mutant with 1.12.2's canFallThrough place it above the grass; 1.14 drops it (no block placed)."""
    entity, above = sands["1.13.2"]
    assert entity == (Vec3(1.4, 1.0, 0.5), Vec3(0.0, 0.0, 0.0)) and above == "air"
    assert sands["1.12.2"] == sands["1.13.2 fall_through_1_12"] == (None, "sand")
    assert sands["1.14"] == (None, "air")
