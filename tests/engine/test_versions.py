"""The versions table, cell by cell (engine/core/versions.py, docs/versions.md).

* Every row of FEATURES is read by the mechanic it names and changes a result: flipping exactly that flag on a
  loaded scene changes what the run gives (style rule T7). A new row without a case here fails the first test.
* Where a FEATURES row starts, the release before and the release it starts in give different results, run as
  real versions through the loader.
* Every refused cell of MECHANICS: a scene that uses the mechanic, run at that release, stops with one line naming
  a mechanic that release refuses (the cell's own, or one the scene meets first).
* The real game trace of a 1.21.2+ pearl cannon (../shared/data/peers/pearl) flown at 1.21.3 lands where the
  game's pearl did, not 3.7 km off as with the thrown tick of 1.20.4.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from engine.constants import THROWN_DRAG
from engine.core.versions import (
    FEATURES,
    MECHANICS,
    NEWEST,
    OLDEST,
    RELEASES,
    features_for,
    parse_version,
    refusing,
    table,
    version_text,
)
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.influences import explosion
from engine.tick.scene import load_scene_text
from engine.tick.scene_checks import SceneError
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, _shared_data, scene_toml

FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}


def _item(pos: list[float], motion: list[float], **extra: Any) -> dict[str, Any]:
    return {"type": "minecraft:item", "pos": pos, "motion": motion, "id": 1, **extra}


def _honey_snowball() -> str:
    """A snowball falling beside a honey block: its box reaches the honey's cell, its path does not."""
    return scene_toml(blocks=[{"at": [0, 3, 0], "block": "minecraft:honey_block"}],
                      entities=[{"type": "minecraft:snowball", "pos": [1.1, 3.5, 0.5], "motion": [0.0, -0.2, 0.0],
                                 "id": 1}])


def _boat(pos: list[float], **extra: Any) -> dict[str, Any]:
    return {"type": "minecraft:boat", "pos": pos, **extra}


def _tnt_pair(pos: list[float], **extra: Any) -> str:
    """A TNT exploding at tick 1 beside one with a long fuse (observed: id 2)."""
    return scene_toml(entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 1, "no_gravity": True},
                                {"type": "tnt", "pos": pos, "fuse": 50, "id": 2, **extra}])


# the cases whose flag changes the fall distance (observed with the position and Motion)
# the flags whose case differs in the entity's pose alone (outcome's `pose`)
POSE_CASES = {"pose_swimming_before_gliding", "player_client_1_12", "player_client_1_13"}
FALL_DISTANCE_CASES = {"fall_distance_float_step", "elytra_limit_fall_distance", "on_landing_effects",
                       "move_fall_reset_raycast", "fall_distance_double", "fall_reset_ray_capped"}
LIVING_REMOVAL_TICK = 31   # the fall kills zombie 1 in tick 11
_ELYTRA_DIVE = (SCENES_DIR / "elytra_dive.toml").read_text()

def _deflection(yaw: float, version: str) -> str:
    """A snowball owned by a TNT looking `yaw`, 10° pitch hits a ghast fireball (observed: id 1)."""
    return scene_toml(scene={"version": version}, entities=[
        {"type": "tnt", "pos": [0.5, 40.0, 8.5], "fuse": 1000, "no_gravity": True, "yaw": yaw, "pitch": 10.0,
         "id": 5},
        {"type": "minecraft:fireball", "pos": [3.5, 60.0, 0.5], "motion": [-0.05, 0.0, 0.0],
         "power": [-0.01, 0.0, 0.0], "id": 1},
        {"type": "minecraft:snowball", "pos": [0.5, 60.5, 0.5], "motion": [1.5, 0.0, 0.0], "owner": 5,
         "left_owner": True, "id": 2}])


