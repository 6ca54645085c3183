"""Litematica's `.litematic`: named regions, each a palette and a bit-packed long array whose entries may span two
longs (`LitematicaBitArray`), with entities and tile entities. A region's `Size` may be negative: it then extends
from `Position` towards lower coordinates. Entity `Pos` is relative to the region's `Position`, tile entity
x, y, z to the region's minimum corner (as Litematica writes them)."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from engine.geometry.box import Vec3
from engine.schematics.mapping import (
    DATA_VERSION_1_16_5,
    Export,
    Region,
    Schematic,
    Unmapped,
    check_cells,
    check_data_version,
    check_size,
    count_unmapped,
    entity_nbt,
    palette_ids,
    read_block_entity,
    read_entities,
    state_compound,
    state_tag,
)
from engine.schematics.nbt_io import Compound, Int, List, Long, LongArray, Reader, String, read_nbt, write_nbt
from engine.world import blocks

SUPPORTED_VERSIONS = range(4, 8)     # 4: 1.13–1.15, 5: 1.16, 6: 1.20, 7: 1.21
WRITTEN_VERSION = 5                  # what Litematica for 1.16.5 writes
MIN_BITS = 2                         # LitematicaBitArray never packs fewer bits per entry
UNPACK_CHUNK = 1 << 20


def read(path: Path, allow_unmapped: bool) -> Schematic:
    reader = Reader(path)
    root = read_nbt(path)
    version = reader.integer(root, "Version", "")
    if version not in SUPPORTED_VERSIONS:
        raise reader.fail("Version", f"Litematica schematic version {version} is not supported "
                                     f"(expected {SUPPORTED_VERSIONS.start}..{SUPPORTED_VERSIONS.stop - 1})")
    schem = Schematic(data_version=reader.integer(root, "MinecraftDataVersion", ""))
    check_data_version(reader, schem.data_version, "MinecraftDataVersion")
    unmapped = Unmapped()
    regions = reader.compound(root, "Regions", "")
    for name, tag in regions.items():
        if not isinstance(tag, Compound):
            raise reader.fail(f"Regions.{name}", f"expected Compound, got {type(tag).__name__}")
    # all regions together against the cells limit, before any is unpacked
    dims = {name: _dims(reader, tag, f"Regions.{name}") for name, tag in regions.items()}
    check_cells(reader, sum(volume for _, volume in dims.values()), "Regions")
    for name, tag in regions.items():
        _read_region(reader, tag, f"Regions.{name}", dims[name], schem, unmapped)
    unmapped.check(reader, allow_unmapped, schem)
    return schem


def _dims(reader: Reader, tag: Compound, where: str) -> tuple[tuple[int, int, int], int]:
    """A region's side lengths and cells (`Size` may be negative)."""
    size = _xyz(reader, tag, "Size", where)
    dims = (abs(size[0]), abs(size[1]), abs(size[2]))
    return dims, check_size(reader, dims, f"{where}.Size")


