"""The scene writer: a `Simulation`'s current state as a scene document that `engine.tick.scene` loads back to the
same simulation (interfaces.md, "Contraption files": `tickscope export SCENE --out FILE.toml`; the viewer's Save).

Blocks are written as boxes of identical blocks (runs along x merged along z, then along y), shulker boxes one by
one in block-entity order (their tick order), entities in update order with every scene field (identical
consecutive ones as one `count` entry), spawns as the entities they made, and actions still to come with their
ticks counted from the saved tick. The world's and the entities' `java.util.Random` states are written where they
differ from what loading gives, so the reloaded scene draws the same numbers.
"""

from __future__ import annotations

import copy
import math
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import tomli_w

from engine.constants import MINECART_EXP_MAX_SPEED_RULE
from engine.core.atomic_file import write_atomic
from engine.core.unknown_random import UnknownRandom
from engine.core.versions import DEFAULT_VERSION
from engine.entities.entity import Entity
from engine.geometry.box import Box, Vec3
from engine.java.jrandom import JavaRandom
from engine.living.living_entity import LivingEntity
from engine.living.player import PlayerEntity
from engine.tick import saved_state
from engine.tick.bookmarks import bookmark_entries
from engine.tick.scene import load_scene_doc
from engine.tick.scene_living import goal_entry, input_entries, living_scene_keys
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.block_entities import SHULKER_BOXES
from engine.world.border import WorldBorder
from engine.world.world import AIR_ID, World

# per-cell blocks written one by one, in block-entity order, instead of inside boxes
_SINGLE_BLOCKS = SHULKER_BOXES | {"moving_piston"}
_ID_FIELD = "id"


class SceneWriteError(ValueError):
    """A state the scene format cannot hold (a piston moving blocks, an open shulker box); one line."""


def scene_document(sim: Simulation) -> dict[str, Any]:
    """The scene document (a TOML-ready dict) that loads back to `sim` as it is now, at tick 0. What no scene key
    holds goes into each entity's `state` table: the document is loaded back once and each entity's fields compared
    with the reloaded one's (engine.tick.saved_state)."""
    doc: dict[str, Any] = {"scene": _head(sim)}
    if sim.input_limits:
        doc["limits"] = dict(sim.input_limits)
    boxes = _block_entries(sim.world)
    if boxes:
        doc["blocks"] = boxes
    try:
        block_entities = saved_state.block_entity_entries(sim.world)
    except saved_state.UnsavableState as err:
        raise SceneWriteError(f"tick {sim.tick_count}: {err}") from None
    if block_entities:
        doc["block_entities"] = block_entities
    if sim.world.block_events:
        doc["block_events"] = saved_state.block_event_entries(sim.world)
    redstone = saved_state.redstone_entry(sim.world)
    if redstone:
        doc["redstone"] = redstone
    entities = _entity_entries(sim, {})
    if entities:
        doc["entities"] = entities
    inputs = [r for e in sim.entities if isinstance(e, PlayerEntity) for r in input_entries(e, sim.tick_count)]
    if inputs:
        doc["inputs"] = inputs
    actions = _action_entries([a for a in sim.actions if a.last_tick > sim.tick_count], sim.tick_count)
    if actions:
        doc["actions"] = actions
    bookmarks = bookmark_entries(sim.bookmarks, sim.tick_count)
    if bookmarks:
        doc["bookmarks"] = bookmarks
    if entities:
        states = _entity_states(sim, load_scene_doc(copy.deepcopy(doc), f"the scene of tick {sim.tick_count}"))
        if states:
            doc["entities"] = _entity_entries(sim, states)
    return doc


def _entity_states(sim: Simulation, reloaded: Simulation) -> dict[int, dict[str, Any]]:
    """Each entity's `state` table: its fields that differ from the same entity loaded from the written entry; the
    ticks a class counts in the simulation's tick count (`Entity.TICK_FIELDS`) re-based to the saved tick."""
    states: dict[int, dict[str, Any]] = {}
    for e in sim.entities:
        fresh = reloaded.entity_by_id(e.id)
        if fresh is None:
            raise SceneWriteError(f"tick {sim.tick_count}: {e.TYPE} {e.id} does not load back from its entry")
        try:
            state = saved_state.state_of(e, fresh)
        except saved_state.UnsavableState as err:
            raise SceneWriteError(f"tick {sim.tick_count}: {err}") from None
        for name in e.TICK_FIELDS:
            if isinstance(state.get(name), int) and not isinstance(state[name], bool):
                state[name] -= sim.tick_count
        if state:
            states[e.id] = state
    return states


