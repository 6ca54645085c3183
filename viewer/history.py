"""Rewind: engine snapshots by tick, so a past tick comes back instantly through `Simulation.restore`.

A tick's snapshot is taken when the viewer leaves that tick (steps or jumps away), so opening a scene costs
no snapshot and every tick shown is stored once.
"""

from __future__ import annotations

from typing import Any


class History:
    """Snapshots of one simulation keyed by tick: `snapshots[t]` is the state after tick t."""

    def __init__(self, sim: Any) -> None:
        self.sim = sim
        self.first_tick = sim.tick_count
        self.snapshots: dict[int, Any] = {}

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
