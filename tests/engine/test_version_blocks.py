"""Block tables per release (issue 26 items 2-3, docs/versions.md "Block tables"): a scene or schematic of a
release uses that release's block names and states; a block the release lacks is refused in one line; a block
added after 1.16.5 acts as the physics tables say or stops the run naming it; a collision shape that changed
between releases changes a run."""

from __future__ import annotations

from pathlib import Path

import nbt.nbt as tw  # twoolie's NBT: independent of nbtlib, which the readers use
import pytest

from engine.core.versions import RELEASES, version_text
from engine.tick.scene import SceneError, load_scene, load_scene_text
from engine.world import blocks
from tests.conftest import cli, scene_toml

ROOT = Path(__file__).resolve().parents[2]
PITCHER_SCENE = ROOT / "scenes" / "version_pitcher_crop_shape.toml"

# blocks.json of each release's minecraft-data folder (pc/1.13.2, pc/1.14.4, pc/1.15.2, pc/1.17 ... pc/1.21.11): how
# many blocks it lists
BLOCK_COUNTS = {"1.13.2": 598, "1.14": 676, "1.14.4": 676, "1.15": 680, "1.15.2": 680, "1.17": 898, "1.18.2": 898,
                "1.19": 933, "1.19.1": 933, "1.19.3": 972, "1.19.4": 998, "1.20": 1003,
                "1.20.3": 1058, "1.20.5": 1060, "1.21": 1060, "1.21.2": 1084, "1.21.4": 1095, "1.21.5": 1104,
                "1.21.6": 1105, "1.21.8": 1105, "1.21.9": 1166, "1.21.11": 1166}


def _run(text: str, ticks: int, version: str) -> list[tuple]:
    sim = load_scene_text(text.replace('version = "1.21.5"', f'version = "{version}"'), "inline.toml")
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append(tuple((e.id, *e.pos, *e.motion, e.on_ground) for e in sim.entities))
    return out


def test_1_13_2_to_1_15_2_and_every_release_from_1_17_have_their_own_tables() -> None:
    for v in RELEASES:
        text = version_text(v)
        if not blocks.has_own_table(v):
            assert blocks.block_names(v) == blocks.block_names()
        else:
            assert blocks.default_state("stone", v) is blocks.default_state("stone"), text
    for text, count in BLOCK_COUNTS.items():
        assert len(blocks.block_names(text)) == count, text
    assert len(blocks.block_names()) == 763


def test_names_follow_each_release() -> None:
    """New blocks from their release on, renames on both sides, states that a release changed."""
    for name, first, before in (("mud", "1.19", "1.18.2"), ("dirt_path", "1.17", "1.16.5"),
                                ("short_grass", "1.20.3", "1.20.2"), ("iron_chain", "1.21.9", "1.21.8"),
                                ("heavy_core", "1.20.5", "1.20.4"), ("creaking_heart", "1.21.2", "1.21.1")):
        assert blocks.parse_block_state(f"minecraft:{name}", first).block == name
        with pytest.raises(blocks.BlockStateError, match=f"unknown block 'minecraft:{name}'.*no block of {before}"):
            blocks.parse_block_state(f"minecraft:{name}", before)
    for gone, release in (("grass_path", "1.17"), ("grass", "1.20.3"), ("chain", "1.21.9")):
        with pytest.raises(blocks.BlockStateError, match=f"no block of {release} has that name"):
            blocks.parse_block_state(gone, release)
    # 1.17 moved the water out of the cauldron into water_cauldron (level 1..3); 1.19 made leaves waterloggable
    assert blocks.parse_block_state("cauldron[level=2]").get("level") == "2"
    with pytest.raises(blocks.BlockStateError, match="has no property 'level'"):
        blocks.parse_block_state("cauldron[level=2]", "1.17")
    assert blocks.parse_block_state("water_cauldron[level=3]", "1.17").get("level") == "3"
    with pytest.raises(blocks.BlockStateError, match="has no property 'waterlogged'"):
        blocks.parse_block_state("oak_leaves[waterlogged=true]", "1.18.2")
    assert blocks.parse_block_state("oak_leaves[waterlogged=true]", "1.19").get("waterlogged") == "true"


