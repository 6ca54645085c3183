"""Every physical constant of the engine, typed the way vanilla types it (spec 01 §5).

`f32(...)` marks a vanilla `F` literal (its true float32 value, widened to double); a bare number is a vanilla
double literal. The comment names the vanilla site and the spec section.
"""

from __future__ import annotations

import math

from engine.java.javanum import f32

# --- collision (spec 03 §2, §3, §6) ---
COLLISION_EPSILON = 1.0e-7          # VoxelShape.calculateMaxDistance, Box contract for the world border
STEP_PROBE_BELOW = f32(1.0e-5)      # 1.21 Entity.adjustMovementForCollisions: a grounded step's box stretched -1.0E-5F
MIN_MOVE_LENGTH_SQUARED = 1.0e-7    # Entity.move: move only if lengthSquared() > 1e-7 (AMBIGUITY-M1)
FALL_RESET_RAYCAST_MAX = 8.0        # Entity.move 1.21.11: the fall-reset ray reaches min(length, 8.0)
HORIZONTAL_COLLISION_TOLERANCE = f32(1.0e-5)  # MathHelper.approximatelyEquals: |b - a| < (double)1.0E-5F
BLOCK_COLLISION_DEFLATE = 0.001     # Entity.checkBlockCollision, Entity.updateMovementInFluid
BLOCK_COLLISION_DEFLATE_1_21_3 = 1.0e-5  # 1.21.3 checkBlockCollision deflation (spec 03 §6.2)
LANDING_POS_OFFSET = f32(0.2)       # Entity.getLandingPos: pos.y - (double)0.2F
VELOCITY_AFFECTING_OFFSET = 0.5000001  # Entity.getVelocityAffectingPos: box.minY - 0.5000001
SLIPPERINESS_OFFSET_1_14 = 1.0   # LivingEntity.travel 1.14-1.14.4: new BlockPos(x, box.minY - 1.0, z)
# --- the supporting block (1.20: Entity.updateSupportingBlockPos, getPosWithYOffset) ---
SUPPORTING_BLOCK_PROBE = 1.0e-6     # Entity.updateSupportingBlockPos: the box (minY - 1.0E-6 .. minY) below the feet
VELOCITY_AFFECTING_OFFSET_1_20 = f32(0.500001)  # Entity.getVelocityAffectingPos: getPosWithYOffset(0.500001F)
ITEM_VELOCITY_AFFECTING_OFFSET = f32(0.999999)  # ItemEntity/ExperienceOrbEntity.getVelocityAffectingPos (1.20)
SUPPORTED_FENCE_OFFSET_MAX = 0.5    # Entity.getPosWithYOffset: a fence stays the block for (double)offset <= 0.5
BLOCK_COLLISION_DEFLATE_1_19_3 = 1.0e-7  # Entity.checkBlockCollision from 1.19.3: box.minX + 1.0E-7 .. maxX - 1.0E-7
SHAPE_CONTEXT_ABOVE_MARGIN = f32(1.0e-5)  # EntityShapeContext.isAbove: minY > y + shape max Y - 1.0E-5F
# --- Entity.tickBlockCollision (1.21.2): BlockView.collectCollisionsBetween ---
TICK_BLOCK_COLLISION_CONTRACT = f32(1.0e-5)  # Entity.checkBlockCollision: getBoundingBox().contract(1.0E-5F)
SWEEP_MIN_LENGTH_SQUARED = f32(f32(0.99999) * f32(0.99999))  # lengthSquared() < MathHelper.square(0.99999F): no sweep
SWEEP_END_NUDGE = 1.0e-7            # collectCollisionsBetween: normalize().multiply(1.0E-7) past both corners
SWEEP_MAX_STEPS = 16                # collectCollisionsBetween: if (p++ > 16) break
MOVEMENTS_PER_TICK = 100            # Entity.addMovementThisTick (1.21.7): at 100 recorded, the first two merge
WALK_HULL_MARGIN = 1.0e-4           # block_effects._effects_in_reach: the walk's hull, wider than its 1.0E-5F clamps
TRAILING_MOVEMENT_MIN_SQUARED = 9.999999439624929e-11   # Entity.applyEffectsFromBlocks: Mth.square(1.0E-5F) in float
SWEEP_CELL_MARGIN = f32(1.0e-5)     # collectCollisionsBetween: the hit clamped (double)i + 1.0E-5F .. i + 1.0 - 1.0E-5F
# --- the block walk of 1.21.10 (Entity.checkInsideBlocks, BlockGetter.forEachBlockIntersectedBetween) ---
WALK_STEP_BUDGET = 16               # Entity.checkInsideBlocks: the step indices a movement may spend
WALK_SHORT_MOVE_SQUARED = f32(f32(1.0e-5) * f32(1.0e-5))  # lengthSqr() < Mth.square(1.0E-5F): the box's cells only
WALK_LONG_MOVE_SQUARED = 0.9999900000002526 * 0.9999900000002526  # distanceToSqr > Mth.square(0.99999…): a long step
MOVEMENT_MULTIPLIER_MIN_SQUARED = 1.0e-7  # Entity.move step 3: movementMultiplier.lengthSquared() > 1e-7

# --- raycast (spec 03 §7) ---
RAYCAST_EXTENSION = 1.0e-7          # BlockView.raycast: MathHelper.lerp(-1.0E-7, ...) extends both ends (§7.1)
RAYCAST_MIN_LENGTH_SQUARED = 1.0e-7  # VoxelShape.raycast: lengthSquared() < 1.0E-7 → no hit (§7.2 rule 4)
RAYCAST_INSIDE_PROBE = 0.001        # VoxelShape.raycast: start + v * 0.001 tested for containment (§7.3 rule 1)
RAYCAST_FACE_EPSILON = 1.0e-7       # Box.traceCollisionSide: |Δ| > 1e-7, faces enlarged by 1e-7 (§7.3 rule 2)
JAVA_DOUBLE_MAX = 1.7976931348623157e308  # Double.MAX_VALUE: BlockView.raycast's "never" step and distance
JAVA_FLOAT_MIN = 2.0**-149          # Float.MIN_VALUE: Direction.getFacing's initial best dot product

# --- pistons (spec 04 §8.6) ---
PISTON_DELTA_CLAMP = 0.51           # Entity.adjustMovementForPiston
PISTON_MIN_COMPONENT = f32(1.0e-5)  # Entity.adjustMovementForPiston: |d| <= (double)1.0E-5F → ZERO
PISTON_PUSH_LIMIT = 12              # PistonHandler: at most 12 moved blocks (spec 04 §8)
PISTON_PROGRESS_STEP = f32(0.5)     # PistonBlockEntity.tick: progress + 0.5F (spec 04 §8.1)
PISTON_PUSH_MARGIN = 0.01           # PistonBlockEntity.pushEntities / push: + 0.01 ahead (spec 04 §8.2, §8.4)
PISTON_SHORT_HEAD = f32(0.25)       # getCollisionShape: 1.0F - progress < 0.25F; getHeadBlockState: progress > 0.25F
PISTON_SHORT_HEAD_1_15 = f32(4.0)   # getCollisionShape up to 1.15.2: 1.0F - progress < 4.0F (always short)
HONEY_DRAG_TOP = 1.5000000999999998  # PistonBlockEntity.method_23674: the drag box's top (spec 04 §8.5)
HONEY_DRAG_TOP_1_20 = 1.5000010000000001  # PistonBlockEntity.moveEntitiesInHoneyBlock from 1.20

# --- shulker boxes (spec 04 §9) ---
SHULKER_PROGRESS_STEP = f32(0.1)    # ShulkerBoxBlockEntity.updateAnimation: progress ± 0.1F, 10 gt (spec 09 M5)
SHULKER_LID_TRAVEL = f32(0.5)       # ShulkerBoxBlockEntity.getBoundingBox: 0.5F * progress
SHULKER_PUSH_MARGIN = 0.01          # ShulkerBoxBlockEntity.pushEntities: + 0.01 ahead of the lid
SHULKER_VIEWERS_EVENT = 1           # ShulkerBoxBlockEntity.onSyncedBlockEvent: type 1 carries the viewer count

# --- blocks acting on entities (spec 04 §1-§6, §20) ---
COBWEB_MULTIPLIER = (0.25, f32(0.05), 0.25)        # CobwebBlock: new Vec3d(0.25, 0.05F, 0.25)
BERRY_BUSH_MULTIPLIER = (f32(0.8), 0.75, f32(0.8))  # SweetBerryBushBlock: new Vec3d(0.8F, 0.75, 0.8F)
POWDER_SNOW_MULTIPLIER = (f32(0.9), 1.5, f32(0.9))  # PowderSnowBlock.onEntityCollision: new Vec3d(0.9F, 1.5, 0.9F)
POWDER_SNOW_FALLING_TOP = f32(0.9)  # PowderSnowBlock.FALLING_SHAPE: cuboid(0, 0, 0, 1, 0.9F, 1)
POWDER_SNOW_FALLING_DISTANCE = f32(2.5)  # getCollisionShape: fallDistance > 2.5F → FALLING_SHAPE
# --- freezing (Entity.getMinFreezeDamageTicks, LivingEntity.tickMovement "freezing", 1.17) ---
FREEZE_DAMAGE_TICKS = 140           # getMinFreezeDamageTicks: frozen ticks are capped here; isFreezing at it
FREEZE_THAW = 2                     # frozen ticks lost a tick out of powder snow (Math.max(0, i - 2))
FREEZE_DAMAGE_PERIOD = 40           # age % 40 == 0 and freezing → damage(FREEZE, 1.0F)
FREEZE_DAMAGE = 1.0                 # (FREEZE_HURTS_EXTRA_TYPES take 5: strider, blaze, magma cube, none modelled)
POWDER_SNOW_SLOW = f32(-0.05)       # addPowderSnowSlowIfNeeded: ADDITION -0.05F * getFreezingScale()
SLIME_BOUNCE_NONLIVING = 0.8        # SlimeBlock.bounce: living 1.0, others 0.8
SLIME_BOUNCE_LIVING = 1.0
BED_BOUNCE = f32(0.66)              # BedBlock.bounceEntity: -y * (double)0.66F * d
SLIME_STEP_MAX_Y = 0.1              # SlimeBlock.onSteppedOn: |vy| < 0.1
SLIME_STEP_BASE = 0.4               # 0.4 + |vy| * 0.2
SLIME_STEP_SLOPE = 0.2
BUBBLE_SURFACE_UP = (0.1, 1.8)      # Entity.onBubbleColumnSurfaceCollision: min(1.8, vy + 0.1)
BUBBLE_SURFACE_DOWN = (0.03, -0.9)  # max(-0.9, vy - 0.03)
BUBBLE_INNER_UP = (0.06, 0.7)       # Entity.onBubbleColumnCollision: min(0.7, vy + 0.06)
BUBBLE_INNER_DOWN = (0.03, -0.3)    # max(-0.3, vy - 0.03)
HONEY_SLIDE_TOP = 0.9375            # HoneyBlock.isSliding: y > pos.y + 0.9375 - 1e-7 → not sliding
HONEY_SLIDE_MIN_VY = -0.08          # vy >= -0.08 → not sliding
HONEY_SLIDE_HALF_WIDTH = 0.4375     # 0.4375 + width / 2.0F
HONEY_SLIDE_FAST = -0.13            # HoneyBlock.updateSlidingVelocity
HONEY_SLIDE_SPEED = -0.05
SOUL_SAND_COLLISION_FACTOR = 0.4   # SoulSandBlock.onEntityCollision before 1.15: multiply(0.4, 1.0, 0.4) (a double)
END_PORTAL_SHAPE = (0.0, 0.375, 0.0, 1.0, 0.75, 1.0)  # EndPortalBlock.SHAPE (6/16 .. 12/16)

# --- fluids (spec 04 §7) ---
WATER_PUSH = 0.014                  # Entity.checkWaterState
LAVA_PUSH_ULTRAWARM = 0.007         # Entity.updateWaterState
LAVA_PUSH = 0.0023333333333333335
FLUID_SLOW_THRESHOLD = 0.003        # Entity.updateMovementInFluid: |vx|, |vz| < 0.003
FLUID_MIN_PUSH = 0.0045000000000000005
FLUID_SHALLOW = 0.4                 # weight flow by depth below 0.4
FLUID_MAX_AMOUNT = 8                # FlowableFluid: a source or falling fluid has level 8; flowing 8 - level
FLUID_HEIGHT_DIVISOR = f32(9.0)     # FluidState.getHeight: getLevel() / 9.0F
FLUID_DOWNHILL_HEIGHT = f32(0.8888889)  # FlowableFluid.getVelocity: f - 0.8888889F (open gap over fluid)
FALLING_FLOW_DOWN = -6.0            # FlowableFluid.getVelocity: normalize().add(0.0, -6.0, 0.0)
FACE_PROBE_HIGH = 0.9999999         # VoxelShape.getUncachedFace: the voxel layer at 1 - 1e-7 (positive side)
FACE_PROBE_LOW = 1.0e-7             # ... and at 1e-7 (negative side)
SNOW_LAYER_HEIGHT = 0.125           # SnowBlock.LAYERS_TO_SHAPE: cuboid 0..16, 0..layers * 2, 0..16 (1/16s)
RIM_INNER_LOW = 0.125               # SideShapeType.RIGID: the ring of width 2 (1/16s) round a top, not the
RIM_INNER_HIGH = 0.875              # ... square 2..14 inside it (1.14 Block.SOLID_MEDIUM_SQUARE_SHAPE)
SHULKER_BOX_BASE = 0.0625           # ShulkerBoxBlock.SIDES_SHAPES: an open box's sides, a 1/16 slab at its base
CHORUS_FLOWER_INSET = 0.0625        # ChorusFlowerBlock.getSidesShape (1.20.2): cuboid 1..15, 0..15, 1..15

