"""What the camera should frame: the extent of a simulation's blocks and entities."""

from __future__ import annotations

from typing import Any

import numpy as np

from viewer.drawing.camera import Bounds
from viewer.drawing.overlays import Overlay

EMPTY_HALF = 4.0  # an empty scene frames this many blocks around the origin


def scene_bounds(sim: Any) -> Bounds:
    """The box around every non-air block and every live entity box of `sim`."""
    lows: list[np.ndarray] = []
    highs: list[np.ndarray] = []
    for (sx, sy, sz), ids in sim.world.sections():
        y, z, x = np.nonzero(ids)
        if x.size:
            origin = np.array([sx, sy, sz]) * 16
            lows.append(origin + [x.min(), y.min(), z.min()])
            highs.append(origin + [x.max() + 1, y.max() + 1, z.max() + 1])
    boxes = np.array([entity.box for entity in sim.entities], dtype=np.float64).reshape(-1, 6)  # Box: 6 floats
    if len(boxes):
        lows.append(boxes[:, :3].min(axis=0))
        highs.append(boxes[:, 3:].max(axis=0))
    if not lows:
        return Bounds((-EMPTY_HALF,) * 3, (EMPTY_HALF,) * 3)
    lo = np.min(lows, axis=0)
    hi = np.max(highs, axis=0)
    return Bounds((float(lo[0]), float(lo[1]), float(lo[2])), (float(hi[0]), float(hi[1]), float(hi[2])))


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
