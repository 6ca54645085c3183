"""Experience orbs merging from 1.17 (`xp_orb_merging`, ExperienceOrbEntity.expensiveUpdate and spawn), run as
scenes: which orbs merge, what the merged orb keeps, and a spawn that adds to an orb already there."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.entities.xp_orb import ExperienceOrb, spawn_orbs
from engine.geometry.box import Vec3
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml

FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}


def _orb(entity_id: int, value: int, x: float = 0.5, **extra: Any) -> dict[str, Any]:
    return {"type": "minecraft:experience_orb", "pos": [x, 1.0, 0.5], "value": value, "id": entity_id, **extra}


def test_an_orb_takes_in_the_orbs_of_its_value_whose_ids_differ_by_a_multiple_of_40() -> None:
    sim = load_scene_text(scene_toml(scene={"version": "1.17"}, blocks=[FLOOR], entities=[
        _orb(1, 3, age=100), _orb(41, 3, x=0.9, age=7, picking_count=2), _orb(81, 3, x=1.2, age=30), _orb(2, 3),
        _orb(121, 7), _orb(161, 3, x=2.6)]))
    sim.tick()
    first = sim.entity_by_id(1)
    assert first.picking_count == 4 and first.orb_age == 8     # 1 + 2 + 1; the lower age (7), then its own tick's +1
    assert sim.entity_by_id(41) is None and sim.entity_by_id(81) is None
    assert sim.entity_by_id(2) is not None           # id 2 − 1 is no multiple of 40
    assert sim.entity_by_id(121) is not None         # another value
    assert sim.entity_by_id(161) is not None         # beyond its box expanded by 0.5


def test_orbs_merge_only_every_20_ticks_and_never_before_1_17() -> None:
    """An orb drifting towards another comes within reach between two merge ticks; it merges at the next tick
    whose age % 20 == 1, never before 1.17."""
    text = scene_toml(scene={"version": "1.17"}, entities=[
        _orb(1, 3, no_gravity=True), _orb(41, 3, x=2.0, motion=[-0.02, 0.0, 0.0], no_gravity=True)])
    sim = load_scene_text(text)
    first, drifting = sim.entity_by_id(1), sim.entity_by_id(41)
    in_reach_since = merged_at = None
    while merged_at is None and sim.tick_count < 100:
        if in_reach_since is None and drifting.box.intersects(first.box.expand(0.5)):
            in_reach_since = sim.tick_count + 1     # the first tick that starts with it in reach
        sim.tick()
        if sim.entity_by_id(41) is None:
            merged_at = sim.tick_count
    assert in_reach_since is not None and in_reach_since % 20 != 1
    assert merged_at % 20 == 1 and 0 < merged_at - in_reach_since < 20
    old = load_scene_text(text.replace('version = "1.17"', 'version = "1.16.5"'))
    for _ in range(100):
        old.tick()
    assert old.entity_by_id(41) is not None


def _bottle_over(orbs: list[dict[str, Any]]) -> str:
    return scene_toml(scene={"version": "1.17"}, blocks=[FLOOR], entities=[
        {"type": "minecraft:experience_bottle", "pos": [0.5, 1.05, 0.5], "motion": [0.0, -0.5, 0.0], "id": 1},
        *orbs])


def test_a_bottle_s_orbs_add_to_orbs_already_there() -> None:
    """With 40 orbs of each value of a bottle's orbs (7, 3, 1) and consecutive ids below it, every world Random
    draw below 40 finds exactly one: no orb is created, and the counts grow by the orbs the bottle would make."""
    orbs = [_orb(100 + 40 * k + i, value, age=50) for k, value in enumerate((7, 3, 1)) for i in range(40)]
    sim = load_scene_text(_bottle_over(orbs))
    sim.tick()
    assert sim.entity_by_id(1) is None   # the bottle broke on the floor in its first tick
    live = [e for e in sim.entities if e.TYPE == "minecraft:experience_orb"]
    assert len(live) == 120 and all(e.id < 220 for e in live)
    grown = [e for e in live if e.picking_count > 1]
    # restarted at 0 by the spawn, then their own tick after the bottle's; the others count on from 50
    assert grown and all(e.orb_age == 1 for e in grown)
    assert all(e.orb_age == 51 for e in live if e.picking_count == 1)


def test_two_orbs_that_could_take_a_spawned_orb_stop_the_run_in_one_line() -> None:
    """Two orbs of each value for every draw below 40 (ids 40 apart): the first in 1.17's entity-section order
    would take it; that order is not modelled."""
    orbs = [_orb(100 + 80 * k + i, value, age=50) for k, value in enumerate((7, 3, 1)) for i in range(80)]
    sim = load_scene_text(_bottle_over(orbs))
    with pytest.raises(NotImplementedError, match=r"^the XP-orb tick .* of version 1\.17 at a spawn at .* could "
                                                  r"each take the new orb"):
        sim.tick()


@pytest.mark.parametrize(("version", "expected"), [
    # the Y before the move is the gravity's -0.03; the landing zeroes Y (Block.onEntityLand: x 0.0), the drag
    # keeps it 0. 1.21.3: 0.0 x -0.9; 1.21.4 (ExperienceOrbEntity.tick, read): -(-0.03) x 0.4 = 0.012, then
    # -(0.012 - 0.03) x 0.4 = 0.0072 and -(0.0072 - 0.03) x 0.4 = 0.00912 (0.009120000000000001 in double)
    ("1.21.3", [0.0, 0.0, 0.0]),
    ("1.21.4", [0.012, 0.0072, 0.009120000000000001]),
])
def test_an_orb_on_the_ground_bounces_by_its_y_before_the_move_from_1_21_4(version: str,
                                                                           expected: list[float]) -> None:
    sim = load_scene_text(scene_toml(scene={"version": version}, blocks=[FLOOR], entities=[
        _orb(1, 3, on_ground=True)]))
    got = []
    for _ in expected:
        sim.tick()
        orb = sim.entity_by_id(1)
        assert orb.pos.y == 1.0 and orb.on_ground
        got.append(orb.motion.y)
    assert got == expected


@pytest.mark.parametrize(("version", "resting", "falling"), [
    # resting on stone: 1.21.4 hops (above); 1.21.8 (ExperienceOrb.tick, read) bounces only where the Y before the
    # move was below -0.03, so the landing's 0.0 stays. Falling from rest: -0.03, then x 0.98 (1.21.4) or x 0.98F
    # (1.21.8: the friction scales Y too): -0.0294 or -0.029400000572204588
    ("1.21.4", [0.012, 0.0072], -0.0294),
    ("1.21.8", [0.0, 0.0], -0.029400000572204588),
    ("1.21.7", [0.0, 0.0], -0.029400000572204588),   # ExperienceOrb.tick of 1.21.7 (read) is 1.21.8's
    ("1.21.6", [0.0, 0.0], -0.029400000572204588),   # and of 1.21.6's 25w18a snapshot (read): 1.21.6 bracketed
    ("1.21.5", [0.0, 0.0], -0.029400000572204588),   # and 25w03a's and 25w15a's (read) but for the push test
    ("1.21.11", [0.0, 0.0], -0.029400000572204588),
])
def test_the_1_21_8_tick_drags_y_by_the_friction_and_bounces_only_a_fall(version: str, resting: list[float],
                                                                          falling: float) -> None:
    sim = load_scene_text(scene_toml(scene={"version": version}, blocks=[FLOOR], entities=[
        _orb(1, 3, on_ground=True), _orb(2, 7, x=2.5, pos=[2.5, 2.0, 0.5])]))
    got = []
    for _ in resting:
        sim.tick()
        got.append(sim.entity_by_id(1).motion.y)
        if len(got) == 1:
            assert sim.entity_by_id(2).motion.y == falling
    assert got == resting


IN_BLOCK = (SCENES_DIR / "xp_orb_in_block_1_21_6.toml").read_text()


def _rising(version: str, **flags: bool) -> tuple[float, float]:
    """The orb of scenes/xp_orb_in_block_1_21_6.toml after one tick: (y, Motion Y)."""
    sim = load_scene_text(IN_BLOCK.replace('version = "1.21.6"', f'version = "{version}"'))
    sim.features = dataclasses.replace(sim.features, **flags)
    sim.tick()
    orb = sim.entity_by_id(1)
    return orb.pos.y, orb.motion.y


def test_an_orb_in_a_block_is_pushed_out_in_1_21_5_and_rises_on_from_1_21_6() -> None:
    """The scene's comment: 1.21.5 pushes the orb whose box collides (the Motion x 0.75 plus a kick up, drawn),
    then moves it; 1.21.4 does too, its friction on Y in double where 1.21.5's is 0.98F (`xp_orb_tick_1_21_8`);
    1.21.6-1.21.8 leave it, the box moved by the Motion being free, and it rises 0.8 to the floor's top, out of the
    block (`xp_orb_push_moved_box`). 1.21.6 with the flag off is 1.21.5 (the mutant)."""
    assert _rising("1.21.4") == (0.5461756467819214, 0.24125213384628297)
    assert _rising("1.21.5") == (0.5461756467819214, 0.2412521385417108)
    assert _rising("1.21.6") == _rising("1.21.7") == _rising("1.21.8") == (1.1, 0.7840000152587892)
    assert _rising("1.21.6", xp_orb_push_moved_box=False) == _rising("1.21.5")


def test_1_21_5_and_1_21_6_spawn_as_1_21_4_and_1_21_7_and_1_21_8_refuses_a_spawn_in_a_block() -> None:
    """new ExperienceOrb of 1.21.5 (its 25w03a snapshot and the 25w15a and 25w18a snapshots of 1.21.6, read) is
    1.21.4's: a bottle breaking on the floor spawns the same orbs in 1.21.4 and 1.21.5. 1.21.6 spawns as 1.21.7
    (bracketed by 25w21a). 1.21.8: a spawned orb whose box collides is moved by unstuckIfPossible
    (Level.findFreePosition), not simulated."""
    spawned = {}
    for version in ("1.21.4", "1.21.5", "1.21.6", "1.21.7"):
        sim = load_scene_text(_bottle_over([]).replace('version = "1.17"', f'version = "{version}"'))
        sim.tick()
        spawned[version] = sorted((e.pos, e.motion, e.yaw) for e in sim.entities if isinstance(e, ExperienceOrb))
    assert spawned["1.21.5"] and spawned["1.21.5"] == spawned["1.21.4"]
    assert spawned["1.21.6"] and spawned["1.21.6"] == spawned["1.21.7"] != spawned["1.21.5"]
    sim = load_scene_text(scene_toml(scene={"version": "1.21.8"}, blocks=[FLOOR]))
    with pytest.raises(NotImplementedError) as err:
        spawn_orbs(sim, Vec3(0.5, 0.2, 0.5), 3)
    assert "\n" not in str(err.value) and "unstuckIfPossible" in str(err.value)


def test_a_1_21_8_spawn_draws_its_yaw_by_next_float_and_its_motion_in_double() -> None:
    """The same seeds: 1.21.4 draws nextDouble × 360 then (nextDouble × 0.2F − 0.1F) × 2 (floats widened), 1.21.8
    nextFloat × 360.0F then (nextDouble × 0.2 − 0.1) × 2. The yaws agree (nextFloat's 24 bits are the top of
    nextDouble's first 26, and both round to float), but nextFloat takes one int of the seed, nextDouble two, so
    every Motion draw after it reads other bits."""
    orbs = {}
    for version in ("1.21.4", "1.21.7", "1.21.8"):
        sim = load_scene_text(scene_toml(scene={"version": version}, blocks=[FLOOR]))
        orbs[version] = spawn_orbs(sim, Vec3(0.5, 5.0, 0.5), 3)[0]
    old, new = orbs["1.21.4"], orbs["1.21.8"]
    assert old.yaw == new.yaw and old.motion.x != new.motion.x and old.motion.y != new.motion.y
    assert (orbs["1.21.7"].yaw, orbs["1.21.7"].motion) == (new.yaw, new.motion)
