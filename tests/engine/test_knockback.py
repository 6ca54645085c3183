"""Knockback (spec 04 §13): projectile hits through `LivingEntity.damage` and `takeKnockback`, knockback
resistance, and explosion impulses on players (Blast Protection)."""

from __future__ import annotations

from engine.java.javanum import f32
from engine.tick.scene import load_scene_text

STONE = '[[blocks]]\nfrom = [-8, 0, -8]\nto = [8, 0, 8]\nblock = "minecraft:stone"\n'
STAND_VY = -0.0784000015258789


def snowball_hit(target_extra: str = ""):
    """Player 1 owns a snowball that hits player 2 (standing at x 0.5) in tick 1, flying +X."""
    sim = load_scene_text(STONE + f"""
[[entities]]
type = "minecraft:player"
id = 1
pos = [-3.5, 1.0, 0.5]
motion = [0.0, {STAND_VY}, 0.0]
on_ground = true
[[entities]]
type = "minecraft:player"
id = 2
pos = [0.5, 1.0, 0.5]
motion = [0.0, {STAND_VY}, 0.0]
on_ground = true
{target_extra}
[[entities]]
type = "minecraft:snowball"
id = 3
pos = [-0.5, 2.0, 0.5]
motion = [1.0, 0.0, 0.0]
no_gravity = true
owner = 1
""")
    return sim, sim.entity_by_id(2)


def test_a_snowball_knocks_a_player_back_from_the_thrower() -> None:
    """0 damage still counts as a hit: Motion halved, 0.4F away from the attacker (the thrower, at −X), and on the
    ground Y := min(0.4, y/2 + 0.4F); then the player's own tick moves it (gravity, air drag)."""
    sim, p = snowball_hit()
    ball = sim.entity_by_id(3)
    sim.tick()
    assert ball.removed and p.hurt_time == 9 and p.health == 20.0    # hurt 10, then one tick of its own
    vy = min(0.4, STAND_VY / 2.0 + f32(0.4))
    assert p.pos.x == 0.5 + f32(0.4) and p.pos.y == 1.0 + vy
    assert p.motion.y == (vy - 0.08) * f32(0.98)


def test_knockback_resistance_cancels_it() -> None:
    sim, p = snowball_hit('attributes = { "minecraft:generic.knockback_resistance" = 1.0 }')
    sim.tick()
    assert p.hurt_time == 9 and p.pos.x == 0.5


def test_an_arrow_hurts_a_mob_and_pushes_it_along_its_flight() -> None:
    """An arrow without an owner is its own attacker: the mob loses ⌈speed × 2⌉ health and is knocked away from
    the arrow's position."""
    sim = load_scene_text(STONE + """
[[entities]]
type = "minecraft:wither_skeleton"
id = 1
pos = [0.5, 1.0, 0.5]
no_ai = true
on_ground = true
[[entities]]
type = "minecraft:arrow"
id = 2
pos = [-1.5, 2.0, 0.5]
motion = [1.5, 0.0, 0.0]
no_gravity = true
""")
    mob = sim.entity_by_id(1)
    for _ in range(3):
        sim.tick()
    assert mob.health == 20.0 - 3.0 and mob.motion.x > 0.0


def test_blast_protection_on_a_players_explosion_impulse_follows_x3() -> None:
    """Spec 04 §15, X3 (≤ 1.19.4: impulse − ⌊impulse × level × 0.15F⌋): the player's Blast Protection (from its
    enchantments) does nothing below level 7 and reverses the push at high levels."""
    def impulse(extra: str) -> float:
        sim = load_scene_text(STONE + f"""
[[entities]]
type = "minecraft:player"
id = 1
pos = [2.5, 1.0, 0.5]
motion = [0.0, {STAND_VY}, 0.0]
on_ground = true
{extra}
[[entities]]
type = "minecraft:tnt"
id = 2
pos = [0.5, 1.0, 0.5]
fuse = 1
""")
        sim.tick()
        event = next(e for e in sim.last_record.events if e["kind"] == "explosion")
        return next(a for a in event["affected"] if a["id"] == 1)["impulse"][0]
    def protected(level: int) -> float:
        return impulse('equipment = { chest = "minecraft:diamond_chestplate" }\n'
                       f'enchantments = {{ chest = {{ "minecraft:blast_protection" = {level} }} }}')
    plain = impulse("")
    assert 0.0 < plain < 1.0 and protected(4) == plain
    assert protected(20) < 0.0
