"""1.12.2: Entity.move, the TNT, falling-block, item and XP-orb ticks and the explosion (engine/motion/
collision_boxes.py, raytrace_1_12.py, engine/entities/tnt.py, falling_block.py, item.py, xp_orb.py,
engine/influences/explosion.py; docs/versions.md, "1.12.2 sources").

The expected values are worked out from the MCP-named 1.12.2 code with its literals as Java doubles:
`EntityTNTPrimed.onUpdate` (and `EntityFallingBlock.onUpdate`) subtracts 0.03999999910593033 ((double)0.04F) from
motionY, moves, multiplies by 0.9800000190734863 and on the ground by 0.699999988079071 and -0.5; `Entity.move`
offsets the box and takes its centre (`resetPositionToBB`); `Block.onLanded` sets motionY = 0.0;
`BlockSlime.onLanded` negates a falling motionY and, for a non-living entity, multiplies it by 0.8D; TNT and
falling blocks do not `canTriggerWalking` (no `onEntityWalk`).
"""
from __future__ import annotations

import copy
import math
from typing import Any

import numpy as np
import pytest

from engine.core.versions import features_for
from engine.entities.tnt import Tnt
from engine.entities.xp_orb import spawn_orbs
from engine.geometry.box import Vec3
from engine.java.jrandom import JavaRandom
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml

FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:obsidian"}


def _tnt(pos: list[float], **extra: Any) -> dict[str, Any]:
    return {"type": "tnt", "pos": pos, "fuse": 80, "id": 1, **extra}


def _run(version: str, blocks: list[dict[str, Any]], entities: list[dict[str, Any]], ticks: int,
         scene: dict[str, Any] | None = None) -> Any:
    sim = load_scene_text(scene_toml(scene={"version": version, **(scene or {})}, blocks=blocks, entities=entities),
                          "<1.12.2 case>")
    for _ in range(ticks):
        sim.tick()
    return sim


def _state(version: str, blocks: list[dict[str, Any]], entities: list[dict[str, Any]], ticks: int,
           entity_id: int = 1) -> tuple[tuple[float, ...], tuple[float, ...]]:
    e = _run(version, blocks, entities, ticks).entity_by_id(entity_id)
    return tuple(e.pos), tuple(e.motion)


def _refusal(version: str, blocks: list[dict[str, Any]], entities: list[dict[str, Any]], ticks: int,
             scene: dict[str, Any] | None = None) -> str:
    with pytest.raises(NotImplementedError) as err:
        _run(version, blocks, entities, ticks, scene)
    line = str(err.value)
    assert "\n" not in line and f"of version {version}" in line
    return line


def test_a_falling_tnt_takes_the_float_literals() -> None:
    """One tick from rest: y = 3 − 0.03999999910593033, then motionY × 0.9800000190734863 (1.16.5: 0.04, 0.98)."""
    pos, motion = _state("1.12.2", [], [_tnt([0.5, 3.0, 0.5])], 1)
    assert pos == (0.5, 2.9600000008940697, 0.5) and motion == (0.0, -0.03919999988675116, 0.0)
    assert _state("1.16.5", [], [_tnt([0.5, 3.0, 0.5])], 1) == ((0.5, 2.96, 0.5), (0.0, -0.0392, 0.0))


def test_a_landing_ends_with_motion_y_minus_zero() -> None:
    """A TNT at rest on the floor: onLanded sets motionY = +0.0, the drag keeps it, the ground's × −0.5 makes it
    −0.0; 1.16.5's Y × 0.0 of −0.04 is −0.0, and × −0.5 makes it +0.0."""
    (_, (_, y12, _)), (_, (_, y16, _)) = (_state(v, [FLOOR], [_tnt([0.5, 1.0, 0.5])], 1) for v in ("1.12.2", "1.16.5"))
    assert y12 == 0.0 and math.copysign(1.0, y12) == -1.0
    assert y16 == 0.0 and math.copysign(1.0, y16) == 1.0


