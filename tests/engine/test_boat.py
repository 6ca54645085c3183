"""Boats (spec 06 §5): locations, drag, paddling, terminal speeds E1-E4, bubble columns E6, the no-drag fall E7,
seats, solidity, bad input."""

from __future__ import annotations

import numpy as np
import pytest

from engine.java.javanum import f32
from engine.tick.scene import SceneError, load_scene, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import build_scene
from tests.scene_parts import cuboid, entity, floor, held, with_riders

HELD_ALL_RUN = 100000     # the last tick of the riding player's `[[inputs]]`: held for the whole run


def road(block: str, length: int, **keys: bool) -> Simulation:
    """A boat (id 1) resting at the start of a 3-wide road of `block`; with `keys`, a player (id 2) in it holding
    them from tick 1 on (BoatEntity.setInputs each tick), without, the boat is empty."""
    riders = ("player",) if keys else ()
    return build_scene(blocks=[cuboid((-1, 0, -2), (1, 0, length), f"minecraft:{block}")],
                       entities=with_riders(entity("boat", (0.5, 1.0, 0.5), on_ground=True), *riders),
                       inputs=[held(2, 1, HELD_ALL_RUN, **keys)] if keys else [])


def paddle_speeds(k: float, ticks: int) -> list[float]:
    """Z Motion after each tick with W held straight ahead (yaw 0): decay k, then + 0.04F (order FDCM; spec 06
    §5.2's thrust 0.04 as a Java float)."""
    thrust, v, out = float(np.float32(0.04)), 0.0, []
    for _ in range(ticks):
        v = v * k + thrust
        out.append(v)
    return out


def float_mean(slipperiness: float, n: int) -> float:
    """`BoatEntity.method_7548` (spec 06 §5.1): the float sum of the `n` blocks' slipperiness met under the boat,
    divided by n in float (written here with numpy.float32 from the spec's 0.6 / 0.98 / 0.989)."""
    total = np.float32(0.0)
    for _ in range(n):
        total = np.float32(total + np.float32(slipperiness))
    return float(np.float32(total / np.float32(n)))


def fixed_point(k: float) -> float:
    """The double where v ← v·k + (double)0.04F (spec 06 §5.2: decay, then the paddle's 0.04F) stops changing."""
    thrust, v = float(np.float32(0.04)), 0.0
    while v * k + thrust != v:
        v = v * k + thrust
    return v


@pytest.mark.parametrize(("block", "slip", "terminal", "figure"), [
    ("stone", 0.6, 0.1, "E2"), ("packed_ice", 0.98, 2.0, "E3"), ("blue_ice", 0.989, 3.63636, "E4")])
def test_boat_on_land_converges_to_the_terminal_speed_of_its_slipperiness(block: str, slip: float, terminal: float,
                                                                         figure: str) -> None:
    """E2-E4: W held on a long road until the boat's Motion stops changing (stone 71 ticks, packed ice 1655,
    blue ice 2959: after 150 ticks a boat on blue ice is only at 2.9 m/gt). It stops at the float fixed point of
    v ← k·v + 0.04F with k the float mean of the slipperiness under the boat (a 1.375-wide boat meets 3 × 2 or
    3 × 3 blocks; the mean of 6 and of 9 differ by an ulp on packed ice), which is the figure to float
    precision: 0.04F / (1 − 0.989F) = 3.636371 where the figure's 0.04 / 0.011 is 3.636364."""
    sim = road(block, 11000, forward=True)
    boat = sim.entity_by_id(1)
    before = None
    for _ in range(4000):
        sim.tick()
        if boat.motion.z == before:
            break
        before = boat.motion.z
    else:
        pytest.fail(f"{figure}: Motion still changing after 4000 ticks")
    assert boat.type_fields()["boat_status"] == "on_land"
    assert boat.motion.z in {fixed_point(float_mean(slip, n)) for n in (6, 9)}
    assert boat.motion.z == pytest.approx(terminal, abs=2e-5)


