"""Mouse picking: the ray from the camera through a pixel, the entity box (or path-search node) it meets first,
and the block it hits (through the engine's own block raycast). This is UI, not a mechanic: it only decides what
a click or the pointer means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from viewer.drawing.overlays import EntityFrame, node_tile
from viewer.drawing.path_search import NODE_ROLES

# The cell next to a hit face, by the face's name (BlockHitResult.side).
FACE_OFFSETS = {"down": (0, -1, 0), "up": (0, 1, 0), "north": (0, 0, -1), "south": (0, 0, 1),
                "west": (-1, 0, 0), "east": (1, 0, 0)}
PICK_REACH = 512.0  # blocks along the ray that block picking looks at


@dataclass
class ViewRect:
    """The central node (the 3D view) in window pixels from the top left."""

    x: float
    y: float
    width: float
    height: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


def pixel_ray(view: np.ndarray, proj: np.ndarray, x: float, y: float,
              size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """(origin on the near plane, unit direction) of the ray through pixel (x right, y down) of a view of
    `size`, for row-vector matrices (`[p, 1] @ view @ proj`)."""
    width, height = size
    ndc_x, ndc_y = 2.0 * x / width - 1.0, 1.0 - 2.0 * y / height
    inverse = np.linalg.inv(view.astype(np.float64) @ proj.astype(np.float64))
    near, far = (np.array([ndc_x, ndc_y, z, 1.0]) @ inverse for z in (-1.0, 1.0))
    near, far = near[:3] / near[3], far[:3] / far[3]
    direction = far - near
    return near, direction / np.linalg.norm(direction)


def first_box(lo: np.ndarray, hi: np.ndarray, origin: np.ndarray, direction: np.ndarray) -> int | None:
    """The index of the box lo[i]..hi[i] (n, 3) the ray enters first (slab test on every box at once), or None."""
    entered = first_box_entry(lo, hi, origin, direction)
    return None if entered is None else entered[0]


def first_box_entry(lo: np.ndarray, hi: np.ndarray, origin: np.ndarray,
                    direction: np.ndarray) -> tuple[int, float] | None:
    """`first_box` and how far along the ray it enters that box (0 from inside), or None."""
    if not len(lo):
        return None
    with np.errstate(divide="ignore", invalid="ignore"):
        inv = 1.0 / direction
        t1 = (lo - origin) * inv
        t2 = (hi - origin) * inv
    t_near = np.nanmax(np.minimum(t1, t2), axis=1)
    t_far = np.nanmin(np.maximum(t1, t2), axis=1)
    hit = (t_far >= np.maximum(t_near, 0.0))
    if not hit.any():
        return None
    distance = np.where(hit, np.maximum(t_near, 0.0), np.inf)
    row = int(np.argmin(distance))
    return row, float(distance[row])


def pick_entity(frame: EntityFrame, origin: np.ndarray, direction: np.ndarray) -> int | None:
    """The id of the entity whose box the ray enters first, or None."""
    row = first_box(frame.lo, frame.hi, origin, direction)
    return None if row is None else int(frame.ids[row])


def pick_node(prims: list[dict[str, Any]], origin: np.ndarray, direction: np.ndarray) -> dict[str, Any] | None:
    """The search node (a `path_closed` / `path_open` cell, drawn as the tile `node_tile` gives) the ray meets
    first, or None."""
    nodes = [p for p in prims if p["role"] in NODE_ROLES]
    if not nodes:
        return None
    tiles = np.array([node_tile(p["pos"]) for p in nodes], dtype=np.float64)
    i = first_box(tiles[:, 0], tiles[:, 1], origin, direction)
    return None if i is None else nodes[i]


def block_hit(world: Any, origin: np.ndarray, direction: np.ndarray) -> Any:
    """The engine's block raycast along the ray to PICK_REACH: its hit (`missed` when none)."""
    from engine import Vec3, raycast_blocks
    end = origin + direction * PICK_REACH
    return raycast_blocks(world, Vec3(*map(float, origin)), Vec3(*map(float, end)))


def pick_block(world: Any, origin: np.ndarray, direction: np.ndarray) -> tuple[tuple[int, int, int], str] | None:
    """(cell, face) of the first block the ray hits within PICK_REACH, by the engine's block raycast."""
    hit = block_hit(world, origin, direction)
    if hit.missed:
        return None
    return tuple(int(c) for c in hit.block_pos), hit.side


def beside(cell: tuple[int, int, int], face: str) -> tuple[int, int, int]:
    """The cell on the other side of `face` of `cell` (where a placed block goes)."""
    dx, dy, dz = FACE_OFFSETS[face]
    return cell[0] + dx, cell[1] + dy, cell[2] + dz
