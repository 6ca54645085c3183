"""Block changes with their consequences, as `World.setBlockState(pos, state, flags)` runs them in 1.16.5:
`onStateReplaced` of the old state and `onBlockAdded` of the new (`WorldChunk.setBlockState`; 1.12.2's `Chunk` only
where the Block changes, `hooks_on_block_change_1_12`), neighbour updates
(`World.updateNeighborsAlways`: west, east, down, up, north, south) and shape updates (`AbstractBlockState.
updateNeighbors`: west, east, north, south, down, up; `Block.replace`). 1.12.2 sends no shape updates
(`no_shape_updates_1_12`) and tells the observers around a changed cell instead (`update_observing_blocks_1_12`).
From 1.19 (`neighbor_updater_chain`) the updates go through `World.neighborUpdater`
(`neighbor_updater.ChainRestrictedNeighborUpdater`) as the entries below, instead of running within the call that
asks for them.

Blocks are read and written only through `World.get_block_state` / `set_block_state`, which records each change
as a `block_changed` event with the cause set here (`World.caused_by`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import MAX_UPDATE_DEPTH
from engine.core.versions import refusal
from engine.influences.block_drops import drop_stacks
from engine.pathfinding.blocks import RAILS
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
    hooks = not sim.features.hooks_on_block_change_1_12 or block_1_12(old) != block_1_12(state)
    if hooks and removal_affects_neighbors(sim, old, state, flags):
        behaviour(old.block).on_state_replaced(sim, old, pos, state, bool(flags & MOVED))
    if world.get_block_state(*pos).block != state.block:
        return True                       # WorldChunk.setBlockState returns null: the hooks replaced it
    if hooks:
        behaviour(state.block).on_block_added(sim, state, pos, old)
    if world.get_block_state(*pos) is not state and not sim.features.set_block_state_no_recheck_1_12:
        return True                       # 1.13.2 World.setBlockState: updates only where the state is still there
    observers_told = sim.features.update_observing_blocks_1_12
    if flags & NOTIFY_NEIGHBORS:
        update_neighbors_always(sim, pos, old.block)
        if observers_told:                # 1.12.2 World.notifyNeighborsOfStateChange(pos, oldBlock, true)
            update_observing_blocks_at(sim, pos)
        if behaviour(state.block).has_comparator_output(state):
            update_comparators(sim, pos)
    elif observers_told and not flags & FORCE_STATE:
        update_observing_blocks_at(sim, pos)
    if not flags & FORCE_STATE and depth > 0 and not sim.features.no_shape_updates_1_12:
        shape_flags = flags & ~(NOTIFY_NEIGHBORS | SKIP_DROPS)
        behaviour(old.block).prepare(sim, old, pos, shape_flags, depth - 1)
        update_neighbor_shapes(sim, state, pos, shape_flags, depth - 1)
        behaviour(state.block).prepare(sim, state, pos, shape_flags, depth - 1)
    return True


# 1.12.2's Blocks that 1.13 made one block with a property (Blocks.UNLIT_REDSTONE_TORCH, POWERED_REPEATER,
# LIT_REDSTONE_LAMP): block name → (the 1.12.2 block, the property that picks it); its standing and wall torches are one
SPLIT_BLOCKS_1_12 = {"redstone_torch": ("redstone_torch", "lit"), "redstone_wall_torch": ("redstone_torch", "lit"),
                     "repeater": ("repeater", "powered"), "redstone_lamp": ("redstone_lamp", "lit")}


def block_1_12(state: BlockState) -> tuple[str, str | None]:
    """The 1.12.2 `Block` of a state, as far as `Chunk.setBlockState` tells blocks apart (`hooks_on_block_change_1_12`):
    its name, and for the blocks 1.13 merged the value that chose between them."""
    split = SPLIT_BLOCKS_1_12.get(state.block)
    return (state.block, None) if split is None else (split[0], state.get(split[1]))


def removal_affects_neighbors(sim: TickContext, old: BlockState, state: BlockState, flags: int) -> bool:
    """Whether `WorldChunk.setBlockState` runs the old block's removal hook. Up to 1.21.4 always
    (`onStateReplaced` with the new state; each block tests what it needs). 1.21.8 (`LevelChunk.setBlockState`,
    `affect_neighbors_after_removal`): `affectNeighborsAfterRemoval` only where the block changed or the new one is
    a rail, and the flags hold UPDATE_NEIGHBORS or MOVED (a piston's broken blocks, flags 18, get theirs from
    `PistonBaseBlock.moveBlocks` later). A comparator's output goes with the same hook here: a comparator broken by
    a piston keeps it until then, which nothing reads from the air its cell holds."""
    if not sim.features.affect_neighbors_after_removal:
        return True
    return (old.block != state.block or state.block in RAILS) and bool(flags & (NOTIFY_NEIGHBORS | MOVED))


def remove_block(sim: TickContext, pos: BlockPos) -> None:
    """`World.removeBlock(pos, false)`: the cell's fluid block (air here) with flags 3."""
    set_block_state(sim, pos, blocks.AIR, NOTIFY_ALL)


