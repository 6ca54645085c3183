"""1.12.2's own block names in a 1.12.2 scene (engine.world.block_names_1_12; docs/block-tables.md "1.12.2's own
names"): each maps to a state of the 1.12.2 table, so a scene in them runs as the same scene in 1.16.5's names;
the table's names keep their meaning; a wrong name, property or value is one line and status 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.tick.scene import load_scene, load_scene_text
from engine.world.blocks import BlockStateError, parse_block_state
from tests.conftest import assert_regenerated, cli
from tests.engine.test_schematics import blocks_of

SCENE = Path(__file__).resolve().parents[2] / "scenes" / "blocks_shapes_1_12_2_names.toml"
# each block string of the scene → the same state in 1.16.5's names (written here from the game's names, not read
# from the table under test)
IN_1_16_5_NAMES = {
    "minecraft:stone[variant=stone]": "minecraft:stone",
    "minecraft:cauldron[level=0]": "minecraft:cauldron",
    "minecraft:cobblestone_wall[north=true,up=true,variant=cobblestone]": "minecraft:cobblestone_wall[north=low]",
    "minecraft:anvil[damage=0,facing=north]": "minecraft:anvil[facing=north]",
    "minecraft:stone_slab[half=bottom,variant=stone]": "minecraft:smooth_stone_slab[type=bottom]",
    "minecraft:stone[variant=granite]": "minecraft:granite",
    "minecraft:unpowered_repeater[delay=2,facing=north,locked=false]": "minecraft:repeater[delay=2,facing=north]",
    "minecraft:lit_redstone_lamp": "minecraft:redstone_lamp[lit=true]",
    "minecraft:wool 14": "minecraft:red_wool",
}
TICKS = 30


def _in_1_16_5_names(text: str) -> str:
    for old, new in IN_1_16_5_NAMES.items():
        assert f'"{old}"' in text, old
        text = text.replace(f'"{old}"', f'"{new}"')
    return text


def test_scene_in_1_12_2_names_runs_as_in_1_16_5_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """scenes/blocks_shapes_1_12_2_names.toml: the same world, cell by cell, and the same trace, line for line, as
    the scene with each block in 1.16.5's names; the items rest on 1.12.2's shapes (cauldron legs 1.3125, the wall
    2.5, the frame 1.8125, the anvil 2.0, a bottom slab 1.5, a repeater 1.125, piston and wool 2.0)."""
    text = SCENE.read_text(encoding="utf-8")
    renamed = tmp_path / "renamed.toml"
    renamed.write_text(_in_1_16_5_names(text), encoding="utf-8")
    ours, theirs = load_scene(SCENE), load_scene(renamed)
    assert blocks_of(ours) == blocks_of(theirs) and len(blocks_of(ours)) == 17 * 8 + 12
    traces = []
    for path in (SCENE, renamed):
        code, out, err = cli(capsys, "trace", str(path), "--ticks", str(TICKS))
        assert code == 0, err
        traces.append(out)
    assert traces[0] == traces[1]
    last = json.loads(traces[0].splitlines()[-1])
    assert {e["id"]: e["pos"][1] for e in last["entities"]} == {
        1: 1.3125, 2: 2.5, 3: 1.8125, 4: 2.0, 5: 1.5, 6: 1.125, 7: 2.0, 8: 2.0}


@pytest.mark.parametrize(("text", "state"), [
    ("minecraft:wool[color=red]", "minecraft:red_wool"),
    ("wool[color=silver]", "minecraft:light_gray_wool"),
    ("minecraft:stone[variant=smooth_andesite]", "minecraft:polished_andesite"),
    ("minecraft:stone_slab[half=top,variant=brick]", "minecraft:brick_slab[type=top]"),
    ("minecraft:double_stone_slab[seamless=true,variant=stone]", "minecraft:smooth_stone"),
    ("minecraft:log[axis=x,variant=birch]", "minecraft:birch_log[axis=x]"),
    ("minecraft:powered_repeater[delay=4,facing=east]", "minecraft:repeater[delay=4,facing=east,locked=false,"
                                                        "powered=true]"),
    ("minecraft:sticky_piston[extended=true,facing=down]", "minecraft:sticky_piston[extended=true,facing=down]"),
    ("minecraft:flowing_water[level=9]", "minecraft:water[level=9]"),
    ("minecraft:snow_layer[layers=3]", "minecraft:snow[layers=3]"),
    ("minecraft:standing_sign[rotation=4]", "minecraft:oak_sign[rotation=4]"),
    # left-out properties take 1.12.2's default state's (setDefaultState): a torch stands, a pillar lies along x
    ("minecraft:torch", "minecraft:torch"),
    ("minecraft:torch[facing=east]", "minecraft:wall_torch[facing=east]"),
    ("minecraft:purpur_pillar[axis=z]", "minecraft:purpur_pillar[axis=z]"),
    ("minecraft:tallgrass", "minecraft:dead_bush"),
    ("minecraft:unpowered_repeater", "minecraft:repeater[delay=1,facing=north,locked=false,powered=false]"),
    # a data value, as 1.12.2's /setblock takes it
    ("minecraft:wool 14", "minecraft:red_wool"),
    ("minecraft:torch 5", "minecraft:torch"),
    ("minecraft:stone 0", "minecraft:stone"),
    # a data value's own state (getStateFromMeta), where legacy.json says otherwise
    ("minecraft:oak_stairs 0", "minecraft:oak_stairs[facing=east,half=bottom,shape=straight]"),
    ("minecraft:unpowered_comparator 8", "minecraft:comparator[facing=south,mode=compare,powered=true]"),
    ("minecraft:wooden_door 0", "minecraft:oak_door[facing=east,half=lower,hinge=left,open=false,powered=false]"),
])
def test_1_12_2_names_map_to_the_table(text: str, state: str) -> None:
    assert str(parse_block_state(text, "1.12.2")) == state


@pytest.mark.parametrize(("text", "state"), [
    # properties derived from the neighbours: kept where the table's block has them
    ("minecraft:fence[east=true,north=true]", "minecraft:oak_fence[east=true,north=true,south=false,west=false]"),
    ("minecraft:redstone_wire[power=3,east=side,west=up]",
     "minecraft:redstone_wire[east=side,north=none,power=3,south=none,west=up]"),
    ("minecraft:oak_stairs[facing=south,shape=outer_left]",
     "minecraft:oak_stairs[facing=south,half=bottom,shape=outer_left]"),
    ("minecraft:wooden_door[half=upper,hinge=right,facing=west,open=true]",
     "minecraft:oak_door[facing=west,half=upper,hinge=right,open=true,powered=false]"),
    ("minecraft:cobblestone_wall[east=true,up=false]",
     "minecraft:cobblestone_wall[east=low,north=none,south=none,up=false,west=none]"),
    ("minecraft:grass[snowy=true]", "minecraft:grass_block[snowy=true]"),
    # ... and dropped where it has none: a pot's content is its block entity's (the pot's shape either way)
    ("minecraft:flower_pot[contents=cactus]", "minecraft:flower_pot"),
])
def test_derived_properties_are_kept_where_the_table_has_them(text: str, state: str) -> None:
    assert str(parse_block_state(text, "1.12.2")) == state


def test_the_table_s_names_come_first() -> None:
    """A name of both (grass, snow) means the table's block, as in the releases that share the scene; 1.12.2's
    reading applies where the table cannot read the string (a property only 1.12.2's block has, a data value)."""
    assert str(parse_block_state("minecraft:grass", "1.12.2")) == "minecraft:grass"
    assert str(parse_block_state("minecraft:grass 0", "1.12.2")) == "minecraft:grass_block[snowy=false]"
    assert str(parse_block_state("minecraft:snow", "1.12.2")) == "minecraft:snow[layers=1]"
    assert str(parse_block_state("minecraft:snow 0", "1.12.2")) == "minecraft:snow_block"
    assert str(parse_block_state("minecraft:tnt[unstable=true]", "1.12.2")) == "minecraft:tnt[unstable=true]"
    assert str(parse_block_state("minecraft:tnt[explode=true]", "1.12.2")) == "minecraft:tnt[unstable=true]"
    assert parse_block_state("minecraft:tnt[explode=true]", "1.12.2") is parse_block_state(
        "minecraft:tnt[unstable=true]", "1.12.2")
    with pytest.raises(BlockStateError):   # 1.12.2's names are read in 1.12.2 scenes only
        parse_block_state("minecraft:wool[color=red]", "1.16.5")


@pytest.mark.parametrize(("block", "message"), [
    ("minecraft:wool[color=rde]", "property 'color' of 1.12.2 block 'minecraft:wool' takes white|orange|"),
    ("minecraft:wool[colour=red]", "1.12.2 block 'minecraft:wool' has no property 'colour' (properties: color)"),
    ("minecraft:torch 0", "'minecraft:torch' has no data value 0 in 1.12.2 (it has 1, 2, 3, 4, 5)"),
    ("minecraft:kelp", "unknown block 'minecraft:kelp'"),
    ("minecraft:tnt[explode=maybe]", "property 'explode' of 1.12.2 block 'minecraft:tnt' takes false|true, not "
                                     "'maybe'"),
    # a name of both with the table's keys: the table's error
    ("minecraft:tnt[unstable=maybe]", "property 'unstable' of 'minecraft:tnt' takes true|false, not 'maybe'"),
])
def test_a_wrong_name_is_one_line_and_status_2(block: str, message: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    scene = tmp_path / "bad.toml"
    scene.write_text(f'[scene]\nversion = "1.12.2"\n\n[[blocks]]\nat = [0, 0, 0]\nblock = "{block}"\n')
    code, out, err = cli(capsys, "trace", str(scene), "--ticks", "1")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"{scene}: blocks[0].block: " in err and message in err


def test_existing_1_12_2_scenes_keep_their_blocks() -> None:
    """A 1.12.2 scene written in 1.16.5's names (all of them until now) loads the same states."""
    text = '[scene]\nversion = "1.12.2"\n\n[[blocks]]\nat = [0, 0, 0]\nblock = "minecraft:grass"\n\n' \
           '[[blocks]]\nat = [1, 0, 0]\nblock = "minecraft:cobblestone_wall[north=low]"\n'
    cells = blocks_of(load_scene_text(text, "t.toml"))
    assert cells == {(0, 0, 0): "minecraft:grass",
                     (1, 0, 0): "minecraft:cobblestone_wall[east=none,north=low,south=none,up=true,west=none]"}


def test_names_table_is_regenerated(tmp_path: Path) -> None:
    """tools/gen_block_names_1_12.py writes assets/block-names-1.12.2.json byte for byte (where minecraft-data and
    the two decompilations it reads are present)."""
    if not (os.environ.get("TICKSCOPE_YARN_GIT") and os.environ.get("TICKSCOPE_MCP_GIT")):
        pytest.skip("TICKSCOPE_YARN_GIT and TICKSCOPE_MCP_GIT not set (the decompilations the tool reads)")
    assert_regenerated("gen_block_names_1_12.py", "block-names-1.12.2.json", tmp_path)
