"""Java numeric semantics that Python floats do not give for free (spec 01 §5)."""

from __future__ import annotations

import math
import struct

from engine.jit import njit

_F32 = struct.Struct("<f")
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1


def f32(x: float) -> float:
    """Round a double to the nearest float32, as Java's `(float)` cast does; returns it widened back."""
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def float_text(x: float) -> str:
    """A float32 value as its shortest decimal, the way `Float.toString` shows 0.6F ("0.6", "1.0"), where `repr`
    of the widened double would show 0.6000000238418579 (nine significant digits always identify a float32)."""
    if not math.isfinite(x):
        return repr(x)
    text = next(t for digits in range(1, 10) if f32(float(t := f"{x:.{digits}g}")) == x)
    return text if "." in text or "e" in text else text + ".0"


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


def signum(x: float) -> float:
    """`Math.signum` for doubles: −1.0 or 1.0, or the value itself for ±0.0 and NaN."""
    return 1.0 if x > 0.0 else -1.0 if x < 0.0 else x


@njit(inline=True)
def java_div(a: float, b: float) -> float:
    """Java's double division: by zero an infinity (NaN for 0 / 0 or NaN / 0) instead of Python's error."""
    if b == 0.0:
        if a == 0.0 or a != a:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b
