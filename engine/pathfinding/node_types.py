"""`PathNodeType` (Mojang `BlockPathTypes`): the block path types of 1.16.5 with their default penalties
(spec 07 §3; 1.16.5 still has DANGER_CACTUS / DAMAGE_CACTUS, which 1.19.4 removed, and lacks the 1.17 POWDER_SNOW
and DANGER_POWDER_SNOW: a search meeting powder snow stops, `navigation.refuse_powder_snow`), and 1.20's
DAMAGE_CAUTIOUS and 1.20.3's DANGER_TRAPDOOR, last in the enum as there."""

from __future__ import annotations

from enum import Enum


class PathNodeType(Enum):
    """Each member's value is (ordinal, default penalty); the ordinal fixes `EnumSet` iteration order."""

    BLOCKED = (0, -1.0)
    OPEN = (1, 0.0)
    WALKABLE = (2, 0.0)
    WALKABLE_DOOR = (3, 0.0)
    TRAPDOOR = (4, 0.0)
    FENCE = (5, -1.0)
    LAVA = (6, -1.0)
    WATER = (7, 8.0)
    WATER_BORDER = (8, 8.0)
    RAIL = (9, 0.0)
    UNPASSABLE_RAIL = (10, -1.0)
    DANGER_FIRE = (11, 8.0)
    DAMAGE_FIRE = (12, 16.0)
    DANGER_CACTUS = (13, 8.0)
    DAMAGE_CACTUS = (14, -1.0)
    DANGER_OTHER = (15, 8.0)
    DAMAGE_OTHER = (16, -1.0)
    DOOR_OPEN = (17, 0.0)
    DOOR_WOOD_CLOSED = (18, -1.0)
    DOOR_IRON_CLOSED = (19, -1.0)
    BREACH = (20, 4.0)
    LEAVES = (21, -1.0)
    STICKY_HONEY = (22, 8.0)
    COCOA = (23, 0.0)
    DAMAGE_CAUTIOUS = (24, 0.0)   # 1.20: wither roses and pointed dripstone (features.path_damage_cautious)
    DANGER_TRAPDOOR = (25, 0.0)   # 1.20.3: the cell above a trapdoor (features.path_danger_trapdoor)

    @property
    def ordinal(self) -> int:
        return self.value[0]

    @property
    def default_penalty(self) -> float:
        """`PathNodeType.getDefaultPenalty` (a float; all values are exact in float)."""
        return self.value[1]
