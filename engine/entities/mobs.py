"""Mobs as test subjects (spec 05): `MobEntity` with its `NoAI` flag, and the guardians and the wither skeleton.

A mob's AI is not simulated. With `no_ai` (vanilla's NoAI) the server does not move the mob itself
(`MobEntity.canMoveVoluntarily` is false, and so is `isLogicalSideForUpdatingMovement`, as no rider steers it):
`travel` does nothing, its Motion loses 2% a tick and is zeroed below 0.003, and only pistons, shulker boxes and
other outside moves displace it. Without NoAI it travels as a mob whose goals choose no movement (the ordinary
ground/air case with no input).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.constants import (
    ELDER_GUARDIAN_HEIGHT,
    ELDER_GUARDIAN_WIDTH,
    GUARDIAN_EYE_FACTOR,
    GUARDIAN_FLOP_SPREAD,
    GUARDIAN_FLOP_VY,
    GUARDIAN_FLOP_YAW,
    GUARDIAN_HEIGHT,
    GUARDIAN_WIDTH,
    SKELETON_RIDING_OFFSET,
    WITHER_SKELETON_EYE_HEIGHT,
    WITHER_SKELETON_HEIGHT,
    WITHER_SKELETON_WIDTH,
)
from engine.geometry.box import ZERO, Vec3
from engine.influences.leash import update_leash
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.living.living_entity import LivingEntity
from engine.tick.trace import StageInfo, run_stage

if TYPE_CHECKING:
    from engine.tick.simulation import Simulation
    from engine.tick.trace import Recorder

FLOP = StageInfo("flop", "GuardianEntity.tickMovement")


class MobEntity(LivingEntity):
    """`MobEntity`: a living entity with AI, unless `no_ai`."""

    FIELDS = {"no_ai": bool}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.no_ai = False
        self.leash_holder: int | None = None   # MobEntity.holdingEntity, by id (spec 04 §19)

    def tick(self, sim: Simulation, rec: Recorder | None) -> None:
        """`MobEntity.tick`: `LivingEntity.tick`, then `updateLeash` (spec 04 §19)."""
        super().tick(sim, rec)
        update_leash(self, sim, rec)

    def can_move_voluntarily(self) -> bool:
        """`MobEntity.canMoveVoluntarily`: the server moves a mob itself unless its AI is disabled."""
        return not self.no_ai

    def is_logical_side_for_updating_movement(self) -> bool:
        """`MobEntity.isLogicalSideForUpdatingMovement`: `canBeControlledByRider()` (false for these mobs) and
        the server."""
        return False

    def type_fields(self) -> dict[str, Any]:
        return {"no_ai": self.no_ai}


class Guardian(MobEntity):
    TYPE = "minecraft:guardian"
    WIDTH = GUARDIAN_WIDTH
    HEIGHT = GUARDIAN_HEIGHT

    @property
    def eye_height(self) -> float:
        """`GuardianEntity.getActiveEyeHeight`: height × 0.5F."""
        return f32(self.height * GUARDIAN_EYE_FACTOR)

    def tick_movement(self, sim: Simulation, rec: Recorder | None) -> None:
        """`GuardianEntity.tickMovement`: alive, on ground and out of water, a guardian flops, with or without AI;
        then `LivingEntity.tickMovement`. Its swimming `travel` (AI, in water) comes with the water case."""
        if not self.removed and not self.is_inside_water_or_bubble_column(sim) and self.on_ground:
            run_stage(rec, self, FLOP, self.flop)
        super().tick_movement(sim, rec)

    def is_inside_water_or_bubble_column(self, sim: Simulation) -> bool:
        """`Entity.isInsideWaterOrBubbleColumn`: touching water, or a bubble column at the position."""
        p = self.pos
        return self.touching_water or \
            sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block == "bubble_column"

    def flop(self) -> None:
        """A random hop: X and Z += (nextFloat·2 − 1)·0.4F, Y += 0.5; a random yaw; off the ground."""
        r = self.random
        dx = f32(f32(f32(r.next_float() * 2.0) - 1.0) * GUARDIAN_FLOP_SPREAD)
        dz = f32(f32(f32(r.next_float() * 2.0) - 1.0) * GUARDIAN_FLOP_SPREAD)
        m = self.motion
        self.motion = Vec3(m.x + dx, m.y + GUARDIAN_FLOP_VY, m.z + dz)
        self.yaw = f32(r.next_float() * GUARDIAN_FLOP_YAW)
        self.on_ground = False


class ElderGuardian(Guardian):
    TYPE = "minecraft:elder_guardian"
    WIDTH = ELDER_GUARDIAN_WIDTH
    HEIGHT = ELDER_GUARDIAN_HEIGHT


class WitherSkeleton(MobEntity):
    """`WitherSkeletonEntity`; `AbstractSkeletonEntity.tickMovement`'s daylight check only sets fire (and draws
    from the Random when the sky light is bright, which the engine does not model)."""

    TYPE = "minecraft:wither_skeleton"
    WIDTH = WITHER_SKELETON_WIDTH
    HEIGHT = WITHER_SKELETON_HEIGHT

    @property
    def eye_height(self) -> float:
        return WITHER_SKELETON_EYE_HEIGHT   # WitherSkeletonEntity.getActiveEyeHeight

    def height_offset(self) -> float:
        """`AbstractSkeletonEntity.getHeightOffset`."""
        return SKELETON_RIDING_OFFSET


MOB_TYPES = (Guardian, ElderGuardian, WitherSkeleton)
