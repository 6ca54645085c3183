"""A player's tick on rows (docs/architecture.md, "Entities as rows; stages compiled"): the players phase's
`PlayerEntity.player_tick` after the look and keys are read, as one kernel per row of `PLAYER_ROWS`, in the releases
`engine.living.player.PlayerBatch` decides (1.14-1.21.11: the release as the int `v`, PLAYER_BITS and the bits
beside them).

The common case (docs/performance.md, "Players as rows"; "Players in water, lava and on ladders compiled"):
standing or crouching, on the ground, in the air, in still or flowing water (the push, submersion, sinking while
sneaking, swimming up, `travel`'s water case: `travel_kernel.travel_in_water`) or on a ladder or vine (the climbing
clamp, holding on while sneaking, 0.2 up: `travel_kernel.travel_ordinary`), the keys
forward/back/left/right/jump/sprint/sneak (the sneaking pose, its slowdown, the edge probe of
`move_kernel.adjust_movement_for_sneaking`; the sprint rules in and out of water). `tick_rows` gives a row back to
the object path, restored as it found it, where the tick would read something these kernels do not decide: lava,
a falling fluid's flow, water reached during the move from out of it (`LivingEntity.fall`'s water check), a
sprinter under water (it starts swimming) and a swimmer, a pose that fits neither standing nor crouching, a
trapdoor or scaffolding at the feet, a block with an entity effect where the move or the jump reads one (soul
sand, honey, slime, beds, farmland…), a landing that would hurt, fire ticks, the void, gliding, no-clip, a movement
multiplier, the border within reach, non-finite numbers, or another entity's box met for cramming (a player's, or
another pushable kind's: `pushable_met`). It gives a player back before its tick where a solid entity (boat,
shulker) lies within reach (`solid_near`). What the Python batch leaves to the object path before the loop (Depth
Strider, Dolphin's Grace and every other effect among it): see `engine.living.player.PlayerBatch`.
"""

from __future__ import annotations

import math

import numpy as np

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    FLYING_SPEED,
    FORWARD_THRESHOLD,
    INPUT_DAMPING,
    JUMP_COOLDOWN,
    JUMP_VELOCITY,
    LAVA_PUSH,
    LIVING_GRAVITY,
    MOVE_VECTOR_MIN,
    OFF_GROUND_SPRINT_SPEED,
    PLAYER_EYE_HEIGHT,
    PLAYER_HEIGHT,
    PLAYER_SNEAKING_EYE_HEIGHT,
    PLAYER_SNEAKING_HEIGHT,
    PLAYER_WIDTH,
    POSE_CHECK_DEFLATE,
    SNEAK_SLOWDOWN,
    SNEAK_SLOWDOWN_F,
    SPRINT_FLYING_BONUS,
    SPRINT_FLYING_BONUS_F,
    SUBMERGED_EYE_OFFSET,
    SWIM_HEIGHT,
    SWIM_UP_SPEED,
    USING_ITEM_SLOWDOWN,
    WALKING_THRESHOLD,
)
from engine.entities.item_kernel import submerged_in_water
from engine.entities.minecart_kernel import _boxes_meet, file_boxes
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_LAVA,
    F_MOTION,
    F_POS,
    F_WATER,
    H_COLL,
    HANDED,
    I_FIRE,
    I_FLAGS,
    OBJECT_PATH,
    ON_GROUND,
    REMOVED,
    TOUCHING_WATER,
    begin_row,
    end_row,
    hand_back,
    tick_entity_head,
)
from engine.entities.tnt_kernel import V_EFFECT_SECTIONS, V_LAVA_IN_WATER, V_VEC_DOUBLE, effect_near_path
from engine.influences.fluid_kernel import f32, fluid_height, update_water_state_1_14
from engine.jit import njit
from engine.living.player_input import KEY_BITS, KEY_MASK, SETS_PITCH, SETS_YAW, USES_ITEM
from engine.living.travel_kernel import (
    C_COOLDOWN,
    C_DOUBLE_TAP,
    C_FALL_FLYING,
    C_FIRST_UPDATE,
    C_FLYING,
    C_FORWARD,
    C_HEAD_YAW,
    C_IN_FORWARD,
    C_IN_JUMPING,
    C_IN_SIDEWAYS,
    C_JUMPING,
    C_PITCH,
    C_SIDEWAYS,
    C_SNEAK_POSE,
    C_SNEAKING,
    C_SPEED,
    C_SPRINTING,
    C_SUBMERGED,
    C_SWIMMING,
    C_YAW,
    JUMP,
    SWIM_UP,
    V_INPUT_FIRST,
    V_KEEP_RISE,
    V_SINE_DOUBLE,
    climbing_at,
    damp_input,
    jump,
    jump_velocity_multiplier_is_one,
    jumping_in_fluid,
    swim_vertically,
    travel_in_water,
    travel_ordinary,
    zero_negligible_motion,
)
from engine.living.travel_kernel import SINE as SINE  # what PlayerBatch passes as `sine`
from engine.motion.collision_kernel import collect_block_collisions, flag_in, jfloor, state_at
from engine.world.block_tables import LAVA, WATER

