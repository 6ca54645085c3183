"""`BoatEntity` (spec 06 §5): the five locations, their drag and buoyancy, paddling, bubble columns, riders.

A boat's motion is computed on one side only (spec 06 §5 "client/server split"): with a player as its first
passenger the player's client moves it, and that client also runs `updatePaddles` from the keys held
(`set_inputs`); without one the server moves it and nobody paddles. Tickscope runs the side that moves the
boat. The bubble-column timer (`handleBubbleColumn`) runs on the server in vanilla; its result reaches the
moving side, so it is applied here to the moving boat (E6).
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    BOAT_ANIMAL_SEAT_SHIFT,
    BOAT_ATTACHMENT_HEIGHT_DIVISOR,
    BOAT_BACK_SEAT,
    BOAT_BACK_THRUST,
    BOAT_BREAK_WOBBLE,
    BOAT_BUBBLE_DOWN,
    BOAT_BUBBLE_TICKS,
    BOAT_BUBBLE_UP,
    BOAT_BUBBLE_UP_PLAYER,
    BOAT_FORWARD_THRUST,
    BOAT_FRONT_SEAT,
    BOAT_HEIGHT,
    BOAT_MAX_PASSENGERS,
    BOAT_MOUNTED_OFFSET,
    BOAT_PROBE,
    BOAT_PUSH_MARGIN,
    BOAT_PUSH_MARGIN_Y,
    BOAT_REMOVED_OFFSET,
    BOAT_SURFACE_LIFT,
    BOAT_TURN_THRUST,
    BOAT_UNDERWATER_TICKS,
    BOAT_WIDTH,
    BOAT_WOBBLE_FACTOR,
    BOAT_YAW_CLAMP,
    BOAT_YAW_STEP,
    COLLISION_EPSILON,
    DEGREES_TO_RADIANS,
    FLUID_MAX_AMOUNT,
    HALF_PI_F,
    LAVA_PUSH,
    LAVA_PUSH_ULTRAWARM,
    SUBMERGED_EYE_OFFSET,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities import boat_kernel as kernel
from engine.entities.boat_kernel import BOAT_ROWS, HEIGHTS_1_12, HEIGHTS_LEVEL, HEIGHTS_WORLD, LILY_PAD
from engine.entities.common import slipperiness_column
from engine.entities.dismounting import boat_dismount
from engine.entities.entity import Entity
from engine.entities.later_flags import unlisted
from engine.entities.rows import RowBacked, SolidRowBatch, extra_flag, extra_float, extra_int
from engine.entities.tnt_kernel import version_bits
from engine.geometry.box import ZERO, Box, Vec3
from engine.geometry.shapes import intersects_box
from engine.influences.fluids import fluid_at, get_height, normalize_zero_below
from engine.influences.fluids_1_12 import is_water
from engine.java.javanum import f32
from engine.java.mathhelper import ceil, clamp, cos, floor, sin, wrap_degrees
from engine.jit import plain
from engine.motion import block_effects
from engine.motion.collision import ORIGIN
from engine.motion.collision_kernel import block_arrays
from engine.motion.move import MovementType, move
from engine.world import blocks
from engine.world.block_tables import DYNAMIC_SHAPE, block_tables
from engine.world.dimensions import void_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

LOCATION = StageInfo("check_location", "BoatEntity.checkLocation")
UNDERWATER = StageInfo("underwater_dismount", "BoatEntity.tick")
BASE = StageInfo("base_tick", "Entity.baseTick", "F")
VELOCITY = StageInfo("update_velocity", "BoatEntity.updateVelocity", "DG")
PADDLES = StageInfo("update_paddles", "BoatEntity.updatePaddles", "C")
BUBBLES = StageInfo("handle_bubble_column", "BoatEntity.handleBubbleColumn")
BLOCKS = StageInfo("check_block_collision", "Entity.checkBlockCollision")
PUSH = StageInfo("push_or_board", "BoatEntity.tick")


class Location(Enum):
    """`BoatEntity.Location`."""

    IN_WATER = "in_water"
    UNDER_WATER = "under_water"
    UNDER_FLOWING_WATER = "under_flowing_water"
    ON_LAND = "on_land"
    IN_AIR = "in_air"


# the object path runs the stage kernels' own source (docs/architecture.md, "Each stage written once")
_update_location, _begin_tick, _update_velocity = (plain(kernel.update_location), plain(kernel.begin_tick),
                                                   plain(kernel.update_velocity))
_boat_fall, _slab_region = plain(kernel.boat_fall), plain(kernel.slab_region)
_liquid_height_1_12 = plain(kernel.liquid_height_1_12)
LOCATIONS = (None, Location.IN_WATER, Location.UNDER_WATER, Location.UNDER_FLOWING_WATER, Location.ON_LAND,
             Location.IN_AIR)   # by the row's int (boat_kernel.IN_WATER …)
_NO_CELLS = np.zeros((0, 4), dtype=np.int64)
NO_EFFECT_SECTIONS = np.zeros(0, dtype=np.uint8)   # no release the loop runs refuses `block_effects` (decides)
# The flags after 1.21.4 a boat's tick reads (engine.entities.later_flags), and how `BoatBatch`'s loop meets each
LATER_FLAGS = frozenset({
    # 1.21.7's walk (1.21.10's with its step budget) visits cells of the boxes between the tick's start and its end:
    # as 1.21.2's tick-time check, the loop hands back a boat with a block with an effect (fire, lava, bubble
    # columns, honey, soul sand among them) in their hull (`boat_kernel._tick_row`, step 15), and water's EXTINGUISH
    # changes nothing on an unlit row; movements recorded since the boat's last tick take the object path (`row`)
    "apply_effects_from_blocks", "block_walk_step_budget",
    "bubble_column_above_no_collision",   # a bubble column is a block with an effect: handed back
    "boat_splash_above_bubble_column",    # a boat on a column's surface takes the object path (`row`)
    "boat_boarding_by_type_tag",          # boarding needs an entity in the push box: handed back
    "piston_move_unstuck",                # a piston's move is the block phase's, on the object path
    "sine_index_double",                  # paddling and the rider's dismount: a ridden boat takes the object path
    "fall_distance_double",               # the move's and `boat_kernel.boat_fall`'s V_FALL_DOUBLE
    "fall_reset_ray_capped"})             # the move's V_RAY_CAPPED (a move that may cast the ray is handed back)


@lru_cache(maxsize=1)
def boat_slipperiness() -> np.ndarray:
    """`Block.getSlipperiness` per block state id, LILY_PAD for lily pads (`method_7548` passes them by)."""
    slip = slipperiness_column()
    slip[[st.id for st in blocks.all_states() if st.block == "lily_pad"]] = LILY_PAD
    return slip


def _location(col: int) -> property:
    def get(self: Boat) -> Location | None:
        return LOCATIONS[int(self._t.i[self._r, col])]

    def set_(self: Boat, loc: Location | None) -> None:
        self._t.i[self._r, col] = LOCATIONS.index(loc)
    return property(get, set_)


class BoatBatch(SolidRowBatch):
    """Runs of boats: `engine.entities.boat_kernel.tick_rows`, which hands a boat back to the object path (and stops
    there: its tick may push or move others) where it reads something the kernels do not decide. Every release
    1.16.2-1.21.11 runs them but those refusing a mechanic they run (1.21.5, 1.21.6 and 1.21.9 refuse
    `block_effects`), its flags as one int (`tnt_kernel.version_bits`) and the boat's own three; the later flags as
    `LATER_FLAGS` says (a release with another leaves every boat to the object path: `later_flags.unlisted`).
    Before 1.16.2 (the inLava flag) every boat takes the object path; so does a boat with riders, a vehicle, a step
    height or paddles still moving, on its first tick or on a bubble column's surface, or with movements recorded
    since its last tick (1.21.7: a shulker box's push, which its block walk would take)."""

    table = BOAT_ROWS
    mechanics = frozenset({"boat", "entity_move", "block_effects", "supporting_block", "fluids", "void",
                           "vehicle_passengers", "fall_distance"})

    def decides(self, world: World, features: Features) -> bool:
        return not features.refused & self.mechanics and features.in_lava_by_fluid_height \
            and features.submerged_below_eye and not features.water_material_acceleration \
            and not unlisted(features, LATER_FLAGS)

    def row(self, e: Boat, traced: bool) -> int:
        """The boat's row, or −2 − row where its tick takes the object path (the loop reads its box still)."""
        hand_back = e.passengers or e.vehicle is not None or e.step_height or e.first_update \
            or any(e.paddles_moving) or e.on_bubble_column_surface or e.movements
        return -2 - e._r if hand_back else e._r

    def loop(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, allrows: np.ndarray,
             others: np.ndarray, start: int, edges: tuple[float, float, float, float], marks: np.ndarray,
             saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        return kernel.tick_rows(*block_arrays(world), cells, BOAT_ROWS.f, BOAT_ROWS.i, rows, allrows, start, others,
                                boat_slipperiness(), version_bits(features), features.boat_gravity_double,
                                features.boat_fall_never_breaks, features.boat_fall_distance_float, edges,
                                NO_EFFECT_SECTIONS, LAVA_PUSH_ULTRAWARM if world.ultrawarm else LAVA_PUSH,
                                normalize_zero_below(features), float(void_y(world.dimension, features)),
                                0.0 if features.submerged_at_eye else SUBMERGED_EYE_OFFSET, marks, saved_f, saved_i)

    def finish(self, e: Entity, sim: TickContext) -> None:
        raise AssertionError("the boat loop never stops at a boat it ticked")


class Boat(RowBacked, Entity):
    """`BoatEntity`. Its state is a row of `BOAT_ROWS` (engine.entities.boat_kernel): the location, the timers, the
    yaw and its velocity, the decay, the water level, the slipperiness, the fall velocity and the bubble-column
    fields among the row's extras; the keys held and the paddles stay attributes (a boat the loop ticks has
    neither)."""
    MECHANIC = "boat"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:boat"
    can_trigger_walking = False   # BoatEntity.canClimb (1.14.4; MCP canTriggerWalking)
    WIDTH = BOAT_WIDTH
    HEIGHT = BOAT_HEIGHT
    collidable = True
    collides_with_pushables = True
    ROWS = BOAT_ROWS
    batch = BoatBatch()
    location = _location(kernel.I_LOCATION)
    last_location = _location(kernel.I_LAST_LOCATION)
    ticks_underwater = extra_float(BOAT_ROWS, "ticks_underwater")      # a float in vanilla
    yaw_velocity = extra_float(BOAT_ROWS, "yaw_velocity")              # a float
    velocity_decay = extra_float(BOAT_ROWS, "velocity_decay")
    water_level = extra_float(BOAT_ROWS, "water_level")
    land_slipperiness = extra_float(BOAT_ROWS, "land_slipperiness")    # field_7714: mean slipperiness under it
    fall_velocity = extra_float(BOAT_ROWS, "fall_velocity")
    damage_wobble_strength = extra_float(BOAT_ROWS, "damage_wobble_strength")
    yaw = extra_float(BOAT_ROWS, "yaw")
    pitch = extra_float(BOAT_ROWS, "pitch")
    bubble_wobble_ticks = extra_int(BOAT_ROWS, "bubble_wobble_ticks")
    on_bubble_column_surface = extra_flag(BOAT_ROWS, "on_bubble_column_surface")
    bubble_column_is_drag = extra_flag(BOAT_ROWS, "bubble_column_is_drag")
    first_update = extra_flag(BOAT_ROWS, "first_update")
    submerged_in_water = extra_flag(BOAT_ROWS, "submerged_in_water")

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.location = self.last_location = None
        self.ticks_underwater = 0.0
        self.yaw_velocity = 0.0
        self.velocity_decay = 0.0
        self.water_level = 0.0
        self.land_slipperiness = 0.0
        self.fall_velocity = 0.0
        self.pressing_left = self.pressing_right = self.pressing_forward = self.pressing_back = False
        self.paddles_moving = (False, False)
        self.on_bubble_column_surface = False
        self.bubble_column_is_drag = False
        self.bubble_wobble_ticks = 0
        self.damage_wobble_strength = 0.0

    @property
    def eye_height(self) -> float:
        return self.height   # BoatEntity.getEyeHeight: dimensions.height

    def type_fields(self) -> dict[str, Any]:
        return {"boat_status": self.location.value if self.location else None, "yaw": self.yaw,
                "yaw_velocity": self.yaw_velocity, "bubble_wobble_ticks": self.bubble_wobble_ticks,
                "inputs": [self.pressing_left, self.pressing_right, self.pressing_forward, self.pressing_back],
                "paddles": list(self.paddles_moving),
                "passengers": [p.id for p in self.passengers]}

    # --- vanilla predicates ---
    def is_pushable(self) -> bool:
        return True

    def collides_with(self, other: Entity) -> bool:
        return can_collide(self, other)

    def can_add_passenger(self, passenger: Entity) -> bool:
        """`BoatEntity.canAddPassenger`: fewer than two riders and not submerged in water."""
        return len(self.passengers) < BOAT_MAX_PASSENGERS and not self.submerged_in_water

    def primary_passenger(self) -> Entity | None:
        return self.passengers[0] if self.passengers else None

    def player_controlled(self) -> bool:
        p = self.primary_passenger()
        return p is not None and p.is_player

    def set_inputs(self, left: bool, right: bool, forward: bool, back: bool) -> None:
        """`BoatEntity.setInputs`: the keys the controlling player holds."""
        self.pressing_left, self.pressing_right, self.pressing_forward, self.pressing_back = left, right, forward, back

    # --- riding (spec 04 §11) ---
    def mounted_height_offset(self) -> float:
        return BOAT_MOUNTED_OFFSET

    def update_passenger_position(self, passenger: Entity, features: Features) -> None:
        """`BoatEntity.updatePassengerPosition`: up to 1.20.1 one rider at the centre, two sit 0.2 ahead and 0.6
        behind (animals 0.2 further forward), rotated by the boat's yaw, at y − 0.1 + the rider's height offset;
        from 1.20.2 at the boat's passenger attachment point (`passenger_attachment_pos`). Riders turn with the
        boat and are kept within ±105 degrees of its yaw (`copyEntityData`, 1.20.2 `clampPassengerYaw`)."""
        if passenger not in self.passengers:
            return
        if features.passenger_attachment_points:
            super().update_passenger_position(passenger, features)
        else:
            f = 0.0
            g = f32((BOAT_REMOVED_OFFSET if self.removed else self.mounted_height_offset())
                    + passenger.height_offset())
            if len(self.passengers) > 1:
                f = self.seat(passenger)
            angle = f32(f32(-self.yaw * DEGREES_TO_RADIANS) - HALF_PI_F)
            ox, oz = f * cos(angle), -(f * sin(angle))   # Vec3d(f, 0, 0).rotateY(angle), MathHelper's table
            p = self.pos
            passenger.set_position(Vec3(p.x + ox, p.y + g, p.z + oz))
        passenger.yaw = f32(passenger.yaw + self.yaw_velocity)
        self.copy_entity_data(passenger, features)

    def seat(self, passenger: Entity) -> float:
        """A boat of two: 0.2F for the first rider, −0.6F for the second, an animal 0.2 further forward (up to
        1.18 `(float)((double)f + 0.2)`, from 1.18.2 `f += 0.2F`: the same floats for both seats)."""
        f = BOAT_FRONT_SEAT if self.passengers.index(passenger) == 0 else BOAT_BACK_SEAT
        return f32(f + BOAT_ANIMAL_SEAT_SHIFT) if passenger.is_animal else f

    def passenger_attachment_pos(self, passenger: Entity, features: Features) -> tuple[float, float, float]:
        """`BoatEntity.getPassengerAttachmentPos` (1.20.2): (0, height / 3.0F, the seat), turned by the boat's yaw;
        from 1.20.5 (`vehicle_attachment_points`) a `Vec3d` turned by `Vec3d.rotateY` (MathHelper's table). The
        1.20.2-1.20.4 turn is JOML's `Vector3f.rotateY`, not compared: a boat of two stops there in one line."""
        f = self.seat(passenger) if len(self.passengers) > 1 else 0.0
        h = float(f32(self.height / BOAT_ATTACHMENT_HEIGHT_DIVISOR))
        if not features.vehicle_attachment_points:
            if f != 0.0:
                raise refusal(features, "vehicle_passengers", f"entity {self.id} ({self.TYPE})",
                              "a boat of two riders turns their seats by JOML's Vector3f.rotateY (1.20.2-1.20.4), "
                              "not compared")
            return 0.0, h, 0.0
        angle, d = f32(-self.yaw * DEGREES_TO_RADIANS), features.sine_index_double
        c, s = cos(angle, d), sin(angle, d)
        return 0.0 * c + f * s, h, f * c - 0.0 * s

    def copy_entity_data(self, passenger: Entity, features: Features) -> None:
        """`BoatEntity.copyEntityData`: the rider's yaw within ±105 degrees of the boat's, `yaw += g − f` in
        float up to 1.16.5, `setYaw(getYaw() + g − f)` (left to right) from 1.17, when the rider's yaw first sets
        where it dismounts (`boat_dismount_passenger_yaw`)."""
        f = wrap_degrees(f32(passenger.yaw - self.yaw))
        g = clamp(f, -BOAT_YAW_CLAMP, BOAT_YAW_CLAMP)
        if features.boat_dismount_passenger_yaw:
            passenger.yaw = f32(f32(passenger.yaw + g) - f)
        else:
            passenger.yaw = f32(passenger.yaw + f32(g - f))

    # --- the tick ---
    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`BoatEntity.tick`: spec 06 §5.2."""
        check_passengers(self, sim)
        if sim.features.boat_liquid_height_1_12:
            self.check_water_1_12(sim)
        run_stage(rec, self, LOCATION, self.update_location, sim.world, sim.features)   # 1
        if self.ticks_underwater >= BOAT_UNDERWATER_TICKS:                               # 2
            run_stage(rec, self, UNDERWATER, self.remove_all_passengers, sim)
        _begin_tick(self._t.f, self._r)
        run_stage(rec, self, BASE, self.base_tick, sim, rec)                             # 3
        if not self.player_controlled():                                                 # 5-13
            self.paddles_moving = (False, False)
        run_stage(rec, self, VELOCITY, self.update_velocity, sim.world, sim.features)
        if self.player_controlled():
            run_stage(rec, self, PADDLES, self.update_paddles, sim.features)
        move(self, sim, MovementType.SELF, self.motion, rec)
        run_stage(rec, self, BUBBLES, self.handle_bubble_column, sim)                      # 14
        run_stage(rec, self, BLOCKS, block_effects.check_block_collision, self, sim, rec)  # 15
        if self.on_bubble_column_surface and sim.features.boat_splash_above_bubble_column:
            raise refusal(sim.features, "boat", f"entity {self.id} ({self.TYPE}), tick {sim.tick_count}",
                          _SPLASH_NOT_SIMULATED)
        run_stage(rec, self, PUSH, self.push_or_board, sim)                              # 16

    def update_location(self, world: World, features: Features) -> None:
        """Step 1: the location this tick (`checkLocation`, its water level and land slipperiness) and the
        underwater timer: `boat_kernel.update_location` on this boat's row with the release's water heights
        (`water_heights`), a cell whose shape the cell or a block entity decides read from the world
        (`resolved_cells`)."""
        keys, slots, pool, shape, flags, ncoords, coords, filled, single, _ = block_arrays(world)
        args = (keys, slots, pool, shape, flags, ncoords, coords, filled, single, boat_slipperiness(), self._t.f,
                self._t.i, self._r)
        heights = water_heights(features)
        if not _update_location(*args, _NO_CELLS, heights):
            _update_location(*args, self.resolved_cells(world), heights)

    def check_water_1_12(self, sim: TickContext) -> None:
        """1.12.2 (`boat_liquid_height_1_12`): the cells `checkLocation` reads (the box's columns from its bottom to
        the cell above its top + 0.001) hold no falling water of LEVEL 9-15 under water (the kernel reads a falling
        block's LEVEL as 8, whose height under water is 1.0F, theirs 1.0F − 1 / 9.0F: stopped in one line)."""
        b, world = self.box, sim.world
        for x in range(floor(b.min_x), ceil(b.max_x)):
            for z in range(floor(b.min_z), ceil(b.max_z)):
                for y in range(floor(b.min_y), ceil(b.max_y + BOAT_PROBE) + 1):
                    state = world.get_block_state(x, y, z)
                    if is_water(state) and int(state.properties["level"]) > FLUID_MAX_AMOUNT \
                            and world.get_block_state(x, y + 1, z).block == "water":
                        where = f"entity {self.id} ({self.TYPE}) over {state} at ({x}, {y}, {z}), tick " \
                                f"{sim.tick_count}"
                        raise refusal(sim.features, "boat", where, "falling water of LEVEL 9-15 under water "
                                      "(1.12.2 getBlockLiquidHeight: 1.0F - 1 / 9.0F) is not simulated")

    def resolved_cells(self, world: World) -> np.ndarray:
        """Rows (x, y, z, meets) of the cells around the slab under the box (`boat_kernel.slab_region`) whose
        collision shape the cell or a block entity decides: whether that shape meets the slab."""
        slab, x0, x1, y0, y1, z0, z1 = _slab_region(tuple(self.box))
        shape, out = block_tables().shape, []
        for x in range(x0, x1):
            for y in range(y0, y1):
                for z in range(z0, z1):
                    state = world.get_block_state(x, y, z)
                    if shape[state.id] == DYNAMIC_SHAPE:
                        out.append((x, y, z, int(_shape_meets(world, state, x, y, z, Box(*slab)))))
        return np.array(out, dtype=np.int64).reshape(len(out), 4)

    def update_passenger_for_dismount(self, sim: TickContext, passenger: Entity) -> Vec3:
        return boat_dismount(sim, self, passenger)

    def water_surface(self, world: World, features: Features) -> float:
        """`BoatEntity.method_7544`: the first layer from the box top down to the fall depth whose water is not
        full; its y plus the water height (a float), the release's (1.12.2 `getBlockLiquidHeight`,
        `boat_liquid_height_1_12`; 1.13.2's `getHeight()`). 1.13.2 (`boat_water_level_above_absolute`) takes the
        maximum of y + the height, so any water from layer 1 up is full: the first layer with no water at all."""
        b = self.box
        k, top = floor(b.max_y), ceil(b.max_y - self.fall_velocity)
        absolute = features.boat_water_level_above_absolute
        for y in range(k, top):
            f = 0.0
            full = False
            for x in range(floor(b.min_x), ceil(b.max_x)):
                for z in range(floor(b.min_z), ceil(b.max_z)):
                    if fluid_at(world, x, y, z).fluid == "water":
                        h = _water_height(world, x, y, z, features)
                        f = max(f, f32(y + h) if absolute else h)
                    if f >= 1.0:
                        full = True
                        break
                if full:
                    break
            if not full:
                return f32(y + f)
        return f32(top + 1)

    def update_velocity(self, world: World, features: Features) -> None:
        """`BoatEntity.updateVelocity` (spec 06 §5.2 steps 5-8, table 7.5, AMBIGUITY-N7). From 1.20.5
        (`boat_gravity_double`) gravity is the double 0.04 and the buoyancy factor getGravity() / 0.65."""
        if not _update_velocity(self._t.f, self._t.i, self._r, features.boat_gravity_double,
                                self.player_controlled()):
            # entering water from the air: onto the surface, Y Motion zeroed, no decay this tick
            self.water_level = self.pos.y + self.height
            y = f32(self.water_surface(world, features) - self.height) + BOAT_SURFACE_LIFT
            # 1.21 (`boat_water_entry_space_check`): only where the box fits there (World.isSpaceEmpty)
            if not features.boat_water_entry_space_check or \
                    is_space_empty(world, self, self.box.offset(0.0, y - self.pos.y, 0.0)):
                self.set_position(Vec3(self.pos.x, y, self.pos.z))
                self.motion = Vec3(self.motion.x, 0.0, self.motion.z)
                self.fall_velocity = 0.0
            self.location = Location.IN_WATER

    def update_paddles(self, features: Features) -> None:
        """`BoatEntity.updatePaddles` (spec 06 §5.2 steps 9-12): turning ±1°/gt, thrust along the yaw (the sine
        table indexed in double where the release does, `sine_index_double`)."""
        if not self.passengers:
            return
        f = 0.0
        if self.pressing_left:
            self.yaw_velocity = f32(self.yaw_velocity - BOAT_YAW_STEP)
        if self.pressing_right:
            self.yaw_velocity = f32(self.yaw_velocity + BOAT_YAW_STEP)
        if self.pressing_right != self.pressing_left and not self.pressing_forward and not self.pressing_back:
            f = f32(f + BOAT_TURN_THRUST)
        self.yaw = f32(self.yaw + self.yaw_velocity)
        if self.pressing_forward:
            f = f32(f + BOAT_FORWARD_THRUST)
        if self.pressing_back:
            f = f32(f - BOAT_BACK_THRUST)
        m, d = self.motion, features.sine_index_double
        self.motion = Vec3(m.x + f32(sin(f32(-self.yaw * DEGREES_TO_RADIANS), d) * f), m.y,
                           m.z + f32(cos(f32(self.yaw * DEGREES_TO_RADIANS), d) * f))
        self.paddles_moving = (self.pressing_right and not self.pressing_left or self.pressing_forward,
                               self.pressing_left and not self.pressing_right or self.pressing_forward)

    def damage(self, sim: TickContext, source: str, amount: float, attacker: Entity | None = None) -> bool:
        """`BoatEntity.damage`: the wobble grows by 10 × amount; above 40 the boat breaks (its drops are not
        modelled), so an explosion dealing more than 4 removes it."""
        if not self.removed:
            self.damage_wobble_strength = f32(self.damage_wobble_strength + f32(f32(amount) * BOAT_WOBBLE_FACTOR))
            if self.damage_wobble_strength > BOAT_BREAK_WOBBLE:
                self.remove()
        return True

    # --- bubble columns (spec 06 §5.2 step 14, E6) ---
    def on_bubble_column_surface_collision(self, drag: bool) -> None:
        """`BoatEntity.onBubbleColumnSurfaceCollision`: no push; a 60-gt timer starts. The splash particle and
        the sound draw from the boat's Random."""
        self.on_bubble_column_surface = True
        self.bubble_column_is_drag = drag
        if self.bubble_wobble_ticks == 0:
            self.bubble_wobble_ticks = BOAT_BUBBLE_TICKS
        self.random.next_float()
        self.random.next_float()
        if self.random.next_int(20) == 0:
            self.random.next_float()

    def handle_bubble_column(self, sim: TickContext) -> None:
        """`BoatEntity.handleBubbleColumn` (server part): when the timer runs out, a downward column sinks the
        boat (Y −0.7) and dismounts everyone; an upward one sets Y to 2.7 with a player aboard, else 0.6."""
        if not self.on_bubble_column_surface:
            self.bubble_wobble_ticks = 0
        j = self.bubble_wobble_ticks
        if j <= 0:
            return
        j -= 1
        self.bubble_wobble_ticks = j
        if BOAT_BUBBLE_TICKS - j - 1 > 0 and j == 0:
            m = self.motion
            if self.bubble_column_is_drag:
                self.motion = Vec3(m.x, m.y + BOAT_BUBBLE_DOWN, m.z)
                self.remove_all_passengers(sim)
            else:
                up = BOAT_BUBBLE_UP_PLAYER if any(p.is_player for p in self.passengers) else BOAT_BUBBLE_UP
                self.motion = Vec3(m.x, up, m.z)
        self.on_bubble_column_surface = False

    # --- falling (BoatEntity.fall) ---
    def fall(self, sim: TickContext, dy: float, state: BlockState, pos: BlockPos) -> None:
        """`BoatEntity.fall`: no fall over water; landing from > 3 m breaks the boat only when the location
        at the start of the tick was already on land (spec 06 §5: practically never; never from 1.21.2,
        `boat_fall_never_breaks`). The fall adds in float from 1.18.2 (`boat_fall_distance_float`); where the fall
        distance is a double (`fall_distance_double`, `AbstractBoat.checkFallDamage`) the float drop is added
        without rounding the sum. A release whose fall distance is not compared (the `fall_distance` row) stops
        where it changes. Drops not modelled."""
        self.fall_velocity = self.motion.y
        if self.vehicle is not None:
            return
        features = sim.features
        water_below = fluid_at(sim.world, floor(self.pos.x), floor(self.pos.y) - 1, floor(self.pos.z)).fluid == "water"
        fall, breaks, changes = _boat_fall(self.fall_distance, dy, self.on_ground, water_below,
                                           self.location is Location.ON_LAND, features.boat_fall_never_breaks,
                                           features.fall_distance_double, features.boat_fall_distance_float)
        if changes and "fall_distance" in features.refused:
            raise refusal(features, "fall_distance", f"entity {self.id}, tick {sim.tick_count}")
        if breaks:
            self.remove()
        self.fall_distance = fall

    # --- pushing and passive boarding (spec 06 §5.2 step 16) ---
    def push_or_board(self, sim: TickContext) -> None:
        """Pushable entities in the box grown 0.2 sideways (0.01 shrunk vertically) board the boat when it has
        no player, fewer than two riders, and they are living, narrower than the boat, not water creatures,
        not players and ride nothing; the others are pushed (`pushAwayFrom`). Where boarding is not compared
        (`boat_boarding_by_type_tag`) a boarding stops the run in one line."""
        features = sim.features
        near = sim.world.get_entities(self, self.box.expand(BOAT_PUSH_MARGIN, BOAT_PUSH_MARGIN_Y, BOAT_PUSH_MARGIN),
                                      _can_be_pushed)
        if not near:
            return
        can_board = not self.player_controlled()
        for e in near:
            if self in e.passengers:
                continue
            if can_board and len(self.passengers) < BOAT_MAX_PASSENGERS and e.vehicle is None \
                    and e.width < self.width and e.living and not getattr(e, "is_water_creature", False) \
                    and not e.is_player:
                if features.boat_boarding_by_type_tag:
                    raise refusal(features, "boat", f"entity {self.id} ({self.TYPE}) boarding entity {e.id}, tick "
                                                    f"{sim.tick_count}", _BOARDING_NOT_COMPARED)
                e.start_riding(self)
            else:
                self.push_away(e, features)

    def push_away(self, other: Entity, features: Features | None = None) -> None:
        """`BoatEntity.pushAwayFrom`: another boat only if it reaches below this top; anything else only if its
        bottom is at or below this bottom."""
        if isinstance(other, Boat):
            if other.box.min_y < self.box.max_y:
                super().push_away(other, features)
        elif other.box.min_y <= self.box.min_y:
            super().push_away(other, features)


# what the one-line refusals of `boat_splash_above_bubble_column` and `boat_boarding_by_type_tag` say
_SPLASH_NOT_SIMULATED = ("AbstractBoat.onAboveBubbleColumn of 1.21.6 and later draws nextInt(100) while not under "
                         "water (1.21.4: two floats and nextInt(20)), not simulated")
_BOARDING_NOT_COMPARED = ("a boat of 1.21.9 and later boards unless the entity's type is in the tag "
                          "cannot_be_pushed_onto_boats (1.21.10 and 1.21.11; 1.21.9 not read), not compared")


def water_heights(features: Features) -> int:
    """The water heights the release's boat reads (`boat_kernel.water_height`)."""
    if features.boat_liquid_height_1_12:
        return HEIGHTS_1_12
    return HEIGHTS_LEVEL if features.fluid_height_level_only else HEIGHTS_WORLD


def _water_height(world: World, x: int, y: int, z: int, features: Features) -> float:
    """The height of the water at (x, y, z) above its floor as the release's boat reads it: 1.12.2's
    `getBlockLiquidHeight` from the block's LEVEL (`boat_liquid_height_1_12`), else `FluidState.getHeight`
    (1.13.2's without the world, `fluid_height_level_only`)."""
    if features.boat_liquid_height_1_12:
        above = world.get_block_state(x, y + 1, z).block == "water"
        return _liquid_height_1_12(int(world.get_block_state(x, y, z).properties["level"]), above)
    return get_height(world, x, y, z)


def can_collide(e: Entity, other: Entity) -> bool:
    """`BoatEntity.method_30959` (spec 03 §5), the `collidesWith` of boats and minecarts: solid and pushable
    entities, unless riding together."""
    return (other.collidable or other.is_pushable()) and not e.is_connected_through_vehicle(other)


def check_passengers(vehicle: Entity, sim: TickContext) -> None:
    """The versions table's vehicle_passengers cell: stop where this version seats, dismounts or is pushed by
    passengers differently and the vehicle carries one."""
    if not vehicle.passengers:
        return
    where = f"entity {vehicle.id} ({vehicle.TYPE}), tick {sim.tick_count}"
    if "vehicle_passengers" in sim.features.refused:
        raise refusal(sim.features, "vehicle_passengers", where)


def is_space_empty(world: World, e: Entity, box: Box, excluded: Entity | None = None) -> bool:
    """`CollisionView.isSpaceEmpty(entity, box)`: no block collision shape, no entity `e` collides with (but
    `excluded`) and, for an entity inside the world border, not beyond it (spec 03 §3, §5)."""
    if world.get_block_collisions(box, e.shape_context(world)) or world.get_entity_collisions(e, box, excluded):
        return False
    return not (world.border_in_reach(box) and not intersects_box(world.border_shape, ORIGIN,
                                                                 e.box.contract(COLLISION_EPSILON))
                and intersects_box(world.border_shape, ORIGIN, box))


def _can_be_pushed(e: Entity) -> bool:
    """`EntityPredicates.canBePushedBy`: not a spectator, pushable (teams not modelled)."""
    return e.is_pushable()


def _shape_meets(world: World, state: BlockState, x: int, y: int, z: int, slab: Box) -> bool:
    """`VoxelShapes.matchesAnywhere(shape at (x, y, z), slab, AND)`: a box of the shape overlaps the slab."""
    return intersects_box(world.get_collision_shape(state, x, y, z), (float(x), float(y), float(z)), slab)
