"""`LivingEntity.travel`'s cases and `tickMovement`'s jumping, effects and attributes (spec 05 §2-§5), through
scenes. Expected values are computed here from vanilla's literals and the order of the steps."""

from __future__ import annotations

from engine.java.javanum import f32
from tests.conftest import build_scene
from tests.scene_parts import cuboid, east_road, entity, floor, held, walker

G = 0.08


def scene(entity: dict, blocks: list[dict] = (), inputs: list[dict] = ()):
    """`entity` (given id 1) above `blocks`, with `inputs`; the simulation and the entity."""
    sim = build_scene(blocks=blocks, entities=[{**entity, "id": 1}], inputs=inputs)
    return sim, sim.entity_by_id(1)


STONE = [east_road()]
ELYTRA = {"equipment": {"chest": "minecraft:elytra"}, "fall_flying": True}


def jump_inputs(last: int = 1) -> list[dict]:
    """Jump held from tick 1 to tick `last`."""
    return [held(1, 1, last, jump=True)]


def test_levitation_pulls_towards_0_05_per_level() -> None:
    """Spec 05 §2.4 step 7.1: y + (0.05 × level − y) × 0.2, then × 0.98F; no gravity."""
    sim, stand = scene(entity("minecraft:armor_stand", (0.5, 50.0, 0.5),
                              effects=[{"id": "minecraft:levitation", "amplifier": 1}]))
    sim.tick()
    assert stand.motion.y == (0.0 + (0.05 * 2 - 0.0) * 0.2) * f32(0.98)


def test_slow_falling_gravity_is_0_01_while_falling() -> None:
    """AMBIGUITY-L1: d = 0.01 (1/8) while Y Motion ≤ 0, and the fall distance is reset."""
    sim, stand = scene(entity("minecraft:armor_stand", (0.5, 50.0, 0.5), fall_distance=5.0,
                              effects=[{"id": "slow_falling"}]))
    sim.tick()
    assert stand.motion.y == (0.0 - 0.01) * f32(0.98)
    assert stand.fall_distance == 0.0


def test_jump_sets_0_42_and_jump_boost_adds_0_1_per_level() -> None:
    """Spec 05 §5: Y := 0.42F (+ 0.1F × level), then gravity and drag in the same tick."""
    for effects, vy in (([], f32(0.42)), ([{"id": "jump_boost", "amplifier": 1}],
                                          f32(f32(0.42) + f32(f32(0.1) * 2.0)))):
        sim, p = scene(walker(effects=effects), STONE, jump_inputs())
        sim.tick()
        assert p.motion.y == (vy - G) * f32(0.98) and p.pos.y == 1.0 + vy


def test_honey_halves_the_jump() -> None:
    """getJumpVelocityMultiplier: the honey block under the player gives 0.5F: Y := 0.42F × 0.5F."""
    sim, p = scene(walker((0.5, 0.9375, 0.5)), [floor(2, "minecraft:honey_block")], jump_inputs())
    sim.tick()
    assert p.pos.y == 0.9375 + f32(f32(0.42) * f32(0.5))


def test_jump_cooldown_is_10_ticks_and_ends_when_jump_is_released() -> None:
    """Spec 05 §5: holding jump on a ceiling-free floor jumps, lands and jumps again only after the cooldown;
    a standing jump lasts 12 ticks, so holding jump gives a jump every 12 ticks (the cooldown is over by then)."""
    sim, p = scene(walker(), STONE, jump_inputs(40))
    jumps = []
    for t in range(1, 41):
        before = p.motion.y
        sim.tick()
        if p.motion.y > 0.3 and before <= 0.0:
            jumps.append(t)
    assert jumps == [1, 13, 25, 37]
    assert p.jump_cooldown > 0


def test_speed_effect_multiplies_the_attribute_and_ends_with_its_duration() -> None:
    """Spec 05 §4.7: Speed I × 1.2 (MULTIPLY_TOTAL 0.2F); an effect given for 3 ticks is gone in tick 3's base
    tick, and so is its modifier."""
    sim, p = scene(walker(effects=[{"id": "speed", "duration": 3}]), STONE)
    speed = "minecraft:generic.movement_speed"
    assert p.attributes.get_value(speed) == f32(0.1) * (1.0 + f32(0.2))
    sim.tick()
    sim.tick()
    assert p.effects.has("minecraft:speed")
    sim.tick()
    assert not p.effects.has("minecraft:speed") and p.attributes.get_value(speed) == f32(0.1)


def test_sprint_and_speed_multiply_together() -> None:
    """Two MULTIPLY_TOTAL modifiers multiply one after the other: sprinting with Speed II gives
    0.1F × (1 + 0.3F) × (1 + 0.2F × 2) in doubles."""
    sim, p = scene(walker(effects=[{"id": "speed", "amplifier": 1}]), STONE, [held(1, 1, 5, forward=True, sprint=True)])
    sim.tick()
    value = p.attributes.get_value("minecraft:generic.movement_speed")
    assert p.sprinting
    assert value == f32(0.1) * (1.0 + f32(0.3)) * (1.0 + f32(0.2) * 2)


def test_base_attribute_sets_the_walking_speed() -> None:
    """generic.movement_speed base 0.2: the player's walk doubles (the terminal speed is linear in Ms)."""
    def terminal(**keys: object) -> float:
        sim, p = scene(walker(**keys), STONE, [held(1, 1, 80, forward=True)])
        for _ in range(80):
            sim.tick()
        return p.pos.x - p.prev_pos.x
    slow, fast = terminal(), terminal(attributes={"minecraft:generic.movement_speed": 0.2})
    assert abs(fast / slow - 0.2 / f32(0.1)) < 1e-6


