"""`FireworkRocketEntity` (spec 05 §6): attached to a gliding shooter, it boosts the glide each tick towards 1.5 × the
look direction and is removed when its life runs out. A rocket used while not gliding does nothing
(`FireworkRocketItem.use`); rockets launched from blocks, dispensers or crossbows (1.14) are not modelled. From 1.18.2
the attached rocket sits at its gliding shooter's main hand (`firework_hand_offset`); from 1.19 its start Motion
draws `nextTriangular` (`random_triangular`). A scene's rocket (`shooter`, `life` and `life_time` as the NBT's
`Life` and `LifeTime`; the summoning constructor draws nothing) flies on its own: in 1.12.2 and 1.13.2 with no hit
test (`firework_tick_1_12`), from 1.14 with `ProjectileUtil.getCollision` (`fly_free`: an entity hit removes it, a
block hit runs the block's `onEntityCollision`; `firework_tick_1_16`, `firework_wall_no_speedup`,
`firework_ray_before_move`), which an attached rocket tests too. A scene's rocket has no `ShotAtAngle` and an owner
only where it gives one; one with stars (`explosions`) stops the run in one line. 1.12.2 boosts along `getLookVec`
(`firework_look_vec_1_12`)."""

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
from engine.entities.projectile import BASE, EntityHitResult, HitResult, Projectile, collides, get_collision, is_miss
from engine.entities.thrown import COLLISION
from engine.entities.thrown_1_12 import BASE as BASE_1_12
from engine.geometry.box import ZERO, Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.motion.block_effects import on_entity_collision
from engine.motion.move import MovementType, move

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features

BOOST = StageInfo("firework_boost", "FireworkRocketEntity.tick")
FLIGHT_1_12 = StageInfo("firework_flight", "EntityFireworkRocket.onUpdate")
FLIGHT = StageInfo("firework_flight", "FireworkRocketEntity.tick")
ON_COLLISION = StageInfo("on_collision", "FireworkRocketEntity.onCollision")


