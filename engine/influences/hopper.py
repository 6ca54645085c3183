"""Hoppers taking items from above (`HopperBlockEntity.serverTick` → `insertAndExtract` → `extract` →
`getInputItemEntities`; 1.12.2 `TileEntityHopper.update` → `updateHopper` → `pullItems` → `getCaptureItems`): not
modelled (a hopper's inventory and its transfers are not), so the run stops in one line at the first tick a hopper
would take an item, before the game removes it (docs/versions.md, the `item` row).

A scene's hopper has a new block entity (`transferCooldown` −1, empty): every tick its turn among the block
entities counts the cooldown down, finds none, and, where its state is `enabled`, extracts (it is not full). Where a
container lies above, the game reads it instead; containers are not modelled, so an item in the area stops the run
there too. The input area is taken as the union of the releases' — 1.12.2's box (0, 0.5, 0)-(1, 2, 1) of the
cell, 1.13.2-1.20.4's `INSIDE_SHAPE` (2, 11, 2)-(14, 16, 14)/16 with `ABOVE_SHAPE` (0, 1, 0)-(1, 2, 1), 1.20.5's
single (0, 11/16, 0)-(1, 2, 1) (24w06a; 24w07a also skips items under a full cube above, `canBlockFromAbove`) —
so it may stop where a release's own area is just missed (an item between 0.5 and 11/16 above the cell's floor
outside 1.12.2, or over the rim outside 2/16..14/16 in 1.13.2-1.20.4)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import HOPPER_INPUT_MAX_Y, HOPPER_INPUT_MIN_Y
from engine.core.versions import refusal
from engine.entities.item import Item
from engine.geometry.box import Box
from engine.world.blocks import all_states

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.world.world import World


@cache
def _enabled_hopper_ids() -> np.ndarray:
    """The state ids of hoppers whose `enabled` is true (`HopperBlock.ENABLED`: not powered at its last update)."""
    return np.array([s.id for s in all_states() if s.block == "hopper" and s.get("enabled") == "true"],
                    dtype=np.uint16)


_found: tuple[World, int, list[tuple[int, int, int]]] | None = None


def enabled_hoppers(world: World) -> list[tuple[int, int, int]]:
    """The positions of the enabled hoppers, by section (kept while no block changes: `world.block_version`)."""
    global _found
    if _found is None or _found[0] is not world or _found[1] != world.block_version:
        ids = _enabled_hopper_ids()
        at = [(sx * 16 + x, sy * 16 + y, sz * 16 + z) for (sx, sy, sz), sec in world.sections()
              for y, z, x in np.argwhere(np.isin(sec, ids)).tolist()]
        _found = (world, world.block_version, at)
    return _found[2]


def input_area(x: int, y: int, z: int) -> Box:
    """The union of the releases' input areas over the hopper at (x, y, z)."""
    return Box(x, y + HOPPER_INPUT_MIN_Y, z, x + 1, y + HOPPER_INPUT_MAX_Y, z + 1)


def check_hoppers(sim: TickContext) -> None:
    """Before the block entities tick: stop where an enabled hopper's input area meets a live item's box
    (`getEntitiesByClass(ItemEntity.class, area, EntityPredicates.VALID_ENTITY)`, boxes meeting strictly)."""
    for pos in enabled_hoppers(sim.world):
        found = sim.world.get_entities(None, input_area(*pos), lambda e: isinstance(e, Item) and not e.removed)
        if found:
            raise refusal(sim.features, "item", f"the hopper at {list(pos)}, tick {sim.tick_count}",
                          f"it takes entity {found[0].id} (minecraft:item) (HopperBlockEntity.extract): hoppers "
                          "are not modelled")
