"""Living entities and players across 1.16.5-1.20.4 (docs/versions.md, `living` and `elytra`): each difference of
the game's code between releases, run as the real versions through the loader, with the values the game's
arithmetic gives (derived from the decompiled methods named in each test, not from the engine's constants).

The scenes are the cases of tests/engine/test_versions.py (one per FEATURES row), run here at the releases on
either side of each change."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from engine.entities.entity import Entity
from engine.tick.scene import SceneError, load_scene_text
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_prismarine import BOUNDS
from tests.engine.test_versions import CASES, FLOOR, _with_version, outcome
from tools.prismarine_crosscheck import FIXTURES
from tools.prismarine_crosscheck import scene_toml as prismarine_scene


def run(case: str, version: str, ticks: int | None = None, entity_id: int | None = None) -> Entity:
    """The observed entity of the FEATURES case `case` after its ticks (or `ticks`), at `version`."""
    text, case_ticks, case_id = CASES[case]
    sim = load_scene_text(_with_version(text, version), f"<{case} at {version}>")
    for _ in range(case_ticks if ticks is None else ticks):
        sim.tick()
    return sim.entity_by_id(case_id if entity_id is None else entity_id)


def test_jump_boost_is_added_in_double_from_1_17_1_to_1_19_4_only() -> None:
    """`LivingEntity.jump`: 1.16.5 `f += 0.1F * (amplifier + 1)` (float); 1.17.1 `(double)getJumpVelocity() +
    getJumpBoostVelocityModifier()` (double); 1.20 `0.42F * multiplier + modifier` inside getJumpVelocity (float
    again). The player rises by the jump velocity in its jump tick: 0.42F + 0.1F."""
    in_float, in_double = 1.0 + 0.5199999809265137, 1.0 + 0.5199999883770943   # f32(0.42F + 0.1F); exact sum
    for version, y in (("1.16.5", in_float), ("1.17", in_float), ("1.17.1", in_double), ("1.19.4", in_double),
                       ("1.20", in_float), ("1.20.4", in_float)):
        assert run("jump_boost_double", version).pos.y == y, version


def test_knockback_is_a_double_from_1_17() -> None:
    """`LivingEntity.takeKnockback(0.4F, dx, dz)` on a NoAI zombie hit by a snowball whose owner stands at
    (-3, 1.5) from it: X Motion 0 / 2 + 3 / |(-3, 1.5)| × 0.4F, the length a float root (1.16.5) or `Math.sqrt`
    (1.17 `Vec3d.normalize`); on the ground Y := min(0.4, 0 / 2 + 0.4F) = 0.4."""
    text = scene_toml(blocks=[FLOOR], entities=[
        {"type": "minecraft:player", "pos": [-2.5, 1.0, 2.0], "id": 1, "on_ground": True},
        {"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "id": 2, "no_ai": True, "on_ground": True},
        {"type": "minecraft:snowball", "pos": [-0.5, 2.0, 0.5], "motion": [1.0, 0.0, 0.0], "no_gravity": True,
         "owner": 1, "id": 3}])
    for version, x, z in (("1.16.5", 0.35777088919396, -0.17888544459698),
                          ("1.17", 0.35777088173116783, -0.17888544086558392)):
        _, (_, motion) = outcome(text, 1, 2, version=version)
        assert motion == (x, 0.4, z), version


def test_cramming_pushes_with_a_double_root_from_1_17() -> None:
    """`Entity.pushAwayFrom` between NoAI zombies 0.3 and 0.2 apart: each of the two crammings pushes zombie 1 by
    -(0.3, 0.2) / √0.3 × 0.05F (the cap 1/√0.3 > 1 is 1), the root `MathHelper.sqrt` (float) up to 1.16.5 and
    `Math.sqrt` from 1.17."""
    for version, x, z in (("1.16.5", -0.05477225451233288, -0.03651483634155524),
                          ("1.17", -0.05477225656668682, -0.036514837711124536)):
        m = run("push_away_double_sqrt", version).motion
        assert (m.x, m.y, m.z) == (x, 0.0, z), version


def test_a_climbing_entity_is_no_longer_pushed_from_1_19() -> None:
    """`Entity.pushAwayFrom` from 1.19 pushes only a pushable entity; a zombie on a vine is not pushable
    (`isPushable`: not climbing), so zombie 2's cramming no longer moves it."""
    assert run("push_away_checks_pushable", "1.18.2").motion.x != 0.0
    climber = run("push_away_checks_pushable", "1.19")
    assert climber.motion.x == 0.0 and climber.motion.z == 0.0