# flag → (scene TOML, ticks, entity id observed)
CASES: dict[str, tuple[str, int, int]] = {
    # X then Z (before 1.14) or the larger Z first: the corner block stops a different axis
    "axis_order_yxz": ((SCENES_DIR / "flag_axis_order_yxz.toml").read_text(), 1, 1),
    # 1.12.2: a TNT 5e-8 into the floor's top falls through it (AxisAlignedBB offsets have no 1.0E-7 tolerance)
    "collision_aabb_lists": ((SCENES_DIR / "flag_collision_aabb_lists.toml").read_text(), 2, 1),
    # 1.12.2: a TNT drifting by 1e-4 a tick without gravity moves (no 1.0E-7 threshold)
    "move_motion_fields": ((SCENES_DIR / "flag_move_motion_fields.toml").read_text(), 3, 1),
    # 1.12.2: an explosion centred inside a stone block reaches a TNT inside the same block (its rays cross no face)
    "exposure_ray_trace_blocks": ((SCENES_DIR / "flag_exposure_ray_trace_blocks.toml").read_text(), 1, 2),
    # 1.13.2: rays entering the stone that holds the centre within 1.0E-4 of it pass (VoxelShape.rayTrace from the
    # walk's entry point: too short a piece); 1.14's raycast stops them
    "ray_trace_voxel_shapes": ((SCENES_DIR / "explosion_in_block_1_13_2.toml").read_text(), 1, 3),
    # 1.12.2: no shuffle, the sound's two floats: the TNT block caught is primed after other world-Random draws
    "explosion_hash_set_blocks": ((SCENES_DIR / "flag_explosion_hash_set_blocks.toml").read_text(), 1, 2),
    # 1.12.2: a falling block landing with its centre over air stays an entity on the ledge (1.16.5 drops it)
    "falling_block_tick_1_12": ((SCENES_DIR / "flag_falling_block_tick_1_12.toml").read_text(), 5, 1),
    # 1.13.2: a sand landing on a stone's edge with grass under its position falls on (grass is replaceable);
    # 1.12.2's canFallThrough knows air, fire, water and lava only: it is placed above the grass
    "fall_through_1_12": ((SCENES_DIR / "flag_fall_through_1_12.toml").read_text(), 10, 1),
    # 1.12.2: a snowball flying low over grass stops on its bounding box (1.16.5's raycast meets collision shapes)
    "thrown_tick_1_12": ((SCENES_DIR / "flag_thrown_tick_1_12.toml").read_text(), 3, 1),
    # 1.12.2: an arrow bounces off an unhurt TNT by the float -0.1F (1.14: the double -0.1)
    "arrow_tick_1_12": ((SCENES_DIR / "arrow_tnt_1_12_2.toml").read_text(), 3, 1),
    # 1.13.2: an arrow sticks in stone backed off by motion / (float)(|motion| x 20.0F), not 1.12.2's
    "arrow_tick_1_13": ((SCENES_DIR / "arrow_stone_1_13_2.toml").read_text(), 9, 1),
    # 1.13.2: a trident bounces off an unhurt TNT by the widened floats -0.01F and -0.1F (1.14: the doubles)
    "trident_bounce_float": ((SCENES_DIR / "trident_tnt_1_13_2.toml").read_text(), 3, 1),
    # 1.12.2: a small fireball falling through the open corner of a fence joined north and east hits its bounding box
    # (1.14: the collision shape's post and arms leave the corner open; 1.13.2 refuses the fence's shapes)
    "fireball_ray_1_12": ((SCENES_DIR / "fireball_fence_corner_1_12_2.toml").read_text(), 2, 1),
    # 1.12.2: a llama spit is removed on meeting a TNT (1.14: only on a block hit)
    "llama_spit_tick_1_12": ((SCENES_DIR / "llama_spit_1_12_2.toml").read_text(), 3, 1),
    # 1.12.2 and 1.13.2: a minecart rolling down a slope, with (double)0.04F, 0.96F (0.95F, 0.2F) or 1.14's doubles,
    # its height gain as motion / speed x (speed + gain) or x ((speed + gain) / speed)
    "minecart_float_literals": ((SCENES_DIR / "minecart_slope_1_12_2.toml").read_text(), 36, 1),
    "minecart_height_gain_divided": ((SCENES_DIR / "minecart_slope_1_12_2.toml").read_text(), 36, 1),
    # 1.12.2: a player riding a minecart at rest holds forward: pushed by 0.1 along its yaw (1.14: by its Motion, 0)
    "minecart_rider_forward_push": ((SCENES_DIR / "minecart_rider_1_12_2.toml").read_text(), 20, 2),
    # 1.12.2: a zombie riding a cart walks to a target and pushes it (1.13.2: a player's moveForward alone)
    "minecart_living_rider_push": ((SCENES_DIR / "minecart_mob_rider_1_12_2.toml").read_text(), 20, 2),
    # 1.12.2: a player sneaking out of a boat steps off beside it, its own box free of blocks (1.13.2: on the boat)
    "dismount_blocks_only": ((SCENES_DIR / "dismount_boat_1_12_2.toml").read_text(), 3, 2),
    # 1.12.2 and 1.13.2: a TNT riding a cart that dies in its own tick only dismounts (1.14: ticked on it, then again)
    "ridden_dead_vehicle_skips_tick": ((SCENES_DIR / "riders_void_minecart_1_12_2.toml").read_text(), 3, 2),
    # 1.12.2 and 1.13.2: a zombie thrown out of a cart over glass finds no solid top (1.14: glass's full top)
    "dismount_top_solid_material": ((SCENES_DIR / "dismount_minecart_glass_1_12_2.toml").read_text(), 6, 2),
    # 1.12.2: boat 1 over a source under water, full by getBlockLiquidHeight (1.13.2's getHeight(): not full); boat 3
    # dropped into water, put on the layer above it by 1.13.2's getWaterLevelAbove
    "boat_liquid_height_1_12": ((SCENES_DIR / "boat_water_1_12_2.toml").read_text(), 40, 1),
    "boat_water_level_above_absolute": ((SCENES_DIR / "boat_water_1_12_2.toml").read_text(), 40, 3),
    # up to 1.15.2 a pearl's owner is a living entity: a pearl owned by a TNT teleports nothing
    "pearl_owner_living": ((SCENES_DIR / "flag_pearl_owner_living.toml").read_text(), 3, 2),
    # 1.12.2: a falling item loses (double)0.04F a tick, not 0.04 (a slow item on ice moving every tick, which this
    # case showed first, is also 1.14's: `item_moves_when_needed`)
    "item_tick_1_12": ((SCENES_DIR / "flag_item_tick_1_12.toml").read_text(), 2, 1),
    # 1.12.2: an item in the middle of a stone block is pushed out west (1.14: north)
    "push_out_1_12": ((SCENES_DIR / "flag_push_out_1_12.toml").read_text(), 1, 1),
    # 1.12.2: a summoned XP orb falls by (double)0.03F
    "xp_orb_tick_1_12": ((SCENES_DIR / "flag_xp_orb_tick_1_12.toml").read_text(), 1, 1),
    # 1.12.2: falling water beside glass pulls a TNT in it nowhere (no downward current)
    "water_material_acceleration": ((SCENES_DIR / "flag_water_material_acceleration.toml").read_text(), 1, 1),
    # 1.13.2 (as 1.12.2): Entity.doBlockCollisions meets a bubble column, whose onEntityCollision is not compared:
    # the run stops in one line (1.14, the scene's release, pushes the item down); the fire test's lava:
    # tests/engine/test_version_1_12.py
    "block_collisions_1_12": ((SCENES_DIR / "flag_block_collisions_1_12.toml").read_text(), 2, 1),
    # 1.13.2: falling water beside glass pulls a TNT in it nowhere (1.12.2's causesDownwardCurrent; 1.14 pulls)
    "fluid_height_level_only": ((SCENES_DIR / "flag_fluid_height_level_only.toml").read_text(), 1, 1),
    # 1.13.2: an item 0.05 above lava is in lava (the material box shrunk by 0.4 and re-sorted reaches under it)
    "in_lava_material_box": ((SCENES_DIR / "flag_in_lava_material_box.toml").read_text(), 2,
                             1),
    # 1.12.2: a falling TNT's gravity and drag are (double)0.04F and (double)0.98F
    "tnt_float_literals": ((SCENES_DIR / "flag_tnt_float_literals.toml").read_text(), 1,
                           1),
    # a TNT flying sideways: the box's centre and position + movement round differently
    "move_sets_position": ((SCENES_DIR / "flag_move_sets_position.toml").read_text(), 7, 1),
    # into a corner on X and Z: before 1.18 only Z is zeroed
    "move_zeroes_both_axes": ((SCENES_DIR / "flag_move_zeroes_both_axes.toml").read_text(), 1, 1),
    # a TNT drifting by 1e-4 a tick without gravity: too short to move before 1.21.2
    "move_small_uncollided": ((SCENES_DIR / "flag_move_motion_fields.toml").read_text(), 3, 1),
    "piston_clamp": ((SCENES_DIR / "piston_clamp_two_pistons.toml").read_text(), 3, 1),
    # a cobweb (no collision shape, an outline) between the TNT and the one it pushes
    "explosion_collision_shapes": ((SCENES_DIR / "flag_explosion_collision_shapes.toml").read_text(), 1, 2),
    # distance and direction length in float (MathHelper.sqrt) or double (Math.sqrt)
    "explosion_double_sqrt": ((SCENES_DIR / "flag_explosion_double_sqrt.toml").read_text(), 1, 2),
    # sample fractions stepped in float or double: the traced sample points move (tracing: `outcome`)
    "exposure_double_steps": ((SCENES_DIR / "flag_explosion_double_sqrt.toml").read_text(), 1, 2),
    # a snowball thrown through a cobweb's cell
    "projectile_outline_shapes": ((SCENES_DIR / "flag_projectile_outline_shapes.toml").read_text(), 1, 1),
    # honey side sliding reaches a thrown entity only through checkBlockCollision
    "thrown_check_block_collision": ((SCENES_DIR / "flag_thrown_check_block_collision.toml").read_text(), 1, 1),
    # a snowball in flight: gravity 0.03F or the double 0.03
    "thrown_gravity_double": ((SCENES_DIR / "flag_thrown_gravity_double.toml").read_text(), 3, 1),
    # a snowball in flight: moves by the Motion before (up to 1.21.1) or after the drag and gravity
    "thrown_tick_1_21_2": ((SCENES_DIR / "flag_thrown_gravity_double.toml").read_text(), 3, 1),
    # a llama spit in flight: gravity 0.06F or the double 0.06
    "llama_spit_gravity_double": ((SCENES_DIR / "flag_llama_spit_gravity_double.toml").read_text(), 3, 1),
    # an arrow in flight: gravity 0.05F or the double 0.05
    "arrow_gravity_double": ((SCENES_DIR / "flag_arrow_gravity_double.toml").read_text(), 3, 1),
    # an arrow hitting stone: backed off 0.05F along the hit vector keeping its Motion, or by signum(Motion) ×
    # 0.05F per axis with its Motion zeroed (1.21.2)
    "arrow_tick_1_21_2": ((SCENES_DIR / "flag_arrow_tick_1_21_2.toml").read_text(), 2, 1),
    # an arrow in water: its entity search box stretched by the Motion before (up to 1.21.3: it hits the TNT at the
    # path's end) or after the water drag (1.21.4: short of the TNT, it flies on)
    "arrow_drag_split": ((SCENES_DIR / "arrow_water_drag_1_21_4.toml").read_text(), 2, 1),
    # a stuck arrow beside an exploding TNT: pushed (up to 1.21.3) or left still (1.21.4), then falls out
    "arrow_in_ground_still": ((SCENES_DIR / "arrow_stuck_explosion_1_21_4.toml").read_text(), 6, 1),
    # an arrow placed inside stone with a Motion: kept (up to 1.21.4) or zeroed (1.21.7) by the in-ground test, then
    # released with it x nextFloat() x 0.2F when the stone goes
    "arrow_in_ground_zeroes_motion": ((SCENES_DIR / "arrow_in_ground_motion_1_21_8.toml").read_text(), 5, 1),
    # an arrow stuck under flowing water: pushed east by the base tick of the tick it stuck in (up to 1.21.4) or not
    "arrow_in_ground_unpushed": ((SCENES_DIR / "arrow_stuck_in_flowing_water_1_21_8.toml").read_text(), 1, 1),
    # a snowball passing 0.16 beside a TNT in its third tick: hits it (0.3F) or flies on (computeMargin, 1.21.7);
    # 1.21.5-1.21.6 (not read) stop at that hit
    "projectile_hit_margin_by_age": ((SCENES_DIR / "snowball_hit_margin_1_21_8.toml").read_text(), 4, 1),
    "projectile_hit_margin_unread": ((SCENES_DIR / "snowball_hit_margin_1_21_8.toml").read_text(), 4, 1),
    # an arrow flying at its owner: left at the start of tick 1 (1.21.10: deflected off it) or never (flies through)
    "arrow_left_owner_before_raycast": ((SCENES_DIR / "arrow_left_owner_1_21_10.toml").read_text(), 4, 1),
    # an arrow through two TNTs in one tick: deflected by the first (up to 1.21.10) or by both in one pass
    "arrow_hits_many": ((SCENES_DIR / "arrow_two_targets_1_21_11.toml").read_text(), 1, 1),
    # an arrow from a dispenser: its direction (1, 0.1F, 0) normalised by the float or the double length
    "vec_double": ((SCENES_DIR / "dispenser_arrow.toml").read_text(), 2, 2),
    # a TNT 4.9e-5 deep in diagonally flowing water: a mean flow that short normalises to zero, or to a full push
    "normalize_zero_below_1e5": ((SCENES_DIR / "fluid_push_shallow.toml").read_text(), 2, 1),
    # an XP orb whose eye is 0.05 above the water: submerged (eye − 0.11111111F under the surface) or not (1.20.5)
    "submerged_at_eye": ((SCENES_DIR / "fluid_submerged_eye.toml").read_text(), 1, 1),
    # an item 0.1007 deep: sinks (below eye height − 0.11111111F) or floats (above 0.1F, 1.20.5)
    "item_float_height": ((SCENES_DIR / "item_float_height.toml").read_text(), 1, 1),
    # a TNT touching still water and flowing lava: unpushed (1.16.1 skips the lava) or pushed east (1.16.2)
    "lava_push_in_water": ((SCENES_DIR / "fluid_lava_in_water_1_16_1.toml").read_text(), 2, 1),
    # an item 0.0004 under a lava surface: burnt by FluidBlock's inLava flag (1.16.1) or not in lava (1.16.2)
    "in_lava_by_fluid_height": ((SCENES_DIR / "fluid_in_lava_flag_1_16_1.toml").read_text(), 3, 1),
    # an item over stone whose box reaches into water: falls (1.16.1, air at its eye) or floats (1.16.2)
    "item_float_by_fluid_height": ((SCENES_DIR / "fluid_item_float_1_16_1.toml").read_text(), 1, 1),
    # a TNT in flowing lava: unpushed (1.15.2: water alone) or pushed east by the minimum push (1.16)
    "lava_push": ((SCENES_DIR / "fluid_lava_no_push_1_15_2.toml").read_text(), 2, 1),
    # an XP orb with its eye in a hanging water source's cell: submerged (1.15.2, the eye's cell) or not (1.16)
    "submerged_below_eye": ((SCENES_DIR / "fluid_submerged_eye_cell_1_15_2.toml").read_text(), 1, 1),
    # a TNT in a flow beside a water column: pushed along world heights (1.14.2) or own levels (1.14.3)
    "flow_own_levels": ((SCENES_DIR / "fluid_flow_world_heights_1_14_2.toml").read_text(), 1, 1),
    # an item in lava: thrown up (1.15.2) or floating (1.16)
    "item_lava_buoyancy": ((SCENES_DIR / "fluid_item_in_lava_1_15_2.toml").read_text(), 1, 1),
    # the same item in its second tick: burnt in the move and removed by the lava (1.15.2), or alive (1.16)
    "fire_block_collision": ((SCENES_DIR / "fluid_item_in_lava_1_15_2.toml").read_text(), 2, 1),
    # an item above a lava surface in its cell: in lava and removed (1.15.2) or untouched (1.16)
    "lava_flag_below_surface": ((SCENES_DIR / "fluid_lava_flag_1_15_2.toml").read_text(), 2, 1),
    # an item resting on stone: moved every tick (1.14) or every 4 ticks (1.14.1)
    "item_moves_when_needed": ((SCENES_DIR / "item_resting_1_14.toml").read_text(), 1, 1),
    # a TNT sliding on soul sand over two cells: × 0.4 per cell in the block check (1.14.4) or × 0.4F once (1.15)
    "soul_sand_on_collision": ((SCENES_DIR / "soul_sand_1_14.toml").read_text(), 2, 1),
    # an item landing on slime: sent down again by the ground's × −0.5 (1.16.1) or bouncing up (1.16.2)
    "item_bounces_only_falling": ((SCENES_DIR / "item_slime_bounce_1_16_1.toml").read_text(), 12, 1),
    # a bobber 40 m from its owner, hooking an item, reeled in before it ticks: pulls the item, or is removed first
    # (1.17; at 1.17 the player itself is refused: `living`)
    "bobber_use_checks_owner": ((SCENES_DIR / "flag_bobber_use_checks_owner.toml").read_text(), 1, 2),
    # a rocket boosting the gliding player of elytra_dive.toml: at the player's position, or at its right hand
    "firework_hand_offset": ((SCENES_DIR / "flag_firework_hand_offset.toml").read_text(), 3, 2),
    # a snowball flying out through a world border of size 20: on through it, or stopped by it (1.21.2)
    "raycast_world_border": ((SCENES_DIR / "flag_raycast_world_border.toml").read_text(), 3, 1),
    # a dispensed stone (entity 2, beside a hovering TNT): its ItemEntity draws a Motion from its own Random, or two
    # doubles from the world's before the dispenser's own draws
    "item_entity_world_random": ((SCENES_DIR / "flag_item_entity_world_random.toml").read_text(), 2, 2),
    # two orbs of one value whose ids differ by 40, side by side: the first merges the second on its first tick
    "xp_orb_merging": ((SCENES_DIR / "flag_xp_orb_merging.toml").read_text(), 1, 41),
    # an item falling at y -100: below the void's -64 up to 1.17.1, above the 1.18 overworld's -128
    "world_height_1_18": ((SCENES_DIR / "flag_world_height_1_18.toml").read_text(), 1, 1),
    # a falling block with no block at its position: its first tick removes it, or it falls on (1.18.2)
    "falling_block_spawn_from_block": ((SCENES_DIR / "flag_falling_block_spawn_from_block.toml").read_text(), 2, 1),
    # a hovering falling block in the nether's top row (y 255..256) after 100 ticks: dropped only from 1.21.2
    "falling_block_top_inclusive": ((SCENES_DIR / "flag_falling_block_top_inclusive.toml").read_text(), 1, 1),
    # an item whose box dips 5e-8 into the stone below: pushed out, or free once contracted by 1e-7
    "item_push_out_contracted": ((SCENES_DIR / "flag_item_push_out_contracted.toml").read_text(), 1, 1),
    # an arrow from a dispenser: a gaussian or a triangular spread per axis from its Random
    "random_triangular": ((SCENES_DIR / "dispenser_arrow.toml").read_text(), 2, 2),
    # the same arrow: from the output location aimed 0.1F up, or 0.1 higher aimed along the facing
    "dispenser_projectile_items": ((SCENES_DIR / "dispenser_arrow.toml").read_text(), 2, 2),
    # a snowball owned by a TNT looking 30° yaw, 10° pitch hits a ghast fireball: Entity.damage sets the look as
    # the fireball's Motion, or the redirect sets the look normalised in double
    "projectile_deflection": ((SCENES_DIR / "flag_projectile_deflection.toml").read_text(), 4, 1),
    # a snowball owned by a TNT looking 22.5° yaw hits a ghast fireball at 1.21.11: the redirect's look reads cos(π/8)
    # from the sine table's entry 12288 (index in float) or 12287 (index in double, a hair under 12288)
    "sine_index_double": ((SCENES_DIR / "flag_sine_index_double.toml").read_text(), 4, 1),
    # the same at 1.21.11: the fireball's Motion is the look normalised in double, or the look as it is
    "redirect_look_unnormalized": ((SCENES_DIR / "flag_sine_index_double.toml").read_text(), 4, 1),
    # 1.21.4: a sprinter who sneaks stops sprinting (ClientPlayerEntity.shouldStopSprinting)
    "should_stop_sprinting": ((SCENES_DIR / "player_sneak_stops_sprint_1_21_4.toml").read_text(), 10, 1),
    # a zombie walks at a point: its AI input damped before the AI sets it (undamped) or after (1.21.4)
    "apply_input_before_ai": ((SCENES_DIR / "flag_apply_input_before_ai.toml").read_text(),
                              10, 1),
    # a zombie in a pool jumps at a point above: JUMPING ends in the water and it swims up again, or it stays
    "move_control_jump_ends_in_liquid": ((SCENES_DIR / "zombie_jump_ends_in_water_1_21_8.toml").read_text(), 10, 1),
    # a zombie with 1 health drops 3.5 blocks: floor(0.5 + 1.0E-6) = 0 damage, or ceil(0.5) = 1 (dies, removed)
    "fall_damage_floor": ((SCENES_DIR / "flag_fall_damage_floor.toml").read_text(), 40, 1),
    # 1.21.7 players (LocalPlayer): a diagonal walk's normalized move vector through modifyInput, or (1, 1) x 0.98F
    "player_move_vector": ((SCENES_DIR / "player_diagonal_walk_1_21_8.toml").read_text(), 8, 1),
    # a double tap in mid-air sprints (canStartSprinting), or the tap opens only on the ground
    "sprint_forward_impulse": ((SCENES_DIR / "player_double_tap_air_1_21_8.toml").read_text(), 10, 1),
    # a player slowing to a stop glides while x² + z² ≥ 9.0E-6, or stops where X and Z are below 0.003
    "player_motion_cut_squared": ((SCENES_DIR / "player_stop_cut_1_21_8.toml").read_text(), 18, 1),
    # a sneaker 0.600005 above a block moves past its edge (the probe 1.0E-7 deep), or is held (1.0E-5F deep)
    "sneak_probe_deflated": ((SCENES_DIR / "player_sneak_probe_1_21_8.toml").read_text(), 3, 1),
    # a glider in vines travels as in the air and stops gliding, or glides on
    "glide_ends_on_climbable": ((SCENES_DIR / "elytra_vine_glide_ends_1_21_8.toml").read_text(), 3, 1),
    # a glider swimming under water: its pose is the swimming one, or the gliding one (POSE_CASES)
    "pose_swimming_before_gliding": ((SCENES_DIR / "elytra_swimming_glider_1_21_8.toml").read_text(), 3, 1),
    # a dropped item falls: its fall distance sums the drops (each cast to float) in double, or in float
    # path finding of 1.16-1.16.1 against 1.16.2 (tests/engine/test_version_path_1616.py): a zombie's path to a pit
    # under a trapdoor ends beside it (the OPEN cell's box meets the trapdoor), or drops in
    "path_open_box_test": ((SCENES_DIR / "zombie_path_pit_under_trapdoor_1_16.toml").read_text(), 40, 1),
    # a villager past a lone closed door on its diagonal: through it (WALKABLE), or into it from the side
    "path_walkable_door": ((SCENES_DIR / "villager_path_closed_door_1_16.toml").read_text(), 40, 1),
    # an iron golem along a ditch by a wall: one block off it (OPEN, the box meets the wall), or along it
    "path_open_narrow_only": ((SCENES_DIR / "iron_golem_path_ditch_by_wall_1_16.toml").read_text(), 40, 1),
    # a zombie round a lava pool: two blocks off it (LAVA beside it), or one (DANGER_FIRE)
    "path_lava_fiery": ((SCENES_DIR / "flag_path_lava_fiery.toml").read_text(), 60, 1),
    # a zombie paths into a pen of waterlogged fences: not at all (FENCE, the fluids last), or through its side
    "path_fluids_first": ((SCENES_DIR / "flag_path_fluids_first.toml").read_text(), 60, 1),
    # a zombie leaving a cauldron: the lifted node after it keeps its DANGER_OTHER (no shortcut), or is the
    # cauldron node's copy (the shortcut two ticks earlier)
    "path_cauldron_copies_node": ((SCENES_DIR / "zombie_path_from_cauldron_1_16.toml").read_text(), 12, 1),
    # path finding of 1.13.2 against 1.14 (tests/engine/test_version_path_1132.py): behind a long wall the search ends
    # after 200 nodes, short of the target, or reaches it (SEARCH_TYPE_CASES: the walk the same for 160 ticks)
    "path_budget_by_range": ((SCENES_DIR / "zombie_path_round_long_wall_1_13_2.toml").read_text(), 1, 1),
    # a zombie 0.44999998 off its node's centre: not reached in float (back to the centre first), or reached
    "path_reach_in_double": ((SCENES_DIR / "zombie_path_reach_edge_1_13_2.toml").read_text(), 10, 1),
    # the staircase walked with the direct-line skip every tick, or every 5 ticks
    "path_direct_skip_every_5": ((SCENES_DIR / "zombie_path_staircase_1_13_2.toml").read_text(), 40, 1),
    # a zombie on a carpet: no step up from it (the box meets the carpet), or onto the ledge at once
    "path_step_box_from_feet": ((SCENES_DIR / "zombie_path_step_from_carpet_1_13_2.toml").read_text(), 40, 1),
    "path_goal_reached_below_1": ((SCENES_DIR / "zombie_path_goal_at_one_1_13_2.toml").read_text(), 100, 1),
    # path finding of 1.12.2 against 1.13.2 (tests/engine/test_version_path_1122.py): a chorus flower in a wall's gap
    # passes by its material (the zombie walks into it), or is BLOCKED (it jumps over)
    "path_passable_by_shape": ((SCENES_DIR / "zombie_path_chorus_flower_1_12_2.toml").read_text(), 40, 1),
    "path_small_blocks_refuse": ((SCENES_DIR / "zombie_path_flower_pots_1_15.toml").read_text(), 40, 1),
    # a zombie onto snow five layers deep: a jump (the move aimed at the bounding box's top), or a step
    "path_floor_by_collision": ((SCENES_DIR / "zombie_path_snow_step_1_12_2.toml").read_text(), 24, 1),
    # path finding of 1.14 against 1.14.1 (tests/engine/test_version_path_114.py): a zombie round a wall by Manhattan
    # or Euclidean distances
    "path_euclid_search": ((SCENES_DIR / "zombie_path_round_wall_1_14.toml").read_text(), 80, 1),
    # a zombie with a follow range of 6 walks towards a target 6.3 away (successors within range), or stays
    "path_range_on_expanded": ((SCENES_DIR / "zombie_path_near_range_1_14.toml").read_text(), 40, 1),
    # a zombie on open ground: a staircase (no diagonal between walkable sides), or the diagonal
    "path_diagonal_sides_checked": ((SCENES_DIR / "zombie_path_open_diagonal_1_14.toml").read_text(), 40, 1),
    # a zombie paths over a gap in a floor at y 0 and falls in (the OPEN node kept), or goes round it
    "path_fall_blocked_node": ((SCENES_DIR / "zombie_path_over_bottom_gap_1_14.toml").read_text(), 40, 1),
    # a zombie round a ditch with a boat in it: the boat's box blocks the cell above it, or is not seen
    "path_box_entities": ((SCENES_DIR / "zombie_path_boat_in_ditch_1_14.toml").read_text(), 40, 1),
    # the staircase walked with the direct-line skip every 5 ticks, or node by node
    "path_no_direct_skip": ((SCENES_DIR / "zombie_path_open_diagonal_1_14.toml").read_text(), 40, 1),
    # path finding of 1.14.1-1.14.3 against 1.14.4 (tests/engine/test_version_path_1143.py): a zombie walks onto its
    # target (the target itself popped), or stops a block short (reach distance 1)
    "path_target_set": ((SCENES_DIR / "zombie_path_onto_target_1_14_3.toml").read_text(), 80, 1),
    # a zombie round a strip of water (the water nodes' penalty in the heuristic too), or across it
    "path_heuristic_distance_only": ((SCENES_DIR / "zombie_path_round_water_1_14_3.toml").read_text(), 40, 1),
    # a zombie with a follow range of 6 stays (no node within range of the target), or walks 5 blocks towards it
    "path_range_from_start": ((SCENES_DIR / "zombie_path_far_target_1_14_3.toml").read_text(), 40, 1),
    # a zombie steps round a deep shaft's corner (both sides passable), or passes it on the diagonal
    "path_diagonal_lower_sides": ((SCENES_DIR / "zombie_path_past_shaft_1_14_3.toml").read_text(), 40, 1),
    # a villager in water under seagrass: its search starts in the water, or in the seagrass's cell above it
    "path_start_through_waterlogged": ((SCENES_DIR / "villager_path_under_seagrass_1_14_3.toml").read_text(), 40, 1),
    # path finding of 1.14.4 against 1.15 (tests/engine/test_version_path_1144.py): a zombie under cocoa pods, its
    # nodes there WALKABLE or COCOA (SEARCH_TYPE_CASES); a zombie along a sunk lava channel: on its edge (the flat
    # scan), or a block off it (the cube sees the lava below)
    "path_cocoa_type": ((SCENES_DIR / "zombie_path_under_cocoa_1_14_4.toml").read_text(), 1, 1),
    "path_neighbors_cube": ((SCENES_DIR / "zombie_path_beside_sunk_lava_1_14_4.toml").read_text(), 20, 1),
    # path finding of 1.15.2 against 1.16 (tests/engine/test_version_path_1152.py): an iron golem among fence
    # posts walks out passing nodes within reach only, or also those the next lies ahead of
    "path_node_passed_ahead": ((SCENES_DIR / "iron_golem_path_among_fence_posts_1_15.toml").read_text(), 40, 1),
    # a villager against a closed door: its node times out before the goal's request in tick 39, which searches
    # again, or after it (SEARCH_TYPE_CASES: the traced searches differ, not where it stands)
    "path_timeout_bottom_centre": ((SCENES_DIR / "villager_path_into_closed_door_1_15.toml").read_text(), 60, 1),
    # a zombie on the corner of a berry bush's cell starts from the HashSet's first corner, or the first in order
    "path_start_corners_in_order": ((SCENES_DIR / "zombie_path_start_in_berry_bush_1_15.toml").read_text(), 20, 1),
    # a zombie in a berry bush by a pit (1.16): drops in by the BLOCKED node past the safe fall, or stays
    "path_from_negative_node": ((SCENES_DIR / "flag_path_from_negative_node.toml").read_text(), 40, 1),
    # the golem among fence posts: walks out, or sweeps its box from its FENCE start into every post
    "path_fence_nodes": ((SCENES_DIR / "iron_golem_path_among_fence_posts_1_15.toml").read_text(), 40, 1),
    # a zombie at a magma wall: over it (the cell above DAMAGE_FIRE), or against it (the magma DAMAGE_FIRE)
    "path_fire_blocks": ((SCENES_DIR / "zombie_path_over_magma_1_15.toml").read_text(), 40, 1),
    # a zombie across waterlogged slabs: down into the slabs' cells (WATER), or on their tops (BLOCKED)
    "path_fluids_after_pathable": ((SCENES_DIR / "zombie_path_waterlogged_slab_wall_1_15.toml").read_text(), 40,
                                   1),
    # a zombie along a water channel: on its edge (no water border), or a block off it (WATER_BORDER)
    "path_neighbors_first_danger": ((SCENES_DIR / "zombie_path_beside_water_1_15.toml").read_text(), 20, 1),
    # a zombie paths into a pen of waterlogged fences: through its side (WATER), or not at all (FENCE)
    "path_water_after_blocks": ((SCENES_DIR / "zombie_path_waterlogged_fence_1_17.toml").read_text(), 60, 1),
    # a zombie inside a closed door's cell: straight through the panel (no sweep from a door node), round by the
    # gap (the sweep from the box's minimum corner), or nowhere (the sweep centred on the node's corner)
    "path_blocked_doors": ((SCENES_DIR / "zombie_path_closed_door_1_19.toml").read_text(), 40, 1),
    "path_sweep_min_corner": ((SCENES_DIR / "zombie_path_closed_door_1_19.toml").read_text(), 40, 1),
    # a zombie over a floor's edge starts from the feet cell over the trench, or from the box's corner on the floor
    "path_start_skips_open": ((SCENES_DIR / "zombie_path_start_over_edge_1_19_3.toml").read_text(), 40, 1),
    # a villager in a pool two deep: its path stops at the water's edge, or climbs onto the bank
    "path_swimmer_feet_mid_water": ((SCENES_DIR / "villager_path_out_of_pool_1_19_3.toml").read_text(), 60, 1),
    # a zombie beside a closed door: its top replaced by the door's closed node, or a step up
    "path_closed_node_if_none": ((SCENES_DIR / "flag_path_closed_node_if_none.toml").read_text(), 40, 1),
    # the zombie leaving the door's cell round the wall: shortcuts past a node it is beyond, or between nodes
    "path_shortcut_between_nodes": ((SCENES_DIR / "flag_path_shortcut_between_nodes.toml").read_text(), 60, 1),
    # a zombie with its head in leaves paths past a cactus: its start node BLOCKED or LEAVES, the cells beside the
    # cactus DANGER_CACTUS or DANGER_OTHER (the recorded search's types: SEARCH_TYPE_CASES)
    "path_leaves_kept": ((SCENES_DIR / "zombie_path_leaves_cactus_1_19_4.toml").read_text(), 1, 1),
    "path_cactus_damage_other": ((SCENES_DIR / "zombie_path_leaves_cactus_1_19_4.toml").read_text(), 1, 1),
    # a wither skeleton steps off a ledge over a wither rose: the cell above the rose falls onto it (OPEN), or is a
    # DAMAGE_CAUTIOUS node level with the ledge (the recorded search's cells and types: SEARCH_TYPE_CASES)
    "path_damage_cautious": ((SCENES_DIR / "wither_skeleton_path_wither_rose_1_20.toml").read_text(), 1, 1),
    # a zombie beside a row of trapdoors along water: round them on the stone (WATER_BORDER above them), or along
    # them (DANGER_TRAPDOOR)
    "path_danger_trapdoor": ((SCENES_DIR / "zombie_path_trapdoors_by_water_1_20_3.toml").read_text(), 20, 1),
    # a zombie round a wall square across its way: round the south end (south offered first) or the north end
    "path_successors_by_direction": ((SCENES_DIR / "zombie_path_successor_order_1_20_5.toml").read_text(), 20, 1),
    # a zombie beside a row of waterlogged slabs: one block off them (WATER_BORDER beside them) or along them
    "path_neighbors_by_type": ((SCENES_DIR / "zombie_path_waterlogged_slabs_1_20_5.toml").read_text(), 20, 1),
    # a zombie of follow range 6 sent 12 east: stops short (range 6) or walks there (max(6, 16)); the scene names
    # the attribute as 1.21.2 does, which 1.21.1 refuses in one line (test_version_paths compares the two)
    "path_max_follow_range": ((SCENES_DIR / "zombie_path_follow_range_1_21_2.toml").read_text(), 80, 1),
    # a target over the nether's bottom-row floor: lifted onto the floor below it or onto a ledge above it
    "path_target_up_from_target": ((SCENES_DIR / "zombie_path_target_over_void_1_21_2.toml").read_text(), 80, 1),
    # the same world in 1.21.7: the scan down reads the bottom row and finds the floor (reached), or climbs to
    # the ledge above the target (not reached)
    "path_target_down_to_bottom": ((SCENES_DIR / "zombie_path_target_over_bottom_floor_1_21_7.toml").read_text(),
                                   80, 1),
    "fall_distance_double": ((SCENES_DIR / "flag_fall_distance_double.toml").read_text(), 5, 1),
    # XP orbs, fishing bobbers, the fall distance after 1.21.3:
    # an orb dropped 0.5 onto stone: on the ground Y x -0.9 after the drag, or -(Y before the move) x 0.4
    "xp_orb_bounce_prev_y": ((SCENES_DIR / "flag_xp_orb_bounce_prev_y.toml").read_text(), 8, 1),
    # an orb falling from rest: Y x 0.98 after the move, or x 0.98F (the friction on every axis)
    "xp_orb_tick_1_21_8": ((SCENES_DIR / "flag_xp_orb_tick_1_21_8.toml").read_text(), 2, 1),
    # a bottle breaking on stone: its orbs spawned (up to 1.21.5 by nextDouble, from 1.21.6 by nextFloat and in
    # double: orb 2's Motion differs)
    "xp_orb_spawn_1_21_7": ((SCENES_DIR / "flag_xp_orb_spawn_1_21_7.toml").read_text(), 1, 2),
    # an orb sunk into stone rising: pushed out of the block (up to 1.21.5) or left to rise on (1.21.6)
    "xp_orb_push_moved_box": ((SCENES_DIR / "xp_orb_in_block_1_21_6.toml").read_text(), 1, 1),
    # a flying bobber sliding east on the ground: gravity keeps it on the ground and the stop zeroes its Motion, or
    # (no gravity on the ground) it moves off the ground and slides on
    "bobber_gravity_off_ground": ((SCENES_DIR / "flag_bobber_gravity_off_ground.toml").read_text(), 1, 1),
    # a bobber hooked to a zombie that its 4-block fall into a pit kills in tick 11: the bobber sits on the body
    # until it is removed (tick 31), or lets go of it at once and falls (1.21.10)
    "bobber_hooked_interactable": ((SCENES_DIR / "flag_bobber_hooked_interactable.toml").read_text(), 14, 3),
    # an item with fall distance 5 moving 10 blocks down past water 8.6 below: the ray reaches it (reset) or not
    "fall_reset_ray_capped": ((SCENES_DIR / "flag_fall_reset_ray_capped.toml").read_text(),
                              1, 1),
    # a fireball whose power points elsewhere than its Motion: the power vector, or the Motion's own direction
    "fireball_acceleration_power": ((SCENES_DIR / "flag_fireball_acceleration_power.toml").read_text(), 3, 1),
    # a fireball in flight: moves by the Motion before (up to 1.21.1) or after the acceleration and drag
    "fireball_tick_1_21_2": ((SCENES_DIR / "flag_fireball_tick_1_21_2.toml").read_text(), 3, 1),
    # a marker armor stand (damage ignored, knockback taken) wearing Blast Protection IV
    "blast_protection_linear": ((SCENES_DIR / "flag_blast_protection_linear.toml").read_text(), 1, 2),
    # an item whose centre has passed the edge of an ice block, its box still on it: the air's slipperiness under
    # the centre, or the ice's under the supporting block (1.20)
    "supporting_block": ((SCENES_DIR / "flag_supporting_block.toml").read_text(), 1, 1),
    # an item whose box reaches 0.0005 into a cobweb's cell: missed deflated by 0.001, caught by 1.0E-7 (1.19.3)
    "block_collision_deflate_1e7": ((SCENES_DIR / "flag_block_collision_deflate_1e7.toml").read_text(), 2, 1),
    # a burning item creeping into a fire's cell: its fire ticks reset to -1 or kept at 0 beside the fire, so
    # entering it sets 8 s of fire or not, and the fire's damage removes it sooner or later (1.17)
    "fire_check_contract_1e6": ((SCENES_DIR / "flag_fire_check_contract_1e6.toml").read_text(), 6, 1),
    # a zombie with 1 health landing on powder snow's falling shape after 4.6 blocks: dead of the fall (removed) or
    # unhurt (1.18)
    "powder_snow_soft_landing": ((SCENES_DIR / "flag_powder_snow_soft_landing.toml").read_text(), 35, 1),
    "powder_snow_climb_was_in": ((SCENES_DIR / "powder_snow_leather_boots.toml").read_text(), 14, 1),
    # an item falling 1.54 m in a tick through a vine's cell with a fall distance of 5: kept, or reset by the
    # move's raycast before the fall adds this tick's drop (1.18.2)
    "move_fall_reset_raycast": ((SCENES_DIR / "flag_move_fall_reset_raycast.toml").read_text(), 1, 1),
    # a fast no-gravity item whose boxes at the tick's start and end skip a cobweb's cell: the swept check of
    # 1.21.2 visits it, so the next move is × 0.25 and the Motion zeroed
    "tick_block_collision": ((SCENES_DIR / "flag_tick_block_collision.toml").read_text(), 2, 1),
    # an item in a fire with 5 fire ticks: 6 after the fire, or 160 (8 s) from 1.21.2, whose burn damages it at
    # the next multiple of 20, so it is gone a tick sooner
    "fire_block_1_21_2": ((SCENES_DIR / "flag_fire_block_1_21_2.toml").read_text(), 4, 1),
    # a no-gravity item moving (0.7, -0.7) past a cobweb at the corner of its move: 1.21.7 walks it down first and
    # meets the cobweb (the next move × 0.25), 1.21.4's check of the box at the end misses it
    "apply_effects_from_blocks": ((SCENES_DIR / "flag_apply_effects_from_blocks.toml").read_text(),
                                  2, 1),
    # an item in a bubble column under a torch: the surface push (+0.1) from 1.21.7, the inner one (+0.06) before
    "bubble_column_above_no_collision": ((SCENES_DIR / "flag_bubble_column_above_no_collision.toml").read_text(), 1, 1),
    # a no-gravity item rising 0.2 out of a cobweb's cell: 1.21.10 walks the cells of the box at the start of the
    # move too, so the cobweb stops the next move; 1.21.8 walks the box at the end only (air)
    "block_walk_step_budget": ((SCENES_DIR / "flag_block_walk_step_budget.toml").read_text(),
                               2, 1),
    # a TNT hanging in a cobweb pushed east by a piston: the push scaled by the cobweb's 0.25 up to 1.21.8, whole
    # from 1.21.10
    "piston_move_unstuck": ((SCENES_DIR / "flag_piston_move_unstuck.toml").read_text(), 2, 1),
    # a minecart coasting through water off rails: gravity 0.04 or 0.005, at most 0.4 or 0.2 a tick
    "minecart_water_drag": ((SCENES_DIR / "flag_minecart_water_drag.toml").read_text(), 2, 1),
    # a boat with fall distance 2.5 falls 0.50000013 onto the last 0.0005 above stone, then lands ON_LAND: the sum
    # rounds to 3.0000002 (double, then float: it breaks) or to 3.0 (float + float: it stays)
    "boat_fall_distance_float": ((SCENES_DIR / "flag_boat_fall_distance_float.toml").read_text(), 2, 1),
    # a boat 0.0005 above stone (ON_LAND) with fall distance 5 lands: it breaks, or not from 1.21.2
    "boat_fall_never_breaks": ((SCENES_DIR / "flag_boat_fall_never_breaks.toml").read_text(), 1, 1),
    # a TNT 7.5 blocks from a TNT minecart on a rail: the small damage only wobbles it, or primes it (1.20.3)
    "tnt_minecart_blast_primes": ((SCENES_DIR / "flag_tnt_minecart_blast_primes.toml").read_text(), 45, 2),
    # a boat falling in the air: gravity (double)-0.04F or the double 0.04
    "boat_gravity_double": ((SCENES_DIR / "flag_boat_gravity_double.toml").read_text(), 3, 1),
    # a boat falls into water above a sunken boat that fills the surface position: put there, or left (1.21)
    "boat_water_entry_space_check": ((SCENES_DIR / "flag_boat_water_entry_space_check.toml").read_text(), 2, 1),
    # a minecart whose horizontal speed² after its drag is exactly 0.01 (0.06, 0.08) beside a boat: only carts are
    # pushed, or (1.21.2, >= 0.01) the boat too, and the cart back
    "minecart_controller_1_21_2": ((SCENES_DIR / "flag_minecart_controller_1_21_2.toml").read_text(), 1, 1),
    # --- living travel, jumping and players, 1.17-1.20.4 (tests/engine/test_version_living.py) ---
    # a snowball thrown by player 1 (off the flight line) knocks a NoAI zombie back along a slanted direction (a
    # player refuses the snowball's 0 damage: no knockback)
    "knockback_double": ((SCENES_DIR / "flag_knockback_double.toml").read_text(), 1, 2),
    # two NoAI zombies overlapping off the axes push each other apart (cramming)
    "push_away_double_sqrt": ((SCENES_DIR / "flag_push_away_double_sqrt.toml").read_text(), 1, 1),
    # zombie 1 climbs a vine (not pushable) overlapping zombie 2: pushed by 2's cramming only up to 1.18.2
    "push_away_checks_pushable": ((SCENES_DIR / "flag_push_away_checks_pushable.toml").read_text(), 1, 1),
    # a player with Jump Boost I jumps: 0.42F + 0.1F in float or in double
    "jump_boost_double": ((SCENES_DIR / "flag_jump_boost_double.toml").read_text(), 1, 1),
    # a sprinting player whose eyes are in water (held up in the air) and whose feet are not starts swimming
    # only before 1.17.1
    "swim_start_in_water_block": ((SCENES_DIR / "flag_swim_start_in_water_block.toml").read_text(), 4, 1),
    # a sprinting player runs along a wall, turned 5 degrees into it: soft collisions keep the sprint from 1.18
    "sprint_soft_collision": ((SCENES_DIR / "flag_sprint_soft_collision.toml").read_text(), 8, 1),
    # a player sprint-jumps: its speed in the air is 0.02F + 0.006F, added in double or in float
    "sprint_air_speed_float": ((SCENES_DIR / "flag_sprint_air_speed_float.toml").read_text(), 6, 1),
    # a NoAI zombie rides a minecart in the air: y + 0 - 0.45, or the cart's 0.1875F point - 0.7F from 1.20.2
    "passenger_attachment_points": ((SCENES_DIR / "flag_passenger_attachment_points.toml").read_text(), 2, 1),
    # a player rides a minecart: its riding offset -0.6F, or its vehicle attachment point 0.6 from 1.20.5
    "vehicle_attachment_points": ((SCENES_DIR / "flag_vehicle_attachment_points.toml").read_text(), 2, 1),
    # a player turned to yaw 90 sneaks out of a boat on stone: beside it from 1.17, towards its own yaw
    # 1.14-1.15.2's LivingEntity.onDismounted: the bundled scenes (the rider, id 2, after its dismount)
    "dismount_boat_clear_of_boat": ((SCENES_DIR / "dismount_boat_1_15_2.toml").read_text(), 6, 2),
    "dismount_portal_on_top": ((SCENES_DIR / "dismount_portal_1_15.toml").read_text(), 6, 2),
    "dismount_vehicle_spots": ((SCENES_DIR / "dismount_minecart_1_15_2.toml").read_text(), 6, 2),
    "boat_dismount_passenger_yaw": ((SCENES_DIR / "flag_boat_dismount_passenger_yaw.toml").read_text(), 2, 1),
    "boat_dismount_block_heights": ((SCENES_DIR / "flag_boat_dismount_passenger_yaw.toml").read_text(), 2, 1),
    # a NoAI zombie rides sand with no block under it: the falling block is removed on its first tick
    "dismount_removed_vehicle_in_place": ((SCENES_DIR / "flag_dismount_removed_vehicle_in_place.toml").read_text(),
                                          12, 1),
    # the same zombie riding sand onto stone: left inside the placed sand, near blocks the 1.21.2 spot stops
    "dismount_closest_free_spot": ((SCENES_DIR / "flag_dismount_closest_free_spot.toml").read_text(), 12, 1),
    # a player holding W (yaw -90) in a minecart at rest on a rail: its keys push the cart from 1.21.2
    "minecart_rider_input_push": ((SCENES_DIR / "flag_minecart_rider_input_push.toml").read_text(), 1, 2),
    # the elytra dive of scenes/elytra_dive.toml: the lift's cosine from the float table or Math.cos
    "elytra_cos_double": (_ELYTRA_DIVE, 3, 1),
    # a dropped item falls: its fall distance grows by the drop in double or cast to float first
    "fall_distance_float_step": ((SCENES_DIR / "flag_item_tick_1_12.toml").read_text(), 5, 1),
    # a sneaking player wearing Swift Sneak III walks
    "swift_sneak": ((SCENES_DIR / "flag_swift_sneak.toml").read_text(), 4, 1),
    # a sneaking player at the floor's edge jumps off it: held at the edge only up to 1.18.2
    "sneak_edge_only_falling": ((SCENES_DIR / "flag_sneak_edge_only_falling.toml").read_text(), 6, 1),
    # a NoAI ghast with a Motion: moves and drags up to 1.18.2, stays from 1.19
    "flying_travel_needs_ai": ((SCENES_DIR / "flag_flying_travel_needs_ai.toml").read_text(), 2, 1),
    # zombie 1 (1 health) falls into a one-block pit holding NoAI zombie 2, dies of the fall and is removed 20
    # ticks later; in that tick it still crams zombie 2 up to 1.19
    "living_tick_skips_removed": ((SCENES_DIR / "flag_living_tick_skips_removed.toml").read_text(),
        LIVING_REMOVAL_TICK, 2),
    # a glider at rest starts falling: its fall distance set to 1 (up to 1.19.2) or left at 0
    "elytra_limit_fall_distance": (_ELYTRA_DIVE, 1, 1),
    # a player in the air starts sprinting: travels with last tick's 0.02F, or the live 0.025999999F (1.19.4)
    "off_ground_speed_live": ((SCENES_DIR / "flag_off_ground_speed_live.toml").read_text(), 2, 1),
    # a player gliding low over the floor holds sprint, then lands walking: it started sprinting in the air (and
    # keeps the sprint) up to 1.19.3, not from 1.19.4
    "no_sprint_start_gliding": ((SCENES_DIR / "flag_no_sprint_start_gliding.toml").read_text(), 12, 1),
    # an iron golem with 1 health falls 5 blocks: dies (removed 20 ticks later) up to 1.19.3
    "fall_damage_immune_tag": ((SCENES_DIR / "flag_fall_damage_immune_tag.toml").read_text(), 40, 1),
    # a shulker on the floor: 1.16.5's tick, refused from 1.17 (rewritten)
    "shulker_tick_1_17": ((SCENES_DIR / "flag_shulker_tick_1_17.toml").read_text(), 2, 1),
    # --- living travel, jumping and elytra of 1.15-1.15.2 (tests/engine/test_version_living_1_15.py) ---
    # a zombie falling into lava: × 0.5 and −0.02 (1.15.2) or × 0.8F with the fluid gravity while shallow (1.16)
    "lava_travel_swim_height": ((SCENES_DIR / "living_lava_1_15_2.toml").read_text(), 7, 1),
    # a player holding jump on the ground in shallow lava: swims up 0.04F (1.15.2) or jumps 0.42 (1.16)
    "jump_fluid_heights": ((SCENES_DIR / "living_lava_jump_1_15_2.toml").read_text(), 3, 1),
    # two snowballs owned by the zombie they hit: the second hit's random direction drawn after the knockback's
    # nextDouble against the resistance (1.15.2) or not (1.16)
    "knockback_resistance_scales": ((SCENES_DIR / "knockback_draw_1_15_2.toml").read_text(), 15, 1),
    # a zombie on the ground knocked back to Y 0.4F (1.13.2) or 0.4 (1.14)
    "knockback_clamp_float": ((SCENES_DIR / "trident_zombie_1_13_2.toml").read_text(), 1, 2),
    # a glider under Levitation: glides on (1.15.2) or stands up and floats (1.16)
    "glide_levitation_check": ((SCENES_DIR / "elytra_levitation_1_15_2.toml").read_text(), 1, 1),
    # a player on a vine with an elytra presses jump: glides off (1.15.1) or climbs (1.15.2)
    "glide_start_off_climbable": ((SCENES_DIR / "elytra_vine_jump_1_15_1.toml").read_text(), 2, 1),
    # forward, sneak, a pause, forward again within 7 ticks: walks (1.16: the sneak cleared the double tap) or
    # sprints (1.15.2)
    "double_tap_reset_sneaking": ((SCENES_DIR / "player_double_tap_sneak_1_16.toml").read_text(), 5, 1),
    # a shulker on the floor: refused up to 1.15.2 (its attachment not compared), 1.16's tick from 1.16
    "shulker_tick_1_15": ((SCENES_DIR / "flag_shulker_tick_1_17.toml").read_text(), 2, 1),
    # a zombie thrown down under Levitation: the fall reset after the move (up to 1.19.4) or before travel
    "on_landing_effects": ((SCENES_DIR / "flag_on_landing_effects.toml").read_text(), 1, 1),
    # a NoGravity player gliding level: travel's gravity 0.08 whatever NoGravity says, or 0 (getFinalGravity)
    "living_attributes": ((SCENES_DIR / "flag_living_attributes.toml").read_text(), 1, 1),
    # a player sprint-jumps facing yaw -60: the kick in float (0.2F products) or in double (x 0.2)
    "sprint_jump_kick_double": ((SCENES_DIR / "flag_sprint_jump_kick_double.toml").read_text(), 1, 1),
    # a sneaking player pushed off the floor's edge at 0.9 towards a floating bottom slab: the whole box lowered
    # by the step height meets the slab (no shortening, onto the slab at x 4.4) or only the void below the feet
    "sneak_edge_below_feet": ((SCENES_DIR / "flag_sneak_edge_below_feet.toml").read_text(), 1, 1),
    # a pig walks towards a stonecutter (9/16 high): it steps up 0.5 (stays behind it) or 0.6 (over it)
    "pig_step_height_half": ((SCENES_DIR / "flag_pig_step_height_half.toml").read_text(), 20, 1),
    # --- living travel, players and the explosion impulse of 1.21 (tests/engine/test_version_living_121.py) ---
    # a player walks from rest through water 1 deep wearing Depth Strider II: the acceleration moved by h / 3 with
    # h = 2, or by h = (float)water_movement_efficiency = 0.6666667F
    "living_attributes_1_21": ((SCENES_DIR / "flag_living_attributes_1_21.toml").read_text(), 1, 1),
    # a player falling the last 0.3 onto the floor into a soul-sand block: steps 0.6 from where its fall began
    # onto the soul sand, or stays on the floor (scenes/living_step_up_1_21.toml)
    "step_up_heights": ((SCENES_DIR / "living_step_up_1_21.toml").read_text(), 1, 1),
    # --- living travel and elytra of 1.21.2 (tests/engine/test_version_living_1212.py) ---
    # a player holding jump bounces off a slime block: the jump's 0.42 or the bounce kept (max)
    "jump_keeps_faster_rise": ((SCENES_DIR / "living_slime_jump_1_21_2.toml").read_text(), 12, 1),
    # a player with Slow Falling jumps into a ceiling: gravity 0.08 chosen before the move, or 0.01 after it
    "effective_gravity_after_move": ((SCENES_DIR / "living_slow_falling_ceiling_1_21_2.toml").read_text(), 1, 1),
    # a glider lands holding forward and sprint: it stands up and sprints the next tick, or a tick later
    "tick_gliding": ((SCENES_DIR / "elytra_landing_1_21_2.toml").read_text(), 5, 1),
    # a NoAI zombie lifted by a piston into a ceiling: its Motion Y zeroed by onEntityLand, or kept
    "land_on_logical_side": ((SCENES_DIR / "living_noai_piston_ceiling_1_21_2.toml").read_text(), 1, 1),
    # an ownerless snowball hits a NoAI zombie: no knockback without an attacker, or along the snowball's flight
    "knockback_projectile_velocity": ((SCENES_DIR / "flag_knockback_projectile_velocity.toml").read_text(), 1, 1),
    # a ghast on soul sand over ice: its slipperiness 1.0 below the position (the ice) or 0.5000001 below its box
    "flying_slipperiness_velocity_affecting": (
        (SCENES_DIR / "flag_flying_slipperiness_velocity_affecting.toml").read_text(), 2, 1),
    # a compare-mode comparator with a stronger side input ticks and updates a BUD piston that lifts a TNT (1.16.5)
    "comparator_compare_side_zero": ((SCENES_DIR / "redstone_comparator_side_input_1_17.toml").read_text(), 4, 1),
    # two overdue dropper ticks in two chunks: which stone is entity 10
    "tick_scheduler_chunks": ((SCENES_DIR / "redstone_overdue_ticks_1_18.toml").read_text(), 1, 10),
    # a wire breaking off a primed TNT: which of two TNT primes second (entity 3)
    "neighbor_updater_chain": ((SCENES_DIR / "redstone_update_order_1_19.toml").read_text(), 1, 3),
    # a wire powering up beside a repeater: the repeater's lock changes and its observer primes a TNT, or not
    "wire_prepare_wire_only": ((SCENES_DIR / "redstone_wire_diagonal_update_1_19.toml").read_text(), 4, 2),
    # a dispenser of two TNT slots: the slot drawn from the world Random before the TNT's angle, or not
    "dispenser_world_random_slot": ((SCENES_DIR / "redstone_dispenser_slot_1_19.toml").read_text(), 6, 2),
    # a TNT entity beside a pressure plate's box: inside the 1.19.3 box, so the plate primes the TNT block, or not
    "pressure_plate_wide_box": ((SCENES_DIR / "redstone_pressure_plate_box_1_19_3.toml").read_text(), 1, 2),
    # a trapdoor opening before a TNT primes: its sound's pitch drawn from the world Random first, or not
    # 1.17: the thrown snowball's sound draws a world-Random float before the TNT block primes
    "item_use_sound_world_random": ((SCENES_DIR / "flag_item_use_sound_world_random.toml").read_text(), 2, 3),
    "openable_sound_world_random": ((SCENES_DIR / "redstone_trapdoor_sound_1_19_3.toml").read_text(), 1, 2),
    # a note block playing before a dispenser fires TNT: its sound's seed drawn from the world Random, or not
    "note_block_sound_world_random": ((SCENES_DIR / "redstone_note_block_sound_1_19_3.toml").read_text(), 6, 2),
    # a head set on a note block before it plays: its instrument and the note's draw from the world Random, or not
    "note_block_head_instrument": ((SCENES_DIR / "redstone_note_block_head_1_20.toml").read_text(), 6, 2),
    # a TNT set beside a wire that runs up onto an open trapdoor, or is a cross that powers the TNT
    "wire_runs_over_trapdoors": ((SCENES_DIR / "redstone_wire_over_trapdoor_1_20.toml").read_text(), 1, 2),
    # an open shulker box between a lever and a TNT: it conducts (the TNT primes) in 1.20 and 1.20.1 only
    "shulker_box_always_solid": ((SCENES_DIR / "redstone_shulker_box_conducts_1_20.toml").read_text(), 2, 2),
    # wire on soul sand and on 8 snow layers: it stays and primes a TNT (the sides shape), or breaks (the collision
    # shape, 14/16 tall); wire on an open shulker box or on a chorus flower: it breaks, or stays and primes a TNT
    # (in 1.16 entity 2 is the redstone the wire on leaves drops: block loot)
    "sides_shape": ((SCENES_DIR / "redstone_support_wire_1_16.toml").read_text(), 1, 3),
    "shulker_box_sides_shape": ((SCENES_DIR / "redstone_support_shulker_box_1_19_3.toml").read_text(), 3, 2),
    "chorus_flower_sides_shape": ((SCENES_DIR / "redstone_support_chorus_flower_1_20_2.toml").read_text(), 1, 2),
    # a trapdoor opening under wire, or a repeater: it breaks and its observer primes a TNT, or it stays
    "wire_breaks_off_its_floor": ((SCENES_DIR / "redstone_wire_off_trapdoor_1_20_2.toml").read_text(), 4, 2),
    "gate_breaks_off_its_floor": ((SCENES_DIR / "redstone_repeater_off_trapdoor_1_20_2.toml").read_text(), 4, 2),
    # a piston breaks a powered lever: its removal updates prime a TNT before the push, or find no power after it
    "affect_neighbors_after_removal": ((SCENES_DIR / "redstone_piston_breaks_lever_1_21_8.toml").read_text(), 1, 2),
    # a powered lightning rod placed beside a piston under a TNT: turned off at once, or it powers the piston that lifts
    # the TNT (1.21.9)
    "lightning_rod_place_schedules_tick": ((SCENES_DIR / "redstone_lightning_rod_placed_1_21_10.toml").read_text(), 3,
                                           1),
    # a door of two kinds: its lower half joins the opened iron half and the TNT lands on the door, or both break
    "door_half_joins_any_door": ((SCENES_DIR / "redstone_door_halves_1_20_3.toml").read_text(), 12, 2),
    # an arrow flies through its owner (up to 1.15.2: not before its fifth tick of flight) or bounces off it
    "arrow_left_owner": ((SCENES_DIR / "arrow_owner_1_15_2.toml").read_text(), 3, 1),
    # a bobber cast at the ground: stuck in the air by the block hit, sinking 0.03 a tick (up to 1.15.2), or on it
    "bobber_tick_1_15": ((SCENES_DIR / "fishing_bobber_ground_1_15_2.toml").read_text(), 3, 2),
    # a stuck arrow whose block is removed stays (its box + 0.06 touches a block beside it) or falls out
    "arrow_release_point_box": ((SCENES_DIR / "arrow_release_1_15_2.toml").read_text(), 5, 1),
    # a retracting piston's long arm pushes a TNT 4 px behind its base (up to 1.15.2), or stops at the base
    "piston_head_short_past_quarter": ((SCENES_DIR / "piston_retract_arm_1_15_2.toml").read_text(), 6, 1),
    # an item lands on a retracting piston's long moving arm in 1.12.2 or falls past the short one (1.13)
    "piston_moving_arm_quarter_1_12": ((SCENES_DIR / "piston_arm_gap_1_12_2.toml").read_text(), 5, 1),
    # an item falls past a retracting piston's short moving arm (up to 1.15.2) or lands on the long one
    "piston_moving_long_arm": ((SCENES_DIR / "piston_arm_gap_1_15_2.toml").read_text(), 5, 1),
    # the neighbour updates of a retraction name the piston (up to 1.15.2) or moving_piston as their source
    "piston_retract_flags_20": ((SCENES_DIR / "piston_retract_arm_1_15_2.toml").read_text(), 5, 1),
    # the neighbour updates after a move name the moved blocks' states in list order (up to 1.15.2) or last first
    "piston_move_states_in_order": ((SCENES_DIR / "piston_push_states_1_15_2.toml").read_text(), 1, 1),
    # a wire line switched off: its wires step down one level per update (1.13.2) or take their neighbours' less one
    "wire_power_steps_1_13": ((SCENES_DIR / "redstone_wire_steps_1_13_2.toml").read_text(), 4, 1),
    # a torch burning out draws 17 times from the world Random (1.13.2), so a TNT an explosion primes after it draws
    # another fuse: gone in tick 46, or not
    "torch_burnout_draws_1_13": ((SCENES_DIR / "redstone_torch_burnout_1_13_2.toml").read_text(), 46, 3),
    # wire on a TNT block breaks (1.13.2: TNT is not top-solid) or powers the TNT, which primes (entity 2)
    "normal_cube_1_13": ((SCENES_DIR / "redstone_wire_on_tnt_1_13_2.toml").read_text(), 5, 2),
    # an observer set on a piston pulses (1.12.2) and the piston pushes an item, or it stays off
    "observer_added_pulses_1_12": ((SCENES_DIR / "redstone_observer_placed_1_12_2.toml").read_text(), 6, 1),
    # a torch updated while its tick is due gets another (1.12.2): it relights a tick earlier and its piston lifts
    # an item in tick 5 instead of 6
    "torch_schedules_while_due_1_12": ((SCENES_DIR / "redstone_torch_due_update_1_12_2.toml").read_text(), 6, 1),
    # a lit lamp set without power turns off at once (1.12.2), or 4 ticks after an update, when its observer's second
    # pulse makes a piston push an item
    "lamp_added_updates_1_12": ((SCENES_DIR / "redstone_lamp_placed_1_12_2.toml").read_text(), 10, 1),
    # a repeater's delay changed: its onBlockAdded updates a BUD piston two blocks ahead, which lifts an item, or
    # does not run (1.12.2: the same Block)
    "hooks_on_block_change_1_12": ((SCENES_DIR / "redstone_repeater_delay_bud_1_12_2.toml").read_text(), 5, 1),
    # a powered trapdoor closed by hand reopens at the next update (1.12.2), its observer pulses and a piston pushes
    # an item, or it stays closed
    "trapdoor_follows_power_1_12": ((SCENES_DIR / "redstone_trapdoor_follows_power_1_12_2.toml").read_text(), 11, 1),
    # a door's power replaced by stone: it closes, its observer pulses and a piston lifts an item, or (1.12.2: stone
    # provides no power) it stays open
    "door_unpowered_by_sources_1_12": ((SCENES_DIR / "redstone_door_unpowered_1_12_2.toml").read_text(), 6, 1),
    # a note block powered beside a BUD piston: its flags-3 change updates the piston, which pushes an item, or
    # (1.12.2: a tile entity's field) nothing is set
    "note_block_entity_1_12": ((SCENES_DIR / "redstone_note_block_bud_1_12_2.toml").read_text(), 5, 1),
    # a wire set beside a wire watched by an observer: the first takes its side, the observer pulses and a piston
    # lifts an item, or (1.12.2: no shape updates) nothing changes
    "no_shape_updates_1_12": ((SCENES_DIR / "redstone_observer_wire_connection_1_12_2.toml").read_text(), 6, 1),
    # two observers of one cell: the one north of it pulses first (shape updates), or the one above it (1.12.2's
    # updateObservingBlocksAt)
    "update_observing_blocks_1_12": ((SCENES_DIR / "redstone_observers_one_cell_1_12_2.toml").read_text(), 6, 1),
    # a sticky piston retracts: its head breaks off the moving base with updates (1.12.2) and a waiting piston pushes
    # an item at once, or two ticks later
    "piston_head_needs_base_1_12": ((SCENES_DIR / "redstone_piston_head_off_moving_base_1_12_2.toml").read_text(), 3,
                                    1),
    # a powered observer placed turns off at once: no shape update follows and its watcher stays off, or (1.12.2)
    # the placement's updates run anyway, the watcher pulses and a piston lifts an item
    "set_block_state_no_recheck_1_12": ((SCENES_DIR / "redstone_placed_state_changed_1_12_2.toml").read_text(), 6,
                                        2),
    # two observers beside a pushed line: the one facing its end's destination pulses first (every destination set
    # first), or the one facing the last block's cell (1.12.2: its cell set to air before its destination), and the
    # piston it powers pushes the other piston and the item, or not
    "piston_move_per_block_1_12": ((SCENES_DIR / "redstone_observers_pushed_line_1_12_2.toml").read_text(), 8, 1),
    # a comparator subtracting equal sides stays powered (up to 1.14.4) or turns off
    "comparator_power_at_sides_1_14": ((SCENES_DIR / "redstone_comparator_subtract_sides_1_14_4.toml").read_text(), 8,
                                       1),
    # a repeater's pulse ends after (up to 1.14.4) or before a comparator's tick due with it, which turns on or not
    "gate_pulse_off_high_1_14": ((SCENES_DIR / "redstone_gate_pulse_priority_1_14_4.toml").read_text(), 6, 1),
    # the cells a sticky piston's slime block leaves are set to air one by one with their updates (up to 1.14.4)
    "piston_vacate_each_1_14": ((SCENES_DIR / "redstone_piston_vacate_cells_1_14_4.toml").read_text(), 1, 1),
    # a TNT block primed: its angle from Math.random()'s generator, the kick in float (up to 1.13.2), or from the
    # world Random in double
    "tnt_angle_math_random_1_13": ((SCENES_DIR / "flag_tnt_angle_math_random_1_13.toml").read_text(), 21, 3),
    # the same angle from 2pi in double (1.12.2) or (float)2pi: another float after the rounding
    "tnt_angle_two_pi_double_1_12": ((SCENES_DIR / "tnt_prime_angle_1_12_2.toml").read_text(), 21, 3),
    # a TNT block primed at x = 2^23 + 1: its entity at the float centre 8388610.0 (up to 1.14.4) or at 8388609.5
    "tnt_prime_float_centre_1_14": ((SCENES_DIR / "redstone_tnt_far_prime_1_14_4.toml").read_text(), 1, 2),
    # a TNT block an explosion primes at x = 2^23 + 1: at 8388610.0 (up to 1.15.2) or at 8388609.5
    "tnt_exploded_float_centre_1_15": ((SCENES_DIR / "tnt_far_chain_1_15_2.toml").read_text(), 1, 2),
    # a wire corner beside a TNT: the corner powers no side (up to 1.15.2) or its connected sides, priming the TNT
    "wire_lines_1_15": ((SCENES_DIR / "redstone_wire_corner_1_15_2.toml").read_text(), 1, 2),
    # a still minecart 1.5E-9 into a detector rail's box: outside the float box (up to 1.15.2), or it primes a TNT
    "detector_rail_box_float": ((SCENES_DIR / "redstone_detector_rail_box_1_15_2.toml").read_text(), 1, 2),
    # a plain piston's head on a sticky piston passes a neighbour update on (up to 1.15.2): the piston retracts
    "piston_head_any_base": ((SCENES_DIR / "redstone_piston_head_mismatch_1_15_2.toml").read_text(), 1, 1),
    # a piston at y 254 facing up: it lifts the TNT on it onto its head in row 255, or the push fails
    "piston_edge_air_movable": ((SCENES_DIR / "redstone_piston_head_at_top_1_16_2.toml").read_text(), 4, 1),
    # a dispenser holding a brush: it drops the brush (entity 2), or fails and nothing comes out
    "dispenser_brush_fails": ((SCENES_DIR / "redstone_dispenser_brush_1_20_5.toml").read_text(), 6, 2),
    # a player's pearl (entity 3) flies through the TNT beside its head (ignored: found first up to 1.15.2) or hits it
    "thrown_ignore_entity": ((SCENES_DIR / "pearl_beside_tnt_1_15_2.toml").read_text(), 1, 3),
    # a pearl thrown up falls through its thrower (up to 1.15.2) or teleports it above its head
    "pearl_owner_hit_ignored": ((SCENES_DIR / "pearl_on_thrower_1_15_2.toml").read_text(), 40, 1),
    # a fireball flies through its owner (up to 1.15.2: before its 25th tick) or explodes on it
    "fireball_owner_ticks": ((SCENES_DIR / "fireball_owner_1_15_2.toml").read_text(), 4, 1),
    # a fireball whose box overlaps a wall explodes where it is (up to 1.15.2) or flies on along it
    "fireball_box_collision": ((SCENES_DIR / "fireball_wall_1_15_2.toml").read_text(), 2, 1),
    # a minecart in lava sits unhurt (1.16, 1.16.1) or breaks in its third tick
    "minecart_lava_tick": ((SCENES_DIR / "minecart_lava_1_16_1.toml").read_text(), 3, 1),
    # a minecart on a rail over soul sand is slowed (up to 1.15.2: the block under the rail's multiplier) or not
    "minecart_rail_velocity_one": ((SCENES_DIR / "minecart_soul_sand_1_15_2.toml").read_text(), 2, 1),
}
# the marker armor stand of blast_protection_linear wearing Blast Protection IV: x (1 - 0.6) or x (1 - (double)0.6F)
CASES["explosion_knockback_resistance"] = (CASES["blast_protection_linear"][0], 1, 2)
# a wind charge at block Y 350 (the overworld's top row 319): it flies on up to 1.21.1 (350 is not above 320 + 30),
# bursts and is removed from 1.21.2 (above 319 + 30)
CASES["wind_charge_top_inclusive"] = ((SCENES_DIR / "flag_wind_charge_top_inclusive.toml").read_text(), 1, 1)
# the armor stand beside a wind charge's burst: pushed up to 1.21.1, immune from 1.21.2
CASES["explosion_preserves_decorations"] = ((SCENES_DIR / "wind_charge_launch_1_21.toml").read_text(), 3, 3)
# a wind charge past an exploding TNT: turned by the push (up to 1.21.3: setVelocity) or flying on (addVelocity)
CASES["explosion_add_velocity"] = ((SCENES_DIR / "wind_charge_explosion_1_21_4.toml").read_text(), 2, 1)
# the same from 1.21.9: the explosion would set the charge's owner (1.21.11), the run stops in one line
CASES["explosion_sets_projectile_owner"] = (CASES["explosion_add_velocity"][0], 2, 1)
# an armor stand whose eye is the explosion's centre: passed over (up to 1.21.8) or broken (1.21.9-1.21.11)
CASES["explosion_normalized_direction"] = ((SCENES_DIR / "explosion_at_centre_1_21_11.toml").read_text(), 1, 3)
# a boat on the surface of a bubble column: its splash drawn (1.21.4's draws), or the run stops (1.21.8's)
CASES["boat_splash_above_bubble_column"] = (
    (SCENES_DIR / "flag_boat_splash_above_bubble_column.toml").read_text(), 2, 1)
