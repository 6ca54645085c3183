"""`FallingBlockEntity` (spec 06 §2): order GMD; landing, restoring, dropping, concrete powder."""

from __future__ import annotations

from functools import cache, partial
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    CONCRETE_RAYCAST_SPEED_SQUARED,
    DRAG_1_12,
    FALLING_BLOCK_DROP_TIME,
    FALLING_BLOCK_DROP_TIME_OUTSIDE,
    FALLING_BLOCK_FLOOR_PROBE_1_12,
    FALLING_BLOCK_GROUND_FACTORS,
    FALLING_BLOCK_HEIGHT,
    FALLING_BLOCK_SPAWN_LIFT,
    FALLING_BLOCK_WIDTH,
    GRAVITY_1_12,
    GROUND_1_12,
)
from engine.core.trace import StageInfo, run_stage
from engine.core.versions import refusal
from engine.entities import falling_kernel as kernel
from engine.entities.common import scale_motion, subtract_motion_y
from engine.entities.entity import Entity
from engine.entities.falling_kernel import FALLING_ROWS
from engine.entities.rows import RowBacked, RowBatch, extra_flag, extra_int
from engine.entities.tnt import Tnt
from engine.entities.tnt_kernel import version_bits
from engine.geometry.box import ZERO, Vec3
from engine.influences.fluids import fluid_at
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.motion.collision_kernel import block_arrays
from engine.motion.move import MovementType, move
from engine.motion.raycast import raycast_blocks
from engine.redstone import neighbor_updates as nu
from engine.world import block_physics as phys
from engine.world import blocks
from engine.world.concrete_powder import hardened, hardens_in, hardens_on_any_side
from engine.world.dimensions import bottom_y, top_y

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.core.versions import Features
    from engine.world.blocks import BlockState
    from engine.world.shape_context import ShapeContext
    from engine.world.world import World

CAN_FALL_THROUGH_1_12 = frozenset({"fire", "water", "lava"})   # 1.12.2 BlockFalling.canFallThrough, besides air
CHECK_SOURCE = StageInfo("check_source_block", "FallingBlockEntity.tick")
GRAVITY = StageInfo("gravity", "FallingBlockEntity.tick", "G")
CONCRETE_RAY = StageInfo("concrete_raycast", "FallingBlockEntity.tick")   # its ray is the stage's geometry
LAND = StageInfo("land", "FallingBlockEntity.tick")
DROP_TIMEOUT = StageInfo("drop_timeout", "FallingBlockEntity.tick")
DRAG = StageInfo("drag", "FallingBlockEntity.tick", "D")
_gravity, _drag = plain(kernel.gravity), plain(kernel.drag)   # the row loop's stages, as plain Python


@cache
def concrete_states() -> np.ndarray:
    """1 per block state id of a concrete powder (what `falling_kernel.in_the_air` checks for water), else 0."""
    return np.fromiter((phys.is_concrete_powder(s.block) for s in blocks.all_states()), np.uint8)


ANVILS = frozenset({"anvil", "chipped_anvil", "damaged_anvil"})
ANVIL_HURT = ("a falling anvil hurting entities is not simulated (FallingBlockEntity.handleFallDamage: an anvil, "
              "HurtEntities by default, landing after a fall of more than 1 damages the entities in its box by 2 a "
              "block up to 40 and chips or breaks with a draw of its Random)")


class FallingBatch(RowBatch):
    """Runs of falling blocks: `engine.entities.falling_kernel.tick_rows` up to one whose tick the object path
    takes (it may place, break or drop a block). The kernels move as each release does (its flags:
    `tnt_kernel.version_bits`; a release refusing `block_effects` hands back where the TNT loop does, by section);
    a release that refuses a mechanic they run, the 1.12.2 tick (`falling_block_tick_1_12`, `collision_aabb_lists`,
    `move_motion_fields`) and solid entities in the world (their shapes) leave every falling block to the object
    path; so do a falling block with riders or a step height and a falling anvil (its landing may refuse), and
    the loop hands back one of air or on its first tick. Traced runs take the object path (`replays`)."""

    table = FALLING_ROWS
    mechanics = frozenset({"falling_block", "entity_move", "supporting_block", "fluids", "fall_distance"})
    replays = False

    def decides(self, world: World, features: Features) -> bool:
        return not (world.collidable_count or features.refused & self.mechanics or features.falling_block_tick_1_12
                    or features.collision_aabb_lists or features.move_motion_fields)

    def row(self, e: FallingBlock, traced: bool) -> int:
        # 1.21.7: movements recorded since its last tick (a shulker box's push) are walked by the object path
        return -1 if e.passengers or e.step_height or e.movements or e.block_state.block in ANVILS else e._r

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        border = world.border_shape.coords
        edges = (border[0][1], border[2][1], border[0][2], border[2][2])
        top = top_y(world.dimension, features) - (1 if features.falling_block_top_inclusive else 0)
        v = version_bits(features)
        return kernel.tick_rows(*block_arrays(world), cells, FALLING_ROWS.f, FALLING_ROWS.i, rows, start, v, edges,
                                Tnt.batch.effects_for(world, v), concrete_states(), bottom_y(world.dimension, features),
                                top, marks, saved_f, saved_i)

    def finish(self, e: Entity, sim: TickContext) -> None:
        raise AssertionError("the falling block loop never stops at a block it ticked")


