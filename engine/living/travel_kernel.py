"""`LivingEntity.tickMovement`'s jump and swimming up, `travel`'s ordinary case with climbing and its water case
(spec 05 §2.1, §2.4, §3, §5) as kernels (engine.jit): the one source of this arithmetic (docs/architecture.md,
"Each stage written once").

The float kernels take and return plain numbers: the object path (`engine.living.travel`, `living_entity`) runs
their plain forms (`engine.jit.plain`) on an entity's fields between the trace's stages; `travel_ordinary` and
`travel_in_water` run them compiled on a living row (the columns `LIVING_FLOATS`, `LIVING_INTS`, `LIVING_FLAGS` of
`engine.entities.rows`), as `engine.living.player_kernel` does. `sine` is `MathHelper.SINE_TABLE`: SINE (an array)
in compiled code, the table itself in plain code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    BANK_JUMP_HEIGHT,
    BANK_JUMP_SPEED,
    CLIMB_MAX_SPEED,
    CLIMB_UP_SPEED,
    DEGREES_TO_RADIANS,
    DEPTH_STRIDER_DRAG,
    FLUID_GRAVITY_DIVISOR,
    FLUID_GRAVITY_FLOOR,
    FLUID_GRAVITY_STEP,
    FLUID_GRAVITY_TOLERANCE,
    GROUND_ACCEL_FACTOR,
    GROUND_ACCEL_FACTOR_1_12,
    INPUT_DAMPING,
    LIVING_DRAG,
    LIVING_DRAG_Y,
    LIVING_MIN_MOTION,
    MIN_INPUT_SQUARED,
    MIN_INPUT_SQUARED_F,
    PLAYER_MIN_MOTION_SQ,
    SLIPPERINESS_OFFSET_1_14,
    SPRINT_JUMP_KICK,
    SPRINT_JUMP_KICK_D,
    VELOCITY_AFFECTING_OFFSET,
    VELOCITY_AFFECTING_OFFSET_1_20,
    WATER_ACCEL,
    WATER_DRAG,
    WATER_SPRINT_DRAG,
)
from engine.entities.rows import (
    F_BOX,
    F_FALL,
    F_MOTION,
    F_POS,
    H_COLL,
    HAS_SUPPORT,
    I_EXTRA,
    I_FLAGS,
    I_SUPPORT,
    LIVING_FLAGS,
    LIVING_FLOATS,
    LIVING_INTS,
    NF,
    NO_GRAVITY,
    ON_GROUND,
)
from engine.entities.tnt_kernel import V_SUPPORTING, border_within_reach, move_self
from engine.influences.fluid_kernel import f32
from engine.java.mathhelper import _QUARTER_TURN, _RADIANS_TO_INDEX, _RADIANS_TO_INDEX_DOUBLE, SINE_TABLE, long_index
from engine.jit import njit
from engine.motion.collision_kernel import _java_int, collect_block_collisions, flag_in, jfloor, state_at
from engine.motion.move_kernel import adjust_movement_for_sneaking
from engine.world.block_tables import EFFECT, FENCE_LIKE, LAVA, WATER

if TYPE_CHECKING:
    from engine.core.versions import Features

SINE = np.array(SINE_TABLE)                    # MathHelper.SINE_TABLE, the compiled kernels' copy

# a living row's columns (engine.entities.rows: the living extras after the common columns)
_F = {name: NF + k for k, name in enumerate(LIVING_FLOATS)}
_I = {name: I_EXTRA + k for k, name in enumerate(LIVING_INTS + LIVING_FLAGS)}
C_YAW, C_HEAD_YAW, C_FORWARD, C_SIDEWAYS, C_UPWARD = _F["yaw"], _F["head_yaw"], _F["forward_speed"], \
    _F["sideways_speed"], _F["upward_speed"]
C_SPEED, C_FLYING, C_STEP, C_IN_FORWARD, C_IN_SIDEWAYS = _F["movement_speed"], _F["flying_speed"], \
    _F["step_height"], _F["input_forward"], _F["input_sideways"]
C_COOLDOWN, C_DOUBLE_TAP, C_JUMPING, C_IN_JUMPING = _I["jump_cooldown"], _I["double_tap_ticks"], _I["jumping"], \
    _I["input_jumping"]
C_SPRINTING, C_SNEAKING, C_SNEAK_POSE, C_SWIMMING = _I["sprinting"], _I["sneaking"], _I["in_sneaking_pose"], \
    _I["swimming"]
C_FALL_FLYING, C_SUBMERGED, C_FIRST_UPDATE, C_CLIMBING = _I["fall_flying"], _I["submerged_in_water"], \
    _I["first_update"], _I["climbing"]
C_PITCH = _F["pitch"]
CLIMBABLE, CLIMB_UNDECIDED = 1, 2    # the `climb` column: isClimbing is true; the object path decides (trapdoors,
#                                      scaffolding, whose holding on and shape read more than the block)
NO_JUMP, SWIM_UP, JUMP = 0, 1, 2     # what `jumping_in_fluid` chooses
# a living row's release bits beyond the move's (`v`: `tnt_kernel.version_bits`, whose bits stay below these)
V_SNEAK_NEAR_GROUND = 1 << 17        # 1.16.2 `sneak_edge_near_ground`: the sneaking probe within a step of the ground
V_SLIP_ONE_BELOW = 1 << 18           # 1.14-1.14.4 `slipperiness_one_below`: travel's slipperiness at minY - 1.0
V_SNEAK_FALLING = 1 << 20            # 1.19 `sneak_edge_only_falling`: the sneaking probe only for a move with Y <= 0
V_SNEAK_BELOW_FEET = 1 << 21         # 1.20.5 `sneak_edge_below_feet`: the probe of the footprint below the feet
V_SNEAK_DEFLATED = 1 << 22           # 1.21.7 `sneak_probe_deflated`: that probe inset by 1.0E-7
V_SINE_DOUBLE = 1 << 23              # 1.21.11 `sine_index_double`: the input's rotation indexes the table in double
V_KEEP_RISE = 1 << 30                # 1.21.2 `jump_keeps_faster_rise`: the jump's Y is max(velocity, Y)
V_INPUT_FIRST = 1 << 34              # 1.21.5 `apply_input_before_ai`: the input damped before the AI
LIVING_BITS = {"sneak_edge_near_ground": V_SNEAK_NEAR_GROUND, "slipperiness_one_below": V_SLIP_ONE_BELOW,
               "sneak_edge_only_falling": V_SNEAK_FALLING, "sneak_edge_below_feet": V_SNEAK_BELOW_FEET,
               "sneak_probe_deflated": V_SNEAK_DEFLATED, "sine_index_double": V_SINE_DOUBLE,
               "jump_keeps_faster_rise": V_KEEP_RISE, "apply_input_before_ai": V_INPUT_FIRST}


def living_bits(features: Features) -> int:
    """The LIVING_BITS of `features`' release (a living row's `v`, beside `tnt_kernel.version_bits`): the players'
    and the mobs' loops take them alike."""
    return sum(bit for name, bit in LIVING_BITS.items() if getattr(features, name))


