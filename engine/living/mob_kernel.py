"""A walking mob's tick on rows (docs/architecture.md, "Entities as rows; stages compiled"): the entity phase's
`ServerWorld.tickEntity` of a mob of `MOB_ROWS` (engine.living.mob) — `MobEntity.tick` → `LivingEntity.tick` —
as one kernel per row, in the releases `MobBatch` decides (1.16.2 to 1.21.11 but 1.21.5, 1.21.6 and 1.21.9; the
release's flags it reads: `tick_rows`' `release`).

The common case only (docs/performance.md, "Mobs as rows"): with AI and the scene goals `move_to`, `path_to` or
none, or NoAI; on the ground or in the air. The order is the object path's: age and previous position,
`Entity.baseTick` (no fluid, not on fire, above the void), `LivingEntity.tickMovement` (the jump cooldown, NoAI's
0.98 drag, the negligible motion, `tickNewAi`: the goals — `move_to`'s `MoveControl.moveTo`, `path_to`'s counting
(`follow_kernel.path_goal_tick`) —, `EntityNavigation.tick` following the path it holds (`follow_kernel.follow_path`,
`move_to_node`), `MoveControl.tick`, `JumpControl.tick`; the jump, the input damping and the ordinary `travel`:
`living_travel`; from 1.21.2 `tickBlockCollision` after it: the move's, or `acts_at_rest`), and `tickCramming`
(`tick_cramming`: the boxes met, through the players' crowd grid, in the world's order, pushed). `tick_rows` gives a
row back to the object path, restored as it found it, where the tick would read something these kernels do not
decide: water or lava in the box, fire, the void, sprinting, gliding, a block with an entity effect where the jump
or the move reads one, a trapdoor or scaffolding at the feet (ladders and vines are climbed:
`travel_kernel.travel_ordinary`), a block whose shape a block entity decides at the feet (MoveControl's jump test),
a landing that would hurt, no-clip, a movement multiplier, the border within reach, non-finite numbers, more than
maxEntityCramming − 1 boxes met (the cramming damage's draw) or one whose push the object path decides (a rider or
vehicle, no-clip, another kind's push), another kind's pushable box met (a player's, a boat's, a minecart's), a solid
entity's box within reach (a boat's, a shulker's), the `path_to` goal not running or stopping (the goal selector's
`canStart`, `start` and `shouldContinue`: engine.living.goals) or asking the navigation (every 40 ticks of
`tryingTime`: a search, or `adjustPath` over the blocks), a block whose shape a block entity decides below
the node the navigation hands to `MoveControl`. What `MobBatch.row` leaves to the object path before the loop: see
`engine.living.mob.MobBatch`.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.constants import (
    BLOCK_COLLISION_DEFLATE,
    GET_ENTITIES_MARGIN,
    JUMP_COOLDOWN,
    JUMP_VELOCITY,
    LIVING_GRAVITY,
    LIVING_MIN_MOTION,
    LIVING_NO_AI_DRAG,
    RAD_TO_DEG_F,
)
from engine.entities.minecart_kernel import file_boxes
from engine.entities.rows import (
    DONE,
    F_BOX,
    F_LAVA,
    F_MOTION,
    F_POS,
    F_WATER,
    HANDED,
    I_CHUNK,
    I_FIRE,
    I_FLAGS,
    OBJECT_PATH,
    ON_GROUND,
    SECTION,
    TOUCHING_WATER,
    begin_row,
    end_row,
    entity_section,
    hand_back,
    tick_entity_head,
)
from engine.entities.tnt_kernel import (
    TICK_BLOCKS_MARGIN,
    TICK_BLOCKS_SPAN,
    V_EFFECT_SECTIONS,
    V_TICK_BLOCKS,
    _any_flag,
    effect_near_path,
)
from engine.influences.cramming import push_offset
from engine.jit import njit
from engine.living.controls import (
    MOB_FLOAT_COLUMNS,
    MOB_INT_COLUMNS,
    jump_control_tick,
    jump_test,
    move_control_tick,
    move_to,
)
from engine.living.player import block_columns as living_block_columns
from engine.living.player_kernel import (
    FLUID,
    NO_ROWS,
    UNLIT,
    _row_box,
    crowd_grid,
    crowd_meets,
    crowd_move,
    pushable_met,
    solid_near,
)
from engine.living.travel_kernel import (
    V_INPUT_FIRST,
    V_KEEP_RISE,
    V_SINE_DOUBLE,
    damp_input,
    jump,
    jump_velocity_multiplier_is_one,
    travel_ordinary,
)
from engine.motion.collision_kernel import flag_in, jfloor, state_at
from engine.pathfinding.blocks import DOORS
from engine.pathfinding.follow_kernel import (
    C_HAS_PATH_GOAL,
    C_NAV_TICKS,
    C_PATH_GOAL,
    follow_path,
    is_idle,
    move_to_node,
    path_goal_continues,
    path_goal_runs,
    path_goal_tick,
    start_moving_along,
)
from engine.world import block_physics as phys
from engine.world import blocks
from engine.world.block_tables import AIR, DYNAMIC_SHAPE, EFFECT
from engine.world.world import ENTITY_SECTION_MAX

_F, _I = MOB_FLOAT_COLUMNS, MOB_INT_COLUMNS
C_FORWARD, C_SIDEWAYS, C_UPWARD, C_SPEED = _F["forward_speed"], _F["sideways_speed"], _F["upward_speed"], \
    _F["movement_speed"]
C_YAW, C_FLYING, C_GOAL, C_GOAL_SPEED = _F["yaw"], _F["flying_speed"], _F["goal_x"], _F["goal_speed"]
C_COOLDOWN, C_JUMPING, C_SPRINTING, C_SWIMMING = _I["jump_cooldown"], _I["jumping"], _I["sprinting"], \
    _I["swimming"]
C_FALL_FLYING, C_SUBMERGED, C_FIRST_UPDATE, C_CLIMBING = _I["fall_flying"], _I["submerged_in_water"], \
    _I["first_update"], _I["climbing"]
C_HAS_GOAL, C_NO_AI, C_WIDTH = _I["has_goal"], _I["no_ai"], _F["width"]
# how far below the feet `getLandingPos` may lie: the supporting block (a fence, wall or gate 1.5 high under the box)
# or the cell 0.2 below the position, or the fence-like block under that air cell (`acts_at_rest`)
LANDING_REACH = 2.0


@lru_cache(maxsize=1)
def block_columns() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per block state id: `Block.getSlipperiness`, 1 where `isClimbing` could be true (the players' columns), and
    1 for doors and fences, whose shapes `MoveControl.tick`'s jump test ignores."""
    slip, climb = living_block_columns()
    door_or_fence = np.array([st.block in DOORS or phys.is_fence(st.block) for st in blocks.all_states()],
                             dtype=np.uint8)
    return slip, climb, door_or_fence


