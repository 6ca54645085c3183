"""`TntEntity` (spec 06 §1): order GMDF, fuse, explosion at fuse ≤ 0."""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    DRAG_1_12,
    GRAVITY_1_12,
    GROUND_1_12,
    LAVA_PUSH,
    LAVA_PUSH_ULTRAWARM,
    TNT_EXPLOSION_HEIGHT,
    TNT_EYE_HEIGHT,
    TNT_FUSE,
    TNT_HEIGHT,
    TNT_POWER,
    TNT_SPAWN_KICK,
    TNT_SPAWN_KICK_F,
    TNT_SPAWN_VY,
    TNT_WIDTH,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities import tnt_kernel as kernel
from engine.entities.common import scale_motion, subtract_motion_y
from engine.entities.entity import Entity
from engine.entities.rows import RowBacked, RowBatch, RowTable, extra_int
from engine.geometry.box import ZERO, Vec3
from engine.influences.explosion_batch import Blasts, usable
from engine.influences.fluids import normalize_zero_below, update_water_state
from engine.influences.fluids_1_12 import FLUID_1_12
from engine.java.javanum import f32
from engine.motion.collision_kernel import block_arrays
from engine.motion.move import MovementType, move
from engine.world.block_grid import marked_sections
from engine.world.world import EFFECT

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.world import World

GRAVITY = StageInfo("gravity", "TntEntity.tick", "G")
DRAG = StageInfo("drag", "TntEntity.tick", "D")
GROUND = StageInfo("ground_friction", "TntEntity.tick")
FUSE = StageInfo("fuse", "TntEntity.tick")
EXPLODE = StageInfo("explode", "TntEntity.explode")
FLUID = StageInfo("fluid_push", "Entity.updateWaterState", "F")
TWO_PI = 2.0 * math.pi          # Math.PI * 2D (1.12.2's EntityTNTPrimed)
TWO_PI_F = f32(2.0 * math.pi)   # `6.2831854820251465`, (double)(float)(2π) in TntEntity's constructor


TNT_ROWS = RowTable(extra_ints=("fuse",))
FUSE_COLUMN = TNT_ROWS.extra_ints["fuse"]


