"""Small Minecraft world saves written as the game lays them out (wiki "Region file format", "Chunk format";
RegionFile and ChunkSerializer): `level.dat`, `region/r.X.Z.mca` (and `entities/r.X.Z.mca` from 1.17) with chunks
of three layouts, independent of the engine that reads them:

- "1.15": `Level.Sections[].Palette/BlockStates`, indices spanning two longs, entities in the chunk;
- "1.16": the same with each long holding ⌊64 / bits⌋ indices (20w17a on);
- "1.17": as 1.16, entities in `entities/r.X.Z.mca`;
- "1.18": `sections[].block_states.palette/data` at the chunk's root, `block_entities`, section y below 0.

Run as a script it writes the bundled example world of `scenes/world_region_example.toml`:

    python3 tools/world_save.py scenes/worlds/cannon_world
"""

from __future__ import annotations

import argparse
import gzip
import io
import math
import sys
import zlib
from collections import defaultdict
from pathlib import Path

from nbtlib import Byte, ByteArray, Compound, Double, File, Float, Int, IntArray, List, LongArray, Short, String

DATA_VERSIONS = {"1.15": 2230, "1.16": 2586, "1.17": 2730, "1.18": 2975}   # 1.15.2, 1.16.5, 1.17.1, 1.18.2
SECTOR = 4096
GZIP, ZLIB, NONE = 1, 2, 3


def split_state(text: str) -> tuple[str, dict[str, str]]:
    """`minecraft:name[k=v,...]` → (name, properties)."""
    name, _, rest = text.partition("[")
    props = dict(p.split("=", 1) for p in rest.rstrip("]").split(",") if p)
    return name, props


