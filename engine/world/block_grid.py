"""The world's blocks as compiled stages read them (docs/architecture.md, "Entities as rows; stages compiled");
what they read about each state is `engine.world.block_tables`.

`SectionGrid` mirrors `World`'s 16³ sections of state ids into one pool of rows with an open-addressing index
by section key. `World.block_version` and the per-section versions, which every block change path advances
(`set_block_state`, `place_block_ids`, `fill_boxes`: pistons, explosions, schematics and scenes all go through
them), say what to copy: `sync` costs nothing while no block changed.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING

import numpy as np

from engine.jit import njit, plain

if TYPE_CHECKING:
    from engine.world.world import World

SECTION_CELLS = 4096
EMPTY_INDEX = np.iinfo(np.int64).min


@njit(inline=True)
def section_hash(sx: int, sy: int, sz: int, mask: int) -> int:
    """The index slot a section key starts probing at (low bits only: the same with or without int64 wrap)."""
    return ((sx * 73856093) ^ (sy * 19349663) ^ (sz * 83492791)) & mask


@njit(inline=True)
def section_slot(keys: np.ndarray, slots: np.ndarray, sx: int, sy: int, sz: int) -> int:
    """The pool row of section (sx, sy, sz), or −1 when the world has none there."""
    mask = len(slots) - 1
    h = section_hash(sx, sy, sz, mask)
    while True:
        if keys[h, 0] == EMPTY_INDEX:
            return -1
        if keys[h, 0] == sx and keys[h, 1] == sy and keys[h, 2] == sz:
            return slots[h]
        h = (h + 1) & mask


def marked_sections(world: World, kept: MutableMapping[World, tuple[int, np.ndarray]],
                    test: Callable[[int, int, int, int, int, int], bool]) -> np.ndarray:
    """Per pool row of `world.block_grid()`, 1 where `test` (a `World.region_*` query over a section's min and
    max block corners) holds for that section: kept in `kept[world]` and made again when a block changed."""
    made = kept.get(world)
    if made is None or made[0] != world.block_version:
        grid = world.block_grid()
        out = np.zeros(len(grid.pool), dtype=np.uint8)
        find = plain(section_slot)
        for sx, sy, sz in world.section_versions():
            slot = find(grid.keys, grid.slots, sx, sy, sz)
            if slot >= 0:
                out[slot] = test(sx << 4, sy << 4, sz << 4, sx << 4, sy << 4, sz << 4)
        made = kept[world] = (world.block_version, out)
    return made[1]


class SectionGrid:
    """`World`'s block sections as a pool of rows (`pool[slot, (y & 15) << 8 | (z & 15) << 4 | x & 15]`) and
    an index (`keys`, `slots`) that kernels probe with `section_slot`."""

    def __init__(self) -> None:
        self.pool = np.zeros((0, SECTION_CELLS), dtype=np.uint16)
        self.keys = np.full((8, 3), EMPTY_INDEX, dtype=np.int64)
        self.slots = np.full(8, -1, dtype=np.int64)
        self._slot_of: dict[tuple[int, int, int], int] = {}
        self._versions: dict[tuple[int, int, int], int] = {}
        self._free: list[int] = []          # pool rows of sections the world no longer has
        self._block_version = -1

    def sync(self, world: World) -> SectionGrid:
        """Copy the sections that changed since the last call (none while `world.block_version` is unchanged);
        a section the world no longer has leaves the index (its cells read as air, as the world's do) and its
        row is reused."""
        if world.block_version == self._block_version:
            return self
        self._block_version = world.block_version
        versions = world.section_versions()
        gone = [key for key in self._slot_of if key not in versions]
        for key in gone:
            self._free.append(self._slot_of.pop(key))
            del self._versions[key]
        added = False
        for key, version in versions.items():
            if self._versions.get(key) == version:
                continue
            self._versions[key] = version
            slot = self._slot_of.get(key)
            if slot is None:
                slot = self._slot_of[key] = self._free.pop() if self._free else len(self._slot_of)
                if slot >= len(self.pool):
                    self.pool = np.concatenate([self.pool, np.zeros((max(8, len(self.pool)), SECTION_CELLS),
                                                                    dtype=np.uint16)])
                added = True
            self.pool[slot] = world.section(key).reshape(SECTION_CELLS)
        if added or gone:
            self._rebuild_index()
        return self

    def _rebuild_index(self) -> None:
        size = 8
        while size < 2 * len(self._slot_of):
            size *= 2
        keys = np.full((size, 3), EMPTY_INDEX, dtype=np.int64)
        slots = np.full(size, -1, dtype=np.int64)
        mask = size - 1
        for (sx, sy, sz), slot in self._slot_of.items():
            h = section_hash(sx, sy, sz, mask)
            while keys[h, 0] != EMPTY_INDEX:
                h = (h + 1) & mask
            keys[h] = (sx, sy, sz)
            slots[h] = slot
        self.keys, self.slots = keys, slots