def test_a_scene_places_its_release_s_blocks_and_refuses_others_in_one_line(tmp_path, capsys) -> None:
    text = scene_toml(scene={"version": "1.19"}, blocks=[{"at": [0, 1, 0], "block": "minecraft:mud"}],
                      entities=[{"type": "minecraft:tnt", "pos": [0.5, 3.0, 0.5], "fuse": 80}])
    assert load_scene_text(text, "s.toml").world.get_block_state(0, 1, 0).name == "minecraft:mud"
    old = tmp_path / "old.toml"
    old.write_text(text.replace('"1.19"', '"1.18.2"'), encoding="utf-8")
    code, _, err = cli(capsys, "trace", str(old), "--ticks", "1")
    assert code == 2 and err.count("\n") == 1
    assert f"{old}: blocks[0].block: unknown block 'minecraft:mud'" in err and "no block of 1.18.2" in err


def test_a_tnt_rests_on_mud_7_8_of_a_block_high_in_1_19() -> None:
    """MudBlock's collision shape is 14/16 tall (1.19, before the supporting block of 1.20): a TNT dropped on it
    comes to rest at y = 1 + 14/16 and stays on the ground."""
    text = scene_toml(scene={"version": "1.19"}, blocks=[{"at": [0, 1, 0], "block": "minecraft:mud"}],
                      entities=[{"type": "minecraft:tnt", "pos": [0.5, 3.0, 0.5], "fuse": 80}])
    last = _run(text, 30, "1.19")[-1][0]
    assert last[2] == 1.875 and last[-1] is True


def test_the_pitcher_crop_s_upper_half_lost_its_shape_in_1_21_5() -> None:
    """The bundled scene at 1.21.4 and 1.21.5 (scenes/version_pitcher_crop_shape.toml): in 1.21.4 the TNT stops
    with its box's +x side on the column's x = 5/16 face: x = 0.3125 − 0.98F / 2 = 0.3125 − 0.49000000953674316
    (the TNT's width is the float 0.98F); in 1.21.5 it glides through, as in the same scene without the crop."""
    text = PITCHER_SCENE.read_text(encoding="utf-8")
    stopped = _run(text, 20, "1.21.4")
    assert stopped[-1][0][1:5] == (-0.17750000953674316, 1.0, 0.5, 0.0)
    passed = _run(text, 20, "1.21.5")
    empty = text.replace("pitcher_crop[age=0,half=upper]", "air")
    assert passed == _run(empty, 20, "1.21.5") and passed[-1][0][1] > 2.0
    assert load_scene(PITCHER_SCENE).features.version == "1.21.5"


def test_1_21_7_is_bracketed_by_the_equal_tables_of_1_21_6_and_1_21_8() -> None:
    """minecraft-data has no 1.21.7; its table is 1.21.8's (equal to 1.21.6's): the block 1.21.6 added (the dried
    ghast) is a block of 1.21.7 and not of 1.21.5, the one 1.21.9 renamed (chain) keeps its old name, and the
    pitcher-crop scene runs as in 1.21.6 and 1.21.8."""
    assert blocks.block_names("1.21.7") == blocks.block_names("1.21.6") == blocks.block_names("1.21.8")
    assert blocks.parse_block_state("minecraft:dried_ghast", "1.21.7").block == "dried_ghast"
    with pytest.raises(blocks.BlockStateError, match="no block of 1.21.5 has that name"):
        blocks.parse_block_state("minecraft:dried_ghast", "1.21.5")
    with pytest.raises(blocks.BlockStateError, match="no block of 1.21.7 has that name"):
        blocks.parse_block_state("minecraft:iron_chain", "1.21.7")
    text = PITCHER_SCENE.read_text(encoding="utf-8")
    assert _run(text, 20, "1.21.7") == _run(text, 20, "1.21.8") != _run(text, 20, "1.21.4")


@pytest.mark.parametrize(("block", "version"), [("minecraft:pointed_dripstone", "1.17"),
                                                ("minecraft:big_dripleaf", "1.18.2"),
                                                ("minecraft:mangrove_leaves", "1.19"),
                                                ("minecraft:copper_bulb", "1.21"),
                                                ("minecraft:creaking_heart", "1.21.4")])
