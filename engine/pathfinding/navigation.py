"""`MobNavigation` (Mojang `GroundPathNavigation`) over `EntityNavigation`: finding a path with its range and
cached region (spec 07 §4), following it (§7.1): node-reached tolerances, shortcuts, stuck and timeout checks,
recomputation when blocks change, and the hand-off to `MoveControl`. What following reads and writes lives in the
mob's row (the fields below are views of its columns) and is done by the stage kernels of
`engine.pathfinding.follow_kernel`, run here as plain Python and compiled in the mob tick (engine.living.mob_kernel).
"""

from __future__ import annotations

import weakref
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    MS_PER_TICK,
    NODE_BUDGET_PER_RANGE,
    PATH_RECOMPUTE_INTERVAL,
    PATH_REGION_MARGIN,
    PATH_Y_MAX_WATER_STEPS,
)
from engine.core.trace import segment
from engine.core.versions import DEFAULT_VERSION, Features, features_for, refusal
from engine.geometry.box import ZERO, BlockPos, Vec3
from engine.influences.fluids import normalize_zero_below
from engine.java.javanum import f32, to_int
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.living.attributes import FOLLOW_RANGE
from engine.pathfinding import follow_kernel as fk
from engine.pathfinding.blocks import CAULDRONS, is_solid_material, passability
from engine.pathfinding.direct_line import skip_target
from engine.pathfinding.path import Path
from engine.pathfinding.path_finder import PathNodeNavigator, SearchRecord
from engine.pathfinding.region import ChunkCache
from engine.pathfinding.walk_evaluator import LandPathNodeMaker, get_feet_y, get_feet_y_1_12
from engine.world.blocks import state_by_id
from engine.world.dimensions import bottom_y, top_y
from engine.world.world import EFFECT

if TYPE_CHECKING:
    from engine.core.trace import Recorder
    from engine.living.mob import MobEntity
    from engine.world.world import World

_IN_PLACE: weakref.WeakKeyDictionary[MobNavigation, tuple[tuple, bool]] = weakref.WeakKeyDictionary()
_follow_path, _move_to_node, _reset_node, _start_moving_along = (
    plain(fk.follow_path), plain(fk.move_to_node), plain(fk.reset_node), plain(fk.start_moving_along))


def _column(name: str) -> property:
    """A navigation field as its mob's row column `name` (engine.entities.rows, `MOB_FLOATS`, `MOB_INTS`)."""
    return property(lambda self: getattr(self.entity, name), lambda self, v: setattr(self.entity, name, v))


def _vec_columns(names: tuple[str, str, str], kind: type) -> property:
    """A navigation field held as three row columns (a `Vec3`, a block position)."""
    def get(self: MobNavigation) -> Any:
        e = self.entity
        return kind(tuple(getattr(e, name) for name in names))

    def set_(self: MobNavigation, v: Any) -> None:
        for name, c in zip(names, v, strict=True):
            setattr(self.entity, name, c)
    return property(get, set_)


class Search:
    """One run of the path finder, kept until the mob's tick reports it (the `path` event)."""

    def __init__(self, target: BlockPos, path: Path | None, visited: int, record: SearchRecord | None,
                 reason: str | None = None) -> None:
        self.target, self.path, self.visited, self.record = target, path, visited, record
        self.reason = reason          # why the search could not start (no path, nothing visited)

    def event(self, entity_id: int) -> dict[str, Any]:
        nodes = [] if self.path is None else [list(n.pos) for n in self.path.nodes]
        event = {"kind": "path", "entity": entity_id, "target": list(self.target), "nodes": nodes,
                 "reached": self.path is not None and self.path.reaches_target, "visited": self.visited,
                 "dist_to_target": None if self.path is None else self.path.manhattan_distance_from_target}
        if self.reason is not None:
            event["reason"] = self.reason
        return event


