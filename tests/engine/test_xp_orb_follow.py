"""XP orbs following a player (`ExperienceOrbEntity.tick`, `ExperienceOrb.followNearbyPlayer`, 1.12.2
`EntityXPOrb.onUpdate`), run as `scenes/xp_orb_follow_player.toml` release by release: the search schedule (by
`lastTargetUpdateTick` and the id up to 1.16.5, every 20 ticks from 1.17, every tick from 1.21.5), the pull (1.12.2's
division by 8 against the normalized vector with a float length up to 1.16.5 and a double one from 1.17; no range
test from 1.21.5), the push out of blocks skipped while following (1.21.5), and the pickup that ends each orb's way."""

from __future__ import annotations

import dataclasses
import tomllib
from typing import Any

import pytest

from engine.entities.xp_orb import ExperienceOrb
from engine.tick.scene import load_scene_doc, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR

DOC = tomllib.loads((SCENES_DIR / "xp_orb_follow_player.toml").read_text())
Vec = tuple[float, float, float]


def _run(version: str, ticks: int, walls: bool = True, **flags: bool) -> Simulation:
    """The scene in `version` after `ticks` (without its walls: the floor alone), its flags set as given."""
    doc = {**DOC, "scene": {**DOC["scene"], "version": version}}
    if not walls:
        doc["blocks"] = DOC["blocks"][:1]
    sim = load_scene_doc(doc)
    sim.features = dataclasses.replace(sim.features, **flags)
    for _ in range(ticks):
        sim.tick()
    return sim


def _orbs(sim: Simulation) -> dict[int, tuple[Vec, Vec]]:
    return {e.id: (tuple(e.pos), tuple(e.motion)) for e in sim.entities if isinstance(e, ExperienceOrb)}


STILL_57 = ((0.5, 0.2, -7.43), (0.0, 0.0, 0.0))
AFTER_18 = {     # each orb's position and Motion after 18 ticks (before any meets a wall)
    "1.12.2": {30: ((5.304001046344497, 1.0, 0.5), (-0.020436442081707952, -0.0, 0.0)),
               5: ((-4.458828485507883, 2.2959651915994046, 0.5),
                   (0.026850680620304625, -0.002631366687986451, 0.0)),
               57: STILL_57},
    "1.16.5": {30: ((5.304001047046053, 1.0, 0.5), (-0.020436441878376076, 0.0, 0.0)),
               5: ((-4.4588284845353074, 2.2959651915298362, 0.5),
                   (0.026850681189776182, -0.0026313666673516826, 0.0)),
               57: STILL_57},
    "1.17": {30: ((5.304001046344497, 1.0, 0.5), (-0.020436442081707952, 0.0, 0.0)),
             5: ((-1.6692287397050771, 2.0225844400565065, 0.5),
                 (0.3607541003654588, -0.035353897850598635, 0.0)),
             57: STILL_57},
    "1.21.8": {30: ((5.304001046344497, 1.0, 0.5), (-0.020436442081707952, -0.0, 0.0)),
               5: ((-1.6692287388969702, 2.02258441776172, 0.5),
                   (0.3607541006063258, -0.035353901687398964, 0.0)),
               57: ((0.5, 0.20039775546333502, -7.428040869056166),
                    (0.0, 3.852306507413575e-05, 0.0001897440407363425))},
}


@pytest.mark.parametrize("version", sorted(AFTER_18))
def test_orbs_follow_the_player_bit_for_bit(version: str) -> None:
    assert _orbs(_run(version, 18)) == AFTER_18[version]


def test_the_search_runs_by_the_orbs_id_up_to_1_16_5_and_every_20_ticks_from_1_17() -> None:
    """Orb 5 (id % 100 = 5: q = 15) first searches at renderTicks 16, its 17th tick, up to 1.16.5; orb 30 (id %
    100 > 20) every tick. From 1.17 `expensiveUpdate` searches at age % 20 == 1, the first tick; 1.17 with
    `xp_orb_merging` off (the mutant) waits as 1.16.5."""
    start = ((-4.5, 2.3, 0.5), (0.0, 0.0, 0.0))
    assert _orbs(_run("1.16.5", 16))[5] == start
    assert _orbs(_run("1.16.5", 17))[5] != start
    assert _orbs(_run("1.17", 1))[5] != start
    assert _orbs(_run("1.17", 16, xp_orb_merging=False))[5] == start