def test_a_later_block_whose_behaviour_is_not_modelled_stops_the_run_naming_it(block: str, version: str) -> None:
    text = scene_toml(scene={"version": version}, blocks=[{"at": [3, 1, 3], "block": block}],
                      entities=[{"type": "minecraft:tnt", "pos": [0.5, 3.0, 0.5], "fuse": 80}])
    sim = load_scene_text(text, "s.toml")
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    line = str(err.value)
    assert "\n" not in line and line.startswith(f"the block tables (spec 01 §8) of version {version}")
    assert f"{block} at (3, 1, 3)" in line and "not modelled" in line


def test_later_fences_and_walls_join_their_tags() -> None:
    """tags/block/wooden_fences.json and walls.json of 1.21.11: every block named so in 1.21.11."""
    names = blocks.block_names("1.21.11")
    from engine.world import block_physics as phys
    assert {n for n in names if phys.is_fence(n)} == {n for n in names if n.endswith("_fence")}
    assert {n for n in names if phys.is_wall(n)} == {n for n in names if n.endswith("_wall")}
    assert len({n for n in names if phys.is_wall(n)}) == 26 and len({n for n in names if phys.is_fence(n)}) == 13


def _sponge(tmp_path: Path, palette: list[str], data_version: int) -> Path:
    root = tw.TAG_Compound(name="Schematic")
    for key, kind, value in (("Version", tw.TAG_Int, 2), ("DataVersion", tw.TAG_Int, data_version),
                             ("Width", tw.TAG_Short, len(palette)), ("Height", tw.TAG_Short, 1),
                             ("Length", tw.TAG_Short, 1)):
        root.tags.append(kind(value=value, name=key))
    pal = tw.TAG_Compound(name="Palette")
    for i, name in enumerate(palette):
        pal.tags.append(tw.TAG_Int(value=i, name=name))
    root.tags.append(pal)
    data = tw.TAG_Byte_Array(name="BlockData")
    data.value = bytearray(range(len(palette)))
    root.tags.append(data)
    f = tw.NBTFile()
    f.name, f.tags = root.name, root.tags
    path = tmp_path / "built.schem"
    f.write_file(str(path))
    return path


def test_a_schematic_is_read_in_the_scene_s_release(tmp_path: Path) -> None:
    """A 1.19 file (DataVersion 3105) with mud and a water cauldron: a 1.19 scene places both as they are; a
    1.16.5 scene maps the cauldron (the same level) and refuses the mud unless allow_unmapped. A 1.16.5 file's
    grass_path is a 1.17 scene's dirt_path."""
    _sponge(tmp_path, ["minecraft:mud", "minecraft:water_cauldron[level=2]"], 3105)

    def scene(version: str, allow: bool = False) -> str:
        return (f'[scene]\nversion = "{version}"\n\n[[schematics]]\nfile = "built.schem"\n'
                f"allow_unmapped = {str(allow).lower()}\n")
    sim = load_scene_text(scene("1.19"), str(tmp_path / "s.toml"))
    assert [str(sim.world.get_block_state(x, 0, 0)) for x in (0, 1)] == ["minecraft:mud",
                                                                         "minecraft:water_cauldron[level=2]"]
    with pytest.raises(SceneError, match="1 have no 1.16.5 equivalent: minecraft:mud ×1"):
        load_scene_text(scene("1.16.5"), str(tmp_path / "s.toml"))
    sim = load_scene_text(scene("1.16.5", True), str(tmp_path / "s.toml"))
    assert [str(sim.world.get_block_state(x, 0, 0)) for x in (0, 1)] == ["minecraft:air", "minecraft:cauldron[level=2]"]
    _sponge(tmp_path, ["minecraft:grass_path"], 2586)
    sim = load_scene_text(scene("1.17"), str(tmp_path / "s.toml"))
    assert sim.world.get_block_state(0, 0, 0).name == "minecraft:dirt_path"


