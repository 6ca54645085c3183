"""Shulker boxes (spec 04 §9): `ShulkerBoxBlockEntity` with its lid animation (10 gt, 0.1F steps), the live
collision shape that grows with the lid by up to 0.5 (`getBoundingBox`, read by `ShulkerBoxBlock`'s shape), and
`pushEntities`: every entity touching the lid's region is moved through `Entity.move(SHULKER_BOX)` to 0.01 ahead of
the lid, however deep inside the box it stands, with no 0.51 clamp.

Players are not simulated: a scene's `shulker_open` / `shulker_close` action stands in for a player opening or
closing the box's screen (`onOpen` / `onClose`); its block event runs in the next block-event phase.
With tracing each tick leaves a `BlockEntityTick` (the lid's box as `b36_box`, the pushed region as `b36_sweep`)
and, per moved entity, an `EntityTick` with a `piston_push` segment, as B36s do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    SHULKER_LID_TRAVEL,
    SHULKER_PROGRESS_STEP,
    SHULKER_PUSH_MARGIN,
    SHULKER_VIEWERS_EVENT,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.trace import box as gbox
from engine.core.versions import refusal
from engine.geometry.box import BlockPos, Box, Vec3
from engine.geometry.shapes import VoxelShape, from_boxes
from engine.influences.piston import BlockEvent, add_synced_block_event
from engine.influences.piston_block_entity import (
    BY_NAME,
    B36Recorder,
    Direction,
    get_intersection_size,
    push_recorder,
    record_push,
)
from engine.java.javanum import f32
from engine.world.block_entities import SHULKER_BOXES, BlockEntity, BlockEntityTick

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import PhaseRecord
    from engine.entities.entity import Entity
    from engine.world.blocks import BlockState
    from engine.world.world import World

CLOSED, OPENING, OPENED, CLOSING = "closed", "opening", "opened", "closing"   # AnimationStage
PUSH = StageInfo("shulker_push", "ShulkerBoxBlockEntity.pushEntities")
UNIT = Box(0.0, 0.0, 0.0, 1.0, 1.0, 1.0)
_SHAPES: dict[Box, VoxelShape] = {}


def shrink(b: Box, x: float, y: float, z: float) -> Box:
    """`Box.shrink`: move the max face in by a positive amount, the min face by a negative one."""
    lo, hi = [b[0], b[1], b[2]], [b[3], b[4], b[5]]
    for axis, v in enumerate((x, y, z)):
        if v < 0.0:
            lo[axis] -= v
        elif v > 0.0:
            hi[axis] -= v
    return Box.of(*lo, *hi)


class ShulkerBoxBlockEntity(BlockEntity):
    """`ShulkerBoxBlockEntity`: `animation_progress` and `prev_animation_progress` are floats."""

    TYPE = "minecraft:shulker_box"

    def __init__(self, pos: BlockPos) -> None:
        super().__init__(pos)
        self.viewer_count = 0
        self.animation_stage = CLOSED
        self.animation_progress = 0.0
        self.prev_animation_progress = 0.0

    def tick(self, sim: TickContext, phase: PhaseRecord | None) -> None:
        """`ShulkerBoxBlockEntity.tick`: advance the lid, then push while it moves (the last opening step
        pushes inside `update_animation`). Only a moving lid is traced."""
        moving = self.animation_stage in (OPENING, CLOSING)
        item = self._trace_item(sim.world) if phase is not None and moving else None
        if item is not None:
            phase.items.append(item)
        self.update_animation(sim, item, phase)
        if self.animation_stage in (OPENING, CLOSING):
            self.push_entities(sim, item, phase)
        if item is not None:
            item.summary.update(stage_after=self.animation_stage, progress_after=self.animation_progress)

    def update_animation(self, sim: TickContext, item: BlockEntityTick | None, phase: PhaseRecord | None) -> None:
        """`updateAnimation` (spec 04 §9, spec 09 M5): ±0.1F a tick; opening pushes once more on reaching 1 and
        stops there; closing stops at 0."""
        self.prev_animation_progress = self.animation_progress
        if self.animation_stage == CLOSED:
            self.animation_progress = 0.0
        elif self.animation_stage == OPENING:
            self.animation_progress = f32(self.animation_progress + SHULKER_PROGRESS_STEP)
            if self.animation_progress >= 1.0:
                self.push_entities(sim, item, phase)
                self.animation_stage = OPENED
                self.animation_progress = 1.0
        elif self.animation_stage == CLOSING:
            self.animation_progress = f32(self.animation_progress - SHULKER_PROGRESS_STEP)
            if self.animation_progress <= 0.0:
                self.animation_stage = CLOSED
                self.animation_progress = 0.0
        else:
            self.animation_progress = 1.0

    def get_animation_progress(self, tick_delta: float) -> float:
        """`getAnimationProgress`: lerp of the previous and current progress (float)."""
        return f32(self.prev_animation_progress
                   + f32(tick_delta * f32(self.animation_progress - self.prev_animation_progress)))

    def get_bounding_box(self, facing: Direction) -> Box:
        """`getBoundingBox(Direction)`: the unit cube stretched by 0.5F · progress towards `facing`."""
        f = f32(SHULKER_LID_TRAVEL * self.get_animation_progress(1.0))
        o = facing.offset
        return UNIT.stretch(f * o[0], f * o[1], f * o[2])

    def get_collision_box(self, facing: Direction) -> Box:
        """`getCollisionBox`: the lid's region beyond the cell, from the cell face to the lid."""
        back = facing.opposite.offset
        return shrink(self.get_bounding_box(facing), *map(float, back))

    def get_collision_shape(self, state: BlockState) -> VoxelShape:
        """`ShulkerBoxBlock.getOutlineShape` (its collision shape): `VoxelShapes.cuboid(getBoundingBox)`."""
        b = self.get_bounding_box(BY_NAME[state.get("facing")])
        shape = _SHAPES.get(b)
        if shape is None:
            shape = _SHAPES[b] = from_boxes([b])
        return shape

    def push_entities(self, sim: TickContext, item: BlockEntityTick | None, phase: PhaseRecord | None) -> None:
        """`pushEntities` (spec 04 §9): every entity intersecting the lid's region, but those pistons ignore, is
        moved along `facing` to 0.01 beyond the lid, measured from its far face: an entity deep in the box comes
        out whole. `Entity.move(SHULKER_BOX)` has no 0.51 clamp."""
        world = sim.world
        state = world.get_block_state(*self.pos)
        if state.block not in SHULKER_BOXES:
            return
        facing = BY_NAME[state.get("facing")]
        region = self.get_collision_box(facing).offset(*map(float, self.pos))
        if item is not None:
            item.geometry.append(gbox("b36_sweep", region, pos=list(self.pos)))
        for e in world.get_entities(None, region):
            if e.get_piston_behavior() == "ignore":
                continue
            if "shulker_box" in sim.features.refused:
                raise refusal(sim.features, "shulker_box", f"the shulker box at {self.pos}, tick {sim.tick_count}")
            amount = get_intersection_size(region, facing, e.box) + SHULKER_PUSH_MARGIN
            o = facing.offset
            rec = push_recorder(e, item, phase)
            run_stage(rec, e, PUSH, shulker_move, sim, e, Vec3(amount * o[0], amount * o[1], amount * o[2]), rec)

    def on_synced_block_event(self, kind: int, data: int) -> bool:
        """`onSyncedBlockEvent`: type 1 sets the viewer count; 0 starts closing, 1 starts opening."""
        if kind != SHULKER_VIEWERS_EVENT:
            return False
        self.viewer_count = data
        if data == 0:
            self.animation_stage = CLOSING
        if data == 1:
            self.animation_stage = OPENING
        return True

    # --- trace ---
    def _trace_item(self, world: World) -> BlockEntityTick:
        """The box's record for this tick: its stage, progress and current collision box."""
        item = BlockEntityTick(self.pos, self.TYPE, {"stage": self.animation_stage,
                                                     "progress": self.animation_progress})
        state = world.get_block_state(*self.pos)
        if state.block in SHULKER_BOXES:
            item.geometry = [gbox("b36_box", b.offset(*map(float, self.pos)), pos=list(self.pos))
                             for b in self.get_collision_shape(state).boxes]
        return item


