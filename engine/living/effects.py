"""Status effects that move living entities (spec 05 §2, §4.7, §5): speed, slowness, jump boost, levitation,
slow falling, dolphin's grace.

An effect has an amplifier (0 = level I) and a duration in game ticks, counted down by
`LivingEntity.tickStatusEffects` in the base tick; it ends in the base tick where its duration reaches 0, so an
effect given for N ticks acts in N − 1 `travel` calls. A scene may leave the duration out: the effect then never
ends. Speed and slowness act through `generic.movement_speed` modifiers (MULTIPLY_TOTAL, amount × level).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.constants import JUMP_BOOST_SAFE_FALL, SLOWNESS_EFFECT_BOOST, SPEED_EFFECT_BOOST
from engine.core.edits import edited
from engine.living.attributes import MOVEMENT_SPEED, SAFE_FALL_DISTANCE, AttributeContainer, Modifier, Operation

SPEED = "minecraft:speed"
SLOWNESS = "minecraft:slowness"
JUMP_BOOST = "minecraft:jump_boost"
LEVITATION = "minecraft:levitation"
SLOW_FALLING = "minecraft:slow_falling"
DOLPHINS_GRACE = "minecraft:dolphins_grace"
EFFECTS = (SPEED, SLOWNESS, JUMP_BOOST, LEVITATION, SLOW_FALLING, DOLPHINS_GRACE)

# StatusEffects: the attribute modifier each registers (UUID, attribute, amount per level, operation); Jump Boost's
# from 1.20.5 only (`living_attributes`: before, computeFallDamage subtracts the level itself)
ATTRIBUTE_EFFECTS = {
    SPEED: ("91AEAA56-376B-4498-935B-2F7F68070635", MOVEMENT_SPEED, SPEED_EFFECT_BOOST, Operation.MULTIPLY_TOTAL),
    SLOWNESS: ("7107DE5E-7CE8-4030-940E-514C1F160890", MOVEMENT_SPEED, SLOWNESS_EFFECT_BOOST,
               Operation.MULTIPLY_TOTAL),
    JUMP_BOOST: ("C0105BF3-AEF8-46B0-9EBC-92943757CCBE", SAFE_FALL_DISTANCE, JUMP_BOOST_SAFE_FALL, Operation.ADDITION),
}


@dataclass
class EffectInstance:
    """`StatusEffectInstance`: amplifier and remaining duration (None: never ends)."""

    effect: str
    amplifier: int
    duration: int | None


class Effects:
    """The active effects of one entity (`LivingEntity.activeStatusEffects`), in the order they were added."""

    def __init__(self) -> None:
        self.active: dict[str, EffectInstance] = {}

    def has(self, effect_id: str) -> bool:
        return effect_id in self.active

    def amplifier(self, effect_id: str) -> int:
        return self.active[effect_id].amplifier

    def add(self, inst: EffectInstance, attributes: AttributeContainer, living_attributes: bool) -> None:
        """`addStatusEffect` → `onStatusEffectApplied`: the attribute modifier with amount × (amplifier + 1);
        Jump Boost's only with the 1.20.5 attributes (`living_attributes`)."""
        self.active[inst.effect] = inst
        edited()
        if inst.effect in ATTRIBUTE_EFFECTS and (inst.effect != JUMP_BOOST or living_attributes):
            uid, name, amount, operation = ATTRIBUTE_EFFECTS[inst.effect]
            target = attributes.get(name)
            target.remove(uid)
            target.add(Modifier(uid, inst.effect, amount * (inst.amplifier + 1), operation))

    def tick(self, attributes: AttributeContainer) -> None:
        """`tickStatusEffects`: each duration counts down; an effect reaching 0 is removed with its modifier."""
        for effect_id in list(self.active):
            inst = self.active[effect_id]
            if inst.duration is None:
                continue
            if inst.duration > 0:
                inst.duration -= 1
            if inst.duration <= 0:
                self.remove(effect_id, attributes)

    def remove(self, effect_id: str, attributes: AttributeContainer) -> None:
        """`removeStatusEffect` → `onStatusEffectRemoved`: the effect goes, its attribute modifier with it."""
        if self.active.pop(effect_id, None) is None:
            return
        edited()
        if effect_id in ATTRIBUTE_EFFECTS:
            uid, name, _, _ = ATTRIBUTE_EFFECTS[effect_id]
            if name in attributes.instances:
                attributes.instances[name].remove(uid)

    def copy(self) -> Effects:
        c = Effects()
        c.active = {k: EffectInstance(v.effect, v.amplifier, v.duration) for k, v in self.active.items()}
        return c

    def trace(self) -> list[dict]:
        return [{"id": i.effect, "amplifier": i.amplifier, "duration": i.duration} for i in self.active.values()]

    def __repr__(self) -> str:
        return repr(self.trace())
