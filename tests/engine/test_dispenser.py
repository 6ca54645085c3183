"""Dispensers (spec 06 §1.1 item 2, §3.1 item 4, §7.1 item 3, §8.1 item 2): what a `dispense`
creates, checked against the rules computed here in Java float arithmetic, the bundled scenes and the scene errors."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from engine.entities.arrow import Arrow
from engine.entities.tnt import prime_from_block
from engine.geometry.box import ZERO
from engine.influences.dispenser import dispense
from engine.java.javanum import f32
from engine.java.jrandom import JavaRandom
from engine.tick.scene import SceneError, load_scene
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR as SCENES

AT = (0, 64, 0)
FACINGS = {"down": (0, -1, 0), "up": (0, 1, 0), "north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0),
           "east": (1, 0, 0)}


SPREAD = f32(0.0075)                       # nextGaussian() * 0.0075F * variation
FORCE, VARIATION = f32(1.1), f32(6.0)      # ProjectileDispenserBehavior.getForce / getVariation
BOTTLE_FORCE, BOTTLE_VARIATION = f32(FORCE * f32(1.25)), f32(VARIATION * f32(0.5))
PROJECTILES = {"arrow": ("minecraft:arrow", FORCE, VARIATION), "snowball": ("minecraft:snowball", FORCE, VARIATION),
               "egg": ("minecraft:egg", FORCE, VARIATION),
               "experience_bottle": ("minecraft:experience_bottle", BOTTLE_FORCE, BOTTLE_VARIATION),
               "splash_potion": ("minecraft:potion", BOTTLE_FORCE, BOTTLE_VARIATION),
               "lingering_potion": ("minecraft:potion", BOTTLE_FORCE, BOTTLE_VARIATION)}


def many_seeds(n: int) -> list[int]:
    """Seeds drawn from one Random: the first draws of consecutive small seeds are strongly correlated in Java's LCG."""
    r = JavaRandom(2024)
    return [r.next_long() for _ in range(n)]


def with_dispenser(scene, facing: str, seed: int = 0, actions: list | None = None) -> Simulation:
    return scene(scene={"seed": seed}, blocks=[{"at": list(AT), "block": f"minecraft:dispenser[facing={facing}]"}],
                 actions=actions or [])


def output_location(facing: str) -> tuple[float, float, float]:
    """The dispenser cell's centre moved 0.7 along the facing."""
    dx, dy, dz = FACINGS[facing]
    return (AT[0] + 0.5 + 0.7 * dx, AT[1] + 0.5 + 0.7 * dy, AT[2] + 0.5 + 0.7 * dz)


@pytest.mark.parametrize("facing", FACINGS)
def test_dispensed_tnt_is_block_priming_at_the_facing_cell(scene, facing: str) -> None:
    """TNT appears at the bottom centre of the faced cell exactly as prime_from_block makes it there, one world draw."""
    sim = with_dispenser(scene, facing, seed=99)
    tnt = dispense(sim, AT, "minecraft:tnt")
    dx, dy, dz = FACINGS[facing]
    ref = Simulation(seed=99)
    expected = prime_from_block(ref, AT[0] + dx, AT[1] + dy, AT[2] + dz)
    assert (tnt.pos, tnt.motion, tnt.fuse) == (expected.pos, expected.motion, expected.fuse)
    theta = JavaRandom(99).next_double() * f32(2.0 * math.pi)
    assert tnt.pos == (AT[0] + dx + 0.5, float(AT[1] + dy), AT[2] + dz + 0.5)
    assert tnt.motion == (-math.sin(theta) * 0.02, f32(0.2), -math.cos(theta) * 0.02)
    assert tnt.fuse == 80
    assert sim.random.get_state() == ref.random.get_state()
    assert tnt in sim.entities


