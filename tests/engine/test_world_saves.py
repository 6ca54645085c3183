"""Worlds read from saves (engine.schematics.anvil, interfaces.md "Worlds"): small worlds of the 1.15, 1.16, 1.17
and 1.18 chunk layouts written in tmp_path by tools/world_save.py (and one region file by the independent `nbt`
package), sections packed by hand where the packing rule itself is under test; blocks, block entities and entities
land where they lie in the world (or at `at`); damaged files and bad boxes are refused in one line."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path
from typing import Any

import nbt.region as twoolie_region  # twoolie's NBT package: an independent region-file writer
import pytest
from nbtlib import Byte, Compound, Int, List, LongArray, String

from engine.tick.scene import SceneError, load_scene, load_scene_text
from tests.conftest import cli
from tests.engine.test_schematics import blocks_of
from tools import world_save as ws
from viewer.cli import main

REPO = Path(__file__).resolve().parents[2]
WOOL = [f"minecraft:{c}_wool" for c in ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
                                          "light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black")]


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one stderr line of a refused command (status 2, nothing on stdout)."""
    code, out, err = cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    return err


def scene(world: Path, lo: list[int], hi: list[int], **extra: Any) -> str:
    keys = "".join(f"{k} = {json.dumps(v)}\n" for k, v in extra.items())
    return f"[[regions]]\nworld = {json.dumps(str(world))}\nfrom = {lo}\nto = {hi}\n{keys}"


def sample_blocks(y0: int) -> dict[tuple[int, int, int], str]:
    """Blocks in four chunks around 0,0 (two region files in x), in two sections from `y0`: 18 states in one
    section (indices of 5 bits), a lone stone in the next."""
    blocks = {}
    states = [*WOOL, "minecraft:stone", "minecraft:oak_stairs[facing=east,half=top,shape=straight,waterlogged=false]"]
    for i, state in enumerate(states):
        blocks[(-3 + i % 7, y0 + i // 7, -2 + (i * 3) % 5)] = state
    blocks[(17, y0 + 16, 5)] = "minecraft:stone"
    return blocks


def expected(blocks: dict[tuple[int, int, int], str], lo: tuple[int, int, int], hi: tuple[int, int, int],
             shift: tuple[int, int, int] = (0, 0, 0)) -> dict[tuple[int, int, int], str]:
    from engine.world.blocks import parse_block_state
    return {(x + shift[0], y + shift[1], z + shift[2]): str(parse_block_state(s)) for (x, y, z), s in blocks.items()
            if all(lo[k] <= (x, y, z)[k] <= hi[k] for k in range(3))}


CHUNKS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0)]


@pytest.mark.parametrize("layout", ["1.15", "1.16", "1.17", "1.18"])
def test_blocks_land_where_they_lie_in_the_world(tmp_path: Path, layout: str) -> None:
    """Every block of the box, from six chunks in four region files, at its world position; blocks outside the
    box are left out."""
    blocks = sample_blocks(40)
    ws.write_world(tmp_path / "w", layout, CHUNKS, blocks)
    lo, hi = (-3, 40, -2), (17, 56, 5)
    sim = load_scene_text(scene(tmp_path / "w", list(lo), list(hi)), str(tmp_path / "s.toml"))
    assert blocks_of(sim) == expected(blocks, lo, hi) and len(blocks_of(sim)) == 19
    cut = load_scene_text(scene(tmp_path / "w", [-3, 40, -2], [0, 41, 1]), str(tmp_path / "s.toml"))
    assert blocks_of(cut) == expected(blocks, (-3, 40, -2), (0, 41, 1)) and 0 < len(blocks_of(cut)) < 19


def test_a_1_18_world_below_y_0_placed_with_at(tmp_path: Path) -> None:
    """1.18's sections below 0 (y -64..-49 here) placed at `at`; opened by itself the box is lifted to y 0, with
    a notice."""
    blocks = sample_blocks(-64)
    ws.write_world(tmp_path / "w", "1.18", CHUNKS, blocks)
    lo, hi = (-3, -64, -2), (17, -48, 5)
    sim = load_scene_text(scene(tmp_path / "w", list(lo), list(hi), at=[-3, 10, -2]), str(tmp_path / "s.toml"))
    assert blocks_of(sim) == expected(blocks, lo, hi, (0, 74, 0))
    alone = load_scene(tmp_path / "w", region=(lo, hi))
    assert blocks_of(alone) == expected(blocks, lo, hi, (0, 64, 0))
    assert alone.notices == ["w: its blocks reach y -64..-48, outside the build range 0..255: placed 64 blocks "
                             "higher (y 0..16), its entities with them"]


