"""The moving block of a piston, "B36" (spec 04 §8): `PistonBlockEntity` with its live collision shape
(`getCollisionShape`, the `MOVEMENT_DIRECTION` rule) and its effects on entities in vanilla's order: slime launch,
push to 0.01 ahead, retracting-head squeeze, honey drag (§8.2-§8.6), every move through `Entity.move(PISTON)` with
the 0.51 clamp. With tracing each tick leaves a `BlockEntityTick` (b36_box, b36_sweep) and, for each entity it
moved, an `EntityTick` whose stages carry the `piston_push` segments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.constants import (
    HONEY_DRAG_TOP,
    HONEY_DRAG_TOP_1_20,
    MAX_UPDATE_DEPTH,
    PISTON_DELTA_CLAMP,
    PISTON_PROGRESS_STEP,
    PISTON_PUSH_MARGIN,
    PISTON_SHORT_HEAD,
    PISTON_SHORT_HEAD_1_15,
)
from engine.core.trace import EntityTick, Recorder, StageInfo, run_stage, segment
from engine.core.trace import box as gbox
from engine.core.versions import refusal
from engine.geometry.box import BlockPos, Box, Vec3, X, Y, Z
from engine.geometry.shapes import EMPTY, VoxelShape, from_boxes
from engine.java.javanum import f32
from engine.motion.move import MovementType, move
from engine.motion.supporting_block import is_supported_by
from engine.world import blocks
from engine.world.block_entities import BlockEntity, BlockEntityTick

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Geometry, PhaseRecord
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.blocks import BlockState
    from engine.world.world import World


class Direction(NamedTuple):
    """`Direction`: id order DOWN, UP, NORTH, SOUTH, WEST, EAST; `sign` is `getDirection().offset()`."""

    name: str
    id: int
    axis: int
    sign: int

    @property
    def offset(self) -> tuple[int, int, int]:
        o = [0, 0, 0]
        o[self.axis] = self.sign
        return (o[0], o[1], o[2])

    @property
    def opposite(self) -> Direction:
        return DIRECTIONS[self.id ^ 1]


DIRECTIONS = (Direction("down", 0, Y, -1), Direction("up", 1, Y, 1), Direction("north", 2, Z, -1),
              Direction("south", 3, Z, 1), Direction("west", 4, X, -1), Direction("east", 5, X, 1))
BY_NAME = {d.name: d for d in DIRECTIONS}
PISTONS = frozenset({"piston", "sticky_piston"})

LAUNCH = StageInfo("piston_launch", "PistonBlockEntity.pushEntities")
PUSH = StageInfo("piston_push", "PistonBlockEntity.pushEntities")
SQUEEZE = StageInfo("piston_squeeze", "PistonBlockEntity.push")
HONEY_DRAG = StageInfo("honey_drag", "PistonBlockEntity.method_23674")


def stretch(b: Box, d: Direction, length: float) -> Box:
    """`Boxes.stretch`: the slab of thickness `length` beyond the box's face in direction `d` (the volume it
    newly sweeps, spec 04 §8.2)."""
    v = length * d.sign
    lo, hi = min(v, 0.0), max(v, 0.0)
    c = list(b)
    face = b[d.axis + 3] if d.sign > 0 else b[d.axis]
    c[d.axis], c[d.axis + 3] = face + lo, face + hi
    return Box.of(*c)


def get_intersection_size(a: Box, d: Direction, b: Box) -> float:
    """`PistonBlockEntity.getIntersectionSize`: how far `b` reaches into `a` against direction `d`."""
    return a[d.axis + 3] - b[d.axis] if d.sign > 0 else b[d.axis + 3] - a[d.axis]


def _union(a: Box, b: Box) -> Box:
    """`Box.union`: the bounding box of both."""
    return Box(min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]), max(a[4], b[4]), max(a[5], b[5]))


def _intersection(a: Box, b: Box) -> Box:
    """`Box.intersection`."""
    return Box.of(max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]), min(a[3], b[3]), min(a[4], b[4]),
                  min(a[5], b[5]))


def _bounding_box(shape: VoxelShape) -> Box:
    """`VoxelShape.getBoundingBox`."""
    bs = shape.boxes
    return Box(min(b[0] for b in bs), min(b[1] for b in bs), min(b[2] for b in bs),
               max(b[3] for b in bs), max(b[4] for b in bs), max(b[5] for b in bs))


_SHAPES: dict[tuple, VoxelShape] = {}


def _live_shape(base: VoxelShape, moving: VoxelShape, offset: tuple[float, float, float]) -> VoxelShape:
    """`VoxelShapes.union(base, moving.offset(offset))`, cached (progress takes three values)."""
    key = (id(base), id(moving), offset)
    shape = _SHAPES.get(key)
    if shape is None:
        shape = from_boxes([*base.boxes, *(b.offset(*offset) for b in moving.boxes)])
        _SHAPES[key] = shape
    return shape


class PistonBlockEntity(BlockEntity):
    """`PistonBlockEntity`: a moving block (B36). `progress` and `last_progress` are floats."""

    TYPE = "minecraft:piston"

    def __init__(self, pos: BlockPos, pushed_block: BlockState, facing: Direction, extending: bool,
                 source: bool) -> None:
        super().__init__(pos)
        self.pushed_block = pushed_block
        self.facing = facing
        self.extending = extending
        self.source = source
        self.progress = 0.0
        self.last_progress = 0.0
        self.saved_world_time = 0

    def get_progress(self, tick_delta: float) -> float:
        """`getProgress`: lerp of last and current progress (float)."""
        tick_delta = min(tick_delta, 1.0)
        return f32(self.last_progress + f32(tick_delta * f32(self.progress - self.last_progress)))

    def get_movement_direction(self) -> Direction:
        return self.facing if self.extending else self.facing.opposite

    def get_amount_extended(self, progress: float) -> float:
        """`getAmountExtended`: the block's offset from its cell along `facing` (float)."""
        return f32(progress - 1.0) if self.extending else f32(1.0 - progress)

    def get_head_block_state(self, features: Features) -> BlockState:
        """`getHeadBlockState`: a retracting piston base pushes with its head, short once past 0.25 from 1.16
        (`piston_head_short_past_quarter`); before, with the long arm in both runs (spec 00 §3.1: on the last run its
        4 px stick out behind the base)."""
        if not self.extending and self.source and self.pushed_block.block in PISTONS:
            short = features.piston_head_short_past_quarter and self.progress > PISTON_SHORT_HEAD
            return blocks.default_state("piston_head").with_("short", short) \
                .with_("type", "normal" if self.pushed_block.block == "piston" else "sticky") \
                .with_("facing", self.pushed_block.get("facing"))
        return self.pushed_block

    def get_collision_shape(self, world: World) -> VoxelShape:
        """`getCollisionShape` (spec 04 §8.6): a retracting base keeps its extended base's box; the moving part
        is offset by (float)facing * getAmountExtended(progress), and is left out while an entity is being
        pushed in this B36's movement direction and progress < 1 (`MOVEMENT_DIRECTION`). A retracting head's arm
        is short once 1 - progress < 0.25F from 1.16 (`piston_moving_long_arm`) and in 1.12.2
        (`TileEntityPiston.addCollissionAABBs`, `piston_moving_arm_quarter_1_12`), in 1.13-1.15.2 once
        1 - progress < 4.0F: always."""
        base = self.pushed_block.with_("extended", True).collision_shape \
            if not self.extending and self.source else EMPTY
        if self.progress < 1.0 and world.movement_direction == self.get_movement_direction():
            return base
        if self.source:
            features = world.features
            quarter = features.piston_moving_long_arm or features.piston_moving_arm_quarter_1_12
            moving = blocks.default_state("piston_head").with_("facing", self.facing.name) \
                .with_("short", self.extending != (f32(1.0 - self.progress) < (
                    PISTON_SHORT_HEAD if quarter else PISTON_SHORT_HEAD_1_15)))
        else:
            moving = self.pushed_block
        f = self.get_amount_extended(self.progress)
        o = self.facing.offset
        return _live_shape(base, moving.collision_shape, (o[0] * f, o[1] * f, o[2] * f))

    def offset_head_box(self, b: Box) -> Box:
        """`offsetHeadBox`: a head-local box at the block's current position."""
        d = self.get_amount_extended(self.progress)
        ox, oy, oz = self.facing.offset
        return b.offset(self.pos[0] + d * ox, self.pos[1] + d * oy, self.pos[2] + d * oz)

    def tick(self, sim: TickContext, phase: PhaseRecord | None) -> None:
        """`PistonBlockEntity.tick` (spec 04 §8.1): place the block once progress has reached 1, else advance
        by 0.5F after pushing (slime launch, push, squeeze) and honey drag, in that order (§8.6)."""
        world = sim.world
        item = self._trace_item(world) if phase is not None else None
        if item is not None:
            phase.items.append(item)
        self.saved_world_time = world.game_time
        self.last_progress = self.progress
        if self.last_progress >= 1.0:
            world.block_entities.remove(self.pos)
            self.removed = True
            if world.get_block_state(*self.pos).block == "moving_piston":
                from engine.redstone import neighbor_updates as nu  # engine.redstone imports this module
                placed = nu.post_process_state(sim, self.pushed_block, self.pos)
                if placed.is_air:   # the block cannot stay: placed as it was (flags 84), then broken (Block.replace)
                    nu.set_block_state(sim, self.pos, self.pushed_block, nu.MOVED | nu.FORCE_STATE | nu.NO_REDRAW)
                    nu.replace(sim, self.pushed_block, placed, self.pos, nu.NOTIFY_ALL, MAX_UPDATE_DEPTH)
                else:
                    if placed.properties.get("waterlogged") == "true":
                        placed = placed.with_("waterlogged", False)
                    nu.set_block_state(sim, self.pos, placed, nu.NOTIFY_ALL | nu.MOVED)      # flags 67
                    nu.update_neighbor(sim, self.pos, placed.block, self.pos)
            if item is not None:
                item.summary["finished"] = True
            return
        f = f32(self.progress + PISTON_PROGRESS_STEP)
        self.push_entities(sim, f, item, phase)
        self.move_entities_in_honey_block(sim, f, item, phase)
        self.progress = min(f, 1.0)
        if item is not None:
            item.summary["progress_after"] = self.progress

    def push_entities(self, sim: TickContext, next_progress: float, item: BlockEntityTick | None,
                      phase: PhaseRecord | None) -> None:
        """`pushEntities` (spec 04 §8.2-§8.4): every entity in the head's box or the slab it newly sweeps, but
        those pistons ignore (a marker armor stand); a slime block sets the motion along the axis to ±1; an entity
        reached by the sweep is moved to 0.01 ahead of it (at most the step); a retracting head then squeezes it
        out of the piston's cell."""
        world = sim.world
        direction = self.get_movement_direction()
        d = f32(next_progress - self.progress)
        shape = self.get_head_block_state(sim.features).collision_shape
        if shape.is_empty:
            return
        head = self.offset_head_box(_bounding_box(shape))
        entities = world.get_entities(None, _union(stretch(head, direction, d), head))
        if not entities:
            return
        if "pistons" in sim.features.refused:
            raise refusal(sim.features, "pistons", f"the moving block at {self.pos}, tick {sim.tick_count}")
        slime = self.pushed_block.block == "slime_block"
        for e in entities:
            if e.get_piston_behavior() == "ignore":
                continue
            amount = 0.0
            for b in shape.boxes:
                swept = stretch(self.offset_head_box(b), direction, d)
                if swept.intersects(e.box):
                    amount = max(amount, get_intersection_size(swept, direction, e.box))
                    if amount >= d:
                        break
            rec = push_recorder(e, item, phase) if slime or amount > 0.0 else None
            if slime:
                run_stage(rec, e, LAUNCH, launch, e, direction)
            if amount <= 0.0:
                continue
            amount = min(amount, d) + PISTON_PUSH_MARGIN
            run_stage(rec, e, PUSH, move_entity, sim, direction, e, amount, direction, rec)
            if not self.extending and self.source:
                run_stage(rec, e, SQUEEZE, self.push, sim, e, direction, d, rec)

    def push(self, sim: TickContext, e: Entity, direction: Direction, amount: float, rec: B36Recorder | None) -> None:
        """`push` (spec 04 §8.4): an entity still inside the piston's own cell is moved out of it against the
        retraction, to 0.01 + 0.01 beyond the cell face."""
        x, y, z = self.pos
        cell = Box(float(x), float(y), float(z), x + 1.0, y + 1.0, z + 1.0)
        if not e.box.intersects(cell):
            return
        back = direction.opposite
        a = get_intersection_size(cell, back, e.box) + PISTON_PUSH_MARGIN
        b = get_intersection_size(cell, back, _intersection(e.box, cell)) + PISTON_PUSH_MARGIN
        if abs(a - b) < PISTON_PUSH_MARGIN:
            move_entity(sim, direction, e, min(a, amount) + PISTON_PUSH_MARGIN, back, rec)

    def move_entities_in_honey_block(self, sim: TickContext, next_progress: float, item: BlockEntityTick | None,
                                     phase: PhaseRecord | None) -> None:
        """`method_23674` (spec 04 §8.5): a horizontally moving honey block carries the entities standing on
        it (on ground, position above the block) by the step, with no margin."""
        if self.pushed_block.block != "honey_block":
            return
        direction = self.get_movement_direction()
        if direction.axis == Y:
            return
        top = _bounding_box(self.pushed_block.collision_shape).max_y       # getMaximum(Y)
        supported = sim.features.supporting_block                           # 1.20: isSupportedBy, a higher top
        region = self.offset_head_box(Box(0.0, top, 0.0, 1.0, HONEY_DRAG_TOP_1_20 if supported else HONEY_DRAG_TOP,
                                          1.0))
        step = f32(next_progress - self.progress)
        for e in sim.world.get_entities(None, region, lambda o: can_move_entity(region, o, self.pos)):
            if "pistons" in sim.features.refused:
                raise refusal(sim.features, "pistons", f"the moving block at {self.pos}, tick {sim.tick_count}")
            rec = push_recorder(e, item, phase)
            run_stage(rec, e, HONEY_DRAG, move_entity, sim, direction, e, step, direction, rec)

    def finish(self, world: World, sim: TickContext | None = None) -> None:
        """`finish`: jump to the end now; the cell gets the pushed block (air for a piston's own parts), with flags 3
        and a neighbour update of the cell when `sim` is given (a block event finishing it; a cell already
        replaced, `World` finishing it, places nothing)."""
        if self.last_progress >= 1.0:
            return
        self.progress = 1.0
        self.last_progress = 1.0
        world.block_entities.remove(self.pos)
        self.removed = True
        if world.get_block_state(*self.pos).block == "moving_piston":
            placed = blocks.AIR if self.source else self.pushed_block
            if sim is None:
                world.set_block_state(*self.pos, placed)
                return
            from engine.redstone import neighbor_updates as nu  # engine.redstone imports this module
            if not self.source:
                placed = nu.post_process_state(sim, placed, self.pos)
            nu.set_block_state(sim, self.pos, placed, nu.NOTIFY_ALL)
            nu.update_neighbor(sim, self.pos, placed.block, self.pos)

    # --- trace ---
    def _trace_item(self, world: World) -> BlockEntityTick:
        """The B36's record for this tick: its state, its current collision box and the slab it sweeps."""
        item = BlockEntityTick(self.pos, "minecraft:moving_piston", {
            "pushed": str(self.pushed_block), "facing": self.facing.name, "extending": self.extending,
            "source": self.source, "direction": self.get_movement_direction().name, "progress": self.progress})
        geometry: list[Geometry] = [gbox("b36_box", b.offset(*map(float, self.pos)), pos=list(self.pos))
                                    for b in self.get_collision_shape(world).boxes]
        if self.progress < 1.0:
            step = f32(f32(self.progress + PISTON_PROGRESS_STEP) - self.progress)
            head = self.get_head_block_state(world.features).collision_shape
            geometry += [gbox("b36_sweep", stretch(self.offset_head_box(b), self.get_movement_direction(), step),
                              pos=list(self.pos)) for b in head.boxes]
        item.geometry = geometry
        return item