@njit(inline=True)
def sin(sine, x: float, index_double: bool) -> float:
    """`MathHelper.sin`: up to 1.21.8 `sin(float)`, the table at `(int)(x * 10430.378F)` in float arithmetic; with
    `index_double` (1.21.11 `sin(double)`, `sine_index_double`) at `(long)(x * 10430.378350470453)`."""
    if index_double:
        return sine[long_index(x * _RADIANS_TO_INDEX_DOUBLE)]
    return sine[_java_int(f32(f32(x) * _RADIANS_TO_INDEX)) & 65535]


@njit(inline=True)
def cos(sine, x: float, index_double: bool) -> float:
    """`MathHelper.cos`: the table a quarter turn on (the index in double with `index_double`)."""
    if index_double:
        return sine[long_index(x * _RADIANS_TO_INDEX_DOUBLE + _QUARTER_TURN)]
    return sine[_java_int(f32(f32(f32(x) * _RADIANS_TO_INDEX) + _QUARTER_TURN)) & 65535]


@njit(inline=True)
def zero_negligible_motion(x: float, y: float, z: float, horizontal_squared: bool) -> tuple:
    """`tickMovement` step 3 (spec 05 §3, AMBIGUITY-L8): each Motion component below 0.003 in size becomes 0; with
    `horizontal_squared` (a player from 1.21.5, `player_motion_cut_squared`: 1.21.8 `LivingEntity.aiStep`) X and Z
    become 0 together where x² + z² < 9.0E-6 (double), Y as before."""
    if horizontal_squared:
        cut = x * x + z * z < PLAYER_MIN_MOTION_SQ
        hx, hz = (0.0, 0.0) if cut else (x, z)
    else:
        hx, hz = (0.0 if abs(x) < LIVING_MIN_MOTION else x), (0.0 if abs(z) < LIVING_MIN_MOTION else z)
    return hx, 0.0 if abs(y) < LIVING_MIN_MOTION else y, hz


