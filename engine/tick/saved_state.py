"""Saved state: what an entity keeps that no scene key holds, as the entity's `state` table, so that a scene saved
at any tick loads back to a simulation that runs on bit for bit (cooldowns, poses, timers, fluid contact, a
navigation under way, a piston's push of this tick).

The writer loads the scene it wrote back and keeps, per entity, each field whose value differs from the reloaded
entity's (`state_of`); the loader sets those fields last (`apply_state`). Values are written as TOML: numbers,
booleans and strings as they are, anything else as a table tagged with its `class` (`Vec3`, `Path`, `None`, ...);
only the classes listed here can be read back, and a field takes only the kind of value the entity holds there.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from engine.entities.boat import Location
from engine.entities.entity import Entity
from engine.entities.rows import RowBacked, row_attributes
from engine.geometry.box import Box, Vec3
from engine.influences.piston import BlockEvent
from engine.influences.piston_block_entity import Direction, PistonBlockEntity
from engine.influences.shulker_box import ShulkerBoxBlockEntity
from engine.java.javanum import INT_MAX, INT_MIN
from engine.java.jrandom import JavaRandom
from engine.living.attributes import AttributeContainer, AttributeInstance, Modifier, Operation
from engine.living.controls import JumpControl, MoveControl, State
from engine.living.effects import EffectInstance, Effects
from engine.living.player_input import PlayerInput
from engine.pathfinding.navigation import MobNavigation
from engine.pathfinding.node_types import PathNodeType
from engine.pathfinding.path import Path, PathNode, TargetPathNode
from engine.tick.scene_checks import SceneContext
from engine.world import blocks
from engine.world.block_entities import SHULKER_BOXES
from engine.world.world import World

# objects saved field by field; the fields named here are links or caches that the entity rebuilds itself
OBJECTS: dict[str, tuple[type, frozenset[str]]] = {
    cls.__name__: (cls, frozenset(skip)) for cls, skip in (
        (MobNavigation, {"entity", "maker", "path_node_navigator", "searches", "in_recorded_tick", "features"}),
        (MoveControl, {"entity"}), (JumpControl, {"entity"}),
        (Path, ()), (PathNode, ()), (TargetPathNode, ()),
        (AttributeContainer, ()), (AttributeInstance, ()), (Modifier, ()), (Effects, ()), (EffectInstance, ()),
        (PlayerInput, ()), (PistonBlockEntity, ()), (ShulkerBoxBlockEntity, ()),
    )}
# objects an entity owns (no other holds them): changed in place, so that their links are kept
OWNED = frozenset({MobNavigation, MoveControl, JumpControl, AttributeContainer, AttributeInstance, Effects})
ENUMS: dict[str, type[Enum]] = {cls.__name__: cls for cls in (State, PathNodeType, Operation, Location)}
TUPLES: dict[str, Callable[..., tuple]] = {"Vec3": Vec3, "Box": Box, "Direction": Direction, "BlockEvent": BlockEvent,
                                           "tuple": lambda *items: tuple(items)}
# the block each block entity stands in
BLOCK_ENTITY_BLOCKS = {PistonBlockEntity: frozenset({"moving_piston"}), ShulkerBoxBlockEntity: SHULKER_BOXES}
# entity fields not saved: held by a scene key in another frame (a player's `[[inputs]]`, re-based to the saved
# tick), or a cache the entity fills again (a player's pose checks, the release it set up)
HELD_ELSEWHERE = frozenset({"inputs", "pose_fits", "_release_of"})
TOML_INT = (-(2**63), 2**63 - 1)
KIND_NAMES = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
_KINDS = {bool: (bool,), int: (int,), float: (int, float), str: (str,)}   # what a saved value of each kind may be


class UnsavableState(ValueError):
    """A field whose value no `state` table can hold (the scene writer names it in one line)."""


def fields(obj: Any) -> dict[str, Any]:
    """An object's fields: its `__dict__`, its slots, in definition order, and a row-backed entity's row (the
    handle's row index and table are not fields)."""
    out = {k: v for k, v in getattr(obj, "__dict__", {}).items() if k not in ("_t", "_r")}
    if isinstance(obj, RowBacked):
        out.update((name, getattr(obj, name)) for name in row_attributes(obj))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                out.setdefault(name, getattr(obj, name))
    return out


def encode(value: Any, where: str) -> Any:
    """`value` as TOML data, tagged with its class where it is not a number, boolean or string."""
    if value is None:
        return {"class": "None"}
    if isinstance(value, Enum):
        return {"class": type(value).__name__, "name": value.name}
    if isinstance(value, (bool, float, str)):
        return value
    if isinstance(value, int):
        if not TOML_INT[0] <= value <= TOML_INT[1]:
            raise UnsavableState(f"{where}: {value} is beyond a TOML integer")
        return value
    if isinstance(value, Entity):
        return {"class": "Entity", "id": value.id}
    if isinstance(value, blocks.BlockState):
        return {"class": "BlockState", "text": str(value)}
    if isinstance(value, JavaRandom):
        return {"class": "JavaRandom", "items": [encode(v, where) for v in value.get_state()]}
    if isinstance(value, tuple):
        name = type(value).__name__ if type(value).__name__ in TUPLES else "tuple"
        return {"class": name, "items": [encode(v, f"{where}[{i}]") for i, v in enumerate(value)]}
    if isinstance(value, list):
        return {"class": "list", "items": [encode(v, f"{where}[{i}]") for i, v in enumerate(value)]}
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) for k in value):
            raise UnsavableState(f"{where}: a mapping with keys other than names")
        return {"class": "dict", "items": {k: encode(v, f"{where}.{k}") for k, v in value.items()}}
    name = type(value).__name__
    if name in OBJECTS and type(value) is OBJECTS[name][0]:
        skip = OBJECTS[name][1]
        return {"class": name, "fields": {k: encode(v, f"{where}.{k}") for k, v in fields(value).items()
                                          if k not in skip}}
    raise UnsavableState(f"{where}: a value of class {name} cannot be saved in a scene")


