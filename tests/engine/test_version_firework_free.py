"""A firework rocket attached to no entity from 1.14 (engine/entities/firework.py `fly_free`; docs/versions.md
`firework`): FireworkEntity.tick's flight, move and `ProjectileUtil.getCollision` (1.14 `handleCollision`; an
attached rocket's hit test too, scenes/firework_glider_hit_1_14.toml), the
Motion set back after the move and `onCollision` (1.16, `firework_tick_1_16`), no speed-up after a horizontal
collision (1.16.4, `firework_wall_no_speedup`) and the raycast before the move (1.21.2, `firework_ray_before_move`).
scenes/firework_free_1_14.toml and scenes/firework_free_honey_1_16.toml run at each release and with each flag
forced the other way (the mutant gives the neighbour's values)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

FREE_1_12 = (SCENES_DIR / "firework_free_1_12_2.toml").read_text()
FREE = (SCENES_DIR / "firework_free_1_14.toml").read_text()
HONEY = (SCENES_DIR / "firework_free_honey_1_16.toml").read_text()

State = tuple[tuple[float, ...], tuple[float, ...]] | None


def _run(ticks: int, text: str, version: str, **flags: bool) -> Simulation:
    text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                     for line in text.splitlines())
    sim = load_scene_text(text, "<free rocket case>")
    sim.features = dataclasses.replace(sim.features, **flags)
    for _ in range(ticks):
        sim.tick()
    return sim


def _state(sim: Simulation, entity_id: int) -> State:
    e = sim.entity_by_id(entity_id)
    return None if e is None or e.removed else (tuple(e.pos), tuple(e.motion))


def _states(text: str, version: str, ticks: tuple[int, ...], entity_id: int, **flags: bool) -> list[State]:
    """The entity's state after each of `ticks` (ascending) in one run."""
    sim = _run(0, text, version, **flags)
    out = []
    for t in ticks:
        while sim.tick_count < t:
            sim.tick()
        out.append(_state(sim, entity_id))
    return out


def test_an_entity_hit_removes_a_free_rocket_from_1_14() -> None:
    """1.14's tick tests getCollision after the move: rocket 1 of the 1.12.2 scene, rising at 0.33 from y 2.47 in
    tick 7, enters the armor stand's box grown by 0.3 (from y 2.7) and is removed, where 1.13.2's rocket flies
    through it; the stand is not moved. 1.15.2 and 1.16.5 the same; from 1.21.2 the raycast runs from before the
    move and meets the stand a tick later."""
    for version in ("1.14", "1.15.2", "1.16.5", "1.21.1"):
        assert _states(FREE_1_12, version, (6, 7), 1) == [((0.5, 2.14, 0.5), (0.0, 0.29, 0.0)), None]
        assert _state(_run(7, FREE_1_12, version), 3) == ((0.5, 3.0, 0.5), (0.0, 0.0, 0.0))
    for version in ("1.21.2", "1.21.11"):
        assert _states(FREE_1_12, version, (7, 8), 1) == [((0.5, 2.47, 0.5), (0.0, 0.32999999999999996, 0.0)),
                                                            None]
    assert _state(_run(7, FREE_1_12, "1.13.2"), 1) == ((0.5, 2.47, 0.5), (0.0, 0.32999999999999996, 0.0))
    # the mutant: 1.14 with 1.13.2's tick (no hit test) flies on
    assert _state(_run(7, FREE_1_12, "1.14", firework_tick_1_12=True), 1) is not None


def test_free_rockets_of_1_14_fly_as_1_13_2_s_where_nothing_is_hit() -> None:
    """Rockets 1 and 2 meet only blocks (with no effect on entities), and rocket 3 starts each raycast inside the
    armor stand's grown box once the box is in reach (Box.raycast finds no entry from inside): every entity of the
    scene runs as in 1.13.2 for 31 ticks, in 1.14 and 1.15.2."""
    ticks = (10, 16, 20, 25, 31)
    for entity_id in (1, 2, 3, 4):
        old = _states(FREE, "1.13.2", ticks, entity_id)
        assert _states(FREE, "1.14", ticks, entity_id) == _states(FREE, "1.15.2", ticks, entity_id) == old
    assert _states(FREE, "1.14", (30, 31), 3) == [((-3.5, 21.100000000000005, 0.5), (0.0, 1.2500000000000004, 0.0)),
                                                  None]