@njit(inline=True)
def move_control(keys, slots, pool, shape, ncoords, coords, empty, door_or_fence: np.ndarray, f: np.ndarray,
                 i: np.ndarray, r: int, attribute: float) -> bool:
    """`MoveControl.tick` (spec 05 §4.4; engine.living.controls' stage kernels) with the block at the feet read
    from the tables: false where a block entity decides that block's shape."""
    if move_control_tick(f, i, r, attribute, False, RAD_TO_DEG_F):    # the kernel's release: on the ground only
        x, y, z = jfloor(f[r, F_POS]), jfloor(f[r, F_POS + 1]), jfloor(f[r, F_POS + 2])
        st = state_at(keys, slots, pool, x, y, z)
        s = shape[st]
        if s == DYNAMIC_SHAPE:
            return False
        jump_test(f, i, r, -np.inf if empty[s] else coords[s, 1, ncoords[s, 1] - 1], door_or_fence[st] != 0)
    return True


@njit(inline=True)
def acts_at_rest(keys, slots, pool, flags, f: np.ndarray, r: int) -> bool:
    """1.21.2's `Entity.tickBlockCollision` (1.21.7's `applyEffectsFromBlocks`) after a `travel` that moved
    nothing (a NoAI mob's): whether a block with an effect, or a cell the kernels do not decide, lies where it may
    act — among the cells of the box (contracted by 1.0E-5F there, widened by TICK_BLOCKS_MARGIN here) and, for
    `onSteppedOn`, at the landing block (`getLandingPos`: the supporting block, the cell 0.2 below the position
    or a fence, wall or gate under it, all within the box's columns and at most 2 below the feet)."""
    m = TICK_BLOCKS_MARGIN
    lo_x, lo_z, top = f[r, F_BOX] - m, f[r, F_BOX + 2] - m, f[r, F_BOX + 4] + m
    hi_x, hi_z, feet = f[r, F_BOX + 3] + m, f[r, F_BOX + 5] + m, f[r, F_POS + 1] - LANDING_REACH
    if not (hi_x - lo_x < TICK_BLOCKS_SPAN and hi_z - lo_z < TICK_BLOCKS_SPAN and top - feet < TICK_BLOCKS_SPAN):
        return True                                      # not finite, or wider than any mob on rows
    return _any_flag(keys, slots, pool, flags, EFFECT, jfloor(lo_x), jfloor(feet), jfloor(lo_z), jfloor(hi_x),
                     jfloor(top), jfloor(hi_z))


