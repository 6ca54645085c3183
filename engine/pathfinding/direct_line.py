"""1.14's direct-line skip of path following (removed in 1.14.1, `path_no_direct_skip`; 1.13.2's every tick):
every 5 ticks `EntityNavigation.continueFollowingPath` moves the current node to the furthest node, before the first
at another height, that `MobNavigation.canPathDirectlyThrough` reaches from the mob in a straight line over safe
ground (Yarn 4ffac47a3 `EntityNavigation.method_6339`, `MobNavigation.canPathDirectlyThrough`, `method_6364`,
`method_6367`; 1.13.2 `PathNavigate.pathFollow`, `PathNavigateGround.isDirectPathBetweenPoints`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.constants import DIRECT_LINE_INTERVAL, DIRECT_LINE_MIN_SQ, DIRECT_LINE_UNSAFE_PENALTY
from engine.geometry.box import Vec3
from engine.java.javanum import java_div
from engine.java.mathhelper import floor
from engine.pathfinding.blocks import PASS_1_16, can_pass
from engine.pathfinding.node_types import PathNodeType as T

if TYPE_CHECKING:
    from engine.pathfinding.path import Path
    from engine.pathfinding.region import ChunkCache
    from engine.pathfinding.walk_evaluator import LandPathNodeMaker

UNSAFE_BELOW = (T.WATER, T.LAVA, T.OPEN)                       # method_6364: the type under a cell
UNSAFE_TYPES = (T.DAMAGE_FIRE, T.DANGER_FIRE, T.DAMAGE_OTHER)  # method_6364: a cell's own type


def skip_target(maker: LandPathNodeMaker, view: ChunkCache, path: Path, index: int, origin: Vec3, width: float,
                height: float, game_time: int | None) -> int:
    """`method_6339`'s skip from `origin` (`getPos`: x, the path height, z) with the current node `index` before
    the reached test: the furthest node n, index ≤ n before the first node at another height than floor(origin.y),
    reached in a straight line; −1 where there is none or the world time `game_time` is not a multiple of 5
    (1.13.2, `game_time` None: every tick). The caller sets the node to it where it is not behind the node reached
    (`follow_kernel.continue_following_path`)."""
    if game_time is not None and game_time % DIRECT_LINE_INTERVAL != 0:
        return -1
    limit = path.length
    for j in range(index, path.length):
        if path.get_node(j).y != math.floor(origin.y):
            limit = j
            break
    size_x, size_y = math.ceil(width), math.ceil(height)
    for n in range(limit - 1, index - 1, -1):
        if can_path_directly_through(maker, view, origin, path.get_node_position(width, n), size_x, size_y, size_x):
            return n
    return -1


def can_path_directly_through(maker: LandPathNodeMaker, view: ChunkCache, origin: Vec3, target: Vec3, size_x: int,
                              size_y: int, size_z: int) -> bool:
    """`MobNavigation.canPathDirectlyThrough`: the cells the horizontal line from `origin` to `target` crosses (a
    grid walk), each safe to stand on for the mob's footprint, the first one grown by a block on each side."""
    x, z = floor(origin.x), floor(origin.z)
    dx, dz = target.x - origin.x, target.z - origin.z
    squared = dx * dx + dz * dz
    if squared < DIRECT_LINE_MIN_SQ:
        return False
    scale = 1.0 / math.sqrt(squared)
    dx, dz = dx * scale, dz * scale
    y = int(origin.y)
    if not is_safe_to_stand_at(maker, view, x, y, z, size_x + 2, size_y, size_z + 2, origin, dx, dz):
        return False
    step_x, step_z = java_div(1.0, abs(dx)), java_div(1.0, abs(dz))
    next_x, next_z = x - origin.x, z - origin.z
    if dx >= 0.0:
        next_x += 1
    if dz >= 0.0:
        next_z += 1
    next_x, next_z = java_div(next_x, dx), java_div(next_z, dz)
    sign_x, sign_z = -1 if dx < 0.0 else 1, -1 if dz < 0.0 else 1
    end_x, end_z = floor(target.x), floor(target.z)
    left_x, left_z = end_x - x, end_z - z
    while left_x * sign_x > 0 or left_z * sign_z > 0:
        if next_x < next_z:
            next_x += step_x
            x += sign_x
            left_x = end_x - x
        else:
            next_z += step_z
            z += sign_z
            left_z = end_z - z
        if not is_safe_to_stand_at(maker, view, x, y, z, size_x, size_y, size_z, origin, dx, dz):
            return False
    return True


def is_safe_to_stand_at(maker: LandPathNodeMaker, view: ChunkCache, x: int, y: int, z: int, size_x: int,
                        size_y: int, size_z: int, origin: Vec3, dx: float, dz: float) -> bool:
    """`MobNavigation.method_6364`: the footprint centred on (x, z), cells behind the line's direction aside, is
    clear (`method_6367`), and each cell stands on neither water, lava nor air and is of a penalty in [0, 8) and
    not fiery or damaging (its type for a footprint of the given size, doors opened and entered)."""
    min_x, min_z = x - size_x // 2, z - size_z // 2
    if not is_position_clear(view, min_x, y, min_z, size_x, size_y, size_z, origin, dx, dz,
                             maker.passability):
        return False
    for cx in range(min_x, min_x + size_x):
        for cz in range(min_z, min_z + size_z):
            if (cx + 0.5 - origin.x) * dx + (cz + 0.5 - origin.z) * dz < 0.0:
                continue
            if maker.get_node_type_sized(view, cx, y - 1, cz, size_x, size_y, size_z, True, True) in UNSAFE_BELOW:
                return False
            t = maker.get_node_type_sized(view, cx, y, cz, size_x, size_y, size_z, True, True)
            penalty = maker.penalty(t)
            if penalty < 0.0 or penalty >= DIRECT_LINE_UNSAFE_PENALTY or t in UNSAFE_TYPES:
                return False
    return True


def is_position_clear(view: ChunkCache, x: int, y: int, z: int, size_x: int, size_y: int, size_z: int,
                      origin: Vec3, dx: float, dz: float, rule: int = PASS_1_16) -> bool:
    """`MobNavigation.method_6367`: every block of the box not behind the line's direction lets a land mob
    through (`canPlaceAtSide(LAND)`; `blocks.can_pass` by the release's `rule`)."""
    for cx in range(x, x + size_x):
        for cy in range(y, y + size_y):
            for cz in range(z, z + size_z):
                if (cx + 0.5 - origin.x) * dx + (cz + 0.5 - origin.z) * dz < 0.0:
                    continue
                if not can_pass(view.get_block_state(cx, cy, cz), rule):
                    return False
    return True
