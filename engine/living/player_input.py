"""What a player holds in each tick (spec 05 §4.6; interfaces.md "Players, mobs and their inputs").

A scene's `[[inputs]]` entries give, for an entity and an inclusive tick range, the keys held and optionally a
look direction (which stays until changed) and an item used at the range's first tick. `InputSchedule.at(t)`
answers what is held in tick t; a tick no range covers holds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

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
