"""The entity table, an entity logger in the manner of Carpet's: one row per live entity and tick with the fields the
user chooses, every value written as the trace prints it (a double as `repr`, the shortest decimal that reads back
as the same double; booleans as `true` / `false`), and the number of entities of each type (at a tick, or per
tick as a table of its own). The viewer's Entity table reads it from its history, which keeps `logged_state` of
every entity after every tick (viewer/history.py); `tickscope trace --csv` from the run itself. Both write the same
CSV through `write_table`."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TextIO

from engine.core.trace import state_dict
from engine.entities.entity import Entity
from engine.living.living_entity import LivingEntity
from engine.tick.registry import ENTITY_TYPES

AXES = ("x", "y", "z")
# the fields a table offers, in column order; those in SPLIT take one column per coordinate
FIELDS = ("id", "type", "pos", "motion", "fuse", "age", "fall_distance", "on_ground", "health",
          "horizontal_collision", "vertical_collision", "box")
DEFAULT_FIELDS = ("id", "type", "pos", "motion")
SPLIT = {"pos": tuple(f"pos_{a}" for a in AXES), "motion": tuple(f"motion_{a}" for a in AXES),
         "box": tuple(f"box_{end}_{a}" for end in ("min", "max") for a in AXES)}
EntityStates = Mapping[int, Mapping[str, Any]]   # entity id → logged_state, in update order


class FieldError(ValueError):
    """A field name the table does not offer; one line naming it and the fields there are."""


def logged_state(entity: Entity) -> dict[str, Any]:
    """What the table reads of `entity`: its type, `Entity.age` (ticks lived), its trace state (position, motion,
    box, the collision flags, fall distance and its type's own fields: an item's or an orb's own `age` stands in
    for Entity.age, as the trace names it) and, for a living entity, its health."""
    state = {"type": entity.type, "age": entity.age, **state_dict(entity.trace_state())}
    if isinstance(entity, LivingEntity):
        state["health"] = entity.health
    return state


def parse_fields(text: str) -> tuple[str, ...]:
    """'pos,motion,fuse' → the fields in the order given; FieldError names one the table does not offer."""
    fields = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in fields:
        if name not in FIELDS:
            raise FieldError(f"unknown field {name!r} (expected some of: {', '.join(FIELDS)})")
    if not fields:
        raise FieldError(f"no fields (expected some of: {', '.join(FIELDS)})")
    return fields


def parse_kind(text: str) -> str:
    """'tnt' or 'minecraft:tnt' → the entity type's id; FieldError where there is no such type."""
    kind = text.strip() if ":" in text else f"minecraft:{text.strip()}"
    if kind not in ENTITY_TYPES:
        raise FieldError(f"unknown entity type {text!r} (expected one of the ENTITY_TYPES, e.g. minecraft:tnt)")
    return kind


def columns(fields: Sequence[str]) -> list[str]:
    """The header: `tick`, then each field's columns (`pos_x`, `pos_y`, `pos_z` for `pos`)."""
    return ["tick", *(column for name in fields for column in SPLIT.get(name, (name,)))]


def row(tick: int, entity_id: int, state: Mapping[str, Any], fields: Sequence[str]) -> list[Any]:
    """One entity's row at `tick`: the values of `fields` (None where its type has no such field)."""
    values: list[Any] = [tick]
    for name in fields:
        value = entity_id if name == "id" else state.get(name)
        if name in SPLIT:
            flat = [c for corner in value for c in corner] if name == "box" and value is not None else value
            values.extend(flat if flat is not None else [None] * len(SPLIT[name]))
        else:
            values.append(value)
    return values


def rows(ticks: Iterable[tuple[int, EntityStates]], fields: Sequence[str], kind: str | None = None) -> Iterator[list]:
    """The rows of each (tick, states) in order, entities in update order; with `kind`, that type's only."""
    for tick, states in ticks:
        for entity_id, state in states.items():
            if kind is None or state["type"] == kind:
                yield row(tick, entity_id, state, fields)


def cell_text(value: Any) -> str:
    """A value as the trace prints it: a double's shortest round-trip decimal, `true` / `false`, a list as JSON,
    nothing for a field the entity lacks."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
        return repr(value)          # what json.dumps prints for them, without its cost per call
    return json.dumps(value)        # NaN, Infinity, lists


def write_table(out: TextIO, fields: Sequence[str], table: Iterable[list[Any]]) -> None:
    """The CSV of `table` (rows from `rows`) under its header, each row as it comes."""
    from engine.analysis.sweep import write_csv  # imported on first use: the viewer's start-up time
    write_csv(out, columns(fields), ([cell_text(v) for v in r] for r in table), flush=False)


def write_count_table(out: TextIO, counts: tuple[list[str], list[list[int]]]) -> None:
    """The CSV of a `count_table`."""
    from engine.analysis.sweep import write_csv  # imported on first use: the viewer's start-up time
    write_csv(out, *counts, flush=False)


def count_table(ticks: Iterable[tuple[int, Iterable[str]]]) -> tuple[list[str], list[list[int]]]:
    """Counts by type per tick: the header (`tick`, then every type seen, by name) and one row per (tick, the type
    of each entity) given: the tick, then how many of each type (0 where none)."""
    counted = [(tick, Counter(types)) for tick, types in ticks]
    kinds = sorted({kind for _, counts in counted for kind in counts})
    return ["tick", *kinds], [[tick, *(counts[kind] for kind in kinds)] for tick, counts in counted]


def count_by_type(types: Iterable[str]) -> list[tuple[str, int]]:
    """(type, how many) of the types given (one per entity), most first, then by name."""
    return sorted(Counter(types).items(), key=lambda item: (-item[1], item[0]))
