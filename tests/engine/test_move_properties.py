"""Properties of `Entity.move` and of the simulation as a whole, over random small worlds (spec 03 §2-§3):
collisions never push a box into a new block shape nor further than asked, and neither tracing nor a
snapshot round trip changes a single bit of the trace (style T2).

Coordinates and Motion lie on a 1/256 grid, so every box edge, offset and clipped distance is exact in
doubles and the assertions can be exact; the 0.98F TNT width keeps box faces off the block grid.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.constants import COLLISION_EPSILON
from engine.geometry.box import Box
from viewer.cli import trace_lines

BLOCK_STATES = (
    "minecraft:stone",
    "minecraft:oak_slab[type=bottom]",
    "minecraft:oak_slab[type=top]",
    "minecraft:oak_fence",
    "minecraft:oak_fence[east=true,north=true]",
    "minecraft:cobblestone_wall[up=true,east=tall]",
    "minecraft:oak_stairs[facing=north,half=bottom,shape=straight]",
    "minecraft:oak_stairs[facing=east,half=top,shape=outer_left]",
    "minecraft:hopper",
    "minecraft:soul_sand",
)
GRID = 256
PROPERTY_SETTINGS = settings(max_examples=200, deadline=None)


def grid(lo: float, hi: float) -> st.SearchStrategy[float]:
    return st.integers(int(lo * GRID), int(hi * GRID)).map(lambda i: i / GRID)


motion_component = st.one_of(st.just(0.0), grid(-3.0, 3.0), grid(-0.25, 0.25))
motions = st.lists(motion_component, min_size=3, max_size=3)
positions = st.tuples(grid(-2.5, 2.5), grid(0.0, 4.5), grid(-2.5, 2.5)).map(list)
block_entries = st.lists(
    st.builds(lambda x, y, z, s: {"at": [x, y, z], "block": s},
              st.integers(-3, 3), st.integers(0, 5), st.integers(-3, 3), st.sampled_from(BLOCK_STATES)),
    max_size=12)


def overlapped(sim, box: Box) -> set[tuple[float, float, float]]:
    """The cells whose collision shape overlaps `box` by more than the collision tolerance on every axis."""
    return {offset for _, offset in sim.world.get_block_collisions(box.contract(COLLISION_EPSILON))}


@PROPERTY_SETTINGS
@given(blocks=block_entries, pos=positions, motion=motions)
def test_move_never_enters_a_block_shape_it_did_not_already_overlap(scene, blocks, pos, motion) -> None:
    """After one `Entity.move` (TNT, no gravity) the box overlaps no block shape it was clear of before."""
    sim = scene(blocks=blocks, entities=[{"type": "tnt", "pos": pos, "motion": motion, "no_gravity": True}])
    tnt = sim.entities[0]
    before = overlapped(sim, tnt.box)
    sim.tick()
    assert overlapped(sim, tnt.box) <= before, (pos, motion, tnt.pos)


@PROPERTY_SETTINGS
@given(blocks=block_entries, pos=positions, motion=motions)
def test_move_never_goes_further_than_asked_on_any_axis(scene, blocks, pos, motion) -> None:
    """Each axis of the actual displacement lies between 0 and the asked Motion: |actual_i| <= |asked_i|."""
    sim = scene(blocks=blocks, entities=[{"type": "tnt", "pos": pos, "motion": motion, "no_gravity": True}])
    tnt = sim.entities[0]
    start = tnt.box
    sim.tick()
    for axis, asked in enumerate(motion):
        actual = tnt.box[axis] - start[axis]
        assert abs(actual) <= abs(asked), (axis, asked, actual)
        assert actual * asked >= 0.0, (axis, asked, actual)
        assert tnt.box[axis + 3] - start[axis + 3] == actual          # the box moves rigidly


def _mixed_scene(blocks, entities):
    floor = {"from": [-4, 0, -4], "to": [4, 0, 4], "block": "minecraft:stone"}
    return {"blocks": [floor, *blocks], "entities": entities, "scene": {"seed": 7}}


entity_entries = st.lists(st.one_of(
    st.builds(lambda p, m, f: {"type": "tnt", "pos": p, "motion": m, "fuse": f}, positions, motions,
              st.integers(1, 8)),
    st.builds(lambda p, m, a: {"type": "item", "pos": p, "motion": m, "age": a}, positions, motions,
              st.integers(0, 3)),
    st.builds(lambda p, m: {"type": "experience_orb", "pos": p, "motion": m}, positions, motions),
    st.builds(lambda p, m: {"type": "falling_block", "pos": p, "motion": m, "time": 1,
                            "block_state": "minecraft:gravel"}, positions, motions),
), min_size=1, max_size=4)


@PROPERTY_SETTINGS
@given(blocks=block_entries, entities=entity_entries, ticks=st.integers(1, 8))
def test_tracing_on_or_off_gives_bit_identical_trace_lines(scene_text, blocks, entities, ticks) -> None:
    """`tickscope trace` with and without --stages prints the same lines once the stages are set aside."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scene.toml"
        path.write_text(scene_text(**_mixed_scene(blocks, entities)), encoding="utf-8")
        plain = [json.dumps(line) for line in trace_lines(str(path), ticks, False, None)]
        staged = []
        for line in trace_lines(str(path), ticks, True, None):
            line.pop("redstone")              # the tick's redstone record, with --stages only
            for e in line["entities"]:
                assert isinstance(e.pop("stages"), list)
            staged.append(json.dumps(line))
    assert staged == plain


@PROPERTY_SETTINGS
@given(blocks=block_entries, entities=entity_entries, warmup=st.integers(0, 3), ticks=st.integers(1, 8))
def test_snapshot_ticks_restore_ticks_gives_identical_lines(scene, lines_of, blocks, entities, warmup,
                                                            ticks) -> None:
    """snapshot → N ticks → restore → N ticks repeats every trace line bit for bit (style T2)."""
    sim = scene(**_mixed_scene(blocks, entities))
    lines_of(sim, warmup)
    snap = sim.snapshot()
    first = lines_of(sim, ticks)
    sim.restore(snap)
    assert sim.tick_count == warmup
    second = lines_of(sim, ticks)
    assert second == first
