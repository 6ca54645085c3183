"""What stage code sees of the running simulation: the tick context (spec 01 §7).

Entity ticks, block entities, explosions and the other stages take a `TickContext`, not the whole `Simulation`
(engine/tick/simulation.py), which satisfies it structurally. Like the trace, this floor names no type above it:
`world` is an `engine.world.world.World` and an entity an `engine.entities.entity.Entity`.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from engine.core.trace import Recorder
from engine.core.versions import Features
from engine.geometry.box import Vec3
from engine.java.jrandom import JavaRandom


@runtime_checkable
class TickContext(Protocol):
    """The members of `Simulation` that the stages of a tick read or call."""

    world: Any                  # World: blocks, sections, entities, block entities, border
    features: Features          # the version's differences (engine/core/versions.py)
    random: JavaRandom          # World.random
    math_random: JavaRandom     # java.lang.Math.random(): unseeded in the game, the scene's math_random_seed here
    scatter_random: JavaRandom  # ItemScatterer's static Random: unseeded in the game, seeded 0 here
    tick_count: int
    server_ticks: int | None    # MinecraftServer.getTicks() at tick 0 (scene.server_ticks), None where not given
    seed: int                   # the scene seed (an explosion's fire Random)
    max_entity_cramming: int    # the maxEntityCramming game rule
    redstone_log: dict[str, list[dict[str, Any]]] | None   # the tick's redstone record while traced (engine/redstone)
    explosion_step: Any         # what an explosion does (engine.influences.explosion.explode, or a test's step)

    @property
    def entities(self) -> list[Any]:
        """Live entities in update order."""
        ...

    @property
    def players(self) -> list[Any]:
        """Live players in update order."""
        ...

    def entity_by_id(self, entity_id: int) -> Any | None: ...

    def create(self, cls: type, pos: Vec3, motion: Vec3 = ..., entity_id: int | None = None) -> Any:
        """A new entity object with the next id (vanilla's counter); not yet in the world."""
        ...

    def add_entity(self, entity: Any) -> None:
        """`World.spawnEntity`."""
        ...

    def emit(self, event: dict[str, Any]) -> None: ...

    def create_explosion(self, source: Any, center: Vec3, power: float, rec: Recorder | None,
                         mode: str = "break", fire: bool = False, source_name: str | None = None) -> None: ...

    def drop_item_of(self, entity: Any, state: Any) -> None:
        """`Entity.dropItem(block)`."""
        ...

    def change_dimension(self, entity: Any, dimension: str, portal: tuple[int, int, int]) -> None: ...
