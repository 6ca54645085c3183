"""What blocks do to an entity inside `Entity.move()`: landing, stepping, block-grid collision and the
velocity multiplier (spec 03 §2 steps 10, 11, 13, 14; spec 04 §1-§6, §20)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.constants import (
    BED_BOUNCE,
    BED_FALL_FACTOR,
    BERRY_BUSH_DAMAGE,
    BERRY_BUSH_MIN_MOVE,
    BERRY_BUSH_MULTIPLIER,
    BLOCK_COLLISION_DEFLATE,
    BLOCK_COLLISION_DEFLATE_1_19_3,
    BLOCK_COLLISION_DEFLATE_1_21_3,
    CACTUS_DAMAGE,
    COBWEB_MULTIPLIER,
    END_PORTAL_SHAPE,
    FALL_DAMAGE_HAY,
    FARMLAND_HEIGHT,
    FARMLAND_TRAMPLE_OFFSET,
    FARMLAND_TRAMPLE_VOLUME,
    FIRE_BLOCK_DAMAGE,
    FIRE_BLOCK_SECONDS,
    FIRE_CHECK_DEFLATE,
    FIRE_CHECK_DEFLATE_1_17,
    HONEY_SLIDE_FAST,
    HONEY_SLIDE_HALF_WIDTH,
    HONEY_SLIDE_MIN_VY,
    HONEY_SLIDE_SPEED,
    HONEY_SLIDE_TOP,
    SLIME_BOUNCE_LIVING,
    SLIME_BOUNCE_NONLIVING,
    SLIME_STEP_BASE,
    SLIME_STEP_MAX_Y,
    SLIME_STEP_SLOPE,
    SOUL_FIRE_BLOCK_DAMAGE,
)
from engine.core.trace import cell
from engine.core.versions import refusal
from engine.entities import damage_source
from engine.geometry.box import BlockPos, Box, Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.motion.supporting_block import get_velocity_affecting_pos
from engine.world import block_physics as phys
from engine.world.blocks import parse_block_state
from engine.world.world import EFFECT

DIRT = parse_block_state("minecraft:dirt")

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.blocks import BlockState
    from engine.world.world import World


def on_entity_land(state: BlockState, e: Entity) -> None:
    """Step 10, `Block.onEntityLand` (spec 04 §2): Y × 0 by default; slime and beds bounce."""
    m = e.motion
    block = state.block
    if block == "slime_block" and not e.bypasses_landing_effects():
        if m.y < 0.0:
            k = SLIME_BOUNCE_LIVING if e.living else SLIME_BOUNCE_NONLIVING
            e.motion = Vec3(m.x, -m.y * k, m.z)
    elif phys.is_bed(block) and not e.bypasses_landing_effects():
        if m.y < 0.0:
            k = SLIME_BOUNCE_LIVING if e.living else SLIME_BOUNCE_NONLIVING
            e.motion = Vec3(m.x, -m.y * BED_BOUNCE * k, m.z)
    else:
        e.motion = Vec3(m.x * 1.0, m.y * 0.0, m.z * 1.0)


def on_stepped_on(state: BlockState, e: Entity) -> None:
    """Step 11, `Block.onSteppedOn` (spec 04 §6): only the slime block changes motion."""
    if state.block != "slime_block":
        return
    m = e.motion
    d = abs(m.y)
    if d < SLIME_STEP_MAX_Y and not e.bypasses_stepping_effects():
        k = SLIME_STEP_BASE + d * SLIME_STEP_SLOPE
        e.motion = Vec3(m.x * k, m.y * 1.0, m.z * k)


def check_block_collision(e: Entity, sim: TickContext, rec) -> None:
    """Step 13, `Entity.checkBlockCollision` (spec 03 §6.1): every cell the box deflated by 0.001 (1.0E-7 from
    1.19.3) touches, X outer, Y, Z inner, calls that block's `onEntityCollision`."""
    if "block_effects" in sim.features.refused:
        refuse_block_collision_in_tick(e, sim)
        return
    b = e.box
    d = BLOCK_COLLISION_DEFLATE_1_19_3 if sim.features.block_collision_deflate_1e7 else BLOCK_COLLISION_DEFLATE
    x0, y0, z0 = floor(b.min_x + d), floor(b.min_y + d), floor(b.min_z + d)
    x1, y1, z1 = floor(b.max_x - d), floor(b.max_y - d), floor(b.max_z - d)
    world = sim.world
    if not world.is_region_loaded(y0, y1) or (rec is None and not world.region_has(EFFECT, x0, y0, z0, x1, y1, z1)):
        return
    get = world.get_state_id
    order = 0
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            for z in range(z0, z1 + 1):
                sid = get(x, y, z)
                if rec is not None:
                    rec.geometry(cell("checked_cell", (x, y, z), order))
                    order += 1
                if sid:
                    state = world.get_block_state(x, y, z)
                    handler = _COLLISION_HANDLERS.get(state.block)
                    if handler is not None:
                        handler(state, (x, y, z), e, sim)


