"""`ThrownEntity` and its items (spec 06 §8): snowball, egg, ender pearl, splash potion, bottle o' enchanting.

Order F Dc Dc' D G M: base tick, raycast collision and its handling, `checkBlockCollision`, drag, gravity, then
the position moves by the Motion read before the drag (spec 06 §8.2). From 1.21.2 (`thrown_tick_1_21_2`,
docs/versions.md): G D, the raycast along the new Motion, the position moves to the hit or by that Motion,
`tickBlockCollision`, the base tick, then the hit; from 1.20.5 the gravity is a double (`thrown_gravity_double`).
Up to 1.15.2 (`thrown_ignore_entity`) the base tick has no left-owner test: the projectile ignores the first entity
it finds in its first tick, as long as that entity stays near.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    BLOCK_COLLISION_DEFLATE_1_19_3,
    BOTTLE_ROLL,
    EGG_CHICKEN_CHANCE,
    EGG_FOUR_CHICKEN_CHANCE,
    LAVA_PUSH,
    LAVA_PUSH_ULTRAWARM,
    POTION_GRAVITY,
    POTION_GRAVITY_DOUBLE,
    POTION_SPEED,
    PROJECTILE_SEARCH_EXPANSION,
    SUBMERGED_EYE_OFFSET,
    THROWN_GRAVITY,
    THROWN_GRAVITY_DOUBLE,
    THROWN_HEIGHT,
    THROWN_IGNORE_TICKS,
    THROWN_SPEED,
    THROWN_WIDTH,
    XP_BOTTLE_BASE,
    XP_BOTTLE_GRAVITY,
    XP_BOTTLE_GRAVITY_DOUBLE,
    XP_BOTTLE_SPEED,
    XP_BOTTLE_SPREAD,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities import thrown_kernel as kernel
from engine.entities.projectile import (
    BASE,
    EntityHitResult,
    HitResult,
    Projectile,
    collides,
    damage,
    get_collision,
    is_miss,
)
from engine.entities.rows import HANDED, ProjectileRows, RowBatch, extra_flag, extra_int
from engine.entities.thrown_1_12 import tick_1_12
from engine.entities.thrown_kernel import THROWN_ROWS
from engine.entities.tnt import Tnt
from engine.entities.tnt_kernel import version_bits
from engine.entities.xp_orb import spawn_orbs
from engine.geometry.box import ZERO, Vec3
from engine.influences.fluids import normalize_zero_below
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.motion.block_effects import check_block_collision
from engine.motion.collision_kernel import block_arrays
from engine.motion.raycast import COLLIDER, OUTLINE
from engine.world.dimensions import void_y

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

COLLISION = StageInfo("collision", "ProjectileUtil.getCollision", "Dc")
ON_COLLISION = StageInfo("on_collision", "ProjectileEntity.onCollision")
BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision", "Dc")
IGNORED = StageInfo("ignored_entity", "ThrownEntity.tick")
DRAG = StageInfo("drag", "ThrownEntity.tick", "D")
GRAVITY = StageInfo("gravity", "ThrownEntity.tick", "G")
POSITION = StageInfo("position_update", "Entity.updatePosition", "M")
_drag, _gravity = plain(kernel.drag), plain(kernel.gravity)   # the row loop's stages, as plain Python


_NO_BOXES = np.zeros((0, 6))
_NO_BORDER = (-math.inf, -math.inf, math.inf, math.inf)   # releases whose projectile raycast ignores the border


def block_arrays_of(world: World) -> tuple:
    """The block arrays a projectile loop reads (`collision_kernel.block_arrays`: keys, slots, pool, shape, flags,
    empty)."""
    keys, slots, pool, shape, flags, _, _, _, _, empty = block_arrays(world)
    return keys, slots, pool, shape, flags, empty


def query_arrays(world: World, more: int,
                 listed: Callable[[Entity], bool] = collides) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """What a projectile loop's entity queries read (`thrown_kernel._queried`, `_meets`): the boxes of the entities
    `listed` (those that `collides`: those a projectile may hit), the entity sections' keys (sorted by x, y, z; room
    for `more` keys the loop appends) and how many entities each holds, and how many are filed now."""
    boxes = [tuple(e.box) for e in world.entities.values() if listed(e)]
    filed = world.section_sizes()
    sections = np.zeros((len(filed) + more, 3), dtype=np.int64)
    counts = np.zeros(len(sections), dtype=np.int64)
    if filed:
        keys = np.array([k for k, _ in filed], dtype=np.int64)
        order = np.lexsort((keys[:, 2], keys[:, 1], keys[:, 0]))
        sections[:len(filed)] = keys[order]
        counts[:len(filed)] = np.array([c for _, c in filed], dtype=np.int64)[order]
    return np.array(boxes) if boxes else _NO_BOXES, sections, counts, len(filed)


def flight_arguments(world: World, features: Features, eye: float, more: int,
                     owner_gone: Callable[[Entity], bool] | None, listed: Callable[[Entity], bool] = collides) -> tuple:
    """What `thrown_kernel.clear_flight` and `moved_flight` read of the world and the release, in the order the
    projectile loops take it (after the rows and the kind's own arguments): the release's flags (`version_bits`),
    the lava push, the normalisation's zero, the void's Y, the eye height `eye` and how far below it the submerged
    test looks, `checkBlockCollision`'s deflation, the world border's edges the raycast meets (from 1.21.2,
    `raycast_world_border`; else infinite), the sections holding a block with an entity effect (a release refusing
    `block_effects`: `tnt.TntBatch.effect_sections`), `query_arrays`' boxes (of the entities `listed`), the ids of
    the entities `owner_gone` names (an owner whose projectile the object path removes; None: no kind's tick tests
    it), `query_arrays`' sections (room for `more` new keys), counts and how many are filed, and the entities
    queried so far."""
    boxes, sections, counts, filed = query_arrays(world, more, listed)
    gone = [] if owner_gone is None else [e.id for e in world.entities.values() if owner_gone(e)]
    v = version_bits(features)
    return (v, LAVA_PUSH_ULTRAWARM if world.ultrawarm else LAVA_PUSH,
            normalize_zero_below(features), float(void_y(world.dimension, features)), eye,
            0.0 if features.submerged_at_eye else SUBMERGED_EYE_OFFSET,
            BLOCK_COLLISION_DEFLATE_1_19_3 if features.block_collision_deflate_1e7 else BLOCK_COLLISION_DEFLATE,
            world.border.bounds() if features.raycast_world_border else _NO_BORDER,
            Tnt.batch.effects_for(world, v),
            boxes, np.array(gone, dtype=np.int64), sections, counts, filed, world.entities_queried)


class ThrownBatch(RowBatch):
    """Runs of one thrown kind: `engine.entities.thrown_kernel.tick_rows` up to one whose tick the object path
    takes (it may hit an entity or a block, or meet what the kernels do not decide), then on after it with the
    world as the object path left it. Releases 1.16.2–1.21.11 run them (the kind's gravity a float or, from 1.20.5,
    a double; `version_bits` for the fluid push; from 1.21.2 another order, `late`); before 1.16.2
    (outline-shape raycasts, the inLava flag, no `checkBlockCollision`) and a release refusing a mechanic they run
    leave every projectile to the object path; so does a projectile with riders or a vehicle, and the loop hands
    back an ender pearl whose owner is a removed player. A release refusing `block_effects` (1.21.5 on) runs them
    too: the loop hands back a projectile near a section holding a block with an entity effect, where the object
    path stops in one line. Traced runs replay the loop's ticks (`replays`)."""

    table = THROWN_ROWS
    mechanics = frozenset({"thrown", "fluids", "void"})

    def __init__(self, kind: type[Projectile]) -> None:
        self.kind = kind

    def decides(self, world: World, features: Features) -> bool:
        return not (features.refused & self.mechanics
                    or features.projectile_outline_shapes or features.water_material_acceleration) \
            and features.thrown_check_block_collision and features.in_lava_by_fluid_height \
            and features.submerged_below_eye

    def late(self, features: Features) -> bool:
        """Whether the kind's tick takes 1.21.2's order in this release (`thrown_tick_1_21_2`): the loop's `late`."""
        return features.thrown_tick_1_21_2

    def row(self, e: Projectile, traced: bool) -> int:
        return -1 if e.passengers or e.vehicle is not None else e._r

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        kind = self.kind
        pearls = kind.OWNER_GONE
        flight = flight_arguments(world, features, kind.eye_height_of(), len(rows) - start,
                                  lambda e: pearls and e.is_player and e.removed)
        stop, status, queried = kernel.tick_rows(
            *block_arrays_of(world), THROWN_ROWS.f, THROWN_ROWS.i, rows, start,
            kind.GRAVITY_DOUBLE if features.thrown_gravity_double else kind.GRAVITY, self.late(features), *flight,
            marks, saved_f, saved_i)
        world.entities_queried = queried
        return stop, status

    def finish(self, e: Entity, sim: TickContext) -> None:
        raise AssertionError(f"the thrown loop stops only with {HANDED}")


class ThrownEntity(ProjectileRows, Projectile):
    """`ThrownEntity`: 0.25 × 0.25, drag 0.99F (water 0.8F), gravity `GRAVITY`; thrown at `THROW_SPEED` with
    `THROW_ROLL` added to the pitch for Y. Its state is a row of `THROWN_ROWS` (engine.entities.thrown_kernel); each
    kind's runs take its `ThrownBatch`."""
    MECHANIC = "thrown"   # the versions table's row (engine/core/versions.py)
    ROWS = THROWN_ROWS
    owner_set = extra_flag(THROWN_ROWS, "owner_set")          # 1.14-1.15.2: `ThrownEntity.owner` is not null
    ignore_entity = extra_int(THROWN_ROWS, "ignore_entity")   # 1.14-1.15.2: the ignored entity's id, 0 for none
    ignore_time = extra_int(THROWN_ROWS, "ignore_time")

    WIDTH = THROWN_WIDTH
    HEIGHT = THROWN_HEIGHT
    GRAVITY: ClassVar[float] = THROWN_GRAVITY
    GRAVITY_DOUBLE: ClassVar[float] = THROWN_GRAVITY_DOUBLE   # 1.20.5+
    THROW_SPEED = THROWN_SPEED
    HITS_ENTITIES: ClassVar[bool] = True   # onEntityHit deals (0) damage: snowball, egg, ender pearl
    OWNER_GONE: ClassVar[bool] = False     # its tick first tests for a removed player owner (ender pearls)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.batch = ThrownBatch(cls)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)


    def owner_living_only(self, features: Features) -> bool:
        """Up to 1.15.2 (`pearl_owner_living`) `ThrownEntity.owner` is a `LivingEntity` (1.12.2's `getThrower` an
        `EntityLivingBase`): a non-living owner is none, for the ignored entity, the damage's attacker and the
        pearl's teleport alike."""
        return features.pearl_owner_living

    def after_use(self, speed: float) -> None:
        """Thrown by a living entity: the `ThrownEntity(type, owner, world)` constructor sets the owner field, which
        1.14-1.15.2's ignored entity reads (`thrown_ignore_entity`)."""
        self.owner_set = True

    def gravity(self, sim: TickContext) -> float:
        """`getGravity`: a float up to 1.20.4, a double from 1.20.5."""
        return self.GRAVITY_DOUBLE if sim.features.thrown_gravity_double else self.GRAVITY

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ThrownEntity.tick`: spec 06 §8.2 (1.12.2: `thrown_1_12.tick_1_12`)."""
        if sim.features.thrown_tick_1_12:
            tick_1_12(self, sim, rec)
            return
        if sim.features.thrown_tick_1_21_2:
            self.tick_1_21_2(sim, rec)
            return
        ignoring = sim.features.thrown_ignore_entity
        if ignoring:   # up to 1.15.2 ThrownEntity extends Entity: no "left owner" to update
            run_stage(rec, self, BASE, self.base_tick, sim, rec)                              # 1 F
            run_stage(rec, self, IGNORED, self.find_ignored_entity, sim)
        else:
            self.projectile_tick(sim, rec)                                                    # 1 F
        hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec,
                        OUTLINE if sim.features.projectile_outline_shapes else COLLIDER)       # 2
        if ignoring and self.ignore_entity:
            self.ignore_time -= 1
            if self.ignore_time < 0:                                                          # ignoreTime-- <= 0
                self.ignore_entity = 0
        # 2.1: nether portals and end gateways have empty collision shapes: this raycast never returns them
        if not is_miss(hit):
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit, rec)              # 2.2
        if sim.features.thrown_check_block_collision:                                        # 3 (1.16.2+)
            run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)
        target = self.pos.plus(self.motion)                                                   # 4
        run_stage(rec, self, DRAG, _drag, self._t.f, self._r, self.touching_water)            # 5 D
        if not self.no_gravity:                                                               # 6 G
            run_stage(rec, self, GRAVITY, _gravity, self._t.f, self._r, self.gravity(sim))
        run_stage(rec, self, POSITION, self.set_position, target)                             # 7 M

    def tick_1_21_2(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ThrownEntity.tick` from 1.21.2: gravity and drag first, then the raycast along the new Motion; the
        position moves to the hit or by the Motion; `tickBlockCollision`; `ProjectileEntity.tick` (the base
        tick); then the hit. The first tick's bubble-column check (`tickInitialBubbleColumnCollision`, every cell
        the box touches) is a block with `onEntityCollision`: refused (block_effects) like `tickBlockCollision`."""
        if self.first_update and self.touches_bubble_column(sim):
            raise refusal(sim.features, "block_effects", f"entity {self.id} in a bubble column, tick {sim.tick_count}")
        if not self.no_gravity:                                                               # 1 G
            run_stage(rec, self, GRAVITY, _gravity, self._t.f, self._r, self.gravity(sim))
        run_stage(rec, self, DRAG, _drag, self._t.f, self._r, self.touching_water)            # 2 D
        target = self.pos.plus(self.motion)
        hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec,
                        COLLIDER)                                                             # 3 Dc
        run_stage(rec, self, POSITION, self.set_position, target if is_miss(hit) else hit.pos)  # 4 M
        run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)                  # 5 Dc'
        self.projectile_tick(sim, rec)                                                        # 6 F
        if not is_miss(hit) and not self.removed:                                             # 7
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit, rec)

    def find_ignored_entity(self, sim: TickContext) -> None:
        """1.14-1.15.2 (`thrown_ignore_entity`): over the collidable entities in the box stretched by the Motion and
        grown by 1, in `getEntities`' order, the ignored one adds a tick to its time; before it is met, in the first
        tick (age < 2) of a projectile whose owner field is set, the first one found is ignored for 3 ticks.
        After the raycast the time counts down, and the entity is hit again once it has passed 0."""
        area = self.box.stretch(*self.motion).expand(PROJECTILE_SEARCH_EXPANSION)
        for other in sim.world.get_entities(self, area, collides):
            if other.id == self.ignore_entity:
                self.ignore_time += 1
                return
            if self.owner_set and self.age < 2 and not self.ignore_entity:
                self.ignore_entity, self.ignore_time = other.id, THROWN_IGNORE_TICKS
                return

    def can_hit(self, sim: TickContext, e: Entity) -> bool:
        """`method_26958`; up to 1.15.2 (`thrown_ignore_entity`) any collidable entity but the ignored one."""
        if sim.features.thrown_ignore_entity:
            return collides(e) and e.id != self.ignore_entity
        return super().can_hit(sim, e)

    def touches_bubble_column(self, sim: TickContext) -> bool:
        """`BlockPos.iterate(getBoundingBox())` meets a bubble column."""
        b = self.box
        return any(sim.world.get_block_state(x, y, z).block == "bubble_column"
                   for x in range(floor(b.min_x), floor(b.max_x) + 1)
                   for y in range(floor(b.min_y), floor(b.max_y) + 1)
                   for z in range(floor(b.min_z), floor(b.max_z) + 1))

    def on_collision(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`ProjectileEntity.onCollision`: the entity or block hit (a block's `onProjectileHit` reactions, such as
        targets and chorus flowers, are not modelled), then the item's own reaction."""
        if isinstance(hit, EntityHitResult):
            self.redirect_hit(sim, hit.entity)
            if self.HITS_ENTITIES:
                damage(sim, hit.entity, 0.0, self.attacker(sim), self)   # 0 damage (3 to blazes, not simulated)
        self.on_landed(sim, hit, rec)

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """The item's `onCollision` after the hit itself: snowballs (and the plain case) break."""
        self.remove()