def test_the_elytra_lift_takes_math_cos_from_1_18_2() -> None:
    """The first tick of scenes/elytra_dive.toml (pitch 53.366, at rest): lift cos²(pitch) in float with the sine
    table (1.18.1) or in double with `Math.cos` (1.18.2); Motion after the dive term, the steering and the drag."""
    for version, x, y in (("1.18.1", 0.0018605109544530907, -0.05541246237353092),
                          ("1.18.2", 0.0018602110608127661, -0.055418102622879675),
                          ("1.20.4", 0.0018602110608127661, -0.055418102622879675)):
        m = run("elytra_cos_double", version, ticks=1).motion
        assert (m.x, m.y) == (x, y), version


def test_a_glider_s_fall_distance_is_only_lowered_to_1_from_1_19_3() -> None:
    """Above Motion Y -0.5 a glider's fall distance was set to 1 (1.19.2), then only lowered to it
    (`limitFallDistance`, 1.19.3): from rest the first tick's drop (0.05541810… m) is all of it."""
    assert run("elytra_limit_fall_distance", "1.19.2").fall_distance == 1.0554181337356567
    assert run("elytra_limit_fall_distance", "1.19.3").fall_distance == 0.05541810393333435


def test_a_sprinter_s_air_speed_follows_the_release() -> None:
    """A sprinting player's speed in the air: (float)(0.02F + 0.005999999865889549) up to 1.18.1, 0.02F + 0.006F
    in float 1.18.2-1.19.3, `getOffGroundSpeed`'s 0.025999999F from 1.19.4 (the first value again)."""
    for version, speed in (("1.18.1", 0.025999998673796654), ("1.18.2", 0.026000000536441803),
                           ("1.19.3", 0.026000000536441803), ("1.19.4", 0.025999998673796654)):
        p = run("sprint_air_speed_float", version, ticks=2)
        assert p.sprinting and p.get_off_ground_speed() == 0.025999998673796654
        assert p.flying_speed == speed, version


def test_a_noai_ghast_stays_from_1_19() -> None:
    """`FlyingEntity.travel` from 1.19 runs only when the ghast moves voluntarily: a NoAI ghast keeps its place
    and its Motion only loses the NoAI 2% a tick (0.5 × 0.98 × 0.98)."""
    moved = run("flying_travel_needs_ai", "1.18.2")
    assert moved.pos.x > 1.0
    stays = run("flying_travel_needs_ai", "1.19")
    assert stays.pos.x == 0.5 and stays.motion.x == 0.48019999999999996


def test_a_removed_living_entity_no_longer_crams_in_its_last_tick_from_1_19_1() -> None:
    """Zombie 1 dies of its fall and is removed in its base tick 20 ticks later (tick 31): up to 1.19 its
    `tickMovement` still runs and its cramming pushes NoAI zombie 2 once more; 1.19.1 skips it."""
    before = run("living_tick_skips_removed", "1.19")
    after = run("living_tick_skips_removed", "1.19.1")
    assert before.motion.x < after.motion.x < 0.0


def test_iron_golems_take_no_fall_damage_from_1_19_4() -> None:
    """`computeFallDamage` is 0 for the fall_damage_immune types from 1.19.4: an iron golem with 1 health falls 5
    blocks (⌈(fall distance − 3)⌉ ≥ 1 before) and lives."""
    assert outcome(*CASES["fall_damage_immune_tag"])[0] == "removed"
    assert outcome(*CASES["fall_damage_immune_tag"], version="1.19.3")[0] == "removed"
    assert run("fall_damage_immune_tag", "1.19.4").health == 1.0


