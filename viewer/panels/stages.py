"""The stage inspector: the selected entity's stages in the current tick, in the order they ran, children
nested under their parent; selecting one shows its before/after values (what changed highlighted) and draws
its geometry in 3D.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.drawing.path_search import NODE_ROLES, SEARCH_STAGE, at_search_step, search_length
from viewer.editing import value_parts
from viewer.panels.help import STAGE_CODES
from viewer.panels.widgets import CHANGED_COLOR, em, hint
from viewer.state import StageKey

STAGES_TITLE = "Stages"
TREE_HEIGHT_EM = 12
TREE_SHARE_WITH_VALUES = 0.5  # of the panel's height, when the selected stage's values are shown under the tree
CODE_WIDTH_EM = 2.2
TREE_INDENT_EM = 0.9   # a child's indent under its parent: four levels stay narrow enough for the names to fit


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


def stage_names(rows: list[StageRow], key: StageKey) -> tuple[str, ...] | None:
    """The names of the stage at `key` and its parents, outermost first (None if `rows` has no such stage)."""
    by_key = {row.key: row for row in rows}
    if key not in by_key:
        return None
    phase, item, path = key
    return tuple(by_key[(phase, item, path[:n])].stage.name for n in range(1, len(path) + 1))


def same_stage(rows: list[StageRow], names: tuple[str, ...]) -> StageKey | None:
    """The key of the first stage of `rows` whose name and parents' names are `names` (the stage selected at
    another tick), or None."""
    return next((row.key for row in rows if stage_names(rows, row.key) == names), None)


def value_rows(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    """(name, value before, value after or None where the stage left it) of every field of a stage's snapshots,
    one coordinate a row (`editing.value_parts`)."""
    rows = []
    for name in [*before, *(k for k in after if k not in before)]:
        old, new = value_parts(name, before.get(name)), value_parts(name, after.get(name, before.get(name)))
        if len(old) != len(new):   # a field that appeared, vanished or changed shape: one row, as it is
            old, new = [(name, str(before.get(name)))], [(name, str(after.get(name)))]
        rows.extend((part, text, None if text == other else other)
                    for (part, text), (_, other) in zip(old, new, strict=True))
    return rows


def fitted_widths(rows: list[StageRow]) -> tuple[float, float]:
    """The widths (pixels) of the stage and method columns that show every row's name and method whole: the
    tree's indent, arrow and the cursor mark '> ' included."""
    style = imgui.get_style()
    pad = 2 * style.cell_padding.x
    stage = max(r.depth * style.indent_spacing + imgui.get_tree_node_to_label_spacing()
                + imgui.calc_text_size(f"> {r.stage.name}").x for r in rows)
    method = max(imgui.calc_text_size(r.stage.method).x for r in rows)
    return stage + pad, method + pad


def draw_stages(state: Any, record: Any, rows: list[StageRow], current: StageKey | None) -> None:
    """The tree of the selected entity's stages (`rows`, from `stage_rows`; `current`: the micro-step cursor's
    stage) and the selected stage's values."""
    with imgui_ctx.begin(STAGES_TITLE) as window:
        if not window:
            return
        if not rows:
            hint("select an entity to see its stages in this tick")
            return
        imgui.text(f"entity #{state.selected_entity}, tick {record.tick}: {len(rows)} stages")
        flags = (imgui.TableFlags_.resizable | imgui.TableFlags_.borders_inner_v | imgui.TableFlags_.row_bg
                 | imgui.TableFlags_.scroll_y | imgui.TableFlags_.scroll_x)
        imgui.push_style_var(imgui.StyleVar_.indent_spacing, em() * TREE_INDENT_EM)
        # The panel's height, or half of it when a stage's values are shown below (never under TREE_HEIGHT_EM).
        share = TREE_SHARE_WITH_VALUES if state.selected_stage is not None else 1.0
        height = max(em() * TREE_HEIGHT_EM, imgui.get_content_region_avail().y * share)
        fit = fitted_widths(rows)
        # The method column, as wide as its longest method, where it fits beside the names and codes (1920x1080);
        # in a narrower panel (1280x720) the methods are in each row's tooltip and over the selected stage's values,
        # and nothing scrolls sideways.
        code_width = em() * CODE_WIDTH_EM + 2 * imgui.get_style().cell_padding.x
        methods = sum(fit) + code_width <= imgui.get_content_region_avail().x - imgui.get_style().scrollbar_size
        if imgui.begin_table("stage tree", 3 if methods else 2, flags, imgui.ImVec2(0, height)):
            imgui.table_setup_scroll_freeze(0, 1)
            # without methods the names take the width the codes leave (the tree's own scrollbar included)
            imgui.table_setup_column("stage", imgui.TableColumnFlags_.width_fixed if methods else
                                     imgui.TableColumnFlags_.width_stretch, fit[0] if methods else 0.0)
            imgui.table_setup_column("code", imgui.TableColumnFlags_.width_fixed, em() * CODE_WIDTH_EM)
            if methods:
                imgui.table_setup_column("method", imgui.TableColumnFlags_.width_fixed, fit[1])
            # Fitted once the table is laid out (its first frame cannot take widths; an ini file may hold older ones),
            # then again for another entity; the user's resizing is kept until then.
            laid_out = imgui.internal.get_current_table().min_column_width > 0
            if laid_out and methods and state.stage_columns_fit != (state.selected_entity, fit):
                imgui.internal.table_set_column_width(0, fit[0])
                imgui.internal.table_set_column_width(2, fit[1])
                state.stage_columns_fit = (state.selected_entity, fit)
            imgui.table_headers_row()
            i = 0
            while i < len(rows):
                i = _draw_row(state, rows, i, current, methods)
            imgui.end_table()
        imgui.pop_style_var()
        selected = next((r.stage for r in rows if r.key == state.selected_stage), None)
        if selected is not None:
            imgui.text_disabled(selected.method)   # its method (the column of methods may not fit)
            if selected.name == SEARCH_STAGE:
                _draw_search_steps(state, selected)
            _draw_values(selected)


