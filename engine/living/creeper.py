"""`CreeperEntity` as an explosion source (spec 04 §15.1): power 3, charged 6, at its position.

The fuse runs before the mob's own tick (`CreeperEntity.tick`): with `ignited` (flint and steel) the fuse speed is
1 and `currentFuseTime` climbs to `fuse` (NBT Fuse, 30 gt); then the creeper explodes (DESTROY: mobGriefing is
taken as on) and is removed. Its AI (the swell goal that ignites it near a target) is not simulated; a creeper
that is not ignited never explodes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.constants import (
    CREEPER_CHARGED_FACTOR,
    CREEPER_EXPLOSION_RADIUS,
    CREEPER_FUSE,
    CREEPER_HEIGHT,
    CREEPER_WIDTH,
)
from engine.core.trace import StageInfo, run_stage
from engine.geometry.box import ZERO, Vec3
from engine.java.javanum import f32
from engine.living.mobs import MobEntity

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features

FUSE = StageInfo("fuse", "CreeperEntity.tick")
EXPLODE = StageInfo("explode", "CreeperEntity.explode")


class Creeper(MobEntity):
    TYPE = "minecraft:creeper"
    WIDTH = CREEPER_WIDTH
    HEIGHT = CREEPER_HEIGHT
    FIELDS = {**MobEntity.FIELDS, "fuse": int, "ignited": bool, "powered": bool}
    FIELD_ATTRIBUTES = {"fuse": "fuse_time"}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.fuse_time = CREEPER_FUSE
        self.current_fuse_time = 0
        self.ignited = False
        self.powered = False
        self.explosion_radius = CREEPER_EXPLOSION_RADIUS

    def has_swim_goal(self, features: Features) -> bool:
        """`CreeperEntity.initGoals`: `SwimGoal` at priority 1, in every release (1.12.2 `EntityAISwimming`)."""
        return True

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "fuse": self.fuse_time, "current_fuse_time": self.current_fuse_time,
                "ignited": self.ignited, "powered": self.powered}

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`CreeperEntity.tick`: the fuse, then `LivingEntity.tick` (which vanilla runs even after exploding)."""
        run_stage(rec, self, FUSE, self.tick_fuse, sim, rec)
        super().tick(sim, rec)

    def tick_fuse(self, sim: TickContext, rec: Recorder | None) -> None:
        speed = 1 if self.ignited else -1      # getFuseSpeed: the swell goal's −1 without a target
        self.current_fuse_time = max(self.current_fuse_time + speed, 0)
        if self.current_fuse_time >= self.fuse_time:
            self.current_fuse_time = self.fuse_time
            run_stage(rec, self, EXPLODE, self.explode, sim, rec)

    def explode(self, sim: TickContext, rec: Recorder | None) -> None:
        """`CreeperEntity.explode`: (float)explosionRadius × (charged ? 2 : 1) at the position, DESTROY."""
        factor = CREEPER_CHARGED_FACTOR if self.powered else 1.0
        power = f32(float(self.explosion_radius) * factor)
        sim.create_explosion(self, self.pos, power, rec, mode="destroy")
        self.remove()
