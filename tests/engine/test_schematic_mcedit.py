"""Pre-flattening files (engine.schematics.mcedit, engine.schematics.structure): MCEdit/Schematica `.schematic`
files and 1.12.2 structure files built here with nbtlib (not by the code under test) load to the expected blocks,
block entities and entities in a 1.12.2 scene and in a 1.16.5 one; an export reads back as 1.12.2's ids; bad files
are one line and status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbtlib
import numpy as np
import pytest
from nbtlib import Byte, ByteArray, Compound, Double, Float, Int, List, Short, String

from engine.tick.scene import SceneError, load_scene
from tests.conftest import cli
from tests.engine.test_schematics import blocks_of

SIZE = (4, 2, 3)   # Width (x), Height (y), Length (z)
# (x, y, z) → 1.12.2 id and data value, and the state each is in the 1.12.2 table (1.16.5's names)
CELLS = {
    (0, 0, 0): (35, 14, "minecraft:red_wool"),
    (1, 0, 0): (1, 1, "minecraft:granite"),
    (2, 0, 0): (44, 8, "minecraft:smooth_stone_slab[type=top]"),
    (3, 0, 0): (55, 3, "minecraft:redstone_wire[east=none,north=none,power=3,south=none,west=none]"),
    (0, 0, 1): (50, 5, "minecraft:torch"),
    (1, 0, 1): (23, 1, "minecraft:dispenser[facing=up,triggered=false]"),
    (2, 0, 1): (93, 6, "minecraft:repeater[delay=2,facing=north,locked=false,powered=false]"),
    (3, 0, 1): (36, 1, "minecraft:moving_piston[facing=up,type=normal]"),
    (0, 1, 2): (46, 0, "minecraft:tnt[unstable=false]"),
    # a lone wall: its sides derived as 1.12.2's getActualState does (none joined, so the post stands)
    (3, 1, 2): (139, 1, "minecraft:mossy_cobblestone_wall[east=none,north=none,south=none,up=true,west=none]"),
}
# the same cells read into a 1.16.5 scene: waterlogged added where 1.16.5's block has it
IN_1_16_5 = {(3, 1, 2): "minecraft:mossy_cobblestone_wall[east=none,north=none,south=none,up=true,"
                        "waterlogged=false,west=none]",
             (2, 0, 0): "minecraft:smooth_stone_slab[type=top,waterlogged=false]"}


def _entity(kind: str, pos: list[float], **extra: Any) -> Compound:
    return Compound({"id": String(kind), "Pos": List[Double](pos), "Motion": List[Double]([0.0, 0.0, 0.0]),
                     "Rotation": List[Float]([0.0, 0.0]), **extra})


def _schematic(path: Path, cells: dict[tuple[int, int, int], tuple[int, int, str]] = CELLS, **root: Any) -> Path:
    """A `.schematic` as MCEdit writes it: ids and data values indexed (y·Length + z)·Width + x."""
    w, h, length = SIZE
    ids, data = np.zeros(w * h * length, dtype=np.uint8), np.zeros(w * h * length, dtype=np.uint8)
    for (x, y, z), (block_id, meta, _) in cells.items():
        ids[(y * length + z) * w + x], data[(y * length + z) * w + x] = block_id, meta
    tag = Compound({
        "Width": Short(w), "Height": Short(h), "Length": Short(length), "Materials": String("Alpha"),
        "Blocks": ByteArray(ids.view(np.int8)), "Data": ByteArray(data.view(np.int8)),
        "TileEntities": List[Compound]([
            Compound({"id": String("minecraft:dispenser"), "x": Int(1), "y": Int(0), "z": Int(1),
                      "Items": List[Compound]([Compound({"Slot": Byte(0), "id": String("minecraft:tnt"),
                                                         "Count": Byte(5), "Damage": Short(0)})])}),
            Compound({"id": String("minecraft:piston"), "x": Int(3), "y": Int(0), "z": Int(1), "blockId": Int(35),
                      "blockData": Int(5), "facing": Int(1), "progress": Float(0.5), "extending": Byte(1),
                      "source": Byte(0)})]),
        "Entities": List[Compound]([
            _entity("minecraft:falling_block", [0.5, 3.0, 0.5], Block=String("minecraft:sand"), Data=Byte(1),
                    Time=Int(1)),
            _entity("minecraft:tnt", [1.5, 3.0, 2.5], Fuse=Short(40))])})
    tag.update(root)
    nbtlib.File(tag, root_name="Schematic").save(path, gzipped=True)
    return path


def _scene(tmp_path: Path, file: Path, version: str, at: tuple[int, int, int] = (10, 60, 10)) -> Path:
    scene = tmp_path / f"s{version}.toml"
    scene.write_text(f'[scene]\nversion = "{version}"\n\n[[schematics]]\nfile = "{file}"\nat = {list(at)}\n')
    return scene


@pytest.mark.parametrize("version", ["1.12.2", "1.16.5"])
def test_schematic_loads_1_12_2_ids(version: str, tmp_path: Path) -> None:
    """Every cell's id and data value is 1.12.2's state (a 1.16.5 scene: the same, in its table); the dispenser's
    items, the moving piston's block (`blockId`, `blockData`: lime wool) and the falling block's (`Block`, `Data`:
    red sand) as 1.12.2 saves them; positions relative to the minimum corner, placed at `at`."""
    sim = load_scene(_scene(tmp_path, _schematic(tmp_path / "built.schematic"), version))
    expected = {(x + 10, y + 60, z + 10): IN_1_16_5.get((x, y, z), s) if version == "1.16.5" else s
                for (x, y, z), (_, _, s) in CELLS.items()}
    assert blocks_of(sim) == expected
    assert sim.world.containers == {(11, 60, 11): ((0, "minecraft:tnt", 5),)}
    (moving,) = sim.world.block_entities.ticking + sim.world.block_entities.pending
    assert (moving.pos, str(moving.pushed_block), moving.progress, moving.extending) == (
        (13, 60, 11), "minecraft:lime_wool", 0.5, True)
    sand, tnt = sim.entities
    assert (str(sand.block_state), tuple(sand.pos)) == ("minecraft:red_sand", (10.5, 63.0, 10.5))
    assert (tnt.fuse, tuple(tnt.pos)) == (40, (11.5, 63.0, 12.5))


def test_entity_ids_before_1_13_are_read(tmp_path: Path) -> None:
    """An MCEdit file of 1.8-1.10 names entities the old way (`PrimedTnt`, `FallingSand` with a numeric `TileID`),
    one of 1.11-1.12.2 by the ids 1.13 renamed (`minecraft:xp_orb`): each is read as today's type (the 1.13 data
    fixer's EntityIdFix and EntityTheRenameningBlock); a type the engine does not simulate is unmapped."""
    entities = List[Compound]([
        _entity("PrimedTnt", [0.5, 3.0, 0.5], Fuse=Byte(30)),
        _entity("FallingSand", [1.5, 3.0, 0.5], TileID=Int(12), Data=Byte(1), Time=Byte(1)),
        _entity("minecraft:xp_orb", [2.5, 3.0, 0.5], Value=Short(7)),
        _entity("minecraft:fireworks_rocket", [3.5, 3.0, 0.5], Life=Int(0), LifeTime=Int(20))])
    path = _schematic(tmp_path / "old.schematic", Entities=entities)
    sim = load_scene(_scene(tmp_path, path, "1.12.2", (0, 0, 0)))
    assert [(e.TYPE, tuple(e.pos)) for e in sim.entities] == [
        ("minecraft:tnt", (0.5, 3.0, 0.5)), ("minecraft:falling_block", (1.5, 3.0, 0.5)),
        ("minecraft:experience_orb", (2.5, 3.0, 0.5)), ("minecraft:firework_rocket", (3.5, 3.0, 0.5))]
    tnt, sand, orb, _ = sim.entities
    assert (tnt.fuse, str(sand.block_state), orb.value) == (30, "minecraft:red_sand", 7)
    path = _schematic(tmp_path / "squid.schematic", Entities=List[Compound]([_entity("Squid", [0.5, 3.0, 0.5])]))
    with pytest.raises(SceneError, match="1 have no 1.12.2 equivalent: entity minecraft:Squid ×1"):
        load_scene(_scene(tmp_path, path, "1.12.2"))


