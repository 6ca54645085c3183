"""`Entity.adjustMovementForCollisions`: per-axis sweeps against blocks, the world border and solid
entities, then step-up (spec 03 §3, §4; seed 003's code).

Vanilla has two paths: a movement along one axis sweeps cell by cell in block-local coordinates
(`adjustSingleAxisMovementForCollisions` → `VoxelShapes.calculatePushVelocity`); any other movement collects the
shapes around the stretched box and sweeps in world coordinates (`VoxelShapes.calculateMaxOffset`). Both are
kept, because their roundings differ.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.constants import COLLISION_EPSILON, STEP_PROBE_BELOW
from engine.core.trace import box as gbox
from engine.core.trace import segment
from engine.geometry.box import Box, Vec3, X, Y, Z
from engine.geometry.shapes import calculate_max_offset, intersects_box
from engine.java.javanum import f32, wrap_int
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.motion.collision_boxes import two_tries
from engine.motion.collision_kernel import COLLIDED, RAISED, step_up_choice, steps_up
from engine.world import blocks

if TYPE_CHECKING:

    from engine.core.trace import Recorder
    from engine.entities.entity import Entity
    from engine.world.shape_context import ShapeContext
    from engine.world.world import ShapeAt, World

EPS = COLLISION_EPSILON
LONG_SWEEP_LAYERS = 4096   # longer single-axis sweeps visit only layers that cross filled sections
WIDE_SWEEP_CELLS = 4096    # a wider cross-section visits only the cells of filled sections
ORIGIN = (0.0, 0.0, 0.0)
# step-up's test and choice are the kernels' own source (docs/architecture.md, "Each stage written once")
_steps_up, _step_up_choice = plain(steps_up), plain(step_up_choice)
Sweep = tuple[int, Box, float, float]   # axis, box before the sweep, asked, allowed


def _sweep_order(d: float, f: float, yxz: bool) -> tuple[int, int]:
    """Y first; then X unless |x| < |z| strictly (1.14+); before 1.14 always X then Z (spec 03 §3)."""
    return (X, Z) if yxz or not abs(d) < abs(f) else (Z, X)


def _collide(movement: Vec3, box: Box, offset_fn, yxz: bool, sweeps: list[Sweep] | None) -> Vec3:
    """The shared axis sequence of both vanilla paths; `offset_fn(axis, box, dist)` is one sweep."""
    m = [movement.x, movement.y, movement.z]
    if m[Y] != 0.0:
        asked = m[Y]
        m[Y] = offset_fn(Y, box, asked)
        if sweeps is not None:
            sweeps.append((Y, box, asked, m[Y]))
        if m[Y] != 0.0:
            box = box.offset(0.0, m[Y], 0.0)
    first, second = _sweep_order(m[X], m[Z], yxz)
    for axis in (first, second):
        if m[axis] != 0.0:
            asked = m[axis]
            m[axis] = offset_fn(axis, box, asked)
            if sweeps is not None:
                sweeps.append((axis, box, asked, m[axis]))
            if axis == first and m[axis] != 0.0:
                box = box.offset(m[X], 0.0, 0.0) if axis == X else box.offset(0.0, 0.0, m[Z])
    return Vec3(m[X], m[Y], m[Z])


def calculate_push_velocity(axis: int, box: Box, world: World, initial: float, extra: list[ShapeAt],
                            context: ShapeContext | None = None) -> float:
    """`VoxelShapes.calculatePushVelocity`: the single-axis sweep, cell by cell in local coordinates, the shapes
    the entity's `context` gets."""
    if box.max_x - box.min_x < 1.0e-6 or box.max_y - box.min_y < 1.0e-6 or box.max_z - box.min_z < 1.0e-6:
        return initial
    if abs(initial) < EPS:
        return 0.0
    a1 = (axis + 1) % 3          # vanilla's `axis` and `axis2` for this sweep direction
    a2 = (axis + 2) % 3
    i = wrap_int(floor(box[a1] - EPS) - 1)      # int arithmetic wraps as in Java
    j = wrap_int(floor(box[a1 + 3] + EPS) + 1)
    k = wrap_int(floor(box[a2] - EPS) - 1)
    l2 = wrap_int(floor(box[a2 + 3] + EPS) + 1)
    positive = initial > 0.0

    def far_layer(dist: float) -> int:
        return wrap_int(floor(box[axis + 3] + dist + EPS) + 1 if positive else floor(box[axis] + dist - EPS) - 1)

    m = wrap_int(floor(box[axis + 3] - EPS) - 1 if positive else floor(box[axis] + EPS) + 1)
    n = far_layer(initial)
    get = world.get_state_id
    states = blocks.all_states()
    pos = [0, 0, 0]
    layers, keys = _layers(world, axis, m, n, (i, j), (k, l2), a1, a2)
    for p in layers:
        if (p > n) if positive else (p < n):
            break
        for q, r in _cross_section(p, (i, j), (k, l2), axis, a1, a2, keys):
            edges = (q == i or q == j) + (r == k or r == l2) + (p == m or p == n)
            if edges >= 3:
                continue
            pos[a1], pos[a2], pos[axis] = q, r, p
            sid = get(pos[0], pos[1], pos[2])
            if sid == 0:
                continue
            st = states[sid]
            if (edges == 1 and not st.exceeds_cube) or (edges == 2 and st.block != "moving_piston"):
                continue
            shape = world.get_collision_shape(st, pos[0], pos[1], pos[2], context)
            local = box.offset(-pos[0], -pos[1], -pos[2])
            initial = shape.calculate_max_distance(ORIGIN, axis, local, initial)
            if abs(initial) < EPS:
                return 0.0
            n = far_layer(initial)
    for shape, o in extra:
        initial = shape.calculate_max_distance(o, axis, box, initial)
    return initial


