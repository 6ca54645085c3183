"""Edits: input is parsed and refused with a reason; a good edit changes the engine state through the history,
which branches at the current tick."""

from __future__ import annotations

from pathlib import Path

from engine.geometry.box import Vec3
from engine.tick.scene import load_scene, load_scene_text
from viewer import editing
from viewer.history import History
from viewer.panels.entities import attribute_rows


def fields_by_name(entity) -> dict[str, editing.FieldSpec]:
    return {spec.name: spec for spec in editing.entity_fields(entity)}


def test_bad_input_is_refused_with_the_reason(flat_scene: Path) -> None:
    specs = fields_by_name(load_scene(flat_scene).entities[0])
    assert editing.parse_field(specs["pos"], "1, 2") == (None, "expected three finite numbers: x, y, z")
    assert editing.parse_field(specs["motion"], "0, nan, 0")[1] == "expected three finite numbers: x, y, z"
    assert editing.parse_field(specs["fuse"], "4.5")[1] == "expected a whole number"
    assert "Java int" in editing.parse_field(specs["fuse"], str(2**31))[1]
    assert editing.parse_field(specs["fall_distance"], "x")[1] == "expected a finite number"
    _, reason = editing.parse_block("minecraft:oak_slab[type=sideways]")
    assert reason and "sideways" in reason
    assert editing.parse_field(specs["pos"], " 1.5 2 -3e-1 ") == (Vec3(1.5, 2.0, -0.3), None)


def test_every_field_shows_as_text_that_parses_back_to_its_value(flat_scene: Path) -> None:
    tnt = load_scene(flat_scene).entities[0]
    for spec in editing.entity_fields(tnt):
        if spec.kind != "bool":
            value, error = editing.parse_field(spec, editing.field_text(tnt, spec))
            assert error is None and value == getattr(tnt, spec.attribute), spec.name


def test_a_vector_is_edited_one_coordinate_at_a_time(flat_scene: Path) -> None:
    """The inspector's `pos.y` row shows that coordinate alone, and its edit replaces that axis of the position the
    entity holds when the edit runs (moving its box too), keeping the other two."""
    sim = load_scene(flat_scene)
    history = History(sim)
    tnt = sim.entities[0]
    parts = editing.components(fields_by_name(tnt)["pos"])
    assert [p.name for p in parts] == ["pos.x", "pos.y", "pos.z"]
    assert [editing.field_text(tnt, p) for p in parts] == [repr(c) for c in tnt.pos]
    value, error = editing.parse_field(parts[1], "7.25")
    assert error is None
    x, _, z = tnt.pos
    assert editing.apply_edit(history, editing.set_field(tnt.id, parts[1], value)) is None
    assert tnt.pos == Vec3(x, 7.25, z) and tnt.box.min_y == 7.25
    assert editing.parse_field(parts[0], "1, 2")[1] == "expected a finite number"


def test_the_inspector_rows_give_every_coordinate_a_row_of_its_own(flat_scene: Path) -> None:
    tnt = load_scene(flat_scene).entities[0]
    rows = dict(attribute_rows(tnt))
    assert [rows[f"box.{f}"] for f in ("min_x", "min_y", "min_z", "max_x", "max_y", "max_z")] == \
        [repr(c) for c in tnt.box]
    assert [rows[f"prev_pos.{a}"] for a in "xyz"] == [repr(c) for c in tnt.prev_pos]
    assert rows["age"] == str(tnt.age) and "box" not in rows and "health" not in rows


def test_an_edit_branches_the_history_at_the_current_tick(flat_scene: Path) -> None:
    """Run to tick 4, go back to 2, set the motion: ticks 3 and 4 of the old branch are gone, tick 3 is
    simulated again from the edited state, and going back to 2 shows the edit."""
    sim = load_scene(flat_scene)
    history = History(sim)
    history.go_to(4)
    old_tick_3 = history.states[3][1]["pos"]
    history.go_to(2)
    motion = fields_by_name(sim.entities[0])["motion"]
    assert editing.apply_edit(history, editing.set_field(1, motion, Vec3(0.5, 0.0, 0.0))) is None
    assert history.last_tick() == 2 and max(history.snapshots) == 2
    history.step()
    assert history.states[3][1]["pos"] != old_tick_3
    reference = load_scene(flat_scene)
    reference.tick()
    reference.tick()
    reference.entities[0].motion = Vec3(0.5, 0.0, 0.0)
    reference.tick()
    assert [e.trace_line() for e in sim.entities] == [e.trace_line() for e in reference.entities]
    history.go_to(0)
    history.go_to(2)
    assert sim.entities[0].motion == Vec3(0.5, 0.0, 0.0)


def test_a_failing_edit_leaves_the_state_and_the_history_as_they_were(flat_scene: Path) -> None:
    sim = load_scene(flat_scene)
    history = History(sim)
    history.go_to(3)
    before = [e.trace_line() for e in sim.entities]
    reason = editing.apply_edit(history, editing.set_block((0, 400, 0), editing.parse_block("minecraft:stone")[0]))
    assert reason and "build range" in reason
    assert editing.apply_edit(history, editing.remove_entity(99)) == "'entity 99 is not in the world'"
    assert [e.trace_line() for e in sim.entities] == before and history.last_tick() == 3


def test_add_and_remove_entities_and_blocks(flat_scene: Path) -> None:
    sim = load_scene(flat_scene)
    history = History(sim)
    assert editing.apply_edit(history, editing.add_entity("minecraft:item", Vec3(1.5, 3.0, 1.5))) is None
    assert [(e.id, e.type) for e in sim.entities] == [(1, "minecraft:tnt"), (2, "minecraft:item")]
    assert editing.apply_edit(history, editing.remove_entity(1)) is None
    assert [e.id for e in sim.entities] == [2]
    assert editing.apply_edit(history, editing.remove_block((0, 0, 0))) is None
    assert sim.world.get_block_state(0, 0, 0).is_air
    assert list(history.states[0]) == [2]


def test_a_type_the_release_lacks_is_refused_in_one_line(flat_scene: Path) -> None:
    """Tridents came with 1.13: adding one to a 1.12.2 world fails with one line and changes nothing; 1.13.2 takes
    it."""
    for version, error in (("1.12.2", "minecraft:trident does not exist before 1.13 (version 1.12.2)"),
                           ("1.13.2", None)):
        sim = load_scene_text(flat_scene.read_text().replace("[scene]", f'[scene]\nversion = "{version}"', 1),
                              str(flat_scene))
        count = len(sim.entities)
        assert editing.apply_edit(History(sim), editing.add_entity("minecraft:trident", Vec3(1.5, 3.0, 1.5))) == error
        assert len(sim.entities) == count + (error is None)
