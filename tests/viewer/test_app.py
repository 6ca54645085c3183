"""The window, headless: injected pyglet events press the step button, keys step, micro-step and rewind,
clicks select entities and place blocks, F2 saves a screenshot, and a scene that fails to load shows in the
error panel while the window keeps drawing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from imgui_bundle import imgui
from PIL import Image
from pyglet.window import key
from ui_driver import click, on_screen, press, send

from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR as SCENES
from viewer.app import ViewerApp
from viewer.panels.controls import CONTROLS_TITLE, STEP_LABEL, STEP_N_LABEL
from viewer.panels.pistons import PISTONS_TITLE

SIZE = (640, 400)  # conftest APP_SIZE
WIDE = (1280, 720)   # the panels leave the middle of the view free for clicks
GOLD_PIPE_STAGES = ["sneaking_adjustment", "collisions", "position_update", "collision_flags", "fall",
                    "check_block_collision", "move", "drag", "fuse", "fluid_push"]


def step_button_center() -> tuple[float, float]:
    """The Step button is the first item of the Controls panel."""
    start = imgui.internal.find_window_by_name(CONTROLS_TITLE).dc.cursor_start_pos
    style = imgui.get_style()
    text = imgui.calc_text_size(STEP_LABEL)
    return start.x + style.frame_padding.x + text.x / 2, start.y + style.frame_padding.y + text.y / 2


def test_step_n_button_runs_n_ticks(open_app, flat_scene: Path) -> None:
    """The "Step N" button opens the Controls panel's second row and runs state.step_n ticks."""
    app = open_app(flat_scene)
    app.state.step_n = 7
    app.draw_frame()
    x, y = step_button_center()
    style = imgui.get_style()
    text = imgui.calc_text_size(STEP_N_LABEL)
    row = imgui.calc_text_size(STEP_LABEL).y + 2 * style.frame_padding.y + style.item_spacing.y
    first_x = imgui.internal.find_window_by_name(CONTROLS_TITLE).dc.cursor_start_pos.x
    click(app, first_x + style.frame_padding.x + text.x / 2, y + row)
    assert app.sim.tick_count == 7


