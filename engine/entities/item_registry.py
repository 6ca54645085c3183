"""The 1.16.5 item registry's ids (`Registry.ITEM`): `assets/items-1.16.5.json`, generated from minecraft-data
by `tools/gen_items.py`. A scene names items by id; one that 1.16.5 does not register is refused."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

ITEMS_PATH = Path(__file__).resolve().parents[2] / "assets" / "items-1.16.5.json"
NAMESPACE = "minecraft:"


@lru_cache(maxsize=1)
def item_ids() -> frozenset[str]:
    """Every namespaced item id of 1.16.5."""
    return frozenset(NAMESPACE + name for name in json.loads(ITEMS_PATH.read_text(encoding="utf-8")))


def is_item(item: str) -> bool:
    """Whether `item` (a namespaced id) is a 1.16.5 item."""
    return item in item_ids()
