"""Contraption files (engine.schematics): Litematica files saved by the game, files built by independent libraries
(litemapy for .litematic, the `nbt` package for .nbt and .schem), exports read back by those libraries, scene ↔
schematic round trips through `tickscope trace`, and one-line refusals of bad files."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import litemapy
import nbt.nbt as tw  # twoolie's NBT: independent of nbtlib, which the readers use
import pytest
from nbtlib import Double, List, Short

from engine.tick.scene import SceneError, load_scene, load_scene_text
from engine.world.blocks import parse_block_state
from tests.conftest import cli, scene_toml, shared_file

REPO = Path(__file__).resolve().parents[2]
SCENES = REPO / "scenes"


def trace(capsys: pytest.CaptureFixture[str], path: Path | str, ticks: int, *flags: str) -> list[dict[str, Any]]:
    code, out, err = cli(capsys, "trace", str(path), "--ticks", str(ticks), *flags)
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


def blocks_of(sim: Any) -> dict[tuple[int, int, int], str]:
    """Every non-air cell of a simulation's world."""
    out = {}
    for (sx, sy, sz), sec in sim.world.sections():
        for y in range(16):
            for z in range(16):
                for x in range(16):
                    if sec[y, z, x]:
                        pos = (sx * 16 + x, sy * 16 + y, sz * 16 + z)
                        out[pos] = str(sim.world.get_block_state(*pos))
    return out


# --- files saved by Litematica in the game ---
def test_simple_house_matches_litemapy(capsys: pytest.CaptureFixture[str]) -> None:
    """Every block of SimpleHouse.litematic (1.16.5) as litemapy reads it, at the same place."""
    path = shared_file("schematics", "SimpleHouse.litematic")
    ours = blocks_of(load_scene(path))
    theirs = {}
    for region in litemapy.Schematic.load(str(path)).regions.values():
        for x, y, z in region.block_positions():
            b = region[x, y, z]
            if b.id != "minecraft:air":
                theirs[(region.x + x, region.y + y, region.z + z)] = str(parse_block_state(str(b)))
    assert len(ours) == 78 and ours == theirs
    assert trace(capsys, path, 1)[0]["entities"] == []


def test_newer_file_reports_unmapped_blocks_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """tree.litematic (1.20.2) holds copper ore, which 1.16.5 lacks: one line, status 2, unless allowed."""
    path = shared_file("schematics", "tree.litematic")
    code, out, err = cli(capsys, "trace", str(path), "--ticks", "0")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "6 have no 1.16.5 equivalent: minecraft:copper_ore ×6" in err and "allow_unmapped" in err
    sim = load_scene(path, allow_unmapped=True)
    cells = blocks_of(sim)
    assert len(cells) == 889 - 6
    # 1.19's waterlogged=false on leaves is dropped; "grass" is still grass before 1.20.3's rename
    assert "minecraft:birch_leaves[distance=1,persistent=false]" in cells.values()
    assert "minecraft:grass" in cells.values()
    assert trace(capsys, path, 0, "--allow-unmapped")[0]["tick"] == 0


def test_scene_places_schematic_relative_to_scene(tmp_path: Path) -> None:
    scene = tmp_path / "s.toml"
    path = shared_file("schematics", "black-white.litematic")
    scene.write_text(f'[[schematics]]\nfile = "{path}"\nat = [-3, 70, 2]\n')
    cells = blocks_of(load_scene(scene))
    assert sorted(cells) == [(-3 + i, 70, 2) for i in range(15)]
    assert set(cells.values()) == {"minecraft:black_concrete", "minecraft:white_concrete"}


