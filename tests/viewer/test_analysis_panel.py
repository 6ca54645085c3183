"""The Analysis panel in the headless window: the calculator's numbers, the overlay of the selected TNT with its
landing tick marked, and a sweep run from the panel and plotted (line for one PATH, heat map for two). The jobs
themselves (progress, cancel, the CLI's results): test_analysis_jobs.py."""

from __future__ import annotations

import numpy as np
from pyglet.window import key
from ui_driver import finished

from engine.analysis import formulas
from tests.conftest import SCENES_DIR as SCENES
from viewer.panels import analysis as analysis_panel


def test_panel_draws_calculator_overlay_and_sweeps(open_app, monkeypatch) -> None:
    # tall enough that the Sweep section (below the calculator and overlay) is inside the docked tab
    app = open_app(SCENES / "tnt_flat_ground.toml", size=(1280, 2400))
    st = app.analysis_state
    assert st.scene == str(SCENES / "tnt_flat_ground.toml")          # the open scene, not a default file
    assert analysis_panel.calculator(st) == formulas.state_at("minecraft:tnt", (0.0, 0.0, 0.0),
                                                              (0.0, 0.2, 0.0), 10)
    app.state.selected_entity = 1
    for _ in range(12):
        app.window.dispatch_event("on_key_press", key.RIGHT, 0)
        app.window.dispatch_events()
        app.draw_frame()
    overlay = analysis_panel.selected_overlay(app)
    assert overlay is not None and overlay.diverges_at == 9          # the TNT lands in gt 9 (figure T2)
    app.state.formula_from = 10                                       # from the ground on: rests, no gravity
    assert analysis_panel.selected_overlay(app).diverges_at == 11

    drawn: dict[str, object] = {}
    monkeypatch.setattr(analysis_panel.implot, "plot_inf_lines", lambda label, xs: drawn.update({label: xs}))
    monkeypatch.setattr(analysis_panel.implot, "plot_heatmap",
                        lambda label, values, *a: drawn.update({"heat": np.array(values)}))
    app.state.formula_from = 0
    st.vary = ["entities[100].count=1:3:3", "entities[1].pos[2]=0.5:1.5:2"]
    st.scene = str(SCENES / "pearl_cannon.toml")
    analysis_panel.start_sweep(st)
    finished(app, "job")
    for _ in range(2):
        app.draw_frame()
    assert st.error is None and len(st.result[1]) == 6
    assert drawn["heat"].shape == (3, 2)
    st.vary = ["entities[7].count=1:3:3", ""]
    analysis_panel.start_sweep(st)
    finished(app, "job")
    assert "no [[entities]] entry has id 7" in st.error

    st.scene, st.ticks = str(SCENES / "axis_order_corner.toml"), 3
    analysis_panel.start_diff(st)
    finished(app, "diff_job")
    assert st.diff["tick"] == 1 and st.diff["stage"] == "position_update"


def test_sweep_and_version_diff_take_the_scene_opened(open_app) -> None:
    app = open_app(SCENES / "tnt_flat_ground.toml")
    assert app.analysis_state.scene == str(SCENES / "tnt_flat_ground.toml")
    app.state.open_path = str(SCENES / "axis_order_corner.toml")
    app.draw_frame()
    assert app.analysis_state.scene == str(SCENES / "axis_order_corner.toml")
