"""Fluids by release (engine/influences/fluid_kernel.py, fluids.py; docs/versions.md `fluids`), run as the bundled
scenes: the flow and the push normalised with the float root up to 1.16.5 and the double root from 1.17
(`vec_double`), the zero vector below 1.0E-5F from 1.21.2 (`normalize_zero_below_1e5`), the submerged test at the
eye from 1.20.5 (`submerged_at_eye`) and an item's floating depth 0.1F from 1.20.5 (`item_float_height`)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from engine.core.versions import features_for
from engine.influences import fluid_kernel
from engine.influences.fluids import get_velocity, normalize_zero_below
from engine.java.javanum import f32
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
                                                   normalize_zero_below(features), features.flow_own_levels)
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


# The lava stage of Entity.updateWaterState while touching water (1.16.2). The lava cell east of the TNT flows to a
# lower level east of it: (7/9F − 6/9F, 0, 0), whose float square root is exact, so its unit vector is (1, 0, 0); the
# still water source adds nothing. Its push, 0.0023333333333333335 long, is normalised by the float root (1.16.5's
# MathHelper.sqrt) and, the TNT standing still, stretched to 0.0045000000000000005.
LAVA_PUSH_1_16_2 = 0.0023333333333333335 / float(np.float32(0.0023333333333333335)) * 0.0045000000000000005


@pytest.mark.parametrize(("version", "motion_x"), [("1.16", 0.0), ("1.16.1", 0.0), ("1.16.2", LAVA_PUSH_1_16_2),
                                                   ("1.16.5", LAVA_PUSH_1_16_2)])
def test_a_tnt_touching_water_is_pushed_by_lava_only_from_1_16_2(version: str, motion_x: float) -> None:
    sim = _after("fluid_lava_in_water_1_16_1.toml", version)
    tnt = sim.entities[0]
    assert tuple(tnt.motion) == (motion_x, 0.0, 0.0) and tnt.touching_water
    assert sim.entities[0].fluid_height["lava"] == (0.0 if motion_x == 0.0 else f32(1 + f32(7 / 9)) - 1.001)
    assert _after("fluid_lava_in_water_1_16_1.toml", version, 2).entities[0].pos.x == 1.0 + motion_x


@pytest.mark.parametrize("version", ["1.16.1", "1.16.2"])
def test_the_compiled_tnt_loop_takes_the_lava_stage_s_release(version: str) -> None:
    """The TNT row loop (`version_bits`' V_LAVA_IN_WATER) and the object path give the same 10 ticks."""
    runs = []
    for vectorize in (True, False):
        sim = _scene("fluid_lava_in_water_1_16_1.toml", version)
        sim.vectorize = vectorize
        run = []
        for _ in range(10):
            sim.tick()
            run.append((tuple(sim.entities[0].pos), tuple(sim.entities[0].motion)))
        runs.append(run)
    assert runs[0] == runs[1]
    assert (runs[0][-1][0][0] > 1.0) == (version == "1.16.2")     # pushed east from 1.16.2 only


@pytest.mark.parametrize(("version", "health"), [("1.16", None), ("1.16.1", None), ("1.16.2", 5), ("1.16.5", 5)])
def test_an_item_0_0004_under_a_lava_surface_burns_only_before_1_16_2(version: str, health: int | None) -> None:
    """Up to 1.16.1 the item's first move finds the lava block's surface (1 + 8/9F) above the box's bottom (1.8885)
    and sets inLava: in the second tick's base tick lava sets it on fire (300 ticks) and hurts it by 4 (health 1),
    in the third the fire's 1 at 300 ticks removes it. From 1.16.2 the lava's depth under the box contracted by
    0.001 (bottom 1.8895) is negative: no lava height, not in lava."""
    second = _after("fluid_in_lava_flag_1_16_1.toml", version, 2).entities[0]
    third = _after("fluid_in_lava_flag_1_16_1.toml", version, 3).entities
    if health is None:
        assert (second.health, second.fire_ticks, second.is_in_lava()) == (1, 300, True)
        assert not third or third[0].removed
    else:
        assert (third[0].health, third[0].removed, third[0].is_in_lava()) == (5, False, False)


@pytest.mark.parametrize(("version", "motion_y"), [("1.16.1", -0.04 * 0.98),
                                                   ("1.16.2", float(np.float32(5.0e-4)) * 0.98)])
def test_an_item_over_stone_reaching_into_a_pool_floats_only_from_1_16_2(version: str, motion_y: float) -> None:
    """The item at x 0.9 (box 0.775..1.025) touches the water source east of it, 0.69 under its surface; 1.16.1
    asks the cell at its eye Y − 0.11111111F (x 0: air): gravity −0.04, then the drag 0.98; 1.16.2 the water height:
    above 0.2125F − 0.11111111F, so +5.0E-4F (X and Z, 0, × 0.99F), then the drag."""
    item = _after("fluid_item_float_1_16_1.toml", version).entities[0]
    assert item.motion.y == motion_y and item.touching_water
