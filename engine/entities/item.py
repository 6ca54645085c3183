"""`ItemEntity` (spec 06 §3): order F₁GMDF₂, the every-4-ticks rule, push-out from blocks, merging with items
nearby (step 6: a stack's `stack_count`, its item's maximum from `engine.entities.item_registry`). Its state is a
row of `ITEM_ROWS` (engine.entities.item_kernel), runs of items take that module's compiled loop (`ItemBatch`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    DRAG_1_12,
    EYE_HEIGHT_FACTOR,
    GRAVITY_1_12,
    ITEM_AGELESS,
    ITEM_DEFAULT_PICKUP_DELAY,
    ITEM_DRAG,
    ITEM_DRAG_Y,
    ITEM_EYE_FLUID_OFFSET,
    ITEM_FLOAT_HEIGHT,
    ITEM_FREE_SPACE_MARGIN,
    ITEM_HEALTH,
    ITEM_HEIGHT,
    ITEM_LAVA_DRAG,
    ITEM_LAVA_HOP_MOVED,
    ITEM_LAVA_HOP_STILL,
    ITEM_LAVA_PERIOD_1_12,
    ITEM_MAX_AGE,
    ITEM_MERGE_REACH,
    ITEM_PICKUP_DELAY_INFINITE,
    ITEM_SPAWN_SPREAD,
    ITEM_SPAWN_VY,
    ITEM_VELOCITY_AFFECTING_OFFSET,
    ITEM_WATER_DRAG,
    ITEM_WIDTH,
    SUBMERGED_EYE_OFFSET,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities import damage_source
from engine.entities import item_kernel as kernel
from engine.entities.common import (
    flee_lava,
    in_blocks_1_12,
    push_out_of_blocks,
    slipperiness_column,
    slippery_drag,
    subtract_motion_y,
)
from engine.entities.entity import Entity
from engine.entities.item_kernel import ITEM_ROWS
from engine.entities.item_registry import max_count
from engine.entities.rows import RowBacked, UnriddenRowBatch, extra_flag, extra_int
from engine.entities.tnt_kernel import version_bits
from engine.geometry.box import ZERO, Vec3
from engine.influences.fluids import fluid_at, normalize_zero_below, submerged_fluid, update_water_state
from engine.influences.fluids_1_12 import FLUID_1_12, water_contact
from engine.java.javanum import f32, to_int
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.motion.collision_kernel import block_arrays
from engine.motion.move import MovementType, move
from engine.world.dimensions import void_y
from engine.world.fluid_states import LAVA as LAVA_FLUID
from engine.world.fluid_states import WATER

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.world import World

BASE = StageInfo("base_tick", "Entity.baseTick", "F")
BUOYANCY = StageInfo("buoyancy", "ItemEntity.applyBuoyancy")
NETHER_STAR = "minecraft:nether_star"
# Item.Settings.fireproof() in 1.16.5's Items: the netherite items and ancient debris
FIREPROOF_ITEMS = frozenset({f"minecraft:netherite_{n}" for n in (
    "block", "ingot", "scrap", "sword", "shovel", "pickaxe", "axe", "hoe", "helmet", "chestplate", "leggings",
    "boots")} | {"minecraft:ancient_debris"})
LAVA = StageInfo("lava_buoyancy", "ItemEntity.method_24348")
LAVA_HOP = StageInfo("lava_hop", "ItemEntity.tick")
GRAVITY = StageInfo("gravity", "ItemEntity.tick", "G")
PUSH_OUT = StageInfo("push_out", "Entity.pushOutOfBlocks", "Pu")
DRAG = StageInfo("drag", "ItemEntity.tick", "D")
BOUNCE = StageInfo("ground_bounce", "ItemEntity.tick")
FLUID = StageInfo("fluid_push", "Entity.updateWaterState", "F")
LAVA_1_12 = StageInfo("lava_kick", "EntityItem.onUpdate")
MERGE = StageInfo("merge", "ItemEntity.tryMerge")
MERGE_1_12 = StageInfo("merge", "EntityItem.searchForOtherItemsNearby")
NO_EFFECT_SECTIONS = np.zeros(0, dtype=np.uint8)   # no release the loop runs refuses `block_effects` (decides)

# the object path runs the stage kernels' own source (docs/architecture.md, "Each stage written once")
_count_down_pickup_delay, _gravity, _buoyancy = (plain(kernel.count_down_pickup_delay), plain(kernel.gravity),
                                                 plain(kernel.buoyancy))
_moves_this_tick, _bounce, _grow_older = plain(kernel.moves_this_tick), plain(kernel.bounce), plain(kernel.grow_older)
_can_merge, _merge_tick = plain(kernel.can_merge), plain(kernel.merge_tick)


def float_threshold(features: Features) -> float:
    """Step 3's fluid height above which an item floats: 0.1F from 1.20.5 (`item_float_height`), else its eye height
    − 0.11111111F (floats)."""
    return ITEM_FLOAT_HEIGHT if features.item_float_height else f32(Item.eye_height_of() - ITEM_EYE_FLUID_OFFSET)


class ItemBatch(UnriddenRowBatch):
    """Runs of items: `engine.entities.item_kernel.tick_rows`, which hands an item back to the object path (its
    row restored) where its tick reads something the kernels do not decide, and goes on after it. Every release
    1.16.2–1.21.4 runs them (`tnt_kernel.version_bits` and the arguments `tick_rows` derives from the item's
    flags); before 1.16.2 (`item_float_by_fluid_height`, `in_lava_by_fluid_height`: the fluid at the eye and a lava
    flag the move sets, not columns), a release that refuses a mechanic they run (`block_effects` in 1.21.5-1.21.6
    and 1.21.9, which the base tick checks every tick; 1.21.9's `fall_distance`), and solid entities in the world
    leave every item to the object path; so do an item with riders, a vehicle, a step height or movements recorded
    since its last tick. An item that could merge (`item_kernel.merge_met`) takes the object path, which merges
    it. 1.21.7+ (the block walk of `apply_effects_from_blocks`) runs as 1.21.2's tick-time check does: `move_self`
    hands back an item whose path comes near a block with an effect, fire or lava, and water's EXTINGUISH changes
    nothing on an unlit row."""

    table = ITEM_ROWS
    _items: tuple[World, tuple[int, int], np.ndarray] | None = None
    mechanics = frozenset({"item", "entity_move", "supporting_block", "fluids", "void", "fall_distance",
                           "block_effects"})

    def decides(self, world: World, features: Features) -> bool:
        return not (world.collidable_count or features.refused & self.mechanics or features.move_motion_fields
                    or features.collision_aabb_lists) and features.item_float_by_fluid_height \
            and features.in_lava_by_fluid_height

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        edges, lava_push = self.world_arguments(world)
        return kernel.tick_rows(*block_arrays(world), cells, ITEM_ROWS.f, ITEM_ROWS.i, rows, start,
                                slipperiness_column(), version_bits(features), edges, NO_EFFECT_SECTIONS, lava_push,
                                normalize_zero_below(features), float(void_y(world.dimension, features)),
                                float_threshold(features), Item.eye_height_of(),
                                0.0 if features.submerged_at_eye else SUBMERGED_EYE_OFFSET,
                                ITEM_FREE_SPACE_MARGIN if features.item_push_out_contracted else 0.0, marks, saved_f,
                                saved_i, self.items(world))

    def items(self, world: World) -> np.ndarray:
        """The rows of the world's items (`tick_rows`' `items`), kept while its sections do not change."""
        key = (world.section_moves, len(ITEM_ROWS.f))
        if self._items is None or self._items[0] is not world or self._items[1] != key:
            rows = [e._r for e in world.sectioned_entities() if type(e) is Item]
            self._items = (world, key, np.array(rows, dtype=np.int64))
        return self._items[2]

    def finish(self, e: Entity, sim: TickContext) -> None:
        raise AssertionError("the item loop never stops at an item it ticked")


class Item(RowBacked, Entity):
    MECHANIC = "item"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:item"
    can_trigger_walking = False   # ItemEntity.canClimb (1.14.4; MCP canTriggerWalking)
    batch = ItemBatch()
    WIDTH = ITEM_WIDTH
    HEIGHT = ITEM_HEIGHT
    velocity_affecting_offset = ITEM_VELOCITY_AFFECTING_OFFSET   # getVelocityAffectingPos (1.20)
    FIELDS = {"item": str, "age": int, "pickup_delay": int, "stack_count": int}
    FIELD_ATTRIBUTES = {"age": "item_age"}
    ROWS = ITEM_ROWS
    id = extra_int(ITEM_ROWS, "id")                # the row loop's 4-tick rule reads it (with Entity.age)
    item_age = extra_int(ITEM_ROWS, "item_age")    # ItemEntity.age (its own field, not Entity.age)
    pickup_delay = extra_int(ITEM_ROWS, "pickup_delay")
    health = extra_int(ITEM_ROWS, "health")
    submerged_in_water = extra_flag(ITEM_ROWS, "submerged_in_water")
    first_update = extra_flag(ITEM_ROWS, "first_update")
    stack_count = extra_int(ITEM_ROWS, "stack_count")   # the ItemStack's count (NBT Item.Count)
    max_count = extra_int(ITEM_ROWS, "max_count")       # its item's maxCount, set with the item

    @property
    def item(self) -> str:
        """The ItemStack's item (a namespaced id)."""
        return self._item

    @item.setter
    def item(self, item: str) -> None:
        self._item = item
        self.max_count = max_count(item)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.item = "minecraft:stone"
        self.stack_count = 1
        self.item_age = 0
        self.pickup_delay = 0
        self.health = ITEM_HEALTH

    @staticmethod
    def eye_height_of() -> float:
        """`getStandingEyeHeight`: height × 0.85F (`Entity.eye_height`) of the item's fixed dimensions."""
        return f32(ITEM_HEIGHT * EYE_HEIGHT_FACTOR)

    def type_fields(self) -> dict[str, Any]:
        return {"item": self.item, "age": self.item_age, "pickup_delay": self.pickup_delay,
                "stack_count": self.stack_count}

    def constructed(self, features: Features) -> None:
        """1.17 `ItemEntity(EntityType, World)` (`item_entity_world_random`): the item's Random draws its
        uniqueOffset (a render bob) and then its yaw; up to 1.16.5 that constructor draws nothing from it."""
        if features.item_entity_world_random:
            self.random.next_float()
            self.yaw = f32(self.random.next_float() * 360.0)

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ItemEntity.tick`: spec 06 §3.2, the stages `engine.entities.item_kernel`'s on this entity's row."""
        world = sim.world
        run_stage(rec, self, BASE, self.base_tick, sim, rec)                                  # 1 F1
        if sim.features.item_tick_1_12:
            self._tick_1_12(sim, rec)
            return
        # vanilla goes on even when the base tick removed the entity (lava, fire, the void): it leaves the world
        # after its tick
        _count_down_pickup_delay(self._t.i, self._r)                                          # 2
        start = tuple(self.pos)                                                               # prevX, Y, Z
        threshold = float_threshold(sim.features)                                             # 3
        if sim.features.item_float_by_fluid_height:
            water = self.touching_water and self.fluid_height["water"] > threshold
            lava = self.is_in_lava() and self.fluid_height["lava"] > threshold
        else:                   # 1.16.1 and before: isSubmergedIn (before 1.16 `isInFluid`, water alone)
            fluid = submerged_fluid(self, world, sim.features)
            water, lava = fluid == WATER, fluid == LAVA_FLUID and sim.features.item_lava_buoyancy
        if water:
            run_stage(rec, self, BUOYANCY, _buoyancy, self._t.f, self._r, ITEM_WATER_DRAG)
        elif lava:
            run_stage(rec, self, LAVA, _buoyancy, self._t.f, self._r, ITEM_LAVA_DRAG)
        elif not self.no_gravity:
            run_stage(rec, self, GRAVITY, _gravity, self._t.f, self._r)
        free = self.box.contract(ITEM_FREE_SPACE_MARGIN) if sim.features.item_push_out_contracted else self.box
        self.no_clip = not world.is_space_empty(free, self.shape_context(world))             # 4
        if self.no_clip:
            if "item_push_out" in sim.features.refused:
                raise refusal(sim.features, "item_push_out", f"entity {self.id}, tick {sim.tick_count}")
            b = self.box
            run_stage(rec, self, PUSH_OUT, push_out_of_blocks, self, world, self.pos.x,
                      (b.min_y + b.max_y) / 2.0, self.pos.z, sim.features)
        every_tick = not sim.features.item_moves_when_needed                                 # 1.14
        if every_tick or _moves_this_tick(self._t.f, self._t.i, self._r):                     # 5
            move(self, sim, MovementType.SELF, self.motion, rec)
            if not every_tick:
                self.drag(sim, rec)
        if not sim.features.item_lava_buoyancy:                                               # 6 (to 1.15.2)
            run_stage(rec, self, LAVA_HOP, self.hop_in_lava, world, start, every_tick)
        if every_tick:
            self.drag(sim, rec)
        if _merge_tick(self._t.f, self._t.i, self._r, every_tick) and _can_merge(self._t.i, self._r):   # 6
            run_stage(rec, self, MERGE, self.try_merge, sim)
        _grow_older(self._t.i, self._r)                                                       # 7
        run_stage(rec, self, FLUID, update_water_state, self, world, sim.features, rec)       # 8 F2
        if self.item_age >= ITEM_MAX_AGE:                                                     # 9
            self.remove()

    def _tick_1_12(self, sim: TickContext, rec: Recorder | None) -> None:
        """1.12.2's and 1.13.2's `EntityItem.onUpdate` after the base tick (`item_tick_1_12`): gravity (double)0.04F
        on motionY alone (1.13.2: 1.14's float where its eyes are in water); `pushOutOfBlocks` at the box's
        mid-height, which kicks only where a collision box intersects the box (`in_blocks_1_12`); the move, every
        tick; where the (int)-truncated cell changed or ticksExisted % 25 == 0, lava in the position's cell kicks
        it (the Random's four floats and the burn sound's); X and Z × 0.98F (on the ground × the slipperiness of
        the block at floor(minY) − 1, a float product), Y × (double)0.98F, then on the ground Y × −0.5 whatever its
        sign; the age, the water push."""
        world = sim.world
        _count_down_pickup_delay(self._t.i, self._r)
        # 1.13.2 (water_material_acceleration off): applyFloatMotion where its eyes are in water, as 1.14
        if self.submerged_in_water and not sim.features.water_material_acceleration:
            run_stage(rec, self, BUOYANCY, _buoyancy, self._t.f, self._r, ITEM_WATER_DRAG)
        elif not self.no_gravity:
            run_stage(rec, self, GRAVITY, subtract_motion_y, self, GRAVITY_1_12)
        b = self.box
        self.no_clip = in_blocks_1_12(self, world, sim.features)
        if self.no_clip:
            run_stage(rec, self, PUSH_OUT, push_out_of_blocks, self, world, self.pos.x, (b.min_y + b.max_y) / 2.0,
                      self.pos.z, sim.features)
        move(self, sim, MovementType.SELF, self.motion, rec)
        p, q = self.prev_pos, self.pos
        if (to_int(p.x), to_int(p.y), to_int(p.z)) != (to_int(q.x), to_int(q.y), to_int(q.z)) or \
                self.age % ITEM_LAVA_PERIOD_1_12 == 0:
            if fluid_at(world, floor(q.x), floor(q.y), floor(q.z)).fluid == LAVA_FLUID:
                run_stage(rec, self, LAVA_1_12, flee_lava, self, True)
            run_stage(rec, self, MERGE_1_12, self.search_for_other_items_nearby, sim)
        # the block at floor(minY) - 1 is the one at floor(y - 1.0): the box's minY is the position's y
        run_stage(rec, self, DRAG, slippery_drag, self, world, sim.features, ITEM_DRAG, DRAG_1_12)
        if self.on_ground:
            run_stage(rec, self, BOUNCE, _bounce, self._t.f, self._r)
        _grow_older(self._t.i, self._r)
        if sim.features.water_material_acceleration:
            run_stage(rec, self, FLUID_1_12, self.handle_water_movement, sim)
        else:
            run_stage(rec, self, FLUID, update_water_state, self, world, sim.features, rec)
        if self.item_age >= ITEM_MAX_AGE:
            self.remove()

    def try_merge(self, sim: TickContext) -> list[int]:
        """1.14 `ItemEntity.tryMerge()` (1.16.5, 1.21.3 the same): each other item whose box meets this one's expanded
        by 0.5 horizontally and that `canMerge()`, in the world's order, is merged with it (`tryMerge(other)`) until
        this one is removed (1.14-1.15.2 stop once this one cannot merge: the same merges). Thrower and owner are
        not modelled (null, equal); stacks carry no tag or components (1.20.5 `areItemsAndComponentsEqual`: the
        items alike). The ids removed."""
        box = self.box.expand(ITEM_MERGE_REACH, 0.0, ITEM_MERGE_REACH)
        removed = []
        for other in sim.world.get_entities(self, box, lambda o: type(o) is Item and _can_merge(o._t.i, o._r)):
            if not _can_merge(other._t.i, other._r):
                continue
            if self.item == other.item and self.stack_count + other.stack_count <= other.max_count:
                # merge(target, source): the larger count takes the other's; a tie goes to the other one
                target, source = (self, other) if other.stack_count < self.stack_count else (other, self)
                removed.append(source.id)
                merge(target, source)
            if self.removed:
                break
        return removed

    def search_for_other_items_nearby(self, sim: TickContext) -> list[int]:
        """1.12.2's and 1.13.2's `EntityItem.searchForOtherItemsNearby` (`item_tick_1_12`), where the cell (by (int)
        casts) changed or ticksExisted % 25 == 0: `combineItems` with each item whose box meets this one's expanded
        by 0.5 horizontally, itself included, in the world's order: both alive, neither pickup delay 32767 nor age
        -32768, the same item, then the one with the smaller count (this one on a tie) goes into the other where
        the counts fit its maximum. The ids removed."""
        box = self.box.expand(ITEM_MERGE_REACH, 0.0, ITEM_MERGE_REACH)
        removed = []
        for other in sim.world.get_entities(None, box, lambda o: type(o) is Item):
            if other is self or other.removed or self.removed or ITEM_PICKUP_DELAY_INFINITE in (
                    self.pickup_delay, other.pickup_delay) or ITEM_AGELESS in (self.item_age, other.item_age) or \
                    other.item != self.item:
                continue
            target, source = (self, other) if other.stack_count < self.stack_count else (other, self)
            if source.stack_count + target.stack_count <= target.max_count:
                removed.append(source.id)
                merge(target, source)
        return removed

    def handle_water_movement(self, sim: TickContext) -> bool:
        """1.12.2's `EntityItem.handleWaterMovement`: the push over its whole box and `inWater` (with the splash);
        no fall reset, the fire not put out."""
        return water_contact(self, sim, self.box)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`ItemEntity.damage`: a nether star ignores explosions and a fireproof item fire (`Item.damage`);
        else health = (int)(health − amount), removed at ≤ 0. Always false, as vanilla returns."""
        if damage_source.is_explosive(source) and self.item == NETHER_STAR:
            return False
        if damage_source.is_fire(source) and self.item in FIREPROOF_ITEMS:
            return False
        self.health = to_int(self.health - amount)
        if self.health <= 0:
            self.remove()
        return False

    def is_fire_immune(self) -> bool:
        """`ItemEntity.isFireImmune`: the item is fireproof (netherite, ancient debris)."""
        return self.item in FIREPROOF_ITEMS

    def drag(self, sim: TickContext, rec: Recorder | None) -> None:
        """The drag after the move (× 0.98, the slipperiness on the ground), then on the ground Y × −0.5 (from
        1.16.2 only while Y < 0, `item_bounces_only_falling`)."""
        run_stage(rec, self, DRAG, slippery_drag, self, sim.world, sim.features, ITEM_DRAG, ITEM_DRAG_Y)
        if self.on_ground and (self.motion.y < 0.0 or not sim.features.item_bounces_only_falling):
            run_stage(rec, self, BOUNCE, _bounce, self._t.f, self._r)

    def hop_in_lava(self, world: World, start: tuple[float, float, float], truncated: bool) -> None:
        """Before 1.16 (`item_lava_buoyancy`): every 2 ticks of Entity.age when the tick moved it into another cell
        (`start`: the position it began at; cells by floor, by the (int) cast in 1.14, `truncated`), else every
        40, an item whose cell holds lava is thrown up — Motion ((nextFloat − nextFloat) × 0.2F, 0.2F, (nextFloat −
        nextFloat) × 0.2F) — and the burn sound's pitch draws a nextFloat. Entity.age (Mojang `tickCount` in 1.14.4
        and 1.15.2, where Yarn names it and the item's own age both `age`; 1.14's Yarn test is the same expression),
        as the merge period in the same `if` (`item_kernel.merge_tick`)."""
        cell = floor if not truncated else int
        moved = any(cell(a) != cell(b) for a, b in zip(start, self.pos, strict=True))
        if self.age % (ITEM_LAVA_HOP_MOVED if moved else ITEM_LAVA_HOP_STILL) != 0 or \
                fluid_at(world, floor(self.pos.x), floor(self.pos.y), floor(self.pos.z)).fluid != LAVA_FLUID:
            return
        flee_lava(self, True)


def merge(target: Item, source: Item) -> None:
    """1.14 `ItemEntity.merge(target, targetStack, source, sourceStack)` where the counts fit (every caller's case):
    the target's count grows by the source's, its pickup delay the larger, its age the smaller; the source,
    emptied, is removed (1.12.2 `combineItems` the same)."""
    target.stack_count += source.stack_count
    source.stack_count = 0
    target.pickup_delay = max(target.pickup_delay, source.pickup_delay)
    target.item_age = min(target.item_age, source.item_age)
    source.remove()


def spawn_dropped(sim: TickContext, x: float, y: float, z: float, item: str) -> Item:
    """`new ItemEntity(world, x, y, z, stack)`: yaw from the item's Random, then Motion
    (nextDouble·0.2 − 0.1, 0.2, nextDouble·0.2 − 0.1) from it too; from 1.17 the Motion's draws come from the world's
    Random (`item_entity_world_random`; the yaw was drawn by `Item.constructed`); `setToDefaultPickupDelay` (spec 06
    §3.1)."""
    it = sim.create(Item, Vec3(x, y, z))
    it.item = item
    half = ITEM_SPAWN_SPREAD / 2.0
    if sim.features.item_entity_world_random:
        r = sim.random
    else:
        r = it.random
        it.yaw = f32(r.next_float() * 360.0)
    vx = r.next_double() * ITEM_SPAWN_SPREAD - half
    it.motion = Vec3(vx, ITEM_SPAWN_VY, r.next_double() * ITEM_SPAWN_SPREAD - half)
    it.pickup_delay = ITEM_DEFAULT_PICKUP_DELAY
    return it