def test_the_pull_of_1_21_5_has_no_range_test() -> None:
    """Orb 57 is 7.97 from the player's position (it becomes the target) but 8.09 from the point half its eye
    height up: 1.17-1.21.4 pull only below 8 (squared 64), 1.21.5+ always ((1 − 8.09/8)² × 0.1; 1.21.5 refuses
    players, so 1.21.6 shows it); 1.21.8 with `xp_orb_tick_1_21_8` off (the mutant) leaves it."""
    assert _orbs(_run("1.21.4", 18))[57] == STILL_57
    assert _orbs(_run("1.21.6", 18))[57] == AFTER_18["1.21.8"][57]
    assert _orbs(_run("1.21.8", 18, xp_orb_tick_1_21_8=False))[57] == STILL_57


def test_1_12_2_divides_by_8_first() -> None:
    """1.12.2 and 1.13.2 add (Δ/8) / d × (1 − d)² × 0.1 with d the length of Δ/8 in double; 1.14-1.16.5 add
    normalize(Δ) × (1 − |Δ|/8)² × 0.1 with `Vec3d.normalize`'s float length: the first tick's X differs in its last
    bits (1.12.2 with `xp_orb_tick_1_12` off, the mutant, gives 1.16.5's)."""
    x_1_12 = _orbs(_run("1.12.2", 1))[30][0][0]
    assert x_1_12 == _orbs(_run("1.13.2", 1))[30][0][0] == 5.789247540846518
    assert _orbs(_run("1.16.5", 1))[30][0][0] == _orbs(_run("1.12.2", 1, xp_orb_tick_1_12=False))[30][0][0] \
        == 5.789247540703109


@pytest.mark.parametrize(("version", "tick"), [("1.12.2", 36), ("1.16.5", 36), ("1.17", 20), ("1.21.8", 20)])
def test_the_orb_reaching_the_player_is_absorbed_where_its_grown_box_meets_it(version: str, tick: int) -> None:
    """Without the walls orb 5 reaches the player's box grown by (1, 0.5, 1) and is absorbed there
    (`engine.living.player_collisions`): removed in that tick, not the one before."""
    sim = _run(version, tick - 1, walls=False)
    assert not sim.entity_by_id(5).removed and sim.entity_by_id(1).xp_total == 0
    sim.tick()
    assert sim.entity_by_id(5).removed and sim.entity_by_id(1).xp_total == sim.entity_by_id(5).value > 0


def test_a_followed_orb_in_a_block_is_not_pushed_out_from_1_21_5() -> None:
    """`ExperienceOrb.tick` pushes a colliding box out of blocks only while it follows no player (1.21.5+): the orb
    of `scenes/xp_orb_in_block_1_21_6.toml` held still in the stone (its moved box collides too) is pushed up in
    1.21.8 alone and stays in the block with a player beside it."""
    text = (SCENES_DIR / "xp_orb_in_block_1_21_6.toml").read_text().replace('"1.21.6"', '"1.21.8"') \
        .replace("motion = [0.0, 0.8, 0.0]", "motion = [0.0, 0.0, 0.0]")
    player = ('\n[[entities]]\ntype = "minecraft:player"\nid = 2\npos = [2.5, 1.0, 0.5]\n'
              'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n')
    heights: list[Any] = []
    for scene in (text, text + player):
        sim = load_scene_text(scene)
        sim.tick()
        heights.append(sim.entity_by_id(1).pos.y)
    assert heights[0] == 0.5461756467819214 and heights[1] < 0.4, heights   # pushed; only pulled


def test_orbs_take_the_object_path_beside_a_player() -> None:
    sim = _run("1.17", 0)
    world = sim.world
    assert not ExperienceOrb.batch.decides(world, sim.features)
    world.unload_entity(sim.entity_by_id(1))
    assert ExperienceOrb.batch.decides(world, sim.features)
