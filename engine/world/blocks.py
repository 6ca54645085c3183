"""Block states of every release with a block table: one interned `BlockState` per state id, parsed from
`/setblock` syntax in the names and states of a release.

The tables are `assets/blocks-1.16.5.json` (generated from minecraft-data by `tools/gen_blocks.py`,
notes/block-data.md) and `assets/blocks-releases.json` (1.12.2, 1.13.2, 1.14 to 1.15.2 and 1.17 to 1.21.11 as
block rows that differ from 1.16.5's, `tools/gen_block_releases.py`; 1.12.2's in 1.16.5's names, from
`tools/gen_block_1_12.py`). One id space holds them all: 1.16.5's states keep their game
ids 0..17111 and each other row's states follow (the world stores these ids; a release's own game ids are never
needed, files name blocks). A release names the rows it has: `mud` is a block of 1.19 and no block of 1.16.5,
`honey_block` none of 1.14.4, whose walls have boolean sides, `kelp` none of 1.12.2. 1.16-1.16.4 (and the refused
releases 1.11-1.12.1, 1.13 and 1.13.1) use 1.16.5's table. Read on first use, so importing this module stays
cheap: 1.16.5's states first (17,112), the other releases' rows only when such a release, one of their ids or every
state is asked for (launch time: a 1.16.5 scene never builds them; docs/performance.md). A state id is a row's first id
plus a mixed-radix index over the block's properties in table order, last property fastest; bool properties list
`true` first.
"""

from __future__ import annotations

import gc
import json
import threading
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import repeat
from math import prod
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn

from engine.core.versions import DEFAULT_VERSION, Version, parse_version, version_text
from engine.geometry.box import Box
from engine.geometry.shapes import VoxelShape, from_boxes
from engine.java.javanum import f32
from engine.world.block_physics import AIR_BLOCKS, DYNAMIC_BOUNDS, EARLIER_NAMES, LATER_MODELLED

TABLE_PATH = Path(__file__).resolve().parents[2] / "assets" / "blocks-1.16.5.json"
RELEASES_PATH = TABLE_PATH.with_name("blocks-releases.json")
NAMESPACE = "minecraft:"
BASE_RELEASE = parse_version(DEFAULT_VERSION)   # the release of TABLE_PATH
LEGACY_RELEASE = (1, 12, 2)   # the release before the flattening: its own names read too (`block_names_1_12`)


class BlockStateError(ValueError):
    """A block-state string or property edit that names no state; the message is one line."""


class _Block:
    """One block's entry in the table: its properties, their radices, and its states."""

    __slots__ = ("name", "min_id", "default_id", "properties", "strides", "states")

    def __init__(self, name: str, min_id: int, default_id: int,
                 properties: list[tuple[str, tuple[str, ...]]]) -> None:
        self.name = name
        self.min_id = min_id
        self.default_id = default_id
        self.properties = dict(properties)  # name → values, in table order
        strides = {}
        stride = 1
        for key, values in reversed(properties):
            strides[key] = stride
            stride *= len(values)
        self.strides = strides
        self.states: list[BlockState] = []

    def describe(self) -> str:
        return ", ".join(self.properties) if self.properties else "none"