def _same(a: Any, b: Any) -> bool:
    """Equal as saved data (NaN equals NaN: a field holding NaN is not a difference)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def differences(obj: Any, fresh: Any, where: str, skip: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The fields of `obj` that differ from `fresh`'s, encoded. An object of a listed class held by both is
    compared field by field and written as its differing fields only (`update = true`): the loader changes the
    entity's own object in place, keeping its links."""
    out: dict[str, Any] = {}
    mine, theirs = fields(obj), fields(fresh)
    for name, value in mine.items():
        if name in skip:
            continue
        other = theirs.get(name)
        key = f"{where}.{name}"
        cls = type(value)
        if cls in OWNED and type(other) is cls:
            inner = differences(value, other, key, OBJECTS[cls.__name__][1])
            if inner:
                out[name] = {"class": cls.__name__, "update": True, "fields": inner}
            continue
        encoded = encode(value, key)
        if not _same(encoded, encode(other, key)):
            out[name] = encoded
    return out


def state_of(e: Entity, fresh: Entity) -> dict[str, Any]:
    """The `state` table of entity `e`: its fields that differ from `fresh`, the same entity loaded from the scene
    entry written for it."""
    return differences(e, fresh, f"entity {e.id}", HELD_ELSEWHERE)


# --- loading ---
def apply_state(ctx: SceneContext, e: Entity, table: Any, key: str, entity_by_id: Callable[[int], Entity | None]
                ) -> None:
    """Set the fields of an entity's `state` table on it (after every other key and entity is loaded)."""
    _apply(ctx, e, ctx.table(table, key), key, entity_by_id, HELD_ELSEWHERE)


def _apply(ctx: SceneContext, obj: Any, table: dict[str, Any], key: str,
           entity_by_id: Callable[[int], Entity | None], skip: frozenset[str]) -> None:
    current = fields(obj)
    for name, value in table.items():
        if name not in current or name in skip:
            raise ctx.fail(f"{key}.{name}", f"not a saved field of a {type(obj).__name__}")
        held = current[name]
        if isinstance(value, dict) and value.get("update") is True:
            cls = OBJECTS.get(value.get("class"), (None, frozenset()))
            if cls[0] not in OWNED or type(held) is not cls[0]:
                raise ctx.fail(f"{key}.{name}", f"expected an update of the {type(held).__name__} held there")
            _apply(ctx, held, ctx.table(value.get("fields"), f"{key}.{name}.fields"), f"{key}.{name}",
                   entity_by_id, cls[1])
            continue
        setattr(obj, name, _decode(ctx, value, held, f"{key}.{name}", entity_by_id))


