"""The second robustness campaign (../shared/data/reliability2/): every reproducer gives one line and status 2, or
runs, within 1 GB; and each case made here too, so a checkout without ../shared still covers it. Limits are in
engine/tick/input_limits.py (what a file may declare) and engine/core/limits.py (where vanilla itself stalls)."""

from __future__ import annotations

import gzip
import json
import os
import resource
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from nbtlib import Compound, File, Int, List, LongArray, String

import engine.world.world as world_module
from engine.core.limits import SimulationLimit
from engine.tick.input_limits import LIMITS, limit
from engine.tick.scene import SceneError, load_scene, load_scene_text
from tests.conftest import ROOT, cli, deadline, shared_file
from viewer.cli import main

MEMORY_LIMIT = 1_000_000_000


def refused(capsys: pytest.CaptureFixture[str], path: Path, *words: str, flags: tuple[str, ...] = (),
            ticks_run: int = 0) -> str:
    """`trace PATH` gives one line on stderr naming `words`, status 2, after `ticks_run` trace lines (a load that
    fails writes none; a run stopped in tick 1 has written line 0)."""
    with deadline(120):
        code, out, err = cli(capsys, *flags, "trace", str(path), "--ticks", "2")
    assert code == 2 and out.count("\n") == ticks_run and err.count("\n") == 1, err
    assert all(w in err for w in words), err
    return err


def traced(capsys: pytest.CaptureFixture[str], path: Path, ticks: int = 2) -> list[dict[str, Any]]:
    with deadline(120):
        code, out, err = cli(capsys, "trace", str(path), "--ticks", str(ticks))
    assert code == 0 and err == "", err
    return [json.loads(line) for line in out.splitlines()]


