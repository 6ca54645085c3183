"""1.13.2's explosion, water, item, XP-orb and thrown ticks, read in the MCP-named 1.13.2 client source
(docs/versions.md, "1.13.2 sources"). The explosion is 1.12.2's (`explosion_hash_set_blocks`) but for its exposure
rays, 1.12.2's cell walk testing outline VoxelShapes (`ray_trace_voxel_shapes`, the snowballs' rays too); water is
1.14's fluid-state push on level heights with 1.12.2's downward current (`fluid_height_level_only`), lava 1.12.2's
material box (`in_lava_material_box`), items and XP orbs 1.12.2's ticks floating where their eyes are in water. Each
scene (scenes/explosion_in_block_1_13_2.toml, water_item_1_13_2.toml, snowball_1_13_2.toml) runs in 1.12.2, 1.13.2
and 1.14 and in 1.13.2 with a flag flipped (the mutants)."""
from __future__ import annotations

import dataclasses

import pytest

from engine.geometry.box import Vec3
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml

Ends = dict[int, Vec3]


def _load(text: str, version: str, flags: dict[str, bool]):
    sim = load_scene_text(text.replace('version = "1.13.2"', f'version = "{version}"'), "<1.13.2b>")
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    return sim


EXPLOSION = (SCENES_DIR / "explosion_in_block_1_13_2.toml").read_text()
EXPLOSION_RUNS = {"1.12.2": {}, "1.13.2": {}, "1.14": {},
                  "1.13.2 not ray_trace_voxel_shapes": {"ray_trace_voxel_shapes": False},
                  "1.13.2 exposure_ray_trace_blocks": {"ray_trace_voxel_shapes": False,
                                                       "exposure_ray_trace_blocks": True}}


@pytest.fixture(scope="module")
def blasts() -> dict[str, Ends]:
    """The Motion of TNT 2 and 3 after TNT 1 explodes (tick 1), per run."""
    out = {}
    for name, flags in EXPLOSION_RUNS.items():
        sim = _load(EXPLOSION, name.split()[0], flags)
        sim.tick()
        out[name] = {i: sim.entity_by_id(i).motion for i in (2, 3)}
    return out


def test_a_ray_from_inside_the_centre_s_block_is_stopped_as_in_1_14(blasts) -> None:
    """TNT 2 inside the stone that holds the centre: VoxelShape.rayTrace stops each ray at once (the point 1/1000
    along lies inside), as 1.14's raycast; 1.12.2's bounding-box test lets rays from inside pass (pushed down)."""
    assert blasts["1.13.2"][2] == blasts["1.14"][2] == Vec3(0.0, 0.0, 0.0)
    assert blasts["1.12.2"][2].y < -0.5 and blasts["1.13.2 exposure_ray_trace_blocks"][2] == blasts["1.12.2"][2]


def test_a_ray_entering_the_centre_s_block_by_a_hair_passes_as_in_1_12_2(blasts) -> None:
    """TNT 3 above: each ray enters the stone within 1.0E-4 of the centre, a piece too short for VoxelShape.rayTrace
    (length² < 1.0E-7), so the cell walk ends unstopped, pushing it up as 1.12.2 does; 1.14's raycast (and 1.13.2
    without the flag) stops every ray."""
    assert blasts["1.13.2"][3] == blasts["1.12.2"][3] and blasts["1.13.2"][3].y > 0.5
    assert blasts["1.14"][3] == blasts["1.13.2 not ray_trace_voxel_shapes"][3] == Vec3(0.0, 0.0, 0.0)


BLAST_PROTECTION = scene_toml(
    scene={"version": "1.13.2"}, blocks=[{"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}],
    entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1},
              {"type": "minecraft:armor_stand", "id": 2, "pos": [2.5, 1.0, 0.5], "marker": True,
               "equipment": {"chest": "minecraft:diamond_chestplate"},
               "enchantments": {"chest": {"minecraft:blast_protection": 4}}}])


class _Pushed(Exception):
    """Raised by the stand's own tick: the explosion (the TNT's tick, before it) has pushed it."""


def _pushed_stand(version: str) -> Vec3:
    """The armour stand's Motion once the TNT's explosion (its first tick) pushed it, read where the stand's own
    tick would begin (1.12.2 then travels; 1.13.2 stops there at `living`)."""
    sim = _load(BLAST_PROTECTION, version, {})
    stand = sim.entity_by_id(2)

    def pushed(*_args: object) -> None:
        raise _Pushed

    stand.tick = pushed
    with pytest.raises((_Pushed, NotImplementedError)) as stop:
        sim.tick()
    assert stop.type is _Pushed or str(stop.value).startswith("living travel")
    return stand.motion


