"""The scene writer (engine.tick.scene_writer): every bundled scene saved mid-run and loaded back runs on as the
original (written at tick 0 and traced: tests/engine/test_scenes.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine.core.limits import SimulationLimit
from engine.influences.piston_block_entity import PistonBlockEntity
from engine.tick import saved_state
from engine.tick.scene import SceneError, load_scene, load_scene_doc, load_scene_text
from engine.tick.scene_writer import scene_document, write_scene
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml
from tests.scene_parts import floor, player_on_floor

SCENES = sorted(SCENES_DIR.glob("*.toml"))


def _lines(sim: Simulation, ticks: int) -> list[dict[str, Any]]:
    """Trace lines (entities and events) of `ticks` ticks, without the tick numbers."""
    def line(record: Any) -> dict[str, Any]:
        es = sim.reported_entities() if record else sim.entities
        return {"entities": [e.trace_line() for e in es], "events": record.events if record else []}
    return [line(None)] + [line(sim.tick()) for _ in range(ticks)]


SAVED_AT = (3, 17, 41)


@pytest.mark.parametrize("scene", SCENES, ids=[s.stem for s in SCENES])
def test_saved_at_any_tick_continues_identically(scene: Path, tmp_path: Path) -> None:
    """Saved at ticks 3, 17 and 41 (pistons moving, shulker lids open, players mid-jump or drawing a bow, mobs
    following a path, creepers swelling), the scene loads at tick 0 and runs on as the original does: its trace
    lines, events included, for 20 ticks, and every field of every entity as loaded equals the original's."""
    sim = load_scene(scene)
    for at in SAVED_AT:
        while sim.tick_count < at:
            try:
                sim.tick()
            except (NotImplementedError, SimulationLimit):
                return   # the scene stops before (a mechanic it refuses): nothing to save
        out = tmp_path / f"saved_{at}.toml"
        write_scene(sim, out)
        saved = load_scene(out)
        for e in sim.entities:
            diff = saved_state.differences(e, saved.entity_by_id(e.id), f"entity {e.id}", saved_state.HELD_ELSEWHERE)
            assert {k: v for k, v in diff.items() if k not in e.TICK_FIELDS} == {}, (scene.stem, at, e.id)
        snap = sim.snapshot()
        assert _lines(saved, 20) == _lines(sim, 20), (scene.stem, at)
        sim.restore(snap)


def test_blocks_are_written_as_boxes() -> None:
    """A 17 × 1 × 17 floor and a 3 × 3 × 3 cube are one entry each; a lone slab one `at` entry."""
    text = scene_toml(blocks=[{"from": [-8, 0, -8], "to": [8, 0, 8], "block": "minecraft:stone"},
                              {"from": [0, 5, 0], "to": [2, 7, 2], "block": "minecraft:glass"},
                              {"at": [1, 6, 1], "block": "minecraft:oak_slab[type=top]"}])
    doc = scene_document(load_scene_text(text))
    glass = [b for b in doc["blocks"] if b["block"] == "minecraft:glass"]
    assert {"from": [-8, 0, -8], "to": [8, 0, 8], "block": "minecraft:stone"} in doc["blocks"]
    assert {"at": [1, 6, 1], "block": "minecraft:oak_slab[type=top,waterlogged=false]"} in doc["blocks"]
    # the cube with a hole at its centre: boxes that cover exactly its 26 cells
    corners = [(b.get("from", b.get("at")), b.get("to", b.get("at"))) for b in glass]
    cells = {(x, y, z) for lo, hi in corners for x in range(lo[0], hi[0] + 1)
             for y in range(lo[1], hi[1] + 1) for z in range(lo[2], hi[2] + 1)}
    assert len(cells) == 26 and (1, 6, 1) not in cells and len(glass) <= 8


def test_identical_entities_become_one_count_entry() -> None:
    sim = load_scene(SCENES_DIR / "tnt_stack_320.toml")
    tnts = [e for e in scene_document(sim)["entities"] if e["type"] == "minecraft:tnt"]
    assert sum(e.get("count", 1) for e in tnts) == sum(1 for e in sim.entities if e.TYPE == "minecraft:tnt")
    assert len(tnts) < 10


def test_random_states_are_kept(tmp_path: Path) -> None:
    """A spawn drew from the world Random; the written scene carries its state instead of the spawn."""
    sim = load_scene_text(scene_toml(scene={"seed": 5}, spawns=[{"kind": "primed_tnt_from_block", "at": [0, 1, 0]}]))
    doc = scene_document(sim)
    assert "spawns" not in doc and doc["scene"]["random"]["state"] == sim.random.get_state()[0]
    write_scene(sim, tmp_path / "s.toml")
    assert load_scene(tmp_path / "s.toml").random.get_state() == sim.random.get_state()


def test_written_file_is_toml_and_replaced_atomically(tmp_path: Path) -> None:
    out = tmp_path / "scene.toml"
    out.write_text("old")
    write_scene(load_scene(SCENES_DIR / "tnt_flat_ground.toml"), out)
    assert tomllib.loads(out.read_text())["scene"]["version"] == "1.16.5"
    assert [p.name for p in tmp_path.iterdir()] == ["scene.toml"]