def refuse_block_collision_in_tick(e: Entity, sim: TickContext) -> None:
    """From 1.21.2 (spec 03 §6.2 names 1.21.3; the game's code has it from 1.21.2) block-grid collision is checked
    in the entity's own tick, with a 1e-5 deflation and a swept check along the path; not simulated. Every box
    that check can place lies within the hull of the box at the tick's start, the box now and the box one Motion
    ahead, so with no block having an `onEntityCollision` there nothing differs; otherwise stop with one line."""
    b, p, m, d = e.box, e.prev_pos, e.motion, BLOCK_COLLISION_DEFLATE_1_21_3
    boxes = (b, Box.from_entity(p.x, p.y, p.z, e.width, e.height), b.offset(m.x, m.y, m.z))
    lo = [floor(min(getattr(x, f"min_{a}") for x in boxes) + d) for a in "xyz"]
    hi = [floor(max(getattr(x, f"max_{a}") for x in boxes) - d) for a in "xyz"]
    if sim.world.region_has(EFFECT, *lo, *hi):
        raise refusal(sim.features, "block_effects",
                      f"entity {e.id} next to a block with onEntityCollision, tick {sim.tick_count}")


def slow_movement(e: Entity, multiplier: tuple[float, float, float]) -> None:
    """`Entity.slowMovement`: reset the fall and set the multiplier for the next move (spec 04 §1)."""
    e.fall_distance = 0.0
    e.movement_multiplier = Vec3(*multiplier)


