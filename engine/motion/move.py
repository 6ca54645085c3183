"""`Entity.move(MovementType, Vec3d)`: the 15 steps of spec 03 §2, in vanilla's order, one function each."""

from __future__ import annotations

import math
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    MIN_MOVE_LENGTH_SQUARED,
    MOVEMENT_MULTIPLIER_MIN_SQUARED,
    PISTON_DELTA_CLAMP,
    PISTON_MIN_COMPONENT,
    SNEAK_EDGE_PROBE_MARGIN,
    SNEAK_PROBE_INSET,
)
from engine.core.limits import MAX_RAYCAST_BLOCKS, SimulationLimit
from engine.core.trace import StageInfo, cell, point, run_stage, segment
from engine.core.versions import refusal
from engine.geometry.box import ZERO, Box, Vec3
from engine.influences.fluids import check_water_state
from engine.java.javanum import f32
from engine.jit import plain
from engine.motion import block_effects, collision_boxes, move_kernel, raycast_kernel, supporting_block
from engine.motion.collision import adjust_movement_for_collisions
from engine.motion.collision_kernel import block_arrays
from engine.motion.inside_blocks import Movement, add_movement_this_tick

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.entities.entity import Entity
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World


class MovementType(Enum):
    SELF = "self"
    PLAYER = "player"
    PISTON = "piston"
    SHULKER_BOX = "shulker_box"
    SHULKER = "shulker"


MOVE = StageInfo("move", "Entity.move", "M")
S_NO_CLIP = StageInfo("no_clip", "Entity.move")
S_PISTON = StageInfo("piston_adjustment", "Entity.adjustMovementForPiston")
S_MULTIPLIER = StageInfo("movement_multiplier", "Entity.move")
S_SNEAKING = StageInfo("sneaking_adjustment", "Entity.adjustMovementForSneaking")
S_COLLISIONS = StageInfo("collisions", "Entity.adjustMovementForCollisions", "Dc")
S_FALL_RESET = StageInfo("fall_reset_raycast", "Entity.move")
S_POSITION = StageInfo("position_update", "Entity.move", "Pu")
S_FLAGS = StageInfo("collision_flags", "Entity.move")
S_FALL = StageInfo("fall", "Entity.fall")
S_ZERO = StageInfo("zero_collided_motion", "Entity.move")
S_LAND = StageInfo("on_entity_land", "Block.onEntityLand")
S_STEPPED = StageInfo("on_stepped_on", "Block.onSteppedOn")
S_BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision")
S_VELOCITY = StageInfo("velocity_multiplier", "Entity.getVelocityMultiplier")
S_TICK_BLOCKS = StageInfo("tick_block_collision", "Entity.tickBlockCollision", "Dc")


def move(entity: Entity, sim: TickContext, kind: MovementType, movement: Vec3, rec: Recorder | None) -> None:
    """`Entity.move`, recorded as one stage with a child per step that ran. From 1.21.2 the callers of a move of
    their own or a piston's (`TntEntity`, `ItemEntity`, `ExperienceOrbEntity`, `FallingBlockEntity.tick`,
    `PistonBlockEntity.moveEntity`) call `Entity.tickBlockCollision` right after it; shulker-box and shulker
    pushes do not, nor the move of a living entity's travel (`LivingEntity.tickMovement` calls it after travel)."""
    start = entity.pos
    if kind is not MovementType.SELF:
        entity.check_moved_by_others(sim)
    run_stage(rec, entity, MOVE, _move, entity, sim, kind, movement, rec)
    features = sim.features
    if features.apply_effects_from_blocks and kind is MovementType.PISTON:
        if entity.walks_at_position(sim.world):    # AbstractMinecart.move: its own walk after every move
            run_stage(rec, entity, S_TICK_BLOCKS, block_effects.check_block_collision, entity, sim, rec)
        # 1.21.7 PistonMovingBlockEntity.moveEntityByPiston: the push walked alone, then its record dropped
        run_stage(rec, entity, S_TICK_BLOCKS, block_effects.check_block_collision, entity, sim, rec, start)
        entity.movements = entity.movements[:-1]                            # removeLatestMovementRecording
    elif features.tick_block_collision and (kind is MovementType.PISTON or
                                            kind is MovementType.SELF and
                                            entity.checks_blocks_after_own_move(sim.world)):
        run_stage(rec, entity, S_TICK_BLOCKS, block_effects.check_block_collision, entity, sim, rec)