def test_a_moving_piston_is_saved_as_its_block_entity() -> None:
    """Mid-push, the moving block's B36 is written whole in `[[block_entities]]` and the push goes on."""
    sim = _at("piston_zero_tick_squeeze", 0)
    while not any(isinstance(be, PistonBlockEntity) for be in sim.world.block_entities.ticking):
        sim.tick()
    doc = scene_document(sim)
    assert [e["state"]["class"] for e in doc["block_entities"]] == \
        [type(be).__name__ for be in sim.world.block_entities.ticking]
    saved = load_scene_doc(doc)
    assert [(type(be), be.pos, be.progress) for be in saved.world.block_entities.ticking] == \
        [(type(be), be.pos, be.progress) for be in sim.world.block_entities.ticking]


def test_count_makes_consecutive_ids() -> None:
    sim = load_scene_text(scene_toml(entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "id": 5, "count": 3},
                                               {"type": "tnt", "pos": [0.5, 1.0, 0.5]}]))
    assert [e.id for e in sim.entities] == [5, 6, 7, 8]


@pytest.mark.parametrize("entry, message", [
    ({"count": 0}, "entities[0].count: expected an integer in 1..1000000, got 0"),
    ({"id": 2**31 - 2, "count": 3}, "entities[0].count: ids from 2147483646 run past 2147483647"),
    ({"random": {"state": -1}}, "entities[0].random.state: expected an integer in 0..281474976710655, got -1"),
    ({"random": {"seed": 1}}, "entities[0].random.seed: unknown key (expected one of: next_gaussian, state)"),
])
def test_bad_count_and_random_are_one_line_errors(entry: dict[str, Any], message: str) -> None:
    with pytest.raises(SceneError) as err:
        load_scene_text(scene_toml(entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], **entry}]), "s.toml")
    assert str(err.value) == f"s.toml: {message}"


def _at(name: str, ticks: int) -> Simulation:
    sim = load_scene(SCENES_DIR / f"{name}.toml")
    for _ in range(ticks):
        sim.tick()
    return sim


@pytest.mark.parametrize("state, message", [
    ({"no_such_field": 1}, "entities[0].state.no_such_field: not a saved field of a Tnt"),
    ({"fuse": "soon"}, "entities[0].state.fuse: expected an integer, got 'soon'"),
    ({"fuse": 1.5}, "entities[0].state.fuse: expected an integer, got 1.5"),
    ({"fall_distance": 2}, None),
    ({"motion": 3}, "entities[0].state.motion: expected a Vec3, got 3"),
    ({"motion": {"class": "Popen"}}, "entities[0].state.motion.class: unknown saved class 'Popen'"),
    ({"motion": {"class": "Vec3", "items": [1.0]}},
     "entities[0].state.motion: expected the fields of a Vec3, got 1 items"),
    ({"vehicle": {"class": "Entity", "id": 9}}, "entities[0].state.vehicle.id: no entity with id 9 in the scene"),
])
def test_a_bad_state_table_is_a_one_line_error(state: dict[str, Any], message: str | None) -> None:
    """The `state` table is data like any other key: a field the entity does not keep, a value of another kind or
    a class that cannot be saved is refused in one line."""
    text = scene_toml(entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "state": state}])
    if message is None:   # a float field takes an integer as the number it is
        assert load_scene_text(text, "s.toml").entities[0].fall_distance == 2.0
        return
    with pytest.raises(SceneError) as err:
        load_scene_text(text, "s.toml")
    assert str(err.value) == f"s.toml: {message}"


def test_a_player_drawing_a_bow_keeps_its_range_start() -> None:
    """A range already running when saved keeps its start before tick 1 (the draw's pull counts from it); its
    `use` has happened and is not written."""
    doc = scene_document(_at("bow_draw", 3))
    (running,) = [r for r in doc["inputs"] if r["from"] <= 0]
    assert "use" not in running and doc["entities"][0]["state"]["bow_drawn_since"] == running["from"]


def test_summon_tnt_at_is_written_as_one_ranged_action() -> None:
    """The loader expands `tick`..`to` into one action per tick; the writer gives the range back, re-based."""
    source = tomllib.loads((SCENES_DIR / "player_tnt_launch.toml").read_text(encoding="utf-8"))
    (given,) = [a for a in source["actions"] if a["do"] == "summon_tnt_at"]
    (written,) = [a for a in scene_document(_at("player_tnt_launch", 3))["actions"] if a["do"] == "summon_tnt_at"]
    first = max(given["tick"] - 3, 1)
    assert (written["tick"], written["to"], written["at_entity"]) == (first, given["to"] - 3, given["at_entity"])


def test_inputs_still_to_come_are_re_based_to_the_saved_tick() -> None:
    source = tomllib.loads((SCENES_DIR / "player_walk_on_ice.toml").read_text(encoding="utf-8"))["inputs"]
    written = scene_document(_at("player_walk_on_ice", 20))["inputs"]
    assert [(w["from"], w["to"]) for w in written] == [(r["from"] - 20, r["to"] - 20) for r in source
                                                       if r["to"] > 20]


