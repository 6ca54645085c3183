"""Mob movement through `MoveControl` (spec 05 §4.4-§4.5, seed 004): the speed law L14/L15, the 90° turning
limit, jumping onto a block, mob step heights (spec 03 §4) and NoAI.

Walking runs the provisional `LivingEntity` input step of this branch (`travel` with a movement input).
Expected values are derived from vanilla's literals and rules, not copied from a run."""

from __future__ import annotations

import pytest

from engine.java.javanum import f32
from engine.tick.scene import SceneError
from tests.conftest import build_scene

STILL = [0.0, -0.0784000015258789, 0.0]   # what a mob standing still carries into each tick
WIDE_FLOOR = {"from": [-4, 0, -3], "to": [300, 0, 3], "block": "minecraft:stone"}


def walker(kind: str, target_x: float, speed: float = 1.0, **extra):
    return build_scene(blocks=[WIDE_FLOOR], entities=[{
        "type": kind, "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True, "yaw": -90.0,
        "move_to": {"pos": [target_x, 1.0, 0.5], "speed": speed}, **extra}])


def steady_speed(kind: str, speed: float = 1.0, ticks: int = 60) -> float:
    sim = walker(kind, 290.5, speed)
    mob = sim.entity_by_id(1)
    for _ in range(ticks):
        before = mob.pos.x
        sim.tick()
    return mob.pos.x - before


@pytest.mark.parametrize("kind, spd", [("minecraft:zombie", f32(0.23)), ("minecraft:pig", 0.25),
                                       ("minecraft:villager", 0.5)])
def test_walking_speed_follows_the_square_law_l14(kind: str, spd: float) -> None:
    """L14: SPD < 1 on slipperiness 0.6 gives v = 490/227 · SPD² m/gt (forward input 0.98·SPD, acceleration
    SPD · 0.21600002/0.6³, drag 0.546). Float rounding leaves a relative error below 1e-6."""
    v = steady_speed(kind)
    assert v == pytest.approx(490.0 / 227.0 * spd * spd, rel=1e-6)


def test_walking_speed_is_linear_above_one_l15() -> None:
    """L15, AMBIGUITY-L13: with speed × attribute = 1.25, the input 0.98 · 1.25 > 1 is normalised, so each tick
    adds SPD and v = SPD / (1 − 0.546) = 2.2026 · SPD (1.16.5 reading), not 2.1586 · SPD."""
    v = steady_speed("minecraft:villager", 2.5, ticks=30)
    ground = f32(f32(0.6) * f32(0.91))
    assert v == pytest.approx(1.25 / (1.0 - ground), rel=1e-6)
    assert v == pytest.approx(2.2026 * 1.25, rel=1e-4)


def test_yaw_turns_at_most_90_degrees_a_tick() -> None:
    """`MoveControl.changeAngle(yaw, target, 90)`: a zombie facing +Z (yaw 0) with its target behind it (−Z,
    target yaw −180) turns to 270 (−90 wrapped into [0, 360]) in tick 1 and to 180 in tick 2."""
    sim = build_scene(blocks=[WIDE_FLOOR], entities=[{
        "type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True,
        "move_to": {"pos": [0.5, 1.0, -2.5]}}])
    zombie = sim.entity_by_id(1)
    sim.tick()
    assert zombie.yaw == 270.0
    sim.tick()
    assert zombie.yaw == 180.0


def test_first_tick_sets_movement_speed_and_forward_input() -> None:
    """`MobEntity.setMovementSpeed` sets forwardSpeed too: (float)(1.0 × 0.23F) = 0.23F, then × 0.98F before
    travel; the first step on stone adds 0.98·0.23 · 0.23 · 0.21600002/0.216 along +X (yaw 270)."""
    sim = walker("minecraft:zombie", 10.5)
    zombie = sim.entity_by_id(1)
    sim.tick()
    assert zombie.movement_speed == f32(0.23)
    assert zombie.forward_speed == f32(f32(0.23) * f32(0.98))
    accel = f32(f32(0.23) * f32(f32(0.21600002) / f32(f32(f32(0.6) * f32(0.6)) * f32(0.6))))
    assert zombie.pos.x - 0.5 == pytest.approx(zombie.forward_speed * accel, rel=1e-12)


def test_no_ai_mob_ignores_its_goal() -> None:
    """NoAI: `canMoveVoluntarily` is false, so neither the AI nor `travel` runs; Motion only decays."""
    sim = walker("minecraft:zombie", 10.5, no_ai=True)
    zombie = sim.entity_by_id(1)
    for _ in range(5):
        sim.tick()
    assert zombie.pos.x == 0.5 and zombie.forward_speed == 0.0


def test_zombie_jumps_onto_a_block_in_its_way() -> None:
    """`MoveControl`: the target 1 higher than the step height 0.6 and within 1 horizontally asks for a jump;
    the jump sets Y Motion 0.42F and the zombie ends standing on the block (y = 2)."""
    sim = build_scene(blocks=[WIDE_FLOOR, {"at": [3, 1, 0], "block": "minecraft:stone"}], entities=[{
        "type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True,
        "move_to": {"pos": [3.5, 2.0, 0.5]}}])
    zombie = sim.entity_by_id(1)
    vy = []
    for _ in range(60):
        sim.tick()
        vy.append(zombie.motion.y)
    assert any(abs(v - (f32(0.42) - 0.08) * f32(0.98)) < 1e-12 for v in vy)
    assert zombie.pos.y == 2.0 and zombie.on_ground and 3.0 < zombie.pos.x < 4.0


@pytest.mark.parametrize("kind, step", [("minecraft:zombie", f32(0.6)), ("minecraft:villager", f32(0.6)),
                                        ("minecraft:pig", f32(0.5)), ("minecraft:iron_golem", 1.0)])
def test_mob_step_heights(kind: str, step: float) -> None:
    """Spec 03 §4: most mobs 0.6, a pig nobody rides 0.5 (set by its travel), an iron golem 1.0."""
    sim = walker(kind, 10.5)
    sim.tick()
    assert sim.entity_by_id(1).step_height == step


def test_a_pig_walks_onto_a_slab_without_jumping() -> None:
    """A half slab (0.5) is within the pig's step height 0.5: it steps up while walking, Y Motion never 0.42F."""
    sim = build_scene(blocks=[WIDE_FLOOR, {"from": [3, 1, -3], "to": [20, 1, 3],
                                           "block": "minecraft:stone_slab[type=bottom]"}],
                      entities=[{"type": "minecraft:pig", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL,
                                 "on_ground": True, "move_to": {"pos": [8.5, 1.5, 0.5]}}])
    pig = sim.entity_by_id(1)
    for _ in range(60):
        sim.tick()
        assert pig.motion.y <= 0.0
    assert pig.pos.y == 1.5 and pig.pos.x > 5.0


@pytest.mark.parametrize("goal, message", [
    ({"pos": [0.5, 300.0, 0.5]}, "inside the world"),
    ({"pos": [0.5, 1.0]}, "expected [x, y, z]"),
    ({"pos": [0.5, 1.0, 0.5], "speed": -1.0}, "speed"),
    ({"pos": [0.5, 1.0, 0.5], "fast": True}, "unknown key"),
])
def test_bad_move_to_is_one_line(goal: dict, message: str) -> None:
    with pytest.raises(SceneError) as err:
        build_scene(entities=[{"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "move_to": goal}])
    assert message in str(err.value) and "\n" not in str(err.value) and "move_to" in str(err.value)
