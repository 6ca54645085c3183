"""1.12.2's `EntityArrow.onUpdate` (`arrow_tick_1_12`; MCP-named 1.12.2 sources, docs/versions.md "1.12.2
sources"): the base tick (`Entity.onEntityUpdate`); the in-ground test on the stored tile (`xTile`/`yTile`/`zTile`,
0 0 0 for an arrow loaded without them, as a scene's: `readEntityFromNBT`) — the position strictly inside the
tile's collision bounding box (`AxisAlignedBB.contains`; a fence's is its 1.0-high bounding box); stuck, the release
where the tile holds another block or metadata (`inTile`/`inData`; air for a loaded arrow without them) and no block
collision box meets the arrow's box grown by 0.05 (`World.collidesWithAnyBlock`: no entity test), else `life` + 1
(removed at 1200); in flight `ticksInAir` + 1, `World.rayTraceBlocks(position, position + motion, false, true,
false)` (blocks without a collision box passed, the others met by their bounding boxes: `engine.motion.raytrace_1_12`),
`findEntityOnPath` (the shooter skipped while `ticksInAir` < 5), `onHit`, position += motion, drag 0.99F (0.6F in
water), gravity 0.05000000074505806, `setPosition`, `doBlockCollisions`.

Not modelled (as in the engine's later arrows): a burning arrow setting its target on fire, knockback and the
living target's arrow count; an enderman that keeps the arrow. Tridents are entities of 1.13.

1.13.2's `EntityArrow.tick` (`arrow_tick_1_13`; client1.13.2 sources, docs/versions.md "1.13.2 sources") is this
tick but for four things: the in-ground test reads every box of the tile's collision VoxelShape; the release asks
for another block state in the tile (`inBlockState`, none for a loaded arrow: any state differs) and no collision
shape in the grown box (`isCollisionBoxesEmpty(null, ..)`); the block ray is 1.13.2's (`ray_trace_voxel_shapes`,
blocks without a collision shape passed); a block hit backs off by motion / (float)(|motion| × 20.0F). The hit
block's `onEntityCollision` runs: of the full cubes only TNT's acts (a burning arrow lights it), so a TNT block hit
stops the run in one line.

1.13.2's `EntityTrident` runs this tick too (as the engine's later trident, without Loyalty or Channeling: a
scene's trident holds no enchanted item, so its loyalty byte is 0 and the return, which alone sets noClip, never
runs): more than 4 ticks in the ground at the tick's start it has dealt damage, and then `findEntityOnPath` finds
nothing; water drag 0.99F; its entity hit is `TridentEntity.onEntityHit`'s (`Trident.on_entity_hit`), whose
bounce multiplies by the widened floats −0.01F and −0.1F (`trident_bounce_float`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import (
    ARROW_BACK_OFF,
    ARROW_BACK_OFF_DIVISOR_1_13,
    ARROW_BOUNCE_1_12,
    ARROW_DRAG,
    ARROW_DROP_OFFSET,
    ARROW_GRAVITY,
    ARROW_MAX_LIFE,
    ARROW_MIN_SPEED_SQUARED_1_12,
    ARROW_OWNER_FLYING_TICKS,
    ARROW_RELEASE_MARGIN_1_12,
    ARROW_SHAKE,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities.common import add_motion, scale_motion
from engine.entities.item import spawn_dropped
from engine.entities.projectile import ALLOWED, EntityHitResult, collides, damage
from engine.entities.thrown_1_12 import path_hits_1_12
from engine.geometry.box import Box, Vec3
from engine.java.javanum import INT_MAX, f32
from engine.java.mathhelper import ceil
from engine.motion.block_effects import check_block_collision
from engine.motion.raytrace_1_12 import BoxNotCompared, bounding_box
from engine.world import blocks

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.entities.arrow import PersistentProjectile
    from engine.world.blocks import BlockState

BASE = StageInfo("base_tick", "Entity.onEntityUpdate", "F")
STUCK = StageInfo("stuck_check", "EntityArrow.onUpdate")
RELEASE = StageInfo("release", "EntityArrow.onUpdate")
AGE = StageInfo("age", "EntityArrow.onUpdate")
COLLISION = StageInfo("collision", "World.rayTraceBlocks", "Dc")
ON_HIT = StageInfo("on_collision", "EntityArrow.onHit")
DRAG = StageInfo("drag", "EntityArrow.onUpdate", "D")
GRAVITY = StageInfo("gravity", "EntityArrow.onUpdate", "G")
POSITION = StageInfo("position_update", "Entity.setPosition", "M")
BLOCKS = StageInfo("check_block_collision", "Entity.doBlockCollisions", "Dc")


def tick_1_12(e: PersistentProjectile, sim: TickContext, rec: Recorder | None) -> None:
    """`EntityArrow.onUpdate`: F, the in-ground test on the tile, then stuck (release or age) or in flight
    (Dc, the hit, D G M Dc'); the position moves by the motion read after the hit, before the drag."""
    where = f"entity {e.id} ({e.TYPE}), tick {sim.tick_count}"
    if e.TYPE != "minecraft:arrow" and not sim.features.arrow_tick_1_13:
        raise refusal(sim.features, "arrow", where, "not in this version: tridents are entities of 1.13")
    run_stage(rec, e, BASE, e.base_tick, sim, rec)                                            # super.onUpdate()
    state = sim.world.get_block_state(*e.tile)
    new_tile = inside_tile_1_13 if sim.features.arrow_tick_1_13 else inside_tile
    if not state.is_air and run_stage(rec, e, STUCK, new_tile, e, state, where, sim):
        e.in_ground = True
    if e.shake > 0:
        e.shake -= 1
    if e.in_ground:
        if not same_block(state, e.in_block_state_id, sim.features.arrow_tick_1_13) \
                and sim.world.is_space_empty(e.box.expand(ARROW_RELEASE_MARGIN_1_12)):
            run_stage(rec, e, RELEASE, e.release)       # Motion × nextFloat() × 0.2F; ticksInGround, ticksInAir 0
        else:
            run_stage(rec, e, AGE, age_in_ground, e)
        e.in_ground_time += 1                                                                  # ++timeInGround
        return
    e.in_ground_time = 0
    e.flying_tick += 1                                                                         # ++ticksInAir
    run_stage(rec, e, COLLISION, collide, e, sim, where, rec)
    target = e.pos.plus(e.motion)                                                              # posX += motionX
    k = e.WATER_DRAG if e.touching_water else ARROW_DRAG                                      # isInWater()
    run_stage(rec, e, DRAG, scale_motion, e, k, k, k)
    if not e.no_gravity:
        run_stage(rec, e, GRAVITY, add_motion, e, 0.0, -ARROW_GRAVITY, 0.0)
    run_stage(rec, e, POSITION, e.set_position, target)
    run_stage(rec, e, BLOCKS, check_block_collision, e, sim, rec)


def inside_tile(e: PersistentProjectile, state: BlockState, where: str, sim: TickContext) -> bool:
    """The tile's `getCollisionBoundingBox` (none for a block without a collision box), offset to the tile, holds
    the position strictly on every side (`AxisAlignedBB.contains`)."""
    if state.collision_shape.is_empty:
        return False
    box = _bounding_box(state, where, sim)
    x, y, z = e.tile
    p = e.pos
    return (box.min_x + x < p.x < box.max_x + x and box.min_y + y < p.y < box.max_y + y
            and box.min_z + z < p.z < box.max_z + z)


def inside_tile_1_13(e: PersistentProjectile, state: BlockState, where: str, sim: TickContext) -> bool:
    """1.13.2: some box of the tile's collision VoxelShape (`toBoundingBoxList`), offset to the tile, holds the
    position strictly on every side."""
    x, y, z = e.tile
    p = e.pos
    return any(b[0] + x < p.x < b[3] + x and b[1] + y < p.y < b[4] + y and b[2] + z < p.z < b[5] + z
               for b in state.collision_shape.boxes)


def _bounding_box(state: BlockState, where: str, sim: TickContext) -> Box:
    try:
        return bounding_box(state)
    except BoxNotCompared as err:
        raise refusal(sim.features, "arrow", where, f"an arrow meets {err}, whose 1.12.2 bounding box is not "
                      "compared") from None


def same_block(state: BlockState, in_block_state_id: int | None, whole_state: bool = False) -> bool:
    """`block == inTile && meta == inData`: the stored state (air where none) against the tile's. A fence's
    connections are not metadata (`getActualState`): fences compare by block. `whole_state`, 1.13.2's
    `inBlockState == state`: the whole state (a fence's connections too), none stored matching nothing."""
    stored = blocks.all_states()[in_block_state_id] if in_block_state_id is not None else None
    if whole_state:
        return stored is not None and stored.id == state.id
    if stored is None:
        return state.is_air
    if state.block.endswith("_fence"):
        return stored.block == state.block
    return stored.id == state.id


def age_in_ground(e: PersistentProjectile) -> None:
    """`++ticksInGround`; removed at 1200."""
    e.life += 1
    if e.life >= ARROW_MAX_LIFE:
        e.remove()


def collide(e: PersistentProjectile, sim: TickContext, where: str, rec: Recorder | None) -> None:
    """The block ray to position + motion, the entity on the path up to its hit (it wins over the block; none for
    a trident that dealt damage), then `onHit`."""
    owner, finds = e.get_owner(sim), e.finds_entities()
    found, block_hit = path_hits_1_12(e, sim, lambda o: finds and collides(o) and (
        o is not owner or e.flying_tick >= ARROW_OWNER_FLYING_TICKS), "arrow", True)
    if found is not None:
        run_stage(rec, e, ON_HIT, e.on_entity_hit_1_12, sim, found)
    elif block_hit is not None:
        if sim.features.arrow_tick_1_13 and sim.world.get_block_state(*block_hit[1]).block == "tnt":
            raise refusal(sim.features, "arrow", where, "an arrow hits a TNT block, whose BlockTNT.onEntityCollision "
                          "(lit by a burning arrow) of 1.13.2 is not simulated")
        run_stage(rec, e, ON_HIT, on_block_hit, e, sim, *block_hit)


def on_block_hit(e: PersistentProjectile, sim: TickContext, hit: Vec3, cell: tuple[int, int, int]) -> None:
    """`onHit`'s block branch: the tile and its state stored; motion := (double)(float)(hit − position); the
    position (not the box) backs off by motion / (float)|motion| × 0.05000000074505806 (1.13.2: motion /
    (float)(|motion| × 20.0F)); the hit sound draws once; stuck, shaking 7 ticks; no longer critical."""
    e.tile = cell
    e.in_block_state_id = sim.world.get_block_state(*cell).id
    p = e.pos
    m = Vec3(f32(hit.x - p.x), f32(hit.y - p.y), f32(hit.z - p.z))
    e.motion = m
    length = f32(math.sqrt(m.x * m.x + m.y * m.y + m.z * m.z))                                # MathHelper.sqrt
    if sim.features.arrow_tick_1_13:
        d = f32(length * ARROW_BACK_OFF_DIVISOR_1_13)
        e.pos = Vec3(p.x - m.x / d, p.y - m.y / d, p.z - m.z / d)
    else:
        e.pos = Vec3(p.x - m.x / length * ARROW_BACK_OFF, p.y - m.y / length * ARROW_BACK_OFF,
                     p.z - m.z / length * ARROW_BACK_OFF)
    e.random.next_float()
    e.in_ground = True
    e.shake = ARROW_SHAKE
    e.critical = False


def on_entity_hit_1_12(e: PersistentProjectile, sim: TickContext, hit: EntityHitResult) -> None:
    """`onHit`'s entity branch: damage ⌈(float)|motion| × damage⌉ (+ nextInt(i / 2 + 2) when critical), the arrow
    (or its shooter) the attacker; a target that takes it: the hit sound draws, the arrow is removed; one that does
    not: motion × −0.10000000149011612, `ticksInAir` 0, removed below speed² 0.0010000000474974513 (an arrow item
    dropped where its pickup rule is ALLOWED)."""
    m = e.motion
    speed = f32(math.sqrt(m.x * m.x + m.y * m.y + m.z * m.z))
    amount = ceil(speed * e.damage_value)
    if e.critical:
        amount = min(amount + e.random.next_int(amount // 2 + 2), INT_MAX)
    if damage(sim, hit.entity, float(amount), e.attacker(sim), e):
        e.random.next_float()                                                                  # the hit sound
        e.remove()
        return
    scale_motion(e, ARROW_BOUNCE_1_12, ARROW_BOUNCE_1_12, ARROW_BOUNCE_1_12)
    e.flying_tick = 0
    if e.motion.length_squared() < ARROW_MIN_SPEED_SQUARED_1_12:
        if e.pickup == ALLOWED:                                                  # entityDropItem(stack, 0.1F)
            sim.add_entity(spawn_dropped(sim, e.pos.x, e.pos.y + ARROW_DROP_OFFSET, e.pos.z, "minecraft:arrow"))
        e.remove()
