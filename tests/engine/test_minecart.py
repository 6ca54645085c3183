"""Minecarts (spec 06 §6): off-rail order and cap (E13), rails with snapping and powered rails, the stacked-cart
overflow (E11), bad input."""

from __future__ import annotations

import math

import pytest

from engine.java.javanum import f32
from engine.tick.scene import SceneError, load_scene, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import build_scene
from tests.scene_parts import CART_ON_RAIL_Y, STONE, action, cuboid, entity, floor, with_riders

FLOOR = floor(40)
CART_START = (0.5, CART_ON_RAIL_Y, 0.5)


def track(length: int, rail: str = "minecraft:rail", bed: str = STONE) -> list[dict]:
    """A straight north-south track from z 0 to z `length`: rails of `rail` at y 1 on a bed of `bed`."""
    return [cuboid((0, 0, 0), (0, 0, length), bed), cuboid((0, 1, 0), (0, 1, length), rail)]


def cart_stack(count: int) -> Simulation:
    """`count` carts stacked at one spot on the floor, the first nudged (0.1, 0, 0.02)."""
    carts = [entity("minecart", (0.5, 1.0, 0.5), on_ground=True) for _ in range(count)]
    carts[0]["motion"] = [0.1, 0.0, 0.02]
    return build_scene(blocks=[FLOOR], entities=carts)


def test_off_rail_cap_is_per_axis_so_the_speed_reaches_0_4_sqrt2_figure_e13() -> None:
    """E13 / AMBIGUITY-N8: Motion (3, 0, 3) on the ground is clamped to ±0.4 per axis, halved, moved."""
    sim = build_scene(blocks=[FLOOR], entities=[entity("minecart", (0.5, 1.0, 0.5), on_ground=True,
                                                       motion=[3.0, 0.0, 3.0])])
    cart = sim.entity_by_id(1)
    sim.tick()
    assert cart.pos.x - 0.5 == pytest.approx(0.4 * 0.5)     # spec 06 §6: the per-axis cap 0.4, halved
    sim2 = load_scene_text('[[entities]]\ntype = "minecart"\npos = [0.5, 100.0, 0.5]\nmotion = [3.0, 0.0, 3.0]\n',
                           "E13 air")
    cart2 = sim2.entity_by_id(1)
    sim2.tick()
    step = math.hypot(cart2.pos.x - 0.5, cart2.pos.z - 0.5)
    assert step == pytest.approx(0.4 * math.sqrt(2.0))            # 0.566 m/gt, not "4√2"
    assert cart2.motion.x == 0.4 * 0.95                             # air drag after the move


def test_powered_rail_boosts_and_the_move_is_capped_at_0_4_per_tick() -> None:
    sim = load_scene(SCENES / "minecart_powered_loop.toml")
    cart = sim.entity_by_id(1)
    sim.tick()
    assert cart.motion.x == (0.1 * 0.96) + 0.06            # slowdown 0.96, then the boost
    assert cart.pos.y == 1.0625                           # spec 06 §6: a rail's y + 0.0625
    last = cart.pos
    shapes = set()
    for _ in range(120):
        before = cart.type_fields()["rail_shape"]
        sim.tick()
        if before == cart.type_fields()["rail_shape"] and before in ("east_west", "north_south"):
            # straight pieces: the capped move; curves add the snap onto the path (a teleport)
            assert abs(cart.pos.x - last.x) <= 0.4 + 1e-12 and abs(cart.pos.z - last.z) <= 0.4 + 1e-12
        assert 0.0 <= cart.pos.x <= 6.0 and 0.0 <= cart.pos.z <= 6.0   # stays on the loop
        shapes.add(cart.type_fields()["rail_shape"])
        last = cart.pos
    assert {"south_east", "south_west", "north_west", "north_east", "east_west", "north_south"} <= shapes


def test_unpowered_powered_rail_brakes_and_stops_below_0_03() -> None:
    sim = build_scene(blocks=track(9, "minecraft:powered_rail[powered=false]"),
                      entities=[entity("minecart", CART_START, motion=[0.0, 0.0, 0.2])])
    cart = sim.entity_by_id(1)
    sim.tick()
    assert cart.motion.z == 0.2 * 0.5 * 0.96
    for _ in range(5):
        sim.tick()
    assert cart.motion.z == 0.0


