"""What happened at each tick, for the timeline's markers: the record's events (explosions, teleports, block
placements, ...), B36 ticks (pistons moving blocks) and entities that appeared or went away. Filled tick by tick
as the viewer runs them; an edit at tick t forgets what came after t (the history branches there)."""

from __future__ import annotations

from typing import Any

PISTON = "piston"
EXPLOSION_KIND = "explosion"  # the engine's explosion event (Simulation.explode)
SPAWN = "spawn"
REMOVAL = "removal"


def tick_events(record: Any, before: set[int], after: set[int]) -> tuple[str, ...]:
    """The kinds of what happened in `record`'s tick (sorted, each once); `before`/`after`: the live entity ids
    before and after it."""
    from viewer.drawing.pistons import b36_items  # not imported before the first frame (docs/performance.md)
    kinds = {event["kind"] for event in record.events}
    if next(b36_items(record), None) is not None:
        kinds.add(PISTON)
    if after - before:
        kinds.add(SPAWN)
    if before - after:
        kinds.add(REMOVAL)
    return tuple(sorted(kinds))


class EventLog:
    """`kinds[t]`: what happened in tick t (only ticks where something did)."""

    def __init__(self) -> None:
        self.kinds: dict[int, tuple[str, ...]] = {}

    def note(self, tick: int, record: Any, before: set[int], after: set[int]) -> None:
        kinds = tick_events(record, before, after)
        if kinds:
            self.kinds[tick] = kinds
        else:
            self.kinds.pop(tick, None)

    def forget_after(self, tick: int) -> None:
        for later in [t for t in self.kinds if t > tick]:
            del self.kinds[later]

    def next_after(self, tick: int) -> int | None:
        """The first tick after `tick` known to hold an event."""
        return min((t for t in self.kinds if t > tick), default=None)

    def previous_before(self, tick: int) -> int | None:
        return max((t for t in self.kinds if t < tick), default=None)
