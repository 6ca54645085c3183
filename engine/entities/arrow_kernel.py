"""`PersistentProjectileEntity.tick` on rows (spec 06 §7.2): arrows' and tridents' state as `engine.entities.rows`
columns (`ARROW_ROWS`: the base columns, then the owner's entity id and the left-owner, first-update and submerged
flags in `thrown_kernel.THROWN_ROWS`' places, so its base-tick kernel reads them, then the in-ground state, the id
of the block state it is stuck in (−1 for none), the ticks in the ground, life, shake, crit, piercing, 1.14-1.15.2's
flyingTick, and the damage as a float; `TRIDENT_ROWS` adds `dealtDamage`), the stages written once, and the fused
loop the entity phase runs over consecutive arrows (or tridents).

`PersistentProjectile.tick` (the object path: tracing, the viewer's micro-steps, 1.14-1.15.2, and any arrow this
loop hands back) runs the same drag, gravity, in-ground test, `setInGround`, stuck life and release cube as plain
Python (`engine.jit.plain`). The loop ticks, in 1.16.2-1.21.11, an arrow stuck in a block that stays (up to 1.21.1
the base tick first; from 1.21.2 no base tick, then `tickBlockCollision`) and an arrow in flight through air or
water: up to 1.21.1 the base tick (the fluid push and the submerged test), the entity query of `getEntityCollision`
counted as the object path counts it, the block raycast from the position to position + Motion
(`raycast_kernel.collider_path_clear`), the drag, 0.99F, in water `getDragInWater`, the gravity, the position
update, `checkBlockCollision`; from 1.21.2 (`late`) the water drag (1.21.4), the query, the raycast along the
Motion of the tick's start (meeting the world border), the move, `tickBlockCollision`, the drag, the gravity and
the base tick. It hands an arrow back to the object path, its row restored as found, and stops there, where its
tick reads what these kernels do not decide: its first tick in flight, noClip, fire, lava, the void, non-finite
numbers, an owner it has not left, a trident that may still hit and any entity that `collides` whose box meets the
query box (a possible entity hit: 1.21.11's many hits and the margin by age are the object path's), any cell on the
raycast's path whose collision shape is not empty (a possible block hit), a path leaving the world border (1.21.2
on), a stuck arrow whose block changed (it may fall) or whose life runs out, a cell whose collision shape the cell
decides, a block with an entity effect in the box after the move (from 1.21.2 near the path; in a release refusing
`block_effects`, 1.21.10 on, in a section the refused check reads), from 1.21.2 an arrow on the ground or on fire at
its last move, and the engine's limits (a raycast too long, an entity query past `MAX_QUERIED_ENTITIES`). What a
stuck arrow's base tick reads (1.21.7's unpushed arrow, `arrow_in_ground_unpushed`) and where 1.21.10 tests its
owner (`arrow_left_owner_before_raycast`) change nothing the loop ticks: from 1.21.2 a stuck arrow's base tick is
the tick of its block hit, handed back, and an arrow that has left its owner stays so.
"""

from __future__ import annotations

import numpy as np

from engine.constants import (
    ARROW_DRAG,
    ARROW_HEIGHT,
    ARROW_MAX_LIFE,
    ARROW_RELEASE_MARGIN,
    ARROW_SHAKE,
    ARROW_WIDTH,
    COLLISION_EPSILON,
    TRIDENT_DAMAGE_GROUND_TICKS,
)
from engine.core.limits import MAX_QUERIED_ENTITIES
from engine.entities.item_kernel import finite_row
from engine.entities.rows import (
    DONE,
    F_MOTION,
    F_POS,
    HANDED,
    I_FIRE,
    I_FIRST,
    I_FLAGS,
    NO_CLIP,
    NO_GRAVITY,
    ON_FIRE_AT_MOVE,
    ON_GROUND,
    TOUCHING_WATER,
    RowTable,
    begin_row,
    end_row,
    hand_back,
    multiply_motion,
    section_moved,
    tick_entity_head,
)
from engine.entities.thrown_kernel import (
    THROWN_ROWS,
    _effect_in_box,
    _effects_in_reach,
    _queried,
    _refile,
    base_tick,
    entities_clear,
    gravity,
    path_clear,
    target,
    update_position,
)
from engine.entities.tnt_kernel import UNLIT, V_EFFECT_SECTIONS
from engine.jit import njit
from engine.motion.collision_kernel import collect_block_collisions, jfloor, state_at
from engine.motion.raycast_kernel import collider_path_clear
from engine.world.block_tables import AIR

_SHARED = ("owner", "left_owner", "first_update", "submerged_in_water")   # thrown_kernel.base_tick's columns
ARROW_INTS = (*_SHARED, "in_ground", "in_block_state_id", "in_ground_time", "life", "shake", "critical",
              "pierce_level", "flying_tick")
