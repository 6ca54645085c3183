"""Players picking up items, XP orbs and arrows (`engine.living.player_collisions`, `engine.living.inventory`),
run as `scenes/player_picks_up_items.toml`, `scenes/player_absorbs_xp.toml` and `scenes/player_picks_up_arrow.toml`:
the inventory, the experience and which entities are removed in which tick, bit for bit, each against a mutant."""

from __future__ import annotations

import dataclasses
import tomllib
from typing import Any

import pytest

from engine.living import inventory
from engine.tick.scene import load_scene_doc
from engine.tick.scene_checks import SceneError
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR


def _doc(name: str) -> dict[str, Any]:
    return tomllib.loads((SCENES_DIR / f"{name}.toml").read_text())


def _run(doc: dict[str, Any], ticks: int, version: str | None = None,
         **flags: bool) -> tuple[Simulation, dict[int, int], list[dict[str, Any]]]:
    """The scene run `ticks` ticks (in `version`, its flags set as given): the simulation, the tick each removed
    entity went in, and the `picked_up` events."""
    if version is not None:
        doc = {**doc, "scene": {**doc["scene"], "version": version}}
    sim = load_scene_doc(doc)
    sim.features = dataclasses.replace(sim.features, **flags)
    gone: dict[int, int] = {}
    events: list[dict[str, Any]] = []
    live = [e for e in sim.entities if not e.is_player]
    for _ in range(ticks):
        events += [e for e in sim.tick().events if e["kind"] == "picked_up"]
        gone.update((e.id, sim.tick_count) for e in live if e.removed and e.id not in gone)
    return sim, gone, events


def _entity(doc: dict[str, Any], entity_id: int) -> dict[str, Any]:
    return next(e for e in doc["entities"] if e.get("id") == entity_id)


ITEMS_AFTER = ((0, "minecraft:stone", 14), (1, "minecraft:dirt", 64), (2, "minecraft:egg", 3),
               (3, "minecraft:stone", 64))


def test_a_player_walking_over_items_stacks_them_into_its_inventory_as_the_game_does() -> None:
    """The 5 stone, met in tick 9, fill the selected slot 3 to 64 and put 3 into slot 0; the eggs and the last stone,
    met together in tick 16, go into the first empty slot (2) and onto slot 0. Mutant: a search for a slot with room
    that skips the selected slot puts all the stone into slot 0."""
    sim, gone, events = _run(_doc("player_picks_up_items"), 20)
    assert sim.entity_by_id(1).inventory == ITEMS_AFTER
    assert gone == {2: 9, 3: 16, 4: 16}
    assert [(e["entity"], e["item"], e["count"]) for e in events] == \
        [(2, "minecraft:stone", 5), (3, "minecraft:egg", 3), (4, "minecraft:stone", 1)]


def test_the_selected_slot_is_filled_first(monkeypatch: pytest.MonkeyPatch) -> None:
    def scan_only(main: list, offhand: Any, selected: int, item: str) -> int | None:
        return next((i for i, s in enumerate(main) if inventory.can_stack_add_more(s, item)), None)

    monkeypatch.setattr(inventory, "get_occupied_slot_with_room_for_stack", scan_only)
    sim, _, _ = _run(_doc("player_picks_up_items"), 20)
    assert sim.entity_by_id(1).inventory != ITEMS_AFTER
    assert sim.entity_by_id(1).inventory[0] == (0, "minecraft:stone", 16)


@pytest.mark.parametrize("version", ["1.12.2", "1.21.3"])
def test_the_inventory_fills_alike_in_other_releases(version: str) -> None:
    sim, gone, _ = _run(_doc("player_picks_up_items"), 20, version)
    assert sim.entity_by_id(1).inventory == ITEMS_AFTER and set(gone) == {2, 3, 4}


def test_a_full_inventory_takes_part_of_a_stack_and_leaves_the_rest_lying() -> None:
    """Every slot full but 62 stone in the selected one: 2 of the 5 go in (the game's `insertStack` answers false,
    its second pass placing none, yet the stack is shortened), the item stays with 3. Mutant: an item that keeps
    its count where the answer is false would hold 5."""
    doc = _doc("player_picks_up_items")
    player = _entity(doc, 1)
    player["inventory"] = [{"slot": s, "item": "minecraft:dirt", "count": 64} for s in range(36) if s != 3] + \
        [{"slot": 3, "item": "minecraft:stone", "count": 62}]
    sim, gone, events = _run(doc, 10)
    assert sim.entity_by_id(2).stack_count == 3 and 2 not in gone
    assert (3, "minecraft:stone", 64) in sim.entity_by_id(1).inventory
    assert [(e["entity"], e["count"]) for e in events] == [(2, 2)]


