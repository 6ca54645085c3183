"""The block under the pointer in the 3D view (a tooltip, View › Block under the pointer): its full state
(`minecraft:repeater[delay=2,facing=east,locked=false,powered=false]`), its cell, the face the pointer is on and
its collision boxes as the engine gives them in that cell (a B36's moving shape, a shulker's lid included). Picked
through the engine's block raycast, read again only when the pointer, the camera or the world shown changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from viewer.drawing.picking import pick_block

MOST_BOXES = 4     # collision boxes listed; more are counted


@dataclass(frozen=True)
class HoveredBlock:
    cell: tuple[int, int, int]
    face: str
    state: str                                   # the full block state, as a scene writes it
    boxes: tuple[tuple[float, ...], ...]         # collision boxes (min x, y, z, max x, y, z) in the cell's frame


def block_under(world: Any, origin: np.ndarray, direction: np.ndarray) -> HoveredBlock | None:
    """The block the ray hits first (PICK_REACH), or None."""
    hit = pick_block(world, origin, direction)
    if hit is None:
        return None
    cell, face = hit
    state = world.get_block_state(*cell)
    shape = world.get_collision_shape(state, *cell)
    return HoveredBlock(cell, face, str(state), tuple(tuple(float(v) for v in box) for box in shape.boxes))


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
