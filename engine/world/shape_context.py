"""Collision shapes that depend on the entity asking: `ShapeContext` (1.14 `EntityContext`, 1.16 `ShapeContext`).

Vanilla asks `state.getCollisionShape(world, pos, context)` with the moving entity's context in every query that
`getBlockCollisions(entity, box)` serves (the move's sweeps, the step-up, `isSpaceEmpty(entity, box)`, the
supporting block); queries without an entity take the absent context. Of the blocks the engine models
scaffolding (1.14+) and powder snow (1.17+) read it, and the 1.21.2+ experimental minecart's context empties cells
of its own
(`ExperimentalMinecartShapeContext`). Every other block's shape is the state's, so a query passes a context only
through to these few cells (`World.get_collision_shape`); without one the shapes are the absent context's.

Facts: Yarn 4ffac47a3 (1.14) `EntityContextImpl` (the box's minY, `isSneaking`), 20cb124df (1.16.5) and def674d26
(1.21.3) `EntityShapeContext` (`getY()`, `isDescending` = `isSneaking`; for every entity the engine moves its
position's Y is its box's minY), `ScaffoldingBlock.getCollisionShape` (the same in the three),
`ExperimentalMinecartShapeContext.setIgnoredPositions`; `PowderSnowBlock.getCollisionShape` and
`canWalkOnPowderSnow` (Yarn 9a1012203 1.17, 4acffbe79 1.18.2, def674d26 1.21.3; MattMC 1.21.10 the same but for
placement contexts, which no entity query makes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.constants import POWDER_SNOW_FALLING_DISTANCE, POWDER_SNOW_FALLING_TOP, SHAPE_CONTEXT_ABOVE_MARGIN
from engine.geometry.box import Box
from engine.geometry.shapes import EMPTY, FULL_CUBE, VoxelShape, from_boxes

if TYPE_CHECKING:
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState

CONTEXT_BLOCKS = frozenset({"scaffolding", "powder_snow"})   # blocks whose getCollisionShape reads the context
# ScaffoldingBlock.COLLISION_SHAPE: the bottom slab (0, 0, 0)..(16, 2, 16) of a scaffolding that is not held up
SCAFFOLDING_BOTTOM_SLAB = from_boxes([Box(0.0, 0.0, 0.0, 1.0, 0.125, 1.0)])
SCAFFOLDING_OUTLINE_TOP = 0.0                 # ScaffoldingBlock.OUTLINE_SHAPE: the full cube 1 down, its max Y
POWDER_SNOW_FALLING_SHAPE = from_boxes([Box(0.0, 0.0, 0.0, 1.0, POWDER_SNOW_FALLING_TOP, 1.0)])


class ShapeContext(NamedTuple):
    """`EntityShapeContext` of an entity: whether it is descending (sneaking), its min Y, the cells an
    experimental minecart's context empties (`ExperimentalMinecartShapeContext`: the cell below its rail and,
    on an ascending rail, the one the slope rises into), and what powder snow reads of the entity: its fall
    distance, whether it is a falling block, and whether it walks on powder snow (`canWalkOnPowderSnow`)."""

    descending: bool
    min_y: float
    ignored: tuple[BlockPos, ...] = ()
    fall_distance: float = 0.0
    falling_block: bool = False
    walks_on_powder_snow: bool = False

    def is_above(self, top: float, y: int) -> bool:
        """`isAbove(shape, pos, default)`: the entity's min Y is above the shape's top in cell row `y`, less
        1.0E-5F."""
        return self.min_y > y + top - SHAPE_CONTEXT_ABOVE_MARGIN


def context_collision_shape(state: BlockState, y: int, context: ShapeContext) -> VoxelShape:
    """`getCollisionShape(world, pos, context)` of a block of `CONTEXT_BLOCKS` in cell row `y`."""
    if state.block == "powder_snow":
        return powder_snow_collision_shape(y, context)
    return scaffolding_collision_shape(state, y, context)


def powder_snow_collision_shape(y: int, context: ShapeContext) -> VoxelShape:
    """`PowderSnowBlock.getCollisionShape` for an entity: falling more than 2.5F, the falling shape (0.9F high);
    a falling block, or an entity that walks on powder snow above its full cube and not descending, the full
    cube; else none (the absent context's too: the table's empty shape)."""
    if context.fall_distance > POWDER_SNOW_FALLING_DISTANCE:
        return POWDER_SNOW_FALLING_SHAPE
    if context.falling_block or context.walks_on_powder_snow and context.is_above(1.0, y) and not context.descending:
        return FULL_CUBE
    return EMPTY


def scaffolding_collision_shape(state: BlockState, y: int, context: ShapeContext) -> VoxelShape:
    """`ScaffoldingBlock.getCollisionShape`: above its full cube and not descending, its outline (the state's
    shape: what the absent context gets); else, where it is not held up (distance ≠ 0, bottom) and the entity is
    above the cell's floor, the bottom slab; else no shape."""
    if context.is_above(1.0, y) and not context.descending:
        return state.collision_shape
    props = state.properties
    if props["distance"] != "0" and props["bottom"] == "true" and context.is_above(SCAFFOLDING_OUTLINE_TOP, y):
        return SCAFFOLDING_BOTTOM_SLAB
    return EMPTY
