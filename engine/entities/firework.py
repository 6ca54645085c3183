"""`FireworkRocketEntity` used by a gliding player (spec 05 §6): attached to its shooter, it boosts the glide each
tick towards 1.5 × the look direction and is removed when its life runs out. A rocket used while not gliding
does nothing (`FireworkRocketItem.use`); rockets launched from blocks or dispensers are not modelled. From 1.18.2
the attached rocket sits at its gliding shooter's main hand (`firework_hand_offset`); from 1.19 its start Motion
draws `nextTriangular` (`random_triangular`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.constants import (
    FIREWORK_BOOST_LOOK,
    FIREWORK_BOOST_RATE,
    FIREWORK_BOOST_TARGET,
    FIREWORK_FLIGHT,
    FIREWORK_HAND_DISTANCE,
    FIREWORK_HAND_YAW,
    FIREWORK_HEIGHT,
    FIREWORK_LIFE_PER_FLIGHT,
    FIREWORK_LIFE_SPREAD_A,
    FIREWORK_LIFE_SPREAD_B,
    FIREWORK_START_SPREAD,
    FIREWORK_START_TRIANGULAR,
    FIREWORK_START_VY,
    FIREWORK_WIDTH,
)
from engine.core.trace import StageInfo, run_stage, segment
from engine.entities.entity import Entity, rotation_vector
from engine.geometry.box import ZERO, Vec3
from engine.java.javanum import f32

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features

BOOST = StageInfo("firework_boost", "FireworkRocketEntity.tick")


class FireworkRocket(Entity):
    MECHANIC = "firework"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:firework_rocket"
    WIDTH = FIREWORK_WIDTH
    HEIGHT = FIREWORK_HEIGHT

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.shooter = 0
        self.life = 0
        self.life_time = 0

    def constructed(self, features: Features) -> None:
        """The constructor's draws, in order: the start Motion (a gaussian × 0.001 on X and Z, from 1.19
        nextTriangular(0, 0.002297)), then the lifetime."""
        r = self.random
        if features.random_triangular:
            x = r.next_triangular(0.0, FIREWORK_START_TRIANGULAR)
            self.motion = Vec3(x, FIREWORK_START_VY, r.next_triangular(0.0, FIREWORK_START_TRIANGULAR))
        else:
            x = r.next_gaussian() * FIREWORK_START_SPREAD
            self.motion = Vec3(x, FIREWORK_START_VY, r.next_gaussian() * FIREWORK_START_SPREAD)
        self.life_time = FIREWORK_LIFE_PER_FLIGHT * (1 + FIREWORK_FLIGHT) + r.next_int(FIREWORK_LIFE_SPREAD_A) \
            + r.next_int(FIREWORK_LIFE_SPREAD_B)

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`FireworkRocketEntity.tick` for a rocket attached to its shooter; it explodes (with no stars: no
        damage) once its life exceeds its lifetime."""
        shooter = sim.entity_by_id(self.shooter)
        if shooter is not None and not shooter.removed:
            hand = ZERO
            if getattr(shooter, "fall_flying", False):
                index_double = sim.features.sine_index_double
                run_stage(rec, self, BOOST, boost, shooter, index_double, rec)
                if sim.features.firework_hand_offset:
                    hand = hand_pos_offset(shooter, index_double)
            self.set_position(shooter.pos.plus(hand))
            self.motion = shooter.motion
        self.life += 1
        if self.life > self.life_time:
            self.remove()

    def type_fields(self) -> dict[str, Any]:
        return {"shooter": self.shooter, "life": self.life, "life_time": self.life_time}


def boost(shooter: Entity, index_double: bool, rec: Recorder | None) -> None:
    """Shooter's Motion += look × 0.1 + (look × 1.5 − Motion) × 0.5 (the look's sine table indexed in double from
    1.21.11, `index_double`)."""
    look = rotation_vector(shooter.pitch, shooter.yaw, index_double)
    v = shooter.motion
    dv = Vec3(look.x * FIREWORK_BOOST_LOOK + (look.x * FIREWORK_BOOST_TARGET - v.x) * FIREWORK_BOOST_RATE,
              look.y * FIREWORK_BOOST_LOOK + (look.y * FIREWORK_BOOST_TARGET - v.y) * FIREWORK_BOOST_RATE,
              look.z * FIREWORK_BOOST_LOOK + (look.z * FIREWORK_BOOST_TARGET - v.z) * FIREWORK_BOOST_RATE)
    if rec is not None:
        rec.geometry(segment("firework_boost", shooter.pos, shooter.pos.plus(dv)))
    shooter.motion = v.plus(dv)


def hand_pos_offset(shooter: Entity, index_double: bool) -> Vec3:
    """`Entity.getHandPosOffset(FIREWORK_ROCKET)` of a player holding the rocket in its main hand, the right:
    `getRotationVector(0, yaw + 80)` × 0.5 (1.18.2; indexed in double from 1.21.11, `index_double`)."""
    d = FIREWORK_HAND_DISTANCE
    return rotation_vector(0.0, f32(shooter.yaw + FIREWORK_HAND_YAW), index_double).multiply(d, d, d)


def use_while_gliding(sim: TickContext, player: Entity) -> None:
    """`FireworkRocketItem.use`: only a gliding user launches a rocket, attached to it."""
    if not getattr(player, "fall_flying", False):
        return
    rocket = sim.create(FireworkRocket, player.pos)
    rocket.shooter = player.id
    sim.add_entity(rocket)
