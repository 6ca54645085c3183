"""`LandPathNodeMaker` and `PathNodeNavigator.findPathToAny` as kernels (engine.jit) on arrays: the node evaluator
reads block states from the world's `SectionGrid` and per-state tables of what path finding asks of a state, nodes
live in columns indexed by a per-search table of positions, and the open set is vanilla's `PathMinHeap` over node
ids (the same strict sift comparisons, so equal weights come out in the same order). Spec 07 §3.1, §4, §5, §6.

A search returns a status: FOUND where it ran to its end, or FALLBACK where it met something it does not decide
(a cell whose collision shape a block entity or the cell decides, a box query the collision kernel hands back, a
position too far from the start to pack); the caller then runs the object path (`path_finder`), whose results
these equal. GROW says the position table filled up: the caller runs it again with larger arrays.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from engine.constants import (
    FLOAT_MAX,
    HEURISTIC_WEIGHT,
    OPEN_BOX_LIFT,
    STEP_BOX_LIFT,
    STEP_BOX_TOP_MARGIN,
    WALK_MAX_JUMP_HEIGHT,
)
from engine.influences.fluid_kernel import f32
from engine.jit import njit
from engine.motion.collision_kernel import collect_block_collisions, jceil, jfloor, state_at
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.walk_evaluator import common_node_type_of, danger_of
from engine.world import blocks
from engine.world.block_tables import DYNAMIC_SHAPE, block_tables

FOUND, FALLBACK, GROW = 0, 1, 2            # search status
NO_DANGER = -1
# PathNodeType ordinals the kernels test
BLOCKED, OPEN, WALKABLE, WALKABLE_DOOR = T.BLOCKED.ordinal, T.OPEN.ordinal, T.WALKABLE.ordinal, \
    T.WALKABLE_DOOR.ordinal
TRAPDOOR, FENCE, LAVA, WATER = T.TRAPDOOR.ordinal, T.FENCE.ordinal, T.LAVA.ordinal, T.WATER.ordinal
WATER_BORDER, DANGER_FIRE = T.WATER_BORDER.ordinal, T.DANGER_FIRE.ordinal
RAIL, UNPASSABLE_RAIL, DAMAGE_FIRE = T.RAIL.ordinal, T.UNPASSABLE_RAIL.ordinal, T.DAMAGE_FIRE.ordinal
DAMAGE_CACTUS, DAMAGE_OTHER, STICKY_HONEY = T.DAMAGE_CACTUS.ordinal, T.DAMAGE_OTHER.ordinal, T.STICKY_HONEY.ordinal
DOOR_OPEN, DOOR_WOOD_CLOSED, LEAVES = T.DOOR_OPEN.ordinal, T.DOOR_WOOD_CLOSED.ordinal, T.LEAVES.ordinal
DOOR_IRON_CLOSED, DAMAGE_CAUTIOUS = T.DOOR_IRON_CLOSED.ordinal, T.DAMAGE_CAUTIOUS.ordinal
DANGER_TRAPDOOR = T.DANGER_TRAPDOOR.ordinal
TYPE_COUNT = len(T)
DEFAULT_PENALTY = np.array([t.default_penalty for t in sorted(T, key=lambda t: t.ordinal)])   # getDefaultPenalty
# node columns: ints (NI) and floats (NF)
X, Y, Z, TYPE, PREV, HEAP, OPENED, VISITED, SEQ = range(9)   # SEQ: order of first push
PEN, G, H, F, WALKED = range(5)
# mob inputs: floats (MF) and ints (MI)
PX, PY, PZ, BX0, BY0, BZ0, BX1, BY1, BZ1, WIDTH, HEIGHT, STEP_HEIGHT = range(12)
SIZE_X, SIZE_Y, SIZE_Z, CAN_OPEN, CAN_ENTER, CAN_SWIM, ON_RAIL, SAFE_FALL, FEET_X, FEET_Z, BOTTOM_Y, VEC_DOUBLE, \
    BLOCKED_DOORS, SWEEP_MIN_CORNER, START_SKIPS_OPEN, SWIMMER_FEET, CLOSED_NODE_IF_NONE, LEAVES_KEPT, \
    TRAPDOOR_DANGER, BY_DIRECTION, OPEN_BOX_TEST, WALKABLE_DOORS, OPEN_NARROW_ONLY = range(23)
# (from VEC_DOUBLE on: the release's rules, the node maker's flags of the same names)
# counters (C)
USED, NODES, FAIL, FULL, PUSHES = range(5)
PACK_SPAN = 1 << 19           # positions are packed relative to the start: |dx|, |dz| < PACK_SPAN
Y_SPAN = 1 << 11              # and |y| < Y_SPAN
EMPTY_KEY = -1
# getSuccessors' order and the facing each getPathNode call is given: up to 1.20.4 (entries 0-7) south, west, east,
# north, then north-west, north-east (facing north), south-west, south-east (facing south); from 1.20.5
# (BY_DIRECTION, entries 8-15) north, east, south, west (Direction.Type.HORIZONTAL), then north-east, south-east,
# south-west, north-west, each facing the side it turns clockwise from
STEP_DX = np.array([0, -1, 1, 0, -1, 1, -1, 1, 0, 1, 0, -1, 1, 1, -1, -1])
STEP_DZ = np.array([1, 0, 0, -1, -1, -1, 1, 1, -1, 0, 1, 0, -1, 1, 1, -1])
FACING_X = np.array([0, -1, 1, 0, 0, 0, 0, 0, 0, 1, 0, -1, 0, 1, 0, -1])
FACING_Z = np.array([1, 0, 0, -1, -1, -1, 1, 1, -1, 0, 1, 0, -1, 0, 1, 0])
# a diagonal's two sides (indices of the sides in their order): up to 1.20.4 by the diagonal's offsets, from 1.20.5
# the side it turns from and the next one clockwise
DIAGONAL_SIDES = np.array([[1, 3], [2, 3], [1, 0], [2, 0], [0, 1], [1, 2], [2, 3], [3, 0]])
FIRST_TABLE = 1 << 14         # position-table slots of a first try, at least (a GROW quadruples them)
WORLD_HEIGHT = 256


@lru_cache(maxsize=8)
def path_tables(water_last: bool = False, cactus_other: bool = False, cautious: bool = False,
                by_type: bool = False, fluids_first: bool = True,
                lava_fiery: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per block state id: `getCommonNodeType`'s type (ordinal; `water_last`: features.path_water_after_blocks;
    `fluids_first`: features.path_fluids_first), the danger it signals to a neighbour (`getNodeTypeFromNeighbors`;
    NO_DANGER; `cactus_other`: features.path_cactus_damage_other gives a cactus and its neighbours the berry
    bush's types; `cautious`: features.path_damage_cautious gives wither roses and pointed dripstone and their
    neighbours DAMAGE_CAUTIOUS; `by_type`: features.path_neighbors_by_type, the danger of the state's node type;
    `lava_fiery`: features.path_lava_fiery, a neighbour of lava DANGER_FIRE, not LAVA),
    and the top of its collision shape for `getFeetY` (0 when empty, NaN where the cell or a block entity decides
    the shape)."""
    states = blocks.all_states()
    shape = block_tables().shape
    common = np.empty(len(states), dtype=np.int64)
    danger = np.empty(len(states), dtype=np.int64)
    top = np.empty(len(states), dtype=np.float64)
    for st in states:
        common[st.id] = common_node_type_of(st, water_last, cactus_other, cautious, fluids_first, lava_fiery).ordinal
        d = danger_of(st, cactus_other, cautious, by_type, lava_fiery)
        danger[st.id] = NO_DANGER if d is None else d.ordinal
        sh = st.collision_shape
        top[st.id] = math.nan if shape[st.id] == DYNAMIC_SHAPE else (0.0 if sh.is_empty else sh.coords[1][-1])
    return common, danger, top


