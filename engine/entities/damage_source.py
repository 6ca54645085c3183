"""`DamageSource`s the engine deals, by vanilla's names (`DamageSource.name`), and their `isFire` / `isExplosive`
flags: what `Entity.damage` overrides read (spec 06 §3, §4; spec 04 §15)."""

from __future__ import annotations

IN_FIRE = "inFire"              # DamageSource.IN_FIRE (fire blocks), setFire
ON_FIRE = "onFire"              # DamageSource.ON_FIRE (burning), setFire
LAVA = "lava"                   # DamageSource.LAVA, setFire
CACTUS = "cactus"               # DamageSource.CACTUS
SWEET_BERRY_BUSH = "sweetBerryBush"
FREEZE = "freeze"                # DamageSource.FREEZE (powder snow, 1.17), bypasses armor
EXPLOSION = "explosion"         # DamageSource.explosion(...): setExplosive
OUT_OF_WORLD = "outOfWorld"
PLAYER = "player"               # DamageSource.player(attacker): a player's hit
PROJECTILE = "projectile"       # a projectile's hit (vanilla names it arrow, thrown, trident, fireball, ...)

_FIRE = frozenset({IN_FIRE, ON_FIRE, LAVA})
_EXPLOSIVE = frozenset({EXPLOSION})


def is_fire(source: str) -> bool:
    """`DamageSource.isFire`."""
    return source in _FIRE


def is_explosive(source: str) -> bool:
    """`DamageSource.isExplosive`."""
    return source in _EXPLOSIVE