# --- world (spec 01 §5.2) ---
SECTION_SIZE = 16
ENTITY_SECTION_MAX = 15              # WorldChunk.entitySections has 16 entries; section y is clamped to 0..15
GET_ENTITIES_MARGIN = 2.0           # World.getEntities: sections of the box expanded by 2
VOID_DEPTH = 64                     # Entity.attemptTickInVoid: destroy below the world's bottom - 64
WORLD_HEIGHT = 256                  # DimensionType height: every dimension up to 1.17.1, the nether and end after
OVERWORLD_BOTTOM_Y_1_18 = -64       # 1.18 overworld: min_y -64, height 384 (y -64..319)
OVERWORLD_HEIGHT_1_18 = 384
DEFAULT_BORDER_SIZE = 5.9999968e7   # WorldBorder default diameter
BORDER_MAX_RADIUS = 29999984        # WorldBorder.maxRadius
BORDER_CLAMP_MARGIN = f32(1.0e-5)  # WorldBorder.clamp (1.21.2): the bound east/south - 1.0E-5F
BORDER_MAX_SIZE = 6.0e7             # WorldBorderCommand: `/worldborder set` takes at most 60,000,000 (double)
BLOCK_COORDINATE_LIMIT = 30000000   # World.isValid: -30,000,000 <= x, z < 30,000,000 (int)
SAVED_BLOCK_Y = (-2048, 2047)       # ChunkSerializer: a chunk section's Y is a byte, 16 blocks a section

# --- TNT (spec 06 §1) ---
TNT_WIDTH = f32(0.98)
TNT_HEIGHT = f32(0.98)
TNT_GRAVITY = -0.04                 # TntEntity.tick: add(0, -0.04, 0)
TNT_DRAG = 0.98                     # multiply(0.98): a double literal
TNT_GROUND_FACTORS = (0.7, -0.5, 0.7)
TNT_FUSE = 80
# EntityTNTPrimed, EntityFallingBlock and EntityMinecart.onUpdate (1.12.2: tnt_float_literals, falling_block_tick_1_12,
# minecart_float_literals): float literals widened to double
GRAVITY_1_12 = f32(0.04)            # motionY -= 0.03999999910593033D
DRAG_1_12 = f32(0.98)               # motionX/Y/Z *= 0.9800000190734863D
GROUND_1_12 = f32(0.7)              # on the ground motionX/Z *= 0.699999988079071D (motionY *= -0.5D)
FALLING_BLOCK_FLOOR_PROBE_1_12 = f32(0.01)   # the block at posY - 0.009999999776482582D under a landing
# EntityItem and EntityXPOrb.onUpdate (1.12.2: item_tick_1_12, xp_orb_tick_1_12)
ITEM_LAVA_PERIOD_1_12 = 25          # the lava test and searchForOtherItemsNearby when the (int) cell changed or
                                    # ticksExisted % 25 == 0
XP_ORB_GRAVITY_1_12 = f32(0.03)     # motionY -= 0.029999999329447746D
XP_ORB_BOUNCE_1_12 = f32(-0.9)      # on the ground motionY *= -0.8999999761581421D
XP_ORB_LOADED_SIZE_1_12 = f32(0.25)  # EntityXPOrb(World), the NBT constructor: setSize(0.25F, 0.25F)
# Entity.handleWaterMovement and isInLava (1.12.2: water_material_acceleration)
IN_WATER_INSET_1_12 = f32(0.4)      # box.grow(0.0D, -0.4000000059604645D, 0.0D): 0.4 off the top and the bottom
WATER_CONTRACT_1_12 = 0.001         # ... .shrink(0.001D)
IN_LAVA_INSET_1_12 = f32(0.1)       # isInLava: box.grow(-0.10000000149011612D, -0.4000000059604645D, ...)
SPLASH_PARTICLES_PER_WIDTH_1_12 = f32(20.0)   # doWaterSplashEffect: (float)i < 1.0F + width * 20.0F, each loop
TNT_EYE_HEIGHT = f32(0.15)          # TntEntity.getEyeHeight: 0.15F
TNT_POWER = 4.0                     # TntEntity.explode: 4.0F
TNT_EXPLOSION_HEIGHT = 0.0625       # getBodyY(0.0625) = y + (double)height * 0.0625
TNT_SPAWN_VY = f32(0.2)             # TntBlock.primeTnt / PrimedTnt: setVelocity(-sin*0.02, 0.2F, -cos*0.02)
TNT_SPAWN_KICK = 0.02
TNT_SPAWN_KICK_F = f32(0.02)        # 1.12.2/1.13.2 EntityTNTPrimed: -(float)sin(f) * 0.02F, in float
TNT_EXPLOSION_FUSE_BASE = 8         # TntBlock.onDestroyedByExplosion: nextInt(fuse / 4) + fuse / 8

# --- falling block (spec 06 §2) ---
FALLING_BLOCK_WIDTH = f32(0.98)
FALLING_BLOCK_HEIGHT = f32(0.98)
FALLING_BLOCK_SPAWN_LIFT = f32((1.0 - f32(0.98)) / 2.0)  # updatePosition(x, y + (1.0F - height) / 2.0F, z)
FALLING_BLOCK_GRAVITY = -0.04
FALLING_BLOCK_DRAG = 0.98
FALLING_BLOCK_GROUND_FACTORS = (0.7, -0.5, 0.7)
FALLING_BLOCK_DROP_TIME_OUTSIDE = 100   # timeFalling > 100 outside y 1..256
FALLING_BLOCK_DROP_TIME = 600
FALL_DELAY = 2                      # FallingBlock.getFallDelay (1.12.2 BlockFalling.tickRate): ticks to the fall test
DRAGON_EGG_FALL_DELAY = 5           # DragonEggBlock.getFallDelay (1.12.2 BlockDragonEgg.tickRate)
CONCRETE_RAYCAST_SPEED_SQUARED = 1.0

# --- item (spec 06 §3) ---
ITEM_WIDTH = f32(0.25)
ITEM_HEIGHT = f32(0.25)
ITEM_GRAVITY = -0.04
ITEM_DRAG = f32(0.98)               # float g = 0.98F for X/Z
ITEM_FREE_SPACE_MARGIN = 1.0e-7      # 1.17 ItemEntity.tick: isSpaceEmpty(box.contract(1.0E-7))
ITEM_DRAG_Y = 0.98                  # multiply(g, 0.98, g)
ITEM_BOUNCE = -0.5
ITEM_EYE_FLUID_OFFSET = f32(0.11111111)  # getStandingEyeHeight() - 0.11111111F
ITEM_FLOAT_HEIGHT = f32(0.1)        # 1.20.5 ItemEntity.tick: getFluidHeight(...) > 0.1F
ITEM_MIN_HORIZONTAL_SQUARED = f32(1.0e-5)  # squaredHorizontalLength > (double)1.0E-5F
ITEM_TICK_PERIOD = 4                # (Entity.age + entityId) % 4 == 0
ITEM_WATER_DRAG = f32(0.99)         # applyBuoyancy: x * (double)0.99F
ITEM_LAVA_DRAG = f32(0.95)          # method_24348: x * (double)0.95F
ITEM_BUOYANCY = f32(5.0e-4)
ITEM_BUOYANCY_MAX_VY = f32(0.06)
ITEM_MAX_AGE = 6000
ITEM_AGELESS = -32768              # ItemEntity.tick: an age of -32768 (short) never advances (int)
ITEM_PICKUP_DELAY_INFINITE = 32767
ITEM_SPAWN_VY = 0.2
ITEM_SPAWN_SPREAD = 0.2             # random.nextDouble() * 0.2 - 0.1
ITEM_DEFAULT_PICKUP_DELAY = 10
ITEM_LAVA_HOP_MOVED, ITEM_LAVA_HOP_STILL = 2, 40   # before 1.16, ItemEntity.tick's lava kick: every 2 ticks of
                                                   # Entity.age after a move to another cell, else every 40
ITEM_MERGE_MOVED, ITEM_MERGE_STILL = 2, 40   # 1.14 ItemEntity.tick: tryMerge every 2 ticks (Entity.age) after a move
                                             # to another cell, else every 40
ITEM_MERGE_REACH = 0.5              # tryMerge: getBoundingBox().expand(0.5, 0.0, 0.5)

# --- experience orb (spec 06 §4) ---
XP_ORB_WIDTH = f32(0.5)
XP_ORB_HEIGHT = f32(0.5)
XP_ORB_GRAVITY = -0.03
XP_ORB_DRAG = f32(0.98)
XP_ORB_DRAG_Y = 0.98
XP_ORB_BOUNCE = -0.9
XP_ORB_BOUNCE_BACK = 0.4            # 1.21.4: on the ground Y := -(Y before the move) * 0.4
XP_ORB_SPAWN_SPREAD_1_21_8 = 0.2    # 1.21.8 new ExperienceOrb: (nextDouble * 0.2 - 0.1) * 2.0 (doubles)
XP_ORB_SPAWN_OFFSET_1_21_8 = 0.1
XP_ORB_WATER_DRAG = f32(0.99)
XP_ORB_BUOYANCY = f32(5.0e-4)
XP_ORB_BUOYANCY_MAX_VY = f32(0.06)
XP_ORB_LAVA_KICK = f32(0.2)
XP_ORB_MAX_AGE = 6000
XP_ORB_MERGE_PERIOD = 20            # 1.17 tick: expensiveUpdate when age % 20 == 1
XP_ORB_MERGE_IDS = 40               # 1.17 isMergeable: (id - seed) % 40 == 0
XP_ORB_MERGE_REACH = 0.5            # 1.17 expensiveUpdate: getBoundingBox().expand(0.5)
XP_ORB_SPAWN_MERGE_BOX = 1.0        # 1.17 wasMergedIntoExistingOrb: Box.of(pos, 1.0, 1.0, 1.0)
XP_ORB_SPAWN_SPREAD = f32(0.2)      # new ExperienceOrbEntity: (nextDouble * (double)0.2F - (double)0.1F) * 2.0
XP_ORB_SPAWN_OFFSET = f32(0.1)
XP_ORB_SPAWN_SCALE = 2.0
XP_ORB_SPAWN_VY = 0.2               # nextDouble * 0.2 * 2.0 (doubles)
XP_ORB_VALUES = (2477, 1237, 617, 307, 149, 73, 37, 17, 7, 3)  # ExperienceOrbEntity.getExperienceValue, else 1
SUBMERGED_EYE_OFFSET = 0.1111111119389534  # Entity.updateSubmergedInWaterState: getEyeY() - 0.11111111F

# --- misc entity (spec 01 §8) ---
MOUNTED_HEIGHT_FACTOR = 0.75        # Entity.getMountedHeightOffset: (double)height * 0.75
EYE_HEIGHT_FACTOR = f32(0.85)       # Entity.getEyeHeight default: height * 0.85F
PUSH_OUT_BASE = f32(0.1)            # Entity.pushOutOfBlocks: random.nextFloat() * 0.2F + 0.1F
PUSH_OUT_SPREAD = f32(0.2)
PUSH_OUT_DAMPING = 0.75

# --- living entities (spec 05 §2.4, §3; spec 06 §12 player/mob row; sizes from minecraft-data pc/1.16.2) ---
LIVING_GRAVITY = 0.08               # LivingEntity.travel: double d = 0.08
LIVING_DRAG = f32(0.91)             # travel: f = onGround ? slipperiness * 0.91F : 0.91F (X and Z)
LIVING_DRAG_Y = f32(0.98)           # travel: y * (double)0.98F
LIVING_NO_AI_DRAG = 0.98            # tickMovement: !canMoveVoluntarily() → getVelocity().multiply(0.98)
LIVING_MIN_MOTION = 0.003           # tickMovement: |component| < 0.003 → 0 (spec 05 §3 step 3, AMBIGUITY-L8)
PLAYER_MIN_MOTION_SQ = 9.0e-6       # 1.21.7 LivingEntity.aiStep: a player's horizontalDistanceSqr() < 9.0E-6 → 0
LIVING_STEP_HEIGHT = f32(0.6)       # LivingEntity(): stepHeight = 0.6F
CLIMB_MAX_SPEED = f32(0.15)         # LivingEntity.applyClimbingSpeed: clamp(x, -0.15F, 0.15F), max(y, -0.15F)
CLIMB_UP_SPEED = 0.2                # travel: new Vec3d(x, 0.2, z) when climbing into a wall
ARMOR_STAND_WIDTH = f32(0.5)        # EntityType.ARMOR_STAND 0.5F × 1.975F; Marker: EntityDimensions(0.0F, 0.0F)
ARMOR_STAND_HEIGHT = f32(1.975)
ARMOR_STAND_EYE_FACTOR = f32(0.9)   # ArmorStandEntity.getActiveEyeHeight: height * 0.9F
ARMOR_STAND_STEP_HEIGHT = 0.0       # ArmorStandEntity(): stepHeight = 0.0F
ARMOR_STAND_RIDING_OFFSET = f32(0.1)  # ArmorStandEntity.getHeightOffset: Marker ? 0.0 : 0.1F
GUARDIAN_WIDTH = f32(0.85)          # EntityType.GUARDIAN 0.85F × 0.85F
GUARDIAN_HEIGHT = f32(0.85)
ELDER_GUARDIAN_WIDTH = f32(1.9975)  # EntityType.ELDER_GUARDIAN 1.9975F × 1.9975F
ELDER_GUARDIAN_HEIGHT = f32(1.9975)
GUARDIAN_EYE_FACTOR = f32(0.5)      # GuardianEntity.getActiveEyeHeight: height * 0.5F
GUARDIAN_FLOP_SPREAD = f32(0.4)     # GuardianEntity.tickMovement: (nextFloat() * 2.0F - 1.0F) * 0.4F on X and Z
GUARDIAN_FLOP_VY = 0.5              # ... add(.., 0.5, ..) when on ground out of water
GUARDIAN_FLOP_YAW = f32(360.0)      # ... yaw = nextFloat() * 360.0F
WITHER_SKELETON_WIDTH = f32(0.7)    # EntityType.WITHER_SKELETON 0.7F × 2.4F
WITHER_SKELETON_HEIGHT = f32(2.4)
WITHER_SKELETON_EYE_HEIGHT = f32(2.1)  # WitherSkeletonEntity.getActiveEyeHeight
SKELETON_RIDING_OFFSET = -0.6       # AbstractSkeletonEntity.getHeightOffset