# a zombie beside a boat on the ground: it boards, or the run stops (1.21.9-1.21.11: the tag's members not read)
CASES["boat_boarding_by_type_tag"] = ((SCENES_DIR / "flag_boat_boarding_by_type_tag.toml").read_text(), 1, 2)

# --- living, players and elytra of 1.14-1.14.4 (tests/engine/test_version_114.py) ---
# a zombie shoved over enchanting tables on packed ice: slides on the ice's 0.98 (1.14.4) or stops on the table's 0.6
CASES["slipperiness_one_below"] = ((SCENES_DIR / "living_slipperiness_one_below_1_14_4.toml").read_text(), 20, 1)
# a zombie driven through an open door's cell: jumps there (1.14.3) or walks through (1.14.4)
CASES["move_control_jump_skips_doors"] = ((SCENES_DIR / "zombie_open_door_jump_1_14_3.toml").read_text(), 40, 1)
# TNT 2 sliding over slime blocks at 1.14.4: not slowed (TntEntity.canClimb false) or slowed (1.15)
CASES["stepped_on_can_climb"] = ((SCENES_DIR / "flag_stepped_on_can_climb.toml").read_text(), 20, 2)
# a sprinting player presses sneak: the sprint stops (1.14.1: forward 0.3 < 0.8F) or goes on (1.14.2)
CASES["sprint_stops_below_walking"] = ((SCENES_DIR / "player_sprint_sneak_1_14_1.toml").read_text(), 10, 1)
# a swimmer under a ceiling it can crouch under: slowed by the sneaking pose (1.14.1) or not (1.14.2)
CASES["sneaking_pose_while_swimming"] = ((SCENES_DIR / "player_swim_low_ceiling_1_14_2.toml").read_text(), 10, 1)
# a walking player presses sneak: slowed in that tick by the key (1.14.4) or from the next by the pose (1.15)
CASES["sneak_key_slows_input"] = ((SCENES_DIR / "player_sneak_key_slows_1_14_4.toml").read_text(), 8, 1)
# a falling player with an elytra presses jump: refused, the server starts the glide (1.14.4), or glides (1.15)
CASES["glide_start_by_server"] = ((SCENES_DIR / "elytra_jump_press_1_14_4.toml").read_text(), 5, 1)
# a sneaking player jumping forward off the floor's edge: leaves it (1.16.1: held only on the ground) or is held
# while its step height above the floor (1.16.2)
CASES["sneak_edge_near_ground"] = ((SCENES_DIR / "flag_sneak_edge_near_ground.toml").read_text(), 2, 1)