def run_limited(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`tickscope trace PATH --ticks 2` in a process of at most 1 GB of address space."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    return subprocess.run([sys.executable, "-m", "viewer.cli", *flags, "trace", str(path), "--ticks", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, preexec_fn=cap, check=False)


# --- the reproducers, as they are in ../shared ---
REPRODUCERS = [   # (file, None for a run that succeeds or the words of its one-line refusal)
    ("accepted_invalid_shulker_peek_255.toml", ("peek", "0..100")),
    ("accepted_invalid_schematic_block_outside_world_x40M.litematic", ("x 40000000..40000000", "outside the world")),
    ("hang_stepup_sweep_after_border_hit.toml", None),
    ("hang_stepup_via_schematic_villager_motion_3e7.litematic", None),
    ("memory_summon_tnt_at_tick_range.toml", None),
    ("memory_tnt_count_1000000.toml", ("entities[0].count", "limit entities", "--limit entities=N")),
    ("slow_quadratic_players_count_4000.toml", ("tick 1: entity #", "minecraft:player", "entity queries", "524,288")),
    ("slow_quadratic_small_fireball_count_6000.toml", ("entity queries", "524,288")),
    ("traceback_anchor_fire_y256.toml", None),
    ("traceback_bed_fire_y256.toml", None),
    ("traceback_follow_range_nan_path_to.toml", None),
    ("traceback_overflow_mob_at_x1e200_path_to.toml", None),
    ("traceback_recursion_passenger_chain_1000.toml", None),
    ("traceback_zerodivision_explosion_huge_box.toml", ("exposure", "beyond what can be simulated")),
    ("memory_traceback_litematic_region_67M_cells.litematic", ("limit cells", "--limit cells=N")),
    ("memory_traceback_sponge_67M_cells.schem", ("limit cells",)),
    ("memory_traceback_litematic_100_regions_of_16M.litematic", ("limit nbt_bytes",)),
    ("hang_memory_nbt_list_400M_bytes.litematic", ("limit nbt_bytes",)),
    ("hang_memory_entities_20M_empty_compounds.litematic", ("limit nbt_tags",)),
]


@pytest.mark.parametrize("name, words", REPRODUCERS, ids=[r[0] for r in REPRODUCERS])
def test_reproducer_in_one_line_or_runs_within_1_gb(name: str, words: tuple[str, ...] | None) -> None:
    done = run_limited(shared_file("reliability2", name))
    if words is None:
        assert done.returncode == 0 and done.stderr == "", done.stderr[-2000:]
        assert [json.loads(line)["tick"] for line in done.stdout.splitlines()] == [0, 1, 2]
    else:
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr[-2000:]
        assert done.stderr.startswith("tickscope: ") and all(w in done.stderr for w in words), done.stderr


# --- raw NBT for files nbtlib would take minutes to build (as ../shared's nbtraw.py writes them) ---
def _name(text: str) -> bytes:
    return struct.pack(">H", len(text)) + text.encode()


def _litematic_head(regions: int, size: tuple[int, int, int], longs: int) -> bytes:
    """A litematic root of `regions` air regions of `size`, each with `longs` zero longs of block states."""
    out = b"\x0a" + _name("") + b"\x03" + _name("Version") + struct.pack(">i", 5)
    out += b"\x03" + _name("MinecraftDataVersion") + struct.pack(">i", 2586) + b"\x0a" + _name("Regions")
    for r in range(regions):
        out += b"\x0a" + _name(f"r{r}")
        for key, xyz in (("Position", (0, 0, r * size[2])), ("Size", size)):
            out += b"\x0a" + _name(key) + b"".join(b"\x03" + _name(k) + struct.pack(">i", v)
                                                    for k, v in zip("xyz", xyz, strict=True)) + b"\x00"
        out += b"\x09" + _name("BlockStatePalette") + b"\x0a" + struct.pack(">i", 1)
        out += b"\x08" + _name("Name") + _name("minecraft:air") + b"\x00"
        out += b"\x0c" + _name("BlockStates") + struct.pack(">i", longs) + bytes(8 * longs) + b"\x00"
    return out + b"\x00\x00"


def _gz(path: Path, raw: bytes) -> Path:
    path.write_bytes(gzip.compress(raw, compresslevel=1))
    return path


def test_region_past_the_cells_limit_is_refused_before_unpacking(tmp_path: Path) -> None:
    """67M cells in one region (2 bits each, 16 MB of longs): refused in one line, in well under 1 GB."""
    path = _gz(tmp_path / "big.litematic", _litematic_head(1, (512, 256, 512), 512 * 256 * 512 * 2 // 64))
    done = run_limited(path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "Regions: cells of a schematic, all its regions together: 67,108,864 is more than the limit cells = " \
           "33,554,432" in done.stderr


def test_cells_are_counted_over_all_regions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three regions of 2^24 cells: each under the limit, together over it; one of them loads."""
    side = (256, 256, 256)
    longs = 256**3 * 2 // 64
    refused(capsys, _gz(tmp_path / "three.litematic", _litematic_head(3, side, longs)), "50,331,648", "limit cells")
    assert traced(capsys, _gz(tmp_path / "one.litematic", _litematic_head(1, side, longs)), 0)[0]["tick"] == 0


def test_limit_raised_from_the_command_line_and_from_a_scene(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _gz(tmp_path / "small.litematic", _litematic_head(1, (8, 8, 8), 16))
    refused(capsys, path, "512 is more than the limit cells = 100", flags=("--limit", "cells=100"))
    try:
        assert cli(capsys, "--limit", "cells=512", "trace", str(path), "--ticks", "0")[0] == 0
        scene = tmp_path / "s.toml"
        scene.write_text('[limits]\ncells = 100\n[[schematics]]\nfile = "small.litematic"\n')
        refused(capsys, scene, "s.toml", "schematics[0].file", "limit cells = 100")
    finally:
        main(["--limit", f"cells={LIMITS['cells'].default}", "trace", str(path), "--ticks", "0"])
        capsys.readouterr()
    assert limit("cells") == LIMITS["cells"].default
    for bad in ("cells", "cells=0", "cells=-5", "frobs=1", "cells=nan"):
        code, out, err = cli(capsys, "--limit", bad, "trace", str(path), "--ticks", "0")
        assert code == 2 and out == "" and err.count("\n") == 1 and "--limit" in err
    with pytest.raises(SceneError, match=r"limits\.cells: expected an integer 1\.\.2\^63-1, got 1\.5"):
        load_scene_text("[limits]\ncells = 1.5\n")
    with pytest.raises(SceneError, match=r"limits\.volume: unknown key"):
        load_scene_text("[limits]\nvolume = 1\n")


def test_gzip_bomb_stops_at_the_bytes_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _gz(tmp_path / "bomb.litematic", _litematic_head(1, (1, 1, 1), 1) + bytes(1 << 20))
    refused(capsys, path, "bytes its NBT unpacks to", "limit nbt_bytes = 65,536",
            flags=("--limit", "nbt_bytes=65536"))
    main(["--limit", f"nbt_bytes={LIMITS['nbt_bytes'].default}", "trace", str(path), "--ticks", "0"])
    capsys.readouterr()


@pytest.mark.parametrize("element, length", [(b"\x01", 400_000_000), (b"\x0a", 20_000_000)],
                         ids=["400M bytes", "20M compounds"])
def test_list_length_is_checked_before_parsing(element: bytes, length: int, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A list that declares more elements than the tag limit is refused at its length, at once."""
    raw = b"\x0a" + _name("") + b"\x09" + _name("Junk") + element + struct.pack(">i", length) + bytes(1000)
    refused(capsys, _gz(tmp_path / "list.litematic", raw), f"{length + 1:,}", "limit nbt_tags")


def test_structure_of_millions_of_blocks_is_refused_at_its_length(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The 5M-block structure of ../shared's make_hostile.py, as its head: refused before any block is parsed."""
    raw = b"\x0a" + _name("") + b"\x03" + _name("DataVersion") + struct.pack(">i", 2586)
    raw += b"\x09" + _name("size") + b"\x03" + struct.pack(">i", 3) + struct.pack(">iii", 200, 125, 200)
    raw += b"\x09" + _name("blocks") + b"\x0a" + struct.pack(">i", 5_000_000) + bytes(100)
    refused(capsys, _gz(tmp_path / "s.nbt", raw), "limit nbt_tags")


def test_nesting_is_read_to_512_levels_as_minecraft_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def nested(depth: int) -> bytes:
        return b"\x0a" + _name("") + b"\x0a" + _name("n") * 1 + (b"\x0a" + _name("n")) * (depth - 2) + \
            b"\x00" * depth
    refused(capsys, _gz(tmp_path / "deep.litematic", nested(600)), "nested deeper than 512")
    refused(capsys, _gz(tmp_path / "ok.litematic", nested(500)), "Version: missing")


def _special(tmp_path: Path, kind: str, suffix: str) -> Path:
    path = tmp_path / f"special{suffix}"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    return path


@pytest.mark.parametrize("kind", ["fifo", "device"])
@pytest.mark.parametrize("suffix", [".toml", ".litematic", ".schem", ".nbt"])
def test_files_that_are_not_regular_are_refused(kind: str, suffix: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    if kind == "device" and not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    path = _special(tmp_path, kind, suffix)
    refused(capsys, path, str(path), "not a regular file")


def test_scene_file_past_its_bytes_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.toml"
    path.write_text("# " + "x" * 5000 + "\n")
    refused(capsys, path, "bytes of the scene file", "limit scene_bytes = 1,000", flags=("--limit", "scene_bytes=1000"))
    main(["--limit", f"scene_bytes={LIMITS['scene_bytes'].default}", "trace", str(path), "--ticks", "0"])
    capsys.readouterr()


# --- scenes ---
def test_entity_count_past_the_limit_is_refused_before_any_is_made(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    path = tmp_path / "many.toml"
    path.write_text('[[entities]]\ntype = "tnt"\npos = [0.5, 1, 0.5]\ncount = 1000000\n')
    with deadline(10):
        refused(capsys, path, "entities[0].count", "1,000,000 is more than the limit entities = 100,000")
    sim = load_scene_text('[limits]\nentities = 3\n[[entities]]\ntype = "tnt"\npos = [0.5, 1, 0.5]\ncount = 3\n')
    assert len(sim.entities) == 3
    with pytest.raises(SceneError, match=r"entities\[1\]\.count: .*4 is more than the limit entities = 3"):
        load_scene_text('[limits]\nentities = 3\n[[entities]]\ntype = "tnt"\npos = [0.5, 1, 0.5]\ncount = 2\n'
                        '[[entities]]\ntype = "tnt"\npos = [0.5, 1, 0.5]\ncount = 2\n')


def test_limits_of_a_scene_are_saved_with_it(tmp_path: Path) -> None:
    from engine.tick.scene_writer import write_scene
    sim = load_scene_text('[limits]\nentities = 3\n[[entities]]\ntype = "tnt"\npos = [0.5, 1, 0.5]\ncount = 3\n')
    write_scene(sim, tmp_path / "saved.toml")
    again = load_scene(tmp_path / "saved.toml")
    assert again.input_limits == {"entities": 3} and len(again.entities) == 3


def test_block_boxes_are_counted_together() -> None:
    """Each box under the per-entry 4M, nine of them over the cells limit: refused before any is filled."""
    box = '[[blocks]]\nfrom = [0, 0, 0]\nto = [1999, 1, 999]\nblock = "minecraft:stone"\n'
    with deadline(20), pytest.raises(SceneError, match=r"blocks\[8\]: cells of the scene's \[\[blocks\]\] together: "
                                                       r"36,000,000 is more than the limit cells = 33,554,432"):
        load_scene_text(box * 9)


def test_summon_tnt_at_over_two_billion_ticks_is_one_action() -> None:
    """A repeating command block from tick 1 to 2^31-1: one action, a fuse-0 TNT summoned each tick."""
    sim = load_scene_text('[[entities]]\ntype = "player"\nid = 1\npos = [0.5, 1.0, 0.5]\n[[actions]]\ntick = 2\n'
                          'to = 2147483647\ndo = "summon_tnt_at"\nat_entity = 1\n')
    assert len(sim.actions) == 1
    summoned = []
    for _ in range(4):
        sim.tick()
        summoned.append(sorted(e.id for e in sim.reported_entities() if e.TYPE == "minecraft:tnt"))
    assert summoned == [[], [2], [3], [4]]


def test_repeating_action_saved_mid_range_keeps_the_rest(tmp_path: Path) -> None:
    from engine.tick.scene_writer import write_scene
    sim = load_scene_text('[[entities]]\ntype = "armor_stand"\nmarker = true\nid = 1\npos = [0.5, 1.0, 0.5]\n'
                          '[[actions]]\ntick = 2\nto = 10\ndo = "summon_tnt_at"\nat_entity = 1\n')
    for _ in range(4):
        sim.tick()
    write_scene(sim, tmp_path / "saved.toml")
    action, = load_scene(tmp_path / "saved.toml").actions
    assert (action.kind, action.tick, action.last) == ("summon_tnt_at", 1, 6)


@pytest.mark.parametrize("peek, ok", [(0, True), (100, True), (101, False), (255, False), (-1, False)])
def test_shulker_peek_is_vanilla_range(peek: int, ok: bool) -> None:
    text = f'[[entities]]\ntype = "shulker"\npos = [0.5, 1.0, 0.5]\npeek = {peek}\n'
    if ok:
        assert load_scene_text(text).entities[0].peek == peek
    else:
        with pytest.raises(SceneError, match=rf"entities\[0\]\.peek: expected an integer in 0\.\.100, got {peek}"):
            load_scene_text(text)


@pytest.mark.parametrize("block, use", [("minecraft:respawn_anchor[charges=1]", "use_anchor"),
                                        ("minecraft:red_bed[facing=north,part=foot]", "use_bed")])
def test_fire_above_the_build_height_is_not_placed(block: str, use: str) -> None:
    """An anchor or bed exploding at y 255 lights fire where it can; at y 256 World.setBlockState does nothing."""
    head = '[[blocks]]\nat = [0, 255, -1]\nblock = "minecraft:red_bed[facing=north,part=head]"\n' \
        if "bed" in block else ""
    sim = load_scene_text(f'[[blocks]]\nfrom = [-4, 255, -4]\nto = [4, 255, 4]\nblock = "minecraft:obsidian"\n'
                          f'[[blocks]]\nat = [0, 255, 0]\nblock = "{block}"\n{head}'
                          f'[[actions]]\ntick = 1\ndo = "{use}"\nat = [0, 255, 0]\n')
    record = sim.tick()
    assert [e["kind"] for e in record.events if e["kind"] != "block_changed"][:1] == ["explosion"]
    assert not any(e["kind"] == "block_changed" and e["pos"][1] > 255 for e in record.events)
    assert sim.world.get_block_state(0, 256, 0).block == "void_air"
    assert sim.world.filled_sections_in(-64, 256, -64, 64, 511, 64) == []


def test_nan_follow_range_searches_a_region_of_radius_zero(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """(int)(NaN + 16F) is 0 in Java; `pathLength < NaN` adds no node: the path is the start node, not reached."""
    path = tmp_path / "nan.toml"
    path.write_text('[[blocks]]\nfrom = [-5, 0, -5]\nto = [5, 0, 5]\nblock = "minecraft:stone"\n[[entities]]\n'
                    'type = "zombie"\npos = [0.5, 1.0, 0.5]\non_ground = true\n'
                    'attributes = { "minecraft:generic.follow_range" = nan }\npath_to = { pos = [4.5, 1.0, 0.5] }\n')
    lines = traced(capsys, path, 3)
    assert [e for e in lines[1]["events"] if e["kind"] == "path"] == [
        {"kind": "path", "entity": 1, "target": [4, 1, 0], "nodes": [[0, 1, 0]], "reached": False, "visited": 1,
         "dist_to_target": 4.0}]
    assert lines[3]["entities"][0]["pos"] == [0.5, 1.0, 0.5]


def test_path_following_far_out_overflows_as_doubles_do(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "far.toml"
    path.write_text('[[entities]]\ntype = "villager"\npos = [1e200, 1.0, 0.5]\non_ground = true\n'
                    'path_to = { pos = [4.5, 1.0, 0.5] }\n')
    assert traced(capsys, path, 3)[3]["entities"][0]["pos"][0] == 1e200


@pytest.mark.parametrize("max_x", ["1e308", "inf", "2e7"])
def test_exposure_of_a_box_too_large_for_vanillas_loops_stops_the_run(max_x: str, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "box.toml"
    path.write_text('[[blocks]]\nfrom = [-8, 0, -8]\nto = [8, 0, 8]\nblock = "minecraft:stone"\n[[entities]]\n'
                    'type = "tnt"\npos = [0.5, 1.0, 0.5]\nfuse = 1\n[[entities]]\ntype = "armor_stand"\n'
                    f'pos = [1.5, 1.0, 0.5]\nbox = [[1.25, 1.0, 0.25], [{max_x}, 2.975, 0.75]]\n')
    refused(capsys, path, "tick 1: entity #1 minecraft:tnt", "exposure samples an entity box", "16,777,216",
            ticks_run=1)


def test_nan_box_is_sampled_once() -> None:
    """1 / (NaN · 2 + 1) is NaN: vanilla's `for (k = 0; k <= 1; k = (float)(k + NaN))` runs once."""
    from engine.geometry.box import Box
    from engine.influences.explosion import sample_points
    assert len(sample_points(Box(0.0, 0.0, 0.0, float("nan"), 1.0, 1.0))) == 1 * 4 * 4   # 0, 1/3, 2/3, 1 on y, z


@pytest.mark.parametrize("riders", [1000, 3000])
def test_a_chain_of_riders_ticks_depth_first(riders: int) -> None:
    """Each rider right after its vehicle (ServerWorld.tickPassenger), however long the chain."""
    entries = ['[[entities]]\ntype = "armor_stand"\nid = 1\npos = [0.5, 1.0, 0.5]\n'] + [
        f'[[entities]]\ntype = "armor_stand"\nid = {i}\npos = [0.5, 1.0, 0.5]\nvehicle = {i - 1}\n'
        for i in range(2, riders + 1)]
    sim = load_scene_text("".join(entries))
    sim.trace_enabled = True
    with deadline(120):
        record = sim.tick()
    ticked = [item.entity_id for phase in record.phases if phase.name == "entities" for item in phase.items]
    assert ticked == list(range(1, riders + 1))
    assert all(e.age == 1 for e in sim.entities)


def test_step_up_after_a_border_hit_stops_at_the_border(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Motion 1e8 into the border: the step-up box is stretched 1e8 long; it is swept over the blocks present."""
    path = tmp_path / "border.toml"
    path.write_text('[[entities]]\ntype = "player"\npos = [0.5, 1.0, 0.5]\nmotion = [0.0, 0.0, 100000000.0]\n'
                    'on_ground = true\n[[blocks]]\nfrom = [-2, 0, -2]\nto = [2, 0, 2]\nblock = "minecraft:stone"\n')
    with deadline(60):
        lines = traced(capsys, path, 2)
    assert lines[1]["entities"][0]["pos"][2] == 29999983.699999988   # the border's 29999984, less half a width


def test_wide_sweep_meets_the_blocks_of_the_stretched_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """The step-up's upward sweep of a box stretched far along z stops under a block far away, as cell by cell."""
    sim = load_scene_text('[[blocks]]\nfrom = [-2, 0, -2]\nto = [2, 0, 2]\nblock = "minecraft:stone"\n'
                          '[[blocks]]\nfrom = [-2, 1, 9000]\nto = [2, 1, 9000]\nblock = "minecraft:stone"\n'
                          '[[blocks]]\nat = [0, 2, 20000]\nblock = "minecraft:stone"\n')
    import engine.motion.collision as collision
    from engine.geometry.box import Box
    far, near = Box(0.2, 0.5, 0.2, 0.8, 1.8, 20000.8), Box(0.2, 0.5, 0.2, 0.8, 1.8, 8000.8)
    assert collision.calculate_push_velocity(1, far, sim.world, 0.6, []) == 0.19999999999999996
    assert collision.calculate_push_velocity(1, near, sim.world, 0.6, []) == 0.6
    monkeypatch.setattr(collision, "WIDE_SWEEP_CELLS", 10**9)    # every cell visited, as vanilla does
    assert collision.calculate_push_velocity(1, far, sim.world, 0.6, []) == 0.19999999999999996
    assert collision.calculate_push_velocity(1, near, sim.world, 0.6, []) == 0.6


def test_schematic_block_outside_the_world_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "far.litematic"
    region = Compound({"Position": Compound({"x": Int(40_000_000), "y": Int(0), "z": Int(0)}),
                       "Size": Compound({"x": Int(1), "y": Int(1), "z": Int(1)}),
                       "BlockStatePalette": List[Compound]([Compound({"Name": String("minecraft:air")}),
                                                            Compound({"Name": String("minecraft:stone")})]),
                       "BlockStates": LongArray(np.array([1], dtype=np.int64))})
    File(Compound({"Version": Int(5), "MinecraftDataVersion": Int(2586),
                   "Regions": Compound({"r": region})})).save(path, gzipped=True)
    refused(capsys, path, "its blocks reach x 40000000..40000000, outside the world (-30000000..29999999)")


def test_entities_stacked_past_the_query_limit_stop_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """N players in one place each test the N others when cramming (vanilla's N²): bounded, in one line."""
    text = '[[blocks]]\nfrom = [-8, 0, -8]\nto = [8, 0, 8]\nblock = "minecraft:stone"\n[[entities]]\n' \
           'type = "player"\npos = [0.5, 1.0, 0.5]\ncount = 40\n'
    load_scene_text(text).tick()
    monkeypatch.setattr(world_module, "MAX_QUERIED_ENTITIES", 1000)
    with pytest.raises(SimulationLimit, match=r"tick 1: entity #\d+ minecraft:player: entity queries looked at more "
                                              "than 1,000 entities in one tick"):
        load_scene_text(text).tick()


def _chain(riders: int) -> str:
    return '[[entities]]\ntype = "armor_stand"\nid = 1\npos = [0.5, 1.0, 0.5]\n' + "".join(
        f'[[entities]]\ntype = "armor_stand"\nid = {i}\npos = [0.5, 1.0, 0.5]\nvehicle = {i - 1}\n'
        for i in range(2, riders + 2))


@pytest.mark.parametrize("riders, written", [(200, True), (254, False), (999, False)])
def test_rider_chains_export_as_deep_as_minecraft_reads(riders: int, written: bool, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A schematic nests each rider two levels deeper; past Minecraft's 512 the export is refused in one line (the
    game could not read it back), and a chain that fits is read back whole."""
    scene = tmp_path / "chain.toml"
    scene.write_text(_chain(riders))
    out = tmp_path / "chain.litematic"
    code, _, err = cli(capsys, "export", str(scene), "--out", str(out))
    if written:
        assert code == 0 and err == ""
        sim = load_scene(out)
        assert len(sim.entities) == riders + 1 and sum(e.vehicle is None for e in sim.entities) == 1
    else:
        assert code == 2 and err.count("\n") == 1 and "deeper than Minecraft reads NBT" in err and not out.exists()
