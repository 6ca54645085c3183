"""The Actions panel, a tab under the 3D view: the scene's scheduled actions (tick, phase, what, on what), a form
to add or edit one of any kind the scene format has (positions and entities typed or picked by clicking in the 3D
view), *Use a block* (click a lever, button, repeater, door... in the view: a player's use in the next tick), and
for the selected entity its mob goal (`move_to` / `path_to`: click the target block) and, for a living entity, its
effects, attribute bases, equipment and enchantments. Everything is queued as an edit (`viewer.actions`).
"""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui, imgui_ctx

from engine import (
    ACTION_KEYS,
    ATTRIBUTES,
    EFFECTS,
    ENCHANTMENTS,
    EQUIPMENT_SLOTS,
    PHASES,
    LivingEntity,
    attribute_release_id,
)
from viewer import actions as act
from viewer.editing import field_key
from viewer.panels.titles import ACTIONS_TITLE
from viewer.panels.widgets import button_width, count, em, error_text, hint, same_line_if_fits

COLUMN_MIN_EM = 17.0          # below three of these side by side, the parts are stacked
LIST_ROWS = 7
PHASE_NAMES = ("default", *PHASES)
PICK_TIP = "Then click in the 3D view: the {what} clicked fills this field"
USE_LABEL = "Use a block..."
USE_TIP = ("Then click a block in the 3D view: a player's use of it (press a button, flip a lever, cycle a repeater, "
           "open a door...) is scheduled in the next tick, in the players phase; a block a click changes nothing on "
           "is refused with the reason")
CANCEL_PICK = "Cancel pick"
BLOCK_MENU = "block menu"
AMOUNT_EM = 2.5               # the width of an amplifier's or a level's field
EFFECT_NAMES = tuple(n.removeprefix("minecraft:") for n in EFFECTS)
ATTRIBUTE_IDS = tuple(ATTRIBUTES)
ENCHANTMENT_NAMES = tuple(n.removeprefix("minecraft:") for n in ENCHANTMENTS)


def draw_actions(app: Any) -> None:
    """The panel; `app` is the ViewerApp (its sim, history, state and the Actions panel's state)."""
    st = act.actions_state(app)
    state, sim = app.state, app.sim
    with imgui_ctx.begin(ACTIONS_TITLE) as window:
        if not window:
            return
        if st.pick is not None:
            imgui.text_colored(imgui.ImVec4(1.0, 0.85, 0.3, 1.0), f"click in the 3D view to pick: {st.pick}")
            imgui.same_line()
            if imgui.small_button(CANCEL_PICK):
                st.pick = None
        width = imgui.get_content_region_avail().x
        side_by_side = width >= 3 * em() * COLUMN_MIN_EM
        column = imgui.ImVec2((width - 2 * imgui.get_style().item_spacing.x) / 3 if side_by_side else 0, 0)
        flags = imgui.ChildFlags_.borders | (0 if side_by_side else imgui.ChildFlags_.auto_resize_y)
        for n, (name, part) in enumerate((("scheduled", _draw_schedule), ("form", _draw_form),
                                          ("entity", _draw_entity))):
            if n and side_by_side:
                imgui.same_line()
            with imgui_ctx.begin_child(name, column, flags):
                part(app, st, state, sim)


def draw_block_menu(app: Any) -> None:
    """The menu of the block right-clicked in the 3D view: *Use at this tick* where a click does something to it
    (else why not), and its position into the form."""
    st = act.actions_state(app)
    if st.open_menu:
        imgui.open_popup(BLOCK_MENU)
        st.open_menu = False
    if st.menu is None or not imgui.begin_popup(BLOCK_MENU):
        return
    sim, cell = app.sim, st.menu
    imgui.text_disabled(f"{sim.world.get_block_state(*cell)} at {list(cell)}")
    why = act.why_not_usable(sim, cell)
    if imgui.menu_item(f"Use at this tick (a click in tick {sim.tick_count + 1})", "", False, why is None)[0]:
        act.use_next_tick(app.state, sim, cell)
    if why is not None:
        imgui.push_text_wrap_pos(em() * 24)
        imgui.text_disabled(f"cannot be used: {why}")
        imgui.pop_text_wrap_pos()
    if imgui.menu_item("Put its position in the action form", "", False)[0]:
        st.draft.values["at"] = ", ".join(map(str, cell))
        imgui.set_window_focus(ACTIONS_TITLE)   # the form's tab comes forward
    imgui.end_popup()


