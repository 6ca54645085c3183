"""The experimental minecart physics (the `minecart_improvements` experiment, 1.21.2-1.21.11): the server side of
`ExperimentalMinecartController` (Yarn 1.21.3 def674d26; 1.21.2 ee99212b7 the same; `NewMinecartBehavior`, Mojang
names, of 1.21.4, 1.21.7, 1.21.8 and 1.21.10, and 1.21.11's, differ from 1.21.3's only by their decompilation), which
a world with the experiment gives every cart in place of the default controller.

`tick`: on the cart's first tick the cart is set onto the rail (`adjustToRail`), then gravity, then `moveOnRail`:
iterations, each on the rail under the cart (`getRailOrMinecartPos`: the cell 0.1 + 1.0E-5F below the position),
which turns the horizontal velocity (slope pull, powered-rail brake, the slowdown and the speed cap of the
minecartMaxSpeed game rule, default 8 blocks a second, on the first iteration, powered-rail boost) and moves the
cart along the track to the rail's end at most (`moveAlongTrack`), the movement left carried to the next iteration;
off a rail, `moveOffRail` once. The client's lerp steps are not simulated. A TNT minecart runs its own tick around
the controller's (`engine/entities/tnt_minecart.py`): the activator rail primes it in the iteration on it, a fall
off rails explodes it in the move, the crash test reads the velocity `moveAlongTrack` set back after the move. Each
move of the cart is followed by `handleCollision`: an empty rideable cart picks up a mob in reach, and a move that
collided pushes the entities touching the cart (carts push carts whatever their facing). A ridden cart keeps 0.997
a tick, and a riding player's keys push a slow cart. A cart riding a vehicle, and one moved by a piston, a shulker
box or a shulker (`AbstractMinecart.check_moved_by_others`), stop the run in one line."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.constants import (
    MINECART_BOOST,
    MINECART_BOOST_MIN,
    MINECART_BRAKE,
    MINECART_BRAKE_STOP,
    MINECART_EXP_EPSILON,
    MINECART_EXP_FLIP_MAX,
    MINECART_EXP_FLIP_MIN,
    MINECART_EXP_HALF_TURN,
    MINECART_EXP_LAUNCH,
    MINECART_EXP_PICK_UP_MARGIN,
    MINECART_EXP_PITCH_EASE,
    MINECART_EXP_PUSH_MARGIN,
    MINECART_EXP_QUARTER_TURN,
    MINECART_EXP_RAIL_HEIGHT,
    MINECART_EXP_RAIL_PROBE,
    MINECART_EXP_SLOPE_PITCH,
    MINECART_EXP_SLOPE_SHARE,
    MINECART_EXP_SLOWDOWN,
    MINECART_EXP_SQRT_2,
    MINECART_EXP_TICKS_PER_SECOND,
    MINECART_EXP_V_REST_SQUARED,
    MINECART_EXP_WATER_SPEED,
    MINECART_RIDER_INPUT_PUSH,
    MINECART_RIDER_PUSH_MAX,
    MINECART_SLOPE_ACCEL,
    MINECART_SLOWDOWN_RIDDEN,
    MINECART_WATER_SLOPE_FACTOR,
    MINECART_WATER_SLOWDOWN,
    MINECART_YAW_MODULO,
    VEC_ZERO_BELOW_1_21_2,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities.entity import Entity
from engine.entities.minecart_rails import ADJACENT, EAST_WEST, NORTH_SOUTH, SHAPES, is_rail, solid_rail_ends
from engine.geometry.box import ZERO, Box, Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import clamp, floor, wrap_degrees
from engine.motion.block_effects import check_block_collision
from engine.motion.move import MovementType, move
from engine.world.shape_context import ShapeContext

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.entities.minecart import AbstractMinecart
    from engine.world.blocks import BlockState
    from engine.world.world import World

EXPERIMENT = "minecart_improvements"
ADJUST = StageInfo("adjust_to_rail", "ExperimentalMinecartController.adjustToRail")
ON_RAIL = StageInfo("move_on_rail", "ExperimentalMinecartController.moveOnRail")
BLOCKS = StageInfo("tick_block_collision", "Entity.tickBlockCollision")
COLLISION = StageInfo("handle_collision", "ExperimentalMinecartController.handleCollision")
LAUNCH = {EAST_WEST: (Vec3(1.0, 0.0, 0.0), Vec3(-1.0, 0.0, 0.0)),
          NORTH_SOUTH: (Vec3(0.0, 0.0, 1.0), Vec3(0.0, 0.0, -1.0))}   # getLaunchDirection: away from either end
ASCENDING = {"ascending_east": (-1.0, 0.0), "ascending_west": (1.0, 0.0), "ascending_north": (0.0, 1.0),
             "ascending_south": (0.0, -1.0)}   # applySlopeVelocity: the pull's signs (x, z), times the pull


def improvements_enabled(world: World) -> bool:
    """`AbstractMinecartEntity.areMinecartImprovementsEnabled`: the world's experiments hold it."""
    return EXPERIMENT in world.experiments


