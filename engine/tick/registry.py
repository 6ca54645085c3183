"""Entity types by vanilla id (imports every entity module)."""

from __future__ import annotations

from engine.core.versions import Version, parse_version, version_text
from engine.entities.arrow import PERSISTENT_TYPES
from engine.entities.boat import Boat
from engine.entities.end_crystal import EndCrystal
from engine.entities.entity import Entity
from engine.entities.falling_block import FallingBlock
from engine.entities.fireball import EXPLOSIVE_TYPES
from engine.entities.firework import FireworkRocket
from engine.entities.fishing_bobber import FishingBobber
from engine.entities.item import Item
from engine.entities.leash_knot import LeashKnot
from engine.entities.llama_spit import LlamaSpit
from engine.entities.minecart import Minecart
from engine.entities.thrown import THROWN_TYPES
from engine.entities.tnt import Tnt
from engine.entities.tnt_minecart import TntMinecart
from engine.entities.wind_charge import WIND_CHARGE_TYPES
from engine.entities.xp_orb import ExperienceOrb
from engine.living.armor_stand import ArmorStand
from engine.living.creeper import Creeper
from engine.living.mobs import MOB_TYPES
from engine.living.player import PlayerEntity
from engine.living.shulker import Shulker

ENTITY_TYPES: dict[str, type[Entity]] = {
    cls.TYPE: cls for cls in (Tnt, FallingBlock, Item, ExperienceOrb, PlayerEntity, *THROWN_TYPES,
                              *PERSISTENT_TYPES, *EXPLOSIVE_TYPES, *WIND_CHARGE_TYPES, LlamaSpit, ArmorStand,
                              *MOB_TYPES, LeashKnot, FishingBobber, Boat, Minecart, TntMinecart, Creeper, EndCrystal,
                              Shulker, FireworkRocket)}

# The types modelled here that the oldest accepted releases lack (1.13 added tridents and phantoms); the wind charges
# of 1.21 are the versions table's `wind_charge` row, refused where they tick
ADDED_IN: dict[str, Version] = {"minecraft:trident": (1, 13, 0), "minecraft:phantom": (1, 13, 0)}


def missing_type(type_: str, release: str) -> str | None:
    """Why a scene of `release` may not hold or throw an entity of `type_`, or None where the release has it."""
    first = ADDED_IN.get(type_)
    if first is not None and parse_version(release) < first:
        return f"{type_} does not exist before {version_text(first)} (version {release})"
    return None
