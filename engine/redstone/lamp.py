"""`RedstoneLampBlock`: lit at once when powered, unlit 4 ticks after it loses power; in 1.12.2 a lamp set in a
state its power contradicts changes at once (`lamp_added_updates_1_12`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import LAMP_OFF_DELAY
from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.registry import Behaviour, register

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState


class RedstoneLamp(Behaviour):
    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        """1.12.2 `BlockRedstoneLight.onBlockAdded` (`lamp_added_updates_1_12`): a lamp set lit without power turns
        off, one set unlit with power lights, at once (flags 2); from 1.13 nothing."""
        if not sim.features.lamp_added_updates_1_12:
            return
        lit = state.get("lit") == "true"
        if lit != power.is_receiving_redstone_power(sim.world, pos):
            nu.set_block_state(sim, pos, state.with_("lit", not lit), nu.NOTIFY_LISTENERS)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        world = sim.world
        lit = state.get("lit") == "true"
        if lit != power.is_receiving_redstone_power(world, pos):
            if lit:
                world.block_ticks.schedule(world.game_time, pos, state.block, LAMP_OFF_DELAY)
            else:
                nu.set_block_state(sim, pos, state.with_("lit", True), nu.NOTIFY_LISTENERS)

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        if state.get("lit") == "true" and not power.is_receiving_redstone_power(sim.world, pos):
            nu.set_block_state(sim, pos, state.with_("lit", False), nu.NOTIFY_LISTENERS)


register(("redstone_lamp",), RedstoneLamp())