ARROW_ROWS = RowTable(extra_ints=ARROW_INTS, extra_floats=("damage_value",))
TRIDENT_ROWS = RowTable(extra_ints=(*ARROW_INTS, "dealt_damage"), extra_floats=("damage_value",))
assert all(ARROW_ROWS.extra_ints[n] == THROWN_ROWS.extra_ints[n] for n in _SHARED)
I_IN_GROUND, I_IN_BLOCK, I_GROUND_TIME, I_LIFE, I_SHAKE = (ARROW_ROWS.extra_ints[n] for n in (
    "in_ground", "in_block_state_id", "in_ground_time", "life", "shake"))
I_DEALT = TRIDENT_ROWS.extra_ints["dealt_damage"]
NO_TRIDENT = -1                                # `tick_rows`' `dealt` for arrows: no dealtDamage column
HALF_WIDTH = ARROW_WIDTH / 2.0                 # EntityDimensions.getBoxAt (engine.geometry.box.Box.from_entity)


@njit(inline=True)
def box_contains(x0: float, y0: float, z0: float, x1: float, y1: float, z1: float, x: float, y: float,
                 z: float) -> bool:
    """`Box.contains(pos)` of the cell box (x0..x1, y0..y1, z0..z1): min inclusive, max exclusive."""
    return x0 <= x < x1 and y0 <= y < y1 and z0 <= z < z1


@njit(inline=True)
def age(i: np.ndarray, r: int) -> bool:
    """`age()` of a stuck arrow: life + 1; whether it reached 1200 (then it is removed)."""
    i[r, I_LIFE] += 1
    return i[r, I_LIFE] >= ARROW_MAX_LIFE


@njit(inline=True)
def _inside_block(shape, nboxes, boxes, s: int, f: np.ndarray, r: int, bx: int, by: int, bz: int) -> bool:
    """The in-ground test: the position lies in one of the boxes of its cell's collision shape `s`."""
    x, y, z = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
    for b in range(nboxes[s]):
        if box_contains(bx + boxes[s, b, 0], by + boxes[s, b, 1], bz + boxes[s, b, 2], bx + boxes[s, b, 3],
                        by + boxes[s, b, 4], bz + boxes[s, b, 5], x, y, z):
            return True
    return False


@njit(inline=True)
def release_cube(f: np.ndarray, r: int) -> tuple:
    """`method_26351`'s cube (1.16+): `new Box(pos, pos).expand(0.06)`."""
    x, y, z, m = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2], ARROW_RELEASE_MARGIN
    return x - m, y - m, z - m, x + m, y + m, z + m


@njit(inline=True)
def set_in_ground(i: np.ndarray, r: int) -> None:
    """`setInGround(true)` (1.21.2, tracked data): becoming stuck after the first tick starts the shake at 7
    (`onTrackedDataSet`) when it is not shaking."""
    if not i[r, I_IN_GROUND] and not i[r, I_FIRST] and i[r, I_SHAKE] <= 0:
        i[r, I_SHAKE] = ARROW_SHAKE
    i[r, I_IN_GROUND] = 1


@njit(inline=True)
def stick(f: np.ndarray, i: np.ndarray, r: int, zeroes_motion: bool) -> None:
    """1.21.2's in-ground test finding the position inside its cell's collision boxes: from 1.21.7
    (`arrow_in_ground_zeroes_motion`, `AbstractArrow.tick`'s `setDeltaMovement(Vec3.ZERO)`) the Motion zeroed
    first; then `set_in_ground`."""
    if zeroes_motion:
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = 0.0, 0.0, 0.0
    set_in_ground(i, r)


@njit(inline=True)
def apply_drag(f: np.ndarray, i: np.ndarray, r: int, water_drag: float) -> None:
    """The drag: Motion × the kind's `getDragInWater` (0.6F, a trident's 0.99F) touching water (the last base
    tick's test), else × 0.99F."""
    multiply_motion(f, r, water_drag if i[r, I_FLAGS] & TOUCHING_WATER else ARROW_DRAG)


@njit(inline=True)
def _cell(keys, slots, pool, shape, flags, nboxes, boxes, f: np.ndarray, r: int) -> tuple:
    """The state id of row `r`'s cell and whether the position lies inside its collision shape (the in-ground
    test); a state id of −1 where the cell decides the shape (the object path's to test)."""
    bx, by, bz = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2])
    sid = state_at(keys, slots, pool, bx, by, bz)
    s = shape[sid]
    if s < 0:
        return -1, False
    return sid, not flags[sid] & AIR and _inside_block(shape, nboxes, boxes, s, f, r, bx, by, bz)


