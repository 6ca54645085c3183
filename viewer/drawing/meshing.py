"""World meshing: one 16³ section of block state ids to triangles (numpy, no GL).

Every block is drawn by its real collision shape. Full cubes, fluids and non-colliding blocks go through
one vectorised path (a cell-sized box per block, faces against an opaque full cube or against the same
block dropped, the remaining faces of one state merged into rectangles: llvmpipe pays per triangle, and
the shader draws the block grid across merged faces); other shapes (slabs, stairs, fences, pistons...)
emit their boxes per state id, dropping only faces that lie on the cell boundary against an opaque full
cube. Colours come from the palette with a per-face shade baked in (Minecraft's directional shading), so
the shader needs no lighting. A `moving_piston` cell is left out: its block entity draws the block it moves
(viewer/pistons.py, `box_faces`). Rails are drawn as track along their shape (viewer/drawing/rails.py), redstone
components as a player knows them, by their state (viewer/drawing/redstone.py): both are models, block-local
quads per state id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from viewer.drawing import rails, redstone
from viewer.drawing.palette import Palette

SECTION = 16
SectionKey = tuple[int, int, int]

# Face directions in the order west, east, down, up, north, south (-X, +X, -Y, +Y, -Z, +Z).
DIRECTIONS = ((-1, 0, 0), (1, 0, 0), (0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1))
FACE_SHADE = (0.6, 0.6, 0.5, 1.0, 0.8, 0.8)  # Minecraft's flat shading: x sides, bottom, top, z sides

# Block kinds of the style table.
AIR, CUBE, FLUID, NON_COLLIDING, SHAPED, MODEL = range(6)
FLUID_LEVELS = 9.0  # a fluid block of level L is drawn (8 - L) / 9 tall, falling or source 8 / 9
DRAWN_BY_BLOCK_ENTITY = frozenset({"moving_piston"})  # cells whose look comes from their block entity

VERTEX_DTYPE = np.dtype([("in_position", "<f4", 3), ("in_color", "u1", 4)])
QUAD_INDICES = np.array([0, 1, 2, 0, 2, 3], dtype=np.uint32)


@dataclass
class MeshData:
    """Indexed triangles: `vertices` of VERTEX_DTYPE and uint32 `indices` (6 per quad)."""

    vertices: np.ndarray
    indices: np.ndarray

    @property
    def quads(self) -> int:
        return len(self.indices) // 6


@dataclass
class SectionMesh:
    """A section's opaque triangles and its translucent ones (drawn after, blended)."""

    opaque: MeshData
    translucent: MeshData


