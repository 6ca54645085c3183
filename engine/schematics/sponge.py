"""Sponge schematics (`.schem`, WorldEdit), versions 2 and 3: a palette of block-state strings, block data as
varints indexed x + z·Width + y·Width·Length, block entities and entities relative to the minimum corner. Version 3
nests all of it in a `Schematic` compound and the blocks in `Blocks`. `Offset` moves the paste from the origin."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from engine.geometry.box import Vec3
from engine.schematics.mapping import (
    DATA_VERSION_1_16_5,
    USHORT,
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
)
from engine.schematics.nbt_io import (
    ByteArray,
    Compound,
    Int,
    IntArray,
    List,
    Reader,
    SchematicError,
    Short,
    String,
    read_nbt,
    write_nbt,
)
from engine.world import blocks

SUPPORTED_VERSIONS = (2, 3)
WRITTEN_VERSION = 2                 # what WorldEdit for 1.16.5 writes
VARINT_MAX_BYTES = 3                # palette indices below 2^21
VARINT_CHUNK = 1 << 22


def read(path: Path, allow_unmapped: bool) -> Schematic:
    reader = Reader(path)
    root = read_nbt(path)
    if "Schematic" in root and "Version" not in root:
        root = reader.compound(root, "Schematic", "")
    version = reader.integer(root, "Version", "")
    if version not in SUPPORTED_VERSIONS:
        raise reader.fail("Version", f"Sponge schematic version {version} is not supported (expected 2 or 3)")
    schem = Schematic(data_version=reader.integer(root, "DataVersion", ""))
    check_data_version(reader, schem.data_version, "DataVersion")
    size = tuple(reader.integer(root, k, "") & USHORT for k in ("Width", "Height", "Length"))
    check_cells(reader, check_size(reader, size, "Width/Height/Length"), "Width/Height/Length")  # type: ignore[arg-type]
    sx, sy, sz = size
    offset = tuple(reader.ints(root, "Offset", "", 3)) if "Offset" in root else (0, 0, 0)
    if version == 3:
        container, where = reader.compound(root, "Blocks", ""), "Blocks."
        palette_tag, data_key, be_key = reader.compound(container, "Palette", "Blocks"), "Data", "BlockEntities"
    else:
        container, where = root, ""
        palette_tag, data_key, be_key = reader.compound(root, "Palette", ""), "BlockData", "BlockEntities"
    entries: list[tuple[str, dict[str, str]]] = [("minecraft:air", {})] * len(palette_tag)
    for text, index in palette_tag.items():
        if not isinstance(index, Int) or not 0 <= int(index) < len(palette_tag):
            raise reader.fail(f"{where}Palette.{text}", f"expected an Int index 0..{len(palette_tag) - 1}")
        entries[int(index)] = _split_state(str(text))
    ids, missing = palette_ids(reader, entries, schem.data_version)
    indices = decode_varints(reader, reader.array(container, data_key, ByteArray, where.rstrip(".")),
                             f"{where}{data_key}")
    if len(indices) != sx * sy * sz:
        raise reader.fail(f"{where}{data_key}", f"holds {len(indices)} entries, expected {sx * sy * sz}")
    if len(indices) and int(indices.max()) >= len(entries):
        raise reader.fail(f"{where}{data_key}", f"entry {int(indices.max())} is past the palette "
                                                f"({len(entries)} entries)")
    unmapped = Unmapped()
    count_unmapped(unmapped, missing, indices)
    schem.regions.append(Region(offset, ids[indices].reshape(sy, sz, sx)))   # type: ignore[arg-type]
    for i, tag in enumerate(reader.compounds(container, be_key, where.rstrip("."))):
        w = f"{where}{be_key}[{i}]"
        rel = reader.ints(tag, "Pos", w, 3)
        data = reader.compound(tag, "Data", w, optional=True) if version == 3 else tag   # v3: Data is optional
        read_block_entity(reader, data, (rel[0] + offset[0], rel[1] + offset[1], rel[2] + offset[2]),
                          reader.string(tag, "Id", w), schem, w)
    entities = []
    for i, tag in enumerate(reader.compounds(root, "Entities", "")):
        w = f"Entities[{i}]"
        nbt = Compound(reader.compound(tag, "Data", w)) if version == 3 else Compound(tag)
        nbt["id"] = String(reader.string(tag, "Id", w))
        entities.append((nbt, Vec3(*reader.numbers(tag, "Pos", w, 3))))
    read_entities(reader, entities, Vec3(*map(float, offset)), schem, unmapped, "Entities")
    unmapped.check(reader, allow_unmapped, schem)
    return schem


def _split_state(text: str) -> tuple[str, dict[str, str]]:
    name, _, rest = text.partition("[")
    props = dict(p.split("=", 1) if "=" in p else (p, "") for p in rest.rstrip("]").split(",") if p)
    return name if ":" in name else blocks.NAMESPACE + name, props


def decode_varints(reader: Reader, data: np.ndarray, where: str) -> np.ndarray:
    """Unsigned LEB128 varints of at most three bytes (palette indices), as uint32; a chunk of `VARINT_CHUNK`
    bytes (cut after a varint's last byte) at a time, so memory stays near the result's size."""
    b = data.view(np.uint8)
    if len(b) and b[-1] >= 0x80:
        raise reader.fail(where, "ends inside a varint")
    parts, first = [], 0
    while first < len(b):
        cut = min(len(b), first + VARINT_CHUNK)
        for _ in range(VARINT_MAX_BYTES - 1):   # to the end of the varint the cut fell in
            if cut < len(b) and b[cut - 1] >= 0x80:
                cut += 1
        parts.append(_decode_chunk(reader, b[first:cut], where))
        first = cut
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint32)


def _decode_chunk(reader: Reader, b: np.ndarray, where: str) -> np.ndarray:
    if not (b >= 0x80).any():
        return b.astype(np.uint32)
    ends = np.flatnonzero(b < 0x80)
    starts = np.concatenate(([0], ends[:-1] + 1))
    lengths = ends - starts + 1
    if b[-1] >= 0x80 or lengths.max() > VARINT_MAX_BYTES:
        raise reader.fail(where, f"a varint longer than {VARINT_MAX_BYTES} bytes (palette index ≥ 2^21)")
    values = np.zeros(len(ends), dtype=np.uint32)
    for k in range(VARINT_MAX_BYTES):
        has = lengths > k
        values[has] |= (b[starts[has] + k].astype(np.uint32) & 0x7F) << (7 * k)
    return values


def encode_varints(values: np.ndarray) -> np.ndarray:
    v = values.astype(np.int64)
    parts = np.stack([(v & 0x7F) | np.where(v >= 1 << 7, 0x80, 0), (v >> 7 & 0x7F) | np.where(v >= 1 << 14, 0x80, 0),
                      v >> 14], axis=1)
    keep = np.stack([np.ones(len(v), dtype=bool), v >= 1 << 7, v >= 1 << 14], axis=1)
    return parts[keep].astype(np.uint8).view(np.int8)


def write(path: Path, out: Export) -> None:
    """Version 2 (WorldEdit 7.2 for 1.16.5), `Offset` at the minimum corner so the origin stays the scene's."""
    sy, sz, sx = out.ids.shape
    if max(sx, sy, sz) > USHORT:
        raise SchematicError(f"a Sponge schematic holds at most {USHORT} blocks a side, got {[sx, sy, sz]}")
    states, indices = np.unique(out.ids, return_inverse=True)
    cx, cy, cz = out.corner
    corner = Vec3(float(cx), float(cy), float(cz))
    entities = List[Compound]()
    for e in out.entities:
        nbt = entity_nbt(e, corner, out.release)
        nbt["Id"] = nbt.pop("id")
        entities.append(nbt)
    tiles = List[Compound]([Compound({**{k: v for k, v in tag.items() if k != "id"}, "Id": tag["id"],
                                      "Pos": IntArray([x - cx, y - cy, z - cz])})
                            for (x, y, z), tag in sorted(out.block_entities.items())])
    root = Compound({
        "Version": Int(WRITTEN_VERSION), "DataVersion": Int(DATA_VERSION_1_16_5),
        "Width": Short(np.int16(np.uint16(sx))), "Height": Short(np.int16(np.uint16(sy))),
        "Length": Short(np.int16(np.uint16(sz))), "Offset": IntArray([cx, cy, cz]),
        "PaletteMax": Int(len(states)),
        "Palette": Compound({str(blocks.state_by_id(int(s))): Int(i) for i, s in enumerate(states)}),
        "BlockData": ByteArray(encode_varints(indices.ravel())), "BlockEntities": tiles, "Entities": entities,
        "Metadata": Compound({"Name": String(out.name)})})
    write_nbt(path, root, root_name="Schematic")

