"""Living entities, players and the elytra of 1.21.2 and 1.21.3 against 1.21.1 (docs/versions.md, `living` and
`elytra`): each difference of the game's code, run as the real releases through the loader, with the values the
game's arithmetic gives (derived from the decompiled methods named in each test: Yarn a8907fc1f (1.21.1) →
ee99212b7 (1.21.2); 1.21.3, def674d26, changes none of these classes). 1.21.4: test_version_living_1214.py."""

from __future__ import annotations

import numpy as np
import pytest

from engine.entities.entity import Entity
from engine.tick.scene import SceneError, load_scene_text
from engine.tick.scene_writer import scene_document
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_versions import FLOOR, _with_version

F = np.float32
LAVA = {"from": [-3, 0, -3], "to": [3, 2, 3], "block": "minecraft:lava"}


def load(text: str, version: str) -> Simulation:
    return load_scene_text(_with_version(text, version), f"<living at {version}>")


def run(text: str, version: str, ticks: int, entity_id: int = 1) -> Entity:
    sim = load(text, version)
    for _ in range(ticks):
        sim.tick()
    return sim.entity_by_id(entity_id)


def scene(name: str) -> str:
    return (SCENES_DIR / name).read_text()


# --- LivingEntity.jump: setVelocity(x, Math.max(f, y), z) ---
def test_a_jump_keeps_a_slime_bounce_faster_than_itself_from_1_21_2() -> None:
    """scenes/living_slime_jump_1_21_2.toml: the bounce leaves the player on the slime block rising at v (tick 11,
    the same in both releases); holding jump, it jumps in tick 12. 1.21.1 sets Motion Y to 0.42F, so it rises
    0.42F and then (0.42F - 0.08) x 0.98F; 1.21.2 sets it to max(0.42F, v) = v."""
    text = scene("living_slime_jump_1_21_2.toml")
    old, new = run(text, "1.21.1", 11), run(text, "1.21.2", 11)
    assert (old.pos, old.motion, old.on_ground) == (new.pos, new.motion, True)
    v = new.motion.y
    assert v > float(F(0.42))
    old, new = run(text, "1.21.1", 12), run(text, "1.21.2", 12)
    assert old.pos.y == 1.0 + float(F(0.42)) and old.motion.y == (float(F(0.42)) - 0.08) * float(F(0.98))
    assert new.pos.y == 1.0 + v and new.motion.y == (v - 0.08) * float(F(0.98))
    assert run(text, "1.21.3", 12).pos == new.pos


def test_a_jump_from_rest_is_the_same_jump() -> None:
    """Standing, Motion Y is -0.0784 when the jump comes: max(0.42F, -0.0784) is the jump velocity, as before."""
    text = scene_toml(blocks=[FLOOR], entities=[{"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1,
                                                 "on_ground": True, "motion": [0.0, -0.0784, 0.0]}],
                      inputs=[{"entity": 1, "from": 1, "to": 1, "jump": True}])
    for version in ("1.21.1", "1.21.2"):
        assert run(text, version, 1).pos.y == 1.0 + float(F(0.42))


# --- LivingEntity.travelMidAir: getEffectiveGravity after applyMovementInput's move ---
def test_slow_falling_gravity_is_chosen_after_the_move_from_1_21_2() -> None:
    """scenes/living_slow_falling_ceiling_1_21_2.toml: the jump (0.42F) meets the ceiling 0.2 up, and the move
    leaves Motion Y 0. 1.21.1 chose the gravity from the rising Motion before the move: 0.08, then x 0.98F;
    1.21.2 asks getEffectiveGravity after it: Motion Y 0 is not rising, so Slow Falling's min(0.08, 0.01)."""
    text = scene("living_slow_falling_ceiling_1_21_2.toml")
    old, new = run(text, "1.21.1", 1), run(text, "1.21.2", 1)
    assert old.pos == new.pos and new.pos.y + float(F(1.8)) == 3.0    # the head at the ceiling
    assert old.motion.y == (0.0 - 0.08) * float(F(0.98))
    assert new.motion.y == (0.0 - 0.01) * float(F(0.98))
    assert run(text, "1.21.3", 1).motion == new.motion


# --- LivingEntity.tickGliding: limitFallDistance and the end of the glide before travel ---
def test_a_glider_lies_gliding_through_its_landing_tick_from_1_21_2() -> None:
    """scenes/elytra_landing_1_21_2.toml: the glider lands in tick 4. 1.21.1's travel ends the glide on landing
    and the player stands up (PlayerEntity.updatePose, 1.8 high) at the end of the tick; 1.21.2's travelGliding
    does not, so it stays in the gliding pose (0.6 high) until tickGliding ends the glide in tick 5."""
    text = scene("elytra_landing_1_21_2.toml")
    old, new = run(text, "1.21.1", 4), run(text, "1.21.2", 4)
    assert old.pos == new.pos and old.on_ground and new.on_ground
    assert (old.fall_flying, old.pose, old.box.max_y - old.box.min_y) == (False, "standing", float(F(1.8)))
    assert (new.fall_flying, new.pose, new.box.max_y - new.box.min_y) == (True, "fall_flying", float(F(0.6)))
    new = run(text, "1.21.2", 5)
    assert (new.fall_flying, new.pose) == (False, "standing")