def first_table_size(footprint: int, max_y_step: int, safe_fall: int) -> int:
    """Position-table slots for a search's first try: FIRST_TABLE, or more where one expansion could touch more
    positions than half the table (FULL is tested between expansions, so one expansion must never fill it): eight
    `getPathNode` calls, each at most the step-ups, a water column down to y 0 and a fall, each cell's type
    touching its footprint."""
    burst = 8 * (max_y_step + 2 + WORLD_HEIGHT + safe_fall) * (1 + footprint) + 16
    size = FIRST_TABLE
    while size < 4 * burst:
        size *= 2
    return size


def work_arrays(table_size: int, budget: int, targets: int) -> tuple:
    """One search's arrays: the position table (key, node, node type, land type per slot), node columns, the
    heap, the expansions in order (node, f, g, h, type), the targets' nearest nodes, counters, and an expansion's
    successors and side nodes (the kernels make no array: `find_path` borrows all it uses, see `engine.jit.njit`)."""
    keys = np.full(table_size, EMPTY_KEY, dtype=np.int64)
    cells = np.empty((table_size, 3), dtype=np.int64)
    ni = np.empty((table_size, 9), dtype=np.int64)
    nf = np.empty((table_size, 5), dtype=np.float64)
    heap = np.empty(table_size, dtype=np.int64)
    exp_i = np.empty((max(budget, 1), 2), dtype=np.int64)
    exp_f = np.empty((max(budget, 1), 3), dtype=np.float64)
    near_node = np.full(max(targets, 1), -1, dtype=np.int64)
    near_dist = np.full(max(targets, 1), FLOAT_MAX, dtype=np.float64)
    counters = np.zeros(8, dtype=np.int64)
    succ = np.empty(8, dtype=np.int64)
    side = np.empty(4, dtype=np.int64)
    return keys, cells, ni, nf, heap, exp_i, exp_f, near_node, near_dist, counters, succ, side


# --- the world as the search sees it ---
@njit(inline=True)
def view_state(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, region: np.ndarray, x: int, y: int,
               z: int) -> int:
    """`ChunkCache.getBlockState(x, y, z).id`: air outside the build height and the cached chunks."""
    if y < 0 or y > 255 or not (region[0] <= (x >> 4) <= region[1] and region[2] <= (z >> 4) <= region[3]):
        return 0
    return state_at(keys, slots, pool, x, y, z)


