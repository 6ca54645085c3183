"""What every scene key is checked against: `SceneContext` reads a value as a table, number, Java int, block
position, item id or block state, or fails with one `SceneError` line naming the file, the key and what was
expected (interfaces.md)."""

from __future__ import annotations

import math
import re
from collections.abc import Set
from typing import Any

from engine.constants import BLOCK_COORDINATE_LIMIT
from engine.core.versions import DEFAULT_VERSION
from engine.entities.entity import Entity
from engine.entities.item_registry import is_item
from engine.geometry.box import Vec3
from engine.world.blocks import BlockStateError
from engine.world.world import MAX_Y, MIN_Y, blocks

ITEM_ID = re.compile(r"[a-z0-9_.-]+:[a-z0-9_./-]+")


def one_line(text: str) -> str:
    """`text` with every non-printable character escaped (\\n, \\x1b, ...), so an error is one printable line."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class SceneError(ValueError):
    """A scene that cannot be loaded; the message is one line: file, key, what was expected."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


class SceneContext:
    def __init__(self, source: str) -> None:
        self.source = source
        self.leashes: list[tuple[Entity, int, str]] = []    # (mob, holder id, key): any entity of the scene holds
        self.owners: list[tuple[str, int]] = []   # (key, id): each must name an entity of the scene
        self.states: list[tuple[Entity, Any, str]] = []   # (entity, its `state` table, key): set after all load
        self.release = DEFAULT_VERSION   # the scene's version: its blocks are named as that release names them

    def fail(self, key: str, msg: str) -> SceneError:
        return SceneError(f"{self.source}: {key}: {msg}")

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a table, got {type(value).__name__}")
        return value

    def keys(self, table: dict[str, Any], key: str, allowed: Set[str], required: Set[str] = frozenset()) -> None:
        for k in table:
            if k not in allowed:
                raise self.fail(f"{key}.{k}", f"unknown key (expected one of: {', '.join(sorted(allowed))})")
        for k in sorted(required):
            if k not in table:
                raise self.fail(f"{key}.{k}", "missing")

    def number(self, value: Any, key: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"expected a number, got {value!r}")
        return float(value)

    def integer(self, value: Any, key: str, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected an integer, got {value!r}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(key, f"expected an integer in {lo}..{hi}, got {value}")
        return value

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {value!r}")
        return value

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"expected a string, got {value!r}")
        return value

    def vec3(self, value: Any, key: str) -> Vec3:
        """Three numbers; nan and ±inf are allowed and behave as Java doubles."""
        if not isinstance(value, list) or len(value) != 3:
            raise self.fail(key, f"expected [x, y, z], got {value!r}")
        if all(type(v) is float or type(v) is int for v in value):  # the usual case, without naming each key
            return Vec3(float(value[0]), float(value[1]), float(value[2]))
        return Vec3(*(self.number(v, f"{key}[{i}]") for i, v in enumerate(value)))

    def position(self, value: Any, key: str) -> Vec3:
        """An entity's position: three finite numbers. Entity.fromTag (1.16.5) refuses a NaN or infinite position
        ("Entity has invalid position"); a motion may be anything (`vec3`)."""
        pos = self.vec3(value, key)
        if not (math.isfinite(pos.x) and math.isfinite(pos.y) and math.isfinite(pos.z)):
            raise self.fail(key, f"expected a finite position (Minecraft refuses an entity whose position is NaN or "
                                 f"infinite), got [{pos.x}, {pos.y}, {pos.z}]")
        return pos

    def rotation(self, value: Any, key: str) -> float:
        """An entity's yaw or pitch: a finite number. Entity.fromTag (1.16.5) refuses a NaN or infinite rotation
        ("Entity has invalid rotation")."""
        angle = self.number(value, key)
        if not math.isfinite(angle):
            raise self.fail(key, f"expected a finite angle (Minecraft refuses an entity whose rotation is NaN or "
                                 f"infinite), got {angle}")
        return angle

    def block_pos(self, value: Any, key: str, in_world: bool = True) -> tuple[int, int, int]:
        """A block position; `in_world`: inside the build range too (a schematic's origin need not be)."""
        if not isinstance(value, list) or len(value) != 3:
            raise self.fail(key, f"expected [x, y, z] integers, got {value!r}")
        if all(type(v) is int for v in value):  # the usual case, without naming each key
            x, y, z = value
        else:
            x, y, z = (self.integer(v, f"{key}[{i}]") for i, v in enumerate(value))
        if in_world and not MIN_Y <= y <= MAX_Y:
            raise self.fail(key, f"y = {y} is outside the 1.16.5 build range {MIN_Y}..{MAX_Y}")
        for axis, c in (("x", x), ("z", z)):   # World.isValid
            if not -BLOCK_COORDINATE_LIMIT <= c < BLOCK_COORDINATE_LIMIT:
                raise self.fail(key, f"{axis} = {c} is outside the world ({-BLOCK_COORDINATE_LIMIT} <= {axis} < "
                                     f"{BLOCK_COORDINATE_LIMIT})")
        return (x, y, z)

    def item(self, value: Any, key: str) -> str:
        """An item id of the 1.16.5 registry, namespaced (a bare name means minecraft:)."""
        name = self.string(value, key)
        item = name if ":" in name else "minecraft:" + name
        if not ITEM_ID.fullmatch(item):
            raise self.fail(key, f"expected an item id such as \"minecraft:tnt\", got {name!r}")
        if not is_item(item):
            raise self.fail(key, f"{item} is not an item of 1.16.5")
        return item

    def block_state(self, value: Any, key: str) -> blocks.BlockState:
        try:
            return blocks.parse_block_state(self.string(value, key), self.release)
        except BlockStateError as err:
            raise self.fail(key, str(err)) from None
