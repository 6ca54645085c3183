"""Fishing bobbers (spec 06 §12, spec 04 §12): the cast (`new FishingBobberEntity(player, ...)`), flight GMD with
0.03 gravity and 0.92 drag, hooking through the projectile raycast, riding the hooked entity, and the reel-in pull
(owner − bobber) × 0.1 (`pullHookedEntity`). Scenes run through the loader."""

from __future__ import annotations

import re

import pytest

from engine.java.javanum import f32
from engine.tick.scene import SceneError, load_scene
from tests.conftest import SCENES_DIR, build_scene

FLOOR = {"from": [-4, 0, -4], "to": [10, 0, 4], "block": "minecraft:stone"}
PLAYER = {"type": "minecraft:player", "id": 1, "pos": [0.5, 1.0, 0.5], "yaw": -90.0, "pitch": 10.0}


def bobber_of(sim):
    return next(e for e in sim.entities if e.TYPE == "minecraft:fishing_bobber")


def test_cast_starts_at_the_eye_0_3_m_ahead_and_flies_gmd() -> None:
    """Facing east (yaw −90): x − sin(90° − 180°)·0.3 = x + 0.3, eye y = feet + 1.62F. Each flying tick: Motion Y
    − 0.03, `Entity.move`, then Motion × 0.92 (nothing hit yet)."""
    sim = build_scene(blocks=[FLOOR], entities=[PLAYER], spawns=[{"kind": "fishing_bobber", "player": 1}])
    b = bobber_of(sim)
    assert (b.pos.x, b.pos.y) == (0.8, 1.0 + f32(1.62)) and b.owner == 1
    m0, p0 = b.motion, b.pos
    sim.tick()
    assert b.pos.y == p0.y + (m0.y - 0.03) and b.motion.y == (m0.y - 0.03) * 0.92
    assert b.motion.x == m0.x * 0.92


def test_reel_in_adds_a_tenth_of_owner_minus_bobber_once() -> None:
    """The scene: the bobber hooks the wither skeleton at tick 4 (and still flies that tick), is HOOKED_IN_ENTITY at
    tick 5 and sits at the mob's x, y + 0.8 × 2.4F, z from tick 6;
    the reel at tick 12 adds ((0.5 − 4.5), (1.0 − (1.0 + 2.4F·0.8)), 0) × 0.1 to its Motion and removes the bobber."""
    sim = load_scene(SCENES_DIR / "fishing_bobber_pull.toml")
    b, mob = bobber_of(sim), sim.entity_by_id(2)
    events = []
    for t in range(1, 13):
        events += sim.tick().events
        if t == 4:
            assert b.hooked == 2 and b.state == "flying"
        if t == 6:
            assert tuple(b.pos) == (4.5, 1.0 + f32(2.4) * 0.8, 0.5)
    assert b.removed
    (pull,) = [e for e in events if e["kind"] == "fishing_pull"]
    assert pull["pull"] == [(0.5 - 4.5) * 0.1, (1.0 - (1.0 + f32(2.4) * 0.8)) * 0.1, 0.0]
    assert mob.motion.x == -0.4
    x = mob.pos.x
    sim.tick()
    assert mob.pos.x == x - 0.4   # the next tick's travel moves it by the pulled Motion (no input, on the ground)


def test_a_bobber_whose_owner_is_too_far_or_gone_is_removed() -> None:
    """`removeIfInvalid`: more than 32 m (squared distance > 1024) from its owner."""
    sim = build_scene(entities=[PLAYER, {"type": "minecraft:fishing_bobber", "id": 2, "pos": [33.0, 1.0, 0.5],
                                         "owner": 1, "no_gravity": True}])
    sim.tick()
    assert sim.entity_by_id(2) is None or sim.entity_by_id(2).removed