# --- projectiles (spec 03 §8, spec 06 §7-§9 and Appendix A) ---
PROJECTILE_TARGET_MARGIN = f32(0.3)   # ProjectileUtil.getEntityCollision: box.expand(0.30000001192092896)
PROJECTILE_MARGIN_START_AGE = 2          # ProjectileUtil.computeMargin (1.21.7): (tickCount - 2) / 20F, ...
PROJECTILE_MARGIN_AGE_STEP = f32(20.0)   # ... between 0 and 0.3F
PROJECTILE_SEARCH_EXPANSION = 1.0     # getCollision, method_26961: box.stretch(velocity).expand(1.0)
PROJECTILE_SPREAD = f32(0.0075)       # ProjectileEntity.setVelocity: nextGaussian() * 0.007499999832361937
PROJECTILE_TRIANGULAR_SPREAD = 0.0172275   # 1.19: nextTriangular(0.0, 0.0172275 * (double)divergence)
DEGREES_TO_RADIANS = f32(0.017453292)  # setProperties, getRotationVector: angle * 0.017453292F
THROW_DIVERGENCE = f32(1.0)           # the items' setProperties(..., 1.0F)
SPAWN_BELOW_EYE = f32(0.1)            # ThrownEntity / PersistentProjectileEntity: owner.getEyeY() - 0.1F
PLAYER_WIDTH = f32(0.6)               # EntityType.PLAYER 0.6F × 1.8F, standing eye height 1.62F
PLAYER_HEIGHT = f32(1.8)
PLAYER_EYE_HEIGHT = f32(1.62)
PLAYER_PICK_UP_REACH = 1.0           # PlayerEntity.tickMovement: the box grown by (1.0, 0.5, 1.0) (riding: 0.0 in Y)
PLAYER_PICK_UP_REACH_Y = 0.5
PLAYER_MAIN_SIZE = 36                # PlayerInventory.main: 36 slots, the hotbar 0-8 first
PLAYER_HOTBAR_SIZE = 9               # PlayerInventory.getHotbarSize (selectedSlot is one of 0-8)
INVENTORY_MAX_COUNT_PER_STACK = 64   # Inventory.getMaxCountPerStack (1.12.2 getInventoryStackLimit)
PLAYER_XP_PICK_UP_DELAY = 2          # ExperienceOrbEntity.onPlayerCollision: experiencePickUpDelay = 2
XP_LEVEL_BAR_BASE = 7                # PlayerEntity.getNextLevelExperience: 7 + level × 2 below 15,
XP_LEVEL_BAR_STEP = 2
XP_LEVEL_BAR_MID = 15                # 37 + (level − 15) × 5 from 15,
XP_LEVEL_BAR_MID_BASE = 37
XP_LEVEL_BAR_MID_STEP = 5
XP_LEVEL_BAR_HIGH = 30               # 112 + (level − 30) × 9 from 30 (1.12.2 xpBarCap alike)
XP_LEVEL_BAR_HIGH_BASE = 112
XP_LEVEL_BAR_HIGH_STEP = 9

THROWN_WIDTH = f32(0.25)              # snowball, egg, ender pearl, potion, bottle o' enchanting, llama spit
THROWN_HEIGHT = f32(0.25)
THROWN_DRAG = f32(0.99)               # ThrownEntity.tick: 0.99F, in water 0.8F
THROWN_WATER_DRAG = f32(0.8)
THROWN_GRAVITY = f32(0.03)            # ThrownEntity.getGravity
POTION_GRAVITY = f32(0.05)            # PotionEntity.getGravity
XP_BOTTLE_GRAVITY = f32(0.07)         # ExperienceBottleEntity.getGravity
THROWN_GRAVITY_DOUBLE = 0.03          # 1.20.5+: getGravity returns a double (Entity.applyGravity)
POTION_GRAVITY_DOUBLE = 0.05
XP_BOTTLE_GRAVITY_DOUBLE = 0.07
THROWN_IGNORE_TICKS = 3               # 1.14-1.15.2 ThrownEntity.tick: the ignored entity's time (field_7638 = 3)
THROWN_SPEED = f32(1.5)               # SnowballItem, EggItem, EnderPearlItem: setProperties(.., 0.0F, 1.5F, 1.0F)
POTION_SPEED = f32(0.5)               # ThrowablePotionItem: setProperties(.., -20.0F, 0.5F, 1.0F)
XP_BOTTLE_SPEED = f32(0.7)            # ExperienceBottleItem: setProperties(.., -20.0F, 0.7F, 1.0F)
BOTTLE_ROLL = f32(-20.0)
EGG_CHICKEN_CHANCE = 8                # EggEntity.onCollision: random.nextInt(8) == 0, then nextInt(32) == 0 → 4
EGG_FOUR_CHICKEN_CHANCE = 32
XP_BOTTLE_BASE = 3                    # ExperienceBottleEntity.onCollision: 3 + nextInt(5) + nextInt(5)
XP_BOTTLE_SPREAD = 5

ARROW_WIDTH = f32(0.5)                # arrow and trident
ARROW_HEIGHT = f32(0.5)
ARROW_EYE_HEIGHT = f32(0.13)          # PersistentProjectileEntity.getEyeHeight
ARROW_GRAVITY = f32(0.05)             # PersistentProjectileEntity.tick: y - 0.05F
ARROW_GRAVITY_DOUBLE = 0.05           # 1.20.5+: PersistentProjectileEntity.getGravity returns a double
ARROW_DRAG = f32(0.99)
ARROW_WATER_DRAG = f32(0.6)           # getDragInWater: arrows 0.6F, tridents 0.99F
TRIDENT_WATER_DRAG = f32(0.99)
ARROW_BACK_OFF = f32(0.05)            # onBlockHit: normalize().multiply(0.05F); 1.21.2 signum × 0.05F
ARROW_SHAKE = 7
ARROW_RELEASE_MARGIN = 0.06           # method_26351: new Box(pos, pos).expand(0.06)
ARROW_OWNER_FLYING_TICKS = 5          # getEntityCollision up to 1.15.2: the owner only once flyingTick >= 5
ARROW_RELEASE_FACTOR = f32(0.2)       # method_26352: random.nextFloat() * 0.2F per axis
ARROW_MAX_LIFE = 1200                 # age(): removed at life >= 1200
ARROW_DAMAGE = 2.0                    # PersistentProjectileEntity.damage
ARROW_BOUNCE = -0.1                   # onEntityHit when the target takes no damage: multiply(-0.1)
ARROW_DEFLECTED = -0.5                # 1.20.5 ProjectileDeflection.SIMPLE: multiply(-0.5)
ARROW_DEFLECTED_SLOWDOWN = 0.2        # 1.20.5 onEntityHit after the deflection: multiply(0.2)
ARROW_MIN_SPEED_SQUARED = 1.0e-7
ARROW_DROP_OFFSET = f32(0.1)          # onEntityHit: dropStack(asItemStack(), 0.1F) for a player's arrow
ARROW_SPEED = f32(3.0)                # BowItem at full charge: setProperties(.., 0.0F, f * 3.0F, 1.0F), f = 1
ARROW_BOUNCE_1_12 = f32(-0.1)          # 1.12.2 EntityArrow.onHit, an unhurt target: motion *= -0.10000000149011612
ARROW_MIN_SPEED_SQUARED_1_12 = f32(0.001)   # 1.12.2 EntityArrow.onHit: removed below 0.0010000000474974513
ARROW_RELEASE_MARGIN_1_12 = 0.05       # 1.12.2 EntityArrow.onUpdate: collidesWithAnyBlock(box.grow(0.05D))
ARROW_BACK_OFF_DIVISOR_1_13 = f32(20.0)   # 1.13.2 EntityArrow.onHit: motion / (MathHelper.sqrt(|motion|²) * 20.0F)
TRIDENT_SPEED = f32(2.5)              # TridentItem without Riptide: 2.5F + level * 0.5F
TRIDENT_BOUNCE = (-0.01, -0.1, -0.01)  # TridentEntity.onEntityHit: multiply(-0.01, -0.1, -0.01)
TRIDENT_BOUNCE_1_13 = (f32(-0.01), f32(-0.1), f32(-0.01))   # 1.13.2 EntityTrident: motionX *= -0.009999999776482582D
TRIDENT_DEFLECTED_SLOWDOWN = (0.02, 0.2, 0.02)  # 1.21.2 onEntityHit after deflect(SIMPLE): multiply(0.02, 0.2, 0.02)
TRIDENT_HIT_DAMAGE = f32(8.0)         # TridentEntity.onEntityHit: 8.0F (+ Impaling, not modelled)
TRIDENT_DAMAGE_GROUND_TICKS = 4       # TridentEntity.tick: inGroundTime > 4 → dealtDamage

FIREBALL_WIDTH = f32(1.0)             # fireball, dragon fireball
FIREBALL_HEIGHT = f32(1.0)
SMALL_FIREBALL_WIDTH = f32(0.3125)    # small fireball, wither skull
SMALL_FIREBALL_HEIGHT = f32(0.3125)
FIREBALL_DRAG = f32(0.95)             # ExplosiveProjectileEntity.getDrag; in water 0.8F
FIREBALL_WATER_DRAG = f32(0.8)
CHARGED_SKULL_DRAG = f32(0.73)        # WitherSkullEntity.getDrag when charged
FIREBALL_ACCELERATION = 0.1           # ExplosiveProjectileEntity: power = direction / length * 0.1; 1.21:
                                      # accelerationPower's default (a deflection by an attack sets it again)
FIREBALL_DEFLECTED_POWER = 0.05       # 1.20.5 onDeflected not from an attack: power = Motion * 0.05
FIREBALL_DEFLECTED_FACTOR = 0.5       # 1.21 onDeflected not from an attack: accelerationPower *= 0.5
FIREBALL_OWNER_TICKS = 25             # 1.12.2-1.15.2 ExplosiveProjectileEntity.tick: getCollision(.., ticks >= 25, ..)
FIREBALL_BORDER_REACH_1_13 = 2.0      # 1.13.2 isCollisionBoxesEmpty: cells floor(min) - 1 .. ceil(max) + 1
VEC_ZERO_BELOW = 1.0e-4               # Vec3d.normalize returns ZERO below this length (up to 1.21.1)
VEC_ZERO_BELOW_1_21_2 = f32(1.0e-5)   # ... and below this one from 1.21.2
FIREBALL_EXPLOSION_POWER = 1          # FireballEntity.explosionPower: an int, 1 by default
WITHER_SKULL_EXPLOSION_POWER = f32(1.0)
FIREBALL_HIT_DAMAGE = f32(6.0)        # FireballEntity.onEntityHit
SMALL_FIREBALL_HIT_DAMAGE = f32(5.0)  # SmallFireballEntity.onEntityHit
WITHER_SKULL_HIT_DAMAGE = f32(8.0)    # WitherSkullEntity.onEntityHit: 8.0F with an owner, else 5.0F
WITHER_SKULL_OWNERLESS_DAMAGE = f32(5.0)
# wind charges (1.21: AbstractWindChargeEntity, WindChargeEntity, BreezeWindChargeEntity)
WIND_CHARGE_WIDTH = f32(0.3125)       # EntityType: dimensions(0.3125F, 0.3125F), eyeHeight(0.0F)
WIND_CHARGE_HEIGHT = f32(0.3125)
WIND_CHARGE_BOX_DROP = f32(0.15)      # calculateBoundingBox: the box from y - 0.15F
WIND_CHARGE_DRAG = f32(1.0)           # getDrag, and getDragInWater = getDrag
WIND_CHARGE_ACCELERATION = 0.0        # the constructors' accelerationPower
WIND_CHARGE_HIT_DAMAGE = f32(1.0)     # onEntityHit: damage(windCharge, 1.0F)
WIND_CHARGE_HIT_OFFSET = 0.25         # onBlockHit: the explosion at the hit + the side's vector × 0.25
WIND_CHARGE_TOP_MARGIN = 30           # tick: bursts once getBlockY() > the top Y + 30
WIND_CHARGE_POWER = f32(1.2)          # WindChargeEntity.createExplosion
BREEZE_WIND_CHARGE_POWER = f32(3.0)   # BreezeWindChargeEntity.createExplosion
WIND_CHARGE_KNOCKBACK = f32(1.22)     # WindChargeEntity's AdvancedExplosionBehavior knockbackModifier
IMMUNE_BLAST_RESISTANCE = f32(3600000.0)   # AdvancedExplosionBehavior.getBlastResistance of an immune block
WIND_CHARGE_IMMUNE = frozenset({"barrier", "bedrock"})   # the blocks_wind_charge_explosions tag (1.21)