def test_a_box_a_hair_inside_the_floor_falls_through_it() -> None:
    """At y = 0.99999995 the box overlaps the floor's top by 5e-8: calculateYOffset stops only a box wholly above
    the block, so the TNT falls freely for two ticks (1.16.5's 1.0E-7 tolerance holds it)."""
    start = [_tnt([0.5, 0.99999995, 0.5])]
    assert _state("1.12.2", [FLOOR], start, 2) == ((0.5, 0.8807999519013882, 0.5), (0.0, -0.07761600052344796, 0.0))
    assert _state("1.16.5", [FLOOR], start, 2) == ((0.5, 0.99999995, 0.5), (0.0, 0.0, 0.0))


def test_a_movement_of_any_length_moves_the_box() -> None:
    """No gravity, 1e-4 a tick: 1.12.2 offsets the box (half width 0.49000000953674316) and takes its centre every
    tick, the motion × 0.9800000190734863; 1.16.5 skips a movement of length² ≤ 1.0E-7."""
    start = [_tnt([0.5, 60.0, 0.5], no_gravity=True, motion=[1.0e-4, 0.0, 0.0])]
    assert _state("1.12.2", [], start, 3) == ((0.5002940400056457, 60.0, 0.5), (9.4119205495453e-05, 0.0, 0.0))
    assert _state("1.16.5", [], start, 3)[0] == (0.5, 60.0, 0.5)


def test_a_tnt_on_slime_is_not_slowed_by_it() -> None:
    """Landing on slime with motion X 0.1: motionY := 0.03999999910593033 × 0.8, no onEntityWalk; then drag and
    the ground's factors. 1.16.5 runs onSteppedOn: X × (0.4 + 0.032 × 0.2)."""
    slime = [{"at": [0, 0, 0], "block": "minecraft:slime_block"}]
    start = [_tnt([0.5, 1.0, 0.5], motion=[0.1, 0.0, 0.0])]
    assert _state("1.12.2", slime, start, 1) == ((0.6000000000000001, 1.0, 0.5),
                                                 (0.068600000166893, -0.015679999954700465, 0.0))
    assert _state("1.16.5", slime, start, 1)[1] == (0.027879040000000004, -0.01568, 0.0)


def test_falling_sand_takes_the_float_literals_and_lands() -> None:
    """scenes/falling_sand.toml: the entity starts (1.0F − 0.98F) / 2.0F = 0.009999990463256836 above the cell's
    floor; one tick later y = 10.009999990463257 − 0.03999999910593033, motionY −0.03999999910593033 ×
    0.9800000190734863; it lands on the stone in tick 23 and is placed there."""
    text = (SCENES_DIR / "falling_sand.toml").read_text().replace('version = "1.16.5"', 'version = "1.12.2"')
    sim = load_scene_text(text, "<falling sand>")
    record = sim.tick()
    e = sim.entities[0]
    assert (e.pos.y, e.motion.y) == (9.969999991357327, -0.03919999988675116)
    for _ in range(22):
        record = sim.tick()
    assert e.removed and any(ev["kind"] == "block_placed" and ev["pos"] == [0, 1, 0] for ev in record.events)


def test_a_falling_block_on_a_ledge_stays_an_entity() -> None:
    """Its box lands on the stone's top, its centre over air: the block at posY − 0.01 under the centre can be
    fallen through, so onGround is cleared and the tick ends (no drag, no placing): it rests there as an entity,
    motionY +0.0 each tick (onLanded). 1.16.5 lands it in the air cell, cannot place it over air and drops it."""
    ledge = [{"at": [0, 5, 0], "block": "minecraft:stone"}]
    sand = [{"type": "minecraft:falling_block", "pos": [1.2, 6.5, 0.5], "block_state": "minecraft:sand",
             "time": 1, "id": 1}]
    pos, motion = _state("1.12.2", ledge, sand, 30)
    assert pos == (1.2, 6.0, 0.5) and motion == (0.0, 0.0, 0.0) and math.copysign(1.0, motion[1]) == 1.0
    assert _run("1.16.5", ledge, sand, 5).entity_by_id(1) is None or _run("1.16.5", ledge, sand, 5).entity_by_id(
        1).removed


def _in_block_blast(version: str) -> dict[str, Any]:
    sim = _run(version, [{"at": [0, 59, 0], "block": "minecraft:stone"}],
               [{"type": "tnt", "pos": [0.5, 59.5, 0.5], "fuse": 1, "no_gravity": True},
                {"type": "tnt", "pos": [0.5, 59.0, 0.5], "fuse": 50, "no_gravity": True, "id": 2}], 0)
    rec = sim.tick()
    return next(e for e in rec.events if e["kind"] == "explosion")["affected"][0]