def test_the_landed_glider_starts_its_sprint_a_tick_later_from_1_21_2() -> None:
    """Holding forward and sprint, 1.21.1's player sprints from tick 5 (ClientPlayerEntity.canStartSprinting: not
    gliding); 1.21.2's is still gliding when its client decides in tick 5 (tickGliding comes later, inside
    LivingEntity.tickMovement), so it walks that tick, as 1.21.1's player does without the sprint key, and sprints
    from tick 6."""
    text = scene("elytra_landing_1_21_2.toml")
    walker = text.replace("sprint = true\n", "")
    old, new = run(text, "1.21.1", 5), run(text, "1.21.2", 5)
    assert old.sprinting and not new.sprinting
    plain = run(walker, "1.21.1", 5)
    assert (new.pos, new.motion) == (plain.pos, plain.motion) != (old.pos, old.motion)
    assert run(text, "1.21.2", 6).sprinting


@pytest.mark.parametrize("version", ["1.16.5", "1.21.1", "1.21.2"])
def test_a_glider_landing_on_soul_sand_is_not_slowed(version: str) -> None:
    """`PlayerEntity.getVelocityMultiplier` is 1.0 while gliding (every release): the glider of
    scenes/elytra_landing_1_21_2.toml landing on soul sand (0.875 high, the glide 0.125 lower) keeps the Motion it
    has landing on stone, through the landing tick."""
    text = scene("elytra_landing_1_21_2.toml")
    soul = text.replace('block = "minecraft:stone"', 'block = "minecraft:soul_sand"').replace(
        "pos = [0.5, 1.6, 0.5]", "pos = [0.5, 1.475, 0.5]")
    stone, sand = run(text, version, 4), run(soul, version, 4)
    assert stone.on_ground and sand.on_ground and sand.pos.y == 0.875
    assert sand.motion.x == stone.motion.x and sand.pos.x == stone.pos.x


def _lava_zombie(fall_distance: float, gliding: bool) -> str:
    extra = {"fall_flying": True} if gliding else {}
    return scene_toml(blocks=[FLOOR, LAVA], entities=[
        {"type": "minecraft:zombie", "pos": [0.5, 2.5, 0.5], "motion": [0.3, -0.1, 0.0], "id": 1,
         "fall_distance": fall_distance, "equipment": {"chest": "minecraft:elytra"}, **extra}])


def test_a_gliding_zombie_in_lava_has_its_fall_distance_limited_from_1_21_2() -> None:
    """A zombie wearing an elytra glides into lava with a fall distance of 10 and Motion Y -0.1 (> -0.5). Travel
    takes the lava case in both releases; 1.21.1 limited the fall distance only in the elytra case, 1.21.2's
    tickGliding lowers it to 1 before travel (limitFallDistance). So 1.21.2's glider goes on as a zombie that is
    not gliding with a fall distance of 1 (both then add the tick's drop), 1.21.1's as one with 10."""
    for version, start in (("1.21.1", 10.0), ("1.21.2", 1.0)):
        glider, walker = run(_lava_zombie(10.0, True), version, 1), run(_lava_zombie(start, False), version, 1)
        assert glider.is_in_lava() and glider.fall_flying and glider.motion.y > -0.5
        assert (glider.pos, glider.motion, glider.fall_distance) == (walker.pos, walker.motion, walker.fall_distance)
    assert run(_lava_zombie(10.0, True), "1.21.2", 1).fall_distance == float(F(F(1.0) + F(0.1)))


# --- Entity.move: onEntityLand only on the logical side ---
def test_a_noai_mob_lifted_into_a_ceiling_keeps_its_motion_from_1_21_2() -> None:
    """scenes/living_noai_piston_ceiling_1_21_2.toml: the zombie's tick (no AI: Motion x 0.98, no travel) comes
    before the piston's lift into the ceiling. 1.21.1's Entity.move zeroes Motion Y (Block.onEntityLand); 1.21.2's
    calls onEntityLand only where isLogicalSideForUpdatingMovement, which a NoAI mob is not: 0.3 x 0.98 stays."""
    text = scene("living_noai_piston_ceiling_1_21_2.toml")
    old, new = run(text, "1.21.1", 1), run(text, "1.21.2", 1)
    assert old.pos == new.pos and new.pos.y > 2.0
    assert old.motion.y == 0.0 and new.motion.y == 0.3 * 0.98
    text_ai = text.replace("no_ai = true\n", "")
    assert run(text_ai, "1.21.2", 1).motion.y != new.motion.y     # a mob with AI moves itself: landed as before


