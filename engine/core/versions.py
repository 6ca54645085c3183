"""The version table: every accepted release × every mechanic, simulated as that release does it or refused.

Two tables, resolved once per Simulation into a frozen `Features`:

* `FEATURES`: the version differences the engine simulates, each a flag the mechanic reads (spec 00 §3.1 and the
  game's code, docs/versions.md). Every row changes a result; tests/engine/test_versions.py proves each.
* `MECHANICS`: per mechanic, the releases whose game code differs from what the engine simulates. Such a cell is
  refused: the mechanic's one entry point (an entity kind's tick, the explosion, the piston push, ...) stops the
  run with one line naming the mechanic, the version and what changed (`refusal`), when a scene uses it.

`tickscope versions` prints the table; docs/versions.md records where each fact comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Version = tuple[int, int, int]
DEFAULT_VERSION = "1.16.5"

# Every Java Edition release from 1.11 to the last 1.21.x (1.21.11; the releases after it are numbered 26.x).
RELEASES: tuple[Version, ...] = tuple(
    (1, minor, patch) for minor, last in ((11, 2), (12, 2), (13, 2), (14, 4), (15, 2), (16, 5), (17, 1), (18, 2),
                                          (19, 4), (20, 6), (21, 11))
    for patch in range(last + 1))
OLDEST, NEWEST = RELEASES[0], RELEASES[-1]

# name: (description, first version with the behaviour, first version without it or None). Every row is read by
# the mechanic it names and either changes its result or stops the run with one line where that version's
# behaviour is not simulated. The raycast in Entity.move (spec 03 §3 says 1.18 and that it only loads chunks) is
# 1.18.2's and resets the fall distance on a hit: `move_fall_reset_raycast`.
FEATURES: dict[str, tuple[str, Version, Version | None]] = {
    "axis_order_yxz": ("Entity.move sweeps always Y, X, Z (spec 03 §3)", OLDEST, (1, 14, 0)),
    "collision_aabb_lists": ("Entity.move cuts the movement by World.getCollisionBoxes' AxisAlignedBB list "
                             "(calculateYOffset, X, Z: strict overlaps on the other axes, no 1.0E-7 tolerance, so a "
                             "box overlapping a block by a hair passes through it) (1.12.2; 1.13.2 cuts it by "
                             "VoxelShapes.getAllowedOffset, 1.14's)", OLDEST, (1, 13, 0)),
    "move_motion_fields": ("Entity.move on the motionX/Y/Z fields: every movement moves the box, however short (no "
                           "1.0E-7 threshold); collidedHorizontally is exact (no 1.0E-5F tolerance); a collision "
                           "zeroes motionX and motionZ each; Block.onLanded sets motionY to 0.0 (+0, not Y x 0.0); "
                           "only an entity that canTriggerWalking (not TNT, not a falling block) gets onEntityWalk "
                           "(the slime block's slowdown) (1.12.2 and 1.13.2; the Vec3d velocity of 1.14)",
                           OLDEST, (1, 14, 0)),
    "tnt_float_literals": ("EntityTNTPrimed.onUpdate: motionY -= 0.03999999910593033 ((double)0.04F; X and Z "
                           "untouched), drag x 0.9800000190734863 (0.98F), on the ground x 0.699999988079071 (0.7F) "
                           "and -0.5 (1.12.2 and 1.13.2; double literals from 19w08b)", OLDEST, (1, 14, 0)),
    "move_sets_position": ("Entity.move sets the position to position + movement and rebuilds the box from it "
                           "(Entity.setPosition), instead of offsetting the box and moving to its centre "
                           "(moveToBoundingBoxCenter)", (1, 17, 0), None),
    "move_zeroes_both_axes": ("Entity.move step 9 zeroes X and Z together (1.18 rewrite)", (1, 18, 0), None),
    "move_small_uncollided": ("Entity.move also applies a movement of length² ≤ 1.0E-7 when collisions shortened "
                              "it by less than 1.0E-7 (1.21.2)", (1, 21, 2), None),
    "piston_clamp": ("pistonMovementDelta clamps piston moves to 0.51 per axis and tick; 1.11 passes piston "
                     "moves through unchanged (spec 04 §8.6)", (1, 12, 0), None),
    "explosion_collision_shapes": ("explosion exposure rays test collision shapes, not outlines (spec 04 §15); "
                                   "outline rays are refused where a cell's outline may differ",
                                   (1, 16, 0), None),
    "explosion_double_sqrt": ("the explosion's distance and direction length use Math.sqrt in double, not "
                              "MathHelper.sqrt's float (Explosion.collectBlocksAndDamageEntities, 1.17)",
                              (1, 17, 0), None),
    "exposure_ray_trace_blocks": ("World.getBlockDensity (the explosion's exposure) casts World.rayTraceBlocks: "
                                  "a ray from a sample point inside a block to a centre inside the same block "
                                  "misses, and the bounding boxes are met without 1.0E-7 margins (1.12.2; "
                                  "1.13.2: ray_trace_voxel_shapes; RayTraceContext from 1.14)", OLDEST, (1, 13, 0)),
    "ray_trace_voxel_shapes": ("1.13.2's World.rayTraceBlocks (the explosion's exposure rays, a thrown entity's "
                               "block ray): 1.12.2's cell walk (the start cell, then face to face, no hit on reaching "
                               "the end cell), each cell's outline VoxelShape tested by VoxelShape.rayTrace from "
                               "where the walk entered it (nothing where that piece's length² < 1.0E-7, a hit where "
                               "the point 1/1000 along lies inside the shape, else AxisAlignedBB.rayTrace with "
                               "1.0E-7 margins); a thrown entity's targets are met by AxisAlignedBB.rayTrace too "
                               "(1.13.2; 1.14's RaycastContext walks the whole ray)", (1, 13, 0), (1, 14, 0)),
    "explosion_hash_set_blocks": ("the server's explosion (1.12.2 doExplosionB, 1.14.4 affectWorld) draws the "
                                  "sound's pitch (two nextFloat from the world Random) after the entities' "
                                  "impulses and takes the affected positions in a HashSet's order, not shuffled "
                                  "(1.12.2-1.14.4; 1.15: the sound on the client alone, the positions shuffled "
                                  "with the world Random; 1.13.x not compared)", OLDEST, (1, 15, 0)),
    "exposure_double_steps": ("Explosion.getExposure steps its sample fractions in double, not float (1.18.2)",
                              (1, 18, 2), None),
    "projectile_outline_shapes": ("thrown projectiles raycast block outline shapes (spec 03 §7.5); refused where "
                                  "a tested cell's outline may differ from its collision shape",
                                  OLDEST, (1, 16, 2)),
    "thrown_check_block_collision": ("ThrownEntity.tick and ExplosiveProjectileEntity.tick run checkBlockCollision "
                                     "(spec 00 §3.1, AMBIGUITY-V1: absent in 1.16.1 and earlier)", (1, 16, 2), None),
    "thrown_gravity_double": ("ThrownEntity.getGravity is the double 0.03 (potions 0.05, experience bottles 0.07), "
                              "not the float 0.03F, applied by Entity.applyGravity (1.20.5)", (1, 20, 5), None),
    "thrown_tick_1_21_2": ("ThrownEntity.tick: gravity and drag, then the raycast along the new Motion and the move "
                           "to the hit or by the Motion, tickBlockCollision, the base tick, then the hit (1.21.2)",
                           (1, 21, 2), None),
    "llama_spit_gravity_double": ("LlamaSpitEntity.getGravity is the double 0.06, not 0.06F (1.20.5)", (1, 20, 5),
                                  None),
    "arrow_gravity_double": ("PersistentProjectileEntity.getGravity is the double 0.05, not 0.05F (1.20.5)",
                             (1, 20, 5), None),
    "arrow_left_owner": ("PersistentProjectileEntity.tick runs ProjectileEntity.tick first: an arrow or trident "
                         "can hit its owner once it has left it (method_26961); before, ProjectileEntity extended "
                         "Entity and getEntityCollision passed over the owner until flyingTick (ticks in flight, "
                         "reset when it falls out of a block or bounces off an entity) reached 5 (1.16)",
                         (1, 16, 0), None),
    "bobber_tick_1_15": ("FishingBobberEntity.tick of 1.14-1.15.2 (an Entity, not a ProjectileEntity; 1.12.2's "
                         "EntityFishHook.onUpdate the same on the motion fields, its ray through bounding boxes): a "
                         "block hit only marks it "
                         "stuck (1.16: Motion = normalize(Motion) x the squared distance to the hit) and its removal "
                         "counts 1200 ticks from then (1.16: on the ground, reset off it); while FLYING, stuck, on "
                         "the ground or against a wall, its Motion is zeroed before the gravity and the move (1.16: "
                         "after the move, stuck or not); its owner is passed over until it has flown 5 ticks "
                         "(selfHitTimer; 1.16: until it has left the owner), dead entities not (1.16)",
                         OLDEST, (1, 16, 0)),
    "arrow_release_point_box": ("PersistentProjectileEntity.method_26351: a stuck arrow whose block changed falls "
                                "where the cube of 0.06 around its position is free; before, where its box expanded "
                                "by 0.06 was (World.doesNotCollide) (1.16)", (1, 16, 0), None),
    "arrow_tick_1_21_2": ("PersistentProjectileEntity.tick: the in-ground test first; in the ground, fall or age "
                          "and tickBlockCollision without the base tick; in flight the raycast "
                          "(getCollisionsIncludingWorldBorder) and applyCollision (move to each entity hit, then to "
                          "the block hit), drag, gravity unless in the ground, then the base tick; onBlockHit backs "
                          "off signum(Motion) x 0.05F and zeroes the Motion; a world-border hit deflects; a trident's "
                          "entity hit deflects SIMPLE, then x (0.02, 0.2, 0.02) (1.21.2)", (1, 21, 2), None),
    "arrow_drag_split": ("PersistentProjectileEntity.tick: in water the drag (getDragInWater) comes before the "
                         "raycast and the move, the air drag 0.99F after them only out of water (1.21.4)",
                         (1, 21, 4), None),
    "arrow_in_ground_still": ("PersistentProjectileEntity.onBubbleColumnCollision and addVelocity do nothing to a "
                              "stuck arrow or trident (an explosion's push, a bubble column's) (1.21.4)",
                              (1, 21, 4), None),
    "arrow_in_ground_zeroes_motion": ("AbstractArrow.tick: the in-ground test (the position inside its cell's "
                                      "collision boxes) zeroes the Motion as it sets inGround (1.21.5, 1.21.7 and "
                                      "1.21.8 read; 1.21.4 kept it; 1.21.6 bracketed)", (1, 21, 5), None),
    "arrow_in_ground_unpushed": ("AbstractArrow.isPushedByFluid: a stuck arrow or trident is not pushed by "
                                 "flowing water (the base tick of the tick it stuck in) (1.21.5, 1.21.7 and 1.21.8 "
                                 "read; 1.21.4 pushed it; 1.21.6 bracketed)", (1, 21, 5), None),
    "projectile_hit_margin_by_age": ("ProjectileUtil.getHitResultOnMoveVector and getEntityHitResult grow their "
                                     "targets' boxes by computeMargin = max(0, min(0.3F, (tickCount - 2) / 20F)), not "
                                     "0.3F: none in a projectile's first two ticks, 0.05F more each tick up to the "
                                     "eighth; thrown entities, fireballs, llama spit, the fishing bobber, and arrows "
                                     "and tridents (AbstractArrow.findHitEntity) (1.21.7, 1.21.8, 1.21.10 and 1.21.11 "
                                     "read; 1.21.4 0.3F; 1.21.9 bracketed)", (1, 21, 7), None),
    "projectile_hit_margin_unread": ("ProjectileUtil.getHitResultOnMoveVector of 1.21.5-1.21.6 not read (1.21.4: "
                                     "0.3F, 1.21.7: computeMargin): a thrown entity, fireball, llama spit, arrow or "
                                     "trident whose entity hit differs between the two margins stops the run in one "
                                     "line",
                                     (1, 21, 5), (1, 21, 7)),
    "arrow_left_owner_before_raycast": ("AbstractArrow.tick tests whether it has left its owner (checkLeftOwner) "
                                        "before the raycast, with its box and Motion of then (after the water drag), "
                                        "and Projectile.tick not again that tick; before, Projectile.tick tested it "
                                        "after the move (1.21.10 and 1.21.11)", (1, 21, 10), None),
    "arrow_hits_many": ("AbstractArrow.stepMoveAndHit hits every entity along its path in one pass "
                        "(findHitEntities: ProjectileUtil.getManyEntityHitResult, the exact box's entry or, within "
                        "computeMargin, the box's surface towards its centre; sorted by the distance to each one's "
                        "position; hitTargetsOrDeflectSelf) and moves to the first one's hit; before, to the nearest "
                        "entry of the grown boxes, hitting that one (1.21.11; ThrownTrident keeps one hit)",
                        (1, 21, 11), None),
    "vec_double": ("Vec3d.length and normalize take Math.sqrt in double, not MathHelper.sqrt's float (1.17): "
                   "projectiles shot or dispensed, arrows hitting, the fluid flow (FlowableFluid.getVelocity) and "
                   "push (Entity.updateMovementInFluid)", (1, 17, 0), None),
    "normalize_zero_below_1e5": ("Vec3d.normalize gives the zero vector below a length of 1.0E-5F, not 1.0E-4: "
                                 "the fluid flow and push (1.21.2)", (1, 21, 2), None),
    "submerged_at_eye": ("Entity.updateSubmergedInWaterState tests the water at the eye Y, not the eye Y - "
                         "0.11111111F (1.20.5)", (1, 20, 5), None),
    "bobber_use_checks_owner": ("FishingBobberEntity.use first runs removeIfInvalid: a bobber more than 32 m from "
                                "its owner is removed without pulling what it hooked (1.17)", (1, 17, 0), None),
    "firework_tick_1_12": ("EntityFireworkRocket.onUpdate: a rocket is attached where its boosted entity's id is "
                           "above 0 (1.14: wherever an id is held); one not attached (a scene's: the id is not "
                           "saved) runs the base tick (onEntityUpdate), then motionX and motionZ x 1.15D, motionY + "
                           "0.04D and the move, with no hit test: it flies through entities, and a block it meets "
                           "only stops it (1.12.2 and 1.13.2; 1.14's FireworkEntity.tick tests ProjectileUtil."
                           "getCollision after the move, or an attached rocket's after it is placed, an entity hit "
                           "exploding it and a collision running the block's onEntityCollision)", OLDEST, (1, 14, 0)),
    "firework_look_vec_1_12": ("EntityFireworkRocket.onUpdate boosts its gliding entity along getLookVec: sin and cos "
                               "of -yaw x 0.017453292F - (float)pi, -cos and sin of -pitch x 0.017453292F, other "
                               "sine-table entries than getRotationVector's (1.12.2; 1.13.2 has 1.14's)", OLDEST,
                               (1, 13, 0)),
    "firework_hand_offset": ("FireworkRocketEntity.tick puts a rocket attached to a gliding shooter at its "
                             "position + getHandPosOffset (the main hand: getRotationVector(0, yaw + 80) x 0.5), not "
                             "at its position (1.18.2)", (1, 18, 2), None),
    "firework_tick_1_16": ("FireworkRocketEntity is a ProjectileEntity: a rocket attached to no entity sets its "
                           "Motion back after its move (a block met does not zero it), and its hit goes through "
                           "onCollision, where only a raycast block hit runs that block's onEntityCollision (1.16; "
                           "1.14-1.15.2 handleCollision runs it wherever the move collided, at the block hit or the "
                           "rocket's own cell)", (1, 16, 0), None),
    "firework_wall_no_speedup": ("FireworkRocketEntity.tick: a rocket attached to no entity whose last move collided "
                                 "horizontally keeps its horizontal Motion (x 1.0), not x 1.15 (1.16.4)",
                                 (1, 16, 4), None),
    "firework_ray_before_move": ("FireworkRocketEntity.tick: a rocket attached to no entity tests "
                                 "ProjectileUtil.getCollision from where it was, before its move (then "
                                 "tickBlockCollision), and handles a hit only while alive (1.21.2; was from where "
                                 "the move took it)", (1, 21, 2), None),
    "item_float_height": ("ItemEntity.tick floats an item in water or lava higher than 0.1F, not than its eye "
                          "height - 0.11111111F (1.20.5)", (1, 20, 5), None),
    "lava_push_in_water": ("Entity.updateWaterState pushes through lava while touching water too (1.16.2; 1.16 "
                           "and 1.16.1 skip the lava stage then, its height left 0)", (1, 16, 2), None),
    "in_lava_by_fluid_height": ("Entity.isInLava is a lava height the base tick found (1.16.2); before, a flag "
                                "FluidBlock.onEntityCollision sets in Entity.move's checkBlockCollision where the "
                                "box's bottom is below a lava block's surface, cleared before each check",
                                (1, 16, 2), None),
    "item_float_by_fluid_height": ("ItemEntity.tick floats an item touching water (in lava) whose fluid height "
                                   "exceeds its eye height - 0.11111111F (1.16.2); before, where the fluid in the "
                                   "cell at its eye Y - 0.11111111F reaches above that Y (Entity.isSubmergedIn)",
                                   (1, 16, 2), None),
    "lava_push": ("Entity.updateWaterState runs a lava stage after the water (updateMovementInFluid(LAVA): "
                  "0.0023333333333333335, 0.007 ultrawarm) and raises a slow entity's push to 0.0045 (1.16); "
                  "before, Entity.checkWaterState pushes through water alone, by 0.014 with no minimum, and no lava "
                  "height is kept", (1, 16, 0), None),
    "lava_flag_below_surface": ("FluidBlock.onEntityCollision sets Entity.inLava only where the box's bottom is "
                                "below the lava's surface (float)y + height, or that surface above its top (1.16); "
                                "before, in every lava cell Entity.checkBlockCollision visits", (1, 16, 0), None),
    "submerged_below_eye": ("Entity.isSubmergedIn (an item's buoyancy, an XP orb's swimming) tests the fluid of the "
                            "cell at the eye Y - 0.11111111F, whose surface (float)y + height must be above that Y "
                            "(1.16); before, the cell at the eye Y, eye Y < (float)y + height + 0.11111111F summed "
                            "in float", (1, 16, 0), None),
    "flow_own_levels": ("FlowableFluid.getVelocity compares the cells' own levels (FluidState.getHeight(): "
                        "level / 9.0F) (1.14.3); 1.14-1.14.2 their heights in the world (getHeight(world, pos): "
                        "1.0F under the same fluid)", (1, 14, 3), None),
    "fire_block_collision": ("fire burns in FireBlock.onEntityCollision (the block check; 1.16); before, "
                             "Entity.move's fire test after the velocity multiplier: where the box contracted by "
                             "0.001 meets fire or lava (World.doesAreaContainFireSource), a dry entity's fire ticks "
                             "+1 (8 s of fire at 0), then burn(1): damage IN_FIRE 1 unless fire-immune, in lava "
                             "too", (1, 16, 0), None),
    "item_lava_buoyancy": ("ItemEntity.tick floats an item submerged in lava (x 0.95F, +5.0E-4F; 1.16); before, "
                           "only water floats it (isInFluid(WATER)) and every 2 ticks of its age after a move into "
                           "another cell, else every 40, an item whose cell holds lava is thrown up: Motion "
                           "((nextFloat - nextFloat) x 0.2F, 0.2F, (nextFloat - nextFloat) x 0.2F), then a sound "
                           "draw", (1, 16, 0), None),
    "item_moves_when_needed": ("ItemEntity.tick moves an item on the ground only while it moves faster than "
                               "1.0E-5F squared horizontally or every 4 ticks ((age + id) % 4 == 0), the drag right "
                               "after the move, the lava hop's cells by floor (1.14.1); 1.14 moves every tick and "
                               "drags after the lava hop, its cells by (int) casts", (1, 14, 1), None),
    "item_bounces_only_falling": ("ItemEntity.tick multiplies an item's Motion Y on the ground by -0.5 only while it "
                                  "is below 0 (1.16.2); before, always (an item bounced up by a slime block is sent "
                                  "down again)", (1, 16, 2), None),
    "soul_sand_on_collision": ("SoulSandBlock.onEntityCollision multiplies the Motion by (0.4, 1.0, 0.4) in "
                               "Entity.checkBlockCollision, once per soul-sand cell the box shrunk by 0.001 "
                               "touches, and Entity.move has no velocity multiplier (1.12.2 BlockSoulSand: motionX "
                               "and motionZ x 0.4D; 1.14-1.14.4); 1.15 moves it to Block.getVelocityMultiplier, "
                               "read once after the block check at the position or 0.5 below it", OLDEST,
                               (1, 15, 0)),
    "slipperiness_one_below": ("LivingEntity.travel reads the slipperiness of the block at the box's bottom - 1.0 "
                               "(new BlockPos(x, minY - 1.0, z)), not at getVelocityAffectingPos (- 0.5000001): on "
                               "a block 0.5 to 1 high (soul sand, an enchanting table) the block under it counts "
                               "(1.14-1.14.4; 1.15 getVelocityAffectingPos)", OLDEST, (1, 15, 0)),
    "stepped_on_can_climb": ("Entity.move runs Block.onSteppedOn (a slime block's slowdown) only for an entity that "
                             "canClimb (MCP canTriggerWalking: not TNT, falling blocks, items, XP orbs, minecarts, "
                             "boats, arrows, fishing bobbers, end crystals, shulkers, guardians), as 1.12.2 and "
                             "1.13.2 on the motion fields (1.14-1.14.4; 1.15 every entity not sneaking)", OLDEST,
                             (1, 15, 0)),
    "sprint_stops_below_walking": ("ClientPlayerEntity.tickMovement stops a sprint (not swimming) where the forward "
                                   "input is below 0.8F (sneaking or drawing a bow: x 0.3, x 0.2) and counts a "
                                   "submerged player as walking only from 0.8 forward (1.14-1.14.1; 1.14.2-pre3 "
                                   "isWalking and hasForwardMovement: stops only without forward input)", OLDEST,
                                   (1, 14, 2)),
    "sneaking_pose_while_swimming": ("ClientPlayerEntity.isInSneakingPose holds for a swimming player too: one "
                                     "swimming where it cannot stand but can crouch is slowed (x 0.3) "
                                     "(1.14-1.14.1; 1.14.2-pre2 not while swimming)", OLDEST, (1, 14, 2)),
    "sneak_key_slows_input": ("KeyboardInput.tick slows the keys (x 0.3) while the sneak key is held, not only in "
                              "the sneaking pose: a swimming player, or one with no room to crouch, is slowed too "
                              "(1.14-1.14.4; 1.15 the pose alone)", OLDEST, (1, 15, 0)),
    "glide_start_by_server": ("ClientPlayerEntity.tickMovement asks the server to start a glide "
                              "(START_FALL_FLYING: a fresh jump press in the air while falling, an elytra on) and "
                              "the gliding flag comes back with the server's entity data, in a later tick the "
                              "client's timing decides: not simulated, such a press stops the run in one line "
                              "(1.14-1.14.4; 1.15 checkFallFlying on the client)", OLDEST, (1, 15, 0)),
    "move_control_jump_skips_doors": ("MoveControl.tick's jump test passes over a door or fence at the feet "
                                      "(BlockTags.DOORS, FENCES): a mob walking through an open door's cell does "
                                      "not jump (1.14.4-pre4; 1.14-1.14.3 jump inside any shape above the feet)",
                                      (1, 14, 4), None),
    "lava_travel_swim_height": ("LivingEntity.travel in lava multiplies the Motion by (0.5, 0.8F, 0.5) and applies "
                                "the fluid gravity (method_26317) while the lava height is at most the swim height, "
                                "else by 0.5 (1.16); before, by 0.5 on every axis with no fluid gravity",
                                (1, 16, 0), None),
    "jump_fluid_heights": ("LivingEntity.tickMovement's jump reads the lava height in lava and the swim height "
                           "(0.4, or 0 for an eye below 0.4), only where the entity swims in fluids (method_29920): "
                           "on the ground in shallow lava it jumps (1.16); before, the water height alone against "
                           "0.4: in lava (the inLava flag) it swims up (+0.04F) even on the ground", (1, 16, 0), None),
    "knockback_resistance_scales": ("LivingEntity.takeKnockback scales the strength by (1 - knockback resistance) "
                                    "as a float (1.16); before, one nextDouble of the entity's Random, below the "
                                    "resistance no knockback, else the whole strength", (1, 16, 0), None),
    "knockback_clamp_float": ("EntityLivingBase.knockBack caps an entity on the ground at motionY "
                              "0.4000000059604645D, the float 0.4F (1.12.2 and 1.13.2; 1.14 takeKnockback's "
                              "Math.min(0.4, ..), the double)", OLDEST, (1, 14, 0)),
    "glide_levitation_check": ("Levitation stops a glide: LivingEntity.initAi (tickFallFlying) keeps the gliding "
                               "flag only without it, and PlayerEntity.checkFallFlying starts no glide under it "
                               "(1.16); before, neither tests it", (1, 16, 0), None),
    "glide_start_off_climbable": ("ClientPlayerEntity.tickMovement starts a glide (checkFallFlying) on a fresh jump "
                                  "press only where the player is not climbing (1.15.2); before, on a ladder or "
                                  "vine too", (1, 15, 2), None),
    "double_tap_reset_sneaking": ("ClientPlayerEntity.tickMovement clears the double tap's ticks "
                                  "(ticksLeftToDoubleTapSprint) where the sneak key was held at the tick's start "
                                  "(1.16); before, only while an item is used off a vehicle", (1, 16, 0), None),
    "sneak_edge_near_ground": ("PlayerEntity.adjustMovementForSneaking also holds a sneaking player off the ground "
                               "within its step height of a floor (method_30263: the fall distance below the step "
                               "height and the box lowered by the step height - fall distance meets a shape) "
                               "(1.16.2); before, on the ground only (1.12.2-1.16.1; 1.12.2's probe through "
                               "World.getCollisionBoxes' list: collision_aabb_lists)", (1, 16, 2), None),
    "shulker_tick_1_15": ("ShulkerEntity.tick of 1.15.2 keeps its attachment while the block on its attached face "
                          "is top-solid and else tries the six faces in Direction order (1.16: canStay and "
                          "findAttachSide): not compared, a shulker's tick stops the run in one line", OLDEST,
                          (1, 16, 0)),
    "blast_protection_linear": ("blast protection I·(1 − 0.15·L) instead of I − ⌊0.15·I·L⌋ (spec 04 §15)",
                                (1, 20, 0), None),
    "raycast_world_border": ("ProjectileUtil.getCollision raycasts with getCollisionsIncludingWorldBorder: a path "
                             "that starts inside the world border and ends outside it hits the border, at the end "
                             "point clamped into it (1.21.2)", (1, 21, 2), None),
    "item_entity_world_random": ("new ItemEntity(world, x, y, z, stack) draws its Motion from the world's Random; "
                                 "the item's own Random draws its uniqueOffset and yaw in the entity type's "
                                 "constructor, every item's, summoned ones too (1.17)", (1, 17, 0), None),
    "xp_orb_merging": ("ExperienceOrbEntity: every 20 ticks of its age (age % 20 == 1) an orb takes in the orbs of "
                       "its value within its box expanded by 0.5 whose id differs from its own by a multiple of 40 "
                       "(Count, the lower age); ExperienceOrbEntity.spawn first adds to such an orb within a 1-block "
                       "box (a world Random draw below 40); no pickup delay, no burn-sound draw in lava; the player "
                       "search runs there, not by lastTargetUpdateTick and the id, and a dead target is dropped "
                       "(1.17)",
                       (1, 17, 0), None),
    "world_height_1_18": ("the 1.18 overworld spans y -64..319 (DimensionType min_y -64, height 384; the nether "
                          "and the end keep 0..255): the void removes entities below its bottom - 64 and falling "
                          "blocks drop outside it (1.18)", (1, 18, 0), None),
    "falling_block_tick_1_12": ("EntityFallingBlock.onUpdate: gravity (double)0.04F on motionY alone, drag "
                                "0.98F, on the ground 0.7F and -0.5; a landing whose block at posY - 0.01 can be "
                                "fallen through (BlockFalling.canFallThrough: fire, air, water, lava) keeps falling "
                                "(onGround false, no drag that tick) (1.12.2 and 1.13.2)", OLDEST,
                                (1, 14, 0)),
    "fall_through_1_12": ("BlockFalling.canFallThrough: air, fire, water and lava only, so a falling block whose "
                          "position is over grass or another replaceable block lands there, and is placed above one "
                          "(1.12.2; 1.13.2 adds any liquid or replaceable material, as 1.14)", OLDEST, (1, 13, 0)),
    "item_tick_1_12": ("EntityItem.onUpdate: motionY -= (double)0.04F, the push out of blocks every tick, the move "
                       "every tick (no 4-tick rule), a lava kick (Random: the Motion's four floats and the burn "
                       "sound's) and the merge with other items (searchForOtherItemsNearby; 1.14: every 2 ticks "
                       "after a move into another cell, else every 40) where the (int)-truncated cell changed or "
                       "ticksExisted % 25 == 0, X and Z x 0.98F "
                       "(on the ground x the slipperiness of the block at floor(minY) - 1, a float product), Y x "
                       "(double)0.98F, on the ground Y x -0.5 whatever its sign; no floating in water (1.12.2; 1.13.2 "
                       "the same but for floating where its eyes are in water, 1.14's applyBuoyancy: "
                       "water_material_acceleration off)", OLDEST, (1, 14, 0)),
    "push_out_1_12": ("Entity.pushOutOfBlocks tries the faces WEST, EAST, NORTH, SOUTH, UP (1.14: NORTH, SOUTH, "
                      "WEST, EAST, UP), so a tie goes to the west or east face; a box in blocks is one that a "
                      "collision box intersects (World.collidesWithAnyBlock) (1.12.2 and 1.13.2, whose collision "
                      "test is 1.14's VoxelShapes: collision_aabb_lists off)", OLDEST,
                      (1, 14, 0)),
    "xp_orb_tick_1_12": ("EntityXPOrb.onUpdate: motionY -= (double)0.03F always (no water movement), on the ground Y "
                         "x (double)-0.9F; an orb made by EntityXPOrb(World) (summoned or loaded: a scene's) is "
                         "0.25 x 0.25, not 0.5 x 0.5; the pull towards the player adds (d/8) / |d/8| x (1 - |d/8|)^2 "
                         "x 0.1 to each motion field, the player's getEyeHeight (1.12.2 and 1.13.2, which floats "
                         "where its eyes are in water: water_material_acceleration off)", OLDEST, (1, 14, 0)),
    "water_material_acceleration": ("Entity.handleWaterMovement: World.handleMaterialAcceleration over the box shrunk "
                                    "by 0.4 at the top and bottom (re-sorted where that inverts it) and by 0.001, "
                                    "every water block in its cells counted (no depth), BlockLiquid.getFlow on "
                                    "integer levels (its downward current: full blocks but glass, glowstone, sea "
                                    "lanterns, beacons, pistons, leaves and ice), the sum normalized x 0.014 (items: "
                                    "their whole box, no fall reset; XP orbs: their whole box, not inWater); no lava "
                                    "push; TNT and falling blocks never run the base tick; items and XP orbs do not "
                                    "float (1.12.2; the fluid states of 1.13)", OLDEST, (1, 13, 0)),
    "fluid_height_level_only": ("IFluidState.getHeight is level / 9.0F alone, no 1.0F under the same fluid: the "
                                "water push's depths, the eye-in-water test and the flow; falling water flows down "
                                "beside a side that causesDownwardCurrent as 1.12.2's BlockLiquid (not ice, not the "
                                "piston-attachment exceptions: glass, glowstone, leaves, ...; a SOLID face) (1.13.2; "
                                "1.14 getHeight(world, pos) and Block.isSolidFullSquare)", OLDEST, (1, 14, 0)),
    "in_lava_material_box": ("Entity.isInLava: World.isMaterialInBB(LAVA) over the box shrunk by 0.1 on X and Z and "
                             "0.4 at the top and bottom (re-sorted where that inverts it), read by the base tick "
                             "(1.12.2 and 1.13.2; 1.14 the inLava flag of the block check)", OLDEST, (1, 14, 0)),
    "block_collisions_1_12": ("Entity.doBlockCollisions: of the blocks modelled only cobwebs act (setInWeb, as "
                              "slowMovement); fire has no onEntityCollidedWithBlock: Entity.move's fire test deals 1 "
                              "IN_FIRE damage where fire or lava is in the cells floor(min)..ceil(max) - 1 of the box "
                              "shrunk by 0.001 (World.isFlammableWithin) and, when not wet, adds a fire tick (8 s of "
                              "fire at 0) (1.12.2 and 1.13.2; 1.13.2 adds the fire tick before the damage, which no "
                              "modelled entity's damage reads)", OLDEST, (1, 14, 0)),
    "thrown_tick_1_12": ("EntityThrowable.onUpdate: World.rayTraceBlocks against the blocks' bounding (selection) "
                         "boxes, no 1.0E-7 margins (a fence's is 1.0 high, its collision box 1.5); every collidable "
                         "entity in the box stretched by the motion and grown by 1.0 is a target (no owner test: "
                         "the first-tick ignoreEntity needs a living thrower), the nearest kept where d1 < d0 || "
                         "d0 == 0.0; no checkBlockCollision (1.12.2 and 1.13.2, whose rays are "
                         "ray_trace_voxel_shapes')", OLDEST, (1, 14, 0)),
    "arrow_tick_1_12": ("EntityArrow.onUpdate: the block ray passes blocks without a collision box and meets the "
                        "others' bounding boxes (a fence's 1.0 high); the in-ground test reads the stored tile "
                        "(xTile/yTile/zTile) and its collision bounding box (contains: strict); a block hit stores "
                        "the tile, sets motion := (float)(hit − position) and backs the position off by motion / "
                        "(float)|motion| × 0.05000000074505806; the release tests only blocks in the box grown by "
                        "0.05; an unhurt target bounces it × −0.10000000149011612, removed below speed² "
                        "0.0010000000474974513 (1.12.2 and 1.13.2, whose arrow_tick_1_13 changes the tests)",
                        OLDEST, (1, 14, 0)),
    "arrow_tick_1_13": ("EntityArrow.tick of 1.13.2 on 1.12.2's: the in-ground test reads every box of the tile's "
                        "collision VoxelShape (a fence's 1.5 high), a stuck arrow is released where the tile holds "
                        "another block state (a fence's connections count) and no collision shape meets the box "
                        "grown by 0.05; the block ray is ray_trace_voxel_shapes' passing blocks without a collision "
                        "shape; a block hit backs the position off by motion / (float)(|motion| × 20.0F) (1.13.2)",
                        (1, 13, 0), (1, 14, 0)),
    "trident_bounce_float": ("EntityTrident's entity hit (func_203046_b): Motion × (-0.009999999776482582, "
                             "-0.10000000149011612, -0.009999999776482582), the float literals -0.01F and -0.1F "
                             "widened (1.13.2; 1.14 TridentEntity.onEntityHit multiplies by the doubles -0.01 and "
                             "-0.1)", (1, 13, 0), (1, 14, 0)),
    "fireball_ray_1_12": ("EntityFireball.onUpdate's ProjectileHelper.forwardsRaycast: World.rayTraceBlocks("
                          "position, position + motion, false, true, false), blocks without a collision box passed "
                          "and the others met by their bounding boxes (a fence's 1.0 high; 1.13.2 by outline "
                          "VoxelShapes: ray_trace_voxel_shapes), not 1.14's collision-shape raycast; the entity test "
                          "of EntityThrowable (calculateIntercept; 1.13.2 AxisAlignedBB.rayTrace); 1.13.2's box test "
                          "meets solid entities without the 1.0E-7 margin (1.12.2 and 1.13.2)", OLDEST, (1, 14, 0)),
    "llama_spit_tick_1_12": ("EntityLlamaSpit.onUpdate: World.rayTraceBlocks(position, position + motion) (blocks "
                             "without a collision box met too, bounding boxes; 1.13.2: ray_trace_voxel_shapes) and "
                             "every entity but the owner met by calculateIntercept (1.13.2 AxisAlignedBB.rayTrace); "
                             "any hit removes the spit (1.14: a block hit only; the owner, an EntityLlama found by "
                             "UUID, is none here: no damage); gone where no cell floor(min)..ceil(max) - 1 of its box "
                             "holds air (isMaterialInBB; 1.14: floor(max) inclusive) (1.12.2 and 1.13.2)",
                             OLDEST, (1, 14, 0)),
    "minecart_float_literals": ("EntityMinecart.onUpdate on the motion fields with float literals widened to "
                                "double: gravity motionY -= 0.03999999910593033 ((double)0.04F; X and Z untouched), "
                                "off rails in the air x 0.949999988079071 (0.95F), applyDrag x 0.996999979019165 "
                                "ridden and 0.9599999785423279 empty (0.997F, 0.96F), a cart pushing a cart keeps "
                                "0.20000000298023224 (0.2F) of each Motion (1.12.2 and 1.13.2; 1.14: double "
                                "literals)", OLDEST, (1, 14, 0)),
    "minecart_height_gain_divided": ("EntityMinecart.moveAlongTrack applies the speed gained from the height lost as "
                                     "motion / speed x (speed + gain), not motion x ((speed + gain) / speed) (another "
                                     "rounding), and a braking powered rail stops a cart slower than 0.03 by motion x "
                                     "0.0, the signs kept (1.12.2 and 1.13.2; Vec3d.ZERO from 1.14)",
                                     OLDEST, (1, 14, 0)),
    "minecart_rider_forward_push": ("EntityMinecart.moveAlongTrack: a living rider whose moveForward is above 0 "
                                    "pushes a cart slower than 0.1 by 0.1 along its yaw (-Math.sin, Math.cos of "
                                    "the float radians, in double), not a player by 0.1 x its Motion (1.12.2: any "
                                    "living rider; 1.13.2 a player only: minecart_living_rider_push)",
                                    OLDEST, (1, 14, 0)),
    "minecart_living_rider_push": ("EntityMinecart.moveAlongTrack's forward push reads the moveForward of any "
                                   "living rider (EntityLivingBase: a mob walking to its target pushes its cart), "
                                   "not of a riding player alone (1.12.2; 1.13.2 a player only)", OLDEST, (1, 13, 0)),
    "dismount_blocks_only": ("EntityLivingBase.dismountEntity tests the rider's spots against block collision boxes "
                             "alone (World.collidesWithAnyBlock: no entity, no world border; the water below by "
                             "Material.WATER) and, beside a boat, the rider's own box, not its union with the "
                             "boat's, so a rider steps off a boat beside it (1.12.2; 1.13.2's "
                             "isCollisionBoxesEmpty is 1.14's)", OLDEST, (1, 13, 0)),
    "dismount_top_solid_material": ("the dismount spot's solid-top tests are IBlockState.isTopSolid (an opaque "
                                    "material and a full cube: not glass, stained glass, glowstone, sea lantern, "
                                    "beacon, TNT, leaves, ice, frosted ice, shulker boxes, a moving piston; soul "
                                    "sand yes), not hasSolidTopSurface of the collision shape (1.12.2, 1.13.2)",
                                    OLDEST, (1, 14, 0)),
    "boat_liquid_height_1_12": ("EntityBoat reads the water through BlockLiquid.getLiquidHeight and "
                                "getBlockLiquidHeight: 1.0F where a source or falling block (LEVEL & 7 == 0) has "
                                "water above, else 1.0F - (LEVEL + 1) / 9.0F in float, a falling LEVEL counted as 0 "
                                "(flowing water of LEVEL 2 and 4-7 an ulp off 1.14's amount / 9.0F, flowing water "
                                "under water not full) (1.12.2; 1.13.2: IFluidState.getHeight(), "
                                "fluid_height_level_only)", OLDEST, (1, 13, 0)),
    "boat_water_level_above_absolute": ("EntityBoat.getWaterLevelAbove takes the maximum of y + "
                                        "IFluidState.getHeight() and compares it with 1.0F, so water in any layer "
                                        "from y 1 up is full: a boat falling into water is put on the first layer "
                                        "of its search holding no water (1.13.2; 1.12.2 and 1.14: the height "
                                        "alone)", (1, 13, 0), (1, 14, 0)),
    "move_relative_float": ("Entity.moveRelative(strafe, up, forward, friction): nothing below a squared length "
                            "of 1.0E-4F; else the three inputs x friction / max(1, MathHelper.sqrt), turned by the "
                            "yaw's sine-table sin and cos, all in float, each sum cast to double onto motionX/Y/Z "
                            "(1.12.2 and 1.13.2; the Vec3d movementInputToVelocity in double from 19w08b)",
                            OLDEST, (1, 14, 0)),
    "ground_accel_by_drag": ("EntityLivingBase.travel: the ground acceleration is the AI move speed x 0.16277136F / "
                             "(slipperiness x 0.91F)^3 in float (1.12.2 and 1.13.2, whose factor is 0.16277137F: "
                             "ground_accel_1_13; 1.14+: 0.21600002F / slipperiness^3, other float roundings)",
                             OLDEST, (1, 14, 0)),
    "ground_accel_1_13": ("EntityLivingBase.travel's ground acceleration factor is 0.16277137F, not 1.12.2's "
                          "0.16277136F (another float; 1.13.2, with ground_accel_by_drag)", (1, 13, 0), (1, 14, 0)),
    "climbing_1_12": ("EntityLivingBase.travel on a ladder or vine: motionY below -0.15D becomes -0.15D (the double, "
                      "not (double)0.15F), and only a horizontal collision climbs (motionY 0.2; 1.14+: jumping "
                      "too) (1.12.2 and 1.13.2)", OLDEST, (1, 14, 0)),
    "water_travel_1_12": ("EntityLivingBase.travel in water: x 0.8F (no sprinting 0.9F), motionY x "
                          "0.800000011920929D, then -0.02D (no fluid gravity, no -0.003 rule); no swimming "
                          "(1.12.2; 1.13 adds swimming)", OLDEST, (1, 13, 0)),
    "water_travel_no_climb": ("EntityLivingBase.travel in water: a horizontal collision on a ladder or vine does "
                              "not climb (1.12.2 and 1.13.2; 1.14 sets Y to 0.2 after the move)", OLDEST, (1, 14, 0)),
    "jump_in_fluid_flags": ("EntityLivingBase.onLivingUpdate's jump: in water (the inWater flag) motionY += "
                            "0.03999999910593033D whatever the depth and on the ground too, else in lava the same, "
                            "else a jump on the ground (1.12.2; 1.13.x not compared)", OLDEST, (1, 13, 0)),
    "jump_boost_in_motion": ("EntityLivingBase.jump: motionY = (double)0.42F, then += (double)(0.1F x level): the "
                             "Jump Boost added in double (1.12.2 and 1.13.2; 1.14-1.17 add it in float, as "
                             "1.20+)", OLDEST, (1, 14, 0)),
    "elytra_gravity_literal": ("EntityLivingBase.travel's glide: motionY += -0.08D + (double)f4 x 0.06D (1.12.2; "
                               "1.14+: d x (-1.0 + f4 x 0.75), other roundings; 1.13.x not compared)",
                               OLDEST, (1, 13, 0)),
    "player_client_1_12": ("EntityPlayer.updateSize and EntityPlayerSP.onLivingUpdate: no poses — 0.6 x 1.8 "
                           "standing, 0.6 x 1.65 sneaking (the sneak key), 0.6 x 0.6 gliding, each taken where its "
                           "box (from the minimum corner) meets no collision box (World.collidesWithAnyBlock), eye "
                           "heights 1.62F, 1.62F - 0.08F, 0.4F; the sneak slowdown reads the key; no swimming and no "
                           "sinking while sneaking in water; a sprint starts with the sprint key in water too and "
                           "stops below a forward input of 0.8F (1.14+: none above 1.0E-5F); a glide starts only "
                           "when the server's flag comes back (refused) (1.12.2; 1.13.2's sizes and swimming: "
                           "player_client_1_13; poses from 1.14)", OLDEST, (1, 13, 0)),
    "player_client_1_13": ("EntityPlayer.updateSize, getEyeHeight and EntityPlayerSP.onLivingUpdate of 1.13.2: no "
                           "poses — 1.12.2's sizes (0.6 x 1.65 while the sneak key is held, eye 1.62F - 0.08F) and "
                           "0.6 x 0.6 swimming or gliding (eye 0.4F), each taken where its box from the minimum "
                           "corner meets no block's collision shape (isCollisionBoxesEmpty, no entity), else the "
                           "height kept; the sneak key alone slows the keys (x 0.3D); swimming, sinking and the "
                           "sprint rules as 1.14-1.14.1 (1.14: the poses, crouching 1.5 high)", (1, 13, 0),
                           (1, 14, 0)),
    "move_control_1_12": ("EntityMoveHelper.onUpdateMoveHelper: the yaw is (float)(MathHelper.atan2 x (180D / "
                          "Math.PI)) - 90.0F, the double 57.29577951308232 (1.12.2; 1.13.2 and 1.14+: (double)(180F "
                          "/ pi), 57.2957763671875)", OLDEST, (1, 13, 0)),
    "move_control_jump_by_step": ("EntityMoveHelper.onUpdateMoveHelper asks a jump only where the target is more "
                                  "than the step height up within max(1, width): none for a mob standing inside a "
                                  "block's shape (1.12.2 and 1.13.2; 1.14 MoveControl.tick tests the shape at the "
                                  "feet too)", OLDEST, (1, 14, 0)),
    "pearl_owner_living": ("EnderPearlEntity.onCollision teleports its owner only when it is a living entity "
                           "(ThrownEntity.owner a LivingEntity; 1.12.2 EntityThrowable.getThrower): a pearl owned "
                           "by a TNT or any other entity teleports nothing (1.12.2, 1.15.2; 1.16 any Entity)",
                           OLDEST, (1, 16, 0)),
    "falling_block_spawn_from_block": ("FallingBlockEntity.spawnFromBlock: the entity at the cell's floor, not "
                                       "lifted by (1 - 0.98F) / 2F, the block replaced by its fluid at once (no "
                                       "longer waterlogged in the entity); its first tick no longer checks the "
                                       "source block (1.18.2)", (1, 18, 2), None),
    "falling_block_top_inclusive": ("FallingBlockEntity.tick drops a block above getTopYInclusive (the top row), "
                                    "not above getTopY (one higher) (1.21.2)", (1, 21, 2), None),
    "concrete_landing_side_water": ("ConcretePowderBlock.onLanding hardens a powder that lands beside water "
                                    "(shouldHarden: hardensOnAnySide, a side other than below holding water whose "
                                    "face toward it is not a full square), not only one landing in water (1.15)",
                                    (1, 15, 0), None),
    "item_push_out_contracted": ("ItemEntity.tick tests the box contracted by 1.0E-7 for free space before pushing "
                                 "the item out of blocks (1.17)", (1, 17, 0), None),
    "random_triangular": ("a projectile's spread (ProjectileEntity.setVelocity), a dispensed item's Motion and a "
                          "dispensed fire charge's direction draw Random.nextTriangular(mode, 0.0172275 × "
                          "divergence) instead of mode + nextGaussian × 0.0075F × divergence; a fishing bobber's "
                          "cast (nextTriangular(0.5, 0.0103365)) and a firework rocket's start Motion "
                          "(nextTriangular(0.0, 0.002297)) too (1.19)",
                          (1, 19, 0), None),
    "dispenser_projectile_items": ("ProjectileDispenserBehavior with the ProjectileItem settings: a projectile "
                                   "0.1 above the output location, aimed along the facing without the 0.1F lift; "
                                   "a fire charge 1.0 from the cell centre (1.20.5)", (1, 20, 5), None),
    "projectile_deflection": ("a projectile that hits a ghast fireball redirects it along its own owner's look, "
                              "normalised (ProjectileDeflection.REDIRECTED, onDeflected); Entity.damage no longer "
                              "deflects it; an arrow that deals no damage turns by a random angle "
                              "(ProjectileDeflection.SIMPLE: one nextFloat, Motion × -0.5) and slows × 0.2 "
                              "(1.20.5)", (1, 20, 5), None),
    "fireball_acceleration_power": ("ExplosiveProjectileEntity accelerates along its Motion, normalised × "
                                    "accelerationPower (0.1, NBT acceleration_power), not by the fixed power "
                                    "vector; a launch sets the Motion, not the power (1.21)", (1, 21, 0), None),
    "fireball_tick_1_21_2": ("ExplosiveProjectileEntity.tick: the acceleration and drag first, then the raycast "
                             "along the new Motion and the move to the hit or by the Motion, tickBlockCollision, "
                             "the base tick, then the hit (1.21.2)", (1, 21, 2), None),
    "wind_charge_top_inclusive": ("AbstractWindChargeEntity.tick bursts a wind charge whose block Y is above "
                                  "getTopYInclusive + 30 (the top row), not above getTopY + 30 (one higher) "
                                  "(1.21.2)", (1, 21, 2), None),
    "explosion_add_velocity": ("ExplosionImpl.damageEntities pushes through Entity.addVelocity, not "
                               "setVelocity(getVelocity().add(..)): a wind charge "
                               "(AbstractWindChargeEntity.addVelocity does nothing) keeps its Motion (1.21.4; 1.21.7, "
                               "1.21.8 Entity.push, 1.21.11 the same)", (1, 21, 4), None),
    "explosion_normalized_direction": ("ServerExplosion.hurtEntities: the push direction is Vec3.normalize of eye - "
                                       "centre, zero below a length of 1.0E-5F, and an entity whose eye (a TNT's "
                                       "position) is the centre takes exposure, damage and a zero push instead of "
                                       "being passed over (1.21.9, 1.21.10 and 1.21.11 read; 1.21.8: 1.21.3's)",
                                       (1, 21, 9), None),
    "explosion_sets_projectile_owner": ("ServerExplosion.hurtEntities sets the owner of a projectile of the "
                                        "redirectable_projectile tag (fireball, wind charge, breeze wind charge) to "
                                        "the explosion's attacker: not simulated, an explosion reaching one stops the "
                                        "run in one line (1.21.9, 1.21.10 and 1.21.11 read; 1.21.8 keeps the "
                                        "owner)",
                                        (1, 21, 9), None),
    "explosion_preserves_decorations": ("ExplosionImpl.preservesDecorativeEntities: armor stands, items and leash "
                                        "knots are immune to an explosion whose source entity is a wind charge or "
                                        "touches water (1.21.2)", (1, 21, 2), None),
    "supporting_block": ("Entity.move keeps the supporting block (updateSupportingBlockPos: the colliding block "
                         "under the feet nearest the position); getLandingPos and getVelocityAffectingPos "
                         "(0.500001F; items and XP orbs 0.999999F, also for their slipperiness) read its column; "
                         "a piston's honey drag carries an entity it supports, its box top 1.5000010000000001 "
                         "(1.20)", (1, 20, 0), None),
    "block_collision_deflate_1e7": ("Entity.checkBlockCollision visits the cells of the box deflated by 1.0E-7, "
                                    "not 0.001 (1.19.3)", (1, 19, 3), None),
    "fire_check_contract_1e6": ("Entity.move's fire test (fireTicks reset out of fire and lava) takes the box "
                                "contracted by 1.0E-6, not 0.001 (1.17)", (1, 17, 0), None),
    "powder_snow_soft_landing": ("PowderSnowBlock.onLandedUpon plays a fall sound instead of Block's fall damage "
                                 "(1.18; 1.17-1.17.1 hurt an entity landing on powder snow)", (1, 18, 0), None),
    "powder_snow_climb_was_in": ("LivingEntity.travel: an entity in leather boots climbs powder snow (Y 0.2 on a "
                                 "horizontal collision or a jump) where it was in powder snow at the tick's start "
                                 "(wasInPowderSnow), not where its position's block is powder snow (1.21.7; "
                                 "1.21.5-1.21.6 not read)", (1, 21, 7), None),
    "move_fall_reset_raycast": ("Entity.move: a move of length² ≥ 1 with a fall distance raycasts along it "
                                "(RaycastContext.ShapeType.FALLDAMAGE_RESETTING: climbable blocks, sweet berry "
                                "bushes, cobwebs; FluidHandling.WATER); a hit resets the fall distance "
                                "(onLanding) (1.18.2)", (1, 18, 2), None),
    "tick_block_collision": ("Entity.tickBlockCollision: onSteppedOn, checkBlockCollision and the fire test leave "
                             "Entity.move for the tick (right after a move of its own or a piston's), the cells "
                             "of the box contracted by 1.0E-5F, swept along the tick's path when it is 0.99999F "
                             "or longer (BlockView.collectCollisionsBetween), each once; fire ticks reset unless "
                             "a fire or lava block was met; a living entity's runs once after travel, in "
                             "LivingEntity.tickMovement (1.21.2)", (1, 21, 2), None),
    "fire_block_1_21_2": ("AbstractFireBlock.onEntityCollision adds a fire tick only below 0 and sets 8 s of fire "
                          "at 0 or above (was: one more tick, 8 s when that reaches 0) (1.21.2)", (1, 21, 2), None),
    "apply_effects_from_blocks": ("Entity.applyEffectsFromBlocks replaces tickBlockCollision: Entity.move records "
                                  "each movement, and the tick walks them in order, an axis-independent one axis by "
                                  "axis (Y first), the box at each step's end (forEachBlockIntersectedBetween: no "
                                  "1.0E-7 nudge, a step index per cell, each cell once a tick); the fluids' "
                                  "entityInside act along it (water puts out, lava ignites and hurts: no longer in "
                                  "the base tick), and fire, lava and extinguishing are applied after the walk by "
                                  "InsideBlockEffectApplier.StepBasedCollector, per step in effect-type order; fire "
                                  "ticks reset unless on fire or increased (1.21.7)", (1, 21, 7), None),
    "bubble_column_above_no_collision": ("BubbleColumnBlock.entityInside takes the surface rule where the block "
                                         "above has no collision shape and no fluid (was: is air) (1.21.7 and "
                                         "the 25w02a snapshot of 1.21.5 read; 1.21.5-1.21.6 refused by the "
                                         "block_effects row)", (1, 21, 5), None),
    "block_walk_step_budget": ("Entity.checkInsideBlocks walks an axis-independent movement in the axis order of "
                               "the movement wanted before collisions, with a budget of 16 step indices per "
                               "movement (spent: the box at its end alone); forEachBlockIntersectedBetween gives "
                               "the cells of the box at the start of any move of 1.0E-5F or more, then follows "
                               "the box's getFurthestCorner, counting only the cells it enters, uncapped; the "
                               "bubble column acts only on a long step or a box in its cell (1.21.10; 1.21.11 the "
                               "same)", (1, 21, 10), None),
    "piston_move_unstuck": ("Entity.move: a piston's move is not scaled by the stuck multiplier (cobweb, berry "
                            "bush), which is still cleared with the Motion (1.21.10; 1.21.11 the same; "
                            "1.21.9 read: scaled)",
                            (1, 21, 10), None),
    "push_away_double_sqrt": ("Entity.pushAwayFrom divides by Math.sqrt in double, not MathHelper.sqrt's float "
                              "(1.17)", (1, 17, 0), None),
    "minecart_water_drag": ("a minecart touching water: gravity 0.005 (not 0.04), at most 0.2 per axis and tick "
                            "(getMaxSpeed (4.0 or 8.0) / 20.0), slope pull 0.0078125 x 0.2, applySlowdown then "
                            "x 0.95F (AbstractMinecartEntity, 1.17)", (1, 17, 0), None),
    "boat_fall_distance_float": ("BoatEntity.fall adds the fall in float, fallDistance -= (float)heightDifference, "
                                 "not (float)(fallDistance - heightDifference) (1.18.2)", (1, 18, 2), None),
    "tnt_minecart_blast_primes": ("VehicleEntity.damage: a fire or explosion source kills a TNT minecart at once "
                                  "(shouldAlwaysKill), so any blast that damages it primes it with the fuse "
                                  "nextInt(20) + nextInt(20), however small its wobble (1.20.3)", (1, 20, 3), None),
    "boat_gravity_double": ("BoatEntity.updateVelocity: gravity the double 0.04 (getGravity), not (double)-0.04F, "
                            "and the buoyancy (waterLevel - y) / height x getGravity() / 0.65, not x 0.06153846F "
                            "(1.20.5)", (1, 20, 5), None),
    "boat_water_entry_space_check": ("BoatEntity.updateVelocity puts a boat falling into water on the surface only "
                                     "where its box fits there (World.isSpaceEmpty); the location becomes IN_WATER "
                                     "either way (1.21)", (1, 21, 0), None),
    "boat_fall_never_breaks": ("AbstractBoatEntity.fall: a boat landing on land after more than 3 blocks no longer "
                               "breaks (1.21.2)", (1, 21, 2), None),
    "minecart_controller_1_21_2": ("DefaultMinecartController.tick: the yaw and pitch kept modulo 360 after the "
                                   "flip (Java float %), and handleCollision boards and pushes from a horizontal "
                                   "speed squared >= 0.01 (was > 0.01) (1.21.2)", (1, 21, 2), None),
    "knockback_double": ("LivingEntity.takeKnockback keeps the strength × (1 − knockback resistance) in double and "
                         "normalises the direction with the double Vec3d.normalize (1.17)", (1, 17, 0), None),
    "jump_boost_double": ("LivingEntity.jump adds the Jump Boost modifier to the jump velocity in double "
                          "(getJumpBoostVelocityModifier, 1.17.1); 1.20 adds them in float again inside "
                          "getJumpVelocity", (1, 17, 1), (1, 20, 0)),
    "swim_start_in_water_block": ("Entity.updateSwimming starts swimming only where the block at the feet holds "
                                  "water (1.17.1)", (1, 17, 1), None),
    "sprint_soft_collision": ("a player keeps sprinting after a horizontal collision within 8 degrees of the "
                              "movement input (Entity.collidedSoftly, ClientPlayerEntity.hasCollidedSoftly, 1.18)",
                              (1, 18, 0), None),
    "sprint_air_speed_float": ("a sprinting player's speed in the air is 0.02F + 0.006F added in float "
                               "(airStrafingSpeed += 0.006F), not (float)(0.02F + 0.005999999865889549) (1.18.2; "
                               "1.19.4 reads 0.025999999F, the old value)", (1, 18, 2), (1, 19, 4)),
    "passenger_attachment_points": ("a rider is placed at its vehicle's passenger attachment point (height; a "
                                    "boat's height / 3.0F, a minecart's 0.1875F) plus its own riding offset, a float "
                                    "(player -0.6F, zombie -0.7F), not y + mounted height offset + height offset "
                                    "(Entity.getPassengerRidingPos, getRidingOffset, 1.20.2); a living vehicle's "
                                    "points are not compared: a living entity carrying another stops the run in one "
                                    "line", (1, 20, 2), None),
    "vehicle_attachment_points": ("a rider is placed at its vehicle's passenger attachment point less its own "
                                  "vehicle attachment point (a player's 0.6, not -0.6F), a boat's seat turned by "
                                  "Vec3d.rotateY (Entity.getVehicleAttachmentPos, EntityAttachments, 1.20.5)",
                                  (1, 20, 5), None),
    "dismount_vehicle_spots": ("LivingEntity.onDismounted puts the rider where its vehicle's "
                               "updatePassengerForDismount says (1.16); before (1.14-1.15.2 read), beside any "
                               "vehicle but a boat on one of the nine cells around the rider's own (the vehicle's "
                               "movement direction and its clockwise turn) whose box is free, over solid ground (the "
                               "last of them, or at once one with a solid top at the rider's feet), else on its top; "
                               "beside a boat at (half the two widths) + 0.4 ahead along the rider's yaw",
                               (1, 16, 0), None),
    "dismount_boat_clear_of_boat": ("the pre-1.16 LivingEntity.onDismounted tests the rider's box beside a boat at "
                                    "its top + 0.001, then + 1.001, not colliding with anything but the boat, else "
                                    "on the boat's body top + 0.001 (1.15); 1.14-1.14.4 (method_6038) tests the "
                                    "union of the rider's and the boat's boxes, which the boat itself always fills, "
                                    "so the rider lands at the boat's y + the rider's height + 0.001",
                                    (1, 15, 0), (1, 16, 0)),
    "dismount_portal_on_top": ("the pre-1.16 LivingEntity.onDismounted puts the rider of a vehicle whose cell is a "
                               "portal on the vehicle's body top + 0.001 (1.15; 1.14-1.14.4 have no portal case)",
                               (1, 15, 0), (1, 16, 0)),
    "boat_dismount_passenger_yaw": ("BoatEntity.updatePassengerForDismount offsets the rider beside the boat in the "
                                    "direction of the rider's yaw, not the boat's; copyEntityData sets that yaw as "
                                    "(yaw + g) - f (1.17)", (1, 17, 0), None),
    "boat_dismount_block_heights": ("BoatEntity.updatePassengerForDismount tests canDismountInBlock on each cell's "
                                    "own dismount height and adds the lower cell's height to its own level, not both "
                                    "to the top cell's (1.17)", (1, 17, 0), None),
    "ridden_dead_vehicle_skips_tick": ("Entity.updateRidden: the rider of a dead vehicle dismounts instead of its "
                                       "own tick (1.12.2 and 1.13.2, read); from 1.14 Entity.tickRiding ticks it and "
                                       "its baseTick dismounts it before it moves", OLDEST, (1, 14, 0)),
    "dismount_removed_vehicle_in_place": ("LivingEntity.onDismounted leaves the rider of a removed vehicle (or one "
                                          "in a portal) at its x and z, at the higher of its and the vehicle's y, "
                                          "not on the vehicle's top (1.17)", (1, 17, 0), None),
    "dismount_closest_free_spot": ("LivingEntity.onDismounted moves the rider left by a removed vehicle to the "
                                   "closest point free of block collisions (World.findClosestCollision): its "
                                   "centre and back, (y + h/2) - h/2, where a corner of it is free; else not "
                                   "compared, it stops in one line (1.21.2)", (1, 21, 2), None),
    "minecart_rider_input_push": ("a riding player pushes a nearly still minecart by 0.001 x the velocity of the "
                                  "keys it holds (ServerPlayerEntity.getInputVelocityForMinecart), not by 0.1 x its "
                                  "Motion (DefaultMinecartController.moveOnRail, 1.21.2)", (1, 21, 2), None),
    "elytra_cos_double": ("LivingEntity.travel's elytra lift takes Math.cos of the pitch in double, not "
                          "MathHelper.cos's float sine table (1.18.2)", (1, 18, 2), None),
    "fall_distance_float_step": ("Entity.fall subtracts the height difference cast to float (fallDistance -= "
                                 "(float)heightDifference), not in double then cast (1.18.2)", (1, 18, 2), None),
    "swift_sneak": ("ClientPlayerEntity slows sneaking keys by clamp(0.3F + 0.15F × Swift Sneak level, 0, 1) "
                    "(1.19)", (1, 19, 0), None),
    "sneak_edge_only_falling": ("PlayerEntity.adjustMovementForSneaking holds a sneaking player at an edge only "
                                "when the movement's Y is not positive (1.19)", (1, 19, 0), None),
    "push_away_checks_pushable": ("Entity.pushAwayFrom pushes each of the two only if it isPushable (a climbing "
                                  "entity is not) (1.19)", (1, 19, 0), None),
    "flying_travel_needs_ai": ("FlyingEntity.travel (ghasts, phantoms) moves only when canMoveVoluntarily: a "
                               "NoAI ghast no longer moves or drags (1.19)", (1, 19, 0), None),
    "living_tick_skips_removed": ("LivingEntity.tick skips tickMovement when the base tick removed the entity "
                                  "(1.19.1)", (1, 19, 1), None),
    "elytra_limit_fall_distance": ("a glider's fall distance is lowered to 1 when above it and Motion Y > -0.5 "
                                   "(Entity.limitFallDistance), not set to 1 (1.19.3)", (1, 19, 3), None),
    "off_ground_speed_live": ("a player's speed in the air is read when it travels (getOffGroundSpeed: 0.025999999F "
                              "sprinting, else 0.02F), not the flyingSpeed set at the end of the last tick (1.19.4)",
                              (1, 19, 4), None),
    "no_sprint_start_gliding": ("a gliding player does not start sprinting (ClientPlayerEntity.canStartSprinting, "
                                "1.19.4)", (1, 19, 4), None),
    "fall_damage_immune_tag": ("LivingEntity.computeFallDamage is 0 for the fall_damage_immune entity types (of "
                               "those modelled: iron golems, shulkers, ghasts, phantoms; before, only FlyingEntity "
                               "took none) (1.19.4)", (1, 19, 4), None),
    "shulker_tick_1_17": ("ShulkerEntity was rewritten in 1.17 (the attachment, the teleport, the peek box and the "
                          "entities it moves): not compared, a shulker's tick stops the run in one line", (1, 17, 0),
                          None),
    "on_landing_effects": ("LivingEntity.tickMovement resets the fall distance (onLanding) before travel whenever "
                           "Slow Falling or Levitation is active; travel no longer does (1.20)", (1, 20, 0), None),
    "flying_slipperiness_velocity_affecting": ("FlyingEntity.travel takes the slipperiness at getVelocityAffectingPos,"
                                               " not 1.0 below the position (1.20)", (1, 20, 0), None),
    "living_attributes": ("LivingEntity reads the 1.20.5 attributes: travel's gravity is getFinalGravity (the "
                          "gravity attribute, 0 with NoGravity: a NoGravity glider no longer sinks), the jump "
                          "velocity (float)jump_strength x the block's multiplier (no jump at or below 1.0E-5F), "
                          "the step height (float)step_height, fall damage ceil((fall - (float)safe_fall_distance) "
                          "x multiplier x fall_damage_multiplier) with Jump Boost adding 1 per level to "
                          "safe_fall_distance (1.20.5)", (1, 20, 5), None),
    "sprint_jump_kick_double": ("LivingEntity.jump kicks a sprinter by (double)-sin(yaw) x 0.2 and (double)cos(yaw) "
                                "x 0.2 in double, not by the float products with 0.2F (1.20.5)", (1, 20, 5), None),
    "sneak_edge_below_feet": ("PlayerEntity.adjustMovementForSneaking probes the box's footprint from its bottom "
                              "down by the step height + 1.0E-5F (method_59818), not the whole box lowered by the "
                              "step height; the same probe, step height - fall distance deep, tells whether an "
                              "airborne sneaker is near the ground (1.20.5)", (1, 20, 5), None),
    "knockback_projectile_velocity": ("LivingEntity.damage knocks back from any source not tagged no_knockback: a "
                                      "projectile's hit along the projectile's velocity (x, z) "
                                      "(ProjectileEntity.getKnockback), owned or not, not from its attacker's "
                                      "position; takeKnockback draws a random direction while x^2 + z^2 < 1.0E-5F "
                                      "(was damage's, below 1.0E-4) (1.21)", (1, 21, 0), None),
    "living_attributes_1_21": ("LivingEntity reads the 1.21 attributes: travel's water case takes h = "
                               "(float)water_movement_efficiency (Depth Strider a modifier of 0.33333334F per level "
                               "on the feet, the attribute clamped to 0..1) without the cap at 3 and the / 3.0F; a "
                               "sneaking player's keys are slowed by (float)sneaking_speed (Swift Sneak 0.15F per "
                               "level on the legs); getVelocityMultiplier is lerp((float)movement_efficiency, the "
                               "block's, 1.0F) (1.21)", (1, 21, 0), None),
    "step_up_heights": ("Entity.adjustMovementForCollisions steps up by the lowest height that moves further "
                        "horizontally: the shapes' Y points above the box (or the box lowered by its vertical "
                        "collision) up to the step height, as floats, tried in ascending order (collectStepHeights), "
                        "the movement kept at that height; not the full step height tried directly and raised, then "
                        "settled down (1.21)", (1, 21, 0), None),
    "explosion_knockback_resistance": ("an explosion's impulse on a living entity is x (1 - its "
                                       "explosion_knockback_resistance), Blast Protection adding 0.15F per level on "
                                       "each armor piece, not x clamp(1 - 0.15 x the highest level, 0, 1) "
                                       "(Explosion.collectBlocksAndDamageEntities, 1.21)", (1, 21, 0), None),
    "jump_keeps_faster_rise": ("LivingEntity.jump sets Motion Y to max(the jump velocity, Motion Y): an entity "
                               "rising faster than its jump keeps its speed, e.g. a player holding jump on a slime "
                               "block keeps the bounce (was: the jump velocity) (1.21.2)", (1, 21, 2), None),
    "effective_gravity_after_move": ("LivingEntity.travelMidAir takes getEffectiveGravity after the move: Slow "
                                     "Falling's 0.01 applies when the Motion after the move is not rising (a jump "
                                     "into a ceiling), not the Motion at travel's start (1.21.2)", (1, 21, 2), None),
    "tick_gliding": ("LivingEntity.tickGliding (every tick the gliding flag is set, before travel) lowers the fall "
                     "distance to 1 (limitFallDistance), in water and lava too, then ends the glide where "
                     "canGlide fails (on the ground); travelGliding no longer does either, so a glider stays "
                     "gliding through the tick it lands in (1.21.2)", (1, 21, 2), None),
    "land_on_logical_side": ("Entity.move calls Block.onEntityLand only where isLogicalSideForUpdatingMovement "
                             "(canMoveVoluntarily): a NoAI mob moved by a piston or a shulker box into a floor or "
                             "a ceiling keeps its Motion Y (not zeroed, not bounced by slime or a bed) (1.21.2)",
                             (1, 21, 2), None),
    "pig_step_height_half": ("an unridden pig steps up 0.5 (ItemSteerable.travel sets stepHeight = 0.5F); from "
                             "1.19.4 it keeps LivingEntity's 0.6 (spec 03 §4)", OLDEST, (1, 19, 4)),
    "undead_swim_goal": ("EntityZombie and AbstractSkeleton add EntityAISwimming (priority 0 and 1; its constructor "
                         "sets the navigation's canSwim): a zombie or wither skeleton in water jumps up and its path "
                         "search swims; from 1.13 neither has the goal and both sink", OLDEST, (1, 13, 0)),
    "swim_goal_any_depth": ("EntityAISwimming.shouldExecute: in water (the inWater flag) at any depth, or in lava; "
                            "from 1.13 only where the water height is above 0.4 (1.16: getSwimHeight)", OLDEST,
                            (1, 13, 0)),
    "villager_swim_goal": ("EntityVillager adds EntityAISwimming (priority 0); from 1.14 the villager's brain "
                           "floats it: VillagerEntity.mobTick ticks the brain, whose StayAboveWaterTask runs 60 "
                           "ticks from each start (a nextInt(1) of the world's Random) and jumps on a nextFloat() < "
                           "0.8F of the villager's Random, then draws the raid check's nextInt(100) every tick",
                           OLDEST, (1, 14, 0)),
    "stay_above_water_float_height": ("the villager's StayAboveWaterTask (1.14; no brain before) compares the "
                                      "water height with its float 0.4F widened to double (0.4000000059604645); "
                                      "from 1.16 (20w22a) with getSwimHeight, 0.4 for an eye at or above 0.4",
                                      OLDEST, (1, 16, 0)),
    "goal_selector_every_third_tick": ("EntityAITasks.onUpdateTasks starts and stops goals where tickCount++ % 3 == 0, "
                                       "else only stops running goals that cannot continue, then ticks the running "
                                       "ones; from 1.14 GoalSelector.tick starts and stops every tick", OLDEST,
                                       (1, 14, 0)),
    "goal_selector_alternate": ("MobEntity.tickNewAi: where the tick's number + getId() is odd and age > 1 only "
                                "tickGoals(false) (running goals that shouldRunEveryTick, as SwimGoal, are ticked; "
                                "none starts or stops), else GoalSelector.tick (1.18)", (1, 18, 0), None),
    "goal_selector_alternate_by_age": ("MobEntity.tickNewAi's alternation counts the entity's age; 1.18-1.20.4 the "
                                       "server's tick counter (MinecraftServer.getTicks, scene.server_ticks; without "
                                       "it the run stops where the swim goal's start or stop depends on it) "
                                       "(1.20.5)", (1, 20, 5), None),
    "sine_index_double": ("MathHelper.sin and cos take a double and index the sine table by (long)(value x "
                          "10430.378350470453) in double (was (int)(value x 10430.378F) in float); the table is "
                          "unchanged (1.21.11; 1.21.10 read: (int)(value x 10430.378F), as 1.21.8)", (1, 21, 11), None),
    "redirect_look_unnormalized": ("ProjectileDeflection.REDIRECTED sets the Motion to the deflector's "
                                   "getRotationVector() as it is, not normalized (1.21.11; 1.21.10 read: "
                                   "AIM_DEFLECT normalizes, as 1.21.8)", (1, 21, 11), None),
    "fall_distance_double": ("Entity.fallDistance is a double: Entity.fall adds (float)heightDifference in double "
                             "when not touching water, before the landing (onLandedUpon gets this tick's drop too), "
                             "baseTick halves it in lava in double (1.21.5, Entity.checkFallDamage and baseTick read, "
                             "as 1.21.7 and 1.21.8; 1.21.4 a float; 1.21.6 bracketed)", (1, 21, 5), None),
    "wire_power_steps_1_13": ("BlockRedstoneWire.func_212568_b (1.13.2; 1.14 RedstoneWireBlock.updateLogic): the "
                              "power starts from the wire's own (the received power where that is more and not 0), "
                              "becomes one less than the strongest wire beside it where that one is stronger, else "
                              "drops by one, and is at least the received power: a wire left stronger than its "
                              "neighbours steps down one level per update instead of taking their level less one at "
                              "once", OLDEST, (1, 14, 0)),
    "torch_burnout_draws_1_13": ("BlockRedstoneTorch.func_196527_a (1.13.2): a torch burning out plays its sound with "
                                 "the pitch 2.6F + (nextFloat - nextFloat) x 0.8F and spawns five smoke particles at "
                                 "three nextDouble each, all from the world Random (1.14 plays level event 1502, "
                                 "drawing nothing)", OLDEST, (1, 14, 0)),
    "normal_cube_1_13": ("Block.isNormalCube and isTopSolid (1.13.2): a block conducts where its material blocks "
                         "light, Block.isFullCube holds and it emits no power, so a shulker box (isFullCube false) "
                         "never does; wire stands on a block that isTopSolid (its material blocks light and it "
                         "isFullCube, or a top or double slab, top stairs, a hopper, a retracted or downward piston, "
                         "an upward piston head) or on glowstone, a repeater or comparator on one that isTopSolid: "
                         "not on glass, ice, TNT, leaves, a sea lantern, a beacon or a shulker box, and wire climbs "
                         "'up' a side only onto one that isFullCube (1.14: isSimpleFullBlock, isSolidFullSquare, "
                         "isSolidMediumSquare and isShapeFullCube of the collision shape)",
                         OLDEST, (1, 14, 0)),
    "observer_added_pulses_1_12": ("BlockObserver.onBlockAdded (1.12.2), run where the block becomes an observer: a "
                                   "powered one runs its updateTick at once (off with flags 2, then the block "
                                   "behind), whatever tick is pending, and an unpowered one starts its signal (a "
                                   "tick in 2 unless one is pending): a placed or moved observer pulses (1.13.2: "
                                   "only a powered one without a pending tick turns off, flags 18)",
                                   OLDEST, (1, 13, 0)),
    "torch_schedules_while_due_1_12": ("BlockRedstoneTorch.neighborChanged (1.12.2) schedules the torch's tick "
                                       "without WorldServer.isBlockTickPending: a torch whose tick is due later in "
                                       "the running tick and is updated meanwhile gets another 2 ticks on (1.13.2: "
                                       "not while its tick is due, func_205361_b)", OLDEST, (1, 13, 0)),
    "lamp_added_updates_1_12": ("BlockRedstoneLight.onBlockAdded (1.12.2; lit and unlit lamps are two blocks, so it "
                                "runs for every lamp state set): a lamp set lit without power turns off at once and "
                                "one set unlit with power lights at once, flags 2 (1.13.2: BlockRedstoneLamp has no "
                                "onBlockAdded of its own; the lamp keeps the state it was set with until a neighbour "
                                "update)", OLDEST, (1, 13, 0)),
    "hooks_on_block_change_1_12": ("Chunk.setBlockState (1.12.2) runs the old block's breakBlock and the new one's "
                                   "onBlockAdded only where the Block changes, and lit and unlit torches, powered and "
                                   "unpowered repeaters and lit and unlit lamps are separate Blocks: a repeater's "
                                   "delay, a comparator's mode or power and an observer's power change run neither, "
                                   "a repeater's toggle updates its target twice (breakBlock, onBlockAdded) and a "
                                   "torch's hooks update around it only for the lit torch (1.13.2: both hooks at "
                                   "every state change, each block testing what it needs)", OLDEST, (1, 13, 0)),
    "trapdoor_follows_power_1_12": ("BlockTrapDoor.neighborChanged (1.12.2, no powered property): where the trapdoor "
                                    "is powered or the update comes from a block that can provide power, open takes "
                                    "the power (flags 2), so a trapdoor used against its power turns back at such an "
                                    "update (1.13.2: only when its powered property changes)", OLDEST, (1, 13, 0)),
    "door_unpowered_by_sources_1_12": ("BlockDoor.neighborChanged (1.12.2): an unpowered door follows its power only "
                                       "at an update from a block whose default state can provide power: one whose "
                                       "power went as a plain block replaced its source stays open (1.13.2: at any "
                                       "update from a block other than itself)", OLDEST, (1, 13, 0)),
    "note_block_entity_1_12": ("BlockNote (1.12.2): the note and the last power are fields of its TileEntityNote, not "
                               "block states: powering or using a note block sets no block, so no neighbour or shape "
                               "update follows, and a piston cannot move it (canPush: a block with a tile entity) "
                               "(1.13.2: powered and note are properties, set with flags 3, and it moves)", OLDEST,
                               (1, 13, 0)),
    "no_shape_updates_1_12": ("World.setBlockState (1.12.2) sends no shape updates (updatePostPlacement is 1.13's): "
                              "a gravity block schedules its fall at a neighbour update (BlockFalling."
                              "neighborChanged; a concrete powder hardens there and when added, tryTouchWater); "
                              "a wire's sides, a repeater's lock and a door's other half are getActualState, "
                              "derived from the neighbours where read, never set, and a piston places a moved "
                              "block as it was; BlockDoor keeps open and facing in the lower half, hinge and "
                              "powered in the upper: a use sets the lower half's open (flags 10), power the upper "
                              "half's powered and then the lower half's open (flags 2), and a half whose other "
                              "half is gone (or a lower half off a top-solid block) becomes air at a neighbour "
                              "update (1.13.2: shape updates west, east, north, south, down, up set these "
                              "properties, and an observer facing the block pulses)", OLDEST, (1, 13, 0)),
    "update_observing_blocks_1_12": ("World.setBlockState (1.12.2) tells the observers around a changed cell "
                                     "(updateObservingBlocksAt: west, east, down, up, north, south) after its "
                                     "neighbour updates and before updateComparatorOutputLevel where the flags hold "
                                     "1, else unless they hold 16; an observer facing the cell starts its signal "
                                     "(1.13.2: through the shape update from the cell it faces, after the "
                                     "comparators, west, east, north, south, down, up)", OLDEST, (1, 13, 0)),
    "piston_head_needs_base_1_12": ("BlockPistonExtension.neighborChanged (1.12.2): a piston head with no piston or "
                                    "sticky piston behind it becomes air (setBlockToAir, flags 3), so a retracting "
                                    "base, set to a moving piston with flags 3, removes its head with updates at "
                                    "once (1.13.2: a head passes the update to a piston, sticky piston or moving "
                                    "piston behind it; a sticky piston's pull removes its head with flags 20)",
                                    OLDEST, (1, 13, 0)),
    "set_block_state_no_recheck_1_12": ("World.setBlockState (1.12.2) runs a change's neighbour updates, observers "
                                        "and comparators even where the new block's onBlockAdded has changed the "
                                        "cell since (a lit lamp a piston places without power, turned off at once, "
                                        "still updates its neighbours) (1.13.2: only where the cell still holds the "
                                        "state set, so a powered observer placed, turned off at once, sends no "
                                        "shape updates)", OLDEST, (1, 13, 0)),
    "piston_move_per_block_1_12": ("BlockPistonBase.doMove (1.12.2): the broken blocks become air with flags 4 "
                                   "(observers told), then each moved block, the last first, sets its cell to air "
                                   "(flags 2) and its destination to a moving piston (flags 4), one after the other, "
                                   "and the head's moving piston takes flags 4; a pulling piston's head cell becomes "
                                   "air with flags 3 whatever it holds (1.13.2: broken blocks with flags 18, every "
                                   "destination first with flags 68, then the cells left behind with flags 66 in a "
                                   "HashSet's order, the head's cell only if it holds a head, with flags 20)",
                                   OLDEST, (1, 13, 0)),
    "comparator_power_at_sides_1_14": ("ComparatorBlock.hasPower is true where the rear input is 15 or at least the "
                                       "stronger side input, in subtract mode too: a subtracting comparator whose "
                                       "sides match its rear stays powered with an output of 0 (1.14-1.14.4; 1.15: "
                                       "above the sides, or equal to them in compare mode only)", OLDEST,
                                       (1, 15, 0)),
    "gate_pulse_off_high_1_14": ("AbstractRedstoneGateBlock.scheduledTick: a gate turning on whose input is gone "
                                 "schedules the tick that turns it off with priority HIGH, so it runs after the "
                                 "HIGH ticks of that game tick scheduled before it (1.14-1.14.4; 1.15: VERY_HIGH, "
                                 "before them)", OLDEST, (1, 15, 0)),
    "tnt_angle_math_random_1_13": ("EntityTNTPrimed(world, x, y, z, igniter) (a TNT block powered, lit, dispensed or "
                                   "caught by an explosion) draws its angle as (float)(Math.random() x 2pi) from "
                                   "java.lang.Math's own unseeded generator, not the world Random, and sets Motion X "
                                   "and Z to (double)(-(float)sin(angle) x 0.02F), cos likewise, in float (1.12.2, "
                                   "1.13.2; 1.14: world.random.nextDouble(), in double)", OLDEST, (1, 14, 0)),
    "tnt_angle_two_pi_double_1_12": ("EntityTNTPrimed's angle is Math.random() x (Math.PI x 2D), 2pi in double "
                                     "(1.12.2; 1.13.2: x 6.2831854820251465D, (float)2pi)", OLDEST, (1, 13, 0)),
    "tnt_prime_float_centre_1_14": ("TntBlock.primeTnt (a TNT block powered, lit or primed by a scene) spawns the "
                                    "entity at (double)((float)x + 0.5F), likewise z: from x = 2^23 the float sum "
                                    "rounds to a whole block, ties to even (1.14-1.14.4; 1.15: x + 0.5 in double)",
                                    OLDEST, (1, 15, 0)),
    "piston_vacate_each_1_14": ("PistonBlock.move: the cells the moved blocks leave are a HashSet made from their "
                                "list (a table sized from their number: 32 for 12 blocks), each set to air with "
                                "flags 66 and its old block's prepare and its shape updates at once, cell by cell; a "
                                "neighbour's shape update sees the cells not yet reached holding their blocks "
                                "(1.14-1.14.4; 1.15: a HashMap filled one by one, all set to air first with flags "
                                "82, then updated)", OLDEST, (1, 15, 0)),
    "tnt_exploded_float_centre_1_15": ("TntBlock.onDestroyedByExplosion spawns the primed TNT at (double)((float)x "
                                       "+ 0.5F), likewise z, rounding to a whole block from x = 2^23 (1.14-1.15.2; "
                                       "1.16: x + 0.5 in double)", OLDEST, (1, 16, 0)),
    "wire_lines_1_15": ("RedstoneWireBlock of 1.14-1.15.2: each side's connection is its render connection alone "
                        "(getStateForNeighborUpdate recomputes the side updated, or all four from above; no dot or "
                        "cross, no extension to the opposite side; up a side onto a full cube), a use does nothing "
                        "(no onUse), and getWeakRedstonePower gives a side its power only where the wire could "
                        "connect to no side, or to the side opposite the asker and to neither side beside that "
                        "(couldConnectTo): a corner, a T or a cross powers no side; 1.16 rewrote the shapes and the "
                        "power follows the placement state's connections", OLDEST, (1, 16, 0)),
    "detector_rail_box_float": ("DetectorRailBlock.getCartDetectionBox sums the cell's corner and the 0.2F inset in "
                                "float ((double)((float)x + 0.2F), (double)((float)(x + 1) - 0.2F)): a cart's box must "
                                "reach 2.98E-9 further in at the minimum sides, less at the maximum ones "
                                "(1.14-1.15.2; 1.16: x + 0.2 in double)", OLDEST, (1, 16, 0)),
    "piston_head_any_base": ("PistonHeadBlock.canPlaceAt (its neighborUpdate passes the update on to its base "
                             "where it holds): any piston, sticky piston or moving piston behind the head, whatever "
                             "its type, facing or extension (1.14-1.15.2; 1.16: the extended piston of the head's "
                             "type facing its way, or a moving piston facing so)", OLDEST, (1, 16, 0)),
    "comparator_compare_side_zero": ("ComparatorBlock.calculateOutputSignal gives 0 when a side input is stronger "
                                     "than the rear input, in compare mode too (1.16.5 stored the rear input while "
                                     "hasPower kept the comparator unpowered, so a change of the rear input still "
                                     "ticked it and updated the block in front) (1.17)", (1, 17, 0), None),
    "tick_scheduler_chunks": ("WorldTickScheduler takes the due block ticks chunk by chunk: within a chunk by "
                              "(trigger tick, priority, order of scheduling), across chunks by (priority, order of "
                              "scheduling) only, so a tick overdue from an earlier game tick no longer runs before "
                              "a later-scheduled one of another chunk (1.18)", (1, 18, 0), None),
    "neighbor_updater_chain": ("World.neighborUpdater (ChainRestrictedNeighborUpdater): neighbour and shape "
                               "updates asked for during another update wait on a stack until the block's code "
                               "that asked for them returns, then run first-asked first before the rest of the "
                               "parent's six; World.updateComparators and the piston head ask through it; a shape "
                               "update runs with update depth 512 again (1.19)", (1, 19, 0), None),
    "wire_prepare_wire_only": ("RedstoneWireBlock.prepare sends its diagonal shape updates to wire only (was any "
                               "block but an observer) (1.19)", (1, 19, 0), None),
    "dispenser_world_random_slot": ("DispenserBlockEntity.chooseNonEmptySlot draws nextInt(j++) for each non-empty "
                                    "slot from the world Random (was the block entity's unseeded Random) (1.19)",
                                    (1, 19, 0), None),
    "pressure_plate_wide_box": ("AbstractPressurePlateBlock.BOX, the box a plate counts entities in, spans "
                                "0.0625..0.9375 across (was 0.125..0.875) (1.19.3)", (1, 19, 3), None),
    "item_use_sound_world_random": ("a player's bow shot and thrown snowballs, eggs, ender pearls, experience "
                                    "bottles and potions play their sound with a pitch drawn from the world Random "
                                    "(world.getRandom().nextFloat()), where Item.RANDOM, a static unseeded Random, "
                                    "drew it (BowItem.onStoppedUsing, SnowballItem.use, ThrowablePotionItem.use, "
                                    "1.17; a trident's throw draws no pitch)", (1, 17, 0), None),
    "openable_sound_world_random": ("doors, trapdoors and fence gates play their open and close sounds with a "
                                    "pitch drawn from the world Random (world.getRandom().nextFloat()), where "
                                    "syncWorldEvent drew nothing (1.19.3)", (1, 19, 3), None),
    "note_block_sound_world_random": ("NoteBlock.onSyncedBlockEvent seeds its sound with the world Random's "
                                      "nextLong (was the world's thread-safe Random) (1.19.3)", (1, 19, 3), None),
    "note_block_head_instrument": ("NoteBlock.getStateForNeighborUpdate takes the instrument of a mob head above "
                                   "on an update from above or below (without the update_1_20 experiment it "
                                   "recomputed on an update from below only, from the block below), so a note block "
                                   "under a head plays though the block above is not air (1.20)", (1, 20, 0), None),
    "wire_runs_over_trapdoors": ("RedstoneWireBlock.getRenderConnectionType connects up a side to the wire on any "
                                 "trapdoor there (open, or a bottom half), not only on a block with a full top "
                                 "(canRunOnTop) (1.20)", (1, 20, 0), None),
    "wire_breaks_off_its_floor": ("RedstoneWireBlock.getStateForNeighborUpdate: a shape update from below by a "
                                  "block the wire cannot run on (canRunOnTop: a full top face or a hopper) breaks "
                                  "the wire; before, only a neighbour update did (1.20.2)", (1, 20, 2), None),
    "gate_breaks_off_its_floor": ("RepeaterBlock and ComparatorBlock.getStateForNeighborUpdate: a shape update from "
                                  "below by a block without a rigid top (canPlaceAbove) breaks the gate; before, "
                                  "only a neighbour update did (1.20.2)", (1, 20, 2), None),
    "shulker_box_always_solid": ("a shulker box is a solid block whatever its lid does (Blocks.createShulkerBoxBlock: "
                                 "solidBlock(Blocks::always)), so an open box conducts power; before and after, "
                                 "isSolidBlock is isFullCube of its collision shape (1.20; 1.20.2 drops it)",
                                 (1, 20, 0), (1, 20, 2)),
    "sides_shape": ("wire and gates test their floor (and fluids a side) on AbstractBlock.getSidesShape, not the "
                    "collision shape: soul sand's is a full cube (and from 1.19 mud's), 8 snow layers' their full "
                    "outline, so wire and repeaters stay on them (1.16; 1.14-1.15.2 Block.isSideSolidFullSquare and "
                    "topCoversMediumSquare read the collision shape, 14/16 tall there, and never leaves)",
                    (1, 16, 0), None),
    "shulker_box_sides_shape": ("ShulkerBoxBlock.getSidesShape: a box whose lid is not shut offers only the 1/16 "
                                "slab at its base, so wire on an open upward box breaks where the collision shape, "
                                "stretched by the lid, has a full top (1.19.3)", (1, 19, 3), None),
    "chorus_flower_sides_shape": ("ChorusFlowerBlock.getSidesShape: inset by 1/16 but at the bottom, so wire on a "
                                  "chorus flower breaks where its full-cube collision shape held it (1.20.2)",
                                  (1, 20, 2), None),
    "door_half_joins_any_door": ("DoorBlock.getStateForNeighborUpdate: a half joins another door's other half above "
                                 "or below, taking its state whole with its own half (neighborState.with(HALF, "
                                 "...)), where it broke unless the other half was the same door (1.20.3)",
                                 (1, 20, 3), None),
    "piston_head_short_past_quarter": ("PistonBlockEntity.getHeadBlockState: a retracting piston's head pushes "
                                       "with the short arm once progress > 0.25F; before, with the long arm "
                                       "(PistonHeadBlock.SHORT false) in both runs, whose 4 px stick out behind the "
                                       "base on the last run and push entities there (spec 00 §3.1) (1.16)",
                                       (1, 16, 0), None),
    "piston_moving_arm_quarter_1_12": ("TileEntityPiston.addCollissionAABBs (1.12.2): a retracting piston's moving "
                                       "head keeps the long arm until 1 - progress < 0.25F, as from 1.16; 1.13 "
                                       "writes 4.0F (TileEntityPiston.getCollisionShape of 1.13.2, read): the short "
                                       "arm throughout up to 1.15.2", OLDEST, (1, 13, 0)),
    "piston_moving_long_arm": ("PistonBlockEntity.getCollisionShape: a retracting piston's moving head keeps the "
                               "long arm until 1 - progress < 0.25F; before, 1 - progress < 4.0F: the short arm "
                               "throughout, so the 4 px over the base's plate at the arm are free in the first "
                               "tick (1.16)", (1, 16, 0), None),
    "piston_retract_flags_20": ("PistonBlock.onSyncedBlockEvent: a retracting base becomes a moving piston with "
                                "flags 20, then updates its neighbours with moving_piston as the source, then their "
                                "shapes; before, setBlockState with flags 3: the neighbour updates name the piston "
                                "as their source (1.16)", (1, 16, 0), None),
    "piston_move_states_in_order": ("PistonBlock.move fills its array of removed states from the start (the "
                                    "broken blocks, then the moved ones, each last first) and reads it in that "
                                    "order; before, filled from the end and read from the start, the neighbour "
                                    "updates after a move (and a broken block's prepare) took the moved blocks' "
                                    "states in list order, then the broken ones' (1.16)", (1, 16, 0), None),
    "piston_edge_air_movable": ("PistonBlock.isMovable takes air as movable before testing the world's bottom and "
                                "top rows: a piston puts its head into row 0 downward or row 255 upward, where air "
                                "there was immovable and the push failed (1.16.2)", (1, 16, 2), None),
    "dispenser_brush_fails": ("DispenserBlock fires a brush through its FallibleItemDispenserBehavior: it brushes an "
                              "armadillo in the cell it faces (none is modelled) or fails, the brush kept and "
                              "nothing dispensed (the block entity still marked dirty); before, a brush dropped as "
                              "an item (1.20.5)", (1, 20, 5), None),
    "path_budget_by_range": ("PathNodeNavigator's node budget is floor(follow range x 16) (EntityNavigation's "
                             "constructor); before, PathFinder.findPath counted to 200 (1.14)", (1, 14, 0), None),
    "path_reach_in_double": ("EntityNavigation.continueFollowingPath tests a node reached by the horizontal "
                             "distances in double; before, each cast to float (MathHelper.abs((float)...)) (1.14)",
                             (1, 14, 0), None),
    "path_direct_skip_every_5": ("continueFollowingPath tries the direct-line skip only where the world time is a "
                                 "multiple of 5; before, every tick (1.14; removed in 1.14.1, "
                                 "path_no_direct_skip)", (1, 14, 0), None),
    "path_goal_reached_below_1": ("MoveToTargetPosGoal.tick counts the target reached where the squared distance "
                                  "from the mob to the centre of the block above it is below 1.0; before, at most "
                                  "1.0 (EntityAIMoveToBlock.updateTask: getDistanceSqToCenter > 1.0D not reached), "
                                  "so a mob exactly 1.0 away counts its time down and asks no new path (1.14)",
                                  (1, 14, 0), None),
    "path_step_box_from_feet": ("LandPathNodeMaker.getPathNode's step-up box starts 0.001 above the feet height in "
                                "the node's cell (method_60); before, 0.001 above the cell's floor (1.14)",
                                (1, 14, 0), None),
    "path_floor_by_collision": ("WalkNodeProcessor's floor heights (the 1.125 rise test, the step-up box's top) and "
                                "PathNavigate.onUpdateNavigation's move target read the top of the collision shape "
                                "of the block below (empty: its y; the move target over air: the node's y); before, "
                                "of its getBoundingBox (air, fluids, fire, cactus, soul sand a full cube, snow "
                                "layers / 8, fences and walls 1.0) (1.13)", (1, 13, 0), None),
    "path_small_blocks_refuse": ("EndRodBlock, SeaPickleBlock, FlowerPotBlock (the potted plants) and "
                                 "AbstractSkullBlock refuse land paths whatever their shape (canPathfindThrough: "
                                 "BLOCKED, a node stands on them); before, the default: not a full cube, they pass "
                                 "(1.13.2's allowsMovement and 1.15.2's canPlaceAtSide read) (1.16)", (1, 16, 0),
                                 None),
    "path_passable_by_shape": ("WalkNodeProcessor.getPathNodeTypeRaw, getStart's scan and "
                               "PathNavigateGround.isPositionClear ask allowsMovement(LAND): a block whose collision "
                               "shape is not a full cube passes (overrides: cauldrons, slabs, stairs, soul sand, ... "
                               "do not); before, Block.isPassable: the material does not block movement (a cauldron, "
                               "sign, banner or pressure plate passes whatever it is made of) (1.13)",
                               (1, 13, 0), None),
    "path_euclid_search": ("PathNodeNavigator measures a step, the walked length, the heuristic (1.5F x the "
                           "distance) and the nearest node in Euclidean distances; before, in Manhattan distances, "
                           "the heuristic their sum + the penalty, a step's cost (steps + penalty) summed first "
                           "(1.14.1)", (1, 14, 1), None),
    "path_range_on_expanded": ("PathNodeNavigator expands a node only within the follow range (of the target up to "
                               "1.14.3), every successor kept; before, every node is expanded and getPathNodes "
                               "keeps a successor only within the follow range of the target (1.14.1)",
                               (1, 14, 1), None),
    "path_diagonal_sides_checked": ("LandPathNodeMaker.method_20536 takes a diagonal where both sides are nodes not "
                                    "higher than the node (their penalties: path_diagonal_lower_sides); before, "
                                    "where each side is no node, OPEN or of non-zero penalty (1.14.1)",
                                    (1, 14, 1), None),
    "path_fall_blocked_node": ("LandPathNodeMaker.getPathNode ends a fall past the safe fall distance, onto an "
                               "impassable type or below y 0 in a BLOCKED node (penalty -1); before, in no node, "
                               "and a fall to y 0 kept the OPEN node it started from (1.14.1)", (1, 14, 1), None),
    "path_box_entities": ("LandPathNodeMaker's box tests (a step up, an OPEN cell) ask the world "
                          "(entity.world.doesNotCollide(box)), whose getEntityCollisions meets boats' and shulkers' "
                          "boxes for a null entity too (1.14); 1.13.2's World.getCollisionShapes adds no entity's "
                          "box for a null entity, 1.14.1 reads the region's blocks (ChunkCache.doesNotCollide)",
                          (1, 14, 0), (1, 14, 1)),
    "path_no_direct_skip": ("EntityNavigation.continueFollowingPath passes only a reached node; before, every 5 ticks "
                            "(world time % 5) it also skipped to the furthest node, before the first at another "
                            "height, that MobNavigation.canPathDirectlyThrough reaches in a straight line (1.14.1)",
                            (1, 14, 1), None),
    "path_target_set": ("PathNodeNavigator.findPathToAny searches for a set of targets (TargetPathNode), each "
                        "reached by a popped node within its reach distance (Manhattan; 1 for startMovingTo), the "
                        "path ending at the scored node nearest to a reached target, else nearest to any (the start "
                        "alone too); EntityNavigation keeps the found path's target. Before, pathfind(start, "
                        "target, range): reached where the target itself is popped, the path to the popped node "
                        "strictly nearest to it, none where that is the start, the requested target kept before "
                        "the search (1.14.4)", (1, 14, 4), None),
    "path_heuristic_distance_only": ("PathNodeNavigator: a node's heuristic is 1.5F x its distance to the nearest "
                                     "target; before, 1.5F x its distance to the target + its penalty, counted "
                                     "in g too (1.14.4)", (1, 14, 4), None),
    "path_range_from_start": ("PathNodeNavigator expands a node lying within the follow range of the start; "
                              "before, within the follow range of the target, so a target beyond it from the "
                              "start found no path (1.14.4)", (1, 14, 4), None),
    "path_diagonal_lower_sides": ("LandPathNodeMaker.method_20536 (isValidDiagonalSuccessor): the diagonal "
                                  "passable (penalty >= 0), a side lower than the node passing whatever its "
                                  "penalty; before, the diagonal of any penalty, both sides passable (1.14.4)",
                                  (1, 14, 4), None),
    "path_start_through_waterlogged": ("LandPathNodeMaker.getStart: a swimmer's start rises through blocks of still "
                                       "water (Fluids.WATER.getStill(false)) as through water blocks, so through "
                                       "seagrass or a waterlogged block; before, through water blocks only (1.14.4)",
                                       (1, 14, 4), None),
    "path_cocoa_type": ("LandPathNodeMaker.getBasicPathNodeType makes cocoa COCOA (penalty 0, the last of equal "
                        "penalties in getNodeType's choice); before, cocoa was OPEN by canPlaceAtSide (not a full "
                        "cube) (1.15)", (1, 15, 0), None),
    "path_neighbors_cube": ("LandPathNodeMaker.method_59 scans the 3x3x3 cube around a WALKABLE cell but its "
                            "centre column, lava counted as fire; before, the 8 cells around at the cell's height, "
                            "and no lava (1.15; from 1.16 getNodeTypeFromNeighbors, path_neighbors_first_danger)",
                            (1, 15, 0), None),
    "path_node_passed_ahead": ("EntityNavigation.continueFollowingPath also passes a node where the next lies "
                               "ahead of it within 2 of its bottom centre (method_27799) and its type allows "
                               "(MobEntity.method_29244); before, only a node within reach was passed (1.16)",
                               (1, 16, 0), None),
    "path_timeout_bottom_centre": ("EntityNavigation.checkTimeouts times a node by the distance to its bottom "
                                   "centre, and findPathToAny resets the node timer with a new path "
                                   "(method_26085); before, by the distance to its corner, and a new path kept "
                                   "the timer (1.16)", (1, 16, 0), None),
    "path_start_corners_in_order": ("LandPathNodeMaker.getStart tries the box's corners in the order (minX, minZ), "
                                    "(minX, maxZ), (maxX, minZ), (maxX, maxZ) and gives the start node its type "
                                    "and penalty; before, in a HashSet's order (BlockPos.hashCode buckets), the "
                                    "start node's type BLOCKED and penalty 0 (1.16)", (1, 16, 0), None),
    "path_from_negative_node": ("LandPathNodeMaker.getSuccessors takes a neighbour of negative penalty from a node "
                                "of negative penalty (isValidAdjacentSuccessor); before, never (1.16)",
                                (1, 16, 0), None),
    "path_fence_nodes": ("LandPathNodeMaker.getPathNode sweeps the mob's box towards a node from a FENCE node "
                         "(method_29578) and makes a FENCE cell a closed node, whose two fences a mob narrower "
                         "than 0.5 passes diagonally (method_29579); before, none of the three (1.16)",
                         (1, 16, 0), None),
    "path_fire_blocks": ("LandPathNodeMaker.getCommonNodeType makes a magma block or a lit campfire DAMAGE_FIRE "
                         "(method_27138), inherited by the cell above; before, a magma block or campfire was "
                         "BLOCKED and any magma block or campfire below made the cell above DAMAGE_FIRE (1.16)",
                         (1, 16, 0), None),
    "path_fluids_after_pathable": ("LandPathNodeMaker.getCommonNodeType tests canPathfindThrough before water and "
                                   "lava (a waterlogged slab BLOCKED, lava BLOCKED); before, water and lava right "
                                   "after the fences (a waterlogged slab WATER, lava LAVA) (1.16)",
                                   (1, 16, 0), None),
    "path_neighbors_first_danger": ("LandPathNodeMaker.getNodeTypeFromNeighbors returns the first danger found: "
                                    "cactus, berry bush, fire (magma, lit campfire), water (WATER_BORDER), lava; "
                                    "before, the last of cactus, fire or lava, berry bush, and no water border "
                                    "(1.16)", (1, 16, 0), None),
    "path_open_box_test": ("LandPathNodeMaker.getPathNode tests an OPEN cell before the fall: no node where the "
                           "mob's box set on the cell (y + 0.001 to y + its float height) collides, and a mob 1 "
                           "wide or more gets a WALKABLE node where the type below is BLOCKED (1.16-1.16.1; "
                           "1.16.2 falls at once)", OLDEST, (1, 16, 2)),
    "path_walkable_door": ("LandPathNodeMaker.adjustNodeType makes a closed wooden door a mob may open "
                           "WALKABLE_DOOR, which no diagonal passes (isValidDiagonalSuccessor) and from which "
                           "MobEntity.method_29244 allows no shortcut; was WALKABLE (1.16.2)", (1, 16, 2), None),
    "path_open_narrow_only": ("LandPathNodeMaker.getNodeType keeps OPEN only for a mob whose footprint is one "
                              "block (sizeX <= 1): an iron golem's footprint over an edge takes the type of its "
                              "cells; was OPEN for any size (1.16.2)", (1, 16, 2), None),
    "path_lava_fiery": ("LandPathNodeMaker's inflictsFireDamage (method_27138) counts lava: a cell beside lava is "
                        "DANGER_FIRE (penalty 8); was LAVA (impassable), found after water (1.16.2)",
                        (1, 16, 2), None),
    "path_fluids_first": ("LandPathNodeMaker.getCommonNodeType tests water and lava right after cocoa, before "
                          "fire, doors, rails, leaves, fences and canPathfindThrough; they came last, so a "
                          "waterlogged fence was FENCE, a waterlogged slab BLOCKED and lava BLOCKED (its "
                          "FluidBlock not pathable) (1.16.2)", (1, 16, 2), None),
    "path_cauldron_copies_node": ("EntityNavigation.adjustPath lifts the node after a cauldron's as a copy of the "
                                  "cauldron's node (its type, read by method_29244's shortcut test); was a copy of "
                                  "itself (1.16.2)", (1, 16, 2), None),
    "path_water_after_blocks": ("LandPathNodeMaker.getCommonNodeType tests water last, only where the block is "
                                "passable: a waterlogged fence or wall is FENCE, a waterlogged slab, stairs or "
                                "chest BLOCKED, not WATER (1.17)", (1, 17, 0), None),
    "path_blocked_doors": ("LandPathNodeMaker.getPathNode treats closed doors as fences (isBlocked(PathNodeType), "
                           "22w16a): from a node of type FENCE, DOOR_WOOD_CLOSED or DOOR_IRON_CLOSED a neighbour "
                           "is kept only where the box sweep to it is clear (step 3), and a closed door's cell "
                           "ends as a closed node of its type (step 8), replacing a node found one block up, so "
                           "a mob does not step onto a closed door's top (1.19)", (1, 19, 0), None),
    "path_sweep_min_corner": ("LandPathNodeMaker.isBlocked(PathNode) moves the box by node - position + the box's "
                              "lengths / 2: its minimum corner ends at the node's corner and its bottom half its "
                              "height above the node, where it moved by node - position (its centre to the "
                              "node's corner, its bottom at the node's y) (1.19)", (1, 19, 0), None),
    "path_start_skips_open": ("LandPathNodeMaker.getStart passes over an OPEN feet cell as over an impassable one "
                              "(canPathThrough: not OPEN and a penalty >= 0), so a mob whose feet block is over "
                              "air starts from a corner of its box over the ground (1.19.3)", (1, 19, 3), None),
    "path_swimmer_feet_mid_water": ("LandPathNodeMaker.getFeetY: a mob that can swim has its feet at y + 0.5 in a "
                                    "cell of water (was the top of the block below), so a swimmer's path leaves "
                                    "the water onto a bank one block above its surface (1.19.3)", (1, 19, 3), None),
    "path_closed_node_if_none": ("LandPathNodeMaker.getPathNode step 8 makes a fence's or closed door's closed "
                                 "node only where no node was found, so a mob steps onto a closed door's top "
                                 "again (1.19.3)", (1, 19, 3), None),
    "path_shortcut_between_nodes": ("EntityNavigation.shouldJumpToNextNode skips the current node only where the "
                                    "next is nearer than it or it is nearer than sqrt(0.5), and the two lie on "
                                    "opposite sides of the mob (normalised dot product < 0); was: the mob past "
                                    "the node towards the next (1.19.3)", (1, 19, 3), None),
    "path_leaves_kept": ("LandPathNodeMaker.adjustNodeType keeps LEAVES (was turned into BLOCKED): a footprint "
                         "with leaves and no impassable type of a lower ordinal is LEAVES, so a mob whose head "
                         "is in leaves starts from a LEAVES node (1.19.4)", (1, 19, 4), None),
    "path_cactus_damage_other": ("PathNodeType loses DANGER_CACTUS and DAMAGE_CACTUS: getCommonNodeType gives a "
                                 "cactus DAMAGE_OTHER and getNodeTypeFromNeighbors a cell beside one DANGER_OTHER, "
                                 "the berry bush's types (the same penalties) (1.19.4)", (1, 19, 4), None),
    "path_damage_cautious": ("PathNodeType.DAMAGE_CAUTIOUS (penalty 0): getCommonNodeType gives a wither rose or "
                             "pointed dripstone DAMAGE_CAUTIOUS (a wither rose was OPEN), getLandNodeType passes "
                             "it to the open cell above, getNodeTypeFromNeighbors to a walkable cell beside one, "
                             "so the cell over a wither rose is a node of its own, not a fall (1.20)", (1, 20, 0),
                             None),
    "path_danger_trapdoor": ("LandPathNodeMaker.getLandNodeType makes the open cell above a trapdoor, lily pad or "
                             "big dripleaf DANGER_TRAPDOOR (penalty 0), where it was WALKABLE with its neighbours "
                             "scanned (WATER_BORDER or DANGER_FIRE, 8, beside water or fire) (1.20.3)", (1, 20, 3),
                             None),
    "path_successors_by_direction": ("LandPathNodeMaker.getSuccessors walks Direction.Type.HORIZONTAL: the sides "
                                     "north, east, south, west (were south, west, east, north), then each diagonal "
                                     "clockwise of a side, north-east, south-east, south-west, north-west (were "
                                     "north-west, north-east, south-west, south-east), tried only where both its "
                                     "sides pass, its step-up box facing that side (south-east faces east, "
                                     "north-west west) (1.20.5)", (1, 20, 5), None),
    "path_neighbors_by_type": ("LandPathNodeMaker.getNodeTypeFromNeighbors reads the neighbours' node types "
                               "(PathContext.getNodeType): WATER_BORDER only beside a WATER cell, so a waterlogged "
                               "slab, stairs, fence, wall, trapdoor or chest (BLOCKED, FENCE, TRAPDOOR) no longer "
                               "makes the walkable cell beside it WATER_BORDER (1.20.5)", (1, 20, 5), None),
    "path_max_follow_range": ("EntityNavigation searches with max(follow range, its maxFollowRange: 16, a "
                              "villager's 48) and sets its node budget to floor(that × 16) whenever the follow "
                              "range changes (updateRange, at the end of LivingEntity.tick) (1.21.2)", (1, 21, 2),
                              None),
    "path_target_up_from_target": ("MobNavigation.findPathTo: a target in the air over a column of air down to the "
                                   "world's bottom rises from the block above it to the first non-air block (was "
                                   "from the bottom block itself, which a floor at the bottom row made the target) "
                                   "(1.21.2)", (1, 21, 2), None),
    "path_target_down_to_bottom": ("GroundPathNavigation.createPath: the scan down from a target in the air reads the "
                                   "world's bottom row too (getMinY, was the row above it), so a floor in that row "
                                   "is found and the target set on it (1.21.4: the scan up from the block above the "
                                   "target) (1.21.6, 1.21.7, 1.21.8 and 1.21.11; 1.21.5 as 1.21.4: bracketed by "
                                   "1.21.4 and the 25w15a snapshot of 1.21.6, the same GroundPathNavigation)",
                                   (1, 21, 6), None),
    # living entities and players of 1.21.4 (1.21.4 against 1.21.3, docs/versions.md `living`)
    "should_stop_sprinting": ("ClientPlayerEntity.tickMovement ends a sprint right after reading the keys where "
                              "the player is in the sneaking pose or crawling, gliding, riding, or using an item "
                              "off a vehicle out of the water (shouldStopSprinting), and canStartSprinting refuses "
                              "a sneaking or crawling player unless submerged (1.21.4; from 1.21.7 "
                              "sprint_forward_impulse replaces both)", (1, 21, 4), None),
    # living entities of 1.21.8 (LivingEntity, MoveControl of 1.21.8 against 1.21.4, docs/versions.md `living`)
    "apply_input_before_ai": ("LivingEntity.aiStep: applyInput scales the sideways and forward input by 0.98F "
                              "before serverAiStep sets them (1.21.4: after the jump, so a mob's AI input was damped "
                              "in the tick it was set) (1.21.7 and 1.21.8; 1.21.5 and 1.21.6 bracketed by the 25w05a "
                              "snapshot of 1.21.5 and 1.21.7)", (1, 21, 5), None),
    "move_control_jump_ends_in_liquid": ("MoveControl.tick: the JUMPING operation ends (WAIT) on the ground or in "
                                         "water or lava for a mob affected by fluids (1.21.4: on the ground only) "
                                         "(1.21.7 and 1.21.8; 1.21.5 and 1.21.6 bracketed by the 25w02a snapshot "
                                         "of 1.21.5 and 1.21.7)", (1, 21, 5), None),
    "fall_damage_floor": ("LivingEntity.calculateFallDamage is floor((fall distance + 1.0E-6 - safe fall distance) "
                          "x multiplier x fall_damage_multiplier) in double (1.21.4: the ceiling of the float "
                          "difference x multiplier): a fall of 3.5 hurts up to 1.21.4 and not from 1.21.5 (1.21.7 "
                          "and 1.21.8; 1.21.5 and 1.21.6 bracketed by the 25w05a snapshot of 1.21.5 and 1.21.7)",
                          (1, 21, 5), None),
    # the player's client of 1.21.7 and 1.21.8 (LocalPlayer, KeyboardInput, ClientInput against 1.21.4's
    # ClientPlayerEntity, KeyboardInput, Input; 1.21.11 the same; docs/versions.md `player`)
    "player_move_vector": ("KeyboardInput.tick gives the keys as a Vec2 normalized in float, and "
                           "LocalPlayer.applyInput (modifyInput, before the jump) scales it by 0.98F, the item's "
                           "0.2F, the sneaking speed, then modifyInputSpeedForSquareMovement (x "
                           "distanceToUnitSquare, at most 1) (1.21.4: +-1 per axis, the item's and the sneaking "
                           "speed's factors in tickMovement, x 0.98F after the jump): a diagonal walk moves by "
                           "other floats (1.21.7; 1.21.5's KeyboardInput and the 25w05a snapshot's modifyInput read; "
                           "1.21.6 bracketed by its 25w20a snapshot and 1.21.7)", (1, 21, 5), None),
    "sprint_forward_impulse": ("LocalPlayer.aiStep starts a sprint where canStartSprinting (the move vector's forward "
                               "> 1.0E-5F, no item used, not gliding, moving slowly or partly in water unless under "
                               "water): a double tap wherever the last tick had no forward impulse (on the ground or "
                               "not), the sprint key; the tap's ticks are cleared by the sneak key of the last tick, "
                               "an item or the back key; shouldStopRunSprinting no longer stops a sneaking, gliding "
                               "or item-using sprinter (1.21.4's shouldStopSprinting) (1.21.7; the 25w05a snapshot of "
                               "1.21.5 read: all but the back key; 1.21.6 bracketed by its 25w20a snapshot and 1.21.7)",
                               (1, 21, 5), None),
    "player_motion_cut_squared": ("LivingEntity.aiStep zeroes a player's horizontal Motion where x*x + z*z < 9.0E-6 "
                                  "(1.21.4: each of X and Z below 0.003 in size) (1.21.7; 1.21.5-1.21.6 bracketed by "
                                  "the 25w05a snapshot of 1.21.5 and 1.21.7)", (1, 21, 5), None),
    "sneak_probe_deflated": ("Player.canFallAtLeast (the sneaking edge probe, maybeBackOffFromEdge) insets the "
                             "footprint by 1.0E-7 on X and Z and reaches 1.0E-7 below the depth (1.21.4: the whole "
                             "footprint, 1.0E-5F below), the airborne test's depth (double)step height - fall "
                             "distance (was float): a sneaker 0.600005 above the ground is no longer held at an edge "
                             "(1.21.7; 1.21.5-1.21.6 bracketed by the 25w05a snapshot of 1.21.5 and 1.21.7)",
                             (1, 21, 5), None),
    "glide_ends_on_climbable": ("LivingEntity.travelFallFlying: a glider on a climbable block travels as in the "
                                "air (travelInAir) and stops gliding (1.21.4: travelGliding glides on) (1.21.7; "
                                "1.21.5-1.21.6 bracketed by the 25w05a snapshot of 1.21.5 and 1.21.7)",
                                (1, 21, 5), None),
    "pose_swimming_before_gliding": ("Player.getDesiredPose tests swimming before gliding: a gliding player who "
                                     "swims (a glider under water may start a sprint from 1.21.7) takes the "
                                     "swimming pose, was the gliding one (the same box and eye height) (1.21.7; "
                                     "1.21.5-1.21.6 bracketed by the 25w05a snapshot of 1.21.5 and 1.21.7)",
                                     (1, 21, 5), None),
    # boats of 1.21.8-1.21.11 (AbstractBoat of 1.21.8 and 1.21.11, docs/versions.md `boat`)
    "boat_splash_above_bubble_column": ("AbstractBoat.onAboveBubbleColumn draws nextInt(100) while not under water "
                                        "and, at 0, the sound's and the splash's three floats (1.21.4: the splash's "
                                        "two floats, nextInt(20), at 0 the sound's float): not simulated, a boat "
                                        "above a bubble column's surface stops the run in one line (1.21.7 and "
                                        "1.21.8; 1.21.5-1.21.6 bracketed by the 25w03a snapshot of 1.21.5 and "
                                        "1.21.7, the same AbstractBoat)", (1, 21, 5), None),
    "boat_boarding_by_type_tag": ("AbstractBoat.tick boards an entity unless its type is in the tag "
                                  "cannot_be_pushed_onto_boats (1.21.10 and 1.21.11 read; 1.21.8: not a water "
                                  "animal, player or creaking; 1.21.9 not read): the tag's members are not in the "
                                  "sources read, so a boat that would board an entity stops the run in one line",
                                  (1, 21, 9),
                                  None),
    # thrown entities and fireballs of 1.14-1.15.2 (Yarn 4ffac47a3, faf4ff525, cd982c6b8 against 1.16 2ea7bb22d)
    "thrown_ignore_entity": ("ThrownEntity.tick has no left-owner test (ProjectileEntity, 1.16): in its first tick "
                             "(age < 2) a projectile whose owner field holds a living entity (thrown by it; a "
                             "pearl's getOwner fills it each tick) ignores the first collidable entity of its query "
                             "box (getEntities' order) for 3 ticks, renewed each tick that entity is in the box; "
                             "any other entity, its owner too, can be hit (1.14-1.15.2)", (1, 14, 0), (1, 16, 0)),
    "pearl_owner_hit_ignored": ("ThrownEnderpearlEntity.onCollision returns at once where the entity hit is its "
                                "owner: no teleport, the pearl flies on (1.14-1.15.2)", (1, 14, 0), (1, 16, 0)),
    "fireball_owner_ticks": ("ExplosiveProjectileEntity.tick has no left-owner test: it counts its ticks (not in "
                             "the NBT) and passes over its owner (a LivingEntity, not in the NBT: its shooter or a "
                             "living attacker that deflected it) until the 25th, left or not (1.12.2-1.15.2: "
                             "EntityFireball.shootingEntity and ticksInAir)", OLDEST, (1, 16, 0)),
    "fireball_box_collision": ("ProjectileUtil.getCollision of a fireball first asks World.doesNotCollide of its box "
                               "(blocks, the world border, solid entities but its owner and the owner's vehicle "
                               "before the 25th tick): a box colliding where it is hits at once, a block hit at its "
                               "position (1.13.2-1.15.2: 1.13.2's ProjectileHelper.forwardsRaycast asks "
                               "isCollisionBoxesEmpty; 1.12.2 casts the ray alone)", (1, 13, 0), (1, 16, 0)),
    # minecarts of 1.16-1.16.1 (Yarn 2ea7bb22d, cd75c8c96 against 5f7dde939)
    "minecart_lava_tick": ("AbstractMinecartEntity.tick ends with the base tick's lava test: in lava "
                           "setOnFireFromLava (15 s of fire, 4 damage) and the fall distance halved, then firstUpdate "
                           "cleared (1.16.2); before, neither: a minecart in lava is not hurt", (1, 16, 2), None),
    "minecart_rail_velocity_one": ("AbstractMinecartEntity.getVelocityMultiplier is 1.0 while the cart's cell holds "
                                   "a rail (1.16); before, Entity's: the block at the position, else the one "
                                   "0.5000001 under the box, so a cart on a rail over soul sand or honey is slowed",
                                   (1, 16, 0), None),
    # XP orbs, fishing bobbers, the fall distance after 1.21.3 (read: 1.21.4, 1.21.7, 1.21.8, 1.21.11; docs/versions.md)
    "xp_orb_bounce_prev_y": ("ExperienceOrbEntity.tick: on the ground after the drag, Motion Y := -(Motion Y before "
                             "the move) x 0.4, not Y x -0.9 (1.21.4)", (1, 21, 4), None),
    "bobber_gravity_off_ground": ("FishingBobberEntity.tick adds its gravity (-0.03) only off the ground and with no "
                                  "hooked entity, not whenever its cell holds no water (1.21.6, 1.21.7 and 1.21.8; "
                                  "1.21.4 as 1.21.3; 1.21.11 the same; 1.21.5 as 1.21.4: its 25w02a snapshot and the "
                                  "25w15a snapshot of 1.21.6 have 1.21.4's FishingHook)",
                                  (1, 21, 6), None),
    "bobber_hooked_interactable": ("FishingBobberEntity.tick lets go of a hooked entity that cannot interact with "
                                   "the level (Entity.canInteractWithLevel: dead, removed or a spectator), not only "
                                   "of a removed one: a mob killed while hooked is let go at once, not when its body "
                                   "is removed 20 ticks later (1.21.10 and 1.21.11 read; 1.21.8: isRemoved only; "
                                   "1.21.9 bracketed by its 25w33a snapshot, read, and 1.21.10)", (1, 21, 9), None),
    "fall_reset_ray_capped": ("Entity.move's fall-reset raycast (1.18.2) ends at position + normalize(move) x "
                              "min(length, 8.0), not at position + move (1.21.10 and 1.21.11 read; 1.21.9 "
                              "bracketed by its 25w37a snapshot, read, and 1.21.10; 1.21.8 uncapped)", (1, 21, 9),
                              None),
    "affect_neighbors_after_removal": ("LevelChunk.setBlockState runs the old block's removal effects "
                                       "(affectNeighborsAfterRemoval, was onStateReplaced on every change) only "
                                       "where the block changed (or the new one is a rail) and the flags hold "
                                       "UPDATE_NEIGHBORS or MOVED; PistonBaseBlock.moveBlocks runs those of the "
                                       "blocks it breaks at the end, before their neighbour updates, not when it "
                                       "sets them to air (flags 18): a redstone torch toggling updates around its "
                                       "neighbours once, not twice (1.21.7 and 1.21.8; 1.21.5-1.21.6 bracketed by "
                                       "1.21.5's snapshots, read: LevelChunk of 25w03a, PistonBaseBlock of 25w04a, "
                                       "the blocks' removal effects of 25w02a and 1.21.5; 1.21.4 as 1.21.3)",
                                       (1, 21, 5), None),
    "lightning_rod_place_schedules_tick": ("LightningRodBlock.onPlace: a powered rod placed (not replacing a rod) "
                                           "without its block tick scheduled schedules the tick 8 later and stays "
                                           "powered until it runs, not set unpowered at once with flags 18, before "
                                           "Level.setBlock's neighbour updates (1.21.9 and 1.21.10 read; 1.21.11 the "
                                           "same; 1.21.8: 1.21.3's)", (1, 21, 9), None),
    "xp_orb_tick_1_21_8": ("ExperienceOrb.tick: no gravity while the box collides, followNearbyPlayer every tick "
                           "(a pull with no range test), the push out of blocks only while it collides and follows "
                           "no player, the friction (0.98F, on the ground x the slipperiness) on Y as well, the "
                           "bounce only where prevY < -0.03 (1.21.7 and 1.21.8; 1.21.11 the same; 1.21.5-1.21.6 "
                           "bracketed by the 25w03a snapshot of 1.21.5, the 25w15a and 25w18a snapshots of 1.21.6 "
                           "and 1.21.7)", (1, 21, 5), None),
    "xp_orb_push_moved_box": ("ExperienceOrb.tick pushes a colliding box out of blocks only where the box moved by "
                              "the Motion collides too (1.21.7 and 1.21.8; 1.21.6 bracketed by its 25w18a snapshot "
                              "and 1.21.7; 1.21.5, its 25w03a snapshot and the 25w15a snapshot of 1.21.6: whenever "
                              "the box collides)", (1, 21, 6), None),
    "xp_orb_spawn_1_21_7": ("new ExperienceOrb draws its yaw by nextFloat x 360.0F and its Motion in double "
                            "((nextDouble x 0.2 - 0.1) x 2), and moves an orb whose box collides by "
                            "unstuckIfPossible (1.21.7 and 1.21.8 read; 1.21.11 the same; 1.21.6 bracketed by its "
                            "25w21a snapshot, read, and 1.21.7)", (1, 21, 6), None),
}


@dataclass(frozen=True)
class Change:
    """A release range whose game code for a mechanic differs from what the engine simulates (a refused cell)."""
    first: Version
    stop: Version | None
    what: str

    def covers(self, v: Version) -> bool:
        return _spans(self.first, self.stop, v)


def _spans(first: Version, stop: Version | None, v: Version) -> bool:
    """Whether `v` is in [first, stop) (stop None: no end)."""
    return first <= v and (stop is None or v < stop)


@dataclass(frozen=True)
class Mechanic:
    title: str           # what the one-line refusal names
    used: str            # when a scene uses it: where the check sits
    changes: tuple[Change, ...]


_FLOATS = ("before 19w08b (1.14) {} ran on float motion fields with float literals ({}; 1.12.2 and 18w49a)")
_PRE_1_13_2 = ("{} of 1.13-1.13.1 not compared (the 1.13.2 client source read is 1.13.2's; 1.13 was the "
               "flattening, not bracketed with 1.12.2: docs/versions.md, \"1.13.2 sources\")")
_PRE_1_12_2 = ("{} of 1.11-1.12.1 not compared (the MCP-named 1.12.2 source read is 1.12.2's; no source of the "
               "releases before it was found: docs/versions.md)")
_BLOCK_TABLE = ("block states and shapes of another release; the table holds 1.16.5's (a full cube or shapeless "
                "block the release lacks is not caught)")
_PLAYER_1_21_5 = ("the player's client of 1.21.5 is not pinned: its KeyboardInput (read) gives 1.21.7's normalized "
                  "Vec2 and the 25w05a snapshot's LocalPlayer, Player and LivingEntity.aiStep have 1.21.7's "
                  "modifyInput, sprint rules, edge probe and 9.0E-6 cut, but LocalPlayer clears the sprint tap on the "
                  "back key and guards a zero-length input only from a later snapshot (25w15a, the first of 1.21.6, "
                  "read), and 1.21.5's LocalPlayer was not found")
# mechanic: what it is, when a scene uses it, and the releases it refuses. Releases not refused are simulated,
# with the FEATURES rows of that version. Facts: docs/versions.md (file, method, release).
MECHANICS: dict[str, Mechanic] = {
    "entity_move": Mechanic(
        "Entity.move and block collisions (spec 03)", "an entity moves", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Entity.move")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Entity.move (VoxelShapes on the motionX/Y/Z "
                                                                "fields)")))),
    "void": Mechanic(
        "the void below the world (Entity.attemptTickInVoid)", "an entity's base tick runs below y = -64", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Entity.onEntityUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Entity.onEntityUpdate")))),
    "block_effects": Mechanic(
        "checkBlockCollision in the tick (spec 03 §6.2)",
        "a block with onEntityCollision or lava is in an entity's reach", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Entity.doBlockCollisions")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Entity.doBlockCollisions")),
            Change((1, 21, 5), (1, 21, 7), "Entity.move of 1.21.5 (read) records each move as a list of Movement "
                   "steps, one per axis in the collision order (movementThisTick, a list of lists; "
                   "removeLatestMovementRecordingBatch), and applyEffectsFromBlocks flattens them, adds one to the "
                   "position where the last ends elsewhere and walks them (forEachBlockIntersectedBetween, the box "
                   "at each step's end, InsideBlockEffectApplier by effect type); 1.21.7 and 1.21.8 (read) keep at "
                   "most 100 Movement(from, to, axisIndependant) and step an axis-independent one axis by axis "
                   "(apply_effects_from_blocks, simulated from 1.21.7); 1.21.4 (read) runs 1.21.3's single check: "
                   "1.21.5's walk is neither, not simulated; 1.21.6's Entity (read), its 25w17a snapshot's "
                   "BlockGetter and the InsideBlockEffectApplier of both releases are 1.21.7's, but their blocks' "
                   "entityInside and AABB.collidedAlongVector were not read"),
            Change((1, 21, 9), (1, 21, 10), "1.21.10's block walk (read) differs from 1.21.8's: a step budget per "
                   "movement, the axis order of the movement before collisions, forEachBlockIntersectedBetween from "
                   "the box's furthest corner, bubble columns acting only on a box in their cell or a long move "
                   "(block_walk_step_budget), a piston's move no longer slowed by a cobweb (piston_move_unstuck); "
                   "1.21.9's Entity (read) has the budget and the axis order but neither the bubble column's test "
                   "(entityInside gets no precise flag) nor the piston's unscaled move; its BlockGetter (the walk "
                   "of forEachBlockIntersectedBetween) was not found"))),
    "supporting_block": Mechanic(
        "the supporting block (spec 01 §8.3)", "an entity is on the ground", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Entity.move's landing block")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Entity.move's landing block")))),
    "fluids": Mechanic(
        "fluid pushing (Entity.updateMovementInFluid, spec 04 §7)", "an entity touches water or lava", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Entity.handleWaterMovement")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Entity.handleWaterMovement (fluid states)")))),
    "tnt": Mechanic(
        "the TNT tick (TntEntity.tick, spec 06 §1)", "a TNT ticks", (
            Change(OLDEST, (1, 12, 2), _FLOATS.format("TntEntity.tick", "0.04F, 0.98F, 0.7F")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityTNTPrimed.onUpdate")))),
    "falling_block": Mechanic(
        "the falling-block tick (FallingBlockEntity.tick, spec 06 §2)", "a falling block ticks", (
            Change(OLDEST, (1, 12, 2), _FLOATS.format("FallingBlockEntity.tick", "0.04F, 0.98F, 0.7F")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityFallingBlock.onUpdate")))),
    "item": Mechanic(
        "the item tick (ItemEntity.tick, spec 06 §3)", "an item ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityItem.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityItem.onUpdate")))),
    "item_push_out": Mechanic(
        "an item pushed out of blocks (ItemEntity.tick, spec 06 §3)", "an item's box is not in free space", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Entity.pushOutOfBlocks")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Entity.pushOutOfBlocks")))),
    "xp_orb": Mechanic(
        "the XP-orb tick (ExperienceOrbEntity.tick, spec 06 §4)", "an XP orb ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityXPOrb.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityXPOrb.onUpdate")))),
    "thrown": Mechanic(
        "the thrown-projectile tick (ThrownEntity.tick, spec 06 §8)", "a snowball, egg, pearl, potion or "
        "experience bottle ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityThrowable.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityThrowable.onUpdate")))),
    "projectile_world_border": Mechanic(
        "a projectile's raycast at the world border (World.getCollisionsIncludingWorldBorder)",
        "a thrown projectile's or llama spit's path reaches the world border", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("World.rayTraceBlocks")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("World.rayTraceBlocks")))),
    "arrow": Mechanic(
        "the arrow and trident tick (PersistentProjectileEntity.tick, spec 06 §7)", "an arrow or trident ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityArrow.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityArrow.tick")),
            Change((1, 21, 9), (1, 21, 10), "AbstractArrow.tick tests whether the arrow has left its owner after "
                   "the move in 1.21.8 (read: Projectile.tick) and before the raycast in 1.21.10 (read: "
                   "checkLeftOwner, arrow_left_owner_before_raycast); 1.21.9 not read (its 25w34b snapshot, read, "
                   "still 1.21.8's), the release of the change not found"))),
    "fireball": Mechanic(
        "the fireball tick (ExplosiveProjectileEntity.tick, spec 06 §9)", "a fireball or wither skull ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityFireball.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityFireball.tick")))),
    "wind_charge": Mechanic(
        "the wind charge (AbstractWindChargeEntity.tick and its burst)", "a wind charge or breeze wind charge "
        "ticks", (
            Change(OLDEST, (1, 21, 0), "not in this version: wind charges and breeze wind charges are entities "
                   "of 1.21 (of the update_1_21 experiment in 1.20.5-1.20.6, not simulated)"),)),
    "llama_spit": Mechanic(
        "the llama-spit tick (LlamaSpitEntity.tick)", "a llama spit ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityLlamaSpit.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityLlamaSpit.tick")))),
    "fishing_bobber": Mechanic(
        "the fishing-bobber tick (FishingBobberEntity.tick)", "a fishing bobber ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityFishHook.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityFishHook.onUpdate")))),
    "firework": Mechanic(
        "the firework rocket and its boost (FireworkRocketEntity.tick)", "a firework rocket ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityFireworkRocket.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityFireworkRocket.onUpdate")))),
    "look_vector": Mechanic(
        "an entity's look vector through the sine table (Entity.getRotationVector, ProjectileEntity.setProperties, "
        "AbstractMinecart.pushOtherMinecart)",
        "a projectile is redirected along its deflector's look (1.20.5) or thrown by a player, or a minecart "
        "pushes another minecart", ()),
    "boat": Mechanic(
        "the boat tick (BoatEntity.tick, spec 06 §5)", "a boat ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityBoat.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityBoat.onUpdate")))),
    "minecart": Mechanic(
        "the minecart tick (AbstractMinecartEntity.tick, spec 06 §6)", "a minecart ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityMinecart.onUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityMinecart.onUpdate")))),
    "vehicle_passengers": Mechanic(
        "a boat's or minecart's passengers (seats, dismounting, a rider's push, spec 04 §11)", "a boat or minecart "
        "carries a passenger", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Riding")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Riding")))),
    "living": Mechanic(
        "living travel and jumping (LivingEntity.travel, tickMovement, jump, spec 05)", "a living entity ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityLivingBase.travel and onLivingUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityLivingBase.travel and onLivingUpdate")))),
    "player": Mechanic(
        "the player's client movement (ClientPlayerEntity.tickMovement, LocalPlayer.aiStep, spec 05)",
        "a player ticks", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EntityPlayerSP.onLivingUpdate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EntityPlayerSP.onLivingUpdate")),
            Change((1, 21, 5), (1, 21, 6), _PLAYER_1_21_5))),
    "elytra": Mechanic(
        "elytra flight (LivingEntity.travel, spec 05 §6)", "a living entity glides", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("the glide of EntityLivingBase.travel")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("the glide of EntityLivingBase.travel")))),
    "explosion": Mechanic(
        "the explosion's exposure and entity impulse (spec 04 §15)", "an explosion reaches entities", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("Explosion.doExplosionA")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("Explosion.doExplosionA")))),
    "explosion_living": Mechanic(
        "Blast Protection in an explosion's impulse (spec 04 §15)", "an explosion pushes a living entity wearing "
        "Blast Protection", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("EnchantmentProtection.getBlastDamageReduction")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("EnchantmentProtection.getBlastDamageReduction")))),
    "pistons": Mechanic(
        "piston pushes, slime launches and honey drag (PistonBlockEntity, spec 04 §8)", "a moving piston block "
        "pushes an entity", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("TileEntityPiston.moveCollidedEntities")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("TileEntityPiston.moveCollidedEntities")))),
    "shulker_box": Mechanic(
        "shulker-box lid pushes (ShulkerBoxBlockEntity.pushEntities, spec 04 §9)", "an opening shulker box pushes "
        "an entity", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("TileEntityShulkerBox.moveCollidedEntities")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("TileEntityShulkerBox.moveCollidedEntities")))),
    "path_finding": Mechanic(
        "path finding (spec 07)", "a mob searches a path", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("PathFinder and PathNavigate")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("PathFinder and PathNavigate")))),
    "redstone": Mechanic(
        "redstone components and a player's use of a block (engine/redstone)", "a redstone component (wire, "
        "torch, repeater, comparator, observer, button, lever, pressure plate, target, redstone block, detector "
        "rail, lightning rod) changes, is updated or ticks, a block tick runs, or a block is used", (
            Change(OLDEST, (1, 12, 2), _PRE_1_12_2.format("the redstone code")),
            Change((1, 13, 0), (1, 13, 2), _PRE_1_13_2.format("the redstone code")))),
    "fall_distance": Mechanic(
        "the fall distance (Entity.fall, Entity.baseTick, spec 03 §2)", "an entity's fall distance changes", ()),
    "block_data": Mechanic(
        "the block tables (spec 01 §8)", "a scene places a block whose collision shape is neither empty nor a full "
        "cube (a release without a table), or a block added after 1.16.5 whose behaviour is not modelled", (
            Change(OLDEST, (1, 12, 2), _BLOCK_TABLE), Change((1, 13, 0), (1, 13, 2), _BLOCK_TABLE))),
}


# The game's experiments (a world's enabled feature flags) a scene may name, `scene.experiments`: name → (the first
# release that has it, the last release where it is simulated or None, why a scene asking for it elsewhere stops).
EXPERIMENTS: dict[str, tuple[Version, Version | None, str]] = {
    "minecart_improvements": ((1, 21, 2), (1, 21, 11),
                              "the experimental minecart physics (NewMinecartBehavior) after 1.21.11 are not "
                              "simulated: not compared with 1.21.11's"),
    "redstone_experiments": ((1, 21, 2), None, "the experimental redstone (ExperimentalRedstoneController: the wire's "
                                               "power and update order from the controller, neighbour updates "
                                               "carrying a WireOrientation) is not simulated"),
}


def experiment_refusal(name: str, version: str) -> str | None:
    """Why a scene running `version` cannot ask for the experiment `name`, or None where it is simulated
    (engine/entities/minecart_experimental.py: minecart_improvements in 1.21.2-1.21.11)."""
    if name not in EXPERIMENTS:
        return f"unknown experiment {name!r} (known: {', '.join(sorted(EXPERIMENTS))})"
    first, last, why = EXPERIMENTS[name]
    v = parse_version(version)
    if v < first:
        return f"{name} does not exist before {version_text(first)}"
    return None if last is not None and v <= last else why


@dataclass(frozen=True)
class Features:
    axis_order_yxz: bool
    collision_aabb_lists: bool
    move_motion_fields: bool
    tnt_float_literals: bool
    move_sets_position: bool
    move_zeroes_both_axes: bool
    move_small_uncollided: bool
    piston_clamp: bool
    explosion_collision_shapes: bool
    explosion_double_sqrt: bool
    exposure_double_steps: bool
    exposure_ray_trace_blocks: bool
    ray_trace_voxel_shapes: bool
    explosion_hash_set_blocks: bool
    projectile_outline_shapes: bool
    thrown_check_block_collision: bool
    thrown_gravity_double: bool
    thrown_tick_1_21_2: bool
    llama_spit_gravity_double: bool
    arrow_gravity_double: bool
    arrow_tick_1_21_2: bool
    arrow_left_owner: bool
    bobber_tick_1_15: bool
    arrow_release_point_box: bool
    arrow_drag_split: bool
    arrow_in_ground_still: bool
    arrow_in_ground_zeroes_motion: bool
    arrow_in_ground_unpushed: bool
    arrow_left_owner_before_raycast: bool
    projectile_hit_margin_by_age: bool
    projectile_hit_margin_unread: bool
    arrow_hits_many: bool
    vec_double: bool
    normalize_zero_below_1e5: bool
    submerged_at_eye: bool
    item_float_height: bool
    lava_push_in_water: bool
    in_lava_by_fluid_height: bool
    item_float_by_fluid_height: bool
    lava_push: bool
    lava_flag_below_surface: bool
    submerged_below_eye: bool
    flow_own_levels: bool
    fire_block_collision: bool
    item_lava_buoyancy: bool
    item_moves_when_needed: bool
    item_bounces_only_falling: bool
    soul_sand_on_collision: bool
    slipperiness_one_below: bool
    stepped_on_can_climb: bool
    sprint_stops_below_walking: bool
    sneaking_pose_while_swimming: bool
    sneak_key_slows_input: bool
    glide_start_by_server: bool
    move_control_jump_skips_doors: bool
    lava_travel_swim_height: bool
    jump_fluid_heights: bool
    knockback_resistance_scales: bool
    knockback_clamp_float: bool
    glide_levitation_check: bool
    shulker_tick_1_15: bool
    glide_start_off_climbable: bool
    double_tap_reset_sneaking: bool
    sneak_edge_near_ground: bool
    bobber_use_checks_owner: bool
    firework_tick_1_12: bool
    firework_look_vec_1_12: bool
    firework_hand_offset: bool
    firework_tick_1_16: bool
    firework_wall_no_speedup: bool
    firework_ray_before_move: bool
    blast_protection_linear: bool
    raycast_world_border: bool
    item_entity_world_random: bool
    xp_orb_merging: bool
    world_height_1_18: bool
    falling_block_tick_1_12: bool
    fall_through_1_12: bool
    thrown_tick_1_12: bool
    arrow_tick_1_12: bool
    arrow_tick_1_13: bool
    trident_bounce_float: bool
    fireball_ray_1_12: bool
    llama_spit_tick_1_12: bool
    minecart_float_literals: bool
    minecart_height_gain_divided: bool
    minecart_rider_forward_push: bool
    minecart_living_rider_push: bool
    dismount_blocks_only: bool
    dismount_top_solid_material: bool
    boat_liquid_height_1_12: bool
    boat_water_level_above_absolute: bool
    move_relative_float: bool
    ground_accel_by_drag: bool
    ground_accel_1_13: bool
    climbing_1_12: bool
    water_travel_1_12: bool
    water_travel_no_climb: bool
    jump_in_fluid_flags: bool
    jump_boost_in_motion: bool
    elytra_gravity_literal: bool
    player_client_1_12: bool
    player_client_1_13: bool
    move_control_1_12: bool
    move_control_jump_by_step: bool
    pearl_owner_living: bool
    item_tick_1_12: bool
    push_out_1_12: bool
    xp_orb_tick_1_12: bool
    water_material_acceleration: bool
    fluid_height_level_only: bool
    in_lava_material_box: bool
    block_collisions_1_12: bool
    falling_block_spawn_from_block: bool
    falling_block_top_inclusive: bool
    concrete_landing_side_water: bool
    item_push_out_contracted: bool
    random_triangular: bool
    dispenser_projectile_items: bool
    projectile_deflection: bool
    fireball_acceleration_power: bool
    fireball_tick_1_21_2: bool
    wind_charge_top_inclusive: bool
    explosion_add_velocity: bool
    explosion_normalized_direction: bool
    explosion_sets_projectile_owner: bool
    explosion_preserves_decorations: bool
    supporting_block: bool
    block_collision_deflate_1e7: bool
    fire_check_contract_1e6: bool
    powder_snow_soft_landing: bool
    powder_snow_climb_was_in: bool
    move_fall_reset_raycast: bool
    tick_block_collision: bool
    fire_block_1_21_2: bool
    apply_effects_from_blocks: bool
    bubble_column_above_no_collision: bool
    block_walk_step_budget: bool
    piston_move_unstuck: bool
    push_away_double_sqrt: bool
    minecart_water_drag: bool
    boat_fall_distance_float: bool
    tnt_minecart_blast_primes: bool
    boat_gravity_double: bool
    boat_water_entry_space_check: bool
    boat_fall_never_breaks: bool
    minecart_controller_1_21_2: bool
    knockback_double: bool
    jump_boost_double: bool
    swim_start_in_water_block: bool
    sprint_soft_collision: bool
    sprint_air_speed_float: bool
    passenger_attachment_points: bool
    vehicle_attachment_points: bool
    dismount_vehicle_spots: bool
    dismount_boat_clear_of_boat: bool
    dismount_portal_on_top: bool
    boat_dismount_passenger_yaw: bool
    boat_dismount_block_heights: bool
    ridden_dead_vehicle_skips_tick: bool
    dismount_removed_vehicle_in_place: bool
    dismount_closest_free_spot: bool
    minecart_rider_input_push: bool
    elytra_cos_double: bool
    fall_distance_float_step: bool
    swift_sneak: bool
    sneak_edge_only_falling: bool
    push_away_checks_pushable: bool
    flying_travel_needs_ai: bool
    living_tick_skips_removed: bool
    elytra_limit_fall_distance: bool
    off_ground_speed_live: bool
    no_sprint_start_gliding: bool
    fall_damage_immune_tag: bool
    shulker_tick_1_17: bool
    on_landing_effects: bool
    flying_slipperiness_velocity_affecting: bool
    living_attributes: bool
    sprint_jump_kick_double: bool
    sneak_edge_below_feet: bool
    knockback_projectile_velocity: bool
    living_attributes_1_21: bool
    step_up_heights: bool
    explosion_knockback_resistance: bool
    jump_keeps_faster_rise: bool
    effective_gravity_after_move: bool
    tick_gliding: bool
    land_on_logical_side: bool
    pig_step_height_half: bool
    undead_swim_goal: bool
    swim_goal_any_depth: bool
    villager_swim_goal: bool
    stay_above_water_float_height: bool
    goal_selector_every_third_tick: bool
    goal_selector_alternate: bool
    goal_selector_alternate_by_age: bool
    sine_index_double: bool
    redirect_look_unnormalized: bool
    fall_distance_double: bool
    wire_power_steps_1_13: bool
    torch_burnout_draws_1_13: bool
    normal_cube_1_13: bool
    observer_added_pulses_1_12: bool
    torch_schedules_while_due_1_12: bool
    lamp_added_updates_1_12: bool
    hooks_on_block_change_1_12: bool
    trapdoor_follows_power_1_12: bool
    door_unpowered_by_sources_1_12: bool
    note_block_entity_1_12: bool
    no_shape_updates_1_12: bool
    update_observing_blocks_1_12: bool
    piston_head_needs_base_1_12: bool
    set_block_state_no_recheck_1_12: bool
    piston_move_per_block_1_12: bool
    comparator_power_at_sides_1_14: bool
    gate_pulse_off_high_1_14: bool
    tnt_angle_math_random_1_13: bool
    tnt_angle_two_pi_double_1_12: bool
    tnt_prime_float_centre_1_14: bool
    piston_vacate_each_1_14: bool
    tnt_exploded_float_centre_1_15: bool
    wire_lines_1_15: bool
    detector_rail_box_float: bool
    piston_head_any_base: bool
    comparator_compare_side_zero: bool
    tick_scheduler_chunks: bool
    neighbor_updater_chain: bool
    wire_prepare_wire_only: bool
    dispenser_world_random_slot: bool
    pressure_plate_wide_box: bool
    item_use_sound_world_random: bool
    openable_sound_world_random: bool
    note_block_sound_world_random: bool
    note_block_head_instrument: bool
    wire_runs_over_trapdoors: bool
    wire_breaks_off_its_floor: bool
    gate_breaks_off_its_floor: bool
    shulker_box_always_solid: bool
    sides_shape: bool
    shulker_box_sides_shape: bool
    chorus_flower_sides_shape: bool
    door_half_joins_any_door: bool
    piston_edge_air_movable: bool
    piston_head_short_past_quarter: bool
    piston_moving_arm_quarter_1_12: bool
    piston_moving_long_arm: bool
    piston_retract_flags_20: bool
    piston_move_states_in_order: bool
    dispenser_brush_fails: bool
    path_budget_by_range: bool
    path_reach_in_double: bool
    path_direct_skip_every_5: bool
    path_step_box_from_feet: bool
    path_goal_reached_below_1: bool
    path_passable_by_shape: bool
    path_small_blocks_refuse: bool
    path_floor_by_collision: bool
    path_euclid_search: bool
    path_range_on_expanded: bool
    path_diagonal_sides_checked: bool
    path_fall_blocked_node: bool
    path_box_entities: bool
    path_no_direct_skip: bool
    path_target_set: bool
    path_heuristic_distance_only: bool
    path_range_from_start: bool
    path_diagonal_lower_sides: bool
    path_start_through_waterlogged: bool
    path_cocoa_type: bool
    path_neighbors_cube: bool
    path_node_passed_ahead: bool
    path_timeout_bottom_centre: bool
    path_start_corners_in_order: bool
    path_from_negative_node: bool
    path_fence_nodes: bool
    path_fire_blocks: bool
    path_fluids_after_pathable: bool
    path_neighbors_first_danger: bool
    path_open_box_test: bool
    path_walkable_door: bool
    path_open_narrow_only: bool
    path_lava_fiery: bool
    path_fluids_first: bool
    path_cauldron_copies_node: bool
    path_water_after_blocks: bool
    path_blocked_doors: bool
    path_sweep_min_corner: bool
    path_start_skips_open: bool
    path_swimmer_feet_mid_water: bool
    path_closed_node_if_none: bool
    path_shortcut_between_nodes: bool
    path_leaves_kept: bool
    path_cactus_damage_other: bool
    path_damage_cautious: bool
    path_danger_trapdoor: bool
    path_successors_by_direction: bool
    path_neighbors_by_type: bool
    path_max_follow_range: bool
    path_target_up_from_target: bool
    path_target_down_to_bottom: bool
    should_stop_sprinting: bool
    apply_input_before_ai: bool
    move_control_jump_ends_in_liquid: bool
    fall_damage_floor: bool
    player_move_vector: bool
    sprint_forward_impulse: bool
    player_motion_cut_squared: bool
    sneak_probe_deflated: bool
    glide_ends_on_climbable: bool
    pose_swimming_before_gliding: bool
    boat_splash_above_bubble_column: bool
    boat_boarding_by_type_tag: bool
    thrown_ignore_entity: bool
    pearl_owner_hit_ignored: bool
    fireball_owner_ticks: bool
    fireball_box_collision: bool
    minecart_lava_tick: bool
    minecart_rail_velocity_one: bool
    xp_orb_bounce_prev_y: bool
    bobber_gravity_off_ground: bool
    bobber_hooked_interactable: bool
    fall_reset_ray_capped: bool
    xp_orb_tick_1_21_8: bool
    xp_orb_push_moved_box: bool
    xp_orb_spawn_1_21_7: bool
    affect_neighbors_after_removal: bool
    lightning_rod_place_schedules_tick: bool
    version: str = DEFAULT_VERSION
    refused: frozenset[str] = frozenset()   # the MECHANICS this version does not simulate


def version_text(v: Version) -> str:
    return f"{v[0]}.{v[1]}" if v[2] == 0 else ".".join(map(str, v))


def parse_version(text: str) -> Version:
    """"1.16.5" → (1, 16, 5); "1.16" → (1, 16, 0). Raises ValueError naming what is expected."""
    m = re.fullmatch(r"(\d+)\.(\d+)(?:\.(\d+))?", text.strip())
    if not m:
        raise ValueError(f"version {text!r} is not of the form 1.16.5")
    v = (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
    if not OLDEST <= v <= NEWEST:
        raise ValueError(f"version {text!r} is outside the supported range "
                         f"{version_text(OLDEST)}..{version_text(NEWEST)}")
    if v not in RELEASES:
        raise ValueError(f"version {text!r} is not a Java Edition release (1.11 to {version_text(NEWEST)})")
    return v


def refusing(v: Version, mechanic: str) -> Change | None:
    """The first change of `mechanic` that `v` is refused for, or None when `v` simulates it."""
    return next((c for c in MECHANICS[mechanic].changes if c.covers(v)), None)


def features_for(version: str) -> Features:
    v = parse_version(version)
    return Features(**{name: _spans(first, stop, v) for name, (_, first, stop) in FEATURES.items()},
                    version=version_text(v),
                    refused=frozenset(m for m in MECHANICS if refusing(v, m) is not None))


def refusal(features: Features, mechanic: str, where: str, what: str | None = None) -> NotImplementedError:
    """The one-line error of a refused cell of `MECHANICS`: the mechanic, the version, where, what changed.
    Callers test `mechanic in features.refused` first (a set lookup), so the text is built only to stop. `what`
    names a case a simulated cell does not cover instead."""
    if what is None:
        change = refusing(parse_version(features.version), mechanic)
        what = change.what if change else "refused"
    return NotImplementedError(f"{MECHANICS[mechanic].title} of version {features.version} at {where}: {what}")


def table() -> list[dict[str, object]]:
    """Every release × every mechanic: {"version", "mechanic", "simulated", "why"} (why: what changed, refused
    cells only), in release order, then the MECHANICS order."""
    return [{"version": version_text(v), "mechanic": m, "simulated": (c := refusing(v, m)) is None,
             "why": None if c is None else c.what} for v in RELEASES for m in MECHANICS]


def table_text(release: str | None = None) -> str:
    """`tickscope versions`: the grid of releases × mechanics (S simulated, R refused) with its legend and counts;
    for one `release`, each mechanic with what that release changed where it is refused."""
    if release is not None:
        v = parse_version(release)
        rows = [f"{version_text(v)}: {sum(refusing(v, m) is None for m in MECHANICS)} of {len(MECHANICS)} "
                "mechanics simulated"]
        for m, mech in MECHANICS.items():
            c = refusing(v, m)
            rows.append(f"  {m:<24} " + ("simulated" if c is None else f"refused where {mech.used}: {c.what}"))
        return "\n".join(rows) + "\n"
    names = list(MECHANICS)
    rows = ["columns: " + "  ".join(f"{i + 1}={m}" for i, m in enumerate(names)),
            "version  " + " ".join(f"{i + 1:>2}" for i in range(len(names)))]
    simulated = 0
    for v in RELEASES:
        marks = ["S" if refusing(v, m) is None else "R" for m in names]
        simulated += marks.count("S")
        rows.append(f"{version_text(v):<8} " + " ".join(f"{c:>2}" for c in marks))
    total = len(RELEASES) * len(names)
    rows.append(f"{simulated} simulated, {total - simulated} refused ({len(RELEASES)} releases x {len(names)} "
                "mechanics); 'tickscope versions RELEASE' says what each refused cell's release changed; "
                "docs/versions.md")
    return "\n".join(rows) + "\n"
