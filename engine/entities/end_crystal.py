"""`EndCrystalEntity` as an explosion source (spec 04 §15.1, §15.3): it never moves itself; any damage that is
not an explosion removes it and sets off a power-6 DESTROY explosion at its position (with no source entity, as
vanilla passes null); an explosion removes it without a second explosion (JE ≥ 1.12: stacked crystals merge
into one explosion; the version table starts at 1.12, so the JE ≤ 1.10 chain needs no row)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import END_CRYSTAL_HEIGHT, END_CRYSTAL_POWER, END_CRYSTAL_WIDTH
from engine.entities import damage_source
from engine.entities.entity import Entity
from engine.geometry.box import ZERO, Vec3

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder


class EndCrystal(Entity):
    TYPE = "minecraft:end_crystal"
    can_trigger_walking = False   # EnderCrystalEntity.canClimb (1.14.4; MCP canTriggerWalking)
    WIDTH = END_CRYSTAL_WIDTH
    HEIGHT = END_CRYSTAL_HEIGHT

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.no_gravity = True

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`EndCrystalEntity.tick`: ages; nothing moves it (explosions change its Motion, which it never uses)."""

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`EndCrystalEntity.damage`: removed; unless the damage is explosive, a power-6 DESTROY explosion."""
        if self.removed:
            return True
        self.remove()
        if not damage_source.is_explosive(source):
            sim.create_explosion(None, self.pos, END_CRYSTAL_POWER, None, mode="destroy", source_name=self.TYPE)
        return True
