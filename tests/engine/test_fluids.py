"""engine.influences.fluids: fluid states, heights, flow vectors and the base-tick fluid push (spec 04 §7)."""

from __future__ import annotations

import pytest

from engine.core.trace import EntityTick, Recorder, StageInfo
from engine.core.versions import features_for
from engine.entities.entity import Entity
from engine.geometry.box import Vec3
from engine.influences.fluids import (
    FluidState,
    fluid_at,
    fluid_state,
    get_height,
    get_velocity,
    update_movement_in_fluid,
    update_submerged_in_water_state,
    update_water_state,
)
from engine.java.javanum import f32
from engine.world.blocks import all_states, parse_block_state
from engine.world.fluid_states import holds_fluid
from engine.world.world import World

V1165 = features_for("1.16.5")
H8, H7, H6 = f32(8 / 9), f32(7 / 9), f32(6 / 9)   # FluidState.getHeight() = amount / 9.0F


class Cube(Entity):
    TYPE = "test:cube"
    WIDTH = f32(0.98)
    HEIGHT = f32(0.98)


class Player(Cube):
    is_player = True


def build(blocks: dict[tuple[int, int, int], str], ultrawarm: bool = False) -> World:
    world = World(ultrawarm=ultrawarm)
    for (x, y, z), text in blocks.items():
        world.set_block_state(x, y, z, parse_block_state(text))
    return world


def floor_of(x0: int, x1: int, z0: int, z1: int, y: int = 63) -> dict[tuple[int, int, int], str]:
    return {(x, y, z): "stone" for x in range(x0, x1 + 1) for z in range(z0, z1 + 1)}


@pytest.mark.parametrize(("text", "expected"), [
    ("water", FluidState("water", 8, False, True)),
    ("water[level=3]", FluidState("water", 5, False, False)),
    ("lava[level=7]", FluidState("lava", 1, False, False)),
    ("water[level=9]", FluidState("water", 8, True, False)),
    ("oak_slab[waterlogged=true]", FluidState("water", 8, False, True)),
    ("kelp", FluidState("water", 8, False, True)),
    ("bubble_column", FluidState("water", 8, False, True)),
    ("oak_slab[waterlogged=false]", FluidState(None, 0, False, False)),
    ("stone", FluidState(None, 0, False, False)),
])
def test_fluid_state_of_block_states(text: str, expected: FluidState) -> None:
    """Fluid blocks by level; waterlogged blocks and water plants are still water; other blocks are empty."""
    assert fluid_state(parse_block_state(text)) == expected


def test_height_is_amount_ninths_or_one_under_same_fluid() -> None:
    """getHeight: 8/9F for a source, 5/9F for level 3, 1.0 with the same fluid above, not with another."""
    world = build({(0, 64, 0): "water", (1, 64, 0): "water[level=3]", (2, 64, 0): "water",
                   (2, 65, 0): "water", (3, 64, 0): "water", (3, 65, 0): "lava"})
    assert get_height(world, 0, 64, 0) == 0.8888888955116272
    assert get_height(world, 1, 64, 0) == 0.5555555820465088
    assert get_height(world, 2, 64, 0) == 1.0
    assert get_height(world, 3, 64, 0) == H8
    assert get_height(world, 4, 64, 0) == 0.0


def test_source_flows_toward_lower_neighbour_with_unit_length() -> None:
    """A source with one flowing neighbour flows away from itself, toward it, with length exactly 1."""
    world = build({**floor_of(-1, 1, -1, 1), (0, 64, 0): "water", (1, 64, 0): "water[level=1]"})
    v = get_velocity(world, 0, 64, 0, V1165)
    assert v == Vec3(1.0, 0.0, 0.0)
    assert get_velocity(world, 1, 64, 0, V1165) == Vec3(1.0, 0.0, 0.0)


def test_still_pool_has_no_flow() -> None:
    """A 3×3 pool of sources on a floor: no height differences, no open edge with fluid below."""
    pool = {(x, 64, z): "water" for x in range(3) for z in range(3)}
    world = build({**floor_of(-1, 3, -1, 3), **pool})
    assert get_velocity(world, 1, 64, 1, V1165) == Vec3(0.0, 0.0, 0.0)
    assert get_velocity(world, 0, 64, 1, V1165) == Vec3(0.0, 0.0, 0.0)


