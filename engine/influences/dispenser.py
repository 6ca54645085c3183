"""`DispenserBlock.dispense` with the 1.16.5 behaviours that create moving entities (`DispenserBehavior.
registerDefaults`): primed TNT (spec 06 §1.1 item 2), arrows and throwables (§7.1 item 3, §8.1 item 2), a small
fireball from a fire charge (§9), any other item dropped by `ItemDispenserBehavior` (§3.1 item 4), and from 1.20.5
a brush's behaviour, which fails where no armadillo is brushed (none is modelled).

A scene action names the item that comes out: the slot choice (the block entity's own static Random, never the
world's) and the inventory are not modelled. Ender pearls and tridents have no dispenser behaviour in 1.16.5, so
they drop as items. Items whose behaviour places, equips or uses something (`UNMODELLED_ITEMS`) are refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    DISPENSED_ITEM_DROP,
    DISPENSED_ITEM_DROP_VERTICAL,
    DISPENSED_ITEM_SPEED,
    DISPENSED_ITEM_SPEED_SPREAD,
    DISPENSED_ITEM_VARIATION,
    DISPENSED_ITEM_VY,
    DISPENSED_ITEM_VY_TRIANGULAR,
    DISPENSER_BOTTLE_FORCE,
    DISPENSER_BOTTLE_VARIATION,
    DISPENSER_FORCE,
    DISPENSER_LIFT,
    DISPENSER_OUTPUT_OFFSET,
    DISPENSER_PROJECTILE_RAISE,
    DISPENSER_VARIATION,
    FIRE_CHARGE_OFFSET,
    FIRE_CHARGE_OUTPUT_OFFSET,
    FIRE_CHARGE_SPREAD,
    FIRE_CHARGE_TRIANGULAR_SPREAD,
    PROJECTILE_SPREAD,
    PROJECTILE_TRIANGULAR_SPREAD,
)
from engine.entities.arrow import Arrow, PersistentProjectile
from engine.entities.fireball import ExplosiveProjectile, SmallFireball, launch
from engine.entities.item import Item, spawn_dropped
from engine.entities.projectile import ALLOWED, Projectile
from engine.entities.thrown import Egg, ExperienceBottle, Potion, Snowball
from engine.entities.tnt import Tnt, prime_from_block
from engine.geometry.box import BlockPos, Vec3
from engine.influences.piston_block_entity import BY_NAME, Direction
from engine.java.javanum import f32

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

DISPENSER = "dispenser"
TNT_ITEM = "minecraft:tnt"
FIRE_CHARGE_ITEM = "minecraft:fire_charge"
# ProjectileDispenserBehavior subclasses: the entity created, getForce(), getVariation()
PROJECTILE_ITEMS: dict[str, tuple[type[Projectile], float, float]] = {
    "minecraft:arrow": (Arrow, DISPENSER_FORCE, DISPENSER_VARIATION),
    "minecraft:tipped_arrow": (Arrow, DISPENSER_FORCE, DISPENSER_VARIATION),   # its effects are not modelled
    "minecraft:snowball": (Snowball, DISPENSER_FORCE, DISPENSER_VARIATION),
    "minecraft:egg": (Egg, DISPENSER_FORCE, DISPENSER_VARIATION),
    "minecraft:experience_bottle": (ExperienceBottle, DISPENSER_BOTTLE_FORCE, DISPENSER_BOTTLE_VARIATION),
    "minecraft:splash_potion": (Potion, DISPENSER_BOTTLE_FORCE, DISPENSER_BOTTLE_VARIATION),
    "minecraft:lingering_potion": (Potion, DISPENSER_BOTTLE_FORCE, DISPENSER_BOTTLE_VARIATION),
}
# items with a dispenser behaviour that neither drops them nor is modelled here (spawn, place, equip, use): those of
# 1.16.5, and the wolf armor (1.20.5: equips a wolf) and the wind charge (1.21: fires a WindChargeEntity) of later
# releases
UNMODELLED_ITEMS = frozenset({
    "minecraft:spectral_arrow", "minecraft:firework_rocket", "minecraft:armor_stand", "minecraft:saddle",
    "minecraft:chest", "minecraft:flint_and_steel", "minecraft:bone_meal", "minecraft:carved_pumpkin",
    "minecraft:glass_bottle", "minecraft:glowstone", "minecraft:shears", "minecraft:elytra", "minecraft:shield",
    "minecraft:wolf_armor", "minecraft:wind_charge",
})
UNMODELLED_SUFFIXES = ("_spawn_egg", "_boat", "bucket", "minecart", "shulker_box", "_carpet", "_horse_armor",
                       "_helmet", "_chestplate", "_leggings", "_boots", "_head", "_skull")
BRUSH_ITEM = "minecraft:brush"      # 1.20.5: a FallibleItemDispenserBehavior (`fails`)


def is_modelled(item: str) -> bool:
    """Whether dispensing `item` (a namespaced id) is simulated: TNT, a projectile, a fire charge or a plain drop."""
    return item not in UNMODELLED_ITEMS and not item.endswith(UNMODELLED_SUFFIXES)


def fails(features: Features, item: str) -> bool:
    """Whether a dispenser's behaviour for `item` fails, dispensing nothing and keeping the stack
    (`FallibleItemDispenserBehavior.setSuccess(false)`): from 1.20.5 (`dispenser_brush_fails`) a brush, which finds
    no armadillo to brush (none is modelled)."""
    return item == BRUSH_ITEM and features.dispenser_brush_fails


def take_item(world: World, at: BlockPos, slot: int | None = None, keep: bool = False) -> bool:
    """One item less in the stack of `slot` (None: the first non-empty stack) of the container at `at` (`keep`: the
    stack stays whole, a behaviour that failed); false when it is empty."""
    items = list(world.containers.get(at, ()))
    for i, (number, item, count) in enumerate(items):
        if count > 0 and slot in (None, number):
            items[i] = (number, item, count if keep else count - 1)
            world.containers[at] = tuple(items)
            return True
    return False


def get_output_location(pos: BlockPos, facing: Direction, facing_offset: float = DISPENSER_OUTPUT_OFFSET,
                        raise_y: float = 0.0) -> Vec3:
    """`DispenserBlock.getOutputLocation`: the cell centre moved 0.7 along the facing (spec 06 §3.1 item 4); the
    1.20.5 form takes the distance and a constant offset, added to the facing term before the centre."""
    dx, dy, dz = facing.offset
    return Vec3(pos[0] + 0.5 + (facing_offset * dx + 0.0), pos[1] + 0.5 + (facing_offset * dy + raise_y),
                pos[2] + 0.5 + (facing_offset * dz + 0.0))


def dispense(sim: TickContext, pos: BlockPos, item: str) -> Entity | None:
    """`DispenserBlock.scheduledTick` → `dispense` with `item` in the chosen slot: the item's behaviour, which adds
    the entity it creates to the world and returns it. Nothing happens once the block is no longer a dispenser (the
    scheduled tick is dropped for a changed block) or where the behaviour fails (`fails`)."""
    state = sim.world.get_block_state(*pos)
    if state.block != DISPENSER or fails(sim.features, item):
        return None
    facing = BY_NAME[state.get("facing")]
    if item == TNT_ITEM:
        return dispense_tnt(sim, pos, facing)
    if item == FIRE_CHARGE_ITEM:
        return dispense_fire_charge(sim, pos, facing)
    if item in PROJECTILE_ITEMS:
        cls, force, variation = PROJECTILE_ITEMS[item]
        return dispense_projectile(sim, pos, facing, cls, force, variation)
    return spawn_item(sim, item, DISPENSED_ITEM_VARIATION, facing, get_output_location(pos, facing))


def dispense_tnt(sim: TickContext, pos: BlockPos, facing: Direction) -> Tnt:
    """The TNT behaviour: `new TntEntity(world, x + 0.5, y, z + 0.5, null)` in the cell the dispenser faces, i.e.
    what igniting a TNT block there gives, world Random angle and fuse 80 included (spec 06 §1.1 item 2)."""
    dx, dy, dz = facing.offset
    tnt = prime_from_block(sim, pos[0] + dx, pos[1] + dy, pos[2] + dz)
    sim.add_entity(tnt)
    return tnt


def dispense_projectile(sim: TickContext, pos: BlockPos, facing: Direction, cls: type[Projectile], force: float,
                        variation: float) -> Projectile:
    """`ProjectileDispenserBehavior.dispenseSilently`: the projectile at the output location, ownerless, then
    `setVelocity(dx, (float)dy + 0.1F, dz, force, variation)` with its own Random's spread (spec 06 §7.1 item 3,
    §8.1 item 2: speed 1.1, deviation 6 × 0.0075; bottles 1.375 and 3 × 0.0075). From 1.20.5
    (`dispenser_projectile_items`, the ProjectileItem settings) it starts 0.1 higher and is aimed along the facing
    itself: `setVelocity(dx, dy, dz, ..)`."""
    dx, dy, dz = facing.offset
    if sim.features.dispenser_projectile_items:
        p = sim.create(cls, get_output_location(pos, facing, raise_y=DISPENSER_PROJECTILE_RAISE))
        p.set_velocity(dx, dy, dz, force, variation, True, sim.features)
    else:
        p = sim.create(cls, get_output_location(pos, facing))
        p.set_velocity(dx, f32(dy + DISPENSER_LIFT), dz, force, variation, True, sim.features)
    if isinstance(p, PersistentProjectile):
        p.pickup = ALLOWED     # the arrow behaviour's createProjectile (1.21 ArrowItem.createEntity)
    sim.add_entity(p)
    return p


def dispense_fire_charge(sim: TickContext, pos: BlockPos, facing: Direction) -> ExplosiveProjectile:
    """The fire charge behaviour: a small fireball 0.3F beyond the output location (from 1.20.5, the FireChargeItem
    settings: 1.0 from the cell centre), its direction the facing plus a term per axis from the world Random
    (X, Y, Z in that order; spec 06 §9): a gaussian × 0.05, from 1.19 nextTriangular(offset, 0.11485)."""
    dx, dy, dz = facing.offset
    if sim.features.dispenser_projectile_items:
        at = get_output_location(pos, facing, FIRE_CHARGE_OUTPUT_OFFSET)
    else:
        out = get_output_location(pos, facing)
        at = Vec3(out.x + f32(dx * FIRE_CHARGE_OFFSET), out.y + f32(dy * FIRE_CHARGE_OFFSET),
                  out.z + f32(dz * FIRE_CHARGE_OFFSET))
    r = sim.random
    if sim.features.random_triangular:
        d = FIRE_CHARGE_TRIANGULAR_SPREAD
        direction = Vec3(r.next_triangular(dx, d), r.next_triangular(dy, d), r.next_triangular(dz, d))
    else:
        direction = Vec3(r.next_gaussian() * FIRE_CHARGE_SPREAD + dx, r.next_gaussian() * FIRE_CHARGE_SPREAD + dy,
                         r.next_gaussian() * FIRE_CHARGE_SPREAD + dz)
    if sim.features.fireball_acceleration_power:   # 1.21 FireChargeItem.createEntity: vec3d.normalize()
        direction = direction.normalize(True)
    return launch(sim, SmallFireball, at, direction)


def spawn_item(sim: TickContext, item: str, variation: int, facing: Direction, out: Vec3) -> Item:
    """`ItemDispenserBehavior.spawnItem` (spec 06 §3.1 item 4): `new ItemEntity` 0.15625 below the output location
    (0.125 facing up or down), which draws yaw and Motion from its own Random; then from the world Random
    g = nextDouble·0.1 + 0.2 and Motion := (gauss·0.0075F·6 + dx·g, gauss·0.0075F·6 + 0.2F, gauss·0.0075F·6 + dz·g),
    gaussians X, Y, Z in that order (from 1.19 nextTriangular, `random_triangular`). No pickup delay: only block
    drops call `setToDefaultPickupDelay`."""
    dx, dy, dz = facing.offset
    drop = DISPENSED_ITEM_DROP_VERTICAL if dy != 0 else DISPENSED_ITEM_DROP
    it = spawn_dropped(sim, out.x, out.y - drop, out.z, item)
    it.pickup_delay = 0
    r = sim.random
    g = r.next_double() * DISPENSED_ITEM_SPEED_SPREAD + DISPENSED_ITEM_SPEED
    if sim.features.random_triangular:   # 1.19: nextTriangular(mode, 0.0172275 × speed), Y's mode the double 0.2
        d = PROJECTILE_TRIANGULAR_SPREAD * variation
        it.motion = Vec3(r.next_triangular(dx * g, d), r.next_triangular(DISPENSED_ITEM_VY_TRIANGULAR, d),
                         r.next_triangular(dz * g, d))
    else:
        it.motion = Vec3(r.next_gaussian() * PROJECTILE_SPREAD * variation + dx * g,
                         r.next_gaussian() * PROJECTILE_SPREAD * variation + DISPENSED_ITEM_VY,
                         r.next_gaussian() * PROJECTILE_SPREAD * variation + dz * g)
    sim.add_entity(it)
    return it
