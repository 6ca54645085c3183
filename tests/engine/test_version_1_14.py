"""Releases 1.14 to 1.15.2 (docs/versions.md): fluids as Yarn's 1.14-1.15.2 sources have them, run as the bundled
scenes at each release and its neighbours.

* `Entity.checkWaterState` alone: no lava stage and no 0.0045 minimum push before 1.16 (`lava_push`).
* `Entity.isSubmergedIn(tag, ...)`: the cell at the eye Y, eye Y < (float)y + height + 0.11111111F, before 1.16
  (`submerged_below_eye`), read by an XP orb's swimming and an item's buoyancy.
* `BaseFluid.getVelocity` compares heights in the world (1.0F under the same fluid) in 1.14-1.14.2, own levels
  from 1.14.3 (`flow_own_levels`).
* Lava before 1.16: no buoyancy for items, which are thrown up instead (`item_lava_buoyancy`); `Entity.move`'s fire
  test burns in fire and lava (`fire_block_collision`); the inLava flag is set in any lava cell the block check
  visits (`lava_flag_below_surface`).
* Soul sand before 1.15: `SoulSandBlock.onEntityCollision` multiplies the Motion by (0.4, 1.0, 0.4) once per cell
  the block check visits, and `Entity.move` has no velocity multiplier (`soul_sand_on_collision`); honey (1.15)
  runs as 1.16's, and is refused in 1.14.x, which lacks it.
* Explosions up to 1.14.4: the server draws the sound's pitch (two world-Random floats) and takes the affected
  positions in the HashSet's order, unshuffled (`explosion_hash_set_blocks`, 1.15).
* Items: 1.14 moves an item every tick (`item_moves_when_needed`, 1.14.1); up to 1.16.1 the ground multiplies an
  item's Motion Y by −0.5 whatever its sign (`item_bounces_only_falling`, 1.16.2).
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from engine.entities.item import Item
from engine.tick.scene import SceneError, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR

F5E_4 = float(np.float32(5.0e-4))    # applyWaterMovement's and applyBuoyancy's 5.0E-4F
MIN_PUSH = 0.0045000000000000005     # Entity.updateMovementInFluid's minimum push (1.16), as the source writes it
LAVA = 0.0023333333333333335         # Entity.updateWaterState's lava factor in the overworld (1.16)


ITEM_Y = 2.8375                      # an item's eye (0.25 x 0.85F high) at the orb's, 3.05


def _scene(name: str, version: str, entity: str | None = None) -> Simulation:
    """The scene at `version`; with `entity` "minecraft:item", its XP orb an item with its eye at the orb's."""
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', (SCENES_DIR / name).read_text(), flags=re.M)
    if entity == "minecraft:item":
        text = text.replace('type = "minecraft:experience_orb"', 'type = "minecraft:item"').replace(
            "value = 3\n", "").replace("pos = [0.5, 2.625, 0.5]", f"pos = [0.5, {ITEM_Y}, 0.5]")
    return load_scene_text(text, name)


def _run(name: str, version: str, ticks: int, entity: str | None = None) -> Simulation:
    sim = _scene(name, version, entity)
    for _ in range(ticks):
        sim.tick()
    return sim


@pytest.mark.parametrize("version", ["1.14", "1.14.4", "1.15", "1.15.2"])
def test_a_tnt_in_flowing_lava_is_not_pushed_before_1_16(version: str) -> None:
    """`Entity.checkWaterState` is the whole fluid stage of the TNT's tick up to 1.15.2: standing in lava that flows
    east, it stays where it is for 20 ticks, its Motion zero."""
    tnt = _run("fluid_lava_no_push_1_15_2.toml", version, 20).entity_by_id(1)
    assert tuple(tnt.pos) == (0.5, 1.0, 0.5)
    assert tuple(tnt.motion) == (0.0, 0.0, 0.0)
    assert tnt.is_in_lava() and tnt.fluid_height["lava"] == 0.0