@dataclass
class MoveIteration:
    """`ExperimentalMinecartController.MoveIteration`: what one `moveOnRail` has done so far."""
    remaining_movement: float = 0.0
    initial: bool = True
    slope_velocity_applied: bool = False
    decelerated: bool = False
    accelerated: bool = False

    def should_continue(self) -> bool:
        return self.initial or self.remaining_movement > MINECART_EXP_EPSILON


def tick(cart: AbstractMinecart, sim: TickContext, rec: Recorder | None) -> None:
    """`ExperimentalMinecartController.tick` on a server world."""
    check_modelled(cart, sim)
    world = sim.world
    pos = get_rail_or_minecart_pos(cart, world)
    state = world.get_block_state(*pos)
    if cart.first_update:
        cart.on_rail = is_rail(state)
        run_stage(rec, cart, ADJUST, adjust_to_rail, cart, pos, state)
    cart.apply_gravity(sim.features, rec)
    run_stage(rec, cart, ON_RAIL, move_on_rail, cart, sim, rec)


def check_modelled(cart: AbstractMinecart, sim: TickContext) -> None:
    """Stop in one line at what of the experimental tick is not simulated: a cart riding a vehicle."""
    if cart.vehicle is not None:
        raise refusal(sim.features, "minecart", f"minecart {cart.id}, tick {sim.tick_count}",
                      "the experimental minecart physics (minecart_improvements) of a cart riding a vehicle are not "
                      "simulated")


def get_rail_or_minecart_pos(cart: AbstractMinecart, world: World) -> tuple[int, int, int]:
    """`AbstractMinecartEntity.getRailOrMinecartPos` with the experiment: the cell at the position, or the rail's
    cell 0.1 + 1.0E-5F below it."""
    x, y, z = cart.pos
    i, j, k = floor(x), floor(y), floor(z)
    d = y - MINECART_EXP_RAIL_PROBE - MINECART_EXP_EPSILON
    if is_rail(world.get_block_state(i, floor(d), k)):
        j = floor(d)
    return i, j, k


# ExperimentalMinecartShapeContext.setIgnoredPositions: the cell an ascending rail rises into, by shape
RISES_INTO = {"ascending_east": (1, 0, 0), "ascending_west": (-1, 0, 0), "ascending_north": (0, 0, -1),
              "ascending_south": (0, 0, 1)}


def shape_context(cart: AbstractMinecart, world: World) -> ShapeContext:
    """`ExperimentalMinecartShapeContext` (1.21.2, 1.21.3 the same): the cart's `EntityShapeContext`, its
    collisions ignoring (an empty shape in) the cell below the rail of `getRailOrMinecartPos` and, on an
    ascending rail, the cell the slope rises into (`setIgnoredPositions`); off a rail, none."""
    x, y, z = get_rail_or_minecart_pos(cart, world)
    state = world.get_block_state(x, y, z)
    context = Entity.shape_context(cart, world)
    if not is_rail(state):
        return context
    rise = RISES_INTO.get(state.get("shape"))
    ignored = ((x, y - 1, z),) if rise is None else ((x, y - 1, z), (x + rise[0], y + rise[1], z + rise[2]))
    return context._replace(ignored=ignored)