HELD_FORWARD, HELD_BACK, HELD_LEFT, HELD_RIGHT, HELD_JUMP, HELD_SPRINT, HELD_SNEAK = KEY_BITS.values()
SPRINT_CHANGED = 4                             # a mark beside SECTION: the sprint modifier follows the flag
HELD_CHANGED = 8                               # a mark: what the player holds changed (`PlayerEntity.held`)
CROUCHED, STOOD = 16, 32                       # marks: the pose became crouching; standing
STANDING, CROUCHING = 0, 1                     # the poses the loop decides (`PlayerBatch.rows`' poses)
CROWD_CELL = 0.75                              # the crowd grid's boxes are at most this wide (a player's: 0.6)
CROWD_FAR = 1.0e9                              # nor further out (else a box is tested against every player)
LOOSE, UNUSED = -1, -2                         # a player's grid slot where its box has none; a free slot
UNASKED = -2                                   # a pose check not made (`pose_fits` answers 1, 0 or −1)
DOUBLE_TAP_TICKS = 7                           # ClientPlayerEntity.ticksLeftToDoubleTapSprint = 7
UNLIT = -1                                     # -getBurningDuration(): fire ticks out of fire
HALF_WIDTH = PLAYER_WIDTH / 2.0                # EntityDimensions.getBoxAt
FLUID = WATER | LAVA
# how far beyond a player's box grown by its Motion its tick may look for a solid entity's box: the jump's 0.42 and
# the climb's 0.2 up, the step-up's 0.6 and the sneaking probe's 0.6 down, the standing box's 0.3 over the crouching
# one, the sprint jump's 0.2 and the input's acceleration sideways, all within 2 (`solid_near`)
SOLID_REACH = 2.0
NO_ROWS = np.empty(0, dtype=np.int64)          # `minecart_kernel.file_boxes`' run rows: only other entities' boxes
# the players' release bits (`v`, beside `tnt_kernel.version_bits` and `travel_kernel.LIVING_BITS`; the flags the
# kernels take: `engine.living.player.PlayerBatch`)
V_SOFT_COLLISION = 1 << 24      # 1.18 `sprint_soft_collision`: collidedSoftly, the object path's (handed back)
V_AIR_SPEED_FLOAT = 1 << 25     # 1.18.2-1.19.3 `sprint_air_speed_float`: the sprint's flying bonus 0.006F
V_OFF_GROUND_LIVE = 1 << 26     # 1.19.4 `off_ground_speed_live`: travel reads getOffGroundSpeed
V_WORLD_1_18 = 1 << 27          # 1.18 `world_height_1_18`: the overworld below y 0 and above 255 (handed back)
V_SUBMERGED_AT_EYE = 1 << 28    # 1.20.5 `submerged_at_eye`: the water test at the eye Y itself
V_KICK_DOUBLE = 1 << 29         # 1.20.5 `sprint_jump_kick_double`: the sprint jump's kick 0.2 in double
# 1 << 30: travel_kernel.V_KEEP_RISE (1.21.2 `jump_keeps_faster_rise`, a living row's bit)
V_STOP_SPRINTING = 1 << 31      # 1.21.4 `should_stop_sprinting`: the sneaking pose stops a sprint, starts none
V_MOVE_VECTOR = 1 << 32         # 1.21.5 `player_move_vector`: the keys as the normalized move vector, `modify_input`
V_FORWARD_IMPULSE = 1 << 33     # 1.21.5 `sprint_forward_impulse`: `start_sprinting_1_21_7`
# 1 << 34: travel_kernel.V_INPUT_FIRST (1.21.5 `apply_input_before_ai`, a living row's bit)
V_CUT_SQUARED = 1 << 35         # 1.21.5 `player_motion_cut_squared`: X and Z cut together below 9.0E-6
V_LAVA_STAGE = 1 << 36          # 1.16 `lava_push`: updateWaterState's lava stage, the push's minimum
V_OWN_LEVELS = 1 << 37          # 1.14.3 `flow_own_levels`: the flow of the cells' own levels
V_SUBMERGED_BELOW_EYE = 1 << 38  # 1.16 `submerged_below_eye`: the water test at the eye Y - 0.11111111F
V_TAP_RESET_SNEAKING = 1 << 39  # 1.16 `double_tap_reset_sneaking`: the sneak key clears the double tap
V_SNEAK_KEY_SLOWS = 1 << 40     # 1.14-1.14.4 `sneak_key_slows_input`: the sneak key slows the keys, any pose
V_GLIDE_OFF_CLIMBABLE = 1 << 41  # 1.15 `glide_start_off_climbable`: a jump press asks isClimbing
V_SPRINT_BELOW_WALKING = 1 << 42  # 1.14-1.14.2 `sprint_stops_below_walking`: 0.8F forward to sprint on, wet too
PLAYER_BITS = {"sprint_soft_collision": V_SOFT_COLLISION, "sprint_air_speed_float": V_AIR_SPEED_FLOAT,
               "off_ground_speed_live": V_OFF_GROUND_LIVE, "world_height_1_18": V_WORLD_1_18,
               "submerged_at_eye": V_SUBMERGED_AT_EYE, "sprint_jump_kick_double": V_KICK_DOUBLE,
               "should_stop_sprinting": V_STOP_SPRINTING, "player_move_vector": V_MOVE_VECTOR,
               "sprint_forward_impulse": V_FORWARD_IMPULSE, "player_motion_cut_squared": V_CUT_SQUARED,
               "lava_push": V_LAVA_STAGE, "flow_own_levels": V_OWN_LEVELS, "submerged_below_eye": V_SUBMERGED_BELOW_EYE,
               "double_tap_reset_sneaking": V_TAP_RESET_SNEAKING, "sneak_key_slows_input": V_SNEAK_KEY_SLOWS,
               "glide_start_off_climbable": V_GLIDE_OFF_CLIMBABLE,
               "sprint_stops_below_walking": V_SPRINT_BELOW_WALKING}
HEIGHT_REACH = 2.0              # beyond a box's bottom and top by its Y Motion, what a tick's cells may reach


@njit(inline=True)
def _row_box(f: np.ndarray, r: int) -> tuple:
    return (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])


@njit(inline=True)
def pose_fits(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, r: int, height: float) -> int:
    """`Entity.wouldPoseNotCollide(pose)` without solid entities, for a pose `height` tall: 1 where its box at the
    position, contracted by 1.0E-7, meets no block; 0 where it does; −1 where the kernels do not decide."""
    x, y, z = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
    d = POSE_CHECK_DEFLATE
    box = (x - HALF_WIDTH + d, y + d, z - HALF_WIDTH + d, x + HALF_WIDTH - d, y + height - d,
           z + HALF_WIDTH - d)
    n = collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, box, cells)
    return -1 if n < 0 else (1 if n == 0 else 0)


@njit(inline=True)
def is_walking(i: np.ndarray, f: np.ndarray, r: int, below_walking: bool) -> bool:
    """`ClientPlayerEntity.isWalking`: forward ≥ 0.8 (any forward under water; 0.8 there too in 1.14-1.14.2,
    `below_walking`)."""
    if i[r, C_SUBMERGED] and not below_walking:
        return f[r, C_IN_FORWARD] > FORWARD_THRESHOLD
    return f[r, C_IN_FORWARD] >= WALKING_THRESHOLD


@njit(inline=True)
def submerged_in_water_1_15(keys, slots, pool, flags, x: float, eye: float, z: float) -> bool:
    """`Entity.updateSubmergedInWaterState` before 1.16 (`submerged_below_eye` off, `isSubmergedIn(WATER, true)`):
    water in the cell at the eye Y `eye` whose surface (float)(cell y + height) + 0.11111111F, in float, lies above
    it (`engine.influences.fluids.submerged_fluid`)."""
    bx, by, bz = jfloor(x), jfloor(eye), jfloor(z)
    fl = flags[state_at(keys, slots, pool, bx, by, bz)]
    if not fl & WATER:
        return False
    top = f32(by + fluid_height(keys, slots, pool, flags, fl, bx, by, bz, WATER))
    return eye < f32(top + SUBMERGED_EYE_OFFSET)


