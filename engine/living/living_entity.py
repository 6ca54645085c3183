"""`LivingEntity`: `tickMovement` (spec 05 §3), jumping (§5), attributes and effects (§4.7), health, fall damage
and knockback; the four cases of `travel` live in `engine.living.travel`, cramming in
`engine.influences.cramming`, knockback in `engine.influences.knockback`.

Subclasses extend it by overriding the vanilla predicates: `can_move_voluntarily` (`canMoveVoluntarily`: the
server moves the entity itself; mobs without AI do not), `is_logical_side_for_updating_movement`, and
`tick_new_ai` (`tickNewAi`: the AI of mobs, the held keys of a player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.constants import (
    DEATH_TICKS,
    FALL_POWER_EPSILON,
    FLYING_SPEED,
    FREEZE_DAMAGE,
    FREEZE_DAMAGE_PERIOD,
    FREEZE_DAMAGE_TICKS,
    FREEZE_THAW,
    HURT_TICKS,
    INVULNERABLE_TICKS,
    JUMP_BOOST_STEP,
    JUMP_COOLDOWN,
    JUMP_VELOCITY,
    LIVING_GRAVITY,
    LIVING_NO_AI_DRAG,
    LIVING_STEP_HEIGHT,
    MIN_JUMP_VELOCITY,
    POWDER_SNOW_SLOW,
    SAFE_FALL_DISTANCE,
    SPRINT_SPEED_BOOST,
    SWIM_HEIGHT,
    SWIM_UP_SPEED,
    WATER_DRAG,
)
from engine.core.edits import edited
from engine.core.trace import StageInfo, run_stage, segment
from engine.core.versions import refusal
from engine.entities import damage_source
from engine.entities.dismounting import on_dismounted
from engine.entities.dismounting_1_14 import on_dismounted as on_dismounted_1_14
from engine.entities.entity import Entity
from engine.geometry.box import ZERO, Vec3
from engine.influences import cramming, knockback
from engine.influences.fluids import fluid_at
from engine.java.javanum import f32
from engine.java.mathhelper import SINE_TABLE, ceil, floor
from engine.jit import plain
from engine.living import attributes as attrs
from engine.living import effects as fx
from engine.living import travel as tr
from engine.living import travel_kernel
from engine.living.attributes import (
    FALL_DAMAGE_MULTIPLIER,
    GRAVITY,
    JUMP_STRENGTH,
    MAX_HEALTH,
    MOVEMENT_SPEED,
    AttributeContainer,
    Modifier,
    Operation,
)
from engine.motion import block_effects
from engine.motion.supporting_block import get_landing_pos, get_velocity_affecting_pos
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.world import World

# the jump and the input's arithmetic are the row kernels' own source (docs/architecture.md, "Each stage written
# once")
_jump, _sprint_jump_kick = plain(travel_kernel.jump), plain(travel_kernel.sprint_jump_kick)
_zero_negligible_motion, _damp_input = plain(travel_kernel.zero_negligible_motion), plain(travel_kernel.damp_input)
_movement_speed_on = plain(travel_kernel.movement_speed_on)
_jumping_in_fluid, _swim_vertically = plain(travel_kernel.jumping_in_fluid), plain(travel_kernel.swim_vertically)

BASE = StageInfo("base_tick", "Entity.baseTick", "F")
NOT_VOLUNTARY = StageInfo("not_voluntary_drag", "LivingEntity.tickMovement")
NEGLIGIBLE = StageInfo("negligible_motion", "LivingEntity.tickMovement")
JUMP = StageInfo("jump", "LivingEntity.jump")
SWIM_UP = StageInfo("swim_upward", "LivingEntity.swimUpward")
INPUT_DAMP = StageInfo("input_damping", "LivingEntity.tickMovement")
CRAMMING = StageInfo("cramming", "LivingEntity.tickCramming")
FREEZING = StageInfo("freezing", "LivingEntity.tickMovement")
TICK_BLOCKS = StageInfo("tick_block_collision", "Entity.tickBlockCollision", "Dc")
SPRINT_UUID = "662A6B8D-DA3E-4C1C-8813-96EA6097278D"   # LivingEntity.SPRINTING_SPEED_BOOST_ID
SPRINT_MODIFIER = Modifier(SPRINT_UUID, "Sprinting speed boost", SPRINT_SPEED_BOOST, Operation.MULTIPLY_TOTAL)
EQUIPMENT_SLOTS = ("head", "chest", "legs", "feet", "mainhand", "offhand")
LEATHER_BOOTS = "minecraft:leather_boots"
# ItemTags.FREEZE_IMMUNE_WEARABLES (1.17): the leather armour pieces
FREEZE_IMMUNE_WEARABLES = frozenset({"minecraft:leather_helmet", "minecraft:leather_chestplate",
                                     "minecraft:leather_leggings", LEATHER_BOOTS})
POWDER_SNOW_SLOW_UUID = "1eaf83ff-7207-4596-b37a-d7a07b3ec4ce"   # LivingEntity.POWDER_SNOW_SLOW_ID


class LivingEntity(Entity):
    """Armor stands, mobs and players: `LivingEntity.tick` → base tick, then `tickMovement`."""
    MECHANIC = "living"   # the versions table's row (engine/core/versions.py)

    living = True
    BASE_ATTRIBUTES: dict[str, float] = {}     # createLivingAttributes / the type's own attribute builder
    FALL_DAMAGE_IMMUNE = False                 # in the 1.19.4 entity type tag fall_damage_immune

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.step_height = LIVING_STEP_HEIGHT
        self.forward_speed = 0.0
        self.sideways_speed = 0.0
        self.upward_speed = 0.0
        self.jumping = False
        self.jump_cooldown = 0
        self.flying_speed = FLYING_SPEED
        self.head_yaw = 0.0
        self.body_yaw = 0.0
        self.attributes = AttributeContainer(dict(self.BASE_ATTRIBUTES))
        self.effects = fx.Effects()
        self.movement_speed = 0.0              # set by MoveControl (mobs) or each player tick
        self.attributes.get(MOVEMENT_SPEED)
        self.health = f32(self.attributes.get_value(MAX_HEALTH))
        self.hurt_time = 0
        self.time_until_regen = 0
        self.last_damage_taken = 0.0
        self.death_time = 0
        self.sprinting = False
        self.swimming = False
        self.fall_flying = False
        self.equipment: dict[str, str] = {}
        self.enchantments: dict[str, dict[str, int]] = {}
        self.climbing = False                  # isClimbing's last answer (isPushable reads it)
        self.invulnerable = False              # NBT Invulnerable, or a creative player: no damage (knockback stays)

    # --- vanilla predicates ---
    def walks_on_powder_snow(self) -> bool:
        """`PowderSnowBlock.canWalkOnPowderSnow`: leather boots on the feet (no modelled type is in
        `powder_snow_walkable_mobs`)."""
        return self.equipment.get("feet") == LEATHER_BOOTS

    def climbs_powder_snow(self, world: World, features: Features) -> bool:
        """`LivingEntity.applyMovementInput`'s powder snow climb (1.17): in leather boots, with its position's block
        powder snow (1.18: `getBlockStateAtPos`, the same block here); from 1.21.7 (`powder_snow_climb_was_in`,
        `handleRelativeFrictionAndCalculateMovement`) where it was in powder snow at the tick's start."""
        if not self.walks_on_powder_snow():
            return False
        if features.powder_snow_climb_was_in:
            return self.was_in_powder_snow
        return world.get_block_state(floor(self.pos.x), floor(self.pos.y), floor(self.pos.z)).block == "powder_snow"

    def can_move_voluntarily(self) -> bool:
        """`LivingEntity.canMoveVoluntarily`: true on the server."""
        return True

    def is_logical_side_for_updating_movement(self) -> bool:
        """`Entity.isLogicalSideForUpdatingMovement`: the server."""
        return True

    def should_swim_in_fluids(self) -> bool:
        """`LivingEntity.method_29920`: true (a flying player does not)."""
        return True

    def is_dead(self) -> bool:
        return self.health <= 0.0

    def is_immobile(self) -> bool:
        """`LivingEntity.isImmobile`: dead."""
        return self.is_dead()

    def is_fall_flying(self) -> bool:
        return self.fall_flying

    def is_holding_onto_ladder(self) -> bool:
        """`LivingEntity.isHoldingOntoLadder`: players hold on while sneaking."""
        return False

    def base_movement_speed_multiplier(self) -> float:
        """`LivingEntity.getBaseMovementSpeedMultiplier`: the 0.8F water drag."""
        return WATER_DRAG

    def swim_height(self) -> float:
        """`getSwimHeight` (spec 05 §1): 0.4 if the eye height is at least 0.4, else 0."""
        return 0.0 if self.eye_height < SWIM_HEIGHT else SWIM_HEIGHT

    def enchantment_level(self, enchantment: str) -> int:
        """`EnchantmentHelper.getEquipmentLevel`: the highest level of `enchantment` on the equipment in the slots it
        acts from (Depth Strider the feet, Swift Sneak the legs, Blast Protection the armor)."""
        slots = attrs.ENCHANTMENT_ATTRIBUTES[enchantment][2]
        return max((lv.get(enchantment, 0) for slot, lv in self.enchantments.items() if slot in slots), default=0)

    def depth_strider_level(self) -> int:
        return self.enchantment_level("minecraft:depth_strider")

    def attribute_value(self, name: str) -> float:
        """1.21 `getAttributeValue` of an attribute the enchantments act on: the base with the enchanted equipment's
        modifiers (`attributes.enchanted_value`)."""
        return attrs.enchanted_value(self.attributes, name, self.enchantments)

    def get_velocity_multiplier(self, world: World, features: Features) -> float:
        """`LivingEntity.getVelocityMultiplier`: the block's (Soul Speed is not modelled); from 1.21
        lerp((float)movement_efficiency, the block's, 1.0F) (`living_attributes_1_21`: 0 by default, the same)."""
        f = super().get_velocity_multiplier(world, features)
        if not features.living_attributes_1_21:
            return f
        delta = f32(self.attributes.get_value(attrs.MOVEMENT_EFFICIENCY))
        return f if delta == 0.0 else f32(f + f32(delta * f32(1.0 - f)))

    @property
    def blast_protection(self) -> int:
        """Read by the explosion's knockback (spec 04 §15)."""
        return self.enchantment_level("minecraft:blast_protection")

    # --- movement speed (spec 05 §4.2, §4.7) ---
    def get_movement_speed(self) -> float:
        """`LivingEntity.getMovementSpeed`: the movementSpeed field."""
        return self.movement_speed

    def set_movement_speed(self, v: float) -> None:
        self.movement_speed = f32(v)

    def movement_speed_on(self, slipperiness: float, features: Features) -> float:
        """`getMovementSpeed(slipperiness)`: on the ground speed × 0.21600002F / s³ (floats), else flyingSpeed
        (from 1.19.4 `getOffGroundSpeed`, read now: `off_ground_speed_live`)."""
        if self.on_ground:
            return _movement_speed_on(slipperiness, True, self.get_movement_speed(), 0.0)
        return _movement_speed_on(slipperiness, False, 0.0, self.get_off_ground_speed()
                                  if features.off_ground_speed_live else self.flying_speed)

    def get_off_ground_speed(self) -> float:
        """1.19.4 `LivingEntity.getOffGroundSpeed`: 0.02F (a player-steered mount's is not modelled)."""
        return FLYING_SPEED

    def set_attribute_base(self, name: str, value: float) -> None:
        """`EntityAttributeInstance.setBaseValue`; the step height follows generic.step_height (1.20.5
        `getStepHeight`: (float) of the attribute, read where used; no modifier of it is modelled)."""
        self.attributes.set_base(name, value)
        if name == attrs.STEP_HEIGHT:
            self.step_height = f32(self.attributes.get_value(attrs.STEP_HEIGHT))

    def set_sprinting(self, sprinting: bool) -> None:
        """`LivingEntity.setSprinting`: the flag and the sprint modifier (×1.3, MULTIPLY_TOTAL)."""
        self.sprinting = sprinting
        speed = self.attributes.get(MOVEMENT_SPEED)
        speed.remove(SPRINT_UUID)
        if sprinting:
            speed.add(SPRINT_MODIFIER)

    # --- ticking ---
    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LivingEntity.tick`: `Entity.tick` (the base tick, spec 01 §8.2), then `tickMovement`. Vanilla goes on
        with `tickMovement` even when the base tick removed the entity (below the void, or 20 ticks after dying),
        up to 1.19 (`living_tick_skips_removed`). From 1.20.2 a living vehicle places its riders by its own
        passenger attachment points, turned by its body yaw, which are not compared: it stops in one line
        (`passenger_attachment_points`)."""
        if sim.features.passenger_attachment_points and self.passengers:
            raise refusal(sim.features, "living", f"entity {self.id} ({self.TYPE}) carrying a rider, tick "
                          f"{sim.tick_count}", "a living vehicle's passenger attachment points "
                          "(LivingEntity.getPassengerRidingPos, 1.20.2) not compared")
        run_stage(rec, self, BASE, self.base_tick, sim, rec)
        if not (self.removed and sim.features.living_tick_skips_removed):
            self.tick_movement(sim, rec)

    def base_tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LivingEntity.baseTick`: the entity's base tick, the swimming flag, the hurt and invulnerability
        timers, death, then `tickStatusEffects`."""
        super().base_tick(sim, rec)
        self.update_swimming(sim)
        if self.hurt_time > 0:
            self.hurt_time -= 1
        if self.time_until_regen > 0:
            self.time_until_regen -= 1
        if self.is_dead():
            self.update_post_death()
        self.effects.tick(self.attributes)

    def update_swimming(self, sim: TickContext) -> None:
        """`Entity.updateSwimming`: swimming needs sprinting in water (submerged to start; from 1.17.1 also water
        in the block at the feet, `swim_start_in_water_block`)."""
        if self.swimming:
            self.swimming = self.sprinting and self.touching_water and self.vehicle is None
        else:
            self.swimming = self.sprinting and self.submerged_in_water and self.vehicle is None
            if self.swimming and sim.features.swim_start_in_water_block:
                p = self.pos
                self.swimming = fluid_at(sim.world, floor(p.x), floor(p.y), floor(p.z)).fluid == "water"

    def update_post_death(self) -> None:
        """`LivingEntity.updatePostDeath`: removed 20 ticks after dying."""
        self.death_time += 1
        if self.death_time == DEATH_TICKS:
            self.remove()

    def tick_movement(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LivingEntity.tickMovement` (spec 05 §3)."""
        if self.jump_cooldown > 0:                                                      # step 2
            self.jump_cooldown -= 1
        if not self.can_move_voluntarily():
            run_stage(rec, self, NOT_VOLUNTARY, tr.scale_motion, self, LIVING_NO_AI_DRAG, LIVING_NO_AI_DRAG)
        run_stage(rec, self, NEGLIGIBLE, zero_negligible_motion, self, sim.features)     # step 3
        damp_first = sim.features.apply_input_before_ai         # 1.21.5 applyInput: the last tick's input
        if damp_first:
            run_stage(rec, self, INPUT_DAMP, self.apply_input, sim.features)
        if self.is_immobile():                                                          # step 4
            self.jumping = False
            self.sideways_speed = 0.0
            self.forward_speed = 0.0
        elif self.can_move_voluntarily():                                               # step 5
            self.tick_new_ai(sim, rec)
        self.tick_jumping(sim, rec)                                                     # step 6
        if not damp_first:
            run_stage(rec, self, INPUT_DAMP, self.apply_input, sim.features)            # step 7
        if sim.features.tick_gliding:                                                   # step 8
            if self.fall_flying:
                self.tick_gliding()
        else:
            self.tick_fall_flying(sim.features)
        if sim.features.on_landing_effects and (self.effects.has(fx.SLOW_FALLING) or
                                                self.effects.has(fx.LEVITATION)):
            self.fall_distance = 0.0                       # 1.20: onLanding before travel, not inside it
        self.travel(sim, rec, Vec3(self.sideways_speed, self.upward_speed, self.forward_speed))   # step 9
        if sim.features.tick_block_collision:              # 1.21.2: once after travel, not after its move
            run_stage(rec, self, TICK_BLOCKS, block_effects.check_block_collision, self, sim, rec)
        # step 10 (riptide) needs a trident throw, which is not modelled
        if self.in_powder_snow or self.frozen_ticks or self.has_powder_snow_slow():    # 1.17; else nothing to do
            run_stage(rec, self, FREEZING, self.tick_freezing, sim)
        run_stage(rec, self, CRAMMING, self.tick_cramming, sim, rec)                    # step 11

    def tick_new_ai(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LivingEntity.tickNewAi`: nothing; mobs run their AI, players copy their held keys."""

    def apply_input(self, features: Features) -> None:
        """`applyInput` (1.21.8; before, `tickMovement`'s step 7): the movement input × 0.98F."""
        self.sideways_speed, self.forward_speed = _damp_input(self.sideways_speed, self.forward_speed)

    def tick_jumping(self, sim: TickContext, rec: Recorder | None) -> None:
        """Spec 05 §5: swim up in water or lava, or jump from the ground (cooldown 10), as
        `travel_kernel.jumping_in_fluid` chooses; not trying to jump ends the cooldown."""
        if sim.features.jump_in_fluid_flags:
            self.tick_jumping_1_12(sim, rec)
            return
        if not sim.features.jump_fluid_heights:
            self.tick_jumping_1_15(sim, rec)
            return
        if not (self.jumping and self.should_swim_in_fluids()):
            self.jump_cooldown = 0
            return
        in_lava = self.is_in_lava()
        g = self.fluid_height["lava"] if in_lava else self.fluid_height["water"]
        choice = _jumping_in_fluid(self.touching_water and g > 0.0, in_lava, g, self.swim_height(), self.on_ground,
                                   self.jump_cooldown)
        if choice == travel_kernel.SWIM_UP:
            run_stage(rec, self, SWIM_UP, self.swim_upward)
        elif choice == travel_kernel.JUMP:
            run_stage(rec, self, JUMP, self.jump, sim, rec)
            self.jump_cooldown = JUMP_COOLDOWN

    def tick_jumping_1_15(self, sim: TickContext, rec: Recorder | None) -> None:
        """`tickMovement`'s jump of 1.13.2-1.15.2 (`jump_fluid_heights`): the water height w alone against 0.4 — swim up
        where w > 0 unless on the ground with w ≤ 0.4; else in lava (the inLava flag) swim up, on the ground too;
        else jump on the ground or with 0 < w ≤ 0.4 (cooldown 10)."""
        if not self.jumping:
            self.jump_cooldown = 0
            return
        w = self.fluid_height["water"]
        if w > 0.0 and not (self.on_ground and w <= SWIM_HEIGHT):
            run_stage(rec, self, SWIM_UP, self.swim_upward)
        elif self.is_in_lava_of(sim):       # 1.13.2: its own box (`in_lava_material_box`)
            run_stage(rec, self, SWIM_UP, self.swim_upward)
        elif (self.on_ground or 0.0 < w <= SWIM_HEIGHT) and self.jump_cooldown == 0:
            run_stage(rec, self, JUMP, self.jump, sim, rec)
            self.jump_cooldown = JUMP_COOLDOWN

    def tick_jumping_1_12(self, sim: TickContext, rec: Recorder | None) -> None:
        """1.12.2 `EntityLivingBase.onLivingUpdate`'s jump (`jump_in_fluid_flags`): in water (the inWater flag)
        `handleJumpWater`, whatever the depth and on the ground too, else in lava (`isInLava`, its own box)
        `handleJumpLava` — both Y + 0.03999999910593033D, `swim_upward`'s sum —, else a jump on the ground once the
        cooldown is over (10)."""
        if not self.jumping:
            self.jump_cooldown = 0
        elif self.touching_water or self.is_in_lava_of(sim):
            run_stage(rec, self, SWIM_UP, self.swim_upward)
        elif self.on_ground and self.jump_cooldown == 0:
            run_stage(rec, self, JUMP, self.jump, sim, rec)
            self.jump_cooldown = JUMP_COOLDOWN

    def swim_upward(self) -> None:
        """`LivingEntity.swimUpward`: Y + 0.04F (`travel_kernel.swim_vertically`)."""
        self.motion = Vec3(*_swim_vertically(*self.motion, SWIM_UP_SPEED))

    def jump(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LivingEntity.jump`: Y := 0.42F × the block's jump multiplier (+ 0.1F per Jump Boost level, added in
        float; in double from 1.17.1 to 1.19.4, `jump_boost_double`); a sprinter gets 0.2F along the yaw (from
        1.20.5 0.2 in double, `sprint_jump_kick_double`). From 1.20.5 a jump velocity ≤ 1.0E-5F does nothing
        (`living_attributes`: jump_strength 0). From 1.21.2 Y is max(the jump velocity, Y): an entity rising faster
        keeps its speed (`jump_keeps_faster_rise`). 1.12.2 adds the boost to motionY in double too
        (`jump_boost_in_motion`). 1.21.11 indexes the sine table in double (`sine_index_double`)."""
        features = sim.features
        f = self.get_jump_velocity(sim.world, features)
        if self.effects.has(fx.JUMP_BOOST):
            boost = f32(JUMP_BOOST_STEP * f32(self.effects.amplifier(fx.JUMP_BOOST) + 1))
            f = f + boost if features.jump_boost_double or features.jump_boost_in_motion else f32(f + boost)
        if features.living_attributes and f <= MIN_JUMP_VELOCITY:
            return
        double, index_double = features.sprint_jump_kick_double, features.sine_index_double
        if rec is not None and self.sprinting:
            kx, kz = _sprint_jump_kick(self.yaw, double, SINE_TABLE, index_double)
            rec.geometry(segment("jump_kick", self.pos, self.pos.plus(Vec3(kx, 0.0, kz))))
        self.motion = Vec3(*_jump(*self.motion, f, self.sprinting, self.yaw, double, features.jump_keeps_faster_rise,
                                  SINE_TABLE, index_double))

    def get_jump_velocity(self, world: World, features: Features) -> float:
        """`getJumpVelocity`: 0.42F (from 1.20.5 the jump_strength attribute as a float, `living_attributes`) ×
        `getJumpVelocityMultiplier` (the block at the position, or if that is 1.0 the block at the
        velocity-affecting position: honey 0.5F; from 1.20 under the supporting block)."""
        p = self.pos
        f = phys.jump_velocity_multiplier(world.get_block_state(floor(p.x), floor(p.y), floor(p.z)).block)
        below = get_velocity_affecting_pos(self, world, features)
        g = phys.jump_velocity_multiplier(world.get_block_state(*below).block)
        strength = f32(self.attributes.get_value(JUMP_STRENGTH)) if features.living_attributes else JUMP_VELOCITY
        return f32(strength * (g if f == 1.0 else f))

    def get_final_gravity(self, features: Features) -> float:
        """The gravity `travel` applies: 0.08; from 1.20.5 `Entity.getFinalGravity`, 0 with NoGravity, else the
        gravity attribute (`living_attributes`)."""
        if not features.living_attributes:
            return LIVING_GRAVITY
        return 0.0 if self.no_gravity else self.attributes.get_value(GRAVITY)

    def tick_fall_flying(self, features: Features) -> None:
        """`LivingEntity.initAi` (tickFallFlying): gliding continues while off the ground, not riding, without
        Levitation (from 1.16, `glide_levitation_check`) and with an elytra on the chest (durability is not
        modelled)."""
        if self.fall_flying:
            self.fall_flying = self.can_glide(features.glide_levitation_check)

    def can_glide(self, levitation_stops: bool = True) -> bool:
        """`LivingEntity.canGlide` (1.21.2; tickFallFlying's test before): off the ground, not riding, without
        Levitation (before 1.16 Levitation does not count: `levitation_stops` false), an elytra on the chest (the
        only item with a glider component; durability is not modelled)."""
        return not self.on_ground and self.vehicle is None \
            and not (levitation_stops and self.effects.has(fx.LEVITATION)) \
            and self.equipment.get("chest") == "minecraft:elytra"

    def tick_gliding(self) -> None:
        """1.21.2 `LivingEntity.tickGliding`, each tick the gliding flag is set, before travel (`tick_gliding`):
        `limitFallDistance` (the fall distance lowered to 1 above Motion Y -0.5, whichever case travel takes), then
        the glide ends where `canGlide` fails. Every 20 gliding ticks vanilla damages the elytra of a slot drawn by
        `Util.getRandom` (nextInt(1), the entity's Random): durability and that draw are not modelled."""
        tr.limit_fall_distance(self)
        if not self.can_glide():
            self.fall_flying = False

    def travel(self, sim: TickContext, rec: Recorder | None, movement_input: Vec3 = ZERO) -> None:
        """`LivingEntity.travel` (spec 05 §2, `engine.living.travel`)."""
        tr.travel(self, sim, rec, movement_input)

    def tick_cramming(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LivingEntity.tickCramming` (spec 04 §10)."""
        cramming.tick_cramming(self, sim, rec)

    def is_pushable(self) -> bool:
        """`LivingEntity.isPushable`: alive, not climbing (spec 04 §10 condition 7: as last found by `travel`),
        not spectating."""
        return not self.removed and not self.is_dead() and not self.climbing

    # --- climbing and positions ---
    def is_climbing(self, world: World) -> bool:
        """`LivingEntity.isClimbing`: the block at the position is climbable, or an open trapdoor over a ladder
        facing the same way."""
        x, y, z = floor(self.pos.x), floor(self.pos.y), floor(self.pos.z)
        state = world.get_block_state(x, y, z)
        climbing = phys.is_climbable(state.block)
        if not climbing and state.block.endswith("_trapdoor") and state.get("open") == "true":
            below = world.get_block_state(x, y - 1, z)
            climbing = below.block == "ladder" and below.get("facing") == state.get("facing")
        self.climbing = climbing
        return climbing

    # --- health ---
    def tick_riding(self, sim: TickContext, rec: Recorder | None) -> None:
        """`LivingEntity.tickRiding` (1.12.2: `updateRidden`): the entity's, then the fall distance is 0 (1.21.2:
        `onLanding`), dismounted or not."""
        super().tick_riding(sim, rec)
        self.fall_distance = 0.0

    def stop_riding(self, sim: TickContext) -> None:
        """`LivingEntity.stopRiding`: off the vehicle, then placed where it dismounts (`onDismounted`; 1.12.2's and
        1.13.2's `EntityLivingBase.dismountEntity` before 1.16)."""
        vehicle = self.vehicle
        super().stop_riding(sim)
        if vehicle is not None:
            (on_dismounted if sim.features.dismount_vehicle_spots else on_dismounted_1_14)(sim, self, vehicle)

    def dismount_poses(self) -> tuple[tuple[str, float, float], ...]:
        """`getPoses` with each pose's width and height (`getDimensions`): standing only."""
        return (("standing", self.width, self.height),)

    def set_pose(self, pose: str) -> None:
        """`Entity.setPose`: the one pose of this entity (players have more)."""

    def can_freeze(self) -> bool:
        """`LivingEntity.canFreeze`: no leather armour piece (`freeze_immune_wearables`) and a type not in
        `freeze_immune_entity_types` (strays, polar bears, snow golems, withers: none modelled)."""
        return not any(self.equipment.get(slot) in FREEZE_IMMUNE_WEARABLES for slot in EQUIPMENT_SLOTS[:4])

    def has_powder_snow_slow(self) -> bool:
        """The movement speed carries `POWDER_SNOW_SLOW` (added by `tick_freezing`)."""
        speed = self.attributes.instances.get(MOVEMENT_SPEED)
        return speed is not None and POWDER_SNOW_SLOW_UUID in speed.modifiers

    def tick_freezing(self, sim: TickContext) -> None:
        """`LivingEntity.tickMovement`'s "freezing" (1.17), after travel (and 1.21.2's block check): alive, the
        frozen ticks grow by 1 in powder snow (up to 140) where it can freeze, else fall by 2 (to 0); the speed
        modifier `POWDER_SNOW_SLOW` is removed and, where the landing block is not air and frozen ticks > 0, added
        again at -0.05F × min(frozen, 140) / 140F (ADDITION); every 40th tick of its age a fully frozen entity
        that can freeze takes damage(FREEZE, 1). (1.21.7 adds the tick in the block walk's FREEZE effect and
        keeps only the thaw here: the same order, before the thaw.)"""
        speed = self.attributes.get(MOVEMENT_SPEED)
        if not self.is_dead():
            frozen = self.frozen_ticks
            if self.in_powder_snow and self.can_freeze():
                self.frozen_ticks = min(FREEZE_DAMAGE_TICKS, frozen + 1)
            else:
                self.frozen_ticks = max(0, frozen - FREEZE_THAW)
            if (frozen == 0) != (self.frozen_ticks == 0):
                edited()     # the compiled loops take an entity with frozen ticks to the object path
        speed.remove(POWDER_SNOW_SLOW_UUID)
        frozen = self.frozen_ticks
        if frozen > 0 and not sim.world.get_block_state(*get_landing_pos(self, sim.world, sim.features)).is_air:
            scale = f32(min(frozen, FREEZE_DAMAGE_TICKS) / float(FREEZE_DAMAGE_TICKS))   # getFreezingScale
            speed.add(Modifier(POWDER_SNOW_SLOW_UUID, "Powder snow slow", f32(POWDER_SNOW_SLOW * scale),
                               Operation.ADDITION))
        if self.age % FREEZE_DAMAGE_PERIOD == 0 and frozen >= FREEZE_DAMAGE_TICKS and self.can_freeze():
            self.damage(sim, damage_source.FREEZE, FREEZE_DAMAGE)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None, *,
               projectile: Entity | None = None) -> bool:
        """`LivingEntity.damage`: dead entities take nothing; within the invulnerable ticks only the excess over
        the last hit counts; a fresh hit starts them, sets hurtTime and takes the attacker's knockback (from 1.21 a
        projectile's hit knocks back along the projectile's flight, owner or not: `knockback_projectile_velocity`)."""
        if self.is_dead() or self.removed or self.invulnerable:
            return False
        if self.time_until_regen > INVULNERABLE_TICKS // 2:
            if amount <= self.last_damage_taken:
                return False
            self.apply_damage(amount - self.last_damage_taken)
            self.last_damage_taken = amount
            return True
        self.last_damage_taken = amount
        self.time_until_regen = INVULNERABLE_TICKS
        self.apply_damage(amount)
        self.hurt_time = HURT_TICKS
        if projectile is not None and sim.features.knockback_projectile_velocity:
            knockback.knockback_from_projectile(self, projectile, sim.features)
        elif attacker is not None:
            knockback.knockback_from_attacker(self, attacker, sim.features)
        return True

    def apply_damage(self, amount: float) -> None:
        """`applyDamage` without armor or enchantments (cramming, falls and walls bypass armor): health − amount,
        kept in 0..max health."""
        self.health = f32(max(0.0, min(self.health - amount, self.attributes.get_value(MAX_HEALTH))))
        edited()    # a mob's health is not in its row: what a batch kept of it (`MobBatch.crowd`) is stale

    def take_knockback(self, strength: float, x: float, z: float, features: Features) -> None:
        """`LivingEntity.takeKnockback` (spec 04 §13)."""
        knockback.take_knockback(self, strength, x, z, features)

    def handle_fall_damage(self, sim: TickContext, distance: float, multiplier: float) -> bool:
        """`LivingEntity.handleFallDamage`: `computeFallDamage` = ceil((d − 3 − Jump Boost level) × multiplier)
        in floats; damage if positive. From 1.19.4 the types of the `fall_damage_immune` tag take none
        (`fall_damage_immune_tag`). From 1.20.5 (`living_attributes`) ceil((double)((d − (float)safe_fall_distance)
        × multiplier) × fall_damage_multiplier), Jump Boost being a safe_fall_distance modifier. From 1.21.5
        (`fall_damage_floor`) floor((d + 1.0E-6 − safe_fall_distance) × multiplier × fall_damage_multiplier) in
        double."""
        if self.FALL_DAMAGE_IMMUNE and sim.features.fall_damage_immune_tag:
            return False
        if sim.features.fall_damage_floor:
            power = distance + FALL_POWER_EPSILON - self.attributes.get_value(attrs.SAFE_FALL_DISTANCE)
            amount = floor(power * multiplier * self.attributes.get_value(FALL_DAMAGE_MULTIPLIER))
        elif sim.features.living_attributes:
            g = f32(distance - f32(self.attributes.get_value(attrs.SAFE_FALL_DISTANCE)))
            amount = ceil(f32(g * multiplier) * self.attributes.get_value(FALL_DAMAGE_MULTIPLIER))
        else:
            boost = f32(self.effects.amplifier(fx.JUMP_BOOST) + 1) if self.effects.has(fx.JUMP_BOOST) else 0.0
            amount = ceil(f32(f32(f32(distance - SAFE_FALL_DISTANCE) - boost) * multiplier))
        if amount > 0:
            self.damage(sim, "fall", float(amount))
            return True
        return False

    # --- trace and copies ---
    def trace_line(self) -> dict[str, Any]:
        """interfaces.md "Trace additions": look, health, gliding, attributes and effects."""
        d = super().trace_line()
        d.update({"yaw": self.yaw, "pitch": self.pitch, "health": self.health, "fall_flying": self.fall_flying,
                  "attributes": self.attributes.trace(), "effects": self.effects.trace()})
        if self.frozen_ticks:
            d["frozen_ticks"] = self.frozen_ticks      # 1.17 powder snow (`tick_freezing`)
        return d

    def clone(self) -> Entity:
        c = super().clone()
        c.attributes = self.attributes.copy()
        c.effects = self.effects.copy()
        c.equipment = dict(self.equipment)
        c.enchantments = {k: dict(v) for k, v in self.enchantments.items()}
        return c


def zero_negligible_motion(e: Entity, features: Features) -> None:
    """`tickMovement` step 3 (spec 05 §3, AMBIGUITY-L8; `travel_kernel.zero_negligible_motion`): each Motion
    component below 0.003 in size becomes 0; a player's X and Z together below 9.0E-6 squared from 1.21.5
    (`player_motion_cut_squared`)."""
    e.motion = Vec3(*_zero_negligible_motion(*e.motion, e.is_player and features.player_motion_cut_squared))
