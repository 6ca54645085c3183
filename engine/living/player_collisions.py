"""What a player touches at the end of its tick (`PlayerEntity.tickMovement`'s `collideWithEntity`; 1.12.2
`EntityPlayer.onLivingUpdate` → `Entity.onCollideWithPlayer`): a player alive (spectators are not modelled) calls
`onPlayerCollision` on each entity not removed whose box meets its own grown by (1, 0.5, 1) (riding a vehicle not
removed: its box and the vehicle's, together, grown by (1, 0, 1)). Items, XP orbs, arrows and tridents are picked
up there (removed, the inventory or the experience changed); the inventory and the experience are not modelled, so
where this tick would pick one up the run stops in one line, before the game would remove it, naming the picked
entity's row (`item`, `xp_orb`, `arrow`: docs/versions.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import PLAYER_PICK_UP_REACH, PLAYER_PICK_UP_REACH_Y
from engine.core.edits import edits
from engine.core.versions import refusal
from engine.entities.arrow import PersistentProjectile, Trident
from engine.entities.item import Item
from engine.entities.xp_orb import ExperienceOrb

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity
    from engine.geometry.box import Box
    from engine.living.player import PlayerEntity
    from engine.world.world import World

PICKABLE = (Item, ExperienceOrb, PersistentProjectile)
_held: tuple[World, int, bool] | None = None


def holds_pickables(world: World) -> bool:
    """Whether the world holds an item, an XP orb or an arrow (kept while who is in the world does not change:
    engine.core.edits), so that a world without one costs no search per player."""
    global _held
    if _held is None or _held[0] is not world or _held[1] != edits():
        _held = (world, edits(), any(isinstance(e, PICKABLE) for e in world.entities.values()))
    return _held[2]


def collision_box(player: PlayerEntity) -> Box:
    """The box `tickMovement` collides with: grown by (1, 0.5, 1); with a vehicle not removed, the union of both
    boxes grown by (1, 0, 1)."""
    v = player.vehicle
    if v is not None and not v.removed:
        return player.box.union(v.box).expand(PLAYER_PICK_UP_REACH, 0.0, PLAYER_PICK_UP_REACH)
    return player.box.expand(PLAYER_PICK_UP_REACH, PLAYER_PICK_UP_REACH_Y, PLAYER_PICK_UP_REACH)


def would_pick_up(sim: TickContext, player: PlayerEntity, e: Entity) -> bool:
    """Whether `e.onPlayerCollision(player)` removes `e` (the inventory, not modelled, is taken to have room):
    `ItemEntity`: a pickup delay of 0 (no owner: the engine's items have none); `ExperienceOrbEntity`: a pickup
    delay of 0 up to 1.16.5 (1.17 has none) and the player's `experiencePickUpDelay` 0 (only a pickup sets it);
    `PersistentProjectileEntity`: in the ground (or no-clip, a returning trident), shake ≤ 0, and the pickup rule,
    which is not kept, taken as ALLOWED (a player's or a dispenser's arrow; a summoned one is DISALLOWED in the
    game and stays); a trident only by its owner or where it has none (`TridentEntity.onPlayerCollision`)."""
    if isinstance(e, Item):
        return e.pickup_delay == 0
    if isinstance(e, ExperienceOrb):
        return sim.features.xp_orb_merging or e.pickup_delay == 0
    if isinstance(e, PersistentProjectile):
        if not ((e.in_ground or e.no_clip) and e.shake <= 0):
            return False
        owner = e.get_owner(sim) if isinstance(e, Trident) else None
        return owner is None or owner is player
    return False


def collide_with_entities(sim: TickContext, player: PlayerEntity) -> None:
    """`PlayerEntity.tickMovement`'s collisions, after the player's move of this tick: stop where one of them would
    pick an entity up."""
    if player.removed or player.is_dead() or not holds_pickables(sim.world):
        return
    for e in sim.world.get_entities(player, collision_box(player)):
        if not e.removed and would_pick_up(sim, player, e):
            raise refusal(sim.features, e.MECHANIC, f"entity {e.id} ({e.TYPE}), tick {sim.tick_count}",
                          f"player {player.id} picks it up (PlayerEntity.tickMovement → onPlayerCollision): the "
                          "inventory and experience are not modelled")
