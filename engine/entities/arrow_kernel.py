"""`PersistentProjectileEntity.tick` on rows (spec 06 §7.2): arrows' and tridents' state as `engine.entities.rows`
columns (`ARROW_ROWS`: the base columns, then the owner's entity id and the left-owner, first-update and submerged
flags in `thrown_kernel.THROWN_ROWS`' places, so its base-tick kernel reads them, then the in-ground state, the id
of the block state it is stuck in (−1 for none), the ticks in the ground, life, shake, crit, piercing, 1.14-1.15.2's
flyingTick, and the damage as a float; `TRIDENT_ROWS` adds `dealtDamage`), the stages written once, and the fused
loop the entity phase runs over consecutive arrows (or tridents).

`PersistentProjectile.tick` (the object path: tracing, the viewer's micro-steps, 1.14-1.15.2 and 1.21.2's order,
and any arrow this loop hands back) runs the same drag, gravity, in-ground test and stuck life as plain Python
(`engine.jit.plain`). The loop ticks, in 1.16.2-1.21.1, an arrow stuck in a block that stays (the base tick, the
in-ground test, the shake, `age`) and an arrow in flight through air or water (the base tick: the fluid push and
the submerged test; the entity query of `getEntityCollision` counted as the object path counts it; the block
raycast from the position to position + Motion, `raycast_kernel.collider_path_clear`; the drag, 0.99F, in water
`getDragInWater`; the gravity; the position update; `checkBlockCollision`). It hands an arrow back to the object
path, its row restored as found, and stops there, where its tick reads what these kernels do not decide: its first
tick, noClip, fire, lava, the void, non-finite numbers, an owner it has not left, a trident that may still hit and
any entity that `collides` whose box meets the query box (a possible entity hit), any cell on the raycast's path
whose collision shape is not empty (a possible block hit), a stuck arrow whose block changed (it may fall) or whose
life runs out, a cell whose collision shape the cell decides, a block with an entity effect in its box after the
move, and the engine's limits (a raycast too long, an entity query past `MAX_QUERIED_ENTITIES`).
"""

from __future__ import annotations

import numpy as np

from engine.constants import (
    ARROW_DRAG,
    ARROW_HEIGHT,
    ARROW_MAX_LIFE,
    ARROW_RELEASE_MARGIN,
    ARROW_WIDTH,
    COLLISION_EPSILON,
    TRIDENT_DAMAGE_GROUND_TICKS,
)
from engine.core.limits import MAX_QUERIED_ENTITIES
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_MOTION,
    F_POS,
    HANDED,
    I_FLAGS,
    NO_CLIP,
    NO_GRAVITY,
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
    _meets,
    _queried,
    _query_box,
    _refile,
    base_tick,
    gravity,
)
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


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, nboxes, boxes,
              cells: np.ndarray, f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int, g: float,
              water_drag: float, dealt: int, v: int, lava_push: float, zero_below: float, void: float, eye: float,
              below_eye: float, deflate: float, entity_boxes: np.ndarray,
              sections: np.ndarray, counts: np.ndarray, ordered: int, queried: int, marks: np.ndarray,
              saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `PersistentProjectileEntity.tick` (1.16.2-1.21.1) for rows[start:] in the release
    whose flags are `v` (`tnt_kernel.version_bits`), in order, up to one whose tick the object path takes (a row
    of −1, a removed one, or one these kernels gave back: restored as found, marked OBJECT_PATH). `shape` ..
    `empty`: the block tables (`collision_kernel.block_arrays`); `cells`: the block query's work array; `nboxes`,
    `boxes`: the shapes' boxes (`block_tables.shape_boxes`); `g`: the gravity; `water_drag`: the kind's
    `getDragInWater`; `dealt`: tridents' dealtDamage column (`NO_TRIDENT` for arrows). `void`, `eye`,
    `below_eye`, `deflate`, `entity_boxes`, `sections`, `ordered`, `counts`, `queried`, `marks`: as
    `thrown_kernel.tick_rows` takes them. Returns (where it stopped, DONE or HANDED, the entities queried up to
    there)."""
    used = ordered
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            return n, HANDED, queried
        tick_entity_head(f, i, r)                                                   # ServerWorld.tickEntity
        if dealt >= 0 and i[r, I_GROUND_TIME] > TRIDENT_DAMAGE_GROUND_TICKS:         # TridentEntity.tick
            i[r, dealt] = 1
        ok = i[r, I_FLAGS] & NO_CLIP == 0 and base_tick(keys, slots, pool, flags, f, i, r, v, lava_push,
                                                        zero_below, void, eye, below_eye)   # 1 F
        bx, by, bz = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2])
        sid = state_at(keys, slots, pool, bx, by, bz)
        s = shape[sid]
        if not ok or s < 0:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED, queried
        if not flags[sid] & AIR and _inside_block(shape, nboxes, boxes, s, f, r, bx, by, bz):   # 2
            i[r, I_IN_GROUND] = 1
        if i[r, I_SHAKE] > 0:
            i[r, I_SHAKE] -= 1
        if i[r, I_IN_GROUND]:                                                       # 3: stuck
            after = queried
            if i[r, I_IN_BLOCK] != sid:    # method_26351: the solid entities in the cube, then its blocks
                c = release_cube(f, r)
                e = COLLISION_EPSILON
                seen = _queried((c[0] - e, c[1] - e, c[2] - e, c[3] + e, c[4] + e, c[5] + e), sections, counts,
                                ordered, used)
                after = -1 if seen < 0 or queried + seen > MAX_QUERIED_ENTITIES else queried + seen
                if after >= 0 and collect_block_collisions(keys, slots, pool, shape, flags, ncoords, coords, filled,
                                                           single, empty, c, cells) <= 0:
                    after = -1             # the space is empty (it may fall) or the object path's to decide
            if after < 0 or age(i, r):     # its life ran out
                hand_back(f, i, r, n, marks, saved_f, saved_i)
                return n, HANDED, queried
            queried = after
            i[r, I_GROUND_TIME] += 1
            end_row(f, i, r, n, marks)
            continue
        i[r, I_GROUND_TIME] = 0
        after = queried                                                             # 4, 5 Dc: getEntityCollision
        if dealt < 0 or not i[r, dealt]:
            q = _query_box(f, r)
            seen = _queried(q, sections, counts, ordered, used)
            after = -1 if seen < 0 or queried + seen > MAX_QUERIED_ENTITIES or _meets(q, entity_boxes) \
                else queried + seen
        px, py, pz = f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2]
        mx, my, mz = f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2]
        if after < 0 or not collider_path_clear(keys, slots, pool, shape, empty, px, py, pz,
                                                px + mx, py + my, pz + mz):
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED, queried
        multiply_motion(f, r, water_drag if i[r, I_FLAGS] & TOUCHING_WATER else ARROW_DRAG)   # 6 D: 0.99F
        if not i[r, I_FLAGS] & NO_GRAVITY:
            gravity(f, r, g)                                                        # 7 G: getGravity
        x, y, z = px + mx, py + my, pz + mz                                         # 8 M: updatePosition
        f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2] = x, y, z
        f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2] = x - HALF_WIDTH, y, z - HALF_WIDTH
        f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5] = x + HALF_WIDTH, y + ARROW_HEIGHT, z + HALF_WIDTH
        if _effect_in_box(keys, slots, pool, flags, f, r, deflate):                # 9 checkBlockCollision
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED, queried
        queried = after
        if section_moved(f, i, r):
            used = _refile(f, i, r, sections, counts, ordered, used)
        end_row(f, i, r, n, marks)
    return len(rows), DONE, queried
