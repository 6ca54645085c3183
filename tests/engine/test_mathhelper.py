"""`engine.java.mathhelper` against the JVM (fixtures/java_random.json) and Java's cast rules."""

from __future__ import annotations

import json
import math
import struct
import zlib
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest

from engine.java.javanum import f32, float_text
from engine.java.mathhelper import SINE_TABLE, ceil, clamp, cos, floor, sin, sqrt_float, wrap_degrees

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "java_random.json").read_text())
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1


def from_bits(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<i", bits))[0]


def float_bits(f: float) -> int:
    return struct.unpack("<i", struct.pack("<f", f))[0]


def same_float(actual: float, expected_bits: int) -> bool:
    """Bit equality; any NaN matches any NaN (Java never tells NaN payloads apart in arithmetic)."""
    expected = from_bits(expected_bits)
    return math.isnan(actual) and math.isnan(expected) or float_bits(actual) == expected_bits


def test_sine_table_matches_jvm() -> None:
    assert len(SINE_TABLE) == 65536
    assert zlib.crc32(np.array(SINE_TABLE, dtype=">f4").tobytes()) == FIXTURE["sine_table_crc32"]
    for i, bits in FIXTURE["sine_table_samples"]:
        assert float_bits(SINE_TABLE[i]) == bits, i


@pytest.mark.parametrize("x_bits, sin_bits, cos_bits", FIXTURE["sin_cos"])
def test_sin_cos_match_jvm(x_bits: int, sin_bits: int, cos_bits: int) -> None:
    x = from_bits(x_bits)
    assert float_bits(sin(x)) == sin_bits, x
    assert float_bits(cos(x)) == cos_bits, x


def test_sin_rounds_a_double_argument_to_float() -> None:
    assert sin(0.1) == sin(f32(0.1))


@pytest.mark.parametrize("degrees_bits, wrapped_bits", FIXTURE["wrap_degrees"])
def test_wrap_degrees_matches_jvm(degrees_bits: int, wrapped_bits: int) -> None:
    degrees = from_bits(degrees_bits)
    assert same_float(wrap_degrees(degrees), wrapped_bits), degrees


@pytest.mark.parametrize("x_bits, root_bits", FIXTURE["sqrt_float"])
def test_sqrt_float_matches_jvm(x_bits: int, root_bits: int) -> None:
    x = from_bits(x_bits)
    assert same_float(sqrt_float(x), root_bits), x


@pytest.mark.parametrize(
    "d, expected",
    [
        (0.0, 0),
        (-0.0, 0),
        (0.5, 0),
        (-0.5, -1),
        (-1.0, -1),
        (2.999999999, 2),
        (-2.000000001, -3),
        (2147483646.5, 2147483646),
        (2147483647.5, INT_MAX),
        (-2147483647.5, INT_MIN),
        (-2147483648.0, INT_MIN),
        (math.nan, 0),
        (math.inf, INT_MAX),
    ],
)
def test_floor_java_semantics(d: float, expected: int) -> None:
    assert floor(d) == expected


@pytest.mark.parametrize(
    "d, expected",
    [
        (0.0, 0),
        (0.5, 1),
        (-0.5, 0),
        (1.0, 1),
        (-2.999999999, -2),
        (2147483646.5, INT_MAX),
        (-2147483647.5, -2147483647),
        (-2147483648.5, INT_MIN),
        (math.nan, 0),
        (-math.inf, INT_MIN),
    ],
)
def test_ceil_java_semantics(d: float, expected: int) -> None:
    assert ceil(d) == expected


@pytest.mark.parametrize(
    "written, true_value",
    [
        (0.99, "0.9900000095367431640625"),
        (0.98, "0.980000019073486328125"),
        (0.05, "0.0500000007450580596923828125"),
        (0.04, "0.039999999105930328369140625"),
        (0.03, "0.02999999932944774627685546875"),
        (0.6, "0.60000002384185791015625"),
        (0.989, "0.989000022411346435546875"),
        (0.91, "0.910000026226043701171875"),
        (0.017453292, "0.01745329238474369049072265625"),
    ],
)
def test_f32_true_values_spec_01_table_2_5(written: float, true_value: str) -> None:
    assert Decimal(f32(written)) == Decimal(true_value)


def test_clamp() -> None:
    assert clamp(-1.5, 0.0, 1.0) == 0.0
    assert clamp(1.5, 0.0, 1.0) == 1.0
    assert clamp(0.25, 0.0, 1.0) == 0.25
    assert math.isnan(clamp(math.nan, 0.0, 1.0))


def test_float_text_is_the_shortest_decimal_of_a_float32() -> None:
    """Labels show 0.6F as "0.6" (as Float.toString does), not the widened double's 0.6000000238418579."""
    shown = [float_text(f32(v)) for v in (0.6, 0.98, 1.0, 0.989, 1e-7, 123456.7)]
    assert shown == ["0.6", "0.98", "1.0", "0.989", "1e-07", "123456.7"]
    assert all(f32(float(float_text(f32(v)))) == f32(v) for v in (0.1, 1 / 3, 2.5e-38, 3.4e38, 16777217.0))