@njit(inline=True)
def damp_input(sideways: float, forward: float) -> tuple:
    """`tickMovement` step 7: sidewaysSpeed and forwardSpeed × 0.98F, in float."""
    return f32(sideways * INPUT_DAMPING), f32(forward * INPUT_DAMPING)


@njit(inline=True)
def sprint_jump_kick(yaw: float, kick_double: bool, sine, index_double: bool) -> tuple:
    """A sprinter's jump kick (X, Z) along the yaw (the sine table, indexed in double with `index_double`): 0.2F,
    in float (from 1.20.5 0.2 in double, `sprint_jump_kick_double`)."""
    g = f32(yaw * DEGREES_TO_RADIANS)
    s, c = sin(sine, g, index_double), cos(sine, g, index_double)
    if kick_double:
        return -s * SPRINT_JUMP_KICK_D, c * SPRINT_JUMP_KICK_D
    return f32(-s * SPRINT_JUMP_KICK), f32(c * SPRINT_JUMP_KICK)


@njit(inline=True)
def jump(x: float, y: float, z: float, velocity: float, sprinting: bool, yaw: float, kick_double: bool,
         keep_rise: bool, sine, index_double: bool) -> tuple:
    """`LivingEntity.jump` (spec 05 §5) of Motion (x, y, z): Y := the jump velocity (`getJumpVelocity` with its
    boosts, worked out by the caller), from 1.21.2 `Math.max(velocity, Y)` (`jump_keeps_faster_rise`: Y where it
    is larger or NaN); a sprinter adds `sprint_jump_kick`."""
    rise = velocity
    if keep_rise and not velocity >= y:
        rise = y
    if not sprinting:
        return x, rise, z
    kx, kz = sprint_jump_kick(yaw, kick_double, sine, index_double)
    return x + kx, rise + 0.0, z + kz


@njit(inline=True)
def ground_drag(slipperiness: float, on_ground: bool) -> float:
    """`travel`'s ordinary case step 2: the horizontal drag, slipperiness × 0.91F on the ground, else 0.91F."""
    return f32(slipperiness * LIVING_DRAG) if on_ground else LIVING_DRAG


@njit(inline=True)
def movement_speed_on(slipperiness: float, on_ground: bool, movement_speed: float, off_ground_speed: float) -> float:
    """`getMovementSpeed(slipperiness)`: on the ground the movement speed × 0.21600002F / s³ (floats), else the
    off-ground speed (flyingSpeed; from 1.19.4 `getOffGroundSpeed`, which the caller reads)."""
    if on_ground:
        return f32(movement_speed * f32(GROUND_ACCEL_FACTOR / f32(f32(slipperiness * slipperiness) * slipperiness)))
    return off_ground_speed


@njit(inline=True)
def movement_input_to_velocity(sx: float, sy: float, sz: float, speed: float, yaw: float, sine,
                               index_double: bool) -> tuple:
    """`Entity.movementInputToVelocity` (spec 05 §4.2) of the input (sideways, upward, forward): zero below a length²
    of 1.0E-7, normalised above length 1 (the float root of 1.16's `Vec3d.normalize`), × speed, rotated by the yaw
    with the sine table (indexed in double with `index_double`, 1.21.11)."""
    d = sx * sx + sy * sy + sz * sz
    if d < MIN_INPUT_SQUARED:
        return 0.0, 0.0, 0.0
    if d > 1.0:
        n = f32(np.sqrt(d))
        sx, sy, sz = sx / n, sy / n, sz / n
    sx, sy, sz = sx * speed, sy * speed, sz * speed
    r = f32(yaw * DEGREES_TO_RADIANS)
    s, c = sin(sine, r, index_double), cos(sine, r, index_double)
    return sx * c - sz * s, sy, sz * c + sx * s


