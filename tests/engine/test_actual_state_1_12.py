"""1.12.2's actual states of pre-flattening files (engine.world.actual_state_1_12): `.schematic` and 1.12.2
structure files built here with nbtlib (not by the code under test) hold data values only; once placed, their
fences, gates, panes, walls, stairs, doors and chorus plants have the properties 1.12.2's `getActualState` derives
from the neighbours (MCP 1.12.2), a neighbour outside the file being air; an item rests on a fence's arm."""

from __future__ import annotations

import json
from pathlib import Path

import nbtlib
import numpy as np
import pytest
from nbtlib import Compound, Int, List, Short, String

from engine.tick.scene import load_scene
from tests.conftest import cli
from tests.engine.test_schematics import blocks_of

Cells = dict[tuple[int, int, int], tuple[int, int]]   # (x, y, z) → 1.12.2 id and data value

STONE, GLASS, LEAVES, STAINED_GLASS, END_STONE, SOUL_SAND = (1, 0), (20, 0), (18, 4), (95, 0), (121, 0), (88, 0)
FENCE, NETHER_FENCE, GLASS_PANE, IRON_BARS, STAINED_PANE = (85, 0), (113, 0), (102, 0), (101, 0), (160, 0)
WALL, CHORUS_PLANT, CHORUS_FLOWER = (139, 0), (199, 0), (200, 0)
GATE_SOUTH, GATE_NORTH = (107, 0), (107, 2)   # BlockFenceGate: the horizontal index in bits 0-1
# BlockStairs: bits 0-1 are 5 − the facing's index (east 0, west 1, south 2, north 3), bit 2 the top half
STAIRS = {"east": (53, 0), "west": (53, 1), "south": (53, 2), "north": (53, 3)}
SIDES = ("east", "north", "south", "west")


def _schematic(path: Path, cells: Cells) -> Path:
    """A `.schematic` as MCEdit writes it, just big enough for `cells`: ids and data values indexed
    (y·Length + z)·Width + x."""
    w, h, length = (max(c[i] for c in cells) + 1 for i in range(3))
    ids, data = np.zeros(w * h * length, dtype=np.uint8), np.zeros(w * h * length, dtype=np.uint8)
    for (x, y, z), (block_id, meta) in cells.items():
        ids[(y * length + z) * w + x], data[(y * length + z) * w + x] = block_id, meta
    nbtlib.File(Compound({
        "Width": Short(w), "Height": Short(h), "Length": Short(length), "Materials": String("Alpha"),
        "Blocks": nbtlib.ByteArray(ids.view(np.int8)), "Data": nbtlib.ByteArray(data.view(np.int8)),
        "TileEntities": List[Compound]([]), "Entities": List[Compound]([])}), root_name="Schematic").save(
        path, gzipped=True)
    return path


def _scene(tmp_path: Path, file: Path, version: str = "1.12.2", extra: str = "") -> Path:
    scene = tmp_path / f"{file.stem}_{version}.toml"
    scene.write_text(f'[scene]\nversion = "{version}"\n\n[[schematics]]\nfile = "{file}"\nat = [0, 0, 0]\n{extra}')
    return scene


def _load(tmp_path: Path, cells: Cells, version: str = "1.12.2") -> dict[tuple[int, int, int], str]:
    return blocks_of(load_scene(_scene(tmp_path, _schematic(tmp_path / "f.schematic", cells), version)))


def _sides(name: str, true: str = "", **more: str) -> str:
    """`name` with the sides in `true` (letters e/n/s/w) connected, boolean sides."""
    props = {s: str(s[0] in true).lower() for s in SIDES} | more
    return f"minecraft:{name}[" + ",".join(f"{k}={v}" for k, v in sorted(props.items())) + "]"


@pytest.mark.parametrize("version", ["1.12.2", "1.16.5"])
def test_a_fence_line_beside_stone_and_a_gate(version: str, tmp_path: Path) -> None:
    """BlockFence.canConnectTo: a SOLID face (stone, soul sand; not glass or leaves, the exception list, nor a
    chorus flower, a full cube whose faces are UNDEFINED), a fence of the same
    material (oak to oak, not to nether brick), a gate's side across its facing (either material); air outside
    the file. A 1.16.5 scene reading the same file gets the same sides (and `waterlogged=false`)."""
    cells = {(0, 0, 0): STONE, (1, 0, 0): FENCE, (2, 0, 0): FENCE, (3, 0, 0): NETHER_FENCE, (4, 0, 0): GATE_SOUTH,
             (5, 0, 0): FENCE, (6, 0, 0): GLASS, (7, 0, 0): FENCE, (1, 0, 1): LEAVES, (7, 0, 1): CHORUS_FLOWER,
             (5, 0, 1): SOUL_SAND}
    got = _load(tmp_path, cells, version)
    water = {"waterlogged": "false"} if version == "1.16.5" else {}
    assert [got[(x, 0, 0)] for x in (1, 2, 3, 5, 7)] == [
        _sides("oak_fence", "we", **water), _sides("oak_fence", "w", **water),
        _sides("nether_brick_fence", "e", **water), _sides("oak_fence", "sw", **water),
        _sides("oak_fence", "", **water)]
    assert got[(4, 0, 0)].startswith("minecraft:oak_fence_gate[facing=south,in_wall=false,open=false")


