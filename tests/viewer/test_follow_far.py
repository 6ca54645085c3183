"""Following an entity far from where the scene was framed (`scenes/boat_ice_road.toml`: a 3-block-wide road
1,500 blocks long, framed from 1,000 blocks back). Two causes of a frame without blocks: the follow camera kept
the whole scene's distance (the road a one-pixel line), and after a load the sections were meshed in coordinate
order over several frames, so those around the boat 300 blocks down came last. Now the camera closes in when
following starts (window and `tickscope render --entity`) and remeshing starts nearest to the eye."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.conftest import SCENES_DIR as SCENES
from viewer import app as app_module
from viewer.cli import main
from viewer.drawing.camera import FOLLOW_DISTANCE
from viewer.drawing.palette import load_palette

ROAD = SCENES / "boat_ice_road.toml"
WIDE = (1280, 720)
MIN_COVER = 0.09   # share of the view that is not background: 0.11 with the road whole, 0.07 with a third of its
                   # width unmeshed, 0.005 from 1,000 blocks back
FOLLOW_FRAMES = 30  # frames drawn after following starts, one section meshed each: nearest the eye first the road
                    # covers 0.095 of the view after 10 and 0.107 after 30; in coordinate order 0.016 after 30


def covered(path: Path) -> float:
    """The share of a PNG's pixels that differ from the 3D view's background colour."""
    pixels = np.asarray(Image.open(path).convert("RGB")).astype(int)
    background = np.array(load_palette().ui["background"][:3])
    return float((np.abs(pixels - background).sum(axis=2) > 24).mean())


def test_following_the_boat_200_ticks_down_the_road_shows_the_road(open_app, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each frame meshes one waiting section (a budget of 0 s: the slowest machine), so what the frames show is the
    same whatever the machine's load."""
    monkeypatch.setattr(app_module, "WORLD_BUDGET_S", 0.0)
    app = open_app(ROAD, WIDE)
    assert app.controls.orbit.yaw == 0.0  # the road seen along its length, from its start
    app.controls.orbit.yaw, app.controls.orbit.pitch = 225.0, 30.0  # turned to see it from the side, as MIN_COVER
    app.state.selected_entity = 1
    app.state.follow = True
    app.state.pending_steps = 200
    for _ in range(FOLLOW_FRAMES):
        app.draw_frame()
    boat = app.sim.entity_by_id(1)
    assert boat.pos.z > 300 and app.controls.orbit.target == (boat.pos.x, boat.pos.y, boat.pos.z)
    assert app.controls.orbit.distance == FOLLOW_DISTANCE
    app.state.screenshot = "scene"  # Shift+F2: the 3D view alone
    app.draw_frame()
    assert covered(Path(app.state.last_screenshot)) > MIN_COVER


def test_a_closer_camera_keeps_its_distance_and_following_again_closes_in(open_app) -> None:
    app = open_app(ROAD, WIDE)
    app.state.selected_entity = 1
    app.state.follow = True
    app.draw_frame()
    app.controls.orbit.zoom(0.25)  # the user zooms in: following keeps it
    app.draw_frame()
    assert app.controls.orbit.distance == FOLLOW_DISTANCE * 0.25
    app.controls.orbit.distance = 400.0  # the user zooms far out while following: kept too
    app.draw_frame()
    assert app.controls.orbit.distance == 400.0
    app.state.follow = False
    app.draw_frame()
    app.state.follow = True  # following starts again: close in
    app.draw_frame()
    assert app.controls.orbit.distance == FOLLOW_DISTANCE


def test_render_entity_follows_the_boat_from_close(tmp_path: Path) -> None:
    out = tmp_path / "frames"
    assert main(["render", str(ROAD), "--ticks", "200..200", "--entity", "1", "--out", f"{out}/",
                 "--size", "320x180"]) == 0
    assert covered(out / "tick000200.png") > MIN_COVER


def test_render_tick_follows_the_entity_as_the_video_frame_does(tmp_path: Path) -> None:
    """`render --tick T --entity N` (one PNG) frames the boat as the video's frame of tick T does, pixel for pixel."""
    out = tmp_path / "frames"
    assert main(["render", str(ROAD), "--ticks", "200..200", "--entity", "1", "--out", f"{out}/",
                 "--size", "320x180"]) == 0
    assert main(["render", str(ROAD), "--tick", "200", "--entity", "1", "--out", str(tmp_path / "one.png"),
                 "--size", "320x180"]) == 0
    assert covered(tmp_path / "one.png") > MIN_COVER
    assert np.array_equal(np.asarray(Image.open(tmp_path / "one.png").convert("RGB")),
                          np.asarray(Image.open(out / "tick000200.png").convert("RGB")))
