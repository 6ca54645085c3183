"""`PathNodeNavigator` (Mojang `PathFinder`) and `PathMinHeap` (`BinaryHeap`): vanilla's A* (spec 07 §5).

The search can be recorded: each node taken from the heap, in order, with its f, g, h and type, and the open set
left at the end, so that a viewer can step through it node by node."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from engine import jit
from engine.constants import FLOAT_MAX, HEURISTIC_WEIGHT, MAX_PATH_SUCCESSORS, NODE_BUDGET_1_13
from engine.geometry.box import BlockPos
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.motion.collision_kernel import block_arrays, scratch
from engine.pathfinding import walk_kernel as wk
from engine.pathfinding.blocks import RAILS
from engine.pathfinding.node_types import PathNodeType
from engine.pathfinding.path import Path, PathNode, TargetPathNode
from engine.pathfinding.walk_evaluator import LandPathNodeMaker

if TYPE_CHECKING:
    from engine.living.mob import MobEntity
    from engine.pathfinding.region import ChunkCache

INFINITY = float("inf")
KERNELS: bool | None = None   # None: searches run on arrays where kernels are compiled; True/False forces (tests)
TYPES_BY_ORDINAL = sorted(PathNodeType, key=lambda t: t.ordinal)


class PathMinHeap:
    """`PathMinHeap`: an array heap on `heap_weight` with vanilla's strict comparisons, so equal weights keep
    their places (a node sifts up only past a strictly greater parent; down, to the strictly smaller child,
    the right one on a tie between children)."""

    __slots__ = ("nodes", "count")

    def __init__(self) -> None:
        self.nodes: list[PathNode | None] = []
        self.count = 0

    def clear(self) -> None:
        self.nodes = []
        self.count = 0

    def is_empty(self) -> bool:
        return self.count == 0

    def push(self, node: PathNode) -> PathNode:
        """`PathMinHeap.push`."""
        if node.heap_index >= 0:
            raise ValueError("OW KNOWS!")   # vanilla's IllegalStateException message
        if self.count == len(self.nodes):
            self.nodes.append(None)
        self.nodes[self.count] = node
        node.heap_index = self.count
        self.shift_up(self.count)
        self.count += 1
        return node

    def pop(self) -> PathNode:
        """`PathMinHeap.pop`: the root; the last node moves to the root and sinks."""
        node = self.nodes[0]
        self.count -= 1
        self.nodes[0] = self.nodes[self.count]
        self.nodes[self.count] = None
        if self.count > 0:
            self.shift_down(0)
        node.heap_index = -1
        return node

    def set_node_weight(self, node: PathNode, weight: float) -> None:
        """`PathMinHeap.setNodeWeight`: a smaller weight sifts up, otherwise down."""
        old = node.heap_weight
        node.heap_weight = weight
        if weight < old:
            self.shift_up(node.heap_index)
        else:
            self.shift_down(node.heap_index)

    def shift_up(self, index: int) -> None:
        nodes = self.nodes
        node = nodes[index]
        f = node.heap_weight
        while index > 0:
            parent_index = (index - 1) >> 1
            parent = nodes[parent_index]
            if not f < parent.heap_weight:
                break
            nodes[index] = parent
            parent.heap_index = index
            index = parent_index
        nodes[index] = node
        node.heap_index = index

    def shift_down(self, index: int) -> None:
        nodes, count = self.nodes, self.count
        node = nodes[index]
        f = node.heap_weight
        while True:
            left_index = 1 + (index << 1)
            right_index = left_index + 1
            if left_index >= count:
                break
            left = nodes[left_index]
            lf = left.heap_weight
            if right_index >= count:
                right, rf = None, INFINITY
            else:
                right = nodes[right_index]
                rf = right.heap_weight
            if lf < rf:
                if not lf < f:
                    break
                nodes[index] = left
                left.heap_index = index
                index = left_index
            else:
                if not rf < f:
                    break
                nodes[index] = right
                right.heap_index = index
                index = right_index
        nodes[index] = node
        node.heap_index = index

    def open_nodes(self) -> list[PathNode]:
        return list(self.nodes[:self.count])


class Expansion(NamedTuple):
    """One node taken from the heap, for the picture of the search."""

    pos: BlockPos
    f: float
    g: float
    h: float
    type: str


class SearchRecord:
    """What a recorded search did: the expansions in order, the open set left at the end, and for each node the
    expansion step at which it first entered the open set (so the open set after any step can be rebuilt)."""

    def __init__(self) -> None:
        self.expanded: list[Expansion] = []
        self.open: list[Expansion] = []
        self.opened: dict[BlockPos, int] = {}


_WORK: dict[tuple[int, int, int], tuple] = {}   # kernel search arrays by (table size, budget, targets), reused


def work_arrays(size: int, budget: int, targets: int) -> tuple:
    """`walk_kernel.work_arrays`, made once per sizes and reset for each search: fresh arrays of megabytes cost a
    page fault for every page a search touches."""
    w = _WORK.get((size, budget, targets))
    if w is None:
        w = _WORK[(size, budget, targets)] = wk.work_arrays(size, budget, targets)
    else:
        w[0].fill(wk.EMPTY_KEY)    # the position table; a slot's node and types are set when it is made
        w[7].fill(-1)              # the targets' nearest nodes
        w[8].fill(FLOAT_MAX)
        w[9].fill(0)               # counters
    return w


class NodeReader:
    """The `PathNode`s of a kernel search (`walk_kernel` node columns), each made once, linked by `previous`."""

    def __init__(self, w: tuple) -> None:
        self.ni, self.nf = w[2], w[3]
        self.made: dict[int, PathNode] = {}

    def pos(self, n: int) -> BlockPos:
        return (int(self.ni[n, wk.X]), int(self.ni[n, wk.Y]), int(self.ni[n, wk.Z]))

    def node(self, n: int) -> PathNode:
        chain = []
        while n >= 0 and n not in self.made:
            chain.append(n)
            n = int(self.ni[n, wk.PREV])
        for m in reversed(chain):
            ints, floats = self.ni[m].tolist(), self.nf[m].tolist()
            node = self.made[m] = PathNode(ints[wk.X], ints[wk.Y], ints[wk.Z])
            node.heap_index = ints[wk.HEAP]
            node.previous = self.made.get(ints[wk.PREV])
            node.visited = bool(ints[wk.VISITED])
            node.type = TYPES_BY_ORDINAL[ints[wk.TYPE]]
            node.penalty, node.penalized_path_length = floats[wk.PEN], floats[wk.G]
            node.distance_to_nearest_target, node.heap_weight = floats[wk.H], floats[wk.F]
            node.path_length = floats[wk.WALKED]
        return self.made[chain[0]] if chain else self.made[n]


def expansion(n: PathNode) -> Expansion:
    return Expansion(n.pos, n.heap_weight, n.penalized_path_length, n.distance_to_nearest_target, n.type.name)


class PathNodeNavigator:
    """`PathNodeNavigator`: a node maker and the node budget `range` (floor(follow range × 16), spec 07 §5
    step 3, N4)."""

    def __init__(self, maker: LandPathNodeMaker, node_budget: int) -> None:
        self.maker = maker
        self.range = node_budget
        self.min_heap = PathMinHeap()
        self.successors: list[PathNode | None] = [None] * MAX_PATH_SUCCESSORS
        self.last_visited = 0        # nodes taken from the heap by the last search (for the trace event)
        self.scratch = scratch()     # the kernel search's box queries
        # the release's rules, set by the navigation before each search (1.14.4's and later by default)
        self.target_set = True       # features.path_target_set (1.14.4)
        self.h_distance_only = True  # features.path_heuristic_distance_only (1.14.4)
        self.range_from_start = True  # features.path_range_from_start (1.14.4)
        self.euclid = True           # features.path_euclid_search (1.14.1)
        self.budget_by_range = True  # features.path_budget_by_range (1.14)
        self.range_on_expanded = True  # features.path_range_on_expanded (1.14.1)

    def find_path_to_any(self, view: ChunkCache, mob: MobEntity, positions: list[BlockPos], follow_range: float,
                         distance: int, range_multiplier: float, record: SearchRecord | None = None) -> Path | None:
        """`PathNodeNavigator.findPathToAny`: start and targets from the node maker, then the search — on arrays
        by `walk_kernel` for a walking mob where kernels run (`use_kernels`), else on node objects."""
        self.min_heap.clear()
        self.maker.init(view, mob)
        budget = self.node_budget(range_multiplier)
        if self.use_kernels(budget):
            done, path = self.find_path_with_kernels(view, mob, positions, follow_range, distance, budget, record)
            if done:
                self.maker.clear()
                return path
        start = self.maker.get_start()
        targets = [(self.maker.get_node_at(*p), p) for p in positions]
        path = self.find_path_to_any_nodes(start, targets, follow_range, distance, range_multiplier, record)
        self.maker.clear()
        return path

    def find_path_to_any_nodes(self, start: PathNode, targets: list[tuple[TargetPathNode, BlockPos]],
                               follow_range: float, distance: int, range_multiplier: float,
                               record: SearchRecord | None) -> Path | None:
        """`PathNodeNavigator.findPathToAny(startNode, positions, ...)` (spec 07 §5 steps 1-10). The loop
        counts before it pops, so at most budget − 1 nodes are expanded. Up to 1.14.3 `pathfind(start, target,
        range)` (`target_set` off) has one target, reached only where it is popped itself; the path ends at the
        popped node strictly nearest to it (the start first), and there is none where that is the start. Up to
        1.14.3 a node's heuristic also adds its penalty (`h_distance_only` off) and a node is expanded only within
        the range of the target (`range_from_start` off). 1.14 (`euclid` off) measures in Manhattan distances (a
        step's cost its steps + its penalty, summed before it is added to g; the heuristic without × 1.5) and
        (`range_on_expanded` off) expands every node, keeping a successor only within the range of the target."""
        target_nodes = [t for t, _ in targets]
        nearest = start                 # 1.14.3's nearest popped node (pathNode3)
        measure = PathNode.get_distance if self.euclid else PathNode.get_manhattan_distance_to
        start.penalized_path_length = 0.0
        start.distance_to_nearest_target = self.calculate_distances(start, target_nodes, measure)   # no 1.5
        start.heap_weight = start.distance_to_nearest_target
        heap = self.min_heap
        heap.clear()
        heap.push(start)
        if record is not None:
            record.opened[start.pos] = 0
        reached: list[TargetPathNode] = []
        budget = self.node_budget(range_multiplier)
        visited = 0
        while not heap.is_empty():
            visited += 1
            if visited >= budget:
                break
            node = heap.pop()
            node.visited = True
            if record is not None:
                record.expanded.append(expansion(node))
            if self.target_set:
                for t in target_nodes:
                    if node.get_manhattan_distance(t.x, t.y, t.z) <= distance:
                        if t not in reached:
                            reached.append(t)
                if reached:
                    break
            else:   # 1.14.3 PathNodeNavigator.pathfind: the target popped, else the nearest popped node so far
                target = target_nodes[0]
                if node.pos == target.pos:
                    nearest = node
                    reached.append(target)
                    break
                if measure(node, target) < measure(nearest, target):
                    nearest = node
            if self.range_on_expanded and \
                    node.get_distance(start if self.range_from_start else target_nodes[0]) >= follow_range:
                continue
            successors = self.successors[:self.maker.get_successors(self.successors, node)]
            if not self.range_on_expanded:   # 1.14 LandPathNodeMaker.getPathNodes(nodes, node, target, range)
                successors = [n for n in successors if n.get_distance(target_nodes[0]) < follow_range]
            for succ in successors:
                step = measure(node, succ)
                succ.path_length = f32(node.path_length + step)
                g = f32(f32(node.penalized_path_length + step) + succ.penalty) if self.euclid else \
                    f32(node.penalized_path_length + f32(step + succ.penalty))
                if succ.path_length < follow_range and (not succ.is_in_heap() or g < succ.penalized_path_length):
                    succ.previous = node
                    succ.penalized_path_length = g
                    h = self.calculate_distances(succ, target_nodes, measure)
                    h = f32(h * HEURISTIC_WEIGHT) if self.euclid else h
                    succ.distance_to_nearest_target = h if self.h_distance_only else f32(h + succ.penalty)
                    if succ.is_in_heap():
                        heap.set_node_weight(succ, f32(succ.penalized_path_length + succ.distance_to_nearest_target))
                    else:
                        succ.heap_weight = f32(succ.penalized_path_length + succ.distance_to_nearest_target)
                        heap.push(succ)
                        if record is not None:
                            record.opened.setdefault(succ.pos, len(record.expanded))
        self.last_visited = visited
        if record is not None:
            record.open = [expansion(n) for n in heap.open_nodes()]
        by_target = {id(t): p for t, p in targets}
        if not self.target_set:
            return None if nearest is start else self.create_path(nearest, targets[0][1], bool(reached))
        if reached:
            # Stream.min keeps the first of equals; the targets keep their given order
            paths = [self.create_path(t.nearest_node, by_target[id(t)], True) for t in reached]
            return min(paths, key=lambda p: p.length)
        paths = [self.create_path(t.nearest_node, by_target[id(t)], False) for t in target_nodes]
        return min(paths, key=lambda p: (p.manhattan_distance_from_target, p.length)) if paths else None

    def node_budget(self, range_multiplier: float) -> int:
        """The nodes a search may count: `range` × the multiplier (1.15; 1.0 for the modelled mobs); 1.13.2
        (`budget_by_range` off) 200, whatever the follow range."""
        return int(f32(self.range * range_multiplier)) if self.budget_by_range else NODE_BUDGET_1_13

    def use_kernels(self, budget: int) -> bool:
        """Whether this search runs on arrays: a `LandPathNodeMaker` itself (not a flier's, swimmer's or
        amphibian's) following rules the kernel has (`kernel_rules`: not 1.15.2's; the search's own from 1.14.4),
        and kernels compiled (`engine.jit`) — or as `KERNELS` says where it is set (tests)."""
        if type(self.maker) is not LandPathNodeMaker or not self.maker.kernel_rules() or \
                not (self.target_set and self.h_distance_only and self.range_from_start and self.euclid and
                     self.range_on_expanded and self.budget_by_range):
            return False
        if KERNELS is not None:
            return KERNELS
        return jit.want_kernels(budget) and jit.compiled()

    def find_path_with_kernels(self, view: ChunkCache, mob: MobEntity, positions: list[BlockPos],
                               follow_range: float, distance: int, budget: int,
                               record: SearchRecord | None) -> tuple[bool, Path | None]:
        """The search by `walk_kernel.find_path` on arrays, its nodes then read back as `PathNode`s (the path, the
        record); (False, None) where the kernel hands the search back to the object path."""
        maker = self.maker
        e = mob
        bx, by, bz = e.block_pos()
        b = e.box
        mf = np.array([e.pos.x, e.pos.y, e.pos.z, b.min_x, b.min_y, b.min_z, b.max_x, b.max_y, b.max_z, e.width,
                       e.height, e.step_height], dtype=np.float64)
        on_rail = view.get_block_state(bx, by, bz).block in RAILS or \
            view.get_block_state(bx, by - 1, bz).block in RAILS
        mi = np.array([maker.size_x, maker.size_y, maker.size_z, maker.can_open_doors, maker.can_enter_open_doors,
                       maker.can_swim, on_rail, e.get_safe_fall_distance(), bx, bz, maker.bottom_y,
                       maker.vec_double, maker.blocked_doors, maker.sweep_min_corner, maker.start_skips_open,
                       maker.swimmer_feet_mid_water, maker.closed_node_if_none, maker.leaves_kept,
                       maker.trapdoor_danger, maker.by_direction, maker.open_box_test, maker.walkable_door,
                       maker.open_narrow_only], dtype=np.int64)
        pen = np.array([maker.penalty(t) for t in PathNodeType], dtype=np.float64)
        targets = np.array([(floor(x), floor(y), floor(z)) for x, y, z in positions], dtype=np.int64).reshape(-1, 3)
        region = np.array([view.min_cx, view.max_cx, view.min_cz, view.max_cz], dtype=np.int64)
        start_y = maker.get_start_y()
        blk = block_arrays(view.world)
        tab = wk.path_tables(maker.water_last, maker.cactus_other, maker.cautious, maker.neighbors_by_type,
                             maker.fluids_first, maker.lava_fiery)
        reached = np.empty(len(targets), dtype=np.int64)
        size = wk.first_table_size(maker.size_x * maker.size_y * maker.size_z, floor(max(1.0, e.step_height)),
                                   e.get_safe_fall_distance())
        while True:
            w = work_arrays(size, budget, len(targets))
            status, start, expanded, count, n_reached, visited = wk.find_path(
                blk, tab, region, w, mf, mi, pen, self.scratch, start_y, targets, follow_range, distance, budget,
                reached)
            if status != wk.GROW:
                break
            size *= 4
        if status == wk.FALLBACK or (w[7] < 0).any():
            return False, None
        self.last_visited = visited
        nodes = NodeReader(w)
        if record is not None:
            ni = w[2]
            exp_i, exp_f = w[5], w[6]
            record.expanded = [Expansion(nodes.pos(n), f, g, h, TYPES_BY_ORDINAL[t].name)
                               for (n, t), (f, g, h) in zip(exp_i[:expanded].tolist(), exp_f[:expanded].tolist(),
                                                            strict=True)]
            record.open = [expansion(nodes.node(n)) for n in w[4][:count].tolist()]
            made = np.flatnonzero(w[0] != wk.EMPTY_KEY)
            made = made[w[1][made, 0] >= 0]
            pushed = made[ni[made, wk.OPENED] >= 0]
            pushed = pushed[np.argsort(ni[pushed, wk.SEQ], kind="stable")]
            record.opened = {nodes.pos(n): int(ni[n, wk.OPENED]) for n in pushed.tolist()}
        near = w[7]
        if n_reached:
            paths = [self.create_path(nodes.node(int(near[t])), positions[t], True) for t in reached[:n_reached]]
            return True, min(paths, key=lambda p: p.length)
        paths = [self.create_path(nodes.node(int(near[t])), positions[t], False) for t in range(len(positions))]
        return True, min(paths, key=lambda p: (p.manhattan_distance_from_target, p.length)) if paths else None

    @staticmethod
    def calculate_distances(node: PathNode, targets: list[TargetPathNode],
                            measure: Callable[[PathNode, PathNode], float] = PathNode.get_distance) -> float:
        """`PathNodeNavigator.calculateDistances`: the least Euclidean distance to a target (1.14: `measure`, the
        Manhattan one); each target keeps its nearest node."""
        best = FLOAT_MAX
        for t in targets:
            d = measure(node, t)
            t.update_nearest_node(d, node)
            best = min(d, best)
        return best

    @staticmethod
    def create_path(end: PathNode, target: BlockPos, reaches_target: bool) -> Path:
        """`PathNodeNavigator.createPath`: follow `previous` back to the start."""
        nodes = [end]
        node = end
        while node.previous is not None:
            node = node.previous
            nodes.append(node)
        nodes.reverse()
        return Path(nodes, target, reaches_target)
