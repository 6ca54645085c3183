"""`ExperienceOrbEntity` (spec 06 §4): order FGMD, push-out, lava kick, following the closest player within 8 blocks
(`follow_player`: each release's search schedule and pull). From 1.17
(`xp_orb_merging`) orbs merge: every 20 ticks with their neighbours, and on spawn into an orb already there. Its
state is a row of `XP_ORB_ROWS` (engine.entities.xp_orb_kernel), runs of orbs take that module's compiled loop
(`XpOrbBatch`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    DRAG_1_12,
    EYE_HEIGHT_FACTOR,
    ITEM_VELOCITY_AFFECTING_OFFSET,
    SUBMERGED_EYE_OFFSET,
    XP_ORB_BOUNCE_1_12,
    XP_ORB_DRAG,
    XP_ORB_DRAG_Y,
    XP_ORB_FOLLOW_PULL,
    XP_ORB_FOLLOW_RANGE,
    XP_ORB_GRAVITY,
    XP_ORB_GRAVITY_1_12,
    XP_ORB_HEALTH,
    XP_ORB_HEIGHT,
    XP_ORB_LOADED_SIZE_1_12,
    XP_ORB_MAX_AGE,
    XP_ORB_MERGE_IDS,
    XP_ORB_MERGE_PERIOD,
    XP_ORB_MERGE_REACH,
    XP_ORB_SPAWN_MERGE_BOX,
    XP_ORB_SPAWN_OFFSET,
    XP_ORB_SPAWN_OFFSET_1_21_8,
    XP_ORB_SPAWN_SCALE,
    XP_ORB_SPAWN_SPREAD,
    XP_ORB_SPAWN_SPREAD_1_21_8,
    XP_ORB_SPAWN_VY,
    XP_ORB_TARGET_IDS,
    XP_ORB_TARGET_PERIOD,
    XP_ORB_VALUES,
    XP_ORB_WIDTH,
)
from engine.core.limits import MAX_QUERIED_ENTITIES
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities import xp_orb_kernel as kernel
from engine.entities.common import (
    flee_lava,
    in_blocks_1_12,
    push_out_of_blocks,
    scale_motion,
    slipperiness_column,
    slippery_drag,
    subtract_motion_y,
)
from engine.entities.entity import Entity
from engine.entities.rows import RowBacked, UnriddenRowBatch, extra_flag, extra_int
from engine.entities.tnt_kernel import version_bits
from engine.entities.xp_orb_kernel import XP_ORB_ROWS
from engine.geometry.box import ZERO, Box, Vec3
from engine.influences.fluids import fluid_at, normalize_zero_below
from engine.influences.fluids_1_12 import handle_material_acceleration
from engine.java.javanum import f32, to_int, wrap_int
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.motion.collision_kernel import block_arrays
from engine.motion.move import MovementType, move
from engine.world.dimensions import void_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.world import World

BASE = StageInfo("base_tick", "Entity.baseTick", "F")
WATER = StageInfo("water_movement", "ExperienceOrbEntity.applyWaterMovement")
GRAVITY = StageInfo("gravity", "ExperienceOrbEntity.tick", "G")
LAVA = StageInfo("lava_kick", "ExperienceOrbEntity.tick")
PUSH_OUT = StageInfo("push_out", "Entity.pushOutOfBlocks", "Pu")
DRAG = StageInfo("drag", "ExperienceOrbEntity.tick", "D")
BOUNCE = StageInfo("ground_bounce", "ExperienceOrbEntity.tick")
MERGE = StageInfo("merge", "ExperienceOrbEntity.expensiveUpdate")
FOLLOW = StageInfo("follow_player", "ExperienceOrbEntity.tick")
XP_ORB_FOLLOW_RANGE_SQ = XP_ORB_FOLLOW_RANGE * XP_ORB_FOLLOW_RANGE
_NONE = (np.zeros((0, 6), dtype=np.int64), np.zeros(0, dtype=np.int64), [])   # no members: merges go back
NO_EFFECT_SECTIONS = np.zeros(0, dtype=np.uint8)   # no release the loop runs refuses `block_effects` (decides)

# the object path runs the stage kernels' own source (docs/architecture.md, "Each stage written once")
_count_down_pickup_delay, _water_movement, _gravity = (plain(kernel.count_down_pickup_delay),
                                                       plain(kernel.water_movement), plain(kernel.gravity))
_bounce, _bounce_back, _grow_older = plain(kernel.bounce), plain(kernel.bounce_back), plain(kernel.grow_older)
_merge = plain(kernel.merge)


class XpOrbBatch(UnriddenRowBatch):
    """Runs of XP orbs: `engine.entities.xp_orb_kernel.tick_rows`, which hands an orb back to the object path (its
    row restored) where its tick reads something the kernels do not decide, and goes on after it (stops there where
    1.17 orbs merge in the loop: `members`; where they cannot, a merging orb goes back and the loop stops). Every
    release from 1.16.2 runs them (`tnt_kernel.version_bits`, `xp_orb_merging`, the submerged test's eye offset and
    `orb_tick`: 1.21.4's bounce, 1.21.5's tick); before 1.16.2 (`in_lava_by_fluid_height`: a lava flag the move
    sets, not a column), a release that refuses a mechanic they run (`block_effects` in 1.21.5-1.21.6 and 1.21.9,
    `fall_distance` in 1.21.9), and solid entities in the world leave every orb to the object path; so does an orb
    with riders, a vehicle, a step height or movements recorded since its last tick.
    1.21.7+ (the block walk of `apply_effects_from_blocks`) runs as items do: `move_self` hands back an orb whose
    path comes near a block with an effect, fire or lava. A world with a player leaves every orb to the object path,
    which follows it (`follow_player`)."""

    table = XP_ORB_ROWS
    _traced = False
    _members: tuple[World, tuple[int, int], tuple[np.ndarray, np.ndarray, list[Entity]]] | None = None
    mechanics = frozenset({"xp_orb", "entity_move", "supporting_block", "fluids", "void", "fall_distance",
                           "block_effects"})

    def decides(self, world: World, features: Features) -> bool:
        return not (world.collidable_count or features.refused & self.mechanics or features.move_motion_fields
                    or features.collision_aabb_lists or features.xp_orb_tick_1_12
                    or self.world_holds(world, is_player)) \
            and features.in_lava_by_fluid_height and features.submerged_below_eye

    def rows_of(self, run: list[Entity], traced: bool) -> np.ndarray:
        self._traced = traced      # a traced run replays each compiled tick alone: its merges go back (tick_rows)
        return super().rows_of(run, traced)

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        edges, lava_push = self.world_arguments(world)
        members, slot, entities = self.members(world) if features.xp_orb_merging and not self._traced else _NONE
        state = np.array([world.entities_queried, len(members), 0], dtype=np.int64)
        found = np.empty(len(members), dtype=np.int64)
        stop = kernel.tick_rows(*block_arrays(world), cells, XP_ORB_ROWS.f, XP_ORB_ROWS.i, rows, start,
                                slipperiness_column(), version_bits(features), edges, NO_EFFECT_SECTIONS, lava_push,
                                normalize_zero_below(features), float(void_y(world.dimension, features)),
                                f32(XP_ORB_HEIGHT * EYE_HEIGHT_FACTOR),
                                0.0 if features.submerged_at_eye else SUBMERGED_EYE_OFFSET,
                                features.xp_orb_merging, orb_tick(features), marks, saved_f, saved_i,
                                members, slot, state, MAX_QUERIED_ENTITIES, found)
        world.entities_queried = int(state[kernel.S_QUERIED])
        for m in found[:state[kernel.S_REMOVED]].tolist():
            entities[m].remove()      # the row's flag is set: the entity's own, and the tick's lists (edited)
        if state[kernel.S_NEXT_PLACE] != len(members):
            self._members = None      # the loop refiled orbs in its copy: the world files them after it
        return stop

    def members(self, world: World) -> tuple[np.ndarray, np.ndarray, list[Entity]]:
        """`tick_rows`' members (`xp_orb_kernel.M_*`: each entity of the world's sections in the world's order, with
        its row, id, section and place), each table row's member index, and the entities; none where an entity
        is not an orb (the loop then hands every merging orb back). Kept while the sections do not change."""
        key = (world.section_moves, len(XP_ORB_ROWS.f))
        if self._members is not None and self._members[0] is world and self._members[1] == key:
            return self._members[2]
        entities = list(world.sectioned_entities())
        if all(type(e) is ExperienceOrb for e in entities):
            members = np.array([(e._r, e.id, *e.chunk_key_, place) for place, e in enumerate(entities)],
                               dtype=np.int64).reshape(len(entities), 6)
        else:
            members, entities = _NONE[0], []
        slot = np.full(len(XP_ORB_ROWS.f), -1, dtype=np.int64)
        slot[members[:, kernel.M_ROW]] = np.arange(len(members))
        self._members = (world, key, (members, slot, entities))
        return self._members[2]

    def finish(self, e: Entity, sim: TickContext) -> None:
        raise AssertionError("the XP orb loop never stops at an orb it ticked")


def orb_tick(features: Features) -> int:
    """Which of the orb's ticks the release runs (`xp_orb_kernel.TICK_*`)."""
    if features.xp_orb_tick_1_21_8:
        return kernel.TICK_1_21_8
    return kernel.TICK_1_21_4 if features.xp_orb_bounce_prev_y else kernel.TICK_1_16