class FireworkRocket(Projectile):
    """From 1.16 a `ProjectileEntity` (its owner: the shooter of a used rocket, none for a scene's unless given); 1.14's
    `FireworkEntity` has no owner, and 1.12.2's no hit test."""

    MECHANIC = "firework"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:firework_rocket"
    WIDTH = FIREWORK_WIDTH
    HEIGHT = FIREWORK_HEIGHT

    FIELDS = {**Projectile.FIELDS, "shooter": int, "life": int, "life_time": int, "explosions": int}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.shooter: int | None = None   # the boosted entity's id (SHOOTER_ENTITY_ID), None: none held
        self.life = 0
        self.life_time = 0
        self.explosions = 0   # the stars: the size of the item's Fireworks.Explosions list

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
        stars: no damage) once its life exceeds its lifetime. From 1.16 `ProjectileEntity.tick` first tests whether
        it has left its owner. An attached rocket sits at its shooter with its Motion, then (from 1.14) tests
        `getCollision` as a free one does (`handle_hit`); its base tick is not run (its position and Motion are its
        shooter's)."""
        features = sim.features
        if self.explosions:
            raise refusal(features, "firework", f"rocket {self.id}, tick {sim.tick_count}",
                          "a rocket with stars: its explosion (FireworkRocketEntity.explode, damage to its shooter and "
                          "the living entities within 5 blocks; from 1.14 a block hit explodes it) is not simulated")
        if features.firework_tick_1_16:
            self.check_left_owner(sim, rec)
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
            if not features.firework_tick_1_12:
                self.handle_hit(sim, run_stage(rec, self, COLLISION, get_collision, self, sim,
                                               lambda e: self.can_hit(sim, e), rec), rec)
        elif features.firework_tick_1_12:
            run_stage(rec, self, BASE_1_12, self.base_tick, sim, rec)                 # super.onUpdate()
            run_stage(rec, self, FLIGHT_1_12, fly, self, FIREWORK_FREE_SPEEDUP)
            move(self, sim, MovementType.SELF, self.motion, rec)
        else:
            self.fly_free(sim, rec)
        self.life += 1
        if self.life > self.life_time:
            self.remove()

    def fly_free(self, sim: TickContext, rec: Recorder | None) -> None:
        """1.14 `FireworkEntity.tick` of a rocket attached to no entity: the base tick, horizontal Motion × 1.15
        (× 1.0 after a horizontal collision from 1.16.4, `firework_wall_no_speedup`) and + 0.04 up, the move (its
        Motion set back after it from 1.16, `firework_tick_1_16`), then `ProjectileUtil.getCollision` along the
        Motion: the block raycast of collision shapes, then the entities it may hit (`can_hit`), their boxes grown
        by 0.3. From 1.21.2 (`firework_ray_before_move`) the raycast runs from where the rocket was, before the
        move (which `tickBlockCollision` follows)."""
        features = sim.features
        run_stage(rec, self, BASE, self.base_tick, sim, rec)                          # Entity.tick
        wall = features.firework_wall_no_speedup and self.horizontal_collision
        run_stage(rec, self, FLIGHT, fly, self, 1.0 if wall else FIREWORK_FREE_SPEEDUP)
        motion = self.motion
        if features.firework_ray_before_move:
            hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec)
            move(self, sim, MovementType.SELF, motion, rec)                           # and tickBlockCollision
            self.motion = motion
        else:
            move(self, sim, MovementType.SELF, motion, rec)
            if features.firework_tick_1_16:
                self.motion = motion
            hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec)
        self.handle_hit(sim, hit, rec)

    def handle_hit(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """The hit is handled unless the rocket has no physics; from 1.21.2 (`firework_ray_before_move`) only while
        it is alive and the raycast did not miss."""
        if sim.features.firework_ray_before_move and (self.removed or is_miss(hit)):
            return
        if not self.no_clip:
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit)

    def can_hit(self, sim: TickContext, e: Entity) -> bool:
        """1.14-1.15.2: any colliding, live entity (`FireworkEntity` has no owner); from 1.16 `method_26958`'s
        owner rules (`firework_tick_1_16`)."""
        if sim.features.firework_tick_1_16:
            return super().can_hit(sim, e)
        return collides(e)

    def on_collision(self, sim: TickContext, hit: HitResult) -> None:
        """1.14 `handleCollision`, 1.16 `onCollision` (1.20.5 `hitOrDeflect`; no modelled entity deflects a rocket):
        an entity hit removes the rocket (`explodeAndRemove`; from 1.20.5 a ghast fireball hit is first redirected
        along the look of the rocket's owner: `redirect_hit`); a block hit (1.14-1.15.2: any move
        that collided, at the block hit or else the rocket's own cell) runs that block's `onEntityCollision` and,
        with no stars, nothing more. 1.16's `ProjectileEntity.onBlockHit` (the block's `onProjectileHit`: targets,
        bells, chorus flowers) is not modelled, as for the other projectiles."""
        features = sim.features
        if isinstance(hit, EntityHitResult):
            self.redirect_hit(sim, hit.entity)
            self.remove()
        elif features.firework_tick_1_16:
            if not hit.missed:
                on_entity_collision(self, sim, hit.block_pos)
        elif self.horizontal_collision or self.vertical_collision:                   # collided
            p = self.pos
            on_entity_collision(self, sim, (floor(p.x), floor(p.y), floor(p.z)) if hit.missed else hit.block_pos)

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "shooter": self.shooter, "life": self.life, "life_time": self.life_time,
                "explosions": self.explosions}


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


def fly(rocket: FireworkRocket, speedup: float) -> None:
    """The flight of a rocket not attached (1.12.2 `EntityFireworkRocket.onUpdate`, 1.14 `FireworkEntity.tick`):
    Motion × (speedup, 1, speedup) + (0, 0.04, 0), the speedup 1.15D (1.0 after a horizontal collision from 1.16.4)."""
    m = rocket.motion
    rocket.motion = Vec3(m.x * speedup, m.y + FIREWORK_FREE_RISE, m.z * speedup)


def hand_pos_offset(shooter: Entity, index_double: bool) -> Vec3:
    """`Entity.getHandPosOffset(FIREWORK_ROCKET)` of a player holding the rocket in its main hand, the right:
    `getRotationVector(0, yaw + 80)` × 0.5 (1.18.2; indexed in double from 1.21.11, `index_double`)."""
    d = FIREWORK_HAND_DISTANCE
    return rotation_vector(0.0, f32(shooter.yaw + FIREWORK_HAND_YAW), index_double).multiply(d, d, d)


def use_while_gliding(sim: TickContext, player: Entity) -> None:
    """`FireworkRocketItem.use`: only a gliding user launches a rocket, attached to it and (from 1.16) owned by it."""
    if not getattr(player, "fall_flying", False):
        return
    rocket = sim.create(FireworkRocket, player.pos)
    rocket.from_item(sim.features)
    rocket.shooter = player.id
    rocket.owner = player.id          # 1.16: setOwner(shooter); 1.14's rocket reads no owner
    sim.add_entity(rocket)
