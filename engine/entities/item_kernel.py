"""`ItemEntity.tick` on rows (spec 06 §3.2): its stages as kernels (engine.jit) over `engine.entities.rows` columns
(`ITEM_ROWS`: the base columns, then the item's age, pickup delay, health, entity id and two flags), and the fused
loop the entity phase runs over consecutive items.

`Item.tick` (the object path: tracing, the viewer's micro-steps, and any item this loop hands back) calls the same
stage kernels one at a time through `engine.jit.plain` (the pickup delay, gravity, the buoyancy, the 4-tick rule,
the slippery drag, the bounce, the age); the move is `tnt_kernel.move_self`, the fluid stages
`engine.influences.fluid_kernel.update_water_state`. The loop hands an item back to the object path, with its row
as it found it, where its tick would read or do something these kernels do not decide: its first tick (the base
tick's lava check reads `firstUpdate`), fire ticks, lava (fire and damage), the void, a box not in free space
(`pushOutOfBlocks` draws from the item's Random), despawning at the maximum age (removal), a supporting block that
is a fence, wall or gate or a block with an entity effect at the item's own velocity-affecting offset 0.999999F
(1.20: `move_self` tests the 0.500001F one), non-finite numbers, and what `move_self` or the fluid kernel gives
back.

Every release the loop runs (1.16.2–1.21.4, `ItemBatch.decides`) reaches the kernels as `tnt_kernel.version_bits` plus
three arguments the Python side computes from the release's flags: the float threshold (`item_float_height`, the
eye height), the submerged test's eye offset (`submerged_at_eye`) and the free-space margin
(`item_push_out_contracted`), so each kernel compiles once for all of them.
"""

from __future__ import annotations

import numpy as np

from engine.constants import (
    ITEM_AGELESS,
    ITEM_BOUNCE,
    ITEM_BUOYANCY,
    ITEM_BUOYANCY_MAX_VY,
    ITEM_DRAG,
    ITEM_DRAG_Y,
    ITEM_HEIGHT,
    ITEM_MAX_AGE,
    ITEM_MERGE_MOVED,
    ITEM_MERGE_REACH,
    ITEM_MERGE_STILL,
    ITEM_MIN_HORIZONTAL_SQUARED,
    ITEM_PICKUP_DELAY_INFINITE,
    ITEM_TICK_PERIOD,
    ITEM_VELOCITY_AFFECTING_OFFSET,
    ITEM_WATER_DRAG,
    ITEM_WIDTH,
)
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_LAVA,
    F_MOTION,
    F_POS,
    F_PREV,
    F_WATER,
    HANDED,
    HAS_SUPPORT,
    I_AGE,
    I_FIRE,
    I_FLAGS,
    I_SUPPORT,
    NO_CLIP,
    NO_GRAVITY,
    ON_GROUND,
    REMOVED,
    TOUCHING_WATER,
    RowTable,
    begin_row,
    end_row,
    hand_back,
    tick_entity_head,
)

# out of fluids ItemEntity.tick's gravity is TntEntity.tick's add(0, -0.04, 0) (spec 06 §1, §3): the TNT stage kernel
from engine.entities.tnt_kernel import UNLIT, V_LAVA_IN_WATER, V_SUPPORTING, V_VEC_DOUBLE, gravity, move_self
from engine.influences.fluid_kernel import _height, f32, update_water_state
from engine.jit import njit
from engine.motion.collision_kernel import collect_block_collisions, jfloor, state_at, wrap32
from engine.world.block_tables import EFFECT, FENCE_LIKE, WATER, WATER_OR_COLUMN

ITEM_ROWS = RowTable(extra_ints=("item_age", "pickup_delay", "health", "id", "submerged_in_water",
                                 "first_update", "stack_count", "max_count"))