def test_boat_on_water_reaches_0_4_and_floats_at_a_fixed_depth() -> None:
    """E1: in water k = 0.9F → 0.4 m/gt; the buoyancy settles the boat at a constant height."""
    sim = build_scene(blocks=[cuboid((-2, 0, -2), (2, 0, 120)), cuboid((-2, 1, -2), (2, 1, 120), "minecraft:water")],
                      entities=with_riders(entity("boat", (0.5, 1.6, 0.5)), entity("player", (0.5, 2.0, 0.5))),
                      inputs=[held(2, 1, HELD_ALL_RUN, forward=True)])
    boat = sim.entity_by_id(1)
    for v in paddle_speeds(float(np.float32(0.9)), 200):     # spec 06 §5.1: k 0.9 in water
        sim.tick()
        assert boat.motion.z == v
        assert boat.location.value == "in_water"
    assert boat.motion.z == pytest.approx(0.4, abs=1e-6)
    assert abs(boat.motion.y) < 1e-12


def test_boat_falls_without_drag_into_water_figure_e7() -> None:
    """E7: in the air order GM, no drag: −0.04F·n m/gt after n ticks; entering water zeroes Y and lifts the boat
    onto the surface (water top 3 + 8/9, minus the height, plus 0.101)."""
    sim = load_scene(SCENES / "boat_fall.toml")
    boat = sim.entity_by_id(1)
    vy = 0.0
    for _ in range(100):
        sim.tick()
        vy += -0.03999999910593033      # spec 06 §5: gravity 0.04 as a Java float, no drag
        assert boat.motion.y == vy
    assert boat.motion.y == pytest.approx(-4.0, abs=1e-6)   # no terminal speed
    sim.tick()
    assert boat.location.value == "in_water" and boat.motion.y == 0.0
    assert boat.pos.y == f32(f32(3.0 + f32(8.0 / f32(9.0))) - 0.5625) + 0.101    # boat height 0.5625


def test_boat_ice_road_scene_keeps_w_held_and_gains_speed_on_blue_ice() -> None:
    sim = load_scene(SCENES / "boat_ice_road.toml")
    boat = sim.entity_by_id(1)
    for _ in range(300):
        sim.tick()
    assert boat.pos.z > 301 and boat.motion.z > 2.0          # past the packed ice, faster than its limit
    assert sim.entity_by_id(2).pos.z == boat.pos.z           # the rider sits on the boat


def test_paddling_turns_one_degree_per_tick_and_pushes_0_005() -> None:
    """Spec 06 §5.2 steps 9-12: A alone turns −1°/gt (angular velocity decays with k) with thrust 0.005F."""
    sim = road("stone", 10, left=True)
    boat = sim.entity_by_id(1)
    sim.tick()
    assert boat.yaw == -1.0 and boat.yaw_velocity == -1.0
    sim.tick()
    # the turn decays with the float mean of the stone under the boat (3 × 2 or 3 × 3 blocks of 0.6F)
    assert boat.yaw_velocity in {f32(f32(-1.0 * float_mean(0.6, n)) - 1.0) for n in (6, 9)}


def test_boat_without_a_player_does_not_paddle() -> None:
    """The server moves a boat without a player and runs no updatePaddles."""
    sim = road("stone", 10)
    sim.tick()
    assert sim.entity_by_id(1).motion.z == 0.0


def test_bubble_column_after_60_ticks_lifts_0_6_or_2_7_with_a_player() -> None:
    """E6: a boat on an upward column's surface gets Y := 0.6 (2.7 with a player) when the 60-gt timer ends."""
    column = [floor(2, "minecraft:soul_sand"), cuboid((-2, 1, -2), (2, 2, 2), "minecraft:bubble_column[drag=false]")]
    for riders, up in (((), 0.6), ((entity("player", (0.5, 3, 0.5)),), 2.7)):
        sim = build_scene(blocks=column, entities=with_riders(entity("boat", (0.5, 2.5, 0.5)), *riders))
        boat = sim.entity_by_id(1)
        ys = []
        for _ in range(80):
            sim.tick()
            ys.append(boat.motion.y)
        assert up in ys
        assert ys.index(up) >= 59


