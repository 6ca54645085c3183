"""`TntMinecartEntity` (spec 06 §6.5, figure E14): a cart that explodes with a power from its speed or its fall.

Ignition: a powered activator rail primes it (fuse 80); damage that breaks it (wobble above 40; from 1.20.3 any fire
or explosive damage, `tnt_minecart_blast_primes`) primes it with a fuse of nextInt(20) + nextInt(20) when the source
is fire or explosive or the cart moves with horizontal speed² ≥ 0.01 (`dropItems`), else it breaks. It explodes when
the fuse reaches 0, when it hits a block horizontally with horizontal speed² ≥ 0.01, or when it lands after falling
≥ 3 m; the power is 4 + nextDouble·1.5·min(√v², 5), at most 11.5. A primed cart's explosion shields rails and the
blocks under them (`getEffectiveExplosionResistance` 0, `canExplosionDestroyBlock` false); a cart that explodes
unprimed (a crash, a fall) breaks them. Not modelled: a flaming arrow's hit (`damage` explodes the cart at once; no
arrow burns here).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from engine.constants import (
    TNT_MINECART_CRASH_SPEED_SQUARED,
    TNT_MINECART_FALL,
    TNT_MINECART_FALL_SCALE,
    TNT_MINECART_FUSE,
    TNT_MINECART_FUSE_SPREAD,
    TNT_MINECART_MAX_SPEED,
    TNT_MINECART_POWER,
    TNT_MINECART_POWER_SPREAD,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities import damage_source
from engine.entities.minecart import AbstractMinecart
from engine.entities.minecart_rails import RAILS
from engine.geometry.box import ZERO, Vec3
from engine.influences.blockrays import ExplosionBehavior
from engine.java.javanum import f32

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features

FUSE = StageInfo("fuse", "TntMinecartEntity.tick")
EXPLODE = StageInfo("explode", "TntMinecartEntity.explode")
RAIL_SHIELDING = ExplosionBehavior(RAILS)   # the overrides of getEffectiveExplosionResistance, canExplosionDestroyBlock


class TntMinecart(AbstractMinecart):
    TYPE = "minecraft:tnt_minecart"
    FIELDS = {"fuse": int}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.fuse = -1                      # TNTFuse: -1 unprimed
        self._sim: TickContext | None = None
        self._rec: Recorder | None = None

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "fuse": self.fuse}

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`TntMinecartEntity.tick`: the cart's tick, then the fuse, then the crash check."""
        self._sim, self._rec = sim, rec      # the fall and the activator rail explode from inside the cart tick
        super().tick(sim, rec)
        run_stage(rec, self, FUSE, self.tick_fuse)
        m = self.motion
        if self.horizontal_collision:
            v = m.x * m.x + m.z * m.z
            if v >= TNT_MINECART_CRASH_SPEED_SQUARED:
                self.explode(v)
        self._sim = self._rec = None

    def tick_fuse(self) -> None:
        if self.fuse > 0:
            self.fuse -= 1
        elif self.fuse == 0:
            m = self.motion
            self.explode(m.x * m.x + m.z * m.z)

    def explode(self, velocity: float) -> None:
        """`explode`: power (float)(4 + nextDouble·1.5·min(√v, 5)) at the position, BREAK; then removed. Vanilla
        does not check `removed`: a cart whose fuse ends as it crashes explodes twice."""
        sim = self._sim
        if sim is None:
            return
        d = min(math.sqrt(velocity), TNT_MINECART_MAX_SPEED)
        power = f32(TNT_MINECART_POWER + self.random.next_double() * TNT_MINECART_POWER_SPREAD * d)
        run_stage(self._rec, self, EXPLODE, sim.create_explosion, self, self.pos, power, self._rec)
        self.remove()

    def is_primed(self) -> bool:
        return self.fuse > -1

    def explosion_behavior(self) -> ExplosionBehavior:
        """While primed, rails and the blocks under them resist nothing and are kept; otherwise the default."""
        return RAIL_SHIELDING if self.is_primed() else super().explosion_behavior()

    def handle_fall_damage(self, sim: TickContext, distance: float, multiplier: float) -> bool:
        """`handleFallDamage`: landing after ≥ 3 m explodes with v = (distance / 10)², in float up to 1.21.4, in
        double from 1.21.5 (`fall_distance_double`, `MinecartTNT.causeFallDamage`); no damage taken."""
        if distance >= TNT_MINECART_FALL:
            if sim.features.fall_distance_double:
                d = distance / TNT_MINECART_FALL_SCALE
                self.explode(d * d)
            else:
                f = f32(distance / TNT_MINECART_FALL_SCALE)
                self.explode(float(f32(f * f)))
        return False

    def on_activator_rail(self, sim: TickContext, powered: bool) -> None:
        if powered and self.fuse < 0:
            self.prime()

    def prime(self) -> None:
        self.fuse = TNT_MINECART_FUSE

    def should_always_kill(self, features: Features, source: str) -> bool:
        """`TntMinecartEntity.shouldAlwaysKill` (1.20.3, `tnt_minecart_blast_primes`): a fire or explosive source,
        so any such damage primes the cart (`killAndDropSelf`), not only damage that passes a wobble of 40."""
        return features.tnt_minecart_blast_primes and (damage_source.is_fire(source)
                                                       or damage_source.is_explosive(source))

    def drop_items(self, source: str) -> None:
        """`TntMinecartEntity.dropItems`: a fire or explosive source, or a horizontal speed² ≥ 0.01, primes it
        with a random fuse (an already primed cart keeps its fuse) and it stays; otherwise it breaks."""
        m = self.motion
        if (not damage_source.is_fire(source) and not damage_source.is_explosive(source)
                and m.x * m.x + m.z * m.z < TNT_MINECART_CRASH_SPEED_SQUARED):
            super().drop_items(source)
        elif self.fuse < 0:
            self.prime()
            self.fuse = self.random.next_int(TNT_MINECART_FUSE_SPREAD) + self.random.next_int(TNT_MINECART_FUSE_SPREAD)
