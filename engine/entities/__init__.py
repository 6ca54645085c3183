"""Entity types by vanilla id."""

from __future__ import annotations

from engine.entities.falling_block import FallingBlock
from engine.entities.item import Item
from engine.entities.tnt import Tnt
from engine.entities.xp_orb import ExperienceOrb
from engine.entity import Entity

ENTITY_TYPES: dict[str, type[Entity]] = {cls.TYPE: cls for cls in (Tnt, FallingBlock, Item, ExperienceOrb)}
