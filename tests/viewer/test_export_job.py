"""File › Export video as a job: the window keeps drawing while frames are rendered, the status line shows the
progress and Cancel stops it; the copy it renders replays the branch with its edits, as the window ran it."""

from __future__ import annotations

import time
from pathlib import Path

from imgui_bundle import imgui
from pyglet.window import key
from ui_driver import click, press

from viewer import export_job
from viewer.editing import remove_block


def export(app) -> None:
    """File › Export video: the browser proposes a GIF beside the screenshots; Enter takes it."""
    app.state.commands.append("export_video")
    app.draw_frame()
    browser = app.dialog.browser
    assert browser.save and browser.target().suffix == ".gif"
    assert browser.target().parent == app.screenshot_dir.resolve()   # made when written
    browser.accept()
    app.draw_frame()


def test_the_export_replays_the_branch_with_its_edits(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    for _ in range(2):
        press(app, key.RIGHT)
    app.state.pending_edits.append(remove_block((0, 0, 0)))   # the TNT falls from tick 3
    app.draw_frame()
    for _ in range(6):
        press(app, key.RIGHT)
    assert app.sim.tick_count == 8
    shown = [e.trace_line() for e in app.sim.entities]
    export(app)
    job, frames = app.job, 0
    while app.job is not None and frames < 400:
        app.draw_frame()
        frames += 1
    assert job.sim.tick_count == 8 and [e.trace_line() for e in job.sim.entities] == shown
    assert app.sim.tick_count == 8 and Path(app.state.status_path).is_file() and not app.state.errors


def test_cancel_in_the_status_line_stops_the_export(open_app, flat_scene: Path, monkeypatch) -> None:
    monkeypatch.setattr(export_job, "FRAME_BUDGET_S", 0.0)   # one frame rendered per window frame
    buttons: dict[str, tuple[float, float]] = {}
    small_button = imgui.small_button

    def recorded(label: str) -> bool:
        pressed = small_button(label)
        low, high = imgui.get_item_rect_min(), imgui.get_item_rect_max()
        buttons[label] = ((low.x + high.x) / 2, (low.y + high.y) / 2)
        return pressed
    monkeypatch.setattr(imgui, "small_button", recorded)
    app = open_app(flat_scene, (1280, 720))
    for _ in range(30):
        press(app, key.RIGHT)
    export(app)
    app.draw_frame()
    assert app.job is not None and 0 < app.job.progress() < 1
    assert imgui.internal.find_window_by_name("##status_bar") is not None
    click(app, *buttons["Cancel"])
    app.draw_frame()
    assert app.job is None and app.state.status == "video export cancelled"
    time.sleep(0.1)
    assert not app.screenshot_dir.exists() or not any(app.screenshot_dir.glob("*.gif"))