# living travel, players and elytra of 1.12.2 (MCP 1.12.2): the bundled 1.12.2 scenes (1.13 refuses them)
_V1122 = {name: (SCENES_DIR / f"{name}.toml").read_text() for name in (
    "player_sprint_jump_1_12_2", "player_sneak_vine_1_12_2", "player_swim_1_12_2", "elytra_glide_1_12_2",
    "zombie_walk_1_12_2")}
CASES["move_relative_float"] = (_V1122["player_sprint_jump_1_12_2"], 2, 1)
CASES["ground_accel_by_drag"] = (_V1122["player_sprint_jump_1_12_2"], 2, 2)
CASES["climbing_1_12"] = (_V1122["player_sneak_vine_1_12_2"], 8, 2)
CASES["water_travel_1_12"] = (_V1122["player_swim_1_12_2"], 3, 1)
CASES["jump_in_fluid_flags"] = (_V1122["player_swim_1_12_2"], 1, 1)
CASES["elytra_gravity_literal"] = (_V1122["elytra_glide_1_12_2"], 2, 2)
CASES["player_client_1_12"] = (_V1122["player_sneak_vine_1_12_2"], 1, 1)
CASES["move_control_1_12"] = (_V1122["zombie_walk_1_12_2"], 1, 1)
# a player jumping with Jump Boost I: 0.42F + 0.1F in double (1.12.2) or in float
CASES["jump_boost_in_motion"] = ((SCENES_DIR / "flag_jump_boost_in_motion.toml").read_text(), 1, 1)

