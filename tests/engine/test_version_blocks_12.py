"""1.12.2's block table (issue 26; docs/block-tables.md "1.12.2"): the blocks and states 1.12.2 has, in 1.16.5's
names; its collision shapes where they differ from 1.13.2's (MCP `addCollisionBoxToList` and `getBoundingBox`,
read); its strengths, 1.13.2's; what it lacks refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.schematics.mapping import DATA_VERSION_1_16_5, for_release, map_block_state
from engine.tick.scene import load_scene_text
from engine.world import blocks
from tests.conftest import cli, scene_toml
from tests.engine.test_version_1_15 import BRICKS_BLAST, PISTON_BLAST, _broken_behind

SHAPES = Path(__file__).resolve().parents[2] / "scenes" / "blocks_shapes_1_12_2.toml"
SHAPES_TEXT = SHAPES.read_text(encoding="utf-8")
DATA_VERSION_1_13_2 = 1631


def _rest(version: str, ticks: int = 30) -> dict[int, tuple[float, float, float, bool]]:
    """Each entity's position and on_ground after `ticks` ticks of the shapes scene at `version` (1.13.2-1.15.2
    spell the wall's side as a boolean)."""
    text = SHAPES_TEXT.replace('version = "1.12.2"', f'version = "{version}"')
    if version == "1.13.2":
        text = text.replace("north=low", "north=true")
    sim = load_scene_text(text, str(SHAPES))
    for _ in range(ticks):
        sim.tick()
    return {e.id: (e.pos.x, e.pos.y, e.pos.z, e.on_ground) for e in sim.entities}


def test_entities_rest_on_1_12_2_s_shapes() -> None:
    """scenes/blocks_shapes_1_12_2.toml: the cauldron's 5 px legs box, the wall's one 8 px box over the post and
    its side, the end portal frame's 6 px eye, the anvil's one box; 1.13.2 and 1.16.5 rest on their shapes."""
    old = _rest("1.12.2")
    assert [old[i][1] for i in (1, 2, 3, 4)] == [1.3125, 2.5, 1.8125, 2.0]
    assert all(old[i][3] for i in old) and old[2][0] == 5.23 and old[3][0] == 8.18 and old[4][0] == 12.97
    for version in ("1.13.2", "1.16.5"):
        assert [_rest(version)[i][1] for i in (1, 2, 3, 4)] == [1.25, 1.0, 2.0, 1.25], version


@pytest.mark.parametrize(("text", "broken"), [(PISTON_BLAST, 3), (BRICKS_BLAST, 1)], ids=["pistons", "end_bricks"])
def test_an_explosion_reads_1_12_2_s_strengths(text: str, broken: int) -> None:
    """Block.registerBlocks: BlockPistonBase setHardness(0.5F) and end_bricks setHardness(0.8F), read by
    Explosion.doExplosionA as blockResistance / 5.0F: the rays pass the weaker wall and break the stone behind it,
    as in 1.13.2 (until this table such an explosion stopped the run)."""
    assert len(_broken_behind(text, "1.12.2")) == broken
    assert _broken_behind(text, "1.12.2") == _broken_behind(text, "1.13.2")


def test_1_12_2_names_the_blocks_it_has_as_1_16_5_does() -> None:
    assert len(blocks.block_names("1.12.2")) == 511
    for text in ("minecraft:smooth_stone_slab[type=top]", "oak_sign[rotation=4]", "grass_path", "red_bed",
                 "lime_bed[part=head]", "zombie_head", "potted_red_tulip", "attached_melon_stem", "observer",
                 "cobblestone_wall[east=tall]", "note_block[instrument=xylophone]", "purple_shulker_box"):
        assert blocks.parse_block_state(text, "1.12.2").block == blocks.parse_block_state(text).block, text
    # the two sides a wall connects by: one box, whatever the 1.16 height
    low, tall = (blocks.parse_block_state(f"cobblestone_wall[east={h}]", "1.12.2") for h in ("low", "tall"))
    assert low.collision_shape.boxes == tall.collision_shape.boxes
    # the same state of a block that did not change is the same object as 1.16.5's
    assert blocks.default_state("stone", "1.12.2") is blocks.default_state("stone")


def test_1_12_2_strengths_are_1_13_2_s_but_the_infested_blocks_hardness() -> None:
    """MCP Block.registerBlocks gives every block of 1.12.2 the blockResistance / 5.0F of 1.13.2's table; the
    monster egg's setHardness(0.75F) is the one hardness that differs (1.13: strength(0.0F, 0.75F))."""
    for name in blocks.block_names("1.12.2"):
        old = blocks.default_state(name, "1.12.2")
        new = blocks.default_state({"oak_sign": "sign", "oak_wall_sign": "wall_sign",
                                    "smooth_stone_slab": "stone_slab"}.get(name, name), "1.13.2")
        assert old.resistance == new.resistance, name
        assert old.hardness == (0.75 if name.startswith("infested_") else new.hardness), name


@pytest.mark.parametrize(("block", "message"), [
    ("minecraft:kelp", "unknown block 'minecraft:kelp'"),
    ("minecraft:shulker_box", "unknown block 'minecraft:shulker_box'"),
    ("minecraft:prismarine_stairs", "unknown block 'minecraft:prismarine_stairs'"),
    ("minecraft:oak_slab[waterlogged=true]", "has no property 'waterlogged'"),
    ("minecraft:note_block[instrument=banjo]", "not 'banjo'")])
def test_a_block_or_state_1_12_2_lacks_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], block: str,
                                                  message: str) -> None:
    """Each is a block or state of 1.16.5's table, whose names 1.12.2's keeps: 1.12.2 lacks it (exit 2, one line;
    before its table a 1.12.2 scene placed them)."""
    assert blocks.parse_block_state(block)
    path = tmp_path / "lacks.toml"
    path.write_text(scene_toml(scene={"version": "1.12.2"}, blocks=[{"at": [0, 1, 0], "block": block}],
                               entities=[{"type": "minecraft:tnt", "pos": [0.5, 3.0, 0.5], "fuse": 80}]),
                    encoding="utf-8")
    code, _, err = cli(capsys, "trace", str(path), "--ticks", "1")
    assert code == 2 and err.count("\n") == 1 and message in err


def test_files_read_into_a_1_12_2_scene_map_as_into_1_16_5_s_names() -> None:
    """A file's `waterlogged=false` is dropped, `waterlogged=true` has no 1.12.2 equivalent; a 1.13.2 file's `sign`
    is the 1.12.2 table's `oak_sign`."""
    with for_release("1.12.2"):
        stairs = map_block_state("minecraft:oak_stairs", {"facing": "east", "waterlogged": "false"},
                                 DATA_VERSION_1_16_5)
        assert stairs is not None and stairs.get("facing") == "east" and not stairs.has_property("waterlogged")
        assert map_block_state("minecraft:oak_stairs", {"waterlogged": "true"}, DATA_VERSION_1_16_5) is None
        assert map_block_state("minecraft:kelp", {}, DATA_VERSION_1_16_5) is None
        assert map_block_state("minecraft:sign", {"rotation": "2"}, DATA_VERSION_1_13_2).block == "oak_sign"