def test_flow_runs_toward_open_gap_with_fluid_below() -> None:
    """An empty neighbour that does not block movement, over the same fluid, counts as f - 0.8888889F."""
    open_gap = build({(0, 64, 0): "water", (1, 63, 0): "water"})
    assert get_velocity(open_gap, 0, 64, 0, V1165) == Vec3(1.0, 0.0, 0.0)
    glass_gap = build({(0, 64, 0): "water", (1, 64, 0): "glass", (1, 63, 0): "water"})
    assert get_velocity(glass_gap, 0, 64, 0, V1165) == Vec3(0.0, 0.0, 0.0)


def test_falling_column_beside_a_wall_points_steeply_down() -> None:
    """A falling cell with a solid face beside it: normalize(flow) + (0, -6, 0), normalised again."""
    cells = {(0, 65, 0): "water[level=8]", (-1, 65, 0): "water[level=7]"}
    world = build({**cells, (0, 65, -1): "stone"})
    expected = Vec3(-1.0, -6.0, 0.0).normalize()
    v = get_velocity(world, 0, 65, 0, V1165)
    assert v == expected
    assert v.y / v.x == pytest.approx(6.0)
    assert get_velocity(build(cells), 0, 65, 0, V1165) == Vec3(-1.0, 0.0, 0.0)


@pytest.mark.parametrize(("block", "down"), [
    ("stone", True), ("glass", True), ("packed_ice", True), ("blue_ice", True), ("snow[layers=8]", True),
    ("ice", False), ("frosted_ice", False), ("oak_leaves", False), ("snow[layers=7]", False),
    ("oak_slab[type=bottom]", False), ("oak_fence", False), ("air", False),
])
def test_falling_flow_turns_down_only_at_full_faces(block: str, down: bool) -> None:
    """isFlowBlocked: a full side face (getSidesShape), except Material.ICE; leaves have no sides shape."""
    world = build({(0, 65, 0): "water[level=8]", (0, 65, -1): block})
    assert get_velocity(world, 0, 65, 0, V1165) == (Vec3(0.0, -1.0, 0.0) if down else Vec3(0.0, 0.0, 0.0))


def flowing_channel() -> World:
    """Source at x=0, level 1 at x=1 with level 2 east and south of it, on a stone floor."""
    return build({**floor_of(-1, 3, -1, 2), (0, 64, 0): "water", (1, 64, 0): "water[level=1]",
                  (2, 64, 0): "water[level=2]", (1, 64, 1): "water[level=2]"})


def test_entity_in_flowing_water_gains_water_push_times_mean_flow() -> None:
    """Motion += 0.014 × normalize(mean of the two cells' flows); touching water, fall reset, depth stored."""
    world = flowing_channel()
    e = Cube(1, Vec3(1.0, 64.0, 0.5), Vec3(0.0, -0.1, 0.0))
    e.fall_distance = 3.0
    flow0 = Vec3(f32(H8 - H7), 0.0, 0.0).normalize()
    flow1 = Vec3(f32(H7 - H6) - f32(H7 - H8), 0.0, f32(H7 - H6)).normalize()
    push = flow0.plus(flow1).multiply(0.5, 0.5, 0.5).normalize()
    assert update_water_state(e, world, V1165) is True
    assert e.motion == Vec3(push.x * 0.014, -0.1 + push.y * 0.014, push.z * 0.014)
    assert e.touching_water and e.fall_distance == 0.0
    assert e.fluid_height == {"water": f32(64.0 + H8) - (64.0 + 0.001), "lava": 0.0}


def test_trace_records_one_flow_segment_per_counted_cell() -> None:
    """With a recorder, each counted cell adds a fluid_flow segment from its centre along its flow."""
    world = flowing_channel()
    e = Cube(1, Vec3(1.0, 64.0, 0.5))
    rec = Recorder(EntityTick(1, e.TYPE))
    rec.begin(e, StageInfo("fluid_push", "Entity.updateWaterState", "F"))
    update_water_state(e, world, V1165, rec)
    rec.end(e)
    segs = rec.item.stages[0].geometry
    assert [(g["kind"], g["role"], g["a"]) for g in segs] == [
        ("segment", "fluid_flow", [0.5, 64.5, 0.5]), ("segment", "fluid_flow", [1.5, 64.5, 0.5])]
    assert segs[0]["b"] == [1.5, 64.5, 0.5]


