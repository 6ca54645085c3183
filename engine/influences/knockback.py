"""Knockback (spec 04 §13): `LivingEntity.takeKnockback` and the attacker's push in `LivingEntity.damage`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    KNOCKBACK_ATTACK,
    KNOCKBACK_MAX_Y,
    KNOCKBACK_MAX_Y_1_12,
    KNOCKBACK_MIN_DISTANCE_SQUARED,
    KNOCKBACK_MIN_LENGTH_SQUARED_1_21,
    KNOCKBACK_RANDOM_SPREAD,
)
from engine.geometry.box import Vec3
from engine.java.javanum import f32
from engine.living.attributes import KNOCKBACK_RESISTANCE

if TYPE_CHECKING:
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.living.living_entity import LivingEntity


def take_knockback(e: LivingEntity, strength: float, x: float, z: float, features: Features) -> None:
    """`LivingEntity.takeKnockback` (AMBIGUITY-E6): strength × (1 − knockback resistance) as a float; if positive,
    horizontal Motion is halved and pushed by that much along −(x, z) normalised; on the ground
    Y := min(0.4, y / 2 + strength). From 1.17 the strength stays a double and the direction is normalised in
    double (`knockback_double`). From 1.21 a direction with x² + z² < 1.0E-5F is first drawn at random as
    `LivingEntity.damage` did before (`knockback_projectile_velocity`; vanilla's Math.random, here the entity's
    Random). Up to 1.15.2 (`knockback_resistance_scales` false) the resistance is a chance: one nextDouble of the
    entity's Random, below the resistance no knockback, else the whole strength (1.15.2 and 1.14
    `takeKnockback`, 1.12.2-1.13.2 `knockBack`); 1.12.2-1.13.2 cap Y at 0.4000000059604645, the float 0.4F
    (`knockback_clamp_float`)."""
    resistance = e.attributes.get_value(KNOCKBACK_RESISTANCE)
    if features.knockback_resistance_scales:
        f = strength * (1.0 - resistance)
        if not features.knockback_double:
            f = f32(f)
        if f <= 0.0:
            return
    elif e.random.next_double() < resistance:
        return
    else:
        f = strength
    if features.knockback_projectile_velocity:
        x, z = _random_direction_below(e, x, z, KNOCKBACK_MIN_LENGTH_SQUARED_1_21)
    m = e.motion
    n = Vec3(x, 0.0, z).normalize(features.knockback_double)
    push = Vec3(n.x * f, n.y * f, n.z * f)
    cap = KNOCKBACK_MAX_Y_1_12 if features.knockback_clamp_float else KNOCKBACK_MAX_Y
    e.motion = Vec3(m.x / 2.0 - push.x, min(cap, m.y / 2.0 + f) if e.on_ground else m.y, m.z / 2.0 - push.z)


def knockback_from_attacker(e: LivingEntity, attacker: Entity, features: Features) -> None:
    """`LivingEntity.damage`: 0.4F knockback from the attacker's side. Vanilla draws a random direction from
    `Math.random()` (unseeded) when the two are closer than 0.01 horizontally; here the entity's own Random."""
    d, z = attacker.pos.x - e.pos.x, attacker.pos.z - e.pos.z
    if not features.knockback_projectile_velocity:   # 1.21: the draw moved into takeKnockback
        d, z = _random_direction_below(e, d, z, KNOCKBACK_MIN_DISTANCE_SQUARED)
    e.take_knockback(KNOCKBACK_ATTACK, d, z, features)


def knockback_from_projectile(e: LivingEntity, projectile: Entity, features: Features) -> None:
    """1.21 `LivingEntity.damage` hit by a projectile: 0.4F knockback along −`ProjectileEntity.getKnockback`, the
    projectile's velocity (x, z), whoever owns it (`knockback_projectile_velocity`)."""
    m = projectile.motion
    e.take_knockback(KNOCKBACK_ATTACK, -m.x, -m.z, features)


def _random_direction_below(e: LivingEntity, x: float, z: float, limit: float) -> tuple[float, float]:
    """While x² + z² < `limit`: x and z each (random − random) × 0.01."""
    while x * x + z * z < limit:
        x = (e.random.next_double() - e.random.next_double()) * KNOCKBACK_RANDOM_SPREAD
        z = (e.random.next_double() - e.random.next_double()) * KNOCKBACK_RANDOM_SPREAD
    return x, z
