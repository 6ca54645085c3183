"""The Pistons panel: the B36s of the current tick (`viewer.pistons.b36_rows`) with position, pushed block,
direction, extending or retracting, source, progress, and what each did this tick; clicking a row selects that
B36 (its geometry alone is drawn and its moving block outlined in the selection colour), clicking one of its
pushes selects the entity.
"""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.drawing.pistons import B36Row, PushRow
from viewer.panels.plots import PLOTS_TITLE
from viewer.panels.titles import PISTONS_TITLE
from viewer.panels.widgets import CHANGED_COLOR, bring_forward, count

COLUMNS = ("position", "pushed", "moving", "source", "progress", "this tick")


def _progress(row: B36Row) -> str:
    now = "placed" if row.progress is None else f"{row.progress:g}"
    return now if row.progress_before is None else f"{row.progress_before:g} > {now}"


def _push_text(push: PushRow) -> str:
    parts = [f"#{push.entity_id}"]
    if push.launched:
        parts.append("launch")
    if push.asked or push.moved:
        parts.append(f"{push.moved:+.4g} of {push.asked:+.4g}")
    if push.clamped:
        parts.append("clamped")
    return " ".join(parts)


def did_text(row: B36Row) -> str:
    """One line on what a B36 did this tick: its pushes, or why there is nothing."""
    if row.item is None:
        return "not ticked yet"
    return "; ".join(_push_text(p) for p in row.pushes) or "no entity"


def draw_pistons(state: Any, rows: list[B36Row]) -> None:
    """The table of `rows`; under it the selected B36's pushes, one line each, the clamped ones highlighted."""
    bring_forward(state, PISTONS_TITLE, bool(rows), PLOTS_TITLE)
    with imgui_ctx.begin(PISTONS_TITLE) as window:
        if not window:
            return
        if not rows:
            imgui.text_disabled("no moving block (B36) in this tick")
            return
        _draw_table(state, rows)
        selected = next((r for r in rows if r.pos == state.selected_b36), None)
        if selected is not None:
            _draw_pushes(state, selected)


def _draw_table(state: Any, rows: list[B36Row]) -> None:
    flags = imgui.TableFlags_.borders | imgui.TableFlags_.row_bg | imgui.TableFlags_.sizing_fixed_fit
    if not imgui.begin_table("b36 rows", len(COLUMNS), flags):
        return
    for name in COLUMNS:
        imgui.table_setup_column(name)
    imgui.table_headers_row()
    for i, row in enumerate(rows):
        imgui.table_next_row()
        imgui.table_next_column()
        picked = state.selected_b36 == row.pos
        if imgui.selectable(f"{row.pos[0]} {row.pos[1]} {row.pos[2]}##{i}", picked,
                            imgui.SelectableFlags_.span_all_columns)[0]:
            state.selected_b36 = None if picked else row.pos
            state.selected_entity = None
            state.selected_stage = None
        imgui.set_item_tooltip("Select this moving block: the view draws only what it did this tick")
        moving = f"{row.direction} ({'extending' if row.extending else 'retracting'})"
        pushed = row.pushed.removeprefix("minecraft:").partition("[")[0]  # the full state is in the line below
        for text in (pushed, moving, "yes" if row.source else "no", _progress(row)):
            imgui.table_next_column()
            imgui.text(text)
        imgui.table_next_column()
        if any(p.clamped for p in row.pushes):
            imgui.text_colored(CHANGED_COLOR, did_text(row))
        else:
            imgui.text(did_text(row))
    imgui.end_table()


def _draw_pushes(state: Any, row: B36Row) -> None:
    imgui.text(f"B36 at {row.pos[0]} {row.pos[1]} {row.pos[2]}: {row.pushed}, facing {row.facing}, "
               f"{count(len(row.pushes), 'entity', 'entities')} moved")
    for push in row.pushes:
        with imgui_ctx.push_id(push.entity_id):
            label = (f"#{push.entity_id}: {'launched, ' if push.launched else ''}asked {push.asked:+.6g}, "
                     f"moved {push.moved:+.6g}{', clamped' if push.clamped else ''}")
            if push.clamped:
                imgui.push_style_color(imgui.Col_.text, CHANGED_COLOR)
            if imgui.selectable(label, False)[0]:
                state.selected_entity = push.entity_id
                state.selected_b36 = None
                state.selected_stage = None
            imgui.set_item_tooltip("Select this entity")
            if push.clamped:
                imgui.pop_style_color()