def without_block_changes(line: str) -> str:
    """A trace line without its `block_changed` events (priming a TNT block removes the block; a dispenser does
    not)."""
    d = json.loads(line)
    d["events"] = [e for e in d["events"] if e["kind"] != "block_changed"]
    return json.dumps(d)


@pytest.mark.parametrize("facing", ["east", "up"])
def test_dispense_action_traces_like_priming_a_tnt_block_there(scene, lines_of, facing: str) -> None:
    """A `dispense` of TNT and a `prime_tnt` of a TNT block in the faced cell give identical traces to the explosion."""
    dx, dy, dz = FACINGS[facing]
    cell = [AT[0] + dx, AT[1] + dy, AT[2] + dz]
    floor = {"from": [-6, 63, -6], "to": [6, 63, 6], "block": "minecraft:stone"}
    box = {"at": list(AT), "block": f"minecraft:dispenser[facing={facing}]"}
    fired = scene(scene={"seed": 3}, blocks=[floor, box],
                  actions=[{"tick": 1, "do": "dispense", "at": list(AT), "item": "minecraft:tnt"}])
    primed = scene(scene={"seed": 3}, blocks=[floor, box, {"at": cell, "block": "minecraft:tnt"}],
                   actions=[{"tick": 1, "do": "prime_tnt", "at": cell}])
    fired_lines = [without_block_changes(line) for line in lines_of(fired, 81)]
    assert fired_lines == [without_block_changes(line) for line in lines_of(primed, 81)]
    assert '"kind": "explosion"' in fired_lines[79]


def new_entity_random(seed: int) -> JavaRandom:
    """The Random of the first entity a simulation with this seed creates (the dispensed one in these scenes)."""
    return Simulation(seed=seed).create(Arrow, ZERO).random


def projectile_motion(seed: int, facing: str, force: float, variation: float) -> tuple[float, float, float]:
    """setVelocity(dx, dy + 0.1F, dz, force, variation) with the projectile's own Random: the direction over its
    float-rounded length, plus (gaussian × 0.0075F) × variation on X, Y, Z in that order, times force."""
    dx, dy, dz = FACINGS[facing]
    y = f32(dy + f32(0.1))
    d = f32(math.sqrt(dx * dx + y * y + dz * dz))
    r = new_entity_random(seed)
    v = [c / d + r.next_gaussian() * SPREAD * variation for c in (dx, y, dz)]
    return (v[0] * force, v[1] * force, v[2] * force)


@pytest.mark.parametrize("facing", FACINGS)
@pytest.mark.parametrize("item", PROJECTILES)
def test_dispensed_projectile_motion_follows_set_velocity(scene, item: str, facing: str) -> None:
    """Arrows, snowballs and eggs: speed 1.1F, variation 6F; potions and XP bottles: 1.1F × 1.25F and 6F × 0.5F
    (spec 06 §7.1 item 3, §8.1 item 2), at the output location, ownerless; bit for bit over several seeds."""
    entity_type, force, variation = PROJECTILES[item]
    for seed in range(5):
        sim = with_dispenser(scene, facing, seed=seed)
        p = dispense(sim, AT, "minecraft:" + item)
        assert p.TYPE == entity_type
        assert p.pos == output_location(facing)
        assert p.motion == projectile_motion(seed, facing, force, variation)
        assert p.owner == 0
        assert sim.random.get_state() == JavaRandom(seed).get_state()   # the world Random is not drawn


def test_dispensed_arrow_speed_is_about_1_1_with_deviation_0_045() -> None:
    """Spec 06 §7.1 item 3 in numbers: over many arrows fired east, X ≈ 1.1·(1/|(1, 0.1)|), Z spread 1.1 × 0.045."""
    motions = np.array([projectile_motion(seed, "east", FORCE, VARIATION) for seed in many_seeds(2000)])
    assert abs(motions[:, 0].mean() - 1.1 / math.hypot(1.0, 0.1)) < 0.005
    assert abs(motions[:, 2].std() - 1.1 * 0.045) < 0.004


