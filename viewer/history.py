"""Rewind and branching: engine snapshots by tick, so a past tick comes back instantly through
`Simulation.restore`, and an edit at tick t starts a new branch from t (ARCHITECTURE.md, rewind and editing).

A tick's snapshot is taken when the viewer leaves that tick (steps or jumps away), so opening a scene costs
no snapshot and every tick shown is stored once. Beside the snapshots, `states[t]` keeps what each live entity
looked like after tick t (its trace state), read from the engine once per tick: the plots, the trails and the
pre-tick state of micro-stepping read it without restoring a snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.tick.trace import state_dict

EntityStates = dict[int, dict[str, Any]]  # entity id → {"type", "eye_height", and the trace state's fields}


def entity_states(sim: Any) -> EntityStates:
    """The trace state of every live entity of `sim`, in update order, with its type and eye height."""
    return {e.id: {"type": e.type, "eye_height": e.eye_height, **state_dict(e.trace_state())} for e in sim.entities}


class History:
    """Snapshots of one simulation keyed by tick: `snapshots[t]` is the state after tick t."""

    def __init__(self, sim: Any) -> None:
        self.sim = sim
        self.first_tick = sim.tick_count
        self.snapshots: dict[int, Any] = {}
        self.states: dict[int, EntityStates] = {sim.tick_count: entity_states(sim)}

    def last_tick(self) -> int:
        """The latest tick of the current branch that has been shown."""
        return max(self.states)

    def _keep_current(self) -> None:
        if self.sim.tick_count not in self.snapshots:
            self.snapshots[self.sim.tick_count] = self.sim.snapshot()

    def step(self) -> None:
        """Run one tick forward: restored if that tick was seen before, else simulated."""
        self._keep_current()
        target = self.sim.tick_count + 1
        if target in self.snapshots:
            self.sim.restore(self.snapshots[target])
        else:
            self.sim.tick()
            self.states[target] = entity_states(self.sim)

    def go_to(self, tick: int) -> None:
        """Show the state after `tick` (not before the first), from the nearest stored tick at or before it."""
        tick = max(tick, self.first_tick)
        if tick == self.sim.tick_count:
            return
        self._keep_current()
        start = max(t for t in self.snapshots if t <= tick)
        self.sim.restore(self.snapshots[start])
        while self.sim.tick_count < tick:
            self.step()

    def edit(self, change: Callable[[Any], None]) -> None:
        """Apply `change(sim)` to the current state and branch there: the ticks after this one are forgotten
        and the edited state becomes this tick's snapshot. If `change` raises, the state is put back and the
        exception passes on."""
        self._keep_current()
        tick = self.sim.tick_count
        try:
            change(self.sim)
        except Exception:
            self.sim.restore(self.snapshots[tick])
            raise
        for store in (self.snapshots, self.states):
            for later in [t for t in store if t > tick]:
                del store[later]
        self.snapshots[tick] = self.sim.snapshot()
        self.states[tick] = entity_states(self.sim)
