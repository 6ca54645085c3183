"""`ConcretePowderBlock`'s water tests: a concrete powder hardens into its concrete where it lands in water or
has water beside it (`onLanding`, `getStateForNeighborUpdate`; 1.12.2 `tryTouchWater`, `onEndFalling`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redstone.directions import EAST, NORTH, SOUTH, UP, WEST, offset
from engine.world import blocks
from engine.world.fluid_states import fluid_state
from engine.world.sides_shape import is_side_solid_full_square

if TYPE_CHECKING:
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

# hardensOnAnySide walks Direction.values(), but its DOWN step reads the powder's own cell (the mutable position
# not yet moved), which holds no water: the sides it tests are these, tryTouchWater's too
WATER_SIDES = (UP, NORTH, SOUTH, WEST, EAST)


def hardened(state: BlockState) -> BlockState:
    """The concrete a powder hardens into (`ConcretePowderBlock.hardenedState`)."""
    return blocks.default_state(state.block.removesuffix("_powder"))


def hardens_in(state: BlockState) -> bool:
    """`ConcretePowderBlock.hardensIn`: the state's fluid is water (1.12.2: Material.WATER)."""
    return fluid_state(state).fluid == "water"


def touches_water(world: World, pos: BlockPos) -> bool:
    """1.12.2 `BlockConcretePowder.tryTouchWater`'s test: water on a side other than below."""
    return any(hardens_in(world.get_block_state(*offset(pos, d))) for d in WATER_SIDES)


def hardens_on_any_side(world: World, pos: BlockPos) -> bool:
    """`ConcretePowderBlock.hardensOnAnySide` (1.13.2 `func_196441_b`): a side (`WATER_SIDES`) whose block holds
    water and whose face toward the powder is not a full square (its shape read at the powder's position, as
    vanilla passes it)."""
    for d in WATER_SIDES:
        neighbor = world.get_block_state(*offset(pos, d))
        if hardens_in(neighbor) and not is_side_solid_full_square(world, neighbor, pos, d.opposite):
            return True
    return False