# An array tomli_w wrote one item a line whose items are numbers, booleans, one-line strings or arrays already put
# on one line: written on one line instead (`pos = [0.5, 1.0, 0.5]`), where that line stays within ARRAY_LINE.
_ITEM = r'(?:"(?:[^"\\\n]|\\.)*"|[^\s\[\]",{}]+|\[[^\n]*\])'
_SPLIT_ARRAY = re.compile(r"\[\n((?:[ ]+" + _ITEM + r",\n)+)[ ]*\]")
_ARRAY_ITEM = re.compile(r"^[ ]+(.*),$", re.MULTILINE)
ARRAY_LINE = 120


def scene_toml(document: dict[str, Any]) -> str:
    """`document` as TOML (tomli_w: floats as their shortest round trip, so they load back bit-equal), each array
    of plain values on one line (`[x, y, z]`, not a number a line) where it fits in ARRAY_LINE characters."""
    text = tomli_w.dumps(document)

    def joined(match: re.Match[str]) -> str:
        one_line = "[" + ", ".join(_ARRAY_ITEM.findall(match.group(1))) + "]"
        return one_line if len(one_line) <= ARRAY_LINE else match.group(0)
    while True:   # innermost arrays first, then the arrays holding them
        compact = _SPLIT_ARRAY.sub(joined, text)
        if compact == text:
            return text
        text = compact


def write_scene(sim: Simulation, path: str | Path) -> None:
    """Write `scene_document(sim)` to `path` as TOML (`scene_toml`), atomically: a reader never sees half a file,
    and a failed write leaves the old file."""
    write_atomic(Path(path), scene_toml(scene_document(sim)).encode("utf-8"))


def _head(sim: Simulation) -> dict[str, Any]:
    head: dict[str, Any] = {"name": sim.name, "version": sim.version or DEFAULT_VERSION, "seed": sim.seed}
    world = sim.world
    if world.border != WorldBorder():
        head["border"] = {"center": [world.border.center_x, world.border.center_z], "size": world.border.size}
    if world.ultrawarm:
        head["ultrawarm"] = True
    if world.dimension != "overworld":
        head["dimension"] = world.dimension
    if world.experiments:
        head["experiments"] = sorted(world.experiments)
    if world.minecart_max_speed != MINECART_EXP_MAX_SPEED_RULE:
        head["minecart_max_speed"] = world.minecart_max_speed
    random = _random_entry(sim.random, JavaRandom(sim.seed))
    if random:
        head["random"] = random
    if sim.math_random_seed:
        head["math_random_seed"] = sim.math_random_seed
    math_random = _random_entry(sim.math_random, JavaRandom(sim.math_random_seed))
    if math_random:
        head["math_random"] = math_random
    scatter_random = _random_entry(sim.scatter_random, JavaRandom(0))
    if scatter_random:
        head["scatter_random"] = scatter_random
    live = [e.id for e in sim.entities]
    if sim.next_entity_id > max(live, default=0) + 1:
        head["next_entity_id"] = sim.next_entity_id
    if world.game_time:
        head["game_time"] = world.game_time
    if sim.server_ticks is not None:   # the server's count now: the loaded run's tick 1 is the next
        head["server_ticks"] = (sim.server_ticks + sim.tick_count) % 2**31
    order = _section_order(sim)
    if order is not None:
        head["entity_section_order"] = order
    return head


def _section_order(sim: Simulation) -> list[int] | None:
    """The ids of the entity sections' entities, section by section, where a section's order is not the update
    order the loaded scene would give it (an entity that crossed into a section after others were there): the
    order `getOtherEntities` finds them in, which decides e.g. which item merges into which. None where loading
    restores it."""
    rank = {id(e): i for i, e in enumerate(sim.entities)}
    sections = [[e for e in section if id(e) in rank] for section in sim.world.entity_section_lists()]
    if all(rank[id(a)] < rank[id(b)] for section in sections for a, b in pairwise(section)):
        return None
    return [e.id for section in sections for e in section]


