"""Entities as rows (docs/architecture.md, "Entities as rows; stages compiled"): an entity kind's state lives in
columns of a `RowTable`, one row per entity, and its objects are handles whose attributes read and write their
row (`RowBacked`). Compiled stages (engine.jit) loop over rows; the object path, the viewer, the scene writer,
snapshots and pickles use the same attribute names as before, so nothing is copied in or out per tick.

Columns: `f` (float64) and `i` (int64), each row laid out as the F_* and I_* offsets below: the base columns every
row-backed kind shares, then its extras (`RowTable(extra_ints=..., extra_floats=...)`, float extras after
the base float columns). A table is one per kind and process, an
arena: a handle takes a row when it is made (created, cloned for a snapshot, unpickled) and gives it back when
it is collected, so snapshots and worlds stay independent.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from engine.constants import ENTITY_SECTION_MAX, LAVA_PUSH, LAVA_PUSH_ULTRAWARM, SECTION_SIZE
from engine.core.edits import edits
from engine.geometry.box import Box, Vec3
from engine.jit import njit, plain
from engine.motion.collision_kernel import INT_MAX, INT_MIN, jfloor

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.versions import Features
    from engine.entities.entity import Entity
    from engine.world.world import World

# float columns
F_POS, F_PREV, F_MOTION, F_BOX, F_FALL, F_WATER, F_LAVA, F_MULT = 0, 3, 6, 9, 15, 16, 17, 18
NF = 21
# int columns
I_AGE, I_FIRE, I_FLAGS, I_CHUNK, I_SUPPORT, I_EXTRA = 0, 1, 2, 3, 6, 9
# bits of I_FLAGS
ON_GROUND, H_COLL, V_COLL, REMOVED, NO_GRAVITY, NO_CLIP, TOUCHING_WATER = 1, 2, 4, 8, 16, 32, 64
HAS_SUPPORT, FORCE_SUPPORT, ON_FIRE_AT_MOVE = 128, 256, 512   # 1.20 supporting block (I_SUPPORT); 1.21.2 onFire
FLAG_BITS = {"on_ground": ON_GROUND, "horizontal_collision": H_COLL, "vertical_collision": V_COLL,
             "no_gravity": NO_GRAVITY, "no_clip": NO_CLIP, "touching_water": TOUCHING_WATER,
             "force_update_supporting_block_pos": FORCE_SUPPORT, "on_fire_at_move": ON_FIRE_AT_MOVE}
VEC_COLUMNS = {"pos": F_POS, "prev_pos": F_PREV, "motion": F_MOTION, "movement_multiplier": F_MULT}
FLOAT_COLUMNS = {"fall_distance": F_FALL}
INT_COLUMNS = {"age": I_AGE, "fire_ticks": I_FIRE}
DONE, EXPLODE, HANDED = 0, 1, 2                # where a kind's row loop stopped (`RowBatch.tick_rows`)
SECTION, OBJECT_PATH = 1, 2                    # its marks per entity
_new = tuple.__new__

# --- living entities' extras (players now; mobs later): the fields `engine.living.player_kernel` reads and
# writes. Floats: the look, the movement input and speeds, the step height. Ints: the jump cooldown, the sprint
# double tap, and flags (one int column each).
LIVING_FLOATS = ("yaw", "pitch", "head_yaw", "forward_speed", "sideways_speed", "upward_speed", "movement_speed",
                 "flying_speed", "step_height", "input_forward", "input_sideways")
LIVING_INTS = ("jump_cooldown", "double_tap_ticks")
LIVING_FLAGS = ("jumping", "input_jumping", "sprinting", "sneaking", "in_sneaking_pose", "swimming", "fall_flying",
                "submerged_in_water", "first_update", "climbing")
# --- mobs' extras (engine.living.mob.MOB_ROWS, after the living ones): the scene goal `move_to` (target and speed,
# and whether there is one), `MoveControl`'s target, speed and state (its `State` value), `JumpControl`'s request,
# NoAI, and the width (`MoveControl.tick` reads it); the scene goal `path_to` (target, speed, whether there is one,
# whether it runs, `tryingTime`, `cooldown`, `safeWaitingTime`: engine.living.goals) and what `EntityNavigation`
# keeps while following a path (engine.pathfinding.follow_kernel: its speed, tickCount, pathStartTime and
# pathStartPos, lastNodePosition, currentNodeMs, lastActiveTickMs, currentNodeTimeout, nodeReachProximity, whether it
# has a path and the path's current node index); whether the swim goal runs and the goal selector's count
# (1.12.2-1.13.2 EntityAITasks.tickCount: engine.living.goals);
# whether the villager's StayAboveWaterTask runs and the world time its run ends (engine.living.brain_tasks).
MOB_FLOATS = ("goal_x", "goal_y", "goal_z", "goal_speed", "target_x", "target_y", "target_z", "target_speed", "width",
              "path_goal_x", "path_goal_y", "path_goal_z", "path_goal_speed", "nav_speed", "path_start_x",
              "path_start_y", "path_start_z", "node_timeout", "reach_proximity")
MOB_INTS = ("has_goal", "move_state", "jump_active", "no_ai", "has_path_goal", "path_goal_running", "path_trying_time",
            "path_goal_cooldown", "path_goal_wait", "nav_ticks", "path_start_time", "last_node_x", "last_node_y",
            "last_node_z", "node_ms", "last_active_ms", "has_path", "path_index", "swim_goal_running", "goal_ticks",
            "swim_task_running", "swim_task_end")
# --- projectiles' extras (thrown entities, fireballs, llama spit): the first int extras of each of their tables,
# so that their kernels share the columns (engine.entities.thrown_kernel.base_tick): the owner's entity id, the
# left-owner, first-update and submerged flags (`ProjectileRows`).
PROJECTILE_INTS = ("owner", "left_owner", "first_update", "submerged_in_water")
I_OWNER, I_LEFT, I_FIRST, I_SUBMERGED = range(I_EXTRA, I_EXTRA + len(PROJECTILE_INTS))


class RowTable:
    """Growable columns and a free list of rows."""

    def __init__(self, extra_ints: tuple[str, ...] = (), extra_floats: tuple[str, ...] = ()) -> None:
        self.extra_ints = {name: I_EXTRA + k for k, name in enumerate(extra_ints)}
        self.extra_floats = {name: NF + k for k, name in enumerate(extra_floats)}
        self.f = np.zeros((64, NF + len(extra_floats)))
        self.i = np.zeros((64, I_EXTRA + len(extra_ints)), dtype=np.int64)
        self._free = list(range(63, -1, -1))

    def alloc(self) -> int:
        if not self._free:
            n = len(self.f)
            self.f = np.concatenate([self.f, np.zeros_like(self.f)])
            self.i = np.concatenate([self.i, np.zeros_like(self.i)])
            self._free = list(range(2 * n - 1, n - 1, -1))
        row = self._free.pop()
        self.f[row] = 0.0   # a reused row starts as a new table's: an extra its kind sets only when needed (a thrown
        self.i[row] = 0     # entity's ignored entity, 1.14-1.15.2) must not keep a collected entity's value
        return row

    def release(self, row: int) -> None:
        self._free.append(row)


class FluidHeights(Mapping[str, float]):
    """`Entity.fluidHeight` ("water", "lava") of a row, as the dict the object path reads and writes."""

    __slots__ = ("_e",)
    _COLS = {"water": F_WATER, "lava": F_LAVA}

    def __init__(self, e: RowBacked) -> None:
        self._e = e

    def __getitem__(self, key: str) -> float:
        e = self._e
        return float(e._t.f[e._r, self._COLS[key]])

    def __setitem__(self, key: str, value: float) -> None:
        e = self._e
        e._t.f[e._r, self._COLS[key]] = value

    def __iter__(self) -> Iterator[str]:
        return iter(self._COLS)

    def __len__(self) -> int:
        return 2

    def __repr__(self) -> str:
        return repr(dict(self))


def _vec(col: int) -> property:
    def get(self: RowBacked) -> Vec3:
        return _new(Vec3, self._t.f[self._r, col:col + 3].tolist())

    def set_(self: RowBacked, v: Vec3) -> None:
        self._t.f[self._r, col:col + 3] = v
    return property(get, set_)


def _float(col: int) -> property:
    def get(self: RowBacked) -> float:
        return float(self._t.f[self._r, col])

    def set_(self: RowBacked, v: float) -> None:
        self._t.f[self._r, col] = v
    return property(get, set_)


def _int(col: int) -> property:
    def get(self: RowBacked) -> int:
        return int(self._t.i[self._r, col])

    def set_(self: RowBacked, v: int) -> None:
        self._t.i[self._r, col] = v
    return property(get, set_)


def _bool(col: int) -> property:
    def get(self: RowBacked) -> bool:
        return bool(self._t.i[self._r, col])

    def set_(self: RowBacked, v: bool) -> None:
        self._t.i[self._r, col] = 1 if v else 0
    return property(get, set_)


def _flag(bit: int) -> property:
    def get(self: RowBacked) -> bool:
        return bool(self._t.i[self._r, I_FLAGS] & bit)

    def set_(self: RowBacked, v: bool) -> None:
        i = self._t.i
        i[self._r, I_FLAGS] = (i[self._r, I_FLAGS] | bit) if v else (i[self._r, I_FLAGS] & ~bit)
    return property(get, set_)


def _removed(self: RowBacked) -> bool:
    return self._removed_   # read in every list of live entities: an attribute, mirrored in the row for kernels


_removed_bit = _flag(REMOVED)


def _support(self: RowBacked) -> tuple[int, int, int] | None:
    """`Entity.supportingBlockPos` (1.20): I_SUPPORT's three ints where HAS_SUPPORT is set, else None."""
    i, r = self._t.i, self._r
    return tuple(i[r, I_SUPPORT:I_SUPPORT + 3].tolist()) if i[r, I_FLAGS] & HAS_SUPPORT else None


