"""`FishingBobberEntity` (spec 06 §12, Appendix A: gravity 0.03, drag 0.92, order GMD; spec 03 §8: it hooks what
its raycast hits, items included).

States as vanilla: FLYING (gravity, `Entity.move`, stop on ground or a wall, drag 0.92), HOOKED_IN_ENTITY (it sits
at the hooked entity's x, body y 0.8, z and does not move itself), BOBBING (in water: its bobbing and fishing draw
from Random every tick and are not simulated: the run stops with one line). The owner must be a player within
32 m (it is taken to hold a fishing rod). Reeling in (`FishingBobberEntity.use`) is engine/influences/fishing.py.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from engine.constants import (
    BOBBER_CAST_BASE,
    BOBBER_CAST_MAX_SLOPE,
    BOBBER_CAST_OFFSET,
    BOBBER_CAST_SPEED,
    BOBBER_CAST_SPREAD,
    BOBBER_CAST_TRIANGULAR,
    BOBBER_DRAG,
    BOBBER_GRAVITY,
    BOBBER_GROUND_TICKS,
    BOBBER_HOOK_BODY_Y,
    BOBBER_MAX_DISTANCE_SQUARED,
    BOBBER_SELF_HIT_TICKS,
    BOBBER_SIZE,
    DEGREES_TO_RADIANS,
    JAVA_PI_F,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities.common import add_motion, scale_motion
from engine.entities.entity import Entity
from engine.entities.item import Item
from engine.entities.projectile import (
    BASE,
    EntityHitResult,
    HitResult,
    Projectile,
    collides,
    get_collision,
    is_miss,
)
from engine.entities.thrown_1_12 import get_collision_1_12
from engine.geometry.box import ZERO, Vec3
from engine.influences.fluids import fluid_at, get_height
from engine.influences.fluids_1_12 import is_water
from engine.java.javanum import f32
from engine.java.mathhelper import clamp, cos, floor, sin
from engine.motion.move import MovementType, move

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder

COLLISION = StageInfo("collision", "FishingBobberEntity.checkForCollision", "Dc")
HOOKED = StageInfo("follow_hooked", "FishingBobberEntity.tick")
GRAVITY = StageInfo("gravity", "FishingBobberEntity.tick", "G")
STOP = StageInfo("stop_on_ground", "FishingBobberEntity.tick")
DRAG = StageInfo("drag", "FishingBobberEntity.tick", "D")
FLYING, HOOKED_IN_ENTITY, BOBBING = "flying", "hooked_in_entity", "bobbing"


class FishingBobber(Projectile):
    MECHANIC = "fishing_bobber"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:fishing_bobber"
    can_trigger_walking = False   # FishingBobberEntity.canClimb (1.14.4; MCP canTriggerWalking)
    WIDTH = BOBBER_SIZE
    HEIGHT = BOBBER_SIZE
    FIELDS = {**Projectile.FIELDS, "hooked": int}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.state = FLYING
        self.hooked = 0            # hookedEntity, by id (0: none)
        self.removal_timer = 0
        self.stuck_on_block = False   # 1.14-1.15.2 (`bobber_tick_1_15`): stuckOnBlock ...
        self.self_hit_timer = 0       # ... and selfHitTimer, the ticks flown

    def type_fields(self) -> dict[str, Any]:
        return {**super().type_fields(), "state": self.state, "hooked": self.hooked or None}

    def hooked_entity(self, sim: TickContext) -> Entity | None:
        return sim.entity_by_id(self.hooked) if self.hooked else None

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`FishingBobberEntity.tick` (1.16.5 to 1.21.4: from 1.21.2 `tickBlockCollision` after the move, refused by
        `block_effects` from 1.21.5 where it would act). 1.14-1.15.2 (`bobber_tick_1_15`; Yarn 4ffac47a3
        `FishHookEntity`, faf4ff525, cd982c6b8): an `Entity` (no left-owner test); 1200 ticks after a block hit it is
        removed; `checkForCollision` hooks an entity, a block hit only marks it stuck; while FLYING the Motion is
        zeroed before the gravity where it is stuck, on the ground or against a wall (else one more tick flown)."""
        old = sim.features.bobber_tick_1_15
        if old:
            run_stage(rec, self, BASE, self.base_tick, sim, rec)                          # Entity.tick
        else:
            self.projectile_tick(sim, rec)
        owner = self.get_owner(sim)
        if owner is None or not owner.is_player or self.remove_if_invalid(owner):
            self.remove()
            return
        if self.stuck_on_block if old else self.on_ground:
            self.removal_timer += 1
            if self.removal_timer >= BOBBER_GROUND_TICKS:
                self.remove()
                return
        elif not old:
            self.removal_timer = 0
        p = self.pos
        cell = (floor(p.x), floor(p.y), floor(p.z))
        if sim.features.water_material_acceleration:      # 1.12.2: Material.WATER, a water block (any: height > 0)
            in_water = is_water(sim.world.get_block_state(*cell))
        else:
            in_water = fluid_at(sim.world, *cell).fluid == "water"
        if self.state == FLYING:
            if self.hooked:
                self.motion, self.state = ZERO, HOOKED_IN_ENTITY
                return
            if in_water and get_height(sim.world, *cell) > 0.0:       # every water height is > 0
                self.motion, self.state = self.motion.multiply(0.3, 0.2, 0.3), BOBBING
                return
            if old:
                self.check_for_collision_1_15(sim, owner, rec)
            else:
                hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hook(sim, e), rec)
                if not is_miss(hit):
                    self.on_collision(sim, hit)
        elif self.state == HOOKED_IN_ENTITY:
            hooked = self.hooked_entity(sim)
            # removed (and, here, gone from the world); from 1.21.10 also dead (Entity.canInteractWithLevel: alive,
            # not removed, not a spectator), a mob killed while hooked let go before its body is removed
            if hooked is None or hooked.removed or (sim.features.bobber_hooked_interactable and hooked.living
                                                    and hooked.is_dead()):
                self.hooked, self.state = 0, FLYING
            else:
                run_stage(rec, self, HOOKED, self.set_position,
                          Vec3(hooked.pos.x, hooked.pos.y + hooked.height * BOBBER_HOOK_BODY_Y, hooked.pos.z))
            return
        else:
            raise NotImplementedError(f"fishing bobber {self.id} bobbing in water at tick {sim.tick_count}: its "
                                      "bobbing and fishing (FishingBobberEntity.tickFishingLogic) are not simulated")
        if not in_water and not (sim.features.bobber_gravity_off_ground and (self.on_ground or self.hooked)):
            run_stage(rec, self, GRAVITY, add_motion, self, 0.0, -BOBBER_GRAVITY, 0.0)     # 1.21.8: in the air only
        move(self, sim, MovementType.SELF, self.motion, rec)
        if not old and self.state == FLYING and (self.on_ground or self.horizontal_collision):
            run_stage(rec, self, STOP, self.stop)
        run_stage(rec, self, DRAG, scale_motion, self, BOBBER_DRAG, BOBBER_DRAG, BOBBER_DRAG)
        self.set_position(self.pos)                       # refreshPosition: the box rebuilt around the position

    def check_for_collision_1_15(self, sim: TickContext, owner: Entity, rec: Recorder | None) -> None:
        """1.14-1.15.2 `checkForCollision` (`getCollision` with the box stretched by Motion and expanded by 1,
        collision shapes; 1.12.2's `checkCollision`: `thrown_1_12.get_collision_1_12`, the ray passing blocks without
        a collision box): an entity hit is hooked, a block hit
        marks the bobber stuck; then the Motion is zeroed where it is stuck, on the ground or against a wall, and
        otherwise one more tick is counted flown."""
        accept = partial(self.can_hook_1_15, owner=owner)
        if sim.features.thrown_tick_1_12:
            hit = run_stage(rec, self, COLLISION, get_collision_1_12, self, sim, accept, "fishing_bobber", True)
        else:
            hit = run_stage(rec, self, COLLISION, get_collision, self, sim, accept, rec)
        if isinstance(hit, EntityHitResult):
            self.hooked = hit.entity.id
        elif hit is not None and not is_miss(hit):
            self.stuck_on_block = True
        if not self.stuck_on_block and not self.on_ground and not self.horizontal_collision:
            self.self_hit_timer += 1
        else:
            self.self_hit_timer = 0
            run_stage(rec, self, STOP, self.stop)

    def can_hook_1_15(self, e: Entity, owner: Entity) -> bool:
        """1.14-1.15.2 `checkForCollision`'s predicate: a colliding entity or an item (alive or not), not the owner
        until the bobber has flown 5 ticks."""
        return (collides(e) or isinstance(e, Item)) and (e is not owner or self.self_hit_timer >= BOBBER_SELF_HIT_TICKS)

    def stop(self) -> None:
        """`setVelocity(Vec3d.ZERO)` (+0.0 on every axis)."""
        self.motion = ZERO

    def remove_if_invalid(self, owner: Entity) -> bool:
        """`removeIfInvalid` (1.21.8 `shouldStopFishing`): the owner is gone, dead (`isAlive`) or more than 32 m away
        (it is taken to hold a fishing rod)."""
        d = self.pos.plus(Vec3(-owner.pos.x, -owner.pos.y, -owner.pos.z))
        return not is_alive(owner) or d.length_squared() > BOBBER_MAX_DISTANCE_SQUARED

    def can_hook(self, sim: TickContext, e: Entity) -> bool:
        """`method_26958` (1.21.8 `canHitEntity`): what any projectile may hit, alive (`ProjectileEntity`'s own
        `isAlive` test, 1.21.8's `canBeHitByProjectile`: a dying mob is passed through), or a live item."""
        return is_alive(e) and (self.can_hit(sim, e) or isinstance(e, Item))

    def on_collision(self, sim: TickContext, hit: HitResult) -> None:
        """`ProjectileEntity.onCollision` (1.20.5: a redirectable projectile hit is redirected first), then
        `onEntityHit`: hook it; `onBlockHit`: Motion := normalize(Motion) × the squared distance to the hit (the
        double length from 1.17, `vec_double`)."""
        if isinstance(hit, EntityHitResult):
            self.redirect_hit(sim, hit.entity)
            self.hooked = hit.entity.id
        else:
            d = hit.pos.plus(Vec3(-self.pos.x, -self.pos.y, -self.pos.z)).length_squared()
            self.motion = self.motion.normalize(sim.features.vec_double).multiply(d, d, d)


