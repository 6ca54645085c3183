"""Following a path (spec 07 §7.1): `EntityNavigation.tick` after `recalculatePath`, `continueFollowingPath`,
`shouldJumpToNextNode`, `checkTimeouts`, `isIdle`, the hand-off to `MoveControl.moveTo`, and the scene goal
`path_to`'s `MoveToTargetPosGoal` counting, as stage kernels (engine.jit) on a mob's row of `MOB_ROWS`
(engine.living.mob; the navigation's fields are columns there: engine.entities.rows, `MOB_FLOATS`, `MOB_INTS`).

`MobNavigation` (engine.pathfinding.navigation) runs them as plain Python; the compiled mob tick
(engine.living.mob_kernel) inlines them. A path's nodes are read from `PATH_NODES`, one block of rows per `Path`
(x, y, z, and whether `MobEntity.method_29244` lets the shortcut test run from the node: its type is none of
`NO_SHORTCUT_TYPES`), written the first time the path is followed and again after `Path.set_node`."""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    MS_PER_SECOND,
    NODE_REACH_HALF,
    NODE_REACH_MAX_DY,
    NODE_REACH_WIDE,
    PATH_GOAL_ARRIVED_DISTANCE,
    PATH_GOAL_MAX_TRYING_TIME,
    PATH_GOAL_RETRY_INTERVAL,
    SHORTCUT_MAX_DIST,
    SHORTCUT_NEAR_SQ,
    STUCK_CHECK_INTERVAL,
    STUCK_MIN_DIST_SQ,
    TIMEOUT_FACTOR,
)
from engine.entities.rows import F_POS, I_FLAGS, ON_GROUND
from engine.influences.fluid_kernel import normalize
from engine.java.mathhelper import float_cast
from engine.jit import njit
from engine.living.controls import MOB_FLOAT_COLUMNS, MOB_INT_COLUMNS, move_to
from engine.motion.collision_kernel import jfloor
from engine.pathfinding.node_types import PathNodeType as T

if TYPE_CHECKING:
    from engine.pathfinding.path import Path

NO_SHORTCUT_TYPES = (T.DANGER_FIRE, T.DANGER_CACTUS, T.DANGER_OTHER, T.WALKABLE_DOOR)   # method_29244 false
_F, _I = MOB_FLOAT_COLUMNS, MOB_INT_COLUMNS
C_WIDTH, C_SPEED, C_NAV_SPEED, C_PROXIMITY = _F["width"], _F["movement_speed"], _F["nav_speed"], \
    _F["reach_proximity"]
C_START, C_TIMEOUT, C_PATH_GOAL = _F["path_start_x"], _F["node_timeout"], _F["path_goal_x"]
C_NAV_TICKS, C_START_TIME, C_LAST_NODE, C_NODE_MS = _I["nav_ticks"], _I["path_start_time"], _I["last_node_x"], \
    _I["node_ms"]
C_LAST_ACTIVE, C_HAS_PATH, C_INDEX = _I["last_active_ms"], _I["has_path"], _I["path_index"]
C_HAS_PATH_GOAL, C_GOAL_RUNNING, C_TRYING, C_WAIT = _I["has_path_goal"], _I["path_goal_running"], \
    _I["path_trying_time"], _I["path_goal_wait"]
SHORTCUT = 3   # the node column: 1 where the shortcut test may run from the node


class NodePool:
    """The nodes of the paths being followed, as rows of (x, y, z, shortcut) in one array (`nodes`): each `Path`
    its own block, of a power-of-two size, taken when the path is first followed (`block`) and given back when
    the path is collected or its nodes change (`forget`). Kept by object identity, so a copied, pickled or
    reloaded path takes a block of its own."""

    def __init__(self) -> None:
        self.nodes = np.zeros((64, 4), dtype=np.int64)
        self.top = 0
        self.free: dict[int, list[int]] = {}
        self.blocks: weakref.WeakKeyDictionary[Path, tuple[int, weakref.finalize]] = weakref.WeakKeyDictionary()
        self.changes = 0   # counts the paths set and the blocks given back (engine.living.mob.MobBatch)

    def block(self, path: Path) -> int:
        """Where `path`'s nodes start in `nodes`, written there on first use."""
        held = self.blocks.get(path)
        if held is not None:
            return held[0]
        n = path.length
        size = max(4, 1 << max(n - 1, 0).bit_length())
        free = self.free.get(size)
        if free:
            at = free.pop()
        else:
            at = self.top
            self.top += size
            if self.top > len(self.nodes):
                grown = np.zeros((max(2 * len(self.nodes), self.top), 4), dtype=np.int64)
                grown[:at] = self.nodes[:at]
                self.nodes = grown
        if n:
            self.nodes[at:at + n] = [(p.x, p.y, p.z, p.type not in NO_SHORTCUT_TYPES) for p in path.nodes]
        self.blocks[path] = (at, weakref.finalize(path, self._give_back, at, size))
        return at

    def forget(self, path: Path) -> None:
        """`path`'s nodes changed: its block is given back, and written again when next followed."""
        held = self.blocks.pop(path, None)
        if held is not None:
            held[1]()

    def _give_back(self, at: int, size: int) -> None:
        self.free.setdefault(size, []).append(at)
        self.changes += 1


