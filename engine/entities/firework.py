"""`FireworkRocketEntity` (spec 05 §6): attached to a gliding shooter, it boosts the glide each tick towards 1.5 × the
look direction and is removed when its life runs out. A rocket used while not gliding does nothing
(`FireworkRocketItem.use`); rockets launched from blocks, dispensers or crossbows (1.14) are not modelled. From 1.18.2
the attached rocket sits at its gliding shooter's main hand (`firework_hand_offset`); from 1.19 its start Motion
draws `nextTriangular` (`random_triangular`). A scene's rocket (`shooter`, `life` and `life_time` as the NBT's
`Life` and `LifeTime`; the summoning constructor draws nothing) flies on its own in 1.12.2 and 1.13.2, which have
no hit test (`firework_tick_1_12`); from 1.14 its hit test is not modelled and it stops the run in one line. 1.12.2
boosts along `getLookVec` (`firework_look_vec_1_12`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.constants import (
    FIREWORK_BOOST_LOOK,
    FIREWORK_BOOST_RATE,
    FIREWORK_BOOST_TARGET,
    FIREWORK_FLIGHT,
    FIREWORK_FREE_RISE,
    FIREWORK_FREE_SPEEDUP,
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
from engine.core.versions import refusal
from engine.entities.entity import Entity, look_vector_1_12, rotation_vector
from engine.entities.thrown_1_12 import BASE
from engine.geometry.box import ZERO, Vec3
from engine.java.javanum import f32
from engine.motion.move import MovementType, move

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features

BOOST = StageInfo("firework_boost", "FireworkRocketEntity.tick")
FLIGHT_1_12 = StageInfo("firework_flight", "EntityFireworkRocket.onUpdate")


class FireworkRocket(Entity):
    MECHANIC = "firework"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:firework_rocket"
    WIDTH = FIREWORK_WIDTH
    HEIGHT = FIREWORK_HEIGHT

    FIELDS = {"shooter": int, "life": int, "life_time": int}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.shooter: int | None = None   # the boosted entity's id (SHOOTER_ENTITY_ID), None: none held
        self.life = 0
        self.life_time = 0

    def from_item(self, features: Features) -> None:
        """The draws of the constructor from an item stack (`FireworkRocketEntity(World, x, y, z, ItemStack)`), in
        order: the start Motion (a gaussian × 0.001 on X and Z, from 1.19 nextTriangular(0, 0.002297)), then the
        lifetime."""
        r = self.random
        if features.random_triangular:
            x = r.next_triangular(0.0, FIREWORK_START_TRIANGULAR)
            self.motion = Vec3(x, FIREWORK_START_VY, r.next_triangular(0.0, FIREWORK_START_TRIANGULAR))
        else:
            x = r.next_gaussian() * FIREWORK_START_SPREAD
            self.motion = Vec3(x, FIREWORK_START_VY, r.next_gaussian() * FIREWORK_START_SPREAD)
        self.life_time = FIREWORK_LIFE_PER_FLIGHT * (1 + FIREWORK_FLIGHT) + r.next_int(FIREWORK_LIFE_SPREAD_A) \
            + r.next_int(FIREWORK_LIFE_SPREAD_B)

    def attached(self, features: Features) -> bool:
        """`wasShotByEntity`: an id is held; 1.12.2's and 1.13.2's `isAttachedToEntity`: the id is above 0
        (`firework_tick_1_12`)."""
        if features.firework_tick_1_12:
            return self.shooter is not None and self.shooter > 0
        return self.shooter is not None

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`FireworkRocketEntity.tick` (1.12.2 and 1.13.2 `EntityFireworkRocket.onUpdate`); it explodes (with no
        stars: no damage) once its life exceeds its lifetime. The base tick of an attached rocket is not run (its
        position and Motion are its shooter's)."""
        features = sim.features
        if self.attached(features):
            shooter = sim.entity_by_id(self.shooter)
            if shooter is not None and shooter.living and not shooter.removed:
                hand = ZERO
                if shooter.fall_flying:
                    run_stage(rec, self, BOOST, boost, shooter, features, rec)
                    if features.firework_hand_offset:
                        hand = hand_pos_offset(shooter, features.sine_index_double)
                self.set_position(shooter.pos.plus(hand))
                self.motion = shooter.motion
        elif features.firework_tick_1_12:
            run_stage(rec, self, BASE, self.base_tick, sim, rec)                      # super.onUpdate()
            run_stage(rec, self, FLIGHT_1_12, fly_1_12, self)
            move(self, sim, MovementType.SELF, self.motion, rec)
        else:
            raise refusal(features, "firework", f"rocket {self.id}, tick {sim.tick_count}",
                          "a rocket attached to no entity: FireworkRocketEntity.tick's own flight and its hit test "
                          "(ProjectileUtil.getCollision, an entity hit exploding it) are not simulated from 1.14")
        self.life += 1
        if self.life > self.life_time:
            self.remove()

    def type_fields(self) -> dict[str, Any]:
        return {"shooter": self.shooter, "life": self.life, "life_time": self.life_time}


def boost(shooter: Entity, features: Features, rec: Recorder | None) -> None:
    """Shooter's Motion += look × 0.1 + (look × 1.5 − Motion) × 0.5: the look is 1.12.2's `getLookVec`
    (`firework_look_vec_1_12`), else `getRotationVector`, its sine table indexed in double from 1.21.11
    (`sine_index_double`)."""
    if features.firework_look_vec_1_12:
        look = look_vector_1_12(shooter.pitch, shooter.yaw)
    else:
        look = rotation_vector(shooter.pitch, shooter.yaw, features.sine_index_double)
    v = shooter.motion
    dv = Vec3(look.x * FIREWORK_BOOST_LOOK + (look.x * FIREWORK_BOOST_TARGET - v.x) * FIREWORK_BOOST_RATE,
              look.y * FIREWORK_BOOST_LOOK + (look.y * FIREWORK_BOOST_TARGET - v.y) * FIREWORK_BOOST_RATE,
              look.z * FIREWORK_BOOST_LOOK + (look.z * FIREWORK_BOOST_TARGET - v.z) * FIREWORK_BOOST_RATE)
    if rec is not None:
        rec.geometry(segment("firework_boost", shooter.pos, shooter.pos.plus(dv)))
    shooter.motion = v.plus(dv)


def fly_1_12(rocket: FireworkRocket) -> None:
    """1.12.2 `EntityFireworkRocket.onUpdate` of a rocket not attached: motionX and motionZ × 1.15D, motionY +
    0.04D."""
    m = rocket.motion
    rocket.motion = Vec3(m.x * FIREWORK_FREE_SPEEDUP, m.y + FIREWORK_FREE_RISE, m.z * FIREWORK_FREE_SPEEDUP)


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
    rocket.from_item(sim.features)
    rocket.shooter = player.id
    sim.add_entity(rocket)
