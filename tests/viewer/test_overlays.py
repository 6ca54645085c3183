"""Overlays: trace primitives become lines, points and labels by kind, coloured by role."""

from __future__ import annotations

import numpy as np
import pytest

from engine.tick.scene import load_scene
from viewer.drawing.overlays import (
    OverlayBuilder,
    add_entities,
    add_geometry,
    add_section_borders,
    entity_frame,
    stage_geometry,
)
from viewer.drawing.palette import load_palette
from viewer.history import entity_states


def build(prims: list[dict]):
    builder = OverlayBuilder()
    add_geometry(builder, prims, load_palette())
    return builder.build()


def test_clipped_sweep_is_solid_up_to_the_clip_then_dashed() -> None:
    overlay = build([{"kind": "segment", "role": "axis_sweep_y", "a": [0, 2, 0], "b": [0, 0, 0],
                      "clipped_to": [0, 1, 0]}])
    assert overlay.segments["in_start"].tolist() == [[0, 2, 0], [0, 1, 0]]
    assert overlay.segments["in_end"].tolist() == [[0, 1, 0], [0, 0, 0]]
    assert overlay.segments["in_dash"].tolist() == [0, 1]
    assert tuple(overlay.segments["in_color"][0]) == load_palette().role_color("axis_sweep_y")
    assert overlay.points["in_position"].tolist() == [[0, 1, 0]]


def test_boxes_cells_points_spheres_and_labels() -> None:
    overlay = build([
        {"kind": "box", "role": "step_up_chosen", "min": [0, 0, 0], "max": [1, 2, 1]},
        {"kind": "cell", "role": "checked_cell", "pos": [3, 4, 5], "order": 7},
        {"kind": "point", "role": "sample_point_hit", "p": [1, 1, 1]},
        {"kind": "sphere", "role": "explosion_sphere", "center": [0, 0, 0], "radius": 2.0},
        {"kind": "label", "role": "exposure", "p": [2, 2, 2], "text": "0.37"},
    ])
    circles = 3 * 48
    assert len(overlay.segments) == circles + 2 * 12
    assert [(label.text, label.p) for label in overlay.labels] == [("7", (3.5, 4.5, 5.5)), ("0.37", (2, 2, 2))]
    box = overlay.segments[circles:circles + 12]
    ends = np.concatenate([box["in_start"], box["in_end"]])
    assert ends.min(axis=0).tolist() == [0, 0, 0] and ends.max(axis=0).tolist() == [1, 2, 1]
    sphere = np.concatenate([overlay.segments["in_start"][:circles], overlay.segments["in_end"][:circles]])
    assert np.allclose(np.linalg.norm(sphere, axis=1), 2.0)
    assert overlay.points["in_position"].tolist() == [[1, 1, 1], [2, 2, 2]]


def test_unknown_kind_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match="unknown kind 'blob'"):
        build([{"kind": "blob", "role": "raycast"}])


def test_entity_box_point_and_motion_come_from_the_engine(flat_scene) -> None:
    """The TNT's AABB is drawn at its box, in the TNT colour; its position is the box's dot."""
    sim = load_scene(flat_scene)
    tnt = sim.entities[0]
    builder = OverlayBuilder()
    add_entities(builder, entity_frame(entity_states(sim)), load_palette())
    overlay = builder.build()
    (box,) = overlay.boxes
    assert tuple(box["in_color"]) == load_palette().entity_color("minecraft:tnt")
    b = tnt.box
    assert box["in_min"].tolist() == pytest.approx([b.min_x, b.min_y, b.min_z], abs=1e-6)
    assert box["in_max"].tolist() == pytest.approx([b.max_x, b.max_y, b.max_z], abs=1e-6)
    assert box["in_dot"].tolist() == pytest.approx(list(tnt.pos), abs=1e-6)
    assert tuple(box["in_dot_color"]) == load_palette().ui["entity_point"]
    assert len(overlay.points) == 0


def test_stage_geometry_collects_a_ticks_primitives_in_order(flat_scene) -> None:
    sim = load_scene(flat_scene)
    sim.trace_enabled = True
    record = sim.tick()
    expected = [g for p in record.phases for it in p.items for s in it.stages for sub in s.walk()
                for g in sub.geometry]
    assert stage_geometry(record) == expected
    assert stage_geometry(record, entity_id=999) == []


def test_sweeps_of_one_path_are_numbered_in_order_with_the_box_after_each() -> None:
    """Y then X then Z, each starting where the last ended: labels 1 Y, 2 X, 3 Z at the ends, and each
    sweep's `box` drawn as a wireframe in its axis colour."""
    boxes = [[[0, 1, 0], [1, 2, 1]], [[2, 1, 0], [3, 2, 1]], [[2, 1, 2], [3, 2, 3]]]
    overlay = build([
        {"kind": "segment", "role": "axis_sweep_y", "a": [0.5, 0, 0.5], "b": [0.5, 1, 0.5], "box": boxes[0]},
        {"kind": "segment", "role": "axis_sweep_x", "a": [0.5, 1, 0.5], "b": [2.5, 1, 0.5], "box": boxes[1]},
        {"kind": "segment", "role": "axis_sweep_z", "a": [2.5, 1, 0.5], "b": [2.5, 1, 2.5], "box": boxes[2]},
    ])
    assert [(label.text, label.p) for label in overlay.labels] == [
        ("1 Y", (0.5, 1, 0.5)), ("2 X", (2.5, 1, 0.5)), ("3 Z", (2.5, 1, 2.5))]
    assert len(overlay.segments) == 3 + 3 * 12
    x_box = overlay.segments[3 + 12:3 + 24]
    assert tuple(x_box["in_color"][0][:3]) == load_palette().role_color("axis_sweep_x")[:3]
    ends = np.concatenate([x_box["in_start"], x_box["in_end"]])
    assert ends.min(axis=0).tolist() == [2, 1, 0] and ends.max(axis=0).tolist() == [3, 2, 1]


def test_step_up_candidates_are_dashed_and_the_chosen_box_solid() -> None:
    overlay = build([{"kind": "box", "role": "step_up_candidate", "min": [0, 0, 0], "max": [1, 1, 1]},
                     {"kind": "box", "role": "step_up_chosen", "min": [0, 0.5, 0], "max": [1, 1.5, 1]}])
    assert overlay.segments["in_dash"].tolist() == [1.0] * 12 + [0.0] * 12


def test_section_borders_outline_the_chunk_of_the_centre() -> None:
    """Around (20, 5, -3): the chunk x 16..32, z -16..0; vertical edges of 3x3 chunks, one square per section."""
    builder = OverlayBuilder()
    add_section_borders(builder, (20.0, 5.0, -3.0), (0, 32), (255, 255, 255, 255))
    segments = builder.build().segments
    vertical = segments[segments["in_start"][:, 1] != segments["in_end"][:, 1]]
    assert len(vertical) == 16
    assert sorted({float(x) for x in vertical["in_start"][:, 0]}) == [0.0, 16.0, 32.0, 48.0]
    horizontal = segments[segments["in_start"][:, 1] == segments["in_end"][:, 1]]
    assert sorted({float(y) for y in horizontal["in_start"][:, 1]}) == [0.0, 16.0, 32.0]
    assert horizontal["in_start"][:, 0].min() == 16.0 and horizontal["in_start"][:, 2].min() == -16.0