@njit(inline=True)
def get_feet_y(blk: tuple, tab: tuple, region: np.ndarray, c: np.ndarray, mi: np.ndarray, x: int, y: int,
               z: int) -> float:
    """`LandPathNodeMaker.getFeetY`; a shape the kernel does not know marks the search FAIL. From 1.19.3
    (SWIMMER_FEET) a swimming mob's feet in a cell of water are at y + 0.5: the water states are those whose danger
    is WATER_BORDER, and a fiery cell (a lit campfire may be waterlogged) is left to the object path (FAIL)."""
    if mi[SWIMMER_FEET] and mi[CAN_SWIM]:
        here = view_state(blk[0], blk[1], blk[2], region, x, y, z)
        d = tab[1][here]
        if d == WATER_BORDER:
            return y + 0.5
        if d == DANGER_FIRE:
            c[FAIL] = 1
            return 0.0
    top = tab[2][view_state(blk[0], blk[1], blk[2], region, x, y - 1, z)]
    if top != top:
        c[FAIL] = 1
        return 0.0
    return float(y - 1) + top


@njit(inline=True)
def collides(blk: tuple, c: np.ndarray, scratch: np.ndarray, box: tuple) -> bool:
    """`checkBoxCollision`: not `isSpaceEmpty(box)`; a query the collision kernel hands back marks FAIL."""
    n = collect_block_collisions(blk[0], blk[1], blk[2], blk[3], blk[4], blk[5], blk[6], blk[7], blk[8], blk[9],
                                 box, scratch)
    if n < 0:
        c[FAIL] = 1
        return False
    return n > 0


@njit(inline=True)
def land_node_type(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, common: np.ndarray, danger: np.ndarray,
                   region: np.ndarray, mi: np.ndarray, x: int, y: int, z: int) -> int:
    """`LandPathNodeMaker.getLandNodeType` (spec 07 §3.1 "refinement"): OPEN refined by the block below where it
    is above the world's bottom (a damaging type below inherited; DAMAGE_CAUTIOUS only comes from 1.20's tables;
    a TRAPDOOR below gives DANGER_TRAPDOOR from 1.20.3, TRAPDOOR_DANGER), then WALKABLE by the first danger among
    the neighbours (x outer, y middle, z inner, the centre column skipped)."""
    t = common[view_state(keys, slots, pool, region, x, y, z)]
    if t == OPEN and y >= mi[BOTTOM_Y] + 1:
        below = common[view_state(keys, slots, pool, region, x, y - 1, z)]
        t = OPEN if below == WALKABLE or below == OPEN or below == WATER or below == LAVA else WALKABLE
        if below == DAMAGE_FIRE or below == DAMAGE_CACTUS or below == DAMAGE_OTHER or below == STICKY_HONEY or \
                below == DAMAGE_CAUTIOUS:
            t = below
        if below == TRAPDOOR and mi[TRAPDOOR_DANGER]:
            t = DANGER_TRAPDOOR
    if t == WALKABLE:
        for dx in range(-1, 2):
            for dy in range(-1, 2):
                for dz in range(-1, 2):
                    if dx == 0 and dz == 0:
                        continue
                    d = danger[view_state(keys, slots, pool, region, x + dx, y + dy, z + dz)]
                    if d != NO_DANGER:
                        return d
    return t


@njit(inline=True)
def adjust_node_type(mi: np.ndarray, t: int) -> int:
    """`LandPathNodeMaker.adjustNodeType` (spec 07 §3.1 "mob-specific conversion"): a closed wooden door a mob
    opens WALKABLE_DOOR from 1.16.2 (WALKABLE_DOORS), WALKABLE before; leaves BLOCKED up to 1.19.3, kept from
    1.19.4 (LEAVES_KEPT)."""
    if t == DOOR_WOOD_CLOSED and mi[CAN_OPEN] and mi[CAN_ENTER]:
        t = WALKABLE_DOOR if mi[WALKABLE_DOORS] else WALKABLE
    if t == DOOR_OPEN and not mi[CAN_ENTER]:
        t = BLOCKED
    if t == RAIL and not mi[ON_RAIL]:
        t = UNPASSABLE_RAIL
    if t == LEAVES and not mi[LEAVES_KEPT]:
        t = BLOCKED
    return t


# --- the position table: one slot per position a search touches ---
@njit(inline=True)
def slot_of(keys: np.ndarray, cells: np.ndarray, ni: np.ndarray, c: np.ndarray, mi: np.ndarray, x: int, y: int,
            z: int) -> int:
    """The table slot of (x, y, z), made (no node, no types yet) on first use."""
    dx, dz = x - mi[FEET_X], z - mi[FEET_Z]
    if not (-PACK_SPAN < dx < PACK_SPAN and -PACK_SPAN < dz < PACK_SPAN and -Y_SPAN < y < Y_SPAN):
        c[FAIL] = 1
        return 0
    key = ((dx + PACK_SPAN) << 32) | ((dz + PACK_SPAN) << 12) | (y + Y_SPAN)
    mask = len(keys) - 1
    h = ((((key ^ (key >> 12) ^ (key >> 32)) & 0xFFFFF) * 0x9E3779B1) >> 12) & mask   # no int64 overflow
    while True:
        k = keys[h]
        if k == key:
            return h
        if k == EMPTY_KEY:
            keys[h] = key
            cells[h, 0] = -1          # node id
            cells[h, 1] = -1          # node type
            cells[h, 2] = -1          # land type
            ni[h, X] = x              # the slot's position, read back by its node
            ni[h, Y] = y
            ni[h, Z] = z
            c[USED] += 1
            if 2 * c[USED] > len(keys):
                c[FULL] = 1
            return h
        h = (h + 1) & mask


