"""A box of a world save read as a `Schematic` (interfaces.md, "Worlds"): the Anvil region files `r.X.Z.mca` of a
dimension, their chunks' block palettes, block entities and entities, mapped to 1.16.5 as the schematic formats are.

A region file starts with 1024 four-byte locations (a chunk's first 4 KiB sector in the top three bytes, its sector
count in the last), chunk (x & 31) + (z & 31)·32, then 1024 timestamps. A chunk's data starts at its sector: a
big-endian length (the bytes after it, the compression byte included), the compression (1 gzip, 2 zlib,
3 uncompressed; + 128: the data lies in `c.X.Z.mcc` beside the region file) and the NBT (RegionFile in 1.16.5).

The chunk NBT (ChunkSerializer): up to 1.17 under `Level`, its `Sections` each a `Y`, a `Palette` of
`{Name, Properties}` and `BlockStates` of palette indices (x fastest, then z, then y), `TileEntities`, the block
ticks still to run (`TileTicks`) and, before 1.17, `Entities`; from 1.18 (data version 2844) at the root,
`sections` with `block_states.palette` and `block_states.data` (absent when the palette has one entry),
`block_entities`, `block_ticks`, and section y below 0. Indices take
max(4, ceil(log2(palette size))) bits; before 20w17a (data version 2529) an index may span two longs, from then on a
long holds ⌊64 / bits⌋ indices and its top bits are unused (PackedIntegerArray). Entities lie in the chunk before
1.17 and in `entities/r.X.Z.mca` from 1.17 (`Entities` at the chunk's root); both are read.

Anything damaged is refused in one line naming the region file and the chunk; a chunk the box needs that was never
saved is refused too (the game would generate it, the engine cannot)."""

from __future__ import annotations

import math
import zlib
from pathlib import Path

import numpy as np

from engine.constants import BLOCK_COORDINATE_LIMIT, SAVED_BLOCK_Y
from engine.core.versions import DEFAULT_VERSION
from engine.geometry.box import BlockPos, Vec3
from engine.redstone.scheduler import EXTREMELY_HIGH, EXTREMELY_LOW
from engine.schematics.litematic import unpack
from engine.schematics.mapping import (
    Region,
    Schematic,
    Unmapped,
    check_data_version,
    count_unmapped,
    for_release,
    map_block_state,
    palette_ids,
    read_block_entity,
    read_entities,
    state_compound,
)
from engine.schematics.nbt_io import Compound, LongArray, Reader, SchematicError, parse_nbt
from engine.tick.input_limits import LimitError, check, exceeded, limit, regular_file

SECTOR_BYTES = 4096
HEADER_BYTES = 2 * SECTOR_BYTES                  # locations, then timestamps
REGION_CHUNKS = 32                               # a region file holds 32 × 32 chunks
CHUNK_HEADER_BYTES = 5                           # the length (int) and the compression (byte)
EXTERNAL_FLAG = 128                              # RegionFile.isExternal: the chunk is in c.X.Z.mcc
COMPRESSIONS = {1: ("gzip", 16 + zlib.MAX_WBITS), 2: ("zlib", zlib.MAX_WBITS), 3: ("uncompressed", None)}
SECTION_CELLS = 4096
MIN_INDEX_BITS = 4                               # PalettedContainer: a chunk palette's indices take at least 4 bits
ALIGNED_INDICES_DATA_VERSION = 2529              # 20w17a: indices no longer span two longs
DIMENSIONS = {"overworld": "", "the_nether": "DIM-1", "the_end": "DIM1"}   # the folder of each dimension's regions
ULTRAWARM_DIMENSIONS = frozenset({"the_nether"})  # DimensionType.ultrawarm: water evaporates, lava flows further


def dimension_folder(world: Path, dimension: str) -> Path:
    """The folder holding `region/` (and `entities/`) of a dimension (`overworld`, `the_nether`, `the_end`,
    with or without `minecraft:`)."""
    name = dimension.removeprefix("minecraft:")
    if name not in DIMENSIONS:
        raise ValueError(f"unknown dimension {dimension!r} (expected {', '.join(DIMENSIONS)})")
    return world / DIMENSIONS[name] if DIMENSIONS[name] else world


