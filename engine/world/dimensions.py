"""The dimensions' vertical extent (`DimensionType` min_y and height) by release: what the void below the world
and a falling block's drop outside it test (`HeightLimitView.getBottomY`/`getTopY`).

Up to 1.17.1 every dimension spans y 0..255; from 1.18 (`world_height_1_18`) the overworld spans −64..319, the
nether and the end keep 0..255. A scene names its dimension with `scene.dimension` (the overworld by default, the
nether where a scene says only `ultrawarm = true`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import OVERWORLD_BOTTOM_Y_1_18, OVERWORLD_HEIGHT_1_18, VOID_DEPTH, WORLD_HEIGHT

if TYPE_CHECKING:
    from engine.core.versions import Features

DIMENSIONS = ("overworld", "the_nether", "the_end")


def bottom_y(dimension: str, features: Features) -> int:
    """`HeightLimitView.getBottomY`: the lowest block row."""
    return OVERWORLD_BOTTOM_Y_1_18 if features.world_height_1_18 and dimension == "overworld" else 0


def top_y(dimension: str, features: Features) -> int:
    """`HeightLimitView.getTopY`: one above the highest block row (bottom + height)."""
    height = OVERWORLD_HEIGHT_1_18 if features.world_height_1_18 and dimension == "overworld" else WORLD_HEIGHT
    return bottom_y(dimension, features) + height


def void_y(dimension: str, features: Features) -> float:
    """`Entity.attemptTickInVoid`: an entity below this y is removed (the bottom − 64; −64 up to 1.17.1)."""
    return float(bottom_y(dimension, features) - VOID_DEPTH)
