"""Generate `assets/items-1.16.5.json`, the 1.16.5 item registry's ids, from minecraft-data (PrismarineJS, MIT),
the same source as the block table (tools/gen_blocks.py; `dataPaths.json` maps pc 1.16.5 → items from 1.16.2).

Usage: `python3 tools/gen_items.py [SOURCE] [-o OUT]`, SOURCE as for gen_blocks.py. The output is one JSON list
of bare item names in registry (raw id) order, one per line.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gen_blocks import DATA_PATHS, VERSION, open_source

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / f"items-{VERSION}.json"


def build_items(read) -> list[str]:
    """The item names of pc `VERSION`, ordered by raw id."""
    path = json.loads(read(DATA_PATHS))["pc"][VERSION]["items"]
    items = json.loads(read(f"data/{path}/items.json"))
    return [item["name"] for item in sorted(items, key=lambda item: item["id"])]


def render(names: list[str]) -> str:
    return "[\n" + ",\n".join(json.dumps(n) for n in names) + "\n]\n"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("source", nargs="?")
    p.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    args = p.parse_args(argv)
    args.out.write_text(render(build_items(open_source(args.source))), encoding="utf-8")


if __name__ == "__main__":
    main()
