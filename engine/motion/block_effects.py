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
    BURN_DAMAGE,
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
    POWDER_SNOW_FALLING_TOP,
    POWDER_SNOW_MULTIPLIER,
    SLIME_BOUNCE_LIVING,
    SLIME_BOUNCE_NONLIVING,
    SLIME_STEP_BASE,
    SLIME_STEP_MAX_Y,
    SLIME_STEP_SLOPE,
    SOUL_FIRE_BLOCK_DAMAGE,
    SOUL_SAND_COLLISION_FACTOR,
    SWEEP_CELL_MARGIN,
    SWEEP_END_NUDGE,
    SWEEP_MAX_STEPS,
    SWEEP_MIN_LENGTH_SQUARED,
    TICK_BLOCK_COLLISION_CONTRACT,
    TRAILING_MOVEMENT_MIN_SQUARED,
    VEC_ZERO_BELOW_1_21_2,
    WALK_HULL_MARGIN,
    WALK_LONG_MOVE_SQUARED,
    WALK_STEP_BUDGET,
)
from engine.core.trace import cell
from engine.core.versions import refusal
from engine.entities import damage_source
from engine.geometry.box import BlockPos, Box, Vec3
from engine.geometry.shapes import FULL_CUBE_BOX
from engine.influences.fluids import get_height, on_lava_block_collision
from engine.java.javanum import f32
from engine.java.mathhelper import ceil, floor
from engine.jit import plain
from engine.motion import supporting_block
from engine.motion.inside_blocks import (
    EXTINGUISH,
    FIRE_IGNITE,
    LAVA_IGNITE,
    Effect,
    Movement,
    StepBasedCollector,
    axis_step_order,
    axis_steps,
    blocks_intersected_between,
    blocks_intersected_between_1_21_10,
    collided_along_vector,
)
from engine.motion.move_kernel import land_on_block
from engine.motion.raycast import raycast_boxes, voxel_walk
from engine.motion.supporting_block import get_velocity_affecting_pos
from engine.world import block_physics as phys
from engine.world.blocks import parse_block_state
from engine.world.fluid_states import LAVA, WATER, fluid_state
from engine.world.shape_context import POWDER_SNOW_FALLING_SHAPE, powder_snow_collision_shape
from engine.world.world import EFFECT, FLUID

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.blocks import BlockState
    from engine.world.world import World


_land_on_block = plain(land_on_block)   # the row kernels' own source (engine.motion.move_kernel)


def on_entity_land(state: BlockState, e: Entity, fields: bool = False) -> None:
    """Step 10, `Block.onEntityLand` (spec 04 §2): Y × 0 by default (1.12.2 `Block.onLanded`, `fields`: motionY =
    0.0, so a fall ends at +0.0 where Y × 0.0 keeps the sign); slime and beds bounce."""
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
    elif fields:
        e.motion = Vec3(m.x, 0.0, m.z)
    else:
        e.motion = Vec3(*_land_on_block(*m))


def on_stepped_on(state: BlockState, e: Entity) -> None:
    """Step 11, `Block.onSteppedOn` (spec 04 §6): only the slime block changes motion."""
    if state.block != "slime_block":
        return
    m = e.motion
    d = abs(m.y)
    if d < SLIME_STEP_MAX_Y and not e.bypasses_stepping_effects():
        k = SLIME_STEP_BASE + d * SLIME_STEP_SLOPE
        e.motion = Vec3(m.x * k, m.y * 1.0, m.z * k)


def check_block_collision(e: Entity, sim: TickContext, rec, start: Vec3 | None = None) -> None:
    """Step 13, `Entity.checkBlockCollision` (spec 03 §6.1): every cell the box deflated by 0.001 (1.0E-7 from
    1.19.3) touches, X outer, Y, Z inner, calls that block's `onEntityCollision`. From 1.21.2 the entity's tick
    calls `Entity.tickBlockCollision` instead (`tick_block_collision`, from `start` or the tick's start)."""
    if "block_effects" in sim.features.refused:
        refuse_block_collision_in_tick(e, sim)
        e.movements = ()            # what 1.21.7's walk would have taken (nothing acts where it did not stop)
        return
    if sim.features.block_collisions_1_12:
        _do_block_collisions_1_12(e, sim, rec)
        return
    if sim.features.apply_effects_from_blocks:
        apply_effects_from_blocks(e, sim, rec, start)
        return
    if sim.features.tick_block_collision:
        tick_block_collision(e, sim, rec, e.prev_pos if start is None else start)
        return
    # 1.16.1 and before: inLava cleared, then FluidBlock sets it; from 1.16.2 isInLava reads the lava height
    features = sim.features
    e.in_lava = None if features.in_lava_by_fluid_height else on_lava_block_collision(e, sim.world, features)
    b = e.box
    d = BLOCK_COLLISION_DEFLATE_1_19_3 if sim.features.block_collision_deflate_1e7 else BLOCK_COLLISION_DEFLATE
    x0, y0, z0 = floor(b.min_x + d), floor(b.min_y + d), floor(b.min_z + d)
    x1, y1, z1 = floor(b.max_x - d), floor(b.max_y - d), floor(b.max_z - d)
    world = sim.world
    soul_sand = features.soul_sand_on_collision     # before 1.15 soul sand acts here (not an EFFECT block after)
    if not world.is_region_loaded(y0, y1) or (rec is None and not soul_sand
                                              and not world.region_has(EFFECT, x0, y0, z0, x1, y1, z1)):
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
                    _collide(world.get_block_state(x, y, z), (x, y, z), e, sim, soul_sand)