def _move(e: Entity, sim: TickContext, kind: MovementType, movement: Vec3, rec: Recorder | None) -> None:
    features = sim.features
    if "entity_move" in features.refused:
        raise refusal(features, "entity_move", f"entity {e.id}, tick {sim.tick_count}")
    sets_position = features.move_sets_position
    if e.no_clip:                                                                   # step 1
        run_stage(rec, e, S_NO_CLIP, move_no_clip, e, movement, sets_position)
        return
    in_tick = features.tick_block_collision     # 1.21.2: steps 11, 13 and 15 move to tickBlockCollision
    if in_tick:
        e.on_fire_at_move = e.is_on_fire()
    if kind is MovementType.PISTON and features.piston_clamp:                       # step 2 (1.11: none)
        movement = run_stage(rec, e, S_PISTON, adjust_movement_for_piston, e, sim.world.game_time, movement)
        if is_java_zero(movement):
            return
    if e.movement_multiplier.length_squared() > MOVEMENT_MULTIPLIER_MIN_SQUARED:    # step 3
        scaled = run_stage(rec, e, S_MULTIPLIER, apply_movement_multiplier, e, movement)
        if kind is not MovementType.PISTON or not features.piston_move_unstuck:     # 1.21.10: a piston's unscaled
            movement = scaled
    world = sim.world
    movement = run_stage(rec, e, S_SNEAKING, adjust_movement_for_sneaking, e, movement, kind, world,
                         features.sneak_edge_near_ground, features.sneak_edge_only_falling,
                         features.sneak_edge_below_feet, features.sneak_probe_deflated,
                         features.collision_aabb_lists)                                     # step 4
    if features.collision_aabb_lists:                                               # step 5 (1.12.2)
        actual = run_stage(rec, e, S_COLLISIONS, collision_boxes.adjust_movement_for_collisions, e, movement, sim)
    else:
        actual = run_stage(rec, e, S_COLLISIONS, adjust_movement_for_collisions, e, movement, world,
                           features.axis_order_yxz, rec, features.step_up_heights,
                           features.move_motion_fields)   # step 5 (1.13.2: its step-up on the motion fields)
    fields = features.move_motion_fields      # 1.12.2: the motionX/Y/Z fields' Entity.move
    d = actual.length_squared()
    if fields or d > MIN_MOVE_LENGTH_SQUARED or (features.move_small_uncollided  # step 6, AMBIGUITY-M1
                                                 and movement.length_squared() - d < MIN_MOVE_LENGTH_SQUARED):
        if features.move_fall_reset_raycast and e.fall_distance != 0.0 and d >= 1.0:   # 1.18.2
            run_stage(rec, e, S_FALL_RESET, reset_fall_on_raycast_hit, e, world, actual,
                      features.fall_reset_ray_capped, rec)
        before = e.pos
        run_stage(rec, e, S_POSITION, update_position, e, actual, sets_position)
        if features.apply_effects_from_blocks:                                      # 1.21.7: addMovementThisTick
            add_movement_this_tick(e, Movement(before, e.pos, movement))
    run_stage(rec, e, S_FLAGS, update_collision_flags, e, movement, actual,         # step 7
              world if features.supporting_block else None, rec, fields)
    if e.is_player and features.sprint_soft_collision:                              # 1.18 collidedSoftly
        e.collided_softly = e.horizontal_collision and e.has_collided_softly(actual, features.sine_index_double)
    if e.on_ground and "supporting_block" in features.refused:
        raise refusal(features, "supporting_block", f"entity {e.id} on the ground, tick {sim.tick_count}")
    landing = supporting_block.get_landing_pos(e, world, features)
    landing_state = world.get_block_state(*landing)
    run_stage(rec, e, S_FALL, e.fall, sim, actual.y, landing_state, landing)         # step 8
    if movement.x != actual.x or movement.z != actual.z:                            # step 9
        run_stage(rec, e, S_ZERO, zero_collided_motion, e, movement, actual,
                  features.move_zeroes_both_axes or fields)
    if movement.y != actual.y and (not features.land_on_logical_side or not e.living   # step 10 (1.21.2: only
                                   or e.can_move_voluntarily()):                   # where it moves itself)
        run_stage(rec, e, S_LAND, block_effects.on_entity_land, landing_state, e, fields)
    if e.on_ground and not e.bypasses_stepping_effects() and not in_tick and \
            (e.can_trigger_walking or not (fields or features.stepped_on_can_climb)):   # step 11
        run_stage(rec, e, S_STEPPED, block_effects.on_stepped_on, landing_state, e)
    # step 12 (sounds) has no effect on motion
    if not in_tick:
        run_stage(rec, e, S_BLOCKS, block_effects.check_block_collision, e, sim, rec)   # step 13
    f = 1.0 if features.soul_sand_on_collision else e.get_velocity_multiplier(world, features)   # step 14 (1.15)
    if f != 1.0:
        run_stage(rec, e, S_VELOCITY, apply_velocity_multiplier, e, f)
    if features.block_collisions_1_12:                                               # step 15 (1.12.2)
        block_effects.burn_in_fire_sources(e, sim)
    elif not in_tick and features.fire_block_collision:
        block_effects.update_fire_ticks(e, world, features)                         # step 15
    elif not in_tick:
        block_effects.burn_in_fire_sources(e, sim)                                  # step 15 before 1.16


