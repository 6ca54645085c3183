"""`AbstractRedstoneGateBlock` (what repeaters and comparators share: input from behind, output in front after a
scheduled tick, side inputs) and `ComparatorBlock` (compare and subtract, containers' fill level), with
`World.updateComparators`.

A gate's `facing` points at its input: it reads power from pos + facing and gives it to pos − facing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import COMPARATOR_DELAY, REDSTONE_MAX_POWER
from engine.influences.block_drops import drop_stacks
from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.directions import (
    BY_NAME,
    DOWN,
    HORIZONTAL,
    UP,
    VALUES,
    Direction,
    offset,
    rotate_y_clockwise,
    rotate_y_counterclockwise,
)
from engine.redstone.registry import Behaviour, behaviour, register
from engine.redstone.scheduler import EXTREMELY_HIGH, HIGH, NORMAL, VERY_HIGH
from engine.world import blocks
from engine.world.sides_shape import is_side_rigid

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

GATES = frozenset({"repeater", "comparator"})
COMPARATOR = "comparator"


def facing(state: BlockState) -> Direction:
    return BY_NAME[state.get("facing")]


class RedstoneGate(Behaviour):
    """`AbstractRedstoneGateBlock`."""

    def update_delay(self, state: BlockState) -> int:
        """`getUpdateDelayInternal`."""
        raise NotImplementedError

    def is_locked(self, world: World, pos: BlockPos, state: BlockState) -> bool:
        return False

    def is_valid_input(self, state: BlockState) -> bool:
        """`isValidInput`: a side input (any power emitter; repeaters take only gates)."""
        return behaviour(state.block).emits_redstone_power(state)

    def output_level(self, world: World, pos: BlockPos, state: BlockState) -> int:
        """`getOutputLevel`."""
        return REDSTONE_MAX_POWER

    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        if state.get("powered") != "true":
            return 0
        return self.output_level(world, pos, state) if state.get("facing") == direction.name else 0

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return self.get_weak_redstone_power(world, state, pos, direction)

    def can_place_at(self, world: World, pos: BlockPos) -> bool:
        """`canPlaceAt`: the block below holds a gate (`can_place_above`)."""
        floor = offset(pos, DOWN)
        return self.can_place_above(world, world.get_block_state(*floor), floor)

    @staticmethod
    def can_place_above(world: World, floor: BlockState, floor_pos: BlockPos) -> bool:
        """`hasTopRim` (1.20.2: `canPlaceAbove`, the same test; 1.14-1.15.2 `topCoversMediumSquare`): the top of
        the floor's sides shape covers its rim (`sides_shape.is_side_rigid`); in 1.13.2 (`normal_cube_1_13`,
        `BlockRedstoneDiode.isValidPosition`) `isTopSolid`."""
        if world.features.normal_cube_1_13:
            return power.is_top_solid_1_13(floor)
        return is_side_rigid(world, floor, floor_pos, UP)

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """From 1.20.2 (`gate_breaks_off_its_floor`, `RepeaterBlock` and `ComparatorBlock`): a shape update from
        below by a block that holds no gate breaks the gate (before, only a neighbour update did)."""
        features = sim.features
        if (features.gate_breaks_off_its_floor and direction == DOWN
                and not self.can_place_above(sim.world, neighbor, neighbor_pos)):
            return blocks.AIR
        return state

    def get_power(self, world: World, pos: BlockPos, state: BlockState) -> int:
        """`getPower`: the power emitted from behind, or the wire there's level."""
        d = facing(state)
        at = offset(pos, d)
        level = power.get_emitted_redstone_power(world, at, d)
        if level >= REDSTONE_MAX_POWER:
            return level
        behind = world.get_block_state(*at)
        return max(level, int(behind.get("power")) if behind.block == "redstone_wire" else 0)

    def has_power(self, world: World, pos: BlockPos, state: BlockState) -> bool:
        return self.get_power(world, pos, state) > 0

    def max_input_level_sides(self, world: World, pos: BlockPos, state: BlockState) -> int:
        """`getMaxInputLevelSides`: the stronger of the two side inputs (clockwise, then counter-clockwise)."""
        d = facing(state)
        right, left = rotate_y_clockwise(d), rotate_y_counterclockwise(d)
        return max(self.input_level(world, offset(pos, right), right), self.input_level(world, offset(pos, left), left))

    def input_level(self, world: World, pos: BlockPos, d: Direction) -> int:
        """`getInputLevel`: a redstone block gives 15, a wire its level, another valid input its strong power."""
        state = world.get_block_state(*pos)
        if not self.is_valid_input(state):
            return 0
        if state.block == "redstone_block":
            return REDSTONE_MAX_POWER
        if state.block == "redstone_wire":
            return int(state.get("power"))
        return power.get_strong_redstone_power(world, pos, d)

    def is_target_not_aligned(self, world: World, pos: BlockPos, state: BlockState) -> bool:
        """`isTargetNotAligned`: the block in front is a gate facing another way."""
        d = facing(state).opposite
        front = world.get_block_state(*offset(pos, d))
        return front.block in GATES and front.get("facing") != d.name

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`AbstractRedstoneGateBlock.scheduledTick`: unpowered when its input is gone; powered otherwise, and if
        the input is already gone, unpowered again after its delay (a pulse keeps its length)."""
        world = sim.world
        if self.is_locked(world, pos, state):
            return
        powered = state.get("powered") == "true"
        has = self.has_power(world, pos, state)
        if powered and not has:
            nu.set_block_state(sim, pos, state.with_("powered", False), nu.NOTIFY_LISTENERS)
        elif not powered:
            nu.set_block_state(sim, pos, state.with_("powered", True), nu.NOTIFY_LISTENERS)
            if not has:   # up to 1.14.4 (gate_pulse_off_high_1_14) the tick that ends the pulse has priority HIGH
                priority = HIGH if sim.features.gate_pulse_off_high_1_14 else VERY_HIGH
                world.block_ticks.schedule(world.game_time, pos, state.block, self.update_delay(state), priority)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        if self.can_place_at(sim.world, pos):
            self.update_powered(sim, pos, state)
        else:
            drop_stacks(sim, state, pos)
            nu.remove_block(sim, pos)
            for d in VALUES:
                nu.update_neighbors_always(sim, offset(pos, d), state.block)

    def update_powered(self, sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """`updatePowered`: a change of input schedules a tick after the delay, priority extremely high when the
        gate feeds another gate's side, very high when turning off, else high."""
        world = sim.world
        if self.is_locked(world, pos, state):
            return
        powered = state.get("powered") == "true"
        if powered != self.has_power(world, pos, state) and not world.block_ticks.is_ticking(pos, state.block):
            priority = HIGH
            if self.is_target_not_aligned(world, pos, state):
                priority = EXTREMELY_HIGH
            elif powered:
                priority = VERY_HIGH
            world.block_ticks.schedule(world.game_time, pos, state.block, self.update_delay(state), priority)

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        self.update_target(sim, pos, state)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        """`onStateReplaced` of another block; 1.12.2's `breakBlock` of the repeater and comparator, run on every
        change of Block (`hooks_on_block_change_1_12`: a repeater's toggle too)."""
        if not moved and (new.block != state.block or sim.features.hooks_on_block_change_1_12):
            self.update_target(sim, pos, state)

    def update_target(self, sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """`updateTarget`: the block in front, then around it except back toward the gate."""
        d = facing(state)
        front = offset(pos, d.opposite)
        nu.update_neighbor(sim, front, state.block, pos)
        nu.update_neighbors_except(sim, front, state.block, d)


class Comparator(RedstoneGate):
    """`ComparatorBlock`; its block entity's output signal is kept in `World.comparator_outputs` (0 unless set)."""

    def update_delay(self, state: BlockState) -> int:
        return COMPARATOR_DELAY

    def output_level(self, world: World, pos: BlockPos, state: BlockState) -> int:
        return world.comparator_outputs.get(pos, 0)

    def get_power(self, world: World, pos: BlockPos, state: BlockState) -> int:
        """A container behind (or behind a solid block) gives its fill level instead."""
        level = super().get_power(world, pos, state)
        d = facing(state)
        at = offset(pos, d)
        behind = world.get_block_state(*at)
        b = behaviour(behind.block)
        if b.has_comparator_output(behind):
            return b.get_comparator_output(world, behind, at)
        if level < REDSTONE_MAX_POWER and power.is_solid_block(world, behind, at):
            at = offset(at, d)
            further = world.get_block_state(*at)
            b = behaviour(further.block)
            if b.has_comparator_output(further):        # item frames are not modelled
                level = b.get_comparator_output(world, further, at)
        return level

    def calculate_output_signal(self, sim: TickContext, pos: BlockPos, state: BlockState) -> int:
        """`calculateOutputSignal`: the rear input, less the strongest side in subtract mode. From 1.17
        (`comparator_compare_side_zero`) a side stronger than the rear gives 0 in compare mode too; before, the
        rear input was stored, while `hasPower` kept the comparator unpowered."""
        world = sim.world
        level = self.get_power(world, pos, state)
        if sim.features.comparator_compare_side_zero:
            if level == 0:
                return 0
            sides = self.max_input_level_sides(world, pos, state)
            if sides > level:
                return 0
            return level - sides if state.get("mode") == "subtract" else level
        if state.get("mode") == "subtract":
            return max(level - self.max_input_level_sides(world, pos, state), 0)
        return level

    def has_power(self, world: World, pos: BlockPos, state: BlockState) -> bool:
        """`ComparatorBlock.hasPower`: a rear input above the sides', or equal to them in compare mode; up to 1.14.4
        (`comparator_power_at_sides_1_14`) equal in either mode (a rear of 15 always)."""
        level = self.get_power(world, pos, state)
        if level == 0:
            return False
        sides = self.max_input_level_sides(world, pos, state)
        if world.features.comparator_power_at_sides_1_14:
            return level >= sides
        return level > sides or (level == sides and state.get("mode") == "compare")

    def update_powered(self, sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        world = sim.world
        if world.block_ticks.is_ticking(pos, state.block):
            return
        signal = self.calculate_output_signal(sim, pos, state)
        if signal != world.comparator_outputs.get(pos, 0) or \
                (state.get("powered") == "true") != self.has_power(world, pos, state):
            priority = HIGH if self.is_target_not_aligned(world, pos, state) else NORMAL
            world.block_ticks.schedule(world.game_time, pos, state.block, COMPARATOR_DELAY, priority)

    def update(self, sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """`ComparatorBlock.update`: the new output signal is stored; the powered property follows, and the block
        in front is notified (in compare mode always, in subtract mode when the signal changed)."""
        world = sim.world
        signal = self.calculate_output_signal(sim, pos, state)
        previous = world.comparator_outputs.get(pos, 0)
        world.comparator_outputs[pos] = signal
        if previous != signal or state.get("mode") == "compare":
            has = self.has_power(world, pos, state)
            powered = state.get("powered") == "true"
            if powered and not has:
                nu.set_block_state(sim, pos, state.with_("powered", False), nu.NOTIFY_LISTENERS)
            elif not powered and has:
                nu.set_block_state(sim, pos, state.with_("powered", True), nu.NOTIFY_LISTENERS)
            self.update_target(sim, pos, state)

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        self.update(sim, pos, state)

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """`ComparatorBlock.onUse`: the mode cycles (flags 2), then `update`."""
        state = state.with_("mode", "subtract" if state.get("mode") == "compare" else "compare")
        nu.set_block_state(sim, pos, state, nu.NOTIFY_LISTENERS)
        self.update(sim, pos, state)
        return True

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if not moved and new.block != state.block:
            sim.world.comparator_outputs.pop(pos, None)       # the block entity goes with the block
        super().on_state_replaced(sim, state, pos, new, moved)


def update_comparators_around(sim: TickContext, pos: BlockPos) -> None:
    """`World.updateComparators`: north, east, south, west: a comparator beside, or behind a solid block beside,
    runs its neighbour update."""
    world = sim.world
    source = world.get_block_state(*pos).block
    for d in HORIZONTAL:
        at = offset(pos, d)
        state = world.get_block_state(*at)
        if state.block != COMPARATOR:
            if not power.is_solid_block(world, state, at):
                continue
            at = offset(at, d)
            state = world.get_block_state(*at)
            if state.block != COMPARATOR:
                continue
        nu.update_neighbor_state(sim, state, at, source, pos)


register((COMPARATOR,), Comparator())
