"""Block raycasts (spec 03 §7): `BlockView.raycast` walks the cells along a segment and, in each, tests the
block's collision shape (`VoxelShape.raycast`, `Box.raycast`) and the fluid shape its `FluidHandling` admits.

A shape's `.boxes` stand for vanilla's `getBoundingBoxes()` (the §7.4 split): block shapes come from
minecraft-data, which exports exactly that list, and fluid shapes are a single box.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from engine.constants import (
    JAVA_DOUBLE_MAX,
    JAVA_FLOAT_MIN,
    RAYCAST_EXTENSION,
    RAYCAST_INSIDE_PROBE,
    RAYCAST_MIN_LENGTH_SQUARED,
)
from engine.core.limits import MAX_RAYCAST_BLOCKS, SimulationLimit
from engine.core.trace import cell, point, segment
from engine.geometry.box import BlockPos, Box, Vec3
from engine.geometry.shapes import EMPTY, FULL_CUBE, VoxelShape, from_boxes
from engine.influences.fluids import fluid_at, get_height
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.motion import raycast_kernel
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.trace import Recorder
    from engine.world.shape_context import ShapeContext
    from engine.world.world import World

# Direction.ALL in id order, with unit vectors; getFacing breaks ties by this order
DIRECTIONS = (("down", (0, -1, 0)), ("up", (0, 1, 0)), ("north", (0, 0, -1)), ("south", (0, 0, 1)),
              ("west", (-1, 0, 0)), ("east", (1, 0, 0)))
OPPOSITE = {"down": "up", "up": "down", "north": "south", "south": "north", "west": "east", "east": "west"}

# RaycastContext.ShapeType and FluidHandling
COLLIDER = "collider"
OUTLINE = "outline"       # RaycastContext.ShapeType.OUTLINE: thrown projectiles ≤ 1.16.1, exposure rays < 1.16
# RaycastContext.ShapeType.FALLDAMAGE_RESETTING (1.18.2): a full cube for the FALL_DAMAGE_RESETTING tag, else empty
FALLDAMAGE_RESETTING = "falldamage_resetting"
SHAPE_TYPES = (COLLIDER, OUTLINE, FALLDAMAGE_RESETTING)
FLUID_NONE = "none"
FLUID_SOURCE_ONLY = "source_only"
FLUID_ANY = "any"
FLUID_WATER = "water"     # RaycastContext.FluidHandling.WATER (1.18.2): any water fluid state
FLUID_HANDLINGS = (FLUID_NONE, FLUID_SOURCE_ONLY, FLUID_ANY, FLUID_WATER)

# the walk and the box test are the kernels' own source (engine.motion.raycast_kernel), run as plain Python
_walk_start, _walk_more, _walk_step = (plain(raycast_kernel.walk_start), plain(raycast_kernel.walk_more),
                                       plain(raycast_kernel.walk_step))
_trace_box = plain(raycast_kernel.trace_box)


class BlockHitResult(NamedTuple):
    """`BlockHitResult`: where the segment stopped, the face it hit (the face facing the start), the block.

    A miss carries the end point, the facing of (start − end) and the end's cell. `against_world_border`: the hit
    of `getCollisionsIncludingWorldBorder` (1.21.2) on the border, not a block."""

    pos: Vec3
    side: str
    block_pos: BlockPos
    missed: bool
    inside: bool
    against_world_border: bool = False


def get_facing(x: float, y: float, z: float) -> str:
    """`Direction.getFacing(double, double, double)`: the components cast to float; the direction with the
    largest dot product (first in id order on ties), NORTH when none exceeds Float.MIN_VALUE."""
    fx, fy, fz = f32(x), f32(y), f32(z)
    best, side = JAVA_FLOAT_MIN, "north"
    for name, (ux, uy, uz) in DIRECTIONS:
        g = fx * ux + fy * uy + fz * uz
        if g > best:
            best, side = g, name
    return side


def raycast_boxes(boxes: Iterable[Box], start: Vec3, end: Vec3, block_pos: BlockPos) -> BlockHitResult | None:
    """`Box.raycast(boxes, from, to, pos)` (spec 03 §7.3 rule 2, §8 line-box test): the nearest entry through
    a face that faces the start, on axes where |Δ| > 1e-7. `boxes` are local to `block_pos`."""
    best = 1.0
    side = raycast_kernel.NO_SIDE
    dx = end.x - start.x
    dy = end.y - start.y
    dz = end.z - start.z
    px, py, pz = block_pos
    sx, sy, sz = start
    for local in boxes:
        b = local.offset(px, py, pz)
        best, side = _trace_box(best, side, sx, sy, sz, dx, dy, dz, b.min_x, b.min_y, b.min_z, b.max_x, b.max_y,
                                b.max_z)
    if side == raycast_kernel.NO_SIDE:
        return None
    return BlockHitResult(start.add(best * dx, best * dy, best * dz), raycast_kernel.SIDES[side], block_pos, False,
                          False)


def _contains(shape: VoxelShape, x: float, y: float, z: float) -> bool:
    """`VoxelShape.contains`: the voxel holding the point, voxels half-open ([lo, hi) per axis, spec 03 §7.3)."""
    idx = []
    for cs, v in zip(shape.coords, (x, y, z), strict=True):
        i = bisect_right(cs, v) - 1  # getCoordIndex: the last grid coordinate ≤ v
        if not 0 <= i < len(cs) - 1:
            return False
        idx.append(i)
    return tuple(idx) in shape.filled


def raycast_shape(shape: VoxelShape, start: Vec3, end: Vec3, block_pos: BlockPos) -> BlockHitResult | None:
    """`VoxelShape.raycast(start, end, pos)` (spec 03 §7.3): rule 4, then rule 1 at the 1/1000 point, then
    `Box.raycast` over the shape's boxes."""
    if shape.is_empty:
        return None
    v = Vec3(end.x - start.x, end.y - start.y, end.z - start.z)
    if v.length_squared() < RAYCAST_MIN_LENGTH_SQUARED:
        return None
    p = start.plus(v.multiply(RAYCAST_INSIDE_PROBE, RAYCAST_INSIDE_PROBE, RAYCAST_INSIDE_PROBE))
    bx, by, bz = block_pos
    if _contains(shape, p.x - bx, p.y - by, p.z - bz):
        return BlockHitResult(p, OPPOSITE[get_facing(v.x, v.y, v.z)], block_pos, False, True)
    return raycast_boxes(shape.boxes, start, end, block_pos)