# living travel and mobs of 1.13.2 (extracted_minecraft_data client1.13.2): zombie 1 walking on the ground (its
# acceleration 0.16277137F or 1.12.2's 0.16277136F), zombie 3 swimming into a wall from a vine cell (climbs from 1.14)
_V1132 = (SCENES_DIR / "living_1_13_2.toml").read_text()
CASES["ground_accel_1_13"] = (_V1132, 2, 1)
# a sneaking player jumping under a ceiling 2 above the floor: 0.6 x 1.65 (1.13.2, as 1.12.2) or the 1.5 crouching
# pose (1.14); its jump meets the ceiling after 0.35 or 0.5
CASES["player_client_1_13"] = ((SCENES_DIR / "player_sneak_ceiling_1_13_2.toml").read_text(), 4, 1)
CASES["water_travel_no_climb"] = (_V1132, 14, 3)
# a zombie whose position is in a fence's cell beside the post, sent north: no jump (1.12.2) or a jump (the shape at
# its feet reaches above it, 1.14-1.14.3)
CASES["move_control_jump_by_step"] = ((SCENES_DIR / "flag_move_control_jump_by_step.toml").read_text(), 3, 1)

# the swim goal (engine.living.goals): a zombie (1), a wither skeleton (2), a villager (3) and a pig (4) dropped into
# deep water in 1.12.2 (tests/engine/test_goals.py), and a pig in 1.21.3 (alternate ticks by age)
_SWIM = (SCENES_DIR / "mobs_swim_1_12_2.toml").read_text()
CASES["undead_swim_goal"] = (_SWIM, 40, 1)
CASES["swim_goal_any_depth"] = (_SWIM, 60, 4)
CASES["villager_swim_goal"] = (_SWIM, 40, 3)
# the villager's brain (engine.living.brain_tasks): villager 3 without gravity 0.400000003 deep (1.15.2 against 1.16)
CASES["stay_above_water_float_height"] = (
    (SCENES_DIR / "flag_stay_above_water_float_height.toml").read_text(), 30, 3)