@pytest.mark.parametrize("layout", ["1.15", "1.16", "1.18"])
def test_a_section_of_300_states_takes_9_bits(tmp_path: Path, layout: str) -> None:
    """Past 256 states a palette's indices take 9 bits (7 to a long from 20w17a, spanning before)."""
    from engine.world import blocks as table
    states = [str(s) for s in table.all_states() if not s.is_air][:300]
    rng = random.Random(7)
    blocks = {(x, y, z): rng.choice(states) for x in range(16) for y in range(16) for z in range(16)}
    blocks.update({(i % 16, i // 256, (i // 16) % 16): s for i, s in enumerate(states)})   # every state once
    ws.write_world(tmp_path / "w", layout, [(0, 0)], blocks)
    sim = load_scene(tmp_path / "w", region=((0, 0, 0), (15, 15, 15)))
    assert blocks_of(sim) == expected(blocks, (0, 0, 0), (15, 15, 15))


def test_a_box_placed_past_the_build_range_names_at(tmp_path: Path) -> None:
    """In a scene a box is never moved: `at` that puts its blocks above 255 is refused, naming the whole span."""
    blocks = sample_blocks(40)
    ws.write_world(tmp_path / "w", "1.16", CHUNKS, blocks)
    with pytest.raises(SceneError, match=r"regions\[0\]\.at: .*its blocks reach y 250\.\.266 \(17 blocks\), "
                                         r"outside the 1\.16\.5 build range 0\.\.255"):
        load_scene_text(scene(tmp_path / "w", [-3, 40, -2], [17, 56, 5], at=[0, 250, 0]), str(tmp_path / "s.toml"))


def _one_section_world(tmp_path: Path, layout: str, longs: list[int], palette: list[str]) -> Path:
    """A world whose chunk 0,0 has one section at y 0 with the given palette and packed longs (as written)."""
    section = Compound({"Y": Byte(0), "Palette": List[Compound]([Compound({"Name": String(p)}) for p in palette]),
                        "BlockStates": LongArray(longs)})
    root = Compound({"DataVersion": Int(ws.DATA_VERSIONS[layout]),
                     "Level": Compound({"Sections": List[Compound]([section])})})
    ws.write_level_dat(tmp_path / "w", layout, "w")
    ws.write_regions(tmp_path / "w" / "region", {(0, 0): root})
    return tmp_path / "w"


@pytest.mark.parametrize(("layout", "longs", "cells"), [
    # 17 states: 5 bits. Before 20w17a index 12 takes bits 60..64, so bit 0 of long 1 is its highest bit: 16
    ("1.15", {1: 1}, {(12, 0, 0): 16}),
    # from 20w17a a long holds 12 indices (bits 60..63 unused): bit 0 of long 1 is index 12's lowest bit, and
    # bits 55..59 of long 0 are index 11
    ("1.16", {0: 16 << 55, 1: 1}, {(11, 0, 0): 16, (12, 0, 0): 1}),
    # index 4095 (x 15, y 15, z 15): the last 5 bits before 20w17a; the 4th index of long 341 after
    ("1.15", {319: 3 << 59}, {(15, 15, 15): 3}),
    ("1.16", {341: 5 << 15}, {(15, 15, 15): 5}),
])
def test_packed_indices_as_the_format_lays_them(tmp_path: Path, layout: str, longs: dict[int, int],
                                                cells: dict[tuple[int, int, int], int]) -> None:
    palette = ["minecraft:air", *WOOL]
    count = 320 if layout == "1.15" else 342     # 4096 × 5 / 64, ⌈4096 / 12⌉
    array = [0] * count
    for i, v in longs.items():
        array[i] = v - 2**64 if v >= 2**63 else v
    world = _one_section_world(tmp_path, layout, array, palette)
    sim = load_scene(world, region=((0, 0, 0), (15, 15, 15)))
    from engine.world.blocks import parse_block_state
    assert blocks_of(sim) == {pos: str(parse_block_state(palette[i])) for pos, i in cells.items()}


def test_block_entities_and_entities_of_each_layout(tmp_path: Path) -> None:
    """A dispenser's TNT (block entity) and a primed TNT (entity): in the chunk before 1.17, in entities/ from
    1.17; the TNT outside the box is left out."""
    for layout in ("1.16", "1.17", "1.18"):
        world = tmp_path / layout
        blocks = {(-2, 5, 3): "minecraft:dispenser[facing=up,triggered=false]", (0, 4, 0): "minecraft:stone"}
        tnt = [ws.tnt_entity((-1.5, 6.0, 3.25), 17), ws.tnt_entity((30.5, 6.0, 3.5), 40)]
        ws.write_world(world, layout, CHUNKS, blocks, [ws.dispenser_with_tnt(-2, 5, 3)], tnt)
        sim = load_scene_text(scene(world, [-4, 4, -4], [4, 8, 4], at=[0, 100, 0]), str(tmp_path / "s.toml"))
        assert sim.world.containers == {(2, 101, 7): ((0, "minecraft:tnt", 1),)}, layout
        assert [(e.TYPE, tuple(e.pos), e.fuse) for e in sim.entities] == [("minecraft:tnt", (2.5, 102.0, 7.25), 17)]


@pytest.mark.parametrize("layout", ["1.16", "1.18"])
def test_block_ticks_still_to_run_are_scheduled_again(tmp_path: Path, layout: str) -> None:
    """A dispenser saved with its tick 3 ticks away (`TileTicks` / `block_ticks`) fires in tick 3 with no action;
    a tick outside the box, or of a block 1.16.5 lacks, is left out."""
    world = tmp_path / "w"
    blocks = {(2, 5, 2): "minecraft:dispenser[facing=up,triggered=true]", (9, 5, 2): "minecraft:stone"}
    ticks = [ws.block_tick("minecraft:dispenser", 2, 5, 2, 3), ws.block_tick("minecraft:dispenser", 30, 5, 2, 1),
             ws.block_tick("minecraft:sculk_sensor", 9, 5, 2, 1, priority=9)]
    ws.write_world(world, layout, [(0, 0), (1, 0)], blocks, [ws.dispenser_with_tnt(2, 5, 2)], ticks=ticks)
    sim = load_scene(world, region=((0, 4, 0), (15, 8, 15)))
    assert [(t.time, t.pos, t.block, t.priority) for t in sim.world.block_ticks.pending()] == [
        (3, (2, 5, 2), "dispenser", 0)]
    seen = []
    for _ in range(3):
        sim.tick()
        seen.append([(e.TYPE, tuple(e.pos)) for e in sim.entities])
    assert seen[:2] == [[], []] and len(seen[2]) == 1 and seen[2][0][0] == "minecraft:tnt"
    assert sim.world.containers[(2, 5, 2)] == ((0, "minecraft:tnt", 0),)   # the one TNT taken


@pytest.mark.parametrize("compression", [ws.GZIP, ws.ZLIB, ws.NONE])
def test_each_compression(tmp_path: Path, compression: int) -> None:
    blocks = sample_blocks(40)
    ws.write_world(tmp_path / "w", "1.16", CHUNKS, blocks, compression=compression)
    sim = load_scene(tmp_path / "w", region=((-3, 40, -2), (17, 56, 5)))
    assert blocks_of(sim) == expected(blocks, (-3, 40, -2), (17, 56, 5))


def test_an_oversized_chunk_in_its_mcc_file(tmp_path: Path) -> None:
    """RegionFile: compression + 128 and a length of 1 in the region file; the data in c.X.Z.mcc beside it."""
    world = tmp_path / "w"
    ws.write_level_dat(world, "1.16", "w")
    root = ws.chunk("1.16", -1, 0, {(-5, 7, 9): "minecraft:gold_block"}, [], [])
    (world / "region").mkdir()
    (world / "region" / "r.-1.0.mca").write_bytes(ws.region_file({(-1, 0): bytes([ws.ZLIB | 128])}))
    (world / "region" / "c.-1.0.mcc").write_bytes(zlib.compress(ws.nbt_bytes(root)))
    sim = load_scene(world, region=((-16, 0, 0), (-1, 15, 15)))
    assert blocks_of(sim) == {(-5, 7, 9): "minecraft:gold_block"}


def test_a_region_file_written_by_another_library(tmp_path: Path) -> None:
    """The `nbt` package's RegionFile lays out the header and sectors its own way (chunks at the corners of four
    region files)."""
    world = tmp_path / "w"
    ws.write_level_dat(world, "1.16", "w")
    (world / "region").mkdir()
    blocks = {(0, 3, 0): "minecraft:diamond_block", (-1, 3, -1): "minecraft:emerald_block",
              (-1, 3, 0): "minecraft:gold_block"}
    for (cx, cz) in ((0, 0), (-1, -1), (-1, 0), (0, -1)):
        with open(world / "region" / f"r.{cx >> 5}.{cz >> 5}.mca", "w+b") as fileobj:
            f = twoolie_region.RegionFile(fileobj=fileobj)
            f.write_blockdata(cx & 31, cz & 31, ws.nbt_bytes(ws.chunk("1.16", cx, cz, blocks, [], [])))
    sim = load_scene(world, region=((-1, 0, -1), (0, 5, 0)))
    assert blocks_of(sim) == blocks


def test_the_nether_and_the_end(tmp_path: Path) -> None:
    world = tmp_path / "w"
    ws.write_world(world, "1.16", [(0, 0)], {(1, 1, 1): "minecraft:stone"})
    ws.write_world(world, "1.16", [(0, 0)], {(1, 1, 1): "minecraft:netherrack"}, folder="DIM-1")
    ws.write_world(world, "1.16", [(0, 0)], {(1, 1, 1): "minecraft:end_stone"}, folder="DIM1")
    for dimension, block in (("overworld", "stone"), ("the_nether", "netherrack"), ("minecraft:the_end", "end_stone")):
        sim = load_scene_text(scene(world, [0, 0, 0], [2, 2, 2], dimension=dimension), str(tmp_path / "s.toml"))
        assert blocks_of(sim) == {(1, 1, 1): f"minecraft:{block}"}


def test_a_nether_box_from_the_command_line_is_ultrawarm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--dimension the_nether` reads DIM-1/region; the world opened is the nether's, ultrawarm."""
    world = tmp_path / "w"
    ws.write_world(world, "1.16", [(0, 0)], {(1, 1, 1): "minecraft:stone"})
    ws.write_world(world, "1.16", [(0, 0)], {(1, 1, 1): "minecraft:netherrack"}, folder="DIM-1")
    sim = load_scene(world, region=((0, 0, 0), (2, 2, 2), "the_nether"))
    assert blocks_of(sim) == {(1, 1, 1): "minecraft:netherrack"} and sim.world.ultrawarm
    assert not load_scene(world, region=((0, 0, 0), (2, 2, 2))).world.ultrawarm
    err = refused(capsys, "trace", str(world), "--from", "0,0,0", "--to", "2,2,2", "--dimension", "nether",
                  "--ticks", "0")
    assert f"{world}: --dimension: unknown dimension 'nether' (expected overworld, the_nether, the_end)" in err


def test_unmapped_blocks_are_reported_unless_allowed(tmp_path: Path) -> None:
    """A 1.18 world's deepslate (1.17) has no 1.16.5 equivalent: one line, or air with allow_unmapped."""
    world = tmp_path / "w"
    ws.write_world(world, "1.18", [(0, 0)], {(1, -5, 1): "minecraft:deepslate", (2, -5, 1): "minecraft:stone"})
    text = scene(world, [0, -8, 0], [3, -1, 3], at=[0, 8, 0])
    with pytest.raises(SceneError, match=r"1 have no 1\.16\.5 equivalent: minecraft:deepslate ×1"):
        load_scene_text(text, str(tmp_path / "s.toml"))
    sim = load_scene_text(text + "allow_unmapped = true\n", str(tmp_path / "s.toml"))
    assert blocks_of(sim) == {(2, 11, 1): "minecraft:stone"}


# --- the command line ---
def test_trace_a_world_box_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`tickscope trace WORLD --from X,Y,Z --to X,Y,Z`: negative corners read as numbers, not options."""
    world = tmp_path / "w"
    ws.write_world(world, "1.16", CHUNKS, {(-2, 4, -2): "minecraft:stone"}, [],
                   [ws.tnt_entity((-1.5, 4.0, -1.5), 3)])
    code, out, err = cli(capsys, "trace", str(world), "--from", "-4,4,-4", "--to", "-1,8,-1", "--ticks", "4")
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["entities"][0]["pos"] == [-1.5, 4.0, -1.5] and lines[0]["entities"][0]["fuse"] == 3
    assert [e["kind"] for e in lines[3]["events"]][:1] == ["explosion"]
    out_file = tmp_path / "box.toml"
    code, _, err = cli(capsys, "export", str(world), "--from=-4,4,-4", "--to=-1,8,-1", "--out", str(out_file))
    assert code == 0, err
    assert blocks_of(load_scene(out_file)) == {(-2, 4, -2): "minecraft:stone"}


def test_view_hands_the_box_to_the_launch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`view WORLD --from --to`: the launch gets the box, and its loader (a forked child on Linux) reads it."""
    from viewer import launch
    world = tmp_path / "w"
    ws.write_world(world, "1.16", [(-1, 0), (0, 0)], {(-1, 2, 3): "minecraft:stone"})
    opened: list[tuple[Any, ...]] = []
    monkeypatch.setattr(launch, "open_viewer", lambda *args: opened.append(args) or 0)
    assert main(["view", str(world), "--from=-1,0,0", "--to", "3,3,3"]) == 0
    assert opened == [(str(world), False, ((-1, 0, 0), (3, 3, 3), "overworld"), None)]
    sim = launch.start_loading(*opened[0])()
    assert blocks_of(sim) == {(-1, 2, 3): "minecraft:stone"}
    assert main(["view", str(world), "--from=-1,0,0", "--to", "3,3,3", "--version", "1.17"]) == 0
    sim = launch.start_loading(*opened[1])()   # `--version`: the box runs in that release
    assert sim.version == "1.17" and blocks_of(sim) == {(-1, 2, 3): "minecraft:stone"}


def test_refusals_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    world = tmp_path / "w"
    ws.write_world(world, "1.16", [(0, 0)], {(1, 1, 1): "minecraft:stone"})
    box = ("--from", "0,0,0", "--to", "15,15,15", "--ticks", "0")
    assert "no level.dat" in refused(capsys, "trace", str(tmp_path), *box)
    assert "r.-1.0.mca: chunk -1,0 is not saved" in refused(capsys, "trace", str(world), "--from=-1,0,0", "--to",
                                                            "3,3,3", "--ticks", "0")
    assert "inverted in y (from 5 > to 3)" in refused(capsys, "trace", str(world), "--from", "0,5,0", "--to",
                                                      "3,3,3", "--ticks", "0")
    assert "more than the limit cells" in refused(capsys, "trace", str(world), "--from", "0,0,0", "--to",
                                                  "20000,100,20000", "--ticks", "0")
    assert "--from and --to go together" in refused(capsys, "trace", str(world), "--from", "0,0,0", "--ticks", "0")
    assert "opens with --from X,Y,Z --to X,Y,Z" in refused(capsys, "trace", str(world), "--ticks", "0")
    assert "not a Minecraft world folder (not a folder)" in refused(capsys, "trace", str(REPO / "scenes" /
                                                                         "tnt_flat_ground.toml"), *box)
    assert "not a Minecraft world folder (no such folder)" in refused(capsys, "trace", str(tmp_path / "nope"), *box)
    assert "expected X,Y,Z" in refused(capsys, "trace", str(world), "--from", "0,0", "--to", "1,1,1", "--ticks", "0")
    scene_file = tmp_path / "s.toml"
    scene_file.write_text(scene(world, [0, 0, 0], [3, 3, 3], dimension="the_moon"))
    err = refused(capsys, "trace", str(scene_file), "--ticks", "0")
    assert "regions[0].dimension" in err and "unknown dimension 'the_moon'" in err


def test_entities_past_the_limit_are_refused_before_they_are_made(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.tick import input_limits
    monkeypatch.setattr(input_limits, "_current", dict(input_limits._current))   # `--limit` holds for the process
    world = tmp_path / "w"
    ws.write_world(world, "1.16", [(0, 0)], {}, [], [ws.tnt_entity((1.5, 1.0, 1.5), 80)] * 3)
    err = refused(capsys, "--limit", "entities=2", "trace", str(world), "--from", "0,0,0", "--to", "3,3,3",
                  "--ticks", "0")
    assert "chunk 0,0 Level.Entities: entities of the box (at least): 3 is more than the limit entities = 2" in err
    code, out, _ = cli(capsys, "--limit", "entities=3", "trace", str(world), "--from", "0,0,0", "--to", "3,3,3",
                       "--ticks", "0")
    assert code == 0 and len(json.loads(out)["entities"]) == 3


def test_a_world_opened_by_itself_is_saved_as_a_new_scene(tmp_path: Path) -> None:
    """The viewer's Save never writes over a world folder: it asks for a scene file."""
    from viewer.saving import needs_save_as
    ws.write_world(tmp_path / "w", "1.16", [(0, 0)], {(1, 1, 1): "minecraft:stone"})
    assert needs_save_as(tmp_path / "w")
    assert not needs_save_as(tmp_path / "scene.toml")


def _damaged(tmp_path: Path, damage: Any) -> Path:
    """A world of one chunk (0,0) whose region file `damage(bytes) -> bytes` spoils."""
    world = tmp_path / "w"
    ws.write_world(world, "1.16", [(0, 0)], {(1, 1, 1): "minecraft:stone"})
    path = world / "region" / "r.0.0.mca"
    path.write_bytes(damage(path.read_bytes()))
    return world


def _set(data: bytes, at: int, new: bytes) -> bytes:
    return data[:at] + new + data[at + len(new):]


@pytest.mark.parametrize(("damage", "why"), [
    (lambda b: _set(b, 8192 + 5, b"\x00\x00\x00\x00"), "damaged zlib data"),
    (lambda b: b[:8192 + 40], "its data is truncated"),
    (lambda b: _set(b, 8192, (0).to_bytes(4, "big")), "its declared length is 0"),
    (lambda b: _set(b, 8192 + 4, b"\x04"), "unknown compression 4"),
    (lambda b: _set(b, 0, (99 << 8 | 1).to_bytes(4, "big")), "its first sector, 99, lies past the end of the file"),
    (lambda b: _set(b, 0, (1 << 8 | 1).to_bytes(4, "big")), "its first sector, 1, lies in the file's header"),
    (lambda b: b[:6000], "its first sector, 2, lies past the end of the file (6,000 bytes"),
    (lambda b: _set(b, 8192 + 4, b"\x82"), "stored outside the region file, in c.0.0.mcc"),
    (lambda b: _set(b, 8192 + 4, b"\x03"), "not a valid NBT file"),
])
def test_a_damaged_chunk_names_the_region_file_and_the_chunk(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             damage: Any, why: str) -> None:
    world = _damaged(tmp_path, damage)
    err = refused(capsys, "trace", str(world), "--from", "0,0,0", "--to", "3,3,3", "--ticks", "0")
    assert err.startswith(f"tickscope: {world / 'region' / 'r.0.0.mca'}: chunk 0,0") and why in err, err


def test_damaged_chunk_contents_are_refused(tmp_path: Path) -> None:
    """A long array of the wrong length, an index past the palette, a chunk saved before 1.13."""
    world = _one_section_world(tmp_path, "1.16", [0] * 300, ["minecraft:air", *WOOL])
    with pytest.raises(SceneError, match=r"chunk 0,0 Level\.Sections\[0\]\.BlockStates: holds 300 longs, expected "
                                         r"342 for 4096 indices of 5 bits"):
        load_scene(world, region=((0, 0, 0), (3, 3, 3)))
    world = _one_section_world(tmp_path / "b", "1.16", [15] + [0] * 255, ["minecraft:air", "minecraft:stone"])
    with pytest.raises(SceneError, match=r"index 15 is past the palette \(2 entries\)"):
        load_scene(world, region=((0, 0, 0), (3, 3, 3)))
    old = tmp_path / "old"
    ws.write_level_dat(old, "1.16", "old")
    ws.write_regions(old / "region", {(0, 0): Compound({"DataVersion": Int(1343), "Level": Compound()})})
    with pytest.raises(SceneError, match=r"chunk 0,0\.DataVersion: data version 1343 predates 1\.13.*optimize the "
                                         r"world in 1\.13 or later"):
        load_scene(old, region=((0, 0, 0), (3, 3, 3)))
    ws.write_regions(old / "region", {(0, 0): Compound({"Level": Compound()})})   # before 1.9: no DataVersion
    with pytest.raises(SceneError, match=r"chunk 0,0\.DataVersion: data version 0 predates 1\.13"):
        load_scene(old, region=((0, 0, 0), (3, 3, 3)))


# --- the bundled example ---
def test_the_bundled_world_is_what_its_tool_writes(tmp_path: Path) -> None:
    ws.main([str(tmp_path / "cannon_world")])
    bundled = REPO / "scenes" / "worlds" / "cannon_world"
    written = sorted(p.relative_to(tmp_path / "cannon_world") for p in (tmp_path / "cannon_world").rglob("*.*"))
    assert written == sorted(p.relative_to(bundled) for p in bundled.rglob("*.*"))
    assert all((tmp_path / "cannon_world" / p).read_bytes() == (bundled / p).read_bytes() for p in written)


def test_the_cannon_from_the_world_fires_as_the_scene_built_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """world_region_example.toml loads redstone_dispenser_cannon.toml's cannon, built 63 blocks higher and 4
    further south in a world: the same events in the same ticks (dispensed in 5 and 9, explosions in 84, 88)."""
    runs = []
    for name in ("world_region_example", "redstone_dispenser_cannon"):
        code, out, err = cli(capsys, "trace", str(REPO / "scenes" / f"{name}.toml"), "--ticks", "90")
        assert code == 0, err
        runs.append([json.loads(line) for line in out.splitlines()])
    world, by_hand = runs

    def shape(lines: list[dict[str, Any]]) -> list[tuple[int, int, list[str]]]:
        return [(line["tick"], len(line["entities"]), [e["kind"] for e in line["events"]]) for line in lines]
    assert shape(world) == shape(by_hand)
    assert [line["tick"] for line in world if any(e["kind"] == "explosion" for e in line["events"])] == [84, 88]
    tnt = [e for e in world[5]["entities"] if e["type"] == "minecraft:tnt"]
    hand = [e for e in by_hand[5]["entities"] if e["type"] == "minecraft:tnt"]
    assert len(tnt) == 1 and tnt[0]["motion"] == hand[0]["motion"]
    assert world[0]["entities"][0]["type"] == "minecraft:armor_stand"
    assert world[0]["entities"][0]["pos"] == [9.5, 64.0, 5.5]


def test_a_region_is_mirrored_and_turned_about_its_from_corner_as_a_schematic_about_its_origin() -> None:
    """`[[regions]]` with `rotate`/`mirror` goes through the same placement as `[[schematics]]`: every block of the
    turned box is the plain box's block at the turned position, turned as its block class turns it."""
    import tomli_w

    from engine.schematics.placement import transform_pos, transform_state

    world = Path(__file__).resolve().parents[2] / "scenes" / "worlds" / "cannon_world"
    box = {"world": str(world), "from": [-4, 63, 0], "to": [12, 66, 8]}
    plain = load_scene_text(tomli_w.dumps({"regions": [box]}), "<plain>").world
    turned = load_scene_text(tomli_w.dumps({"regions": [{**box, "rotate": 90, "mirror": "x"}]}), "<turned>").world
    lo, hi = box["from"], box["to"]
    compared = 0
    for x in range(lo[0], hi[0] + 1):
        for y in range(lo[1], hi[1] + 1):
            for z in range(lo[2], hi[2] + 1):
                state = plain.get_block_state(x, y, z)
                if state.is_air:
                    continue
                rel = transform_pos((x - lo[0], y - lo[1], z - lo[2]), 1, "x")
                got = turned.get_block_state(lo[0] + rel[0], lo[1] + rel[1], lo[2] + rel[2])
                assert got == transform_state(state, 1, "x"), (x, y, z)
                compared += 1
    assert compared > 20
