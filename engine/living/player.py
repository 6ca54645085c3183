"""`PlayerEntity` moved by held keys (spec 06 §10; spec 05 §4.6; interfaces.md "Players, mobs and their inputs").

A player's movement is computed by its client (`ClientPlayerEntity.tick`) and reaches the server as a packet in the
network phase, so the engine moves it in the "players" phase of the tick (`player_tick`); its entity-phase tick
(`ServerPlayerEntity.tick`) moves nothing. Each tick it reads what the scene's `[[inputs]]` say it holds:

1. the look direction (held until changed) and an item used this tick (thrown from where it stands);
2. `ClientPlayerEntity.tickMovement`: the sneaking pose of the last tick decides the 0.3 slowdown of this tick's
   keys (`KeyboardInput.tick`), the sprint rules (start with the sprint key or a double tap of forward while
   walking, stop without forward, on a horizontal collision or in shallow water), gliding started by a jump with an
   elytra, sinking while sneaking in water;
3. `PlayerEntity.tickMovement` → `LivingEntity.tickMovement` (the keys become the movement input in `tickNewAi`),
   then the flying speed (0.02F, +0.006 sprinting) and movement speed for the next tick;
4. `PlayerEntity.updateSize`: the pose (standing 1.8, sneaking 1.5, swimming or gliding 0.6) and its box.

Not modelled: hunger (sprinting is always allowed), blindness, using items other than the bow that slow, creative
flight, `pushOutOfBlocks`, and the client-only rule that mobs push the player on the client (here the player's
own `tickCramming` pushes both ways).
"""

from __future__ import annotations

import math
import operator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    ARROW_SPEED,
    BOW_MIN_PULL,
    DEGREES_TO_RADIANS,
    FLYING_SPEED,
    FORWARD_THRESHOLD,
    GLIDING_HEIGHT_1_12,
    OFF_GROUND_SPRINT_SPEED,
    PLAYER_EYE_HEIGHT,
    PLAYER_HEIGHT,
    PLAYER_HEIGHT_OFFSET,
    PLAYER_LOW_EYE_HEIGHT,
    PLAYER_LOW_HEIGHT,
    PLAYER_MOVEMENT_SPEED,
    PLAYER_RIDING_OFFSET,
    PLAYER_SNEAKING_EYE_HEIGHT,
    PLAYER_SNEAKING_HEIGHT,
    PLAYER_VEHICLE_ATTACHMENT_Y,
    PLAYER_WIDTH,
    POSE_CHECK_DEFLATE,
    SNEAK_SLOWDOWN,
    SNEAK_SLOWDOWN_F,
    SNEAKING_EYE_HEIGHT_1_12,
    SNEAKING_HEIGHT_1_12,
    SOFT_COLLISION_ANGLE,
    SOFT_COLLISION_MIN,
    SPAWN_BELOW_EYE,
    SPRINT_FLYING_BONUS,
    SPRINT_FLYING_BONUS_F,
    SWIFT_SNEAK_STEP,
    SWIM_LOOK_DOWN,
    SWIM_PITCH_FAST,
    SWIM_PITCH_SLOW,
    SWIM_SURFACE_OFFSET,
    SWIM_UP_SPEED,
    THROW_DIVERGENCE,
    USING_ITEM_SLOWDOWN,
    WALKING_THRESHOLD,
)
from engine.core.edits import edited, edits
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import FEATURES, features_for, refusal
from engine.entities import tnt_kernel
from engine.entities.arrow import PERSISTENT_TYPES, Arrow, Trident, get_pull_progress
from engine.entities.common import slipperiness_column
from engine.entities.entity import Entity, rotation_vector
from engine.entities.firework import use_while_gliding
from engine.entities.neighbours import may_meet, neighbour_boxes
from engine.entities.projectile import CREATIVE_ONLY
from engine.entities.rows import (
    LIVING_FLAGS,
    LIVING_FLOATS,
    LIVING_INTS,
    RowBacked,
    RowBatch,
    RowTable,
    extra_flag,
    extra_float,
    extra_int,
)
from engine.entities.thrown import THROWN_TYPES
from engine.entities.tnt import Tnt
from engine.geometry.box import ZERO, Box, Vec3
from engine.influences.fluids import fluid_at, normalize_zero_below
from engine.java.javanum import f32
from engine.java.mathhelper import cos, floor, sin
from engine.jit import plain
from engine.living import effects as fx
from engine.living import player_kernel as kernel
from engine.living import travel_kernel
from engine.living.attributes import (
    MOVEMENT_SPEED,
    SNEAKING_SPEED,
    TICK_ATTRIBUTES,
    AttributeInstance,
    held_in,
)
from engine.living.bow import take_arrow
from engine.living.inventory import Slots
from engine.living.living_entity import SPRINT_MODIFIER, SPRINT_UUID, LivingEntity
from engine.living.player_collisions import collide_with_entities
from engine.living.player_input import KEY_MASK, NOTHING, InputSchedule, PlayerInput
from engine.living.travel import movement_input_to_velocity
from engine.motion.collision_boxes import get_collision_boxes
from engine.motion.collision_kernel import block_arrays
from engine.world import block_physics as phys
from engine.world import blocks
from engine.world.dimensions import void_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.projectile import Projectile
    from engine.world.world import World

CLIENT_INPUT = StageInfo("client_input", "ClientPlayerEntity.tickMovement")
SWIM_PITCH = StageInfo("swim_pitch", "PlayerEntity.travel")
SINK = StageInfo("knock_downwards", "ClientPlayerEntity.knockDownwards")
POSE = StageInfo("update_size", "PlayerEntity.updateSize")
USE_ITEM = StageInfo("use_item", "Item.use")
RELEASE_BOW = StageInfo("release_bow", "BowItem.onStoppedUsing")

# PlayerEntity.POSE_DIMENSIONS (height) and getActiveEyeHeight, by pose
POSES = {"standing": (PLAYER_HEIGHT, PLAYER_EYE_HEIGHT),
         "crouching": (PLAYER_SNEAKING_HEIGHT, PLAYER_SNEAKING_EYE_HEIGHT),
         "swimming": (PLAYER_LOW_HEIGHT, PLAYER_LOW_EYE_HEIGHT),
         "fall_flying": (PLAYER_LOW_HEIGHT, PLAYER_LOW_EYE_HEIGHT)}
# 1.12.2 EntityPlayer.updateSize and getEyeHeight (`player_client_1_12`): sizes named as the poses they became;
# 1.13.2's (`player_client_1_13`) add the swimmer's 0.6 x 0.6 (eye 0.4F, as a glider's)
POSES_1_12 = {"standing": (PLAYER_HEIGHT, PLAYER_EYE_HEIGHT),
              "crouching": (SNEAKING_HEIGHT_1_12, SNEAKING_EYE_HEIGHT_1_12),
              "fall_flying": (GLIDING_HEIGHT_1_12, PLAYER_LOW_EYE_HEIGHT)}