class FallingBlock(RowBacked, Entity):
    """`FallingBlockEntity`. Its state is a row of `FALLING_ROWS` (engine.entities.falling_kernel): the fall time,
    the block state's id and the drop flags among the row's extras."""
    MECHANIC = "falling_block"   # the versions table's row (engine/core/versions.py)
    TYPE = "minecraft:falling_block"
    batch = FallingBatch()
    WIDTH = FALLING_BLOCK_WIDTH
    HEIGHT = FALLING_BLOCK_HEIGHT
    FIELDS = {"block_state": str, "time": int, "drop_item": bool}
    can_trigger_walking = False   # EntityFallingBlock.canTriggerWalking (1.12.2), FallingBlockEntity.canClimb
    ROWS = FALLING_ROWS
    time = extra_int(FALLING_ROWS, "time")                      # timeFalling
    drop_item = extra_flag(FALLING_ROWS, "drop_item")
    destroyed_on_landing = extra_flag(FALLING_ROWS, "destroyed_on_landing")
    block_state = property(lambda self: blocks.state_by_id(int(self._t.i[self._r, kernel.STATE])),
                           lambda self, state: self._t.i.__setitem__((self._r, kernel.STATE), state.id))

    def __init__(self, entity_id: int, pos: Vec3, motion: Vec3 = ZERO, seed: int = 0) -> None:
        self.take_row()
        super().__init__(entity_id, pos, motion, seed)
        self.block_state = blocks.default_state("sand")
        self.time = 0              # timeFalling
        self.drop_item = True
        self.destroyed_on_landing = False

    def type_fields(self) -> dict[str, Any]:
        return {"block_state": str(self.block_state), "time": self.time}

    def shape_context(self, world: World) -> ShapeContext:
        """`EntityShapeContext` of a `FallingBlockEntity`: powder snow is a full cube to it."""
        return super().shape_context(world)._replace(falling_block=True)

    def handle_fall_damage(self, sim: TickContext, distance: float, multiplier: float) -> bool:
        """`FallingBlockEntity.handleFallDamage`: a falling anvil landing after a fall of more than 1
        (ceil(distance − 1) > 0: the damage and the chip draw) or onto a living entity in its box (from 1.17 a fall
        of 1 or less deals 0 damage to them) stops the run in one line (`ANVIL_HURT`); other falling blocks do
        nothing (a scene cannot set HurtEntities)."""
        if self.block_state.block in ANVILS and (
                distance > 1.0 or sim.world.get_entities(self, self.box, lambda e: e.living)):
            raise refusal(sim.features, "falling_block", f"entity {self.id}, tick {sim.tick_count}", ANVIL_HURT)
        return False

    def tick(self, sim: TickContext, rec: Recorder | None) -> None:
        """`FallingBlockEntity.tick`: spec 06 §2.2."""
        if self.block_state.is_air:
            self.remove()
            return
        self.time += 1
        if self.time == 1 and not sim.features.falling_block_spawn_from_block and \
                not run_stage(rec, self, CHECK_SOURCE, self.take_source_block, sim):              # 1
            return
        if sim.features.falling_block_tick_1_12:
            self._tick_1_12(sim, rec)
            return
        if not self.no_gravity:                                                                    # 2 G
            run_stage(rec, self, GRAVITY, _gravity, self._t.f, self._r)
        move(self, sim, MovementType.SELF, self.motion, rec)                                       # 3 M
        p = self.pos
        cell = (floor(p.x), floor(p.y), floor(p.z))
        concrete = phys.is_concrete_powder(self.block_state.block)
        in_water = concrete and fluid_at(sim.world, *cell).fluid == "water"                        # 4
        if concrete and self.motion.length_squared() > CONCRETE_RAYCAST_SPEED_SQUARED:             # 5
            ray = partial(raycast_blocks, context=self.shape_context(sim.world))   # the block's RaycastContext
            hit = run_stage(rec, self, CONCRETE_RAY, ray, sim.world, self.prev_pos, self.pos, "source_only", rec)
            if not hit.missed and fluid_at(sim.world, *hit.block_pos).fluid == "water":
                cell, in_water = hit.block_pos, True
        if self.on_ground or in_water:                                                             # 7, 8
            run_stage(rec, self, LAND, self.land, sim, cell, concrete, in_water)
        elif self.time > FALLING_BLOCK_DROP_TIME or (self.time > FALLING_BLOCK_DROP_TIME_OUTSIDE and
                                                     self.outside_world(sim, cell[1])):           # 6
            run_stage(rec, self, DROP_TIMEOUT, self.drop_timeout, sim)
        run_stage(rec, self, DRAG, _drag, self._t.f, self._r)                                     # 9 D

    def _tick_1_12(self, sim: TickContext, rec: Recorder | None) -> None:
        """Steps 2-9 of 1.12.2's and 1.13.2's `EntityFallingBlock.onUpdate` (`falling_block_tick_1_12`): gravity
        (double)0.04F on motionY alone, the move, then on the ground: where the block at posY − 0.01 under the
        position can be fallen through (`can_fall_through`) it stays in the air (onGround
        false) and the tick ends before the drag; else the ground factors 0.7F, −0.5, and the block is placed in
        its cell where that is replaceable and the cell below cannot be fallen through (`World.mayPlace`), or
        dropped. The drag 0.98F last. Concrete powder and anvils (its raycast with stopOnLiquid, the anvil's fall
        damage) and a drop (an `EntityItem` whose Motion comes from `Math.random()`) stop the run in one line."""
        block = self.block_state.block
        if phys.is_concrete_powder(block) or block in ANVILS:
            raise refusal(sim.features, "falling_block", f"entity {self.id}, tick {sim.tick_count}",
                          f"a falling {block} before 1.14 is not simulated (concrete powder: rayTraceBlocks(prev, pos, "
                          "true) for water when motion² > 1, onEndFalling hardens it in any liquid, lava too; a "
                          "summoned anvil hurts the entities in its box and draws from its Random to chip, and may "
                          "replace rails and redstone (Material.CIRCUITS))")
        if not self.no_gravity:                                                                    # 2 G
            run_stage(rec, self, GRAVITY, subtract_motion_y, self, GRAVITY_1_12)
        move(self, sim, MovementType.SELF, self.motion, rec)                                       # 3 M
        p = self.pos
        cell = (floor(p.x), floor(p.y), floor(p.z))
        if self.on_ground:
            below = sim.world.get_block_state(cell[0], floor(p.y - FALLING_BLOCK_FLOOR_PROBE_1_12), cell[2])
            if can_fall_through(below, sim.features):
                self.on_ground = False
                return
            run_stage(rec, self, LAND, self._land_1_12, sim, cell)                                # 7, 8
        elif self.time > FALLING_BLOCK_DROP_TIME or (self.time > FALLING_BLOCK_DROP_TIME_OUTSIDE and
                                                     self.outside_world(sim, cell[1])):           # 6
            run_stage(rec, self, DROP_TIMEOUT, self.drop_timeout, sim)
        run_stage(rec, self, DRAG, scale_motion, self, DRAG_1_12, DRAG_1_12, DRAG_1_12)           # 9 D

    def _land_1_12(self, sim: TickContext, cell: tuple[int, int, int]) -> None:
        world = sim.world
        here = world.get_block_state(*cell)
        scale_motion(self, GROUND_1_12, -0.5, GROUND_1_12)
        if here.block == "moving_piston":
            return
        self.remove()
        down = world.get_block_state(cell[0], cell[1] - 1, cell[2])
        if phys.is_replaceable(here) and not can_fall_through(down, sim.features) and \
                nu.set_block_state(sim, cell, self.block_state, nu.NOTIFY_ALL):
            sim.emit({"kind": "block_placed", "pos": list(cell), "block": str(self.block_state), "source": self.id})
        elif self.drop_item:
            self.drop_timeout(sim)

    @staticmethod
    def outside_world(sim: TickContext, y: int) -> bool:
        """`y <= getBottomY() || y > getTopY()` (1.16.5: y < 1 or y > 256; 1.18 overworld: −64 and 320; from
        1.21.2 above `getTopYInclusive`, one lower)."""
        dimension, features = sim.world.dimension, sim.features
        top = top_y(dimension, features) - (1 if features.falling_block_top_inclusive else 0)
        return y <= bottom_y(dimension, features) or y > top

    def take_source_block(self, sim: TickContext) -> bool:
        """First tick: remove the block it came from (`World.removeBlock`, 1.12.2 `setBlockToAir`: flags 3, so its
        neighbours are updated), or vanish if that block was replaced."""
        p = self.pos
        x, y, z = floor(p.x), floor(p.y), floor(p.z)
        if sim.world.get_block_state(x, y, z).block == self.block_state.block:
            nu.remove_block(sim, (x, y, z))
            return True
        self.remove()
        return False

    def land(self, sim: TickContext, cell: tuple[int, int, int], concrete: bool, in_water: bool) -> None:
        """Ground factors, then restore the block in its cell if it fits there (`setBlockState(pos, block, 3)`: the
        block's hooks and its neighbours' updates), then `FallingBlock.onLanding` (a concrete powder hardens), else
        drop as an item."""
        world = sim.world
        here = world.get_block_state(*cell)
        scale_motion(self, *FALLING_BLOCK_GROUND_FACTORS)
        if here.block == "moving_piston":
            return
        self.remove()
        if self.destroyed_on_landing:
            return
        replaceable = phys.is_replaceable(here)
        falls_through = phys.can_fall_through(world.get_block_state(cell[0], cell[1] - 1, cell[2])) and not (
            concrete and in_water)
        # Block.canPlaceAt is true for every gravity block of 1.16; a summoned falling block of a block that needs
        # support (a rail, a torch) would drop instead: not modelled yet
        if replaceable and not falls_through:
            state = self.block_state
            if "waterlogged" in state.properties and fluid_at(world, *cell).fluid == "water" \
                    and fluid_at(world, *cell).is_source:
                state = state.with_("waterlogged", True)
            if nu.set_block_state(sim, cell, state, nu.NOTIFY_ALL):
                if concrete and (hardens_in(here) or sim.features.concrete_landing_side_water and
                                 hardens_on_any_side(world, cell)):
                    state = hardened(state)   # ConcretePowderBlock.onLanding (1.14: hardensIn alone), flags 3
                    nu.set_block_state(sim, cell, state, nu.NOTIFY_ALL)
                sim.emit({"kind": "block_placed", "pos": list(cell), "block": str(state), "source": self.id})
            elif self.drop_item:
                sim.drop_item_of(self, self.block_state)
        elif self.drop_item:
            sim.drop_item_of(self, self.block_state)

    def drop_timeout(self, sim: TickContext) -> None:
        if self.drop_item and sim.features.falling_block_tick_1_12:
            raise refusal(sim.features, "falling_block", f"entity {self.id}, tick {sim.tick_count}", "the item a "
                          "1.12.2 falling block drops (new EntityItem: yaw and Motion from Math.random(), unseeded) "
                          "is not reproducible")
        if self.drop_item:
            sim.drop_item_of(self, self.block_state)
        self.remove()


