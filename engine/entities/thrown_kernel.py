"""`ThrownEntity.tick` on rows (spec 06 §8.2): its stages as kernels (engine.jit) over `engine.entities.rows` columns
(`THROWN_ROWS`: the base columns, then the owner's entity id, the left-owner, first-update and submerged flags, and
1.14-1.15.2's ignored entity, which no release this loop runs reads), and the fused loop the entity phase runs over
consecutive thrown projectiles of one kind (snowballs, eggs, ender pearls, potions, bottles o' enchanting).

`ThrownEntity.tick` (the object path: tracing, the viewer's micro-steps, and any projectile this loop hands back)
runs the same drag and gravity kernels as plain Python (`engine.jit.plain`). The loop ticks a projectile in free
flight, 1.16.2–1.21.11, in its release's order (`late`: 1.21.2's, `thrown_tick_1_21_2`). Up to 1.21.1: the base tick
(the fluid push and the submerged test: `fluid_kernel.update_water_state`), the entity query of
`ProjectileUtil.getCollision` counted as the object path counts it (`World.entities_queried`), the block raycast
from the position to position + Motion (`raycast_kernel.collider_path_clear`), `checkBlockCollision`, the drag
(0.99F, 0.8F in water), the gravity and the position update (`clear_flight`). From 1.21.2: the gravity and the
drag, then the query and the raycast along the new Motion (which from 1.21.2 also meets the world border), the
move, `tickBlockCollision` and the base tick (`moved_flight`).
It hands a projectile back to the object path, its row restored as found, and stops there, where its tick reads
what these kernels do not decide: its first tick, fire, lava, the void, non-finite numbers, an owner it has not
left, any entity that `collides` whose box meets the query box (`box.stretch(Motion).expand(1)`: a possible entity
hit), any cell on the raycast's path whose collision shape is not empty (a possible block hit: `onCollision`, the
pearl's teleport, the snowball's removal), a path leaving the world border (1.21.2 on), a block with an entity
effect in its box (portals, end gateways, bubble columns; from 1.21.2 on the path `tickBlockCollision` walks, from
1.21.5 in a section the refused check reads: `tnt_kernel.effect_near_path`), from 1.21.2 a projectile on the
ground, without clipping or on fire at its last move, and the engine's limits (a raycast too long, an entity query
past `MAX_QUERIED_ENTITIES`, a 1.21.2 path longer than `tnt_kernel.TICK_BLOCKS_SPAN`).
"""

from __future__ import annotations

import math

import numpy as np

from engine.constants import (
    ENTITY_SECTION_MAX,
    GET_ENTITIES_MARGIN,
    PROJECTILE_SEARCH_EXPANSION,
    THROWN_DRAG,
    THROWN_HEIGHT,
    THROWN_WATER_DRAG,
    THROWN_WIDTH,
)
from engine.core.limits import MAX_QUERIED_ENTITIES, MAX_QUERY_CHUNKS
from engine.entities.item_kernel import finite_row, submerged_in_water
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_LAVA,
    F_MOTION,
    F_POS,
    HANDED,
    I_CHUNK,
    I_FIRE,
    I_FIRST,
    I_FLAGS,
    I_LEFT,
    I_OWNER,
    I_SUBMERGED,
    NO_CLIP,
    NO_GRAVITY,
    ON_FIRE_AT_MOVE,
    ON_GROUND,
    PROJECTILE_INTS,
    TOUCHING_WATER,
    RowTable,
    add_gravity,
    begin_row,
    end_row,
    entity_section,
    hand_back,
    multiply_motion,
    section_moved,
    tick_entity_head,
)
from engine.entities.tnt_kernel import UNLIT, V_EFFECT_SECTIONS, V_LAVA_IN_WATER, V_VEC_DOUBLE, effect_near_path
from engine.influences.fluid_kernel import update_water_state
from engine.jit import njit
from engine.motion.collision_kernel import jfloor, state_at
from engine.motion.raycast_kernel import collider_path_clear
from engine.world.block_tables import EFFECT

# the last three: 1.14-1.15.2's owner field set (`ThrownEntity.owner`), ignored entity id and its ticks (object path)
THROWN_ROWS = RowTable(extra_ints=(*PROJECTILE_INTS, "owner_set", "ignore_entity", "ignore_time"))
HALF_WIDTH = THROWN_WIDTH / 2.0                # EntityDimensions.getBoxAt (engine.geometry.box.Box.from_entity)


@njit(inline=True)
def drag(f: np.ndarray, r: int, in_water: bool) -> None:
    """Step 5 D: Motion × 0.8F touching water, else × 0.99F (`multiply`, each axis)."""
    multiply_motion(f, r, THROWN_WATER_DRAG if in_water else THROWN_DRAG)


