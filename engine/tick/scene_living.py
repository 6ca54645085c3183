"""Scene keys of living entities, players and mobs (spec 05; interfaces.md "Players, mobs and their inputs"):
effects, attributes, equipment, enchantments, gliding and health; `[[inputs]]`; mob goals (`move_to`,
`path_to`); the `summon_tnt_at` action. Each reader sits beside the writer `engine.tick.scene_writer` uses."""

from __future__ import annotations

import math
from functools import partial
from typing import Any

from engine.constants import PLAYER_HOTBAR_SIZE, PLAYER_MAIN_SIZE
from engine.core.versions import Version, parse_version
from engine.entities.entity import Entity
from engine.geometry.box import ZERO, Vec3
from engine.java.javanum import INT_MAX, f32
from engine.living import effects as living_effects
from engine.living.attributes import (
    PLAYER_ONLY,
    SAFE_FALL_DISTANCE,
    SCALE,
    attribute_named,
    missing_in,
    release_id,
)
from engine.living.inventory import XP_LEVEL_MAX, slot_max
from engine.living.living_entity import EQUIPMENT_SLOTS, LivingEntity
from engine.living.player import PlayerEntity, valid_use_items
from engine.living.player_input import KEYS, InputRange, PlayerInput
from engine.tick import actions
from engine.tick.registry import missing_type
from engine.tick.scene_checks import SceneContext
from engine.tick.simulation import PHASES, ScheduledAction, Simulation
from engine.world.world import MAX_Y, MIN_Y

# --- living entities and players (spec 05; interfaces.md "Players, mobs and their inputs") ---
LIVING_ENTITY_KEYS = {"effects", "attributes", "equipment", "enchantments", "fall_flying", "health"}
PLAYER_KEYS = {"inventory", "selected_slot", "xp_level", "xp_progress", "xp_total"}
ENCHANTMENTS = ("minecraft:depth_strider", "minecraft:blast_protection", "minecraft:swift_sneak")   # Swift Sneak: 1.19


# 1.21.2 Entity.setPitch keeps the pitch % 360 within -90..90 (Math.clamp), so a saved entity's Rotation is read
# back clamped (1.21.1 took it % 360 only; the engine keeps an older release's pitch as given, the same within ±360)
PITCH_CLAMPED: Version = (1, 21, 2)


def _full_id(name: str) -> str:
    return name if ":" in name else "minecraft:" + name


