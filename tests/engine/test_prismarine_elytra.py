"""prismarine-physics' elytra.test.js (1.13.2; its test/ folder at the version the cross-check peer installs) as
scenes, one test per `it`: scenes/prismarine_elytra_*.toml. prismarine's yaw 3π/2 (east) is vanilla's -90, its
pitch 20° (up) vanilla's -20; its `elytraFlying = true` is a scene's `fall_flying` at tick 0 or, mid-run, a jump
press in the air (ClientPlayerEntity.checkFallFlying, 1.15+: 1.13.2 refuses that press in one line); its
`fireworkRocketDuration = N` is a rocket: a scene's attached rocket with life_time N - 1 (it boosts N times) or a
used one (`FireworkRocketItem.use`, its lifetime drawn: 20 to 31; it boosts lifetime + 1 times). The jest
tolerances are kept: toBeCloseTo(x) is |difference| < 0.005. Where vanilla disagrees with prismarine the test
asserts vanilla's value and says why:

- a used rocket boosts from the tick after its use (the server spawns it; it ticks before the player's move), so a
  glide started 10 ticks after the jump, as prismarine's, would land before its first boost: the scenes press jump
  9 ticks after it and use the rocket a tick later (the first boost lands on prismarine's tick);
- prismarine's turned-around flight returns to the start within 0.005 because its two boosts are equal and its
  sine and cosine exact; vanilla's used rockets draw their lifetimes (the scenes' seed 507 gives both 25) and the
  look comes from the sine table: 1.21.11 indexes it in double (`sine_index_double`), so yaw -135 and 45 are not
  opposite and the north-east flight returns 1.9 cm off; at the yaw of the point (-36.87) the look points 0.0053°
  off (a table step is 0.0055°), so that flight misses prismarine's line and the start by about 3.7 cm (1.16.5 and
  1.21.11 alike);
- flying east into a wall, 1.14-1.17 keep the glider's Motion X (Entity.move's one copy of the Motion, see
  test_can_hit_a_wall); prismarine, 1.13.2 and 1.18+ zero it;
- from 1.21.2 the glide ends at the start of the tick after the landing (travelGliding, `tick_gliding`),
  not in the landing tick;
- a scene cannot take the elytra off mid-run: of 'stops flight without elytra' only the boosted first tick is run.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from engine.analysis.diff import load_in_version
from engine.analysis.sweep import read_scene_doc
from engine.entities.entity import Entity
from engine.entities.firework import FireworkRocket
from engine.geometry.box import Vec3
from engine.tick.simulation import Simulation

CLOSE = 0.005                            # jest's toBeCloseTo(x, 2)
RELEASES = ["1.13.2", "1.16.5", "1.21.11"]
GLIDE_STARTERS = ["east", "north", "north_east", "to_point", "landing"]   # jump-started glides: 1.15+
LANDED, TURNED, LEG_2_GLIDES, BACK = 6, 950, 960, 1890   # the two-leg scenes' ticks


def _load(name: str, version: str) -> Simulation:
    path = f"scenes/prismarine_elytra_{name}.toml"
    return load_in_version(read_scene_doc(path), path, version)


def _run_to(sim: Simulation, tick: int) -> Entity:
    """Player 1 after tick `tick`."""
    while sim.tick_count < tick:
        sim.tick()
    return sim.entity_by_id(1)


def _rockets(sim: Simulation) -> list[FireworkRocket]:
    return [e for e in sim.entities if isinstance(e, FireworkRocket)]


def _idle(p: Entity) -> bool:
    """prismarine's untilIdle: on the ground, no horizontal motion."""
    return p.on_ground and p.motion.x == 0 and p.motion.z == 0 and not p.fall_flying


def _there_and_back(name: str, version: str) -> tuple[Vec3, Vec3]:
    """A two-leg scene: where the player comes to rest after the first flight and after the turned-around one."""
    sim = _load(name, version)
    p = _run_to(sim, LANDED)
    assert _idle(p) and tuple(p.pos) == (0.0, 60.0, 0.0)
    p = _run_to(sim, 17)
    assert not p.on_ground and p.fall_flying
    (first,) = _rockets(sim)
    out = _run_to(sim, TURNED - 1)
    assert _idle(out) and not _rockets(sim), version       # prismarine: fireworkRocketDuration 0
    out_pos = out.pos
    p = _run_to(sim, LEG_2_GLIDES)
    assert p.fall_flying
    (second,) = _rockets(sim)
    assert first.life_time == second.life_time == 25       # the seed's draws: two equal boosts
    back = _run_to(sim, BACK)
    assert _idle(back) and not _rockets(sim)
    return out_pos, back.pos


