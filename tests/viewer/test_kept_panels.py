"""The panels are drawn only when they change: a frame that only moves the camera redraws the 3D view and its
labels over the panels the back buffer kept, and shows the same pixels as a frame that draws everything."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from viewer import app as app_module
from viewer.drawing.screenshots import read_screen
from viewer.gl.back_buffer import last_frame_kept
from viewer.gl.imgui_renderer import VERTEX_DTYPE, draws_inside

SIZE = (1280, 720)


@pytest.fixture
def counted(open_app, flat_scene: Path, monkeypatch: pytest.MonkeyPatch):
    """An app (the frame time shown once and then left alone) and a list that grows by one per frame that
    draws the panels."""
    monkeypatch.setattr(app_module, "FRAME_TIME_PERIOD_S", 1e9)
    app = open_app(flat_scene, SIZE)
    app.draw_frame()
    drawn: list[int] = []
    clear_panels = app.imgui_renderer._clear_panels
    monkeypatch.setattr(app.imgui_renderer, "_clear_panels", lambda *a: (drawn.append(1), clear_panels(*a)))
    return app, drawn


def redrawn_in_full(app) -> np.ndarray:
    """The same frame again with the panels drawn whatever was kept."""
    app.imgui_renderer._panels = None
    app.draw_frame()
    return read_screen(app.ctx, SIZE).copy()


def test_a_headless_window_keeps_its_last_frame(open_app, flat_scene: Path) -> None:
    assert last_frame_kept(open_app(flat_scene, SIZE).window)  # an EGL pbuffer: swapping leaves it alone


def test_orbiting_draws_the_view_only_and_matches_a_full_frame(counted) -> None:
    app, drawn = counted
    assert app.state.show_labels
    for _ in range(3):
        app.controls.orbit.rotate(7.0, 2.0)
        app.draw_frame()
    assert not drawn, "the panels did not change"
    kept = read_screen(app.ctx, SIZE).copy()
    assert np.array_equal(kept, redrawn_in_full(app))
    assert drawn == [1]


def test_a_change_in_a_panel_draws_the_panels(counted) -> None:
    app, drawn = counted
    app.state.rewind_to = 1  # one tick: the readout, the timeline and the entity's fields change
    app.draw_frame()
    assert drawn == [1]
    app.controls.orbit.rotate(5.0, 0.0)
    app.draw_frame()
    assert drawn == [1]
    assert np.array_equal(read_screen(app.ctx, SIZE), redrawn_in_full(app))


def test_a_window_over_the_view_draws_the_panels_every_frame(counted) -> None:
    """The help window floats over the 3D view, which is drawn again under it each frame: so is everything."""
    app, drawn = counted
    app.state.show_help = True
    for _ in range(3):
        app.controls.orbit.rotate(5.0, 0.0)
        app.draw_frame()
    assert len(drawn) == 3
    assert np.array_equal(read_screen(app.ctx, SIZE), redrawn_in_full(app))
    app.state.show_help = False
    for _ in range(2):  # closed, then the focus moves back to a docked panel
        app.draw_frame()
    drawn.clear()
    app.controls.orbit.rotate(5.0, 0.0)
    app.draw_frame()
    assert not drawn


def test_without_a_kept_back_buffer_every_frame_draws_the_panels(counted, monkeypatch: pytest.MonkeyPatch) -> None:
    app, drawn = counted
    monkeypatch.setattr(app_module, "last_frame_kept", lambda window: False)
    for _ in range(2):
        app.controls.orbit.rotate(5.0, 0.0)
        app.draw_frame()
    assert len(drawn) == 2


def test_draws_inside_cuts_each_triangle_to_its_clip_rectangle() -> None:
    """Two triangles: one left of the view, one whose box reaches into the view but whose command is clipped to
    the left of it; a third command's triangle lies in the view."""
    vertices = np.zeros(9, dtype=VERTEX_DTYPE)
    vertices["pos"] = [(0, 0), (50, 0), (0, 50), (60, 10), (150, 10), (60, 60), (120, 20), (130, 20), (120, 30)]
    indices = np.arange(9, dtype=np.uint32)
    view = (100.0, 0.0, 200.0, 100.0)
    left = (0.0, 0.0, 100.0, 100.0)
    assert not draws_inside(vertices, indices, [(0, 6, left)], view)
    assert draws_inside(vertices, indices, [(0, 6, (0.0, 0.0, 101.0, 100.0))], view)
    assert draws_inside(vertices, indices, [(0, 6, left), (6, 3, (0.0, 0.0, 200.0, 100.0))], view)
    assert not draws_inside(vertices, indices, [], view)
