"""What a player holds in each tick (spec 05 §4.6; interfaces.md "Players, mobs and their inputs").

A scene's `[[inputs]]` entries give, for an entity and an inclusive tick range, the keys held and optionally a
look direction (which stays until changed) and an item used at the range's first tick. `InputSchedule.at(t)`
answers what is held in tick t; a tick no range covers holds nothing. A schedule is never changed in place (the
snapshots of a run share it): `replaced` and `until` give a new one, as recording keys in the viewer does.
`InputSchedule.columns` gives the same answers as arrays, for the compiled players phase
(engine.living.player_kernel), once per schedule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from engine.core.edits import edited
from engine.java.javanum import f32

KEYS = ("forward", "back", "left", "right", "jump", "sprint", "sneak")
# a tick's input as the compiled players phase reads it: a bit per key held, whether the look is set, whether an
# item is used (which the object path does)
KEY_BITS = {name: 1 << k for k, name in enumerate(KEYS)}
KEY_MASK = (1 << len(KEYS)) - 1
SETS_YAW, SETS_PITCH, USES_ITEM = 1 << len(KEYS), 2 << len(KEYS), 4 << len(KEYS)
EARLIEST = -(2**62)          # the first stretch of a schedule's columns starts before any tick


@dataclass(frozen=True)
class PlayerInput:
    forward: bool = False
    back: bool = False
    left: bool = False
    right: bool = False
    jump: bool = False
    sprint: bool = False
    sneak: bool = False
    yaw: float | None = None
    pitch: float | None = None
    use: str | None = None

    def bits(self) -> int:
        """KEY_BITS of the keys held, SETS_YAW, SETS_PITCH, USES_ITEM."""
        out = sum(bit for name, bit in KEY_BITS.items() if getattr(self, name))
        return out | (SETS_YAW if self.yaw is not None else 0) | (SETS_PITCH if self.pitch is not None else 0) \
            | (USES_ITEM if self.use is not None else 0)


NOTHING = PlayerInput()


@dataclass(frozen=True)
class InputRange:
    first: int
    last: int
    held: PlayerInput


class InputSchedule:
    """The ranges of one entity, non-overlapping (the loader refuses contradictory overlaps)."""

    def __init__(self) -> None:
        self.ranges: list[InputRange] = []
        self._columns: tuple[np.ndarray, ...] | None = None

    def overlapping(self, r: InputRange) -> InputRange | None:
        """A range already present that shares a tick with `r` and holds something else."""
        return next((o for o in self.ranges if o.first <= r.last and r.first <= o.last and o.held != r.held), None)

    def add(self, r: InputRange) -> None:
        self.ranges.append(r)
        self._columns = None
        edited()

    def at(self, tick: int) -> PlayerInput:
        """What is held in `tick`; `use` only in a range's first tick."""
        for r in self.ranges:
            if r.first <= tick <= r.last:
                if r.held.use is not None and tick != r.first:
                    return PlayerInput(**{**r.held.__dict__, "use": None})
                return r.held
        return NOTHING

    def columns(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """`at` as arrays, made once: the first tick of each stretch of ticks over which it answers the same
        (ascending, the first at EARLIEST), and per stretch the input's `bits()`, its yaw and pitch as floats (0.0
        where not set). `at` can change only at a range's first tick, the tick after (the item use ends) and the
        tick after its last, so it is asked there."""
        if self._columns is None:
            starts = sorted({EARLIEST, *(t for r in self.ranges for t in (r.first, r.first + 1, r.last + 1))})
            ticks: list[int] = []
            held: list[PlayerInput] = []
            for t in starts:
                h = self.at(t)
                if not held or h != held[-1]:
                    ticks.append(t)
                    held.append(h)
            self._columns = (np.array(ticks, dtype=np.int64), np.array([h.bits() for h in held], dtype=np.int64),
                             np.array([f32(h.yaw) if h.yaw is not None else 0.0 for h in held]),
                             np.array([f32(h.pitch) if h.pitch is not None else 0.0 for h in held]))
        return self._columns

    def range_at(self, tick: int) -> InputRange | None:
        """The range covering `tick` (a drawn bow is released in its last tick)."""
        return next((r for r in self.ranges if r.first <= tick <= r.last), None)

    def until(self, tick: int) -> InputSchedule:
        """A copy holding only what this one holds up to `tick` (a range running past it is cut there)."""
        out = InputSchedule()
        out.ranges = [r if r.last <= tick else replace(r, last=tick) for r in self.ranges if r.first <= tick]
        return out

    def replaced(self, first: int, last: int, held: PlayerInput) -> InputSchedule:
        """A copy where ticks `first`..`last` hold `held`: the ranges there are cut around it, and a range just
        before or after that holds the same (using no item where it would stop starting a range) joins it."""
        kept: list[InputRange] = []
        for r in self.ranges:
            if r.last < first or r.first > last:
                kept.append(r)
                continue
            if r.first < first:
                kept.append(replace(r, last=first - 1))
            if r.last > last:   # the tail no longer starts the range: its item use belonged to the first tick
                kept.append(InputRange(last + 1, r.last, replace(r.held, use=None)))
        before = next((r for r in kept if r.last == first - 1 and r.held == held and held.use is None), None)
        after = next((r for r in kept if r.first == last + 1 and r.held == held and r.held.use is None), None)
        out = InputSchedule()
        out.ranges = [r for r in kept if r is not before and r is not after]
        out.ranges.append(InputRange(before.first if before else first, after.last if after else last, held))
        out.ranges.sort(key=lambda r: r.first)
        return out