def _cobweb(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    slow_movement(e, COBWEB_MULTIPLIER)


def _sweet_berry_bush(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """Only living entities other than foxes and bees are slowed, and hurt (1) by a grown bush (age > 0) when they
    moved 0.003 or more on X or Z since the tick began (lastRenderX/Z: the position at the start of the tick)."""
    if e.living and e.TYPE not in ("minecraft:fox", "minecraft:bee"):
        slow_movement(e, BERRY_BUSH_MULTIPLIER)
        if state.get("age") != "0":
            dx, dz = abs(e.pos.x - e.prev_pos.x), abs(e.pos.z - e.prev_pos.z)
            if dx >= BERRY_BUSH_MIN_MOVE or dz >= BERRY_BUSH_MIN_MOVE:
                e.damage(sim, damage_source.SWEET_BERRY_BUSH, BERRY_BUSH_DAMAGE)


def _bubble_column(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """Spec 04 §5: `drag=true` pulls down (magma), false pushes up; the surface rule when air is above
    (`BubbleColumnBlock.onEntityCollision`; boats override the surface rule)."""
    down = state.get("drag") == "true"
    if sim.world.get_block_state(pos[0], pos[1] + 1, pos[2]).is_air:
        e.on_bubble_column_surface_collision(down)
    else:
        e.on_bubble_column_collision(down)


def _honey_block(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """Side sliding (spec 04 §20): `HoneyBlock.isSliding` then `updateSlidingVelocity`."""
    if e.on_ground or e.pos.y > pos[1] + HONEY_SLIDE_TOP - 1.0e-7 or e.motion.y >= HONEY_SLIDE_MIN_VY:
        return
    dx = abs(pos[0] + 0.5 - e.pos.x)
    dz = abs(pos[2] + 0.5 - e.pos.z)
    reach = HONEY_SLIDE_HALF_WIDTH + f32(e.width / 2.0)
    if not (dx + 1.0e-7 > reach or dz + 1.0e-7 > reach):
        return
    m = e.motion
    if m.y < HONEY_SLIDE_FAST:
        k = HONEY_SLIDE_SPEED / m.y
        e.motion = Vec3(m.x * k, HONEY_SLIDE_SPEED, m.z * k)
    else:
        e.motion = Vec3(m.x, HONEY_SLIDE_SPEED, m.z)
    e.fall_distance = 0.0


def _end_portal(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """The entity leaves for the End when its box overlaps the portal's outline (no riders here)."""
    x0, y0, z0, x1, y1, z1 = END_PORTAL_SHAPE
    if e.box.intersects_coords(pos[0] + x0, pos[1] + y0, pos[2] + z0, pos[0] + x1, pos[1] + y1, pos[2] + z1):
        sim.change_dimension(e, "minecraft:the_end", pos)


def _fire(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """`AbstractFireBlock.onEntityCollision`: one more fire tick (8 s of fire when that reaches 0), then
    damage(IN_FIRE, 1 for fire / 2 for soul fire), unless the entity is fire-immune."""
    if e.is_fire_immune():
        return
    e.fire_ticks += 1
    if e.fire_ticks == 0:
        e.set_on_fire_for(FIRE_BLOCK_SECONDS)
    e.damage(sim, damage_source.IN_FIRE, SOUL_FIRE_BLOCK_DAMAGE if state.block == "soul_fire" else FIRE_BLOCK_DAMAGE)


def _cactus(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """`CactusBlock.onEntityCollision`: damage(CACTUS, 1.0F)."""
    e.damage(sim, damage_source.CACTUS, CACTUS_DAMAGE)


def update_fire_ticks(e: Entity, world: World, features: Features) -> None:
    """Step 15 (`Entity.move` after the velocity multiplier): out of fire and lava (box contracted by 0.001;
    1.0E-6 from 1.17) with
    fireTicks ≤ 0, fireTicks := −burning duration; a wet burning entity is put out, the sound's pitch drawing two
    floats from the entity's Random. Wet is water or a bubble column at the block position (rain is not modelled)."""
    unlit = -e.burning_duration()
    if e.fire_ticks == unlit:          # the usual case: neither branch changes anything
        return
    if e.fire_ticks <= 0 and not _touches_fire(e, world, features):
        e.fire_ticks = unlit
    if e.is_on_fire() and (e.touching_water or _in_bubble_column(e, world)):
        e.random.next_float()
        e.random.next_float()
        e.fire_ticks = unlit


def _touches_fire(e: Entity, world: World, features: Features) -> bool:
    """`world.getStatesInBoxIfLoaded(box.contract(0.001))` (1.0E-6 from 1.17) has a block of the FIRE tag or
    lava."""
    b = e.box.contract(FIRE_CHECK_DEFLATE_1_17 if features.fire_check_contract_1e6 else FIRE_CHECK_DEFLATE)
    return any(world.get_block_state(x, y, z).block in phys.FIRE_OR_LAVA
               for x in range(floor(b.min_x), floor(b.max_x) + 1)
               for y in range(floor(b.min_y), floor(b.max_y) + 1)
               for z in range(floor(b.min_z), floor(b.max_z) + 1))


def _in_bubble_column(e: Entity, world: World) -> bool:
    p = e.pos
    return world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block == "bubble_column"


CollisionHandler = Callable[["BlockState", "BlockPos", "Entity", "TickContext"], None]
# Block name → its `onEntityCollision`; the redstone components' (plates, detector rails, wooden buttons) are
# registered by their modules in engine/redstone, which the simulation loads (`register_collision_handler`)
_COLLISION_HANDLERS = {
    "cobweb": _cobweb,
    "fire": _fire,
    "soul_fire": _fire,
    "cactus": _cactus,
    "sweet_berry_bush": _sweet_berry_bush,
    "bubble_column": _bubble_column,
    "honey_block": _honey_block,
    "end_portal": _end_portal,
}


def register_collision_handler(names: frozenset[str] | tuple[str, ...], handler: CollisionHandler) -> None:
    """A block family's `onEntityCollision`, from a module above this floor (engine/redstone)."""
    _COLLISION_HANDLERS.update(dict.fromkeys(names, handler))


def collision_handlers() -> dict[str, object]:
    """Block name → its `onEntityCollision` handler."""
    return dict(_COLLISION_HANDLERS)


def get_velocity_multiplier(e: Entity, world: World, features: Features) -> float:
    """`Entity.getVelocityMultiplier` (spec 04 §3, AMBIGUITY-E1 read as 002 and the code): the block the
    entity is in, unless that is not water/bubble column and its multiplier is 1: then the block at the
    velocity-affecting position (0.5 below; from 1.20 under the supporting block)."""
    p = e.pos
    block = world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block
    f = phys.velocity_multiplier(block)
    if block == "water" or block == "bubble_column" or f != 1.0:
        return f
    below = world.get_block_state(*get_velocity_affecting_pos(e, world, features))
    return phys.velocity_multiplier(below.block)


def on_landed_upon(sim: TickContext, state: BlockState, pos: BlockPos, e: Entity, distance: float) -> None:
    """`Block.onLandedUpon` (spec 03 §2 step 8): fall damage × the block's multiplier (slime 0 unless sneaking,
    hay and honey 0.2F; a bed halves the distance instead); farmland first draws the world Random for every entity
    that lands on it and turns to dirt under a big enough living one (mob griefing on)."""
    block = state.block
    multiplier = 1.0
    if block == "farmland":
        if sim.random.next_float() < f32(distance - FARMLAND_TRAMPLE_OFFSET) and e.living \
                and f32(f32(e.width * e.width) * e.height) > FARMLAND_TRAMPLE_VOLUME:
            set_to_dirt(sim, pos)
    elif block == "slime_block":
        multiplier = 1.0 if e.bypasses_landing_effects() else 0.0
    elif block in ("hay_block", "honey_block"):
        multiplier = FALL_DAMAGE_HAY
    elif phys.is_bed(block):
        distance = f32(distance * BED_FALL_FACTOR)    # BedBlock.onLandedUpon: the distance is halved
    e.handle_fall_damage(sim, distance, multiplier)


def set_to_dirt(sim: TickContext, pos: BlockPos) -> None:
    """`FarmlandBlock.setToDirt` → `pushEntitiesUpBeforeBlockChange`: entities in the farmland's missing top
    sixteenth are lifted onto the dirt, then the block changes."""
    x, y, z = pos
    top = Box.of(float(x), y + FARMLAND_HEIGHT, float(z), x + 1.0, y + 1.0, z + 1.0)
    for o in sim.world.get_entities(None, top):
        d = max(-1.0, min(0.0, (y + 1.0) - (o.box.min_y + 1.0)))   # VoxelShapes.calculateMaxOffset down to the top
        o.set_position(Vec3(o.pos.x, o.pos.y + 1.0 + d, o.pos.z))
    sim.world.set_block_state(x, y, z, DIRT)
