"""What every projectile shares (spec 03 §8): `ProjectileEntity` (owner, leaving the owner, which entities it may
hit, the thrown velocity with its random spread) and `ProjectileUtil.getCollision` (the block raycast of the
position point, then the entity boxes expanded by 0.3).

Riding is not modelled yet, so an entity's lowest (root) vehicle is the entity itself, and there are no spectators.
Rotation (yaw and pitch of the projectile itself) is not modelled: no motion in 1.16.5 depends on it except the
deflection of a ghast fireball hit by an ownerless arrow, which uses the arrow's scene yaw and pitch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from engine.constants import (
    DEGREES_TO_RADIANS,
    EYE_HEIGHT_FACTOR,
    JAVA_DOUBLE_MAX,
    PROJECTILE_MARGIN_AGE_STEP,
    PROJECTILE_MARGIN_START_AGE,
    PROJECTILE_SEARCH_EXPANSION,
    PROJECTILE_SPREAD,
    PROJECTILE_TARGET_MARGIN,
    PROJECTILE_TRIANGULAR_SPREAD,
)
from engine.core.trace import StageInfo, box, point, run_stage
from engine.core.versions import refusal
from engine.entities import damage_source
from engine.entities.entity import Entity, rotation_vector
from engine.geometry.box import ZERO, Box, Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import cos, floor, sin
from engine.motion.raycast import COLLIDER, FLUID_NONE, BlockHitResult, get_facing, raycast_blocks, raycast_boxes

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.border import WorldBorder

LEFT_OWNER = StageInfo("left_owner", "ProjectileEntity.method_26961")
BASE = StageInfo("base_tick", "Entity.baseTick", "F")

# Entity.collides() overrides returning !removed, besides every LivingEntity (spec 03 §8 item 2)
COLLIDING_TYPES = frozenset({"minecraft:tnt", "minecraft:falling_block", "minecraft:boat", "minecraft:minecart",
                             "minecraft:fireball"})


def collides(e: Entity) -> bool:
    """`Entity.collides()` (and `isAlive()`): a living entity, TNT, falling block, boat, minecart or ghast
    fireball that has not been removed. Items, XP orbs and the other projectiles never collide."""
    return not e.removed and (e.living or e.TYPE in COLLIDING_TYPES)


class EntityHitResult(NamedTuple):
    """`EntityHitResult`: the entity hit, and where the path entered its expanded box (for the trace)."""

    entity: Entity
    pos: Vec3


HitResult = BlockHitResult | EntityHitResult


# PersistentProjectileEntity.PickupPermission, the scene key `pickup` (NBT "pickup", its ordinal)
DISALLOWED, ALLOWED, CREATIVE_ONLY = "disallowed", "allowed", "creative_only"
PICKUP_RULES = (DISALLOWED, ALLOWED, CREATIVE_ONLY)


class Projectile(Entity):
    """`ProjectileEntity`: an owner (by entity id, 0 for none) and whether the projectile has left it."""

    FIELDS: ClassVar[dict[str, type]] = {"owner": int, "left_owner": bool}
    THROW_SPEED: ClassVar[float | None] = None   # the item's setProperties speed; None: no item throws it
    THROW_ROLL: ClassVar[float] = 0.0            # the item's setProperties roll, added to the pitch for Y

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.owner = 0
        self.left_owner = False

    def type_fields(self) -> dict[str, Any]:
        return {"owner": self.owner or None, "left_owner": self.left_owner}

    @classmethod
    def eye_height_of(cls) -> float:
        """`getStandingEyeHeight`: height × 0.85F (`Entity.eye_height`) of the kind's fixed dimensions."""
        return f32(cls.HEIGHT * EYE_HEIGHT_FACTOR)

    REDIRECTABLE: ClassVar[bool] = False         # in the redirectable_projectile tag (1.20.5): ghast fireballs

    def redirect_hit(self, sim: TickContext, target: Entity) -> None:
        """1.20.5 `ProjectileEntity.onCollision` (`projectile_deflection`): a hit on a projectile of the
        redirectable_projectile tag first deflects it, `deflect(REDIRECTED, owner, owner, true)` with this
        projectile's owner; then the hit goes on as before."""
        if sim.features.projectile_deflection and isinstance(target, Projectile) and target.REDIRECTABLE:
            owner = self.get_owner(sim)
            target.deflect(sim, owner, owner, True)

    def deflect(self, sim: TickContext, deflector: Entity | None, owner: Entity | None, from_attack: bool) -> None:
        """`ProjectileEntity.deflect` with `ProjectileDeflection.REDIRECTED` (1.20.5): Motion := the deflector's
        look, normalised (double length; 1.21.11 takes the look as it is, `redirect_look_unnormalized`), when there
        is one; the owner; then `onDeflected`."""
        if deflector is not None:
            if "look_vector" in sim.features.refused:
                raise refusal(sim.features, "look_vector", f"entity {self.id} ({self.TYPE}), tick {sim.tick_count}")
            look = rotation_vector(deflector.pitch, deflector.yaw, sim.features.sine_index_double)
            self.motion = look if sim.features.redirect_look_unnormalized else look.normalize(True)
        self.owner = owner.id if owner is not None else 0
        self.on_deflected(sim, from_attack)

    def on_deflected(self, sim: TickContext, from_attack: bool) -> None:
        """`onDeflected`: nothing but for fireballs."""

    def get_owner(self, sim: TickContext) -> Entity | None:
        """`getOwner`: the owner while it is in the world; where the kind's owner field is a `LivingEntity` in this
        version (`owner_living_only`), a non-living owner is none."""
        owner = sim.entity_by_id(self.owner) if self.owner else None
        return None if owner is not None and not owner.living and self.owner_living_only(sim.features) else owner

    def owner_living_only(self, features: Features) -> bool:
        """Whether this version's owner field of the kind holds only living entities (thrown entities and fireballs
        up to 1.15.2)."""
        return False

    def attacker(self, sim: TickContext) -> Entity | None:
        """`DamageSource.getAttacker()` of this projectile's hits: its owner (arrows and fireballs: or itself)."""
        return self.get_owner(sim)

    def projectile_tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ProjectileEntity.tick`: update "left owner" (spec 03 §8 eligibility 1), then `Entity.tick`."""
        self.check_left_owner(sim, rec)
        run_stage(rec, self, BASE, self.base_tick, sim, rec)

    def check_left_owner(self, sim: TickContext, rec: Recorder | None) -> None:
        """`leftOwner`, once true, stays; else `method_26961` (`checkLeftOwner`) decides it."""
        if not self.left_owner:
            self.left_owner = run_stage(rec, self, LEFT_OWNER, self.has_left_owner, sim)

    def has_left_owner(self, sim: TickContext) -> bool:
        """`method_26961`: no colliding entity sharing the owner's root vehicle (here: the owner itself) touches
        the box stretched by Motion and expanded by 1. True when there is no owner."""
        owner = self.get_owner(sim)
        if owner is None:
            return True
        area = self.box.stretch(*self.motion).expand(PROJECTILE_SEARCH_EXPANSION)
        return not sim.world.get_entities(self, area, lambda e: e is owner and collides(e))

    def can_hit(self, sim: TickContext, e: Entity) -> bool:
        """`method_26958` (spec 03 §8): a colliding, live target, and either no owner, or the projectile has left
        it, or the target does not share the owner's root vehicle (here: is not the owner)."""
        if not collides(e):
            return False
        owner = self.get_owner(sim)
        return owner is None or self.left_owner or e is not owner

    def after_use(self, speed: float) -> None:
        """What the item does after `setProperties` (bows: a full-charge arrow is critical)."""

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`Entity.damage`: projectiles ignore hits (ghast fireballs override it)."""
        return False

    def set_velocity(self, x: float, y: float, z: float, speed: float, divergence: float, spread: bool,
                     features: Features) -> None:
        """`ProjectileEntity.setVelocity(x, y, z, speed, divergence)`: the normalised direction (float length up to
        1.16.5, double from 1.17: `vec_double`) plus a spread term per axis from this projectile's Random, times
        speed. Up to 1.18.2 each term is (gaussian × 0.0075F) × divergence, in Java's left-to-right order (a
        divergence of 6 or 3 rounds differently from gaussian × (0.0075 × 6)); from 1.19 (`random_triangular`)
        nextTriangular(0, 0.0172275 × divergence). `spread=False` skips the draws: a user switch of this tool, not
        vanilla behaviour."""
        v = Vec3(x, y, z).normalize(features.vec_double)
        if spread:
            r = self.random
            if features.random_triangular:
                d = PROJECTILE_TRIANGULAR_SPREAD * divergence
                v = v.add(r.next_triangular(0.0, d), r.next_triangular(0.0, d), r.next_triangular(0.0, d))
            else:
                v = v.add(r.next_gaussian() * PROJECTILE_SPREAD * divergence, r.next_gaussian() * PROJECTILE_SPREAD *
                          divergence, r.next_gaussian() * PROJECTILE_SPREAD * divergence)
        self.motion = v.multiply(speed, speed, speed)

    def set_properties(self, user: Entity, pitch: float, yaw: float, roll: float, speed: float,
                       divergence: float, spread: bool, features: Features) -> None:
        """`ProjectileEntity.setProperties`: the look direction in float arithmetic with the sine table (pitch +
        roll for Y; indexed in double from 1.21.11, `sine_index_double`), `setVelocity`, then the thrower's Motion
        (its Y only when it is not on the ground)."""
        if "look_vector" in features.refused:
            raise refusal(features, "look_vector", f"the {self.TYPE} thrown by entity {user.id}")
        d = features.sine_index_double
        f = f32(-sin(f32(yaw * DEGREES_TO_RADIANS), d) * cos(f32(pitch * DEGREES_TO_RADIANS), d))
        g = -sin(f32(f32(pitch + roll) * DEGREES_TO_RADIANS), d)
        h = f32(cos(f32(yaw * DEGREES_TO_RADIANS), d) * cos(f32(pitch * DEGREES_TO_RADIANS), d))
        self.set_velocity(f, g, h, speed, divergence, spread, features)
        m = user.motion
        self.motion = self.motion.add(m.x, 0.0 if user.on_ground else m.y, m.z)


def damage(sim: TickContext, target: Entity, amount: float, attacker: Entity | None, projectile: Entity) -> bool:
    """`target.damage(source, amount)` for the hit of `projectile`: living entities go through `LivingEntity.damage`
    (health, invulnerable ticks, the knockback from the attacker or, from 1.21, along the projectile's flight,
    spec 04 §13); projectiles decide themselves (ghast fireballs are deflected); other entities ignore it (false)."""
    if target.living:
        return target.damage(sim, damage_source.PROJECTILE, amount, attacker, projectile=projectile)
    if isinstance(target, Projectile):
        return target.damage(sim, damage_source.PROJECTILE, amount, attacker)
    return False


def get_collision(e: Projectile, sim: TickContext, can_hit: Callable[[Entity], bool],
                  rec: Recorder | None, shape_type: str = COLLIDER) -> HitResult:
    """`ProjectileUtil.getCollision` (spec 03 §8 steps 1-3): the block raycast (collision shapes, or outlines for
    thrown entities up to 1.16.1; no fluids; from 1.21.2 the world border too) from the position to position +
    Motion, clipped at a hit; then the entity test over that path, which wins if any."""
    start = e.pos
    end = start.plus(e.motion)
    hit = raycast_blocks(sim.world, start, end, FLUID_NONE, rec, shape_type=shape_type,
                         context=e.shape_context(sim.world))
    if sim.features.raycast_world_border:
        hit = including_world_border(sim.world.border, start, hit)
    if not hit.missed:
        end = hit.pos
    area = e.box.stretch(*e.motion).expand(PROJECTILE_SEARCH_EXPANSION)
    entity_hit = get_entity_collision_by_margin(sim, e, start, end, area, can_hit, rec,
                                                sim.features.projectile_hit_margin_by_age)
    return hit if entity_hit is None else entity_hit


# 1.21.5-1.21.6 (`projectile_hit_margin_unread`): the hit a 0.3F margin and computeMargin disagree on
UNREAD_MARGIN = ("its entity hit differs between 1.21.4's margin (0.3F) and 1.21.7's (ProjectileUtil.computeMargin); "
                 "1.21.5-1.21.6 not read, the release of the change not found")


def get_entity_collision_by_margin(sim: TickContext, e: Entity, start: Vec3, end: Vec3, area: Box,
                                   can_hit: Callable[[Entity], bool], rec: Recorder | None,
                                   by_age: bool) -> EntityHitResult | None:
    """`get_entity_collision` with the targets' boxes grown by `computeMargin` (`by_age`, 1.21.7) or by 0.3F. Where
    `ProjectileUtil` is not read (1.21.5-1.21.6, `projectile_hit_margin_unread`) and the two margins find different
    targets, the run stops in one line naming `e`'s mechanic."""
    margin = compute_margin(e.age) if by_age else PROJECTILE_TARGET_MARGIN
    entity_hit = get_entity_collision(sim, e, start, end, area, can_hit, rec, margin)
    if sim.features.projectile_hit_margin_unread and (aged := compute_margin(e.age)) != PROJECTILE_TARGET_MARGIN:
        other = aged if margin == PROJECTILE_TARGET_MARGIN else PROJECTILE_TARGET_MARGIN
        if _target(entity_hit) is not _target(get_entity_collision(sim, e, start, end, area, can_hit, None, other)):
            raise refusal(sim.features, e.MECHANIC, f"entity {e.id}, tick {sim.tick_count}", UNREAD_MARGIN)
    return entity_hit


def _target(hit: EntityHitResult | None) -> Entity | None:
    return None if hit is None else hit.entity


def including_world_border(border: WorldBorder, start: Vec3, hit: BlockHitResult) -> BlockHitResult:
    """`getCollisionsIncludingWorldBorder` (1.21.2): a raycast from inside the border whose result lies outside it
    hits the border: at that point clamped into the border, facing the way the path went, not missed, against the
    world border."""
    if not border.contains(start.x, start.z) or border.contains(hit.pos.x, hit.pos.z):
        return hit
    side = get_facing(hit.pos.x - start.x, hit.pos.y - start.y, hit.pos.z - start.z)
    at = Vec3(*border.clamp(*hit.pos))
    return BlockHitResult(at, side, (floor(at.x), floor(at.y), floor(at.z)), False, False, True)


def compute_margin(age: int) -> float:
    """`ProjectileUtil.computeMargin` (1.21.7): max(0F, min(0.3F, (float)(tickCount − 2) / 20F)), in float, of a
    projectile whose `Entity.age` (tickCount) is `age`."""
    return max(0.0, min(PROJECTILE_TARGET_MARGIN, f32(f32(age - PROJECTILE_MARGIN_START_AGE) /
                                                      PROJECTILE_MARGIN_AGE_STEP)))


def get_entity_collision(sim: TickContext, e: Entity, start: Vec3, end: Vec3, area: Box,
                         can_hit: Callable[[Entity], bool], rec: Recorder | None,
                         margin: float = PROJECTILE_TARGET_MARGIN) -> EntityHitResult | None:
    """`ProjectileUtil.getEntityCollision`: among the eligible entities `World.getEntities` finds in `area`
    (spec 03 §8 step 5: the section bug), the one whose box expanded by `margin` (0.3F) the path enters nearest to the
    start (`Box.raycast`; the first found wins ties). With `rec`: each tested box as "entity_hit_box", and the
    entry point as "raycast_hit"."""
    best = JAVA_DOUBLE_MAX
    found: EntityHitResult | None = None
    for other in sim.world.get_entities(e, area, can_hit):
        grown = other.box.expand(margin)
        entry = raycast_boxes((grown,), start, end, (0, 0, 0))
        if rec is not None:
            rec.geometry(box("entity_hit_box", grown, entity=other.id, hit=entry is not None))
        if entry is None:
            continue
        d = start.squared_distance_to(entry.pos)
        if d < best:
            best = d
            found = EntityHitResult(other, entry.pos)
    if rec is not None and found is not None:
        rec.geometry(point("raycast_hit", found.pos, entity=found.entity.id))
    return found


def is_miss(hit: HitResult) -> bool:
    """`hit.getType() == HitResult.Type.MISS`."""
    return isinstance(hit, BlockHitResult) and hit.missed
