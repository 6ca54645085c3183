"""`FallingBlockEntity.tick` on rows (spec 06 §2.2): its stages as kernels (engine.jit) over `engine.entities.rows`
columns (the fall time, the block state's id and the drop flags among its extras), and the fused loop the entity
phase runs over consecutive falling blocks.

`FallingBlock.tick` (the object path: tracing, the viewer's micro-steps, the 1.12.2 tick, and any falling block this
loop hands back) runs the same gravity and drag kernels as plain Python (`engine.jit.plain`); the move is
`tnt_kernel.move_self`. The loop ticks a falling block in the air, GMD, and hands it back to the object path, its row
restored as found, where its tick would place, break or drop a block, or read something these kernels do not
decide: a falling block of air (removed), its first tick (time 0: the source block taken), a landing (on the
ground: the block placed or dropped), concrete powder in water or moving faster than 1 m/gt (the raycast towards a
water source), the drop once it fell too long, and whatever `move_self` leaves to the object path (a block with an
entity effect near it, the world border within reach, fire, non-finite numbers, ...). It stops at each one it hands
back: the object path may change the blocks that the next rows fall through.
"""

from __future__ import annotations

import numpy as np

from engine.constants import (
    CONCRETE_RAYCAST_SPEED_SQUARED,
    FALLING_BLOCK_DROP_TIME,
    FALLING_BLOCK_DROP_TIME_OUTSIDE,
    FALLING_BLOCK_HEIGHT,
    FALLING_BLOCK_WIDTH,
)
from engine.entities.rows import (
    DONE,
    F_MOTION,
    F_POS,
    HANDED,
    I_FLAGS,
    NO_GRAVITY,
    ON_GROUND,
    RowTable,
    begin_row,
    end_row,
    hand_back,
    tick_entity_head,
)

# FallingBlockEntity.tick's gravity add(0, -0.04, 0) and drag multiply(0.98) are TntEntity.tick's (spec 06 §1-2):
# the TNT stage kernels, one source
from engine.entities.tnt_kernel import drag, gravity, move_self
from engine.jit import njit
from engine.motion.collision_kernel import jfloor, state_at
from engine.world.block_tables import AIR, WATER

FALLING_ROWS = RowTable(extra_ints=("time", "block_state", "drop_item", "destroyed_on_landing"))
TIME = FALLING_ROWS.extra_ints["time"]            # timeFalling
STATE = FALLING_ROWS.extra_ints["block_state"]    # the falling state's id (`blocks.state_by_id`)
HALF_WIDTH = FALLING_BLOCK_WIDTH / 2.0            # EntityDimensions.getBoxAt (engine.geometry.box.Box.from_entity)


@njit(inline=True)
def in_the_air(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, concrete: np.ndarray, bottom: int,
               top: int) -> bool:
    """After the move (steps 4-8): true where the tick goes straight on to the drag: not on the ground, not
    concrete powder in water or faster than 1 m/gt (`concrete`: 1 per state id of a concrete powder), and not
    fallen long enough to drop (600 ticks, or 100 with its cell y ≤ `bottom` or > `top`)."""
    if i[r, I_FLAGS] & ON_GROUND:                                                           # 7, 8: it lands
        return False
    cx, cy, cz = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2])
    if concrete[i[r, STATE]]:
        if flags[state_at(keys, slots, pool, cx, cy, cz)] & WATER:                           # 4
            return False
        mx, my, mz = f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2]
        if mx * mx + my * my + mz * mz > CONCRETE_RAYCAST_SPEED_SQUARED:                     # 5: the raycast
            return False
    t = i[r, TIME]
    return not (t > FALLING_BLOCK_DROP_TIME or t > FALLING_BLOCK_DROP_TIME_OUTSIDE and (cy <= bottom or cy > top))  # 6


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, v: int, border: tuple,
              effects: np.ndarray, concrete: np.ndarray, bottom: int, top: int, marks: np.ndarray,
              saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `FallingBlockEntity.tick` for rows[start:] in the release whose flags are `v`
    (`tnt_kernel.version_bits`; `effects` as `move_self` reads it; `concrete`, `bottom`, `top` as `in_the_air`
    reads them), in order, up to one whose tick the object path takes (a row of −1, or one these kernels gave back:
    restored as found, marked OBJECT_PATH). `marks[n]`: SECTION where entity n's section changed. `saved_f[n]`,
    `saved_i[n]` receive row n as it was before its tick. Returns (where it stopped, DONE or HANDED).

    A falling block ticked here reads the blocks and its own row and writes only its row; one that would change
    the blocks stops the loop (HANDED), so every row after it falls through the blocks as the object path left
    them."""
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            if r < 0:
                return n, HANDED
            continue                                                          # removed: the phase unloads it
        if i[r, TIME] == 0 or flags[i[r, STATE]] & AIR:      # 1: the source block taken; air: removed
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED
        tick_entity_head(f, i, r)                                             # ServerWorld.tickEntity
        i[r, TIME] += 1                                                       # 1
        if not i[r, I_FLAGS] & NO_GRAVITY:
            gravity(f, r)                                                     # 2 G
        if not (move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                          f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], v, border, effects, HALF_WIDTH,
                          FALLING_BLOCK_HEIGHT, 0.0, False)                   # 3 M
                and in_the_air(keys, slots, pool, flags, f, i, r, concrete, bottom, top)):   # 4-8
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED
        drag(f, r)                                                            # 9 D
        end_row(f, i, r, n, marks)
    return len(rows), DONE