class StyleTable:
    """Per state id: kind, colour, whether it hides a neighbour's face, drawn fluid height and cull group.

    Filled on demand for the ids a section holds, from `engine.world.blocks.state_by_id` and the palette.
    """

    def __init__(self, palette: Palette) -> None:
        self.palette = palette
        self.known = np.zeros(0, dtype=bool)
        self.kind = np.zeros(0, dtype=np.uint8)
        self.rgba = np.zeros((0, 4), dtype=np.uint8)
        self.occludes = np.zeros(0, dtype=bool)
        self.height = np.zeros(0, dtype=np.float32)
        self.group = np.zeros(0, dtype=np.int32)  # faces between two cells of one nonzero group are hidden
        self.boxes: dict[int, np.ndarray] = {}   # SHAPED ids: (n, 6) min/max in block-local coordinates
        self.models: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # MODEL ids: local quads (n, 4, 3), colours (n, 4)
        self.name_groups: dict[str, int] = {}   # one group per block name, negative: away from the id groups

    def ensure(self, ids: np.ndarray) -> None:
        """Make sure every id in `ids` has its row."""
        top = int(ids.max()) + 1 if ids.size else 0
        if top > len(self.known):
            grow = top - len(self.known)
            self.known = np.concatenate([self.known, np.zeros(grow, dtype=bool)])
            self.kind = np.concatenate([self.kind, np.zeros(grow, dtype=np.uint8)])
            self.rgba = np.concatenate([self.rgba, np.zeros((grow, 4), dtype=np.uint8)])
            self.occludes = np.concatenate([self.occludes, np.zeros(grow, dtype=bool)])
            self.height = np.concatenate([self.height, np.ones(grow, dtype=np.float32)])
            self.group = np.concatenate([self.group, np.zeros(grow, dtype=np.int32)])
        for state_id in _distinct(ids):
            if not self.known[state_id]:
                self._describe(int(state_id))

    def _describe(self, state_id: int) -> None:
        from engine import blocks
        state = blocks.state_by_id(state_id)
        self.known[state_id] = True
        if state.is_air or state.block in DRAWN_BY_BLOCK_ENTITY:
            self.kind[state_id] = AIR
            return
        shape = state.collision_shape
        r, g, b, a = redstone.lamp_color(state.block, state.properties, self.palette) or \
            self.palette.block_color(state.block)
        if state.block in rails.RAIL_BLOCKS:
            self.kind[state_id] = MODEL
            self.models[state_id] = self._track(state.block, state.properties)
            return
        if redstone.is_component(state.block):
            self.kind[state_id] = MODEL
            self.models[state_id] = _model_quads(redstone.component_model(state, self.palette))
            return
        if state.block in self.palette.fluids:
            kind = FLUID
            level = int(state.properties.get("level", "0"))
            self.height[state_id] = (FLUID_LEVELS - 1 - level) / FLUID_LEVELS if 0 < level < 8 else \
                (FLUID_LEVELS - 1) / FLUID_LEVELS
        elif shape.is_empty:
            kind = NON_COLLIDING
            a = min(a, self.palette.non_colliding_alpha)
        elif shape.is_full_cube:
            kind = CUBE
        else:
            kind = SHAPED
            self.boxes[state_id] = np.array([tuple(box) for box in shape.boxes], dtype=np.float64)
        self.kind[state_id] = kind
        self.rgba[state_id] = (r, g, b, a)
        self.occludes[state_id] = kind == CUBE and a == 255
        if kind in (FLUID, NON_COLLIDING) or (kind == CUBE and a < 255):
            self.group[state_id] = state_id + 1 if kind == CUBE else self._block_group(state.block)

    def _block_group(self, block: str) -> int:
        """One group per block name (all water levels hide each other's faces), of any release's block."""
        return self.name_groups.setdefault(block, -1 - len(self.name_groups))


    def _track(self, block: str, properties: dict[str, str]) -> tuple[np.ndarray, np.ndarray]:
        """A rail's quads and their colours: the block's colour for the rails (`rail_lit` when powered),
        `rail_sleeper` for the sleepers."""
        quads, parts = rails.rail_quads(properties["shape"], properties.get("powered") == "true")
        colours = np.array([self.palette.ui["rail_sleeper"], self.palette.block_color(block),
                            self.palette.ui["rail_lit"]], dtype=np.uint8)
        return quads, _shade(colours, 3)[parts]


def face_corners(lo: np.ndarray, hi: np.ndarray, direction: int) -> np.ndarray:
    """Corners (n, 4, 3) of the face of boxes lo..hi facing `direction`, counter-clockwise from outside."""
    axis = direction // 2
    positive = direction % 2 == 1
    u, v = (axis + 1) % 3, (axis + 2) % 3
    n = len(lo)
    corners = np.empty((n, 4, 3), dtype=np.float64)
    corners[:, :, axis] = (hi if positive else lo)[:, axis, None]
    # (u0,v0) (u1,v0) (u1,v1) (u0,v1) winds around +axis; the negative face takes them reversed.
    us = (lo[:, u], hi[:, u], hi[:, u], lo[:, u])
    vs = (lo[:, v], lo[:, v], hi[:, v], hi[:, v])
    order = range(4) if positive else (0, 3, 2, 1)
    for slot, k in enumerate(order):
        corners[:, slot, u] = us[k]
        corners[:, slot, v] = vs[k]
    return corners


def padded_section(key: SectionKey, ids: np.ndarray,
                   neighbour: Callable[[SectionKey], np.ndarray | None]) -> np.ndarray:
    """The section's ids as [x, y, z] with a one-cell border taken from the six face neighbours (air if none)."""
    padded = np.zeros((SECTION + 2,) * 3, dtype=np.uint16)
    padded[1:-1, 1:-1, 1:-1] = ids.transpose(2, 0, 1)
    sx, sy, sz = key
    for axis in range(3):
        for side, (src, dst) in ((-1, (SECTION - 1, 0)), (1, (0, SECTION + 1))):
            offset = [sx, sy, sz]
            offset[axis] += side
            other = neighbour((offset[0], offset[1], offset[2]))
            if other is None:
                continue
            layer = np.take(other.transpose(2, 0, 1), src, axis=axis)
            index: list[slice | int] = [slice(1, -1)] * 3
            index[axis] = dst
            padded[tuple(index)] = layer
    return padded