def test_glides_started_by_a_jump_press_stop_in_one_line_in_1_13_2() -> None:
    """1.13.2's client asks the server to start the glide (START_FALL_FLYING): the press stops the run."""
    for name in GLIDE_STARTERS:
        sim = _load(name, "1.13.2")
        with pytest.raises(NotImplementedError) as err:
            _run_to(sim, 20)
        assert "\n" not in str(err.value) and "a jump press in the air" in str(err.value), name


@pytest.mark.parametrize("version", ["1.16.5", "1.21.11"])
def test_flies_east_and_then_back(version: str) -> None:
    out, back = _there_and_back("east", version)
    assert out.x > 140 and out.y == 60 and abs(out.z) < CLOSE
    assert abs(back.x) < CLOSE and back.y == 60 and abs(back.z) < CLOSE


def test_flies_north_and_then_back() -> None:
    """prismarine's 'flies south and then back' (yaw 0: north first)."""
    out, back = _there_and_back("north", "1.16.5")
    assert abs(out.x) < CLOSE and out.y == 60 and out.z < -140
    assert abs(back.x) < CLOSE and back.y == 60 and abs(back.z) < CLOSE


@pytest.mark.parametrize("version", ["1.16.5", "1.21.11"])
def test_flies_north_east_and_then_back(version: str) -> None:
    """Back at the start in 1.16.5; 1.21.11's double-indexed sine table turns yaw 45 a step away from -135's
    opposite: 1.9 cm off."""
    out, back = _there_and_back("north_east", version)
    far = 140 * math.sin(math.pi / 4)
    assert out.x > far and out.y == 60 and out.z < -far
    assert back.y == 60
    if version == "1.16.5":
        assert abs(back.x) < CLOSE and abs(back.z) < CLOSE
    else:
        assert CLOSE < math.hypot(back.x, back.z) < 0.02


def test_flies_to_a_point_and_then_back() -> None:
    """Towards (300, 400): the sine table's look at yaw -36.87 points 0.0053° off, so the flight lands 3.8 cm
    off prismarine's line and returns 3.7 cm off the start (prismarine: within 0.005)."""
    out, back = _there_and_back("to_point", "1.16.5")
    distance = math.hypot(out.x, out.z)
    assert abs(out.y - 60) < CLOSE
    assert 0.03 < math.hypot(out.x - 0.6 * distance, out.z - 0.8 * distance) < 0.04
    assert back.y == 60 and 0.03 < math.hypot(back.x, back.z) < 0.04


@pytest.mark.parametrize("version", RELEASES)
def test_a_boosted_glider_keeps_gliding(version: str) -> None:
    """'stops flight without elytra', its first tick: gliding, the rocket with 19 of its 20 boosts left (taking
    the elytra off mid-run cannot be asked of a scene)."""
    sim = _load("no_elytra", version)
    p = _run_to(sim, 1)
    (rocket,) = _rockets(sim)
    assert p.fall_flying and rocket.life_time + 1 - rocket.life == 19


def _in_fluid(sim: Simulation, p: Entity, fluid: str) -> bool:
    return p.touching_water if fluid == "water" else p.is_in_lava_of(sim)


@pytest.mark.parametrize("fluid", ["water", "lava"])
@pytest.mark.parametrize("version", RELEASES)
def test_can_fly_out_of_a_fluid(fluid: str, version: str) -> None:
    """Gliding in the fluid, boosted by a rocket used in tick 1 (from tick 2) until the player leaves it: the
    rocket still boosts then (prismarine keeps its duration at 1 while in the fluid) and the player is above 59."""
    sim = _load(fluid, version)
    for tick in (1, 2):
        p = _run_to(sim, tick)
        assert _in_fluid(sim, p, fluid) and p.fall_flying, tick
    while _in_fluid(sim, p, fluid):
        assert p.fall_flying and _rockets(sim) and sim.tick_count < 30
        p = _run_to(sim, sim.tick_count + 1)
    assert p.pos.y > 59 and _rockets(sim)


