"""1.13.2's explosion, read in the MCP-named 1.13.2 client source (docs/versions.md, "1.13.2 sources"):
`Explosion.doExplosionA`, `WorldServer.newExplosion` (`doExplosionB(false)`), `World.getBlockDensity` and
`rayTraceBlocks`, `VoxelShape.rayTrace`, `AxisAlignedBB.rayTrace`, `EnchantmentProtection.getBlastDamageReduction`.
The explosion is 1.12.2's (`explosion_hash_set_blocks`) but for its exposure rays, 1.12.2's cell walk testing outline
VoxelShapes (`exposure_ray_voxel_shapes`): scenes/explosion_in_block_1_13_2.toml runs in 1.12.2, 1.13.2 and 1.14 and
in 1.13.2 with the flag flipped (the mutants)."""
from __future__ import annotations

import dataclasses

import pytest

from engine.geometry.box import Vec3
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR

Ends = dict[int, Vec3]


def _load(text: str, version: str, flags: dict[str, bool]):
    sim = load_scene_text(text.replace('version = "1.13.2"', f'version = "{version}"'), "<1.13.2b>")
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    return sim


EXPLOSION = (SCENES_DIR / "explosion_in_block_1_13_2.toml").read_text()
EXPLOSION_RUNS = {"1.12.2": {}, "1.13.2": {}, "1.14": {},
                  "1.13.2 not exposure_ray_voxel_shapes": {"exposure_ray_voxel_shapes": False},
                  "1.13.2 exposure_ray_trace_blocks": {"exposure_ray_voxel_shapes": False,
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
    assert blasts["1.14"][3] == blasts["1.13.2 not exposure_ray_voxel_shapes"][3] == Vec3(0.0, 0.0, 0.0)


BLAST_PROTECTION = """[scene]
version = "1.13.2"

[[blocks]]
from = [-3, 0, -3]
to = [3, 0, 3]
block = "minecraft:stone"

[[entities]]
type = "tnt"
pos = [0.5, 1.0, 0.5]
fuse = 1

[[entities]]
type = "minecraft:armor_stand"
id = 2
pos = [2.5, 1.0, 0.5]
marker = true
equipment = { chest = "minecraft:diamond_chestplate" }
enchantments = { chest = { "minecraft:blast_protection" = 4 } }
"""


def _pushed_stand(version: str) -> Vec3:
    """The armour stand's Motion once the TNT's explosion (its first tick) pushed it: before 1.15 its own tick then
    stops the run (`living`), after the push."""
    sim = _load(BLAST_PROTECTION, version, {})
    try:
        sim.tick()
    except NotImplementedError as err:
        assert str(err).startswith("living travel") and f"of version {version}" in str(err)
    return sim.entity_by_id(2).motion


def test_blast_protection_cuts_the_push_as_in_1_12_2() -> None:
    """EnchantmentProtection.getBlastDamageReduction of 1.13.2 is 1.12.2's, I - floor(I x (float)(L x 0.15F)):
    the stand is pushed as in 1.12.2, more than by 1.20's linear I x (1 - 0.15 L) (blast_protection_linear)."""
    ours, old, linear = (_pushed_stand(v) for v in ("1.13.2", "1.12.2", "1.20"))
    assert ours == old and ours.x > 0.0 and ours != linear
