"""`LeashKnotEntity` (spec 04 §19): the anchor of a lead tied to a fence, at the centre of the fence's cell.

It never moves. Every 100 ticks (`AbstractDecorationEntity.tick`'s obstruction check) it is removed when its block
is no longer a fence. Leashed mobs hold its id (engine/influences/leash.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import LEASH_KNOT_BOX, LEASH_KNOT_CHECK_PERIOD, LEASH_KNOT_OFFSET, LEASH_KNOT_SIZE
from engine.entities.entity import Entity
from engine.geometry.box import ZERO, Box, Vec3
from engine.java.mathhelper import floor
from engine.world import block_physics as phys
from engine.world.dimensions import void_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.geometry.box import BlockPos


class LeashKnot(Entity):
    TYPE = "minecraft:leash_knot"
    WIDTH = LEASH_KNOT_SIZE
    HEIGHT = LEASH_KNOT_SIZE
    pushed_by_fluids = False

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.obstruction_check_counter = 0
        self.set_position(pos)

    def set_position(self, pos: Vec3) -> None:
        """`LeashKnotEntity.updateAttachmentPosition`'s box, not the one its 0.5 × 0.5 size gives."""
        half, below, above = LEASH_KNOT_BOX
        self.pos = pos
        self.box = Box.of(pos.x - half, pos.y - below, pos.z - half, pos.x + half, pos.y + above, pos.z + half)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`AbstractDecorationEntity.damage`: any damage (an explosion, fire) breaks the knot."""
        if not self.removed:
            self.remove()
        return True

    @property
    def attachment_pos(self) -> BlockPos:
        p = self.pos
        return (floor(p.x), floor(p.y), floor(p.z))

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`AbstractDecorationEntity.tick`: below y = −64 it is gone; every 100 ticks `canStayAttached` (a fence)."""
        if self.pos.y < void_y(sim.world.dimension, sim.features):
            self.remove()
        counter = self.obstruction_check_counter
        self.obstruction_check_counter += 1
        if counter == LEASH_KNOT_CHECK_PERIOD:
            self.obstruction_check_counter = 0
            if not self.removed and not phys.is_fence(sim.world.get_block_state(*self.attachment_pos).block):
                self.remove()


def get_or_create(sim: TickContext, pos: BlockPos) -> LeashKnot:
    """`LeashKnotEntity.getOrCreate`: the knot already on the fence at `pos`, or a new one placed there."""
    for e in sim.entities:
        if isinstance(e, LeashKnot) and not e.removed and e.attachment_pos == pos:
            return e
    knot = sim.create(LeashKnot, Vec3(pos[0] + LEASH_KNOT_OFFSET, pos[1] + LEASH_KNOT_OFFSET,
                                      pos[2] + LEASH_KNOT_OFFSET))
    sim.add_entity(knot)
    return knot