def _decode(ctx: SceneContext, value: Any, held: Any, key: str, entity_by_id: Callable[[int], Entity | None]) -> Any:
    """`value` read back; a number, boolean or string only where the field holds one of the same kind (or None)."""
    if not isinstance(value, dict):
        # the value keeps its own kind (TOML tells an integer from a float); it must be of the field's kind
        wanted = next((k for k in (bool, int, float, str) if isinstance(held, k)), None)
        if held is not None and wanted is None:
            raise ctx.fail(key, f"expected a {type(held).__name__}, got {value!r}")
        allowed = _KINDS[wanted] if wanted is not None else (bool, int, float, str)
        if not isinstance(value, allowed) or (wanted is not bool and isinstance(value, bool) and held is not None):
            raise ctx.fail(key, f"expected {KIND_NAMES.get(wanted, 'a value')}, got {value!r}")
        return value
    tag = value.get("class")
    if tag == "None":
        return None
    if tag == "Entity":
        target = entity_by_id(ctx.integer(value.get("id"), f"{key}.id", 1, INT_MAX))
        if target is None:
            raise ctx.fail(f"{key}.id", f"no entity with id {value.get('id')} in the scene")
        return target
    if tag == "BlockState":
        return ctx.block_state(value.get("text"), f"{key}.text")
    if tag in ENUMS:
        name = ctx.string(value.get("name"), f"{key}.name")
        if name not in ENUMS[tag].__members__:
            raise ctx.fail(f"{key}.name", f"expected one of {', '.join(ENUMS[tag].__members__)}, got {name!r}")
        return ENUMS[tag][name]
    if tag == "JavaRandom":
        random = JavaRandom(0)
        seed, gaussian, cached = _items(ctx, value, key, 3)
        random.set_state((ctx.integer(seed, f"{key}.items[0]", 0, 2**48 - 1), ctx.number(gaussian, f"{key}.items[1]"),
                          ctx.boolean(cached, f"{key}.items[2]")))
        return random
    if tag in TUPLES or tag == "list":
        items = _items(ctx, value, key, None)
        olds = list(held) if isinstance(held, (tuple, list)) and len(held) == len(items) else [None] * len(items)
        decoded = [_decode(ctx, v, o, f"{key}[{i}]", entity_by_id) for i, (v, o) in enumerate(zip(items, olds,
                                                                                                   strict=True))]
        if tag == "list":
            return decoded
        try:
            return TUPLES[tag](*decoded)
        except TypeError:
            raise ctx.fail(key, f"expected the fields of a {tag}, got {len(decoded)} items") from None
    if tag == "dict":
        items = ctx.table(value.get("items"), f"{key}.items")
        olds = held if isinstance(held, dict) else {}
        return {k: _decode(ctx, v, olds.get(k), f"{key}.{k}", entity_by_id) for k, v in items.items()}
    if tag in OBJECTS:
        cls, skip = OBJECTS[tag]
        obj = cls.__new__(cls)
        for name, v in ctx.table(value.get("fields"), f"{key}.fields").items():
            if name in skip:
                raise ctx.fail(f"{key}.fields.{name}", f"not a saved field of a {tag}")
            object.__setattr__(obj, name, _decode(ctx, v, None, f"{key}.fields.{name}", entity_by_id))   # frozen too
        return obj
    raise ctx.fail(f"{key}.class", f"unknown saved class {tag!r}")


def _items(ctx: SceneContext, value: dict[str, Any], key: str, count: int | None) -> list[Any]:
    items = value.get("items")
    if not isinstance(items, list) or (count is not None and len(items) != count):
        raise ctx.fail(f"{key}.items", f"expected a list{'' if count is None else f' of {count}'}, got {items!r}")
    return items



# --- the world: block entities in tick order, queued block events ---
def block_entity_entries(world: World) -> list[dict[str, Any]]:
    """Every block entity in tick order, whole (`[[block_entities]]`): a piston's moving block, a shulker box's
    lid. Between ticks the pending list is empty and the removed ones have left."""
    bes = world.block_entities
    out = []
    for be in [*bes.ticking, *bes.pending]:
        if not be.removed:
            where = f"block entity at {list(be.pos)}"
            out.append({"at": list(be.pos), "state": encode(be, where)})
    return out


def block_event_entries(world: World) -> list[dict[str, Any]]:
    """The queued block events in order (`[[block_events]]`), each as `BlockEvent` data."""
    return [encode(event, "block event") for event in world.block_events]


def load_block_entities(ctx: SceneContext, world: World, entries: list[Any]) -> None:
    """Replace the block entities the blocks made with the listed ones, in the listed (tick) order; each stands in
    the block of its kind at its `at`."""
    bes = world.block_entities
    listed = []
    for i, entry in enumerate(entries):
        key = f"block_entities[{i}]"
        entry = ctx.table(entry, key)
        ctx.keys(entry, key, {"at", "state"}, {"at", "state"})
        at = ctx.block_pos(entry["at"], f"{key}.at")
        be = _decode(ctx, ctx.table(entry["state"], f"{key}.state"), None, f"{key}.state", lambda _id: None)
        kinds = BLOCK_ENTITY_BLOCKS.get(type(be))
        if kinds is None:
            raise ctx.fail(f"{key}.state.class", f"expected a block entity, got {type(be).__name__}")
        block = world.get_block_state(*at).block
        if block not in kinds or tuple(getattr(be, "pos", ())) != at:
            raise ctx.fail(key, f"a {type(be).__name__} at {list(at)} needs its block there and pos = at (found "
                                f"{block})")
        be.pos = at
        listed.append(be)
    listed_at = {be.pos for be in listed}
    kept = [be for be in bes.ticking if be.pos not in listed_at]
    bes.ticking = listed + kept
    for be in listed:
        bes.by_pos[be.pos] = be