def test_panes_and_bars_beside_glass(tmp_path: Path) -> None:
    """BlockPane.attachesTo: glass is SOLID and not on the pane's exception list (it is on the fence's); a pane
    joins bars and panes (MIDDLE_POLE_THIN), not a fence."""
    cells = {(0, 0, 0): GLASS, (1, 0, 0): GLASS_PANE, (2, 0, 0): IRON_BARS, (3, 0, 0): FENCE, (4, 0, 0): STAINED_PANE,
             (5, 0, 0): STAINED_GLASS, (4, 0, 1): LEAVES}
    got = _load(tmp_path, cells)
    assert [got[(x, 0, 0)] for x in range(1, 5)] == [
        _sides("glass_pane", "we"), _sides("iron_bars", "w"), _sides("oak_fence"),
        _sides("white_stained_glass_pane", "e")]


@pytest.mark.parametrize("version", ["1.12.2", "1.14.4"])
def test_walls_join_gates_and_stand_their_post(version: str, tmp_path: Path) -> None:
    """BlockWall.getActualState: sides to walls, gates and SOLID faces (not glass); the post (`up`) stands unless
    the wall runs straight under air. The 1.12.2 table spells a connected side `low`, 1.14.4's `true`."""
    cells = {(0, 0, 0): GATE_NORTH, (1, 0, 0): WALL, (1, 0, 1): WALL, (1, 0, 2): WALL, (1, 0, 3): STONE,
             (1, 1, 2): STONE, (2, 0, 2): GLASS}
    joined, apart = ("low", "none") if version == "1.12.2" else ("true", "false")

    def wall(up: bool, *sides: str) -> str:
        props = {s: joined if s in sides else apart for s in SIDES} | {"up": str(up).lower()}
        if version != "1.12.2":
            props["waterlogged"] = "false"
        return "minecraft:cobblestone_wall[" + ",".join(f"{k}={v}" for k, v in sorted(props.items())) + "]"

    got = _load(tmp_path, cells, version)
    assert [got[(1, 0, z)] for z in range(3)] == [wall(True, "south", "west"), wall(False, "north", "south"),
                                                  wall(True, "north", "south")]


def test_stairs_corners(tmp_path: Path) -> None:
    """BlockStairs.getStairsShape: stairs turning across in front make an outer corner, behind an inner one, left
    or right by the turn; stairs of the same facing beside it (the side the turn would open) keep it straight; a
    fence joins a straight stairs' back (its SOLID face), not its side."""
    cells = {(1, 0, 1): STAIRS["north"], (1, 0, 0): STAIRS["east"],     # outer right
             (4, 0, 1): STAIRS["north"], (4, 0, 0): STAIRS["west"],     # outer left
             (7, 0, 1): STAIRS["north"], (7, 0, 2): STAIRS["east"],     # inner right
             (10, 0, 1): STAIRS["north"], (10, 0, 2): STAIRS["west"],   # inner left
             (13, 0, 1): STAIRS["north"], (13, 0, 0): STAIRS["east"], (12, 0, 1): STAIRS["north"],
             (16, 0, 1): STAIRS["north"], (16, 0, 0): FENCE, (17, 0, 1): FENCE}
    got = _load(tmp_path, cells)

    def stairs(facing: str, shape: str) -> str:
        return f"minecraft:oak_stairs[facing={facing},half=bottom,shape={shape}]"

    assert [got[(x, 0, 1)] for x in (1, 4, 7, 10, 13, 12, 16)] == [
        stairs("north", "outer_right"), stairs("north", "outer_left"), stairs("north", "inner_right"),
        stairs("north", "inner_left"), stairs("north", "straight"), stairs("north", "straight"),
        stairs("north", "straight")]
    assert [got[p] for p in ((1, 0, 0), (7, 0, 2), (13, 0, 0))] == [stairs("east", "straight")] * 3
    assert (got[(16, 0, 0)], got[(17, 0, 1)]) == (_sides("oak_fence", "s"), _sides("oak_fence"))


