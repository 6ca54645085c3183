"""A stand-in for a server player until players are simulated (spec 06 §10): the thrower and owner of projectiles.

It has the player's box (0.6F × 1.8F) and standing eye height (1.62F), collides (projectiles can hit it once
they have left it) and takes damage (arrows stop in it). Its own entity-phase tick moves nothing, as
`ServerPlayerEntity.tick` does; a player's movement comes from its client in the player phase, which is not
simulated, so the marker stays where the scene or an ender pearl puts it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import PLAYER_EYE_HEIGHT, PLAYER_HEIGHT, PLAYER_WIDTH
from engine.entities.entity import Entity

if TYPE_CHECKING:
    from engine.tick.simulation import Simulation
    from engine.tick.trace import Recorder


class PlayerMarker(Entity):
    TYPE = "minecraft:player"
    WIDTH = PLAYER_WIDTH
    HEIGHT = PLAYER_HEIGHT
    living = True
    is_player = True

    @property
    def eye_height(self) -> float:
        return PLAYER_EYE_HEIGHT   # PlayerEntity.getActiveEyeHeight, standing

    def tick(self, sim: Simulation, rec: Recorder | None) -> None:
        """`ServerPlayerEntity.tick` moves nothing."""
