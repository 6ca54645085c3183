"""`java.util.Random`, bit for bit: the 48-bit linear congruential generator vanilla uses everywhere."""

from __future__ import annotations

import math
import struct

import numpy as np

from engine.jit import njit

_MULTIPLIER = 0x5DEECE66D
_ADDEND = 0xB
_MASK = (1 << 48) - 1
# four steps at once: seed·a⁴ + c·(a³ + a² + a + 1) (mod 2^48), so four draws' seeds advance side by side
_MULTIPLIER_4 = pow(_MULTIPLIER, 4, 1 << 48)
_ADDEND_4 = _ADDEND * (_MULTIPLIER**3 + _MULTIPLIER**2 + _MULTIPLIER + 1) & _MASK
_INT_MAX = 2**31 - 1
_DOUBLE_UNIT = 2.0**-53
_FLOAT_UNIT = 2.0**-24
NEXT_FLOAT_MAX = 1.0 - _FLOAT_UNIT     # the largest value nextFloat returns

_BITS = struct.Struct("<q")
_DOUBLE = struct.Struct("<d")
# fdlibm e_log.c constants: ln 2 split so k * _LN2_HI is exact, and the minimax
# coefficients of R(s^2) ≈ (log(1+s) - log(1-s) - 2s) / s.
_LN2_HI = float.fromhex("0x1.62e42fee00000p-1")
_LN2_LO = float.fromhex("0x1.a39ef35793c76p-33")
_LG1 = float.fromhex("0x1.5555555555593p-1")
_LG2 = float.fromhex("0x1.999999997fa04p-2")
_LG3 = float.fromhex("0x1.2492494229359p-2")
_LG4 = float.fromhex("0x1.c71c51d8e78afp-3")
_LG5 = float.fromhex("0x1.7466496cb03dep-3")
_LG6 = float.fromhex("0x1.39a09d078c69fp-3")
_LG7 = float.fromhex("0x1.2f112df3e5244p-3")

RandomState = tuple[int, float, bool]
"""(48-bit seed, cached second gaussian, whether it is cached): everything `Random` holds."""