def _layers(world: World, axis: int, m: int, n: int, qs: tuple[int, int], rs: tuple[int, int], a1: int,
            a2: int) -> tuple[list[int] | range, list[tuple[int, int, int]] | None]:
    """The layers m → n a single-axis sweep visits: all of them, or for a long sweep only those crossing a
    filled section (the others hold no block, so they change nothing); and for a long sweep or a wide cross-section
    (a step-up box stretched 3e7 along the movement), the filled sections it crosses."""
    step = 1 if n >= m else -1
    if abs(n - m) <= LONG_SWEEP_LAYERS and (qs[1] - qs[0] + 1) * (rs[1] - rs[0] + 1) <= WIDE_SWEEP_CELLS:
        return range(m, n + step, step), None
    lo, hi = min(m, n), max(m, n)
    bounds = [0, 0, 0, 0, 0, 0]
    bounds[axis], bounds[axis + 3] = lo, hi
    bounds[a1], bounds[a1 + 3] = qs
    bounds[a2], bounds[a2 + 3] = rs
    keys = world.filled_sections_in(*bounds)
    if abs(n - m) <= LONG_SWEEP_LAYERS:
        return range(m, n + step, step), keys
    layers = sorted({p for key in keys for p in range(max(lo, key[axis] << 4), min(hi, (key[axis] << 4) + 15) + 1)})
    return (layers if step > 0 else layers[::-1]), keys


def _cross_section(p: int, qs: tuple[int, int], rs: tuple[int, int], axis: int, a1: int, a2: int,
                   keys: list[tuple[int, int, int]] | None) -> Iterable[tuple[int, int]]:
    """The cells (q, r) of layer `p` in vanilla's order (q outer, r inner): all of them, or, given the filled
    sections, only the cells inside them. The others hold air, which changes nothing (in the world or out of its
    height, where void air has no shape), so the result is the same at a cost bounded by the blocks present."""
    if keys is None:
        return ((q, r) for q in range(qs[0], qs[1] + 1) for r in range(rs[0], rs[1] + 1))
    cells = []
    for key in keys:
        if key[axis] != p >> 4:
            continue
        q0, r0 = key[a1] << 4, key[a2] << 4
        cells.extend((q, r) for q in range(max(qs[0], q0), min(qs[1], q0 + 15) + 1)
                     for r in range(max(rs[0], r0), min(rs[1], r0 + 15) + 1))
    return sorted(cells)


