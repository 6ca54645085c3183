"""The world: blocks by 16³ section, entities by section (spec 01 §5.2, §7), its border (`border.py`), and the
collision-shape queries `Entity.move()` needs (spec 03 §3).

1.16.5 build limits: blocks live in y 0..255; outside, every cell reads as `void_air`. All chunks count as loaded.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import (
    COLLISION_EPSILON,
    ENTITY_SECTION_MAX,
    GET_ENTITIES_MARGIN,
    MAX_ENTITY_CRAMMING,
    MINECART_EXP_MAX_SPEED_RULE,
    SECTION_SIZE,
)
from engine.core.edits import edited
from engine.core.limits import MAX_QUERIED_ENTITIES, MAX_QUERY_CHUNKS, SimulationLimit
from engine.core.versions import DEFAULT_VERSION, Features, features_for
from engine.entities.rows import SectionRows, entity_section
from engine.geometry.box import BlockPos, Box
from engine.geometry.shapes import EMPTY, FULL_CUBE, VoxelShape, intersects_box
from engine.java.javanum import wrap_int
from engine.java.mathhelper import floor
from engine.jit import plain
from engine.redstone.neighbor_updater import ChainRestrictedNeighborUpdater
from engine.redstone.scheduler import ServerTickScheduler
from engine.world import block_physics as phys
from engine.world import blocks
from engine.world.block_entities import SHULKER_BOXES, BlockEntities
from engine.world.block_grid import SectionGrid
from engine.world.border import WorldBorder
from engine.world.fluid_states import holds_fluid
from engine.world.shape_context import CONTEXT_BLOCKS, context_collision_shape

if TYPE_CHECKING:
    from engine.entities.entity import Entity
    from engine.influences.piston import BlockEvent
    from engine.influences.piston_block_entity import Direction
    from engine.world.blocks import BlockState
    from engine.world.shape_context import ShapeContext

MIN_Y = 0
MAX_Y = 255
AIR_ID = 0
LARGE_REGION_CELLS = 65536   # above this, collision queries visit only the cells of filled sections
ShapeAt = tuple[VoxelShape, tuple[float, float, float]]
_entity_section = plain(entity_section)     # the row loops' kernel (docs/architecture.md)


class World:
    """Block and entity storage with vanilla's queries. Entities are kept in load order (the update order)."""

    def __init__(self, border: WorldBorder | None = None, ultrawarm: bool = False,
                 dimension: str = "overworld") -> None:
        _fetch_states()
        self._sections: dict[tuple[int, int, int], array] = {}
        self._counts: dict[tuple[int, int, int], int] = {}
        self._versions: dict[tuple[int, int, int], int] = {}
        self._kind_counts: dict[tuple[int, int, int], list[int]] = {}   # per section: [fluid blocks, effect blocks]
        self.border = border or WorldBorder()
        self.border_shape = self.border.shape()
        self.ultrawarm = ultrawarm
        self.dimension = dimension               # engine.world.dimensions: its vertical extent by release
        self.experiments: frozenset[str] = frozenset()   # the game's experiments enabled (scene.experiments)
        self.entities: dict[int, Entity] = {}   # load order = insertion order (entitiesById)
        self._entity_sections: dict[tuple[int, int, int], list[Entity]] = {}
        self._section_rows: dict[tuple[int, int, int], SectionRows] = {}   # get_entities' view of a section
        self.block_version = 0                   # counts block changes, for callers that cache around blocks
        self.collidable_count = 0                # boats, shulkers: solid to other entities (spec 03 §5)
        self.section_moves = 0                   # entities added to, moved between or taken from the sections
        self.game_time = 0
        self.entities_queried = 0       # entities the tick's entity queries have looked at (limits.py)
        self.max_entity_cramming = MAX_ENTITY_CRAMMING   # the maxEntityCramming game rule (Simulation's)
        self.minecart_max_speed = MINECART_EXP_MAX_SPEED_RULE   # the minecartMaxSpeed game rule (scene key)
        # pistons (spec 04 §8, influences.piston): block entities, the synced block-event queue, the pistons a scene
        # powers (the stand-in for redstone), and PistonBlockEntity.MOVEMENT_DIRECTION while a B36 moves one
        self.block_entities = BlockEntities()
        self.block_events: list[BlockEvent] = []
        self.powered: set[BlockPos] = set()
        self.movement_direction: Direction | None = None
        self.navigating: list[Entity] = []       # mobs with a navigation (ServerWorld.entityNavigations, spec 07 §7)
        # dispenser and dropper contents, (slot, item id, count) by slot order (schematics; spec 06 §1.1 item 2)
        self.containers: dict[BlockPos, tuple[tuple[int, str, int], ...]] = {}
        # redstone (engine.redstone): the block tick scheduler, RedstoneTorchBlock.BURNOUT_MAP's list for this world
        self.block_ticks = ServerTickScheduler()
        self.torch_burnouts: list[tuple[BlockPos, int]] = []
        self.comparator_outputs: dict[BlockPos, int] = {}     # ComparatorBlockEntity.outputSignal
        self.neighbor_updater = ChainRestrictedNeighborUpdater()   # World.neighborUpdater (1.19+)
        # block changes are recorded as `block_changed` events into `change_log` (the tick's events) while a tick
        # runs, with the phase and the cause (`caused_by`) current at the change
        self.change_log: list[dict[str, Any]] | None = None
        self.change_phase = ""
        self.change_cause = ""
        self.in_block_tick = False                # ServerWorld.inBlockTick: the scheduled ticks are running
        # the release's differences for block code that is given the world only (the wire's connections, which
        # the power queries recompute): the running Simulation's `features`, set at each tick
        self.features: Features = features_for(DEFAULT_VERSION)
        self._grid: SectionGrid | None = None

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled (a scene loaded by another process, viewer.launch): without `__init__`, which fetches the table."""
        _fetch_states()
        self.__dict__.update(state)

    def __getstate__(self) -> dict[str, Any]:
        # the kernels' mirror of the blocks and get_entities' views of the sections are rebuilt on demand
        return {**self.__dict__, "_grid": None, "_section_rows": {}}

    def block_grid(self) -> SectionGrid:
        """The sections as the compiled stages read them (`engine.world.block_grid`), synced to the blocks now."""
        if self._grid is None:
            self._grid = SectionGrid()
        return self._grid.sync(self)

    def copy(self, clones: dict[int, Entity] | None = None) -> World:
        """An independent copy: block arrays, counters, and cloned entities in the same sections and order.
        `clones`, when given, receives id(original entity) → its clone."""
        w = World.__new__(World)
        w.__dict__.update(self.__dict__)
        w._sections = {k: array("H", v) for k, v in self._sections.items()}
        w._counts = dict(self._counts)
        w._versions = dict(self._versions)
        w._kind_counts = {k: list(v) for k, v in self._kind_counts.items()}
        w.block_entities = self.block_entities.copy()
        w.block_events = list(self.block_events)
        w.powered = set(self.powered)
        w.containers = dict(self.containers)
        w.block_ticks = self.block_ticks.copy()
        w.torch_burnouts = list(self.torch_burnouts)
        w.comparator_outputs = dict(self.comparator_outputs)
        w.change_log = None
        w._grid = None
        w._section_rows = {}
        clones = {} if clones is None else clones
        clones.update((id(e), e.clone()) for e in self.entities.values())
        for sec in self._entity_sections.values():
            for e in sec:
                if id(e) not in clones:
                    clones[id(e)] = e.clone()
        for c in clones.values():
            if c.vehicle is not None:
                c.vehicle = clones.get(id(c.vehicle)) or c.vehicle
            c.passengers = [clones.get(id(r)) or r for r in c.passengers]
        w.entities = {i: clones[id(e)] for i, e in self.entities.items()}
        w._entity_sections = {k: [clones[id(e)] for e in v] for k, v in self._entity_sections.items()}
        w.navigating = [clones[id(e)] for e in self.navigating]
        return w

    def blocks_copy(self, share: bool = False) -> World:
        """A world with this one's blocks (copied, or with `share` the same storage, for a reader that writes no
        block), border, dimension and game time, and no entities or block entities: what a replayed TNT tick
        reads (engine.tick.simulation)."""
        w = World(self.border, self.ultrawarm, self.dimension)
        w.experiments = self.experiments
        w.minecart_max_speed = self.minecart_max_speed
        w.game_time = self.game_time
        w.block_version = self.block_version
        if share:
            w._sections, w._counts, w._versions, w._kind_counts = \
                self._sections, self._counts, self._versions, self._kind_counts
        else:
            w._sections = {k: array("H", v) for k, v in self._sections.items()}
            w._counts = dict(self._counts)
            w._versions = dict(self._versions)
            w._kind_counts = {k: list(v) for k, v in self._kind_counts.items()}
        return w

    # --- blocks ---
    def get_state_id(self, x: int, y: int, z: int) -> int:
        sec = self._sections.get((x >> 4, y >> 4, z >> 4))
        if sec is None:
            return _void_air_id() if (y < MIN_Y or y > MAX_Y) else AIR_ID
        return sec[((y & 15) << 8) | ((z & 15) << 4) | (x & 15)]

    def get_block_state(self, x: int, y: int, z: int) -> BlockState:
        sec = self._sections.get((x >> 4, y >> 4, z >> 4))
        if sec is None:
            return blocks.state_by_id(_void_air_id() if (y < MIN_Y or y > MAX_Y) else AIR_ID)
        return _STATES[0][sec[((y & 15) << 8) | ((z & 15) << 4) | (x & 15)]]

    def set_block_state(self, x: int, y: int, z: int, state: BlockState) -> None:
        """World.setBlockState: out of the build height (isOutOfBuildLimitVertically) nothing is placed, as in
        vanilla; a fire an explosion at y 255 lights above, or a piston pushing at the top, places nothing."""
        if not MIN_Y <= y <= MAX_Y:
            return
        key = (x >> 4, y >> 4, z >> 4)
        sec = self._sections.get(key)
        if sec is None:
            sec = self._sections[key] = array("H", bytes(2 * SECTION_SIZE**3))
            self._counts[key] = 0
        i = ((y & 15) << 8) | ((z & 15) << 4) | (x & 15)
        old = sec[i]
        if old == state.id:
            return
        sec[i] = state.id
        if self.change_log is not None:
            self.change_log.append({"kind": "block_changed", "pos": [x, y, z], "from": str(_STATES[0][old]),
                                    "to": str(state), "phase": self.change_phase, "cause": self.change_cause})
        self._counts[key] += (state.id != AIR_ID) - (old != AIR_ID)
        kinds = self._kind_counts.setdefault(key, [0, 0])
        new_kind, old_kind = _kind(state.id), _kind(old)
        kinds[FLUID] += (new_kind >> FLUID & 1) - (old_kind >> FLUID & 1)
        kinds[EFFECT] += (new_kind >> EFFECT & 1) - (old_kind >> EFFECT & 1)
        self._versions[key] = self._versions.get(key, 0) + 1
        self.block_version += 1
        old_block = _STATES[0][old].block
        if old_block == "moving_piston" and state.block != "moving_piston":
            self._on_moving_piston_replaced((x, y, z))
        if old_block != state.block and (old_block in SHULKER_BOXES or state.block in SHULKER_BOXES):
            self._on_block_entity_block_changed((x, y, z), old_block, state.block)
        if self.navigating and _STATES[0][old].collision_shape.boxes != state.collision_shape.boxes:
            # ServerWorld.updateListeners: a changed collision shape tells every navigation not already waiting
            for mob in self.navigating:
                if not mob.navigation.should_recalculate:
                    mob.navigation.on_block_changed(self, (x, y, z))

    @contextmanager
    def caused_by(self, cause: str) -> Iterator[None]:
        """Block changes made inside are recorded with this cause (interfaces.md `block_changed`)."""
        outer, self.change_cause = self.change_cause, cause
        try:
            yield
        finally:
            self.change_cause = outer

    def place_block_ids(self, x0: int, y0: int, z0: int, ids: np.ndarray, place_air: bool = False,
                        order: str = "yzx") -> None:
        """Place a box of state ids ([y, z, x], minimum corner x0, y0, z0), leaving the cells of id 0 (air) as they
        are unless `place_air`: the same world as `set_block_state` for each (non-air) cell, written by section.
        Cells whose old or new block has a block entity go through `set_block_state`, in `order` (axes slowest
        first: "yzx" for schematics, "xyz" for a scene's `[[blocks]]` box); counters advance once per cell."""
        sy, sz, sx = ids.shape
        if sy and not (MIN_Y <= y0 and y0 + sy - 1 <= MAX_Y):
            raise ValueError(f"y {y0}..{y0 + sy - 1} is outside the 1.16.5 build range {MIN_Y}..{MAX_Y}")
        slow: list[tuple[int, int, int, int]] = []
        for key, (ax, ay, az), (dy, dz, dx) in _section_parts((x0, y0, z0), (x0 + sx, y0 + sy, z0 + sz)):
            new = ids[ay - y0:ay - y0 + dy, az - z0:az - z0 + dz, ax - x0:ax - x0 + dx]
            if not (place_air or new.any()):
                continue
            view = self._section_ids(key)[ay & 15:(ay & 15) + dy, az & 15:(az & 15) + dz, ax & 15:(ax & 15) + dx]
            write = (view != new) if place_air else (new != AIR_ID) & (view != new)
            kinds = _kind_table(new, view)
            hard = write & ((kinds[new] | kinds[view]) >> SPECIAL & 1).astype(bool)
            for y, z, x in zip(*np.nonzero(hard), strict=True):
                slow.append((ax + int(x), ay + int(y), az + int(z), int(new[y, z, x])))
            write &= ~hard
            if not write.any():
                continue
            old, put = view[write], new[write]
            view[write] = put
            self._counts[key] += int(np.count_nonzero(put) - np.count_nonzero(old))
            self._count_kinds(key, kinds[put], kinds[old])
            self._versions[key] = self._versions.get(key, 0) + len(put)
            self.block_version += len(put)
        axes = ["xyz".index(axis) for axis in order]
        for x, y, z, state_id in sorted(slow, key=lambda c: tuple(c[a] for a in axes)):
            self.set_block_state(x, y, z, _STATES[0][state_id])

    def fill_boxes(self, boxes: list[tuple[BlockPos, BlockPos, int]]) -> None:
        """Fill boxes (minimum cell, maximum cell, state id) one after the other: the same world, counters included,
        as `place_block_ids(..., place_air=True, order="xyz")` for each box (a scene's `[[blocks]]`), written with
        one pass over each section the boxes reach. Boxes of a block with a block entity, and boxes reaching a
        section that holds one, take `place_block_ids` (its cells go through `set_block_state`)."""
        for lo, hi, _ in boxes:
            if not (MIN_Y <= lo[1] and hi[1] <= MAX_Y):
                raise ValueError(f"y {lo[1]}..{hi[1]} is outside the 1.16.5 build range {MIN_Y}..{MAX_Y}")
        parts: dict[tuple[int, int, int], list[tuple[tuple[slice, slice, slice], int]]] = {}
        for lo, hi, state_id in boxes:
            for key, corner, size in _section_parts(lo, (hi[0] + 1, hi[1] + 1, hi[2] + 1)):
                cells = tuple(slice(corner[a] & 15, (corner[a] & 15) + size[i]) for i, a in enumerate((1, 2, 0)))
                parts.setdefault(key, []).append((cells, state_id))
        placed = np.array([AIR_ID, *(state_id for _, _, state_id in boxes)], dtype=np.int64)   # air: new sections
        present = [self._section_ids(key) for key in parts if key in self._sections]
        kinds = _kind_table(placed, *present)
        if any((kinds[ids] >> SPECIAL & 1).any() for ids in (placed, *present)):
            for lo, hi, state_id in boxes:
                shape = (hi[1] - lo[1] + 1, hi[2] - lo[2] + 1, hi[0] - lo[0] + 1)
                self.place_block_ids(*lo, np.full(shape, state_id, dtype=np.uint16), place_air=True, order="xyz")
            return
        for key, writes in parts.items():
            sec = self._section_ids(key)
            before = sec.copy()
            changed = 0
            for cells, state_id in writes:
                changed += int(np.count_nonzero(sec[cells] != state_id))
                sec[cells] = state_id
            if changed:
                self._counts[key] += int(np.count_nonzero(sec) - np.count_nonzero(before))
                self._count_kinds(key, kinds[sec], kinds[before])
                self._versions[key] = self._versions.get(key, 0) + changed
                self.block_version += changed

    def _section_ids(self, key: tuple[int, int, int]) -> np.ndarray:
        """The section's state ids as a writable [y, z, x] array; a missing section is made (all air)."""
        if key not in self._sections:
            self._sections[key] = array("H", bytes(2 * SECTION_SIZE**3))
            self._counts[key] = 0
        return np.frombuffer(self._sections[key], dtype=np.uint16).reshape(16, 16, 16)

    def _count_kinds(self, key: tuple[int, int, int], put: np.ndarray, old: np.ndarray) -> None:
        """Count the FLUID and EFFECT blocks of a section after writing: `put` (kinds) replaced `old`."""
        counts = self._kind_counts.setdefault(key, [0, 0])
        for bit in (FLUID, EFFECT):
            counts[bit] += int(((put >> bit) & 1).sum() - ((old >> bit) & 1).sum())

    def _on_block_entity_block_changed(self, pos: BlockPos, old_block: str, new_block: str) -> None:
        """`WorldChunk.setBlockState` for blocks with block entities (shulker boxes, spec 04 §9): the old
        block's entity goes (`onStateReplaced`), the new block gets a fresh one (`createBlockEntity`); a
        state change within one block keeps it."""
        if old_block in SHULKER_BOXES:
            self.block_entities.remove(pos)
        if new_block in SHULKER_BOXES:
            from engine.influences.shulker_box import ShulkerBoxBlockEntity
            self.block_entities.set(ShulkerBoxBlockEntity(pos))

    def _on_moving_piston_replaced(self, pos: BlockPos) -> None:
        """`PistonExtensionBlock.onStateReplaced`: its B36 finishes; the cell already holds the new block, so
        nothing is placed."""
        be = self.block_entities.get(pos)
        if be is not None:
            be.finish(self)

    def get_collision_shape(self, state: BlockState, x: int, y: int, z: int,
                            context: ShapeContext | None = None) -> VoxelShape:
        """`AbstractBlockState.getCollisionShape(world, pos, context)` of `state` in cell (x, y, z), live where a
        block entity shapes it: a moving_piston's B36 from its progress and `movement_direction` (spec 04 §8.6;
        empty without one), a shulker box's lid (§9; a full cube without one); bamboo offset by its cell; a block
        that reads the entity's `context` (`engine.world.shape_context`: scaffolding; a cell the context ignores
        is empty); else the state's shape. Without a context, the absent one's. Block collisions and block
        raycasts (spec 03 §7.5, 1.16.2+) both use it."""
        block = state.block
        if context is not None:
            if context.ignored and (x, y, z) in context.ignored:
                return EMPTY
            if block in CONTEXT_BLOCKS:
                return context_collision_shape(state, y, context)
        if block == "moving_piston":
            from engine.influences.piston_block_entity import PistonBlockEntity
            be = self.block_entities.get((x, y, z))
            return be.get_collision_shape(self) if isinstance(be, PistonBlockEntity) else EMPTY
        if block in SHULKER_BOXES:
            from engine.influences.shulker_box import ShulkerBoxBlockEntity
            be = self.block_entities.get((x, y, z))
            return be.get_collision_shape(state) if isinstance(be, ShulkerBoxBlockEntity) else FULL_CUBE
        return phys.collision_shape_at(state, x, y, z)

    def sections(self) -> Iterator[tuple[tuple[int, int, int], np.ndarray]]:
        """Non-empty block sections: ((sx, sy, sz), uint16 state ids shaped (16, 16, 16) as [y, z, x])."""
        for key, sec in self._sections.items():
            if self._counts[key]:
                yield key, np.frombuffer(sec, dtype=np.uint16).reshape(16, 16, 16)

    def filled_section_keys(self) -> list[tuple[int, int, int]]:
        """Keys of the block sections that hold a block other than air."""
        return [k for k, n in self._counts.items() if n]

    def section_versions(self) -> dict[tuple[int, int, int], int]:
        """Every written section's change count (read-only)."""
        return self._versions

    def section_version(self, key: tuple[int, int, int]) -> int:
        return self._versions.get(key, 0)

    def is_region_loaded(self, min_y: int, max_y: int) -> bool:
        """`WorldView.isRegionLoaded`: false when the region lies wholly above or below the build range."""
        return not (max_y < MIN_Y or min_y > MAX_Y)

    def region_has(self, kind: int, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> bool:
        """Whether a section overlapping the cells x0..x1, y0..y1, z0..z1 holds a block of `kind` (FLUID: a block
        with a fluid state; EFFECT: a block whose `onEntityCollision` moves entities)."""
        counts = self._kind_counts
        lo, hi = (x0 >> 4, y0 >> 4, z0 >> 4), (x1 >> 4, y1 >> 4, z1 >> 4)
        if lo == hi:                                 # an entity's box: most often one section
            c = counts.get(lo)
            return c is not None and bool(c[kind])
        return any(counts[k][kind] for k in _keys_in(counts, lo, hi, "zyx"))

    def region_is_empty(self, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> bool:
        """No block but air in the cells x0..x1, y0..y1, z0..z1 (a shortcut for the queries below)."""
        return not self._has_blocks(x0, y0, z0, x1, y1, z1)

    def filled_sections_in(self, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> list[tuple[int, int, int]]:
        """Keys of the sections holding blocks that overlap the cells x0..x1, y0..y1, z0..z1, by z, y, x."""
        counts = self._counts
        keys = _keys_in(counts, (x0 >> 4, y0 >> 4, z0 >> 4), (x1 >> 4, y1 >> 4, z1 >> 4), "zyx")
        return [k for k in keys if counts[k]]

    def section(self, key: tuple[int, int, int]) -> np.ndarray | None:
        """The block section at `key` as uint16 state ids shaped (16, 16, 16) as [y, z, x], or None if absent."""
        sec = self._sections.get(key)
        return None if sec is None else np.frombuffer(sec, dtype=np.uint16).reshape(16, 16, 16)

    def _has_blocks(self, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int) -> bool:
        counts = self._counts
        if not counts:
            return False
        if x0 >> 4 == x1 >> 4 and y0 >> 4 == y1 >> 4 and z0 >> 4 == z1 >> 4:
            return bool(counts.get((x0 >> 4, y0 >> 4, z0 >> 4)))
        return bool(self.filled_sections_in(x0, y0, z0, x1, y1, z1))

    def get_block_collisions(self, box: Box, context: ShapeContext | None = None) -> list[ShapeAt]:
        """`BlockCollisionSpliterator` over `box` for the entity whose `context` is given (else the absent
        context's): shapes (with their block offset) that overlap it.

        Cells on the outer layer count only for shapes that exceed the unit cube (one edge) or moving
        pistons (two edges); corner cells never. Order: x fastest, then y, then z (`CuboidBlockIterator`).
        Bounds wrap like Java ints; where an infinite box makes a range wrap, vanilla's iterator would run
        for about 2^32 steps: here no cell is visited. Large ranges visit only the cells of filled sections.
        """
        x0 = wrap_int(floor(box.min_x - COLLISION_EPSILON) - 1)
        x1 = wrap_int(floor(box.max_x + COLLISION_EPSILON) + 1)
        y0 = wrap_int(floor(box.min_y - COLLISION_EPSILON) - 1)
        y1 = wrap_int(floor(box.max_y + COLLISION_EPSILON) + 1)
        z0 = wrap_int(floor(box.min_z - COLLISION_EPSILON) - 1)
        z1 = wrap_int(floor(box.max_z + COLLISION_EPSILON) + 1)
        out: list[ShapeAt] = []
        ya, yb = max(y0, MIN_Y), min(y1, MAX_Y)     # void_air outside the build range has no shape
        if x1 < x0 or yb < ya or z1 < z0 or not self._has_blocks(x0, ya, z0, x1, yb, z1):
            return out
        bounds = (x0, x1, y0, y1, z0, z1)
        if (x1 - x0 + 1) * (yb - ya + 1) * (z1 - z0 + 1) <= LARGE_REGION_CELLS:
            self._collect(out, box, bounds, x0, x1, ya, yb, z0, z1, context)
            return out
        for sx, sy, sz in self.filled_sections_in(x0, ya, z0, x1, yb, z1):
            self._collect(out, box, bounds, max(x0, sx << 4), min(x1, (sx << 4) + 15), max(ya, sy << 4),
                          min(yb, (sy << 4) + 15), max(z0, sz << 4), min(z1, (sz << 4) + 15), context)
        return out

    def _collect(self, out: list[ShapeAt], box: Box, bounds: tuple[int, ...], xa: int, xb: int, ya: int,
                 yb: int, za: int, zb: int, context: ShapeContext | None) -> None:
        """The spliterator's rule for the cells xa..xb, ya..yb, za..zb; `bounds` are the whole query's."""
        x0, x1, y0, y1, z0, z1 = bounds
        sections = self._sections
        states = _STATES[0]
        for z in range(za, zb + 1):
            ez = z == z0 or z == z1
            sz = z >> 4
            for y in range(ya, yb + 1):
                ey = y == y0 or y == y1
                base = ((y & 15) << 8) | ((z & 15) << 4)
                sec_x = None
                sec = None
                for x in range(xa, xb + 1):
                    if x >> 4 != sec_x:
                        sec_x = x >> 4
                        sec = sections.get((sec_x, y >> 4, sz))
                    if sec is None:
                        continue
                    sid = sec[base | (x & 15)]
                    if sid == AIR_ID:
                        continue
                    edges = (x == x0 or x == x1) + ey + ez
                    if edges == 3:
                        continue
                    st = states[sid]
                    if edges == 1 and not st.exceeds_cube:
                        continue
                    if edges == 2 and st.block != "moving_piston":
                        continue
                    shape = self.get_collision_shape(st, x, y, z, context)
                    if shape is FULL_CUBE:
                        if box.intersects_coords(x, y, z, x + 1.0, y + 1.0, z + 1.0):
                            out.append((shape, (float(x), float(y), float(z))))
                    elif not shape.is_empty and intersects_box(shape, (x, y, z), box):
                        out.append((shape, (float(x), float(y), float(z))))

    def is_space_empty(self, box: Box, context: ShapeContext | None = None) -> bool:
        """`CollisionView.isSpaceEmpty(entity, box)` for blocks, the entity's `context` given (else
        `isSpaceEmpty(box)`): no collision shape overlaps `box`."""
        return not self.get_block_collisions(box, context)

    def border_in_reach(self, box: Box) -> bool:
        """Whether the border can matter for a sweep within `box` (a pure speed-up: far away it cannot)."""
        w, n, e, s = self.border_shape.coords[0][1], self.border_shape.coords[2][1], \
            self.border_shape.coords[0][2], self.border_shape.coords[2][2]
        m = 1.0e-6
        return box.min_x - m <= w or box.max_x + m >= e or box.min_z - m <= n or box.max_z + m >= s

    # --- entities (spec 01 §5.2, §7) ---
    @staticmethod
    def chunk_key(entity: Entity) -> tuple[int, int, int]:
        """The entity section an entity at its position belongs to (`ServerWorld.checkEntityChunkPos`): the row
        loops' own `rows.entity_section`, as plain Python."""
        return _entity_section(*entity.pos)

    def load_entity(self, entity: Entity) -> None:
        """Add to the update order and to its section (`ServerWorld.loadEntity` + `WorldChunk.addEntity`)."""
        self.entities[entity.id] = entity
        edited()    # who is in the world changed (engine.tick.entity_lists)
        self._add_to_section(entity)
        if entity.collidable:
            self.collidable_count += 1
        if getattr(entity, "navigation", None) is not None:
            self.navigating.append(entity)

    def add_to_section_only(self, entity: Entity) -> None:
        """An entity spawned during the entity phase: findable now, ticked from the next tick (spec 01 §7 r6)."""
        self._add_to_section(entity)

    def _add_to_section(self, entity: Entity) -> None:
        key = self.chunk_key(entity)
        entity.chunk_key_ = key
        self._entity_sections.setdefault(key, []).append(entity)
        self._section_rows.pop(key, None)
        self.section_moves += 1

    def unload_entity(self, entity: Entity) -> None:
        self.entities.pop(entity.id, None)
        edited()
        sec = self._entity_sections.get(entity.chunk_key_)
        if sec is not None and entity in sec:
            sec.remove(entity)
            self._section_rows.pop(entity.chunk_key_, None)
            self.section_moves += 1
        if entity.collidable:
            self.collidable_count -= 1
        if entity in self.navigating:
            self.navigating.remove(entity)

    def check_entity_chunk_pos(self, entity: Entity) -> None:
        """Move the entity to the section of its current position (after its own tick only)."""
        key = self.chunk_key(entity)
        if key != entity.chunk_key_:
            sec = self._entity_sections.get(entity.chunk_key_)
            if sec is not None:
                sec.remove(entity)
            self._section_rows.pop(entity.chunk_key_, None)
            self._section_rows.pop(key, None)
            entity.chunk_key_ = key
            self._entity_sections.setdefault(key, []).append(entity)
            self.section_moves += 1

    def get_entities(self, except_: Entity | None, box: Box,
                     predicate: Callable[[Entity], bool] | None = None) -> list[Entity]:
        """`World.getOtherEntities`: entities whose box intersects `box`, looked up only in the sections of
        `box` expanded by 2 (the section bug of spec 01 §5.2). Chunks x, then z; sections by y; load order."""
        out: list[Entity] = []
        sections = self._entity_sections
        keys = self._section_keys_in(box)
        self.entities_queried += sum(len(sections[k]) for k in keys)
        if self.entities_queried > MAX_QUERIED_ENTITIES:
            raise SimulationLimit(f"entity queries looked at more than {MAX_QUERIED_ENTITIES:,} entities in one tick "
                                  "(vanilla's own N²: N entities in one place each test all the others)")
        for k in keys:
            entities = sections[k]
            if len(entities) < SECTION_ROWS_MIN:
                found: list[Entity] = [e for e in entities if e.box.intersects(box)]
            else:   # row-backed boxes tested on their rows, a table at a time (SectionRows)
                view = self._section_rows.get(k)
                if view is None:
                    view = self._section_rows[k] = SectionRows(entities)
                found = view.meeting(entities, box)
            out += [e for e in found if e is not except_ and (predicate is None or predicate(e))]
        return out

    def section_sizes(self) -> list[tuple[tuple[int, int, int], int]]:
        """Each entity section's key and how many entities it holds (what `get_entities` counts per section)."""
        return [(k, len(v)) for k, v in self._entity_sections.items()]

    def sectioned_entities(self) -> Iterator[Entity]:
        """Every entity in the entity sections: all that `get_entities` can find."""
        for section in self._entity_sections.values():
            yield from section

    def entity_section_lists(self) -> list[list[Entity]]:
        """Each entity section's entities in the order `get_entities` visits them: the order they entered it."""
        return [list(section) for section in self._entity_sections.values()]

    def order_sections(self, rank: dict[int, int]) -> None:
        """Reorder each section's entities by `rank` (entity id → place; entities without one after, in their
        order): a scene saved mid-run restores the order its sections had (`scene.entity_section_order`)."""
        last = len(rank)
        for key, section in self._entity_sections.items():
            section.sort(key=lambda e: rank.get(e.id, last))
            self._section_rows.pop(key, None)
        self.section_moves += 1

    def entity_sections_in(self, box: Box) -> list[list[Entity]]:
        """The entity sections `getOtherEntities(box)` visits, in its order: those of `box` expanded by 2 (the
        section bug of spec 01 §5.2), chunks by x, then z, sections by y. A box over more chunk columns than
        vanilla loops through in reasonable time raises `SimulationLimit`."""
        sections = self._entity_sections
        return [sections[k] for k in self._section_keys_in(box)]

    def _section_keys_in(self, box: Box) -> list[tuple[int, int, int]]:
        """The keys of `entity_sections_in(box)`, in its order."""
        m = GET_ENTITIES_MARGIN
        x0, x1 = floor((box.min_x - m) / 16.0), floor((box.max_x + m) / 16.0)
        z0, z1 = floor((box.min_z - m) / 16.0), floor((box.max_z + m) / 16.0)
        y0 = min(max(floor((box.min_y - m) / 16.0), 0), ENTITY_SECTION_MAX)
        y1 = min(max(floor((box.max_y + m) / 16.0), 0), ENTITY_SECTION_MAX)
        columns = max(0, x1 - x0 + 1) * max(0, z1 - z0 + 1)
        if columns > MAX_QUERY_CHUNKS:
            raise SimulationLimit(f"an entity query over {columns:.3g} chunk columns")
        return _keys_in(self._entity_sections, (x0, y0, z0), (x1, y1, z1), "xzy")

    def get_entity_collisions(self, entity: Entity, box: Box, excluded: Entity | None = None) -> list[ShapeAt]:
        """`EntityView.getEntityCollisions`: boxes of solid entities near `box` (spec 03 §5), but `excluded`."""
        # boats and minecarts also collide with pushable entities (spec 03 §5)
        if not (self.collidable_count or entity.collides_with_pushables) or (
                box.max_x - box.min_x + box.max_y - box.min_y + box.max_z - box.min_z) / 3.0 < COLLISION_EPSILON:
            return []
        grown = box.expand(COLLISION_EPSILON)
        # equal boxes (a stack) give one shape: the sweep's result is the same with it once
        shapes = {_entity_shape(o.box): None for o in self.get_entities(
            entity, grown, lambda o: o is not excluded and o.box.intersects(grown) and entity.collides_with(o))}
        return [(shape, (0.0, 0.0, 0.0)) for shape in shapes]


_ENTITY_SHAPES: dict[Box, VoxelShape] = {}
ENTITY_SHAPE_MEMO_SIZE = 4096   # a cache bound, not physics
SECTION_ROWS_MIN = 8            # sections this full test their members' boxes on rows (a cost bound, not physics)


def _entity_shape(box: Box) -> VoxelShape:
    """`VoxelShapes.cuboid(entity box)`, shared between equal boxes (a stack of carts or boats)."""
    shape = _ENTITY_SHAPES.get(box)
    if shape is None:
        if len(_ENTITY_SHAPES) >= ENTITY_SHAPE_MEMO_SIZE:
            _ENTITY_SHAPES.clear()
        shape = _ENTITY_SHAPES[box] = VoxelShape((Box(*box),))
    return shape


FLUID, EFFECT = 0, 1           # block kinds counted per section (World.region_has)
SPECIAL = 2                    # the bit of `_kind` for blocks with a block entity that `set_block_state` manages
_KINDS: list[np.ndarray] = [np.zeros(0, dtype=np.int8)]   # `_kind_table`, one array (replaced as it grows)


def _section_parts(lo: BlockPos, hi: BlockPos) -> Iterator[tuple[tuple[int, int, int], BlockPos,
                                                                 tuple[int, int, int]]]:
    """The cells lo..hi (hi exclusive) split by section, sections by y, z, then x: (section key, the part's minimum
    cell, its size [y, z, x])."""
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    if x1 <= x0 or y1 <= y0 or z1 <= z0:
        return
    for ky in range(y0 >> 4, ((y1 - 1) >> 4) + 1):
        for kz in range(z0 >> 4, ((z1 - 1) >> 4) + 1):
            for kx in range(x0 >> 4, ((x1 - 1) >> 4) + 1):
                ax, ay, az = max(x0, kx << 4), max(y0, ky << 4), max(z0, kz << 4)
                size = (min(y1, (ky + 1) << 4) - ay, min(z1, (kz + 1) << 4) - az, min(x1, (kx + 1) << 4) - ax)
                yield (kx, ky, kz), (ax, ay, az), size


def _keys_in(present: dict[tuple[int, int, int], Any], lo: tuple[int, int, int], hi: tuple[int, int, int],
             order: str) -> list[tuple[int, int, int]]:
    """The keys of `present` within lo..hi (inclusive; an inverted range holds none), sorted by `order` ("zyx" or
    "xzy", outermost axis first): by visiting the range when it is small, else by filtering the keys."""
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    if x1 < x0 or y1 < y0 or z1 < z0:
        return []
    xs, ys, zs = range(x0, x1 + 1), range(y0, y1 + 1), range(z0, z1 + 1)
    if len(xs) * len(ys) * len(zs) <= len(present):
        cells = ((x, y, z) for z in zs for y in ys for x in xs) if order == "zyx" else \
            ((x, y, z) for x in xs for z in zs for y in ys)
        return [k for k in cells if k in present]
    axes = ["xyz".index(c) for c in order]
    return sorted((k for k in present if x0 <= k[0] <= x1 and y0 <= k[1] <= y1 and z0 <= k[2] <= z1),
                  key=lambda k: (k[axes[0]], k[axes[1]], k[axes[2]]))


def _kind(state_id: int) -> int:
    """Bit FLUID: the state holds a fluid; bit EFFECT: its block acts in `checkBlockCollision`; bit SPECIAL: its
    block has a block entity that `set_block_state` manages (a shulker box, a moving piston)."""
    table = _KINDS[0]
    kind = table.item(state_id) if state_id < len(table) else -1
    return kind if kind >= 0 else _kind_table(np.array([state_id])).item(state_id)


def _kind_table(*ids: np.ndarray) -> np.ndarray:
    """`_kind` by state id, made for at least the ids in `ids` (arrays of state ids): only the states a world holds
    are classified (launch time: all 17,112 of 1.16.5, let alone 30,843, took 50-110 ms, docs/performance.md);
    the others read -1. Read it only at the ids given."""
    table = _KINDS[0]
    top = max((int(part.max()) for part in ids if part.size), default=-1)
    if top >= len(_STATES[0]):   # an id of a later release in a world made elsewhere (unpickled): make their states
        blocks.state_by_id(top)
    count = len(_STATES[0])
    if len(table) < count:   # the states loaded so far (blocks.loaded_states: it grows)
        table = _KINDS[0] = np.concatenate((table, np.full(count - len(table), -1, dtype=np.int8)))
    for part in ids:
        unknown = part[table[part] < 0]
        if len(unknown):
            states = _STATES[0]
            for state_id in set(unknown.tolist()):   # (np.unique imports 0.1 s of numpy on first use)
                st = states[state_id]
                table[state_id] = (holds_fluid(st) << FLUID | (st.block in phys.ENTITY_COLLISION_BLOCKS) << EFFECT
                                   | (st.block in SHULKER_BOXES or st.block == "moving_piston") << SPECIAL)
    return table


_VOID_AIR: list[int] = []
_STATES: list[list[BlockState]] = []   # the block table's states by id (blocks.loaded_states), fetched once


def _fetch_states() -> None:
    if not _STATES:
        _STATES.append(blocks.loaded_states())


def _void_air_id() -> int:
    """Cells outside the build range read as `void_air` (`World.getBlockState`)."""
    if not _VOID_AIR:
        _VOID_AIR.append(blocks.default_state("void_air").id)
    return _VOID_AIR[0]


def block_pos(x: float, y: float, z: float) -> BlockPos:
    """`new BlockPos(double, double, double)`: floor of each component."""
    return (floor(x), floor(y), floor(z))
