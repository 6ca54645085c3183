"""Vectors, axes and the axis-aligned `Box` with vanilla's semantics (spec 01 §2, 03 §3)."""

from __future__ import annotations

import math
from typing import NamedTuple, TypeAlias

from engine.constants import VEC_ZERO_BELOW
from engine.java.javanum import f32, jmax, jmin
from engine.jit import njit, plain

Axis: TypeAlias = int  # 0 = X, 1 = Y, 2 = Z (Direction.Axis)
X, Y, Z = 0, 1, 2
AXIS_NAMES = ("x", "y", "z")
BlockPos: TypeAlias = tuple[int, int, int]


class Vec3(NamedTuple):
    """`Vec3d`: an immutable double triple."""

    x: float
    y: float
    z: float

    def add(self, x: float, y: float, z: float) -> Vec3:
        return Vec3(self.x + x, self.y + y, self.z + z)

    def plus(self, o: Vec3) -> Vec3:
        return Vec3(self.x + o.x, self.y + o.y, self.z + o.z)

    def multiply(self, x: float, y: float, z: float) -> Vec3:
        return Vec3(self.x * x, self.y * y, self.z * z)

    def subtract(self, o: Vec3) -> Vec3:
        return Vec3(self.x - o.x, self.y - o.y, self.z - o.z)

    def scale(self, k: float) -> Vec3:
        """`Vec3d.multiply(double)`."""
        return Vec3(self.x * k, self.y * k, self.z * k)

    def dot(self, o: Vec3) -> float:
        """`Vec3d.dotProduct`."""
        return self.x * o.x + self.y * o.y + self.z * o.z

    def horizontal(self) -> Vec3:
        """`Vec3d.getHorizontal`: Y zeroed."""
        return Vec3(self.x, 0.0, self.z)

    def horizontal_length_squared(self) -> float:
        return self.x * self.x + self.z * self.z

    def horizontal_length(self) -> float:
        """`Vec3d.horizontalLength`: `Math.sqrt` of x² + z²."""
        return math.sqrt(self.x * self.x + self.z * self.z)

    def squared_distance_to(self, o: Vec3) -> float:
        """`Vec3d.squaredDistanceTo`: the differences o − self, squared and summed x, y, z."""
        dx, dy, dz = o.x - self.x, o.y - self.y, o.z - self.z
        return dx * dx + dy * dy + dz * dz

    def length_squared(self) -> float:
        return self.x * self.x + self.y * self.y + self.z * self.z

    def length(self, double: bool = False) -> float:
        """`Vec3d.length`: 1.16's `MathHelper.sqrt` rounds the root to float; from 1.17 (`double`) `Math.sqrt`."""
        d = math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        return d if double else f32(d)

    def normalize(self, double: bool = False, zero_below: float = VEC_ZERO_BELOW) -> Vec3:
        """`Vec3d.normalize`: divide by the length (float-rounded up to 1.16.5, `double` from 1.17); the zero
        vector below 1e-4 (`zero_below`: 1.0E-5F from 1.21.2, `VEC_ZERO_BELOW_1_21_2`)."""
        d = self.length(double)
        if d < zero_below:
            return ZERO
        return Vec3(self.x / d, self.y / d, self.z / d)


ZERO = Vec3(0.0, 0.0, 0.0)


def _sorted(a: float, b: float) -> tuple[float, float]:
    """The constructor's `Math.min`/`Math.max` pair, NaN-propagating like Java."""
    if a <= b:
        return a, b
    if b < a:
        return b, a
    return jmin(a, b), jmax(a, b)


_new_box = tuple.__new__


@njit(inline=True)
def stretch(box: tuple, x: float, y: float, z: float) -> tuple:
    """`Box.stretch`'s corners (min x, y, z, max x, y, z): each axis extended towards the sign of x, y, z."""
    a, b, c, d, e, f = box
    if x < 0.0:
        a += x
    elif x > 0.0:
        d += x
    if y < 0.0:
        b += y
    elif y > 0.0:
        e += y
    if z < 0.0:
        c += z
    elif z > 0.0:
        f += z
    return (a, b, c, d, e, f)