CASES["goal_selector_every_third_tick"] = (_SWIM, 40, 4)
CASES["goal_selector_alternate"] = ((SCENES_DIR / "flag_goal_selector_alternate.toml").read_text(), 40, 1)
CASES["goal_selector_alternate_by_age"] = ((SCENES_DIR / "flag_goal_selector_alternate.toml").read_text(), 40, 1)

# firework rockets of 1.12.2 (MCP) and 1.13.2 (client1.13.2): rocket 1 of the free-flight scene flies through the
# armor stand (1.12.2, 1.13.2) or hits it in tick 7 (1.14); the boosted glider's motion takes getLookVec's
# sine-table entries (1.12.2)
CASES["firework_tick_1_12"] = ((SCENES_DIR / "firework_free_1_12_2.toml").read_text(), 7, 1)
# free rockets from 1.14 (scenes/firework_free_1_14.toml): rocket 1 under the ceiling keeps its Motion (1.16),
# rocket 2 along the wall is not sped up (1.16.4), rocket 3 hits the armor stand from before its move (1.21.2)
CASES["firework_tick_1_16"] = ((SCENES_DIR / "firework_free_1_14.toml").read_text(), 17, 1)
CASES["firework_wall_no_speedup"] = ((SCENES_DIR / "firework_free_1_14.toml").read_text(), 14, 2)
CASES["firework_ray_before_move"] = ((SCENES_DIR / "firework_free_1_14.toml").read_text(), 12, 3)
CASES["firework_look_vec_1_12"] = ((SCENES_DIR / "firework_glider_1_12_2.toml").read_text(), 3, 1)

# the flags whose only effect is the recorded search (no motion differs): their cases compare the node types of
# the traced searches too (`outcome(search=True)`)
SEARCH_TYPE_CASES = {"path_leaves_kept", "path_cactus_damage_other", "path_damage_cautious", "path_cocoa_type",
                     "path_timeout_bottom_centre", "path_budget_by_range",
                     "path_goal_reached_below_1", "path_small_blocks_refuse"}   # the last four: when, how far, how
# often it searches, the nodes over flower pots (the walk ends alike)
# ... and those that change the traced neighbour updates or block changes
UPDATE_CASES = {"piston_retract_flags_20", "piston_move_states_in_order", "piston_head_any_base",
                "piston_vacate_each_1_14", "comparator_power_at_sides_1_14", "gate_pulse_off_high_1_14",
                "wire_power_steps_1_13", "update_observing_blocks_1_12"}
# a concrete powder landing beside water: hardened from 1.15 (the block changes tell)
CASES["concrete_landing_side_water"] = (
    (SCENES_DIR / "concrete_powder_lands_beside_water_1_15.toml").read_text(), 13, 1)
UPDATE_CASES |= {"concrete_landing_side_water"}
SEARCH_ROLES = ("path_closed", "path_open", "path_node")


def outcome(text: str, ticks: int, entity_id: int, flip: str | None = None, version: str | None = None,
            samples: bool = False, fall: bool = False, search: bool = False, updates: bool = False,
            pose: bool = False) -> tuple[str, Any]:
    """Position and Motion of the entity after `ticks` (or that it was removed), or the refusal's one line; with
    `samples`, the traced explosion sample points too; with `fall`, its fall distance too; with `search`, the
    traced path searches' nodes (role, cell, node type: the expanded nodes, the open set left, the path) too; with
    `updates`, the traced neighbour updates (from, to, source) and the block changes (pos, from, to) too; with
    `pose`, the player's pose and box height too (1.12.2's sizes are not its poses')."""
    if version is not None:
        text = _with_version(text, version)
    try:
        sim: Simulation = load_scene_text(text, "<versions case>")
    except SceneError as err:   # a key named as another release names it (an attribute id): one line at load
        return ("refused", str(err))
    sim.trace_enabled = samples or search or updates
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    points: list[Any] = []
    try:
        for _ in range(ticks):
            record = sim.tick()
            if samples:
                points += [g for p in record.phases for it in p.items for s in it.stages for g in _geometry(s)
                           if str(g.get("role", "")).startswith("sample_point")]
            if search:
                points += [(g["role"], tuple(g["pos"]), g["type"]) for p in record.phases for it in p.items
                           for s in it.stages for g in _geometry(s) if g.get("role") in SEARCH_ROLES]
            if updates:
                points += [(tuple(u["from"]), tuple(u["to"]), u["source"])
                           for u in record.redstone["neighbor_updates"]]
                points += [(tuple(e["pos"]), e["from"], e["to"]) for e in record.events if e["kind"] == "block_changed"]
    except NotImplementedError as err:
        return ("refused", str(err))
    e = sim.entity_by_id(entity_id)
    state = ("removed", None) if e is None or e.removed else ("state", (tuple(e.pos), tuple(e.motion)))
    if fall and state[0] == "state":
        state = ("state", (*state[1], e.fall_distance))
    if pose and state[0] == "state":
        state = ("state", (*state[1], e.pose, e.box.max_y - e.box.min_y))
    return (state[0], (state[1], points)) if samples or search or updates else state


def _geometry(stage: Any) -> list[dict[str, Any]]:
    d = stage.to_json()
    out, todo = [], [d]
    while todo:
        s = todo.pop()
        out += s.get("geometry", [])
        todo += s.get("children", [])
    return out


def _with_version(text: str, version: str) -> str:
    if 'version = "' in text:
        return "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                         for line in text.splitlines()) + "\n"
    if "[scene]" in text:
        return text.replace("[scene]", f'[scene]\nversion = "{version}"', 1)
    return f'[scene]\nversion = "{version}"\n' + text


def _before(first: tuple[int, int, int]) -> str:
    return version_text(RELEASES[RELEASES.index(first) - 1])


# --- FEATURES: each flag changes a result, and its first release differs from the one before -----------------

def test_every_version_row_has_a_case() -> None:
    assert set(CASES) == set(FEATURES)


def test_every_version_flag_s_case_is_a_bundled_scene() -> None:
    """Every simulated difference has a scene in scenes/ that shows it: each flag's case text is a bundled file's,
    so the scene a user opens is the one the flag's tests run."""
    bundled = {p.read_text(encoding="utf-8") for p in SCENES_DIR.glob("*.toml")}
    missing = [flag for flag in sorted(FEATURES) if CASES[flag][0] not in bundled]
    assert not missing, f"the case of {', '.join(missing)} is no file of scenes/ (write it as scenes/flag_FLAG.toml)"



@pytest.mark.parametrize("flag", sorted(CASES))
def test_each_version_flag_changes_a_result(flag: str) -> None:
    text, ticks, entity_id = CASES[flag]
    samples, fall, search = flag == "exposure_double_steps", flag in FALL_DISTANCE_CASES, flag in SEARCH_TYPE_CASES
    updates, pose = flag in UPDATE_CASES, flag in POSE_CASES
    plain = outcome(text, ticks, entity_id, samples=samples, fall=fall, search=search, updates=updates, pose=pose)
    flipped = outcome(text, ticks, entity_id, flip=flag, samples=samples, fall=fall, search=search, updates=updates,
                      pose=pose)
    assert plain != flipped
    for kind, value in (plain, flipped):
        if kind == "refused":
            assert "\n" not in value and ("of version" in value or "outline-shape raycasts" in value)


# The flags whose first release and the release before both simulate everything the case uses: neither result is
# a refusal, and they differ. (The others start where the release before refuses the case: pre-1.14 entity
# ticks, fluids from 1.17, the supporting block from 1.20.)
BOTH_SIMULATED = {"move_sets_position", "move_zeroes_both_axes", "move_small_uncollided", "explosion_double_sqrt",
                  "exposure_double_steps", "thrown_check_block_collision", "explosion_collision_shapes",
                  "thrown_gravity_double", "thrown_tick_1_21_2", "llama_spit_gravity_double",
                  "arrow_gravity_double", "arrow_tick_1_21_2", "vec_double", "item_push_out_contracted",
                  "random_triangular", "arrow_tick_1_12",
                  "world_height_1_18", "falling_block_spawn_from_block", "falling_block_top_inclusive",
                  "xp_orb_merging", "item_entity_world_random", "raycast_world_border",
                  "dispenser_projectile_items", "projectile_deflection", "fireball_acceleration_power",
                   "fireball_tick_1_21_2", "normalize_zero_below_1e5", "submerged_at_eye", "item_float_height",
                   "supporting_block", "block_collision_deflate_1e7", "fire_check_contract_1e6",
                   "move_fall_reset_raycast", "tick_block_collision", "fire_block_1_21_2",
                   "push_away_double_sqrt", "boat_fall_distance_float", "tnt_minecart_blast_primes",
                   "boat_gravity_double", "minecart_controller_1_21_2",
                   "minecart_water_drag", "boat_water_entry_space_check", "boat_fall_never_breaks",
                   "blast_protection_linear", "bobber_use_checks_owner", "firework_hand_offset",
                   "swim_start_in_water_block", "flying_slipperiness_velocity_affecting",
                   "explosion_hash_set_blocks", "tnt_angle_math_random_1_13"}
# living travel, jumping and players (1.17-1.20.4); their cases stay in the air from 1.20 (supporting block)
BOTH_SIMULATED |= {"knockback_double", "push_away_double_sqrt", "push_away_checks_pushable", "jump_boost_double",
                   "sprint_soft_collision", "sprint_air_speed_float", "elytra_cos_double", "fall_distance_float_step",
                   "swift_sneak", "sneak_edge_only_falling", "flying_travel_needs_ai", "living_tick_skips_removed",
                   "elytra_limit_fall_distance", "off_ground_speed_live", "no_sprint_start_gliding",
                   "fall_damage_immune_tag", "on_landing_effects", "water_travel_no_climb"}
# riders (1.17-1.20.4): the ones whose release before simulates the case too
BOTH_SIMULATED |= {"passenger_attachment_points", "boat_dismount_passenger_yaw", "boat_dismount_block_heights",
                   "dismount_removed_vehicle_in_place", "dismount_boat_clear_of_boat", "dismount_portal_on_top",
                   "dismount_vehicle_spots"}
# redstone (1.17-1.18.2)
BOTH_SIMULATED |= {"comparator_compare_side_zero", "tick_scheduler_chunks"}
# fishing bobbers of 1.12.2-1.15.2 against 1.16
BOTH_SIMULATED |= {"bobber_tick_1_15"}
# redstone (1.19, 1.19.3)
BOTH_SIMULATED |= {"neighbor_updater_chain", "wire_prepare_wire_only", "dispenser_world_random_slot"}
BOTH_SIMULATED |= {"pressure_plate_wide_box", "openable_sound_world_random", "note_block_sound_world_random",
                   "item_use_sound_world_random"}
BOTH_SIMULATED |= {"note_block_head_instrument", "wire_runs_over_trapdoors", "shulker_box_always_solid",
                   "wire_breaks_off_its_floor", "gate_breaks_off_its_floor",
                   "door_half_joins_any_door"}   # redstone (1.20, 1.20.2, 1.20.3)
BOTH_SIMULATED |= {"piston_edge_air_movable", "dispenser_brush_fails"}   # redstone (1.16.2, 1.20.5)
# what wire and gates stand on (1.16, 1.19.3, 1.20.2)
BOTH_SIMULATED |= {"sides_shape", "shulker_box_sides_shape", "chorus_flower_sides_shape"}
# living travel, jumping and players of 1.20.5 (the cases of the living attributes, the sprint kick and the
# sneaking edge; an unridden pig's step height of 1.19.4)
BOTH_SIMULATED |= {"living_attributes", "sprint_jump_kick_double", "sneak_edge_below_feet", "pig_step_height_half"}
# living travel, players and the explosion impulse of 1.21
BOTH_SIMULATED |= {"living_attributes_1_21", "step_up_heights", "knockback_projectile_velocity",
                   "explosion_knockback_resistance"}
