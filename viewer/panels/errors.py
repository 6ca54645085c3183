"""The error panel: every error reported since the last dismiss."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.panels.widgets import ERROR_COLOR

ERRORS_TITLE = "###Errors"  # the window id; its shown title counts the errors


def draw_errors(state: Any) -> None:
    """Every error reported since the last dismiss (a scene that failed to load, a tick that raised), as a tab of
    the bottom dock (layout.BOTTOM_TABS) that comes to the front when a new error arrives; no tab without errors."""
    if not state.errors:
        state.errors_seen = 0
        return
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