def test_a_chain_and_a_cauldron_are_read_across_the_game_s_renames(tmp_path: Path) -> None:
    """The game's data fixers rename chain to iron_chain from data version 4541 (1.21.9) and split a cauldron from
    2679 (1.17: level 0 a plain cauldron, any other a water cauldron): a 1.16.5 file's chain and cauldrons load
    into a 1.21.11 scene under today's names, and a 1.21.11 file's iron chain into a 1.16.5 or 1.21.8 scene as
    their chain; a 1.21.9 scene reads a 1.21.8 file's chain as its iron chain."""
    scene = '[scene]\nversion = "{}"\n\n[[schematics]]\nfile = "built.schem"\n'
    _sponge(tmp_path, ["minecraft:chain[axis=x]", "minecraft:cauldron[level=0]", "minecraft:cauldron[level=3]"],
            2586)
    sim = load_scene_text(scene.format("1.21.11"), str(tmp_path / "s.toml"))
    assert [str(sim.world.get_block_state(x, 0, 0)) for x in range(3)] == [
        "minecraft:iron_chain[axis=x,waterlogged=false]", "minecraft:cauldron", "minecraft:water_cauldron[level=3]"]
    _sponge(tmp_path, ["minecraft:chain[axis=z]"], 4440)
    sim = load_scene_text(scene.format("1.21.9"), str(tmp_path / "s.toml"))
    assert str(sim.world.get_block_state(0, 0, 0)) == "minecraft:iron_chain[axis=z,waterlogged=false]"
    _sponge(tmp_path, ["minecraft:iron_chain[axis=y]"], 4671)
    for version in ("1.16.5", "1.21.8"):
        sim = load_scene_text(scene.format(version), str(tmp_path / "s.toml"))
        assert str(sim.world.get_block_state(0, 0, 0)) == "minecraft:chain[axis=y,waterlogged=false]", version


@pytest.mark.parametrize("suffix", [".schem", ".litematic", ".nbt"])
def test_a_later_release_s_export_spells_its_blocks_as_its_data_version_says(tmp_path: Path, suffix: str) -> None:
    """Files are written at 1.16.5's data version, so a block 1.16.5 has is written under 1.16.5's name: a 1.21.11
    scene's iron chain, short grass, dirt path and water cauldron, a 1.13.2 scene's sign, smooth `stone_slab` and
    boolean wall sides. Read back, each scene gets its own blocks again, and a 1.16.5 scene 1.16.5's (mud, which
    1.16.5 lacks, keeps its name and is unmapped there)."""
    from engine.schematics import export

    cases = {"1.21.11": ["minecraft:iron_chain[axis=x,waterlogged=false]", "minecraft:short_grass",
                         "minecraft:dirt_path", "minecraft:water_cauldron[level=2]", "minecraft:mud"],
             "1.13.2": ["minecraft:sign[rotation=4,waterlogged=false]",
                        "minecraft:stone_slab[type=bottom,waterlogged=false]",
                        "minecraft:cobblestone_wall[east=true,north=false,south=false,up=true,waterlogged=false,"
                        "west=true]"]}
    in_1_16_5 = {"1.21.11": ["minecraft:chain[axis=x,waterlogged=false]", "minecraft:grass",
                             "minecraft:grass_path", "minecraft:cauldron[level=2]", "minecraft:air"],
                 "1.13.2": ["minecraft:oak_sign[rotation=4,waterlogged=false]",
                            "minecraft:smooth_stone_slab[type=bottom,waterlogged=false]",
                            "minecraft:cobblestone_wall[east=low,north=none,south=none,up=true,waterlogged=false,"
                            "west=low]"]}
    for version, states in cases.items():
        placed = [{"at": [x, 0, 0], "block": b} for x, b in enumerate(states)]
        sim = load_scene_text(scene_toml(scene={"version": version}, blocks=placed), str(tmp_path / "s.toml"))
        path = tmp_path / f"out{suffix}"
        export(sim, path)
        for reader_version, expected in ((version, states), ("1.16.5", in_1_16_5[version])):
            text = (f'[scene]\nversion = "{reader_version}"\n\n[[schematics]]\nfile = "out{suffix}"\n'
                    "allow_unmapped = true\n")
            back = load_scene_text(text, str(tmp_path / "s.toml"))
            assert [str(back.world.get_block_state(x, 0, 0)) for x in range(len(states))] == expected, \
                (version, reader_version)