@njit(inline=True)
def key_axis(positive: bool, negative: bool) -> float:
    """`KeyboardInput.getMovementMultiplier`: 1 for the positive key alone, −1 for the negative alone, 0 for both
    or neither."""
    return 0.0 if positive == negative else (1.0 if positive else -1.0)


@njit(inline=True)
def start_sprinting(sprinting: bool, double_tap: int, may_tap: bool, was_walking: bool, walking: bool,
                    may_key: bool, sprint_key: bool) -> tuple:
    """`ClientPlayerEntity.tickMovement`'s two starts of a sprint (spec 05 §4.6): where `may_tap` (on the ground
    or submerged, not sneaking last tick, allowed to start), starting to walk sprints with the sprint key or within
    the double tap's ticks, else opens them; where `may_key` (out of water or submerged, allowed to start), walking
    with the sprint key sprints. Returns (sprinting, double tap ticks)."""
    if may_tap and not was_walking and walking and not sprinting:
        if double_tap > 0 or sprint_key:
            sprinting = True
        else:
            double_tap = DOUBLE_TAP_TICKS
    if not sprinting and may_key and walking and sprint_key:
        sprinting = True
    return sprinting, double_tap


@njit(inline=True)
def double_tap_reset(double_tap: int, using_unridden: bool, was_sneaking: bool, sneak_resets: bool) -> int:
    """`ClientPlayerEntity.tickMovement`'s clearing of the double tap's ticks before the sprint starts: while an item
    is used off a vehicle, and (1.16: `double_tap_reset_sneaking`) where the sneak key was held at the tick's
    start."""
    return 0 if using_unridden or was_sneaking and sneak_resets else double_tap


@njit(inline=True)
def sprint_stops(forward: float, hit: bool, shallow_water: bool, below_walking: bool) -> bool:
    """A sprint (not swimming) stops without forward movement (> 1.0E-5F; 1.14-1.14.1, `below_walking`: below
    0.8F forward), on a horizontal collision that counts (`hit`), or in water without being submerged."""
    moving = forward >= WALKING_THRESHOLD if below_walking else forward > FORWARD_THRESHOLD
    return not moving or hit or shallow_water


@njit(inline=True)
def vec2_length(x: float, y: float) -> float:
    """`Vec2.length` (1.21.7): `Mth.sqrt` of x² + y², all in float."""
    return f32(math.sqrt(f32(f32(x * x) + f32(y * y))))


@njit(inline=True)
def keyboard_input(held: int, slow_down: bool, factor: float, normalized: bool) -> tuple:
    """`KeyboardInput.tick` of the keys `held` (HELD_* bits): (forward, sideways, jumping, sneaking), ±1 per axis
    (opposite keys cancel), × `factor` in the sneaking pose (`slow_down`: the float of the double product). With
    `normalized` (1.21.7, `player_move_vector`) the move vector: `Vec2(sideways, forward).normalized()` in float
    (ZERO below a length of 1.0E-4F), no factor (`LocalPlayer.modifyInput` scales it)."""
    forward = key_axis(held & HELD_FORWARD != 0, held & HELD_BACK != 0)
    sideways = key_axis(held & HELD_LEFT != 0, held & HELD_RIGHT != 0)
    if normalized:
        n = vec2_length(sideways, forward)
        sideways, forward = (0.0, 0.0) if n < MOVE_VECTOR_MIN else (f32(sideways / n), f32(forward / n))
    elif slow_down:
        sideways = f32(sideways * factor)
        forward = f32(forward * factor)
    return forward, sideways, held & HELD_JUMP != 0, held & HELD_SNEAK != 0


@njit(inline=True)
def distance_to_unit_square(x: float, y: float) -> float:
    """`LocalPlayer.distanceToUnitSquare` of a unit vector (1.21.7): sqrt(1 + r²) in float, r the smaller of |x|,
    |y| over the larger."""
    ax, ay = abs(x), abs(y)
    r = f32(ax / ay) if ay > ax else f32(ay / ax)
    return f32(math.sqrt(f32(1.0 + f32(r * r))))


@njit(inline=True)
def modify_input(sideways: float, forward: float, using_unridden: bool, slowed: bool, sneaking_speed: float) -> tuple:
    """`LocalPlayer.modifyInput` of the move vector (1.21.7, `player_move_vector`): (sideways, forward) × 0.98F, ×
    0.2F while an item is used off a vehicle, × (float)sneaking_speed moving slowly (crouching or crawling), then
    `modifyInputSpeedForSquareMovement`: the unit vector × min(length × `distance_to_unit_square`, 1), in float.
    A zero vector is returned as it is."""
    if f32(f32(sideways * sideways) + f32(forward * forward)) == 0.0:
        return sideways, forward
    x, y = f32(sideways * INPUT_DAMPING), f32(forward * INPUT_DAMPING)
    if using_unridden:
        x, y = f32(x * USING_ITEM_SLOWDOWN), f32(y * USING_ITEM_SLOWDOWN)
    if slowed:
        x, y = f32(x * sneaking_speed), f32(y * sneaking_speed)
    n = vec2_length(x, y)
    if n <= 0.0:
        return x, y
    inv = f32(1.0 / n)
    ux, uy = f32(x * inv), f32(y * inv)
    m = min(f32(n * distance_to_unit_square(ux, uy)), 1.0)
    return f32(ux * m), f32(uy * m)


@njit(inline=True)
def start_sprinting_1_21_7(sprinting: bool, trigger: int, may_start: bool, had_forward: bool, forward: float,
                           sprint_key: bool) -> tuple:
    """`LocalPlayer.aiStep`'s starts of a sprint (1.21.7, `sprint_forward_impulse`), the tap's ticks already
    cleared where they are: where `canStartSprinting` (not sprinting, the move vector's forward > 1.0E-5F, and
    `may_start`: no item used, neither gliding nor moving slowly nor partly in water unless under water), a forward
    impulse new this tick (`had_forward` off) sprints within the tap's ticks, else opens them (7), and the sprint
    key sprints. Returns (sprinting, the tap's ticks)."""
    if not sprinting and forward > FORWARD_THRESHOLD and may_start:
        if not had_forward:
            if trigger > 0:
                sprinting = True
            else:
                trigger = DOUBLE_TAP_TICKS
        if sprint_key:
            sprinting = True
    return sprinting, trigger


