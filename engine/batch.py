"""A vectorised entity phase step for runs of TNT in free flight (style E6: numpy for the 10k-TNT loop).

A TNT whose whole neighbourhood is air (no block within 3 m of its box and its move, the border far, no solid
entity in the world) reads only air in every query of its tick (spec 06 §1.2): `Entity.move` leaves the movement
unchanged, no flag is set, no block acts, and there is no fluid. Its tick is then plain arithmetic, done here for
many entities at once with the same IEEE double operations in the same order, so the result is bit-identical to
`Tnt.tick` (tests/engine/test_batch.py checks this against the scalar path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.box import Box, Vec3
from engine.constants import (
    COLLISION_EPSILON,
    MIN_MOVE_LENGTH_SQUARED,
    MOVEMENT_MULTIPLIER_MIN_SQUARED,
    TNT_DRAG,
    TNT_GRAVITY,
)

if TYPE_CHECKING:
    from engine.entities.tnt import Tnt
    from engine.world import World

REACH = 3.0   # every block query of a TNT tick lies within 2.5 m of its box and move; one more for margin
SMALL_WORLD_SECTIONS = 64   # up to this many filled sections, test them all at once with numpy
_new = tuple.__new__


def _sections_empty(world: World, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Per row: every 16³ section overlapping the cells floor(lo)..floor(hi) holds no block."""
    filled = world.filled_section_keys()
    if not filled:
        return np.ones(len(lo), dtype=bool)
    s_lo = np.floor(lo).astype(np.int64) >> 4
    s_hi = np.floor(hi).astype(np.int64) >> 4
    if len(filled) <= SMALL_WORLD_SECTIONS:
        ok = np.ones(len(lo), dtype=bool)
        for k in np.array(filled, dtype=np.int64):   # a section conflicts when inside the row's range on all axes
            ok &= ~np.all((s_lo <= k) & (k <= s_hi), axis=1)
        return ok
    keys = set(filled)

    def clear(a: list[int], b: list[int]) -> bool:
        return not any((x, y, z) in keys for x in range(a[0], b[0] + 1) for y in range(a[1], b[1] + 1)
                       for z in range(a[2], b[2] + 1))
    return np.array([clear(a, b) for a, b in zip(s_lo.tolist(), s_hi.tolist(), strict=True)], dtype=bool)


def free_flight_mask(world: World, run: list[Tnt]) -> np.ndarray:
    """Which TNT of `run` can take the vectorised tick now (see the module docstring)."""
    n = len(run)
    mask = np.zeros(n, dtype=bool)
    if world.collidable_count:
        return mask
    pos = np.empty((n, 3))
    mot = np.empty((n, 3))
    box = np.empty((n, 6))
    flags = np.empty(n, dtype=bool)
    for i, e in enumerate(run):
        pos[i] = e.pos
        mot[i] = e.motion
        box[i] = e.box
        flags[i] = (e.fuse >= 2 and not e.no_clip
                    and e.movement_multiplier.length_squared() <= MOVEMENT_MULTIPLIER_MIN_SQUARED)
    gravity = np.array([0.0 if e.no_gravity else TNT_GRAVITY for e in run])
    m = mot.copy()
    m[:, 1] += gravity
    finite = np.isfinite(pos).all(1) & np.isfinite(m).all(1) & np.isfinite(box).all(1)
    zero = m == 0.0
    single = zero.sum(1) == 2          # the single-axis sweep zeroes a lone component below 1e-7
    tiny = single & (np.abs(m).max(1) < COLLISION_EPSILON)
    lo = np.minimum(box[:, :3], box[:, :3] + m) - REACH
    hi = np.maximum(box[:, 3:], box[:, 3:] + m) + REACH
    w, nn, e_, s = (world.border_shape.coords[0][1], world.border_shape.coords[2][1],
                    world.border_shape.coords[0][2], world.border_shape.coords[2][2])
    inside = (lo[:, 0] > w) & (hi[:, 0] < e_) & (lo[:, 2] > nn) & (hi[:, 2] < s)
    mask = flags & finite & ~tiny & inside
    if mask.any():
        idx = np.flatnonzero(mask)
        mask[idx] = _sections_empty(world, lo[idx], hi[idx])
    return mask


def tick_free_flight(world: World, run: list[Tnt]) -> None:
    """`TntEntity.tick` for TNT that `free_flight_mask` accepted: G, M (no collision), D, fuse, F (no fluid)."""
    n = len(run)
    pos = np.array([e.pos for e in run])
    mot = np.array([e.motion for e in run])
    box = np.array([e.box for e in run])
    fall = np.array([e.fall_distance for e in run])
    grav = np.array([not e.no_gravity for e in run])
    # 1 G: add(0, -0.04, 0) — the X and Z additions of 0.0 turn -0.0 into 0.0, as in Java
    m = mot.copy()
    m[grav] += (0.0, TNT_GRAVITY, 0.0)
    # 2 M: the movement is not adjusted; move if its squared length exceeds 1e-7 (AMBIGUITY-M1)
    lensq = m[:, 0] * m[:, 0] + m[:, 1] * m[:, 1] + m[:, 2] * m[:, 2]
    moved = lensq > MIN_MOVE_LENGTH_SQUARED
    nb = box.copy()
    nb[moved] += np.concatenate([m[moved], m[moved]], axis=1)
    npos = np.stack([(nb[:, 0] + nb[:, 3]) / 2.0, nb[:, 1], (nb[:, 2] + nb[:, 5]) / 2.0], axis=1)
    npos[~moved] = pos[~moved]
    down = m[:, 1] < 0.0                  # step 8: fallDistance = (float)(fallDistance - dy)
    fall = np.where(down, (fall - m[:, 1]).astype(np.float32).astype(np.float64), fall)
    # 3 D: multiply(0.98)
    m *= TNT_DRAG
    for i in range(n):
        e = run[i]
        e.age += 1
        e.prev_pos = e.pos
        if moved[i]:
            e.box = _new(Box, nb[i].tolist())
            e.pos = _new(Vec3, npos[i].tolist())
        e.motion = _new(Vec3, m[i].tolist())
        e.fall_distance = float(fall[i])
        e.horizontal_collision = e.vertical_collision = e.on_ground = False
        e.fuse -= 1                      # 5; fuse ≥ 1 remains, so no explosion
        e.fluid_height = {"water": 0.0, "lava": 0.0}   # 7 F: no fluid cell
        e.touching_water = False
        world.check_entity_chunk_pos(e)
