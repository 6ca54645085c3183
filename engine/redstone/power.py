"""Power queries of `World` (1.16.5): the power a block emits toward a neighbour, strong power through solid
blocks, and what a position receives; `isSolidBlock`, which decides whether a block conducts.

A direction argument is vanilla's: `get_emitted_redstone_power(world, pos, d)` asks the block at `pos` for the
power it gives the block at pos − d (the asker looks at its neighbour pos = asker + d)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import REDSTONE_MAX_POWER
from engine.redstone.directions import VALUES, Direction, offset
from engine.redstone.registry import behaviour
from engine.world.block_entities import SHULKER_BOXES
from engine.world.block_physics import DYE_COLORS, WOOD_TYPES

if TYPE_CHECKING:
    from engine.core.versions import Features
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

# Full cubes that are not solid blocks: `solidBlock(Blocks::never)` (glass, stained glass, beacon, redstone block,
# observer, pistons, moving piston) and materials that let light pass (Material.GLASS: glowstone, sea lantern;
# ICE, LEAVES, TNT). `isSolidBlock` is otherwise `material.blocksLight() && isFullCube` (AbstractBlock.Settings).
NOT_SOLID = frozenset({
    "glass", *(f"{c}_stained_glass" for c in DYE_COLORS), "beacon", "redstone_block", "observer", "piston",
    "sticky_piston", "moving_piston", "glowstone", "sea_lantern", "ice", "frosted_ice", "tnt",
    *(f"{w}_leaves" for w in WOOD_TYPES[:6]), "tinted_glass"})
ALWAYS_SOLID = frozenset({"soul_sand"})           # solidBlock(Blocks::always)
# 1.13.2 (`normal_cube_1_13`): full cubes whose Block.isFullCube is false (BlockGlass, BlockStainedGlass,
# BlockBeacon, BlockShulkerBox, BlockPistonBase, BlockPistonMoving), and full cubes of materials that let light
# through (GLASS: glowstone, sea lantern; ICE; TNT; LEAVES), which Block.isTopSolid turns down too
NOT_FULL_CUBE_1_13 = frozenset({"glass", *(f"{c}_stained_glass" for c in DYE_COLORS), "beacon", *SHULKER_BOXES,
                                "piston", "sticky_piston", "moving_piston"})
LIGHT_PASSING_1_13 = frozenset({"glowstone", "sea_lantern", "ice", "frosted_ice", "tnt",
                                *(f"{w}_leaves" for w in WOOD_TYPES[:6])})


def is_solid_block(world: World, state: BlockState, pos: BlockPos) -> bool:
    """`AbstractBlockState.isSolidBlock`: the block conducts power (strong power passes through it). A shulker box
    takes the default predicate, `isFullCube` of its collision shape, which its lid's progress shapes (a box whose
    lid is not shut conducts nothing), except in 1.20 and 1.20.1, where it is `solidBlock(Blocks::always)`
    (`shulker_box_always_solid`), and in 1.13.2, where `Block.isNormalCube` finds no shulker box a full cube
    (`normal_cube_1_13`)."""
    if state.block in ALWAYS_SOLID:
        return True
    if state.block in SHULKER_BOXES:
        if world.features.normal_cube_1_13:     # 1.13.2 BlockShulkerBox.isFullCube: false
            return False
        return world.features.shulker_box_always_solid or world.get_collision_shape(state, *pos).is_full_cube
    return state.collision_shape.is_full_cube and state.block not in NOT_SOLID


def is_full_cube(features: Features, state: BlockState) -> bool:
    """`isShapeFullCube` of the collision shape; in 1.13.2 (`normal_cube_1_13`) `Block.isFullCube`, false for the
    full cubes of `NOT_FULL_CUBE_1_13`."""
    full = state.collision_shape.is_full_cube
    return full and state.block not in NOT_FULL_CUBE_1_13 if features.normal_cube_1_13 else full


def is_top_solid_1_13(state: BlockState) -> bool:
    """1.13.2 `Block.isTopSolid` (`normal_cube_1_13`): a material that blocks light and `isFullCube`, with the
    overrides of `BlockSlab` (top or double), `BlockStairs` (top), `BlockHopper` (always), `BlockPistonBase`
    (retracted, or facing down) and `BlockPistonExtension` (facing up)."""
    block = state.block
    if block.endswith("_slab"):
        return state.get("type") in ("top", "double")
    if block.endswith("_stairs"):
        return state.get("half") == "top"
    if block == "hopper":
        return True
    if block in ("piston", "sticky_piston"):
        return state.get("extended") != "true" or state.get("facing") == "down"
    if block == "piston_head":
        return state.get("facing") == "up"
    return state.collision_shape.is_full_cube and block not in NOT_FULL_CUBE_1_13 and block not in LIGHT_PASSING_1_13


def get_strong_redstone_power(world: World, pos: BlockPos, direction: Direction) -> int:
    """`World.getStrongRedstonePower`: the block's own strong power toward pos − direction."""
    state = world.get_block_state(*pos)
    return behaviour(state.block).get_strong_redstone_power(world, state, pos, direction)


def get_received_strong_redstone_power(world: World, pos: BlockPos) -> int:
    """`World.getReceivedStrongRedstonePower`: the strongest strong power from the six neighbours (down, up,
    north, south, west, east; stops at 15)."""
    power = 0
    for d in VALUES:
        power = max(power, get_strong_redstone_power(world, offset(pos, d), d))
        if power >= REDSTONE_MAX_POWER:
            break
    return power


def get_emitted_redstone_power(world: World, pos: BlockPos, direction: Direction) -> int:
    """`World.getEmittedRedstonePower`: the block's weak power toward pos − direction, or for a solid block the
    strong power it receives, if more."""
    state = world.get_block_state(*pos)
    power = behaviour(state.block).get_weak_redstone_power(world, state, pos, direction)
    return max(power, get_received_strong_redstone_power(world, pos)) if is_solid_block(world, state, pos) else power


def is_emitting_redstone_power(world: World, pos: BlockPos, direction: Direction) -> bool:
    return get_emitted_redstone_power(world, pos, direction) > 0


def is_receiving_redstone_power(world: World, pos: BlockPos) -> bool:
    """`World.isReceivingRedstonePower`: any neighbour emits power toward `pos` (down, up, north, south, west,
    east)."""
    return any(get_emitted_redstone_power(world, offset(pos, d), d) > 0 for d in VALUES)


def get_received_redstone_power(world: World, pos: BlockPos) -> int:
    """`World.getReceivedRedstonePower`: the strongest power from the six neighbours (stops at 15)."""
    power = 0
    for d in VALUES:
        p = get_emitted_redstone_power(world, offset(pos, d), d)
        if p >= REDSTONE_MAX_POWER:
            return REDSTONE_MAX_POWER
        power = max(power, p)
    return power
