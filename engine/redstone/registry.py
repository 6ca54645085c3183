"""The redstone-relevant methods of vanilla's `AbstractBlock`, one `Behaviour` per block family, looked up by block
name. The defaults are `Block`'s: no power, no reaction to neighbours, the state unchanged by shape updates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.versions import refusal
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.redstone.directions import Direction
    from engine.world.blocks import BlockState
    from engine.world.world import World


class Behaviour:
    """`AbstractBlock`'s hooks as the redstone code calls them; a component overrides those its class does."""

    def emits_redstone_power(self, state: BlockState) -> bool:
        """`AbstractBlock.emitsRedstonePower`."""
        return False

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        """`AbstractBlock.getWeakRedstonePower`: the power given to the block at pos − direction."""
        return 0

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        """`AbstractBlock.getStrongRedstonePower`."""
        return 0

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """`AbstractBlock.neighborUpdate`."""

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`AbstractBlock.scheduledTick`."""

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        """`AbstractBlock.onBlockAdded`."""

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        """`AbstractBlock.onStateReplaced`."""

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """`AbstractBlock.getStateForNeighborUpdate`: a shape update from the neighbour at pos + direction."""
        return state

    def prepare(self, sim: TickContext, state: BlockState, pos: BlockPos, flags: int, depth: int) -> None:
        """`AbstractBlock.prepare`: shape updates a block sends beyond its six neighbours (wire)."""

    def on_synced_block_event(self, sim: TickContext, state: BlockState, pos: BlockPos, kind: int, data: int) -> None:
        """`AbstractBlock.onSyncedBlockEvent` of a block without a block entity (pistons have their own path)."""

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """`AbstractBlock.onUse` with an empty hand: whether the block reacted (false: `ActionResult.PASS`)."""
        return False

    def on_exploded(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`AbstractBlock.onExploded` of an explosion that `canTriggerBlocks` (1.21, a wind charge's TRIGGER_BLOCK):
        nothing for a block that does not react (the explosion removes no block)."""

    def is_usable(self) -> bool:
        """Whether a player's click can do something to the block (it overrides `on_use`)."""
        return type(self).on_use is not Behaviour.on_use

    def has_comparator_output(self, state: BlockState) -> bool:
        """`AbstractBlock.hasComparatorOutput`."""
        return False

    def get_comparator_output(self, world: World, state: BlockState, pos: BlockPos) -> int:
        """`AbstractBlock.getComparatorOutput`."""
        return 0


DEFAULT = Behaviour()
BEHAVIOURS: dict[str, Behaviour] = {}


def register(names: list[str] | tuple[str, ...] | frozenset[str], behaviour: Behaviour) -> None:
    for name in names:
        BEHAVIOURS[name] = behaviour


def behaviour(block: str) -> Behaviour:
    """The behaviour of a block name; `Block`'s defaults for blocks without redstone behaviour."""
    return BEHAVIOURS.get(block, DEFAULT)


USABLE = ("levers, buttons, note blocks, repeaters, comparators, redstone wire, wooden doors, trapdoors and fence "
          "gates")   # what `is_usable` accepts, in words (refusals name it)


def is_usable(block: str) -> bool:
    """Whether a player's click can do something to the block."""
    return behaviour(block).is_usable()


# the blocks whose own logic is redstone's (sources and gates); consumers (TNT, pistons, dispensers, doors, lamps,
# note blocks, rails) act on the power these give, so the versions table's "redstone" row is met through them
COMPONENTS = frozenset({"redstone_wire", "redstone_torch", "redstone_wall_torch", "repeater", "comparator",
                        "observer", "lever", "target", "redstone_block", "detector_rail", "lightning_rod",
                        *phys.WOODEN_BUTTONS,
                        *phys.STONE_BUTTONS, *phys.PRESSURE_PLATES})


def check_version(sim: TickContext, what: str) -> None:
    """Stop with the versions table's line where the version's redstone is not simulated (the `redstone` row)."""
    if "redstone" in sim.features.refused:
        raise refusal(sim.features, "redstone", f"{what}, tick {sim.tick_count}")
