"""engine.world.blocks and engine.world.block_physics: the 1.16.5 states, /setblock parsing, shapes, physics table."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.versions import RELEASES
from engine.geometry.box import Box
from engine.geometry.shapes import EMPTY, FULL_CUBE, VoxelShape
from engine.java.javanum import f32
from engine.world import block_physics as phys
from engine.world import blocks
from engine.world.blocks import BlockStateError, default_state, parse_block_state, state_by_id
from tests.conftest import assert_regenerated

STATE_COUNT = 17112  # notes/block-data.md: ids 0..17111
ALL_STATES = 34249   # every release's states (assets/blocks-releases.json: the other rows after 1.16.5's)
REPO = Path(__file__).resolve().parents[2]


def boxes(text: str) -> list[Box]:
    return list(parse_block_state(text).collision_shape.boxes)


# --- the state table ---

def test_state_ids_cover_0_to_17111_and_round_trip_through_setblock_syntax():
    """Every id of 1.16.5 names one state, and parsing its /setblock string gives the same object back; the
    states of the other releases' rows follow (34,249 in all: 1.16.5's, 1.17 to 1.21.11's, 1.14 to 1.15.2's,
    1.13.2's, 1.12.2's), none past them."""
    for i in range(STATE_COUNT):
        state = state_by_id(i)
        assert state.id == i
        assert parse_block_state(str(state)) is state
    assert str(state_by_id(STATE_COUNT)) == "minecraft:deepslate_gold_ore"   # 1.17's first new block
    with pytest.raises(BlockStateError, match="34249"):
        state_by_id(ALL_STATES)


def test_stone_slab_ids_and_default_state():
    """stone_slab is type(top,bottom,double) × waterlogged(true,false), last property fastest."""
    assert [str(state_by_id(i)) for i in range(8340, 8346)] == [
        f"minecraft:stone_slab[type={t},waterlogged={w}]" for t in ("top", "bottom", "double")
        for w in ("true", "false")]
    slab = default_state("minecraft:stone_slab")
    assert slab.id == 8343 and slab is default_state("stone_slab")
    assert dict(slab.properties) == {"type": "bottom", "waterlogged": "false"}


def test_block_names_and_air():
    names = blocks.block_names()
    assert len(names) == 763 and names[0] == "air" and "oak_fence" in names
    assert blocks.AIR is state_by_id(0) and blocks.AIR.is_air
    assert all(default_state(n).is_air for n in ("air", "cave_air", "void_air"))
    assert not default_state("structure_void").is_air


@pytest.mark.parametrize("text", [
    "minecraft:stone",
    "minecraft:oak_fence[east=true,north=false,south=false,waterlogged=false,west=false]",
    "minecraft:oak_stairs[facing=east,half=top,shape=outer_left,waterlogged=false]",
    "minecraft:sticky_piston[extended=true,facing=up]",
    "minecraft:piston_head[facing=down,short=true,type=sticky]",
    "minecraft:snow[layers=8]",
    "minecraft:water[level=15]",
])
def test_canonical_strings_round_trip(text):
    assert str(parse_block_state(text)) == text


def test_parse_fills_defaults_and_tolerates_namespace_and_whitespace():
    """Unspecified properties keep the default state's values (oak_fence defaults to all false)."""
    fence = parse_block_state("minecraft:oak_fence[east=true]")
    assert str(fence) == "minecraft:oak_fence[east=true,north=false,south=false,waterlogged=false,west=false]"
    assert parse_block_state("  oak_fence [ east = true ]  ") is fence
    assert parse_block_state("oak_fence[]") is default_state("oak_fence")
    assert fence.name == "minecraft:oak_fence" and fence.block == "oak_fence"
    slab = parse_block_state("oak_slab[type=top]")
    assert slab.get("waterlogged") == "false" and slab.get("type") == "top"


def test_with_changes_one_property_and_returns_interned_states():
    fence = default_state("oak_fence")
    east = fence.with_("east", "true")
    assert east is parse_block_state("oak_fence[east=true]")
    assert east.with_("north", True) is parse_block_state("oak_fence[east=true,north=true]")
    assert parse_block_state("water[level=3]").with_("level", 0) is default_state("water")
    assert east.with_("east", "false") is fence


