"""Pistons (spec 04 §8): scene actions, block events, B36 progress and live shapes, pushing, launching, squeezing,
honey drag, the 0.51 clamp, and the trace geometry; figures M4 and P10 of spec 09."""

from __future__ import annotations

from typing import Any

import pytest

from engine.geometry.box import Box, Vec3
from engine.geometry.shapes import VoxelShape
from engine.tick.scene import SceneError, load_scene, load_scene_text
from engine.tick.simulation import Simulation
from engine.world.world import World
from tests.conftest import SCENES_DIR, build_scene


def piston_scene(blocks: list[dict[str, Any]], actions: list[dict[str, Any]],
                 entities: list[dict[str, Any]] = ()) -> Simulation:
    return build_scene(blocks=blocks, entities=entities, actions=actions)


def extend(tick: int, at: list[int], **extra: Any) -> dict[str, Any]:
    return {"tick": tick, "do": "piston_extend", "at": at, **extra}


def retract(tick: int, at: list[int], **extra: Any) -> dict[str, Any]:
    return {"tick": tick, "do": "piston_retract", "at": at, **extra}


def block_at(sim: Simulation, x: int, y: int, z: int) -> str:
    return str(sim.world.get_block_state(x, y, z))


def column(sim: Simulation, x: int, ys: range, z: int = 0) -> list[str]:
    return [sim.world.get_block_state(x, y, z).block for y in ys]


def b36_progress(sim: Simulation) -> dict[tuple[int, int, int], float]:
    return {be.pos: be.progress for be in sim.world.block_entities.ticking}


def live_shape(world: World, x: int, y: int, z: int) -> VoxelShape:
    """The cell's live collision shape (`World.get_collision_shape`)."""
    return world.get_collision_shape(world.get_block_state(x, y, z), x, y, z)


UP_PISTON = {"at": [0, 1, 0], "block": "minecraft:piston[facing=up]"}


def test_piston_action_needs_a_piston_and_a_known_phase() -> None:
    """Scene errors are one line naming the key."""
    with pytest.raises(SceneError, match=r"actions\[0\]\.at: no piston or sticky_piston at \[0, 1, 0\]"):
        piston_scene([], [extend(1, [0, 1, 0])])
    with pytest.raises(SceneError, match=r"actions\[0\]\.phase: expected one of"):
        piston_scene([UP_PISTON], [extend(1, [0, 1, 0], phase="later")])
    with pytest.raises(SceneError, match=r"actions\[0\]\.power: unknown key"):
        piston_scene([UP_PISTON], [extend(1, [0, 1, 0], power=15)])


def test_extension_timeline_progress_half_then_one_then_blocks_arrive_in_the_third_tick() -> None:
    """Spec 04 §8.1: B36s appear in the block-event phase of gt 1 (progress 0), reach 0.5 and 1.0 in the
    block-entity phases of gt 1 and 2, and are replaced by the moved blocks in that of gt 3. The farthest block's
    B36 ticks first, the head's last."""
    sim = piston_scene([UP_PISTON, {"at": [0, 2, 0], "block": "minecraft:stone"}], [extend(1, [0, 1, 0])])
    sim.tick()
    assert block_at(sim, 0, 1, 0) == "minecraft:piston[extended=true,facing=up]"
    assert column(sim, 0, range(2, 4)) == ["moving_piston", "moving_piston"]
    assert list(b36_progress(sim).items()) == [((0, 3, 0), 0.5), ((0, 2, 0), 0.5)]
    sim.tick()
    assert b36_progress(sim) == {(0, 3, 0): 1.0, (0, 2, 0): 1.0}
    sim.tick()
    assert b36_progress(sim) == {}
    assert block_at(sim, 0, 2, 0) == "minecraft:piston_head[facing=up,short=false,type=normal]"
    assert block_at(sim, 0, 3, 0) == "minecraft:stone"


def test_retraction_sticky_pulls_and_normal_leaves_the_block() -> None:
    """PistonBlock.onSyncedBlockEvent type 1: a sticky piston pulls the block in front of its head back."""
    for kind, expect in (("sticky_piston", ["stone", "air"]), ("piston", ["air", "stone"])):
        sim = piston_scene([{"at": [0, 1, 0], "block": f"minecraft:{kind}[facing=up]"},
                            {"at": [0, 2, 0], "block": "minecraft:stone"}],
                           [extend(1, [0, 1, 0]), retract(4, [0, 1, 0])])
        for _ in range(6):
            sim.tick()
        assert block_at(sim, 0, 1, 0) == f"minecraft:{kind}[extended=false,facing=up]"
        assert column(sim, 0, range(2, 4)) == expect


