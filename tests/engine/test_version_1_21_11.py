"""1.21.11 against 1.21.3 where the table simulates 1.21.11 (docs/versions.md, "1.21.4 to 1.21.11").

The sine table of 1.21.11 is indexed in double (`MathHelper.sin(double)`: `(long)(value * 10430.378350470453)`),
1.21.3's in float (`(int)(value * 10430.378F)`). −22.5° is exactly an eighth of a turn, 4096 entries; the float
angle nearest −π/8 is a little beyond it, so the exact product is a hair past −4096: rounded to float it lands on
−4096.0; kept in double, cos's +16384 gives a hair under 12288, which truncates to 12287.
"""

from __future__ import annotations

import math

import numpy as np

from engine.java.javanum import f32
from engine.java.mathhelper import cos, sin
from tests.engine.test_versions import _deflection, outcome

MINUS_EIGHTH_TURN = f32(-22.5 * f32(0.017453292))   # what getRotationVector passes for a yaw of 22.5°


def _entry(i: int) -> float:
    """Entry i of the game's table, from its definition: (float)Math.sin(i · 2π / 65536)."""
    return float(np.float32(math.sin(i * math.pi * 2.0 / 65536.0)))


def test_the_float_index_reads_cos_of_an_eighth_turn_exactly() -> None:
    assert cos(MINUS_EIGHTH_TURN) == _entry(12288) == float(np.float32(math.cos(math.pi / 8)))


def test_the_double_index_of_1_21_11_reads_the_entry_before() -> None:
    assert cos(MINUS_EIGHTH_TURN, True) == _entry(12287) != _entry(12288)
    # sin: −4096.0001 truncates toward zero to −4096 in both; only cos's +16384 moves it below 12288
    assert sin(MINUS_EIGHTH_TURN, True) == sin(MINUS_EIGHTH_TURN) == _entry(65536 - 4096)


def test_the_double_index_saturates_like_java_s_long_cast() -> None:
    assert sin(math.nan, True) == _entry(0)
    assert sin(math.inf, True) == _entry(65535)       # Long.MAX_VALUE & 65535
    assert sin(-math.inf, True) == _entry(0)          # Long.MIN_VALUE & 65535


def test_a_redirected_fireball_flies_a_different_way_at_1_21_11() -> None:
    """The snowball's owner looks 22.5° yaw: the redirect's look differs in Z (entry 12287, not 12288), so the
    fireball's Motion after the hit differs from 1.21.3's (1.21.9 and 1.21.10 index in float, as 1.21.8:
    tests/engine/test_version_12110.py)."""
    kind3, (p3, m3) = outcome(_deflection(22.5, "1.21.3"), 4, 1)
    kind11, (p11, m11) = outcome(_deflection(22.5, "1.21.11"), 4, 1)
    assert kind3 == kind11 == "state" and m3 != m11 and p3 != p11

