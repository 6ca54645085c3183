"""Fluids by release (engine/influences/fluid_kernel.py, fluids.py; docs/versions.md `fluids`), run as the bundled
scenes: the flow and the push normalised with the float root up to 1.16.5 and the double root from 1.17
(`vec_double`), the zero vector below 1.0E-5F from 1.21.2 (`normalize_zero_below_1e5`), the submerged test at the
eye from 1.20.5 (`submerged_at_eye`) and an item's floating depth 0.1F from 1.20.5 (`item_float_height`)."""

from __future__ import annotations

import re

import pytest

from engine.core.versions import features_for
from engine.influences import fluid_kernel
from engine.influences.fluids import get_velocity, normalize_zero_below
from engine.motion.collision_kernel import block_arrays
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR

# The source's neighbours east and south are one level lower: its flow is (g, 0, g), g = 8/9F − 7/9F, whose length
# g·√2 is irrational. The double root gives the double nearest 1/√2 per axis; 1.16.5 divides by the root rounded
# to float, 2.4e-10 short of it.
UNIT_1_16_5 = 0.7071067809436385
UNIT_1_17 = 0.7071067811865476


def _scene(name: str, version: str) -> Simulation:
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', (SCENES_DIR / name).read_text(), flags=re.M)
    return load_scene_text(text, name)


def _after(name: str, version: str, ticks: int = 1) -> Simulation:
    sim = _scene(name, version)
    for _ in range(ticks):
        sim.tick()
    return sim


@pytest.mark.parametrize(("version", "unit"), [("1.16.5", UNIT_1_16_5), ("1.17", UNIT_1_17),
                                                ("1.21.11", UNIT_1_17)])
def test_the_flow_of_every_cell_of_the_diagonal_stream_is_normalised_by_the_release_s_root(version: str,
                                                                                           unit: float) -> None:
    world = _scene("fluid_flow_diagonal.toml", version).world
    features = features_for(version)
    for x, z in ((0, 0), (1, 0), (0, 1), (1, 1)):
        assert tuple(get_velocity(world, x, 1, z, features)) == (unit, 0.0, unit)


@pytest.mark.parametrize(("version", "double"), [("1.16.5", False), ("1.17", True), ("1.21.2", True)])
def test_the_kernel_s_flow_equals_the_object_path_s_in_every_release(version: str, double: bool) -> None:
    """The compiled stage takes the flag: its flow of each cell is the object path's, bit for bit."""
    sim = _scene("fluid_flow_diagonal.toml", version)
    features = features_for(version)
    keys, slots, pool, _, flags, *_ = block_arrays(sim.world)
    for x, z in ((0, 0), (1, 0), (0, 1), (1, 1)):
        kx, ky, kz, ok = fluid_kernel.get_velocity(keys, slots, pool, flags, x, 1, z, double,
                                                   normalize_zero_below(features))
        assert ok and (kx, ky, kz) == tuple(get_velocity(sim.world, x, 1, z, features))


def test_a_tnt_in_diagonally_flowing_water_is_pushed_along_the_double_unit_vector_from_1_17() -> None:
    """First tick on the floor: gravity, a move that lands, the drags, then the push last, so the Motion is the
    push: 0.014 × the mean of four equal unit flows, normalised again."""
    old = _after("fluid_flow_diagonal.toml", "1.16.5").entities[0].motion
    new = _after("fluid_flow_diagonal.toml", "1.17").entities[0].motion
    assert (old.x, old.y, old.z) == (0.009899494933210939, 0.0, 0.009899494933210939)
    assert (new.x, new.y, new.z) == (0.009899494936611667, 0.0, 0.009899494936611667)
    assert _after("fluid_flow_diagonal.toml", "1.19.4").entities[0].motion == new   # unchanged to 1.20.4 ...


def test_the_tnt_s_path_in_the_stream_parts_from_1_16_5_s_in_the_last_bits() -> None:
    old = _after("fluid_flow_diagonal.toml", "1.16.5", 30).entities[0].pos
    new = _after("fluid_flow_diagonal.toml", "1.17", 30).entities[0].pos
    assert old != new and abs(old.x - new.x) < 1e-8 and old.x == old.z and new.x == new.z


def test_a_tnt_in_diagonally_flowing_lava_is_pushed_along_the_double_unit_vector_from_1_17() -> None:
    """The overworld's lava push, 0.0023333333333333335, after the same normalisations."""
    old = _after("fluid_lava_diagonal.toml", "1.16.5").entities[0]
    new = _after("fluid_lava_diagonal.toml", "1.17").entities[0]
    assert old.motion.x == old.motion.z == 0.003181980627704189
    assert new.motion.x == new.motion.z == 0.0031819805153394643
    assert old.fluid_height["lava"] == new.fluid_height["lava"] > 0.8


def test_a_mean_flow_of_4_9e_minus_5_pushes_only_from_1_21_2() -> None:
    """The TNT's box reaches 4.9e-5 into the source: the flow, scaled by that depth, is shorter than 1.0E-4 but
    not than 1.0E-5F. Up to 1.21.1 normalize gives zero, and the 0.0045 minimum push normalises zero again: no
    push, ever. From 1.21.2 the full 0.014 along (+X, +Z), 0.014 / √2 per axis."""
    still = _after("fluid_push_shallow.toml", "1.21.1", 20).entities[0]
    assert tuple(still.pos) == (0.5, 1.88784, 0.5) and tuple(still.motion) == (0.0, 0.0, 0.0)
    assert still.touching_water and 4.8e-5 < still.fluid_height["water"] < 4.9e-5
    pushed = _after("fluid_push_shallow.toml", "1.21.2").entities[0]
    assert tuple(pushed.motion) == (0.009899494936611665, 0.0, 0.009899494936611665)
    assert _after("fluid_push_shallow.toml", "1.21.11").entities[0].motion == pushed.motion


@pytest.mark.parametrize(("version", "submerged", "motion_y"), [
    ("1.20.4", True, 0.0004900000232737512),    # applyWaterMovement: 5.0E-4F, then the drag 0.98
    ("1.20.5", False, -0.0294),                  # gravity 0.03, then the drag 0.98
    ("1.21.3", False, -0.0294),                    # the newest release the XP-orb row simulates
])
def test_an_orb_whose_eye_is_above_the_surface_is_submerged_only_before_1_20_5(version: str, submerged: bool,
                                                                               motion_y: float) -> None:
    orb = _after("fluid_submerged_eye.toml", version).entities[0]
    assert orb.submerged_in_water is submerged
    assert orb.motion.y == motion_y


@pytest.mark.parametrize(("version", "motion_y"), [
    ("1.20.4", -0.0392),                         # 0.1007 < 0.2125F − 0.11111111F: gravity 0.04, drag 0.98
    ("1.20.5", 0.0004900000232737512),           # 0.1007 > 0.1F: buoyancy 5.0E-4F, drag 0.98
    ("1.21.11", 0.0004900000232737512),
])
def test_an_item_0_1007_deep_floats_only_from_1_20_5(version: str, motion_y: float) -> None:
    item = _after("item_float_height.toml", version).entities[0]
    assert item.touching_water and item.motion.y == motion_y