POSES_1_13 = {**POSES_1_12, "swimming": POSES_1_12["fall_flying"]}
FIREWORK_ROCKET = "minecraft:firework_rocket"
BOW = "minecraft:bow"
# what a player's item throws (the item id is the projectile's entity id), at the class's THROW_SPEED
THROWN_BY_ITEM = {cls.TYPE: cls for cls in (*THROWN_TYPES, *PERSISTENT_TYPES) if cls.THROW_SPEED is not None}
POSE_CACHE_SIZE = 64
PLAYER_ROWS = RowTable(extra_ints=LIVING_INTS + LIVING_FLAGS, extra_floats=LIVING_FLOATS)
ELYTRA = "minecraft:elytra"
# the keys and the sprint rules are the player kernel's own source (docs/architecture.md, "Each stage written once")
_key_axis, _start_sprinting = plain(kernel.key_axis), plain(kernel.start_sprinting)
_double_tap_reset = plain(kernel.double_tap_reset)
_sprint_stops, _keyboard_input = plain(kernel.sprint_stops), plain(kernel.keyboard_input)
_modify_input, _start_sprinting_1_21_7 = plain(kernel.modify_input), plain(kernel.start_sprinting_1_21_7)
_swim_vertically = plain(travel_kernel.swim_vertically)


def _speed(sprinting: bool) -> float:
    """A player's movement speed attribute, as a float, with no modifier but the sprint's."""
    inst = AttributeInstance(MOVEMENT_SPEED, PLAYER_MOVEMENT_SPEED)
    if sprinting:
        inst.add(SPRINT_MODIFIER)
    return f32(inst.get_value())


@lru_cache(maxsize=1)
def block_columns() -> tuple[np.ndarray, np.ndarray]:
    """Per block state id: `Block.getSlipperiness`, and `isClimbing` (`travel_kernel.CLIMBABLE` for a climbable
    block, CLIMB_UNDECIDED for any trapdoor and scaffolding, which the object path decides, else 0)."""
    states = blocks.all_states()
    slip = slipperiness_column()
    climb = np.array([travel_kernel.CLIMB_UNDECIDED if st.block.endswith("_trapdoor") or st.block == "scaffolding"
                      else travel_kernel.CLIMBABLE if phys.is_climbable(st.block) else 0 for st in states],
                     dtype=np.uint8)
    return slip, climb


class Equipment(dict):
    """A player's equipment by slot: a dict whose changes count as edits (engine.core.edits), so that the compiled
    players phase sees an elytra put on between ticks."""

    def __setitem__(self, key: str, value: str) -> None:
        super().__setitem__(key, value)
        edited()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        edited()

    def pop(self, *args: Any) -> Any:
        edited()
        return super().pop(*args)

    def popitem(self) -> tuple[str, str]:
        edited()
        return super().popitem()

    def clear(self) -> None:
        edited()
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        edited()
        super().update(*args, **kwargs)

    def setdefault(self, *args: Any) -> Any:
        edited()
        return super().setdefault(*args)

    def __ior__(self, other: Any) -> Equipment:
        edited()
        return super().__ior__(other)


class PlayerServerBatch(RowBatch):
    """Runs of players in the entity phase, where `ServerPlayerEntity.tick` moves nothing
    (`player_kernel.server_tick_rows`); untraced, and not for a player carrying riders."""

    table = PLAYER_ROWS
    mechanics = frozenset({"living", "player"})

    def decides(self, world: World, features: Features) -> bool:
        return not features.refused & self.mechanics

    def __init__(self) -> None:
        self._run: list[PlayerEntity] = []
        self._rows = np.empty(0, np.int64)
        self._edits = -1

    def row(self, e: PlayerEntity, traced: bool) -> int:
        return -1 if traced or e.passengers else e._r

    def rows_of(self, run: list[PlayerEntity], traced: bool) -> np.ndarray:
        """`row` of each, kept while the run is the same players and nothing was edited since (riding is an edit:
        `Entity.start_riding`), so an untouched tick costs no Python per player here."""
        if traced:
            return super().rows_of(run, traced)
        if not (self._edits == edits() and len(run) == len(self._run) and all(map(operator.is_, run, self._run))):
            self._rows = super().rows_of(run, traced)
            self._run, self._edits = run, edits()
        return self._rows

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        return kernel.server_tick_rows(PLAYER_ROWS.f, PLAYER_ROWS.i, rows, start, marks, saved_f, saved_i,
                                       "fluids" in features.refused)


_KERNEL_FEATURES = features_for("1.16.5")
# The release flags a player's tick in the players phase reads (`player_tick` through `LivingEntity.tick`,
# `travel`, `Entity.move`, the fluids) that the kernels do not take (`_UNTAKEN`: 1.12.2's and 1.13.2's, named for a
# flipped flag): the loop decides a release where each is as in 1.16.5. The kernels take the move's
# (`tnt_kernel.VERSION_BITS`), the sneaking probes, the slipperiness cell and the sine index
# (`travel_kernel.LIVING_BITS`) and the player's own (`player_kernel.PLAYER_BITS`: among them 1.14-1.16.1's fluids,
# submersion, keys and sprint). The rest of what the tick reads does not change what the loop decides: a player it
# ticks is not gliding (`no_sprint_start_gliding`, `tick_gliding`, `glide_ends_on_climbable`,
# `pose_swimming_before_gliding`, `glide_start_by_server`, `glide_levitation_check`), swimming
# (`swim_start_in_water_block`, `sneaking_pose_while_swimming`), riding or carrying (`passenger_attachment_points`,
# `dismount_*`), has no effect (`on_landing_effects`, `jump_boost_double`, `effective_gravity_after_move`), no Swift
# Sneak and no attribute the tick reads set otherwise than a player's default (`_ready`: 1.20.5's and 1.21's
# attributes, `living_attributes`, `living_attributes_1_21`, read at their defaults give 1.16.5's numbers), moves
# itself (`land_on_logical_side`), is not in lava (before 1.16.2 `isInLava` is the flag the last move's block check
# set, `in_lava_by_fluid_height`, `lava_flag_below_surface`: a player with it set is not `_ready`, and lava in the
# block check's cells hands the player back, as every block with an effect does: so 1.15.2's jump, which differs
# from 1.16's only in lava, `jump_fluid_heights`, and lava's travel, `lava_travel_swim_height`, are not met), is
# handed back where a block with an effect lies in the move's block check (fire before 1.16 burns in
# `Entity.move`, `fire_block_collision`, over cells the check's include; 1.14.4's soul sand acts there,
# `soul_sand_on_collision`, and slime's step for players alike, `stepped_on_can_climb`), where it meets another
# entity (cramming, `push_away_*`), is lit (`fire_*`) or lands hard (`fall_damage_floor` floors a damage that is 0
# up to the safe distance as 1.16.5's ceiling does).
_UNTAKEN = ("collision_aabb_lists", "move_motion_fields", "block_collisions_1_12", "water_material_acceleration",
            # 1.12.2 (also stopped by `collision_aabb_lists`) and 1.13.2 (by `move_motion_fields`)
            "move_relative_float", "ground_accel_by_drag", "ground_accel_1_13", "climbing_1_12", "water_travel_1_12",
            "water_travel_no_climb", "jump_in_fluid_flags", "jump_boost_in_motion", "elytra_gravity_literal",
            "player_client_1_12", "player_client_1_13")