def is_java_zero(v: Vec3) -> bool:
    """`Vec3d.equals(Vec3d.ZERO)`: Java compares with `Double.compare`, so -0.0 is not zero."""
    return all(c == 0.0 and math.copysign(1.0, c) > 0.0 for c in v)


def move_no_clip(e: Entity, movement: Vec3, sets_position: bool) -> None:
    """Step 1: box and position follow the input, nothing else runs."""
    update_position(e, movement, sets_position)


def adjust_movement_for_piston(e: Entity, game_time: int, movement: Vec3) -> Vec3:
    """Step 2 (spec 04 §8.6): keep the first non-zero axis (X, Y, Z) and clamp this tick's total to ±0.51."""
    if movement.length_squared() <= 1.0e-7:
        return movement
    if game_time != e.piston_movement_tick:
        e.piston_movement_delta = [0.0, 0.0, 0.0]
        e.piston_movement_tick = game_time
    for axis, value in enumerate(movement):
        if value == 0.0:
            continue
        old = e.piston_movement_delta[axis]
        new = min(max(old + value, -PISTON_DELTA_CLAMP), PISTON_DELTA_CLAMP)
        d = new - old
        e.piston_movement_delta[axis] = new
        if abs(d) <= PISTON_MIN_COMPONENT:     # (double)1.0E-5F
            return ZERO
        return Vec3(d if axis == 0 else 0.0, d if axis == 1 else 0.0, d if axis == 2 else 0.0)
    return ZERO


def apply_movement_multiplier(e: Entity, movement: Vec3) -> Vec3:
    """Step 3 (spec 04 §1): scale the input by the cobweb/berry multiplier, zero Motion, invalidate it."""
    m = e.movement_multiplier
    e.movement_multiplier = ZERO
    e.motion = ZERO
    return Vec3(movement.x * m.x, movement.y * m.y, movement.z * m.z)


def adjust_movement_for_sneaking(e: Entity, movement: Vec3, kind: MovementType, world: World, near: bool,
                                 only_falling: bool, below_feet: bool, deflated: bool, box_lists: bool) -> Vec3:
    """Step 4, `PlayerEntity.adjustMovementForSneaking`: a sneaking player on the ground (from 1.16.2, `near`, or
    within a step of it: method_30263) shortens X, then Z, then both together in 0.05 steps towards 0 while the
    box moved that far and lowered by the step height would hang over nothing (1.12.2-1.16.1: on the ground only;
    1.12.2's probe, `box_lists`, meets `World.getCollisionBoxes`' list, strict overlaps, a boat's box among them;
    1.13.2's `isCollisionBoxesEmpty`). From 1.19 only a movement with Y ≤ 0 (`only_falling`).
    From 1.20.5 (`below_feet`, method_59818) the probe is the box's footprint moved that far, from its bottom down
    by the step height + 1.0E-5F, and the airborne test probes step height − fall distance below the feet. From
    1.21.7 (`deflated`, `Player.canFallAtLeast`) the footprint is inset by 1.0E-7 on X and Z, the probe reaches
    1.0E-7 below the depth, and the airborne test's depth is (double)step height − fall distance."""
    if not (e.is_player and e.sneaking and kind in (MovementType.SELF, MovementType.PLAYER)):
        return movement
    if only_falling and movement.y > 0.0:
        return movement
    step = e.step_height
    if below_feet:
        inset, margin = (SNEAK_PROBE_INSET, SNEAK_PROBE_INSET) if deflated else (0.0, SNEAK_EDGE_PROBE_MARGIN)
        depth = step - e.fall_distance if deflated else f32(step - e.fall_distance)
        landed = partial(_below_feet_free, e, world, 0.0, 0.0, depth, inset, margin)
        free = partial(_below_feet_free, e, world, depth=step, inset=inset, margin=margin)
    else:
        landed = partial(_space_free, e, world, 0.0, f32(e.fall_distance - step), 0.0)
        free = partial(_lowered_free_1_12 if box_lists else _lowered_free, e, world, -step)
    # method_30263: on the ground, or (from 1.16.2) within a step of it — probed only where that is asked
    if not (e.on_ground or near and e.fall_distance < step and not landed()):
        return movement
    return shorten_over_edge(movement, free)


