"""`MobEntity` (spec 05 §4, spec 07 §7): a living entity with AI, unless `no_ai`.

Its `tickNewAi` runs in vanilla's order: the goals (the species' swim goal, engine.living.goals, and the scene's
`move_to` / `path_to`), navigation, the species' `mobTick` (a 1.14+ villager's brain, engine.living.brain_tasks),
`MoveControl`, then `JumpControl` (`LookControl` and `BodyControl` turn only head and body). Attribute values are
the species' base values in the attribute container."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from engine.constants import (
    MOB_FOLLOW_RANGE,
    MS_PER_TICK,
    NAVIGATION_MAX_FOLLOW_RANGE,
    PATH_GOAL_RETRY_INTERVAL,
    PATH_MAX_FALL,
)
from engine.core.edits import edits
from engine.core.trace import StageInfo, cell, label, run_stage, segment
from engine.core.versions import Features, features_for
from engine.entities.neighbours import may_meet, neighbour_boxes
from engine.entities.rows import (
    HANDED,
    I_EXTRA,
    LIVING_FLAGS,
    LIVING_FLOATS,
    LIVING_INTS,
    MOB_FLOATS,
    MOB_INTS,
    NF,
    OBJECT_PATH,
    RowBacked,
    RowBatch,
    RowTable,
    extra_flag,
    extra_float,
    extra_int,
)
from engine.entities.tnt import Tnt
from engine.entities.tnt_kernel import version_bits
from engine.geometry.box import ZERO, BlockPos, Vec3
from engine.influences.fluids import normalize_zero_below
from engine.influences.leash import update_leash
from engine.java.mathhelper import floor
from engine.living import mob_kernel as kernel
from engine.living.attributes import FOLLOW_RANGE, MOVEMENT_SPEED, TICK_ATTRIBUTES, held_in
from engine.living.controls import JumpControl, MoveControl, State
from engine.living.goals import tick_goal_selector
from engine.living.living_entity import LivingEntity
from engine.living.player_kernel import SINE
from engine.living.travel_kernel import living_bits
from engine.motion.collision_kernel import block_arrays
from engine.pathfinding.follow_kernel import PATH_NODES
from engine.pathfinding.navigation import MobNavigation
from engine.pathfinding.node_types import PathNodeType
from engine.world.blocks import BlockState
from engine.world.dimensions import bottom_y, void_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.entities.entity import Entity
    from engine.pathfinding.navigation import Search
    from engine.world.world import World

NEW_AI = StageInfo("new_ai", "MobEntity.tickNewAi")
GOALS = StageInfo("goals", "GoalSelector.tick")
NAVIGATION = StageInfo("navigation", "EntityNavigation.tick")
PATH_SEARCH = StageInfo("path_search", "PathNodeNavigator.findPathToAny")
MOB_TICK = StageInfo("mob_tick", "MobEntity.mobTick")
MOVE_CONTROL = StageInfo("move_control", "MoveControl.tick")
JUMP_CONTROL = StageInfo("jump_control", "JumpControl.tick")
# the living columns at the players' offsets (engine.living.player_kernel's column numbers hold), then the mobs'
MOB_ROWS = RowTable(extra_ints=LIVING_INTS + LIVING_FLAGS + MOB_INTS, extra_floats=LIVING_FLOATS + MOB_FLOATS)
_KERNEL_FEATURES = features_for("1.16.5")   # what the mob kernels decide (engine.living.mob_kernel), and
# the flags of the later releases where they differ from its own: those the loop reads (`MobBatch.release`: the
# move's `tnt_kernel.version_bits`, the push's root and pushable check, the shortcut between nodes; from 1.20 the
# supporting block, under which the jump and the travel read the velocity-affecting cell,
# `travel_kernel.velocity_affecting_state`) ...
# 1.21's step-up by the shapes' heights (`step_up_heights`, in the move's bits); 1.20.5's and 1.21's attributes
# (`living_attributes`, `living_attributes_1_21`: gravity, step height, jump strength, safe fall, fall damage, scale,
# movement efficiencies), which at their defaults give 1.16.5's numbers: a mob with one set otherwise takes the
# object path (`_speed`, `attributes.TICK_ATTRIBUTES`); 1.21.2's tick: the move's small uncollided moves and
# tick-time block walk (`tick_block_collision`: the move hands back a mob whose path meets a block with an effect,
# `tnt_kernel.effect_near_path`, and a mob that does not move one with such a block at rest,
# `mob_kernel.acts_at_rest`), the jump keeping a faster rise (`travel_kernel.living_bits`, as the players'),
# `Vec3d.normalize`'s threshold (`release`), the navigation's node budget (`path_max_follow_range`: a mob whose
# budget `updateRange` would change takes the object path, `MobNavigation.range_due`) and the `path_to` goal's
# ground target (`path_target_up_from_target`, 1.21.7's `path_target_down_to_bottom`: `_path_entry` asks the
# object path's `ground_target`); 1.21.5's double fall distance (the move's), input damped before the AI
# (`apply_input_before_ai`), 1.21.9's capped fall-reset ray (the move's), 1.21.11's sine index in double ...
LOOP_FLAGS = frozenset({"move_sets_position", "vec_double", "move_zeroes_both_axes", "move_fall_reset_raycast",
                        "fall_distance_float_step", "block_collision_deflate_1e7", "supporting_block",
                        "push_away_double_sqrt", "push_away_checks_pushable", "path_shortcut_between_nodes",
                        "step_up_heights", "living_attributes", "living_attributes_1_21", "move_small_uncollided",
                        "tick_block_collision", "jump_keeps_faster_rise", "normalize_zero_below_1e5",
                        "path_max_follow_range", "path_target_up_from_target", "path_target_down_to_bottom",
                        "fall_distance_double", "apply_input_before_ai", "fall_reset_ray_capped",
                        "sine_index_double"})
# ... and those a ticked mob's compiled tick never reads: other kinds' ticks and blocks' (explosions, items, XP
# orbs, boats, minecarts, shulkers, fireworks, falling blocks, redstone, the scheduler), what the loop hands back or
# leaves to the object path before it (effects, riding and dismounting, sprinting, sneaking, swimming, gliding, a
# removed mob, a landing that hurts, a path search and its nodes, block-entity shapes), flying kinds, pigs (no
# batch), and the world's height (the loop's bottom and void come from the release); of 1.20.5 and 1.21: the
# projectiles', boats', items', dispensers', fireballs' and explosions' flags, the eyes' submersion (the loop hands
# back any fluid in the box, which holds the eyes), riders' attachment points, the sprint jump's kick and the
# sneaking probe (a mob neither sprints nor sneaks), and the path search's successors and neighbours (a search
# takes the object path); of 1.21.2 to 1.21.11: the other kinds' ticks (projectiles, XP orbs, boats, minecarts,
# fireballs, wind charges, explosions, falling blocks, bobbers, lightning rods, redstone), the players' client
# (`should_stop_sprinting`, `player_move_vector`, `sprint_forward_impulse`, `player_motion_cut_squared`: players
# only), gliding and the gliding pose (a glider is handed back), Slow Falling's gravity after the move (an effect
# hands back), fire's 1.21.2 ticks (a mob near fire is handed back: fire acts on entities), the dismount (riding
# hands back), the landing of a NoAI mob moved by another (`land_on_logical_side`: a NoAI mob does not move in the
# loop), MoveControl's jump ended in a fluid (`move_control_jump_ends_in_liquid`: a mob in the loop touches no
# fluid, the base tick hands it back), the floored fall damage (`fall_damage_floor`: a landing past the safe
# distance hands back, and neither formula hurts short of it), and 1.21.7's and 1.21.10's block walks
# (`apply_effects_from_blocks`, `block_walk_step_budget`, `bubble_column_above_no_collision`,
# `piston_move_unstuck`: as 1.21.2's, a mob whose walk meets a block with an effect is handed back, and one with
# movements recorded since its last tick, a piston's or a shulker box's push, takes the object path, `_speed`)
UNREAD_FLAGS = frozenset({
    "explosion_double_sqrt", "exposure_double_steps", "blast_protection_linear", "knockback_double",
    "item_entity_world_random", "xp_orb_merging", "item_push_out_contracted", "fire_check_contract_1e6",
    "powder_snow_soft_landing",           # a mob whose move meets powder snow is handed back (its shape is dynamic)
    "powder_snow_climb_was_in",           # and one that was in it takes the object path (`_speed`)
    "bobber_use_checks_owner", "minecart_water_drag", "tnt_minecart_blast_primes", "boat_dismount_passenger_yaw",
    "boat_dismount_block_heights", "boat_fall_distance_float", "dismount_removed_vehicle_in_place",
    "passenger_attachment_points", "shulker_tick_1_17", "firework_hand_offset", "firework_tick_1_16",
    "firework_wall_no_speedup", "firework_ray_before_move", "falling_block_spawn_from_block",
    "comparator_compare_side_zero", "tick_scheduler_chunks", "neighbor_updater_chain", "wire_prepare_wire_only",
    "dispenser_world_random_slot", "pressure_plate_wide_box", "openable_sound_world_random",
    "item_use_sound_world_random",
    "note_block_sound_world_random", "note_block_head_instrument", "wire_runs_over_trapdoors",
    "shulker_box_always_solid", "shulker_box_sides_shape", "chorus_flower_sides_shape", "wire_breaks_off_its_floor",
    "gate_breaks_off_its_floor", "door_half_joins_any_door",
    "jump_boost_double", "swim_start_in_water_block", "sprint_soft_collision", "sprint_air_speed_float",
    "elytra_cos_double", "elytra_limit_fall_distance", "no_sprint_start_gliding", "swift_sneak",
    "sneak_edge_only_falling", "living_tick_skips_removed", "fall_damage_immune_tag", "on_landing_effects",
    "off_ground_speed_live",             # a mob's getOffGroundSpeed is its flyingSpeed, 0.02F, as the column holds
    "flying_travel_needs_ai", "flying_slipperiness_velocity_affecting", "pig_step_height_half", "random_triangular",
    "path_water_after_blocks", "path_blocked_doors", "path_sweep_min_corner", "path_start_skips_open",
    "path_swimmer_feet_mid_water", "path_closed_node_if_none", "path_leaves_kept", "path_cactus_damage_other",
    "path_damage_cautious", "path_danger_trapdoor", "world_height_1_18", "path_open_box_test", "path_walkable_door",
    "path_open_narrow_only", "path_lava_fiery", "path_fluids_first", "path_cauldron_copies_node",
    "thrown_gravity_double", "llama_spit_gravity_double", "arrow_gravity_double", "item_float_height",
    "dispenser_projectile_items", "projectile_deflection", "boat_gravity_double", "dispenser_brush_fails",
    "submerged_at_eye", "vehicle_attachment_points", "sprint_jump_kick_double", "sneak_edge_below_feet",
    "path_successors_by_direction", "path_neighbors_by_type", "fireball_acceleration_power",
    "boat_water_entry_space_check", "knockback_projectile_velocity", "explosion_knockback_resistance",
    "arrow_tick_1_21_2", "boat_fall_never_breaks", "dismount_closest_free_spot", "effective_gravity_after_move",
    "explosion_preserves_decorations", "falling_block_top_inclusive", "fire_block_1_21_2", "fireball_tick_1_21_2",
    "land_on_logical_side", "minecart_controller_1_21_2", "minecart_rider_input_push", "raycast_world_border",
    "thrown_tick_1_21_2", "tick_gliding", "wind_charge_top_inclusive", "arrow_drag_split", "arrow_in_ground_still",
    "explosion_add_velocity", "should_stop_sprinting", "xp_orb_bounce_prev_y", "arrow_in_ground_unpushed",
    "arrow_in_ground_zeroes_motion", "fall_damage_floor", "glide_ends_on_climbable",
    "move_control_jump_ends_in_liquid", "player_motion_cut_squared", "player_move_vector",
    "pose_swimming_before_gliding", "projectile_hit_margin_unread", "sneak_probe_deflated", "sprint_forward_impulse",
    "xp_orb_push_moved_box", "boat_splash_above_bubble_column", "xp_orb_tick_1_21_8", "affect_neighbors_after_removal",
    "apply_effects_from_blocks", "bobber_gravity_off_ground", "bubble_column_above_no_collision",
    "projectile_hit_margin_by_age", "xp_orb_spawn_1_21_7", "boat_boarding_by_type_tag", "bobber_hooked_interactable",
    "explosion_normalized_direction", "explosion_sets_projectile_owner",
    "arrow_left_owner_before_raycast", "block_walk_step_budget",
    "lightning_rod_place_schedules_tick", "piston_move_unstuck", "arrow_hits_many", "redirect_look_unnormalized",
    # the goal selector's (engine.living.goals): no kind with a batch has the swim goal where the loop runs
    # (1.16.2+), and a mob whose swim goal runs takes the object path (`_speed`), as does one in water or lava (the
    # base tick's); the loop ticks a running `path_to` goal that continues (every tick, as `tickGoals(false)` does
    # from 1.18) and hands back one that does not run or would stop (`mob_kernel.mob_tick`); the villager's brain
    # (engine.living.brain_tasks): its swim task runs only on the object path likewise, and the raid check's draw
    # after the loop reads `villager_swim_goal` itself (`MobBatch.tick_rows`)
    "undead_swim_goal", "swim_goal_any_depth", "villager_swim_goal", "goal_selector_every_third_tick",
    "goal_selector_alternate", "goal_selector_alternate_by_age", "stay_above_water_float_height"})
_releases: dict[Features, tuple | None] = {}   # each release's `MobBatch.release`, None where the loop does not run
_HAS_PATH, _PATH_TRYING_TIME = MOB_ROWS.extra_ints["has_path"], MOB_ROWS.extra_ints["path_trying_time"]
MOB_FLAGS = ("has_goal", "jump_active", "no_ai", "has_path_goal", "path_goal_running", "has_path",
             "swim_goal_running", "swim_task_running")   # bools


class MobBatch(RowBatch):
    """Runs of a walking mob kind in the entity phase over `MOB_ROWS` (`engine.living.mob_kernel.tick_rows`): in 1.16.2
    to 1.21.11 but 1.21.5, 1.21.6 and 1.21.9 (the flags of the release the tick reads are the loop's `release`:
    `_release`, LOOP_FLAGS), in a world that may hold any other entities. `row` takes each mob's movement-speed
    attribute value for this run of the loop and where the nodes of the path its navigation holds begin in
    `follow_kernel.PATH_NODES` (`paths`: that row, the node count, whether it has a navigation, whether its `path_to`
    goal's request would keep that path: `_path_entry`), and each call of the loop the world's mobs as `tick_cramming`
    reads them and the boxes of the other entities a mob's tick may meet (`crowd`). Before the loop (`row`), a mob takes
    the object path where its tick is traced, it rides or carries, is leashed, has an effect, is hurt or dead, has
    movements recorded since its last tick (1.21.7), its navigation has a search to report, a recalculation due
    or a node budget to update (1.21.2), or its swim goal runs: `_speed`.

    What a mob's tick reads of other entities (1.16.5 `MobEntity.tick`, `LivingEntity.tickMovement`), and how the
    loop meets it:

    - `LivingEntity.tickCramming` after the move (`getOtherEntities`, `EntityPredicates.canBePushedBy`: living
      entities alive and not climbing, boats, minecarts): other mobs on rows through the crowd grid, pushed in
      the world's order in the loop (`mob_kernel.tick_cramming`; a rider, a vehicle or a kind with its own push
      hands back); the other kinds' boxes (players, boats, minecarts, armor stands) as this call's `pushables`: a
      mob whose box meets one after its move is handed back (`player_kernel.pushable_met`).
    - The boxes of solid entities (`Entity.isCollidable`: boats, shulkers) in `Entity.move`'s sweep and step-up
      and the bank jump's test: a mob with one within reach of its box grown by its Motion is handed back before
      its tick (`player_kernel.solid_near`).
    - `MobEntity.tickMovement`'s loot pickup of items (`canPickUpLoot`), targets and their goals, and a leash
      holder's pull: of the kinds here only villagers pick up (`mobs.Villager.loot`, which stops the run; their
      batch leaves them to the object path in a world holding an item); targets are simulated on neither path;
      a leashed mob is not ready.

    TNT, items, XP orbs, projectiles and falling blocks are neither pushable nor solid: mobs beside them run the
    loop throughout. The other kinds do not move while a run of mobs ticks, so their boxes are read once a call."""

    table = MOB_ROWS
    _crowd_key: tuple[Any, ...] = ()      # what `crowd` was made from, and what it made
    _crowd: tuple[np.ndarray, np.ndarray, list[Entity]] = (np.empty(0, np.int64), np.empty(0, np.uint8), [])
    _ready_key: tuple[Any, ...] = ()      # what `rows_of` kept of a run's mobs was found in this state
    _release_of: Features | None = None   # the release `release` was read from
    # a release refusing `block_effects` (1.21.5, 1.21.6) stops near a block with an effect by section: the loop
    # hands such a mob back (`mob_kernel.mob_tick`, `TntBatch.effects_for`)
    mechanics = frozenset({"living", "entity_move", "supporting_block", "fluids", "void", "fall_distance"})

    def decides(self, world: World, features: Features) -> bool:
        if features.refused & self.mechanics:
            return False
        if features is not self._release_of:            # hashing the release's flags costs more than the run
            self._release_of, self.release = features, _release(features)
        self.world = world
        return self.release is not None

    def rows_of(self, run: list[MobEntity], traced: bool) -> np.ndarray:
        """The loop's rows of a run (−1 where `_speed` sends a mob to the object path), each mob's movement speed
        and path entry (`_path_entry`, for the mobs whose row says they follow a path). What `_speed` found is
        kept while nothing outside the rows can have changed: no edit (engine.core.edits: an object-path tick of
        a row-backed kind counts as one), no path set or given back, no block changed."""
        world = self.world
        rows = np.fromiter((e._r for e in run), np.int64, len(run))
        key = (world, edits(), PATH_NODES.changes, world.block_version, traced, run[0], len(run))
        if key != self._ready_key:
            speeds = [None if traced else _speed(e) for e in run]
            self._ready_key, self._ready = key, np.array([s is not None for s in speeds])
            self._speeds = np.array([0.0 if s is None else s for s in speeds])
            self._heights = np.array([e.height for e in run])
            self._no_paths = np.array([(-1, 0, s is not None and e.navigation is not None, False)
                                       for e, s in zip(run, speeds, strict=True)], dtype=np.int64).reshape(-1, 4)
        ints = MOB_ROWS.i[rows]
        following = np.flatnonzero(self._ready & (ints[:, _HAS_PATH] != 0)).tolist()
        due = _retry_due(ints[following, _PATH_TRYING_TIME]).tolist()
        self.mobs, self.speeds, self.paths = run, self._speeds, self._no_paths.copy()
        for n, d in zip(following, due, strict=True):
            self.paths[n] = _path_entry(run[n], world, d)
        self.path_changes = PATH_NODES.changes
        return np.where(self._ready, rows, -1)

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        if rows[start] < 0:   # no kernel call (and no compile) for a run the object path begins
            marks[start] = OBJECT_PATH
            return start, HANDED
        border = world.border_shape.coords
        edges = (border[0][1], border[2][1], border[0][2], border[2][2])
        crowd, pushables, solids = self.crowd(world)
        slip, climb, door_or_fence = kernel.block_columns()
        if self.path_changes != PATH_NODES.changes:   # a mob the object path ticked changed a path (a block it
            for n in range(start, len(rows)):        # changed made another navigation search again)
                if rows[n] >= 0:
                    e = self.mobs[n]
                    self.paths[n] = _path_entry(e, world, _retry_due(e.path_trying_time)) \
                        if e.has_path else self._no_paths[n]
            self.path_changes = PATH_NODES.changes
        stop, status = kernel.tick_rows(
            *block_arrays(world), cells, MOB_ROWS.f, MOB_ROWS.i, rows, self.speeds, self.paths, PATH_NODES.nodes,
            world.game_time * MS_PER_TICK, bottom_y(world.dimension, features), start, slip, climb, door_or_fence,
            crowd, edges, void_y(world.dimension, features), SINE, marks, saved_f, saved_i, pushables, solids,
            self.release, self._heights, Tnt.batch.effects_for(world, self.release[0]))
        if stop > start and self.mobs[start].has_mob_tick(features):   # a run is of one kind
            for e in self.mobs[start:stop]:   # the loop's ticks; each mob's Random is its own: drawn after them
                e.loop_mob_tick()
        return stop, status

    def crowd(self, world: World) -> tuple[tuple[np.ndarray, np.ndarray, int], np.ndarray, np.ndarray]:
        """What `tick_cramming` reads of the world's mobs, in its section order (what `getOtherEntities` finds):
        their rows, each one's `pushee` kind (0: not pushable, dead; 2: the object path decides its push: a rider or
        a vehicle, no-clip, a kind with its own push; 1: a mob's `pushAwayFrom`), and maxEntityCramming; then the
        boxes of the other entities a mob's tick may push or collide with (`neighbours.neighbour_boxes`: the other
        kinds that may be pushable, and every solid one), read now. Which entities are which is kept while no
        entity entered, left or changed section and no edit (engine.core.edits: health, riding, a field) was
        made; an entity spawned in this phase is in the sections, not yet in the world's list."""
        key = (world, world.section_moves, edits())
        if key != self._crowd_key:
            found = [e for e in world.sectioned_entities() if getattr(e, "_t", None) is MOB_ROWS or may_meet(e)]
            mobs = [e for e in found if getattr(e, "_t", None) is MOB_ROWS]
            self._crowd_key = key
            self._crowd = (np.fromiter((e._r for e in mobs), np.int64, len(mobs)),
                           np.fromiter((_pushee(e) for e in mobs), np.uint8, len(mobs)),
                           [e for e in found if getattr(e, "_t", None) is not MOB_ROWS or e.collidable])
        rows, pushee, others = self._crowd
        return (rows, pushee, world.max_entity_cramming), *neighbour_boxes(others)