def test_push_limit_is_12_blocks() -> None:
    """PistonHandler: 12 blocks move, 13 do not (the piston stays retracted)."""
    for n, moves in ((12, True), (13, False)):
        sim = piston_scene([UP_PISTON, {"from": [0, 2, 0], "to": [0, 1 + n, 0], "block": "minecraft:stone"}],
                           [extend(1, [0, 1, 0])])
        for _ in range(3):
            sim.tick()
        assert (block_at(sim, 0, 1, 0) == "minecraft:piston[extended=true,facing=up]") is moves
        assert (sim.world.get_block_state(0, 2 + n, 0).block == "stone") is moves


def test_slime_drags_its_neighbours_but_not_honey() -> None:
    """Sticky groups (spec 04 §8): slime moves the stone beside it; slime and honey do not stick together."""
    sim = piston_scene([{"at": [0, 1, 0], "block": "minecraft:piston[facing=east]"},
                        {"at": [1, 1, 0], "block": "minecraft:slime_block"},
                        {"at": [1, 2, 0], "block": "minecraft:stone"},
                        {"at": [1, 1, 1], "block": "minecraft:honey_block"}], [extend(1, [0, 1, 0])])
    for _ in range(3):
        sim.tick()
    assert [sim.world.get_block_state(x, 1, 0).block for x in (1, 2)] == ["piston_head", "slime_block"]
    assert [sim.world.get_block_state(x, 2, 0).block for x in (1, 2)] == ["air", "stone"]
    assert [sim.world.get_block_state(x, 1, 1).block for x in (1, 2)] == ["honey_block", "air"]


def test_obsidian_blocks_the_push_and_a_flower_is_destroyed() -> None:
    """PistonBlock.isMovable: obsidian is immovable; a DESTROY block in front of the line is broken."""
    sim = piston_scene([UP_PISTON, {"at": [0, 2, 0], "block": "minecraft:stone"},
                        {"at": [0, 3, 0], "block": "minecraft:obsidian"}], [extend(1, [0, 1, 0])])
    sim.tick()
    assert block_at(sim, 0, 1, 0) == "minecraft:piston[extended=false,facing=up]"
    sim = piston_scene([UP_PISTON, {"at": [0, 2, 0], "block": "minecraft:stone"},
                        {"at": [0, 3, 0], "block": "minecraft:poppy"}], [extend(1, [0, 1, 0])])
    for _ in range(3):
        sim.tick()
    assert column(sim, 0, range(2, 5)) == ["piston_head", "stone", "air"]


def test_zero_tick_pulse_moves_the_block_without_animation() -> None:
    """Spec 04 §8.6: extend then retract in one tick's block-event phase; the sticky piston's type-2 event
    finishes the pushed block's B36 at once (the block arrives, nothing is pulled) and the base retracts."""
    sim = piston_scene([{"at": [0, 1, 0], "block": "minecraft:sticky_piston[facing=up]"},
                        {"at": [0, 2, 0], "block": "minecraft:stone"}],
                       [extend(1, [0, 1, 0]), retract(1, [0, 1, 0], phase="block_events")])
    sim.tick()
    assert column(sim, 0, range(1, 4)) == ["moving_piston", "air", "stone"]
    for _ in range(2):
        sim.tick()
    assert block_at(sim, 0, 1, 0) == "minecraft:sticky_piston[extended=false,facing=up]"


def test_live_shape_of_a_half_moved_block_catches_a_falling_tnt() -> None:
    """Spec 04 §8.1, §8.6: a B36's collision shape is its block offset by (progress - 1) along the facing; at
    progress 0.5 a TNT falling onto the half-moved stone lands on it (the data shape of moving_piston is empty)."""
    sim = piston_scene([{"at": [0, 1, 0], "block": "minecraft:piston[facing=east]"},
                        {"at": [1, 1, 0], "block": "minecraft:stone"}], [extend(1, [0, 1, 0])],
                       [{"type": "tnt", "pos": [2.49, 2.05, 0.5], "fuse": 100}])
    sim.tick()
    assert live_shape(sim.world, 2, 1, 0).boxes == (Box(-0.5, 0.0, 0.0, 0.5, 1.0, 1.0),)
    tnt = sim.entity_by_id(1)
    assert tnt.pos.y > 2.0
    sim.tick()
    assert tnt.pos.y == 2.0 and tnt.on_ground


