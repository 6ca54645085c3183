"""The geometry and the effect queue of 1.21.7's block walk (`apply_effects_from_blocks`; the walk itself is
`engine.motion.block_effects.apply_effects_from_blocks`): the recorded movements of a tick (`Entity.Movement`,
`Entity.addMovementThisTick`), the cells a box meets along a movement with their step index
(`BlockGetter.forEachBlockIntersectedBetween`, 1.21.7's and 1.21.10's), the path test of a shape
(`AABB.collidedAlongVector`) and `InsideBlockEffectApplier.StepBasedCollector`, which applies the effects of a step
by their type."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from engine.constants import (
    MOVEMENTS_PER_TICK,
    SWEEP_CELL_MARGIN,
    SWEEP_MAX_STEPS,
    SWEEP_MIN_LENGTH_SQUARED,
    WALK_SHORT_MOVE_SQUARED,
)
from engine.geometry.box import Box, Vec3
from engine.java.mathhelper import floor
from engine.motion.raycast import raycast_boxes, voxel_walk

if TYPE_CHECKING:
    from engine.entities.entity import Entity
    from engine.geometry.box import BlockPos


class Movement(NamedTuple):
    """`Entity.Movement`: a move of the tick. `wanted`: the movement `Entity.move` was asked for (after the
    stuck multiplier and the sneaking edge, before collisions), None for one walked whole. 1.21.7's record keeps
    only whether it was `Entity.move`'s (`axisIndependant`: walked axis by axis in the order of the moved delta);
    1.21.10's keeps the movement itself (`axisDependentOriginalMovement`: the axis order is the wanted one's)."""

    start: Vec3
    end: Vec3
    wanted: Vec3 | None


def add_movement_this_tick(e: Entity, movement: Movement) -> None:
    """`Entity.addMovementThisTick`: at the cap (100) the first two are merged into one, walked whole."""
    kept = e.movements
    if len(kept) >= MOVEMENTS_PER_TICK:
        kept = (Movement(kept[0].start, kept[1].end, None), *kept[2:])
    e.movements = (*kept, movement)


def axis_step_order(v: Vec3) -> tuple[int, int, int]:
    """`Direction.axisStepOrder` (1.21.7: `Entity.axisStepOrder`): Y, Z, X where |x| < |z|, else Y, X, Z."""
    return (1, 2, 0) if abs(v.x) < abs(v.z) else (1, 0, 2)


def axis_steps(start: Vec3, end: Vec3, order: tuple[int, int, int]) -> list[tuple[Vec3, Vec3]]:
    """An axis-independent movement's steps in the axis `order` (`axis_step_order` of the moved delta in
    1.21.7, of the wanted movement from 1.21.10), each from where the last ended, moved along one axis by that
    axis's component (`Vec3.relative`); an axis that does not move makes no step."""
    d = (end.x - start.x, end.y - start.y, end.z - start.z)
    steps = []
    at = start
    for a in order:
        if d[a] == 0.0:
            continue
        nxt = Vec3(at.x + d[0], at.y, at.z) if a == 0 else \
            Vec3(at.x, at.y + d[1], at.z) if a == 1 else Vec3(at.x, at.y, at.z + d[2])
        steps.append((at, nxt))
        at = nxt
    return steps


