"""A vectorised entity phase step for runs of TNT in free flight (style E6: numpy for the 10k-TNT loop).

A TNT whose whole neighbourhood is air (no block within 3 m of its box and its move, the border far, no solid
entity in the world) reads only air in every query of its tick (spec 06 §1.2): `Entity.move` leaves the movement
unchanged, no flag is set, no block acts, and there is no fluid. Its tick is then plain arithmetic, done here for
many entities at once with the same IEEE double operations in the same order, so the result is bit-identical to
`Tnt.tick` (tests/engine/test_batch.py checks this against the scalar path).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

import numpy as np

from engine.constants import (
    COLLISION_EPSILON,
    MIN_MOVE_LENGTH_SQUARED,
    MOVEMENT_MULTIPLIER_MIN_SQUARED,
    SECTION_SIZE,
    TNT_DRAG,
    TNT_GRAVITY,
)
from engine.geometry.box import Box, Vec3
from engine.world.world import MAX_Y, MIN_Y

if TYPE_CHECKING:
    from engine.entities.tnt import Tnt
    from engine.world.world import World

REACH = 3.0   # every block query of a TNT tick lies within 2.5 m of its box and move; one more for margin
SMALL_WORLD_SECTIONS = 64   # up to this many filled sections, test them all at once with numpy
_new = tuple.__new__


def _sections_empty(world: World, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Per row: every 16³ section overlapping the cells floor(lo)..floor(hi) holds no block. The rows lie inside
    the border in x and z; y is unbounded, so it is clipped to one section beyond the build range first."""
    filled = world.filled_section_keys()
    if not filled:
        return np.ones(len(lo), dtype=bool)
    y_range = (MIN_Y - SECTION_SIZE, MAX_Y + SECTION_SIZE)
    c_lo = np.floor(lo)
    c_hi = np.floor(hi)
    c_lo[:, 1] = np.clip(c_lo[:, 1], *y_range)
    c_hi[:, 1] = np.clip(c_hi[:, 1], *y_range)
    c_lo, c_hi = c_lo.astype(np.int64), c_hi.astype(np.int64)
    if len(filled) <= SMALL_WORLD_SECTIONS:
        s_lo, s_hi = c_lo >> 4, c_hi >> 4
        ok = np.ones(len(lo), dtype=bool)
        for k in np.array(filled, dtype=np.int64):   # a section conflicts when inside the row's range on all axes
            ok &= ~np.all((s_lo <= k) & (k <= s_hi), axis=1)
        return ok
    return np.array([not world.filled_sections_in(*a, *b) for a, b in zip(c_lo.tolist(), c_hi.tolist(), strict=True)],
                    dtype=bool)


class Gathered:
    """The fields of a run of TNT as arrays, read once for the check and the step."""

    def __init__(self, run: list[Tnt]) -> None:
        self.run = run
        n = len(run)
        self.pos = np.fromiter(chain.from_iterable(e.pos for e in run), np.float64, 3 * n).reshape(n, 3)
        self.mot = np.fromiter(chain.from_iterable(e.motion for e in run), np.float64, 3 * n).reshape(n, 3)
        self.box = np.fromiter(chain.from_iterable(e.box for e in run), np.float64, 6 * n).reshape(n, 6)
        self.fall = np.fromiter((e.fall_distance for e in run), np.float64, n)
        self.gravity = np.array([not e.no_gravity for e in run], dtype=bool)
        self.ok = np.array([not e.removed and e.fuse >= 2 and not e.no_clip and e.vehicle is None and not e.passengers
                            and e.movement_multiplier.length_squared() <= MOVEMENT_MULTIPLIER_MIN_SQUARED
                            for e in run], dtype=bool)

    def movement(self) -> np.ndarray:
        """Motion after gravity: add(0, -0.04, 0); the 0.0 added to X and Z turns -0.0 into 0.0, as in Java."""
        m = self.mot.copy()
        m[self.gravity] += (0.0, TNT_GRAVITY, 0.0)
        return m


