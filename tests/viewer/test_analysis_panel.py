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


def test_diff_lines_name_where_the_versions_part() -> None:
    """The Compare result as the panel writes it: the stage and fields, each version's state (or that it has no
    such entity), or the events when only they differ; states that part as loaded (tick 0, no stage) say so and
    name their fields, never a stage "None"."""
    state = {"pos": [0.5, 1.0, 0.5], "motion": [0.0, -0.04, 0.0]}
    line = {"tick": 3, "entity": 2, "stage": "gravity", "method": "TntEntity.tick", "stage_index": 0,
            "fields": ["motion", "pos"], "a": state, "b": None}
    assert analysis_panel.diff_lines(line, ["1.12.2", "1.21.11"]) == [
        "tick 3, entity 2, stage gravity (TntEntity.tick): motion, pos",
        "1.12.2: pos [0.5, 1.0, 0.5]  motion [0.0, -0.04, 0.0]", "1.21.11: no entity 2"]
    events = {"tick": 4, "entity": None, "stage": None, "events_a": [{"explosion": 1}], "events_b": []}
    assert analysis_panel.diff_lines(events, ["1.16.5", "1.17"]) == [
        "tick 4: the entities agree, the events differ", "1.16.5: [{'explosion': 1}]", "1.17: []"]
    assert analysis_panel.diff_lines({"tick": None}, ["1.16.5", "1.17"]) == ["no difference"]
    note = "attributes only 1.20.5 has (not compared): minecraft:generic.gravity"
    assert analysis_panel.diff_lines({"tick": None, "notes": [note]}, ["1.20.4", "1.20.5"]) == ["no difference", note]
    assert analysis_panel.ghost_line("1.17", events) == "1.17 parts at tick 4: the events differ"
    assert analysis_panel.ghost_line("1.17", line) == "1.17 parts at tick 3, entity 2, stage gravity"
    loaded = {**line, "tick": 0, "stage": None, "method": None, "stage_index": None, "fields": ["attributes"]}
    assert analysis_panel.diff_lines(loaded, ["1.12.2", "1.21.11"])[0] == "tick 0 (as loaded), entity 2: attributes"
    assert analysis_panel.ghost_line("1.12.2", loaded) == "1.12.2 parts at tick 0 (as loaded), entity 2: attributes"


def test_a_refused_compare_is_wrapped_in_the_panel(open_app, monkeypatch) -> None:
    """Comparing the TNT scene in 1.12.1 (its TNT tick refused): the one-line reason is written in the panel
    wrapped at its edge, none of it beyond the panel's width at 1280x720."""
    from imgui_bundle import imgui

    from viewer.panels.titles import ANALYSIS_TITLE
    app = open_app(SCENES / "axis_order_corner.toml", size=(1280, 720))   # a TNT entity: no kick drawn at load
    st = app.analysis_state
    st.versions, st.ticks = "1.12.1,1.17", 3
    analysis_panel.start_diff(st)
    finished(app, "diff_job")
    real = analysis_panel.imgui.collapsing_header
    monkeypatch.setattr(analysis_panel.imgui, "collapsing_header", lambda label: label == "Version diff" or
                        real(label))
    st.reveal = True                   # the Analysis tab to the front
    for _ in range(3):
        app.draw_frame()
    assert "the TNT tick" in st.diff["error"] and "1.12.1" in st.diff["error"]
    panel = imgui.internal.find_window_by_name(ANALYSIS_TITLE)
    assert panel.active and panel.content_size.x <= panel.size.x
