"""`ServerTickScheduler` for blocks: scheduled block ticks ordered by (trigger time, priority, insertion), run in the
scheduled-ticks phase (`ServerWorld.tick` → `blockTickScheduler.tick`), and `TickPriority`. From 1.18
(`tick_scheduler_chunks`) the due ticks are taken as `WorldTickScheduler` does, chunk by chunk."""

from __future__ import annotations

import heapq
from collections import deque
from typing import TYPE_CHECKING, NamedTuple

from engine.constants import MAX_SCHEDULED_TICKS
from engine.redstone.registry import behaviour, check_version

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.geometry.box import BlockPos
    from engine.world.world import World

# TickPriority indexes: a smaller index runs first among ticks due at the same time
EXTREMELY_HIGH, VERY_HIGH, HIGH, NORMAL, LOW, VERY_LOW, EXTREMELY_LOW = range(-3, 4)
PRIORITY_NAMES = {-3: "extremely_high", -2: "very_high", -1: "high", 0: "normal", 1: "low", 2: "very_low",
                  3: "extremely_low"}


class ScheduledTick(NamedTuple):
    """`ScheduledTick`: sorted by `ScheduledTick.getComparator` (time, priority, id); equal when pos and block
    are (`ScheduledTick.equals`), so a block is scheduled at most once per position."""

    time: int
    priority: int
    id: int
    pos: BlockPos
    block: str


class PendingTick(NamedTuple):
    """A scheduled block tick still to run, as a reader sees it: where, which block, the game ticks until the tick
    that runs it (1: the next one), its priority's name and its place in the run order (0 first)."""

    pos: BlockPos
    block: str
    ticks_left: int
    priority: str
    order: int


class ServerTickScheduler:
    """The block tick scheduler of one world: `scheduledTickActions` (a set of (pos, block)) and
    `scheduledTickActionsInOrder` (here a heap), and `currentTickActions` while a tick runs."""

    def __init__(self) -> None:
        self._ordered: list[ScheduledTick] = []
        self._keys: set[tuple[BlockPos, str]] = set()
        self._current: deque[tuple[BlockPos, str]] = deque()
        self.next_id = 0                    # ScheduledTick.idCounter

    def copy(self) -> ServerTickScheduler:
        s = ServerTickScheduler.__new__(ServerTickScheduler)
        s._ordered = list(self._ordered)
        s._keys = set(self._keys)
        s._current = deque(self._current)
        s.next_id = self.next_id
        return s

    def schedule(self, world_time: int, pos: BlockPos, block: str, delay: int, priority: int = NORMAL) -> None:
        """`ServerTickScheduler.schedule`: due at world time + delay, unless (pos, block) is already scheduled."""
        key = (pos, block)
        if key in self._keys:
            return
        self._keys.add(key)
        heapq.heappush(self._ordered, ScheduledTick(world_time + delay, priority, self.next_id, pos, block))
        self.next_id += 1

    def pending(self) -> list[ScheduledTick]:
        """The scheduled ticks still to run (a saved scene writes them)."""
        return list(self._ordered)

    def restore(self, time: int, priority: int, tick_id: int, pos: BlockPos, block: str) -> None:
        """A scheduled tick as a saved scene gives it (its due time, priority and insertion id kept)."""
        key = (pos, block)
        if key not in self._keys:
            self._keys.add(key)
            heapq.heappush(self._ordered, ScheduledTick(time, priority, tick_id, pos, block))

    def __len__(self) -> int:
        """The number of scheduled ticks not yet run."""
        return len(self._ordered)

    def is_scheduled(self, pos: BlockPos, block: str) -> bool:
        return (pos, block) in self._keys

    def is_ticking(self, pos: BlockPos, block: str) -> bool:
        """`isTicking`: taken for this game tick and not yet run (`currentTickActions` holds it)."""
        return (pos, block) in self._current

    def tick(self, sim: TickContext) -> list[ScheduledTick]:
        """`ServerTickScheduler.tick`: take the ticks due (at most 65536) out of the schedule, then run them in
        order; a tick runs `scheduledTick` only if its block is still there (`ServerWorld.tickBlock`). Ticks
        scheduled meanwhile wait for a later game tick. Returns the ticks taken, in the order they ran."""
        taken: list[ScheduledTick] = []
        now = sim.world.game_time
        if sim.features.tick_scheduler_chunks:
            taken = self._take_by_chunk(now)
        else:
            while self._ordered and len(taken) < MAX_SCHEDULED_TICKS and self._ordered[0].time <= now:
                taken.append(heapq.heappop(self._ordered))
        for t in taken:
            self._keys.discard((t.pos, t.block))
        self._current = deque((t.pos, t.block) for t in taken)
        if taken:
            check_version(sim, f"the block tick of {taken[0].block} at {list(taken[0].pos)}")
        world = sim.world
        for t in taken:
            self._current.popleft()                # currentTickActions.poll()
            state = world.get_block_state(*t.pos)
            if state.block == t.block:
                behaviour(t.block).scheduled_tick(sim, state, t.pos)
        return taken

    def _take_by_chunk(self, now: int) -> list[ScheduledTick]:
        """`WorldTickScheduler.collectTickableTicks` (1.18): each chunk's ticks are queued by (time, priority,
        order); the chunks whose first tick is due are taken in a queue ordered by that tick's (priority, order)
        alone: the first chunk gives its first tick, then as many more due ticks as do not come after the next
        chunk's first, and goes back into the queue while it has due ticks left (at most 65536 in all)."""
        due: list[ScheduledTick] = []
        while self._ordered and self._ordered[0].time <= now:
            due.append(heapq.heappop(self._ordered))
        chunks: dict[tuple[int, int], deque[ScheduledTick]] = {}
        for t in due:                                      # popped in (time, priority, id) order
            chunks.setdefault((t.pos[0] >> 4, t.pos[2] >> 4), deque()).append(t)
        queue = [((q[0].priority, q[0].id), key) for key, q in chunks.items()]
        heapq.heapify(queue)
        taken: list[ScheduledTick] = []
        while queue and len(taken) < MAX_SCHEDULED_TICKS:
            key = heapq.heappop(queue)[1]
            ticks = chunks[key]
            taken.append(ticks.popleft())
            following = queue[0][0] if queue else None
            while ticks and len(taken) < MAX_SCHEDULED_TICKS and (
                    following is None or (ticks[0].priority, ticks[0].id) <= following):
                taken.append(ticks.popleft())
            if ticks and len(taken) < MAX_SCHEDULED_TICKS:
                heapq.heappush(queue, ((ticks[0].priority, ticks[0].id), key))
        for ticks in chunks.values():                      # beyond the limit: left for a later game tick
            for t in ticks:
                heapq.heappush(self._ordered, t)
        return taken


def pending_block_ticks(world: World) -> list[PendingTick]:
    """The world's scheduled block ticks still to run, in the order they will run (time, priority, insertion), each
    with the game ticks left until the tick that runs it: a read-only view (the viewer's clocks)."""
    ordered = sorted(world.block_ticks.pending())
    return [PendingTick(t.pos, t.block, t.time - world.game_time, PRIORITY_NAMES[t.priority], i)
            for i, t in enumerate(ordered)]