# --- files built by independent libraries, read by ours ---
def test_litemapy_built_file_with_entities(tmp_path: Path) -> None:
    region = litemapy.Region(2, 5, 1, 3, 2, -2)   # negative length: the region runs from z = 1 down to z = 0
    region[0, 0, 0] = litemapy.BlockState("minecraft:sticky_piston", facing="up", extended="false")
    region[2, 1, -1] = litemapy.BlockState("minecraft:slime_block")
    tnt = litemapy.Entity("minecraft:tnt")
    tnt.data["Pos"] = List[Double]([0.5, 2.0, 0.25])   # litemapy keeps entity NBT as nbtlib tags
    tnt.data["Motion"] = List[Double]([0.0, 0.2, -0.02])
    tnt.data["Fuse"] = Short(37)
    region.entities.append(tnt)
    path = tmp_path / "built.litematic"
    region.as_schematic(name="built").save(str(path))
    sim = load_scene(path)
    assert blocks_of(sim) == {(2, 5, 1): "minecraft:sticky_piston[extended=false,facing=up]",
                              (4, 6, 0): "minecraft:slime_block"}
    (e,) = sim.entities
    assert (e.TYPE, tuple(e.pos), tuple(e.motion), e.fuse) == ("minecraft:tnt", (2.5, 7.0, 1.25), (0.0, 0.2, -0.02),
                                                               37)


def _tw_compound(values: dict[str, Any], name: str = "") -> tw.TAG_Compound:
    """A twoolie compound from (tag class, value) pairs and nested dicts/lists."""
    c = tw.TAG_Compound(name=name)
    for k, v in values.items():
        c.tags.append(_tw(v, k))
    return c


def _tw(v: Any, name: str = "") -> Any:
    if isinstance(v, dict):
        return _tw_compound(v, name)
    kind, value = v
    if kind is tw.TAG_List:
        lst = tw.TAG_List(type=value[0], name=name)
        for item in value[1]:
            lst.tags.append(_tw(item) if isinstance(item, (dict, tuple)) else value[0](value=item))
        return lst
    if kind in (tw.TAG_Byte_Array, tw.TAG_Int_Array):
        t = kind(name=name)
        t.value = bytearray(value) if kind is tw.TAG_Byte_Array else list(value)
        return t
    return kind(value=value, name=name)


def _tw_save(root: tw.TAG_Compound, path: Path) -> None:
    f = tw.NBTFile()
    f.name = root.name
    f.tags = root.tags
    f.write_file(str(path))


def _entity(pos: list[float], extra: dict[str, Any]) -> dict[str, Any]:
    return {"id": (tw.TAG_String, "minecraft:tnt"), "Pos": (tw.TAG_List, (tw.TAG_Double, pos)),
            "Motion": (tw.TAG_List, (tw.TAG_Double, [0.0, 0.1, 0.0])), **extra}


