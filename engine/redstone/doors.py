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


class Openable(Behaviour):
    """A block opened and closed by a player's use (`usable` false: Material.METAL passes, the iron ones) and by
    power. Vanilla's fence gate turns to face away from a player who uses it from behind: the scene's `use` has no
    player, so it keeps its facing."""

    def __init__(self, usable: bool, use_flags: int) -> None:
        self.usable = usable
        self.use_flags = use_flags

    def is_usable(self) -> bool:
        return self.usable

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        if not self.usable:
            return False
        nu.set_block_state(sim, pos, state.with_("open", state.get("open") != "true"), self.use_flags)
        return True

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        powered = power.is_receiving_redstone_power(sim.world, pos)
        if powered != (state.get("powered") == "true"):
            nu.set_block_state(sim, pos, state.with_("powered", powered).with_("open", powered), nu.NOTIFY_LISTENERS)


class Door(Openable):
    def __init__(self, usable: bool) -> None:
        super().__init__(usable, NOTIFY_DOOR)

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
        """Either half's power opens the door."""
        world = sim.world
        other = offset(pos, UP if state.get("half") == "lower" else DOWN)
        powered = power.is_receiving_redstone_power(world, pos) or power.is_receiving_redstone_power(world, other)
        if source != state.block and powered != (state.get("powered") == "true"):
            nu.set_block_state(sim, pos, state.with_("powered", powered).with_("open", powered), nu.NOTIFY_LISTENERS)


register(tuple(f"{w}_door" for w in WOOD_TYPES), Door(usable=True))
register(("iron_door",), Door(usable=False))
register(tuple(f"{w}_trapdoor" for w in WOOD_TYPES), Openable(usable=True, use_flags=nu.NOTIFY_LISTENERS))
register(("iron_trapdoor",), Openable(usable=False, use_flags=nu.NOTIFY_LISTENERS))
register(tuple(FENCE_GATES), Openable(usable=True, use_flags=NOTIFY_DOOR))