@njit(inline=True)
def living_travel(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
                  f: np.ndarray, i: np.ndarray, r: int, slip: np.ndarray, climb: np.ndarray, border: tuple,
                  moves: bool, sine: np.ndarray, v: int, height: float) -> bool:
    """`LivingEntity.tickMovement` steps 6-9 of a living row that does not sprint, in no fluid, not gliding and
    without effects, in the release whose flags are `v` (`tnt_kernel.version_bits` and
    `travel_kernel.living_bits`, 1.16.2 to 1.21.11): the jump (spec 05 §5; from 1.21.2 keeping a faster rise,
    V_KEEP_RISE), the input damping (from 1.21.5 the caller's, before the AI: V_INPUT_FIRST), and where it `moves`
    (`canMoveVoluntarily`) the ordinary `travel` (spec 05 §2.4) — the living stage kernels the players and the
    object path run too (`engine.living.travel_kernel`). From 1.21.2 (V_TICK_BLOCKS) `tickBlockCollision` follows
    the travel: the move hands back a row whose path meets a block with an effect, and a row that does not move
    where one lies at rest (`acts_at_rest`). `height`: the kind's height (`EntityDimensions`), the box the 1.17
    position update builds. False where the object path must tick the row (part-written)."""
    if not i[r, C_JUMPING]:                                                                 # step 6
        i[r, C_COOLDOWN] = 0
    elif i[r, I_FLAGS] & ON_GROUND and i[r, C_COOLDOWN] == 0:                               # jump
        if not jump_velocity_multiplier_is_one(keys, slots, pool, flags, f, i, r, v):
            return False                 # a jump velocity multiplier (honey), or a supporting fence, wall or gate
        f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = jump(
            f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2], JUMP_VELOCITY, False, f[r, C_YAW], False,
            v & V_KEEP_RISE != 0, sine, v & V_SINE_DOUBLE != 0)
        i[r, C_COOLDOWN] = JUMP_COOLDOWN
    if not v & V_INPUT_FIRST:                                                               # step 7
        f[r, C_SIDEWAYS], f[r, C_FORWARD] = damp_input(f[r, C_SIDEWAYS], f[r, C_FORWARD])
    if not moves:                                  # travel: neither canMoveVoluntarily nor the logical side
        return not (v & V_TICK_BLOCKS and acts_at_rest(keys, slots, pool, flags, f, r))
    return travel_ordinary(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                           f[r, C_SPEED], LIVING_GRAVITY, slip, climb, border, v, f[r, C_WIDTH] / 2.0, height,
                           sine)                                                           # step 9


@njit(inline=True)
def navigation_tick(keys, slots, pool, shape, flags, ncoords, coords, empty, f: np.ndarray, i: np.ndarray, r: int,
                    nodes: np.ndarray, start: int, length: int, now_ms: int, between: bool,
                    zero_below: float) -> bool:
    """`EntityNavigation.tick` of mob row `r` (`MobBatch.row` leaves a recalculation due to the object path),
    following the path whose `length` nodes begin at row `start` of `nodes` (`follow_kernel`): at a valid position
    where on the ground (the loop hands back fluids and riders), the path height floor(y + 0.5) (not in water), and
    the block below the node's cell from the tables: false where a block entity decides its shape. `between`:
    the 1.19.3 shortcut between nodes (`path_shortcut_between_nodes`); `zero_below`: `Vec3d.normalize`'s zero
    threshold."""
    i[r, C_NAV_TICKS] += 1
    # 1.16's node passing and timing, no direct-line skip: releases before 1.16 take the object path (mob._release)
    moves, x, y, z = follow_path(f, i, r, nodes, start, length, i[r, I_FLAGS] & ON_GROUND != 0,
                                 jfloor(f[r, F_POS + 1] + 0.5), now_ms, True, True, between, zero_below, -1, True)
    if moves:
        bx, by, bz = jfloor(x), jfloor(y), jfloor(z)
        st = state_at(keys, slots, pool, bx, by - 1, bz)
        s = shape[st]
        if s == DYNAMIC_SHAPE:
            return False
        move_to_node(f, i, r, x, y, z, flags[st] & AIR != 0,
                     float(by - 1) + (0.0 if empty[s] else coords[s, 1, ncoords[s, 1] - 1]))   # getFeetY
    return True