@njit(inline=True)
def client_input(keys, slots, pool, flags, i: np.ndarray, f: np.ndarray, r: int, held: int,
                 climb: np.ndarray, v: int) -> int:
    """The key and sprint part of `ClientPlayerEntity.tickMovement` (spec 05 §4.6) once the sneaking pose is known
    (the C_SNEAK_POSE column; not swimming, no item in use, no elytra, no Swift Sneak; touching water and submerged
    as the base tick found): −1 where the kernels do not decide (from 1.18, V_SOFT_COLLISION, a sprinter after a
    horizontal collision: whether it was soft is the object path's), else 1 where the sprint flag changed."""
    if i[r, C_DOUBLE_TAP] > 0:
        i[r, C_DOUBLE_TAP] -= 1
    below_walking = v & V_SPRINT_BELOW_WALKING != 0
    was_jumping = i[r, C_IN_JUMPING] != 0
    was_sneaking = i[r, C_SNEAKING] != 0
    was_walking = is_walking(i, f, r, below_walking)
    had_forward = f[r, C_IN_FORWARD] > FORWARD_THRESHOLD            # 1.21.7: hasForwardImpulse before input.tick
    slowed = i[r, C_SNEAK_POSE] != 0                                   # shouldSlowDown: the sneaking pose here
    keys_slowed = slowed or v & V_SNEAK_KEY_SLOWS != 0 and held & HELD_SNEAK != 0   # 1.14.4: the key too
    forward, sideways, jumping, sneaking = keyboard_input(held, keys_slowed, SNEAK_SLOWDOWN, v & V_MOVE_VECTOR != 0)
    f[r, C_IN_FORWARD], f[r, C_IN_SIDEWAYS] = forward, sideways
    i[r, C_IN_JUMPING] = 1 if jumping else 0
    i[r, C_SNEAKING] = 1 if sneaking else 0                # ClientPlayerEntity.isSneaking: input.sneaking
    was_sprinting = i[r, C_SPRINTING]
    touching, submerged = i[r, I_FLAGS] & TOUCHING_WATER != 0, i[r, C_SUBMERGED] != 0
    if v & V_FORWARD_IMPULSE:                # 1.21.5 LocalPlayer.aiStep; an item in use is handed back
        tap = 0 if was_sneaking or held & HELD_BACK else i[r, C_DOUBLE_TAP]
        sprinting, tap = start_sprinting_1_21_7(was_sprinting != 0, tap, submerged or not (slowed or touching),
                                                had_forward, forward, held & HELD_SPRINT != 0)
    else:
        sprinting, can_start = was_sprinting != 0, True
        if v & V_STOP_SPRINTING:             # 1.21.4 shouldStopSprinting, canStartSprinting (not gliding, riding)
            sprinting = sprinting and not slowed
            can_start = not slowed or submerged
        tap = double_tap_reset(i[r, C_DOUBLE_TAP], False, was_sneaking, v & V_TAP_RESET_SNEAKING != 0)
        sprinting, tap = start_sprinting(sprinting, tap, (i[r, I_FLAGS] & ON_GROUND != 0 or submerged)
                                         and not was_sneaking and can_start, was_walking,
                                         is_walking(i, f, r, below_walking),
                                         (not touching or submerged) and can_start, held & HELD_SPRINT != 0)
    i[r, C_DOUBLE_TAP] = tap
    if sprinting and v & V_SOFT_COLLISION and i[r, I_FLAGS] & H_COLL:
        return -1
    if sprinting and sprint_stops(f[r, C_IN_FORWARD], i[r, I_FLAGS] & H_COLL != 0, touching and not submerged,
                                  below_walking):
        sprinting = False
    i[r, C_SPRINTING] = 1 if sprinting else 0
    changed = 1 if i[r, C_SPRINTING] != was_sprinting else 0
    # checkFallFlying (no elytra here) after isClimbing, from 1.15; 1.14.4 asks the server (no elytra: nothing)
    if i[r, C_IN_JUMPING] and not was_jumping and v & V_GLIDE_OFF_CLIMBABLE:
        if climbing_at(keys, slots, pool, f, i, r, climb) < 0:
            return -1
    return changed


@njit(inline=True)
def sneaking_pose(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                  f: np.ndarray, i: np.ndarray, r: int) -> tuple:
    """`ClientPlayerEntity.tickMovement`'s sneaking pose (not swimming): where the crouching box fits and the player
    sneaked last tick or the standing box does not fit. Returns (1 or 0, or −1 where the kernels do not decide;
    the standing box's answer, the crouching box's; UNASKED for one not asked). A player not sneaking asks for the
    standing box first: the crouching box is the standing one with a lower top, so the cells and shapes
    `collect_block_collisions` would find for it are among those it finds for the standing box (an outer cell of
    the smaller query is one of the larger's or outside it; a moving piston exceeds the cube), and where the
    standing box fits, the crouching one fits: the answer vanilla's order gives, one query fewer."""
    stand = UNASKED
    if not i[r, C_SNEAKING]:
        stand = pose_fits(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, r,
                          PLAYER_HEIGHT)
        if stand == 1:
            return 0, stand, UNASKED
    crouch = pose_fits(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, r,
                       PLAYER_SNEAKING_HEIGHT)
    if crouch <= 0 or i[r, C_SNEAKING]:
        return crouch, stand, crouch
    return (1 if stand == 0 else -1), stand, crouch


@njit(inline=True)
def update_size(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                f: np.ndarray, i: np.ndarray, r: int, stand: int, crouch: int) -> int:
    """`PlayerEntity.updateSize` out of the swimming and gliding poses: crouching where sneaking, else standing;
    crouching where the standing box does not fit. `stand`, `crouch`: the boxes' answers where known at this
    position (the blocks do not change during the tick), else UNASKED. Returns the pose (STANDING, CROUCHING), or
    −1 where the kernels do not decide (a check undecided, or neither box fits: the swimming pose)."""
    pose = CROUCHING if i[r, C_SNEAKING] else STANDING
    if pose == STANDING:
        fits = stand if stand != UNASKED else pose_fits(keys, slots, pool, shape, flags, ncoords, coords, filled,
                                                        single, empty, cells, f, r, PLAYER_HEIGHT)
        if fits != 0:
            return STANDING if fits == 1 else -1
    fits = crouch if crouch != UNASKED else pose_fits(keys, slots, pool, shape, flags, ncoords, coords, filled,
                                                      single, empty, cells, f, r, PLAYER_SNEAKING_HEIGHT)
    return CROUCHING if fits == 1 else -1        # the swimming box fits wherever a taller one does


