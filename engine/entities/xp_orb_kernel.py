"""`ExperienceOrbEntity.tick` on rows (spec 06 §4.2): its stages as kernels (engine.jit) over `engine.entities.rows`
columns (`XP_ORB_ROWS`: the base columns, then the orb's age, value, pickup delay, merged count, health and two
flags), and the fused loop the entity phase runs over consecutive orbs.

`ExperienceOrb.tick` (the object path: tracing, the viewer's micro-steps, and any orb this loop hands back) calls the
same stage kernels one at a time through `engine.jit.plain` (the pickup delay, the water movement, gravity, the
bounce, the age); the move is `tnt_kernel.move_self`, the base tick's fluid stage
`engine.influences.fluid_kernel.update_water_state`, the submerged test and the drag after the move the item loop's
(`item_kernel.submerged_in_water`, `item_kernel.drag_after_move`). The loop hands an orb back to the object path,
with its row as it found it, where its tick would read or do something these kernels do not decide: its first tick
(the base tick's lava check reads `firstUpdate`), fire ticks, lava (in the base tick: fire and damage; in the orb's
cell: the kick draws from its Random), the void, a box not in free space (`pushOutOfBlocks`), the 1.17 merge every
20 ticks of its age (`expensiveUpdate` reads the other orbs), despawning at the maximum age (removal), non-finite
numbers, and what `move_self`, the fluid kernel or the drag gives back. The player an orb follows is not simulated
on either path (spec 06 §4.2 steps 6-8).

Every release the loop runs (1.16.2–1.21.3, `XpOrbBatch.decides`) reaches the kernels as `tnt_kernel.version_bits`
plus `merging` (`xp_orb_merging`, 1.17) and the submerged test's eye offset (`submerged_at_eye`), so each kernel
compiles once for all of them.
"""

from __future__ import annotations

import numpy as np

from engine.constants import (
    XP_ORB_BOUNCE,
    XP_ORB_BUOYANCY,
    XP_ORB_BUOYANCY_MAX_VY,
    XP_ORB_DRAG,
    XP_ORB_DRAG_Y,
    XP_ORB_GRAVITY,
    XP_ORB_HEIGHT,
    XP_ORB_MAX_AGE,
    XP_ORB_MERGE_PERIOD,
    XP_ORB_WATER_DRAG,
    XP_ORB_WIDTH,
)
from engine.entities.item_kernel import drag_after_move, finite_row, submerged_in_water
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_LAVA,
    F_MOTION,
    F_POS,
    HANDED,
    I_AGE,
    I_FIRE,
    I_FLAGS,
    NO_GRAVITY,
    ON_GROUND,
    RowTable,
    begin_row,
    end_row,
    hand_back,
    tick_entity_head,
)
from engine.entities.tnt_kernel import UNLIT, V_LAVA_IN_WATER, V_VEC_DOUBLE, move_self
from engine.influences.fluid_kernel import update_water_state
from engine.jit import njit
from engine.motion.collision_kernel import collect_block_collisions, jfloor, state_at, wrap32
from engine.world.block_tables import LAVA

XP_ORB_ROWS = RowTable(extra_ints=("orb_age", "value", "pickup_delay", "picking_count", "health",
                                   "submerged_in_water", "first_update"))
I_ORB_AGE, I_PICKUP, I_SUBMERGED, I_FIRST = (XP_ORB_ROWS.extra_ints[n] for n in (
    "orb_age", "pickup_delay", "submerged_in_water", "first_update"))
HALF_WIDTH = XP_ORB_WIDTH / 2.0                # EntityDimensions.getBoxAt (engine.geometry.box.Box.from_entity)


@njit(inline=True)
def count_down_pickup_delay(i: np.ndarray, r: int) -> None:
    """Step 2 (up to 1.16.5; 1.17 has no pickup delay): a pickup delay above 0 counts down."""
    if i[r, I_PICKUP] > 0:
        i[r, I_PICKUP] -= 1


@njit(inline=True)
def water_movement(f: np.ndarray, r: int) -> None:
    """Step 3 submerged in water (`applyWaterMovement`): X and Z × 0.99F, Y + 5.0E-4F capped at 0.06F
    (`Math.min`: NaN stays NaN)."""
    y = f[r, F_MOTION + 1] + XP_ORB_BUOYANCY
    f[r, F_MOTION] = f[r, F_MOTION] * XP_ORB_WATER_DRAG
    f[r, F_MOTION + 1] = XP_ORB_BUOYANCY_MAX_VY if XP_ORB_BUOYANCY_MAX_VY < y else y
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * XP_ORB_WATER_DRAG


