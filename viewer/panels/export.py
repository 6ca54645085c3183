"""File › Export video...: a window that asks what `tickscope render --ticks` asks, for the ticks of the current
branch up to the one shown: the format (MP4, GIF or PNG frames in a folder), the size (the 3D view's, or a
preset), the frames per second and where; Export starts the job (`viewer.export_job`), whose progress and Cancel
button are in the status line."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from engine import MAX_FPS, MAX_FRAME_SIDE, MIN_FPS
from viewer.panels.widgets import ERROR_COLOR, em

EXPORT_TITLE = "Export video"
KINDS = {"mp4": "MP4", "gif": "GIF", "dir": "PNG frames (a folder)"}
SUFFIXES = {"mp4": ".mp4", "gif": ".gif", "dir": ""}
PRESETS = ((1280, 720), (1920, 1080))


@dataclass
class ExportSettings:
    """What the window shows: the chosen format, size, rate and output, and why Export cannot start yet."""
    kind: str
    size: tuple[int, int]
    view: tuple[int, int]      # the 3D view's size when the window opened: the default and a preset
    fps: float
    path: str
    ticks: tuple[int, int]     # the first and last tick exported
    problem: str = ""
    start: bool = False        # Export pressed with valid settings: `viewer.commands` starts the job

    def switch(self, kind: str) -> None:
        """Another format: the output's name follows (a folder has no suffix)."""
        path = Path(self.path.rstrip("/"))
        stem = path.with_suffix("") if path.suffix in SUFFIXES.values() else path
        self.kind, self.path = kind, str(stem) + SUFFIXES[kind] + ("/" if kind == "dir" else "")

    def check(self) -> str:
        """Why these settings cannot be exported ('' when they can)."""
        width, height = self.size
        if not (1 <= width <= MAX_FRAME_SIDE and 1 <= height <= MAX_FRAME_SIDE):
            return f"the size must be 1 to {MAX_FRAME_SIDE} pixels each way"
        if not MIN_FPS <= self.fps <= MAX_FPS:
            return f"frames per second must be from {MIN_FPS:g} to {MAX_FPS:g}"
        if not self.path.strip():
            return "say where to write it"
        path = Path(self.path).expanduser()
        if self.kind != "dir" and path.suffix.lower() != SUFFIXES[self.kind]:
            return f"{KINDS[self.kind]} files end in {SUFFIXES[self.kind]}"
        if self.kind != "dir" and path.is_dir():
            return f"{path} is a folder"
        if path.exists() and self.kind == "dir" and not path.is_dir():
            return f"{path} is a file, not a folder"
        return ""


def export_settings(app: Any, folder: Path) -> ExportSettings:
    """The window's first settings: a GIF of the 3D view's size at 20 frames a second, in `folder`."""
    from viewer.export_job import view_size
    from viewer.video import DEFAULT_FPS

    first, last = app.history.first_tick, app.sim.tick_count
    name = f"tickscope-ticks{first}-{last}-{time.strftime('%Y%m%d-%H%M%S')}.gif"
    size = view_size(app)
    return ExportSettings("gif", size, size, DEFAULT_FPS, str(folder / name), (first, last))


def draw_export_window(app: Any) -> None:
    """The window while File › Export video... is open; Export sets `start` once the settings are valid."""
    settings: ExportSettings | None = app.export_settings
    if settings is None:
        return
    viewport = imgui.get_main_viewport()
    imgui.set_next_window_pos(viewport.get_center(), imgui.Cond_.appearing, imgui.ImVec2(0.5, 0.5))
    flags = imgui.WindowFlags_.always_auto_resize | imgui.WindowFlags_.no_docking | imgui.WindowFlags_.no_collapse
    with imgui_ctx.begin(EXPORT_TITLE, True, flags) as window:
        if not window.opened:
            app.export_settings = None
        if window:
            _draw_settings(app, settings)


def _draw_settings(app: Any, s: ExportSettings) -> None:
    first, last = s.ticks
    frames = last - first + 1
    imgui.text(f"Ticks {first} to {last} of this branch: {frames} frames, {frames / s.fps:.1f} s at {s.fps:g} fps")
    imgui.separator_text("Format")
    for kind, label in KINDS.items():
        if kind != "mp4":
            imgui.same_line()
        if imgui.radio_button(label, s.kind == kind) and s.kind != kind:
            s.switch(kind)
    imgui.separator_text("Size and rate")
    imgui.set_next_item_width(em() * 10)
    changed, size = imgui.input_int2("pixels (width, height)", list(s.size))
    if changed:
        s.size = (size[0], size[1])
    for label, preset in ((f"3D view {s.view[0]}x{s.view[1]}", s.view),
                          *((f"{w}x{h}", (w, h)) for w, h in PRESETS)):
        if imgui.small_button(label):
            s.size = preset
        imgui.same_line()
    imgui.new_line()
    imgui.set_next_item_width(em() * 10)
    changed, fps = imgui.input_float("frames per second", s.fps, 1.0, 5.0, "%g")
    if changed:
        s.fps = fps
    imgui.separator_text("Save to" if s.kind != "dir" else "Save to the folder")
    imgui.set_next_item_width(em() * 34)
    changed, path = imgui.input_text("##export_path", s.path)
    if changed:
        s.path = path
    imgui.same_line()
    if imgui.button("Choose..."):
        app.dialog.start("export_to", True, s.path.rstrip("/"), SUFFIXES[s.kind])
    s.problem = s.check()
    if s.problem:
        imgui.text_colored(ERROR_COLOR, s.problem)
    elif app.job is not None:
        imgui.text_colored(ERROR_COLOR, "a video is being exported: wait for it or cancel it in the status line")
    imgui.separator()
    imgui.begin_disabled(bool(s.problem) or app.job is not None)
    if imgui.button("Export"):
        s.start = True
    imgui.end_disabled()
    imgui.same_line()
    if imgui.button("Close"):
        app.export_settings = None
