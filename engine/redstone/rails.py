"""`PoweredRailBlock` (powered and activator rails): powered by redstone, or through up to 8 rails of its kind in
line with it that are powered and receive power (`isPoweredByOtherRails`). The minecart code reads `powered`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import POWERED_RAIL_REACH
from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.directions import DOWN, UP, offset
from engine.redstone.registry import Behaviour, register

if TYPE_CHECKING:
    from engine.geometry.box import BlockPos
    from engine.tick.simulation import Simulation
    from engine.world.blocks import BlockState
    from engine.world.world import World

# isPoweredByOtherRails(world, pos, state, forward, distance): the next rail's offset (dx, dy, dz) by shape and
# direction (`forward` is vanilla's `bl`), whether the rail one lower counts too, and the shape it must not cross
_STEP = {
    "north_south": {True: ((0, 0, 1), True), False: ((0, 0, -1), True)},
    "east_west": {True: ((-1, 0, 0), True), False: ((1, 0, 0), True)},
    "ascending_east": {True: ((-1, 0, 0), True), False: ((1, 1, 0), False)},
    "ascending_west": {True: ((-1, 1, 0), False), False: ((1, 0, 0), True)},
    "ascending_north": {True: ((0, 0, 1), True), False: ((0, 1, -1), False)},
    "ascending_south": {True: ((0, 1, 1), False), False: ((0, 0, -1), True)},
}
_AXIS = {"north_south": "north_south", "ascending_north": "north_south", "ascending_south": "north_south",
         "east_west": "east_west", "ascending_east": "east_west", "ascending_west": "east_west"}


class PoweredRail(Behaviour):
    def is_powered_by_other_rails(self, world: World, pos: BlockPos, state: BlockState, forward: bool,
                                  distance: int) -> bool:
        """The rail after this one along its shape (or the one below it, unless climbing) is of this kind, not
        crossing its axis, powered, and receives power or is itself powered through further rails."""
        if distance >= POWERED_RAIL_REACH:
            return False
        shape = state.get("shape")
        if shape not in _STEP:
            return False
        (dx, dy, dz), also_below = _STEP[shape][forward]
        nxt = (pos[0] + dx, pos[1] + dy, pos[2] + dz)
        axis = _AXIS[shape]
        return self._powered_rail_at(world, nxt, state.block, forward, distance, axis) or (
            also_below and self._powered_rail_at(world, offset(nxt, DOWN), state.block, forward, distance, axis))

    def _powered_rail_at(self, world: World, pos: BlockPos, block: str, forward: bool, distance: int,
                         axis: str) -> bool:
        state = world.get_block_state(*pos)
        if state.block != block or _AXIS.get(state.get("shape")) != axis or state.get("powered") != "true":
            return False
        return power.is_receiving_redstone_power(world, pos) or \
            self.is_powered_by_other_rails(world, pos, state, forward, distance + 1)

    def update_block_state(self, sim: Simulation, state: BlockState, pos: BlockPos) -> None:
        """`PoweredRailBlock.updateBlockState`: a change of power is written (flags 3), then the block below (and
        above, on a slope) is notified."""
        world = sim.world
        powered = power.is_receiving_redstone_power(world, pos) or \
            self.is_powered_by_other_rails(world, pos, state, True, 0) or \
            self.is_powered_by_other_rails(world, pos, state, False, 0)
        if powered != (state.get("powered") == "true"):
            nu.set_block_state(sim, pos, state.with_("powered", powered), nu.NOTIFY_ALL)
            nu.update_neighbors_always(sim, offset(pos, DOWN), state.block)
            if state.get("shape").startswith("ascending"):
                nu.update_neighbors_always(sim, offset(pos, UP), state.block)

    def neighbor_update(self, sim: Simulation, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """`AbstractRailBlock.neighborUpdate` (an unsupported rail is not dropped here)."""
        self.update_block_state(sim, state, pos)


register(("powered_rail", "activator_rail"), PoweredRail())
