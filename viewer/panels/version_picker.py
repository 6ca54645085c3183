"""The version picker (issue 26 item 5): a combo of every release the engine accepts (`engine.versions.RELEASES`,
1.11 to the newest 1.21.x), each shown with how many of the version table's mechanics it simulates; hovering a
release lists the mechanics it refuses and what that release changed (the text of `tickscope versions RELEASE`),
and under the combo the chosen release's refused mechanics are named. A run that reaches a refused mechanic stops
in one line (the Errors panel), never with another version's physics."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from imgui_bundle import imgui

from viewer.panels.widgets import em

TOOLTIP_EM = 60.0     # the width a release's tooltip wraps at


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
        from engine import versions
        first, *rows = versions.table_text(self.text).splitlines()
        refused = (r.split(None, 1) for r in rows if not r.endswith(" simulated"))
        return "\n".join([first, *(f"{name}: {why}" for name, why in refused)])


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
        imgui.pop_text_wrap_pos()
        if imgui.is_item_hovered():
            _tooltip(chosen)
    return current


def _tooltip(row: Release) -> None:
    imgui.begin_tooltip()
    imgui.push_text_wrap_pos(em() * TOOLTIP_EM)
    imgui.text_unformatted(row.details())
    imgui.pop_text_wrap_pos()
    imgui.end_tooltip()
