"""`SwimPathNodeMaker` (Mojang `SwimNodeEvaluator`) of 1.16.5, for fully aquatic mobs (guardians, fish, dolphins;
spec 07 §3.2): three types, BREACH, WATER and BLOCKED, and six axis successors.

Only the search is modelled: following a path in water needs the water case of `travel` and
`SwimNavigation`'s raycast shortcuts, so scenes do not yet give a swimming mob a `path_to`."""

from __future__ import annotations

from engine.constants import BREACH_AIR_PENALTY
from engine.influences.fluids import fluid_state
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.pathfinding import blocks as pb
from engine.pathfinding.node_maker import PathNodeMaker
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.path import PathNode, TargetPathNode
from engine.pathfinding.region import ChunkCache
from engine.world import block_physics as phys
from engine.world.blocks import BlockState

DIRECTIONS = ((0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0))   # Direction.values()
WATER_BLOCKERS = pb.DOORS | phys.FENCE_GATES   # canPathfindThrough(WATER) is false for these whatever the fluid


def can_pathfind_through_water(state: BlockState, below_or_here: BlockState) -> bool:
    """`state.canPathfindThrough(world, pos, WATER)`: the fluid at `pos` is water (doors and fence gates: never;
    slabs and trapdoors: when waterlogged, which is the same test)."""
    return state.block not in WATER_BLOCKERS and pb.is_water(below_or_here)


class SwimPathNodeMaker(PathNodeMaker):
    """`SwimPathNodeMaker(canJumpOutOfWater)`: dolphins may leave the water (BREACH nodes)."""

    def __init__(self, can_jump_out_of_water: bool = False) -> None:
        super().__init__()
        self.can_jump_out_of_water = can_jump_out_of_water

    def get_start(self) -> PathNode:
        """The box's minimum corner block, half a block up (no type: the plain cached node)."""
        b = self.entity.box
        return super().get_node(floor(b.min_x), floor(b.min_y + 0.5), floor(b.min_z))

    def get_node_at(self, x: float, y: float, z: float) -> TargetPathNode:
        """A target at the corner the mob's box would have there."""
        half = float(f32(self.entity.width / 2.0))
        return TargetPathNode(super().get_node(floor(x - half), floor(y + 0.5), floor(z - half)))

    def get_successors(self, successors: list[PathNode], node: PathNode) -> int:
        count = 0
        for dx, dy, dz in DIRECTIONS:
            n = self.get_water_node(node.x + dx, node.y + dy, node.z + dz)
            if n is not None and not n.visited:
                successors[count] = n
                count += 1
        return count

    def get_water_node(self, x: int, y: int, z: int) -> PathNode | None:
        t = self.is_free(x, y, z)
        if (self.can_jump_out_of_water and t is T.BREACH) or t is T.WATER:
            return self.get_node(x, y, z)
        return None

    def get_node(self, x: int, y: int, z: int) -> PathNode | None:
        """`SwimPathNodeMaker.getNode`: the type read from the world; a node outside water costs 8 more each
        time it is asked for (vanilla adds to the cached node's penalty)."""
        t = self.get_default_node_type(ChunkCache.of_world(self.view.world), x, y, z)
        f = self.entity.get_pathfinding_penalty(t)
        if f < 0.0:
            return None
        node = super().get_node(x, y, z)
        node.type = t
        node.penalty = max(node.penalty, f)
        if fluid_state(self.view.get_block_state(x, y, z)).fluid is None:
            node.penalty = f32(node.penalty + BREACH_AIR_PENALTY)
        return node

    @staticmethod
    def get_default_node_type(view: ChunkCache, x: int, y: int, z: int) -> T:
        """`SwimPathNodeMaker.getDefaultNodeType` (spec 07 §3.2): air over water is BREACH, water WATER."""
        state = view.get_block_state(x, y, z)
        if fluid_state(state).fluid is None and state.is_air and \
                can_pathfind_through_water(state, view.get_block_state(x, y - 1, z)):
            return T.BREACH
        return T.WATER if pb.is_water(state) and can_pathfind_through_water(state, state) else T.BLOCKED

    def is_free(self, x: int, y: int, z: int) -> T:
        """`SwimPathNodeMaker.getNodeType(x, y, z)`: every cell of the mob's extent must be water (BREACH at the
        first air cell over water); then the last cell decides."""
        view = self.view
        for i in range(x, x + self.size_x):
            for j in range(y, y + self.size_y):
                for k in range(z, z + self.size_z):
                    state = view.get_block_state(i, j, k)
                    if fluid_state(state).fluid is None and state.is_air and \
                            can_pathfind_through_water(state, view.get_block_state(i, j - 1, k)):
                        return T.BREACH
                    if not pb.is_water(state):
                        return T.BLOCKED
        last = view.get_block_state(x + self.size_x - 1, y + self.size_y - 1, z + self.size_z - 1)
        return T.WATER if can_pathfind_through_water(last, last) else T.BLOCKED
