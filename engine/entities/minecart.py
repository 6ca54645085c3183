"""Minecarts (spec 06 §6): `AbstractMinecartEntity.tick` on and off rails, cart-on-cart pushing, passive boarding,
and the TNT minecart (§6.5, E14).

Off rails (spec 06 §6.2) the order is GDMF on the ground and GMDF in the air: gravity, the per-axis cap ±0.4
(AMBIGUITY-N8: the cap is per axis, so the horizontal speed reaches at most 0.4√2), ground drag × 0.5 before the
move, air drag × 0.95 after it. On rails (`moveOnRail`) the cart is snapped onto the rail path
(engine/entities/minecart_rails.py), slopes add ∓0.0078125, powered rails boost (+0.06 along Motion) or brake
(× 0.5, stop below 0.03), and the move is capped per axis at ±0.4 (× 0.75 ridden); a riding player's Motion
pushes a nearly still cart. Not modelled: nether portals, furnace and other container carts.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    DEGREES_TO_RADIANS,
    GRAVITY_1_12,
    LAVA_PUSH,
    LAVA_PUSH_ULTRAWARM,
    MINECART_ACTIVATOR_WOBBLE,
    MINECART_AIR_DRAG,
    MINECART_AIR_DRAG_1_12,
    MINECART_ATTACHMENT_Y,
    MINECART_BOARD_SPEED_SQUARED,
    MINECART_BOARD_SPEED_SQUARED_1_21_2,
    MINECART_BREAK_WOBBLE,
    MINECART_GRAVITY,
    MINECART_GROUND_DRAG,
    MINECART_HEIGHT,
    MINECART_MAX_SPEED,
    MINECART_OTHER_PUSH_SHARE,
    MINECART_PUSH_ALIGNMENT,
    MINECART_PUSH_KEEP,
    MINECART_PUSH_KEEP_1_12,
    MINECART_PUSH_MARGIN,
    MINECART_PUSH_MIN_SQUARED,
    MINECART_PUSH_STRENGTH,
    MINECART_RIDDEN_MOVE,
    MINECART_RIDER_INPUT_PUSH,
    MINECART_RIDER_PUSH,
    MINECART_RIDER_PUSH_MAX,
    MINECART_RIDER_PUSH_MIN,
    MINECART_SLOWDOWN,
    MINECART_SLOWDOWN_1_12,
    MINECART_SLOWDOWN_RIDDEN,
    MINECART_SLOWDOWN_RIDDEN_1_12,
    MINECART_WATER_GRAVITY,
    MINECART_WATER_MAX_SPEED,
    MINECART_WIDTH,
    MINECART_WOBBLE_FACTOR,
    MINECART_WOBBLE_TICKS,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities import minecart_experimental as experimental
from engine.entities import minecart_kernel as kernel
from engine.entities.boat import can_collide, check_passengers
from engine.entities.common import subtract_motion_y
from engine.entities.dismounting import minecart_dismount
from engine.entities.entity import Entity
from engine.entities.later_flags import unlisted
from engine.entities.minecart_experimental import improvements_enabled
from engine.entities.minecart_kernel import CART_ROWS
from engine.entities.minecart_rails import (
    NO_RAIL,
    SHAPES,
    is_rail,
    rail_cell,
    rail_path,
    rail_states,
    snap_position_to_rail,
    solid_rail_ends,
)
from engine.entities.rows import RowBacked, SolidRowBatch, add_gravity, extra_flag, extra_float, extra_int
from engine.entities.tnt_kernel import version_bits
from engine.geometry.box import ZERO, Vec3
from engine.influences.fluids import normalize_zero_below, update_water_state
from engine.influences.fluids_1_12 import FLUID_1_12
from engine.java.javanum import f32
from engine.java.mathhelper import clamp, cos, floor, sin, sqrt_float
from engine.jit import plain
from engine.motion import block_effects
from engine.motion.collision_kernel import block_arrays
from engine.motion.move import MovementType, move
from engine.world.dimensions import void_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.blocks import BlockState
    from engine.world.shape_context import ShapeContext
    from engine.world.world import World

GRAVITY = StageInfo("gravity", "AbstractMinecartEntity.tick", "G")
ON_RAIL = StageInfo("move_on_rail", "AbstractMinecartEntity.moveOnRail")
OFF_RAIL = StageInfo("move_off_rail", "AbstractMinecartEntity.moveOffRail")
SLOWDOWN = StageInfo("apply_slowdown", "AbstractMinecartEntity.applySlowdown", "D")
ACTIVATOR = StageInfo("on_activator_rail", "AbstractMinecartEntity.onActivatorRail")
BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision")
YAW = StageInfo("yaw", "AbstractMinecartEntity.tick")
PUSH = StageInfo("push_or_board", "AbstractMinecartEntity.tick")
FLUID = StageInfo("fluid_push", "Entity.updateWaterState", "F")

# the object path runs the stage kernels' own source (docs/architecture.md, "Each stage written once")
_begin_tick, _add_gravity, _head_along_rail, _brake = (plain(kernel.begin_tick), plain(add_gravity),
                                                       plain(kernel.head_along_rail), plain(kernel.brake))
_snap_onto_path, _rail_movement, _slope_step = (plain(kernel.snap_onto_path), plain(kernel.rail_movement),
                                                plain(kernel.slope_step))
_apply_slowdown, _height_gain, _exit_turn = (plain(kernel.apply_slowdown), plain(kernel.height_gain),
                                             plain(kernel.exit_turn))
_boost, _kickstart, _update_yaw = plain(kernel.boost), plain(kernel.kickstart), plain(kernel.update_yaw)

VILLAGERS = frozenset({"minecraft:villager", "minecraft:wandering_trader"})   # seated 0 up in a cart (1.20.2)
IRON_GOLEM = "minecraft:iron_golem"   # never picked up by a cart


NO_EFFECT_SECTIONS = np.zeros(0, dtype=np.uint8)   # no release the loop runs refuses `block_effects` (decides)
# The flags after 1.21.4 a cart's tick reads (engine.entities.later_flags), and how `MinecartBatch`'s loop meets each
LATER_FLAGS = frozenset({
    # 1.21.7's walk (1.21.10's with its step budget): `AbstractMinecart.applyEffectsFromBlocks` walks the box at the
    # position alone, inside the hull of 1.21.2's tick-time check: the loop hands back a cart with a block with an
    # effect (fire, lava, bubble columns, detector rails among them) there (`minecart_kernel._any_effect`), and
    # water's EXTINGUISH changes nothing on an unlit row
    "apply_effects_from_blocks", "block_walk_step_budget",
    "bubble_column_above_no_collision",   # a bubble column is a block with an effect: handed back
    "piston_move_unstuck",                # a piston's move is the block phase's, on the object path
    "sine_index_double",                  # pushAwayFrom's look vector: a push is handed back
    "fall_distance_double",               # the move's V_FALL_DOUBLE (the rail zeroes the fall before the move)
    "fall_reset_ray_capped",              # the move's V_RAY_CAPPED (no ray: the fall distance is 0 on a rail)
    "boat_splash_above_bubble_column", "boat_boarding_by_type_tag"})   # boats' only


class MinecartBatch(SolidRowBatch):
    """Runs of empty rideable carts on rails: `engine.entities.minecart_kernel.tick_rows`, which hands a cart back
    to the object path (and stops there: its tick may push or move others) where it reads something the kernels do
    not decide. Every release 1.16.2-1.21.11 runs them but those refusing a mechanic they run (1.21.5, 1.21.6 and
    1.21.9 refuse `block_effects`), its flags as one int (`tnt_kernel.version_bits`), the later flags as
    `LATER_FLAGS` says (a release with another leaves every cart to the object path: `later_flags.unlisted`); a
    cart with riders, a vehicle or a step height, and one on its first tick, take the object path. A cart's
    movements recorded by its moves change nothing: from 1.21.7 it walks the box at its position alone."""

    table = CART_ROWS
    mechanics = frozenset({"minecart", "entity_move", "block_effects", "supporting_block", "fluids", "void",
                           "vehicle_passengers"})

    def decides(self, world: World, features: Features) -> bool:
        # before 1.16.2 isInLava is a flag Entity.move's block check sets (`in_lava_by_fluid_height`): not a column;
        # so 1.12.2 and 1.13.2 (`minecart_float_literals`, `minecart_height_gain_divided`) run on objects only
        # the experimental controller (minecart_improvements) runs on objects only
        return not features.refused & self.mechanics and features.in_lava_by_fluid_height \
            and not unlisted(features, LATER_FLAGS) and not improvements_enabled(world)

    def row(self, e: AbstractMinecart, traced: bool) -> int:
        """The cart's row, or −2 − row where its tick takes the object path (the loop reads its box still)."""
        hand_back = e.passengers or e.vehicle is not None or e.step_height or e.first_update
        return -2 - e._r if hand_back else e._r

    def loop(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, allrows: np.ndarray,
             others: np.ndarray, start: int, edges: tuple[float, float, float, float], marks: np.ndarray,
             saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        lava_push = LAVA_PUSH_ULTRAWARM if world.ultrawarm else LAVA_PUSH
        rails, solid = rail_states()
        return kernel.tick_rows(*block_arrays(world), cells, CART_ROWS.f, CART_ROWS.i, rows, allrows, start, others,
                                rails, solid, version_bits(features), edges, NO_EFFECT_SECTIONS, lava_push,
                                normalize_zero_below(features), float(void_y(world.dimension, features)), marks,
                                saved_f, saved_i)

    def finish(self, e: Entity, sim: TickContext) -> None:
        raise AssertionError("the minecart loop never stops at a cart it ticked")


class AbstractMinecart(RowBacked, Entity):
    """`AbstractMinecartEntity`: the server tick of every cart type modelled. Its state is a row of `CART_ROWS`
    (engine.entities.minecart_kernel), its yaw, wobble and rail among the row's extras."""
    MECHANIC = "minecart"   # the versions table's row (engine/core/versions.py)

    WIDTH = MINECART_WIDTH
    can_trigger_walking = False   # AbstractMinecartEntity.canClimb (1.14.4; MCP canTriggerWalking)
    HEIGHT = MINECART_HEIGHT
    collides_with_pushables = True
    RIDEABLE = False
    ROWS = CART_ROWS
    yaw = extra_float(CART_ROWS, "yaw")
    prev_yaw = extra_float(CART_ROWS, "prev_yaw")
    pitch = extra_float(CART_ROWS, "pitch")
    damage_wobble_strength = extra_float(CART_ROWS, "damage_wobble_strength")
    damage_wobble_ticks = extra_int(CART_ROWS, "damage_wobble_ticks")
    yaw_flipped = extra_flag(CART_ROWS, "yaw_flipped")

    def checks_blocks_after_own_move(self, world: World) -> bool:
        """`AbstractMinecart.move`: the default controller checks blocks after each move, the experimental one in
        its iterations only."""
        return not improvements_enabled(world)

    def check_moved_by_others(self, sim: TickContext) -> None:
        """With the experiment `AbstractMinecartEntity.move` runs `handleCollision` after a piston's, a shulker
        box's or a shulker's move too (and a piston's clears `onRail`): not simulated."""
        if improvements_enabled(sim.world):
            raise refusal(sim.features, "minecart", f"minecart {self.id}, tick {sim.tick_count}",
                          "the experimental minecart physics (minecart_improvements) of a cart moved by a piston, a "
                          "shulker box or a shulker (handleCollision after the move, onRail cleared) are not "
                          "simulated")

    def shape_context(self, world: World) -> ShapeContext:
        """`ShapeContext.of(minecart)`: with the experiment `ExperimentalMinecartShapeContext`."""
        return experimental.shape_context(self, world) if improvements_enabled(world) else super().shape_context(world)

    def walks_at_position(self, world: World) -> bool:
        """`AbstractMinecart.applyEffectsFromBlocks` (1.21.7): the box at the position alone for the default
        controller; with the experiment `Entity`'s walk of the recorded movements."""
        return not improvements_enabled(world)

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.yaw_flipped = False
        self.on_rail = False                    # AbstractMinecartEntity.onRail (the experimental controller's)
        self.prev_yaw = 0.0
        self.damage_wobble_strength = 0.0
        self.damage_wobble_ticks = 0
        self.rail_shape = None                  # the rail under the cart this tick (trace and viewer)
        self._facing_yaw: tuple[float, bool] | None = None
        self._facing = ZERO

    @property
    def rail_shape(self) -> str | None:
        code = int(self._t.i[self._r, kernel.I_RAIL])
        return None if code == NO_RAIL else SHAPES[code]

    @rail_shape.setter
    def rail_shape(self, shape: str | None) -> None:
        self._t.i[self._r, kernel.I_RAIL] = NO_RAIL if shape is None else SHAPES.index(shape)

    def type_fields(self) -> dict[str, Any]:
        return {"rail_shape": self.rail_shape, "yaw": self.yaw,
                "passengers": [p.id for p in self.passengers]}

    def is_pushable(self) -> bool:
        return True

    def collides_with(self, other: Entity) -> bool:
        return can_collide(self, other)

    def mounted_height_offset(self) -> float:
        return 0.0   # AbstractMinecartEntity.getMountedHeightOffset

    def get_velocity_multiplier(self, world: World, features: Features) -> float:
        """`AbstractMinecartEntity.getVelocityMultiplier`: 1 while the cart's cell holds a rail (soul sand or
        honey under the rail does not slow it), else the entity's. Before 1.16 (`minecart_rail_velocity_one`)
        there is no override: the entity's, the block under the rail's."""
        p = self.pos
        if features.minecart_rail_velocity_one and is_rail(world.get_block_state(floor(p.x), floor(p.y), floor(p.z))):
            return 1.0
        return super().get_velocity_multiplier(world, features)

    # --- the tick ---
    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`AbstractMinecartEntity.tick` (server side; spec 06 §6.2)."""
        world = sim.world
        features = sim.features
        check_passengers(self, sim)
        _begin_tick(self._t.f, self._t.i, self._r)                                 # prevYaw, the wobble
        if self.pos.y < void_y(sim.world.dimension, sim.features):                 # 1
            self.remove()
        if improvements_enabled(world):                  # 1.21.2: the experiment's ExperimentalMinecartController
            experimental.tick(self, sim, rec)
        else:
            self.tick_default_controller(sim, rec)
        if features.water_material_acceleration:                                   # 7 F (1.12.2)
            run_stage(rec, self, FLUID_1_12, self.handle_water_movement, sim)
        else:
            run_stage(rec, self, FLUID, update_water_state, self, world, features, rec)  # 7 F
        if not features.minecart_lava_tick:   # 1.16-1.16.1: no lava test, firstUpdate never cleared
            return
        if self.is_in_lava():
            self.set_on_fire_from_lava(sim)   # 4 lava damage a tick: the wobble passes 40 on the second
            self.halve_fall_distance_in_lava(sim)   # 1.21.8: lavaIgnite, lavaHurt (the same), then in double
        self.first_update = False

    def apply_gravity(self, features: Features, rec: Recorder | None) -> None:
        """Gravity: −0.04, −0.005 in water from 1.17 (1.12.2: motionY −= 0.04F); none without gravity."""
        if not self.no_gravity and features.minecart_float_literals:               # 3 (1.12.2: motionY -= 0.04F)
            run_stage(rec, self, GRAVITY, subtract_motion_y, self, GRAVITY_1_12)
        elif not self.no_gravity:                                                  # 3
            g = MINECART_WATER_GRAVITY if self.water_drag(features) else MINECART_GRAVITY
            run_stage(rec, self, GRAVITY, _add_gravity, self._t.f, self._r, g)

    def tick_default_controller(self, sim: TickContext, rec: Recorder | None) -> None:
        """The cart's own motion (1.21.2: `DefaultMinecartController.tick`): gravity, on or off the rail, the
        block check, the yaw, pushing and boarding."""
        world = sim.world
        features = sim.features
        self.apply_gravity(features, rec)
        i, j, k = rail_cell(world, *self.pos)
        state = world.get_block_state(i, j, k)
        if is_rail(state):
            self.rail_shape = state.get("shape")
            run_stage(rec, self, ON_RAIL, self.move_on_rail, sim, (i, j, k), state, rec)
            if state.block == "activator_rail":
                run_stage(rec, self, ACTIVATOR, self.on_activator_rail, sim, state.get("powered") == "true")
        else:
            self.rail_shape = None
            run_stage(rec, self, OFF_RAIL, self.move_off_rail, sim, rec)
        run_stage(rec, self, BLOCKS, block_effects.check_block_collision, self, sim, rec)
        run_stage(rec, self, YAW, self.update_yaw, features)
        run_stage(rec, self, PUSH, self.push_or_board, world, features)

    def move_off_rail(self, sim: TickContext, rec: Recorder | None) -> None:
        """`moveOffRail` (spec 06 §6.2 steps 4-5): cap ±0.4 per axis (with the experiment `getMaxSpeed`, the game
        rule's); on ground × 0.5 then move; else move then × 0.95 (1.12.2 `moveDerailedMinecart`: × 0.95F,
        `minecart_float_literals`)."""
        experiment = improvements_enabled(sim.world)   # getMaxSpeed: the controller's (the game rule's)
        d = experimental.get_max_speed(self, sim.world) if experiment else self.max_speed(sim.features)
        m = self.motion
        self.motion = Vec3(clamp(m.x, -d, d), m.y, clamp(m.z, -d, d))
        if self.on_ground:
            self.motion = self.motion.multiply(MINECART_GROUND_DRAG, MINECART_GROUND_DRAG, MINECART_GROUND_DRAG)
        if experiment:
            experimental.move_cart(self, sim, self.motion, rec)
        else:
            move(self, sim, MovementType.SELF, self.motion, rec)
        if not self.on_ground:
            k = MINECART_AIR_DRAG_1_12 if sim.features.minecart_float_literals else MINECART_AIR_DRAG
            self.motion = self.motion.multiply(k, k, k)

    def water_drag(self, features: Features) -> bool:
        """Whether water slows the cart (`minecart_water_drag`, 1.17): `isTouchingWater`, the flag of the last
        `updateWaterState` (at the end of the previous tick)."""
        return features.minecart_water_drag and self.touching_water

    def max_speed(self, features: Features) -> float:
        """`getMaxOffRailSpeed` (1.18.2: `getMaxSpeed`): 0.4 per axis, 0.2 in water from 1.17."""
        return MINECART_WATER_MAX_SPEED if self.water_drag(features) else MINECART_MAX_SPEED

    def move_on_rail(self, sim: TickContext, pos: tuple[int, int, int], state: BlockState,
                     rec: Recorder | None) -> None:
        """`moveOnRail` (spec 06 §6.5): slope, direction along the rail (speed ≤ 2), braking, snap onto the
        path, the capped move, the slope step, slowdown, the height-change gain, the exit turn, the boost. The
        steps around the move are `engine.entities.minecart_kernel`'s, on this cart's row."""
        world = sim.world
        features = sim.features
        px, py, pz = pos
        f, r = self._t.f, self._r
        x, z = self.pos.x, self.pos.z
        before = snap_position_to_rail(world, *self.pos)
        powered = braking = False
        if state.block == "powered_rail":
            powered = state.get("powered") == "true"
            braking = not powered
        shape = state.get("shape")
        rail = SHAPES.index(shape)
        water = self.water_drag(features)
        y = _head_along_rail(f, r, py, rail, water)
        if rec is not None:
            rec.geometry(rail_path(pos, shape))
        rider = self.passengers[0] if self.passengers else None
        pushes = rider is not None and (rider.is_player or features.minecart_rider_forward_push)
        if pushes and self.push_by_rider(rider, features):
            braking = False
        fields = features.minecart_height_gain_divided     # 1.12.2's motion fields
        if braking:
            _brake(f, r, fields)
        _snap_onto_path(f, r, x, z, px, pz, rail, y)
        mx, mz = _rail_movement(f, r, MINECART_RIDDEN_MOVE if self.passengers else 1.0, self.max_speed(features))
        move(self, sim, MovementType.SELF, Vec3(mx, 0.0, mz), rec)
        f = self._t.f                  # the move may have grown the table (an entity spawned)
        _slope_step(f, r, px, pz, rail)
        run_stage(rec, self, SLOWDOWN, self.apply_slowdown, features)
        after = snap_position_to_rail(world, *self.pos)
        if after is not None and before is not None:
            _height_gain(f, r, before.y, after.y, fields)
        _exit_turn(f, r, px, pz)
        if powered and not _boost(f, r):
            self.kickstart(world, pos, rail)

    def push_by_rider(self, rider: Entity, features: Features) -> bool:
        """A riding player's push while the cart is nearly still (horizontal speed² < 0.01): up to 1.21.1 0.1 ×
        the player's Motion (left by its riding tick's travel) when its horizontal length² > 1e-4; from 1.21.2
        (`minecart_rider_input_push`, DefaultMinecartController.moveOnRail) 0.001 × the velocity of the keys it
        holds (`ServerPlayerEntity.getInputVelocityForMinecart`) when they move it. True when it pushed."""
        m = self.motion
        if features.minecart_rider_forward_push:
            return self.push_by_rider_forward(rider, features)
        if m.x * m.x + m.z * m.z >= MINECART_RIDER_PUSH_MAX:
            return False
        if features.minecart_rider_input_push:
            r, k = rider.input_velocity_for_minecart(features), MINECART_RIDER_INPUT_PUSH
            if r.x * r.x + r.y * r.y + r.z * r.z <= 0.0:
                return False
        else:
            r, k = rider.motion, MINECART_RIDER_PUSH
            if r.x * r.x + r.z * r.z <= MINECART_RIDER_PUSH_MIN:
                return False
        self.motion = m.add(r.x * k, 0.0, r.z * k)
        return True

    def push_by_rider_forward(self, rider: Entity, features: Features) -> bool:
        """1.12.2's and 1.13.2's `EntityMinecart.moveAlongTrack` (`minecart_rider_forward_push`): a riding player
        whose moveForward is above 0 (the keys it sends, `CPacketInput`) — in 1.12.2 any living rider, a mob
        walking to its target too (`minecart_living_rider_push`) — pushes a cart slower than 0.1 (speed² < 0.01)
        by 0.1 along its yaw: −`Math.sin`, `Math.cos` of the float radians, in double, no sine table. True when it
        pushed."""
        m = self.motion
        if not (rider.is_player or features.minecart_living_rider_push and rider.living) \
                or rider.forward_speed <= 0.0 or m.x * m.x + m.z * m.z >= MINECART_RIDER_PUSH_MAX:
            return False
        angle = float(f32(rider.yaw * DEGREES_TO_RADIANS))
        self.motion = m.add(-math.sin(angle) * MINECART_RIDER_PUSH, 0.0, math.cos(angle) * MINECART_RIDER_PUSH)
        return True

    def passenger_attachment_pos(self, passenger: Entity, features: Features) -> tuple[float, float, float]:
        """`AbstractMinecartEntity.getPassengerAttachmentPos` (1.20.2): 0.1875F up, a villager 0 (1.20.5: the
        type's passenger attachment point, the same)."""
        return 0.0, 0.0 if passenger.TYPE in VILLAGERS else float(MINECART_ATTACHMENT_Y), 0.0

    def kickstart(self, world: World, pos: tuple[int, int, int], rail: int) -> None:
        """A slow cart on a powered rail: 0.02 away from a solid block at one end of a flat straight rail."""
        _kickstart(self._t.f, self._r, rail, *solid_rail_ends(world, *pos, rail))

    def apply_slowdown(self, features: Features) -> None:
        """`applySlowdown`: × 0.997 ridden, × 0.96 empty (1.12.2 `applyDrag`: 0.997F, 0.96F,
        `minecart_float_literals`); Y zeroed; then × 0.95F in water from 1.17."""
        if features.minecart_float_literals:
            d = MINECART_SLOWDOWN_RIDDEN_1_12 if self.passengers else MINECART_SLOWDOWN_1_12
        else:
            d = MINECART_SLOWDOWN_RIDDEN if self.passengers else MINECART_SLOWDOWN
        _apply_slowdown(self._t.f, self._r, d, self.water_drag(features))

    def update_passenger_for_dismount(self, sim: TickContext, passenger: Entity) -> Vec3:
        return minecart_dismount(sim.world, self, passenger)

    def on_activator_rail(self, sim: TickContext, powered: bool) -> None:
        """`onActivatorRail`: nothing for a plain cart (TNT minecarts prime)."""

    def update_yaw(self, features: Features) -> None:
        """Yaw from this tick's displacement (vanilla's table atan2), flipped by 180° on a reversal; the
        pushing between carts reads it. From 1.21.2 (`minecart_controller_1_21_2`) kept as yaw % 360 (Java's
        float remainder, the sign of the dividend)."""
        _update_yaw(self._t.f, self._t.i, self._r, features.minecart_controller_1_21_2)

    def push_or_board(self, world: World, features: Features) -> None:
        """Spec 06 §6.4 (from 1.21.2 `DefaultMinecartController.handleCollision`, at 0.1 m/gt too): a rideable
        cart faster than 0.1 m/gt takes an entity that is no player, iron golem or
        cart and rides nothing, when the cart is empty; every other pushable entity nearby is pushed
        (`entity.pushAwayFrom(cart)`). A slower or non-rideable cart only pushes other carts."""
        grown = self.box.expand(MINECART_PUSH_MARGIN, 0.0, MINECART_PUSH_MARGIN)
        m = self.motion
        v = m.x * m.x + m.z * m.z
        if self.RIDEABLE and (v >= MINECART_BOARD_SPEED_SQUARED_1_21_2 if features.minecart_controller_1_21_2
                              else v > MINECART_BOARD_SPEED_SQUARED):
            for e in world.get_entities(self, grown, lambda o: o.is_pushable()):
                if self.picks_up(e):
                    e.start_riding(self)
                else:
                    self.push_entity(e, features)
            return
        for e in world.get_entities(self, grown):
            if self.pushes_as_cart(e):
                self.push_entity(e, features)

    def picks_up(self, e: Entity) -> bool:
        """The pick-up test of both controllers' `handleCollision`: an entity that is no player, iron golem or cart
        and rides nothing, while this cart is empty."""
        return not e.is_player and e.TYPE != IRON_GOLEM and not isinstance(e, AbstractMinecart) \
            and not self.passengers and e.vehicle is None

    def pushes_as_cart(self, e: Entity) -> bool:
        """What a cart that picks nothing up pushes: another cart that does not ride it."""
        return e not in self.passengers and isinstance(e, AbstractMinecart)

    def push_entity(self, e: Entity, features: Features, experiment: bool = False) -> None:
        """`e.pushAwayFrom(this)`: another cart by the rule of the world's controller (`experiment`: the
        `minecart_improvements` experiment's), anything else by its own."""
        if isinstance(e, AbstractMinecart):
            e.push_away(self, features, experiment)
        else:
            e.push_away(self, features)

    def push_away(self, other: Entity, features: Features | None = None, experiment: bool = False) -> None:
        """`AbstractMinecartEntity.pushAwayFrom` (spec 06 §6.3): two carts roughly in line (|cos| ≥ 0.8 with this
        cart's yaw; with the `minecart_improvements` experiment, `experiment`, whatever their facing) both keep 0.2
        of their Motion and take the mean plus or minus the push; anything else is pushed a quarter as much as this
        cart is pushed back. The source of the stacked-cart overflow."""
        if other.no_clip or self.no_clip or other in self.passengers:
            return
        d = other.pos.x - self.pos.x
        e = other.pos.z - self.pos.z
        f = d * d + e * e
        if f < MINECART_PUSH_MIN_SQUARED:
            return
        f = math.sqrt(f) if features is not None and features.push_away_double_sqrt else sqrt_float(f)  # 1.17
        d /= f
        e /= f
        g = min(1.0 / f, 1.0)
        d = d * g * MINECART_PUSH_STRENGTH * 0.5      # pushSpeedReduction is 0: the (1 - 0F) factor is 1
        e = e * g * MINECART_PUSH_STRENGTH * 0.5
        if isinstance(other, AbstractMinecart):
            if not experiment and not self.in_line_with(other, features):
                return
            mine, theirs = self.motion, other.motion
            kx, kz = (theirs.x + mine.x) / 2.0, (theirs.z + mine.z) / 2.0
            keep = MINECART_PUSH_KEEP_1_12 if features is not None and features.minecart_float_literals \
                else MINECART_PUSH_KEEP
            self.motion = mine.multiply(keep, 1.0, keep).add(kx - d, 0.0, kz - e)
            other.motion = theirs.multiply(keep, 1.0, keep).add(kx + d, 0.0, kz + e)
        else:
            self.motion = self.motion.add(-d, 0.0, -e)
            other.motion = other.motion.add(d / MINECART_OTHER_PUSH_SHARE, 0.0, e / MINECART_OTHER_PUSH_SHARE)

    def in_line_with(self, other: AbstractMinecart, features: Features | None) -> bool:
        """`pushAwayFromMinecart`'s test without the experiment: |cos| ≥ 0.8F between the offset to `other` and this
        cart's facing."""
        n = Vec3(other.pos.x - self.pos.x, 0.0, other.pos.z - self.pos.z).normalize()
        index_double = features is not None and features.sine_index_double
        if features is not None and "look_vector" in features.refused:
            raise refusal(features, "look_vector", f"minecart {self.id} pushing minecart {other.id}",
                          "AbstractMinecart.pushOtherMinecart's facing (cos, sin of the yaw) indexes the sine "
                          "table in float in 1.21.8 (read) and in double in 1.21.11 (sine_index_double); the "
                          "release of the change not found")
        facing = self.facing(index_double)
        return abs(n.x * facing.x + n.y * facing.y + n.z * facing.z) >= MINECART_PUSH_ALIGNMENT

    def facing(self, index_double: bool) -> Vec3:
        """(cos yaw, 0, sin yaw), normalised, with MathHelper's table (indexed in double with `index_double`:
        1.21.11, `sine_index_double`): the line a push between carts must follow (remembered for the current
        yaw and indexing)."""
        if self._facing_yaw != (self.yaw, index_double):
            yaw = f32(self.yaw * DEGREES_TO_RADIANS)
            self._facing = Vec3(cos(yaw, index_double), 0.0, sin(yaw, index_double)).normalize()
            self._facing_yaw = (self.yaw, index_double)
        return self._facing

    # --- damage (explosions) ---
    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`AbstractMinecartEntity.damage`: the wobble grows by 10 × amount; above 40 the riders leave and the
        cart breaks (`dropItems`)."""
        if self.removed:
            return True
        self.damage_wobble_ticks = MINECART_WOBBLE_TICKS
        self.damage_wobble_strength = f32(self.damage_wobble_strength + f32(f32(amount) * MINECART_WOBBLE_FACTOR))
        if self.damage_wobble_strength > MINECART_BREAK_WOBBLE or self.should_always_kill(sim.features, source):
            self.remove_all_passengers(sim)
            self.drop_items(source)
        return True

    def should_always_kill(self, features: Features, source: str) -> bool:
        """`VehicleEntity.shouldAlwaysKill` (1.20.3): whether `source` breaks the cart whatever its wobble."""
        return False

    def drop_items(self, source: str) -> None:
        """`dropItems`: removed (the minecart item it drops is not modelled, as block loot is not)."""
        self.remove()


class Minecart(AbstractMinecart):
    """`MinecartEntity`: the rideable cart."""

    TYPE = "minecraft:minecart"
    RIDEABLE = True
    batch = MinecartBatch()

    def on_activator_rail(self, sim: TickContext, powered: bool) -> None:
        """`MinecartEntity.onActivatorRail`: a powered activator rail ejects the riders (they land where
        `update_passenger_for_dismount` puts them) and sets the wobble to 50."""
        if not powered:
            return
        self.remove_all_passengers(sim)
        if self.damage_wobble_ticks == 0:
            self.damage_wobble_ticks = MINECART_WOBBLE_TICKS
            self.damage_wobble_strength = MINECART_ACTIVATOR_WOBBLE


def _add(e: Entity, x: float, y: float, z: float) -> None:
    e.motion = e.motion.add(x, y, z)