# living travel and elytra of 1.21.2
BOTH_SIMULATED |= {"jump_keeps_faster_rise", "effective_gravity_after_move", "tick_gliding", "land_on_logical_side"}
# riders of 1.21.2: the player riding a minecart runs in 1.21.1 and 1.21.2 now that living entities run in 1.21.2
BOTH_SIMULATED |= {"minecart_rider_input_push"}
# riders of 1.20.5: a player rider's case runs in 1.20.4 and 1.20.5 now that living entities run in 1.20.5
BOTH_SIMULATED |= {"vehicle_attachment_points"}
BOTH_SIMULATED |= {"villager_swim_goal", "goal_selector_every_third_tick"}   # the swim goal (1.13.2 against 1.14)
BOTH_SIMULATED |= {"stay_above_water_float_height"}   # the villager's swim task (1.15.2 against 1.16)
BOTH_SIMULATED |= {"path_water_after_blocks"}   # path finding (1.16-1.18.2)
BOTH_SIMULATED |= {"path_node_passed_ahead", "path_timeout_bottom_centre", "path_start_corners_in_order",
                   "path_from_negative_node", "path_fence_nodes", "path_fire_blocks", "path_fluids_after_pathable",
                   "path_neighbors_first_danger", "path_small_blocks_refuse"}   # path finding (1.15.2 against 1.16)
BOTH_SIMULATED |= {"path_cocoa_type", "path_neighbors_cube"}   # path finding (1.14.4 against 1.15)
BOTH_SIMULATED |= {"path_target_set", "path_heuristic_distance_only", "path_range_from_start",
                   "path_diagonal_lower_sides", "path_start_through_waterlogged"}   # path finding (1.14.3, 1.14.4)
BOTH_SIMULATED |= {"path_euclid_search", "path_range_on_expanded", "path_diagonal_sides_checked",
                   "path_fall_blocked_node", "path_box_entities", "path_no_direct_skip"}   # path finding (1.14)
BOTH_SIMULATED |= {"path_reach_in_double", "path_direct_skip_every_5",
                   "path_step_box_from_feet"}   # path finding (1.13.2; path_budget_by_range: SEARCH_TYPE_CASES)
BOTH_SIMULATED |= {"path_open_box_test", "path_walkable_door", "path_open_narrow_only", "path_lava_fiery",
                   "path_fluids_first", "path_cauldron_copies_node"}   # path finding (1.16.1 against 1.16.2)
BOTH_SIMULATED |= {"lava_push_in_water", "in_lava_by_fluid_height", "item_float_by_fluid_height"}   # fluids 1.16.1
BOTH_SIMULATED |= {"lava_push", "submerged_below_eye", "flow_own_levels", "item_lava_buoyancy",
                   "fire_block_collision", "lava_flag_below_surface",
                   "item_moves_when_needed", "item_bounces_only_falling",
                   "soul_sand_on_collision"}   # fluids, items and soul sand 1.14-1.16.1
BOTH_SIMULATED |= {"lava_travel_swim_height", "jump_fluid_heights", "glide_levitation_check",
                   "glide_start_off_climbable", "double_tap_reset_sneaking"}   # living and elytra 1.15-1.16
BOTH_SIMULATED |= {"slipperiness_one_below", "move_control_jump_skips_doors", "stepped_on_can_climb",
                   "sprint_stops_below_walking", "sneaking_pose_while_swimming",
                   "sneak_key_slows_input"}   # living and players 1.14-1.15
BOTH_SIMULATED |= {"sneak_edge_near_ground"}   # players (1.16.2)
BOTH_SIMULATED |= {"move_control_jump_by_step"}   # the fence of its case: 1.13.2's block table
# 1.13.2's players and riders (simulated since) against 1.14: the ladder, Jump Boost, the rider's push, the thrower
BOTH_SIMULATED |= {"climbing_1_12", "jump_boost_in_motion", "minecart_rider_forward_push", "pearl_owner_hit_ignored",
                   "thrown_ignore_entity"}
BOTH_SIMULATED |= {"path_blocked_doors", "path_sweep_min_corner", "path_start_skips_open",
                   "path_swimmer_feet_mid_water", "path_closed_node_if_none",
                   "path_shortcut_between_nodes"}   # path finding (1.19-1.19.3)
BOTH_SIMULATED |= SEARCH_TYPE_CASES | {"path_danger_trapdoor"}   # path finding (1.19.4, 1.20, 1.20.3)
BOTH_SIMULATED |= {"fall_distance_double", "apply_input_before_ai", "move_control_jump_ends_in_liquid",
                   "fall_damage_floor"}   # the fall distance and the mobs of 1.21.5 against 1.21.4
BOTH_SIMULATED |= {"path_successors_by_direction", "path_neighbors_by_type",
                   "path_target_up_from_target"}   # path finding (1.20.5, 1.21.2)
BOTH_SIMULATED |= {"piston_head_short_past_quarter", "piston_moving_long_arm"} | UPDATE_CASES   # pistons 1.16
BOTH_SIMULATED -= {"update_observing_blocks_1_12"}   # its case meets the refused redstone of 1.12.2 and 1.13.0
BOTH_SIMULATED |= {"wire_lines_1_15", "detector_rail_box_float", "tnt_exploded_float_centre_1_15",
                   "tnt_prime_float_centre_1_14"}   # redstone of 1.15.2 against 1.16, 1.14.4 against 1.15
BOTH_SIMULATED |= {"arrow_left_owner", "arrow_release_point_box"}   # arrows (1.16)
BOTH_SIMULATED |= {"knockback_resistance_scales", "knockback_clamp_float"}   # knockback (1.16, 1.14)
BOTH_SIMULATED |= {"pearl_owner_living"}   # thrown entities (1.16): 1.15.2 simulates its pearl
BOTH_SIMULATED |= {"minecart_lava_tick", "minecart_rail_velocity_one"}   # minecarts (1.16.2, 1.16)
BOTH_SIMULATED |= {"wind_charge_top_inclusive", "explosion_preserves_decorations"}   # wind charges (1.21.2)
BOTH_SIMULATED |= {"should_stop_sprinting"}   # players (1.21.4)
BOTH_SIMULATED |= {"xp_orb_bounce_prev_y"}   # XP orbs (1.21.4)
BOTH_SIMULATED |= {"arrow_drag_split", "arrow_in_ground_still"}   # arrows (1.21.4)
BOTH_SIMULATED |= {"arrow_hits_many"}   # arrows (1.21.11; 1.21.10 simulated too)
BOTH_SIMULATED |= {"fall_reset_ray_capped"}   # the fall distance (1.21.9, its 25w37a snapshot read)
BOTH_SIMULATED |= {"bobber_hooked_interactable"}   # fishing bobbers (1.21.9, its 25w33a snapshot read)
BOTH_SIMULATED |= {"powder_snow_soft_landing"}   # powder snow (1.17.1 against 1.18)
# the explosion's push at its centre and the powered lightning rod placed (1.21.9 read)
BOTH_SIMULATED |= {"explosion_normalized_direction", "lightning_rod_place_schedules_tick"}
BOTH_SIMULATED |= {"affect_neighbors_after_removal"}   # redstone (1.21.5, its snapshots read, against 1.21.4)
BOTH_SIMULATED |= {"path_target_down_to_bottom"}   # path finding (1.21.6 against 1.21.5, bracketed since)
BOTH_SIMULATED |= {"xp_orb_tick_1_21_8", "xp_orb_push_moved_box", "xp_orb_spawn_1_21_7"}   # XP orbs (1.21.5-1.21.6)
BOTH_SIMULATED |= {"arrow_in_ground_zeroes_motion", "arrow_in_ground_unpushed"}   # arrows (1.21.5; 1.21.4 too)
BOTH_SIMULATED |= {"explosion_add_velocity"}   # wind charges (1.21.4)
# the look vector of 1.21.11: 1.21.10 (read) simulates the case too, indexing in float and normalising
BOTH_SIMULATED |= {"sine_index_double", "redirect_look_unnormalized"}
# the move, the TNT and falling-block ticks of 1.13.2 (read): their 1.14 flags' cases run in 1.13.2 too
BOTH_SIMULATED |= {"move_motion_fields", "tnt_float_literals", "axis_order_yxz", "falling_block_tick_1_12"}
# ... and the item, XP-orb, push-out and fluid flags of 1.13.2 (read) against 1.14
BOTH_SIMULATED |= {"item_tick_1_12", "push_out_1_12", "xp_orb_tick_1_12", "fluid_height_level_only",
                   "in_lava_material_box"}
# ... and the minecart flags of 1.13.2 (read) against 1.14
BOTH_SIMULATED |= {"minecart_float_literals", "minecart_height_gain_divided"}
# the fireball's owner of 1.12.2-1.15.2 (OLDEST): its case runs in 1.15.2 and 1.16
BOTH_SIMULATED |= {"fireball_owner_ticks"}
BOTH_SIMULATED |= {"llama_spit_tick_1_12"}   # llama spit of 1.13.2 (read) against 1.14
# ... and the dismount of 1.13.2 (read) against 1.14
BOTH_SIMULATED |= {"dismount_top_solid_material"}
BOTH_SIMULATED |= {"ridden_dead_vehicle_skips_tick"}   # a rider of a dead vehicle, 1.13.2 (read) against 1.14
# ... and the redstone of 1.13.2 (read) against 1.14
BOTH_SIMULATED |= {"wire_power_steps_1_13", "torch_burnout_draws_1_13", "normal_cube_1_13"}
# free firework rockets: 1.13.2 (read) against 1.14, and 1.14's tick release by release
BOTH_SIMULATED |= {"firework_tick_1_12", "firework_tick_1_16", "firework_wall_no_speedup", "firework_ray_before_move"}


@pytest.mark.parametrize("flag", sorted(SEARCH_TYPE_CASES))
def test_a_search_type_flag_changes_only_the_recorded_search(flag: str) -> None:
    """The flag changes the nodes the search records (their types, or a node's cell), not where the entity goes:
    the same position and Motion after 60 ticks (two searches), different (role, cell, type) triples."""
    text, ticks, entity_id = CASES[flag]
    (_, (plain, plain_types)), (_, (flipped, flipped_types)) = (
        outcome(text, 60, entity_id, flip=f, search=True) for f in (None, flag))
    assert plain == flipped and plain_types != flipped_types


@pytest.mark.parametrize("flag", sorted(CASES))
def test_a_flag_s_first_release_differs_from_the_release_before(flag: str) -> None:
    _, first, stop = FEATURES[flag]
    text, ticks, entity_id = CASES[flag]
    edge = stop if first == OLDEST else first
    samples, fall, search = flag == "exposure_double_steps", flag in FALL_DISTANCE_CASES, flag in SEARCH_TYPE_CASES
    updates, pose = flag in UPDATE_CASES, flag in POSE_CASES
    a = outcome(text, ticks, entity_id, version=_before(edge), samples=samples, fall=fall, search=search,
                updates=updates, pose=pose)
    b = outcome(text, ticks, entity_id, version=version_text(edge), samples=samples, fall=fall, search=search,
                updates=updates, pose=pose)
    assert a != b
    if flag in BOTH_SIMULATED and flag != "explosion_collision_shapes":
        assert "refused" not in (a[0], b[0])
    else:   # one side refuses: the outline rays of 1.15.2 through a cobweb, a pre-1.14 entity, a 1.17+ living one
        assert "refused" in (a[0], b[0])


def test_1_17_moves_set_the_position_bit_exactly() -> None:
    """1.16.5 offsets the box and takes its centre; 1.17 adds the movement to the position and rebuilds the box
    (Entity.setPosition): after 7 ticks of a sideways TNT the positions differ in the last bits only."""
    text, ticks, _ = CASES["move_sets_position"]
    (_, (p16, _)), (_, (p17, _)) = outcome(text, ticks, 1, version="1.16.5"), outcome(text, ticks, 1, version="1.17")
    assert p16 != p17 and max(abs(a - b) for a, b in zip(p16, p17, strict=True)) < 1e-12


def test_1_21_2_applies_movements_too_small_before() -> None:
    """A no-gravity TNT drifting at 1e-4 m/gt (length² 1e-8 ≤ 1e-7): 1.21.1 never moves it, 1.21.2 does (Entity.move
    applies an uncollided movement however small)."""
    text, ticks, _ = CASES["move_small_uncollided"]
    (_, (p1, _)), (_, (p2, _)) = outcome(text, ticks, 1, version="1.21.1"), outcome(text, ticks, 1, version="1.21.2")
    assert p1 == (0.5, 60.0, 0.5) and p2[0] > 0.5 and p2[1:] == (60.0, 0.5)


def test_version_1_11_has_no_piston_clamp_but_refuses_its_entity_ticks() -> None:
    """Spec 04 §8.6: the 0.51 per-axis clamp exists from 1.12 (1.12 and 1.16.5 agree through the flag); the
    entity ticks of 1.11-1.13.2 ran on float-era fields, so a 1.11.2 or 1.12 run stops in one line."""
    text, ticks, entity_id = CASES["piston_clamp"]
    for v in ("1.11.2", "1.12"):
        kind, line = outcome(text, ticks, entity_id, version=v)
        assert kind == "refused" and "TntEntity.tick" in line and f"of version {v}" in line.replace(".0 ", " ")


def test_thrown_entities_slide_on_honey_only_from_1_16_2() -> None:
    """AMBIGUITY-V1 read as "1.16.1 and earlier" (003 §8.2.2): up to 1.16.1 `ThrownEntity.tick` has no
    checkBlockCollision, so the honey block beside the falling snowball does nothing; 1.16.2 slides it: Motion Y
    := −0.05 (it was below −0.13), then × 0.99F drag and − 0.03F gravity."""
    from engine.java.javanum import f32
    text = _honey_snowball()
    vy = {v: outcome(text, 1, 1, version=v)[1][1][1] for v in ("1.16.1", "1.16.2")}
    assert vy["1.16.1"] == -0.2 * f32(0.99) - f32(0.03)
    assert vy["1.16.2"] == -0.05 * f32(0.99) - f32(0.03)


def test_outline_raycasts_through_full_cubes_and_air_agree_with_collision_raycasts() -> None:
    """Up to 1.16.1 thrown projectiles raycast outlines (spec 03 §7.5): through air onto stone the hit is the
    same as 1.16.2's, so a pearl-cannon style shot runs; a cobweb's cell stops the run (the table case)."""
    text = scene_toml(blocks=[{"at": [2, 5, 0], "block": "minecraft:stone"}],
                      entities=[{"type": "minecraft:snowball", "pos": [0.5, 5.5, 0.5], "motion": [1.0, 0.0, 0.0],
                                 "id": 1}])
    in_air = outcome(text, 1, 1, version="1.16.1")
    assert in_air[0] == "state" and in_air == outcome(text, 1, 1, version="1.16.2")
    assert outcome(text, 2, 1, version="1.16.1") == ("removed", None) == outcome(text, 2, 1)


def test_1_21_5_runs_where_no_block_acts_on_entities() -> None:
    """1.21.2's `tickBlockCollision` is simulated up to 1.21.4 (tests/engine/test_version_block_effects.py); the
    walks of 1.21.5 and 1.21.7 (read) differ from it and are not simulated. Without a block having
    `onEntityCollision` in reach nothing differs (1.21.5 equals 1.21.4 in the air); beside a cobweb, or with a fast
    box whose sweep would reach one, it stops with one line. The items do not fall (no gravity)."""
    air = scene_toml(entities=[_item([0.5, 30.0, 0.5], [0.1, 0.0, 0.05], no_gravity=True)])
    assert outcome(air, 10, 1, version="1.21.5") == outcome(air, 10, 1, version="1.21.4")
    web = scene_toml(blocks=[{"at": [0, 28, 0], "block": "minecraft:cobweb"}],
                     entities=[_item([0.5, 28.2, -0.6], [0.0, 0.0, 0.2], no_gravity=True)])
    kind, line = outcome(web, 20, 1, version="1.21.5")
    assert kind == "refused" and "checkBlockCollision in the tick (spec 03 §6.2) of version 1.21.5" in line
    assert outcome(web, 20, 1, version="1.21.4")[0] == "state"
    shot = scene_toml(blocks=[{"at": [2, 5, 0], "block": "minecraft:cobweb"}],
                      entities=[_item([0.5, 5.4, 0.5], [3.0, 0.0, 0.0], no_gravity=True)])
    assert outcome(shot, 1, 1, version="1.21.4")[0] == "state"
    assert outcome(shot, 1, 1, version="1.21.5")[0] == "refused"
    assert outcome(shot, 1, 1, version="1.21.8")[0] == "state"   # 1.21.7's walk is simulated