def test_exposure_rays_inside_the_centre_s_block_cross_no_face() -> None:
    """The centre (y 59.56125) and the target's 27 sample points lie in the same stone cell: the 9 points on the
    cell's bottom face (y = 59.0) meet that face at the ray's start (calculateIntercept: t = 0 counts) and are
    blocked, the 18 inside cross no face plane and reach the centre. 1.16.5 blocks every ray starting inside."""
    assert list(_in_block_blast("1.12.2")["samples"]) == [18, 27]
    assert list(_in_block_blast("1.16.5")["samples"]) == [0, 27]


def test_the_explosion_draws_its_rays_then_the_sound_s_two_floats() -> None:
    """Nothing to break: 1352 ray floats (Explosion.doExplosionA) and the sound's two (doExplosionB), no shuffle."""
    sim = load_scene_text(scene_toml(scene={"version": "1.12.2"}, entities=[
        {"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 1, "no_gravity": True}]), "<1.12.2 blast>")
    expected: JavaRandom = copy.copy(sim.random)
    for _ in range(1352 + 2):
        expected.next_float()
    sim.tick()
    assert sim.random.get_state() == expected.get_state()


def test_what_1_12_2_does_not_compare_stops_in_one_line() -> None:
    assert "world border" in _refusal("1.12.2", [], [_tnt([9.5, 60.0, 0.5], motion=[0.6, 0.0, 0.0])], 2,
                                      {"border": {"size": 20.0}})
    assert "bounding box" in _refusal(
        "1.12.2", [{"at": [1, 60, 0], "block": "minecraft:dandelion"}],
        [{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 1, "no_gravity": True},
         {"type": "tnt", "pos": [2.5, 60.0, 0.5], "fuse": 50, "no_gravity": True, "id": 2}], 1)
    assert "anvil" in _refusal("1.12.2", [], [{"type": "minecraft:falling_block", "pos": [0.5, 30.0, 0.5],
                                                "block_state": "minecraft:anvil", "time": 1}], 1)
    # the upper block, a hair into the cell the lower one is placed in, falls through it onto the stone: no room
    assert "Math.random()" in _refusal("1.12.2", [{"at": [0, 5, 0], "block": "minecraft:stone"}], [
        {"type": "minecraft:falling_block", "pos": [0.5, 7.0, 0.5], "block_state": "minecraft:sand", "time": 1},
        {"type": "minecraft:falling_block", "pos": [0.5, 6.0, 0.5], "block_state": "minecraft:sand", "time": 1}], 40)
    for version in ("1.12", "1.12.1"):   # only 1.12.2's source was read
        assert "TntEntity.tick" in _refusal(version, [], [_tnt([0.5, 60.0, 0.5])], 1)


def test_the_compiled_tnt_loop_leaves_1_12_2_to_the_objects() -> None:
    sim = _run("1.12.2", [FLOOR], [_tnt([0.5, 1.0, 0.5])], 0)
    assert not Tnt.batch.decides(sim.world, features_for("1.12.2"))
    assert Tnt.batch.decides(sim.world, features_for("1.16.5"))


def test_the_1_12_2_cannon_s_projectile_slides_over_the_slime() -> None:
    """scenes/tnt_cannon_1_12_2.toml: four TNT push the fifth along slime blocks; 1.12.2 gives TNT no
    onEntityWalk, so it slides to the strip's end (x 12.05), where 1.16.5's slime slows it to a stop at 8.37."""
    text = (SCENES_DIR / "tnt_cannon_1_12_2.toml").read_text()
    ends = {}
    for version in ("1.12.2", "1.16.5"):
        sim = load_scene_text(text.replace('version = "1.12.2"', f'version = "{version}"'), "<cannon>")
        for _ in range(45):
            sim.tick()
        ends[version] = sim.entity_by_id(10).pos.x
    assert 12.04 < ends["1.12.2"] < 12.05 and 8.36 < ends["1.16.5"] < 8.38


def _scene_run(version: str, ticks: int) -> Any:
    text = (SCENES_DIR / "item_xp_orb_1_12_2.toml").read_text().replace('version = "1.12.2"', f'version = "{version}"')
    sim = load_scene_text(text, "<item and orb>")
    for _ in range(ticks):
        sim.tick()
    return sim


def test_a_falling_item_takes_the_float_literals() -> None:
    """EntityItem.onUpdate from rest: motionY −= 0.03999999910593033, the move, × 0.9800000190734863."""
    item = {"type": "minecraft:item", "item": "minecraft:stone", "pos": [0.5, 30.0, 0.5], "id": 1}
    assert _state("1.12.2", [], [item], 1) == ((0.5, 29.96000000089407, 0.5), (0.0, -0.03919999988675116, 0.0))
    assert _state("1.16.5", [], [item], 1) == ((0.5, 29.96, 0.5), (0.0, -0.0392, 0.0))


def test_a_slow_item_on_ice_moves_every_tick() -> None:
    """scenes/item_xp_orb_1_12_2.toml, item 1 at 0.003 m/gt on packed ice: 1.12.2 moves it every tick and
    multiplies motionX by (double)(0.98F × 0.98F) = 0.9604000449180603 (0.003 → 0.002881200134754181 →
    0.0027671047388358365 → …); 1.16.5 moves an item on the ground slower than 1.0E-5F² only when (age + id) % 4
    is 0, so after 4 ticks it has moved twice."""
    e = _scene_run("1.12.2", 4).entity_by_id(1)
    assert (tuple(e.pos), tuple(e.motion)) == ((0.5113058323890609, 1.0, 0.5), (0.0025522895452292477, -0.0, 0.0))
    e = _scene_run("1.16.5", 4).entity_by_id(1)
    assert (tuple(e.pos), e.motion.x) == ((0.5058812001347542, 1.0, 0.5), 0.0027671047388358365)


def _kick(seed: int) -> float:
    """pushOutOfBlocks' f = rand.nextFloat() × 0.2F + 0.1F, in float."""
    return float(np.float32(np.float32(JavaRandom(seed).next_float()) * np.float32(0.2)) + np.float32(0.1))


def test_an_item_in_a_block_is_pushed_west_first() -> None:
    """Item 2 in a stone block, its box's centre (4.5, 1.5, 4.5) as near the west, east, north, south and top
    faces: 1.12.2 tries WEST, EAST, NORTH, SOUTH, UP and keeps the first of equal distances (west), 1.16.5 tries
    NORTH first. The kick −f on X, motionY (−0.03999999910593033) × 0.75; the move is not cut (the box is inside the
    stone, not beside it), then × 0.9800000190734863."""
    sim = _scene_run("1.12.2", 0)
    f = _kick(sim.entity_seed(2))
    sim.tick()
    e = sim.entity_by_id(2)
    assert e.motion.z == 0.0 and e.motion.x == -f * 0.9800000190734863
    assert e.motion.y == -0.03999999910593033 * 0.75 * 0.9800000190734863 and e.pos.y == 1.3450000006705523
    e16 = _scene_run("1.16.5", 1).entity_by_id(2)
    assert e16.motion.x == 0.0 and e16.motion.z == e.motion.x and e16.pos.z == e.pos.x   # X and Z × 0.98F


def test_a_summoned_orb_is_a_quarter_block_wide() -> None:
    """Orb 3 (made by EntityXPOrb(World): 0.25 × 0.25) slides into the wall at x 8 and stops with its box's max X
    there, at x 7.875; 1.16.5's orb is 0.5 wide (7.75). Resting, 1.12.2's motionY is +0.0 (onLanded) × 0.98 ×
    −0.9F = −0.0; 1.16.5's is −0.03 × 0.0 (−0.0) × 0.98 × −0.9 = +0.0."""
    e = _scene_run("1.12.2", 20).entity_by_id(3)
    assert tuple(e.pos) == (7.875, 1.0, 0.5) and e.motion.y == 0.0 and math.copysign(1.0, e.motion.y) == -1.0
    e = _scene_run("1.16.5", 20).entity_by_id(3)
    assert tuple(e.pos) == (7.75, 1.0, 0.5) and math.copysign(1.0, e.motion.y) == 1.0


def test_a_falling_orb_takes_the_float_literals() -> None:
    """motionY −= 0.029999999329447746 ((double)0.03F), × 0.9800000190734863."""
    e = _scene_run("1.12.2", 1).entity_by_id(3)
    assert (e.pos.y, e.motion.y) == (1.4700000006705523, -0.02939999991506337)


def test_an_item_in_lava_burns_twice_and_is_kicked_by_its_random() -> None:
    """An item falling into a lava cell: isInLava (a lava block in the box shrunk by 0.1, 0.4, 0.1: cells y 29-30)
    burns it in the base tick (health 5 − 4, fire 300); Entity.move's fire test finds the lava in its box's cells
    and deals 1 more (IN_FIRE): removed, it goes on with its tick. The move changed its (int) cell, so the lava in
    floor(position)'s cell sets motionY 0.2F and X, Z (r1 − r2) × 0.2F, (r3 − r4) × 0.2F, then the drag; the burn
    sound draws a fifth float. Lava pushes nothing in 1.12.2."""
    lava = [{"at": [0, 29, 0], "block": "minecraft:lava"}]
    item = [{"type": "minecraft:item", "item": "minecraft:stone", "pos": [0.5, 30.01, 0.5], "id": 1}]
    sim = _run("1.12.2", lava, item, 0)
    e = sim.entity_by_id(1)
    r = JavaRandom(sim.entity_seed(1))
    x = np.float32(np.float32(r.next_float()) - np.float32(r.next_float())) * np.float32(0.2)
    z = np.float32(np.float32(r.next_float()) - np.float32(r.next_float())) * np.float32(0.2)
    r.next_float()
    sim.tick()
    assert tuple(e.motion) == (float(x) * 0.9800000190734863, 0.20000000298023224 * 0.9800000190734863,
                               float(z) * 0.9800000190734863)
    assert e.random.get_state() == r.get_state() and e.removed and e.health == 0


def test_lava_in_the_box_burns_in_the_move() -> None:
    """An item falling onto a lava pool: 1.12.2's fire test in Entity.move (World.isFlammableWithin) hurts it once
    its box reaches the lava's cell (tick 7: 1 damage, fire ticks −1 + 1 = 0 → setFire(8) = 160), and in tick 8 the
    fire (160 % 20 = 0: 1) and isInLava (4) end it; 1.16.5's move hurts nothing and lava kills it in tick 10."""
    blocks = [{"from": [-2, 27, -2], "to": [2, 27, 2], "block": "minecraft:stone"},
              {"from": [-1, 28, -1], "to": [1, 28, 1], "block": "minecraft:lava"}]
    item = [{"type": "minecraft:item", "item": "minecraft:stone", "pos": [0.5, 30.0, 0.5], "id": 1}]
    sim = _run("1.12.2", blocks, item, 7)
    e = sim.entity_by_id(1)
    assert (e.health, e.fire_ticks) == (4, 160)
    sim.tick()
    assert e.removed
    assert _run("1.16.5", blocks, item, 9).entity_by_id(1).health == 1


def _water_run(version: str, ticks: int) -> Any:
    text = (SCENES_DIR / "water_1_12_2.toml").read_text().replace('version = "1.12.2"', f'version = "{version}"')
    sim = load_scene_text(text, "<water>")
    for _ in range(ticks):
        sim.tick()
    return sim


def test_an_item_in_a_stream_is_pushed_twice_a_tick_and_sinks() -> None:
    """scenes/water_1_12_2.toml, item 1 on the floor of level-1 water flowing east (the west neighbour level 0,
    the east one level 2: depths −1 and +1 give (2, 0, 0), normalized (1, 0, 0)): the base tick's
    handleWaterMovement (EntityItem's: over its whole box) adds 0.014; then motionY −= (double)0.04F, the move
    east by 0.014 onto the floor (onLanded: motionY +0.0), X × (0.6F × 0.98F, a float product:
    0.5880000591278076), Y × −0.5 on the ground, and the end of the tick adds 0.014 again. No splash: its first
    tick. 1.16.5's item floats up (motionY 0.00049)."""
    e = _water_run("1.12.2", 1).entity_by_id(1)
    assert tuple(e.pos) == (1.514, 1.0, 0.5) and e.on_ground and e.touching_water
    assert tuple(e.motion) == (0.014 * 0.5880000591278076 + 0.014, 0.0, 0.0)
    assert _water_run("1.16.5", 1).entity_by_id(1).motion.y > 0.0


def test_falling_water_beside_glass_pulls_nothing() -> None:
    """TNT 2 and 3 (no gravity) in falling water (level 8, no horizontal flow: air over stone on three sides, a
    wall on the fourth): beside stone getFlow is normalize(0) + (0, −6, 0), normalized (0, −1, 0): −0.014 in the
    first tick (after the drag: the push ends EntityTNTPrimed.onUpdate); glass makes no downward current
    (isExceptBlockForAttachWithPiston), so TNT 2 stays. 1.16.5's glass has a full face: both are pulled."""
    sim = _water_run("1.12.2", 1)
    assert tuple(sim.entity_by_id(2).motion) == (0.0, 0.0, 0.0) and tuple(sim.entity_by_id(3).motion) == (
        0.0, -0.014, 0.0)
    sim = _water_run("1.12.2", 20)
    assert tuple(sim.entity_by_id(2).pos) == (2.5, 4.0, 3.5) and sim.entity_by_id(3).pos.y < 2.0
    assert _water_run("1.16.5", 1).entity_by_id(2).motion.y == -0.014


def test_a_summoned_orb_in_water_is_pushed_by_its_whole_box() -> None:
    """EntityXPOrb.handleWaterMovement: handleMaterialAcceleration over its own box (0.25 high at y 1.0: cell y 1),
    once a tick (the base tick), and inWater is not set; then motionY −= (double)0.03F, the landing (+0.0), X ×
    0.6F × 0.98F, Y × 0.98 × −0.9F (−0.0)."""
    orb = [{"type": "minecraft:experience_orb", "pos": [1.5, 1.0, 0.5], "id": 1}]
    blocks = [{"from": [-2, 0, -2], "to": [9, 0, 7], "block": "minecraft:stone"},
              {"at": [0, 1, 0], "block": "minecraft:water"}, {"at": [1, 1, 0], "block": "minecraft:water[level=1]"},
              {"at": [2, 1, 0], "block": "minecraft:water[level=2]"}]
    sim = _run("1.12.2", blocks, orb, 1)
    e = sim.entity_by_id(1)
    assert not e.touching_water and tuple(e.motion) == (0.014 * 0.5880000591278076, -0.0, 0.0)


def test_entering_water_draws_the_splash() -> None:
    """An item entering water after its first tick: doWaterSplashEffect draws the sound's two floats and, for
    (float)i < 1.0F + 0.25F × 20.0F (6 each), three floats per bubble and two per splash particle: 32 in all."""
    water = [{"from": [-1, 28, -1], "to": [1, 28, 1], "block": "minecraft:water"}]
    item = [{"type": "minecraft:item", "item": "minecraft:stone", "pos": [0.5, 29.5, 0.5], "id": 1,
             "motion": [0.0, -0.3, 0.0]}]
    sim = _run("1.12.2", water, item, 1)
    e = sim.entity_by_id(1)
    before = copy.copy(e.random)
    assert not e.touching_water
    sim.tick()
    assert e.touching_water
    for _ in range(32):
        before.next_float()
    assert e.random.get_state() == before.get_state()


def test_a_cobweb_slows_the_next_move() -> None:
    """A TNT starting in a cobweb: the first move ends in doBlockCollisions' setInWeb; the second move's movement
    is scaled by (0.25, 0.05000000074505806, 0.25) and the motion fields zeroed (then the drag keeps 0): y = 30 −
    0.03999999910593033 + (−0.03919999988675116 − 0.03999999910593033) × 0.05000000074505806."""
    web = [{"at": [0, 30, 0], "block": "minecraft:cobweb"}]
    assert _state("1.12.2", web, [_tnt([0.5, 30.0, 0.5])], 2) == ((0.5, 29.956040000885427, 0.5), (0.0, 0.0, 0.0))


def test_fire_burns_in_the_move_as_the_fire_block_did() -> None:
    """An item in a fire block: 1.12.2's move deals 1 (IN_FIRE) and adds a fire tick (−1 → 0: 8 s, 160), as 1.16.5's
    fire block's onEntityCollision does; the same health and fire ticks after one tick."""
    fire = [{"at": [0, 30, 0], "block": "minecraft:fire"}, {"at": [0, 29, 0], "block": "minecraft:stone"}]
    item = [{"type": "minecraft:item", "item": "minecraft:stone", "pos": [0.5, 30.0, 0.5], "id": 1}]
    for version in ("1.12.2", "1.16.5"):
        e = _run(version, fire, item, 1).entity_by_id(1)
        assert (e.health, e.fire_ticks) == (4, 160), version


def test_other_blocks_acting_on_entities_stop_1_12_2() -> None:
    """Blocks whose onEntityCollidedWithBlock is not compared stop the run in one line (a block 1.12.2 lacks is no
    block of its table: tests/engine/test_version_blocks_12.py)."""
    cactus = [{"at": [0, 30, 0], "block": "minecraft:cactus"}]
    assert "cactus" in _refusal("1.12.2", cactus, [_tnt([0.5, 30.0, 0.5])], 1)


def test_the_water_scene_s_item_burns_up_two_ticks_earlier() -> None:
    """scenes/water_1_12_2.toml, item 4 over the lava pool: gone after 8 ticks in 1.12.2, alive in 1.16.5 until 10."""
    assert _water_run("1.12.2", 8).entity_by_id(4) is None
    sim = _water_run("1.16.5", 8)
    assert not sim.entity_by_id(4).removed


def test_a_spawned_orb_of_1_12_2_stops_in_one_line() -> None:
    """new EntityXPOrb(world, x, y, z, value) draws its yaw and Motion from Math.random(): not reproducible."""
    sim = _run("1.12.2", [], [], 0)
    with pytest.raises(NotImplementedError, match="Math.random") as err:
        spawn_orbs(sim, Vec3(0.5, 30.0, 0.5), 7)
    assert "\n" not in str(err.value) and "of version 1.12.2" in str(err.value)


def _events(version: str, text: str, ticks: int) -> list[tuple[int, dict[str, Any]]]:
    sim = load_scene_text(text.replace('version = "1.12.2"', f'version = "{version}"'), "<pearls>")
    return [(t, ev) for t in range(1, ticks + 1) for ev in sim.tick().events]


def _removed_in(version: str, blocks: list[dict[str, Any]], entities: list[dict[str, Any]], ticks: int) -> int | None:
    sim = _run(version, blocks, entities, 0)
    for t in range(1, ticks + 1):
        sim.tick()
        if sim.entity_by_id(1) is None or sim.entity_by_id(1).removed:
            return t
    return None


def test_a_pearl_lands_on_grass_by_its_bounding_box() -> None:
    """scenes/pearl_1_12_2.toml, pearl 1 (0.5, 61.0) with motion (0.5, 0, 0): EntityThrowable.onUpdate moves it by
    the motion, then × 0.9900000095367432 and motionY − 0.029999999329447746, so it starts tick 6 at
    x 0.5 + 0.5 + 0.4950000047683716 + 0.4900500094413758 + 0.4851495140204431 + 0.480298023506985 =
    2.9504975517371754, y 61.0 − 0.029999999329447746 − 0.059699998951703304 − 0.08910299886097758 −
    0.11821196905156797 = 60.70298503380631; its ray to x 3.426 crosses the grass's TALL_GRASS_AABB face at
    x 3.0999999940395355 below its 0.800000011920929 top, and onImpact teleports to the pearl's position. 1.16.5's
    raycast sees no collision shape there: the pearl lands on the stone in tick 9."""
    text = (SCENES_DIR / "pearl_1_12_2.toml").read_text()
    landed = {v: [(t, ev["to"]) for t, ev in _events(v, text, 12) if ev["source"] == 1] for v in ("1.12.2", "1.16.5")}
    assert landed["1.12.2"] == [(6, [2.9504975517371754, 60.70298503380631, 0.5])]
    assert landed["1.16.5"][0][0] == 9


def test_a_pearl_owned_by_a_tnt_teleports_nothing() -> None:
    """scenes/pearl_1_12_2.toml, pearl 2 of TNT 3: EntityThrowable.getThrower is an EntityLivingBase, so the TNT
    stays at (8.5, 60.0, 4.5) in 1.12.2; 1.16.5's owner is any entity, teleported to the pearl's position."""
    text = (SCENES_DIR / "pearl_1_12_2.toml").read_text()
    for version, owner in (("1.12.2", None), ("1.16.5", 3)):
        events = [ev for _, ev in _events(version, text, 12) if ev["source"] == 2]
        assert [ev["owner"] for ev in events] == [owner]
    sim = load_scene_text(text, "<pearls>")
    for _ in range(12):
        sim.tick()
    assert tuple(sim.entity_by_id(3).pos) == (8.5, 60.0, 4.5)


def test_a_snowball_stops_on_a_cobweb_and_hits_its_owner() -> None:
    """A cobweb's bounding box is a full cube (BlockWeb has no collision box): the 1.12.2 ray from x 1.5 meets its
    face x 2.0 in tick 2; 1.16.5's raycast passes through. A snowball starting inside its owner TNT's box grown by
    0.30000001192092896 (x up to 1.2900000119) hits it where its path first crosses a face of it: tick 3, from
    x 0.5 + 0.3 + 0.29700000286102295 = 1.097 (calculateIntercept finds no face on a path wholly inside); 1.12.2 has
    no owner test without a living thrower, where 1.16.5 skips its owner until it has left it."""
    web = [{"at": [2, 60, 0], "block": "minecraft:cobweb"}]
    ball = [{"type": "minecraft:snowball", "pos": [0.5, 60.5, 0.5], "motion": [1.0, 0.0, 0.0], "no_gravity": True,
             "id": 1}]
    assert (_removed_in("1.12.2", web, ball, 5), _removed_in("1.16.5", web, ball, 5)) == (2, None)
    owned = [{"type": "minecraft:snowball", "pos": [0.5, 60.2, 0.5], "motion": [0.3, 0.0, 0.0], "owner": 2,
              "id": 1}, {"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 80, "no_gravity": True, "id": 2}]
    assert (_removed_in("1.12.2", [], owned, 5), _removed_in("1.16.5", [], owned, 5)) == (3, None)


def test_a_fence_s_bounding_box_spans_its_connections_and_other_boxes_stop_in_one_line() -> None:
    """Two joined fence posts (BlockFence.BOUNDING_BOXES: x 0.375..1 and 0..0.625): a snowball at y 60.5 meets the
    first at x 2.375 in tick 2. A torch's bounding box is not compared: the run stops in one line."""
    fence = [{"at": [2, 60, 0], "block": "minecraft:oak_fence[east=true]"},
             {"at": [3, 60, 0], "block": "minecraft:oak_fence[west=true]"}]
    ball = [{"type": "minecraft:snowball", "pos": [0.5, 60.5, 0.5], "motion": [1.0, 0.0, 0.0], "no_gravity": True,
             "id": 1}]
    assert _removed_in("1.12.2", fence, ball, 5) == 2
    line = _refusal("1.12.2", [{"at": [2, 60, 0], "block": "minecraft:torch"}], ball, 3)
    assert "minecraft:torch, whose bounding box" in line


def test_a_falling_anvil_landing_after_a_fall_of_more_than_one_stops_every_release() -> None:
    """FallingBlockEntity.handleFallDamage (1.14 to 1.21.11; 1.12.2's EntityFallingBlock.fall): an anvil, which hurts
    entities by default, landing after a fall of more than 1 damages the entities in its box and draws from its
    Random to chip — not simulated, one line. Dropped from 61.0 onto the stone's top at 60.0 its fall distance is
    1.0 (ceil(1.0 − 1.0F) = 0: no damage, no draw) and it is placed."""
    floor = [{"from": [-3, 59, -3], "to": [3, 59, 3], "block": "minecraft:stone"}]
    high = [{"type": "minecraft:falling_block", "pos": [0.5, 65.0, 0.5], "block_state": "minecraft:anvil", "time": 1,
             "id": 1}]
    for version in ("1.12.2", "1.14", "1.16.5", "1.21.3", "1.21.11"):
        assert "anvil" in _refusal(version, floor, high, 20)
    low = [{**high[0], "pos": [0.5, 61.0, 0.5]}]
    assert _run("1.16.5", floor, low, 10).world.get_block_state(0, 60, 0).block == "anvil"
