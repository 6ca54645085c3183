"""Mob species (spec 05, 07): zombies, villagers, pigs and iron golems that walk (`MoveControl`, navigation),
the guardians and the wither skeleton used as test subjects, and the flying ghast and phantom (spec 05 §2.5).

With `no_ai` (vanilla's NoAI) the server does not move the mob itself (`MobEntity.canMoveVoluntarily` is false,
and so is `isLogicalSideForUpdatingMovement`, as no rider steers it): `travel` does nothing, its Motion loses 2%
a tick and is zeroed below 0.003, and only pistons, shulker boxes and other outside moves displace it. Without
NoAI a mob moves as its scene goal (`move_to`, `path_to`) drives it, or travels with no input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.constants import (
    ANIMAL_HEIGHT_OFFSET,
    ELDER_GUARDIAN_HEIGHT,
    ELDER_GUARDIAN_MOVEMENT_SPEED,
    ELDER_GUARDIAN_WIDTH,
    GHAST_EYE_HEIGHT,
    GHAST_FOLLOW_RANGE,
    GHAST_HEIGHT,
    GHAST_RIDING_OFFSET,
    GHAST_WIDTH,
    GUARDIAN_EYE_FACTOR,
    GUARDIAN_FLOP_SPREAD,
    GUARDIAN_FLOP_VY,
    GUARDIAN_FLOP_YAW,
    GUARDIAN_HEIGHT,
    GUARDIAN_MOVEMENT_SPEED,
    GUARDIAN_WIDTH,
    IRON_GOLEM_HEIGHT,
    IRON_GOLEM_MOVEMENT_SPEED,
    IRON_GOLEM_STEP_HEIGHT,
    IRON_GOLEM_WIDTH,
    MOB_FOLLOW_RANGE,
    PHANTOM_EYE_FACTOR,
    PHANTOM_HEIGHT,
    PHANTOM_RIDING_OFFSET,
    PHANTOM_WIDTH,
    PIG_HEIGHT,
    PIG_MOVEMENT_SPEED,
    PIG_STEP_HEIGHT,
    PIG_WIDTH,
    SKELETON_MOVEMENT_SPEED,
    SKELETON_RIDING_OFFSET,
    VILLAGER_FOLLOW_RANGE,
    VILLAGER_GATHERS,
    VILLAGER_HEIGHT,
    VILLAGER_LOOT_REACH,
    VILLAGER_MAX_FOLLOW_RANGE,
    VILLAGER_MOVEMENT_SPEED,
    VILLAGER_RAID_CHECK_BOUND,
    VILLAGER_WIDTH,
    WITHER_SKELETON_EYE_HEIGHT,
    WITHER_SKELETON_HEIGHT,
    WITHER_SKELETON_RIDING_OFFSET,
    WITHER_SKELETON_WIDTH,
    ZOMBIE_FOLLOW_RANGE,
    ZOMBIE_HEIGHT,
    ZOMBIE_HEIGHT_OFFSET,
    ZOMBIE_MOVEMENT_SPEED,
    ZOMBIE_RIDING_OFFSET,
    ZOMBIE_WIDTH,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities.item import Item
from engine.geometry.box import ZERO, Vec3
from engine.java.javanum import f32
from engine.java.mathhelper import floor
from engine.living.attributes import FOLLOW_RANGE, MOVEMENT_SPEED
from engine.living.brain_tasks import tick_brain
from engine.living.mob import MobBatch, MobEntity
from engine.living.travel import flying_travel

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

FLOP = StageInfo("flop", "GuardianEntity.tickMovement")
BRAIN = StageInfo("brain", "Brain.tick")


class Guardian(MobEntity):
    TYPE = "minecraft:guardian"
    can_trigger_walking = False   # GuardianEntity.canClimb (1.14.4; MCP canTriggerWalking)
    NAVIGATES = False   # SwimNavigation (spec 07 §3.2) is not modelled
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: GUARDIAN_MOVEMENT_SPEED, FOLLOW_RANGE: MOB_FOLLOW_RANGE}
    WIDTH = GUARDIAN_WIDTH
    HEIGHT = GUARDIAN_HEIGHT

    @property
    def eye_height(self) -> float:
        """`GuardianEntity.getActiveEyeHeight`: height × 0.5F."""
        return f32(self.height * GUARDIAN_EYE_FACTOR)

    def tick_movement(self, sim: TickContext, rec: Recorder | None) -> None:
        """`GuardianEntity.tickMovement`: alive, on ground and out of water, a guardian flops, with or without AI;
        then `LivingEntity.tickMovement`. Its swimming `travel` (AI, in water) comes with the water case."""
        if not self.removed and not self.is_inside_water_or_bubble_column(sim) and self.on_ground:
            run_stage(rec, self, FLOP, self.flop)
        super().tick_movement(sim, rec)

    def is_inside_water_or_bubble_column(self, sim: TickContext) -> bool:
        """`Entity.isInsideWaterOrBubbleColumn`: touching water, or a bubble column at the position."""
        p = self.pos
        return self.touching_water or \
            sim.world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block == "bubble_column"

    def flop(self) -> None:
        """A random hop: X and Z += (nextFloat·2 − 1)·0.4F, Y += 0.5; a random yaw; off the ground."""
        r = self.random
        dx = f32(f32(f32(r.next_float() * 2.0) - 1.0) * GUARDIAN_FLOP_SPREAD)
        dz = f32(f32(f32(r.next_float() * 2.0) - 1.0) * GUARDIAN_FLOP_SPREAD)
        m = self.motion
        self.motion = Vec3(m.x + dx, m.y + GUARDIAN_FLOP_VY, m.z + dz)
        self.yaw = f32(r.next_float() * GUARDIAN_FLOP_YAW)
        self.on_ground = False


class ElderGuardian(Guardian):
    TYPE = "minecraft:elder_guardian"
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: ELDER_GUARDIAN_MOVEMENT_SPEED, FOLLOW_RANGE: MOB_FOLLOW_RANGE}
    WIDTH = ELDER_GUARDIAN_WIDTH
    HEIGHT = ELDER_GUARDIAN_HEIGHT


class WitherSkeleton(MobEntity):
    """`WitherSkeletonEntity`; `AbstractSkeletonEntity.tickMovement`'s daylight check only sets fire (and draws
    from the Random when the sky light is bright, which the engine does not model)."""

    batch = MobBatch()
    TYPE = "minecraft:wither_skeleton"
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: SKELETON_MOVEMENT_SPEED, FOLLOW_RANGE: MOB_FOLLOW_RANGE}
    WIDTH = WITHER_SKELETON_WIDTH
    HEIGHT = WITHER_SKELETON_HEIGHT

    @property
    def eye_height(self) -> float:
        return WITHER_SKELETON_EYE_HEIGHT   # WitherSkeletonEntity.getActiveEyeHeight

    RIDING_OFFSET = WITHER_SKELETON_RIDING_OFFSET
    VEHICLE_ATTACHMENT_Y = -WITHER_SKELETON_RIDING_OFFSET   # EntityType: vehicleAttachment(-0.875F)

    def height_offset(self) -> float:
        """`AbstractSkeletonEntity.getHeightOffset`."""
        return SKELETON_RIDING_OFFSET

    def has_swim_goal(self, features: Features) -> bool:
        """1.12.2 `AbstractSkeleton.initEntityAI`: `EntityAISwimming` at priority 1 (`undead_swim_goal`)."""
        return features.undead_swim_goal


class Zombie(MobEntity):
    """`ZombieEntity`: no door opening (only a door-breaking zombie paths through closed doors)."""

    batch = MobBatch()
    TYPE = "minecraft:zombie"
    WIDTH = ZOMBIE_WIDTH
    HEIGHT = ZOMBIE_HEIGHT
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: ZOMBIE_MOVEMENT_SPEED, FOLLOW_RANGE: ZOMBIE_FOLLOW_RANGE}
    RIDING_OFFSET = ZOMBIE_RIDING_OFFSET
    VEHICLE_ATTACHMENT_Y = -ZOMBIE_RIDING_OFFSET   # EntityType: vehicleAttachment(-0.7F)

    def height_offset(self) -> float:
        """`ZombieEntity.getHeightOffset`: −0.45 (an adult; babies are not modelled)."""
        return ZOMBIE_HEIGHT_OFFSET

    def has_swim_goal(self, features: Features) -> bool:
        """1.12.2 `EntityZombie.initEntityAI`: `EntityAISwimming` at priority 0 (`undead_swim_goal`)."""
        return features.undead_swim_goal


def is_item(e: Entity) -> bool:
    return isinstance(e, Item)


class VillagerBatch(MobBatch):
    """`MobBatch` for villagers: a world holding an item leaves them to the object path, whose tick looks for the
    items they gather (`Villager.loot`), and so does one holding a villager of 1.14+ whose brain has not ticked,
    whose first tick makes the world's Random unknown (engine.living.brain_tasks.unknown_world_random)."""

    def decides(self, world: World, features: Features) -> bool:
        test = is_item if features.villager_swim_goal else is_item_or_new_brain
        return not self.world_holds(world, test) and super().decides(world, features)