@pytest.mark.parametrize("version", [2, 3])
def test_sponge_file_built_with_another_library(version: int, tmp_path: Path) -> None:
    """A 2 × 1 × 1 .schem: a dispenser holding TNT (fired by a `dispense` without item), a moving piston's block
    entity, and a TNT riding an armor stand; `Offset` moves it all."""
    palette = {"minecraft:dispenser[facing=up,triggered=false]": (tw.TAG_Int, 0),
               "minecraft:moving_piston[facing=east,type=normal]": (tw.TAG_Int, 1)}
    dispenser = {"Id": (tw.TAG_String, "minecraft:dispenser"), "Pos": (tw.TAG_Int_Array, [0, 0, 0])}
    stack = {"Slot": (tw.TAG_Byte, 3), "id": (tw.TAG_String, "minecraft:tnt"), "Count": (tw.TAG_Byte, 2)}
    items = {"Items": (tw.TAG_List, (tw.TAG_Compound, [stack]))}
    piston = {"Id": (tw.TAG_String, "minecraft:piston"), "Pos": (tw.TAG_Int_Array, [1, 0, 0])}
    moving = {"blockState": {"Name": (tw.TAG_String, "minecraft:stone")}, "facing": (tw.TAG_Int, 5),
              "progress": (tw.TAG_Float, 0.5), "extending": (tw.TAG_Byte, 1), "source": (tw.TAG_Byte, 0)}
    stand = {"id": (tw.TAG_String, "minecraft:armor_stand"), "Pos": (tw.TAG_List, (tw.TAG_Double, [0.5, 1.0, 0.5])),
             "Invisible": (tw.TAG_Byte, 1),
             "Passengers": (tw.TAG_List, (tw.TAG_Compound, [_entity([9.0, 9.0, 9.0], {"Fuse": (tw.TAG_Short, 12)})]))}
    if version == 2:
        body = {"Palette": palette, "BlockData": (tw.TAG_Byte_Array, [0, 1]),
                "BlockEntities": (tw.TAG_List, (tw.TAG_Compound, [dispenser | items, piston | moving]))}
        ents = [{**stand, "Id": stand["id"]}]
    else:
        body = {"Blocks": {"Palette": palette, "Data": (tw.TAG_Byte_Array, [0, 1]), "BlockEntities": (
            tw.TAG_List, (tw.TAG_Compound, [dispenser | {"Data": items}, piston | {"Data": moving}]))}}
        ents = [{"Id": stand["id"], "Pos": stand["Pos"], "Data": stand}]
    root = {"Version": (tw.TAG_Int, version), "DataVersion": (tw.TAG_Int, 2586), "Width": (tw.TAG_Short, 2),
            "Height": (tw.TAG_Short, 1), "Length": (tw.TAG_Short, 1), "Offset": (tw.TAG_Int_Array, [10, 64, -4]),
            **body, "Entities": (tw.TAG_List, (tw.TAG_Compound, ents))}
    if version == 3:
        root = {"Schematic": root}
    path = tmp_path / "built.schem"
    _tw_save(_tw_compound(root, "Schematic" if version == 2 else ""), path)
    text = '[[schematics]]\nfile = "built.schem"\n\n[[actions]]\ntick = 1\ndo = "dispense"\nat = [10, 64, -4]\n'
    sim = load_scene_text(text, str(tmp_path / "s.toml"))
    assert sim.world.get_block_state(10, 64, -4).block == "dispenser"
    assert sim.world.containers[(10, 64, -4)] == ((3, "minecraft:tnt", 2),)
    be = sim.world.block_entities.get((11, 64, -4))
    assert (be.pushed_block.name, be.facing.name, be.progress, be.extending) == ("minecraft:stone", "east", 0.5, True)
    stand_e, tnt = sim.entities
    assert stand_e.invisible and tnt.vehicle is stand_e and tnt.fuse == 12 and tuple(stand_e.pos) == (10.5, 65.0, -3.5)
    sim.tick()
    assert sim.world.containers[(10, 64, -4)] == ((3, "minecraft:tnt", 1),)
    assert [e.TYPE for e in sim.entities].count("minecraft:tnt") == 2


def test_structure_file_built_with_another_library(tmp_path: Path) -> None:
    root = {"DataVersion": (tw.TAG_Int, 2230), "size": (tw.TAG_List, (tw.TAG_Int, [2, 2, 1])),
            "palette": (tw.TAG_List, (tw.TAG_Compound, [
                {"Name": (tw.TAG_String, "minecraft:cobblestone_wall"),
                 "Properties": {"north": (tw.TAG_String, "true"), "up": (tw.TAG_String, "true")}},
                {"Name": (tw.TAG_String, "minecraft:honey_block")}])),
            "blocks": (tw.TAG_List, (tw.TAG_Compound, [
                {"state": (tw.TAG_Int, 0), "pos": (tw.TAG_List, (tw.TAG_Int, [0, 0, 0]))},
                {"state": (tw.TAG_Int, 1), "pos": (tw.TAG_List, (tw.TAG_Int, [1, 1, 0]))}])),
            "entities": (tw.TAG_List, (tw.TAG_Compound, [
                {"pos": (tw.TAG_List, (tw.TAG_Double, [1.5, 2.0, 0.5])),
                 "blockPos": (tw.TAG_List, (tw.TAG_Int, [1, 2, 0])),
                 "nbt": {"id": (tw.TAG_String, "minecraft:item"), "Age": (tw.TAG_Short, 5),
                         "Item": {"id": (tw.TAG_String, "minecraft:stone"), "Count": (tw.TAG_Byte, 1)}}}]))}
    path = tmp_path / "built.nbt"
    _tw_save(_tw_compound(root), path)
    sim = load_scene(path)
    # 1.15 (data version 2230) walls had boolean sides: true maps to low
    assert blocks_of(sim) == {(0, 0, 0): "minecraft:cobblestone_wall[east=none,north=low,south=none,up=true,"
                                         "waterlogged=false,west=none]", (1, 1, 0): "minecraft:honey_block"}
    (item,) = sim.entities
    assert (item.item, item.item_age, tuple(item.pos)) == ("minecraft:stone", 5, (1.5, 2.0, 0.5))


