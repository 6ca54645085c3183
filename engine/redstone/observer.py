"""`ObserverBlock`: a shape update from the block it faces schedules a tick 2 later that powers its back for 2
ticks (a 2-tick pulse), then unpowers it; in 1.12.2 a change of that block's cell tells it instead
(`World.updateObservingBlocksAt`, `update_observing_blocks_1_12`), and an observer placed or moved pulses too
(`observer_added_pulses_1_12`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import OBSERVER_DELAY, REDSTONE_MAX_POWER
from engine.redstone import neighbor_updates as nu
from engine.redstone.directions import BY_NAME, Direction, offset
from engine.redstone.registry import Behaviour, register

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

OBSERVER = "observer"


class Observer(Behaviour):
    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """Unpowered → powered (flags 2) with another tick in 2; powered → unpowered; then its output side."""
        world = sim.world
        if state.get("powered") == "true":
            nu.set_block_state(sim, pos, state.with_("powered", False), nu.NOTIFY_LISTENERS)
        else:
            nu.set_block_state(sim, pos, state.with_("powered", True), nu.NOTIFY_LISTENERS)
            world.block_ticks.schedule(world.game_time, pos, OBSERVER, OBSERVER_DELAY)
        self.update_neighbors(sim, pos, state)

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """The block it faces changed: `scheduleTick` unless already powered."""
        if state.get("facing") == direction.name:
            self.start_signal(sim, state, pos)
        return state

    def start_signal(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """1.12.2 `startSignal` (1.13.2 inlines it): an unpowered observer schedules its tick unless one is
        pending."""
        if state.get("powered") != "true":
            self.schedule_tick(sim, pos)

    @staticmethod
    def schedule_tick(sim: TickContext, pos: BlockPos) -> None:
        world = sim.world
        if not world.block_ticks.is_scheduled(pos, OBSERVER):
            world.block_ticks.schedule(world.game_time, pos, OBSERVER, OBSERVER_DELAY)

    def update_neighbors(self, sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """`updateNeighbors`: the block behind, then around it except back toward the observer."""
        d = BY_NAME[state.get("facing")]
        behind = offset(pos, d.opposite)
        nu.update_neighbor(sim, behind, OBSERVER, pos)
        nu.update_neighbors_except(sim, behind, OBSERVER, d)

    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return REDSTONE_MAX_POWER if state.get("powered") == "true" and state.get("facing") == direction.name else 0

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return self.get_weak_redstone_power(world, state, pos, direction)

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        """An observer placed powered (moved by a piston) without a pending tick turns off (flags 18). 1.12.2
        (`observer_added_pulses_1_12`): a powered one runs its tick at once, pending tick or not, and an unpowered
        one starts its signal, so it pulses."""
        if old.block == OBSERVER:
            return
        if sim.features.observer_added_pulses_1_12:     # 1.12.2 BlockObserver.onBlockAdded
            if state.get("powered") == "true":
                self.scheduled_tick(sim, state, pos)
            self.start_signal(sim, state, pos)         # the state set: a powered one does not start
            return
        if state.get("powered") == "true" and not sim.world.block_ticks.is_scheduled(pos, OBSERVER):
            off = state.with_("powered", False)
            nu.set_block_state(sim, pos, off, nu.NOTIFY_LISTENERS | nu.FORCE_STATE)
            self.update_neighbors(sim, pos, off)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if new.block != OBSERVER and state.get("powered") == "true" and \
                sim.world.block_ticks.is_scheduled(pos, OBSERVER):
            self.update_neighbors(sim, pos, state.with_("powered", False))


def observed_neighbor_changed(sim: TickContext, state: BlockState, pos: BlockPos, from_pos: BlockPos) -> None:
    """1.12.2 `BlockObserver.observedNeighborChanged` (`update_observing_blocks_1_12`): a change in the cell the
    observer faces starts its signal."""
    if offset(pos, BY_NAME[state.get("facing")]) == from_pos:
        OBSERVER_BEHAVIOUR.start_signal(sim, state, pos)


OBSERVER_BEHAVIOUR = Observer()
register((OBSERVER,), OBSERVER_BEHAVIOUR)
