"""What every panel shares: the em unit (style V7), colours, and a text field that shows refused
input with its reason.
"""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui

ERROR_COLOR = imgui.ImVec4(1.0, 0.45, 0.4, 1.0)
CHANGED_COLOR = imgui.ImVec4(1.0, 0.85, 0.3, 1.0)


def em() -> float:
    """The font size in pixels: the unit of every panel size (style V7)."""
    return imgui.get_font_size()


def count(n: int, one: str, many: str) -> str:
    """`1 entity`, `2 entities`."""
    return f"{n} {one if n == 1 else many}"


def hint(text: str) -> None:
    """A dimmed line saying what to do, wrapped at the panel's edge (a side panel is narrow at 1280x720)."""
    imgui.push_text_wrap_pos(0.0)
    imgui.text_disabled(text)
    imgui.pop_text_wrap_pos()


def error_text(text: str) -> None:
    """A message in the error colour, wrapped at the panel's edge (a refused mechanic's line is long)."""
    imgui.push_text_wrap_pos(0.0)
    imgui.text_colored(ERROR_COLOR, text)
    imgui.pop_text_wrap_pos()


def same_line_if_fits(width: float) -> None:
    """Put the next item on this line if `width` pixels fit there, else on the next line."""
    imgui.same_line()
    if imgui.get_content_region_avail().x < width:
        imgui.new_line()


def button_width(label: str) -> float:
    return imgui.calc_text_size(label).x + 2 * imgui.get_style().frame_padding.x


def labelled_width(item_width: float, label: str) -> float:
    """The width of an item (a checkbox: its square) with its label on the right."""
    return item_width + imgui.get_style().item_inner_spacing.x + imgui.calc_text_size(label.split("##")[0]).x


def text_field(state: Any, key: str, label: str, current: str, width_em: float | None) -> str | None:
    """One input line showing `current` (or the text being typed, or refused input with its reason below);
    returns the text when the user has finished editing it (Enter or leaving the field), else None. A
    `width_em` of None fills the width left (the field's label then goes elsewhere: pass '##name')."""
    text = state.drafts.get(key, current)
    imgui.set_next_item_width(em() * width_em if width_em is not None else -imgui.FLT_MIN)
    _, text = imgui.input_text(label, text)
    done = imgui.is_item_deactivated_after_edit()
    if imgui.is_item_active() or done:
        state.drafts[key] = text
    elif key not in state.field_errors:
        state.drafts.pop(key, None)
    error = state.field_errors.get(key)
    if error:
        error_text(error)
    return text if done else None


def accept(state: Any, key: str) -> None:
    """Input at `key` was taken: forget its draft and error."""
    state.drafts.pop(key, None)
    state.field_errors.pop(key, None)


def bring_forward(state: Any, title: str, has_content: bool, front: str) -> None:
    """Call before the panel's begin: a panel docked as a background tab comes to the front the first time it
    has something to show since the scene was opened (empty panels stay behind the others). An empty panel in
    front when a scene opens (the tab remembered from the last session) gives way to the tab `front`."""
    if has_content and title not in state.brought_forward:
        state.brought_forward.add(title)
        imgui.set_next_window_focus()
    elif not has_content and title not in state.tabs_checked:
        window = imgui.internal.find_window_by_name(title)
        if window is None or window.dock_node is None:
            return
        state.tabs_checked.add(title)
        if window.dock_node.selected_tab_id == window.tab_id:
            imgui.set_window_focus(front)
