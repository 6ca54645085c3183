"""What a block's sides offer to a block standing on or against them: `AbstractBlock.getSidesShape` and the face
tests on it, `isSideSolidFullSquare` (`SideShapeType.FULL`) and the rim test (`SideShapeType.RIGID`). Wire, gates
and the falling-fluid flow read them (docs/versions.md, the `redstone` and `fluids` rows).

1.14-1.15.2 have no sides shape: `Block.isSideSolidFullSquare` (1.14: `isSolidFullSquare`) and
`topCoversMediumSquare` (1.14: `isSolidMediumSquare`) test the collision shape, and never hold for a block of the
LEAVES tag. From 1.16 (`sides_shape`) the tests read `getSidesShape`: the collision shape but where a block
overrides it — leaves (empty), snow layers (the outline: layers × 2/16, so 8 layers make a full cube), soul sand
and, from 1.19, mud (a full cube); from 1.19.3 shulker boxes (`shulker_box_sides_shape`: a full cube while shut,
else a 1/16 slab at the base) and from 1.20.2 chorus flowers (`chorus_flower_sides_shape`: inset by 1/16 but at
the bottom). The 1.19.3 overrides of fence gates (a strip from 5/16 up, or empty when open) and hanging signs (the
outline) make no face these tests read differ from the collision shape's: neither is a full square or a rim.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.constants import (
    CHORUS_FLOWER_INSET,
    FACE_PROBE_HIGH,
    FACE_PROBE_LOW,
    RIM_INNER_HIGH,
    RIM_INNER_LOW,
    SHULKER_BOX_BASE,
    SNOW_LAYER_HEIGHT,
)
from engine.geometry.box import Axis, Box
from engine.geometry.shapes import EMPTY, FULL_CUBE, VoxelShape, from_boxes
from engine.world.block_entities import SHULKER_BOXES

if TYPE_CHECKING:
    from engine.geometry.box import BlockPos
    from engine.influences.piston_block_entity import Direction
    from engine.world.blocks import BlockState
    from engine.world.world import World

FULL_SIDES = frozenset({"soul_sand", "mud"})      # SoulSandBlock (1.16), MudBlock (1.19): getSidesShape a full cube
CHORUS_FLOWER_SIDES = from_boxes([Box(CHORUS_FLOWER_INSET, 0.0, CHORUS_FLOWER_INSET, 1.0 - CHORUS_FLOWER_INSET,
                                      1.0 - CHORUS_FLOWER_INSET, 1.0 - CHORUS_FLOWER_INSET)])
# the unit square's and the rim's edges: every cell of a face test's grid lies wholly in or out of either
_FACE_GRID = frozenset({0.0, RIM_INNER_LOW, RIM_INNER_HIGH, 1.0})


def _slab_on(axis: int, sign: int) -> VoxelShape:
    """The 1/16 slab of the cell on the side `(axis, sign)`: `ShulkerBoxBlock`'s `UP_SHAPE`, `DOWN_SHAPE`, …"""
    low, high = [0.0, 0.0, 0.0], [1.0, 1.0, 1.0]
    if sign < 0:
        high[axis] = SHULKER_BOX_BASE
    else:
        low[axis] = 1.0 - SHULKER_BOX_BASE
    return from_boxes([Box(*low, *high)])


@lru_cache(maxsize=8)
def _snow_sides(layers: int) -> VoxelShape:
    """`SnowBlock.LAYERS_TO_SHAPE[layers]`."""
    return from_boxes([Box(0.0, 0.0, 0.0, 1.0, layers * SNOW_LAYER_HEIGHT, 1.0)])


def _shulker_box_sides(world: World, state: BlockState, pos: BlockPos) -> VoxelShape:
    """`ShulkerBoxBlock.getSidesShape` (1.19.3): a box whose lid is not shut (`suffocates` false: the stage not
    CLOSED) offers the slab at its base, on the side opposite its facing; a shut one, or one without its block
    entity, a full cube."""
    from engine.influences.piston_block_entity import BY_NAME
    from engine.influences.shulker_box import CLOSED, ShulkerBoxBlockEntity
    be = world.block_entities.get(pos)
    if not isinstance(be, ShulkerBoxBlockEntity) or be.animation_stage == CLOSED:
        return FULL_CUBE
    base = BY_NAME[state.get("facing")].opposite
    return _slab_on(base.axis, base.sign)


