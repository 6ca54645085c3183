"""A scene opens framed in the 3D view as the panels leave it, not as the whole window was before they docked,
and stays framed while the view changes shape, until the user moves the camera."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import viewer.app
from engine.tick.scene import load_scene, load_scene_text
from engine.world.blocks import parse_block_state
from tests.conftest import SCENES_DIR as SCENES
from viewer.drawing.framing import block_bounds, scene_bounds


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


def test_a_long_scene_is_seen_along_its_length_from_its_start(open_app) -> None:
    """The ice road (1,500 blocks along z, 3 wide) opens seen along z from a little behind its start: the boat and
    its rider at the start are on screen, and a block at the start is over a dozen pixels wide (the road was a
    line a pixel wide, framed from the side)."""
    app = open_app(SCENES / "boat_ice_road.toml", (1280, 720))
    camera, rect = app.controls.camera(), app.view_rect
    assert camera.yaw == 0.0 and camera.eye()[2] < scene_bounds(app.sim).lo[2]
    m = camera.view_matrix().astype(np.float64) @ camera.proj_matrix(rect.width / rect.height).astype(np.float64)

    def on_screen(x, y, z):
        clip = np.array([x, y, z, 1.0]) @ m
        return clip[:2] / clip[3]
    for e in app.sim.entities:
        assert np.abs(on_screen(*e.pos)).max() < 1.0, e
    left, right = on_screen(0.0, 0.0, 1.0), on_screen(1.0, 0.0, 1.0)
    assert abs(right[0] - left[0]) * rect.width / 2 > 12


WIDE_FLOOR = """[scene]
name = "A floor five times wider than deep"

[[blocks]]
from = [0, 0, 0]
to = [59, 0, 11]
block = "minecraft:stone"
"""


def test_the_scene_stays_framed_while_the_view_changes_shape(open_app, write_scene,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(write_scene(WIDE_FLOOR), (1280, 720))
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


def every_cell_bounds(world) -> tuple[np.ndarray, np.ndarray]:
    """The bounds from every block of every section, the plain way."""
    cells = []
    for key, ids in world.sections():
        y, z, x = np.nonzero(ids)   # a section is indexed [y, z, x]
        cells.append(np.array(key) * 16 + np.stack([x, y, z], axis=1))
    cells = np.concatenate(cells)
    return cells.min(axis=0), cells.max(axis=0) + 1


def test_block_bounds_read_from_the_extreme_sections_are_those_of_every_block() -> None:
    """Random sparse blocks over sections on both sides of zero (a lone block in a far corner section, sections
    emptied again), and every bundled scene with blocks."""
    rng = np.random.default_rng(5)
    sim = load_scene_text("")
    stone = parse_block_state("minecraft:stone")
    air = parse_block_state("minecraft:air")
    for x, y, z in rng.integers(-40, 40, size=(60, 3)):
        sim.world.set_block_state(int(x), int(y) + 64, int(z), stone)
    sim.world.set_block_state(100, 5, -70, stone)
    sim.world.set_block_state(100, 5, -70, air)   # its section is empty again: no longer counted
    worlds = [sim.world] + [load_scene(p).world for p in sorted(SCENES.glob("*.toml"))]
    for world in worlds:
        if world.filled_section_keys():
            lo, hi = block_bounds(world)
            want_lo, want_hi = every_cell_bounds(world)
            assert lo.tolist() == want_lo.tolist() and hi.tolist() == want_hi.tolist()
