"""engine.motion.raycast: the block raycast of spec 03 §7 (cell walk, single-block rules, fluid handling)."""

from __future__ import annotations

from typing import Any

import pytest
from engine.core.trace import EntityTick, Recorder, StageInfo

from engine.geometry.box import BlockPos, Box, Vec3
from engine.geometry.shapes import FULL_CUBE
from engine.java.javanum import f32
from engine.motion.raycast import BlockHitResult, get_facing, raycast_blocks, raycast_boxes, raycast_shape
from engine.world.blocks import parse_block_state
from engine.world.world import World
from tests.conftest import build_scene

H_SOURCE, H_FLOWING_7 = f32(8 / 9), f32(7 / 9)   # FluidState.getHeight() = amount / 9.0F


def build(blocks: dict[BlockPos, str]) -> World:
    world = World()
    for (x, y, z), text in blocks.items():
        world.set_block_state(x, y, z, parse_block_state(text))
    return world


class Probe:
    """The traced thing: the recorder only asks it for its state."""

    def trace_state(self) -> dict[str, Any]:
        return {}


def test_fig_4_2_2_grazing_diamond_south_face_is_not_tested_emerald_north_face_stops() -> None:
    """Fig. 4.2.2: straight up from an iron block's top along z = 0; the diamond (cell z = −1) is never
    tested, the emerald (cell z = 0) is, and stops the segment at its bottom. With no Z motion and z on a
    cell boundary, vanilla's walk takes a zero step first and tests the start cell twice."""
    world = build({(0, 0, 0): "iron_block", (0, 2, -1): "diamond_block", (0, 3, 0): "emerald_block"})
    start, end = Vec3(0.5, 1.0, 0.0), Vec3(0.5, 4.5, 0.0)
    cells: list[BlockPos] = []
    hit = raycast_blocks(world, start, end, cells=cells)
    assert hit == BlockHitResult(Vec3(0.5, 3.0, 0.0), "down", (0, 3, 0), False, False)
    assert cells == [(0, 0, 0), (0, 0, 0), (0, 1, 0), (0, 2, 0), (0, 3, 0)]
    # tested on its own, the diamond's shape would have stopped the segment at y = 2
    assert raycast_shape(FULL_CUBE, start, end, (0, 2, -1)) is not None


def test_fig_4_2_3_oblique_graze_of_chest_face_is_stopped_by_chest_not_iron() -> None:
    """Fig. 4.2.3: from an iron block's top obliquely up along the chest's south face plane (z = 0.9375):
    the iron block is tested first and does not stop it; the chest does, at its west face."""
    world = build({(0, 0, 0): "iron_block", (1, 1, 0): "chest"})
    start, end = Vec3(0.5, 1.0, 0.9375), Vec3(2.5, 2.0, 0.9375)
    cells: list[BlockPos] = []
    hit = raycast_blocks(world, start, end, cells=cells)
    assert hit == BlockHitResult(Vec3(1.0625, 1.28125, 0.9375), "west", (1, 1, 0), False, False)
    assert cells[0] == (0, 0, 0)
    assert raycast_shape(FULL_CUBE, start, end, (0, 0, 0)) is None


def test_chest_face_tolerance_is_one_ten_millionth() -> None:
    """Rule 2(c): faces count enlarged by 1e-7; 2e-7 beyond the chest's south face the segment passes."""
    world = build({(0, 0, 0): "iron_block", (1, 1, 0): "chest"})
    start, end = Vec3(0.5, 1.0, 0.9375 + 2e-7), Vec3(2.5, 2.0, 0.9375 + 2e-7)
    hit = raycast_blocks(world, start, end)
    assert hit.missed and hit.pos == end


def test_extreme_y_motion_from_block_centre_passes_through() -> None:
    """§7.3 extreme example: +1000 in Y from a full block's centre: the 1/1000 point is outside and only
    the bottom face faces the start, so the block does not stop it."""
    world = build({(0, 0, 0): "stone"})
    start, end = Vec3(0.5, 0.5, 0.5), Vec3(0.5, 1000.5, 0.5)
    hit = raycast_blocks(world, start, end)
    assert hit == BlockHitResult(end, "down", (0, 1000, 0), True, False)


def test_start_inside_block_hits_at_the_thousandth_point() -> None:
    """Rule 1: the point 1/1000 along the segment lies inside → hit there, inside, side facing back."""
    world = build({(0, 0, 0): "stone"})
    hit = raycast_blocks(world, Vec3(0.5, 0.5, 0.5), Vec3(0.5, 0.5, 1.5))
    assert hit == BlockHitResult(Vec3(0.5, 0.5, 0.5 + 0.001), "north", (0, 0, 0), False, True)