def test_levitation_resets_the_fall_before_travel_from_1_20() -> None:
    """1.20 `tickMovement` calls `onLanding` before travel while Levitation is on, and travel no longer resets it
    after the move: a zombie thrown down at 3.5 m/gt keeps the 3.5 m of its first move (1.19.4: 0)."""
    assert run("on_landing_effects", "1.19.4").fall_distance == 0.0
    z = run("on_landing_effects", "1.20")
    assert z.fall_distance == 3.5 and z.pos.y == 26.5


def test_a_fall_distance_grows_by_the_drop_cast_to_float_from_1_18_2() -> None:
    """`Entity.fall`: `fallDistance = (float)(fallDistance - dy)` up to 1.18.1, `fallDistance -= (float)dy` from
    1.18.2: five ticks of an item falling from rest."""
    assert run("fall_distance_float_step", "1.18.1").fall_distance == 0.5842381119728088
    assert run("fall_distance_float_step", "1.18.2").fall_distance == 0.5842380523681641


def test_swift_sneak_lessens_the_sneaking_slowdown_from_1_19() -> None:
    """1.19 `ClientPlayerEntity`: the sneaking keys × clamp(0.3F + 3 × 0.15F, 0, 1) = 0.75F (before: × 0.3, no
    such enchantment). The player stands up in its first tick, so the slowdown shows from the second."""
    slow = run("swift_sneak", "1.18.2", ticks=3)
    swift = run("swift_sneak", "1.19", ticks=3)
    assert slow.input_forward == 0.30000001192092896 and swift.input_forward == 0.75
    assert swift.pos.x > slow.pos.x


def test_a_sneaking_player_jumps_off_an_edge_from_1_19() -> None:
    """1.19 `adjustMovementForSneaking` holds a sneaking player at an edge only when the movement's Y is not
    positive. Jumping forward at the floor's edge (x 4; the box reaches 4.3), the second tick rises within the step
    height (0.6) of the floor: up to 1.18.2 it is held where the first tick left it, from 1.19 it goes on."""
    first = run("sneak_edge_only_falling", "1.18.2", ticks=1).pos.x
    assert run("sneak_edge_only_falling", "1.19", ticks=1).pos.x == first
    assert run("sneak_edge_only_falling", "1.18.2", ticks=2).pos.x == first
    assert run("sneak_edge_only_falling", "1.19", ticks=2).pos.x > first


def test_a_soft_collision_keeps_the_sprint_from_1_18() -> None:
    """1.18 `collidedSoftly`: running into a wall 5 degrees off its line, the player keeps sprinting (up to 1.17.1
    the collision stops the sprint each tick and the key starts it again the next)."""
    assert not run("sprint_soft_collision", "1.17.1").sprinting
    runner = run("sprint_soft_collision", "1.18")
    assert runner.sprinting and runner.pos.x > run("sprint_soft_collision", "1.17.1").pos.x


def test_riding_living_entities_and_shulkers_stop_in_one_line_where_not_compared() -> None:
    """1.20.2 passenger attachment points of a living vehicle (a zombie riding a pig) and the 1.17 shulker rewrite
    are refused in one line each (the riders of other vehicles: tests/engine/test_version_riders.py)."""
    pig_ride = scene_toml(entities=[{"type": "minecraft:pig", "pos": [0.5, 60.0, 0.5], "id": 2},
                                    {"type": "minecraft:zombie", "pos": [0.5, 61.0, 0.5], "vehicle": 2, "id": 1}])
    kind, line = outcome(pig_ride, 2, 1, version="1.20.2")
    assert kind == "refused" and "passenger attachment points" in line and "\n" not in line
    assert outcome(pig_ride, 2, 1, version="1.20.1")[0] == "state"
    kind, line = outcome(*CASES["shulker_tick_1_17"], version="1.17")
    assert kind == "refused" and "ShulkerEntity" in line and "\n" not in line


def test_a_gliding_player_runs_in_1_21_3_and_stops_in_1_21_5() -> None:
    """The bundled elytra scene runs through 1.21.3 (1.20.5's, 1.21's and 1.21.2's changes are simulated); the
    player's client of 1.21.5 is not known (the `player` row): the run stops in one line."""
    dive = (SCENES_DIR / "elytra_dive.toml").read_text()
    assert outcome(dive, 20, 1, version="1.21.3")[0] == "state"
    kind, line = outcome(dive, 20, 1, version="1.21.5")
    assert kind == "refused" and line.startswith("the player's client movement") and "1.21.5" in line


