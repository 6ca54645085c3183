"""One `[[actions]]` entry checked against a loaded simulation (`engine.load_action`, what the viewer's Actions panel
adds), with the scene loader's own checks: every kind the format has, its keys, and what must stand at `at`."""

from __future__ import annotations

import pytest

from engine.tick.actions import ACTION_KEYS
from engine.tick.scene import load_action, load_scene_text
from engine.tick.scene_checks import SceneError

SCENE = """
[scene]
name = "a lever beside a TNT block"

[[blocks]]
from = [-2, 0, -2]
to = [2, 0, 2]
block = "minecraft:stone"

[[blocks]]
at = [0, 1, 0]
block = "minecraft:lever[face=floor,facing=east]"

[[blocks]]
at = [1, 1, 0]
block = "minecraft:tnt"
"""


def test_a_use_of_a_lever_primes_the_tnt_beside_it_in_its_tick() -> None:
    sim = load_scene_text(SCENE, "lever.toml")
    action = load_action(sim, {"tick": 2, "do": "use", "at": [0, 1, 0]}, "lever.toml", "actions[0]")
    assert (action.tick, action.phase, action.kind, action.params) == (2, "players", "use", {"at": [0, 1, 0]})
    sim.actions.append(action)
    sim.tick()
    assert sim.world.get_block_state(1, 1, 0).block == "tnt" and not sim.entities
    sim.tick()
    assert sim.world.get_block_state(1, 1, 0).is_air and [e.type for e in sim.entities] == ["minecraft:tnt"]


@pytest.mark.parametrize(("entry", "message"), [
    ({"tick": 2, "do": "use", "at": [1, 0, 0]},
     "lever.toml: actions[3].at: stone at [1, 0, 0] cannot be used"),
    ({"tick": 2, "do": "use", "at": [0, 1, 0], "fuse": 3},
     "lever.toml: actions[3].fuse: unknown key (expected one of: at, do, phase, tick)"),
    ({"tick": 0, "do": "prime_tnt", "at": [1, 1, 0]}, "lever.toml: actions[3].tick: expected an integer"),
    ({"tick": 2, "do": "dispense", "at": [1, 1, 0], "item": "minecraft:tnt"},
     "lever.toml: actions[3].at: no dispenser at [1, 1, 0]"),
    ({"tick": 2, "do": "attack", "entity": 7}, "lever.toml: actions[3].entity: expected the id of a declared end"),
    ({"tick": 2, "do": "fly"}, "lever.toml: actions[3].do: unknown action 'fly' (supported: attack, charge_anchor"),
])
def test_a_bad_entry_is_one_line_naming_the_key(entry: dict, message: str) -> None:
    sim = load_scene_text(SCENE, "lever.toml")
    with pytest.raises(SceneError) as err:
        load_action(sim, entry, "lever.toml", "actions[3]")
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_every_kind_of_the_key_table_is_one_the_loader_takes_and_asks_for_its_keys() -> None:
    sim = load_scene_text(SCENE, "lever.toml")
    assert "summon_tnt_at" in ACTION_KEYS and "use" in ACTION_KEYS and len(ACTION_KEYS) == 16
    for do, (required, _) in ACTION_KEYS.items():
        with pytest.raises(SceneError) as err:
            load_action(sim, {"tick": 1, "do": do}, "lever.toml", "a")
        assert str(err.value) == f"lever.toml: a.{sorted(required)[0]}: missing", do