# the attributes a player's tick reads besides its movement speed: a player with one set otherwise is not `ready`
_READ_ATTRIBUTES = (*TICK_ATTRIBUTES, SNEAKING_SPEED)


@lru_cache(maxsize=8)
def release_attributes(features: Features) -> tuple[str, ...]:
    """Of `_READ_ATTRIBUTES`, those the release has (`attributes.ADDED_IN`: 1.20.5, 1.21; vanilla's player holds
    them all from the start, `createPlayerAttributes`)."""
    return held_in(_READ_ATTRIBUTES, features.version)


@lru_cache(maxsize=8)
def kernel_bits(features: Features) -> int | None:
    """The release bits the players' kernels take (`v`), or None where a flag they do not take (`_UNTAKEN`) is set
    otherwise than in 1.16.5."""
    if any(getattr(features, name) != getattr(_KERNEL_FEATURES, name) for name in _UNTAKEN):
        return None
    bits = tnt_kernel.version_bits(features) | travel_kernel.living_bits(features) | sum(
        bit for name, bit in kernel.PLAYER_BITS.items() if getattr(features, name))
    if features.glide_start_by_server:       # 1.14.4's jump press asks no isClimbing, whatever 1.15.2's flag says
        bits &= ~kernel.V_GLIDE_OFF_CLIMBABLE
    return bits


class PlayerBatch:
    """The players phase over `PLAYER_ROWS` (`engine.living.player_kernel`): in the releases `kernel_bits` gives
    the kernels (1.14-1.21.11 where players are simulated), untraced, in a world that may hold any other
    entities. A player takes the object path where its tick uses an item (its input columns say so) or, decided
    before the loop (`ready`), where it draws a bow, rides or carries, has an effect, is hurt or dead, wears an
    elytra, Depth Strider or Swift Sneak, is frozen or in powder snow (`LivingEntity.tick_freezing`), is neither
    standing nor crouching, is in lava by the flag of 1.16.1 and
    before (`Entity.in_lava`, set by the last move's block check), its movement speed has a base or
    modifier other than a player's and the sprint's, or another attribute its tick reads is not at its default.

    What a player's tick reads of other entities (1.16.5 `ClientPlayerEntity.tickMovement`,
    `PlayerEntity.tickMovement`, `LivingEntity.tickMovement`), and how the loop meets it:

    - `LivingEntity.tickCramming` after the move: the entities whose box meets the player's (`getOtherEntities`,
      `EntityPredicates.canBePushedBy`: `isPushable` — living entities alive and not climbing, boats, minecarts;
      not armor stands, TNT, items, XP orbs, projectiles, falling blocks); with one found it pushes them and itself
      (`pushAway`) and may take cramming damage. Other players: the crowd grid (`player_kernel.crowd_meets`);
      the other kinds: their boxes as this tick's `pushables` (`player_kernel.pushable_met`). A player meeting
      either is handed back to the object path, which pushes in vanilla's order.
    - The collision boxes of solid entities (`Entity.isCollidable`: boats, shulkers; `world.collidable_count`) in
      `Entity.move`'s sweep and step-up, the sneaking edge probe, the water exit test and the pose checks
      (`wouldPoseNotCollide`): a player with such a box within reach (`player_kernel.solid_near`) is handed back
      before its tick.
    - `PlayerEntity.tickMovement`'s `collideWithEntity` of the entities within its box grown by (1, 0.5, 1)
      (`onPlayerCollision`: picking up items, XP orbs and arrows): after the phase, whichever path ran it, each
      player in turn (`engine.living.player_collisions`; nothing a player's tick moves is picked up). An XP orb follows
      a player in its own tick (`engine.entities.xp_orb`), reading the player's position and pose.
    - Riding (`tickRiding`, a vehicle placing its rider): a player riding or carrying is not `ready`.

    What other kinds do to players happens in the entity phase (an explosion's push and damage, a projectile's
    hit, a mob's or boat's push): a player hurt there is not `ready`; a push changes only its row's Motion.

    What the loop reads besides the rows is kept from tick to tick (`rows`): the players' rows, their input
    schedules as columns (`InputSchedule.columns`, concatenated), whether each is `ready`, and which stretch of its
    schedule its `held` was last set from. It is made again only where the players are not those of the last tick
    (a player joined, left or was restored), the last tick's players phase did not run here, or state outside the
    rows was edited since (engine.core.edits: effects, attributes, equipment, riding, health, pose, schedules…);
    otherwise a tick costs no Python per player. The other entities a player's tick may push or collide with are
    kept likewise while no edit changes who is in the world (`_others`); their boxes are read each tick."""

    table = PLAYER_ROWS
    mechanics = frozenset({"living", "player", "entity_move", "supporting_block", "fluids", "void", "fall_distance"})
    WALK, SPRINT = _speed(False), _speed(True)

    def __init__(self) -> None:
        self._players: list[PlayerEntity] = []
        self._edits = -1
        self._tick: int | None = None
        self._columns: tuple = ()
        self._others_key: tuple = ()
        self._others: list[Entity] = []

    def decides(self, world: World, features: Features, players: list[PlayerEntity]) -> bool:
        # the kernels take the release's flags as `kernel_bits`; a release (or a version diff's flipped flag) with
        # one they do not take set otherwise than 1.16.5 takes the object path
        return not features.refused & self.mechanics and kernel_bits(features) is not None

    def rows(self, world: World, players: list[PlayerEntity], tick: int) -> tuple:
        """What `tick_rows` reads this tick: the players' rows, `ready`, their poses, the input columns (begin, end,
        then `InputSchedule.columns` concatenated), the held cursors, the tick, and the boxes of the other
        entities the players' ticks may push and collide with (`others`)."""
        same = self._tick == tick - 1 and self._edits == edits() and len(players) == len(self._players) \
            and all(map(operator.is_, players, self._players))
        if not same:
            for e in players:
                e.take_attributes(world.features)
            self._edits = edits()
            self._players = players
            self._columns = self._make_columns(players)
        self._tick = tick
        return (*self._columns, tick, *self.others(world))

    def others(self, world: World) -> tuple[np.ndarray, np.ndarray]:
        """The boxes (rows of six) of the entities other than players that a player's tick may push (`isPushable`
        now) and of the solid ones (`isCollidable`). They do not move in the players phase. Which entities may be
        either is kept while no edit changes who is in the world."""
        key = (world, edits())
        if key != self._others_key:
            self._others_key = key
            self._others = [e for e in world.entities.values() if not e.is_player and may_meet(e)]
        return neighbour_boxes(self._others)

    def _make_columns(self, players: list[PlayerEntity]) -> tuple:
        rows = np.array([e._r for e in players], dtype=np.int64)
        ready = np.array([self._ready(e) for e in players], dtype=np.uint8)
        poses = np.array([e.pose == "crouching" for e in players], dtype=np.int64)   # STANDING 0, CROUCHING 1
        schedules = [e.inputs.columns() for e in players]
        end = np.cumsum([len(c[0]) for c in schedules], dtype=np.int64)
        begin = end - [len(c[0]) for c in schedules]
        inputs = (begin, end, *(np.concatenate([c[k] for c in schedules]) for k in range(4)))
        return rows, ready, poses, inputs, np.full(len(players), -1, dtype=np.int64)

    def _ready(self, e: PlayerEntity) -> bool:
        speed = e.attributes.instances.get(MOVEMENT_SPEED)
        return (e.attributes.at_defaults(_READ_ATTRIBUTES) and not e.enchantment_level("minecraft:swift_sneak")
                and e.bow_drawn_since is None and e.vehicle is None and not e.passengers
                and not e.effects.active and not e.depth_strider_level() and e.hurt_time == 0
                and e.time_until_regen == 0 and e.health > 0.0 and not e.in_lava and not e.frozen_ticks
                and not e.in_powder_snow
                and e.pose in ("standing", "crouching") and e.equipment.get("chest") != ELYTRA and speed is not None
                and speed.base == PLAYER_MOVEMENT_SPEED
                and all(m == SPRINT_UUID for m in speed.modifiers) and (SPRINT_UUID in speed.modifiers) == e.sprinting)

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: tuple, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        """`player_kernel.tick_rows` from `start` (`rows`: what `rows()` gave)."""
        rows, ready, poses, inputs, cursor, tick, pushables, solids = rows
        v = kernel_bits(features)
        border = world.border_shape.coords
        edges = (border[0][1], border[2][1], border[0][2], border[2][2])
        slip, climb = block_columns()
        return kernel.tick_rows(*block_arrays(world), cells, PLAYER_ROWS.f, PLAYER_ROWS.i, rows, ready, poses,
                                inputs, cursor, tick, start, slip, climb, edges, v,
                                void_y(world.dimension, features), self.WALK, self.SPRINT, kernel.SINE, marks,
                                saved_f, saved_i, pushables, solids, normalize_zero_below(features),
                                Tnt.batch.effects_for(world, v))

    def after(self, e: PlayerEntity, mark: int) -> None:
        """What the loop leaves to Python: the sprint modifier follows the sprint flag; `held` is what the
        schedule holds in a tick it changed."""
        if mark & kernel.SPRINT_CHANGED:
            e.set_sprinting(e.sprinting)
        if mark & kernel.HELD_CHANGED:
            e.held = e.inputs.at(self._tick)
        if mark & (kernel.CROUCHED | kernel.STOOD):     # the loop rebuilt the box: the pose and height follow
            e.pose = "crouching" if mark & kernel.CROUCHED else "standing"
            e.height = POSES[e.pose][0]