# --- 1.20.5/1.20.6: the living attributes, the sprint-jump kick, the sneaking edge ---
def _f(x: float) -> float:
    """Java's (float) cast."""
    return float(np.float32(x))


def _sine_table(value: float) -> float:
    """`MathHelper.sin(value)` as the game computes it: SINE_TABLE[(int)(value × 10430.378F) & 65535], the table
    holding (float)Math.sin(i × π × 2 / 65536)."""
    index = int(np.float32(value) * np.float32(10430.378)) & 65535
    return _f(math.sin(index * math.pi * 2.0 / 65536.0))


def _living(entity: dict, version: str, ticks: int, blocks: tuple = (FLOOR,), inputs: tuple = ()) -> Entity:
    sim = load_scene_text(_with_version(scene_toml(blocks=list(blocks), entities=[entity], inputs=list(inputs)),
                                        version), f"<living at {version}>")
    for _ in range(ticks):
        sim.tick()
    return sim.entity_by_id(entity["id"])


def test_a_nogravity_glider_keeps_its_height_from_1_20_5() -> None:
    """`LivingEntity.travel`'s elytra case takes `double d = 0.08` up to 1.20.4, NoGravity or not; 1.20.5's
    `getFinalGravity()` is 0 with NoGravity. Gliding level (pitch 10°, Motion (0.5, 0, 0) along the look): no lift
    or dive term is left, the steering keeps X, and the drag is × (double)0.99F."""
    text, ticks, _ = CASES["living_attributes"]
    falling = text.replace("no_gravity = true\n", "")
    assert text != falling
    old = outcome(text, ticks, 1, version="1.20.4")
    assert old == outcome(falling, ticks, 1, version="1.20.4") and old[1][0][1] < 60.0
    (pos, motion) = outcome(text, ticks, 1, version="1.20.5")[1]
    assert pos[1] == 60.0 and motion[1] == 0.0 and motion[0] == 0.5 * _f(0.99) and pos[0] == 0.5 + 0.5 * _f(0.99)
    # the default gravity attribute (0.08) gives 1.20.4's numbers
    assert outcome(falling, ticks, 1, version="1.20.5") == old


def test_the_sprint_jump_kick_is_a_double_from_1_20_5() -> None:
    """`LivingEntity.jump` of a sprinter facing yaw -60: 1.20.4 adds ((double)(-sin(g) × 0.2F), 0,
    (double)(cos(g) × 0.2F)) with the float products; 1.20.5 adds ((double)-sin(g) × 0.2, 0, (double)cos(g) × 0.2).
    The jump velocity is 0.42F in both (1.20.5: (float)jump_strength, whose default is 0.42F)."""
    g = _f(np.float32(-60.0) * np.float32(math.pi / 180.0))
    s, c = _sine_table(g), _sine_table(_f(g + _f(math.pi / 2.0)))
    expected = {"1.20.4": (_f(-s * _f(0.2)), _f(c * _f(0.2))), "1.20.5": (-s * 0.2, c * 0.2)}
    for version, (x, z) in expected.items():
        sim = load_scene_text(_with_version(CASES["sprint_jump_kick_double"][0], version), "<kick>")
        player = sim.entity_by_id(1)
        player.set_sprinting(True)
        player.jump(sim, None)
        m = player.motion
        assert (m.x, m.y, m.z) == (x, _f(0.42), z), version
    assert expected["1.20.4"] != expected["1.20.5"]


def test_the_jump_strength_attribute_from_1_20_5() -> None:
    """1.20.5 `getJumpVelocity`: (float)jump_strength × the block's multiplier; a velocity ≤ 1.0E-5F does not
    jump (the Motion keeps its Y). A player holds the jump key for one tick."""
    def jumped(strength: float) -> float:
        player = _living({"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1, "on_ground": True,
                          "motion": [0.0, -0.0784000015258789, 0.0], "attributes": {"generic.jump_strength": strength}},
                         "1.20.5", 1, inputs=({"entity": 1, "from": 1, "to": 1, "jump": True},))
        return player.pos.y
    assert jumped(0.5) == 1.0 + _f(0.5)                      # moved by the jump velocity in its tick
    assert jumped(0.0) == 1.0                                  # no jump: gravity, the floor holds it