def adjust_movement(movement: Vec3, box: Box, world: World, extra: list[ShapeAt], yxz: bool,
                    context: ShapeContext | None = None, sweeps: list[Sweep] | None = None) -> Vec3:
    """Static `Entity.adjustMovementForCollisions(entity, movement, box, world, context, collisions)`."""
    zx, zy, zz = movement.x == 0.0, movement.y == 0.0, movement.z == 0.0
    if (zx and zy) or (zx and zz) or (zy and zz):
        return _collide(movement, box, lambda a, b, d: calculate_push_velocity(a, b, world, d, extra, context),
                        yxz, sweeps)
    shapes = extra + world.get_block_collisions(box.stretch(movement.x, movement.y, movement.z), context)
    return _collide(movement, box, lambda a, b, d: calculate_max_offset(a, b, shapes, d), yxz, sweeps)


def _extra_shapes(entity: Entity, world: World, reach: Box) -> list[ShapeAt]:
    """The shapes other than blocks' an entity's sweeps in `reach` meet: solid entities' boxes, and the world
    border where it is in reach and the box is not outside it."""
    extra: list[ShapeAt] = world.get_entity_collisions(entity, reach)
    if world.border_in_reach(reach) and not intersects_box(world.border_shape, ORIGIN, entity.box.contract(EPS)):
        extra.append((world.border_shape, ORIGIN))
    return extra


def adjust_movement_for_collisions(entity: Entity, movement: Vec3, world: World, yxz: bool,
                                   rec: Recorder | None, step_heights: bool = False,
                                   step_up_1_13: bool = False) -> Vec3:
    """Instance `Entity.adjustMovementForCollisions(Vec3d)`: border and solid entities, sweeps, step-up (from 1.21
    by the heights of `collect_step_heights`, `step_up_heights`; 1.13.2's on the motion fields: `step_up_1_13`),
    every block query with the entity's shape context (`ShapeContext.of(this)`, made once: the entity does not
    move meanwhile)."""
    box = entity.box
    context = entity.shape_context(world)
    extra = _extra_shapes(entity, world, box.stretch(movement.x, movement.y, movement.z))
    sweeps: list[Sweep] | None = [] if rec is not None else None
    collided = movement if movement.length_squared() == 0.0 else \
        adjust_movement(movement, box, world, extra, yxz, context, sweeps)
    if rec is not None:
        _record_sweeps(rec, world, extra, sweeps, context)
    h = entity.step_height
    if not _steps_up(h, entity.on_ground, *movement, *collided):
        return collided
    if step_up_1_13:
        return _step_up_1_13(entity, movement, collided, world, rec)
    if step_heights:
        return _step_up_1_21(entity, movement, collided, world, extra, yxz, context, rec)
    a = adjust_movement(Vec3(movement.x, h, movement.z), box, world, extra, yxz, context)
    up = adjust_movement(Vec3(0.0, h, 0.0), box.stretch(movement.x, 0.0, movement.z), world, extra, yxz, context)
    b = adjust_movement(Vec3(movement.x, 0.0, movement.z), box.offset(up.x, up.y, up.z), world, extra,
                        yxz, context).plus(up)
    if rec is not None:
        rec.geometry(gbox("step_up_candidate", box.offset(*a), candidate="direct"))
        rec.geometry(gbox("step_up_candidate", box.offset(*b), candidate="raised"))
    kept = _step_up_choice(a.x, a.z, b.x, b.z, up.y, collided.x, collided.z, h)
    if kept == COLLIDED:
        return collided
    if kept == RAISED:
        a = b
    settle = adjust_movement(Vec3(0.0, -a.y + movement.y, 0.0), box.offset(a.x, a.y, a.z), world, extra, yxz,
                             context)
    result = a.plus(settle)
    if rec is not None:
        rec.geometry(gbox("step_up_chosen", box.offset(*result)))
    return result


