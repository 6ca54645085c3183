"""Driving a contraption from the window (docs/viewer.md, "Actions"): the scene's scheduled `[[actions]]` as a
form the Actions panel fills, a player's `use` of a block picked in the 3D view, a mob's `move_to` / `path_to`
target picked by clicking a block, and a living entity's effects, attributes, equipment and enchantments.

Every change is an `editing.Edit`, applied by the app loop like any other edit (undoable, saved). An action is
checked by the engine's own scene loader (`engine.load_action`), against the blocks and entities of the tick it
is made at, and an edit of the schedule is made at the tick before the earliest action it changes
(`Edit.tick`): the run is simulated again from there (the window then returns to the tick it showed). The
scene's actions are not part of a tick's state, so undo puts the list back with the state (`undo.Change.actions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from viewer.drawing.picking import PICK_REACH, beside, pick_block, pick_entity
from viewer.editing import Edit, FieldSpec, field_key, live_entity, parse_block, parse_field

if TYPE_CHECKING:
    from engine import Vec3

# what each key of an action is, for the form: a block position (picked in the view), a block state, a position,
# an entity id (picked), a whole number, a number, an item id
KEY_KINDS = {"at": "cell", "block": "block", "pos": "vec3", "player": "entity", "entity": "entity",
             "at_entity": "entity", "fuse": "int", "to": "int", "angle": "number", "amount": "number", "item": "item"}
KEY_HINTS = {"at": "x, y, z of the block", "block": "a block state, as /setblock spells it",
             "pos": "x, y, z", "player": "a player's id", "entity": "an end crystal's, minecart's or boat's id",
             "at_entity": "the id of the entity the TNT appears at", "fuse": "80 when empty",
             "to": "the last tick it repeats (empty: once)", "angle": "random when empty (the world Random)",
             "amount": "1.0 when empty", "item": "empty: what the dispenser holds"}
PICKABLE = ("cell", "vec3", "entity")
WHOLE, NUMBER, POSITION = FieldSpec("", "int", ""), FieldSpec("", "float", ""), FieldSpec("", "vec3", "")
GOALS = ("move_to", "path_to")
USE = "use"                   # the pick that schedules a player's use of the block clicked
EDITS_WHERE = "actions"       # the error key of schedule edits (the panel shows it)


@dataclass
class Draft:
    """The action being written in the panel: its kind, tick, phase ('' for its default) and the text of each key;
    `index` is the scheduled action it replaces (None: a new one)."""

    do: str = USE
    tick: str = "1"
    phase: str = ""
    values: dict[str, str] = field(default_factory=dict)
    index: int | None = None


@dataclass
class ActionsState:
    """The Actions panel's state: the draft, what the next click in the 3D view picks (a key of the draft, `use`,
    or a goal), and the living editor's inputs."""

    draft: Draft = field(default_factory=Draft)
    pick: str | None = None
    menu: tuple[int, int, int] | None = None    # the block right-clicked in the 3D view: its menu
    open_menu: bool = False                     # the menu is to open in the next frame
    goal_speed: str = "1.0"
    effect: int = 0
    amplifier: str = "0"
    duration: str = ""
    attribute: int = 0
    slot: int = 0
    item: str = ""
    enchantment: int = 0
    level: str = "1"


def action_kinds() -> list[str]:
    """Every `do` of the scene format, sorted (the form's choices)."""
    from engine import ACTION_KEYS
    return sorted(ACTION_KEYS)


def actions_state(app: Any) -> ActionsState:
    """The Actions panel's state of the window `app` (made on first use)."""
    return app.__dict__.setdefault("actions_state", ActionsState())


def action_entry(action: Any) -> dict[str, Any]:
    """A scheduled action as its `[[actions]]` entry (what `load_action` reads back)."""
    entry: dict[str, Any] = {"tick": action.tick, "do": action.kind, "phase": action.phase}
    entry.update((k, v) for k, v in action.params.items() if v is not None)
    if action.last is not None:
        entry["to"] = action.last
    return entry


def describe(action: Any) -> str:
    """What an action acts on, in a few words: `at [0, 1, 0]`, `entity 3`, `pos [..]`, with its values."""
    parts = []
    for key, value in action_entry(action).items():
        if key in ("tick", "do", "phase"):
            continue
        text = "[" + ", ".join(f"{c:g}" if isinstance(c, float) else str(c) for c in value) + "]" \
            if isinstance(value, list) else str(value)
        parts.append(f"{key.replace('_', ' ')} {text}")
    return ", ".join(parts)


