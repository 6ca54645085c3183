"""The world's Random once the game has drawn from it in ways the engine does not run (`UnknownRandom`): the
engine no longer knows its state, so a later draw whose value the run reads stops the run in one line naming
what made the state unknown, on the object path and in the compiled loops alike (they take the seed through
`get_state`, which stops too). A draw whose value nothing reads — a sound's pitch or seed, drawn through
`JavaRandom.discard_floats`, `discard_doubles` or `discard_long` — leaves it unknown and the run goes on. (The
compiled loops draw no such value from the world's Random but an all-air explosion's shuffle, which runs only
where every entity is TNT, after the block rays have read it.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from engine.java.jrandom import JavaRandom, RandomState

if TYPE_CHECKING:
    from engine.core.context import TickContext


class UnknownRandom(JavaRandom):
    """`World.random` of unknown state. Every draw whose value the run reads stops the run but `nextInt(1)`, which
    is 0 whatever the seed (the bound is a power of two: (1 × next(31)) >> 31); a discarded draw (`JavaRandom`'s
    `discard_*`) does nothing. Its state stays unknown. Immutable: a snapshot keeps it."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:      # no seed: nothing of the game's state is known
        self.reason = reason

    def stop(self) -> NoReturn:
        raise NotImplementedError(f"the world's Random is read after {self.reason}: its state is not the game's")

    def __copy__(self) -> UnknownRandom:
        return self

    def get_state(self) -> RandomState:
        self.stop()

    def next(self, bits: int) -> int:
        self.stop()

    def next_int(self, bound: int | None = None) -> int:
        if bound == 1:
            return 0
        self.stop()

    def next_gaussian(self) -> float:
        self.stop()

    def _advance(self, steps: int) -> None:
        """A draw whose value nothing reads (`discard_floats`, `discard_doubles`, `discard_long`: a sound's pitch
        or seed) changes nothing the run knows: the state stays unknown and the run goes on."""


def make_unknown(sim: TickContext, reason: str) -> None:
    """Mark the world's Random unknown from now on, `reason` naming the first unmodelled draws (kept if it is
    already unknown)."""
    if not isinstance(sim.random, UnknownRandom):
        sim.random = UnknownRandom(reason)