def _random_entry(random: JavaRandom, fresh: JavaRandom) -> dict[str, Any] | None:
    """`{state, next_gaussian}` of a Random that differs from the one loading makes, else None; `{unknown}` where
    its state is unknown (engine.core.unknown_random)."""
    if isinstance(random, UnknownRandom):
        return {"unknown": random.reason}
    state = random.get_state()
    if state == fresh.get_state():
        return None
    entry: dict[str, Any] = {"state": state[0]}
    if state[2]:
        entry["next_gaussian"] = state[1]
    return entry


# --- blocks ---
def _block_entries(world: World) -> list[dict[str, Any]]:
    """Boxes of identical blocks, then the block-entity blocks one by one in their tick order, and dispensers
    and droppers with their contents."""
    xs, ys, zs, ids = _filled_cells(world)
    single = np.isin(ids, _single_state_ids())
    containers = {pos: items for pos, items in world.containers.items()
                  if world.get_block_state(*pos).block in ("dispenser", "dropper")}
    for x, y, z in containers:
        single |= (xs == x) & (ys == y) & (zs == z)
    entries = [_box_entry(*box) for box in _merge_boxes(xs[~single], ys[~single], zs[~single], ids[~single])]
    be = world.block_entities
    order = {pos: i for i, pos in enumerate(b.pos for b in [*be.ticking, *be.pending] if not b.removed)}
    cells = sorted(zip(xs[single].tolist(), ys[single].tolist(), zs[single].tolist(), ids[single].tolist(),
                       strict=True), key=lambda c: (order.get(c[:3], len(order)), c[1], c[2], c[0]))
    for x, y, z, i in cells:
        entries.append({"at": [x, y, z], "block": str(blocks.state_by_id(i))})
        if (x, y, z) in containers:
            entries[-1]["items"] = [{"slot": slot, "id": item, "count": count}
                                    for slot, item, count in containers[(x, y, z)]]
    return entries


def _single_state_ids() -> np.ndarray:
    return np.array([s.id for s in blocks.all_states() if s.block in _SINGLE_BLOCKS], dtype=np.uint16)


def _filled_cells(world: World) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """x, y, z and state id of every cell that is not air (state 0)."""
    parts = []
    for (sx, sy, sz), sec in world.sections():
        y, z, x = np.nonzero(sec != AIR_ID)
        parts.append(((x + 16 * sx).astype(np.int64), (y + 16 * sy).astype(np.int64),
                      (z + 16 * sz).astype(np.int64), sec[y, z, x]))
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty, np.zeros(0, dtype=np.uint16)
    return tuple(np.concatenate(p) for p in zip(*parts, strict=True))  # type: ignore[return-value]


