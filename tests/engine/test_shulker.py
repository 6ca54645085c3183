"""Shulker boxes (spec 04 §9): the open/close actions, the 10-gt lid animation and its 0.5 travel (figure M5),
the live collision shape, pushing without the 0.51 clamp, and the sinking armor stand of spec 08 §5.1 (M7)."""

from __future__ import annotations

import pytest

from engine.geometry.box import Box
from engine.influences.shulker_box import CLOSED, OPENED, OPENING, ShulkerBoxBlockEntity
from engine.java.javanum import f32
from engine.tick.scene import SceneError, load_scene
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, build_scene


def box_scene(facing: str = "up", entities: list[dict] = (), actions: list[dict] | None = None) -> Simulation:
    return build_scene(blocks=[{"at": [0, 1, 0], "block": f"minecraft:shulker_box[facing={facing}]"}],
                       entities=entities,
                       actions=actions if actions is not None else [{"tick": 1, "do": "shulker_open",
                                                                      "at": [0, 1, 0]}])


def shape(sim: Simulation) -> tuple[Box, ...]:
    world = sim.world
    return world.get_collision_shape(world.get_block_state(0, 1, 0), 0, 1, 0).boxes


def test_placing_a_shulker_box_gives_it_a_block_entity_and_removing_it_takes_it_away() -> None:
    """`WorldChunk.setBlockState`: a shulker box gets its block entity; another block in its place drops it."""
    sim = box_scene(actions=[])
    be = sim.world.block_entities.get((0, 1, 0))
    assert isinstance(be, ShulkerBoxBlockEntity) and be.animation_stage == CLOSED
    assert shape(sim) == (Box(0.0, 0.0, 0.0, 1.0, 1.0, 1.0),)
    sim.world.set_block_state(0, 1, 0, sim.world.get_block_state(0, 0, 0))
    assert sim.world.block_entities.get((0, 1, 0)) is None and len(sim.world.block_entities) == 0


def test_m5_the_lid_opens_in_10_gt_by_0_1_and_travels_0_5_then_closes_in_10_gt() -> None:
    """Spec 09 M5: the player opens at gt 1; the block event starts the lid at gt 2; progress +0.1F per gt, opened
    at the 10th run (gt 11) with the shape grown by 0.5 towards the facing; closing takes 10 runs back."""
    sim = box_scene(actions=[{"tick": 1, "do": "shulker_open", "at": [0, 1, 0]},
                             {"tick": 12, "do": "shulker_close", "at": [0, 1, 0]}])
    be = sim.world.block_entities.get((0, 1, 0))
    sim.tick()
    assert be.animation_stage == CLOSED and be.viewer_count == 1
    progress = []
    for _ in range(10):
        sim.tick()
        progress.append(be.animation_progress)
    assert be.animation_stage == OPENED and progress[-1] == 1.0
    expected, p = [], 0.0
    for _ in range(9):
        p = f32(p + f32(0.1))
        expected.append(p)
    assert progress[:9] == expected
    assert shape(sim) == (Box(0.0, 0.0, 0.0, 1.0, 1.5, 1.0),)
    sim.tick()                                   # gt 12: the close action; its block event runs at gt 13
    runs = 0
    while be.animation_stage != CLOSED:
        sim.tick()
        runs += 1
    assert runs == 10 and shape(sim) == (Box(0.0, 0.0, 0.0, 1.0, 1.0, 1.0),)


def test_live_shape_grows_towards_the_facing() -> None:
    """`getBoundingBox`: the unit cube stretched by 0.5F · progress along the facing, also downwards."""
    sim = box_scene("down")
    for _ in range(6):
        sim.tick()
    be = sim.world.block_entities.get((0, 1, 0))
    assert be.animation_progress == 0.5
    assert shape(sim) == (Box(0.0, -0.25, 0.0, 1.0, 1.0, 1.0),)


def test_an_entity_inside_the_box_comes_out_whole_without_the_0_51_clamp() -> None:
    """Spec 04 §9 points 3 and 4: a TNT sunk into the box up to 0.2 above its floor is moved to 0.01 above the lid
    at the first run: 2.05 − 1.2 + 0.01 = 0.86 in one gt, more than a piston's 0.51."""
    sim = box_scene(entities=[{"type": "tnt", "pos": [0.5, 1.2, 0.5], "fuse": 100, "no_gravity": True}])
    tnt = sim.entity_by_id(1)
    sim.tick()
    assert tnt.pos.y == 1.2
    sim.tick()
    lid = 2.0 + f32(0.5 * f32(0.1))
    assert tnt.pos.y == pytest.approx(lid + 0.01, abs=1e-12)
    assert tnt.pos.y - 1.2 > 0.51


