"""`PathNode`, `TargetPathNode` and `Path` (spec 07 §2; 1.16.5 Yarn names, Mojang `Node`, `Target`, `Path`)."""

from __future__ import annotations

from engine.constants import FLOAT_MAX
from engine.geometry.box import BlockPos, Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import sqrt_float
from engine.pathfinding.node_types import PathNodeType


class PathNode:
    """`PathNode`: a block position with the search's float fields (spec 07 §2.2)."""

    __slots__ = ("x", "y", "z", "heap_index", "penalized_path_length", "distance_to_nearest_target", "heap_weight",
                 "previous", "visited", "path_length", "penalty", "type")

    def __init__(self, x: int, y: int, z: int) -> None:
        self.x, self.y, self.z = x, y, z
        self.heap_index = -1                     # heapIndex: ≥ 0 iff in the open set
        self.penalized_path_length = 0.0         # g
        self.distance_to_nearest_target = 0.0    # h
        self.heap_weight = 0.0                   # f = g + h
        self.previous: PathNode | None = None    # cameFrom
        self.visited = False                     # closed
        self.path_length = 0.0                   # walkedDistance (field_222861_j)
        self.penalty = 0.0                       # costMalus
        self.type = PathNodeType.BLOCKED

    @property
    def pos(self) -> BlockPos:
        return (self.x, self.y, self.z)

    def copy_with_new_position(self, x: int, y: int, z: int) -> PathNode:
        """`PathNode.copyWithNewPosition` (cauldron post-processing)."""
        n = PathNode(x, y, z)
        for name in PathNode.__slots__[3:]:
            setattr(n, name, getattr(self, name))
        return n

    def get_distance(self, o: PathNode) -> float:
        """`PathNode.getDistance`: float differences, float sum of squares, `MathHelper.sqrt`."""
        dx, dy, dz = float(o.x - self.x), float(o.y - self.y), float(o.z - self.z)
        return sqrt_float(f32(f32(f32(dx * dx) + f32(dy * dy)) + f32(dz * dz)))

    def get_manhattan_distance(self, x: int, y: int, z: int) -> float:
        """`PathNode.getManhattanDistance` (to a node or a block position): a float sum."""
        return f32(f32(float(abs(x - self.x)) + float(abs(y - self.y))) + float(abs(z - self.z)))

    def get_manhattan_distance_to(self, o: PathNode) -> float:
        """`PathNode.manhattanDistance(node)` of 1.14 (the search's measure before 1.14.1)."""
        return self.get_manhattan_distance(o.x, o.y, o.z)

    def is_in_heap(self) -> bool:
        return self.heap_index >= 0

    def __repr__(self) -> str:
        return f"Node{{x={self.x}, y={self.y}, z={self.z}}}"


class TargetPathNode(PathNode):
    """`TargetPathNode`: a target, remembering the evaluated node nearest to it (first of equals)."""

    __slots__ = ("nearest_distance", "nearest_node")

    def __init__(self, node: PathNode) -> None:
        super().__init__(node.x, node.y, node.z)
        self.nearest_distance = FLOAT_MAX
        self.nearest_node: PathNode | None = None

    def update_nearest_node(self, distance: float, node: PathNode) -> None:
        if distance < self.nearest_distance:
            self.nearest_distance = distance
            self.nearest_node = node


class Path:
    """`Path`: the nodes, the target block, whether it is reached, `distToTarget` and the follow index. While a
    navigation follows it, the index it advances is its mob's row column (`MobNavigation.current_path` copies it
    here when read); its nodes are read from `follow_kernel.PATH_NODES`, so a change goes through `set_node`."""

    def __init__(self, nodes: list[PathNode], target: BlockPos, reaches_target: bool) -> None:
        self.nodes = nodes
        self.target = target
        self.reaches_target = reaches_target
        self.current_node_index = 0
        # spec 07 §2.1: Manhattan distance from the last node to the target; Float.MAX_VALUE without nodes
        self.manhattan_distance_from_target = nodes[-1].get_manhattan_distance(*target) if nodes else FLOAT_MAX

    @property
    def length(self) -> int:
        return len(self.nodes)

    def next(self) -> None:
        self.current_node_index += 1

    def is_finished(self) -> bool:
        return self.current_node_index >= len(self.nodes)

    def set_node(self, index: int, node: PathNode) -> None:
        """`Path.setNode` (the navigation's `adjustPath`, which then has the pool write the nodes again)."""
        self.nodes[index] = node

    def copy(self) -> Path:
        """A copy with its own list of the same nodes and the same index (a cloned mob's path)."""
        c = Path(list(self.nodes), self.target, self.reaches_target)
        c.current_node_index = self.current_node_index
        c.manhattan_distance_from_target = self.manhattan_distance_from_target
        return c

    def get_end(self) -> PathNode | None:
        return self.nodes[-1] if self.nodes else None

    def get_node(self, index: int) -> PathNode:
        return self.nodes[index]

    def get_current_node(self) -> PathNode:
        return self.nodes[self.current_node_index]

    def get_current_node_pos(self) -> BlockPos:
        return self.nodes[self.current_node_index].pos

    def get_node_position(self, width: float, index: int) -> Vec3:
        """`Path.getNodePosition(entity, index)`: x + (int)(width + 1.0F) * 0.5, y, z likewise."""
        n = self.nodes[index]
        half = int(f32(width + 1.0)) * 0.5
        return Vec3(n.x + half, float(n.y), n.z + half)

    def get_node_position_current(self, width: float) -> Vec3:
        return self.get_node_position(width, self.current_node_index)

    def equals_path(self, other: Path | None) -> bool:
        """`Path.equalsPath`: same length and the same positions."""
        return other is not None and len(other.nodes) == len(self.nodes) and \
            all(a.pos == b.pos for a, b in zip(self.nodes, other.nodes, strict=True))
