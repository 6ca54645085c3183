"""1.12.2's block ray, `World.rayTraceBlocks(start, end)` (stopOnLiquid, ignoreBlockWithoutBoundingBox and
returnLastUncollidableBlock all false), as `World.getBlockDensity` casts it from each sample point of an entity's
box to the explosion's centre: the start cell first, then at most 201 steps from cell face to cell face (the
nearest face crossing by (face − position) / delta, a zero ratio read as −1.0E-4), ending without a hit on
reaching the end cell. Each cell met whose block `canCollideCheck` (not air, not a fluid) is tested by
`Block.collisionRayTrace` → `AxisAlignedBB.calculateIntercept` of its bounding box (its outline): the six face
planes' crossings within the segment (`Vec3d.getIntermediateWithXValue`: none where the delta² on that axis is
below 1.0000000116860974E-7), inside the face's bounds inclusive, the nearest one the hit. No 1.0E-7 margins,
unlike 1.14's `BlockView.raycast` (facts: MCP-named 1.12.2 `World`, `Block`, `AxisAlignedBB`, `Vec3d`,
docs/versions.md). The bounding boxes known here (`bounding_box`): full cubes, slabs (`BlockSlab`: the lower or upper
half), fences (`BlockFence.BOUNDING_BOXES`: the post's 0.375..0.625 stretched to 0 or 1 towards each connected
side, 1.0 high — the collision box is 1.5 high), cobwebs (a full cube) and grass and ferns (`TALL_GRASS_AABB`) —
the last two without a collision box, so a ray stops on them; any other block on a ray stops the run in one line
(`BoxNotCompared`). 1.13.2's (`ray_trace_voxel_shapes`) walks the cells alike and tests each by
`VoxelShape.rayTrace` of its outline shape (`engine.motion.raycast.raycast_shape`: a ray whose point 1/1000 along lies
inside the shape hits at once; `AxisAlignedBB.rayTrace`'s 1.0E-7 margins); full cubes, slabs, stairs and
enchanting tables only, whose outline is their collision shape (MCP-named 1.13.2 `World.rayTraceBlocks`,
`Block.collisionRayTrace`, `VoxelShape.rayTrace`, `AxisAlignedBB.rayTrace`)."""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

from engine.constants import (
    RAY_TRACE_NO_FACE_1_12,
    RAY_TRACE_PARALLEL_1_12,
    RAY_TRACE_STEPS_1_12,
    RAY_TRACE_ZERO_RATIO_1_12,
    TALL_GRASS_HIGH_1_12,
    TALL_GRASS_LOW_1_12,
    TALL_GRASS_TOP_1_12,
)
from engine.geometry.box import Box, Vec3
from engine.java.mathhelper import floor
from engine.motion.raycast import outline_is_collision, raycast_shape
from engine.world import blocks

if TYPE_CHECKING:
    from engine.world.world import World

FLUIDS = frozenset({"water", "lava"})  # BlockLiquid.canCollideCheck(state, false) is false
UNIT = Box(0.0, 0.0, 0.0, 1.0, 1.0, 1.0)
FENCE_POST = (0.375, 0.625)            # BlockFence.BOUNDING_BOXES: the post's X and Z span, the box 1.0 high
# BlockTallGrass.TALL_GRASS_AABB (grass and fern; a plant without a collision box)
TALL_GRASS = Box(TALL_GRASS_LOW_1_12, 0.0, TALL_GRASS_LOW_1_12, TALL_GRASS_HIGH_1_12, TALL_GRASS_TOP_1_12,
                 TALL_GRASS_HIGH_1_12)
FULL_SELECTION = frozenset({"cobweb"})   # Block.FULL_BLOCK_AABB without a collision box (BlockWeb)


class BoxNotCompared(Exception):
    """A block on the ray whose 1.12.2 bounding box is not known here (anything but air, a fluid or a full cube);
    the argument names it."""