I_ITEM_AGE, I_PICKUP, I_HEALTH, I_ID, I_SUBMERGED, I_FIRST, I_COUNT, I_MAX_COUNT = (ITEM_ROWS.extra_ints[n] for n in (
    "item_age", "pickup_delay", "health", "id", "submerged_in_water", "first_update", "stack_count", "max_count"))
HALF_WIDTH = ITEM_WIDTH / 2.0                  # EntityDimensions.getBoxAt (engine.geometry.box.Box.from_entity)


@njit(inline=True)
def count_down_pickup_delay(i: np.ndarray, r: int) -> None:
    """Step 2: a pickup delay above 0 and not the infinite one (32767) counts down."""
    if 0 < i[r, I_PICKUP] != ITEM_PICKUP_DELAY_INFINITE:
        i[r, I_PICKUP] -= 1


@njit(inline=True)
def buoyancy(f: np.ndarray, r: int, drag: float) -> None:
    """Step 3 in water (`applyBuoyancy`, 0.99F) or lava (`method_24348`, 0.95F): X and Z × drag, Y + 5.0E-4F while
    below 0.06F."""
    f[r, F_MOTION] = f[r, F_MOTION] * drag
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + (ITEM_BUOYANCY if f[r, F_MOTION + 1] < ITEM_BUOYANCY_MAX_VY else 0.0)
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] * drag


@njit(inline=True)
def moves_this_tick(f: np.ndarray, i: np.ndarray, r: int) -> bool:
    """Step 5's rule: an item moves when off the ground, when faster than (double)1.0E-5F horizontally squared, or
    every 4 ticks of (Entity.age + entity id) (Java int arithmetic: a wrap leaves the remainder mod 4 as it is).
    Spec 06 §3.2 step 5's "(entity ID + age)" does not say which age; the game's code reads `Entity.age` (Mojang
    `tickCount` in 1.14.4-1.21.10, Yarn `age` beside the item's own `itemAge` in 1.16.5 and 1.21.3), just counted
    by `ServerWorld.tickEntity` (`tick_entity_head`), not the item's own age (its NBT "Age", the scene's "age")."""
    mx, mz = f[r, F_MOTION], f[r, F_MOTION + 2]
    return not i[r, I_FLAGS] & ON_GROUND or mx * mx + mz * mz > ITEM_MIN_HORIZONTAL_SQUARED or \
        (i[r, I_AGE] + i[r, I_ID]) % ITEM_TICK_PERIOD == 0


@njit(inline=True)
def slippery_drag(mx: float, my: float, mz: float, slipperiness: float, on_ground: bool, drag: float,
                  drag_y: float) -> tuple:
    """Items and XP orbs (spec 04 §4): X and Z × drag, times the slipperiness of the block below when on the ground
    (a float product), Y × drag_y. The one source of `engine.entities.common.slippery_drag` and the loop."""
    g = f32(slipperiness * drag) if on_ground else drag
    return mx * g, my * drag_y, mz * g


@njit(inline=True)
def bounce(f: np.ndarray, r: int) -> None:
    """Step 5, on the ground and falling: multiply(1, -0.5, 1) (× 1.0 leaves X and Z as they are, -0.0 and NaN
    too)."""
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * ITEM_BOUNCE


@njit(inline=True)
def grow_older(i: np.ndarray, r: int) -> None:
    """Step 7: age + 1 (a Java int), unless the age is -32768 (an item that never despawns)."""
    if i[r, I_ITEM_AGE] != ITEM_AGELESS:
        i[r, I_ITEM_AGE] = wrap32(i[r, I_ITEM_AGE] + 1)


@njit(inline=True)
def can_merge(i: np.ndarray, r: int) -> bool:
    """1.14 `ItemEntity.canMerge()`: alive, the pickup delay not the infinite one, an age neither -32768 nor at the
    maximum, the stack not full."""
    return not i[r, I_FLAGS] & REMOVED and i[r, I_PICKUP] != ITEM_PICKUP_DELAY_INFINITE and \
        i[r, I_ITEM_AGE] != ITEM_AGELESS and i[r, I_ITEM_AGE] < ITEM_MAX_AGE and i[r, I_COUNT] < i[r, I_MAX_COUNT]