def scheduled_by_tick(actions: list[Any]) -> dict[int, list[str]]:
    """The timeline's marks: each tick an action runs in (the first of a repeating one), what runs. Worked out once
    per list (an edit of the schedule makes a new one; nothing changes a list in place)."""
    if _MARKS and _MARKS[0] is actions:
        return _MARKS[1]
    out: dict[int, list[str]] = {}
    for action in actions:
        out.setdefault(action.tick, []).append(f"{action.kind} {describe(action)}".strip())
    _MARKS[:] = [actions, out]
    return out


_MARKS: list[Any] = []    # the list of actions the marks were last worked out for, and the marks


def draft_of(action: Any, index: int) -> Draft:
    """The form filled with a scheduled action's values, to edit it."""
    values = {}
    for key, value in action_entry(action).items():
        if key not in ("tick", "do", "phase"):
            values[key] = ", ".join(repr(c) if isinstance(c, float) else str(c) for c in value) \
                if isinstance(value, list) else str(value)
    return Draft(action.kind, str(action.tick), action.phase, values, index)


def draft_entry(draft: Draft, first_tick: int,
                release: str | None = None) -> tuple[dict[str, Any] | None, tuple[str, str] | None]:
    """(entry, None) for a form whose texts read as the action's keys (blocks in the names of `release`, the
    scene's version), (None, (key, reason)) otherwise; the engine checks the rest (what is at the position, which
    entity the id names) when the edit runs."""
    from engine import ACTION_KEYS
    tick = parse_field(WHOLE, draft.tick)[0]
    if tick is None or tick <= first_tick:
        return None, ("tick", f"expected a whole tick after the scene's first tick {first_tick}")
    entry: dict[str, Any] = {"tick": tick, "do": draft.do}
    if draft.phase:
        entry["phase"] = draft.phase
    required, optional = ACTION_KEYS[draft.do]
    for key in (*required, *optional):
        text = draft.values.get(key, "").strip()
        if not text:
            if key in required:
                return None, (key, "required: " + KEY_HINTS[key])
            continue
        value, reason = parse_value(KEY_KINDS[key], text, release)
        if reason:
            return None, (key, reason)
        entry[key] = value
    return entry, None


def parse_value(kind: str, text: str, release: str | None = None) -> tuple[Any, str | None]:
    """The TOML value of one key's text (a block in the names of `release`), or the reason it does not read as
    one."""
    if kind == "cell":
        parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
        cell = [parse_field(WHOLE, p)[0] for p in parts]
        return (cell, None) if len(cell) == 3 and None not in cell else (None, "expected three whole numbers: x, y, z")
    if kind == "vec3":
        pos, reason = parse_field(POSITION, text)
        return (None, reason) if reason else (list(pos), None)
    if kind in ("int", "entity", "number"):
        return parse_field(WHOLE if kind != "number" else NUMBER, text)
    if kind == "block":
        state, reason = parse_block(text, release)
        return (str(state), None) if reason is None else (None, reason)
    return text.strip(), None


# --- the schedule's edits: made at the tick before the earliest action they change ---
def add_action(entry: dict[str, Any]) -> Edit:
    """Schedule a new action (after the scene's own of its tick and phase)."""
    def change(sim: Any) -> None:
        sim.actions = [*sim.actions, _checked(sim, entry, len(sim.actions))]
    return Edit(EDITS_WHERE, change, tick=entry["tick"] - 1)


def replace_action(index: int, old: Any, entry: dict[str, Any]) -> Edit:
    """Put `entry` in place of the scheduled action `old` (at `index`), keeping its place in the order."""
    def change(sim: Any) -> None:
        _check_same(sim, index, old)
        sim.actions = [*sim.actions[:index], _checked(sim, entry, index), *sim.actions[index + 1:]]
    return Edit(EDITS_WHERE, change, tick=min(old.tick, entry["tick"]) - 1)


def remove_action(index: int, old: Any) -> Edit:
    def change(sim: Any) -> None:
        _check_same(sim, index, old)
        sim.actions = [*sim.actions[:index], *sim.actions[index + 1:]]
    return Edit(EDITS_WHERE, change, tick=old.tick - 1)


def _checked(sim: Any, entry: dict[str, Any], index: int) -> Any:
    """The engine's scheduled action for `entry` (a SceneError, a ValueError, names what is wrong; a
    NotImplementedError, what the scene's release does not simulate)."""
    from engine import load_action
    action = load_action(sim, entry, sim.name, f"actions[{index}]")
    _check_simulated(sim, action)
    return action