def test_a_tnt_in_flowing_lava_is_pushed_by_the_minimum_push_from_1_16() -> None:
    """1.16's lava stage: the flow (1, 0, 0) × 0.0023333333333333335 is shorter than 0.0045 and the TNT stands
    still, so the push is that vector normalised (divided by its length's float root, MathHelper.sqrt) × 0.0045,
    added after the ground's drag (Motion 0)."""
    tnt = _run("fluid_lava_no_push_1_15_2.toml", "1.16", 1).entity_by_id(1)
    unit = LAVA / float(np.float32(math.sqrt(LAVA * LAVA)))
    assert tuple(tnt.motion) == (unit * MIN_PUSH, 0.0, 0.0)
    assert tnt.fluid_height["lava"] > 0.4


@pytest.mark.parametrize("entity", ["minecraft:experience_orb", "minecraft:item"])
@pytest.mark.parametrize("version", ["1.14", "1.14.3", "1.15.2"])
def test_an_eye_in_a_hanging_water_cell_is_submerged_before_1_16(version: str, entity: str) -> None:
    """The eye (3.05) is in the water's cell, below its surface + 0.11111111F: submerged, so an XP orb swims
    (`applyWaterMovement`) and an item floats (`applyBuoyancy`): Motion Y 0 + 5.0E-4F, the move, then × 0.98."""
    e = _run("fluid_submerged_eye_cell_1_15_2.toml", version, 1, entity).entity_by_id(1)
    assert e.touching_water and e.pos.y == (ITEM_Y if entity == "minecraft:item" else 2.625) + F5E_4
    assert tuple(e.motion) == (0.0, F5E_4 * 0.98, 0.0)


@pytest.mark.parametrize("entity", ["minecraft:experience_orb", "minecraft:item"])
def test_an_eye_in_a_hanging_water_cell_is_dry_from_1_16(entity: str) -> None:
    """1.16 tests the cell at the eye Y − 0.11111111F, the air below the water: neither swims, and with no gravity
    and no flow to push them both hang still though they touch the water."""
    e = _run("fluid_submerged_eye_cell_1_15_2.toml", "1.16", 5, entity).entity_by_id(1)
    y = ITEM_Y if entity == "minecraft:item" else 2.625
    assert e.touching_water and tuple(e.pos) == (0.5, y, 0.5) and tuple(e.motion) == (0.0, 0.0, 0.0)


def _push(version: str) -> tuple[float, float]:
    m = _run("fluid_flow_world_heights_1_14_2.toml", version, 1).entity_by_id(1).motion
    assert m.y == 0.0
    return m.x, m.z


@pytest.mark.parametrize("version", ["1.14", "1.14.1", "1.14.2"])
def test_a_flow_beside_a_water_column_reads_its_world_height_up_to_1_14_2(version: str) -> None:
    """The east source under water is 1.0F high: the TNT's cell (4/9F) flows 5/9F west and 2/9F south; the push is
    0.014 along that direction (its float-rooted unit vector)."""
    x, z = _push(version)
    assert (x, z) == (-0.012998674028195953, 0.0051994694020874276)
    assert math.isclose(x / z, -2.5, rel_tol=1e-6) and math.isclose(math.hypot(x, z), 0.014, rel_tol=1e-6)


@pytest.mark.parametrize("version", ["1.14.3", "1.14.4", "1.15.2", "1.16"])
def test_a_flow_beside_a_water_column_reads_own_levels_from_1_14_3(version: str) -> None:
    """The east source counts 8/9F: 4/9F west and 2/9F south, a direction (−2, 1)."""
    x, z = _push(version)
    assert (x, z) == (-0.01252198100067707, 0.006260990500338535)
    assert math.isclose(x / z, -2.0, rel_tol=1e-12) and math.isclose(math.hypot(x, z), 0.014, rel_tol=1e-6)


