"""A mob's direct controls (spec 05 §4.1, §4.4): `MoveControl` and `JumpControl` of 1.16.5.

`MoveControl.tick` turns the mob at most 90° a tick towards its target, sets `movementSpeed` (and with it
`forwardSpeed`, `MobEntity.setMovementSpeed`) to speed × the movement-speed attribute, and asks to jump when the
target is higher than the step height nearby or the mob stands inside a block's shape (doors and fences aside).
`LookControl` and `BodyControl` only turn the head and body, which no motion reads; they are not modelled.

Their state lives in the mob's row (`engine.living.mob.MOB_ROWS`: `target_x`…, `target_speed`, `move_state`,
`jump_active`), which the compiled mob tick (`engine.living.mob_kernel`) reads and writes; these objects are
views of it."""

from __future__ import annotations

import math
from enum import Enum
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    FULL_TURN_F,
    MOVE_CONTROL_MIN_DIST_SQ,
    MOVE_CONTROL_YAW_LIMIT,
    MOVE_CONTROL_YAW_OFFSET,
    RAD_TO_DEG,
    RAD_TO_DEG_F,
)
from engine.entities.rows import (
    F_POS,
    I_EXTRA,
    I_FLAGS,
    LIVING_FLAGS,
    LIVING_FLOATS,
    LIVING_INTS,
    MOB_FLOATS,
    MOB_INTS,
    NF,
    ON_GROUND,
)
from engine.java.mathhelper import atan2, float_cast, floor, wrap_degrees
from engine.jit import njit, plain
from engine.living.attributes import MOVEMENT_SPEED
from engine.motion.collision_kernel import jfloor
from engine.pathfinding.blocks import DOORS
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.versions import Features
    from engine.living.mob import MobEntity
    from engine.world.world import World



class State(Enum):
    """`MoveControl.State` (STRAFE is used by ranged attackers' goals, which scenes do not drive)."""

    WAIT = 0
    MOVE_TO = 1
    JUMPING = 3


@njit(inline=True)
def change_angle(from_angle: float, to_angle: float, max_change: float) -> float:
    """`MoveControl.changeAngle`: turn by the wrapped difference clamped to ±max, the result kept in [0, 360]
    (float arithmetic). A kernel (engine.jit): the compiled mob tick inlines it, the object path runs it plain."""
    f = wrap_degrees(float_cast(to_angle - from_angle))
    f = min(max(f, -max_change), max_change)
    g = float_cast(from_angle + f)
    if g < 0.0:
        g = float_cast(g + FULL_TURN_F)
    elif g > FULL_TURN_F:
        g = float_cast(g - FULL_TURN_F)
    return g


# the columns of engine.living.mob.MOB_ROWS by name
MOB_FLOAT_COLUMNS = {name: NF + k for k, name in enumerate(LIVING_FLOATS + MOB_FLOATS)}
MOB_INT_COLUMNS = {name: I_EXTRA + k for k, name in enumerate(LIVING_INTS + LIVING_FLAGS + MOB_INTS)}
_F, _I = MOB_FLOAT_COLUMNS, MOB_INT_COLUMNS
C_YAW, C_FORWARD, C_SPEED, C_STEP, C_WIDTH = _F["yaw"], _F["forward_speed"], _F["movement_speed"], \
    _F["step_height"], _F["width"]
C_TARGET, C_TARGET_SPEED = _F["target_x"], _F["target_speed"]
C_JUMPING, C_MOVE_STATE, C_JUMP_ACTIVE = _I["jumping"], _I["move_state"], _I["jump_active"]
WAIT, MOVE_TO, JUMPING = State.WAIT.value, State.MOVE_TO.value, State.JUMPING.value


@njit(inline=True)
def move_to(f: np.ndarray, i: np.ndarray, r: int, x: float, y: float, z: float, speed: float) -> None:
    """`MoveControl.moveTo`: a new target; a jump in progress keeps its state."""
    f[r, C_TARGET], f[r, C_TARGET + 1], f[r, C_TARGET + 2] = x, y, z
    f[r, C_TARGET_SPEED] = speed
    if i[r, C_MOVE_STATE] != JUMPING:
        i[r, C_MOVE_STATE] = MOVE_TO


@njit(inline=True)
def _set_movement_speed(f: np.ndarray, r: int, attribute: float) -> None:
    """`MobEntity.setMovementSpeed(speed × the movement-speed attribute)`: the movement speed and forward input."""
    v = float_cast(f[r, C_TARGET_SPEED] * attribute)
    f[r, C_SPEED] = v
    f[r, C_FORWARD] = v