def test_slope_pulls_the_cart_down_an_ascending_rail() -> None:
    sim = load_scene_text('[[blocks]]\nat = [0, 1, 0]\nblock = "minecraft:rail[shape=ascending_south]"\n'
                          '[[blocks]]\nat = [0, 0, 0]\nblock = "minecraft:stone"\n[[entities]]\ntype = "minecart"\n'
                          'pos = [0.5, 1.5625, 0.5]\n', "slope")
    cart = sim.entity_by_id(1)
    sim.tick()
    assert cart.motion.z < 0.0                                 # ascending south: downhill is north
    snapped = cart.pos
    assert snapped.y == pytest.approx(1.0625 + (snapped.z - 0.0), abs=1e-9)


def test_stacked_minecarts_overflow_to_infinity_within_20_m_figure_e11() -> None:
    """E11: 100 stacked carts, one nudged: horizontal Motion becomes a Java infinity within 25 gt while every
    cart is still within 20 m (the cap keeps moves finite)."""
    sim = cart_stack(100)
    overflow_tick = None
    while overflow_tick is None and sim.tick_count < 30:
        sim.tick()
        if not all(math.isfinite(max(abs(e.motion.x), abs(e.motion.z))) for e in sim.entities):
            overflow_tick = sim.tick_count
    assert overflow_tick == 25
    assert max(math.hypot(e.pos.x - 0.5, e.pos.z - 0.5) for e in sim.entities) < 20.0
    assert all(math.isfinite(c) for e in sim.entities for c in e.pos)


def test_300_stacked_minecarts_overflow_in_less_than_a_second_figure_e12() -> None:
    """E12: 300 stacked carts overflow in tick 8 (0.4 s < 1 s)."""
    sim = cart_stack(300)
    while sim.tick_count < 20:
        sim.tick()
        if not all(math.isfinite(max(abs(e.motion.x), abs(e.motion.z))) for e in sim.entities):
            break
    assert sim.tick_count == 8


def test_a_rail_shape_the_rail_lacks_is_one_line() -> None:
    with pytest.raises(SceneError, match=r"blocks\[0\]\.block: property 'shape' of 'minecraft:powered_rail'"):
        load_scene_text('[[blocks]]\nat = [0, 1, 0]\nblock = "minecraft:powered_rail[shape=south_east]"\n', "bad")


def test_a_second_minecart_passenger_is_refused() -> None:
    rider = '[[entities]]\ntype = "armor_stand"\npos = [0, 0, 0]\nvehicle = 1\n'
    with pytest.raises(SceneError, match=r"entities\[2\]\.vehicle: minecraft:minecart 1 cannot take"):
        load_scene_text('[[entities]]\ntype = "minecart"\nid = 1\npos = [0, 0, 0]\n' + rider * 2, "two")


@pytest.mark.parametrize("name", ["boat_ice_road", "boat_fall", "minecart_powered_loop", "minecart_stack_pile",
                                  "tnt_minecart_cannon", "creeper_crystal_beside_tnt", "tnt_minecart_rail_shield"])
def test_vehicle_scenes_give_the_same_run_with_tracing_on(name: str) -> None:
    """The trace contract: tracing on or off gives bit-identical states (compared as their JSON lines)."""
    runs = []
    for trace in (False, True):
        sim = load_scene(SCENES / f"{name}.toml")
        sim.trace_enabled = trace
        lines = []
        for _ in range(40):
            record = sim.tick()
            lines.append(repr([e.trace_line() for e in sim.reported_entities()]) + repr(record.events))
        runs.append(lines)
    assert runs[0] == runs[1]


def test_a_cart_on_a_rail_records_the_rail_path_it_snaps_onto() -> None:
    sim = load_scene(SCENES / "minecart_powered_loop.toml")
    sim.trace_enabled = True
    record = sim.tick()
    paths = [g for st in record.stages_of(1) for s in st.walk() for g in s.geometry if g["role"] == "rail_path"]
    assert paths == [{"kind": "segment", "role": "rail_path", "a": [2.0, 1.0625, 0.5], "b": [3.0, 1.0625, 0.5],
                      "shape": "east_west", "pos": [2, 1, 0]}]
    assert sim.entity_by_id(1).trace_line()["rail_shape"] == "east_west"


