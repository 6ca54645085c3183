"""Generate `assets/blocks-releases.json`: the block tables of 1.12.2, 1.13.2, 1.14 to 1.15.2 and 1.17 to 1.21.11 as
differences from 1.16.5's.

Usage: `python3 tools/gen_block_releases.py [SOURCE] [-o OUT]`, SOURCE as for gen_blocks.py (minecraft-data 3.117.0
or later: it has every release from 1.17 to 1.21.11; the 3.20.0 sdist stops at 1.19). The base is the table
gen_blocks.py writes (`assets/blocks-1.16.5.json`, made again here from the same source).

Each release's table comes from the folders `dataPaths.json` names for it (blocks.json, blockCollisionShapes.json),
with the corrections of gen_blocks.py (hardness -1 for `strength(-1.0F, ...)` blocks, resistance at least 0) and:
- pc/1.18/blocks.json (used for 1.18 to 1.18.2) has hardness and resistance 0 for ~80 blocks that have them in
  1.17 and 1.19 (water_cauldron, infested_stone, candle_cake, ...); Blocks.java has no strength change between
  1.17.1 and 1.18.2 (the game's code, diffed), so those two columns come from pc/1.17.
- 1.14.2 is not in the data: 1.14.1 and 1.14.3 both take pc/1.14.4's folders (the data's own mapping), so 1.14.2,
  between them, takes them too. 1.14 takes pc/1.14.4's blocks with pc/1.14's shapes (dataPaths.json).
- 1.19.1 and 1.21.2 are not in the data: their `net.minecraft.block` package equals 1.19's and 1.21.3's (the
  game's code, diffed), so they take those tables. 1.21.7 is not in the data either: it takes 1.21.8's folders,
  bracketed by 1.21.6's and 1.21.8's tables, which are equal (names, states, shapes, strengths), and by 1.21.8's
  `Blocks` registry, whose names are the table's (1.21.7 added a music disc, no block; 1.21.8 is its hotfix).
- 1.12.2 predates the flattening: its table is made from 1.16.5's and 1.13.2's rows, legacy.json and pc/1.12
  (tools/gen_block_1_12.py), in 1.16.5's names (files read into a 1.12.2 scene map as into 1.16.5's: its
  `data_version` is null).
- A collision shape counts as unchanged when its boxes cover the same voxels (the data splits some shapes, e.g.
  stairs and beds from 1.19 on, into other boxes; the game builds the same VoxelShape from both).

Output (one row per line, so diffs stay readable):
- `shapes`: the shapes no earlier table has, numbered on from the base table's;
- `variants`: `[name, row]` for each block row that differs from the base's row of that name (a new block, or
  new states, shapes, strengths or default state), in the base's `columns`; state ids continue after the
  base's, so that every state of every release has one id (the engine's world stores them);
- `tables`: per distinct release table, its source folders ([blocks, shapes] pairs) and its difference from the
  table before (the first from the base, and so the first of the releases before the base: `from_base`): `removed`
  names, `set` name → variant index (a block whose row went back to the base's row is set to -1);
- `releases`: release → {`table`: index, `data_version`: the game's DataVersion (pc/common/protocolVersions.json)}.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gen_block_1_12 import rows_1_12
from gen_blocks import (
    COLUMNS,
    DATA_PATHS,
    UNBREAKABLE,
    Reader,
    _number,
    _property,
    build_table,
    generate,
    render_document,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.core.versions import parse_version  # noqa: E402 (the repository root first)
from engine.geometry.box import Box  # noqa: E402
from engine.geometry.shapes import from_boxes  # noqa: E402

BASE = "1.16.5"
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "blocks-releases.json"
# releases with a table, in order; those the data lacks take the table of the release named (see above)
RELEASES = ("1.12.2", "1.13.2", "1.14", "1.14.1", "1.14.2", "1.14.3", "1.14.4", "1.15", "1.15.1", "1.15.2",
            "1.17", "1.17.1", "1.18", "1.18.1", "1.18.2", "1.19", "1.19.1", "1.19.2", "1.19.3", "1.19.4",
            "1.20", "1.20.1", "1.20.2", "1.20.3", "1.20.4", "1.20.5", "1.20.6", "1.21", "1.21.1", "1.21.2",
            "1.21.3", "1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.9", "1.21.10", "1.21.11")
NAMED_AS_BASE = "1.12.2"   # its table is made in 1.16.5's names (gen_block_1_12.py)
SAME_BLOCKS_AS = {"1.14.2": "1.14.4", "1.19.1": "1.19", "1.21.2": "1.21.3", "1.21.7": "1.21.8"}
STRENGTHS_FROM = {"pc/1.18": "pc/1.17"}
# strength(-1.0F, ...) blocks added after 1.16.5 (Blocks.java of their release)
NEW_UNBREAKABLE = frozenset({"light", "test_block", "test_instance_block"})


def _voxels(boxes: list[list[float]]) -> tuple:
    """What the game builds from a shape's boxes: its grid coordinates and filled cells."""
    shape = from_boxes(Box(*map(float, b)) for b in boxes)
    return tuple(tuple(c) for c in shape.coords), tuple(sorted(shape.filled))


class _Shapes:
    """Shape ids by voxel content: the base's first, then each new shape."""

    def __init__(self, base: list[list[list[float]]]) -> None:
        self.ids = {}
        for i, boxes in enumerate(base):
            self.ids.setdefault(_voxels(boxes), i)
        self.count = len(base)
        self.new: list[list[list[float]]] = []

    def id(self, boxes: list[list[float]]) -> int:
        key = _voxels(boxes)
        sid = self.ids.get(key)
        if sid is None:
            sid = self.ids[key] = self.count + len(self.new)
            self.new.append([[_number(c) for c in box] for box in boxes])
        return sid