@pytest.mark.parametrize("version", ["1.16.5", "1.21.11"])
def test_landing_while_jumping_stops_flight(version: str) -> None:
    """Jump held from the tenth boosted tick: the glider lands, stops gliding (1.21.11: a tick later) and the
    held jump jumps."""
    sim = _load("landing", version)
    p = _run_to(sim, 27)
    assert not p.on_ground
    while not p.on_ground:
        assert p.fall_flying
        p = _run_to(sim, sim.tick_count + 1)
    landed = sim.tick_count
    assert p.fall_flying == (version == "1.21.11")
    assert not _run_to(sim, landed + 1).fall_flying
    p = _run_to(sim, landed + 10)
    assert not p.on_ground and not p.fall_flying


@pytest.mark.parametrize("version", RELEASES)
def test_cant_fly_in_webs(version: str) -> None:
    """Player 1 glides in the air, player 2 in cobwebs, 200 ticks."""
    sim = _load("webs", version)
    _run_to(sim, 200)
    air, web = sim.entity_by_id(1), sim.entity_by_id(2)
    assert 0 < web.pos.x < 1 and web.pos.y > 149
    assert air.pos.x > 60 and air.pos.y < 135


def _wall_hit(version: str, **flags: bool) -> Entity:
    """The wall scene to the tick after the glider passes x 49 (prismarine's loop, then one tick)."""
    sim = _load("wall", version)
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    assert _run_to(sim, 10).motion.x > 30 / 20
    p = _run_to(sim, 11)
    while p.pos.x < 49:
        p = _run_to(sim, sim.tick_count + 1)
    assert p.motion.x > 30 / 20
    p = _run_to(sim, sim.tick_count + 1)
    assert p.horizontal_collision and p.pos.x == 51 - 0.30000001192092896     # the box against x 51
    return p


@pytest.mark.parametrize("version", RELEASES)
def test_can_hit_a_wall(version: str) -> None:
    """A 100-boost rocket: faster than 30 m/s after 10 ticks and on reaching x 49; the next tick stops at the wall.
    Its Motion X is zeroed there in 1.13.2 and 1.21.11 but not in 1.16.5: the look's Z at yaw -90 is the sine
    table's cos(pi), 1.2e-16, and 1.14-1.17's Entity.move writes (0, y, z), then (x, y, 0) from one copy of the
    Motion where the Z move, under 1e-7 beside a shape, was cut to 0 (`move_zeroes_both_axes` from 1.18): the
    glider keeps pressing into the wall at full speed."""
    p = _wall_hit(version)
    if version == "1.16.5":
        assert p.motion.x > 30 / 20 and p.motion.z == 0
        assert abs(_wall_hit(version, move_zeroes_both_axes=True).motion.x) < CLOSE
    else:
        assert abs(p.motion.x) < CLOSE


@pytest.mark.parametrize("version", RELEASES)
def test_can_fly_straight_up(version: str) -> None:
    """Pitch -90, a 20-boost rocket: fast up, then slowing, then falling, always above the start column."""
    sim = _load("up", version)
    for tick, faster_than, slower_than in ((20, 25 / 20, None), (40, None, 10 / 20), (60, None, 0.0),
                                           (80, None, 20 / 20)):
        p = _run_to(sim, tick)
        assert faster_than is None or p.motion.y > faster_than, tick
        assert slower_than is None or p.motion.y < slower_than, tick
        assert abs(p.pos.x) < CLOSE and abs(p.pos.z) < CLOSE, tick


@pytest.mark.parametrize("version", RELEASES)
def test_can_fly_straight_down(version: str) -> None:
    """Pitch 90 from y 1000: a 20-boost rocket, 200 ticks diving, then a rocket used in tick 201 slows the dive."""
    sim = _load("down", version)
    p = _run_to(sim, 200)
    assert p.pos.y > 100 and p.motion.y < -60 / 20 and abs(p.pos.x) < CLOSE and abs(p.pos.z) < CLOSE
    p = _run_to(sim, 210)
    assert p.pos.y > 100 and p.motion.y > -40 / 20 and abs(p.pos.x) < CLOSE and abs(p.pos.z) < CLOSE
