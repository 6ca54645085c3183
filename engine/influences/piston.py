"""Pistons (spec 04 §8): `PistonBlock` block events and `PistonHandler` push resolution. The moving blocks
they create are `engine.influences.piston_block_entity.PistonBlockEntity` ("B36").

A piston is powered by redstone (`should_extend`, with quasi-connectivity; its neighbour updates run `tryMove`,
engine.redstone.consumers), or by a scene's `piston_extend` / `piston_retract` actions, which add it to or take it
from `World.powered` and call `PistonBlock.tryMove` as a neighbour update would. Block changes go through
`engine.redstone.neighbor_updates.set_block_state` with vanilla's flags (neighbour and shape updates), and so
does a B36 placing its block (through `Block.postProcessState`: the block takes its state from its new
neighbours, and a moved observer schedules its tick). Drops of broken blocks are not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from engine.constants import MAX_UPDATE_DEPTH, PISTON_PROGRESS_STEP, PISTON_PUSH_LIMIT
from engine.geometry.box import BlockPos
from engine.influences.piston_block_entity import BY_NAME, DIRECTIONS, PISTONS, Direction, PistonBlockEntity
from engine.java.javautil import hash_set_order
from engine.redstone import neighbor_updates as nu
from engine.redstone.power import is_emitting_redstone_power
from engine.redstone.registry import behaviour
from engine.world import blocks
from engine.world.block_entities import SHULKER_BOXES
from engine.world.block_physics import DYE_COLORS, MATERIAL_BLOCKS, WOOD_TYPES

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.world.blocks import BlockState
    from engine.world.world import World

EXTEND, RETRACT, RETRACT_SHORT = 0, 1, 2    # block event types (spec 04 §8: 2 = short pulse, no pull)


class BlockEvent(NamedTuple):
    """`BlockEvent`: equal events are queued once (`ServerWorld.syncedBlockEventQueue` is a linked set)."""

    pos: BlockPos
    block: str
    type: int
    data: int


# --- PistonBehavior of block states: the material's (Blocks.java 1.16.5 as far as known) unless the block overrides
# `getPistonBehavior` (the overrides read in 1.13.2, 1.14, 1.15.2 and 1.16.5: the same blocks; Blocks.java's settings
# from 1.20 keep them). Everything else is NORMAL. ---
_DESTROY_MATERIALS = ("PLANT", "UNDERWATER_PLANT", "REPLACEABLE_PLANT", "NETHER_SHOOTS",
                      "REPLACEABLE_UNDERWATER_PLANT", "WATER", "BUBBLE_COLUMN", "LAVA", "SNOW_LAYER", "FIRE",
                      "SUPPORTED", "COBWEB", "BAMBOO_SAPLING")
_LEAVES = tuple(f"{w}_leaves" for w in WOOD_TYPES[:6])
# NORMAL overrides of a DESTROY material: AbstractRailBlock, EndRodBlock
_PUSHED_DECORATIONS = frozenset({"rail", "powered_rail", "detector_rail", "activator_rail", "end_rod"})
# DESTROY overrides: AbstractPressurePlateBlock, StructureVoidBlock, LanternBlock, BellBlock, DoorBlock, BedBlock,
# ShulkerBoxBlock
_PRESSURE_PLATES = (*(f"{w}_pressure_plate" for w in ("stone", "polished_blackstone", *WOOD_TYPES)),
                    "light_weighted_pressure_plate", "heavy_weighted_pressure_plate")
DESTROY = frozenset().union(*(MATERIAL_BLOCKS[m] for m in _DESTROY_MATERIALS)) - _PUSHED_DECORATIONS | {
    *_LEAVES, "cactus", "pumpkin", "carved_pumpkin", "jack_o_lantern", "melon", "dragon_egg", "cake", "bamboo",
    *_PRESSURE_PLATES, "structure_void", "lantern", "soul_lantern", "bell",
    *SHULKER_BOXES, *(f"{c}_bed" for c in DYE_COLORS),
    *(f"{w}_door" for w in WOOD_TYPES), "iron_door"}
BLOCK = frozenset({"nether_portal", "end_portal", "end_gateway", "barrier", "piston_head", "moving_piston",
                   "anvil", "chipped_anvil", "damaged_anvil", "grindstone"})
PUSH_ONLY = frozenset(f"{c}_glazed_terracotta" for c in DYE_COLORS)
IMMOVABLE = frozenset({"obsidian", "crying_obsidian", "respawn_anchor",   # PistonBlock.isMovable
                       "reinforced_deepslate"})                             # (1.19+: a 1.19 block)
# Block.hasBlockEntity (pushable otherwise): these never move
BLOCK_ENTITY_BLOCKS = frozenset({
    "chest", "trapped_chest", "ender_chest", "furnace", "blast_furnace", "smoker", "dispenser", "dropper",
    "hopper", "beacon", "spawner", "brewing_stand", "enchanting_table", "jukebox", "lectern", "barrel", "bell",
    "beehive", "bee_nest", "campfire", "soul_campfire", "daylight_detector", "comparator", "conduit",
    "structure_block", "jigsaw", "command_block", "chain_command_block", "repeating_command_block",
    *(f"{w}_sign" for w in WOOD_TYPES), *(f"{w}_wall_sign" for w in WOOD_TYPES), "sign", "wall_sign",   # 1.13.2's
    *(f"{c}_banner" for c in DYE_COLORS), *(f"{c}_wall_banner" for c in DYE_COLORS)})


# --- PistonBlock ---
def should_extend(world: World, pos: BlockPos) -> bool:
    """`PistonBlock.shouldExtend`: the scene powers it, or a neighbour other than the one in front emits power
    toward it, or one of the block above's neighbours (the piston excepted) emits power toward that block
    (quasi-connectivity)."""
    if pos in world.powered:
        return True
    facing = BY_NAME[world.get_block_state(*pos).get("facing")]
    for d in DIRECTIONS:
        if d != facing and is_emitting_redstone_power(world, _offset(pos, d, 1), d):
            return True
    down, up = DIRECTIONS[0], DIRECTIONS[1]
    if is_emitting_redstone_power(world, pos, down):
        return True
    above = _offset(pos, up, 1)
    return any(d != down and is_emitting_redstone_power(world, _offset(above, d, 1), d) for d in DIRECTIONS)


def try_move(sim: TickContext, pos: BlockPos) -> None:
    """`PistonBlock.tryMove`: queue an extend event if powered and the push can happen; queue a retract event
    (type 2 when the block in front is still starting to move) if unpowered. It sets no state: the base stays
    extended until its retract event runs."""
    world = sim.world
    state = world.get_block_state(*pos)
    if state.block not in PISTONS:
        return
    direction = BY_NAME[state.get("facing")]
    powered = should_extend(world, pos)
    extended = state.get("extended") == "true"
    if powered and not extended:
        if PistonHandler(world, pos, direction, True).calculate_push():
            add_synced_block_event(world, BlockEvent(pos, state.block, EXTEND, direction.id))
        else:
            check_blocked_push(sim, pos, direction)
    elif not powered and extended:
        front = _offset(pos, direction, 2)
        kind = RETRACT
        front_state = world.get_block_state(*front)
        if front_state.block == "moving_piston" and front_state.get("facing") == direction.name:
            be = world.block_entities.get(front)
            if isinstance(be, PistonBlockEntity) and be.extending and (
                    be.get_progress(0.0) < PISTON_PROGRESS_STEP or world.game_time == be.saved_world_time
                    or world.in_block_tick):
                kind = RETRACT_SHORT
        add_synced_block_event(world, BlockEvent(pos, state.block, kind, direction.id))


def check_blocked_push(sim: TickContext, pos: BlockPos, direction: Direction) -> None:
    """A vertical push that failed within reach of y 0 or 255 may have failed at the engine's height limit only:
    in the 1.18 overworld (`world_height_1_18`) `isMovable` lets a block at y 0 move down and one at 255 up, and
    the engine keeps no blocks beyond; stop the run there."""
    reach = pos[1] + direction.offset[1] * (PISTON_PUSH_LIMIT + 2)
    if direction.offset[1] and not 0 < reach < 255 and nu.taller_world(sim):
        raise nu.beyond_stored_height(sim, f"the {direction.name} push of the piston at {list(pos)}")


def add_synced_block_event(world: World, event: BlockEvent) -> None:
    """`ServerWorld.addSyncedBlockEvent`: appended unless an equal event is already queued."""
    if event not in world.block_events:
        world.block_events.append(event)


def process_synced_block_events(sim: TickContext) -> None:
    """`ServerWorld.processSyncedBlockEvents`: first in, first out, including events queued meanwhile; an event
    runs only if its block is still there (spec 01 §7, BE phase). Pistons handle their own; other blocks pass
    theirs to their block entity (`BlockWithEntity.onSyncedBlockEvent`: shulker boxes), or handle them (note
    blocks)."""
    world = sim.world
    while world.block_events:
        event = world.block_events.pop(0)
        state = world.get_block_state(*event.pos)
        if state.block != event.block:
            continue
        if state.block in PISTONS:
            with world.caused_by("piston"):
                on_synced_block_event(sim, state, event.pos, event.type, event.data)
        else:
            be = world.block_entities.get(event.pos)
            if be is not None:
                be.on_synced_block_event(event.type, event.data)
            else:
                behaviour(state.block).on_synced_block_event(sim, state, event.pos, event.type, event.data)


def on_synced_block_event(sim: TickContext, state: BlockState, pos: BlockPos, kind: int, data: int) -> bool:
    """`PistonBlock.onSyncedBlockEvent`: extend (type 0) or retract (1, 2; sticky pistons pull on 1)."""
    world = sim.world
    direction = BY_NAME[state.get("facing")]
    powered = should_extend(world, pos)
    if powered and kind in (RETRACT, RETRACT_SHORT):
        nu.set_block_state(sim, pos, state.with_("extended", True), nu.NOTIFY_LISTENERS)
        return False
    if not powered and kind == EXTEND:
        return False
    sticky = state.block == "sticky_piston"
    if kind == EXTEND:
        if not piston_move(sim, pos, direction, True, sticky):
            return False
        nu.set_block_state(sim, pos, state.with_("extended", True), nu.NOTIFY_ALL | nu.MOVED)
        sim.random.discard_floats()      # World.playSound: the pitch draws from the world Random
        return True
    head_pos = _offset(pos, direction, 1)
    head = world.block_entities.get(head_pos)
    if isinstance(head, PistonBlockEntity):
        head.finish(world, sim)
    moving = blocks.default_state("moving_piston").with_("facing", direction.name) \
        .with_("type", "sticky" if sticky else "normal")
    base = blocks.default_state(state.block).with_("facing", DIRECTIONS[data & 7].name)
    if world.features.piston_retract_flags_20:
        nu.set_block_state(sim, pos, moving, nu.NO_REDRAW | nu.FORCE_STATE)
        world.block_entities.set(PistonBlockEntity(pos, base, direction, False, True))
        nu.update_neighbors_always(sim, pos, moving.block)
        nu.update_neighbor_shapes(sim, moving, pos, nu.NOTIFY_LISTENERS, MAX_UPDATE_DEPTH - 1)
    else:   # up to 1.15.2: flags 3, its updates (the piston their source) before the block entity is set
        nu.set_block_state(sim, pos, moving, nu.NOTIFY_ALL)
        world.block_entities.set(PistonBlockEntity(pos, base, direction, False, True))
    if sticky:
        front = _offset(pos, direction, 2)
        front_state = world.get_block_state(*front)
        finished = False
        if front_state.block == "moving_piston":
            be = world.block_entities.get(front)
            if isinstance(be, PistonBlockEntity) and be.facing == direction and be.extending:
                be.finish(world, sim)
                finished = True
        if not finished:
            if (kind != RETRACT or front_state.is_air
                    or not is_movable(world, front_state, front, direction.opposite, False, direction)
                    or (piston_behavior(front_state) != "normal" and front_state.block not in PISTONS)):
                nu.remove_block(sim, head_pos)
            else:
                piston_move(sim, pos, direction, False, sticky)
    else:
        nu.remove_block(sim, head_pos)
    sim.random.discard_floats()          # World.playSound
    return True


def piston_behavior(state: BlockState) -> str:
    """`AbstractBlockState.getPistonBehavior`: normal, destroy, block or push_only."""
    b = state.block
    if b in DESTROY:
        return "destroy"
    if b in BLOCK:
        return "block"
    if b in PUSH_ONLY:
        return "push_only"
    return "normal"


def is_movable(world: World, state: BlockState, pos: BlockPos, motion: Direction, can_break: bool,
               piston_dir: Direction) -> bool:
    """`PistonBlock.isMovable`. From 1.16.2 (`piston_edge_air_movable`) air is movable before the bottom and top rows
    are tested; up to 1.16.1 air in row 0 moving down or in row 255 moving up was not, so a piston could not put its
    head there. A 1.12.2 note block has a tile entity (`note_block_entity_1_12`) and does not move."""
    x, y, z = pos
    west, north, east, south = world.border.bounds()
    if y < 0 or y > 255 or not (x + 1 > west and x < east and z + 1 > north and z < south):
        return False
    at_edge = (motion.name == "down" and y == 0) or (motion.name == "up" and y == 255)
    if state.is_air and (world.features.piston_edge_air_movable or not at_edge):
        return True
    if state.block in IMMOVABLE or at_edge:
        return False
    if state.block in PISTONS:
        if state.get("extended") == "true":
            return False
    else:
        if state.hardness == -1.0:
            return False
        behavior = piston_behavior(state)
        if behavior == "block":
            return False
        if behavior == "destroy":
            return can_break
        if behavior == "push_only":
            return motion == piston_dir
    if state.block == "note_block" and world.features.note_block_entity_1_12:
        return False                 # 1.12.2 BlockNote is a BlockContainer (TileEntityNote): canPush's hasTileEntity
    return state.block not in BLOCK_ENTITY_BLOCKS


def piston_move(sim: TickContext, pos: BlockPos, direction: Direction, extend: bool, sticky: bool) -> bool:
    """`PistonBlock.move`: broken blocks vanish, every moved block becomes a moving_piston with a B36 at its
    destination (last moved first), then the head's B36 when extending; the cells left behind become air in the
    iteration order of vanilla's `HashMap` of them, with their shape updates; then the broken blocks' `prepare`
    and the neighbour updates around the broken blocks, the moved blocks' old cells and the head, with the removed
    states in the order `piston_move_states_in_order` says; from 1.21.8 (`affect_neighbors_after_removal`) a
    broken block's removal effects run there, first, not when it becomes air. Up to 1.14.4
    (`piston_vacate_each_1_14`) the cells left behind are a `HashSet` made from the moved blocks' list (its table
    sized from their number), each set to air with flags 66 and its shape updates at once, where 1.15 sets them
    all first (flags 82) and then updates them. 1.12.2's `BlockPistonBase.doMove` (`piston_move_per_block_1_12`)
    sets the broken blocks to air with flags 4, then each moved block in turn, the last first, its cell to air
    (flags 2) and its destination to a moving piston (flags 4), and the head's moving piston with flags 4: each
    change tells the observers around it (`update_observing_blocks_1_12`) as it comes, and no cell is left to
    vacate; the broken blocks have no `prepare`."""
    world = sim.world
    per_block = sim.features.piston_move_per_block_1_12
    head_pos = _offset(pos, direction, 1)
    if not extend and per_block:     # 1.12.2 doMove: setBlockToAir, whatever the cell holds
        nu.remove_block(sim, head_pos)
    elif not extend and world.get_block_state(*head_pos).block == "piston_head":
        nu.set_block_state(sim, head_pos, blocks.AIR, nu.NO_REDRAW | nu.FORCE_STATE)
    handler = PistonHandler(world, pos, direction, extend)
    if not handler.calculate_push():
        check_blocked_push(sim, pos, direction)
        return False
    moved = handler.moved_blocks
    states = [world.get_block_state(*p) for p in moved]
    left = dict(zip(moved, states, strict=True))
    motion = direction if extend else direction.opposite
    removed = []
    broken_flags = nu.NO_REDRAW if per_block else nu.NOTIFY_LISTENERS | nu.FORCE_STATE
    for p in reversed(handler.broken_blocks):
        removed.append(world.get_block_state(*p))
        nu.set_block_state(sim, p, blocks.AIR, broken_flags)
    moving = blocks.default_state("moving_piston").with_("facing", direction.name)
    moving_flags = nu.NO_REDRAW if per_block else nu.NO_REDRAW | nu.MOVED
    for k in range(len(moved) - 1, -1, -1):
        dest = _offset(moved[k], motion, 1)
        left.pop(dest, None)
        removed.append(world.get_block_state(*moved[k]))
        if per_block:                # 1.12.2 doMove: the block's own cell first
            nu.set_block_state(sim, moved[k], blocks.AIR, nu.NOTIFY_LISTENERS)
        nu.set_block_state(sim, dest, moving, moving_flags)
        world.block_entities.set(PistonBlockEntity(dest, states[k], direction, extend, False))
    if extend:
        head = blocks.default_state("piston_head").with_("facing", direction.name) \
            .with_("type", "sticky" if sticky else "normal")
        left.pop(head_pos, None)
        nu.set_block_state(sim, head_pos, moving.with_("type", "sticky" if sticky else "normal"), moving_flags)
        world.block_entities.set(PistonBlockEntity(head_pos, head, direction, True, True))
    vacate_each = sim.features.piston_vacate_each_1_14
    order = [moved[i] for i in hash_set_order(np.array(moved, dtype=np.int64), from_collection=vacate_each)] \
        if moved and not per_block else []   # 1.12.2: every cell left behind is air already
    vacated = [p for p in order if p in left]
    if vacate_each:   # up to 1.14.4: Sets.newHashSet(moved), each cell set to air with flags 66, its updates at once
        for p in vacated:
            nu.set_block_state(sim, p, blocks.AIR, nu.NOTIFY_LISTENERS | nu.MOVED)
    else:
        for p in vacated:
            nu.set_block_state(sim, p, blocks.AIR, nu.NOTIFY_LISTENERS | nu.FORCE_STATE | nu.MOVED)
        for p in vacated:
            behaviour(left[p].block).prepare(sim, left[p], p, nu.NOTIFY_LISTENERS, MAX_UPDATE_DEPTH - 1)
            nu.update_neighbor_shapes(sim, blocks.AIR, p, nu.NOTIFY_LISTENERS, MAX_UPDATE_DEPTH - 1)
    if not world.features.piston_move_states_in_order:   # up to 1.15.2 the array was filled from its end
        removed.reverse()
    j = 0
    for p in reversed(handler.broken_blocks):
        if sim.features.affect_neighbors_after_removal:     # 1.21.8: the removal effects deferred to here
            behaviour(removed[j].block).on_state_replaced(sim, removed[j], p, blocks.AIR, False)
        if not per_block:
            behaviour(removed[j].block).prepare(sim, removed[j], p, nu.NOTIFY_LISTENERS, MAX_UPDATE_DEPTH - 1)
        nu.update_neighbors_always(sim, p, removed[j].block)
        j += 1
    for p in reversed(moved):
        nu.update_neighbors_always(sim, p, removed[j].block)
        j += 1
    if extend:
        nu.update_neighbors_always(sim, head_pos, "piston_head")
    return True


def _offset(pos: BlockPos, d: Direction, n: int) -> BlockPos:
    ox, oy, oz = d.offset
    return (pos[0] + ox * n, pos[1] + oy * n, pos[2] + oz * n)


# --- PistonHandler ---
def is_block_sticky(block: str) -> bool:
    return block in ("slime_block", "honey_block")


def is_adjacent_block_stuck(a: str, b: str) -> bool:
    """Slime and honey do not stick to each other; any other pair with a sticky block does."""
    if {a, b} == {"slime_block", "honey_block"}:
        return False
    return is_block_sticky(a) or is_block_sticky(b)


class PistonHandler:
    """`PistonHandler`: the blocks a piston moves (≤ 12) and breaks, in vanilla's list order."""

    def __init__(self, world: World, pos: BlockPos, direction: Direction, extend: bool) -> None:
        self.world = world
        self.pos_from = pos
        self.piston_direction = direction
        self.extend = extend
        self.motion_direction = direction if extend else direction.opposite
        self.pos_to = _offset(pos, direction, 1 if extend else 2)
        self.moved_blocks: list[BlockPos] = []
        self.broken_blocks: list[BlockPos] = []

    def calculate_push(self) -> bool:
        self.moved_blocks.clear()
        self.broken_blocks.clear()
        state = self.world.get_block_state(*self.pos_to)
        if not is_movable(self.world, state, self.pos_to, self.motion_direction, False, self.piston_direction):
            if self.extend and piston_behavior(state) == "destroy":
                self.broken_blocks.append(self.pos_to)
                return True
            return False
        if not self.try_move(self.pos_to, self.motion_direction):
            return False
        for p in self.moved_blocks:
            if is_block_sticky(self.world.get_block_state(*p).block) and not self.can_move_adjacent_block(p):
                return False
        return True

    def try_move(self, pos: BlockPos, direction: Direction) -> bool:
        world, motion = self.world, self.motion_direction
        state = world.get_block_state(*pos)
        block = state.block
        if state.is_air or not is_movable(world, state, pos, motion, False, direction) or pos == self.pos_from \
                or pos in self.moved_blocks:
            return True
        i = 1
        if i + len(self.moved_blocks) > PISTON_PUSH_LIMIT:
            return False
        while is_block_sticky(block):                      # the sticky chain behind this block comes along
            behind = _offset(pos, motion.opposite, i)
            previous = block
            state = world.get_block_state(*behind)
            block = state.block
            if (state.is_air or not is_adjacent_block_stuck(previous, block)
                    or not is_movable(world, state, behind, motion, False, motion.opposite)
                    or behind == self.pos_from):
                break
            i += 1
            if i + len(self.moved_blocks) > PISTON_PUSH_LIMIT:
                return False
        j = 0
        for k in range(i - 1, -1, -1):
            self.moved_blocks.append(_offset(pos, motion.opposite, k))
            j += 1
        k = 1
        while True:                                        # the line in front is pushed
            ahead = _offset(pos, motion, k)
            if ahead in self.moved_blocks:
                m = self.moved_blocks.index(ahead)
                self.set_moved_blocks(j, m)
                for n in range(m + j + 1):
                    p = self.moved_blocks[n]
                    if is_block_sticky(world.get_block_state(*p).block) and not self.can_move_adjacent_block(p):
                        return False
                return True
            state = world.get_block_state(*ahead)
            if state.is_air:
                return True
            if not is_movable(world, state, ahead, motion, True, motion) or ahead == self.pos_from:
                return False
            if piston_behavior(state) == "destroy":
                self.broken_blocks.append(ahead)
                return True
            if len(self.moved_blocks) >= PISTON_PUSH_LIMIT:
                return False
            self.moved_blocks.append(ahead)
            j += 1
            k += 1

    def set_moved_blocks(self, from_: int, to: int) -> None:
        mb = self.moved_blocks
        self.moved_blocks = mb[:to] + mb[len(mb) - from_:] + mb[to:len(mb) - from_]

    def can_move_adjacent_block(self, pos: BlockPos) -> bool:
        block = self.world.get_block_state(*pos).block
        for d in DIRECTIONS:
            if d.axis == self.motion_direction.axis:
                continue
            side = _offset(pos, d, 1)
            if is_adjacent_block_stuck(self.world.get_block_state(*side).block, block) and not self.try_move(side, d):
                return False
        return True