# --- LivingEntity.tickMovement: tickBlockCollision once after travel ---
def test_a_player_s_slime_step_follows_its_travel_from_1_21_2() -> None:
    """A standing player sliding at 0.2 on a slime block (Motion Y -0.0784 into it, bounced to +0.0784 by
    onEntityLand). 1.21.1's Entity.move calls onSteppedOn at once, |Y| = 0.0784: X x (0.4 + 0.0784 x 0.2), then
    travel's drag 0.8F x 0.91F; 1.21.2's tickMovement calls tickBlockCollision after travel: the drag first, then
    onSteppedOn with the Y after gravity and drag, (0.0784 - 0.08) x 0.98F."""
    text = scene_toml(blocks=[{"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:slime_block"}],
                      entities=[{"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1, "on_ground": True,
                                 "motion": [0.2, -0.0784, 0.0]}])
    drag = float(F(F(0.8) * F(0.91)))
    y = (0.0784 - 0.08) * float(F(0.98))
    assert run(text, "1.21.1", 1).motion.x == 0.2 * (0.4 + 0.0784 * 0.2) * drag
    new = run(text, "1.21.2", 1)
    assert new.motion.y == y and new.motion.x == 0.2 * drag * (0.4 + abs(y) * 0.2)


# --- Entity.setPitch: Math.clamp(pitch % 360.0F, -90.0F, 90.0F) ---
@pytest.mark.parametrize(("pitch", "clamped"), [(100.0, 90.0), (-100.0, -90.0), (450.0, 90.0), (53.366, 53.366)])
def test_a_1_21_2_scene_s_pitch_is_read_back_clamped(pitch: float, clamped: float) -> None:
    """Entity.readNbt sets the pitch through setPitch, which from 1.21.2 keeps pitch % 360F within ±90: a glider
    looking 100 degrees down looks 90 down, and glides as one given 90."""
    text = scene("elytra_dive.toml").replace("pitch = 53.366", f"pitch = {pitch}")
    assert load(text, "1.21.2").entity_by_id(1).pitch == float(F(clamped))
    if abs(pitch) < 360.0:   # 1.21.1 takes it % 360F only
        assert load(text, "1.21.1").entity_by_id(1).pitch == float(F(pitch))
    given = scene("elytra_dive.toml").replace("pitch = 53.366", f"pitch = {clamped}")
    assert run(text, "1.21.2", 3).pos == run(given, "1.21.2", 3).pos


# --- attribute ids: 1.21.2 registers them without generic. and player. ---
def _with_attributes(attributes: dict[str, float]) -> str:
    return scene_toml(blocks=[FLOOR], entities=[{"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1,
                                                 "attributes": attributes}])


def test_1_21_2_scenes_name_attributes_without_the_prefix() -> None:
    for version in ("1.21.2", "1.21.3"):
        e = load(_with_attributes({"gravity": 0.04, "minecraft:sneaking_speed": 0.6}), version).entity_by_id(1)
        assert e.attributes.get_value("minecraft:generic.gravity") == 0.04
        assert e.attributes.get_value("minecraft:player.sneaking_speed") == 0.6
    e = load(_with_attributes({"generic.gravity": 0.04}), "1.21.1").entity_by_id(1)
    assert e.attributes.get_value("minecraft:generic.gravity") == 0.04


@pytest.mark.parametrize(("version", "given", "expected"), [
    ("1.21.2", "generic.gravity", "minecraft:gravity"),
    ("1.21.3", "player.sneaking_speed", "minecraft:sneaking_speed"),
    ("1.21.1", "gravity", "minecraft:generic.gravity"),
    ("1.21.1", "minecraft:sneaking_speed", "minecraft:player.sneaking_speed")])
def test_another_release_s_attribute_id_stops_the_scene_in_one_line(version: str, given: str,
                                                                      expected: str) -> None:
    with pytest.raises(SceneError, match=f"attributes.{given}: expected {expected}, this attribute's id in "
                                         f"{version}") as err:
        load(_with_attributes({given: 0.5}), version)
    assert "\n" not in str(err.value)


def test_an_attribute_too_new_for_the_release_names_its_id_there() -> None:
    with pytest.raises(SceneError, match="generic.gravity does not exist before 1.20.5"):
        load(_with_attributes({"generic.gravity": 0.04}), "1.20.4")
    with pytest.raises(SceneError, match="unknown attribute .*minecraft:gravity"):
        load(_with_attributes({"gravityy": 0.04}), "1.21.2")


def test_the_scene_writer_names_attributes_by_the_release_s_ids() -> None:
    for version, written in (("1.21.2", "minecraft:step_height"), ("1.21.1", "minecraft:generic.step_height")):
        sim = load(_with_attributes({written.removeprefix("minecraft:"): 1.0}), version)
        entry = next(e for e in scene_document(sim)["entities"] if e["id"] == 1)
        assert entry["attributes"] == {written: 1.0}


# --- the table: 1.21.2 and 1.21.3 simulated, 1.21.5 refused ---
def test_living_and_elytra_run_in_1_21_3_and_stop_in_1_21_5() -> None:
    text = scene("elytra_dive.toml")
    assert run(text, "1.21.3", 2).fall_flying
    with pytest.raises(NotImplementedError, match="of version 1.21.5 .*1.21.5's LocalPlayer was not found"):
        run(text, "1.21.5", 1)