def update_neighbors_always(sim: TickContext, pos: BlockPos, source: str) -> None:
    """`World.updateNeighborsAlways`: a neighbour update to each of the six neighbours, west, east, down, up,
    north, south."""
    update_neighbors_except(sim, pos, source, None)


def update_neighbors_except(sim: TickContext, pos: BlockPos, source: str, direction: Direction | None) -> None:
    """`World.updateNeighborsExcept`: as `update_neighbors_always`, skipping the neighbour toward `direction`."""
    if sim.features.neighbor_updater_chain:
        sim.world.neighbor_updater.enqueue(sim, SixWayEntry(pos, source, direction))
        return
    for d in NEIGHBOR_ORDER:
        if d != direction:
            at = offset(pos, d)
            neighbor_update(sim, sim.world.get_block_state(*at), at, source, pos)


def update_neighbor(sim: TickContext, pos: BlockPos, source: str, from_pos: BlockPos) -> None:
    """`World.updateNeighbor(pos, sourceBlock, sourcePos)`: the block at `pos` (read when the update runs) runs
    `neighborUpdate`."""
    if sim.features.neighbor_updater_chain:
        sim.world.neighbor_updater.enqueue(sim, SimpleEntry(pos, source, from_pos))
    else:
        neighbor_update(sim, sim.world.get_block_state(*pos), pos, source, from_pos)


def update_neighbor_state(sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                          from_pos: BlockPos) -> None:
    """A neighbour update of `state`, read by the caller: 1.19's `World.updateNeighbor(state, pos, ...)` (run
    when its entry's turn comes, with that state); before 1.19 its caller (`World.updateComparators`) called
    `neighborUpdate` itself, at once."""
    if sim.features.neighbor_updater_chain:
        sim.world.neighbor_updater.enqueue(sim, StatefulEntry(state, pos, source, from_pos))
    else:
        behaviour(state.block).neighbor_update(sim, state, pos, source, from_pos)


def neighbor_update(sim: TickContext, state: BlockState, pos: BlockPos, source: str, from_pos: BlockPos) -> None:
    """`AbstractBlockState.neighborUpdate` as `World.updateNeighbor` runs it (recorded in the tick's redstone
    record)."""
    world = sim.world
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


def update_observing_blocks_at(sim: TickContext, pos: BlockPos) -> None:
    """1.12.2 `World.updateObservingBlocksAt` (`update_observing_blocks_1_12`): each neighbour (west, east, down, up,
    north, south) that is an observer runs `observedNeighborChanged` (`World.observedNeighborChanged`)."""
    from engine.redstone.observer import OBSERVER, observed_neighbor_changed
    world = sim.world
    for d in NEIGHBOR_ORDER:
        at = offset(pos, d)
        state = world.get_block_state(*at)
        if state.block == OBSERVER:
            check_version(sim, f"the observer at {list(at)} told of a change at {list(pos)}")
            observed_neighbor_changed(sim, state, at, pos)


def update_neighbor_shapes(sim: TickContext, state: BlockState, pos: BlockPos, flags: int, depth: int) -> None:
    """`AbstractBlockState.updateNeighbors`: each neighbour (west, east, north, south, down, up) recomputes its
    state from this one (`getStateForNeighborUpdate`), and `Block.replace` writes it (none in 1.12.2:
    `no_shape_updates_1_12`)."""
    for d in SHAPE_UPDATE_ORDER:
        replace_with_state_for_neighbor_update(sim, d.opposite, state, offset(pos, d), pos, flags, depth)


def replace_with_state_for_neighbor_update(sim: TickContext, direction: Direction, neighbor_state: BlockState,
                                           pos: BlockPos, neighbor_pos: BlockPos, flags: int, depth: int) -> None:
    """The block at `pos` recomputes its state from its neighbour's at `neighbor_pos` (toward `direction`) and
    `Block.replace` writes it (1.19: `World.replaceWithStateForNeighborUpdate`, an entry that reads the block when
    it runs and replaces with update depth 512 again). 1.12.2 has no shape updates (`no_shape_updates_1_12`)."""
    if sim.features.no_shape_updates_1_12:
        return
    if sim.features.neighbor_updater_chain:
        sim.world.neighbor_updater.enqueue(sim, StateReplacementEntry(direction, neighbor_state, pos, neighbor_pos,
                                                                      flags))
    else:
        _replace_with_state(sim, direction, neighbor_state, pos, neighbor_pos, flags, depth)


