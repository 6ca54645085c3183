"""Imports every component module, each of which registers its blocks' behaviour (`registry.register`)."""

from engine.redstone import consumers, gates, lamp, repeater, switches, torch, wire  # noqa: F401
