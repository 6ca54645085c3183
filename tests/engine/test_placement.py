"""Schematic placement turned and mirrored (engine/schematics/placement.py): block states against the 1.16.5
classes' own `rotate`/`mirror` tables (expected states written from those tables, quirks included), positions and
entities as `Structure.transformAround` and `spawnEntities` place them, whole files turned back to themselves, and
one-line refusals of a bad `rotate` or `mirror`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import litemapy
import numpy as np
import pytest
from nbtlib import Double, Float, List, Short

from engine.schematics import read_schematic
from engine.schematics.mapping import Region, Schematic
from engine.schematics.placement import MIRRORS, mirror_state, rotate_state, transform, transform_pos, transform_state
from engine.tick.scene import load_scene
from engine.world import blocks
from engine.world.blocks import parse_block_state
from tests.conftest import shared_file
from tests.engine.test_schematic_lift import blocks_of
from viewer.cli import main

REPO = Path(__file__).resolve().parents[2]
CW, CW180, CCW = 1, 2, 3   # BlockRotation.CLOCKWISE_90, CLOCKWISE_180, COUNTERCLOCKWISE_90


def state(text: str) -> str:
    return str(parse_block_state(text))


# (state, rotation, expected), written from RailBlock/PoweredRailBlock/DetectorRailBlock.rotate, StairsBlock,
# HorizontalFacingBlock, PistonBlock, DoorBlock, RedstoneWireBlock, HorizontalConnectingBlock, WallBlock, SignBlock,
# SkullBlock, BannerBlock, PillarBlock, VineBlock, MushroomBlock, AnvilBlock, JigsawBlock (1.16.5)
ROTATED = [
    ("rail[shape=ascending_east]", CW, "rail[shape=ascending_south]"),
    ("rail[shape=ascending_north]", CW, "rail[shape=ascending_east]"),
    ("rail[shape=ascending_west]", CCW, "rail[shape=ascending_south]"),
    ("rail[shape=ascending_south]", CW180, "rail[shape=ascending_north]"),
    ("rail[shape=south_east]", CW, "rail[shape=south_west]"),
    ("rail[shape=north_east]", CW, "rail[shape=south_east]"),
    ("rail[shape=south_west]", CCW, "rail[shape=south_east]"),
    ("rail[shape=north_west]", CW180, "rail[shape=south_east]"),
    ("rail[shape=north_south]", CW, "rail[shape=east_west]"),
    ("rail[shape=east_west]", CCW, "rail[shape=north_south]"),
    # the CLOCKWISE_180 case has no straight shapes: the switch falls through to COUNTERCLOCKWISE_90's
    ("rail[shape=north_south]", CW180, "rail[shape=east_west]"),
    ("powered_rail[shape=east_west,powered=true]", CW180, "powered_rail[shape=north_south,powered=true]"),
    ("detector_rail[shape=north_south]", CW180, "detector_rail[shape=east_west]"),
    ("activator_rail[shape=ascending_east]", CCW, "activator_rail[shape=ascending_north]"),
    ("oak_stairs[facing=north,shape=inner_left,half=top]", CW, "oak_stairs[facing=east,shape=inner_left,half=top]"),
    ("oak_stairs[facing=east,shape=outer_right]", CW180, "oak_stairs[facing=west,shape=outer_right]"),
    ("repeater[facing=north,delay=3]", CW, "repeater[facing=east,delay=3]"),
    ("comparator[facing=west,mode=subtract]", CCW, "comparator[facing=south,mode=subtract]"),
    ("piston[facing=east]", CW, "piston[facing=south]"),
    ("sticky_piston[facing=up,extended=true]", CW, "sticky_piston[facing=up,extended=true]"),
    ("piston_head[facing=south,type=sticky]", CCW, "piston_head[facing=east,type=sticky]"),
    ("observer[facing=down]", CW180, "observer[facing=down]"),
    ("observer[facing=north]", CW180, "observer[facing=south]"),
    ("hopper[facing=west]", CW, "hopper[facing=north]"),
    ("oak_door[facing=north,hinge=left,half=upper]", CW, "oak_door[facing=east,hinge=left,half=upper]"),
    ("white_bed[facing=south,part=head]", CW, "white_bed[facing=west,part=head]"),
    ("lever[face=wall,facing=east]", CCW, "lever[face=wall,facing=north]"),
    ("redstone_wire[north=side,east=up,power=7]", CW, "redstone_wire[east=side,south=up,power=7]"),
    ("redstone_wire[north=side,west=up]", CCW, "redstone_wire[west=side,south=up]"),
    ("oak_fence[north=true,west=true]", CW, "oak_fence[east=true,north=true]"),
    ("glass_pane[east=true]", CW180, "glass_pane[west=true]"),
    ("cobblestone_wall[north=tall,east=low,up=true]", CW, "cobblestone_wall[east=tall,south=low,up=true]"),
    ("vine[north=true,up=true]", CCW, "vine[west=true,up=true]"),
    ("red_mushroom_block[north=false,up=false]", CW, "red_mushroom_block[east=false,up=false]"),
    ("oak_sign[rotation=3]", CW, "oak_sign[rotation=7]"),
    ("oak_sign[rotation=14]", CW180, "oak_sign[rotation=6]"),
    ("skeleton_skull[rotation=1]", CCW, "skeleton_skull[rotation=13]"),
    ("white_banner[rotation=15]", CW, "white_banner[rotation=3]"),
    ("oak_log[axis=x]", CW, "oak_log[axis=z]"),
    ("oak_log[axis=y]", CW, "oak_log[axis=y]"),
    ("oak_log[axis=z]", CW180, "oak_log[axis=z]"),
    ("nether_portal[axis=x]", CCW, "nether_portal[axis=z]"),
    ("anvil[facing=north]", CW, "anvil[facing=east]"),
    ("chest[facing=north,type=left]", CW, "chest[facing=east,type=left]"),
    ("jigsaw[orientation=up_north]", CW, "jigsaw[orientation=up_east]"),
    ("bell[facing=north,attachment=floor]", CW, "bell[facing=north,attachment=floor]"),   # BellBlock: no rotate
    ("beehive[facing=east]", CW, "beehive[facing=east]"),
    ("fire[north=true]", CW, "fire[north=true]"),
]

# (state, mirror, expected): "x" is BlockMirror.FRONT_BACK, "z" LEFT_RIGHT
MIRRORED = [
    # StairsBlock.mirror: along the mirrored axis the stair turns round; LEFT_RIGHT swaps every left/right shape,
    # FRONT_BACK only the outer ones; across it nothing changes
    ("oak_stairs[facing=north,shape=inner_left]", "z", "oak_stairs[facing=south,shape=inner_right]"),
    ("oak_stairs[facing=south,shape=outer_right]", "z", "oak_stairs[facing=north,shape=outer_left]"),
    ("oak_stairs[facing=north,shape=straight]", "z", "oak_stairs[facing=south,shape=straight]"),
    ("oak_stairs[facing=east,shape=inner_left]", "x", "oak_stairs[facing=west,shape=inner_left]"),
    ("oak_stairs[facing=east,shape=inner_right]", "x", "oak_stairs[facing=west,shape=inner_right]"),
    ("oak_stairs[facing=west,shape=outer_left]", "x", "oak_stairs[facing=east,shape=outer_right]"),
    ("oak_stairs[facing=east,shape=inner_left]", "z", "oak_stairs[facing=east,shape=inner_left]"),
    ("oak_stairs[facing=north,shape=outer_left]", "x", "oak_stairs[facing=north,shape=outer_left]"),
    ("rail[shape=ascending_north]", "z", "rail[shape=ascending_south]"),
    ("rail[shape=ascending_north]", "x", "rail[shape=ascending_north]"),
    ("rail[shape=ascending_east]", "x", "rail[shape=ascending_west]"),
    ("rail[shape=south_east]", "z", "rail[shape=north_east]"),
    ("rail[shape=south_east]", "x", "rail[shape=south_west]"),
    ("rail[shape=north_west]", "x", "rail[shape=north_east]"),
    ("rail[shape=north_south]", "z", "rail[shape=north_south]"),
    ("detector_rail[shape=ascending_south]", "z", "detector_rail[shape=ascending_north]"),
    ("repeater[facing=north]", "z", "repeater[facing=south]"),
    ("repeater[facing=north]", "x", "repeater[facing=north]"),
    ("piston[facing=west]", "x", "piston[facing=east]"),
    ("end_rod[facing=east]", "x", "end_rod[facing=west]"),
    ("observer[facing=up]", "x", "observer[facing=up]"),
    # DoorBlock.mirror cycles the hinge on either mirror, and turns the door only along the mirrored axis
    ("oak_door[facing=north,hinge=left]", "z", "oak_door[facing=south,hinge=right]"),
    ("oak_door[facing=north,hinge=right]", "x", "oak_door[facing=north,hinge=left]"),
    ("redstone_wire[north=side,east=up]", "z", "redstone_wire[south=side,east=up]"),
    ("redstone_wire[north=side,east=up]", "x", "redstone_wire[north=side,west=up]"),
    ("oak_fence[north=true,east=true]", "x", "oak_fence[north=true,west=true]"),
    ("cobblestone_wall[south=tall]", "z", "cobblestone_wall[north=tall]"),
    ("brown_mushroom_block[east=false]", "x", "brown_mushroom_block[west=false]"),
    ("oak_sign[rotation=3]", "x", "oak_sign[rotation=13]"),
    ("oak_sign[rotation=3]", "z", "oak_sign[rotation=5]"),
    ("oak_sign[rotation=9]", "z", "oak_sign[rotation=15]"),
    ("oak_sign[rotation=0]", "x", "oak_sign[rotation=0]"),
    ("oak_sign[rotation=8]", "z", "oak_sign[rotation=0]"),
    ("chest[facing=east,type=left]", "x", "chest[facing=west,type=left]"),   # ChestBlock keeps its type
    ("anvil[facing=north]", "z", "anvil[facing=north]"),                      # AnvilBlock: no mirror
    ("jigsaw[orientation=east_up]", "x", "jigsaw[orientation=west_up]"),
    ("oak_log[axis=x]", "x", "oak_log[axis=x]"),
]


@pytest.mark.parametrize(("text", "rotation", "expected"), ROTATED)
def test_rotate_state_as_the_block_class(text: str, rotation: int, expected: str) -> None:
    assert str(rotate_state(parse_block_state(text), rotation)) == state(expected)


@pytest.mark.parametrize(("text", "mirror", "expected"), MIRRORED)
def test_mirror_state_as_the_block_class(text: str, mirror: str, expected: str) -> None:
    assert str(mirror_state(parse_block_state(text), mirror)) == state(expected)


def test_four_quarter_turns_and_two_mirrors_give_every_state_back() -> None:
    """Every table is a permutation of its block's states: four CLOCKWISE_90 (or COUNTERCLOCKWISE_90) turns and a
    mirror done twice give each of the 17,112 states back."""
    changed = 0
    for s in blocks.all_states():
        for r in (CW, CCW):
            t = s
            for _ in range(4):
                t = rotate_state(t, r)
            assert t is s, (s, r)
        for m in ("x", "z"):
            assert mirror_state(mirror_state(s, m), m) is s, (s, m)
        changed += rotate_state(s, CW) is not s
    assert changed > 10_000   # most states have a direction


# --- positions and entities, on a file built by litemapy ---
def built(tmp_path: Path) -> Path:
    """A litematic: a piston at (2, 5, 1), a stair and a rail above it, a TNT at (0.5, 2.0, 0.25) facing 30°."""
    region = litemapy.Region(0, 0, 0, 3, 7, 2)
    region[2, 5, 1] = litemapy.BlockState("minecraft:piston", facing="east", extended="false")
    region[2, 6, 1] = litemapy.BlockState("minecraft:oak_stairs", facing="north", half="bottom",
                                          shape="inner_left", waterlogged="false")
    region[0, 6, 0] = litemapy.BlockState("minecraft:rail", shape="north_south", waterlogged="false")
    tnt = litemapy.Entity("minecraft:tnt")
    tnt.data["Pos"] = List[Double]([0.5, 2.0, 0.25])
    tnt.data["Motion"] = List[Double]([0.1, 0.2, -0.02])
    tnt.data["Rotation"] = List[Float]([30.0, 0.0])
    tnt.data["Fuse"] = Short(40)
    region.entities.append(tnt)
    path = tmp_path / "built.litematic"
    region.as_schematic(name="built").save(str(path))
    return path


def placed(tmp_path: Path, path: Path, **keys: Any) -> Any:
    scene = tmp_path / "s.toml"
    extra = "".join(f"{k} = {json.dumps(v)}\n" for k, v in keys.items())
    scene.write_text(f'[[schematics]]\nfile = "{path}"\nat = [10, 0, 20]\n{extra}')
    return load_scene(scene)


@pytest.mark.parametrize(("keys", "piston", "facing", "rail", "pos", "yaw"), [
    # Structure.transformAround about the origin cell, then `at` added; the yaw as spawnEntities gives it:
    # applyMirror(mirror) + (yaw - applyRotation(rotation)), which turns a plain entity the other way
    ({}, (12, 5, 21), "east", "north_south", (10.5, 2.0, 20.25), 30.0),
    ({"rotate": 90}, (9, 5, 22), "south", "east_west", (10.75, 2.0, 20.5), -60.0),
    ({"rotate": -270}, (9, 5, 22), "south", "east_west", (10.75, 2.0, 20.5), -60.0),
    ({"rotate": 180}, (8, 5, 19), "west", "east_west", (10.5, 2.0, 20.75), -150.0),
    ({"rotate": 270}, (11, 5, 18), "north", "east_west", (10.25, 2.0, 20.5), -240.0),
    ({"mirror": "x"}, (8, 5, 21), "west", "north_south", (10.5, 2.0, 20.25), 150.0),
    ({"mirror": "z"}, (12, 5, 19), "east", "north_south", (10.5, 2.0, 20.75), -30.0),
    ({"mirror": "z", "rotate": 90}, (11, 5, 22), "south", "east_west", (10.25, 2.0, 20.5), -120.0),
])
def test_placed_blocks_and_entity(tmp_path: Path, keys: dict[str, Any], piston: tuple[int, int, int], facing: str,
                                  rail: str, pos: tuple[float, float, float], yaw: float) -> None:
    sim = placed(tmp_path, built(tmp_path), **keys)
    got = blocks_of(sim)
    assert got[piston] == state(f"piston[facing={facing}]")
    assert got[(10, 6, 20)] == state(f"rail[shape={rail}]")   # the origin cell stays where it is
    assert len(got) == 3
    (tnt,) = sim.entities
    assert tuple(tnt.pos) == pos and tnt.yaw == yaw
    assert tuple(tnt.motion) == (0.1, 0.2, -0.02) and tnt.fuse == 40   # Motion is copied as the file has it


@pytest.mark.parametrize(("entity", "rotate", "mirror", "yaw"), [
    # Entity: applyMirror gives -f (z) or 180 - f (x), applyRotation f + 90 per quarter turn clockwise
    ("minecraft:tnt", 90, "none", -80.0),
    ("minecraft:tnt", 270, "none", -260.0),
    ("minecraft:tnt", 180, "x", -10.0),
    ("minecraft:tnt", 0, "z", -10.0),
    # AbstractDecorationEntity (a knot faces south): applyRotation answers f + 270 for a clockwise turn, and
    # applyMirror is applyRotation(mirror.getRotation(facing)): a half turn for a mirror in z, none in x
    ("minecraft:leash_knot", 90, "none", -260.0),
    ("minecraft:leash_knot", 0, "z", 190.0),
    ("minecraft:leash_knot", 0, "x", 10.0),
    ("minecraft:leash_knot", 270, "z", 100.0),
])
def test_yaw_as_structure_placement_gives_it(entity: str, rotate: int, mirror: str, yaw: float) -> None:
    """A yaw of 10 in the file; the sum of Structure.spawnEntities, applyMirror(m) + (yaw - applyRotation(r)),
    which refreshPositionAndAngles sets as it is (not wrapped)."""
    schem = Schematic(entities=[{"type": entity, "pos": [0.5, 0.0, 0.5], "yaw": 10.0}])
    assert transform(schem, rotate, mirror).entities[0]["yaw"] == yaw


def test_mirrored_stairs_shapes_in_place(tmp_path: Path) -> None:
    """The stair above the piston (facing north, inner_left): mirrored in z it turns south and becomes inner_right;
    mirrored in x it stays (its facing lies across the mirror); mirror z then a quarter turn: west, inner_right."""
    path = built(tmp_path)
    assert blocks_of(placed(tmp_path, path, mirror="z"))[(12, 6, 19)] == state(
        "oak_stairs[facing=south,shape=inner_right]")
    assert blocks_of(placed(tmp_path, path, mirror="x"))[(8, 6, 21)] == state(
        "oak_stairs[facing=north,shape=inner_left]")
    assert blocks_of(placed(tmp_path, path, mirror="z", rotate=90))[(11, 6, 22)] == state(
        "oak_stairs[facing=west,shape=inner_right]")


# --- a real file turned back to itself ---
def regions(schem: Any) -> list[tuple[tuple[int, int, int], bytes, tuple[int, ...]]]:
    return [(r.corner, r.ids.tobytes(), r.ids.shape) for r in schem.regions]


def test_simple_house_turned_and_mirrored_back_to_itself() -> None:
    """SimpleHouse.litematic (saved by Litematica): four quarter turns and two mirrors give it back; a half turn
    is mirror x then mirror z (its stairs are straight and its rails none, where vanilla's tables differ)."""
    house = read_schematic(shared_file("schematics", "SimpleHouse.litematic"))
    turned = house
    for _ in range(4):
        turned = transform(turned, 90)
        assert regions(turned) != regions(house) or _ == 3
    assert regions(turned) == regions(house)
    for m in ("x", "z"):
        assert regions(transform(transform(house, 0, m), 0, m)) == regions(house)
    assert regions(transform(house, 180)) == regions(transform(transform(house, 0, "x"), 0, "z"))
    assert regions(transform(house, 270)) == regions(transform(transform(house, 180), 90))
    door = parse_block_state("spruce_door[facing=north,half=lower,hinge=left,open=false,powered=false]")
    assert door.id in house.regions[0].ids
    # the door turns with the house and a mirror moves its hinge
    assert parse_block_state("spruce_door[facing=south,half=lower,hinge=left]").id in \
        transform(house, 180).regions[0].ids
    assert parse_block_state("spruce_door[facing=north,half=lower,hinge=right]").id in \
        transform(house, 0, "x").regions[0].ids


def test_half_turn_is_not_two_mirrors_where_vanilla_tables_differ() -> None:
    """A straight rail turned 180° becomes the other straight rail (the switch falls through), and a stair with an
    inner shape keeps it on a half turn but swaps it mirrored in z: mirror x then z is not a half turn there."""
    rail = parse_block_state("rail[shape=north_south]")
    stair = parse_block_state("oak_stairs[facing=north,shape=inner_left]")
    assert str(rotate_state(rail, CW180)) == state("rail[shape=east_west]")
    assert mirror_state(mirror_state(rail, "x"), "z") is rail
    assert str(rotate_state(stair, CW180)) == state("oak_stairs[facing=south,shape=inner_left]")
    assert str(mirror_state(mirror_state(stair, "x"), "z")) == state("oak_stairs[facing=south,shape=inner_right]")


def test_regions_off_the_origin_move_cell_by_cell() -> None:
    """Two regions with corners off the origin (as Litematica sub-regions and Sponge offsets give them): after
    each of the twelve placements every cell holds the turned state of the cell the position rule sends there
    (the rule itself is checked against literal positions above), and the dispenser's contents move with it."""
    rng = np.random.default_rng(7)
    states = [parse_block_state(t) for t in ("repeater[facing=north]", "oak_stairs[facing=east,shape=outer_left]",
                                             "rail[shape=south_east]", "stone", "dispenser[facing=up]")]
    regions = [Region((-3, 2, 5), rng.choice([0, *(s.id for s in states)], size=(2, 3, 4)).astype(np.uint16)),
               Region((4, 0, -2), rng.choice([0, *(s.id for s in states)], size=(1, 5, 2)).astype(np.uint16))]
    schem = Schematic(regions=regions, containers={(4, 0, -2): ((0, "minecraft:tnt", 3),)})

    def cells_of(sc: Schematic) -> dict[tuple[int, int, int], int]:
        out = {}
        for r in sc.regions:
            for y, z, x in zip(*np.nonzero(r.ids), strict=True):
                out[(r.corner[0] + int(x), r.corner[1] + int(y), r.corner[2] + int(z))] = int(r.ids[y, z, x])
        return out

    before = cells_of(schem)
    for degrees, rotation in ((0, 0), (90, CW), (180, CW180), (270, CCW)):
        for m in MIRRORS:
            placed_ = transform(schem, degrees, m)
            expected = {transform_pos(p, rotation, m): transform_state(blocks.state_by_id(i), rotation, m).id
                        for p, i in before.items()}
            assert cells_of(placed_) == expected, (degrees, m)
            assert list(placed_.containers) == [transform_pos((4, 0, -2), rotation, m)]


def test_transform_leaves_the_schematic_it_is_given() -> None:
    house = read_schematic(shared_file("schematics", "SimpleHouse.litematic"))
    before = regions(house)
    transform(house, 90, "x")
    assert regions(house) == before and transform(house) is house


# --- a bundled contraption placed mirrored and turned ---
def test_turned_flying_machine_flies_as_the_original_turned() -> None:
    """scenes/redstone_flying_machine_turned.toml places the flying machine's file mirrored in z and turned 90°:
    a cell (x, y, z) lands on (z, y, x), pistons facing east face south and those facing west face north. Every
    tick's block changes are the original scene's so mapped, for 90 ticks (it stops at its wall in both); the armor
    stand stands at the mapped place with the yaw spawnEntities gives it (-0 - 90)."""
    def run(name: str) -> tuple[Any, list[list[tuple[tuple[int, ...], str]]]]:
        sim = load_scene(REPO / "scenes" / name)
        return sim, [sorted((tuple(e["pos"]), e["to"]) for e in sim.tick().events if e["kind"] == "block_changed")
                     for _ in range(90)]

    _, east = run("redstone_flying_machine.toml")
    turned, south = run("redstone_flying_machine_turned.toml")
    faced = {"facing=east": "facing=south", "facing=west": "facing=north"}

    def mapped(pos: tuple[int, ...], to: str) -> tuple[tuple[int, ...], str]:
        for a, b in faced.items():
            to = to.replace(a, b)
        return (pos[2], pos[1], pos[0]), to

    assert sum(map(len, east)) > 200
    assert south == [sorted(mapped(p, to) for p, to in tick) for tick in east]
    (stand,) = turned.entities
    assert tuple(stand.pos) == (-1.5, 1.0, 4.5) and stand.yaw == -90.0


# --- bad input: one line, status 2 ---
@pytest.mark.parametrize(("line", "message"), [
    ("rotate = 45", "schematics[0].rotate: expected a multiple of 90 (degrees clockwise seen from above: 0, 90, 180 "
                    "or 270), got 45"),
    ("rotate = 90.0", "schematics[0].rotate: expected an integer, got 90.0"),
    ('mirror = "y"', "schematics[0].mirror: expected one of 'none', 'x', 'z' (\"x\" flips x, \"z\" flips z), got 'y'"),
    ("mirror = true", "schematics[0].mirror: expected a string, got True"),
])
def test_bad_rotate_or_mirror_is_one_line(line: str, message: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "s.toml"
    scene.write_text(f'[[schematics]]\nfile = "{built(tmp_path)}"\n{line}\n')
    code = main(["trace", str(scene), "--ticks", "1"])
    err = capsys.readouterr().err
    assert code == 2 and err == f"tickscope: {scene}: {message}\n"


def test_mirrors_are_the_documented_three() -> None:
    assert MIRRORS == ("none", "x", "z")
