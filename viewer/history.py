"""Rewind and branching in bounded memory: keyframe snapshots every few ticks and deterministic re-simulation
between them, entity states packed as arrays, trace records re-derived on demand (ARCHITECTURE.md, rewind and
editing; issue 14 item 5).

- `snapshots` holds keyframes: `Simulation.snapshot()` without its trace record, pickled and zlib-compressed
  (1,000 resting TNT: about 33 kB instead of 2.4 MB of live objects). A keyframe is kept every tick until the
  budget asks for fewer; any other tick comes back by restoring the keyframe before it and running the ticks in
  between with tracing off. The jumped-to tick runs traced when the simulation traces, so its record is
  re-derived rather than stored (the simulation is deterministic: tests/engine/test_simulation.py).
- `states[t]` is what each live entity looked like after tick t (its trace state), read once per tick: the plots,
  the trails and micro-stepping read it without restoring. A tick's states are packed per group of entities with
  the same fields into numpy columns; a column equal to the previous tick's is shared, so resting entities cost
  only what changes.
- A player's inputs (`[[inputs]]`, recorded by driving) are the scene's, not a state of one tick: every tick of
  the branch runs with the schedules of its latest edit, so a keyframe restored gets them back (they only differ
  after the edited tick, which the keyframes before it never reached: a rewound run replays what was recorded).
- The budget (bytes; default 2 GB, `TICKSCOPE_HISTORY_BUDGET` or `--history-budget`) bounds both: when the
  estimate passes it, every other keyframe goes (the keyframe interval doubles) and, past half the budget in
  states, every other tick's states (ticks without states are re-derived when they are shown).
"""

from __future__ import annotations

import os
import pickle
import tracemalloc
import zlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from engine import Snapshot


EntityStates = Mapping[int, dict[str, Any]]  # entity id → eye height and `engine.logged_state`
BUDGET_ENV = "TICKSCOPE_HISTORY_BUDGET"
DEFAULT_BUDGET = 2 * 1024**3
FIRST_INTERVAL = 1          # ticks between keyframes until the budget asks for fewer
COMPRESSION = 1             # zlib level: fast; similar entities compress ~20× already
GROUP_OVERHEAD = 256        # bytes counted per packed group besides its columns (ids, tuple, dict slots)


def budget_from_env() -> int:
    """The history budget in bytes: `TICKSCOPE_HISTORY_BUDGET` (a number, optionally with K, M or G), else 2 GB."""
    return parse_budget(os.environ.get(BUDGET_ENV, "")) or DEFAULT_BUDGET


def parse_budget(text: str) -> int | None:
    """'2G', '512M', '100000' → bytes; None for an empty or unreadable text or a budget outside 1M..1T
    (engine.analysis.arguments.byte_size)."""
    from engine import ArgumentError, byte_size
    try:
        return byte_size(text)
    except ArgumentError:
        return None


def entity_states(sim: Any) -> dict[int, dict[str, Any]]:
    """What the entity table logs of every live entity of `sim` (its type, age, trace state and health:
    `engine.logged_state`), in update order, with its eye height."""
    from engine import logged_state
    return {e.id: {"eye_height": e.eye_height, **logged_state(e)} for e in sim.entities}


def _column(values: list[Any], previous: Any) -> tuple[Any, int]:
    """A column of one field: a numpy array when the values are numbers (or equal-shaped lists of floats) of one
    Python type, else a tuple; `previous` (the same group's column a tick earlier) when equal. Returns it and
    the bytes it adds."""
    kinds = {type(v) for v in values}
    column: Any = tuple(values)
    if len(kinds) == 1 and kinds <= {float, int, bool, list}:
        try:
            array = np.array(values, dtype=None if list not in kinds else np.float64)
        except (ValueError, OverflowError, TypeError):
            array = None
        if array is not None and array.dtype.kind in "fib" and (list not in kinds or array.ndim > 1):
            if isinstance(previous, np.ndarray) and previous.shape == array.shape and previous.dtype == array.dtype \
                    and np.array_equal(previous, array, equal_nan=True) and not _has_negative_zero(array, previous):
                return previous, 0
            array.flags.writeable = False
            return array, array.nbytes
    if previous == column:
        return previous, 0
    return column, 8 * len(column)


