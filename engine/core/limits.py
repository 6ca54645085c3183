"""Where vanilla itself would stall: a tick whose loops would visit more blocks or chunks than a server gets
through (a raycast or an entity query across a billion cells, an explosion of an NBT-sized power). The run
stops with one line naming the entity, the tick and why, instead of hanging (docs/fidelity.md, reliability)."""

from __future__ import annotations

from typing import Any

MAX_RAYCAST_BLOCKS = 100_000        # a raycast this long loads ~6,000 chunks in vanilla: seconds per tick
MAX_QUERY_CHUNKS = 2**32            # getOtherEntities visits every chunk column of its box, loaded or not
MAX_EXPLOSION_POWER = 128           # block rays of power p walk 1352 × ~5.8·p steps (spec 04 §15)
# Explosion.getExposure samples (2w+2)² (2h+2) points of an entity box (w, h its sides): the largest box vanilla makes
# (a slime of size 127, ~65 m) takes 2.3M; a box from NBT wider than ~1.7e7 m makes the float loop step zero
MAX_EXPOSURE_SAMPLES = 1 << 24
# getOtherEntities looks at every entity of the sections near its box, so N entities in one place that each query
# (cramming, a projectile's hit test) cost N² a tick, in vanilla as here: ~720 stacked players reach this
MAX_QUERIED_ENTITIES = 1 << 19


class SimulationLimit(RuntimeError):
    """A loop vanilla would run for minutes or forever; `during` names the entity and the tick."""

    def __init__(self, why: str, where: str = "") -> None:
        super().__init__(why)
        self.why = why
        self.where = where

    def during(self, entity: Any, tick: int) -> SimulationLimit:
        """The same limit, naming the entity whose tick ran into it (the innermost one, once named)."""
        if self.where:
            return self
        return SimulationLimit(self.why, f"tick {tick}: entity #{entity.id} {entity.TYPE}")

    def __str__(self) -> str:
        head = f"{self.where}: " if self.where else ""
        return f"{head}{self.why}: beyond what can be simulated"
