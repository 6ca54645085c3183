"""`LandPathNodeMaker` (Mojang `WalkNodeEvaluator`) of 1.16.5: block path types (spec 07 §3.1), the start node
(§4) and the successors of a node (§6, §6.1). Seed 001 describes 1.19.4; the 1.16.5 differences are marked. The
rules of later releases (1.17 to 1.19.3) follow the node maker's flags (`PathNodeMaker`, set from the release's
features by the navigation; docs/versions.md)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import OPEN_BOX_LIFT, STEP_BOX_LIFT, STEP_BOX_TOP_MARGIN, WALK_MAX_JUMP_HEIGHT
from engine.geometry.box import BlockPos, Box, Vec3
from engine.java.javanum import f32
from engine.java.javautil import hash_set_order
from engine.java.mathhelper import ceil, floor
from engine.pathfinding import blocks as pb
from engine.pathfinding.node_maker import PathNodeMaker
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.path import PathNode, TargetPathNode
from engine.world import block_physics as phys
from engine.world.blocks import BlockState

if TYPE_CHECKING:
    from engine.living.mob import MobEntity
    from engine.pathfinding.region import ChunkCache
    from engine.world.world import World

SOUTH, WEST, EAST, NORTH = (0, 1), (-1, 0), (1, 0), (0, -1)   # Direction offsets (x, z)
HORIZONTAL = (NORTH, EAST, SOUTH, WEST)                        # Direction.Type.HORIZONTAL, clockwise
FLOOR_PASSES = (T.WALKABLE, T.OPEN, T.WATER, T.LAVA)           # the block below these leaves the position OPEN
FLOOR_INHERITED = (T.DAMAGE_FIRE, T.DAMAGE_CACTUS, T.DAMAGE_OTHER, T.STICKY_HONEY, T.DAMAGE_CAUTIOUS)
CAUTIOUS_BLOCKS = frozenset({"wither_rose", "pointed_dripstone"})   # DAMAGE_CAUTIOUS from 1.20
NO_STEP_UP = (T.FENCE, T.UNPASSABLE_RAIL, T.TRAPDOOR)
CLOSED_DOORS = (T.DOOR_WOOD_CLOSED, T.DOOR_IRON_CLOSED)
FIRE_FLOORS_1_15 = frozenset({"magma_block", "campfire"})   # up to 1.15.2: the cell above is DAMAGE_FIRE


_COMMON_BY_STATE: dict[tuple[bool, ...], dict[int, T]] = {}   # by common_node_type_of's rules
_DANGER_BY_STATE: dict[tuple[bool, ...], dict[int, T | None]] = {}   # by danger_of's rules
# getNodeTypeFromNeighbors from 1.20.5 (features.path_neighbors_by_type): the danger a neighbour's node type signals
DANGER_OF_TYPE = {T.DAMAGE_OTHER: T.DANGER_OTHER, T.DAMAGE_FIRE: T.DANGER_FIRE, T.LAVA: T.DANGER_FIRE,
                  T.WATER: T.WATER_BORDER, T.DAMAGE_CAUTIOUS: T.DAMAGE_CAUTIOUS}


def get_common_node_type(view: ChunkCache, x: int, y: int, z: int, water_last: bool = False,
                         cactus_other: bool = False, cautious: bool = False, fluids_first: bool = True,
                         lava_fiery: bool = True, fire_blocks: bool = True, fluids_after_pathable: bool = True,
                         cocoa_type: bool = True, passability: int = pb.PASS_1_16) -> T:
    """`LandPathNodeMaker.getCommonNodeType`: the type of the block itself (spec 07 §3.1 "initial mapping";
    1.16.5 has no powder snow, dripleaf, dripstone or lava cauldron). A function of the block state alone, kept
    per state id. `water_last`: features.path_water_after_blocks; `cactus_other`:
    features.path_cactus_damage_other; `cautious`: features.path_damage_cautious; `fluids_first`:
    features.path_fluids_first; `lava_fiery`: features.path_lava_fiery; `fire_blocks`: features.path_fire_blocks;
    `fluids_after_pathable`: features.path_fluids_after_pathable; `cocoa_type`: features.path_cocoa_type;
    `passability`: `blocks.passability` (features.path_passable_by_shape, path_small_blocks_refuse)."""
    state = view.get_block_state(x, y, z)
    rules = (water_last, cactus_other, cautious, fluids_first, lava_fiery, fire_blocks, fluids_after_pathable,
             cocoa_type, passability)
    by_state = _COMMON_BY_STATE.setdefault(rules, {})
    t = by_state.get(state.id)
    if t is None:
        t = by_state[state.id] = common_node_type_of(state, *rules)
    return t


def common_node_type_of(state: BlockState, water_last: bool = False, cactus_other: bool = False,
                        cautious: bool = False, fluids_first: bool = True, lava_fiery: bool = True,
                        fire_blocks: bool = True, fluids_after_pathable: bool = True, cocoa_type: bool = True,
                        passability: int = pb.PASS_1_16) -> T:
    """The type of one block state. From 1.16.2 (`fluids_first`) to 1.16.5 water and lava come first after the
    named blocks, so a waterlogged fence, wall, slab or stairs is WATER; in 1.16-1.16.1 they come last, after
    canPathfindThrough (a waterlogged fence is FENCE, a waterlogged slab BLOCKED, lava BLOCKED: its FluidBlock is
    not pathable; fire without lava, `lava_fiery`); up to 1.15.2 (`fluids_after_pathable` off,
    getBasicPathNodeType) right after the fences (a waterlogged slab WATER, lava LAVA), and only fire is
    DAMAGE_FIRE (`fire_blocks` off: a magma block or campfire BLOCKED); from 1.17 (`water_last`) lava comes first
    again and water is tested only where the block is passable (getCommonNodeType). A cactus is DAMAGE_CACTUS up
    to 1.19.3, DAMAGE_OTHER from 1.19.4 (`cactus_other`: the enum lost the cactus types). From 1.20 (`cautious`) a
    wither rose or pointed dripstone is DAMAGE_CAUTIOUS, tested after cocoa (a wither rose was OPEN: no collision; a
    pointed dripstone BLOCKED). Up to 1.14.4 (`cocoa_type` off) cocoa has no type of its own: OPEN, placeable at.
    In 1.12.2 (`passability` PASS_1_12) a block passes by 1.12.2's `isPassable` (its material; a cauldron passes);
    up to 1.15.2 (PASS_1_13) end rods, sea pickles, flower pots and skulls pass by their shape."""
    block = state.block
    if state.is_air:
        return T.OPEN
    if block in pb.TRAPDOORS or block == "lily_pad":
        return T.TRAPDOOR
    if block == "cactus":
        return T.DAMAGE_OTHER if cactus_other else T.DAMAGE_CACTUS
    if block == "sweet_berry_bush":
        return T.DAMAGE_OTHER
    if block == "honey_block":
        return T.STICKY_HONEY
    if cocoa_type and block == "cocoa":
        return T.COCOA
    if cautious and block in CAUTIOUS_BLOCKS:
        return T.DAMAGE_CAUTIOUS
    if fluids_first and pb.is_water(state) and not water_last:
        return T.WATER
    if fluids_first and pb.is_lava(state):
        return T.LAVA
    if pb.is_fiery(state, lava_fiery, fire_blocks):
        return T.DAMAGE_FIRE
    is_open = state.get("open") == "true" if block in pb.DOORS else False
    if block in pb.WOODEN_DOORS and not is_open:
        return T.DOOR_WOOD_CLOSED
    if block == "iron_door" and not is_open:
        return T.DOOR_IRON_CLOSED
    if block in pb.DOORS and is_open:
        return T.DOOR_OPEN
    if block in pb.RAILS:
        return T.RAIL
    if block in pb.LEAVES:
        return T.LEAVES
    if phys.is_fence(block) or phys.is_wall(block) or \
            (phys.is_fence_gate(block) and state.get("open") != "true"):
        return T.FENCE
    if not fluids_first and not fluids_after_pathable and pb.is_water(state):
        return T.WATER
    if not fluids_first and not fluids_after_pathable and pb.is_lava(state):
        return T.LAVA
    if not pb.can_pass(state, passability):
        return T.BLOCKED
    # in 1.16-1.16.1 lava would follow water here: no lava state passes canPathfindThrough
    return T.WATER if (water_last or not fluids_first) and pb.is_water(state) else T.OPEN


def get_node_type_from_neighbors(view: ChunkCache, x: int, y: int, z: int, node_type: T,
                                 cactus_other: bool = False, cautious: bool = False, by_type: bool = False,
                                 lava_fiery: bool = True, first_danger: bool = True, cube: bool = True) -> T:
    """`LandPathNodeMaker.getNodeTypeFromNeighbors`: x outer, y middle, z inner over the 3×3×3 cube, the
    centre column skipped; the first danger found wins (1.16.5: cactus, berry bush, fire, water; 1.16.1: lava
    after water; 1.20: wither roses and pointed dripstone too; 1.20.5, `by_type`: read from the neighbours' node
    types); up to 1.15.2 (`first_danger` off, `method_59`) the last one found, of `danger_of_1_15`'s (up to
    1.14.4, `cube` off, of the 8 cells around at the cell's height)."""
    if not first_danger:
        return get_node_type_from_neighbors_1_15(view, x, y, z, node_type, cube)
    rules = (cactus_other, cautious, by_type, lava_fiery)
    by_state = _DANGER_BY_STATE.setdefault(rules, {})
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for dz in (-1, 0, 1):
                if dx == 0 and dz == 0:
                    continue
                state = view.get_block_state(x + dx, y + dy, z + dz)
                danger = by_state.get(state.id, T.BLOCKED)
                if danger is T.BLOCKED:
                    danger = by_state[state.id] = danger_of(state, *rules)
                if danger is not None:
                    return danger
    return node_type


