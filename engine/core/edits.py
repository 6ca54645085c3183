"""A process-wide count of edits to entity state held outside the entities' rows: effects, attribute bases and
modifiers, equipment, riding, health and hurt time, a player's pose, bow or input schedule, and who is in the world
(an entity loaded, unloaded or removed). A cache of what that state allows (`engine.living.player.PlayerBatch`:
which players the compiled players phase may tick; `engine.tick.entity_lists`: the lists a tick walks) holds while
the count has not moved, so it is rebuilt only on the ticks after such an edit, not per entity per tick."""

from __future__ import annotations

_count = 0


def edited() -> None:
    """Some entity's state outside its row changed."""
    global _count
    _count += 1


def edits() -> int:
    """The edits so far (compare two readings: equal means nothing changed in between)."""
    return _count
