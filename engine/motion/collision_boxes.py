"""Entity.move's collisions before VoxelShapes (1.12.2, `collision_aabb_lists`): `World.getCollisionBoxes` gathers
the blocks' collision boxes (`AxisAlignedBB`) around the box stretched by the movement, and the movement is cut
axis by axis, Y, X, Z, by `AxisAlignedBB.calculateYOffset`/`X`/`Z` of every box in the list — strict overlaps on
the two other axes and no 1.0E-7 tolerance (1.14's `VoxelShape.calculateMaxDistance` has one), so a box that
already overlaps a block by a hair is not stopped by it. The list of a moving entity holds the boxes of the
entities near it after the blocks': solid ones (boats, shulkers) for everyone, and for a boat or minecart every
pushable one. Facts: MCP-named 1.12.2 `World.getCollisionBoxes`, `AxisAlignedBB`, `Entity.move`,
`EntityBoat`/`EntityMinecart.getCollisionBox` and `getCollisionBoundingBox` (docs/versions.md, "1.12.2 sources")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from engine.core.trace import box as gbox
from engine.core.versions import refusal
from engine.geometry.box import Box, Vec3, X, Y, Z
from engine.java.mathhelper import floor
from engine.world import blocks

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.entities.entity import Entity
    from engine.world.world import World


def _ceil(v: float) -> int:
    """`MathHelper.ceil` (1.12.2): (int)v, one more where v is above it."""
    i = floor(v)
    return i if v == i else i + 1


def get_collision_boxes(world: World, reach: Box, e: Entity | None = None) -> list[Box]:
    """`World.getCollisionBoxes(entity, aabb)`: the blocks' — the cells from floor(min) − 1 to ceil(max) (x outer,
    z, then y), without the corner columns and the top layer of the edge columns; each block's boxes that
    intersect `reach` strictly (`Block.addCollisionBoxToList`), in world coordinates —, then for an entity `e` the
    entities' (`entity_boxes`)."""
    x0, x1 = floor(reach.min_x) - 1, _ceil(reach.max_x) + 1
    y0, y1 = floor(reach.min_y) - 1, _ceil(reach.max_y) + 1
    z0, z1 = floor(reach.min_z) - 1, _ceil(reach.max_z) + 1
    states = blocks.all_states()
    out: list[Box] = []
    for x in range(x0, x1):
        for z in range(z0, z1):
            edge_x, edge_z = x == x0 or x == x1 - 1, z == z0 or z == z1 - 1
            if edge_x and edge_z:
                continue
            for y in range(y0, y1):
                if (edge_x or edge_z) and y == y1 - 1:
                    continue
                sid = world.get_state_id(x, y, z)
                if sid == 0:
                    continue
                for b in world.get_collision_shape(states[sid], x, y, z).boxes:
                    placed = b.offset(x, y, z)
                    if placed.intersects(reach):
                        out.append(placed)
    return out if e is None else out + entity_boxes(world, e, reach)


def entity_boxes(world: World, e: Entity, reach: Box) -> list[Box]:
    """The entities' part of `World.getCollisionBoxes(e, reach)`: each entity in `reach` grown by 0.25, not riding
    the same entity as `e` (`isRidingSameEntity`), whose box intersects `reach` strictly and is solid
    (`getCollisionBoundingBox`: boats, shulkers) or, for a moving boat or minecart, pushable (their
    `getCollisionBox(entity)`: the box of an entity that `canBePushed`). The sweep's result does not depend on the
    order (each box only shortens the offset)."""
    return [o.box for o in world.get_entities(e, reach.expand(0.25))
            if o.box.intersects(reach) and not e.is_connected_through_vehicle(o)
            and (o.collidable or e.collides_with_pushables and o.is_pushable())]


def calculate_offset(axis: int, obstacle: Box, box: Box, offset: float) -> float:
    """`AxisAlignedBB.calculateX/Y/ZOffset` of `obstacle` for `box` moving `offset` along `axis`: where the two
    overlap strictly on the other axes and `box` lies wholly on the near side, the gap if it is shorter."""
    a1, a2 = (axis + 1) % 3, (axis + 2) % 3
    if not (box[a1 + 3] > obstacle[a1] and box[a1] < obstacle[a1 + 3] and box[a2 + 3] > obstacle[a2]
            and box[a2] < obstacle[a2 + 3]):
        return offset
    if offset > 0.0 and box[axis + 3] <= obstacle[axis]:
        gap = obstacle[axis] - box[axis + 3]
        return gap if gap < offset else offset
    if offset < 0.0 and box[axis] >= obstacle[axis + 3]:
        gap = obstacle[axis + 3] - box[axis]
        return gap if gap > offset else offset
    return offset