def test_clicking_the_step_button_runs_one_tick(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    assert app.sim.tick_count == 0
    click(app, *step_button_center())
    assert app.sim.tick_count == 1


def test_arrow_keys_step_and_rewind_to_the_exact_state(open_app, flat_scene: Path) -> None:
    """Right arrow three times, left arrow once: the state equals a fresh run of two ticks."""
    app = open_app(flat_scene)
    for _ in range(3):
        send(app, "on_key_press", key.RIGHT, 0)
        send(app, "on_key_release", key.RIGHT, 0)
    assert app.sim.tick_count == 3
    send(app, "on_key_press", key.LEFT, 0)
    assert app.sim.tick_count == 2
    fresh = load_scene(flat_scene)
    fresh.tick()
    fresh.tick()
    assert [e.trace_line() for e in app.sim.entities] == [e.trace_line() for e in fresh.entities]


def test_a_scene_that_fails_to_load_shows_its_error_and_the_window_runs(open_app, write_scene,
                                                                        scene_text) -> None:
    bad = write_scene(scene_text(blocks=[{"at": [0, 0, 0], "block": "minecraft:no_such_block"}]))
    app = open_app(bad)
    assert len(app.state.errors) == 1 and "no_such_block" in app.state.errors[0]
    assert str(bad) in app.state.errors[0]
    click(app, *step_button_center())
    assert app.sim.tick_count == 1


def test_a_tick_that_raises_is_reported_and_the_last_good_state_stays(open_app, flat_scene: Path) -> None:
    """Fault injection: the simulation's tick runs one entity half way, then raises."""
    app = open_app(flat_scene)
    send(app, "on_key_press", key.RIGHT, 0)
    good = [e.trace_line() for e in app.sim.entities]
    sim = app.sim

    def half_a_tick_then_fail() -> None:
        sim.entities[0].set_position(sim.entities[0].pos.add(5.0, 0.0, 0.0))
        raise RuntimeError("boom")

    sim.tick = half_a_tick_then_fail
    send(app, "on_key_press", key.RIGHT, 0)
    assert app.sim.tick_count == 1
    assert len(app.state.errors) == 1 and app.state.errors[0].startswith("tick 2: RuntimeError: boom")
    assert [e.trace_line() for e in app.sim.entities] == good


def test_shift_right_walks_the_stages_of_the_gold_pipe_tnt_in_order(open_app) -> None:
    """Each stage once, children before the stage they belong to; then the tick's end; then tick 2 begins."""
    app = open_app(SCENES / "gold_block_pipe.toml")
    walked = []
    for _ in GOLD_PIPE_STAGES:
        press(app, key.RIGHT, key.MOD_SHIFT)
        assert app.sim.tick_count == 1
        walked.append(app.steps()[app.state.micro].stage.name)
    assert walked == GOLD_PIPE_STAGES
    press(app, key.RIGHT, key.MOD_SHIFT)
    assert app.sim.tick_count == 1 and app.state.micro is None
    press(app, key.RIGHT, key.MOD_SHIFT)
    assert app.sim.tick_count == 2 and app.state.micro == 0


def test_the_world_after_a_stage_shows_each_entity_where_the_trace_puts_it(open_app, write_scene,
                                                                           scene_text) -> None:
    """Two TNT in free fall: inside the first one's move, it is at the stage's `after`; the second is still
    at its state before the tick; the end of the tick shows both at their end state."""
    scene = write_scene(scene_text(entities=[
        {"type": "minecraft:tnt", "pos": [0.5, 10.0, 0.5], "motion": [0.1, 0.0, 0.0]},
        {"type": "minecraft:tnt", "pos": [5.5, 10.0, 0.5], "motion": [0.0, 0.3, 0.0]}]))
    app = open_app(scene)
    press(app, key.RIGHT, key.MOD_SHIFT)   # gravity of #1
    while app.steps()[app.state.micro].stage.name != "position_update":
        press(app, key.RIGHT, key.MOD_SHIFT)
    step = app.steps()[app.state.micro]
    assert step.entity_id == 1 and app.state.selected_entity == 1
    shown = app.frame
    assert shown.pos[shown.row(1)].tolist() == step.stage.after["pos"]
    assert shown.pos[shown.row(2)].tolist() == [5.5, 10.0, 0.5]
    press(app, key.RIGHT, key.MOD_CTRL)    # next entity: #2's first stage
    assert app.steps()[app.state.micro].entity_id == 2
    first_of_1 = [s for s in app.steps() if s.entity_id == 1]
    assert app.frame.pos[app.frame.row(1)].tolist() == first_of_1[-1].stage.after["pos"]
    press(app, key.RIGHT)                  # right arrow finishes the tick
    assert app.state.micro is None and app.sim.tick_count == 1
    fresh = load_scene(scene)
    fresh.tick()
    assert app.frame.pos.tolist() == [list(e.pos) for e in fresh.entities]


def test_timeline_scrub_and_left_arrow_restore_exact_states(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    for _ in range(5):
        press(app, key.RIGHT)
    app.state.rewind_to = 2
    app.draw_frame()
    fresh = load_scene(flat_scene)
    fresh.tick()
    fresh.tick()
    assert app.sim.tick_count == 2
    assert [e.trace_line() for e in app.sim.entities] == [e.trace_line() for e in fresh.entities]
    press(app, key.RIGHT, key.MOD_SHIFT)
    press(app, key.LEFT)
    assert app.sim.tick_count == 2 and app.state.micro is None


def test_clicking_an_entity_selects_it(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene, WIDE)
    app.state.selected_entity = None
    app.draw_frame()
    b = app.sim.entities[0].box
    center = [(b.min_x + b.max_x) / 2, (b.min_y + b.max_y) / 2, (b.min_z + b.max_z) / 2]
    x, y = on_screen(app, center)
    click(app, x, y)
    assert app.state.selected_entity == 1


def test_place_tool_puts_the_block_on_the_clicked_face(open_app, flat_scene: Path) -> None:
    """Seen from the top, a click on the stone floor at (-3, 0, -3) places oak planks on top of it."""
    app = open_app(flat_scene, WIDE)
    app.state.camera_mode = "top"
    app.state.tool = "place"
    app.state.block_text = "minecraft:oak_planks"
    app.draw_frame()
    x, y = on_screen(app, (-2.5, 1.0, -2.5))
    click(app, x, y)
    assert str(app.sim.world.get_block_state(-3, 1, -3)) == "minecraft:oak_planks"
    app.state.tool = "remove"
    click(app, x, y)
    assert app.sim.world.get_block_state(-3, 1, -3).is_air


def test_f2_saves_a_png_of_the_window(open_app, flat_scene: Path, tmp_path: Path) -> None:
    app = open_app(flat_scene)
    press(app, key.F2)
    shots = list((tmp_path / "shots").glob("*.png"))
    assert len(shots) == 1 and app.state.last_screenshot == str(shots[0])
    with Image.open(shots[0]) as image:
        assert image.size == SIZE
        assert len(np.unique(np.asarray(image).reshape(-1, 3), axis=0)) > 10


def test_plots_panel_plots_the_chosen_quantities_of_the_selected_and_pinned_entities(open_app, write_scene,
                                                                                     scene_text, monkeypatch) -> None:
    """The lines the Plots panel hands to implot are the quantities of a fresh run, by tick, for the selected
    entity and a pinned one."""
    from viewer.panels import plots

    two = {"scene": {"name": "two TNT"}, "blocks": [{"from": [-4, 0, -4], "to": [4, 0, 4], "block": "minecraft:stone"}],
           "entities": [{"type": "minecraft:tnt", "pos": [0.5, 1.0, 0.5], "fuse": 80},
                        {"type": "minecraft:tnt", "pos": [2.5, 1.0, 0.5], "fuse": 80}]}
    app = open_app(write_scene(scene_text(**two)), WIDE)
    app.state.selected_entity = 1
    app.state.plot_pinned = [2]
    app.state.plot_quantities = ("position y", "speed")
    for _ in range(4):
        send(app, "on_key_press", key.RIGHT, 0)
    drawn: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def plot_line(label: str, xs: np.ndarray, ys: np.ndarray) -> None:
        drawn[label] = (np.array(xs), np.array(ys))

    monkeypatch.setattr(plots.implot, "plot_line", plot_line)
    app.draw_frame()
    fresh = load_scene(write_scene(scene_text(**two), "fresh.toml"))
    states = [[(e.pos.y, e.motion) for e in fresh.entities]]
    for _ in range(4):
        fresh.tick()
        states.append([(e.pos.y, e.motion) for e in fresh.entities])
    for n, entity in enumerate((1, 2)):
        assert drawn[f"#{entity} position y"][0].tolist() == [0, 1, 2, 3, 4]
        assert drawn[f"#{entity} position y"][1].tolist() == [s[n][0] for s in states]
        speeds = [float(np.linalg.norm([m.x, m.y, m.z])) for _, m in (s[n] for s in states)]
        assert drawn[f"#{entity} speed"][1].tolist() == pytest.approx(speeds, rel=1e-15)


def test_export_csv_writes_every_quantity_of_the_plotted_entity(open_app, flat_scene: Path, tmp_path: Path) -> None:
    app = open_app(flat_scene)
    app.state.selected_entity = 1
    for _ in range(3):
        send(app, "on_key_press", key.RIGHT, 0)
    app.state.commands.append("export_csv")
    app.draw_frame()
    rows = Path(app.state.last_screenshot).read_text(encoding="utf-8").splitlines()
    assert rows[0] == "tick,entity,position_x,position_y,position_z,motion_x,motion_y,motion_z,speed,fall_distance"
    assert len(rows) == 5 and rows[4].startswith("3,1,")
    assert float(rows[4].split(",")[3]) == app.sim.entities[0].pos.y


def test_panel_layout_is_saved_to_the_config_path_on_close(flat_scene: Path, tmp_path: Path) -> None:
    ini = tmp_path / "config" / "imgui.ini"
    ini.parent.mkdir()
    app = ViewerApp(str(flat_scene), size=SIZE, visible=False, ini_path=ini)
    for _ in range(3):
        app.draw_frame()
    app.close()
    text = ini.read_text(encoding="utf-8")
    assert "[Window][Controls]" in text and "[Window][Explosion ledger]" in text


def test_shift_right_stops_at_each_b36_tick_and_selects_it(open_app) -> None:
    """Slime launcher, tick 1: past the TNT's own stages the cursor reaches the slime block's B36, which gets
    selected (its box and sweep drawn, its moving block outlined in the selection colour), then the TNT's
    launch by it."""
    app = open_app(SCENES / "slime_launcher.toml", WIDE)
    press(app, key.RIGHT, key.MOD_SHIFT)
    while not app.steps()[app.state.micro].block_entity:
        press(app, key.RIGHT, key.MOD_SHIFT)
    assert app.state.selected_b36 == (0, 3, 0) and app.state.selected_entity is None
    trace = app.scene.trace.overlay
    assert len(trace.fills.indices) == 36   # the slime B36's sweep, its six faces
    selected = app.palette.ui["selected"]
    assert tuple(app.scene.moving.overlay.segments["in_color"][0]) == selected
    press(app, key.RIGHT, key.MOD_SHIFT)
    assert app.steps()[app.state.micro].stage.name == "piston_launch" and app.state.selected_entity == 1


def test_clicking_a_pistons_row_selects_that_b36(open_app) -> None:
    """After tick 1 the Pistons panel lists two B36s; clicking the second row selects the head's B36."""
    app = open_app(SCENES / "slime_launcher.toml", WIDE)
    press(app, key.RIGHT)
    assert [r.pos for r in app.b36_rows()] == [(0, 3, 0), (0, 2, 0)]
    window = imgui.internal.find_window_by_name(PISTONS_TITLE)
    start = window.dc.cursor_start_pos
    row = imgui.get_text_line_height() + 2 * imgui.get_style().cell_padding.y
    click(app, start.x + row, start.y + row * 2.5)   # header, first row, then the middle of the second
    assert app.state.selected_b36 == (0, 2, 0)
    assert len(app.scene.trace.overlay.fills.indices) == 2 * 36   # only the head's two sweep boxes


def test_a_reload_keeps_the_release_version_chose_and_another_file_opens_in_its_own(open_app) -> None:
    """`tickscope view FILE --version RELEASE`: a reload (F5, the file changed) runs the file in that release
    again; opening another file runs it in its own."""
    app = open_app(SCENES / "tnt_flat_ground.toml")
    app.opened_release = "1.21.4"
    assert app.load(str(SCENES / "tnt_flat_ground.toml"), keep_tick=True) and app.sim.version == "1.21.4"
    assert app.load(str(SCENES / "tnt_flat_ground.toml"), keep_tick=True) and app.sim.version == "1.21.4"
    assert app.load(str(SCENES / "axis_order_corner.toml")) and app.sim.version == "1.16.5"
    assert app.opened_release is None