def box_problem(lo: BlockPos, hi: BlockPos) -> str | None:
    """Why the box of inclusive corners `lo`..`hi` cannot be read (inverted, outside the world, or more cells than
    the `cells` limit), or None."""
    for axis in range(3):
        if lo[axis] > hi[axis]:
            return (f"the box is inverted in {'xyz'[axis]} (from {lo[axis]} > to {hi[axis]}); expected each "
                    "coordinate of 'from' at or below the one of 'to'")
    for axis in (0, 2):
        if lo[axis] < -BLOCK_COORDINATE_LIMIT or hi[axis] >= BLOCK_COORDINATE_LIMIT:
            return (f"the box reaches {'xyz'[axis]} {lo[axis]}..{hi[axis]}, outside the world "
                    f"(-{BLOCK_COORDINATE_LIMIT}..{BLOCK_COORDINATE_LIMIT - 1})")
    low, high = SAVED_BLOCK_Y
    if lo[1] < low or hi[1] > high:
        return f"the box reaches y {lo[1]}..{hi[1]}, outside what a world save holds ({low}..{high})"
    try:
        check("cells", math.prod(hi[k] - lo[k] + 1 for k in range(3)), "cells of the box")
    except LimitError as err:
        return str(err)
    return None


def read_region(world: Path, lo: BlockPos, hi: BlockPos, dimension: str = "overworld",
                allow_unmapped: bool = False, release: str = DEFAULT_VERSION) -> Schematic:
    """The blocks, block entities and entities of the box `lo`..`hi` (inclusive, world coordinates) of a world
    save, as a `Schematic` whose origin is `lo`, in the block names and states of `release` (a scene's version).
    Every refusal is one `SchematicError` line."""
    if not (world / "level.dat").is_file():
        why = "no such folder" if not world.exists() else "not a folder" if not world.is_dir() else "no level.dat"
        raise SchematicError(f"{world}: not a Minecraft world folder ({why})")
    try:
        folder = dimension_folder(world, dimension)
    except ValueError as err:
        raise SchematicError(f"{world}: {err}") from None
    problem = box_problem(lo, hi)
    if problem:
        raise SchematicError(f"{world}: {problem}")
    regions, entities = _RegionFiles(folder / "region"), _RegionFiles(folder / "entities")
    try:
        with for_release(release):
            return _read_box(world, regions, entities, lo, hi, allow_unmapped)
    except OSError as err:
        raise SchematicError(f"{world}: cannot read its region files: {err.strerror or err}") from None


def _read_box(world: Path, regions: _RegionFiles, entities: _RegionFiles, lo: BlockPos, hi: BlockPos,
              allow_unmapped: bool) -> Schematic:
    """`read_region` once the world, the dimension and the box are known to be good."""
    chunks = [(cx, cz) for cz in range(lo[2] >> 4, (hi[2] >> 4) + 1) for cx in range(lo[0] >> 4, (hi[0] >> 4) + 1)]
    missing = [c for c in chunks if not regions.has(*c)]
    if missing:
        cx, cz = missing[0]
        more = f" and {len(missing) - 1} more of the box's {len(chunks)}" if len(missing) > 1 else ""
        raise SchematicError(f"{regions.path(cx, cz)}: chunk {cx},{cz} is not saved{more} (the box reaches past the "
                             f"saved chunks; open the world in the game there first, or choose a smaller box)")
    schem = Schematic()
    ids = np.zeros((hi[1] - lo[1] + 1, hi[2] - lo[2] + 1, hi[0] - lo[0] + 1), dtype=np.uint16)
    unmapped = Unmapped()
    for cx, cz in chunks:
        _read_chunk(regions, cx, cz, lo, hi, ids, schem, unmapped)
        if entities.has(cx, cz):
            _read_entity_chunk(entities, cx, cz, lo, hi, schem, unmapped)
    schem.regions.append(Region((0, 0, 0), ids))
    unmapped.check(Reader(world), allow_unmapped, schem)
    return schem


