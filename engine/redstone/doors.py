"""`DoorBlock`, `TrapdoorBlock` and `FenceGateBlock`: opened by a player's use (not the iron ones) and by power.
A door's two halves keep each other's state through shape updates (`DoorBlock.getStateForNeighborUpdate`). From
1.19.3 (`openable_sound_world_random`) the sound of opening or closing draws its pitch from the world Random:
after the change when used, before it when a door or trapdoor follows power, after it when a fence gate does. A
1.12.2 trapdoor follows power at any update from a power source (`trapdoor_follows_power_1_12`), and an unpowered
1.12.2 door only at such an update (`door_unpowered_by_sources_1_12`). A 1.12.2 door has no shape updates
(`no_shape_updates_1_12`): each half stores half of the properties and reads the rest from the other
(`getActualState`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.redstone import neighbor_updates as nu
from engine.redstone import power
from engine.redstone.directions import DOWN, UP, Direction, offset
from engine.redstone.registry import Behaviour, behaviour, register
from engine.world import blocks
from engine.world.block_physics import FENCE_GATES, WOOD_TYPES

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState

NOTIFY_DOOR = nu.NOTIFY_LISTENERS | 8          # flags 10: listeners, rerender on the main thread


class Openable(Behaviour):
    """A block opened and closed by a player's use (`usable` false: Material.METAL passes, the iron ones) and by
    power. Vanilla's fence gate turns to face away from a player who uses it from behind: the scene's `use` has no
    player, so it keeps its facing."""

    def __init__(self, usable: bool, use_flags: int, sound_first: bool) -> None:
        self.usable = usable
        self.use_flags = use_flags
        self.sound_first = sound_first      # following power, the sound comes before the change (trapdoors)

    def is_usable(self) -> bool:
        return self.usable

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        if not self.usable:
            return False
        nu.set_block_state(sim, pos, state.with_("open", state.get("open") != "true"), self.use_flags)
        play_sound(sim)
        return True

    def on_exploded(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`TrapdoorBlock.onExploded` (1.21): `flip` where its set opens by wind charges (`canOpenByWindCharge`: the
        wooden ones, as `usable`) and it is not powered: the use's change and sound."""
        if state.get("powered") != "true":
            self.on_use(sim, state, pos)

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        powered = power.is_receiving_redstone_power(sim.world, pos)
        if powered != (state.get("powered") == "true"):
            self.follow_power(sim, state, pos, powered)

    def follow_power(self, sim: TickContext, state: BlockState, pos: BlockPos, powered: bool) -> None:
        """`powered` and `open` take the power (flags 2), with the sound where `open` changes."""
        sound = powered != (state.get("open") == "true")
        if sound and self.sound_first:
            play_sound(sim)
        nu.set_block_state(sim, pos, state.with_("powered", powered).with_("open", powered), nu.NOTIFY_LISTENERS)
        if sound and not self.sound_first:
            play_sound(sim)


class Trapdoor(Openable):
    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """1.12.2 `BlockTrapDoor.neighborChanged` (`trapdoor_follows_power_1_12`): powered, or updated by a block
        that can provide power (`canProvidePower` of its default state), the trapdoor takes the power where `open`
        differs; 1.12.2 has no `powered` property (here it follows `open`)."""
        if not sim.features.trapdoor_follows_power_1_12:
            super().neighbor_update(sim, state, pos, source, from_pos)
            return
        powered = power.is_receiving_redstone_power(sim.world, pos)
        if powered != (state.get("open") == "true") and (powered or can_provide_power(source)):
            self.follow_power(sim, state, pos, powered)