def _draw_schedule(app: Any, st: act.ActionsState, state: Any, sim: Any) -> None:
    """The scheduled actions in the order they run within a tick and phase; a click loads one into the form."""
    imgui.text(f"{count(len(sim.actions), 'scheduled action', 'scheduled actions')}")
    flags = imgui.TableFlags_.row_bg | imgui.TableFlags_.borders_inner_v | imgui.TableFlags_.scroll_y
    height = min(len(sim.actions) + 1, LIST_ROWS) * imgui.get_text_line_height_with_spacing() + em() * 0.6
    if sim.actions and imgui.begin_table("actions", 3, flags, imgui.ImVec2(0, height)):
        imgui.table_setup_column("tick", imgui.TableColumnFlags_.width_fixed)
        imgui.table_setup_column("do", imgui.TableColumnFlags_.width_fixed)
        imgui.table_setup_column("on", imgui.TableColumnFlags_.width_stretch)
        imgui.table_setup_scroll_freeze(0, 1)
        imgui.table_headers_row()
        for i, action in enumerate(sim.actions):
            imgui.table_next_row()
            imgui.table_next_column()
            ticks = str(action.tick) if action.last is None else f"{action.tick}..{action.last}"
            chosen = st.draft.index == i
            if imgui.selectable(f"{ticks}##{i}", chosen, imgui.SelectableFlags_.span_all_columns)[0]:
                st.draft = act.draft_of(action, i)
            imgui.set_item_tooltip(f"{action.kind} in tick {ticks}, {action.phase} phase\n{act.describe(action)}\n"
                                   "Click to edit it in the form")
            imgui.table_next_column()
            imgui.text(action.kind)
            imgui.table_next_column()
            imgui.text(act.describe(action))
        imgui.end_table()
    elif not sim.actions:
        hint("none: add one with the form, or Use a block")
    if imgui.button(USE_LABEL):
        st.pick = act.USE
    imgui.set_item_tooltip(USE_TIP)
    if st.draft.index is not None and st.draft.index < len(sim.actions):
        same_line_if_fits(button_width("Remove action"))
        if imgui.button("Remove action"):
            state.pending_edits.append(act.remove_action(st.draft.index, sim.actions[st.draft.index]))
            st.draft = act.Draft()
        imgui.set_item_tooltip("Take the chosen action out of the schedule (the run is simulated again from its "
                               "tick; Ctrl+Z brings it back)")
    error = state.field_errors.get(act.EDITS_WHERE)
    if error:
        error_text(error)


def _draw_form(app: Any, st: act.ActionsState, state: Any, sim: Any) -> None:
    """The action being added or edited: its kind, tick and phase, then one field per key of that kind."""
    draft = st.draft
    editing = draft.index is not None and draft.index < len(sim.actions)
    imgui.text(f"action #{draft.index + 1}" if editing else "new action")
    imgui.set_next_item_width(em() * 10)
    changed, k = imgui.combo("do", act.action_kinds().index(draft.do), act.action_kinds())
    imgui.set_item_tooltip("What happens (the scene format's [[actions]] `do`)")
    if changed:
        draft.do = act.action_kinds()[k]
    imgui.set_next_item_width(em() * 5)
    _, draft.tick = imgui.input_text("tick", draft.tick)
    imgui.set_item_tooltip(f"The tick it happens in (now: tick {sim.tick_count}; the next tick to run is "
                           f"{sim.tick_count + 1})")
    same_line_if_fits(em() * 11)
    imgui.set_next_item_width(em() * 8)
    phase = PHASE_NAMES.index(draft.phase) if draft.phase in PHASES else 0
    changed, p = imgui.combo("phase", phase, PHASE_NAMES)
    imgui.set_item_tooltip("The phase of the tick it runs in: default is where vanilla does it")
    if changed:
        draft.phase = "" if p == 0 else PHASE_NAMES[p]
    required, optional = ACTION_KEYS[draft.do]
    for key in (*required, *optional):
        _draw_key(st, draft, key, key in required)
    _, problem = act.draft_entry(draft, app.history.first_tick, sim.version)
    if imgui.button("Apply" if editing else "Add"):
        submit(st, state, sim, app.history.first_tick)
    imgui.set_item_tooltip("Schedule it: the run is simulated again from the tick before it (Ctrl+Z undoes)")
    if editing:
        imgui.same_line()
        if imgui.button("New"):
            st.draft = act.Draft(draft.do, draft.tick, draft.phase, dict(draft.values))
        imgui.set_item_tooltip("Leave the chosen action as it is: the form adds a new one")
    if problem is not None and draft.values:
        imgui.push_text_wrap_pos(0.0)
        imgui.text_disabled(f"{problem[0]}: {problem[1]}")
        imgui.pop_text_wrap_pos()