def blocks_intersected_between(start: Vec3, end: Vec3, box: Box) -> list[tuple[BlockPos, int]]:
    """`BlockGetter.forEachBlockIntersectedBetween(from, to, box, visitor)` (1.21.7): (cell, step) pairs. Shorter
    than 0.99999F: the box's cells (x fastest, then y, z), step 0. Else first the cells the box's min corner
    sweeps from where it was (`addCollisionsAlongTravel`: a voxel walk of at most 17 cells from exactly min −
    movement to min — 1.21.2's walk nudged both ends 1.0E-7 further —, each cell the segment meets widened by
    the box's lengths from its hit clamped 1.0E-5F inside, with the walk's count as its step), then the box's
    cells not met yet, at the last count + 1."""
    x0, y0, z0 = floor(box.min_x), floor(box.min_y), floor(box.min_z)
    x1, y1, z1 = floor(box.max_x), floor(box.max_y), floor(box.max_z)
    cells = [(x, y, z) for z in range(z0, z1 + 1) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
    dx, dy, dz = end.x - start.x, end.y - start.y, end.z - start.z
    if dx * dx + dy * dy + dz * dz < SWEEP_MIN_LENGTH_SQUARED:
        return [(c, 0) for c in cells]
    to = Vec3(box.min_x, box.min_y, box.min_z)
    frm = Vec3(to.x - dx, to.y - dy, to.z - dz)
    lx, ly, lz = box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z
    out: list[tuple[BlockPos, int]] = []
    seen: set[BlockPos] = set()
    count = 0
    for i, j, k in voxel_walk(frm.x, frm.y, frm.z, dx, dy, dz):
        count += 1
        if count > SWEEP_MAX_STEPS + 1:
            break
        hit = raycast_boxes((Box.of(0.0, 0.0, 0.0, 1.0, 1.0, 1.0),), frm, to, (i, j, k))
        if hit is None:
            continue
        q = min(max(hit.pos.x, i + SWEEP_CELL_MARGIN), i + 1.0 - SWEEP_CELL_MARGIN)
        r = min(max(hit.pos.y, j + SWEEP_CELL_MARGIN), j + 1.0 - SWEEP_CELL_MARGIN)
        s = min(max(hit.pos.z, k + SWEEP_CELL_MARGIN), k + 1.0 - SWEEP_CELL_MARGIN)
        for c in ((u, v, w) for u in range(i, floor(q + lx) + 1) for v in range(j, floor(r + ly) + 1)
                  for w in range(k, floor(s + lz) + 1)):
            if c not in seen:
                seen.add(c)
                out.append((c, count))
    return out + [(c, count + 1) for c in cells if c not in seen]


def cells_in_direction(x0: int, y0: int, z0: int, x1: int, y1: int, z1: int, d: Vec3) -> Iterator[BlockPos]:
    """`BlockPos.betweenCornersInDirection` (1.21.10): the cells between two corners, from the corner the
    movement `d` leaves (the low end of an axis where d ≥ 0), the first axis of `axis_step_order(d)` outermost
    and its last innermost, each stepped the way `d` points."""
    lo, hi = (min(x0, x1), min(y0, y1), min(z0, z1)), (max(x0, x1), max(y0, y1), max(z0, z1))
    comps = (d.x, d.y, d.z)
    first = [lo[a] if comps[a] >= 0.0 else hi[a] for a in range(3)]
    step = [1 if comps[a] >= 0.0 else -1 for a in range(3)]
    a1, a2, a3 = axis_step_order(d)
    for i in range(hi[a1] - lo[a1] + 1):
        for j in range(hi[a2] - lo[a2] + 1):
            for k in range(hi[a3] - lo[a3] + 1):
                c = list(first)
                c[a1] += step[a1] * i
                c[a2] += step[a2] * j
                c[a3] += step[a3] * k
                yield c[0], c[1], c[2]


def furthest_corner(d: Vec3) -> tuple[int, int, int]:
    """`BlockGetter.getFurthestCorner` (1.21.10, 1.21.11 the same): the corner of the box the walk follows, as
    the game has it (by the smallest component of `d`, the signs of the others permuted)."""
    sx, sy, sz = (1 if d.x >= 0.0 else -1), (1 if d.y >= 0.0 else -1), (1 if d.z >= 0.0 else -1)
    ax, ay, az = abs(d.x), abs(d.y), abs(d.z)
    if ax <= ay and ax <= az:
        return -sx, -sz, sy
    return (sz, -sy, -sx) if ay <= az else (-sy, sx, -sz)


def blocks_intersected_between_1_21_10(start: Vec3, end: Vec3, box: Box) -> Iterator[tuple[BlockPos, int]]:
    """`BlockGetter.forEachBlockIntersectedBetween(from, to, box, visitor)` (1.21.10): (cell, step) pairs, lazily
    (the visitor stops the walk). Shorter than 1.0E-5F: the box's cells (x fastest), step 0. Else the cells of
    the box at the start (the box moved back by the movement) in the movement's direction at step 0; then the
    walk of the box's `furthest_corner` from where it was (`addCollisionsAlongTravel`: uncapped; each cell the
    corner's segment enters counts a step, its hit clamped 1.0E-5F inside and widened back by the box's lengths,
    the cells between in the movement's direction); then the box's cells not met yet, at the last count + 1."""
    d = Vec3(end.x - start.x, end.y - start.y, end.z - start.z)
    if d.x * d.x + d.y * d.y + d.z * d.z < WALK_SHORT_MOVE_SQUARED:
        for z in range(floor(box.min_z), floor(box.max_z) + 1):
            for y in range(floor(box.min_y), floor(box.max_y) + 1):
                for x in range(floor(box.min_x), floor(box.max_x) + 1):
                    yield (x, y, z), 0
        return
    seen: set[BlockPos] = set()
    for c in cells_in_direction(floor(box.min_x - d.x), floor(box.min_y - d.y), floor(box.min_z - d.z),
                                floor(box.max_x - d.x), floor(box.max_y - d.y), floor(box.max_z - d.z), d):
        yield c, 0
        seen.add(c)
    lx, ly, lz = box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z
    kx, ky, kz = furthest_corner(d)
    to = Vec3(box.min_x + 0.5 * lx + lx * 0.5 * kx, box.min_y + 0.5 * ly + ly * 0.5 * ky,
              box.min_z + 0.5 * lz + lz * 0.5 * kz)        # AABB.getCenter (Mth.lerp(0.5, min, max)) + half the lengths
    frm = Vec3(to.x - d.x, to.y - d.y, to.z - d.z)
    count = 0
    for i, j, k in voxel_walk(frm.x, frm.y, frm.z, d.x, d.y, d.z):
        hit = raycast_boxes((Box.of(0.0, 0.0, 0.0, 1.0, 1.0, 1.0),), frm, to, (i, j, k))
        if hit is None:
            continue
        count += 1
        q = min(max(hit.pos.x, i + SWEEP_CELL_MARGIN), i + 1.0 - SWEEP_CELL_MARGIN)
        r = min(max(hit.pos.y, j + SWEEP_CELL_MARGIN), j + 1.0 - SWEEP_CELL_MARGIN)
        s = min(max(hit.pos.z, k + SWEEP_CELL_MARGIN), k + 1.0 - SWEEP_CELL_MARGIN)
        for c in cells_in_direction(i, j, k, floor(q - lx * kx), floor(r - ly * ky), floor(s - lz * kz), d):
            if c not in seen:
                seen.add(c)
                yield c, count
    for c in cells_in_direction(floor(box.min_x), floor(box.min_y), floor(box.min_z), floor(box.max_x),
                                floor(box.max_y), floor(box.max_z), d):
        if c not in seen:
            seen.add(c)
            yield c, count + 1


def collided_along_vector(box: Box, dx: float, dy: float, dz: float, shape: Box) -> bool:
    """`AABB.collidedAlongVector(vector, [shape])`: `shape` grown by half the box's lengths holds the box's
    centre or the centre moved by the vector (half-open, `AABB.contains`), or the segment between them enters
    it (`AABB.clip`)."""
    c = Vec3(box.min_x + 0.5 * (box.max_x - box.min_x), box.min_y + 0.5 * (box.max_y - box.min_y),
             box.min_z + 0.5 * (box.max_z - box.min_z))                   # AABB.getCenter: Mth.lerp(0.5, min, max)
    end = Vec3(c.x + dx, c.y + dy, c.z + dz)
    grown = shape.expand((box.max_x - box.min_x) * 0.5, (box.max_y - box.min_y) * 0.5,
                         (box.max_z - box.min_z) * 0.5)
    for p in (end, c):
        if grown.min_x <= p.x < grown.max_x and grown.min_y <= p.y < grown.max_y and \
                grown.min_z <= p.z < grown.max_z:
            return True
    return raycast_boxes((grown,), c, end, (0, 0, 0)) is not None


# InsideBlockEffectType, in its declaration order (the order StepBasedCollector applies a step's effects in)
FREEZE, FIRE_IGNITE, LAVA_IGNITE, EXTINGUISH = range(4)
EFFECT_TYPES = (FREEZE, FIRE_IGNITE, LAVA_IGNITE, EXTINGUISH)
Effect = Callable[["Entity"], None]


class StepBasedCollector:
    """`InsideBlockEffectApplier.StepBasedCollector`: a step's effects are kept by type (each type once per step,
    with the actions to run before and after it) and queued in type order when the step changes; the queue runs
    at the end of the walk while the entity is alive (`applyAndClear`)."""

    def __init__(self, effects: dict[int, Effect]) -> None:
        self._effects = effects                # type → its effect (InsideBlockEffectType.effect)
        self._in_step: set[int] = set()
        self._before: dict[int, list[Effect]] = {t: [] for t in EFFECT_TYPES}
        self._after: dict[int, list[Effect]] = {t: [] for t in EFFECT_TYPES}
        self._queue: list[Effect] = []
        self._step = -1

    def advance_step(self, step: int) -> None:
        if self._step != step:
            self._step = step
            self._flush_step()

    def apply(self, effect_type: int) -> None:
        self._in_step.add(effect_type)

    def run_before(self, effect_type: int, action: Effect) -> None:
        self._before[effect_type].append(action)

    def run_after(self, effect_type: int, action: Effect) -> None:
        self._after[effect_type].append(action)

    def apply_and_clear(self, e: Entity) -> None:
        self._flush_step()
        for action in self._queue:
            if e.removed:                                                   # isAlive
                break
            action(e)
        self._queue.clear()
        self._step = -1

    def _flush_step(self) -> None:
        for t in EFFECT_TYPES:
            self._queue += self._before[t]
            self._before[t].clear()
            if t in self._in_step:
                self._in_step.discard(t)
                self._queue.append(self._effects[t])
            self._queue += self._after[t]
            self._after[t].clear()