def on_entity_collision(e: Entity, sim: TickContext, pos: BlockPos) -> None:
    """One cell's `onEntityCollision`, called by the entity's own hit handling (a firework rocket's block hit); soul
    sand's before 1.15 (`soul_sand_on_collision`). From 1.21.5 (`block_effects` refused) a block that acts on
    entities there stops the run in one line."""
    state = sim.world.get_block_state(*pos)
    if state.block in _COLLISION_HANDLERS and "block_effects" in sim.features.refused:
        raise refusal(sim.features, "block_effects", f"entity {e.id} hitting {state.block} at {list(pos)}, tick "
                      f"{sim.tick_count}")
    _collide(state, pos, e, sim, sim.features.soul_sand_on_collision)


def _collide(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext, soul_sand: bool) -> None:
    """A cell's `onEntityCollision`: its block's handler, or soul sand's slowing where `soul_sand`
    (`soul_sand_on_collision`, before 1.15)."""
    handler = _COLLISION_HANDLERS.get(state.block)
    if handler is not None:
        handler(state, pos, e, sim)
    elif soul_sand and state.block == "soul_sand":
        soul_sand_collision(e)


def _do_block_collisions_1_12(e: Entity, sim: TickContext, rec) -> None:
    """1.12.2's `Entity.doBlockCollisions` (`block_collisions_1_12`): the cells of the box deflated by 0.001, X
    outer, Y, Z inner, as 1.14's, each block's `onEntityCollidedWithBlock`: a cobweb's `setInWeb` (Entity.move
    then scales the movement by (0.25, 0.05F, 0.25) and zeroes the motion fields: 1.14's `slowMovement`); fire has
    none (Entity.move's fire test, `burn_in_fire_sources`). Any other block that acts on entities here stops the run in
    one line."""
    b = e.box
    d = BLOCK_COLLISION_DEFLATE
    world = sim.world
    order = 0
    for x in range(floor(b.min_x + d), floor(b.max_x - d) + 1):
        for y in range(floor(b.min_y + d), floor(b.max_y - d) + 1):
            for z in range(floor(b.min_z + d), floor(b.max_z - d) + 1):
                if rec is not None:
                    rec.geometry(cell("checked_cell", (x, y, z), order))
                    order += 1
                state = world.get_block_state(x, y, z)
                if state.block == "cobweb":
                    _cobweb(state, (x, y, z), e, sim)
                elif state.block == "soul_sand":
                    soul_sand_collision(e)
                elif state.block != "fire" and state.block in _COLLISION_HANDLERS:
                    raise refusal(sim.features, "block_effects", f"entity {e.id} in {state.block} at {[x, y, z]}, "
                                  f"tick {sim.tick_count}", f"what {state.block} does to an entity before 1.14 "
                                  "(onEntityCollidedWithBlock) is not compared, or the block is not in the release")


def tick_block_collision(e: Entity, sim: TickContext, rec, start: Vec3) -> None:
    """`Entity.tickBlockCollision(from, to)` (1.21.2): `onSteppedOn` of the landing block when on the ground; then
    `checkBlockCollision` along the segment from `start` to the position: each cell `collect_collisions_between`
    gives, once, while the entity is alive, calls its block's `onEntityCollision`; then the fire test on the
    blocks met (no fire or lava: fireTicks ≤ 0 → −burning duration; on fire and wet: put out). 1.21.4 the same:
    its queued checks are only this one for the entities modelled, its box at the end the box now."""
    if not _step_on_if_affected(e, sim):
        return
    world = sim.world
    box = e.box.contract(TICK_BLOCK_COLLISION_CONTRACT)
    met_fire = False
    cells = collect_collisions_between(start, e.pos, box)
    if rec is None:   # no block that acts on entities, fire or lava among the cells: none does anything
        lo = [min(c[a] for c in cells) for a in range(3)]
        hi = [max(c[a] for c in cells) for a in range(3)]
        if not world.region_has(EFFECT, *lo, *hi) and not world.region_has(FLUID, *lo, *hi):
            cells = []
    for order, pos in enumerate(cells):
        if e.removed:                                                           # isAlive
            break
        if rec is not None:
            rec.geometry(cell("checked_cell", pos, order))
        state = world.get_block_state(*pos)
        if state.is_air:
            continue
        if state.block in _OWN_INSIDE_SHAPE:
            raise refusal(sim.features, "block_effects", f"entity {e.id} in {state.block} at {list(pos)}, tick "
                          f"{sim.tick_count}", f"{state.block}'s getInsideCollisionShape and onEntityCollision of "
                          "1.21.2 are not compared")
        handler = _COLLISION_HANDLERS.get(state.block)
        if handler is not None:
            handler(state, pos, e, sim)
        met_fire = met_fire or state.block in phys.FIRE_OR_LAVA
    if not met_fire and not e.removed and e.fire_ticks <= 0:
        e.fire_ticks = -e.burning_duration()
    wet = e.touching_water or _in_bubble_column(e, world) or e.in_powder_snow
    if not met_fire and not e.removed and e.on_fire_at_move and wet:            # playExtinguishSound's pitch
        e.random.next_float()
        e.random.next_float()
    if e.is_on_fire() and wet:
        e.fire_ticks = -e.burning_duration()


