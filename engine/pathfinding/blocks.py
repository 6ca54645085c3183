"""What path finding asks of a block (1.16.5): `AbstractBlockState.canPathfindThrough(world, pos, LAND)`,
`Material.isSolid`, and the block tags and classes `LandPathNodeMaker.getCommonNodeType` tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.influences.fluids import fluid_state
from engine.world import block_physics as phys
from engine.world.blocks import BlockState

if TYPE_CHECKING:
    from engine.core.versions import Features

TRAPDOORS = frozenset({f"{w}_trapdoor" for w in phys.WOOD_TYPES} | {"iron_trapdoor"})   # BlockTags.TRAPDOORS
WOODEN_DOORS = frozenset(f"{w}_door" for w in phys.WOOD_TYPES)   # DoorBlock.isWooden: WOOD or NETHER_WOOD material
DOORS = WOODEN_DOORS | {"iron_door"}                              # BlockTags.DOORS
RAILS = frozenset({"rail", "powered_rail", "detector_rail", "activator_rail"})   # AbstractRailBlock
LEAVES = frozenset(f"{w}_leaves" for w in phys.WOOD_TYPES[:6])   # LeavesBlock
CAMPFIRES = frozenset({"campfire", "soul_campfire"})
# Blocks whose canPathfindThrough(LAND) is false whatever their shape (1.16.5 overrides; doors, trapdoors and
# fence gates answer "open", snow layers "fewer than 5"); any other block: the collision shape is not a full cube.
# The modelled blocks of later releases that override it too: water_cauldron (AbstractCauldronBlock, 1.17),
# dirt_path (DirtPathBlock, grass_path renamed, 1.17), lightning_rod (RodBlock, 1.17), mud (MudBlock, 1.19).
# Lava: FluidBlock.canPathfindThrough is false for lava (getCommonNodeType of 1.16.1 meets it; getStart's scan down)
NEVER_PASSABLE = frozenset({
    "anvil", "chipped_anvil", "damaged_anvil", "bamboo", "brewing_stand", "cactus", "cake", "campfire",
    "soul_campfire", "chest", "trapped_chest", "ender_chest", "conduit", "dragon_egg", "enchanting_table",
    "lantern", "soul_lantern", "lectern", "hopper", "grindstone", "bell", "stonecutter", "cauldron", "composter",
    "iron_bars", "glass_pane", "piston_head", "chain", "piston",
    "sticky_piston", "moving_piston", "farmland", "grass_path", "soul_sand",
    "chorus_plant", "end_portal_frame", "respawn_anchor", *phys.BEDS,
    "water_cauldron", "dirt_path", "lightning_rod", "mud", "lava",
})
CAULDRONS = frozenset({"cauldron", "water_cauldron"})   # BlockTags.CAULDRONS (1.17; before: Blocks.CAULDRON)
NEVER_PASSABLE_SUFFIXES = ("_stairs", "_slab", "_pane")
# ... and from 1.16 (features.path_small_blocks_refuse): EndRodBlock, SeaPickleBlock, FlowerPotBlock (the potted
# plants) and AbstractSkullBlock gained the override; up to 1.15.2 (1.13.2 read too) they pass by their shape
NEVER_PASSABLE_1_16 = frozenset({"end_rod", "sea_pickle", "flower_pot"})
NEVER_PASSABLE_1_16_SUFFIXES = ("_skull", "_head")
# what a land path asks of a block, by release (`passability`): 1.12.2's isPassable, 1.13-1.15.2's
# canPathfindThrough, 1.16's
PASS_1_12, PASS_1_13, PASS_1_16 = 0, 1, 2
OPENABLE = DOORS | TRAPDOORS | phys.FENCE_GATES
SNOW_PASSABLE_LAYERS = 5   # SnowBlock.canPathfindThrough(LAND): layers < 5


def can_pathfind_through_land(state: BlockState, small_blocks_refuse: bool = True) -> bool:
    """`AbstractBlockState.canPathfindThrough(world, pos, NavigationType.LAND)` (before 1.16, without
    `small_blocks_refuse`: end rods, sea pickles, flower pots and skulls pass by their shape)."""
    block = state.block
    if block in OPENABLE:
        return state.get("open") == "true"
    if block == "snow":
        return int(state.get("layers")) < SNOW_PASSABLE_LAYERS
    if block in NEVER_PASSABLE or phys.is_fence(block) or phys.is_wall(block) or \
            block.endswith(NEVER_PASSABLE_SUFFIXES):
        return False
    if small_blocks_refuse and (block in NEVER_PASSABLE_1_16 or block.endswith(NEVER_PASSABLE_1_16_SUFFIXES)
                                or block.startswith("potted_")):
        return False
    return not state.collision_shape.is_full_cube


# Block.isPassable of 1.12.2: true for these whatever their material, false for these (fences, walls: FENCE first)
PASSABLE_1_12 = frozenset({"cauldron"})
NEVER_PASSABLE_1_12 = frozenset({"chorus_plant"})
PASSABLE_1_12_SUFFIXES = ("_sign", "_banner", "_pressure_plate")


def is_passable_1_12(state: BlockState) -> bool:
    """1.12.2 `Block.isPassable`: the material does not block movement (`Material.blocksMovement`), but where a
    block overrides it — a cauldron, sign, banner or pressure plate passes, a chorus plant, fence or wall does not,
    doors and fence gates pass open, snow below 5 layers (`BlockSnow`). 1.13 asks the collision shape instead
    (features.path_passable_by_shape)."""
    block = state.block
    if block in OPENABLE:
        return state.get("open") == "true"
    if block == "snow":
        return int(state.get("layers")) < SNOW_PASSABLE_LAYERS
    if block in PASSABLE_1_12 or block.endswith(PASSABLE_1_12_SUFFIXES):
        return True
    if block in NEVER_PASSABLE_1_12 or phys.is_fence(block) or phys.is_wall(block):
        return False
    return not phys.blocks_movement(state)


def passability(features: Features) -> int:
    """The release's PASS_* rule (features.path_passable_by_shape, path_small_blocks_refuse)."""
    if not features.path_passable_by_shape:
        return PASS_1_12
    return PASS_1_16 if features.path_small_blocks_refuse else PASS_1_13


