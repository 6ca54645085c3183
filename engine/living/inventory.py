"""A player's inventory and experience, as far as picking things up reads and changes them.

The inventory (`PlayerInventory`; 1.12.2 `InventoryPlayer`) is the 36 main slots (0-8 the hotbar, `selectedSlot` one
of them), each a stack of one item id and a count; the armour and the off hand are the player's `equipment`, whose
stacks hold one item each. Stacks carry no NBT or components (no damage, no enchantments): two stacks of one item
always merge. Insertion (`insertStack`, 1.12.2 `addItemStackToInventory`) is the same in every release read (1.12.2
MCP, the 1.13.2 client, Yarn 1.14-1.21.3): the slot that already holds the item with room — the selected slot,
then the off hand (slot 40), then 0-35 in order — else the first empty main slot, up to min(the item's maximum,
64) a slot, again while a pass places some.

The experience (`PlayerEntity.addExperience`, 1.12.2 `EntityPlayer.addExperience`): the level, the progress
towards the next one (a float) and the total, alike in every release for a total that stays below 2³¹ − 1."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    INVENTORY_MAX_COUNT_PER_STACK,
    PLAYER_MAIN_SIZE,
    XP_LEVEL_BAR_BASE,
    XP_LEVEL_BAR_HIGH,
    XP_LEVEL_BAR_HIGH_BASE,
    XP_LEVEL_BAR_HIGH_STEP,
    XP_LEVEL_BAR_MID,
    XP_LEVEL_BAR_MID_BASE,
    XP_LEVEL_BAR_MID_STEP,
    XP_LEVEL_BAR_STEP,
)
from engine.entities.item_registry import max_count
from engine.java.javanum import INT_MAX, f32

if TYPE_CHECKING:
    from engine.living.player import PlayerEntity

Stack = tuple[str, int]                  # an item id and its count
Slots = tuple[tuple[int, str, int], ...]  # a player's `inventory`: (slot, item, count), by slot, no empty slot
OFFHAND = -1                             # the off hand's place in `insert_stack`'s answer (the game's slot 40)
# the highest level a scene may give and a pickup may start from: the bar of the level after it still fits in an int
# (the game's bar arithmetic wraps beyond)
XP_LEVEL_MAX = XP_LEVEL_BAR_HIGH + (INT_MAX - XP_LEVEL_BAR_HIGH_BASE) // XP_LEVEL_BAR_HIGH_STEP - 1


def slot_max(item: str) -> int:
    """`PlayerInventory.getMaxCount(stack)` (1.16.5: both bounds apart): min(the item's maximum, 64)."""
    return min(max_count(item), INVENTORY_MAX_COUNT_PER_STACK)


def can_stack_add_more(existing: Stack | None, item: str) -> bool:
    """`canStackAddMore` (1.12.2 `canMergeStacks`): a stack of the same item below its maximum (an unstackable
    item's maximum is 1, so it never takes more)."""
    return existing is not None and existing[0] == item and existing[1] < slot_max(item)


def get_occupied_slot_with_room_for_stack(main: list[Stack | None], offhand: Stack | None, selected: int,
                                          item: str) -> int | None:
    """`getOccupiedSlotWithRoomForStack` (1.12.2 `storeItemStack`): the selected slot, then the off hand, then the
    main slots in order; None where none has room."""
    if can_stack_add_more(main[selected], item):
        return selected
    if can_stack_add_more(offhand, item):
        return OFFHAND
    return next((i for i, s in enumerate(main) if can_stack_add_more(s, item)), None)


def get_empty_slot(main: list[Stack | None]) -> int | None:
    """`getEmptySlot` (1.12.2 `getFirstEmptyStack`): the first empty main slot."""
    return next((i for i, s in enumerate(main) if s is None), None)


def insert_stack(main: list[Stack | None], offhand: Stack | None, selected: int, item: str,
                 count: int) -> tuple[Stack | None, int, bool, set[int]]:
    """`insertStack(stack)` (1.12.2 `add(-1, stack)`) for an undamaged stack of `count` `item`s, on `main` (changed
    in place) and the off hand's stack: each pass (`addStack`) fills one slot, and passes go on while one places
    some. Returns the off hand's stack, the count left, the game's answer — whether the last pass placed any, so a
    stack that a pass split and the next could not place further answers false with fewer left — and the slots
    that took some (`OFFHAND` for the off hand)."""
    took: set[int] = set()
    while True:
        before = count
        slot = get_occupied_slot_with_room_for_stack(main, offhand, selected, item)
        if slot is None:
            slot = get_empty_slot(main)
        if slot is not None:                                         # addStack(slot, stack)
            held = offhand if slot == OFFHAND else main[slot]
            have = 0 if held is None else held[1]
            moved = min(count, slot_max(item) - have)
            if moved:
                count -= moved
                took.add(slot)
                if slot == OFFHAND:
                    offhand = (item, have + moved)
                else:
                    main[slot] = (item, have + moved)
        if count == 0 or count >= before:
            return offhand, count, count < before, took


def main_slots(player: PlayerEntity) -> list[Stack | None]:
    """The 36 main slots of `player`: its `inventory`, and its `equipment`'s main-hand item (a stack of one) in the
    selected slot."""
    main: list[Stack | None] = [None] * PLAYER_MAIN_SIZE
    for slot, item, count in player.inventory:
        main[slot] = (item, count)
    hand = player.equipment.get("mainhand")
    if hand is not None:
        main[player.selected_slot] = (hand, 1)
    return main


def slots_of(main: list[Stack | None], player: PlayerEntity) -> Slots:
    """The `inventory` of `main` (the selected slot's main-hand item stays in `equipment`)."""
    hand = player.equipment.get("mainhand") is not None
    return tuple((i, s[0], s[1]) for i, s in enumerate(main)
                 if s is not None and not (hand and i == player.selected_slot))


def get_next_level_experience(level: int) -> int:
    """`getNextLevelExperience` (1.12.2 `xpBarCap`): the points of level `level`'s bar."""
    if level >= XP_LEVEL_BAR_HIGH:
        return XP_LEVEL_BAR_HIGH_BASE + (level - XP_LEVEL_BAR_HIGH) * XP_LEVEL_BAR_HIGH_STEP
    if level >= XP_LEVEL_BAR_MID:
        return XP_LEVEL_BAR_MID_BASE + (level - XP_LEVEL_BAR_MID) * XP_LEVEL_BAR_MID_STEP
    return XP_LEVEL_BAR_BASE + level * XP_LEVEL_BAR_STEP


def add_experience(player: PlayerEntity, amount: int) -> None:
    """`PlayerEntity.addExperience(amount)` for amount > 0 with a total that stays below 2³¹ − 1 (where it would
    not, 1.12.2 caps the amount and 1.13.2+ adds it to the progress and clamps the wrapped total: the caller
    stops first): the progress gains amount / bar (floats), the total the amount, and while the progress is at
    least 1 a level is taken: (progress − 1) × bar, one level more, ÷ the new level's bar. The level-up sound
    draws from no Random the engine models."""
    player.xp_progress = f32(player.xp_progress + f32(amount / get_next_level_experience(player.xp_level)))
    player.xp_total += amount
    while player.xp_progress >= 1.0:
        player.xp_progress = f32(f32(player.xp_progress - 1.0) * get_next_level_experience(player.xp_level))
        player.xp_level += 1
        player.xp_progress = f32(player.xp_progress / get_next_level_experience(player.xp_level))