@njit(inline=True)
def gravity(f: np.ndarray, r: int) -> None:
    """Step 3 G out of water: add(0, -0.03, 0) (a double); the 0.0 added to X and Z turns -0.0 into 0.0."""
    f[r, F_MOTION] = f[r, F_MOTION] + 0.0
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + XP_ORB_GRAVITY
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] + 0.0


@njit(inline=True)
def bounce(f: np.ndarray, r: int) -> None:
    """Step 12, on the ground: multiply(1, -0.9, 1) (× 1.0 leaves X and Z as they are, -0.0 and NaN too)."""
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * XP_ORB_BOUNCE


@njit(inline=True)
def grow_older(i: np.ndarray, r: int) -> None:
    """Step 13: the orb's age + 1 (a Java int)."""
    i[r, I_ORB_AGE] = wrap32(i[r, I_ORB_AGE] + 1)


@njit(inline=True)
def _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, r: int, slip: np.ndarray, v: int, border: tuple, effects: np.ndarray,
              lava_push: float, zero_below: float, void: float, eye: float, below_eye: float, merging: bool) -> bool:
    """`ExperienceOrbEntity.tick` of row `r` after `ServerWorld.tickEntity`'s head; false where the object path must
    tick it (the row part-written)."""
    if i[r, I_FIRST] or i[r, I_FIRE] != UNLIT or not finite_row(f, r):
        return False
    if wrap32(i[r, I_ORB_AGE] + 1) >= XP_ORB_MAX_AGE:                 # step 13 removes it
        return False
    double = v & V_VEC_DOUBLE != 0
    if not update_water_state(keys, slots, pool, flags, f, i, r, lava_push, double, zero_below,
                              v & V_LAVA_IN_WATER != 0, True):                                     # 1 F: baseTick
        return False
    if f[r, F_LAVA] > 0.0 or f[r, F_POS + 1] < void:   # isInLava (fire, damage), attemptTickInVoid: removal
        return False
    sub = submerged_in_water(keys, slots, pool, flags, f[r, F_POS], f[r, F_POS + 1] + eye - below_eye,
                             f[r, F_POS + 2])
    i[r, I_SUBMERGED] = 1 if sub else 0
    if not merging:                                                                          # 2
        count_down_pickup_delay(i, r)
    if sub:                                                                                  # 3
        water_movement(f, r)
    elif not i[r, I_FLAGS] & NO_GRAVITY:
        gravity(f, r)
    if flags[state_at(keys, slots, pool, jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]),
                      jfloor(f[r, F_POS + 2]))] & LAVA:                                      # 4: the lava kick
        return False
    box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
    if collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, box,
                                cells) != 0:                                                 # 5: pushOutOfBlocks
        return False
    if not move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], v, border, effects, HALF_WIDTH,
                     XP_ORB_HEIGHT, 0.0, False):                                             # 9 M
        return False
    if not drag_after_move(keys, slots, pool, flags, f, i, r, slip, v, XP_ORB_DRAG, XP_ORB_DRAG_Y):  # 10, 11 D
        return False
    if i[r, I_FLAGS] & ON_GROUND:                                                            # 12
        bounce(f, r)
    grow_older(i, r)                                                                         # 13
    return True


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, slip: np.ndarray, v: int, border: tuple,
              effects: np.ndarray, lava_push: float, zero_below: float, void: float, eye: float, below_eye: float,
              merging: bool, marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `ExperienceOrbEntity.tick` for rows[start:] in the release whose flags are `v`
    (`tnt_kernel.version_bits`), in order. `slip`: `Block.getSlipperiness` per block state; `border`: the world
    border's edges; `void`: the Y below which the void removes an orb; `eye`: its eye height, and `below_eye` how far
    below the eye the submerged test looks (0.11111111F before 1.20.5); `merging`: the 1.17 tick (no pickup delay,
    the merge every 20 ticks). `marks`, `saved_f`, `saved_i` as `item_kernel.tick_rows` writes them. Returns
    (len(rows), DONE), or the place of an orb whose tick merges (1.17, `expensiveUpdate`: it reads and removes
    other orbs) and HANDED, its row restored: the phase ticks it on the object path and goes on after it.

    Ticking later rows before an earlier row's other object-path ticks is safe: an orb's tick on either path then
    reads the blocks, which it does not change, and its own row (and Random), and writes only its row; the caller
    replays the object-path ticks and section moves in entity order."""
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            continue                                  # handed back or removed: the phase ticks or unloads it
        tick_entity_head(f, i, r)                                                   # ServerWorld.tickEntity
        if merging and i[r, I_AGE] % XP_ORB_MERGE_PERIOD == 1:      # step 6 (1.17): expensiveUpdate, in order
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED
        if _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     slip, v, border, effects, lava_push, zero_below, void, eye, below_eye, merging):
            end_row(f, i, r, n, marks)
        else:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
    return len(rows), DONE
