"""What removes or pulls items, XP orbs and arrows that the engine does not model stops the run in one line at the
tick the game would do it (docs/versions.md, the `item`, `xp_orb` and `arrow` rows): a player picking one up where
creative mode or a hand's count decides (`engine.living.player_collisions`; the pickups simulated:
`tests/engine/test_player_pickup.py`), a hopper taking an item
(`engine.influences.hopper`). Run as the scenes `scenes/refusals/pickup_*.toml`."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from engine.living.player_collisions import collision_box
from engine.tick.scene import load_scene_doc
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from viewer.cli import main

REFUSALS = SCENES_DIR / "refusals"   # scenes that stop in one line (the bundled ones trace 100 ticks)


def _doc(name: str) -> dict[str, Any]:
    return tomllib.loads((REFUSALS / f"pickup_{name}.toml").read_text())


def _run(doc: dict[str, Any], ticks: int = 40) -> tuple[Simulation, str | None]:
    """The scene run up to `ticks`, or to the tick that stops it: the simulation and the stop's line."""
    sim = load_scene_doc(doc)
    while sim.tick_count < ticks:
        try:
            sim.tick()
        except NotImplementedError as stop:
            return sim, str(stop)
    return sim, None


def _entity(doc: dict[str, Any], entity_id: int) -> dict[str, Any]:
    return next(e for e in doc["entities"] if e.get("id") == entity_id)


def test_a_player_holding_the_item_it_walks_onto_stops_the_run_at_the_tick_its_grown_box_meets_it() -> None:
    doc = _doc("player_item")
    sim, stop = _run(doc)
    assert stop == ("the item tick (ItemEntity.tick, spec 06 §3) of version 1.16.5 at entity 2 "
                    "(minecraft:item), tick 9: player 1 picks it up (PlayerEntity.tickMovement → "
                    "onPlayerCollision): the stack joins the minecraft:stone in its main hand, whose count is not kept")
    player, item = sim.entity_by_id(1), sim.entity_by_id(2)
    assert collision_box(player).intersects(item.box) and not item.removed
    before, _ = _run(doc, ticks=8)     # the tick before, the grown box had not reached it
    assert not collision_box(before.entity_by_id(1)).intersects(before.entity_by_id(2).box)


def test_an_item_with_a_pickup_delay_is_walked_over() -> None:
    doc = _doc("player_item")
    _entity(doc, 2)["pickup_delay"] = 40
    sim, stop = _run(doc, ticks=30)
    assert stop is None and sim.entity_by_id(1).pos.x > 4.0     # the player is past it


def test_a_creative_only_arrow_stuck_beside_an_invulnerable_player_stops_the_run_once_its_shake_is_over() -> None:
    doc = _doc("arrow_in_ground")
    sim, stop = _run(doc)
    assert stop is not None and stop.startswith("the arrow and trident tick")
    assert stop.endswith("at entity 2 (minecraft:arrow), tick 8: player 1 picks it up (PlayerEntity.tickMovement → "
                         "onPlayerCollision): its pickup rule is creative only, and creative mode is not modelled")
    arrow = sim.entity_by_id(2)
    assert arrow.in_ground and arrow.shake == 0    # stuck in tick 1 with shake 7, counted down once a tick
    _entity(doc, 1)["invulnerable"] = False        # a survival player leaves it
    assert _run(doc)[1] is None


@pytest.mark.parametrize("version", ["1.12.2", "1.16.5", "1.21.8"])
def test_an_item_falling_onto_an_enabled_hopper_stops_the_run_at_the_tick_it_meets_the_input_area(
        version: str) -> None:
    doc = _doc("hopper_item")
    doc["scene"]["version"] = version
    sim, stop = _run(doc)
    assert stop == (f"the item tick (ItemEntity.tick, spec 06 §3) of version {version} at the hopper "
                    "at [0, 0, 0], tick 7: it takes entity 1 (minecraft:item) (HopperBlockEntity.extract): hoppers "
                    "are not modelled")
    assert sim.entity_by_id(1).pos.y < 2.0 <= _run(doc, ticks=6)[0].entity_by_id(1).pos.y


def test_a_disabled_hopper_takes_nothing() -> None:
    doc = _doc("hopper_item")
    doc["blocks"][0]["block"] = "minecraft:hopper[enabled=false,facing=down]"
    sim, stop = _run(doc, ticks=20)
    assert stop is None and sim.entity_by_id(1).on_ground


def test_the_cli_stops_with_status_2_and_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", str(REFUSALS / "pickup_player_item.toml"), "--ticks", "20"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tick 9: player 1 picks it up" in err


@pytest.mark.parametrize("version", ["1.12.2", "1.16.5", "1.21.8"])
def test_a_villager_beside_bread_stops_the_run_and_leaves_stone(version: str) -> None:
    """The villager (id 1) ticks before the items: at its turn in tick 4 the bread's box, moved in tick 3, meets its
    own grown by (1, 0, 1); in tick 3 it did not. Without the bread the stone item slides by."""
    doc = _doc("villager_bread")
    doc["scene"]["version"] = version
    sim, stop = _run(doc)
    assert stop == (f"the item tick (ItemEntity.tick, spec 06 §3) of version {version} at entity 2 (minecraft:item), "
                    "tick 4: villager 1 gathers it (MobEntity.tickMovement → loot): its inventory is not modelled")
    reach = sim.entity_by_id(1).box.expand(1.0, 0.0, 1.0)
    assert reach.intersects(sim.entity_by_id(2).box)
    assert not reach.intersects(_run(doc, ticks=2)[0].entity_by_id(2).box)
    del doc["entities"][1]
    assert _run(doc)[1] is None


def test_villagers_take_the_object_path_beside_items() -> None:
    sim = load_scene_doc(_doc("villager_bread"))
    villager = sim.entity_by_id(1)
    assert not villager.batch.decides(sim.world, sim.features)
    for e in list(sim.entities):
        if e is not villager:
            sim.world.unload_entity(e)
    assert villager.batch.decides(sim.world, sim.features)
