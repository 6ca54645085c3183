"""Wind charges and breeze wind charges (1.21-1.21.11; the versions table's `wind_charge` row).

The expected values come from the game's code (Yarn 1.21 117d0e55d, 1.21.2 ee99212b7): `AbstractWindChargeEntity`
(accelerationPower 0.0, getDrag 1.0F, the box from y − 0.15F, the burst 0.25 off the face hit),
`WindChargeEntity` (power 1.2F, `AdvancedExplosionBehavior` knockbackModifier 1.22F), `BreezeWindChargeEntity`
(power 3.0F, no modifier: 1.0), `Explosion.collectBlocksAndDamageEntities` (q = power × 2.0F, the impulse along
the direction to the TNT's position or a living entity's eye, × (1 − distance / q) × exposure × modifier) and
`ButtonBlock.onExploded`. The numbers were worked out by hand with Java's float roundings (struct's float32) from
those lines, not from the engine's constants.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

LAUNCH = (SCENES_DIR / "wind_charge_launch_1_21.toml").read_text()
BUTTON = (SCENES_DIR / "wind_charge_button_1_21.toml").read_text()


def _versioned(text: str, version: str) -> str:
    return "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                     for line in text.splitlines()) + "\n"


def _run(text: str, ticks: int) -> tuple[Simulation, list[tuple[int, dict[str, Any]]]]:
    sim = load_scene_text(text, "<wind charge>")
    events = []
    for _ in range(ticks):
        rec = sim.tick()
        events += [(sim.tick_count, e) for e in rec.events]
    return sim, events


def _flight(version: str, kind: str = "minecraft:wind_charge") -> str:
    return scene_toml(scene={"version": version}, entities=[
        {"type": kind, "id": 1, "pos": [0.5, 60.0, 0.5], "motion": [0.3, 0.1, 0.2]}])


def test_a_wind_charge_flies_on_at_its_motion_with_its_box_below_the_position() -> None:
    """accelerationPower 0 and drag 1.0F: the Motion never changes, the position adds it each tick (1.21 and
    1.21.2 alike; a fireball of the same launch speeds up). The box: ±0.3125F / 2 about X and Z, from
    y − 0.15F (59.849999994039536) up by 0.3125F."""
    for version in ("1.21", "1.21.1", "1.21.2", "1.21.3"):
        sim, _ = _run(_flight(version), 3)
        e = sim.entity_by_id(1)
        assert tuple(e.motion) == (0.3, 0.1, 0.2)
        assert tuple(e.pos) == (1.4000000000000001, 60.300000000000004, 1.0999999999999999)
    sim = load_scene_text(_flight("1.21"), "<wind charge>")
    box = sim.entity_by_id(1).box
    assert (box.min_x, box.min_y, box.max_y, box.max_x) == (0.34375, 59.849999994039536, 60.162499994039536, 0.65625)
    fireball, _ = _run(_flight("1.21", "minecraft:fireball"), 3)
    assert tuple(fireball.entity_by_id(1).motion) != (0.3, 0.1, 0.2)


def test_the_burst_is_a_quarter_block_off_the_face_and_pushes_by_1_22() -> None:
    """The charge falls 0.4 a tick from y 2.0: in tick 3 its ray from 1.2 meets the floor's top at 1.0, and the
    burst is at (0.5, 1.25, 0.5). TNT 2 at (2.5, 1.0, 0.5): distance √4.0625 = 2.0155644370746373, q = 1.2F ×
    2.0F = 2.4000000953674316, influence 1 − d / q = 0.16018151792362267 (exposure 27/27), the impulse
    (2, −0.25, 0) / d × influence × 1.22F. The armor stand at (0.5, 1.0, 2.5): towards its eye (y + 1.7775F),
    × (1 − 0 resistance). No damage, no block broken."""
    sim, events = _run(LAUNCH, 3)
    (tick, burst), = [(t, e) for t, e in events if e["kind"] == "explosion"]
    assert tick == 3 and burst["center"] == [0.5, 1.25, 0.5] and burst["power"] == 1.2000000476837158
    assert burst["mode"] == "trigger_block" and burst["blocks_destroyed"] == 0
    tnt, stand = burst["affected"]
    assert tnt["id"] == 2 and list(tnt["samples"]) == [27, 27] and tnt["influence"] == 0.16018151792362267
    assert tnt["distance"] == 2.0155644370746373 and tnt["damage"] == 0.0
    assert list(tnt["impulse"]) == [0.19391238787015083, -0.024239048483768854, 0.0]
    assert stand["id"] == 3 and list(stand["impulse"]) == [0.0, 0.11861508937327006, 0.15530616927177576]
    assert sim.entity_by_id(1) is None or sim.entity_by_id(1).removed
    assert sim.entity_by_id(3).health == 20.0


def test_1_21_2_moves_the_charge_to_the_hit_and_spares_the_armor_stand() -> None:
    """1.21 sets the position by the Motion after the hit (y 0.8); 1.21.2 moves it to the hit first (y 1.0):
    the same burst centre. From 1.21.2 a wind charge's explosion does not preserve decorative entities, so the
    armor stand is immune: only the TNT is in the ledger, with the same impulse."""
    for version, y, ids in (("1.21.1", 0.8000000000000002, [2, 3]), ("1.21.2", 1.0, [2])):
        sim = load_scene_text(_versioned(LAUNCH, version), "<wind charge>")
        charge = sim.entity_by_id(1)
        events = [e for _ in range(3) for e in sim.tick().events]
        (burst,) = [e for e in events if e["kind"] == "explosion"]
        assert charge.pos.y == y and burst["center"] == [0.5, 1.25, 0.5]
        assert [row["id"] for row in burst["affected"]] == ids
        assert list(burst["affected"][0]["impulse"]) == [0.19391238787015083, -0.024239048483768854, 0.0]


def test_a_breeze_wind_charge_bursts_at_power_3_without_a_modifier() -> None:
    """power 3.0F: q = 6.0, the TNT's impulse (2, −0.25, 0) / d × (1 − d / 6.0) × 1.0."""
    text = LAUNCH.replace('"minecraft:wind_charge"', '"minecraft:breeze_wind_charge"')
    _, events = _run(text, 3)
    (burst,) = [e for _, e in events if e["kind"] == "explosion"]
    assert burst["power"] == 3.0 and burst["source_type"] == "minecraft:breeze_wind_charge"
    assert list(burst["affected"][0]["impulse"]) == [0.6589445433803344, -0.0823680679225418, 0.0]