def _release(features: Features) -> tuple | None:
    """What the loop reads of the release (`mob_kernel.tick_rows`' `release`): `tnt_kernel.version_bits` with
    `travel_kernel.living_bits`, `push_away_double_sqrt`, `push_away_checks_pushable`, `path_shortcut_between_nodes`,
    `Vec3d.normalize`'s zero threshold; None where a flag differs from 1.16.5's that is neither among LOOP_FLAGS nor
    UNREAD_FLAGS (a later release, or a version diff's flipped flag: every mob takes the object path)."""
    if features not in _releases:
        differ = {name for name in features.__dataclass_fields__ if name not in ("version", "refused")
                  and getattr(features, name) != getattr(_KERNEL_FEATURES, name)}
        _releases[features] = None if differ - LOOP_FLAGS - UNREAD_FLAGS else (
            version_bits(features) | living_bits(features), features.push_away_double_sqrt,
            features.push_away_checks_pushable, features.path_shortcut_between_nodes, normalize_zero_below(features))
    return _releases[features]


def _speed(e: MobEntity) -> float | None:
    """A mob's movement-speed attribute value (what `MoveControl.tick` multiplies), or None where its tick takes
    the object path: it rides or carries, is leashed, has an effect, is hurt or dead, has movements recorded since
    its last tick (1.21.7's block walk: a piston's or a shulker box's push), is frozen or in powder snow (its
    freezing, `LivingEntity.tick_freezing`), or its navigation has a search to
    report, a recalculation due or a node budget `updateRange` would change (1.21.2), or an attribute its tick
    reads (`TICK_ATTRIBUTES`, 1.20.5 and 1.21) is not at its default, or its swim goal runs (engine.living.goals:
    from 1.18 a running one is ticked out of water too) or its brain's swim task does (engine.living.brain_tasks:
    it stops in the tick after the villager left the water)."""
    nav = e.navigation
    if (e.vehicle is not None or e.passengers or e.leash_holder is not None or e.effects.active or e.hurt_time
            or e.time_until_regen or e.health <= 0.0 or e.movements or e.swim_goal_running or e.swim_task_running
            or e.frozen_ticks or e.in_powder_snow
            or nav is not None and (nav.searches or nav.should_recalculate or nav.range_due())
            or not e.attributes.at_defaults(TICK_ATTRIBUTES)):
        return None
    return e.attributes.get_value(MOVEMENT_SPEED)


