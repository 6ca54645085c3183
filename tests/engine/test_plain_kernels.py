"""One source per stage (docs/architecture.md, "Each stage written once"): the object path runs a kernel's own
source as plain Python (`engine.jit.plain`), whether or not the kernels are bound to numba."""

from __future__ import annotations

import math
import types

from engine import jit
from engine.geometry.box import Box
from engine.geometry.shapes import calculate_max_distance, get_coord_index
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