def free_flight_mask(world: World, g: Gathered) -> np.ndarray:
    """Which TNT of the run can take the vectorised tick now (see the module docstring)."""
    if world.collidable_count:
        return np.zeros(len(g.run), dtype=bool)
    m = g.movement()
    finite = np.isfinite(g.pos).all(1) & np.isfinite(m).all(1) & np.isfinite(g.box).all(1)
    single = (m == 0.0).sum(1) == 2     # the single-axis sweep zeroes a lone component below 1e-7
    tiny = single & (np.abs(m).max(1) < COLLISION_EPSILON)
    with np.errstate(invalid="ignore", over="ignore"):   # rows with inf or NaN are not `finite`: never taken
        lo = np.minimum(g.box[:, :3], g.box[:, :3] + m) - REACH
        hi = np.maximum(g.box[:, 3:], g.box[:, 3:] + m) + REACH
    xs, zs = world.border_shape.coords[0], world.border_shape.coords[2]
    inside = (lo[:, 0] > xs[1]) & (hi[:, 0] < xs[2]) & (lo[:, 2] > zs[1]) & (hi[:, 2] < zs[2])
    mask = g.ok & finite & ~tiny & inside
    if mask.any():
        idx = np.flatnonzero(mask)
        mask[idx] = _sections_empty(world, lo[idx], hi[idx])
    return mask


def tick_free_flight(world: World, g: Gathered, sel: np.ndarray) -> None:
    """`TntEntity.tick` for the TNT at indices `sel` of a checked run: G, M (no collision), D, fuse, F (no fluid)."""
    run = [g.run[i] for i in sel.tolist()]
    pos, box, fall = g.pos[sel], g.box[sel], g.fall[sel]
    with np.errstate(over="ignore", invalid="ignore"):   # y is unbounded: overflow gives ±inf as in Java
        m = g.movement()[sel]                                                      # 1 G
        # 2 M: the movement is not adjusted; move if its squared length exceeds 1e-7 (AMBIGUITY-M1)
        moved = m[:, 0] * m[:, 0] + m[:, 1] * m[:, 1] + m[:, 2] * m[:, 2] > MIN_MOVE_LENGTH_SQUARED
        nb = box.copy()
        nb[moved] += np.concatenate([m[moved], m[moved]], axis=1)
        npos = np.stack([(nb[:, 0] + nb[:, 3]) / 2.0, nb[:, 1], (nb[:, 2] + nb[:, 5]) / 2.0], axis=1)
        npos[~moved] = pos[~moved]
        down = m[:, 1] < 0.0                  # step 8: fallDistance = (float)(fallDistance - dy)
        fall = np.where(down, (fall - m[:, 1]).astype(np.float32).astype(np.float64), fall)
        m *= TNT_DRAG                                                              # 3 D: multiply(0.98)
        sy = np.clip(np.floor(npos[:, 1] / 16.0), 0, 15)
        keys = np.stack([np.floor(npos[:, 0] / 16.0), sy, np.floor(npos[:, 2] / 16.0)], axis=1).astype(np.int64)
    for e, mv, b, p, v, f, k in zip(run, moved.tolist(), nb.tolist(), npos.tolist(), m.tolist(), fall.tolist(),
                                    keys.tolist(), strict=True):
        e.age += 1
        e.prev_pos = e.pos
        if mv:
            e.box = _new(Box, b)
            e.pos = _new(Vec3, p)
        e.motion = _new(Vec3, v)
        e.fall_distance = f
        e.horizontal_collision = e.vertical_collision = e.on_ground = False
        e.fuse -= 1                                                            # 5: fuse ≥ 1 remains
        fh = e.fluid_height                                                    # 7 F: no fluid cell
        fh["water"] = fh["lava"] = 0.0
        e.touching_water = False
        if tuple(k) != e.chunk_key_:
            world.check_entity_chunk_pos(e)