@njit(inline=True)
def stays_stuck(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                f: np.ndarray, i: np.ndarray, r: int, sid: int, sections: np.ndarray, counts: np.ndarray,
                ordered: int, used: int, queried: int) -> int:
    """A stuck arrow's tick in the ground (row `r`, its cell's state `sid`): where its block changed,
    `method_26351`'s release test (the solid entities in the cube, counted, then its blocks) finding the cube
    holding a block collision box; `age`; the ticks in the ground + 1. Returns the entities queried after it, or −1
    where the object path decides (it may fall, its life runs out, the engine's limits)."""
    after = queried
    if i[r, I_IN_BLOCK] != sid:
        c = release_cube(f, r)
        e = COLLISION_EPSILON
        seen = _queried((c[0] - e, c[1] - e, c[2] - e, c[3] + e, c[4] + e, c[5] + e), sections, counts, ordered,
                        used)
        if seen < 0 or queried + seen > MAX_QUERIED_ENTITIES or collect_block_collisions(
                keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, c, cells) <= 0:
            return -1              # the space is empty (it may fall) or the object path's to decide
        after = queried + seen
    if age(i, r):                  # its life ran out
        return -1
    i[r, I_GROUND_TIME] += 1
    return after


@njit(inline=True)
def early_flight(keys, slots, pool, shape, flags, empty, f: np.ndarray, i: np.ndarray, r: int, g: float,
                 water_drag: float, dealt: int, deflate: float, entity_boxes: np.ndarray, sections: np.ndarray,
                 counts: np.ndarray, ordered: int, used: int, queried: int) -> int:
    """Steps 4-9 of an arrow in flight up to 1.21.1 (spec 06 §7.2) on row `r`: the entity query of
    `getEntityCollision` (none for a trident that dealt damage) and the block raycast missing, the drag, the
    gravity, the position update by the Motion read before them, `checkBlockCollision` meeting no block with an
    entity effect. Returns the entities queried after it, or −1 where the object path must tick the arrow (the row
    part-written)."""
    after = queried                                                                 # 4, 5 Dc: getEntityCollision
    if dealt < 0 or not i[r, dealt]:
        after = entities_clear(f, r, entity_boxes, sections, counts, ordered, used, queried)
    x, y, z = target(f, r)
    if after < 0 or not collider_path_clear(keys, slots, pool, shape, empty, f[r, F_POS], f[r, F_POS + 1],
                                            f[r, F_POS + 2], x, y, z):
        return -1
    apply_drag(f, i, r, water_drag)                                                 # 6 D
    if not i[r, I_FLAGS] & NO_GRAVITY:
        gravity(f, r, g)                                                            # 7 G: getGravity
    update_position(f, r, x, y, z, HALF_WIDTH, ARROW_HEIGHT)                        # 8 M: updatePosition
    if _effect_in_box(keys, slots, pool, flags, f, r, deflate):                    # 9 checkBlockCollision
        return -1
    return after