def test_blast_protection_cuts_the_push_as_in_1_12_2() -> None:
    """EnchantmentProtection.getBlastDamageReduction of 1.13.2 is 1.12.2's, I - floor(I x (float)(L x 0.15F)):
    the stand is pushed as in 1.12.2, more than by 1.20's linear I x (1 - 0.15 L) (blast_protection_linear)."""
    ours, old, linear = (_pushed_stand(v) for v in ("1.13.2", "1.12.2", "1.20"))
    assert ours == old and ours.x > 0.0 and ours != linear


WATER = (SCENES_DIR / "water_item_1_13_2.toml").read_text()
WATER_RUNS = {"1.12.2": {}, "1.13.2": {}, "1.14": {},
              "1.13.2 water_material_acceleration": {"water_material_acceleration": True},
              "1.13.2 not fluid_height_level_only": {"fluid_height_level_only": False},
              "1.13.2 not in_lava_material_box": {"in_lava_material_box": False}}
WATER_TICKS = 12
State = tuple[Vec3, Vec3] | int    # position and Motion, or the tick the entity was removed in


@pytest.fixture(scope="module")
def waters() -> dict[str, dict[int, State]]:
    out = {}
    for name, flags in WATER_RUNS.items():
        sim = _load(WATER, name.split()[0], flags)
        ends: dict[int, State] = {}
        for tick in range(1, WATER_TICKS + 1):
            sim.tick()
            for i in range(1, 10):
                e = sim.entity_by_id(i)
                if i not in ends and (e is None or e.removed):
                    ends[i] = tick
        for i in range(1, 10):
            e = sim.entity_by_id(i)
            if i not in ends:
                ends[i] = (e.pos, e.motion)
        out[name] = ends
    return out


def _near(a: State, b: State) -> bool:
    """Within 1.0E-7 (1.14's item tick takes double literals where 1.13.2's widens floats: the last digits part)."""
    return all(abs(p - q) < 1.0e-7 for u, v in zip(a, b, strict=True) for p, q in zip(u, v, strict=True))


def test_falling_water_beside_glass_pulls_nothing_as_in_1_12_2(waters) -> None:
    """TNT 2 beside glass: 1.13.2's causesDownwardCurrent passes glass over (1.12.2's exception list), 1.14 and the
    mutant pull it down; TNT 3 beside stone is pulled in all, in 1.13.2 by level heights (8/9 under falling water,
    where the mutant's 1.0 gives another depth: fluid_height_level_only)."""
    mutant = waters["1.13.2 not fluid_height_level_only"]
    assert waters["1.13.2"][2] == waters["1.12.2"][2] and waters["1.13.2"][2][0] == Vec3(2.5, 4.0, 3.5)
    assert (mutant[2][0].y, mutant[2][1]) == (mutant[3][0].y, mutant[3][1]) and mutant[3] != waters["1.13.2"][3]
    assert waters["1.13.2"][3][0].y < 3.2 and waters["1.14"][2][0].y < 3.2


def test_items_and_orbs_float_where_their_eyes_are_in_water(waters) -> None:
    """Item 5 and XP orb 6 dropped into a pool: 1.13.2 floats them (applyFloatMotion, applyWaterMovement), the item
    as 1.14's (to the last digits, the literals); 1.12.2 and 1.13.2 on 1.12.2's water model sink them."""
    assert _near(waters["1.13.2"][5], waters["1.14"][5]) and waters["1.13.2"][5][0].y > 4.3
    assert waters["1.13.2"][6][0].y > 4.3 and waters["1.13.2"][6] != waters["1.14"][6]
    for i in (5, 6):
        assert waters["1.12.2"][i] == waters["1.13.2 water_material_acceleration"][i]
        assert waters["1.12.2"][i][0].y < 3.0


def test_the_stream_pushes_an_item_along_fluid_states(waters) -> None:
    """Item 1 in a stream: the fluid-state push of 1.14 (to the last digits), not 1.12.2's material push."""
    assert _near(waters["1.13.2"][1], waters["1.14"][1]) and waters["1.13.2"][1] != waters["1.12.2"][1]
    assert waters["1.13.2"][1][0].x > waters["1.12.2"][1][0].x + 1.0


def test_an_item_above_lava_is_in_lava_by_the_material_box(waters) -> None:
    """Item 7, 0.05 above lava: 1.13.2's isInLava (1.12.2's box) sets it on fire and hurts it (gone in tick 2);
    1.14's block check and the mutant leave it."""
    assert waters["1.13.2"][7] == waters["1.12.2"][7] == 2
    still = (Vec3(6.5, 21.05, 8.5), Vec3(0.0, 0.0, 0.0))
    assert waters["1.14"][7] == waters["1.13.2 not in_lava_material_box"][7] == still


