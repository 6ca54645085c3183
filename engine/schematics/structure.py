"""Structure block files (`.nbt`): `size`, a `palette` (or several `palettes`, of which the first is read), `blocks`
as a list of `{state, pos, nbt}` and `entities` as `{pos, blockPos, nbt}`, all relative to the structure's corner.
Cells not listed are structure void (nothing placed). A file saved before the flattening (DataVersion below 1451:
1.12.2 saves 1343) names its palette's blocks in 1.12.2's names (`block_names_1_12`) and holds none of the properties
1.12.2 derives from the neighbours: those are derived once all blocks are read (`actual_state_1_12`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from engine.geometry.box import Vec3
from engine.schematics.mapping import (
    DATA_VERSION_1_16_5,
    FLATTENING_DATA_VERSION,
    Export,
    Region,
    Schematic,
    Unmapped,
    check_cells,
    check_size,
    count_unmapped,
    entity_nbt,
    palette_ids,
    read_block_entity,
    read_entities,
    state_compound,
    state_tag,
)
from engine.schematics.nbt_io import INTEGER_TAGS, Compound, Double, Int, List, Reader, read_nbt, write_nbt
from engine.world import blocks
from engine.world.actual_state_1_12 import derive_actual_states


def read(path: Path, allow_unmapped: bool) -> Schematic:
    reader = Reader(path)
    root = read_nbt(path)
    schem = Schematic(data_version=reader.integer(root, "DataVersion", ""))   # before 1451: 1.12.2's names
    sx, sy, sz = reader.ints(root, "size", "", 3)
    check_cells(reader, check_size(reader, (sx, sy, sz), "size"), "size")
    if "palette" in root:
        tags = reader.compounds(root, "palette", "")
        where = "palette"
    else:
        palettes = reader.get(root, "palettes", List, "")
        if not palettes or not isinstance(palettes[0], List):
            raise reader.fail("palettes", "expected a list of palettes (or a palette)")
        tags, where = list(palettes[0]), "palettes[0]"
    palette = [state_compound(reader, t, f"{where}[{i}]") for i, t in enumerate(tags)]
    ids, missing = palette_ids(reader, palette, schem.data_version)
    cells = reader.compounds(root, "blocks", "")
    indices, xyz = _cells(reader, cells, len(palette), (sx, sy, sz))
    grid = np.zeros((sy, sz, sx), dtype=np.uint16)
    grid[xyz[:, 1], xyz[:, 2], xyz[:, 0]] = ids[indices]
    for i, cell in enumerate(cells):
        if "nbt" in cell:
            w = f"blocks[{i}]"
            nbt = reader.compound(cell, "nbt", w)
            read_block_entity(reader, nbt, tuple(int(v) for v in xyz[i]), reader.string(nbt, "id", f"{w}.nbt", ""),
                              schem, f"{w}.nbt")
    if schem.data_version < FLATTENING_DATA_VERSION:
        derive_actual_states(grid)
    count_unmapped(unmapped := Unmapped(), missing, indices)
    schem.regions.append(Region((0, 0, 0), grid))
    entities = []
    for i, e in enumerate(reader.compounds(root, "entities", "")):
        entities.append((reader.compound(e, "nbt", f"entities[{i}]"),
                         Vec3(*reader.numbers(e, "pos", f"entities[{i}]", 3))))
    read_entities(reader, entities, Vec3(0.0, 0.0, 0.0), schem, unmapped, "entities")
    unmapped.check(reader, allow_unmapped, schem)
    return schem


def _cells(reader: Reader, cells: list[Compound], n_palette: int, size: tuple[int, int, int]) -> tuple[
        np.ndarray, np.ndarray]:
    """Palette index and x, y, z of every listed cell, checked in bulk; the first bad cell is named."""
    try:
        indices = np.array([c["state"] for c in cells], dtype=np.int64)
        xyz = np.array([c["pos"] for c in cells], dtype=np.int64).reshape(len(cells), 3)
        typed = all(isinstance(c["state"], INTEGER_TAGS) and isinstance(c["pos"], List) and
                    all(isinstance(v, INTEGER_TAGS) for v in c["pos"]) for c in cells)
    except (KeyError, TypeError, ValueError):
        typed = False
    if not typed:   # name the first cell that is not {state: int, pos: [x, y, z]}
        for i, c in enumerate(cells):
            reader.integer(c, "state", f"blocks[{i}]")
            reader.ints(c, "pos", f"blocks[{i}]", 3)
    bad = np.flatnonzero((indices < 0) | (indices >= n_palette))
    if len(bad):
        raise reader.fail(f"blocks[{bad[0]}].state", f"expected a palette index 0..{n_palette - 1}, "
                                                     f"got {indices[bad[0]]}")
    bad = np.flatnonzero(((xyz < 0) | (xyz >= np.array(size))).any(axis=1))
    if len(bad):
        raise reader.fail(f"blocks[{bad[0]}].pos", f"{xyz[bad[0]].tolist()} is outside the size {list(size)}")
    return indices, xyz


def write(path: Path, out: Export) -> None:
    """Every non-air cell as a block (air cells are left as structure void)."""
    sy, sz, sx = out.ids.shape
    states, indices = np.unique(out.ids, return_inverse=True)
    indices = indices.reshape(out.ids.shape)
    cx, cy, cz = out.corner
    corner = Vec3(float(cx), float(cy), float(cz))
    cells = List[Compound]()
    for y, z, x in zip(*np.nonzero(out.ids), strict=True):
        cell = Compound({"state": Int(int(indices[y, z, x])), "pos": List[Int]([int(x), int(y), int(z)])})
        tag = out.block_entities.get((int(x) + cx, int(y) + cy, int(z) + cz))
        if tag is not None:
            cell["nbt"] = tag
        cells.append(cell)
    entities = List[Compound]()
    for e in out.entities:
        nbt = entity_nbt(e, corner, out.release)
        rel = [float(v) for v in nbt["Pos"]]
        entities.append(Compound({"pos": List[Double](rel), "blockPos": List[Int]([int(np.floor(v)) for v in rel]),
                                  "nbt": nbt}))
    write_nbt(path, Compound({
        "DataVersion": Int(DATA_VERSION_1_16_5), "size": List[Int]([sx, sy, sz]),
        "palette": List[Compound]([state_tag(blocks.state_by_id(int(s))) for s in states]),
        "blocks": cells, "entities": entities}))