@njit(inline=True)
def move_relative(x: float, y: float, z: float, strafe: float, up: float, forward: float, friction: float,
                  yaw: float, sine) -> tuple:
    """1.12.2 `Entity.moveRelative` (`move_relative_float`) onto Motion (x, y, z): nothing where the input's float
    squared length is below 1.0E-4F; else the inputs × friction / max(1, MathHelper.sqrt), turned by the yaw's
    table sine and cosine, every product and sum in float, each cast to double and added."""
    f = f32(f32(f32(strafe * strafe) + f32(up * up)) + f32(forward * forward))
    if f < MIN_INPUT_SQUARED_F:
        return x, y, z
    f = max(f32(np.sqrt(f)), 1.0)
    f = f32(friction / f)
    strafe, up, forward = f32(strafe * f), f32(up * f), f32(forward * f)
    r = f32(yaw * DEGREES_TO_RADIANS)
    s, c = sin(sine, r, False), cos(sine, r, False)
    return x + f32(f32(strafe * c) - f32(forward * s)), y + up, z + f32(f32(forward * c) + f32(strafe * s))


@njit(inline=True)
def ground_accel_1_12(drag: float, movement_speed: float, factor: float = GROUND_ACCEL_FACTOR_1_12) -> float:
    """1.12.2 `EntityLivingBase.travel` on the ground (`ground_accel_by_drag`): the AI move speed × 0.16277136F /
    (slipperiness × 0.91F)³, `drag` being that product; all in float. 1.13.2's factor is 0.16277137F
    (`ground_accel_1_13`, `GROUND_ACCEL_FACTOR_1_13`)."""
    return f32(movement_speed * f32(factor / f32(f32(drag * drag) * drag)))


@njit(inline=True)
def gravity(y: float, d: float) -> float:
    """`travel` step 7.3: Y Motion − the gravity d."""
    return y + -d


@njit(inline=True)
def drag(x: float, y: float, z: float, horizontal: float, vertical: float) -> tuple:
    """`setVelocity(x * horizontal, y * vertical, z * horizontal)`: the drags."""
    return x * horizontal, y * vertical, z * horizontal


@njit(inline=True)
def swim_vertically(x: float, y: float, z: float, dy: float) -> tuple:
    """`Vec3d.add(0, dy, 0)` of Motion: `swimUpward` (+0.04F), `ClientPlayerEntity`'s sinking while sneaking in
    water (−0.04F); adding 0.0 turns a −0.0 X or Z into 0.0."""
    return x + 0.0, y + dy, z + 0.0


@njit(inline=True)
def jumping_in_fluid(wet: bool, in_lava: bool, height: float, swim_height: float, on_ground: bool,
                     cooldown: int) -> int:
    """`tickMovement` step 6 of an entity trying to jump (spec 05 §5, from 1.16): SWIM_UP in water (`wet`: touching
    it with a height above 0) or lava off the ground or deeper than the swim height, else JUMP on the ground or in
    water no deeper than the swim height once the cooldown is over, else NO_JUMP. `height`: the lava's height in
    lava, else the water's."""
    if wet and (not on_ground or height > swim_height):
        return SWIM_UP
    if in_lava and (not on_ground or height > swim_height):
        return SWIM_UP
    if (on_ground or wet and height <= swim_height) and cooldown == 0:
        return JUMP
    return NO_JUMP


@njit(inline=True)
def depth_strider(f: float, g: float, h: float, speed: float, efficiency: bool) -> tuple:
    """`travel`'s water case steps 3-4 (spec 05 §2.1): for a Depth Strider h above 0 the drag f moves towards
    0.54600006F and the acceleration g towards the movement speed by h / 3.0F (from 1.21 by h itself,
    `efficiency`); all in float."""
    if h > 0.0 and efficiency:
        return f32(f + f32(f32(DEPTH_STRIDER_DRAG - f) * h)), f32(g + f32(f32(speed - g) * h))
    if h > 0.0:
        return f32(f + f32(f32(f32(DEPTH_STRIDER_DRAG - f) * h) / f32(3.0))), \
            f32(g + f32(f32(f32(speed - g) * h) / f32(3.0)))
    return f, g


@njit(inline=True)
def fluid_gravity(y: float, d: float, falling: bool) -> float:
    """`method_26317` (AMBIGUITY-L2) of Y Motion: y − d/16, or −0.003 where that would land within ±0.003 of zero
    while falling (the caller skips it with NoGravity or while sprinting)."""
    step = d / FLUID_GRAVITY_DIVISOR
    if falling and abs(y - FLUID_GRAVITY_STEP) >= FLUID_GRAVITY_TOLERANCE and abs(y - step) < FLUID_GRAVITY_TOLERANCE:
        return FLUID_GRAVITY_FLOOR
    return y - step


