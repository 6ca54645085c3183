"""Java numeric semantics that Python floats do not give for free (spec 01 §5)."""

from __future__ import annotations

import math
import struct

_F32 = struct.Struct("<f")
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1


def f32(x: float) -> float:
    """Round a double to the nearest float32, as Java's `(float)` cast does; returns it widened back."""
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def to_int(d: float) -> int:
    """Java's `(int)` cast of a double: truncate toward zero, NaN → 0, saturate at the int range."""
    if d != d:
        return 0
    if d >= INT_MAX:
        return INT_MAX
    if d <= INT_MIN:
        return INT_MIN
    return int(d)


def wrap_int(i: int) -> int:
    """Two's-complement wrap of a Python int to Java `int`."""
    return ((i + 2**31) & 0xFFFFFFFF) - 2**31


def wrap_long(i: int) -> int:
    """Two's-complement wrap of a Python int to Java `long`."""
    return ((i + 2**63) & 0xFFFFFFFFFFFFFFFF) - 2**63


def jmin(a: float, b: float) -> float:
    """`Math.min` for doubles: NaN if either is NaN."""
    if a <= b:
        return a
    if b < a:
        return b
    return math.nan


def jmax(a: float, b: float) -> float:
    """`Math.max` for doubles: NaN if either is NaN."""
    if a >= b:
        return a
    if b > a:
        return b
    return math.nan