LLAMA_SPIT_DRAG = 0.9900000095367432  # LlamaSpitEntity.tick: multiply(0.9900000095367432)
LLAMA_SPIT_GRAVITY = 0.05999999865889549
LLAMA_SPIT_GRAVITY_DOUBLE = 0.06      # 1.20.5+: LlamaSpitEntity.getGravity returns a double
LLAMA_SPIT_HIT_DAMAGE = f32(1.0)      # LlamaSpitEntity.onEntityHit

# --- dispensers (spec 06 §1.1, §3.1 item 4, §7.1 item 3, §8.1 item 2; DispenserBehavior.registerDefaults) ---
DISPENSER_OUTPUT_OFFSET = 0.7         # DispenserBlock.getOutputLocation: cell centre + 0.7 * facing offset
DISPENSER_LIFT = f32(0.1)             # ProjectileDispenserBehavior: setVelocity(dx, (float)dy + 0.1F, dz, ..)
DISPENSER_FORCE = f32(1.1)            # ProjectileDispenserBehavior.getForce
DISPENSER_VARIATION = f32(6.0)        # ProjectileDispenserBehavior.getVariation
DISPENSER_BOTTLE_FORCE = f32(DISPENSER_FORCE * f32(1.25))      # potions, XP bottle: super.getForce() * 1.25F
DISPENSER_BOTTLE_VARIATION = f32(DISPENSER_VARIATION * f32(0.5))  # ... super.getVariation() * 0.5F
FIRE_CHARGE_OFFSET = f32(0.3)         # fire charge: output + (double)((float)offset * 0.3F)
FIRE_CHARGE_SPREAD = 0.05             # fire charge: world.random.nextGaussian() * 0.05 + offset
FIRE_CHARGE_TRIANGULAR_SPREAD = 0.11485000000000001   # 1.19: world.random.nextTriangular(offset, 0.11485...)
FIRE_CHARGE_OUTPUT_OFFSET = 1.0       # 1.20.5 FireChargeItem settings: getOutputLocation(pointer, 1.0, ZERO)
DISPENSER_PROJECTILE_RAISE = 0.1      # 1.20.5 ProjectileItem settings: getOutputLocation(pointer, 0.7, (0, 0.1, 0))
DISPENSED_ITEM_DROP = 0.15625         # ItemDispenserBehavior.spawnItem: y - 0.15625 (horizontal facing)
DISPENSED_ITEM_DROP_VERTICAL = 0.125  # ... y - 0.125 (facing up or down)
DISPENSED_ITEM_SPEED = 0.2            # ... g = world.random.nextDouble() * 0.1 + 0.2 along the facing
DISPENSED_ITEM_SPEED_SPREAD = 0.1
DISPENSED_ITEM_VY = f32(0.2)          # ... Y: gaussian term + (double)0.2F, whatever the facing
DISPENSED_ITEM_VY_TRIANGULAR = 0.2    # 1.19: nextTriangular(0.2, ..), the double 0.2
DISPENSED_ITEM_VARIATION = 6          # ItemDispenserBehavior.dispenseSilently: spawnItem(.., 6, ..), an int

# --- 1.12.2's World.rayTraceBlocks (the explosion's exposure rays, exposure_ray_trace_blocks) ---
RAY_TRACE_STEPS_1_12 = 200          # int k1 = 200; while (k1-- >= 0): at most 201 face-to-face steps
RAY_TRACE_ZERO_RATIO_1_12 = -1.0e-4  # a face ratio equal to 0.0 (either sign) is read as -1.0E-4D
RAY_TRACE_NO_FACE_1_12 = 999.0      # the ratio of an axis whose cell does not change
RAY_TRACE_PARALLEL_1_12 = 1.0000000116860974e-7   # Vec3d.getIntermediateWith*Value: none where delta² is below it
# BlockTallGrass.TALL_GRASS_AABB: 0.09999999403953552D (0.5F - 0.4F), 0.8999999761581421D (0.5F + 0.4F), top 0.8F
TALL_GRASS_LOW_1_12 = f32(f32(0.5) - f32(0.4))
TALL_GRASS_HIGH_1_12 = f32(f32(0.5) + f32(0.4))
TALL_GRASS_TOP_1_12 = f32(0.8)

# --- explosions (spec 04 §15; Explosion.collectBlocksAndDamageEntities, affectWorld) ---
EXPLOSION_RAY_GRID = 16             # block rays start towards the surface cells of a 16³ grid
EXPLOSION_RAY_SPAN = f32(2.0)       # (float)j / 15.0F * 2.0F - 1.0F: grid index → direction component
EXPLOSION_INTENSITY_BASE = f32(0.7)  # power * (0.7F + random.nextFloat() * 0.6F)
EXPLOSION_INTENSITY_SPREAD = f32(0.6)
EXPLOSION_RESISTANCE_OFFSET = f32(0.3)  # h -= (resistance + 0.3F) * 0.3F
EXPLOSION_RESISTANCE_FACTOR = f32(0.3)
EXPLOSION_RAY_STEP = f32(0.3)       # m += d * (double)0.3F
EXPLOSION_STEP_DECAY = f32(0.22500001)  # h -= 0.22500001F per step
FLUID_BLAST_RESISTANCE = f32(100.0)  # WaterFluid / LavaFluid.getBlastResistance: 100.0F
EXPLOSION_RADIUS_FACTOR = f32(2.0)  # q = power * 2.0F: the radius of the entity phase
EXPLOSION_QUERY_MARGIN = 1.0        # getOtherEntities in floor(centre ± (q + 1.0))
EXPLOSION_DAMAGE_FACTOR = 7.0       # (int)((ac * ac + ac) / 2.0 * 7.0 * q + 1.0)
BLAST_PROTECTION_STEP_OLD = f32(0.15)  # ≤ 1.19.4: velocity - floor(velocity * (float)level * 0.15F)
BLAST_PROTECTION_STEP = 0.15        # 1.20+: velocity * clamp(1.0 - level * 0.15, 0.0, 1.0)
TNT_EXPLOSION_FUSE_SPREAD = 4       # TntBlock.onDestroyedByExplosion: nextInt(fuse / 4) + fuse / 8 (AMBIGUITY-N2)
BLOCK_DROP_SPREAD = f32(0.5)        # Block.dropStack (1.14-1.16.5): pos + (double)(nextFloat() * 0.5F) + 0.25
BLOCK_DROP_MARGIN = 0.25
EXPLOSION_MERGE_MAX = 16            # Explosion.tryMergeStack: ItemEntity.merge(stack, other, 16)
SCATTER_SPLIT_SPREAD = 21           # ItemScatterer.spawn: stack.split(RANDOM.nextInt(21) + 10)
SCATTER_SPLIT_BASE = 10
SCATTER_VELOCITY_SPREAD = float(f32(0.05))   # ItemScatterer.spawn: RANDOM.nextGaussian() * 0.05F (+ 0.2F for Y)
SCATTER_VELOCITY_Y = float(f32(0.2))
ITEM_HEALTH = 5                     # ItemEntity.health
XP_ORB_HEALTH = 5                   # ExperienceOrbEntity.health
XP_ORB_FOLLOW_RANGE = 8.0           # ExperienceOrbEntity.tick: getClosestPlayer(this, 8.0)
XP_ORB_FOLLOW_PULL = 0.1            # ExperienceOrbEntity.tick: Motion += normalize(v) * (e * e * 0.1)
XP_ORB_TARGET_PERIOD = 20           # 1.12.2-1.16.5: search when lastTargetUpdateTick < renderTicks - 20 + id % 100
XP_ORB_TARGET_IDS = 100
HOPPER_INPUT_MIN_Y = 0.5            # the releases' hopper input areas together: 1.12.2 getCaptureItems from y + 0.5,
HOPPER_INPUT_MAX_Y = 2.0            # 1.13.2+ INPUT_AREA_SHAPE from 11/16, all to y + 2 (engine.influences.hopper)

# --- java.util.HashMap, whose iteration order fixes the order of an explosion's affected blocks ---
HASHMAP_INITIAL_CAPACITY = 16
HASHMAP_LOAD_FACTOR = 0.75
HASHMAP_TREEIFY_BIN = 9             # a bin reaching 9 nodes (TREEIFY_THRESHOLD 8, plus the new one) ...
HASHMAP_MIN_TREEIFY_CAPACITY = 64   # ... doubles the table instead while it is smaller than 64
BLOCK_POS_HASH_PRIME = 31           # Vec3i.hashCode: (y + z * 31) * 31 + x

# --- fire, lava and damaging blocks (Entity.baseTick, Entity.move step 15, onEntityCollision; spec 06 §3, §4) ---
ENTITY_BURNING_DURATION = 1         # Entity.getBurningDuration: fireTicks := -1 when out of fire
FIRE_TICKS_PER_SECOND = 20          # Entity.setOnFireFor(seconds): seconds * 20
ON_FIRE_DAMAGE_PERIOD = 20          # Entity.baseTick: damage(ON_FIRE, 1.0F) when fireTicks % 20 == 0
ON_FIRE_DAMAGE = f32(1.0)
FIRE_IMMUNE_DECAY = 4               # Entity.baseTick: a fire-immune entity loses 4 fire ticks a tick
LAVA_FIRE_SECONDS = 15              # Entity.setOnFireFromLava: setOnFireFor(15), damage(LAVA, 4.0F)
LAVA_DAMAGE = f32(4.0)
LAVA_FALL_DISTANCE_FACTOR = f32(0.5)  # Entity.baseTick: fallDistance *= 0.5F in lava
FIRE_CHECK_DEFLATE = 0.001          # Entity.move step 15: box.contract(0.001) tested for fire or lava
FIRE_CHECK_DEFLATE_1_17 = 1.0e-6    # Entity.move step 15 from 1.17: box.contract(1.0E-6)
FIRE_BLOCK_SECONDS = 8              # AbstractFireBlock.onEntityCollision: setOnFireFor(8) when fireTicks reach 0
FIRE_BLOCK_DAMAGE = f32(1.0)        # FireBlock: super(settings, 1.0F)
BURN_DAMAGE = f32(1.0)              # before 1.16, Entity.move: burn(1) in fire or lava, damage (float)1
SOUL_FIRE_BLOCK_DAMAGE = f32(2.0)   # SoulFireBlock: super(settings, 2.0F)
CACTUS_DAMAGE = f32(1.0)            # CactusBlock.onEntityCollision: damage(CACTUS, 1.0F)
BERRY_BUSH_DAMAGE = f32(1.0)        # SweetBerryBushBlock.onEntityCollision: damage(SWEET_BERRY_BUSH, 1.0F) ...
BERRY_BUSH_MIN_MOVE = 0.003         # ... when age > 0 and |x − lastRenderX| or |z − lastRenderZ| >= 0.003
ARMOR_STAND_HEALTH = f32(20.0)      # LivingEntity: health = getMaxHealth(), generic.max_health 20.0
ARMOR_STAND_IN_FIRE_DAMAGE = f32(0.15)  # ArmorStandEntity.damage: IN_FIRE while burning → updateHealth(0.15F)
ARMOR_STAND_ON_FIRE_DAMAGE = f32(4.0)   # ... ON_FIRE while health > 0.5F → updateHealth(4.0F)
ARMOR_STAND_BREAK_HEALTH = f32(0.5)     # ArmorStandEntity.updateHealth: broken at health <= 0.5F
ARMOR_STAND_IN_FIRE_SECONDS = 5         # ... IN_FIRE while not burning → setOnFireFor(5)

# --- leashes (spec 04 §19; MobEntity / PathAwareEntity.updateLeash, LeashKnotEntity) ---
LEASH_BREAK_DISTANCE = f32(10.0)    # PathAwareEntity.updateLeash: f > 10.0F → detachLeash (and a lead drops)
LEASH_PULL_DISTANCE = f32(6.0)      # ... f > 6.0F → Motion += copySign(d² · 0.4, d) per axis
LEASH_PULL = 0.4                    # ... d * d * 0.4D
LEASH_KNOT_SIZE = f32(0.5)          # EntityType.LEASH_KNOT 0.5F × 0.5F
LEASH_KNOT_OFFSET = 0.5             # LeashKnotEntity.updateAttachmentPosition: the fence cell's centre
LEASH_KNOT_BOX = (0.1875, 0.125, 0.375)  # its box: x, z ± 0.1875; y − 0.25 + 0.125 .. y + 0.25 + 0.125
LEASH_KNOT_CHECK_PERIOD = 100       # AbstractDecorationEntity.tick: obstructionCheckCounter++ == 100

