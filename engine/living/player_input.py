"""What a player holds in each tick (spec 05 §4.6; interfaces.md "Players, mobs and their inputs").

A scene's `[[inputs]]` entries give, for an entity and an inclusive tick range, the keys held and optionally a
look direction (which stays until changed) and an item used at the range's first tick. `InputSchedule.at(t)`
answers what is held in tick t; a tick no range covers holds nothing. A schedule is never changed in place (the
snapshots of a run share it): `replaced` and `until` give a new one, as recording keys in the viewer does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

KEYS = ("forward", "back", "left", "right", "jump", "sprint", "sneak")


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

    def overlapping(self, r: InputRange) -> InputRange | None:
        """A range already present that shares a tick with `r` and holds something else."""
        return next((o for o in self.ranges if o.first <= r.last and r.first <= o.last and o.held != r.held), None)

    def add(self, r: InputRange) -> None:
        self.ranges.append(r)

    def at(self, tick: int) -> PlayerInput:
        """What is held in `tick`; `use` only in a range's first tick."""
        for r in self.ranges:
            if r.first <= tick <= r.last:
                if r.held.use is not None and tick != r.first:
                    return PlayerInput(**{**r.held.__dict__, "use": None})
                return r.held
        return NOTHING

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