# --- MECHANICS: every refused cell stops a scene that uses it ------------------------------------------------

def _scene(name: str) -> str:
    return (SCENES_DIR / name).read_text()


_ELYTRA = _scene("elytra_dive.toml")
# mechanic → (a scene that uses it, ticks to run)
USES: dict[str, tuple[str, int]] = {
    "entity_move": (scene_toml(entities=[_item([0.5, 30.0, 0.5], [0.1, 0.0, 0.0])]), 2),
    "void": (scene_toml(entities=[_item([0.5, -63.9, 0.5], [0.0, -0.5, 0.0])]), 3),
    "projectile_world_border": (scene_toml(scene={"border": {"size": 20.0}},
                                           entities=[{"type": "minecraft:snowball", "pos": [8.5, 30.0, 0.5],
                                                      "motion": [1.5, 0.0, 0.0]}]), 3),
    "block_effects": (scene_toml(blocks=[{"at": [0, 28, 0], "block": "minecraft:cobweb"}],
                                 entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])]), 20),
    "supporting_block": (scene_toml(blocks=[FLOOR], entities=[_item([0.5, 1.2, 0.5], [0.0, -0.3, 0.0])]), 2),
    "fluids": (scene_toml(blocks=[{"from": [-1, 58, -1], "to": [1, 61, 1], "block": "minecraft:water"}],
                          entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 80}]), 2),
    "tnt": (scene_toml(entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 80}]), 2),
    "falling_block": (_scene("falling_sand.toml"), 2),
    "item": (scene_toml(entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])]), 2),
    "item_push_out": (scene_toml(blocks=[{"at": [0, 30, 0], "block": "minecraft:stone"}],
                                 entities=[_item([0.5, 30.3, 0.5], [0.0, 0.0, 0.0])]), 2),
    "xp_orb": (scene_toml(entities=[{"type": "minecraft:experience_orb", "pos": [0.5, 30.0, 0.5]}]), 2),
    "thrown": (scene_toml(entities=[{"type": "minecraft:snowball", "pos": [0.5, 30.0, 0.5],
                                     "motion": [0.5, 0.2, 0.0]}]), 2),
    "arrow": (scene_toml(entities=[{"type": "minecraft:arrow", "pos": [0.5, 30.0, 0.5],
                                    "motion": [1.5, 0.2, 0.0]}]), 2),
    "fireball": (scene_toml(entities=[{"type": "minecraft:fireball", "pos": [0.5, 30.0, 0.5],
                                       "motion": [0.5, 0.0, 0.0], "power": [0.1, 0.0, 0.0]}]), 2),
    "wind_charge": (scene_toml(entities=[{"type": "minecraft:wind_charge", "pos": [0.5, 30.0, 0.5],
                                          "motion": [0.5, 0.0, 0.0]}]), 2),
    "llama_spit": (scene_toml(entities=[{"type": "minecraft:llama_spit", "pos": [0.5, 30.0, 0.5],
                                         "motion": [0.5, 0.2, 0.0]}]), 2),
    "fishing_bobber": (scene_toml(entities=[{"type": "minecraft:player", "id": 1, "pos": [0.5, 30.0, 0.5],
                                             "invulnerable": True}],
                                  spawns=[{"kind": "fishing_bobber", "player": 1}]), 2),
    "firework": (_ELYTRA + '\n[[inputs]]\nentity = 1\nfrom = 1\nto = 1\nuse = "minecraft:firework_rocket"\n', 3),
    "look_vector": (_deflection(22.5, "1.16.5"), 4),
    "boat": (scene_toml(entities=[{"type": "minecraft:boat", "pos": [0.5, 30.0, 0.5]}]), 2),
    "minecart": (scene_toml(entities=[{"type": "minecraft:minecart", "pos": [0.5, 30.0, 0.5]}]), 2),
    "vehicle_passengers": (scene_toml(entities=[_boat([0.5, 30.0, 0.5], id=1),
                                                {"type": "minecraft:armor_stand", "pos": [0.5, 30.0, 0.5], "id": 2,
                                                 "vehicle": 1}]), 2),
    "living": (scene_toml(entities=[{"type": "minecraft:armor_stand", "pos": [0.5, 30.0, 0.5]}]), 2),
    "player": (_ELYTRA, 2),
    "elytra": (_ELYTRA, 2),
    "explosion": (_tnt_pair([2.3, 60.7, 1.1]), 1),
    "explosion_living": (CASES["blast_protection_linear"][0], 1),
    "pistons": (_scene("piston_clamp_two_pistons.toml"), 3),
    "shulker_box": (_scene("shulker_armor_stand_cobweb.toml"), 4),
    "path_finding": (_scene("zombie_path_around_wall.toml"), 2),
    "redstone": (_scene("redstone_repeater_clock.toml"), 3),
    "fall_distance": (scene_toml(entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])]), 2),
    # a wall: neither empty nor a full cube, refused in the releases without a table
    "block_data": (scene_toml(blocks=[{"at": [5, 30, 5], "block": "minecraft:cobblestone_wall"}],
                              entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])]), 1),
}

REFUSED_CELLS = [(c["version"], c["mechanic"]) for c in table() if not c["simulated"]]


def test_every_mechanic_has_a_scene_that_uses_it() -> None:
    assert set(USES) == set(MECHANICS)


def test_the_table_covers_every_release_and_mechanic() -> None:
    """52 releases (1.11 .. 1.21.11) × every mechanic, each cell simulated or refused."""
    cells = table()
    assert len(RELEASES) == 52 and version_text(OLDEST) == "1.11" and version_text(NEWEST) == "1.21.11"
    assert len(cells) == len(RELEASES) * len(MECHANICS)
    assert {(c["version"], c["mechanic"]) for c in cells} == {(version_text(v), m) for v in RELEASES
                                                              for m in MECHANICS}
    assert all(c["simulated"] == (c["why"] is None) for c in cells)


@pytest.mark.parametrize(("version", "mechanic"), REFUSED_CELLS)
def test_a_refused_cell_stops_a_scene_that_uses_it(version: str, mechanic: str) -> None:
    text, ticks = USES[mechanic]
    kind, line = outcome(text, ticks, 1, version=version)
    assert kind == "refused" and "\n" not in line
    v = parse_version(version)
    titles = {MECHANICS[m].title for m in features_for(version).refused} | {"outline-shape raycasts"}
    assert any(line.startswith(t) for t in titles), line
    assert f"of version {version_text(v)}" in line or line.startswith("outline-shape raycasts")


@pytest.mark.parametrize("mechanic", sorted(USES))
def test_the_scene_of_a_mechanic_runs_where_the_table_simulates_it(mechanic: str) -> None:
    """The uses-scenes are fair: at a release that simulates every mechanic they meet (1.16.5, or the first that
    simulates a mechanic 1.16.5 lacks: wind charges), they run."""
    text, ticks = USES[mechanic]
    release = next(version_text(v) for v in (parse_version("1.16.5"), *RELEASES) if refusing(v, mechanic) is None)
    assert outcome(text, ticks, 1, version=release)[0] != "refused"


def test_a_refused_cell_names_its_own_mechanic_where_the_scene_meets_nothing_else_refused() -> None:
    """The cells whose own line a scene reaches first: the entity ticks and the mechanics met by TNT and items."""
    for version, mechanic, title in (("1.13.1", "llama_spit", "the llama-spit tick"),
                                     ("1.21.9", "arrow", "the arrow and trident tick"),
                                     ("1.13.1", "fireball", "the fireball tick"),
                                     ("1.13.1", "falling_block", "the falling-block tick"),
                                     ("1.13.1", "xp_orb", "the XP-orb tick"),
                                     ("1.12.1", "block_data", "the block tables"),
                                     ("1.13.1", "tnt", "the TNT tick")):
        text, ticks = USES[mechanic]
        kind, line = outcome(text, ticks, 1, version=version)
        assert kind == "refused" and line.startswith(title), (version, mechanic, line)
        assert refusing(parse_version(version), mechanic).what in line


def test_the_cli_stops_a_refused_version_with_one_line(tmp_path, capsys) -> None:
    from viewer.cli import main
    path = tmp_path / "v1219.toml"
    path.write_text(_with_version(USES["arrow"][0], "1.21.9"), encoding="utf-8")
    assert main(["trace", str(path), "--ticks", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "the arrow and trident tick (PersistentProjectileEntity.tick, spec 06 §7) of " \
        "version 1.21.9" in err


def test_unknown_versions_are_refused() -> None:
    for bad, why in (("1.16.6", "not a Java Edition release"), ("1.21.12", "outside the supported range"),
                     ("1.10.2", "outside the supported range"), ("1.13.3", "not a Java Edition release"),
                     ("26.1", "outside the supported range"), ("1.21.x", "not of the form")):
        with pytest.raises(ValueError, match=why):
            parse_version(bad)
    assert parse_version("1.21.10") == (1, 21, 10) and parse_version("1.20") == (1, 20, 0)


def test_tickscope_versions_prints_the_table(capsys) -> None:
    from viewer.cli import main
    assert main(["versions", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)
    assert cells == table()
    assert main(["versions"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert any(line.startswith("1.21.11 ") for line in lines) and any(line.startswith("1.11 ") for line in lines)
    assert f"{sum(c['simulated'] for c in cells)} simulated, {len(REFUSED_CELLS)} refused" in text


def test_closed_form_coasting_follows_the_version() -> None:
    """`tickscope sweep`/`solve` carry a free pearl to the measured tick by 1.16.5's closed forms (spec 02; equal to
    the ticks to rounding): from 1.20.5 the thrown tick differs and the run ticks instead, exactly (and in a
    release that refuses it, 1.13.1, the run stops in the refused tick rather than coasting past it)."""
    import tomllib

    from engine.analysis.paths import parse_measure
    from engine.analysis.runs import run_variant
    text = scene_toml(entities=[{"type": "minecraft:ender_pearl", "id": 1, "pos": [0.5, 100.0, 0.5],
                                 "motion": [1.2, 0.8, -0.4]}])
    measures = [parse_measure("entities[1].pos[1]"), parse_measure("entities[1].motion[0]")]
    values = {}
    for v in ("1.16.5", "1.20.5", "1.21.3"):
        doc = tomllib.loads(_with_version(text, v))
        values[v] = run_variant(doc, "<coast>", 30, [], measures, coast=True)
        ticked = run_variant(doc, "<coast>", 30, [], measures, coast=False)
        assert values[v] == (pytest.approx(ticked, rel=1e-13) if v == "1.16.5" else ticked)
    assert len({tuple(x) for x in values.values()}) == 3
    with pytest.raises(NotImplementedError, match="the thrown-projectile tick"):
        run_variant(tomllib.loads(_with_version(text, "1.13.1")), "<coast>", 30, [], measures, coast=True)


# --- the real game trace: a 1.21.2+ pearl cannon --------------------------------------------------------------

PEARL = _shared_data("peers") / "pearl" / "regression_cases.json"


def _pearl_flight(version: str) -> tuple[Vec3, Vec3, dict[str, Any]]:
    """The fixture's cannon as a scene: the pearl at its recorded position and Motion (the world origin added); each
    TNT of the fixture explodes once at its recorded position before the pearl's first tick, as the game trace's
    TNT did (direction "West" with the default red corner south-east and blue north-west puts the red TNT at the
    south-east and the blue at the north-east corner: the calculator's `resolve_vectors_for_direction`). The TNT
    are not entities of the scene: stacked in one cell they would push each other before exploding, which the
    game's cannon prevents and the fixture does not describe. The world is empty, so each explosion's entity half
    is its whole effect (the explosion step reduced to `damage_entities`, for speed). Then the pearl flies the
    fixture's 605 ticks; returns its position and Motion, and the fixture's case."""
    data = json.loads(PEARL.read_text())
    cannon, case = data["CannonSettings"][0], data["RegressionCases"][0]
    ox, oz = case["WorldOrigin"]["X"], case["WorldOrigin"]["Z"]
    assert case["Direction"] == "West" and cannon["DefaultRedDirection"] == "SouthEast"
    pearl = cannon["Pearl"]
    sim = load_scene_text(scene_toml(scene={"version": version}, entities=[
        {"type": "minecraft:ender_pearl", "id": 1, "pos": [ox + pearl["Position"]["X"], pearl["Position"]["Y"],
                                                           oz + pearl["Position"]["Z"]],
         "motion": [pearl["Motion"]["X"], pearl["Motion"]["Y"], pearl["Motion"]["Z"]]}]), "<pearl>")
    sim.explosion_step = lambda s, source, center, power, rec, **_: {
        "affected": explosion.damage_entities(s, source, center, power, rec)}
    for corner, count in (("SouthEastTNT", case["RedTNT"]), ("NorthEastTNT", case["BlueTNT"])):
        p = cannon[corner]
        for _ in range(count):
            Tnt(0, Vec3(ox + p["X"], p["Y"], oz + p["Z"])).explode(sim, None)
    for _ in range(case["MaxTicks"]):
        sim.tick()
    e = sim.entity_by_id(1)
    return e.pos, e.motion, case


@pytest.mark.skipif(not PEARL.is_file(), reason="../shared/data/peers/pearl/regression_cases.json is absent "
                                                 "(the shared reference data beside the checkout)")
def test_the_1_21_3_pearl_of_the_game_trace_lands_where_the_game_s_did() -> None:
    """Issue 26: at 1.21.3 this pearl flew with the thrown tick of 1.20.4 and landed 3.7 km from the game (x
    −372,891.5, Motion y −2.9628: still what 1.20.4 gives). With the 1.20.5 gravity and the 1.21.2 tick order it
    lands within the fixture's tolerances: z and the final Motion; x is 0.33 beyond the fixture's where the
    tolerance is 0.3. The fixture's own x figures disagree with each other by more than that: in the air nothing but
    the drag changes Motion X (`ThrownEntity.applyDrag`, × (double)0.99F, 1.21.3 and 1.21.10 read), so the landing
    is x0 + the final Motion X × Σ 0.99F^−j (j < 605), −369150.945 ± 0.022 for the fixture's final Motion (its six
    decimals), 0.96 from its landing x. The calculator meets 0.3 with a drag of the double 0.99; with the game's
    drag no flight from the fixture's start can meet both its landing and its final Motion."""
    pos, motion, case = _pearl_flight("1.21.3")
    expected, tol = case["Expected"], case["Expected"]["Tolerances"]
    assert abs(pos.z - expected["WorldLandingPosition"]["Z"]) <= tol["WorldLandingPosition"]["Z"]
    for axis, got in zip("XYZ", motion, strict=True):
        assert abs(got - expected["FinalMotion"][axis]) <= tol["FinalMotion"][axis], axis
    assert abs(pos.x - expected["WorldLandingPosition"]["X"]) < 0.35
    implied = case["WorldOrigin"]["X"] + expected["FinalMotion"]["X"] * sum(THROWN_DRAG ** -j for j in range(605))
    assert abs(implied - expected["WorldLandingPosition"]["X"]) > 0.9     # the fixture's x and Motion X disagree
    old, old_motion, _ = _pearl_flight("1.20.4")
    assert round(old.x, 1) == -372891.5 and round(old_motion.y, 4) == -2.9628
