"""`Simulation`: sequences the phases of a server tick in vanilla order (spec 01 §7) and nothing else.

Phases: scheduled ticks (NTU) → block events (BE) → entities (EU) → block entities (TE) → players.
"""

from __future__ import annotations

import copy
import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine import jit
from engine.core.edits import edited
from engine.core.limits import SimulationLimit
from engine.core.trace import EntityTick, PhaseRecord, Recorder, TickRecord
from engine.core.versions import DEFAULT_VERSION, features_for, parse_version, refusal
from engine.entities.entity import Entity
from engine.entities.item import spawn_dropped
from engine.entities.rows import DONE, EXPLODE, OBJECT_PATH, SECTION, RowBatch
from engine.geometry.box import ZERO, Vec3
from engine.influences import explosion, piston
from engine.influences.hopper import check_hoppers
from engine.java.javanum import INT_MAX, INT_MIN
from engine.java.jrandom import JavaRandom
from engine.motion.collision_kernel import scratch
from engine.redstone import components  # noqa: F401  (registers the redstone blocks' behaviour)
from engine.redstone.scheduler import PRIORITY_NAMES
from engine.tick.bookmarks import Bookmark
from engine.tick.entity_lists import EntityLists
from engine.world.blocks import BlockState, is_modelled, state_by_id
from engine.world.fluid_states import LAVA
from engine.world.world import World

# the versions table's mechanics a TNT tick meets: where one is refused, the object path stops with its line
PHASES = ("scheduled_ticks", "block_events", "entities", "block_entities", "players")
# the cause of a block change made in a phase, unless the code making it names another (World.caused_by)
PHASE_CAUSES = {"scheduled_ticks": "scheduled_tick", "block_events": "block_event", "entities": "entity",
                "block_entities": "piston", "players": "use"}


@dataclass(frozen=True)
class ScheduledAction:
    """A scene's `[[actions]]` entry: `do(sim)` runs at `tick` in `phase`, and every tick up to `last` when it
    repeats (a repeating command block: one entry however long the range, so memory does not grow with it)."""

    tick: int
    phase: str
    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    do: Callable[[Simulation], None] | None = None
    last: int | None = None

    @property
    def last_tick(self) -> int:
        return self.tick if self.last is None else self.last

    def runs_at(self, tick: int) -> bool:
        return self.tick <= tick <= self.last_tick


@dataclass(frozen=True)
class Snapshot:
    """An immutable copy of everything a tick reads or writes (ARCHITECTURE.md, rewind)."""

    state: tuple


# An explosion step receives the simulation, the source entity (or None), the centre, the power and the
# recorder of the stage that caused it; it returns extra fields for the explosion event.
ExplosionStep = Callable[["Simulation", Entity | None, Vec3, float, Recorder | None], dict[str, Any]]


