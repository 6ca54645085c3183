"""Real files open as they are (issue 25, 7): a schematic opened directly whose blocks lie below y 0 (a Sponge v3
`Offset`, a 1.18+ world, a Litematica region below its origin) or above 255 is moved into the build range with a
notice in trace line 0; a file taller than the range is refused naming its whole span; a Sponge v3 block entity
without `Data` loads; `water_cauldron` maps to `cauldron[level]`. Public files from ../shared/data/peers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from nbtlib import ByteArray, Compound, Double, File, Int, IntArray, List, LongArray, Short, String

from engine.schematics import block_span, read_schematic
from engine.tick.scene import SceneError, load_scene
from tests.conftest import shared_file
from viewer.cli import main


def peer(name: str) -> Path:
    return shared_file("peers", f"files/{name}")


def blocks_of(sim: Any) -> dict[tuple[int, int, int], str]:
    out = {}
    for (sx, sy, sz), sec in sim.world.sections():
        for y, z, x in zip(*np.nonzero(sec), strict=True):
            pos = (sx * 16 + int(x), sy * 16 + int(y), sz * 16 + int(z))
            out[pos] = str(sim.world.get_block_state(*pos))
    return out


def litematic(path: Path, y: int, height: int, entity_y: float | None = None) -> Path:
    """One region at (0, y, 0), 1 × height × 1 of stone, with a TNT at `entity_y` (region-relative) if given."""
    bits = 2
    longs = np.zeros(-(-height * bits // 64), dtype=np.uint64)
    for i in range(height):
        longs[i * bits // 64] |= np.uint64(1) << np.uint64(i * bits % 64)
    region = Compound({"Position": Compound({"x": Int(0), "y": Int(y), "z": Int(0)}),
                       "Size": Compound({"x": Int(1), "y": Int(height), "z": Int(1)}),
                       "BlockStatePalette": List[Compound]([Compound({"Name": String("minecraft:air")}),
                                                            Compound({"Name": String("minecraft:stone")})]),
                       "BlockStates": LongArray(longs.view(np.int64))})
    if entity_y is not None:
        region["Entities"] = List[Compound]([Compound({"id": String("minecraft:tnt"), "Fuse": Short(80),
                                                       "Pos": List[Double]([0.5, entity_y, 0.5])})])
    File(Compound({"Version": Int(5), "MinecraftDataVersion": Int(2586),
                   "Regions": Compound({"r": region})})).save(path, gzipped=True)
    return path


def trace0(capsys: pytest.CaptureFixture[str], path: Path, *flags: str) -> dict[str, Any]:
    code = main(["trace", str(path), "--ticks", "0", *flags])
    out = capsys.readouterr()
    assert code == 0 and out.err == "", out.err
    return json.loads(out.out.splitlines()[0])


@pytest.mark.parametrize("y, shift, words", [(-64, 64, "reach y -64..-55, outside the build range 0..255: placed 64 "
                                                         "blocks higher (y 0..9)"),
                                             (300, -54, "reach y 300..309, outside the build range 0..255: placed "
                                                        "54 blocks lower (y 246..255)"),
                                             (0, 0, None)])
def test_schematic_opened_directly_is_moved_into_the_build_range(y: int, shift: int, words: str | None,
                                                                 tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = litematic(tmp_path / "low.litematic", y, 10, entity_y=10.0)
    line = trace0(capsys, path)
    assert line.get("notices", []) == ([f"low.litematic: its blocks {words}, its entities with them"] if words else [])
    sim = load_scene(path)
    assert sorted(blocks_of(sim)) == [(0, y + shift + i, 0) for i in range(10)]
    assert sim.entities[0].pos.y == y + shift + 10.0
    assert sim.notices == line.get("notices", [])


def test_placed_by_a_scene_it_is_not_moved(tmp_path: Path) -> None:
    litematic(tmp_path / "low.litematic", -3, 4)
    scene = tmp_path / "s.toml"
    scene.write_text('[[schematics]]\nfile = "low.litematic"\nat = [0, 10, 0]\n')
    assert sorted(blocks_of(load_scene(scene))) == [(0, 7 + i, 0) for i in range(4)]
    scene.write_text('[[schematics]]\nfile = "low.litematic"\n')
    with pytest.raises(SceneError, match=r"schematics\[0\]\.at: .*its blocks reach y -3\.\.0 \(4 blocks\), outside"):
        load_scene(scene)


def test_file_taller_than_the_range_is_refused_naming_its_whole_span(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = litematic(tmp_path / "tall.litematic", -10, 300)
    assert main(["trace", str(path), "--ticks", "0"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == f"tickscope: {path}: its blocks reach y -10..289 (300 blocks), outside the " \
                                        "1.16.5 build range 0..255\n"


def test_sponge_v3_block_entity_without_data_loads(tmp_path: Path) -> None:
    """`Data` is optional in Sponge v3: a chest without it is a chest."""
    path = tmp_path / "v3.schem"
    blocks = Compound({"Palette": Compound({"minecraft:air": Int(0), "minecraft:chest[facing=north]": Int(1)}),
                       "Data": ByteArray([1]),
                       "BlockEntities": List[Compound]([Compound({"Id": String("minecraft:chest"),
                                                                  "Pos": IntArray([0, 0, 0])})])})
    File(Compound({"Schematic": Compound({"Version": Int(3), "DataVersion": Int(3465), "Width": Short(1),
                                          "Height": Short(1), "Length": Short(1), "Offset": IntArray([0, 0, 0]),
                                          "Blocks": blocks})})).save(path, gzipped=True)
    assert blocks_of(load_scene(path)) == {(0, 0, 0): "minecraft:chest[facing=north,type=single,waterlogged=false]"}


@pytest.mark.parametrize("name, level, mapped", [("water_cauldron", "2", "minecraft:cauldron[level=2]"),
                                                 ("cauldron", None, "minecraft:cauldron[level=0]"),
                                                 ("lava_cauldron", None, None),
                                                 ("powder_snow_cauldron", "1", None)])
def test_cauldrons_of_1_17_map_where_1_16_5_has_the_same(name: str, level: str | None, mapped: str | None,
                                                         tmp_path: Path) -> None:
    path = tmp_path / "c.nbt"
    state = Compound({"Name": String(f"minecraft:{name}")})
    if level:
        state["Properties"] = Compound({"level": String(level)})
    File(Compound({"DataVersion": Int(2730), "size": List[Int]([1, 1, 1]), "palette": List[Compound]([state]),
                   "blocks": List[Compound]([Compound({"state": Int(0), "pos": List[Int]([0, 0, 0])})]),
                   "entities": List[Compound]()})).save(path, gzipped=True)
    if mapped:
        assert blocks_of(load_scene(path)) == {(0, 0, 0): mapped}
    else:
        with pytest.raises(SceneError, match=f"1 have no 1.16.5 equivalent: minecraft:{name}"):
            load_scene(path)


# --- the public files (../shared/data/peers, provenance in its manifest.json) ---
LIFTED = [("fawe_sponge3.schem", -1), ("pschem_spongeV3.schem", -1), ("s4j_simple.litematic", -1),
          ("s4j_green-cottage.schem", -59), ("s4j_sponge-v3.schem", -59),
          ("s4j_interieur-exterieur-chunk-project.schem", -17)]


@pytest.mark.parametrize("name, lowest", LIFTED, ids=[n for n, _ in LIFTED])
def test_public_files_below_the_origin_open_directly(name: str, lowest: int,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Each block where the file puts it, moved up by the same amount; the notice in line 0 names the shift."""
    path = peer(name)
    schem = read_schematic(path, allow_unmapped=True)
    assert block_span(schem)[0][1] == lowest
    line = trace0(capsys, path, "--allow-unmapped")
    *left_out, lifted = line["notices"]   # the s4j files' fences with non-vanilla properties are left out, counted
    assert f"placed {-lowest} blocks higher (y 0.." in lifted
    assert [n.split(":")[0] for n in left_out] == ([name] if name.startswith("s4j_") and name != "s4j_simple.litematic"
                                                   else []) and all(" left out: " in n for n in left_out)
    sim = load_scene(path, allow_unmapped=True)
    placed = blocks_of(sim)
    assert min(y for _, y, _ in placed) == 0
    unlifted = {(x, y + lowest, z): s for (x, y, z), s in placed.items()}
    expected = load_scene_via_scene(path, -lowest)
    assert unlifted == {(x, y + lowest, z): s for (x, y, z), s in expected.items()}


