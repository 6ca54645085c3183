"""`ChunkCache` (Mojang `PathNavigationRegion`): the world as a path search sees it — the chunks that cover a cube
around the mob, and plain air beyond them and outside the build height (spec 07 §4 step 5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.geometry.box import BlockPos, Box
from engine.geometry.shapes import VoxelShape
from engine.world import blocks
from engine.world.world import MAX_Y, MIN_Y

if TYPE_CHECKING:
    from engine.world.shape_context import ShapeContext
    from engine.world.world import World


class ChunkCache:
    """Block reads limited to the chunks of `[lo, hi]`; collision tests ask the world's blocks (no entities:
    `ChunkCache.getEntityCollisions` is empty)."""

    def __init__(self, world: World, lo: BlockPos, hi: BlockPos) -> None:
        self.world = world
        self.min_cx, self.min_cz = lo[0] >> 4, lo[2] >> 4
        self.max_cx, self.max_cz = hi[0] >> 4, hi[2] >> 4

    @staticmethod
    def of_world(world: World) -> ChunkCache:
        """The whole world (what `EntityNavigation.tick` reads through `world` itself)."""
        return ChunkCache(world, (-(2**31), 0, -(2**31)), (2**31 - 1, 0, 2**31 - 1))

    def sees_world_around(self, x: int, z: int) -> bool:
        """Whether the columns x − 1..x + 1, z − 1..z + 1 all lie in the cached chunks (so that a cell's type read
        through the cache is the world's)."""
        return self.min_cx <= (x - 1) >> 4 and (x + 1) >> 4 <= self.max_cx and \
            self.min_cz <= (z - 1) >> 4 and (z + 1) >> 4 <= self.max_cz

    def get_block_state(self, x: int, y: int, z: int) -> blocks.BlockState:
        """`ChunkCache.getBlockState`: air outside the build height and in chunks outside the cache."""
        if y < MIN_Y or y > MAX_Y or not (self.min_cx <= x >> 4 <= self.max_cx and
                                          self.min_cz <= z >> 4 <= self.max_cz):
            return blocks.AIR
        return self.world.get_block_state(x, y, z)

    def get_collision_shape(self, x: int, y: int, z: int) -> VoxelShape:
        return self.world.get_collision_shape(self.get_block_state(x, y, z), x, y, z)

    def is_space_empty(self, box: Box, context: ShapeContext | None = None) -> bool:
        """`CollisionView.isSpaceEmpty(entity, box)` over the cache's blocks, the entity's shape `context` given."""
        return self.world.is_space_empty(box, context)