class Box(NamedTuple):
    """`net.minecraft.util.math.Box`: immutable; min ≤ max per axis; `intersects` uses open bounds."""

    min_x: float
    min_y: float
    min_z: float
    max_x: float
    max_y: float
    max_z: float

    @staticmethod
    def of(x1: float, y1: float, z1: float, x2: float, y2: float, z2: float) -> Box:
        """`new Box(x1, y1, z1, x2, y2, z2)`: corners in any order."""
        a, d = _sorted(x1, x2)
        b, e = _sorted(y1, y2)
        c, f = _sorted(z1, z2)
        return Box(a, b, c, d, e, f)

    @staticmethod
    def from_entity(x: float, y: float, z: float, width: float, height: float) -> Box:
        """`EntityDimensions.getBoxAt`: width and height are vanilla floats widened to double."""
        h = width / 2.0
        return Box.of(x - h, y, z - h, x + h, y + height, z + h)

    def offset(self, x: float, y: float, z: float) -> Box:
        a, b, c = self.min_x + x, self.min_y + y, self.min_z + z
        d, e, f = self.max_x + x, self.max_y + y, self.max_z + z
        if a <= d and b <= e and c <= f:   # rounding is monotonic: only NaN breaks the order
            return _new_box(Box, (a, b, c, d, e, f))
        return Box.of(a, b, c, d, e, f)

    def union(self, o: Box) -> Box:
        """`Box.union`: the smallest box holding both."""
        return Box(min(self.min_x, o.min_x), min(self.min_y, o.min_y), min(self.min_z, o.min_z),
                   max(self.max_x, o.max_x), max(self.max_y, o.max_y), max(self.max_z, o.max_z))

    def expand(self, x: float, y: float | None = None, z: float | None = None) -> Box:
        """Grow every face outwards (`expand(value)` when only x is given)."""
        if y is None:
            y = z = x
        return Box.of(self.min_x - x, self.min_y - y, self.min_z - z,
                      self.max_x + x, self.max_y + y, self.max_z + z)

    def contract(self, value: float) -> Box:
        return self.expand(-value)

    def stretch(self, x: float, y: float, z: float) -> Box:
        """Extend the box in the direction of (x, y, z) only (`stretch`, then the constructor's ordering)."""
        return Box.of(*_plain_stretch(self, x, y, z))

    def intersects(self, o: Box) -> bool:
        return (self.min_x < o.max_x and self.max_x > o.min_x and self.min_y < o.max_y
                and self.max_y > o.min_y and self.min_z < o.max_z and self.max_z > o.min_z)

    def intersects_coords(self, x1: float, y1: float, z1: float, x2: float, y2: float, z2: float) -> bool:
        return (self.min_x < x2 and self.max_x > x1 and self.min_y < y2
                and self.max_y > y1 and self.min_z < z2 and self.max_z > z1)

    def bottom_center(self) -> Vec3:
        """The entity position a box stands for (`Entity.moveToBoundingBoxCenter`): centre of its bottom face."""
        return Vec3((self.min_x + self.max_x) / 2.0, self.min_y, (self.min_z + self.max_z) / 2.0)

    def center(self) -> Vec3:
        return Vec3((self.min_x + self.max_x) * 0.5, (self.min_y + self.max_y) * 0.5,
                    (self.min_z + self.max_z) * 0.5)

    def lengths(self) -> Vec3:
        return Vec3(self.max_x - self.min_x, self.max_y - self.min_y, self.max_z - self.min_z)

    def as_lists(self) -> list[list[float]]:
        """The trace form: [[minx, miny, minz], [maxx, maxy, maxz]]."""
        return [[self.min_x, self.min_y, self.min_z], [self.max_x, self.max_y, self.max_z]]


_plain_stretch = plain(stretch)