def test_a_set_block_action_placing_a_later_block_not_modelled_stops_when_it_runs() -> None:
    """mud (plain) is placed at tick 1; pointed dripstone stops the run at tick 2, naming it, the action and the
    tick."""
    text = scene_toml(scene={"version": "1.19"},
                      actions=[{"tick": 1, "do": "set_block", "at": [0, 1, 0], "block": "minecraft:mud"},
                               {"tick": 2, "do": "set_block", "at": [1, 1, 0],
                                "block": "minecraft:pointed_dripstone"}])
    sim = load_scene_text(text, "s.toml")
    with pytest.raises(NotImplementedError) as err:
        for _ in range(5):
            sim.tick()
    assert "minecraft:pointed_dripstone placed at [1, 1, 0] by set_block, tick 2" in str(err.value)
    assert sim.world.get_block_state(0, 1, 0).name == "minecraft:mud" and sim.world.get_block_state(1, 1, 0).is_air


def test_the_tables_of_1_14_to_1_15_2_name_their_release_s_blocks() -> None:
    """minecraft-data's pc/1.14.4 and pc/1.15.2 (1.14.2, not in the data, between 1.14.1 and 1.14.3, which both take
    pc/1.14.4): honey and bee nests from 1.15, no nether update; walls with boolean sides (1.16: none/low/tall, the
    same collision shapes: a 1.5-high post and sides); a bell without `powered` (1.15); a jigsaw `facing` (1.16:
    `orientation`); pistons and end stone bricks weaker (the blast tests: tests/engine/test_version_1_15.py)."""
    assert blocks.block_names("1.14.2") == blocks.block_names("1.14.4") == blocks.block_names("1.14")
    for name, first, before in (("honey_block", "1.15", "1.14.4"), ("bee_nest", "1.15", "1.14.4"),
                                ("netherite_block", "1.16", "1.15.2"), ("soul_fire", "1.16", "1.15.2")):
        assert blocks.has_block(name, first) and not blocks.has_block(name, before), name
        with pytest.raises(blocks.BlockStateError, match=f"no block of {before} has that name"):
            blocks.parse_block_state(f"minecraft:{name}", before)
    old = blocks.parse_block_state("cobblestone_wall[up=false,east=true,west=true]", "1.14.4")
    new = blocks.parse_block_state("cobblestone_wall[up=false,east=low,west=low]", "1.16")
    assert old.collision_shape == new.collision_shape and old.collision_shape.boxes[0].max_y == 1.5
    with pytest.raises(blocks.BlockStateError, match="east"):
        blocks.parse_block_state("cobblestone_wall[east=low]", "1.15.2")
    assert not blocks.parse_block_state("bell", "1.14.4").has_property("powered")
    assert blocks.parse_block_state("bell", "1.15").get("powered") == "false"
    assert blocks.parse_block_state("jigsaw", "1.15.2").get("facing") == "up"
    assert blocks.parse_block_state("piston", "1.15.2").resistance == 0.5
    assert blocks.parse_block_state("piston", "1.16").resistance == 1.5
    assert blocks.parse_block_state("end_stone_bricks", "1.14.4").resistance == pytest.approx(0.8)
    assert blocks.parse_block_state("end_stone_bricks", "1.15").resistance == 9.0


