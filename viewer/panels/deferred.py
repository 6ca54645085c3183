"""Panels whose module loads the first time they are shown (the launch: docs/performance.md, "Launch of every
scene"): the Analysis, Actions and Entity table tabs sit behind the Plots tab at launch, and the Export video
window and the block menu are closed. Until a tab is shown, an empty window of its title keeps its place in the
dock; from the second frame running it shows (a dock built this frame shows every tab for a frame), its module
(and the engine modules only it needs) is imported and draws it."""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.panels.plots import PLOTS_TITLE

_shown: dict[str, int] = {}   # title → the last frame its empty tab showed


def draw_deferred(title: str, module: str, function: str, *args: Any) -> None:
    """Draw the docked panel `title` by `module.function(*args)` once it shows; before, only its empty tab."""
    plots = imgui.internal.find_window_by_name(PLOTS_TITLE)
    if plots is not None and plots.dock_id:   # a layout saved before this tab existed: it joins the bottom tabs
        imgui.set_next_window_dock_id(plots.dock_id, imgui.Cond_.first_use_ever)
    if module not in sys.modules:
        with imgui_ctx.begin(title) as window:   # a tab behind another: not shown, nothing to import yet
            if not window:
                return
            frame = imgui.get_frame_count()
            shown_before, _shown[title] = _shown.get(title), frame
            if shown_before != frame - 1:
                return
    getattr(import_module(module), function)(*args)   # the same window again, its contents this time
