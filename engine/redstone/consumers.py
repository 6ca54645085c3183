"""Blocks that act on power: `TntBlock` (primed when powered or placed next to power), `DispenserBlock` and
`DropperBlock` (a rising edge fires them 4 ticks later through `engine.influences.dispenser`) and `PistonBlock`
(its neighbour updates run `tryMove`, which reads power with quasi-connectivity: `engine.influences.piston`), and
`NoteBlock` (a rising edge queues its block event)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import DISPENSED_ITEM_VARIATION, DISPENSER_DELAY, NOTE_COUNT
from engine.core.limits import SimulationLimit
from engine.core.versions import refusal
from engine.entities.tnt import prime_tnt
from engine.influences import block_drops, dispenser, piston
from engine.influences.piston_block_entity import PISTONS
from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.containers import DISPENSER_SLOTS, HOPPER_SLOTS, comparator_output
from engine.redstone.directions import BY_NAME, DOWN, UP, offset
from engine.redstone.registry import Behaviour, behaviour, register

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.redstone.directions import Direction
    from engine.world.blocks import BlockState
    from engine.world.world import World


class Tnt(Behaviour):
    """`TntBlock`: a primed TNT entity in the tick the block is powered, then the block is removed."""

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        if old.block != state.block and power.is_receiving_redstone_power(sim.world, pos):
            self.prime(sim, pos)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        if power.is_receiving_redstone_power(sim.world, pos):
            self.prime(sim, pos)

    @staticmethod
    def prime(sim: TickContext, pos: BlockPos) -> None:
        """`TntBlock.primeTnt` (the entity draws its angle from the world Random) then `removeBlock`."""
        sim.add_entity(prime_tnt(sim, *pos))
        nu.remove_block(sim, pos)


class Dispenser(Behaviour):
    """`DispenserBlock` (and `DropperBlock`): powered at its position or the one above (quasi-connectivity), a
    rising edge sets `triggered` and schedules the dispense 4 ticks later; a falling edge clears it."""

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        world = sim.world
        powered = power.is_receiving_redstone_power(world, pos) or \
            power.is_receiving_redstone_power(world, offset(pos, UP))
        triggered = state.get("triggered") == "true"
        if powered and not triggered:
            world.block_ticks.schedule(world.game_time, pos, state.block, DISPENSER_DELAY)
            nu.set_block_state(sim, pos, state.with_("triggered", True), nu.NO_REDRAW)
        elif not powered and triggered:
            nu.set_block_state(sim, pos, state.with_("triggered", False), nu.NO_REDRAW)

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`DispenserBlock.dispense`: one item of its contents (an empty one fires nothing)."""
        item = take_item(sim, pos, state.block == dispenser.DISPENSER)
        if item is None:
            return
        if state.block == dispenser.DISPENSER:
            dispenser.dispense(sim, pos, item)
        else:                  # DropperBlock.dispense: dropped (inserting into a container is not modelled)
            facing = BY_NAME[state.get("facing")]
            out = dispenser.get_output_location(pos, facing)
            dispenser.spawn_item(sim, item, DISPENSED_ITEM_VARIATION, facing, out)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        """`DispenserBlock.onStateReplaced`: replaced by another block, its inventory scatters (1.16–1.16.5,
        `block_drops.scatter`) and its block entity goes."""
        if new.block != state.block:
            block_drops.scatter(sim, pos, DISPENSER_SLOTS)
            sim.world.containers.pop(pos, None)

    def has_comparator_output(self, state: BlockState) -> bool:
        return True

    def get_comparator_output(self, world: World, state: BlockState, pos: BlockPos) -> int:
        """`ScreenHandler.calculateComparatorOutput` of its nine slots."""
        return comparator_output(world.containers.get(pos, ()))


class Hopper(Behaviour):
    """`HopperBlock`, as far as its removal: its five slots (empty: the world holds no hopper's contents) scatter
    (1.16–1.16.5, `block_drops.scatter`, which draws for every slot)."""

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if new.block != state.block:
            block_drops.scatter(sim, pos, HOPPER_SLOTS)