def load_block_events(ctx: SceneContext, world: World, entries: list[Any]) -> None:
    """The queued block events, in order."""
    for i, entry in enumerate(entries):
        key = f"block_events[{i}]"
        event = _decode(ctx, ctx.table(entry, key), None, key, lambda _id: None)
        if not isinstance(event, BlockEvent):
            raise ctx.fail(f"{key}.class", "expected a BlockEvent")
        world.block_events.append(BlockEvent(ctx.block_pos(list(event.pos), f"{key}.pos"), event.block,
                                             ctx.integer(event.type, f"{key}.type", INT_MIN, INT_MAX),
                                             ctx.integer(event.data, f"{key}.data", INT_MIN, INT_MAX)))


# --- redstone under way: the block tick scheduler, torch burnouts, comparators' outputs ---
def redstone_entry(world: World) -> dict[str, Any]:
    """`[redstone]`: the scheduled block ticks (due time on the world's clock, priority, insertion id), the next
    insertion id, the torches' recent toggles (`RedstoneTorchBlock.BURNOUT_MAP`), the comparators' stored
    outputs and the pistons a `piston_extend` action powers; empty where redstone is at rest."""
    ticks = world.block_ticks
    out: dict[str, Any] = {}
    if len(ticks):
        out["scheduled"] = [{"time": t.time, "priority": t.priority, "id": t.id, "at": list(t.pos), "block": t.block}
                            for t in sorted(ticks.pending())]
    if ticks.next_id:
        out["next_id"] = ticks.next_id
    if world.torch_burnouts:
        out["burnouts"] = [{"at": list(pos), "time": time} for pos, time in world.torch_burnouts]
    outputs = [{"at": list(pos), "output": v} for pos, v in world.comparator_outputs.items() if v]
    if outputs:
        out["comparators"] = outputs
    if world.powered:
        out["powered_by_actions"] = sorted(list(pos) for pos in world.powered)
    return out


def load_redstone(ctx: SceneContext, world: World, table: Any) -> None:
    """Redstone under way, as `redstone_entry` wrote it."""
    table = ctx.table(table, "redstone")
    ctx.keys(table, "redstone", {"scheduled", "next_id", "burnouts", "comparators", "powered_by_actions"})
    for i, at in enumerate(_list(ctx, table, "powered_by_actions")):
        world.powered.add(ctx.block_pos(at, f"redstone.powered_by_actions[{i}]"))
    for i, entry in enumerate(_list(ctx, table, "scheduled")):
        key = f"redstone.scheduled[{i}]"
        entry = ctx.table(entry, key)
        ctx.keys(entry, key, {"time", "priority", "id", "at", "block"}, {"time", "priority", "id", "at", "block"})
        world.block_ticks.restore(ctx.integer(entry["time"], f"{key}.time", *TOML_INT),
                                  ctx.integer(entry["priority"], f"{key}.priority", -3, 3),
                                  ctx.integer(entry["id"], f"{key}.id", 0, TOML_INT[1]),
                                  ctx.block_pos(entry["at"], f"{key}.at"), ctx.string(entry["block"], f"{key}.block"))
    if "next_id" in table:
        world.block_ticks.next_id = ctx.integer(table["next_id"], "redstone.next_id", 0, TOML_INT[1])
    for i, entry in enumerate(_list(ctx, table, "burnouts")):
        key = f"redstone.burnouts[{i}]"
        entry = ctx.table(entry, key)
        ctx.keys(entry, key, {"at", "time"}, {"at", "time"})
        world.torch_burnouts.append((ctx.block_pos(entry["at"], f"{key}.at"),
                                     ctx.integer(entry["time"], f"{key}.time", *TOML_INT)))
    for i, entry in enumerate(_list(ctx, table, "comparators")):
        key = f"redstone.comparators[{i}]"
        entry = ctx.table(entry, key)
        ctx.keys(entry, key, {"at", "output"}, {"at", "output"})
        world.comparator_outputs[ctx.block_pos(entry["at"], f"{key}.at")] = ctx.integer(entry["output"],
                                                                                          f"{key}.output", 0, 15)


def _list(ctx: SceneContext, table: dict[str, Any], name: str) -> list[Any]:
    value = table.get(name, [])
    if not isinstance(value, list):
        raise ctx.fail(f"redstone.{name}", f"expected an array of tables, got {value!r}")
    return value