def _retry_due(trying_time: Any) -> Any:
    """Whether the `path_to` goal's clock (a count or an array of them) reaches a multiple of 40 this tick."""
    return (trying_time + 1) % PATH_GOAL_RETRY_INTERVAL == 0


def _path_entry(e: MobEntity, world: World, due: bool) -> tuple[int, int, bool, bool]:
    """The entry of `MobBatch.paths` of a mob whose row says it follows a path: where the path's nodes begin in
    `PATH_NODES`, how many, that it has a navigation, and whether its `path_to` goal, started, would ask the
    navigation for the path it follows (`MobNavigation.asks_again_in_place`: the kernel then does what that
    changes). `due`: the goal's clock may reach a multiple of 40 this tick (only then it asks again; elsewhere the
    answer is not read)."""
    nav = e.navigation
    path = nav.path_followed()
    again = due and e.path_goal_running and e.has_path_goal \
        and nav.asks_again_in_place(world, (floor(e.path_goal_x), floor(e.path_goal_y), floor(e.path_goal_z)))
    return PATH_NODES.block(path), len(path.nodes), True, again


def _pushee(e: MobEntity) -> int:
    """How `tick_cramming` treats a mob it finds (`MobBatch.crowd`)."""
    if e.is_dead():
        return 0
    kind = type(e)
    return 2 if (e.vehicle is not None or e.passengers or e.no_clip or kind.is_pushable is not LivingEntity.is_pushable
                 or kind.push_away is not LivingEntity.push_away) else 1