_fluid_shapes: dict[float, VoxelShape] = {}


def _fluid_shape(world: World, pos: BlockPos, fluid_handling: str) -> VoxelShape:
    """`RaycastContext.getFluidShape`: the cuboid 0..height of a fluid the handling admits, else empty.

    Vanilla's `FlowableFluid.shapeCache` keys this shape by fluid state alone; here the height is always the
    cell's own `getHeight(world, pos)`."""
    if fluid_handling == FLUID_NONE:
        return EMPTY
    fs = fluid_at(world, *pos)
    if fs.fluid is None or (fluid_handling == FLUID_SOURCE_ONLY and not fs.is_source) \
            or (fluid_handling == FLUID_WATER and fs.fluid != "water"):
        return EMPTY
    h = get_height(world, *pos)
    shape = _fluid_shapes.get(h)
    if shape is None:
        shape = _fluid_shapes[h] = from_boxes([Box(0.0, 0.0, 0.0, 1.0, h, 1.0)])
    return shape


def _squared_distance(a: Vec3, b: Vec3) -> float:
    """`Vec3d.squaredDistanceTo`."""
    dx = b.x - a.x
    dy = b.y - a.y
    dz = b.z - a.z
    return dx * dx + dy * dy + dz * dz


def _block_shape(world: World, pos: BlockPos, shape_type: str, context: ShapeContext | None) -> VoxelShape:
    """`RaycastContext.getBlockShape`: the collision shape the ray's entity `context` gets (outlines are checked
    to equal the absent context's), or for FALLDAMAGE_RESETTING a full cube where the block resets fall damage."""
    state = world.get_block_state(*pos)
    if shape_type == FALLDAMAGE_RESETTING:
        return FULL_CUBE if phys.resets_fall_damage(state.block) else EMPTY
    return world.get_collision_shape(state, *pos, context if shape_type == COLLIDER else None)