def _check_simulated(sim: Any, action: Any) -> None:
    """Stop where the scene's release does not simulate `action` (a `use` in a release whose redstone is refused):
    the action is run once on the state it is added at, which is then put back, so the engine's own refusal (its
    versions table) is met when the form adds the action, not when the run reaches its tick."""
    before = sim.snapshot()
    sim.tick_count = action.tick   # as the run meets it (the refusal names the tick)
    try:
        action.do(sim)
    except NotImplementedError as exc:
        raise NotImplementedError(f"not simulated in this scene's version: {exc}") from None
    finally:
        sim.restore(before)


def _check_same(sim: Any, index: int, old: Any) -> None:
    if index >= len(sim.actions) or sim.actions[index] is not old:
        raise KeyError(f"action {index} changed meanwhile: choose it again")


# --- picking in the 3D view ---
def picked(state: ActionsState, viewer: Any, sim: Any, frame: Any, origin: np.ndarray,
           direction: np.ndarray) -> None:
    """A click in the 3D view while `state.pick` is set: fill the draft's key with the entity or block clicked,
    schedule a `use` of the block clicked (in the next tick, where it is usable; the status line says why not
    elsewhere), or give the selected mob its goal on the block clicked. `viewer` is the `ViewerState` (the
    status line, queued edits, the selected entity)."""
    from engine import Vec3
    what, state.pick = state.pick, None
    kind = KEY_KINDS.get(what, "cell")
    if kind == "entity":
        entity_id = pick_entity(frame, origin, direction)
        if entity_id is None:
            viewer.tell(f"{what}: no entity under the pointer")
        else:
            state.draft.values[what] = str(entity_id)
        return
    hit = pick_block(sim.world, origin, direction)
    if hit is None:
        viewer.tell(f"{what.replace('_', ' ')}: no block under the pointer within {PICK_REACH:g} blocks")
        return
    cell, face = hit
    if what == USE:
        use_next_tick(viewer, sim, clicked_cell(sim.world, cell, face))
    elif what in GOALS:
        x, y, z = beside(cell, face)   # the cell in front of the face clicked: on top of a floor, where to stand
        speed = parse_field(NUMBER, state.goal_speed)[0]
        viewer.pending_edits.append(set_goal(viewer.selected_entity, what,
                                             (Vec3(x + 0.5, float(y), z + 0.5), 1.0 if speed is None else speed)))
    elif kind == "vec3":
        x, y, z = beside(cell, face)
        state.draft.values[what] = f"{x + 0.5}, {float(y)}, {z + 0.5}"
    else:
        state.draft.values[what] = ", ".join(map(str, clicked_cell(sim.world, cell, face)))


def clicked_cell(world: Any, cell: tuple[int, int, int], face: str) -> tuple[int, int, int]:
    """The block a click meant: the view picks blocks by their collision box, which a button, a lever, wire or a
    torch lacks, so the ray passes through them to the block they stand on; such a block in front of the face hit
    is the one clicked."""
    front = beside(cell, face)
    return front if not world.get_block_state(*front).is_air else cell


def why_not_usable(sim: Any, cell: tuple[int, int, int]) -> str | None:
    """Why a player's use of the block at `cell` would do nothing or stop the run, or None where it does
    something."""
    from engine import USABLE_BLOCKS, is_usable
    refused = use_refused(sim, cell)
    if refused is not None:
        return refused
    return None if is_usable(sim.world.get_block_state(*cell).block) else \
        f"a click changes nothing on it (usable: {USABLE_BLOCKS})"


def use_refused(sim: Any, cell: tuple[int, int, int]) -> str | None:
    """The version table's one line where the scene's release does not simulate a player's use of a block (the
    `redstone` row), or None."""
    from engine import versions
    if "redstone" not in sim.features.refused:
        return None
    block = sim.world.get_block_state(*cell).block
    return str(versions.refusal(sim.features, "redstone", f"a use of {block} at {list(cell)}"))


def use_next_tick(viewer: Any, sim: Any, cell: tuple[int, int, int]) -> None:
    """Schedule a player's use of the block at `cell` in the next tick (its players phase), or say why not."""
    why = why_not_usable(sim, cell)
    if why is not None:
        viewer.tell(f"{sim.world.get_block_state(*cell)} at {list(cell)} cannot be used: {why}")
        return
    viewer.pending_edits.append(add_action({"tick": sim.tick_count + 1, "do": USE, "at": list(cell)}))
    viewer.tell(f"use of {sim.world.get_block_state(*cell).block} at {list(cell)} scheduled in tick "
                f"{sim.tick_count + 1}")


def block_menu(state: ActionsState, viewer: Any, sim: Any, origin: np.ndarray, direction: np.ndarray) -> None:
    """A right click in the 3D view: the block clicked gets its menu (the panel draws it: Use at this tick)."""
    hit = pick_block(sim.world, origin, direction)
    if hit is None:
        viewer.tell(f"no block under the pointer within {PICK_REACH:g} blocks")
        return
    state.menu = clicked_cell(sim.world, *hit)
    state.open_menu = True


