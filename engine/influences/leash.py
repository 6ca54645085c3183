"""Leashes (spec 04 §19): `MobEntity.updateLeash` and `PathAwareEntity.updateLeash`, run at the end of a mob's
tick (`MobEntity.tick`).

A mob holds its holder's id (`leash_holder`: a leash knot or any entity, the scene's `leash = { holder = ID }` or
`leashed_to = [x, y, z]`). Each tick, with f the float distance to the holder: beyond 10 the leash breaks and a
lead drops; beyond 6 the mob is pulled, Motion += copySign(d² · 0.4, d) per axis with d = Δ/f; within 6 the AI
walks towards the holder, which needs AI (the mobs engineer's navigation): a NoAI mob, or one whose goals choose no
movement, is not moved there.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import LEASH_BREAK_DISTANCE, LEASH_PULL, LEASH_PULL_DISTANCE
from engine.core.trace import StageInfo, run_stage
from engine.java.javanum import f32

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.entities.entity import Entity

LEASH = StageInfo("update_leash", "PathAwareEntity.updateLeash")
PULL = StageInfo("leash_pull", "PathAwareEntity.updateLeash")
DETACH = StageInfo("detach_leash", "MobEntity.detachLeash")
LEAD = "minecraft:lead"


def distance_to(a: Entity, b: Entity) -> float:
    """`Entity.distanceTo`: the differences cast to float, `MathHelper.sqrt` of their float squares' sum."""
    dx, dy, dz = f32(a.pos.x - b.pos.x), f32(a.pos.y - b.pos.y), f32(a.pos.z - b.pos.z)
    return f32(math.sqrt(f32(f32(f32(dx * dx) + f32(dy * dy)) + f32(dz * dz))))


def update_leash(mob: Entity, sim: TickContext, rec: Recorder | None) -> None:
    """The leash step of `MobEntity.tick`, recorded as one stage when the mob is leashed."""
    if mob.leash_holder is not None:
        run_stage(rec, mob, LEASH, _update_leash, mob, sim, rec)


def _update_leash(mob: Entity, sim: TickContext, rec: Recorder | None) -> None:
    holder = sim.entity_by_id(mob.leash_holder)
    if holder is None or holder.removed or mob.removed:            # MobEntity.updateLeash: !isAlive()
        run_stage(rec, mob, DETACH, detach_leash, mob, sim)
        return
    f = distance_to(mob, holder)                                    # PathAwareEntity.updateLeash
    if f > LEASH_BREAK_DISTANCE:
        run_stage(rec, mob, DETACH, detach_leash, mob, sim)
    elif f > LEASH_PULL_DISTANCE:
        run_stage(rec, mob, PULL, leash_pull, mob, holder, f)
    # f ≤ 6: enableControl(MOVE) and navigation.startMovingTo(...): AI, not simulated here


def leash_pull(mob: Entity, holder: Entity, f: float) -> None:
    """Motion += (copySign(d²·0.4, d), copySign(e²·0.4, e), copySign(g²·0.4, g)), d, e, g = (holder − mob) / f."""
    d = (holder.pos.x - mob.pos.x) / f
    e = (holder.pos.y - mob.pos.y) / f
    g = (holder.pos.z - mob.pos.z) / f
    mob.motion = mob.motion.add(math.copysign(d * d * LEASH_PULL, d), math.copysign(e * e * LEASH_PULL, e),
                                math.copysign(g * g * LEASH_PULL, g))


def detach_leash(mob: Entity, sim: TickContext) -> None:
    """`MobEntity.detachLeash(true, true)`: the holder is let go and a lead drops at the mob's feet
    (`dropItem(Items.LEAD)`: a new item entity with its spawn kick)."""
    from engine.entities.item import spawn_dropped
    mob.leash_holder = None
    sim.add_entity(spawn_dropped(sim, mob.pos.x, mob.pos.y, mob.pos.z, LEAD))


def attach(mob: Entity, holder: Entity) -> None:
    """`MobEntity.attachLeash`: the scene's leash (vanilla's `Leash` NBT, which any mob may carry)."""
    mob.leash_holder = holder.id
