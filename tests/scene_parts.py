"""The parts of scenes that tests build again and again, one home each (style T5): floors, boats and carts with
their riders, mobs held still, a player's held keys. Each returns the tables of what it names, for
`tests.conftest.build_scene` or `scene_toml`, so every test still loads its scene through the public loader."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

STONE = "minecraft:stone"
CART_ON_RAIL_Y = 1.0625          # a cart resting on a rail laid on the floor at y 0 (the rail's 1/16 height)
STANDING_VY = -0.0784000015258789   # the Y Motion of a player standing on the ground: (0 − 0.08) × 0.98F
Point = Sequence[float]
Table = dict[str, Any]


def cuboid(lo: Sequence[int], hi: Sequence[int], block: str = STONE) -> Table:
    """A `[[blocks]]` box of `block` from `lo` to `hi`, both corners included."""
    return {"from": list(lo), "to": list(hi), "block": block}


def floor(half: int, block: str = STONE, y: int = 0) -> Table:
    """A square floor of `block` at height `y`, from −half to +half on X and Z."""
    return cuboid((-half, y, -half), (half, y, half), block)


def cell(at: Sequence[int], block: str) -> Table:
    """One `[[blocks]]` cell."""
    return {"at": list(at), "block": block}


def entity(kind: str, pos: Point, **keys: Any) -> Table:
    """One `[[entities]]` table."""
    return {"type": kind, "pos": list(pos), **keys}


def held(entity_id: int, first: int, last: int, **keys: Any) -> Table:
    """An `[[inputs]]` range: the keys the player `entity_id` holds from tick `first` to tick `last`."""
    return {"entity": entity_id, "from": first, "to": last, **keys}


def action(tick: int, do: str, **keys: Any) -> Table:
    """One `[[actions]]` table."""
    return {"tick": tick, "do": do, **keys}


def thrown(kind: str, yaw: float, pitch: float, feet: Point = (0.5, 64.0, 0.5), **keys: Any) -> Table:
    """A `[[spawns]]` of kind "thrown": `kind` thrown by a player standing at `feet` and looking (yaw, pitch)."""
    return {"kind": "thrown", "entity": kind, "from_player_at": list(feet), "yaw": yaw, "pitch": pitch, **keys}


def with_riders(vehicle: Table, *riders: str | Table) -> list[Table]:
    """`vehicle` (given id 1) and its riders, ids 2, 3, … seated in it; a rider named by its type alone starts at
    the vehicle's position."""
    out = [{**vehicle, "id": 1}]
    for i, rider in enumerate(riders, 2):
        table = entity(rider, vehicle["pos"]) if isinstance(rider, str) else rider
        out.append({**table, "id": i, "vehicle": 1})
    return out


def east_road(length: int = 40, block: str = STONE) -> Table:
    """A floor 11 wide from x −5 to x `length`, for walking east."""
    return cuboid((-5, 0, -5), (length, 0, 5), block)


def player_on_floor(pos: Point = (0.5, 1.0, 0.5), **keys: Any) -> Table:
    """A player (id 1) standing on the ground at `pos` (`on_ground=False` to drop it)."""
    return entity("minecraft:player", pos, id=1, **{"on_ground": True, **keys})


def walker(pos: Point = (0.5, 1.0, 0.5), **keys: Any) -> Table:
    """A player on the floor ready to walk east: facing east (yaw −90), with a standing player's Y Motion."""
    return player_on_floor(pos, **{"motion": [0.0, STANDING_VY, 0.0], "yaw": -90.0, **keys})


def still_mobs(kind: str, *positions: Point, **keys: Any) -> list[Table]:
    """Mobs of `kind` without AI or gravity at `positions`: their Motion keeps only what pushes them (cramming)."""
    return [entity(kind, pos, no_ai=True, no_gravity=True, **keys) for pos in positions]
