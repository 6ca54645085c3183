"""`LightningRodBlock` (1.17): a power emitter (wire connects to it) giving 15 while `powered`, strongly only into
the block it stands on or hangs from; its block tick turns it off. Lightning is not modelled, so a rod is powered
only as a scene gives it. Placed powered without its block tick scheduled (`onBlockAdded`), it is set unpowered at
once up to 1.21.8, and from 1.21.9 (`onPlace`, `lightning_rod_place_schedules_tick`) keeps its power until the
block tick it schedules 8 ticks later."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import LIGHTNING_ROD_DELAY, REDSTONE_MAX_POWER
from engine.redstone import neighbor_updates as nu
from engine.redstone.directions import BY_NAME, offset
from engine.redstone.registry import Behaviour, register

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.redstone.directions import Direction
    from engine.world.blocks import BlockState
    from engine.world.world import World

LIGHTNING_ROD = "lightning_rod"


class LightningRod(Behaviour):
    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return REDSTONE_MAX_POWER if state.get("powered") == "true" else 0

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        powered = state.get("powered") == "true" and state.get("facing") == direction.name
        return REDSTONE_MAX_POWER if powered else 0

    @staticmethod
    def update_neighbors(sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`updateNeighbors`: around the block behind its tip."""
        nu.update_neighbors_always(sim, offset(pos, BY_NAME[state.get("facing")].opposite), LIGHTNING_ROD)

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        nu.set_block_state(sim, pos, state.with_("powered", False), nu.NOTIFY_ALL)
        self.update_neighbors(sim, state, pos)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if new.block != state.block and state.get("powered") == "true":
            self.update_neighbors(sim, state, pos)

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        ticks = sim.world.block_ticks
        if old.block == state.block or state.get("powered") != "true" or ticks.is_scheduled(pos, state.block):
            return
        if sim.features.lightning_rod_place_schedules_tick:
            ticks.schedule(sim.world.game_time, pos, state.block, LIGHTNING_ROD_DELAY)
        else:
            nu.set_block_state(sim, pos, state.with_("powered", False), nu.NOTIFY_LISTENERS | nu.FORCE_STATE)


register((LIGHTNING_ROD,), LightningRod())
