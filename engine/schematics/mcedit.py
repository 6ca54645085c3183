"""MCEdit and Schematica schematics (`.schematic`, before the flattening): `Width`/`Height`/`Length`, `Materials`
"Alpha", numeric block ids in `Blocks` (with `AddBlocks` nibbles above 255: WorldEdit's reading, the even cell's in
the low nibble) and data values in `Data`, indexed (y·Length + z)·Width + x; `TileEntities` and `Entities` relative
to the minimum corner (MCEdit's and WorldEdit's `WEOffset`, the paste offset, are not applied). Blocks are read as
1.12.2's (`block_names_1_12`: the id and data value's state of the 1.12.2 table), then into the scene's release as a
1.16.5 file's, with the properties 1.12.2 derives from the neighbours derived (`actual_state_1_12`); entities and
block entities as 1.12.2 writes them (a falling block's `Block` and `Data`, a moving piston's `blockId` and
`blockData`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from engine.geometry.box import Vec3
from engine.schematics.mapping import (
    DATA_VERSION_1_12_2,
    DATA_VERSION_1_16_5,
    LEGACY_DATA_MASK,
    USHORT,
    Export,
    Region,
    Schematic,
    SchematicError,
    Unmapped,
    check_cells,
    check_size,
    count_unmapped,
    entity_nbt,
    for_release,
    legacy_data_state,
    map_block_state,
    read_block_entity,
    read_entities,
)
from engine.schematics.nbt_io import Byte, ByteArray, Compound, Int, List, Reader, Short, String, read_nbt, write_nbt
from engine.world import block_names_1_12, blocks
from engine.world.actual_state_1_12 import derive_actual_states
from engine.world.blocks import BlockState

MATERIALS = "Alpha"                 # the only block set MCEdit writes for Java Edition
ADD_SHIFT = 8                       # AddBlocks: bits 8..11 of the id
DATA_BITS = 4                       # id << DATA_BITS | data value: one key per cell kind
# pre-1.11 block entity ids → 1.11's
OLD_BLOCK_ENTITY_IDS = {"Trap": "minecraft:dispenser", "Dropper": "minecraft:dropper", "Piston": "minecraft:piston"}


def read(path: Path, allow_unmapped: bool) -> Schematic:
    reader = Reader(path)
    root = read_nbt(path)
    materials = reader.string(root, "Materials", "", MATERIALS)
    if materials != MATERIALS:
        raise reader.fail("Materials", f"'{materials}' blocks are not read (expected '{MATERIALS}', Java Edition)")
    size = tuple(reader.integer(root, k, "") & USHORT for k in ("Width", "Height", "Length"))
    cells = check_size(reader, size, "Width/Height/Length")   # type: ignore[arg-type]
    check_cells(reader, cells, "Width/Height/Length")
    sx, sy, sz = size
    schem = Schematic(data_version=DATA_VERSION_1_12_2)
    ids = reader.array(root, "Blocks", ByteArray, "").view(np.uint8).astype(np.int32)
    data = reader.array(root, "Data", ByteArray, "").view(np.uint8).astype(np.int32) & LEGACY_DATA_MASK
    for key, array in (("Blocks", ids), ("Data", data)):
        if len(array) != cells:
            raise reader.fail(key, f"holds {len(array)} entries, expected Width × Height × Length = {cells}")
    if "AddBlocks" in root:
        add = reader.array(root, "AddBlocks", ByteArray, "").view(np.uint8).astype(np.int32)
        if len(add) != (cells + 1) // 2:
            raise reader.fail("AddBlocks", f"holds {len(add)} entries, expected {(cells + 1) // 2}")
        nibbles = np.stack([add & 0xF, add >> 4], axis=1).ravel()[:cells]
        ids |= nibbles << ADD_SHIFT
    keys = ids << DATA_BITS | data
    unique, indices = np.unique(keys, return_inverse=True)
    states = np.zeros(len(unique), dtype=np.uint16)
    missing: list[str | None] = []
    for i, key in enumerate(unique.tolist()):
        state = legacy_data_state(key >> DATA_BITS, key & LEGACY_DATA_MASK)
        states[i] = 0 if state is None else state.id
        missing.append(None if state is not None else f"block {key >> DATA_BITS} data {key & LEGACY_DATA_MASK}")
    unmapped = Unmapped()
    count_unmapped(unmapped, missing, indices)
    grid = states[indices].reshape(sy, sz, sx)
    derive_actual_states(grid)
    schem.regions.append(Region((0, 0, 0), grid))
    for i, tag in enumerate(reader.compounds(root, "TileEntities", "")):
        where = f"TileEntities[{i}]"
        pos = (reader.integer(tag, "x", where), reader.integer(tag, "y", where), reader.integer(tag, "z", where))
        kind = reader.string(tag, "id", where)
        read_block_entity(reader, tag, pos, OLD_BLOCK_ENTITY_IDS.get(kind, kind), schem, where)
    entities: list[tuple[Compound, Vec3 | None]] = [(tag, None) for tag in reader.compounds(root, "Entities", "")]
    read_entities(reader, entities, Vec3(0.0, 0.0, 0.0), schem, unmapped, "Entities")
    unmapped.check(reader, allow_unmapped, schem)
    return schem


def write(path: Path, out: Export) -> None:
    """Blocks as 1.12.2's ids and data values (states 1.12.2 lacks: an error naming them), dispenser contents and
    moving pistons as 1.12.2's block entities, entities with `Pos` relative to the minimum corner."""
    sy, sz, sx = out.ids.shape
    if max(sx, sy, sz) > USHORT:
        raise SchematicError(f"a schematic holds at most {USHORT} blocks a side, got {[sx, sy, sz]}")
    states, indices = np.unique(out.ids, return_inverse=True)
    pairs = [_data(blocks.state_by_id(int(s))) for s in states]
    lacking = [str(blocks.state_by_id(int(s))) for s, p in zip(states, pairs, strict=True) if p is None]
    if lacking:
        raise SchematicError(f"{len(lacking)} block states have no 1.12.2 id: {', '.join(lacking[:6])}"
                             f"{' ...' if len(lacking) > 6 else ''} (export as .schem, .nbt or .litematic)")
    table = np.array(pairs, dtype=np.int32).reshape(len(pairs), 2)
    ids, data = table[indices.ravel(), 0], table[indices.ravel(), 1]
    cx, cy, cz = out.corner
    tiles = List[Compound]()
    for (x, y, z), tag in sorted(out.block_entities.items()):
        tile = Compound({k: v for k, v in tag.items() if k != "blockState"})
        if "blockState" in tag:   # a moving piston: 1.12.2's blockId and blockData
            block_id, meta = _data(_tag_state(tag["blockState"])) or (0, 0)
            tile.update({"blockId": Int(block_id), "blockData": Int(meta)})
        tile.update({"x": Int(x - cx), "y": Int(y - cy), "z": Int(z - cz)})
        tiles.append(tile)
    corner = Vec3(float(cx), float(cy), float(cz))
    entities = List[Compound]([_entity_1_12(entity_nbt(e, corner, out.release)) for e in out.entities])
    write_nbt(path, Compound({
        "Width": Short(np.int16(np.uint16(sx))), "Height": Short(np.int16(np.uint16(sy))),
        "Length": Short(np.int16(np.uint16(sz))), "Materials": String(MATERIALS),
        "Blocks": ByteArray(ids.astype(np.uint8).view(np.int8)), "Data": ByteArray(data.astype(np.int8)),
        "TileEntities": tiles, "Entities": entities}), root_name="Schematic")


