"""java.util behaviour the engine's order depends on: HashSet iteration order and Collections.shuffle."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.constants import (
    BLOCK_POS_HASH_PRIME,
    HASHMAP_INITIAL_CAPACITY,
    HASHMAP_LOAD_FACTOR,
    HASHMAP_MIN_TREEIFY_CAPACITY,
    HASHMAP_TREEIFY_BIN,
)
from engine.java.javanum import f32
from engine.java.jrandom import JavaRandom, int_draws

_INT32 = 0xFFFFFFFF                 # an int's 32 bits, unsigned
_HASH_SPREAD = 16                   # HashMap.hash: h ^ (h >>> 16)


def hash_set_order(cells: np.ndarray, from_collection: bool = False) -> np.ndarray:
    """The permutation of `cells` (distinct, in insertion order) that `java.util.HashSet` iterates in: buckets by
    index (h ^ h >>> 16) & (capacity − 1), insertion order within a bucket. The table starts at 16 (with
    `from_collection`, `new HashSet<>(collection)`: at the power of two from max((int)(n / .75f) + 1, 16)), doubles
    past a load of 0.75, and doubles when a bin reaches 9 nodes while it is below 64. A bin of 9 in a table of 64
    or more becomes a red-black tree whose iteration order differs: not emulated (it needs 9 positions of one
    hash bucket, which the compact hashes of an explosion's cells make unlikely)."""
    x, y, z = cells[:, 0], cells[:, 1], cells[:, 2]
    h = ((y + z * BLOCK_POS_HASH_PRIME) * BLOCK_POS_HASH_PRIME + x) & _INT32   # Vec3i.hashCode as unsigned bits
    spread = h ^ (h >> _HASH_SPREAD)
    cap = HASHMAP_INITIAL_CAPACITY
    if from_collection:
        wanted = max(int(f32(len(cells) / f32(HASHMAP_LOAD_FACTOR))) + 1, HASHMAP_INITIAL_CAPACITY)
        cap = 1 << (wanted - 1).bit_length()          # HashMap.tableSizeFor
    bins: dict[int, int] = {}
    for i, s in enumerate(spread.tolist()):
        if cap >= HASHMAP_MIN_TREEIFY_CAPACITY:
            break
        b = s & (cap - 1)
        bins[b] = bins.get(b, 0) + 1
        if bins[b] >= HASHMAP_TREEIFY_BIN:          # treeifyBin → resize() below 64
            cap, bins = _rehash(spread[:i + 1], cap * 2)
        if i + 1 > cap * HASHMAP_LOAD_FACTOR:       # ++size > threshold → resize()
            cap, bins = _rehash(spread[:i + 1], cap * 2)
    while len(cells) > cap * HASHMAP_LOAD_FACTOR:
        cap *= 2
    return np.argsort(spread & (cap - 1), kind="stable")


def _rehash(spread: np.ndarray, cap: int) -> tuple[int, dict[int, int]]:
    """A table of `cap` buckets holding these hashes: (cap, nodes per bucket)."""
    bins: dict[int, int] = {}
    for t in (spread & (cap - 1)).tolist():
        bins[t] = bins.get(t, 0) + 1
    return cap, bins


def shuffle(random: JavaRandom, items: list[Any]) -> None:
    """`Collections.shuffle(list, random)` of a random-access list, in place: for i = n..2, swap(i − 1,
    nextInt(i))."""
    for i, j in zip(range(len(items) - 1, 0, -1), shuffle_draws(random, len(items)), strict=True):
        items[i], items[j] = items[j], items[i]


def shuffle_draws(random: JavaRandom, n: int, keep: bool = True) -> list[int]:
    """nextInt(i) for i = n..2 (`jrandom.int_draws`, compiled); with `keep` false only the generator moves (an
    all-air explosion's shuffle, whose order nothing reads) and the list is empty."""
    out = np.empty(max(n - 1, 0) if keep else 0, dtype=np.int64)
    seed, gaussian, have = random.get_state()
    random.set_state((int(int_draws(seed, n, out)), gaussian, have))
    return out.tolist()
