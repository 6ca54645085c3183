"""Timeline bookmarks: `[[bookmarks]]` entries of a scene (`tick`, `note`), notes a user keeps at ticks of the run.
They are read, checked and written back with the scene and change nothing of the simulation (docs/viewer.md,
"Bookmarks")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.java.javanum import INT_MAX
from engine.tick.scene_checks import SceneContext

BOOKMARK_KEYS = frozenset({"tick", "note"})


@dataclass(frozen=True)
class Bookmark:
    """A note at a tick (tick 0: the scene's start, tick 1: after the first tick run)."""

    tick: int
    note: str = ""


def load_bookmark(ctx: SceneContext, entry: Any, key: str) -> Bookmark:
    """One `[[bookmarks]]` entry: `tick` (0 .. 2³¹ − 1, required) and `note` (a string, default empty)."""
    table = ctx.table(entry, key)
    ctx.keys(table, key, BOOKMARK_KEYS, {"tick"})
    tick = ctx.integer(table["tick"], f"{key}.tick", 0, INT_MAX)
    return Bookmark(tick, ctx.string(table.get("note", ""), f"{key}.note"))


def bookmark_entries(bookmarks: list[Bookmark], saved_tick: int) -> list[dict[str, Any]]:
    """The `[[bookmarks]]` of a scene saved at `saved_tick`, in tick order, ticks counted from it (as the actions'
    are); a bookmark before the saved tick has no tick in that file and is left out."""
    return [{"tick": b.tick - saved_tick, "note": b.note}
            for b in sorted(bookmarks, key=lambda b: b.tick) if b.tick >= saved_tick]