def test_states_are_immutable_and_copies_stay_interned():
    stairs = parse_block_state("oak_stairs[facing=west]")
    with pytest.raises(AttributeError):
        stairs.id = 3
    with pytest.raises(TypeError):
        stairs.properties["facing"] = "east"
    assert copy.copy(stairs) is stairs and copy.deepcopy(stairs) is stairs
    assert pickle.loads(pickle.dumps(stairs)) is stairs


@pytest.mark.parametrize(("text", "message"), [
    ("minecraft:stonee", 'unknown block \'minecraft:stonee\' in "minecraft:stonee"'),
    ("stonee[a=b]", 'unknown block \'minecraft:stonee\' in "stonee[a=b]"'),
    ("foo:stone", "unknown block 'foo:stone'"),
    ("minecraft:oak_slab[facing=up]",
     "block 'minecraft:oak_slab' has no property 'facing' (properties: type, waterlogged) in "
     '"minecraft:oak_slab[facing=up]"'),
    ("stone[a=b]", "block 'minecraft:stone' has no property 'a' (properties: none)"),
    ("oak_slab[type=side]", "property 'type' of 'minecraft:oak_slab' takes top|bottom|double, not 'side' in "
                            '"oak_slab[type=side]"'),
    ("oak_slab[type=top,type=bottom]", "duplicate property 'type'"),
    ("oak_slab[type=top", "expected ']'"),
    ("oak_slab]", "unexpected ']'"),
    ("oak_slab[type=top]x", "nothing after it"),
    ("oak_slab[[type=top]]", "nothing after it"),
    ("oak_slab[type]", "expected key=value, not 'type'"),
    ("oak_slab[type=top,]", "expected key=value, not ''"),
    ("oak_slab[=top]", "expected key=value"),
    ("", "expected a block name"),
    ("oak slab", "expected a block name"),
    ("stone\n[a=b]", "has no property 'a'"),
])
def test_bad_block_states_give_one_line_naming_the_string(text, message):
    with pytest.raises(BlockStateError) as info:
        parse_block_state(text)
    msg = str(info.value)
    assert message in msg
    assert "\n" not in msg
    assert isinstance(info.value, ValueError)


def test_bad_property_edits_name_the_state():
    slab = default_state("oak_slab")
    with pytest.raises(BlockStateError, match=r"has no property 'facing' .* in \"minecraft:oak_slab\["):
        slab.with_("facing", "up")
    with pytest.raises(BlockStateError, match="takes top|bottom|double, not 'side'"):
        slab.with_("type", "side")
    with pytest.raises(BlockStateError, match="has no property 'east'"):
        slab.get("east")
    with pytest.raises(BlockStateError, match="unknown block 'minecraft:nope'"):
        default_state("nope")


# --- collision shapes (minecraft-data, block-local coordinates) ---

def test_full_cube_and_empty_shapes_are_shared():
    assert default_state("stone").collision_shape is FULL_CUBE
    assert parse_block_state("stone_slab[type=double]").collision_shape is FULL_CUBE
    for name in ("air", "cobweb", "water", "lava", "bubble_column", "sweet_berry_bush", "moving_piston",
                 "grass"):
        assert default_state(name).collision_shape is EMPTY, name
    shapes = {id(s.collision_shape) for s in map(state_by_id, range(STATE_COUNT))}
    assert len(shapes) == 272



def test_every_shape_fills_the_voxels_whose_centre_is_in_one_of_its_boxes():
    """A shape's voxels (filled from each box's grid indices) are those of vanilla's union of boxes: a voxel of
    the grid spanned by the boxes' faces is filled where its centre lies inside a box. Stairs: 3 of 4."""
    for shape in {id(s.collision_shape): s.collision_shape for s in blocks.all_states()}.values():
        xs, ys, zs = shape.coords
        centres = {(i, j, k): ((xs[i] + xs[i + 1]) / 2, (ys[j] + ys[j + 1]) / 2, (zs[k] + zs[k + 1]) / 2)
                   for i in range(len(xs) - 1) for j in range(len(ys) - 1) for k in range(len(zs) - 1)}
        inside = {v for v, c in centres.items() if any(all(b[a] < c[a] < b[a + 3] for a in range(3))
                                                       for b in shape.boxes)}
        assert shape.filled == inside, shape
    assert sorted(parse_block_state("oak_stairs").collision_shape.filled) == [(0, 0, 0), (0, 0, 1), (0, 1, 0)]
    nan = float("nan")   # an entity's box at a NaN position (boats collide as shapes): no centre is inside it
    assert VoxelShape((Box(nan, 0.0, 0.0, 1.0, 1.0, 1.0),)).is_empty
    assert VoxelShape((Box(0.0, 0.0, 0.0, nan, 1.0, 1.0),)).is_empty


