"""1.12.2's actual states (`Block.getActualState`, MCP 1.12.2) of the blocks a pre-flattening file holds.

1.12.2 saves a block as its data value (`getMetaFromState`), which drops every property the block derives from its
neighbours when asked: fence, pane, wall and chorus plant sides, stairs shapes, the half of a door's properties the
other half holds, the chest beside a chest (`getBoundingBox`; 1.16.5's `type`). A `.schematic` or a structure file
saved before the flattening therefore loads with those at the default state's values; `derive_actual_states` sets
them as 1.12.2 derives them, on the file's grid of state ids once every block is read. A neighbour outside the file,
or a structure file's void, is air (the file is all the game would have read if pasted into an empty world). Only
the properties the collision shapes follow are derived: a fence gate's `in_wall` and a grass block's `snowy` stay as
read.

The grid holds the scene's release's states, in 1.16.5's names (`true`/`false` sides; a wall side set is `low`
where the release's walls have none/low/tall, as 1.12.2's table reads any connected side)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from engine.world import blocks
from engine.world.block_physics import WALL_SIDE_VALUES, is_fence, is_fence_gate, is_wall
from engine.world.blocks import BlockState

# EnumFacing's horizontal faces: x, y, z offset (a [y, z, x] grid is indexed y, z, x)
OFFSETS = {"north": (0, 0, -1), "east": (1, 0, 0), "south": (0, 0, 1), "west": (-1, 0, 0),
           "up": (0, 1, 0), "down": (0, -1, 0)}
HORIZONTAL = ("north", "east", "south", "west")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east", "up": "down", "down": "up"}
CLOCKWISE = {"north": "east", "east": "south", "south": "west", "west": "north"}          # EnumFacing.rotateY
COUNTER_CLOCKWISE = {v: k for k, v in CLOCKWISE.items()}                                  # EnumFacing.rotateYCCW
AXIS = {"north": "z", "south": "z", "east": "x", "west": "x"}

# BlockFaceShape values the connections read
SOLID, UNDEFINED = "solid", "undefined"
MIDDLE_POLE, MIDDLE_POLE_THIN, MIDDLE_POLE_THICK = "middle_pole", "middle_pole_thin", "middle_pole_thick"

# BlockPane.isExcepBlockForAttachWithPiston (1.16.5 names of the 1.12.2 blocks: pumpkin is carved_pumpkin,
# lit_pumpkin jack_o_lantern, melon_block melon)
PANE_EXCEPTIONS = frozenset({"beacon", "cauldron", "glowstone", "ice", "sea_lantern", "piston", "sticky_piston",
                             "piston_head", "melon", "carved_pumpkin", "jack_o_lantern", "barrier"})
# Block.isExceptionBlockForAttaching and BlockFence/BlockWall.isExcepBlockForAttachWithPiston: the pane's and glass
FENCE_EXCEPTIONS = PANE_EXCEPTIONS | {"glass"}
# BlockChorusPlant.getActualState: what a chorus plant's sides join
CHORUS_SIDES = frozenset({"chorus_plant", "chorus_flower"})
CHORUS_BELOW = CHORUS_SIDES | {"end_stone"}

Neighbour = Callable[[int, int, int], BlockState]


def is_pane(block: str) -> bool:
    return block.endswith("_pane") or block == "iron_bars"


def is_stairs(block: str) -> bool:
    return block.endswith("_stairs")


def is_door(block: str) -> bool:
    return block.endswith("_door")


def _excepted(block: str, fence: bool) -> bool:
    """On the exception list of panes, or (`fence`) of fences and walls, with the classes the lists name
    (`BlockShulkerBox`, `BlockLeaves`; the fences' and walls' `BlockTrapDoor` and stained glass too)."""
    if fence:
        return block in FENCE_EXCEPTIONS or block.endswith(("_shulker_box", "_leaves", "_stained_glass", "_trapdoor"))
    return block in PANE_EXCEPTIONS or block.endswith(("_shulker_box", "_leaves"))


def get_block_face_shape(state: BlockState, face: str) -> str:
    """`Block.getBlockFaceShape` of a horizontal face: SOLID for every block that keeps Block's (every full cube but
    the chorus flower, and soul sand); the overrides the connections can meet; UNDEFINED for the other overrides
    (no other full cube: each 1.12.2 table state's shape was checked against the overriding classes)."""
    block = state.block
    if is_stairs(block):
        return _stairs_face_shape(state, face)
    if is_fence_gate(block):   # BlockFenceGate: a pole on the faces across its facing
        return MIDDLE_POLE if AXIS[state.get("facing")] != AXIS[face] else UNDEFINED
    if is_fence(block):
        return MIDDLE_POLE
    if is_pane(block):
        return MIDDLE_POLE_THIN
    if is_wall(block):
        return MIDDLE_POLE_THICK
    if block == "soul_sand" or (state.collision_shape.is_full_cube and block != "chorus_flower"):
        return SOLID
    return UNDEFINED


def _stairs_face_shape(state: BlockState, face: str) -> str:
    """BlockStairs.getBlockFaceShape of a horizontal face (the state's shape already derived)."""
    facing, shape = state.get("facing"), state.get("shape")
    if shape == "inner_right":
        return SOLID if face in (facing, CLOCKWISE[facing]) else UNDEFINED   # facing == face.rotateYCCW()
    if shape == "inner_left":
        return SOLID if face in (facing, COUNTER_CLOCKWISE[facing]) else UNDEFINED
    if shape == "straight":
        return SOLID if face == facing else UNDEFINED
    return UNDEFINED


def _wooden(block: str) -> bool:
    """Material.WOOD among the fences (the nether brick fence is ROCK)."""
    return block != "nether_brick_fence"


def can_connect_to_fence(fence: BlockState, other: BlockState, face: str) -> bool:
    """BlockFence.canConnectTo: `other`'s `face` (the one towards the fence)."""
    shape = get_block_face_shape(other, face)
    pole = shape == MIDDLE_POLE and (is_fence_gate(other.block)
                                     or _wooden(other.block) == _wooden(fence.block))
    return (not _excepted(other.block, True) and shape == SOLID) or pole


def can_pane_connect_to(other: BlockState, face: str) -> bool:
    """BlockPane.attachesTo."""
    shape = get_block_face_shape(other, face)
    return (not _excepted(other.block, False) and shape == SOLID) or shape == MIDDLE_POLE_THIN


def can_connect_to_wall(other: BlockState, face: str) -> bool:
    """BlockWall.canConnectTo."""
    shape = get_block_face_shape(other, face)
    pole = shape == MIDDLE_POLE_THICK or (shape == MIDDLE_POLE and is_fence_gate(other.block))
    return (not _excepted(other.block, True) and shape == SOLID) or pole


def _sides(at: Neighbour, x: int, y: int, z: int, connects: Callable[[BlockState, str], bool]) -> dict[str, bool]:
    """Each horizontal side: whether the neighbour's face towards (x, y, z) is one `connects` joins."""
    out = {}
    for side in HORIZONTAL:
        dx, dy, dz = OFFSETS[side]
        out[side] = connects(at(x + dx, y + dy, z + dz), OPPOSITE[side])
    return out


def _with_sides(state: BlockState, sides: Mapping[str, bool | str]) -> BlockState:
    for key, value in sides.items():
        state = state.with_(key, value)
    return state


def fence_actual_state(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> BlockState:
    """BlockFence.getActualState."""
    return _with_sides(state, _sides(at, x, y, z, lambda o, f: can_connect_to_fence(state, o, f)))


def pane_actual_state(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> BlockState:
    """BlockPane.getActualState."""
    return _with_sides(state, _sides(at, x, y, z, can_pane_connect_to))


def wall_actual_state(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> BlockState:
    """BlockWall.getActualState: the post stands (`up`) unless the wall runs straight along one axis under air."""
    s = _sides(at, x, y, z, can_connect_to_wall)
    straight = (s["north"] and not s["east"] and s["south"] and not s["west"]) or (
        not s["north"] and s["east"] and not s["south"] and s["west"])
    none_low_tall = state.get("north") in WALL_SIDE_VALUES.values()   # 1.16+: a connected side is low
    spelled: dict[str, bool | str] = {k: WALL_SIDE_VALUES[str(v).lower()] if none_low_tall else v
                                      for k, v in s.items()}
    spelled["up"] = not straight or not at(x, y + 1, z).is_air
    return _with_sides(state, spelled)


def get_stairs_shape(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> str:
    """BlockStairs.getStairsShape: outer where the stairs in front turn across, inner where the stairs behind do,
    unless stairs of the same facing and half stand on the side the turn would open."""
    facing, half = state.get("facing"), state.get("half")

    def stairs(direction: str) -> BlockState | None:
        dx, dy, dz = OFFSETS[direction]
        other = at(x + dx, y + dy, z + dz)
        return other if is_stairs(other.block) and other.get("half") == half else None

    def is_different_stairs(direction: str) -> bool:
        other = stairs(direction)
        return other is None or other.get("facing") != facing

    front = stairs(facing)
    if front is not None:
        turn = front.get("facing")
        if AXIS[turn] != AXIS[facing] and is_different_stairs(OPPOSITE[turn]):
            return "outer_left" if turn == COUNTER_CLOCKWISE[facing] else "outer_right"
    back = stairs(OPPOSITE[facing])
    if back is not None:
        turn = back.get("facing")
        if AXIS[turn] != AXIS[facing] and is_different_stairs(turn):
            return "inner_left" if turn == COUNTER_CLOCKWISE[facing] else "inner_right"
    return "straight"


def stairs_actual_state(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> BlockState:
    """BlockStairs.getActualState."""
    return state.with_("shape", get_stairs_shape(state, at, x, y, z))


def door_actual_state(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> BlockState:
    """BlockDoor.getActualState: a lower half takes `hinge` and `powered` from the same door above it, an upper
    half `facing` and `open` from the same door below."""
    lower = state.get("half") == "lower"
    other = at(x, y + 1 if lower else y - 1, z)
    if other.block != state.block:
        return state
    keys = ("hinge", "powered") if lower else ("facing", "open")
    return _with_sides(state, {k: other.get(k) for k in keys})


def chest_type(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> BlockState:
    """BlockChest.getBoundingBox: the box reaches to the first side (north, south, west, east) where the same chest
    stands, which 1.16.5's states say by `type` (the other half clockwise of the facing: left; counter-clockwise:
    right, `ChestBlock.getFacing`). A chest joined along its facing has no such state and stays single."""
    for side in ("north", "south", "west", "east"):
        dx, dy, dz = OFFSETS[side]
        if at(x + dx, y + dy, z + dz).block == state.block:
            facing = state.get("facing")
            kind = {CLOCKWISE[facing]: "left", COUNTER_CLOCKWISE[facing]: "right"}.get(side, "single")
            return state.with_("type", kind)
    return state


def chorus_plant_actual_state(state: BlockState, at: Neighbour, x: int, y: int, z: int) -> BlockState:
    """BlockChorusPlant.getActualState: each side joins a chorus plant or flower, the bottom end stone too."""
    sides: dict[str, bool | str] = {}
    for side, (dx, dy, dz) in OFFSETS.items():
        joins = CHORUS_BELOW if side == "down" else CHORUS_SIDES
        sides[side] = at(x + dx, y + dy, z + dz).block in joins
    return _with_sides(state, sides)


# the derivations in the order they run: stairs first, as the connections read a stairs' faces by its shape
Derivation = Callable[[BlockState, Neighbour, int, int, int], BlockState]
STAGES: tuple[tuple[Callable[[str], bool], Derivation], ...] = (
    (is_stairs, stairs_actual_state),
    (is_door, door_actual_state),
    (lambda b: b == "chorus_plant", chorus_plant_actual_state),
    (lambda b: b in ("chest", "trapped_chest"), chest_type),
    (is_fence, fence_actual_state),
    (is_pane, pane_actual_state),
    (is_wall, wall_actual_state),
)


def derive_actual_states(grid: np.ndarray) -> None:
    """Set, in place, the derived properties of every fence, pane, wall, stairs, door, chorus plant and chest of a
    pre-flattening file's [y, z, x] grid of state ids (air outside it). No stage reads what it writes (a stairs'
    facing and half, a door's other half's other properties, blocks and faces that follow no connection), so the
    grid is rewritten as it is read; stairs come first, whose derived shape the connections read."""
    sy, sz, sx = grid.shape
    air = blocks.default_state("air")

    def at(x: int, y: int, z: int) -> BlockState:
        if 0 <= x < sx and 0 <= y < sy and 0 <= z < sz:
            return blocks.state_by_id(int(grid[y, z, x]))
        return air

    present = [blocks.state_by_id(int(i)) for i in np.unique(grid)]
    for applies, derive in STAGES:
        chosen = [s.id for s in present if applies(s.block)]
        if chosen:
            for y, z, x in np.argwhere(np.isin(grid, chosen)).tolist():
                grid[y, z, x] = derive(blocks.state_by_id(int(grid[y, z, x])), at, x, y, z).id