def _raycast_cell(world: World, start: Vec3, end: Vec3, pos: BlockPos, fluid_handling: str,
                  shape_type: str, context: ShapeContext | None) -> BlockHitResult | None:
    """The per-cell test of `BlockView.raycast(RaycastContext)`: block and fluid shape; the nearer hit wins,
    the block on a tie."""
    block_hit = raycast_shape(_block_shape(world, pos, shape_type, context), start, end, pos)
    fluid_hit = raycast_shape(_fluid_shape(world, pos, fluid_handling), start, end, pos)
    d = JAVA_DOUBLE_MAX if block_hit is None else _squared_distance(start, block_hit.pos)
    e = JAVA_DOUBLE_MAX if fluid_hit is None else _squared_distance(start, fluid_hit.pos)
    return block_hit if d <= e else fluid_hit


def _lerp(delta: float, a: float, b: float) -> float:
    """`MathHelper.lerp(double, double, double)`."""
    return a + delta * (b - a)


def _same_vec(a: Vec3, b: Vec3) -> bool:
    """`Vec3d.equals`: `Double.compare` per component (NaN equals NaN, −0.0 differs from 0.0)."""
    return all(p == q and math.copysign(1.0, p) == math.copysign(1.0, q) or (p != p and q != q)
               for p, q in zip(a, b, strict=True))


def voxel_walk(x0: float, y0: float, z0: float, dx: float, dy: float, dz: float) -> Iterator[BlockPos]:
    """The cell walk of `BlockView.raycast` (spec 03 §7.1) and 1.21.2's `collectCollisionsBetween`: from the cell
    of (x0, y0, z0), the cells the segment of length (dx, dy, dz) enters, in order, while a boundary parameter is
    at most 1 (the starting cell is not yielded; `raycast_kernel.walk_step`). The caller caps the steps."""
    w = _walk_start(x0, y0, z0, dx, dy, dz)
    while _walk_more(w):
        w = _walk_step(w)
        yield w[0], w[1], w[2]


def _walk(world: World, start: Vec3, end: Vec3, fluid_handling: str, shape_type: str,
          trail: list[BlockPos] | None, context: ShapeContext | None) -> BlockHitResult | None:
    """The static `BlockView.raycast`: test the cells along the extended segment in order (spec 03 §7.1)."""

    def test(pos: BlockPos) -> BlockHitResult | None:
        if trail is not None:
            trail.append(pos)
        return _raycast_cell(world, start, end, pos, fluid_handling, shape_type, context)

    if _same_vec(start, end):
        return None
    # extend both ends by 1e-7 of the segment
    ex = _lerp(-RAYCAST_EXTENSION, end.x, start.x)
    ey = _lerp(-RAYCAST_EXTENSION, end.y, start.y)
    ez = _lerp(-RAYCAST_EXTENSION, end.z, start.z)
    sx = _lerp(-RAYCAST_EXTENSION, start.x, end.x)
    sy = _lerp(-RAYCAST_EXTENSION, start.y, end.y)
    sz = _lerp(-RAYCAST_EXTENSION, start.z, end.z)
    length = abs(ex - sx) + abs(ey - sy) + abs(ez - sz)   # NaN: the walk below ends at once
    if length > MAX_RAYCAST_BLOCKS:
        raise SimulationLimit(f"a raycast of {length:.3g} blocks")
    hit = test((floor(sx), floor(sy), floor(sz)))
    if hit is not None:
        return hit
    for walked, pos in enumerate(voxel_walk(sx, sy, sz, ex - sx, ey - sy, ez - sz), 1):
        if walked > MAX_RAYCAST_BLOCKS:   # NaN steps can keep a boundary parameter at or below 1 forever
            raise SimulationLimit(f"a raycast from {start} to {end} that never ends")
        hit = test(pos)
        if hit is not None:
            return hit
    return None


