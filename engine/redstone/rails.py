"""`PoweredRailBlock` (powered and activator rails): powered by redstone, or through up to 8 rails of its kind in
line with it that are powered and receive power (`isPoweredByOtherRails`); `DetectorRailBlock`, powered by a
minecart on it. The minecart code reads `powered`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import DETECTOR_RAIL_INSET, DETECTOR_RAIL_TICK_RATE, POWERED_RAIL_REACH, REDSTONE_MAX_POWER
from engine.geometry.box import Box
from engine.java.javanum import f32
from engine.motion.block_effects import register_collision_handler
from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.directions import DOWN, UP, offset
from engine.redstone.registry import Behaviour, register

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity
    from engine.geometry.box import BlockPos
    from engine.redstone.directions import Direction
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

    def update_block_state(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
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

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """`AbstractRailBlock.neighborUpdate` (an unsupported rail is not dropped here)."""
        self.update_block_state(sim, state, pos)


class DetectorRail(Behaviour):
    """`DetectorRailBlock`: powered while a minecart is in its detection box (the cell inset by 0.2, its top 0.2
    lower), checked when a cart's `checkBlockCollision` touches it and every 20 ticks while powered. The shape
    updates of the rails beside it (`updateNearbyRails`) and its comparator output (carts with an inventory) are not
    simulated."""

    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return REDSTONE_MAX_POWER if state.get("powered") == "true" else 0

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return REDSTONE_MAX_POWER if state.get("powered") == "true" and direction == UP else 0

    def on_entity_collision(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        if state.get("powered") != "true":
            self.update_powered_status(sim, pos, state)

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        if state.get("powered") == "true":
            self.update_powered_status(sim, pos, state)

    def update_powered_status(self, sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """`updatePoweredStatus`: a change is written (flags 3) and notified around the rail and below it; while a
        cart is there, a tick 20 later; then the comparators around it."""
        from engine.entities.minecart import AbstractMinecart
        world = sim.world
        powered = state.get("powered") == "true"
        carts = bool(world.get_entities(None, cart_detection_box(sim, pos), lambda e: isinstance(e, AbstractMinecart)))
        if carts != powered:
            nu.set_block_state(sim, pos, state.with_("powered", carts), nu.NOTIFY_ALL)
            nu.update_neighbors_always(sim, pos, state.block)
            nu.update_neighbors_always(sim, offset(pos, DOWN), state.block)
        if carts:
            world.block_ticks.schedule(world.game_time, pos, state.block, DETECTOR_RAIL_TICK_RATE)
        nu.update_comparators(sim, pos)


def cart_detection_box(sim: TickContext, pos: BlockPos) -> Box:
    """`getCartDetectionBox`: the cell inset by 0.2 at the sides and the top; up to 1.15.2
    (`detector_rail_box_float`) each bound but the bottom summed in float, (double)((float)x + 0.2F)."""
    x, y, z = pos
    inset = DETECTOR_RAIL_INSET
    if sim.features.detector_rail_box_float:
        inset32 = f32(inset)
        return Box(f32(f32(x) + inset32), y, f32(f32(z) + inset32), f32(f32(x + 1) - inset32),
                   f32(f32(y + 1) - inset32), f32(f32(z + 1) - inset32))
    return Box(x + inset, y, z + inset, x + 1 - inset, y + 1 - inset, z + 1 - inset)


def on_entity_collision(state: BlockState, pos: BlockPos, entity: Entity, sim: TickContext) -> None:
    """The `onEntityCollision` handler `checkBlockCollision` calls for a detector rail."""
    with sim.world.caused_by("entity"):
        DETECTOR.on_entity_collision(sim, state, pos)


DETECTOR = DetectorRail()
register(("powered_rail", "activator_rail"), PoweredRail())
register(("detector_rail",), DETECTOR)

register_collision_handler(("detector_rail",), on_entity_collision)
