"""Placement of a schematic turned and mirrored as Litematica and the structure block place one: `rotate` (a
quarter turn clockwise seen from above per 90) and `mirror` (`x` flips x, `z` flips z) applied to a `Schematic`.

Order (1.16.5 `Structure.place` and `spawnEntities`, as Litematica's `SchematicPlacingUtils`): every block state is
`state.mirror(mirror).rotate(rotation)`, every position `Structure.transformAround(pos, mirror, rotation, pivot)`:
mirrored first, then turned. The pivot is the schematic's origin cell (0, 0, 0) (`StructurePlacementData`'s
default position, and Litematica's placement origin): that cell stays where it is, and points turn about the
vertical line through its centre, so `at` names the same cell whatever the rotation.

Block states follow each block class's `rotate(BlockState, BlockRotation)` and `mirror(BlockState, BlockMirror)`,
table-driven (`RULES`, chosen by `rule_of`), vanilla's quirks included (docs/fidelity.md, "Rotate and mirror"): a
straight rail turned 180° becomes the other straight rail (the missing cases of `RailBlock.rotate`'s switch fall
through to the 90° ones), a stair facing along x mirrored in x keeps `inner_left`/`inner_right` and one facing
along x mirrored in z keeps its shape, anvils and nether portals turn but do not mirror, and bells, beehives, fire
and chorus plants keep their states (their classes override neither method).

Entities (`Structure.spawnEntities`): the position as `transformAround(Vec3d, ...)`, the yaw as
`entity.applyMirror(mirror) + (entity.yaw - entity.applyRotation(rotation))` — for a plain entity that turns the
yaw the other way from its position (vanilla's sign; Litematica's `rotateEntity` does the same); riders keep their
yaw (only the root is turned) and every entity its motion (the NBT `Motion` is copied as it is). Dispenser
contents move with their block; a moving piston's block entity keeps its `facing` and pushed state
(`BlockEntity.applyRotation` and `applyMirror` do nothing in 1.16.5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from engine.geometry.box import BlockPos
from engine.java.javanum import f32
from engine.java.mathhelper import wrap_degrees
from engine.schematics.mapping import MovingBlock, Region, Schematic
from engine.world import blocks
from engine.world.blocks import BlockState

# BlockRotation by `rotate` (degrees clockwise seen from above): NONE, CLOCKWISE_90, CLOCKWISE_180,
# COUNTERCLOCKWISE_90 are 0..3 quarter turns clockwise
ROTATIONS = {0: 0, 90: 1, 180: 2, 270: 3}
# BlockMirror by `mirror`: "x" is FRONT_BACK (x → -x, DirectionTransformation.INVERT_X), "z" LEFT_RIGHT (z → -z)
MIRRORS = ("none", "x", "z")
HORIZONTAL = ("north", "east", "south", "west")      # Direction.rotateYClockwise steps along this
AXIS_OF = {"north": "z", "south": "z", "east": "x", "west": "x", "up": "y", "down": "y"}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east", "up": "down", "down": "up"}
DECORATION_FACING = {"minecraft:leash_knot": "south"}   # AbstractDecorationEntity.facing (a knot never sets it)


def rotation_of(degrees: int) -> int:
    """The BlockRotation (quarter turns clockwise) of a multiple of 90 degrees; ValueError for any other angle."""
    if degrees % 90:
        raise ValueError(f"expected a multiple of 90 (degrees clockwise seen from above), got {degrees}")
    return ROTATIONS[degrees % 360]


# --- directions: BlockRotation.rotate(Direction), BlockMirror.apply and getRotation ---
def rotate_direction(d: str, rotation: int) -> str:
    """`BlockRotation.rotate(Direction)`: up and down stay."""
    return d if d in ("up", "down") else HORIZONTAL[(HORIZONTAL.index(d) + rotation) % 4]


def mirror_direction(d: str, mirror: str) -> str:
    """`BlockMirror.apply(Direction)`: the direction along the mirrored axis turns round."""
    return OPPOSITE[d] if AXIS_OF[d] == mirror else d


def mirror_rotation(d: str, mirror: str) -> int:
    """`BlockMirror.getRotation(Direction)`: CLOCKWISE_180 for a direction along the mirrored axis, else NONE."""
    return 2 if AXIS_OF[d] == mirror else 0


# --- the rules: (rotate(state, rotation), mirror(state, mirror)) of each block class family ---
def _keep(state: BlockState, _: Any) -> BlockState:
    """`AbstractBlock.rotate`/`mirror`: the state as it is."""
    return state


def _rotate_facing(state: BlockState, rotation: int) -> BlockState:
    """`HorizontalFacingBlock.rotate` and its copies (FacingBlock kinds, chests, hoppers, wall signs …)."""
    return state.with_("facing", rotate_direction(state.get("facing"), rotation))


def _mirror_facing(state: BlockState, mirror: str) -> BlockState:
    """`HorizontalFacingBlock.mirror`: `state.rotate(mirror.getRotation(facing))` (EndRodBlock's `mirror.apply`
    gives the same)."""
    return _rotate_facing(state, mirror_rotation(state.get("facing"), mirror))


def _mirror_door(state: BlockState, mirror: str) -> BlockState:
    """`DoorBlock.mirror`: turned as a facing block, and the hinge cycled."""
    state = _mirror_facing(state, mirror)
    return state.with_("hinge", "right" if state.get("hinge") == "left" else "left")


# StairsBlock.mirror: a stair whose facing lies along the mirrored axis turns round and changes its shape so;
# FRONT_BACK (x) keeps the inner shapes as they are (vanilla's table)
_STAIR_SHAPES = {"z": {"straight": "straight", "inner_left": "inner_right", "inner_right": "inner_left",
                       "outer_left": "outer_right", "outer_right": "outer_left"},
                 "x": {"straight": "straight", "inner_left": "inner_left", "inner_right": "inner_right",
                       "outer_left": "outer_right", "outer_right": "outer_left"}}


def _mirror_stairs(state: BlockState, mirror: str) -> BlockState:
    if AXIS_OF[state.get("facing")] != mirror:
        return state
    return _rotate_facing(state, 2).with_("shape", _STAIR_SHAPES[mirror][state.get("shape")])


def _rotate_axis(state: BlockState, rotation: int) -> BlockState:
    """`PillarBlock.rotate` (and NetherPortalBlock's): x and z swap on a quarter turn."""
    axis = state.get("axis")
    return state.with_("axis", {"x": "z", "z": "x"}.get(axis, axis)) if rotation % 2 else state


def _rotate_sixteenth(state: BlockState, rotation: int) -> BlockState:
    """`SignBlock`/`SkullBlock`/`BannerBlock.rotate`: `rotation.rotate(r, 16)`."""
    return state.with_("rotation", (int(state.get("rotation")) + 4 * rotation) % 16)


def _mirror_sixteenth(state: BlockState, mirror: str) -> BlockState:
    """`BlockMirror.mirror(r, 16)`."""
    r = int(state.get("rotation"))
    j = r - 16 if r > 8 else r
    return state.with_("rotation", (16 - j) % 16 if mirror == "x" else (8 - j + 16) % 16)


def _rotate_sides(state: BlockState, rotation: int) -> BlockState:
    """`HorizontalConnectingBlock`, `WallBlock`, `RedstoneWireBlock`, `VineBlock`, `TripwireBlock`,
    `MushroomBlock.rotate`: the side properties move round (up and down stay)."""
    old = state.properties
    for d in HORIZONTAL:
        state = state.with_(rotate_direction(d, rotation), old[d])
    return state


def _mirror_sides(state: BlockState, mirror: str) -> BlockState:
    """Their `mirror`: the two sides along the mirrored axis swap."""
    old = state.properties
    for d in HORIZONTAL:
        state = state.with_(mirror_direction(d, mirror), old[d])
    return state


def _rail_shape(shape: str, turn: Callable[[str], str]) -> str:
    """A rail shape with its directions turned: `ascending_D`, or a curve `A_B` named as RailShape names it."""
    if shape.startswith("ascending_"):
        return "ascending_" + turn(shape.removeprefix("ascending_"))
    a, b = (turn(d) for d in shape.split("_"))
    return f"{a}_{b}" if AXIS_OF[a] == "z" else f"{b}_{a}"


def _rotate_rail(state: BlockState, rotation: int) -> BlockState:
    """`RailBlock`/`PoweredRailBlock`/`DetectorRailBlock.rotate`. Their CLOCKWISE_180 case lists no straight shape,
    so a straight rail falls through to the COUNTERCLOCKWISE_90 case and becomes the other straight rail."""
    shape = state.get("shape")
    if rotation == 0:
        return state
    if shape in ("north_south", "east_west"):
        return state.with_("shape", "east_west" if shape == "north_south" else "north_south")
    return state.with_("shape", _rail_shape(shape, lambda d: rotate_direction(d, rotation)))


def _mirror_rail(state: BlockState, mirror: str) -> BlockState:
    """Their `mirror`: ascending and curved shapes along the mirrored axis flip; straight rails stay."""
    shape = state.get("shape")
    if shape in ("north_south", "east_west"):
        return state
    return state.with_("shape", _rail_shape(shape, lambda d: mirror_direction(d, mirror)))


def _rotate_jigsaw(state: BlockState, rotation: int) -> BlockState:
    """`JigsawBlock.rotate`: `DirectionTransformation.mapJigsawOrientation` turns the front and the top."""
    front, top = state.get("orientation").split("_")
    return state.with_("orientation", f"{rotate_direction(front, rotation)}_{rotate_direction(top, rotation)}")


def _mirror_jigsaw(state: BlockState, mirror: str) -> BlockState:
    front, top = state.get("orientation").split("_")
    return state.with_("orientation", f"{mirror_direction(front, mirror)}_{mirror_direction(top, mirror)}")


RULES: dict[str, tuple[Callable[[BlockState, int], BlockState], Callable[[BlockState, str], BlockState]]] = {
    "facing": (_rotate_facing, _mirror_facing),
    "facing, no mirror": (_rotate_facing, _keep),      # AnvilBlock (and 1.14's JigsawBlock) override only rotate
    "door": (_rotate_facing, _mirror_door),
    "stairs": (_rotate_facing, _mirror_stairs),
    "axis": (_rotate_axis, _keep),                     # PillarBlock, NetherPortalBlock: only rotate
    "sixteenths": (_rotate_sixteenth, _mirror_sixteenth),
    "sides": (_rotate_sides, _mirror_sides),
    "rail": (_rotate_rail, _mirror_rail),
    "jigsaw": (_rotate_jigsaw, _mirror_jigsaw),
}
# blocks with directional properties whose classes override neither method (BellBlock, BeehiveBlock, FireBlock,
# ChorusPlantBlock): placed as they are
KEPT = frozenset({"bell", "bee_nest", "beehive", "fire", "chorus_plant"})
ANVILS = frozenset({"anvil", "chipped_anvil", "damaged_anvil"})


def rule_of(state: BlockState) -> str | None:
    """The rule of a state's block by its class family, read from its properties; None: it never changes."""
    block, has = state.block, state.has_property
    if block in KEPT:
        return None
    if block == "jigsaw":   # 1.14-1.15.2's (a FacingBlock whose JigsawBlock overrides only rotate) has `facing`
        return "jigsaw" if has("orientation") else "facing, no mirror"
    if block.endswith("_stairs"):
        return "stairs"
    if has("hinge"):
        return "door"
    if block in ANVILS:
        return "facing, no mirror"
    if has("facing"):
        return "facing"
    if has("axis"):
        return "axis"
    if has("rotation"):
        return "sixteenths"
    if has("shape") and block.endswith("rail"):
        return "rail"
    if all(has(d) for d in HORIZONTAL):
        return "sides"
    return None


def rotate_state(state: BlockState, rotation: int) -> BlockState:
    """`BlockState.rotate(BlockRotation)` with `rotation` quarter turns clockwise (0..3)."""
    rule = rule_of(state)
    return state if rule is None or rotation == 0 else RULES[rule][0](state, rotation)


def mirror_state(state: BlockState, mirror: str) -> BlockState:
    """`BlockState.mirror(BlockMirror)`, `mirror` one of `MIRRORS`."""
    rule = rule_of(state)
    return state if rule is None or mirror == "none" else RULES[rule][1](state, mirror)


def transform_state(state: BlockState, rotation: int, mirror: str) -> BlockState:
    """`state.mirror(mirror).rotate(rotation)`, as `Structure.place` turns each block."""
    return rotate_state(mirror_state(state, mirror), rotation)


def transform_ids(ids: np.ndarray, rotation: int, mirror: str) -> np.ndarray:
    """State ids turned (each distinct id once: a schematic holds few kinds of state)."""
    kinds, where = np.unique(ids, return_inverse=True)
    turned = np.array([transform_state(blocks.state_by_id(int(i)), rotation, mirror).id for i in kinds],
                      dtype=ids.dtype)
    return turned[where].reshape(ids.shape)


# --- positions: Structure.transformAround about the origin cell ---
def transform_pos(pos: BlockPos, rotation: int, mirror: str) -> BlockPos:
    """`Structure.transformAround(BlockPos, mirror, rotation, pivot 0)`."""
    x, y, z = pos
    x, z = (-x if mirror == "x" else x), (-z if mirror == "z" else z)
    x, z = ((x, z), (-z, x), (-x, -z), (z, -x))[rotation]
    return (x, y, z)


def transform_point(p: list[float], rotation: int, mirror: str) -> list[float]:
    """`Structure.transformAround(Vec3d, mirror, rotation, pivot 0)`: about the centre line of the origin cell."""
    x, y, z = p
    x, z = (1.0 - x if mirror == "x" else x), (1.0 - z if mirror == "z" else z)
    x, z = ((x, z), (1.0 - z, x), (1.0 - x, 1.0 - z), (z, 1.0 - x))[rotation]
    return [x, y, z]


def transform_yaw(yaw: float, rotation: int, mirror: str, entity_type: str) -> float:
    """The yaw `Structure.spawnEntities` gives: `applyMirror(mirror) + (yaw - applyRotation(rotation))`, in float.
    A decoration (a leash knot) turns its facing in both calls and answers with the opposite quarter turns."""
    yaw = f32(yaw)
    wrapped = wrap_degrees(yaw)
    facing = DECORATION_FACING.get(entity_type)
    if facing is None:   # Entity.applyMirror, Entity.applyRotation
        mirrored = wrapped if mirror == "none" else f32(-wrapped) if mirror == "z" else f32(180.0 - wrapped)
        turned = f32(wrapped + 90.0 * rotation)
    else:                # AbstractDecorationEntity: applyMirror is applyRotation(mirror.getRotation(facing))
        mirrored = f32(wrapped + 90.0 * ((4 - mirror_rotation(facing, mirror)) % 4))
        turned = f32(wrapped + 90.0 * ((4 - rotation) % 4))
    return f32(mirrored + f32(yaw - turned))


# --- the whole schematic ---
def _transform_region(region: Region, rotation: int, mirror: str) -> Region:
    """A region's cells moved and their states turned; its corner becomes the new minimum corner."""
    ids = transform_ids(region.ids, rotation, mirror)
    sy, sz, sx = ids.shape
    lo, hi = region.corner, (region.corner[0] + sx - 1, region.corner[1], region.corner[2] + sz - 1)
    if mirror == "x":
        ids = ids[:, :, ::-1]
    elif mirror == "z":
        ids = ids[:, ::-1, :]
    if rotation % 2:
        ids = ids.transpose(0, 2, 1)
    if rotation == 1:
        ids = ids[:, :, ::-1]
    elif rotation == 2:
        ids = ids[:, ::-1, ::-1]
    elif rotation == 3:
        ids = ids[:, ::-1, :]
    a, b = transform_pos(lo, rotation, mirror), transform_pos(hi, rotation, mirror)
    corner = (min(a[0], b[0]), lo[1], min(a[2], b[2]))
    return Region(corner, np.ascontiguousarray(ids))


def transform(schem: Schematic, rotate: int = 0, mirror: str = "none") -> Schematic:
    """The schematic mirrored (`mirror`: "none", "x" or "z"), then turned `rotate` degrees clockwise seen from above
    (a multiple of 90) about its origin cell, as the structure block and Litematica place it (module doc).
    ValueError for another angle or mirror; the schematic given is left as it is."""
    rotation = rotation_of(rotate)
    if mirror not in MIRRORS:
        raise ValueError(f"expected a mirror of {', '.join(repr(m) for m in MIRRORS)}, got {mirror!r}")
    if rotation == 0 and mirror == "none":
        return schem
    entities = []
    for entry in schem.entities:
        moved = dict(entry, pos=transform_point(entry["pos"], rotation, mirror))
        if "rides" not in entry:
            moved["yaw"] = transform_yaw(entry.get("yaw", 0.0), rotation, mirror, entry["type"])
        entities.append(moved)
    return replace(
        schem, regions=[_transform_region(r, rotation, mirror) for r in schem.regions], entities=entities,
        containers={transform_pos(p, rotation, mirror): items for p, items in schem.containers.items()},
        moving=[MovingBlock(transform_pos(m.pos, rotation, mirror), m.pushed, m.facing, m.progress, m.extending,
                            m.source) for m in schem.moving],
        scheduled=[(transform_pos(pos, rotation, mirror), block, delay, priority)
                   for pos, block, delay, priority in schem.scheduled])
