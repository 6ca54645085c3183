"""`RedstoneWireBlock` of 1.16.5: connections (`getPlacementState`, `getStateForNeighborUpdate`, `prepare`), the
power a wire takes from its neighbours and gives, and `update`, which notifies the wire's position and its six
neighbours in the iteration order of the `HashSet` it collects them in (`engine.java.javautil.hash_set_order`).

Up to 1.15.2 (`wire_lines_1_15`, Yarn cd982c6b8 and faf4ff525) the connections are each side's render connection
alone (no dot, no cross, no extension to the opposite side; up a side where the neighbour is a full cube), a use
does nothing, and the power to a side follows the lines the wire could connect along (`could_connect_to`): a wire
with none powers its four sides, one with lines powers the side a line points away from, and no side a crossing
line reaches (a corner or a cross powers no side)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import REDSTONE_MAX_POWER
from engine.influences.block_drops import drop_stacks
from engine.java.javautil import hash_set_order
from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.directions import (
    DOWN,
    HORIZONTAL,
    UP,
    VALUES,
    VERTICAL,
    Direction,
    offset,
    rotate_y_clockwise,
    rotate_y_counterclockwise,
)
from engine.redstone.registry import Behaviour, behaviour, register
from engine.world import blocks
from engine.world.sides_shape import is_side_solid_full_square

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

WIRE = "redstone_wire"
NONE, SIDE, CONNECTED_UP = "none", "side", "up"      # WireConnection
UPDATE_ORDER_CACHE = 65536                           # positions whose update order is kept (a cache bound)


def is_connected(connection: str) -> bool:
    return connection != NONE


def _fully_connected(state: BlockState) -> bool:
    """`isFullyConnected`."""
    return all(is_connected(state.get(d.name)) for d in HORIZONTAL)


def _not_connected(state: BlockState) -> bool:
    """`isNotConnected`."""
    return not any(is_connected(state.get(d.name)) for d in HORIZONTAL)


def connects_to(state: BlockState, direction: Direction | None = None) -> bool:
    """`RedstoneWireBlock.connectsTo`: wire always; a repeater along its axis; an observer from its back; any
    other power emitter from a side (`direction` given)."""
    block = state.block
    if block == WIRE:
        return True
    if block == "repeater":
        facing = state.get("facing")
        return direction is not None and facing in (direction.name, direction.opposite.name)
    if block == "observer":
        return direction is not None and state.get("facing") == direction.name
    return behaviour(block).emits_redstone_power(state) and direction is not None


class RedstoneWire(Behaviour):
    def __init__(self) -> None:
        self.wires_give_power = True        # RedstoneWireBlock.wiresGivePower

    # --- connections ---
    def get_placement_state(self, world: World, state: BlockState, pos: BlockPos) -> BlockState:
        """`getPlacementState(world, state, pos)`: the connections recomputed; a dot stays a dot, a wire with one
        connection extends to the opposite side, one without any becomes a cross."""
        dot = _not_connected(state)
        state = self._connections(world, _default(state), pos)
        if dot and _not_connected(state):
            return state
        north, south = is_connected(state.get("north")), is_connected(state.get("south"))
        east, west = is_connected(state.get("east")), is_connected(state.get("west"))
        no_z, no_x = not north and not south, not east and not west
        if not west and no_z:
            state = state.with_("west", SIDE)
        if not east and no_z:
            state = state.with_("east", SIDE)
        if not north and no_x:
            state = state.with_("north", SIDE)
        if not south and no_x:
            state = state.with_("south", SIDE)
        return state

    def _connections(self, world: World, state: BlockState, pos: BlockPos) -> BlockState:
        """`method_27843`: each unconnected side takes its render connection."""
        above = offset(pos, UP)
        open_above = not power.is_solid_block(world, world.get_block_state(*above), above)
        for d in HORIZONTAL:
            if not is_connected(state.get(d.name)):
                state = state.with_(d.name, self._connection(world, pos, d, open_above))
        return state

    def _connection(self, world: World, pos: BlockPos, d: Direction, open_above: bool) -> str:
        """`method_27841`: up a side when wire lies on the neighbour's top (a block with a full top, from 1.20 any
        trapdoor too: `wire_runs_over_trapdoors`), else side when the neighbour connects or a wire lies below a
        neighbour that is not solid."""
        at = offset(pos, d)
        state = world.get_block_state(*at)
        runs_on_top = self.can_run_on_top(world, state, at) or (world.features.wire_runs_over_trapdoors
                                                               and state.block.endswith("_trapdoor"))
        if open_above and runs_on_top and connects_to(world.get_block_state(*offset(at, UP))):
            # up to 1.15.2 up where the neighbour is a full cube (isFullCube), from 1.16 where its face is full
            full = power.is_full_cube(world.features, state) if _lines(world) else \
                is_side_solid_full_square(world, state, at, d.opposite)
            return CONNECTED_UP if full else SIDE
        if not connects_to(state, d) and (power.is_solid_block(world, state, at)
                                          or not connects_to(world.get_block_state(*offset(at, DOWN)))):
            return NONE
        return SIDE

    def render_connection(self, world: World, pos: BlockPos, d: Direction) -> str:
        """`getRenderConnectionType`."""
        above = offset(pos, UP)
        return self._connection(world, pos, d, not power.is_solid_block(world, world.get_block_state(*above), above))

    @staticmethod
    def can_run_on_top(world: World, floor: BlockState, floor_pos: BlockPos) -> bool:
        """`canRunOnTop`: the top of the floor's sides shape is a full square (`sides_shape`), or a hopper; in
        1.13.2 (`normal_cube_1_13`, `BlockRedstoneWire.isValidPosition`) `isTopSolid`, or glowstone."""
        if world.features.normal_cube_1_13:
            return power.is_top_solid_1_13(floor) or floor.block == "glowstone"
        return is_side_solid_full_square(world, floor, floor_pos, UP) or floor.block == "hopper"

    def can_place_at(self, world: World, pos: BlockPos) -> bool:
        floor = offset(pos, DOWN)
        return self.can_run_on_top(world, world.get_block_state(*floor), floor)

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        world = sim.world
        if _lines(world):          # up to 1.15.2: the render connections alone, recomputed from above or a side
            for d in (HORIZONTAL if direction == UP else (direction,) if direction != DOWN else ()):
                state = state.with_(d.name, self.render_connection(world, pos, d))
            return state
        if direction == DOWN:     # from 1.20.2 (wire_breaks_off_its_floor) it breaks off a block it cannot run on
            if sim.features.wire_breaks_off_its_floor and not self.can_run_on_top(world, neighbor, neighbor_pos):
                return blocks.AIR
            return state
        if direction == UP:
            return self.get_placement_state(world, state, pos)
        connection = self.render_connection(world, pos, direction)
        if is_connected(connection) == is_connected(state.get(direction.name)) and not _fully_connected(state):
            return state.with_(direction.name, connection)
        dot = _dot(state).with_(direction.name, connection)
        return self.get_placement_state(world, dot, pos)

    def prepare(self, sim: TickContext, state: BlockState, pos: BlockPos, flags: int, depth: int) -> None:
        """`RedstoneWireBlock.prepare`: the block below or above a side the wire connects to, where no wire lies
        beside it, recomputes its state from the block beside it toward the wire: any block but an observer, from
        1.19 wire only (`wire_prepare_wire_only`)."""
        world = sim.world
        wire_only = sim.features.wire_prepare_wire_only
        for d in HORIZONTAL:
            if state.get(d.name) == NONE or world.get_block_state(*offset(pos, d)).block == WIRE:
                continue
            for vertical in (DOWN, UP):
                at = offset(offset(pos, d), vertical)
                there = world.get_block_state(*at).block
                if (there != WIRE) if wire_only else (there == "observer"):
                    continue
                toward = offset(at, d.opposite)
                nu.replace_with_state_for_neighbor_update(sim, d.opposite, world.get_block_state(*toward), at,
                                                          toward, flags, depth)

    # --- power ---
    def update(self, sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """`RedstoneWireBlock.update`: a changed power is written (flags 2), then the wire's position and its six
        neighbours, collected in a HashSet, each notify their neighbours in the set's iteration order."""
        world = sim.world
        current = int(state.get("power"))
        level = self.stepped_power(world, pos, current) if sim.features.wire_power_steps_1_13 else \
            self.received_power(world, pos)
        if current == level:
            return
        if world.get_block_state(*pos) is state:
            nu.set_block_state(sim, pos, state.with_("power", level), nu.NOTIFY_LISTENERS)
            if sim.redstone_log is not None:
                sim.redstone_log["wire_power"].append({"pos": list(pos), "from": int(state.get("power")),
                                                       "to": level})
        for cell in update_order(pos):
            nu.update_neighbors_always(sim, cell, WIRE)

    def received_power(self, world: World, pos: BlockPos) -> int:
        """`RedstoneWireBlock.getReceivedRedstonePower`: the power from non-wire neighbours, or one less than the
        strongest wire beside it (on a side, or up or down a solid block's edge)."""
        received = self._power_from_non_wire(world, pos)
        strongest = _strongest_wire(world, pos) if received < REDSTONE_MAX_POWER else 0
        return max(received, strongest - 1)

    def stepped_power(self, world: World, pos: BlockPos, current: int) -> int:
        """1.13.2 `BlockRedstoneWire.func_212568_b` (`wire_power_steps_1_13`): from the wire's own power (the
        received power where that is not 0 and at least the own less one), one less than the strongest wire beside
        it where that one is stronger, else one less than before (not below 0); at least the received power."""
        received = self._power_from_non_wire(world, pos)
        level = received if 0 < received and received > current - 1 else current
        strongest = _strongest_wire(world, pos)
        level = strongest - 1 if strongest > level else max(level - 1, 0)
        return max(level, received)

    def _power_from_non_wire(self, world: World, pos: BlockPos) -> int:
        """`World.getReceivedRedstonePower` while wires give no power (`wiresGivePower` false)."""
        self.wires_give_power = False
        try:
            return power.get_received_redstone_power(world, pos)
        finally:
            self.wires_give_power = True

    def update_neighbors(self, sim: TickContext, pos: BlockPos) -> None:
        """`RedstoneWireBlock.updateNeighbors`: a wire at `pos` notifies around itself and around each
        neighbour."""
        if sim.world.get_block_state(*pos).block == WIRE:
            nu.update_neighbors_always(sim, pos, WIRE)
            for d in VALUES:
                nu.update_neighbors_always(sim, offset(pos, d), WIRE)

    def update_offset_neighbors(self, sim: TickContext, pos: BlockPos) -> None:
        """`updateOffsetNeighbors`: the wires beside, then those up or down a side's block."""
        world = sim.world
        for d in HORIZONTAL:
            self.update_neighbors(sim, offset(pos, d))
        for d in HORIZONTAL:
            at = offset(pos, d)
            self.update_neighbors(sim, offset(at, UP if power.is_solid_block(world, world.get_block_state(*at), at)
                                              else DOWN))

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        if old.block != WIRE:
            self.update(sim, pos, state)
            for d in VERTICAL:
                nu.update_neighbors_always(sim, offset(pos, d), WIRE)
            self.update_offset_neighbors(sim, pos)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if not moved and new.block != WIRE:
            for d in VALUES:
                nu.update_neighbors_always(sim, offset(pos, d), WIRE)
            self.update(sim, pos, state)
            self.update_offset_neighbors(sim, pos)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        if self.can_place_at(sim.world, pos):
            self.update(sim, pos, state)
        else:
            drop_stacks(sim, state, pos)
            nu.remove_block(sim, pos)

    def emits_redstone_power(self, state: BlockState) -> bool:
        return self.wires_give_power

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return self.get_weak_redstone_power(world, state, pos, direction) if self.wires_give_power else 0

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        """Its power up and to the sides it connects to (from its placement state); none down."""
        if not self.wires_give_power or direction == DOWN:
            return 0
        level = int(state.get("power"))
        if level == 0:
            return 0
        if direction != UP and _lines(world):
            return level if self._powers_along_lines(world, pos, direction) else 0
        if direction != UP and not is_connected(
                self.get_placement_state(world, state, pos).get(direction.opposite.name)):
            return 0
        return level

    def _powers_along_lines(self, world: World, pos: BlockPos, direction: Direction) -> bool:
        """1.15.2's `getWeakRedstonePower` toward pos − direction: the sides the wire could connect to; none powers
        every side, else the side whose opposite is one and neither turn of it is."""
        lines = {d for d in HORIZONTAL if self.could_connect_to(world, pos, d)}
        return not lines or (direction in lines and rotate_y_clockwise(direction) not in lines
                             and rotate_y_counterclockwise(direction) not in lines)

    @staticmethod
    def could_connect_to(world: World, pos: BlockPos, d: Direction) -> bool:
        """`couldConnectTo` (up to 1.15.2): wire on a solid neighbour under a block that is not solid, a neighbour
        that connects from that side, or wire below a neighbour that is not solid (a powered repeater facing `d`
        connects already)."""
        at = offset(pos, d)
        state = world.get_block_state(*at)
        solid = power.is_solid_block(world, state, at)
        above = offset(pos, UP)
        if solid and not power.is_solid_block(world, world.get_block_state(*above), above) and \
                world.get_block_state(*offset(at, UP)).block == WIRE:
            return True
        return connects_to(state, d) or (not solid and world.get_block_state(*offset(at, DOWN)).block == WIRE)

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """`RedstoneWireBlock.onUse`: a cross becomes a dot and a dot a cross (when its neighbours allow); up to
        1.15.2 the wire has no `onUse` and a use does nothing."""
        if _lines(sim.world):
            return False
        if not (_fully_connected(state) or _not_connected(state)):
            return False
        new = _default(state) if _fully_connected(state) else _dot(state)
        new = self.get_placement_state(sim.world, new, pos)
        if new is state:
            return False
        nu.set_block_state(sim, pos, new, nu.NOTIFY_ALL)
        for d in HORIZONTAL:             # updateForNewState
            at = offset(pos, d)
            if is_connected(state.get(d.name)) != is_connected(new.get(d.name)) and \
                    power.is_solid_block(sim.world, sim.world.get_block_state(*at), at):
                nu.update_neighbors_except(sim, at, WIRE, d.opposite)
        return True