def pack(indices: list[int], bits: int, spanning: bool) -> list[int]:
    """Indices of `bits` bits from bit 0 of long 0 on: spanning two longs where one ends (before 20w17a), or
    ⌊64 / bits⌋ to a long with the top bits left 0; as signed longs."""
    words: list[int] = []
    if spanning:
        total = 0
        for i, v in enumerate(indices):
            total |= v << (i * bits)
        n = -(-len(indices) * bits // 64)
        words = [(total >> (64 * k)) & (2**64 - 1) for k in range(n)]
    else:
        per = 64 // bits
        for k in range(0, len(indices), per):
            word = 0
            for j, v in enumerate(indices[k:k + per]):
                word |= v << (j * bits)
            words.append(word)
    return [w - 2**64 if w >= 2**63 else w for w in words]


def section(layout: str, sy: int, cells: dict[tuple[int, int, int], str]) -> Compound:
    """A section of 16³ cells (x, y, z within it → state text; air elsewhere), air first in its palette."""
    palette = ["minecraft:air"] + sorted(set(cells.values()) - {"minecraft:air"})
    index = {s: i for i, s in enumerate(palette)}
    indices = [index[cells.get((x, y, z), "minecraft:air")] for y in range(16) for z in range(16) for x in range(16)]
    bits = max(4, (len(palette) - 1).bit_length())
    entries = List[Compound]()
    for text in palette:
        name, props = split_state(text)
        entry = Compound({"Name": String(name)})
        if props:
            entry["Properties"] = Compound({k: String(v) for k, v in props.items()})
        entries.append(entry)
    longs = LongArray(pack(indices, bits, layout == "1.15"))
    if layout == "1.18":
        states = Compound({"palette": entries})
        if len(palette) > 1:
            states["data"] = longs
        return Compound({"Y": Byte(sy), "block_states": states,
                         "biomes": Compound({"palette": List[String]([String("minecraft:plains")])})})
    return Compound({"Y": Byte(sy), "Palette": entries, "BlockStates": longs,
                     "BlockLight": ByteArray([0] * 2048), "SkyLight": ByteArray([0] * 2048)})


def chunk(layout: str, cx: int, cz: int, blocks: dict[tuple[int, int, int], str],
          block_entities: list[Compound], entities: list[Compound], ticks: list[Compound] = ()) -> Compound:
    """A chunk's NBT: the cells of `blocks` (world positions) inside it, its block entities (with x, y, z), its
    block ticks still to run (`{i, x, y, z, t, p}`) and, before 1.17, its entities."""
    by_section: dict[int, dict[tuple[int, int, int], str]] = defaultdict(dict)
    for (x, y, z), state in blocks.items():
        if x >> 4 == cx and z >> 4 == cz:
            by_section[y >> 4][(x & 15, y & 15, z & 15)] = state
    sections = List[Compound]([section(layout, sy, cells) for sy, cells in sorted(by_section.items())])
    version = Int(DATA_VERSIONS[layout])
    if layout == "1.18":
        return Compound({"DataVersion": version, "xPos": Int(cx), "yPos": Int(-4), "zPos": Int(cz),
                         "Status": String("full"), "sections": sections, "block_entities": List[Compound](
                             block_entities), "block_ticks": List[Compound](ticks)})
    level = Compound({"xPos": Int(cx), "zPos": Int(cz), "Status": String("full"), "Sections": sections,
                      "TileEntities": List[Compound](block_entities), "TileTicks": List[Compound](ticks)})
    if layout in ("1.15", "1.16"):
        level["Entities"] = List[Compound](entities)
    return Compound({"DataVersion": version, "Level": level})


def nbt_bytes(root: Compound) -> bytes:
    buf = io.BytesIO()
    File(root).write(buf)
    return buf.getvalue()


def compress(data: bytes, compression: int) -> bytes:
    if compression == GZIP:
        return gzip.compress(data, mtime=0)
    return zlib.compress(data) if compression == ZLIB else data


def region_file(chunks: dict[tuple[int, int], bytes]) -> bytes:
    """A region file of chunks given as (compression byte + data) payloads, by chunk position."""
    locations, body = bytearray(SECTOR), bytearray()
    for (cx, cz), payload in sorted(chunks.items()):
        record = len(payload).to_bytes(4, "big") + payload
        sectors = -(-len(record) // SECTOR)
        first = 2 + len(body) // SECTOR
        slot = ((cx & 31) + (cz & 31) * 32) * 4
        locations[slot:slot + 4] = (first << 8 | sectors).to_bytes(4, "big")
        body += record + bytes(sectors * SECTOR - len(record))
    return bytes(locations) + bytes(SECTOR) + bytes(body)


def write_regions(folder: Path, roots: dict[tuple[int, int], Compound], compression: int = ZLIB) -> None:
    """Each chunk root in its region file `r.X.Z.mca` under `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    by_region: dict[tuple[int, int], dict[tuple[int, int], bytes]] = defaultdict(dict)
    for (cx, cz), root in roots.items():
        by_region[(cx >> 5, cz >> 5)][(cx, cz)] = bytes([compression]) + compress(nbt_bytes(root), compression)
    for (rx, rz), chunks in by_region.items():
        (folder / f"r.{rx}.{rz}.mca").write_bytes(region_file(chunks))


def write_level_dat(world: Path, layout: str, name: str) -> None:
    world.mkdir(parents=True, exist_ok=True)
    data = Compound({"DataVersion": Int(DATA_VERSIONS[layout]), "LevelName": String(name),
                     "version": Compound({"Id": Int(DATA_VERSIONS[layout]), "Name": String(layout)})})
    (world / "level.dat").write_bytes(gzip.compress(nbt_bytes(Compound({"Data": data})), mtime=0))


def write_world(world: Path, layout: str, chunks: list[tuple[int, int]], blocks: dict[tuple[int, int, int], str],
                block_entities: list[Compound] = (), entities: list[Compound] = (), folder: str = "",
                compression: int = ZLIB, ticks: list[Compound] = ()) -> None:
    """A world save of `layout` whose saved chunks are `chunks`, holding `blocks`, `block_entities` and block
    `ticks` (with x, y, z) and `entities` (with Pos) where they lie; `folder` is the dimension's ("", "DIM-1",
    "DIM1")."""
    write_level_dat(world, layout, world.name)
    dim = world / folder if folder else world
    roots, entity_roots = {}, {}
    for cx, cz in chunks:
        mine = [b for b in block_entities if int(b["x"]) >> 4 == cx and int(b["z"]) >> 4 == cz]
        theirs = [e for e in entities if math.floor(e["Pos"][0]) >> 4 == cx and math.floor(e["Pos"][2]) >> 4 == cz]
        due = [t for t in ticks if int(t["x"]) >> 4 == cx and int(t["z"]) >> 4 == cz]
        roots[(cx, cz)] = chunk(layout, cx, cz, blocks, mine, theirs, due)
        if layout in ("1.17", "1.18"):
            entity_roots[(cx, cz)] = Compound({"DataVersion": Int(DATA_VERSIONS[layout]),
                                               "Position": IntArray([cx, cz]), "Entities": List[Compound](theirs)})
    write_regions(dim / "region", roots, compression)
    if entity_roots:
        write_regions(dim / "entities", entity_roots, compression)


def tnt_entity(pos: tuple[float, float, float], fuse: int) -> Compound:
    return Compound({"id": String("minecraft:tnt"), "Pos": List[Double]([Double(c) for c in pos]),
                     "Motion": List[Double]([Double(0.0)] * 3), "Rotation": List[Float]([Float(0.0)] * 2),
                     "OnGround": Byte(0), "Fuse": Short(fuse)})


def block_tick(block: str, x: int, y: int, z: int, delay: int, priority: int = 0) -> Compound:
    return Compound({"i": String(block), "x": Int(x), "y": Int(y), "z": Int(z), "t": Int(delay),
                     "p": Int(priority)})


def dispenser_with_tnt(x: int, y: int, z: int) -> Compound:
    return Compound({"id": String("minecraft:dispenser"), "x": Int(x), "y": Int(y), "z": Int(z),
                     "Items": List[Compound]([Compound({"Slot": Byte(0), "id": String("minecraft:tnt"),
                                                        "Count": Byte(1)})])})


def cannon_world(world: Path) -> None:
    """The bundled example: redstone_dispenser_cannon.toml's button-fired cannon built at y 64 over a stone floor
    in a 1.16.5 world, across the chunks x -1 and 0 (two region files), with grass around it and an armor
    stand east of it (an entity saved in its chunk)."""
    blocks: dict[tuple[int, int, int], str] = {}
    for x in range(-16, 16):
        for z in range(0, 16):
            blocks[(x, 62, z)] = "minecraft:dirt"
            blocks[(x, 63, z)] = "minecraft:grass_block[snowy=false]"
    for x in range(-4, 13):
        for z in range(0, 9):
            blocks[(x, 63, z)] = "minecraft:stone"
    blocks[(0, 64, 4)] = "minecraft:stone_button[face=floor,facing=east,powered=false]"
    for x in (1, 2, 3):
        blocks[(x, 64, 4)] = ("minecraft:redstone_wire[east=side,north=none,power=0,south=none,west=side]")
    blocks[(4, 64, 4)] = "minecraft:dispenser[facing=up,triggered=false]"
    blocks[(2, 64, 5)] = "minecraft:repeater[delay=2,facing=north,locked=false,powered=false]"
    blocks[(2, 64, 6)] = "minecraft:dispenser[facing=east,triggered=false]"
    stand = Compound({"id": String("minecraft:armor_stand"), "Pos": List[Double]([Double(9.5), Double(64.0),
                                                                                 Double(5.5)]),
                      "Motion": List[Double]([Double(0.0)] * 3), "Rotation": List[Float]([Float(0.0)] * 2),
                      "OnGround": Byte(1), "Health": Float(20.0)})
    write_world(world, "1.16", [(-1, 0), (0, 0)], blocks, [dispenser_with_tnt(4, 64, 4), dispenser_with_tnt(2, 64, 6)],
                [stand])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="write the bundled example world")
    p.add_argument("world", type=Path, help="the world folder to write (e.g. scenes/worlds/cannon_world)")
    args = p.parse_args(argv)
    cannon_world(args.world)
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["DATA_VERSIONS", "GZIP", "NONE", "ZLIB", "block_tick", "chunk", "compress", "dispenser_with_tnt",
           "nbt_bytes", "pack", "region_file", "tnt_entity", "write_level_dat", "write_regions", "write_world"]
