"""Edits from the panels: entity fields, adding and removing entities, placing and removing blocks.

Panels only parse what the user typed (`parse_field`, `parse_block`): bad input comes back as a reason shown in
the field. A good value becomes an `Edit`, a change queued in the `ViewerState`; the app loop runs it through
`apply_edit`, the one place where the viewer changes engine state: it finds the entity through the simulation,
changes it with engine calls (`set_position`, `add_entity`, `remove`, `set_block_state`) and branches the
history at the current tick (`History.edit`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine import Vec3
    from viewer.history import History

MAX_BLOCK_CHOICES = 200   # the block picker's list, at most (a release has ~1,100 blocks)

JAVA_INT = (-(2**31), 2**31 - 1)
AIR = "minecraft:air"


@dataclass(frozen=True)
class FieldSpec:
    """An editable entity field: its name (as in the trace state and scene files), kind and attribute."""

    name: str
    kind: str          # vec3 | float | int | bool | str | block_state
    attribute: str
    axis: int | None = None   # one coordinate of a vec3 attribute (`components`)


COMMON_FIELDS = (
    FieldSpec("pos", "vec3", "pos"), FieldSpec("motion", "vec3", "motion"),
    FieldSpec("on_ground", "bool", "on_ground"), FieldSpec("horizontal_collision", "bool", "horizontal_collision"),
    FieldSpec("vertical_collision", "bool", "vertical_collision"), FieldSpec("fall_distance", "float", "fall_distance"),
    FieldSpec("no_gravity", "bool", "no_gravity"), FieldSpec("yaw", "float", "yaw"),
    FieldSpec("pitch", "float", "pitch"),
)
KINDS = {int: "int", bool: "bool", str: "str"}
AXES = "xyz"


def entity_fields(entity: Any) -> list[FieldSpec]:
    """The editable fields of an entity: the common ones, then its type's scene fields of one value (a table such
    as a mob's `path_to` goal is not edited as one line of text)."""
    out = list(COMMON_FIELDS)
    for name, kind in type(entity).FIELDS.items():
        if name != "block_state" and kind not in KINDS:
            continue
        attribute = type(entity).field_attribute(name)
        out.append(FieldSpec(name, "block_state" if name == "block_state" else KINDS[kind], attribute))
    return out


def components(spec: FieldSpec) -> list[FieldSpec]:
    """A vec3 field as three float fields, one per coordinate (`pos.x`, ...): the inspector edits each on a
    line of its own, as three round-trip doubles do not fit one line of a panel."""
    return [FieldSpec(f"{spec.name}.{a}", "float", spec.attribute, i) for i, a in enumerate(AXES)]


def value_parts(name: str, value: Any) -> list[tuple[str, str]]:
    """(name, text) of a value as the panels show it: a vector one row per coordinate (`pos.x`), a box per corner
    coordinate (`box.min_x`: an engine `Box`, or a trace box's two corners), so a narrow panel shows each number
    whole; anything else one row."""
    from engine import Box
    if isinstance(value, Box):
        return [(f"{name}.{part}", repr(c)) for part, c in zip(value._fields, value, strict=True)]
    if _is_vector(value):
        return [(f"{name}.{a}", repr(c)) for a, c in zip(AXES, value, strict=True)]
    if isinstance(value, list | tuple) and len(value) == 2 and all(_is_vector(v) for v in value):
        return [(f"{name}.{end}_{a}", repr(c)) for end, corner in zip(("min", "max"), value, strict=True)
                for a, c in zip(AXES, corner, strict=True)]
    return [(name, str(value))]


def _is_vector(value: Any) -> bool:
    return isinstance(value, list | tuple) and len(value) == 3 and all(
        isinstance(c, int | float) and not isinstance(c, bool) for c in value)


def field_text(entity: Any, spec: FieldSpec) -> str:
    """The field's current value as the text the user edits (floats in shortest round-trip form)."""
    value = getattr(entity, spec.attribute)
    if spec.axis is not None:
        return repr(float(value[spec.axis]))
    if spec.kind == "vec3":
        return ", ".join(repr(float(c)) for c in value)
    return str(value) if spec.kind in ("block_state", "str") else repr(value)


def parse_field(spec: FieldSpec, text: str, release: str | None = None) -> tuple[Any, str | None]:
    """(value, None) for good input, (None, reason) otherwise; a block state in the names of `release` (the
    scene's version; default 1.16.5)."""
    from engine import Vec3
    text = text.strip()
    if spec.kind == "vec3":
        parts = [p for p in re.split(r"[,\s]+", text) if p]
        numbers = [_number(p) for p in parts]
        if len(parts) != 3 or any(n is None for n in numbers):
            return None, "expected three finite numbers: x, y, z"
        return Vec3(*numbers), None
    if spec.kind == "float":
        number = _number(text)
        return (number, None) if number is not None else (None, "expected a finite number")
    if spec.kind == "int":
        if not re.fullmatch(r"[+-]?\d+", text):
            return None, "expected a whole number"
        value = int(text)
        if not JAVA_INT[0] <= value <= JAVA_INT[1]:
            return None, f"expected a whole number in {JAVA_INT[0]}..{JAVA_INT[1]} (a Java int)"
        return value, None
    if spec.kind == "bool":
        if text.lower() not in ("true", "false"):
            return None, "expected true or false"
        return text.lower() == "true", None
    if spec.kind == "block_state":
        return parse_block(text, release)
    return (text, None) if text else (None, "expected a non-empty text")