def test_door_halves_take_each_others_properties(tmp_path: Path) -> None:
    """BlockDoor.getActualState: the lower half (facing south, open) takes the upper's hinge (right); the upper
    takes the lower's facing and open; an upper half without its lower keeps the default facing (north)."""
    cells = {(0, 0, 0): (64, 5), (0, 1, 0): (64, 9), (2, 0, 0): STONE, (2, 1, 0): (64, 9)}
    got = _load(tmp_path, cells)
    door = "minecraft:oak_door[facing={},half={},hinge=right,open={},powered=false]"
    assert [got[(0, 0, 0)], got[(0, 1, 0)], got[(2, 1, 0)]] == [
        door.format("south", "lower", "true"), door.format("south", "upper", "true"),
        door.format("north", "upper", "false")]


def test_chorus_plants_join_plants_flowers_and_end_stone(tmp_path: Path) -> None:
    """BlockChorusPlant.getActualState: each side joins a plant or a flower, the bottom end stone too."""
    cells = {(0, 0, 0): END_STONE, (0, 1, 0): CHORUS_PLANT, (0, 2, 0): CHORUS_PLANT, (1, 2, 0): CHORUS_FLOWER}
    got = _load(tmp_path, cells)
    plant = "minecraft:chorus_plant[down=true,east={},north=false,south=false,up={},west=false]"
    assert [got[(0, 1, 0)], got[(0, 2, 0)]] == [plant.format("false", "true"), plant.format("true", "false")]


def test_chests_join_a_chest_beside_them(tmp_path: Path) -> None:
    """BlockChest.getBoundingBox reaches to the same chest beside it (north, south, west, east first): two chests
    facing north side by side are 1.16.5's left (west) and right halves; a trapped chest joins no chest; two
    chests joined along their facing (east) have no such state and stay single."""
    cells = {(0, 0, 0): (54, 2), (1, 0, 0): (54, 2), (2, 0, 0): (146, 2), (0, 0, 2): (54, 5), (1, 0, 2): (54, 5)}
    got = _load(tmp_path, cells)
    assert [got[p] for p in ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 0, 2), (1, 0, 2))] == [
        "minecraft:chest[facing=north,type=left]", "minecraft:chest[facing=north,type=right]",
        "minecraft:trapped_chest[facing=north,type=single]", "minecraft:chest[facing=east,type=single]",
        "minecraft:chest[facing=east,type=single]"]


def test_structure_file_of_1_12_2_derives_too(tmp_path: Path) -> None:
    """A structure file saved by 1.12.2 (DataVersion 1343) stores each block's state with the derived properties
    at their defaults: its door pair is derived as the schematic's."""
    palette = [Compound({"Name": String("minecraft:wooden_door"), "Properties": Compound({
        "facing": String(f), "half": String(h), "hinge": String(g), "open": String(o), "powered": String("false")})})
        for f, h, g, o in (("south", "lower", "left", "true"), ("north", "upper", "right", "false"))]
    root = Compound({"DataVersion": Int(1343), "size": List[Int]([1, 2, 1]), "palette": List[Compound](palette),
                     "blocks": List[Compound]([Compound({"state": Int(i), "pos": List[Int]([0, i, 0])})
                                               for i in range(2)]),
                     "entities": List[Compound]([])})
    path = tmp_path / "door.nbt"
    nbtlib.File(root).save(path, gzipped=True)
    got = blocks_of(load_scene(_scene(tmp_path, path)))
    door = "minecraft:oak_door[facing=south,half={},hinge=right,open=true,powered=false]"
    assert got == {(0, 0, 0): door.format("lower"), (0, 1, 0): door.format("upper")}


def test_an_item_rests_on_a_fence_arm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two oak fences on stone, read from a `.schematic`: 1.12.2 joins them, so an item dropped over the arms
    between the posts (x 1.875..2.125, clear of both posts) rests on them at 2.5 (1.5 above the stone); unjoined,
    as the file stores them, it would fall to the stone at 1.0."""
    cells = {(x, 0, 0): STONE for x in range(4)} | {(1, 1, 0): FENCE, (2, 1, 0): FENCE}
    path = _schematic(tmp_path / "fences.schematic", cells)
    item = '\n[[entities]]\ntype = "minecraft:item"\nitem = "minecraft:stone"\npos = [2.0, 4.0, 0.5]\n'
    code, out, err = cli(capsys, "trace", str(_scene(tmp_path, path, extra=item)), "--ticks", "40")
    assert code == 0, err
    (entity,) = json.loads(out.splitlines()[-1])["entities"]
    assert entity["pos"][1] == 2.5