def test_start_equal_to_end_misses_without_testing_cells() -> None:
    """Rule 4: a zero-length segment never collides, even inside a block."""
    world = build({(0, 0, 0): "stone"})
    p = Vec3(0.5, 0.5, 0.5)
    cells: list[BlockPos] = []
    assert raycast_blocks(world, p, p, cells=cells) == BlockHitResult(p, "north", (0, 0, 0), True, False)
    assert cells == []


def test_nearly_coinciding_ends_do_not_collide() -> None:
    """Rule 4: |end − start|² < 1e-7 gives no hit although the cell is tested."""
    world = build({(0, 0, 0): "stone"})
    hit = raycast_blocks(world, Vec3(0.5, 0.5, 0.5), Vec3(0.5, 0.5, 0.5003))
    assert hit.missed


@pytest.mark.parametrize(("start", "end"), [
    (Vec3(0.5, 1.0, 0.5), Vec3(0.5, 2.0, 0.5)),     # from the top face, up
    (Vec3(0.0, 0.5, 0.5), Vec3(-1.0, 0.5, 0.5)),    # from the west face, west
    (Vec3(0.5, 0.0, 0.5), Vec3(0.5, -1.0, 0.5)),    # from the bottom face, down
])
def test_start_on_surface_going_away_does_not_collide(start: Vec3, end: Vec3) -> None:
    """Rule (2): start on the surface, the rest outside → no collision."""
    world = build({(0, 0, 0): "stone"})
    assert raycast_blocks(world, start, end).missed


def test_end_on_surface_does_not_collide() -> None:
    """Rule (2): arriving exactly at a face (t = 1) is not a hit."""
    world = build({(0, 0, 0): "stone"})
    assert raycast_blocks(world, Vec3(-1.0, 0.5, 0.5), Vec3(0.0, 0.5, 0.5)).missed


def test_running_along_lower_face_collides_but_not_along_upper_face() -> None:
    """Rule (3), approximate form: along the bottom face the block's cell is walked and its west face
    entered; along the top face the walk stays in the cells above."""
    world = build({(0, 0, 0): "stone"})
    low = raycast_blocks(world, Vec3(-0.5, 0.0, 0.5), Vec3(1.5, 0.0, 0.5))
    assert low == BlockHitResult(Vec3(0.0, 0.0, 0.5), "west", (0, 0, 0), False, False)
    assert raycast_blocks(world, Vec3(-0.5, 1.0, 0.5), Vec3(1.5, 1.0, 0.5)).missed


def test_entering_through_a_face_reports_that_face() -> None:
    """A diagonal segment from above-east enters through the top face; through the top-east edge exactly,
    the X face (tested first) keeps an equal parameter."""
    world = build({(0, 0, 0): "stone"})
    hit = raycast_blocks(world, Vec3(1.25, 2.0, 0.5), Vec3(0.25, 0.0, 0.5))
    assert hit == BlockHitResult(Vec3(0.75, 1.0, 0.5), "up", (0, 0, 0), False, False)
    edge = raycast_blocks(world, Vec3(1.5, 2.0, 0.5), Vec3(0.5, 0.0, 0.5))
    assert edge == BlockHitResult(Vec3(1.0, 1.0, 0.5), "east", (0, 0, 0), False, False)


def test_boxes_nearest_entry_wins_regardless_of_order() -> None:
    """`Box.raycast` keeps the smallest parameter over all boxes."""
    boxes = [Box(0.5, 0.0, 0.0, 1.0, 1.0, 1.0), Box(0.0, 0.0, 0.0, 0.25, 1.0, 1.0)]
    hit = raycast_boxes(boxes, Vec3(2.0, 0.5, 0.5), Vec3(5.0, 0.5, 0.5), (3, 0, 0))
    assert hit == BlockHitResult(Vec3(3.0, 0.5, 0.5), "west", (3, 0, 0), False, False)


@pytest.mark.parametrize(("text", "handling", "height"), [
    ("water", "source_only", H_SOURCE),
    ("water", "any", H_SOURCE),
    ("water[level=1]", "any", H_FLOWING_7),
    ("water", "none", None),
    ("water[level=1]", "source_only", None),
    ("water[level=8]", "source_only", None),
])
def test_fluid_handling(text: str, handling: str, height: float | None) -> None:
    """SOURCE_ONLY stops at still water only, ANY at any water, NONE at none; the surface is the height."""
    world = build({(0, 0, 0): text})
    start, end = Vec3(0.5, 2.0, 0.5), Vec3(0.5, 0.0, 0.5)
    hit = raycast_blocks(world, start, end, handling)
    if height is None:
        assert hit.missed
    else:
        assert hit == BlockHitResult(Vec3(0.5, height, 0.5), "up", (0, 0, 0), False, False)


