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

from engine.constants import (
    DEGREES_TO_RADIANS,
    MINECART_ACTIVATOR_WOBBLE,
    MINECART_AIR_DRAG,
    MINECART_ATTACHMENT_Y,
    MINECART_BOARD_SPEED_SQUARED,
    MINECART_BOARD_SPEED_SQUARED_1_21_2,
    MINECART_BOOST,
    MINECART_BOOST_MIN,
    MINECART_BRAKE,
    MINECART_BRAKE_STOP,
    MINECART_BREAK_WOBBLE,
    MINECART_GRAVITY,
    MINECART_GROUND_DRAG,
    MINECART_HEIGHT,
    MINECART_KICKSTART,
    MINECART_MAX_SPEED,
    MINECART_OTHER_PUSH_SHARE,
    MINECART_PUSH_ALIGNMENT,
    MINECART_PUSH_KEEP,
    MINECART_PUSH_MARGIN,
    MINECART_PUSH_MIN_SQUARED,
    MINECART_PUSH_STRENGTH,
    MINECART_RAIL_MAX_SPEED,
    MINECART_RIDDEN_MOVE,
    MINECART_RIDER_INPUT_PUSH,
    MINECART_RIDER_PUSH,
    MINECART_RIDER_PUSH_MAX,
    MINECART_RIDER_PUSH_MIN,
    MINECART_SLOPE_ACCEL,
    MINECART_SLOPE_GAIN,
    MINECART_SLOWDOWN,
    MINECART_SLOWDOWN_RIDDEN,
    MINECART_WATER_GRAVITY,
    MINECART_WATER_MAX_SPEED,
    MINECART_WATER_SLOPE_FACTOR,
    MINECART_WATER_SLOWDOWN,
    MINECART_WIDTH,
    MINECART_WOBBLE_FACTOR,
    MINECART_WOBBLE_TICKS,
    MINECART_YAW_FLIP,
    MINECART_YAW_MIN_MOVE,
    MINECART_YAW_MODULO,
)
from engine.core.trace import StageInfo, run_stage
from engine.entities.boat import can_collide, check_passengers
from engine.entities.dismounting import minecart_dismount
from engine.entities.entity import Entity
from engine.entities.minecart_rails import ADJACENT, along_rail, is_rail, rail_cell, rail_path, snap_position_to_rail
from engine.geometry.box import ZERO, Vec3
from engine.influences.fluids import update_water_state
from engine.java.javanum import f32
from engine.java.mathhelper import atan2, clamp, cos, floor, sin, sqrt_float, wrap_degrees
from engine.motion import block_effects
from engine.motion.move import MovementType, move
from engine.world import block_physics as phys
from engine.world.dimensions import void_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.blocks import BlockState
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


VILLAGERS = frozenset({"minecraft:villager", "minecraft:wandering_trader"})   # seated 0 up in a cart (1.20.2)

