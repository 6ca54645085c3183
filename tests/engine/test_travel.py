"""`LivingEntity.travel`'s cases and `tickMovement`'s jumping, effects and attributes (spec 05 §2-§5), through
scenes. Expected values are computed here from vanilla's literals and the order of the steps."""

from __future__ import annotations

from engine.java.javanum import f32
from engine.tick.scene import load_scene_text

G = 0.08


def scene(entity: str, blocks: str = "", inputs: str = ""):
    sim = load_scene_text(blocks + "[[entities]]\nid = 1\n" + entity + inputs)
    return sim, sim.entity_by_id(1)


STONE = '[[blocks]]\nfrom = [-5, 0, -5]\nto = [40, 0, 5]\nblock = "minecraft:stone"\n'
PLAYER = ('type = "minecraft:player"\npos = [0.5, 1.0, 0.5]\nmotion = [0.0, -0.0784000015258789, 0.0]\n'
          'on_ground = true\nyaw = -90.0\n')


def jump_inputs(ticks: str = "from = 1\nto = 1") -> str:
    return f"[[inputs]]\nentity = 1\n{ticks}\njump = true\n"


def test_levitation_pulls_towards_0_05_per_level() -> None:
    """Spec 05 §2.4 step 7.1: y + (0.05 × level − y) × 0.2, then × 0.98F; no gravity."""
    sim, stand = scene('type = "minecraft:armor_stand"\npos = [0.5, 50.0, 0.5]\n'
                       'effects = [{ id = "minecraft:levitation", amplifier = 1 }]\n')
    sim.tick()
    assert stand.motion.y == (0.0 + (0.05 * 2 - 0.0) * 0.2) * f32(0.98)


def test_slow_falling_gravity_is_0_01_while_falling() -> None:
    """AMBIGUITY-L1: d = 0.01 (1/8) while Y Motion ≤ 0, and the fall distance is reset."""
    sim, stand = scene('type = "minecraft:armor_stand"\npos = [0.5, 50.0, 0.5]\nfall_distance = 5.0\n'
                       'effects = [{ id = "slow_falling" }]\n')
    sim.tick()
    assert stand.motion.y == (0.0 - 0.01) * f32(0.98)
    assert stand.fall_distance == 0.0


def test_jump_sets_0_42_and_jump_boost_adds_0_1_per_level() -> None:
    """Spec 05 §5: Y := 0.42F (+ 0.1F × level), then gravity and drag in the same tick."""
    for effects, vy in (("", f32(0.42)), ('effects = [{ id = "jump_boost", amplifier = 1 }]\n',
                                          f32(f32(0.42) + f32(f32(0.1) * 2.0)))):
        sim, p = scene(PLAYER + effects, STONE, jump_inputs())
        sim.tick()
        assert p.motion.y == (vy - G) * f32(0.98) and p.pos.y == 1.0 + vy


def test_honey_halves_the_jump() -> None:
    """getJumpVelocityMultiplier: the honey block under the player gives 0.5F: Y := 0.42F × 0.5F."""
    honey = '[[blocks]]\nfrom = [-2, 0, -2]\nto = [2, 0, 2]\nblock = "minecraft:honey_block"\n'
    sim, p = scene(PLAYER.replace("pos = [0.5, 1.0, 0.5]", "pos = [0.5, 0.9375, 0.5]"), honey, jump_inputs())
    sim.tick()
    assert p.pos.y == 0.9375 + f32(f32(0.42) * f32(0.5))


def test_jump_cooldown_is_10_ticks_and_ends_when_jump_is_released() -> None:
    """Spec 05 §5: holding jump on a ceiling-free floor jumps, lands and jumps again only after the cooldown;
    a standing jump lasts 12 ticks, so holding jump gives a jump every 12 ticks (the cooldown is over by then)."""
    sim, p = scene(PLAYER, STONE, jump_inputs("from = 1\nto = 40"))
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
    sim, p = scene(PLAYER + 'effects = [{ id = "speed", duration = 3 }]\n', STONE)
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
    sim, p = scene(PLAYER + 'effects = [{ id = "speed", amplifier = 1 }]\n', STONE,
                   "[[inputs]]\nentity = 1\nfrom = 1\nto = 5\nforward = true\nsprint = true\n")
    sim.tick()
    value = p.attributes.get_value("minecraft:generic.movement_speed")
    assert p.sprinting
    assert value == f32(0.1) * (1.0 + f32(0.3)) * (1.0 + f32(0.2) * 2)


def test_base_attribute_sets_the_walking_speed() -> None:
    """generic.movement_speed base 0.2: the player's walk doubles (the terminal speed is linear in Ms)."""
    def terminal(extra: str) -> float:
        sim, p = scene(PLAYER + extra, STONE, "[[inputs]]\nentity = 1\nfrom = 1\nto = 80\nforward = true\n")
        for _ in range(80):
            sim.tick()
        return p.pos.x - p.prev_pos.x
    slow, fast = terminal(""), terminal('attributes = { "minecraft:generic.movement_speed" = 0.2 }\n')
    assert abs(fast / slow - 0.2 / f32(0.1)) < 1e-6


