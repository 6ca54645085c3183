"""The plots panel (implot): two plots side by side, each of a quantity chosen from QUANTITIES (position or
Motion per axis, speed, fall distance) against the tick, one line per plotted entity (the selected one and the
pinned ones), read from the history's per-tick entity states; the current tick marked. Export CSV writes every
quantity of the plotted entities (viewer.commands)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from imgui_bundle import imgui, imgui_ctx, implot

from viewer.history import History
from viewer.panels.widgets import em

PLOTS_TITLE = "Plots"
QUANTITIES = ("position x", "position y", "position z", "motion x", "motion y", "motion z", "speed",
              "fall distance")
UNITS = {q: "blocks" if q.startswith(("position", "fall")) else "blocks/tick" for q in QUANTITIES}


@dataclass
class Series:
    """One entity's values by tick: ticks (n,), pos and motion (n, 3), fall distance (n,)."""

    ticks: np.ndarray
    pos: np.ndarray
    motion: np.ndarray
    fall_distance: np.ndarray

    @property
    def speed(self) -> np.ndarray:
        return np.linalg.norm(self.motion, axis=1)

    def quantity(self, name: str) -> np.ndarray:
        """The values of one of QUANTITIES."""
        if name == "speed":
            return self.speed
        if name == "fall distance":
            return self.fall_distance
        kind, axis = name.split()
        return np.ascontiguousarray((self.pos if kind == "position" else self.motion)[:, "xyz".index(axis)])


def entity_series(history: History, entity_id: int) -> Series:
    """The recorded states of one entity, tick by tick, for the ticks it was alive in."""
    ticks = [t for t in sorted(history.states) if entity_id in history.states[t]]
    rows = [history.states[t][entity_id] for t in ticks]
    return Series(np.array(ticks, dtype=np.float64),
                  np.array([r["pos"] for r in rows], dtype=np.float64).reshape(-1, 3),
                  np.array([r["motion"] for r in rows], dtype=np.float64).reshape(-1, 3),
                  np.array([r.get("fall_distance", np.nan) for r in rows], dtype=np.float64))


def plotted_entities(state: Any) -> list[int]:
    """The selected entity, then the pinned ones."""
    chosen = [state.selected_entity] if state.selected_entity is not None else []
    return chosen + [e for e in state.plot_pinned if e not in chosen]


def draw_plots(state: Any, series: dict[int, Series], tick: int) -> None:
    """The two plots of `series` (entity id → values), a vertical line at `tick`; pin and CSV buttons."""
    with imgui_ctx.begin(PLOTS_TITLE) as window:
        if not window:
            return
        if not series:
            imgui.text_disabled("select an entity to plot it")
            return
        _draw_entity_bar(state, series)
        now = np.array([float(tick)])
        avail = imgui.get_content_region_avail()  # the two plots side by side: the panel is a wide strip
        width = (avail.x - imgui.get_style().item_spacing.x) / 2
        for side in (0, 1):
            if side:
                imgui.same_line()
            with imgui_ctx.begin_group():
                imgui.set_next_item_width(em() * 9)
                name = state.plot_quantities[side]
                changed, index = imgui.combo(f"##quantity{side}", QUANTITIES.index(name), QUANTITIES)
                imgui.set_item_tooltip("The quantity this plot shows")
                if changed:
                    quantities = list(state.plot_quantities)
                    quantities[side] = QUANTITIES[index]
                    state.plot_quantities = tuple(quantities)
                size = imgui.ImVec2(width, max(imgui.get_content_region_avail().y, em() * 6))
                if implot.begin_plot(f"##plot{side}", size):
                    implot.setup_axes("tick", UNITS[name], implot.AxisFlags_.auto_fit, implot.AxisFlags_.auto_fit)
                    for entity_id, values in series.items():
                        implot.plot_line(f"#{entity_id} {name}", values.ticks, values.quantity(name))
                    implot.plot_inf_lines("now", now)
                    implot.end_plot()


def _draw_entity_bar(state: Any, series: dict[int, Series]) -> None:
    selected = state.selected_entity
    if selected is not None and selected not in state.plot_pinned:
        if imgui.small_button(f"Pin #{selected}"):
            state.plot_pinned.append(selected)
        imgui.set_item_tooltip("Keep this entity in the plots when another is selected")
        imgui.same_line()
    for entity_id in list(state.plot_pinned):
        if imgui.small_button(f"#{entity_id} x"):
            state.plot_pinned.remove(entity_id)
        imgui.set_item_tooltip("Unpin")
        imgui.same_line()
    if imgui.small_button("Export CSV"):
        state.commands.append("export_csv")
    imgui.set_item_tooltip("Write every quantity of the plotted entities, tick by tick, to a CSV file")
    imgui.same_line()
    imgui.text_disabled(f"{len(series)} entities plotted")


def series_csv_rows(series: dict[int, Series]) -> list[list[object]]:
    """A header and one row per entity and tick: tick, entity, then every quantity."""
    rows: list[list[object]] = [["tick", "entity", *(q.replace(" ", "_") for q in QUANTITIES)]]
    for entity_id, values in series.items():
        columns = [values.quantity(q) for q in QUANTITIES]
        for i, tick in enumerate(values.ticks):
            rows.append([int(tick), entity_id, *(repr(float(c[i])) for c in columns)])
    return rows