@njit(inline=True)
def late_flight(keys, slots, pool, shape, flags, empty, f: np.ndarray, i: np.ndarray, r: int, g: float,
                water_drag: float, dealt: int, split: bool, v: int, lava_push: float, zero_below: float, void: float,
                eye: float, below_eye: float, border: tuple, effects: np.ndarray, entity_boxes: np.ndarray,
                sections: np.ndarray, counts: np.ndarray, ordered: int, used: int, queried: int) -> int:
    """An arrow in flight from 1.21.2 (`arrow_tick_1_21_2`) on row `r`: from 1.21.4 (`split`) the water drag
    first; the entity query (the box stretched by the Motion of then) and the raycast along the Motion read at the
    start (meeting the world border) missing; the move to its end; `tickBlockCollision` meeting no block with an
    entity effect near the path (`thrown_kernel._effects_in_reach`); the drag (1.21.4: out of water only); the
    gravity; the base tick (from 1.21.5 its refused check by section again). Returns the entities queried after
    it, or −1 where the object path must tick the arrow (the row part-written)."""
    px, py, pz = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
    x, y, z = target(f, r)                  # the path: the Motion at the tick's start
    first = split and i[r, I_FLAGS] & TOUCHING_WATER != 0
    if first:
        multiply_motion(f, r, water_drag)                                           # D (1.21.4)
    after = queried
    if dealt < 0 or not i[r, dealt]:
        after = entities_clear(f, r, entity_boxes, sections, counts, ordered, used, queried)
    if after < 0 or not path_clear(keys, slots, pool, shape, empty, px, py, pz, x, y, z, border):   # Dc
        return -1
    update_position(f, r, x, y, z, HALF_WIDTH, ARROW_HEIGHT)                        # M
    by_section = v & V_EFFECT_SECTIONS != 0
    if _effects_in_reach(keys, slots, pool, flags, f, r, by_section, effects):     # Dc': tickBlockCollision
        return -1
    if not first:
        apply_drag(f, i, r, water_drag)                                             # D
    if not i[r, I_FLAGS] & NO_GRAVITY:
        gravity(f, r, g)                                                            # G: getGravity
    if not base_tick(keys, slots, pool, flags, f, i, r, v, lava_push, zero_below, void, eye, below_eye) \
            or by_section and _effects_in_reach(keys, slots, pool, flags, f, r, True, effects):   # F
        return -1
    return after


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, nboxes, boxes,
              cells: np.ndarray, f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, g: float,
              water_drag: float, dealt: int, late: bool, zeroes_motion: bool, split: bool, v: int, lava_push: float,
              zero_below: float, void: float, eye: float, below_eye: float, deflate: float, border: tuple,
              effects: np.ndarray, entity_boxes: np.ndarray, sections: np.ndarray, counts: np.ndarray, ordered: int,
              queried: int, marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `PersistentProjectileEntity.tick` (1.16.2-1.21.11) for rows[start:] in the release
    whose flags are `v` (`tnt_kernel.version_bits`), in order, up to one whose tick the object path takes (a row
    of −1, a removed one, or one these kernels gave back: restored as found, marked OBJECT_PATH). Up to 1.21.1 spec
    06 §7.2's order: the base tick, the in-ground test, the shake; stuck, `stays_stuck`; in flight `early_flight`.
    From 1.21.2 (`late`, `arrow_tick_1_21_2`): the in-ground test (`stick`, zeroing the Motion where
    `zeroes_motion`, `arrow_in_ground_zeroes_motion`), the shake; stuck, `stays_stuck` and `tickBlockCollision`
    (no base tick); in flight `late_flight` (`split`: `arrow_drag_split`); a noClip arrow, one on the ground or on
    fire at its last move (`tickBlockCollision`'s `onSteppedOn` and extinguishing) or on fire is the object path's.
    `shape` .. `empty`: the block tables (`collision_kernel.block_arrays`); `nboxes`, `boxes`: the shapes' boxes
    (`block_tables.shape_boxes`); `cells`: the block query's work array; `g`: the gravity; `water_drag`: the kind's
    `getDragInWater`; `dealt`: tridents' dealtDamage column (`NO_TRIDENT` for arrows). `v` .. `effects`,
    `entity_boxes`, `sections`, `counts`, `ordered`, `queried`, `marks`: as `thrown_kernel.tick_rows` takes them.
    Returns (where it stopped, DONE or HANDED, the entities queried up to there)."""
    used = ordered
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            return n, HANDED, queried
        tick_entity_head(f, i, r)                                                   # ServerWorld.tickEntity
        if dealt >= 0 and i[r, I_GROUND_TIME] > TRIDENT_DAMAGE_GROUND_TICKS:         # TridentEntity.tick
            i[r, dealt] = 1
        if late:
            ok = not i[r, I_FLAGS] & (NO_CLIP | ON_GROUND | ON_FIRE_AT_MOVE) and i[r, I_FIRE] == UNLIT \
                and finite_row(f, r)
        else:
            ok = not i[r, I_FLAGS] & NO_CLIP and base_tick(keys, slots, pool, flags, f, i, r, v, lava_push,
                                                           zero_below, void, eye, below_eye)   # 1 F
        sid, inside = _cell(keys, slots, pool, shape, flags, nboxes, boxes, f, r)
        if not ok or sid < 0:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED, queried
        if inside:                                                                  # 2: the in-ground test
            if late:
                stick(f, i, r, zeroes_motion)
            else:
                i[r, I_IN_GROUND] = 1
        if i[r, I_SHAKE] > 0:
            i[r, I_SHAKE] -= 1
        if i[r, I_IN_GROUND]:                                                       # 3: stuck (fall or age)
            after = stays_stuck(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i,
                                r, sid, sections, counts, ordered, used, queried)
            if late and after >= 0 and _effects_in_reach(keys, slots, pool, flags, f, r, v & V_EFFECT_SECTIONS != 0,
                                                         effects):                  # tickBlockCollision
                after = -1
        else:
            i[r, I_GROUND_TIME] = 0
            if late:
                after = late_flight(keys, slots, pool, shape, flags, empty, f, i, r, g, water_drag, dealt, split, v,
                                    lava_push, zero_below, void, eye, below_eye, border, effects, entity_boxes,
                                    sections, counts, ordered, used, queried)
            else:
                after = early_flight(keys, slots, pool, shape, flags, empty, f, i, r, g, water_drag, dealt, deflate,
                                     entity_boxes, sections, counts, ordered, used, queried)
        if after < 0:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED, queried
        queried = after
        if section_moved(f, i, r):
            used = _refile(f, i, r, sections, counts, ordered, used)
        end_row(f, i, r, n, marks)
    return len(rows), DONE, queried