PATH_NODES = NodePool()


@njit(inline=True)
def path_goal_tick(f: np.ndarray, i: np.ndarray, r: int, below: bool) -> bool:
    """`MoveToTargetPosGoal.tick` of the scene goal `path_to`, where it runs (engine.living.goals: the selector
    starts and stops it): `tryingTime` down while the target cell's centre is within squared distance 1.0 of the
    mob (below 1.0 where `below`, from 1.14; at most 1.0 in 1.13.2: `path_goal_reached_below_1`), else up. True
    where it asks the navigation again (`startMovingTo`): when `shouldResetPath` (`tryingTime % 40 == 0`)."""
    # Python floats in the plain form (the object path): a mob far out overflows to inf, as Java does, unwarned
    dx = float(jfloor(f[r, C_PATH_GOAL]) + 0.5 - f[r, F_POS])
    dy = float(jfloor(f[r, C_PATH_GOAL + 1]) + 0.5 - f[r, F_POS + 1])
    dz = float(jfloor(f[r, C_PATH_GOAL + 2]) + 0.5 - f[r, F_POS + 2])
    d2 = dx * dx + dy * dy + dz * dz
    if d2 < PATH_GOAL_ARRIVED_DISTANCE or not below and d2 == PATH_GOAL_ARRIVED_DISTANCE:
        i[r, C_TRYING] -= 1
        return False
    i[r, C_TRYING] += 1
    return i[r, C_TRYING] % PATH_GOAL_RETRY_INTERVAL == 0


@njit(inline=True)
def path_goal_runs(i: np.ndarray, r: int) -> bool:
    """Whether the scene goal `path_to` is set and runs (the goal selector started it: engine.living.goals)."""
    return i[r, C_HAS_PATH_GOAL] != 0 and i[r, C_GOAL_RUNNING] != 0


@njit(inline=True)
def path_goal_continues(i: np.ndarray, r: int) -> bool:
    """`MoveToTargetPosGoal.shouldContinue` of the scene goal `path_to`: `tryingTime` from −`safeWaitingTime` to
    1200 (its `isTargetPos`: the scene's target always is one)."""
    return -i[r, C_WAIT] <= i[r, C_TRYING] <= PATH_GOAL_MAX_TRYING_TIME


@njit(inline=True)
def is_idle(i: np.ndarray, r: int, length: int) -> bool:
    """`EntityNavigation.isIdle`: no path, or its current node index past its `length` nodes."""
    return i[r, C_HAS_PATH] == 0 or i[r, C_INDEX] >= length


@njit(inline=True)
def node_position(f: np.ndarray, r: int, nodes: np.ndarray, k: int) -> tuple:
    """`Path.getNodePosition(entity, index)` of pool row k: x + (int)(width + 1.0F) × 0.5, y, z likewise."""
    half = int(float_cast(f[r, C_WIDTH] + 1.0)) * 0.5
    return nodes[k, 0] + half, float(nodes[k, 1]), nodes[k, 2] + half


@njit(inline=True)
def should_jump_to_next_node(nodes: np.ndarray, start: int, length: int, index: int, hx: float, hy: float,
                             hz: float, between: bool, zero_below: float) -> bool:
    """`EntityNavigation.shouldJumpToNextNode` (1.16.5 `method_27799`) from position (hx, hy, hz): within 2 of the
    node's bottom centre and, up to 1.19.2, already past it towards the next (a positive dot product); from 1.19.3
    (`between`) the next node nearer than it or it within sqrt(0.5), the two on opposite sides of the mob (their
    directions normalized as `Vec3d.normalize` in double, zero below `zero_below`)."""
    if index + 1 >= length:
        return False
    k = start + index
    cx, cy, cz = float(nodes[k, 0] + 0.5), float(nodes[k, 1]), float(nodes[k, 2] + 0.5)
    ox, oy, oz = hx - cx, hy - cy, hz - cz
    if not ox * ox + oy * oy + oz * oz < SHORTCUT_MAX_DIST * SHORTCUT_MAX_DIST:
        return False
    mx, my, mz = float(nodes[k + 1, 0] + 0.5), float(nodes[k + 1, 1]), float(nodes[k + 1, 2] + 0.5)
    if not between:
        return (mx - cx) * ox + (my - cy) * oy + (mz - cz) * oz > 0.0
    ax, ay, az = cx - hx, cy - hy, cz - hz
    bx, by, bz = mx - hx, my - hy, mz - hz
    d, e = ax * ax + ay * ay + az * az, bx * bx + by * by + bz * bz
    if not e < d and not d < SHORTCUT_NEAR_SQ:
        return False
    ax, ay, az = normalize(ax, ay, az, True, zero_below)
    bx, by, bz = normalize(bx, by, bz, True, zero_below)
    return bx * ax + by * ay + bz * az < 0.0