def test_the_gravity_attribute_from_1_20_5() -> None:
    """A zombie (no goals) at rest in the air with gravity 0.04: its first tick's travel moves it by 0, then
    Motion Y = (0 - 0.04) × (double)0.98F; the second tick moves it by that."""
    zombie = {"type": "minecraft:zombie", "pos": [0.5, 30.0, 0.5], "id": 1,
              "attributes": {"generic.gravity": 0.04}}
    one = _living(zombie, "1.20.5", 1)
    assert one.pos.y == 30.0 and one.motion.y == -0.04 * _f(0.98)
    assert _living(zombie, "1.20.5", 2).pos.y == 30.0 - 0.04 * _f(0.98)


def test_the_step_height_attribute_from_1_20_5() -> None:
    """A player walking into a one-block step: with the default step height (0.6F) it stays on the floor, with
    step_height 1.0 `Entity.move` steps it onto the block."""
    step = {"from": [0, 1, -3], "to": [3, 1, 3], "block": "minecraft:stone"}
    walk = ({"entity": 1, "from": 1, "to": 20, "forward": True},)
    player = {"type": "minecraft:player", "pos": [-2.5, 1.0, 0.5], "id": 1, "on_ground": True, "yaw": -90.0,
              "motion": [0.0, -0.0784000015258789, 0.0]}
    assert _living(player, "1.20.5", 20, (FLOOR, step), walk).pos.y == 1.0
    high = _living({**player, "attributes": {"generic.step_height": 1.0}}, "1.20.5", 20, (FLOOR, step), walk)
    assert high.pos.y == 2.0 and high.pos.x > 0.0


@pytest.mark.parametrize(("extra", "health"), [
    ({}, 14.0),                                                               # ceil(8.58 - 3) = 6
    ({"attributes": {"generic.safe_fall_distance": 5.0}}, 16.0),              # ceil(8.58 - 5) = 4
    ({"attributes": {"generic.fall_damage_multiplier": 2.0}}, 8.0),           # ceil(5.58 × 2) = 12
    ({"effects": [{"id": "minecraft:jump_boost", "amplifier": 1}]}, 16.0),     # safe_fall_distance 3 + 2
])
def test_the_fall_attributes_from_1_20_5(extra: dict, health: float) -> None:
    """A zombie (20 health, no goals) dropped 9.5 blocks lands with a fall distance of 8.58 (the drops before
    its landing tick): 1.20.5 `computeFallDamage` = ceil((double)((fall − (float)safe_fall_distance) × 1.0F) ×
    fall_damage_multiplier); Jump Boost II adds 2 to safe_fall_distance. Without attributes 1.20.4 takes the same
    damage (its Jump Boost subtracts the level in computeFallDamage)."""
    zombie = {"type": "minecraft:zombie", "pos": [0.5, 10.5, 0.5], "id": 1, **extra}
    assert _living(zombie, "1.20.5", 30).health == health
    if "attributes" not in extra:
        assert _living(zombie, "1.20.4", 30).health == health


@pytest.mark.parametrize("name", ["generic.gravity", "generic.step_height", "generic.jump_strength",
                                  "generic.safe_fall_distance", "generic.fall_damage_multiplier", "generic.scale"])
def test_the_1_20_5_attributes_stop_an_older_scene_in_one_line(name: str) -> None:
    text = scene_toml(entities=[{"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "id": 1,
                                 "attributes": {name: 1.0}}])
    with pytest.raises(SceneError, match=f"entities\\[0\\].attributes.{name}.*does not exist before 1.20.5") as err:
        load_scene_text(_with_version(text, "1.20.4"), "<old>")
    assert "\n" not in str(err.value)
    load_scene_text(_with_version(text, "1.20.5"), "<new>")