class JavaRandom:
    """`java.util.Random`. Every method returns what the JVM returns, as a Python int or float."""

    __slots__ = ("_seed", "_next_gaussian", "_have_next_gaussian")

    def __init__(self, seed: int) -> None:
        self.set_seed(seed)

    def set_seed(self, seed: int) -> None:
        """`setSeed(long)`: scramble with the multiplier and drop the cached gaussian."""
        self._seed = (seed ^ _MULTIPLIER) & _MASK
        self._next_gaussian = 0.0
        self._have_next_gaussian = False

    def get_state(self) -> RandomState:
        return (self._seed, self._next_gaussian, self._have_next_gaussian)

    def set_state(self, state: RandomState) -> None:
        self._seed, self._next_gaussian, self._have_next_gaussian = state

    def __copy__(self) -> JavaRandom:
        other = JavaRandom.__new__(JavaRandom)
        other.set_state(self.get_state())
        return other

    def next(self, bits: int) -> int:
        """`next(int)`: advance the LCG, return its top `bits` bits as a Java int (1 <= bits <= 32)."""
        self._seed = seed = (self._seed * _MULTIPLIER + _ADDEND) & _MASK
        r = seed >> (48 - bits)
        return r - (1 << 32) if r > _INT_MAX else r  # only bits == 32 can set the sign bit

    def next_int(self, bound: int | None = None) -> int:
        """`nextInt()`, or `nextInt(int bound)` in [0, bound)."""
        if bound is None:
            return self.next(32)
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        r = self.next(31)
        m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31  # power of two: take the high bits
        # Reject the last partial block of [0, 2^31) so every residue is equally likely;
        # Java tests this as `u - r + m < 0`, an int overflow.
        u = r
        r = u % bound
        while u - r + m > _INT_MAX:
            u = self.next(31)
            r = u % bound
        return r

    def next_long(self) -> int:
        hi = self.next(32)
        lo = self.next(32)
        return (((hi << 32) + lo + 2**63) & 0xFFFFFFFFFFFFFFFF) - 2**63

    def next_boolean(self) -> bool:
        return self.next(1) != 0

    def next_float(self) -> float:
        """24 random bits / 2^24: exact, so the double equals Java's float."""
        return self.next(24) * _FLOAT_UNIT

    def next_double(self) -> float:
        return ((self.next(26) << 27) + self.next(27)) * _DOUBLE_UNIT

    def discard_floats(self, count: int = 1) -> None:
        """`count` nextFloat draws whose values nothing reads (a sound's pitch): one step of the generator each."""
        self._advance(count)

    def discard_doubles(self, count: int = 1) -> None:
        """`count` nextDouble draws whose values nothing reads (a particle's offset): two steps each."""
        self._advance(2 * count)

    def discard_long(self) -> None:
        """A nextLong draw whose value nothing reads (a sound's seed): two steps."""
        self._advance(2)

    def _advance(self, steps: int) -> None:
        """The generator `steps` calls of `next` on (the cached gaussian kept, as `next` keeps it)."""
        for _ in range(steps):
            self._seed = (self._seed * _MULTIPLIER + _ADDEND) & _MASK

    def next_triangular(self, mode: float, deviation: float) -> float:
        """`Random.nextTriangular` (1.19): mode + deviation × (nextDouble − nextDouble), the left draw first."""
        a = self.next_double()
        return mode + deviation * (a - self.next_double())

    def next_gaussian(self) -> float:
        """Marsaglia's polar method; the second value of each pair is cached for the next call."""
        if self._have_next_gaussian:
            self._have_next_gaussian = False
            return self._next_gaussian
        while True:
            v1 = 2 * self.next_double() - 1
            v2 = 2 * self.next_double() - 1
            s = v1 * v1 + v2 * v2
            if 0 < s < 1:
                break
        multiplier = math.sqrt(-2 * _strict_log(s) / s)  # sqrt is correctly rounded in both
        self._next_gaussian = v2 * multiplier
        self._have_next_gaussian = True
        return v1 * multiplier


def _strict_log(x: float) -> float:
    """`StrictMath.log` for a positive normal double: fdlibm's algorithm, step for step.

    The platform `math.log` differs from it in the last bit for about 3% of gaussians. fdlibm is
    Copyright (C) 1993 by Sun Microsystems, Inc.; "Permission to use, copy, modify, and distribute
    this software is freely granted, provided that this notice is preserved."
    """
    bits = _BITS.unpack(_DOUBLE.pack(x))[0]
    hx = bits >> 32
    k = (hx >> 20) - 1023
    hx &= 0xFFFFF
    # x = 2^k * (1 + f) with sqrt(2)/2 < 1 + f < sqrt(2): halve mantissas above ~sqrt(2).
    i = (hx + 0x95F64) & 0x100000
    k += i >> 20
    f = _DOUBLE.unpack(_BITS.pack(((hx | (i ^ 0x3FF00000)) << 32) | (bits & 0xFFFFFFFF)))[0] - 1.0
    if (hx + 2) & 0xFFFFF < 3:  # |f| < 2^-20: two terms of the series
        if f == 0:
            return k * _LN2_HI + k * _LN2_LO
        r = f * f * (0.5 - 0.33333333333333333 * f)
        return k * _LN2_HI - ((r - k * _LN2_LO) - f)
    # log(1 + f) = 2s + s*R with s = f / (2 + f)
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    r = z * (_LG1 + w * (_LG3 + w * (_LG5 + w * _LG7))) + w * (_LG2 + w * (_LG4 + w * _LG6))
    if 0x6147A <= hx <= 0x6B851:  # f near ±0.41: keep f^2/2 apart for accuracy
        hfsq = 0.5 * f * f
        return k * _LN2_HI - ((hfsq - (s * (hfsq + r) + k * _LN2_LO)) - f)
    return k * _LN2_HI - ((s * (f - r) - k * _LN2_LO) - f)


