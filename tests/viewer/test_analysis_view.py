"""The Analysis tools in the 3D view of the headless window: the closed-form path of the selected entity drawn
beside the simulated one with the tick where they part labelled (F2 capture), and the version-diff ghost: the
scene run in a second version, its entities drawn as translucent boxes, play stopping at the first difference."""

from __future__ import annotations

import time

import numpy as np
import pytest
from PIL import Image
from pyglet.window import key
from ui_driver import finished, press

from tests.conftest import SCENES_DIR as SCENES
from viewer.panels import analysis as analysis_panel
from viewer.stepping import stage_at


def _drawn_in(overlay, color) -> np.ndarray:
    return overlay.segments[np.all(overlay.segments["in_color"] == np.array(color, dtype=np.uint8), axis=1)]


def test_formula_path_drawn_beside_the_tnt_with_its_landing_marked(open_app) -> None:
    app = open_app(SCENES / "tnt_flat_ground.toml", size=(1280, 720))
    ui = app.palette.ui
    app.state.selected_entity = 1
    app.run_to(14)
    app.draw_frame()
    assert len(_drawn_in(app.scene.helpers.overlay, ui["formula"])) == 0   # off until toggled
    app.state.show_formula = True                                          # the panel's / View menu's toggle
    app.draw_frame()
    overlay = analysis_panel.selected_overlay(app)
    assert overlay.ticks == list(range(15)) and overlay.diverges_at == 9   # lands in gt 9 (figure T2)
    path = _drawn_in(app.scene.helpers.overlay, ui["formula"])
    assert len(path) == 14                                                 # ticks 0..14 joined
    predicted = np.array([p for p, _ in overlay.predicted], dtype=np.float32)
    np.testing.assert_array_equal(path["in_start"], predicted[:-1])
    assert predicted[14, 1] < app.history.states[14][1]["pos"][1] - 0.5   # the formula falls through the floor
    labels = {label.text: label.p for label in app.scene.helpers.overlay.labels}
    assert labels["formula parts at gt 9"] == tuple(app.history.states[9][1]["pos"])
    assert ("closed-form path (formula)", ui["formula"]) in app.legend
    app.state.formula_from = 10                                            # resting on the ground from gt 10
    app.draw_frame()
    assert analysis_panel.selected_overlay(app).diverges_at == 11
    app.state.formula_from = 0
    app.state.show_card = True
    app.state.follow = True
    for _ in range(3):
        app.draw_frame()
    press(app, key.F2, key.MOD_SHIFT)                                      # the 3D view alone
    with Image.open(app.state.last_screenshot) as image:
        shot = np.asarray(image.convert("RGB"))
    colour = np.array(ui["formula"][:3])
    assert np.sum(np.all(np.abs(shot.astype(int) - colour) < 12, axis=2)) > 50   # the path's pixels


def test_version_ghost_drawn_and_play_stops_at_the_difference(open_app) -> None:
    app = open_app(SCENES / "axis_order_corner.toml", size=(1280, 720))
    st = app.analysis_state
    st.ghost_version, st.ghost_ticks = "1.17", 5
    analysis_panel.start_ghost(app, st)
    finished(app, "ghost_job")
    app.draw_frame()                           # collected by the panel, then drawn
    ghost = app.ghost
    assert ghost.version == "1.17"
    assert ghost.difference["tick"] == 1 and ghost.difference["stage"] == "position_update"
    ui = app.palette.ui
    boxes = _drawn_in(app.scene.moving.overlay, ui["ghost"])
    assert len(boxes) == 12 and len(app.scene.moving.overlay.fills.indices) == 36   # one translucent box
    assert ("ghost: version 1.17", ui["ghost"]) in app.legend
    app.state.playing = True
    deadline = time.monotonic() + 10.0      # playback runs ticks by wall time: frames until it stops
    while app.state.playing and time.monotonic() < deadline:
        app.draw_frame()
    assert not app.state.playing and app.sim.tick_count == 1
    assert app.state.selected_entity == ghost.difference["entity"]
    assert app.state.selected_stage is not None
    assert stage_at(app.sim.last_record, app.state.selected_stage).name == "position_update"
    a, b = ghost.boxes_at(1)[0], (tuple(app.history.states[1][1]["box"][0]),)
    # 1.17 sets the position (z 0.9, not 0.8999999999999999) and rebuilds the same box: the ghost overlaps
    assert a[0] == b[0] and ghost.difference["fields"] == ["pos"]


@pytest.mark.parametrize(("scene", "version", "stage"), [("axis_order_corner.toml", "1.12.2", "position_update"),
                                                          ("arrow_tnt_1_12_2.toml", "1.21.11", "base_tick")])
def test_the_ghost_runs_across_the_table(open_app, scene: str, version: str, stage: str) -> None:
    """The ghost between the oldest simulated release and the newer ones, both ways: 1.12.2's TNT beside the 1.16.5
    one parts in tick 1's move (1.12.2 sweeps X before Z at that corner, 1.16.5 Z first), 1.21.11 beside the 1.12.2
    arrow in tick 1's base tick; play stops there with the stage selected. The oldest release, 1.11, refuses the
    arrow: one line in the Errors panel, no ghost."""
    app = open_app(SCENES / scene, size=(1280, 720))
    st = app.analysis_state
    st.ghost_version, st.ghost_ticks = version, 5
    analysis_panel.start_ghost(app, st)
    finished(app, "ghost_job")
    app.draw_frame()
    assert app.state.errors == [] and app.ghost.version == version
    assert (f"ghost: version {version}", app.palette.ui["ghost"]) in app.legend
    assert (app.ghost.difference["tick"], app.ghost.difference["stage"]) == (1, stage)
    app.state.playing = True
    deadline = time.monotonic() + 10.0
    while app.state.playing and time.monotonic() < deadline:
        app.draw_frame()
    assert not app.state.playing and app.sim.tick_count == 1 and app.state.selected_entity == 1
    assert stage_at(app.sim.last_record, app.state.selected_stage).name == stage
    if app.sim.version == "1.12.2":
        st.ghost_version = "1.11"
        analysis_panel.start_ghost(app, st)
        finished(app, "ghost_job")
        assert app.ghost is None and len(app.state.errors) == 1 and "\n" not in app.state.errors[0]
        assert "of version 1.11 at" in app.state.errors[0] and "not simulated" in app.state.errors[0]