def test_a_rocket_under_a_ceiling_keeps_its_motion_from_1_16() -> None:
    """Rocket 1 reaches the ceiling in tick 16. Up to 1.15.2 the move zeroes its Motion Y there each tick; from
    1.16 the Motion is set back after the move and grows by 0.04 a tick, the rocket held at y 6.75 (its raycast
    hits the stone, which does nothing to entities). Both are removed in tick 20 (LifeTime 19)."""
    ticks = (15, 16, 17, 19, 20)
    old = _states(FREE, "1.15.2", ticks, 1)
    new = _states(FREE, "1.16", ticks, 1)
    assert old == [((0.5, 6.550000000000001, 0.5), (0.0, 0.65, 0.0))] + [((0.5, 6.75, 0.5), (0.0, 0.0, 0.0))] * 3 \
        + [None]
    assert new == [((0.5, 6.550000000000001, 0.5), (0.0, 0.65, 0.0)),
                   ((0.5, 6.75, 0.5), (0.0, 0.6900000000000001, 0.0)),
                   ((0.5, 6.75, 0.5), (0.0, 0.7300000000000001, 0.0)),
                   ((0.5, 6.75, 0.5), (0.0, 0.8100000000000002, 0.0)), None]
    assert _states(FREE, "1.16", ticks, 1, firework_tick_1_16=False) == old
    assert _states(FREE, "1.15.2", ticks, 1, firework_tick_1_16=True) == new


def test_a_block_hit_runs_the_block_s_on_entity_collision_from_1_16() -> None:
    """In tick 3 the rocket's move ends inside the honey block's cell (its collision box is inset by 1/16), so the
    move's checkBlockCollision makes it slide: Motion (0, −0.05, 0) after the move zeroed X. 1.16 sets the Motion
    back to (0.6084, −0.48, 0) and its raycast hits the honey block, whose onEntityCollision slides that Motion:
    X × 0.05 / 0.48. 1.15.2's raycast along the zeroed Motion misses (and its own cell is air)."""
    old = _state(_run(3, HONEY, "1.15.2"), 1)
    new = _state(_run(3, HONEY, "1.16"), 1)
    assert old == ((1.9375, 6.440000000000001, 0.5), (0.0, -0.05, 0.0))
    assert new == ((1.9375, 6.440000000000001, 0.5), (0.06336979166666666, -0.05, 0.0))
    assert _state(_run(3, HONEY, "1.16", firework_tick_1_16=False), 1) == old
    assert _state(_run(3, HONEY, "1.21.4"), 1) == new   # 1.21.2's order: the raycast before the move hits it too


def test_a_rocket_along_a_wall_keeps_its_horizontal_motion_from_1_16_4() -> None:
    """Rocket 2 meets the wall at x 4 in tick 13. 1.16-1.16.3 keep multiplying its horizontal Motion by 1.15 (the
    Motion is set back after each move), so it leaves the wall's top at x 16.3 by tick 24; from 1.16.4 a move that
    collided horizontally keeps it (× 1.0) until the rocket rises past the wall, then speeds up again."""
    ticks = (13, 14, 24)
    old = _states(FREE, "1.16.3", ticks, 2)
    new = _states(FREE, "1.16.4", ticks, 2)
    at_wall = ((3.875, 4.639999999999999, 5.290094101931864), (0.6152787621294763, 0.5199999999999999,
                                                              0.12305575242589525))
    assert old == [at_wall,
                   ((3.875, 5.199999999999998, 5.431608217221643), (0.7075705764488976, 0.5599999999999999,
                                                                    0.14151411528977953)),
                   ((16.333120649166364, 13.0, 8.735860349305284), (2.8625176191121406, 0.9600000000000003,
                                                                    0.5725035238224282))]
    assert new == [at_wall,
                   ((3.875, 5.199999999999998, 5.4131498543577585), (0.6152787621294763, 0.5599999999999999,
                                                                     0.12305575242589525)),
                   ((6.947317588848273, 13.0, 6.765947886682782), (0.935762087353667, 0.9600000000000003,
                                                                   0.18715241747073338))]
    assert _states(FREE, "1.16.4", ticks, 2, firework_wall_no_speedup=False) == old
    assert _states(FREE, "1.16.3", ticks, 2, firework_wall_no_speedup=True) == new


