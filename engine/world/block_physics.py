"""Block properties that no data file carries, as vanilla 1.16.5 sets them (notes/block-data.md, spec 01 §5), and
which blocks of later releases act as these tables say (`LATER_MODELLED`).

One table: per-block constants (`AbstractBlock.Settings.slipperiness`, `velocityMultiplier`,
`jumpVelocityMultiplier`), the block tags the engine asks about, the `FallingBlock` subclasses, and each
non-default `Material` with its blocks. Lookups take the bare block name (`BlockState.block`) or the state.
Everything not listed under a material has a "solid" one: it blocks movement, is not replaceable, not liquid.
A name means one block in every release that has it, so a later block joins a set by its name (the later walls
and fences below); a block added after 1.16.5 that no set here describes is refused (`LATER_MODELLED`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.geometry.shapes import VoxelShape, from_boxes
from engine.java.javanum import f32, wrap_int, wrap_long

if TYPE_CHECKING:
    from engine.world.blocks import BlockState

DYE_COLORS = ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray",
              "cyan", "purple", "blue", "brown", "green", "red", "black")
WOOD_TYPES = ("oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "crimson", "warped")

AIR_BLOCKS = frozenset({"air", "cave_air", "void_air"})  # Settings.air(): AbstractBlockState.isAir

# --- AbstractBlock.Settings (Blocks.java) ---
# dynamicBounds(): no ShapeCache, so AbstractBlockState.exceedsCube() is true whatever the shape.
DYNAMIC_BOUNDS = frozenset({"moving_piston", "scaffolding", "shulker_box", "powder_snow"}
                           | {f"{c}_shulker_box" for c in DYE_COLORS})
# OffsetType.XZ blocks with a collision shape: getCollisionShape offsets it by getModelOffset(pos).
OFFSET_XZ_COLLIDERS = frozenset({"bamboo"})

DEFAULT_SLIPPERINESS = f32(0.6)
SLIPPERINESS = {
    "slime_block": f32(0.8),
    "ice": f32(0.98), "packed_ice": f32(0.98), "frosted_ice": f32(0.98),
    "blue_ice": f32(0.989),
}
VELOCITY_MULTIPLIER = {"soul_sand": f32(0.4), "honey_block": f32(0.4)}
JUMP_VELOCITY_MULTIPLIER = {"honey_block": f32(0.5)}

# --- block tags (data/minecraft/tags/blocks, 1.16.5) ---
CLIMBABLE = frozenset({"ladder", "vine", "scaffolding", "weeping_vines", "weeping_vines_plant",
                       "twisting_vines", "twisting_vines_plant"})
# BlockTags.FALL_DAMAGE_RESETTING (1.18.2): the climbable blocks, sweet berry bushes and cobwebs
FALL_DAMAGE_RESETTING = CLIMBABLE | {"sweet_berry_bush", "cobweb"}
# wooden fences added later (tags/block/wooden_fences.json): mangrove 1.19, bamboo 1.19.3, cherry 1.19.4, pale oak
# 1.21.2
LATER_FENCES = frozenset({"mangrove_fence", "bamboo_fence", "cherry_fence", "pale_oak_fence"})
FENCES = frozenset({f"{w}_fence" for w in WOOD_TYPES} | {"nether_brick_fence"} | LATER_FENCES)
FENCE_GATES = frozenset(f"{w}_fence_gate" for w in WOOD_TYPES)
WALLS = frozenset({
    "cobblestone_wall", "mossy_cobblestone_wall", "brick_wall", "prismarine_wall", "red_sandstone_wall",
    "mossy_stone_brick_wall", "granite_wall", "stone_brick_wall", "nether_brick_wall", "andesite_wall",
    "red_nether_brick_wall", "sandstone_wall", "end_stone_brick_wall", "diorite_wall", "blackstone_wall",
    "polished_blackstone_brick_wall", "polished_blackstone_wall",
})
# walls added later (tags/block/walls.json of 1.21.11): deepslate 1.17, mud brick 1.19, tuff 1.20.3, resin 1.21.4
LATER_WALLS = frozenset({"cobbled_deepslate_wall", "polished_deepslate_wall", "deepslate_tile_wall",
                         "deepslate_brick_wall", "mud_brick_wall", "tuff_wall", "polished_tuff_wall",
                         "tuff_brick_wall", "resin_brick_wall"})
WALLS = WALLS | LATER_WALLS
WALL_SIDES = ("north", "east", "south", "west")
WALL_SIDE_VALUES = {"true": "low", "false": "none"}              # boolean sides (before 1.16) → none/low/tall
WALL_SIDE_BOOLEANS = {"none": "false", "low": "true", "tall": "true"}  # ... and back, for a 1.14-1.15.2 scene
BEDS = frozenset(f"{c}_bed" for c in DYE_COLORS)
FIRE_TAG = frozenset({"fire", "soul_fire"})
FIRE_OR_LAVA = FIRE_TAG | {"lava"}   # Entity.move step 15: blocks that keep an entity burning

# --- FallingBlock subclasses: SandBlock, GravelBlock, ConcretePowderBlock, AnvilBlock, DragonEggBlock.
# Scaffolding spawns falling blocks itself but is no FallingBlock.
CONCRETE_POWDERS = frozenset(f"{c}_concrete_powder" for c in DYE_COLORS)
FALLING_BLOCKS = CONCRETE_POWDERS | {"sand", "red_sand", "gravel", "anvil", "chipped_anvil", "damaged_anvil",
                                     "dragon_egg"}

# --- Material (Yarn names) of every block whose material allowsMovement(), per Blocks.java 1.16.5 as far as
# known (not checked against decompiled code). Any other block has a material that blocks movement and is
# neither replaceable nor liquid. Dead corals are STONE; signs, banners and pressure plates are WOOD, STONE
# or METAL: they block movement although they have no collision shape.
_CORALS = ("tube", "brain", "bubble", "fire", "horn")
_FLOWERS = ("dandelion", "poppy", "blue_orchid", "allium", "azure_bluet", "red_tulip", "orange_tulip",
            "white_tulip", "pink_tulip", "oxeye_daisy", "cornflower", "wither_rose", "lily_of_the_valley")
_SAPLINGS = tuple(f"{w}_sapling" for w in WOOD_TYPES[:6])
_HEADS = ("skeleton_skull", "skeleton_wall_skull", "wither_skeleton_skull", "wither_skeleton_wall_skull",
          "zombie_head", "zombie_wall_head", "player_head", "player_wall_head", "creeper_head",
          "creeper_wall_head", "dragon_head", "dragon_wall_head")
_POTTED = (*_SAPLINGS, "fern", *_FLOWERS, "red_mushroom", "brown_mushroom", "dead_bush", "cactus", "bamboo",
           "crimson_fungus", "warped_fungus", "crimson_roots", "warped_roots")
_BUTTONS = (*(f"{w}_button" for w in WOOD_TYPES), "stone_button", "polished_blackstone_button")
MATERIAL_BLOCKS: dict[str, frozenset[str]] = {
    "AIR": AIR_BLOCKS,
    "STRUCTURE_VOID": frozenset({"structure_void"}),
    "PORTAL": frozenset({"nether_portal", "end_portal", "end_gateway"}),
    "CARPET": frozenset(f"{c}_carpet" for c in DYE_COLORS),
    "PLANT": frozenset({
        *_SAPLINGS, *_FLOWERS, "brown_mushroom", "red_mushroom", "wheat", "carrots", "potatoes", "beetroots",
        "sugar_cane", "pumpkin_stem", "melon_stem", "attached_pumpkin_stem", "attached_melon_stem",
        "lily_pad", "nether_wart", "cocoa", "sweet_berry_bush", "chorus_plant", "chorus_flower",
        "crimson_fungus", "warped_fungus", "weeping_vines", "weeping_vines_plant", "twisting_vines",
        "twisting_vines_plant",
        "pitcher_crop"}),  # 1.20: no Material; not solid (its shapes are small), pistonBehavior DESTROY, as PLANT
    "UNDERWATER_PLANT": frozenset({"kelp", "kelp_plant", "sea_pickle",
                                   *(f"{c}_coral{s}" for c in _CORALS for s in ("", "_fan", "_wall_fan"))}),
    "REPLACEABLE_PLANT": frozenset({"grass", "short_grass", "fern", "dead_bush", "vine", "tall_grass", "large_fern",
                                    "sunflower", "lilac", "rose_bush", "peony"}),
    "NETHER_SHOOTS": frozenset({"crimson_roots", "warped_roots", "nether_sprouts"}),
    "REPLACEABLE_UNDERWATER_PLANT": frozenset({"seagrass", "tall_seagrass"}),
    "WATER": frozenset({"water"}),
    "BUBBLE_COLUMN": frozenset({"bubble_column"}),
    "LAVA": frozenset({"lava"}),
    "SNOW_LAYER": frozenset({"snow"}),  # the layer block; snow_block is SNOW_BLOCK
    "FIRE": FIRE_TAG,
    "SUPPORTED": frozenset({
        *_BUTTONS, *_HEADS, *(f"potted_{p}" for p in _POTTED), "flower_pot", "torch", "wall_torch",
        "soul_torch", "soul_wall_torch", "redstone_torch", "redstone_wall_torch", "redstone_wire", "lever",
        "ladder", "rail", "powered_rail", "detector_rail", "activator_rail", "repeater", "comparator",
        "tripwire", "tripwire_hook", "end_rod", "scaffolding"}),
    "COBWEB": frozenset({"cobweb"}),
    "BAMBOO_SAPLING": frozenset({"bamboo_sapling"}),
    # 1.17 Material.POWDER_SNOW: notSolid().allowsMovement(), not replaceable, pistonBehavior NORMAL (1.20 drops
    # Material: its settings are neither replaceable nor solid, the absent context's shape being empty)
    "POWDER_SNOW": frozenset({"powder_snow"}),
}
# Material.Builder flags beyond allowsMovement(): replaceable() and liquid().
REPLACEABLE_MATERIALS = ("AIR", "STRUCTURE_VOID", "REPLACEABLE_PLANT", "NETHER_SHOOTS",
                         "REPLACEABLE_UNDERWATER_PLANT", "WATER", "BUBBLE_COLUMN", "LAVA", "SNOW_LAYER",
                         "FIRE")
LIQUID_MATERIALS = ("WATER", "BUBBLE_COLUMN", "LAVA")

_NON_BLOCKING = frozenset().union(*MATERIAL_BLOCKS.values())
_REPLACEABLE = frozenset().union(*(MATERIAL_BLOCKS[m] for m in REPLACEABLE_MATERIALS))
_LIQUID = frozenset().union(*(MATERIAL_BLOCKS[m] for m in LIQUID_MATERIALS))
# FallingBlock.canFallThrough: isAir() || isIn(FIRE) || material.isLiquid() || material.isReplaceable()
_FALL_THROUGH = AIR_BLOCKS | FIRE_TAG | _LIQUID | _REPLACEABLE


def slipperiness(block: str) -> float:
    """`Block.getSlipperiness`."""
    return SLIPPERINESS.get(block, DEFAULT_SLIPPERINESS)


def velocity_multiplier(block: str) -> float:
    """`Block.getVelocityMultiplier`."""
    return VELOCITY_MULTIPLIER.get(block, 1.0)


def jump_velocity_multiplier(block: str) -> float:
    """`Block.getJumpVelocityMultiplier`."""
    return JUMP_VELOCITY_MULTIPLIER.get(block, 1.0)


def is_climbable(block: str) -> bool:
    """`BlockTags.CLIMBABLE` (the trapdoor-over-ladder case is the caller's)."""
    return block in CLIMBABLE


def resets_fall_damage(block: str) -> bool:
    """`BlockTags.FALL_DAMAGE_RESETTING` (1.18.2)."""
    return block in FALL_DAMAGE_RESETTING


def is_fence(block: str) -> bool:
    return block in FENCES


def is_wall(block: str) -> bool:
    return block in WALLS


def is_fence_gate(block: str) -> bool:
    return block in FENCE_GATES


def is_bed(block: str) -> bool:
    return block in BEDS


def is_falling_block(block: str) -> bool:
    """The block is a `FallingBlock` (it falls when unsupported)."""
    return block in FALLING_BLOCKS


def is_concrete_powder(block: str) -> bool:
    return block in CONCRETE_POWDERS


def is_replaceable(state: BlockState) -> bool:
    """`Material.isReplaceable` (a snow layer counts whatever its layers)."""
    return state.block in _REPLACEABLE


def blocks_movement(state: BlockState) -> bool:
    """`Material.blocksMovement`: a material property, independent of the collision shape."""
    return state.block not in _NON_BLOCKING


def can_fall_through(state: BlockState) -> bool:
    """`FallingBlock.canFallThrough`."""
    return state.block in _FALL_THROUGH


def is_full_cube(state: BlockState) -> bool:
    """The collision shape is the unit cube (`Block.isShapeFullCube`; no union of data shapes forms one)."""
    return state.collision_shape.is_full_cube


def exceeds_cube(state: BlockState) -> bool:
    """`AbstractBlockState.exceedsCube`: the shape reaches outside the unit cube, or the block has dynamic
    bounds (also on the state as `state.exceeds_cube`)."""
    return state.exceeds_cube


def _hash_code(x: int, y: int, z: int) -> int:
    """`MathHelper.hashCode(int, int, int)`."""
    h = wrap_long(wrap_int(x * 3129871) ^ wrap_long(z * 116129781) ^ y)
    return wrap_long(h * h * 42317861 + h * 11) >> 16


def model_offset_xz(x: int, z: int) -> tuple[float, float]:
    """`AbstractBlockState.getModelOffset` for `OffsetType.XZ` at block (x, z)."""
    h = _hash_code(x, 0, z)
    return ((f32((h & 15) / 15.0) - 0.5) * 0.5, (f32((h >> 8 & 15) / 15.0) - 0.5) * 0.5)


_ORIGIN_OFFSET = model_offset_xz(0, 0)  # minecraft-data computed the shapes at the origin
_offset_shapes: dict[tuple[int, float, float], VoxelShape] = {}


def collision_shape_at(state: BlockState, x: int, y: int, z: int) -> VoxelShape:
    """The state's collision shape at block (x, y, z): the table's, except for offset blocks (bamboo)."""
    if state.block not in OFFSET_XZ_COLLIDERS:
        return state.collision_shape
    dx, dz = model_offset_xz(x, z)
    key = (state.id, dx, dz)
    shape = _offset_shapes.get(key)
    if shape is None:
        ox, oz = _ORIGIN_OFFSET
        # undo the origin offset (exact: multiples of 1/64), then offset as VoxelShape.offset does
        shape = from_boxes(b.offset(-ox, 0.0, -oz).offset(dx, 0.0, dz) for b in state.collision_shape.boxes)
        _offset_shapes[key] = shape
    return shape


# Blocks whose `onEntityCollision` changes an entity's motion or presence (engine.motion.block_effects handles each)
PRESSURE_PLATES = frozenset({*(f"{w}_pressure_plate" for w in WOOD_TYPES), "stone_pressure_plate",
                             "polished_blackstone_pressure_plate", "light_weighted_pressure_plate",
                             "heavy_weighted_pressure_plate"})
WOODEN_BUTTONS = frozenset(f"{w}_button" for w in WOOD_TYPES)
STONE_BUTTONS = frozenset({"stone_button", "polished_blackstone_button"})
ENTITY_COLLISION_BLOCKS = frozenset({"cobweb", "sweet_berry_bush", "bubble_column", "honey_block", "end_portal",
                                     "fire", "soul_fire", "cactus", "detector_rail", *PRESSURE_PLATES,
                                     *WOODEN_BUTTONS, "powder_snow"})


# --- blocks added after 1.16.5 (or renamed since) that act as the tables above say, read per block in Blocks.java
# and the block's class of the release that added it. Plain: a collision shape from the release's block table and
# every fact above at its default: a solid (a Material that blocks movement before 1.20; a solid shape, average
# side ≥ 0.73 or 1 tall, from 1.20 on: AbstractBlockState.shouldBeSolid), not replaceable, pistonBehavior NORMAL, no
# block entity, no onEntityCollision / onSteppedOn / onLandedUpon / slowMovement, no model offset, not climbable,
# no redstone (a random tick such as copper's oxidation is not simulated for any block). Renamed: dirt_path
# (grass_path, 1.17), short_grass (grass, 1.20.3: above under REPLACEABLE_PLANT), iron_chain (chain, 1.21.9).
_COPPER = ("", "exposed_", "weathered_", "oxidized_")
_DEEPSLATE_SETS = ("cobbled_deepslate", "polished_deepslate", "deepslate_tile", "deepslate_brick")
LATER_PLAIN = frozenset({
    # 1.17
    *(f"deepslate_{o}_ore" for o in ("gold", "iron", "coal", "lapis", "diamond", "emerald", "copper")), "copper_ore",
    "dirt_path", "amethyst_block", "tuff", "calcite", "tinted_glass", "dripstone_block", "rooted_dirt",
    "deepslate", "cobbled_deepslate", "polished_deepslate", "deepslate_tiles", "deepslate_bricks",
    "chiseled_deepslate", "cracked_deepslate_bricks", "cracked_deepslate_tiles", "infested_deepslate",
    *(f"{s}_{k}" for s in _DEEPSLATE_SETS for k in ("stairs", "slab")),
    "smooth_basalt", "raw_iron_block", "raw_copper_block", "raw_gold_block", "water_cauldron", "lightning_rod",
    "copper_block", "waxed_copper_block", *(f"{w}{c}copper" for w in ("", "waxed_") for c in _COPPER[1:]),
    *(f"{w}{c}cut_copper{b}" for w in ("", "waxed_") for c in _COPPER for b in ("", "_stairs", "_slab")),
    # 1.19
    "mangrove_planks", "mangrove_log", "stripped_mangrove_log", "mangrove_wood", "stripped_mangrove_wood",
    "mangrove_roots", "muddy_mangrove_roots", "mangrove_stairs", "mangrove_slab", "mud", "packed_mud",
    "mud_bricks", "mud_brick_stairs", "mud_brick_slab", "sculk", "ochre_froglight", "verdant_froglight",
    "pearlescent_froglight",
    # 1.19.3
    "bamboo_planks", "bamboo_mosaic", "bamboo_block", "stripped_bamboo_block", "bamboo_stairs",
    "bamboo_mosaic_stairs", "bamboo_slab", "bamboo_mosaic_slab",
    # 1.19.4
    "cherry_planks", "cherry_log", "stripped_cherry_log", "cherry_wood", "stripped_cherry_wood", "cherry_stairs",
    "cherry_slab",
    # 1.20.3
    "tuff_slab", "tuff_stairs", "polished_tuff", "polished_tuff_slab", "polished_tuff_stairs", "chiseled_tuff",
    "tuff_bricks", "tuff_brick_slab", "tuff_brick_stairs", "chiseled_tuff_bricks",
    *(f"{w}{c}chiseled_copper" for w in ("", "waxed_") for c in _COPPER),
    *(f"{w}{c}copper_grate" for w in ("", "waxed_") for c in _COPPER),
    # 1.21.2, 1.21.4
    "pale_oak_wood", "pale_oak_planks", "pale_oak_log", "stripped_pale_oak_log", "stripped_pale_oak_wood",
    "pale_oak_stairs", "pale_oak_slab", "resin_block", "resin_bricks", "resin_brick_stairs", "resin_brick_slab",
    "chiseled_resin_bricks",
    # 1.21.9
    "iron_chain", *(f"{w}{c}copper_{b}" for w in ("", "waxed_") for c in _COPPER for b in ("bars", "chain")),
    *(f"{w}{c}lightning_rod" for w in ("", "waxed_") for c in _COPPER if w or c),
})
# plain but for PistonBlock.isMovable, which names it (engine/influences/piston.IMMOVABLE): reinforced deepslate (1.19)
LATER_IMMOVABLE = frozenset({"reinforced_deepslate"})
# powder snow (1.17): engine/world/shape_context.py (its shape), engine/motion/block_effects.py (onEntityCollision)
LATER_MODELLED = LATER_PLAIN | LATER_FENCES | LATER_WALLS | LATER_IMMOVABLE | {"short_grass", "pitcher_crop",
                                                                             "powder_snow"}
# 1.13.2's names of 1.16.5's oak signs (18w43a renamed them; engine/influences/piston.BLOCK_ENTITY_BLOCKS lists both)
EARLIER_NAMES = frozenset({"sign", "wall_sign"})