def get_sides_shape(world: World, state: BlockState, pos: BlockPos) -> VoxelShape:
    """`AbstractBlockState.getSidesShape(world, pos)` of the world's release; before 1.16 the shape the support tests
    read in its place: the collision shape, or none for leaves (the LEAVES tag)."""
    block = state.block
    if block.endswith("_leaves"):                 # 1.16 LeavesBlock.getSidesShape; 1.14 !matches(LEAVES)
        return EMPTY
    features = world.features
    if features.sides_shape:
        if block == "snow":
            return _snow_sides(int(state.get("layers")))
        if block in FULL_SIDES:
            return FULL_CUBE
        if block == "chorus_flower" and features.chorus_flower_sides_shape:
            return CHORUS_FLOWER_SIDES
        if block in SHULKER_BOXES and features.shulker_box_sides_shape:
            return _shulker_box_sides(world, state, pos)
    return world.get_collision_shape(state, *pos)


def _face(shape: VoxelShape, axis: Axis, sign: int) -> tuple[tuple[float, ...], tuple[float, ...], frozenset] | None:
    """`VoxelShape.getFace(direction)`: the voxel layer holding 1 - 1e-7 (a positive side) or 1e-7 along the axis,
    as the grid of the other two axes (in axis order) and its filled cells; None where no layer holds it."""
    cs = shape.coords[axis]
    layer = bisect_right(cs, FACE_PROBE_HIGH if sign > 0 else FACE_PROBE_LOW) - 1
    if not 0 <= layer < len(cs) - 1:
        return None
    a, b = (i for i in range(3) if i != axis)
    cells = frozenset((v[a], v[b]) for v in shape.filled if v[axis] == layer)
    return shape.coords[a], shape.coords[b], cells


def _face_matches(shape: VoxelShape, axis: Axis, sign: int, rim: bool) -> bool:
    """`Block.isFaceFullSquare(shape, direction)` (the face is exactly the unit square), or with `rim` the RIGID
    test (no part of the unit square's ring of width 2/16 lies outside the face: `matchesAnywhere(face, rim,
    ONLY_SECOND)` false), on a grid merging the face's coordinates with the square's and the ring's."""
    face = _face(shape, axis, sign)
    if face is None:
        return False
    ca, cb, cells = face
    xs, ys = sorted(_FACE_GRID.union(ca)), sorted(_FACE_GRID.union(cb))
    for i in range(len(xs) - 1):
        mx = (xs[i] + xs[i + 1]) / 2
        j = bisect_right(ca, mx) - 1
        for k in range(len(ys) - 1):
            my = (ys[k] + ys[k + 1]) / 2
            n = bisect_right(cb, my) - 1
            filled = 0 <= j < len(ca) - 1 and 0 <= n < len(cb) - 1 and (j, n) in cells
            wanted = 0.0 < mx < 1.0 and 0.0 < my < 1.0
            if rim:
                wanted = wanted and not (RIM_INNER_LOW < mx < RIM_INNER_HIGH and RIM_INNER_LOW < my < RIM_INNER_HIGH)
                if wanted and not filled:
                    return False
            elif wanted != filled:
                return False
    return True


@lru_cache(maxsize=4096)
def is_face_full_square(shape: VoxelShape, axis: Axis, sign: int) -> bool:
    """`Block.isFaceFullSquare(shape, direction)`: the shape's face on the side (axis, sign) of the cell is exactly
    the cell's whole square."""
    return _face_matches(shape, axis, sign, False)


@lru_cache(maxsize=4096)
def _covers_rim(shape: VoxelShape, axis: Axis, sign: int) -> bool:
    return _face_matches(shape, axis, sign, True)


def is_side_solid_full_square(world: World, state: BlockState, pos: BlockPos, d: Direction) -> bool:
    """`AbstractBlockState.isSideSolidFullSquare(world, pos, d)` (`SideShapeType.FULL`; 1.14-1.15.2
    `Block.isSideSolidFullSquare`): the face of the sides shape on side `d` is the whole square."""
    return is_face_full_square(get_sides_shape(world, state, pos), d.axis, d.sign)


def is_side_rigid(world: World, state: BlockState, pos: BlockPos, d: Direction) -> bool:
    """`isSideSolid(world, pos, d, SideShapeType.RIGID)` (1.16.2 `Block.hasTopRim`, the gates' `canPlaceAbove` from
    1.20.2; 1.16's `hasTopRim` adds a full top, which the rim implies; 1.14-1.15.2 `topCoversMediumSquare`): the
    face of the sides shape on side `d` covers the square's ring of width 2/16 (a hopper's or a cauldron's top
    does, the centre open)."""
    return _covers_rim(get_sides_shape(world, state, pos), d.axis, d.sign)