def test_push_out_void_and_fire_test_as_in_1_12_2(waters) -> None:
    """Item 8 in stone is pushed out west as in 1.12.2 (1.14: north); item 9 leaves the world below y -64 in tick 2
    (as in 1.12.2 and 1.14: the void); item 4 burns in lava in tick 8, as in 1.12.2 and 1.14 (the fire test)."""
    assert waters["1.13.2"][8] == waters["1.12.2"][8] != waters["1.14"][8]
    (west, _), (north, _) = waters["1.13.2"][8], waters["1.14"][8]
    assert west.x < north.x and north.z < west.z
    for run in ("1.12.2", "1.13.2", "1.14"):
        assert waters[run][9] == 2 and waters[run][4] == 8


SNOWBALLS = (SCENES_DIR / "snowball_1_13_2.toml").read_text()
BORDER = scene_toml(scene={"version": "1.13.2", "border": {"size": 20.0}}, entities=[
    {"type": "minecraft:snowball", "id": 1, "pos": [8.5, 30.0, 0.5], "motion": [1.5, 0.0, 0.0]}])


def _flown(text: str, version: str, flags: dict[str, bool], ticks: int) -> dict[int, tuple[Vec3, Vec3] | None]:
    """The snowballs' position and Motion after `ticks` (None once removed)."""
    sim = _load(text, version, flags)
    for _ in range(ticks):
        sim.tick()
    ends = {}
    for i in (1, 3):
        e = sim.entity_by_id(i)
        ends[i] = None if e is None or e.removed else (e.pos, e.motion)
    return ends


def test_snowball_rays_are_1_13_2_s() -> None:
    """Snowball 1 passes 5.0E-8 outside TNT 2's grown box: AxisAlignedBB.rayTrace's margins meet it in 1.13.2 (as
    1.14), 1.12.2 and the mutant without ray_trace_voxel_shapes pass it by; snowball 3's first ray enters the stone
    by 1.0E-4: 1.13.2 flies on into it as 1.12.2 does, 1.14 stops on it."""
    ours, old, new = (_flown(SNOWBALLS, v, {}, 1) for v in ("1.13.2", "1.12.2", "1.14"))
    mutant = _flown(SNOWBALLS, "1.13.2", {"ray_trace_voxel_shapes": False}, 1)
    assert ours[1] is None and new[1] is None and old[1] is not None and mutant[1] == old[1]
    assert ours[3] == old[3] and ours[3][0].y < 60.0 and new[3] is None


def test_a_snowball_crosses_the_world_border_as_in_1_12_2() -> None:
    """World.rayTraceBlocks of 1.13.2 knows no world border (projectile_world_border): the snowball flies out of a
    20-block border as in 1.12.2 and 1.14."""
    ours, old, new = (_flown(BORDER, v, {}, 3)[1] for v in ("1.13.2", "1.12.2", "1.14"))
    assert ours == old and ours[0].x > 12.0 and new[0].x > 12.0


SLAB_STAIRS = (SCENES_DIR / "explosion_slab_stairs_1_13_2.toml").read_text()


def _exposures(text: str, version: str) -> dict[int, tuple[int, int]]:
    """(unblocked, total) sample points of TNT 2 and 3 when TNT 1 explodes (tick 1)."""
    sim = load_scene_text(text.replace('version = "1.13.2"', f'version = "{version}"'), "<slab>")
    sim.trace_enabled = True
    (blast,) = [e for e in sim.tick().events if e["kind"] == "explosion"]
    return {row["id"]: tuple(row["samples"]) for row in blast["affected"]}


def test_exposure_rays_meet_slabs_and_stairs_by_their_shapes_as_in_1_14() -> None:
    """1.13.2's rays test a slab and a stair by their outline VoxelShapes, the table's collision shapes (BlockSlab
    and BlockStairs override getShape alone): TNT 2 sees the centre over the slab (9 of 27 points), TNT 3 over the
    stair's low half and its step (12 of 27), as 1.14's outline raycast (the 1.14 scene names the slab
    `smooth_stone_slab`); where the stair is a full cube, none of TNT 3's points."""
    old = _exposures(SLAB_STAIRS, "1.13.2")
    assert old == _exposures(SLAB_STAIRS.replace("minecraft:stone_slab", "minecraft:smooth_stone_slab"), "1.14")
    assert 0 < old[2][0] < 27 and 0 < old[3][0] < 27 and old[2][0] != old[3][0]
    cube = SLAB_STAIRS.replace("minecraft:oak_stairs[facing=east,half=bottom]", "minecraft:oak_planks")
    assert _exposures(cube, "1.13.2") == {2: old[2], 3: (0, 27)}