@njit(inline=True)
def _clamp(v: float, lo: float, hi: float) -> float:
    """`MathHelper.clamp(double)`."""
    return lo if v < lo else (hi if v > hi else v)


@njit(inline=True)
def climbing_speed(x: float, y: float, z: float, holding: bool) -> tuple:
    """`LivingEntity.applyClimbingSpeed`'s Motion: X and Z clamped to ±0.15F, Y to at least −0.15F, and 0 instead of
    negative for an entity `holding` onto the ladder (a sneaking player, not in scaffolding)."""
    y = -CLIMB_MAX_SPEED if y < -CLIMB_MAX_SPEED else y          # Math.max(y, -0.15F)
    if y < 0.0 and holding:
        y = 0.0
    return _clamp(x, -CLIMB_MAX_SPEED, CLIMB_MAX_SPEED), y, _clamp(z, -CLIMB_MAX_SPEED, CLIMB_MAX_SPEED)


@njit(inline=True)
def climbing_at(keys, slots, pool, f: np.ndarray, i: np.ndarray, r: int, climb: np.ndarray) -> int:
    """`LivingEntity.isClimbing` at row r's position (`climb` per block state: CLIMBABLE, or CLIMB_UNDECIDED for what
    the object path decides: a trapdoor, scaffolding): 1 or 0, kept in the climbing column, or −1."""
    c = climb[state_at(keys, slots, pool, jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2]))]
    if c == CLIMB_UNDECIDED:
        return -1
    i[r, C_CLIMBING] = c
    return c


@njit(inline=True)
def velocity_affecting_state(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, v: int) -> int:
    """The block state at `Entity.getVelocityAffectingPos` of row r: the cell 0.5000001 below the box's bottom;
    from 1.20 (V_SUPPORTING) `getPosWithYOffset(0.500001F)`: the supporting block's column at floor(y − 0.500001F),
    else the cell under the position. −1 where the object path decides (a supporting fence, wall or gate: the
    supporting block itself for a wall or gate)."""
    px, pz = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 2])
    if not v & V_SUPPORTING:
        return state_at(keys, slots, pool, px, jfloor(f[r, F_BOX + 1] - VELOCITY_AFFECTING_OFFSET), pz)
    y = jfloor(f[r, F_POS + 1] - VELOCITY_AFFECTING_OFFSET_1_20)
    if not i[r, I_FLAGS] & HAS_SUPPORT:
        return state_at(keys, slots, pool, px, y, pz)
    sx, sz = i[r, I_SUPPORT], i[r, I_SUPPORT + 2]
    if flags[state_at(keys, slots, pool, sx, i[r, I_SUPPORT + 1], sz)] & FENCE_LIKE:
        return -1
    return state_at(keys, slots, pool, sx, y, sz)


@njit(inline=True)
def jump_velocity_multiplier_is_one(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, v: int) -> bool:
    """`Entity.getJumpVelocityMultiplier` of row r (spec 05 §5) is 1.0: neither the block at the position nor the
    one at `velocity_affecting_state` (from 1.20 under the supporting block) has an effect (honey's 0.5F is read by
    the object path). False where one has, or the object path decides the velocity-affecting cell."""
    below = velocity_affecting_state(keys, slots, pool, flags, f, i, r, v)
    at = state_at(keys, slots, pool, jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2]))
    return below >= 0 and not flags[below] & EFFECT and not flags[at] & EFFECT