def test_b36_moving_in_the_push_direction_is_no_obstacle_but_a_retracting_base_keeps_its_box() -> None:
    """PistonBlockEntity.getCollisionShape with MOVEMENT_DIRECTION (spec 04 §8.6): while an entity is pushed in
    a B36's movement direction and progress < 1 only a retracting base's 12/16 box remains."""
    sim = piston_scene([UP_PISTON, {"at": [0, 2, 0], "block": "minecraft:stone"}],
                       [extend(1, [0, 1, 0]), retract(4, [0, 1, 0])])
    sim.tick()
    world = sim.world
    up = world.block_entities.get((0, 3, 0)).get_movement_direction()
    assert live_shape(world, 0, 3, 0).boxes == (Box(0.0, -0.5, 0.0, 1.0, 0.5, 1.0),)
    world.movement_direction = up
    assert live_shape(world, 0, 3, 0).is_empty
    world.movement_direction = up.opposite
    assert not live_shape(world, 0, 3, 0).is_empty
    world.movement_direction = None
    for _ in range(3):
        sim.tick()
    base = world.block_entities.get((0, 1, 0))
    assert not base.extending and base.source and base.progress == 0.5
    world.movement_direction = base.get_movement_direction()
    assert live_shape(world, 0, 1, 0).boxes == (Box(0.0, 0.0, 0.0, 1.0, 0.75, 1.0),)
    world.movement_direction = None


def test_push_leaves_the_entity_0_01_ahead_of_the_new_box() -> None:
    """Spec 04 §8.2: pushes of min(overlap, 0.5) + 0.01; Motion unchanged."""
    sim = piston_scene([UP_PISTON, {"at": [0, 2, 0], "block": "minecraft:stone"}], [extend(1, [0, 1, 0])],
                       [{"type": "tnt", "pos": [0.5, 3.0, 0.5], "fuse": 100, "no_gravity": True}])
    tnt = sim.entity_by_id(1)
    sim.tick()
    assert tnt.pos.y == 3.0 + 0.51 and tnt.motion.y == 0.0
    sim.tick()
    assert tnt.pos.y == 3.51 + (4.0 - 3.51 + 0.01)


def pushes(record: Any) -> list[dict[str, Any]]:
    return [g for item in record.phase("block_entities").items for s in item.stages for g in s.geometry
            if g["role"] == "piston_push"]


def test_two_pistons_in_one_tick_push_0_51_in_all_with_the_clamp_marked() -> None:
    """Spec 04 §8.6, scene piston_clamp_two_pistons: 0.31 by the first B36, then 0.5 asked by the second but
    only 0.2 left: the net push is 0.51 and the second push is traced as clamped."""
    sim = load_scene(SCENES_DIR / "piston_clamp_two_pistons.toml")
    sim.trace_enabled = True
    tnt = sim.entity_by_id(1)
    sim.tick()
    start = tnt.box.min_x
    record = sim.tick()
    assert tnt.box.min_x - start == pytest.approx(0.51, abs=1e-12)
    first, second = pushes(record)
    assert first["asked"][0] == pytest.approx(0.31, abs=1e-6) and not first["clamped"]
    assert second["asked"][0] == pytest.approx(0.5, abs=1e-12) and second["clamped"]
    items = [it for it in record.phase("block_entities").items if it.entity_id is None]
    assert len(items) == 4 and all({g["role"] for g in it.geometry} == {"b36_box", "b36_sweep"} for it in items)


def test_slime_launcher_sets_motion_to_1_and_pushes_0_51() -> None:
    """Spec 04 §8.3, scene slime_launcher: Y Motion becomes exactly 1 whatever it was; the push adds 0.51."""
    sim = load_scene(SCENES_DIR / "slime_launcher.toml")
    tnt = sim.entity_by_id(1)
    sim.tick()
    assert tnt.motion.y == 1.0 and tnt.pos.y == 3.0 + 0.51
    sim.tick()
    assert tnt.pos.y == 3.51 + (1.0 - 0.04)     # its own move only: the second run no longer reaches it


def test_honey_block_drags_a_standing_tnt_by_the_step_without_margin() -> None:
    """Spec 04 §8.5, scene piston_honey_drag: two runs of 0.5 each, no 0.01."""
    sim = load_scene(SCENES_DIR / "piston_honey_drag.toml")
    tnt = sim.entity_by_id(1)
    for _ in range(5):
        sim.tick()
    assert tnt.pos.x == 2.5 and tnt.pos.y == 1.9375


