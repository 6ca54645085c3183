"""Generate `assets/blocks-1.16.5.json` from minecraft-data (PrismarineJS, MIT; notes/block-data.md).

Usage: `python3 tools/gen_blocks.py [SOURCE] [-o OUT]`. SOURCE is the unpacked `minecraft-data` package, its
sdist (`pip download --no-deps --no-binary :all: minecraft-data==3.20.0 -d DIR`) or the folder holding it;
without SOURCE it uses `$TICKSCOPE_MINECRAFT_DATA`, then an importable `minecraft_data` package. The versions
come from the package's `dataPaths.json` (pc 1.16.5 → blocks from 1.16.2, collision shapes from 1.16.1).

Two corrections toward vanilla's `AbstractBlock.Settings.strength(hardness, resistance)`: minecraft-data
writes hardness 0 where vanilla has -1 (unbreakable, which also makes a block immovable by pistons), and it
keeps a negative resistance where vanilla stores `Math.max(0.0F, resistance)`.

Output, one block per line so diffs stay readable:
- `shapes`: list indexed by shape id, each a list of boxes `[x0, y0, z0, x1, y1, z1]` in block-local units;
- `blocks`: bare name → row in the order of `columns`; `states` lists `[property, type, values]` in the
  data's order (state ids are mixed radix over it, last property fastest), `shapes` is one shape id for
  every state or a list with one per state.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tarfile
from collections.abc import Callable
from pathlib import Path

VERSION = "1.16.5"
DATA_PATHS = "data/dataPaths.json"
COLUMNS = ("minStateId", "maxStateId", "defaultState", "hardness", "resistance", "states", "shapes")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / f"blocks-{VERSION}.json"

# Blocks built with strength(-1.0F, ...) in 1.16 `Blocks`: hardness -1.
UNBREAKABLE = frozenset({
    "bedrock", "nether_portal", "end_portal", "end_portal_frame", "end_gateway", "moving_piston", "barrier",
    "command_block", "repeating_command_block", "chain_command_block", "structure_block", "jigsaw",
})

Reader = Callable[[str], bytes]  # a path below the package's `data/` folder → file contents


def _dir_reader(root: Path) -> Reader:
    return lambda rel: (root / rel).read_bytes()


def _tar_reader(path: Path) -> Reader:
    tar = tarfile.open(path)
    names = {n.split("minecraft_data/data/", 1)[1]: n for n in tar.getnames() if "minecraft_data/data/" in n}

    def read(rel: str) -> bytes:
        f = tar.extractfile(names[rel])
        assert f is not None, f"{path}: {rel} is not a file"
        return f.read()
    return read


def open_source(source: str | None) -> Reader:
    """A reader over minecraft-data's `data/` folder, found from SOURCE, the env var or the package."""
    if source is None:
        source = os.environ.get("TICKSCOPE_MINECRAFT_DATA")
    if source is None:
        try:
            import minecraft_data  # optional: only to locate its JSON files
        except ImportError:
            sys.exit("gen_blocks: no SOURCE, TICKSCOPE_MINECRAFT_DATA unset, minecraft_data not importable")
        source = str(Path(minecraft_data.__file__).parent)
    path = Path(source)
    if path.is_file():
        return _tar_reader(path)
    for candidate in (path, path / "data", path / "minecraft_data" / "data"):
        if (candidate / DATA_PATHS).is_file():
            return _dir_reader(candidate)
    sdists = sorted(path.glob("minecraft_data-*.tar.gz"))
    if sdists:
        return _tar_reader(sdists[-1])
    sys.exit(f"gen_blocks: no minecraft-data found under {path} (expected {DATA_PATHS} or an sdist)")


def _number(x: float) -> int | float:
    """Whole numbers as ints, so the output does not depend on how the source spelled them."""
    return int(x) if float(x).is_integer() else x