def test_m7_sinking_armor_stand_moves_a_twentieth_of_each_push_and_ends_inside_the_box() -> None:
    """Spec 08 §5.1, spec 09 M7, scene shulker_armor_stand_cobweb: each lid run asks the stand to move to 0.01
    above the lid; the cobweb scales the move by 0.05F, so the stand falls behind the lid, and once the lid is
    open the stand, inside the box's shape, sinks through it."""
    sim = load_scene(SCENES_DIR / "shulker_armor_stand_cobweb.toml")
    stand = sim.entity_by_id(1)
    be = sim.world.block_entities.get((0, 1, 0))
    sim.tick()
    assert stand.pos.y == 2.0
    progress = 0.0                               # the last run pushes at 1.0000001F, before the stage ends
    while True:
        y = stand.pos.y
        sim.tick()
        progress = f32(progress + f32(0.1))
        lid_top = 2.0 + f32(0.5 * progress)
        asked = lid_top - y + 0.01
        assert stand.pos.y - y == pytest.approx(asked * 0.05000000074505806, rel=1e-9)   # the cobweb's 0.05F
        if be.animation_stage == OPENED:
            break
        assert be.animation_stage == OPENING
    opened_at = stand.pos.y
    assert opened_at < 2.5 - 0.35                          # the lid is 0.38 above the stand's feet
    for _ in range(20):
        sim.tick()
    assert stand.pos.y < opened_at and stand.box.intersects(Box(0.0, 1.0, 0.0, 1.0, 2.5, 1.0))


def test_shulker_actions_need_a_shulker_box() -> None:
    with pytest.raises(SceneError, match=r"actions\[0\]\.at: no shulker box at \[0, 1, 0\]"):
        build_scene(actions=[{"tick": 1, "do": "shulker_open", "at": [0, 1, 0]}])


def test_a_block_above_keeps_the_box_closed() -> None:
    """`ShulkerBoxBlock.onUse`: a closed box does not open when the lid's region next to it is not empty."""
    sim = build_scene(blocks=[{"at": [0, 1, 0], "block": "minecraft:shulker_box[facing=up]"},
                              {"at": [0, 2, 0], "block": "minecraft:stone"}],
                      actions=[{"tick": 1, "do": "shulker_open", "at": [0, 1, 0]}])
    for _ in range(3):
        sim.tick()
    be = sim.world.block_entities.get((0, 1, 0))
    assert be.animation_stage == CLOSED and be.viewer_count == 0


def test_snapshot_restore_replays_an_opening_box() -> None:
    """Rewind (style T2): a snapshot mid-opening replays to the same stand positions and lid progress."""
    sim = load_scene(SCENES_DIR / "shulker_armor_stand_cobweb.toml")
    for _ in range(4):
        sim.tick()
    snap = sim.snapshot()

    def run() -> list[tuple[float, float]]:
        out = []
        for _ in range(10):
            sim.tick()
            out.append((sim.entity_by_id(1).pos.y, sim.world.block_entities.get((0, 1, 0)).animation_progress))
        return out
    first = run()
    sim.restore(snap)
    assert run() == first


def test_trace_shows_the_lid_box_the_pushed_region_and_the_push() -> None:
    """With tracing, a moving lid's tick has its box (`b36_box`) and pushed region (`b36_sweep`), and the pushed
    entity's item a `piston_push` segment (clamped never); a closed box leaves no item."""
    sim = box_scene(entities=[{"type": "tnt", "pos": [0.5, 2.0, 0.5], "fuse": 100, "no_gravity": True}])
    sim.trace_enabled = True
    record = sim.tick()
    assert record.phase("block_entities").items == []
    record = sim.tick()
    box_item, tnt_item = record.phase("block_entities").items
    assert box_item.summary["stage"] == OPENING and box_item.pushes == [tnt_item]
    assert {g["role"] for g in box_item.geometry} == {"b36_box", "b36_sweep"}
    pushes = [g for s in tnt_item.stages for g in s.geometry if g["role"] == "piston_push"]
    assert len(pushes) == 1 and pushes[0]["clamped"] is False
