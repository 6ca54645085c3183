"""`ExperienceOrbEntity.tick` on rows (spec 06 §4.2): its stages as kernels (engine.jit) over `engine.entities.rows`
columns (`XP_ORB_ROWS`: the base columns, then the orb's age, value, pickup delay, merged count, health and two
flags), and the fused loop the entity phase runs over consecutive orbs.

`ExperienceOrb.tick` (the object path: tracing, the viewer's micro-steps, and any orb this loop hands back) calls the
same stage kernels one at a time through `engine.jit.plain` (the pickup delay, the water movement, gravity, the
bounce, the age); the move is `tnt_kernel.move_self`, the base tick (its fluid stage
`engine.influences.fluid_kernel.update_water_state` and the submerged test) and the drag after the move the item
loop's (`item_kernel.base_tick`, `item_kernel.drag_after_move`). The loop hands an orb back to the object path,
with its row as it found it, where its tick would read or do something these kernels do not decide: its first tick
(the base tick's lava check reads `firstUpdate`), fire ticks, lava (in the base tick: fire and damage; in the orb's
cell: the kick draws from its Random), the void, a box not in free space (`pushOutOfBlocks`), despawning at the
maximum age (removal), non-finite numbers, and what `move_self`, the fluid kernel or the drag gives back; the 1.17
merge every 20 ticks of its age (`expensiveUpdate` reads and removes other orbs) runs here (`expensive_update`,
`merge`) where the world's sections hold orbs alone (`tick_rows`' members), else goes back too. The player an orb
follows is not simulated on either path (spec 06 §4.2 steps 6-8).

Every release the loop runs (1.16.2–1.21.4, 1.21.7–1.21.8, 1.21.10–1.21.11: `XpOrbBatch.decides`) reaches the
kernels as `tnt_kernel.version_bits` plus `merging` (`xp_orb_merging`, 1.17), the submerged test's eye offset
(`submerged_at_eye`) and which of the orb's ticks (`tick`: 1.21.4's bounce, 1.21.6's tick), so each kernel
compiles once for all of them. A 1.21.6+ orb whose box collides with a block at the start of its tick goes back.
"""

from __future__ import annotations

import numpy as np

from engine.constants import (
    ENTITY_SECTION_MAX,
    GET_ENTITIES_MARGIN,
    SECTION_SIZE,
    XP_ORB_BOUNCE,
    XP_ORB_BOUNCE_BACK,
    XP_ORB_BUOYANCY,
    XP_ORB_BUOYANCY_MAX_VY,
    XP_ORB_DRAG,
    XP_ORB_DRAG_Y,
    XP_ORB_GRAVITY,
    XP_ORB_HEIGHT,
    XP_ORB_MAX_AGE,
    XP_ORB_MERGE_IDS,
    XP_ORB_MERGE_PERIOD,
    XP_ORB_MERGE_REACH,
    XP_ORB_WATER_DRAG,
    XP_ORB_WIDTH,
)
from engine.entities.item_kernel import base_tick, drag_after_move, finite_row
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_MOTION,
    F_POS,
    HANDED,
    I_AGE,
    I_FIRE,
    I_FLAGS,
    NO_GRAVITY,
    ON_GROUND,
    REMOVED,
    SECTION,
    RowTable,
    add_gravity,
    begin_row,
    end_row,
    entity_section,
    hand_back,
    tick_entity_head,
)
from engine.entities.tnt_kernel import UNLIT, move_self
from engine.jit import njit
from engine.motion.collision_kernel import collect_block_collisions, jfloor, state_at, wrap32
from engine.world.block_tables import LAVA

XP_ORB_ROWS = RowTable(extra_ints=("orb_age", "value", "pickup_delay", "picking_count", "health",
                                   "submerged_in_water", "first_update"))
I_ORB_AGE, I_VALUE, I_PICKUP, I_COUNT, I_SUBMERGED, I_FIRST = (XP_ORB_ROWS.extra_ints[n] for n in (
    "orb_age", "value", "pickup_delay", "picking_count", "submerged_in_water", "first_update"))
