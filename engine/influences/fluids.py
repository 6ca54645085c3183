"""Fluids as entities feel them (spec 04 §7): the fluid of a block state, fluid heights, flow vectors
(`FlowableFluid.getVelocity`), and the base-tick fluid stages `Entity.updateWaterState`,
`updateMovementInFluid` and `updateSubmergedInWaterState` (spec 01 §8.2 step 2.6, operation F).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    FALLING_FLOW_DOWN,
    FLUID_SHALLOW,
    LAVA_PUSH,
    LAVA_PUSH_ULTRAWARM,
    SUBMERGED_EYE_OFFSET,
    VEC_ZERO_BELOW,
    VEC_ZERO_BELOW_1_21_2,
    WATER_PUSH,
)
from engine.core.trace import segment
from engine.geometry.box import ZERO, Axis, Vec3, X, Z
from engine.influences.fluid_kernel import fluid_push, horizontal_flow, normalize, pushes, world_height_flag
from engine.influences.fluids_1_12 import causes_downward_current
from engine.java.javanum import f32
from engine.java.mathhelper import ceil, floor
from engine.jit import plain
from engine.world.block_tables import flags_of
from engine.world.fluid_states import LAVA, WATER, FluidState, fluid_state
from engine.world.sides_shape import get_sides_shape, is_face_full_square
from engine.world.world import FLUID as FLUID_KIND

if TYPE_CHECKING:
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

_horizontal_flow = plain(horizontal_flow)
_fluid_push = plain(fluid_push)
_pushes = plain(pushes)
_normalize = plain(normalize)
_world_height_flag = plain(world_height_flag)
# Material.ICE; packed_ice and blue_ice are Material.DENSE_ICE and do block the falling flow
ICE_MATERIAL_BLOCKS = frozenset({"ice", "frosted_ice"})
# Direction.Type.HORIZONTAL in order NORTH, EAST, SOUTH, WEST: (dx, dz, the direction's axis and sign; isFlowBlocked
# tests the neighbour's face on that side)
HORIZONTAL = ((0, -1, Z, -1), (1, 0, X, 1), (0, 1, Z, 1), (-1, 0, X, -1))


def normalize_zero_below(features: Features) -> float:
    """`Vec3d.normalize`'s zero threshold in this release: 1.0E-4, 1.0E-5F from 1.21.2."""
    return VEC_ZERO_BELOW_1_21_2 if features.normalize_zero_below_1e5 else VEC_ZERO_BELOW


def fluid_at(world: World, x: int, y: int, z: int) -> FluidState:
    """`World.getFluidState(pos)`."""
    return fluid_state(world.get_block_state(x, y, z))


def _height_in_world(fs: FluidState, world: World, x: int, y: int, z: int) -> float:
    """`FluidState.getHeight(world, pos)`: 1.0F under the same fluid, else `getHeight()`; 1.13.2 has only
    `getHeight()` (`fluid_height_level_only`)."""
    if fs.fluid is None:
        return 0.0
    if fluid_at(world, x, y + 1, z).fluid == fs.fluid and not world.features.fluid_height_level_only:
        return 1.0
    return fs.height()


def get_height(world: World, x: int, y: int, z: int) -> float:
    """Fluid surface height in cell (x, y, z) above its floor: `FluidState.getHeight(world, pos)`."""
    return _height_in_world(fluid_at(world, x, y, z), world, x, y, z)


def _flows_into(other: FluidState, fluid: str) -> bool:
    """`FlowableFluid.method_15748`: the other cell is empty or the same fluid."""
    return other.fluid is None or other.fluid == fluid


def _is_flow_blocked(world: World, x: int, y: int, z: int, fluid: str, axis: Axis, sign: int) -> bool:
    """`FlowableFluid.isFlowBlocked` for a horizontal direction: not the same fluid, not ice, and the block's
    side in that direction is a full square (`isSideSolidFullSquare` of `engine.world.sides_shape`); 1.13.2's
    (`fluid_height_level_only`) is 1.12.2's `causesDownwardCurrent`."""
    if fluid_at(world, x, y, z).fluid == fluid:
        return False
    state = world.get_block_state(x, y, z)
    if world.features.fluid_height_level_only:
        return causes_downward_current(state)
    if state.block in ICE_MATERIAL_BLOCKS:
        return False
    return is_face_full_square(get_sides_shape(world, state, (x, y, z)), axis, sign)


