"""PATHs (interfaces.md, "More commands"): a scene value to edit (`--vary`) or a traced quantity to read after
tick N (`--measure`, `--target`). `entities[ID]` is the `[[entities]]` entry whose (first) id is ID; `blocks[i]`,
`spawns[i]`, `actions[i]` are array indices; `scene.KEY` is a `[scene]` value; a trailing `[j]` picks a vector
element. Measured entities keep their last traced state once removed (a pearl's landing point)."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

PATH_RE = re.compile(r"(?:(scene)|(entities|blocks|spawns|actions)\[(-?\d+)\])\.([a-z_]+)(?:\[(\d+)\])?")


class PathError(ValueError):
    """A PATH that is malformed or names nothing; the message is one line."""


@dataclass(frozen=True)
class Path:
    text: str
    table: str            # "scene", "entities", "blocks", "spawns" or "actions"
    index: int | None     # entity id, or array index; None for "scene"
    key: str
    element: int | None


def parse_path(text: str) -> Path:
    m = PATH_RE.fullmatch(text.strip())
    if m is None:
        raise PathError(f"PATH {text!r}: expected e.g. entities[1].motion[0], actions[2].tick or scene.seed")
    table = m.group(1) or m.group(2)
    return Path(text.strip(), table, None if m.group(3) is None else int(m.group(3)), m.group(4),
                None if m.group(5) is None else int(m.group(5)))


def entity_entry_ids(doc: dict[str, Any]) -> dict[int, int]:
    """Entity id → index of its `[[entities]]` entry: ids given, else assigned in load order from 1, `count`
    entries taking consecutive ids (interfaces.md)."""
    ids: dict[int, int] = {}
    next_id = 1
    for i, entry in enumerate(doc.get("entities", [])):
        first = entry.get("id", next_id) if isinstance(entry, dict) else next_id
        count = entry.get("count", 1) if isinstance(entry, dict) else 1
        if isinstance(first, int) and isinstance(count, int):
            ids[first] = i
            next_id = max(next_id, first + max(count, 1))
    return ids


def _container(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    if path.table == "scene":
        table = doc.get("scene")
        if not isinstance(table, dict):
            raise PathError(f"PATH {path.text}: the scene has no [scene] table")
        return table
    entries = doc.get(path.table)
    if not isinstance(entries, list):
        raise PathError(f"PATH {path.text}: the scene has no [[{path.table}]]")
    if path.table == "entities":
        index = entity_entry_ids(doc).get(path.index)
        if index is None:
            raise PathError(f"PATH {path.text}: no [[entities]] entry has id {path.index} "
                            f"(ids: {', '.join(map(str, sorted(entity_entry_ids(doc)))) or 'none'})")
    else:
        index = path.index
        if not 0 <= index < len(entries):
            raise PathError(f"PATH {path.text}: [[{path.table}]] has {len(entries)} entries (0..{len(entries) - 1})")
    return entries[index]


def read_scene_value(doc: dict[str, Any], path: Path) -> Any:
    """The value a `--vary` PATH names in a parsed scene, or PathError."""
    table = _container(doc, path)
    if path.key not in table:
        raise PathError(f"PATH {path.text}: the entry has no key {path.key!r} (keys: {', '.join(sorted(table))})")
    value = table[path.key]
    if path.element is None:
        return value
    if not isinstance(value, list) or not 0 <= path.element < len(value):
        raise PathError(f"PATH {path.text}: {path.key} = {value!r} has no element {path.element}")
    return value[path.element]


def edited(doc: dict[str, Any], assignments: list[tuple[Path, Any]]) -> dict[str, Any]:
    """A copy of a parsed scene with each PATH set to its value."""
    out = copy.deepcopy(doc)
    for path, value in assignments:
        read_scene_value(out, path)          # the PATH must name something already there
        table = _container(out, path)
        if path.element is None:
            table[path.key] = value
        else:
            table[path.key][path.element] = value
    return out


def measured_value(line: dict[str, Any] | None, path: Path) -> float:
    """A `--measure`/`--target` PATH read from an entity's trace line (None: the entity never existed → NaN)."""
    if line is None:
        return float("nan")
    if path.key not in line:
        raise PathError(f"PATH {path.text}: {line['type']} does not trace {path.key!r} "
                        f"(traced: {', '.join(k for k in line if k not in ('id', 'type'))})")
    value = line[path.key]
    if path.element is not None:
        if not isinstance(value, list) or not 0 <= path.element < len(value):
            raise PathError(f"PATH {path.text}: {path.key} = {value!r} has no element {path.element}")
        value = value[path.element]
    if isinstance(value, list) or value is None or isinstance(value, str):
        raise PathError(f"PATH {path.text}: {path.key} is not a number (give an element, e.g. {path.key}[0])")
    return float(value)


def parse_measure(text: str) -> Path:
    """A `--measure`/`--target` PATH: only `entities[ID].KEY[j]` reads the trace."""
    path = parse_path(text)
    if path.table != "entities":
        raise PathError(f"PATH {text!r}: measured quantities are traced entity values, e.g. entities[1].pos[0]")
    return path
