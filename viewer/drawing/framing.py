"""What the camera should frame: the extent of a simulation's blocks and entities."""

from __future__ import annotations

from typing import Any

import numpy as np

from viewer.drawing.camera import Bounds
from viewer.drawing.overlays import Overlay

EMPTY_HALF = 4.0  # an empty scene frames this many blocks around the origin
PROFILE_AXES = ((0, 1), (1, 2), (0, 2))  # a section's [y, z, x] axes folded to keep x, then y, then z


def scene_bounds(sim: Any) -> Bounds:
    """The box around every non-air block and every live entity box of `sim`."""
    lows: list[np.ndarray] = []
    highs: list[np.ndarray] = []
    blocks = block_bounds(sim.world)
    if blocks is not None:
        lows.append(blocks[0])
        highs.append(blocks[1])
    boxes = np.array([entity.box for entity in sim.entities], dtype=np.float64).reshape(-1, 6)  # Box: 6 floats
    if len(boxes):
        lows.append(boxes[:, :3].min(axis=0))
        highs.append(boxes[:, 3:].max(axis=0))
    if not lows:
        return Bounds((-EMPTY_HALF,) * 3, (EMPTY_HALF,) * 3)
    lo = np.min(lows, axis=0)
    hi = np.max(highs, axis=0)
    return Bounds((float(lo[0]), float(lo[1]), float(lo[2])), (float(hi[0]), float(hi[1]), float(hi[2])))


def block_bounds(world: Any) -> tuple[np.ndarray, np.ndarray] | None:
    """The cells around every non-air block (lowest corner, highest corner + 1), or None. Per axis only the
    filled sections at the extreme section coordinate are read (every block of another lies further in)."""
    keys = np.array(world.filled_section_keys(), dtype=np.int64).reshape(-1, 3)
    if not len(keys):
        return None
    lo, hi = np.empty(3), np.empty(3)
    for axis, other_axes in enumerate(PROFILE_AXES):
        for bound, extreme, pick in ((lo, keys[:, axis].min(), 0), (hi, keys[:, axis].max(), -1)):
            cells = [np.flatnonzero(world.section(tuple(key)).any(axis=other_axes))[pick]
                     for key in keys[keys[:, axis] == extreme]]
            bound[axis] = extreme * 16 + (min(cells) if pick == 0 else max(cells) + 1)
    return lo, hi


def action_bounds(sim: Any, overlays: list[Overlay]) -> Bounds:
    """`scene_bounds` grown to hold the overlays drawn (segments, points and boxes of the trace and the
    entities): a launched TNT and its motion vector stay in the frame."""
    base = scene_bounds(sim)
    lows, highs = [np.asarray(base.lo, dtype=np.float64)], [np.asarray(base.hi, dtype=np.float64)]
    for overlay in overlays:
        for array in (overlay.segments["in_start"], overlay.segments["in_end"], overlay.points["in_position"],
                      overlay.boxes["in_min"], overlay.boxes["in_max"]):
            if len(array):
                lows.append(array.min(axis=0))
                highs.append(array.max(axis=0))
    lo, hi = np.min(lows, axis=0), np.max(highs, axis=0)
    return Bounds(tuple(float(c) for c in lo), tuple(float(c) for c in hi))
