"""`ExplosiveProjectileEntity` (spec 06 §9): ghast fireball, blaze (small) fireball, wither skull, dragon fireball.

Order F Dc Dc' A D M: base tick, raycast collision and its handling, `checkBlockCollision`, Motion := (Motion +
power) × drag, then the position moves by the Motion read before the acceleration (MAD, spec 06 §9.2). From 1.21
(`fireball_acceleration_power`) the acceleration is the Motion normalised × accelerationPower; from 1.21.2
(`fireball_tick_1_21_2`) A D come first, then Dc M Dc' F and the hit (docs/versions.md). `checkBlockCollision` runs
from 1.16.2 (`thrown_check_block_collision`). Up to 1.15.2 the owner is passed over until the 25th tick
(`fireball_owner_ticks`) and a box colliding where it is hits at once (`fireball_box_collision`).
"""

from __future__ import annotations

from math import sqrt
from typing import TYPE_CHECKING, Any, ClassVar

from engine.constants import (
    CHARGED_SKULL_DRAG,
    COLLISION_EPSILON,
    FIREBALL_ACCELERATION,
    FIREBALL_BORDER_REACH_1_13,
    FIREBALL_DEFLECTED_FACTOR,
    FIREBALL_DEFLECTED_POWER,
    FIREBALL_DRAG,
    FIREBALL_EXPLOSION_POWER,
    FIREBALL_HEIGHT,
    FIREBALL_HIT_DAMAGE,
    FIREBALL_OWNER_TICKS,
    FIREBALL_WATER_DRAG,
    FIREBALL_WIDTH,
    SMALL_FIREBALL_HEIGHT,
    SMALL_FIREBALL_HIT_DAMAGE,
    SMALL_FIREBALL_WIDTH,
    VEC_ZERO_BELOW,
    VEC_ZERO_BELOW_1_21_2,
    WITHER_SKULL_EXPLOSION_POWER,
    WITHER_SKULL_HIT_DAMAGE,
    WITHER_SKULL_OWNERLESS_DAMAGE,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities import fireball_kernel as kernel
from engine.entities.entity import rotation_vector
from engine.entities.fireball_kernel import FIREBALL_ROWS
from engine.entities.projectile import (
    BASE,
    COLLIDING_TYPES,
    EntityHitResult,
    HitResult,
    Projectile,
    collides,
    damage,
    get_collision,
    is_miss,
)
from engine.entities.rows import ProjectileRows, extra_flag, extra_int, extra_vec, multiply_motion
from engine.entities.thrown import ThrownBatch, block_arrays_of, flight_arguments
from engine.entities.thrown_1_12 import get_collision_1_12
from engine.geometry.box import ZERO, Vec3
from engine.geometry.shapes import intersects_box
from engine.java.mathhelper import floor, sqrt_float
from engine.jit import plain
from engine.motion.block_effects import check_block_collision
from engine.motion.collision import ORIGIN
from engine.motion.raycast import BlockHitResult, get_facing

if TYPE_CHECKING:
    import numpy as np

    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

COLLISION = StageInfo("collision", "ProjectileUtil.getCollision", "Dc")
ON_COLLISION = StageInfo("on_collision", "ProjectileEntity.onCollision")
BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision", "Dc")
ACCELERATION = StageInfo("acceleration", "ExplosiveProjectileEntity.tick", "A")
DRAG = StageInfo("drag", "ExplosiveProjectileEntity.tick", "D")
POSITION = StageInfo("position_update", "Entity.updatePosition", "M")
_accelerate, _drag = plain(kernel.accelerate), plain(multiply_motion)   # the row loop's stages, as plain Python


class FireballBatch(ThrownBatch):
    """Runs of one explosive projectile kind (fireballs, small fireballs, wither skulls, dragon fireballs; not
    wind charges, whose tick first tests the top Y): `engine.entities.fireball_kernel.tick_rows` up to one whose
    tick the object path takes, then on after it. Releases 1.16.2–1.21.11 run them (the power vector; from 1.21
    the accelerationPower along the Motion; from 1.21.2 another order, `late`); the releases the thrown loop leaves
    to the object path leave every fireball to it. A removed owner's fireball is handed back."""

    table = FIREBALL_ROWS
    mechanics = frozenset({"fireball", "fluids", "void"})

    def late(self, features: Features) -> bool:
        return features.fireball_tick_1_21_2

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        kind = self.kind
        live = kind.TYPE in COLLIDING_TYPES
        run = set(rows[start:].tolist()) if live else set()
        flight = flight_arguments(world, features, kind.eye_height_of(), len(rows) - start, lambda e: e.removed,
                                  lambda e: collides(e) and not (isinstance(e, ExplosiveProjectile) and e._r in run))
        stop, status, queried = kernel.tick_rows(
            *block_arrays_of(world), FIREBALL_ROWS.f, FIREBALL_ROWS.i, rows, start, False, live, self.late(features),
            0.0, features.fireball_acceleration_power, kind.ACCELERATION_POWER, zero_below(features), kind.DRAG,
            kind.CHARGED_DRAG, FIREBALL_WATER_DRAG, kind.WIDTH / 2.0, kind.HEIGHT, *flight, marks, saved_f, saved_i)
        world.entities_queried = queried
        return stop, status


def zero_below(features: Features) -> float:
    """`Vec3d.normalize`'s zero length: 1.0E-4, from 1.21.2 1.0E-5F."""
    return VEC_ZERO_BELOW_1_21_2 if features.fireball_tick_1_21_2 else VEC_ZERO_BELOW


def _acceleration_power(self: ExplosiveProjectile) -> float | None:
    return self._t.f[self._r, kernel.F_ACCELERATION].item() if self._t.i[self._r, kernel.I_ACCELERATION_SET] \
        else None


def _set_acceleration_power(self: ExplosiveProjectile, a: float | None) -> None:
    self._t.i[self._r, kernel.I_ACCELERATION_SET] = a is not None
    self._t.f[self._r, kernel.F_ACCELERATION] = 0.0 if a is None else a


class ExplosiveProjectile(ProjectileRows, Projectile):
    """`ExplosiveProjectileEntity`: a constant acceleration `power` (NBT "power"), drag 0.95F (water 0.8F), no
    gravity; never hits entities with noClip. From 1.21 the acceleration is `acceleration_power` (NBT
    "acceleration_power", None here for its default 0.1) along the Motion, and `power` is not read (the 1.21 game
    ignores the old NBT). Up to 1.15.2 `ticks_in_air` counts its ticks (`ticks`, not in the game's NBT). Its state
    is a row of `FIREBALL_ROWS` (engine.entities.fireball_kernel); each kind's runs take its `FireballBatch`."""
    MECHANIC = "fireball"   # the versions table's row (engine/core/versions.py)
    ROWS = FIREBALL_ROWS
    power = extra_vec(FIREBALL_ROWS, "power")
    acceleration_power = property(_acceleration_power, _set_acceleration_power)
    ticks_in_air = extra_int(FIREBALL_ROWS, "ticks_in_air")
    charged = extra_flag(FIREBALL_ROWS, "charged")   # a wither skull's (`WitherSkull.FIELDS`); false for the rest

    WIDTH = FIREBALL_WIDTH
    HEIGHT = FIREBALL_HEIGHT
    HIT_DAMAGE: ClassVar[float | None] = None    # onEntityHit's damage; None: it deals none (dragon fireball)
    ACCELERATION_POWER: ClassVar[float] = FIREBALL_ACCELERATION   # accelerationPower without the NBT value (1.21)
    DRAG: ClassVar[float] = FIREBALL_DRAG                         # getDrag
    CHARGED_DRAG: ClassVar[float] = FIREBALL_DRAG                 # getDrag of a charged one (wither skulls)
    FIELDS: ClassVar[dict[str, type]] = {**Projectile.FIELDS, "power": Vec3, "acceleration_power": float,
                                         "ticks_in_air": int}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.MECHANIC == "fireball":
            cls.batch = FireballBatch(cls)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.power = ZERO
        self.acceleration_power = None
        self.ticks_in_air = 0
        self.charged = False

    def type_fields(self) -> dict[str, Any]:
        fields = {**super().type_fields(), "power": list(self.power)}
        if self.acceleration_power is not None:
            fields["acceleration_power"] = self.acceleration_power
        return fields | {"ticks_in_air": self.ticks_in_air} if self.ticks_in_air else fields   # up to 1.15.2

    def owner_living_only(self, features: Features) -> bool:
        """Up to 1.15.2 (`fireball_owner_ticks`) `ExplosiveProjectileEntity.owner` is a `LivingEntity`: the shooter,
        or a living attacker that deflected it (not in the game's NBT)."""
        return features.fireball_owner_ticks

    def attacker(self, sim: TickContext) -> Entity | None:
        """`DamageSource.fireball` / `mobProjectile`: the owner, or the projectile itself without one."""
        return self.get_owner(sim) or self

    def set_direction(self, sim: TickContext, dx: float, dy: float, dz: float) -> None:
        """The constructor's power: the direction over its length (float-rounded up to 1.16.5, the double
        `Math.sqrt` from 1.17: `vec_double`), × 0.1 (none for a zero one). From 1.21
        (`setVelocityWithAcceleration`) the Motion instead: the direction normalised × accelerationPower."""
        f = sim.features
        if f.fireball_acceleration_power:
            a = self.accel_power()
            self.motion = Vec3(dx, dy, dz).normalize(True, zero_below(f)).multiply(a, a, a)
            return
        d = sqrt(dx * dx + dy * dy + dz * dz) if f.vec_double else sqrt_float(dx * dx + dy * dy + dz * dz)
        if d != 0.0:
            self.power = Vec3(dx / d * FIREBALL_ACCELERATION, dy / d * FIREBALL_ACCELERATION,
                              dz / d * FIREBALL_ACCELERATION)

    def accel_power(self) -> float:
        """`accelerationPower` (1.21): the NBT value, else its default 0.1."""
        return self.ACCELERATION_POWER if self.acceleration_power is None else self.acceleration_power

    def accelerate(self, sim: TickContext, rec: Recorder | None) -> None:
        """Step A: the power vector added to the Motion, or from 1.21 the Motion normalised (the double length;
        zero below 1.0E-4, 1.0E-5F from 1.21.2) × accelerationPower (`fireball_kernel.accelerate`)."""
        f = sim.features
        run_stage(rec, self, ACCELERATION, _accelerate, self._t.f, self._r, f.fireball_acceleration_power,
                  self.accel_power(), zero_below(f))

    def on_deflected(self, sim: TickContext, from_attack: bool) -> None:
        """`onDeflected` (1.20.5): power := Motion × 0.1 from an attack, × 0.05 otherwise; from 1.21
        accelerationPower := 0.1 from an attack, halved otherwise."""
        if sim.features.fireball_acceleration_power:
            self.acceleration_power = (FIREBALL_ACCELERATION if from_attack
                                       else self.accel_power() * FIREBALL_DEFLECTED_FACTOR)
        else:
            k = FIREBALL_ACCELERATION if from_attack else FIREBALL_DEFLECTED_POWER
            self.power = self.motion.multiply(k, k, k)

    def drag(self) -> float:
        """`getDrag` (a charged wither skull's 0.73F)."""
        return self.CHARGED_DRAG if self.charged else self.DRAG

    def drag_in_water(self) -> float:
        """`getDragInWater`."""
        return FIREBALL_WATER_DRAG

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ExplosiveProjectileEntity.tick`: spec 06 §9.2. Removed when its owner has been removed (all chunks
        count as loaded)."""
        owner = self.get_owner(sim)
        if sim.features.fireball_tick_1_21_2:
            self.tick_1_21_2(sim, rec, owner)
            return
        if owner is not None and owner.removed:
            self.remove()
            return
        if sim.features.fireball_owner_ticks:   # up to 1.15.2: no "left owner" to update, the ticks counted
            run_stage(rec, self, BASE, self.base_tick, sim, rec)                              # 1 F
            self.ticks_in_air += 1
        else:
            self.projectile_tick(sim, rec)                                                    # 1 F
        hit = run_stage(rec, self, COLLISION, self.collision, sim, owner, rec)
        if hit is not None and not is_miss(hit):                                             # None: 1.12.2's miss
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit, rec)
        if sim.features.thrown_check_block_collision:                                        # 2 (1.16.2+)
            run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)
        target = self.pos.plus(self.motion)                                                   # 3
        k = self.drag_in_water() if self.touching_water else self.drag()
        self.accelerate(sim, rec)                                                             # 4 A
        run_stage(rec, self, DRAG, _drag, self._t.f, self._r, k)                              # 5 D
        run_stage(rec, self, POSITION, self.set_position, target)                             # 6 M

    def tick_1_21_2(self, sim: TickContext, rec: Recorder | None, owner: Entity | None) -> None:
        """`ExplosiveProjectileEntity.tick` from 1.21.2: `applyDrag` (the acceleration and the drag, the water
        test of the last tick) even when the owner is gone; then the raycast along the new Motion, the move to the
        hit or by the Motion, `tickBlockCollision`, the base tick, and the hit if the fireball is still alive."""
        k = self.drag_in_water() if self.touching_water else self.drag()
        self.accelerate(sim, rec)                                                             # A
        run_stage(rec, self, DRAG, _drag, self._t.f, self._r, k)                              # D
        if owner is not None and owner.removed:
            self.remove()
            return
        hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec)  # Dc
        target = self.pos.plus(self.motion) if is_miss(hit) else hit.pos
        run_stage(rec, self, POSITION, self.set_position, target)                             # M
        run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)                   # Dc'
        self.projectile_tick(sim, rec)                                                        # F
        if not is_miss(hit) and not self.removed:
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit, rec)

    def collision(self, sim: TickContext, owner: Entity | None, rec: Recorder | None) -> HitResult | None:
        """`ProjectileUtil.getCollision`. In 1.13.2–1.15.2 (`fireball_box_collision`) it first asks
        `World.doesNotCollide` of the box where it is, passing over the owner and its vehicle before the 25th tick:
        where the box collides, the hit is a block hit at the position, facing the Motion, in the position's cell.
        1.12.2 and 1.13.2 (`fireball_ray_1_12`) then cast `ProjectileHelper.forwardsRaycast`'s ray:
        `thrown_1_12.get_collision_1_12`, blocks without a collision box passed."""
        f = sim.features
        if f.fireball_box_collision:
            passed = () if owner is None or self.ticks_in_air >= FIREBALL_OWNER_TICKS else (owner, owner.vehicle)
            if box_collides(sim, self, passed):
                p, v = self.pos, self.motion
                return BlockHitResult(p, get_facing(*v), (floor(p.x), floor(p.y), floor(p.z)), False, False)
        if f.fireball_ray_1_12:
            return get_collision_1_12(self, sim, lambda e: self.can_hit(sim, e), "fireball", True)
        return get_collision(self, sim, lambda e: self.can_hit(sim, e), rec)

    def can_hit(self, sim: TickContext, e: Entity) -> bool:
        """`method_26958`: also never an entity with noClip (spec 03 §8 overrides). Up to 1.15.2
        (`fireball_owner_ticks`) any collidable entity but the owner before the 25th tick, left or not."""
        if sim.features.fireball_owner_ticks:
            return collides(e) and not e.no_clip and (self.ticks_in_air >= FIREBALL_OWNER_TICKS
                                                      or e is not self.get_owner(sim))
        return super().can_hit(sim, e) and not e.no_clip

    def on_collision(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`onCollision`: the entity takes the hit (block reactions such as fire are not modelled), then the
        type's own reaction."""
        if isinstance(hit, EntityHitResult):
            self.redirect_hit(sim, hit.entity)
            self.on_entity_hit(sim, hit.entity)
        self.on_landed(sim, hit, rec)

    def on_entity_hit(self, sim: TickContext, target: Entity) -> None:
        """`onEntityHit`: the target takes `HIT_DAMAGE` from this projectile and its owner."""
        if self.HIT_DAMAGE is not None:
            damage(sim, target, self.HIT_DAMAGE, self.attacker(sim), self)

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """Small fireballs go out on any hit (the fire they light is not modelled)."""
        self.remove()


class Fireball(ExplosiveProjectile):
    """`FireballEntity` (ghast): explodes on a hit; other hits deflect it."""

    TYPE = "minecraft:fireball"
    HIT_DAMAGE = FIREBALL_HIT_DAMAGE
    FIELDS: ClassVar[dict[str, type]] = {**ExplosiveProjectile.FIELDS, "explosion_power": int}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.explosion_power = FIREBALL_EXPLOSION_POWER

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`FireballEntity.onCollision`: an explosion at its position of this tick (source null in vanilla, so
        the event's source is None), then removed."""
        sim.create_explosion(None, self.pos, float(self.explosion_power), rec)
        self.remove()

    REDIRECTABLE = True   # the redirectable_projectile tag (1.20.5)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`ExplosiveProjectileEntity.damage` (spec 06 §9 deflection): with an attacker, Motion := its look
        vector, power := look × 0.1, owner := attacker (up to 1.15.2 a living one only, `fireball_owner_ticks`:
        else the owner stays). From 1.20.5 (`projectile_deflection`) a hit no longer
        deflects it (the hitting projectile redirects it first, `Projectile.redirect_hit`): true unless removed."""
        if sim.features.projectile_deflection:
            return not self.removed
        if attacker is None:
            return False
        look = rotation_vector(attacker.pitch, attacker.yaw)
        self.motion = look
        self.power = look.multiply(FIREBALL_ACCELERATION, FIREBALL_ACCELERATION, FIREBALL_ACCELERATION)
        if attacker.living or not sim.features.fireball_owner_ticks:
            self.owner = attacker.id
        return True


class SmallFireball(ExplosiveProjectile):
    TYPE = "minecraft:small_fireball"
    HIT_DAMAGE = SMALL_FIREBALL_HIT_DAMAGE
    WIDTH = SMALL_FIREBALL_WIDTH
    HEIGHT = SMALL_FIREBALL_HEIGHT


class WitherSkull(ExplosiveProjectile):
    TYPE = "minecraft:wither_skull"
    WIDTH = SMALL_FIREBALL_WIDTH
    HEIGHT = SMALL_FIREBALL_HEIGHT
    FIELDS: ClassVar[dict[str, type]] = {**ExplosiveProjectile.FIELDS, "charged": bool}
    CHARGED_DRAG = CHARGED_SKULL_DRAG   # WitherSkullEntity.getDrag when charged (blue)

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "charged": self.charged}

    def on_entity_hit(self, sim: TickContext, target: Entity) -> None:
        """`WitherSkullEntity.onEntityHit`: 8 with an owner (which it heals, not modelled), else 5."""
        owner = self.get_owner(sim)
        amount = WITHER_SKULL_OWNERLESS_DAMAGE if owner is None else WITHER_SKULL_HIT_DAMAGE
        damage(sim, target, amount, owner or self, self)

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`WitherSkullEntity.onCollision`: a power-1 explosion at its position (source: the skull), removed."""
        sim.create_explosion(self, self.pos, WITHER_SKULL_EXPLOSION_POWER, rec)
        self.remove()


class DragonFireball(ExplosiveProjectile):
    TYPE = "minecraft:dragon_fireball"

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`DragonFireballEntity.onCollision`: removed unless the entity hit is its owner (the effect cloud is not
        modelled)."""
        if isinstance(hit, EntityHitResult) and hit.entity is self.get_owner(sim):
            return
        self.remove()


EXPLOSIVE_TYPES: tuple[type[ExplosiveProjectile], ...] = (Fireball, SmallFireball, WitherSkull, DragonFireball)


def box_collides(sim: TickContext, e: Entity, passed: tuple[Entity | None, ...]) -> bool:
    """`!World.doesNotCollide(e, its box, passed)` of 1.14-1.15.2 (`CollisionView.getCollisions`): a block's
    collision shape overlaps the box; or the box is inside the world border and touches it (contracted by 1.0E-7 it
    meets nothing outside, expanded by 1.0E-7 it does); or a solid entity's box (a boat's, a shulker's) meets the
    box expanded by 1.0E-7, other than those passed. 1.13.2's `isCollisionBoxesEmpty` (`fireball_ray_1_12`): the
    solid entity's box meets the box itself (`intersects`, no margin); a world border within 2 of the box (its cells
    outside the border taken as full cubes) stops the run in one line."""
    world, box = sim.world, e.box
    if sim.features.fireball_ray_1_12 and world.border_in_reach(box.expand(FIREBALL_BORDER_REACH_1_13)):
        raise refusal(sim.features, "fireball", f"entity {e.id} ({e.TYPE}), tick {sim.tick_count}",
                      "IWorldReaderBase.isCollisionBoxesEmpty of 1.13.2 near the world border (the cells outside it "
                      "as full cubes where the box's cells grown by one are not inside it) not simulated")
    if world.get_block_collisions(box):
        return True
    if world.border_in_reach(box) and not intersects_box(world.border_shape, ORIGIN, box.contract(COLLISION_EPSILON)) \
            and intersects_box(world.border_shape, ORIGIN, box.expand(COLLISION_EPSILON)):
        return True
    grown = box if sim.features.fireball_ray_1_12 else box.expand(COLLISION_EPSILON)
    return bool(world.collidable_count) and bool(world.get_entities(
        e, grown, lambda o: o.collidable and o not in passed and o.box.intersects(grown)))


def launch(sim: TickContext, cls: type[ExplosiveProjectile], pos: Vec3, direction: Vec3) -> ExplosiveProjectile:
    """`new ExplosiveProjectileEntity(type, x, y, z, dx, dy, dz, world)`: at `pos`, no Motion, power 0.1 along
    `direction` (spec 06 §9.1: a ghast aims it at its target's box centre; from 1.21 the Motion instead). It joins
    the world."""
    p = sim.create(cls, pos)
    p.set_direction(sim, *direction)
    sim.add_entity(p)
    return p