@njit(inline=True)
def reset_node(f: np.ndarray, i: np.ndarray, r: int) -> None:
    """`EntityNavigation.resetNode`: lastNodePosition (0, 0, 0), currentNodeMs 0, currentNodeTimeout 0."""
    for a in range(3):
        i[r, C_LAST_NODE + a] = 0
    i[r, C_NODE_MS] = 0
    f[r, C_TIMEOUT] = 0.0


@njit(inline=True)
def check_timeouts(f: np.ndarray, i: np.ndarray, r: int, nodes: np.ndarray, start: int, length: int, hx: float,
                   hy: float, hz: float, now_ms: int, centre: bool) -> None:
    """`EntityNavigation.checkTimeouts` from position (hx, hy, hz) (spec 07 §7.1): every 100 ticks a mob within
    squared distance 2.25 of where the last sample was taken stops, and the sample is taken again; a node not
    reached within 3 × its distance / movementSpeed seconds (`now_ms`: `Util.getMeasuringTimeMs`, modelled as the
    game time × 50 ms) stops it too (`resetNode`). Java's arithmetic: the distance a double, the speed a float,
    the milliseconds a long compared as a double. The distance is to the node's bottom centre, up to 1.15.2
    (`centre` off: features.path_timeout_bottom_centre) to its corner."""
    if i[r, C_NAV_TICKS] - i[r, C_START_TIME] > STUCK_CHECK_INTERVAL:
        sx, sy, sz = float(hx - f[r, C_START]), float(hy - f[r, C_START + 1]), float(hz - f[r, C_START + 2])
        if sx * sx + sy * sy + sz * sz < STUCK_MIN_DIST_SQ:
            i[r, C_HAS_PATH] = 0                                                # stop
        i[r, C_START_TIME] = i[r, C_NAV_TICKS]
        f[r, C_START], f[r, C_START + 1], f[r, C_START + 2] = hx, hy, hz
    if is_idle(i, r, length):
        return
    k = start + i[r, C_INDEX]
    if nodes[k, 0] == i[r, C_LAST_NODE] and nodes[k, 1] == i[r, C_LAST_NODE + 1] and \
            nodes[k, 2] == i[r, C_LAST_NODE + 2]:
        i[r, C_NODE_MS] += now_ms - i[r, C_LAST_ACTIVE]
    else:
        for a in range(3):
            i[r, C_LAST_NODE + a] = nodes[k, a]
        half = 0.5 if centre else 0.0
        cx, cy, cz = float(nodes[k, 0] + half - hx), float(nodes[k, 1] - hy), float(nodes[k, 2] + half - hz)
        d = math.sqrt(cx * cx + cy * cy + cz * cz)                             # Vec3d.distanceTo
        speed = f[r, C_SPEED]
        f[r, C_TIMEOUT] = d / speed * MS_PER_SECOND if speed > 0.0 else 0.0
    if f[r, C_TIMEOUT] > 0.0 and float(i[r, C_NODE_MS]) > f[r, C_TIMEOUT] * TIMEOUT_FACTOR:
        reset_node(f, i, r)
        i[r, C_HAS_PATH] = 0                                                    # resetNodeAndStop
    i[r, C_LAST_ACTIVE] = now_ms


