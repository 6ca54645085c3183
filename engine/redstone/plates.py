"""Pressure plates (`AbstractPressurePlateBlock`, `PressurePlateBlock`, `WeightedPressurePlateBlock`): pressed in
an entity's `checkBlockCollision` (engine.motion.block_effects) by the entities in the plate's box: wooden plates
by any entity, stone ones by living entities, weighted ones by their count; re-checked every 20 ticks (weighted:
10) while pressed. Spectators and `canAvoidTraps` are not simulated (no entity here has them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    HEAVY_PLATE_WEIGHT,
    LIGHT_PLATE_WEIGHT,
    PRESSURE_PLATE_BOX,
    PRESSURE_PLATE_BOX_1_19_3,
    PRESSURE_PLATE_TICK_RATE,
    REDSTONE_MAX_POWER,
    WEIGHTED_PLATE_TICK_RATE,
)
from engine.geometry.box import Box
from engine.java.javanum import f32
from engine.java.mathhelper import ceil
from engine.motion.block_effects import register_collision_handler
from engine.redstone import neighbor_updates as nu
from engine.redstone.directions import DOWN, UP, Direction, offset
from engine.redstone.registry import Behaviour, behaviour, register
from engine.world.block_physics import PRESSURE_PLATES, WOOD_TYPES

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

WOODEN_PLATES = frozenset(f"{w}_pressure_plate" for w in WOOD_TYPES)
STONE_PLATES = frozenset({"stone_pressure_plate", "polished_blackstone_pressure_plate"})
WEIGHTED_PLATES = {"light_weighted_pressure_plate": LIGHT_PLATE_WEIGHT,
                   "heavy_weighted_pressure_plate": HEAVY_PLATE_WEIGHT}
assert WOODEN_PLATES | STONE_PLATES | frozenset(WEIGHTED_PLATES) == PRESSURE_PLATES


_PLATE_BOXES = {False: Box(*PRESSURE_PLATE_BOX), True: Box(*PRESSURE_PLATE_BOX_1_19_3)}


def plate_box(sim: TickContext, pos: BlockPos) -> Box:
    """`AbstractPressurePlateBlock.BOX` offset to the cell (1 px wider on each side from 1.19.3:
    `pressure_plate_wide_box`)."""
    return _PLATE_BOXES[sim.features.pressure_plate_wide_box].offset(*pos)


class PressurePlate(Behaviour):
    """`PressurePlateBlock` (wooden: any entity; stone: living entities): 15 while pressed."""

    tick_rate = PRESSURE_PLATE_TICK_RATE

    def __init__(self, living_only: bool) -> None:
        self.living_only = living_only

    def output(self, state: BlockState) -> int:
        """`getRedstoneOutput(state)`."""
        return REDSTONE_MAX_POWER if state.get("powered") == "true" else 0

    def with_output(self, state: BlockState, level: int) -> BlockState:
        return state.with_("powered", level > 0)

    def output_at(self, sim: TickContext, pos: BlockPos) -> int:
        """`getRedstoneOutput(world, pos)`: 15 when an entity that counts is in the plate's box."""
        from engine.living.living_entity import LivingEntity
        kind = LivingEntity if self.living_only else object
        pressing = sim.world.get_entities(None, plate_box(sim, pos), lambda e: isinstance(e, kind))
        return REDSTONE_MAX_POWER if pressing else 0

    def on_entity_collision(self, sim: TickContext, state: BlockState, pos: BlockPos, entity: Entity) -> None:
        """`onEntityCollision`: an unpressed plate checks its box."""
        level = self.output(state)
        if level == 0:
            self.update_plate_state(sim, pos, state, level)

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        level = self.output(state)
        if level > 0:
            self.update_plate_state(sim, pos, state, level)

    def update_plate_state(self, sim: TickContext, pos: BlockPos, state: BlockState, level: int) -> None:
        """`updatePlateState`: a changed output is written (flags 2) and notified around the plate and below;
        while pressed, a tick is scheduled `getTickRate` later."""
        world = sim.world
        now = self.output_at(sim, pos)
        if now != level:
            nu.set_block_state(sim, pos, self.with_output(state, now), nu.NOTIFY_LISTENERS)
            self.update_neighbors(sim, pos, state.block)
        if now > 0:
            world.block_ticks.schedule(world.game_time, pos, state.block, self.tick_rate)

    @staticmethod
    def update_neighbors(sim: TickContext, pos: BlockPos, block: str) -> None:
        nu.update_neighbors_always(sim, pos, block)
        nu.update_neighbors_always(sim, offset(pos, DOWN), block)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if not moved and new.block != state.block and self.output(state) > 0:
            self.update_neighbors(sim, pos, state.block)

    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return self.output(state)

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        """Strong power only into the block below it (asked with `direction == UP`)."""
        return self.output(state) if direction == UP else 0


class WeightedPressurePlate(PressurePlate):
    """`WeightedPressurePlateBlock`: power ceil(min(n, weight) / weight × 15) for n entities in its box."""

    tick_rate = WEIGHTED_PLATE_TICK_RATE

    def __init__(self, weight: int) -> None:
        super().__init__(living_only=False)
        self.weight = weight

    def output(self, state: BlockState) -> int:
        return int(state.get("power"))

    def with_output(self, state: BlockState, level: int) -> BlockState:
        return state.with_("power", level)

    def output_at(self, sim: TickContext, pos: BlockPos) -> int:
        n = min(len(sim.world.get_entities(None, plate_box(sim, pos))), self.weight)
        if n == 0:
            return 0
        return ceil(f32(f32(n / f32(self.weight)) * f32(REDSTONE_MAX_POWER)))


def on_entity_collision(state: BlockState, pos: BlockPos, entity: Entity, sim: TickContext) -> None:
    """The `onEntityCollision` handler `checkBlockCollision` calls for a plate."""
    plate = behaviour(state.block)
    if isinstance(plate, PressurePlate):
        with sim.world.caused_by("entity"):
            plate.on_entity_collision(sim, state, pos, entity)


register(tuple(WOODEN_PLATES), PressurePlate(living_only=False))
register(tuple(STONE_PLATES), PressurePlate(living_only=True))
for _name, _weight in WEIGHTED_PLATES.items():
    register((_name,), WeightedPressurePlate(_weight))

register_collision_handler(PRESSURE_PLATES, on_entity_collision)
