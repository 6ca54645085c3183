"""`LlamaSpitEntity` (spec 06 §11, Appendix A): gravity 0.06F, k 0.99F, order MDG; gone inside blocks or water.

Unlike thrown items it never calls `checkBlockCollision`, and its Motion is read before the hit is handled.
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
from engine.entities.common import add_motion, scale_motion
from engine.entities.projectile import EntityHitResult, HitResult, Projectile, damage, get_collision, is_miss
from engine.java.mathhelper import floor

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder

COLLISION = StageInfo("collision", "ProjectileUtil.getCollision", "Dc")
ON_COLLISION = StageInfo("on_collision", "LlamaSpitEntity.onCollision")
DRAG = StageInfo("drag", "LlamaSpitEntity.tick", "D")
GRAVITY = StageInfo("gravity", "LlamaSpitEntity.tick", "G")
POSITION = StageInfo("position_update", "Entity.updatePosition", "M")


class LlamaSpit(Projectile):
    MECHANIC = "llama_spit"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:llama_spit"
    WIDTH = THROWN_WIDTH
    HEIGHT = THROWN_HEIGHT

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LlamaSpitEntity.tick`."""
        self.projectile_tick(sim, rec)
        v = self.motion
        hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec)
        if not is_miss(hit):
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit)
        target = self.pos.plus(v)
        if self.boxed_in(sim) or self.touching_water or self.in_bubble_column(sim):
            self.remove()
            return
        self.motion = v                          # the drag applies to the Motion read before the hit
        run_stage(rec, self, DRAG, scale_motion, self, LLAMA_SPIT_DRAG, LLAMA_SPIT_DRAG, LLAMA_SPIT_DRAG)
        if not self.no_gravity:
            g = LLAMA_SPIT_GRAVITY_DOUBLE if sim.features.llama_spit_gravity_double else LLAMA_SPIT_GRAVITY
            run_stage(rec, self, GRAVITY, add_motion, self, 0.0, -g, 0.0)
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

    def boxed_in(self, sim: TickContext) -> bool:
        """`getStatesInBox(box).noneMatch(isAir)`: no cell the box touches (bounds inclusive) holds air."""
        b = self.box
        world = sim.world
        return all(not world.get_block_state(x, y, z).is_air
                   for x in range(floor(b.min_x), floor(b.max_x) + 1)
                   for y in range(floor(b.min_y), floor(b.max_y) + 1)
                   for z in range(floor(b.min_z), floor(b.max_z) + 1))

    def in_bubble_column(self, sim: TickContext) -> bool:
        """`isInsideBubbleColumn`: the block at the position is a bubble column."""
        p = self.pos
        return sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block == "bubble_column"
