"""The Entity table panel (a bottom tab): every live entity, one row per entity and tick over a tick range, the
fields chosen by checkboxes, filtered by type, doubles printed as the trace prints them; the number of entities of
each type at the current tick, or (*by type*) a table of the counts by type per tick; Export CSV through the file
browser. The rows come from the history
(`viewer.entity_log`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from engine import entity_table
from viewer.entity_log import EntityLog, counts_text
from viewer.panels.titles import ENTITY_TABLE_TITLE
from viewer.panels.widgets import count, em, same_line_if_fits

ALL_TYPES = "all types"
TYPE_COMBO_EM = 11.0
RANGE_EM = 9.0
FIELDS_POPUP = "table fields"


def draw_entity_table(state: Any, rows: Callable[[], EntityLog], counted: Callable[[], list[tuple[str, int]]],
                      first: int, last: int, tick: int) -> None:
    """The panel: the fields, type and tick range, the rows (`rows()`, of ticks `first`..`last` of the branch) and
    the counts by type at `tick` (`counted()`), both read only while the panel is shown. Writes
    `state.table_fields`, `table_type`, `table_range` and queues `export_table`."""
    with imgui_ctx.begin(ENTITY_TABLE_TITLE) as window:
        if not window:
            return
        log, counts = rows(), counted()
        _draw_choices(state, counts, first, last)
        shown = count(len(log.ticks), "tick", "ticks") if state.table_by_type else count(len(log), "row", "rows")
        if log.missing:
            shown += f" ({count(log.missing, 'tick', 'ticks')} without states: the history thinned them)"
        shown += ";"
        same_line_if_fits(imgui.calc_text_size(shown).x + em())
        imgui.text_disabled(shown)
        counted = f"tick {tick}: {counts_text(counts) or 'no entities'}"
        same_line_if_fits(imgui.calc_text_size(counted).x + em())
        imgui.text_disabled(counted)
        imgui.set_item_tooltip("Live entities by type after the current tick, most first")
        if state.table_by_type:
            _draw_counts(log)
        else:
            _draw_rows(state, log)


def _draw_choices(state: Any, counts: list[tuple[str, int]], first: int, last: int) -> None:
    if imgui.button(f"Fields ({len(state.table_fields)})..."):
        imgui.open_popup(FIELDS_POPUP)
    imgui.set_item_tooltip("Choose the columns: " + ", ".join(entity_table.FIELDS))
    if imgui.begin_popup(FIELDS_POPUP):
        for name in entity_table.FIELDS:
            changed, _ = imgui.checkbox(f"{name.replace('_', ' ')}##field_{name}", name in state.table_fields)
            if changed:
                chosen = set(state.table_fields) ^ {name}
                state.table_fields = tuple(f for f in entity_table.FIELDS if f in chosen)
        imgui.end_popup()
    imgui.same_line()
    imgui.set_next_item_width(em() * TYPE_COMBO_EM)
    current = state.table_type.removeprefix("minecraft:") if state.table_type else ALL_TYPES
    if imgui.begin_combo("type##table", current):
        if imgui.selectable(ALL_TYPES, state.table_type is None)[0]:
            state.table_type = None
        for kind in sorted({kind for kind, _ in counts} | ({state.table_type} - {None})):
            if imgui.selectable(kind.removeprefix("minecraft:"), kind == state.table_type)[0]:
                state.table_type = kind
        imgui.end_combo()
    imgui.set_item_tooltip("Only the entities of this type (the types live at the current tick)")
    imgui.same_line()
    imgui.set_next_item_width(em() * RANGE_EM)
    shown = list(state.table_range) if state.table_range is not None else [first, last]
    changed, values = imgui.drag_int2("ticks##table", shown, 1.0, first, max(last, first))
    if changed:
        state.table_range = (min(values), max(values))
    imgui.set_item_tooltip("The first and last tick of the rows (drag or double-click to type); by default from "
                           "the start to the current tick")
    if state.table_range is not None:
        imgui.same_line()
        if imgui.small_button("to now"):
            state.table_range = None
        imgui.set_item_tooltip("From the start to the current tick, following it")
    imgui.same_line()
    _, state.table_by_type = imgui.checkbox("by type", state.table_by_type)
    imgui.set_item_tooltip("One row per tick: how many entities of each type (Export CSV writes that table)")
    imgui.same_line()
    if imgui.small_button("Export CSV..."):
        state.commands.append("export_table")
    imgui.set_item_tooltip("Write these rows (every one, not just those in sight) to a CSV file, doubles as the "
                           "trace prints them")


def _draw_rows(state: Any, log: EntityLog) -> None:
    fields = state.table_fields
    headers = entity_table.columns(fields)
    flags = (imgui.TableFlags_.borders_inner_v | imgui.TableFlags_.row_bg | imgui.TableFlags_.scroll_y |
             imgui.TableFlags_.scroll_x | imgui.TableFlags_.sizing_fixed_fit | imgui.TableFlags_.resizable)
    if not imgui.begin_table("entity rows", len(headers), flags):
        return
    imgui.table_setup_scroll_freeze(2 if "id" in fields else 1, 1)
    for header in headers:
        imgui.table_setup_column(header)
    imgui.table_headers_row()
    clipper = imgui.ListClipper()
    clipper.begin(len(log))
    while clipper.step():
        for n in range(clipper.display_start, clipper.display_end):
            tick, *values = log.row(n, fields)
            entity_id = log.where(n)[1]
            imgui.table_next_row()
            imgui.table_next_column()
            if imgui.selectable(f"{tick}##{n}", entity_id == state.selected_entity,
                                imgui.SelectableFlags_.span_all_columns)[0]:
                state.selected_entity, state.selected_stage = entity_id, None
            for value in values:
                imgui.table_next_column()
                imgui.text(entity_table.cell_text(value).removeprefix("minecraft:"))
    imgui.end_table()


def _draw_counts(log: EntityLog) -> None:
    """Counts by type per tick: a row per tick of the range, a column per type."""
    header, table = log.counts()
    flags = (imgui.TableFlags_.borders_inner_v | imgui.TableFlags_.row_bg | imgui.TableFlags_.scroll_y |
             imgui.TableFlags_.scroll_x | imgui.TableFlags_.sizing_fixed_fit)
    if not imgui.begin_table("entity counts", len(header), flags):
        return
    imgui.table_setup_scroll_freeze(1, 1)
    for name in header:
        imgui.table_setup_column(name.removeprefix("minecraft:"))
    imgui.table_headers_row()
    clipper = imgui.ListClipper()
    clipper.begin(len(table))
    while clipper.step():
        for n in range(clipper.display_start, clipper.display_end):
            imgui.table_next_row()
            for value in table[n]:
                imgui.table_next_column()
                imgui.text(str(value))
    imgui.end_table()