def take_item(sim: TickContext, pos: BlockPos, dispensing: bool) -> str | None:
    """The item a redstone-fired dispenser (`dispensing`) or dropper takes: one from the slot `chooseNonEmptySlot`
    picks. Up to 1.18.2 it picks among the non-empty slots with the block entity's unseeded Random, so contents of
    more than one kind stop the run; from 1.19 (`dispenser_world_random_slot`) with the world Random. A dispenser
    whose behaviour for the item fails (`dispenser.fails`) keeps it, but still sets the slot's stack (markDirty)."""
    world = sim.world
    contents = [(slot, item) for slot, item, count in world.containers.get(pos, ()) if count > 0]
    if not contents:
        return None
    if sim.features.dispenser_world_random_slot:
        slot, item = choose_non_empty_slot(sim, contents)
    else:
        kinds = sorted({item for _, item in contents})
        if len(kinds) > 1:
            raise SimulationLimit(f"tick {sim.tick_count}: the dispenser at {list(pos)} holds {', '.join(kinds)} "
                                  "and vanilla fires a slot picked by an unseeded Random")
        slot, item = None, kinds[0]
    if dispensing and not dispenser.is_modelled(item):
        raise SimulationLimit(f"tick {sim.tick_count}: the dispenser at {list(pos)} fires {item}, whose dispenser "
                              "behaviour is not modelled (TNT, arrows, throwables, fire charges, brushes and plain "
                              "item drops are)")
    dispenser.take_item(world, pos, slot, keep=dispensing and dispenser.fails(sim.features, item))
    nu.update_comparators(sim, pos)          # BlockEntity.markDirty: the comparators reading it update
    return item


def choose_non_empty_slot(sim: TickContext, contents: list[tuple[int, str]]) -> tuple[int, str]:
    """`DispenserBlockEntity.chooseNonEmptySlot(world.random)` (1.19): each non-empty slot in order draws
    `nextInt(j++)` (j from 1) and is chosen when it draws 0, so the last such slot is taken."""
    chosen = contents[0]
    for j, slot in enumerate(contents, 1):
        if sim.random.next_int(j) == 0:
            chosen = slot
    return chosen


class Piston(Behaviour):
    """`PistonBlock`: a neighbour update, or being placed, runs `tryMove`."""

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        piston.try_move(sim, pos)

    def on_block_added(self, sim: TickContext, state: BlockState, pos: BlockPos, old: BlockState) -> None:
        if old.block != state.block and sim.world.block_entities.get(pos) is None:
            piston.try_move(sim, pos)


class PistonHead(Behaviour):
    """`PistonHeadBlock.neighborUpdate`: a head on its base (an extended piston of its type facing the same way, or
    a moving piston facing so; up to 1.15.2, `piston_head_any_base`, any piston, sticky piston or moving piston
    behind it) passes a neighbour update on to the base, as if the base had received it. In 1.12.2
    (`piston_head_needs_base_1_12`) a head with no piston or sticky piston behind it (a moving piston too) becomes
    air (`setBlockToAir`, flags 3)."""

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        world = sim.world
        facing = BY_NAME[state.get("facing")]
        base_pos = offset(pos, facing.opposite)
        base = world.get_block_state(*base_pos)
        if sim.features.piston_head_needs_base_1_12:      # 1.12.2 BlockPistonExtension.neighborChanged
            if base.block not in PISTONS:
                nu.remove_block(sim, pos)
                return
            on_base = True
        elif sim.features.piston_head_any_base:
            on_base = base.block in PISTONS or base.block == "moving_piston"
        else:
            block = "piston" if state.get("type") == "normal" else "sticky_piston"
            on_base = ((base.block == block and base.get("extended") == "true") or base.block == "moving_piston") \
                and base.get("facing") == facing.name
        if not on_base:
            return
        if sim.features.neighbor_updater_chain:      # 1.19: World.updateNeighbor(base, ...), read when it runs
            nu.update_neighbor(sim, base_pos, source, from_pos)
        else:
            behaviour(base.block).neighbor_update(sim, base, base_pos, source, from_pos)


# Instrument.fromAboveState (1.19.3), the `instrument` of the floor heads' settings (1.20): the mob-head
# instruments (`Instrument.Type.MOB_HEAD` and `CUSTOM`); wall heads keep the harp
HEAD_INSTRUMENTS = {"zombie_head": "zombie", "skeleton_skull": "skeleton", "creeper_head": "creeper",
                    "dragon_head": "dragon", "wither_skeleton_skull": "wither_skeleton", "piglin_head": "piglin",
                    "player_head": "custom_head"}