class Watched:
    """A player's field that decides whether the compiled players phase may tick it (`PlayerBatch`): kept in the
    instance's `__dict__` under its own name as any field, and counted as an edit when set (engine.core.edits)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        try:
            return obj.__dict__[self.name]
        except KeyError:
            raise AttributeError(self.name) from None

    def __set__(self, obj: Any, value: Any) -> None:
        if self.name == "equipment" and type(value) is not Equipment:
            value = Equipment(value)
        obj.__dict__[self.name] = value
        edited()


class WatchedValue(Watched):
    """A `Watched` field holding a plain value, counted as an edit only where the value changes: `Entity.in_lava`,
    which the object path's block check sets at every move."""

    __slots__ = ()

    def __set__(self, obj: Any, value: Any) -> None:
        d = obj.__dict__
        if self.name not in d or d[self.name] != value:
            d[self.name] = value
            edited()


def _watched_flag(flag: property) -> property:
    """A row flag whose setting counts as an edit."""
    def set_(self: PlayerEntity, v: bool) -> None:
        flag.fset(self, v)
        edited()
    return property(flag.fget, set_)


class PlayerEntity(RowBacked, LivingEntity):
    """A player: a handle onto its row of `PLAYER_ROWS` (engine.entities.rows; the living extras there); runs of
    players take `engine.living.player_kernel`'s compiled tick (`PlayerBatch`)."""
    TYPE = "minecraft:player"
    ROWS = PLAYER_ROWS
    batch = PlayerServerBatch()
    players_batch = PlayerBatch()
    locals().update({name: extra_float(PLAYER_ROWS, name) for name in LIVING_FLOATS})
    locals().update({name: extra_int(PLAYER_ROWS, name) for name in LIVING_INTS})
    locals().update({name: extra_flag(PLAYER_ROWS, name) for name in LIVING_FLAGS})
    sprinting = _watched_flag(extra_flag(PLAYER_ROWS, "sprinting"))
    locals().update({name: Watched(name) for name in ("bow_drawn_since", "vehicle", "passengers", "effects",
                                                      "hurt_time", "time_until_regen", "health", "pose",
                                                      "equipment", "enchantments", "attributes", "inputs")})
    in_lava = WatchedValue("in_lava")
    WIDTH = PLAYER_WIDTH
    HEIGHT = PLAYER_HEIGHT
    is_player = True
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: PLAYER_MOVEMENT_SPEED}
    RIDING_OFFSET = PLAYER_RIDING_OFFSET
    VEHICLE_ATTACHMENT_Y = PLAYER_VEHICLE_ATTACHMENT_Y   # standing and crouching poses
    FIELDS = {"invulnerable": bool}      # a creative player: takes no damage, still takes impulses
    TICK_FIELDS = ("bow_drawn_since",)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.inputs = InputSchedule()
        self.held = NOTHING
        self.input_forward = 0.0           # Input.movementForward / movementSideways (floats), jumping, sneaking
        self.input_sideways = 0.0
        self.input_jumping = False
        self.in_sneaking_pose = False
        self.pose = "standing"
        self.double_tap_ticks = 0
        self.pose_fits: dict[tuple, bool] = {}     # would_pose_not_collide's answers by (box, block version)
        self.bow_drawn_since: int | None = None   # the tick the bow's draw began (setCurrentHand), while drawing
        self.collided_softly = False              # Entity.collidedSoftly (1.18), set by Entity.move
        self.poses = POSES                        # POSES_1_12 in 1.12.2 (`player_client_1_12`)
        self._release_of: Features | None = None   # the release `use_release` last set up (a cache, not saved)
        self.inventory: Slots = ()                # the main slots' stacks (engine.living.inventory), by slot
        self.selected_slot = 0                    # PlayerInventory.selectedSlot: the hotbar slot in the main hand
        self.xp_level = 0                         # experienceLevel, experienceProgress (a float), totalExperience
        self.xp_progress = 0.0
        self.xp_total = 0
        self.experience_pick_up_delay = 0         # set to 2 by an XP orb's pickup, counted down each tick

    @property
    def eye_height(self) -> float:
        return self.poses[self.pose][1]

    # --- vanilla overrides ---
    def height_offset(self) -> float:
        """`PlayerEntity.getHeightOffset`: −0.35."""
        return PLAYER_HEIGHT_OFFSET

    def get_movement_speed(self) -> float:
        """`PlayerEntity.getMovementSpeed`: the attribute's value as a float, read when used."""
        return f32(self.attributes.get_value(MOVEMENT_SPEED))

    def is_holding_onto_ladder(self) -> bool:
        return self.sneaking

    def get_velocity_multiplier(self, world: World, features: Features) -> float:
        """`PlayerEntity.getVelocityMultiplier`: 1.0 while gliding (or flying, not modelled), else
        `LivingEntity`'s: a glider skimming soul sand or honey is not slowed."""
        return 1.0 if self.fall_flying else super().get_velocity_multiplier(world, features)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None, *,
               projectile: Entity | None = None) -> bool:
        """`PlayerEntity.damage` (alike in 1.14.4, 1.16.5, 1.20.5 and 1.21.3): an amount of 0 (after the difficulty
        scaling, which the engine does not model) is refused, so no hurt time and no knockback follow: a snowball
        or egg thrown at a player does nothing to it. Any other amount goes on to `LivingEntity.damage`."""
        if amount == 0.0:
            return False
        return super().damage(sim, source, amount, attacker, projectile=projectile)

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ServerPlayerEntity.tick` moves nothing; the client's movement arrives in the players phase."""

    def player_tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """The players phase: the held input of this tick, `ClientPlayerEntity.tick` (a rider is placed by its
        vehicle instead), then the pose."""
        if "player" in sim.features.refused:
            raise refusal(sim.features, "player", f"player {self.id}, tick {sim.tick_count}")
        if sim.features is not self._release_of:       # once per release: comparing its flags costs more
            self.use_release(sim.features)
        held = self.inputs.at(sim.tick_count)
        self.held = held
        if held.yaw is not None:
            self.yaw = f32(held.yaw)
        if held.pitch is not None:
            self.pitch = f32(held.pitch)
        if held.use is not None:
            run_stage(rec, self, USE_ITEM, self.use_item, sim, held.use)
        if self.bow_drawn_since is not None:
            drawn = self.inputs.range_at(sim.tick_count)
            if drawn is None or drawn.first != self.bow_drawn_since or drawn.last == sim.tick_count:
                run_stage(rec, self, RELEASE_BOW, self.release_bow, sim)
        if self.vehicle is not None:
            return
        super().tick(sim, rec)
        if sim.features.player_client_1_12 or sim.features.player_client_1_13:
            run_stage(rec, self, POSE, self.update_size_1_12, sim.world, sim.features)
        else:
            run_stage(rec, self, POSE, self.update_size, sim.world, sim.features)

    def collide_with_entities(self, sim: TickContext) -> None:
        """`PlayerEntity.tickMovement`'s collisions after the players phase (`engine.living.player_collisions`)."""
        collide_with_entities(sim, self)

    def use_release(self, features: Features) -> None:
        """What the release fixes for the player's object-path tick, set at its first tick and when the release
        changes: the sizes (1.12.2's, `player_client_1_12`; 1.13.2's, `player_client_1_13`; else the poses') and
        the attribute instances the tick reads (`take_attributes`: never removed once made, so the next ticks find
        them)."""
        self._release_of = features
        self.poses = POSES_1_12 if features.player_client_1_12 else POSES_1_13 if features.player_client_1_13 \
            else POSES
        self.take_attributes(features)

    def take_attributes(self, features: Features) -> None:
        """The instances of the attributes the release's tick reads (`release_attributes`), made up front in that
        order where missing (`AttributeContainer.get` makes one where first read): a players phase ticked on rows
        reads none of them, and the trace lists the same instances in the same order whichever path ticked."""
        for name in release_attributes(features):
            self.attributes.get(name)

    def steer_vehicle(self, sim: TickContext) -> None:
        """A rider's keys of this tick, before the entity phase: sneaking dismounts (`PlayerEntity.tickRiding`);
        else the vehicle's `set_inputs` (`BoatEntity.setInputs`) gets them, and the server's copy of the
        movement input is the keys unscaled (`PlayerInputC2SPacket`), which a minecart reads."""
        held = self.inputs.at(sim.tick_count)
        self.held = held
        if held.yaw is not None:
            self.yaw = f32(held.yaw)
        if held.sneak:
            self.stop_riding(sim)
            return
        self.keyboard_input_tick(held, False, SNEAK_SLOWDOWN, False)
        self.sideways_speed, self.forward_speed = self.input_sideways, self.input_forward
        set_inputs = getattr(self.vehicle, "set_inputs", None)
        if set_inputs is not None:
            set_inputs(held.left, held.right, held.forward, held.back)

    def input_velocity_for_minecart(self, features: Features) -> Vec3:
        """`ServerPlayerEntity.getInputVelocityForMinecart` (1.21.2): the held keys as ±1 sideways and forward
        (0 where both or neither of a pair are held), `movementInputToVelocity(input, 1.0F, yaw)`."""
        held = self.held
        f, g = _key_axis(held.left, held.right), _key_axis(held.forward, held.back)
        keys = Vec3(f, 0.0, g)
        if f != 0.0 and g != 0.0:   # length² 2: 1.21.2's Vec3d.normalize divides by Math.sqrt (then length² < 1)
            keys = keys.normalize(double=True)
        return movement_input_to_velocity(keys, 1.0, self.yaw, features.sine_index_double)

    def set_held_input(self, first: int, last: int, held: PlayerInput, discard_later: bool = False) -> None:
        """Hold `held` in ticks `first`..`last` (what a scene's `[[inputs]]` range says); with `discard_later`,
        nothing is held after `last` any more (a recording that branches the run there)."""
        if not 1 <= first <= last:
            raise ValueError(f"input ticks {first}..{last}: expected 1 <= from <= to")
        schedule = self.inputs.until(last) if discard_later else self.inputs
        self.inputs = schedule.replaced(first, last, held)

    def use_item(self, sim: TickContext, item: str) -> None:
        """Throwing a pearl, snowball or egg: the projectile appears at the eye − 0.1F with the look's Motion
        plus the player's (spec 06 §7.1); a firework rocket boosts a gliding player; a bow starts its draw."""
        if item == FIREWORK_ROCKET:
            use_while_gliding(sim, self)
            return
        if item == BOW:
            self.bow_drawn_since = sim.tick_count
            return
        cls = THROWN_BY_ITEM[item]
        play_use_sound(sim, cls)              # SnowballItem.use: the sound before the projectile
        sim.add_entity(self.shoot(sim, cls, cls.THROW_SPEED))

    def shoot(self, sim: TickContext, cls: type[Projectile], speed: float, spread: bool = True) -> Projectile:
        """The projectile at the eye − 0.1F, owned by the player, `setProperties(player, pitch, yaw, roll, speed,
        1.0F)` (with its Random's spread unless `spread` is false), then what the item does after (a full-charge
        arrow is critical); the caller adds it to the world."""
        p = sim.create(cls, Vec3(self.pos.x, self.pos.y + self.eye_height - SPAWN_BELOW_EYE, self.pos.z))
        p.owner = self.id
        p.set_properties(self, self.pitch, self.yaw, p.THROW_ROLL, speed, THROW_DIVERGENCE, spread, sim.features)
        p.after_use(speed)
        return p

    def release_bow(self, sim: TickContext) -> None:
        """`BowItem.onStoppedUsing` (spec 06 §7.1, AMBIGUITY-N9): the use time is the ticks the draw was held (its
        range, both ends included); an arrow at speed pull × 3.0F unless the pull is under 0.1 (no enchantments)."""
        pull = get_pull_progress(sim.tick_count - self.bow_drawn_since + 1)
        self.bow_drawn_since = None
        if pull >= BOW_MIN_PULL:
            self.shoot_arrow(sim, f32(pull * ARROW_SPEED), True)

    def shoot_arrow(self, sim: TickContext, speed: float, spread: bool) -> Arrow:
        """The shot of `BowItem.onStoppedUsing` (`engine.living.bow`): a plain arrow held is taken and the arrow is
        ALLOWED; with none the shot is the creative or Infinity one, its arrow CREATIVE_ONLY."""
        taken = take_arrow(sim, self)
        arrow = self.shoot(sim, Arrow, speed, spread)
        if not taken:
            arrow.pickup = CREATIVE_ONLY       # bl2: creative or Infinity, a plain arrow
        sim.add_entity(arrow)
        play_use_sound(sim, Arrow)            # BowItem.onStoppedUsing: the sound after the arrow
        return arrow

    def tick_movement(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ClientPlayerEntity.tickMovement`, then `PlayerEntity.tickMovement` around `LivingEntity`'s."""
        if sim.features.player_client_1_12:
            run_stage(rec, self, CLIENT_INPUT, self.client_input_1_12, sim)
        else:
            run_stage(rec, self, CLIENT_INPUT, self.client_input, sim.world, sim.features)
        if self.touching_water and self.held.sneak and self.should_swim_in_fluids() \
                and not sim.features.player_client_1_12:
            run_stage(rec, self, SINK, self.knock_downwards)
        super().tick_movement(sim, rec)
        self.flying_speed = FLYING_SPEED
        if self.sprinting:   # 1.18.2-1.19.3: += 0.006F in float (`sprint_air_speed_float`)
            bonus = SPRINT_FLYING_BONUS_F if sim.features.sprint_air_speed_float else SPRINT_FLYING_BONUS
            self.flying_speed = f32(self.flying_speed + bonus)
        self.set_movement_speed(self.attributes.get_value(MOVEMENT_SPEED))

    def knock_downwards(self) -> None:
        """A sneaking player in water sinks: Y − 0.04F (`travel_kernel.swim_vertically`)."""
        self.motion = Vec3(*_swim_vertically(*self.motion, -SWIM_UP_SPEED))

    def client_input(self, world: World, features: Features) -> None:
        """The key and sprint part of `ClientPlayerEntity.tickMovement` (spec 05 §4.6). From 1.18 a horizontal
        collision within 8 degrees of the input keeps the sprint (`sprint_soft_collision`); from 1.19 Swift Sneak
        lessens the sneaking slowdown (`swift_sneak`; from 1.21 through the sneaking_speed attribute,
        `living_attributes_1_21`); from 1.19.4 a glider does not start sprinting (`no_sprint_start_gliding`); from
        1.21.4 a sneaking, crawling, gliding or riding player, or one using an item out of the water, stops
        sprinting once the keys are read, and a sneaking or crawling one starts no sprint out of the water
        (`should_stop_sprinting`: `shouldStopSprinting`, `canStartSprinting`). From 1.21.5 (`LocalPlayer.aiStep`)
        the keys are the move vector (`player_move_vector`: its slowdowns are `apply_input`'s) and the sprint
        starts by `canStartSprinting` (`sprint_forward_impulse`, `start_sprinting_1_21_7`)."""
        if self.double_tap_ticks > 0:
            self.double_tap_ticks -= 1
        was_jumping = self.input_jumping
        was_sneaking = self.sneaking
        was_walking = self.is_walking(features)
        had_forward = self.has_forward_movement()     # 1.21.7: input.hasForwardImpulse() before input.tick()
        self.in_sneaking_pose = not features.player_client_1_13 and \
            (not self.swimming or features.sneaking_pose_while_swimming) and \
            self.would_pose_not_collide(world, "crouching") and \
            (self.sneaking or not self.would_pose_not_collide(world, "standing"))    # 1.13.2: no poses
        slowdown = SNEAK_SLOWDOWN
        if features.living_attributes_1_21:      # (float)player.sneaking_speed, Swift Sneak a modifier of it
            slowdown = f32(self.attribute_value(SNEAKING_SPEED))
        elif features.swift_sneak:
            boost = f32(f32(self.enchantment_level("minecraft:swift_sneak")) * SWIFT_SNEAK_STEP)
            slowdown = min(max(f32(SNEAK_SLOWDOWN_F + boost), 0.0), 1.0)
        slow = self.in_sneaking_pose or features.sneak_key_slows_input and self.held.sneak   # 1.14.4: the key too
        self.keyboard_input_tick(self.held, slow, slowdown, features.player_move_vector)
        using = self.is_using_item()
        under = self.submerged_in_water
        if features.sprint_forward_impulse:
            if was_sneaking or using and self.vehicle is None or self.held.back:
                self.double_tap_ticks = 0
            sprinting, self.double_tap_ticks = _start_sprinting_1_21_7(
                self.sprinting, self.double_tap_ticks, not using and (under or not (
                    self.fall_flying or self.should_slow_down() or self.touching_water)), had_forward,
                self.input_forward, self.held.sprint)
        else:
            can_start = not using and not (features.no_sprint_start_gliding and self.fall_flying)
            if features.should_stop_sprinting:
                slowed = self.should_slow_down()
                if self.sprinting and (self.fall_flying or slowed or self.vehicle is not None
                                       or using and self.vehicle is None and not under):
                    self.set_sprinting(False)
                can_start = can_start and (not slowed or under)
            if using and self.vehicle is None and not features.player_move_vector:
                self.input_sideways = f32(self.input_sideways * USING_ITEM_SLOWDOWN)
                self.input_forward = f32(self.input_forward * USING_ITEM_SLOWDOWN)
            sprinting, self.double_tap_ticks = _start_sprinting(
                self.sprinting, _double_tap_reset(self.double_tap_ticks, using and self.vehicle is None,
                                                  was_sneaking, features.double_tap_reset_sneaking),
                (self.on_ground or under) and not was_sneaking and can_start, was_walking, self.is_walking(features),
                (not self.touching_water or under) and can_start, self.held.sprint)
        if sprinting and not self.sprinting:
            self.set_sprinting(True)
        if self.sprinting:
            hit = self.horizontal_collision and not (features.sprint_soft_collision and self.collided_softly)
            if self.swimming:
                if not self.on_ground and not self.sneaking and not self.has_forward_movement() \
                        or not self.touching_water:
                    self.set_sprinting(False)
            elif _sprint_stops(self.input_forward, hit, self.touching_water and not self.submerged_in_water,
                               features.sprint_stops_below_walking):
                self.set_sprinting(False)
        if features.glide_start_by_server:        # 1.14.4: START_FALL_FLYING to the server, none on the client
            if self.input_jumping and not was_jumping and not self.on_ground and self.motion.y < 0.0 and \
                    not self.fall_flying and self.equipment.get("chest") == "minecraft:elytra":
                raise refusal(features, "elytra", f"player {self.id}, a jump press in the air",
                              FEATURES["glide_start_by_server"][0])
        elif self.input_jumping and not was_jumping and self.vehicle is None and \
                not (features.glide_start_off_climbable and self.is_climbing(world)):   # 1.15.2: not climbing
            self.check_fall_flying(features)

    def client_input_1_12(self, sim: TickContext) -> None:
        """1.12.2 `EntityPlayerSP.onLivingUpdate`'s keys and sprint (`player_client_1_12`): `MovementInputFromOptions`
        (the sneak key slows, × 0.3D), an item in use × 0.2F and the double tap cleared; the double tap or the
        sprint key start a sprint as 1.15's do but the key works in water too (no swimming); a sprint stops below a
        forward input of 0.8F or on a horizontal collision. A fresh jump press while falling with an elytra sends
        START_FALL_FLYING: the client glides once the server's flag comes back, a network delay, so the run stops
        in one line. `autoJump` and the client's `pushOutOfBlocks` are not modelled (as in 1.15)."""
        if self.double_tap_ticks > 0:
            self.double_tap_ticks -= 1
        was_jumping, was_sneaking, was_walking = self.input_jumping, self.sneaking, self.is_walking(sim.features)
        self.keyboard_input_tick(self.held, self.held.sneak, SNEAK_SLOWDOWN, False)
        using = self.is_using_item() and self.vehicle is None
        if using:
            self.input_sideways = f32(self.input_sideways * USING_ITEM_SLOWDOWN)
            self.input_forward = f32(self.input_forward * USING_ITEM_SLOWDOWN)
            self.double_tap_ticks = 0
        sprinting, self.double_tap_ticks = _start_sprinting(
            self.sprinting, self.double_tap_ticks, self.on_ground and not was_sneaking and not using, was_walking,
            self.is_walking(sim.features), not using, self.held.sprint)
        if sprinting and not self.sprinting:
            self.set_sprinting(True)
        if self.sprinting and (not self.input_forward >= WALKING_THRESHOLD or self.horizontal_collision):
            self.set_sprinting(False)
        if self.input_jumping and not was_jumping and not self.on_ground and self.motion.y < 0.0 \
                and not self.fall_flying and self.equipment.get("chest") == "minecraft:elytra":
            raise refusal(sim.features, "elytra", f"player {self.id}, tick {sim.tick_count}", "a 1.12.2 glide "
                          "starts when the server's answer to START_FALL_FLYING arrives (a network delay): give the "
                          "scene's player fall_flying = true instead")

    def get_off_ground_speed(self) -> float:
        """1.19.4 `PlayerEntity.getOffGroundSpeed` (not flying): 0.025999999F sprinting, else 0.02F."""
        return OFF_GROUND_SPRINT_SPEED if self.sprinting else FLYING_SPEED

    def has_collided_softly(self, adjusted: Vec3, index_double: bool) -> bool:
        """1.18 `ClientPlayerEntity.hasCollidedSoftly` (1.21.8 `LocalPlayer.isHorizontalCollisionMinor`): the input's
        direction (rotated by the yaw, sine table; indexed in double in 1.21.11, `sine_index_double`) and the
        horizontal movement left after collisions differ by less than 0.13962634F radians."""
        f = f32(self.yaw * DEGREES_TO_RADIANS)
        d, e = sin(f, index_double), cos(f, index_double)
        g = self.sideways_speed * e - self.forward_speed * d
        h = self.forward_speed * e + self.sideways_speed * d
        i = g * g + h * h
        j = adjusted.x * adjusted.x + adjusted.z * adjusted.z
        if i < SOFT_COLLISION_MIN or j < SOFT_COLLISION_MIN:
            return False
        c = (g * adjusted.x + h * adjusted.z) / math.sqrt(i * j)
        return -1.0 <= c <= 1.0 and math.acos(c) < SOFT_COLLISION_ANGLE   # Math.acos is NaN outside [-1, 1]

    def should_slow_down(self) -> bool:
        """`shouldSlowDown` (1.21.7 `isMovingSlowly`): in the sneaking pose, or crawling (the swimming pose out of
        water)."""
        return self.in_sneaking_pose or self.pose == "swimming" and not self.touching_water

    def apply_input(self, features: Features) -> None:
        """From 1.21.5 `LocalPlayer.applyInput` (`player_move_vector`): the move vector through `modifyInput`
        (`player_kernel.modify_input`: × 0.98F, the item's 0.2F off a vehicle, the sneaking speed moving slowly, the
        square-movement correction) becomes the movement input, the jump key the jump; before, × 0.98F."""
        if not features.player_move_vector:
            super().apply_input(features)
            return
        self.sideways_speed, self.forward_speed = _modify_input(
            self.input_sideways, self.input_forward, self.is_using_item() and self.vehicle is None,
            self.should_slow_down(), f32(self.attribute_value(SNEAKING_SPEED)))
        self.jumping = self.input_jumping

    def is_using_item(self) -> bool:
        """`LivingEntity.isUsingItem`: a bow being drawn (the only item used over several ticks here)."""
        return self.bow_drawn_since is not None

    def keyboard_input_tick(self, held: PlayerInput, slow_down: bool, factor: float, normalized: bool) -> None:
        """`KeyboardInput.tick`: ±1 per axis (opposite keys cancel), × `factor` in the sneaking pose (0.3 as a
        double; from 1.19 the float clamp(0.3F + Swift Sneak boost, 0, 1)); `normalized` (1.21.7): the move
        vector, unscaled."""
        forward, sideways, jumping, sneaking = _keyboard_input(held.bits() & KEY_MASK, slow_down, factor, normalized)
        self.input_forward, self.input_sideways = forward, sideways
        self.input_jumping = jumping
        self.sneaking = sneaking                   # ClientPlayerEntity.isSneaking: input.sneaking

    def is_walking(self, features: Features) -> bool:
        """`ClientPlayerEntity.isWalking`: forward ≥ 0.8 (any forward under water; 1.14-1.14.1 0.8 there too,
        `sprint_stops_below_walking`)."""
        if self.submerged_in_water and not features.sprint_stops_below_walking:
            return self.has_forward_movement()
        return self.input_forward >= WALKING_THRESHOLD

    def has_forward_movement(self) -> bool:
        return self.input_forward > FORWARD_THRESHOLD

    def check_fall_flying(self, features: Features) -> None:
        """`PlayerEntity.checkFallFlying`: in the air, not gliding, not in water, no Levitation (from 1.16,
        `glide_levitation_check`), an elytra on."""
        if not self.on_ground and not self.fall_flying and not self.touching_water \
                and not (features.glide_levitation_check and self.effects.has(fx.LEVITATION)) \
                and self.equipment.get("chest") == "minecraft:elytra":
            self.fall_flying = True

    def tick_new_ai(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ClientPlayerEntity.tickNewAi`: the head follows the yaw; the keys become the movement input (from 1.21.5
        `apply_input` sets it, and a client runs no `serverAiStep`)."""
        self.head_yaw = self.yaw
        if sim.features.player_move_vector:
            return
        self.sideways_speed = self.input_sideways
        self.forward_speed = self.input_forward
        self.jumping = self.input_jumping

    def travel(self, sim: TickContext, rec: Recorder | None, movement_input: Vec3 = ZERO) -> None:
        """`PlayerEntity.travel`: a swimmer's Y Motion follows the look's Y (faster looking down), then
        `LivingEntity.travel`."""
        if self.swimming and self.vehicle is None:
            run_stage(rec, self, SWIM_PITCH, self.swim_pitch, sim.world)
        super().travel(sim, rec, movement_input)

    def swim_pitch(self, world: World) -> None:
        g = rotation_vector(self.pitch, self.yaw).y
        h = SWIM_PITCH_FAST if g < SWIM_LOOK_DOWN else SWIM_PITCH_SLOW
        p = self.pos
        above = fluid_at(world, floor(p.x), floor(p.y + 1.0 - SWIM_SURFACE_OFFSET), floor(p.z))
        if g <= 0.0 or self.jumping or above.fluid is not None:
            m = self.motion
            self.motion = m.add(0.0, (g - m.y) * h, 0.0)

    # --- poses (PlayerEntity.updateSize, Entity.calculateDimensions) ---
    def pose_box(self, pose: str) -> Box:
        """`calculateBoundsForPose`: the pose's box at the position."""
        p = self.pos
        return Box.from_entity(p.x, p.y, p.z, self.WIDTH, POSES[pose][0])

    def dismount_poses(self) -> tuple[tuple[str, float, float], ...]:
        """`PlayerEntity.getPoses` for dismounting: standing, crouching, swimming, with their sizes."""
        return tuple((pose, self.width, POSES[pose][0]) for pose in ("standing", "crouching", "swimming"))

    def set_pose(self, pose: str) -> None:
        """`setPose` then `calculateDimensions`: the pose's height, the box kept at its minimum corner. 1.17
        rebuilds the box around the position (`refreshPosition`); the width never changes, and for every position
        against a block face at a multiple of 1/16 both give the same edges (docs/versions.md), so no flag."""
        if pose != self.pose:
            self.pose = pose
            self.height = self.poses[pose][0]
            b = self.box      # the width never changes: the box keeps its minimum corner
            self.box = Box.of(b.min_x, b.min_y, b.min_z, b.min_x + self.width, b.min_y + self.height,
                              b.min_z + self.width)

    def would_pose_not_collide(self, world: World, pose: str) -> bool:
        """`Entity.wouldPoseNotCollide`: the pose's box shrunk by 1e-7 meets no block or solid entity. Without
        solid entities the answer depends only on the box, the blocks and the player's shape context (sneaking,
        its Y), so it is kept until one of them changes."""
        box = self.pose_box(pose).contract(POSE_CHECK_DEFLATE)
        context = self.shape_context(world)
        if world.collidable_count:
            return world.is_space_empty(box, context) and not world.get_entity_collisions(self, box)
        key = (box, world.block_version, context)
        fits = self.pose_fits.get(key)
        if fits is None:
            if len(self.pose_fits) > POSE_CACHE_SIZE:
                self.pose_fits.clear()
            fits = self.pose_fits[key] = world.is_space_empty(box, context)
        return fits

    def update_size_1_12(self, world: World, features: Features) -> None:
        """1.12.2 `EntityPlayer.updateSize` (`player_client_1_12`): 0.6 x 0.6 gliding, 0.6 x 1.65 sneaking (the
        key), else 0.6 x 1.8; a new height is taken where the box from the minimum corner meets no block's
        collision box (`World.collidesWithAnyBlock`: the 1.12.2 list, strict overlaps). 1.13.2's
        (`player_client_1_13`): 0.6 x 0.6 swimming too (after gliding, before sneaking), the box tested against
        the blocks' collision shapes (`isCollisionBoxesEmpty(null, box)`: VoxelShapes, strict overlaps)."""
        pose = "fall_flying" if self.fall_flying else "swimming" if self.swimming and features.player_client_1_13 \
            else "crouching" if self.sneaking else "standing"
        h = self.poses[pose][0]
        if h != self.height:
            b = self.box
            box = Box.of(b.min_x, b.min_y, b.min_z, b.min_x + self.width, b.min_y + h, b.min_z + self.width)
            free = not get_collision_boxes(world, box) if features.collision_aabb_lists else world.is_space_empty(box)
            if free:
                self.set_pose(pose)

    def update_size(self, world: World, features: Features) -> None:
        """`PlayerEntity.updateSize`: gliding, swimming, sneaking or standing, if the pose fits (else crouch or
        swim); from 1.21.5 (`Player.getDesiredPose`, `pose_swimming_before_gliding`) a gliding swimmer swims."""
        if not self.would_pose_not_collide(world, "swimming"):
            return
        if self.fall_flying and not (features.pose_swimming_before_gliding and self.swimming):
            pose = "fall_flying"
        elif self.swimming:
            pose = "swimming"
        elif self.sneaking:
            pose = "crouching"
        else:
            pose = "standing"
        if not (self.vehicle is not None or self.would_pose_not_collide(world, pose)):
            pose = "crouching" if self.would_pose_not_collide(world, "crouching") else "swimming"
        self.set_pose(pose)

    # --- trace ---
    def type_fields(self) -> dict[str, Any]:
        return {"sprinting": self.sprinting, "sneaking": self.sneaking, "pose": self.pose}

    def clone(self) -> PlayerEntity:
        c = super().clone()
        c.inputs = self.inputs                      # shared: a schedule is replaced, never changed
        c.pose_fits = dict(self.pose_fits)
        return c


def valid_use_items() -> list[str]:
    """Items a player may use in `[[inputs]]`: those thrown by a player, and the bow (drawn over the range). An arrow
    is the bow's to shoot (`ArrowItem` has no use of its own); a trident is thrown at once."""
    return sorted([FIREWORK_ROCKET, BOW, *(t for t in THROWN_BY_ITEM if t not in ("minecraft:potion", Arrow.ITEM))])


def play_use_sound(sim: TickContext, cls: type[Projectile]) -> None:
    """The sound of using the item that shoots `cls`: from 1.17 (`item_use_sound_world_random`) its pitch is a
    world-Random nextFloat (`world.getRandom()`; before, `Item.RANDOM`'s, a static unseeded Random the world never
    sees) for the bow and every thrown item; a trident's throw plays its sound at pitch 1.0F, drawing nothing."""
    if sim.features.item_use_sound_world_random and cls is not Trident:
        sim.random.discard_floats(1)


def throw_from_player(sim: TickContext, cls: type[Projectile], feet: Vec3, yaw: float, pitch: float,
                      speed: float, spread: bool, player_motion: Vec3, player_on_ground: bool) -> Projectile:
    """A player (a `PlayerEntity` without inputs, spawned first) at `feet` uses the item: the projectile appears at the
    player's eye height − 0.1F (`getEyeY() - 0.1F`), owned by the player, and `setProperties(player, pitch,
    yaw, roll, speed, 1.0F)` gives its Motion (spec 06 §7.1, §8.1). An arrow is its bow's shot (`shoot_arrow`): the
    player holds no arrow, so it is the creative or Infinity shot, CREATIVE_ONLY. Both join the world; returns the
    projectile."""
    player = sim.create(PlayerEntity, feet, player_motion)
    player.yaw = player.head_yaw = player.body_yaw = f32(yaw)
    player.pitch = f32(pitch)
    player.on_ground = player.vertical_collision = player_on_ground   # as the scene loader sets an entity
    sim.add_entity(player)
    if cls is Arrow:
        return player.shoot_arrow(sim, speed, spread)
    play_use_sound(sim, cls)
    p = player.shoot(sim, cls, speed, spread)
    sim.add_entity(p)
    return p