def get_node_type_from_neighbors_1_15(view: ChunkCache, x: int, y: int, z: int, node_type: T,
                                      cube: bool = True) -> T:
    """1.15.2's `LandPathNodeMaker.method_59`: the same cube in the same order, each danger found replacing the
    one before; 1.14.4's (`cube` off) the 8 cells around at the cell's height (x outer, z inner), lava none."""
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1) if cube else (0,):
            for dz in (-1, 0, 1):
                if dx == 0 and dz == 0:
                    continue
                danger = danger_of_1_15(view.get_block_state(x + dx, y + dy, z + dz), cube)
                if danger is not None:
                    node_type = danger
    return node_type


def danger_of_1_15(state: BlockState, lava: bool = True) -> T | None:
    """The danger a neighbouring block signals up to 1.15.2: a cactus DANGER_CACTUS, fire or lava (up to 1.14.4,
    `lava` off, fire alone) DANGER_FIRE, a sweet berry bush DANGER_OTHER (no magma block or campfire, no water
    border)."""
    if state.block == "cactus":
        return T.DANGER_CACTUS
    if state.block == "fire" or (lava and state.block == "lava"):
        return T.DANGER_FIRE
    if state.block == "sweet_berry_bush":
        return T.DANGER_OTHER
    return None


def danger_of(state: BlockState, cactus_other: bool = False, cautious: bool = False,
              by_type: bool = False, lava_fiery: bool = True) -> T | None:
    """The danger a neighbouring block state signals, in the order `getNodeTypeFromNeighbors` tests them: beside
    a cactus DANGER_CACTUS up to 1.19.3, DANGER_OTHER from 1.19.4 (`cactus_other`); beside lava DANGER_FIRE from
    1.16.2 (`lava_fiery`: lava counts as fire), LAVA before (tested after water); beside a wither rose or
    pointed dripstone DAMAGE_CAUTIOUS from 1.20 (`cautious`), after water. From 1.20.5 (`by_type`) the danger of
    the neighbour's node type (`PathContext.getNodeType`, the 1.17 order: `water_last`): a waterlogged block that
    is BLOCKED, FENCE, TRAPDOOR, RAIL or LEAVES signals no water."""
    if by_type:
        return DANGER_OF_TYPE.get(common_node_type_of(state, True, cactus_other, cautious))
    if state.block == "cactus":
        return T.DANGER_OTHER if cactus_other else T.DANGER_CACTUS
    if state.block == "sweet_berry_bush":
        return T.DANGER_OTHER
    if pb.is_fiery(state, lava_fiery):
        return T.DANGER_FIRE
    if pb.is_water(state):
        return T.WATER_BORDER
    if pb.is_lava(state):   # reached up to 1.16.1 only: lava is fiery from 1.16.2
        return T.LAVA
    if cautious and state.block in CAUTIOUS_BLOCKS:
        return T.DAMAGE_CAUTIOUS
    return None