# --- fishing bobber (spec 06 §12 Appendix A: G 0.03, k 0.92, GMD; spec 04 §12; FishingBobberEntity) ---
BOBBER_SIZE = f32(0.25)             # EntityType.FISHING_BOBBER 0.25F × 0.25F
BOBBER_GRAVITY = 0.03               # FishingBobberEntity.tick: velocity.add(0, -0.03D, 0) out of water
BOBBER_DRAG = 0.92                  # ... velocity.multiply(0.92D)
BOBBER_CAST_OFFSET = 0.3            # constructor: thrower.x − sin·0.3, eye y, z − cos·0.3
BOBBER_CAST_SPEED = 0.6             # ... × (0.6D / length + 0.5D + gaussian · 0.0045D) per axis
BOBBER_CAST_BASE = 0.5
BOBBER_CAST_SPREAD = 0.0045
BOBBER_CAST_TRIANGULAR = 0.0103365  # 1.19: 0.6D / length + random.nextTriangular(0.5, 0.0103365) per axis
BOBBER_CAST_MAX_SLOPE = f32(5.0)    # ... MathHelper.clamp(-(k / j), -5.0F, 5.0F)
JAVA_PI_F = f32(3.1415927)          # 3.1415927F in the bobber's −yaw·0.017453292F − 3.1415927F; (float)Math.PI
BOBBER_HOOK_BODY_Y = 0.8            # HOOKED_IN_ENTITY: at (x, getBodyY(0.8D), z) of the hooked entity
BOBBER_MAX_DISTANCE_SQUARED = 1024.0  # removeIfInvalid: squaredDistanceTo(owner) > 1024.0D removes it
BOBBER_GROUND_TICKS = 1200          # ... removalTimer on the ground (1.14-1.15.2: since stuck on a block)
BOBBER_SELF_HIT_TICKS = 5           # 1.14-1.15.2 checkForCollision: the owner is hit once selfHitTimer >= 5
BOBBER_PULL = 0.1                   # pullHookedEntity: (owner − bobber) × 0.1D

# --- living entities and players: travel's four cases, jumping, attributes, effects, input (spec 05) ---
SLOW_FALLING_GRAVITY = 0.01         # LivingEntity.travel: d = 0.01 while falling with Slow Falling (AMBIGUITY-L1)
FLUID_GRAVITY_DIVISOR = 16.0        # method_26317: y - d / 16.0 (0.005 m/gt² for d = 0.08)
FLUID_GRAVITY_STEP = 0.005          # method_26317: |y - 0.005| >= 0.003 && |y - d / 16| < 0.003 → y = -0.003
FLUID_GRAVITY_TOLERANCE = 0.003     # (spec 05 §2, AMBIGUITY-L2)
FLUID_GRAVITY_FLOOR = -0.003
WATER_ACCEL = f32(0.02)             # travel, water: g = 0.02F
WATER_DRAG = f32(0.8)               # getBaseMovementSpeedMultiplier: 0.8F (X, Z); Y × 0.8F
WATER_SPRINT_DRAG = f32(0.9)        # travel, water: isSprinting() ? 0.9F
DEPTH_STRIDER_DRAG = f32(0.54600006)  # travel, water: f += (0.54600006F - f) * h / 3.0F
DEPTH_STRIDER_MAX = f32(3.0)        # travel, water: h at most 3.0F, halved off the ground
DEPTH_STRIDER_OFF_GROUND = f32(0.5)
DOLPHINS_GRACE_DRAG = f32(0.96)     # travel, water: Dolphin's Grace → f = 0.96F
BANK_JUMP_HEIGHT = f32(0.6)         # travel: doesNotCollide(x, y + 0.6F - getY() + e, z) → y = 0.3F
BANK_JUMP_SPEED = f32(0.3)
LAVA_ACCEL = f32(0.02)              # travel, lava: updateVelocity(0.02F, input)
LAVA_DRAG = 0.5                     # travel, lava: multiply(0.5, 0.8F, 0.5) shallow, multiply(0.5) deep
LAVA_DRAG_Y = f32(0.8)
LAVA_GRAVITY_DIVISOR = 4.0          # travel, lava: add(0, -d / 4.0, 0)
GROUND_ACCEL_FACTOR = f32(0.21600002)  # getMovementSpeed(slipperiness): speed * (0.21600002F / s³)
FLYING_SPEED = f32(0.02)            # LivingEntity.flyingSpeed = 0.02F; PlayerEntity.tickMovement resets it
SPRINT_FLYING_BONUS = 0.005999999865889549   # PlayerEntity.tickMovement: + 0.005999999865889549 when sprinting
SPRINT_FLYING_BONUS_F = f32(0.006)  # 1.18.2-1.19.3: airStrafingSpeed += 0.006F (float arithmetic)
OFF_GROUND_SPRINT_SPEED = f32(0.025999999)   # 1.19.4 PlayerEntity.getOffGroundSpeed while sprinting
LEVITATION_SPEED = 0.05             # travel: q += (0.05 * (amplifier + 1) - q) * 0.2
LEVITATION_RATE = 0.2
SWIM_UP_SPEED = f32(0.04)           # LivingEntity.swimUpward: add(0, 0.04F, 0)
SWIM_HEIGHT = 0.4                   # LivingEntity.getSwimHeight: eye height < 0.4 ? 0.0 : 0.4
JUMP_VELOCITY = f32(0.42)           # LivingEntity.getJumpVelocity: 0.42F × the block's jump multiplier
JUMP_BOOST_STEP = f32(0.1)          # jump: f += 0.1F * (amplifier + 1)
SPRINT_JUMP_KICK = f32(0.2)         # jump: add(-sin(yaw) * 0.2F, 0, cos(yaw) * 0.2F) when sprinting
SPRINT_JUMP_KICK_D = 0.2            # 1.20.5 jump: add((double)-sin(yaw) * 0.2, 0, (double)cos(yaw) * 0.2)
JUMP_COOLDOWN = 10                  # tickMovement: jumpingCooldown = 10
INPUT_DAMPING = f32(0.98)           # tickMovement: sidewaysSpeed *= 0.98F; forwardSpeed *= 0.98F
MIN_INPUT_SQUARED = 1.0e-7          # Entity.movementInputToVelocity: lengthSquared < 1.0E-7 → ZERO
MIN_INPUT_SQUARED_F = f32(1.0e-4)   # 1.12.2 Entity.moveRelative: f >= 1.0E-4F (float) or nothing
GROUND_ACCEL_FACTOR_1_12 = f32(0.16277136)   # 1.12.2 EntityLivingBase.travel: 0.16277136F / (f6 * f6 * f6)
GROUND_ACCEL_FACTOR_1_13 = f32(0.16277137)   # 1.13.2 EntityLivingBase.travel: 0.16277137F, another float
CLIMB_MAX_FALL_1_12 = 0.15          # 1.12.2 travel on a ladder: motionY < -0.15D → -0.15D (a double literal)
WATER_GRAVITY_1_12 = 0.02           # 1.12.2 travel in water and lava: motionY -= 0.02D
ELYTRA_GRAVITY_1_12 = -0.08         # 1.12.2 travel, elytra: motionY += -0.08D + (double)f4 * 0.06D
ELYTRA_LIFT_1_12 = 0.06
SNEAKING_HEIGHT_1_12 = f32(1.65)    # 1.12.2 EntityPlayer.updateSize: 0.6F x 1.65F sneaking
SNEAKING_EYE_HEIGHT_1_12 = f32(f32(1.62) - f32(0.08))   # 1.12.2 EntityPlayer.getEyeHeight: 1.62F - 0.08F sneaking
GLIDING_HEIGHT_1_12 = f32(0.6)      # 0.6F x 0.6F gliding (eye height 0.4F)
ATTRIBUTE_MOVEMENT_SPEED_DEFAULT = 0.7  # EntityAttributes.GENERIC_MOVEMENT_SPEED: default 0.7, minimum 0
ATTRIBUTE_MAX_VALUE = 1024.0         # ClampedEntityAttribute maximum of movement speed and max health
ATTRIBUTE_MAX_HEALTH_DEFAULT = 20.0  # GENERIC_MAX_HEALTH: default 20, range 1..1024
ATTRIBUTE_MAX_HEALTH_MIN = 1.0
PLAYER_MOVEMENT_SPEED = f32(0.1)    # PlayerEntity.createPlayerAttributes: movement speed 0.1F
SPRINT_SPEED_BOOST = f32(0.3)       # LivingEntity.SPRINTING_SPEED_BOOST: (double)0.3F, MULTIPLY_TOTAL
SPEED_EFFECT_BOOST = f32(0.2)       # StatusEffects.SPEED: (double)0.2F per level, MULTIPLY_TOTAL
SLOWNESS_EFFECT_BOOST = f32(-0.15)  # StatusEffects.SLOWNESS: (double)-0.15F per level, MULTIPLY_TOTAL
SNEAK_SLOWDOWN = 0.3                # KeyboardInput.tick: (float)((double)movement * 0.3) in the sneaking pose
SNEAK_SLOWDOWN_F = f32(0.3)         # 1.19 ClientPlayerEntity: clamp(0.3F + Swift Sneak level × 0.15F, 0, 1)
SOFT_COLLISION_MIN = f32(1.0e-5)    # 1.18 ClientPlayerEntity.hasCollidedSoftly: i, j < 1.0E-5F
SOFT_COLLISION_ANGLE = f32(0.13962634)   # ... acos(...) < 0.13962634F (8 degrees)
SWIFT_SNEAK_STEP = f32(0.15)        # EnchantmentHelper.getSwiftSneakSpeedBoost: level × 0.15F
WALKING_THRESHOLD = 0.8             # ClientPlayerEntity.isWalking: (double)movementForward >= 0.8
FORWARD_THRESHOLD = f32(1.0e-5)     # Input.hasForwardMovement: movementForward > 1.0E-5F
MOVE_VECTOR_MIN = f32(1.0e-4)       # 1.21.7 Vec2.normalized: ZERO where the length < 1.0E-4F
SNEAK_EDGE_STEP = 0.05              # PlayerEntity.adjustMovementForSneaking: steps of 0.05 towards 0
PLAYER_SNEAKING_HEIGHT = f32(1.5)   # PlayerEntity.POSE_DIMENSIONS: CROUCHING 0.6F × 1.5F, eye 1.27F
PLAYER_SNEAKING_EYE_HEIGHT = f32(1.27)
PLAYER_LOW_HEIGHT = f32(0.6)        # SWIMMING / FALL_FLYING / SPIN_ATTACK 0.6F × 0.6F, eye 0.4F
PLAYER_LOW_EYE_HEIGHT = f32(0.4)
POSE_CHECK_DEFLATE = 1.0e-7         # Entity.wouldPoseNotCollide: box.contract(1.0E-7)
SWIM_LOOK_DOWN = -0.2               # PlayerEntity.travel, swimming: h = look.y < -0.2 ? 0.085 : 0.06
SWIM_PITCH_FAST = 0.085
SWIM_PITCH_SLOW = 0.06
SWIM_SURFACE_OFFSET = 0.1           # ... BlockPos(x, getY() + 1.0 - 0.1, z): the fluid above the swimmer
ELYTRA_LIFT = 0.75                  # travel, elytra: d * (-1.0 + cos²(pitch) * 0.75)
ELYTRA_LOOK_LENGTH = 0.4            # ... Math.min(1.0, look.length() / 0.4)
ELYTRA_DIVE = -0.1                  # ... m = y * -0.1 * l
ELYTRA_CLIMB = 0.04                 # ... m = horizontal * -sin(pitch) * 0.04; y += m * 3.2
ELYTRA_CLIMB_Y = 3.2
ELYTRA_STEER = 0.1                  # ... (look / i * j - v) * 0.1
ELYTRA_DRAG = f32(0.99)             # ... multiply(0.99F, 0.98F, 0.99F)
ELYTRA_DRAG_Y = f32(0.98)
ELYTRA_SAFE_FALL = -0.5             # ... y > -0.5 → fallDistance = 1.0F
ELYTRA_WALL_DAMAGE_FACTOR = 10.0    # ... (float)(Δspeed * 10.0 - 3.0) damage into a wall
ELYTRA_WALL_DAMAGE_OFFSET = 3.0
SAFE_FALL_DISTANCE = f32(3.0)       # LivingEntity.computeFallDamage: ceil((d - 3.0F - jump boost) * multiplier)
FALL_DAMAGE_HAY = f32(0.2)          # HayBlock.onLandedUpon: handleFallDamage(d, 0.2F)
FARMLAND_TRAMPLE_OFFSET = f32(0.5)  # FarmlandBlock.onLandedUpon: random.nextFloat() < d - 0.5F
FARMLAND_TRAMPLE_VOLUME = f32(0.512)  # ... width * width * height > 0.512F
FARMLAND_HEIGHT = 15.0 / 16.0       # FarmlandBlock.SHAPE: 15 of 16 pixels tall
INVULNERABLE_TICKS = 20             # LivingEntity.damage: timeUntilRegen = 20, hurtTime = 10
HURT_TICKS = 10
DEATH_TICKS = 20                    # LivingEntity.updatePostDeath: removed when deathTime reaches 20
MAX_ENTITY_CRAMMING = 24            # GameRules.MAX_ENTITY_CRAMMING default
CRAMMING_CHANCE = 4                 # LivingEntity.tickCramming: random.nextInt(4) == 0
CRAMMING_DAMAGE = f32(6.0)          # ... damage(DamageSource.CRAMMING, 6.0F)
CRAMMING_MIN_DISTANCE = f32(0.01)   # Entity.pushAwayFrom: absMax(dx, dz) >= 0.01F (spec 04 §10, AMBIGUITY-E5)
CRAMMING_PUSH = f32(0.05)           # ... d *= 0.05F
KNOCKBACK_ATTACK = f32(0.4)         # LivingEntity.damage: takeKnockback(0.4F, dx, dz) (spec 04 §13)
KNOCKBACK_MAX_Y = 0.4               # takeKnockback: onGround ? min(0.4, y / 2 + f) : y (AMBIGUITY-E6)
KNOCKBACK_MAX_Y_1_12 = f32(0.4)     # 1.12.2-1.13.2 knockBack: motionY above 0.4000000059604645D set to it
KNOCKBACK_MIN_DISTANCE_SQUARED = 1.0e-4   # LivingEntity.damage: a random direction while dx² + dz² < 1.0E-4
KNOCKBACK_RANDOM_SPREAD = 0.01
KNOCKBACK_MIN_LENGTH_SQUARED_1_21 = f32(1.0e-5)  # 1.21 takeKnockback: a random direction while x² + z² < 1.0E-5F
FIREWORK_WIDTH = f32(0.25)          # EntityType.FIREWORK_ROCKET 0.25F × 0.25F
FIREWORK_HEIGHT = f32(0.25)
FIREWORK_FLIGHT = 1                 # a rocket crafted with one gunpowder: Fireworks.Flight = 1
FIREWORK_LIFE_PER_FLIGHT = 10       # lifeTime = 10 * (1 + flight) + nextInt(6) + nextInt(7)
FIREWORK_LIFE_SPREAD_A = 6
FIREWORK_LIFE_SPREAD_B = 7
FIREWORK_START_VY = 0.05            # setVelocity(nextGaussian() * 0.001, 0.05, nextGaussian() * 0.001)
FIREWORK_START_SPREAD = 0.001
FIREWORK_START_TRIANGULAR = 0.002297  # 1.19: setVelocity(nextTriangular(0.0, 0.002297), 0.05, nextTriangular(..))
FIREWORK_HAND_DISTANCE = 0.5        # 1.18.2 Entity.getHandPosOffset: getRotationVector(0, yaw ± 80) × 0.5
FIREWORK_HAND_YAW = f32(80.0)       # ... + 80 for the right arm (the main arm of a player by default)
FIREWORK_BOOST_LOOK = 0.1           # shooter += look * 0.1 + (look * 1.5 - velocity) * 0.5 while gliding
FIREWORK_BOOST_TARGET = 1.5
FIREWORK_BOOST_RATE = 0.5
FIREWORK_FREE_SPEEDUP = 1.15        # 1.12.2 EntityFireworkRocket.onUpdate, not attached: motionX, motionZ *= 1.15D
FIREWORK_FREE_RISE = 0.04           # ... motionY += 0.04D

