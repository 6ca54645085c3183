"""`PathNodeMaker` of 1.16.5, the base of the walk, fly, amphibious and swim node makers (spec 07 §3): the mob and
its size in whole blocks, and one node object per position, kept for one search (`init` … `clear`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.geometry.box import BlockPos
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.pathfinding.blocks import PASS_1_16
from engine.pathfinding.path import PathNode

if TYPE_CHECKING:
    from engine.living.mob import MobEntity
    from engine.pathfinding.region import ChunkCache


class PathNodeMaker:
    """`PathNodeMaker`: what every node maker keeps for one `find_path`."""

    def __init__(self) -> None:
        self.view: ChunkCache | None = None
        self.entity: MobEntity | None = None
        self.path_node_cache: dict[BlockPos, PathNode] = {}
        self.size_x = self.size_y = self.size_z = 0
        self.can_enter_open_doors = False   # PathNodeMaker.canEnterOpenDoors
        self.can_open_doors = False         # canOpenDoors (MobNavigation.setCanPathThroughDoors)
        self.can_swim = False
        # the release's rules, set by the navigation before each search (1.16.5's by default)
        self.floor_by_collision = True      # features.path_floor_by_collision (the floor heights, 1.13)
        self.passability = PASS_1_16        # blocks.passability (getPathNodeTypeRaw: 1.13, 1.16)
        self.step_box_from_feet = True      # features.path_step_box_from_feet (getPathNode's step up, 1.14)
        self.diagonal_sides_checked = True  # features.path_diagonal_sides_checked (getPathNodes, 1.14.1)
        self.fall_blocked_node = True       # features.path_fall_blocked_node (getPathNode, 1.14.1)
        self.box_entities = False           # features.path_box_entities (getPathNode's box tests, 1.14 only)
        self.start_waterlogged = True       # features.path_start_through_waterlogged (getStart, 1.14.4)
        self.diagonal_lower_sides = True    # features.path_diagonal_lower_sides (isValidDiagonalSuccessor, 1.14.4)
        self.cocoa_type = True              # features.path_cocoa_type (getBasicPathNodeType, 1.15)
        self.neighbors_cube = True          # features.path_neighbors_cube (method_59, 1.15)
        self.start_in_order = True          # features.path_start_corners_in_order (getStart, 1.16)
        self.from_negative = True           # features.path_from_negative_node (isValidAdjacentSuccessor, 1.16)
        self.fence_nodes = True             # features.path_fence_nodes (getPathNode's fence rules, 1.16)
        self.fire_blocks = True             # features.path_fire_blocks (getCommonNodeType, 1.16)
        self.fluids_after_pathable = True   # features.path_fluids_after_pathable (getCommonNodeType, 1.16)
        self.first_danger = True            # features.path_neighbors_first_danger (getNodeTypeFromNeighbors, 1.16)
        self.open_box_test = False          # features.path_open_box_test (getPathNode's OPEN cell, to 1.16.1)
        self.walkable_door = True           # features.path_walkable_door (adjustNodeType, 1.16.2)
        self.open_narrow_only = True        # features.path_open_narrow_only (getNodeType, 1.16.2)
        self.lava_fiery = True              # features.path_lava_fiery (inflictsFireDamage, 1.16.2)
        self.fluids_first = True            # features.path_fluids_first (getCommonNodeType, 1.16.2)
        self.water_last = False             # features.path_water_after_blocks (getCommonNodeType, 1.17)
        self.bottom_y = 0                   # HeightLimitView.getBottomY (1.16.5: y 0)
        self.vec_double = False             # features.vec_double (Vec3d.length in double, 1.17)
        self.blocked_doors = False          # features.path_blocked_doors (isBlocked(PathNodeType), 1.19)
        self.sweep_min_corner = False       # features.path_sweep_min_corner (isBlocked(PathNode), 1.19)
        self.start_skips_open = False       # features.path_start_skips_open (getStart, 1.19.3)
        self.swimmer_feet_mid_water = False   # features.path_swimmer_feet_mid_water (getFeetY, 1.19.3)
        self.closed_node_if_none = False    # features.path_closed_node_if_none (getPathNode step 8, 1.19.3)
        self.leaves_kept = False            # features.path_leaves_kept (adjustNodeType, 1.19.4)
        self.cactus_other = False           # features.path_cactus_damage_other (the cactus types, 1.19.4)
        self.cautious = False               # features.path_damage_cautious (DAMAGE_CAUTIOUS, 1.20)
        self.trapdoor_danger = False        # features.path_danger_trapdoor (getLandNodeType, 1.20.3)
        self.by_direction = False           # features.path_successors_by_direction (getSuccessors, 1.20.5)
        self.neighbors_by_type = False      # features.path_neighbors_by_type (getNodeTypeFromNeighbors, 1.20.5)

    def init(self, view: ChunkCache, entity: MobEntity) -> None:
        """`PathNodeMaker.init`: the entity's size in whole blocks, floor(width + 1) and floor(height + 1)."""
        self.view, self.entity = view, entity
        self.path_node_cache.clear()
        self.size_x = self.size_z = floor(f32(entity.width + 1.0))
        self.size_y = floor(f32(entity.height + 1.0))

    def cell_rules(self) -> tuple[bool, int, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, int]:
        """The release's rules a cell's land type follows (`get_land_node_type`'s arguments after the cell)."""
        return self.water_last, self.bottom_y, self.cactus_other, self.cautious, self.trapdoor_danger, \
            self.neighbors_by_type, self.fluids_first, self.lava_fiery, self.fire_blocks, \
            self.fluids_after_pathable, self.first_danger, self.cocoa_type, self.neighbors_cube, \
            self.passability

    def kernel_rules(self) -> bool:
        """Whether the walk kernel follows this release's rules: it has none of 1.15.2's (the start, the
        successors, the fences, the block types and the neighbour scan) nor 1.14.4's (cocoa, the flat neighbour
        scan) nor 1.14.3's (the diagonals) nor 1.14's; a search by older rules runs on node objects."""
        return self.start_in_order and self.from_negative and self.fence_nodes and self.fire_blocks and \
            self.fluids_after_pathable and self.first_danger and self.cocoa_type and self.neighbors_cube and \
            self.diagonal_lower_sides and self.diagonal_sides_checked and self.fall_blocked_node and \
            not self.box_entities and self.step_box_from_feet and self.passability == PASS_1_16 and \
            self.floor_by_collision

    def clear(self) -> None:
        """`PathNodeMaker.clear`: the search is over."""
        self.view = self.entity = None

    def get_node(self, x: int, y: int, z: int) -> PathNode:
        """`PathNodeMaker.getNode`: one node object per position and search."""
        key = (x, y, z)
        node = self.path_node_cache.get(key)
        if node is None:
            node = self.path_node_cache[key] = PathNode(x, y, z)
        return node