def test_two_passengers_sit_0_2_ahead_and_0_6_behind() -> None:
    sim = build_scene(entities=with_riders(entity("boat", (0.5, 10.0, 0.5), no_gravity=True), "armor_stand",
                                           "armor_stand"))
    sim.tick()
    front, back = sim.entity_by_id(2), sim.entity_by_id(3)
    assert front.pos.z == pytest.approx(0.5 + 0.2, abs=1e-6) and back.pos.z == pytest.approx(0.5 - 0.6, abs=1e-6)
    assert front.pos.y == pytest.approx(10.0 - 0.1 + 0.1, abs=1e-6)   # boat −0.1, armor stand +0.1F


def test_a_third_passenger_is_refused_with_one_line() -> None:
    rider = "[[entities]]\ntype = \"armor_stand\"\npos = [0, 0, 0]\nvehicle = 1\n"
    with pytest.raises(SceneError, match=r"entities\[3\]\.vehicle: minecraft:boat 1 cannot take"):
        load_scene_text("[[entities]]\ntype = \"boat\"\nid = 1\npos = [0, 0, 0]\n" + rider * 3, "three")


def test_a_boat_is_solid_to_falling_tnt() -> None:
    """Spec 03 §5: TNT lands on the boat's top face."""
    sim = build_scene(entities=[entity("boat", (0.5, 10.0, 0.5), no_gravity=True), entity("tnt", (0.5, 12.0, 0.5))])
    for _ in range(30):
        sim.tick()
    assert sim.entity_by_id(2).pos.y == 10.0 + 0.5625


def test_boat_on_slime_blocks_reaches_the_measured_0_05907_figure_e5() -> None:
    """E5 (measured in game): on slime blocks the slime's step slowdown (× 0.4 + 0.2·|vy|) and its bounce of the
    boat's gravity act each tick; the displacement per tick settles at 0.05907 m/gt."""
    sim = road("slime_block", 100, forward=True)
    boat = sim.entity_by_id(1)
    for _ in range(200):
        sim.tick()
    start = boat.pos.z
    for _ in range(100):
        sim.tick()
        assert boat.location.value == "on_land"
    assert (boat.pos.z - start) / 100 == pytest.approx(0.05907, abs=5e-6)


def test_an_empty_boat_takes_a_narrow_mob_beside_it_as_a_passenger() -> None:
    """Spec 06 §5 passive boarding: living, narrower than 1.375, no player aboard; seated at −0.1 − 0.6."""
    sim = build_scene(blocks=[floor(2)], entities=[entity("boat", (0.5, 1.0, 0.5)),
                                                   entity("wither_skeleton", (1.6, 1.0, 0.5), no_ai=True)])
    boat, mob = sim.entity_by_id(1), sim.entity_by_id(2)
    sim.tick()
    assert mob.vehicle is boat
    sim.tick()
    assert mob.pos == (boat.pos.x, boat.pos.y + f32(-0.1 - 0.6), boat.pos.z)   # (float) of the sum


def test_armor_stands_are_not_pushable_and_do_not_board() -> None:
    sim = build_scene(entities=[entity("boat", (0.5, 1.0, 0.5), no_gravity=True),
                                entity("armor_stand", (1.2, 1.0, 0.5), no_gravity=True)])
    sim.tick()
    assert sim.entity_by_id(2).vehicle is None


def test_an_explosion_dealing_more_than_4_breaks_a_boat() -> None:
    """`BoatEntity.damage`: wobble + 10 × amount > 40 removes the boat."""
    sim = build_scene(entities=[entity("boat", (0.5, 10.0, 0.5), no_gravity=True),
                                entity("tnt", (2.5, 10.0, 0.5), no_gravity=True, fuse=1)])
    record = sim.tick()
    (event,) = [ev for ev in record.events if ev["kind"] == "explosion"]
    assert event["affected"][0]["id"] == 1 and event["affected"][0]["damage"] > 4
    assert sim.entity_by_id(1) is None or sim.entity_by_id(1).removed
