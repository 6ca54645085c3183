"""Power sources a player or time switches: `LeverBlock`, `AbstractButtonBlock` (stone 20 ticks, wooden 30), the
redstone block (`RedstoneBlock`), and `WallMountedBlock.getDirection`, which gives their attached side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import REDSTONE_MAX_POWER, STONE_BUTTON_PRESS_TICKS, WOODEN_BUTTON_PRESS_TICKS
from engine.redstone import neighbor_updates as nu
from engine.redstone.directions import BY_NAME, DOWN, UP, Direction, offset
from engine.redstone.registry import Behaviour, register
from engine.world.block_physics import WOOD_TYPES

if TYPE_CHECKING:
    from engine.geometry.box import BlockPos
    from engine.tick.simulation import Simulation
    from engine.world.blocks import BlockState
    from engine.world.world import World

WOODEN_BUTTONS = frozenset(f"{w}_button" for w in WOOD_TYPES)
STONE_BUTTONS = frozenset({"stone_button", "polished_blackstone_button"})


def get_direction(state: BlockState) -> Direction:
    """`WallMountedBlock.getDirection`: up on a floor, down on a ceiling, else its facing (the side away from
    the block it hangs on)."""
    face = state.get("face")
    if face == "ceiling":
        return DOWN
    if face == "floor":
        return UP
    return BY_NAME[state.get("facing")]


class WallMountedSwitch(Behaviour):
    """What `LeverBlock` and `AbstractButtonBlock` share: 15 weak power to every side, 15 strong power into the
    block they are attached to, and notifying around themselves and that block."""

    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return REDSTONE_MAX_POWER if state.get("powered") == "true" else 0

    def get_strong_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return REDSTONE_MAX_POWER if state.get("powered") == "true" and get_direction(state) == direction else 0

    def update_neighbors(self, sim: Simulation, state: BlockState, pos: BlockPos) -> None:
        """`updateNeighbors`: around the switch, then around the block it is attached to."""
        nu.update_neighbors_always(sim, pos, state.block)
        nu.update_neighbors_always(sim, offset(pos, get_direction(state).opposite), state.block)

    def on_state_replaced(self, sim: Simulation, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if not moved and new.block != state.block and state.get("powered") == "true":
            self.update_neighbors(sim, state, pos)


class Lever(WallMountedSwitch):
    def on_use(self, sim: Simulation, state: BlockState, pos: BlockPos) -> bool:
        """`LeverBlock.onUse` → `method_21846`: the powered property flips (flags 3), then the neighbours."""
        new = state.with_("powered", state.get("powered") != "true")
        nu.set_block_state(sim, pos, new, nu.NOTIFY_ALL)
        self.update_neighbors(sim, new, pos)
        return True


class Button(WallMountedSwitch):
    def __init__(self, wooden: bool) -> None:
        self.wooden = wooden

    def press_ticks(self) -> int:
        """`getPressTicks`."""
        return WOODEN_BUTTON_PRESS_TICKS if self.wooden else STONE_BUTTON_PRESS_TICKS

    def on_use(self, sim: Simulation, state: BlockState, pos: BlockPos) -> bool:
        """`AbstractButtonBlock.onUse`: a pressed button consumes the click; else `powerOn`."""
        if state.get("powered") != "true":
            self.power_on(sim, state, pos)
        return True

    def power_on(self, sim: Simulation, state: BlockState, pos: BlockPos) -> None:
        """`powerOn`: powered (flags 3), the neighbours, and a scheduled tick after the press time."""
        world = sim.world
        nu.set_block_state(sim, pos, state.with_("powered", True), nu.NOTIFY_ALL)
        self.update_neighbors(sim, state, pos)
        world.block_ticks.schedule(world.game_time, pos, state.block, self.press_ticks())

    def scheduled_tick(self, sim: Simulation, state: BlockState, pos: BlockPos) -> None:
        """A stone button releases; a wooden one stays pressed while arrows touch it (`tryPowerWithProjectiles`:
        arrows are not looked for here, so it releases too)."""
        if state.get("powered") != "true":
            return
        nu.set_block_state(sim, pos, state.with_("powered", False), nu.NOTIFY_ALL)
        self.update_neighbors(sim, state, pos)


class RedstoneBlock(Behaviour):
    """`RedstoneBlock`: 15 weak power to every side, no strong power."""

    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return REDSTONE_MAX_POWER


class Target(Behaviour):
    """`TargetBlock`: the power its last hit set, until its scheduled tick clears it (projectile hits are not
    simulated: a scene sets `power`, which stays)."""

    def emits_redstone_power(self, state: BlockState) -> bool:
        return True

    def get_weak_redstone_power(self, world: World, state: BlockState, pos: BlockPos, direction: Direction) -> int:
        return int(state.get("power"))

    def scheduled_tick(self, sim: Simulation, state: BlockState, pos: BlockPos) -> None:
        if state.get("power") != "0":
            nu.set_block_state(sim, pos, state.with_("power", 0), nu.NOTIFY_ALL)


register(("lever",), Lever())
register(("target",), Target())
register(STONE_BUTTONS, Button(wooden=False))
register(WOODEN_BUTTONS, Button(wooden=True))
register(("redstone_block",), RedstoneBlock())
