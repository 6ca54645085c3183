"""The compiled loop over TNT rows equals the object path's stages bit for bit (engine.entities.tnt_kernel)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import jit
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.tick.simulation import Simulation
from tests.conftest import build_scene
from tests.scene_parts import cell, cuboid

BLOCKS = [cuboid((0, 60, 0), (6, 60, 6)), cell((3, 64, 3), "minecraft:water"),
          cell((20, 70, 20), "minecraft:oak_fence[east=true]")]

component = st.one_of(st.sampled_from([0.0, -0.0, 1e-8, -5e-8, 0.04, -0.04]),
                      st.floats(-2.0, 2.0, allow_nan=False))
tnt_spec = st.tuples(st.floats(-10.0, 30.0), st.floats(55.0, 90.0), st.floats(-10.0, 30.0),
                     component, component, component, st.booleans(), st.integers(1, 6))

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)


def build(specs, version: str = "1.16.5") -> Simulation:
    sim = build_scene(scene={"version": version}, blocks=BLOCKS)
    for x, y, z, mx, my, mz, no_gravity, fuse in specs:
        tnt = sim.create(Tnt, Vec3(x, y, z), Vec3(mx, my, mz))
        tnt.no_gravity = no_gravity
        tnt.fuse = fuse
        sim.add_entity(tnt)
    return sim


def lines(sim: Simulation, vectorize: bool, ticks: int, trace: bool = False) -> list[str]:
    sim.vectorize = vectorize
    sim.trace_enabled = trace
    out = []
    for _ in range(ticks):
        record = sim.tick()
        out.append(json.dumps([e.trace_line() | {"fall_distance": e.fall_distance, "age": e.age}
                               | ({"stages": [s.to_json() for s in record.stages_of(e.id)]} if trace else {})
                               for e in sim.reported_entities()]) + json.dumps(record.events))
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(tnt_spec, min_size=1, max_size=12))
def test_batched_tnt_ticks_equal_the_scalar_stages(specs) -> None:
    """Random TNT near and far from blocks, water, a fence: the compiled loop equals the stages."""
    assert lines(build(specs), True, 8) == lines(build(specs), False, 8)


def test_free_flight_run_is_compiled_and_matches() -> None:
    """A cloud of 200 TNT high above the floor: the compiled loop ticks all of them, and agrees with the stages."""
    specs = [(i % 20 * 1.5, 100.0 + i % 3, i // 20 * 1.5, 0.013, 0.2, -0.011, False, 80) for i in range(200)]
    sim = build(specs)
    assert lines(sim, True, 20) == lines(build(specs), False, 20)
    assert (sim.kernel_ticks, sim.object_ticks) == (200 * 20, 0)


def test_tnt_landing_on_the_floor_is_compiled_and_matches() -> None:
    """TNT dropped onto the stone floor, away from the water, collide, land and rest in the compiled loop, as in
    the stages."""
    specs = [(x + 0.5, 63.0 + (x + z) % 4, z + 0.5, 0.0, 0.0, 0.0, False, 80) for x in range(7) for z in range(7)
             if abs(x - 3) > 1 or abs(z - 3) > 1]
    sim = build(specs)
    assert lines(sim, True, 40) == lines(build(specs), False, 40)
    assert sim.object_ticks == 0 and all(e.on_ground and e.pos.y == 61.0 for e in sim.entities)


@pytest.mark.parametrize("version", ["1.17", "1.20", "1.21.3", "1.21.11"])
def test_later_releases_land_in_the_compiled_loop(version) -> None:
    """TNT landing on the floor in a later release (its position update, supporting block, small moves, fall
    distance): every tick compiled, equal to the stages, resting on the stone with the cell below as their
    supporting block from 1.20."""
    specs = [(x + 0.3, 63.0 + (x + z) % 3, z + 0.7, 0.0, 0.0, 0.0, False, 80) for x in range(7) for z in range(7)
             if abs(x - 3) > 1 or abs(z - 3) > 1]
    sim = build(specs, version)
    assert lines(sim, True, 30) == lines(build(specs, version), False, 30)
    assert sim.object_ticks == 0 and all(e.on_ground and e.pos.y == 61.0 for e in sim.entities)
    supported = version in ("1.20", "1.21.3", "1.21.11")
    assert all(e.supporting_block_pos == ((int(e.pos.x), 60, int(e.pos.z)) if supported else None)
               for e in sim.entities)


@settings(max_examples=25, deadline=None)
@given(st.lists(tnt_spec, min_size=1, max_size=6))
def test_replayed_stages_equal_recorded_stages(specs) -> None:
    """With tracing, the stages of a TNT tick the compiled loop did, replayed on demand, equal the stages the
    object path records."""
    assert lines(build(specs), True, 4, trace=True) == lines(build(specs), False, 4, trace=True)