# the columns of `tick_rows`' `members` (each entity of the world's sections, an orb: its row, id, the key of the
# section it is filed in, and its place in the world's order within that section) and of its `state`
M_ROW, M_ID, M_SECTION, M_PLACE = 0, 1, 2, 5
S_QUERIED, S_NEXT_PLACE, S_REMOVED = 0, 1, 2
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
    """Step 3 G out of water: add(0, -0.03, 0) (a double)."""
    add_gravity(f, r, XP_ORB_GRAVITY)


@njit(inline=True)
def bounce(f: np.ndarray, r: int) -> None:
    """Step 12, on the ground: multiply(1, -0.9, 1) (× 1.0 leaves X and Z as they are, -0.0 and NaN too)."""
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] * XP_ORB_BOUNCE


@njit(inline=True)
def bounce_back(f: np.ndarray, r: int, prev_y: float) -> None:
    """Step 12 on the ground from 1.21.4 (`xp_orb_bounce_prev_y`): Y := -(Y before the move) × 0.4, X and Z as
    they are (`new Vec3d(x, -f * 0.4, z)`); from 1.21.5 only where that Y was below -0.03 (`xp_orb_tick_1_21_8`)."""
    f[r, F_MOTION + 1] = -prev_y * XP_ORB_BOUNCE_BACK


# the orb's tick, per release (`tick_rows`' `tick`): up to 1.21.3; 1.21.4's bounce (`xp_orb_bounce_prev_y`); 1.21.5's
# (`xp_orb_tick_1_21_8`)
TICK_1_16, TICK_1_21_4, TICK_1_21_8 = range(3)


@njit(inline=True)
def grow_older(i: np.ndarray, r: int) -> None:
    """Step 13: the orb's age + 1 (a Java int)."""
    i[r, I_ORB_AGE] = wrap32(i[r, I_ORB_AGE] + 1)


@njit(inline=True)
def _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, r: int, slip: np.ndarray, v: int, border: tuple, effects: np.ndarray,
              lava_push: float, zero_below: float, void: float, eye: float, below_eye: float, merging: bool,
              tick: int) -> bool:
    """`ExperienceOrbEntity.tick` of row `r` after `ServerWorld.tickEntity`'s head, the release's `tick`; false where
    the object path must tick it (the row part-written)."""
    if i[r, I_FIRST] or i[r, I_FIRE] != UNLIT or not finite_row(f, r):
        return False
    if wrap32(i[r, I_ORB_AGE] + 1) >= XP_ORB_MAX_AGE:                 # step 13 removes it
        return False
    if not base_tick(keys, slots, pool, flags, f, i, r, v, lava_push, zero_below, void, eye, below_eye,
                     I_SUBMERGED):                                                       # 1 F
        return False
    box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
    if tick == TICK_1_21_8 and collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled,
                                                        single, empty, box, cells) != 0:
        return False        # 1.21.5: a box in a block takes no gravity, and may be pushed out (the object path)
    if not merging:                                                                          # 2
        count_down_pickup_delay(i, r)
    if i[r, I_SUBMERGED]:                                                                    # 3
        water_movement(f, r)
    elif not i[r, I_FLAGS] & NO_GRAVITY:
        gravity(f, r)
    if flags[state_at(keys, slots, pool, jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]),
                      jfloor(f[r, F_POS + 2]))] & LAVA:                                      # 4: the lava kick
        return False
    if tick != TICK_1_21_8 and collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled,
                                                        single, empty, box, cells) != 0:     # 5: pushOutOfBlocks
        return False
    prev_y = f[r, F_MOTION + 1]
    if not move_self(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                     f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], v, border, effects, HALF_WIDTH,
                     XP_ORB_HEIGHT, 0.0, False):                                             # 9 M
        return False
    if not drag_after_move(keys, slots, pool, flags, f, i, r, slip, v, XP_ORB_DRAG, XP_ORB_DRAG_Y,
                           tick == TICK_1_21_8):                                             # 10, 11 D
        return False
    if i[r, I_FLAGS] & ON_GROUND:                                                            # 12
        if tick == TICK_1_16:
            bounce(f, r)
        elif tick == TICK_1_21_4 or prev_y < XP_ORB_GRAVITY:
            bounce_back(f, r, prev_y)
    grow_older(i, r)                                                                         # 13
    return True


