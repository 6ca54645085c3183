"""`VoxelShape`: a union of boxes on its own coordinate grid, with vanilla's per-axis collision
(`VoxelShape.calculateMaxDistance`, `VoxelShapes.calculateMaxOffset`) and its 1e-7 epsilons (spec 03 §3).

A shape keeps the boxes it was made of and the voxel grid spanned by all their faces. Collision works on the
voxels, not on the boxes: an entity box already inside a multi-box shape is still stopped by the next filled
voxel layer in front of it, exactly as vanilla's voxel walk does.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import product

from engine.constants import COLLISION_EPSILON
from engine.geometry.box import Axis, Box
from engine.jit import njit, plain

EPS = COLLISION_EPSILON


class VoxelShape:
    __slots__ = ("boxes", "coords", "filled", "single", "is_empty", "is_full_cube", "exceeds_cube", "ncoords",
                 "grid")

    def __init__(self, boxes: Sequence[Box], coords: tuple[tuple[float, ...], ...] | None = None,
                 filled: frozenset[tuple[int, int, int]] | None = None) -> None:
        self.boxes = tuple(boxes)
        if coords is None:
            coords = tuple(tuple(sorted({b[a] for b in self.boxes} | {b[a + 3] for b in self.boxes}))
                           for a in range(3))
            filled = frozenset(_filled_voxels(self.boxes, coords))
        self.coords = coords
        self.filled = filled
        self.is_empty = not filled
        self.single = len(self.boxes) == 1 and len(filled) == 1
        self.is_full_cube = self.single and self.boxes[0] == (0.0, 0.0, 0.0, 1.0, 1.0, 1.0)
        self.exceeds_cube = any(b[a] < 0.0 or b[a + 3] > 1.0 for b in self.boxes for a in range(3))
        self.ncoords = tuple(len(c) for c in coords)   # the grid as `calculate_max_distance` reads it
        self.grid = [[[(i, j, k) in filled for k in range(self.ncoords[2] - 1)] for j in range(self.ncoords[1] - 1)]
                     for i in range(self.ncoords[0] - 1)]

    def calculate_max_distance(self, o: tuple[float, float, float], axis: Axis, box: Box, max_dist: float) -> float:
        """`VoxelShape.calculateMaxDistance` of this shape offset by `o` (the kernel, run as plain Python)."""
        return _plain_max_distance(self.ncoords, self.coords, self.grid, self.single, self.is_empty, o, axis, box,
                                   max_dist)

    def __repr__(self) -> str:
        return f"VoxelShape({list(self.boxes)})"


def _filled_voxels(boxes: Sequence[Box], coords: tuple[tuple[float, ...], ...]) -> set[tuple[int, int, int]]:
    """The voxels inside a box: every face of a box is a grid coordinate, so a box fills the voxels from its
    minimum's grid index up to its maximum's, on each axis. A box with a NaN side (an entity's, at a NaN position)
    holds no voxel's centre and fills none."""
    index = [{c: i for i, c in enumerate(cs)} for cs in coords]
    filled: set[tuple[int, int, int]] = set()
    for b in boxes:
        if not any(math.isnan(v) for v in b):
            filled.update(product(*(range(index[a][b[a]], index[a][b[a + 3]]) for a in range(3))))
    return filled


def from_boxes(boxes: Iterable[Box]) -> VoxelShape:
    boxes = list(boxes)
    if not boxes:
        return EMPTY
    if boxes == [FULL_CUBE_BOX]:
        return FULL_CUBE
    return VoxelShape(boxes)


FULL_CUBE_BOX = Box(0.0, 0.0, 0.0, 1.0, 1.0, 1.0)
EMPTY = VoxelShape((), ((0.0,), (0.0,), (0.0,)), frozenset())
FULL_CUBE = VoxelShape((FULL_CUBE_BOX,))


def border_shape(west: float, north: float, east: float, south: float) -> VoxelShape:
    """The world border as a shape: everything outside [west, east] × [north, south] (`asVoxelShape`)."""
    inf = math.inf
    coords = ((-inf, west, east, inf), (-inf, inf), (-inf, north, south, inf))
    filled = frozenset((i, 0, k) for i in range(3) for k in range(3) if (i, k) != (1, 1))
    boxes = (Box(-inf, -inf, -inf, west, inf, inf), Box(east, -inf, -inf, inf, inf, inf),
             Box(west, -inf, -inf, east, inf, north), Box(west, -inf, south, east, inf, inf))
    return VoxelShape(boxes, coords, filled)


@njit(inline=True)
def get_coord_index(coords, n: int, a: int, o: float, v: float) -> int:
    """`VoxelShape.getCoordIndex` on axis `a` of a shape offset by `o`: the last of its `n` grid indices whose
    coordinate is ≤ v (−1 below the grid; the last one when v is NaN, as vanilla's binary search gives)."""
    i = 0
    while i < n and not v < coords[a][i] + o:
        i += 1
    return i - 1


@njit(inline=True)
def calculate_max_distance(ncoords, coords, filled, single: bool, empty: bool, o: tuple, axis: int, box: tuple,
                           max_dist: float) -> float:
    """`VoxelShape.calculateMaxDistance` of one shape offset by `o`: how far `box` (min x, y, z, max x, y, z) may
    move along `axis`. The shape is its grid: `ncoords[a]` coordinates `coords[a][i]` per axis and the voxels
    `filled[i][j][k]`, `single` (one box filling its one voxel), `empty`: a `VoxelShape`'s tuples on the object
    path, a row of `engine.world.block_tables` in the kernels (one source, engine.jit).

    Voxel layers the box already overlaps (beyond 1e-7) are ignored; the first filled layer ahead stops it.
    """
    if empty:
        return max_dist
    if abs(max_dist) < EPS:
        return 0.0
    a2 = (axis + 1) % 3
    a3 = (axis + 2) % 3
    if single:
        o2 = o[a2]
        o3 = o[a3]
        if not (box[a2] + EPS < coords[a2][1] + o2 and box[a2 + 3] - EPS >= coords[a2][0] + o2
                and box[a3] + EPS < coords[a3][1] + o3 and box[a3 + 3] - EPS >= coords[a3][0] + o3):
            return max_dist
        oa = o[axis]
        if max_dist > 0.0:
            d = box[axis + 3]
            c = coords[axis][0] + oa
            if d - EPS < c:
                f = c - d
                if f >= -EPS and f < max_dist:
                    return f
        else:
            e = box[axis]
            c = coords[axis][1] + oa
            if e + EPS >= c:
                f = c - e
                if f <= EPS and f > max_dist:
                    return f
        return max_dist
    na, n2, n3 = ncoords[axis], ncoords[a2], ncoords[a3]
    k = max(0, get_coord_index(coords, n2, a2, o[a2], box[a2] + EPS))
    l2 = min(n2 - 1, get_coord_index(coords, n2, a2, o[a2], box[a2 + 3] - EPS) + 1)
    m = max(0, get_coord_index(coords, n3, a3, o[a3], box[a3] + EPS))
    n = min(n3 - 1, get_coord_index(coords, n3, a3, o[a3], box[a3 + 3] - EPS) + 1)
    size = na - 1
    if max_dist > 0.0:
        d = box[axis + 3]
        for p in range(max(get_coord_index(coords, na, axis, o[axis], d - EPS) + 1, 0), size):
            if _layer_filled(filled, axis, p, k, l2, m, n):
                f = (coords[axis][p] + o[axis]) - d
                if f >= -EPS:
                    max_dist = min(max_dist, f)
                return max_dist
    elif max_dist < 0.0:
        e = box[axis]
        for p in range(min(get_coord_index(coords, na, axis, o[axis], e + EPS), size) - 1, -1, -1):
            if _layer_filled(filled, axis, p, k, l2, m, n):
                f = (coords[axis][p + 1] + o[axis]) - e
                if f <= EPS:
                    max_dist = max(max_dist, f)
                return max_dist
    return max_dist


@njit(inline=True)
def _layer_filled(filled, axis: int, p: int, k: int, l2: int, m: int, n: int) -> bool:
    """A voxel of layer `p` along `axis`, between `k`..`l2` and `m`..`n` on the next two axes, is filled."""
    for q in range(k, l2):
        for r in range(m, n):
            if axis == 0:
                hit = filled[p][q][r]
            elif axis == 1:
                hit = filled[r][p][q]
            else:
                hit = filled[q][r][p]
            if hit:
                return True
    return False


def calculate_max_offset(axis: Axis, box: Box, shapes: Iterable[tuple[VoxelShape, tuple[float, float, float]]],
                         max_dist: float) -> float:
    """`VoxelShapes.calculateMaxOffset(Axis, Box, Stream<VoxelShape>, double)`: zero once below 1e-7."""
    for shape, o in shapes:
        if abs(max_dist) < EPS:
            return 0.0
        max_dist = shape.calculate_max_distance(o, axis, box, max_dist)
    return max_dist


def intersects_box(shape: VoxelShape, o: tuple[float, float, float], box: Box) -> bool:
    """`VoxelShapes.matchesAnywhere(shape, cuboid(box), AND)`: positive-volume overlap."""
    ox, oy, oz = o
    for b in shape.boxes:
        if box.intersects_coords(b.min_x + ox, b.min_y + oy, b.min_z + oz,
                                 b.max_x + ox, b.max_y + oy, b.max_z + oz):
            return True
    return False


_plain_max_distance = plain(calculate_max_distance)