def _tag_state(tag: Compound) -> BlockState | None:
    """A written `{Name, Properties}` (the scene's release's names, 1.16.5's for 1.12.2 and 1.16.5) as a state."""
    return map_block_state(str(tag["Name"]), {str(k): str(v) for k, v in tag.get("Properties", {}).items()},
                           DATA_VERSION_1_16_5)


def _data(state: BlockState | None) -> tuple[int, int] | None:
    """1.12.2's id and data value of a state, found through the 1.12.2 table; None where it has none."""
    if state is None:
        return None
    with for_release("1.12.2"):
        legacy = map_block_state(state.name, dict(state.properties), DATA_VERSION_1_16_5)
    return None if legacy is None else block_names_1_12.data_of(legacy)


def _entity_1_12(tag: Compound) -> Compound:
    """An entity's NBT with a falling block's `BlockState` as 1.12.2's `Block` and `Data`; riders likewise."""
    if "BlockState" in tag:
        pair = _data(_tag_state(tag.pop("BlockState")))
        if pair is not None:
            tag["Block"] = String(blocks.NAMESPACE + block_names_1_12.name_of_id(pair[0]))
            tag["Data"] = Byte(pair[1])
    if "Passengers" in tag:
        tag["Passengers"] = List[Compound]([_entity_1_12(r) for r in tag["Passengers"]])
    return tag
