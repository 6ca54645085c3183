"""The world's height by release and dimension (engine/world/dimensions.py): the void and the falling-block drop,
run as scenes; `scene.dimension` read and written."""

from __future__ import annotations

import pytest

from engine.tick.scene import SceneError, load_scene_text
from engine.tick.scene_writer import scene_document
from tests.conftest import scene_toml


def _falling_item(version: str, y: float, dimension: str | None = None) -> bool:
    """Whether an item falling from `y` is still in the world after its first tick (the void test)."""
    head = {"version": version} | ({"dimension": dimension} if dimension else {})
    sim = load_scene_text(scene_toml(scene=head, entities=[{"type": "minecraft:item", "pos": [0.5, y, 0.5],
                                                            "motion": [0.0, -0.1, 0.0], "id": 1}]))
    sim.tick()
    e = sim.entity_by_id(1)
    return e is not None and not e.removed


@pytest.mark.parametrize(("version", "dimension", "kept_at", "removed_at"), [
    ("1.16.5", None, -63.9, -64.1),
    ("1.17.1", "overworld", -63.9, -64.1),
    ("1.18", "overworld", -127.9, -128.1),
    ("1.18", "the_nether", -63.9, -64.1),
    ("1.21.11", "the_end", -63.9, -64.1),
])
def test_the_void_starts_64_below_the_dimension_s_bottom(version: str, dimension: str | None, kept_at: float,
                                                         removed_at: float) -> None:
    """`attemptTickInVoid` after the base tick's move-free checks: the position before the move counts."""
    assert _falling_item(version, kept_at, dimension)
    assert not _falling_item(version, removed_at, dimension)


def _hovering_sand(version: str, y: float, dimension: str) -> bool:
    """Whether a hovering falling block in row y is still there after its 101st tick."""
    sim = load_scene_text(scene_toml(scene={"version": version, "dimension": dimension}, entities=[
        {"type": "minecraft:falling_block", "id": 1, "pos": [0.5, y + 0.5, 0.5], "block_state": "minecraft:sand",
         "no_gravity": True, "time": 100}]))
    sim.tick()
    e = sim.entity_by_id(1)
    return e is not None and not e.removed


@pytest.mark.parametrize(("version", "dimension", "rows_kept", "rows_dropped"), [
    ("1.16.5", "overworld", (1, 256), (0, 257)),
    ("1.18", "overworld", (-63, 320), (-64, 321)),
    ("1.21.2", "overworld", (-63, 319), (-64, 320)),
    ("1.21.2", "the_nether", (1, 255), (0, 256)),
])
def test_a_falling_block_drops_after_100_ticks_outside_its_dimension(version: str, dimension: str,
                                                                      rows_kept: tuple[int, int],
                                                                      rows_dropped: tuple[int, int]) -> None:
    """`timeFalling > 100 && (y <= getBottomY() || y > getTopY())` (1.21.2: `getTopYInclusive()`)."""
    assert all(_hovering_sand(version, y, dimension) for y in rows_kept)
    assert not any(_hovering_sand(version, y, dimension) for y in rows_dropped)


@pytest.mark.parametrize("version", ["1.18.1", "1.18.2"])
def test_sand_falling_from_its_block_from_1_18_2_takes_the_block_at_once_and_is_not_lifted(version: str) -> None:
    sim = load_scene_text(scene_toml(scene={"version": version},
                                     blocks=[{"at": [0, 10, 0], "block": "minecraft:sand"}],
                                     spawns=[{"kind": "falling_block_from_block", "at": [0, 10, 0]}]))
    sand = sim.entity_by_id(1)
    new = version == "1.18.2"
    assert sim.world.get_block_state(0, 10, 0).is_air == new
    assert (sand.pos.y == 10.0) == new and (sand.pos.y > 10.0) != new
    sim.tick()
    assert sim.world.get_block_state(0, 10, 0).is_air and not sand.removed


def test_a_waterlogged_block_leaves_its_water_when_it_starts_falling_in_1_18_2() -> None:
    """`spawnFromBlock`: the cell takes the state's fluid (a water source); the entity's block is no longer
    waterlogged."""
    sim = load_scene_text(scene_toml(scene={"version": "1.18.2"}, blocks=[
        {"at": [0, 10, 0], "block": "minecraft:oak_slab[type=bottom,waterlogged=true]"}],
        spawns=[{"kind": "falling_block_from_block", "at": [0, 10, 0]}]))
    assert str(sim.world.get_block_state(0, 10, 0)) == "minecraft:water[level=0]"
    assert sim.entity_by_id(1).block_state.get("waterlogged") == "false"


def test_the_dimension_is_read_written_and_checked() -> None:
    sim = load_scene_text(scene_toml(scene={"dimension": "the_end"}))
    assert sim.world.dimension == "the_end" and not sim.world.ultrawarm
    assert scene_document(sim)["scene"]["dimension"] == "the_end"
    nether = load_scene_text(scene_toml(scene={"ultrawarm": True}))
    assert nether.world.dimension == "the_nether"
    assert load_scene_text(scene_toml(scene={"dimension": "the_nether"})).world.ultrawarm
    with pytest.raises(SceneError, match="scene.dimension: expected one of overworld, the_nether, the_end"):
        load_scene_text(scene_toml(scene={"dimension": "nether"}))


def test_the_world_a_traced_tnt_tick_is_replayed_in_keeps_the_dimension() -> None:
    world = load_scene_text(scene_toml(scene={"dimension": "the_end"})).world
    assert world.blocks_copy().dimension == "the_end"
    assert world.blocks_copy(share=True).dimension == "the_end"


@pytest.mark.parametrize("version", ["1.16.5", "1.17"])
def test_a_dropped_item_draws_its_motion_from_the_random_its_release_uses(version: str) -> None:
    """A formula test of `new ItemEntity(world, x, y, z, stack)`: up to 1.16.5 its own Random draws the yaw and the
    Motion's two doubles; from 1.17 the world's Random draws the Motion and the item's own draws uniqueOffset and
    the yaw in the entity type's constructor."""
    from engine.entities.item import spawn_dropped
    from engine.java.javanum import f32
    from engine.java.jrandom import JavaRandom

    sim = load_scene_text(scene_toml(scene={"version": version, "seed": 5}))
    world_before = sim.random.get_state()
    item = spawn_dropped(sim, 0.5, 10.0, 0.5, "minecraft:stone")
    own = JavaRandom(sim.entity_seed(item.id))
    motion_source = JavaRandom(0)
    if version == "1.17":
        motion_source.set_state(world_before)
        own.next_float()
    else:
        motion_source = own
    assert item.yaw == f32(own.next_float() * 360.0)
    assert tuple(item.motion) == (motion_source.next_double() * 0.2 - 0.1, 0.2,
                                  motion_source.next_double() * 0.2 - 0.1)
    assert (sim.random.get_state() == world_before) == (version == "1.16.5")
