"""The world border at rest (spec 03 §3: its shape joins the block collisions of an entity near it)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.constants import BORDER_CLAMP_MARGIN, BORDER_MAX_RADIUS, DEFAULT_BORDER_SIZE
from engine.geometry.shapes import VoxelShape, border_shape
from engine.java.mathhelper import ceil, clamp, floor


@dataclass(frozen=True)
class WorldBorder:
    """`WorldBorder` at rest (no lerp): a square of `size` around (center_x, center_z)."""

    center_x: float = 0.0
    center_z: float = 0.0
    size: float = DEFAULT_BORDER_SIZE

    def bounds(self) -> tuple[float, float, float, float]:
        """(west, north, east, south), clamped to the maximum radius like `getBoundWest()`..."""
        h = self.size / 2.0
        r = float(BORDER_MAX_RADIUS)
        return (max(self.center_x - h, -r), max(self.center_z - h, -r),
                min(self.center_x + h, r), min(self.center_z + h, r))

    def contains(self, x: float, z: float) -> bool:
        """`contains(x, z)`: west ≤ x < east and north ≤ z < south."""
        w, n, e, s = self.bounds()
        return w <= x < e and n <= z < s

    def clamp(self, x: float, y: float, z: float) -> tuple[float, float, float]:
        """`clamp(x, y, z)` (1.21.2): x into [west, east − 1.0E-5F], z into [north, south − 1.0E-5F]."""
        w, n, e, s = self.bounds()
        return clamp(x, w, e - BORDER_CLAMP_MARGIN), y, clamp(z, n, s - BORDER_CLAMP_MARGIN)

    def shape(self) -> VoxelShape:
        """`asVoxelShape()`: outside of [floor(west), ceil(east)] × [floor(north), ceil(south)]."""
        w, n, e, s = self.bounds()
        return border_shape(float(floor(w)), float(floor(n)), float(ceil(e)), float(ceil(s)))