def test_slab_fence_and_piston_shapes():
    assert boxes("oak_slab[type=top]") == [Box(0.0, 0.5, 0.0, 1.0, 1.0, 1.0)]
    assert boxes("oak_slab") == [Box(0.0, 0.0, 0.0, 1.0, 0.5, 1.0)]
    assert boxes("oak_fence") == [Box(0.375, 0.0, 0.375, 0.625, 1.5, 0.625)]
    assert boxes("oak_fence[east=true]") == [Box(0.375, 0.0, 0.375, 1.0, 1.5, 0.625)]
    north_east = parse_block_state("oak_fence[east=true,north=true]").collision_shape
    assert max(b.max_y for b in north_east.boxes) == 1.5 and north_east.exceeds_cube
    assert boxes("piston[extended=true,facing=up]") == [Box(0.0, 0.0, 0.0, 1.0, 0.75, 1.0)]
    assert boxes("piston[extended=true,facing=north]") == [Box(0.0, 0.0, 0.25, 1.0, 1.0, 1.0)]
    assert parse_block_state("piston[extended=false]").collision_shape is FULL_CUBE
    assert boxes("oak_fence_gate[open=true]") == []
    assert boxes("snow[layers=3]") == [Box(0.0, 0.0, 0.0, 1.0, 0.25, 1.0)]


def test_hardness_and_resistance_are_vanilla_floats():
    assert default_state("white_wool").hardness == f32(0.8)
    obsidian = default_state("obsidian")
    assert (obsidian.hardness, obsidian.resistance) == (50.0, 1200.0)
    assert default_state("barrier").resistance == f32(3600000.8)
    for name in ("bedrock", "end_portal_frame", "moving_piston", "nether_portal", "barrier"):
        assert default_state(name).hardness == -1.0, name  # strength(-1.0F): unbreakable, immovable
    assert default_state("moving_piston").resistance == 0.0  # Math.max(0.0F, -1.0F)
    assert default_state("water").resistance == 100.0


def test_generated_table_matches_minecraft_data(tmp_path):
    """tools/gen_blocks.py regenerates assets/blocks-1.16.5.json byte for byte."""
    assert_regenerated("gen_blocks.py", "blocks-1.16.5.json", tmp_path)


def test_generated_release_tables_match_minecraft_data(tmp_path):
    """tools/gen_block_releases.py regenerates assets/blocks-releases.json byte for byte."""
    assert_regenerated("gen_block_releases.py", "blocks-releases.json", tmp_path)


# --- physics table (spec 01 §5 true float32 values) ---

def test_slipperiness_and_velocity_multipliers_are_float32():
    assert phys.slipperiness("stone") == 0.60000002384185791015625
    assert phys.slipperiness("ice") == 0.980000019073486328125
    assert phys.slipperiness("packed_ice") == phys.slipperiness("frosted_ice") == phys.slipperiness("ice")
    assert phys.slipperiness("blue_ice") == 0.989000022411346435546875
    assert phys.slipperiness("slime_block") == 0.800000011920928955078125
    assert phys.velocity_multiplier("soul_sand") == phys.velocity_multiplier("honey_block") == f32(0.4)
    assert phys.velocity_multiplier("soul_soil") == 1.0
    assert phys.jump_velocity_multiplier("honey_block") == 0.5
    assert phys.jump_velocity_multiplier("soul_sand") == 1.0


def test_tags_match_the_block_names():
    """Fences, walls, gates and beds are exactly the blocks named so; wall torches and signs are no walls."""
    names = blocks.block_names()
    assert {n for n in names if phys.is_fence(n)} == {n for n in names if n.endswith("_fence")}
    assert {n for n in names if phys.is_wall(n)} == {n for n in names if n.endswith("_wall")}
    assert {n for n in names if phys.is_fence_gate(n)} == {n for n in names if n.endswith("_fence_gate")}
    assert {n for n in names if phys.is_bed(n)} == {n for n in names if n.endswith("_bed")}
    assert len([n for n in names if phys.is_wall(n)]) == 17
    not_walls = ("wall_torch", "oak_wall_sign", "white_wall_banner", "zombie_wall_head",
                 "skeleton_wall_skull",
                 "tube_coral_wall_fan")
    assert not any(phys.is_wall(n) for n in not_walls)
    assert phys.is_fence("nether_brick_fence") and not phys.is_fence("oak_fence_gate")
    assert phys.is_climbable("weeping_vines_plant") and phys.is_climbable("scaffolding")
    assert not phys.is_climbable("oak_trapdoor")