def load_scene_via_scene(path: Path, up: int) -> dict[tuple[int, int, int], str]:
    """The same file placed by a scene `up` blocks higher (no lift there): the blocks the direct open must give."""
    from engine.tick.scene import load_scene_doc
    doc = {"schematics": [{"file": str(path), "at": [0, up, 0], "allow_unmapped": True}]}
    return blocks_of(load_scene_doc(doc, str(path.parent / "scene.toml")))


def test_public_files_that_now_open_without_options(capsys: pytest.CaptureFixture[str]) -> None:
    """Of the five public files refused before: these need no option at all now."""
    for name in ("fawe_sponge3.schem", "pschem_spongeV3.schem", "s4j_simple.litematic"):
        assert trace0(capsys, peer(name))["tick"] == 0
    assert "minecraft:cauldron[level=2]" in blocks_of(load_scene(peer("mc1171_igloo_bottom.nbt"),
                                                                 allow_unmapped=True)).values()


def test_public_file_taller_than_the_range_names_its_whole_span(capsys: pytest.CaptureFixture[str]) -> None:
    path = peer("tmc_1.18.litematic")
    assert main(["trace", str(path), "--ticks", "0", "--allow-unmapped"]) == 2
    err = capsys.readouterr().err
    assert err == f"tickscope: {path}: its blocks reach y 0..365 (366 blocks), outside the 1.16.5 build range 0..255\n"
