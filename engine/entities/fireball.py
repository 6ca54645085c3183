"""`ExplosiveProjectileEntity` (spec 06 §9): ghast fireball, blaze (small) fireball, wither skull, dragon fireball.

Order F Dc Dc' A D M: base tick, raycast collision and its handling, `checkBlockCollision`, Motion := (Motion +
power) × drag, then the position moves by the Motion read before the acceleration (MAD, spec 06 §9.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.constants import (
    CHARGED_SKULL_DRAG,
    FIREBALL_ACCELERATION,
    FIREBALL_DRAG,
    FIREBALL_EXPLOSION_POWER,
    FIREBALL_HEIGHT,
    FIREBALL_HIT_DAMAGE,
    FIREBALL_WATER_DRAG,
    FIREBALL_WIDTH,
    SMALL_FIREBALL_HEIGHT,
    SMALL_FIREBALL_HIT_DAMAGE,
    SMALL_FIREBALL_WIDTH,
    WITHER_SKULL_EXPLOSION_POWER,
    WITHER_SKULL_HIT_DAMAGE,
    WITHER_SKULL_OWNERLESS_DAMAGE,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities.common import add_motion, scale_motion
from engine.entities.entity import rotation_vector
from engine.entities.projectile import (
    EntityHitResult,
    HitResult,
    Projectile,
    damage,
    get_collision,
    is_miss,
)
from engine.geometry.box import ZERO, Vec3
from engine.java.mathhelper import sqrt_float
from engine.motion.block_effects import check_block_collision

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.entities.entity import Entity

COLLISION = StageInfo("collision", "ProjectileUtil.getCollision", "Dc")
ON_COLLISION = StageInfo("on_collision", "ProjectileEntity.onCollision")
BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision", "Dc")
ACCELERATION = StageInfo("acceleration", "ExplosiveProjectileEntity.tick", "A")
DRAG = StageInfo("drag", "ExplosiveProjectileEntity.tick", "D")
POSITION = StageInfo("position_update", "Entity.updatePosition", "M")


class ExplosiveProjectile(Projectile):
    """`ExplosiveProjectileEntity`: a constant acceleration `power` (NBT "power"), drag 0.95F (water 0.8F), no
    gravity; never hits entities with noClip."""
    MECHANIC = "fireball"   # the versions table's row (engine/core/versions.py)

    WIDTH = FIREBALL_WIDTH
    HEIGHT = FIREBALL_HEIGHT
    HIT_DAMAGE: ClassVar[float | None] = None    # onEntityHit's damage; None: it deals none (dragon fireball)
    FIELDS: ClassVar[dict[str, type]] = {**Projectile.FIELDS, "power": Vec3}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.power = ZERO

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "power": list(self.power)}

    def attacker(self, sim: TickContext) -> Entity | None:
        """`DamageSource.fireball` / `mobProjectile`: the owner, or the projectile itself without one."""
        return self.get_owner(sim) or self

    def set_direction(self, dx: float, dy: float, dz: float) -> None:
        """The constructor's power: the direction over its float-rounded length, × 0.1 (none for a zero one)."""
        d = sqrt_float(dx * dx + dy * dy + dz * dz)
        if d != 0.0:
            self.power = Vec3(dx / d * FIREBALL_ACCELERATION, dy / d * FIREBALL_ACCELERATION,
                              dz / d * FIREBALL_ACCELERATION)

    def drag(self) -> float:
        """`getDrag`."""
        return FIREBALL_DRAG

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ExplosiveProjectileEntity.tick`: spec 06 §9.2. Removed when its owner has been removed (all chunks
        count as loaded)."""
        owner = self.get_owner(sim)
        if owner is not None and owner.removed:
            self.remove()
            return
        self.projectile_tick(sim, rec)                                                        # 1 F
        hit = run_stage(rec, self, COLLISION, get_collision, self, sim,
                        lambda e: self.can_hit(sim, e), rec)
        if not is_miss(hit):
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit, rec)
        run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)                   # 2
        target = self.pos.plus(self.motion)                                                   # 3
        k = FIREBALL_WATER_DRAG if self.touching_water else self.drag()
        run_stage(rec, self, ACCELERATION, add_motion, self, *self.power)                     # 4 A
        run_stage(rec, self, DRAG, scale_motion, self, k, k, k)                               # 5 D
        run_stage(rec, self, POSITION, self.set_position, target)                             # 6 M

    def can_hit(self, sim: TickContext, e: Entity) -> bool:
        """`method_26958`: also never an entity with noClip (spec 03 §8 overrides)."""
        return super().can_hit(sim, e) and not e.no_clip

    def on_collision(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`onCollision`: the entity takes the hit (block reactions such as fire are not modelled), then the
        type's own reaction."""
        if isinstance(hit, EntityHitResult):
            self.on_entity_hit(sim, hit.entity)
        self.on_landed(sim, hit, rec)

    def on_entity_hit(self, sim: TickContext, target: Entity) -> None:
        """`onEntityHit`: the target takes `HIT_DAMAGE` from this projectile and its owner."""
        if self.HIT_DAMAGE is not None:
            damage(sim, target, self.HIT_DAMAGE, self.attacker(sim))

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

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`ExplosiveProjectileEntity.damage` (spec 06 §9 deflection): with an attacker, Motion := its look
        vector, power := look × 0.1, owner := attacker."""
        if attacker is None:
            return False
        look = rotation_vector(attacker.pitch, attacker.yaw)
        self.motion = look
        self.power = look.multiply(FIREBALL_ACCELERATION, FIREBALL_ACCELERATION, FIREBALL_ACCELERATION)
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

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.charged = False

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "charged": self.charged}

    def on_entity_hit(self, sim: TickContext, target: Entity) -> None:
        """`WitherSkullEntity.onEntityHit`: 8 with an owner (which it heals, not modelled), else 5."""
        owner = self.get_owner(sim)
        damage(sim, target, WITHER_SKULL_OWNERLESS_DAMAGE if owner is None else WITHER_SKULL_HIT_DAMAGE, owner or self)

    def drag(self) -> float:
        """`WitherSkullEntity.getDrag`: 0.73F when charged (blue)."""
        return CHARGED_SKULL_DRAG if self.charged else FIREBALL_DRAG

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`WitherSkullEntity.onCollision`: a power-1 explosion at its position (source: the skull), removed."""
        sim.create_explosion(self, self.pos, WITHER_SKULL_EXPLOSION_POWER, rec)
        self.remove()


class DragonFireball(ExplosiveProjectile):
    TYPE = "minecraft:dragon_fireball"

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`DragonFireballEntity.onCollision`: removed unless the entity hit is its owner (the effect cloud is not
        modelled)."""
        if isinstance(hit, EntityHitResult) and hit.entity.id == self.owner:
            return
        self.remove()


EXPLOSIVE_TYPES: tuple[type[ExplosiveProjectile], ...] = (Fireball, SmallFireball, WitherSkull, DragonFireball)


def launch(sim: TickContext, cls: type[ExplosiveProjectile], pos: Vec3, direction: Vec3) -> ExplosiveProjectile:
    """`new ExplosiveProjectileEntity(type, x, y, z, dx, dy, dz, world)`: at `pos`, no Motion, power 0.1 along
    `direction` (spec 06 §9.1: a ghast aims it at its target's box centre). It joins the world."""
    p = sim.create(cls, pos)
    p.set_direction(*direction)
    sim.add_entity(p)
    return p