def _item_ticks(name: str, version: str, ticks: int) -> list:
    """The item after each tick: (pos, Motion, health, fire ticks), None once removed."""
    sim = _scene(name, version)
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append(None if e is None or e.removed else (tuple(e.pos), tuple(e.motion), e.health, e.fire_ticks))
    return out


@pytest.mark.parametrize(("version", "drag"), [("1.14", 0.98), ("1.14.1", 1.0), ("1.15.2", 1.0)])
def test_an_item_in_lava_is_thrown_up_and_burns_before_1_16(version: str, drag: float) -> None:
    """Tick 1: no water, so gravity (−0.04) and the move; Entity.move's fire test meets the lava: fire ticks −1 + 1
    = 0 → 8 s (160), burn(1): health 4; Entity.age 40 (39 in the scene, counted by tickEntity) in a lava cell: Motion
    ((a − b) × 0.2F, 0.2F, (c − d) × 0.2F) (1.14 drags it after that: Motion Y 0.2F × 0.98). Tick 2: the fire's 1
    (160 % 20 == 0), then the lava's 4 (inLava): removed."""
    first, second = _item_ticks("fluid_item_in_lava_1_15_2.toml", version, 2)
    pos, motion, health, fire = first
    assert pos == (0.5, 1.2 - 0.04, 0.5) and health == 4 and fire == 160
    assert motion[1] == float(np.float32(0.2)) * drag and all(abs(c) <= float(np.float32(0.2)) for c in motion[::2])
    hop_x = motion[0] / float(np.float32(drag))
    assert hop_x == float(np.float32(hop_x)) and hop_x != 0.0   # a float, drawn
    assert second is None


def test_the_lava_hop_reads_entity_age_not_the_items_own_age(monkeypatch) -> None:
    """The hop read with the item's own age (7 % 40 ≠ 0, a mutant) throws nothing in tick 1: Motion Y −0.04 × 0.98
    from gravity and the drag alone."""
    hop = Item.hop_in_lava

    def hop_by_own_age(item: Item, *args) -> None:
        entity_age, item.age = item.age, item.item_age
        hop(item, *args)
        item.age = entity_age

    monkeypatch.setattr(Item, "hop_in_lava", hop_by_own_age)
    assert _item_ticks("fluid_item_in_lava_1_15_2.toml", "1.15.2", 1)[0][1] == (0.0, -0.04 * 0.98, 0.0)


def test_an_item_in_lava_floats_and_is_not_burnt_by_the_move_from_1_16() -> None:
    """1.16: submerged in lava (the cell at its eye − 0.11111111F), it floats (Motion Y 0 + 5.0E-4F, then × 0.98);
    the move's fire test only keeps the fire ticks; in tick 2 the lava sets 15 s of fire (300) and deals 4."""
    first, second = _item_ticks("fluid_item_in_lava_1_15_2.toml", "1.16", 2)
    assert first == ((0.5, 1.2 + F5E_4, 0.5), (0.0, F5E_4 * 0.98, 0.0), 5, -1)
    assert second is not None and second[2:] == (1, 300)


def test_an_item_above_a_lava_surface_in_its_cell_is_in_lava_before_1_16() -> None:
    """The block check sets inLava in any lava cell up to 1.15.2: in tick 2 the lava's 4 follows the fire's 1 and
    removes it (tick 1 burnt it); from 1.16 the item, above the surface, is untouched."""
    assert _item_ticks("fluid_lava_flag_1_15_2.toml", "1.15.2", 2)[1] is None
    assert _item_ticks("fluid_lava_flag_1_15_2.toml", "1.16", 3) == [((0.5, 1.95, 0.5), (0.0, 0.0, 0.0), 5, -1)] * 3