class _RegionFiles:
    """The region files of one folder (`region/` or `entities/`), the locations of each read once (a file is open
    only while it is read)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._headers: dict[tuple[int, int], tuple[np.ndarray, int] | None] = {}

    def path(self, cx: int, cz: int) -> Path:
        return self.folder / f"r.{cx >> 5}.{cz >> 5}.mca"

    def _header(self, cx: int, cz: int) -> tuple[np.ndarray, int] | None:
        """The chunk locations of the region file holding chunk cx, cz and the file's size; None without one."""
        key = (cx >> 5, cz >> 5)
        if key not in self._headers:
            path = self.path(cx, cz)
            if regular_file(path):
                self._headers[key] = None
            else:
                with path.open("rb") as f:
                    header = f.read(SECTOR_BYTES)
                    size = f.seek(0, 2)
                # RegionFile: a short header reads as zeros past its end (those chunks are not saved)
                locations = np.zeros(REGION_CHUNKS * REGION_CHUNKS, dtype=">u4")
                whole = len(header) // 4
                locations[:whole] = np.frombuffer(header[:whole * 4], dtype=">u4")
                self._headers[key] = (locations, size)
        return self._headers[key]

    def _location(self, cx: int, cz: int) -> int:
        found = self._header(cx, cz)
        return 0 if found is None else int(found[0][(cx & 31) + (cz & 31) * REGION_CHUNKS])

    def has(self, cx: int, cz: int) -> bool:
        return self._location(cx, cz) != 0

    def read(self, cx: int, cz: int) -> tuple[Compound, Reader, str]:
        """The chunk's root compound, a reader naming the region file, and where: `chunk X,Z`."""
        path, where = self.path(cx, cz), f"chunk {cx},{cz}"
        reader = Reader(path)
        locations, size = self._header(cx, cz)   # type: ignore[misc]
        location = int(locations[(cx & 31) + (cz & 31) * REGION_CHUNKS])
        sector, count = location >> 8, location & 0xFF
        if sector < HEADER_BYTES // SECTOR_BYTES:
            raise reader.fail(where, f"its first sector, {sector}, lies in the file's header (a damaged region file)")
        if sector * SECTOR_BYTES >= size:
            raise reader.fail(where, f"its first sector, {sector}, lies past the end of the file ({size:,} bytes; a "
                                     "damaged or truncated region file)")
        with path.open("rb") as f:
            f.seek(sector * SECTOR_BYTES)
            data = f.read(count * SECTOR_BYTES)
        if len(data) < CHUNK_HEADER_BYTES:
            raise reader.fail(where, f"its header is truncated ({len(data)} of {CHUNK_HEADER_BYTES} bytes)")
        length, kind = int.from_bytes(data[:4], "big", signed=True), data[4]
        if length <= 0:
            raise reader.fail(where, f"its declared length is {length} (a damaged region file)")
        external = kind & EXTERNAL_FLAG
        kind &= ~EXTERNAL_FLAG
        if kind not in COMPRESSIONS:
            raise reader.fail(where, f"unknown compression {kind} (expected 1 gzip, 2 zlib or 3 uncompressed; "
                                     "LZ4, 4, is a 1.20.5+ server option not read here)")
        if external:
            payload = self._external(cx, cz, reader, where)
        else:
            if length - 1 > len(data) - CHUNK_HEADER_BYTES:
                raise reader.fail(where, f"its data is truncated ({len(data) - CHUNK_HEADER_BYTES} of {length - 1} "
                                         "bytes)")
            payload = data[CHUNK_HEADER_BYTES:CHUNK_HEADER_BYTES + length - 1]
        name, wbits = COMPRESSIONS[kind]
        root = parse_nbt(_unpack(payload, name, wbits, reader, where), f"{path}: {where}")
        return root, reader, where

    def _external(self, cx: int, cz: int, reader: Reader, where: str) -> bytes:
        """An oversized chunk's data, kept in `c.X.Z.mcc` beside the region file (RegionFile.getExternalChunkPath),
        read up to the `nbt_bytes` limit."""
        path = self.folder / f"c.{cx}.{cz}.mcc"
        why = regular_file(path)
        if why:
            raise reader.fail(where, f"stored outside the region file, in {path.name}, which cannot be read: {why}")
        most = limit("nbt_bytes")
        with path.open("rb") as f:
            data = f.read(most + 1)
        if len(data) > most:
            raise reader.fail(where, str(exceeded("nbt_bytes", len(data), f"bytes of {path.name} (at least)")))
        return data


def _unpack(payload: bytes, name: str, wbits: int | None, reader: Reader, where: str) -> bytes:
    """A chunk's NBT bytes, unpacked up to the `nbt_bytes` limit."""
    most = limit("nbt_bytes")
    if wbits is None:
        data = payload
    else:
        unpacker = zlib.decompressobj(wbits)
        try:
            data = unpacker.decompress(payload, most + 1)
        except zlib.error as err:
            raise reader.fail(where, f"damaged {name} data ({err})") from None
        if len(data) <= most and not unpacker.eof:
            raise reader.fail(where, f"damaged {name} data (it ends early)")
    if len(data) > most:
        raise reader.fail(where, str(exceeded("nbt_bytes", len(data), "bytes its NBT unpacks to (at least)")))
    return data