def _read_region(reader: Reader, tag: Compound, where: str, dims_volume: tuple[tuple[int, int, int], int],
                 schem: Schematic, unmapped: Unmapped) -> None:
    """A region whose side lengths and cells `_dims` has read and checked."""
    pos = _xyz(reader, tag, "Position", where)
    size = _xyz(reader, tag, "Size", where)
    dims, volume = dims_volume
    corner = tuple(p + (s + 1 if s < 0 else 0) for p, s in zip(pos, size, strict=True))
    palette = [state_compound(reader, t, f"{where}.BlockStatePalette[{i}]")
               for i, t in enumerate(reader.compounds(tag, "BlockStatePalette", where))]
    if not palette:
        raise reader.fail(f"{where}.BlockStatePalette", "empty (expected minecraft:air first)")
    bits = max(MIN_BITS, (len(palette) - 1).bit_length())
    longs = reader.array(tag, "BlockStates", LongArray, where)
    if len(longs) != -(-volume * bits // 64):
        raise reader.fail(f"{where}.BlockStates", f"holds {len(longs)} longs, expected {-(-volume * bits // 64)} "
                                                  f"for {volume} entries of {bits} bits")
    indices = unpack(longs, volume, bits)
    if volume and int(indices.max()) >= len(palette):
        raise reader.fail(f"{where}.BlockStates", f"entry {int(indices.max())} is past the palette "
                                                  f"({len(palette)} entries)")
    ids, missing = palette_ids(reader, palette, schem.data_version)
    count_unmapped(unmapped, missing, indices)
    schem.regions.append(Region(corner, ids[indices].reshape(dims[1], dims[2], dims[0])))   # type: ignore[arg-type]
    origin = Vec3(*map(float, pos))
    read_entities(reader, [(t, None) for t in reader.compounds(tag, "Entities", where)], origin, schem, unmapped,
                  f"{where}.Entities")
    for i, t in enumerate(reader.compounds(tag, "TileEntities", where)):
        w = f"{where}.TileEntities[{i}]"
        rel = (reader.integer(t, "x", w), reader.integer(t, "y", w), reader.integer(t, "z", w))
        read_block_entity(reader, t, tuple(c + r for c, r in zip(corner, rel, strict=True)),
                          reader.string(t, "id", w, ""), schem, w)


def _xyz(reader: Reader, tag: Compound, key: str, where: str) -> tuple[int, int, int]:
    c = reader.compound(tag, key, where)
    w = f"{where}.{key}"
    return (reader.integer(c, "x", w), reader.integer(c, "y", w), reader.integer(c, "z", w))


def unpack(longs: np.ndarray, n: int, bits: int) -> np.ndarray:
    """Entries 0..n-1 of `bits` bits each, packed from bit 0 of long 0 on; an entry may span two longs. Unpacked
    `UNPACK_CHUNK` entries at a time into the narrowest unsigned type, so memory stays near the result's size."""
    words = np.concatenate((longs.astype(">i8").view(">u8").astype(np.uint64), np.zeros(1, dtype=np.uint64)))
    out = np.empty(n, dtype=np.uint16 if bits <= 16 else np.uint32)
    mask = np.uint64((1 << bits) - 1)
    for first in range(0, n, UNPACK_CHUNK):
        start = np.arange(first, min(n, first + UNPACK_CHUNK), dtype=np.uint64) * np.uint64(bits)
        word = (start >> np.uint64(6)).astype(np.int64)
        shift = start & np.uint64(63)
        value = words[word] >> shift
        spans = shift + np.uint64(bits) > np.uint64(64)
        value[spans] |= words[word[spans] + 1] << (np.uint64(64) - shift[spans])
        out[first:first + len(start)] = value & mask
    return out


def pack(values: np.ndarray, bits: int) -> np.ndarray:
    """The inverse of `unpack`: signed longs."""
    n = len(values)
    words = np.zeros(-(-n * bits // 64) + 1, dtype=np.uint64)
    v = values.astype(np.uint64)
    start = np.arange(n, dtype=np.uint64) * np.uint64(bits)
    word = (start >> np.uint64(6)).astype(np.int64)
    shift = start & np.uint64(63)
    np.bitwise_or.at(words, word, v << shift)
    spans = shift + np.uint64(bits) > np.uint64(64)
    np.bitwise_or.at(words, word[spans] + 1, v[spans] >> (np.uint64(64) - shift[spans]))
    return words[:-1].view(np.int64)


def write(path: Path, out: Export) -> None:
    """One region named after the scene, its `Position` at the region's minimum corner."""
    sy, sz, sx = out.ids.shape
    states, indices = np.unique(np.concatenate(([0], out.ids.ravel())), return_inverse=True)
    bits = max(MIN_BITS, (len(states) - 1).bit_length())
    cx, cy, cz = out.corner
    tiles = List[Compound]()
    for (x, y, z), tag in sorted(out.block_entities.items()):
        tiles.append(Compound({**tag, "x": Int(x - cx), "y": Int(y - cy), "z": Int(z - cz)}))
    now = Long(int(time.time() * 1000))
    size = Compound({"x": Int(sx), "y": Int(sy), "z": Int(sz)})
    root = Compound({
        "Version": Int(WRITTEN_VERSION), "MinecraftDataVersion": Int(DATA_VERSION_1_16_5),
        "Metadata": Compound({"Name": String(out.name), "Author": String("tickscope"), "Description": String(""),
                              "RegionCount": Int(1), "TimeCreated": now, "TimeModified": now,
                              "TotalBlocks": Int(int(np.count_nonzero(out.ids))), "TotalVolume": Int(sx * sy * sz),
                              "EnclosingSize": size}),
        "Regions": Compound({out.name: Compound({
            "Position": Compound({"x": Int(cx), "y": Int(cy), "z": Int(cz)}), "Size": size,
            "BlockStatePalette": List[Compound]([state_tag(blocks.state_by_id(int(s))) for s in states]),
            "BlockStates": LongArray(pack(indices[1:], bits)),
            "Entities": List[Compound]([entity_nbt(e, Vec3(float(cx), float(cy), float(cz)), out.release)
                                        for e in out.entities]),
            "TileEntities": tiles, "PendingBlockTicks": List[Compound](), "PendingFluidTicks": List[Compound]()})})})
    write_nbt(path, root)
