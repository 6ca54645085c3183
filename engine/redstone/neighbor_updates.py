"""Block changes with their consequences, as `World.setBlockState(pos, state, flags)` runs them in 1.16.5:
`onStateReplaced` of the old state and `onBlockAdded` of the new (`WorldChunk.setBlockState`), neighbour updates
(`World.updateNeighborsAlways`: west, east, down, up, north, south) and shape updates (`AbstractBlockState.
updateNeighbors`: west, east, north, south, down, up; `Block.replace`).

Blocks are read and written only through `World.get_block_state` / `set_block_state`, which records each change
as a `block_changed` event with the cause set here (`World.caused_by`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import MAX_UPDATE_DEPTH
from engine.core.versions import refusal
from engine.redstone.directions import NEIGHBOR_ORDER, SHAPE_UPDATE_ORDER, Direction, offset
from engine.redstone.registry import COMPONENTS, behaviour, check_version
from engine.world import blocks

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState

# World.setBlockState flags (Block.NOTIFY_NEIGHBORS, NOTIFY_LISTENERS, NO_REDRAW, FORCE_STATE, SKIP_DROPS, MOVED)
NOTIFY_NEIGHBORS, NOTIFY_LISTENERS, NO_REDRAW, FORCE_STATE, SKIP_DROPS, MOVED = 1, 2, 4, 16, 32, 64
NOTIFY_ALL = NOTIFY_NEIGHBORS | NOTIFY_LISTENERS
NEIGHBOR_UPDATE = "neighbor_update"
BEYOND_STORED_HEIGHT = ("the 1.18 overworld spans y -64..319 (World.isOutOfHeightLimit, PistonBlock.isMovable: "
                        "getBottomY, getTopY); the engine keeps blocks in y 0..255 only")


def taller_world(sim: TickContext) -> bool:
    """Whether the game's world holds blocks outside y 0..255 (the 1.18+ overworld), which the engine does not."""
    return sim.features.world_height_1_18 and sim.world.dimension == "overworld"


def beyond_stored_height(sim: TickContext, what: str) -> NotImplementedError:
    """The one line that stops a block change the engine cannot keep (`taller_world`)."""
    return refusal(sim.features, "redstone", f"{what}, tick {sim.tick_count}", BEYOND_STORED_HEIGHT)


def set_block_state(sim: TickContext, pos: BlockPos, state: BlockState, flags: int = NOTIFY_ALL,
                    depth: int = MAX_UPDATE_DEPTH) -> bool:
    """`World.setBlockState(pos, state, flags, maxUpdateDepth)`: false when nothing changed."""
    world = sim.world
    if not 0 <= pos[1] <= 255:
        if taller_world(sim):
            raise beyond_stored_height(sim, f"{state.block} set at {list(pos)}")
        return False
    old = world.get_block_state(*pos)
    if old is state:
        return False
    if old.block in COMPONENTS or state.block in COMPONENTS:
        check_version(sim, f"{old.block} at {list(pos)} becoming {state.block}")
    world.set_block_state(*pos, state)
    behaviour(old.block).on_state_replaced(sim, old, pos, state, bool(flags & MOVED))
    if world.get_block_state(*pos).block != state.block:
        return True                       # WorldChunk.setBlockState returns null: the hooks replaced it
    behaviour(state.block).on_block_added(sim, state, pos, old)
    if world.get_block_state(*pos) is not state:
        return True
    if flags & NOTIFY_NEIGHBORS:
        update_neighbors_always(sim, pos, old.block)
        if behaviour(state.block).has_comparator_output(state):
            update_comparators(sim, pos)
    if not flags & FORCE_STATE and depth > 0:
        shape_flags = flags & ~(NOTIFY_NEIGHBORS | SKIP_DROPS)
        behaviour(old.block).prepare(sim, old, pos, shape_flags, depth - 1)
        update_neighbor_shapes(sim, state, pos, shape_flags, depth - 1)
        behaviour(state.block).prepare(sim, state, pos, shape_flags, depth - 1)
    return True