def _div(a: float, b: float) -> float:
    """Java's double division (a zero divisor gives ±infinity or NaN)."""
    if b != 0.0:
        return a / b
    if a == 0.0 or a != a:
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def _intermediate(a: Vec3, b: Vec3, axis: int, value: float) -> Vec3 | None:
    """`Vec3d.getIntermediateWithX/Y/ZValue`: the point of segment a→b whose `axis` coordinate is `value`, where the
    ratio lies in [0, 1] and the segment is not (nearly) parallel to the plane."""
    d = (b.x - a.x, b.y - a.y, b.z - a.z)
    if d[axis] * d[axis] < RAY_TRACE_PARALLEL_1_12:
        return None
    t = (value - a[axis]) / d[axis]
    if not 0.0 <= t <= 1.0:
        return None
    return Vec3(a.x + d[0] * t, a.y + d[1] * t, a.z + d[2] * t)


def calculate_intercept(box: Box, a: Vec3, b: Vec3) -> Vec3 | None:
    """`AxisAlignedBB.calculateIntercept(a, b)`: the crossings of the face planes min X, max X, min Y, max Y, min Z,
    max Z in turn that lie within the face (bounds inclusive), a later one kept only where strictly nearer to
    `a`."""
    best: Vec3 | None = None
    lows, highs = (box.min_x, box.min_y, box.min_z), (box.max_x, box.max_y, box.max_z)
    for axis in (0, 1, 2):
        for value in (lows[axis], highs[axis]):
            p = _intermediate(a, b, axis, value)
            if p is None or not all(lows[o] <= p[o] <= highs[o] for o in (0, 1, 2) if o != axis):
                continue
            if best is None or _dist_sq(a, p) < _dist_sq(a, best):
                best = p
    return best


def _dist_sq(a: Vec3, b: Vec3) -> float:
    dx, dy, dz = b.x - a.x, b.y - a.y, b.z - a.z
    return dx * dx + dy * dy + dz * dz


def bounding_box(state: blocks.BlockState) -> Box | None:
    """`Block.getBoundingBox` (the selection box `collisionRayTrace` tests) of a block `canCollideCheck` accepts,
    None for air and fluids. A fence's connections are its state's (1.12.2's `getActualState` computes them from
    the neighbours: a scene gives them as 1.16.5 stores them)."""
    if state.is_air or state.block in FLUIDS:
        return None
    if state.collision_shape.is_full_cube or state.block in FULL_SELECTION:
        return UNIT
    if state.block in ("grass", "fern"):
        return TALL_GRASS
    props = state.properties
    if state.block.endswith("_slab"):
        return Box(0.0, 0.0, 0.0, 1.0, 0.5, 1.0) if props["type"] == "bottom" else Box(0.0, 0.5, 0.0, 1.0, 1.0, 1.0)
    if state.block.endswith("_fence"):
        low, high = FENCE_POST
        return Box(0.0 if props["west"] == "true" else low, 0.0, 0.0 if props["north"] == "true" else low,
                   1.0 if props["east"] == "true" else high, 1.0, 1.0 if props["south"] == "true" else high)
    raise BoxNotCompared(state.name)


def _voxel_ray_trace(world: World, x: int, y: int, z: int, start: Vec3, end: Vec3,
                     ignore_no_box: bool = False) -> Vec3 | None:
    """1.13.2's `canCollideCheck` (`Block.isCollidable`: not air, not a fluid block) then `Block.collisionRayTrace`:
    `VoxelShape.rayTrace` of the block's outline shape (`getShape`), the hit point or None; with `ignore_no_box` (an
    arrow's ray) a block whose collision shape is empty is passed first. Only full cubes, whose outline is the unit
    cube, and the blocks whose outline is their collision shape (`raycast.outline_is_collision`: 1.13.2's
    `BlockSlab`, `BlockStairs` and `BlockEnchantmentTable` override `getShape` alone, which `getCollisionShape`
    returns) are known here; another block stops the run (`BoxNotCompared`)."""
    state = blocks.all_states()[world.get_state_id(x, y, z)]
    if state.is_air or state.block in FLUIDS or ignore_no_box and state.collision_shape.is_empty:
        return None
    if not state.collision_shape.is_full_cube and not outline_is_collision(state.block):
        raise BoxNotCompared(state.name)
    hit = raycast_shape(state.collision_shape, start, end, (x, y, z))
    return None if hit is None else hit.pos