def test_shallow_lava_drags_then_falls_twice() -> None:
    """Spec 05 §2.2 step 3 (AMBIGUITY-L4): lava no deeper than 0.4 under the box: X, Z × 0.5, Y × 0.8F, the fluid
    gravity (−0.005), then −0.02."""
    lava = [floor(2), floor(2, "minecraft:lava[level=6]", y=1)]
    sim, stand = scene(entity("minecraft:armor_stand", (0.5, 1.0, 0.5), motion=[0.2, 0.0, 0.0]), lava)
    sim.tick()
    sim.tick()
    m = stand.motion
    sim.tick()
    assert 0.0 < stand.fluid_height["lava"] <= 0.4
    assert stand.motion.x == m.x * 0.5


def test_elytra_into_a_wall_hurts() -> None:
    """Spec 05 §6: a horizontal collision while gliding deals (float)(Δ horizontal speed × 10 − 3) if positive.
    Flying south (yaw 0: the look's X is exactly 0) into a wall: Z Motion is zeroed by the move, so the whole
    speed is lost."""
    wall = [cuboid((-5, 80, 5), (5, 120, 5))]
    sim, p = scene(entity("minecraft:player", (0.5, 100.0, 0.5), motion=[0.0, 0.0, 1.5], yaw=0.0, pitch=0.0, **ELYTRA),
                   wall)
    before = 0.0
    while not p.horizontal_collision:
        before = p.motion.z
        sim.tick()
    assert p.motion.z == 0.0 and p.motion.x == 0.0
    assert p.health == f32(20.0 - f32(before * 10.0 - 3.0))


def test_gliding_ends_on_landing() -> None:
    sim, p = scene(entity("minecraft:player", (0.5, 3.0, 0.5), pitch=30.0, **ELYTRA), STONE)
    assert p.fall_flying
    for _ in range(30):
        sim.tick()
    assert p.on_ground and not p.fall_flying and p.pose == "standing"


def test_water_case_is_recorded_with_its_stages() -> None:
    """The trace names the travel case taken and its steps (the viewer draws them)."""
    water = [cuboid((-2, 1, -2), (2, 3, 2), "minecraft:water"), *STONE]
    sim, p = scene(walker(), water, [held(1, 1, 3, forward=True)])
    sim.trace_enabled = True
    sim.tick()
    names = [s.name for s in sim.last_record.stages_of(1) for s in s.walk()]
    assert "travel_water" in names and "fluid_gravity" in names and "movement_input" in names


def test_a_firework_rocket_boosts_a_gliding_player_for_its_lifetime() -> None:
    """FireworkRocketEntity attached to a gliding shooter: Motion += look × 0.1 + (look × 1.5 − Motion) × 0.5 each
    tick; lifetime 10 × (1 + flight 1) + nextInt(6) + nextInt(7); used while not gliding it does nothing."""
    glider = entity("minecraft:player", (0.5, 200.0, 0.5), yaw=-90.0, pitch=-10.0, **ELYTRA)
    use = [held(1, 2, 2, use="minecraft:firework_rocket")]
    sim, p = scene(glider, inputs=use)
    for _ in range(2):
        sim.tick()
    rocket = next(e for e in sim.entities if e.type == "minecraft:firework_rocket")
    assert rocket.shooter == 1 and 20 <= rocket.life_time <= 31
    for _ in range(15):
        sim.tick()
    assert p.motion.x > 1.4 and rocket.pos == p.prev_pos     # placed before the player moves (players phase)
    for _ in range(rocket.life_time):
        sim.tick()
    assert rocket.removed
    on_foot, _ = scene(walker(), STONE, use)
    for _ in range(3):
        on_foot.tick()
    assert not any(e.type == "minecraft:firework_rocket" for e in on_foot.entities)


POOL = [east_road(30), cuboid((-5, 1, -5), (2, 2, 5), "minecraft:water"), cuboid((3, 1, -5), (10, 2, 5))]


def test_swimming_up_to_a_bank_jumps_out_with_0_3() -> None:
    """Spec 05 §2.1 step 10: against the bank, with room 0.6 above the start of the move, Y Motion := 0.3F;
    holding forward and jump the player climbs out of a 2-deep pool onto a bank 1 m above the water."""
    sim, p = scene(entity("minecraft:player", (0.5, 1.0, 0.5), yaw=-90.0), POOL,
                   [held(1, 1, 60, forward=True, jump=True)])
    sim.trace_enabled = True
    banked = []
    for t in range(1, 41):
        sim.tick()
        if any(s.name == "bank_jump" for s in sim.last_record.stages_of(1) for s in s.walk()):
            banked.append(t)
            assert p.motion.y == f32(0.3)
    assert banked and p.pos.x > 3.0 and p.pos.y >= 3.0


def test_sprinting_under_water_swims_in_the_low_pose() -> None:
    """Sprinting submerged starts swimming in the next base tick (updateSwimming); the pose becomes swimming
    (0.6 m box) and stays while sprinting in water."""
    deep = [east_road(30), cuboid((-5, 1, -5), (30, 5, 5), "minecraft:water")]
    sim, p = scene(entity("minecraft:player", (0.5, 2.0, 0.5), yaw=-90.0, pitch=30.0), deep,
                   [held(1, 1, 20, forward=True, sprint=True)])
    sim.tick()
    assert p.sprinting and not p.swimming
    for _ in range(5):
        sim.tick()
    assert p.swimming and p.pose == "swimming" and abs(p.box.max_y - p.box.min_y - f32(0.6)) < 1e-9