class Snowball(ThrownEntity):
    TYPE = "minecraft:snowball"


class Egg(ThrownEntity):
    TYPE = "minecraft:egg"

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`EggEntity.onCollision`: 1 in 8 hatches chickens (4 with a further 1 in 32), from the egg's Random.
        Chickens are not simulated: the event reports how many would appear."""
        if self.random.next_int(EGG_CHICKEN_CHANCE) == 0:
            count = 4 if self.random.next_int(EGG_FOUR_CHICKEN_CHANCE) == 0 else 1
            sim.emit({"kind": "chicken_spawn", "source": self.id, "count": count, "at": list(self.pos)})
        self.remove()


class EnderPearl(ThrownEntity):
    TYPE = "minecraft:ender_pearl"
    OWNER_GONE = True

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`EnderPearlEntity.tick`: removed at once when its player owner is dead. Up to 1.15.2 `getOwner` fills
        the owner field (`thrown_ignore_entity`: the ignored entity of a pearl loaded with an owner)."""
        owner = self.get_owner(sim)
        if sim.features.thrown_ignore_entity:
            self.owner_set = owner is not None
        if owner is not None and owner.is_player and owner.removed:
            self.remove()
            return
        super().tick(sim, rec)

    def on_collision(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """Up to 1.15.2 (`pearl_owner_hit_ignored`) a hit on its owner does nothing: the pearl flies on."""
        if sim.features.pearl_owner_hit_ignored and isinstance(hit, EntityHitResult) \
                and hit.entity is self.get_owner(sim):
            return
        super().on_collision(sim, hit, rec)

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`EnderPearlEntity.onCollision` (spec 08 §2): the owner goes to the pearl's position of this tick (the
        last one before the hit, not the hit point) with its fall distance reset. The event reports the
        destination even without an owner. The player's 5 fall damage and the endermite chance are not modelled.
        Up to 1.15.2 the owner is a living entity (`get_owner`), so a pearl owned by any other entity teleports
        nothing."""
        owner = self.get_owner(sim)
        to = self.prev_pos if sim.features.thrown_tick_1_21_2 else self.pos   # 1.21.2: getLastRenderPos()
        if owner is not None:
            owner.set_position(to)
            owner.fall_distance = 0.0
        sim.emit({"kind": "pearl_teleport", "source": self.id, "owner": None if owner is None else owner.id,
                  "to": list(to)})
        self.remove()


class Potion(ThrownEntity):
    """A splash or lingering potion: it breaks on any hit (its effects and clouds are not modelled)."""

    TYPE = "minecraft:potion"
    HITS_ENTITIES = False
    GRAVITY = POTION_GRAVITY
    GRAVITY_DOUBLE = POTION_GRAVITY_DOUBLE
    THROW_SPEED = POTION_SPEED
    THROW_ROLL = BOTTLE_ROLL


class ExperienceBottle(ThrownEntity):
    TYPE = "minecraft:experience_bottle"
    HITS_ENTITIES = False
    GRAVITY = XP_BOTTLE_GRAVITY
    GRAVITY_DOUBLE = XP_BOTTLE_GRAVITY_DOUBLE
    THROW_SPEED = XP_BOTTLE_SPEED
    THROW_ROLL = BOTTLE_ROLL

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`ExperienceBottleEntity.onCollision`: 3 + nextInt(5) + nextInt(5) experience from the world Random, as
        orbs at the bottle's position (its last before the hit)."""
        amount = XP_BOTTLE_BASE + sim.random.next_int(XP_BOTTLE_SPREAD) + sim.random.next_int(XP_BOTTLE_SPREAD)
        orbs = spawn_orbs(sim, self.pos, amount)
        sim.emit({"kind": "experience_drop", "source": self.id, "amount": amount, "at": list(self.pos),
                  "orbs": [o.id for o in orbs]})
        self.remove()


THROWN_TYPES: tuple[type[ThrownEntity], ...] = (Snowball, Egg, EnderPearl, Potion, ExperienceBottle)