# --- a mob's goal ---
def mob(sim: Any, entity_id: int | None) -> Any:
    """The selected entity if it is a mob that takes scene goals, else None."""
    from engine import MobEntity
    if entity_id is None:
        return None
    e = sim.entity_by_id(entity_id)
    return e if isinstance(e, MobEntity) and not e.removed and "move_to" in type(e).FIELDS else None


def set_goal(entity_id: int, name: str, goal: tuple[Vec3, float] | None) -> Edit:
    """Give a mob its `move_to` or `path_to` goal (None: none) from this tick: a new `path_to` is a new goal, not
    running and without cooldown, which the goal selector starts at its next pass (`MoveToTargetPosGoal.start`: a
    path search; engine.living.goals)."""
    def change(sim: Any) -> None:
        e = live_entity(sim, entity_id)
        if name == "path_to" and not e.NAVIGATES:
            raise ValueError(f"{e.TYPE} has no ground navigation to follow a path with")
        setattr(e, e.field_attribute(name), goal)
        if name == "path_to":
            e.path_goal_running, e.path_trying_time, e.path_goal_cooldown = False, 0, 0
    return Edit(field_key(entity_id, name), change)


def goal_lines(sim: Any, entity_id: int | None) -> list[tuple[str, Vec3, Vec3]]:
    """(goal name, mob position, target) of the selected mob's goals, for the line drawn to each."""
    e = mob(sim, entity_id)
    if e is None:
        return []
    return [(name, e.pos, goal[0]) for name in GOALS if (goal := getattr(e, e.field_attribute(name))) is not None]


# --- a living entity's effects, attributes, equipment and enchantments ---
def set_effect(entity_id: int, effect: str, amplifier: int, duration: int | None) -> Edit:
    """`addStatusEffect` from this tick (an effect of the same id is replaced); `duration` None: it never ends."""
    def change(sim: Any) -> None:
        from engine import EffectInstance
        e = live_entity(sim, entity_id)
        e.effects.add(EffectInstance(effect, amplifier, duration), e.attributes, sim.features.living_attributes)
    return Edit(field_key(entity_id, "effects"), change)


def remove_effect(entity_id: int, effect: str) -> Edit:
    def change(sim: Any) -> None:
        e = live_entity(sim, entity_id)
        e.effects.remove(effect, e.attributes)
    return Edit(field_key(entity_id, "effects"), change)


def set_attribute_base(entity_id: int, name: str, value: float) -> Edit:
    """An attribute's base value (its modifiers stay); one the scene's release lacks is refused."""
    def change(sim: Any) -> None:
        from engine import attribute_missing_in
        e = live_entity(sim, entity_id)
        why = attribute_missing_in(name, sim.features.version)
        if why is not None:
            raise ValueError(why)
        e.set_attribute_base(name, value)
    return Edit(field_key(entity_id, "attributes"), change)


def set_equipment(entity_id: int, slot: str, item: str | None) -> Edit:
    """The item in an equipment slot (None: empty, its enchantments gone with it)."""
    def change(sim: Any) -> None:
        e = live_entity(sim, entity_id)
        if item is None:
            e.equipment.pop(slot, None)
            e.enchantments.pop(slot, None)
        else:
            held = [s for s in getattr(e, "inventory", ()) if s[0] == getattr(e, "selected_slot", None)]
            if slot == "mainhand" and held:   # the main hand is the selected hotbar slot's stack
                raise ValueError(f"the main hand is hotbar slot {held[0][0]}, which holds {held[0][2]} "
                                 f"{held[0][1]}: empty that slot first")
            e.equipment[slot] = item if ":" in item else "minecraft:" + item
    return Edit(field_key(entity_id, "equipment"), change)


def set_enchantment(entity_id: int, slot: str, name: str, level: int | None) -> Edit:
    """An enchantment's level on the item in `slot` (None: removed)."""
    def change(sim: Any) -> None:
        e = live_entity(sim, entity_id)
        if slot not in e.equipment:
            raise ValueError(f"no item in slot {slot!r} to enchant (put one there first)")
        enchantments = {k: dict(v) for k, v in e.enchantments.items()}
        levels = enchantments.setdefault(slot, {})
        if level is None:
            levels.pop(name, None)
        else:
            levels[name] = level
        if not levels:
            del enchantments[slot]
        e.enchantments = enchantments   # assigned, not changed in place: a player's counts as an edit (Depth Strider)
    return Edit(field_key(entity_id, "enchantments"), change)