def test_player_push_is_not_normalised_and_gets_the_minimum() -> None:
    """A player in shallow flow keeps the depth-weighted mean; below 0.0045 at rest it is raised to 0.0045."""
    world = flowing_channel()
    p = Player(1, Vec3(1.5, 64.6, 0.5))
    depth = f32(64.0 + H7) - (64.6 + 0.001)
    flow = Vec3(f32(H7 - H6) - f32(H7 - H8), 0.0, f32(H7 - H6)).normalize()
    raw = flow.multiply(depth, depth, depth).multiply(0.014, 0.014, 0.014)
    assert raw.length() < 0.0045
    assert update_movement_in_fluid(p, world, "water", 0.014, V1165) is True
    expected = raw.normalize().multiply(0.0045000000000000005, 0.0045000000000000005, 0.0045000000000000005)
    assert p.motion == expected


def lava_channel(ultrawarm: bool = False) -> World:
    return build({**floor_of(-1, 2, -1, 1), (0, 64, 0): "lava", (1, 64, 0): "lava[level=2]"}, ultrawarm)


def test_lava_push_at_rest_is_raised_to_minimum() -> None:
    """Lava's 0.0023333333333333335 push is below 0.0045, so an entity at rest gets 0.0045 instead."""
    e = Cube(1, Vec3(1.0, 64.0, 0.5))
    assert update_water_state(e, lava_channel(), V1165) is True
    minimum = 0.0045000000000000005
    assert e.motion == Vec3(7.0 / 3000.0, 0.0, 0.0).normalize().multiply(minimum, minimum, minimum)
    assert not e.touching_water


def test_lava_push_when_moving() -> None:
    """Moving (|vx| ≥ 0.003): exactly 0.0023333333333333335 along the flow; 0.007 in an ultrawarm world."""
    e = Cube(1, Vec3(1.0, 64.0, 0.5), Vec3(0.01, 0.0, 0.0))
    update_water_state(e, lava_channel(), V1165)
    assert e.motion == Vec3(0.01 + 0.0023333333333333335, 0.0, 0.0)
    hot = Cube(2, Vec3(1.0, 64.0, 0.5), Vec3(0.01, 0.0, 0.0))
    update_water_state(hot, lava_channel(ultrawarm=True), V1165)
    assert hot.motion == Vec3(0.01 + 0.007, 0.0, 0.0)


def test_fluid_cells_below_the_box_do_not_count() -> None:
    """A cell whose surface lies below the deflated box's bottom neither touches nor pushes."""
    world = flowing_channel()
    e = Cube(1, Vec3(1.0, 64.9, 0.5))
    assert update_water_state(e, world, V1165) is False
    assert e.motion == Vec3(0.0, 0.0, 0.0) and not e.touching_water


def test_unloaded_region_leaves_motion_untouched() -> None:
    """Above the build limit the region is not loaded: no push, no contact."""
    world = build({(0, 255, 0): "water"})
    e = Cube(1, Vec3(0.5, 256.5, 0.5), Vec3(0.0, 0.001, 0.0))
    assert update_movement_in_fluid(e, world, "water", 0.014, V1165) is False
    assert e.motion == Vec3(0.0, 0.001, 0.0)


def test_submerged_when_water_surface_is_above_eye_minus_ninth() -> None:
    """submerged_in_water: the cell at eye Y - 0.11111111F holds water whose surface is above that Y."""
    world = build({(0, 64, 0): "water", (0, 65, 0): "water", (5, 64, 0): "water"})
    deep = Cube(1, Vec3(0.5, 64.2, 0.5))
    update_submerged_in_water_state(deep, world, V1165)
    assert deep.submerged_in_water
    shallow = Cube(2, Vec3(5.5, 64.2, 0.5))
    assert 64.2 + shallow.eye_height - 0.1111111119389534 > 64.0 + H8
    update_submerged_in_water_state(shallow, world, V1165)
    assert not shallow.submerged_in_water
    low = Cube(3, Vec3(5.5, 64.0, 0.5))
    update_submerged_in_water_state(low, world, V1165)
    assert low.submerged_in_water
    assert fluid_at(world, 5, 65, 0).fluid is None


def test_holds_fluid_agrees_with_fluid_state_on_every_block_state() -> None:
    """The start-up table of fluid-holding states (World) asks `holds_fluid`; the ticks ask `fluid_state`."""
    states = all_states()
    assert [holds_fluid(s) for s in states] == [fluid_state(s).fluid is not None for s in states]
    assert sum(map(holds_fluid, states)) > 1000  # water and lava levels, waterlogged states, water plants