@njit(inline=True)
def merge_tick(f: np.ndarray, i: np.ndarray, r: int, truncated: bool) -> bool:
    """`ItemEntity.tick`'s merge period (1.14): every 2 ticks of Entity.age where the tick moved the item into
    another cell (the position against prevX, Y, Z: by floor, by (int) casts in 1.14, `truncated`), else every 40."""
    moved = False
    for a in range(3):
        p, q = f[r, F_PREV + a], f[r, F_POS + a]
        moved = moved or (int(p) != int(q) if truncated else jfloor(p) != jfloor(q))
    return i[r, I_AGE] % (ITEM_MERGE_MOVED if moved else ITEM_MERGE_STILL) == 0


@njit(inline=True)
def merge_met(f: np.ndarray, i: np.ndarray, r: int, items: np.ndarray) -> bool:
    """Whether `tryMerge` of row `r` finds another mergeable item (`items`: the rows of the world's items) whose
    box meets r's expanded by 0.5 horizontally (`Box.intersects`, strict), whatever its kind and count: the object
    path decides the merge."""
    x0, x1 = f[r, F_BOX] - ITEM_MERGE_REACH, f[r, F_BOX + 3] + ITEM_MERGE_REACH
    y0, y1 = f[r, F_BOX + 1], f[r, F_BOX + 4]
    z0, z1 = f[r, F_BOX + 2] - ITEM_MERGE_REACH, f[r, F_BOX + 5] + ITEM_MERGE_REACH
    for o in items:
        if o != r and can_merge(i, o) and x0 < f[o, F_BOX + 3] and x1 > f[o, F_BOX] and y0 < f[o, F_BOX + 4] and \
                y1 > f[o, F_BOX + 1] and z0 < f[o, F_BOX + 5] and z1 > f[o, F_BOX + 2]:
            return True
    return False


@njit(inline=True)
def finite_row(f: np.ndarray, r: int) -> bool:
    for c in range(F_BOX + 6):
        if not np.isfinite(f[r, c]):
            return False
    return True


@njit
def submerged_in_water(keys, slots, pool, flags, x: float, y: float, z: float) -> bool:
    """`Entity.updateSubmergedInWaterState` at height `y` (the eye Y, less 0.11111111F before 1.20.5): water in
    the cell whose surface (float)(cell y + height) lies above `y` (`engine.influences.fluids`)."""
    bx, by, bz = jfloor(x), jfloor(y), jfloor(z)
    fl = flags[state_at(keys, slots, pool, bx, by, bz)]
    if not fl & WATER:
        return False
    h = 1.0 if flags[state_at(keys, slots, pool, bx, by + 1, bz)] & WATER else _height(fl)
    return f32(by + h) > y


@njit(inline=True)
def base_tick(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, v: int, lava_push: float,
              zero_below: float, void: float, eye: float, below_eye: float, submerged: int) -> bool:
    """An item's or an XP orb's `Entity.baseTick` in the release whose flags are `v`: `updateWaterState`, then
    `updateSubmergedInWaterState` at the eye Y less `below_eye` into the row's column `submerged` (the kind's own);
    false where the object path must finish it (lava: fire and damage; below the void: removal)."""
    if not update_water_state(keys, slots, pool, flags, f, i, r, lava_push, v & V_VEC_DOUBLE != 0, zero_below,
                              v & V_LAVA_IN_WATER != 0, True):
        return False
    if f[r, F_LAVA] > 0.0 or f[r, F_POS + 1] < void:   # isInLava (fire, damage), attemptTickInVoid: removal
        return False
    sub = submerged_in_water(keys, slots, pool, flags, f[r, F_POS], f[r, F_POS + 1] + eye - below_eye,
                             f[r, F_POS + 2])
    i[r, submerged] = 1 if sub else 0
    return True