def test_a_tnt_touching_water_runs_the_same_in_1_15_2_and_1_16_1() -> None:
    """Water alone pushes the same: a TNT between still water and flowing lava (1.16.1 skips the lava while
    touching water, 1.15.2 always) has the same path for 40 ticks."""
    a = _run("fluid_lava_in_water_1_16_1.toml", "1.15.2", 40).entity_by_id(1)
    b = _run("fluid_lava_in_water_1_16_1.toml", "1.16.1", 40).entity_by_id(1)
    assert (tuple(a.pos), tuple(a.motion)) == (tuple(b.pos), tuple(b.motion))


def _ys(name: str, version: str, ticks: int) -> list[tuple[float, float]]:
    sim = _scene(name, version)
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append((e.pos.y, e.motion.y))
    return out


def test_an_item_resting_on_the_ground_moves_every_tick_in_1_14_only() -> None:
    """1.14: gravity, the move (the landing: Y × 0.0 = −0.0), × 0.98, × −0.5: Motion Y +0.0 every tick; 1.14.1:
    the item (id 1) moves at Entity.age 3 only ((3 + 1) % 4 == 0: the age tickEntity has just counted, tick 3's;
    the item's own age is 2 then), Motion Y −0.04 a tick until then."""
    rest = _ys("item_resting_1_14.toml", "1.14", 5)
    assert rest == [(1.0, 0.0)] * 5 and all(math.copysign(1.0, vy) > 0 for _, vy in rest)
    assert _ys("item_resting_1_14.toml", "1.14.1", 5) == [(1.0, -0.04), (1.0, -0.08), (1.0, 0.0), (1.0, -0.04),
                                                         (1.0, -0.08)]


def test_an_item_landing_on_slime_bounces_only_from_1_16_2() -> None:
    """Tick 10 lands it: the slime turns Motion Y up (× −0.8), the drag × 0.98; up to 1.16.1 the ground's × −0.5
    sends it down again (the item stays on the slime), from 1.16.2 it rises."""
    old = _ys("item_slime_bounce_1_16_1.toml", "1.16.1", 16)
    new = _ys("item_slime_bounce_1_16_1.toml", "1.16.2", 16)
    assert old[:9] == new[:9]
    vy = old[8][1] - 0.04                                  # Motion Y as the item lands in tick 10
    assert old[9][1] == vy * -0.8 * 0.98 * -0.5 and new[9][1] == vy * -0.8 * 0.98
    assert all(y == 1.0 for y, _ in old[9:]) and max(y for y, _ in new[9:]) > 1.6


F04 = float(np.float32(0.4))         # Block.getVelocityMultiplier of soul sand from 1.15: 0.4F


def _on_floor(version: str, block: str = "soul_sand") -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """(position, Motion) of the TNT sliding on soul sand (scenes/soul_sand_1_14.toml), or on a floor of `block`,
    after ticks 1 and 2."""
    text = (SCENES_DIR / "soul_sand_1_14.toml").read_text().replace('"minecraft:soul_sand"', f'"minecraft:{block}"')
    sim = load_scene_text(re.sub(r'^version = ".*"$', f'version = "{version}"', text, flags=re.M), block)
    out = []
    for _ in range(2):
        sim.tick()
        tnt = sim.entity_by_id(1)
        out.append((tuple(tnt.pos), tuple(tnt.motion)))
    return out


def _soul_sand_xs(version: str) -> list[tuple[float, float]]:
    """(position X, Motion X) of the TNT on soul sand after ticks 1 and 2; it stays on the floor, Y 0.875."""
    ticks = _on_floor(version)
    assert all(pos[1:] == (0.875, 0.5) and motion[1:] == (0.0, 0.0) for pos, motion in ticks)
    return [(pos[0], motion[0]) for pos, motion in ticks]


