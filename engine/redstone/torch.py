"""`RedstoneTorchBlock` and `WallRedstoneTorchBlock` of 1.16.5: off 2 ticks after the block they stand on is
powered, on 2 ticks after it is not, and burnt out by 8 toggles within 60 ticks (`BURNOUT_MAP`); in 1.13.2 a
burnout draws from the world Random (`torch_burnout_draws_1_13`), and in 1.12.2 a torch updated while its tick is
due schedules another (`torch_schedules_while_due_1_12`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    REDSTONE_MAX_POWER,
    REDSTONE_TORCH_DELAY,
    TORCH_BURNOUT_RECOVERY,
    TORCH_BURNOUT_SMOKE,
    TORCH_BURNOUT_TOGGLES,
    TORCH_BURNOUT_WINDOW,
)
from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.directions import BY_NAME, DOWN, UP, VALUES, Direction, offset
from engine.redstone.registry import Behaviour, register

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World


def attached_side(state: BlockState) -> Direction:
    """Toward the block the torch stands on: down, or behind a wall torch (opposite its facing)."""
    return BY_NAME[state.get("facing")].opposite if state.block == "redstone_wall_torch" else DOWN


class RedstoneTorch(Behaviour):
    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        """15 to every side but the block it stands on (`Direction.UP != direction`; a wall torch: its facing)."""
        if state.get("lit") != "true":
            return 0
        if state.block == "redstone_wall_torch":
            return 0 if state.get("facing") == direction.name else REDSTONE_MAX_POWER
        return 0 if direction == UP else REDSTONE_MAX_POWER

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        """Strong power only into the block above (`direction == DOWN`)."""
        return self.get_weak_redstone_power(world, state, pos, direction) if direction == DOWN else 0

    def should_unpower(self, world: World, state: BlockState, pos: BlockPos) -> bool:
        """`shouldUnpower`: the block it stands on emits power toward it."""
        side = attached_side(state)
        return power.is_emitting_redstone_power(world, offset(pos, side), side)

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        """The neighbours' neighbours are updated (1.12.2, `hooks_on_block_change_1_12`: the lit torch's only)."""
        if not quiet_unlit_torch_1_12(sim, state):
            for d in VALUES:
                nu.update_neighbors_always(sim, offset(pos, d), state.block)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if not moved and not quiet_unlit_torch_1_12(sim, state):
            for d in VALUES:
                nu.update_neighbors_always(sim, offset(pos, d), state.block)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """A torch to toggle schedules its tick (unless one is due in the running tick; in 1.12.2,
        `torch_schedules_while_due_1_12`, even then: `scheduleUpdate` alone skips a pending one)."""
        world = sim.world
        if (state.get("lit") == "true") == self.should_unpower(world, state, pos) and \
                (sim.features.torch_schedules_while_due_1_12 or not world.block_ticks.is_ticking(pos, state.block)):
            world.block_ticks.schedule(world.game_time, pos, state.block, REDSTONE_TORCH_DELAY)

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """Turns off when powered (and, the 8th toggle in 60 ticks, burns out: ticks again in 160); turns on when
        unpowered unless burnt out."""
        world = sim.world
        unpower = self.should_unpower(world, state, pos)
        burnouts = world.torch_burnouts
        while burnouts and world.game_time - burnouts[0][1] > TORCH_BURNOUT_WINDOW:
            burnouts.pop(0)
        if state.get("lit") == "true":
            if unpower:
                nu.set_block_state(sim, pos, state.with_("lit", False), nu.NOTIFY_ALL)
                if is_burned_out(world, pos, True):
                    if sim.features.torch_burnout_draws_1_13:
                        burnout_effects_1_13(sim)
                    block = world.get_block_state(*pos).block
                    world.block_ticks.schedule(world.game_time, pos, block, TORCH_BURNOUT_RECOVERY)
        elif not unpower and not is_burned_out(world, pos, False):
            nu.set_block_state(sim, pos, state.with_("lit", True), nu.NOTIFY_ALL)


def quiet_unlit_torch_1_12(sim: TickContext, state: BlockState) -> bool:
    """Whether `state` is an unlit torch whose add and removal hooks update nothing: 1.12.2's
    `BlockRedstoneTorch.onBlockAdded` and `breakBlock` update only for the lit Block (`isOn`;
    `hooks_on_block_change_1_12`)."""
    return sim.features.hooks_on_block_change_1_12 and state.get("lit") != "true"


def burnout_effects_1_13(sim: TickContext) -> None:
    """1.13.2 `BlockRedstoneTorch.func_196527_a` (`torch_burnout_draws_1_13`): the burnout sound's pitch draws
    nextFloat twice from the world Random, then each smoke particle (`TORCH_BURNOUT_SMOKE`) its x, y and z by
    nextDouble from the Random the block tick runs with, the world's too; a server sound or particle does nothing
    else."""
    sim.random.discard_floats(2)
    sim.random.discard_doubles(TORCH_BURNOUT_SMOKE * 3)


def is_burned_out(world: World, pos: BlockPos, add_new: bool) -> bool:
    """`isBurnedOut`: (after recording this toggle) 8 or more recent toggles at this position."""
    if add_new:
        world.torch_burnouts.append((pos, world.game_time))
    return sum(1 for p, _ in world.torch_burnouts if p == pos) >= TORCH_BURNOUT_TOGGLES


register(("redstone_torch", "redstone_wall_torch"), RedstoneTorch())
