"""File › Export video...: a window asks the format (MP4, GIF, PNG frames), the size and the frames per second as
`tickscope render --ticks` does; the job it starts keeps the window drawing while frames are rendered and streams
each frame to the file as it is made; the status line shows the progress and Cancel stops it, leaving no partial
file; the copy it renders replays the branch with its edits, as the window ran it."""

from __future__ import annotations

import time
from pathlib import Path

import imageio_ffmpeg
import pytest
from imgui_bundle import imgui
from PIL import Image
from pyglet.window import key
from ui_driver import click, press

from viewer import export_job
from viewer.app import ViewerApp
from viewer.editing import remove_block
from viewer.panels.export import ExportSettings


@pytest.fixture
def buttons(monkeypatch) -> dict[str, tuple[float, float]]:
    """The centre of each button, small button and radio button drawn, by label, as the last frame drew them."""
    where: dict[str, tuple[float, float]] = {}

    def recording(drawn):
        def recorded(label: str, *args) -> bool:
            pressed = drawn(label, *args)
            low, high = imgui.get_item_rect_min(), imgui.get_item_rect_max()
            where[label] = ((low.x + high.x) / 2, (low.y + high.y) / 2)
            return pressed
        return recorded
    for name in ("button", "small_button", "radio_button"):
        monkeypatch.setattr(imgui, name, recording(getattr(imgui, name)))
    return where