def get_land_node_type(view: ChunkCache, x: int, y: int, z: int, water_last: bool = False,
                       bottom_y: int = 0, cactus_other: bool = False, cautious: bool = False,
                       trapdoor_danger: bool = False, neighbors_by_type: bool = False, fluids_first: bool = True,
                       lava_fiery: bool = True, fire_blocks: bool = True, fluids_after_pathable: bool = True,
                       first_danger: bool = True, cocoa_type: bool = True, neighbors_cube: bool = True,
                       passability: int = pb.PASS_1_16) -> T:
    """`LandPathNodeMaker.getLandNodeType`: OPEN refined by the block below (spec 07 §3.1 "refinement") where
    that is above the world's bottom (`bottom_y`: 1.16.5 `y >= 1`, from 1.17 `y >= getBottomY() + 1`), then
    WALKABLE by the neighbours. A damaging type below is inherited (1.20: DAMAGE_CAUTIOUS too); from 1.20.3
    (`trapdoor_danger`) a TRAPDOOR below makes DANGER_TRAPDOOR, with no neighbour scan; from 1.20.5
    (`neighbors_by_type`) the neighbours signal by their node types. In 1.16-1.16.1 (`fluids_first`,
    `lava_fiery` off) lava is BLOCKED, so the cell over it is WALKABLE. Up to 1.15.2 (`fire_blocks` off) a magma
    block or campfire below, lit or not, makes DAMAGE_FIRE."""
    common = (water_last, cactus_other, cautious, fluids_first, lava_fiery, fire_blocks, fluids_after_pathable,
              cocoa_type, passability)
    node_type = get_common_node_type(view, x, y, z, *common)
    if node_type is T.OPEN and y >= bottom_y + 1:
        below = get_common_node_type(view, x, y - 1, z, *common)
        node_type = T.OPEN if below in FLOOR_PASSES else T.WALKABLE
        if not fire_blocks and view.get_block_state(x, y - 1, z).block in FIRE_FLOORS_1_15:
            node_type = T.DAMAGE_FIRE
        if below in FLOOR_INHERITED:
            node_type = below
        if trapdoor_danger and below is T.TRAPDOOR:
            node_type = T.DANGER_TRAPDOOR
    if node_type is T.WALKABLE:
        node_type = get_node_type_from_neighbors(view, x, y, z, node_type, cactus_other, cautious,
                                                 neighbors_by_type, lava_fiery, first_danger, neighbors_cube)
    return node_type


def get_feet_y(view: ChunkCache, x: int, y: int, z: int) -> float:
    """`LandPathNodeMaker.getFeetY`: the top of the collision shape of the block below (its y if empty)."""
    shape = view.get_collision_shape(x, y - 1, z)
    return float(y - 1) + (0.0 if shape.is_empty else shape.coords[1][-1])