def test_fluid_below_full_water_column_is_a_full_cube() -> None:
    """Water under water has height 1 (`getHeight(world, pos)`): the ray stops at the cell's top."""
    world = build({(0, 0, 0): "water", (0, 1, 0): "water"})
    hit = raycast_blocks(world, Vec3(0.5, 3.0, 0.5), Vec3(0.5, 0.0, 0.5), "any")
    assert hit.block_pos == (0, 1, 0) and hit.pos == Vec3(0.5, 1.0 + H_SOURCE, 0.5)


def test_block_in_waterlogged_cell_wins_a_tie_with_its_fluid() -> None:
    """A waterlogged full-height block and its water hit at the same distance: the block result is kept."""
    world = build({(0, 0, 0): "oak_slab[type=double,waterlogged=true]"})
    hit = raycast_blocks(world, Vec3(-1.0, 0.5, 0.5), Vec3(2.0, 0.5, 0.5), "any")
    assert hit == BlockHitResult(Vec3(0.0, 0.5, 0.5), "west", (0, 0, 0), False, False)


@pytest.mark.parametrize(("vec", "side"), [
    ((0.0, 0.0, 0.0), "north"), ((0.0, -2.0, 0.0), "down"), ((1.0, 1.0, 0.0), "up"),
    ((-3.0, 1.0, 2.0), "west"), ((1e-46, 0.0, 0.0), "north"), ((0.0, 0.0, 5.0), "south"),
])
def test_get_facing(vec: tuple[float, float, float], side: str) -> None:
    """Largest dot product in float, first in id order on ties, NORTH below Float.MIN_VALUE."""
    assert get_facing(*vec) == side


def test_invalid_fluid_handling_is_rejected() -> None:
    """A misspelt handling names the accepted values."""
    with pytest.raises(ValueError, match="source_only"):
        raycast_blocks(World(), Vec3(0.0, 0.0, 0.0), Vec3(1.0, 1.0, 1.0), "sources")


def test_trace_records_segment_cells_and_hit() -> None:
    """With a recorder: the segment clipped at the hit, the cells in walk order, the hit point."""
    world = build({(0, 0, 0): "iron_block", (0, 2, -1): "diamond_block", (0, 3, 0): "emerald_block"})
    rec = Recorder(EntityTick(1, "test:probe"))
    probe = Probe()
    rec.begin(probe, StageInfo("raycast", "BlockView.raycast"))
    raycast_blocks(world, Vec3(0.5, 1.0, 0.0), Vec3(0.5, 4.5, 0.0), rec=rec)
    rec.end(probe)
    geometry = rec.item.stages[0].geometry
    assert geometry[0] == {"kind": "segment", "role": "raycast", "a": [0.5, 1.0, 0.0], "b": [0.5, 4.5, 0.0],
                           "clipped_to": [0.5, 3.0, 0.0]}
    assert [(g["pos"], g["order"]) for g in geometry if g["role"] == "raycast_cell"] == [
        ([0, 0, 0], 0), ([0, 0, 0], 1), ([0, 1, 0], 2), ([0, 2, 0], 3), ([0, 3, 0], 4)]
    assert geometry[-1] == {"kind": "point", "role": "raycast_hit", "p": [0.5, 3.0, 0.0]}


def test_thrown_pearl_hits_a_half_extended_b36_head() -> None:
    """Spec 03 §7.5, 1.16.2+: the raycast tests the live collision shape, so a B36 counts (≤ 1.16.1's outline
    shapes missed it). At progress 0.5 the east-facing head's plate lies at x 1.25..1.5 of world space; the
    moving_piston state's own shape is empty and the base's ends at x = 0.75, out of the pearl's reach."""
    sim = build_scene(blocks=[{"at": [0, 1, 0], "block": "minecraft:piston[facing=east]"}],
                      entities=[{"type": "ender_pearl", "pos": [5.0, 1.5, 0.5], "motion": [-2.0, 0.0, 0.0],
                                 "no_gravity": True}],
                      actions=[{"tick": 1, "do": "piston_extend", "at": [0, 1, 0]}])
    pearl = sim.entity_by_id(1)
    sim.tick()
    head = sim.world.block_entities.get((1, 1, 0))
    assert head.progress == 0.5 and not pearl.removed
    start = pearl.pos
    hit = raycast_blocks(sim.world, start, start.plus(pearl.motion))
    assert hit == BlockHitResult(Vec3(1.5, 1.5, 0.5), "east", (1, 1, 0), False, False)
    assert sim.world.get_block_state(1, 1, 0).collision_shape.is_empty
    record = sim.tick()
    assert pearl.removed
    assert [e["to"] for e in record.events if e["kind"] == "pearl_teleport"] == [list(start)]