def _read_chunk(regions: _RegionFiles, cx: int, cz: int, lo: BlockPos, hi: BlockPos, ids: np.ndarray,
                schem: Schematic, unmapped: Unmapped) -> None:
    """One chunk's blocks inside the box into `ids` ([y, z, x] from `lo`), its block entities and (before 1.17)
    entities into `schem`."""
    root, reader, where = regions.read(cx, cz)
    data_version = _data_version(reader, root, where)
    if "Level" in root:
        level, w = reader.compound(root, "Level", where), f"{where} Level"
        keys = ("Sections", "TileEntities", "Entities", "TileTicks")
    else:
        level, w = root, where
        keys = ("sections", "block_entities", "Entities", "block_ticks")
    schem.data_version = data_version    # what entity and block-entity states of this chunk are mapped from
    for i, section in enumerate(reader.compounds(level, keys[0], w)):
        _read_section(reader, section, f"{w}.{keys[0]}[{i}]", data_version, (cx, cz), lo, hi, ids, unmapped)
    for i, tag in enumerate(reader.compounds(level, keys[1], w)):
        ws = f"{w}.{keys[1]}[{i}]"
        pos = (reader.integer(tag, "x", ws), reader.integer(tag, "y", ws), reader.integer(tag, "z", ws))
        if _inside(pos, lo, hi):
            read_block_entity(reader, tag, (pos[0] - lo[0], pos[1] - lo[1], pos[2] - lo[2]),
                              reader.string(tag, "id", ws, ""), schem, ws)
    _read_entities(reader, level, keys[2], w, lo, hi, schem, unmapped)
    _read_block_ticks(reader, level, keys[3], w, data_version, lo, hi, schem)


def _read_block_ticks(reader: Reader, level: Compound, key: str, where: str, data_version: int, lo: BlockPos,
                      hi: BlockPos, schem: Schematic) -> None:
    """The chunk's block ticks still to run inside the box (`{i: block, x, y, z, t: ticks left, p: priority}`,
    ChunkSerializer), scheduled again as the game does when the chunk loads; a tick of a block without a 1.16.5
    equivalent is dropped with its block."""
    for i, tag in enumerate(reader.compounds(level, key, where)):
        wt = f"{where}.{key}[{i}]"
        pos = (reader.integer(tag, "x", wt), reader.integer(tag, "y", wt), reader.integer(tag, "z", wt))
        if not _inside(pos, lo, hi):
            continue
        state = map_block_state(reader.string(tag, "i", wt), {}, data_version)
        if state is not None:
            # TickPriority.byIndex: an index past either end is the priority at that end
            priority = min(max(reader.integer(tag, "p", wt, 0), EXTREMELY_HIGH), EXTREMELY_LOW)
            schem.scheduled.append(((pos[0] - lo[0], pos[1] - lo[1], pos[2] - lo[2]), state.block,
                                    reader.integer(tag, "t", wt), priority))


def _read_entity_chunk(entities: _RegionFiles, cx: int, cz: int, lo: BlockPos, hi: BlockPos, schem: Schematic,
                       unmapped: Unmapped) -> None:
    """The chunk's entities of `entities/r.X.Z.mca` (1.17+)."""
    root, reader, where = entities.read(cx, cz)
    schem.data_version = _data_version(reader, root, where)
    _read_entities(reader, root, "Entities", where, lo, hi, schem, unmapped)


def _read_entities(reader: Reader, tag: Compound, key: str, where: str, lo: BlockPos, hi: BlockPos,
                   schem: Schematic, unmapped: Unmapped) -> None:
    """The entities of `tag[key]` standing in the box (their block position; riders go with their vehicle)."""
    inside = []
    for i, entity in enumerate(reader.compounds(tag, key, where)):
        pos = reader.numbers(entity, "Pos", f"{where}.{key}[{i}]", 3)
        if all(math.isfinite(p) for p in pos) and _inside(tuple(math.floor(p) for p in pos), lo, hi):
            inside.append((entity, None))
    try:   # before any is made: a world's chunks may hold far more than a scene loads
        check("entities", len(schem.entities) + len(inside), "entities of the box (at least)")
    except LimitError as err:
        raise reader.fail(f"{where}.{key}", str(err)) from None
    read_entities(reader, inside, Vec3(-lo[0], -lo[1], -lo[2]), schem, unmapped, f"{where}.{key}")


