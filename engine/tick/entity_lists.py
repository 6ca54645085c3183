"""The lists of entities a tick walks (the live ones, the riders, the players, the runs of one kind), kept between
ticks while nothing changed who is in the world: an entity loaded, unloaded or removed, or a rider mounting or
dismounting counts as an edit (engine.core.edits), and the next reading rebuilds them. Idle worlds of many entities
then pay no Python loop over all of them per tick."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from engine.core.edits import edits
from engine.entities.entity import Entity


class EntityLists:
    """One reading of `world.entities` in load order; each list is made on first use."""

    def __init__(self, world: Any) -> None:
        self.world = world
        self.edits = edits()
        self.everyone = list(world.entities.values())   # removed ones included: the loop unloads them at their turn

    def current(self, world: Any) -> bool:
        """Still what `world.entities` holds (no edit since, the same world)."""
        return world is self.world and edits() == self.edits

    @cached_property
    def live(self) -> list[Entity]:
        return [e for e in self.everyone if not e.removed]

    @cached_property
    def riders(self) -> list[Entity]:
        return [e for e in self.everyone if e.vehicle is not None]

    @cached_property
    def players(self) -> list[Entity]:
        return [e for e in self.live if e.is_player]

    @cached_property
    def runs(self) -> list[tuple[type[Entity], int, int]]:
        return runs_of(self.everyone)


def runs_of(order: list[Entity]) -> list[tuple[type[Entity], int, int]]:
    """`order` cut into runs of consecutive entities of one kind: (kind, first, end)."""
    out: list[tuple[type[Entity], int, int]] = []
    i = 0
    while i < len(order):
        kind = type(order[i])
        j = i + 1
        while j < len(order) and type(order[j]) is kind:
            j += 1
        out.append((kind, i, j))
        i = j
    return out