def load_living(ctx: SceneContext, e: LivingEntity, entry: dict[str, Any], key: str) -> None:
    """Look (a float; from 1.21.2 the pitch clamped to ±90), base attributes, effects, equipment and its
    enchantments, and gliding from tick 0."""
    e.yaw = e.head_yaw = e.body_yaw = f32(e.yaw)
    e.pitch = f32(e.pitch)
    if parse_version(ctx.release) >= PITCH_CLAMPED:   # Entity.readNbt → setPitch: clamp(pitch % 360F, -90, 90)
        e.pitch = min(max(f32(math.fmod(e.pitch, 360.0)), -90.0), 90.0)
    for name, value in ctx.table(entry.get("attributes", {}), f"{key}.attributes").items():
        k = f"{key}.attributes.{name}"
        full, expected = attribute_named(_full_id(name), ctx.release)   # 1.21.2: ids without generic./player.
        if full is None:
            raise ctx.fail(k, expected)
        why = missing_in(full, ctx.release)
        if why is not None:
            raise ctx.fail(k, f"{why} (version {ctx.release})")
        if full in PLAYER_ONLY and not isinstance(e, PlayerEntity):
            raise ctx.fail(k, f"only a player has this attribute, not a {e.TYPE}")
        base = ctx.number(value, k)
        if full == SCALE and base != 1.0:
            raise ctx.fail(k, "expected 1.0: a scaled entity (its box, eye height and reach) is not simulated")
        e.set_attribute_base(full, base)
    effects = entry.get("effects", [])
    if not isinstance(effects, list):
        raise ctx.fail(f"{key}.effects", "expected an array of tables such as [{ id = \"minecraft:speed\" }]")
    for i, eff in enumerate(effects):
        k = f"{key}.effects[{i}]"
        ctx.keys(ctx.table(eff, k), k, {"id", "amplifier", "duration"}, {"id"})
        effect_id = _full_id(ctx.string(eff["id"], f"{k}.id"))
        if effect_id not in living_effects.EFFECTS:
            raise ctx.fail(f"{k}.id", f"unknown or unsupported effect {eff['id']!r} (supported: "
                                      f"{', '.join(living_effects.EFFECTS)})")
        duration = ctx.integer(eff["duration"], f"{k}.duration", 1, 2**31 - 1) if "duration" in eff else None
        e.effects.add(living_effects.EffectInstance(effect_id, ctx.integer(eff.get("amplifier", 0),
                                                                           f"{k}.amplifier", 0, 255), duration),
                      e.attributes, missing_in(SAFE_FALL_DISTANCE, ctx.release) is None)
    for slot, item in ctx.table(entry.get("equipment", {}), f"{key}.equipment").items():
        if slot not in EQUIPMENT_SLOTS:
            raise ctx.fail(f"{key}.equipment.{slot}", f"unknown slot (expected one of: {', '.join(EQUIPMENT_SLOTS)})")
        e.equipment[slot] = _full_id(ctx.string(item, f"{key}.equipment.{slot}"))
    for slot, levels in ctx.table(entry.get("enchantments", {}), f"{key}.enchantments").items():
        k = f"{key}.enchantments.{slot}"
        if slot not in e.equipment:
            raise ctx.fail(k, f"no item in slot {slot!r} to enchant (give it in {key}.equipment)")
        e.enchantments[slot] = {}
        for name, level in ctx.table(levels, k).items():
            if _full_id(name) not in ENCHANTMENTS:
                raise ctx.fail(f"{k}.{name}",
                               f"unknown or unsupported enchantment (supported: {', '.join(ENCHANTMENTS)})")
            e.enchantments[slot][_full_id(name)] = ctx.integer(level, f"{k}.{name}", 1, 255)
    if ctx.boolean(entry.get("fall_flying", False), f"{key}.fall_flying"):
        if e.equipment.get("chest") != "minecraft:elytra":
            raise ctx.fail(f"{key}.fall_flying", "an elytra flight needs an elytra: equipment = "
                                                 "{ chest = \"minecraft:elytra\" }")
        e.fall_flying = True
    if isinstance(e, PlayerEntity):
        load_player_keys(ctx, e, entry, key)
    e.health = f32(e.attributes.get_value("minecraft:generic.max_health"))
    if "health" in entry:
        health = ctx.number(entry["health"], f"{key}.health")
        if not 0.0 < health <= e.health:
            raise ctx.fail(f"{key}.health", f"expected a health in (0, {e.health}] (the max_health), got {health}")
        e.health = f32(health)


def load_player_keys(ctx: SceneContext, e: PlayerEntity, entry: dict[str, Any], key: str) -> None:
    """A player's inventory (`inventory = [{ slot = 0, item = "minecraft:stone", count = 5 }, ...]`: main slots
    0-35, each named once, a count from 1 to min(the item's maximum, 64)), its `selected_slot` (0-8; the
    `equipment`'s main-hand item, where given, stands there) and its experience (`xp_level`, `xp_progress` in
    [0, 1), a float; `xp_total`)."""
    e.selected_slot = ctx.integer(entry.get("selected_slot", 0), f"{key}.selected_slot", 0, PLAYER_HOTBAR_SIZE - 1)
    stacks = entry.get("inventory", [])
    if not isinstance(stacks, list):
        raise ctx.fail(f"{key}.inventory", "expected an array of tables such as "
                                           "[{ slot = 0, item = \"minecraft:stone\", count = 5 }]")
    slots: dict[int, tuple[int, str, int]] = {}
    for i, stack in enumerate(stacks):
        k = f"{key}.inventory[{i}]"
        ctx.keys(ctx.table(stack, k), k, {"slot", "item", "count"}, {"slot", "item"})
        slot = ctx.integer(stack["slot"], f"{k}.slot", 0, PLAYER_MAIN_SIZE - 1)
        if slot in slots:
            raise ctx.fail(f"{k}.slot", f"slot {slot} is given twice")
        if slot == e.selected_slot and "mainhand" in e.equipment:
            raise ctx.fail(f"{k}.slot", f"slot {slot} is the selected slot, which holds the equipment's mainhand")
        item = ctx.item(stack["item"], f"{k}.item")
        slots[slot] = (slot, item, ctx.integer(stack.get("count", 1), f"{k}.count", 1, slot_max(item)))
    e.inventory = tuple(slots[s] for s in sorted(slots))
    e.xp_level = ctx.integer(entry.get("xp_level", 0), f"{key}.xp_level", 0, XP_LEVEL_MAX)
    e.xp_progress = f32(ctx.number(entry.get("xp_progress", 0.0), f"{key}.xp_progress"))
    if not 0.0 <= e.xp_progress < 1.0:
        raise ctx.fail(f"{key}.xp_progress", f"expected a progress in [0, 1), got {entry['xp_progress']}")
    e.xp_total = ctx.integer(entry.get("xp_total", 0), f"{key}.xp_total", 0, INT_MAX)