def _set_support(self: RowBacked, pos: tuple[int, int, int] | None) -> None:
    i, r = self._t.i, self._r
    if pos is None:
        i[r, I_FLAGS] &= ~HAS_SUPPORT
        i[r, I_SUPPORT:I_SUPPORT + 3] = 0
    else:
        i[r, I_FLAGS] |= HAS_SUPPORT
        i[r, I_SUPPORT:I_SUPPORT + 3] = pos


def _set_removed(self: RowBacked, v: bool) -> None:
    self._removed_ = v
    _removed_bit.__set__(self, v)


class RowBacked:
    """Mixin for an `Entity` kind whose state lives in `ROWS` (set by the kind). Put it before `Entity` in the
    bases and call `take_row()` before `Entity.__init__`."""

    ROWS: RowTable
    _t: RowTable
    _r: int

    def take_row(self) -> None:
        self._t = self.ROWS
        self._r = self._t.alloc()

    def __del__(self) -> None:
        t = self.__dict__.get("_t")
        if t is not None:
            t.release(self._r)

    box = property(lambda self: _new(Box, self._t.f[self._r, F_BOX:F_BOX + 6].tolist()),
                   lambda self, b: self._t.f.__setitem__((self._r, slice(F_BOX, F_BOX + 6)), b))
    chunk_key_ = property(lambda self: tuple(self._t.i[self._r, I_CHUNK:I_CHUNK + 3].tolist()),
                          lambda self, k: self._t.i.__setitem__((self._r, slice(I_CHUNK, I_CHUNK + 3)), k))
    fluid_height = property(FluidHeights, lambda self, d: self._t.f.__setitem__(
        (self._r, slice(F_WATER, F_LAVA + 1)), (d["water"], d["lava"])))
    removed = property(_removed, _set_removed)
    supporting_block_pos = property(_support, _set_support)
    locals().update({name: _vec(col) for name, col in VEC_COLUMNS.items()})
    locals().update({name: _float(col) for name, col in FLOAT_COLUMNS.items()})
    locals().update({name: _int(col) for name, col in INT_COLUMNS.items()})
    locals().update({name: _flag(bit) for name, bit in FLAG_BITS.items()})

    def tick_entity_head(self) -> None:
        """`ServerWorld.tickEntity` before the entity's own tick, on its row: the row loops' own kernel
        (`tick_entity_head`), as plain Python."""
        _tick_entity_head(self._t.f, self._t.i, self._r)

    def clone(self) -> Any:
        c = super().clone()      # Entity.clone: its writes go to this row, with the values it already holds
        c._r = c._t.alloc()
        c._t.f[c._r] = self._t.f[self._r]
        c._t.i[c._r] = self._t.i[self._r]
        return c

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k not in ("_t", "_r")}
        state["_row"] = (self._t.f[self._r].tolist(), self._t.i[self._r].tolist())
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        f, i = state.pop("_row")
        self.__dict__.update(state)
        self.take_row()
        self._t.f[self._r] = f
        self._t.i[self._r] = i