# --- mob movement (spec 05 §4; MobEntity, MoveControl, JumpControl) and path finding (spec 07; 1.16.5 code) ---
RAD_TO_DEG_F = 57.2957763671875     # (double)(180.0F / (float)Math.PI) in MoveControl.tick
RAD_TO_DEG = 180.0 / math.pi          # 1.12.2 EntityMoveHelper: atan2 * (180D / Math.PI)
MOVE_CONTROL_MIN_DIST_SQ = 2.500000277905201e-7  # MoveControl.tick: (double)2.5000003E-7F
MOVE_CONTROL_YAW_LIMIT = f32(90.0)  # MoveControl.tick: changeAngle(yaw, target, 90.0F)
MOVE_CONTROL_YAW_OFFSET = f32(90.0)  # (float)(atan2(dz, dx) * 57.29...) - 90.0F
FULL_TURN_F = f32(360.0)            # MoveControl.changeAngle: wrap the result into [0, 360]
ZOMBIE_WIDTH = f32(0.6)             # EntityType.ZOMBIE 0.6F × 1.95F
ZOMBIE_HEIGHT = f32(1.95)
ZOMBIE_MOVEMENT_SPEED = float(f32(0.23))  # ZombieEntity.createZombieAttributes: GENERIC_MOVEMENT_SPEED 0.23F (a double)
ZOMBIE_FOLLOW_RANGE = 35.0          # ... GENERIC_FOLLOW_RANGE 35.0
VILLAGER_WIDTH = f32(0.6)           # EntityType.VILLAGER 0.6F × 1.95F
VILLAGER_HEIGHT = f32(1.95)
VILLAGER_MOVEMENT_SPEED = 0.5       # VillagerEntity.createVillagerAttributes: MOVEMENT_SPEED 0.5, FOLLOW_RANGE 48.0
VILLAGER_FOLLOW_RANGE = 48.0
VILLAGER_LOOT_REACH = 1.0           # MobEntity.tickMovement: items within getBoundingBox().expand(1.0, 0.0, 1.0)
# VillagerEntity.GATHERABLE_ITEMS (1.12.2 canVillagerPickupItem the same), from 1.21.2 the villager_picks_up tag
# (1.21.10's adds torchflower seeds and pitcher pods: taken in every release)
VILLAGER_GATHERS = frozenset(f"minecraft:{n}" for n in ("bread", "potato", "carrot", "wheat", "wheat_seeds", "beetroot",
                                                        "beetroot_seeds", "torchflower_seeds", "pitcher_pod"))
PIG_WIDTH = f32(0.9)                # EntityType.PIG 0.9F × 0.9F
PIG_HEIGHT = f32(0.9)
PIG_MOVEMENT_SPEED = 0.25           # PigEntity.createPigAttributes: MOVEMENT_SPEED 0.25
PIG_STEP_HEIGHT = f32(0.5)          # ItemSteerable travel, not ridden: stepHeight = 0.5F (spec 03 §4)
IRON_GOLEM_WIDTH = f32(1.4)         # EntityType.IRON_GOLEM 1.4F × 2.7F
IRON_GOLEM_HEIGHT = f32(2.7)
IRON_GOLEM_MOVEMENT_SPEED = 0.25    # IronGolemEntity.createIronGolemAttributes: MOVEMENT_SPEED 0.25
IRON_GOLEM_STEP_HEIGHT = f32(1.0)   # IronGolemEntity(): stepHeight = 1.0F (spec 03 §4)
ATTRIBUTE_FOLLOW_RANGE_MAX = 2048.0  # EntityAttributes.GENERIC_FOLLOW_RANGE: clamped to 0..2048
# 1.20.5 EntityAttributes (default, minimum, maximum): ClampedEntityAttribute of each, in double
ATTRIBUTE_GRAVITY = (0.08, -1.0, 1.0)                 # generic.gravity
ATTRIBUTE_STEP_HEIGHT = (0.6, 0.0, 10.0)              # generic.step_height
ATTRIBUTE_JUMP_STRENGTH = (f32(0.42), 0.0, 32.0)      # generic.jump_strength: 0.42F widened
ATTRIBUTE_SAFE_FALL_DISTANCE = (3.0, -1024.0, 1024.0)  # generic.safe_fall_distance
ATTRIBUTE_FALL_DAMAGE_MULTIPLIER = (1.0, 0.0, 100.0)  # generic.fall_damage_multiplier
ATTRIBUTE_SCALE = (1.0, 0.0625, 16.0)                 # generic.scale
JUMP_BOOST_SAFE_FALL = 1.0          # 1.20.5 StatusEffects.JUMP_BOOST: safe_fall_distance + 1.0 per level (ADD_VALUE)
MIN_JUMP_VELOCITY = f32(1.0e-5)     # 1.20.5 LivingEntity.jump: nothing when getJumpVelocity() <= 1.0E-5F
# 1.21 EntityAttributes (default, minimum, maximum) and the enchantments that act through them (Enchantments:
# AttributeEnchantmentEffect, EnchantmentLevelBasedValue.linear(base): base + base × (level - 1) in float, ADD_VALUE)
ATTRIBUTE_EFFICIENCY = (0.0, 0.0, 1.0)               # generic.movement_efficiency, generic.water_movement_efficiency
ATTRIBUTE_EXPLOSION_KNOCKBACK_RESISTANCE = (0.0, 0.0, 1.0)   # generic.explosion_knockback_resistance
ATTRIBUTE_SNEAKING_SPEED = (0.3, 0.0, 1.0)           # player.sneaking_speed
DEPTH_STRIDER_EFFICIENCY = f32(0.33333334)  # Depth Strider: water_movement_efficiency + 0.33333334F per level
SWIFT_SNEAK_SPEED = f32(0.15)        # Swift Sneak: sneaking_speed + 0.15F per level
BLAST_PROTECTION_RESISTANCE = f32(0.15)  # Blast Protection: explosion_knockback_resistance + 0.15F per level, per piece
OPEN_HASH_MAP_CAPACITY = 32          # fastutil Object2ObjectOpenHashMap(): 16 expected entries / 0.75 → 32 slots
OPEN_HASH_MIX = 0x9E3779B9           # fastutil HashCommon.mix: h × 0x9E3779B9, then h ^ (h >>> 16)
SNEAK_EDGE_PROBE_MARGIN = f32(1.0e-5)   # 1.20.5 PlayerEntity: the probe reaches minY - step height - 1.0E-5F
SNEAK_PROBE_INSET = 1.0e-7             # 1.21.7 Player.canFallAtLeast: the footprint inset and the depth margin
MOB_FOLLOW_RANGE = 16.0             # MobEntity.createMobAttributes: GENERIC_FOLLOW_RANGE 16.0
NODE_BUDGET_PER_RANGE = 16.0        # EntityNavigation(): PathNodeNavigator range = floor(followRange * 16.0) (N4)
NODE_BUDGET_1_13 = 200              # 1.13.2 PathFinder.findPath: at most 200 nodes counted, whatever the range
NAVIGATION_MAX_FOLLOW_RANGE = 16.0  # EntityNavigation.maxFollowRange (1.21.2): the least range a search uses
VILLAGER_MAX_FOLLOW_RANGE = 48.0    # VillagerEntity(): getNavigation().setMaxFollowRange(48.0F) (1.21.2)
HEURISTIC_WEIGHT = f32(1.5)         # PathNodeNavigator.findPathToAny: heuristic * 1.5F (N3)
PATH_REGION_MARGIN = 8              # EntityNavigation.findPathTo(targets, 8, false, distance): the cached region
MAX_PATH_SUCCESSORS = 32            # PathNodeNavigator.successors = new PathNode[32]
WALK_MAX_JUMP_HEIGHT = 1.125        # LandPathNodeMaker.getPathNode: feet-Y rise > 1.125 → no node
STEP_BOX_LIFT = 0.001               # getPathNode's step-up box: floor + 0.001 ... height + floor - 0.002
STEP_BOX_TOP_MARGIN = 0.002
OPEN_BOX_LIFT = 0.001               # getPathNode's OPEN-cell box up to 1.16.1: y + 0.001 ... (float)y + height
PATH_MAX_FALL = 3                   # MobEntity.getSafeFallDistance without a target (N2)
NODE_REACH_WIDE = f32(0.75)         # EntityNavigation: width > 0.75F ? width / 2.0F : 0.75F - width / 2.0F (N1)
NODE_REACH_HALF = f32(2.0)
NODE_REACH_MAX_DY = 1.0             # continueFollowingPath: |y - node.y| < 1.0
SHORTCUT_MAX_DIST = 2.0             # shouldJumpToNextNode: within 2.0 of the node's centre
DIRECT_LINE_INTERVAL = 5            # 1.14 continueFollowingPath: the direct-line skip when world time % 5L == 0L
DIRECT_LINE_MIN_SQ = 1.0e-8         # 1.14 MobNavigation.canPathDirectlyThrough: no line under 1.0E-8 squared
DIRECT_LINE_UNSAFE_PENALTY = 8.0    # 1.14 MobNavigation.method_6364: a cell of penalty >= 8.0F is not crossed
PATH_RECOMPUTE_INTERVAL = 20        # recalculatePath: world time - lastRecalculateTime > 20L
PATH_GOAL_RETRY_INTERVAL = 40       # MoveToTargetPosGoal.shouldResetPath: tryingTime % 40 == 0
PATH_GOAL_ARRIVED_DISTANCE = 1.0    # MoveToTargetPosGoal.getDesiredSquaredDistanceToTarget (squared, m²)
PATH_GOAL_MAX_TRYING_TIME = 1200    # MoveToTargetPosGoal.shouldContinue: tryingTime <= 1200
SWIM_GOAL_JUMP_CHANCE = f32(0.8)    # SwimGoal.tick: getRandom().nextFloat() < 0.8F (1.12.2 EntityAISwimming too)
GOAL_SELECTOR_TICK_RATE = 3         # EntityAITasks.tickRate (1.12.2-1.13.2): tickCount++ % 3 == 0
GOAL_SELECTOR_ALTERNATION = 2       # MobEntity.tickNewAi (1.18): (ticks + getId()) % 2 != 0: tickGoals(false)
PATH_GOAL_MIN_INTERVAL = 200        # MoveToTargetPosGoal.getInterval: 200 + nextInt(200) (1.18: toGoalTicks, halved up)
PATH_GOAL_MIN_WAIT = 1200           # MoveToTargetPosGoal.start: safeWaitingTime = nextInt(nextInt(1200) + 1200) + 1200
SWIM_GOAL_PRIORITY = 0              # PigEntity.initGoals: add(0, SwimGoal) (creepers 1: below the path goal either way)
PATH_GOAL_PRIORITY = 4              # the scene's path goal: ZombieEntity.initGoals' add(4, DestroyEggGoal)
GOAL_MOVE, GOAL_JUMP = 1, 4         # Goal.Control MOVE and JUMP as 1.12.2's mutex bits (EntityAIMoveToBlock: 5)
STAY_ABOVE_WATER_CHANCE = f32(0.8)  # createCoreTasks: new StayAboveWaterTask(0.4F, 0.8F) (1.16: (0.8F)); Swim(0.8F)
STAY_ABOVE_WATER_HEIGHT = f32(0.4)  # 1.14-1.15.2 StayAboveWaterTask.minWaterHeight, compared widened to double
TASK_RUN_TIME = 60                  # Task(Map): minRunTime = maxRunTime = 60 (MultiTickTask.DEFAULT_RUN_TIME)
VILLAGER_RAID_CHECK_BOUND = 100     # VillagerEntity.mobTick: random.nextInt(100) == 0 → getRaidAt
STUCK_CHECK_INTERVAL = 100          # checkTimeouts: tickCount - pathStartTime > 100
STUCK_MIN_DIST_SQ = 2.25            # ... squaredDistanceTo(pathStartPos) < 2.25 → stop
TIMEOUT_FACTOR = 3.0                # ... timeoutTimer > timeoutLimit * 3.0 → stop
MS_PER_SECOND = 1000.0              # ... distance / movementSpeed * 1000.0 (milliseconds)
MS_PER_TICK = 50                    # Util.getMeasuringTimeMs modelled as 50 ms a tick (20 TPS), spec 07 §7.1
SHORTCUT_NEAR_SQ = 0.5              # 1.19.3 shouldJumpToNextNode: squared distance to the node < 0.5
GUARDIAN_MOVEMENT_SPEED = 0.5       # GuardianEntity.createGuardianAttributes: MOVEMENT_SPEED 0.5
ELDER_GUARDIAN_MOVEMENT_SPEED = 0.3  # ElderGuardianEntity.createElderGuardianAttributes: MOVEMENT_SPEED 0.3
SKELETON_MOVEMENT_SPEED = 0.25      # AbstractSkeletonEntity.createAbstractSkeletonAttributes: MOVEMENT_SPEED 0.25
BREACH_AIR_PENALTY = f32(8.0)       # SwimPathNodeMaker.getNode: penalty += 8.0F where the fluid is empty
SEA_LEVEL = 63                      # World.getSeaLevel() in the overworld
AMPHIBIOUS_DEEP_BELOW_SEA = 10      # AmphibiousPathNodeMaker: y < seaLevel - 10 → penalty + 1
AMPHIBIOUS_WALKABLE_PENALTY = f32(6.0)      # AmphibiousPathNodeMaker.init: WALKABLE 6.0F, WATER_BORDER 4.0F, WATER 0.0F
AMPHIBIOUS_WATER_BORDER_PENALTY = f32(4.0)
PATH_Y_MAX_WATER_STEPS = 16         # MobNavigation.getPathY: give up after 16 water blocks up
FLOAT_MAX = 3.4028234663852886e38   # Float.MAX_VALUE: Path's distance without nodes, the nearest-target start