def get_feet_y_1_12(view: ChunkCache, x: int, y: int, z: int) -> float:
    """1.12.2's floor height (`WalkNodeProcessor.findPathOptions`, `getSafePoint`; `PathNavigate.onUpdateNavigation`'s
    move target): y - (1 - maxY) of the block below's bounding box (`pb.bounding_box_top_1_12`; air a full cube)."""
    collision_top = get_feet_y(view, x, y, z) - (y - 1)
    return float(y - 1) + pb.bounding_box_top_1_12(view.get_block_state(x, y - 1, z), collision_top)


def start_corners_1_15(corners: list[tuple[int, int]], y: int) -> list[tuple[int, int]]:
    """1.15.2's `getStart`: the corners' cells (x, z) added to a `HashSet<BlockPos>` at height `y`, in the order
    it iterates them (`javautil.hash_set_order`; a cell two corners share is one entry)."""
    cells = list(dict.fromkeys(corners))
    order = hash_set_order(np.array([(x, y, z) for x, z in cells], dtype=np.int64))
    return [cells[k] for k in order.tolist()]


_CELL_TYPES: weakref.WeakKeyDictionary[World, dict[tuple, tuple[int, dict[BlockPos, T]]]] = weakref.WeakKeyDictionary()


def shared_cell_types(world: World, maker: type, rules: tuple) -> dict[BlockPos, T]:
    """A node maker's cell types (`getDefaultNodeType`) for a world as it is now and a release's `rules` (the
    node maker's `cell_rules`): a cell's type depends only on the block states around it, so searches share them
    until a block changes (`World.block_version`). Used only for cells whose neighbourhood lies inside a search's
    region (`ChunkCache.sees_world_around`)."""
    per_world = _CELL_TYPES.setdefault(world, {})
    key = (maker, *rules)
    entry = per_world.get(key)
    if entry is None or entry[0] != world.block_version:
        entry = per_world[key] = (world.block_version, {})
    return entry[1]


