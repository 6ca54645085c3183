"""`DoorBlock`, `TrapdoorBlock` and `FenceGateBlock`: opened by a player's use (not the iron ones) and by power.
A door's two halves keep each other's state through shape updates (`DoorBlock.getStateForNeighborUpdate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.directions import DOWN, UP, Direction, offset
from engine.redstone.registry import Behaviour, register
from engine.world import blocks
from engine.world.block_physics import FENCE_GATES, WOOD_TYPES

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState

NOTIFY_DOOR = nu.NOTIFY_LISTENERS | 8          # flags 10: listeners, rerender on the main thread


class Door(Behaviour):
    def __init__(self, usable: bool) -> None:
        self.usable = usable                      # Material.METAL (iron doors) passes

    def is_usable(self) -> bool:
        return self.usable

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        if not self.usable:
            return False
        nu.set_block_state(sim, pos, state.with_("open", state.get("open") != "true"), NOTIFY_DOOR)
        return True

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """The other half's facing, open, hinge and powered are copied; without it the half breaks (a missing
        support below is not checked here)."""
        lower = state.get("half") == "lower"
        if direction not in (UP, DOWN) or lower != (direction == UP):
            return state
        if neighbor.block == state.block and neighbor.get("half") != state.get("half"):
            for key in ("facing", "open", "hinge", "powered"):
                state = state.with_(key, neighbor.get(key))
            return state
        return blocks.AIR

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        world = sim.world
        other = offset(pos, UP if state.get("half") == "lower" else DOWN)
        powered = power.is_receiving_redstone_power(world, pos) or power.is_receiving_redstone_power(world, other)
        if source != state.block and powered != (state.get("powered") == "true"):
            nu.set_block_state(sim, pos, state.with_("powered", powered).with_("open", powered), nu.NOTIFY_LISTENERS)


class Trapdoor(Behaviour):
    def __init__(self, usable: bool) -> None:
        self.usable = usable                      # Material.METAL (iron trapdoors) passes

    def is_usable(self) -> bool:
        return self.usable

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        if not self.usable:
            return False
        nu.set_block_state(sim, pos, state.with_("open", state.get("open") != "true"), nu.NOTIFY_LISTENERS)
        return True

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        powered = power.is_receiving_redstone_power(sim.world, pos)
        if powered != (state.get("powered") == "true"):
            nu.set_block_state(sim, pos, state.with_("open", powered).with_("powered", powered), nu.NOTIFY_LISTENERS)


class FenceGate(Behaviour):
    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """Closes an open gate; opens a closed one (vanilla turns it to face away from the player when the player
        faces it from behind: the scene's `use` has no player, so it keeps its facing)."""
        nu.set_block_state(sim, pos, state.with_("open", state.get("open") != "true"), NOTIFY_DOOR)
        return True

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        powered = power.is_receiving_redstone_power(sim.world, pos)
        if powered != (state.get("powered") == "true"):
            nu.set_block_state(sim, pos, state.with_("powered", powered).with_("open", powered), nu.NOTIFY_LISTENERS)


register(tuple(f"{w}_door" for w in WOOD_TYPES), Door(usable=True))
register(("iron_door",), Door(usable=False))
register(tuple(f"{w}_trapdoor" for w in WOOD_TYPES), Trapdoor(usable=True))
register(("iron_trapdoor",), Trapdoor(usable=False))
register(tuple(FENCE_GATES), FenceGate())
