"""What a player touches at the end of its tick (`PlayerEntity.tickMovement`'s `collideWithEntity`; 1.12.2
`EntityPlayer.onLivingUpdate` → `Entity.onCollideWithPlayer`): a player alive (spectators are not modelled) calls
`onPlayerCollision` on each entity not removed whose box meets its own grown by (1, 0.5, 1) (riding a vehicle not
removed: its box and the vehicle's, together, grown by (1, 0, 1)), in `getOtherEntities` order. Items, XP orbs,
arrows and tridents are picked up there (`engine.living.inventory`: the inventory and the experience). From 1.17
(20w51a, with `xp_orb_merging`) the XP orbs met are set aside and one of them, drawn with the player's Random
(`Util.getRandom`: nextInt(their number)), is collided with after the others.

What is not simulated stops the run in one line naming the picked entity's row (`item`, `xp_orb`, `arrow`):
creative mode (the engine's creative player is an `invulnerable` one) where it decides — a stack that finds no room,
which creative mode destroys, or an arrow whose pickup rule is CREATIVE_ONLY —, a stack that would join the item in
the main hand or the off hand (`equipment`, whose stacks hold one item), and an experience total or level bar
passing 2³¹ − 1. Mending cannot be given in a scene, so no orb repairs anything (`chooseEquipmentWith` finds nothing
and draws nothing; 1.12.2's `getEnchantedItem` draws only where an item has Mending)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import PLAYER_PICK_UP_REACH, PLAYER_PICK_UP_REACH_Y, PLAYER_XP_PICK_UP_DELAY
from engine.core.edits import edits
from engine.core.versions import refusal
from engine.entities.arrow import PersistentProjectile, Trident
from engine.entities.item import Item
from engine.entities.projectile import ALLOWED, CREATIVE_ONLY
from engine.entities.xp_orb import ExperienceOrb
from engine.java.javanum import INT_MAX
from engine.living.inventory import OFFHAND, XP_LEVEL_MAX, add_experience, insert_stack, main_slots, slots_of

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


def collide_with_entities(sim: TickContext, player: PlayerEntity) -> None:
    """`PlayerEntity.tick`'s countdown of `experiencePickUpDelay` (before its `tickMovement`), then
    `tickMovement`'s collisions, after the player's move of this tick."""
    if player.removed:
        return
    if player.experience_pick_up_delay > 0:
        player.experience_pick_up_delay -= 1
    if player.is_dead() or not holds_pickables(sim.world):
        return
    met = sim.world.get_entities(player, collision_box(player))
    merging = sim.features.xp_orb_merging          # 1.17: the orbs met are set aside, one is drawn below
    for e in met:
        if not e.removed and not (merging and isinstance(e, ExperienceOrb)):
            on_player_collision(sim, player, e)
    orbs = [e for e in met if merging and isinstance(e, ExperienceOrb) and not e.removed]   # discarded ones gone
    if orbs:
        on_player_collision(sim, player, orbs[player.random.next_int(len(orbs))])


def on_player_collision(sim: TickContext, player: PlayerEntity, e: Entity) -> None:
    """`e.onPlayerCollision(player)` for the kinds that take part."""
    if isinstance(e, Item):
        pick_up_item(sim, player, e)
    elif isinstance(e, ExperienceOrb):
        absorb_orb(sim, player, e)
    elif isinstance(e, PersistentProjectile):
        pick_up_projectile(sim, player, e)


def _stop(sim: TickContext, player: PlayerEntity, e: Entity, why: str) -> NotImplementedError:
    return refusal(sim.features, e.MECHANIC, f"entity {e.id} ({e.TYPE}), tick {sim.tick_count}",
                   f"player {player.id} picks it up (PlayerEntity.tickMovement → onPlayerCollision): {why}")


def insert(sim: TickContext, player: PlayerEntity, e: Entity, item: str, count: int) -> tuple[int, bool]:
    """`player.getInventory().insertStack` of `count` `item`s picked from `e`: the count left and the game's
    answer; the inventory changed. Stops where creative mode or a hand's count would decide."""
    main = main_slots(player)
    hand = player.equipment.get("offhand")
    offhand, left, answer, took = insert_stack(main, None if hand is None else (hand, 1), player.selected_slot,
                                               item, count)
    if OFFHAND in took or ("mainhand" in player.equipment and player.selected_slot in took):
        raise _stop(sim, player, e, f"the stack joins the {item} in its "
                                    f"{'off hand' if OFFHAND in took else 'main hand'}, whose count is not kept")
    if left == count and player.invulnerable:
        raise _stop(sim, player, e, "no room, and creative mode, which would destroy the stack, is not modelled")
    player.inventory = slots_of(main, player)
    return left, answer