def mesh_section(key: SectionKey, ids: np.ndarray, styles: StyleTable,
                 neighbour: Callable[[SectionKey], np.ndarray | None]) -> SectionMesh:
    """Triangles for one section; `ids` is (16, 16, 16) indexed [y, z, x] as `World.sections()` gives it."""
    padded = padded_section(key, ids, neighbour)
    styles.ensure(padded)
    inner = padded[1:-1, 1:-1, 1:-1]
    origin = np.array(key, dtype=np.float64) * SECTION
    parts: list[tuple[np.ndarray, np.ndarray]] = []  # (corners (n,4,3), colours (n,4) uint8)
    parts += _cell_faces(padded, inner, styles, origin)
    parts += _shaped_faces(padded, inner, styles, origin)
    parts += _model_faces(inner, styles, origin)
    if not parts:
        return SectionMesh(_empty(), _empty())
    corners = np.concatenate([c for c, _ in parts])
    colors = np.concatenate([c for _, c in parts])
    translucent = colors[:, 3] < 255
    return SectionMesh(_pack(corners[~translucent], colors[~translucent]),
                       _pack(corners[translucent], colors[translucent]))


def _neighbours(padded: np.ndarray, direction: int) -> np.ndarray:
    dx, dy, dz = DIRECTIONS[direction]
    return padded[1 + dx:SECTION + 1 + dx, 1 + dy:SECTION + 1 + dy, 1 + dz:SECTION + 1 + dz]


def _shade(rgba: np.ndarray, direction: int) -> np.ndarray:
    shaded = rgba.astype(np.float32)
    shaded[:, :3] *= FACE_SHADE[direction]
    return np.round(shaded).astype(np.uint8)