def test_the_table_of_1_13_2_names_its_release_s_blocks() -> None:
    """minecraft-data's pc/1.13.2 (its shapes and strengths those of 1.14.4 where both have the block; 1.13.2's
    `Block.registerBlocks` read for the pistons, 0.5F, and the end stone bricks, 0.8F): `sign` and `wall_sign`
    before 1.14's wood signs, `stone_slab` the smooth stone slab (1.14 renamed it and made a new `stone_slab`), none
    of the 80 blocks 1.14 added, a note block with ten instruments."""
    assert blocks.has_block("sign", "1.13.2") and not blocks.has_block("sign", "1.14")
    for name, first in (("oak_sign", "1.14"), ("smooth_stone_slab", "1.14"), ("scaffolding", "1.14"),
                        ("andesite_wall", "1.14"), ("honey_block", "1.15")):
        assert blocks.has_block(name, first) and not blocks.has_block(name, "1.13.2"), name
    slab = blocks.parse_block_state("stone_slab[type=bottom]", "1.13.2")
    assert slab.collision_shape == blocks.parse_block_state("smooth_stone_slab[type=bottom]", "1.14").collision_shape
    assert blocks.parse_block_state("sign", "1.13.2").collision_shape.is_empty
    with pytest.raises(blocks.BlockStateError, match="instrument"):
        blocks.parse_block_state("note_block[instrument=bit]", "1.13.2")
    assert blocks.parse_block_state("cobblestone_wall[east=true]", "1.13.2").collision_shape.boxes[0].max_y == 1.5
    assert blocks.parse_block_state("piston", "1.13.2").resistance == 0.5
    assert blocks.parse_block_state("end_stone_bricks", "1.13.2").resistance == pytest.approx(0.8)


def test_a_1_16_file_s_renamed_blocks_are_a_1_13_2_scene_s_and_back(tmp_path: Path) -> None:
    """The 1.14 renames (18w43a, DataVersion 1901) both ways: a 1.16.5 file's oak sign and smooth stone slab are a
    1.13.2 scene's `sign` and `stone_slab`; a 1.13.2 file's (DataVersion 1631) are a 1.16.5 scene's; a block 1.13.2
    lacks is reported in one line."""
    text = '[scene]\nversion = "{}"\n\n[[schematics]]\nfile = "built.schem"\n'
    _sponge(tmp_path, ["minecraft:oak_sign[rotation=4,waterlogged=false]",
                       "minecraft:smooth_stone_slab[type=top,waterlogged=false]"], 2586)
    sim = load_scene_text(text.format("1.13.2"), str(tmp_path / "s.toml"))
    assert [str(sim.world.get_block_state(x, 0, 0)) for x in (0, 1)] == [
        "minecraft:sign[rotation=4,waterlogged=false]", "minecraft:stone_slab[type=top,waterlogged=false]"]
    _sponge(tmp_path, ["minecraft:sign[rotation=4,waterlogged=false]",
                       "minecraft:stone_slab[type=top,waterlogged=false]"], 1631)
    sim = load_scene_text(text.format("1.16.5"), str(tmp_path / "s.toml"))
    assert [sim.world.get_block_state(x, 0, 0).block for x in (0, 1)] == ["oak_sign", "smooth_stone_slab"]
    _sponge(tmp_path, ["minecraft:scaffolding"], 2586)
    with pytest.raises(SceneError, match="1 have no 1.13.2 equivalent: minecraft:scaffolding"):
        load_scene_text(text.format("1.13.2"), str(tmp_path / "s.toml"))


def test_a_1_16_wall_is_read_into_a_1_14_scene_with_boolean_sides(tmp_path: Path) -> None:
    """A 1.16.5 file's wall sides (none/low/tall) are a 1.14.4 scene's booleans (a tall side is a connected one);
    a 1.14.4 file's (DataVersion 1976) are a 1.16.5 scene's none/low."""
    _sponge(tmp_path, ["minecraft:cobblestone_wall[east=tall,north=low,south=none,up=true,waterlogged=false,"
                       "west=none]"], 2586)
    text = '[scene]\nversion = "{}"\n\n[[schematics]]\nfile = "built.schem"\n'
    sim = load_scene_text(text.format("1.14.4"), str(tmp_path / "s.toml"))
    assert sim.world.get_block_state(0, 0, 0).properties == {"east": "true", "north": "true", "south": "false",
                                                              "up": "true", "waterlogged": "false", "west": "false"}
    _sponge(tmp_path, ["minecraft:cobblestone_wall[east=true,north=false,south=false,up=true,waterlogged=false,"
                       "west=true]"], 1976)
    sim = load_scene_text(text.format("1.16.5"), str(tmp_path / "s.toml"))
    assert sim.world.get_block_state(0, 0, 0).get("east") == "low"


