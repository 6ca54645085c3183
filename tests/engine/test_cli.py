"""viewer.cli `tickscope trace`: the JSON-line contract of interfaces.md, one-line errors with status 2, and a
headless engine that never imports the GL stack."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from viewer.cli import main

REPO = Path(__file__).resolve().parents[2]
ENTITY_KEYS = {"id", "type", "pos", "motion", "on_ground", "horizontal_collision", "vertical_collision", "removed"}
STAGE_KEYS = {"name", "method", "code", "before", "after", "geometry", "children"}
GL_MODULES = ("pyglet", "moderngl", "imgui_bundle")

TWO_TNT = {
    "blocks": [{"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"},
               {"at": [2, 1, 2], "block": "minecraft:oak_slab[type=bottom]"}],
    "entities": [{"type": "minecraft:tnt", "pos": [0.5, 1.0, 0.5], "motion": [0.3, 0.2, 0.1], "fuse": 80},
                 {"type": "tnt", "pos": [-1.5, 3.0, 0.5], "id": 9}],
}


def run(argv: list[str]) -> int:
    """`tickscope ARGV` as the console script runs it: main's return value, or argparse's exit status."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.fixture
def scene_file(tmp_path, scene_text):
    def write(text: str | None = None, **tables) -> str:
        path = tmp_path / "scene.toml"
        path.write_text(text if text is not None else scene_text(**tables), encoding="utf-8")
        return str(path)
    return write


def out_lines(capsys) -> list[dict]:
    captured = capsys.readouterr()
    assert captured.err == ""
    return [json.loads(s) for s in captured.out.splitlines()]


def walk(stages):
    for s in stages:
        yield s
        yield from walk(s["children"])


def test_trace_prints_one_line_per_tick_plus_the_initial_state(scene_file, capsys) -> None:
    """--ticks 3 prints lines for ticks 0..3 with the contract's keys; floats parse back to the printed repr."""
    assert run(["trace", scene_file(**TWO_TNT), "--ticks", "3"]) == 0
    lines = out_lines(capsys)
    assert [line["tick"] for line in lines] == [0, 1, 2, 3]
    for line in lines:
        assert set(line) == {"tick", "entities", "events"}
        assert [e["id"] for e in line["entities"]] == [1, 9]
        for e in line["entities"]:
            assert set(e) == ENTITY_KEYS | {"fuse"}
            assert e["type"] == "minecraft:tnt"
            assert len(e["pos"]) == 3 and len(e["motion"]) == 3
    assert lines[0]["entities"][0]["pos"] == [0.5, 1.0, 0.5]
    assert lines[0]["entities"][0]["motion"] == [0.3, 0.2, 0.1]
    # Entity.move offsets the 0.98F-wide box and re-centres the position on it (moveToBoundingBoxCenter)
    h = float(np.float32(0.98)) / 2.0
    assert lines[1]["entities"][0]["pos"] == [((0.5 - h + 0.3) + (0.5 + h + 0.3)) / 2.0, 1.0 + (0.2 - 0.04),
                                              ((0.5 - h + 0.1) + (0.5 + h + 0.1)) / 2.0]
    assert [line["entities"][1]["fuse"] for line in lines] == [80, 79, 78, 77]


def test_trace_stages_carry_the_stage_contract_and_move_geometry(scene_file, capsys) -> None:
    """--stages: every stage has name/method/code/before/after/geometry/children; move holds the sweeps and cells."""
    assert run(["trace", scene_file(**TWO_TNT), "--ticks", "2", "--stages"]) == 0
    lines = out_lines(capsys)
    assert all(e["stages"] == [] for e in lines[0]["entities"])
    tnt = lines[1]["entities"][0]
    assert [s["name"] for s in tnt["stages"]] == ["gravity", "move", "drag", "fuse", "fluid_push"]
    for s in walk(tnt["stages"]):
        assert set(s) == STAGE_KEYS
        assert set(s["before"]) >= {"pos", "motion", "box", "on_ground"}
        assert set(s["after"]) >= {"pos", "motion", "box", "on_ground"}
    move = next(s for s in tnt["stages"] if s["name"] == "move")
    assert (move["method"], move["code"]) == ("Entity.move", "M")
    assert move["before"]["pos"] == [0.5, 1.0, 0.5] and move["after"]["pos"] == tnt["pos"]
    children = [c["name"] for c in move["children"]]
    assert "collisions" in children and "check_block_collision" in children
    collisions = next(c for c in move["children"] if c["name"] == "collisions")
    sweeps = [g for g in collisions["geometry"] if g["kind"] == "segment"]
    assert [g["role"] for g in sweeps] == ["axis_sweep_y", "axis_sweep_x", "axis_sweep_z"]
    asked = [(1, 0.2 - 0.04), (0, 0.3), (2, 0.1)]
    assert all(g["b"][i] == g["a"][i] + d and "clipped_to" not in g for g, (i, d) in zip(sweeps, asked, strict=True))
    cells = next(c for c in move["children"] if c["name"] == "check_block_collision")["geometry"]
    assert {g["kind"] for g in cells} == {"cell"} and {g["role"] for g in cells} == {"checked_cell"}
    assert [g["order"] for g in cells] == list(range(len(cells)))
    assert [g["pos"] for g in cells] == sorted(g["pos"] for g in cells)     # X outer, then Y, then Z


def test_trace_entity_option_keeps_only_that_entity(scene_file, capsys) -> None:
    """--entity 9 prints every tick with entity 9 alone."""
    assert run(["trace", scene_file(**TWO_TNT), "--ticks", "2", "--entity", "9"]) == 0
    lines = out_lines(capsys)
    assert len(lines) == 3
    assert [[e["id"] for e in line["entities"]] for line in lines] == [[9], [9], [9]]