def _step_up_1_13(entity: Entity, movement: Vec3, collided: Vec3, world: World, rec: Recorder | None) -> Vec3:
    """1.13.2 `Entity.move`'s step-up: 1.12.2's (`collision_boxes.two_tries`) over `VoxelShapes.getAllowedOffset`
    of the shapes in the box stretched by the wanted X, the step height and Z (no 1.13.2 block reads a shape
    context: the absent one's shapes)."""
    extra = _extra_shapes(entity, world, entity.box.stretch(movement.x, float(entity.step_height), movement.z))

    def sweep_axes(box: Box, m: list[float], axes: tuple[int, ...]) -> tuple[list[float], Box]:
        v = adjust_movement(Vec3(*m), box, world, extra, True, None)   # Y, then X, then Z: the axes asked
        return [v.x, v.y, v.z], box.offset(v.x, v.y, v.z)

    return two_tries(entity, movement, collided, sweep_axes, rec)


def _step_up_1_21(entity: Entity, movement: Vec3, collided: Vec3, world: World, extra: list[ShapeAt], yxz: bool,
                  context: ShapeContext, rec: Recorder | None) -> Vec3:
    """1.21 step-up: from the box (lowered by the collided Y when it fell onto something), the movement with each
    height of `collect_step_heights` in ascending order; the first that moves further horizontally than the
    collided movement is kept at that height, less the lowering."""
    box = entity.box
    h = entity.step_height
    fell = movement.y != collided.y and movement.y < 0.0
    start = box.offset(0.0, collided.y, 0.0) if fell else box
    reach = start.stretch(movement.x, h, movement.z)
    if not fell:
        reach = reach.stretch(0.0, -STEP_PROBE_BELOW, 0.0)
    shapes = extra + world.get_block_collisions(reach, context)
    for g in collect_step_heights(start, shapes, h, f32(collided.y)):
        stepped = adjust_movement(Vec3(movement.x, g, movement.z), start, world, extra, yxz, context)
        if rec is not None:
            rec.geometry(gbox("step_up_candidate", start.offset(*stepped), candidate=f"height {g}"))
        if stepped.horizontal_length_squared() > collided.horizontal_length_squared():
            result = stepped.add(0.0, -(box.min_y - start.min_y), 0.0)
            if rec is not None:
                rec.geometry(gbox("step_up_chosen", box.offset(*result)))
            return result
    return collided


def collect_step_heights(box: Box, shapes: list[ShapeAt], step_height: float, collided_y: float) -> list[float]:
    """1.21 `Entity.collectStepHeights`: for each shape, its Y points above the box's bottom as floats
    ((float)(y − minY)), skipping negative ones and the collided Y, up to the step height (a shape's points
    ascend: the first above it ends that shape); the distinct heights in ascending order."""
    heights: set[float] = set()
    for shape, o in shapes:
        for c in shape.coords[Y]:
            g = f32((c + o[1]) - box.min_y)
            if g < 0.0 or g == collided_y:
                continue
            if g > step_height:
                break
            heights.add(g)
    return sorted(heights)


def _record_sweeps(rec: Recorder, world: World, extra: list[ShapeAt], sweeps: list[Sweep],
                   context: ShapeContext) -> None:
    """Axis sweeps as geometry: the box's bottom-centre path, where it was clipped, and by which shape."""
    for axis, b, asked, allowed in sweeps:
        start = b.bottom_center()
        end = list(start)
        end[axis] += asked
        clipped = None
        extra_fields = {}
        after = b.offset(*(allowed if a == axis else 0.0 for a in range(3)))
        if allowed != asked:
            clipped = list(start)
            clipped[axis] += allowed
            for shape, o in extra + world.get_block_collisions(b.stretch(*(asked if a == axis else 0.0
                                                                          for a in range(3))), context):
                if shape.calculate_max_distance(o, axis, b, asked) == allowed:
                    extra_fields["clipped_by"] = {"pos": [int(c) for c in o] if shape is not world.border_shape
                                                  else None, "boxes": [list(x.offset(*o)) for x in shape.boxes]
                                                  if shape is not world.border_shape else "world_border"}
                    break
        rec.geometry(segment(f"axis_sweep_{'xyz'[axis]}", start, end, clipped, box=after.as_lists(),
                             **extra_fields))