@njit(inline=True)
def get_node_type(blk: tuple, tab: tuple, region: np.ndarray, w: tuple, mi: np.ndarray, pen: np.ndarray,
                  x: int, y: int, z: int) -> int:
    """The cached `getNodeType(entity, x, y, z)` (`node_type_sized` once per position and search)."""
    cells = w[1]
    s = slot_of(w[0], cells, w[2], w[9], mi, x, y, z)
    t = cells[s, 1]
    if t < 0:
        t = node_type_sized(blk[0], blk[1], blk[2], tab[0], tab[1], region, w[0], cells, w[2], w[9], mi, pen, x, y,
                            z)
        cells[s, 1] = t
    return t


@njit(borrows=True)
def node_type_sized(keys: np.ndarray, slots: np.ndarray, pool: np.ndarray, common: np.ndarray, danger: np.ndarray,
                    region: np.ndarray, table: np.ndarray, cells: np.ndarray, ni: np.ndarray, c: np.ndarray,
                    mi: np.ndarray, pen: np.ndarray, x: int, y: int, z: int) -> int:
    """`LandPathNodeMaker.getNodeType(world, x, y, z, mob, sizeX, sizeY, sizeZ, ...)` (spec 07 §3.1 "final
    selection"): the adjusted land types of the mob's footprint (each cell's land type kept per search); FENCE,
    then UNPASSABLE_RAIL, win; an impassable type returns at once; else the highest penalty, last of equals in
    ordinal order; OPEN kept for a mob at most one block wide (up to 1.16.1, OPEN_NARROW_ONLY off: any mob)."""
    found = 0
    own = BLOCKED
    for i in range(mi[SIZE_X]):
        for j in range(mi[SIZE_Y]):
            for k in range(mi[SIZE_Z]):
                q = slot_of(table, cells, ni, c, mi, x + i, y + j, z + k)
                land = cells[q, 2]
                if land < 0:
                    land = land_node_type(keys, slots, pool, common, danger, region, mi, x + i, y + j, z + k)
                    cells[q, 2] = land
                t = adjust_node_type(mi, land)
                if i == 0 and j == 0 and k == 0:
                    own = t
                found |= 1 << t
    if found & (1 << FENCE):
        best = FENCE
    elif found & (1 << UNPASSABLE_RAIL):
        best = UNPASSABLE_RAIL
    else:
        best = BLOCKED
        impassable = False
        for t in range(TYPE_COUNT):
            if found & (1 << t):
                if pen[t] < 0.0:
                    best = t
                    impassable = True
                    break
                if pen[t] >= pen[best]:
                    best = t
        if not impassable and own == OPEN and pen[best] == 0.0 and (mi[SIZE_X] <= 1 or not mi[OPEN_NARROW_ONLY]):
            best = OPEN
    return best


@njit(inline=True)
def get_node(w: tuple, mi: np.ndarray, x: int, y: int, z: int) -> int:
    """`PathNodeMaker.getNode`: one node per position and search (BLOCKED, no penalty, closed to nothing)."""
    cells, ni, nf, c = w[1], w[2], w[3], w[9]
    s = slot_of(w[0], cells, ni, c, mi, x, y, z)
    if cells[s, 0] < 0:
        cells[s, 0] = s
        ni[s, TYPE] = BLOCKED
        ni[s, PREV] = -1
        ni[s, HEAP] = -1
        ni[s, OPENED] = -1
        ni[s, VISITED] = 0
        nf[s, PEN] = 0.0
        nf[s, G] = 0.0
        nf[s, H] = 0.0
        nf[s, F] = 0.0
        nf[s, WALKED] = 0.0
        c[NODES] += 1
    return s


@njit(inline=True)
def typed(w: tuple, mi: np.ndarray, x: int, y: int, z: int, t: int, penalty: float) -> int:
    """A node given its type and at least `penalty` (`node.penalty = max(node.penalty, f)`)."""
    n = get_node(w, mi, x, y, z)
    w[2][n, TYPE] = t
    w[3][n, PEN] = max(w[3][n, PEN], penalty)
    return n


@njit(inline=True)
def blocked_node(w: tuple, mi: np.ndarray, x: int, y: int, z: int) -> int:
    n = get_node(w, mi, x, y, z)
    w[2][n, TYPE] = BLOCKED
    w[3][n, PEN] = -1.0
    return n


