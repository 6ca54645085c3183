"""Cameras: matrices are pure functions of the fields, and the axis-aligned views face the right way."""

from __future__ import annotations

import numpy as np
import pyrr
import pytest

from viewer.drawing.camera import (
    Bounds,
    OrbitCamera,
    OrthoCamera,
    camera_from_spec,
    fit_orbit,
    look_at,
    parse_camera,
)


def ndc(camera, point, aspect: float = 1.0) -> np.ndarray:
    clip = np.array([*point, 1.0]) @ camera.view_matrix() @ camera.proj_matrix(aspect)
    return clip[:3] / clip[3]


def test_view_matrix_has_no_side_effects() -> None:
    """Asking twice gives the same bytes and leaves the camera unchanged."""
    cam = OrbitCamera((1.0, 2.0, 3.0), 12.0, 40.0, 25.0)
    before = repr(cam)
    assert cam.view_matrix().tobytes() == cam.view_matrix().tobytes()
    assert repr(cam) == before


def test_look_at_gives_pyrrs_matrix_bit_for_bit() -> None:
    rng = np.random.default_rng(7)
    for i in range(500):
        eye, target = rng.normal(size=3) * 60.0, rng.normal(size=3) * 60.0
        up = np.array([0.0, 1.0, 0.0]) if i % 3 else np.array([0.0, 0.0, -1.0])
        expected = pyrr.matrix44.create_look_at(eye, target, up, dtype="f4")
        assert look_at(eye, target, up).tobytes() == expected.tobytes()


def test_orbit_yaw_zero_looks_south_with_east_on_the_left() -> None:
    """Minecraft yaw 0 faces +Z; seen that way, +X (east) is on the left of the screen."""
    cam = OrbitCamera((0.0, 0.0, 0.0), 10.0, 0.0, 0.0)
    assert np.allclose(cam.eye(), (0.0, 0.0, -10.0))
    assert ndc(cam, (1.0, 0.0, 0.0))[0] < 0.0
    assert ndc(cam, (0.0, 1.0, 0.0))[1] > 0.0


@pytest.mark.parametrize(("view", "right", "up"), [
    ("top", (1, 0, 0), (0, 0, -1)),      # map view: east right, north up
    ("north", (-1, 0, 0), (0, 1, 0)),    # from the north: east on the left
    ("east", (0, 0, -1), (0, 1, 0)),     # from the east: north on the right
])
def test_orthographic_views_orient_the_screen(view: str, right: tuple, up: tuple) -> None:
    cam = OrthoCamera(view, (0.0, 0.0, 0.0), 10.0)
    assert np.allclose(ndc(cam, np.array(right) * 5.0)[:2], (0.5, 0.0), atol=1e-6)
    assert np.allclose(ndc(cam, np.array(up) * 5.0)[:2], (0.0, 0.5), atol=1e-6)


def test_fitted_orbit_sees_every_corner_of_the_bounds() -> None:
    bounds = Bounds((-8.0, 0.0, -8.0), (9.0, 4.0, 9.0))
    cam = fit_orbit(bounds, 16 / 9)
    corners = np.array([ndc(cam, c, 16 / 9)[:2] for c in
                        np.array(np.meshgrid(*zip(bounds.lo, bounds.hi, strict=True))).T.reshape(-1, 3)])
    assert np.abs(corners).max() <= 1.0
    assert np.abs(corners).max() >= 0.85, "framed tightly, not from far away"


def test_camera_strings_parse_or_name_the_syntax() -> None:
    cam = camera_from_spec(parse_camera("orbit:1,2,3,10,90,30"), Bounds((0, 0, 0), (1, 1, 1)), 1.0)
    assert isinstance(cam, OrbitCamera) and cam.target == (1.0, 2.0, 3.0) and cam.yaw == 90.0
    assert isinstance(camera_from_spec(parse_camera("north"), Bounds((0, 0, 0), (4, 4, 4)), 1.0), OrthoCamera)
    with pytest.raises(ValueError, match="orbit:TX,TY,TZ"):
        parse_camera("orbit:1,2")
    with pytest.raises(ValueError, match="unknown kind 'side'"):
        parse_camera("side")