@njit(inline=True)
def apply_input(f: np.ndarray, i: np.ndarray, r: int, v: int) -> None:
    """`applyInput` (`LivingEntity.tickMovement` step 7 before 1.21.5): the movement input × 0.98F; from 1.21.5
    (V_MOVE_VECTOR, `LocalPlayer.applyInput`) the move vector through `modify_input` (no item in use: handed back;
    moving slowly in the sneaking pose, at the default sneaking speed 0.3F) and the jump key."""
    if not v & V_MOVE_VECTOR:
        f[r, C_SIDEWAYS], f[r, C_FORWARD] = damp_input(f[r, C_SIDEWAYS], f[r, C_FORWARD])
        return
    f[r, C_SIDEWAYS], f[r, C_FORWARD] = modify_input(f[r, C_IN_SIDEWAYS], f[r, C_IN_FORWARD], False,
                                                     i[r, C_SNEAK_POSE] != 0, SNEAK_SLOWDOWN_F)
    i[r, C_JUMPING] = i[r, C_IN_JUMPING]


@njit(inline=True)
def set_pose(f: np.ndarray, r: int, pose: int) -> None:
    """`setPose` then `calculateDimensions`: the pose's height, the box rebuilt from its minimum corner."""
    f[r, F_BOX + 3] = f[r, F_BOX] + PLAYER_WIDTH
    f[r, F_BOX + 4] = f[r, F_BOX + 1] + (PLAYER_SNEAKING_HEIGHT if pose == CROUCHING else PLAYER_HEIGHT)
    f[r, F_BOX + 5] = f[r, F_BOX + 2] + PLAYER_WIDTH


@njit(borrows=True)
def player_tick(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                f: np.ndarray, i: np.ndarray, r: int, held: int, pose: int, slip: np.ndarray, climb: np.ndarray,
                border: tuple, v: int, void_y: float, walk_speed: float, sprint_speed: float,
                sine: np.ndarray, zero_below: float, effects: np.ndarray) -> tuple:
    """`LivingEntity.tick` and `PlayerEntity.updateSize` of row `r` (the keys `held`, HELD_* bits; `pose`
    STANDING or CROUCHING): (−1, pose) where the object path must tick it (the row part-written), else (1 where
    the sprint flag changed, 0 where not; the pose `updateSize` chose, which the caller sets (`set_pose`) once
    `tickCramming`'s search, which comes before it, has read the box). The jump and the travel are
    `engine.living.travel_kernel`'s, the move `tnt_kernel.move_self`, which the object path runs too. `v`: the
    release's bits (`tnt_kernel.version_bits`, `travel_kernel.LIVING_BITS`, PLAYER_BITS); `zero_below`:
    `Vec3d.normalize`'s zero threshold (the water's push); `effects`: `tnt_kernel.effect_near_path`'s sections,
    where `v` holds V_EFFECT_SECTIONS."""
    if i[r, C_SWIMMING] or i[r, C_FALL_FLYING] or i[r, I_FIRE] != UNLIT:
        return -1, pose
    reach = abs(f[r, F_MOTION + 1]) + HEIGHT_REACH
    if v & V_WORLD_1_18 and not (f[r, F_BOX + 1] - reach >= 0.0 and f[r, F_BOX + 4] + reach <= 255.0):
        return -1, pose                      # the cell tests here span y 0..255 (1.16.5's world)
    height = PLAYER_SNEAKING_HEIGHT if pose == CROUCHING else PLAYER_HEIGHT
    eye = PLAYER_SNEAKING_EYE_HEIGHT if pose == CROUCHING else PLAYER_EYE_HEIGHT
    # Entity.baseTick: updateWaterState (the player's push not normalized; lava is handed back, since it sets the
    # player on fire, so the lava push is never kept; no fluid in the box: nothing pushes, both heights 0, not
    # touching water; before 1.16 the water alone, 1.14.x's flow by the world's heights: V_LAVA_STAGE,
    # V_OWN_LEVELS), updateSubmergedInWaterState (before 1.16 at the eye: V_SUBMERGED_BELOW_EYE), the void
    if flag_in(keys, slots, pool, flags, FLUID, _row_box(f, r), BLOCK_COLLISION_DEFLATE):
        if not update_water_state_1_14(keys, slots, pool, flags, f, i, r, LAVA_PUSH, v & V_VEC_DOUBLE != 0,
                                       zero_below, v & V_LAVA_IN_WATER != 0, False, v & V_LAVA_STAGE != 0,
                                       v & V_OWN_LEVELS != 0) or f[r, F_LAVA] > 0.0:
            return -1, pose
    else:
        f[r, F_WATER] = 0.0
        f[r, F_LAVA] = 0.0
        i[r, I_FLAGS] = i[r, I_FLAGS] & ~TOUCHING_WATER
    if v & V_SUBMERGED_BELOW_EYE:
        eye_y = f[r, F_POS + 1] + eye if v & V_SUBMERGED_AT_EYE else f[r, F_POS + 1] + eye - SUBMERGED_EYE_OFFSET
        submerged = submerged_in_water(keys, slots, pool, flags, f[r, F_POS], eye_y, f[r, F_POS + 2])
    else:
        submerged = submerged_in_water_1_15(keys, slots, pool, flags, f[r, F_POS], f[r, F_POS + 1] + eye,
                                            f[r, F_POS + 2])
    if f[r, F_POS + 1] < void_y:
        return -1, pose
    i[r, C_SUBMERGED] = 1 if submerged else 0
    i[r, C_FIRST_UPDATE] = 0
    # LivingEntity.baseTick's updateSwimming: a sprinter under water starts swimming (the swimming pose and
    # PlayerEntity.travel's pitch are the object path's)
    if submerged and i[r, C_SPRINTING]:
        return -1, pose
    sneak_pose, stand, crouch = sneaking_pose(keys, slots, pool, shape, flags, ncoords, coords, filled, single,
                                              empty, cells, f, i, r)       # ClientPlayerEntity.tickMovement
    if sneak_pose < 0:
        return -1, pose
    i[r, C_SNEAK_POSE] = sneak_pose
    x, y, z = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
    changed = client_input(keys, slots, pool, flags, i, f, r, held, climb, v)
    if changed < 0:
        return -1, pose
    touching = i[r, I_FLAGS] & TOUCHING_WATER != 0
    if touching and held & HELD_SNEAK:                                   # knockDownwards: sinking while sneaking
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = swim_vertically(
            f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], -SWIM_UP_SPEED)
    # LivingEntity.tickMovement (spec 05 §3)
    if i[r, C_COOLDOWN] > 0:                                                                # step 2
        i[r, C_COOLDOWN] -= 1
    f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = zero_negligible_motion(
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], v & V_CUT_SQUARED != 0)          # step 3
    if v & V_INPUT_FIRST:                                                  # 1.21.5: applyInput before the AI
        apply_input(f, i, r, v)
    f[r, C_HEAD_YAW] = f[r, C_YAW]                                                          # step 5: tickNewAi
    if not v & V_MOVE_VECTOR:                                          # 1.21.5: applyInput sets the input
        f[r, C_SIDEWAYS] = f[r, C_IN_SIDEWAYS]
        f[r, C_FORWARD] = f[r, C_IN_FORWARD]
        i[r, C_JUMPING] = i[r, C_IN_JUMPING]
    sprinting = i[r, C_SPRINTING] != 0
    choice = jumping_in_fluid(touching and f[r, F_WATER] > 0.0, False, f[r, F_WATER], SWIM_HEIGHT,
                              i[r, I_FLAGS] & ON_GROUND != 0, i[r, C_COOLDOWN])       # step 6 (out of lava)
    if not i[r, C_JUMPING]:
        i[r, C_COOLDOWN] = 0
    elif choice == SWIM_UP:
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = swim_vertically(
            f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], SWIM_UP_SPEED)
    elif choice == JUMP:
        if not jump_velocity_multiplier_is_one(keys, slots, pool, flags, f, i, r, v):
            return -1, pose                                              # a jump velocity multiplier (honey)
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = jump(
            f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], JUMP_VELOCITY, sprinting, f[r, C_YAW],
            v & V_KICK_DOUBLE != 0, v & V_KEEP_RISE != 0, sine, v & V_SINE_DOUBLE != 0)
        i[r, C_COOLDOWN] = JUMP_COOLDOWN
    if not v & V_INPUT_FIRST:                                                               # step 7
        apply_input(f, i, r, v)
    speed = sprint_speed if sprinting else walk_speed
    if v & V_OFF_GROUND_LIVE:                # 1.19.4: travel reads getOffGroundSpeed, the column is rewritten below
        f[r, C_FLYING] = OFF_GROUND_SPRINT_SPEED if sprinting else FLYING_SPEED
    tv = v & ~V_EFFECT_SECTIONS              # `effects` is tested here, after the travel (tickBlockCollision's time)
    if touching:                                                                            # step 9
        if not travel_in_water(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i,
                               r, speed, LIVING_GRAVITY, climb, border, tv, HALF_WIDTH, height, sine):
            return -1, pose
    elif not travel_ordinary(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i,
                             r, speed, LIVING_GRAVITY, slip, climb, border, tv, HALF_WIDTH, height, sine):
        return -1, pose
    if v & V_EFFECT_SECTIONS and effect_near_path(keys, slots, pool, flags, f, r, _row_box(f, r), True, effects):
        return -1, pose                      # where `block_effects.refuse_block_collision_in_tick` may stop
    # step 11, tickCramming: `tick_rows` asks the crowd grid (`crowd_meets`) after this tick
    f[r, C_FLYING] = FLYING_SPEED                                        # PlayerEntity.tickMovement's tail
    if sprinting:
        f[r, C_FLYING] = f32(f[r, C_FLYING] + (SPRINT_FLYING_BONUS_F if v & V_AIR_SPEED_FLOAT else SPRINT_FLYING_BONUS))
    f[r, C_SPEED] = sprint_speed if sprinting else walk_speed
    if v & V_SOFT_COLLISION and i[r, I_FLAGS] & H_COLL:   # 1.18: Entity.move's collidedSoftly, the object path's
        return -1, pose
    if not (f[r, F_POS] == x and f[r, F_POS + 1] == y and f[r, F_POS + 2] == z):   # moved: the answers are not
        stand, crouch = UNASKED, UNASKED                                           # the new place's
    after = update_size(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                        stand, crouch)
    if after < 0:
        return -1, pose
    return changed, after


