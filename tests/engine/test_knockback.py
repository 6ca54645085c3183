"""Knockback (spec 04 §13): projectile hits through `LivingEntity.damage` and `takeKnockback`, knockback
resistance, and explosion impulses on players (Blast Protection)."""

from __future__ import annotations

from engine.java.javanum import f32
from tests.conftest import build_scene
from tests.scene_parts import STANDING_VY, entity, floor


def standing_player(entity_id: int, x: float, **keys: object) -> dict:
    """A player standing on the floor at (x, 1, 0.5), with the Motion of one standing on the ground."""
    return entity("minecraft:player", (x, 1.0, 0.5), id=entity_id, motion=[0.0, STANDING_VY, 0.0], on_ground=True,
                  **keys)


def snowball_hit(**target_keys: object):
    """Player 1 owns a snowball that hits zombie 2 (standing at x 0.5, idle) in tick 1, flying +X (a player refuses
    the snowball's 0 damage, and so its knockback: tests/engine/test_player_damage.py)."""
    sim = build_scene(blocks=[floor(8)], entities=[
        standing_player(1, -3.5),
        entity("minecraft:zombie", (0.5, 1.0, 0.5), id=2, motion=[0.0, STANDING_VY, 0.0], on_ground=True,
               **target_keys),
        entity("minecraft:snowball", (-0.5, 2.0, 0.5), id=3, motion=[1.0, 0.0, 0.0], no_gravity=True, owner=1)])
    return sim, sim.entity_by_id(2)


def test_a_snowball_knocks_a_zombie_back_from_the_thrower() -> None:
    """0 damage still counts as a hit for a mob: Motion halved, 0.4F away from the attacker (the thrower, at −X),
    and on the ground Y := min(0.4, y/2 + 0.4F); then the zombie's own tick in the next moves it (gravity, air
    drag: it ticks before the snowball, id 3)."""
    sim, p = snowball_hit()
    ball = sim.entity_by_id(3)
    sim.tick()
    sim.tick()
    assert ball.removed and p.hurt_time == 9 and p.health == 20.0    # hurt 10, then one tick of its own
    vy = min(0.4, STANDING_VY / 2.0 + f32(0.4))
    assert p.pos.x == 0.5 + f32(0.4) and p.pos.y == 1.0 + vy
    assert p.motion.y == (vy - 0.08) * f32(0.98)


def test_knockback_resistance_cancels_it() -> None:
    sim, p = snowball_hit(attributes={"minecraft:generic.knockback_resistance": 1.0})
    sim.tick()
    sim.tick()
    assert p.hurt_time == 9 and p.pos.x == 0.5


def test_an_arrow_hurts_a_mob_and_pushes_it_along_its_flight() -> None:
    """An arrow without an owner is its own attacker: the mob loses ⌈speed × 2⌉ health and is knocked away from
    the arrow's position."""
    sim = build_scene(blocks=[floor(8)], entities=[
        entity("minecraft:wither_skeleton", (0.5, 1.0, 0.5), id=1, no_ai=True, on_ground=True),
        entity("minecraft:arrow", (-1.5, 2.0, 0.5), id=2, motion=[1.5, 0.0, 0.0], no_gravity=True)])
    mob = sim.entity_by_id(1)
    for _ in range(3):
        sim.tick()
    assert mob.health == 20.0 - 3.0 and mob.motion.x > 0.0


def test_blast_protection_on_a_players_explosion_impulse_follows_x3() -> None:
    """Spec 04 §15, X3 (≤ 1.19.4: impulse − ⌊impulse × level × 0.15F⌋): the player's Blast Protection (from its
    enchantments) does nothing below level 7 and reverses the push at high levels."""
    def impulse(**keys: object) -> float:
        sim = build_scene(blocks=[floor(8)], entities=[standing_player(1, 2.5, **keys),
                                                       entity("minecraft:tnt", (0.5, 1.0, 0.5), id=2, fuse=1)])
        sim.tick()
        event = next(e for e in sim.last_record.events if e["kind"] == "explosion")
        return next(a for a in event["affected"] if a["id"] == 1)["impulse"][0]
    def protected(level: int) -> float:
        return impulse(equipment={"chest": "minecraft:diamond_chestplate"},
                       enchantments={"chest": {"minecraft:blast_protection": level}})
    plain = impulse()
    assert 0.0 < plain < 1.0 and protected(4) == plain
    assert protected(20) < 0.0
