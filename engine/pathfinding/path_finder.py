"""`PathNodeNavigator` (Mojang `PathFinder`) and `PathMinHeap` (`BinaryHeap`): vanilla's A* (spec 07 §5).

The search can be recorded: each node taken from the heap, in order, with its f, g, h and type, and the open set
left at the end, so that a viewer can step through it node by node."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.constants import FLOAT_MAX, HEURISTIC_WEIGHT, MAX_PATH_SUCCESSORS
from engine.geometry.box import BlockPos
from engine.java.javanum import f32
from engine.pathfinding.path import Path, PathNode, TargetPathNode

if TYPE_CHECKING:
    from engine.living.mob import MobEntity
    from engine.pathfinding.region import ChunkCache
    from engine.pathfinding.walk_evaluator import LandPathNodeMaker

INFINITY = float("inf")


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

    def find_path_to_any(self, view: ChunkCache, mob: MobEntity, positions: list[BlockPos], follow_range: float,
                         distance: int, range_multiplier: float, record: SearchRecord | None = None) -> Path | None:
        """`PathNodeNavigator.findPathToAny`: start and targets from the node maker, then the search."""
        self.min_heap.clear()
        self.maker.init(view, mob)
        start = self.maker.get_start()
        targets = [(self.maker.get_node_at(*p), p) for p in positions]
        path = self.find_path_to_any_nodes(start, targets, follow_range, distance, range_multiplier, record)
        self.maker.clear()
        return path

    def find_path_to_any_nodes(self, start: PathNode, targets: list[tuple[TargetPathNode, BlockPos]],
                               follow_range: float, distance: int, range_multiplier: float,
                               record: SearchRecord | None) -> Path | None:
        """`PathNodeNavigator.findPathToAny(startNode, positions, ...)` (spec 07 §5 steps 1-10). The loop
        counts before it pops, so at most budget − 1 nodes are expanded."""
        target_nodes = [t for t, _ in targets]
        start.penalized_path_length = 0.0
        start.distance_to_nearest_target = self.calculate_distances(start, target_nodes)   # no 1.5 on the start
        start.heap_weight = start.distance_to_nearest_target
        heap = self.min_heap
        heap.clear()
        heap.push(start)
        if record is not None:
            record.opened[start.pos] = 0
        reached: list[TargetPathNode] = []
        budget = int(f32(self.range * range_multiplier))
        visited = 0
        while not heap.is_empty():
            visited += 1
            if visited >= budget:
                break
            node = heap.pop()
            node.visited = True
            if record is not None:
                record.expanded.append(expansion(node))
            for t in target_nodes:
                if node.get_manhattan_distance(t.x, t.y, t.z) <= distance:
                    if t not in reached:
                        reached.append(t)
            if reached:
                break
            if node.get_distance(start) >= follow_range:
                continue
            for i in range(self.maker.get_successors(self.successors, node)):
                succ = self.successors[i]
                step = node.get_distance(succ)
                succ.path_length = f32(node.path_length + step)
                g = f32(f32(node.penalized_path_length + step) + succ.penalty)
                if succ.path_length < follow_range and (not succ.is_in_heap() or g < succ.penalized_path_length):
                    succ.previous = node
                    succ.penalized_path_length = g
                    succ.distance_to_nearest_target = f32(self.calculate_distances(succ, target_nodes)
                                                          * HEURISTIC_WEIGHT)
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
        if reached:
            # Stream.min keeps the first of equals; the targets keep their given order
            paths = [self.create_path(t.nearest_node, by_target[id(t)], True) for t in reached]
            return min(paths, key=lambda p: p.length)
        paths = [self.create_path(t.nearest_node, by_target[id(t)], False) for t in target_nodes]
        return min(paths, key=lambda p: (p.manhattan_distance_from_target, p.length)) if paths else None

    @staticmethod
    def calculate_distances(node: PathNode, targets: list[TargetPathNode]) -> float:
        """`PathNodeNavigator.calculateDistances`: the least Euclidean distance to a target; each target keeps
        its nearest node."""
        best = FLOAT_MAX
        for t in targets:
            d = node.get_distance(t)
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