def get_velocity(world: World, x: int, y: int, z: int, features: Features) -> Vec3:
    """`FlowableFluid.getVelocity` (spec 04 §7): the unit flow vector of the fluid in cell (x, y, z), normalised
    as `features`' release does it."""
    fs = fluid_at(world, x, y, z)
    fluid = fs.fluid
    if fluid is None:
        return ZERO
    get = world.get_state_id
    own = flags_of(get(x, y, z))
    sides = tuple(flags_of(get(x + dx, y, z + dz)) for dx, dz, _, _ in HORIZONTAL)
    if not features.flow_own_levels and not features.fluid_height_level_only:   # 1.14-1.14.2: getHeight(world, pos)
        own = _world_height_flag(own, flags_of(get(x, y + 1, z)))
        sides = tuple(_world_height_flag(f, flags_of(get(x + dx, y + 1, z + dz)))
                      for f, (dx, dz, _, _) in zip(sides, HORIZONTAL, strict=True))
    d, e = _horizontal_flow(own, sides,
                            tuple(flags_of(get(x + dx, y - 1, z + dz)) for dx, dz, _, _ in HORIZONTAL))
    v = (d, 0.0, e)
    double, zero_below = features.vec_double, normalize_zero_below(features)
    if fs.falling:
        for dx, dz, axis, sign in HORIZONTAL:
            if (_is_flow_blocked(world, x + dx, y, z + dz, fluid, axis, sign)
                    or _is_flow_blocked(world, x + dx, y + 1, z + dz, fluid, axis, sign)):
                vx, vy, vz = _normalize(*v, double, zero_below)
                v = (vx, vy + FALLING_FLOW_DOWN, vz)
                break
    return Vec3(*_normalize(*v, double, zero_below))


def update_movement_in_fluid(entity: Entity, world: World, fluid: str, accel: float, features: Features,
                             rec: Recorder | None = None) -> bool:
    """`Entity.updateMovementInFluid` (spec 04 §7 steps 1-3): push the entity along the mean flow of the
    `fluid` cells its deflated box touches and store the immersion depth. True if any such cell reaches the
    box's bottom. With `rec`, each counted cell adds a "fluid_flow" segment from its centre along the
    vector it contributed."""
    box = entity.box.contract(BLOCK_COLLISION_DEFLATE)
    x0, x1 = floor(box.min_x), ceil(box.max_x)
    y0, y1 = floor(box.min_y), ceil(box.max_y)
    z0, z1 = floor(box.min_z), ceil(box.max_z)
    if not world.is_region_loaded(y0, y1):
        return False
    if not world.region_has(FLUID_KIND, x0, y0, z0, x1 - 1, y1 - 1, z1 - 1):
        entity.fluid_height[fluid] = 0.0   # no fluid in these sections: what the loop would find
        return False
    depth = 0.0
    pushed = entity.is_pushed_by_fluids(features)
    touching = False
    push = ZERO
    count = 0
    for x in range(x0, x1):
        for y in range(y0, y1):
            for z in range(z0, z1):
                fs = fluid_at(world, x, y, z)
                if fs.fluid != fluid:
                    continue
                top = f32(y + _height_in_world(fs, world, x, y, z))  # float addition (float)q + height
                if not top >= box.min_y:
                    continue
                touching = True
                depth = max(top - box.min_y, depth)
                if not pushed:
                    continue
                flow = get_velocity(world, x, y, z, features)
                if depth < FLUID_SHALLOW:  # the running maximum depth, not this cell's (AMBIGUITY-E3)
                    flow = flow.multiply(depth, depth, depth)
                push = push.plus(flow)
                count += 1
                if rec is not None:
                    c = Vec3(x + 0.5, y + 0.5, z + 0.5)
                    rec.geometry(segment("fluid_flow", c, c.plus(flow)))
    double = features.vec_double
    if _pushes(*push, double):
        m = entity.motion
        entity.motion = m.plus(Vec3(*_fluid_push(*push, count, not entity.is_player, accel, m.x, m.z, double,
                                                 normalize_zero_below(features), features.lava_push)))
    entity.fluid_height[fluid] = depth
    return touching