@njit
def mob_tick(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
             f: np.ndarray, i: np.ndarray, r: int, attribute: float, path: np.ndarray, nodes: np.ndarray,
             now_ms: int, bottom: float, slip: np.ndarray, climb: np.ndarray, door_or_fence: np.ndarray, border: tuple,
             void_y: float, sine: np.ndarray, release: tuple, height: float, effects: np.ndarray) -> bool:
    """`ServerWorld.tickEntity` of mob row `r` (`MobEntity.tick`; `attribute`: its movement-speed attribute's
    value; `path`: its entry of `MobBatch.paths`, the path's first row of `nodes`, its length, whether it has a
    navigation, whether the `path_to` goal's request keeps the path; `bottom`: the world's bottom, below which no
    search starts; `release`: `MobBatch.release`'s flags; `height`: the kind's height; `effects`: per section pool
    row, 1 where a release refusing `block_effects` stops near a block of the section) up to `tickCramming`:
    false where the object path must tick it (the row part-written)."""
    v, between, zero_below = release[0], release[3], release[4]
    fl = i[r, I_FLAGS]
    if i[r, C_SPRINTING] or i[r, C_FALL_FLYING] or i[r, I_FIRE] != UNLIT:
        return False
    tick_entity_head(f, i, r)
    # Entity.baseTick: updateWaterState (no water or lava in the box; the eyes' cell lies among the box's cells, so
    # updateSubmergedInWaterState finds none either), not on fire, above the void; LivingEntity.baseTick: not
    # sprinting, so not swimming
    if flag_in(keys, slots, pool, flags, FLUID, _row_box(f, r), BLOCK_COLLISION_DEFLATE):
        return False
    if f[r, F_POS + 1] < void_y:
        return False
    f[r, F_WATER] = 0.0
    f[r, F_LAVA] = 0.0
    i[r, I_FLAGS] = fl & ~TOUCHING_WATER
    i[r, C_SUBMERGED] = 0
    i[r, C_SWIMMING] = 0
    i[r, C_FIRST_UPDATE] = 0
    # LivingEntity.tickMovement (spec 05 §3)
    if i[r, C_COOLDOWN] > 0:                                                                # step 2
        i[r, C_COOLDOWN] -= 1
    moves = i[r, C_NO_AI] == 0                                            # MobEntity.canMoveVoluntarily
    if not moves:
        for a in range(3):
            f[r, F_MOTION + a] = f[r, F_MOTION + a] * LIVING_NO_AI_DRAG
    for a in range(3):                                                                      # step 3
        if abs(f[r, F_MOTION + a]) < LIVING_MIN_MOTION:
            f[r, F_MOTION + a] = 0.0
    if v & V_INPUT_FIRST:                                              # 1.21.5: applyInput before the AI
        f[r, C_SIDEWAYS], f[r, C_FORWARD] = damp_input(f[r, C_SIDEWAYS], f[r, C_FORWARD])
    if moves:                                                            # step 5: MobEntity.tickNewAi
        if i[r, C_HAS_GOAL]:                                             # the goal: MoveControl.moveTo
            move_to(f, i, r, f[r, C_GOAL], f[r, C_GOAL + 1], f[r, C_GOAL + 2], f[r, C_GOAL_SPEED])
        if i[r, C_HAS_PATH_GOAL] and not (path_goal_runs(i, r) and path_goal_continues(i, r)):
            return False                       # the goal selector starts or stops path_to (engine.living.goals)
        if path_goal_runs(i, r) and path_goal_tick(f, i, r, True):      # path_to asks the navigation (1.16+)
            if not (path[3] and i[r, I_FLAGS] & ON_GROUND and f[r, F_POS + 1] >= bottom and
                    not is_idle(i, r, path[1])):
                return False                               # a search, or what asks_again_in_place does not decide
            # startMovingTo with the path followed (findPathToAny returns it; adjustPath changes nothing)
            start_moving_along(f, i, r, f[r, C_PATH_GOAL + 3], jfloor(f[r, F_POS + 1] + 0.5))
        if path[2] and not navigation_tick(keys, slots, pool, shape, flags, ncoords, coords, empty, f, i, r, nodes,
                                           path[0], path[1], now_ms, between, zero_below):
            return False
        if not move_control(keys, slots, pool, shape, ncoords, coords, empty, door_or_fence, f, i, r, attribute):
            return False
        jump_control_tick(i, r)
    if not living_travel(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                         slip, climb, border, moves, sine, v & ~V_EFFECT_SECTIONS, height):  # steps 6-9
        return False
    # 1.21.5, 1.21.6: where `block_effects.refuse_block_collision_in_tick` may stop (tested after the travel, as
    # the players' loop does: the hull holds the box at the tick's start, now and one Motion ahead)
    return not (v & V_EFFECT_SECTIONS and effect_near_path(keys, slots, pool, flags, f, r, _row_box(f, r), True,
                                                           effects))   # step 11, tickCramming: `tick_cramming`


