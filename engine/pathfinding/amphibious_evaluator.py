"""`AmphibiousPathNodeMaker` (Mojang `AmphibiousNodeEvaluator`) of 1.16.5, used by turtles (spec 07 §3.2): walks
and swims, with water free (0), land 6 and the water's edge 4 during the search; doors and leaves block.

Only the search is modelled: turtles and their swimming `MoveControl` are not simulated yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    AMPHIBIOUS_DEEP_BELOW_SEA,
    AMPHIBIOUS_WALKABLE_PENALTY,
    AMPHIBIOUS_WATER_BORDER_PENALTY,
    SEA_LEVEL,
    STEP_BOX_LIFT,
    WALK_MAX_JUMP_HEIGHT,
)
from engine.geometry.box import BlockPos, Box
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.pathfinding import blocks as pb
from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.path import PathNode, TargetPathNode
from engine.pathfinding.region import ChunkCache
from engine.pathfinding.walk_evaluator import (
    NO_STEP_UP,
    LandPathNodeMaker,
    get_common_node_type,
    get_feet_y,
    get_node_type_from_neighbors,
)

if TYPE_CHECKING:
    from engine.living.mob import MobEntity

FACES = ((0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0))   # Direction.values()
CLOSED_DOORS = (T.DOOR_WOOD_CLOSED, T.DOOR_IRON_CLOSED)


class AmphibiousPathNodeMaker(LandPathNodeMaker):
    """`AmphibiousPathNodeMaker`: the walk node maker's types with its own floor rule and successors."""

    def init(self, view: ChunkCache, entity: MobEntity) -> None:
        """`init`: during the search water costs 0 (vanilla keeps that afterwards), land 6, the water's edge 4."""
        super().init(view, entity)
        self.can_open_doors = self.can_enter_open_doors = False   # getNodeType(..., false, false)
        self.penalties[T.WATER] = 0.0
        self.penalties[T.WALKABLE] = AMPHIBIOUS_WALKABLE_PENALTY
        self.penalties[T.WATER_BORDER] = AMPHIBIOUS_WATER_BORDER_PENALTY

    def get_start(self) -> PathNode:
        b = self.entity.box
        return self.get_node(floor(b.min_x), floor(b.min_y + 0.5), floor(b.min_z))

    def get_node_at(self, x: float, y: float, z: float) -> TargetPathNode:
        return TargetPathNode(self.get_node(floor(x), floor(y + 0.5), floor(z)))

    def feet_y(self, x: int, y: int, z: int) -> float:
        """The floor under a cell on land; the cell's middle for a mob in water."""
        if not self.entity.touching_water:
            return get_feet_y(self.view, x, y, z)
        return y + 0.5

    def get_successors(self, successors: list[PathNode], node: PathNode) -> int:
        """Four sides and up (no step) and down, then a diagonal where both sides beside it are open or cost."""
        x, y, z = node.x, node.y, node.z
        feet = self.feet_y(x, y, z)
        south = self.get_path_node(x, y, z + 1, 1, feet)
        west = self.get_path_node(x - 1, y, z, 1, feet)
        east = self.get_path_node(x + 1, y, z, 1, feet)
        north = self.get_path_node(x, y, z - 1, 1, feet)
        up = self.get_path_node(x, y + 1, z, 0, feet)
        down = self.get_path_node(x, y - 1, z, 1, feet)
        count = 0
        for n in (south, west, east, north, up, down):
            if n is not None and not n.visited:
                successors[count] = n
                count += 1
        free = {k: n is None or n.type is T.OPEN or n.penalty != 0.0
                for k, n in (("n", north), ("s", south), ("e", east), ("w", west))}
        for a, b, dx, dz in (("n", "w", -1, -1), ("n", "e", 1, -1), ("s", "w", -1, 1), ("s", "e", 1, 1)):
            if free[a] and free[b]:
                n = self.get_path_node(x + dx, y, z + dz, 1, feet)
                if n is not None and not n.visited:
                    successors[count] = n
                    count += 1
        return count

    def get_path_node(self, x: int, y: int, z: int, max_y_step: int, prev_feet_y: float) -> PathNode | None:
        """`AmphibiousPathNodeMaker.getPathNode`: water and walkable cells are nodes (1 more below sea level − 10);
        others step up once, or from the open air fall at most the safe fall distance."""
        if self.feet_y(x, y, z) - prev_feet_y > WALK_MAX_JUMP_HEIGHT:
            return None
        e = self.entity
        t = self.get_node_type(x, y, z)
        f = self.penalty(t)
        half = e.width / 2.0
        node = None
        if f >= 0.0:
            node = self.get_node(x, y, z)
            node.type = t
            node.penalty = max(node.penalty, f)
        if t in (T.WATER, T.WALKABLE):
            if y < SEA_LEVEL - AMPHIBIOUS_DEEP_BELOW_SEA and node is not None:
                node.penalty += 1.0
            return node
        if node is None and max_y_step > 0 and t not in NO_STEP_UP:
            node = self.get_path_node(x, y + 1, z, max_y_step - 1, prev_feet_y)
        if t is T.OPEN:
            box = Box(x - half + 0.5, y + STEP_BOX_LIFT, z - half + 0.5, x + half + 0.5, float(f32(y + e.height)),
                      z + half + 0.5)
            if not self.view.is_space_empty(box, e.shape_context(self.view.world)):
                return None
            below = self.get_node_type(x, y - 1, z)
            if below in (T.BLOCKED, T.WATER):
                node = self.get_node(x, y, z)
                node.type = T.WALKABLE if below is T.BLOCKED else T.WATER
                node.penalty = max(node.penalty, f)
                return node
            fallen = 0
            while y > 0 and t is T.OPEN:
                y -= 1
                if fallen >= e.get_safe_fall_distance():
                    return None
                fallen += 1
                t = self.get_node_type(x, y, z)
                f = self.penalty(t)
                if t is not T.OPEN and f >= 0.0:
                    node = self.get_node(x, y, z)
                    node.type = t
                    node.penalty = max(node.penalty, f)
                    break
                if f < 0.0:
                    return None
        return node

    @staticmethod
    def adjust_node_type(view: ChunkCache, can_open_doors: bool, can_enter_open_doors: bool, mob_pos: BlockPos,
                         t: T, leaves_kept: bool = False, walkable_door: bool = True) -> T:
        """`AmphibiousPathNodeMaker.adjustNodeType`: the walker's rules for a mob that neither opens nor enters
        doors (the rail rule, open doors and leaves block; no door is ever walkable), and closed doors block
        too."""
        t = LandPathNodeMaker.adjust_node_type(view, False, False, mob_pos, t, leaves_kept, walkable_door)
        return T.BLOCKED if t in CLOSED_DOORS else t

    @staticmethod
    def get_floor_node_type(view: ChunkCache, x: int, y: int, z: int) -> T:
        """`AmphibiousPathNodeMaker.getDefaultNodeType`: water beside a blocked cell is WATER_BORDER; open air
        over anything but walkable, open or lava (water included) is WALKABLE."""
        t = get_common_node_type(view, x, y, z)
        if t is T.WATER:
            for dx, dy, dz in FACES:
                if get_common_node_type(view, x + dx, y + dy, z + dz) is T.BLOCKED:
                    return T.WATER_BORDER
            return T.WATER
        if t is T.OPEN and y >= 1:
            below_state = view.get_block_state(x, y - 1, z)
            below = get_common_node_type(view, x, y - 1, z)
            t = T.OPEN if below in (T.WALKABLE, T.OPEN, T.LAVA) else T.WALKABLE
            if below is T.DAMAGE_FIRE or below_state.block == "magma_block" or below_state.block in pb.CAMPFIRES:
                t = T.DAMAGE_FIRE
            if below in (T.DAMAGE_CACTUS, T.DAMAGE_OTHER):
                t = below
        if t is T.WALKABLE:
            t = get_node_type_from_neighbors(view, x, y, z, t)
        return t
