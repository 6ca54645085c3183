"""The Timeline panel, docked under the 3D view: a tick ruler over the ticks of the current branch with a marker
at every tick where something happened (colour by kind, tooltip names them), the current tick as a bar; click or
drag on it to jump; buttons to run to the previous / next event; a loop range for playback; the bookmarks
(viewer/panels/bookmarks.py) as flags on the ruler and two buttons."""

from __future__ import annotations

import math
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.bookmarks import Bookmarks
from viewer.drawing.palette import Palette
from viewer.panels.bookmarks import bookmark_tooltip, draw_bookmark_buttons, draw_bookmark_flags
from viewer.panels.widgets import count, em

TIMELINE_TITLE = "Timeline"
NEXT_EVENT_LABEL = "Next event >|"
PREVIOUS_EVENT_LABEL = "|< Previous event"
RULER_HEIGHT_EM = 2.2
MIN_LABEL_SPACING_EM = 4.0   # tick numbers on the ruler at least this far apart
LOOKAHEAD_TICKS = 20         # the ruler reaches this far past the last tick run
SCHEDULE_REACH_TICKS = 200   # and to the scheduled actions up to this far past it


def ruler_step(span: int, width_px: float, min_spacing_px: float) -> int:
    """The tick interval between numbered ruler marks: 1, 2, 5, 10, 20, 50, ... whatever keeps them apart."""
    step = 1
    while span / step * min_spacing_px > width_px:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return step


def draw_timeline(state: Any, first: int, last: int, tick: int, events: dict[int, tuple[str, ...]],
                  palette: Palette, entities: int, scheduled: dict[int, list[str]] | None = None,
                  bookmarks: Bookmarks | None = None) -> None:
    """The ruler from `first` to a little past `last` (the latest tick run), `events` by tick, the scene's
    `scheduled` actions by tick (a triangle over the ruler), the `bookmarks` (flags), the current `tick`; beside the
    buttons, the scene's size and the frame time. Writes `state.rewind_to`, `state.event_jump` and `state.loop`."""
    with imgui_ctx.begin(TIMELINE_TITLE) as window:
        if not window:
            return
        if imgui.button(PREVIOUS_EVENT_LABEL):
            state.event_jump = -1
        imgui.set_item_tooltip("Go back to the last tick before this one where something happened")
        imgui.same_line()
        if imgui.button(NEXT_EVENT_LABEL):
            state.event_jump = 1
        imgui.set_item_tooltip("Run (or go) to the next tick where something happens: an explosion, a teleport, a "
                               "block placed, a piston moving a block, an entity added or removed (at most 2,000 "
                               "ticks ahead)")
        imgui.same_line()
        changed, looping = imgui.checkbox("loop", state.loop is not None)
        imgui.set_item_tooltip("While playing, jump back to the loop's first tick after its last")
        if changed:
            state.loop = (first, max(last, first + 1)) if looping else None
        if state.loop is not None:
            imgui.same_line()
            imgui.set_next_item_width(em() * 10)
            changed, values = imgui.drag_int2("ticks##loop", list(state.loop), 1.0, first, max(last, first + 1))
            if changed:
                state.loop = (min(values), max(values))
            imgui.set_item_tooltip("The loop's first and last tick (drag or double-click to type)")
        if bookmarks is not None:
            imgui.same_line()
            draw_bookmark_buttons(state, bookmarks, tick)
        imgui.same_line()
        imgui.text_disabled(f"tick {tick} of {last}")
        imgui.same_line(0.0, em() * 2)
        frame = f"{state.frame_ms:.1f} ms/frame" if state.frame_ms else "timing frames"
        triangles = count(state.triangles, "triangle", "triangles")
        imgui.text_disabled(f"{count(entities, 'entity', 'entities')}, {triangles}, {frame}")
        imgui.set_item_tooltip("Live entities, triangles of the world's mesh, and the mean time of a frame over the "
                               "last half second")
        scheduled = scheduled or {}
        end = max(last, tick) + LOOKAHEAD_TICKS
        end = max(end, min(max(scheduled, default=0) + 2, max(last, tick) + SCHEDULE_REACH_TICKS))
        _draw_ruler(state, first, end, tick, events, palette, scheduled, bookmarks)


def _draw_ruler(state: Any, first: int, end: int, tick: int, events: dict[int, tuple[str, ...]],
                palette: Palette, scheduled: dict[int, list[str]], bookmarks: Bookmarks | None) -> None:
    width = max(imgui.get_content_region_avail().x, em())
    height = em() * RULER_HEIGHT_EM
    origin = imgui.get_cursor_screen_pos()
    imgui.invisible_button("ruler", imgui.ImVec2(width, height))
    span = max(end - first, 1)

    def x_of(t: float) -> float:
        return origin.x + (t - first) / span * width

    draw = imgui.get_window_draw_list()
    text_color = imgui.get_color_u32(imgui.Col_.text_disabled)
    draw.add_rect_filled(origin, imgui.ImVec2(origin.x + width, origin.y + height),
                         imgui.get_color_u32(imgui.Col_.frame_bg))
    step = ruler_step(span, width, em() * MIN_LABEL_SPACING_EM)
    for t in range(math.ceil(first / step) * step, end + 1, step):
        x = x_of(t)
        draw.add_line(imgui.ImVec2(x, origin.y), imgui.ImVec2(x, origin.y + height * 0.3), text_color)
        label_width = imgui.calc_text_size(str(t)).x
        left = x + 2 if x + 2 + label_width <= origin.x + width else x - 2 - label_width  # the last one: its left
        draw.add_text(imgui.ImVec2(left, origin.y), text_color, str(t))
    for t, kinds in events.items():
        r, g, b, _ = palette.ui.get(f"event_{kinds[0]}", palette.ui["event"])
        x = x_of(t)
        draw.add_rect_filled(imgui.ImVec2(x - 2, origin.y + height * 0.45), imgui.ImVec2(x + 2, origin.y + height),
                             imgui.IM_COL32(r, g, b, 255))
    r, g, b, _ = palette.ui["scheduled_action"]
    mark = imgui.IM_COL32(r, g, b, 255)
    for t in scheduled:
        if first <= t <= end:
            x = x_of(t)
            top = origin.y + height * 0.22      # over the event marks (from 0.45 down)
            draw.add_triangle_filled(imgui.ImVec2(x - 4, top), imgui.ImVec2(x + 4, top),
                                     imgui.ImVec2(x, origin.y + height * 0.43), mark)
    if bookmarks is not None:
        r, g, b, _ = palette.ui["bookmark"]
        draw_bookmark_flags(draw, bookmarks, x_of, origin, height, imgui.IM_COL32(r, g, b, 255))
    x = x_of(tick)
    draw.add_line(imgui.ImVec2(x, origin.y), imgui.ImVec2(x, origin.y + height),
                  imgui.get_color_u32(imgui.Col_.plot_lines_hovered), 2.0)
    if imgui.is_item_hovered():
        hovered = round(first + (imgui.get_mouse_pos().x - origin.x) / width * span)
        what = ", ".join(events.get(hovered, ())) or "nothing recorded"
        lines = [f"tick {hovered}: {what}", *(f"scheduled: {a}" for a in scheduled.get(hovered, ()))]
        if bookmarks is not None and bookmarks.at(hovered):
            lines.append(bookmark_tooltip(bookmarks, hovered))
        imgui.set_tooltip("\n".join([*lines, "click or drag to go there"]))
    if imgui.is_item_active():
        target = round(first + (imgui.get_mouse_pos().x - origin.x) / width * span)
        state.rewind_to = max(first, min(target, end))