class FenceGate(Openable):
    def __init__(self) -> None:
        super().__init__(usable=True, use_flags=NOTIFY_DOOR, sound_first=False)

    def on_exploded(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`FenceGateBlock.onExploded` (1.21): unless powered, `open` flips with flags 3 (not the use's 10, and
        the facing kept), then the sound, its pitch from the world Random."""
        if state.get("powered") != "true":
            nu.set_block_state(sim, pos, state.with_("open", state.get("open") != "true"), nu.NOTIFY_ALL)
            play_sound(sim)


def can_provide_power(source: str) -> bool:
    """1.12.2's `blockIn.getDefaultState().canProvidePower()` of the block that sent a neighbour update."""
    return behaviour(source).emits_redstone_power(blocks.default_state(source))


def play_sound(sim: TickContext) -> None:
    """The open or close sound: from 1.19.3 `world.playSound(..., world.getRandom().nextFloat() * 0.1F + 0.9F)`
    draws the pitch from the world Random (before, `syncWorldEvent` drew nothing)."""
    if sim.features.openable_sound_world_random:
        sim.random.discard_floats()


class Door(Openable):
    def __init__(self, usable: bool) -> None:
        super().__init__(usable, NOTIFY_DOOR, sound_first=True)

    def get_state_for_neighbor_update(self, sim: TickContext, state: BlockState, direction: Direction,
                                      neighbor: BlockState, pos: BlockPos, neighbor_pos: BlockPos) -> BlockState:
        """The other half's facing, open, hinge and powered are copied; without it the half breaks (a missing
        support below is not checked here). From 1.20.3 (`door_half_joins_any_door`) the other half is any door
        (`instanceof DoorBlock`), whose state the half takes whole, block included (`neighborState.with(HALF, ...)`)."""
        lower = state.get("half") == "lower"
        if direction not in (UP, DOWN) or lower != (direction == UP):
            return state
        if sim.features.door_half_joins_any_door:
            if neighbor.block in DOORS and neighbor.get("half") != state.get("half"):
                return neighbor.with_("half", state.get("half"))
            return blocks.AIR
        if neighbor.block == state.block and neighbor.get("half") != state.get("half"):
            for key in ("facing", "open", "hinge", "powered"):
                state = state.with_(key, neighbor.get(key))
            return state
        return blocks.AIR

    def on_exploded(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`DoorBlock.onExploded` (1.21): the lower half of a door that opens by wind charges and is not powered
        toggles (`setOpen`: flags 10, then the sound), as a use; the upper half does nothing."""
        if state.get("half") == "lower":
            super().on_exploded(sim, state, pos)

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """1.12.2 `BlockDoor.onBlockActivated` (`no_shape_updates_1_12`): the lower half's `open` flips (flags 10),
        the upper half keeping its own."""
        if not sim.features.no_shape_updates_1_12:
            return super().on_use(sim, state, pos)
        if not self.usable:
            return False
        lower_pos = pos if state.get("half") == "lower" else offset(pos, DOWN)
        lower = sim.world.get_block_state(*lower_pos)
        if lower.block != state.block:
            return False
        nu.set_block_state(sim, lower_pos, lower.with_("open", lower.get("open") != "true"), self.use_flags)
        copy_to_other_half(sim, lower_pos)
        play_sound(sim)
        return True

    def neighbor_update(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str,
                        from_pos: BlockPos) -> None:
        """Either half's power opens the door; in 1.12.2 (`door_unpowered_by_sources_1_12`) an unpowered one follows
        only an update from a block that can provide power."""
        if sim.features.no_shape_updates_1_12:
            self.neighbor_changed_1_12(sim, state, pos, source)
            return
        world = sim.world
        other = offset(pos, UP if state.get("half") == "lower" else DOWN)
        powered = power.is_receiving_redstone_power(world, pos) or power.is_receiving_redstone_power(world, other)
        if source != state.block and powered != (state.get("powered") == "true") and \
                (powered or not sim.features.door_unpowered_by_sources_1_12 or can_provide_power(source)):
            self.follow_power(sim, state, pos, powered)

    def neighbor_changed_1_12(self, sim: TickContext, state: BlockState, pos: BlockPos, source: str) -> None:
        """1.12.2 `BlockDoor.neighborChanged` (`no_shape_updates_1_12`): the upper half passes an update from
        another block to the lower half, or becomes air without it; the lower half becomes air without its upper
        half or a top-solid block below (`isTopSolid`, 1.13.2's: `normal_cube_1_13`; the upper half with it, the
        dropped item not modelled), else where the power of either half differs from the upper half's `powered` it
        sets that (flags 2), then its own `open` where that differs (flags 2)."""
        world = sim.world
        if state.get("half") == "upper":
            below = offset(pos, DOWN)
            lower = world.get_block_state(*below)
            if lower.block != state.block:
                nu.remove_block(sim, pos)
            elif source != state.block:
                self.neighbor_changed_1_12(sim, lower, below, source)
            return
        above = offset(pos, UP)
        upper = world.get_block_state(*above)
        broken = upper.block != state.block
        if broken:
            nu.remove_block(sim, pos)
        if not power.is_top_solid_1_13(world.get_block_state(*offset(pos, DOWN))):
            nu.remove_block(sim, pos)
            broken = True
            if upper.block == state.block:
                nu.remove_block(sim, above)
        if broken:
            return
        powered = power.is_receiving_redstone_power(world, pos) or power.is_receiving_redstone_power(world, above)
        if source != state.block and powered != (upper.get("powered") == "true") and \
                (powered or not sim.features.door_unpowered_by_sources_1_12 or can_provide_power(source)):
            nu.set_block_state(sim, above, upper.with_("powered", powered), nu.NOTIFY_LISTENERS)
            copy_to_other_half(sim, above)
            if powered != (state.get("open") == "true"):
                nu.set_block_state(sim, pos, world.get_block_state(*pos).with_("open", powered),
                                   nu.NOTIFY_LISTENERS)
                copy_to_other_half(sim, pos)
                play_sound(sim)


# 1.12.2 BlockDoor: the properties each half stores (its metadata); getActualState takes the others from the other half
LOWER_HALF_KEEPS, UPPER_HALF_KEEPS = ("facing", "open"), ("hinge", "powered")


def copy_to_other_half(sim: TickContext, pos: BlockPos) -> None:
    """1.12.2's `BlockDoor.getActualState`, kept in the other half's state (the engine's states are 1.16.5's, which
    collisions and paths read): the half's stored properties written into the other half of the same door without
    any update, as 1.12.2 sets nothing there."""
    world = sim.world
    state = world.get_block_state(*pos)
    lower = state.get("half") == "lower"
    other_pos = offset(pos, UP if lower else DOWN)
    other = world.get_block_state(*other_pos)
    if other.block != state.block or other.get("half") == state.get("half"):
        return
    actual = other
    for key in LOWER_HALF_KEEPS if lower else UPPER_HALF_KEEPS:
        actual = actual.with_(key, state.get(key))
    world.set_block_state(*other_pos, actual)


DOORS = frozenset({*(f"{w}_door" for w in WOOD_TYPES), "iron_door"})
register(tuple(f"{w}_door" for w in WOOD_TYPES), Door(usable=True))
register(("iron_door",), Door(usable=False))
register(tuple(f"{w}_trapdoor" for w in WOOD_TYPES), Trapdoor(usable=True, use_flags=nu.NOTIFY_LISTENERS,
                                                            sound_first=True))
register(("iron_trapdoor",), Trapdoor(usable=False, use_flags=nu.NOTIFY_LISTENERS, sound_first=True))
register(tuple(FENCE_GATES), FenceGate())
