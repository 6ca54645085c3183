"""What the camera should frame: the extent of a simulation's blocks and entities."""

from __future__ import annotations

from typing import Any

import numpy as np

from viewer.drawing.camera import Bounds

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
    for entity in sim.entities:
        b = entity.box
        lows.append(np.array([b.min_x, b.min_y, b.min_z]))
        highs.append(np.array([b.max_x, b.max_y, b.max_z]))
    if not lows:
        return Bounds((-EMPTY_HALF,) * 3, (EMPTY_HALF,) * 3)
    lo = np.min(lows, axis=0)
    hi = np.max(highs, axis=0)
    return Bounds((float(lo[0]), float(lo[1]), float(lo[2])), (float(hi[0]), float(hi[1]), float(hi[2])))
