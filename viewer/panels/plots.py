"""The plots panel (implot): two plots side by side, each of a quantity chosen from QUANTITIES (position or
Motion per axis, speed, fall distance) against the tick, one line per plotted entity (the selected one and the
pinned ones), read from the history's per-tick entity states; the current tick marked. Export CSV writes every
quantity of the plotted entities (viewer.commands)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from imgui_bundle import imgui, imgui_ctx, implot

from viewer.panels.widgets import em

if TYPE_CHECKING:
    from viewer.history import History

PLOTS_TITLE = "Plots"
QUANTITIES = ("position x", "position y", "position z", "motion x", "motion y", "motion z", "speed",
              "fall distance")
UNITS = {q: "blocks" if q.startswith(("position", "fall")) else "blocks/tick" for q in QUANTITIES}
QUANTITY_WIDTH_EM = 9
MIN_PLOT_HEIGHT_EM = 6
PLOT_PADDING_EM = 0.4     # implot's padding inside the plot frame (its default, 10 px, is for large plots)
X_AXIS_EM = 2.2           # the x tick labels and the padding: what a plot's height loses to the y axis
Y_TICK_SPACING_EM = 1.4   # the least room per y tick label (a line and a gap): labels never touch
NICE_STEPS = (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0)  # two decades: three ticks always enclose any range
X_TICK_SPACING_EM = 5     # the least room per tick number on the x axis
MOST_TICKS = 10
FLAT_RANGE = 0.01         # a value range narrower than this is widened (a constant quantity)
FLAT_SHARE = 0.01         # ... by this share of the value each way


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


def nice_ticks(lo: float, hi: float, most: int, least_step: float = 0.0) -> tuple[float, float, list[float], list[str]]:
    """At most `most` (3 to 10) evenly spaced round values (1, 2 or 5 times a power of ten apart) whose first and last
    enclose lo..hi: the axis limits, the tick values and their labels, all printed with the same decimals (enough
    to tell neighbours apart, so no two labels read alike). A flat lo..hi is widened by 1 % (at least 0.01). The
    step is at least `least_step` (1 for ticks: no tick 0.5)."""
    if hi - lo < FLAT_RANGE:
        half = max(abs(lo) * FLAT_SHARE, FLAT_RANGE)
        lo, hi = lo - half, hi + half
    raw = max((hi - lo) / max(most - 1, 1), least_step)
    power = 10.0 ** math.floor(math.log10(raw))
    for mantissa in NICE_STEPS:  # the smallest round step that needs at most `most` ticks
        step = mantissa * power
        first, last = math.floor(lo / step), math.ceil(hi / step)
        if last - first + 1 <= most:
            break
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    values = [k * step for k in range(first, last + 1)]
    return first * step, last * step, values, [f"{v:.{decimals}f}" for v in values]


def draw_plots(state: Any, series: dict[int, Series], tick: int) -> None:
    """The two plots of `series` (entity id → values), a vertical line at `tick`; quantity, pin and CSV controls in
    one row above them, the unit beside each quantity; the plots take the rest of the panel's height."""
    with imgui_ctx.begin(PLOTS_TITLE) as window:
        if not window:
            return
        if not series:
            imgui.text_disabled("select an entity to plot it")
            return
        spacing = imgui.get_style().item_spacing.x
        width = (imgui.get_content_region_avail().x - spacing) / 2  # the two plots side by side: a wide strip
        left = imgui.get_cursor_pos_x()
        for side in (0, 1):
            if side:
                imgui.same_line(left + width + spacing)
            _draw_quantity(state, side)
        imgui.same_line()
        _draw_entity_bar(state)
        height = max(imgui.get_content_region_avail().y, em() * MIN_PLOT_HEIGHT_EM)
        padding = em() * PLOT_PADDING_EM
        implot.push_style_var(implot.StyleVar_.plot_padding, imgui.ImVec2(padding, padding))
        # No frame fill: it is the panel's own colour, already there (llvmpipe fills each pixel once less).
        implot.push_style_color(implot.Col_.frame_bg, imgui.ImVec4(0.0, 0.0, 0.0, 0.0))
        for side in (0, 1):
            if side:
                imgui.same_line()
            _draw_plot(state.plot_quantities[side], series, tick, imgui.ImVec2(width, height), side)
        implot.pop_style_color()
        implot.pop_style_var()


def _draw_quantity(state: Any, side: int) -> None:
    """The quantity chooser of one plot, then its unit."""
    imgui.set_next_item_width(em() * QUANTITY_WIDTH_EM)
    name = state.plot_quantities[side]
    changed, index = imgui.combo(f"##quantity{side}", QUANTITIES.index(name), QUANTITIES)
    imgui.set_item_tooltip("The quantity this plot shows, against the tick")
    if changed:
        quantities = list(state.plot_quantities)
        quantities[side] = QUANTITIES[index]
        state.plot_quantities = tuple(quantities)
    imgui.same_line()
    imgui.text_disabled(f"{UNITS[name]} by tick")


def _draw_plot(name: str, series: dict[int, Series], tick: int, size: imgui.ImVec2, side: int) -> None:
    """One plot: a line per entity; y ticks at round values, as many as its height holds without overlapping."""
    columns = [values.quantity(name) for values in series.values()]
    finite = np.concatenate(columns)
    finite = finite[np.isfinite(finite)]
    flags = implot.Flags_.no_title | (implot.Flags_.no_legend if len(series) == 1 else 0)
    if not implot.begin_plot(f"##plot{side}", size, flags):
        return
    bare = implot.AxisFlags_.no_label
    implot.setup_axes("tick", UNITS[name], bare | implot.AxisFlags_.auto_fit, bare)
    ticks = np.concatenate([values.ticks for values in series.values()])
    if ticks.size:  # none for an entity never seen alive in the ticks run
        most = min(max(3, int(size.x / (em() * X_TICK_SPACING_EM))), MOST_TICKS)
        implot.setup_axis_ticks(implot.ImAxis_.x1, *nice_ticks(float(ticks.min()), float(ticks.max()), most, 1.0)[2:])
    if finite.size:
        most = min(max(3, int((size.y - em() * X_AXIS_EM) / (em() * Y_TICK_SPACING_EM))), MOST_TICKS)
        lo, hi, values, labels = nice_ticks(float(finite.min()), float(finite.max()), most)
        implot.setup_axis_limits(implot.ImAxis_.y1, lo, hi, implot.Cond_.always)
        implot.setup_axis_ticks(implot.ImAxis_.y1, values, labels)
    implot.setup_legend(implot.Location_.east, implot.LegendFlags_.outside)  # beside the lines, never over them
    for (entity_id, values), ys in zip(series.items(), columns, strict=True):
        implot.plot_line(f"#{entity_id} {name}", values.ticks, ys)
    implot.plot_inf_lines("##now", np.array([float(tick)]))
    implot.end_plot()


def _draw_entity_bar(state: Any) -> None:
    """Pin the selected entity, unpin the pinned ones, export CSV."""
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


def series_csv_rows(series: dict[int, Series]) -> list[list[object]]:
    """A header and one row per entity and tick: tick, entity, then every quantity."""
    rows: list[list[object]] = [["tick", "entity", *(q.replace(" ", "_") for q in QUANTITIES)]]
    for entity_id, values in series.items():
        columns = [values.quantity(q) for q in QUANTITIES]
        for i, tick in enumerate(values.ticks):
            rows.append([int(tick), entity_id, *(repr(float(c[i])) for c in columns)])
    return rows