def test_every_tabled_name_is_a_block():
    """Of 1.16.5, or of a later release for the names `LATER_MODELLED` lists (and no 1.16.5 name among those)."""
    names = set(blocks.block_names())
    later = set().union(*(blocks.block_names(v) for v in RELEASES if v >= (1, 17, 0)))
    tables = [phys.CLIMBABLE, phys.FENCES, phys.FENCE_GATES, phys.WALLS, phys.BEDS, phys.FALLING_BLOCKS,
              phys.DYNAMIC_BOUNDS, phys.OFFSET_XZ_COLLIDERS, set(phys.SLIPPERINESS),
              set(phys.VELOCITY_MULTIPLIER), *phys.MATERIAL_BLOCKS.values()]
    for table in tables:
        assert set(table) - phys.LATER_MODELLED <= names, sorted(set(table) - names)
    assert phys.LATER_MODELLED <= later - names
    assert phys.EARLIER_NAMES <= set(blocks.block_names("1.13.2")) - names - later


def test_falling_blocks():
    assert all(phys.is_falling_block(n) for n in ("sand", "red_sand", "gravel", "anvil", "damaged_anvil",
                                                  "dragon_egg", "lime_concrete_powder"))
    assert not phys.is_falling_block("scaffolding") and not phys.is_falling_block("sandstone")
    assert phys.is_concrete_powder("black_concrete_powder") and not phys.is_concrete_powder("black_concrete")


@pytest.mark.parametrize(("text", "replaceable", "moves", "falls_through"), [
    ("air", True, False, True),
    ("cave_air", True, False, True),
    ("water[level=3]", True, False, True),
    ("lava", True, False, True),
    ("bubble_column", True, False, True),
    ("grass", True, False, True),
    ("seagrass", True, False, True),
    ("snow[layers=8]", True, False, True),
    ("fire", True, False, True),
    ("crimson_roots", True, False, True),
    ("structure_void", True, False, True),
    ("cobweb", False, False, False),
    ("poppy", False, False, False),
    ("white_carpet", False, False, False),
    ("torch", False, False, False),
    ("nether_portal", False, False, False),
    ("oak_sign", False, True, False),
    ("stone_pressure_plate", False, True, False),
    ("dead_tube_coral", False, True, False),
    ("stone", False, True, False),
    ("snow_block", False, True, False),
    ("oak_slab", False, True, False),
])
def test_material_flags(text, replaceable, moves, falls_through):
    state = parse_block_state(text)
    assert phys.is_replaceable(state) is replaceable
    assert phys.blocks_movement(state) is moves
    assert phys.can_fall_through(state) is falls_through


def test_full_cube_and_exceeds_cube():
    assert phys.is_full_cube(default_state("stone"))
    assert phys.is_full_cube(parse_block_state("oak_slab[type=double]"))
    assert not phys.is_full_cube(default_state("oak_slab")) and not phys.is_full_cube(blocks.AIR)
    assert phys.exceeds_cube(default_state("oak_fence"))
    assert phys.exceeds_cube(default_state("cobblestone_wall"))
    assert phys.exceeds_cube(default_state("oak_fence_gate"))  # closed gate: 1.5 tall
    assert not phys.exceeds_cube(parse_block_state("oak_fence_gate[open=true]"))
    assert not phys.exceeds_cube(default_state("stone"))
    # dynamic bounds: no shape cache, so exceedsCube() is true
    for name in ("shulker_box", "red_shulker_box", "scaffolding", "moving_piston"):
        assert phys.exceeds_cube(default_state(name)), name