def apply_effects_from_blocks(e: Entity, sim: TickContext, rec, start: Vec3 | None = None) -> None:
    """`Entity.applyEffectsFromBlocks` (1.21.7, `apply_effects_from_blocks`): the tick's recorded movements
    (`Entity.move`'s, `inside_blocks.add_movement_this_tick`) then one from the last to the position when they
    part by more than 1.0E-5F, or the tick's own from its start when none was recorded; `start` given, the one
    movement from it to the position (`applyEffectsFromBlocks(from, to)`: a piston's push) and the records kept;
    a minecart walks its position alone and drops its records (`AbstractMinecart.applyEffectsFromBlocks`). Then:
    `stepOn` of the landing block when on the ground, the walk (`_check_inside_blocks`), the collected fire,
    lava and extinguishing effects (`StepBasedCollector.applyAndClear`), the extinguish sound's two floats where
    the entity was on fire and is not now, and fireTicks ≤ 0 → −burning duration unless on fire or increased.
    (Vanilla's unlit fireTicks is 0 from 1.21.7, `getFireImmuneTicks`; the engine keeps −1: no modelled entity is
    fire-immune, so the value is never below 0 there, and 0 and −1 act alike everywhere they are read.)"""
    if start is None and e.walks_at_position(sim.world):
        start = e.pos
        e.movements = ()
    if start is not None:
        movements = [Movement(start, e.pos, None)]
    else:
        movements = list(e.movements)
        e.movements = ()
        last = movements[-1].end if movements else None
        if last is None:
            movements.append(Movement(e.prev_pos, e.pos, None))
        elif (last.x - e.pos.x) ** 2 + (last.y - e.pos.y) ** 2 + (last.z - e.pos.z) ** 2 > \
                TRAILING_MOVEMENT_MIN_SQUARED:
            movements.append(Movement(last, e.pos, None))
    if not _step_on_if_affected(e, sim):
        return
    world = sim.world
    was_on_fire, before = e.is_on_fire(), e.fire_ticks
    collector = StepBasedCollector(_inside_effects(sim))
    visited: set[BlockPos] = set()
    if rec is not None or _effects_in_reach(e, world, movements):
        walk = _walk_movement_1_21_10 if sim.features.block_walk_step_budget else _walk_movement
        for m in movements:
            walk(e, sim, rec, m, collector, visited)
    collector.apply_and_clear(e)
    if was_on_fire and not e.is_on_fire():                                      # the extinguish sound's pitch
        e.random.next_float()
        e.random.next_float()
    if not e.is_on_fire() and e.fire_ticks <= before and e.fire_ticks <= 0:
        e.fire_ticks = -e.burning_duration()


def _walk_movement(e: Entity, sim: TickContext, rec, m: Movement, collector: StepBasedCollector,
                   visited: set[BlockPos]) -> None:
    """1.21.7's `checkInsideBlocks(movements, collector)` for one movement: an axis-independent one (`wanted`
    given) axis by axis in the order of its moved delta, else whole."""
    d = m.end.add(-m.start.x, -m.start.y, -m.start.z)
    steps = axis_steps(m.start, m.end, axis_step_order(d)) if m.wanted is not None and d.length_squared() > 0.0 \
        else [(m.start, m.end)]
    for frm, to in steps:
        _check_inside_blocks(e, sim, rec, frm, to, collector, visited)


def _walk_movement_1_21_10(e: Entity, sim: TickContext, rec, m: Movement, collector: StepBasedCollector,
                           visited: set[BlockPos]) -> None:
    """1.21.10's (`block_walk_step_budget`; 1.21.11 the same): the axis order is the wanted movement's, and the
    movement has a budget of 16 step indices — each step walks while its cells' steps stay under what is left
    and spends its last step + 1 (a whole movement starts from 16 again); spent, the box at the movement's end
    is walked alone with a budget of 1."""
    d = m.end.add(-m.start.x, -m.start.y, -m.start.z)
    budget = WALK_STEP_BUDGET
    if m.wanted is not None and d.length_squared() > 0.0:
        for frm, to in axis_steps(m.start, m.end, axis_step_order(m.wanted)):
            budget -= _check_inside_blocks(e, sim, rec, frm, to, collector, visited, budget)
    else:
        budget -= _check_inside_blocks(e, sim, rec, m.start, m.end, collector, visited, WALK_STEP_BUDGET)
    if budget <= 0:
        _check_inside_blocks(e, sim, rec, m.end, m.end, collector, visited, 1)