def _has_negative_zero(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether a and b differ in the sign of a zero (equal as numbers, not as doubles)."""
    return a.dtype.kind == "f" and bool(np.any(np.signbit(a) != np.signbit(b)))


class TickStates(Mapping[int, dict[str, Any]]):
    """One tick's entity states, packed: groups of (ids, field names, columns) in update order."""

    def __init__(self, groups: list[tuple[np.ndarray, tuple[str, ...], tuple[Any, ...]]], order: np.ndarray,
                 nbytes: int) -> None:
        self.groups = groups
        self.order = order            # ids in update order
        self.nbytes = nbytes

    @classmethod
    def pack(cls, states: Mapping[int, dict[str, Any]], previous: TickStates | None) -> TickStates:
        """Pack `states`, sharing the columns equal to `previous`'s."""
        by_keys: dict[tuple[str, ...], list[tuple[int, dict[str, Any]]]] = {}
        for entity_id, state in states.items():
            by_keys.setdefault(tuple(state), []).append((entity_id, state))
        old = {(keys, ids.tobytes()): (ids, columns) for ids, keys, columns in previous.groups} if previous else {}
        groups, nbytes = [], 0
        for keys, rows in by_keys.items():
            ids = np.array([i for i, _ in rows], dtype=np.int64)
            shared_ids, before = old.get((keys, ids.tobytes()), (None, None))
            if shared_ids is not None:
                ids = shared_ids
            else:
                ids.flags.writeable = False
                nbytes += ids.nbytes
            columns = []
            for k, name in enumerate(keys):
                column, added = _column([s[name] for _, s in rows], before[k] if before else None)
                columns.append(column)
                nbytes += added
            groups.append((ids, keys, tuple(columns)))
            nbytes += GROUP_OVERHEAD
        order = np.fromiter(states, dtype=np.int64, count=len(states))
        if previous is not None and np.array_equal(previous.order, order):
            return cls(groups, previous.order, nbytes)
        return cls(groups, order, nbytes + order.nbytes)

    def __getitem__(self, entity_id: int) -> dict[str, Any]:
        for ids, keys, columns in self.groups:
            r = _rows(ids).get(entity_id)
            if r is not None:
                return {name: _value(column, r) for name, column in zip(keys, columns, strict=True)}
        raise KeyError(entity_id)

    def __contains__(self, entity_id: object) -> bool:
        return any(entity_id in _rows(ids) for ids, _, _ in self.groups)

    def values(self) -> list[dict[str, Any]]:   # type: ignore[override]
        """Every entity's state in update order, as `self[id]` gives it, each column converted once (a frame reads
        them all: 2,000 TNT in 5 ms instead of 18 ms)."""
        rows: dict[int, dict[str, Any]] = {}
        for ids, keys, columns in self.groups:
            lists = [column.tolist() if isinstance(column, np.ndarray) else column for column in columns]
            for r, entity_id in enumerate(ids.tolist()):
                rows[entity_id] = {name: values[r] for name, values in zip(keys, lists, strict=True)}
        return [rows[entity_id] for entity_id in self.order.tolist()]

    def column(self, name: str, default: Any = None) -> np.ndarray | list[Any]:
        """One field of every entity in update order (`default` where an entity's state has none): an array when
        every group holds the field as one (no dict per entity: the first frame of 2,000 TNT reads its boxes,
        positions and motions in 1 ms instead of 37), else a list."""
        parts = [columns[keys.index(name)] if name in keys else None for _, keys, columns in self.groups]
        if all(isinstance(part, np.ndarray) for part in parts):
            return np.concatenate(parts)[self._update_rows()] if parts else np.zeros(0)
        values: list[Any] = []
        for (ids, _, _), part in zip(self.groups, parts, strict=True):
            values.extend(part.tolist() if isinstance(part, np.ndarray) else part or [default] * len(ids))
        return [values[r] for r in self._update_rows().tolist()]

    def _update_rows(self) -> np.ndarray:
        """Rows of the groups' entities (groups one after another) in update order."""
        grouped = np.concatenate([ids for ids, _, _ in self.groups]) if self.groups else np.zeros(0, np.int64)
        by_id = np.argsort(grouped, kind="stable")
        return by_id[np.searchsorted(grouped, self.order, sorter=by_id)]

    def __iter__(self) -> Iterator[int]:
        return iter(self.order.tolist())

    def __len__(self) -> int:
        return len(self.order)


_ROWS: dict[int, tuple[np.ndarray, dict[int, int]]] = {}
ROWS_MEMO = 64      # id arrays whose row index is remembered; ticks that change nothing share one array


def _rows(ids: np.ndarray) -> dict[int, int]:
    """Entity id → row of a group's `ids` (kept for the last few arrays; the array is held so its id stays)."""
    found = _ROWS.get(id(ids))
    if found is None or found[0] is not ids:
        if len(_ROWS) >= ROWS_MEMO:
            del _ROWS[next(iter(_ROWS))]
        found = _ROWS[id(ids)] = (ids, {int(e): r for r, e in enumerate(ids.tolist())})
    return found[1]


def _value(column: Any, row: int) -> Any:
    return column[row].tolist() if isinstance(column, np.ndarray) else column[row]


def _measure(make: Callable[[], Any]) -> tuple[Any, int]:
    """`make()` and the bytes it allocated and kept (tracemalloc)."""
    running = tracemalloc.is_tracing()
    if not running:
        tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    value = make()
    used = tracemalloc.get_traced_memory()[0] - before
    if not running:
        tracemalloc.stop()
    return value, max(used, 0)


class History:
    """The ticks of one simulation's current branch: keyframes, packed states and the budget that bounds them."""

    def __init__(self, sim: Any, budget: int | None = None) -> None:
        self.sim = sim
        self.budget = budget or budget_from_env()
        self.first_tick = sim.tick_count
        self.interval = FIRST_INTERVAL
        self.snapshots = Keyframes(self)
        self._pinned = {sim.tick_count}     # the first tick and edited ticks: their keyframes always stay
        self.states: dict[int, TickStates] = {}
        self._last = sim.tick_count
        self._states_bytes = 0
        self._states_stride = 1
        self._keyframe_bytes: dict[int, int] = {}
        self._inputs = _input_schedules(sim)
        # the first keyframe is taken when the simulation first moves, or when it is read (`_take_first`): until
        # then the simulation holds that state (start-up time: the first frame needs no keyframe)
        self._first_taken = False
        dict.__setitem__(self.snapshots, sim.tick_count, None)
        self._keyframe_bytes[sim.tick_count] = 0
        self._record_states(sim.tick_count)

    # --- memory ---
    def memory(self) -> int:
        """The estimated bytes the history holds: keyframes (measured when taken) and packed states."""
        return sum(self._keyframe_bytes.values()) + self._states_bytes

    def _keyframe(self, tick: int) -> None:
        state = record_free(self.sim.snapshot()).state   # the trace record is re-derived, not kept
        try:
            kept: Any = zlib.compress(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL), COMPRESSION)
            used = len(kept)
        except (pickle.PicklingError, TypeError, AttributeError):   # not picklable: kept live, measured
            live, used = _measure(self.sim.snapshot)
            kept = record_free(live)
        dict.__setitem__(self.snapshots, tick, kept)
        self._keyframe_bytes[tick] = used
        self._enforce()

    def _take_first(self) -> None:
        """Take the first keyframe if not yet taken: called before the simulation moves, so it is still there."""
        if not self._first_taken:
            self._keyframe(self.first_tick)
            self._first_taken = True

    def _record_states(self, tick: int) -> None:
        if (tick - self.first_tick) % self._states_stride:
            return
        previous = self.states.get(tick - self._states_stride)
        self._drop_states(tick)
        packed = TickStates.pack(entity_states(self.sim), previous)
        self.states[tick] = packed
        self._states_bytes += packed.nbytes
        self._enforce()

    def _drop_states(self, tick: int) -> None:
        old = self.states.pop(tick, None)
        if old is not None:
            self._states_bytes -= old.nbytes

    def _enforce(self) -> None:
        """Thin keyframes, then states, until the estimate fits the budget (the first keyframe always stays)."""
        while self._states_bytes > self.budget // 2 and len(self.states) > 2:
            self._states_stride *= 2
            for t in [t for t in self.states if (t - self.first_tick) % self._states_stride]:
                self._drop_states(t)
        while self.memory() > self.budget and len(self.snapshots) > 1:
            self.interval *= 2
            for t in [t for t in self.snapshots if (t - self.first_tick) % self.interval and t not in self._pinned]:
                del self.snapshots[t]
                del self._keyframe_bytes[t]

    # --- navigation ---
    def last_tick(self) -> int:
        """The latest tick of the current branch that has been shown."""
        return self._last

    def _advance(self, traced: bool) -> None:
        """One tick forward from the current state; its keyframe and states are kept if due."""
        self._take_first()
        sim = self.sim
        keep = sim.trace_enabled
        sim.trace_enabled = keep and traced
        try:
            sim.tick()
        finally:
            sim.trace_enabled = keep
        tick = sim.tick_count
        if tick in self._pinned:   # an edited tick: the branch goes on from the edited state, its record kept
            record = sim.last_record
            self.restore(self.snapshots[tick])
            sim.last_record = record
        self._last = max(self._last, tick)
        if tick not in self.states:
            self._record_states(tick)
        if (tick - self.first_tick) % self.interval == 0 and tick not in self.snapshots:
            self._keyframe(tick)

    def step(self) -> None:
        """Run one tick forward (simulated again if it was seen: the same result, and its trace record)."""
        self._advance(traced=True)

    def go_to(self, tick: int) -> None:
        """Show the state after `tick` (not before the first): from the keyframe before it, re-simulated, the last
        tick traced so its record is there."""
        tick = max(tick, self.first_tick)
        if tick == self.sim.tick_count:
            return
        self._run_to(tick, traced=self.sim.trace_enabled)

    def go_to_with_record(self, tick: int) -> Any:
        """`go_to(tick)`, and the tick's trace record, also at an edited tick (whose keyframe keeps none): the tick
        before restored and this one run again, traced. The record, None at the first tick (which has none)."""
        if tick <= self.first_tick:
            self.go_to(tick)
        else:
            self.go_to(tick - 1)
            self.step()
        return self.sim.last_record

    def _run_to(self, tick: int, traced: bool) -> None:
        """Restore the keyframe the branch reaches `tick` from and simulate the ticks after it; `traced`: run
        the last tick traced, so its record is there (a branch's first tick has none of its own)."""
        if tick in self._pinned or (not traced and tick in self.snapshots):
            self.restore(self.snapshots[tick])
            return
        start = max(t for t in self.snapshots if t < tick)
        if not start <= self.sim.tick_count < tick:      # from here is never slower than from the keyframe
            self.restore(self.snapshots[start])
        while self.sim.tick_count < tick:
            self._advance(traced=traced and self.sim.tick_count == tick - 1)

    @property
    def input_schedules(self) -> dict[int, Any]:
        """The branch's input schedule of each player (by entity id), as its latest edit left them."""
        return dict(self._inputs)

    def restore(self, snap: Snapshot) -> None:
        """Put the simulation back to `snap`, its players holding the branch's inputs."""
        self._take_first()
        self.sim.restore(snap)
        hold_inputs(self.sim, self._inputs)

    def edit(self, change: Callable[[Any], None]) -> None:
        """Apply `change(sim)` to the current state and branch there: the ticks after this one are forgotten
        and the edited state becomes this tick's keyframe. If `change` raises, the state is put back and the
        exception passes on."""
        self._take_first()
        tick = self.sim.tick_count
        before = self.sim.snapshot()
        try:
            change(self.sim)
        except Exception:
            self.sim.restore(before)
            raise
        self.sim.mark_edited()
        for t in [t for t in self.snapshots if t >= tick]:
            del self.snapshots[t]
            del self._keyframe_bytes[t]
        self._pinned = {t for t in self._pinned if t < tick} | {tick}
        for t in [t for t in self.states if t >= tick]:
            self._drop_states(t)
        self._last = tick
        self._inputs = _input_schedules(self.sim)
        self._keyframe(tick)
        self.states[tick] = TickStates.pack(entity_states(self.sim), None)
        self._states_bytes += self.states[tick].nbytes


