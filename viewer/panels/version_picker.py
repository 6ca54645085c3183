"""The version picker (issue 26 item 5): a combo of every release the engine accepts (`engine.versions.RELEASES`,
1.11 to the newest 1.21.x), each shown with how many of the version table's mechanics it simulates; hovering a
release lists the mechanics it refuses and what that release changed (the text of `tickscope versions RELEASE`),
and under the combo the chosen release's refused mechanics are named. The Release menu (the release the open
scene runs in), the Analysis panel's version diff and its ghost choose with it. A run that reaches a refused
mechanic stops in one line (the Errors panel), never with another version's physics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from imgui_bundle import imgui

from viewer.panels.widgets import em

TOOLTIP_EM = 60.0     # the width a release's tooltip wraps at
WHY_LABEL = "what it refuses and why"   # under a picker: every refused mechanic with what the release changed


@dataclass(frozen=True)
class Release:
    """One row of the picker: the release, its simulated count and its refused mechanics with what changed."""

    text: str
    simulated: int
    total: int
    refused: tuple[tuple[str, str], ...]   # (mechanic, what that release changed), in the table's order

    def label(self) -> str:
        return f"{self.text}  ({self.simulated} of {self.total} simulated)"

    def details(self) -> str:
        """`tickscope versions RELEASE` without its simulated rows: the count, then each refused mechanic, where a
        scene uses it and what the release changed."""
        return "\n".join(self.detail_lines())

    def detail_lines(self) -> list[str]:
        from engine import versions
        first, *rows = versions.table_text(self.text).splitlines()
        refused = (r.split(None, 1) for r in rows if not r.endswith(" simulated"))
        return [first, *(f"{name}: {why}" for name, why in refused)]


@cache
def releases() -> tuple[Release, ...]:
    """Every accepted release, oldest first, read from the version table once."""
    from engine import versions
    rows = []
    for v in versions.RELEASES:
        refused = tuple((m, c.what) for m in versions.MECHANICS if (c := versions.refusing(v, m)) is not None)
        total = len(versions.MECHANICS)
        rows.append(Release(versions.version_text(v), total - len(refused), total, refused))
    return tuple(rows)


def release_of(text: str) -> Release | None:
    """The picker's row of the release `text` ("1.16.5", "1.17" or "1.17.0"), or None if not a release."""
    from engine import versions
    try:
        wanted = versions.version_text(versions.parse_version(text))
    except ValueError:
        return None
    return next(r for r in releases() if r.text == wanted)


def fitted_details(row: Release, height_of: Callable[[str], float], room: float) -> str:
    """The release's details cut to the lines whose height (`height_of`, wrapped) fits in `room`, the last line
    then naming how many refused mechanics are left out and where to read them all: a release refusing most of
    the table (1.11-1.12.1, 1.13, 1.13.1) says more than a 1280x720 window can show in one tooltip."""
    lines = row.detail_lines()
    if sum(map(height_of, lines)) <= room:
        return "\n".join(lines)
    kept = lines[:1]
    while True:
        more = (f"... {len(lines) - len(kept)} more: each is under \"{WHY_LABEL}\" below the picker and in "
                f"`tickscope versions {row.text}`")
        if sum(map(height_of, [*kept, lines[len(kept)], more])) > room:
            return "\n".join([*kept, more])
        kept.append(lines[len(kept)])


def refused_line(release: Release) -> str:
    """Under the combo: what the release refuses, by mechanic name."""
    if not release.refused:
        return "simulates every mechanic of the table"
    return "refuses: " + ", ".join(m for m, _ in release.refused)


def version_combo(label: str, current: str) -> str:
    """The picker labelled `label`, `current` chosen; returns the release chosen (`current` when none is)."""
    chosen = release_of(current)
    background = imgui.get_style().color_(imgui.Col_.popup_bg)
    imgui.push_style_color(imgui.Col_.popup_bg, imgui.ImVec4(background.x, background.y, background.z, 1.0))
    opened = imgui.begin_combo(label, chosen.label() if chosen is not None else current)
    imgui.pop_style_color()   # opaque: the long list covers the panel's text
    if opened:
        for row in releases():
            selected = chosen is not None and row.text == chosen.text
            if imgui.selectable(row.label(), selected)[0]:
                current = row.text
            if selected:
                imgui.set_item_default_focus()
            if imgui.is_item_hovered():
                _tooltip(row)
        imgui.end_combo()
    chosen = release_of(current)
    if chosen is not None:
        imgui.push_text_wrap_pos(0.0)   # wrapped at the panel's edge
        imgui.text_disabled(refused_line(chosen))
        if imgui.is_item_hovered():
            _tooltip(chosen)
        if chosen.refused and imgui.tree_node(f"{WHY_LABEL}###why {label}"):
            for line in chosen.detail_lines()[1:]:
                imgui.text_unformatted(line)
            imgui.tree_pop()
        imgui.pop_text_wrap_pos()
    return current


def _tooltip(row: Release) -> None:
    """The release's details beside the pointer, wrapped and cut to fit the window (a tooltip cannot scroll)."""
    viewport = imgui.get_main_viewport().work_size
    padding = imgui.get_style().window_padding
    width = min(em() * TOOLTIP_EM, viewport.x - 2 * padding.x)
    room = viewport.y - 2 * padding.y - em()

    def height_of(line: str) -> float:
        return imgui.calc_text_size(line, wrap_width=width).y

    imgui.begin_tooltip()
    imgui.push_text_wrap_pos(padding.x + width)   # window coordinates: the text starts after the padding
    imgui.text_unformatted(fitted_details(row, height_of, room))
    imgui.pop_text_wrap_pos()
    imgui.end_tooltip()
