"""`LlamaSpitEntity` (spec 06 §11, Appendix A): gravity 0.06F, k 0.99F, order MDG; gone inside blocks or water.

Unlike thrown items it never calls `checkBlockCollision`, and its Motion is read before the hit is handled.

1.12.2's `EntityLlamaSpit.onUpdate` and 1.13.2's `tick` (`llama_spit_tick_1_12`; MCP 1.12.2 and client1.13.2
sources): the base tick, `World.rayTraceBlocks(position, position + motion)` (blocks without a collision box met
too) and the entity test of `getHitEntity` over every entity but the owner (`thrown_1_12.get_collision_1_12`: its
1.12.2 and 1.13.2 rays); any hit removes the spit (`onHit`, 1 damage only with an owner, which is none here:
`restoreOwnerFromSave` finds an `EntityLlama` by UUID, and no llama is modelled); then 1.14's removal tests but on
the box's cells floor(min)..ceil(max) − 1 (`World.isMaterialInBB`, `boxed_in`), the drag and the gravity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    LLAMA_SPIT_DRAG,
    LLAMA_SPIT_GRAVITY,
    LLAMA_SPIT_GRAVITY_DOUBLE,
    LLAMA_SPIT_HIT_DAMAGE,
    THROWN_HEIGHT,
    THROWN_WIDTH,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities import fireball_kernel as kernel
from engine.entities import thrown_kernel
from engine.entities.projectile import (
    BASE,
    EntityHitResult,
    HitResult,
    Projectile,
    damage,
    get_collision,
    is_miss,
)
from engine.entities.rows import ProjectileRows, multiply_motion
from engine.entities.thrown import ThrownBatch, block_arrays_of, flight_arguments
from engine.entities.thrown_1_12 import get_collision_1_12
from engine.entities.thrown_kernel import THROWN_ROWS
from engine.geometry.box import ZERO, Vec3
from engine.java.mathhelper import ceil, floor
from engine.jit import plain

if TYPE_CHECKING:
    import numpy as np

    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.world import World

COLLISION = StageInfo("collision", "ProjectileUtil.getCollision", "Dc")
ON_COLLISION = StageInfo("on_collision", "LlamaSpitEntity.onCollision")
COLLISION_1_12 = StageInfo("collision", "World.rayTraceBlocks", "Dc")
ON_HIT_1_12 = StageInfo("on_collision", "EntityLlamaSpit.onHit")
DRAG = StageInfo("drag", "LlamaSpitEntity.tick", "D")
GRAVITY = StageInfo("gravity", "LlamaSpitEntity.tick", "G")
POSITION = StageInfo("position_update", "Entity.updatePosition", "M")
_drag, _gravity = plain(multiply_motion), plain(thrown_kernel.gravity)   # the row loop's stages, as plain Python


class SpitBatch(ThrownBatch):
    """Runs of llama spit: `engine.entities.fireball_kernel.tick_rows` (its spit branch) up to one whose tick the
    object path takes, then on after it; releases 1.16.2–1.21.11 as the thrown loop's (its order the same in all of
    them; from 1.21.2 the raycast meets the world border, `raycast_world_border`: `thrown.flight_arguments`)."""

    table = THROWN_ROWS
    mechanics = frozenset({"llama_spit", "fluids", "void"})

    def late(self, features: Features) -> bool:
        return False

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        flight = flight_arguments(world, features, LlamaSpit.eye_height_of(), len(rows) - start, lambda e: False)
        stop, status, queried = kernel.tick_rows(
            *block_arrays_of(world), THROWN_ROWS.f, THROWN_ROWS.i, rows, start, True, False, False,
            LlamaSpit.gravity(features),
            False, 0.0, 0.0, 0.0, 0.0, 0.0, THROWN_WIDTH / 2.0, THROWN_HEIGHT, *flight, marks, saved_f, saved_i)
        world.entities_queried = queried
        return stop, status


class LlamaSpit(ProjectileRows, Projectile):
    """`LlamaSpitEntity`: its state is a row of `THROWN_ROWS` (engine.entities.thrown_kernel); its runs take the
    `SpitBatch`."""

    MECHANIC = "llama_spit"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:llama_spit"
    WIDTH = THROWN_WIDTH
    HEIGHT = THROWN_HEIGHT
    ROWS = THROWN_ROWS

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)

    @staticmethod
    def gravity(features: Features) -> float:
        """`getGravity`: 0.06F, from 1.20.5 the double 0.06."""
        return LLAMA_SPIT_GRAVITY_DOUBLE if features.llama_spit_gravity_double else LLAMA_SPIT_GRAVITY

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LlamaSpitEntity.tick` (1.12.2 and 1.13.2: the module's docstring)."""
        old = sim.features.llama_spit_tick_1_12
        if old:
            run_stage(rec, self, BASE, self.base_tick, sim, rec)                              # super.onUpdate()
            v = self.motion
            hit = run_stage(rec, self, COLLISION_1_12, get_collision_1_12, self, sim, lambda e: True, "llama_spit")
            if hit is not None:
                run_stage(rec, self, ON_HIT_1_12, self.remove)                                 # onHit: setDead
        else:
            self.projectile_tick(sim, rec)
            v = self.motion
            hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec)
            if not is_miss(hit):
                run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit)
        target = self.pos.plus(v)
        if self.boxed_in(sim, old) or self.touching_water or self.in_bubble_column(sim):
            self.remove()
            return
        self.motion = v                          # the drag applies to the Motion read before the hit
        run_stage(rec, self, DRAG, _drag, self._t.f, self._r, LLAMA_SPIT_DRAG)
        if not self.no_gravity:
            run_stage(rec, self, GRAVITY, _gravity, self._t.f, self._r, self.gravity(sim.features))
        run_stage(rec, self, POSITION, self.set_position, target)

    def on_collision(self, sim: TickContext, hit: HitResult) -> None:
        """An entity takes the hit only from a living owner's spit; a block hit removes the spit."""
        if isinstance(hit, EntityHitResult):
            self.redirect_hit(sim, hit.entity)
            owner = self.get_owner(sim)
            if owner is not None and owner.living:
                damage(sim, hit.entity, LLAMA_SPIT_HIT_DAMAGE, owner, self)
        else:
            self.remove()

    def boxed_in(self, sim: TickContext, material_in_bb: bool = False) -> bool:
        """`getStatesInBox(box).noneMatch(isAir)`: no cell the box touches (bounds inclusive) holds air.
        `material_in_bb`, 1.12.2's and 1.13.2's `!World.isMaterialInBB(box, AIR)`: the cells floor(min)..ceil(max) − 1
        (a box whose top is a whole number leaves out the cell above it)."""
        b = self.box
        world = sim.world
        top = ceil if material_in_bb else (lambda v: floor(v) + 1)
        return all(not world.get_block_state(x, y, z).is_air
                   for x in range(floor(b.min_x), top(b.max_x))
                   for y in range(floor(b.min_y), top(b.max_y))
                   for z in range(floor(b.min_z), top(b.max_z)))

    def in_bubble_column(self, sim: TickContext) -> bool:
        """`isInsideBubbleColumn`: the block at the position is a bubble column."""
        p = self.pos
        return sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block == "bubble_column"


LlamaSpit.batch = SpitBatch(LlamaSpit)
