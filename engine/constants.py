"""Every physical constant of the engine, typed the way vanilla types it (spec 01 §5).

`f32(...)` marks a vanilla `F` literal (its true float32 value, widened to double); a bare number is a vanilla
double literal. The comment names the vanilla site and the spec section.
"""

from __future__ import annotations

from engine.javanum import f32

# --- collision (spec 03 §2, §3, §6) ---
COLLISION_EPSILON = 1.0e-7          # VoxelShape.calculateMaxDistance, Box contract for the world border
MIN_MOVE_LENGTH_SQUARED = 1.0e-7    # Entity.move: move only if lengthSquared() > 1e-7 (AMBIGUITY-M1)
HORIZONTAL_COLLISION_TOLERANCE = 1.0e-5  # MathHelper.approximatelyEquals in Entity.move step 7
BLOCK_COLLISION_DEFLATE = 0.001     # Entity.checkBlockCollision, Entity.updateMovementInFluid
LANDING_POS_OFFSET = f32(0.2)       # Entity.getLandingPos: pos.y - (double)0.2F
VELOCITY_AFFECTING_OFFSET = 0.5000001  # Entity.getVelocityAffectingPos: box.minY - 0.5000001
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

# --- blocks acting on entities (spec 04 §1-§6, §20) ---
COBWEB_MULTIPLIER = (0.25, f32(0.05), 0.25)        # CobwebBlock: new Vec3d(0.25, 0.05F, 0.25)
BERRY_BUSH_MULTIPLIER = (f32(0.8), 0.75, f32(0.8))  # SweetBerryBushBlock: new Vec3d(0.8F, 0.75, 0.8F)
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

# --- world (spec 01 §5.2) ---
SECTION_SIZE = 16
GET_ENTITIES_MARGIN = 2.0           # World.getEntities: sections of the box expanded by 2
VOID_Y = -64.0                      # Entity.baseTick: destroy below y = -64
DEFAULT_BORDER_SIZE = 5.9999968e7   # WorldBorder default diameter
BORDER_MAX_RADIUS = 29999984        # WorldBorder.maxRadius

# --- TNT (spec 06 §1) ---
TNT_WIDTH = f32(0.98)
TNT_HEIGHT = f32(0.98)
TNT_GRAVITY = -0.04                 # TntEntity.tick: add(0, -0.04, 0)
TNT_DRAG = 0.98                     # multiply(0.98): a double literal
TNT_GROUND_FACTORS = (0.7, -0.5, 0.7)
TNT_FUSE = 80
TNT_EYE_HEIGHT = f32(0.15)          # TntEntity.getEyeHeight: 0.15F
TNT_POWER = 4.0                     # TntEntity.explode: 4.0F
TNT_EXPLOSION_HEIGHT = 0.0625       # getBodyY(0.0625) = y + (double)height * 0.0625
TNT_SPAWN_VY = f32(0.2)             # TntBlock.primeTnt / PrimedTnt: setVelocity(-sin*0.02, 0.2F, -cos*0.02)
TNT_SPAWN_KICK = 0.02
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
FALLING_BLOCK_MIN_Y = 1
FALLING_BLOCK_MAX_Y = 256
CONCRETE_RAYCAST_SPEED_SQUARED = 1.0

# --- item (spec 06 §3) ---
ITEM_WIDTH = f32(0.25)
ITEM_HEIGHT = f32(0.25)
ITEM_GRAVITY = -0.04
ITEM_DRAG = f32(0.98)               # float g = 0.98F for X/Z
ITEM_DRAG_Y = 0.98                  # multiply(g, 0.98, g)
ITEM_BOUNCE = -0.5
ITEM_EYE_FLUID_OFFSET = f32(0.11111111)  # getStandingEyeHeight() - 0.11111111F
ITEM_MIN_HORIZONTAL_SQUARED = f32(1.0e-5)  # squaredHorizontalLength > (double)1.0E-5F
ITEM_TICK_PERIOD = 4                # (age + entityId) % 4 == 0
ITEM_WATER_DRAG = f32(0.99)         # applyBuoyancy: x * (double)0.99F
ITEM_LAVA_DRAG = f32(0.95)          # method_24348: x * (double)0.95F
ITEM_BUOYANCY = f32(5.0e-4)
ITEM_BUOYANCY_MAX_VY = f32(0.06)
ITEM_MAX_AGE = 6000
ITEM_PICKUP_DELAY_INFINITE = 32767
ITEM_SPAWN_VY = 0.2
ITEM_SPAWN_SPREAD = 0.2             # random.nextDouble() * 0.2 - 0.1
ITEM_DEFAULT_PICKUP_DELAY = 10

# --- experience orb (spec 06 §4) ---
XP_ORB_WIDTH = f32(0.5)
XP_ORB_HEIGHT = f32(0.5)
XP_ORB_GRAVITY = -0.03
XP_ORB_DRAG = f32(0.98)
XP_ORB_DRAG_Y = 0.98
XP_ORB_BOUNCE = -0.9
XP_ORB_WATER_DRAG = f32(0.99)
XP_ORB_BUOYANCY = f32(5.0e-4)
XP_ORB_BUOYANCY_MAX_VY = f32(0.06)
XP_ORB_LAVA_KICK = f32(0.2)
XP_ORB_MAX_AGE = 6000
SUBMERGED_EYE_OFFSET = 0.1111111119389534  # Entity.updateSubmergedInWaterState: getEyeY() - 0.11111111F

# --- misc entity (spec 01 §8) ---
EYE_HEIGHT_FACTOR = f32(0.85)       # Entity.getEyeHeight default: height * 0.85F
PUSH_OUT_BASE = f32(0.1)            # Entity.pushOutOfBlocks: random.nextFloat() * 0.2F + 0.1F
PUSH_OUT_SPREAD = f32(0.2)
PUSH_OUT_DAMPING = 0.75
