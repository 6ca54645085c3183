"""The explosion ledger: the rows of a known explosion come from its event (exposure, samples, impulse),
the filters reduce them, and the 3D view draws only the geometry of the rows asked for."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from engine.tick.scene import load_scene
from viewer.app import ViewerApp
from viewer.drawing.palette import load_palette
from viewer.panels.ledger import ledger_primitives, ledger_table, parse_region, visible_rows

# TNT #1 explodes in tick 1 on a stone floor; #2 lies 2 m east in the open, #3 3 m south with a stone block
# between the centre and its eastern sample points: both are affected.
TWO_NEIGHBOURS = {
    "scene": {"name": "one TNT exploding beside two others"},
    "blocks": [{"from": [-6, 0, -6], "to": [6, 0, 6], "block": "minecraft:stone"},
               {"at": [1, 1, 2], "block": "minecraft:stone"}],
    "entities": [{"type": "minecraft:tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1},
                 {"type": "minecraft:tnt", "pos": [2.5, 1.0, 0.5], "fuse": 80},
                 {"type": "minecraft:tnt", "pos": [1.0, 1.0, 3.5], "fuse": 80}],
}


@pytest.fixture
def exploded(write_scene: Callable[..., Path], scene_text: Callable[..., str]):
    """The scene file and its first tick's record (TNT #1's explosion), traced."""
    path = write_scene(scene_text(**TWO_NEIGHBOURS))
    sim = load_scene(path)
    sim.trace_enabled = True
    return path, sim.tick()


def test_ledger_lists_the_affected_entities_with_the_recorded_values(exploded) -> None:
    _, record = exploded
    (event,) = [e for e in record.events if e["kind"] == "explosion"]
    table = ledger_table(record)
    assert sorted(table.entity.tolist()) == [2, 3]
    for row, affected in zip(range(len(table)), event["affected"], strict=True):
        assert table.entity[row] == affected["id"]
        assert table.exposure[row] == affected["exposure"]
        assert [table.unblocked[row], table.total[row]] == list(affected["samples"])
        assert table.impulse[row].tolist() == affected["impulse"]
        assert table.distance[row] == affected["distance"]
    by_id = dict(zip(table.entity.tolist(), range(len(table)), strict=True))
    # The block stands between the centre and the eastern points of #3: some, not all, are unblocked.
    assert 0 < table.unblocked[by_id[3]] < table.total[by_id[3]] == 27
    assert table.unblocked[by_id[2]] == 27
    assert table.exposure[by_id[3]] == pytest.approx(table.unblocked[by_id[3]] / 27)
    # Positions come from the engine's impulse segments: #2 and #3 had not moved yet.
    assert table.entity_pos[by_id[2]].tolist() == [2.5, 1.0, 0.5]
    assert table.entity_pos[by_id[3]].tolist() == [1.0, 1.0, 3.5]


def test_filters_reduce_the_rows(exploded) -> None:
    _, record = exploded
    table = ledger_table(record)
    assert len(visible_rows(table)) == 2
    assert table.entity[visible_rows(table, entity=3)].tolist() == [3]
    assert len(visible_rows(table, explosion=0)) == 2 and len(visible_rows(table, explosion=1)) == 0
    around_2, _ = parse_region("0 0 0, 3 2 1")  # the centre and #2, not #3
    assert table.entity[visible_rows(table, region=around_2)].tolist() == [2]
    without_centre, _ = parse_region("2 0 0 3 2 1")
    assert len(visible_rows(table, region=without_centre)) == 0


def test_bad_region_text_is_refused_with_the_reason() -> None:
    assert parse_region("") == (None, "")
    assert parse_region("1 2 3 0 0 0") == (((0.0, 0.0, 0.0), (1.0, 2.0, 3.0)), "")
    for text in ("1 2 3", "a b c d e f", "1 2 3 4 5 nan"):
        region, error = parse_region(text)
        assert region is None and "x1 y1 z1 x2 y2 z2" in error


def test_geometry_of_one_row_is_that_entitys_points_and_rays_only(exploded) -> None:
    _, record = exploded
    table = ledger_table(record)
    row = visible_rows(table, entity=3)
    prims = ledger_primitives(table, row)
    assert {p.get("entity") for p in prims} == {None, 3}
    assert [p["role"] for p in prims].count("explosion_sphere") == 1
    points = [p for p in prims if p["role"] in ("sample_point_hit", "sample_point_blocked")]
    assert len(points) == 27
    assert sum(p["role"] == "sample_point_hit" for p in points) == table.unblocked[row[0]]
    assert not [p for p in ledger_primitives(table, row, rays=False) if p["role"] == "exposure_ray"]


def test_clicked_row_draws_only_its_sample_points_in_the_hit_and_blocked_colours(exploded) -> None:
    """In the window: after the explosion tick, picking #3's row leaves its 27 points in the trace overlay,
    unblocked ones in the hit colour, the others in the blocked colour."""
    path, record = exploded
    app = ViewerApp(str(path), size=(320, 240), visible=False)
    try:
        app.state.pending_steps = 1
        app.draw_frame()
        assert len(app.ledger_rows()) == 2
        app.state.ledger_pick = (0, 3)
        app.draw_frame()
        palette = load_palette()
        colors = [tuple(c) for c in app.scene.trace.overlay.points["in_color"].tolist()]
        hit, blocked = palette.role_color("sample_point_hit"), palette.role_color("sample_point_blocked")
        row = visible_rows(app.ledger(), entity=3)[0]
        assert colors.count(hit) == app.ledger().unblocked[row]
        assert colors.count(hit) + colors.count(blocked) == 27
        assert len(app.scene.trace.overlay.thin) >= 27  # a ray per point, the blocked ones in two parts
    finally:
        app.close()
    assert np.isfinite(ledger_table(record).exposure).all()