@njit(inline=True)
def move_control_tick(f: np.ndarray, i: np.ndarray, r: int, attribute: float, in_liquid: bool,
                      degrees: float) -> bool:
    """`MoveControl.tick` up to its jump test (`attribute`: the movement-speed attribute's value): true where the
    jump test is to be made (`jump_test`), after the turn (`changeAngle`, at most 90°) and the speed. `in_liquid`:
    the mob is in water or lava and swims in fluids where the release ends JUMPING there too (1.21.5,
    `move_control_jump_ends_in_liquid`). `degrees`: the radians-to-degrees factor of the yaw, (double)(180F / π)
    (1.12.2: 180D / Math.PI, `move_control_1_12`)."""
    state = i[r, C_MOVE_STATE]
    if state == MOVE_TO:
        i[r, C_MOVE_STATE] = WAIT
        dx, dz, dy = float(f[r, C_TARGET] - f[r, F_POS]), float(f[r, C_TARGET + 2] - f[r, F_POS + 2]), \
            float(f[r, C_TARGET + 1] - f[r, F_POS + 1])          # Python floats in the plain form: no numpy warning
        if dx * dx + dy * dy + dz * dz < MOVE_CONTROL_MIN_DIST_SQ:
            f[r, C_FORWARD] = 0.0
            return False
        yaw = float_cast(float_cast(atan2(dz, dx) * degrees) - MOVE_CONTROL_YAW_OFFSET)
        f[r, C_YAW] = change_angle(f[r, C_YAW], yaw, MOVE_CONTROL_YAW_LIMIT)
        _set_movement_speed(f, r, attribute)
        return True
    if state == JUMPING:
        _set_movement_speed(f, r, attribute)
        if i[r, I_FLAGS] & ON_GROUND or in_liquid:
            i[r, C_MOVE_STATE] = WAIT
    else:
        f[r, C_FORWARD] = 0.0
    return False


@njit(inline=True)
def jump_test(f: np.ndarray, i: np.ndarray, r: int, top: float, ignored: bool) -> None:
    """`MoveControl.tick`'s jump: the target higher than the step height and within max(1, width) squared
    horizontally, or the position below the top of the collision shape of the block at the feet (`top`: its
    highest Y, −inf where the shape is empty; `ignored`: a door or a fence) asks `JumpControl` to jump."""
    # Python floats in the plain form: a mob far out overflows to inf, as Java does, unwarned
    dx, dz = float(f[r, C_TARGET] - f[r, F_POS]), float(f[r, C_TARGET + 2] - f[r, F_POS + 2])
    dy = f[r, C_TARGET + 1] - f[r, F_POS + 1]
    if (dy > f[r, C_STEP] and dx * dx + dz * dz < max(1.0, f[r, C_WIDTH])) or \
            (f[r, F_POS + 1] < top + jfloor(f[r, F_POS + 1]) and not ignored):
        i[r, C_JUMP_ACTIVE] = 1
        i[r, C_MOVE_STATE] = JUMPING


@njit(inline=True)
def jump_control_tick(i: np.ndarray, r: int) -> None:
    """`JumpControl.tick`: a jump asked for in this tick becomes `jumping` for the coming `tickMovement`."""
    i[r, C_JUMPING] = i[r, C_JUMP_ACTIVE]
    i[r, C_JUMP_ACTIVE] = 0


_move_to, _move_control_tick, _jump_test, _jump_control_tick = (plain(move_to), plain(move_control_tick),
                                                                plain(jump_test), plain(jump_control_tick))


def _column(name: str) -> property:
    """A control's field as the mob's row column `name`."""
    return property(lambda self: getattr(self.entity, name), lambda self, v: setattr(self.entity, name, v))


class MoveControl:
    """`MoveControl` (spec 05 §4.4), a view of its mob's row; its steps are the kernels above, run plain."""

    target_x = _column("target_x")
    target_y = _column("target_y")
    target_z = _column("target_z")
    speed = _column("target_speed")
    state = property(lambda self: State(self.entity.move_state),
                     lambda self, v: setattr(self.entity, "move_state", v.value))

    def __init__(self, entity: MobEntity) -> None:
        self.entity = entity

    def move_to(self, x: float, y: float, z: float, speed: float) -> None:
        """`MoveControl.moveTo`."""
        e = self.entity
        _move_to(e._t.f, e._t.i, e._r, x, y, z, speed)

    def tick(self, world: World, features: Features) -> None:
        """`MoveControl.tick`: the turn and speed, then the jump test against the block at the feet (a door or fence
        passed over from 1.14.4, `move_control_jump_skips_doors`)."""
        e = self.entity
        f, i, r = e._t.f, e._t.i, e._r
        in_liquid = features.move_control_jump_ends_in_liquid and (e.touching_water or e.is_in_lava()) and \
            e.should_swim_in_fluids()
        if _move_control_tick(f, i, r, e.attributes.get_value(MOVEMENT_SPEED), in_liquid,
                              RAD_TO_DEG if features.move_control_1_12 else RAD_TO_DEG_F):     # 1.12.2: 180D / π
            bx, by, bz = floor(e.pos.x), floor(e.pos.y), floor(e.pos.z)
            state = world.get_block_state(bx, by, bz)
            shape = world.get_collision_shape(state, bx, by, bz)
            top = -math.inf if shape.is_empty or features.move_control_jump_by_step else shape.coords[1][-1]
            passes = features.move_control_jump_skips_doors and (state.block in DOORS or phys.is_fence(state.block))
            _jump_test(f, i, r, top, passes)


class JumpControl:
    """`JumpControl`, a view of its mob's row."""

    active = _column("jump_active")

    def __init__(self, entity: MobEntity) -> None:
        self.entity = entity

    def set_active(self) -> None:
        self.active = True

    def tick(self) -> None:
        e = self.entity
        _jump_control_tick(e._t.i, e._r)