def test_a_scaled_entity_stops_in_one_line() -> None:
    text = scene_toml(entities=[{"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "id": 1,
                                 "attributes": {"generic.scale": 2.0}}])
    with pytest.raises(SceneError, match="attributes.generic.scale: expected 1.0: a scaled entity"):
        load_scene_text(_with_version(text, "1.20.5"), "<scaled>")


def test_a_sneaking_edge_is_probed_below_the_feet_from_1_20_5() -> None:
    """A sneaking player on the floor's edge (x 3.5, the floor ends at 4) moving 0.9 towards a bottom slab
    floating at x 4..5: 1.20.4's probe (the whole box lowered by 0.6F) meets the slab, so the 0.9 stays and the
    player steps onto the slab; 1.20.5's probe (the footprint from the feet down 0.6F + 1.0E-5F) meets only the
    void until it overlaps the floor again: 0.9 - 0.05 - 0.05 (the box's minimum just below 4), then the step-up."""
    text, ticks, _ = CASES["sneak_edge_below_feet"]
    old = outcome(text, ticks, 1, version="1.20.4")[1][0]
    new = outcome(text, ticks, 1, version="1.20.5")[1][0]
    assert old == (3.5 + 0.9, 1.5, 0.5)
    assert new == (3.5 + (0.9 - 0.05 - 0.05), 1.5, 0.5)


def test_an_unridden_pig_steps_0_6_from_1_19_4() -> None:
    """`ItemSteerable.travel` set an unridden pig's step height to 0.5F up to 1.19.3; 1.19.4 dropped it, so the pig
    walking to a point behind a stonecutter (9/16 high) stays before it, or walks over it."""
    assert run("pig_step_height_half", "1.19.3").pos.x < 1.0 - 0.45 + 1e-6
    assert run("pig_step_height_half", "1.19.4").pos.x > 2.0
    assert run("pig_step_height_half", "1.20.5").pos == run("pig_step_height_half", "1.19.4").pos


# --- prismarine-physics (tests/engine/test_prismarine.py): its player tick has no version differences of its own
# after 1.16 (its features.json lists 1.17-1.20 with 1.16's), and its patched air speed is the sprint state's live
# (float)(0.02F + 0.005999999865889549): 1.16.5's value, read as 1.19.4 reads it. Its committed traces of the
# scenarios that stay on full blocks, out of fluids (slabs, ladders and fluids are refused from 1.17), agree with
# 1.17 and 1.19.4 within the bounds they have with 1.16.5; 1.18.2's float 0.02F + 0.006F sprint-jumps away.
DRY_SCENARIOS = ("walking", "sprinting", "sprint_jumping", "strafing_diagonally", "walking_into_walls", "falling",
                 "jumping_on_ice")


def peer_agreement(name: str, version: str) -> tuple[float, float, int]:
    """Max |Tickscope − peer| of position and velocity over the scenario, and the ticks whose onGround differs."""
    scenario = json.loads((FIXTURES / f"{name}.json").read_text())
    peer = [json.loads(line) for line in (FIXTURES / f"{name}.jsonl").read_text().splitlines()]
    sim = load_scene_text(_with_version(prismarine_scene(scenario), version), f"<{name} at {version}>")
    p = sim.entity_by_id(1)
    pos = vel = 0.0
    ground = 0
    for t, b in enumerate(peer):
        if t:
            sim.tick()
        pos = max(pos, *(abs(x - y) for x, y in zip(p.pos, b["pos"], strict=True)))
        vel = max(vel, *(abs(x - y) for x, y in zip(p.motion, b["vel"], strict=True)))
        ground += p.on_ground != b["onGround"]
    return pos, vel, ground


@pytest.mark.parametrize("version", ["1.17", "1.19.4"])
@pytest.mark.parametrize("name", DRY_SCENARIOS)
def test_players_of_1_17_and_1_19_4_agree_with_prismarine(name: str, version: str) -> None:
    pos, vel, ground = peer_agreement(name, version)
    pos_bound, vel_bound = BOUNDS[name]
    assert ground == 0 and pos <= pos_bound and vel <= vel_bound, (pos, vel, ground)


