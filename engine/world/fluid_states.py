"""Fluid states (spec 04 §7): `BlockState.getFluidState` as the fluid, its amount, `FALLING` and `isStill`,
read by the entity stages (`engine.influences.fluids`), the block tables of the compiled stages
(`engine.world.block_tables`) and the world's per-section fluid counts."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.constants import FLUID_HEIGHT_DIVISOR, FLUID_MAX_AMOUNT
from engine.java.javanum import f32

if TYPE_CHECKING:
    from engine.world.blocks import BlockState

WATER = "water"
LAVA = "lava"
# Blocks whose getFluidState is always still water (FluidFillable plants and the bubble column)
WATER_SOURCE_BLOCKS = frozenset({"bubble_column", "kelp", "kelp_plant", "seagrass", "tall_seagrass"})

class FluidState(NamedTuple):
    """`FluidState` as motion reads it: fluid ("water", "lava" or None), amount (`getLevel`, 1..8), `FALLING`,
    and `isStill` (a source)."""

    fluid: str | None
    amount: int
    falling: bool
    is_source: bool

    def height(self) -> float:
        """`FluidState.getHeight()`: amount / 9.0F in float arithmetic (0 when empty)."""
        return f32(self.amount / FLUID_HEIGHT_DIVISOR)


EMPTY_FLUID = FluidState(None, 0, False, False)
_fluid_by_state_id: dict[int, FluidState] = {}


def fluid_state(state: BlockState) -> FluidState:
    """`BlockState.getFluidState`: fluid blocks by `level`, waterlogged blocks and water plants as sources."""
    fs = _fluid_by_state_id.get(state.id)
    if fs is None:
        fs = _fluid_by_state_id[state.id] = _compute_fluid_state(state)
    return fs


def _compute_fluid_state(state: BlockState) -> FluidState:
    block = state.block
    if block == WATER or block == LAVA:
        # FluidBlock.statesByLevel: 0 → source, 1..7 → flowing 8 - level, 8..15 → falling with level 8
        level = int(state.properties["level"])
        if level == 0:
            return FluidState(block, FLUID_MAX_AMOUNT, False, True)
        if level < FLUID_MAX_AMOUNT:
            return FluidState(block, FLUID_MAX_AMOUNT - level, False, False)
        return FluidState(block, FLUID_MAX_AMOUNT, True, False)
    if _water_source(state):
        return FluidState(WATER, FLUID_MAX_AMOUNT, False, True)
    return EMPTY_FLUID


def _water_source(state: BlockState) -> bool:
    """Water plants and waterlogged blocks hold a water source."""
    return state.block in WATER_SOURCE_BLOCKS or (state.has_property("waterlogged")
                                                   and state.properties["waterlogged"] == "true")


def holds_fluid(state: BlockState) -> bool:
    """Whether `fluid_state(state)` has a fluid, without making it (the world classifies the states it holds)."""
    return state.block == WATER or state.block == LAVA or _water_source(state)