def shulker_move(sim: TickContext, e: Entity, movement: Vec3, rec: B36Recorder | None) -> None:
    """`Entity.move(SHULKER_BOX, movement)`: cobwebs, collisions and block effects apply; no piston clamp."""
    start = e.box.bottom_center()
    e.move_by_shulker_box(sim, movement, rec)
    if rec is not None:
        record_push(rec, start, e, movement, False)


def on_open(sim: TickContext, be: ShulkerBoxBlockEntity) -> None:
    """`onOpen` for a player opening the box's screen: one more viewer, a synced block event with the count;
    the first viewer's sound draws from the world Random."""
    be.viewer_count = max(be.viewer_count, 0) + 1
    state = sim.world.get_block_state(*be.pos)
    add_synced_block_event(sim.world, BlockEvent(be.pos, state.block, SHULKER_VIEWERS_EVENT, be.viewer_count))
    if be.viewer_count == 1:
        sim.random.discard_floats()        # World.playSound pitch


def on_close(sim: TickContext, be: ShulkerBoxBlockEntity) -> None:
    """`onClose`: one viewer less, a synced block event with the count; the sound when none is left."""
    be.viewer_count -= 1
    state = sim.world.get_block_state(*be.pos)
    add_synced_block_event(sim.world, BlockEvent(be.pos, state.block, SHULKER_VIEWERS_EVENT, be.viewer_count))
    if be.viewer_count <= 0:
        sim.random.discard_floats()        # World.playSound pitch


def can_open(world: World, state: BlockState, be: ShulkerBoxBlockEntity) -> bool:
    """`ShulkerBoxBlock.onUse`'s test: a closed box opens only if the lid's full region in the next cell is free
    of block collision shapes (solid entities such as boats are not checked here)."""
    if be.animation_stage != CLOSED:
        return True
    facing = BY_NAME[state.get("facing")]
    o = facing.offset
    lid = shrink(UNIT.stretch(SHULKER_LID_TRAVEL * o[0], SHULKER_LID_TRAVEL * o[1], SHULKER_LID_TRAVEL * o[2]),
                 *map(float, o))
    x, y, z = be.pos
    return world.is_space_empty(lid.offset(float(x + o[0]), float(y + o[1]), float(z + o[2])))