def row_attributes(e: RowBacked) -> tuple[str, ...]:
    """The attributes a row-backed entity keeps in its row (what `vars` does not show): its table's extras that its
    class names (not a vector's further columns, a flag behind another attribute, or another kind's extras of a
    shared table)."""
    kind = type(e)
    return ("box", "fluid_height", "removed", "supporting_block_pos", *VEC_COLUMNS, *FLOAT_COLUMNS, *INT_COLUMNS,
            *FLAG_BITS, *(n for n in (*e._t.extra_ints, *e._t.extra_floats) if hasattr(kind, n)))


def extra_int(table: RowTable, name: str) -> property:
    """A kind's extra int column as an attribute (the TNT's fuse)."""
    return _int(table.extra_ints[name])


def extra_float(table: RowTable, name: str) -> property:
    """A kind's extra float column as an attribute (a minecart's yaw)."""
    return _float(table.extra_floats[name])


def extra_flag(table: RowTable, name: str) -> property:
    """A kind's extra int column read and written as a bool (a minecart's `yaw_flipped`)."""
    return _bool(table.extra_ints[name])


def extra_vec(table: RowTable, name: str) -> property:
    """Three consecutive extra float columns, the first named `name`, as a `Vec3` attribute (a fireball's power)."""
    return _vec(table.extra_floats[name])


