"""Imports every component module, each of which registers its blocks' behaviour (`registry.register`)."""

from engine.redstone import (  # noqa: F401
    consumers,
    doors,
    gates,
    lamp,
    observer,
    plates,
    rails,
    repeater,
    switches,
    torch,
    wire,
)