def adjust_movement_for_collisions(e: Entity, movement: Vec3, sim: TickContext) -> Vec3:
    """1.12.2 `Entity.move`'s sweeps: the movement cut by the list's boxes along Y, then X, then Z, each axis from
    the box moved by the axes before. The world border (its cells as stone) is not compared: where it is in reach
    the run stops in one line. A horizontal collision on the ground or landing of an entity with a step height
    tries `step_up`."""
    world = sim.world
    box = e.box
    reach = box.stretch(movement.x, movement.y, movement.z)
    where = f"entity {e.id}, tick {sim.tick_count}"
    near = reach.stretch(0.0, e.step_height, 0.0)    # the step-up's list reaches the step height up
    if world.border_in_reach(near.expand(1.0)):
        raise refusal(sim.features, "entity_move", where, "the 1.12.2 world border (its outside cells as stone, "
                      "isOutsideBorder) is not compared")
    m, box = sweep(get_collision_boxes(world, reach, e), box, [movement.x, movement.y, movement.z], (Y, X, Z))
    if e.step_height > 0.0 and (e.on_ground or movement.y != m[Y] and movement.y < 0.0) \
            and (movement.x != m[X] or movement.z != m[Z]):
        return step_up(e, world, movement, m)
    return Vec3(m[X], m[Y], m[Z])


def sweep(boxes: list[Box], box: Box, m: list[float], axes: tuple[int, ...]) -> tuple[list[float], Box]:
    """Each axis of `axes` in turn: its movement cut by every box of the list (`calculate_offset`), the box moved
    by it. Returns the movement and the moved box."""
    for axis in axes:
        if m[axis] == 0.0:
            continue
        for obstacle in boxes:
            m[axis] = calculate_offset(axis, obstacle, box, m[axis])
        box = box.offset(*(m[axis] if a == axis else 0.0 for a in range(3)))
    return m, box


def step_up(e: Entity, world: World, movement: Vec3, collided: list[float]) -> Vec3:
    """1.12.2 `Entity.move`'s step-up, where a horizontal move on the ground (or landing) collided: `two_tries`
    over the list for the box stretched by the wanted X and Z and the step height up."""
    boxes = get_collision_boxes(world, e.box.stretch(movement.x, float(e.step_height), movement.z), e)
    return two_tries(e, movement, collided, partial(sweep, boxes), None)


def two_tries(e: Entity, movement: Vec3, collided: Sequence[float],
              sweep_axes: Callable[[Box, list[float], tuple[int, ...]], tuple[list[float], Box]],
              rec: Recorder | None) -> Vec3:
    """The step-up of 1.12.2 and 1.13.2 (`Entity.move`): from the box before the move, two tries — up by the step
    height cut over the box stretched by X and Z, then X, then Z; and up from the box itself, then X, then Z —; the
    one going further horizontally (the first only if strictly further) is lowered by its rise cut down (1.14:
    by the rise and the wanted Y), and kept if it goes further than the collided move (else the collided move
    stands). `sweep_axes(box, movement, axes)` cuts the movement along the axes in turn (1.12.2's box list, 1.13.2's
    VoxelShapes) and returns it with the box moved by it. The box is moved by each offset in turn
    (`Entity.stepped_box`); the movement returned is X, the total rise, Z."""
    start = e.box
    h = float(e.step_height)
    tries = []
    for probe in (start.stretch(movement.x, 0.0, movement.z), start):
        up = sweep_axes(probe, [0.0, h, 0.0], (Y,))[0][Y]
        m, box = sweep_axes(start.offset(0.0, up, 0.0), [movement.x, 0.0, movement.z], (X, Z))
        tries.append((m[X] * m[X] + m[Z] * m[Z], m, up, box))
        if rec is not None:
            rec.geometry(gbox("step_up_candidate", box, candidate="raised" if probe is not start else "direct"))
    far, m, up, box = tries[0] if tries[0][0] > tries[1][0] else tries[1]
    down, box = sweep_axes(box, [0.0, -up, 0.0], (Y,))
    if collided[X] * collided[X] + collided[Z] * collided[Z] >= far:
        return Vec3(collided[X], collided[Y], collided[Z])
    e.stepped_box = box
    if rec is not None:
        rec.geometry(gbox("step_up_chosen", box))
    return Vec3(m[X], up + down[Y], m[Z])
