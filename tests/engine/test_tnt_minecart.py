"""TNT minecarts (spec 06 §6.5, figure E14): activator-rail priming, the fuse, the crash power from speed."""

from __future__ import annotations

from engine.java.javanum import f32
from engine.java.jrandom import JavaRandom
from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import build_scene, explosions
from tests.scene_parts import CART_ON_RAIL_Y, action, cell, entity, floor

OBSIDIAN = floor(3, "minecraft:obsidian")

FUSE = 80          # TntMinecartEntity.prime: 80 ticks (spec 06 §6)


def cart_on_activator_rail(powered: str, *others: dict) -> Simulation:
    """A TNT minecart (id 1) on an activator rail (`powered` "true" or "false") on obsidian, then `others`."""
    rail = cell((0, 1, 0), f"minecraft:activator_rail[shape=east_west,powered={powered}]")
    return build_scene(blocks=[OBSIDIAN, rail], entities=[entity("tnt_minecart", (0.5, CART_ON_RAIL_Y, 0.5)), *others])


def cart_falling_from(y: float) -> Simulation:
    """A TNT minecart (id 1) above a stone floor at height `y`."""
    return build_scene(blocks=[floor(2)], entities=[entity("tnt_minecart", (0.5, y, 0.5))])


def test_powered_activator_rail_primes_and_the_fuse_ends_in_a_power_4_explosion_at_rest() -> None:
    sim = cart_on_activator_rail("true")
    cart = sim.entity_by_id(1)
    sim.tick()
    assert cart.fuse == FUSE - 1          # primed in the cart tick, counted down after it
    found = explosions(sim, 90)
    assert [(t, ev["power"], ev["source_type"], ev["mode"]) for t, ev in found] == \
        [(FUSE + 1, 4.0, "minecraft:tnt_minecart", "break")]
    assert cart.removed


def test_unpowered_activator_rail_does_not_prime() -> None:
    sim = cart_on_activator_rail("false")
    assert explosions(sim, 100) == []
    assert sim.entity_by_id(1).fuse == -1


def test_stacked_cart_crash_power_is_4_plus_7_5_times_next_double_figure_e14() -> None:
    """E14: the pile's Motion far exceeds 5 m/gt, so min(speed, 5) = 5 and the crash power is
    (float)(4 + nextDouble·1.5·5), uniform in 4..11.5; the first draw of the cart's own Random."""
    sim = load_scene(SCENES / "tnt_minecart_cannon.toml")
    found = explosions(sim, 40)
    assert found
    first = found[0][1]
    expected = f32(4.0 + JavaRandom(sim.seed * 1_000_003 + first["source"]).next_double() * 1.5 * 5.0)
    assert first["power"] == expected
    assert all(4.0 <= ev["power"] <= 11.5 for _, ev in found)
    assert max(ev["power"] for _, ev in found) > 10.0


def test_an_explosion_primes_the_carts_it_breaks_with_a_short_random_fuse() -> None:
    """`dropItems` from an explosion: fuse nextInt(20) + nextInt(20), drawn from the cart's Random."""
    sim = cart_on_activator_rail("false", entity("tnt", (1.5, 1.0, 0.5), fuse=1))
    sim.tick()
    cart = sim.entity_by_id(1)
    r = JavaRandom(sim.seed * 1_000_003 + 1)
    assert cart.fuse == r.next_int(20) + r.next_int(20)     # the TNT ticks after the cart: not counted yet
    assert not cart.removed


def test_landing_after_a_fall_of_3_m_or_more_explodes_with_the_fall_as_speed() -> None:
    """`handleFallDamage`: fallDistance ≥ 3 → explode(v = (fall / 10F)²): power 4 + nextDouble·1.5·fall/10."""
    sim = cart_falling_from(11.0)
    cart = sim.entity_by_id(1)
    fall = 0.0
    found = []
    while not found and sim.tick_count < 60:
        fall = cart.fall_distance
        found = explosions(sim, 1)
    (tick, ev), = found
    f = f32(fall / f32(10.0))                 # the landing move itself is not added (Entity.fall on the ground)
    d = min(float(f32(f * f)) ** 0.5, 5.0)
    assert ev["power"] == f32(4.0 + JavaRandom(sim.seed * 1_000_003 + 1).next_double() * 1.5 * d)
    assert ev["center"] == [0.5, 1.0, 0.5]


def test_a_short_fall_does_not_explode() -> None:
    sim = cart_falling_from(3.5)
    assert explosions(sim, 40) == []


CART_AT_REST = entity("tnt_minecart", (0.5, 1.0, 0.5))     # on the obsidian floor, off rails


def test_fire_damage_that_breaks_a_cart_primes_it() -> None:
    """`TntMinecartEntity.dropItems`: lava (a fire source) deals 4 a tick; the second hit lifts the wobble above
    40 and primes the cart with a fuse of nextInt(20) + nextInt(20) instead of breaking it."""
    sim = build_scene(blocks=[OBSIDIAN, cell((0, 1, 0), "minecraft:lava")], entities=[CART_AT_REST])
    cart = sim.entity_by_id(1)
    for _ in range(3):
        sim.tick()
    assert not cart.removed and 0 <= cart.fuse < 38


def test_a_players_hit_breaks_a_cart_at_rest_without_priming_it() -> None:
    """A player's hit is neither fire nor explosive: a slow cart whose wobble passes 40 breaks, unprimed."""
    sim = build_scene(blocks=[OBSIDIAN], entities=[CART_AT_REST], actions=[action(1, "attack", entity=1, amount=5.0)])
    cart = sim.entity_by_id(1)
    sim.tick()
    assert cart.removed and cart.fuse == -1


def track_after_explosion(text: str) -> tuple[list[str], list[str], list[str]]:
    """Run the rail-shield scene's text until after its explosion: (the rails at y 1, the stone under them, the
    stone beside them at z 1), x from -4 to 4."""
    sim = load_scene_text(text, "rail shield")
    found = explosions(sim, FUSE + 2)
    assert [ev["power"] for _, ev in found] == [4.0]
    w = sim.world
    return tuple([w.get_block_state(x, y, z).block for x in range(-4, 5)] for y, z in ((1, 0), (0, 0), (0, 1)))


def test_a_primed_carts_explosion_keeps_the_rails_and_the_blocks_under_them() -> None:
    """`getEffectiveExplosionResistance` 0 and `canExplosionDestroyBlock` false for rails and the cells under
    them while primed: the whole track and its bed stay; the stone beside it breaks (the rays pass the rails
    cheaply, so farther than plain TNT's)."""
    rails, bed, beside = track_after_explosion((SCENES / "tnt_minecart_rail_shield.toml").read_text())
    assert rails == ["rail"] * 4 + ["activator_rail"] + ["rail"] * 4
    assert bed == ["stone"] * 9
    assert beside == ["stone"] + ["air"] * 6 + ["stone"] * 2


def test_plain_tnt_in_the_carts_place_breaks_the_rails() -> None:
    text = (SCENES / "tnt_minecart_rail_shield.toml").read_text()
    rails, bed, beside = track_after_explosion(text.replace('type = "tnt_minecart"',
                                                            f'type = "tnt"\nfuse = {FUSE + 1}'))
    assert rails == ["rail"] * 2 + ["air"] * 6 + ["rail"]
    assert bed == beside == ["stone"] * 3 + ["air"] * 3 + ["stone"] * 3