def is_alive(e: Entity) -> bool:
    """`Entity.isAlive`: not removed, and for a living entity health above 0 (`LivingEntity.isAlive`)."""
    return not e.removed and not (e.living and e.is_dead())


def cast(sim: TickContext, thrower: Entity) -> FishingBobber:
    """`new FishingBobberEntity(thrower, world, 0, 0)`: at the thrower's eye, 0.3 m along its look, Motion from its
    yaw and pitch (float arithmetic, sine table) × (0.6/length + 0.5 + gaussian·0.0045) per axis from the bobber's
    Random; the length in double from 1.17 (`vec_double`), the spread 0.6/length + nextTriangular(0.5, 0.0103365)
    from 1.19 (`random_triangular`). Joins the world; returns the bobber."""
    yaw, pitch = thrower.yaw, thrower.pitch
    h = cos(f32(f32(-yaw * DEGREES_TO_RADIANS) - JAVA_PI_F))
    i = sin(f32(f32(-yaw * DEGREES_TO_RADIANS) - JAVA_PI_F))
    j = -cos(f32(-pitch * DEGREES_TO_RADIANS))
    k = sin(f32(-pitch * DEGREES_TO_RADIANS))
    p = thrower.pos
    bobber = sim.create(FishingBobber, Vec3(p.x - i * BOBBER_CAST_OFFSET, p.y + thrower.eye_height,
                                            p.z - h * BOBBER_CAST_OFFSET))
    bobber.owner = thrower.id
    bobber.yaw, bobber.pitch = yaw, pitch
    v = Vec3(-i, clamp(f32(-(k / j)), -BOBBER_CAST_MAX_SLOPE, BOBBER_CAST_MAX_SLOPE), -h)
    m = v.length(sim.features.vec_double)
    r = bobber.random
    if sim.features.random_triangular:
        sx, sy, sz = (BOBBER_CAST_SPEED / m + r.next_triangular(BOBBER_CAST_BASE, BOBBER_CAST_TRIANGULAR)
                      for _ in range(3))
    else:
        sx, sy, sz = (BOBBER_CAST_SPEED / m + BOBBER_CAST_BASE + r.next_gaussian() * BOBBER_CAST_SPREAD
                      for _ in range(3))
    bobber.motion = v.multiply(sx, sy, sz)
    sim.add_entity(bobber)
    return bobber