def adjust_to_rail(cart: AbstractMinecart, pos: tuple[int, int, int], state: BlockState) -> None:
    """`adjustToRail`: onto the rail's line (a diagonal's projection; a straight's centre line), 0.1 above its
    cell, on a slope as high as the distance to its lower end; yaw and pitch along the rail."""
    if not is_rail(state):
        return
    shape = state.get("shape")
    a, b = (_half(c) for c in ADJACENT[shape])
    first, second = a.horizontal(), b.horizontal()
    v = cart.motion
    if v.length(True) > MINECART_EXP_EPSILON and v.dot(first) < v.dot(second) or ascends(second, shape):
        first, second = second, first
    yaw = _yaw_toward(first, cart.yaw_flipped)
    p = cart.pos
    bottom = _bottom_center(pos)
    if a.x != b.x and a.z != b.z:
        line = b.subtract(a)
        offset = p.subtract(bottom).subtract(a)
        along = line.scale(line.dot(offset) / line.dot(line))
        target = bottom.plus(a).plus(along)
        yaw = _yaw_toward(along, cart.yaw_flipped)
    else:
        on_x, on_z = a.x - b.x != 0.0, a.z - b.z != 0.0
        target = Vec3(pos[0] + 0.5 if on_z else p.x, float(pos[1]), pos[2] + 0.5 if on_x else p.z)
    cart.set_position(p.plus(target.subtract(p)))
    pitch = 0.0
    if a.y != b.y:
        d = _distance(bottom.plus(second), cart.pos)
        cart.set_position(cart.pos.add(0.0, d + MINECART_EXP_RAIL_HEIGHT, 0.0))
        pitch = MINECART_EXP_SLOPE_PITCH if cart.yaw_flipped else -MINECART_EXP_SLOPE_PITCH
    else:
        cart.set_position(cart.pos.add(0.0, MINECART_EXP_RAIL_HEIGHT, 0.0))
    set_angles(cart, yaw, pitch)


def set_angles(cart: AbstractMinecart, yaw: float, pitch: float) -> None:
    """`setAngles`: a turn of 175..185 degrees flips the cart instead (yaw − 180, pitch negated); pitch clamped to
    ±45; both kept % 360 (float)."""
    d = abs(float(f32(yaw - cart.yaw)))
    if MINECART_EXP_FLIP_MIN <= d <= MINECART_EXP_FLIP_MAX:
        cart.yaw_flipped = not cart.yaw_flipped
        yaw = float(f32(yaw - MINECART_EXP_HALF_TURN))
        pitch = -pitch
    pitch = clamp(pitch, -MINECART_EXP_SLOPE_PITCH, MINECART_EXP_SLOPE_PITCH)
    cart.pitch = math.fmod(pitch, MINECART_YAW_MODULO)
    cart.yaw = math.fmod(yaw, MINECART_YAW_MODULO)


def move_on_rail(cart: AbstractMinecart, sim: TickContext, rec: Recorder | None) -> None:
    """`moveOnRail`: iterations while the first or movement is left (> 1.0E-5F) and the cart lives. Each takes
    the rail under the cart (set onto it where the cart comes onto or leaves rails), turns the velocity
    (`calc_new_horizontal_velocity`) and moves along the track, or off rails moves once; then yaw and pitch
    from the iteration's displacement, and the block check twice (`tickBlockCollision` from the last render
    position, which the rail's `resetPosition` set to the iteration's start; from 1.21.7 `Entity`'s
    `applyEffectsFromBlocks`: the movements the moves recorded, then, none left, that start to the position)."""
    world = sim.world
    it = MoveIteration()
    while it.should_continue() and not cart.removed:
        v = cart.motion
        pos = get_rail_or_minecart_pos(cart, world)
        state = world.get_block_state(*pos)
        on = is_rail(state)
        if cart.on_rail != on:
            cart.on_rail = on
            adjust_to_rail(cart, pos, state)
        if on:
            cart.fall_distance = 0.0                                   # onLanding
            cart.prev_pos, cart.prev_yaw = cart.pos, cart.yaw          # resetPosition
            if state.block == "activator_rail":
                cart.on_activator_rail(sim, state.get("powered") == "true")
            shape = state.get("shape")
            cart.rail_shape = shape
            turned = calc_new_horizontal_velocity(cart, sim, v.horizontal(), it, pos, state, shape)
            if it.initial:
                it.remaining_movement = turned.horizontal_length()
            else:
                it.remaining_movement += turned.horizontal_length() - v.horizontal_length()
            cart.motion = turned
            it.remaining_movement = move_along_track(cart, sim, pos, shape, it.remaining_movement, rec)
        else:
            cart.rail_shape = None
            cart.move_off_rail(sim, rec)
            it.remaining_movement = 0.0
        here = cart.pos
        moved = here.subtract(cart.prev_pos)
        d = moved.length(True)
        if d > MINECART_EXP_EPSILON:
            if not moved.x * moved.x + moved.z * moved.z > MINECART_EXP_EPSILON:
                if not cart.on_rail:
                    cart.pitch = 0.0 if cart.on_ground else _lerp_angle(MINECART_EXP_PITCH_EASE, cart.pitch, 0.0)
            else:
                yaw = _yaw_toward(moved, cart.yaw_flipped)
                pitch = 0.0 if cart.on_ground and not cart.on_rail else float(f32(
                    MINECART_EXP_QUARTER_TURN - f32(math.atan2(moved.horizontal_length(), moved.y) * 180.0 / math.pi)))
                set_angles(cart, yaw, -pitch if cart.yaw_flipped else pitch)
        if d > MINECART_EXP_EPSILON or it.initial:
            run_stage(rec, cart, BLOCKS, check_block_collision, cart, sim, rec)
            run_stage(rec, cart, BLOCKS, check_block_collision, cart, sim, rec)
        it.initial = False