@njit(inline=True)
def gravity(f: np.ndarray, r: int, g: float) -> None:
    """Step 6 G: add(0, −g, 0) (g: the kind's `getGravity`)."""
    add_gravity(f, r, -g)


@njit(inline=True)
def _query_box(f: np.ndarray, r: int) -> tuple:
    """`getBoundingBox().stretch(getVelocity()).expand(1.0)` (`ProjectileUtil.getCollision`, `method_26961`)."""
    a, b, c = f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2]
    d, e, g = f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5]
    mx, my, mz = f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2]
    if mx < 0.0:
        a += mx
    elif mx > 0.0:
        d += mx
    if my < 0.0:
        b += my
    elif my > 0.0:
        e += my
    if mz < 0.0:
        c += mz
    elif mz > 0.0:
        g += mz
    x = PROJECTILE_SEARCH_EXPANSION
    return a - x, b - x, c - x, d + x, e + x, g + x


@njit(inline=True)
def _meets(q: tuple, boxes: np.ndarray) -> bool:
    """Some box of `boxes` intersects `q` (`Box.intersects`: open faces)."""
    for k in range(len(boxes)):
        if q[0] < boxes[k, 3] and q[3] > boxes[k, 0] and q[1] < boxes[k, 4] and q[4] > boxes[k, 1] and \
                q[2] < boxes[k, 5] and q[5] > boxes[k, 2]:
            return True
    return False


@njit(inline=True)
def _find(sections: np.ndarray, ordered: int, used: int, x: int, y: int, z: int) -> int:
    """The index of section key (x, y, z) in `sections[:used]` (its first `ordered` sorted by x, y, z; the rest
    appended by `_refile`), or −1."""
    lo, hi = 0, ordered
    while lo < hi:
        mid = (lo + hi) // 2
        a, b, c = sections[mid, 0], sections[mid, 1], sections[mid, 2]
        if a < x or a == x and (b < y or b == y and c < z):
            lo = mid + 1
        else:
            hi = mid
    if lo < ordered and sections[lo, 0] == x and sections[lo, 1] == y and sections[lo, 2] == z:
        return lo
    for k in range(ordered, used):
        if sections[k, 0] == x and sections[k, 1] == y and sections[k, 2] == z:
            return k
    return -1


@njit(inline=True)
def _queried(q: tuple, sections: np.ndarray, counts: np.ndarray, ordered: int, used: int) -> int:
    """How many entities `World.getOtherEntities(q)` looks at (`World.entity_sections_in`: the sections of `q`
    expanded by 2, y clamped); −1 where it visits more chunk columns than `MAX_QUERY_CHUNKS`."""
    m = GET_ENTITIES_MARGIN
    x0, x1 = math.floor((q[0] - m) / 16.0), math.floor((q[3] + m) / 16.0)
    z0, z1 = math.floor((q[2] - m) / 16.0), math.floor((q[5] + m) / 16.0)
    y0 = min(max(math.floor((q[1] - m) / 16.0), 0), ENTITY_SECTION_MAX)
    y1 = min(max(math.floor((q[4] + m) / 16.0), 0), ENTITY_SECTION_MAX)
    columns = max(0, x1 - x0 + 1) * max(0, z1 - z0 + 1)
    if columns > MAX_QUERY_CHUNKS:
        return -1
    n = 0
    if columns * max(0, y1 - y0 + 1) > used:        # more sections in the box than filed: look at each filed one
        for k in range(used):
            if x0 <= sections[k, 0] <= x1 and y0 <= sections[k, 1] <= y1 and z0 <= sections[k, 2] <= z1:
                n += counts[k]
        return n
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            for z in range(z0, z1 + 1):
                k = _find(sections, ordered, used, x, y, z)
                if k >= 0:
                    n += counts[k]
    return n


@njit(inline=True)
def _effect_in_box(keys, slots, pool, flags, f: np.ndarray, r: int, d: float) -> bool:
    """`checkBlockCollision`'s cells (the box deflated by `d`) hold a block with an entity effect."""
    x0, y0, z0 = jfloor(f[r, F_BOX] + d), jfloor(f[r, F_BOX + 1] + d), jfloor(f[r, F_BOX + 2] + d)
    x1, y1, z1 = jfloor(f[r, F_BOX + 3] - d), jfloor(f[r, F_BOX + 4] - d), jfloor(f[r, F_BOX + 5] - d)
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            for z in range(z0, z1 + 1):
                if flags[state_at(keys, slots, pool, x, y, z)] & EFFECT:
                    return True
    return False


