"""Timeline bookmarks in the Timeline panel: *+ Bookmark* adds one at the current tick (its note typed at once),
*Bookmarks (n)* lists them to jump to (click the tick), edit the note, or delete; each is a flag on the ruler whose
tooltip holds its note (viewer/bookmarks.py keeps them; Save writes them as the scene's `[[bookmarks]]`; a change
is autosaved to the recovery file as edits are, a note once its field is left)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.bookmarks import Bookmarks
from viewer.panels.widgets import count, em

BOOKMARKS_POPUP = "Bookmarks##timeline"
ADD_LABEL = "+ Bookmark"
NOTE_EM = 24.0
FLAG_EM = 0.45             # half the width of a bookmark's flag on the ruler


def draw_bookmark_buttons(state: Any, bookmarks: Bookmarks, tick: int) -> None:
    """The two buttons of the timeline's row and the list they open."""
    if imgui.small_button(ADD_LABEL):
        state.bookmark_focus = bookmarks.add(tick)
        state.commands.append("autosave")
        imgui.open_popup(BOOKMARKS_POPUP)
    imgui.set_item_tooltip(f"Bookmark tick {tick} and type a note; saved with the scene")
    imgui.same_line()
    if imgui.small_button(f"Bookmarks ({len(bookmarks.items)})"):
        imgui.open_popup(BOOKMARKS_POPUP)
    imgui.set_item_tooltip("Jump to a bookmark, edit its note, or delete it")
    with imgui_ctx.begin_popup(BOOKMARKS_POPUP) as popup:
        if popup:
            _draw_list(state, bookmarks, tick)


def _draw_list(state: Any, bookmarks: Bookmarks, tick: int) -> None:
    items = bookmarks.items
    if not items:
        imgui.text_disabled(f"no bookmarks: {ADD_LABEL} adds one at the current tick")
        return
    imgui.text_disabled(f"{count(len(items), 'bookmark', 'bookmarks')}: click a tick to go there")
    for i, bookmark in enumerate(list(items)):
        with imgui_ctx.push_id(i):
            if imgui.small_button(f"tick {bookmark.tick}"):
                state.rewind_to = bookmark.tick
            imgui.set_item_tooltip("Go to this tick (running the ticks up to it if they were not run yet)")
            imgui.same_line()
            imgui.set_next_item_width(em() * NOTE_EM)
            if state.bookmark_focus == i:
                imgui.set_keyboard_focus_here()
                state.bookmark_focus = None
            changed, note = imgui.input_text_with_hint("##note", "note", bookmark.note)
            if changed:
                bookmarks.set_note(i, note)
            if imgui.is_item_deactivated_after_edit():
                state.commands.append("autosave")
            imgui.same_line()
            if imgui.small_button("delete"):
                bookmarks.delete(i)
                state.commands.append("autosave")
                return


def draw_bookmark_flags(draw: Any, bookmarks: Bookmarks, x_of: Callable[[float], float], origin: Any,
                        height: float, color: int) -> None:
    """A flag (a triangle hanging from the ruler's top edge) at each bookmarked tick."""
    half = em() * FLAG_EM
    for bookmark in bookmarks.items:
        x = x_of(bookmark.tick)
        draw.add_triangle_filled(imgui.ImVec2(x - half, origin.y), imgui.ImVec2(x + half, origin.y),
                                 imgui.ImVec2(x, origin.y + height * 0.4), color)


def bookmark_tooltip(bookmarks: Bookmarks, tick: int) -> str:
    """The notes of the bookmarks at `tick`, one line each ('' if none)."""
    return "\n".join(f"bookmark: {b.note or '(no note)'}" for b in bookmarks.at(tick))
