"""1.12.2's own block names: `minecraft:wool[color=red]`, `minecraft:stone[variant=granite]`, or a name and a data
value as 1.12.2's `/setblock` takes them (`minecraft:wool 14`), each read as a state of the 1.12.2 table (which is
in 1.16.5's names, `tools/gen_block_1_12.py`); and the numeric id and data value of pre-flattening files.

The names, properties and values are `assets/block-names-1.12.2.json` (`tools/gen_block_names_1_12.py`: the 1.13
data fixer's list of every 1.12.2 state by id and data value, legacy.json's state for each, and MCP's default states).
A name's left-out properties take 1.12.2's default state's values (`CommandBase.convertArgToBlockState`). The
properties 1.12.2 derives from the neighbours or a block entity (`getActualState`: fence, pane, wall, wire and chorus
sides, stairs shapes, the other door half's properties, snowy grass, a repeater's lock...) are accepted with any of
their values; the value is kept where the table's block has that property (the engine derives no connection in any
release: a scene's state is the one its shapes follow, as with 1.16.5's names), and dropped where it has none (a
flower pot's `contents`, a double plant's upper `variant`: the state is the data value's).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from engine.world import blocks
from engine.world.block_physics import WALL_SIDE_VALUES, WALL_SIDES, is_wall
from engine.world.blocks import NAMESPACE, BlockState, BlockStateError, quoted

NAMES_PATH = Path(__file__).resolve().parents[2] / "assets" / "block-names-1.12.2.json"
RELEASE = "1.12.2"
DATA_VALUE_FORM = re.compile(r"\s*(\S+)\s+(\d+)\s*")  # `/setblock x y z wool 14`


class DataValue(NamedTuple):
    """One data value of a 1.12.2 block: the properties it fixes (None: no 1.12.2 state is saved as it), those its
    states take from the neighbours (`varying`), and the table's state it maps to."""

    meta: int
    fixed: dict[str, str] | None
    varying: tuple[str, ...]
    state: BlockState


class OldBlock(NamedTuple):
    """A 1.12.2 block: its numeric id, properties (name → values) and default state's values."""

    name: str
    id: int
    properties: dict[str, tuple[str, ...]]
    default: dict[str, str]
    values: tuple[DataValue, ...]


class _Names(NamedTuple):
    by_name: dict[str, OldBlock]
    by_id: dict[int, OldBlock]


@lru_cache(maxsize=1)
def _names() -> _Names:
    raw = json.loads(NAMES_PATH.read_text(encoding="utf-8"))["blocks"]
    by_name = {name: OldBlock(name, e["id"], {k: tuple(v) for k, v in e["properties"].items()}, e["default"],
                              tuple(DataValue(meta, fixed, tuple(varying), _table_state(state))
                                    for meta, fixed, varying, state in e["values"]))
               for name, e in raw.items()}
    return _Names(by_name, {b.id: b for b in by_name.values()})


def _table_state(text: str) -> BlockState:
    """A state string of the 1.12.2 table (in 1.16.5's names)."""
    name, pairs = blocks.split_state(text)
    state = blocks.default_state(name, RELEASE)
    for key, value in pairs:
        state = state.with_(key, value)
    return state


def parse(text: str) -> BlockState | None:
    """`text` in 1.12.2's names (module docstring), or None when its name is none of 1.12.2's own."""
    data_form = DATA_VALUE_FORM.fullmatch(text)
    if data_form:
        name, meta = data_form.group(1), int(data_form.group(2))
        block = _names().by_name.get(name.removeprefix(NAMESPACE))
        if block is None:
            return None
        found = next((v for v in block.values if v.meta == meta), None)
        if found is None:
            metas = ", ".join(str(v.meta) for v in block.values)
            raise BlockStateError(f"'{NAMESPACE}{block.name}' has no data value {meta} in 1.12.2 (it has {metas}) "
                                  f"in {quoted(text)}")
        return found.state
    name, pairs = blocks.split_state(text)
    block = _names().by_name.get(name.removeprefix(NAMESPACE)) if name.count(":") <= 1 else None
    if block is None or (":" in name and not name.startswith(NAMESPACE)):
        return None
    values = dict(block.default)
    for key, value in pairs:
        allowed = block.properties.get(key)
        if allowed is None:
            listed = ", ".join(block.properties) or "none"
            raise BlockStateError(f"1.12.2 block '{NAMESPACE}{block.name}' has no property '{key}' "
                                  f"(properties: {listed}) in {quoted(text)}")
        if value not in allowed:
            raise BlockStateError(f"property '{key}' of 1.12.2 block '{NAMESPACE}{block.name}' takes "
                                  f"{'|'.join(allowed)}, not '{value}' in {quoted(text)}")
        values[key] = value
    return state_of(block, values)


def state_of(block: OldBlock, values: dict[str, str]) -> BlockState:
    """The table's state of a full 1.12.2 state: its data value's, with the derived values the table's block has."""
    found = next((v for v in block.values if v.fixed is not None
                  and all(values[k] == x for k, x in v.fixed.items())), None)
    assert found is not None, (block.name, values)   # every combination is some data value's (the generator checks)
    state = found.state
    for key in found.varying:
        value = values[key]
        if is_wall(state.block) and key in WALL_SIDES:
            value = WALL_SIDE_VALUES[value]
        if state.has_property(key):
            try:
                state = state.with_(key, value)
            except BlockStateError:   # a value the table's block lacks: the data value's
                continue
    return state


def state_of_data(block_id: int, meta: int) -> BlockState | None:
    """The table's state of numeric id `block_id` with data value `meta` (a pre-flattening file's cell), or None
    where 1.12.2 has no such id or the id no such value."""
    block = _names().by_id.get(block_id)
    if block is None:
        return None
    return next((v.state for v in block.values if v.meta == meta), None)


def block_named(name: str) -> OldBlock | None:
    """The 1.12.2 block of a bare or namespaced name, or None."""
    return _names().by_name.get(name.removeprefix(NAMESPACE))


def block_by_id(block_id: int) -> OldBlock | None:
    """The 1.12.2 block of a numeric id, or None."""
    return _names().by_id.get(block_id)


def name_of_id(block_id: int) -> str:
    """The bare 1.12.2 name of a numeric id 1.12.2 has."""
    return _names().by_id[block_id].name


@lru_cache(maxsize=1)
def _data_by_block() -> dict[str, list[tuple[int, int, DataValue]]]:
    """The table's block name → (id, data value, DataValue) of each data value that maps to one of its states: the
    1.12.2 block of the same name first (still `water` 9 before `flowing_water` 8), then by id and data value."""
    out: dict[str, list[tuple[int, int, DataValue]]] = {}
    for block in _names().by_name.values():
        for v in block.values:
            out.setdefault(v.state.block, []).append((block.id, v.meta, v))
    for name, found in out.items():
        found.sort(key=lambda c: (_names().by_id[c[0]].name != name, c[0], c[1]))
    return out


def data_of(state: BlockState) -> tuple[int, int] | None:
    """The numeric id and data value 1.12.2 saves a state of its table as (the first whose state agrees on every
    property the data value fixes), or None where none does."""
    for block_id, meta, v in _data_by_block().get(state.block, ()):
        if all(state.properties[k] == x for k, x in v.state.properties.items() if k not in v.varying):
            return block_id, meta
    return None