def pick_up_item(sim: TickContext, player: PlayerEntity, item: Item) -> None:
    """`ItemEntity.onPlayerCollision` (1.12.2 `EntityItem.onCollideWithPlayer`): with pickup delay 0 (no owner: the
    engine's items have none) the stack goes into the inventory, which shortens it even where the game answers
    false (a stack split by one pass and not placed further); removed once empty."""
    if item.pickup_delay != 0:
        return
    count = item.stack_count
    left, _ = insert(sim, player, item, item.item, count)
    if left == 0:
        item.remove()          # the removed entity's stack keeps its count (setCount(i))
    else:
        item.stack_count = left
    if left < count:
        sim.emit({"kind": "picked_up", "player": player.id, "entity": item.id, "type": item.TYPE,
                  "item": item.item, "count": count - left})


def absorb_orb(sim: TickContext, player: PlayerEntity, orb: ExperienceOrb) -> None:
    """`ExperienceOrbEntity.onPlayerCollision` (1.12.2 `EntityXPOrb.onCollideWithPlayer`): where the player's
    `experiencePickUpDelay` is 0 (and, up to 1.16.5, the orb's pickup delay), the delay becomes 2, the value
    goes to the experience, and the orb is removed — from 1.17 one of its `pickingCount` orbs is taken, the orb
    removed at none."""
    merging = sim.features.xp_orb_merging
    if player.experience_pick_up_delay != 0 or (not merging and orb.pickup_delay != 0):
        return
    if orb.value > 0 and (player.xp_total > INT_MAX - orb.value or player.xp_level >= XP_LEVEL_MAX):
        raise _stop(sim, player, orb, "its experience passes 2^31 - 1 (the total, where the releases differ, or a "
                                      "level's bar)")
    player.experience_pick_up_delay = PLAYER_XP_PICK_UP_DELAY
    if orb.value > 0:
        add_experience(player, orb.value)
    if merging:
        orb.picking_count -= 1
    if not merging or orb.picking_count == 0:
        orb.remove()
    sim.emit({"kind": "picked_up", "player": player.id, "entity": orb.id, "type": orb.TYPE,
              "experience": orb.value})


def pick_up_projectile(sim: TickContext, player: PlayerEntity, p: PersistentProjectile) -> None:
    """`PersistentProjectileEntity.onPlayerCollision` (1.12.2 `EntityArrow.onCollideWithPlayer`): in the ground
    with shake ≤ 0, by its pickup rule — ALLOWED: its item goes into the inventory, where it finds room;
    CREATIVE_ONLY: a creative player only; DISALLOWED: never — then removed. A trident only by its owner or where
    it has none (`TridentEntity.onPlayerCollision`). A returning Loyalty trident (no-clip) is not modelled."""
    if not (p.in_ground and p.shake <= 0):
        return
    if isinstance(p, Trident):
        owner = p.get_owner(sim)
        if owner is not None and owner is not player:
            return
    if p.pickup == CREATIVE_ONLY and player.invulnerable:
        raise _stop(sim, player, p, "its pickup rule is creative only, and creative mode is not modelled")
    if p.pickup != ALLOWED or not insert(sim, player, p, p.ITEM, 1)[1]:
        return
    p.remove()
    sim.emit({"kind": "picked_up", "player": player.id, "entity": p.id, "type": p.TYPE, "item": p.ITEM,
              "count": 1})