class B36Recorder(Recorder):
    """A recorder for an entity moved by a B36: `b36_geometry` is drawn with each push it records."""

    __slots__ = ("b36_geometry",)

    def __init__(self, item: EntityTick, b36_geometry: list[Geometry]) -> None:
        super().__init__(item)
        self.b36_geometry = b36_geometry


def launch(e: Entity, direction: Direction) -> None:
    """Slime launch (spec 04 §8.3): the motion component along the axis becomes ±1; the others stay."""
    m = [e.motion.x, e.motion.y, e.motion.z]
    m[direction.axis] = float(direction.sign)
    e.motion = Vec3(m[0], m[1], m[2])


def can_move_entity(region: Box, e: Entity, pos: BlockPos) -> bool:
    """`method_23671` (`canMoveEntity`): a normally pushed entity on ground with the position's x and z inside the
    drag region (bounds included), or from 1.20 supported by the moving block at `pos`."""
    return e.get_piston_behavior() == "normal" and e.on_ground and (
        is_supported_by(e, pos) or region.min_x <= e.pos.x <= region.max_x and region.min_z <= e.pos.z <= region.max_z)


def move_entity(sim: TickContext, direction: Direction, e: Entity, amount: float, toward: Direction,
                rec: B36Recorder | None) -> None:
    """`method_23672` (moveEntity): `Entity.move(PISTON, amount · toward)` with `MOVEMENT_DIRECTION` set, so
    that B36s moving in `direction` are ignored as obstacles (spec 04 §8.6)."""
    ox, oy, oz = toward.offset
    movement = Vec3(amount * ox, amount * oy, amount * oz)
    if rec is not None:
        start = e.box.bottom_center()
        asked = movement[toward.axis]
        old = e.piston_movement_delta[toward.axis] if e.piston_movement_tick == sim.world.game_time else 0.0
        clamped = abs(old + asked) > PISTON_DELTA_CLAMP
    world = sim.world
    world.movement_direction = direction
    try:
        move(e, sim, MovementType.PISTON, movement, rec)
    finally:
        world.movement_direction = None
    if rec is not None:
        record_push(rec, start, e, movement, clamped)


def record_push(rec: B36Recorder, start: Vec3, e: Entity, movement: Vec3, clamped: bool) -> None:
    """A moved entity's item: the piston_push segment from where it stood, then the pushing block's geometry."""
    rec.geometry(segment("piston_push", start, e.box.bottom_center(), asked=list(movement), clamped=clamped))
    for g in rec.b36_geometry:
        rec.geometry(g)


def push_recorder(e: Entity, item: BlockEntityTick | None, phase: PhaseRecord | None) -> B36Recorder | None:
    """With tracing, an `EntityTick` of `e` in the phase after the moving block's (or shulker lid's) item; its
    stages carry that item's geometry (see `move_entity`)."""
    if item is None or phase is None:
        return None
    tick = EntityTick(e.id, e.TYPE)
    phase.items.append(tick)
    item.pushes.append(tick)
    return B36Recorder(tick, item.geometry)
