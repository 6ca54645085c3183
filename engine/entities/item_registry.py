"""The 1.16.5 item registry (`Registry.ITEM`): its ids, `assets/items-1.16.5.json`, and their maximum stack sizes
(`Item.getMaxCount`) where not 64, `assets/item-max-counts-1.16.5.json`, both generated from minecraft-data by
`tools/gen_items.py`. A scene names items by id; one that 1.16.5 does not register is refused. The maximum counts
are those of every release the engine runs (the generator's docstring)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

ITEMS_PATH = Path(__file__).resolve().parents[2] / "assets" / "items-1.16.5.json"
MAX_COUNTS_PATH = ITEMS_PATH.with_name("item-max-counts-1.16.5.json")
NAMESPACE = "minecraft:"
DEFAULT_MAX_COUNT = 64   # Item.Settings' maxCount


@lru_cache(maxsize=1)
def item_ids() -> frozenset[str]:
    """Every namespaced item id of 1.16.5."""
    return frozenset(NAMESPACE + name for name in json.loads(ITEMS_PATH.read_text(encoding="utf-8")))


def is_item(item: str) -> bool:
    """Whether `item` (a namespaced id) is a 1.16.5 item."""
    return item in item_ids()


@lru_cache(maxsize=1)
def _max_counts() -> dict[str, int]:
    return {NAMESPACE + name: n for name, n in json.loads(MAX_COUNTS_PATH.read_text(encoding="utf-8")).items()}


def max_count(item: str) -> int:
    """`ItemStack.getMaxCount` of a stack of `item` (a namespaced id): 1, 16 or 64."""
    return _max_counts().get(item, DEFAULT_MAX_COUNT)
