"""`LivingEntity` reduced to what moves entities without AI or a player: `tickMovement` (spec 05 §3) and the
ordinary ground/air case of `travel` (spec 05 §2.4, case 4; order CMGD, spec 06 §12 player/mob row).

Subclasses extend it by overriding the vanilla predicates: `can_move_voluntarily` (`canMoveVoluntarily`: the
server moves the entity itself; mobs without AI do not) and `is_logical_side_for_updating_movement`
(`isLogicalSideForUpdatingMovement`). The water, lava and elytra cases of `travel` (spec 05 §2.1-§2.3), the AI
and player input, jumping and entity cramming come with the full living-entity work; `travel` refuses the fluid
cases rather than run the ordinary one in their place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    CLIMB_MAX_SPEED,
    CLIMB_UP_SPEED,
    LIVING_DRAG,
    LIVING_DRAG_Y,
    LIVING_GRAVITY,
    LIVING_MIN_MOTION,
    LIVING_NO_AI_DRAG,
    LIVING_STEP_HEIGHT,
    VELOCITY_AFFECTING_OFFSET,
)
from engine.entities.entity import Entity
from engine.geometry.box import ZERO, Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import clamp, floor
from engine.motion.move import MovementType, move
from engine.tick.trace import StageInfo, run_stage
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.tick.simulation import Simulation
    from engine.tick.trace import Recorder
    from engine.world.world import World

BASE = StageInfo("base_tick", "Entity.baseTick", "F")
NOT_VOLUNTARY = StageInfo("not_voluntary_drag", "LivingEntity.tickMovement")
NEGLIGIBLE = StageInfo("negligible_motion", "LivingEntity.tickMovement")
INPUT = StageInfo("movement_input", "Entity.updateVelocity", "C")
CLIMBING = StageInfo("climbing_speed", "LivingEntity.applyClimbingSpeed")
CLIMB_UP = StageInfo("climb_up", "LivingEntity.travel")
GRAVITY = StageInfo("gravity", "LivingEntity.travel", "G")
DRAG = StageInfo("drag", "LivingEntity.travel", "D")


class LivingEntity(Entity):
    """Armor stands and mobs: `LivingEntity.tick` → base tick, then `tickMovement`."""

    living = True

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.step_height = LIVING_STEP_HEIGHT

    def is_pushable(self) -> bool:
        """`LivingEntity.isPushable`: alive (spectators and climbing come with players and the living work)."""
        return not self.removed

    def can_move_voluntarily(self) -> bool:
        """`LivingEntity.canMoveVoluntarily`: true on the server."""
        return True

    def is_logical_side_for_updating_movement(self) -> bool:
        """`Entity.isLogicalSideForUpdatingMovement`: the server, unless a player controls the entity (riders
        that steer come with players)."""
        return True

    def is_in_lava(self) -> bool:
        """`Entity.isInLava`: not in the first tick, and a lava height was found by the base tick."""
        return not self.first_update and self.fluid_height["lava"] > 0.0

    def tick(self, sim: Simulation, rec: Recorder | None) -> None:
        """`LivingEntity.tick`: `Entity.tick` (the base tick, spec 01 §8.2), then `tickMovement`. Vanilla goes on
        with `tickMovement` even when the base tick removed the entity (below y = -64)."""
        run_stage(rec, self, BASE, self.base_tick, sim, rec)
        self.tick_movement(sim, rec)

    def tick_movement(self, sim: Simulation, rec: Recorder | None) -> None:
        """`LivingEntity.tickMovement` (spec 05 §3) without input: an entity the server does not move itself
        loses 2% of its Motion; components below 0.003 are zeroed; then `travel` with no input."""
        if not self.can_move_voluntarily():                                              # step 1
            run_stage(rec, self, NOT_VOLUNTARY, scale_motion, self, LIVING_NO_AI_DRAG, LIVING_NO_AI_DRAG)
        run_stage(rec, self, NEGLIGIBLE, zero_negligible_motion, self)                   # step 3
        # steps 4-8 (AI, jumping, input × 0.98F, elytra) give no input without AI or a player
        self.travel(sim, rec)                                                            # step 9
        # steps 10-11 (riptide, entity cramming) are not simulated

    def travel(self, sim: Simulation, rec: Recorder | None) -> None:
        """`LivingEntity.travel` (spec 05 §2) with no movement input: only where the server moves the entity;
        the ordinary ground/air case (case 4)."""
        if not (self.can_move_voluntarily() or self.is_logical_side_for_updating_movement()):
            return
        if self.touching_water or self.is_in_lava():
            raise NotImplementedError(
                f"entity {self.id} ({self.TYPE}) at tick {sim.tick_count}: LivingEntity.travel in water or lava "
                "(spec 05 §2.1-§2.2) is not simulated yet")
        world = sim.world
        below = self.get_velocity_affecting_pos()                                        # case 4, step 1
        slipperiness = phys.slipperiness(world.get_block_state(*below).block)
        drag = f32(slipperiness * LIVING_DRAG) if self.on_ground else LIVING_DRAG        # step 2, before the move
        self.apply_movement_input(sim, rec)                                              # steps 3-6
        if not self.no_gravity:                                                          # step 7.3
            run_stage(rec, self, GRAVITY, apply_gravity, self)
        run_stage(rec, self, DRAG, scale_motion, self, drag, LIVING_DRAG_Y)              # step 8

    def apply_movement_input(self, sim: Simulation, rec: Recorder | None) -> None:
        """`LivingEntity.method_26318` (spec 05 §2.4 steps 3-6): the input's acceleration (`updateVelocity` with
        no input adds `Vec3d.ZERO`), the climbing clamp, `move(SELF, Motion)`, and 0.2 up when climbing into a
        wall."""
        run_stage(rec, self, INPUT, add_zero_input, self)
        if self.is_climbing(sim.world):
            run_stage(rec, self, CLIMBING, self.apply_climbing_speed)
        move(self, sim, MovementType.SELF, self.motion, rec)
        if self.horizontal_collision and self.is_climbing(sim.world):
            run_stage(rec, self, CLIMB_UP, climb_up, self)

    def get_velocity_affecting_pos(self) -> tuple[int, int, int]:
        """`Entity.getVelocityAffectingPos`: the block 0.5000001 below the box's bottom, under the position."""
        p = self.pos
        return (floor(p.x), floor(self.box.min_y - VELOCITY_AFFECTING_OFFSET), floor(p.z))

    def is_climbing(self, world: World) -> bool:
        """`LivingEntity.isClimbing`: the block at the position is climbable, or an open trapdoor over a ladder
        facing the same way."""
        x, y, z = floor(self.pos.x), floor(self.pos.y), floor(self.pos.z)
        state = world.get_block_state(x, y, z)
        if phys.is_climbable(state.block):
            return True
        if state.block.endswith("_trapdoor") and state.get("open") == "true":
            below = world.get_block_state(x, y - 1, z)
            return below.block == "ladder" and below.get("facing") == state.get("facing")
        return False

    def apply_climbing_speed(self) -> None:
        """`LivingEntity.applyClimbingSpeed`: the fall is reset, X and Z clamped to ±0.15F, Y to at least -0.15F
        (a sneaking player's hold comes with players)."""
        self.fall_distance = 0.0
        m = self.motion
        self.motion = Vec3(clamp(m.x, -CLIMB_MAX_SPEED, CLIMB_MAX_SPEED), max(m.y, -CLIMB_MAX_SPEED),
                           clamp(m.z, -CLIMB_MAX_SPEED, CLIMB_MAX_SPEED))