def _draw_key(st: act.ActionsState, draft: act.Draft, key: str, required: bool) -> None:
    kind = act.KEY_KINDS[key]
    pickable = kind in act.PICKABLE
    with imgui_ctx.push_id(key):
        imgui.set_next_item_width(em() * 9)
        _, draft.values[key] = imgui.input_text(key if required else f"{key} (optional)",
                                                draft.values.get(key, ""))
        imgui.set_item_tooltip(act.KEY_HINTS[key])
        if pickable:
            same_line_if_fits(button_width("Pick"))
            if imgui.small_button("Pick"):
                st.pick = key
            imgui.set_item_tooltip(PICK_TIP.format(what="entity" if kind == "entity" else "block"))


def submit(st: act.ActionsState, state: Any, sim: Any, first_tick: int) -> bool:
    """The form's Add (or Apply): queue the edit, or show why the form does not read as an action."""
    entry, problem = act.draft_entry(st.draft, first_tick, sim.version)
    if problem is not None:
        state.field_errors[act.EDITS_WHERE] = f"{problem[0]}: {problem[1]}"
        return False
    state.field_errors.pop(act.EDITS_WHERE, None)
    index = st.draft.index
    if index is not None and index < len(sim.actions):
        state.pending_edits.append(act.replace_action(index, sim.actions[index], entry))
    else:
        state.pending_edits.append(act.add_action(entry))
        st.draft.index = None
    return True


def _draw_entity(app: Any, st: act.ActionsState, state: Any, sim: Any) -> None:
    """The selected entity: a mob's goals, a living entity's effects, attributes, equipment and enchantments."""
    e = sim.entity_by_id(state.selected_entity) if state.selected_entity is not None else None
    if e is None or e.removed or not isinstance(e, LivingEntity):
        hint("select a mob, a player or an armour stand (click it in the view) to give it a goal or edit its "
             "effects, attributes and equipment")
        return
    imgui.text(f"#{e.id} {e.type.removeprefix('minecraft:')}")
    if act.mob(sim, e.id) is not None:
        _draw_goals(st, state, e)
    _draw_effects(st, state, e)
    _draw_attributes(st, state, e, sim.features.version)
    _draw_equipment(st, state, e)
    for key in ("effects", "attributes", "equipment", "enchantments", "move_to", "path_to"):
        error = state.field_errors.get(field_key(e.id, key))
        if error:
            error_text(error)


def _draw_goals(st: act.ActionsState, state: Any, e: Any) -> None:
    imgui.separator_text("goal")
    for name in act.GOALS:
        if name == "path_to" and not e.NAVIGATES:
            continue
        goal = getattr(e, e.field_attribute(name))
        with imgui_ctx.push_id(name):
            if imgui.small_button(f"{name}..."):
                st.pick = name
            imgui.set_item_tooltip(f"Then click a block in the 3D view: the mob's {name} target is the block in front "
                                   "of the face clicked (on a floor: the cell above it), from this tick")
            imgui.same_line()
            if goal is None:
                imgui.text_disabled("none")
                continue
            imgui.text(f"{', '.join(f'{c:g}' for c in goal[0])} at speed {goal[1]:g}")
            same_line_if_fits(button_width("Clear"))
            if imgui.small_button("Clear"):
                state.pending_edits.append(act.set_goal(e.id, name, None))
    imgui.set_next_item_width(em() * 5)
    _, st.goal_speed = imgui.input_text("speed", st.goal_speed)
    imgui.set_item_tooltip("The speed factor of a goal picked next (1.0: the mob's movement speed)")


def _draw_effects(st: act.ActionsState, state: Any, e: Any) -> None:
    imgui.separator_text("effects")
    for inst in list(e.effects.active.values()):
        left = "infinite" if inst.duration is None else f"{inst.duration} ticks"
        if imgui.small_button(f"x##{inst.effect}"):
            state.pending_edits.append(act.remove_effect(e.id, inst.effect))
        imgui.set_item_tooltip("Remove the effect at this tick")
        imgui.same_line()
        imgui.text(f"{inst.effect.removeprefix('minecraft:')} {inst.amplifier}, {left}")
    st.effect, st.amplifier = _choice_and_amount("##effect", st.effect, EFFECT_NAMES, 8, "amp##effect", st.amplifier)
    imgui.set_item_tooltip("The amplifier, 0..255 (0: level I)")
    imgui.set_next_item_width(em() * 4)
    _, st.duration = imgui.input_text("ticks##effect", st.duration)
    imgui.set_item_tooltip("How many ticks it lasts (empty: it never ends)")
    imgui.same_line()
    if imgui.button("Add effect"):
        amplifier = act.parse_value("int", st.amplifier)[0]
        duration = act.parse_value("int", st.duration)[0] if st.duration.strip() else None
        if amplifier is None or not 0 <= amplifier <= 255 or (st.duration.strip() and (duration or 0) < 1):
            state.field_errors[field_key(e.id, "effects")] = ("expected an amplifier 0..255 and a duration ≥ 1 "
                                                              "(or empty)")
        else:
            state.pending_edits.append(act.set_effect(e.id, EFFECTS[st.effect], amplifier, duration))


