"""The error panel: every error reported since the last dismiss."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.panels.plots import PLOTS_TITLE
from viewer.panels.widgets import ERROR_COLOR

ERRORS_TITLE = "###errors_tab"  # the window id (not the floating "Errors" window of older layouts); the title
                                # shown counts the errors


def draw_errors(state: Any) -> None:
    """Every error reported since the last dismiss (a scene that failed to load, a tick that raised), as a tab of
    the bottom dock (layout.BOTTOM_TABS) that comes to the front when a new error arrives; no tab without errors."""
    if not state.errors:
        state.errors_seen = 0
        return
    plots = imgui.internal.find_window_by_name(PLOTS_TITLE)
    if plots is not None and plots.dock_id:  # a layout saved before the tab existed: put it beside Plots
        imgui.set_next_window_dock_id(plots.dock_id, imgui.Cond_.first_use_ever)
    if len(state.errors) > state.errors_seen:
        state.errors_seen = len(state.errors)
        imgui.set_next_window_focus()
    with imgui_ctx.begin(f"Errors ({len(state.errors)}){ERRORS_TITLE}") as window:
        if not window:
            return
        if imgui.button("Dismiss"):
            state.errors.clear()
        imgui.set_item_tooltip("Hide these messages (they are not kept anywhere else)")
        imgui.push_text_wrap_pos(0.0)  # wrap at the panel's edge
        for i, message in enumerate(reversed(state.errors)):  # the newest first
            with imgui_ctx.push_id(i):
                imgui.text_colored(ERROR_COLOR, message)
        imgui.pop_text_wrap_pos()


def describe(exc: BaseException) -> str:
    """One line for the error panel: the exception and the innermost file and line it came from."""
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" ({Path(where.filename).name}:{where.lineno})" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"