_HEAD_INSTRUMENT_NAMES = frozenset(HEAD_INSTRUMENTS.values())


class NoteBlock(Behaviour):
    """`NoteBlock.neighborUpdate`: on a rising edge it plays (a block event, queued when its instrument is a mob
    head's or the block above is air), and `powered` follows the power (flags 3). The block event changes nothing
    in the world (from 1.19.3 it draws from the world Random). From 1.20 (`note_block_head_instrument`) an update
    from above or below takes the instrument of a mob head above; the instrument from the block below is not
    modelled (a base instrument stays as the scene gives it)."""

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """`getStateForNeighborUpdate` → `getStateWithInstrument` (1.20: updates along the Y axis): a mob head
        above gives its instrument; otherwise the block below does (a head there gives the harp). Up to 1.19.4
        (without the update_1_20 experiment) only an update from below recomputes it, from the block below."""
        if sim.features.note_block_head_instrument and direction in (UP, DOWN):
            head = HEAD_INSTRUMENTS.get(sim.world.get_block_state(*offset(pos, UP)).block)
            if head is not None:
                return state.with_("instrument", head)
        if (direction == DOWN or sim.features.note_block_head_instrument and direction == UP) \
                and state.get("instrument") in _HEAD_INSTRUMENT_NAMES:
            raise refusal(sim.features, "redstone", f"the note block at {list(pos)}, tick {sim.tick_count}",
                          "its instrument from the block below, replacing a mob head's, is not modelled")
        return state

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        world = sim.world
        powered = power.is_receiving_redstone_power(world, pos)
        if powered != (state.get("powered") == "true"):
            if powered:
                self.play_note(sim, pos, state)
            self.set_note_state(sim, pos, state.with_("powered", powered))

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """`NoteBlock.onUse`: the note cycles 0..24 (flags 3), then it plays; in 1.12.2 `TileEntityNote.changePitch`
        marks the tile entity dirty, which updates the comparators around (`World.updateComparatorOutputLevel`)."""
        state = state.with_("note", (int(state.get("note")) + 1) % NOTE_COUNT)
        self.set_note_state(sim, pos, state)
        if sim.features.note_block_entity_1_12:
            nu.update_comparators(sim, pos)
        self.play_note(sim, pos, state)
        return True

    @staticmethod
    def set_note_state(sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """The new `powered` or `note`: set with flags 3; in 1.12.2 (`note_block_entity_1_12`) they are the
        `TileEntityNote`'s `previousRedstoneState` and `note`, kept here in the state with no update."""
        if sim.features.note_block_entity_1_12:
            sim.world.set_block_state(*pos, state)
        else:
            nu.set_block_state(sim, pos, state, nu.NOTIFY_ALL)

    def on_synced_block_event(self, sim: TickContext, state: BlockState, pos: BlockPos, kind: int, data: int) -> None:
        """`NoteBlock.onSyncedBlockEvent` plays the sound; from 1.19.3 (`note_block_sound_world_random`) its seed is
        the world Random's nextLong (before, the world's own thread-safe Random's)."""
        if sim.features.note_block_sound_world_random:
            sim.random.discard_long()

    @staticmethod
    def play_note(sim: TickContext, pos: BlockPos, state: BlockState) -> None:
        """`playNote`: its block event, queued when the instrument is a mob head's (1.19.3: `!shouldRequireAirAbove`,
        1.20: `isNotBaseBlock`, the same instruments) or the block above is air."""
        if state.get("instrument") in _HEAD_INSTRUMENT_NAMES or sim.world.get_block_state(*offset(pos, UP)).is_air:
            piston.add_synced_block_event(sim.world, piston.BlockEvent(pos, state.block, 0, 0))


register(("tnt",), Tnt())
register(("piston_head",), PistonHead())
register(("note_block",), NoteBlock())
register((dispenser.DISPENSER, "dropper"), Dispenser())
register(("hopper",), Hopper())
register(tuple(PISTONS), Piston())