class ExperienceOrb(RowBacked, Entity):
    MECHANIC = "xp_orb"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:experience_orb"
    can_trigger_walking = False   # ExperienceOrbEntity.canClimb (1.14.4; MCP canTriggerWalking)
    batch = XpOrbBatch()
    WIDTH = XP_ORB_WIDTH
    HEIGHT = XP_ORB_HEIGHT
    velocity_affecting_offset = ITEM_VELOCITY_AFFECTING_OFFSET   # getVelocityAffectingPos (1.20)
    FIELDS = {"age": int, "value": int, "pickup_delay": int, "picking_count": int}
    FIELD_ATTRIBUTES = {"age": "orb_age"}
    ROWS = XP_ORB_ROWS
    orb_age = extra_int(XP_ORB_ROWS, "orb_age")    # ExperienceOrbEntity.orbAge (its own field, not Entity.age)
    value = extra_int(XP_ORB_ROWS, "value")
    pickup_delay = extra_int(XP_ORB_ROWS, "pickup_delay")
    picking_count = extra_int(XP_ORB_ROWS, "picking_count")
    health = extra_int(XP_ORB_ROWS, "health")
    submerged_in_water = extra_flag(XP_ORB_ROWS, "submerged_in_water")
    first_update = extra_flag(XP_ORB_ROWS, "first_update")

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.orb_age = 0
        self.value = 1
        self.pickup_delay = 0
        self.picking_count = 1       # pickingCount (NBT "Count", 1.17): the orbs merged into this one
        self.health = XP_ORB_HEALTH
        self.target: int | None = None   # the id of the player it follows (`target`, not saved: none when loaded)

    def type_fields(self) -> dict[str, Any]:
        fields = {"age": self.orb_age, "value": self.value}
        if self.picking_count != 1:
            fields["picking_count"] = self.picking_count
        return fields

    def constructed(self, features: Features) -> None:
        """1.12.2 (`xp_orb_tick_1_12`): `EntityXPOrb(World)`, the constructor of a summoned or loaded orb (a
        scene's), sets the size 0.25 × 0.25; only `EntityXPOrb(world, x, y, z, value)` sets 0.5 × 0.5."""
        if features.xp_orb_tick_1_12:
            self.width = self.height = XP_ORB_LOADED_SIZE_1_12
            self.set_position(self.pos)

    def handle_water_movement(self, sim: TickContext) -> bool:
        """1.12.2's `EntityXPOrb.handleWaterMovement`: the push over its whole box; `inWater` is not set."""
        return handle_material_acceleration(self, sim, self.box)

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ExperienceOrbEntity.tick`: spec 06 §4.2, the stages `engine.entities.xp_orb_kernel`'s on this entity's
        row."""
        world = sim.world
        run_stage(rec, self, BASE, self.base_tick, sim, rec)                                # 1 F
        if sim.features.xp_orb_tick_1_12:
            self._tick_1_12(sim, rec)
            return
        if sim.features.xp_orb_tick_1_21_8:
            self._tick_1_21_8(sim, rec)
            return
        # vanilla goes on even when the base tick removed the entity (lava, fire, the void): it leaves the world
        # after its tick
        merging = sim.features.xp_orb_merging
        f, i, r = self._t.f, self._t.i, self._r
        if not merging:                                                                     # 2 (gone in 1.17)
            _count_down_pickup_delay(i, r)
        if self.submerged_in_water:                                                         # 3
            run_stage(rec, self, WATER, _water_movement, f, r)
        elif not self.no_gravity:
            run_stage(rec, self, GRAVITY, _gravity, f, r)
        p = self.pos
        if fluid_at(world, floor(p.x), floor(p.y), floor(p.z)).fluid == "lava":            # 4
            run_stage(rec, self, LAVA, flee_lava, self, not merging)
        if not world.is_space_empty(self.box):                                              # 5
            b = self.box
            run_stage(rec, self, PUSH_OUT, push_out_of_blocks, self, world, self.pos.x,
                      (b.min_y + b.max_y) / 2.0, self.pos.z, sim.features)
        if merging and self.age % XP_ORB_MERGE_PERIOD == 1:                                # 6 (1.17)
            run_stage(rec, self, MERGE, self.expensive_update, sim)
        elif not merging and searches_1_12(self):                                           # 6
            self.update_target(sim)
        run_stage(rec, self, FOLLOW, self.follow_player, sim)                               # 7, 8
        prev_y = self.motion.y                                  # 1.21.4: the Y the bounce takes, before the move
        move(self, sim, MovementType.SELF, self.motion, rec)                                # 9 M
        run_stage(rec, self, DRAG, slippery_drag, self, world, sim.features, XP_ORB_DRAG, XP_ORB_DRAG_Y)  # 10, 11 D
        if self.on_ground and sim.features.xp_orb_bounce_prev_y:                            # 12 (1.21.4)
            run_stage(rec, self, BOUNCE, _bounce_back, f, r, prev_y)
        elif self.on_ground:                                                                # 12
            run_stage(rec, self, BOUNCE, _bounce, f, r)
        _grow_older(i, r)
        if self.orb_age >= XP_ORB_MAX_AGE:                                                  # 13
            self.remove()

    def _tick_1_12(self, sim: TickContext, rec: Recorder | None) -> None:
        """1.12.2's and 1.13.2's `EntityXPOrb.onUpdate` after the base tick (`xp_orb_tick_1_12`): gravity
        (double)0.03F on motionY alone, in water too (1.13.2: 1.14's water movement where its eyes are in water);
        lava in the position's cell kicks it (the burn sound draws); the push out of blocks where a collision box
        intersects the box (`in_blocks_1_12`); the move; X and Z × 0.98F (on the ground × the
        slipperiness of the block at floor(minY) − 1), Y × (double)0.98F, then on the ground Y × (double)−0.9F.
        Before the move, the player search by `xpTargetColor` (`searches_1_12`) and the pull
        (`follow_player_1_12`)."""
        world = sim.world
        if self.pickup_delay > 0:
            self.pickup_delay -= 1
        # 1.13.2 (water_material_acceleration off): applyWaterMovement where its eyes are in water, as 1.14
        if self.submerged_in_water and not sim.features.water_material_acceleration:
            run_stage(rec, self, WATER, _water_movement, self._t.f, self._r)
        elif not self.no_gravity:
            run_stage(rec, self, GRAVITY, subtract_motion_y, self, XP_ORB_GRAVITY_1_12)
        p = self.pos
        if fluid_at(world, floor(p.x), floor(p.y), floor(p.z)).fluid == "lava":
            run_stage(rec, self, LAVA, flee_lava, self, True)
        b = self.box
        if in_blocks_1_12(self, world, sim.features):
            run_stage(rec, self, PUSH_OUT, push_out_of_blocks, self, world, p.x, (b.min_y + b.max_y) / 2.0, p.z,
                      sim.features)
        if searches_1_12(self):
            self.update_target(sim)
        run_stage(rec, self, FOLLOW, self.follow_player_1_12, sim)
        move(self, sim, MovementType.SELF, self.motion, rec)
        # the block at floor(minY) - 1 is the one at floor(y - 1.0): the box's minY is the position's y
        run_stage(rec, self, DRAG, slippery_drag, self, world, sim.features, XP_ORB_DRAG, DRAG_1_12)
        if self.on_ground:
            run_stage(rec, self, BOUNCE, scale_motion, self, 1.0, XP_ORB_BOUNCE_1_12, 1.0)
        _grow_older(self._t.i, self._r)
        if self.orb_age >= XP_ORB_MAX_AGE:
            self.remove()

    def _tick_1_21_8(self, sim: TickContext, rec: Recorder | None) -> None:
        """1.21.8's `ExperienceOrb.tick` after the base tick (`xp_orb_tick_1_21_8`; 1.21.11 the same): in water the
        water movement, else gravity only while the box collides with no block; the lava kick; the merge every 20
        ticks; `followNearbyPlayer` (every tick); the push out of blocks only where the box collides, it follows no
        player and (from 1.21.6, `xp_orb_push_moved_box`) the box moved by the Motion collides too; the move; the
        Motion × 0.98F on every axis (on the ground × the slipperiness × 0.98F); where the move landed and the Y
        before it was below -0.03, Y := -(that Y) × 0.4."""
        world, f, i, r = sim.world, self._t.f, self._t.i, self._r
        colliding = not world.is_space_empty(self.box)
        if self.submerged_in_water:
            run_stage(rec, self, WATER, _water_movement, f, r)
        elif not colliding and not self.no_gravity:
            run_stage(rec, self, GRAVITY, _gravity, f, r)
        p = self.pos
        if fluid_at(world, floor(p.x), floor(p.y), floor(p.z)).fluid == "lava":
            run_stage(rec, self, LAVA, flee_lava, self, False)
        if self.age % XP_ORB_MERGE_PERIOD == 1:
            run_stage(rec, self, MERGE, self.expensive_update, sim)
        run_stage(rec, self, FOLLOW, self.follow_nearby_player, sim)
        m = self.motion
        if colliding and self.target is None and (        # following no player; 1.21.6: the moved box too
                not sim.features.xp_orb_push_moved_box or not world.is_space_empty(self.box.offset(m.x, m.y, m.z))):
            b = self.box
            run_stage(rec, self, PUSH_OUT, push_out_of_blocks, self, world, self.pos.x,
                      (b.min_y + b.max_y) / 2.0, self.pos.z, sim.features)
        prev_y = self.motion.y
        move(self, sim, MovementType.SELF, self.motion, rec)
        run_stage(rec, self, DRAG, slippery_drag, self, world, sim.features, XP_ORB_DRAG, None)
        if self.on_ground and prev_y < XP_ORB_GRAVITY:       # verticalCollisionBelow, prevY < -getGravity()
            run_stage(rec, self, BOUNCE, _bounce_back, f, r, prev_y)
        _grow_older(i, r)
        if self.orb_age >= XP_ORB_MAX_AGE:
            self.remove()

    def target_player(self, sim: TickContext) -> Entity | None:
        """The player it follows, in the world; a target that left the world (the game keeps following where it
        was) stops the run."""
        if self.target is None:
            return None
        player = sim.entity_by_id(self.target)
        if player is None or player.removed:
            raise refusal(sim.features, "xp_orb", f"entity {self.id} ({self.TYPE}), tick {sim.tick_count}",
                          f"it follows player {self.target}, which left the world: not simulated")
        return player

    def update_target(self, sim: TickContext) -> None:
        """The search of `tick` (1.12.2-1.16.5) and `expensiveUpdate` (1.17): a new closest player within 8 blocks
        where it has none or the one it has is more than 8 blocks away (squared distance above 64)."""
        player = self.target_player(sim)
        if player is None or player.pos.squared_distance_to(self.pos) > XP_ORB_FOLLOW_RANGE_SQ:
            found = get_closest_player(sim, self.pos)
            self.target = None if found is None else found.id

    def follow_player(self, sim: TickContext) -> None:
        """`ExperienceOrbEntity.tick` 7-8 (1.14-1.21.4): a target spectating (none: spectators are not modelled)
        or, from 1.17, dead is dropped; towards the target's position raised by half its standing eye height, the
        vector v: where |v|² < 64, Motion += normalize(v) × (1 − |v|/8)² × 0.1."""
        player = self.target_player(sim)
        if player is not None and sim.features.xp_orb_merging and player.is_dead():
            self.target = player = None
        if player is None:
            return
        v = self.to_eyes(player)
        d = v.x * v.x + v.y * v.y + v.z * v.z
        if d < XP_ORB_FOLLOW_RANGE_SQ:
            self.pull(sim, v, d)

    def follow_nearby_player(self, sim: TickContext) -> None:
        """1.21.5+ `ExperienceOrb.followNearbyPlayer`, every tick: with no target, a spectating one or one more
        than 8 blocks away, the closest player within 8 blocks if it is alive (else none); then towards the
        target, Motion += normalize(v) × (1 − |v|/8)² × 0.1 with no range test (v reaches half the eye height
        above the position: a little beyond 8 blocks the pull grows again)."""
        player = self.target_player(sim)
        if player is None or player.pos.squared_distance_to(self.pos) > XP_ORB_FOLLOW_RANGE_SQ:
            player = get_closest_player(sim, self.pos)
            if player is not None and player.is_dead():
                player = None
            self.target = None if player is None else player.id
        if player is not None:
            v = self.to_eyes(player)
            self.pull(sim, v, v.x * v.x + v.y * v.y + v.z * v.z)

    def to_eyes(self, player: Entity) -> Vec3:
        """The vector from the orb to the player's position raised by half its eye height (a float, then
        (double)eye / 2.0)."""
        return Vec3(player.pos.x - self.pos.x, player.pos.y + player.eye_height / 2.0 - self.pos.y,
                    player.pos.z - self.pos.z)

    def pull(self, sim: TickContext, v: Vec3, d: float) -> None:
        """Motion += `v`.normalize() × e² × 0.1, e = 1 − √d / 8 (`Vec3d.normalize`: float length up to 1.16.5)."""
        e = 1.0 - math.sqrt(d) / XP_ORB_FOLLOW_RANGE
        n = v.normalize(sim.features.vec_double, normalize_zero_below(sim.features))
        s = e * e * XP_ORB_FOLLOW_PULL
        m = self.motion
        self.motion = Vec3(m.x + n.x * s, m.y + n.y * s, m.z + n.z * s)

    def follow_player_1_12(self, sim: TickContext) -> None:
        """1.12.2's and 1.13.2's `EntityXPOrb.onUpdate`: towards the target (none where spectating) the vector
        (Δx, Δy + getEyeHeight()/2, Δz) / 8.0 of length d; where 1 − d > 0, each motion field += its part / d ×
        (1 − d)² × 0.1. An orb exactly at that point divides by zero (the game's Motion becomes NaN): stopped."""
        player = self.target_player(sim)
        if player is None:
            return
        dx = (player.pos.x - self.pos.x) / XP_ORB_FOLLOW_RANGE
        dy = (player.pos.y + player.eye_height / 2.0 - self.pos.y) / XP_ORB_FOLLOW_RANGE
        dz = (player.pos.z - self.pos.z) / XP_ORB_FOLLOW_RANGE
        d = math.sqrt(dx * dx + dy * dy + dz * dz)
        e = 1.0 - d
        if e > 0.0:
            if d == 0.0:
                raise refusal(sim.features, "xp_orb", f"entity {self.id} ({self.TYPE}), tick {sim.tick_count}",
                              f"it sits at player {player.id}'s eye-height midpoint: the game's Motion becomes NaN")
            e = e * e
            m = self.motion
            self.motion = Vec3(m.x + dx / d * e * XP_ORB_FOLLOW_PULL, m.y + dy / d * e * XP_ORB_FOLLOW_PULL,
                               m.z + dz / d * e * XP_ORB_FOLLOW_PULL)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`ExperienceOrbEntity.damage`: health = (int)(health − amount), removed at ≤ 0, whatever the source
        (explosion, lava, fire, cactus); always false, as vanilla returns."""
        self.health = to_int(self.health - amount)
        if self.health <= 0:
            self.remove()
        return False

    def expensive_update(self, sim: TickContext) -> list[int]:
        """`expensiveUpdate` (1.17): the player search (`update_target`); then every orb of this one's value in its
        box expanded by 0.5 whose id differs from this one's by a multiple of 40 merges into it (`merge`: their
        counts add up, the lower age stays, the other orb is removed). The ids merged, in the world's order."""
        self.update_target(sim)
        others = sim.world.get_entities(self, self.box.expand(XP_ORB_MERGE_REACH),
                                        lambda o: isinstance(o, ExperienceOrb) and is_mergeable(o, self.id, self.value))
        for other in others:
            _merge(self._t.i, self._r, other._r)
            other.remove()
        return [o.id for o in others]



def is_player(e: Entity) -> bool:
    return e.is_player


def searches_1_12(orb: ExperienceOrb) -> bool:
    """Whether this tick runs the player search of 1.12.2-1.16.5 (`lastTargetUpdateTick < renderTicks − 20 + id %
    100`, then `lastTargetUpdateTick = renderTicks`; 1.12.2 `xpTargetColor`, `xpColor`). Neither counter is saved,
    both start at 0, and renderTicks counts the orb's ticks (its age − 1 during its tick), so with q = 20 − id % 100
    the search runs every tick where q < 0, else where renderTicks is a positive multiple of q + 1."""
    q = XP_ORB_TARGET_PERIOD - orb.id % XP_ORB_TARGET_IDS
    r = orb.age - 1
    return q < 0 or r > 0 and r % (q + 1) == 0


def get_closest_player(sim: TickContext, pos: Vec3) -> Entity | None:
    """`World.getClosestPlayer(entity, 8.0)` (1.12.2 `getClosestPlayerToEntity`, 1.21 `getNearestPlayer`): of the
    players not spectating (spectators are not modelled), in the world's order, the first whose squared distance
    from `pos` is the least below 64."""
    found, best = None, -1.0
    for player in sim.players:
        d = player.pos.squared_distance_to(pos)
        if d < XP_ORB_FOLLOW_RANGE_SQ and (best == -1.0 or d < best):
            found, best = player, d
    return found


def get_experience_value(amount: int) -> int:
    """`ExperienceOrbEntity.getExperienceValue`: the largest orb size not above `amount`."""
    return next((v for v in XP_ORB_VALUES if amount >= v), 1)


def spawn_orbs(sim: TickContext, pos: Vec3, amount: int) -> list[ExperienceOrb]:
    """Split `amount` into orbs as vanilla does and create each with `new ExperienceOrbEntity(world, x, y, z, v)`:
    yaw, then Motion ((r·0.2F − 0.1F)·2, r·0.2·2, (r·0.2F − 0.1F)·2) from the orb's own Random (spec 06 §4.1).
    From 1.17 (`ExperienceOrbEntity.spawn`) each first tries to merge into an orb already there."""
    if sim.features.xp_orb_tick_1_12:
        raise refusal(sim.features, "xp_orb", f"a spawn at {list(pos)}, tick {sim.tick_count}", "1.12.2's and "
                      "1.13.2's new EntityXPOrb(world, x, y, z, value) draws its yaw and Motion from "
                      "Math.random() (unseeded): not reproducible")
    orbs = []
    while amount > 0:
        value = get_experience_value(amount)
        amount -= value
        if sim.features.xp_orb_merging and merged_into_existing_orb(sim, pos, value):
            continue
        orb = sim.create(ExperienceOrb, pos)
        orb.value = value
        r = orb.random
        spread, offset = XP_ORB_SPAWN_SPREAD, XP_ORB_SPAWN_OFFSET
        if sim.features.xp_orb_spawn_1_21_7:     # nextFloat × 360.0F; the Motion in double
            orb.yaw = f32(r.next_float() * f32(360.0))
            spread, offset = XP_ORB_SPAWN_SPREAD_1_21_8, XP_ORB_SPAWN_OFFSET_1_21_8
        else:
            orb.yaw = f32(r.next_double() * 360.0)
        orb.motion = Vec3((r.next_double() * spread - offset) * XP_ORB_SPAWN_SCALE,
                          r.next_double() * XP_ORB_SPAWN_VY * XP_ORB_SPAWN_SCALE,
                          (r.next_double() * spread - offset) * XP_ORB_SPAWN_SCALE)
        if sim.features.xp_orb_spawn_1_21_7 and not sim.world.is_space_empty(orb.box):
            raise refusal(sim.features, "xp_orb", f"a spawn at {list(pos)}, tick {sim.tick_count}", "1.21.8's new "
                          "ExperienceOrb in a block moves it by unstuckIfPossible (Level.findFreePosition): not "
                          "simulated")
        sim.add_entity(orb)
        orbs.append(orb)
    return orbs


def is_mergeable(orb: ExperienceOrb, seed: int, value: int) -> bool:
    """`isMergeable(orb, seed, amount)` (1.17): a live orb of that value whose id − seed (a Java int) is a multiple
    of 40."""
    return not orb.removed and wrap_int(orb.id - seed) % XP_ORB_MERGE_IDS == 0 and orb.value == value


def merged_into_existing_orb(sim: TickContext, pos: Vec3, value: int) -> bool:
    """`wasMergedIntoExistingOrb` (1.17): a world Random draw below 40 as the seed; the first mergeable orb in the
    1-block box around `pos` counts one more orb and its age restarts. Where two or more could take it, the first in
    1.17's entity-section order would: that order is not modelled, so the run stops in one line."""
    h = XP_ORB_SPAWN_MERGE_BOX / 2.0
    box = Box(pos.x - h, pos.y - h, pos.z - h, pos.x + h, pos.y + h, pos.z + h)
    seed = sim.random.next_int(XP_ORB_MERGE_IDS)
    found = sim.world.get_entities(None, box, lambda o: isinstance(o, ExperienceOrb) and is_mergeable(o, seed, value))
    if len(found) > 1:
        raise refusal(sim.features, "xp_orb", f"a spawn at {list(pos)}, tick {sim.tick_count}",
                      f"orbs {[o.id for o in found]} could each take the new orb; the entity-section order of 1.17 "
                      "that picks the first is not modelled")
    if found:
        found[0].picking_count = wrap_int(found[0].picking_count + 1)
        found[0].orb_age = 0
    return bool(found)