def test_unknown_ids_are_reported_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An id 1.12.2 lacks (AddBlocks: 256 + 1) and a data value no state of its id has (torch 0): counted in one
    line, status 2; `allow_unmapped` loads them as air."""
    cells = {**CELLS, (0, 1, 0): (1, 0, ""), (1, 1, 0): (50, 0, "")}
    add = np.zeros((SIZE[0] * SIZE[1] * SIZE[2] + 1) // 2, dtype=np.uint8)
    index = (1 * SIZE[2] + 0) * SIZE[0] + 0    # cell (0, 1, 0), even: the low nibble
    add[index >> 1] = 1
    path = _schematic(tmp_path / "modded.schematic", cells, AddBlocks=ByteArray(add.view(np.int8)))
    code, out, err = cli(capsys, "trace", str(_scene(tmp_path, path, "1.12.2")), "--ticks", "0")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "2 have no 1.12.2 equivalent: block 50 data 0 ×1, block 257 data 0 ×1" in err
    scene = tmp_path / "allowed.toml"
    scene.write_text(f'[scene]\nversion = "1.12.2"\n\n[[schematics]]\nfile = "{path}"\nallow_unmapped = true\n')
    cells_loaded = blocks_of(load_scene(scene))
    assert (0, 1, 0) not in cells_loaded and (1, 1, 0) not in cells_loaded and len(cells_loaded) == len(CELLS)


def test_export_writes_1_12_2_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """scenes/blocks_shapes_1_12_2_names.toml exported as .schematic: nbtlib reads red wool as 35:14, granite as
    1:1, the repeater as 93:6 (delay 2, north: horizontal index 2 + (delay − 1) × 4), the lit lamp as 124:0. Placed
    in a 1.12.2 scene it holds the same blocks but the wall's north side, which 1.12.2 does not save and derives
    from the neighbours (`getActualState`): nothing stands north of it, so that post stands alone and TNT 2 falls
    past it to the floor (1.0); every other entity rests where the scene's does."""
    source = Path(__file__).resolve().parents[2] / "scenes" / "blocks_shapes_1_12_2_names.toml"
    out = tmp_path / "out.schematic"
    assert cli(capsys, "export", str(source), "--out", str(out)) == (0, "", "")
    root = nbtlib.load(out)
    w, length = int(root["Width"]), int(root["Length"])
    ids, data = np.asarray(root["Blocks"]).view(np.uint8), np.asarray(root["Data"]).view(np.uint8)

    def cell(x: int, y: int, z: int) -> tuple[int, int]:   # the export's corner is the blocks' lowest: -2, 0, -2
        k = (y * length + z + 2) * w + x + 2
        return int(ids[k]), int(data[k])

    assert [cell(12, 1, 4), cell(2, 1, 4), cell(4, 1, 4), cell(10, 1, 4)] == [(35, 14), (1, 1), (93, 6), (124, 0)]
    assert sorted(str(e["id"]) for e in root["Entities"]) == ["minecraft:item"] * 7 + ["minecraft:tnt"]
    scene = _scene(tmp_path, out, "1.12.2", (-2, 0, -2))
    ours, theirs = blocks_of(load_scene(source)), blocks_of(load_scene(scene))
    wall = (4, 1, 0)
    assert ours.pop(wall) == "minecraft:cobblestone_wall[east=none,north=low,south=none,up=true,west=none]"
    assert theirs.pop(wall) == "minecraft:cobblestone_wall[east=none,north=none,south=none,up=true,west=none]"
    assert ours == theirs
    rests = []
    for path in (source, scene):
        code, lines, err = cli(capsys, "trace", str(path), "--ticks", "30")
        assert code == 0, err
        rests.append(sorted((e["type"], e["pos"]) for e in json.loads(lines.splitlines()[-1])["entities"]))
    tnt = [5.23, 2.5, -0.30000000000000004]
    assert ("minecraft:tnt", tnt) in rests[0] and ("minecraft:tnt", [5.23, 1.0, tnt[2]]) in rests[1]
    assert [r for r in rests[0] if r[0] != "minecraft:tnt"] == [r for r in rests[1] if r[0] != "minecraft:tnt"]