def _step_on_if_affected(e: Entity, sim: TickContext) -> bool:
    """Whether blocks act on the entity (`shouldTickBlockCollision`, 1.21.7 `isAffectedByBlocks`: alive, not
    no-clip); if so, `onSteppedOn` of its landing block when on the ground first."""
    if e.removed or e.no_clip:
        return False
    if e.on_ground:
        pos = supporting_block.get_landing_pos(e, sim.world, sim.features)
        on_stepped_on(sim.world.get_block_state(*pos), e)
    return True


def _box_at(e: Entity, p: Vec3) -> Box:
    """`Entity.makeBoundingBox(pos)`: the entity's dimensions' box at `p`."""
    return Box.from_entity(p.x, p.y, p.z, e.width, e.height)


def _effects_in_reach(e: Entity, world: World, movements: list[Movement]) -> bool:
    """Whether a block acting on entities, or a fluid, lies in the hull of the walk's boxes (each movement's
    boxes at its start and end, widened by WALK_HULL_MARGIN; a step's sweep stays inside them, its hits clamped
    1.0E-5F into a cell from the box deflated by as much): elsewhere the walk does nothing."""
    boxes = [_box_at(e, p) for m in movements for p in (m.start, m.end)]
    lo = [floor(min(getattr(b, f"min_{a}") for b in boxes) - WALK_HULL_MARGIN) for a in "xyz"]
    hi = [floor(max(getattr(b, f"max_{a}") for b in boxes) + WALK_HULL_MARGIN) for a in "xyz"]
    return world.region_has(EFFECT, *lo, *hi) or world.region_has(FLUID, *lo, *hi)


def _check_inside_blocks(e: Entity, sim: TickContext, rec, start: Vec3, end: Vec3, collector: StepBasedCollector,
                         visited: set[BlockPos], budget: int | None = None) -> int:
    """`Entity.checkInsideBlocks(from, to, collector, visited)` (1.21.7): each cell
    `blocks_intersected_between` gives for the box at `end` deflated by 1.0E-5F, while the entity is alive: air
    passed; each other cell once a tick (`visited`); its `entityInside` where its inside shape is the full cube
    (every modelled block's but the end portal's, which stops the run, and powder snow's falling shape,
    `powder_snow_inside_met`) or met along the path; then its fluid's,
    where the fluid's box (height `getHeight(world, pos)`, the top in float) is met along the path
    (`collidedWithFluid`: the box at `start` moved to `end`, `collided_along_vector`), each call after the
    collector's `advanceStep` to the cell's step.

    With a `budget` (1.21.10, `block_walk_step_budget`): the cells of `blocks_intersected_between_1_21_10`, the
    walk ending at the first whose step reaches the budget; a cell counts as visited only where its inside shape
    or its fluid was met (powder snow's falling shape missed leaves its cell to a later step); the bubble column
    acts only on a long step (over 0.99999) or a box that intersects its cell (`entityInside`'s `intersects`).
    Returns the last step walked + 1 (1 when none was)."""
    world = sim.world
    box = _box_at(e, end).contract(TICK_BLOCK_COLLISION_CONTRACT)
    start_box = _box_at(e, start)
    dx, dy, dz = end.x - start.x, end.y - start.y, end.z - start.z
    long_step = dx * dx + dy * dy + dz * dz > WALK_LONG_MOVE_SQUARED       # Vec3.distanceToSqr
    cells = blocks_intersected_between(start, end, box) if budget is None else \
        blocks_intersected_between_1_21_10(start, end, box)
    last = 0
    for pos, step in cells:
        if e.removed:                                                           # isAlive
            break
        if budget is not None and step >= budget:
            break
        last = step
        if rec is not None:
            rec.geometry(cell("checked_cell", pos, step))
        state = world.get_block_state(*pos)
        if state.is_air:
            continue
        if budget is None:                                                      # 1.21.7: visited before the tests
            if pos in visited:
                continue
            visited.add(pos)
        if state.block in _OWN_INSIDE_SHAPE:
            raise refusal(sim.features, "block_effects", f"entity {e.id} in {state.block} at {list(pos)}, tick "
                          f"{sim.tick_count}", f"{state.block}'s getEntityInsideCollisionShape and entityInside of "
                          "1.21.7 are not compared")
        inside = state.block != "powder_snow" or powder_snow_inside_met(e, world, pos, start_box, Vec3(dx, dy, dz))
        fs = fluid_state(state)
        x, y, z = pos
        fluid = fs.fluid is not None and collided_along_vector(start_box, dx, dy, dz, Box(
            float(x), float(y), float(z), x + 1.0, f32(float(y) + get_height(world, x, y, z)), z + 1.0))
        if budget is not None:                                                  # 1.21.10: visited where met
            if not (inside or fluid) or pos in visited:
                continue
            visited.add(pos)
        if inside:
            collector.advance_step(step)
            if state.block in phys.FIRE_TAG:
                _fire_inside(state, e, sim, collector)
            elif state.block == "powder_snow":
                _powder_snow_inside(pos, e, sim, collector)
            elif budget is not None and state.block == "bubble_column" and not long_step and \
                    not box.intersects_coords(x, y, z, x + 1, y + 1, z + 1):
                pass                                                            # BubbleColumnBlock: intersects
            else:
                handler = _COLLISION_HANDLERS.get(state.block)
                if handler is not None:
                    handler(state, pos, e, sim)
        if fluid:
            collector.advance_step(step)
            if fs.fluid == WATER:                                          # WaterFluid.entityInside
                collector.apply(EXTINGUISH)
            else:                                                               # LavaFluid.entityInside
                collector.apply(LAVA_IGNITE)
                collector.run_after(LAVA_IGNITE, lambda o: o.lava_hurt(sim))
    return last + 1