LIVING = scene_toml(blocks=[floor(3)], entities=[player_on_floor(
    health=7.5, attributes={"minecraft:generic.movement_speed": 0.2},
    effects=[{"id": "minecraft:speed", "amplifier": 1, "duration": 50}, {"id": "minecraft:slowness"}],
    equipment={"feet": "minecraft:diamond_boots"}, enchantments={"feet": {"minecraft:depth_strider": 2}})])


def test_living_keys_are_written_with_the_remaining_effect_durations(tmp_path: Path) -> None:
    sim = load_scene_text(LIVING)
    for _ in range(10):
        sim.tick()
    (entry,) = scene_document(sim)["entities"]
    assert entry["health"] == 7.5 and entry["attributes"] == {"minecraft:generic.movement_speed": 0.2}
    assert entry["effects"] == [{"id": "minecraft:speed", "amplifier": 1, "duration": 40},
                                {"id": "minecraft:slowness", "amplifier": 0}]
    assert entry["equipment"] == {"feet": "minecraft:diamond_boots"}
    assert entry["enchantments"] == {"feet": {"minecraft:depth_strider": 2}}
    write_scene(sim, tmp_path / "living.toml")
    assert _lines(load_scene(tmp_path / "living.toml"), 60) == _lines(sim, 60)


@pytest.mark.parametrize("bad, message", [
    ("health = 30.0", r"entities\[0\]\.health: expected a health in \(0, 20\.0\]"),
    ("box = [[0, 0, 0]]", r"entities\[0\]\.box: expected \[\[min x, y, z\], \[max x, y, z\]\]"),
    ("box = [[1, 0, 0], [0, 1, 1]]", r"entities\[0\]\.box: expected each minimum at or below its maximum"),
])
def test_bad_written_keys_are_one_line(bad: str, message: str) -> None:
    with pytest.raises(SceneError, match=message):
        load_scene_text(f'[[entities]]\ntype = "player"\npos = [0, 1, 0]\n{bad}\n')


def test_a_save_after_the_first_tick_keeps_lava_contact(tmp_path: Path) -> None:
    """`Entity.firstUpdate` ends with the first tick (lava is not felt before): a scene saved later says
    `first_update = false`, so a TNT minecart in lava is hit (and primed) in the reloaded run's first tick too."""
    sim = load_scene_text('[[blocks]]\nat = [0, 1, 0]\nblock = "minecraft:lava"\n[[blocks]]\nat = [0, 0, 0]\n'
                          'block = "minecraft:stone"\n[[entities]]\ntype = "tnt_minecart"\npos = [0.5, 1.0, 0.5]\n')
    sim.tick()
    (entry,) = scene_document(sim)["entities"]
    assert entry["first_update"] is False
    write_scene(sim, tmp_path / "lava.toml")
    assert _lines(load_scene(tmp_path / "lava.toml"), 10) == _lines(sim, 10)


def test_a_section_entered_later_keeps_its_order_when_saved(tmp_path: Path) -> None:
    """Item 1 slides from chunk 0 into chunk 1, where item 2 lies: chunk 1's section finds 2 before 1 (the order
    they entered it, which `getOtherEntities` and so item merging follow), and the saved scene keeps that order
    (`scene.entity_section_order`), where loading the entities in their update order would put 1 first."""
    sim = load_scene_text(scene_toml(blocks=[floor(24)], entities=[
        {"type": "minecraft:item", "id": 1, "pos": [15.5, 1.0, 0.5], "motion": [0.6, 0.0, 0.0], "pickup_delay": 40},
        {"type": "minecraft:item", "id": 2, "pos": [20.5, 1.0, 0.5], "pickup_delay": 40, "item": "minecraft:stick"}]))
    for _ in range(3):
        sim.tick()

    def sections(s: Simulation) -> list[list[int]]:
        return sorted([e.id for e in section] for section in s.world.entity_section_lists() if section)
    assert sections(sim) == [[2, 1]]
    write_scene(sim, tmp_path / "s.toml")
    assert tomllib.loads((tmp_path / "s.toml").read_text())["scene"]["entity_section_order"] == [2, 1]
    assert sections(load_scene(tmp_path / "s.toml")) == [[2, 1]]


@pytest.mark.parametrize(("order", "message"), [
    ([1, 1], "scene.entity_section_order[1]: expected the id of one of the scene's entities, listed once, got 1"),
    ([7], "scene.entity_section_order[0]: expected the id of one of the scene's entities, listed once, got 7"),
    ("1", "scene.entity_section_order: expected a list of entity ids, got '1'")])
def test_a_bad_section_order_is_one_line(order: Any, message: str) -> None:
    with pytest.raises(SceneError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_scene_text(scene_toml(scene={"entity_section_order": order},
                                   entities=[{"type": "minecraft:tnt", "id": 1, "pos": [0.5, 1.0, 0.5]}]))
