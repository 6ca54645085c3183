"""`LivingEntity.travel(Vec3d)` (spec 05 §2): the four cases — water, lava, elytra, everything else — each one
recorded as a stage named after the case taken, with the movement input, the slipperiness block and the drags.

`movement_input` is vanilla's (sideways, upward, forward) vector (spec 05 §4.2; +sideways = left, AMBIGUITY-L10).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import (
    BANK_JUMP_HEIGHT,
    BANK_JUMP_SPEED,
    CLIMB_MAX_FALL_1_12,
    CLIMB_UP_SPEED,
    DEGREES_TO_RADIANS,
    DEPTH_STRIDER_MAX,
    DEPTH_STRIDER_OFF_GROUND,
    DOLPHINS_GRACE_DRAG,
    ELYTRA_CLIMB,
    ELYTRA_CLIMB_Y,
    ELYTRA_DIVE,
    ELYTRA_DRAG,
    ELYTRA_DRAG_Y,
    ELYTRA_GRAVITY_1_12,
    ELYTRA_LIFT,
    ELYTRA_LIFT_1_12,
    ELYTRA_LOOK_LENGTH,
    ELYTRA_SAFE_FALL,
    ELYTRA_STEER,
    ELYTRA_WALL_DAMAGE_FACTOR,
    ELYTRA_WALL_DAMAGE_OFFSET,
    FLYING_ACCEL,
    FLYING_GROUND_ACCEL,
    FLYING_GROUND_FACTOR,
    FLYING_LAVA_DRAG,
    FLYING_SLIPPERINESS_BELOW,
    FLYING_WATER_DRAG,
    GROUND_ACCEL_FACTOR_1_12,
    GROUND_ACCEL_FACTOR_1_13,
    LAVA_ACCEL,
    LAVA_DRAG,
    LAVA_DRAG_Y,
    LAVA_GRAVITY_DIVISOR,
    LEVITATION_RATE,
    LEVITATION_SPEED,
    LIVING_DRAG_Y,
    SLIPPERINESS_OFFSET_1_14,
    SLOW_FALLING_GRAVITY,
    WATER_ACCEL,
    WATER_DRAG,
    WATER_GRAVITY_1_12,
    WATER_SPRINT_DRAG,
)
from engine.core.trace import StageInfo, cell, label, run_stage, segment
from engine.core.versions import refusal
from engine.entities.entity import look_vector_1_12, rotation_vector
from engine.geometry.box import ZERO, Vec3
from engine.influences.fluids import fluid_at
from engine.java.javanum import f32, float_text
from engine.java.mathhelper import SINE_TABLE, ceil, cos, floor, sin
from engine.jit import plain
from engine.living import effects as fx
from engine.living import travel_kernel
from engine.living.attributes import WATER_MOVEMENT_EFFICIENCY
from engine.motion.move import MovementType, move
from engine.motion.supporting_block import get_velocity_affecting_pos
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.geometry.box import BlockPos
    from engine.living.living_entity import LivingEntity
    from engine.world.world import World

# the ordinary case's arithmetic is the row kernels' own source (docs/architecture.md, "Each stage written once")
_ground_drag, _movement_input_to_velocity = plain(travel_kernel.ground_drag), \
    plain(travel_kernel.movement_input_to_velocity)
_gravity, _drag = plain(travel_kernel.gravity), plain(travel_kernel.drag)
_depth_strider, _fluid_gravity = plain(travel_kernel.depth_strider), plain(travel_kernel.fluid_gravity)
_climbing_speed = plain(travel_kernel.climbing_speed)
_move_relative, _ground_accel_1_12 = plain(travel_kernel.move_relative), plain(travel_kernel.ground_accel_1_12)

WATER = StageInfo("travel_water", "LivingEntity.travel")
LAVA = StageInfo("travel_lava", "LivingEntity.travel")
ELYTRA = StageInfo("travel_elytra", "LivingEntity.travel")
ORDINARY = StageInfo("travel_ordinary", "LivingEntity.travel")
INPUT = StageInfo("movement_input", "Entity.updateVelocity", "C")
CLIMBING = StageInfo("climbing_speed", "LivingEntity.applyClimbingSpeed")
CLIMB_UP = StageInfo("climb_up", "LivingEntity.travel")
LEVITATION = StageInfo("levitation", "LivingEntity.travel", "G")
GRAVITY = StageInfo("gravity", "LivingEntity.travel", "G")
FLUID_GRAVITY = StageInfo("fluid_gravity", "LivingEntity.method_26317", "G")
DRAG = StageInfo("drag", "LivingEntity.travel", "D")
BANK_JUMP = StageInfo("bank_jump", "LivingEntity.travel")
GLIDE = StageInfo("glide", "LivingEntity.travel", "A")
WALL_DAMAGE = StageInfo("fly_into_wall", "LivingEntity.damage")
FLYING_WATER = StageInfo("travel_water", "FlyingEntity.travel")
FLYING_LAVA = StageInfo("travel_lava", "FlyingEntity.travel")
FLYING_ORDINARY = StageInfo("travel_ordinary", "FlyingEntity.travel")


def travel(e: LivingEntity, sim: TickContext, rec: Recorder | None, movement_input: Vec3) -> None:
    """`LivingEntity.travel`: the gravity d (Slow Falling while falling: 0.01, AMBIGUITY-L1; from 1.20.5 the final
    gravity, at most 0.01 under Slow Falling, `living_attributes`; the fall reset here moved to `tickMovement` in
    1.20, `on_landing_effects`), then one case. From 1.21.5 (`glide_ends_on_climbable`, `travelFallFlying`) a glider
    on a climbable block travels as in the air and stops gliding."""
    if not (e.can_move_voluntarily() or e.is_logical_side_for_updating_movement()):
        return
    if sim.features.water_travel_1_12 and (e.effects.has(fx.SLOW_FALLING) or e.effects.has(fx.DOLPHINS_GRACE)):
        raise refusal(sim.features, "living", f"entity {e.id}, tick {sim.tick_count}", "Slow Falling and "
                      "Dolphin's Grace are effects of 1.13: a 1.12.2 entity cannot have them")
    d = e.get_final_gravity(sim.features)
    falling = e.motion.y <= 0.0
    if falling and e.effects.has(fx.SLOW_FALLING):
        d = min(d, SLOW_FALLING_GRAVITY) if sim.features.living_attributes else SLOW_FALLING_GRAVITY
        if not sim.features.on_landing_effects:
            e.fall_distance = 0.0
    if e.touching_water and e.should_swim_in_fluids():
        run_stage(rec, e, WATER, travel_in_water, e, sim, rec, movement_input, d, falling)
    elif e.is_in_lava_of(sim) and e.should_swim_in_fluids():
        run_stage(rec, e, LAVA, travel_in_lava, e, sim, rec, movement_input, d, falling)
    elif e.is_fall_flying() and not (sim.features.glide_ends_on_climbable and e.is_climbing(sim.world)):
        run_stage(rec, e, ELYTRA, travel_fall_flying, e, sim, rec, d)
    else:
        run_stage(rec, e, ORDINARY, travel_ordinary, e, sim, rec, movement_input, d)
        if e.fall_flying:      # 1.21.5 travelFallFlying on a climbable block: travelInAir, then stopFallFlying
            e.fall_flying = False


# --- case 1: water (spec 05 §2.1) ---

def travel_in_water(e: LivingEntity, sim: TickContext, rec: Recorder | None, movement_input: Vec3, d: float,
                    falling: bool) -> None:
    """Spec 05 §2.1: the 0.8F (sprinting 0.9F) drag and 0.02F acceleration moved towards 0.54600006F and the
    movement speed by Depth Strider h (at most 3, halved off the ground) / 3; from 1.21 by h = (float) of the
    water_movement_efficiency attribute, without the cap and the / 3.0F (`living_attributes_1_21`)."""
    start_y = e.pos.y
    old = sim.features.water_travel_1_12      # 1.12.2: no sprinting drag, −0.02D after the drag
    f = WATER_SPRINT_DRAG if e.sprinting and not old else e.base_movement_speed_multiplier()     # step 1
    g = WATER_ACCEL
    efficiency = sim.features.living_attributes_1_21   # 1.21: h = (float)water_movement_efficiency, no cap or / 3
    if efficiency:                                                                  # step 2
        h = f32(e.attribute_value(WATER_MOVEMENT_EFFICIENCY))
    else:
        h = f32(min(e.depth_strider_level(), DEPTH_STRIDER_MAX))
    if not e.on_ground:
        h = f32(h * DEPTH_STRIDER_OFF_GROUND)
    f, g = _depth_strider(f, g, h, e.get_movement_speed(), efficiency)              # steps 3-4
    if e.effects.has(fx.DOLPHINS_GRACE):
        f = DOLPHINS_GRACE_DRAG
    update_velocity(e, sim, rec, g, movement_input)                                      # step 5
    move(e, sim, MovementType.SELF, e.motion, rec)                                  # step 6
    if e.horizontal_collision and not sim.features.water_travel_no_climb and e.is_climbing(sim.world):  # step 7
        run_stage(rec, e, CLIMB_UP, climb_up, e)
    run_stage(rec, e, DRAG, scale_motion, e, f, WATER_DRAG)                         # step 8
    if old:
        if not e.no_gravity:
            run_stage(rec, e, GRAVITY, add_motion_y, e, -WATER_GRAVITY_1_12)
    else:
        run_stage(rec, e, FLUID_GRAVITY, fluid_gravity, e, d, falling, sim.features)    # step 9
    bank_jump(e, sim, rec, start_y)                                                 # step 10


def fluid_gravity(e: LivingEntity, d: float, falling: bool, features: Features) -> None:
    """`method_26317` (AMBIGUITY-L2, `travel_kernel.fluid_gravity`): y − d/16, or −0.003 where that would land
    within ±0.003 of zero while falling; nothing with NoGravity (from 1.20.5 `applyFluidMovingSpeed`: with a gravity
    of 0) or while sprinting."""
    if (d == 0.0 if features.living_attributes else e.no_gravity) or e.sprinting:
        return
    m = e.motion
    e.motion = Vec3(m.x, _fluid_gravity(m.y, d, falling), m.z)


def bank_jump(e: LivingEntity, sim: TickContext, rec: Recorder | None, start_y: float) -> None:
    """Spec 05 §2.1 step 10: after a horizontal collision, Y Motion 0.3F if the box raised to 0.6F above the
    start and offset by Motion holds no block, entity collision or fluid (`Entity.doesNotCollide`)."""
    if not e.horizontal_collision:
        return
    m = e.motion
    box = e.box.offset(m.x, m.y + BANK_JUMP_HEIGHT - e.pos.y + start_y, m.z)
    world = sim.world
    if world.is_space_empty(box, e.shape_context(world)) and not world.get_entity_collisions(e, box) \
            and not contains_fluid(world, box):
        run_stage(rec, e, BANK_JUMP, set_motion_y, e, BANK_JUMP_SPEED)


def contains_fluid(world: World, box) -> bool:
    """`WorldView.containsFluid`: any non-empty fluid in the cells the box spans."""
    for x in range(floor(box.min_x), ceil(box.max_x)):
        for y in range(floor(box.min_y), ceil(box.max_y)):
            for z in range(floor(box.min_z), ceil(box.max_z)):
                if fluid_at(world, x, y, z).fluid is not None:
                    return True
    return False


# --- case 2: lava (spec 05 §2.2) ---

def travel_in_lava(e: LivingEntity, sim: TickContext, rec: Recorder | None, movement_input: Vec3, d: float,
                   falling: bool) -> None:
    start_y = e.pos.y
    update_velocity(e, sim, rec, LAVA_ACCEL, movement_input)                             # step 1
    move(e, sim, MovementType.SELF, e.motion, rec)                                  # step 2
    if not sim.features.lava_travel_swim_height:    # before 1.16: × 0.5 on every axis, no fluid gravity
        run_stage(rec, e, DRAG, scale_motion, e, LAVA_DRAG, LAVA_DRAG)
    elif e.fluid_height["lava"] <= e.swim_height():                                 # step 3 (AMBIGUITY-L4)
        run_stage(rec, e, DRAG, scale_motion, e, LAVA_DRAG, LAVA_DRAG_Y)
        run_stage(rec, e, FLUID_GRAVITY, fluid_gravity, e, d, falling, sim.features)
    else:                                                                           # step 4
        run_stage(rec, e, DRAG, scale_motion, e, LAVA_DRAG, LAVA_DRAG)
    if (d != 0.0) if sim.features.living_attributes else not e.no_gravity:          # step 5 (1.20.5: d != 0)
        run_stage(rec, e, GRAVITY, add_motion_y, e, -d / LAVA_GRAVITY_DIVISOR)
    bank_jump(e, sim, rec, start_y)                                                 # step 6


# --- case 3: elytra (spec 05 §6) ---

def travel_fall_flying(e: LivingEntity, sim: TickContext, rec: Recorder | None, d: float) -> None:
    if "elytra" in sim.features.refused:
        raise refusal(sim.features, "elytra", f"entity {e.id}, tick {sim.tick_count}")
    horizontal = run_stage(rec, e, GLIDE, glide, e, d, sim.features)
    move(e, sim, MovementType.SELF, e.motion, rec)
    if e.horizontal_collision:
        m = e.motion
        p = f32((horizontal - math.sqrt(m.x * m.x + m.z * m.z)) * ELYTRA_WALL_DAMAGE_FACTOR
                - ELYTRA_WALL_DAMAGE_OFFSET)
        if p > 0.0:
            run_stage(rec, e, WALL_DAMAGE, e.damage, sim, "fly_into_wall", p)
    if e.on_ground and not sim.features.tick_gliding:   # 1.21.2: the next tick's tickGliding ends the glide
        e.fall_flying = False


def glide(e: LivingEntity, d: float, features: Features) -> float:
    """The elytra's accelerations and drag before the move (spec 05 §6); returns the horizontal speed before.
    Above Motion Y -0.5 the fall distance is set to 1 (from 1.19.3 only lowered to it, `limitFallDistance`; from
    1.21.2 in `tickGliding` instead, `tick_gliding`); the look's length is a double from 1.17 (`vec_double`); the
    lift's cosine is MathHelper's float table, from 1.18.2 `Math.cos` in double and the lift kept in double
    (`elytra_cos_double`); the look and the climb's sine index the table in double in 1.21.11
    (`sine_index_double`). 1.21.2's `calcGlidingVelocity` squares `Math.cos` without 1.21.1's × min(1.0,
    look length / 0.4): the look is a unit vector, its length about 1 and length / 0.4 above 1, so the factor is
    1.0 and the lift the same double; its getEffectiveGravity reads the Motion before the glide, as travel's start
    did."""
    v = e.motion
    if features.elytra_limit_fall_distance and not features.tick_gliding:   # 1.21.2: in tickGliding instead
        limit_fall_distance(e)
    elif not features.elytra_limit_fall_distance and v.y > ELYTRA_SAFE_FALL:
        e.fall_distance = 1.0
    index_double = features.sine_index_double
    old = features.elytra_gravity_literal     # 1.12.2: getLookVec, motionY += -0.08D + f4 × 0.06D
    look = look_vector_1_12(e.pitch, e.yaw) if old else rotation_vector(e.pitch, e.yaw, index_double)
    f = f32(e.pitch * DEGREES_TO_RADIANS)
    i = math.sqrt(look.x * look.x + look.z * look.z)
    j = math.sqrt(v.x * v.x + v.z * v.z)
    k = look.length(features.vec_double)
    if features.elytra_cos_double:
        c = math.cos(f)
        lift = c * c * min(1.0, k / ELYTRA_LOOK_LENGTH)
    else:
        c = cos(f, index_double)
        lift = f32(c * c * min(1.0, k / ELYTRA_LOOK_LENGTH))
    v = v.add(0.0, ELYTRA_GRAVITY_1_12 + lift * ELYTRA_LIFT_1_12 if old else d * (-1.0 + lift * ELYTRA_LIFT), 0.0)
    if v.y < 0.0 and i > 0.0:
        m = v.y * ELYTRA_DIVE * lift
        v = v.add(look.x * m / i, m, look.z * m / i)
    if f < 0.0 and i > 0.0:
        m = j * -sin(f, index_double) * ELYTRA_CLIMB
        v = v.add(-look.x * m / i, m * ELYTRA_CLIMB_Y, -look.z * m / i)
    if i > 0.0:
        v = v.add((look.x / i * j - v.x) * ELYTRA_STEER, 0.0, (look.z / i * j - v.z) * ELYTRA_STEER)
    e.motion = Vec3(v.x * ELYTRA_DRAG, v.y * ELYTRA_DRAG_Y, v.z * ELYTRA_DRAG)
    return j


def limit_fall_distance(e: LivingEntity) -> None:
    """`Entity.limitFallDistance` (1.19.3): the fall distance is lowered to 1 when above it and Motion Y > -0.5."""
    if e.motion.y > ELYTRA_SAFE_FALL and e.fall_distance > 1.0:
        e.fall_distance = 1.0


# --- case 4: everything else (spec 05 §2.4) ---

def slipperiness_pos(e: LivingEntity, world: World, features: Features) -> BlockPos:
    """The block whose slipperiness `travel` reads: `getVelocityAffectingPos` (1.15), before it (1.14-1.14.4,
    `slipperiness_one_below`) the cell 1.0 below the box's bottom, so on a block 0.5 to 1 high (soul sand, an
    enchanting table) the one under it."""
    if features.slipperiness_one_below:
        p = e.pos
        return (floor(p.x), floor(e.box.min_y - SLIPPERINESS_OFFSET_1_14), floor(p.z))
    return get_velocity_affecting_pos(e, world, features)


def travel_ordinary(e: LivingEntity, sim: TickContext, rec: Recorder | None, movement_input: Vec3,
                    d: float) -> None:
    world, old = sim.world, sim.features.ground_accel_by_drag
    below = slipperiness_pos(e, world, sim.features)    # step 1 (1.12.2 and 1.14.x: minY − 1.0)
    p = phys.slipperiness(world.get_block_state(*below).block)
    if rec is not None:
        rec.geometry(cell("slipperiness_block", below))
        rec.geometry(label("slipperiness", [below[0] + 0.5, below[1] + 1.0, below[2] + 0.5], float_text(p)))
    f = _ground_drag(p, e.on_ground)                                                # step 2
    if old and e.on_ground:             # 1.12.2: 0.16277136F / (slipperiness × 0.91F)³ (1.13.2: 0.16277137F)
        factor = GROUND_ACCEL_FACTOR_1_13 if sim.features.ground_accel_1_13 else GROUND_ACCEL_FACTOR_1_12
        speed = _ground_accel_1_12(f, e.get_movement_speed(), factor)
    else:
        speed = e.movement_speed_on(p, sim.features)
    update_velocity(e, sim, rec, speed, movement_input)                             # step 3
    if e.is_climbing(world):                                                        # step 4
        run_stage(rec, e, CLIMBING, apply_climbing_speed, e, world, sim.features.climbing_1_12)
    move(e, sim, MovementType.SELF, e.motion, rec)                                  # step 5
    if sim.features.effective_gravity_after_move:   # 1.21.2 travelMidAir: getEffectiveGravity after the move
        d = effective_gravity(e, sim.features)
    if (e.horizontal_collision or e.jumping and not sim.features.climbing_1_12) and (
            e.is_climbing(world) or e.climbs_powder_snow(world, sim.features)):                 # step 6
        run_stage(rec, e, CLIMB_UP, climb_up, e)
    if e.effects.has(fx.LEVITATION):                                                # step 7.1
        run_stage(rec, e, LEVITATION, levitate, e, sim.features)
    elif not e.no_gravity:                                                          # step 7.3 (1.20.5: -= d,
        run_stage(rec, e, GRAVITY, apply_gravity, e, d)                            # 0 with NoGravity)
    # step 7.2 (a client's unloaded chunk) cannot happen in a loaded scene
    run_stage(rec, e, DRAG, scale_motion, e, f, LIVING_DRAG_Y)                      # step 8


def effective_gravity(e: LivingEntity, features: Features) -> float:
    """1.21.2 `LivingEntity.getEffectiveGravity`: the final gravity, at most 0.01 under Slow Falling while the
    Motion is not rising."""
    d = e.get_final_gravity(features)
    return min(d, SLOW_FALLING_GRAVITY) if e.motion.y <= 0.0 and e.effects.has(fx.SLOW_FALLING) else d


def levitate(e: LivingEntity, features: Features) -> None:
    """Spec 05 §2.4 step 7.1: y += (0.05 × level − y) × 0.2; the fall is reset (before travel from 1.20,
    `on_landing_effects`)."""
    m = e.motion
    level = e.effects.amplifier(fx.LEVITATION) + 1
    e.motion = Vec3(m.x, m.y + (LEVITATION_SPEED * level - m.y) * LEVITATION_RATE, m.z)
    if not features.on_landing_effects:
        e.fall_distance = 0.0


def apply_climbing_speed(e: LivingEntity, world: World, old: bool = False) -> None:
    """`LivingEntity.applyClimbingSpeed`: the fall is reset, X and Z clamped to ±0.15F, Y to at least -0.15F;
    a sneaking player holds on (Y 0 instead of negative) unless in scaffolding (`travel_kernel.climbing_speed`).
    1.12.2 (`old`, `climbing_1_12`): Y below -0.15D becomes -0.15D, the double literal."""
    e.fall_distance = 0.0
    holding = e.is_holding_onto_ladder() and \
        world.get_block_state(floor(e.pos.x), floor(e.pos.y), floor(e.pos.z)).block != "scaffolding"
    x, y, z = _climbing_speed(*e.motion, holding)
    if old and e.motion.y < -CLIMB_MAX_FALL_1_12:
        y = 0.0 if holding else -CLIMB_MAX_FALL_1_12
    e.motion = Vec3(x, y, z)


# --- ghasts and phantoms (spec 05 §2.5) ---

def flying_travel(e: LivingEntity, sim: TickContext, rec: Recorder | None, movement_input: Vec3) -> None:
    """`FlyingEntity.travel`: no `canMoveVoluntarily` check up to 1.18.2 (a NoAI ghast still moves and drags;
    from 1.19 it does neither, `flying_travel_needs_ai`), no gravity, no climbing or levitation; water before
    lava, as vanilla tests them."""
    if sim.features.flying_travel_needs_ai and not e.can_move_voluntarily():
        return
    if e.touching_water:
        run_stage(rec, e, FLYING_WATER, travel_flying_in_fluid, e, sim, rec, movement_input, FLYING_WATER_DRAG)
    elif e.is_in_lava():
        run_stage(rec, e, FLYING_LAVA, travel_flying_in_fluid, e, sim, rec, movement_input, FLYING_LAVA_DRAG)
    else:
        run_stage(rec, e, FLYING_ORDINARY, travel_flying_in_air, e, sim, rec, movement_input)


def travel_flying_in_fluid(e: LivingEntity, sim: TickContext, rec: Recorder | None, movement_input: Vec3,
                           drag: float) -> None:
    """Water (× 0.8F, AMBIGUITY-L7) or lava (× 0.5): 0.02F acceleration, the move, the drag on all axes."""
    update_velocity(e, sim, rec, FLYING_ACCEL, movement_input)
    move(e, sim, MovementType.SELF, e.motion, rec)
    run_stage(rec, e, DRAG, scale_motion, e, drag, drag)


def travel_flying_in_air(e: LivingEntity, sim: TickContext, rec: Recorder | None, movement_input: Vec3) -> None:
    """f = slipperiness 1 m below (from 1.20 at `getVelocityAffectingPos`, `flying_slipperiness_velocity_affecting`)
    × 0.91F on ground, else 0.91F; acceleration 0.1F × 0.16277137F / f³ on ground, else 0.02F; the move; all three
    axes × f."""
    p = e.pos
    if sim.features.flying_slipperiness_velocity_affecting:
        below = get_velocity_affecting_pos(e, sim.world, sim.features)
    else:
        below = (floor(p.x), floor(p.y - FLYING_SLIPPERINESS_BELOW), floor(p.z))
    s = phys.slipperiness(sim.world.get_block_state(*below).block)
    if rec is not None:
        rec.geometry(cell("slipperiness_block", below))
        rec.geometry(label("slipperiness", [below[0] + 0.5, below[1] + 1.0, below[2] + 0.5], float_text(s)))
    f = _ground_drag(s, e.on_ground)
    if e.on_ground:
        accel = f32(FLYING_GROUND_ACCEL * f32(FLYING_GROUND_FACTOR / f32(f32(f * f) * f)))
    else:
        accel = FLYING_ACCEL
    update_velocity(e, sim, rec, accel, movement_input)
    move(e, sim, MovementType.SELF, e.motion, rec)
    run_stage(rec, e, DRAG, scale_motion, e, f, f)


# --- shared pieces ---

def movement_input_to_velocity(movement_input: Vec3, speed: float, yaw: float, index_double: bool) -> Vec3:
    """`Entity.movementInputToVelocity` (spec 05 §4.2; `travel_kernel.movement_input_to_velocity`): normalised
    above length 1 (float root), × speed, rotated by the yaw with the sine table (indexed in double with
    `index_double`: 1.21.11, `sine_index_double`)."""
    return Vec3(*_movement_input_to_velocity(*movement_input, speed, yaw, SINE_TABLE, index_double))


def update_velocity(e: LivingEntity, sim: TickContext, rec: Recorder | None, speed: float,
                    movement_input: Vec3) -> None:
    """`Entity.updateVelocity(speed, input)`: Motion += the input's acceleration (a ZERO addition still turns
    a -0.0 component into 0.0)."""
    def apply() -> None:
        if sim.features.move_relative_float:      # 1.12.2 Entity.moveRelative: in float, onto the fields
            m = e.motion
            e.motion = Vec3(*_move_relative(*m, *movement_input, speed, e.yaw, SINE_TABLE))
            if rec is not None and e.motion != m:
                dv = Vec3(e.motion.x - m.x, e.motion.y - m.y, e.motion.z - m.z)
                rec.geometry(segment("movement_input", e.pos, e.pos.plus(dv), speed=speed, input=list(movement_input)))
            return
        dv = movement_input_to_velocity(movement_input, speed, e.yaw, sim.features.sine_index_double)
        if rec is not None and dv != ZERO:
            p = e.pos
            rec.geometry(segment("movement_input", p, p.plus(dv), speed=speed, input=list(movement_input)))
        e.motion = e.motion.plus(dv)
    run_stage(rec, e, INPUT, apply)


def scale_motion(e: LivingEntity, horizontal: float, vertical: float) -> None:
    """`setVelocity(x * horizontal, y * vertical, z * horizontal)`: drags (`travel_kernel.drag`)."""
    e.motion = Vec3(*_drag(*e.motion, horizontal, vertical))


def apply_gravity(e: LivingEntity, d: float) -> None:
    """The ordinary case's step 7.3 (`travel_kernel.gravity`): Y Motion − d."""
    m = e.motion
    e.motion = Vec3(m.x, _gravity(m.y, d), m.z)


def add_motion_y(e: LivingEntity, dy: float) -> None:
    m = e.motion
    e.motion = Vec3(m.x, m.y + dy, m.z)


def set_motion_y(e: LivingEntity, y: float) -> None:
    m = e.motion
    e.motion = Vec3(m.x, y, m.z)


def climb_up(e: LivingEntity) -> None:
    """Y Motion becomes 0.2 when climbing into a wall or trying to jump (spec 05 §2.4 step 6)."""
    set_motion_y(e, CLIMB_UP_SPEED)
