"""The stage inspector: the selected entity's stages in the current tick, in the order they ran, children
nested under their parent; selecting one shows its before/after values (what changed highlighted) and draws
its geometry in 3D.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.panels.widgets import CHANGED_COLOR, em
from viewer.state import StageKey

STAGES_TITLE = "Stages"


@dataclass(frozen=True)
class StageRow:
    """One stage of the inspector's tree: its key in the record, nesting depth and the stage."""

    key: StageKey
    depth: int
    stage: Any


def stage_rows(record: Any, entity_id: int | None) -> list[StageRow]:
    """The stages an entity ran in `record`, depth first in the order they began (parents before children)."""
    rows: list[StageRow] = []
    if record is None or entity_id is None:
        return rows

    def walk(stages: list[Any], phase: int, item: int, path: tuple[int, ...]) -> None:
        for i, stage in enumerate(stages):
            rows.append(StageRow((phase, item, (*path, i)), len(path), stage))
            walk(stage.children, phase, item, (*path, i))

    for p, phase in enumerate(record.phases):
        for i, entry in enumerate(phase.items):
            if entry.entity_id == entity_id:
                walk(entry.stages, p, i, ())
    return rows


def changed_fields(before: dict[str, Any], after: dict[str, Any] | None) -> set[str]:
    """Names whose value differs between a stage's before and after snapshots."""
    if after is None:
        return set()
    return {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}


def stage_title(stage: Any) -> str:
    code = f" [{stage.code}]" if stage.code else ""
    return f"{stage.name}{code}  {stage.method}"


def draw_stages(state: Any, record: Any, rows: list[StageRow], current: StageKey | None) -> None:
    """The tree of the selected entity's stages (`rows`, from `stage_rows`; `current`: the micro-step cursor's
    stage) and the selected stage's values."""
    with imgui_ctx.begin(STAGES_TITLE) as window:
        if not window:
            return
        if not rows:
            imgui.text_disabled("select an entity to see its stages in this tick")
            return
        imgui.text(f"entity #{state.selected_entity}, tick {record.tick}: {len(rows)} stages")
        with imgui_ctx.begin_child("stage tree", imgui.ImVec2(0, em() * 10), imgui.ChildFlags_.borders) as child:
            if child:
                for row in rows:
                    _draw_row(state, row, current)
        selected = next((r.stage for r in rows if r.key == state.selected_stage), None)
        if selected is not None:
            _draw_values(selected)


def _draw_row(state: Any, row: StageRow, current: StageKey | None) -> None:
    imgui.indent(row.depth * em())
    marker = "> " if row.key == current else "  "
    if imgui.selectable(f"{marker}{stage_title(row.stage)}##{row.key}", row.key == state.selected_stage)[0]:
        state.selected_stage = None if state.selected_stage == row.key else row.key
    imgui.unindent(row.depth * em())


def _draw_values(stage: Any) -> None:
    """Before and after of every field; changed rows in the highlight colour."""
    changed = changed_fields(stage.before, stage.after)
    flags = imgui.TableFlags_.borders | imgui.TableFlags_.row_bg | imgui.TableFlags_.sizing_stretch_prop
    if imgui.begin_table("values", 3, flags):
        imgui.table_setup_column("field")
        imgui.table_setup_column("before")
        imgui.table_setup_column("after")
        imgui.table_headers_row()
        after = stage.after or {}
        for name in [*stage.before, *(k for k in after if k not in stage.before)]:
            imgui.table_next_row()
            imgui.table_next_column()
            imgui.text(name)
            for value in (stage.before.get(name), after.get(name)):
                imgui.table_next_column()
                if name in changed:
                    imgui.text_colored(CHANGED_COLOR, str(value))
                else:
                    imgui.text(str(value))
        imgui.end_table()
    geometry = ", ".join(sorted({g["role"] for sub in stage.walk() for g in sub.geometry}))
    imgui.text_disabled(f"geometry: {geometry or 'none'}")
