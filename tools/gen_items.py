"""Generate `assets/items-1.16.5.json`, the 1.16.5 item registry's ids, and `assets/item-max-counts-1.16.5.json`,
their maximum stack sizes (`Item.getMaxCount`) where not 64, from minecraft-data (PrismarineJS, MIT), the same
source as the block table (tools/gen_blocks.py; `dataPaths.json` maps pc 1.16.5 → items from 1.16.2).

Usage: `python3 tools/gen_items.py [SOURCE] [-o OUT] [--counts COUNTS]`, SOURCE as for gen_blocks.py. The ids are
one JSON list of bare item names in registry (raw id) order, one per line; the counts one JSON object, name →
max count, in the same order. minecraft-data's `stackSize` is corrected where the game's `Items` says otherwise
(`CORRECTIONS`). The maximum counts of the items 1.16.5 registers are the same in every release 1.12.2–1.21.11 the
engine runs (minecraft-data's pc 1.12–1.21.11 items compared; 1.12.2's knowledge book, 64 there, is 1 in the game:
`ItemKnowledgeBook` sets 1).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gen_blocks import DATA_PATHS, VERSION, open_source

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / f"items-{VERSION}.json"
COUNTS_NAME = f"item-max-counts-{VERSION}.json"    # beside OUT unless --counts names it
STACK = 64          # Item.Settings' default maxCount
# 1.16.5 Items: OnAStickItem with maxDamage(100), which sets maxCount 1 (minecraft-data pc 1.16.2-1.18 say 64)
CORRECTIONS = {"warped_fungus_on_a_stick": 1}


def _items(read) -> list[dict]:
    path = json.loads(read(DATA_PATHS))["pc"][VERSION]["items"]
    return sorted(json.loads(read(f"data/{path}/items.json")), key=lambda item: item["id"])


def build_items(read) -> list[str]:
    """The item names of pc `VERSION`, ordered by raw id."""
    return [item["name"] for item in _items(read)]


def build_max_counts(read) -> dict[str, int]:
    """Each item's maximum stack size where it is not 64, ordered by raw id."""
    counts = {item["name"]: CORRECTIONS.get(item["name"], item["stackSize"]) for item in _items(read)}
    return {name: n for name, n in counts.items() if n != STACK}


def render(names: list[str]) -> str:
    return "[\n" + ",\n".join(json.dumps(n) for n in names) + "\n]\n"


def render_counts(counts: dict[str, int]) -> str:
    return "{\n" + ",\n".join(f"{json.dumps(k)}: {v}" for k, v in counts.items()) + "\n}\n"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("source", nargs="?")
    p.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    p.add_argument("--counts", type=Path)
    args = p.parse_args(argv)
    read = open_source(args.source)
    args.out.write_text(render(build_items(read)), encoding="utf-8")
    (args.counts or args.out.with_name(COUNTS_NAME)).write_text(render_counts(build_max_counts(read)), encoding="utf-8")


if __name__ == "__main__":
    main()