@njit(inline=True)
def move_living(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                f: np.ndarray, i: np.ndarray, r: int, climb: np.ndarray, border: tuple, v: int, half: float,
                height: float) -> bool:
    """`Entity.move(SELF, Motion)` of a living row: a sneaking row (a player's; a mob's row never sneaks) has its
    move shortened at edges first (Entity.move step 4, `move_kernel.adjust_movement_for_sneaking`),
    then `tnt_kernel.move_self` with its step height; from 1.19 (V_SNEAK_FALLING) only a move with Y <= 0 is
    shortened; 1.20.5's and 1.21.7's probes by V_SNEAK_BELOW_FEET, V_SNEAK_DEFLATED. False where the object path
    must move it."""
    mx, mz = f[r, F_MOTION], f[r, F_MOTION + 2]
    if i[r, C_SNEAKING] and not (v & V_SNEAK_FALLING and f[r, F_MOTION + 1] > 0.0):
        box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
        if border_within_reach(box, mx, mz, border):
            return False
        ok, mx, mz = adjust_movement_for_sneaking(keys, slots, pool, shape, flags, ncoords, coords, filled, single,
                                                  empty, cells, box, mx, mz, i[r, I_FLAGS] & ON_GROUND != 0,
                                                  f[r, F_FALL], f[r, C_STEP], v & V_SNEAK_NEAR_GROUND != 0,
                                                  v & V_SNEAK_BELOW_FEET != 0,
                                                  v & V_SNEAK_DEFLATED != 0)
        if ok < 0:
            return False
    return move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     mx, f[r, F_MOTION + 1], mz, v, border, climb, half, height, f[r, C_STEP], True)


@njit(inline=True)
def bank_jump(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, r: int, start_y: float) -> bool:
    """Spec 05 §2.1 step 10 (and §2.2 step 6): after a horizontal collision, Y Motion 0.3F where the box raised to
    0.6F above the start and offset by Motion meets no block and holds no fluid (`Entity.doesNotCollide`; no solid
    entity in the rows' worlds). False where the object path must decide."""
    if not i[r, I_FLAGS] & H_COLL:
        return True
    mx, my, mz = f[r, F_MOTION], f[r, F_MOTION + 1] + BANK_JUMP_HEIGHT - f[r, F_POS + 1] + start_y, f[r, F_MOTION + 2]
    box = (f[r, F_BOX] + mx, f[r, F_BOX + 1] + my, f[r, F_BOX + 2] + mz, f[r, F_BOX + 3] + mx, f[r, F_BOX + 4] + my,
           f[r, F_BOX + 5] + mz)
    n = collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, box, cells)
    if n < 0:
        return False
    if n == 0 and not flag_in(keys, slots, pool, flags, WATER | LAVA, box, 0.0):     # WorldView.containsFluid
        f[r, F_MOTION + 1] = BANK_JUMP_SPEED
    return True


@njit(borrows=True)
def travel_ordinary(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                    f: np.ndarray, i: np.ndarray, r: int, speed: float, d: float, slip: np.ndarray,
                    climb: np.ndarray, border: tuple, v: int, half: float, height: float, sine: np.ndarray) -> bool:
    """`LivingEntity.travel`'s ordinary case (spec 05 §2.4) of living row `r`, the movement input in its columns, in
    the release whose flags are `v` (`tnt_kernel.version_bits`; no tick-time block collision): `speed` its
    `getMovementSpeed()`, `d` the gravity, `slip` `Block.getSlipperiness` and `climb` `isClimbing` per block state
    (CLIMBABLE, CLIMB_UNDECIDED), `border` the world border's edges (min x, min z, max x, max z), `half` and `height`
    its box. The move is `move_living`'s (a sneaker's edge probe first). A climbing row's Motion is clamped
    (`climbing_speed`: a sneaking player holds on) and set to 0.2 up on a horizontal collision or a jump. False
    where the object path must travel it (a trapdoor or scaffolding at the feet, a move `tnt_kernel.move_self` or
    the sneaking probe does not decide), the row part-written. The slipperiness block is at
    `velocity_affecting_state` (with the supporting block where `v` holds V_SUPPORTING, 1.20; 1.14-1.14.4, with
    V_SLIP_ONE_BELOW, the cell 1.0 below the box's bottom); the off-ground speed
    is the flyingSpeed column (1.19.4 reads `getOffGroundSpeed`: the caller writes it there first); `v` must not
    hold V_EFFECT_SECTIONS (`climb` stands in for `move_self`'s `effects`, unread without it: with V_TICK_BLOCKS the
    move hands back a row whose path meets a block with an effect, and the caller tests the sections). The
    rotation of the input indexes the sine table in double with V_SINE_DOUBLE (1.21.11). Reads the movement input
    (sideways, upward, forward speed columns), the yaw, step height, jumping and sneaking columns, the fall distance
    and the ON_GROUND, H_COLL and NO_GRAVITY flags; writes Motion, the position and box, the collision flags, the
    fall distance and the climbing flag."""
    on_ground = i[r, I_FLAGS] & ON_GROUND != 0
    if v & V_SLIP_ONE_BELOW:                 # 1.14-1.14.4: the cell 1.0 below the box's bottom      # step 1
        below = state_at(keys, slots, pool, jfloor(f[r, F_POS]), jfloor(f[r, F_BOX + 1] - SLIPPERINESS_OFFSET_1_14),
                         jfloor(f[r, F_POS + 2]))
    else:
        below = velocity_affecting_state(keys, slots, pool, flags, f, i, r, v)
    if below < 0:
        return False
    p = slip[below]
    h = ground_drag(p, on_ground)                                                               # step 2
    dx, dy, dz = movement_input_to_velocity(f[r, C_SIDEWAYS], f[r, C_UPWARD], f[r, C_FORWARD],
                                            movement_speed_on(p, on_ground, speed, f[r, C_FLYING]), f[r, C_YAW],
                                            sine, v & V_SINE_DOUBLE != 0)                       # step 3
    f[r, F_MOTION] = f[r, F_MOTION] + dx
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + dy
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] + dz
    climbing = climbing_at(keys, slots, pool, f, i, r, climb)                                   # step 4
    if climbing < 0:
        return False
    if climbing:
        f[r, F_FALL] = 0.0
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = climbing_speed(
            f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], i[r, C_SNEAKING] != 0)
    if not move_living(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                       climb, border, v, half, height):                                          # step 5
        return False
    if i[r, I_FLAGS] & H_COLL or i[r, C_JUMPING]:                                               # step 6
        climbing = climbing_at(keys, slots, pool, f, i, r, climb)
        if climbing < 0:
            return False
        if climbing:
            f[r, F_MOTION + 1] = CLIMB_UP_SPEED
    if not i[r, I_FLAGS] & NO_GRAVITY:                                                          # step 7.3
        f[r, F_MOTION + 1] = gravity(f[r, F_MOTION + 1], d)
    f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = drag(f[r, F_MOTION], f[r, F_MOTION + 1],
                                                                  f[r, F_MOTION + 2], h, LIVING_DRAG_Y)   # step 8
    return True