def _data_version(reader: Reader, root: Compound, where: str) -> int:
    """A chunk's data version; a chunk not upgraded since before 1.13's block states is refused."""
    data_version = reader.integer(root, "DataVersion", where, 0)   # chunks saved before 1.9 have none
    check_data_version(reader, data_version, f"{where}.DataVersion", "optimize the world in 1.13 or later (the "
                                                                     "game's Optimize World upgrades every chunk)")
    return data_version


def _inside(pos: tuple[int, ...], lo: BlockPos, hi: BlockPos) -> bool:
    return all(lo[k] <= pos[k] <= hi[k] for k in range(3))


def _read_section(reader: Reader, section: Compound, where: str, data_version: int, chunk: tuple[int, int],
                  lo: BlockPos, hi: BlockPos, ids: np.ndarray, unmapped: Unmapped) -> None:
    """A section's blocks inside the box; a section without a palette (light only) holds air."""
    sy = reader.integer(section, "Y", where)
    y0, x0, z0 = sy * 16, chunk[0] * 16, chunk[1] * 16
    if y0 + 15 < lo[1] or y0 > hi[1]:
        return
    if "block_states" in section:
        states, w = reader.compound(section, "block_states", where), f"{where}.block_states"
        palette_key, data_key = "palette", "data"
    else:
        states, w = section, where
        palette_key, data_key = "Palette", "BlockStates"
    if palette_key not in states:
        return
    palette = [state_compound(reader, t, f"{w}.{palette_key}[{i}]")
               for i, t in enumerate(reader.compounds(states, palette_key, w))]
    if not palette:
        raise reader.fail(f"{w}.{palette_key}", "empty (expected at least one block state)")
    if data_key in states:
        indices = _indices(reader, reader.array(states, data_key, LongArray, w), len(palette), data_version,
                           f"{w}.{data_key}")
    elif len(palette) == 1:
        indices = np.zeros(SECTION_CELLS, dtype=np.uint16)
    else:
        raise reader.fail(f"{w}.{data_key}", f"missing (a palette of {len(palette)} states needs it)")
    cells = indices.reshape(16, 16, 16)
    # the part of the section inside the box, in section and in box coordinates
    (ya, yb), (za, zb), (xa, xb) = ((max(lo[k], o), min(hi[k], o + 15)) for k, o in ((1, y0), (2, z0), (0, x0)))
    if xa > xb or za > zb:
        return
    part = cells[ya - y0:yb - y0 + 1, za - z0:zb - z0 + 1, xa - x0:xb - x0 + 1]
    state_ids, missing = palette_ids(reader, palette, data_version)
    count_unmapped(unmapped, missing, part)
    ids[ya - lo[1]:yb - lo[1] + 1, za - lo[2]:zb - lo[2] + 1, xa - lo[0]:xb - lo[0] + 1] = state_ids[part]


def _indices(reader: Reader, longs: np.ndarray, palette_size: int, data_version: int, where: str) -> np.ndarray:
    """A section's 4096 palette indices from its packed longs."""
    bits = max(MIN_INDEX_BITS, (palette_size - 1).bit_length())
    if data_version < ALIGNED_INDICES_DATA_VERSION:
        expected = SECTION_CELLS * bits // 64
    else:
        expected = -(-SECTION_CELLS // (64 // bits))
    if len(longs) != expected:
        raise reader.fail(where, f"holds {len(longs)} longs, expected {expected} for 4096 indices of {bits} bits "
                                 f"(a palette of {palette_size})")
    if data_version < ALIGNED_INDICES_DATA_VERSION:
        indices = unpack(longs, SECTION_CELLS, bits)
    else:
        indices = _unpack_aligned(longs, bits)
    if int(indices.max()) >= palette_size:
        raise reader.fail(where, f"index {int(indices.max())} is past the palette ({palette_size} entries)")
    return indices


def _unpack_aligned(longs: np.ndarray, bits: int) -> np.ndarray:
    """4096 indices of `bits` bits, ⌊64 / bits⌋ to a long from its lowest bits up (1.16+ PackedIntegerArray)."""
    per = 64 // bits
    words = longs.astype(">i8").view(">u8").astype(np.uint64)
    shifts = np.arange(per, dtype=np.uint64) * np.uint64(bits)
    values = (words[:, None] >> shifts[None, :]) & np.uint64((1 << bits) - 1)
    return values.ravel()[:SECTION_CELLS].astype(np.uint16 if bits <= 16 else np.uint32)


__all__ = ["DIMENSIONS", "ULTRAWARM_DIMENSIONS", "box_problem", "dimension_folder", "read_region"]