def remove_block(sim: TickContext, pos: BlockPos) -> None:
    """`World.removeBlock(pos, false)`: the cell's fluid block (air here) with flags 3."""
    set_block_state(sim, pos, blocks.AIR, NOTIFY_ALL)


def update_neighbors_always(sim: TickContext, pos: BlockPos, source: str) -> None:
    """`World.updateNeighborsAlways`: a neighbour update to each of the six neighbours, west, east, down, up,
    north, south."""
    for d in NEIGHBOR_ORDER:
        update_neighbor(sim, offset(pos, d), source, pos)


def update_neighbors_except(sim: TickContext, pos: BlockPos, source: str, direction: Direction) -> None:
    """`World.updateNeighborsExcept`: as `update_neighbors_always`, skipping the neighbour toward `direction`."""
    for d in NEIGHBOR_ORDER:
        if d != direction:
            update_neighbor(sim, offset(pos, d), source, pos)


def update_neighbor(sim: TickContext, pos: BlockPos, source: str, from_pos: BlockPos) -> None:
    """`World.updateNeighbor`: the block at `pos` runs `neighborUpdate` (recorded in the tick's redstone record)."""
    world = sim.world
    state = world.get_block_state(*pos)
    if state.block in COMPONENTS:
        check_version(sim, f"a neighbour update of {state.block} at {list(pos)}")
    log = sim.redstone_log
    if log is not None:
        log["neighbor_updates"].append({"from": list(from_pos), "to": list(pos), "block": state.block,
                                        "source": source, "phase": world.change_phase})
    outer, world.change_cause = world.change_cause, NEIGHBOR_UPDATE     # World.caused_by, inlined: a hot path
    try:
        behaviour(state.block).neighbor_update(sim, state, pos, source, from_pos)
    finally:
        world.change_cause = outer


def update_neighbor_shapes(sim: TickContext, state: BlockState, pos: BlockPos, flags: int, depth: int) -> None:
    """`AbstractBlockState.updateNeighbors`: each neighbour (west, east, north, south, down, up) recomputes its
    state from this one (`getStateForNeighborUpdate`), and `Block.replace` writes it."""
    world = sim.world
    for d in SHAPE_UPDATE_ORDER:
        at = offset(pos, d)
        neighbor = world.get_block_state(*at)
        new = behaviour(neighbor.block).get_state_for_neighbor_update(sim, neighbor, d.opposite, state, at, pos)
        replace(sim, neighbor, new, at, flags, depth)


def post_process_state(sim: TickContext, state: BlockState, pos: BlockPos) -> BlockState:
    """`Block.postProcessState`: the state a block arriving at `pos` takes from its neighbours (west, east, north,
    south, down, up), each asked through `getStateForNeighborUpdate` as a shape update would (an observer
    schedules its tick)."""
    world = sim.world
    for d in SHAPE_UPDATE_ORDER:
        at = offset(pos, d)
        state = behaviour(state.block).get_state_for_neighbor_update(sim, state, d, world.get_block_state(*at), pos,
                                                                     at)
    return state


def replace(sim: TickContext, state: BlockState, new: BlockState, pos: BlockPos, flags: int, depth: int) -> None:
    """`Block.replace`: a changed state is written (without SKIP_DROPS); air breaks the block."""
    if new is state:
        return
    with sim.world.caused_by(NEIGHBOR_UPDATE):
        if new.is_air:
            if not state.is_air:
                set_block_state(sim, pos, blocks.AIR, NOTIFY_ALL, depth)
        else:
            set_block_state(sim, pos, new, flags & ~SKIP_DROPS, depth)


def update_comparators(sim: TickContext, pos: BlockPos) -> None:
    """`World.updateComparators`: each horizontal neighbour that is a comparator, or a solid block with a
    comparator behind it, gets a neighbour update (north, east, south, west)."""
    from engine.redstone.gates import update_comparators_around
    update_comparators_around(sim, pos)
