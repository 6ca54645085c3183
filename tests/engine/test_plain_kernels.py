"""One source per stage (docs/architecture.md, "Each stage written once"): the object path runs a kernel's own
source as plain Python (`engine.jit.plain`), whether or not the kernels are bound to numba."""

from __future__ import annotations

import math
import types
import warnings

import numpy as np

from engine import jit
from engine.geometry.box import Box
from engine.geometry.shapes import calculate_max_distance, get_coord_index
from engine.influences.fluid_kernel import f32
from engine.world.blocks import parse_block_state


def test_a_plain_kernel_calls_plain_kernels_after_binding() -> None:
    jit.bind_kernels()
    fn = jit.plain(calculate_max_distance)
    assert isinstance(fn, types.FunctionType)
    assert isinstance(fn.__globals__["get_coord_index"], types.FunctionType)
    assert isinstance(fn.__globals__["_layer_filled"], types.FunctionType)
    assert jit.plain(calculate_max_distance) is fn


def test_coordinate_index_of_nan_is_the_last_as_vanillas_binary_search() -> None:
    grid = ((0.0, 0.5, 1.0),)
    index = jit.plain(get_coord_index)
    assert [index(grid, 3, 0, 0.0, v) for v in (-0.1, 0.0, 0.7, 1.0, 5.0, math.nan)] == [-1, 0, 1, 2, 2, 2]


def test_shapes_stop_a_box_on_the_object_path() -> None:
    slab = parse_block_state("oak_slab[type=bottom]").collision_shape
    box = Box(0.2, 0.6, 0.2, 0.8, 1.6, 0.8)
    assert slab.calculate_max_distance((0.0, 0.0, 0.0), 1, box, -1.0) == -0.09999999999999998
    assert slab.calculate_max_distance((0.0, 0.0, 3.0), 1, box, -1.0) == -1.0
    stairs = parse_block_state("stone_brick_stairs[facing=east]").collision_shape
    low = Box(-0.5, 0.2, 0.2, -0.1, 0.4, 0.8)     # beside the bottom half: stopped by it moving +x
    high = Box(-0.5, 0.6, 0.2, -0.1, 0.9, 0.8)    # beside the top half, which starts at x = 0.5
    assert stairs.calculate_max_distance((0.0, 0.0, 0.0), 0, low, 1.0) == 0.1
    assert stairs.calculate_max_distance((0.0, 0.0, 0.0), 0, high, 1.0) == 0.6


def test_the_plain_float_cast_takes_numpy_floats_without_a_warning() -> None:
    """Java's (float) of a double (Float.MAX_VALUE is 3.4028234663852886E38; a double past its rounding range
    casts to ±Infinity), given Python floats and numpy float64 and float32 alike, warnings as errors."""
    cast = jit.plain(f32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cast(np.float32(np.inf)) == math.inf
        assert cast(np.float32(-np.inf)) == -math.inf
        assert cast(np.float32(1.5)) == 1.5
        assert cast(np.float64(1.0e39)) == math.inf
        assert cast(-1.0e39) == -math.inf
        assert cast(np.float32(3.4028234663852886e38)) == 3.4028234663852886e38
        assert cast(0.1) == 0.10000000149011612
        assert math.isnan(cast(np.float32(math.nan)))
