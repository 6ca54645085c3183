"""Items broken and removed blocks drop, 1.16–1.16.5 (`LOOT_RELEASES`): `Block.dropStacks` (a block broken by
`World.breakBlock(pos, true)` or by its own `neighborUpdate`: its loot rolled at once with the world Random, no
tool, no explosion radius, each stack dropped), `Block.dropStack` (three world-Random floats, then the item) and
`ItemScatterer.spawn` (a container's inventory scattered by its removal hook). An explosion's own drops are
engine/influences/explosion_loot.py.

`ItemScatterer` draws from its own static `Random`, unseeded in the game (`new Random()`); here `sim.scatter_random`
stands in for it (seeded 0, or the state a scene gives as `scatter_random`: any state is a possible game run), so
its draws never touch the world Random.

In the other releases nothing is rolled, dropped nor scattered, as before (docs/versions.md, the `explosion` row).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine.constants import (
    BLOCK_DROP_MARGIN,
    BLOCK_DROP_SPREAD,
    ITEM_WIDTH,
    SCATTER_SPLIT_BASE,
    SCATTER_SPLIT_SPREAD,
    SCATTER_VELOCITY_SPREAD,
    SCATTER_VELOCITY_Y,
)
from engine.core.versions import parse_version, refusal
from engine.entities.item import spawn_dropped
from engine.geometry.box import BlockPos, Vec3
from engine.world.loot import LootNotModelled, Stack, get_dropped_stacks

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.world.blocks import BlockState

LOOT_RELEASES = ((1, 16, 0), (1, 17, 0))   # the releases whose loot is read: [first, stop)
# AbstractBlock.onStacksDropped does more than nothing (experience orbs from the world Random, a silverfish)
STACKS_DROPPED_BLOCKS = frozenset({"coal_ore", "diamond_ore", "emerald_ore", "lapis_ore", "nether_quartz_ore",
                                   "nether_gold_ore", "redstone_ore", "spawner", "infested_stone",
                                   "infested_cobblestone", "infested_stone_bricks", "infested_mossy_stone_bricks",
                                   "infested_cracked_stone_bricks", "infested_chiseled_stone_bricks"})


@lru_cache(maxsize=64)
def loot_modelled(version: str) -> bool:
    """Whether the release's block loot is read (`LOOT_RELEASES`)."""
    first, stop = LOOT_RELEASES
    return first <= parse_version(version) < stop


def drop_stacks(sim: TickContext, state: BlockState, pos: BlockPos) -> None:
    """`Block.dropStacks(state, world, pos, blockEntity)` of a block broken at `pos` (before it becomes air): its
    stacks (`getDroppedStacks`: no tool, no radius, no entity) each dropped at once (`drop_stack`), then
    `onStacksDropped` (nothing for the blocks not in `STACKS_DROPPED_BLOCKS`, which stop the run)."""
    if not loot_modelled(sim.features.version):
        return
    where = f"{state.block} at {list(pos)}, tick {sim.tick_count}"
    if state.block in STACKS_DROPPED_BLOCKS:
        raise refusal(sim.features, "redstone", where, f"block loot: {state.block}'s onStacksDropped (experience "
                      "or a silverfish) is not modelled")
    try:
        stacks = get_dropped_stacks(state, sim.random, None, False)
    except LootNotModelled as e:
        raise refusal(sim.features, "redstone", where, f"block loot: {e}") from None
    for stack in stacks:
        drop_stack(sim, pos, stack)


def drop_stack(sim: TickContext, pos: BlockPos, stack: Stack) -> None:
    """`Block.dropStack` (1.14–1.16.5): three world-Random nextFloat() * 0.5F + 0.25 offsets from the block's corner,
    then `new ItemEntity(world, x, y, z, stack)` (`spawn_dropped`: its Random's yaw and Motion, the default pickup
    delay), spawned."""
    if stack[1] <= 0:
        return
    r = sim.random
    dx = r.next_float() * BLOCK_DROP_SPREAD + BLOCK_DROP_MARGIN
    dy = r.next_float() * BLOCK_DROP_SPREAD + BLOCK_DROP_MARGIN
    dz = r.next_float() * BLOCK_DROP_SPREAD + BLOCK_DROP_MARGIN
    item = spawn_dropped(sim, pos[0] + dx, pos[1] + dy, pos[2] + dz, stack[0])
    item.stack_count = stack[1]
    sim.add_entity(item)


def scatter(sim: TickContext, pos: BlockPos, slots: int) -> None:
    """`ItemScatterer.spawn(world, pos, inventory)` of the container at `pos` (`slots` its inventory's size, the
    contents `World.containers`): for each slot, empty or not, a point drawn from the scatterer's Random
    (nextDouble() × (1 − w) + w / 2 for X and Z, nextDouble() × (1 − w) for Y, w the item's width), then while the
    stack lasts an item of nextInt(21) + 10 of it (`ItemStack.split`) at that point — its own yaw and Motion, then
    Motion (nextGaussian() × 0.05F, nextGaussian() × 0.05F + 0.2F, nextGaussian() × 0.05F), no pickup delay —
    spawned."""
    if not loot_modelled(sim.features.version):
        return
    r = sim.scatter_random
    width = float(ITEM_WIDTH)
    counts = {slot: (item, count) for slot, item, count in sim.world.containers.get(pos, ())}
    for slot in range(slots):
        x = pos[0] + r.next_double() * (1.0 - width) + width * 0.5
        y = pos[1] + r.next_double() * (1.0 - width)
        z = pos[2] + r.next_double() * (1.0 - width) + width * 0.5
        item, left = counts.get(slot, ("", 0))
        while left > 0:
            split = min(left, r.next_int(SCATTER_SPLIT_SPREAD) + SCATTER_SPLIT_BASE)
            left -= split
            entity = spawn_dropped(sim, x, y, z, item)
            entity.pickup_delay = 0   # no setToDefaultPickupDelay
            entity.stack_count = split
            entity.motion = Vec3(r.next_gaussian() * SCATTER_VELOCITY_SPREAD,
                                 r.next_gaussian() * SCATTER_VELOCITY_SPREAD + SCATTER_VELOCITY_Y,
                                 r.next_gaussian() * SCATTER_VELOCITY_SPREAD)
            sim.add_entity(entity)