def _property(p: dict) -> list:
    if p["type"] == "bool":
        values = ["true", "false"]  # index 0 is true (notes/block-data.md)
    elif "values" in p:
        values = p["values"]  # 1.17+ lists int values too: `layers` 1..8, `distance` 1..7
    else:
        values = [str(i) for i in range(p["num_values"])]  # int properties without `values` start at 0
    assert len(values) == p["num_values"], p
    return [p["name"], p["type"], values]


def build_table(read: Reader) -> dict:
    paths = json.loads(read(DATA_PATHS))["pc"][VERSION]
    blocks = json.loads(read(f"data/{paths['blocks']}/blocks.json"))
    collision = json.loads(read(f"data/{paths['blockCollisionShapes']}/blockCollisionShapes.json"))
    shapes = collision["shapes"]
    assert sorted(map(int, shapes)) == list(range(len(shapes))), "shape ids are not 0..n-1"
    assert UNBREAKABLE <= {b["name"] for b in blocks}, "UNBREAKABLE names a block the data lacks"
    rows = {}
    next_id = 0
    for b in blocks:
        count = b["maxStateId"] - b["minStateId"] + 1
        assert b["minStateId"] == next_id, f"{b['name']}: state ids are not contiguous"
        props = [_property(p) for p in b["states"]]
        product = 1
        for p in props:
            product *= len(p[2])
        assert product == count, f"{b['name']}: {product} property combinations for {count} states"
        shape = collision["blocks"][b["name"]]
        assert isinstance(shape, int) or len(shape) == count, f"{b['name']}: shape list length"
        hardness = -1 if b["name"] in UNBREAKABLE else _number(b["hardness"])
        resistance = max(0, _number(b["resistance"]))
        rows[b["name"]] = [b["minStateId"], b["maxStateId"], b["defaultState"], hardness, resistance, props,
                           shape]
        next_id = b["maxStateId"] + 1
    return {"version": VERSION, "paths": {k: paths[k] for k in ("blocks", "blockCollisionShapes")},
            "columns": list(COLUMNS),
            "shapes": [[[_number(c) for c in box] for box in shapes[str(i)]] for i in range(len(shapes))],
            "blocks": rows}


def _dump(x: object) -> str:
    return json.dumps(x, separators=(",", ":"))


def render_document(doc: dict, head: tuple[str, ...], rows: tuple[str, ...]) -> str:
    """Deterministic compact JSON: the source line, each `head` key on a line, then each `rows` key (a list or a
    dict) with one item per line."""
    parts = ["\"source\":\"minecraft-data (PrismarineJS), MIT: see LICENSE-minecraft-data.txt\"",
             ",\n".join(f"{_dump(k)}:{_dump(doc[k])}" for k in head)]
    for key in rows:
        value = doc[key]
        if isinstance(value, dict):
            items = ",\n".join(f"{_dump(k)}:{_dump(v)}" for k, v in value.items())
            parts.append(f"{_dump(key)}:{{\n{items}}}")
        else:
            items = ",\n".join(_dump(v) for v in value)
            parts.append(f"{_dump(key)}:[\n{items}]")
    return "{" + ",\n".join(parts) + "}\n"


def render(table: dict) -> str:
    """One line per shape and per block."""
    return render_document(table, ("version", "paths", "columns"), ("shapes", "blocks"))


def generate(description: str, default_out: Path, make: Callable[[Reader], str], argv: list[str] | None) -> None:
    """The command line of a generator: read SOURCE (see `open_source`), write `make`'s text to OUT."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("source", nargs="?", help="minecraft-data package folder, sdist, or a folder holding it")
    ap.add_argument("-o", "--out", type=Path, default=default_out, help=f"output (default {default_out})")
    args = ap.parse_args(argv)
    text = make(open_source(args.source))
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text.encode())} bytes)")


def main(argv: list[str] | None = None) -> None:
    generate(__doc__.splitlines()[0], DEFAULT_OUT, lambda read: render(build_table(read)), argv)


if __name__ == "__main__":
    main()