def _fire_inside(state: BlockState, e: Entity, sim: TickContext, collector: StepBasedCollector) -> None:
    """`BaseFireBlock.entityInside` (1.21.7): FIRE_IGNITE for the step, and after it damage(IN_FIRE, 1 for fire,
    2 for soul fire) per fire block."""
    damage = SOUL_FIRE_BLOCK_DAMAGE if state.block == "soul_fire" else FIRE_BLOCK_DAMAGE
    collector.apply(FIRE_IGNITE)
    collector.run_after(FIRE_IGNITE, lambda o: None if o.is_fire_immune() else
                        o.damage(sim, damage_source.IN_FIRE, damage))


def _fire_ignite(e: Entity) -> None:
    """`BaseFireBlock.fireIgnite` (1.21.7; 1.21.2's `onEntityCollision` fire ticks): a tick more below 0, then
    8 s of fire at 0 or above; a player's random extra ticks are refused where the entity is put in fire."""
    if e.is_fire_immune():
        return
    if e.fire_ticks < 0:
        e.fire_ticks += 1
    if e.fire_ticks >= 0:
        e.set_on_fire_for(FIRE_BLOCK_SECONDS)


def _inside_effects(sim: TickContext) -> dict:
    """`InsideBlockEffectType`'s effects (powder snow's FREEZE: its handler marks the entity, and
    `LivingEntity.tick_freezing` counts the frozen tick in the same order, before the thaw). Fire's and lava's
    ignition (`igniteForTicks`) also clears the frozen ticks (1.21.7; 1.21.10 adds CLEAR_FREEZE to both blocks,
    the same for entities that are not fire-immune, as every modelled one), the extinguish sound's draws where
    that thaws: a living entity frozen, or marked in powder snow in the walk, that they ignite stops in one line."""
    def thawing(ignite: Effect) -> Effect:
        return lambda o: (_refuse_ignite_thaw(o, sim), ignite(o))
    return {FIRE_IGNITE: thawing(_fire_ignite), LAVA_IGNITE: thawing(lambda o: o.lava_ignite()),
            EXTINGUISH: lambda o: setattr(o, "fire_ticks", -o.burning_duration())}   # clearFire


def _refuse_ignite_thaw(e: Entity, sim: TickContext) -> None:
    if e.living and (e.frozen_ticks or e.in_powder_snow and e.can_freeze()):
        raise refusal(sim.features, "block_effects", f"entity {e.id} frozen or in powder snow in fire or lava, tick "
                      f"{sim.tick_count}", "the thaw of igniteForTicks (1.21.7) and CLEAR_FREEZE (1.21.10) in the "
                      "block walk is not modelled")