@njit(inline=True)
def _before(sec: np.ndarray, stamp: np.ndarray, a: int, b: int) -> bool:
    """Place a before place b in `World.getOtherEntities`' order: chunks by x, then z, sections by y, then the order
    within the section (the stamp: its place in the world's section order, or after all where it moved there)."""
    for k in (0, 2, 1):
        if sec[a, k] != sec[b, k]:
            return sec[a, k] < sec[b, k]
    return stamp[a] < stamp[b]


@njit(inline=True)
def tick_cramming(grid: tuple, f: np.ndarray, i: np.ndarray, others: np.ndarray, pushee: np.ndarray, p: int,
                  found: np.ndarray, sec: np.ndarray, stamp: np.ndarray, limit: int, double_sqrt: bool,
                  checks_pushable: bool) -> bool:
    """`LivingEntity.tickCramming` (spec 04 §10) of the mob at place p of `others` (every entity of the world, in
    the world's section order): the boxes meeting its box (the crowd grid, `player_kernel.crowd_meets`)
    that `getOtherEntities` visits (their sections within the box's, expanded by 2) and that are pushable
    (`pushee` 1 and not climbing; 0: dead), in its order; each pushed away from it and it from each
    (`pushAwayFrom`: `cramming.push_offset`; the root a double from 1.17, `double_sqrt`; from 1.19,
    `checks_pushable`, the mob itself not pushed while climbing). False, nothing written, where the object path must
    do it: more than
    maxEntityCramming − 1 found (the damage's Random draw) or one whose push it decides (`pushee` 2: a rider or
    vehicle, no-clip, another kind's push)."""
    r = others[p]
    k = crowd_meets(grid, f, i, others, p, found)
    if k == 0:
        return True
    x0, x1 = jfloor((f[r, F_BOX] - GET_ENTITIES_MARGIN) / 16.0), jfloor((f[r, F_BOX + 3] + GET_ENTITIES_MARGIN) / 16.0)
    z0, z1 = jfloor((f[r, F_BOX + 2] - GET_ENTITIES_MARGIN) / 16.0), \
        jfloor((f[r, F_BOX + 5] + GET_ENTITIES_MARGIN) / 16.0)
    y0 = min(max(jfloor((f[r, F_BOX + 1] - GET_ENTITIES_MARGIN) / 16.0), 0), ENTITY_SECTION_MAX)
    y1 = min(max(jfloor((f[r, F_BOX + 4] + GET_ENTITIES_MARGIN) / 16.0), 0), ENTITY_SECTION_MAX)
    c = 0
    for q in range(k):
        j = found[q]
        if not (x0 <= sec[j, 0] <= x1 and y0 <= sec[j, 1] <= y1 and z0 <= sec[j, 2] <= z1):
            continue                                     # in a section the query does not visit
        if pushee[j] == 2:
            return False
        if pushee[j] == 0 or i[others[j], C_CLIMBING]:   # LivingEntity.isPushable
            continue
        found[c] = j
        c += 1
    if limit > 0 and c > limit - 1:
        return False
    for q in range(1, c):                                # into the query's order (insertion sort: few)
        j = found[q]
        a = q - 1
        while a >= 0 and _before(sec, stamp, j, found[a]):
            found[a + 1] = found[a]
            a -= 1
        found[a + 1] = j
    itself = not (checks_pushable and i[r, C_CLIMBING])       # 1.19: pushed only where isPushable
    for q in range(c):                    # LivingEntity.pushAway(o): o.pushAwayFrom(this mob), neither riding
        o = others[found[q]]
        pushed, dx, dz = push_offset(f[r, F_POS] - f[o, F_POS], f[r, F_POS + 2] - f[o, F_POS + 2], double_sqrt)
        if pushed:
            f[o, F_MOTION], f[o, F_MOTION + 1], f[o, F_MOTION + 2] = f[o, F_MOTION] - dx, f[o, F_MOTION + 1] + 0.0, \
                f[o, F_MOTION + 2] - dz
            if itself:
                f[r, F_MOTION], f[r, F_MOTION + 1], f[r, F_MOTION + 2] = f[r, F_MOTION] + dx, \
                    f[r, F_MOTION + 1] + 0.0, f[r, F_MOTION + 2] + dz
    return True


