"""What compiled stages read about each block state (docs/architecture.md, "Entities as rows; stages
compiled"), built once from the block-state table: per state id its collision-shape id (−1 where the shape
depends on the cell, a block entity or the entity asking: moving pistons, shulker boxes, bamboo, scaffolding; a
stage that meets one hands the entity's tick back to the object path) and flags; per shape its voxel grid
(`VoxelShape.coords` and `filled`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from engine.world import block_physics as phys
from engine.world import blocks
from engine.world.block_entities import SHULKER_BOXES
from engine.world.fluid_states import LAVA as LAVA_NAME
from engine.world.fluid_states import WATER as WATER_NAME
from engine.world.fluid_states import fluid_state
from engine.world.shape_context import CONTEXT_BLOCKS

if TYPE_CHECKING:
    from engine.geometry.shapes import VoxelShape
    from engine.world.blocks import BlockState

MAX_COORDS = 8            # the most grid coordinates on one axis of any collision shape (1.16.5 to 1.21.11)
DYNAMIC_SHAPE = -1        # shape id of a state whose shape the cell, a block entity or the entity's context decides
# state flag bits
EXCEEDS = 1               # AbstractBlockState.exceedsCube: counts on the outer layer of a query
MOVING_PISTON = 2         # counts on two edges of a query
FALL_RESETTING = 4        # BlockTags.FALL_DAMAGE_RESETTING (1.18.2): the fall-reset ray's full cubes
EFFECT = 8                # onEntityCollision moves or removes entities, or Entity.move step 8/10/11/14/15 acts
AIR = 16                  # AbstractBlockState.isAir
FENCE_LIKE = 32           # fences, walls, fence gates: getLandingPos looks through air onto them
WATER_OR_COLUMN = 64      # getVelocityMultiplier reads no block below these
WATER = 128               # its fluid state is water (FluidState.getFluid)
LAVA = 256                # … lava
FALLING = 512             # … with FALLING set
BLOCKS_MOVEMENT = 1024    # Material.blocksMovement
AMOUNT_SHIFT = 12         # flags >> AMOUNT_SHIFT: the fluid's amount (getLevel, 0..8)


class BlockTables(NamedTuple):
    """Per state id: `shape` (id into the shape arrays, or DYNAMIC_SHAPE), `flags`; per shape: `ncoords`
    [s, axis], `coords` [s, axis, i] (padded with +inf), `filled` [s, i, j, k], `single` (one box filling its
    one voxel), `empty`."""

    shape: np.ndarray
    flags: np.ndarray
    ncoords: np.ndarray
    coords: np.ndarray
    filled: np.ndarray
    single: np.ndarray
    empty: np.ndarray


# Blocks that act on an entity in Entity.move beyond collision: landing (slime, beds: step 10), stepping
# (slime, magma, turtle eggs…: step 11), speed (soul sand, honey: step 14), fire (step 15), farmland (step 8)
MOVE_EFFECT_BLOCKS = frozenset({"slime_block", "magma_block", "turtle_egg", "redstone_ore", "farmland",
                                *phys.VELOCITY_MULTIPLIER, *phys.BEDS, *phys.FIRE_OR_LAVA,
                                *phys.ENTITY_COLLISION_BLOCKS})


def state_flags(st: BlockState) -> int:
    """The flag bits of one state (above), its fluid's amount in the bits from AMOUNT_SHIFT up."""
    fs = fluid_state(st)
    return (EXCEEDS * st.exceeds_cube | MOVING_PISTON * (st.block == "moving_piston")
            | EFFECT * (st.block in MOVE_EFFECT_BLOCKS) | AIR * st.is_air
            | FENCE_LIKE * (phys.is_fence(st.block) or phys.is_wall(st.block) or phys.is_fence_gate(st.block))
            | WATER_OR_COLUMN * (st.block in ("water", "bubble_column"))
            | FALL_RESETTING * phys.resets_fall_damage(st.block)
            | BLOCKS_MOVEMENT * phys.blocks_movement(st)
            | WATER * (fs.fluid == WATER_NAME) | LAVA * (fs.fluid == LAVA_NAME) | FALLING * fs.falling
            | fs.amount << AMOUNT_SHIFT)


_flags_by_id: dict[int, int] = {}


def flags_of(state_id: int) -> int:
    """`state_flags` of a state id, made on first use: the object path's lookups (the kernels read the table)."""
    f = _flags_by_id.get(state_id)
    if f is None:
        f = _flags_by_id[state_id] = state_flags(blocks.all_states()[state_id])
    return f


@lru_cache(maxsize=1)
def _collision_shapes() -> tuple[np.ndarray, list[VoxelShape]]:
    """Per state id its collision-shape id (DYNAMIC_SHAPE where the cell, a block entity or the entity's
    `ShapeContext` decides), and the distinct shapes in id order."""
    states = blocks.all_states()
    ids: dict[int, int] = {}
    shapes: list[VoxelShape] = []
    shape = np.empty(len(states), dtype=np.int32)
    for st in states:
        if st.block == "moving_piston" or st.block in SHULKER_BOXES or st.block in phys.OFFSET_XZ_COLLIDERS \
                or st.block in CONTEXT_BLOCKS:
            shape[st.id] = DYNAMIC_SHAPE
        else:
            sid = ids.get(id(st.collision_shape))
            if sid is None:
                sid = ids[id(st.collision_shape)] = len(shapes)
                shapes.append(st.collision_shape)
            shape[st.id] = sid
    return shape, shapes


@lru_cache(maxsize=1)
def block_tables() -> BlockTables:
    shape, shapes = _collision_shapes()
    flags = np.array([state_flags(st) for st in blocks.all_states()], dtype=np.int32)
    n = len(shapes)
    ncoords = np.zeros((n, 3), dtype=np.int64)
    coords = np.full((n, 3, MAX_COORDS), np.inf)
    filled = np.zeros((n, MAX_COORDS - 1, MAX_COORDS - 1, MAX_COORDS - 1), dtype=np.bool_)
    for s, sh in enumerate(shapes):
        for a in range(3):
            ncoords[s, a] = len(sh.coords[a])
            coords[s, a, :len(sh.coords[a])] = sh.coords[a]
        for i, j, k in sh.filled:
            filled[s, i, j, k] = True
    single = np.array([sh.single for sh in shapes], dtype=np.bool_)
    empty = np.array([sh.is_empty for sh in shapes], dtype=np.bool_)
    return BlockTables(shape, flags, ncoords, coords, filled, single, empty)


@lru_cache(maxsize=1)
def shape_boxes() -> tuple[np.ndarray, np.ndarray]:
    """Per shape id of `block_tables`: the number of its boxes and the boxes (`VoxelShape.boxes`, vanilla's
    `getBoundingBoxes`, which `Box.raycast` meets one by one), local to the cell: `boxes[s, i]` = min x, y, z, max
    x, y, z (padded with NaN)."""
    shapes = _collision_shapes()[1]
    most = max(len(sh.boxes) for sh in shapes)
    nboxes = np.array([len(sh.boxes) for sh in shapes], dtype=np.int64)
    boxes = np.full((len(shapes), most, 6), np.nan)
    for s, sh in enumerate(shapes):
        for i, b in enumerate(sh.boxes):
            boxes[s, i] = (b.min_x, b.min_y, b.min_z, b.max_x, b.max_y, b.max_z)
    return nboxes, boxes