def test_bamboo_collision_follows_the_model_offset():
    """Bamboo's 3/16 stalk is offset by getModelOffset(pos); the table holds it at the origin."""
    bamboo = default_state("bamboo")
    assert phys.model_offset_xz(0, 0) == (-0.25, -0.25)
    assert phys.collision_shape_at(bamboo, 0, 64, 0).boxes == bamboo.collision_shape.boxes
    steps = {(f32(k / 15.0) - 0.5) * 0.5 for k in range(16)}
    seen = set()
    for x in range(-8, 8):
        for z in range(-8, 8):
            dx, dz = phys.model_offset_xz(x, z)
            assert dx in steps and dz in steps
            (b,) = phys.collision_shape_at(bamboo, x, 5, z).boxes
            assert (b.min_x, b.min_z) == (0.40625 + dx, 0.40625 + dz)  # 6.5/16 + offset
            assert (b.max_x, b.max_z) == (0.59375 + dx, 0.59375 + dz)
            seen.add((dx, dz))
    assert len(seen) > 100
    stone = default_state("stone")
    assert phys.collision_shape_at(stone, 3, 4, 5) is FULL_CUBE


def test_every_state_names_itself_back_through_its_properties() -> None:
    """`properties` is made on first use from the state's place among its block's states (mixed radix, the last
    property fastest): for all 34,249 states the text it gives parses back to the same state in a release that
    has it, and setting each property to each of its values (`with_`, by strides) lands on the state whose
    properties say so."""
    states = blocks.all_states()
    assert len(states) == ALL_STATES
    assert all(parse_block_state(str(s)) is s for s in states[:STATE_COUNT])
    covered = set(range(STATE_COUNT))
    for release in (*RELEASES[RELEASES.index((1, 17, 0)):], *RELEASES[RELEASES.index((1, 14, 0)):
                                                                     RELEASES.index((1, 16, 0))], (1, 13, 2),
                    (1, 12, 2)):
        for name in blocks.block_names(release):
            for s in blocks.default_state(name, release)._info.states:
                if s.id not in covered:
                    assert parse_block_state(str(s), release) is s
                    covered.add(s.id)
    assert covered == set(range(ALL_STATES))
    fence = parse_block_state("minecraft:oak_fence")
    for key in fence.properties:
        for value in ("true", "false"):
            assert fence.with_(key, value).properties[key] == value
            assert {k: v for k, v in fence.with_(key, value).properties.items() if k != key} == \
                {k: v for k, v in fence.properties.items() if k != key}
    assert fence.has_property("waterlogged") and not fence.has_property("level")


def test_the_later_releases_states_are_made_only_when_asked_for_and_keep_their_ids():
    """In a fresh interpreter: a 1.16.5 block makes 1.16.5's 17,112 states only (importing the engine's block
    effects and the path region makes none); `mud` of 1.19 appends the later releases' rows to the same list, and a
    world made before sees them (its lookups use that list); their ids are those of the full table."""
    code = ("import engine.motion.block_effects, engine.pathfinding.region\n"
            "from engine.world import blocks\n"
            "from engine.world.world import World\n"
            "print(blocks._table is None)\n"
            "world = World(); world.set_block_state(0, 1, 0, blocks.parse_block_state('stone'))\n"
            "states = blocks.loaded_states(); print(len(states))\n"
            "mud = blocks.parse_block_state('mud', '1.19'); world.set_block_state(0, 2, 0, mud)\n"
            "print(len(states), states is blocks.all_states(), mud.id, world.get_block_state(0, 2, 0) is mud)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", str(STATE_COUNT), str(ALL_STATES), "True",
                                  str(parse_block_state("mud", "1.19").id), "True"]
    assert state_by_id(parse_block_state("mud", "1.19").id).name == "minecraft:mud"


def test_a_world_classifies_only_the_states_it_holds_even_unpickled_with_a_later_releases_ids():
    """A world holding water and `mud` of 1.19, unpickled in a fresh interpreter (where only 1.16.5's states are
    made): a stone box filled over them makes the later releases' states for the mud's id and classifies air, stone,
    mud and water only; the section still counts one fluid block."""
    from engine.world.world import World
    world = World()
    world.set_block_state(0, 2, 0, parse_block_state("mud", "1.19"))
    world.set_block_state(0, 3, 0, parse_block_state("water"))
    code = ("import pickle, sys\n"
            "from engine.world import blocks, world as w\n"
            f"world = pickle.loads(bytes.fromhex({pickle.dumps(world).hex()!r}))\n"
            "print(len(blocks.loaded_states()))\n"
            "world.fill_boxes([((0, 0, 0), (0, 0, 0), blocks.parse_block_state('stone').id)])\n"
            "print(len(blocks.loaded_states()), int((w._KINDS[0] >= 0).sum()), world._kind_counts[(0, 0, 0)])\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == [str(STATE_COUNT), f"{ALL_STATES} 4 [1, 0]"]
