"""Rails as a minecart reads them (spec 06 §6.5, Fig. 7.6): the shape's two exits and the path a cart snaps onto.

Rails are `rail` (ten shapes, curves included), `powered_rail`, `detector_rail` and `activator_rail` (the six
straight and ascending shapes); the block-state table refuses a shape that a rail does not have. Powered and
activator rails act on their `powered` property, which a scene sets (in `[[blocks]]` or by a `set_block` action)
or redstone powers (engine/redstone/rails.py, where a detector rail is pressed).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import RAIL_HEIGHT
from engine.core.trace import Geometry, segment
from engine.geometry.box import Vec3
from engine.java.mathhelper import floor
from engine.jit import njit, plain
from engine.redstone.power import NOT_SOLID, is_solid_block
from engine.world import blocks
from engine.world.block_entities import SHULKER_BOXES

if TYPE_CHECKING:
    from engine.world.blocks import BlockState
    from engine.world.world import World

RAILS = frozenset({"rail", "powered_rail", "detector_rail", "activator_rail"})   # BlockTags.RAILS

_W, _E, _N, _S = (-1, 0, 0), (1, 0, 0), (0, 0, -1), (0, 0, 1)


def _down(v: tuple[int, int, int]) -> tuple[int, int, int]:
    return (v[0], v[1] - 1, v[2])


# AbstractMinecartEntity.ADJACENT_RAIL_POSITIONS_BY_SHAPE: the two cells a shape joins (one lower on slopes)
ADJACENT: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "north_south": (_N, _S), "east_west": (_W, _E),
    "ascending_east": (_down(_W), _E), "ascending_west": (_W, _down(_E)),
    "ascending_north": (_N, _down(_S)), "ascending_south": (_down(_N), _S),
    "south_east": (_S, _E), "south_west": (_S, _W), "north_west": (_N, _W), "north_east": (_N, _E),
}


# the same, by shape index (the kernels' `rail_shape` column): (a.x, a.y, a.z, b.x, b.y, b.z)
SHAPES = tuple(ADJACENT)
EXITS = tuple((*a, *b) for a, b in ADJACENT.values())
# moveOnRail's slope pull by shape index: the signs of (x, z) multiplying g (ascending rails only)
SLOPE_SIGNS = tuple({"ascending_east": (-1.0, 0.0), "ascending_west": (1.0, 0.0), "ascending_north": (0.0, 1.0),
                     "ascending_south": (0.0, -1.0)}.get(shape, (0.0, 0.0)) for shape in SHAPES)
EAST_WEST, NORTH_SOUTH = SHAPES.index("east_west"), SHAPES.index("north_south")
NO_RAIL = -1
# a rail state's code in `rail_states`: shape index | kind << KIND_SHIFT | POWERED
KIND_SHIFT, KIND_MASK, POWERED = 4, 3, 64
# a state's solidity in `rail_states`: a shulker box's is its lid's (its block entity), which the kernels do not read
NOT_SOLID_BLOCK, SOLID_BLOCK, SOLID_BY_BLOCK_ENTITY = 0, 1, -1
RAIL_KINDS = ("rail", "powered_rail", "detector_rail", "activator_rail")
RAIL, POWERED_RAIL, DETECTOR_RAIL, ACTIVATOR_RAIL = range(4)


@lru_cache(maxsize=1)
def rail_states() -> tuple[np.ndarray, np.ndarray]:
    """What the minecart kernels read about each block state id: its rail code (NO_RAIL, or the shape index, the
    kind and the `powered` bit) and whether it is a solid block (`willHitBlockAt`, the power module's
    `is_solid_block`: SOLID_BLOCK, NOT_SOLID_BLOCK, or SOLID_BY_BLOCK_ENTITY for a shulker box)."""
    states = blocks.all_states()
    rail = np.full(len(states), NO_RAIL, dtype=np.int32)
    solid = np.zeros(len(states), dtype=np.int8)
    for st in states:
        if st.block in SHULKER_BOXES:
            solid[st.id] = SOLID_BY_BLOCK_ENTITY
        elif st.collision_shape.is_full_cube and st.block not in NOT_SOLID:
            solid[st.id] = SOLID_BLOCK
        if st.block in RAILS:
            rail[st.id] = (SHAPES.index(st.get("shape")) | RAIL_KINDS.index(st.block) << KIND_SHIFT
                           | POWERED * (st.properties.get("powered") == "true"))
    return rail, solid


def is_rail(state: BlockState) -> bool:
    return state.block in RAILS


def solid_rail_ends(world: World, x: int, y: int, z: int, rail: int) -> tuple[bool, bool]:
    """Whether the cells at the two ends of a flat straight rail at (x, y, z) hold a solid block: west and east
    (EAST_WEST), north and south (NORTH_SOUTH); neither for other shapes. What a powered rail's kickstart and launch
    direction read (`willHitBlockAt`): `isSolidBlock` from 1.16, `isSimpleFullBlock` in 1.14-1.15.2 and
    `isNormalCube` in 1.12.2-1.13.2 — each release's redstone conductor, which the power module's
    `is_solid_block` decides (glass, ice, leaves, TNT, observers and redstone blocks are none)."""
    if rail == EAST_WEST:
        return _solid(world, x - 1, y, z), _solid(world, x + 1, y, z)
    if rail == NORTH_SOUTH:
        return _solid(world, x, y, z - 1), _solid(world, x, y, z + 1)
    return False, False


def _solid(world: World, x: int, y: int, z: int) -> bool:
    return is_solid_block(world, world.get_block_state(x, y, z), (x, y, z))


def rail_cell(world: World, x: float, y: float, z: float) -> tuple[int, int, int]:
    """The cell a cart at (x, y, z) reads its rail from: its own, or the one below when that holds a rail."""
    i, j, k = floor(x), floor(y), floor(z)
    if is_rail(world.get_block_state(i, j - 1, k)):
        j -= 1
    return i, j, k


@njit(inline=True)
def along_rail(x: float, z: float, cell_x: int, cell_z: int, ax: float, az: float, dx: float, dz: float) -> float:
    """How far along the rail from its exit (ax, az) towards the other, (dx, dz) apart, the point (x, z) of the
    rail cell (cell_x, cell_z) lies, as `moveOnRail` and `snapPositionToRail` both compute it: the offset along a
    straight rail's axis, else twice the projection on the diagonal."""
    if dx == 0.0:
        return z - cell_z
    if dz == 0.0:
        return x - cell_x
    return ((x - ax) * dx + (z - az) * dz) * 2.0