# --- exports read back by independent libraries, and by ours ---
ROUND_TRIP = scene_toml(
    scene={"name": "round trip"},
    blocks=[{"from": [0, 0, 0], "to": [6, 0, 6], "block": "minecraft:stone"},
            {"at": [3, 1, 3], "block": "minecraft:oak_slab[type=bottom]"},
            {"at": [1, 1, 1], "block": "minecraft:dispenser[facing=up]",
             "items": [{"slot": 0, "id": "minecraft:tnt", "count": 5}]}],
    entities=[{"type": "tnt", "pos": [3.5, 1.5, 3.5], "motion": [0.01, 0.2, -0.02], "fuse": 30, "count": 3},
              {"type": "armor_stand", "pos": [5.5, 1.0, 5.5], "marker": True},
              {"type": "item", "pos": [2.5, 1.0, 4.5], "item": "minecraft:slime_ball", "pickup_delay": 10}])


@pytest.mark.parametrize("suffix", [".litematic", ".nbt", ".schem", ".schematic", ".toml"])
def test_export_traces_like_the_scene(suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "scene.toml"
    scene.write_text(ROUND_TRIP)
    out = tmp_path / f"out{suffix}"
    assert cli(capsys, "export", str(scene), "--out", str(out)) == (0, "", "")
    assert trace(capsys, out, 60) == trace(capsys, scene, 60)
    assert load_scene(out).world.containers == {(1, 1, 1): ((0, "minecraft:tnt", 5),)}


def test_exported_litematic_read_by_litemapy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "scene.toml"
    scene.write_text(ROUND_TRIP)
    out = tmp_path / "out.litematic"
    assert cli(capsys, "export", str(scene), "--out", str(out))[0] == 0
    (region,) = litemapy.Schematic.load(str(out)).regions.values()
    theirs = {(region.x + x, region.y + y, region.z + z): str(parse_block_state(str(region[x, y, z])))
              for x, y, z in region.block_positions() if region[x, y, z].id != "minecraft:air"}
    assert theirs == blocks_of(load_scene(scene))
    assert [(e.id, e.data.get("Fuse")) for e in region.entities][:3] == [("minecraft:tnt", 30)] * 3


@pytest.mark.parametrize("suffix", [".nbt", ".schem"])
def test_exported_nbt_and_schem_read_by_another_library(suffix: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "scene.toml"
    scene.write_text(ROUND_TRIP)
    out = tmp_path / f"out{suffix}"
    assert cli(capsys, "export", str(scene), "--out", str(out))[0] == 0
    f = tw.NBTFile(str(out))
    expected = blocks_of(load_scene(scene))
    if suffix == ".nbt":
        palette = [str(parse_block_state(p["Name"].value + ("[" + ",".join(
            f"{t.name}={t.value}" for t in p["Properties"].tags) + "]" if "Properties" in p else "")))
                   for p in f["palette"].tags]
        cells = {tuple(t.value for t in b["pos"].tags): palette[b["state"].value] for b in f["blocks"].tags}
        entities = [e["nbt"] for e in f["entities"].tags]
    else:
        palette = {t.value: str(parse_block_state(t.name)) for t in f["Palette"].tags}
        w, length = f["Width"].value, f["Length"].value
        data, values, i = bytes(f["BlockData"].value), [], 0
        while i < len(data):   # varints, decoded here independently of the reader
            v, shift = 0, 0
            while True:
                v |= (data[i] & 0x7F) << shift
                shift += 7
                i += 1
                if data[i - 1] < 0x80:
                    break
            values.append(v)
        ox, oy, oz = f["Offset"].value
        cells = {(ox + k % w, oy + k // (w * length), oz + k // w % length): palette[v] for k, v in enumerate(values)
                 if palette[v] != "minecraft:air"}
        entities = list(f["Entities"].tags)
        assert [b["Id"].value for b in f["BlockEntities"].tags] == ["minecraft:dispenser"]
    assert cells == expected
    assert [e["id" if suffix == ".nbt" else "Id"].value for e in entities] == ["minecraft:tnt"] * 3 + [
        "minecraft:armor_stand", "minecraft:item"]


# --- count ---
def test_320_tnt_scene_is_one_count_entry() -> None:
    text = (SCENES / "tnt_stack_320.toml").read_text()
    assert text.count("[[entities]]") == 2 and "count = 320" in text   # the stack, then the shell
    sim = load_scene(SCENES / "tnt_stack_320.toml")
    assert [(e.id, e.fuse) for e in sim.entities] == [(i, 3) for i in range(1, 321)] + [(321, 77)]


# --- bad files ---
def _gz(raw: bytes, path: Path) -> Path:
    path.write_bytes(gzip.compress(raw))
    return path


@pytest.mark.parametrize("name, make, message", [
    ("plain.litematic", lambda p: p.write_bytes(b"not gzip at all"), "not a gzip file"),
    ("cut.litematic", lambda p: p.write_bytes(shared_file("schematics", "SimpleHouse.litematic").read_bytes()[:300]),
     "damaged gzip data"),
    ("junk.schem", lambda p: _gz(b"\x0a\x00\x00\x03\x00\x07Ver", p), "not a valid NBT file"),
    ("wrong.schem", lambda p: _tw_save(_tw_compound({"Version": (tw.TAG_String, "2")}, "Schematic"), p),
     "Version: expected Byte/Short/Int/Long, got String"),
    ("v1.schem", lambda p: _tw_save(_tw_compound({"Version": (tw.TAG_Int, 1)}, "Schematic"), p),
     "Sponge schematic version 1 is not supported"),
    ("old.sponge.schem", lambda p: _tw_save(_tw_compound({"Version": (tw.TAG_Int, 2), "DataVersion": (
        tw.TAG_Int, 1343)}, "Schematic"), p), "predates 1.13"),
    ("huge.nbt", lambda p: _tw_save(_tw_compound({"DataVersion": (tw.TAG_Int, 2586), "size": (
        tw.TAG_List, (tw.TAG_Int, [30000, 30000, 30000]))}), p), "more than the limit cells"),
])
def test_bad_files_are_one_line_errors(name: str, make: Any, message: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / name
    make(path)
    code, out, err = cli(capsys, "trace", str(path), "--ticks", "1")
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err and str(path) in err


def test_schematic_outside_build_range_is_refused(tmp_path: Path) -> None:
    scene = tmp_path / "s.toml"
    path = shared_file("schematics", "SimpleHouse.litematic")
    scene.write_text(f'[[schematics]]\nfile = "{path}"\nat = [0, 252, 0]\n')
    with pytest.raises(SceneError, match=r"schematics\[0\]\.at: .*reach y 252..257 \(6 blocks\), outside"):
        load_scene(scene)


# --- fuzzing: mutated real files load completely or fail with one SceneError line ---
FUZZ_CASES = 300


def _mutations(raw: bytes, rng: random.Random) -> bytes:
    """One damage of the unpacked NBT: flipped bytes, a cut, inserted or repeated bytes, or a changed length."""
    data = bytearray(raw)
    kind = rng.randrange(5)
    if kind == 0:
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == 1:
        del data[rng.randrange(1, len(data)):]
    elif kind == 2:
        i = rng.randrange(len(data))
        data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    elif kind == 3:
        i = rng.randrange(len(data))
        data[i:i] = data[i:i + rng.randint(1, 64)]
    else:
        i = rng.randrange(len(data) - 4)
        data[i:i + 4] = rng.choice([b"\x7f\xff\xff\xff", b"\xff\xff\xff\xff", b"\x00\x00\x00\x00", b"\x00\x10\x00\x00"])
    return bytes(data)


def test_fuzzed_files_load_whole_or_fail_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "scene.toml"
    scene.write_text(ROUND_TRIP)
    sources = [shared_file("schematics", "SimpleHouse.litematic"), shared_file("schematics", "black-white.litematic")]
    for suffix in (".litematic", ".nbt", ".schem", ".schematic"):
        sources.append(tmp_path / f"export{suffix}")
        assert cli(capsys, "export", str(scene), "--out", str(sources[-1]))[0] == 0
    rng = random.Random(20261123)
    outcomes = {"loaded": 0, "refused": 0}
    for case in range(FUZZ_CASES):
        source = sources[case % len(sources)]
        raw = gzip.decompress(source.read_bytes())
        damaged = _mutations(raw, rng)
        path = tmp_path / f"fuzz{source.suffix}"
        path.write_bytes(gzip.compress(damaged) if case % 10 else damaged[:rng.randrange(len(damaged))])
        try:
            sim = load_scene(path, allow_unmapped=bool(case % 2))
        except SceneError as err:
            assert "\n" not in str(err) and str(path) in str(err), (case, str(err))
            outcomes["refused"] += 1
            continue
        sim.tick()   # what loaded is a whole, runnable scene
        outcomes["loaded"] += 1
    assert outcomes["refused"] > FUZZ_CASES // 2 and outcomes["loaded"] > 0, outcomes


def test_placing_a_schematic_equals_placing_each_block() -> None:
    """`World.place_block_ids` (sections at once) leaves the world that `set_block_state` per cell leaves: states,
    fluid and effect-block lookups, shulker-box block entities, and the scene running on identically."""
    import numpy as np

    from engine.world.world import EFFECT, FLUID, World
    states = [parse_block_state(s) for s in ("minecraft:stone", "minecraft:water", "minecraft:cobweb",
                                             "minecraft:shulker_box[facing=up]", "minecraft:slime_block")]
    rng = np.random.default_rng(3)
    ids = np.array([0] + [s.id for s in states], dtype=np.uint16)[rng.integers(0, 6, size=(20, 9, 37))]
    bulk, single = World(), World()
    bulk.set_block_state(1, 5, 1, parse_block_state("minecraft:shulker_box"))
    single.set_block_state(1, 5, 1, parse_block_state("minecraft:shulker_box"))
    bulk.place_block_ids(-14, 3, -2, ids)
    for y in range(ids.shape[0]):
        for z in range(ids.shape[1]):
            for x in range(ids.shape[2]):
                if ids[y, z, x]:
                    single.set_block_state(x - 14, y + 3, z - 2, states[[s.id for s in states].index(ids[y, z, x])])
    assert {k: s.tobytes() for k, s in bulk.sections()} == {k: s.tobytes() for k, s in single.sections()}
    assert [be.pos for be in bulk.block_entities.ticking] == [be.pos for be in single.block_entities.ticking]
    for box in [(-14, 3, -2, 22, 22, 6), (0, 0, 0, 3, 3, 3), (-20, 10, -20, -15, 12, -15)]:
        for kind in (FLUID, EFFECT):
            assert bulk.region_has(kind, *box) == single.region_has(kind, *box)
        assert bulk.region_is_empty(*box) == single.region_is_empty(*box)


def test_unsimulated_entity_types_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    region = litemapy.Region(0, 0, 0, 1, 1, 1)
    region[0, 0, 0] = litemapy.BlockState("minecraft:stone")
    region.entities.append(litemapy.Entity("minecraft:item_frame"))
    region.entities.append(litemapy.Entity("minecraft:tnt"))
    path = tmp_path / "frame.litematic"
    region.as_schematic(name="frame").save(str(path))
    code, _, err = cli(capsys, "trace", str(path), "--ticks", "0")
    assert code == 2 and "1 have no 1.16.5 equivalent: entity minecraft:item_frame ×1" in err
    assert [e["type"] for e in trace(capsys, path, 0, "--allow-unmapped")[0]["entities"]] == ["minecraft:tnt"]


def test_export_refusals_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "far.toml"
    scene.write_text(scene_toml(blocks=[{"at": [-5000, 0, -5000], "block": "stone"},
                                        {"at": [5000, 255, 5000], "block": "stone"}]))
    out = tmp_path / "far.litematic"
    code, _, err = cli(capsys, "export", str(scene), "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and f"{out}: the blocks span [10001, 256, 10001]" in err
    assert not out.exists()
    code, _, err = cli(capsys, "export", str(scene), "--out", str(tmp_path / "x.obj"))
    assert code == 2 and "cannot export to .obj (expected .litematic, .nbt, .schem, .schematic, .toml)" in err