class MobEntity(RowBacked, LivingEntity):
    """`MobEntity`, a handle onto its row of `MOB_ROWS` (the living columns, then the mobs': engine.entities.rows).
    Subclasses give their base attributes; `NAVIGATES` mobs build a `MobNavigation`; walking kinds whose tick is
    `MobEntity`'s own declare `batch = MobBatch()` (engine.living.mob_kernel)."""

    ROWS = MOB_ROWS
    locals().update({name: extra_float(MOB_ROWS, name) for name in LIVING_FLOATS + MOB_FLOATS})
    locals().update({name: extra_int(MOB_ROWS, name) for name in LIVING_INTS + MOB_INTS if name not in MOB_FLAGS})
    locals().update({name: extra_flag(MOB_ROWS, name) for name in LIVING_FLAGS + MOB_FLAGS})

    FIELDS: ClassVar[dict[str, type]] = {"no_ai": bool, "move_to": dict, "path_to": dict}
    BASE_ATTRIBUTES: ClassVar[dict[str, float]] = {FOLLOW_RANGE: MOB_FOLLOW_RANGE}
    NAVIGATES: ClassVar[bool] = True          # MobNavigation; guardians swim (SwimNavigation, not modelled)
    CAN_OPEN_DOORS: ClassVar[bool] = False    # MobNavigation.setCanPathThroughDoors
    CAN_SWIM: ClassVar[bool] = False          # EntityNavigation.setCanSwim by the constructor (not by a goal)
    MAX_FOLLOW_RANGE: ClassVar[float] = NAVIGATION_MAX_FOLLOW_RANGE   # EntityNavigation.setMaxFollowRange (1.21.2)
    PATHFINDING_PENALTIES: ClassVar[dict[PathNodeType, float]] = {}   # MobEntity.setPathfindingPenalty

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        self._t.f[self._r, NF:] = 0.0   # a row given back keeps its last mob's columns (a mob without a
        self._t.i[self._r, I_EXTRA:] = 0   # navigation sets none of the navigation's)
        super().__init__(entity_id, pos, motion, seed)
        self.no_ai = False
        self.move_control = MoveControl(self)
        self.jump_control = JumpControl(self)
        self.move_control.target_x = self.move_control.target_y = self.move_control.target_z = 0.0
        self.move_control.speed = 0.0
        self.move_control.state = State.WAIT
        self.jump_control.active = False
        self.navigation = MobNavigation(self, self.CAN_OPEN_DOORS) if self.NAVIGATES else None
        self.move_to = None                               # scene goal: MoveControl.moveTo every tick
        self.path_to = None                               # scene goal: MoveToTargetPosGoal's requests
        self.path_goal_running = False                    # its state (engine.living.goals): MoveToTargetPosGoal's
        self.path_trying_time = 0                         # tryingTime,
        self.path_goal_cooldown = 0                       # cooldown and
        self.path_goal_wait = 0                           # safeWaitingTime
        self.leash_holder: int | None = None   # MobEntity.holdingEntity, by id (spec 04 §19)

    def constructed(self, features: Features) -> None:
        """The navigation searches as the simulated release does (spec 07, docs/versions.md); each tick renews
        it (`tick_new_ai`). The instances of the attributes the release's tick reads are made now."""
        super().constructed(features)
        if self.navigation is not None:
            self.navigation.use_release(features)
        for name in held_in(TICK_ATTRIBUTES, features.version):   # made up front, as the object path's first read
            self.attributes.get(name)                               # would: the loop does not make them

    def clone(self) -> MobEntity:
        c = super().clone()           # the row, controls' state included, is copied
        c.move_control = MoveControl(c)
        c.jump_control = JumpControl(c)
        c.navigation = None if self.navigation is None else self.navigation.copy_for(c)
        return c

    @property
    def move_to(self) -> tuple[Vec3, float] | None:
        """The scene goal `move_to` (target, speed), held in the row (`goal_*`, `has_goal`)."""
        return (Vec3(self.goal_x, self.goal_y, self.goal_z), self.goal_speed) if self.has_goal else None

    @move_to.setter
    def move_to(self, goal: tuple[Vec3, float] | None) -> None:
        self.has_goal = goal is not None
        (self.goal_x, self.goal_y, self.goal_z), self.goal_speed = goal or (ZERO, 0.0)

    @property
    def path_to(self) -> tuple[Vec3, float] | None:
        """The scene goal `path_to` (target, speed), held in the row (`path_goal_*`, `has_path_goal`)."""
        return (Vec3(self.path_goal_x, self.path_goal_y, self.path_goal_z), self.path_goal_speed) \
            if self.has_path_goal else None

    @path_to.setter
    def path_to(self, goal: tuple[Vec3, float] | None) -> None:
        self.has_path_goal = goal is not None
        (self.path_goal_x, self.path_goal_y, self.path_goal_z), self.path_goal_speed = goal or (ZERO, 0.0)

    # --- what the controls and the path finder read ---
    def set_movement_speed(self, v: float) -> None:
        """`MobEntity.setMovementSpeed`: the movement speed and the forward input together."""
        super().set_movement_speed(v)
        self.forward_speed = v

    def block_pos(self) -> BlockPos:
        """`Entity.getBlockPos`."""
        return (floor(self.pos.x), floor(self.pos.y), floor(self.pos.z))

    def has_swim_goal(self, features: Features) -> bool:
        """Whether the species' `initGoals` adds `SwimGoal` in the release (engine.living.goals): not by default."""
        return False

    def has_mob_tick(self, features: Features) -> bool:
        """Whether the species' `mobTick` does anything the engine runs in the release (`mob_tick`): not by
        default."""
        return False

    def mob_tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`MobEntity.mobTick`: empty; run where the species' `has_mob_tick`."""

    def loop_mob_tick(self) -> None:
        """What `mob_tick` does where the compiled loop ran the mob's tick (`MobBatch.tick_rows`), the species
        having one: the loop hands back every mob for which it would do more than draw from the mob's Random."""
        raise NotImplementedError(f"{self.TYPE}: mobTick in the compiled loop")

    def can_swim(self, features: Features) -> bool:
        """`EntityNavigation.canSwim`: set by the constructor (`CAN_SWIM`) or by the swim goal's."""
        return self.CAN_SWIM or self.has_swim_goal(features)

    def get_pathfinding_penalty(self, t: PathNodeType) -> float:
        """`MobEntity.getPathfindingPenalty`: the mob's own value, else the type's default."""
        return self.PATHFINDING_PENALTIES.get(t, t.default_penalty)

    def can_walk_on_fluid(self, state: BlockState) -> bool:
        """`Entity.canWalkOnFluid`: false (striders walk on lava)."""
        return False

    def get_safe_fall_distance(self) -> int:
        """`MobEntity.getSafeFallDistance` without an attack target: 3 (spec 07 §6 step 7, N2)."""
        return PATH_MAX_FALL

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`MobEntity.tick`: `LivingEntity.tick` (from 1.21.2 ending with `updateAttributes`, whose follow range
        update sets the navigation's node budget: `update_range`), then `updateLeash` (spec 04 §19)."""
        super().tick(sim, rec)
        if self.navigation is not None and sim.features.path_max_follow_range:
            self.navigation.update_range()
        update_leash(self, sim, rec)

    def can_move_voluntarily(self) -> bool:
        """`MobEntity.canMoveVoluntarily`: the server moves a mob itself unless its AI is disabled."""
        return not self.no_ai

    def is_logical_side_for_updating_movement(self) -> bool:
        """`MobEntity.isLogicalSideForUpdatingMovement`: `canBeControlledByRider()` (false for these mobs) and
        the server."""
        return False

    def type_fields(self) -> dict[str, Any]:
        return {"no_ai": self.no_ai}

    # --- the AI tick ---
    def tick_new_ai(self, sim: TickContext, rec: Recorder | None) -> None:
        """`MobEntity.tickNewAi` (spec 05 §3 step 4, spec 07 §7): goals, navigation, move and jump controls."""
        run_stage(rec, self, NEW_AI, self.run_new_ai, sim, rec)

    def run_new_ai(self, sim: TickContext, rec: Recorder | None) -> None:
        nav = self.navigation
        if nav is not None:
            nav.in_recorded_tick = rec is not None
            nav.use_release(sim.features)
            self.report_searches(sim, rec)     # searches a block change caused since the last tick
        run_stage(rec, self, GOALS, self.tick_goals, sim)
        if nav is not None:
            run_stage(rec, self, NAVIGATION, nav.navigation_stage, sim.world, rec)
            self.report_searches(sim, rec)
        if self.has_mob_tick(sim.features):
            run_stage(rec, self, MOB_TICK, self.mob_tick, sim, rec)
        run_stage(rec, self, MOVE_CONTROL, self.move_control.tick, sim.world, sim.features)
        run_stage(rec, self, JUMP_CONTROL, self.jump_control.tick)

    def tick_goals(self, sim: TickContext) -> None:
        """The goal selector over the species' swim goal and the scene's `path_to` (engine.living.goals:
        `tick_goal_selector`), then the scene goal `move_to`, which drives `MoveControl.moveTo` each tick.
        `path_to` asks the navigation as 1.16.5's `MoveToTargetPosGoal` does (the goal of a zombie stepping on
        turtle eggs, a cat going to a bed): `start` calls `EntityNavigation.startMovingTo` (reach distance 1) and
        zeroes `tryingTime`; each `tick`, the goal started in the same tick included, counts `tryingTime` up while
        the target cell's centre is not within squared distance 1.0 of the mob (`Vec3i.isWithinDistance`, treated
        as a block position) and down while it is, and asks again when `shouldResetPath` (`tryingTime % 40 == 0`):
        the stage kernel `follow_kernel.path_goal_tick`. So a request the navigation refused (a mob written on a
        floor is not `on_ground` before its first move) is made again 39 ticks later, and a mob that ended its path
        next to the target (reach distance 1) searches again every 40 ticks (one ended with a path finished, or a
        path kept: `findPathToAny` returns the path followed when its target is asked again). The goal stops when
        `tryingTime` passes 1200 or falls below −`safeWaitingTime` (`shouldContinue`), or where the swim goal
        takes JUMP, and starts again after its cooldown; the navigation keeps what it follows."""
        tick_goal_selector(self, sim)
        if self.move_to is not None:
            (x, y, z), speed = self.move_to
            self.move_control.move_to(x, y, z, speed)

    def report_searches(self, sim: TickContext, rec: Recorder | None) -> None:
        """Each search since the last report: a `path` event, and with tracing a stage carrying the search."""
        for search in self.navigation.searches:
            sim.emit(search.event(self.id))
            if rec is not None:
                run_stage(rec, self, PATH_SEARCH, draw_search, rec, search)
        self.navigation.searches.clear()


def draw_search(rec: Recorder, search: Search) -> None:
    """The search as geometry: closed nodes in expansion order (f, g, h, type), the open set left, the chosen
    path's nodes and segments (interfaces.md "Trace additions"). `opened` is the step (number of expansions
    done) at which a node first entered the open set: the open set after step k is the nodes opened at or before
    k and not closed by then."""
    record = search.record
    if record is not None:
        for i, n in enumerate(record.expanded):
            rec.geometry(cell("path_closed", n.pos, order=i, opened=record.opened[n.pos], f=n.f, g=n.g, h=n.h,
                              type=n.type))
        for n in record.open:
            rec.geometry(cell("path_open", n.pos, opened=record.opened[n.pos], f=n.f, g=n.g, h=n.h, type=n.type))
    if search.path is not None:
        nodes = search.path.nodes
        for i, n in enumerate(nodes):
            rec.geometry(cell("path_node", n.pos, order=i, type=n.type.name))
        for a, b in pairwise(nodes):
            rec.geometry(segment("path_segment", (a.x + 0.5, a.y, a.z + 0.5), (b.x + 0.5, b.y, b.z + 0.5)))
    rec.geometry(label("path_target", (search.target[0] + 0.5, search.target[1], search.target[2] + 0.5),
                       f"target, {search.visited} visited"))