def test_the_1_18_2_sprint_jump_leaves_prismarine_by_the_float_air_speed() -> None:
    """0.02F + 0.006F in float is 1.86e-9 above the peer's sum: over the sprint-jumps the velocity drifts by about
    1e-8 and the position by about 6e-7."""
    pos, vel, ground = peer_agreement("sprint_jumping", "1.18.2")
    assert ground == 0 and 1e-7 < pos < 1e-6 and 1e-9 < vel < 1e-7


@pytest.mark.parametrize("name", [n for n in DRY_SCENARIOS if n != "sprint_jumping"])
def test_players_of_1_20_5_agree_with_prismarine(name: str) -> None:
    """The default attributes give 1.20.4's numbers: the dry scenarios without a sprint-jump agree as 1.19.4's do."""
    pos, vel, ground = peer_agreement(name, "1.20.5")
    pos_bound, vel_bound = BOUNDS[name]
    assert ground == 0 and pos <= pos_bound and vel <= vel_bound, (pos, vel, ground)


def test_the_1_20_5_sprint_jump_leaves_prismarine_by_the_double_kick() -> None:
    """The peer's patched kick is the float product with 0.2F (the sine table's value × 0.2F, as up to 1.20.4); it
    does not model 1.20.5's (double)-sin × 0.2: the sprint-jumps drift by about 3e-7 m and 6e-9 m/tick."""
    pos, vel, ground = peer_agreement("sprint_jumping", "1.20.5")
    assert ground == 0 and 1e-7 < pos < 1e-6 and 1e-9 < vel < 1e-8


def scene_run(name: str, ticks: int, version: str | None = None) -> Entity:
    """Entity 1 of the bundled scene `name` after `ticks`, at its own version or at `version`."""
    text = (SCENES_DIR / name).read_text()
    sim = load_scene_text(text if version is None else _with_version(text, version), name)
    for _ in range(ticks):
        sim.tick()
    return sim.entity_by_id(1)


def test_the_bundled_scenes_show_their_release_s_difference() -> None:
    """Each scene of a living difference, at its own release and at the release before the change."""
    assert scene_run("jump_boost_1_17_1.toml", 1).pos.y == 1.6199999898672104        # 0.42F + 0.1F × 2F, double
    assert scene_run("jump_boost_1_17_1.toml", 1, "1.17").pos.y == 1.6200000047683716         # the float sum
    assert scene_run("elytra_dive_1_18_2.toml", 1).motion.y == -0.055418102622879675
    assert scene_run("elytra_dive_1_18_2.toml", 1, "1.18.1").motion.y == -0.05541246237353092
    ghast = scene_run("ghast_noai_tnt_1_19.toml", 30)
    assert ghast.pos == (0.5, 100.0, 0.5) and ghast.motion.x < 0.0
    assert scene_run("ghast_noai_tnt_1_19.toml", 30, "1.18.2").pos.x < 0.0
    wall = scene_run("player_sprint_along_wall_1_18.toml", 30)
    assert wall.sprinting and wall.horizontal_collision
    assert wall.pos.x > scene_run("player_sprint_along_wall_1_18.toml", 30, "1.17.1").pos.x
    edge = scene_run("player_sneak_jump_edge_1_19.toml", 2).pos.x
    assert edge > scene_run("player_sneak_jump_edge_1_19.toml", 2, "1.18.2").pos.x
    golem = scene_run("iron_golem_fall_1_19_4.toml", 40)
    assert golem.on_ground and golem.health == golem.attributes.get_value("minecraft:generic.max_health")
    assert scene_run("iron_golem_fall_1_19_4.toml", 40, "1.19.3").health == golem.health - 16.0
    moon = scene_run("living_attributes_1_20_5.toml", 1)
    assert moon.pos.y == 1.0 + _f(0.6) and moon.sprinting                  # (float)jump_strength in its tick
    assert scene_run("living_attributes_1_20_5.toml", 6).motion.y > 0.0     # still rising: half the gravity
    with pytest.raises(SceneError, match="generic.gravity does not exist before 1.20.5"):
        scene_run("living_attributes_1_20_5.toml", 1, "1.20.4")
