"""`Direction` orders the redstone code iterates in (`Direction.values()`, `Direction.Type`, `World` and
`AbstractBlock` arrays), and block positions moved along them."""

from __future__ import annotations

from engine.geometry.box import BlockPos
from engine.influences.piston_block_entity import BY_NAME, DIRECTIONS, Direction

DOWN, UP, NORTH, SOUTH, WEST, EAST = DIRECTIONS
VALUES = DIRECTIONS                                   # Direction.values(): down, up, north, south, west, east
HORIZONTAL = (NORTH, EAST, SOUTH, WEST)               # Direction.Type.HORIZONTAL
VERTICAL = (UP, DOWN)                                 # Direction.Type.VERTICAL
NEIGHBOR_ORDER = (WEST, EAST, DOWN, UP, NORTH, SOUTH)  # World.updateNeighborsAlways
SHAPE_UPDATE_ORDER = (WEST, EAST, NORTH, SOUTH, DOWN, UP)  # AbstractBlock.DIRECTIONS: shape updates

__all__ = ["BY_NAME", "DOWN", "EAST", "HORIZONTAL", "NEIGHBOR_ORDER", "NORTH", "SHAPE_UPDATE_ORDER", "SOUTH", "UP",
           "VALUES", "VERTICAL", "WEST", "Direction", "offset"]


_OFFSETS = tuple(d.offset for d in VALUES)             # by Direction.id


def offset(pos: BlockPos, d: Direction, n: int = 1) -> BlockPos:
    """`BlockPos.offset(direction, n)`."""
    ox, oy, oz = _OFFSETS[d.id]
    return (pos[0] + ox * n, pos[1] + oy * n, pos[2] + oz * n)


def rotate_y_clockwise(d: Direction) -> Direction:
    """`Direction.rotateYClockwise`: north → east → south → west → north."""
    return HORIZONTAL[(HORIZONTAL.index(d) + 1) % 4]


def rotate_y_counterclockwise(d: Direction) -> Direction:
    return HORIZONTAL[(HORIZONTAL.index(d) + 3) % 4]
