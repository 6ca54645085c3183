"""A scene opens framed in the 3D view as the panels leave it, not as the whole window was before they docked,
and stays framed while the view changes shape, until the user moves the camera."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

import viewer.app
from viewer.drawing.framing import scene_bounds

SCENES = Path(__file__).resolve().parents[2] / "scenes"


def corners_on_screen(app) -> np.ndarray:
    """The scene box's corners in the view's normalised device coordinates (x, y)."""
    bounds, rect, camera = scene_bounds(app.sim), app.view_rect, app.controls.camera()
    m = camera.view_matrix().astype(np.float64) @ camera.proj_matrix(rect.width / rect.height).astype(np.float64)
    lo, hi = np.array(bounds.lo), np.array(bounds.hi)
    corners = np.array([[(hi if (i >> a) & 1 else lo)[a] for a in range(3)] + [1.0] for i in range(8)])
    clip = corners @ m
    return clip[:, :2] / clip[:, 3:4]


def test_a_long_scene_opens_inside_the_docked_view(open_app) -> None:
    """The 1,500-block ice road is wider than the view's shape would allow framed for the whole window."""
    app = open_app(SCENES / "boat_ice_road.toml", (1280, 720))
    app.draw_frame()
    assert np.abs(corners_on_screen(app)).max() < 1.0


def narrower_view(app, monkeypatch: pytest.MonkeyPatch) -> None:
    """The panels leave the view 200 pixels narrower (as a dragged split or a resize would) for a few frames."""
    before = app.view_rect
    docked = viewer.app.dock_panels
    monkeypatch.setattr(viewer.app, "dock_panels", lambda reset: dataclasses.replace(docked(reset),
                                                                                    width=before.width - 200))
    for _ in range(3):
        app.draw_frame()
    assert app.view_rect.width == before.width - 200


def test_the_scene_stays_framed_while_the_view_changes_shape(open_app, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(SCENES / "boat_ice_road.toml", (1280, 720))
    app.draw_frame()
    fitted = app.controls.orbit.distance
    narrower_view(app, monkeypatch)
    assert app.controls.orbit.distance > fitted
    assert np.abs(corners_on_screen(app)).max() < 1.0


def test_a_moved_camera_is_left_where_the_user_put_it(open_app, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(SCENES / "boat_ice_road.toml", (1280, 720))
    app.draw_frame()
    app.controls.orbit.rotate(30.0, 0.0)
    moved = (app.controls.orbit.yaw, app.controls.orbit.distance)
    narrower_view(app, monkeypatch)
    assert (app.controls.orbit.yaw, app.controls.orbit.distance) == moved