@njit(inline=True)
def _refile(f: np.ndarray, i: np.ndarray, r: int, sections: np.ndarray, counts: np.ndarray, ordered: int,
            used: int) -> int:
    """After a tick that moved row `r` to another section: one entity fewer in its old section's count, one more in
    the new one's (a new key appended). Returns how many keys are used."""
    k = _find(sections, ordered, used, i[r, I_CHUNK], i[r, I_CHUNK + 1], i[r, I_CHUNK + 2])
    if k >= 0:
        counts[k] -= 1
    sx, sy, sz = entity_section(f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2])
    k = _find(sections, ordered, used, sx, sy, sz)
    if k >= 0:
        counts[k] += 1
        return used
    sections[used, 0], sections[used, 1], sections[used, 2] = sx, sy, sz
    counts[used] = 1
    return used + 1


@njit(inline=True)
def base_tick(keys, slots, pool, flags, f: np.ndarray, i: np.ndarray, r: int, v: int, lava_push: float,
              zero_below: float, void: float, eye: float, below_eye: float) -> bool:
    """Step 1 F of row `r` (1.16.2–1.21.1) after `ServerWorld.tickEntity`'s head: `ProjectileEntity.tick` of a
    projectile that has left its owner, `Entity.baseTick` (the fluid push, the submerged test). False where the
    object path must tick it (the row part-written): its first tick, fire, an owner not left yet, lava, the void,
    non-finite numbers."""
    if i[r, I_FIRST] or i[r, I_FIRE] != UNLIT or not i[r, I_LEFT] or not finite_row(f, r):
        return False
    if not update_water_state(keys, slots, pool, flags, f, i, r, lava_push, v & V_VEC_DOUBLE != 0, zero_below,
                              v & V_LAVA_IN_WATER != 0, True):
        return False
    if f[r, F_LAVA] > 0.0 or f[r, F_POS + 1] < void or not finite_row(f, r):   # lava (fire), attemptTickInVoid
        return False
    sub = submerged_in_water(keys, slots, pool, flags, f[r, F_POS], f[r, F_POS + 1] + eye - below_eye,
                              f[r, F_POS + 2])
    i[r, I_SUBMERGED] = 1 if sub else 0
    return True


@njit(inline=True)
def target(f: np.ndarray, r: int) -> tuple:
    """Row `r`'s position + Motion (`getPos().add(getVelocity())`), where the tick moves it."""
    return f[r, F_POS] + f[r, F_MOTION], f[r, F_POS + 1] + f[r, F_MOTION + 1], f[r, F_POS + 2] + f[r, F_MOTION + 2]


@njit(inline=True)
def update_position(f: np.ndarray, r: int, x: float, y: float, z: float, half_width: float, height: float) -> None:
    """`Entity.updatePosition` of row `r`: the position, and the box of the kind's fixed dimensions about it
    (`EntityDimensions.getBoxAt`: half the width about X and Z, the height up from Y)."""
    f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2] = x, y, z
    f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2] = x - half_width, y, z - half_width
    f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5] = x + half_width, y + height, z + half_width


@njit(inline=True)
def _owner_gone(i: np.ndarray, r: int, gone: np.ndarray) -> bool:
    """Row `r`'s owner is one of `gone` (a removed owner: the object path removes the projectile)."""
    for k in range(len(gone)):
        if i[r, I_OWNER] == gone[k]:
            return True
    return False


@njit(inline=True)
def _inside(border: tuple, x: float, z: float) -> bool:
    """`WorldBorder.contains(x, z)` of `border` (west, north, east, south): west ≤ x < east, north ≤ z < south."""
    return border[0] <= x < border[2] and border[1] <= z < border[3]


@njit(inline=True)
def entities_clear(f: np.ndarray, r: int, boxes: np.ndarray, sections: np.ndarray, counts: np.ndarray,
                   ordered: int, used: int, queried: int) -> int:
    """The entity query of a projectile's hit test on row `r` finding none to hit: no box of `boxes` meets
    `box.stretch(Motion).expand(1)` (`_query_box`). Returns the entities queried after it (`queried` plus those
    `World.getOtherEntities` looks at), or −1 where the object path decides (a box met, the engine's limits)."""
    q = _query_box(f, r)
    seen = _queried(q, sections, counts, ordered, used)
    if seen < 0 or queried + seen > MAX_QUERIED_ENTITIES or _meets(q, boxes):
        return -1
    return queried + seen


