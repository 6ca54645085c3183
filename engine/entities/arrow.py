"""`PersistentProjectileEntity`: arrows and tridents (spec 06 §7): stuck in the ground, the 0.05 back-off, the
1.16 release rule, piercing bookkeeping.

Order in flight F Dc D G M Dc': base tick, raycast collision and its handling, drag, gravity, the position moves by
the Motion read after the hit, then `checkBlockCollision` (spec 06 §7.2). From 1.21.2 (`arrow_tick_1_21_2`,
docs/versions.md) the tick starts with the in-ground test; in the ground it falls or ages and checks its blocks
without the base tick; in flight Dc M Dc' (`applyCollision`: the move to each entity hit along the raycast, then
to the block hit, each hit handled on the way) D G F.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from engine.constants import (
    ARROW_BACK_OFF,
    ARROW_BOUNCE,
    ARROW_DAMAGE,
    ARROW_DEFLECTED,
    ARROW_DEFLECTED_SLOWDOWN,
    ARROW_DROP_OFFSET,
    ARROW_EYE_HEIGHT,
    ARROW_GRAVITY,
    ARROW_GRAVITY_DOUBLE,
    ARROW_HEIGHT,
    ARROW_MIN_SPEED_SQUARED,
    ARROW_OWNER_FLYING_TICKS,
    ARROW_RELEASE_FACTOR,
    ARROW_RELEASE_MARGIN,
    ARROW_SHAKE,
    ARROW_SPEED,
    ARROW_WATER_DRAG,
    ARROW_WIDTH,
    BOW_FULL_PULL,
    BOW_PULL_DIVISOR,
    BOW_PULL_LINEAR,
    BOW_PULL_TICKS,
    COLLISION_EPSILON,
    PROJECTILE_SEARCH_EXPANSION,
    TRIDENT_BOUNCE,
    TRIDENT_BOUNCE_1_13,
    TRIDENT_DAMAGE_GROUND_TICKS,
    TRIDENT_DEFLECTED_SLOWDOWN,
    TRIDENT_HIT_DAMAGE,
    TRIDENT_SPEED,
    TRIDENT_WATER_DRAG,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities import arrow_kernel as kernel
from engine.entities.arrow_1_12 import on_entity_hit_1_12, tick_1_12
from engine.entities.arrow_kernel import ARROW_ROWS, I_DEALT, I_IN_BLOCK, NO_TRIDENT, TRIDENT_ROWS
from engine.entities.common import scale_motion
from engine.entities.item import spawn_dropped
from engine.entities.projectile import (
    ALLOWED,
    BASE,
    DISALLOWED,
    EntityHitResult,
    HitResult,
    Projectile,
    collides,
    compute_margin,
    damage,
    get_entity_collision_by_margin,
    including_world_border,
    is_miss,
)
from engine.entities.rows import HANDED, RowBacked, RowBatch, extra_flag, extra_float, extra_int, multiply_motion
from engine.entities.thrown import flight_arguments
from engine.entities.thrown_kernel import gravity
from engine.geometry.box import ZERO, Box, Vec3
from engine.java.javanum import INT_MAX, f32, signum
from engine.java.mathhelper import ceil, clamp, floor
from engine.jit import plain
from engine.motion.block_effects import check_block_collision
from engine.motion.collision_kernel import block_arrays
from engine.motion.raycast import FLUID_NONE, BlockHitResult, raycast_blocks, raycast_boxes
from engine.world.block_tables import shape_boxes

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

STUCK = StageInfo("stuck_check", "PersistentProjectileEntity.tick")
RELEASE = StageInfo("release", "PersistentProjectileEntity.method_26352")
AGE = StageInfo("age", "PersistentProjectileEntity.age")
COLLISION = StageInfo("collision", "PersistentProjectileEntity.tick", "Dc")
ON_COLLISION = StageInfo("on_collision", "ProjectileEntity.onCollision")
DRAG = StageInfo("drag", "PersistentProjectileEntity.tick", "D")
GRAVITY = StageInfo("gravity", "PersistentProjectileEntity.tick", "G")
POSITION = StageInfo("position_update", "Entity.updatePosition", "M")
BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision", "Dc")
_drag, _gravity = plain(multiply_motion), plain(gravity)   # the row loop's stages, as plain Python
_box_contains, _age, _release_cube = plain(kernel.box_contains), plain(kernel.age), plain(kernel.release_cube)
_apply_drag, _stick, _set_in_ground = plain(kernel.apply_drag), plain(kernel.stick), plain(kernel.set_in_ground)


class ArrowBatch(RowBatch):
    """Runs of arrows or of tridents: `engine.entities.arrow_kernel.tick_rows` up to one whose tick the object path
    takes (it may hit an entity or a block, fall out of its block, or meet what the kernels do not decide), then on
    after it with the world as the object path left it. Releases 1.16.2-1.21.11 run them (the gravity a float or,
    from 1.20.5, a double; `version_bits` for the fluid push and, in a release refusing `block_effects`, the check
    by section; from 1.21.2 another order, `late`, with 1.21.4's drag split and 1.21.7's zeroed Motion as
    arguments); 1.14-1.15.2 (`arrow_left_owner` false: flyingTick, the owner skipped by the entity search), before
    1.16.2 (the inLava flag) and a release refusing a mechanic they run leave every arrow to the object path; so
    does an arrow with riders or a vehicle, or with movements recorded since its last tick (1.21.7's block walk).
    Traced runs replay the loop's ticks (`replays`)."""

    mechanics = frozenset({"arrow", "fluids", "void"})

    def __init__(self, kind: type[PersistentProjectile]) -> None:
        self.kind = kind
        self.table = kind.ROWS

    def decides(self, world: World, features: Features) -> bool:
        return not (features.refused & self.mechanics or features.water_material_acceleration) \
            and features.arrow_left_owner and features.arrow_release_point_box and features.in_lava_by_fluid_height \
            and features.submerged_below_eye

    def row(self, e: PersistentProjectile, traced: bool) -> int:
        return -1 if e.passengers or e.vehicle is not None or e.movements else e._r

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        v, lava_push, zero_below, void, eye, below_eye, deflate, border, effects, boxes, _, sections, counts, filed, \
            queried = flight_arguments(world, features, ARROW_EYE_HEIGHT, len(rows) - start, None)
        kind = self.kind
        stop, status, queried = kernel.tick_rows(
            *block_arrays(world), *shape_boxes(), cells, kind.ROWS.f, kind.ROWS.i, rows, start,
            kind.gravity_of(features), kind.WATER_DRAG, kind.DEALT, features.arrow_tick_1_21_2,
            features.arrow_in_ground_zeroes_motion, features.arrow_drag_split, v, lava_push, zero_below, void, eye,
            below_eye, deflate, border, effects, boxes, sections, counts, filed, queried, marks, saved_f, saved_i)
        world.entities_queried = queried
        return stop, status

    def finish(self, e: Entity, sim: TickContext) -> None:
        raise AssertionError(f"the arrow loop stops only with {HANDED}")


def _in_block_state_id(self: PersistentProjectile) -> int | None:
    """`inBlockState`, by state id (None: none; −1 in its row)."""
    sid = int(self._t.i[self._r, I_IN_BLOCK])
    return None if sid < 0 else sid


def _set_in_block_state_id(self: PersistentProjectile, sid: int | None) -> None:
    self._t.i[self._r, I_IN_BLOCK] = -1 if sid is None else sid


class PersistentProjectile(RowBacked, Projectile):
    """Its state is a row of `ARROW_ROWS` (a trident's of `TRIDENT_ROWS`; engine.entities.arrow_kernel); each kind's
    runs take its `ArrowBatch`. Its pickup rule (`pickupType`) is DISALLOWED where no NBT "pickup" says otherwise
    (a summoned arrow: every release read, 1.12.2-1.21.3); a player's shot and a dispenser's arrow are ALLOWED, but
    a bow's shot without an arrow held, the creative or Infinity one, which is CREATIVE_ONLY (`engine.living.bow`)."""

    MECHANIC = "arrow"   # the versions table's row (engine/core/versions.py)
    ROWS = ARROW_ROWS
    DEALT: ClassVar[int] = NO_TRIDENT   # the dealtDamage column the row loop reads (tridents)
    owner = extra_int(ARROW_ROWS, "owner")
    left_owner = extra_flag(ARROW_ROWS, "left_owner")
    first_update = extra_flag(ARROW_ROWS, "first_update")
    submerged_in_water = extra_flag(ARROW_ROWS, "submerged_in_water")
    in_ground = extra_flag(ARROW_ROWS, "in_ground")
    in_block_state_id = property(_in_block_state_id, _set_in_block_state_id)
    in_ground_time = extra_int(ARROW_ROWS, "in_ground_time")
    life = extra_int(ARROW_ROWS, "life")
    shake = extra_int(ARROW_ROWS, "shake")
    critical = extra_flag(ARROW_ROWS, "critical")
    pierce_level = extra_int(ARROW_ROWS, "pierce_level")
    flying_tick = extra_int(ARROW_ROWS, "flying_tick")
    damage_value = extra_float(ARROW_ROWS, "damage_value")
    WIDTH = ARROW_WIDTH
    can_trigger_walking = False   # ProjectileEntity.canClimb (1.14.4; MCP canTriggerWalking)
    HEIGHT = ARROW_HEIGHT
    WATER_DRAG: ClassVar[float] = ARROW_WATER_DRAG
    FIELDS: ClassVar[dict[str, type]] = {**Projectile.FIELDS, "in_ground": bool, "life": int, "shake": int,
                                         "critical": bool, "pierce_level": int, "flying_tick": int, "pickup": str}
    ITEM: ClassVar[str] = "minecraft:arrow"   # asItemStack: what a player picking it up gets

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.batch = ArrowBatch(cls)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.in_ground = False
        self.in_block_state_id = None
        self.in_ground_time = 0
        self.life = 0
        self.shake = 0
        self.critical = False
        self.pierce_level = 0
        self.pierced: tuple[int, ...] = ()           # piercedEntities (ids), kept immutable for snapshots
        self.damage_value = ARROW_DAMAGE             # the `damage` field (Power and difficulty not modelled)
        self.flying_tick = 0                         # flyingTick, up to 1.15.2 (not in the game's NBT)
        self.tile = (0, 0, 0)                        # 1.12.2's xTile/yTile/zTile (arrow_1_12: 0 0 0 when loaded)
        self.pickup = DISALLOWED                     # pickupType

    @property
    def eye_height(self) -> float:
        return ARROW_EYE_HEIGHT

    def type_fields(self) -> dict[str, Any]:
        fields = {**super().type_fields(), "in_ground": self.in_ground, "life": self.life, "shake": self.shake,
                  "critical": self.critical, "pierce_level": self.pierce_level, "pickup": self.pickup}
        return fields | {"flying_tick": self.flying_tick} if self.flying_tick else fields   # counted up to 1.15.2

    def after_use(self, speed: float) -> None:
        """Shot by a player: `PersistentProjectileEntity(type, owner, world)` makes a player's shot ALLOWED. The bow
        then makes its creative or Infinity shot CREATIVE_ONLY (`engine.living.bow`); `TridentItem.onStoppedUsing`
        makes only a creative thrower's trident CREATIVE_ONLY (the engine's thrower, `invulnerable` or not, is a
        survival one, whose trident stays ALLOWED)."""
        self.pickup = ALLOWED

    def attacker(self, sim: TickContext) -> Entity | None:
        """`DamageSource.arrow(this, owner)`: the owner, or the arrow itself without one."""
        return self.get_owner(sim) or self

    def finds_entities(self) -> bool:
        """Whether the entity search runs at all (a trident that dealt damage finds nothing)."""
        return True

    def on_entity_hit_1_12(self, sim: TickContext, hit: EntityHitResult) -> None:
        """1.12.2-1.13.2: `EntityArrow.onHit`'s entity branch (`arrow_1_12`)."""
        on_entity_hit_1_12(self, sim, hit)

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`PersistentProjectileEntity.tick`: spec 06 §7.2 (1.12.2: `arrow_1_12.tick_1_12`)."""
        if sim.features.arrow_tick_1_12:
            tick_1_12(self, sim, rec)
            return
        if sim.features.arrow_tick_1_21_2:
            self.tick_1_21_2(sim, rec)
            return
        if sim.features.arrow_left_owner:
            self.projectile_tick(sim, rec)                                                    # 1 F
        else:   # up to 1.15.2 ProjectileEntity extends Entity: no "left owner" to update
            run_stage(rec, self, BASE, self.base_tick, sim, rec)
        no_clip = self.no_clip
        world = sim.world
        p = self.pos
        bx, by, bz = floor(p.x), floor(p.y), floor(p.z)
        state = world.get_block_state(bx, by, bz)
        if not state.is_air and not no_clip and run_stage(rec, self, STUCK, self.inside_block, state, sim.world):  # 2
            self.in_ground = True
        if self.shake > 0:
            self.shake -= 1
        if self.in_ground and not no_clip:                                                    # 3
            if self.in_block_state_id != state.id and self.can_release(sim):
                run_stage(rec, self, RELEASE, self.release)
            else:
                run_stage(rec, self, AGE, self.age_stuck)
            self.in_ground_time += 1
            return
        self.in_ground_time = 0
        if not sim.features.arrow_left_owner:
            self.flying_tick += 1
        run_stage(rec, self, COLLISION, self.collide, sim, no_clip, rec)                     # 4, 5
        v = self.motion
        target = self.pos.plus(v)
        run_stage(rec, self, DRAG, _apply_drag, self._t.f, self._t.i, self._r, self.WATER_DRAG)   # 6 D
        if not self.no_gravity and not no_clip:                                               # 7 G
            run_stage(rec, self, GRAVITY, _gravity, self._t.f, self._r, self.gravity(sim))
        run_stage(rec, self, POSITION, self.set_position, target)                             # 8 M
        run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)                   # 9

    def tick_1_21_2(self, sim: TickContext, rec: Recorder | None) -> None:
        """`PersistentProjectileEntity.tick` from 1.21.2: the in-ground test at the start; in the ground, `fall` or
        `age` and `tickBlockCollision` (no base tick); in flight the raycast with
        `getCollisionsIncludingWorldBorder` and `applyCollision`, `applyDrag` (the water test of the last base
        tick), gravity unless now in the ground, then `ProjectileEntity.tick` (the base tick) last. From 1.21.4
        (`arrow_drag_split`) the water drag comes before the raycast (the path stays the Motion read before it)
        and the air drag 0.99F after the move only out of water. From 1.21.7 the in-ground test zeroes the Motion
        (`arrow_in_ground_zeroes_motion`); from 1.21.10 the left-owner test comes before the raycast
        (`arrow_left_owner_before_raycast`: `checkLeftOwner`, then not again in `Projectile.tick`)."""
        collides = not self.no_clip
        p = self.pos
        state = sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z))
        if not state.is_air and collides and run_stage(rec, self, STUCK, self.inside_block, state, sim.world):
            _stick(self._t.f, self._t.i, self._r, sim.features.arrow_in_ground_zeroes_motion)
        if self.shake > 0:
            self.shake -= 1
        if self.in_ground and collides:
            if self.in_block_state_id != state.id and self.can_release(sim):                  # shouldFall
                run_stage(rec, self, RELEASE, self.release)                                     # fall
            else:
                run_stage(rec, self, AGE, self.age_stuck)
            self.in_ground_time += 1
            if not self.removed:
                run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)           # tickBlockCollision
            return
        self.in_ground_time = 0
        path = self.motion   # the Motion at the tick's start: the path, whatever the drag does before the move
        split = sim.features.arrow_drag_split   # 1.21.4: the water drag first, the air drag last
        if split and self.touching_water:
            run_stage(rec, self, DRAG, _drag, self._t.f, self._r, self.WATER_DRAG)
        owner_checked = sim.features.arrow_left_owner_before_raycast   # 1.21.10: checkLeftOwner here, not in F
        if owner_checked:
            self.check_left_owner(sim, rec)
        if collides:
            run_stage(rec, self, COLLISION, self.apply_collision, sim, rec, path)             # Dc M Dc'
        else:
            run_stage(rec, self, POSITION, self.set_position, p.plus(path))                   # M
            run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)               # Dc'
        if not (split and self.touching_water):                                               # D
            run_stage(rec, self, DRAG, _apply_drag, self._t.f, self._t.i, self._r, self.WATER_DRAG)
        if collides and not self.in_ground and not self.no_gravity:                           # G (getFinalGravity)
            run_stage(rec, self, GRAVITY, _gravity, self._t.f, self._r, self.gravity(sim))
        if owner_checked:   # Projectile.tick's checkLeftOwner skipped: leftOwnerChecked this tick
            run_stage(rec, self, BASE, self.base_tick, sim, rec)                              # F
        else:
            self.projectile_tick(sim, rec)                                                    # F

    def gravity(self, sim: TickContext) -> float:
        """`getGravity` in this release (`gravity_of`)."""
        return self.gravity_of(sim.features)

    @staticmethod
    def gravity_of(features: Features) -> float:
        """`getGravity`: 0.05F up to 1.20.4, the double 0.05 from 1.20.5."""
        return ARROW_GRAVITY_DOUBLE if features.arrow_gravity_double else ARROW_GRAVITY


    def apply_collision(self, sim: TickContext, rec: Recorder | None, path: Vec3) -> None:
        """The block raycast from the position to position + `path` (the Motion at the tick's start; collision
        shapes, no fluids; a path leaving the world border hits it), then `applyCollision` (1.21.2): while alive,
        the entity hit nearest along the path from the current position to the block hit; the move to it (or to
        the block hit, the path's end on a miss) and `tickBlockCollision`; no entity hit: the block hit is handled
        (unless a miss) and the loop ends; an entity hit is handled, and a piercing arrow that was not deflected
        goes on from there. From 1.21.11 (`arrow_hits_many`) every entity along the path is hit in one pass, in the
        order of their positions' distances (`find_hit_entities`); the arrow moves to the first one's hit point."""
        start = self.pos
        block_hit = raycast_blocks(sim.world, start, start.plus(path), FLUID_NONE, rec,
                                   context=self.shape_context(sim.world))
        if sim.features.raycast_world_border:
            block_hit = including_world_border(sim.world.border, start, block_hit)
        while not self.removed:
            segment_start = self.pos
            entity_hits = self.find_hit_entities(sim, segment_start, block_hit.pos, rec)
            run_stage(rec, self, POSITION, self.set_position, (entity_hits[0] if entity_hits else block_hit).pos)
            run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec, segment_start)
            if not entity_hits:
                if not self.removed and not block_hit.missed:
                    run_stage(rec, self, ON_COLLISION, self.hit_or_deflect, sim, block_hit)
                return
            deflected = False
            for entity_hit in entity_hits:   # hitTargetsOrDeflectSelf (1.21.11; before, the one hit)
                if self.removed or deflected:
                    return
                deflected = run_stage(rec, self, ON_COLLISION, self.hit_or_deflect, sim, entity_hit)
            if self.pierce_level <= 0 or deflected:
                return

    def is_pushed_by_fluids(self, features: Features) -> bool:
        """1.21.7 (`arrow_in_ground_unpushed`, `AbstractArrow.isPushedByFluid`): not while stuck (the base tick
        after a block hit)."""
        return not (features.arrow_in_ground_unpushed and self.in_ground)

    def held_in_place(self, features: Features) -> bool:
        """1.21.4 (`arrow_in_ground_still`): a stuck arrow or trident takes no inner bubble-column push
        (`onBubbleColumnCollision`) and no `addVelocity` (an explosion's push)."""
        return features.arrow_in_ground_still and self.in_ground

    def hit_or_deflect(self, sim: TickContext, hit: HitResult) -> bool:
        """`ProjectileEntity.hitOrDeflect` (1.21.2): an arrow's hit on the world border deflects it SIMPLE, then
        Motion × 0.2 (`deflectsAgainstWorldBorder`), and is not a hit; anything else is handled (`onCollision`).
        Whether it was deflected. (Only breezes deflect projectiles that hit them: not simulated.)"""
        if isinstance(hit, BlockHitResult) and hit.against_world_border:
            self.deflect_simple()
            scale_motion(self, ARROW_DEFLECTED_SLOWDOWN, ARROW_DEFLECTED_SLOWDOWN, ARROW_DEFLECTED_SLOWDOWN)
            return True
        self.on_collision(sim, hit)
        return False

    def inside_block(self, state, world) -> bool:
        """Step 2: the position lies in one of the boxes of its cell's live collision shape (`Box.contains`)."""
        p = self.pos
        bx, by, bz = floor(p.x), floor(p.y), floor(p.z)
        return any(_box_contains(bx + b.min_x, by + b.min_y, bz + b.min_z, bx + b.max_x, by + b.max_y,
                                 bz + b.max_z, p.x, p.y, p.z)
                   for b in world.get_collision_shape(state, bx, by, bz).boxes)

    def can_release(self, sim: TickContext) -> bool:
        """`method_26351`: stuck, and the cube of edge 0.12 around the position holds no block collision box and
        no solid entity; up to 1.15.2 (`arrow_release_point_box` false) the arrow's box expanded by 0.06
        (`World.doesNotCollide(getBoundingBox().expand(0.06))`)."""
        cube = Box(*_release_cube(self._t.f, self._r)) if sim.features.arrow_release_point_box \
            else self.box.expand(ARROW_RELEASE_MARGIN)
        solid = sim.world.get_entities(None, cube.expand(COLLISION_EPSILON), lambda e: e.collidable)
        return self.in_ground and sim.world.is_space_empty(cube) and not solid

    def release(self) -> None:
        """`method_26352`: no longer stuck; each Motion component × nextFloat() × 0.2F; life restarts."""
        self.in_ground = False
        r = self.random
        fx = f32(r.next_float() * ARROW_RELEASE_FACTOR)
        fy = f32(r.next_float() * ARROW_RELEASE_FACTOR)
        fz = f32(r.next_float() * ARROW_RELEASE_FACTOR)
        scale_motion(self, fx, fy, fz)
        self.life = 0
        self.flying_tick = 0

    def age_stuck(self) -> None:
        """`age()` (named apart from `Entity.age`): stuck arrows disappear after 1200 ticks (the row loop's kernel,
        `arrow_kernel.age`)."""
        if _age(self._t.i, self._r):
            self.remove()

    def collide(self, sim: TickContext, no_clip: bool, rec: Recorder | None) -> None:
        """Steps 4-5: the block raycast from the position to position + Motion, clipped at a hit; then entity hits
        along that path, repeated while piercing; each hit handled unless noClip."""
        start = self.pos
        end = start.plus(self.motion)
        hit: HitResult | None = raycast_blocks(sim.world, start, end, FLUID_NONE, rec,
                                               context=self.shape_context(sim.world))
        if not is_miss(hit):
            end = hit.pos
        while not self.removed:
            entity_hit = self.get_entity_collision(sim, start, end, rec)
            if entity_hit is not None:
                hit = entity_hit
            if hit is not None and not is_miss(hit) and not no_clip:
                run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit)
            if entity_hit is None or self.pierce_level <= 0:
                break
            hit = None

    def find_hit_entities(self, sim: TickContext, start: Vec3, end: Vec3,
                          rec: Recorder | None) -> list[EntityHitResult]:
        """The entities `apply_collision` hits along start → end, the one it moves to first: `findHitEntity`'s one
        (up to 1.21.10); from 1.21.11 (`arrow_hits_many`) `findHitEntities`
        (`ProjectileUtil.getManyEntityHitResult`), sorted (stably) by the squared distance from `start` to each
        target's position."""
        if not sim.features.arrow_hits_many:
            return self.find_hit_entity(sim, start, end, rec)
        area = self.box.stretch(*self.motion).expand(PROJECTILE_SEARCH_EXPANSION)
        hits = [hit for e in sim.world.get_entities(self, area, lambda e: self.can_hit(sim, e))
                if (hit := self.hit_along(sim, e, start, end, rec)) is not None]
        return sorted(hits, key=lambda hit: start.squared_distance_to(hit.entity.pos))

    def find_hit_entity(self, sim: TickContext, start: Vec3, end: Vec3,
                        rec: Recorder | None) -> list[EntityHitResult]:
        """`findHitEntity` (`get_entity_collision`) as a list of none or one."""
        hit = self.get_entity_collision(sim, start, end, rec)
        return [] if hit is None else [hit]

    def hit_along(self, sim: TickContext, e: Entity, start: Vec3, end: Vec3,
                  rec: Recorder | None) -> EntityHitResult | None:
        """One target of `getManyEntityHitResult` (1.21.11; no hit from inside its box): where the path enters its
        box; else, where it enters the box grown by `computeMargin` (none below 0 or at 0), the point where the
        line from there to the box's centre (`AABB.getCenter`: Mth.lerp(0.5, min, max)), cut at a block in between
        (`clipIncludingBorder`, collision shapes), enters the box."""
        b = e.box
        entry = raycast_boxes((b,), start, end, (0, 0, 0))
        if entry is not None:
            return EntityHitResult(e, entry.pos)
        margin = compute_margin(self.age)
        outside = None if margin <= 0.0 else raycast_boxes((b.expand(margin),), start, end, (0, 0, 0))
        if outside is None:
            return None
        p = outside.pos
        centre = Vec3(b.min_x + 0.5 * (b.max_x - b.min_x), b.min_y + 0.5 * (b.max_y - b.min_y),
                      b.min_z + 0.5 * (b.max_z - b.min_z))
        block_hit = including_world_border(sim.world.border, p, raycast_blocks(
            sim.world, p, centre, FLUID_NONE, rec, context=self.shape_context(sim.world)))
        surface = raycast_boxes((b,), p, centre if block_hit.missed else block_hit.pos, (0, 0, 0))
        return None if surface is None else EntityHitResult(e, surface.pos)

    def get_entity_collision(self, sim: TickContext, start: Vec3, end: Vec3,
                             rec: Recorder | None) -> EntityHitResult | None:
        """`getEntityCollision`: the shared test with this class's eligibility; the targets' boxes grown by 0.3F,
        from 1.21.7 by `computeMargin` (`projectile_hit_margin_by_age`: the one change of `ProjectileUtil`).
        1.21.5's `AbstractArrow.findHitEntity` (read) calls `ProjectileUtil.getEntityHitResult` as 1.21.7's does,
        but 1.21.5-1.21.6's `ProjectileUtil` is not read: where the two margins differ in their target the run
        stops (`projectile_hit_margin_unread`)."""
        area = self.box.stretch(*self.motion).expand(PROJECTILE_SEARCH_EXPANSION)
        return get_entity_collision_by_margin(sim, self, start, end, area, lambda e: self.can_hit(sim, e), rec,
                                              sim.features.projectile_hit_margin_by_age)

    def deflect_simple(self) -> None:
        """`ProjectileDeflection.SIMPLE` (1.20.5): a turn of 170F + nextFloat() × 20F (the yaw, not modelled for
        arrows: drawn for the Random), Motion × −0.5."""
        self.random.next_float()
        scale_motion(self, ARROW_DEFLECTED, ARROW_DEFLECTED, ARROW_DEFLECTED)

    def can_hit(self, sim: TickContext, e: Entity) -> bool:
        """`method_26958`: also never an entity it already pierced (spec 03 §8 overrides). Up to 1.15.2
        (`arrow_left_owner` false) `getEntityCollision` passes over the owner until flyingTick reaches 5."""
        if not sim.features.arrow_left_owner:
            return collides(e) and e.id not in self.pierced and (
                self.flying_tick >= ARROW_OWNER_FLYING_TICKS or e is not self.get_owner(sim))
        return super().can_hit(sim, e) and e.id not in self.pierced

    def on_collision(self, sim: TickContext, hit: HitResult) -> None:
        if isinstance(hit, EntityHitResult):
            self.redirect_hit(sim, hit.entity)
            self.on_entity_hit(sim, hit.entity)
        else:
            self.on_block_hit(sim, hit.pos, sim.world.get_block_state(*hit.block_pos).id)

    def on_block_hit(self, sim: TickContext, hit_pos: Vec3, state_id: int) -> None:
        """`onBlockHit` (AMBIGUITY-N10): Motion := hit point − position; the position (not the box) backs off
        0.05F along it; stuck; the hit sound draws once from the Random; crit and piercing end."""
        self.in_block_state_id = state_id
        if sim.features.arrow_tick_1_21_2:
            self.on_block_hit_1_21_2()
            return
        p = self.pos
        self.motion = Vec3(hit_pos.x - p.x, hit_pos.y - p.y, hit_pos.z - p.z)
        n = self.motion.normalize(sim.features.vec_double)
        back = n.multiply(ARROW_BACK_OFF, ARROW_BACK_OFF, ARROW_BACK_OFF)
        self.pos = Vec3(p.x - back.x, p.y - back.y, p.z - back.z)   # Entity.setPos: the box stays
        self.random.next_float()
        self.in_ground = True
        self.shake = ARROW_SHAKE
        self.critical = False
        self.pierce_level = 0
        self.pierced = ()

    def on_block_hit_1_21_2(self) -> None:
        """`onBlockHit` from 1.21.2, the arrow already at the hit point (`applyCollision`): the position (and the
        box, `setPosition`) backs off signum(Motion) × 0.05F per axis; Motion zero; the hit sound draws once from
        the Random; stuck, shaking 7 ticks; crit and piercing end."""
        p, m = self.pos, self.motion
        self.set_position(Vec3(p.x - signum(m.x) * ARROW_BACK_OFF, p.y - signum(m.y) * ARROW_BACK_OFF,
                               p.z - signum(m.z) * ARROW_BACK_OFF))
        self.motion = ZERO
        self.random.next_float()
        _set_in_ground(self._t.i, self._r)                                      # setInGround(true)
        self.shake = ARROW_SHAKE
        self.critical = False
        self.pierce_level = 0
        self.pierced = ()

    def on_entity_hit(self, sim: TickContext, target: Entity) -> None:
        """`onEntityHit` (spec 06 §7.2): damage ⌈speed × damage⌉ (+ a crit draw); piercing bookkeeping. A target
        that takes the hit stops the arrow (unless piercing); one that does not reflects it at × −0.1 (from 1.20.5
        a SIMPLE deflection, × −0.5, then × 0.2), and a nearly still arrow is removed (dropping an arrow item where
        its pickup rule is ALLOWED)."""
        speed = f32(self.motion.length(sim.features.vec_double))   # (float)getVelocity().length()
        amount = ceil(clamp(speed * self.damage_value, 0.0, float(INT_MAX)))
        if self.pierce_level > 0:
            if len(self.pierced) >= self.pierce_level + 1:
                self.remove()
                return
            self.pierced = (*self.pierced, target.id)
        if self.critical:
            amount = min(self.random.next_int(amount // 2 + 2) + amount, INT_MAX)
        if damage(sim, target, float(amount), self.attacker(sim), self):
            self.random.next_float()   # the hit sound's pitch
            if self.pierce_level <= 0:
                self.remove()
            return
        if sim.features.projectile_deflection:   # 1.20.5: deflect(SIMPLE, ..), then × 0.2
            self.deflect_simple()
            scale_motion(self, ARROW_DEFLECTED_SLOWDOWN, ARROW_DEFLECTED_SLOWDOWN, ARROW_DEFLECTED_SLOWDOWN)
        else:
            scale_motion(self, ARROW_BOUNCE, ARROW_BOUNCE, ARROW_BOUNCE)
            self.flying_tick = 0      # up to 1.15.2 (the field left in 1.16)
        if self.motion.length_squared() < ARROW_MIN_SPEED_SQUARED:
            if self.pickup == ALLOWED:                                # dropStack(asItemStack(), 0.1F)
                sim.add_entity(spawn_dropped(sim, self.pos.x, self.pos.y + ARROW_DROP_OFFSET, self.pos.z,
                                             "minecraft:arrow"))
            self.remove()


class Arrow(PersistentProjectile):
    TYPE = "minecraft:arrow"
    THROW_SPEED = ARROW_SPEED

    def after_use(self, speed: float) -> None:
        """`BowItem.onStoppedUsing`: speed = pull × 3.0F; critical when the pull is 1 (full charge)."""
        super().after_use(speed)
        self.critical = speed == ARROW_SPEED


def get_pull_progress(use_ticks: int) -> float:
    """`BowItem.getPullProgress` (AMBIGUITY-N9): f = ticks / 20F, (f² + 2f) / 3F in float arithmetic, at most 1;
    the arrow's speed is this × 3.0F, so it is 3 only at full charge (20 ticks or more)."""
    f = f32(use_ticks / BOW_PULL_TICKS)
    f = f32(f32(f32(f * f) + f32(f * BOW_PULL_LINEAR)) / BOW_PULL_DIVISOR)
    return min(f, BOW_FULL_PULL)


class Trident(PersistentProjectile):
    """`TridentEntity` without Loyalty or Channeling: water drag 0.99F; one entity hit, after which it bounces
    (1.13.2 `EntityTrident` on `arrow_1_12.tick_1_12`)."""

    TYPE = "minecraft:trident"
    ITEM = "minecraft:trident"
    WATER_DRAG = TRIDENT_WATER_DRAG
    THROW_SPEED = TRIDENT_SPEED
    FIELDS: ClassVar[dict[str, type]] = {**PersistentProjectile.FIELDS, "dealt_damage": bool}
    ROWS = TRIDENT_ROWS
    DEALT = I_DEALT
    dealt_damage = extra_flag(TRIDENT_ROWS, "dealt_damage")

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.dealt_damage = False

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "dealt_damage": self.dealt_damage}

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`TridentEntity.tick`: after more than 4 ticks in the ground it can no longer hit (Loyalty's return is
        not modelled)."""
        if self.in_ground_time > TRIDENT_DAMAGE_GROUND_TICKS:
            self.dealt_damage = True
        super().tick(sim, rec)

    def find_hit_entities(self, sim: TickContext, start: Vec3, end: Vec3,
                          rec: Recorder | None) -> list[EntityHitResult]:
        """1.21.11's `ThrownTrident.findHitEntities` keeps `findHitEntity`'s one hit."""
        return self.find_hit_entity(sim, start, end, rec)

    def finds_entities(self) -> bool:
        """No entity hits once it has dealt damage."""
        return not self.dealt_damage

    def get_entity_collision(self, sim: TickContext, start: Vec3, end: Vec3,
                             rec: Recorder | None) -> EntityHitResult | None:
        return super().get_entity_collision(sim, start, end, rec) if self.finds_entities() else None

    def on_entity_hit(self, sim: TickContext, target: Entity) -> None:
        """`TridentEntity.onEntityHit`: one hit, then Motion × (−0.01, −0.1, −0.01) whatever the damage did (1.13.2
        `EntityTrident`: the floats −0.01F and −0.1F widened, `trident_bounce_float`); from 1.21.2
        `deflect(SIMPLE)` (a nextFloat, × −0.5), then × (0.02, 0.2, 0.02)."""
        self.dealt_damage = True
        damage(sim, target, TRIDENT_HIT_DAMAGE, self.attacker(sim), self)
        if sim.features.arrow_tick_1_21_2:
            self.deflect_simple()
            scale_motion(self, *TRIDENT_DEFLECTED_SLOWDOWN)
        else:
            scale_motion(self, *(TRIDENT_BOUNCE_1_13 if sim.features.trident_bounce_float else TRIDENT_BOUNCE))

    def on_entity_hit_1_12(self, sim: TickContext, hit: EntityHitResult) -> None:
        """1.13.2's `EntityTrident.func_203046_b`: `on_entity_hit` (no ticksInAir reset, no removal)."""
        self.on_entity_hit(sim, hit.entity)


PERSISTENT_TYPES: tuple[type[PersistentProjectile], ...] = (Arrow, Trident)