def _runs(keys: list[np.ndarray], step: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sorted by `keys` then `step`: first and last index of each run of equal keys and consecutive steps."""
    n = len(step)
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    brk = np.diff(step) != 1
    for k in keys:
        brk |= np.diff(k) != 0
    starts = np.concatenate(([0], np.flatnonzero(brk) + 1))
    ends = np.concatenate((starts[1:] - 1, [n - 1]))
    return starts, ends


def _merge_boxes(xs: np.ndarray, ys: np.ndarray, zs: np.ndarray,
                 ids: np.ndarray) -> list[tuple[int, int, int, int, int, int, int]]:
    """Boxes (x0, y0, z0, x1, y1, z1, state id) covering the cells exactly: runs along x, equal runs of
    consecutive z merged, then equal rectangles of consecutive y merged. A filled cuboid is one box."""
    order = np.lexsort((xs, zs, ys, ids))
    xs, ys, zs, ids = xs[order], ys[order], zs[order], ids[order]
    s, e = _runs([ids, ys, zs], xs)
    x0, x1, y, z, i = xs[s], xs[e], ys[s], zs[s], ids[s]
    order = np.lexsort((z, x1, x0, y, i))
    x0, x1, y, z, i = x0[order], x1[order], y[order], z[order], i[order]
    s, e = _runs([i, y, x0, x1], z)
    x0, x1, y, z0, z1, i = x0[s], x1[s], y[s], z[s], z[e], i[s]
    order = np.lexsort((y, z1, z0, x1, x0, i))
    x0, x1, y, z0, z1, i = x0[order], x1[order], y[order], z0[order], z1[order], i[order]
    s, e = _runs([i, x0, x1, z0, z1], y)
    boxes = zip(x0[s].tolist(), y[s].tolist(), z0[s].tolist(), x1[s].tolist(), y[e].tolist(), z1[s].tolist(),
                i[s].tolist(), strict=True)
    return sorted(boxes, key=lambda b: (b[1], b[2], b[0]))


def _box_entry(x0: int, y0: int, z0: int, x1: int, y1: int, z1: int, state_id: int) -> dict[str, Any]:
    block = str(blocks.state_by_id(state_id))
    if (x0, y0, z0) == (x1, y1, z1):
        return {"at": [x0, y0, z0], "block": block}
    return {"from": [x0, y0, z0], "to": [x1, y1, z1], "block": block}


# --- entities ---
def _entity_entries(sim: Simulation, states: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per entity in update order, with its `state` table from `states`; a run of identical entities with
    consecutive ids is one entry with `count` (a vehicle or a passenger, or one with its own Random state, stays
    alone)."""
    out: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    written: set[int] = set()
    for e in sim.entities:
        entry = _entity_entry(sim, e)
        if e.id in states:
            entry["state"] = states[e.id]
        if e.vehicle is not None and e.vehicle.id not in written:
            raise SceneWriteError(f"tick {sim.tick_count}: entity {e.id} rides entity {e.vehicle.id}, which comes "
                                  "after it in the update order; a scene declares a vehicle before its riders")
        written.add(e.id)
        groupable = "random" not in entry and "vehicle" not in entry and not e.passengers
        if last is not None and groupable and last["id"] + last.get("count", 1) == e.id and \
                {k: v for k, v in last.items() if k not in ("id", "count")} == \
                {k: v for k, v in entry.items() if k != _ID_FIELD}:
            last["count"] = last.get("count", 1) + 1
            continue
        out.append(entry)
        last = entry if groupable else None
    return out


def _entity_entry(sim: Simulation, e: Entity) -> dict[str, Any]:
    if not all(math.isfinite(c) for c in e.pos):   # a motion may fly an entity there; Entity.fromTag refuses it
        raise SceneWriteError(f"tick {sim.tick_count}: {e.TYPE} {e.id} is at [{e.pos.x}, {e.pos.y}, {e.pos.z}]: "
                              "a scene cannot hold a NaN or infinite position (Minecraft refuses one on load)")
    entry: dict[str, Any] = {"type": e.TYPE, "id": e.id, "pos": list(e.pos), "motion": list(e.motion)}
    if e.no_gravity:
        entry["no_gravity"] = True
    if e.on_ground:
        entry["on_ground"] = True
    if e.fall_distance:
        entry["fall_distance"] = e.fall_distance
    if e.yaw:
        entry["yaw"] = e.yaw
    if e.pitch:
        entry["pitch"] = e.pitch
    for name, kind in e.FIELDS.items():
        value = getattr(e, e.field_attribute(name))
        if value is None:
            continue
        entry[name] = list(value) if isinstance(value, Vec3) else str(value) if name == "block_state" else \
            goal_entry(value) if kind is dict else value
    if isinstance(e, LivingEntity):
        entry.update(living_scene_keys(e, sim.features.version))
    if not e.first_update:
        entry["first_update"] = False
    if e.box != Box.from_entity(e.pos.x, e.pos.y, e.pos.z, e.width, e.height):
        entry["box"] = [list(e.box[:3]), list(e.box[3:])]
    if e.vehicle is not None:
        entry["vehicle"] = e.vehicle.id
    if getattr(e, "leash_holder", None) is not None:
        entry["leash"] = {"holder": e.leash_holder}
    random = _random_entry(e.random, JavaRandom(sim.entity_seed(e.id)))
    if random:
        entry["random"] = random
    return entry


def _action_entries(actions: list[Any], saved_tick: int) -> list[dict[str, Any]]:
    """Actions still to come, ticks counted from the saved tick; a repeating action already running starts at
    tick 1 and keeps its `to`."""
    out: list[dict[str, Any]] = []
    for action in actions:
        entry: dict[str, Any] = {"tick": max(action.tick - saved_tick, 1), "do": action.kind, "phase": action.phase}
        entry.update((k, v) for k, v in action.params.items() if v is not None)
        if action.last is not None:
            entry["to"] = action.last - saved_tick
        out.append(entry)
    return out