def snap_position_to_rail(world: World, x: float, y: float, z: float) -> Vec3 | None:
    """`AbstractMinecartEntity.snapPositionToRail`: the point of the rail's path nearest (x, z), on the segment
    between the exits' edge midpoints 0.0625 above the cell floor; ascending rails rise along it (spec 06 §6.5).
    None off rails."""
    i, j, k = rail_cell(world, x, y, z)
    state = world.get_block_state(i, j, k)
    if not is_rail(state):
        return None
    return Vec3(*_snap_on_rail(i, j, k, SHAPES.index(state.get("shape")), x, z))


@njit(inline=True)
def snap_on_rail(i: int, j: int, k: int, shape: int, x: float, z: float) -> tuple[float, float, float]:
    """The point `snapPositionToRail` gives for (x, z) on the rail of shape index `shape` in cell (i, j, k)."""
    e = EXITS[shape]
    ax, ay, az = i + 0.5 + e[0] * 0.5, j + RAIL_HEIGHT + e[1] * 0.5, k + 0.5 + e[2] * 0.5
    bx, by, bz = i + 0.5 + e[3] * 0.5, j + RAIL_HEIGHT + e[4] * 0.5, k + 0.5 + e[5] * 0.5
    m, n, o = bx - ax, (by - ay) * 2.0, bz - az
    t = along_rail(x, z, i, k, ax, az, m, o)
    x, y, z = ax + m * t, ay + n * t, az + o * t
    if n < 0.0:
        y += 1.0
    elif n > 0.0:
        y += 0.5
    return x, y, z


_snap_on_rail = plain(snap_on_rail)


def rail_path(pos: tuple[int, int, int], shape: str) -> Geometry:
    """The trace's `rail_path`: the segment a cart on this rail snaps onto (spec 06 §6.5, Fig. 7.6)."""
    i, j, k = pos
    a, b = ADJACENT[shape]
    rise = 1.0 if shape.startswith("ascending") else 0.0     # the exit at the same level is the high end
    ends = [(i + 0.5 + o[0] * 0.5, j + RAIL_HEIGHT + (rise if o[1] == 0 else 0.0), k + 0.5 + o[2] * 0.5)
            for o in (a, b)]
    return segment("rail_path", ends[0], ends[1], shape=shape, pos=list(pos))