def test_a_moving_empty_minecart_takes_a_mob_and_carries_it_at_its_height_offset() -> None:
    """Spec 06 §6.4: horizontal Motion² > 0.01, the cart empty, the mob riding nothing; minecart offset 0."""
    sim = build_scene(blocks=track(20), entities=[entity("minecart", CART_START, motion=[0.0, 0.0, 0.3]),
                                                  entity("wither_skeleton", (0.5, CART_ON_RAIL_Y, 1.8), no_ai=True)])
    cart, mob = sim.entity_by_id(1), sim.entity_by_id(2)
    for _ in range(3):
        sim.tick()
    assert mob.vehicle is cart
    sim.tick()
    assert mob.pos == (cart.pos.x, cart.pos.y - 0.6, cart.pos.z)


def test_a_rail_on_soul_sand_does_not_slow_the_cart() -> None:
    """`AbstractMinecartEntity.getVelocityMultiplier`: 1 while the cart's cell holds a rail."""
    speeds = []
    for floor_block in ("stone", "soul_sand"):
        sim = build_scene(blocks=track(9, bed=f"minecraft:{floor_block}"),
                          entities=[entity("minecart", CART_START, motion=[0, 0, 0.2])])
        for _ in range(5):
            sim.tick()
        speeds.append(sim.entity_by_id(1).motion.z)
    v = 0.2
    for _ in range(5):
        v *= 0.96                                                # applySlowdown, empty cart
    assert speeds[0] == speeds[1] == v


def test_snapshot_and_restore_replay_the_cannon_exactly() -> None:
    sim = load_scene(SCENES / "tnt_minecart_cannon.toml")
    for _ in range(20):
        sim.tick()
    snap = sim.snapshot()
    first = []
    for _ in range(15):
        record = sim.tick()
        first.append(repr([e.trace_line() for e in sim.reported_entities()]) + repr(record.events))
    sim.restore(snap)
    again = []
    for _ in range(15):
        record = sim.tick()
        again.append(repr([e.trace_line() for e in sim.reported_entities()]) + repr(record.events))
    assert first == again


def test_a_riding_players_motion_pushes_a_still_cart_by_a_tenth() -> None:
    """`moveOnRail`: the player's Motion² > 1e-4 while the cart's < 0.01 adds 0.1 × the player's Motion; the
    ridden cart moves × 0.75 and slows by 0.997."""
    sim = build_scene(blocks=track(9), entities=with_riders(entity("minecart", CART_START),
                                                            entity("player", CART_START, motion=[0.0, 0.0, 0.5])))
    cart = sim.entity_by_id(1)
    sim.tick()
    assert cart.motion.z == 0.5 * 0.1 * 0.997
    assert cart.pos.z == pytest.approx(0.5 + 0.75 * (0.5 * 0.1), abs=1e-12)   # via the box: last-bit rounding


def test_a_powered_activator_rail_ejects_the_riders_of_a_minecart() -> None:
    """`MinecartEntity.onActivatorRail`: riders removed; the wobble set to 50 (the next hit breaks the cart)."""
    sim = build_scene(blocks=track(0, "minecraft:activator_rail[powered=true]"),
                      entities=with_riders(entity("minecart", CART_START), "armor_stand"),
                      actions=[action(2, "attack", entity=1)])
    cart = sim.entity_by_id(1)
    sim.tick()
    assert not cart.passengers and sim.entity_by_id(2).vehicle is None
    assert cart.damage_wobble_strength == 50.0
    sim.tick()                                  # 49 + 10 × 1 > 40: a player's hit breaks it
    assert cart.removed


def test_x5_a_mob_pushes_a_cart_0_05_and_takes_a_quarter() -> None:
    """X5 (formula 5.10.2) by running `scenes/minecart_cramming_x5.toml`: the zombie's cramming calls the cart's
    `pushAwayFrom`; 0.5 m apart the cart gets −(0.1F × 0.5) on X and the zombie a quarter of it, bit for bit."""
    sim = load_scene(SCENES / "minecart_cramming_x5.toml")
    cart, zombie = sim.entity_by_id(1), sim.entity_by_id(2)
    sim.tick()
    push = f32(0.1) * 0.5
    assert cart.motion == (-push, 0.0, 0.0)
    assert zombie.motion == (push / 4.0, 0.0, 0.0)