def shorten_over_edge(movement: Vec3, free: Callable[[float, float], bool]) -> Vec3:
    """The sneaking loops: X, then Z, then both together, 0.05 towards 0 a step while `free(dx, dz)` (the probe
    moved that far finds nothing to stand on)."""
    d, z = movement.x, movement.z
    while d != 0.0 and free(d, 0.0):
        d = _towards_zero(d)
    while z != 0.0 and free(0.0, z):
        z = _towards_zero(z)
    while d != 0.0 and z != 0.0 and free(d, z):
        d = _towards_zero(d)
        z = _towards_zero(z)
    return Vec3(d, movement.y, z)


def _lowered_free(e: Entity, world: World, dy: float, dx: float, dz: float) -> bool:
    """Up to 1.20.4: the whole box moved by (dx, dz) and lowered by the step height is free."""
    return _space_free(e, world, dx, dy, dz)


def _lowered_free_1_12(e: Entity, world: World, dy: float, dx: float, dz: float) -> bool:
    """1.12.2: the box moved by (dx, dz) and lowered by the step height meets no box of `World.getCollisionBoxes`'
    list (strict overlaps; a boat's box among them)."""
    return not collision_boxes.get_collision_boxes(world, e.box.offset(dx, dy, dz), e)


def _below_feet_free(e: Entity, world: World, dx: float, dz: float, depth: float, inset: float,
                     margin: float) -> bool:
    """1.20.5 `PlayerEntity.method_59818`: the box's footprint moved by (dx, dz), from minY - depth - `margin`
    (1.0E-5F) up to minY, is free of blocks and solid entities; 1.21.7 `canFallAtLeast`: the footprint inset by
    `inset` (1.0E-7) on X and Z, `margin` 1.0E-7."""
    b = e.box
    probe = Box.of(b.min_x + inset + dx, b.min_y - depth - margin, b.min_z + inset + dz, b.max_x - inset + dx,
                   b.min_y, b.max_z - inset + dz)
    return world.is_space_empty(probe, e.shape_context(world)) and not world.get_entity_collisions(e, probe)


def _space_free(e: Entity, world: World, dx: float, dy: float, dz: float) -> bool:
    """`World.doesNotCollide(entity, box.offset(dx, dy, dz))` for blocks and solid entities."""
    box = e.box.offset(dx, dy, dz)
    return world.is_space_empty(box, e.shape_context(world)) and not world.get_entity_collisions(e, box)


_fall_reset_ray = plain(raycast_kernel.fall_reset_ray)    # the TNT loop's kernel (docs/architecture.md)
# steps 7-9 are the row kernels' own source (engine.motion.move_kernel), run as plain Python
_towards_zero = plain(move_kernel.towards_zero)     # the sneaking step, the players' loop's own source
_collision_flags, _zero_collided_motion = plain(move_kernel.collision_flags), plain(move_kernel.zero_collided_motion)
_fall_before_landing, _fall_after_landing = plain(move_kernel.fall_before_landing), \
    plain(move_kernel.fall_after_landing)
_NO_CELLS = np.empty((0, 3), dtype=np.int64)


def reset_fall_on_raycast_hit(e: Entity, world: World, actual: Vec3, capped: bool, rec: Recorder | None) -> None:
    """Step 6 from 1.18.2: a move of length ≥ 1 while falling raycasts from the position along it against the
    blocks that reset fall damage (climbable blocks, sweet berry bushes, cobwebs: full cubes) and water; a hit
    lands the entity (`onLanding`: fall distance 0) before it moves. In 1.21.11 (`capped`) the ray ends at
    position + normalize(move) × min(length, 8), not at position + move (`raycast_kernel.fall_reset_ray`). With
    `rec`, records the "raycast" segment (clipped at a hit), one "raycast_cell" per tested cell and the
    "raycast_hit" point, as `raycast.raycast_blocks` does."""
    p = e.pos
    keys, slots, pool, _, flags = block_arrays(world)[:5]
    room = min(abs(actual.x) + abs(actual.y) + abs(actual.z), MAX_RAYCAST_BLOCKS) + 8    # cells a walk can test
    out = _NO_CELLS if rec is None else np.empty((int(room), 3), dtype=np.int64)
    status, hx, hy, hz, n, ex, ey, ez = _fall_reset_ray(keys, slots, pool, flags, p.x, p.y, p.z, actual.x, actual.y,
                                                        actual.z, capped, out)
    end = Vec3(ex, ey, ez)
    if status == raycast_kernel.TOO_LONG:
        raise SimulationLimit(f"a raycast of {hx:.3g} blocks")
    if status == raycast_kernel.ENDLESS:
        raise SimulationLimit(f"a raycast from {p} to {end} that never ends")
    hit = Vec3(hx, hy, hz)
    if rec is not None:
        rec.geometry(segment("raycast", p, end, clipped_to=hit if status == raycast_kernel.HIT else None))
        for order in range(n):
            rec.geometry(cell("raycast_cell", (int(out[order, 0]), int(out[order, 1]), int(out[order, 2])), order))
        if status == raycast_kernel.HIT:
            rec.geometry(point("raycast_hit", hit))
    if status == raycast_kernel.HIT:
        e.fall_distance = 0.0


