"""Entity attributes (spec 05 §4.7): a base value changed by modifiers, in vanilla's order.

`EntityAttributeInstance.computeValue`: the base plus every ADDITION; then each MULTIPLY_BASE adds base × amount;
then each MULTIPLY_TOTAL multiplies by 1 + amount; the result is clamped to the attribute's range. Modifiers of one
operation sit in a `java.util.HashSet` keyed by their UUID, so MULTIPLY_TOTAL factors multiply in that set's
iteration order (`_hash_set_order`); a double product's rounding can depend on it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import IntEnum

from engine.constants import (
    ATTRIBUTE_FALL_DAMAGE_MULTIPLIER,
    ATTRIBUTE_FOLLOW_RANGE_MAX,
    ATTRIBUTE_GRAVITY,
    ATTRIBUTE_JUMP_STRENGTH,
    ATTRIBUTE_MAX_HEALTH_DEFAULT,
    ATTRIBUTE_MAX_HEALTH_MIN,
    ATTRIBUTE_MAX_VALUE,
    ATTRIBUTE_MOVEMENT_SPEED_DEFAULT,
    ATTRIBUTE_SAFE_FALL_DISTANCE,
    ATTRIBUTE_SCALE,
    ATTRIBUTE_STEP_HEIGHT,
    HASHMAP_INITIAL_CAPACITY,
    MOB_FOLLOW_RANGE,
)
from engine.core.versions import Version, parse_version, version_text
from engine.java.javanum import wrap_int
from engine.java.mathhelper import clamp

MOVEMENT_SPEED = "minecraft:generic.movement_speed"
MAX_HEALTH = "minecraft:generic.max_health"
KNOCKBACK_RESISTANCE = "minecraft:generic.knockback_resistance"
FOLLOW_RANGE = "minecraft:generic.follow_range"
GRAVITY = "minecraft:generic.gravity"
STEP_HEIGHT = "minecraft:generic.step_height"
JUMP_STRENGTH = "minecraft:generic.jump_strength"
SAFE_FALL_DISTANCE = "minecraft:generic.safe_fall_distance"
FALL_DAMAGE_MULTIPLIER = "minecraft:generic.fall_damage_multiplier"
SCALE = "minecraft:generic.scale"

# EntityAttributes: default value, minimum, maximum
ATTRIBUTES: dict[str, tuple[float, float, float]] = {
    MOVEMENT_SPEED: (ATTRIBUTE_MOVEMENT_SPEED_DEFAULT, 0.0, ATTRIBUTE_MAX_VALUE),
    MAX_HEALTH: (ATTRIBUTE_MAX_HEALTH_DEFAULT, ATTRIBUTE_MAX_HEALTH_MIN, ATTRIBUTE_MAX_VALUE),
    KNOCKBACK_RESISTANCE: (0.0, 0.0, 1.0),
    FOLLOW_RANGE: (MOB_FOLLOW_RANGE, 0.0, ATTRIBUTE_FOLLOW_RANGE_MAX),
    GRAVITY: ATTRIBUTE_GRAVITY,
    STEP_HEIGHT: ATTRIBUTE_STEP_HEIGHT,
    JUMP_STRENGTH: ATTRIBUTE_JUMP_STRENGTH,
    SAFE_FALL_DISTANCE: ATTRIBUTE_SAFE_FALL_DISTANCE,
    FALL_DAMAGE_MULTIPLIER: ATTRIBUTE_FALL_DAMAGE_MULTIPLIER,
    SCALE: ATTRIBUTE_SCALE,
}
# the attributes added after 1.16.5, with their first release (createLivingAttributes adds these in 1.20.5): a
# scene of an older release that sets one stops in one line
ADDED_IN: dict[str, Version] = {name: (1, 20, 5) for name in (GRAVITY, STEP_HEIGHT, JUMP_STRENGTH,
                                                                 SAFE_FALL_DISTANCE, FALL_DAMAGE_MULTIPLIER, SCALE)}


def missing_in(name: str, release: str) -> str | None:
    """Why the release `release` (a version text) cannot set the attribute `name`, added later (None: it can)."""
    v = parse_version(release)
    if v < ADDED_IN.get(name, v):
        return f"{name} does not exist before {version_text(ADDED_IN[name])}"
    return None


class Operation(IntEnum):
    ADDITION = 0
    MULTIPLY_BASE = 1
    MULTIPLY_TOTAL = 2


@dataclass(frozen=True)
class Modifier:
    """`EntityAttributeModifier`: identified by its UUID."""

    uuid: str
    name: str
    amount: float
    operation: Operation


def _uuid_hash(text: str) -> int:
    """`UUID.hashCode`: the high and low int of most ^ least significant bits, xored."""
    v = uuid.UUID(text).int
    hilo = (v >> 64) ^ (v & (2**64 - 1))
    return wrap_int((hilo >> 32) ^ (hilo & 0xFFFFFFFF))


def _hash_set_order(mods: list[Modifier]) -> list[Modifier]:
    """A `HashSet<EntityAttributeModifier>` of up to 12 entries iterates bucket by bucket ((h ^ h >>> 16) & 15),
    each bucket in insertion order."""
    def bucket(m: Modifier) -> int:
        h = _uuid_hash(m.uuid) & 0xFFFFFFFF
        return (h ^ (h >> 16)) & (HASHMAP_INITIAL_CAPACITY - 1)
    return sorted(mods, key=bucket)   # sorted is stable: insertion order within a bucket


class AttributeInstance:
    """`EntityAttributeInstance`: a base value and modifiers by UUID (insertion order kept)."""

    def __init__(self, name: str, base: float) -> None:
        self.name = name
        self.base = base
        self.modifiers: dict[str, Modifier] = {}
        self.value: float | None = None          # vanilla's cached value, recomputed after a change

    def set_base(self, value: float) -> None:
        self.base = value
        self.value = None

    def add(self, m: Modifier) -> None:
        """`addTemporaryModifier`: a modifier with the same UUID must not be present (vanilla throws)."""
        self.modifiers[m.uuid] = m
        self.value = None

    def remove(self, modifier_uuid: str) -> None:
        if self.modifiers.pop(modifier_uuid, None) is not None:
            self.value = None

    def get_value(self) -> float:
        if self.value is None:
            self.value = self.compute_value()
        return self.value

    def compute_value(self) -> float:
        """`computeValue` (spec 05 §4.7)."""
        d = self.base
        by_op = {op: [m for m in self.modifiers.values() if m.operation is op] for op in Operation}
        for m in by_op[Operation.ADDITION]:
            d += m.amount
        e = d
        for m in by_op[Operation.MULTIPLY_BASE]:
            e += d * m.amount
        for m in _hash_set_order(by_op[Operation.MULTIPLY_TOTAL]):
            e *= 1.0 + m.amount
        _, lo, hi = ATTRIBUTES[self.name]
        return clamp(e, lo, hi)


class AttributeContainer:
    """`AttributeContainer`: the entity's attribute instances; an attribute it lacks reads as its default."""

    def __init__(self, bases: dict[str, float] | None = None) -> None:
        self.instances: dict[str, AttributeInstance] = {}
        for name, base in (bases or {}).items():
            self.instances[name] = AttributeInstance(name, base)

    def get(self, name: str) -> AttributeInstance:
        if name not in self.instances:
            self.instances[name] = AttributeInstance(name, ATTRIBUTES[name][0])
        return self.instances[name]

    def get_value(self, name: str) -> float:
        return self.get(name).get_value()

    def set_base(self, name: str, value: float) -> None:
        self.get(name).set_base(value)

    def copy(self) -> AttributeContainer:
        c = AttributeContainer()
        for name, inst in self.instances.items():
            n = AttributeInstance(name, inst.base)
            n.modifiers = dict(inst.modifiers)
            n.value = inst.value
            c.instances[name] = n
        return c

    def trace(self) -> dict[str, float]:
        return {name: inst.get_value() for name, inst in self.instances.items()}

    def __repr__(self) -> str:
        return repr(self.trace())
