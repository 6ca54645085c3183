"""Entity attributes (spec 05 §4.7): a base value changed by modifiers, in vanilla's order.

`EntityAttributeInstance.computeValue`: the base plus every ADDITION; then each MULTIPLY_BASE adds base × amount;
then each MULTIPLY_TOTAL multiplies by 1 + amount; the result is clamped to the attribute's range. Modifiers of one
operation sit in a `java.util.HashSet` keyed by their UUID, so MULTIPLY_TOTAL factors multiply in that set's
iteration order (`_hash_set_order`); a double product's rounding can depend on it.

From 1.21 the enchantments Depth Strider, Swift Sneak and Blast Protection are attribute modifiers (one per
equipment slot, keyed by an identifier such as `minecraft:enchantment.blast_protection/head`, in a fastutil
`Object2ObjectOpenHashMap`): `enchanted_value` adds them in that map's order (`open_hash_order`). The modifiers of
the modelled effects and of sprinting keep the HashSet order in every release: 1.20.5's UUID-keyed and 1.21's
identifier-keyed fastutil orders multiply sprinting, Speed and Slowness in other orders, which changes the double
of a mob with Speed and Slowness in its last bit but none of the floats a player or a mob moves with
(docs/versions.md, `living`).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import IntEnum

from engine.constants import (
    ATTRIBUTE_EFFICIENCY,
    ATTRIBUTE_EXPLOSION_KNOCKBACK_RESISTANCE,
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
    ATTRIBUTE_SNEAKING_SPEED,
    ATTRIBUTE_STEP_HEIGHT,
    BLAST_PROTECTION_RESISTANCE,
    DEPTH_STRIDER_EFFICIENCY,
    HASHMAP_INITIAL_CAPACITY,
    MOB_FOLLOW_RANGE,
    OPEN_HASH_MAP_CAPACITY,
    OPEN_HASH_MIX,
    SWIFT_SNEAK_SPEED,
)
from engine.core.edits import edited
from engine.core.versions import Version, parse_version, version_text
from engine.java.javanum import f32, wrap_int
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
MOVEMENT_EFFICIENCY = "minecraft:generic.movement_efficiency"
WATER_MOVEMENT_EFFICIENCY = "minecraft:generic.water_movement_efficiency"
EXPLOSION_KNOCKBACK_RESISTANCE = "minecraft:generic.explosion_knockback_resistance"
SNEAKING_SPEED = "minecraft:player.sneaking_speed"

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
    MOVEMENT_EFFICIENCY: ATTRIBUTE_EFFICIENCY,
    WATER_MOVEMENT_EFFICIENCY: ATTRIBUTE_EFFICIENCY,
    EXPLOSION_KNOCKBACK_RESISTANCE: ATTRIBUTE_EXPLOSION_KNOCKBACK_RESISTANCE,
    SNEAKING_SPEED: ATTRIBUTE_SNEAKING_SPEED,
}
# the attributes added after 1.16.5, with their first release (createLivingAttributes adds these in 1.20.5): a
# scene of an older release that sets one stops in one line
ADDED_IN: dict[str, Version] = {name: (1, 20, 5) for name in (GRAVITY, STEP_HEIGHT, JUMP_STRENGTH,
                                                                 SAFE_FALL_DISTANCE, FALL_DAMAGE_MULTIPLIER, SCALE)}
ADDED_IN.update({name: (1, 21, 0) for name in (MOVEMENT_EFFICIENCY, WATER_MOVEMENT_EFFICIENCY,
                                               EXPLOSION_KNOCKBACK_RESISTANCE, SNEAKING_SPEED)})
# the attributes a living entity's tick reads besides its movement speed (gravity, step height, jump, fall, size,
# efficiencies): the compiled ticks run only where each is at its default (`AttributeContainer.at_defaults`)
TICK_ATTRIBUTES = (GRAVITY, STEP_HEIGHT, JUMP_STRENGTH, SAFE_FALL_DISTANCE, FALL_DAMAGE_MULTIPLIER, SCALE,
                   MOVEMENT_EFFICIENCY, WATER_MOVEMENT_EFFICIENCY)


def held_in(names: tuple[str, ...], version_name: str) -> tuple[str, ...]:
    """Of `names`, those release `version_name` has (ADDED_IN): the instances a compiled tick's entity makes up front,
    as the object path's first read would (vanilla's living entities hold them all from the start)."""
    v = parse_version(version_name)
    return tuple(n for n in names if v >= ADDED_IN.get(n, v))


# the attributes only a player has (PlayerEntity.createPlayerAttributes)
PLAYER_ONLY = frozenset({SNEAKING_SPEED})

# 1.21 Enchantments with an AttributeEnchantmentEffect: the attribute, the amount per level (linear) and the
# equipment slots whose item gives it (the enchantment definition's AttributeModifierSlot)
ARMOR_SLOTS = ("feet", "legs", "chest", "head")
ENCHANTMENT_ATTRIBUTES: dict[str, tuple[str, float, tuple[str, ...]]] = {
    "minecraft:depth_strider": (WATER_MOVEMENT_EFFICIENCY, DEPTH_STRIDER_EFFICIENCY, ("feet",)),
    "minecraft:swift_sneak": (SNEAKING_SPEED, SWIFT_SNEAK_SPEED, ("legs",)),
    "minecraft:blast_protection": (EXPLOSION_KNOCKBACK_RESISTANCE, BLAST_PROTECTION_RESISTANCE, ARMOR_SLOTS),
}
# EquipmentSlot.values(): the order LivingEntity.getEquipmentChanges applies each slot's modifiers in
SLOT_ORDER = ("mainhand", "offhand", "feet", "legs", "chest", "head")


# 1.21.2 registers every attribute without its generic. or player. prefix (EntityAttributes.register("gravity",
# ...)): a scene names the attributes by the ids of its release (the engine keeps the older ids inside)
IDS_WITHOUT_PREFIX: Version = (1, 21, 2)


def release_id(name: str, release: str) -> str:
    """The id the release `release` gives the attribute `name` (an engine id such as minecraft:generic.gravity):
    from 1.21.2 without the generic. or player. prefix (minecraft:gravity)."""
    if parse_version(release) < IDS_WITHOUT_PREFIX:
        return name
    namespace, path = name.split(":", 1)
    return f"{namespace}:{path.split('.', 1)[-1]}"


def attribute_named(given: str, release: str) -> tuple[str | None, str]:
    """The engine id of the attribute a scene of `release` names `given` (a full id), or None with what was
    expected: the attribute's id in that release where `given` is its id in another, else the release's ids."""
    ids = {release_id(name, release): name for name in ATTRIBUTES}
    if given in ids:
        return ids[given], ""
    for name in ATTRIBUTES:
        if given in (name, release_id(name, "1.21.2")):
            return None, (f"expected {release_id(name, release)}, this attribute's id in {release} (1.21.2 dropped "
                          "the generic. and player. prefixes)")
    return None, f"unknown attribute (expected one of: {', '.join(ids)})"


def missing_in(name: str, release: str) -> str | None:
    """Why the release `release` (a version text) cannot set the attribute `name`, added later (None: it can)."""
    v = parse_version(release)
    if v < ADDED_IN.get(name, v):
        return f"{release_id(name, release)} does not exist before {version_text(ADDED_IN[name])}"
    return None


class Operation(IntEnum):
    ADDITION = 0
    MULTIPLY_BASE = 1
    MULTIPLY_TOTAL = 2


@dataclass(frozen=True)
class Modifier:
    """`EntityAttributeModifier`: identified by its UUID (from 1.21 by an identifier, kept in the same field)."""

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


def _string_hash(text: str) -> int:
    """`String.hashCode` (the characters of an identifier are ASCII)."""
    h = 0
    for ch in text:
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h


def _identifier_hash(identifier: str) -> int:
    """`Identifier.hashCode`: 31 × the namespace's hash + the path's, as an unsigned 32-bit int."""
    namespace, path = identifier.split(":", 1)
    return (31 * _string_hash(namespace) + _string_hash(path)) & 0xFFFFFFFF


def open_hash_order(mods: list[Modifier]) -> list[Modifier]:
    """The iteration order of a fastutil `Object2ObjectOpenHashMap` of up to 24 entries keyed by identifiers, put
    in the order given: each key at `HashCommon.mix(hashCode) & 31`, or the next free slot after it (linear
    probing); the iterator runs from the last slot down to the first."""
    slots: dict[int, Modifier] = {}
    mask = OPEN_HASH_MAP_CAPACITY - 1
    for m in mods:
        h = (_identifier_hash(m.uuid) * OPEN_HASH_MIX) & 0xFFFFFFFF
        pos = (h ^ (h >> 16)) & mask
        while pos in slots:
            pos = (pos + 1) & mask
        slots[pos] = m
    return [slots[p] for p in sorted(slots, reverse=True)]


def enchantment_modifiers(enchantments: dict[str, dict[str, int]], attribute: str) -> list[Modifier]:
    """The 1.21 modifiers of `attribute` given by the enchanted equipment (`slot → {enchantment: level}`): one per
    slot whose item has an enchantment acting on it there, id `minecraft:enchantment.NAME/SLOT`, amount
    (double)(per-level + per-level × (level − 1)) in float, ADD_VALUE; in the order the slots are applied."""
    mods = []
    for slot in SLOT_ORDER:
        for name, level in enchantments.get(slot, {}).items():
            target, step, slots = ENCHANTMENT_ATTRIBUTES.get(name, (None, 0.0, ()))
            if target == attribute and slot in slots:
                amount = f32(step + f32(step * f32(level - 1)))
                mods.append(Modifier(f"minecraft:enchantment.{name.split(':', 1)[1]}/{slot}", name, amount,
                                     Operation.ADDITION))
    return mods


def enchanted_value(container: AttributeContainer, name: str, enchantments: dict[str, dict[str, int]]) -> float:
    """The 1.21 value of `name` with the enchanted equipment's modifiers: the base plus the additions in the
    identifier-keyed map's order (`open_hash_order`), clamped to the attribute's range. The enchantments' attributes
    have no other modifier in the engine."""
    mods = enchantment_modifiers(enchantments, name)
    inst = container.get(name)
    if not mods:
        return inst.get_value()
    d = inst.base
    for m in open_hash_order(mods):
        d += m.amount
    _, lo, hi = ATTRIBUTES[name]
    return clamp(d, lo, hi)


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
        edited()

    def add(self, m: Modifier) -> None:
        """`addTemporaryModifier`: a modifier with the same UUID must not be present (vanilla throws)."""
        self.modifiers[m.uuid] = m
        self.value = None
        edited()

    def remove(self, modifier_uuid: str) -> None:
        if self.modifiers.pop(modifier_uuid, None) is not None:
            self.value = None
            edited()

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
        inst = self.instances.get(name)
        if inst is None or inst.value is None:   # read in every mob's row each tick: the cached value at once
            return self.get(name).get_value()
        return inst.value

    def set_base(self, name: str, value: float) -> None:
        self.get(name).set_base(value)

    def at_defaults(self, names: tuple[str, ...]) -> bool:
        """Each of `names` absent or at its attribute's default base without modifiers: the compiled living ticks
        (players, mobs) read these at the defaults, which give 1.16.5's numbers (1.20.5's and 1.21's attributes)."""
        read = self.instances
        return all(n not in read or read[n].base == ATTRIBUTES[n][0] and not read[n].modifiers for n in names)

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