class AbstractMinecart(Entity):
    """`AbstractMinecartEntity`: the server tick of every cart type modelled."""
    MECHANIC = "minecart"   # the versions table's row (engine/core/versions.py)

    WIDTH = MINECART_WIDTH
    HEIGHT = MINECART_HEIGHT
    collides_with_pushables = True
    RIDEABLE = False

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        super().__init__(entity_id, pos, motion, seed)
        self.yaw_flipped = False
        self.prev_yaw = 0.0
        self.damage_wobble_strength = 0.0
        self.damage_wobble_ticks = 0
        self.rail_shape: str | None = None      # the rail under the cart this tick (trace and viewer)
        self._facing_yaw: float | None = None
        self._facing = ZERO

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
        honey under the rail does not slow it), else the entity's."""
        p = self.pos
        if is_rail(world.get_block_state(floor(p.x), floor(p.y), floor(p.z))):
            return 1.0
        return super().get_velocity_multiplier(world, features)

    # --- the tick ---
    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`AbstractMinecartEntity.tick` (server side; spec 06 §6.2)."""
        world = sim.world
        features = sim.features
        check_passengers(self, sim)
        self.prev_yaw = self.yaw
        if self.damage_wobble_ticks > 0:
            self.damage_wobble_ticks -= 1
        if self.damage_wobble_strength > 0.0:
            self.damage_wobble_strength = f32(self.damage_wobble_strength - 1.0)
        if self.pos.y < void_y(sim.world.dimension, sim.features):                 # 1
            self.remove()
        if not self.no_gravity:                                                    # 3
            g = MINECART_WATER_GRAVITY if self.water_drag(features) else MINECART_GRAVITY
            run_stage(rec, self, GRAVITY, _add, self, 0.0, g, 0.0)
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
        run_stage(rec, self, FLUID, update_water_state, self, world, features, rec)  # 7 F
        if self.is_in_lava():
            self.set_on_fire_from_lava(sim)   # 4 lava damage a tick: the wobble passes 40 on the second
            self.fall_distance = f32(self.fall_distance * 0.5)
        self.first_update = False

    def move_off_rail(self, sim: TickContext, rec: Recorder | None) -> None:
        """`moveOffRail` (spec 06 §6.2 steps 4-5): cap ±0.4 per axis; on ground × 0.5 then move; else move
        then × 0.95."""
        d = self.max_speed(sim.features)
        m = self.motion
        self.motion = Vec3(clamp(m.x, -d, d), m.y, clamp(m.z, -d, d))
        if self.on_ground:
            self.motion = self.motion.multiply(MINECART_GROUND_DRAG, MINECART_GROUND_DRAG, MINECART_GROUND_DRAG)
        move(self, sim, MovementType.SELF, self.motion, rec)
        if not self.on_ground:
            self.motion = self.motion.multiply(MINECART_AIR_DRAG, MINECART_AIR_DRAG, MINECART_AIR_DRAG)

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
        path, the capped move, the slope step, slowdown, the height-change gain, the exit turn, the boost."""
        world = sim.world
        features = sim.features
        px, py, pz = pos
        self.fall_distance = 0.0
        x, z = self.pos.x, self.pos.z
        before = snap_position_to_rail(world, *self.pos)
        y = float(py)
        powered = braking = False
        if state.block == "powered_rail":
            powered = state.get("powered") == "true"
            braking = not powered
        shape = state.get("shape")
        g = MINECART_SLOPE_ACCEL
        if self.water_drag(features):
            g *= MINECART_WATER_SLOPE_FACTOR
        slope = {"ascending_east": (-g, 0.0), "ascending_west": (g, 0.0), "ascending_north": (0.0, g),
                 "ascending_south": (0.0, -g)}
        if shape in slope:
            ax, az = slope[shape]
            self.motion = self.motion.add(ax, 0.0, az)
            y += 1.0
        a, b = ADJACENT[shape]
        if rec is not None:
            rec.geometry(rail_path(pos, shape))
        h, i = float(b[0] - a[0]), float(b[2] - a[2])
        length = math.sqrt(h * h + i * i)
        v = self.motion
        if v.x * h + v.z * i < 0.0:
            h, i = -h, -i
        speed = min(MINECART_RAIL_MAX_SPEED, math.sqrt(v.x * v.x + v.z * v.z))
        self.motion = Vec3(speed * h / length, v.y, speed * i / length)
        rider = self.passengers[0] if self.passengers else None
        if rider is not None and rider.is_player and self.push_by_rider(rider, features):
            braking = False
        if braking:
            s = math.sqrt(self.motion.x * self.motion.x + self.motion.z * self.motion.z)
            self.motion = ZERO if s < MINECART_BRAKE_STOP else self.motion.multiply(MINECART_BRAKE, 0.0,
                                                                                     MINECART_BRAKE)
        ax_, az_ = px + 0.5 + a[0] * 0.5, pz + 0.5 + a[2] * 0.5
        h, i = (px + 0.5 + b[0] * 0.5) - ax_, (pz + 0.5 + b[2] * 0.5) - az_
        t = along_rail(x, z, px, pz, ax_, az_, h, i)
        self.set_position(Vec3(ax_ + h * t, y, az_ + i * t))
        ridden = MINECART_RIDDEN_MOVE if self.passengers else 1.0
        w = self.max_speed(features)
        m = self.motion
        move(self, sim, MovementType.SELF, Vec3(clamp(ridden * m.x, -w, w), 0.0, clamp(ridden * m.z, -w, w)), rec)
        fx, fz = floor(self.pos.x) - px, floor(self.pos.z) - pz
        if a[1] != 0 and fx == a[0] and fz == a[2]:
            self.set_position(self.pos.add(0.0, a[1], 0.0))
        elif b[1] != 0 and fx == b[0] and fz == b[2]:
            self.set_position(self.pos.add(0.0, b[1], 0.0))
        run_stage(rec, self, SLOWDOWN, self.apply_slowdown, features)
        after = snap_position_to_rail(world, *self.pos)
        if after is not None and before is not None:
            gain = (before.y - after.y) * MINECART_SLOPE_GAIN
            m = self.motion
            s = math.sqrt(m.x * m.x + m.z * m.z)
            if s > 0.0:
                self.motion = m.multiply((s + gain) / s, 1.0, (s + gain) / s)
            self.set_position(Vec3(self.pos.x, after.y, self.pos.z))
        cx, cz = floor(self.pos.x), floor(self.pos.z)
        if cx != px or cz != pz:
            m = self.motion
            s = math.sqrt(m.x * m.x + m.z * m.z)
            self.motion = Vec3(s * (cx - px), m.y, s * (cz - pz))
        if powered:
            self.boost(world, pos, shape)

    def push_by_rider(self, rider: Entity, features: Features) -> bool:
        """A riding player's push while the cart is nearly still (horizontal speed² < 0.01): up to 1.21.1 0.1 ×
        the player's Motion (left by its riding tick's travel) when its horizontal length² > 1e-4; from 1.21.2
        (`minecart_rider_input_push`, DefaultMinecartController.moveOnRail) 0.001 × the velocity of the keys it
        holds (`ServerPlayerEntity.getInputVelocityForMinecart`) when they move it. True when it pushed."""
        m = self.motion
        if m.x * m.x + m.z * m.z >= MINECART_RIDER_PUSH_MAX:
            return False
        if features.minecart_rider_input_push:
            r, k = rider.input_velocity_for_minecart(), MINECART_RIDER_INPUT_PUSH
            if r.x * r.x + r.y * r.y + r.z * r.z <= 0.0:
                return False
        else:
            r, k = rider.motion, MINECART_RIDER_PUSH
            if r.x * r.x + r.z * r.z <= MINECART_RIDER_PUSH_MIN:
                return False
        self.motion = m.add(r.x * k, 0.0, r.z * k)
        return True

    def passenger_attachment_pos(self, passenger: Entity, features: Features) -> tuple[float, float, float]:
        """`AbstractMinecartEntity.getPassengerAttachmentPos` (1.20.2): 0.1875F up, a villager 0 (1.20.5: the
        type's passenger attachment point, the same)."""
        return 0.0, 0.0 if passenger.TYPE in VILLAGERS else float(MINECART_ATTACHMENT_Y), 0.0

    def boost(self, world: World, pos: tuple[int, int, int], shape: str) -> None:
        """A powered rail: + 0.06 along Motion above 0.01 m/gt; at rest, 0.02 away from a solid block at one
        end of a flat straight rail."""
        m = self.motion
        s = math.sqrt(m.x * m.x + m.z * m.z)
        if s > MINECART_BOOST_MIN:
            self.motion = m.add(m.x / s * MINECART_BOOST, 0.0, m.z / s * MINECART_BOOST)
            return
        x, z = m.x, m.z
        px, py, pz = pos
        if shape == "east_west":
            if _solid(world, px - 1, py, pz):
                x = MINECART_KICKSTART
            elif _solid(world, px + 1, py, pz):
                x = -MINECART_KICKSTART
        elif shape == "north_south":
            if _solid(world, px, py, pz - 1):
                z = MINECART_KICKSTART
            elif _solid(world, px, py, pz + 1):
                z = -MINECART_KICKSTART
        else:
            return
        self.motion = Vec3(x, m.y, z)

    def apply_slowdown(self, features: Features) -> None:
        """`applySlowdown`: × 0.997 ridden, × 0.96 empty; Y zeroed; then × 0.95F in water from 1.17."""
        d = MINECART_SLOWDOWN_RIDDEN if self.passengers else MINECART_SLOWDOWN
        self.motion = self.motion.multiply(d, 0.0, d)
        if self.water_drag(features):
            k = MINECART_WATER_SLOWDOWN
            self.motion = self.motion.multiply(k, k, k)

    def update_passenger_for_dismount(self, sim: TickContext, passenger: Entity) -> Vec3:
        return minecart_dismount(sim.world, self, passenger)

    def on_activator_rail(self, sim: TickContext, powered: bool) -> None:
        """`onActivatorRail`: nothing for a plain cart (TNT minecarts prime)."""

    def update_yaw(self, features: Features) -> None:
        """Yaw from this tick's displacement (vanilla's table atan2), flipped by 180° on a reversal; the
        pushing between carts reads it. From 1.21.2 (`minecart_controller_1_21_2`) kept as yaw % 360 (Java's
        float remainder, the sign of the dividend)."""
        self.pitch = 0.0
        h = self.prev_pos.x - self.pos.x
        dz = self.prev_pos.z - self.pos.z
        if h * h + dz * dz > MINECART_YAW_MIN_MOVE:
            self.yaw = f32(atan2(dz, h) * 180.0 / math.pi)
            if self.yaw_flipped:
                self.yaw = f32(self.yaw + 180.0)
        m = wrap_degrees(f32(self.yaw - self.prev_yaw))
        if m < -MINECART_YAW_FLIP or m >= MINECART_YAW_FLIP:
            self.yaw = f32(self.yaw + 180.0)
            self.yaw_flipped = not self.yaw_flipped
        if features.minecart_controller_1_21_2:
            self.yaw = f32(math.fmod(self.yaw, MINECART_YAW_MODULO))

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
                if not e.is_player and e.TYPE != "minecraft:iron_golem" and not isinstance(e, AbstractMinecart) \
                        and not self.passengers and e.vehicle is None:
                    e.start_riding(self)
                else:
                    e.push_away(self, features)
            return
        for e in world.get_entities(self, grown):
            if e not in self.passengers and isinstance(e, AbstractMinecart):
                e.push_away(self, features)

    def push_away(self, other: Entity, features: Features | None = None) -> None:
        """`AbstractMinecartEntity.pushAwayFrom` (spec 06 §6.3): two carts roughly in line (|cos| ≥ 0.8 with this
        cart's yaw) both keep 0.2 of their Motion and take the mean plus or minus the push; anything else is
        pushed a quarter as much as this cart is pushed back. The source of the stacked-cart overflow."""
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
            n = Vec3(other.pos.x - self.pos.x, 0.0, other.pos.z - self.pos.z).normalize()
            facing = self.facing()
            if abs(n.x * facing.x + n.y * facing.y + n.z * facing.z) < MINECART_PUSH_ALIGNMENT:
                return
            mine, theirs = self.motion, other.motion
            kx, kz = (theirs.x + mine.x) / 2.0, (theirs.z + mine.z) / 2.0
            keep = MINECART_PUSH_KEEP
            self.motion = mine.multiply(keep, 1.0, keep).add(kx - d, 0.0, kz - e)
            other.motion = theirs.multiply(keep, 1.0, keep).add(kx + d, 0.0, kz + e)
        else:
            self.motion = self.motion.add(-d, 0.0, -e)
            other.motion = other.motion.add(d / MINECART_OTHER_PUSH_SHARE, 0.0, e / MINECART_OTHER_PUSH_SHARE)

    def facing(self) -> Vec3:
        """(cos yaw, 0, sin yaw), normalised, with MathHelper's table: the line a push between carts must follow
        (remembered for the current yaw)."""
        if self._facing_yaw != self.yaw:
            yaw = f32(self.yaw * DEGREES_TO_RADIANS)
            self._facing = Vec3(cos(yaw), 0.0, sin(yaw)).normalize()
            self._facing_yaw = self.yaw
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


def _solid(world: World, x: int, y: int, z: int) -> bool:
    """`BlockState.isSolidBlock`: a full opaque cube (approximated by a full collision cube)."""
    return phys.is_full_cube(world.get_block_state(x, y, z))