@njit(inline=True)
def continue_following_path(f: np.ndarray, i: np.ndarray, r: int, nodes: np.ndarray, start: int, length: int,
                            path_y: int, now_ms: int, ahead: bool, centre: bool, between: bool,
                            zero_below: float, skip_to: int, reach_double: bool) -> None:
    """`EntityNavigation.continueFollowingPath` (`getPos`: x, `path_y`, z): the node is reached within
    `nodeReachProximity` horizontally of its centre (width / 2F for a mob wider than 0.75F, else 0.75F − width / 2F;
    N1) and less than 1 vertically, or skipped where its type allows (`method_29244`) and
    `shouldJumpToNextNode` (from 1.16, `ahead`: features.path_node_passed_ahead; before, only a node within
    reach is passed); in 1.14 the node `skip_to` where it is not behind (`direct_line.skip_target`; −1: none);
    then `checkTimeouts` (`centre`). 1.13.2 (`reach_double` off) casts each horizontal distance to float."""
    hx, hy, hz = float(f[r, F_POS]), float(path_y), float(f[r, F_POS + 2])   # Python floats in the plain form
    w = f[r, C_WIDTH]
    proximity = float_cast(w / NODE_REACH_HALF) if w > NODE_REACH_WIDE else \
        float_cast(NODE_REACH_WIDE - float_cast(w / NODE_REACH_HALF))
    f[r, C_PROXIMITY] = proximity
    index = i[r, C_INDEX]
    k = start + index
    # 1.16.5 measures from the block's centre, x + 0.5 (Forge's MC-94054 fix uses (width + 1) / 2)
    dx = abs(f[r, F_POS] - (nodes[k, 0] + 0.5))
    dy = abs(f[r, F_POS + 1] - float(nodes[k, 1]))
    dz = abs(f[r, F_POS + 2] - (nodes[k, 2] + 0.5))
    if not reach_double:                                                        # 1.13.2 PathNavigate.pathFollow
        dx, dz = float_cast(dx), float_cast(dz)
    if (dx < proximity and dz < proximity and dy < NODE_REACH_MAX_DY) or \
            (ahead and nodes[k, SHORTCUT] != 0 and
             should_jump_to_next_node(nodes, start, length, index, hx, hy, hz, between, zero_below)):
        i[r, C_INDEX] = index + 1                                               # Path.next
    if skip_to >= i[r, C_INDEX]:
        i[r, C_INDEX] = skip_to                                                 # 1.14: setCurrentNodeIndex
    check_timeouts(f, i, r, nodes, start, length, hx, hy, hz, now_ms, centre)


@njit(inline=True)
def follow_path(f: np.ndarray, i: np.ndarray, r: int, nodes: np.ndarray, start: int, length: int, valid: bool,
                path_y: int, now_ms: int, ahead: bool, centre: bool, between: bool, zero_below: float,
                skip_to: int, reach_double: bool) -> tuple:
    """`EntityNavigation.tick` after `recalculatePath`, of the path whose `length` nodes begin at pool row `start`
    (`valid`: `isAtValidPosition`; `path_y`: `getPathfindingY`): where not idle, `continueFollowingPath` at a valid
    position, else the node passed when the mob is above it in its column, not on the ground. Then, where still
    not idle: (True, the node's position) for `MoveControl.moveTo` (`move_to_node`); else (False, 0, 0, 0)."""
    if is_idle(i, r, length):
        return False, 0.0, 0.0, 0.0
    if valid:
        continue_following_path(f, i, r, nodes, start, length, path_y, now_ms, ahead, centre, between, zero_below,
                                skip_to, reach_double)
    else:
        vx, vy, vz = node_position(f, r, nodes, start + i[r, C_INDEX])
        if float(path_y) > vy and not i[r, I_FLAGS] & ON_GROUND and jfloor(f[r, F_POS]) == jfloor(vx) and \
                jfloor(f[r, F_POS + 2]) == jfloor(vz):
            i[r, C_INDEX] += 1                                                  # Path.next
    if is_idle(i, r, length):
        return False, 0.0, 0.0, 0.0
    vx, vy, vz = node_position(f, r, nodes, start + i[r, C_INDEX])
    return True, vx, vy, vz


@njit(inline=True)
def start_moving_along(f: np.ndarray, i: np.ndarray, r: int, speed: float, path_y: int) -> None:
    """The end of `EntityNavigation.startMovingAlong` with a path to follow: the speed, and the stuck sample taken
    (pathStartTime the tick counter, pathStartPos `getPos`: x, `path_y`, z)."""
    f[r, C_NAV_SPEED] = speed
    i[r, C_START_TIME] = i[r, C_NAV_TICKS]
    f[r, C_START], f[r, C_START + 1], f[r, C_START + 2] = f[r, F_POS], float(path_y), f[r, F_POS + 2]


@njit(inline=True)
def move_to_node(f: np.ndarray, i: np.ndarray, r: int, x: float, y: float, z: float, below_air: bool,
                 feet_y: float) -> None:
    """`EntityNavigation.tick`'s `MoveControl.moveTo` of the node position (x, y, z) at the navigation's speed: y
    where the block below the position's cell is air (`below_air`), else `LandPathNodeMaker.getFeetY` of the cell
    (`feet_y`)."""
    move_to(f, i, r, x, y if below_air else feet_y, z, f[r, C_NAV_SPEED])