class MobNavigation:
    """`MobNavigation`: a `LandPathNodeMaker` that enters open doors; closed wooden doors only for mobs that
    open them (villagers). The fields following reads and writes are views of the mob's row; the current path is
    the `Path` object and, in the row, whether there is one and its current node index (`Path.current_node_index`
    is brought up to date when `current_path` is read)."""

    tick_count = _column("nav_ticks")
    speed = _column("nav_speed")
    path_start_time = _column("path_start_time")
    path_start_pos = _vec_columns(("path_start_x", "path_start_y", "path_start_z"), lambda v: Vec3(*v))
    last_node_position = _vec_columns(("last_node_x", "last_node_y", "last_node_z"), tuple)
    current_node_ms = _column("node_ms")
    last_active_tick_ms = _column("last_active_ms")
    current_node_timeout = _column("node_timeout")
    node_reach_proximity = _column("reach_proximity")
    ROW_FIELDS = ("tick_count", "speed", "path_start_time", "path_start_pos", "last_node_position", "current_node_ms",
                  "last_active_tick_ms", "current_node_timeout", "node_reach_proximity")

    def __init__(self, entity: MobEntity, can_open_doors: bool = False, can_swim: bool = False) -> None:
        self.entity = entity
        self.maker = LandPathNodeMaker()
        self.maker.can_enter_open_doors = True
        self.maker.can_open_doors = can_open_doors
        self.maker.can_swim = can_swim
        # EntityNavigation(): the node budget is read once, from the follow range at creation (spec 07 §5, N4)
        self.path_node_navigator = PathNodeNavigator(
            self.maker, floor(entity.attributes.get_value(FOLLOW_RANGE) * NODE_BUDGET_PER_RANGE))
        self._path: Path | None = None
        self.current_path = None
        self.speed = 0.0
        self.tick_count = 0
        self.path_start_time = 0
        self.path_start_pos = ZERO
        self.last_node_position: BlockPos = (0, 0, 0)   # Vec3i.ZERO
        self.current_node_ms = 0
        self.last_active_tick_ms = 0
        self.current_node_timeout = 0.0
        self.node_reach_proximity = f32(0.5)
        self.should_recalculate = False
        self.last_recalculate_time = 0
        self.current_target: BlockPos | None = None
        self.current_distance = 0
        self.range_multiplier = f32(1.0)
        self.in_recorded_tick = False                # the mob's tick is traced: searches keep their record
        self.features = features_for(DEFAULT_VERSION)   # the release whose rules the searches follow (use_release)
        self.searches: list[Search] = []             # searches not yet reported in a `path` event

    def copy_for(self, entity: MobEntity) -> MobNavigation:
        """An independent copy for a cloned mob (snapshots): its own node maker and path finder, and its own copy
        of the path being followed (whose index advances); the row fields as the clone's row holds them."""
        c = MobNavigation(entity, self.maker.can_open_doors, self.maker.can_swim)
        for name, value in self.__dict__.items():
            if name not in ("entity", "maker", "path_node_navigator", "_path"):
                setattr(c, name, value)
        for name in self.ROW_FIELDS:
            setattr(c, name, getattr(self, name))
        path = self.current_path
        c.current_path = None if path is None else path.copy()
        c.searches = list(self.searches)
        return c

    @property
    def current_path(self) -> Path | None:
        """`EntityNavigation.currentPath`: the `Path` where the row says there is one (its index from the row)."""
        e = self.entity
        if not e.has_path:
            return None
        path = self._path
        path.current_node_index = e.path_index
        return path

    def path_followed(self) -> Path:
        """The current path as the mob loop reads it, where the row says there is one (its nodes; the index stays
        in the row)."""
        return self._path

    @current_path.setter
    def current_path(self, path: Path | None) -> None:
        e = self.entity
        self._path = path
        fk.PATH_NODES.changes += 1
        e.has_path = path is not None
        e.path_index = 0 if path is None else path.current_node_index

    def use_release(self, features: Features) -> None:
        """Search as `features`' release does (`MobEntity.constructed`), swimming where the mob's species does in
        it (`MobEntity.can_swim`: its constructor's or its swim goal's `setCanSwim`)."""
        self.features = features
        self.maker.can_swim = self.entity.can_swim(features)

    def get_max_follow_range(self) -> float:
        """The range a search uses: the follow range (float); from 1.21.2 (`path_max_follow_range`,
        `EntityNavigation.getMaxFollowRange`) at least the navigation's `maxFollowRange` (16, a villager's 48)."""
        follow_range = f32(self.entity.attributes.get_value(FOLLOW_RANGE))
        if self.features.path_max_follow_range:
            follow_range = max(follow_range, self.entity.MAX_FOLLOW_RANGE)
        return follow_range

    def update_range(self) -> None:
        """`EntityNavigation.updateRange` (1.21.2): the node budget floor(max follow range × 16F)."""
        self.path_node_navigator.range = self.node_budget()

    def node_budget(self) -> int:
        """What `update_range` sets the node budget to."""
        return floor(f32(self.get_max_follow_range() * NODE_BUDGET_PER_RANGE))

    def range_due(self) -> bool:
        """From 1.21.2 (`path_max_follow_range`): whether `update_range`, at the end of the mob's tick, would change
        the node budget (a follow range below `maxFollowRange`, in the first tick or after a change; the compiled
        mob loop, which does not update it, hands such a mob to the object path)."""
        return self.features.path_max_follow_range and self.path_node_navigator.range != self.node_budget()

    def refuse_moving_blocks(self, view: ChunkCache) -> None:
        """From 1.20.5 the node types of a search come from the world's `PathNodeTypeCache`, which only
        `ServerWorld.updateListeners` invalidates: a piston places its moving blocks without NOTIFY_LISTENERS, so
        a cell a moving block passes through keeps the type a search gave it before (the engine reads the world as
        it is). A search whose region holds a moving block stops in one line."""
        world = view.world
        for x, y, z in world.block_entities.by_pos:
            if view.min_cx <= x >> 4 <= view.max_cx and view.min_cz <= z >> 4 <= view.max_cz and \
                    world.get_block_state(x, y, z).block == "moving_piston":
                raise refusal(self.features, "path_finding", f"entity {self.entity.id}, a moving block at "
                              f"{x} {y} {z}", "the world's PathNodeTypeCache (1.20.5) keeps a cell's node type "
                              "while a piston moves a block through it (no NOTIFY_LISTENERS): not simulated")

    def refuse_powder_snow(self, world: World, lo: BlockPos, hi: BlockPos) -> None:
        """Powder snow (1.17) has node types of its own (`PathNodeType.POWDER_SNOW`, `DANGER_POWDER_SNOW`) that the
        walk evaluator does not model: a search whose region holds it stops in one line."""
        if not world.region_has(EFFECT, *lo, *hi):
            return
        for key in world.filled_sections_in(*lo, *hi):
            if any(state_by_id(sid).block == "powder_snow" for sid in np.unique(world.section(key)).tolist()):
                raise refusal(self.features, "path_finding", f"entity {self.entity.id}, powder snow in the chunk "
                              f"section {list(key)}", "powder snow's node types (PathNodeType.POWDER_SNOW, "
                              "DANGER_POWDER_SNOW) are not modelled")

    # --- finding ---
    def find_path_to(self, world: World, pos: BlockPos, distance: int) -> Path | None:
        """`MobNavigation.findPathTo(BlockPos, int)`: `findPathToAny` of the target `ground_target` moves it to."""
        return self.find_path_to_any(world, [self.ground_target(world, pos)], PATH_REGION_MARGIN, distance)

    def ground_target(self, world: World, pos: BlockPos) -> BlockPos:
        """Where `MobNavigation.findPathTo(BlockPos, int)` searches for `pos`: a target in the air moves down onto
        the ground (the scan down stops above the world's bottom row, from 1.21.7 at it,
        `path_target_down_to_bottom`; over air all the way, up to the first block above: from the bottom block up to
        1.21.1, from the block above the target from 1.21.2, `path_target_up_from_target`); a target inside a solid
        block moves up out of it."""
        x, y, z = pos
        bottom, top = bottom_y(world.dimension, self.features), top_y(world.dimension, self.features)
        if world.get_block_state(x, y, z).is_air:
            lowest = bottom if self.features.path_target_down_to_bottom else bottom + 1   # the last row scanned
            y -= 1
            while y >= lowest and world.get_block_state(x, y, z).is_air:
                y -= 1
            if y >= lowest:
                return (x, y + 1, z)
            if self.features.path_target_up_from_target:
                y = pos[1] + 1   # 1.21.2: up from the block above the target, not from the bottom block
            while y < top and world.get_block_state(x, y, z).is_air:
                y += 1
        if not is_solid_material(world.get_block_state(x, y, z)):
            return (x, y, z)
        y += 1
        while y < top and is_solid_material(world.get_block_state(x, y, z)):
            y += 1
        return (x, y, z)

    def asks_again_in_place(self, world: World, pos: BlockPos) -> bool:
        """Whether `start_moving_to(pos)` would keep the path followed and change only the speed and the stuck
        sample (`follow_kernel.start_moving_along`), given a valid position above the world's bottom and a path not
        finished, which the caller tests: `findPathToAny` returns the current path, its target `pos`'s ground
        target, and `adjustPath` finds no node in a cauldron. Kept for the blocks as they are
        (`World.block_version`) and the path held."""
        path = self._path
        key = (pos, world.block_version, id(path), self.current_target)
        held = _IN_PLACE.get(self)
        if held is None or held[0] != key:
            held = _IN_PLACE[self] = (key, self.current_target == self.ground_target(world, pos) and not any(
                world.get_block_state(n.x, n.y, n.z).block in CAULDRONS for n in path.nodes))
        return held[1]

    def find_path_to_any(self, world: World, positions: list[BlockPos], region_margin: int,
                         distance: int) -> Path | None:
        """`EntityNavigation.findPathToAny` (spec 07 §4 steps 1-5): the search space is the chunks of a cube of
        half-side (int)(followRange + 8) around the feet block. The node maker follows the release's rules."""
        e = self.entity
        if not positions:
            return None
        bottom = bottom_y(world.dimension, self.features)
        if e.pos.y < bottom or not self.is_at_valid_position():
            # vanilla returns null silently; the trace says why no search ran
            reason = f"below y = {bottom}" if e.pos.y < bottom else \
                "not at a valid position (isAtValidPosition: not on the ground, in water or lava, or riding)"
            self.searches.append(Search(positions[0], None, 0, None, reason))
            return None
        if self.current_path is not None and not self.current_path.is_finished() and \
                self.current_target in positions:
            return self.current_path
        follow_range = self.get_max_follow_range()
        bx, by, bz = e.block_pos()
        i = to_int(f32(follow_range + region_margin))   # (int)(f + range): a NaN follow range gives 0
        view = ChunkCache(world, (bx - i, by - i, bz - i), (bx + i, by + i, bz + i))
        if self.features.path_neighbors_by_type:
            self.refuse_moving_blocks(view)
        self.refuse_powder_snow(world, (bx - i, by - i, bz - i), (bx + i, by + i, bz + i))
        self.follow_rules(bottom)
        finder = self.path_node_navigator
        if not self.features.path_target_set:   # 1.14.3 EntityNavigation.findPathTo: the target kept first
            self.current_target, self.current_distance = positions[0], distance
        record = SearchRecord() if self.in_recorded_tick else None
        path = finder.find_path_to_any(view, e, positions, follow_range, distance, self.range_multiplier, record)
        self.searches.append(Search(positions[0], path, finder.last_visited, record))
        if self.features.path_target_set and path is not None and path.target is not None:
            self.current_target = path.target
            self.current_distance = distance
            if self.features.path_timeout_bottom_centre:   # method_26085 (1.16)
                self.reset_node()
        return path

    def follow_rules(self, bottom: int) -> None:
        """Give the path finder and the node maker the release's rules (`bottom`: the world's bottom row)."""
        finder = self.path_node_navigator
        finder.target_set = self.features.path_target_set
        finder.h_distance_only = self.features.path_heuristic_distance_only
        finder.range_from_start = self.features.path_range_from_start
        finder.euclid = self.features.path_euclid_search
        finder.budget_by_range = self.features.path_budget_by_range
        self.maker.step_box_from_feet = self.features.path_step_box_from_feet
        self.maker.passability = passability(self.features)
        self.maker.floor_by_collision = self.features.path_floor_by_collision
        finder.range_on_expanded = self.features.path_range_on_expanded
        self.maker.diagonal_sides_checked = self.features.path_diagonal_sides_checked
        self.maker.fall_blocked_node = self.features.path_fall_blocked_node
        self.maker.box_entities = self.features.path_box_entities
        self.maker.diagonal_lower_sides = self.features.path_diagonal_lower_sides
        self.maker.start_waterlogged = self.features.path_start_through_waterlogged
        self.maker.cocoa_type = self.features.path_cocoa_type
        self.maker.neighbors_cube = self.features.path_neighbors_cube
        self.maker.start_in_order = self.features.path_start_corners_in_order
        self.maker.from_negative = self.features.path_from_negative_node
        self.maker.fence_nodes = self.features.path_fence_nodes
        self.maker.fire_blocks = self.features.path_fire_blocks
        self.maker.fluids_after_pathable = self.features.path_fluids_after_pathable
        self.maker.first_danger = self.features.path_neighbors_first_danger
        self.maker.open_box_test = self.features.path_open_box_test
        self.maker.walkable_door = self.features.path_walkable_door
        self.maker.open_narrow_only = self.features.path_open_narrow_only
        self.maker.lava_fiery = self.features.path_lava_fiery
        self.maker.fluids_first = self.features.path_fluids_first
        self.maker.water_last = self.features.path_water_after_blocks
        self.maker.bottom_y = bottom
        self.maker.vec_double = self.features.vec_double
        self.maker.blocked_doors = self.features.path_blocked_doors
        self.maker.sweep_min_corner = self.features.path_sweep_min_corner
        self.maker.start_skips_open = self.features.path_start_skips_open
        self.maker.swimmer_feet_mid_water = self.features.path_swimmer_feet_mid_water
        self.maker.closed_node_if_none = self.features.path_closed_node_if_none
        self.maker.leaves_kept = self.features.path_leaves_kept
        self.maker.cactus_other = self.features.path_cactus_damage_other
        self.maker.cautious = self.features.path_damage_cautious
        self.maker.trapdoor_danger = self.features.path_danger_trapdoor
        self.maker.by_direction = self.features.path_successors_by_direction
        self.maker.neighbors_by_type = self.features.path_neighbors_by_type

    def start_moving_to(self, world: World, x: float, y: float, z: float, speed: float) -> bool:
        """`EntityNavigation.startMovingTo(x, y, z, speed)`: a path with reach distance 1 (spec 07 §7.1)."""
        return self.start_moving_along(world, self.find_path_to(world, (floor(x), floor(y), floor(z)), 1), speed)

    def start_moving_along(self, world: World, path: Path | None, speed: float) -> bool:
        """`EntityNavigation.startMovingAlong`: a different path replaces the current one; then `adjustPath`."""
        if path is None:
            self.current_path = None
            return False
        if not path.equals_path(self.current_path):
            self.current_path = path
        if self.is_idle():
            return False
        self.adjust_path(world)
        if self.current_path.length <= 0:
            return False
        e = self.entity
        _start_moving_along(e._t.f, e._t.i, e._r, speed, self.get_path_y(world))
        return True

    def adjust_path(self, world: World) -> None:
        """`EntityNavigation.adjustPath`: a node in a cauldron (1.17: any of BlockTags.CAULDRONS) moves up one,
        and so does (at the node's height) the node after it when not higher: from 1.16.2
        (`path_cauldron_copies_node`) as a copy of the cauldron's node, before as a copy of itself (the type the
        shortcut test reads). `MobNavigation`'s sun avoidance (skeletons) needs sky light, which the engine does
        not model; the mobs here do not avoid the sun."""
        path = self.current_path
        for i in range(path.length):
            node = path.get_node(i)
            following = path.get_node(i + 1) if i + 1 < path.length else None
            if world.get_block_state(node.x, node.y, node.z).block in CAULDRONS:
                path.set_node(i, node.copy_with_new_position(node.x, node.y + 1, node.z))
                if following is not None and node.y >= following.y:
                    copied = node if self.features.path_cauldron_copies_node else following
                    path.set_node(i + 1, copied.copy_with_new_position(following.x, node.y + 1, following.z))
                fk.PATH_NODES.forget(path)

    # --- following ---
    def navigation_stage(self, world: World, rec: Recorder | None) -> None:
        """The navigation stage: `tick`, then with `rec` (tracing on) the path still to walk, recorded after it
        (`draw_current_path`); recording reads the path and changes nothing."""
        self.tick(world)
        if rec is not None and not self.is_idle():
            self.draw_current_path(rec)

    def draw_current_path(self, rec: Recorder) -> None:
        """The rest of the current path as `path_current` segments, one per node pair from the node last passed
        (at the nodes' bottom centres, as `path_segment`), so the path stays drawn while the mob follows it."""
        path = self.current_path
        start = max(path.current_node_index - 1, 0)
        nodes = [path.get_node(i) for i in range(start, path.length)]
        for i, (a, b) in enumerate(pairwise(nodes)):
            rec.geometry(segment("path_current", (a.x + 0.5, a.y, a.z + 0.5), (b.x + 0.5, b.y, b.z + 0.5),
                                 node=start + i + 1))

    def tick(self, world: World) -> None:
        """`EntityNavigation.tick` (spec 07 §7.1 steps 1-5): the tick counter, `recalculatePath` where asked, then
        the stage kernels (`follow_kernel.follow_path`, `move_to_node`) with what they read of the world: the
        position's validity and path height, and the block below the node's cell."""
        self.tick_count += 1
        if self.should_recalculate:
            self.recalculate_path(world)
        path = self.current_path
        if path is None:
            return
        e = self.entity
        f, i, r = e._t.f, e._t.i, e._r
        start = fk.PATH_NODES.block(path)   # first: writing the nodes may grow the pool
        valid, path_y = self.is_at_valid_position(), self.get_path_y(world)
        skip_to = -1 if self.features.path_no_direct_skip or not valid or path.is_finished() else \
            self.direct_skip_target(world, path, path_y)
        moves, x, y, z = _follow_path(f, i, r, fk.PATH_NODES.nodes, start, path.length, valid, path_y,
                                      world.game_time * MS_PER_TICK, self.features.path_node_passed_ahead,
                                      self.features.path_timeout_bottom_centre,
                                      self.features.path_shortcut_between_nodes, normalize_zero_below(self.features),
                                      skip_to, self.features.path_reach_in_double)
        if moves:
            bx, by, bz = floor(x), floor(y), floor(z)
            view = ChunkCache.of_world(world)
            if self.features.path_floor_by_collision:
                below_air = world.get_block_state(bx, by - 1, bz).is_air
                _move_to_node(f, i, r, x, y, z, below_air, 0.0 if below_air else get_feet_y(view, bx, by, bz))
            else:   # 1.12.2 PathNavigate.onUpdateNavigation: the bounding box of the block below, air's a full cube
                _move_to_node(f, i, r, x, y, z, False, get_feet_y_1_12(view, bx, by, bz))

    def direct_skip_target(self, world: World, path: Path, path_y: int) -> int:
        """1.14's direct-line skip (`direct_line.skip_target`), the node maker reading the world for the mob."""
        e = self.entity
        self.follow_rules(bottom_y(world.dimension, self.features))
        self.maker.init(ChunkCache.of_world(world), e)
        try:
            return skip_target(self.maker, self.maker.view, path, path.current_node_index,
                               Vec3(e.pos.x, float(path_y), e.pos.z), e.width, e.height,
                               world.game_time if self.features.path_direct_skip_every_5 else None)
        finally:
            self.maker.clear()

    def reset_node(self) -> None:
        """`EntityNavigation.resetNode` (`follow_kernel.reset_node`)."""
        e = self.entity
        _reset_node(e._t.f, e._t.i, e._r)

    def recalculate_path(self, world: World) -> None:
        """`EntityNavigation.recalculatePath`: at most once in 20 ticks; otherwise on the next tick that may."""
        if world.game_time - self.last_recalculate_time > PATH_RECOMPUTE_INTERVAL:
            if self.current_target is not None:
                self.current_path = None
                self.current_path = self.find_path_to(world, self.current_target, self.current_distance)
                self.last_recalculate_time = world.game_time
                self.should_recalculate = False
        else:
            self.should_recalculate = True

    def on_block_changed(self, world: World, pos: BlockPos) -> None:
        """`EntityNavigation.onBlockChanged` (from `ServerWorld.updateListeners` when a collision shape changes):
        recompute if the block is nearer the midpoint of mob and path end than the nodes left."""
        path = self.current_path
        if path is None or path.is_finished() or path.length == 0:
            return
        end, p = path.get_end(), self.entity.pos
        mx, my, mz = (end.x + p.x) / 2.0, (end.y + p.y) / 2.0, (end.z + p.z) / 2.0
        left = float(path.length - path.current_node_index)
        if Vec3(pos[0] + 0.5 - mx, pos[1] + 0.5 - my, pos[2] + 0.5 - mz).length_squared() < left * left:
            self.recalculate_path(world)

    # --- state ---
    def get_path_y(self, world: World) -> int:
        """`MobNavigation.getPathY`: a swimming mob's water surface (at most 16 up), else floor(y + 0.5)."""
        e = self.entity
        if e.touching_water and self.maker.can_swim:
            x, z = floor(e.pos.x), floor(e.pos.z)
            i = floor(e.pos.y)
            for _ in range(PATH_Y_MAX_WATER_STEPS + 1):
                if world.get_block_state(x, i, z).block != "water":
                    return i
                i += 1
            return floor(e.pos.y)
        return floor(e.pos.y + 0.5)

    def is_at_valid_position(self) -> bool:
        """`MobNavigation.isAtValidPosition`: on the ground, in a liquid, or riding."""
        e = self.entity
        return e.on_ground or e.touching_water or e.is_in_lava() or e.vehicle is not None

    def is_idle(self) -> bool:
        return self.current_path is None or self.current_path.is_finished()

    def stop(self) -> None:
        self.current_path = None