def update_water_state(entity: Entity, world: World, features: Features, rec: Recorder | None = None) -> bool:
    """`Entity.updateWaterState` (spec 01 §8.2 step 2.6): clear the heights, water (`checkWaterState`), then
    lava (before 1.16.2 only where no water is touched, `lava_push_in_water`; before 1.16 never, `lava_push`).
    True if the entity touches either."""
    entity.fluid_height = {WATER: 0.0, LAVA: 0.0}
    check_water_state(entity, world, features, rec)       # 2.6.2
    if not features.lava_push:                            # before 1.16: checkWaterState alone, no lava height
        return entity.touching_water
    if entity.touching_water and not features.lava_push_in_water:
        return True                                       # 1.16, 1.16.1: no lava stage while touching water
    # 2.6.3 lava, faster in ultrawarm dimensions
    accel = LAVA_PUSH_ULTRAWARM if world.ultrawarm else LAVA_PUSH
    lava = update_movement_in_fluid(entity, world, LAVA, accel, features, rec)
    return entity.touching_water or lava


def check_water_state(entity: Entity, world: World, features: Features, rec: Recorder | None = None) -> None:
    """`Entity.checkWaterState`: the water push; touching water resets the fall (the swim splash moves
    nothing). `LivingEntity.fall` calls it too, in each move while not touching water."""
    if update_movement_in_fluid(entity, world, WATER, WATER_PUSH, features, rec):
        entity.fall_distance = 0.0
        entity.touching_water = True
    else:
        entity.touching_water = False


def update_submerged_in_water_state(entity: Entity, world: World, features: Features) -> None:
    """`Entity.updateSubmergedInWaterState`: water in the cell at eye Y - 0.11111111F (the eye Y itself from
    1.20.5, `submerged_at_eye`) reaches above that Y; before 1.16 `isSubmergedIn(WATER, true)` (`submerged_fluid`)."""
    if not features.submerged_below_eye:
        entity.submerged_in_water = submerged_fluid(entity, world, features) == WATER
        return
    y = entity.pos.y + entity.eye_height
    if not features.submerged_at_eye:
        y -= SUBMERGED_EYE_OFFSET
    bx, by, bz = floor(entity.pos.x), floor(y), floor(entity.pos.z)
    fs = fluid_at(world, bx, by, bz)
    entity.submerged_in_water = fs.fluid == WATER and f32(by + _height_in_world(fs, world, bx, by, bz)) > y


def submerged_fluid(entity: Entity, world: World, features: Features) -> str | None:
    """`Entity.isSubmergedIn` up to 1.16.1 (a boat's rider: not modelled here): from 1.16 (`field_25599`) the fluid
    of the cell at the eye Y - 0.11111111F where its surface reaches above that Y; before 1.16
    (`submerged_below_eye`) the fluid of the cell at the eye Y where the eye Y is below its surface + 0.11111111F,
    summed in float."""
    eye = entity.pos.y + entity.eye_height
    y = eye - SUBMERGED_EYE_OFFSET if features.submerged_below_eye else eye
    bx, by, bz = floor(entity.pos.x), floor(y), floor(entity.pos.z)
    fs = fluid_at(world, bx, by, bz)
    if fs.fluid is None:
        return None
    top = f32(by + _height_in_world(fs, world, bx, by, bz))
    if features.submerged_below_eye:
        return fs.fluid if top > y else None
    return fs.fluid if eye < f32(top + SUBMERGED_EYE_OFFSET) else None


def on_lava_block_collision(entity: Entity, world: World, features: Features) -> bool:
    """`FluidBlock.onEntityCollision` of lava over the cells `Entity.checkBlockCollision` visits (the box deflated
    by 0.001), 1.16.1 and before: `setInLava` where the box's bottom is below a lava block's surface
    (float)y + height, or that surface above the box's top; before 1.16 in any lava cell
    (`lava_flag_below_surface`)."""
    b = entity.box
    d = BLOCK_COLLISION_DEFLATE
    for x in range(floor(b.min_x + d), floor(b.max_x - d) + 1):
        for y in range(floor(b.min_y + d), floor(b.max_y - d) + 1):
            for z in range(floor(b.min_z + d), floor(b.max_z - d) + 1):
                if world.get_block_state(x, y, z).block != LAVA:
                    continue
                if not features.lava_flag_below_surface:
                    return True
                top = f32(y + get_height(world, x, y, z))
                if b.min_y < top or top > b.max_y:
                    return True
    return False
