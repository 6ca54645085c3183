"""`RepeaterBlock`: a gate of delay 1–4 (2 to 8 game ticks), locked by a powered gate at its side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import REPEATER_DELAY_FACTOR, REPEATER_MAX_DELAY
from engine.redstone import neighbor_updates as nu
from engine.redstone.gates import GATES, RedstoneGate, facing
from engine.redstone.registry import register

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.redstone.directions import Direction
    from engine.world.blocks import BlockState
    from engine.world.world import World


class Repeater(RedstoneGate):
    def update_delay(self, state: BlockState) -> int:
        return int(state.get("delay")) * REPEATER_DELAY_FACTOR

    def is_locked(self, world: World, pos: BlockPos, state: BlockState) -> bool:
        """`RepeaterBlock.isLocked`: a side input above 0 (only gates count)."""
        return self.max_input_level_sides(world, pos, state) > 0

    def is_valid_input(self, state: BlockState) -> bool:
        return state.block in GATES

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """A shape update from a side sets `locked` (from 1.20.2 after the gate's test of the block below)."""
        state = super().get_state_for_neighbor_update(sim, state, direction, neighbor, pos, neighbor_pos)
        if state.block == "repeater" and direction.axis != facing(state).axis:
            return state.with_("locked", self.is_locked(sim.world, pos, state))
        return state

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """`RepeaterBlock.onUse`: the delay cycles 1 → 2 → 3 → 4 → 1 (flags 3)."""
        delay = int(state.get("delay")) % REPEATER_MAX_DELAY + 1
        nu.set_block_state(sim, pos, state.with_("delay", delay), nu.NOTIFY_ALL)
        return True


register(("repeater",), Repeater())