@njit(inline=True)
def _velocity_affecting_state(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int) -> int:
    """The block state at the item's 1.20 `getVelocityAffectingPos` (`getPosWithYOffset(0.999999F)`: the supporting
    block's column, or the cell under the position without one); −1 where the supporting block is a fence, wall or
    gate (a wall or gate would be the block itself: left to the object path)."""
    y = jfloor(f[r, F_POS + 1] - ITEM_VELOCITY_AFFECTING_OFFSET)
    if not i[r, I_FLAGS] & HAS_SUPPORT:
        return state_at(keys, slots, pool, jfloor(f[r, F_POS]), y, jfloor(f[r, F_POS + 2]))
    sx, sy, sz = i[r, I_SUPPORT], i[r, I_SUPPORT + 1], i[r, I_SUPPORT + 2]
    if flags[state_at(keys, slots, pool, sx, sy, sz)] & FENCE_LIKE:
        return -1
    return state_at(keys, slots, pool, sx, y, sz)


@njit
def drag_after_move(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, slip: np.ndarray, v: int,
                    drag: float, drag_y: float, y_as_x: bool) -> bool:
    """The drag after an item's or an XP orb's move (`slippery_drag`, spec 04 §4), in the release whose flags are
    `v`: on the ground the slipperiness of the block 1 m below the position, from 1.20 (V_SUPPORTING) of the block
    at the entity's own velocity-affecting offset 0.999999F; false (nothing written) where that block is a fence,
    wall or gate or has an entity effect (`Entity.move` step 14 reads it, `move_self` tests the 0.500001F one).
    `y_as_x`: Y takes X's factor (a 1.21.8 XP orb), not `drag_y`. Not inlined: the item and XP orb loops share one
    compiled copy."""
    supported = v & V_SUPPORTING != 0
    px, py, pz = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2])
    below = -1
    if supported:          # 1.20: the entity's own velocity-affecting offset, which move_self does not read
        below = _velocity_affecting_state(keys, slots, pool, flags, f, i, r)
        if below < 0 or not flags[state_at(keys, slots, pool, px, py, pz)] & WATER_OR_COLUMN and \
                flags[below] & EFFECT:                                # Entity.move step 14: a velocity multiplier
            return False
    on_ground = i[r, I_FLAGS] & ON_GROUND != 0
    p = 1.0
    if on_ground:          # the slipperiness block: 1 m below the position, from 1.20 the velocity-affecting one
        p = slip[below] if supported else slip[state_at(keys, slots, pool, px, jfloor(f[r, F_POS + 1] - 1.0), pz)]
    my = f[r, F_MOTION + 1]
    f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = slippery_drag(
        f[r, F_MOTION], my, f[r, F_MOTION + 2], p, on_ground, drag, drag_y)
    if y_as_x:
        f[r, F_MOTION + 1] = slippery_drag(my, 0.0, 0.0, p, on_ground, drag, 1.0)[0]
    return True


