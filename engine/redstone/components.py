"""Imports every component module, each of which registers its blocks' behaviour (`registry.register`)."""

from engine.redstone import (  # noqa: F401
    consumers,
    doors,
    gates,
    gravity_blocks,
    lamp,
    lightning_rod,
    observer,
    plates,
    rails,
    repeater,
    switches,
    torch,
    wire,
)
from engine.redstone.registry import Behaviour, behaviour


def reacts_to_neighbor_update(block: str) -> bool:
    """Whether a neighbour update can do something to `block` (its behaviour overrides `neighborUpdate`; stone,
    air and the rest take `Block`'s, which does nothing): the viewer tells the updates that matter apart."""
    return type(behaviour(block)).neighbor_update is not Behaviour.neighbor_update
