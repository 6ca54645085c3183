"""The plots panel (implot): position and motion components and speed of the selected entity over the ticks
of the current branch, read from the history's per-tick entity states, with the current tick marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from imgui_bundle import imgui, imgui_ctx, implot

from viewer.history import History
from viewer.panels.widgets import em

PLOTS_TITLE = "Plots"


@dataclass
class Series:
    """One entity's values by tick: ticks (n,), pos and motion (n, 3), speed (n,) = |motion|."""

    ticks: np.ndarray
    pos: np.ndarray
    motion: np.ndarray

    @property
    def speed(self) -> np.ndarray:
        return np.linalg.norm(self.motion, axis=1)


def entity_series(history: History, entity_id: int) -> Series:
    """The recorded states of one entity, tick by tick, for the ticks it was alive in."""
    ticks = [t for t in sorted(history.states) if entity_id in history.states[t]]
    rows = [history.states[t][entity_id] for t in ticks]
    return Series(np.array(ticks, dtype=np.float64),
                  np.array([r["pos"] for r in rows], dtype=np.float64).reshape(-1, 3),
                  np.array([r["motion"] for r in rows], dtype=np.float64).reshape(-1, 3))


def draw_plots(state: Any, series: Series | None, tick: int) -> None:
    """Two plots, position and motion/speed, against the tick; a vertical line at `tick`."""
    with imgui_ctx.begin(PLOTS_TITLE) as window:
        if not window:
            return
        if series is None or not len(series.ticks):
            imgui.text_disabled("select an entity to plot it")
            return
        now = np.array([float(tick)])
        avail = imgui.get_content_region_avail()  # the two plots side by side: the panel is a wide strip
        size = imgui.ImVec2((avail.x - imgui.get_style().item_spacing.x) / 2, max(avail.y, em() * 6))
        if implot.begin_plot(f"position of #{state.selected_entity}", size):
            implot.setup_axes("tick", "blocks", implot.AxisFlags_.auto_fit, implot.AxisFlags_.auto_fit)
            for axis, name in enumerate("xyz"):
                implot.plot_line(name, series.ticks, np.ascontiguousarray(series.pos[:, axis]))
            implot.plot_inf_lines("now", now)
            implot.end_plot()
        imgui.same_line()
        if implot.begin_plot(f"motion of #{state.selected_entity}", size):
            implot.setup_axes("tick", "blocks/tick", implot.AxisFlags_.auto_fit, implot.AxisFlags_.auto_fit)
            for axis, name in enumerate(("vx", "vy", "vz")):
                implot.plot_line(name, series.ticks, np.ascontiguousarray(series.motion[:, axis]))
            implot.plot_line("speed", series.ticks, series.speed)
            implot.plot_inf_lines("now", now)
            implot.end_plot()