@njit(inline=True)
def _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, r: int, slip: np.ndarray, v: int, border: tuple, effects: np.ndarray,
              lava_push: float, zero_below: float, void: float, threshold: float, eye: float, below_eye: float,
              margin: float, items: np.ndarray) -> bool:
    """`ItemEntity.tick` of row `r` after `ServerWorld.tickEntity`'s head; false where the object path must tick
    it (the row part-written), a merge among them."""
    if i[r, I_FIRST] or i[r, I_FIRE] != UNLIT or not finite_row(f, r):
        return False
    age = i[r, I_ITEM_AGE]
    if age != ITEM_AGELESS and wrap32(age + 1) >= ITEM_MAX_AGE:    # step 9 removes it
        return False
    if not base_tick(keys, slots, pool, flags, f, i, r, v, lava_push, zero_below, void, eye, below_eye,
                     I_SUBMERGED):                                                       # 1 F1
        return False
    count_down_pickup_delay(i, r)                                                            # 2
    if i[r, I_FLAGS] & TOUCHING_WATER and f[r, F_WATER] > threshold:                        # 3
        buoyancy(f, r, ITEM_WATER_DRAG)
    elif not i[r, I_FLAGS] & NO_GRAVITY:
        gravity(f, r)
    box = (f[r, F_BOX] + margin, f[r, F_BOX + 1] + margin, f[r, F_BOX + 2] + margin, f[r, F_BOX + 3] - margin,
           f[r, F_BOX + 4] - margin, f[r, F_BOX + 5] - margin)
    if collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, box,
                                cells) != 0:                                                 # 4: pushOutOfBlocks
        return False
    i[r, I_FLAGS] = i[r, I_FLAGS] & ~NO_CLIP
    if moves_this_tick(f, i, r):                                                             # 5
        if not move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                         f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], v, border, effects, HALF_WIDTH,
                         ITEM_HEIGHT, 0.0, False):
            return False
        if not drag_after_move(keys, slots, pool, flags, f, i, r, slip, v, ITEM_DRAG, ITEM_DRAG_Y, False):
            return False
        if i[r, I_FLAGS] & ON_GROUND and f[r, F_MOTION + 1] < 0.0:
            bounce(f, r)
    if merge_tick(f, i, r, False) and can_merge(i, r) and merge_met(f, i, r, items):                # 6: tryMerge
        return False
    grow_older(i, r)                                                                         # 7
    return update_water_state(keys, slots, pool, flags, f, i, r, lava_push, v & V_VEC_DOUBLE != 0, zero_below,
                              v & V_LAVA_IN_WATER != 0, True)                                      # 8 F2


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, slip: np.ndarray, v: int, border: tuple,
              effects: np.ndarray, lava_push: float, zero_below: float, void: float, threshold: float, eye: float,
              below_eye: float, margin: float, marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray,
              items: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `ItemEntity.tick` for rows[start:] in the release whose flags are `v`
    (`tnt_kernel.version_bits`), in order. `slip`: `Block.getSlipperiness` per block state; `border`: the world
    border's edges; `void`: the Y below which the void removes an item; `threshold`: the fluid height above which
    an item floats; `eye`: its eye height, and `below_eye` how far below the eye the submerged test looks
    (0.11111111F before 1.20.5); `margin`: how far the free-space test contracts the box.
    `marks[n]`: SECTION where entity n's section changed, OBJECT_PATH where its tick is left to the object path
    (a row of −1, or one a stage gave back: restored as found). `saved_f[n]`, `saved_i[n]` receive row n as it was
    before its tick. `items`: the rows of the world's items, which `tryMerge` searches. Returns (len(rows), DONE),
    or (n, HANDED) where entity n, handed back, could merge (`can_merge`): the caller ticks it and goes on after it.

    Ticking later rows before an earlier row's object-path tick is safe: an item's tick on either path reads the
    blocks, which it does not change, and its own row (and Random), and writes only its row — but for `tryMerge`,
    which reads and writes the items it meets. So the loop stops at an item it hands back that could merge (its
    tick may merge, or another's may meet it: its position is not yet this tick's), and hands back an item whose
    tick meets another that could (`merge_met`); the items still to replay cannot merge, and nothing merges with
    them. The caller then replays the object-path ticks and section moves in entity order, which keeps the section
    lists' order."""
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            continue                                  # handed back or removed: the phase ticks or unloads it
        tick_entity_head(f, i, r)                                                   # ServerWorld.tickEntity
        if _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     slip, v, border, effects, lava_push, zero_below, void, threshold, eye, below_eye, margin, items):
            end_row(f, i, r, n, marks)
        else:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            if can_merge(i, r):
                return n, HANDED
    return len(rows), DONE