def can_pass(state: BlockState, rule: int = PASS_1_16) -> bool:
    """What a land path asks of a block: `canPathfindThrough(LAND)` (1.13+; PASS_1_13 without 1.16's overrides),
    else 1.12.2's `isPassable` (PASS_1_12)."""
    if rule == PASS_1_12:
        return is_passable_1_12(state)
    return can_pathfind_through_land(state, rule == PASS_1_16)


FULL_BOX_1_12 = frozenset({"water", "lava", "fire", "cactus", "soul_sand"})   # getBoundingBox not overridden
GATE_IN_WALL_TOP_1_12 = 0.8125     # BlockFenceGate.AABB_HITBOX_*_INWALL
WALL_STRAIGHT_TOP_1_12 = 0.875     # BlockWall.AABB_BY_INDEX: connected north and south alone, or east and west
RAIL_TOPS_1_12 = (0.125, 0.5)      # BlockRailBase.FLAT_AABB, ASCENDING_AABB


def bounding_box_top_1_12(state: BlockState, collision_top: float) -> float:
    """The top of 1.12.2's `Block.getBoundingBox` (the outline box; `collision_top`: the top of the collision
    shape, 0.0 if empty): air, fluids, fire, cactus and soul sand keep `Block`'s full cube, a snow layer's box is
    layers / 8 (its collision one layer less), fences and fence gates 1.0 (a gate in a wall 0.8125), walls 1.0, a
    straight wall 0.875 (their collision boxes 1.5), a rail 0.125 (ascending 0.5; no collision box). Other blocks:
    the collision top. The other blocks without collision (plants, torches, signs, ...) pass `isPassable`, so no
    node stands over one (the cell above is OPEN); their outline boxes are not read."""
    block = state.block
    if state.is_air or block in FULL_BOX_1_12:
        return 1.0
    if block == "snow":
        return int(state.get("layers")) * 0.125
    if block in RAILS:
        return RAIL_TOPS_1_12[state.get("shape").startswith("ascending")]
    if phys.is_fence(block):
        return 1.0
    if phys.is_fence_gate(block):
        return GATE_IN_WALL_TOP_1_12 if state.get("in_wall") == "true" else 1.0
    if phys.is_wall(block):
        linked = [state.get(side) not in (None, "false", "none") for side in ("north", "south", "east", "west")]
        return WALL_STRAIGHT_TOP_1_12 if linked in ([True, True, False, False], [False, False, True, True]) else 1.0
    return collision_top


SOLID_ALLOWING_MOVEMENT = frozenset({"cobweb", "bamboo_sapling"})   # Material.COBWEB, BAMBOO_SAPLING: no notSolid()


def is_solid_material(state: BlockState) -> bool:
    """`Material.isSolid` (up to 1.19.4): the materials without `notSolid()` are the movement-blocking ones and
    the two that allow movement without `notSolid()`, COBWEB and BAMBOO_SAPLING (Material.java). 1.20's
    `BlockState.isSolid` (forced by `Settings.solid()`/`notSolid()`, else a collision box whose mean side is at
    least 0.7291666666666666 or whose height is at least 1) gives the same for every block the engine models
    (docs/versions.md, `path_finding` 1.20)."""
    return phys.blocks_movement(state) or state.block in SOLID_ALLOWING_MOVEMENT


def is_fiery(state: BlockState, lava: bool = True, fire_blocks: bool = True) -> bool:
    """`LandPathNodeMaker.inflictsFireDamage` (1.16.1 `method_27138`): fire tag, lava (from 1.16.2, `lava`:
    features.path_lava_fiery), magma block, a lit campfire (from 1.16, `fire_blocks`: features.path_fire_blocks;
    1.15.2's getBasicPathNodeType tests fire alone)."""
    block = state.block
    return block in phys.FIRE_TAG or (lava and block == "lava") or (fire_blocks and (
        block == "magma_block" or (block in CAMPFIRES and state.get("lit") == "true")))


def is_water(state: BlockState) -> bool:
    """`getFluidState().isIn(FluidTags.WATER)`."""
    return fluid_state(state).fluid == "water"


def is_lava(state: BlockState) -> bool:
    return fluid_state(state).fluid == "lava"