def _replace_with_state(sim: TickContext, direction: Direction, neighbor_state: BlockState, pos: BlockPos,
                        neighbor_pos: BlockPos, flags: int, depth: int) -> None:
    """`NeighborUpdater.replaceWithStateForNeighborUpdate`."""
    state = sim.world.get_block_state(*pos)
    new = behaviour(state.block).get_state_for_neighbor_update(sim, state, direction, neighbor_state, pos,
                                                               neighbor_pos)
    replace(sim, state, new, pos, flags, depth)


class SimpleEntry:
    """`ChainRestrictedNeighborUpdater.SimpleEntry`: `updateNeighbor` of the block at `pos` when it runs."""
    __slots__ = ("from_pos", "pos", "source")

    def __init__(self, pos: BlockPos, source: str, from_pos: BlockPos) -> None:
        self.pos, self.source, self.from_pos = pos, source, from_pos

    def update(self, sim: TickContext) -> bool:
        neighbor_update(sim, sim.world.get_block_state(*self.pos), self.pos, self.source, self.from_pos)
        return False


class StatefulEntry:
    """`StatefulEntry`: `updateNeighbor` of the state read when it was asked for."""
    __slots__ = ("from_pos", "pos", "source", "state")

    def __init__(self, state: BlockState, pos: BlockPos, source: str, from_pos: BlockPos) -> None:
        self.state, self.pos, self.source, self.from_pos = state, pos, source, from_pos

    def update(self, sim: TickContext) -> bool:
        neighbor_update(sim, self.state, self.pos, self.source, self.from_pos)
        return False


class SixWayEntry:
    """`SixWayEntry`: one neighbour (west, east, down, up, north, south; `skip` left out) per step."""
    __slots__ = ("index", "pos", "skip", "source")

    def __init__(self, pos: BlockPos, source: str, skip: Direction | None) -> None:
        self.pos, self.source, self.skip = pos, source, skip
        self.index = 1 if NEIGHBOR_ORDER[0] == skip else 0

    def update(self, sim: TickContext) -> bool:
        at = offset(self.pos, NEIGHBOR_ORDER[self.index])
        self.index += 1
        neighbor_update(sim, sim.world.get_block_state(*at), at, self.source, self.pos)
        if self.index < len(NEIGHBOR_ORDER) and NEIGHBOR_ORDER[self.index] == self.skip:
            self.index += 1
        return self.index < len(NEIGHBOR_ORDER)


class StateReplacementEntry:
    """`StateReplacementEntry`: a shape update of the block at `pos` when it runs, with update depth 512."""
    __slots__ = ("direction", "flags", "neighbor_pos", "neighbor_state", "pos")

    def __init__(self, direction: Direction, neighbor_state: BlockState, pos: BlockPos, neighbor_pos: BlockPos,
                 flags: int) -> None:
        self.direction, self.neighbor_state, self.pos, self.neighbor_pos = direction, neighbor_state, pos, neighbor_pos
        self.flags = flags

    def update(self, sim: TickContext) -> bool:
        _replace_with_state(sim, self.direction, self.neighbor_state, self.pos, self.neighbor_pos, self.flags,
                            MAX_UPDATE_DEPTH)
        return False


def post_process_state(sim: TickContext, state: BlockState, pos: BlockPos) -> BlockState:
    """`Block.postProcessState`: the state a block arriving at `pos` takes from its neighbours (west, east, north,
    south, down, up), each asked through `getStateForNeighborUpdate` as a shape update would (an observer
    schedules its tick). 1.12.2 has none (`no_shape_updates_1_12`): the block keeps its state."""
    world = sim.world
    if sim.features.no_shape_updates_1_12:
        return state
    for d in SHAPE_UPDATE_ORDER:
        at = offset(pos, d)
        state = behaviour(state.block).get_state_for_neighbor_update(sim, state, d, world.get_block_state(*at), pos,
                                                                     at)
    return state


def replace(sim: TickContext, state: BlockState, new: BlockState, pos: BlockPos, flags: int, depth: int) -> None:
    """`Block.replace`: a changed state is written (without SKIP_DROPS); air breaks the block
    (`World.breakBlock(pos, !SKIP_DROPS)`: its drops first, `drop_stacks`)."""
    if new is state:
        return
    with sim.world.caused_by(NEIGHBOR_UPDATE):
        if new.is_air:
            if not state.is_air:
                if not flags & SKIP_DROPS:
                    drop_stacks(sim, state, pos)
                set_block_state(sim, pos, blocks.AIR, NOTIFY_ALL, depth)
        else:
            set_block_state(sim, pos, new, flags & ~SKIP_DROPS, depth)


def update_comparators(sim: TickContext, pos: BlockPos) -> None:
    """`World.updateComparators`: each horizontal neighbour that is a comparator, or a solid block with a
    comparator behind it, gets a neighbour update (north, east, south, west)."""
    from engine.redstone.gates import update_comparators_around
    update_comparators_around(sim, pos)