def _cell_faces(padded: np.ndarray, inner: np.ndarray, styles: StyleTable,
                origin: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Full cubes, fluids and non-colliding blocks: one cell-sized box each (fluids lowered on top), their
    visible faces merged into rectangles of one state and height (see `merge_faces`)."""
    kind = styles.kind[inner]
    drawn = (kind == CUBE) | (kind == FLUID) | (kind == NON_COLLIDING)
    if not drawn.any():
        return []
    group = styles.group[inner]
    above = _neighbours(padded, 3)
    full = (group != 0) & (styles.group[above] == group) | (styles.height[inner] >= 1.0)
    key = inner.astype(np.int64) * 2 + full  # faces merge only within one state and one height
    out = []
    for direction in range(6):
        nb = _neighbours(padded, direction)
        hidden = styles.occludes[nb] | ((group != 0) & (styles.group[nb] == group))
        if direction == 3:  # a lowered top face is inside its cell: only the same fluid above hides it
            hidden &= full
        rects = merge_faces(np.where(drawn & ~hidden, key, 0), direction)
        if rects is None:
            continue
        lo, hi, rect_key = rects
        state_ids = rect_key // 2
        height = np.where(rect_key % 2 == 1, 1.0, styles.height[state_ids])
        hi[:, 1] += height - 1.0  # the top of the rectangle's highest cell row
        colors = _shade(styles.rgba[state_ids], direction)
        out.append((face_corners(origin + lo, origin + hi, direction), colors))
    return out


def merge_faces(keys: np.ndarray, direction: int) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Visible faces of one direction (`keys` [x, y, z], 0 = none) merged into rectangles of equal key:
    runs along the face's first in-plane axis, then equal runs in consecutive rows of the second.
    Returns the rectangles' cell-aligned boxes (lo, hi as (n, 3) floats) and their keys, or None."""
    axis = direction // 2
    u, v = (axis + 1) % 3, (axis + 2) % 3
    k = keys.transpose(axis, v, u)  # rows along u
    if not k.any():
        return None
    before = np.zeros_like(k)
    before[:, :, 1:] = k[:, :, :-1]
    after = np.zeros_like(k)
    after[:, :, :-1] = k[:, :, 1:]
    layer, row, first = np.nonzero((k != 0) & (before != k))
    last = np.nonzero((k != 0) & (after != k))[2]  # same row-major order: one end per start
    run_key = k[layer, row, first]
    order = np.lexsort((row, run_key, last, first, layer))
    layer, row, first, last, run_key = (a[order] for a in (layer, row, first, last, run_key))
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = ((layer[1:] != layer[:-1]) | (first[1:] != first[:-1]) | (last[1:] != last[:-1])
                  | (run_key[1:] != run_key[:-1]) | (row[1:] != row[:-1] + 1))
    head = np.nonzero(starts)[0]
    tail = np.append(head[1:], len(order)) - 1
    lo = np.empty((len(head), 3), dtype=np.float64)
    hi = np.empty_like(lo)
    lo[:, axis], hi[:, axis] = layer[head], layer[head] + 1
    lo[:, u], hi[:, u] = first[head], last[head] + 1
    lo[:, v], hi[:, v] = row[head], row[tail] + 1
    return lo, hi, run_key[head]


def _distinct(ids: np.ndarray) -> np.ndarray:
    """The distinct state ids in `ids`, sorted, as np.unique gives them: counted instead, because np.unique's first
    plain call imports numpy.ma (start-up time: ~40 ms of the first frame)."""
    return np.flatnonzero(np.bincount(ids.ravel()))


def _shaped_faces(padded: np.ndarray, inner: np.ndarray, styles: StyleTable,
                  origin: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Blocks whose collision shape is not a full cube: every box of the shape, per state id."""
    shaped_ids = _distinct(inner[styles.kind[inner] == SHAPED])
    out = []
    for state_id in shaped_ids:
        x, y, z = np.nonzero(inner == state_id)
        cells = np.stack([x, y, z], axis=1)
        rgba = styles.rgba[state_id]
        for box in styles.boxes[int(state_id)]:
            for direction in range(6):
                axis = direction // 2
                on_boundary = box[axis + 3] == 1.0 if direction % 2 else box[axis] == 0.0
                keep = ~styles.occludes[_neighbours(padded, direction)[x, y, z]] if on_boundary \
                    else np.ones(len(cells), dtype=bool)
                if not keep.any():
                    continue
                lo = origin + cells[keep] + box[:3]
                hi = origin + cells[keep] + box[3:]
                colors = np.broadcast_to(_shade(rgba[None, :], direction), (len(lo), 4))
                out.append((face_corners(lo, hi, direction), colors))
    return out


def _model_quads(model: redstone.Model) -> tuple[np.ndarray, np.ndarray]:
    """A model's boxes (six faces each) and flat quads as block-local quads (n, 4, 3) and shaded colours (n, 4)."""
    corners, colours = [], []
    if model.boxes:
        lo = np.array([lo for lo, _, _ in model.boxes], dtype=np.float64)
        hi = np.array([hi for _, hi, _ in model.boxes], dtype=np.float64)
        rgba = np.array([c for _, _, c in model.boxes], dtype=np.uint8)
        for direction in range(6):
            corners.append(face_corners(lo, hi, direction))
            colours.append(_shade(rgba, direction))
    for quad, color, direction in model.quads:
        corners.append(quad[None])
        colours.append(_shade(np.array([color], dtype=np.uint8), direction))
    return np.concatenate(corners), np.concatenate(colours)


def _model_faces(inner: np.ndarray, styles: StyleTable, origin: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Models (rails, redstone components): the quads of each model state at every cell holding it."""
    out = []
    for state_id in _distinct(inner[styles.kind[inner] == MODEL]):
        quads, colours = styles.models[int(state_id)]
        cells = origin + np.stack(np.nonzero(inner == state_id), axis=1)
        corners = (cells[:, None, None, :] + quads[None]).reshape(-1, 4, 3)
        out.append((corners, np.tile(colours, (len(cells), 1))))
    return out


def box_faces(lo: np.ndarray, hi: np.ndarray, colors: np.ndarray) -> MeshData:
    """All six faces of each box lo[i]..hi[i] (n, 3), colour (n, 4) per box with the face shade baked in."""
    parts = [(face_corners(lo, hi, d), _shade(colors, d)) for d in range(6)]
    return _pack(np.concatenate([c for c, _ in parts]), np.concatenate([c for _, c in parts]))


def _pack(corners: np.ndarray, colors: np.ndarray) -> MeshData:
    n = len(corners)
    vertices = np.empty(n * 4, dtype=VERTEX_DTYPE)
    vertices["in_position"] = corners.reshape(-1, 3)
    vertices["in_color"] = np.repeat(colors, 4, axis=0)
    indices = (np.arange(n, dtype=np.uint32)[:, None] * 4 + QUAD_INDICES).reshape(-1)
    return MeshData(vertices, indices)


def _empty() -> MeshData:
    return MeshData(np.empty(0, dtype=VERTEX_DTYPE), np.empty(0, dtype=np.uint32))
