"""Water as 1.12.2's entities feel it (`water_material_acceleration`): `Entity.handleWaterMovement` →
`World.handleMaterialAcceleration` and `BlockLiquid.getFlow` on the blocks' integer levels, and
`Entity.isInLava` (`World.isMaterialInBB`). Lava pushes nothing in 1.12.2. Facts: MCP-named 1.12.2 `Entity`,
`World`, `BlockLiquid`, `Block`, `Vec3d`, `AxisAlignedBB` (docs/versions.md, "1.12.2 sources")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    FALLING_FLOW_DOWN,
    IN_LAVA_INSET_1_12,
    IN_WATER_INSET_1_12,
    SPLASH_PARTICLES_PER_WIDTH_1_12,
    VEC_ZERO_BELOW,
    WATER_CONTRACT_1_12,
    WATER_PUSH,
)
from engine.core.trace import StageInfo
from engine.geometry.box import Box, Vec3
from engine.influences.fluid_kernel import normalize
from engine.java.javanum import f32
from engine.java.mathhelper import ceil, floor
from engine.jit import plain
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity
    from engine.world.blocks import BlockState
    from engine.world.world import World

_normalize = plain(normalize)
FLUID_1_12 = StageInfo("water_push", "Entity.handleWaterMovement", "F")
# EnumFacing.Plane.HORIZONTAL: NORTH, EAST, SOUTH, WEST as (dx, dz)
HORIZONTAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
# Block.isExceptBlockForAttachWithPiston and BlockStairs: no face shape that makes a downward current
# (causesDownwardCurrent), whatever their shape; with Material.ICE (ice, frosted ice)
_NO_DOWNWARD_CURRENT = frozenset({"beacon", "cauldron", "glass", "glowstone", "ice", "frosted_ice", "sea_lantern",
                                  "piston", "sticky_piston", "piston_head"})
_NO_DOWNWARD_CURRENT_SUFFIXES = ("_leaves", "_stained_glass", "_trapdoor", "shulker_box", "_stairs")


def is_water(state: BlockState) -> bool:
    """`getMaterial() == Material.WATER`: the water block (1.12.2's table has no other block holding water:
    nothing is waterlogged, and kelp, seagrass and bubble columns are not its blocks)."""
    return state.block == "water"


def _level(state: BlockState) -> int:
    return int(state.properties["level"])


def _rendered_depth(state: BlockState) -> int:
    """`BlockLiquid.getRenderedDepth` for water: the level, 0 for a falling one (8 and above), −1 for another
    material."""
    if state.block != "water":
        return -1
    level = _level(state)
    return 0 if level >= 8 else level


def causes_downward_current(state: BlockState) -> bool:
    """`BlockLiquid.causesDownwardCurrent` on a horizontal side: not water, not ice, not one of the exception
    blocks, and a solid face shape — every full block's (`Block.getBlockFaceShape`), none of the blocks without a
    collision box (they answer UNDEFINED)."""
    b = state.block
    if b == "water" or b in _NO_DOWNWARD_CURRENT or b.endswith(_NO_DOWNWARD_CURRENT_SUFFIXES):
        return False
    return phys.is_full_cube(state)


def get_flow(sim: TickContext, x: int, y: int, z: int) -> tuple[float, float, float]:
    """`BlockLiquid.getFlow` of the water at (x, y, z): per horizontal side, a water neighbour adds its depth
    minus this one's; an open neighbour (its material does not block movement) over water adds that depth minus
    (this one's − 8); a falling water (level ≥ 8) next to a side that makes a downward current (at its level or
    the one above) takes normalize() + (0, −6, 0); the result normalized (the float root, zero below 1.0E-4)."""
    get = sim.world.get_block_state
    own = get(x, y, z)
    i = _rendered_depth(own)
    d0 = d2 = 0
    for dx, dz in HORIZONTAL:
        side = get(x + dx, y, z + dz)
        j = _rendered_depth(side)
        if j < 0:
            if not phys.blocks_movement(side):
                j = _rendered_depth(get(x + dx, y - 1, z + dz))
                if j >= 0:
                    d0 += dx * (j - (i - 8))
                    d2 += dz * (j - (i - 8))
        else:
            d0 += dx * (j - i)
            d2 += dz * (j - i)
    v = (float(d0), 0.0, float(d2))
    if _level(own) >= 8:
        for dx, dz in HORIZONTAL:
            if causes_downward_current(get(x + dx, y, z + dz)) or \
                    causes_downward_current(get(x + dx, y + 1, z + dz)):
                nx, ny, nz = _normalize(*v, False, VEC_ZERO_BELOW)
                v = (nx, ny + FALLING_FLOW_DOWN, nz)
                break
    return _normalize(*v, False, VEC_ZERO_BELOW)


def handle_material_acceleration(e: Entity, sim: TickContext, box: Box) -> bool:
    """`World.handleMaterialAcceleration(box, WATER, entity)`: the water blocks in the cells floor(min) ..
    ceil(max) − 1 of `box` (each counts: the test (double)ceil(maxY) ≥ its surface always holds) sum their flows;
    where the sum's length (float root) is above 0, the entity's motion gains its normalized direction × 0.014.
    True where a water block was found. Nothing outside y 0..255 (`isAreaLoaded`)."""
    world = sim.world
    x0, x1 = floor(box.min_x), ceil(box.max_x)
    y0, y1 = floor(box.min_y), ceil(box.max_y)
    z0, z1 = floor(box.min_z), ceil(box.max_z)
    if not world.is_region_loaded(y0, y1):
        return False
    found = False
    sx = sy = sz = 0.0
    for x in range(x0, x1):
        for y in range(y0, y1):
            for z in range(z0, z1):
                if is_water(world.get_block_state(x, y, z)):
                    found = True
                    fx, fy, fz = get_flow(sim, x, y, z)
                    sx, sy, sz = sx + fx, sy + fy, sz + fz
    if f32((sx * sx + sy * sy + sz * sz) ** 0.5) > 0.0 and e.pushed_by_fluids:
        nx, ny, nz = _normalize(sx, sy, sz, False, VEC_ZERO_BELOW)
        m = e.motion
        e.motion = Vec3(m.x + nx * WATER_PUSH, m.y + ny * WATER_PUSH, m.z + nz * WATER_PUSH)
    return found


def handle_water_movement(e: Entity, sim: TickContext) -> bool:
    """`Entity.handleWaterMovement`: the water push over the box shrunk by 0.4000000059604645 at the top and
    bottom (re-sorted where that inverts it: a short box's span runs from maxY − 0.4 to minY + 0.4) and by 0.001
    on every side (`water_contact`); in water the fall distance is 0 and the fire put out."""
    if not water_contact(e, sim, e.box.expand(0.0, -IN_WATER_INSET_1_12, 0.0).contract(WATER_CONTRACT_1_12)):
        return False
    e.fall_distance = 0.0
    e.fire_ticks = 0
    return True


def water_contact(e: Entity, sim: TickContext, box: Box) -> bool:
    """The water push over `box` (`handle_material_acceleration`) and `inWater`; entering water after its first
    tick the entity splashes (`doWaterSplashEffect`'s draws). `EntityItem.handleWaterMovement` is this over its
    whole box."""
    if not handle_material_acceleration(e, sim, box):
        e.touching_water = False
        return False
    if not e.touching_water and not e.first_update:
        splash_draws(e)
    e.touching_water = True
    return True


def splash_draws(e: Entity) -> None:
    """`Entity.doWaterSplashEffect`'s draws (its sound and particles do nothing to the world): the pitch's two
    floats, then three floats per bubble and two per splash particle, (float)i < 1 + width × 20 of each."""
    r = e.random
    for _ in range(2 + 5 * ceil(f32(1.0 + f32(e.width * SPLASH_PARTICLES_PER_WIDTH_1_12)))):
        r.next_float()


def is_in_lava(e: Entity, world: World) -> bool:
    """`Entity.isInLava`: a lava block in the cells of the box shrunk by 0.10000000149011612 on X and Z and by
    0.4000000059604645 at the top and bottom (re-sorted where that inverts it)."""
    b = e.box.expand(-IN_LAVA_INSET_1_12, -IN_WATER_INSET_1_12, -IN_LAVA_INSET_1_12)
    return any(world.get_block_state(x, y, z).block == "lava"
               for x in range(floor(b.min_x), ceil(b.max_x)) for y in range(floor(b.min_y), ceil(b.max_y))
               for z in range(floor(b.min_z), ceil(b.max_z)))