def player_scene_keys(e: PlayerEntity) -> dict[str, Any]:
    """The keys `load_player_keys` reads that differ from their defaults."""
    keys: dict[str, Any] = {}
    if e.inventory:
        keys["inventory"] = [{"slot": slot, "item": item, "count": count} for slot, item, count in e.inventory]
    for name in ("selected_slot", "xp_level", "xp_progress", "xp_total"):
        if getattr(e, name):
            keys[name] = getattr(e, name)
    return keys


def living_scene_keys(e: LivingEntity, release: str) -> dict[str, Any]:
    """The keys `load_living` reads, from the entity as it is now (the scene writer): bases that differ from
    the type's (by `release`'s attribute ids), effects with their remaining duration, equipment, enchantments,
    gliding, health below max."""
    keys: dict[str, Any] = {}
    fresh = type(e)(0, ZERO).attributes
    bases = {release_id(n, release): inst.base for n, inst in e.attributes.instances.items()
             if inst.base != fresh.get(n).base}
    if bases:
        keys["attributes"] = bases
    if e.effects.active:
        keys["effects"] = [{"id": i.effect, "amplifier": i.amplifier,
                            **({"duration": i.duration} if i.duration is not None else {})}
                           for i in e.effects.active.values()]
    if e.equipment:
        keys["equipment"] = dict(e.equipment)
    if e.enchantments:
        keys["enchantments"] = {slot: dict(levels) for slot, levels in e.enchantments.items()}
    if e.fall_flying:
        keys["fall_flying"] = True
    if isinstance(e, PlayerEntity):
        keys.update(player_scene_keys(e))
    if 0.0 < e.health != f32(e.attributes.get_value("minecraft:generic.max_health")):
        keys["health"] = e.health   # a dying entity's 0 is saved state (engine.tick.saved_state), not a scene key
    return keys


def load_input(ctx: SceneContext, sim: Simulation, entry: dict[str, Any], key: str) -> None:
    """One `[[inputs]]` range: a player, inclusive ticks, keys held, an optional look and item use."""
    ctx.keys(entry, key, {"entity", "from", "to", "yaw", "pitch", "use", *KEYS}, {"entity", "from", "to"})
    entity_id = ctx.integer(entry["entity"], f"{key}.entity", 1, 2**31 - 1)
    player = sim.entity_by_id(entity_id)
    if player is None:
        raise ctx.fail(f"{key}.entity", f"no entity with id {entity_id} (declare it in [[entities]])")
    if not isinstance(player, PlayerEntity):
        raise ctx.fail(f"{key}.entity", f"entity {entity_id} is a {player.TYPE}; inputs drive minecraft:player")
    # a range may start before tick 1: a scene saved mid-run keeps a running range's true start (a bow's draw
    # counts from it); its `use` has happened then
    first = ctx.integer(entry["from"], f"{key}.from", -(2**31), 2**31 - 1)
    last = ctx.integer(entry["to"], f"{key}.to", 1, 2**31 - 1)
    if last < first:
        raise ctx.fail(f"{key}.to", f"expected a tick at or after from = {first}, got {last}")
    use = None
    if "use" in entry:
        use = _full_id(ctx.string(entry["use"], f"{key}.use"))
        if use not in valid_use_items():
            raise ctx.fail(f"{key}.use", f"cannot use {use} (supported: {', '.join(valid_use_items())})")
        why = missing_type(use, ctx.release)   # a thrown item is named as its entity (a trident)
        if why is not None:
            raise ctx.fail(f"{key}.use", why)
        if first < 1:
            raise ctx.fail(f"{key}.use", f"a range from tick {first} has begun before tick 1: its use never happens")
    held = PlayerInput(**{k: ctx.boolean(entry.get(k, False), f"{key}.{k}") for k in KEYS},
                       yaw=ctx.number(entry["yaw"], f"{key}.yaw") if "yaw" in entry else None,
                       pitch=ctx.number(entry["pitch"], f"{key}.pitch") if "pitch" in entry else None, use=use)
    r = InputRange(first, last, held)
    clash = player.inputs.overlapping(r)
    if clash is not None:
        raise ctx.fail(key, f"ticks {first}..{last} overlap ticks {clash.first}..{clash.last} of entity {entity_id} "
                            "with different inputs")
    player.inputs.add(r)