def zero_negligible_motion(e: Entity) -> None:
    """`tickMovement` step 3 (spec 05 §3, AMBIGUITY-L8): each Motion component below 0.003 in size becomes 0."""
    m = e.motion
    e.motion = Vec3(0.0 if abs(m.x) < LIVING_MIN_MOTION else m.x, 0.0 if abs(m.y) < LIVING_MIN_MOTION else m.y,
                    0.0 if abs(m.z) < LIVING_MIN_MOTION else m.z)


def scale_motion(e: Entity, horizontal: float, vertical: float) -> None:
    """`setVelocity(x * horizontal, y * vertical, z * horizontal)`: drags."""
    m = e.motion
    e.motion = Vec3(m.x * horizontal, m.y * vertical, m.z * horizontal)


def add_zero_input(e: Entity) -> None:
    """`Entity.updateVelocity` with no movement input: `movementInputToVelocity` gives `Vec3d.ZERO`, whose
    addition still turns a -0.0 component into 0.0."""
    m = e.motion
    e.motion = Vec3(m.x + 0.0, m.y + 0.0, m.z + 0.0)


def climb_up(e: Entity) -> None:
    """`travel` (spec 05 §2.4 step 6): Y Motion becomes 0.2 when climbing into a wall."""
    e.motion = Vec3(e.motion.x, CLIMB_UP_SPEED, e.motion.z)


def apply_gravity(e: Entity) -> None:
    """`travel` (spec 05 §2.4 step 7.3): Y Motion - 0.08 (a double)."""
    e.motion = Vec3(e.motion.x, e.motion.y - LIVING_GRAVITY, e.motion.z)
