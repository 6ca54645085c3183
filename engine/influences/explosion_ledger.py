"""The explosion ledger: the `affected` field of an explosion event (interfaces.md), per entity the explosion
pushed its id, sample points (unblocked, total), exposure, impulse, distance, influence and damage.

It is kept as the columns the explosion's kernels wrote (engine.influences.explosion_kernel): a stack of 1,000
TNT pushes 499,500 entities in one tick, and a dict per row cost more than the explosions themselves. `Ledger` is
the list of row dicts the event always held, made when first read (the trace's JSON, the viewer's ledger, a
test): the same keys in the same order and the same types (`samples` a tuple, `impulse` a list), so the trace
prints byte for byte what it printed, with or without a `default` in `json.dumps`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.influences.explosion_kernel import R_DAMAGE, R_EXPOSURE, R_IMPULSE, R_INFLUENCE


class Ledger(list):
    """An explosion's ledger rows as columns: `ids`, `unblocked` and `total` (int64), `distance` (float64) and
    `result` (the R_* columns of `explosion_impulses`; the impulse as Blast Protection left it) of each pushed
    entity, in push order; or, with `at`, row k's numbers are row at[k] of those four (a stack's pushed
    entities share them: the TNT row loop keeps each distinct row once, `explosion_batch`). A list of the row
    dicts: they fill it before anything reads or changes it (json and `list(...)` iterate a list subclass; every
    list method is wrapped below), and its length is known before."""

    __slots__ = ("ids", "unblocked", "total", "distance", "result", "at", "_made")

    def __init__(self, ids: np.ndarray, unblocked: np.ndarray, total: np.ndarray, distance: np.ndarray,
                 result: np.ndarray, at: np.ndarray | None = None) -> None:
        super().__init__()
        self.ids, self.unblocked, self.total, self.distance, self.result = ids, unblocked, total, distance, result
        self.at = at
        self._made = False

    def make(self) -> None:
        """Fill the list with the row dicts (once)."""
        if self._made:
            return
        self._made = True
        unblocked, total, distance, r = self.unblocked, self.total, self.distance, self.result
        if self.at is not None:
            k = self.at
            unblocked, total, distance, r = unblocked[k], total[k], distance[k], r[k]
        list.extend(self, [{"id": i, "samples": (u, t), "exposure": e, "impulse": imp, "distance": d,
                            "influence": f, "damage": g}
                           for i, u, t, e, imp, d, f, g in zip(
                               self.ids.tolist(), unblocked.tolist(), total.tolist(),
                               r[:, R_EXPOSURE].tolist(), r[:, R_IMPULSE:R_IMPULSE + 3].tolist(),
                               distance.tolist(), r[:, R_INFLUENCE].tolist(), r[:, R_DAMAGE].tolist(),
                               strict=True)])

    def __len__(self) -> int:
        return list.__len__(self) if self._made else len(self.ids)

    def __reduce_ex__(self, protocol: Any) -> tuple:
        """Pickled and copied as the plain list of its rows."""
        self.make()
        return list, (list(list.__iter__(self)),)

    def __radd__(self, other: list) -> list:
        self.make()
        return other + list(list.__iter__(self))


def _made_first(name: str, compares: bool):
    """The list method `name`, called once the list is filled (and, for a comparison, the other ledger too)."""
    method = getattr(list, name)

    def call(self: Ledger, *args: Any) -> Any:
        self.make()
        if compares and isinstance(args[0], Ledger):
            args[0].make()
        return method(self, *args)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = method.__doc__
    return call


for _name in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
    setattr(Ledger, _name, _made_first(_name, True))
for _name in ("__iter__", "__reversed__", "__getitem__", "__contains__", "__repr__", "__add__", "__mul__",
              "__rmul__", "__iadd__", "__imul__", "__setitem__", "__delitem__", "__sizeof__", "copy", "count", "index",
              "append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear"):
    setattr(Ledger, _name, _made_first(_name, False))