def _draw_row(state: Any, rows: list[StageRow], i: int, current: StageKey | None, methods: bool) -> int:
    """Row `i` as a tree node, then its children if open; returns the index after its subtree."""
    row = rows[i]
    end = i + 1
    while end < len(rows) and rows[end].depth > row.depth:
        end += 1
    flags = imgui.TreeNodeFlags_.default_open | imgui.TreeNodeFlags_.span_full_width \
        | imgui.TreeNodeFlags_.open_on_arrow
    if end == i + 1:
        flags |= imgui.TreeNodeFlags_.leaf | imgui.TreeNodeFlags_.no_tree_push_on_open
    if row.key == state.selected_stage:
        flags |= imgui.TreeNodeFlags_.selected
    imgui.table_next_row()
    imgui.table_next_column()
    marker = "> " if row.key == current else ""
    opened = imgui.tree_node_ex(f"{marker}{row.stage.name}##{row.key}", flags)
    if imgui.is_item_clicked() and not imgui.is_item_toggled_open():
        state.selected_stage = None if state.selected_stage == row.key else row.key
        state.search_step = None
    imgui.set_item_tooltip(f"{row.stage.name} ({row.stage.method})\nClick to see its values and draw only its geometry")
    imgui.table_next_column()
    if row.stage.code:
        imgui.text(row.stage.code)
        imgui.set_item_tooltip(STAGE_CODES.get(row.stage.code, row.stage.code))
    if methods:
        imgui.table_next_column()
        cut = imgui.calc_text_size(row.stage.method).x > imgui.get_content_region_avail().x
        imgui.text_disabled(row.stage.method)
        if cut:
            imgui.set_item_tooltip(row.stage.method)
    if end > i + 1 and opened:
        j = i + 1
        while j < end:
            j = _draw_row(state, rows, j, current, methods)
        imgui.tree_pop()
    return end


def search_step_counts(stage: Any, step: int) -> tuple[int, int]:
    """(closed, open) node counts of a `path_search` stage after `step` expansions."""
    shown = at_search_step([g for sub in stage.walk() for g in sub.geometry], step)
    closed = sum(1 for p in shown if p["role"] == "path_closed")
    return closed, sum(1 for p in shown if p["role"] in NODE_ROLES) - closed


def _draw_search_steps(state: Any, stage: Any) -> None:
    """The search step slider of a `path_search` stage: step k draws the closed set of the first k expansions
    and the open set as it was then; the last step (the default) draws the whole search and the chosen path."""
    total = search_length(g for sub in stage.walk() for g in sub.geometry)
    step = total if state.search_step is None else min(state.search_step, total)
    imgui.separator_text("search, node by node")
    if imgui.arrow_button("##search back", imgui.Dir.left):
        step = max(step - 1, 0)
    imgui.set_item_tooltip("One expansion back")
    imgui.same_line()
    if imgui.arrow_button("##search forward", imgui.Dir.right):
        step = min(step + 1, total)
    imgui.set_item_tooltip("One expansion forward")
    imgui.same_line()
    imgui.set_next_item_width(-imgui.FLT_MIN)  # the width left: the separator above names it
    _, step = imgui.slider_int("##search step", step, 0, total)
    imgui.set_item_tooltip("Expansions done: the closed set so far and the open set as it was then")
    state.search_step = None if step >= total else step
    closed, opened = search_step_counts(stage, step)
    imgui.text_disabled(f"step {step} of {total}: {closed} closed, {opened} open"
                        + ("" if step < total else ", path chosen"))


def _draw_values(stage: Any) -> None:
    """Every field one coordinate a row (`value_rows`): its name, dimmed, and its value, or for a field the stage
    changed its value before and after it ("> "), in the highlight colour. The values line up beside the names
    where the panel is wide enough, else each goes on the line under its name: no number is cut off."""
    rows = value_rows(stage.before, stage.after or {})
    if not rows:
        return
    style = imgui.get_style()
    left = imgui.get_cursor_pos_x()
    tab = max(imgui.calc_text_size(name).x for name, _, _ in rows) + style.item_spacing.x * 2
    room = imgui.get_content_region_avail().x
    for name, before, after in rows:
        lines = [(before, None)] if after is None else [(before, CHANGED_COLOR), (f"> {after}", CHANGED_COLOR)]
        beside = tab + max(imgui.calc_text_size(text).x for text, _ in lines) <= room
        imgui.text_disabled(name)
        for n, (text, color) in enumerate(lines):
            if beside and n == 0:
                imgui.same_line(left + tab)
            else:
                imgui.set_cursor_pos_x(left + (tab if beside else em()))
            if color is None:
                imgui.text(text)
            else:
                imgui.text_colored(color, text)
    geometry = ", ".join(sorted({g["role"] for sub in stage.walk() for g in sub.geometry}))
    imgui.text_disabled(f"geometry: {geometry or 'none'}")
