"""What a living kind's compiled loop reads of the entities beside its own rows (docs/architecture.md, "Entities as
rows; stages compiled"): the boxes a tick may push in `LivingEntity.tickCramming` (`isPushable`: living entities
alive and not climbing, boats, minecarts) and those `Entity.move` and the pose checks collide with (`isCollidable`:
boats, shulkers). The players' loop (engine.living.player.PlayerBatch) and the mobs' (engine.living.mob.MobBatch)
file them (`minecart_kernel.file_boxes`) and hand back an entity whose tick meets one (`player_kernel.pushable_met`,
`solid_near`)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from engine.entities.entity import Entity


def may_meet(e: Entity) -> bool:
    """Whether another entity's tick may push `e` (its kind has its own `isPushable`) or collide with it."""
    return e.collidable or type(e).is_pushable is not Entity.is_pushable


def neighbour_boxes(found: Iterable[Entity]) -> tuple[np.ndarray, np.ndarray]:
    """The boxes (rows of six) of those of `found` pushable now, and of the solid ones."""
    found = list(found)
    pushables = [tuple(e.box) for e in found if e.is_pushable()]
    solids = [tuple(e.box) for e in found if e.collidable]
    return (np.array(pushables, dtype=np.float64).reshape(len(pushables), 6),
            np.array(solids, dtype=np.float64).reshape(len(solids), 6))