@njit(inline=True)
def input_at(at: np.ndarray, lo: int, hi: int, tick: int) -> int:
    """The stretch of at[lo:hi] (a player's `InputSchedule.columns`: ascending first ticks, at[lo] before any
    tick) that holds `tick`."""
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if at[mid] <= tick:
            lo = mid
        else:
            hi = mid
    return lo


@njit(inline=True)
def _crowd_cell(f: np.ndarray, r: int) -> tuple:
    """Row r's cell in the crowd grid: (True, floor(min x), floor(min z)), or (False, 0, 0) where its box is
    wider than CROWD_CELL, beyond CROWD_FAR or not finite (NaN fails every test here)."""
    x0, z0 = f[r, F_BOX], f[r, F_BOX + 2]
    if abs(x0) < CROWD_FAR and abs(z0) < CROWD_FAR and f[r, F_BOX + 3] - x0 <= CROWD_CELL \
            and f[r, F_BOX + 5] - z0 <= CROWD_CELL:
        return True, jfloor(x0), jfloor(z0)
    return False, 0, 0


@njit(inline=True)
def _crowd_slot(grid: tuple, x: int, z: int, insert: bool) -> int:
    """The hash slot of cell (x, z), −1 where it has none and `insert` is off."""
    cx, cz, head = grid[0], grid[1], grid[2]
    mask = len(head) - 1
    h = (x * 0x9E3779B1 ^ z * 0x85EBCA77) & mask          # wraps in int64; Python's exact product has the same low bits
    while head[h] != UNUSED:
        if cx[h] == x and cz[h] == z:
            return h
        h = (h + 1) & mask
    if not insert:
        return -1
    cx[h], cz[h], head[h] = x, z, -1
    return h


@njit(inline=True)
def _crowd_put(grid: tuple, f: np.ndarray, rows: np.ndarray, n: int) -> None:
    """Player n into the list of its box's cell (or the loose list)."""
    head, nxt, slot, loose, nloose = grid[2], grid[3], grid[4], grid[5], grid[6]
    ok, x, z = _crowd_cell(f, rows[n])
    if not ok:
        slot[n] = LOOSE
        loose[nloose[0]] = n
        nloose[0] += 1
        return
    h = _crowd_slot(grid, x, z, True)
    nxt[n] = head[h]
    head[h] = n
    slot[n] = h