class LandPathNodeMaker(PathNodeMaker):
    """One search's node maker: node and type caches live for one `find_path` (`init` … `clear`)."""

    RAIL_WINS = True            # getNodeType: UNPASSABLE_RAIL anywhere in the footprint wins (not for fliers)
    OPEN_NEEDS_ONE_BLOCK = True  # getNodeType keeps OPEN only for sizeX <= 1 (fliers: any size)

    def __init__(self) -> None:
        super().__init__()
        self.node_types: dict[BlockPos, T] = {}
        self.collided_boxes: dict[Box, bool] = {}
        self.land_types: dict[BlockPos, T] = {}   # cell types near the region's edge, for one search
        self.shared_land_types: dict[BlockPos, T] = {}   # cell types inside it: the world's, shared (see init)
        self.penalties: dict[T, float] = {}

    def init(self, view: ChunkCache, entity: MobEntity) -> None:
        """`PathNodeMaker.init`, with the world's shared cell types and the mob's malus read once."""
        super().init(view, entity)
        self.shared_land_types = shared_cell_types(view.world, type(self), self.cell_rules())
        self.penalties = {t: entity.get_pathfinding_penalty(t) for t in T}

    def clear(self) -> None:
        self.node_types.clear()
        self.land_types.clear()
        self.collided_boxes.clear()
        super().clear()

    def get_node_type(self, x: int, y: int, z: int) -> T:
        """The cached `getNodeType(entity, x, y, z)`."""
        key = (x, y, z)
        t = self.node_types.get(key)
        if t is None:
            t = self.node_types[key] = self.get_node_type_sized(self.view, x, y, z, self.size_x, self.size_y,
                                                                self.size_z, self.can_open_doors,
                                                                self.can_enter_open_doors)
        return t

    def penalty(self, t: T) -> float:
        return self.penalties[t]

    # --- types for the mob ---
    def get_node_type_sized(self, view: ChunkCache, x: int, y: int, z: int, size_x: int, size_y: int, size_z: int,
                            can_open_doors: bool, can_enter_open_doors: bool) -> T:
        """`LandPathNodeMaker.getNodeType(world, x, y, z, mob, sizeX, sizeY, sizeZ, ...)` (spec 07 §3.1 "final
        selection"): FENCE, then UNPASSABLE_RAIL, win; an impassable type returns at once; else the highest
        penalty, last of equals in ordinal order; OPEN kept for a mob at most one block wide (up to 1.16.1, not
        `open_narrow_only`: for any mob)."""
        found: set[T] = set()
        own = self.find_nearby_node_types(view, x, y, z, size_x, size_y, size_z, can_open_doors,
                                          can_enter_open_doors, found, self.entity.block_pos())
        if T.FENCE in found:
            return T.FENCE
        if self.RAIL_WINS and T.UNPASSABLE_RAIL in found:
            return T.UNPASSABLE_RAIL
        best = T.BLOCKED
        for t in sorted(found, key=lambda t: t.ordinal):
            if self.penalty(t) < 0.0:
                return t
            if self.penalty(t) >= self.penalty(best):
                best = t
        # 1.16.5 tests sizeX <= 1; 1.19.4 (spec 07 §3.1) tests the width < 1
        narrow = size_x <= 1 or not self.OPEN_NEEDS_ONE_BLOCK or not self.open_narrow_only
        return T.OPEN if own is T.OPEN and self.penalty(best) == 0.0 and narrow else best

    def find_nearby_node_types(self, view: ChunkCache, x: int, y: int, z: int, size_x: int, size_y: int,
                               size_z: int, can_open_doors: bool, can_enter_open_doors: bool, found: set[T],
                               mob_pos: BlockPos) -> T:
        """`LandPathNodeMaker.findNearbyNodeTypes`: the adjusted types of every cell the mob covers; returns the
        corner cell's."""
        own = T.BLOCKED
        for i in range(size_x):
            for j in range(size_y):
                for k in range(size_z):
                    key = (x + i, y + j, z + k)
                    cache = self.shared_land_types if view.sees_world_around(x + i, z + k) else self.land_types
                    land = cache.get(key)
                    if land is None:
                        land = cache[key] = self.get_floor_node_type(view, *key)
                    t = self.adjust_node_type(view, can_open_doors, can_enter_open_doors, mob_pos, land,
                                              self.leaves_kept, self.walkable_door)
                    if i == 0 and j == 0 and k == 0:
                        own = t
                    found.add(t)
        return own

    def get_floor_node_type(self, view: ChunkCache, x: int, y: int, z: int) -> T:
        """The type of one cell for this node maker (`getDefaultNodeType`): `getLandNodeType` for walkers."""
        return get_land_node_type(view, x, y, z, *self.cell_rules())

    @staticmethod
    def adjust_node_type(view: ChunkCache, can_open_doors: bool, can_enter_open_doors: bool, mob_pos: BlockPos,
                         t: T, leaves_kept: bool = False, walkable_door: bool = True) -> T:
        """`LandPathNodeMaker.adjustNodeType` (spec 07 §3.1 "mob-specific conversion"): a closed wooden door a mob
        opens is WALKABLE_DOOR from 1.16.2 (`walkable_door`), WALKABLE before; a rail is passable only if the mob
        stands in or on a rail (up to 1.15.2 the other is FENCE, not UNPASSABLE_RAIL: both −1, and without 1.16's
        fence rules, `fence_nodes`, both end a search's step alike, in no node); leaves are BLOCKED up to
        1.19.3, kept as LEAVES from 1.19.4 (`leaves_kept`: the same penalty, but the type `getNodeType` returns and
        a start node records)."""
        if t is T.DOOR_WOOD_CLOSED and can_open_doors and can_enter_open_doors:
            t = T.WALKABLE_DOOR if walkable_door else T.WALKABLE
        if t is T.DOOR_OPEN and not can_enter_open_doors:
            t = T.BLOCKED
        if t is T.RAIL and view.get_block_state(*mob_pos).block not in pb.RAILS and \
                view.get_block_state(mob_pos[0], mob_pos[1] - 1, mob_pos[2]).block not in pb.RAILS:
            t = T.UNPASSABLE_RAIL
        if t is T.LEAVES and not leaves_kept:
            t = T.BLOCKED
        return t

    # --- the start (spec 07 §4) ---
    def get_start(self) -> PathNode:
        """`LandPathNodeMaker.getStart`: the start's y, then the feet block, or the first passable corner of the
        box where the feet block is not passable (`walk_kernel.find_path` makes the same choice). Up to 1.15.2
        (`start_in_order` off) the corners are a HashSet's cells, tried in its order, and the start node keeps
        the type BLOCKED and the penalty 0 a new node has."""
        e = self.entity
        i = self.get_start_y()
        bx, _, bz = e.block_pos()
        if not self.can_path_through(bx, i, bz):
            b = e.box
            corners = [(floor(cx), floor(cz)) for cx, cz in ((b.min_x, b.min_z), (b.min_x, b.max_z),
                                                              (b.max_x, b.min_z), (b.max_x, b.max_z))]
            if not self.start_in_order:
                corners = start_corners_1_15(corners, i)
            for cx, cz in corners:
                if self.can_path_through(cx, i, cz):
                    return self.typed_node(cx, i, cz) if self.start_in_order else self.get_node(cx, i, cz)
        return self.typed_node(bx, i, bz) if self.start_in_order else self.get_node(bx, i, bz)

    def can_path_through(self, x: int, y: int, z: int) -> bool:
        """`LandPathNodeMaker.canPathThrough`: a penalty ≥ 0; from 1.19.3 (`start_skips_open`) and not OPEN, so a
        mob whose feet block is over air starts from a corner of its box over the ground."""
        t = self.get_node_type(x, y, z)
        return not (self.start_skips_open and t is T.OPEN) and self.penalty(t) >= 0.0

    def get_start_y(self) -> int:
        """The start's y in `LandPathNodeMaker.getStart` (spec 07 §4): up through water for a swimmer (from 1.14.4,
        `start_waterlogged`, through still water in another block too: seagrass, a waterlogged block), the feet
        rounded on the ground, else down to the first block a land mob cannot path through."""
        e, view = self.entity, self.view
        p = e.pos
        i = floor(p.y)
        state = view.get_block_state(floor(p.x), i, floor(p.z))
        if not e.can_walk_on_fluid(state):
            if self.can_swim and e.touching_water:
                while True:
                    fs = pb.fluid_state(state)
                    if state.block != "water" and not (self.start_waterlogged and fs.fluid == "water" and
                                                       fs.is_source and not fs.falling):
                        i -= 1
                        break
                    i += 1
                    state = view.get_block_state(floor(p.x), i, floor(p.z))
            elif e.on_ground:
                i = floor(p.y + 0.5)
            else:
                x, y, z = e.block_pos()
                while y > self.bottom_y and (view.get_block_state(x, y, z).is_air or
                                 pb.can_pass(view.get_block_state(x, y, z), self.passability)):
                    y -= 1
                i = y + 1
        else:
            while e.can_walk_on_fluid(state):
                i += 1
                state = view.get_block_state(floor(p.x), i, floor(p.z))
            i -= 1
        return i

    def typed_node(self, x: int, y: int, z: int) -> PathNode:
        node = self.get_node(x, y, z)
        node.type = self.get_node_type(x, y, z)
        node.penalty = self.penalty(node.type)
        return node

    def get_node_at(self, x: float, y: float, z: float) -> TargetPathNode:
        """`LandPathNodeMaker.getNode(double, double, double)`: a target at the floored position."""
        return TargetPathNode(self.get_node(floor(x), floor(y), floor(z)))

    # --- successors (spec 07 §6) ---
    def get_successors(self, successors: list[PathNode], node: PathNode) -> int:
        """`LandPathNodeMaker.getSuccessors`: up to 1.20.4 south, west, east, north, then the four diagonals, each
        valid only with both of its axis neighbours (spec 07 §6.1; up to 1.15.2, `fence_nodes` off, no two
        fences pass a narrow mob: getPathNode makes no FENCE node); from 1.20.5 (`by_direction`) in the order of
        `Direction.Type.HORIZONTAL` (`successors_by_direction`)."""
        max_y_step = 0
        here = self.get_node_type(node.x, node.y, node.z)
        # spec 07 §6 AMBIGUITY-P1: the code tests a penalty ≥ 0 above the node
        if self.penalty(self.get_node_type(node.x, node.y + 1, node.z)) >= 0.0 and here is not T.STICKY_HONEY:
            max_y_step = floor(max(1.0, self.entity.step_height))
        feet = self.get_feet_y(node.x, node.y, node.z)
        if self.by_direction:
            return self.successors_by_direction(successors, node, max_y_step, feet, here)
        x, y, z = node.x, node.y, node.z
        south = self.get_path_node(x, y, z + 1, max_y_step, feet, SOUTH, here)
        west = self.get_path_node(x - 1, y, z, max_y_step, feet, WEST, here)
        east = self.get_path_node(x + 1, y, z, max_y_step, feet, EAST, here)
        north = self.get_path_node(x, y, z - 1, max_y_step, feet, NORTH, here)
        count = 0
        for n in (south, west, east, north):
            if self.is_valid_adjacent_successor(n, node):
                successors[count] = n
                count += 1
        for a, b, dx, dz, facing in ((west, north, -1, -1, NORTH), (east, north, 1, -1, NORTH),
                                     (west, south, -1, 1, SOUTH), (east, south, 1, 1, SOUTH)):
            diagonal = self.get_path_node(x + dx, y, z + dz, max_y_step, feet, facing, here)
            if self.is_valid_diagonal_successor(node, a, b, diagonal):
                successors[count] = diagonal
                count += 1
        return count

    def successors_by_direction(self, successors: list[PathNode], node: PathNode, max_y_step: int, feet: float,
                                here: T) -> int:
        """1.20.5's `getSuccessors` loops: the sides in `Direction.Type.HORIZONTAL` order (north, east, south,
        west), then for each side the diagonal between it and the side clockwise of it (north-east, south-east,
        south-west, north-west), its `getPathNode` called only where both sides pass (`isValidDiagonalSuccessor`
        of three nodes) and facing the first side (its step-up box starts beside it: south-east from the east
        side, north-west from the west side), then kept where it is open and not a door (of one node)."""
        x, y, z = node.x, node.y, node.z
        sides = []
        count = 0
        for facing in HORIZONTAL:
            n = self.get_path_node(x + facing[0], y, z + facing[1], max_y_step, feet, facing, here)
            sides.append(n)
            if self.is_valid_adjacent_successor(n, node):
                successors[count] = n
                count += 1
        for i, facing in enumerate(HORIZONTAL):
            clockwise = HORIZONTAL[(i + 1) % 4]
            if self.are_valid_diagonal_sides(node, sides[i], sides[(i + 1) % 4]):
                diagonal = self.get_path_node(x + facing[0] + clockwise[0], y, z + facing[1] + clockwise[1],
                                              max_y_step, feet, facing, here)
                if diagonal is not None and not diagonal.visited and diagonal.type is not T.WALKABLE_DOOR and \
                        diagonal.penalty >= 0.0:
                    successors[count] = diagonal
                    count += 1
        return count

    def is_valid_adjacent_successor(self, node: PathNode | None, successor_of: PathNode) -> bool:
        """`isValidAdjacentSuccessor`: not closed, and passable unless the current node itself is not (up to
        1.15.2, `from_negative` off: passable)."""
        return node is not None and not node.visited and (node.penalty >= 0.0 or (self.from_negative and
                                                                                   successor_of.penalty < 0.0))

    def are_valid_diagonal_sides(self, node: PathNode, a: PathNode | None, b: PathNode | None) -> bool:
        """The sides' part of `isValidDiagonalSuccessor`: both at most as high as the node, neither a
        WALKABLE_DOOR, each passable or lower (two fences pass for a mob narrower than 0.5)."""
        if b is None or a is None or b.y > node.y or a.y > node.y:
            return False
        if T.WALKABLE_DOOR in (a.type, b.type):
            return False
        narrow_fence = self.fence_nodes and b.type is T.FENCE and a.type is T.FENCE and self.entity.width < 0.5
        return (b.y < node.y or b.penalty >= 0.0 or narrow_fence) and (a.y < node.y or a.penalty >= 0.0 or
                                                                         narrow_fence)

    def is_valid_diagonal_successor(self, node: PathNode, a: PathNode | None, b: PathNode | None,
                                    diagonal: PathNode | None) -> bool:
        """`isValidDiagonalSuccessor` up to 1.20.4: the diagonal open and passable, not a WALKABLE_DOOR, and
        its sides valid (`are_valid_diagonal_sides`). Up to 1.14.3 (`diagonal_lower_sides` off, `method_20536`)
        the diagonal need only be open, whatever its penalty, and both sides passable and not higher than the
        node. 1.14 (`diagonal_sides_checked` off) takes an open diagonal where each side is no node, OPEN or of
        non-zero penalty (`getPathNodes`' four flags)."""
        if not self.diagonal_sides_checked:
            return diagonal is not None and not diagonal.visited and all(
                s is None or s.type is T.OPEN or s.penalty != 0.0 for s in (b, a))
        if not self.diagonal_lower_sides:
            return diagonal is not None and not diagonal.visited and all(
                s is not None and s.penalty >= 0.0 and s.y <= node.y for s in (b, a))
        if diagonal is None or diagonal.visited or diagonal.type is T.WALKABLE_DOOR or diagonal.penalty < 0.0:
            return False
        return self.are_valid_diagonal_sides(node, a, b)

    def get_feet_y(self, x: int, y: int, z: int) -> float:
        """`LandPathNodeMaker.getFeetY(BlockPos)`: `get_feet_y`; from 1.19.3 (`swimmer_feet_mid_water`) a swimming
        mob's feet in a cell of water are at y + 0.5; in 1.12.2 (`floor_by_collision` off) the bounding box's top."""
        if self.swimmer_feet_mid_water and self.can_swim and pb.is_water(self.view.get_block_state(x, y, z)):
            return y + 0.5
        return (get_feet_y if self.floor_by_collision else get_feet_y_1_12)(self.view, x, y, z)

    def is_blocking_type(self, t: T) -> bool:
        """`LandPathNodeMaker.isBlocked(PathNodeType)`: FENCE; from 1.19 (`blocked_doors`, 22w16a) the closed
        doors too (spec 07 §6 steps 3 and 8)."""
        return t is T.FENCE or (self.blocked_doors and t in CLOSED_DOORS)

    def is_blocked(self, node: PathNode) -> bool:
        """The sweep of `getPathNode` step 3 (`isBlocked(PathNode)`, inverted; Mojang `canReachWithoutCollision`):
        the mob's box moved from its position towards the node in steps of about its average edge — up to 1.18.2
        by node − position (its centre ends at the node's corner), from 1.19 (`sweep_min_corner`) by node −
        position + the box's lengths / 2 (its minimum corner ends there, its bottom half its height up). The
        length is `Vec3d.length`, in double from 1.17 (`vec_double`)."""
        e = self.entity
        box = e.box
        lengths = box.lengths()
        v = Vec3(node.x - e.pos.x, node.y - e.pos.y, node.z - e.pos.z)
        if self.sweep_min_corner:
            v = Vec3(v.x + lengths.x / 2.0, v.y + lengths.y / 2.0, v.z + lengths.z / 2.0)
        steps = ceil(v.length(self.vec_double) / ((lengths.x + lengths.y + lengths.z) / 3.0))   # getAverageSideLength
        if steps <= 0:
            return False
        scale = float(f32(1.0 / f32(float(steps))))
        v = Vec3(v.x * scale, v.y * scale, v.z * scale)
        for _ in range(steps):
            box = box.offset(v.x, v.y, v.z)
            if self.check_box_collision(box):
                return True
        return False

    def open_box(self, x: int, y: int, z: int) -> Box:
        """The box `getPathNode` tests at an OPEN cell up to 1.16.1 (`open_box_test`): the mob's width centred on
        the cell, from y + 0.001 to (float)y + its height (a float sum)."""
        e = self.entity
        half_width = e.width / 2.0
        return Box.of(x - half_width + 0.5, y + OPEN_BOX_LIFT, z - half_width + 0.5, x + half_width + 0.5,
                      float(f32(y + e.height)), z + half_width + 0.5)

    def check_box_collision(self, box: Box) -> bool:
        """`checkBoxCollision`: cached per box for one search. 1.14 (`box_entities`) asks the world
        (`entity.world.doesNotCollide`): boats' and shulkers' boxes collide too (`World.get_entity_collisions`);
        1.13.2's world and 1.14.1's region give the blocks alone."""
        hit = self.collided_boxes.get(box)
        if hit is None:
            context = self.entity.shape_context(self.view.world)
            hit = self.collided_boxes[box] = not self.view.is_space_empty(box, context) or (
                self.box_entities and bool(self.view.world.get_entity_collisions(self.entity, box)))
        return hit

    def fall_end(self, x: int, y: int, z: int) -> PathNode | None:
        """Where a fall past the safe fall distance or onto an impassable type ends: a BLOCKED node from 1.14.1
        (`fall_blocked_node`), none in 1.14."""
        return self.blocked_node(x, y, z) if self.fall_blocked_node else None

    def blocked_node(self, x: int, y: int, z: int) -> PathNode:
        node = self.get_node(x, y, z)
        node.type = T.BLOCKED
        node.penalty = -1.0
        return node

    def get_path_node(self, x: int, y: int, z: int, max_y_step: int, prev_feet_y: float, facing: tuple[int, int],
                      here: T) -> PathNode | None:
        """`LandPathNodeMaker.getPathNode` (spec 07 §6 steps 1-9); up to 1.16.1 (`open_box_test`) step 7 first
        tests the mob's box at an OPEN cell (none where it collides) and sets a mob 1 wide or more on a BLOCKED
        type below; up to 1.15.2 (`fence_nodes` off) neither step 3's sweep nor step 8's fence node; 1.14's fall
        (`fall_blocked_node` off, `fall_end`)."""
        e = self.entity
        # step 1: max(1.125, stepHeight) from 1.19.3 (getStepHeight); no mob stepped more than 1.0 before it
        if self.get_feet_y(x, y, z) - prev_feet_y > max(WALK_MAX_JUMP_HEIGHT, e.step_height):
            return None
        t = self.get_node_type(x, y, z)
        f = self.penalty(t)
        half_width = e.width / 2.0
        node = None
        if f >= 0.0:                                                                        # step 2
            node = self.get_node(x, y, z)
            node.type = t
            node.penalty = max(node.penalty, f)
        if self.fence_nodes and self.is_blocking_type(here) and node is not None and node.penalty >= 0.0 and \
                self.is_blocked(node):                                                      # step 3
            node = None
        if t is T.WALKABLE:                                                                 # step 4
            return node
        if (node is None or node.penalty < 0.0) and max_y_step > 0 and t not in NO_STEP_UP:   # step 5
            node = self.get_path_node(x, y + 1, z, max_y_step - 1, prev_feet_y, facing, here)
            if node is not None and node.type in (T.OPEN, T.WALKABLE) and e.width < 1.0:
                cx, cz = (x - facing[0]) + 0.5, (z - facing[1]) + 0.5
                floor_y = self.get_feet_y(floor(cx), y + 1, floor(cz)) if self.step_box_from_feet else y
                feet = self.get_feet_y(node.x, node.y, node.z)
                # 1.12.2 getSafePoint: (double)((float)y + height), expanded up by the box's maxY - 0.002
                top = e.height + feet - STEP_BOX_TOP_MARGIN if self.floor_by_collision else \
                    float(f32(y + e.height)) + (feet - y - STEP_BOX_TOP_MARGIN)
                box = Box.of(cx - half_width, floor_y + STEP_BOX_LIFT, cz - half_width, cx + half_width, top,
                             cz + half_width)
                if self.check_box_collision(box):
                    node = None
        if t is T.WATER and not self.can_swim:                                              # step 6
            if self.get_node_type(x, y - 1, z) is not T.WATER:
                return node
            while y > self.bottom_y:
                y -= 1
                t = self.get_node_type(x, y, z)
                if t is not T.WATER:
                    return node
                node = self.get_node(x, y, z)
                node.type = t
                node.penalty = max(node.penalty, self.penalty(t))
        if t is T.OPEN:                                                                     # step 7
            if self.open_box_test:
                if self.check_box_collision(self.open_box(x, y, z)):
                    return None
                if e.width >= 1.0 and self.get_node_type(x, y - 1, z) is T.BLOCKED:
                    node = self.get_node(x, y, z)
                    node.type = T.WALKABLE
                    node.penalty = max(node.penalty, f)
                    return node
            fallen = 0
            top = y
            while t is T.OPEN:
                if not self.fall_blocked_node and y <= self.bottom_y:
                    break                        # 1.14: the fall stops at y 0, the OPEN node it started from kept
                y -= 1
                if y < self.bottom_y:
                    return self.blocked_node(x, top, z)
                if fallen >= e.get_safe_fall_distance():
                    return self.fall_end(x, y, z)
                fallen += 1
                t = self.get_node_type(x, y, z)
                f = self.penalty(t)
                if t is not T.OPEN and f >= 0.0:
                    node = self.get_node(x, y, z)
                    node.type = t
                    node.penalty = max(node.penalty, f)
                    break
                if f < 0.0:
                    return self.fall_end(x, y, z)
        if self.fence_nodes and self.is_blocking_type(t) and \
                (node is None or not self.closed_node_if_none):                             # step 8
            node = self.get_node(x, y, z)
            node.visited = True
            node.type = t
            node.penalty = t.default_penalty
        return node