class BlockState:
    """An immutable block state; equal states are the same object (compare with `is` or `==`)."""

    __slots__ = ("id", "name", "block", "_properties", "collision_shape", "exceeds_cube", "is_air",
                 "resistance", "hardness", "_info")

    id: int
    name: str
    block: str
    _properties: Mapping[str, str] | None   # made on first use (`properties`)
    collision_shape: VoxelShape
    exceeds_cube: bool  # AbstractBlockState.exceedsCube, see block_physics.DYNAMIC_BOUNDS
    is_air: bool
    resistance: float
    hardness: float
    _info: _Block

    def __setattr__(self, key: str, value: object) -> NoReturn:
        raise AttributeError(f"BlockState is immutable (tried to set {key!r} on {self})")

    @property
    def properties(self) -> Mapping[str, str]:
        """Property name → value, in the table's order; made on first use from the state's place among its
        block's states (the tables make 34,249 states at start-up, and few are ever asked)."""
        properties = self._properties
        if properties is None:
            info = self._info
            index = self.id - info.min_id
            properties = MappingProxyType({key: values[index // info.strides[key] % len(values)]
                                           for key, values in info.properties.items()})
            _SET_PROPERTIES(self, properties)
        return properties

    def has_property(self, key: str) -> bool:
        """Whether the block has property `key` (without making `properties`)."""
        return key in self._info.properties

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        """Copies and pickles resolve to the interned state."""
        return state_by_id, (self.id,)

    def __str__(self) -> str:
        if not self.properties:
            return self.name
        return self.name + "[" + ",".join(f"{k}={v}" for k, v in self.properties.items()) + "]"

    def __repr__(self) -> str:
        return f"BlockState({self.id}, {str(self)!r})"

    def get(self, key: str) -> str:
        """The value of property `key`."""
        value = self.properties.get(key)
        if value is None:
            _no_property(self._info, key, str(self))
        return value

    def with_(self, key: str, value: str | int | bool) -> BlockState:
        """This state with property `key` set to `value` (`BlockState.with`); bools and ints as in Java."""
        info = self._info
        text = _spell(value)
        values = info.properties.get(key)
        if values is None:
            _no_property(info, key, str(self))
        if text not in values:
            _bad_value(info, key, text, str(self))
        old = values.index(self.properties[key])
        return info.states[self.id - info.min_id + (values.index(text) - old) * info.strides[key]]


_SET_PROPERTIES = BlockState.__dict__["_properties"].__set__


class _NewState:
    """A `BlockState` being made: the same slots, set as plain attributes before its class becomes `BlockState`
    (the tables make 34,249 states at start-up: twice as fast as setting them through the slot descriptors)."""

    __slots__ = BlockState.__slots__


def _new_state(state_id: int, name: str, block: str, shape: VoxelShape, exceeds_cube: bool, is_air: bool,
               resistance: float, hardness: float, info: _Block) -> BlockState:
    state = _NewState()
    state.id = state_id
    state.name = name
    state.block = block
    state._properties = None
    state.collision_shape = shape
    state.exceeds_cube = exceeds_cube
    state.is_air = is_air
    state.resistance = resistance
    state.hardness = hardness
    state._info = info
    state.__class__ = BlockState
    return state


def _spell(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def quoted(text: str) -> str:
    """`text` in double quotes, as error messages show a block-state string."""
    return json.dumps(text, ensure_ascii=False)


def _no_property(info: _Block, key: str, text: str) -> NoReturn:
    raise BlockStateError(f"block '{NAMESPACE}{info.name}' has no property '{key}' "
                          f"(properties: {info.describe()}) in {quoted(text)}")


def _bad_value(info: _Block, key: str, value: str, text: str) -> NoReturn:
    raise BlockStateError(f"property '{key}' of '{NAMESPACE}{info.name}' takes "
                          f"{'|'.join(info.properties[key])}, not '{value}' in {quoted(text)}")


class _Table:
    """Every state loaded so far by id; `blocks` names 1.16.5's rows. The later releases' part (`load_later`):
    `releases` names each later release's rows,
    `data_versions`: release → the game's DataVersion; None until loaded."""

    __slots__ = ("blocks", "states", "releases", "data_versions", "_columns", "_shapes")

    def __init__(self, raw: dict) -> None:
        self._columns = raw["columns"]
        self._shapes = [from_boxes(Box(*map(float, b)) for b in boxes) for boxes in raw["shapes"]]
        col = {c: i for i, c in enumerate(self._columns)}
        self.states: list[BlockState] = []
        self.blocks = {name: self._add(name, row, col) for name, row in raw["blocks"].items()}
        self.releases: dict[Version, dict[str, _Block]] | None = None
        self.data_versions: dict[Version, int] = {}

    def load_later(self, later: dict) -> None:
        """Add the rows of the releases with a table of their own (`RELEASES_PATH`, `has_own_table`): their states'
        ids follow 1.16.5's."""
        assert later["columns"] == self._columns and later["first_shape"] == len(self._shapes), RELEASES_PATH
        self._shapes += [from_boxes(Box(*map(float, b)) for b in boxes) for boxes in later["shapes"]]
        col = {c: i for i, c in enumerate(self._columns)}
        variants = [self._add(name, row, col) for name, row in later["variants"]]
        tables = []
        names = dict(self.blocks)
        for diff in later["tables"]:   # each the one before it (or 1.16.5's: `from_base`), changed
            if diff.get("from_base"):
                names = dict(self.blocks)
            names = {n: b for n, b in names.items() if n not in diff["removed"]}
            names.update({n: self.blocks[n] if v < 0 else variants[v] for n, v in diff["set"].items()})
            tables.append(names)
        releases = {}
        for text, entry in later["releases"].items():
            releases[parse_version(text)] = tables[entry["table"]]
            self.data_versions[parse_version(text)] = entry["data_version"]
        self.releases = releases

    def _add(self, name: str, row: list, col: dict[str, int]) -> _Block:
        """The states of one table row (`col`: column name → index), appended to `states`."""
        props = [(key, tuple(values)) for key, _kind, values in row[col["states"]]]
        info = _Block(name, row[col["minStateId"]], row[col["defaultState"]], props)
        count = row[col["maxStateId"]] - info.min_id + 1
        shape_ids = row[col["shapes"]]
        if isinstance(shape_ids, int):
            shape_ids = [shape_ids] * count
        hardness = f32(row[col["hardness"]])  # AbstractBlock fields are floats
        resistance = f32(row[col["resistance"]])
        full, dynamic, is_air = NAMESPACE + name, name in DYNAMIC_BOUNDS, name in AIR_BLOCKS
        # The states enumerate the mixed-radix index with the last property fastest (`BlockState.properties`
        # reads them back); exceeds_cube: see block_physics.DYNAMIC_BOUNDS. Column by column through map()
        # (start-up time: 34,249 states)
        assert prod(len(v) for _, v in props) == count, f"{name}: {count} states for {props}"
        assert info.min_id == len(self.states), f"{name}: state ids are not contiguous"
        shapes = self._shapes
        state_shapes = [shapes[i] for i in shape_ids]
        exceeds = [True] * count if dynamic else [shape.exceeds_cube for shape in state_shapes]
        info.states = list(map(_new_state, range(info.min_id, info.min_id + count), repeat(full), repeat(name),
                               state_shapes, exceeds, repeat(is_air), repeat(resistance), repeat(hardness),
                               repeat(info)))
        self.states.extend(info.states)
        return info

    def names(self, release: Version) -> dict[str, _Block]:
        """The blocks of `release` by bare name (1.16.5's where it has no table of its own: `has_own_table`)."""
        if not has_own_table(release):
            return self.blocks
        return _later().releases[release]


_table: _Table | None = None
_loading = threading.Lock()   # the viewer's jobs may ask for the later releases from another thread


def _load() -> _Table:
    """The table with 1.16.5's states."""
    global _table
    if _table is None:
        with _loading:
            if _table is None:
                _table = _built(lambda: _Table(json.loads(TABLE_PATH.read_text(encoding="utf-8"))))
    return _table


def _later() -> _Table:
    """The table with every release's states."""
    table = _table or _load()
    if table.releases is None:
        with _loading:
            if table.releases is None:
                _built(lambda: table.load_later(json.loads(RELEASES_PATH.read_text(encoding="utf-8"))))
    return table


def _built(make: Callable[[], Any]) -> Any:
    """`make()`'s result, made with the collector off and its objects then frozen: the table's objects all live
    on, so collecting while they are made frees nothing, and later collections skip them (with what was loaded
    before; start-up time: without this the viewer's launch spends ~60 ms in collections walking them)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        made = make()
    finally:
        if collecting:
            gc.enable()
    gc.freeze()
    return made


def state_by_id(i: int) -> BlockState:
    """The state with id `i`: 0..17111 are 1.16.5's (`Block.STATE_IDS`), later releases' rows follow."""
    states = (_table or _load()).states
    if i >= len(states):
        states = _later().states
    if not 0 <= i < len(states):
        raise BlockStateError(f"block state id {i} is outside 0..{len(states) - 1}")
    return states[i]


def all_states() -> list[BlockState]:
    """Every state of every release, indexed by id (for tables indexed by state id)."""
    return _later().states


def loaded_states() -> list[BlockState]:
    """The states made so far, indexed by id: one list, which grows (in place) when a later release's are made.
    Every id a world holds is in it; for lookups in hot loops without building what no scene asked for."""
    return (_table or _load()).states


def states_of(release: str | Version | None = None) -> list[BlockState]:
    """Every state of `release` (default 1.16.5), in id order."""
    return sorted((s for info in (_table or _load()).names(_release(release)).values() for s in info.states),
                  key=lambda s: s.id)


def _release(release: str | Version | None) -> Version:
    if release is None:
        return BASE_RELEASE
    return parse_version(release) if isinstance(release, str) else release


def has_own_table(release: Version) -> bool:
    """Whether `release` has a block table of its own in `RELEASES_PATH` (1.12.2, 1.13.2, 1.14-1.15.2, 1.17 and
    later); the others use 1.16.5's (1.16-1.16.5 as theirs; the refused releases 1.11-1.12.1, 1.13 and 1.13.1 for
    what they may place, `block_data`)."""
    return release in ((1, 12, 2), (1, 13, 2)) or (1, 14, 0) <= release < (1, 16, 0) or release >= (1, 17, 0)


def data_version(release: str | Version) -> int | None:
    """The game's DataVersion of the names of `release`'s table where it has one of its own (`has_own_table`); None
    where files map to 1.16.5's names (1.12.2's table is made in them; the releases without a table)."""
    v = _release(release)
    return _later().data_versions.get(v) if has_own_table(v) else None


def _block(name: str, text: str, release: Version) -> _Block:
    bare = name[len(NAMESPACE):] if name.startswith(NAMESPACE) else name
    info = (_table or _load()).names(release).get(bare)
    if info is None:
        shown = name if ":" in name else NAMESPACE + name
        raise BlockStateError(f"unknown block '{shown}' in {quoted(text)} (no block of {version_text(release)} has "
                              "that name)")
    return info


def has_block(name: str, release: str | Version | None = None) -> bool:
    """Whether `release` (default 1.16.5) has a block of bare name `name`."""
    return name in (_table or _load()).names(_release(release))


def is_modelled(state: BlockState) -> bool:
    """Whether the engine knows what the state's block does: every block of 1.16.5 (in any release's row of it)
    and the later blocks `block_physics.LATER_MODELLED` names (and 1.13.2's names of 1.16.5 blocks, `EARLIER_NAMES`)."""
    return state.block in (_table or _load()).blocks or state.block in LATER_MODELLED or state.block in EARLIER_NAMES


def default_state(name: str, release: str | Version | None = None) -> BlockState:
    """The default state of block `name` ("stone" or "minecraft:stone") of `release` (default 1.16.5)."""
    info = _block(name, name, _release(release))
    return info.states[info.default_id - info.min_id]


def block_names(release: str | Version | None = None) -> list[str]:
    """Bare names of the blocks of `release` (default 1.16.5), in the order of its table."""
    return list((_table or _load()).names(_release(release)))


def parse_block_state(text: str, release: str | Version | None = None) -> BlockState:
    """Parse `/setblock` syntax, `minecraft:oak_fence[east=true,north=false]`, in the names and states of
    `release` (default 1.16.5); the namespace is optional and properties left out keep the block's default
    state's values."""
    return _parse(text, _release(release))


@lru_cache(maxsize=4096)
def _parse(text: str, release: Version) -> BlockState:
    """`parse_block_state`, remembered by text and release (a scene repeats a few). 1.12.2 reads a string its table
    cannot (a name or property the table lacks) in its own names (`block_names_1_12`): the table's names come
    first, so a scene shared with later releases means the same blocks there (`minecraft:grass` is the plant)."""
    try:
        return _parse_in_table(text, release)
    except BlockStateError as err:
        if release != LEGACY_RELEASE:
            raise
        from engine.world import block_names_1_12  # on first use: a 1.12.2 scene only
        try:
            state = block_names_1_12.parse(text)
        except BlockStateError as legacy_err:   # neither reads it: the table's error where its block has the keys
            raise (err if _table_has_keys(text, release) else legacy_err) from None
        if state is None:
            raise err from None
        return state


def _table_has_keys(text: str, release: Version) -> bool:
    """Whether `release`'s table has the block `text` names, with every property key it gives."""
    try:
        name, pairs = split_state(text)
    except BlockStateError:   # not the table's syntax (a name and a data value)
        return False
    info = (_table or _load()).names(release).get(name.removeprefix(NAMESPACE))
    return info is not None and all(key in info.properties for key, _ in pairs)


def split_state(text: str) -> tuple[str, list[tuple[str, str]]]:
    """`/setblock` syntax → the name as written and its key=value pairs, each checked for form only."""
    body = text.strip()
    if "[" in body:
        name, _, rest = body.partition("[")
        props, close, tail = rest.partition("]")
        if not close:
            raise BlockStateError(f"expected ']' after the properties in {quoted(text)}")
        if tail.strip() or "[" in props:
            raise BlockStateError(f"expected one [key=value,...] list and nothing after it in {quoted(text)}")
    elif "]" in body:
        raise BlockStateError(f"unexpected ']' without '[' in {quoted(text)}")
    else:
        name, props = body, ""
    name = name.strip()
    if not name or any(c.isspace() for c in name):
        raise BlockStateError(f"expected a block name such as minecraft:stone in {quoted(text)}")
    pairs: list[tuple[str, str]] = []
    if not props.strip():
        return name, pairs
    for item in props.split(","):
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key or not value:
            raise BlockStateError(f"expected key=value, not '{item.strip()}' in {quoted(text)}")
        if any(key == k for k, _ in pairs):
            raise BlockStateError(f"duplicate property '{key}' in {quoted(text)}")
        pairs.append((key, value))
    return name, pairs


def _parse_in_table(text: str, release: Version) -> BlockState:
    """`text` in the names and states of `release`'s table."""
    name, pairs = split_state(text)
    info = _block(name, text, release)
    state = info.states[info.default_id - info.min_id]
    for key, value in pairs:
        if key not in info.properties:
            _no_property(info, key, text)
        if value not in info.properties[key]:
            _bad_value(info, key, value, text)
        state = state.with_(key, value)
    return state


def __getattr__(name: str) -> BlockState:
    """`AIR` is made on first access, so that importing this module does not load the table."""
    if name == "AIR":
        air = default_state("air")
        globals()["AIR"] = air
        return air
    raise AttributeError(f"module 'engine.world.blocks' has no attribute {name!r}")