def test_shallow_lava_drags_then_falls_twice() -> None:
    """Spec 05 §2.2 step 3 (AMBIGUITY-L4): lava no deeper than 0.4 under the box: X, Z × 0.5, Y × 0.8F, the fluid
    gravity (−0.005), then −0.02."""
    lava = ('[[blocks]]\nfrom = [-2, 0, -2]\nto = [2, 0, 2]\nblock = "minecraft:stone"\n'
            '[[blocks]]\nfrom = [-2, 1, -2]\nto = [2, 1, 2]\nblock = "minecraft:lava[level=6]"\n')
    sim, stand = scene('type = "minecraft:armor_stand"\npos = [0.5, 1.0, 0.5]\nmotion = [0.2, 0.0, 0.0]\n',
                       lava)
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
    wall = '[[blocks]]\nfrom = [-5, 80, 5]\nto = [5, 120, 5]\nblock = "minecraft:stone"\n'
    sim, p = scene('type = "minecraft:player"\npos = [0.5, 100.0, 0.5]\nmotion = [0.0, 0.0, 1.5]\n'
                   'yaw = 0.0\npitch = 0.0\nequipment = { chest = "minecraft:elytra" }\nfall_flying = true\n', wall)
    before = 0.0
    while not p.horizontal_collision:
        before = p.motion.z
        sim.tick()
    assert p.motion.z == 0.0 and p.motion.x == 0.0
    assert p.health == f32(20.0 - f32(before * 10.0 - 3.0))


def test_gliding_ends_on_landing() -> None:
    sim, p = scene('type = "minecraft:player"\npos = [0.5, 3.0, 0.5]\npitch = 30.0\n'
                   'equipment = { chest = "minecraft:elytra" }\nfall_flying = true\n', STONE)
    assert p.fall_flying
    for _ in range(30):
        sim.tick()
    assert p.on_ground and not p.fall_flying and p.pose == "standing"


def test_water_case_is_recorded_with_its_stages() -> None:
    """The trace names the travel case taken and its steps (the viewer draws them)."""
    water = '[[blocks]]\nfrom = [-2, 1, -2]\nto = [2, 3, 2]\nblock = "minecraft:water"\n' + STONE
    sim, p = scene(PLAYER, water, "[[inputs]]\nentity = 1\nfrom = 1\nto = 3\nforward = true\n")
    sim.trace_enabled = True
    sim.tick()
    names = [s.name for s in sim.last_record.stages_of(1) for s in s.walk()]
    assert "travel_water" in names and "fluid_gravity" in names and "movement_input" in names


def test_a_firework_rocket_boosts_a_gliding_player_for_its_lifetime() -> None:
    """FireworkRocketEntity attached to a gliding shooter: Motion += look × 0.1 + (look × 1.5 − Motion) × 0.5 each
    tick; lifetime 10 × (1 + flight 1) + nextInt(6) + nextInt(7); used while not gliding it does nothing."""
    glider = ('type = "minecraft:player"\npos = [0.5, 200.0, 0.5]\nyaw = -90.0\npitch = -10.0\n'
              'equipment = { chest = "minecraft:elytra" }\nfall_flying = true\n')
    use = '[[inputs]]\nentity = 1\nfrom = 2\nto = 2\nuse = "minecraft:firework_rocket"\n'
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
    walker, _ = scene(PLAYER, STONE, use)
    for _ in range(3):
        walker.tick()
    assert not any(e.type == "minecraft:firework_rocket" for e in walker.entities)


POOL = ('[[blocks]]\nfrom = [-5, 0, -5]\nto = [30, 0, 5]\nblock = "minecraft:stone"\n'
        '[[blocks]]\nfrom = [-5, 1, -5]\nto = [2, 2, 5]\nblock = "minecraft:water"\n'
        '[[blocks]]\nfrom = [3, 1, -5]\nto = [10, 2, 5]\nblock = "minecraft:stone"\n')


def test_swimming_up_to_a_bank_jumps_out_with_0_3() -> None:
    """Spec 05 §2.1 step 10: against the bank, with room 0.6 above the start of the move, Y Motion := 0.3F;
    holding forward and jump the player climbs out of a 2-deep pool onto a bank 1 m above the water."""
    sim, p = scene('type = "minecraft:player"\npos = [0.5, 1.0, 0.5]\nyaw = -90.0\n', POOL,
                   "[[inputs]]\nentity = 1\nfrom = 1\nto = 60\nforward = true\njump = true\n")
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
    deep = ('[[blocks]]\nfrom = [-5, 0, -5]\nto = [30, 0, 5]\nblock = "minecraft:stone"\n'
            '[[blocks]]\nfrom = [-5, 1, -5]\nto = [30, 5, 5]\nblock = "minecraft:water"\n')
    sim, p = scene('type = "minecraft:player"\npos = [0.5, 2.0, 0.5]\nyaw = -90.0\npitch = 30.0\n', deep,
                   "[[inputs]]\nentity = 1\nfrom = 1\nto = 20\nforward = true\nsprint = true\n")
    sim.tick()
    assert p.sprinting and not p.swimming
    for _ in range(5):
        sim.tick()
    assert p.swimming and p.pose == "swimming" and abs(p.box.max_y - p.box.min_y - f32(0.6)) < 1e-9