@njit
def crowd_grid(f: np.ndarray, rows: np.ndarray) -> tuple:
    """The players' boxes by cell (the cell of the box's minimum x and z, CROWD_CELL wide boxes at most): a hash of
    cells, each with a list of players (their places in `rows`), and the loose list of players whose box has no
    cell. A box meeting another lies in the same cell or a neighbouring one, so `crowd_meets` finds exactly the
    boxes the test against every player finds. Made once per loop; `crowd_move` keeps it current."""
    m = len(rows)
    cap = 16
    while cap < 4 * m:          # at most 2m cells are ever used in a loop (each player placed, then moved once)
        cap *= 2
    grid = (np.zeros(cap, dtype=np.int64), np.zeros(cap, dtype=np.int64), np.full(cap, UNUSED, dtype=np.int64),
            np.full(m, -1, dtype=np.int64), np.full(m, LOOSE, dtype=np.int64), np.empty(2 * m, dtype=np.int64),
            np.zeros(1, dtype=np.int64))
    for n in range(m):
        _crowd_put(grid, f, rows, n)
    return grid


@njit(borrows=True)
def crowd_move(grid: tuple, f: np.ndarray, rows: np.ndarray, n: int) -> None:
    """Player n's box moved: into its new cell's list, where that is another."""
    cx, cz, head, nxt, slot = grid[0], grid[1], grid[2], grid[3], grid[4]
    ok, x, z = _crowd_cell(f, rows[n])
    h = slot[n]
    if h == LOOSE:
        if ok:
            _crowd_put(grid, f, rows, n)  # the loose list keeps n; it is read only where slot[n] is LOOSE
        return
    if ok and cx[h] == x and cz[h] == z:
        return
    if head[h] == n:
        head[h] = nxt[n]
    else:
        p = head[h]
        while nxt[p] != n:
            p = nxt[p]
        nxt[p] = nxt[n]
    _crowd_put(grid, f, rows, n)


@njit(inline=True)
def _meets(f: np.ndarray, i: np.ndarray, r: int, o: int, box: tuple) -> bool:
    return o != r and not i[o, I_FLAGS] & REMOVED and box[0] < f[o, F_BOX + 3] and box[3] > f[o, F_BOX] \
        and box[1] < f[o, F_BOX + 4] and box[4] > f[o, F_BOX + 1] and box[2] < f[o, F_BOX + 5] \
        and box[5] > f[o, F_BOX + 2]


@njit(inline=True)
def _found(f: np.ndarray, i: np.ndarray, r: int, rows: np.ndarray, j: int, box: tuple, found: np.ndarray,
           k: int) -> int:
    """`found` with place j after its k places where row rows[j]'s box meets `box`: their number."""
    if _meets(f, i, r, rows[j], box):
        found[k] = j
        return k + 1
    return k


@njit(borrows=True)
def crowd_meets(grid: tuple, f: np.ndarray, i: np.ndarray, rows: np.ndarray, n: int, found: np.ndarray) -> int:
    """`LivingEntity.tickCramming`'s search of the entity at place n: the places in `rows` of the other live
    entities whose boxes meet its box, in the grid's order, into `found` up to its length (the players' loop asks
    for one: whoever it is, it hands the player back to the object path, which pushes them in vanilla's order;
    the mobs' loop for all and puts them in vanilla's order): their number."""
    head, nxt, slot, loose, nloose = grid[2], grid[3], grid[4], grid[5], grid[6]
    r = rows[n]
    box = _row_box(f, r)
    k, cap = 0, len(found)
    ok, x, z = _crowd_cell(f, r)
    if not ok:                                   # a box without a cell is tested against every one
        for j in range(len(rows)):
            k = _found(f, i, r, rows, j, box, found, k)
            if k == cap:
                return k
        return k
    for q in range(nloose[0]):
        j = loose[q]
        if slot[j] == LOOSE:
            k = _found(f, i, r, rows, j, box, found, k)
            if k == cap:
                return k
    for ax in range(x - 1, x + 2):
        for az in range(z - 1, z + 2):
            h = _crowd_slot(grid, ax, az, False)
            j = head[h] if h >= 0 else -1
            while j >= 0:
                k = _found(f, i, r, rows, j, box, found, k)
                if k == cap:
                    return k
                j = nxt[j]
    return k


@njit(inline=True)
def pushable_met(f: np.ndarray, r: int, pushables: np.ndarray, pushed: tuple) -> bool:
    """`LivingEntity.tickCramming`'s search beyond the players: some box of `pushables` (filed as `pushed`) meets
    row r's box (strictly, as `Box.intersects`), or that box is not finite (the object path decides). Every
    pushable entity's box is tested, whichever entity sections `getOtherEntities` would visit: where the section
    bug hides one, the object path finds vanilla's answer."""
    box = _row_box(f, r)
    if not _finite(box):
        return True
    return _boxes_meet(f, NO_ROWS, pushables, pushed[0], pushed[1], pushed[2], -1, box[0], box[1], box[2], box[3],
                       box[4], box[5])


@njit(inline=True)
def solid_near(f: np.ndarray, r: int, solids: np.ndarray, solid: tuple) -> bool:
    """Whether a box of `solids` (filed as `solid`) lies within SOLID_REACH of row r's box grown by its Motion, or
    that box is not finite: where none does, neither `Entity.move`'s sweep (`getEntityCollisions` of the box
    stretched by the movement, with step-up's stretch by the step height), the sneaking edge probe, the water
    exit test (`doesNotCollide`) nor a pose check (`wouldPoseNotCollide`) of this tick finds an entity's box,
    so the blocks alone decide them."""
    mx, my, mz = abs(f[r, F_MOTION]), abs(f[r, F_MOTION + 1]), abs(f[r, F_MOTION + 2])
    b = _row_box(f, r)
    q = (b[0] - mx - SOLID_REACH, b[1] - my - SOLID_REACH, b[2] - mz - SOLID_REACH, b[3] + mx + SOLID_REACH,
         b[4] + my + SOLID_REACH, b[5] + mz + SOLID_REACH)
    if not _finite(q):
        return True
    return _boxes_meet(f, NO_ROWS, solids, solid[0], solid[1], solid[2], -1, q[0], q[1], q[2], q[3], q[4], q[5])


