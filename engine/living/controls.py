"""A mob's direct controls (spec 05 §4.1, §4.4): `MoveControl` and `JumpControl` of 1.16.5.

`MoveControl.tick` turns the mob at most 90° a tick towards its target, sets `movementSpeed` (and with it
`forwardSpeed`, `MobEntity.setMovementSpeed`) to speed × the movement-speed attribute, and asks to jump when the
target is higher than the step height nearby or the mob stands inside a block's shape (doors and fences aside).
`LookControl` and `BodyControl` only turn the head and body, which no motion reads; they are not modelled.

Their state lives in the mob's row (`engine.living.mob.MOB_ROWS`: `target_x`…, `target_speed`, `move_state`,
`jump_active`), which the compiled mob tick (`engine.living.mob_kernel`) reads and writes; these objects are
views of it."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from engine.constants import (
    FULL_TURN_F,
    MOVE_CONTROL_MIN_DIST_SQ,
    MOVE_CONTROL_YAW_LIMIT,
    MOVE_CONTROL_YAW_OFFSET,
    RAD_TO_DEG_F,
)
from engine.java.javanum import f32
from engine.java.mathhelper import atan2, float_cast, floor, wrap_degrees
from engine.jit import njit, plain
from engine.living.attributes import MOVEMENT_SPEED
from engine.pathfinding.blocks import DOORS
from engine.world import block_physics as phys

if TYPE_CHECKING:
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


def _column(name: str) -> property:
    """A control's field as the mob's row column `name`."""
    return property(lambda self: getattr(self.entity, name), lambda self, v: setattr(self.entity, name, v))


class MoveControl:
    """`MoveControl` (spec 05 §4.4), a view of its mob's row."""

    target_x = _column("target_x")
    target_y = _column("target_y")
    target_z = _column("target_z")
    speed = _column("target_speed")
    state = property(lambda self: State(self.entity.move_state),
                     lambda self, v: setattr(self.entity, "move_state", v.value))

    def __init__(self, entity: MobEntity) -> None:
        self.entity = entity

    def move_to(self, x: float, y: float, z: float, speed: float) -> None:
        """`MoveControl.moveTo`: a new target; a jump in progress keeps its state."""
        self.target_x, self.target_y, self.target_z = x, y, z
        self.speed = speed
        if self.state is not State.JUMPING:
            self.state = State.MOVE_TO

    def tick(self, world: World) -> None:
        """`MoveControl.tick`."""
        e = self.entity
        if self.state is State.MOVE_TO:
            self.state = State.WAIT
            dx, dz, dy = self.target_x - e.pos.x, self.target_z - e.pos.z, self.target_y - e.pos.y
            if dx * dx + dy * dy + dz * dz < MOVE_CONTROL_MIN_DIST_SQ:
                e.forward_speed = 0.0
                return
            yaw = f32(f32(atan2(dz, dx) * RAD_TO_DEG_F) - MOVE_CONTROL_YAW_OFFSET)
            e.yaw = plain(change_angle)(e.yaw, yaw, MOVE_CONTROL_YAW_LIMIT)
            e.set_movement_speed(f32(self.speed * e.attributes.get_value(MOVEMENT_SPEED)))
            bx, by, bz = floor(e.pos.x), floor(e.pos.y), floor(e.pos.z)
            state = world.get_block_state(bx, by, bz)
            shape = world.get_collision_shape(state, bx, by, bz)
            if (dy > e.step_height and dx * dx + dz * dz < max(1.0, e.width)) or \
                    (not shape.is_empty and e.pos.y < shape.coords[1][-1] + by and
                     state.block not in DOORS and not phys.is_fence(state.block)):
                e.jump_control.set_active()
                self.state = State.JUMPING
        elif self.state is State.JUMPING:
            e.set_movement_speed(f32(self.speed * e.attributes.get_value(MOVEMENT_SPEED)))
            if e.on_ground:
                self.state = State.WAIT
        else:
            e.forward_speed = 0.0


class JumpControl:
    """`JumpControl`: a jump asked for in this tick becomes `jumping` for the coming `tickMovement`."""

    active = _column("jump_active")

    def __init__(self, entity: MobEntity) -> None:
        self.entity = entity

    def set_active(self) -> None:
        self.active = True

    def tick(self) -> None:
        self.entity.jumping = self.active
        self.active = False