class TntBatch(RowBatch):
    """Runs of TNT: `engine.entities.tnt_kernel.tick_rows` up to one whose fuse ran out, which explodes here. The
    kernels move as each release does (its flags: `tnt_kernel.version_bits`); a version that refuses a mechanic they
    run, the 1.12.2 move and tick (`collision_aabb_lists`, `move_motion_fields`, `tnt_float_literals`: not in the
    kernels), the fluids of 1.14-1.15.2 (no `lava_push`; `flow_own_levels`: not in the kernels), and solid entities
    in the world (their shapes), leave every TNT to the object path; so do a TNT with riders or a step height, and,
    while tracing, one about to explode (its record holds the blast). A release that refuses `block_effects` (1.21.5
    on) runs them too: the loop hands back every TNT whose path meets a section the refusal's check
    (`block_effects.refuse_block_collision_in_tick`, by section) finds a block in, where the object path stops in
    one line."""

    table = TNT_ROWS
    mechanics = frozenset({"tnt", "entity_move", "supporting_block", "fluids", "void", "fall_distance"})
    _effects: weakref.WeakKeyDictionary[World, tuple[int, np.ndarray]] = weakref.WeakKeyDictionary()
    _NO_EFFECTS = np.zeros(0, dtype=np.uint8)

    def decides(self, world: World, features: Features) -> bool:
        return not (world.collidable_count or features.refused & self.mechanics or features.tnt_float_literals
                    or features.collision_aabb_lists or features.move_motion_fields    # 1.12.2: objects only
                    or not features.lava_push)          # 1.14-1.15.2's fluids: objects only

    def row(self, e: Tnt, traced: bool) -> int:
        # 1.21.7: movements recorded since its last tick (a shulker box's push) are walked by the object path
        return -1 if e.passengers or e.step_height or e.movements or traced and e.fuse <= 1 else e._r

    def loop_arguments(self, world: World, features: Features) -> tuple[tuple, tuple]:
        """`kernel.tick_rows`' arguments before `cells` (the block arrays) and those between `start` and `marks`."""
        border = world.border_shape.coords
        edges = (border[0][1], border[2][1], border[0][2], border[2][2])
        lava_push = LAVA_PUSH_ULTRAWARM if world.ultrawarm else LAVA_PUSH
        v = kernel.version_bits(features)
        return block_arrays(world), (FUSE_COLUMN, v, edges, lava_push, normalize_zero_below(features),
                                    self.effects_for(world, v))

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        blocks, loop = self.loop_arguments(world, features)
        return kernel.tick_rows(*blocks, cells, TNT_ROWS.f, TNT_ROWS.i, rows, start, *loop, marks, saved_f, saved_i)

    def blasts(self, sim: TickContext, run: list[Tnt], scratch: np.ndarray) -> Blasts | None:
        """The run's explosions in air done in its row loop (`explosion_batch.Blasts`), where the simulation's
        explosion step is the default one."""
        return Blasts(sim, run, scratch) if usable(sim) else None

    def effects_for(self, world: World, v: int) -> np.ndarray:
        """`effect_sections` where the release's bits `v` (`kernel.version_bits`) hold V_EFFECT_SECTIONS (it refuses
        `block_effects`), else none: what every loop that may run such a release passes its kernel."""
        return self.effect_sections(world) if v & kernel.V_EFFECT_SECTIONS else self._NO_EFFECTS

    def effect_sections(self, world: World) -> np.ndarray:
        """Per pool row of `world.block_grid()`, 1 where `world.region_has(EFFECT, ...)` finds a block in that
        section: what a release refusing `block_effects` checks."""
        return marked_sections(world, self._effects, lambda *box: world.region_has(EFFECT, *box))

    def finish(self, e: Tnt, sim: TickContext) -> None:
        e.explode(sim, None)


