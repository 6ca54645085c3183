"""Thrown entities and fireballs of 1.14-1.15.2 (engine/entities/thrown.py, fireball.py; docs/versions.md `thrown`,
`fireball`): a thrown projectile ignores the first entity it finds in its first tick instead of its owner until it
has left it (`thrown_ignore_entity`, 1.16), a pearl's hit on its owner does nothing (`pearl_owner_hit_ignored`),
a fireball passes over its owner for 24 ticks (`fireball_owner_ticks`) and hits where its box collides
(`fireball_box_collision`); neither runs `checkBlockCollision` before 1.16.2 (`thrown_check_block_collision`).
Each scene's version is 1.15.2; 1.16 is its neighbour; 1.14 and 1.14.4 run the same code. And minecarts: in lava,
unhurt in 1.16 and 1.16.1 (`minecart_lava_tick`, 1.16.2); on a rail over soul sand, slowed up to 1.15.2
(`minecart_rail_velocity_one`)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.constants import FIREBALL_WIDTH, PLAYER_HEIGHT, THROWN_WIDTH
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

BESIDE_TNT = (SCENES_DIR / "pearl_beside_tnt_1_15_2.toml").read_text()
ON_THROWER = (SCENES_DIR / "pearl_on_thrower_1_15_2.toml").read_text()
WALL = (SCENES_DIR / "fireball_wall_1_15_2.toml").read_text()
OWNER = (SCENES_DIR / "fireball_owner_1_15_2.toml").read_text()
TNT, PLAYER, PEARL = 1, 2, 3          # pearl_beside_tnt_1_15_2.toml: the TNT, then the spawn's player and pearl


def _sim(text: str, version: str) -> Simulation:
    return load_scene_text(text.replace('version = "1.15.2"', f'version = "{version}"'), "<thrown 1.15>")


def _events(sim: Simulation, ticks: int, kind: str) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for _ in range(ticks):
        events = sim.tick().events
        out += [(sim.tick_count, e) for e in events if e["kind"] == kind]
    return out


def test_a_pearl_ignores_the_first_entity_it_finds_up_to_1_15_2() -> None:
    """The TNT beside the thrower's head is found first: ignored from the first tick, kept while it is in the query
    box and 3 ticks after; the pearl flies through it. From 1.16 the pearl hits the TNT in its first tick."""
    sim = _sim(BESIDE_TNT, "1.15.2")
    assert not _events(sim, 1, "pearl_teleport")
    pearl, tnt = sim.entity_by_id(PEARL), sim.entity_by_id(TNT)
    assert pearl.ignore_entity == TNT
    # the pearl's query box (its box stretched by the Motion, grown by 1) leaves the TNT's in tick 3; the time,
    # 3 then renewed each tick the TNT is met, counts down in ticks 3, 4 and 5, and the TNT is hit again after
    assert not _events(sim, 3, "pearl_teleport") and pearl.ignore_entity == TNT
    assert pearl.pos.x - THROWN_WIDTH / 2 - 1.0 > tnt.box.max_x
    assert not _events(sim, 1, "pearl_teleport") and pearl.ignore_entity == 0 and not pearl.removed

    sim = _sim(BESIDE_TNT, "1.16")
    [(tick, event)] = _events(sim, 1, "pearl_teleport")
    assert event["owner"] == PLAYER and sim.entity_by_id(PLAYER).pos.y == event["to"][1] > 61.0


def test_a_pearl_falls_through_its_thrower_up_to_1_15_2() -> None:
    """A pearl thrown up comes down on the player: up to 1.15.2 the hit on its owner returns and the pearl lands on
    the floor (the player teleported to its feet' level); from 1.16 the player is teleported above its head."""
    [(old_tick, old)] = _events(_sim(ON_THROWER, "1.15.2"), 45, "pearl_teleport")
    [(new_tick, new)] = _events(_sim(ON_THROWER, "1.16"), 45, "pearl_teleport")
    assert 60.0 < old["to"][1] < 61.0
    assert new["to"][1] > 60.0 + PLAYER_HEIGHT and new_tick < old_tick


@pytest.mark.parametrize("text", [BESIDE_TNT, ON_THROWER], ids=["beside_tnt", "on_thrower"])
@pytest.mark.parametrize("version", ["1.14", "1.14.4"])
def test_a_player_s_pearl_of_1_14_x_teleports_as_in_1_15_2(text: str, version: str) -> None:
    """The player's living tick of 1.14.x is simulated (tests/engine/test_version_114.py): the pearl flies, and
    teleports its thrower or not, as in 1.15.2."""
    assert _events(_sim(text, version), 45, "pearl_teleport") == _events(_sim(text, "1.15.2"), 45, "pearl_teleport")


def test_1_14_runs_thrown_entities_and_fireballs_as_1_15_2() -> None:
    """An ownerless snowball falling past a TNT (hitting it) and the fireball drifting into the wall: the same
    positions, Motions and explosions in 1.14, 1.14.4 and 1.15.2 (ThrownEntity and ExplosiveProjectileEntity:
    renames only)."""
    snowball = scene_toml(scene={"version": "1.15.2"}, entities=[
        {"type": "minecraft:snowball", "pos": [0.5, 60.2, 0.5], "motion": [0.3, 0.0, 0.0], "id": 1},
        {"type": "tnt", "pos": [2.5, 60.0, 0.5], "no_gravity": True, "fuse": 80, "id": 2}])

    def run(text: str, version: str) -> list[Any]:
        sim = _sim(text, version)
        out: list[Any] = []
        for _ in range(12):
            record = sim.tick()
            e = sim.entity_by_id(1)
            out.append((None if e is None else (tuple(e.pos), tuple(e.motion)), [ev["kind"] for ev in record.events]))
        return out

    for text in (snowball, WALL):
        runs = [run(text, v) for v in ("1.14", "1.14.4", "1.15.2")]
        assert runs[0] == runs[1] == runs[2] and runs[0][-1][0] is None   # removed by its hit


def test_a_fireball_hits_where_its_box_collides_up_to_1_15_2() -> None:
    """After its first move the fireball's box overlaps the wall by 0.02: up to 1.15.2 it explodes in its second
    tick at its own position; from 1.16 it flies on along the wall."""
    sim = _sim(WALL, "1.15.2")
    sim.tick()
    at = tuple(sim.entity_by_id(1).pos)
    assert at[2] + FIREBALL_WIDTH / 2 > 1.0                                 # its box reaches into the wall's cells
    [(tick, event)] = _events(sim, 1, "explosion")
    assert tick == 2 and tuple(event["center"]) == at

    sim = _sim(WALL, "1.16")
    assert not _events(sim, 8, "explosion") and not sim.entity_by_id(1).removed


def test_a_fireball_passes_over_its_owner_for_24_ticks_up_to_1_15_2() -> None:
    """The fireball flies through the zombie that owns it up to 1.15.2, and explodes on it from 1.16 (left in its
    first tick). A TNT cannot be the owner of a 1.15.2 fireball (a LivingEntity field): it is hit."""
    sim = _sim(OWNER, "1.15.2")
    assert not _events(sim, 6, "explosion")
    assert sim.entity_by_id(1).box.min_x > sim.entity_by_id(2).box.max_x
    [(tick, _)] = _events(_sim(OWNER, "1.16"), 6, "explosion")
    assert tick == 4
    # the path meets the zombie in the fourth tick: counted from 21 the fireball is then in its 25th tick and hits
    # it (and explodes); from 20, not
    counted = OWNER.replace("owner = 2", "owner = 2\nticks_in_air = {}")
    assert not _events(_sim(counted.format(20), "1.15.2"), 4, "explosion")
    [(tick, _)] = _events(_sim(counted.format(21), "1.15.2"), 4, "explosion")
    assert tick == 4
    tnt_owned = OWNER.replace('type = "minecraft:zombie"', 'type = "minecraft:tnt"\nfuse = 80\nno_gravity = true')
    tnt_owned = tnt_owned.replace("no_ai = true\n", "")
    [(tick, _)] = _events(_sim(tnt_owned, "1.15.2"), 6, "explosion")
    assert tick == 4


def test_a_fireball_slides_on_honey_only_from_1_16_2() -> None:
    """A fireball falling beside a honey block (its box in the block's cell, its path not): 1.16.2's
    checkBlockCollision slows it to the honey's slide; 1.16.1 runs none, as if the honey were not there."""
    def after(block: str, version: str) -> tuple[Any, ...]:
        sim = load_scene_text(scene_toml(scene={"version": version},
                                         blocks=[{"at": [0, 3, 0], "block": block}],
                                         entities=[{"type": "minecraft:fireball", "pos": [1.45, 3.5, 0.5],
                                                    "motion": [0.0, -0.5, 0.0], "power": [0.0, -0.1, 0.0],
                                                    "id": 1}]), "<honey fireball>")
        sim.tick()
        e = sim.entity_by_id(1)
        return tuple(e.pos), tuple(e.motion)

    assert after("minecraft:honey_block", "1.16.1") == after("minecraft:glass", "1.16.1")
    assert after("minecraft:honey_block", "1.16.2") != after("minecraft:glass", "1.16.2")


@pytest.mark.parametrize("version", ["1.16", "1.16.1", "1.16.2"])
def test_a_minecart_in_lava_breaks_only_from_1_16_2(version: str) -> None:
    """1.16.2's minecart tick ends with the lava test (4 damage a tick from the second, isInLava being false in the
    first: the wobble passes 40 in the third tick); 1.16 and 1.16.1 have none and never clear firstUpdate."""
    sim = load_scene_text((SCENES_DIR / "minecart_lava_1_16_1.toml").read_text().replace(
        'version = "1.16.1"', f'version = "{version}"'), "<minecart lava>")
    for _ in range(3):
        sim.tick()
    cart = sim.entity_by_id(1)
    if version == "1.16.2":
        assert cart is None or cart.removed
    else:
        assert not cart.removed and cart.first_update and cart.fire_ticks <= 0


def test_a_minecart_on_a_rail_over_soul_sand_is_slowed_up_to_1_15_2() -> None:
    """1.15 and 1.15.2 take the soul sand's multiplier under the rail (the same run); 1.16 runs on at 1.0; 1.14.4
    has no velocity multiplier and its soul sand acts only on a box in its cell (`soul_sand_on_collision`): the cart
    on the rail above runs on."""
    text = (SCENES_DIR / "minecart_soul_sand_1_15_2.toml").read_text()

    def run(version: str) -> list[tuple[float, ...]]:
        sim = _sim(text, version)
        out = []
        for _ in range(5):
            sim.tick()
            out.append(tuple(sim.entity_by_id(1).pos))
        return out

    old, new = run("1.15.2"), run("1.16")
    assert run("1.15") == old and old[-1][0] < new[-1][0]   # Entity.move multiplies after the move
    assert run("1.14.4")[-1][0] > old[-1][0]


def test_a_pearl_cannon_on_an_enchanting_table_runs_in_1_14_and_1_15_2_as_in_1_16() -> None:
    """scenes/cannon_pearl.toml: twelve TNT on an enchanting table (its shape compared for 1.14-1.15.2, and its
    outline, which the exposure rays of 1.14-1.15.2 test, is its collision shape) push a pearl; nothing the scene
    meets differs from 1.16, so the pearl flies the same."""
    text = (SCENES_DIR / "cannon_pearl.toml").read_text()

    def flight(version: str) -> list[tuple[float, ...]]:
        sim = load_scene_text(text.replace('version = "1.16.5"', f'version = "{version}"'), "<cannon pearl>")
        pearl = next(e for e in sim.world.entities.values() if e.TYPE == "minecraft:ender_pearl")
        out = []
        for _ in range(6):
            sim.tick()
            out.append((*pearl.pos, *pearl.motion))
        return out

    new = flight("1.16")
    assert new[-1][0] > new[0][0] + 10.0                     # launched
    assert flight("1.14") == flight("1.15.2") == new


def test_a_blast_through_a_slab_pushes_a_pearl_in_1_14_and_1_15_2_as_in_1_16() -> None:
    """A TNT exploding beside a pearl under a top slab (the rays cross its cell below it): the slab's shape is
    compared for 1.14-1.15.2 and its outline (the exposure rays of 1.14-1.15.2) is its collision shape, so the pearl
    is pushed as in 1.16."""
    def pushed(version: str) -> tuple[float, ...]:
        sim = load_scene_text(scene_toml(scene={"version": version},
                                         blocks=[{"at": [1, 60, 0], "block": "minecraft:stone_slab[type=top]"}],
                                         entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 1},
                                                   {"type": "minecraft:ender_pearl", "pos": [2.5, 60.0, 0.5],
                                                    "no_gravity": True, "id": 9}]), "<slab blast>")
        sim.tick()
        pearl = sim.entity_by_id(9)
        return (*pearl.pos, *pearl.motion)

    new = pushed("1.16")
    assert new[3] > 0.0                                     # pushed east
    assert pushed("1.14") == pushed("1.15.2") == new


def test_a_tnt_lands_on_stairs_in_1_14_and_1_15_2_as_in_1_16() -> None:
    """A TNT falling onto the step of bottom stairs: the stairs' shapes are compared for 1.14-1.15.2 (without the
    comparison the block_data cell stops the scene), so it lands on the step as in 1.16."""
    def landed(version: str) -> tuple[float, ...]:
        sim = load_scene_text(scene_toml(scene={"version": version},
                                         blocks=[{"at": [0, 60, 0], "block": "minecraft:stone_stairs[facing=east]"}],
                                         entities=[{"type": "tnt", "pos": [0.75, 62.0, 0.5], "fuse": 80, "id": 1}]),
                              "<stairs>")
        for _ in range(20):
            sim.tick()
        return (*sim.entity_by_id(1).pos, *sim.entity_by_id(1).motion)

    new = landed("1.16")
    assert new[1] == 61.0                                   # on the step, the east half's top
    assert landed("1.14") == landed("1.15.2") == new