@njit(inline=True)
def path_clear(keys, slots, pool, shape, empty, px: float, py: float, pz: float, x: float, y: float, z: float,
               border: tuple) -> bool:
    """The block raycast of a projectile from (px, py, pz) to (x, y, z) missing: it meets no collision shape nor,
    from 1.21.2 (`getCollisionsIncludingWorldBorder`; `border` infinite before), leaves the world border from inside
    it."""
    return collider_path_clear(keys, slots, pool, shape, empty, px, py, pz, x, y, z) \
        and not (_inside(border, px, pz) and not _inside(border, x, z))


@njit(inline=True)
def flight_clear(keys, slots, pool, shape, empty, f: np.ndarray, r: int, border: tuple, boxes: np.ndarray,
                 sections: np.ndarray, counts: np.ndarray, ordered: int, used: int, queried: int) -> int:
    """`ProjectileUtil.getCollision` of row `r` missing: the entity query finds none to hit (`entities_clear`,
    counted into `queried`) and the block raycast from the position to position + Motion misses (`path_clear`).
    Returns the entities queried after it, or −1 where the object path decides."""
    after = entities_clear(f, r, boxes, sections, counts, ordered, used, queried)
    x, y, z = target(f, r)
    if after < 0 or not path_clear(keys, slots, pool, shape, empty, f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2],
                                   x, y, z, border):
        return -1
    return after


@njit(inline=True)
def _effects_in_reach(keys, slots, pool, flags, f: np.ndarray, r: int, by_section: bool, effects: np.ndarray) -> bool:
    """`tnt_kernel.effect_near_path` of row `r`'s box now: a block with an entity effect on the path
    `tickBlockCollision` walks (1.21.2), or (`by_section`, a release refusing `block_effects`) in a section that
    `block_effects.refuse_block_collision_in_tick` reads."""
    box = (f[r, F_BOX], f[r, F_BOX + 1], f[r, F_BOX + 2], f[r, F_BOX + 3], f[r, F_BOX + 4], f[r, F_BOX + 5])
    return effect_near_path(keys, slots, pool, flags, f, r, box, by_section, effects)


@njit(inline=True)
def clear_flight(keys, slots, pool, shape, flags, empty, f: np.ndarray, i: np.ndarray, r: int, v: int,
                 lava_push: float, zero_below: float, void: float, eye: float, below_eye: float, deflate: float,
                 border: tuple, effects: np.ndarray, boxes: np.ndarray, gone: np.ndarray, sections: np.ndarray,
                 counts: np.ndarray, ordered: int, used: int, queried: int) -> int:
    """What a projectile's tick does before its own motion, on row `r` after `tick_entity_head` (thrown entities
    and fireballs 1.16.2–1.21.1, llama spit 1.16.2–1.21.11): its owner not in `gone`, step 1 F (`base_tick`; from
    1.21.5, `V_EFFECT_SECTIONS`, no block with an effect in a section its refused check reads), the hit test
    missing (`flight_clear`), and no block with an entity effect in `checkBlockCollision`'s box (deflated by
    `deflate`). Returns the entities queried after it, or −1 where the object path must tick the projectile (the
    row part-written: the caller restores it)."""
    if _owner_gone(i, r, gone) \
            or not base_tick(keys, slots, pool, flags, f, i, r, v, lava_push, zero_below, void, eye, below_eye) \
            or v & V_EFFECT_SECTIONS and _effects_in_reach(keys, slots, pool, flags, f, r, True, effects):   # 1 F
        return -1
    after = flight_clear(keys, slots, pool, shape, empty, f, r, border, boxes, sections, counts, ordered, used,
                         queried)                                                   # 2 Dc: getCollision
    if after < 0 or _effect_in_box(keys, slots, pool, flags, f, r, deflate):        # 3 Dc
        return -1
    return after