def test_the_raycast_runs_before_the_move_from_1_21_2() -> None:
    """Rocket 3 rises under the armor stand (its box grown by 0.3 starts at y 4.7). 1.21.1 casts from y 4.19 to
    4.68 after the move of tick 11, then from 4.72, inside the grown box: it passes through and is removed in tick
    31. 1.21.2 casts from where the rocket was: in tick 12 from 4.19 to 4.72, entering the box, and the rocket is
    removed after its move."""
    ticks = (11, 12, 30, 31)
    old = _states(FREE, "1.21.1", ticks, 3)
    new = _states(FREE, "1.21.2", ticks, 3)
    before = ((-3.5, 4.1899999999999995, 0.5), (0.0, 0.4899999999999999, 0.0))
    assert old == [before, ((-3.5, 4.72, 0.5), (0.0, 0.5299999999999999, 0.0)),
                   ((-3.5, 21.100000000000005, 0.5), (0.0, 1.2500000000000004, 0.0)), None]
    assert new == [before, None, None, None]
    assert _states(FREE, "1.21.11", ticks, 3) == new
    assert _states(FREE, "1.21.2", ticks, 3, firework_ray_before_move=False) == old
    assert _states(FREE, "1.21.1", ticks, 3, firework_ray_before_move=True) == new


def test_an_attached_rocket_hits_an_entity_beside_the_glide_from_1_14() -> None:
    """The rocket attached to the glider (id 4) tests getCollision from its shooter's place along its Motion: in
    tick 9 that path enters the armor stand's grown box and the rocket is removed, so the boost of tick 10 is
    missing and the glide differs from 1.13.2's (no hit test) from then on. 1.15.2, 1.16 and 1.16.5 the same (from
    1.16 the glider is the rocket's owner, which the path starts inside anyway); the stand is not moved. The
    mutant (1.14 with 1.13.2's tick) boosts on."""
    glider = (SCENES_DIR / "firework_glider_hit_1_14.toml").read_text()
    boosted = ((15.179864564413181, 77.60032702196551, 4.410850393249295),
               (1.6336807200703007, -0.2687411769195567, 0.43779052652389167))
    unboosted = ((15.186136392888478, 77.61206209320834, 4.412522278709971),
                 (1.639952548545597, -0.2570061056767386, 0.4394624119845671))
    assert _state(_run(10, glider, "1.13.2"), 1) == boosted
    for version in ("1.14", "1.15.2", "1.16", "1.16.5"):
        assert _states(glider, version, (8, 9), 4) == [
            ((10.285423342937799, 78.40598852063177, 3.0992945691064833),
             (1.6196182678138409, -0.28138389272830105, 0.4339807760416552)), None]
        sim = _run(10, glider, version)
        assert _state(sim, 1) == unboosted and _state(sim, 3) == ((12.5, 76.5, 3.6), (0.0, 0.0, 0.0))
    mutant = _run(10, glider, "1.14", firework_tick_1_12=True)
    assert _state(mutant, 4) is not None and _state(mutant, 1) == boosted


def test_a_rocket_with_stars_stops_the_run_in_one_line() -> None:
    """A rocket's explosion with stars (damage to its shooter and to the living entities within 5 blocks; from 1.14
    a block hit explodes it too) is not simulated: a scene's rocket with `explosions` stops where it first ticks."""
    for version in ("1.12.2", "1.14", "1.16.5", "1.21.11"):
        text = scene_toml(scene={"version": version}, entities=[
            {"type": "minecraft:firework_rocket", "id": 1, "pos": [0.5, 1.0, 0.5], "life_time": 20,
             "explosions": 1}])
        with pytest.raises(NotImplementedError) as err:
            _run(1, text, version)
        line = str(err.value)
        assert "\n" not in line and "rocket 1, tick 1" in line and "a rocket with stars" in line