def outline_is_collision(block: str) -> bool:
    """Whether the block's outline shape is its collision shape in every state and release (the collision shape
    being the outline, Block.getCollisionShape's default): EnchantingTableBlock's SHAPE, SlabBlock's and
    StairsBlock's shapes per state (1.14-1.21.3; 1.13.2's BlockEnchantmentTable, BlockSlab, BlockStairs)."""
    return block == "enchanting_table" or block.endswith(("_slab", "_stairs"))


def _require_outline_equals_collision(world: World, tested: list[BlockPos]) -> None:
    """Outline shapes are not modelled. Where every tested cell is air, a full-cube collision block (whose
    outline is the same cube) or a block whose outline is its collision shape (`outline_is_collision`), the
    collision walk is the outline walk; any other block stops the run."""
    for pos in tested:
        state = world.get_block_state(*pos)
        if not state.is_air and not outline_is_collision(state.block) \
                and not world.get_collision_shape(state, *pos).is_full_cube:
            raise NotImplementedError(f"outline-shape raycasts (spec 03 §7.5, spec 04 §15; this version) through "
                                      f"{state.block} at {list(pos)}")


def raycast_blocks(world: World, start: Vec3, end: Vec3, fluid_handling: str = FLUID_NONE,
                   rec: Recorder | None = None, cells: list[BlockPos] | None = None, *,
                   shape_type: str = COLLIDER, context: ShapeContext | None = None) -> BlockHitResult:
    """`BlockView.raycast(RaycastContext)` (spec 03 §7): the first hit along start → end, or a miss.

    `fluid_handling` is "none", "source_only" (still fluids), "any" or "water"; `shape_type` "collider",
    "outline" or "falldamage_resetting"; `context` the shape context of the ray's entity (`RaycastContext`'s
    `ShapeContext.of(entity)`: scaffolding's collision shape reads it), else the absent one's. `cells`, when
    given, receives every cell tested, in order. With `rec`, records the "raycast" segment (clipped at a hit), one
    "raycast_cell" per tested cell with its `order`, and a "raycast_hit" point."""
    if fluid_handling not in FLUID_HANDLINGS:
        raise ValueError(f"fluid_handling {fluid_handling!r}: expected one of {', '.join(FLUID_HANDLINGS)}")
    if shape_type not in SHAPE_TYPES:
        raise ValueError(f"shape_type {shape_type!r}: expected one of {', '.join(SHAPE_TYPES)}")
    trail = cells if cells is not None else [] if rec is not None or shape_type == OUTLINE else None
    first = len(trail) if trail is not None else 0
    hit = _walk(world, start, end, fluid_handling, shape_type, trail, context)
    if shape_type == OUTLINE:
        _require_outline_equals_collision(world, trail[first:])
    if hit is None:
        hit = BlockHitResult(end, get_facing(start.x - end.x, start.y - end.y, start.z - end.z),
                             (floor(end.x), floor(end.y), floor(end.z)), True, False)
    if rec is not None and trail is not None:
        rec.geometry(segment("raycast", start, end, clipped_to=None if hit.missed else hit.pos))
        for order, pos in enumerate(trail[first:]):
            rec.geometry(cell("raycast_cell", pos, order))
        if not hit.missed:
            rec.geometry(point("raycast_hit", hit.pos))
    return hit
