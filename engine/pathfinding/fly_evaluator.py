"""`BirdPathNodeMaker` (Mojang `FlyNodeEvaluator`) of 1.16.5, for flying mobs with a path navigation (bees,
parrots; spec 07 §3.2): 26 successors in three dimensions, air kept OPEN for mobs of any width, a walkable cell
costing 1 more.

Only the search is modelled: bees and parrots and their flying `MoveControl` are not simulated yet."""

from __future__ import annotations

import numpy as np

from engine.java.javautil import hash_set_order
from engine.java.mathhelper import floor
from engine.pathfinding import blocks as pb
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.path import PathNode, TargetPathNode
from engine.pathfinding.region import ChunkCache
from engine.pathfinding.walk_evaluator import LandPathNodeMaker, get_common_node_type, get_node_type_from_neighbors

FLOOR_FIRE = (T.DAMAGE_FIRE, T.LAVA)
# the successors in vanilla's order: offsets, then the neighbours (indices into this list) that must be passable
AXES = ((0, 0, 1), (-1, 0, 0), (1, 0, 0), (0, 0, -1), (0, 1, 0), (0, -1, 0))
S, W, E, N, U, D = range(6)
EDGES = (((0, 1, 1), (S, U)), ((-1, 1, 0), (W, U)), ((1, 1, 0), (E, U)), ((0, 1, -1), (N, U)),
         ((0, -1, 1), (S, D)), ((-1, -1, 0), (W, D)), ((1, -1, 0), (E, D)), ((0, -1, -1), (N, D)),
         ((1, 0, -1), (N, E)), ((1, 0, 1), (S, E)), ((-1, 0, -1), (N, W)), ((-1, 0, 1), (S, W)))
# corners: the edge successors are numbered from 6 (so 6 = up-south, 14 = east-north, ...)
CORNERS = (((1, 1, -1), (14, N, E, U, 9, 8)), ((1, 1, 1), (15, S, E, U, 6, 8)),
           ((-1, 1, -1), (16, N, W, U, 9, 7)), ((-1, 1, 1), (17, S, W, U, 6, 7)),
           ((1, -1, -1), (14, N, E, D, 13, 12)), ((1, -1, 1), (15, S, E, D, 10, 12)),
           ((-1, -1, -1), (16, N, W, D, 13, 11)), ((-1, -1, 1), (17, S, W, D, 10, 11)))


class BirdPathNodeMaker(LandPathNodeMaker):
    """`BirdPathNodeMaker`: a `LandPathNodeMaker` with its own start, types and successors; its `getNodeType`
    lets no rail win and keeps OPEN for a mob of any width (spec 07 §3.2)."""

    RAIL_WINS = False
    OPEN_NEEDS_ONE_BLOCK = False

    def get_start(self) -> PathNode:
        """`BirdPathNodeMaker.getStart`: the water surface for a swimming mob in water, else floor(y + 0.5); if
        that cell is impassable, the first passable box corner in `HashSet` order."""
        e, view = self.entity, self.view
        if self.can_swim and e.touching_water:
            i = floor(e.pos.y)
            while view.get_block_state(floor(e.pos.x), i, floor(e.pos.z)).block == "water":
                i += 1
        else:
            i = floor(e.pos.y + 0.5)
        bx, _, bz = e.block_pos()
        if self.penalty(self.get_node_type(bx, i, bz)) < 0.0:
            b = e.box
            corners = list(dict.fromkeys((floor(cx), i, floor(cz)) for cx, cz in (
                (b.min_x, b.min_z), (b.min_x, b.max_z), (b.max_x, b.min_z), (b.max_x, b.max_z))))
            for j in hash_set_order(np.array(corners, dtype=np.int64)):
                if self.penalty(self.get_node_type(*corners[j])) >= 0.0:
                    return self.get_node(*corners[j])
        return self.get_node(bx, i, bz)

    def get_node_at(self, x: float, y: float, z: float) -> TargetPathNode:
        return TargetPathNode(self.get_node(floor(x), floor(y), floor(z)))

    def get_successors(self, successors: list[PathNode], node: PathNode) -> int:
        """`BirdPathNodeMaker.getSuccessors`: 6 faces, 12 edges (both faces beside them passable), 8 corners
        (the three faces and three edges beside them passable)."""
        found: list[PathNode | None] = []
        count = 0
        for dx, dy, dz in AXES:
            n = self.typed_point(node.x + dx, node.y + dy, node.z + dz)
            found.append(n)
            if n is not None and not n.visited:
                successors[count] = n
                count += 1
        for (dx, dy, dz), needs in EDGES:
            n = self.typed_point(node.x + dx, node.y + dy, node.z + dz)
            found.append(n)
            if n is not None and not n.visited and all(passable(found[k]) for k in needs):
                successors[count] = n
                count += 1
        for (dx, dy, dz), needs in CORNERS:
            n = self.typed_point(node.x + dx, node.y + dy, node.z + dz)
            if n is not None and not n.visited and all(passable(found[k]) for k in needs):
                successors[count] = n
                count += 1
        return count

    def typed_point(self, x: int, y: int, z: int) -> PathNode | None:
        """`BirdPathNodeMaker.getNode(x, y, z)`: a node of a passable type; WALKABLE costs 1 more (added each
        time the node is asked for, as vanilla adds to the cached node)."""
        t = self.get_node_type(x, y, z)
        f = self.penalty(t)
        if f < 0.0:
            return None
        n = self.get_node(x, y, z)
        n.type = t
        n.penalty = max(n.penalty, f)
        if t is T.WALKABLE:
            n.penalty += 1.0
        return n

    @staticmethod
    def get_floor_node_type(view: ChunkCache, x: int, y: int, z: int) -> T:
        """`BirdPathNodeMaker.getDefaultNodeType`: air over fire, lava, magma or any campfire is DAMAGE_FIRE;
        damaging blocks, cocoa and fences below pass their type up; open air and walkable cells are checked for
        dangers around."""
        t = get_common_node_type(view, x, y, z)
        if t is T.OPEN and y >= 1:
            below_state = view.get_block_state(x, y - 1, z)
            below = get_common_node_type(view, x, y - 1, z)
            if below in FLOOR_FIRE or below_state.block == "magma_block" or below_state.block in pb.CAMPFIRES:
                t = T.DAMAGE_FIRE
            elif below in (T.DAMAGE_CACTUS, T.DAMAGE_OTHER, T.COCOA, T.FENCE):
                t = below
            else:
                t = T.OPEN if below in (T.WALKABLE, T.OPEN, T.WATER) else T.WALKABLE
        if t in (T.WALKABLE, T.OPEN):
            t = get_node_type_from_neighbors(view, x, y, z, t)
        return t


def passable(n: PathNode | None) -> bool:
    return n is not None and n.penalty >= 0.0