@njit
def travel_in_water(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                    f: np.ndarray, i: np.ndarray, r: int, speed: float, d: float, climb: np.ndarray, border: tuple,
                    v: int, half: float, height: float, sine: np.ndarray) -> bool:
    """`LivingEntity.travel`'s water case (spec 05 §2.1) of living row `r` touching water, as `travel_ordinary` (the
    same columns, arguments and release): the drag 0.8F (sprinting 0.9F) and acceleration 0.02F without Depth
    Strider or Dolphin's Grace (the caller's), `movementInputToVelocity`, the move, 0.2 up when climbing into a
    wall, the drag (Y × 0.8F), `method_26317` unless sprinting or NoGravity, and the bank jump. `speed` is the
    movement speed Depth Strider would move towards. False where the object path must travel it (the row
    part-written)."""
    start_y = f[r, F_POS + 1]
    falling = f[r, F_MOTION + 1] <= 0.0
    sprinting = i[r, C_SPRINTING] != 0
    h, g = depth_strider(WATER_SPRINT_DRAG if sprinting else WATER_DRAG, WATER_ACCEL, 0.0, speed, False)  # 1-4
    dx, dy, dz = movement_input_to_velocity(f[r, C_SIDEWAYS], f[r, C_UPWARD], f[r, C_FORWARD], g, f[r, C_YAW],
                                            sine, v & V_SINE_DOUBLE != 0)                       # step 5
    f[r, F_MOTION] = f[r, F_MOTION] + dx
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + dy
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] + dz
    if not move_living(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                       climb, border, v, half, height):                                          # step 6
        return False
    if i[r, I_FLAGS] & H_COLL:                                                                  # step 7
        climbing = climbing_at(keys, slots, pool, f, i, r, climb)
        if climbing < 0:
            return False
        if climbing:
            f[r, F_MOTION + 1] = CLIMB_UP_SPEED
    f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = drag(f[r, F_MOTION], f[r, F_MOTION + 1],
                                                                  f[r, F_MOTION + 2], h, WATER_DRAG)   # step 8
    if not (i[r, I_FLAGS] & NO_GRAVITY or sprinting):                                           # step 9
        f[r, F_MOTION + 1] = fluid_gravity(f[r, F_MOTION + 1], d, falling)
    return bank_jump(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     start_y)                                                                   # step 10
