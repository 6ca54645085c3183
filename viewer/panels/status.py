"""The status line at the bottom of the window: the last message (saved..., exported..., a video cancelled), with
buttons to open the folder of the file it names and to copy its path; while jobs run (a video export, the Analysis
panel's sweeps, solves and diffs), each one's progress bar and a Cancel button first."""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from imgui_bundle import imgui

from viewer.panels.widgets import em

STATUS_BAR = "##status_bar"
HINT = "F1: keys and mouse"


@functools.cache
def folder_opener() -> list[str] | None:
    """The command that shows a folder in the system's file manager, or None where there is none (looked up once:
    the status line asks every frame)."""
    if sys.platform == "darwin":
        return ["open"]
    if sys.platform == "win32":
        return ["explorer"]
    return ["xdg-open"] if shutil.which("xdg-open") else None


def open_folder(path: str) -> str | None:
    """Show the folder of `path` in the file manager; why not, if it cannot."""
    opener = folder_opener()
    folder = Path(path).parent
    if opener is None:
        return f"no file manager to open {folder} with (xdg-open is not installed)"
    try:
        subprocess.Popen([*opener, str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except OSError as exc:
        return f"{folder}: cannot open: {exc.strerror or exc}"
    return None


def draw_status_bar(state: Any, jobs: list[Any]) -> None:
    """The bar along the bottom of the window (a viewport side bar: the dock space sits above it); `jobs`: those
    running (None for none), each with `progress()`, `label()` and `cancel()`."""
    viewport = imgui.get_main_viewport()
    flags = (imgui.WindowFlags_.no_scrollbar | imgui.WindowFlags_.no_saved_settings |
             imgui.WindowFlags_.menu_bar)
    if imgui.internal.begin_viewport_side_bar(STATUS_BAR, viewport, imgui.Dir.down, imgui.get_frame_height(), flags):
        if imgui.begin_menu_bar():
            _draw_line(state, [j for j in jobs if j is not None])
            imgui.end_menu_bar()
    imgui.end()


def _draw_line(state: Any, jobs: list[Any]) -> None:
    for n, job in enumerate(jobs):
        imgui.push_id(n)
        imgui.progress_bar(job.progress(), imgui.ImVec2(em() * 16, 0), job.label())
        if imgui.small_button("Cancel"):
            job.cancel()
        imgui.pop_id()
    if not state.status:
        imgui.text_disabled(HINT)
        return
    imgui.text(state.status)
    folder = str(Path(state.status_path).parent) if state.status_path else ""
    # the whole message (the bar may cut it), and where its file is
    imgui.set_item_tooltip(f"{state.status}\nin {folder}" if folder else state.status)
    if not folder:
        return
    if folder_opener() is not None:
        if imgui.small_button("open folder"):
            problem = open_folder(state.status_path)
            if problem:
                state.report(problem)
        imgui.set_item_tooltip(f"Show {folder} in the file manager")
    if imgui.small_button("copy path"):
        imgui.set_clipboard_text(state.status_path)
    imgui.set_item_tooltip(f"Copy {state.status_path}")
