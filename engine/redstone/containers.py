"""A container's comparator output, `ScreenHandler.calculateComparatorOutput` (dispensers and droppers: 9 slots),
and the items' maximum stack sizes it divides by (`Item.Settings.maxCount`, 1.16.5 `Items`; of the later items, the
unstackable spyglass (1.17), goat horn (1.19), brush (1.20), wolf armor (1.20.5), mace (1.21) and bundles)."""

from __future__ import annotations

from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.world.block_physics import WOOD_TYPES

DISPENSER_SLOTS = 9
HOPPER_SLOTS = 5                      # HopperBlockEntity's inventory
COMPARATOR_STEPS = f32(14.0)          # calculateComparatorOutput: floor(f * 14.0F) + (any item ? 1 : 0)
STACK_16 = frozenset({"minecraft:ender_pearl", "minecraft:snowball", "minecraft:egg", "minecraft:bucket",
                      "minecraft:honey_bottle", "minecraft:armor_stand", "minecraft:written_book"}) | frozenset(
    f"minecraft:{w}_sign" for w in WOOD_TYPES)
# items of stack size 1 by name: tools, weapons, armour, buckets of things, potions, boats, minecarts, ...
STACK_1_SUFFIXES = ("_sword", "_shovel", "_pickaxe", "_axe", "_hoe", "_helmet", "_chestplate", "_leggings",
                    "_boots", "_bucket", "potion", "_boat", "minecart", "shulker_box", "_horse_armor", "_stew",
                    "_music_disc", "_banner_pattern", "bundle")
STACK_1 = frozenset({"minecraft:bow", "minecraft:crossbow", "minecraft:trident", "minecraft:shield",
                     "minecraft:elytra", "minecraft:flint_and_steel", "minecraft:shears", "minecraft:fishing_rod",
                     "minecraft:saddle", "minecraft:totem_of_undying", "minecraft:enchanted_book",
                     "minecraft:carrot_on_a_stick", "minecraft:warped_fungus_on_a_stick", "minecraft:cake",
                     "minecraft:milk_bucket", "minecraft:writable_book", "minecraft:knowledge_book",
                     "minecraft:debug_stick", "minecraft:turtle_helmet", "minecraft:rabbit_stew",
                     "minecraft:mushroom_stew", "minecraft:beetroot_soup", "minecraft:suspicious_stew",
                     "minecraft:spyglass", "minecraft:goat_horn", "minecraft:brush", "minecraft:wolf_armor",
                     "minecraft:mace"})


def max_count(item: str) -> int:
    """The item's maximum stack size: 1, 16 or 64."""
    if item in STACK_1 or item.endswith(STACK_1_SUFFIXES) or item.startswith("minecraft:music_disc"):
        return 1
    return 16 if item in STACK_16 else 64


def comparator_output(contents: tuple[tuple[int, str, int], ...], slots: int = DISPENSER_SLOTS) -> int:
    """floor(Σ count / maxCount / slots × 14) + 1 when any slot holds an item, in float as vanilla sums it."""
    fill = f32(0.0)
    any_item = False
    for _, item, count in contents:
        if count > 0:
            fill = f32(fill + f32(count / f32(max_count(item))))
            any_item = True
    fill = f32(fill / f32(slots))
    return floor(f32(fill * COMPARATOR_STEPS)) + (1 if any_item else 0)
