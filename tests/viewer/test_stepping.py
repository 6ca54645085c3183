"""Micro-stepping and the stage inspector read the trace: stages in the order they finished, units of a
stage, an entity and a phase, and the inspector's tree with the move stage's children under it."""

from __future__ import annotations

import pytest

from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR as SCENES
from viewer.panels.stages import stage_rows, value_rows
from viewer.stepping import micro_steps, next_step, readout, stage_at

MOVE_CHILDREN = ["sneaking_adjustment", "collisions", "position_update", "collision_flags", "fall",
                 "check_block_collision"]


def gold_pipe_record():
    sim = load_scene(SCENES / "gold_block_pipe.toml")
    sim.trace_enabled = True
    return sim.tick()


def test_stage_inspector_shows_the_move_stage_with_its_children_nested() -> None:
    rows = stage_rows(gold_pipe_record(), 1)
    names = [(r.depth, r.stage.name) for r in rows]
    move = names.index((0, "move"))
    assert names[move + 1:move + 1 + len(MOVE_CHILDREN)] == [(1, n) for n in MOVE_CHILDREN]
    assert [n for d, n in names if d == 0] == ["move", "drag", "fuse", "fluid_push"]
    collisions = rows[move + 2]
    assert collisions.stage.method == "Entity.adjustMovementForCollisions"
    assert [g["role"] for g in collisions.stage.geometry] == ["axis_sweep_y", "axis_sweep_x", "axis_sweep_z"]
    assert stage_at(gold_pipe_record(), collisions.key).name == "collisions"
    changed = {name.split(".")[0] for name, _, after in value_rows(rows[move].stage.before, rows[move].stage.after)
               if after is not None}
    assert changed >= {"pos", "box"}


def test_stage_values_take_a_row_per_coordinate_with_before_and_after_where_changed() -> None:
    before = {"pos": [0.5, 1.0, 0.5], "box": [[0.0, 1.0, 0.0], [1.0, 2.0, 1.0]], "on_ground": False, "fuse": 80}
    after = {"pos": [0.5, 1.25, 0.5], "box": [[0.0, 1.25, 0.0], [1.0, 2.25, 1.0]], "on_ground": True, "fuse": 80,
             "hooked": None}
    rows = value_rows(before, after)
    assert rows[:3] == [("pos.x", "0.5", None), ("pos.y", "1.0", "1.25"), ("pos.z", "0.5", None)]
    assert [r[0] for r in rows[3:9]] == [f"box.{end}_{a}" for end in ("min", "max") for a in "xyz"]
    assert rows[4] == ("box.min_y", "1.0", "1.25") and rows[7] == ("box.max_y", "2.0", "2.25")
    assert rows[9:] == [("on_ground", "False", "True"), ("fuse", "80", None), ("hooked", "None", None)]
    assert value_rows({"target": [1, 2, 3]}, {"target": None}) == [("target", "[1, 2, 3]", "None")]


def test_next_step_by_stage_entity_and_phase() -> None:
    record = gold_pipe_record()
    steps = micro_steps(record)
    assert [s.stage.name for s in steps][:7] == [*MOVE_CHILDREN, "move"]
    assert next_step(steps, None, "stage") == 0
    assert next_step(steps, 0, "stage") == 1
    assert next_step(steps, 0, "entity") is None   # one entity: the next one is past the tick's end
    assert next_step(steps, len(steps) - 1, "stage") is None
    with pytest.raises(ValueError, match="micro-step unit 'blob'"):
        next_step(steps, 0, "blob")
    text = readout(record, steps, 1, record.tick)
    assert text == "tick 1 · phase entities (3/5) · entity #1 tnt (1/1) · stage move > collisions (2/10)"
    assert readout(record, steps, None, 1) == "tick 1 (end)"