@njit(inline=True)
def _finite(box: tuple) -> bool:
    return math.isfinite(box[0]) and math.isfinite(box[1]) and math.isfinite(box[2]) and math.isfinite(box[3]) \
        and math.isfinite(box[4]) and math.isfinite(box[5])


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, ready: np.ndarray, poses: np.ndarray, inputs: tuple,
              cursor: np.ndarray, tick: int, start: int, slip: np.ndarray, climb: np.ndarray, border: tuple,
              v: int, void_y: float, walk_speed: float, sprint_speed: float, sine: np.ndarray, marks: np.ndarray,
              saved_f: np.ndarray, saved_i: np.ndarray, pushables: np.ndarray, solids: np.ndarray, zero_below: float,
              effects: np.ndarray) -> tuple:
    """The players phase over rows[start:], in order, up to a player the object path must tick (one not `ready`,
    one using an item this tick, one a solid entity's box lies within reach of (`solid_near`), or one
    `player_tick` or the cramming test gave back, restored as found): its
    place and HANDED, or (len(rows), DONE). `inputs`: the players' `InputSchedule.columns`, concatenated
    (player n's stretches from begin[n] up to end[n]); this tick's look is set as `PlayerEntity.player_tick` begins.
    `cursor[n]`: the stretch player n's `held` was last set from (−1: unknown). `poses[n]`: player n's pose
    (STANDING, CROUCHING), kept current. `marks[n]`: SECTION where player n's section changed, SPRINT_CHANGED where
    its sprint flag did, HELD_CHANGED where what it holds did, CROUCHED or STOOD where its pose did, OBJECT_PATH
    for the one handed back. Stopping there keeps vanilla's order: a player's tick may push the next
    (cramming). `pushables`, `solids` (rows of six: a box): the boxes of the other entities a player's tick may
    push (`isPushable`: living entities, boats, minecarts) and of the solid ones it may collide with (boats,
    shulkers), which do not move in the players phase; a player whose box meets a pushable one after its move
    is handed back as one meeting another player's is. A box wider than `minecart_kernel.WIDEST` among them
    sends the player at `start` to the object path. `zero_below`, `effects`: `player_tick`'s."""
    pushed = file_boxes(f, NO_ROWS, pushables)
    solid = file_boxes(f, NO_ROWS, solids)
    if pushed[2] < 0.0 or solid[2] < 0.0:            # a box too wide to file: the object path decides
        marks[start] = OBJECT_PATH
        return start, HANDED
    return players_loop(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, rows,
                        ready, poses, inputs, cursor, tick, start, slip, climb, border, v, void_y, walk_speed,
                        sprint_speed, sine, marks, saved_f, saved_i, crowd_grid(f, rows),
                        np.empty(1, dtype=np.int64), pushables, pushed, solids, solid, zero_below, effects)


@njit(borrows=True)
def players_loop(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                 f: np.ndarray, i: np.ndarray, rows: np.ndarray, ready: np.ndarray, poses: np.ndarray, inputs: tuple,
                 cursor: np.ndarray, tick: int, start: int, slip: np.ndarray, climb: np.ndarray, border: tuple,
                 v: int, void_y: float, walk_speed: float, sprint_speed: float, sine: np.ndarray,
                 marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray, grid: tuple, found: np.ndarray,
                 pushables: np.ndarray, pushed: tuple, solids: np.ndarray, solid: tuple, zero_below: float,
                 effects: np.ndarray) -> tuple:
    """`tick_rows`' loop, given the crowd grid (`crowd_grid`), the one place `crowd_meets` writes and the other
    entities' boxes filed (`minecart_kernel.file_boxes`: `pushed` for `pushables`, `solid` for `solids`): it
    makes no array, so it compiles without reference counts (`engine.jit`: each inlined helper's array arguments
    would otherwise cost a pair of counter updates a call)."""
    begin, end, at, bits, yaws, pitches = inputs
    for n in range(start, len(rows)):
        r = rows[n]
        s = input_at(at, begin[n], end[n], tick)
        held = bits[s]
        if not ready[n] or held & USES_ITEM:
            cursor[n] = -1
            marks[n] = OBJECT_PATH
            return n, HANDED
        if held & SETS_YAW:
            f[r, C_YAW] = yaws[s]
        if held & SETS_PITCH:
            f[r, C_PITCH] = pitches[s]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            cursor[n] = -1
            return n, HANDED
        if len(solids) > 0 and solid_near(f, r, solids, solid):
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            cursor[n] = -1
            return n, HANDED
        if s != cursor[n]:
            marks[n] = HELD_CHANGED
        changed, pose = player_tick(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells,
                                    f, i, r, held & KEY_MASK, poses[n], slip, climb, border, v, void_y,
                                    walk_speed, sprint_speed, sine, zero_below, effects)
        if changed >= 0 and (crowd_meets(grid, f, i, rows, n, found) > 0      # step 11: tickCramming finds someone
                             or len(pushables) > 0 and pushable_met(f, r, pushables, pushed)):
            changed = -1
        if changed < 0:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            cursor[n] = -1
            return n, HANDED
        cursor[n] = s
        if pose != poses[n]:                                                  # updateSize, after the cramming
            set_pose(f, r, pose)
        crowd_move(grid, f, rows, n)
        end_row(f, i, r, n, marks)
        if changed:
            marks[n] |= SPRINT_CHANGED
        if pose != poses[n]:
            marks[n] |= CROUCHED if pose == CROUCHING else STOOD
            poses[n] = pose
    return len(rows), DONE


@njit(borrows=True)
def server_tick_rows(f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, marks: np.ndarray,
                     saved_f: np.ndarray, saved_i: np.ndarray, fluids_refused: bool) -> tuple:
    """The entity phase's `ServerWorld.tickEntity` of players (`ServerPlayerEntity.tick` moves nothing: the client's
    movement comes in the players phase): age + 1, the previous position, the section. A row of −1, a removed
    player, or, in a release refusing fluids (`fluids_refused`), one touching water or in lava (the versions
    table's fluids check) is left to the object path (OBJECT_PATH); each player's tick touches only its row, so the
    loop goes on past it. Returns (len(rows), DONE)."""
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            continue
        if fluids_refused and (i[r, I_FLAGS] & TOUCHING_WATER or f[r, F_LAVA] > 0.0):
            marks[n] = OBJECT_PATH
            continue
        tick_entity_head(f, i, r)
        end_row(f, i, r, n, marks)
    return len(rows), DONE