@njit(inline=True)
def is_blocking_type(mi: np.ndarray, t: int) -> bool:
    """`LandPathNodeMaker.isBlocked(PathNodeType)`: FENCE; from 1.19 (BLOCKED_DOORS) the closed doors too."""
    return t == FENCE or (mi[BLOCKED_DOORS] != 0 and (t == DOOR_WOOD_CLOSED or t == DOOR_IRON_CLOSED))


@njit(inline=True)
def is_blocked(blk: tuple, w: tuple, mf: np.ndarray, mi: np.ndarray, scratch: np.ndarray, n: int) -> bool:
    """The sweep of `getPathNode` step 3 (spec 07 §6): the mob's box moved towards the node in steps of about its
    average edge, by node − position, from 1.19 (SWEEP_MIN_CORNER) + the box's lengths / 2; the length in double
    from 1.17 (VEC_DOUBLE). See `LandPathNodeMaker.is_blocked`."""
    ni = w[2]
    vx, vy, vz = ni[n, X] - mf[PX], ni[n, Y] - mf[PY], ni[n, Z] - mf[PZ]
    lx, ly, lz = mf[BX1] - mf[BX0], mf[BY1] - mf[BY0], mf[BZ1] - mf[BZ0]
    if mi[SWEEP_MIN_CORNER]:
        vx, vy, vz = vx + lx / 2.0, vy + ly / 2.0, vz + lz / 2.0
    length = math.sqrt(vx * vx + vy * vy + vz * vz)
    if not mi[VEC_DOUBLE]:
        length = f32(length)
    steps = jceil(length / ((lx + ly + lz) / 3.0))
    if steps <= 0:
        return False
    scale = f32(1.0 / f32(float(steps)))
    vx, vy, vz = vx * scale, vy * scale, vz * scale
    box = (mf[BX0], mf[BY0], mf[BZ0], mf[BX1], mf[BY1], mf[BZ1])
    for _ in range(steps):
        box = (box[0] + vx, box[1] + vy, box[2] + vz, box[3] + vx, box[4] + vy, box[5] + vz)
        if collides(blk, w[9], scratch, box):
            return True
    return False


@njit(inline=True)
def can_path_through(blk: tuple, tab: tuple, region: np.ndarray, w: tuple, mi: np.ndarray, pen: np.ndarray, x: int,
                     y: int, z: int) -> bool:
    """`LandPathNodeMaker.canPathThrough` (getStart): a penalty ≥ 0, from 1.19.3 (START_SKIPS_OPEN) and not OPEN."""
    t = get_node_type(blk, tab, region, w, mi, pen, x, y, z)
    return not (mi[START_SKIPS_OPEN] and t == OPEN) and pen[t] >= 0.0


RETURN, DEEPER, FINISH = 0, 1, 2   # what `getPathNode` does after step 5's test (see `path_node_head`)


@njit(inline=True)
def path_node_head(blk: tuple, tab: tuple, region: np.ndarray, w: tuple, mf: np.ndarray, mi: np.ndarray,
                   pen: np.ndarray, scratch: np.ndarray, x: int, y: int, z: int, max_y_step: int,
                   prev_feet_y: float, here: int) -> tuple:
    """`getPathNode` up to step 5's test (spec 07 §6 steps 1-5): (node, RETURN) where it returns, (node, DEEPER)
    where it tries one block up, (node, FINISH) where steps 6-8 follow."""
    if get_feet_y(blk, tab, region, w[9], mi, x, y, z) - prev_feet_y > max(WALK_MAX_JUMP_HEIGHT,
                                                                            mf[STEP_HEIGHT]):       # step 1
        return -1, RETURN
    t = get_node_type(blk, tab, region, w, mi, pen, x, y, z)
    f = pen[t]
    node = -1
    if f >= 0.0:                                                                                      # step 2
        node = typed(w, mi, x, y, z, t, f)
    if is_blocking_type(mi, here) and node >= 0 and w[3][node, PEN] >= 0.0 and \
            is_blocked(blk, w, mf, mi, scratch, node):                                                # step 3
        node = -1
    if t == WALKABLE:                                                                                 # step 4
        return node, RETURN
    if (node < 0 or w[3][node, PEN] < 0.0) and max_y_step > 0 and t != FENCE and t != UNPASSABLE_RAIL and \
            t != TRAPDOOR:                                                                            # step 5
        return node, DEEPER
    return node, FINISH


