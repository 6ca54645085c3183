"""`net.minecraft.util.math.MathHelper`: Java int casts, float arithmetic and the sine table (spec 01 §5)."""

from __future__ import annotations

import math

import numpy as np

from engine.constants import HORIZONTAL_COLLISION_TOLERANCE
from engine.java.javanum import f32, to_int, wrap_int

_floor = math.floor
_ceil = math.ceil


def floor(d: float) -> int:
    """`MathHelper.floor(double)`: `i = (int)d; d < i ? i - 1 : i`, with Java's int cast and overflow
    (NaN → 0; beyond the int range the cast saturates and the −1 wraps: floor(−1e20) = 2147483647)."""
    try:
        i = _floor(d)
    except (ValueError, OverflowError):
        i = None
    if i is not None and -2147483648 <= i <= 2147483647:
        return i
    j = to_int(d)
    return wrap_int(j - 1) if d < j else j


def ceil(d: float) -> int:
    """`MathHelper.ceil(double)`: `i = (int)d; d > i ? i + 1 : i`, with Java's int cast and overflow."""
    try:
        i = _ceil(d)
    except (ValueError, OverflowError):
        i = None
    if i is not None and -2147483648 <= i <= 2147483647:
        return i
    j = to_int(d)
    return wrap_int(j + 1) if d > j else j


def approximately_equals(a: float, b: float) -> bool:
    """`MathHelper.approximatelyEquals(double, double)`: |b − a| < 1.0E-5F, the float literal widened to double
    (9.99999974737875e-06, not 1e-5)."""
    return abs(b - a) < HORIZONTAL_COLLISION_TOLERANCE


def _build_sine_table() -> tuple[float, ...]:
    # (float)Math.sin((double)i * Math.PI * 2.0 / 65536.0), evaluated left to right as in vanilla
    angles = np.arange(65536, dtype=np.float64) * math.pi * 2.0 / 65536.0
    return tuple(np.sin(angles).astype(np.float32).tolist())


SINE_TABLE: tuple[float, ...] = _build_sine_table()
"""`MathHelper.SINE_TABLE`: 65536 float32 values (as Python floats) over one turn, spec 01 §5.1."""

_RADIANS_TO_INDEX = f32(10430.378)  # float: 65536 / 2π, as vanilla's 10430.378F
_QUARTER_TURN = 16384.0  # float: 65536 / 4 table entries


def sin(x: float) -> float:
    """`MathHelper.sin(float)`: table lookup; x is rounded to float first, as the parameter is."""
    return SINE_TABLE[to_int(f32(f32(x) * _RADIANS_TO_INDEX)) & 65535]


def cos(x: float) -> float:
    """`MathHelper.cos(float)`: the sine table a quarter turn on, all in float arithmetic."""
    return SINE_TABLE[to_int(f32(f32(f32(x) * _RADIANS_TO_INDEX) + _QUARTER_TURN)) & 65535]


def sqrt_float(x: float) -> float:
    """`MathHelper.sqrt`: `(float)Math.sqrt(x)`; NaN for x < 0."""
    return f32(math.sqrt(x)) if x >= 0 else math.nan


def wrap_degrees(degrees: float) -> float:
    """`MathHelper.wrapDegrees(float)`: into [-180, 180) with float `%`, `-` and `+`."""
    d = f32(degrees)
    if math.isinf(d):
        return math.nan  # Java's inf % 360 is NaN; math.fmod raises
    d = math.fmod(d, 360.0)  # exact, as Java's float %: sign of the dividend
    if d >= 180.0:
        d = f32(d - 360.0)
    if d < -180.0:
        d = f32(d + 360.0)
    return d


def clamp(value: float, lo: float, hi: float) -> float:
    """`MathHelper.clamp`: lo if value < lo, else hi if value > hi, else value (NaN passes through)."""
    if value < lo:
        return lo
    return hi if value > hi else value