def open_export(app) -> ExportSettings:
    """File › Export video...: the window opens with a GIF of the 3D view's size beside the screenshots."""
    app.state.commands.append("export_video")
    app.draw_frame()
    app.draw_frame()
    settings = app.export_settings
    assert settings.kind == "gif" and settings.fps == 20.0 and Path(settings.path).suffix == ".gif"
    assert settings.size == (round(app.view_rect.width) // 2 * 2, round(app.view_rect.height) // 2 * 2)
    assert Path(settings.path).parent == app.screenshot_dir   # made when written
    assert imgui.internal.find_window_by_name("Export video") is not None
    return settings


def finish(app, limit: int = 2000) -> None:
    app.draw_frame()     # a job asked for in the last frame starts in this one
    frames = 0
    while app.job is not None and frames < limit:
        app.draw_frame()
        frames += 1
    assert app.job is None


def test_the_export_replays_the_branch_with_its_edits(open_app, flat_scene: Path, buttons) -> None:
    app = open_app(flat_scene)
    for _ in range(2):
        press(app, key.RIGHT)
    app.state.pending_edits.append(remove_block((0, 0, 0)))   # the TNT falls from tick 3
    app.draw_frame()
    for _ in range(6):
        press(app, key.RIGHT)
    assert app.sim.tick_count == 8
    shown = [e.trace_line() for e in app.sim.entities]
    open_export(app)
    click(app, *buttons["Export"])
    job = app.job
    assert job is not None and app.export_settings is None
    finish(app)
    assert job.sim.tick_count == 8 and [e.trace_line() for e in job.sim.entities] == shown
    assert app.sim.tick_count == 8 and Path(app.state.status_path).is_file() and not app.state.errors
    with Image.open(app.state.status_path) as gif:
        assert gif.format == "GIF" and gif.n_frames == 9 and gif.info["duration"] == 50   # 20 fps


def test_the_window_writes_the_chosen_format_size_and_rate(open_app, flat_scene: Path, buttons,
                                                           tmp_path: Path) -> None:
    """MP4 at the 1280x720 preset and 25 fps, then PNG frames at a typed size: what was chosen is what is written."""
    app = open_app(flat_scene)
    for _ in range(4):
        press(app, key.RIGHT)
    settings = open_export(app)
    click(app, *buttons["MP4"])
    assert settings.kind == "mp4" and settings.path.endswith(".mp4")
    click(app, *buttons["1280x720"])
    settings.fps = 25.0
    app.draw_frame()
    click(app, *buttons["Export"])
    finish(app)
    out = Path(app.state.status_path)
    reader = imageio_ffmpeg.read_frames(str(out))
    meta = next(reader)
    assert meta["size"] == (1280, 720) and meta["fps"] == 25.0 and sum(1 for _ in reader) == 5
    reader.close()

    settings = open_export(app)
    settings.switch("dir")
    settings.path, settings.size = str(tmp_path / "frames") + "/", (320, 200)
    app.draw_frame()
    click(app, *buttons["Export"])
    finish(app)
    pngs = sorted((tmp_path / "frames").iterdir())
    assert [p.name for p in pngs] == [f"tick{t:06d}.png" for t in range(5)]
    with Image.open(pngs[-1]) as png:
        assert png.size == (320, 200)


@pytest.mark.parametrize(("kind", "path", "problem"), [
    ("mp4", "x.gif", "MP4 files end in .mp4"), ("gif", "", "say where to write it"),
    ("dir", "scene.toml", "is a file, not a folder")])
def test_settings_that_cannot_be_exported_say_why_and_disable_export(open_app, flat_scene: Path, buttons,
                                                                      kind: str, path: str, problem: str) -> None:
    app = open_app(flat_scene)
    settings = open_export(app)
    settings.kind, settings.path = kind, str(flat_scene.parent / path) if path else ""
    app.draw_frame()
    assert problem in settings.problem
    click(app, *buttons["Export"])
    assert app.job is None and app.export_settings is settings
    settings.kind, settings.path, settings.fps = "gif", str(flat_scene.parent / "v.gif"), 1000.0
    app.draw_frame()
    assert settings.problem == "frames per second must be from 0.01 to 100"


@pytest.mark.parametrize("kind", ["mp4", "gif", "dir"])
def test_cancel_in_the_status_line_stops_the_export_and_leaves_no_file(open_app, flat_scene: Path, monkeypatch,
                                                                       buttons, kind: str) -> None:
    monkeypatch.setattr(export_job, "FRAME_BUDGET_S", 0.0)   # one frame rendered per window frame
    app = open_app(flat_scene, (1280, 720))
    for _ in range(30):
        press(app, key.RIGHT)
    settings = open_export(app)
    settings.switch(kind)
    click(app, *buttons["Export"])
    for _ in range(3):
        app.draw_frame()
    assert app.job is not None and 0 < app.job.progress() < 1
    assert imgui.internal.find_window_by_name("##status_bar") is not None
    click(app, *buttons["Cancel"])
    deadline = time.monotonic() + 60
    while app.job is not None and time.monotonic() < deadline:
        app.draw_frame()
    assert app.job is None and app.state.status == "video export cancelled"
    assert not app.screenshot_dir.exists() or list(app.screenshot_dir.iterdir()) == []


def test_frames_are_streamed_not_kept(open_app, flat_scene: Path, monkeypatch) -> None:
    """The window renders ahead of the writer by a few frames at most, whatever the range."""
    written: list[int] = []
    most = [0]

    def frame_writer_spy(kind, out, size, fps, first):
        import contextlib

        @contextlib.contextmanager
        def spy():
            def write(frame):
                most[0] = max(most[0], app.job._frames.qsize() if app.job is not None else 0)
                written.append(frame.shape)
            yield write
        return spy()
    monkeypatch.setattr("viewer.video.frame_writer", frame_writer_spy)
    app = open_app(flat_scene)
    for _ in range(40):
        press(app, key.RIGHT)
    settings = open_export(app)
    settings.size = (64, 48)
    settings.start = True
    finish(app)
    assert len(written) == 41 and written[0] == (48, 64, 3) and most[0] <= export_job.QUEUED_FRAMES + 1


def test_choose_asks_the_file_browser_where(open_app, flat_scene: Path, buttons, tmp_path: Path) -> None:
    app = open_app(flat_scene)
    settings = open_export(app)
    settings.switch("mp4")
    app.draw_frame()
    click(app, *buttons["Choose..."])
    browser = app.dialog.browser
    assert browser.purpose == "export_to" and browser.suffix == ".mp4" and browser.target().name.endswith(".mp4")
    browser.text = str(tmp_path / "chosen")
    browser.accept()
    app.draw_frame()
    assert settings.path == str(tmp_path / "chosen.mp4") and not settings.problem


def test_closing_the_window_mid_export_leaves_no_file(flat_scene: Path, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(export_job, "FRAME_BUDGET_S", 0.0)
    app = ViewerApp(str(flat_scene), size=(640, 400), visible=False, screenshot_dir=tmp_path / "shots")
    app.draw_frame()
    for _ in range(30):
        press(app, key.RIGHT)
    open_export(app).switch("mp4")
    app.export_settings.start = True
    for _ in range(4):
        app.draw_frame()
    job = app.job
    assert job is not None and 0 < job.rendered < job.total
    app.close()
    assert not job._writer.is_alive() and list((tmp_path / "shots").iterdir()) == []