@njit(inline=True)
def path_node_tail(blk: tuple, tab: tuple, region: np.ndarray, w: tuple, mf: np.ndarray, mi: np.ndarray,
                   pen: np.ndarray, scratch: np.ndarray, x: int, y: int, z: int, node: int) -> int:
    """`getPathNode` steps 6-8 (spec 07 §6): down through water for a non-swimmer, the fall (up to 1.16.1,
    OPEN_BOX_TEST, after the box test of the OPEN cell and a wide mob's node over a BLOCKED type), the fence."""
    t = get_node_type(blk, tab, region, w, mi, pen, x, y, z)   # cached: the type the head read
    if t == WATER and not mi[CAN_SWIM]:                                                               # step 6
        if get_node_type(blk, tab, region, w, mi, pen, x, y - 1, z) != WATER:
            return node
        while y > mi[BOTTOM_Y]:
            y -= 1
            t = get_node_type(blk, tab, region, w, mi, pen, x, y, z)
            if t != WATER:
                return node
            node = typed(w, mi, x, y, z, t, pen[t])
    if t == OPEN:                                                                                     # step 7
        if mi[OPEN_BOX_TEST]:
            half_width = mf[WIDTH] / 2.0
            if collides(blk, w[9], scratch, (x - half_width + 0.5, y + OPEN_BOX_LIFT, z - half_width + 0.5,
                                             x + half_width + 0.5, f32(y + mf[HEIGHT]), z + half_width + 0.5)):
                return -1
            if mf[WIDTH] >= 1.0 and get_node_type(blk, tab, region, w, mi, pen, x, y - 1, z) == BLOCKED:
                return typed(w, mi, x, y, z, WALKABLE, pen[OPEN])
        fallen = 0
        top = y
        while t == OPEN:
            y -= 1
            if y < mi[BOTTOM_Y]:
                return blocked_node(w, mi, x, top, z)
            if fallen >= mi[SAFE_FALL]:
                return blocked_node(w, mi, x, y, z)
            fallen += 1
            t = get_node_type(blk, tab, region, w, mi, pen, x, y, z)
            f = pen[t]
            if t != OPEN and f >= 0.0:
                node = typed(w, mi, x, y, z, t, f)
                break
            if f < 0.0:
                return blocked_node(w, mi, x, y, z)
    if is_blocking_type(mi, t) and (node < 0 or not mi[CLOSED_NODE_IF_NONE]):                          # step 8
        node = get_node(w, mi, x, y, z)
        w[2][node, VISITED] = 1
        w[2][node, TYPE] = t
        w[3][node, PEN] = DEFAULT_PENALTY[t]
    return node


@njit(inline=True)
def get_path_node(blk: tuple, tab: tuple, region: np.ndarray, w: tuple, mf: np.ndarray, mi: np.ndarray,
                  pen: np.ndarray, scratch: np.ndarray, x: int, y: int, z: int, max_y_step: int, prev_feet_y: float,
                  fx: int, fz: int, here: int) -> int:
    """`LandPathNodeMaker.getPathNode` (spec 07 §6 steps 1-9): a node id, or −1 for none. Vanilla's step 5 calls
    itself one block up; here the heads run upwards while they ask for it, then the tails (the step-up box
    test, steps 6-8) downwards: the same work in the same order."""
    ni = w[2]
    depth = 0
    while True:
        node, action = path_node_head(blk, tab, region, w, mf, mi, pen, scratch, x, y + depth, z,
                                      max_y_step - depth, prev_feet_y, here)
        if action != DEEPER:
            break
        depth += 1
    if action == RETURN:
        if depth == 0:
            return node
        depth -= 1          # the deepest head returned: its caller's tail comes next
    half_width = mf[WIDTH] / 2.0
    for k in range(depth, -1, -1):
        if k < depth or action == RETURN:   # a frame that went up: the step-up box test (step 5)
            if node >= 0 and (ni[node, TYPE] == OPEN or ni[node, TYPE] == WALKABLE) and mf[WIDTH] < 1.0:
                cx, cz = (x - fx) + 0.5, (z - fz) + 0.5
                y0 = get_feet_y(blk, tab, region, w[9], mi, jfloor(cx), y + k + 1, jfloor(cz)) + STEP_BOX_LIFT
                y1 = mf[HEIGHT] + get_feet_y(blk, tab, region, w[9], mi, ni[node, X], ni[node, Y], ni[node, Z]) - \
                    STEP_BOX_TOP_MARGIN
                if collides(blk, w[9], scratch, (cx - half_width, min(y0, y1), cz - half_width, cx + half_width,
                                                 max(y0, y1), cz + half_width)):
                    node = -1
        node = path_node_tail(blk, tab, region, w, mf, mi, pen, scratch, x, y + k, z, node)
    return node


@njit(inline=True)
def is_valid_adjacent_successor(w: tuple, n: int, of: int) -> bool:
    return n >= 0 and not w[2][n, VISITED] and (w[3][n, PEN] >= 0.0 or w[3][of, PEN] < 0.0)


@njit(inline=True)
def valid_diagonal_sides(w: tuple, mf: np.ndarray, node: int, a: int, b: int) -> bool:
    """The sides' part of `isValidDiagonalSuccessor` (see `LandPathNodeMaker.are_valid_diagonal_sides`)."""
    ni, nf = w[2], w[3]
    if b < 0 or a < 0:
        return False
    y = ni[node, Y]
    if ni[b, Y] > y or ni[a, Y] > y:
        return False
    if ni[a, TYPE] == WALKABLE_DOOR or ni[b, TYPE] == WALKABLE_DOOR:
        return False
    narrow_fence = ni[b, TYPE] == FENCE and ni[a, TYPE] == FENCE and mf[WIDTH] < 0.5
    return (ni[b, Y] < y or nf[b, PEN] >= 0.0 or narrow_fence) and (ni[a, Y] < y or nf[a, PEN] >= 0.0 or
                                                                     narrow_fence)


