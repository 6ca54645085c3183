"""`ArmorStandEntity`: a `LivingEntity` without AI (spec 05 §2.4; spec 04 §8, §15).

Its flags are NBT: `marker` (a 0 × 0 box, ignored by pistons and shulker boxes), `invisible` (immune to
explosions; no other effect on motion), and the common `no_gravity`. An armor stand with either Marker or NoGravity
cannot "clip" (`canClip`): it neither travels nor moves itself, its Motion loses 2% a tick, and it is `noClip`, so
pistons move it through blocks without the 0.51 clamp (spec 03 §2 step 1). Vanilla sets `noClip = !canClip()`
whenever it reads these flags (`readCustomDataFromTag`); here setting either flag does the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.constants import (
    ARMOR_STAND_BREAK_HEALTH,
    ARMOR_STAND_EYE_FACTOR,
    ARMOR_STAND_HEALTH,
    ARMOR_STAND_HEIGHT,
    ARMOR_STAND_IN_FIRE_DAMAGE,
    ARMOR_STAND_IN_FIRE_SECONDS,
    ARMOR_STAND_ON_FIRE_DAMAGE,
    ARMOR_STAND_RIDING_OFFSET,
    ARMOR_STAND_STEP_HEIGHT,
    ARMOR_STAND_WIDTH,
)
from engine.entities import damage_source
from engine.entities.entity import Entity
from engine.geometry.box import ZERO, Box, Vec3
from engine.java.javanum import f32
from engine.living.living_entity import LivingEntity

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder


class ArmorStand(LivingEntity):
    TYPE = "minecraft:armor_stand"
    WIDTH = ARMOR_STAND_WIDTH
    HEIGHT = ARMOR_STAND_HEIGHT
    FIELDS = {"marker": bool, "invisible": bool}
    _marker = False              # read by the no_gravity setter while Entity.__init__ runs
    _no_gravity = False

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.step_height = ARMOR_STAND_STEP_HEIGHT
        self.invisible = False
        self.health = ARMOR_STAND_HEALTH

    # --- the NBT flags ---
    @property
    def no_gravity(self) -> bool:
        return self._no_gravity

    @no_gravity.setter
    def no_gravity(self, value: bool) -> None:
        self._no_gravity = value
        self.no_clip = not self.can_clip()

    @property
    def marker(self) -> bool:
        return self._marker

    @marker.setter
    def marker(self, value: bool) -> None:
        """`setMarker`, then `calculateDimensions` keeps the position and rebuilds the box: 0 × 0 for a marker."""
        self._marker = value
        self.no_clip = not self.can_clip()
        self.width, self.height = (0.0, 0.0) if value else (self.WIDTH, self.HEIGHT)
        p = self.pos
        self.box = Box.from_entity(p.x, p.y, p.z, self.width, self.height)

    def can_clip(self) -> bool:
        """`ArmorStandEntity.canClip`: neither Marker nor NoGravity."""
        return not self._marker and not self._no_gravity

    # --- vanilla overrides ---
    def can_move_voluntarily(self) -> bool:
        """`ArmorStandEntity.canMoveVoluntarily`: only an armor stand that can clip."""
        return self.can_clip()

    def travel(self, sim: TickContext, rec: Recorder | None, movement_input: Vec3 = ZERO) -> None:
        """`ArmorStandEntity.travel`: only an armor stand that can clip travels."""
        if self.can_clip():
            super().travel(sim, rec, movement_input)

    def is_pushable(self) -> bool:
        """`ArmorStandEntity.isPushable`: never crammed (spec 04 §10 condition 2)."""
        return False

    def tick_cramming(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ArmorStandEntity.tickCramming`: it pushes only rideable minecarts within 0.2 m², none modelled here."""

    def get_piston_behavior(self) -> str:
        """`ArmorStandEntity.getPistonBehavior`: a marker is ignored by pistons and shulker boxes."""
        return "ignore" if self._marker else super().get_piston_behavior()

    def is_immune_to_explosion(self) -> bool:
        """`ArmorStandEntity.isImmuneToExplosion`: an invisible armor stand (spec 04 §15)."""
        return self.invisible

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None, *,
               projectile: Entity | None = None) -> bool:
        """`ArmorStandEntity.damage` for the sources the engine deals: out of the world removes it; an invisible or
        marker stand ignores the rest; an explosion breaks it (`onBreak`: no equipment is modelled, so nothing
        drops); fire: IN_FIRE sets 5 s of fire, or takes 0.15 while burning; ON_FIRE takes 4 while health > 0.5;
        every other source (lava, cactus, berry bush, a fall, cramming) does nothing."""
        if self.removed:
            return False
        if source == damage_source.OUT_OF_WORLD:
            self.remove()
        elif self.invisible or self._marker:
            return False
        elif damage_source.is_explosive(source):
            self.remove()
        elif source == damage_source.PROJECTILE:
            return True     # a hit counts (an arrow breaks the stand in vanilla: not modelled)
        elif source == damage_source.IN_FIRE:
            if self.is_on_fire():
                self.update_health(ARMOR_STAND_IN_FIRE_DAMAGE)
            else:
                self.set_on_fire_for(ARMOR_STAND_IN_FIRE_SECONDS)
        elif source == damage_source.ON_FIRE and self.health > ARMOR_STAND_BREAK_HEALTH:
            self.update_health(ARMOR_STAND_ON_FIRE_DAMAGE)
        return False

    def update_health(self, amount: float) -> None:
        """`ArmorStandEntity.updateHealth`: health − amount in float; at ≤ 0.5 the stand breaks and is removed."""
        health = f32(self.health - amount)
        if health <= ARMOR_STAND_BREAK_HEALTH:
            self.remove()
        else:
            self.health = health

    @property
    def eye_height(self) -> float:
        """`ArmorStandEntity.getActiveEyeHeight`: height × 0.9F."""
        return f32(self.height * ARMOR_STAND_EYE_FACTOR)

    def height_offset(self) -> float:
        """`ArmorStandEntity.getHeightOffset`: 0.0 for a marker, else (double)0.1F (spec 04's riding table has the
        two the other way round)."""
        return 0.0 if self._marker else ARMOR_STAND_RIDING_OFFSET

    def type_fields(self) -> dict[str, Any]:
        return {"marker": self._marker, "invisible": self.invisible}