def attribute_labels(release: str) -> list[str]:
    """The attribute editor's names, by the release's ids (1.21.2: gravity, not generic.gravity)."""
    return [attribute_release_id(n, release).removeprefix("minecraft:") for n in ATTRIBUTE_IDS]


def _draw_attributes(st: act.ActionsState, state: Any, e: Any, release: str) -> None:
    """An attribute's base, the attributes named by the scene's release's ids (1.21.2: without generic.)."""
    imgui.separator_text("attribute base")
    imgui.set_next_item_width(-imgui.FLT_MIN)   # the whole width: attribute names are long
    _, st.attribute = imgui.combo("##attribute", st.attribute, attribute_labels(release))
    name = ATTRIBUTE_IDS[st.attribute]
    key = field_key(e.id, "attributes")
    current = repr(e.attributes.get(name).base)
    text = state.drafts.get(key + name, current)
    imgui.set_next_item_width(em() * 8)
    _, text = imgui.input_text("base##attribute", text)
    if imgui.is_item_active():
        state.drafts[key + name] = text
    if imgui.is_item_deactivated_after_edit():
        state.drafts.pop(key + name, None)
        value = act.parse_value("number", text)[0]
        if value is None:
            state.field_errors[key] = "expected a number"
        else:
            state.pending_edits.append(act.set_attribute_base(e.id, name, value))
    imgui.set_item_tooltip("Type the base value and press Enter: set at this tick (modifiers stay)")


def _draw_equipment(st: act.ActionsState, state: Any, e: Any) -> None:
    imgui.separator_text("equipment")
    for slot, item in e.equipment.items():
        levels = ", ".join(f"{n.removeprefix('minecraft:')} {lv}" for n, lv in e.enchantments.get(slot, {}).items())
        imgui.text(f"{slot}: {item.removeprefix('minecraft:')}" + (f" ({levels})" if levels else ""))
    imgui.set_next_item_width(em() * 6)
    _, st.slot = imgui.combo("##slot", st.slot, EQUIPMENT_SLOTS)
    slot = EQUIPMENT_SLOTS[st.slot]
    imgui.same_line()
    imgui.set_next_item_width(em() * 9)
    _, st.item = imgui.input_text("##item", st.item)
    imgui.set_item_tooltip("An item id, e.g. minecraft:elytra (empty: the slot is emptied)")
    same_line_if_fits(button_width("Set"))
    if imgui.button("Set##item"):
        state.pending_edits.append(act.set_equipment(e.id, slot, st.item.strip() or None))
    st.enchantment, st.level = _choice_and_amount("##enchantment", st.enchantment, ENCHANTMENT_NAMES, 9, "level",
                                                  st.level)
    imgui.set_item_tooltip(f"1..255 on the item in the {slot} slot (empty: the enchantment is removed)")
    same_line_if_fits(button_width("Enchant"))
    if imgui.button("Enchant"):
        level = act.parse_value("int", st.level)[0] if st.level.strip() else None
        if st.level.strip() and (level is None or not 1 <= level <= 255):
            state.field_errors[field_key(e.id, "enchantments")] = "expected a level 1..255 (or empty to remove)"
        else:
            state.pending_edits.append(act.set_enchantment(e.id, slot, ENCHANTMENTS[st.enchantment], level))


def _choice_and_amount(combo: str, index: int, names: tuple[str, ...], combo_em: float, label: str,
                       amount: str) -> tuple[int, str]:
    """A combo of `names` and, beside it, a short text field (an amplifier, a level): the new index and text."""
    imgui.set_next_item_width(em() * combo_em)
    _, index = imgui.combo(combo, index, names)
    imgui.same_line()
    imgui.set_next_item_width(em() * AMOUNT_EM)
    _, amount = imgui.input_text(label, amount)
    return index, amount