def test_m4_zero_tick_retraction_leaves_the_entity_0_02_in_front_of_the_piston() -> None:
    """Spec 09 M4, scene piston_zero_tick_squeeze: the retracting head pushes the TNT into the base's cell
    (stopped on the 12/16 base) and the squeeze moves it out to 0.01 + 0.01 above the cell."""
    sim = load_scene(SCENES_DIR / "piston_zero_tick_squeeze.toml")
    tnt = sim.entity_by_id(1)
    for _ in range(4):
        sim.tick()
        assert tnt.pos.y == pytest.approx(2.02, abs=1e-12)
    assert block_at(sim, 0, 1, 0) == "minecraft:piston[extended=false,facing=up]"


def test_p10_pearl_ends_0_01_above_the_slime_b36_top_with_motion_1() -> None:
    """Spec 09 P10: an ender pearl resting on a slime block pushed up ends 0.01 above the B36's new top."""
    sim = piston_scene([UP_PISTON, {"at": [0, 2, 0], "block": "minecraft:slime_block"}], [extend(1, [0, 1, 0])],
                       [{"type": "ender_pearl", "pos": [0.5, 3.0, 0.5]}])
    pearl = sim.entity_by_id(1)
    sim.tick()
    b36_top = 4.0 + sim.world.block_entities.get((0, 3, 0)).get_amount_extended(0.5)   # cell top + offset
    assert b36_top == 3.5
    assert pearl.box.min_y == b36_top + 0.01 and pearl.motion.y == 1.0


def test_snapshot_restore_replays_a_moving_piston_exactly() -> None:
    """Rewind (style T2): a snapshot taken mid-extension replays to identical entities, blocks and B36s."""
    sim = load_scene(SCENES_DIR / "slime_launcher.toml")
    sim.tick()
    snap = sim.snapshot()

    def run() -> list[Any]:
        out = []
        for _ in range(3):
            sim.tick()
            out.append((sim.entity_by_id(1).pos, sim.entity_by_id(1).motion, column(sim, 0, range(1, 4)),
                        b36_progress(sim)))
        return out
    first = run()
    sim.restore(snap)
    assert run() == first


def test_tracing_does_not_change_what_pistons_do() -> None:
    """Trace on or off: the same states (style T2)."""
    runs = []
    for traced in (False, True):
        sim = load_scene(SCENES_DIR / "piston_clamp_two_pistons.toml")
        sim.trace_enabled = traced
        runs.append([(sim.tick(), sim.entity_by_id(1).pos)[1] for _ in range(4)])
    assert runs[0] == runs[1]


def test_pearl_correction_scene_fixes_x_y_z_and_motion_whatever_the_spread() -> None:
    """Spec 08 §3.1 (fig. 8.2.2.2's idea), scene pearl_correction: eight seeds throw the pearl with eight spreads;
    the lift's slime B36 fixes Y at 0.01 above its top (P10) with Motion Y 1, the east and south slime B36s fix X
    and Z with Motion 1: after gt 5 every run has the same position and Motion."""
    text = (SCENES_DIR / "pearl_correction.toml").read_text(encoding="utf-8")
    before, after = set(), set()
    for seed in range(8):
        sim = load_scene_text(text.replace("seed = 1", f"seed = {seed}"))
        pearl = sim.entity_by_id(2)
        for tick in range(1, 6):
            sim.tick()
            if tick == 3:
                before.add((pearl.pos.x, pearl.pos.z))
                assert pearl.pos.y == 3.01 and pearl.motion.y == 1.0        # P10: the lift's B36 top is 3.0
        assert not pearl.removed
        after.add((pearl.pos, pearl.motion))
    assert len(before) == 8
    assert after == {(Vec3(1.635, 4.970000010207295, 0.635), Vec3(0.9900000095367432, 0.9204000199310483, 1.0))}


def test_blocks_override_their_material_s_push_reaction() -> None:
    """`getPistonBehavior` overrides (1.16.5): a rail and an end rod (AbstractRailBlock, EndRodBlock: NORMAL in a
    material that breaks) move one block east; a pressure plate, a bell and a lantern (DESTROY overrides; the bell's
    read before its block entity would keep the piston in) break, the head taking their cell."""
    sim = load_scene(SCENES_DIR / "piston_push_reactions.toml")
    for _ in range(4):
        sim.tick()
    row = {z: [sim.world.get_block_state(x, 1, z).block for x in (1, 2)] for z in (0, 2, 4, 6, 8)}
    assert row == {0: ["piston_head", "rail"], 2: ["piston_head", "air"], 4: ["piston_head", "air"],
                   6: ["piston_head", "end_rod"], 8: ["piston_head", "air"]}
    # the rod's box (x 0.375..0.625 of its cell) carried the TNT east, its west face 0.01 past the rod's east face
    assert sim.entity_by_id(1).box.min_x == pytest.approx(2.635)
