"""`Entity`: the fields vanilla's motion code reads and writes (spec 01 §8), and the base tick pieces."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, ClassVar

from engine.constants import (
    BUBBLE_INNER_DOWN,
    BUBBLE_INNER_UP,
    BUBBLE_SURFACE_DOWN,
    BUBBLE_SURFACE_UP,
    DEGREES_TO_RADIANS,
    ENTITY_BURNING_DURATION,
    EYE_HEIGHT_FACTOR,
    FIRE_IMMUNE_DECAY,
    FIRE_TICKS_PER_SECOND,
    JAVA_PI_F,
    LAVA_DAMAGE,
    LAVA_FALL_DISTANCE_FACTOR,
    LAVA_FIRE_SECONDS,
    MOUNTED_HEIGHT_FACTOR,
    ON_FIRE_DAMAGE,
    ON_FIRE_DAMAGE_PERIOD,
    VELOCITY_AFFECTING_OFFSET_1_20,
)
from engine.core.edits import edited
from engine.core.versions import refusal
from engine.entities import damage_source
from engine.entities.dismounting import vehicle_top
from engine.geometry.box import ZERO, Box, Vec3
from engine.influences import fluids, fluids_1_12
from engine.influences.blockrays import DEFAULT_BEHAVIOR, ExplosionBehavior
from engine.influences.cramming import push_away_from
from engine.java.javanum import f32
from engine.java.jrandom import JavaRandom
from engine.java.mathhelper import cos, sin
from engine.motion import block_effects, move
from engine.world.dimensions import void_y
from engine.world.shape_context import ShapeContext

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.rows import RowBatch
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World


def rotation_vector(pitch: float, yaw: float, index_double: bool = False) -> Vec3:
    """`Entity.getRotationVector(pitch, yaw)`: the look direction, in float arithmetic with the sine table (indexed
    in double with `index_double`: the version's `sine_index_double`)."""
    f = f32(pitch * DEGREES_TO_RADIANS)
    g = f32(-yaw * DEGREES_TO_RADIANS)
    h, i = cos(g, index_double), sin(g, index_double)
    j, k = cos(f, index_double), sin(f, index_double)
    return Vec3(f32(i * j), -k, f32(h * j))


def look_vector_1_12(pitch: float, yaw: float) -> Vec3:
    """1.12.2 `Entity.getVectorForRotation(pitch, yaw)` (`getLookVec`): sin and cos of −yaw × 0.017453292F − (float)π,
    −cos and sin of −pitch × 0.017453292F, the products in float: other table entries than `rotation_vector`'s."""
    g = f32(f32(-yaw * DEGREES_TO_RADIANS) - JAVA_PI_F)
    p = f32(-pitch * DEGREES_TO_RADIANS)
    f2 = -cos(p)
    return Vec3(f32(sin(g) * f2), sin(p), f32(cos(g) * f2))


class Entity:
    """Base entity. Subclasses set TYPE, WIDTH, HEIGHT (vanilla floats) and implement `tick`."""

    TYPE: ClassVar[str] = "minecraft:entity"
    WIDTH: ClassVar[float] = 0.0
    HEIGHT: ClassVar[float] = 0.0
    collidable: ClassVar[bool] = False     # Entity.isCollidable: boats and shulkers
    collides_with_pushables: ClassVar[bool] = False  # boats and minecarts: pushable entities are solid to them
    living: ClassVar[bool] = False         # LivingEntity: slime and bed bounce fully, a firework may boost it
    pushed_by_fluids: ClassVar[bool] = True
    # Entity.canTriggerWalking (1.14 Yarn canClimb): Block.onSteppedOn before 1.15 (move_motion_fields,
    # stepped_on_can_climb)
    can_trigger_walking: ClassVar[bool] = True
    stepped_box: Box | None = None   # 1.12.2 Entity.move: the box a step-up left, taken by the position step
    is_player: ClassVar[bool] = False      # a client moves it, in the players phase (Simulation._tick_players)
    batch: ClassVar[RowBatch | None] = None   # runs of it take this compiled loop over rows (entities/rows)
    MECHANIC: ClassVar[str | None] = None  # its tick's row of the versions table (MECHANICS), None: not a row
    is_animal: ClassVar[bool] = False      # AnimalEntity: sits 0.2 further forward in a boat of two
    RIDING_OFFSET: ClassVar[float] = 0.0   # Entity.getRidingOffset (1.20.2-1.20.4): a float added to a rider's y
    VEHICLE_ATTACHMENT_Y: ClassVar[float] = 0.0   # Entity.getVehicleAttachmentPos (1.20.5): its y, taken off
    # getVelocityAffectingPos's offset from 1.20 (getPosWithYOffset; items and XP orbs override it)
    velocity_affecting_offset: ClassVar[float] = VELOCITY_AFFECTING_OFFSET_1_20
    # NBT-like fields a scene may set, with their types; FIELD_ATTRIBUTES names the attribute where it differs
    FIELDS: ClassVar[dict[str, type]] = {}
    FIELD_ATTRIBUTES: ClassVar[dict[str, str]] = {}
    # fields holding a tick of the simulation's count: a saved scene re-bases them to the saved tick
    TICK_FIELDS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def field_attribute(cls, name: str) -> str:
        """The attribute behind scene field `name` (an item's "age" is its own `item_age`, not `Entity.age`)."""
        return cls.FIELD_ATTRIBUTES.get(name, name)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.id = entity_id
        self.pos = pos
        self.prev_pos = pos                    # prevX/Y/Z: the position before this tick
        self.motion = motion
        self.width = self.WIDTH
        self.height = self.HEIGHT
        self.box = Box.from_entity(pos.x, pos.y, pos.z, self.width, self.height)
        self.yaw = 0.0
        self.pitch = 0.0
        self.on_ground = False
        self.supporting_block_pos: BlockPos | None = None   # 1.20 (engine/motion/supporting_block)
        self.force_update_supporting_block_pos = False
        self.horizontal_collision = False
        self.vertical_collision = False
        self.fall_distance = 0.0               # a float in vanilla
        self.no_clip = False
        self.no_gravity = False
        self.sneaking = False
        self.step_height = 0.0
        self.movement_multiplier = ZERO        # Vec3d.ZERO = "invalid" (spec 04 §1)
        self.piston_movement_delta = [0.0, 0.0, 0.0]
        self.piston_movement_tick = 0
        self.removed = False
        self.age = 0                           # Entity.age, counted by ServerWorld.tickEntity
        self.touching_water = False
        self.submerged_in_water = False
        self.fluid_height = {"water": 0.0, "lava": 0.0}
        self.first_update = True
        self.in_lava: bool | None = None       # Entity.inLava of 1.16.1 and before (`constructed`); None: a height
        self.random = JavaRandom(seed)         # Entity.random (vanilla seeds it from the clock)
        self.chunk_key_: tuple[int, int, int] = (0, 0, 0)
        self.vehicle: Entity | None = None
        self.passengers: list[Entity] = []     # in the order they started riding
        self.fire_ticks = -self.burning_duration()   # Entity.fireTicks
        self.on_fire_at_move = False           # Entity.onFire (1.21.2): on fire when the last move began
        self.movements: tuple = ()             # Entity.movementThisTick (1.21.7): inside_blocks.Movement
        self.in_powder_snow = False            # Entity.inPowderSnow (1.17): set by powder snow, cleared by baseTick
        self.was_in_powder_snow = False        # Entity.wasInPowderSnow: inPowderSnow when baseTick cleared it
        self.frozen_ticks = 0                  # Entity.getFrozenTicks (1.17): living entities' (tick_freezing)

    def tick_entity_head(self) -> None:
        """`ServerWorld.tickEntity` before the entity's own tick: age + 1, and `Entity.resetPosition`'s previous
        position set to the position (a row-backed kind runs the row loops' kernel, `RowBacked.tick_entity_head`)."""
        self.age += 1
        self.prev_pos = self.pos

    # --- geometry ---
    @property
    def type(self) -> str:
        return self.TYPE

    @property
    def eye_height(self) -> float:
        """`getStandingEyeHeight`: height * 0.85F in float arithmetic unless a subclass overrides it."""
        return f32(self.height * EYE_HEIGHT_FACTOR)

    def set_position(self, pos: Vec3) -> None:
        """`Entity.updatePosition`: set the position and rebuild the box around it."""
        self.pos = pos
        self.box = Box.from_entity(pos.x, pos.y, pos.z, self.width, self.height)

    def move_to_box_center(self) -> None:
        """`Entity.moveToBoundingBoxCenter`: the position follows the box (spec 03 §2 step 6)."""
        self.pos = self.box.bottom_center()

    def collides_with(self, other: Entity) -> bool:
        """`Entity.collidesWith`: other is solid (riding trees come with riding)."""
        return other.collidable

    def is_connected_through_vehicle(self, other: Entity) -> bool:
        """`Entity.isConnectedThroughVehicle`: both ride, directly or not, the same root vehicle."""
        return self.root_vehicle() is other.root_vehicle()

    def root_vehicle(self) -> Entity:
        """`Entity.getRootVehicle`."""
        e = self
        while e.vehicle is not None:
            e = e.vehicle
        return e

    def fall(self, sim: TickContext, dy: float, state: BlockState, pos: BlockPos) -> None:
        """`Entity.fall` (spec 03 §2 step 8): `engine.motion.move.fall`; boats override it."""
        move.fall(self, sim, dy, state, pos)

    def move_by_shulker_box(self, sim: TickContext, movement: Vec3, rec: Recorder | None) -> None:
        """`Entity.move(MovementType.SHULKER_BOX, movement)`: `engine.motion.move.move`; shulkers override it."""
        move.move(self, sim, move.MovementType.SHULKER_BOX, movement, rec)

    def get_velocity_multiplier(self, world: World, features: Features) -> float:
        """`Entity.getVelocityMultiplier` (spec 04 §3): `block_effects.get_velocity_multiplier`; minecarts on a
        rail override it."""
        return block_effects.get_velocity_multiplier(self, world, features)

    def can_add_passenger(self, passenger: Entity) -> bool:
        """`Entity.canAddPassenger`: one passenger at a time."""
        return not self.passengers

    def on_bubble_column_surface_collision(self, drag: bool) -> None:
        """`Entity.onBubbleColumnSurfaceCollision` (spec 04 §5): air above the column."""
        m = self.motion
        y = max(BUBBLE_SURFACE_DOWN[1], m.y - BUBBLE_SURFACE_DOWN[0]) if drag \
            else min(BUBBLE_SURFACE_UP[1], m.y + BUBBLE_SURFACE_UP[0])
        self.motion = Vec3(m.x, y, m.z)

    def on_bubble_column_collision(self, drag: bool) -> None:
        """`Entity.onBubbleColumnCollision` (spec 04 §5): inside the column."""
        m = self.motion
        y = max(BUBBLE_INNER_DOWN[1], m.y - BUBBLE_INNER_DOWN[0]) if drag \
            else min(BUBBLE_INNER_UP[1], m.y + BUBBLE_INNER_UP[0])
        self.motion = Vec3(m.x, y, m.z)

    def is_pushed_by_fluids(self, features: Features) -> bool:
        """`Entity.isPushedByFluids`: the kind's `pushed_by_fluids`; a stuck arrow or trident overrides it (1.21.7)."""
        return self.pushed_by_fluids

    def held_in_place(self, features: Features) -> bool:
        """Whether `onBubbleColumnCollision` and `addVelocity` (an explosion's push) pass it by: only a stuck
        arrow or trident's override does so (1.21.4)."""
        return False

    def ignores_add_velocity(self, features: Features) -> bool:
        """Whether an explosion's push passes it by (`addVelocity` overridden to do nothing; the explosion pushes
        through it from 1.21.4): a stuck arrow or trident (`held_in_place`)."""
        return self.held_in_place(features)

    def get_piston_behavior(self) -> str:
        """`Entity.getPistonBehavior`: "normal"; "ignore" makes pistons and shulker boxes pass the entity by."""
        return "normal"

    def explosion_behavior(self) -> ExplosionBehavior:
        """The block rays' behaviour of this entity's explosions (`EntityExplosionBehavior`): without the overrides
        `getEffectiveExplosionResistance` / `canExplosionDestroyBlock`, the default one (spec 04 §15)."""
        return DEFAULT_BEHAVIOR

    def is_immune_to_explosion(self) -> bool:
        """`Entity.isImmuneToExplosion`: false; an invisible armor stand is immune (spec 04 §15)."""
        return False

    def checks_blocks_after_own_move(self, world: World) -> bool:
        """Whether the block check follows each move of the entity's own (1.21.2: the callers of `Entity.move`
        in the non-living ticks; a living entity's once after travel)."""
        return not self.living

    def check_moved_by_others(self, sim: TickContext) -> None:
        """Stop in one line where a move by a piston, a shulker box or a shulker is not simulated for this entity (an
        `Entity.move` override that such moves take too); nothing here."""

    def walks_at_position(self, world: World) -> bool:
        """`applyEffectsFromBlocks` overridden to walk the box at the position alone and drop the records (1.21.7:
        the default minecart's); false: the tick's recorded movements."""
        return False

    def shape_context(self, world: World) -> ShapeContext:
        """`ShapeContext.of(this)`: descending while sneaking (`isDescending`), its min Y (1.14 the box's, 1.16
        `getY()`: the same for every entity moved here), and what powder snow reads: the fall distance, whether it
        is a falling block, whether it walks on powder snow."""
        return ShapeContext(self.sneaking, self.box.min_y, (), self.fall_distance, False, self.walks_on_powder_snow())

    def walks_on_powder_snow(self) -> bool:
        """`PowderSnowBlock.canWalkOnPowderSnow`: the types of `powder_snow_walkable_mobs` (rabbits, endermites,
        silverfish, foxes: none modelled) and living entities in leather boots."""
        return False

    def bypasses_stepping_effects(self) -> bool:
        return self.sneaking

    def bypasses_landing_effects(self) -> bool:
        return self.sneaking

    # --- entities acting on entities (spec 04 §10, spec 03 §2 step 8) ---
    def is_pushable(self) -> bool:
        """`Entity.isPushable`: false; living entities, boats and minecarts are."""
        return False

    def push_away(self, other: Entity, features: Features | None = None) -> None:
        """`Entity.pushAwayFrom(other)` (spec 04 §10): both pushed apart horizontally (`features` None: as 1.16.5)."""
        push_away_from(self, other, features)

    def halve_fall_distance_in_lava(self, sim: TickContext) -> None:
        """`fallDistance *= 0.5` in lava (`Entity.baseTick`, `AbstractMinecart.tick`): a float up to 1.21.4, a
        double from 1.21.5 (`fall_distance_double`); a changing fall distance stops where `fall_distance` is
        refused."""
        if self.fall_distance != 0.0 and "fall_distance" in sim.features.refused:
            raise refusal(sim.features, "fall_distance", f"entity {self.id} in lava, tick {sim.tick_count}")
        half = self.fall_distance * LAVA_FALL_DISTANCE_FACTOR
        self.fall_distance = half if sim.features.fall_distance_double else f32(half)

    def handle_fall_damage(self, sim: TickContext, distance: float, multiplier: float) -> bool:
        """`Entity.handleFallDamage`: nothing for entities without health."""
        return False

    # --- state for the trace and the scene ---
    def type_fields(self) -> dict[str, Any]:
        """Type-specific fields in trace output (vanilla NBT-like names)."""
        return {}

    def trace_state(self) -> tuple:
        """The state a stage records before and after it (shown by `engine.core.trace.state_dict`)."""
        return (self.pos, self.motion, self.box, self.on_ground, self.horizontal_collision,
                self.vertical_collision, self.fall_distance, self.type_fields())

    def trace_line(self) -> dict[str, Any]:
        """The entity's object in a `tickscope trace` line (interfaces.md)."""
        d = {"id": self.id, "type": self.TYPE, "pos": list(self.pos), "motion": list(self.motion),
             "on_ground": self.on_ground, "horizontal_collision": self.horizontal_collision,
             "vertical_collision": self.vertical_collision, "removed": self.removed}
        d.update(self.type_fields())
        return d

    def clone(self) -> Entity:
        """An independent copy: fields are immutable values except these few containers."""
        c = object.__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.fluid_height = dict(self.fluid_height)
        c.piston_movement_delta = list(self.piston_movement_delta)
        c.random = copy.copy(self.random)
        c.passengers = list(self.passengers)   # World.copy points vehicle/passengers at the clones
        return c

    # --- riding (spec 01 §7, spec 04 §11) ---
    def start_riding(self, vehicle: Entity) -> None:
        self.vehicle = vehicle
        vehicle.passengers.append(self)
        edited()    # what a batch kept of its riders (`RowBatch.rows_of`) is stale

    def stop_riding(self, sim: TickContext) -> None:
        """`Entity.stopRiding`: off the vehicle, where it is (a living rider is moved: `LivingEntity`)."""
        if self.vehicle is not None:
            self.vehicle.passengers.remove(self)
            self.vehicle = None
            edited()

    def remove_all_passengers(self, sim: TickContext) -> None:
        """`Entity.removeAllPassengers`: the riders stop riding, the last first."""
        for p in reversed(list(self.passengers)):
            p.stop_riding(sim)

    def update_passenger_for_dismount(self, sim: TickContext, passenger: Entity) -> Vec3:
        """`Entity.updatePassengerForDismount`: on top of this vehicle (boats and minecarts override it)."""
        return vehicle_top(self)

    def mounted_height_offset(self) -> float:
        """`Entity.getMountedHeightOffset`: height × 0.75 (height a float widened to double)."""
        return self.height * MOUNTED_HEIGHT_FACTOR

    def update_passenger_position(self, passenger: Entity, features: Features) -> None:
        """`Entity.updatePassengerPosition`: up to 1.20.1 the rider stands at the vehicle's x, z and y + mounted
        offset + its height offset; from 1.20.2 (`passenger_attachment_points`) at the vehicle's passenger
        attachment point plus its riding offset, from 1.20.5 (`vehicle_attachment_points`) minus its vehicle
        attachment point."""
        p = self.pos
        if not features.passenger_attachment_points:
            passenger.set_position(Vec3(p.x, p.y + self.mounted_height_offset() + passenger.height_offset(), p.z))
            return
        ax, ay, az = self.passenger_attachment_pos(passenger, features)
        x, y, z = p.x + ax, p.y + ay, p.z + az                      # getPassengerRidingPos
        if features.vehicle_attachment_points:
            passenger.set_position(Vec3(x, y - passenger.VEHICLE_ATTACHMENT_Y, z))
        else:
            passenger.set_position(Vec3(x, y + passenger.RIDING_OFFSET, z))

    def passenger_attachment_pos(self, passenger: Entity, features: Features) -> tuple[float, float, float]:
        """`Entity.getPassengerAttachmentPos` (1.20.2), turned by the vehicle's yaw: (0, height, 0), which no yaw
        turns (boats and minecarts override it; a living vehicle is refused by the living column)."""
        return 0.0, float(self.height), 0.0

    def height_offset(self) -> float:
        """`Entity.getHeightOffset` (up to 1.20.1): 0."""
        return 0.0

    def tick_riding(self, sim: TickContext, rec: Recorder | None) -> None:
        """`Entity.tickRiding`: Motion zeroed, the entity's own tick, then placed on its vehicle. 1.12.2's and
        1.13.2's `Entity.updateRidden` dismounts the rider of a dead vehicle instead of its tick
        (`ridden_dead_vehicle_skips_tick`); from 1.14 its base tick does (`base_tick`), then the tick goes on."""
        vehicle = self.vehicle
        if vehicle is not None and vehicle.removed and sim.features.ridden_dead_vehicle_skips_tick:
            self.stop_riding(sim)
            return
        self.motion = ZERO
        self.tick(sim, rec)
        if self.vehicle is not None:
            self.vehicle.update_passenger_position(self, sim.features)

    def remove(self) -> None:
        self.removed = True
        edited()    # the tick's lists of live entities (engine.tick.entity_lists) are stale

    # --- damage and fire (Entity.damage, baseTick, setOnFireFromLava; spec 06 §3, §4) ---
    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`Entity.damage`: nothing happens (items, orbs, armor stands and living entities override it)."""
        return False

    def is_fire_immune(self) -> bool:
        """`Entity.isFireImmune`: the entity type's flag; none of the types modelled here has it."""
        return False

    def burning_duration(self) -> int:
        """`Entity.getBurningDuration`: fireTicks := −1 once out of fire."""
        return ENTITY_BURNING_DURATION

    def is_on_fire(self) -> bool:
        """`Entity.isOnFire` on the server."""
        return not self.is_fire_immune() and self.fire_ticks > 0

    def set_on_fire_for(self, seconds: int) -> None:
        """`Entity.setOnFireFor`: fireTicks := seconds · 20 unless it is already higher (fire protection, which
        LivingEntity applies, needs armour, not modelled)."""
        self.fire_ticks = max(self.fire_ticks, seconds * FIRE_TICKS_PER_SECOND)

    def is_in_lava(self) -> bool:
        """`Entity.isInLava`: not in the first tick, and a lava height was found by the base tick; before 1.16.2
        the flag the last move's block check set (`in_lava`, `fluids.on_lava_block_collision`)."""
        if self.in_lava is not None:
            return self.in_lava
        return not self.first_update and self.fluid_height["lava"] > 0.0

    def is_in_lava_of(self, sim: TickContext) -> bool:
        """The release's lava test: 1.12.2's and 1.13.2's `Entity.isInLava` over the entity's own box
        (`in_lava_material_box`), else the flag (`is_in_lava`)."""
        if sim.features.in_lava_material_box:
            return fluids_1_12.is_in_lava(self, sim.world)
        return self.is_in_lava()

    def set_on_fire_from_lava(self, sim: TickContext) -> None:
        """`Entity.setOnFireFromLava`: 15 s of fire and 4 damage unless fire-immune (1.21.7: `lavaIgnite`, then
        `lavaHurt`)."""
        self.lava_ignite()
        self.lava_hurt(sim)

    def lava_ignite(self) -> None:
        """`Entity.lavaIgnite` (1.21.7): 15 s of fire unless fire-immune."""
        if not self.is_fire_immune():
            self.set_on_fire_for(LAVA_FIRE_SECONDS)

    def lava_hurt(self, sim: TickContext) -> None:
        """`Entity.lavaHurt` (1.21.7): 4 damage unless fire-immune."""
        if not self.is_fire_immune():
            self.damage(sim, damage_source.LAVA, LAVA_DAMAGE)

    def tick_fire(self, sim: TickContext) -> None:
        """`Entity.baseTick`'s fire part: a fire-immune entity loses 4 ticks a tick; another takes 1 damage when
        fireTicks is a multiple of 20, then loses one tick."""
        if self.fire_ticks <= 0:
            return
        if self.is_fire_immune():
            self.fire_ticks -= FIRE_IMMUNE_DECAY
            if self.fire_ticks < 0:
                self.fire_ticks = 0      # extinguish
        else:
            if self.fire_ticks % ON_FIRE_DAMAGE_PERIOD == 0:
                self.damage(sim, damage_source.ON_FIRE, ON_FIRE_DAMAGE)
            self.fire_ticks -= 1
        self.frozen_ticks = 0            # 1.17: burning thaws (a no-op before 1.17: never frozen)

    # --- ticking ---
    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        raise NotImplementedError

    def constructed(self, features: Features) -> None:
        """What the entity type's constructor draws from the entity's own Random (`Simulation.create`): nothing
        but for items from 1.17."""

    def handle_water_movement(self, sim: TickContext) -> bool:
        """1.12.2's `Entity.handleWaterMovement` (`water_material_acceleration`; XP orbs override it)."""
        return fluids_1_12.handle_water_movement(self, sim)

    def base_tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`Entity.baseTick` reduced to what moves or removes entities (spec 01 §8.2): fluids, fire, lava, the void;
        1.12.2's `Entity.onEntityUpdate` (`water_material_acceleration`) pushes through water only; it and 1.13.2's
        test lava with their own box (`in_lava_material_box`). A rider whose vehicle was removed dismounts first."""
        if self.vehicle is not None and self.vehicle.removed:
            self.stop_riding(sim)
        self.was_in_powder_snow, self.in_powder_snow = self.in_powder_snow, False     # 1.17
        old = sim.features.water_material_acceleration
        if old:
            self.handle_water_movement(sim)
        else:
            fluids.update_water_state(self, sim.world, sim.features, rec)
            fluids.update_submerged_in_water_state(self, sim.world, sim.features)
        if "block_effects" in sim.features.refused:   # 1.21.2 checks blocks in the tick, moving or not
            block_effects.refuse_block_collision_in_tick(self, sim)
        self.tick_fire(sim)
        if self.is_in_lava_of(sim):
            features = sim.features     # 1.21.7: lava's entityInside in the block walk (where it is simulated)
            if not features.apply_effects_from_blocks or "block_effects" in features.refused:
                self.set_on_fire_from_lava(sim)
            self.halve_fall_distance_in_lava(sim)
        if self.pos.y < void_y(sim.world.dimension, sim.features):   # attemptTickInVoid
            if "void" in sim.features.refused:
                raise refusal(sim.features, "void", f"entity {self.id} at y {self.pos.y}, tick {sim.tick_count}")
            self.remove()
        self.first_update = False