def calc_new_horizontal_velocity(cart: AbstractMinecart, sim: TickContext, v: Vec3, it: MoveIteration,
                                 pos: tuple[int, int, int], state: BlockState, shape: str) -> Vec3:
    """`calcNewHorizontalVelocity`: the slope's pull (once a `moveOnRail`), an unpowered powered rail's brake (once),
    on the first iteration the slowdown and the cap at `get_max_speed`, a powered rail's boost (once)."""
    if not it.slope_velocity_applied:
        pulled = apply_slope_velocity(cart, v, shape)
        if pulled.horizontal_length_squared() != v.horizontal_length_squared():
            it.slope_velocity_applied = True
            v = pulled
    if it.initial:
        pushed = apply_initial_velocity(cart, v, sim.features)
        if pushed.horizontal_length_squared() != v.horizontal_length_squared():
            it.decelerated = True            # (sic) the rider's push stands for the powered rail's brake
            v = pushed
    if not it.decelerated:
        braked = decelerate_from_powered_rail(v, state)
        if braked.horizontal_length_squared() != v.horizontal_length_squared():
            it.decelerated = True
            v = braked
    if it.initial:
        v = apply_slowdown(cart, v)
        if v.length_squared() > 0.0:
            v = _normalize(v).scale(min(v.length(True), get_max_speed(cart, sim.world)))
    if not it.accelerated:
        boosted = accelerate_from_powered_rail(cart, sim.world, v, pos, state)
        if boosted.horizontal_length_squared() != v.horizontal_length_squared():
            it.accelerated = True
            v = boosted
    return v


def apply_slope_velocity(cart: AbstractMinecart, v: Vec3, shape: str) -> Vec3:
    """`applySlopeVelocity`: down an ascending rail by max(0.0078125, 0.02 × the horizontal speed), × 0.2 in
    water."""
    signs = ASCENDING.get(shape)
    if signs is None:
        return v
    d = max(MINECART_SLOPE_ACCEL, v.horizontal_length() * MINECART_EXP_SLOPE_SHARE)
    if cart.touching_water:
        d *= MINECART_WATER_SLOPE_FACTOR
    return v.add(signs[0] * d, 0.0, signs[1] * d)


def apply_initial_velocity(cart: AbstractMinecart, v: Vec3, features: Features) -> Vec3:
    """`applyInitialVelocity`: a riding player's keys (`getInputVelocityForMinecart`; 1.21.8 `getLastClientMoveIntent`)
    push a cart slower than 0.1 (horizontal speed² < 0.01) by 0.001 along them, horizontally."""
    rider = cart.passengers[0] if cart.passengers else None
    if rider is None or not rider.is_player:
        return v
    keys = _normalize(rider.input_velocity_for_minecart(features))
    if keys.length_squared() > 0.0 and v.horizontal_length_squared() < MINECART_RIDER_PUSH_MAX:
        return v.plus(_normalize(keys.horizontal()).scale(MINECART_RIDER_INPUT_PUSH))
    return v


def decelerate_from_powered_rail(v: Vec3, state: BlockState) -> Vec3:
    """`decelerateFromPoweredRail`: an unpowered powered rail stops a cart slower than 0.03, else halves it."""
    if state.block == "powered_rail" and state.get("powered") != "true":
        return ZERO if v.length(True) < MINECART_BRAKE_STOP else v.scale(MINECART_BRAKE)
    return v


def accelerate_from_powered_rail(cart: AbstractMinecart, world: World, v: Vec3, pos: tuple[int, int, int],
                                 state: BlockState) -> Vec3:
    """`accelerateFromPoweredRail`: a powered rail adds 0.06 to a speed above 0.01; a slower cart is launched
    at speed + 0.2 away from a solid block at one end of the rail (`getLaunchDirection`), else kept."""
    if state.block != "powered_rail" or state.get("powered") != "true":
        return v
    speed = v.length(True)
    if speed > MINECART_BOOST_MIN:
        return _normalize(v).scale(speed + MINECART_BOOST)
    launch = get_launch_direction(world, pos, state)
    return v if launch.length_squared() <= 0.0 else launch.scale(speed + MINECART_EXP_LAUNCH)


