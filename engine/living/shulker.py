"""`ShulkerEntity` as motion sees it (spec 03 §5, spec 04 §9): a solid 1×1×1 box fixed to its attached block.

Each tick (after the mob tick, whose Motion it zeroes) the shulker follows a piston that moves its cell (the
cell holds `moving_piston` or a piston head: the attachment moves one cell along the piston's facing if that
cell is air, otherwise it teleports), re-attaches or teleports when its face loses support, and snaps to the
bottom centre of its attached cell; a shulker box's lid pushing it (`Entity.move(SHULKER_BOX)`) makes it
teleport instead of moving. A teleport tries 5 cells up to 8 away (nextInt(17) per axis, from the shulker's
Random) that are air, inside the border, free of collisions and offer a face to attach to; with NoAI it stays.
Its lid opens by `peek` (0-100, the AI's peek amount, a scene field) at 0.05 per tick and pushes entities
(`Entity.move(SHULKER)`) except other shulkers. Solid faces are read as full collision cubes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.constants import (
    SHULKER_HEIGHT,
    SHULKER_LID_SPEED,
    SHULKER_PEEK_SCALE,
    SHULKER_TELEPORT_OFFSET,
    SHULKER_TELEPORT_RANGE,
    SHULKER_TELEPORT_TRIES,
    SHULKER_WIDTH,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.geometry.box import ZERO, Box, Vec3
from engine.influences.piston_block_entity import BY_NAME, DIRECTIONS, Direction
from engine.java.javanum import f32
from engine.java.mathhelper import floor, sin
from engine.living.mobs import MobEntity
from engine.motion.move import MovementType, move
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

ATTACH = StageInfo("follow_attachment", "ShulkerEntity.tick")
LID = StageInfo("lid_push", "ShulkerEntity.tick")
TELEPORT = StageInfo("try_teleport", "ShulkerEntity.tryTeleport")
PI_F = f32(3.1415927)


class Shulker(MobEntity):
    FALL_DAMAGE_IMMUNE = True
    TYPE = "minecraft:shulker"
    can_trigger_walking = False   # ShulkerEntity.canClimb (1.14.4; MCP canTriggerWalking)
    WIDTH = SHULKER_WIDTH
    HEIGHT = SHULKER_HEIGHT
    collidable = True
    FIELDS = {**MobEntity.FIELDS, "peek": int}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.attach_face_name = "down"            # AttachFace: DOWN until the first tick finds a face
        self.attached_block: tuple[int, int, int] | None = None
        self.peek = 0
        self.open_progress = 0.0
        self.prev_open_progress = 0.0

    @property
    def eye_height(self) -> float:
        return f32(0.5)   # ShulkerEntity.getActiveEyeHeight

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "attach_face": self.attach_face_name,
                "attached_block": list(self.attached_block) if self.attached_block else None,
                "peek": self.peek, "open_progress": self.open_progress}

    def push_away(self, other: Entity, features: Features | None = None) -> None:
        """`ShulkerEntity.pushAwayFrom`: nothing."""

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ShulkerEntity.tick`: the mob tick (Motion zeroed after it), then the attachment and the lid (1.16.5's;
        the 1.17 rewrite and 1.15.2's attachment are refused, `shulker_tick_1_17`,
        `shulker_tick_1_15`)."""
        if sim.features.shulker_tick_1_17:
            raise refusal(sim.features, "living", f"shulker {self.id}, tick {sim.tick_count}",
                          "ShulkerEntity (attachment, teleport, peek box) was rewritten in 1.17; not compared")
        if sim.features.shulker_tick_1_15:
            raise refusal(sim.features, "living", f"shulker {self.id}, tick {sim.tick_count}",
                          "ShulkerEntity.tick's attachment of 1.15.2 (isTopSolid, the six faces in order) differs "
                          "from 1.16's canStay and findAttachSide; not compared")
        super().tick(sim, rec)
        self.motion = ZERO                                            # tickMovement: setVelocity(ZERO)
        run_stage(rec, self, ATTACH, self.follow_attachment, sim)
        run_stage(rec, self, LID, self.update_lid, sim, rec)

    def follow_attachment(self, sim: TickContext) -> None:
        world = sim.world
        if self.attached_block is None:
            self.attached_block = (floor(self.pos.x), floor(self.pos.y), floor(self.pos.z))
        if self.vehicle is not None:
            self.yaw = self.vehicle.yaw
            return
        pos = self.attached_block
        state = world.get_block_state(*pos)
        if not state.is_air:
            if state.block in ("moving_piston", "piston_head"):
                o = BY_NAME[state.get("facing")].offset
                ahead = (pos[0] + o[0], pos[1] + o[1], pos[2] + o[2])
                if world.get_block_state(*ahead).is_air:
                    self.attached_block = ahead
                else:
                    self.try_teleport(sim)
            else:
                self.try_teleport(sim)
        if not self.can_stay(world, self.attached_block, BY_NAME[self.attach_face_name]):
            side = self.find_attach_side(world, self.attached_block)
            if side is not None:
                self.attach_face_name = side.name
            else:
                self.try_teleport(sim)

    def update_lid(self, sim: TickContext, rec: Recorder | None) -> None:
        """The lid follows `peek`; the box snaps to the attached cell and grows by the lid; a lid that opened
        further this tick pushes the entities in the box."""
        g = f32(self.peek * SHULKER_PEEK_SCALE)
        self.prev_open_progress = self.open_progress
        if self.open_progress > g:
            self.open_progress = min(max(f32(self.open_progress - SHULKER_LID_SPEED), g), 1.0)
        elif self.open_progress < g:
            self.open_progress = min(max(f32(self.open_progress + SHULKER_LID_SPEED), 0.0), g)
        if self.attached_block is None:
            return
        x, y, z = self.attached_block
        self.pos = self.prev_pos = Vec3(x + 0.5, float(y), z + 0.5)   # resetPosition
        k = sim.features.sine_index_double   # 1.21.11: the sine table indexed in double
        d = 0.5 - sin(f32(f32(0.5 + self.open_progress) * PI_F), k) * 0.5
        e = 0.5 - sin(f32(f32(0.5 + self.prev_open_progress) * PI_F), k) * 0.5
        o = BY_NAME[self.attach_face_name].opposite.offset
        p = self.pos
        self.box = Box(p.x - 0.5, p.y, p.z - 0.5, p.x + 0.5, p.y + 1.0, p.z + 0.5).stretch(o[0] * d, o[1] * d,
                                                                                          o[2] * d)
        h = d - e
        if h > 0.0:
            for other in sim.world.get_entities(self, self.box):
                if not isinstance(other, Shulker) and not other.no_clip:
                    move(other, sim, MovementType.SHULKER, Vec3(h * o[0], h * o[1], h * o[2]), rec)

    def can_stay(self, world: World, pos: tuple[int, int, int], face: Direction) -> bool:
        """`canStay`: a solid block on `face` and room for the lid on the other side."""
        o = face.offset
        support = world.get_block_state(pos[0] + o[0], pos[1] + o[1], pos[2] + o[2])
        return phys.is_full_cube(support) and world.is_space_empty(_lid_box(pos, face.opposite),
                                                                   self.shape_context(world))

    def find_attach_side(self, world: World, pos: tuple[int, int, int]) -> Direction | None:
        """`findAttachSide`: the first face, in DOWN, UP, NORTH, SOUTH, WEST, EAST order, it can stay on."""
        return next((d for d in DIRECTIONS if self.can_stay(world, pos, d)), None)

    def move_by_shulker_box(self, sim: TickContext, movement: Vec3, rec: Recorder | None) -> None:
        """`ShulkerEntity.move`: a shulker box's push makes it try to teleport instead."""
        self.try_teleport(sim)

    def try_teleport(self, sim: TickContext) -> bool:
        """`tryTeleport`: 5 random cells within 8; a NoAI shulker stays (and reports success)."""
        if self.no_ai or self.removed:
            return True
        world = sim.world
        bx, by, bz = floor(self.pos.x), floor(self.pos.y), floor(self.pos.z)
        r = self.random
        for _ in range(SHULKER_TELEPORT_TRIES):
            x = bx + SHULKER_TELEPORT_OFFSET - r.next_int(SHULKER_TELEPORT_RANGE)
            y = by + SHULKER_TELEPORT_OFFSET - r.next_int(SHULKER_TELEPORT_RANGE)
            z = bz + SHULKER_TELEPORT_OFFSET - r.next_int(SHULKER_TELEPORT_RANGE)
            cell = Box(float(x), float(y), float(z), x + 1.0, y + 1.0, z + 1.0)
            w, n, e, s = world.border.bounds()                         # WorldBorder.contains(BlockPos)
            inside = x + 1 > w and x < e and z + 1 > n and z < s
            if y > 0 and world.get_block_state(x, y, z).is_air and inside \
                    and world.is_space_empty(cell, self.shape_context(world)) \
                    and not world.get_entity_collisions(self, cell):
                side = self.find_attach_side(world, (x, y, z))
                if side is not None:
                    self.attach_face_name = side.name
                    self.attached_block = (x, y, z)
                    self.peek = 0
                    return True
        return False


def _lid_box(pos: tuple[int, int, int], toward: Direction) -> Box:
    """`ShulkerLidCollisions.getLidCollisionBox`: the half block beyond the cell's `toward` face."""
    lo, hi = [float(c) for c in pos], [c + 1.0 for c in pos]
    a = toward.axis
    if toward.sign > 0:
        lo[a], hi[a] = hi[a], hi[a] + 0.5
    else:
        lo[a], hi[a] = lo[a] - 0.5, lo[a]
    return Box(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2])

