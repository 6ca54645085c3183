"""1.12.2's `EntityThrowable.onUpdate` (`thrown_tick_1_12`; MCP-named 1.12.2 sources, docs/versions.md "1.12.2
sources"): the base tick (`Entity.onEntityUpdate`), `World.rayTraceBlocks(position, position + motion)` against the
blocks' bounding boxes (`engine.motion.raytrace_1_12`: selection boxes, not collision boxes), the entity test over
the box stretched by the motion and grown by 1.0, the hit (`onImpact`), then the position += motion (no
`Entity.move`), the drag 0.99F (0.8F in water) and the gravity (`getGravityVelocity`, the same floats as 1.16's).
No `checkBlockCollision` (1.16.2 adds it). 1.13.2's is the same (`ray_trace_voxel_shapes`: the block ray tests outline
VoxelShapes, the targets `AxisAlignedBB.rayTrace`; its in-ground branch, never entered by a scene's entity, drops
`ticksInGround`).

The first-tick `ignoreEntity` rule (the first collidable entity met while `ticksExisted < 2`, skipped until it has
been out of the search box for 2 ticks) needs a thrower, which is an `EntityLivingBase` (`getThrower`): living
entities are refused in 1.12.2, so a scene's thrown entity runs without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.constants import PROJECTILE_SEARCH_EXPANSION, PROJECTILE_TARGET_MARGIN, THROWN_DRAG, THROWN_WATER_DRAG
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities.common import add_motion, scale_motion
from engine.entities.projectile import EntityHitResult, HitResult, collides
from engine.motion.raycast import BlockHitResult, raycast_boxes
from engine.motion.raytrace_1_12 import BoxNotCompared, calculate_intercept, ray_trace_result

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.entities.entity import Entity
    from engine.entities.thrown import ThrownEntity
    from engine.geometry.box import Box, Vec3

BASE = StageInfo("base_tick", "Entity.onEntityUpdate", "F")
COLLISION = StageInfo("collision", "World.rayTraceBlocks", "Dc")
ON_IMPACT = StageInfo("on_collision", "EntityThrowable.onImpact")
DRAG = StageInfo("drag", "EntityThrowable.onUpdate", "D")
GRAVITY = StageInfo("gravity", "EntityThrowable.onUpdate", "G")
POSITION = StageInfo("position_update", "Entity.setPosition", "M")


def tick_1_12(e: ThrownEntity, sim: TickContext, rec: Recorder | None) -> None:
    """`EntityThrowable.onUpdate`: F Dc M-target D G M; the position moves by the motion read before the drag."""
    run_stage(rec, e, BASE, e.base_tick, sim, rec)                                           # super.onUpdate()
    hit = run_stage(rec, e, COLLISION, get_collision_1_12, e, sim)
    if hit is not None:                      # a nether portal (setPortal) has no bounding box known here: refused
        run_stage(rec, e, ON_IMPACT, e.on_collision, sim, hit, rec)
    target = e.pos.plus(e.motion)                                                              # posX += motionX
    k = THROWN_WATER_DRAG if e.touching_water else THROWN_DRAG                                 # isInWater()
    run_stage(rec, e, DRAG, scale_motion, e, k, k, k)
    if not e.no_gravity:
        run_stage(rec, e, GRAVITY, add_motion, e, 0.0, -e.GRAVITY, 0.0)
    run_stage(rec, e, POSITION, e.set_position, target)


def get_collision_1_12(e: Entity, sim: TickContext, accept: Callable[[Entity], bool] = collides,
                       mechanic: str = "thrown", ignore_no_box: bool = False) -> HitResult | None:
    """`path_hits_1_12` as one hit: the entity met, else the block, else None."""
    found, block_hit = path_hits_1_12(e, sim, accept, mechanic, ignore_no_box)
    if found is not None or block_hit is None:
        return found
    return BlockHitResult(block_hit[0], "", block_hit[1], False, False)   # the face: not read by any item


def path_hits_1_12(e: Entity, sim: TickContext, accept: Callable[[Entity], bool], mechanic: str,
                   ignore_no_box: bool) -> tuple[EntityHitResult | None, tuple[Vec3, tuple[int, int, int]] | None]:
    """The block ray from the position to position + motion (`World.rayTraceBlocks`; `ignore_no_box`: an arrow's
    and a bobber's, passing blocks without a collision box; 1.13.2 on outline VoxelShapes), whose hit point ends the
    entity test's segment (`find_entity_on_path`, the entities `accept`ed; an entity met wins over the block). The
    entity met and the block hit (point, cell), each or None. A block whose box or shape is not compared stops the
    run in one line (the `mechanic` row)."""
    start = e.pos
    end = start.plus(e.motion)
    voxel = sim.features.ray_trace_voxel_shapes         # 1.13.2
    try:
        block_hit = ray_trace_result(sim.world, start, end, voxel, ignore_no_box)
    except BoxNotCompared as err:
        raise refusal(sim.features, mechanic, f"entity {e.id} ({e.TYPE}), tick {sim.tick_count}",
                      f"a ray of World.rayTraceBlocks meets {err}, whose bounding box (1.12.2) or outline shape "
                      "(1.13.2) is not compared") from None
    if block_hit is not None:
        end = block_hit[0]
    return find_entity_on_path(e, sim, start, end, voxel, accept), block_hit


def find_entity_on_path(e: Entity, sim: TickContext, start: Vec3, end: Vec3, voxel: bool,
                        accept: Callable[[Entity], bool]) -> EntityHitResult | None:
    """The entity test of `EntityThrowable.onUpdate` and `EntityArrow.findEntityOnPath`: each entity `accept`ed in
    `e`'s box stretched by the motion and grown by 1.0 whose box grown by 0.30000001192092896 the segment start →
    end crosses, the nearest kept where `d1 < d0 || d0 == 0.0`."""
    area = e.box.stretch(*e.motion).expand(PROJECTILE_SEARCH_EXPANSION)
    found, d0 = None, 0.0
    for other in sim.world.get_entities(e, area, accept):
        p = _intercept(other.box.expand(PROJECTILE_TARGET_MARGIN), start, end, voxel)
        if p is not None:
            d1 = _square_distance(start, p)
            if d1 < d0 or d0 == 0.0:
                found, d0 = EntityHitResult(other, p), d1
    return found


def _intercept(box: Box, start: Vec3, end: Vec3, voxel: bool) -> Vec3 | None:
    """Where segment start → end meets `box`: 1.12.2's `AxisAlignedBB.calculateIntercept` (inclusive bounds, no
    margins), 1.13.2's `AxisAlignedBB.rayTrace` (1.14's `Box.rayTrace`: the entry face within 1.0E-7 margins)."""
    if not voxel:
        return calculate_intercept(box, start, end)
    hit = raycast_boxes((box,), start, end, (0, 0, 0))
    return None if hit is None else hit.pos


def _square_distance(a: Vec3, b: Vec3) -> float:
    """`Vec3d.squareDistanceTo`."""
    dx, dy, dz = b.x - a.x, b.y - a.y, b.z - a.z
    return dx * dx + dy * dy + dz * dz
