"""The bundled scenes (scenes/*.toml): each loads, runs, and shows the mechanic its header cites.

Expectations are computed here from the spec's rules and constants (spec 03, 04, 06, 09), not copied from a run.
"""

from __future__ import annotations

import json
import math
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import rtoml
import tomli

from engine.java.javanum import f32
from engine.tick.scene import load_scene
from engine.tick.scene_writer import write_scene
from tests.conftest import SCENES_DIR
from viewer.cli import main, trace_lines

SCENES = sorted(SCENES_DIR.glob("*.toml"))


F98 = f32(0.98)                       # 0.98F: TNT and falling-block size, item/orb drag
TNT_VY = f32(0.2)                     # TntEntity's constructor: setVelocity(.., 0.2F, ..)


def trace(name: str, ticks: int, stages: bool = False) -> list[dict[str, Any]]:
    """`tickscope trace scenes/NAME.toml --ticks N [--stages]` as parsed JSON objects."""
    return list(trace_lines(str(SCENES_DIR / f"{name}.toml"), ticks, stages, None))


def entity(line: dict[str, Any], entity_id: int) -> dict[str, Any]:
    return next(e for e in line["entities"] if e["id"] == entity_id)


def walk(stages: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for s in stages:
        yield s
        yield from walk(s["children"])


def stage(ent: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((s for s in walk(ent["stages"]) if s["name"] == name), None)


def moved(pos: list[float], d: list[float], width: float = F98) -> list[float]:
    """An unobstructed `Entity.move`: the box (width × height at pos) offset by d, the position re-centred on it."""
    h = width / 2.0
    x, y, z = pos
    return [((x - h + d[0]) + (x + h + d[0])) / 2.0, y + d[1], ((z - h + d[2]) + (z + h + d[2])) / 2.0]


def fall_from(y: float, vy: float, gravity: float, ticks: int) -> list[float]:
    """Y after each tick of free flight, order G M D (add gravity, move, × 0.98)."""
    ys = []
    for _ in range(ticks):
        vy = vy + gravity
        y = y + vy
        vy = vy * 0.98
        ys.append(y)
    return ys


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.stem)
def test_the_fast_toml_parser_reads_each_scene_as_tomli_does(path: Path) -> None:
    """Scenes are parsed by rtoml and, when it refuses a text, by tomli (whose errors name line and column): on
    every bundled scene both give the same document, keys in the same order."""
    text = path.read_text(encoding="utf-8")
    assert json.dumps(rtoml.loads(text), default=str) == json.dumps(tomli.loads(text), default=str)


@pytest.mark.parametrize("path", SCENES, ids=[p.stem for p in SCENES])
def test_every_bundled_scene_traces_100_ticks_and_its_written_copy_the_same(path: Path, capsys, tmp_path: Path) -> None:
    """`tickscope trace SCENE --ticks 100` succeeds for each bundled scene: 101 lines, an entity, finite positions;
    and the scene written back (engine.tick.scene_writer) and traced so prints the same lines."""
    def traced(scene: Path) -> str:
        assert main(["trace", str(scene), "--ticks", "100"]) == 0
        captured = capsys.readouterr()
        assert captured.err == ""
        return captured.out
    out = traced(path)
    lines = [json.loads(s) for s in out.splitlines()]
    assert [line["tick"] for line in lines] == list(range(101))
    assert lines[0]["entities"], f"{path.name} has no entity"
    assert all(math.isfinite(c) for line in lines for e in line["entities"] for c in e["pos"])
    written = tmp_path / "written.toml"
    write_scene(load_scene(path), written)
    assert traced(written) == out


def test_bundled_scenes_are_the_documented_set() -> None:
    """Every scene the spec cases call for is bundled."""
    assert {p.stem for p in SCENES} >= {
        "tnt_flat_ground", "tnt_high_in_air", "tnt_under_ceiling", "gold_block_pipe", "tnt_on_four_block_corner",
        "slime_bounce", "soul_sand", "item_on_ice", "item_water_stream", "falling_sand", "xp_orb_drop"}


def test_tnt_flat_ground_lands_after_9_gt_at_figure_t2_distance() -> None:
    """Spec 09 T2: primed TNT lands after 9 gt, 1 - 0.98^9 = 0.16625224 m from its start."""
    lines = trace("tnt_flat_ground", 9)
    assert [entity(line, 1)["on_ground"] for line in lines[1:]] == [False] * 8 + [True]
    x0, _, z0 = entity(lines[0], 1)["pos"]
    x9, y9, z9 = entity(lines[9], 1)["pos"]
    assert y9 == 1.0
    assert math.hypot(x9 - x0, z9 - z0) == pytest.approx(1 - 0.98**9, abs=1e-12)
    assert math.hypot(x9 - x0, z9 - z0) == pytest.approx(0.16625224, abs=5e-9)


def test_tnt_high_in_air_falls_figure_t4_before_exploding_at_fuse_80() -> None:
    """Spec 09 T4: GMD with 0.2F up, g 0.04, k 0.98 (double) for 80 gt; explodes 0.06125 m above its position."""
    lines = trace("tnt_high_in_air", 81)
    expected_y = fall_from(200.0, TNT_VY, -0.04, 80)
    assert [entity(line, 1)["pos"][1] for line in lines[1:81]] == expected_y
    last = entity(lines[80], 1)
    assert last["removed"] is True and last["fuse"] == 0
    fall = 200.0 - last["pos"][1]
    # the printed 73.45407581 follows from 0.2 exactly; 0.2F (2.98e-9 more) rises 1.2e-7 m higher
    assert fall == pytest.approx(73.45407581, abs=2e-7)
    (event,) = lines[80]["events"]
    assert event["kind"] == "explosion" and event["power"] == 4.0 and event["source"] == 1
    assert event["center"][1] == last["pos"][1] + F98 * 0.0625
    dx, dz = last["pos"][0] - 0.5, last["pos"][2] - 0.5
    assert math.hypot(dx, dz) == pytest.approx(1 - 0.98**80, abs=1e-9)   # 0.80135115, AMBIGUITY-N3
    assert lines[81]["entities"] == []


def test_tnt_under_ceiling_rises_2_cm_then_falls_figure_t5() -> None:
    """Spec 09 T5: the ceiling stops the box 0.02 m up and zeroes Y; the fall from rest totals 79.84488503 m."""
    lines = trace("tnt_under_ceiling", 80)
    first = entity(lines[1], 1)
    assert first["pos"][1] == 201.0 - F98            # box top flush with the ceiling's underside
    assert first["motion"][1] == 0.0 and first["vertical_collision"] is True and first["on_ground"] is False
    expected_y = fall_from(first["pos"][1], 0.0, -0.04, 79)
    assert [entity(line, 1)["pos"][1] for line in lines[2:81]] == expected_y
    assert 200.0 - expected_y[-1] == pytest.approx(79.84488503, abs=1e-8)
    assert entity(lines[80], 1)["removed"] is True


def test_gold_block_pipe_entity_passes_by_axis_wise_moves_and_ends_above_the_pipe() -> None:
    """Spec 03 §3 fig 4.1.2: Y, X, Z sweeps each run unclipped through the pipe; the straight path is gold."""
    sim = load_scene(SCENES_DIR / "gold_block_pipe.toml")
    assert sim.world.get_block_state(1, 2, 1).block == "gold_block"   # midway along the straight line
    lines = trace("gold_block_pipe", 2, stages=True)
    start = entity(lines[0], 1)
    m = start["motion"]
    one, two = entity(lines[1], 1), entity(lines[2], 1)
    assert one["pos"] == moved(start["pos"], m)
    assert two["pos"] == moved(one["pos"], one["motion"])
    assert one["motion"] == [c * 0.98 for c in m]
    for ent in (one, two):
        sweeps = [g for g in stage(ent, "collisions")["geometry"] if g["role"].startswith("axis_sweep_")]
        assert [g["role"] for g in sweeps] == ["axis_sweep_y", "axis_sweep_x", "axis_sweep_z"]
        assert all("clipped_to" not in g for g in sweeps)
        assert not ent["horizontal_collision"] and not ent["vertical_collision"]
    assert two["pos"][1] > 6.0                        # above the gold's top face (blocks up to y = 5)


def test_tnt_on_four_block_corner_checks_the_cells_of_fig_4_1_4_in_order() -> None:
    """Spec 03 §6.1: deflated box → cells x∈{-1,0}, z∈{-1,0}, X outer, Y, Z inner; the iron layer is never checked."""
    lines = trace("tnt_on_four_block_corner", 12, stages=True)
    air = [(-1, 1, -1), (-1, 1, 0), (-1, 2, -1), (-1, 2, 0), (0, 1, -1), (0, 1, 0), (0, 2, -1), (0, 2, 0)]
    ground = [(-1, 1, -1), (-1, 1, 0), (0, 1, -1), (0, 1, 0)]
    seen = set()
    for line in lines[1:]:
        ent = entity(line, 1)
        cells = stage(ent, "check_block_collision")["geometry"]
        assert [g["order"] for g in cells] == list(range(len(cells)))
        got = [tuple(g["pos"]) for g in cells]
        assert got == (ground if ent["on_ground"] else air)
        seen.add(ent["on_ground"])
    assert seen == {False, True}


def test_slime_bounce_reverses_y_by_0_8_and_only_the_item_bounces() -> None:
    """Spec 04 §2: non-living landing Y × -0.8; the item keeps the bounce, the TNT's on-ground × -0.5 undoes it."""
    lines = trace("slime_bounce", 40, stages=True)
    landings = {}
    for line in lines[1:]:
        for ent in line["entities"]:
            land = stage(ent, "on_entity_land")
            if land is not None and ent["id"] not in landings:
                landings[ent["id"]] = line["tick"]
                before, after = land["before"]["motion"][1], land["after"]["motion"][1]
                assert before < 0.0
                assert after == -before * 0.8
    item_tick, tnt_tick = landings[1], landings[2]
    assert max(entity(line, 1)["pos"][1] for line in lines[item_tick:]) > 1.2    # the item is airborne again
    assert all(entity(line, 2)["pos"][1] == 1.0 for line in lines[tnt_tick:])   # the TNT stays on the slime


def test_soul_sand_scales_horizontal_motion_by_0_4f_only_over_soul_sand() -> None:
    """Spec 04 §3: Entity.move step 14 multiplies X and Z by (double)0.4F; Y is untouched; not over ice."""
    lines = trace("soul_sand", 30, stages=True)
    applied = []
    for line in lines[1:]:
        ent = entity(line, 1)
        mult = stage(ent, "velocity_multiplier")
        if mult is None:
            assert ent["pos"][0] < 4.0 or stage(ent, "move") is None
            continue
        applied.append(line["tick"])
        before, after = mult["before"]["motion"], mult["after"]["motion"]
        assert after == [before[0] * f32(0.4), before[1], before[2] * f32(0.4)]
        assert mult["before"]["pos"][0] >= 4.0
    assert applied, "the item never reached the soul sand"
    assert entity(lines[-1], 1)["pos"][1] == 0.875     # resting on the soul sand, 2/16 below the ice


def test_item_on_ice_drags_by_float_product_and_slides_farther_than_on_stone() -> None:
    """Spec 04 §4: on the ground X/Z × (0.98F × slipperiness) as a float product: ice 0.98F, stone 0.6F."""
    lines = trace("item_on_ice", 100, stages=True)
    factors = {1: float(np.float32(0.98) * np.float32(0.98)), 2: float(np.float32(0.6) * np.float32(0.98))}
    for entity_id, k in factors.items():
        drag = stage(entity(lines[1], entity_id), "drag")
        assert drag["before"]["on_ground"] is True
        assert drag["after"]["motion"][0] == drag["before"]["motion"][0] * k
    ice, stone = entity(lines[-1], 1)["pos"][0] - 0.5, entity(lines[-1], 2)["pos"][0] - 0.5
    assert ice > 10.0 and stone < 1.5 and ice > 5 * stone


def test_item_water_stream_pushes_the_item_along_the_flow() -> None:
    """Spec 04 §7: flow vectors point down the level gradient (+X); F1 adds 0.014 m/gt along it."""
    lines = trace("item_water_stream", 30, stages=True)
    base = stage(entity(lines[1], 1), "base_tick")
    flows = [g for g in base["geometry"] if g["role"] == "fluid_flow"]
    assert flows and all([b - a for a, b in zip(g["a"], g["b"], strict=True)] == [1.0, 0.0, 0.0] for g in flows)
    assert base["after"]["motion"][0] - base["before"]["motion"][0] == 0.014
    xs = [entity(line, 1)["pos"][0] for line in lines]
    assert all(b > a for a, b in zip(xs[:20], xs[1:20], strict=False))   # carried forward every tick
    assert xs[20] > 5.0
    assert all(entity(line, 1)["pos"][2] == 0.5 for line in lines)       # no sideways flow in the channel


def test_falling_sand_lands_as_a_block_and_the_entity_is_removed_once() -> None:
    """Spec 06 §2: the source block goes in tick 1; GMD fall onto stone; restored at (0, 1, 0) and removed."""
    lift = float((np.float32(1.0) - np.float32(0.98)) / np.float32(2.0))
    ys = fall_from(10.0 + lift, 0.0, -0.04, 40)
    landing = next(t for t, y in enumerate(ys, start=1) if y <= 1.0)
    lines = trace("falling_sand", landing + 1)
    assert [entity(line, 1)["pos"][1] for line in lines[1:landing]] == ys[:landing - 1]
    last = entity(lines[landing], 1)
    assert last["removed"] is True and last["on_ground"] is True and last["pos"][1] == 1.0
    assert lines[landing]["events"] == [
        {"kind": "block_changed", "pos": [0, 1, 0], "from": "minecraft:air", "to": "minecraft:sand",
         "phase": "entities", "cause": "entity"},
        {"kind": "block_placed", "pos": [0, 1, 0], "block": "minecraft:sand", "source": 1}]
    assert lines[landing + 1]["entities"] == []
    sim = load_scene(SCENES_DIR / "falling_sand.toml")
    for _ in range(landing):
        sim.tick()
    assert sim.world.get_block_state(0, 1, 0).block == "sand"
    assert sim.world.get_block_state(0, 10, 0).is_air
    assert sim.entities == []


def test_xp_orb_falls_with_gravity_0_03_and_settles_without_bouncing() -> None:
    """Spec 06 §4: airborne Y follows G 0.03 then × 0.98; after landing the orb stays on the ground."""
    lines = trace("xp_orb_drop", 100)
    start = entity(lines[0], 1)
    ys = fall_from(start["pos"][1], start["motion"][1], -0.03, 40)
    landing = next(t for t, y in enumerate(ys, start=1) if y <= 1.0)
    assert [entity(line, 1)["pos"][1] for line in lines[1:landing]] == ys[:landing - 1]
    after = [entity(line, 1) for line in lines[landing:]]
    assert all(e["pos"][1] == 1.0 and e["on_ground"] for e in after)
    assert after[-1]["value"] == 3


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.stem)
def test_every_scene_pickles_whole_and_its_copy_runs_the_same_ticks(path: Path) -> None:
    """A loaded simulation, `[[actions]]` included, survives pickling (the viewer loads scenes in a second
    process): the copy's first 20 ticks give the same trace lines as the original's."""
    from tests.conftest import run_lines
    sim = load_scene(path)
    copy = pickle.loads(pickle.dumps(sim, protocol=pickle.HIGHEST_PROTOCOL))
    assert len(copy.actions) == len(sim.actions)
    assert run_lines(copy, 20) == run_lines(sim, 20)


def test_a_world_unpickled_in_a_process_that_made_none_reads_its_blocks(monkeypatch) -> None:
    """The block table's id list is fetched by `World.__init__`; unpickling fetches it too."""
    from engine.world import world as world_module
    sim = load_scene(SCENES_DIR / "slime_launcher.toml")
    data = pickle.dumps(sim)
    monkeypatch.setattr(world_module, "_STATES", [])
    copy = pickle.loads(data)
    assert copy.world.get_block_state(0, 1, 0) is sim.world.get_block_state(0, 1, 0)
    assert copy.world.get_block_state(0, 1, 0).block == "piston"