@njit(inline=True)
def valid_diagonal(w: tuple, d: int) -> bool:
    """The diagonal's part of `isValidDiagonalSuccessor`: open, not a WALKABLE_DOOR, passable."""
    return d >= 0 and not w[2][d, VISITED] and w[2][d, TYPE] != WALKABLE_DOOR and w[3][d, PEN] >= 0.0


@njit(inline=True)
def get_successors(blk: tuple, tab: tuple, region: np.ndarray, w: tuple, mf: np.ndarray, mi: np.ndarray,
                   pen: np.ndarray, scratch: np.ndarray, node: int, out: np.ndarray) -> int:
    """`LandPathNodeMaker.getSuccessors` (spec 07 §6, §6.1): the sides, then the diagonals, each valid only with
    both of its sides; up to 1.20.4 south, west, east, north, from 1.20.5 (BY_DIRECTION) north, east, south, west
    with each diagonal's `getPathNode` called only where its sides pass (see `LandPathNodeMaker.get_successors`).
    One `getPathNode` call site for both orders (it is inlined: a second would double the compile)."""
    ni, side = w[2], w[11]   # side: the sides in their order
    x, y, z = ni[node, X], ni[node, Y], ni[node, Z]
    max_y_step = 0
    here = get_node_type(blk, tab, region, w, mi, pen, x, y, z)
    if pen[get_node_type(blk, tab, region, w, mi, pen, x, y + 1, z)] >= 0.0 and here != STICKY_HONEY:
        max_y_step = jfloor(max(1.0, mf[STEP_HEIGHT]))
    feet = get_feet_y(blk, tab, region, w[9], mi, x, y, z)
    by_direction = mi[BY_DIRECTION] != 0
    base = 8 if by_direction else 0
    count = 0
    a = b = -1
    for i in range(8):
        o = base + i
        if i >= 4:
            r = i - 4 + (base >> 1)
            a, b = side[DIAGONAL_SIDES[r, 0]], side[DIAGONAL_SIDES[r, 1]]
            if by_direction and not valid_diagonal_sides(w, mf, node, a, b):
                continue
        n = get_path_node(blk, tab, region, w, mf, mi, pen, scratch, x + STEP_DX[o], y, z + STEP_DZ[o], max_y_step,
                          feet, FACING_X[o], FACING_Z[o], here)
        if i < 4:
            side[i] = n
            if is_valid_adjacent_successor(w, n, node):
                out[count] = n
                count += 1
        elif valid_diagonal(w, n) and (by_direction or valid_diagonal_sides(w, mf, node, a, b)):
            out[count] = n
            count += 1
    return count


# --- the A* (spec 07 §5) ---
@njit(inline=True)
def get_distance(ni: np.ndarray, a: int, bx: int, by: int, bz: int) -> float:
    """`PathNode.getDistance`: float differences and squares, `MathHelper.sqrt`."""
    dx, dy, dz = float(bx - ni[a, X]), float(by - ni[a, Y]), float(bz - ni[a, Z])
    s = f32(f32(f32(dx * dx) + f32(dy * dy)) + f32(dz * dz))
    return f32(math.sqrt(s)) if s >= 0.0 else math.nan


@njit(inline=True)
def calculate_distances(w: tuple, targets: np.ndarray, n: int) -> float:
    """`PathNodeNavigator.calculateDistances`: the least distance to a target; each keeps its nearest node."""
    ni, near_node, near_dist = w[2], w[7], w[8]
    best = FLOAT_MAX
    for t in range(len(targets)):
        d = get_distance(ni, n, targets[t, 0], targets[t, 1], targets[t, 2])
        if d < near_dist[t]:
            near_dist[t] = d
            near_node[t] = n
        if not best < d:
            best = d
    return best


@njit(inline=True)
def shift_up(ni: np.ndarray, nf: np.ndarray, heap: np.ndarray, index: int) -> None:
    """`PathMinHeap.shiftUp`: past strictly greater parents only."""
    node = heap[index]
    f = nf[node, F]
    while index > 0:
        parent_index = (index - 1) >> 1
        parent = heap[parent_index]
        if not f < nf[parent, F]:
            break
        heap[index] = parent
        ni[parent, HEAP] = index
        index = parent_index
    heap[index] = node
    ni[node, HEAP] = index


@njit(inline=True)
def shift_down(ni: np.ndarray, nf: np.ndarray, heap: np.ndarray, count: int, index: int) -> None:
    """`PathMinHeap.shiftDown`: to the strictly smaller child, the right one on a tie between children."""
    node = heap[index]
    f = nf[node, F]
    while True:
        left_index = 1 + (index << 1)
        right_index = left_index + 1
        if left_index >= count:
            break
        left = heap[left_index]
        lf = nf[left, F]
        rf = math.inf if right_index >= count else nf[heap[right_index], F]
        if lf < rf:
            if not lf < f:
                break
            heap[index] = left
            ni[left, HEAP] = index
            index = left_index
        else:
            if not rf < f:
                break
            right = heap[right_index]
            heap[index] = right
            ni[right, HEAP] = index
            index = right_index
    heap[index] = node
    ni[node, HEAP] = index