# --- boats (spec 06 §5; BoatEntity) ---
BOAT_WIDTH = f32(1.375)               # EntityType.BOAT 1.375F × 0.5625F
BOAT_HEIGHT = f32(0.5625)
BOAT_GRAVITY = -0.03999999910593033   # updateVelocity: (double)-0.04F
BOAT_FLOWING_GRAVITY = -7.0e-4        # UNDER_FLOWING_WATER replaces gravity
BOAT_DEFAULT_DECAY = f32(0.05)        # velocityDecay = 0.05F before the location picks one (AMBIGUITY-N7)
BOAT_WATER_DECAY = f32(0.9)           # IN_WATER, UNDER_FLOWING_WATER, IN_AIR
BOAT_UNDER_WATER_DECAY = f32(0.45)    # UNDER_WATER
BOAT_UNDER_WATER_BUOYANCY = 0.009999999776482582  # (double)0.01F
BOAT_BUOYANCY_FACTOR = 0.06153846016296973  # (vy + f * 0.06153846F) * 0.75
BOAT_BUOYANCY_DRAG = 0.75
BOAT_GRAVITY_1_20_5 = 0.04            # 1.20.5 BoatEntity.getGravity: the double 0.04, subtracted
BOAT_BUOYANCY_SCALE = 0.65            # 1.20.5: buoyancy × getGravity() / 0.65 (the double 0.04 / 0.65)
BOAT_SURFACE_LIFT = 0.101             # water entry: y = waterTop - height + 0.101
BOAT_PROBE = 0.001                    # checkBoatInWater / getUnderWaterLocation / method_7548 probes
BOAT_YAW_STEP = 1.0                   # updatePaddles: yawVelocity ±= 1 (a float)
BOAT_TURN_THRUST = f32(0.005)         # updatePaddles: f += 0.005F (turning only)
BOAT_FORWARD_THRUST = f32(0.04)       # f += 0.04F
BOAT_BACK_THRUST = f32(0.005)         # f -= 0.005F
BOAT_UNDERWATER_TICKS = f32(60.0)     # ticksUnderwater >= 60.0F → removeAllPassengers
BOAT_BUBBLE_TICKS = 60                # setBubbleWobbleTicks(60) (spec 09 E6)
BOAT_BUBBLE_DOWN = -0.7               # handleBubbleColumn: add(0, -0.7, 0)
BOAT_BUBBLE_UP_PLAYER = 2.7           # setVelocity(x, player ? 2.7 : 0.6, z)
BOAT_BUBBLE_UP = 0.6
BOAT_MOUNTED_OFFSET = -0.1            # getMountedHeightOffset
BOAT_REMOVED_OFFSET = 0.009999999776482582  # updatePassengerPosition: removed ? (double)0.01F
BOAT_FRONT_SEAT = f32(0.2)            # two passengers: 0.2F front, -0.6F back, + 0.2 for animals
BOAT_BACK_SEAT = f32(-0.6)
BOAT_ANIMAL_SEAT_SHIFT = 0.2
BOAT_PUSH_MARGIN = f32(0.2)           # tick: box.expand(0.2F, -0.01F, 0.2F)
BOAT_PUSH_MARGIN_Y = f32(-0.01)
BOAT_MAX_PASSENGERS = 2               # canAddPassenger: size < 2
HALF_PI_F = f32(1.5707964)            # updatePassengerPosition: rotateY(-yaw * 0.017453292F - 1.5707964F)
# --- Entity.pushAwayFrom (spec 04 §10) ---
# --- minecarts (spec 06 §6; AbstractMinecartEntity) ---
MINECART_WIDTH = f32(0.98)            # EntityType.MINECART 0.98F × 0.7F
MINECART_HEIGHT = f32(0.7)
MINECART_GRAVITY = -0.04
MINECART_WATER_GRAVITY = -0.005       # 1.17: isTouchingWater() ? -0.005 : -0.04
MINECART_WATER_MAX_SPEED = 0.2        # 1.17 getMaxOffRailSpeed: (isTouchingWater() ? 4.0 : 8.0) / 20.0
MINECART_WATER_SLOPE_FACTOR = 0.2     # 1.17 moveOnRail: the slope pull g *= 0.2 in water
MINECART_WATER_SLOWDOWN = f32(0.95)   # 1.17 applySlowdown: then multiply(0.95F) in water
MINECART_BOARD_SPEED_SQUARED_1_21_2 = 0.01  # 1.21.2 handleCollision: horizontalLengthSquared() >= 0.01
MINECART_YAW_MODULO = 360.0           # 1.21.2 DefaultMinecartController.tick: yaw % 360.0F, pitch % 360.0F
# 1.21.2 ExperimentalMinecartController (the minecart_improvements experiment), Yarn 1.21.3 def674d26
MINECART_EXP_EPSILON = f32(1.0e-5)    # the controller's 1.0E-5F thresholds and the nudge past a rail's end
MINECART_EXP_RAIL_PROBE = 0.1         # getRailOrMinecartPos: the rail looked for at floor(y - 0.1 - 1.0E-5F)
MINECART_EXP_RAIL_HEIGHT = 0.1        # adjustToRail, moveAlongTrack: the cart rides 0.1 above the rail's cell
MINECART_EXP_MAX_SPEED_RULE = 8       # GameRules.MINECART_MAX_SPEED's default (blocks per second)
MINECART_EXP_MAX_SPEED_RULE_RANGE = (1, 1000)   # the rule's bounds (GameRules.IntRule.create(8, 1, 1000))
MINECART_EXP_TICKS_PER_SECOND = 20.0  # getMaxSpeed: rule × (touching water ? 0.5 : 1.0) / 20.0
MINECART_EXP_WATER_SPEED = 0.5
MINECART_EXP_SLOPE_SHARE = 0.02       # applySlopeVelocity: max(0.0078125, horizontal speed × 0.02)
MINECART_EXP_SLOWDOWN = 0.975         # getSpeedRetention: 0.975 empty (0.997 ridden)
MINECART_EXP_LAUNCH = 0.2             # accelerateFromPoweredRail: a still cart launched at speed + 0.2
MINECART_EXP_V_REST_SQUARED = 0.005   # restOnVShapedTrack: speed² < 0.005 stops at the foot of a V
MINECART_EXP_SQRT_2 = f32(math.sqrt(2.0))   # MathHelper.SQUARE_ROOT_OF_TWO: a slope's step is √2 longer
MINECART_EXP_SLOPE_PITCH = f32(45.0)  # adjustToRail: pitch ∓45 on a slope, clamped to ±45 (setAngles)
MINECART_EXP_FLIP_MIN = 175.0         # setAngles: a yaw change of 175..185 degrees flips the cart
MINECART_EXP_FLIP_MAX = 185.0
MINECART_EXP_HALF_TURN = f32(180.0)
MINECART_EXP_QUARTER_TURN = f32(90.0)
MINECART_EXP_PITCH_EASE = f32(0.2)    # moveOnRail: off a rail in the air, lerpAngleDegrees(0.2F, pitch, 0)
MINECART_EXP_PICK_UP_MARGIN = 0.2     # handleCollision: pickUpEntities(box.expand(0.2, 0.0, 0.2)) ...
MINECART_EXP_PUSH_MARGIN = 1.0e-7     # ... pushAwayFromEntities(box.expand(1.0E-7))
MINECART_MAX_SPEED = 0.4              # getMaxOffRailSpeed (per axis, AMBIGUITY-N8)
MINECART_GROUND_DRAG = 0.5            # moveOffRail: multiply(0.5) on ground
MINECART_AIR_DRAG = 0.95              # moveOffRail: multiply(0.95) off ground, after the move
MINECART_SLOPE_ACCEL = 0.0078125      # moveOnRail: ascending rails add ∓0.0078125
MINECART_RAIL_MAX_SPEED = 2.0         # moveOnRail: min(2.0, horizontal speed)
MINECART_RIDER_PUSH_MIN = 1.0e-4      # a player's Motion² > 1e-4 ...
MINECART_RIDER_PUSH_MAX = 0.01        # ... while the cart's < 0.01 adds 0.1 × the player's Motion
MINECART_RIDER_PUSH = 0.1
MINECART_RIDER_INPUT_PUSH = 0.001     # 1.21.2 DefaultMinecartController: + the rider's key velocity × 0.001
MINECART_BRAKE_STOP = 0.03            # unpowered powered rail: speed < 0.03 → stop, else × 0.5
MINECART_BRAKE = 0.5
MINECART_RIDDEN_MOVE = 0.75           # moveOnRail: hasPassengers ? 0.75 : 1.0
MINECART_SLOWDOWN_RIDDEN = 0.997      # applySlowdown
MINECART_SLOWDOWN = 0.96
MINECART_SLOPE_GAIN = 0.05            # (old.y - new.y) * 0.05
MINECART_BOOST_MIN = 0.01             # powered: speed > 0.01 → + 0.06 along Motion
MINECART_BOOST = 0.06
MINECART_KICKSTART = 0.02             # powered, at rest against a solid block: 0.02 away from it
RAIL_HEIGHT = 0.0625                  # snapPositionToRail: j + 0.0625
MINECART_YAW_MIN_MOVE = 0.001         # tick: h² + l² > 0.001 → yaw from the move
MINECART_YAW_FLIP = 170.0             # wrapDegrees(yaw - prevYaw) outside [-170, 170) flips
MINECART_PUSH_MARGIN = f32(0.2)       # tick: box.expand(0.2F, 0.0, 0.2F)
MINECART_BOARD_SPEED_SQUARED = 0.01   # squaredHorizontalLength > 0.01 → passive boarding
MINECART_PUSH_MIN_SQUARED = 9.999999747378752e-5  # pushAwayFrom: d² + e² >= (double)1.0E-4F
MINECART_PUSH_STRENGTH = 0.10000000149011612      # (double)0.1F
MINECART_PUSH_ALIGNMENT = 0.800000011920929       # |dot| < (double)0.8F → no push between carts
MINECART_PUSH_KEEP = 0.2              # carts: multiply(0.2, 1.0, 0.2) then the mean
MINECART_OTHER_PUSH_SHARE = 4.0       # other entities get d / 4.0
# EntityMinecart of 1.12.2 and 1.13.2 (minecart_float_literals; gravity GRAVITY_1_12): float literals widened
MINECART_AIR_DRAG_1_12 = f32(0.95)    # moveDerailedMinecart: off the ground × 0.949999988079071D
MINECART_SLOWDOWN_1_12 = f32(0.96)    # applyDrag: × 0.9599999785423279D empty ...
MINECART_SLOWDOWN_RIDDEN_1_12 = f32(0.997)  # ... × 0.996999979019165D ridden
MINECART_PUSH_KEEP_1_12 = f32(0.2)    # applyEntityCollision, cart on cart: × 0.20000000298023224D
# --- TNT minecarts (spec 06 §6.5; TntMinecartEntity) ---
TNT_MINECART_FUSE = 80                # prime(): fuseTicks = 80; -1 = unprimed
TNT_MINECART_POWER = 4.0              # explode: 4.0 + random.nextDouble() * 1.5 * min(sqrt(v), 5.0)
TNT_MINECART_POWER_SPREAD = 1.5
TNT_MINECART_MAX_SPEED = 5.0
TNT_MINECART_CRASH_SPEED_SQUARED = 0.009999999776482582  # horizontalCollision and v² >= (double)0.01F
TNT_MINECART_FALL = f32(3.0)          # handleFallDamage: fallDistance >= 3.0F → explode((f / 10F)²)
TNT_MINECART_FALL_SCALE = f32(10.0)
TNT_MINECART_FUSE_SPREAD = 20         # dropItems after an explosion: nextInt(20) + nextInt(20)
MINECART_BREAK_WOBBLE = f32(40.0)     # damage: wobble strength + amount * 10F > 40F breaks the cart
MINECART_WOBBLE_FACTOR = f32(10.0)
# --- shulkers (spec 03 §5, spec 04 §9; ShulkerEntity) ---
SHULKER_WIDTH = f32(1.0)
SHULKER_HEIGHT = f32(1.0)
SHULKER_TELEPORT_TRIES = 5            # tryTeleport: 5 attempts at ±8 cells
SHULKER_TELEPORT_RANGE = 17           # random.nextInt(17) - 8
SHULKER_TELEPORT_OFFSET = 8
# --- other explosion sources (spec 04 §15.1) ---
CREEPER_WIDTH = f32(0.6)              # EntityType.CREEPER 0.6F × 1.7F
CREEPER_HEIGHT = f32(1.7)
CREEPER_FUSE = 30                     # CreeperEntity.fuseTime
CREEPER_EXPLOSION_RADIUS = 3          # power (float)explosionRadius × (charged ? 2.0F : 1.0F)
CREEPER_CHARGED_FACTOR = f32(2.0)
END_CRYSTAL_WIDTH = f32(2.0)          # EntityType.END_CRYSTAL 2.0F × 2.0F
END_CRYSTAL_HEIGHT = f32(2.0)
END_CRYSTAL_POWER = f32(6.0)          # EndCrystalEntity.damage: createExplosion(.., 6.0F, DESTROY)
BED_POWER = f32(5.0)                  # BedBlock.onUse outside the Overworld: 5.0F, fire, DESTROY
RESPAWN_ANCHOR_POWER = f32(5.0)       # RespawnAnchorBlock.explode: 5.0F, fire, DESTROY
RESPAWN_ANCHOR_MAX_CHARGES = 4
WITHER_SPAWN_POWER = f32(7.0)         # WitherEntity.mobTick: invulnerable timer ends → 7.0F, no fire
WITHER_EYE_HEIGHT = f32(2.9750001)    # EntityType.WITHER 0.9F × 3.5F; getEyeHeight 0.85 × 3.5F
FIRE_CHANCE = 3                       # Explosion.affectWorld: createFire && random.nextInt(3) == 0
BED_FALL_FACTOR = f32(0.5)            # BedBlock.onLandedUpon: super.onLandedUpon(.., fallDistance * 0.5F)
JAVA_DOUBLE_MIN = 4.9e-324            # Double.MIN_VALUE: BoatEntity.checkBoatInWater's initial water level
BOAT_FALL_BREAK = f32(3.0)            # BoatEntity.fall: fallDistance > 3.0F
EXPLOSION_FIRE_SEED = 1_000_003       # not vanilla: seeds the fire Random (vanilla: new Random()) per scene and tick
SHULKER_PEEK_SCALE = f32(0.01)        # ShulkerEntity.tick: peekAmount * 0.01F
SHULKER_LID_SPEED = f32(0.05)         # openProgress ± 0.05F per tick
BOAT_BREAK_WOBBLE = f32(40.0)         # BoatEntity.damage: wobble strength + amount * 10F > 40F breaks the boat
BOAT_WOBBLE_FACTOR = f32(10.0)
MINECART_WOBBLE_TICKS = 10            # damage / onActivatorRail: setDamageWobbleTicks(10)
MINECART_ACTIVATOR_WOBBLE = f32(50.0)  # MinecartEntity.onActivatorRail: setDamageWobbleStrength(50.0F)

