"""`net.minecraft.util.math.MathHelper`: Java int casts, float arithmetic and the sine table (spec 01 §5)."""

from __future__ import annotations

import math
import struct

import numpy as np

from engine.constants import HORIZONTAL_COLLISION_TOLERANCE
from engine.java.javanum import f32, to_int, wrap_int
from engine.jit import njit

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
_RADIANS_TO_INDEX_DOUBLE = 10430.378350470453  # double: 65536 / 2π, 1.21.11's DEGREES_TO_SINE_TABLE_INDEX
_TWO_TO_63 = 9.223372036854775807e18   # 2⁶³ as a double: the bound of a long
_QUARTER_TURN = 16384.0  # float: 65536 / 4 table entries


@njit(inline=True)
def long_index(d: float) -> int:
    """`(int)((long)d & 65535)`: Java's `(long)` cast (toward zero, NaN → 0, saturated at ±2⁶³) masked to the table
    (1.21.11's `MathHelper.sin(double)`). A kernel (engine.jit)."""
    if d != d:
        return 0
    if d >= _TWO_TO_63:
        return 65535   # Long.MAX_VALUE & 65535
    if d <= -_TWO_TO_63:
        return 0       # Long.MIN_VALUE & 65535
    return int(d) & 65535


def sin(x: float, index_double: bool = False) -> float:
    """`MathHelper.sin`: table lookup. Up to 1.21.3 `sin(float)`: x rounded to float, the index
    `(int)(x * 10430.378F)` in float; with `index_double` (1.21.11, `sine_index_double`) `sin(double)`: the index
    `(long)(x * 10430.378350470453)` in double. The table itself is the same float for float in both."""
    if index_double:
        return SINE_TABLE[long_index(x * _RADIANS_TO_INDEX_DOUBLE)]
    return SINE_TABLE[to_int(f32(f32(x) * _RADIANS_TO_INDEX)) & 65535]


def cos(x: float, index_double: bool = False) -> float:
    """`MathHelper.cos`: the sine table a quarter turn on, in float arithmetic (up to 1.21.3) or with the index
    `(long)(x * 10430.378350470453 + 16384.0)` in double (`index_double`, 1.21.11)."""
    if index_double:
        return SINE_TABLE[long_index(x * _RADIANS_TO_INDEX_DOUBLE + _QUARTER_TURN)]
    return SINE_TABLE[to_int(f32(f32(f32(x) * _RADIANS_TO_INDEX) + _QUARTER_TURN)) & 65535]


def sqrt_float(x: float) -> float:
    """`MathHelper.sqrt`: `(float)Math.sqrt(x)`; NaN for x < 0."""
    return f32(math.sqrt(x)) if x >= 0 else math.nan


@njit(inline=True)
def float_cast(x: float) -> float:
    """Java's `(float)` cast of a double (`javanum.f32`), in the subset kernels compile (engine.jit)."""
    return float(np.float32(x))


@njit(inline=True)
def wrap_degrees(degrees: float) -> float:
    """`MathHelper.wrapDegrees(float)`: into [-180, 180) with float `%`, `-` and `+`. A kernel (engine.jit)."""
    d = float_cast(degrees)
    if math.isinf(d):
        return math.nan  # Java's inf % 360 is NaN
    d = float(np.fmod(d, 360.0))  # exact, as Java's float %: sign of the dividend
    if d >= 180.0:
        d = float_cast(d - 360.0)
    if d < -180.0:
        d = float_cast(d + 360.0)
    return d


def clamp(value: float, lo: float, hi: float) -> float:
    """`MathHelper.clamp`: lo if value < lo, else hi if value > hi, else value (NaN passes through)."""
    if value < lo:
        return lo
    return hi if value > hi else value


_FRAC_BIAS = struct.unpack("<d", struct.pack("<q", 0x42B0000000000000))[0]   # 2^44: index = round(y·256)
_ASIN_TAB = np.array([math.asin(i / 256.0) for i in range(257)])
_COS_TAB = np.array([math.cos(a) for a in _ASIN_TAB])
_INV_SQRT_MAGIC = 0x5FE6EB50C7B537AA
_MIN_NORMAL = 2.2250738585072014e-308
_MANTISSA = (1 << 52) - 1


@njit(inline=True)
def double_bits(x: float) -> int:
    """`Double.doubleToRawLongBits` of a double that is not below 0 (NaN as Java's canonical NaN), in the subset
    kernels compile (engine.jit)."""
    if x != x:
        return 0x7FF8000000000000
    if x == math.inf:
        return 0x7FF0000000000000
    if x < _MIN_NORMAL:
        return int(math.ldexp(x, 1074))
    m, e = math.frexp(x)
    return (e + 1022) << 52 | int(math.ldexp(m * 2.0 - 1.0, 52))


@njit(inline=True)
def normal_from_bits(i: int) -> float:
    """`Double.longBitsToDouble` of the bits of a positive normal double."""
    return math.ldexp(1.0 + (i & _MANTISSA) / 4503599627370496.0, (i >> 52) - 1023)


@njit(inline=True)
def fast_inverse_sqrt(x: float) -> float:
    """`MathHelper.fastInverseSqrt(double)` of x ≥ 0: one Newton step from the bit-trick estimate."""
    half = 0.5 * x
    y = normal_from_bits(_INV_SQRT_MAGIC - (double_bits(x) >> 1))
    return y * (1.5 - half * y * y)


@njit(inline=True)
def atan2(y: float, x: float) -> float:
    """`MathHelper.atan2(double, double)`: vanilla's table-and-series arctangent (not `Math.atan2`); minecarts
    take their yaw from it. A kernel (engine.jit)."""
    d = x * x + y * y
    if math.isnan(d):
        return math.nan
    neg_y = y < 0.0
    if neg_y:
        y = -y
    neg_x = x < 0.0
    if neg_x:
        x = -x
    swap = y > x
    if swap:
        x, y = y, x
    inv = fast_inverse_sqrt(d)
    x *= inv
    y *= inv
    biased = _FRAC_BIAS + y
    i = double_bits(biased) & 0xFFFFFFFF   # (int) of the raw bits
    frac = biased - _FRAC_BIAS
    t = y * _COS_TAB[i] - x * frac
    r = float(_ASIN_TAB[i] + (6.0 + t * t) * t * 0.16666666666666666)
    if swap:
        r = math.pi / 2 - r
    if neg_x:
        r = math.pi - r
    return -r if neg_y else r