def _collision_ray_trace(world: World, x: int, y: int, z: int, start: Vec3, end: Vec3,
                         ignore_no_box: bool = False) -> Vec3 | None:
    """`canCollideCheck` then `Block.collisionRayTrace` of cell (x, y, z): the world hit point, or None. With
    `ignore_no_box` (`ignoreBlockWithoutBoundingBox`, an arrow's ray) a block without a collision box
    (`getCollisionBoundingBox` NULL_AABB: a cobweb, grass, a fern) is passed."""
    state = blocks.all_states()[world.get_state_id(x, y, z)]
    if ignore_no_box and state.collision_shape.is_empty:
        return None
    box = bounding_box(state)
    if box is None:
        return None
    hit = calculate_intercept(box, Vec3(start.x - x, start.y - y, start.z - z), Vec3(end.x - x, end.y - y, end.z - z))
    return None if hit is None else Vec3(hit.x + x, hit.y + y, hit.z + z)


def ray_trace_blocks(world: World, start: Vec3, end: Vec3, voxel_shapes: bool = False) -> Vec3 | None:
    """`World.rayTraceBlocks(start, end)`: where the first block met stops the ray, or None (a miss); with
    `voxel_shapes` 1.13.2's, each cell tested by its outline `VoxelShape` (`ray_trace_voxel_shapes`)."""
    hit = ray_trace_result(world, start, end, voxel_shapes)
    return None if hit is None else hit[0]


def ray_trace_result(world: World, start: Vec3, end: Vec3, voxel_shapes: bool = False,
                     ignore_no_box: bool = False) -> tuple[Vec3, tuple[int, int, int]] | None:
    """`World.rayTraceBlocks(start, end)`'s `RayTraceResult`: the hit point and the block's cell, or None. With
    `ignore_no_box` 1.12.2's `rayTraceBlocks(start, end, false, true, false)` (an arrow's; 1.13.2's with
    `RayTraceFluidMode.NEVER`): blocks without a collision box are passed."""
    if any(c != c for c in (*start, *end)):
        return None
    cell_test = partial(_voxel_ray_trace if voxel_shapes else _collision_ray_trace, ignore_no_box=ignore_no_box)
    i, j, k = floor(end.x), floor(end.y), floor(end.z)
    cx, cy, cz = floor(start.x), floor(start.y), floor(start.z)
    hit = cell_test(world, cx, cy, cz, start, end)
    if hit is not None:
        return hit, (cx, cy, cz)
    p = start
    for _ in range(RAY_TRACE_STEPS_1_12 + 1):
        if p.x != p.x or p.y != p.y or p.z != p.z:
            return None
        if cx == i and cy == j and cz == k:
            return None
        faces = (cx + 1.0 if i > cx else cx + 0.0, cy + 1.0 if j > cy else cy + 0.0, cz + 1.0 if k > cz else cz + 0.0)
        moves = (i != cx, j != cy, k != cz)
        d = (end.x - p.x, end.y - p.y, end.z - p.z)
        t = [_div(faces[a] - p[a], d[a]) if moves[a] else RAY_TRACE_NO_FACE_1_12 for a in range(3)]
        t = [RAY_TRACE_ZERO_RATIO_1_12 if r == 0.0 else r for r in t]
        if t[0] < t[1] and t[0] < t[2]:
            p = Vec3(faces[0], p.y + d[1] * t[0], p.z + d[2] * t[0])
            cx, cy, cz = floor(p.x) - (0 if i > cx else 1), floor(p.y), floor(p.z)     # WEST / EAST face
        elif t[1] < t[2]:
            p = Vec3(p.x + d[0] * t[1], faces[1], p.z + d[2] * t[1])
            cx, cy, cz = floor(p.x), floor(p.y) - (0 if j > cy else 1), floor(p.z)     # DOWN / UP face
        else:
            p = Vec3(p.x + d[0] * t[2], p.y + d[1] * t[2], faces[2])
            cx, cy, cz = floor(p.x), floor(p.y), floor(p.z) - (0 if k > cz else 1)     # NORTH / SOUTH face
        hit = cell_test(world, cx, cy, cz, p, end)
        if hit is not None:
            return hit, (cx, cy, cz)
    return None