@njit(borrows=True)
def find_path(blk: tuple, tab: tuple, region: np.ndarray, w: tuple, mf: np.ndarray, mi: np.ndarray,
              pen: np.ndarray, scratch: np.ndarray, start_y: int, targets: np.ndarray, follow_range: float,
              distance: float, budget: int, reached: np.ndarray) -> tuple:
    """`LandPathNodeMaker.getStart`'s node choice, then `PathNodeNavigator.findPathToAny(startNode, ...)`
    (spec 07 §4, §5 steps 1-10). Returns (status, start node, expansions, heap count, reached count, nodes
    taken from the heap); `reached`
    gets the reached targets' indices in the order vanilla adds them."""
    ni, nf, heap, exp_i, exp_f, c = w[2], w[3], w[4], w[5], w[6], w[9]
    bx, bz = mi[FEET_X], mi[FEET_Z]
    sx, sz = bx, bz
    if not can_path_through(blk, tab, region, w, mi, pen, bx, start_y, bz):                         # spec 07 §4
        for cx, cz in ((mf[BX0], mf[BZ0]), (mf[BX0], mf[BZ1]), (mf[BX1], mf[BZ0]), (mf[BX1], mf[BZ1])):
            if can_path_through(blk, tab, region, w, mi, pen, jfloor(cx), start_y, jfloor(cz)):
                sx, sz = jfloor(cx), jfloor(cz)
                break
    t = get_node_type(blk, tab, region, w, mi, pen, sx, start_y, sz)
    start = get_node(w, mi, sx, start_y, sz)
    ni[start, TYPE] = t
    nf[start, PEN] = pen[t]
    for i in range(len(targets)):
        get_node(w, mi, targets[i, 0], targets[i, 1], targets[i, 2])
    if c[FAIL] or c[FULL]:
        return (GROW if c[FULL] else FALLBACK), start, 0, 0, 0, 0
    nf[start, G] = 0.0
    nf[start, H] = calculate_distances(w, targets, start)                 # no 1.5 on the start
    nf[start, F] = nf[start, H]
    heap[0] = start
    ni[start, HEAP] = 0
    ni[start, OPENED] = 0
    ni[start, SEQ] = c[PUSHES]
    c[PUSHES] += 1
    count = 1
    succ = w[10]
    n_reached = 0
    expanded = 0
    visited = 0
    while count > 0:
        visited += 1
        if visited >= budget:
            break
        node = heap[0]                                                   # PathMinHeap.pop
        count -= 1
        heap[0] = heap[count]
        if count > 0:
            shift_down(ni, nf, heap, count, 0)
        ni[node, HEAP] = -1
        ni[node, VISITED] = 1
        exp_i[expanded, 0] = node
        exp_i[expanded, 1] = ni[node, TYPE]
        exp_f[expanded, 0] = nf[node, F]
        exp_f[expanded, 1] = nf[node, G]
        exp_f[expanded, 2] = nf[node, H]
        expanded += 1
        for i in range(len(targets)):
            dx = abs(targets[i, 0] - ni[node, X])
            dy = abs(targets[i, 1] - ni[node, Y])
            dz = abs(targets[i, 2] - ni[node, Z])
            if f32(f32(float(dx) + float(dy)) + float(dz)) <= distance:
                seen = False
                for j in range(n_reached):
                    seen = seen or reached[j] == i
                if not seen:
                    reached[n_reached] = i
                    n_reached += 1
        if n_reached > 0:
            break
        if get_distance(ni, node, ni[start, X], ni[start, Y], ni[start, Z]) >= follow_range:
            continue
        n = get_successors(blk, tab, region, w, mf, mi, pen, scratch, node, succ)
        if c[FAIL] or c[FULL]:
            return (GROW if c[FULL] else FALLBACK), start, expanded, count, n_reached, visited
        for i in range(n):
            s = succ[i]
            step = get_distance(ni, node, ni[s, X], ni[s, Y], ni[s, Z])
            nf[s, WALKED] = f32(nf[node, WALKED] + step)
            g = f32(f32(nf[node, G] + step) + nf[s, PEN])
            in_heap = ni[s, HEAP] >= 0
            if nf[s, WALKED] < follow_range and (not in_heap or g < nf[s, G]):
                ni[s, PREV] = node
                nf[s, G] = g
                nf[s, H] = f32(calculate_distances(w, targets, s) * HEURISTIC_WEIGHT)
                weight = f32(nf[s, G] + nf[s, H])
                if in_heap:                                              # PathMinHeap.setNodeWeight
                    old = nf[s, F]
                    nf[s, F] = weight
                    if weight < old:
                        shift_up(ni, nf, heap, ni[s, HEAP])
                    else:
                        shift_down(ni, nf, heap, count, ni[s, HEAP])
                else:                                                    # PathMinHeap.push
                    nf[s, F] = weight
                    heap[count] = s
                    ni[s, HEAP] = count
                    shift_up(ni, nf, heap, count)
                    count += 1
                    if ni[s, OPENED] < 0:
                        ni[s, OPENED] = expanded
                        ni[s, SEQ] = c[PUSHES]
                        c[PUSHES] += 1
    return FOUND, start, expanded, count, n_reached, visited