@pytest.mark.parametrize("version", ["1.14", "1.14.4"])
def test_soul_sand_slows_once_per_cell_in_the_block_check_before_1_15(version: str) -> None:
    """1.14's PrimedTntEntity.tick: move, then × 0.98 and on the ground × (0.7, −0.5, 0.7); the move's
    checkBlockCollision visits the cells of the box shrunk by 0.001 and each soul-sand cell multiplies X and Z by
    the double 0.4. Tick 1 ends at X 1.5 (box 1.01..1.99: one soul-sand cell), tick 2 at 1.6372 (1.1472..2.1272:
    two cells, × 0.4 twice); no velocity multiplier after the check."""
    first = 0.5 * 0.4 * 0.98 * 0.7
    second = first * 0.4 * 0.4 * 0.98 * 0.7
    assert _soul_sand_xs(version) == [(1.5, first), (1.5 + first, second)]


def test_soul_sand_slows_once_per_cell_in_1_12_2() -> None:
    """1.12.2's BlockSoulSand.onEntityCollidedWithBlock (motionX, motionZ × 0.4D, per cell of doBlockCollisions),
    then EntityTNTPrimed's float drags 0.9800000190734863D and 0.699999988079071D."""
    d, g = 0.9800000190734863, 0.699999988079071
    first = 0.5 * 0.4 * d * g
    assert _soul_sand_xs("1.12.2") == [(1.5, first), (1.5 + first, first * 0.4 * 0.4 * d * g)]


@pytest.mark.parametrize("version", ["1.15", "1.15.2", "1.16"])
def test_soul_sand_is_a_velocity_multiplier_from_1_15(version: str) -> None:
    """From 1.15 Entity.move multiplies X and Z once by Block.getVelocityMultiplier (0.4F, the block at the
    position: the soul sand under the 0.875 floor), however many soul-sand cells the box touches."""
    first = 0.5 * F04 * 0.98 * 0.7
    assert _soul_sand_xs(version) == [(1.5, first), (1.5 + first, first * F04 * 0.98 * 0.7)]


def test_honey_runs_as_1_16_s_in_1_15_and_is_no_block_of_1_14_4() -> None:
    """HoneyBlock was added in 1.15 (its shape, slide and multipliers read as 1.16's): a TNT on a honey floor runs
    the same in 1.15.2 and 1.16; 1.14.4's block table has no honey block (one line naming it)."""
    assert _on_floor("1.15.2", "honey_block") == _on_floor("1.16", "honey_block")
    with pytest.raises(SceneError, match=r"unknown block 'minecraft:honey_block'.*no block of 1\.14\.4"):
        _on_floor("1.14.4", "honey_block")


CAUGHT_TNT = """
[scene]
name = "three TNT blocks caught by an explosion"
version = "{version}"
seed = 11

[[blocks]]
at = [2, 60, 0]
block = "minecraft:tnt"

[[blocks]]
at = [-2, 60, 0]
block = "minecraft:tnt"

[[blocks]]
at = [0, 60, 2]
block = "minecraft:tnt"

[[entities]]
type = "tnt"
pos = [0.5, 60.0, 0.5]
fuse = 1
no_gravity = true
"""


def _caught(version: str) -> list[tuple[tuple[float, float, float], tuple[float, float, float]]]:
    """Where the TNT blocks the explosion catches are primed, and their Motion, in spawn order."""
    sim = load_scene_text(CAUGHT_TNT.format(version=version), "caught")
    sim.tick()
    return [(tuple(e.pos), tuple(e.motion)) for e in sim.entities]


def test_caught_tnt_blocks_are_primed_in_the_hash_set_s_order_up_to_1_14_4() -> None:
    """1.14 and 1.14.4 prime the three caught TNT blocks in 1.12.2's order (the HashSet's: 1.12.2 draws their
    angles from Math.random, so only the positions are compared) with the world Random's angles after the sound's
    two floats; 1.15 shuffles, so its angles differ."""
    old, late, new = _caught("1.14"), _caught("1.14.4"), _caught("1.15")
    assert len(old) == 3 and old == late
    assert [p for p, _ in late] == [p for p, _ in _caught("1.12.2")]
    assert [m for _, m in late] != [m for _, m in new]