def _rows(read: Reader, paths: dict, shapes: _Shapes) -> dict[str, tuple]:
    """name → (hardness, resistance, properties, default index, shape id per state) of one release's data."""
    blocks = json.loads(read(f"data/{paths['blocks']}/blocks.json"))
    collision = json.loads(read(f"data/{paths['blockCollisionShapes']}/blockCollisionShapes.json"))
    strengths = {b["name"]: b for b in blocks}
    if paths["blocks"] in STRENGTHS_FROM:
        older = json.loads(read(f"data/{STRENGTHS_FROM[paths['blocks']]}/blocks.json"))
        strengths.update({b["name"]: b for b in older if b["name"] in strengths})
    rows = {}
    for b in blocks:
        name, count = b["name"], b["maxStateId"] - b["minStateId"] + 1
        props = [_property(p) for p in b["states"]]
        shape = collision["blocks"][name]
        per_state = [shape] * count if isinstance(shape, int) else shape
        assert len(per_state) == count, f"{paths}: {name}: shape list length"
        ids = [shapes.id(collision["shapes"][str(s)]) for s in per_state]
        s = strengths[name]
        hardness = -1 if name in UNBREAKABLE | NEW_UNBREAKABLE or s["hardness"] is None else _number(s["hardness"])
        rows[name] = (hardness, max(0, _number(s["resistance"])), props, b["defaultState"] - b["minStateId"], ids)
    return rows


def _key(row: tuple) -> tuple:
    """What makes two rows the same block: properties by name and values (the data's int/enum labels vary
    between releases), strengths, default state, shapes."""
    hardness, resistance, props, default, ids = row
    return (hardness, resistance, tuple((k, tuple(v)) for k, _t, v in props), default, tuple(ids))


def _generation(release: str) -> int:
    """The order in which the releases' tables were added to the file (their variants' state ids follow it)."""
    v = parse_version(release)
    return 0 if v > parse_version(BASE) else 1 if v >= (1, 14, 0) else 2 if v >= (1, 13, 0) else 3


def build_releases(read: Reader) -> dict:
    base = build_table(read)
    col = {c: i for i, c in enumerate(COLUMNS)}
    shapes = _Shapes(base["shapes"])
    base_keys = {}
    for name, r in base["blocks"].items():
        count = r[col["maxStateId"]] - r[col["minStateId"]] + 1
        ids = r[col["shapes"]]
        ids = [ids] * count if isinstance(ids, int) else ids
        base_keys[name] = _key((r[col["hardness"]], r[col["resistance"]], r[col["states"]],
                                r[col["defaultState"]] - r[col["minStateId"]], [shapes.ids[_voxels(base["shapes"][i])]
                                                                                 for i in ids]))
    next_id = max(r[col["maxStateId"]] for r in base["blocks"].values()) + 1
    variants: list[list] = []
    variant_of: dict[tuple, int] = {}
    data_paths = json.loads(read(DATA_PATHS))["pc"]
    versions = {v["minecraftVersion"]: v.get("dataVersion")
                for v in json.loads(read("data/pc/common/protocolVersions.json"))}
    tables: list[dict] = []
    table_of: dict[tuple, int] = {}
    current = {name: -1 for name in base["blocks"]}   # name → variant index (-1: the base row)
    releases = {}
    from_base = False
    # the releases after the base first, then 1.14-1.15.2, 1.13.2, 1.12.2: each group's state ids stay those they had
    # before the next was added
    for release in sorted(RELEASES, key=_generation):
        if parse_version(release) < parse_version(BASE) and not from_base:
            current = {name: -1 for name in base["blocks"]}
            from_base = True
        paths = data_paths[SAME_BLOCKS_AS.get(release, release)]
        source = (paths["blocks"], paths["blockCollisionShapes"])
        if source not in table_of:
            table = {}
            rows = rows_1_12(read, base, _rows(read, data_paths["1.13.2"], shapes), shapes.id) \
                if release == NAMED_AS_BASE else _rows(read, paths, shapes)
            for name, row in rows.items():
                key = (name, _key(row))
                if base_keys.get(name) == key[1]:
                    table[name] = -1
                    continue
                if key not in variant_of:
                    hardness, resistance, props, default, ids = row
                    count = len(ids)
                    variant_of[key] = len(variants)
                    variants.append([name, [next_id, next_id + count - 1, next_id + default, hardness, resistance,
                                            props, ids[0] if len(set(ids)) == 1 else ids]])
                    next_id += count
                table[name] = variant_of[key]
            removed = [n for n in current if n not in table]
            changed = {n: v for n, v in table.items() if current.get(n) != v}
            if tables and not removed and not changed:   # the same table from other folders
                tables[-1]["paths"].append(list(source))
            else:
                tables.append({"paths": [list(source)], "removed": removed, "set": changed})
                if from_base and not any(t.get("from_base") for t in tables[:-1]):
                    tables[-1]["from_base"] = True
            table_of[source] = len(tables) - 1
            current = table
        releases[release] = {"table": table_of[source],
                             "data_version": None if release == NAMED_AS_BASE else versions[release]}
    assert next_id <= 1 << 16, "state ids no longer fit the world's uint16 sections"
    releases = {r: releases[r] for r in RELEASES}
    return {"base": BASE, "columns": list(COLUMNS), "first_shape": shapes.count, "shapes": shapes.new,
            "variants": variants, "tables": tables, "releases": releases}


def render(doc: dict) -> str:
    return render_document(doc, ("base", "columns", "first_shape"), ("shapes", "variants", "tables", "releases"))


def main(argv: list[str] | None = None) -> None:
    generate(__doc__.splitlines()[0], DEFAULT_OUT, lambda read: render(build_releases(read)), argv)


if __name__ == "__main__":
    main()