def test_a_schematic_opened_directly_runs_in_the_release_version_names(tmp_path: Path, capsys) -> None:
    """`--version RELEASE` opens a schematic in that release (default 1.16.5): a 1.21.4 file (data version 4189)
    keeps its own short grass and pale oak log in 1.21.4, where 1.16.5 refuses the log; `diff` runs it in the
    releases it names; with a scene file the option replaces the scene's `version`; an unknown release is one line
    and status 2."""
    path = _sponge(tmp_path, ["minecraft:short_grass", "minecraft:pale_oak_log[axis=y]"], 4189)
    sim = load_scene(path, version="1.21.4")
    assert sim.version == "1.21.4"
    assert [str(sim.world.get_block_state(x, 0, 0)) for x in (0, 1)] == ["minecraft:short_grass",
                                                                         "minecraft:pale_oak_log[axis=y]"]
    code, out, err = cli(capsys, "trace", str(path), "--ticks", "0")
    assert code == 2 and out == "" and "no 1.16.5 equivalent: minecraft:pale_oak_log" in err
    code, out, err = cli(capsys, "trace", str(path), "--ticks", "0", "--version", "1.21.4")
    assert (code, err) == (0, "") and out.startswith('{"tick": 0')
    code, out, err = cli(capsys, "diff", str(path), "--versions", "1.21.4,1.21.5", "--ticks", "1")
    assert (code, out, err) == (0, '{"tick": null}\n', "")   # a schematic diffs as a scene
    code, out, err = cli(capsys, "export", str(path), "--version", "1.99", "--out", str(tmp_path / "x.schem"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "'1.99' is outside the supported range" in err
    scene = tmp_path / "s.toml"
    scene.write_text('[scene]\nversion = "1.16.5"\n\n[[schematics]]\nfile = "built.schem"\n')
    assert load_scene(scene, version="1.21.4").version == "1.21.4"
    assert load_scene(scene, version="1.21.4").world.get_block_state(1, 0, 0).name == "minecraft:pale_oak_log"


@pytest.mark.parametrize("suffix", [".schem", ".litematic", ".nbt"])
def test_a_falling_block_and_a_pushed_block_are_spelled_as_the_blocks_are(tmp_path: Path, suffix: str) -> None:
    """A 1.21.11 scene exported mid-push: the moving piston's pushed iron chain and a falling dirt path are
    written as 1.16.5 (the files' data version) spells them, as the blocks around them are; read back, a 1.16.5
    scene gets its chain and grass path, a 1.21.11 scene its own names again."""
    from engine.schematics import export

    sim = load_scene_text(scene_toml(
        scene={"version": "1.21.11"},
        blocks=[{"from": [-3, 0, -2], "to": [4, 0, 2], "block": "minecraft:stone"},
                {"at": [0, 1, 0], "block": "minecraft:piston[extended=false,facing=east]"},
                {"at": [1, 1, 0], "block": "minecraft:iron_chain[axis=x]"}],
        entities=[{"type": "minecraft:falling_block", "id": 1, "pos": [0.5, 5.0, 1.5],
                   "block_state": "minecraft:dirt_path"}],
        actions=[{"tick": 1, "do": "set_block", "at": [-1, 1, 0], "block": "minecraft:redstone_block"}]),
        str(tmp_path / "s.toml"))
    sim.tick()
    export(sim, tmp_path / f"out{suffix}")
    for version, chain, path in (("1.16.5", "minecraft:chain", "minecraft:grass_path"),
                                 ("1.21.11", "minecraft:iron_chain", "minecraft:dirt_path")):
        back = load_scene_text(f'[scene]\nversion = "{version}"\n\n[[schematics]]\nfile = "out{suffix}"\n',
                               str(tmp_path / "s.toml"))
        moving = [*back.world.block_entities.ticking, *back.world.block_entities.pending]   # the head and the chain
        pushed = sorted(be.pushed_block.name for be in moving)
        assert (pushed, back.entities[0].block_state.name) == ([chain, "minecraft:piston_head"], path), version
