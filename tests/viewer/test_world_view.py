"""Section culling and order: sections outside the view are skipped, the rest sorted nearest first."""

from __future__ import annotations

from viewer.drawing.camera import OrbitCamera
from viewer.drawing.world_view import visible_sections


def test_sections_behind_the_camera_are_culled_and_the_rest_sorted_by_distance() -> None:
    """Looking south (+Z) from z = -40: sections ahead come nearest first, the one behind is dropped."""
    cam = OrbitCamera((8.0, 8.0, 0.0), 40.0, 0.0, 0.0)
    keys = [(0, 0, 2), (0, 0, 0), (0, 0, -5), (0, 0, 1), (40, 0, 0)]
    assert visible_sections(keys, cam.view_matrix(), cam.proj_matrix(16 / 9)) == [(0, 0, 0), (0, 0, 1), (0, 0, 2)]