@lru_cache(maxsize=UPDATE_ORDER_CACHE)
def update_order(pos: BlockPos) -> tuple[BlockPos, ...]:
    """The wire's position and its six neighbours (added in `Direction.values()` order) in the iteration order of
    the `HashSet` that `update` collects them in."""
    cells = [pos, *(offset(pos, d) for d in VALUES)]
    return tuple(cells[i] for i in hash_set_order(np.array(cells, dtype=np.int64)))


def _lines(world: World) -> bool:
    """Whether the wire is 1.15.2's (`wire_lines_1_15`): render connections alone, power along its lines."""
    return world.features.wire_lines_1_15


def _strongest_wire(world: World, pos: BlockPos) -> int:
    """The strongest wire beside `pos`: on a side, up a solid side block where the block above `pos` is not solid,
    or down the edge of a side block that is not solid (`increasePower` over the four sides)."""
    strongest = 0
    above = offset(pos, UP)
    above_solid = power.is_solid_block(world, world.get_block_state(*above), above)
    for d in HORIZONTAL:
        at = offset(pos, d)
        state = world.get_block_state(*at)
        strongest = max(strongest, _wire_power(state))
        solid = power.is_solid_block(world, state, at)
        if solid and not above_solid:
            strongest = max(strongest, _wire_power(world.get_block_state(*offset(at, UP))))
        elif not solid:
            strongest = max(strongest, _wire_power(world.get_block_state(*offset(at, DOWN))))
    return strongest


def _default(state: BlockState) -> BlockState:
    """The default state (no connections) with `state`'s power."""
    return state.with_("north", NONE).with_("east", NONE).with_("south", NONE).with_("west", NONE)


def _dot(state: BlockState) -> BlockState:
    """`dotState` (all four sides) with `state`'s power."""
    return state.with_("north", SIDE).with_("east", SIDE).with_("south", SIDE).with_("west", SIDE)


def _wire_power(state: BlockState) -> int:
    """`increasePower`: a wire's power, 0 for anything else."""
    return int(state.get("power")) if state.block == WIRE else 0


register((WIRE,), RedstoneWire())