class ProjectileRows(RowBacked):
    """A row-backed projectile (its table's int extras start with `PROJECTILE_INTS`): `ProjectileEntity`'s owner
    and left-owner fields, `Entity.firstUpdate` and `submergedInWater` as columns."""

    owner = _int(I_OWNER)
    left_owner = _bool(I_LEFT)
    first_update = _bool(I_FIRST)
    submerged_in_water = _bool(I_SUBMERGED)


class RowBatch:
    """A row-backed kind's batch tick, which `Entity.batch` declares and the entity phase runs over consecutive
    entities of the kind (engine.tick.simulation): its compiled loop over their rows, and the stage that ends it."""

    table: ClassVar[RowTable]
    mechanics: ClassVar[frozenset[str]]   # the versions table's rows its kernels decide (a refusal: object path)
    replays: ClassVar[bool] = True        # a traced run takes the loop, its ticks replayed (else: object path)
    _held: tuple[World, int, Callable[[Entity], bool], bool] | None = None   # `world_holds`' last answer

    def decides(self, world: World, features: Features) -> bool:
        """Whether the loop may run in this world and version at all (else every entity takes the object path)."""
        raise NotImplementedError

    def world_holds(self, world: World, test: Callable[[Entity], bool]) -> bool:
        """Whether an entity of the world passes `test` (one this kind's tick reads and the kernels do not, leaving
        the kind to the object path); kept while who is in the world does not change (engine.core.edits)."""
        held = self._held
        if held is None or held[0] is not world or held[1] != edits() or held[2] is not test:
            held = self._held = (world, edits(), test, any(map(test, world.entities.values())))
        return held[3]

    def row(self, e: Entity, traced: bool) -> int:
        """`e`'s row for the loop, or −1 where its tick takes the object path."""
        raise NotImplementedError

    def rows_of(self, run: list[Entity], traced: bool) -> np.ndarray:
        """The loop's rows of a run: `row` of each."""
        return np.fromiter((self.row(e, traced) for e in run), np.int64, len(run))

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        """The loop over rows[start:] (marks and saved rows as the kind's kernel writes them): (where it stopped,
        DONE, EXPLODE or HANDED)."""
        raise NotImplementedError

    def finish(self, e: Entity, sim: TickContext) -> None:
        """The rest of the tick of the entity the loop stopped at with EXPLODE."""
        raise NotImplementedError


