"""`ThrownEntity` and its items (spec 06 §8): snowball, egg, ender pearl, splash potion, bottle o' enchanting.

Order F Dc Dc' D G M: base tick, raycast collision and its handling, `checkBlockCollision`, drag, gravity, then
the position moves by the Motion read before the drag (spec 06 §8.2). From 1.21.2 (`thrown_tick_1_21_2`,
docs/versions.md): G D, the raycast along the new Motion, the position moves to the hit or by that Motion,
`tickBlockCollision`, the base tick, then the hit; from 1.20.5 the gravity is a double (`thrown_gravity_double`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.constants import (
    BOTTLE_ROLL,
    EGG_CHICKEN_CHANCE,
    EGG_FOUR_CHICKEN_CHANCE,
    POTION_GRAVITY,
    POTION_GRAVITY_DOUBLE,
    POTION_SPEED,
    THROWN_DRAG,
    THROWN_GRAVITY,
    THROWN_GRAVITY_DOUBLE,
    THROWN_HEIGHT,
    THROWN_SPEED,
    THROWN_WATER_DRAG,
    THROWN_WIDTH,
    XP_BOTTLE_BASE,
    XP_BOTTLE_GRAVITY,
    XP_BOTTLE_GRAVITY_DOUBLE,
    XP_BOTTLE_SPEED,
    XP_BOTTLE_SPREAD,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities.common import add_motion, scale_motion
from engine.entities.projectile import EntityHitResult, HitResult, Projectile, damage, get_collision, is_miss
from engine.entities.thrown_1_12 import tick_1_12
from engine.entities.xp_orb import spawn_orbs
from engine.java.mathhelper import floor
from engine.motion.block_effects import check_block_collision
from engine.motion.raycast import COLLIDER, OUTLINE

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder

COLLISION = StageInfo("collision", "ProjectileUtil.getCollision", "Dc")
ON_COLLISION = StageInfo("on_collision", "ProjectileEntity.onCollision")
BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision", "Dc")
DRAG = StageInfo("drag", "ThrownEntity.tick", "D")
GRAVITY = StageInfo("gravity", "ThrownEntity.tick", "G")
POSITION = StageInfo("position_update", "Entity.updatePosition", "M")


class ThrownEntity(Projectile):
    """`ThrownEntity`: 0.25 × 0.25, drag 0.99F (water 0.8F), gravity `GRAVITY`; thrown at `THROW_SPEED` with
    `THROW_ROLL` added to the pitch for Y."""
    MECHANIC = "thrown"   # the versions table's row (engine/core/versions.py)

    WIDTH = THROWN_WIDTH
    HEIGHT = THROWN_HEIGHT
    GRAVITY: ClassVar[float] = THROWN_GRAVITY
    GRAVITY_DOUBLE: ClassVar[float] = THROWN_GRAVITY_DOUBLE   # 1.20.5+
    THROW_SPEED = THROWN_SPEED
    HITS_ENTITIES: ClassVar[bool] = True   # onEntityHit deals (0) damage: snowball, egg, ender pearl

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
        self.projectile_tick(sim, rec)                                                        # 1 F
        hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec,
                        OUTLINE if sim.features.projectile_outline_shapes else COLLIDER)       # 2
        # 2.1: nether portals and end gateways have empty collision shapes: this raycast never returns them
        if not is_miss(hit):
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit, rec)              # 2.2
        if sim.features.thrown_check_block_collision:                                        # 3 (1.16.2+)
            run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)
        target = self.pos.plus(self.motion)                                                   # 4
        k = THROWN_WATER_DRAG if self.touching_water else THROWN_DRAG                         # 5 D
        run_stage(rec, self, DRAG, scale_motion, self, k, k, k)
        if not self.no_gravity:                                                               # 6 G
            run_stage(rec, self, GRAVITY, add_motion, self, 0.0, -self.gravity(sim), 0.0)
        run_stage(rec, self, POSITION, self.set_position, target)                             # 7 M

    def tick_1_21_2(self, sim: TickContext, rec: Recorder | None) -> None:
        """`ThrownEntity.tick` from 1.21.2: gravity and drag first, then the raycast along the new Motion; the
        position moves to the hit or by the Motion; `tickBlockCollision`; `ProjectileEntity.tick` (the base
        tick); then the hit. The first tick's bubble-column check (`tickInitialBubbleColumnCollision`, every cell
        the box touches) is a block with `onEntityCollision`: refused (block_effects) like `tickBlockCollision`."""
        if self.first_update and self.touches_bubble_column(sim):
            raise refusal(sim.features, "block_effects", f"entity {self.id} in a bubble column, tick {sim.tick_count}")
        if not self.no_gravity:                                                               # 1 G
            run_stage(rec, self, GRAVITY, add_motion, self, 0.0, -self.gravity(sim), 0.0)
        k = THROWN_WATER_DRAG if self.touching_water else THROWN_DRAG                         # 2 D
        run_stage(rec, self, DRAG, scale_motion, self, k, k, k)
        target = self.pos.plus(self.motion)
        hit = run_stage(rec, self, COLLISION, get_collision, self, sim, lambda e: self.can_hit(sim, e), rec,
                        COLLIDER)                                                             # 3 Dc
        run_stage(rec, self, POSITION, self.set_position, target if is_miss(hit) else hit.pos)  # 4 M
        run_stage(rec, self, BLOCKS, check_block_collision, self, sim, rec)                  # 5 Dc'
        self.projectile_tick(sim, rec)                                                        # 6 F
        if not is_miss(hit) and not self.removed:                                             # 7
            run_stage(rec, self, ON_COLLISION, self.on_collision, sim, hit, rec)

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

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`EnderPearlEntity.tick`: removed at once when its player owner is dead."""
        owner = self.get_owner(sim)
        if owner is not None and owner.is_player and owner.removed:
            self.remove()
            return
        super().tick(sim, rec)

    def on_landed(self, sim: TickContext, hit: HitResult, rec: Recorder | None) -> None:
        """`EnderPearlEntity.onCollision` (spec 08 §2): the owner goes to the pearl's position of this tick (the
        last one before the hit, not the hit point) with its fall distance reset. The event reports the
        destination even without an owner. The player's 5 fall damage and the endermite chance are not modelled.
        Up to 1.15.2 the owner is a living entity (`pearl_owner_living`: `ThrownEntity.owner`, 1.12.2's
        `EntityThrowable.getThrower`), so a pearl owned by any other entity teleports nothing."""
        owner = self.get_owner(sim)
        if owner is not None and sim.features.pearl_owner_living and not owner.living:
            owner = None
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