@njit(inline=True)
def moved_flight(keys, slots, pool, shape, flags, empty, f: np.ndarray, i: np.ndarray, r: int, v: int,
                 lava_push: float, zero_below: float, void: float, eye: float, below_eye: float, border: tuple,
                 effects: np.ndarray, boxes: np.ndarray, gone: np.ndarray, sections: np.ndarray, counts: np.ndarray,
                 ordered: int, used: int, queried: int, half_width: float, height: float) -> int:
    """1.21.2's order after the kind's own steps on the Motion (the thrown G D, the fireball's A D), on row `r`
    after `tick_entity_head`: the owner not in `gone`; not on the ground (`onSteppedOn`), clipping or on fire at
    its last move (the extinguishing draws), nor in its first tick (the bubble-column check); the hit test along
    the new Motion missing (`flight_clear`); the move to position + Motion (`update_position`, the kind's box);
    `tickBlockCollision` meeting no block with an entity effect (`_effects_in_reach`); then the base tick
    (`base_tick`, and from 1.21.5 its refused check again, with the Motion its fluid push left). Returns the
    entities queried after it, or −1 where the object path must tick the projectile (the row part-written)."""
    if _owner_gone(i, r, gone) or i[r, I_FLAGS] & (ON_GROUND | NO_CLIP | ON_FIRE_AT_MOVE) or i[r, I_FIRST] \
            or not finite_row(f, r):
        return -1
    after = flight_clear(keys, slots, pool, shape, empty, f, r, border, boxes, sections, counts, ordered, used,
                         queried)                                                   # Dc
    if after < 0:
        return -1
    x, y, z = target(f, r)
    update_position(f, r, x, y, z, half_width, height)                              # M
    by_section = v & V_EFFECT_SECTIONS != 0
    if _effects_in_reach(keys, slots, pool, flags, f, r, by_section, effects) \
            or not base_tick(keys, slots, pool, flags, f, i, r, v, lava_push, zero_below, void, eye, below_eye) \
            or by_section and _effects_in_reach(keys, slots, pool, flags, f, r, True, effects):   # Dc' F
        return -1
    return after


@njit
def tick_rows(keys, slots, pool, shape, flags, empty, f: np.ndarray, i: np.ndarray, rows: np.ndarray, start: int,
              g: float, late: bool, v: int, lava_push: float, zero_below: float, void: float, eye: float,
              below_eye: float, deflate: float, border: tuple, effects: np.ndarray, boxes: np.ndarray,
              gone: np.ndarray, sections: np.ndarray, counts: np.ndarray, ordered: int, queried: int,
              marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple:
    """`ServerWorld.tickEntity` + `ThrownEntity.tick` for rows[start:] in the release whose flags are `v`
    (`tnt_kernel.version_bits`), in order, up to one whose tick the object path takes (a row of −1, a removed
    one, or one these kernels gave back: restored as found, marked OBJECT_PATH). `g`: the kind's gravity; `late`:
    1.21.2's order (`thrown_tick_1_21_2`); `void`: the Y below which the void removes it; `eye`, `below_eye`: the
    submerged test's eye height and how far below it the test looks; `deflate`: `checkBlockCollision`'s box
    deflation; `border`: the world border's west, north, east and south edges the raycast meets (infinite before
    1.21.2); `effects`: per section pool row, 1 where a release refusing `block_effects` stops near a block of the
    section (`tnt.TntBatch.effect_sections`). `boxes`: the boxes of the entities that may be hit
    (`projectile.collides`); `sections[:ordered]` (sorted), `counts`: the entity sections and how many entities
    each holds (kept current as rows move; keys new to the loop appended); `queried`: the entities the tick's
    queries looked at so far. `marks[n]`: SECTION where entity n's section changed. Returns (where it stopped, DONE
    or HANDED, the entities queried up to there)."""
    used = ordered
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            return n, HANDED, queried
        tick_entity_head(f, i, r)                                                   # ServerWorld.tickEntity
        if late:
            if not i[r, I_FLAGS] & NO_GRAVITY:
                gravity(f, r, g)                                                    # 1 G
            drag(f, r, i[r, I_FLAGS] & TOUCHING_WATER != 0)                         # 2 D
            after = moved_flight(keys, slots, pool, shape, flags, empty, f, i, r, v, lava_push, zero_below, void,
                                 eye, below_eye, border, effects, boxes, gone, sections, counts, ordered, used,
                                 queried, HALF_WIDTH, THROWN_HEIGHT)               # 3 Dc, 4 M, 5 Dc', 6 F
        else:
            after = clear_flight(keys, slots, pool, shape, flags, empty, f, i, r, v, lava_push, zero_below, void,
                                 eye, below_eye, deflate, border, effects, boxes, gone, sections, counts, ordered,
                                 used, queried)                                     # 1-3
            if after >= 0:
                x, y, z = target(f, r)                                              # 4: the Motion before D G
                drag(f, r, i[r, I_FLAGS] & TOUCHING_WATER != 0)                     # 5 D
                if not i[r, I_FLAGS] & NO_GRAVITY:
                    gravity(f, r, g)                                                # 6 G
                update_position(f, r, x, y, z, HALF_WIDTH, THROWN_HEIGHT)           # 4, 7 M
        if after < 0:
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED, queried
        queried = after
        if section_moved(f, i, r):
            used = _refile(f, i, r, sections, counts, ordered, used)
        end_row(f, i, r, n, marks)
    return len(rows), DONE, queried