def item_spawn(seed: int, facing: str) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """spawnItem: 0.15625 below the output location (0.125 facing up or down); from the world Random
    g = nextDouble·0.1 + 0.2, then Motion (gauss·0.0075F·6 + dx·g, gauss·0.0075F·6 + 0.2F, gauss·0.0075F·6 + dz·g)."""
    dx, dy, dz = FACINGS[facing]
    x, y, z = output_location(facing)
    w = JavaRandom(seed)
    g = w.next_double() * 0.1 + 0.2
    motion = (w.next_gaussian() * SPREAD * 6 + dx * g, w.next_gaussian() * SPREAD * 6 + f32(0.2),
              w.next_gaussian() * SPREAD * 6 + dz * g)
    return (x, y - (0.125 if dy else 0.15625), z), motion


@pytest.mark.parametrize("facing", FACINGS)
def test_dispensed_item_spawns_as_spawn_item_places_it(scene, facing: str) -> None:
    """Any other item drops as an item entity: position and Motion exactly as the rule gives them, no pickup delay."""
    for seed in (0, 1, 12345):
        sim = with_dispenser(scene, facing, seed=seed)
        it = dispense(sim, AT, "minecraft:cobblestone")
        assert (it.TYPE, it.item, it.pickup_delay) == ("minecraft:item", "minecraft:cobblestone", 0)
        assert (it.pos, it.motion) == item_spawn(seed, facing)


@pytest.mark.parametrize("facing", ["east", "up", "down"])
def test_dispensed_item_motion_ranges(facing: str) -> None:
    """Spec 06 §3.1 item 4: 0.2–0.3 along a horizontal facing, always 0.2 upward (even facing down), each axis plus a
    normal term of deviation 0.045."""
    motions = np.array([item_spawn(seed, facing)[1] for seed in many_seeds(2000)])
    dx, _, _ = FACINGS[facing]
    assert abs(motions[:, 1].mean() - 0.2) < 0.005
    assert abs(motions[:, 2].mean()) < 0.005
    assert abs(motions[:, 2].std() - 0.045) < 0.004
    if dx:
        assert abs(motions[:, 0].mean() - 0.25) < 0.005
        assert abs(motions[:, 0].std() - math.sqrt(0.1 ** 2 / 12 + 0.045 ** 2)) < 0.005
    else:
        assert abs(motions[:, 0].mean()) < 0.005


@pytest.mark.parametrize("item", ["ender_pearl", "trident"])
def test_items_without_a_dispenser_behaviour_drop(scene, item: str) -> None:
    """Ender pearls and tridents have no 1.16.5 dispenser behaviour: they come out as item entities."""
    sim = with_dispenser(scene, "south", seed=4)
    it = dispense(sim, AT, "minecraft:" + item)
    assert (it.TYPE, it.item) == ("minecraft:item", "minecraft:" + item)
    assert (it.pos, it.motion) == item_spawn(4, "south")


@pytest.mark.parametrize("facing", FACINGS)
def test_dispensed_fire_charge_is_a_small_fireball_powered_along_the_facing(scene, facing: str) -> None:
    """A small fireball 0.3F beyond the output location, no Motion, power 0.1 along (gauss·0.05 + offset) per axis
    from the world Random, over its float-rounded length."""
    sim = with_dispenser(scene, facing, seed=8)
    fb = dispense(sim, AT, "minecraft:fire_charge")
    dx, dy, dz = FACINGS[facing]
    x, y, z = output_location(facing)
    assert fb.TYPE == "minecraft:small_fireball"
    assert fb.pos == (x + f32(dx * f32(0.3)), y + f32(dy * f32(0.3)), z + f32(dz * f32(0.3)))
    assert fb.motion == (0.0, 0.0, 0.0)
    w = JavaRandom(8)
    d = [w.next_gaussian() * 0.05 + dx, w.next_gaussian() * 0.05 + dy, w.next_gaussian() * 0.05 + dz]
    length = f32(math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]))
    assert fb.power == tuple(c / length * 0.1 for c in d)