def can_fall_through(state: BlockState, features: Features) -> bool:
    """`BlockFalling.canFallThrough` of 1.12.2 (`fall_through_1_12`: air, fire, water, lava) and of 1.13.2 on
    (`block_physics.can_fall_through`: any liquid or replaceable material too)."""
    if features.fall_through_1_12:
        return state.is_air or state.block in CAN_FALL_THROUGH_1_12
    return phys.can_fall_through(state)


def from_block(sim: TickContext, x: int, y: int, z: int) -> FallingBlock:
    """`FallingBlock.scheduledTick` → `new FallingBlockEntity(world, x + 0.5, y, z + 0.5, state)`: the
    constructor lifts it by (1 − 0.98F) / 2F so the box is centred in the cell (spec 06 §2.1, AMBIGUITY-N4). From
    1.18.2 `spawnFromBlock`: no lift, and the cell takes the block's fluid (air, or water where it was waterlogged)
    at once (flags 3: its neighbours are updated), as the first tick's source check did before."""
    state = sim.world.get_block_state(x, y, z)
    if sim.features.falling_block_spawn_from_block:   # 1.18.2 spawnFromBlock: no lift, the block goes at once
        fb = sim.create(FallingBlock, Vec3(x + 0.5, float(y), z + 0.5))
        fb.block_state = state.with_("waterlogged", False) if "waterlogged" in state.properties else state
        source = state.get("waterlogged") == "true" if "waterlogged" in state.properties else False
        nu.set_block_state(sim, (x, y, z), blocks.default_state("water") if source else blocks.AIR, nu.NOTIFY_ALL)
        return fb
    fb = sim.create(FallingBlock, Vec3(x + 0.5, y + FALLING_BLOCK_SPAWN_LIFT, z + 0.5))
    fb.block_state = state
    return fb
