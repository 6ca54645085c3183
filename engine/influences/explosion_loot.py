"""An explosion's block drops (1.16–1.16.5 `Explosion.affectWorld`): each destroyed block's loot, rolled with the
world Random at its turn in the shuffled order before it becomes air (`engine.world.loot`: no tool, the radius for
DESTROY), merged into the explosion's list of (stack, position) pairs (`Explosion.tryMergeStack`), and after the
last block each pair dropped at its position (`Block.dropStack`).

Where a table's step is not modelled (`LootNotModelled`) the run stops in one line naming the block. A block that
a removal's updates break drops its loot at once (`Block.replace` → `World.breakBlock`, or its own
`neighborUpdate`: engine/influences/block_drops.py `drop_stacks`), and a container removed scatters its inventory
(`ItemScatterer`, the container's removal hook). The other releases' loot is not read (1.12.2–1.13.2
`dropBlockAsItemWithChance`, a chance draw per item; 1.14–1.14.4 drop each block's stacks at once; 1.15–1.15.2
and 1.17+ tables not generated, 1.17+ `Block.dropStack` not read): there nothing is rolled nor dropped, as before
(docs/versions.md, the `explosion` row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import EXPLOSION_MERGE_MAX
from engine.core.versions import refusal
from engine.entities.item_registry import max_count
from engine.influences.block_drops import drop_stack, loot_modelled
from engine.world.loot import LootNotModelled, Stack, get_dropped_stacks

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.world.blocks import BlockState

BlockPos = tuple[int, int, int]
MECHANIC = "explosion"
NO_LOOT_BLOCKS = frozenset({"tnt"})   # shouldDropItemsOnExplosion false: TntBlock (primed instead)


class ExplosionDrops:
    """`affectWorld`'s `ObjectArrayList<Pair<ItemStack, BlockPos>>` of one explosion (at `center`, named where the
    run stops); `radius` its power for a DESTROY explosion (the loot's `EXPLOSION_RADIUS`), None for BREAK;
    `entity` whether it has a source entity (the loot's `THIS_ENTITY`: not for beds and anchors)."""

    __slots__ = ("sim", "radius", "pairs", "center", "entity", "modelled")

    def __init__(self, sim: TickContext, center: tuple[float, ...] | None, radius: float | None,
                 entity: bool = True) -> None:
        self.sim, self.center, self.radius, self.entity = sim, center, radius, entity
        self.pairs: list[tuple[Stack, BlockPos]] = []
        self.modelled = sim is None or loot_modelled(sim.features.version)

    def _stop(self, block: str, pos: BlockPos, what: str) -> NotImplementedError:
        at = "" if self.center is None else f" at {self.center}"
        where = f"{block} at {list(pos)} (the explosion{at}, tick {self.sim.tick_count})"
        return refusal(self.sim.features, MECHANIC, where, f"explosion loot: {what}")

    def roll(self, state: BlockState, pos: BlockPos) -> None:
        """The loot of the block `state` at `pos` (`shouldDropItemsOnExplosion`: all but TNT), each stack merged in
        (`tryMergeStack`)."""
        if state.block in NO_LOOT_BLOCKS or not self.modelled:
            return
        try:
            stacks = get_dropped_stacks(state, self.sim.random, self.radius, self.entity)
        except LootNotModelled as e:
            raise self._stop(state.block, pos, str(e)) from None
        for stack in stacks:
            self.try_merge_stack(stack, pos)

    def try_merge_stack(self, stack: Stack, pos: BlockPos) -> None:
        """`Explosion.tryMergeStack`: into each pair in order whose stack `ItemEntity.canMerge` (same item, the two
        counts within the item's maximum), `ItemEntity.merge(.., 16)`: up to 16 move; the rest, if any, a new pair at
        `pos`."""
        item = stack[0]
        most = min(max_count(item), EXPLOSION_MERGE_MAX)
        for held, _ in self.pairs:
            if held[0] == item and held[1] + stack[1] <= max_count(item):
                moved = min(most - held[1], stack[1])
                held[1] += moved
                stack[1] -= moved
                if stack[1] <= 0:
                    return
        self.pairs.append((stack, pos))

    def drop(self) -> None:
        """After the last block: `Block.dropStack` of each pair in order."""
        for stack, pos in self.pairs:
            drop_stack(self.sim, pos, stack)