def is_item_or_new_brain(e: Entity) -> bool:
    """An item, or a villager with AI whose brain has not ticked (`VillagerBatch.decides`, 1.14+)."""
    return is_item(e) or isinstance(e, Villager) and not e.no_ai and not e.brain_ticked


class Villager(MobEntity):
    """`VillagerEntity`: opens wooden doors in its paths and its path searches swim (its constructor's navigation
    settings, from 1.14; before, its swim goal's); gathering items is not modelled (`loot`)."""

    batch = VillagerBatch()
    TYPE = "minecraft:villager"
    WIDTH = VILLAGER_WIDTH
    HEIGHT = VILLAGER_HEIGHT
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: VILLAGER_MOVEMENT_SPEED, FOLLOW_RANGE: VILLAGER_FOLLOW_RANGE}
    CAN_OPEN_DOORS = True
    CAN_SWIM = True
    MAX_FOLLOW_RANGE = VILLAGER_MAX_FOLLOW_RANGE

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.brain_ticked = False   # whether its brain made the world's Random unknown (unknown_world_random)

    def tick_movement(self, sim: TickContext, rec: Recorder | None) -> None:
        """`MobEntity.tickMovement`: `LivingEntity`'s, then the loot pickup (`loot`)."""
        super().tick_movement(sim, rec)
        self.loot(sim)

    def loot(self, sim: TickContext) -> None:
        """`MobEntity.tickMovement`'s pickup (1.12.2 `EntityLiving.onLivingUpdate`): a villager can pick up loot
        (its constructor sets it; the NBT changes it only where it holds CanPickUpLoot, which a scene has not) and,
        alive (with mobGriefing, a game rule not modelled, on), takes each item with pickup delay 0 whose box meets
        its own grown by (1, 0, 1) and whose stack it gathers (`VillagerEntity.canGather`; 1.12.2
        `updateEquipmentIfNeeded`: `VILLAGER_GATHERS`; a profession's own, the farmer's bone meal, not modelled:
        scenes' villagers have none). Its inventory is not modelled: the run stops before the item is removed."""
        if self.is_dead():
            return
        for e in sim.world.get_entities(self, self.box.expand(VILLAGER_LOOT_REACH, 0.0, VILLAGER_LOOT_REACH), is_item):
            if not e.removed and e.pickup_delay == 0 and e.item in VILLAGER_GATHERS:
                raise refusal(sim.features, "item", f"entity {e.id} ({e.TYPE}), tick {sim.tick_count}",
                              f"villager {self.id} gathers it (MobEntity.tickMovement → loot): its inventory is "
                              "not modelled")

    def has_swim_goal(self, features: Features) -> bool:
        """`EntityVillager.initEntityAI` up to 1.13.2: `EntityAISwimming` at priority 0 (`villager_swim_goal`);
        from 1.14 the brain's `StayAboveWaterTask` floats it (`mob_tick`)."""
        return features.villager_swim_goal

    def has_mob_tick(self, features: Features) -> bool:
        """From 1.14 `VillagerEntity.mobTick` ticks the brain (up to 1.13.2 `EntityVillager.updateAITasks` keeps
        no brain and draws nothing the engine runs)."""
        return not features.villager_swim_goal

    def mob_tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`VillagerEntity.mobTick` (1.14; 1.21.10 `Villager.customServerAiStep`): `Brain.tick`
        (engine.living.brain_tasks: the first leaves the world's Random unknown), then the raid check's
        `random.nextInt(100)` (its AI enabled, as here); a trade's level-up timer and last customer do not occur in
        a scene."""
        run_stage(rec, self, BRAIN, tick_brain, self, sim)
        self.random.next_int(VILLAGER_RAID_CHECK_BOUND)

    def loop_mob_tick(self) -> None:
        """The raid check's draw where the compiled loop ran the tick: out of water and lava the swim task neither
        starts nor runs (one running hands its villager to the object path)."""
        if not self.no_ai:
            self.random.next_int(VILLAGER_RAID_CHECK_BOUND)


class Pig(MobEntity):
    """`PigEntity`: not ridden, its `travel` sets the step height 0.5 up to 1.19.3 (spec 03 §4); from 1.19.4 it
    keeps the living 0.6 (`pig_step_height_half`)."""

    TYPE = "minecraft:pig"
    WIDTH = PIG_WIDTH
    HEIGHT = PIG_HEIGHT
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: PIG_MOVEMENT_SPEED, FOLLOW_RANGE: MOB_FOLLOW_RANGE}
    is_animal = True

    def height_offset(self) -> float:
        """`AnimalEntity.getHeightOffset`: 0.14."""
        return ANIMAL_HEIGHT_OFFSET

    def has_swim_goal(self, features: Features) -> bool:
        """`PigEntity.initGoals`: `SwimGoal` at priority 0, in every release (1.12.2 `EntityAISwimming`)."""
        return True

    def travel(self, sim: TickContext, rec: Recorder | None, movement_input: Vec3 = ZERO) -> None:
        """`ItemSteerable.travel` for a pig nobody steers: step height 0.5 (up to 1.19.3), flying speed 0.02,
        then `LivingEntity.travel`."""
        if sim.features.pig_step_height_half:
            self.step_height = PIG_STEP_HEIGHT
        super().travel(sim, rec, movement_input)


class IronGolem(MobEntity):
    """`IronGolemEntity`: 1.4 wide (a 2×2 footprint for path finding), step height 1.0 (spec 03 §4)."""

    batch = MobBatch()
    TYPE = "minecraft:iron_golem"
    FALL_DAMAGE_IMMUNE = True
    WIDTH = IRON_GOLEM_WIDTH
    HEIGHT = IRON_GOLEM_HEIGHT
    BASE_ATTRIBUTES = {MOVEMENT_SPEED: IRON_GOLEM_MOVEMENT_SPEED, FOLLOW_RANGE: MOB_FOLLOW_RANGE}

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.step_height = IRON_GOLEM_STEP_HEIGHT


class FlyingEntity(MobEntity):
    """`FlyingEntity`: its own `travel` (spec 05 §2.5), which vanilla calls whether or not the AI is enabled, so
    a NoAI ghast loses 2% a tick (`tickMovement`) and then drags like one with AI. No scene goals: the flying
    move controls are not the ground `MoveControl`."""

    FIELDS: ClassVar[dict[str, type]] = {"no_ai": bool}
    NAVIGATES = False

    FALL_DAMAGE_IMMUNE = True      # ghasts and phantoms; before 1.19.4 FlyingEntity.handleFallDamage

    def travel(self, sim: TickContext, rec: Recorder | None, movement_input: Vec3 = ZERO) -> None:
        flying_travel(self, sim, rec, movement_input)

    def handle_fall_damage(self, sim: TickContext, distance: float, multiplier: float) -> bool:
        """`FlyingEntity.handleFallDamage` up to 1.19.3: no fall damage (then the tag says the same)."""
        return False


class Ghast(FlyingEntity):
    """`GhastEntity`: its goals (FlyRandomlyGoal, fireballs) are not modelled; with AI it idles (GhastMoveControl
    waits), so only explosions, pistons and other pushes move it."""

    TYPE = "minecraft:ghast"
    WIDTH = GHAST_WIDTH
    HEIGHT = GHAST_HEIGHT
    BASE_ATTRIBUTES = {FOLLOW_RANGE: GHAST_FOLLOW_RANGE}
    RIDING_OFFSET = GHAST_RIDING_OFFSET
    VEHICLE_ATTACHMENT_Y = -GHAST_RIDING_OFFSET   # EntityType: vehicleAttachment(0.5F)

    @property
    def eye_height(self) -> float:
        return GHAST_EYE_HEIGHT


class Phantom(FlyingEntity):
    """`PhantomEntity` of size 0. Its `PhantomMoveControl` steers it every tick with AI, which is not simulated:
    a phantom with AI stops the run with one line; set `no_ai = true`."""

    TYPE = "minecraft:phantom"
    WIDTH = PHANTOM_WIDTH
    HEIGHT = PHANTOM_HEIGHT
    RIDING_OFFSET = PHANTOM_RIDING_OFFSET
    VEHICLE_ATTACHMENT_Y = -PHANTOM_RIDING_OFFSET   # EntityType: vehicleAttachment(-0.125F)

    @property
    def eye_height(self) -> float:
        """`PhantomEntity.getActiveEyeHeight`: height × 0.35F."""
        return f32(self.height * PHANTOM_EYE_FACTOR)

    def tick_new_ai(self, sim: TickContext, rec: Recorder | None) -> None:
        raise NotImplementedError(f"phantom {self.id} with AI: PhantomMoveControl is not simulated "
                                  "(set no_ai = true)")


MOB_TYPES = (Guardian, ElderGuardian, WitherSkeleton, Zombie, Villager, Pig, IronGolem, Ghast, Phantom)
