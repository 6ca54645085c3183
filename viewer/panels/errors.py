"""The error panel: every error reported since the last dismiss."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.panels.widgets import ERROR_COLOR, PANEL_MARGIN_EM, em


def draw_errors(state: Any) -> None:
    """Every error reported since the last dismiss (a scene that failed to load, a tick that raised)."""
    if not state.errors:
        return
    viewport = imgui.get_main_viewport()
    imgui.set_next_window_pos(imgui.ImVec2(viewport.size.x * 0.5, viewport.size.y - em() * PANEL_MARGIN_EM),
                              imgui.Cond_.always, imgui.ImVec2(0.5, 1.0))
    imgui.set_next_window_size_constraints(imgui.ImVec2(em() * 20, 0), imgui.ImVec2(em() * 60, em() * 20))
    with imgui_ctx.begin("Errors", flags=imgui.WindowFlags_.always_auto_resize) as window:
        if not window:
            return
        for i, message in enumerate(state.errors):
            with imgui_ctx.push_id(i):
                imgui.push_text_wrap_pos(em() * 58)
                imgui.text_colored(ERROR_COLOR, message)
                imgui.pop_text_wrap_pos()
        if imgui.button("Dismiss"):
            state.errors.clear()
        imgui.set_item_tooltip("Hide these messages (they are not kept anywhere else)")


def describe(exc: BaseException) -> str:
    """One line for the error panel: the exception and the innermost file and line it came from."""
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" ({Path(where.filename).name}:{where.lineno})" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"