# --- ghasts and phantoms: FlyingEntity.travel (spec 05 §2.5); sizes from EntityType 1.16.5 ---
FLYING_ACCEL = f32(0.02)            # FlyingEntity.travel: updateVelocity(0.02F, ...) in fluids and off the ground
FLYING_GROUND_ACCEL = f32(0.1)      # ... on ground: updateVelocity(0.1F * g, ...)
FLYING_GROUND_FACTOR = f32(0.16277137)  # ... g = 0.16277137F / (f * f * f), f = slipperiness * 0.91F
FLYING_WATER_DRAG = f32(0.8)        # ... water: multiply(0.800000011920929) on all axes (AMBIGUITY-L7: 0.8, not 0.08)
FLYING_LAVA_DRAG = 0.5              # ... lava: multiply(0.5)
FLYING_SLIPPERINESS_BELOW = 1.0     # ... new BlockPos(getX(), getY() - 1.0, getZ())
GHAST_WIDTH = f32(4.0)              # EntityType.GHAST 4.0F × 4.0F
GHAST_HEIGHT = f32(4.0)
GHAST_EYE_HEIGHT = f32(2.6)         # GhastEntity.getActiveEyeHeight: 2.6F
GHAST_FOLLOW_RANGE = 100.0          # GhastEntity.createGhastAttributes: GENERIC_FOLLOW_RANGE 100.0
PHANTOM_WIDTH = f32(0.9)            # EntityType.PHANTOM 0.9F × 0.5F (size 0)
PHANTOM_HEIGHT = f32(0.5)
PHANTOM_EYE_FACTOR = f32(0.35)      # PhantomEntity.getActiveEyeHeight: height * 0.35F

# --- the bow (spec 06 §7.1, E17, AMBIGUITY-N9): BowItem.getPullProgress / onStoppedUsing, 1.16.5 ---
BOW_PULL_TICKS = f32(20.0)          # getPullProgress: f = (float)useTicks / 20.0F
BOW_PULL_LINEAR = f32(2.0)          # ... f = (f * f + f * 2.0F) / 3.0F
BOW_PULL_DIVISOR = f32(3.0)
BOW_FULL_PULL = f32(1.0)            # ... if (f > 1.0F) f = 1.0F; critical when f == 1.0F
BOW_MIN_PULL = 0.1                  # onStoppedUsing: no arrow when (double)f < 0.1D
USING_ITEM_SLOWDOWN = f32(0.2)      # ClientPlayerEntity.tickMovement: isUsingItem() → input × 0.2F (not riding)

# --- dismounting (Entity.updatePassengerForDismount, Dismounting; 1.16.5) ---
DISMOUNT_GAP = 9.999999747378752e-06       # getPassengerDismountOffset: (double)1.0E-5F added to the two widths
SQUARE_ROOT_OF_TWO = f32(1.4142135)        # MathHelper.SQUARE_ROOT_OF_TWO: the boat's width × √2 (float)
DISMOUNT_MAX_HEIGHT = 1.0                  # Dismounting.canDismountInBlock: a height below 1.0, not infinite
DISMOUNT_CART_MAX_WIDTH = f32(1.0)         # AbstractMinecartEntity: Math.min(width, 1.0F) / 2.0F
DISMOUNT_FREE_SPOT_MAX_SIZE = 4.0          # 1.21.2 LivingEntity.onDismounted: width <= 4.0F && height <= 4.0F
DISMOUNT_BESIDE_GAP = 0.4                  # 1.14-1.15.2 LivingEntity.onDismounted: (w / 2.0F + vehicle w / 2.0F) + 0.4
DISMOUNT_LIFT = 0.001                      # ... the rider set 0.001 above the top it lands on
BOAT_YAW_CLAMP = f32(105.0)                # BoatEntity.copyEntityData: the rider's yaw within ±105 of the boat's

# --- riding offsets (spec 04 §11): getHeightOffset up to 1.20.1 (double), getUnscaledRidingOffset 1.20.2-1.20.4
# (float), the VEHICLE attachment point's height from 1.20.5 (EntityType.Builder.vehicleAttachment(y) stores -y)
PLAYER_HEIGHT_OFFSET = -0.35               # PlayerEntity.getHeightOffset
ZOMBIE_HEIGHT_OFFSET = -0.45               # ZombieEntity.getHeightOffset: isBaby() ? 0.0 : -0.45
ANIMAL_HEIGHT_OFFSET = 0.14                # AnimalEntity.getHeightOffset
PLAYER_RIDING_OFFSET = f32(-0.6)           # 1.20.2 PlayerEntity.getUnscaledRidingOffset: -0.6F
ZOMBIE_RIDING_OFFSET = f32(-0.7)           # 1.20.2 ZombieEntity, AbstractSkeletonEntity: -0.7F
WITHER_SKELETON_RIDING_OFFSET = f32(-0.875)   # 1.20.2 WitherSkeletonEntity: -0.875F
GHAST_RIDING_OFFSET = f32(0.5)             # 1.20.2 GhastEntity: 0.5F
PHANTOM_RIDING_OFFSET = f32(-0.125)        # 1.20.2 PhantomEntity: -0.125F
PLAYER_VEHICLE_ATTACHMENT_Y = 0.6          # 1.20.5 PlayerEntity.VEHICLE_ATTACHMENT_POS = new Vec3d(0.0, 0.6, 0.0)
BOAT_ATTACHMENT_HEIGHT_DIVISOR = f32(3.0)  # 1.20.2 BoatEntity.getPassengerAttachmentPos: dimensions.height / 3.0F
MINECART_ATTACHMENT_Y = f32(0.1875)        # 1.20.2 AbstractMinecartEntity: 0.1875F (a villager: 0.0F)

# --- redstone (1.16.5; engine/redstone): block tick delays in game ticks, power levels, update limits ---
REDSTONE_MAX_POWER = 15             # int: the strongest signal (World.getReceivedRedstonePower stops at 15)
STONE_BUTTON_PRESS_TICKS = 20       # AbstractButtonBlock.getPressTicks: wooden ? 30 : 20
WOODEN_BUTTON_PRESS_TICKS = 30
REDSTONE_TORCH_DELAY = 2            # RedstoneTorchBlock.neighborUpdate: schedule(pos, this, 2)
TORCH_BURNOUT_TOGGLES = 8           # RedstoneTorchBlock.isBurnedOut: ++i >= 8 entries at this position ...
TORCH_BURNOUT_WINDOW = 60           # ... scheduledTick drops entries older than 60 ticks (time - entry > 60L)
TORCH_BURNOUT_RECOVERY = 160        # ... a torch that burns out ticks again 160 ticks later
TORCH_BURNOUT_SMOKE = 5             # 1.13.2 BlockRedstoneTorch: smoke particles of a burnout, 3 nextDouble each
REPEATER_DELAY_FACTOR = 2           # RepeaterBlock.getUpdateDelayInternal: delay * 2
REPEATER_MAX_DELAY = 4              # Properties.DELAY: 1..4, cycled by a player's use
LAMP_OFF_DELAY = 4                  # RedstoneLampBlock.neighborUpdate: schedule(pos, this, 4) when it loses power
DISPENSER_DELAY = 4                 # DispenserBlock.neighborUpdate: schedule(pos, this, 4) on a rising edge
OBSERVER_DELAY = 2                  # ObserverBlock.scheduleTick: schedule(pos, this, 2)
COMPARATOR_DELAY = 2                # ComparatorBlock.getUpdateDelayInternal: 2
LIGHTNING_ROD_DELAY = 8             # LightningRodBlock: scheduleTick(pos, this, 8) (setPowered; onPlace from 1.21.10)
MAX_UPDATE_DEPTH = 512              # World.setBlockState(pos, state, flags): maxUpdateDepth 512
MAX_CHAINED_NEIGHBOR_UPDATES = 1000000  # 1.19 server.properties max-chained-neighbor-updates (its default)
MAX_SCHEDULED_TICKS = 65536         # ServerTickScheduler.tick: at most 65536 ticks taken per game tick
POWERED_RAIL_REACH = 8              # PoweredRailBlock.isPoweredByOtherRails: distance >= 8 → false
NOTE_COUNT = 25                     # Properties.NOTE: 0..24, cycled by NoteBlock.onUse
PRESSURE_PLATE_BOX = (0.125, 0.0, 0.125, 0.875, 0.25, 0.875)  # AbstractPressurePlateBlock.BOX (double)
PRESSURE_PLATE_BOX_1_19_3 = (0.0625, 0.0, 0.0625, 0.9375, 0.25, 0.9375)  # … from 1.19.3
PRESSURE_PLATE_TICK_RATE = 20       # AbstractPressurePlateBlock.getTickRate: re-checked 20 ticks after a press
WEIGHTED_PLATE_TICK_RATE = 10       # WeightedPressurePlateBlock.getTickRate
LIGHT_PLATE_WEIGHT = 15             # Blocks.LIGHT_WEIGHTED_PRESSURE_PLATE: weight 15
HEAVY_PLATE_WEIGHT = 150            # Blocks.HEAVY_WEIGHTED_PRESSURE_PLATE: weight 150
DETECTOR_RAIL_INSET = 0.2           # DetectorRailBlock.getCartDetectionBox: the cell inset by 0.2 (its top by 0.2)
DETECTOR_RAIL_TICK_RATE = 20        # DetectorRailBlock.updatePoweredStatus: schedule(pos, this, 20) with a cart on it
PIXELS_PER_BLOCK = 16.0             # Block.createCuboidShape: coordinates in sixteenths of a block

# Java's (float) cast: a double at or beyond (2 − 2⁻²⁴)·2¹²⁷ in magnitude rounds to ±infinity
F32_OVERFLOW = 3.4028235677973366e38
FALL_POWER_EPSILON = 1.0E-6                     # LivingEntity.calculateFallPower (1.21.8): fall distance + 1.0E-6