def input_entries(player: PlayerEntity, saved_tick: int) -> list[dict[str, Any]]:
    """The player's `[[inputs]]` still to come after `saved_tick`, re-based to it (the scene writer); a range
    already running keeps its start (at or before tick 0) without its `use`, which has happened."""
    out = []
    for r in player.inputs.ranges:
        if r.last <= saved_tick:
            continue
        held = {k: v for k, v in r.held.__dict__.items() if v not in (None, False)}
        if r.first <= saved_tick:
            held.pop("use", None)
        out.append({"entity": player.id, "from": r.first - saved_tick, "to": r.last - saved_tick, **held})
    return out


def load_summon_tnt_at(ctx: SceneContext, sim: Simulation, entry: dict[str, Any], key: str) -> ScheduledAction:
    """`/execute at <entity> run summon tnt` from a repeating command block, every tick from `tick` to `to`
    (scheduled-ticks phase): a fuse-0 TNT at the entity's position (spec 08 §8.3 phenomenon 3, E15)."""
    actions.check_action_keys(ctx, entry, key, "summon_tnt_at")
    first = ctx.integer(entry["tick"], f"{key}.tick", 1, 2**31 - 1)
    last = ctx.integer(entry.get("to", first), f"{key}.to", first, 2**31 - 1)
    phase = ctx.string(entry.get("phase", "scheduled_ticks"), f"{key}.phase")
    if phase not in PHASES:
        raise ctx.fail(f"{key}.phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    target = ctx.integer(entry["at_entity"], f"{key}.at_entity", 1, 2**31 - 1)
    if sim.entity_by_id(target) is None:
        raise ctx.fail(f"{key}.at_entity", f"no entity with id {target} (declare it in [[entities]])")
    summon = partial(actions.summon_tnt_at, target=target)
    return ScheduledAction(first, phase, "summon_tnt_at", {"at_entity": target}, summon, last)


def check_navigation(ctx: SceneContext, cls: type[Entity], entry: dict[str, Any], key: str) -> None:
    """`path_to` needs a mob with a ground navigation (spec 07); `move_to` a mob with a MoveControl."""
    for goal in ("move_to", "path_to"):
        if goal in entry and goal not in cls.FIELDS:
            raise ctx.fail(f"{key}.{goal}", f"{cls.TYPE} is not a mob and has no MoveControl or navigation")
    if "path_to" in entry and not getattr(cls, "NAVIGATES", False):
        raise ctx.fail(f"{key}.path_to", f"{cls.TYPE} has no ground navigation to follow a path with "
                                         "(its swimming or flying navigation is not modelled)")


def load_goal(ctx: SceneContext, value: Any, key: str) -> tuple[Vec3, float]:
    """`move_to` / `path_to = { pos = [x, y, z], speed = 1.0 }` (interfaces.md): a target inside the world."""
    goal = ctx.table(value, key)
    ctx.keys(goal, key, {"pos", "speed"}, {"pos"})
    pos = ctx.vec3(goal["pos"], f"{key}.pos")
    if not all(math.isfinite(c) for c in pos) or not MIN_Y <= pos.y < MAX_Y + 1:
        raise ctx.fail(f"{key}.pos", f"expected a finite target inside the world (y in {MIN_Y}..{MAX_Y + 1}), "
                                     f"got {list(pos)}")
    speed = ctx.number(goal.get("speed", 1.0), f"{key}.speed")
    if not (math.isfinite(speed) and speed >= 0.0):
        raise ctx.fail(f"{key}.speed", f"expected a finite speed factor ≥ 0, got {speed}")
    return pos, speed


def goal_entry(goal: tuple[Vec3, float]) -> dict[str, Any]:
    """`move_to` / `path_to` as `load_goal` reads it (the scene writer)."""
    return {"pos": list(goal[0]), "speed": goal[1]}
