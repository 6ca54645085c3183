"""The arrow a player's bow shot takes (`BowItem.onStoppedUsing` past the pull test, `PlayerEntity.getArrowType`).

The same in every release read (1.12.2 MCP `ItemBow.findAmmo`, `onPlayerStoppedUsing`, `onItemRightClick`,
`EntityArrow(World, EntityLivingBase)`, `InventoryPlayer.deleteStack`; the 1.13.2 client's `ItemBow`; Yarn 1.14 and
1.16.5 `BowItem`, `RangedWeaponItem.getHeldProjectile`, `PlayerEntity.getArrowType`, `PlayerInventory.removeOne`;
1.21.3 `BowItem`, `RangedWeaponItem.load`/`getProjectile`, `PlayerEntity.getProjectileType`, the
`PersistentProjectileEntity` constructors and `setOwner`; 1.21.10 `Player.getProjectile`, `Inventory.getItem`):

- the arrow found is the off hand's stack where it is an arrow (`ItemTags.ARROWS`; 1.12.2 an `ItemArrow`), else the
  main hand's, else the first arrow of the inventory's slots in order: the main slots 0-35, the armour (feet, legs,
  chest, head), the off hand; a creative player with none finds a new plain arrow;
- a creative shooter, or one whose bow has Infinity, shooting a plain arrow takes nothing and its arrow is
  CREATIVE_ONLY (1.21.3: the stack's `INTANGIBLE_PROJECTILE`, which `setOwner` keeps); any other shot takes one
  arrow from the stack found, which leaves its slot once empty, and its arrow is ALLOWED (the constructor's rule
  for a player owner);
- a survival player with no arrow cannot draw the bow (`BowItem.use` fails), Infinity or not.

The engine models neither creative mode nor enchantments. A player holding a plain arrow shoots as a survival player
without Infinity; a player with no arrow anywhere can only have drawn as a creative one, so its shot is the creative
(or Infinity) shot. Spectral and tipped arrows (their entities are not modelled) and an `invulnerable` player (the
engine's creative player, whose arrow would be kept and creative only) holding an arrow stop the run in one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.versions import refusal
from engine.entities.arrow import Arrow
from engine.living.inventory import main_slots, slots_of

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.living.player import PlayerEntity

ARROWS = (Arrow.ITEM, "minecraft:spectral_arrow", "minecraft:tipped_arrow")   # ItemTags.ARROWS
ARMOR_ORDER = ("feet", "legs", "chest", "head")     # PlayerInventory slots 36-39
ArrowSlot = int | str   # where the arrow found lies: a main slot, or the `equipment` slot (a stack of one)


def get_arrow_type(player: PlayerEntity) -> tuple[ArrowSlot, str] | None:
    """`PlayerEntity.getArrowType(bow)`: where the first arrow lies and its item — the off hand, the main hand, then
    the main slots, the armour and the off hand in the inventory's order —, None where the player holds none."""
    hands = player.equipment
    if hands.get("offhand") in ARROWS:
        return "offhand", hands["offhand"]
    main = main_slots(player)
    order = [player.selected_slot, *range(len(main))]
    for slot in order:
        if main[slot] is not None and main[slot][0] in ARROWS:
            in_hand = slot == player.selected_slot and "mainhand" in hands
            return ("mainhand" if in_hand else slot), main[slot][0]
    return next(((s, hands[s]) for s in ARMOR_ORDER if hands.get(s) in ARROWS), None)


def take_arrow(sim: TickContext, player: PlayerEntity) -> bool:
    """The arrow `BowItem.onStoppedUsing` shoots, before the shot: True where the player holds a plain arrow, which is
    then taken (`itemStack.decrement(1)`, `removeOne` once empty: the shot is a survival one, ALLOWED); False where it
    holds none (the creative or Infinity shot: CREATIVE_ONLY, nothing taken). Stops where the arrow found is
    spectral or tipped, or the player is `invulnerable`."""
    found = get_arrow_type(player)
    if found is None:
        return False
    slot, item = found
    where = f"player {player.id}, tick {sim.tick_count}"
    if item != Arrow.ITEM:
        raise refusal(sim.features, Arrow.MECHANIC, where, f"its bow shoots the {item} in {_slot_name(slot)} "
                                                           "(BowItem.onStoppedUsing): its entity is not modelled")
    if player.invulnerable:
        raise refusal(sim.features, Arrow.MECHANIC, where,
                      f"its bow finds the arrow in {_slot_name(slot)} (BowItem.onStoppedUsing) and the player is "
                      "invulnerable: creative mode, which would keep the arrow and make the shot creative only, is "
                      "not modelled")
    if isinstance(slot, str):
        del player.equipment[slot]            # a hand's stack holds one arrow
        player.enchantments.pop(slot, None)
    else:
        main = main_slots(player)
        count = main[slot][1] - 1
        main[slot] = (item, count) if count else None
        player.inventory = slots_of(main, player)
    return True


def _slot_name(slot: ArrowSlot) -> str:
    return f"the {slot}" if isinstance(slot, str) else f"slot {slot}"
