"""Living entities, players and the explosion impulse of 1.21 and 1.21.1 against 1.20.6 (docs/versions.md, `living`
and `explosion_living`): each difference of the game's code, run as the real releases through the loader, with the
values the game's arithmetic gives (derived from the decompiled methods named in each test: Yarn 01a6d218f → 117d0e55d,
1.21.1 a8907fc1f changes none of them)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.entities.entity import Entity
from engine.living import attributes
from engine.tick.scene import SceneError, load_scene_text
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_versions import CASES, FLOOR, _with_version, outcome

F = np.float32


def run(text: str, version: str, ticks: int, entity_id: int) -> Entity:
    sim = load_scene_text(_with_version(text, version), f"<living at {version}>")
    for _ in range(ticks):
        sim.tick()
    return sim.entity_by_id(entity_id)


def scene(name: str) -> str:
    return (SCENES_DIR / name).read_text()


# --- Depth Strider: generic.water_movement_efficiency ---
def test_depth_strider_moves_the_water_acceleration_by_the_attribute_from_1_21() -> None:
    """`LivingEntity.travel`, water: g = 0.02F moved towards the movement speed 0.1F (the player's attribute) by
    `(speed - g) * h / 3.0F` with h = Depth Strider 2 (1.20.6), or by `(speed - g) * h` with h = (float) of
    water_movement_efficiency, whose Depth Strider II modifier is 0.33333334F + 0.33333334F × 1 (1.21). Facing
    yaw 0 from rest the player moves by the damped key 0.98F × g along Z in its first tick."""
    text, _, _ = CASES["living_attributes_1_21"]
    per_level = F(0.33333334)
    old = F(F(0.02) + F(F(F(F(0.1) - F(0.02)) * F(2.0)) / F(3.0)))
    new = F(F(0.02) + F(F(F(0.1) - F(0.02)) * F(per_level + per_level * F(1.0))))
    assert old != new
    for version, g in (("1.20.6", old), ("1.21", new), ("1.21.1", new)):
        assert run(text, version, 1, 1).pos.z == 0.5 + float(F(0.98)) * float(g), version


def test_depth_strider_iii_is_no_longer_capped_and_divided_from_1_21() -> None:
    """scenes/living_depth_strider_1_21.toml: the swimmer's drag 0.9F moved towards 0.54600006F by × 3F / 3F
    (1.20.6) or × (float)1.0000000298 = 1.0F (1.21): 0.546F against 0.54600006F, applied after the move, so the
    Motions part in tick 1 and the positions in tick 2; the walker's too (its acceleration, above)."""
    text = scene("living_depth_strider_1_21.toml")
    assert F(F(0.9) + F(F(F(F(0.54600006) - F(0.9)) * F(3.0)) / F(3.0))) != \
        F(F(0.9) + F(F(F(0.54600006) - F(0.9)) * F(1.0)))
    for entity_id in (1, 2):
        assert run(text, "1.20.6", 1, entity_id).motion != run(text, "1.21", 1, entity_id).motion
        assert run(text, "1.20.6", 2, entity_id).pos != run(text, "1.21", 2, entity_id).pos
    assert run(text, "1.21", 3, 1).pose == "swimming"


def test_the_water_efficiency_attribute_is_clamped_to_one() -> None:
    """Depth Strider V adds 0.33333334F × 5 > 1 to water_movement_efficiency, clamped to 1.0 (ClampedEntityAttribute
    0..1): the same run as Depth Strider III, whose three levels sum to (float)1.0000000298 = 1.0F."""
    text, _, _ = CASES["living_attributes_1_21"]
    three, five = (text.replace("depth_strider\" = 2", f"depth_strider\" = {n}") for n in (3, 5))
    assert run(three, "1.21", 3, 1).pos == run(five, "1.21", 3, 1).pos
    assert run(three, "1.20.6", 3, 1).pos == run(five, "1.20.6", 3, 1).pos    # min(level, 3) up to 1.20.6


# --- Swift Sneak: player.sneaking_speed ---
def _sneaker(version: str, **extra: object) -> Entity:
    text = scene_toml(blocks=[FLOOR], entities=[{"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1,
                                                 "on_ground": True, **extra}],
                      inputs=[{"entity": 1, "from": 1, "to": 2, "forward": True, "sneak": True}])
    return run(text, version, 2, 1)


def test_a_sneaker_s_keys_follow_the_sneaking_speed_attribute_from_1_21() -> None:
    """`ClientPlayerEntity.tickMovement` slows the keys of a sneaker by (float)player.sneaking_speed (default 0.3,
    1.21), from the second tick of sneaking (the pose of the tick before decides); Swift Sneak III adds 0.15F +
    0.15F × 2 = 0.45F to it: (float)(0.3 + 0.45F) = 0.75F, the float of 1.19's clamp(0.3F + 3 × 0.15F, 0, 1)."""
    assert _sneaker("1.21").input_forward == float(F(0.3))
    assert _sneaker("1.21", attributes={"player.sneaking_speed": 0.6}).input_forward == float(F(0.6))
    legs = {"equipment": {"legs": "minecraft:leather_leggings"},
            "enchantments": {"legs": {"minecraft:swift_sneak": 3}}}
    assert _sneaker("1.21", **legs).input_forward == _sneaker("1.20.6", **legs).input_forward == 0.75


# --- generic.movement_efficiency ---
def test_movement_efficiency_lifts_the_soul_sand_slowdown_from_1_21() -> None:
    """`LivingEntity.getVelocityMultiplier` = lerp((float)movement_efficiency, the block's, 1.0F) (1.21): 0.4F on
    soul sand at the default 0, 0.4F + 1.0F × (1.0F − 0.4F) = 1.0F at 1.0 — the walker on soul sand then keeps the
    Motion of the one on stone."""
    soul = {"from": [-3, 1, 1], "to": [3, 1, 3], "block": "minecraft:soul_sand"}

    def walker(extra: dict) -> tuple[Entity, Entity]:
        text = scene_toml(blocks=[FLOOR, soul], entities=[
            {"type": "minecraft:player", "pos": [0.5, 1.0, -1.5], "id": 1, "on_ground": True, "yaw": -90.0},
            {"type": "minecraft:player", "pos": [0.5, 1.875, 1.5], "id": 2, "on_ground": True, "yaw": -90.0,
             **extra}],
            inputs=[{"entity": i, "from": 1, "to": 5, "forward": True} for i in (1, 2)])
        sim = load_scene_text(_with_version(text, "1.21"), "<soul sand>")
        for _ in range(5):
            sim.tick()
        return sim.entity_by_id(1), sim.entity_by_id(2)

    stone, fast = walker({"attributes": {"generic.movement_efficiency": 1.0}})
    assert fast.motion.x == stone.motion.x and fast.pos.x - 0.5 == stone.pos.x - 0.5
    stone, slow = walker({})
    assert 0.0 < slow.motion.x < stone.motion.x


@pytest.mark.parametrize("name", ["generic.movement_efficiency", "generic.water_movement_efficiency",
                                  "generic.explosion_knockback_resistance", "player.sneaking_speed"])
def test_the_1_21_attributes_stop_an_older_scene_in_one_line(name: str) -> None:
    text = scene_toml(entities=[{"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1,
                                 "attributes": {name: 0.5}}])
    with pytest.raises(SceneError, match=f"attributes.{name}.*does not exist before 1.21") as err:
        load_scene_text(_with_version(text, "1.20.6"), "<old>")
    assert "\n" not in str(err.value)
    load_scene_text(_with_version(text, "1.21"), "<new>")


def test_only_a_player_has_a_sneaking_speed() -> None:
    text = scene_toml(entities=[{"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "id": 1,
                                 "attributes": {"player.sneaking_speed": 0.5}}])
    with pytest.raises(SceneError, match="attributes.player.sneaking_speed: only a player has this attribute"):
        load_scene_text(_with_version(text, "1.21"), "<zombie>")


def test_enchantment_modifiers_are_added_in_the_identifier_map_s_order() -> None:
    """Blast Protection on three pieces: modifiers `minecraft:enchantment.blast_protection/SLOT` (0.15F + 0.15F ×
    (level − 1) in float, widened) in a fastutil map, iterated from its last slot: HashCommon.mix of each
    Identifier.hashCode puts head, feet and chest in that order, whatever order the slots were applied in."""
    worn = {"feet": {"minecraft:blast_protection": 3}, "chest": {"minecraft:blast_protection": 1},
            "head": {"minecraft:blast_protection": 1}}
    mods = attributes.enchantment_modifiers(worn, attributes.EXPLOSION_KNOCKBACK_RESISTANCE)
    assert [m.uuid for m in mods] == ["minecraft:enchantment.blast_protection/feet",
                                      "minecraft:enchantment.blast_protection/chest",
                                      "minecraft:enchantment.blast_protection/head"]
    three, one = float(F(F(0.15) + F(0.15) * F(2.0))), float(F(0.15))
    assert [m.amount for m in mods] == [three, one, one]
    assert [m.uuid.rsplit("/", 1)[1] for m in attributes.open_hash_order(mods)] == ["head", "feet", "chest"]
    # the sum in that order, from the base 0: ((0 + head) + feet) + chest
    assert attributes.enchanted_value(attributes.AttributeContainer(), attributes.EXPLOSION_KNOCKBACK_RESISTANCE,
                                      worn) == (one + three) + one


# --- the step-up ---
def test_a_falling_player_no_longer_steps_from_where_its_fall_began_from_1_21() -> None:
    """scenes/living_step_up_1_21.toml: the move (0.8, −0.4, 0) from 0.3 above the floor is cut to (0.7, −0.3, 0)
    by the floor and the soul sand's side. 1.20.6 steps 0.6 up from the box where it was: 0.9 clears the soul sand
    (0.875), the player settles on its top, 1.875, at x 2.0 + 0.8. 1.21 lowers the box onto the floor first and
    finds no shape top within 0.6 but the floor's own: it stays against the soul sand, x 3.0 − the half width
    0.6F / 2, on the floor."""
    text = scene("living_step_up_1_21.toml")
    old, new = run(text, "1.20.6", 1, 1), run(text, "1.21", 1, 1)
    assert (old.pos.x, old.pos.y) == (2.0 + 0.8, 1.875)
    assert (new.pos.x, new.pos.y) == (3.0 - float(F(0.6)) / 2.0, 1.0)
    assert run(text, "1.21.1", 1, 1).pos == new.pos


def test_walking_onto_a_slab_gives_the_same_height_in_both_step_ups() -> None:
    """A player walking east on the floor onto bottom slabs: the whole step height tried and settled (1.20.6) or
    the slab's top 0.5F tried first (1.21) — both stand on the slab at 1.5."""
    slabs = {"from": [2, 1, -1], "to": [3, 1, 1], "block": "minecraft:stone_slab[type=bottom]"}
    text = scene_toml(blocks=[FLOOR, slabs], entities=[{"type": "minecraft:player", "pos": [0.5, 1.0, 0.5],
                                                         "id": 1, "on_ground": True, "yaw": -90.0}],
                      inputs=[{"entity": 1, "from": 1, "to": 12, "forward": True}])
    old, new = run(text, "1.20.6", 12, 1), run(text, "1.21", 12, 1)
    assert old.pos.y == new.pos.y == 1.5 and old.pos == new.pos


# --- knockback ---
def test_a_snowball_knocks_back_along_its_flight_from_1_21() -> None:
    """`LivingEntity.damage` (1.21): a projectile's knockback direction is −`ProjectileEntity.getKnockback`, the
    snowball's velocity (1, 0): takeKnockback(0.4F, −1, −0) pushes the NoAI zombie by 0.4F along +X and, on the
    ground, Y := min(0.4, 0 / 2 + 0.4F) = 0.4. Up to 1.20.6 it came from the thrower's side: player 1 at
    (−3, 1.5) from it, |(−3, 1.5)| normalised in double (`knockback_double`)."""
    text = scene_toml(blocks=[FLOOR], entities=[
        {"type": "minecraft:player", "pos": [-2.5, 1.0, 2.0], "id": 1, "on_ground": True},
        {"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "id": 2, "no_ai": True, "on_ground": True},
        {"type": "minecraft:snowball", "pos": [-0.5, 2.0, 0.5], "motion": [1.0, 0.0, 0.0], "no_gravity": True,
         "owner": 1, "id": 3}])
    assert outcome(text, 1, 2, version="1.20.6")[1][1] == (0.35777088173116783, 0.4, -0.17888544086558392)
    for version in ("1.21", "1.21.1"):
        assert outcome(text, 1, 2, version=version)[1][1] == (float(F(0.4)), 0.4, 0.0), version


def test_an_ownerless_snowball_knocks_back_from_1_21() -> None:
    """Up to 1.20.6 only a hit with an attacker knocks back (`source.getAttacker() != null`); 1.21 knocks back from
    any source not tagged no_knockback, a projectile along its flight (the case of test_versions)."""
    text, ticks, zombie = CASES["knockback_projectile_velocity"]
    assert outcome(text, ticks, zombie, version="1.20.6")[1][1] == (0.0, 0.0, 0.0)
    assert outcome(text, ticks, zombie, version="1.21")[1][1] == (float(F(0.4)), 0.4, 0.0)


def test_the_projectile_scene_pushes_both_zombies_east_in_1_21() -> None:
    text = scene("living_projectile_knockback_1_21.toml")
    for entity_id in (2, 4):
        p = run(text, "1.21", 1, entity_id)
        assert p.motion.x > 0.0 and p.motion.z == 0.0 and p.pos.z in (0.5, 5.5)
    assert run(text, "1.20.6", 1, 2).motion.z < 0.0 and run(text, "1.20.6", 1, 4).motion.x == 0.0


# --- the explosion's impulse: generic.explosion_knockback_resistance ---
def _stands(version: str, text: str | None = None) -> dict[int, Entity]:
    text = text or scene("explosion_knockback_resistance_1_21.toml")
    sim = load_scene_text(_with_version(text, version), f"<blast at {version}>")
    sim.tick()
    return {i: sim.entity_by_id(i) for i in (2, 3, 4, 5)}


def test_blast_protection_reaches_the_impulse_as_an_attribute_from_1_21() -> None:
    """`Explosion.collectBlocksAndDamageEntities`: up to 1.20.6 the impulse I is × clamp(1 − 0.15 × 4, 0, 1) for
    the highest level (IV), the four-piece stand 3 like stand 2; from 1.21 × (1 − explosion_knockback_resistance):
    stand 2 (one piece) × (1 − (double)0.6F), stand 3 (four pieces, 2.4 clamped to 1) × 0, stand 4 (base 0.5)
    × 0.5 — exactly half of stand 5's push, mirrored."""
    new = _stands("1.21")
    assert new[3].motion == (0.0, 0.0, 0.0)
    assert (new[4].motion.x, new[4].motion.y) == (new[5].motion.z / 2.0, new[5].motion.y / 2.0)
    impulse = -new[5].motion.z                        # the same |x| at stand 2's mirrored place
    assert new[2].motion.x == pytest.approx(impulse * (1.0 - float(F(0.6))), rel=1e-15)
    without_attribute = scene("explosion_knockback_resistance_1_21.toml").replace(
        'attributes = { "generic.explosion_knockback_resistance" = 0.5 }', "")
    old = _stands("1.20.6", without_attribute)
    assert old[2].motion.x == old[3].motion.z == pytest.approx(impulse * (1.0 - 4 * 0.15), rel=1e-15)
    assert old[2].motion.x != new[2].motion.x
    assert old[4].motion.x == old[5].motion.z


def test_an_enchantment_acts_only_from_its_slots() -> None:
    """`EnchantmentHelper.getEquipmentLevel` reads an enchantment's own slots (Blast Protection: the armor), and 1.21
    applies an attribute effect only where `Enchantment.slotMatches`: Blast Protection IV held in the main hand
    leaves stand 2's impulse that of the bare stand 5 (mirrored) in both releases."""
    text = scene("explosion_knockback_resistance_1_21.toml").replace(
        'equipment = { chest = "minecraft:diamond_chestplate" }\nenchantments = { chest = {',
        'equipment = { mainhand = "minecraft:diamond_sword" }\nenchantments = { mainhand = {').replace(
        'attributes = { "generic.explosion_knockback_resistance" = 0.5 }', "")
    for version in ("1.20.6", "1.21"):
        stands = _stands(version, text)
        assert stands[2].motion.x == -stands[5].motion.z, version