def parse_block(text: str, release: str | None = None) -> tuple[Any, str | None]:
    """A block state as /setblock spells it in `release` (the scene's version: `mud` is a block of 1.19, not of
    1.16.5; default 1.16.5), or the parser's reason."""
    from engine import BlockStateError, parse_block_state
    try:
        return parse_block_state(text.strip(), release), None
    except BlockStateError as exc:
        return None, str(exc)


def block_choices(text: str, release: str | None = None, limit: int = MAX_BLOCK_CHOICES) -> list[str]:
    """The blocks of `release`'s table (the scene's version) whose names hold the block name typed in `text`
    (namespace and properties aside), as `minecraft:NAME`: the one of that name first, then those that start with
    it, then the rest, each in the table's order; at most `limit`."""
    from engine import blocks
    typed = text.strip().partition("[")[0].strip().lower()
    typed = typed[len(blocks.NAMESPACE):] if typed.startswith(blocks.NAMESPACE) else typed
    names = sorted((n for n in blocks.block_names(release) if typed in n),
                   key=lambda n: (n != typed, not n.startswith(typed)))
    return [blocks.NAMESPACE + n for n in names[:limit]]


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class Edit:
    """A change to the simulation, queued by a panel; `where` names the field whose error line shows a failure."""

    where: str
    change: Callable[[Any], None]
    action: dict[str, Any] | None = None  # the same change as a scene `[[actions]]` entry, where one exists (Save)
    tick: int | None = None   # a change of the scheduled actions: made at this tick, before the first it changes


def set_field(entity_id: int, spec: FieldSpec, value: Any) -> Edit:
    """Set one field of an entity (the position through `set_position`, so the box follows); a coordinate
    (`components`) replaces its axis of the vector the entity holds when the edit runs."""
    def change(sim: Any) -> None:
        from engine import Vec3
        entity = live_entity(sim, entity_id)
        new = value
        if spec.axis is not None:
            new = Vec3(*(value if i == spec.axis else c for i, c in enumerate(getattr(entity, spec.attribute))))
        if spec.attribute == "pos":
            entity.set_position(new)
        else:
            setattr(entity, spec.attribute, new)
    return Edit(field_key(entity_id, spec.name), change)


def add_entity(type_name: str, pos: Vec3) -> Edit:
    """Create an entity of a type from ENTITY_TYPES at `pos` (next free id) and add it to the world; a type the
    scene's release lacks (a trident before 1.13) is refused in one line."""
    def change(sim: Any) -> None:
        from engine import ENTITY_TYPES, missing_type
        why = missing_type(type_name, sim.features.version)
        if why is not None:
            raise ValueError(why)
        sim.add_entity(sim.create(ENTITY_TYPES[type_name], pos))
    return Edit("add_entity", change)


def remove_entity(entity_id: int) -> Edit:
    def change(sim: Any) -> None:
        live_entity(sim, entity_id).remove()
    return Edit(f"entity {entity_id}", change)


def set_block(pos: tuple[int, int, int], state: Any) -> Edit:
    """Place `state` (a parsed block state) at `pos`; placing air removes the block. Out of the build range the
    edit is refused (the world itself, as vanilla's setBlockState, would silently place nothing), and so is a block
    added after 1.16.5 whose behaviour the engine does not model (as a scene's `set_block` action is)."""
    at = [int(c) for c in pos]

    def change(sim: Any) -> None:
        from engine import MAX_Y, MIN_Y
        if not MIN_Y <= pos[1] <= MAX_Y:
            raise ValueError(f"y = {pos[1]} is outside the 1.16.5 build range {MIN_Y}..{MAX_Y}")
        sim.check_modelled(state, f"{state.name} placed at {at}")
        sim.world.set_block_state(*pos, state)
    action = {"do": "remove_block", "at": at} if state.is_air else {"do": "set_block", "at": at, "block": str(state)}
    return Edit("block", change, action)


def remove_block(pos: tuple[int, int, int]) -> Edit:
    from engine import parse_block_state
    return set_block(pos, parse_block_state(AIR))


def apply_edit(history: History, edit: Edit) -> str | None:
    """Run an edit and branch the history at the current tick; the reason it failed, if it did (the state is
    then left as it was)."""
    try:
        history.edit(edit.change)
    except (ValueError, KeyError, NotImplementedError) as exc:   # NotImplementedError: a mechanic not simulated
        return str(exc)
    return None


def field_key(entity_id: int, name: str) -> str:
    """The key of an entity field in the state's drafts and error lines."""
    return f"entity {entity_id}.{name}"


def live_entity(sim: Any, entity_id: int) -> Any:
    """The entity with the id, not removed (a KeyError says it is gone)."""
    entity = sim.entity_by_id(entity_id)
    if entity is None or entity.removed:
        raise KeyError(f"entity {entity_id} is not in the world")
    return entity
