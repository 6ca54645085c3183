"""A process-wide count of edits to entity state held outside the entities' rows: effects, attribute bases and
modifiers, equipment, riding, health and hurt time, a player's pose, bow or input schedule. A cache of what that
state allows (`engine.living.player.PlayerBatch`: which players the compiled players phase may tick) holds while
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
