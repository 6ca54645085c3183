"""The block under the pointer in the 3D view (a tooltip, View › Block under the pointer): its full state
(`minecraft:repeater[delay=2,facing=east,locked=false,powered=false]`), its cell, the face the pointer is on and
its collision boxes as the engine gives them in that cell (a B36's moving shape, a shulker's lid included), also
outlined in the 3D view (`draw_outline`). Picked through the engine's block raycast, read again only when the
pointer, the camera or the world shown changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from imgui_bundle import imgui

from viewer.drawing.labels import project
from viewer.drawing.picking import pick_block

MOST_BOXES = 4     # collision boxes listed; more are counted
OUTLINE_WIDTH = 2.0           # pixels: the outline's line, over a dark line twice as wide (seen on any block)
OUTLINE_SHADOW = (0, 0, 0, 200)
FULL_CUBE = (0.0, 0.0, 0.0, 1.0, 1.0, 1.0)
# a box's 12 edges as pairs of corners; a corner's index has bit 0 = max x, bit 1 = max y, bit 2 = max z
BOX_EDGES = ((0, 1), (2, 3), (4, 5), (6, 7), (0, 2), (1, 3), (4, 6), (5, 7), (0, 4), (1, 5), (2, 6), (3, 7))


@dataclass(frozen=True)
class HoveredBlock:
    cell: tuple[int, int, int]
    face: str
    state: str                                   # the full block state, as a scene writes it
    boxes: tuple[tuple[float, ...], ...]         # collision boxes (min x, y, z, max x, y, z) in the cell's frame
    covered: tuple[bool, ...] = (False,) * 6     # the cell's faces (-x, +x, -y, +y, -z, +z) a full cube hides


def block_under(world: Any, origin: np.ndarray, direction: np.ndarray) -> HoveredBlock | None:
    """The block the ray hits first (PICK_REACH), or None."""
    hit = pick_block(world, origin, direction)
    if hit is None:
        return None
    cell, face = hit
    state = world.get_block_state(*cell)
    shape = world.get_collision_shape(state, *cell)
    covered = []
    for axis in range(3):
        for step in (-1, 1):
            beside = tuple(c + step * (i == axis) for i, c in enumerate(cell))
            boxes = world.get_collision_shape(world.get_block_state(*beside), *beside).boxes
            covered.append(len(boxes) == 1 and tuple(map(float, boxes[0])) == FULL_CUBE)
    return HoveredBlock(cell, face, str(state), tuple(tuple(float(v) for v in box) for box in shape.boxes),
                        tuple(covered))


def outline_segments(block: HoveredBlock) -> np.ndarray:
    """The edges of the block's collision boxes in world coordinates: (12 per box, 2 ends, 3)."""
    segments = []
    for box in block.boxes:
        low, high = np.add(block.cell, box[:3]), np.add(block.cell, box[3:])
        corners = [np.where([i & 1, i & 2, i & 4], high, low) for i in range(8)]
        segments += [(corners[a], corners[b]) for a, b in BOX_EDGES]
    return np.array(segments, dtype=np.float64).reshape(-1, 2, 3)


def front_edges(block: HoveredBlock, eye: np.ndarray) -> np.ndarray:
    """For each edge of `outline_segments`, whether one of the two faces it joins faces the eye and is not hidden by
    a full cube beside the cell (the edges the game's outline would show; the others are behind something)."""
    front = []
    for box in block.boxes:
        low, high = np.add(block.cell, box[:3]), np.add(block.cell, box[3:])
        for a, b in BOX_EDGES:
            along = (a ^ b).bit_length() - 1          # the axis the edge runs along; it joins a face on each other
            front.append(any(_face_shown(block, box, low, high, eye, j, bool(a >> j & 1)) for j in range(3)
                             if j != along))
    return np.array(front, dtype=bool)


def _face_shown(block: HoveredBlock, box: tuple[float, ...], low: np.ndarray, high: np.ndarray, eye: np.ndarray,
                axis: int, upper: bool) -> bool:
    """Whether the box's face on `axis` (its upper or lower side) faces the eye and is not on the cell's side a
    full cube beside covers."""
    on_side = box[axis + 3] == 1.0 if upper else box[axis] == 0.0
    if on_side and block.covered[2 * axis + upper]:
        return False
    return bool(eye[axis] > high[axis] if upper else eye[axis] < low[axis])


def draw_outline(draw_list: imgui.ImDrawList, block: HoveredBlock, view: np.ndarray, proj: np.ndarray,
                 size: tuple[float, float], origin: tuple[float, float], color: tuple[int, int, int, int]) -> None:
    """The hovered block's collision boxes outlined over the 3D view (`size` at `origin`, in window pixels): the
    edges the box shows (`front_edges`) as a light line on a dark one, so it shows on light and dark blocks; an edge
    reaching behind the eye is left out."""
    segments = outline_segments(block)
    if not len(segments):
        return
    eye = np.linalg.inv(view.astype(np.float64))[3, :3]   # row vectors: the camera's position is the last row
    front = front_edges(block, eye)
    ends = project(segments.reshape(-1, 3), view, proj, size).reshape(-1, 2, 2) + np.array(origin)
    shown = np.isfinite(ends).all(axis=(1, 2))
    lines = [(imgui.ImVec2(*map(float, a)), imgui.ImVec2(*map(float, b))) for (a, b), f, ok in
             zip(ends, front, shown, strict=True) if ok and f]
    for width, col in ((OUTLINE_WIDTH * 2, imgui.IM_COL32(*OUTLINE_SHADOW)),
                       (OUTLINE_WIDTH, imgui.IM_COL32(*color[:3], 255))):
        for a, b in lines:
            draw_list.add_line(a, b, col, width)


def hover_text(block: HoveredBlock) -> str:
    """The tooltip: the state, the cell and face, then the collision boxes (or that it has none)."""
    x, y, z = block.cell
    lines = [block.state, f"at {x}, {y}, {z} (pointer on its {block.face} face)"]
    if not block.boxes:
        lines.append("no collision box")
    for box in block.boxes[:MOST_BOXES]:
        lines.append("collision x {0!r}..{3!r}, y {1!r}..{4!r}, z {2!r}..{5!r}".format(*box))
    if len(block.boxes) > MOST_BOXES:
        lines.append(f"... and {len(block.boxes) - MOST_BOXES} more boxes")
    return "\n".join(lines)


class BlockHover:
    """The last block found under the pointer, kept while `key` (pointer, camera, world, tick) stays the same."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self.block: HoveredBlock | None = None

    def update(self, key: tuple, world: Any, origin: np.ndarray, direction: np.ndarray) -> HoveredBlock | None:
        if key != self._key:
            self._key = key
            self.block = block_under(world, origin, direction)
        return self.block

    def clear(self) -> None:
        self._key, self.block = None, None
