"""Wind charges (1.21-1.21.11; the classes of 1.21.4, 1.21.7, 1.21.8 and 1.21.11 are 1.21.3's):
`AbstractWindChargeEntity`, `WindChargeEntity` (a player's, thrown or dispensed) and
`BreezeWindChargeEntity` (a breeze's), explosive projectiles without acceleration or drag.

Their tick is `ExplosiveProjectileEntity.tick` (engine/entities/fireball.py: 1.21's order, 1.21.2's with
`fireball_tick_1_21_2`) with accelerationPower 0.0 and drag 1.0F in air and water: the Motion stays as it is (+
the normalised Motion × 0, × 1.0). Before it, a charge above the world's top Y + 30 bursts where it is (1.21: above
`getTopY`, one past the top row; 1.21.2: above `getTopYInclusive`, `wind_charge_top_inclusive`). A hit bursts it:
an entity hit (not another wind charge, not an end crystal) takes 1.0F (`damageSources().windCharge`, knockback
along the charge's flight for a living one) and the burst is at the charge's position; a block hit bursts at the
hit + the hit side's unit vector × 0.25. Either way the charge is removed.

The burst (`createExplosion`) is `World.createExplosion(this, null, behavior, x, y, z, power, false, TRIGGER)`:
the explosion code of TNT (engine/influences/explosion.py) with a TRIGGER_BLOCK destruction type (blocks are
triggered, none removed) and an `AdvancedExplosionBehavior`: barrier and bedrock resist 3600000.0F and nothing
else resists the rays, no damage, the impulse × 1.22F (wind charge, power 1.2F) or × 1.0 (breeze wind charge,
power 3.0F). Not modelled: a projectile redirecting a wind charge (the 5-tick `deflectCooldown`), the block a
charge hits reacting to the hit (`onProjectileHit`: targets, bells), the wind-charged fall-damage rules of a
player it launches (`currentExplosionImpactPos`), its particles and sounds. An explosion's push goes through
`addVelocity` from 1.21.4, which a charge overrides to do nothing (`ignores_add_velocity`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.constants import (
    BREEZE_WIND_CHARGE_POWER,
    WIND_CHARGE_ACCELERATION,
    WIND_CHARGE_BOX_DROP,
    WIND_CHARGE_DRAG,
    WIND_CHARGE_HEIGHT,
    WIND_CHARGE_HIT_DAMAGE,
    WIND_CHARGE_HIT_OFFSET,
    WIND_CHARGE_IMMUNE,
    WIND_CHARGE_KNOCKBACK,
    WIND_CHARGE_POWER,
    WIND_CHARGE_TOP_MARGIN,
    WIND_CHARGE_WIDTH,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities.fireball import ExplosiveProjectile
from engine.entities.projectile import EntityHitResult, HitResult, damage
from engine.geometry.box import ZERO, Box, Vec3
from engine.influences.blockrays import ExplosionBehavior
from engine.influences.piston_block_entity import BY_NAME
from engine.java.mathhelper import floor
from engine.world.dimensions import top_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity

BURST = StageInfo("burst", "AbstractWindChargeEntity.createExplosion")
TRIGGER = "trigger_block"   # engine.influences.explosion.TRIGGER_BLOCK (ExplosionSourceType.TRIGGER)


class AbstractWindCharge(ExplosiveProjectile):
    """`AbstractWindChargeEntity`: see the module's text. `POWER` and `BEHAVIOR` are the burst's."""

    MECHANIC = "wind_charge"
    WIDTH = WIND_CHARGE_WIDTH
    HEIGHT = WIND_CHARGE_HEIGHT
    HIT_DAMAGE = WIND_CHARGE_HIT_DAMAGE
    POWER: ClassVar[float] = WIND_CHARGE_POWER
    BEHAVIOR: ClassVar[ExplosionBehavior] = ExplosionBehavior(immune=WIND_CHARGE_IMMUNE, damages=False,
                                                              spares_decorations=True)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.box = self.calculate_bounding_box(pos)

    @property
    def eye_height(self) -> float:
        """`eyeHeight(0.0F)`."""
        return 0.0

    def calculate_bounding_box(self, pos: Vec3) -> Box:
        """`calculateBoundingBox`: the width about X and Z, from y − 0.15F up by the height."""
        f = self.WIDTH / 2.0
        bottom = pos.y - WIND_CHARGE_BOX_DROP
        return Box(pos.x - f, bottom, pos.z - f, pos.x + f, bottom + self.HEIGHT, pos.z + f)

    def set_position(self, pos: Vec3) -> None:
        self.pos = pos
        self.box = self.calculate_bounding_box(pos)

    def accel_power(self) -> float:
        """accelerationPower: 0.0 from the constructors (an NBT `acceleration_power` still replaces it)."""
        return WIND_CHARGE_ACCELERATION if self.acceleration_power is None else self.acceleration_power

    def drag(self) -> float:
        return WIND_CHARGE_DRAG

    def drag_in_water(self) -> float:
        """`getDragInWater` = `getDrag`."""
        return self.drag()

    def explosion_behavior(self) -> ExplosionBehavior:
        return self.BEHAVIOR

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`AbstractWindChargeEntity.tick`: above the top Y + 30 it bursts where it is and is removed; else the
        explosive projectile's tick."""
        top = top_y(sim.world.dimension, sim.features) - (1 if sim.features.wind_charge_top_inclusive else 0)
        if floor(self.pos.y) > top + WIND_CHARGE_TOP_MARGIN:
            self.create_explosion(sim, self.pos, rec)
            self.remove()
            return
        super().tick(sim, rec)

    def ignores_add_velocity(self, features: Features) -> bool:
        """`addVelocity` does nothing (1.21-1.21.11); an explosion pushes through it from 1.21.4
        (`explosion_add_velocity`; up to 1.21.3 `setVelocity(getVelocity().add(..))` pushes the charge)."""
        return features.explosion_add_velocity

    def can_hit(self, sim: TickContext, e: Entity) -> bool:
        """`canHit`: never another wind charge or an end crystal."""
        return not isinstance(e, AbstractWindCharge) and e.TYPE != "minecraft:end_crystal" and super().can_hit(sim, e)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`damage`: false (1.21 `AbstractWindChargeEntity`, 1.21.2 `ExplosiveProjectileEntity`)."""
        return False

    def on_entity_hit(self, sim: TickContext, target: Entity) -> None:
        """`onEntityHit`: 1.0F to the target from the charge and its living owner (the burst follows in
        `on_landed`)."""
        owner = self.get_owner(sim)
        damage(sim, target, self.HIT_DAMAGE, owner if owner is not None and owner.living else None, self)

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """The burst: at the charge's position after an entity hit (`onEntityHit`), at the hit + the side's
        vector × 0.25 after a block hit (`onBlockHit`); then (`onCollision`) removed."""
        if isinstance(hit, EntityHitResult):
            self.create_explosion(sim, self.pos, rec)
        else:
            dx, dy, dz = BY_NAME[hit.side].offset
            k = WIND_CHARGE_HIT_OFFSET
            self.create_explosion(sim, hit.pos.plus(Vec3(dx * k, dy * k, dz * k)), rec)
        self.remove()

    def create_explosion(self, sim: TickContext, pos: Vec3, rec: Recorder | None) -> None:
        """`createExplosion(pos)`: the TRIGGER explosion of `POWER` with this charge as its source."""
        run_stage(rec, self, BURST, sim.create_explosion, self, pos, self.POWER, rec, TRIGGER)


class WindCharge(AbstractWindCharge):
    """`WindChargeEntity`: power 1.2F, knockback modifier 1.22F."""

    TYPE = "minecraft:wind_charge"
    BEHAVIOR = AbstractWindCharge.BEHAVIOR._replace(knockback=float(WIND_CHARGE_KNOCKBACK))


class BreezeWindCharge(AbstractWindCharge):
    """`BreezeWindChargeEntity`: power 3.0F, the default knockback (1.0)."""

    TYPE = "minecraft:breeze_wind_charge"
    POWER = BREEZE_WIND_CHARGE_POWER


WIND_CHARGE_TYPES: tuple[type[AbstractWindCharge], ...] = (WindCharge, BreezeWindCharge)