class SolidRowBatch(RowBatch):
    """A batch whose loop stops at an entity whose box meets another's (minecarts, boats: solid kinds that push
    and board): the run's rows and the boxes of the other entities, read once a run."""

    def __init__(self) -> None:
        self._run: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def tick_rows(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, start: int,
                  marks: np.ndarray, saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        """The kind's `loop` over rows[start:]; an entity the loop would hand back before anything (a first row
        below 0: `begin_row`) is handed back here, without the run's boxes filed for it (a run of ridden boats
        would file them once per boat)."""
        if rows[start] < 0:
            marks[start] = OBJECT_PATH
            return start, HANDED
        border = world.border_shape.coords
        edges = (border[0][1], border[2][1], border[0][2], border[2][2])
        allrows, others = self.run_boxes(world, rows)
        return self.loop(world, features, cells, rows, allrows, others, start, edges, marks, saved_f, saved_i)

    def loop(self, world: World, features: Features, cells: np.ndarray, rows: np.ndarray, allrows: np.ndarray,
             others: np.ndarray, start: int, edges: tuple[float, float, float, float], marks: np.ndarray,
             saved_f: np.ndarray, saved_i: np.ndarray) -> tuple[int, int]:
        """The kind's compiled loop (its `tick_rows` kernel) over rows[start:], with `run_boxes`' rows and boxes and
        the world border's x and z edges."""
        raise NotImplementedError

    def run_boxes(self, world: World, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(each entity's row of the run, a handed-back one's (−2 − row) too; the boxes of every other entity in
        the world's sections), kept while the run ticks: the other entities do not move meanwhile."""
        run = self._run
        if run is None or run[0] is not rows:
            allrows = np.where(rows >= 0, rows, -2 - rows)
            mine = set(allrows.tolist())
            boxes = [e.box for e in world.sectioned_entities()
                     if not (getattr(e, "_t", None) is self.table and e._r in mine)]
            self._run = run = (rows, allrows, np.array(boxes, dtype=np.float64).reshape(len(boxes), 6))
        return run[1], run[2]


class SectionRows:
    """An entity section's members as `World.get_entities` tests their boxes: the row-backed ones by table (their
    rows, and their places in the section's list), the others by place. Made for a section's list as it is, and
    dropped by the world when the list changes (an entity's table and row stay its own while it lives)."""

    __slots__ = ("groups", "others", "out")

    def __init__(self, entities: list[Entity]) -> None:
        tables: dict[int, tuple[RowTable, list[int], list[int]]] = {}
        self.others: list[int] = []
        for place, e in enumerate(entities):
            t = getattr(e, "_t", None)
            if t is None:
                self.others.append(place)
                continue
            group = tables.get(id(t))
            if group is None:
                group = tables[id(t)] = (t, [], [])
            group[1].append(e._r)
            group[2].append(place)
        self.groups = [(t, np.array(rs, dtype=np.int64), np.array(places, dtype=np.int64))
                       for t, rs, places in tables.values()]
        self.out = np.empty(len(entities), dtype=np.int64)

    def meeting(self, entities: list[Entity], box: Box) -> list[Entity]:
        """The section's entities (`entities`, the list this was made for) whose box intersects `box`
        (`Box.intersects`), in the list's order."""
        out = self.out
        x0, y0, z0, x1, y1, z1 = box
        places: list[int] = []
        for t, rs, at in self.groups:
            places += out[:rows_meeting(t.f, rs, at, x0, y0, z0, x1, y1, z1, out)].tolist()
        if self.others:
            places += [p for p in self.others if entities[p].box.intersects(box)]
        if len(self.groups) + (len(self.others) > 0) > 1:
            places.sort()
        return [entities[p] for p in places]


@njit(borrows=True)
def rows_meeting(f: np.ndarray, rows: np.ndarray, places: np.ndarray, x0: float, y0: float, z0: float, x1: float,
                 y1: float, z1: float, out: np.ndarray) -> int:
    """`Box.intersects(box)` of each row's box (its F_BOX columns) with the box (x0, y0, z0)–(x1, y1, z1): the
    `places` of the rows whose box meets it written to `out` in order; how many."""
    m = 0
    for k in range(len(rows)):
        r = rows[k]
        if f[r, F_BOX] < x1 and f[r, F_BOX + 3] > x0 and f[r, F_BOX + 1] < y1 and f[r, F_BOX + 4] > y0 \
                and f[r, F_BOX + 2] < z1 and f[r, F_BOX + 5] > z0:
            out[m] = places[k]
            m += 1
    return m


class UnriddenRowBatch(RowBatch):
    """A batch whose loop takes every entity of its kind without riders, a vehicle or a step height (items, XP
    orbs), with the world's border edges and lava push as its loop reads them."""

    def row(self, e: Entity, traced: bool) -> int:
        # 1.21.7: movements recorded since its last tick (a shulker box's push) are walked by the object path
        return -1 if e.passengers or e.vehicle is not None or e.step_height or e.movements else e._r

    @staticmethod
    def world_arguments(world: World) -> tuple[tuple[float, float, float, float], float]:
        """The border's x and z edges, and the lava push of the world's dimension (faster where ultrawarm)."""
        border = world.border_shape.coords
        return (border[0][1], border[2][1], border[0][2], border[2][2]), \
            LAVA_PUSH_ULTRAWARM if world.ultrawarm else LAVA_PUSH


# --- what every compiled loop over rows does around an entity's own tick, written once (engine.jit kernels, inlined
# into each loop: engine.entities.tnt_kernel, engine.entities.minecart_kernel, engine.living.player_kernel's players
# phase and entity-phase server tick, engine.living.mob_kernel; docs/architecture.md, "Each stage written once").
# The object path runs `entity_section` (`World.chunk_key`) and `tick_entity_head` (`RowBacked.tick_entity_head`)
# as plain Python.

@njit(inline=True)
def add_gravity(f: np.ndarray, r: int, g: float) -> None:
    """`Vec3d.add(0, g, 0)` on row `r`'s Motion (g: the kind's gravity, negative downwards); the 0.0 added to X and Z
    turns -0.0 into 0.0, as in Java."""
    f[r, F_MOTION] = f[r, F_MOTION] + 0.0
    f[r, F_MOTION + 1] = f[r, F_MOTION + 1] + g
    f[r, F_MOTION + 2] = f[r, F_MOTION + 2] + 0.0


@njit(inline=True)
def multiply_motion(f: np.ndarray, r: int, k: float) -> None:
    """`Vec3d.multiply(k)` on row `r`'s Motion (a drag), each axis."""
    for a in range(3):
        f[r, F_MOTION + a] = f[r, F_MOTION + a] * k


@njit(inline=True)
def entity_section(x: float, y: float, z: float) -> tuple:
    """The entity section of position (x, y, z) (`ServerWorld.checkEntityChunkPos`; `World.chunk_key`): the
    position's floor / 16 on each axis (`MathHelper.floor`), the section y clamped to 0..ENTITY_SECTION_MAX.
    Quotients inside the int range (NaN is not) take `math.floor`, which equals it there: the object path runs
    this as plain Python for every entity every tick, where `jfloor` (Java's saturating cast and wrapping − 1,
    three calls deep) costs 2.5× as much; it decides only the others."""
    qx, qy, qz = x / SECTION_SIZE, y / SECTION_SIZE, z / SECTION_SIZE
    if INT_MIN < qx < INT_MAX and INT_MIN < qy < INT_MAX and INT_MIN < qz < INT_MAX:
        sx, sy, sz = math.floor(qx), math.floor(qy), math.floor(qz)
    else:
        sx, sy, sz = jfloor(qx), jfloor(qy), jfloor(qz)
    return sx, (0 if sy < 0 else ENTITY_SECTION_MAX if sy > ENTITY_SECTION_MAX else sy), sz


@njit(inline=True)
def section_moved(f: np.ndarray, i: np.ndarray, r: int) -> bool:
    """Row `r`'s position lies outside the section the entity is filed in (its I_CHUNK columns)."""
    sx, sy, sz = entity_section(f[r, F_POS], f[r, F_POS + 1], f[r, F_POS + 2])
    return sx != i[r, I_CHUNK] or sy != i[r, I_CHUNK + 1] or sz != i[r, I_CHUNK + 2]


@njit(inline=True)
def copy_row(to: np.ndarray, a: int, source: np.ndarray, b: int) -> None:
    """to[a] = source[b], element by element: a kernel compiled without reference counts (`engine.jit`'s
    `borrows`) may not assign a row as a whole."""
    for c in range(source.shape[1]):
        to[a, c] = source[b, c]


@njit(inline=True)
def begin_row(f: np.ndarray, i: np.ndarray, r: int, n: int, marks: np.ndarray, saved_f: np.ndarray,
              saved_i: np.ndarray) -> bool:
    """The loop head of entity n on row `r`: its mark cleared, then false (marked OBJECT_PATH) where it has no row
    (−1 and below) or is removed, else true with the row saved as it was (`saved_f[n]`, `saved_i[n]`)."""
    marks[n] = 0
    if r < 0 or i[r, I_FLAGS] & REMOVED:
        marks[n] = OBJECT_PATH
        return False
    copy_row(saved_f, n, f, r)
    copy_row(saved_i, n, i, r)
    return True


@njit(inline=True)
def tick_entity_head(f: np.ndarray, i: np.ndarray, r: int) -> None:
    """`ServerWorld.tickEntity` before the entity's own tick: age + 1, and `Entity.resetPosition`'s previous
    position (prevX, prevY, prevZ) set to the position."""
    i[r, I_AGE] += 1
    for a in range(3):
        f[r, F_PREV + a] = f[r, F_POS + a]


@njit(inline=True)
def hand_back(f: np.ndarray, i: np.ndarray, r: int, n: int, marks: np.ndarray, saved_f: np.ndarray,
              saved_i: np.ndarray) -> None:
    """Entity n's tick is the object path's: row `r` restored as `begin_row` saved it, marked OBJECT_PATH."""
    copy_row(f, r, saved_f, n)
    copy_row(i, r, saved_i, n)
    marks[n] = OBJECT_PATH


@njit(inline=True)
def end_row(f: np.ndarray, i: np.ndarray, r: int, n: int, marks: np.ndarray) -> None:
    """After entity n's tick on row `r`: marked SECTION where its section changed."""
    if section_moved(f, i, r):
        marks[n] |= SECTION


_tick_entity_head = plain(tick_entity_head)