class Tnt(RowBacked, Entity):
    MECHANIC = "tnt"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:tnt"
    batch = TntBatch()
    WIDTH = TNT_WIDTH
    HEIGHT = TNT_HEIGHT
    FIELDS = {"fuse": int}
    can_trigger_walking = False   # EntityTNTPrimed.canTriggerWalking (1.12.2), TntEntity.canClimb (1.14.4)
    ROWS = TNT_ROWS
    fuse = extra_int(TNT_ROWS, "fuse")

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.fuse = TNT_FUSE

    @property
    def eye_height(self) -> float:
        return TNT_EYE_HEIGHT   # TntEntity.getEyeHeight

    def type_fields(self) -> dict[str, Any]:
        return {"fuse": self.fuse}

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`TntEntity.tick`: spec 06 §1.2."""
        if sim.features.tnt_float_literals:
            self._tick_motion_1_12(sim, rec)
        else:
            f, r = self._t.f, self._r  # the stages are engine.entities.tnt_kernel's, on this entity's row
            if not self.no_gravity:
                run_stage(rec, self, GRAVITY, kernel.gravity, f, r)                  # 1 G
            move(self, sim, MovementType.SELF, self.motion, rec)                     # 2 M
            f = self._t.f              # the move may have grown the table (an entity spawned)
            run_stage(rec, self, DRAG, kernel.drag, f, r)                            # 3 D
            if self.on_ground:                                                       # 4
                run_stage(rec, self, GROUND, kernel.ground_friction, f, r)
        run_stage(rec, self, FUSE, self.decrement_fuse)                              # 5
        if self.fuse <= 0:                                                           # 6, AMBIGUITY-N12
            run_stage(rec, self, EXPLODE, self.explode, sim, rec)
        elif sim.features.water_material_acceleration:                               # 7 F (1.12.2)
            run_stage(rec, self, FLUID_1_12, self.handle_water_movement, sim)
        else:
            run_stage(rec, self, FLUID, update_water_state, self, sim.world, sim.features, rec)  # 7 F

    def _tick_motion_1_12(self, sim: TickContext, rec: Recorder | None) -> None:
        """Steps 1-4 of 1.12.2's `EntityTNTPrimed.onUpdate` (`tnt_float_literals`): the same order on the motion
        fields with float literals widened to double; gravity touches motionY alone (1.14's add(0, -0.04, 0) also
        turns a -0.0 of X or Z into 0.0)."""
        if not self.no_gravity:
            run_stage(rec, self, GRAVITY, subtract_motion_y, self, GRAVITY_1_12)
        move(self, sim, MovementType.SELF, self.motion, rec)
        run_stage(rec, self, DRAG, scale_motion, self, DRAG_1_12, DRAG_1_12, DRAG_1_12)
        if self.on_ground:
            run_stage(rec, self, GROUND, scale_motion, self, GROUND_1_12, -0.5, GROUND_1_12)

    def decrement_fuse(self) -> None:
        kernel.decrement_fuse(self._t.i, self._r, FUSE_COLUMN)

    def explode(self, sim: TickContext, rec: Recorder | None) -> None:
        """Removed, then a power-4 explosion 0.06125 above the position (getBodyY(0.0625), spec 06 §1.2)."""
        self.remove()
        center = Vec3(self.pos.x, self.pos.y + self.height * TNT_EXPLOSION_HEIGHT, self.pos.z)
        sim.create_explosion(self, center, TNT_POWER, rec)


def prime_from_block(sim: TickContext, x: int, y: int, z: int, angle: float | None = None,
                     fuse: int = TNT_FUSE, float_centre: bool = False) -> Tnt:
    """`new TntEntity(world, x + 0.5, y, z + 0.5, igniter)` for a TNT block: bottom centre of the cell, Motion
    (−sin θ·0.02, 0.2F, −cos θ·0.02) with θ = world.random.nextDouble()·2π (java.lang.Math sin/cos) unless `angle`
    is given (spec 06 §1.1). With `float_centre` the centre is summed in float, (double)((float)x + 0.5F): beyond
    2^23 it rounds to a whole block (ties to even). 1.12.2 and 1.13.2 (`tnt_angle_math_random_1_13`) draw θ from
    `Math.random()` — unseeded in the game, here `sim.math_random` (the scene's `math_random_seed`), so the world
    Random is left alone as in the game — round it to float and form the kick in float."""
    features = sim.features
    if features.tnt_angle_math_random_1_13:
        if angle is None:
            angle = sim.math_random.next_double() * (TWO_PI if features.tnt_angle_two_pi_double_1_12 else TWO_PI_F)
        theta = f32(angle)
        kick_x, kick_z = f32(-f32(math.sin(theta)) * TNT_SPAWN_KICK_F), f32(-f32(math.cos(theta)) * TNT_SPAWN_KICK_F)
    else:
        if angle is None:
            angle = sim.random.next_double() * TWO_PI_F
        kick_x, kick_z = -math.sin(angle) * TNT_SPAWN_KICK, -math.cos(angle) * TNT_SPAWN_KICK
    cx, cz = (f32(f32(x) + 0.5), f32(f32(z) + 0.5)) if float_centre else (x + 0.5, z + 0.5)
    tnt = sim.create(Tnt, Vec3(cx, float(y), cz), Vec3(kick_x, TNT_SPAWN_VY, kick_z))
    tnt.fuse = fuse
    return tnt


def prime_tnt(sim: TickContext, x: int, y: int, z: int, angle: float | None = None, fuse: int = TNT_FUSE) -> Tnt:
    """`TntBlock.primeTnt`: its centre in float up to 1.14.4 (`tnt_prime_float_centre_1_14`; 1.15: in double)."""
    return prime_from_block(sim, x, y, z, angle, fuse, float_centre=sim.features.tnt_prime_float_centre_1_14)