def test_dispense_action_fires_in_the_scheduled_tick_phase_and_is_ticked_that_tick(scene) -> None:
    """By default the action runs in the scheduled-tick phase, before the entity phase: the TNT is ticked in tick 1."""
    sim = with_dispenser(scene, "up", seed=1, actions=[{"tick": 1, "do": "dispense", "at": list(AT),
                                                        "item": "tnt"}])
    assert [(a.phase, a.params) for a in sim.actions] == [
        ("scheduled_ticks", {"at": list(AT), "item": "minecraft:tnt"})]
    assert sim.entities == []
    sim.tick()
    (tnt,) = sim.entities
    assert (tnt.prev_pos, tnt.fuse) == ((0.5, 65.0, 0.5), 79)


def test_dispense_does_nothing_once_the_dispenser_is_gone(scene) -> None:
    """A dispenser removed earlier in the tick no longer fires (its scheduled tick is dropped)."""
    sim = with_dispenser(scene, "up", actions=[{"tick": 1, "do": "remove_block", "at": list(AT)},
                                               {"tick": 1, "do": "dispense", "at": list(AT), "item": "arrow"}])
    sim.tick()
    assert sim.entities == []


@pytest.mark.parametrize(("block", "action", "message"), [
    ("minecraft:stone", {"item": "minecraft:tnt"},
     "actions[0].at: no dispenser at [0, 64, 0] (place one with [[blocks]]"),
    ("minecraft:dispenser[facing=up]", {}, "actions[0].item: missing"),
    ("minecraft:dispenser[facing=up]", {"item": "minecraft:oak_boat"},
     "actions[0].item: the dispenser behaviour of minecraft:oak_boat is not modelled"),
    ("minecraft:dispenser[facing=up]", {"item": "Not An Item"}, "actions[0].item: expected an item id"),
    ("minecraft:dispenser[facing=up]", {"item": "tnt", "fuse": 10}, "actions[0].fuse: unknown key"),
])
def test_bad_dispense_actions_give_one_line_errors(scene, block: str, action: dict, message: str) -> None:
    with pytest.raises(SceneError) as err:
        scene(blocks=[{"at": list(AT), "block": block}],
              actions=[{"tick": 1, "do": "dispense", "at": list(AT), **action}])
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_scene_dispenser_arrow_hits_the_hovering_tnt_and_bounces() -> None:
    """scenes/dispenser_arrow.toml: the arrow starts 0.7 m east of the dispenser's centre at 1.1 m/gt, hits the TNT,
    which takes no damage, and comes back at −0.1 × its Motion."""
    sim = load_scene(SCENES / "dispenser_arrow.toml")
    sim.tick()
    arrow = next(e for e in sim.entities if e.TYPE == "minecraft:arrow")
    assert arrow.prev_pos == (1.2, 64.5, 0.5)
    assert arrow.prev_pos.x < arrow.pos.x
    xs = []
    for _ in range(12):
        sim.tick()
        xs.append(arrow.motion.x)
    assert xs[0] > 1.0 and min(xs) < 0.0
    assert arrow.in_ground


def test_scene_dispenser_tnt_explodes_with_the_block_primed_tnt_in_tick_80() -> None:
    """scenes/dispenser_tnt.toml: the dispensed TNT starts on top of the dispenser; both TNT explode in tick 80."""
    sim = load_scene(SCENES / "dispenser_tnt.toml")
    sim.tick()
    dispensed = next(e for e in sim.entities if e.id == 2)
    assert dispensed.prev_pos == (0.5, 65.0, 0.5)
    for _ in range(78):
        assert not sim.tick().events
    assert [(ev["kind"], ev["source"]) for ev in sim.tick().events if ev["kind"] == "explosion"] == \
        [("explosion", 1), ("explosion", 2)]