def collect_collisions_between(start: Vec3, end: Vec3, box: Box) -> list[BlockPos]:
    """`BlockView.collectCollisionsBetween(from, to, box)` (1.21.2): the cells of `box` (x fastest, then y, z)
    when the segment is shorter than 0.99999F; else first the cells the box's min corner sweeps from where it
    was at `start` (a voxel walk of at most 17 cells, each met by `Box.raycast` and widened by the box's lengths,
    its hit clamped 1.0E-5F inside the cell), then those of `box`, each once."""
    delta = Vec3(end.x - start.x, end.y - start.y, end.z - start.z)
    x0, y0, z0 = floor(box.min_x), floor(box.min_y), floor(box.min_z)
    x1, y1, z1 = floor(box.max_x), floor(box.max_y), floor(box.max_z)
    cells = [(x, y, z) for z in range(z0, z1 + 1) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
    if delta.length_squared() < SWEEP_MIN_LENGTH_SQUARED:
        return cells
    nudge = delta.normalize(True, VEC_ZERO_BELOW_1_21_2).multiply(SWEEP_END_NUDGE, SWEEP_END_NUDGE, SWEEP_END_NUDGE)
    to = Vec3(box.min_x + nudge.x, box.min_y + nudge.y, box.min_z + nudge.z)
    back = Vec3(box.min_x - delta.x, box.min_y - delta.y, box.min_z - delta.z)
    frm = Vec3(back.x - nudge.x, back.y - nudge.y, back.z - nudge.z)
    swept = _swept_cells(frm, to, box)
    return list(dict.fromkeys(swept + cells))


def _swept_cells(frm: Vec3, to: Vec3, box: Box) -> list[BlockPos]:
    """The private `collectCollisionsBetween(result, from, to, box)`: a voxel walk from `from` (its own cell not
    tested) of at most 17 steps; each cell the segment enters adds the cells from it to its hit point widened by
    the box's lengths."""
    lx, ly, lz = box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z
    out: list[BlockPos] = []
    for steps, (i, j, k) in enumerate(voxel_walk(frm.x, frm.y, frm.z, to.x - frm.x, to.y - frm.y, to.z - frm.z)):
        if steps > SWEEP_MAX_STEPS:
            break
        hit = raycast_boxes((FULL_CUBE_BOX,), frm, to, (i, j, k))
        if hit is None:
            continue
        q = min(max(hit.pos.x, i + SWEEP_CELL_MARGIN), i + 1.0 - SWEEP_CELL_MARGIN)
        r = min(max(hit.pos.y, j + SWEEP_CELL_MARGIN), j + 1.0 - SWEEP_CELL_MARGIN)
        s = min(max(hit.pos.z, k + SWEEP_CELL_MARGIN), k + 1.0 - SWEEP_CELL_MARGIN)
        out += [(w, x, y) for w in range(i, floor(q + lx) + 1) for x in range(j, floor(r + ly) + 1)
                for y in range(k, floor(s + lz) + 1)]
    return out


def refuse_block_collision_in_tick(e: Entity, sim: TickContext) -> None:
    """From 1.21.5 (1.21.7's code: the tick's recorded movements walked step by step, effects applied by type)
    the tick's block check differs from 1.21.2-1.21.4's; not simulated. Every box
    that check can place lies within the hull of the box at the tick's start, the box now and the box one Motion
    ahead, so with no block having an `onEntityCollision` there nothing differs; otherwise stop with one line.
    Lava too: 1.21.7's `LavaFluid.entityInside` ignites and hurts in that walk (the base tick no longer does), so
    an entity near a lava cell stops here rather than take 1.21.4's base-tick lava — unless it is fire immune, which
    neither ignites nor is hurt by lava in either (`lavaIgnite`, `lavaHurt`, `setOnFireFromLava`)."""
    b, p, m, d = e.box, e.prev_pos, e.motion, BLOCK_COLLISION_DEFLATE_1_21_3
    boxes = (b, Box.from_entity(p.x, p.y, p.z, e.width, e.height), b.offset(m.x, m.y, m.z))
    lo = [floor(min(getattr(x, f"min_{a}") for x in boxes) + d) for a in "xyz"]
    hi = [floor(max(getattr(x, f"max_{a}") for x in boxes) - d) for a in "xyz"]
    world = sim.world
    if world.region_has(EFFECT, *lo, *hi):
        raise refusal(sim.features, "block_effects",
                      f"entity {e.id} next to a block with onEntityCollision, tick {sim.tick_count}")
    if not e.is_fire_immune() and world.region_has(FLUID, *lo, *hi) and any(
            fluid_state(world.get_block_state(x, y, z)).fluid == LAVA for x in range(lo[0], hi[0] + 1)
            for y in range(lo[1], hi[1] + 1) for z in range(lo[2], hi[2] + 1)):
        raise refusal(sim.features, "block_effects", f"entity {e.id} next to lava (its entityInside acts in the "
                      f"block walk from 1.21.7, not in the base tick), tick {sim.tick_count}")


def soul_sand_collision(e: Entity) -> None:
    """`SoulSandBlock.onEntityCollision` before 1.15 (`soul_sand_on_collision`; 1.12.2's `BlockSoulSand`: motionX
    and motionZ x 0.4D): the Motion x (0.4, 1.0, 0.4), once per soul-sand cell the box touches."""
    m = e.motion
    e.motion = Vec3(m.x * SOUL_SAND_COLLISION_FACTOR, m.y * 1.0, m.z * SOUL_SAND_COLLISION_FACTOR)


def slow_movement(e: Entity, multiplier: tuple[float, float, float]) -> None:
    """`Entity.slowMovement`: reset the fall and set the multiplier for the next move (spec 04 §1)."""
    e.fall_distance = 0.0
    e.movement_multiplier = Vec3(*multiplier)


def _cobweb(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    slow_movement(e, COBWEB_MULTIPLIER)


# the kinds powder snow is simulated for besides players and mobs: the rest (projectiles, XP orbs, vehicles) and
# the living kinds with their own damage or moves (armor stands, shulkers) stop where they meet it
POWDER_SNOW_KINDS = frozenset({"minecraft:tnt", "minecraft:item", "minecraft:falling_block"})
POWDER_SNOW_UNMODELLED_LIVING = frozenset({"minecraft:armor_stand", "minecraft:shulker"})


def _powder_snow(state: BlockState, pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """`PowderSnowBlock.onEntityCollision` (1.17–1.21.4): `_stuck_in_powder_snow`, then, on the server, the block
    under a burning entity broken (`break_under_burning`) and the on-fire flag cleared (`setOnFire(false)`: the
    client's flag, nothing the engine keeps; the fire ticks stay, and the fire test after the check puts the
    entity out as `inPowderSnow` is set). From 1.18 a living entity reads the block at its position through
    `getBlockStateAtPos`'s cache, kept through the check (1.17 reads it live): a burning one whose box holds more
    than one powder snow cell (a later cell would read the broken one as powder snow) stops in one line, in
    1.17 too."""
    _stuck_in_powder_snow(pos, e, sim)
    if e.is_on_fire() and e.living and not e.is_player and _powder_snow_cells(e, sim) > 1:
        raise refusal(sim.features, "block_effects", f"entity {e.id} ({e.TYPE}) burning in powder snow at "
                      f"{list(pos)}, tick {sim.tick_count}", "a burning living entity in more than one powder snow "
                      "cell (getBlockStateAtPos's cache, 1.18) is not modelled")
    break_under_burning(e, sim, pos)


def _powder_snow_inside(pos: BlockPos, e: Entity, sim: TickContext, collector: StepBasedCollector) -> None:
    """`PowderSnowBlock.entityInside` (1.21.7; 1.21.10 the same): `_stuck_in_powder_snow`; before the step's
    EXTINGUISH (so after its FIRE_IGNITE and LAVA_IGNITE) the block under a burning entity is broken
    (`break_under_burning`); FREEZE (the entity is marked here, its frozen tick counted by
    `LivingEntity.tick_freezing`) and EXTINGUISH."""
    _stuck_in_powder_snow(pos, e, sim)
    collector.run_before(EXTINGUISH, lambda o: break_under_burning(o, sim, pos))
    collector.apply(EXTINGUISH)


def _stuck_in_powder_snow(pos: BlockPos, e: Entity, sim: TickContext) -> None:
    """What both releases' powder snow does at once: an entity not living, or a living one whose position's block
    is powder snow, is slowed (`slowMovement`, 1.21.7 `makeStuckInBlock`: (0.9F, 1.5, 0.9F)); every entity is
    marked in powder snow (1.21.7: the FREEZE effect, applied after the walk; nothing reads the mark before).
    Stops in one line for the kinds not modelled there."""
    unmodelled = e.TYPE in POWDER_SNOW_UNMODELLED_LIVING if e.living else e.TYPE not in POWDER_SNOW_KINDS
    if unmodelled:
        raise refusal(sim.features, "block_effects", f"entity {e.id} ({e.TYPE}) in powder snow at {list(pos)}, "
                      f"tick {sim.tick_count}", "what powder snow does to it (its own moves or damage) is not "
                      "modelled")
    p = e.pos
    if not e.living or sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block == "powder_snow":
        slow_movement(e, POWDER_SNOW_MULTIPLIER)
    e.in_powder_snow = True


def break_under_burning(e: Entity, sim: TickContext, pos: BlockPos) -> None:
    """Powder snow under a burning entity: `World.breakBlock(pos, false)` where mob griefing is on (the default
    game rule; a player needs none) and `canModifyAt` (true but for projectiles and players): the cell's air set
    with flags 3, so its neighbours are updated (a gravity block above falls). A burning player is refused in one
    line: its server-side move breaks the block, not the client's move the engine runs."""
    if not e.is_on_fire():
        return
    if e.is_player:
        raise refusal(sim.features, "block_effects", f"entity {e.id} (a player) burning in powder snow at "
                      f"{list(pos)}, tick {sim.tick_count}", "the server breaks powder snow under a burning player "
                      "(its own move of the client's packets): not modelled")
    from engine.redstone import neighbor_updates as nu  # engine.redstone imports this module (through move)
    with sim.world.caused_by("entity"):
        nu.remove_block(sim, pos)       # breakBlock(pos, false): no drops; a level event and a game event besides


def _powder_snow_cells(e: Entity, sim: TickContext) -> int:
    """The powder snow cells of the box deflated as `checkBlockCollision` deflates it (0.001; 1.0E-7 from 1.19.3)."""
    b, world = e.box, sim.world
    d = BLOCK_COLLISION_DEFLATE_1_19_3 if sim.features.block_collision_deflate_1e7 else BLOCK_COLLISION_DEFLATE
    return sum(world.get_block_state(x, y, z).block == "powder_snow"
               for x in range(floor(b.min_x + d), floor(b.max_x - d) + 1)
               for y in range(floor(b.min_y + d), floor(b.max_y - d) + 1)
               for z in range(floor(b.min_z + d), floor(b.max_z - d) + 1))


def powder_snow_inside_met(e: Entity, world: World, pos: BlockPos, start_box: Box, delta: Vec3) -> bool:
    """`PowderSnowBlock.getEntityInsideCollisionShape` (1.21.7) and the walk's test of it: the entity's collision
    shape there, or the full cube where that is empty; the full cube (`Shapes.block()`) is met wherever the walk
    reaches, the falling shape (an entity falling more than 2.5) only where the box at the movement's start
    meets it along the movement (`collidedWithShapeMovingFrom`). Read when the cell is visited: a slowing in an
    earlier cell has reset the fall."""
    x, y, z = pos
    if powder_snow_collision_shape(y, e.shape_context(world)) is not POWDER_SNOW_FALLING_SHAPE:
        return True
    return collided_along_vector(start_box, delta.x, delta.y, delta.z,
                                 Box(float(x), float(y), float(z), x + 1.0, y + POWDER_SNOW_FALLING_TOP, z + 1.0))


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
    (`BubbleColumnBlock.onEntityCollision`; 1.21.7's `entityInside`: a block without collision shape nor fluid,
    `bubble_column_above_no_collision`; boats override the surface rule; from 1.21.4 a stuck arrow or
    trident ignores the inner one, `held_in_place`)."""
    down = state.get("drag") == "true"
    world = sim.world
    above = world.get_block_state(pos[0], pos[1] + 1, pos[2])
    if world.get_collision_shape(above, *pos).is_empty and fluid_state(above).fluid is None \
            if sim.features.bubble_column_above_no_collision else above.is_air:
        e.on_bubble_column_surface_collision(down)
    elif not e.held_in_place(sim.features):
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
    """`AbstractFireBlock.onEntityCollision`: one more fire tick (8 s of fire when that reaches 0; from 1.21.2 a
    tick more only below 0, and 8 s of fire at 0 or above), then damage(IN_FIRE, 1 for fire / 2 for soul fire),
    unless the entity is fire-immune."""
    if e.is_fire_immune() or not sim.features.fire_block_collision:   # before 1.16: Entity.move's fire test
        return
    if sim.features.fire_block_1_21_2:
        if e.fire_ticks < 0:
            e.fire_ticks += 1
        if e.fire_ticks >= 0:
            e.set_on_fire_for(FIRE_BLOCK_SECONDS)
    else:
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
    if e.is_on_fire() and (e.touching_water or _in_bubble_column(e, world) or e.in_powder_snow):
        e.random.next_float()
        e.random.next_float()
        e.fire_ticks = unlit


FIRE_SOURCES_1_14 = frozenset({"fire", "lava"})   # World.doesAreaContainFireSource: Blocks.FIRE or Blocks.LAVA


def burn_in_fire_sources(e: Entity, sim: TickContext) -> None:
    """Step 15 before 1.16 (`fire_block_collision` false; FireBlock has no onEntityCollision; 1.12.2's
    `World.isFlammableWithin`, `block_collisions_1_12`, the same test): where the box contracted by 0.001 meets fire
    or lava (`World.doesAreaContainFireSource`: cells floor(min) .. ceil(max) exclusive), a dry entity gets a fire
    tick more (8 s of fire when that reaches 0) and every entity `burn(1)` (1.12.2: `dealFireDamage(1)` first):
    damage(IN_FIRE, 1) unless fire-immune; elsewhere fireTicks ≤ 0 → −burning duration; a wet burning entity is put
    out, the sound's pitch drawing two floats. Wet is `isWet`: water or a bubble column (rain is not modelled)."""
    world = sim.world
    wet = e.touching_water or _in_bubble_column(e, world)
    b = e.box.contract(FIRE_CHECK_DEFLATE)
    if any(world.get_block_state(x, y, z).block in FIRE_SOURCES_1_14
           for x in range(floor(b.min_x), ceil(b.max_x)) for y in range(floor(b.min_y), ceil(b.max_y))
           for z in range(floor(b.min_z), ceil(b.max_z))):
        # 1.12.2: dealFireDamage(1) before the fire tick; 1.13.2 after it, as 1.14 (no modelled entity's damage
        # reads its fire ticks: the order shows nowhere, so the flag of both serves)
        damage_first = sim.features.block_collisions_1_12
        if damage_first and not e.is_fire_immune():
            e.damage(sim, damage_source.IN_FIRE, BURN_DAMAGE)
        if not wet:
            e.fire_ticks += 1
            if e.fire_ticks == 0:
                e.set_on_fire_for(FIRE_BLOCK_SECONDS)
        if not damage_first and not e.is_fire_immune():
            e.damage(sim, damage_source.IN_FIRE, BURN_DAMAGE)
    elif e.fire_ticks <= 0:
        e.fire_ticks = -e.burning_duration()
    if wet and e.is_on_fire():
        e.random.next_float()
        e.random.next_float()
        e.fire_ticks = -e.burning_duration()


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


# blocks with an onEntityCollision here whose getInsideCollisionShape is not a full cube from 1.21.2 (tested
# along the path by Entity.collides; tripwires have no onEntityCollision here in any release)
_OWN_INSIDE_SHAPE = frozenset({"end_portal"})
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
    "powder_snow": _powder_snow,
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
    elif block == "powder_snow" and sim.features.powder_snow_soft_landing:
        return                                        # 1.18 PowderSnowBlock.onLandedUpon: a sound from 4 blocks
    e.handle_fall_damage(sim, distance, multiplier)


def set_to_dirt(sim: TickContext, pos: BlockPos) -> None:
    """`FarmlandBlock.setToDirt` → `pushEntitiesUpBeforeBlockChange`: entities in the farmland's missing top
    sixteenth are lifted onto the dirt, then the block changes."""
    x, y, z = pos
    top = Box.of(float(x), y + FARMLAND_HEIGHT, float(z), x + 1.0, y + 1.0, z + 1.0)
    for o in sim.world.get_entities(None, top):
        d = max(-1.0, min(0.0, (y + 1.0) - (o.box.min_y + 1.0)))   # VoxelShapes.calculateMaxOffset down to the top
        o.set_position(Vec3(o.pos.x, o.pos.y + 1.0 + d, o.pos.z))
    from engine.redstone import neighbor_updates as nu  # engine.redstone imports this module (through move)
    # setBlockState(pos, dirt) with flags 3: its neighbours are updated (a gravity block above schedules its test)
    nu.set_block_state(sim, pos, parse_block_state("minecraft:dirt"), nu.NOTIFY_ALL)   # (cached; not made at import)