def test_the_burst_presses_a_button_that_lights_a_lamp() -> None:
    """`ButtonBlock.onExploded` → `powerOn`: pressed in the burst's tick (3), the lamp lit by the powered block;
    a stone button springs back 20 ticks later (23) and the lamp goes out 4 ticks after that (27)."""
    _, events = _run(BUTTON, 30)
    changes = [(t, e["pos"], e["to"]) for t, e in events if e["kind"] == "block_changed"]
    assert changes == [(3, [1, 1, 0], "minecraft:stone_button[face=wall,facing=west,powered=true]"),
                       (3, [3, 1, 0], "minecraft:redstone_lamp[lit=true]"),
                       (23, [1, 1, 0], "minecraft:stone_button[face=wall,facing=west,powered=false]"),
                       (27, [3, 1, 0], "minecraft:redstone_lamp[lit=false]")]


def test_a_lever_toggles_and_an_iron_door_stays() -> None:
    """`LeverBlock.onExploded` toggles it; an iron door's set does not open by wind charges."""
    text = BUTTON.replace("minecraft:stone_button[face=wall,facing=west,powered=false]",
                          "minecraft:lever[face=wall,facing=west,powered=false]")
    _, events = _run(text, 5)
    assert [(e["pos"], e["to"]) for _, e in events if e["kind"] == "block_changed"][0] == \
        ([1, 1, 0], "minecraft:lever[face=wall,facing=west,powered=true]")
    door = scene_toml(scene={"version": "1.21"}, blocks=[
        {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"},
        {"at": [1, 1, 0], "block": "minecraft:iron_door[half=lower,facing=east]"},
        {"at": [1, 2, 0], "block": "minecraft:iron_door[half=upper,facing=east]"}],
        entities=[{"type": "minecraft:wind_charge", "id": 1, "pos": [0.5, 2.0, 0.5], "motion": [0.0, -0.4, 0.0]}])
    _, events = _run(door, 5)
    assert [e for _, e in events if e["kind"] == "block_changed"] == []
    oak = door.replace("iron_door", "oak_door")
    _, events = _run(oak, 5)
    assert [(e["pos"], e["to"]) for _, e in events if e["kind"] == "block_changed"][0][1].startswith(
        "minecraft:oak_door[") and "open=true" in [e["to"] for _, e in events if e["kind"] == "block_changed"][0]


def _refusal(text: str) -> str:
    """The one line a scene's first tick stops with."""
    sim = load_scene_text(text, "<wind charge>")
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    return str(err.value)


def test_a_wind_charge_is_refused_before_1_21() -> None:
    for version in ("1.20.6", "1.16.5"):
        line = _refusal(_flight(version))
        assert "\n" not in line and line.startswith("the wind charge (AbstractWindChargeEntity.tick and its burst) "
                                                    f"of version {version}") and "not in this version" in line


# --- 1.21.4-1.21.11 (AbstractWindChargeEntity of 1.21.4, AbstractWindCharge of 1.21.7, 1.21.8 and 1.21.11: 1.21.3's) --

LATER = ("1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.9", "1.21.10", "1.21.11")
PAST_EXPLOSION = (SCENES_DIR / "wind_charge_explosion_1_21_4.toml").read_text()


def test_later_releases_fly_and_burst_as_1_21_3() -> None:
    """The charge's flight and the burst's ledger on the TNT (the launch scene without its armor stand, whose own
    tick some of these releases refuse) are 1.21.3's in every release up to 1.21.11: the classes read in 1.21.4,
    1.21.7, 1.21.8 and 1.21.11 are 1.21.3's, the releases between them bracketed."""
    flight = {v: tuple(_run(_flight(v), 3)[0].entity_by_id(1).pos) for v in ("1.21.3", *LATER)}
    assert len(set(flight.values())) == 1
    tnt_only = _versioned(LAUNCH.rsplit("[[entities]]", 1)[0], "1.21.3")
    bursts = {v: [e for _, e in _run(_versioned(tnt_only, v), 3)[1] if e["kind"] == "explosion"]
              for v in ("1.21.3", *LATER)}
    assert all(b == bursts["1.21.3"] for b in bursts.values()) and len(bursts["1.21.3"]) == 1


def test_from_1_21_4_an_explosion_does_not_push_a_wind_charge() -> None:
    """`AbstractWindChargeEntity.addVelocity` does nothing (1.21-1.21.11), and the explosion pushes through it from
    1.21.4 (1.21.3: `setVelocity(getVelocity().add(..))`): the TNT's explosion turns the charge south and up in
    1.21.3; from 1.21.4 it keeps its Motion (0.1, 0, 0) and flies on east."""
    moved = {}
    for version in ("1.21.3", "1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8"):
        sim, _ = _run(_versioned(PAST_EXPLOSION, version), 3)
        moved[version] = sim.entity_by_id(1)
    old = moved.pop("1.21.3")
    assert old.motion.y > 0.0 and old.motion.z > 0.0 and old.pos.z > 2.5
    for charge in moved.values():
        assert tuple(charge.motion) == (0.1, 0.0, 0.0) and (charge.pos.y, charge.pos.z) == (61.0, 2.5)


def test_from_1_21_9_an_explosion_reaching_a_wind_charge_stops() -> None:
    """1.21.11's explosion sets a redirectable projectile's owner to its attacker (not simulated; 1.21.9 and 1.21.10
    read, the same): one line there, where 1.21.8 runs."""
    for version in ("1.21.9", "1.21.11"):
        line = _refusal(_versioned(PAST_EXPLOSION, version))
        assert "\n" not in line and f"of version {version}" in line and "sets its owner" in line


def test_a_bad_wind_charge_key_stops_with_one_line(tmp_path, capsys) -> None:
    from viewer.cli import main
    path = tmp_path / "bad.toml"
    path.write_text(_flight("1.21").replace('id = 1', 'id = 1\nowner = "breeze"'), encoding="utf-8")
    assert main(["trace", str(path), "--ticks", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "bad.toml" in err and "owner" in err