def test_export_of_a_block_1_12_2_lacks_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "kelp.toml"
    scene.write_text('[[blocks]]\nat = [0, 0, 0]\nblock = "minecraft:honey_block"\n')
    out = tmp_path / "out.schematic"
    code, _, err = cli(capsys, "export", str(scene), "--out", str(out))
    assert code == 2 and err.count("\n") == 1
    assert f"{out}: 1 block states have no 1.12.2 id: minecraft:honey_block" in err and not out.exists()


def test_structure_file_of_1_12_2_uses_its_names(tmp_path: Path) -> None:
    """A structure file saved by 1.12.2 (DataVersion 1343): palette entries in 1.12.2's names and properties; the
    fence's saved `east` is not kept, 1.12.2 derives its sides (air outside the file; a top slab's side is no face
    a fence joins)."""
    root = Compound({
        "DataVersion": Int(1343), "size": List[Int]([3, 1, 1]),
        "palette": List[Compound]([
            Compound({"Name": String("minecraft:wool"), "Properties": Compound({"color": String("lime")})}),
            Compound({"Name": String("minecraft:stone_slab"),
                      "Properties": Compound({"half": String("top"), "variant": String("cobblestone")})}),
            Compound({"Name": String("minecraft:fence"), "Properties": Compound({
                "east": String("true"), "north": String("false"), "south": String("false"),
                "west": String("false")})})]),
        "blocks": List[Compound]([Compound({"state": Int(i), "pos": List[Int]([i, 0, 0])}) for i in range(3)]),
        "entities": List[Compound]([])})
    path = tmp_path / "old.nbt"
    nbtlib.File(root).save(path, gzipped=True)
    assert blocks_of(load_scene(_scene(tmp_path, path, "1.12.2", (0, 0, 0)))) == {
        (0, 0, 0): "minecraft:lime_wool", (1, 0, 0): "minecraft:cobblestone_slab[type=top]",
        (2, 0, 0): "minecraft:oak_fence[east=false,north=false,south=false,west=false]"}


@pytest.mark.parametrize(("name", "root", "message"), [
    ("pocket.schematic", {"Materials": String("Pocket")}, "Materials: 'Pocket' blocks are not read (expected 'Alpha'"),
    ("short.schematic", {"Data": ByteArray([0, 1])}, "Data: holds 2 entries, expected Width × Height × Length = 24"),
    ("wide.schematic", {"Width": String("4")}, "Width: expected Byte/Short/Int/Long, got String"),
])
def test_bad_schematics_are_one_line_errors(name: str, root: dict[str, Any], message: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _schematic(tmp_path / name, **root)
    code, out, err = cli(capsys, "trace", str(path), "--ticks", "1")
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err and str(path) in err, err


def test_junk_schematic_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "junk.schematic"
    path.write_bytes(b"MCEdit? no")
    code, out, err = cli(capsys, "trace", str(path), "--ticks", "1")
    assert code == 2 and out == "" and err.count("\n") == 1 and str(path) in err
