"""The Entity table's rows: a tick range of the history's states (viewer/history.py keeps every entity's
`engine.logged_state` after every tick), one row per live entity and tick, optionally of one type, read from the
packed states when shown (a screenful at a time) or exported, never by running ticks again: building one counts
the rows of each tick, and a tick's entities are listed when its rows are first read."""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from types import SimpleNamespace
from typing import Any

EXPORT_NAME = "tickscope-entities-ticks{first}-{last}.csv"
COUNTS_EXPORT_NAME = "tickscope-entity-counts-ticks{first}-{last}.csv"


class EntityLog:
    """Rows of ticks `first`..`last` of `history` (of entities of type `kind`, or all): which tick and entity each
    row is. A tick whose states the history thinned away (over its memory budget) has no rows; `missing` counts
    them."""

    def __init__(self, history: Any, first: int, last: int, kind: str | None = None) -> None:
        self.history = history
        self.kind = kind
        self.ticks: list[int] = []
        self.starts: list[int] = []         # the row of each tick's first entity
        self._ids: dict[int, list[int]] = {}   # each tick's entities, by index in `ticks`, read when first shown
        self._counts: tuple[list[str], list[list[int]]] | None = None
        self.missing = 0
        total = 0
        for tick in range(first, last + 1):
            states = history.states.get(tick)
            if states is None:
                self.missing += 1
                continue
            self.ticks.append(tick)
            self.starts.append(total)
            total += len(states) if kind is None else sum(1 for t in states.column("type") if t == kind)
        self.total = total

    def __len__(self) -> int:
        return self.total

    def ids(self, k: int) -> list[int]:
        """The entities of the rows of `ticks[k]`, in update order."""
        if k not in self._ids:
            states = self.history.states[self.ticks[k]]
            ids = list(states)
            if self.kind is not None:
                ids = [i for i, t in zip(ids, states.column("type"), strict=True) if t == self.kind]
            self._ids[k] = ids
        return self._ids[k]

    def where(self, n: int) -> tuple[int, int]:
        """(tick, entity id) of row `n`."""
        k = bisect.bisect_right(self.starts, n) - 1
        return self.ticks[k], self.ids(k)[n - self.starts[k]]

    def row(self, n: int, fields: Sequence[str]) -> list[Any]:
        """Row `n`: the tick, then the values of `fields` (engine.entity_table.row)."""
        from engine import entity_table
        tick, entity_id = self.where(n)
        return entity_table.row(tick, entity_id, self.history.states[tick][entity_id], fields)

    def tick_states(self) -> Iterator[tuple[int, dict[int, Any]]]:
        """(tick, {entity id: state}) of every tick with rows, the rows' entities only."""
        for k, tick in enumerate(self.ticks):
            states = self.history.states[tick]
            everyone = dict(zip(states, states.values(), strict=True))
            yield tick, {i: everyone[i] for i in self.ids(k)}

    def frozen(self) -> EntityLog:
        """This log reading the states its ticks hold now: another thread reads it while the history moves on (a
        tick's states are never changed, only dropped or replaced)."""
        copy = object.__new__(EntityLog)
        copy.__dict__.update(self.__dict__)
        copy.history = SimpleNamespace(states={tick: self.history.states[tick] for tick in self.ticks})
        copy._ids = dict(self._ids)
        return copy

    def counts(self) -> tuple[list[str], list[list[int]]]:
        """Counts by type per tick of the rows' entities (engine.entity_table.count_table), read once."""
        from engine import entity_table
        if self._counts is None:
            types = ((tick, [s["type"] for s in states.values()]) for tick, states in self.tick_states())
            self._counts = entity_table.count_table(types)
        return self._counts


def type_counts(history: Any, tick: int) -> list[tuple[str, int]]:
    """(type, how many) of the live entities after `tick`, most first (none where the history has no states)."""
    from engine import entity_table
    states = history.states.get(tick)
    return entity_table.count_by_type(states.column("type")) if states is not None else []


def counts_text(counts: list[tuple[str, int]]) -> str:
    """'12 tnt, 1 falling_block'."""
    return ", ".join(f"{n} {kind.removeprefix('minecraft:')}" for kind, n in counts)