@njit(inline=True)
def merge(i: np.ndarray, r: int, o: int) -> None:
    """`ExperienceOrbEntity.merge` (1.17) of row `o` into row `r`: the counts add up (a Java int), the lower age
    stays, `o` is removed (its flag: the caller removes its entity)."""
    i[r, I_COUNT] = wrap32(i[r, I_COUNT] + i[o, I_COUNT])
    i[r, I_ORB_AGE] = min(i[r, I_ORB_AGE], i[o, I_ORB_AGE])
    i[o, I_FLAGS] |= REMOVED


@njit(inline=True)
def _section_range(lo: float, hi: float, clamp: bool) -> tuple:
    """The entity sections `World.getEntities` visits along one axis of a box from `lo` to `hi` (expanded by
    GET_ENTITIES_MARGIN; MathHelper.floor of / 16.0; y clamped to 0..ENTITY_SECTION_MAX)."""
    a, b = jfloor((lo - GET_ENTITIES_MARGIN) / SECTION_SIZE), jfloor((hi + GET_ENTITIES_MARGIN) / SECTION_SIZE)
    if clamp:
        a = min(max(a, 0), ENTITY_SECTION_MAX)
        b = min(max(b, 0), ENTITY_SECTION_MAX)
    return a, b


@njit(inline=True)
def _before(members: np.ndarray, a: int, b: int) -> bool:
    """Whether member a comes before member b in the world's entity order (`World.get_entities`: section x, then
    z, then y; then the place in the section's list)."""
    for c in (M_SECTION, M_SECTION + 2, M_SECTION + 1, M_PLACE):
        if members[a, c] != members[b, c]:
            return members[a, c] < members[b, c]
    return False