BAD_SCENES = {
    "invalid_toml": ("[scene\nname = 1\n", "not valid TOML"),
    "unknown_top_level_key": ("[scene]\nname = 'x'\n[[blocs]]\nat = [0, 0, 0]\n", "blocs"),
    "unknown_entity_key": ("[[entities]]\ntype = 'tnt'\npos = [0.5, 1.0, 0.5]\nfuze = 80\n", "entities[0].fuze"),
    "bad_block_state": ("[[blocks]]\nat = [0, 0, 0]\nblock = 'minecraft:oak_slab[type=sideways]'\n",
                        "blocks[0].block"),
    "unknown_block": ("[[blocks]]\nat = [0, 0, 0]\nblock = 'minecraft:unobtainium'\n", "blocks[0].block"),
    "y_out_of_range": ("[[blocks]]\nat = [0, 256, 0]\nblock = 'minecraft:stone'\n", "blocks[0].at"),
    "pos_wrong_type": ("[[entities]]\ntype = 'tnt'\npos = '0.5 1 0.5'\n", "entities[0].pos"),
    "pos_wrong_length": ("[[entities]]\ntype = 'tnt'\npos = [0.5, 1.0]\n", "entities[0].pos"),
    "unknown_entity_type": ("[[entities]]\ntype = 'minecraft:ender_dragon'\npos = [0.5, 1.0, 0.5]\n",
                            "entities[0].type"),
    "unknown_spawn_kind": ("[[spawns]]\nkind = 'summon_wither'\nat = [0, 1, 0]\n", "spawns[0].kind"),
    "action_tick_zero": ("[[actions]]\ntick = 0\ndo = 'remove_block'\nat = [0, 1, 0]\n", "actions[0].tick"),
}


@pytest.mark.parametrize("case", sorted(BAD_SCENES))
def test_bad_scene_gives_one_stderr_line_naming_file_and_key_and_status_2(case, scene_file, capsys) -> None:
    """A bad scene: exit status 2, nothing on stdout, one stderr line with the file and the offending key."""
    text, key = BAD_SCENES[case]
    path = scene_file(text)
    assert run(["trace", path, "--ticks", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.endswith("\n")
    assert path in captured.err and key in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize(("argv", "needle"), [
    (["trace", "/nonexistent/scene.toml", "--ticks", "3"], "/nonexistent/scene.toml"),
    (["trace", "SCENE", "--ticks", "-1"], "--ticks"),
    (["trace", "SCENE", "--ticks", "3", "--colour"], "--colour"),
    (["trace", "SCENE", "--ticks", "three"], "three"),
    (["trace", "SCENE"], "--ticks"),
    (["teleport", "SCENE"], "teleport"),
], ids=["missing_file", "negative_ticks", "unknown_option", "ticks_not_int", "ticks_missing", "unknown_command"])
def test_bad_arguments_give_one_stderr_line_and_status_2(argv, needle, scene_file, capsys) -> None:
    """Bad arguments or a missing file: exit status 2, one stderr line naming what was wrong."""
    path = scene_file(**TWO_TNT)
    assert run([path if a == "SCENE" else a for a in argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and needle in captured.err


BLOCK_GL = f"""
import sys
class BlockGL:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {GL_MODULES!r}:
            raise ImportError("blocked for this test: " + name)
        return None
sys.meta_path.insert(0, BlockGL())
"""


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)


def test_engine_imports_with_the_gl_stack_blocked() -> None:
    """engine and its scene and simulation modules import and run a tick when pyglet/moderngl/imgui cannot load."""
    done = _python(BLOCK_GL + """
import engine, engine.tick.scene, engine.tick.simulation
sim = engine.tick.scene.load_scene('scenes/tnt_flat_ground.toml')
sim.tick()
print(sim.tick_count)
""")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"


def test_trace_command_never_imports_the_gl_stack() -> None:
    """After `tickscope trace --stages`, none of pyglet, moderngl, imgui_bundle is in sys.modules."""
    done = _python(f"""
import contextlib, io, sys
from viewer.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(['trace', 'scenes/tnt_flat_ground.toml', '--ticks', '2', '--stages'])
print(status, len(out.getvalue().splitlines()), sorted(m for m in sys.modules if m.split('.')[0] in {GL_MODULES!r}))
""")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "3", "[]"]


def test_trace_command_runs_with_the_gl_stack_blocked() -> None:
    """The trace command works on a machine where the GL stack cannot even be imported."""
    done = _python(BLOCK_GL + """
import contextlib, io
from viewer.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(['trace', 'scenes/tnt_flat_ground.toml', '--ticks', '1'])
print(status, len(out.getvalue().splitlines()))
""")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "2"]


def test_a_living_entity_in_water_sinks_through_the_water_case(tmp_path, capsys) -> None:
    """travel()'s water case (spec 05 §2.1): from rest, Y Motion −d/16 = −0.005 in tick 1, then (y × 0.8F) − 0.005."""
    scene = tmp_path / "wet.toml"
    scene.write_text('[[blocks]]\nfrom = [0, 0, 0]\nto = [0, 2, 0]\nblock = "minecraft:water"\n'
                     '[[entities]]\ntype = "minecraft:wither_skeleton"\npos = [0.5, 0.5, 0.5]\n')
    assert main(["trace", str(scene), "--ticks", "2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[1]["entities"][0]["motion"][1] == -0.005
    assert lines[2]["entities"][0]["motion"][1] == -0.005 * float(np.float32(0.8)) - 0.005