@njit
def tick_rows(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells: np.ndarray,
              f: np.ndarray, i: np.ndarray, rows: np.ndarray, speeds: np.ndarray, paths: np.ndarray,
              nodes: np.ndarray, now_ms: int, bottom: float, start: int, slip: np.ndarray, climb: np.ndarray,
              door_or_fence: np.ndarray, crowd: tuple, border: tuple, void_y: float, sine: np.ndarray,
              marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray, pushables: np.ndarray,
              solids: np.ndarray, release: tuple, heights: np.ndarray, effects: np.ndarray) -> tuple:
    """The entity phase over rows[start:], in order, up to a mob the object path must tick (a row of −1, or one
    `mob_tick` or `tick_cramming` gave back, restored as found): its place and HANDED, or (len(rows), DONE).
    `crowd`: (the rows of every mob of the world on rows in the world's section order, each one's `pushee` kind,
    maxEntityCramming); `paths`, `nodes`: each mob's path and the pool of nodes (`navigation_tick`); `now_ms`: the
    navigation's clock (the game time × 50 ms). `marks[n]`: SECTION where mob n's section changed, OBJECT_PATH
    for the one handed back. Stopping there keeps vanilla's order: a mob's tick may push the next (cramming).
    `pushables`, `solids` (rows of six: a box): the boxes of the other kinds' entities a mob's tick may push
    (players, boats, minecarts) and of the solid ones it may collide with (boats, shulkers), which do not move while
    the run ticks: a mob with a solid box within reach (`player_kernel.solid_near`) is handed back before its tick,
    one whose box meets a pushable one after its move (`pushable_met`) before its cramming, as the players' loop
    does. A box wider than `minecart_kernel.WIDEST` among them sends the mob at `start` to the object path.
    `release`: the flags of the release the loop runs (`MobBatch.release`: `tnt_kernel.version_bits`, the push's
    double root and pushable check, the shortcut between nodes, the normalize threshold); `heights[n]`: mob n's
    height (the box the 1.17 position update builds); `effects`: `mob_tick`'s."""
    pushed = file_boxes(f, NO_ROWS, pushables)
    solid = file_boxes(f, NO_ROWS, solids)
    if pushed[2] < 0.0 or solid[2] < 0.0:            # a box too wide to file: the object path decides
        marks[start] = OBJECT_PATH
        return start, HANDED
    others, pushee, limit = crowd
    m = len(others)
    grid = crowd_grid(f, others)
    found = np.empty(m, dtype=np.int64)
    place = np.full(len(f), -1, dtype=np.int64)
    sec = np.empty((m, 3), dtype=np.int64)               # each one's entity section, as this loop moves them
    stamp = np.arange(m)
    for j in range(m):
        place[others[j]] = j
        sec[j, 0], sec[j, 1], sec[j, 2] = i[others[j], I_CHUNK], i[others[j], I_CHUNK + 1], i[others[j], I_CHUNK + 2]
    for n in range(start, len(rows)):
        r = rows[n]
        if not begin_row(f, i, r, n, marks, saved_f, saved_i):
            return n, HANDED
        if len(solids) > 0 and solid_near(f, r, solids, solid):
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED
        if not mob_tick(keys, slots, pool, shape, flags, ncoords, coords, filled, single, empty, cells, f, i, r,
                        speeds[n], paths[n], nodes, now_ms, bottom, slip, climb, door_or_fence, border, void_y,
                        sine, release, heights[n], effects) or place[r] < 0 or \
                len(pushables) > 0 and pushable_met(f, r, pushables, pushed) or \
                not tick_cramming(grid, f, i, others, pushee, place[r], found, sec, stamp, limit, release[1],
                                  release[2]):
            hand_back(f, i, r, n, marks, saved_f, saved_i)
            return n, HANDED
        p = place[r]
        crowd_move(grid, f, others, p)
        end_row(f, i, r, n, marks)
        if marks[n] & SECTION:
            sec[p, 0], sec[p, 1], sec[p, 2] = entity_section(f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2])
            stamp[p] = m + n                             # ServerWorld.checkEntityChunkPos: the end of its list
    return len(rows), DONE