def get_launch_direction(world: World, pos: tuple[int, int, int], state: BlockState) -> Vec3:
    """`AbstractMinecartEntity.getLaunchDirection`: on a flat straight powered rail, away from a solid block at its
    west (north) end, else its east (south) end; else none."""
    rail = SHAPES.index(state.get("shape"))
    before, after = solid_rail_ends(world, *pos, rail)
    if before or after:
        return LAUNCH[rail][0 if before else 1]
    return ZERO


def apply_slowdown(cart: AbstractMinecart, v: Vec3) -> Vec3:
    """`AbstractMinecartEntity.applySlowdown` with the controller's retention (`getSpeedRetention`): × (0.975, 0,
    0.975) for an empty cart, × (0.997, 0, 0.997) a ridden one, then × 0.95F in water."""
    k = MINECART_SLOWDOWN_RIDDEN if cart.passengers else MINECART_EXP_SLOWDOWN
    v = v.multiply(k, 0.0, k)
    if cart.touching_water:
        v = v.scale(MINECART_WATER_SLOWDOWN)
    return v


def get_max_speed(cart: AbstractMinecart, world: World) -> float:
    """`getMaxSpeed`: the minecartMaxSpeed game rule (default 8, `scene.minecart_max_speed`) × 0.5 in water, per
    second: / 20."""
    k = MINECART_EXP_WATER_SPEED if cart.touching_water else 1.0
    return world.minecart_max_speed * k / MINECART_EXP_TICKS_PER_SECOND


def move_along_track(cart: AbstractMinecart, sim: TickContext, pos: tuple[int, int, int], shape: str,
                     remaining: float, rec: Recorder | None) -> float:
    """`moveAlongTrack`: toward the rail's end the velocity points to (0.1 up, nudged 1.0E-5F past it; on a slope
    descended, one block higher), the remaining movement along the velocity (× √2 on slopes), stopped at that end
    with what is left returned; on a slope the cart is lifted onto the rail's line and rests at the foot of a V.
    A cart that could not move is stopped."""
    if remaining < MINECART_EXP_EPSILON:
        return 0.0
    start = cart.pos
    a, b = ADJACENT[shape]
    v = cart.motion.horizontal()
    if v.length(True) < MINECART_EXP_EPSILON:
        cart.motion = ZERO
        return 0.0
    slope = a[1] != b[1]
    second, end = _half(b).horizontal(), _half(a).horizontal()
    if v.dot(end) < v.dot(second):
        end = second
    target = _bottom_center(pos).plus(end).add(0.0, MINECART_EXP_RAIL_HEIGHT, 0.0).plus(
        _normalize(end).scale(MINECART_EXP_EPSILON))
    if slope and not ascends(v, shape):
        target = target.add(0.0, 1.0, 0.0)
    heading = _normalize(target.subtract(cart.pos))
    v = heading.scale(v.length(True) / heading.horizontal_length())
    step = remaining * (MINECART_EXP_SQRT_2 if slope else 1.0)
    to = start.plus(_normalize(v).scale(step))
    if start.squared_distance_to(target) <= start.squared_distance_to(to):
        remaining = target.subtract(to).horizontal_length()
        to = target
    else:
        remaining = 0.0
    move_cart(cart, sim, to.subtract(start), rec)
    if slope:
        state = sim.world.get_block_state(floor(to.x), floor(to.y), floor(to.z))
        if is_rail(state) and rest_on_v_shaped_track(cart, shape, state.get("shape")):
            return 0.0
        p = cart.pos
        d = p.subtract(target).horizontal_length()
        e = target.y + (d if ascends(v, shape) else -d)
        if p.y < e:
            cart.set_position(Vec3(p.x, e, p.z))
    if _distance(cart.pos, start) < MINECART_EXP_EPSILON and _distance(to, start) > MINECART_EXP_EPSILON:
        cart.motion = ZERO
        return 0.0
    cart.motion = v
    return remaining


def rest_on_v_shaped_track(cart: AbstractMinecart, shape: str, next_shape: str) -> bool:
    """`restOnVShapedTrack`: a slow cart (speed² < 0.005) climbing this slope onto one it would descend stops."""
    m = cart.motion
    if m.length_squared() < MINECART_EXP_V_REST_SQUARED and next_shape in ASCENDING and ascends(m, shape) \
            and not ascends(m, next_shape):
        cart.motion = ZERO
        return True
    return False


