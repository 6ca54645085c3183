"""The path-finding search as pictures (spec 07 §5; README "Mobs and path finding"): the `path_search` stage's
geometry replayed node by node, and the text shown for the node under the pointer. Everything is read from the
recorded geometry (`order`, `opened`, f, g, h, type); nothing of the search is computed here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SEARCH_STAGE = "path_search"
NODE_ROLES = frozenset({"path_closed", "path_open"})   # nodes carrying f, g, h, type and `opened`
FINAL_ROLES = frozenset({"path_node", "path_segment"})  # the chosen path: drawn once the search is done


def search_length(prims: Iterable[dict[str, Any]]) -> int:
    """The number of expansions of a search: its `path_closed` nodes (one search step each)."""
    return sum(1 for p in prims if p["role"] == "path_closed")


def at_search_step(prims: list[dict[str, Any]], step: int) -> list[dict[str, Any]]:
    """The search after `step` expansions: the closed set is the nodes of `order` below `step`; the open set is
    the nodes `opened` at or before `step` and not closed by then (a later-closed node is shown as `path_open`);
    the chosen path appears at the last step; other primitives (the target) stay."""
    done = step >= search_length(prims)
    out: list[dict[str, Any]] = []
    for p in prims:
        role = p["role"]
        if role == "path_closed":
            if p["order"] < step:
                out.append(p)
            elif p["opened"] <= step:
                out.append({**p, "role": "path_open"})
        elif role == "path_open":
            if p["opened"] <= step:
                out.append(p)
        elif role not in FINAL_ROLES or done:
            out.append(p)
    return out


def node_text(prim: dict[str, Any]) -> str:
    """The hover text of a search node: type and cell, closed order or open, the step it was opened, f = g + h."""
    x, y, z = prim["pos"]
    state = f"closed #{prim['order']}" if prim["role"] == "path_closed" else "open"
    return (f"{prim['type']} node ({x}, {y}, {z})\n{state}, opened at step {prim['opened']}\n"
            f"f = {prim['f']:.4f}\ng = {prim['g']:.4f}\nh = {prim['h']:.4f}")
