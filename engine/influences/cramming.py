"""Entity cramming (spec 04 §10): `LivingEntity.tickCramming` and `Entity.pushAwayFrom`.

In its tick, after `travel`, a living entity finds the pushable entities whose boxes intersect its own; with more
than maxEntityCramming − 1 of them not riding, it takes 6 cramming damage one time in four (its own Random); then
each of them is pushed away from it, and it from each (`pushAwayFrom`), along the horizontal line between them.
Each push is recorded as a "cramming_push" segment.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import CRAMMING_CHANCE, CRAMMING_DAMAGE, CRAMMING_MIN_DISTANCE, CRAMMING_PUSH
from engine.core.trace import segment
from engine.java.mathhelper import float_cast
from engine.jit import njit, plain

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.living.living_entity import LivingEntity


def tick_cramming(e: LivingEntity, sim: TickContext, rec: Recorder | None) -> None:
    """`LivingEntity.tickCramming` on the server (`EntityPredicates.canBePushedBy`: pushable, not spectating;
    team rules are vanilla's default ALWAYS)."""
    others = sim.world.get_entities(e, e.box, lambda o: o.is_pushable())
    if not others:
        return
    limit = sim.max_entity_cramming
    if limit > 0 and len(others) > limit - 1 and e.random.next_int(CRAMMING_CHANCE) == 0:
        if sum(1 for o in others if o.vehicle is None) > limit - 1:
            e.damage(sim, "cramming", CRAMMING_DAMAGE)
    for o in others:
        before = o.motion
        o.push_away(e, sim.features)      # LivingEntity.pushAway(entity) → entity.pushAwayFrom(this)
        if rec is not None and o.motion != before:
            rec.geometry(segment("cramming_push", o.pos, o.pos.plus(o.motion).plus(before.multiply(-1, -1, -1)),
                                 entity=o.id))


def push_away_from(e: Entity, other: Entity, features: Features | None) -> None:
    """`Entity.pushAwayFrom(other)`: unless they share a vehicle tree or either is noClip, d = max(|dx|, |dz|)
    ≥ 0.01F gives each (if it carries no passengers) 0.05F × (dx, dz) / √d, the root taken as a float and the
    push capped for d > 1 (formula 5.10.1). From 1.17 the root is a double (`push_away_double_sqrt`); from 1.19
    each is pushed only if pushable (`push_away_checks_pushable`). `features` None: 1.16.5."""
    if e.is_connected_through_vehicle(other) or e.no_clip or other.no_clip:
        return
    pushed, d, z = _push_offset(other.pos.x - e.pos.x, other.pos.z - e.pos.z,
                                features is not None and features.push_away_double_sqrt)
    if not pushed:
        return
    pushable = features is not None and features.push_away_checks_pushable
    if not e.passengers and (not pushable or e.is_pushable()):
        e.motion = e.motion.add(-d, 0.0, -z)
    if not other.passengers and (not pushable or other.is_pushable()):
        other.motion = other.motion.add(d, 0.0, z)


@njit(inline=True)
def push_offset(dx: float, dz: float, double_sqrt: bool) -> tuple:
    """`Entity.pushAwayFrom`'s push of the other entity, from its offset (dx, dz) to this one: d = max(|dx|, |dz|)
    ≥ 0.01F gives (pushed, 0.05F × (dx, dz) / √d, the push capped for d > 1), the root a float (a double from
    1.17, `double_sqrt`); (False, 0, 0) closer. A kernel (engine.jit): the mobs' compiled cramming
    (engine.living.mob_kernel) inlines it, the object path runs it plain."""
    f = max(abs(dx), abs(dz))                         # MathHelper.absMax
    if f < CRAMMING_MIN_DISTANCE:
        return False, 0.0, 0.0
    f = math.sqrt(f) if double_sqrt else float_cast(math.sqrt(f))
    dx /= f
    dz /= f
    g = min(1.0 / f, 1.0)
    return True, dx * g * CRAMMING_PUSH, dz * g * CRAMMING_PUSH   # pushSpeedReduction 0: the (1 - 0F) factor is 1


_push_offset = plain(push_offset)