@njit(inline=True)
def expensive_update(f: np.ndarray, i: np.ndarray, r: int, box: tuple, members: np.ndarray, me: int,
                     state: np.ndarray, max_queried: int, found: np.ndarray) -> bool:
    """`ExperienceOrbEntity.expensiveUpdate`'s merge (1.17) of the orb on row `r` (member `me`, its box at step 6
    `box`): the orbs of its value in its box expanded by 0.5 whose ids differ from its own by a multiple of 40
    (`isMergeable`: not removed), found as `World.getEntities` finds them (the sections of the box expanded by 2,
    counted into `state[S_QUERIED]`; in the world's order), each merged in turn (`merge`: the counts add up, the
    lower age stays, the other is removed: its member index appended to `found` after `state[S_REMOVED]`). False,
    nothing done, where the entities looked at this tick would pass `max_queried` (the object path stops there)."""
    x0, y0, z0 = box[0] - XP_ORB_MERGE_REACH, box[1] - XP_ORB_MERGE_REACH, box[2] - XP_ORB_MERGE_REACH
    x1, y1, z1 = box[3] + XP_ORB_MERGE_REACH, box[4] + XP_ORB_MERGE_REACH, box[5] + XP_ORB_MERGE_REACH
    sx0, sx1 = _section_range(x0, x1, False)
    sy0, sy1 = _section_range(y0, y1, True)
    sz0, sz1 = _section_range(z0, z1, False)
    queried = state[S_QUERIED]
    start = n = state[S_REMOVED]
    for m in range(len(members)):
        sx, sy, sz = members[m, M_SECTION], members[m, M_SECTION + 1], members[m, M_SECTION + 2]
        if not (sx0 <= sx <= sx1 and sy0 <= sy <= sy1 and sz0 <= sz <= sz1):
            continue
        queried += 1
        o = members[m, M_ROW]
        if m == me or i[o, I_FLAGS] & REMOVED or wrap32(members[m, M_ID] - members[me, M_ID]) % XP_ORB_MERGE_IDS \
                or i[o, I_VALUE] != i[r, I_VALUE]:
            continue
        if f[o, F_BOX] < x1 and f[o, F_BOX + 3] > x0 and f[o, F_BOX + 1] < y1 and f[o, F_BOX + 4] > y0 \
                and f[o, F_BOX + 2] < z1 and f[o, F_BOX + 5] > z0:
            k = n                                   # insertion into the world's order
            while k > start and _before(members, m, found[k - 1]):
                found[k] = found[k - 1]
                k -= 1
            found[k] = m
            n += 1
    if queried > max_queried:
        return False
    state[S_QUERIED] = queried
    for k in range(start, n):
        merge(i, r, members[found[k], M_ROW])
    state[S_REMOVED] = n
    return True


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, slip: np.ndarray, v: int, border: tuple,
              effects: np.ndarray, lava_push: float, zero_below: float, void: float, eye: float, below_eye: float,
              merging: bool, tick: int, marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray,
              members: np.ndarray, slot: np.ndarray, state: np.ndarray, max_queried: int, found: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `ExperienceOrbEntity.tick` for rows[start:] in the release whose flags are `v`
    (`tnt_kernel.version_bits`), in order. `slip`: `Block.getSlipperiness` per block state; `border`: the world
    border's edges; `void`: the Y below which the void removes an orb; `eye`: its eye height, and `below_eye` how far
    below the eye the submerged test looks (0.11111111F before 1.20.5); `merging`: the 1.17 tick (no pickup delay,
    the merge every 20 ticks); `tick`: which of the orb's ticks (TICK_1_16, TICK_1_21_4, TICK_1_21_8). `marks`,
    `saved_f`, `saved_i` as `item_kernel.tick_rows` writes them. Returns (len(rows), DONE), or the place of an orb
    handed back and HANDED, its row restored.

    `members` (rows M_*): every entity of the world's sections where all are orbs, else none; `slot`: each table
    row's member index (−1: none); `state` (S_*): the entities queried this tick, the next place in a section's
    list, the merged orbs in `found`. With members, a merging orb's `expensive_update` runs here, and the loop
    stops at the first orb it hands back (a later orb's merge reads the orbs before it as ticked); the orbs that
    move to another section take their place at the end of its list, as `World.check_entity_chunk_pos` files
    them after the loop. Without members, the loop hands a merging orb back (HANDED) and goes on after any other:
    an orb's tick on either path then reads the blocks, which it does not change, and its own row (and Random),
    and writes only its row; the caller replays the object-path ticks and section moves in entity order."""
    queries = len(members) > 0
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            if queries:
                return n, HANDED                      # the phase ticks or unloads it before the next orb
            continue
        tick_entity_head(f, i, r)                                                   # ServerWorld.tickEntity
        update = merging and i[r, I_AGE] % XP_ORB_MERGE_PERIOD == 1       # step 6 (1.17): expensiveUpdate
        if update and not queries or not _tick_row(keys, slots, pool, shape, flags, ncoords, coords, filled, single,
                                                   empty, cells, f, i, r, slip, v, border, effects, lava_push,
                                                   zero_below, void, eye, below_eye, merging, tick):
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            if update or queries:
                return n, HANDED
            continue
        if update:   # the merge reads the box before the move and the age before step 13; the rest not its results
            i[r, I_ORB_AGE] = saved_i[n, I_ORB_AGE]
            box = (saved_f[n, F_BOX], saved_f[n, F_BOX + 1], saved_f[n, F_BOX + 2], saved_f[n, F_BOX + 3],
                   saved_f[n, F_BOX + 4], saved_f[n, F_BOX + 5])
            if not expensive_update(f, i, r, box, members, slot[r], state, max_queried, found):
                hand_back(f, i, r, n, marks, saved_f, saved_i)
                return n, HANDED
            grow_older(i, r)                                                                 # 13
        end_row(f, i, r, n, marks)
        if queries and marks[n] & SECTION:
            m = slot[r]
            members[m, M_SECTION], members[m, M_SECTION + 1], members[m, M_SECTION + 2] = \
                entity_section(f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2])
            members[m, M_PLACE] = state[S_NEXT_PLACE]
            state[S_NEXT_PLACE] += 1
    return len(rows), DONE
