"""`ChainRestrictedNeighborUpdater` (1.19, `World.neighborUpdater`): neighbour and shape updates run as entries
taken from a stack instead of as nested calls (`neighbor_updates` builds the entries).

Asked for outside any update, an entry runs at once, with everything it asks for. Asked for while one runs, an
entry waits in `pending`; once the running entry's step returns, the waiting ones are pushed so that the first
asked runs first, and each runs to its end (with what it asks for) before the next, and all before the running
entry's next step. The order of the updates is the recursive one; what differs is that a block's code runs to
its end before the updates it asked for, so it reads the world as it was before them. After
`MAX_CHAINED_NEIGHBOR_UPDATES` entries in one chain the rest are skipped (the game logs it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine.constants import MAX_CHAINED_NEIGHBOR_UPDATES

if TYPE_CHECKING:
    from engine.core.context import TickContext


class Entry(Protocol):
    def update(self, sim: TickContext) -> bool:
        """One step; true while the entry has more steps (only the six-way entry has)."""


class ChainRestrictedNeighborUpdater:
    """The stack (`queue`, its top last), the entries asked for during the running step (`pending`) and the number
    of entries asked for in this chain (`depth`)."""

    def __init__(self) -> None:
        self.queue: list[Entry] = []
        self.pending: list[Entry] = []
        self.depth = 0

    def enqueue(self, sim: TickContext, entry: Entry) -> None:
        """`enqueue`: outside a chain the entry runs now; within one it waits in `pending`."""
        nested = self.depth > 0
        within_limit = self.depth < MAX_CHAINED_NEIGHBOR_UPDATES
        self.depth += 1
        if within_limit:
            (self.pending if nested else self.queue).append(entry)
        if not nested:
            self.run_queued_updates(sim)

    def run_queued_updates(self, sim: TickContext) -> None:
        """`runQueuedUpdates`: the pending entries go on the stack (the first asked on top); the top entry steps
        until it asks for updates or ends (then it leaves the stack)."""
        queue, pending = self.queue, self.pending
        try:
            while queue or pending:
                queue.extend(reversed(pending))
                pending.clear()
                entry = queue[-1]
                while not pending:
                    if not entry.update(sim):
                        queue.pop()
                        break
        finally:
            queue.clear()
            pending.clear()
            self.depth = 0