def record_free(snap: Snapshot) -> Snapshot:
    """`snap` without its trace record: a record is re-derived by running its tick again, and may hold what does not
    pickle (the compiled loop's stages, replayed on demand)."""
    from engine import Snapshot
    return Snapshot((*snap.state[:5], None))


def with_record(snap: Snapshot, record: Any) -> Snapshot:
    """`snap` (record-free) with the trace record of its tick."""
    from engine import Snapshot
    return Snapshot((*snap.state[:5], record))


def hold_inputs(sim: Any, schedules: Mapping[int, Any]) -> None:
    """Give each player of `sim` its input schedule in `schedules` (by entity id): the branch's, after a restore."""
    for e in sim.entities:
        if e.id in schedules:
            e.inputs = schedules[e.id]


def _input_schedules(sim: Any) -> dict[int, Any]:
    """Each player's input schedule by entity id."""
    return {e.id: e.inputs for e in sim.entities if hasattr(e, "inputs")}


class Keyframes(dict):
    """Keyframe snapshots by tick, stored compressed; `snapshots[t]` is a `Snapshot` for any tick of the branch:
    a keyframe decoded, another tick re-derived (leaving the simulation there), as when every tick was stored."""

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history

    def __getitem__(self, tick: int) -> Any:
        from engine import Snapshot
        kept = super().__getitem__(tick)
        if kept is None:    # the first keyframe, not taken yet: the simulation is still at that tick
            self.history._take_first()
            kept = super().__getitem__(tick)
        if isinstance(kept, bytes):
            return Snapshot(pickle.loads(zlib.decompress(kept)))
        return kept

    def __missing__(self, tick: int) -> Any:
        if not self.history.first_tick <= tick <= self.history.last_tick():
            raise KeyError(tick)
        self.history._run_to(tick, traced=False)
        return self.history.sim.snapshot()
