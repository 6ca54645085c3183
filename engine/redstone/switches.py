"""Power sources a player or time switches: `LeverBlock`, `AbstractButtonBlock` (stone 20 ticks, wooden 30), the
redstone block (`RedstoneBlock`), and `WallMountedBlock.getDirection`, which gives their attached side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import PIXELS_PER_BLOCK, REDSTONE_MAX_POWER, STONE_BUTTON_PRESS_TICKS, WOODEN_BUTTON_PRESS_TICKS
from engine.geometry.box import Box
from engine.motion.block_effects import register_collision_handler
from engine.redstone import neighbor_updates as nu
from engine.redstone.directions import BY_NAME, DOWN, UP, Direction, offset
from engine.redstone.registry import Behaviour, behaviour, register
from engine.world import block_physics as phys

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.entities.entity import Entity
    from engine.geometry.box import BlockPos
    from engine.world.blocks import BlockState
    from engine.world.world import World

WOODEN_BUTTONS = phys.WOODEN_BUTTONS
STONE_BUTTONS = phys.STONE_BUTTONS


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

    def update_neighbors(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`updateNeighbors`: around the switch, then around the block it is attached to."""
        nu.update_neighbors_always(sim, pos, state.block)
        nu.update_neighbors_always(sim, offset(pos, get_direction(state).opposite), state.block)

    def on_state_replaced(self, sim: TickContext, state: BlockState, pos: BlockPos, new: BlockState,
                          moved: bool) -> None:
        if not moved and new.block != state.block and state.get("powered") == "true":
            self.update_neighbors(sim, state, pos)


class Lever(WallMountedSwitch):
    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """`LeverBlock.onUse` → `method_21846`: the powered property flips (flags 3), then the neighbours."""
        new = state.with_("powered", state.get("powered") != "true")
        nu.set_block_state(sim, pos, new, nu.NOTIFY_ALL)
        self.update_neighbors(sim, new, pos)
        return True

    def on_exploded(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`LeverBlock.onExploded` (1.21): `togglePower`, as a use."""
        self.on_use(sim, state, pos)


class Button(WallMountedSwitch):
    def __init__(self, wooden: bool) -> None:
        self.wooden = wooden

    def press_ticks(self) -> int:
        """`getPressTicks`."""
        return WOODEN_BUTTON_PRESS_TICKS if self.wooden else STONE_BUTTON_PRESS_TICKS

    def on_use(self, sim: TickContext, state: BlockState, pos: BlockPos) -> bool:
        """`AbstractButtonBlock.onUse`: a pressed button consumes the click; else `powerOn`."""
        if state.get("powered") != "true":
            self.power_on(sim, state, pos)
        return True

    def on_exploded(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`ButtonBlock.onExploded` (1.21): `powerOn` unless pressed, as a use."""
        self.on_use(sim, state, pos)

    def power_on(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`powerOn`: powered (flags 3), the neighbours, and a scheduled tick after the press time."""
        world = sim.world
        nu.set_block_state(sim, pos, state.with_("powered", True), nu.NOTIFY_ALL)
        self.update_neighbors(sim, state, pos)
        world.block_ticks.schedule(world.game_time, pos, state.block, self.press_ticks())

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """A stone button releases; a wooden one stays pressed while an arrow is in its outline box."""
        if state.get("powered") != "true":
            return
        if self.wooden:
            self.try_power_with_projectiles(sim, state, pos)
            return
        nu.set_block_state(sim, pos, state.with_("powered", False), nu.NOTIFY_ALL)
        self.update_neighbors(sim, state, pos)

    def on_entity_collision(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`onEntityCollision`: an entity touching a released wooden button's cell makes it look for arrows."""
        if self.wooden and state.get("powered") != "true":
            self.try_power_with_projectiles(sim, state, pos)

    def try_power_with_projectiles(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        """`tryPowerWithProjectiles`: pressed while a persistent projectile (arrow, trident) is in the button's
        outline box (its current state's), released when none is; while pressed, checked again after 30 ticks."""
        from engine.entities.arrow import PersistentProjectile
        world = sim.world
        box = Box(*outline_box(state)).offset(*pos)
        arrows = bool(world.get_entities(None, box, lambda e: isinstance(e, PersistentProjectile)))
        if arrows != (state.get("powered") == "true"):
            nu.set_block_state(sim, pos, state.with_("powered", arrows), nu.NOTIFY_ALL)
            self.update_neighbors(sim, state, pos)
        if arrows:
            world.block_ticks.schedule(world.game_time, pos, state.block, self.press_ticks())


# AbstractButtonBlock's outline shapes in pixels (x0, y0, z0, x1, y1, z1): by face and facing, released / pressed
_WALL_SHAPES = {"north": ((5, 6, 14, 11, 10, 16), (5, 6, 15, 11, 10, 16)),
                "south": ((5, 6, 0, 11, 10, 2), (5, 6, 0, 11, 10, 1)),
                "west": ((14, 6, 5, 16, 10, 11), (15, 6, 5, 16, 10, 11)),
                "east": ((0, 6, 5, 2, 10, 11), (0, 6, 5, 1, 10, 11))}
_FLOOR_SHAPES = {"x": ((6, 0, 5, 10, 2, 11), (6, 0, 5, 10, 1, 11)), "z": ((5, 0, 6, 11, 2, 10), (5, 0, 6, 11, 1, 10))}
_CEILING_SHAPES = {"x": ((6, 14, 5, 10, 16, 11), (6, 15, 5, 10, 16, 11)),
                   "z": ((5, 14, 6, 11, 16, 10), (5, 15, 6, 11, 16, 10))}


def outline_box(state: BlockState) -> tuple[float, ...]:
    """The bounding box of `AbstractButtonBlock.getOutlineShape` within the cell."""
    facing, pressed = state.get("facing"), state.get("powered") == "true"
    face = state.get("face")
    if face == "wall":
        pixels = _WALL_SHAPES[facing][pressed]
    else:
        axis = "x" if facing in ("east", "west") else "z"
        pixels = (_FLOOR_SHAPES if face == "floor" else _CEILING_SHAPES)[axis][pressed]
    return tuple(p / PIXELS_PER_BLOCK for p in pixels)


def on_entity_collision(state: BlockState, pos: BlockPos, entity: Entity, sim: TickContext) -> None:
    """The `onEntityCollision` handler `checkBlockCollision` calls for a wooden button."""
    button = behaviour(state.block)
    if isinstance(button, Button):
        with sim.world.caused_by("entity"):
            button.on_entity_collision(sim, state, pos)


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

    def scheduled_tick(self, sim: TickContext, state: BlockState, pos: BlockPos) -> None:
        if state.get("power") != "0":
            nu.set_block_state(sim, pos, state.with_("power", 0), nu.NOTIFY_ALL)


register(("lever",), Lever())
register(("target",), Target())
register(STONE_BUTTONS, Button(wooden=False))
register(WOODEN_BUTTONS, Button(wooden=True))
register(("redstone_block",), RedstoneBlock())

register_collision_handler(phys.WOODEN_BUTTONS, on_entity_collision)