def test_a_bobber_landing_in_water_stops_the_run_with_one_line() -> None:
    """FLYING → BOBBING (Motion × (0.3, 0.2, 0.3)) is simulated; the bobbing tick after it draws from the Random
    for fishing and is refused."""
    sim = build_scene(blocks=[{"from": [-1, 0, -1], "to": [1, 0, 1], "block": "minecraft:water"}],
                      entities=[PLAYER, {"type": "minecraft:fishing_bobber", "id": 2, "pos": [0.5, 0.5, 0.5],
                                         "motion": [0.1, 0.0, 0.0], "owner": 1}])
    sim.tick()
    b = sim.entity_by_id(2)
    assert b.state == "bobbing" and tuple(b.motion) == (0.1 * 0.3, 0.0, 0.0)
    with pytest.raises(NotImplementedError, match="bobbing in water"):
        sim.tick()


@pytest.mark.parametrize(("spawn", "actions", "message"), [
    ({"kind": "fishing_bobber", "player": 7}, [], "spawns[0].player: expected the id of a minecraft:player"),
    ({"kind": "fishing_bobber", "player": 1}, [{"tick": 2, "do": "reel"}], "actions[0].player: missing"),
])
def test_bad_fishing_input_names_the_key(spawn: dict, actions: list, message: str) -> None:
    with pytest.raises(SceneError, match=re.escape(message)):
        build_scene(entities=[PLAYER], spawns=[spawn], actions=actions)


def test_a_bobber_hooks_an_item_and_flies_again_when_it_is_gone() -> None:
    """Bobbers may hook items (`method_26958`, spec 03 §8) although items never collide; a hooked entity that is
    removed sets the bobber FLYING again (here the item ages out at its 6000th tick)."""
    sim = build_scene(entities=[PLAYER | {"pos": [0.5, 50.0, 0.5]},
                                {"type": "minecraft:item", "id": 2, "pos": [2.0, 51.0, 0.5], "no_gravity": True,
                                 "age": 5995},
                                {"type": "minecraft:fishing_bobber", "id": 3, "pos": [1.0, 51.1, 0.5],
                                 "motion": [0.8, 0.0, 0.0], "owner": 1}])
    b = sim.entity_by_id(3)
    sim.tick()
    assert b.hooked == 2
    sim.tick()
    assert b.state == "hooked_in_entity" and tuple(b.motion) == (0.0, 0.0, 0.0)
    for _ in range(4):
        sim.tick()
    assert b.state == "flying" and b.hooked == 0



ZOMBIE = {"type": "minecraft:zombie", "id": 2, "pos": [2.0, 50.0, 0.5], "no_gravity": True, "no_ai": True}
BOBBER = {"type": "minecraft:fishing_bobber", "id": 3, "pos": [1.0, 51.1, 0.5], "motion": [0.8, 0.0, 0.0],
          "owner": 1, "no_gravity": True}


def _first_tick(version: str, zombie_health: float, player_health: float):
    sim = build_scene(scene={"version": version}, entities=[PLAYER | {"pos": [0.5, 50.0, 0.5]}, ZOMBIE, BOBBER])
    sim.entity_by_id(2).health = zombie_health
    sim.entity_by_id(1).health = player_health
    sim.tick()
    return sim.entity_by_id(3)


@pytest.mark.parametrize("version", ["1.16.5", "1.21.8"])
def test_a_bobber_passes_through_a_dead_mob_and_stops_with_a_dead_owner(version: str) -> None:
    """`method_26958`/`canHitEntity` reads `isAlive` (health > 0): the bobber flying into a zombie at 0 health (its
    body stays 20 ticks) passes through it; one at 20 health is hooked. `removeIfInvalid`/`shouldStopFishing`:
    an owner at 0 health, not yet removed, removes the bobber."""
    live, dead = _first_tick(version, 20.0, 20.0), _first_tick(version, 0.0, 20.0)
    assert live.hooked == 2 and not live.removed
    assert dead.hooked == 0 and not dead.removed and dead.pos.x == 1.8
    gone = _first_tick(version, 20.0, 0.0)
    assert gone is None or gone.removed