def move_cart(cart: AbstractMinecart, sim: TickContext, movement: Vec3, rec: Recorder | None) -> None:
    """`AbstractMinecartEntity.move` with the experiment: `Entity.move` (no block check after it: the iteration's),
    then `handleCollision`; a cart that picked an entity up and pushed none moves on to where the move was headed
    (`Entity.move` again)."""
    to = cart.pos.plus(movement)
    move(cart, sim, MovementType.SELF, movement, rec)
    if run_stage(rec, cart, COLLISION, handle_collision, cart, sim):
        move(cart, sim, MovementType.SELF, to.subtract(cart.pos), rec)


def handle_collision(cart: AbstractMinecart, sim: TickContext) -> bool:
    """`handleCollision`: pick up an entity in the box grown by (0.2, 0, 0.2); after a move that collided, push those
    in the box grown by 1.0E-7. True where it picked one up and pushed none."""
    picked = pick_up_entities(cart, sim.world, cart.box.expand(MINECART_EXP_PICK_UP_MARGIN, 0.0,
                                                                MINECART_EXP_PICK_UP_MARGIN))
    if not cart.horizontal_collision and not cart.vertical_collision:
        return False
    pushed = push_away_from_entities(cart, sim, cart.box.expand(MINECART_EXP_PUSH_MARGIN))
    return picked and not pushed


def pick_up_entities(cart: AbstractMinecart, world: World, box: Box) -> bool:
    """`pickUpEntities`: an empty rideable cart takes the first pushable entity in `box` that is no player, iron
    golem or cart and rides nothing (whatever the cart's speed). True where one got in."""
    if not cart.RIDEABLE or cart.passengers:
        return False
    for e in world.get_entities(cart, box, _pushable):
        if cart.picks_up(e):
            e.start_riding(cart)
            return True
    return False


def push_away_from_entities(cart: AbstractMinecart, sim: TickContext, box: Box) -> bool:
    """`pushAwayFromEntities`: a rideable cart pushes each pushable entity in `box` it would not pick up, another
    cart pushes the carts there but its riders (`entity.pushAwayFrom(cart)`; carts push carts whatever their
    facing). True where it pushed one."""
    if cart.RIDEABLE:
        pushed = [e for e in sim.world.get_entities(cart, box, _pushable) if not cart.picks_up(e)]
    else:
        pushed = [e for e in sim.world.get_entities(cart, box) if cart.pushes_as_cart(e)]
    for e in pushed:
        cart.push_entity(e, sim.features, experiment=True)
    return bool(pushed)


def ascends(v: Vec3, shape: str) -> bool:
    """`ascends`: whether the velocity climbs the rail shape."""
    signs = ASCENDING.get(shape)
    if signs is None:
        return False
    return v.x * signs[0] > 0.0 if signs[0] else v.z * signs[1] > 0.0


def _yaw_toward(v: Vec3, flipped: bool) -> float:
    """180F − the float degrees of atan2(z, x), + 180F when flipped (the controller's yaw of a direction)."""
    yaw = f32(MINECART_EXP_HALF_TURN - f32(math.atan2(v.z, v.x) * 180.0 / math.pi))
    return float(f32(yaw + MINECART_EXP_HALF_TURN)) if flipped else float(yaw)


def _lerp_angle(delta: float, start: float, end: float) -> float:
    """`MathHelper.lerpAngleDegrees` (float)."""
    return float(f32(start + f32(delta * wrap_degrees(end - start))))


def _pushable(e: Entity) -> bool:
    """`EntityPredicates.canBePushedBy(cart)` (no teams are modelled): `isPushable`."""
    return e.is_pushable()


def _half(c: tuple[int, int, int]) -> Vec3:
    return Vec3(c[0] * 0.5, c[1] * 0.5, c[2] * 0.5)


def _normalize(v: Vec3) -> Vec3:
    return v.normalize(True, VEC_ZERO_BELOW_1_21_2)


def _distance(a: Vec3, b: Vec3) -> float:
    return math.sqrt(a.squared_distance_to(b))


def _bottom_center(pos: tuple[int, int, int]) -> Vec3:
    """`BlockPos.toBottomCenterPos`."""
    return Vec3(pos[0] + 0.5, float(pos[1]), pos[2] + 0.5)