@njit(inline=True)
def _step(seed: int) -> int:
    """The generator's next 48-bit seed (int64 products wrap mod 2^64, whose low 48 bits are the seed's)."""
    return (seed * _MULTIPLIER + _ADDEND) & _MASK


@njit(inline=True)
def _step4(seed: int) -> int:
    """The seed four steps on (`_MULTIPLIER_4`, `_ADDEND_4`)."""
    return (seed * _MULTIPLIER_4 + _ADDEND_4) & _MASK


@njit
def float_draws(seed: int, out: np.ndarray) -> int:
    """len(out) calls of nextFloat from the 48-bit `seed`, written to `out` (next(24) / 2^24, exact in a double);
    returns the seed after the last. Four draws at a time, each from its own chain of seeds four steps apart
    (`_step4`): four products in flight instead of one waiting for the last."""
    a = _step(seed)
    b = _step(a)
    c = _step(b)
    d = _step(c)
    k = 0
    while k + 4 <= len(out):
        out[k], out[k + 1] = (a >> 24) * _FLOAT_UNIT, (b >> 24) * _FLOAT_UNIT
        out[k + 2], out[k + 3] = (c >> 24) * _FLOAT_UNIT, (d >> 24) * _FLOAT_UNIT
        seed = d
        a, b, c, d = _step4(a), _step4(b), _step4(c), _step4(d)
        k += 4
    for j in range(k, len(out)):
        seed = _step(seed)
        out[j] = (seed >> 24) * _FLOAT_UNIT
    return seed


@njit(inline=True)
def _kept(seed: int, bound: int) -> bool:
    """Whether nextInt(bound) drawn at `seed` (the step's seed) is surely not rejected: a power of two never is,
    another bound where u + bound − 1 ≤ 2^31 − 1 (`int_draws`)."""
    m = bound - 1
    return bound & m == 0 or (seed >> 17) <= _INT_MAX - m


@njit(inline=True)
def _unkept_draws(seed: int, n: int) -> tuple:
    """Steps `int_draws` without keeping the values four draws at a time (`_step4` chains) while none of the four
    could be rejected (`_kept`); returns the bound of the next draw and the seed before it."""
    a = _step(seed)
    b = _step(a)
    c = _step(b)
    d = _step(c)
    while n >= 5 and _kept(a, n) and _kept(b, n - 1) and _kept(c, n - 2) and _kept(d, n - 3):
        seed = d
        n -= 4
        a, b, c, d = _step4(a), _step4(b), _step4(c), _step4(d)
    return n, seed


@njit
def int_draws(seed: int, n: int, out: np.ndarray) -> int:
    """nextInt(i) for i = n..2 from the 48-bit `seed` (`Collections.shuffle`'s draws), rejections included, each
    written to `out` while it has room (an empty `out` only steps the generator, four draws at a time up to the
    first that might be rejected: `_unkept_draws`); returns the seed after."""
    k = 0
    if len(out) == 0:
        n, seed = _unkept_draws(seed, n)
    for bound in range(n, 1, -1):
        seed = _step(seed)
        r = seed >> 17
        m = bound - 1
        if bound & m == 0:
            r = (bound * r) >> 31                     # power of two: the high bits
        else:
            u = r
            # u − r + m ≤ u + m, so where u + m ≤ 2^31 − 1 the draw is never rejected: the remainder (a division,
            # most of the loop's time) is taken only where it is kept or a rejection is possible
            r = u % bound if k < len(out) or u > _INT_MAX - m else 0
            while u - r + m > _INT_MAX:               # the last partial block of [0, 2^31): drawn again
                seed = _step(seed)
                u = seed >> 17
                r = u % bound
        if k < len(out):
            out[k] = r
        k += 1
    return seed
