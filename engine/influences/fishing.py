"""Reeling in a fishing rod (spec 04 §12): `FishingBobberEntity.use` and `pullHookedEntity`.

A scene's `reel` action is the owner using its rod while its bobber is out: the hooked entity's Motion gains, once,
(owner − bobber) × 0.1, and the bobber is removed. Vanilla measures from the bobber, which sits at the hooked
entity's x, body y (0.8 of its height) and z, not from the entity's feet as the thesis' "distance between the
entity and the rod user" reads. Fishing loot (a bobber reeled in while a fish bites) is not simulated: bobbing in
water stops the run before it could happen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import BOBBER_PULL
from engine.entities.fishing_bobber import FishingBobber
from engine.geometry.box import Vec3

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity

def fish_hook_of(sim: TickContext, player: Entity) -> FishingBobber | None:
    """`PlayerEntity.fishHook`: the player's bobber in the world, if any."""
    return next((e for e in sim.entities if isinstance(e, FishingBobber) and e.owner == player.id and not e.removed),
                None)


def reel(sim: TickContext, player: Entity) -> None:
    """`FishingRodItem.use` with a bobber out → `FishingBobberEntity.use`: pull what is hooked (a `fishing_pull`
    event with the Motion added), remove the bobber. Without a bobber nothing happens (casting is a scene spawn).
    From 1.17 (`bobber_use_checks_owner`) a bobber more than 32 m from its owner (`removeIfInvalid`) is removed
    without pulling."""
    bobber = fish_hook_of(sim, player)
    if bobber is None:
        return
    if sim.features.bobber_use_checks_owner and bobber.remove_if_invalid(player):   # 1.17: removeIfInvalid first
        bobber.remove()
        return
    hooked = bobber.hooked_entity(sim)
    if hooked is not None:
        pull = pull_hooked_entity(bobber, hooked, player)
        sim.emit({"kind": "fishing_pull", "bobber": bobber.id, "hooked": hooked.id, "pull": list(pull)})
    bobber.remove()


def pull_hooked_entity(bobber: FishingBobber, hooked: Entity, owner: Entity) -> Vec3:
    """`pullHookedEntity`: hooked Motion += (owner position − bobber position) × 0.1D; returns what was added."""
    o, b = owner.pos, bobber.pos
    pull = Vec3((o.x - b.x) * BOBBER_PULL, (o.y - b.y) * BOBBER_PULL, (o.z - b.z) * BOBBER_PULL)
    hooked.motion = hooked.motion.plus(pull)
    return pull