XP_PROGRESS_1 = 0.09090913087129593   # 17 points from level 0: bars of 7 and 9 filled, 1/11 of the next in floats


def test_orbs_are_absorbed_one_every_two_ticks_in_the_worlds_order_up_to_1_16_5() -> None:
    """The orb in chunk x −1 (17 points) comes first, then orbs 2 (3) and 3 (7): levels 2, 2, 3 (the mutant, 1.17
    without its flag, runs this order: below)."""
    sim, gone, events = _run(_doc("player_absorbs_xp"), 8)
    p = sim.entity_by_id(1)
    assert gone == {4: 1, 2: 3, 3: 5}
    assert [e["experience"] for e in events] == [17, 3, 7]
    assert (p.xp_level, p.xp_progress, p.xp_total, p.experience_pick_up_delay) == (3, 0.0, 27, 0)
    first, _, _ = _run(_doc("player_absorbs_xp"), 1)
    assert (first.entity_by_id(1).xp_level, first.entity_by_id(1).xp_progress) == (2, XP_PROGRESS_1)


def test_from_1_17_one_orb_met_is_drawn_each_tick_and_a_merged_orb_is_taken_one_at_a_time() -> None:
    """Orb 4 holds two orbs of 17: the player's Random draws 4, 2, 3, then 4 again, which is removed at its last
    (level 4, 44 points). Mutant: without `xp_orb_merging` the world's order takes orb 4 whole at tick 1."""
    doc = _doc("player_absorbs_xp")
    _entity(doc, 4)["picking_count"] = 2
    sim, gone, events = _run(doc, 8, "1.17")
    p = sim.entity_by_id(1)
    assert gone == {2: 3, 3: 5, 4: 7}
    assert [(e["entity"], e["experience"]) for e in events] == [(4, 17), (2, 3), (3, 7), (4, 17)]
    assert (p.xp_level, p.xp_progress, p.xp_total) == (4, 0.2666666507720947, 44)
    assert _run(doc, 8, "1.17", xp_orb_merging=False)[1] == {4: 1, 2: 3, 3: 5}


def test_arrows_are_picked_up_by_their_rule() -> None:
    """Arrow 2 (allowed) tops the 63 arrows up to 64 and the ownerless trident (allowed) takes the empty slot 0,
    both in tick 8, when their shake is over; arrow 3, summoned without a rule (disallowed), stays. Mutant: arrow 3
    allowed goes too — first, lying in chunk x −1 — onto the 63, so arrow 2 takes slot 0 and the trident slot 1."""
    sim, gone, events = _run(_doc("player_picks_up_arrow"), 10)
    assert sim.entity_by_id(1).inventory == ((0, "minecraft:trident", 1), (5, "minecraft:arrow", 64))
    assert gone == {2: 8, 4: 8} and not sim.entity_by_id(3).removed
    assert sorted(e["entity"] for e in events) == [2, 4]
    doc = _doc("player_picks_up_arrow")
    _entity(doc, 3)["pickup"] = "allowed"
    sim, gone, _ = _run(doc, 10)
    assert gone == {2: 8, 3: 8, 4: 8}
    assert sim.entity_by_id(1).inventory == ((0, "minecraft:arrow", 1), (1, "minecraft:trident", 1),
                                             (5, "minecraft:arrow", 64))


def test_an_experience_total_passing_the_int_range_stops_the_run_in_one_line() -> None:
    doc = _doc("player_absorbs_xp")
    _entity(doc, 1)["xp_total"] = 2**31 - 17     # orb 4's 17 points would pass 2^31 - 1
    sim = load_scene_doc(doc)
    with pytest.raises(NotImplementedError, match=r"at entity 4 \(minecraft:experience_orb\), tick 1: player 1 picks "
                                                  r"it up .*: its experience passes 2\^31 - 1"):
        sim.tick()


@pytest.mark.parametrize(("key", "value", "message"), [
    ("inventory", [{"slot": 36, "item": "minecraft:stone"}], "slot"),
    ("inventory", [{"slot": 0, "item": "minecraft:egg", "count": 17}], "count"),
    ("inventory", [{"slot": 0, "item": "minecraft:stone"}, {"slot": 0, "item": "minecraft:dirt"}], "twice"),
    ("selected_slot", 9, "selected_slot"),
    ("xp_progress", 1.0, "[0, 1)"),
    ("xp_level", inventory.XP_LEVEL_MAX + 1, "xp_level"),
])
def test_bad_player_keys_are_refused_in_one_line(key: str, value: Any, message: str) -> None:
    doc = _doc("player_absorbs_xp")
    _entity(doc, 1)[key] = value
    with pytest.raises(SceneError, match=message.replace("[", r"\[").replace(")", r"\)")):
        load_scene_doc(doc)