class Simulation:
    def __init__(self, world: World | None = None, seed: int = 0, version: str = DEFAULT_VERSION,
                 name: str = "") -> None:
        self.world = world or World()
        self.seed = seed
        self.version = version
        self.features = self.world.features = features_for(version)
        self.name = name
        self.random = JavaRandom(seed)          # World.random
        self.math_random_seed = 0               # the scene's seed of Math.random()'s generator (unseeded in the game)
        self.math_random = JavaRandom(0)        # java.lang.Math.random(), where a simulated release calls it
        self.scatter_random = JavaRandom(0)     # ItemScatterer's static Random (unseeded in the game)
        self.tick_count = 0
        self.time_offset = 0                    # the world's clock at tick 0: a scene saved mid-run says where it was
        self.server_ticks: int | None = None    # MinecraftServer.getTicks() at tick 0, where the scene gives it
        self.trace_enabled = False
        self.vectorize = True                   # runs of a kind with a batch tick take its compiled loop
        self.kernel_ticks = 0                   # TNT ticks the loop did, and those it handed to the object path
        self.object_ticks = 0
        self._scratch = scratch()
        self._replay_world: World | None = None    # the world `_replay_blocks` copies the blocks of
        self._replay_blocks: World | None = None   # the blocks traced TNT ticks of the compiled loop read
        self.actions: list[ScheduledAction] = []
        self.explosion_step: ExplosionStep | None = explosion.explode
        self.last_record: TickRecord | None = None
        self.redstone_log: dict[str, list[dict[str, Any]]] | None = None   # the tick's redstone record, traced
        self.notices: list[str] = []            # what loading changed that the user should know (a lifted schematic)
        self.input_limits: dict[str, int] = {}  # the scene's [limits], written back with it
        self.bookmarks: list[Bookmark] = []     # the scene's [[bookmarks]]: notes at ticks, simulated by nothing
        self._next_id = 1
        self._in_entity_phase = False
        self._pending: list[Entity] = []
        self._events: list[dict[str, Any]] = []
        self._blocks_checked = False            # the block_data cell, checked before the first tick
        self._roster: list[Entity] = []
        self._lists: EntityLists | None = None

    @property
    def max_entity_cramming(self) -> int:
        """The maxEntityCramming game rule, kept by the world (the mobs' compiled cramming reads it there)."""
        return self.world.max_entity_cramming

    @max_entity_cramming.setter
    def max_entity_cramming(self, value: int) -> None:
        self.world.max_entity_cramming = value

    # --- entities ---
    @property
    def entities(self) -> list[Entity]:
        """Live entities in update order."""
        return list(self._entity_lists().live)

    @property
    def players(self) -> list[Entity]:
        """Live players in update order (`World.getPlayers`)."""
        return self._entity_lists().players

    def _entity_lists(self) -> EntityLists:
        """The tick's lists of entities, rebuilt only after who is in the world changed."""
        lists = self._lists
        if lists is None or not lists.current(self.world):
            lists = self._lists = EntityLists(self.world)
        return lists

    def entity_by_id(self, entity_id: int) -> Entity | None:
        return self.world.entities.get(entity_id) or next((e for e in self._pending if e.id == entity_id), None)

    def create(self, cls: type[Entity], pos: Vec3, motion: Vec3 = ZERO, entity_id: int | None = None) -> Entity:
        """A new entity object with the next id (vanilla's counter); not yet in the world."""
        if entity_id is None:
            entity_id = self._next_id
        self._next_id = max(self._next_id, entity_id + 1)
        if self._next_id > INT_MAX:          # Entity.CURRENT_ID is an AtomicInteger: incrementAndGet wraps
            self._next_id = INT_MIN
        e = cls(entity_id, pos, motion, seed=self.entity_seed(entity_id))
        if not self.features.in_lava_by_fluid_height:
            e.in_lava = False                # Entity.inLava, a flag before 1.16.2
        e.constructed(self.features)
        return e

    def entity_seed(self, entity_id: int) -> int:
        """The seed of entity `entity_id`'s Random: vanilla seeds it from the clock; here from the scene seed and
        the id, to reproduce."""
        return self.seed * 1_000_003 + entity_id

    @property
    def next_entity_id(self) -> int:
        """The id the next created entity gets (vanilla's entity counter)."""
        return self._next_id

    @next_entity_id.setter
    def next_entity_id(self, value: int) -> None:
        self._next_id = value

    def add_entity(self, entity: Entity) -> None:
        """`World.spawnEntity`: during the entity phase it is findable at once but ticked from the next
        tick on (spec 01 §7 rule 6); otherwise it joins the update order now."""
        if entity.id in self.world.entities:
            raise ValueError(f"entity id {entity.id} is already in use")
        if self._in_entity_phase:
            self.world.add_to_section_only(entity)
            self._pending.append(entity)
        else:
            self.world.load_entity(entity)
        self._roster.append(entity)

    def mark_edited(self) -> None:
        """An editor changed the state between ticks (any field): what batches kept of entities is stale."""
        edited()

    def emit(self, event: dict[str, Any]) -> None:
        self._events.append(event)

    def create_explosion(self, source: Entity | None, center: Vec3, power: float, rec: Recorder | None,
                         mode: str = "break", fire: bool = False, source_name: str | None = None) -> None:
        """Record an explosion event; impulses and block damage are the pluggable `explosion_step`. `mode` is the
        destruction type ("break", "destroy", "none", "trigger_block": a wind charge's), `fire` sets fire;
        `source_name` names a source that is not an entity (a bed, a respawn anchor) for the ledger, which
        otherwise shows the source entity's type."""
        event: dict[str, Any] = {"kind": "explosion", "center": list(center), "power": power,
                                 "source": source.id if source is not None else None,
                                 "source_type": source_name or (source.TYPE if source is not None else None),
                                 "mode": mode, "fire": fire}
        self.emit(event)                 # before the `block_changed` events of the blocks it destroys
        if self.explosion_step is not None:
            options = {} if mode == "break" and not fire else {"mode": mode, "fire": fire}
            with self.world.caused_by("explosion"):
                event.update(self.explosion_step(self, source, center, power, rec, **options))

    def drop_item_of(self, entity: Entity, state) -> None:
        """`Entity.dropItem(block)`: an item of the block at the entity's position."""
        self.add_entity(spawn_dropped(self, entity.pos.x, entity.pos.y, entity.pos.z, state.name))

    def change_dimension(self, entity: Entity, dimension: str, portal: tuple[int, int, int]) -> None:
        """The entity leaves this dimension (it is removed here and reported as an event)."""
        entity.remove()
        self.emit({"kind": "dimension_change", "entity": entity.id, "to": dimension, "portal": list(portal)})

    # --- ticking ---
    def tick(self) -> TickRecord:
        """Run one game tick; returns what happened (stages only when `trace_enabled`).

        Python's cyclic garbage collector is paused during the tick: the tick makes many short-lived acyclic
        objects, which reference counting frees at once, and scans of the whole heap would double its time."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._tick()
        finally:
            if collecting:
                gc.enable()

    def _tick(self) -> TickRecord:
        if not self._blocks_checked:
            self.check_block_data()
        self.tick_count += 1
        self.world.game_time = self.tick_count + self.time_offset
        self.world.entities_queried = 0
        record = TickRecord(self.tick_count)
        self._events = record.events
        self._roster = list(self._entity_lists().live)
        world = self.world
        world.features = self.features
        world.change_log = record.events
        if self.trace_enabled:
            record.redstone = {"scheduled_ticks": [], "neighbor_updates": [], "wire_power": []}
        self.redstone_log = record.redstone
        for phase in PHASES:
            rec_phase = PhaseRecord(phase)
            record.phases.append(rec_phase)
            world.change_phase, world.change_cause = phase, PHASE_CAUSES[phase]
            if phase == "scheduled_ticks":
                self._tick_blocks()
            if phase == "block_events":
                piston.process_synced_block_events(self)
            with world.caused_by("action"):
                for action in self.actions:
                    if action.runs_at(self.tick_count) and action.phase == phase and action.do is not None:
                        action.do(self)
                        edited()    # it may set any field: what the batches kept of entities is stale
            if phase == "block_events":
                # actions of this phase run once the queue is empty, as if the last block event caused them;
                # the events they queue run now (spec 04 §8.6: a 0-tick pulse retracts here)
                piston.process_synced_block_events(self)
            elif phase == "entities":
                self._tick_entities(rec_phase)
            elif phase == "block_entities":
                # World.tickBlockEntities: B36s in piston update order (spec 04 §8.1, §8.6); a hopper's turn among
                # them is not modelled: an item in its area before them, or pushed there by them, stops the run
                check_hoppers(self)
                self.world.block_entities.tick_all(self, rec_phase if self.trace_enabled else None)
                check_hoppers(self)
            elif phase == "players":
                self._tick_players(rec_phase)
        world.change_log = None
        self.redstone_log = None
        self.last_record = record
        return record

    def _tick_blocks(self) -> None:
        """`ServerWorld.tick` → `blockTickScheduler.tick()` (`ServerWorld.inBlockTick` meanwhile)."""
        world = self.world
        world.in_block_tick = True
        try:
            ran = world.block_ticks.tick(self)
        finally:
            world.in_block_tick = False
        if self.redstone_log is not None:
            self.redstone_log["scheduled_ticks"].extend(
                {"pos": list(t.pos), "block": t.block, "priority": PRIORITY_NAMES[t.priority], "order": i}
                for i, t in enumerate(ran))

    def _tick_entities(self, phase: PhaseRecord) -> None:
        """`ServerWorld.tick`'s entity loop: load order; removed entities leave the order at their turn.
        Runs of a kind that declares a batch tick (`Entity.batch`: TNT) take its compiled loop."""
        world = self.world
        lists = self._entity_lists()
        riders = lists.riders
        for e in riders:                         # a riding player's keys reach its vehicle before it moves
            if e.is_player and not e.removed:
                e.steer_vehicle(self)
        self._in_entity_phase = True
        order = lists.everyone
        for kind, i, j in lists.runs:
            if self.vectorize and kind.batch is not None:
                if riders:
                    self._tick_row_run_riders(kind.batch, order, i, j, phase)
                else:
                    self._tick_row_run(kind.batch, order[i:j], phase)
            else:
                for e in order[i:j]:
                    self._tick_one(e, phase)
        self._in_entity_phase = False
        if self._pending:
            edited()                             # they join the lists of entities the next tick walks
        for e in self._pending:
            world.entities[e.id] = e
            if e.collidable:
                world.collidable_count += 1
        self._pending = []

    def _tick_players(self, phase: PhaseRecord) -> None:
        """The network phase: each simulated player's movement, as its client computed it (spec 06 §10;
        `engine.living.player`), in load order, then what it touches (`engine.living.player_collisions`)."""
        players = self._entity_lists().players
        batch = type(players[0]).players_batch if players else None
        if batch is not None and self.vectorize and not self.trace_enabled and jit.want_kernels(len(players)) \
                and batch.decides(self.world, self.features, players):
            self._tick_player_run(batch, players, phase)
        else:
            for e in players:
                self.check_version(e)
                self._run_tick(e, e.player_tick, self._recorder(e, phase))
        # what each touched at the end of its tick: nothing a player's tick moves is picked up, so after the phase
        # each player finds what it found at its turn
        for e in players:
            e.collide_with_entities(self)

    def _tick_player_run(self, batch: Any, players: list[Entity], phase: PhaseRecord) -> None:
        """The players phase on rows (`engine.living.player.PlayerBatch`): its compiled loop up to a player whose
        tick the object path takes, that player's `player_tick`, then the loop again after it."""
        world = self.world
        rows = batch.rows(world, players, self.tick_count)
        marks, before_f, before_i = _loop_arrays(batch, len(players))
        n = 0
        while n < len(players):
            stop, status = batch.tick_rows(world, self.features, self._scratch, rows, n, marks, before_f, before_i)
            end = stop if status == DONE else stop + 1
            for k in (n + np.flatnonzero(marks[n:end])).tolist():
                e = players[k]
                if marks[k] == OBJECT_PATH:
                    self.check_version(e)
                    self._run_tick(e, e.player_tick, None)
                    continue
                batch.after(e, int(marks[k]))
                if marks[k] & SECTION:
                    world.check_entity_chunk_pos(e)
            self.kernel_ticks += stop - n
            self.object_ticks += end - stop
            n = end

    def _tick_row_run_riders(self, batch: RowBatch, order: list[Entity], i: int, j: int,
                             phase: PhaseRecord) -> None:
        """A run `order[i:j]` of one kind holding riders: the stretches between the riders go to the batch; each
        rider, at its turn, is passed over or ticked alone (`_tick_one`)."""
        start = i
        for k in range(i, j):
            if order[k].vehicle is not None:
                if start < k:
                    self._tick_row_run(batch, order[start:k], phase)
                self._tick_one(order[k], phase)
                start = k + 1
        if start < j:
            self._tick_row_run(batch, order[start:j], phase)

    def _is_root_now(self, e: Entity) -> bool:
        """The loop's first checks at an entity's turn (`ServerWorld.tick`): a rider of a live vehicle is ticked
        by it; a rider of a removed vehicle (removed earlier in this tick too) dismounts and is ticked as a
        root."""
        v = e.vehicle
        if v is not None:
            if not v.removed and e in v.passengers:
                return False
            e.stop_riding(self)
        return True

    def _recorder(self, e: Entity, phase: PhaseRecord | None) -> Recorder | None:
        if not self.trace_enabled or phase is None:
            return None
        item = EntityTick(e.id, e.TYPE)
        phase.items.append(item)
        return Recorder(item)

    def _tick_one(self, e: Entity, phase: PhaseRecord | None) -> None:
        """An entity's turn in the loop: passed over where it rides a live vehicle (which ticks it, boarded
        earlier in this tick too), else its tick and its riders', then unloaded where removed."""
        world = self.world
        if e.vehicle is not None and not self._is_root_now(e):
            return
        if not e.removed:
            self.tick_entity(e, self._recorder(e, phase))
            self._tick_passengers(e, phase)
        if e.removed:
            world.unload_entity(e)

    def _tick_passengers(self, root: Entity, phase: PhaseRecord | None) -> None:
        """`ServerWorld.tickPassenger` for each rider of `root`: right after its vehicle, depth first (spec 01 §7
        rules 3-5). Vanilla recurses; a stack here keeps the same order for a chain of any length (a Python frame
        per rider would stop at ~1,000 riders, where the game goes on)."""
        stack = [(root, p) for p in reversed(root.passengers)]
        while stack:
            vehicle, p = stack.pop()
            if p.removed or p.vehicle is not vehicle:
                p.stop_riding(self)
                continue
            self.tick_entity(p, self._recorder(p, phase), riding=True)
            stack.extend((p, q) for q in reversed(p.passengers))

    def _tick_row_run(self, batch: RowBatch, run: list[Entity], phase: PhaseRecord) -> None:
        """Consecutive entities of a kind with a batch tick: its loop over their rows up to one that ends it (a TNT
        whose fuse ran out); the entities it hands back take the object path (`_tick_one`), in order; the one that
        ended it finishes its tick here (the explosion), then the loop goes on after it with the blocks as they are
        now. Where the batch does not decide (`RowBatch.decides`), or for a short run before the kernels are
        loaded (`engine.jit.want_kernels`), all take the object path. With tracing, a compiled tick's stages are
        replayed on demand (`_row_replay`), or all take the object path where the batch does not replay
        (`RowBatch.replays`: falling blocks, whose handed-back ticks change the blocks replays read)."""
        self.check_version(run[0])
        world = self.world
        traced = self.trace_enabled
        if not batch.decides(world, self.features) or not jit.want_kernels(len(run)) or traced and not batch.replays:
            for e in run:
                self._tick_one(e, phase)
            edited()   # their state outside the rows may have changed: what a batch kept of it is stale
            return
        rows = batch.rows_of(run, traced)
        marks, before_f, before_i = _loop_arrays(batch, len(run))
        # TNT: the run's explosions in air done in the loop
        blasts = None if traced else getattr(batch, "blasts", lambda *_: None)(self, run, self._scratch)
        n = 0
        while n < len(run):
            blocks = self._replay_blocks
            if traced and not (self._replay_world is world and blocks.block_version == world.block_version):
                self._replay_world, self._replay_blocks = world, world.blocks_copy()   # the blocks replays read
            if blasts is not None:
                stop, status = blasts.tick_rows(batch, rows, n, marks, before_f, before_i)
            else:
                stop, status = batch.tick_rows(world, self.features, self._scratch, rows, n, marks, before_f,
                                               before_i)
            end = stop if status == DONE else stop + 1
            handed = 0
            visit = range(n, end) if traced else (n + np.flatnonzero(marks[n:end])).tolist()
            for k in visit:   # in entity order: sections and trace items keep their order
                if marks[k] == OBJECT_PATH:
                    handed += 1
                    self._tick_one(run[k], phase)
                    edited()
                    continue
                if traced:
                    phase.items.append(EntityTick(run[k].id, run[k].TYPE,
                                                  self._row_replay(run[k], before_f[k].copy(), before_i[k].copy())))
                if marks[k] == SECTION:
                    world.check_entity_chunk_pos(run[k])
            self.kernel_ticks += end - n - handed
            self.object_ticks += handed
            if status == EXPLODE:
                e = run[stop]
                try:
                    batch.finish(e, self)
                except SimulationLimit as err:
                    raise err.during(e, self.tick_count) from None
                world.check_entity_chunk_pos(e)
                if e.removed:
                    world.unload_entity(e)
            n = end

    def _row_replay(self, e: Entity, f: np.ndarray, i: np.ndarray) -> Callable[[EntityTick], None]:
        """Stages of a tick the compiled loop did (TNT): its tick read only the blocks (fixed while the loop runs) and
        its row, so the object path run on a copy with the row as it was, in a world with those blocks, records
        exactly what it did."""
        blocks, version = self._replay_blocks, self.version

        def replay(item: EntityTick) -> None:
            sim = Simulation(blocks.blocks_copy(share=True), version=version)
            copy_ = e.clone()
            copy_._t.f[copy_._r], copy_._t.i[copy_._r] = f, i
            sim.world.load_entity(copy_)
            sim.tick_entity(copy_, Recorder(item))
        return replay

    def tick_entity(self, e: Entity, rec: Recorder | None, riding: bool = False) -> None:
        """`ServerWorld.tickEntity` (`tickPassenger` with `riding`): age, the entity's own tick (`tickRiding`),
        then its section follows its position."""
        self.check_version(e)
        e.tick_entity_head()
        self._run_tick(e, e.tick_riding if riding else e.tick, rec)

    def _run_tick(self, e: Entity, tick: Callable[[Simulation, Recorder | None], None], rec: Recorder | None) -> None:
        """One tick method of `e` (a limit it runs into names `e`), then the fluids cell and its section."""
        try:
            tick(self, rec)
        except SimulationLimit as err:
            raise err.during(e, self.tick_count) from None
        self.check_fluids(e)
        self.world.check_entity_chunk_pos(e)

    def check_version(self, e: Entity) -> None:
        """The version table's cell of `e`'s tick (its class's MECHANIC): stop with one line where this version's
        tick of that kind is not simulated."""
        if e.MECHANIC in self.features.refused:
            raise refusal(self.features, e.MECHANIC, f"entity {e.id} ({e.TYPE}), tick {self.tick_count}")

    def check_block_data(self) -> None:
        """The versions table's block_data cell, once before the first tick: where this version has no block table
        (1.11-1.12.1, 1.13, 1.13.1), stop at the first block whose collision shape is neither empty nor a full cube;
        where it has one, stop at the first block added after 1.16.5 whose behaviour the engine does not model
        (`check_modelled`; a block placed later by a `set_block` action is checked when it is placed)."""
        self._blocks_checked = True
        refused = "block_data" in self.features.refused
        if not refused and parse_version(self.features.version) < (1, 17, 0):   # 1.16.5's names: all modelled
            return
        for key, ids in self.world.sections():
            for sid in np.unique(ids).tolist():
                state = state_by_id(sid)
                shape = state.collision_shape
                if refused and not (shape.is_empty or shape.is_full_cube) \
                        or not refused and not is_modelled(state):
                    y, z, x = np.argwhere(ids == sid)[0].tolist()   # section arrays are indexed y, z, x
                    at = (key[0] * 16 + x, key[1] * 16 + y, key[2] * 16 + z)
                    if refused:
                        raise refusal(self.features, "block_data", f"{state.name} at {at}")
                    self.check_modelled(state, f"{state.name} at {at}")

    def check_modelled(self, state: BlockState, where: str) -> None:
        """Stop with the block_data cell's line where `state`'s block was added after 1.16.5 and what it does is
        not modelled (`blocks.is_modelled`)."""
        if not is_modelled(state):
            raise refusal(self.features, "block_data", where, f"{state.name} was added after 1.16.5 and what it "
                          "does beyond its collision shape (entity effects, piston behaviour, redstone, ...) is not "
                          "modelled")

    def check_fluids(self, e: Entity) -> None:
        """The versions table's fluids cell, after a tick: stop where this version pushes through fluids
        differently and `e` touched water or lava (a lava height found by its fluid stage counts too: 1.12.2 checks
        no block collisions, which set the inLava flag of releases before 1.16.2)."""
        if "fluids" in self.features.refused and (e.touching_water or e.is_in_lava() or e.fluid_height[LAVA] > 0.0):
            raise refusal(self.features, "fluids", f"entity {e.id} ({e.TYPE}), tick {self.tick_count}")

    def reported_entities(self) -> list[Entity]:
        """For trace output: the entities of this tick in update order, those removed in it included once."""
        return list(self._roster)

    # --- rewind (ARCHITECTURE.md: snapshot / restore) ---
    def snapshot(self) -> Snapshot:
        clones: dict[int, Entity] = {}
        world = self.world.copy(clones)
        roster = tuple(clones.get(id(e)) or e.clone() for e in self._roster)
        randoms = (copy.copy(self.random), copy.copy(self.math_random), copy.copy(self.scatter_random))
        return Snapshot((world, randoms, self.tick_count, self._next_id, roster, self.last_record))

    def restore(self, snap: Snapshot) -> None:
        world, randoms, self.tick_count, self._next_id, roster, self.last_record = snap.state
        random, math_random, scatter_random = randoms
        clones: dict[int, Entity] = {}
        self.world = world.copy(clones)
        self.random = copy.copy(random)
        self.math_random = copy.copy(math_random)
        self.scatter_random = copy.copy(scatter_random)
        self._roster = [clones.get(id(e)) or e.clone() for e in roster]


def _loop_arrays(batch: Any, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A row loop's marks (one per entity of the run) and the rows as they were before each entity's tick (what a
    handed-back entity is restored to)."""
    table = batch.table
    return (np.zeros(n, dtype=np.int64), np.empty((n, table.f.shape[1])),
            np.empty((n, table.i.shape[1]), dtype=np.int64))