def update_position(e: Entity, actual: Vec3, sets_position: bool) -> None:
    """Step 6: move the box (1.12.2 and 1.13.2: the box its step-up left, `Entity.stepped_box`), then re-derive the
    position from it; from 1.17 `setPosition(position + actual)`,
    the box rebuilt around the new position."""
    if sets_position:
        p = e.pos
        e.set_position(Vec3(p.x + actual.x, p.y + actual.y, p.z + actual.z))
        return
    if e.stepped_box is not None:     # 1.12.2, 1.13.2: the step-up offset the box up, across, then down
        e.box, e.stepped_box = e.stepped_box, None
    else:
        e.box = e.box.offset(actual.x, actual.y, actual.z)
    e.move_to_box_center()


def update_collision_flags(e: Entity, movement: Vec3, actual: Vec3, world: World | None,
                           rec: Recorder | None, exact: bool = False) -> None:
    """Step 7: horizontal with a (double)1.0E-5F tolerance (1.12.2: exact, `exact`), vertical exact; on ground =
    vertical and moving down. From 1.20 (`world` given) `setOnGround(onGround, actual)` also updates the supporting
    block (`Entity.updateSupportingBlockPos`)."""
    e.horizontal_collision, e.vertical_collision, e.on_ground = _collision_flags(*movement, *actual)
    if exact:
        e.horizontal_collision = movement.x != actual.x or movement.z != actual.z
    if world is not None:
        supporting_block.update_supporting_block_pos(e, world, actual, rec)


def fall(e: Entity, sim: TickContext, dy: float, state: BlockState, pos: BlockPos) -> None:
    """Step 8, `Entity.fall`: on the ground a fall lands on the block (`onLandedUpon`: damage, farmland) and is
    reset, else it accumulates (float; from 1.18.2 the drop is cast to float first, `fall_distance_float_step`).
    From 1.21.5 (`fall_distance_double`) the fall distance is a double and the drop, cast to float, is added first
    when not touching water, so a landing counts this tick's drop too. `LivingEntity.fall` first checks the
    water when not touching it (1.12.2 `EntityLivingBase.updateFallState`: `handleWaterMovement`, its own box)."""
    features = sim.features
    if "fall_distance" in features.refused and (dy < 0.0 or e.fall_distance != 0.0):
        raise refusal(features, "fall_distance", f"entity {e.id}, tick {sim.tick_count}")
    if e.living and not e.touching_water:
        if features.water_material_acceleration:   # 1.12.2 EntityLivingBase.updateFallState: handleWaterMovement
            e.handle_water_movement(sim)
        else:
            check_water_state(e, sim.world, features)
    double = features.fall_distance_double
    e.fall_distance = _fall_before_landing(e.fall_distance, dy, double, e.touching_water)
    on_ground = e.on_ground
    if on_ground and e.fall_distance > 0.0:
        block_effects.on_landed_upon(sim, state, pos, e, e.fall_distance)
    e.fall_distance = _fall_after_landing(e.fall_distance, dy, on_ground, double, features.fall_distance_float_step)


def zero_collided_motion(e: Entity, movement: Vec3, actual: Vec3, both_axes: bool) -> None:
    """Step 9 (`move_kernel.zero_collided_motion`: up to 1.17 a collision on both axes zeroes only Z; 1.18 zeroes
    both, `both_axes`)."""
    e.motion = Vec3(*_zero_collided_motion(*e.motion, movement.x, movement.z, actual.x, actual.z, both_axes))


def apply_velocity_multiplier(e: Entity, f: float) -> None:
    """Step 14 (spec 04 §3): X and Z × the velocity multiplier (a float widened to double)."""
    m = e.motion
    e.motion = Vec3(m.x * f, m.y * 1.0, m.z * f)
