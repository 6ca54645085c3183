"""Gravity blocks: `FallingBlock` and its subclasses (sand, red sand, gravel, the concrete powders, the anvils, the
dragon egg; 1.12.2 `BlockFalling` and `BlockDragonEgg`), which fall when the block below lets them, and
scaffolding, whose own support rule is not modelled.

A gravity block schedules a block tick when it is added (`onBlockAdded`) and when a neighbour changes: from 1.13
at a shape update (`getStateForNeighborUpdate`), in 1.12.2, which has none (`no_shape_updates_1_12`), at a
neighbour update (`BlockFalling.neighborChanged`). The tick (`scheduledTick`; 1.12.2 `checkFallable`) spawns the
falling block through `falling_block.from_block` where the block below can be fallen through (the release's
`canFallThrough`, the one the landing reads) and y ≥ the world's bottom, which every stored block is. 1.12.2's
other branch (`fallInstantly`, or the 32-block area around not loaded) moves the block down at once; the engine's
world is loaded everywhere and nothing sets `fallInstantly`, so it never runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import DRAGON_EGG_FALL_DELAY, FALL_DELAY
from engine.core.versions import refusal
from engine.entities.falling_block import can_fall_through, from_block
from engine.redstone import neighbor_updates as nu
from engine.redstone.registry import Behaviour, register
from engine.world import block_physics as phys
from engine.world.concrete_powder import hardened, hardens_on_any_side, touches_water

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.redstone.directions import Direction
    from engine.world.blocks import BlockState

SCAFFOLDING_SUPPORT = ("scaffolding reacting to a change beside it is not simulated (ScaffoldingBlock: a block tick "
                       "1 tick later recomputes its distance from a supported column, and at 7 it falls as a "
                       "falling block)")


class GravityBlock(Behaviour):
    """`FallingBlock` (1.12.2 `BlockFalling`), whose fall test runs `delay` ticks after a change (`getFallDelay`)."""

    def __init__(self, delay: int) -> None:
        self.delay = delay

    def schedule(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`scheduleBlockTick(pos, this, getFallDelay())`."""
        world = sim.world
        world.block_ticks.schedule(world.game_time, pos, state.block, self.delay)

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        """`FallingBlock.onBlockAdded`."""
        self.schedule(sim, state, pos)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """1.12.2 `BlockFalling.neighborChanged` (`no_shape_updates_1_12`); from 1.13 a neighbour update does
        nothing to it."""
        if sim.features.no_shape_updates_1_12:
            self.schedule(sim, state, pos)

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """`FallingBlock.getStateForNeighborUpdate`: the tick, the state unchanged."""
        self.schedule(sim, state, pos)
        return state

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`FallingBlock.scheduledTick`: a falling block from this one where the block below can be fallen
        through."""
        x, y, z = pos
        if can_fall_through(sim.world.get_block_state(x, y - 1, z), sim.features):
            sim.add_entity(from_block(sim, x, y, z))


class ConcretePowder(GravityBlock):
    """`ConcretePowderBlock`: hardens into its concrete beside water instead of scheduling its fall test."""

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        """1.12.2 `BlockConcretePowder.onBlockAdded` (`no_shape_updates_1_12`): `tryTouchWater` first; from 1.13
        `FallingBlock`'s (the placement test is the player's `getPlacementState`)."""
        if not (sim.features.no_shape_updates_1_12 and self.try_touch_water(sim, state, pos)):
            self.schedule(sim, state, pos)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """1.12.2 `BlockConcretePowder.neighborChanged`: `tryTouchWater`, else the fall test's tick."""
        if sim.features.no_shape_updates_1_12 and not self.try_touch_water(sim, state, pos):
            self.schedule(sim, state, pos)

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """`ConcretePowderBlock.getStateForNeighborUpdate`: the concrete where `hardens_on_any_side`, else
        `FallingBlock`'s."""
        if hardens_on_any_side(sim.world, pos):
            return hardened(state)
        return super().get_state_for_neighbor_update(sim, state, direction, neighbor, pos, neighbor_pos)

    @staticmethod
    def try_touch_water(sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """1.12.2 `BlockConcretePowder.tryTouchWater`: water (Material.WATER) on a side other than below sets the
        concrete (flags 3)."""
        if touches_water(sim.world, pos):
            nu.set_block_state(sim, pos, hardened(state), nu.NOTIFY_ALL)
            return True
        return False


class Scaffolding(Behaviour):
    """`ScaffoldingBlock` (1.14): its tick on a change beside it is not modelled; the run stops there."""

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        raise refusal(sim.features, "falling_block", f"scaffolding at {list(pos)}, tick {sim.tick_count}",
                      SCAFFOLDING_SUPPORT)

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        raise refusal(sim.features, "falling_block", f"scaffolding at {list(pos)}, tick {sim.tick_count}",
                      SCAFFOLDING_SUPPORT)


register(tuple(phys.FALLING_BLOCKS - phys.CONCRETE_POWDERS - {"dragon_egg"}), GravityBlock(FALL_DELAY))
register(("dragon_egg",), GravityBlock(DRAGON_EGG_FALL_DELAY))
register(tuple(phys.CONCRETE_POWDERS), ConcretePowder(FALL_DELAY))
register(("scaffolding",), Scaffolding())
