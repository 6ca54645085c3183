"""The entity panels: the list in update order, the inspector of the selected entity (every field; the
editable ones as input lines that refuse bad input with the reason), and the palette to add entities.
Edits are queued as `viewer.editing.Edit`s; the app loop applies them and branches the history. A living entity
also shows, read-only (the Actions panel edits them), its health, movement flags, pose, effects with their
remaining ticks and attributes with their modifiers; a player its experience and inventory, the Drive toggle and
its input ranges. A vehicle shows its state (a boat's status and the keys its rider holds, the rail shape under a
cart), its passengers and the vehicle it rides, each a link that selects that entity.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer import editing
from viewer.driving import driven
from viewer.entity_log import counts_text
from viewer.panels.widgets import accept, count, em, hint, labelled_width, same_line_if_fits, text_field

ENTITIES_TITLE = "Entities"
LIST_ROWS = 8                 # visible rows of the entity list at most (fewer entities: as many rows)
# Read-only attributes shown under the editable fields (engine names).
SHOWN_ATTRIBUTES = ("box", "prev_pos", "age", "width", "height", "step_height", "touching_water",
                    "submerged_in_water", "first_update", "removed")
LIVING_FLAGS = ("health", "sprinting", "sneaking", "swimming", "fall_flying", "pose", "jumping", "jump_cooldown",
                "movement_speed", "hurt_time")   # read-only rows of a living entity (engine names)
MICRO_HINT = ("inside a tick: the fields below are the tick's end; the 3D view and the Stages panel show the "
              "micro-step's stage")
FIELD_TIP = "Type a value and press Enter: it is applied at this tick and later ticks run again"
FLAG_TIP = "Click to flip it at this tick (later ticks run again)"
INPUT_ROWS = 6                # input ranges of a player listed under Drive
DRIVE_LABEL = "Drive (G)"
DRIVE_TIP = ("Each tick stepped records the keys held into this player's inputs: WASD move, Space jump, Ctrl sprint, "
             "Shift sneak, right drag turns the look. Later inputs are discarded (Ctrl+Z undoes a tick's record)")
BOAT_KEYS = ("left", "right", "forward", "back")  # the order of a boat's trace `inputs` (BoatEntity.setInputs)


def attribute_rows(entity: Any) -> list[tuple[str, str]]:
    """(name, text) rows of the read-only `SHOWN_ATTRIBUTES` and, for a living entity, `LIVING_FLAGS`; a vector
    or box one row per coordinate (`editing.value_parts`), as the editable fields, so no number is wrapped."""
    from engine import LivingEntity
    names = SHOWN_ATTRIBUTES + (LIVING_FLAGS if isinstance(entity, LivingEntity) else ())
    return [row for name in names if hasattr(entity, name) for row in editing.value_parts(name, getattr(entity, name))]


def living_rows(entity: Any) -> list[tuple[str, str]]:
    """(name, text) rows of a living entity's effects (amplifier, ticks left) and attributes (value, base and
    modifiers), and a player's experience and inventory slots; nothing for other entities. Values are read without
    touching the attribute caches."""
    from engine import LivingEntity
    if not isinstance(entity, LivingEntity):
        return []
    rows = []
    for inst in entity.effects.active.values():
        left = "infinite" if inst.duration is None else f"{inst.duration} ticks left"
        rows.append((f"effect {inst.effect.removeprefix('minecraft:')}", f"amplifier {inst.amplifier}, {left}"))
    for name, inst in entity.attributes.instances.items():
        mods = ", ".join(f"{m.name} {m.operation.name} {m.amount!r}" for m in inst.modifiers.values())
        rows.append((name.removeprefix("minecraft:"),
                     f"{inst.compute_value()!r} (base {inst.base!r}{'; ' + mods if mods else ''})"))
    if entity.is_player:
        rows.append(("experience", f"level {entity.xp_level}, progress {entity.xp_progress!r}, "
                                   f"total {entity.xp_total}"))
        rows += [(f"slot {slot}{' (selected)' if slot == entity.selected_slot else ''}",
                  f"{item.removeprefix('minecraft:')} × {n}") for slot, item, n in entity.inventory]
    return rows


def vehicle_rows(entity: Any) -> list[tuple[str, str, int | None]]:
    """(name, text, linked entity id or None) rows of riding: a boat's status and held keys, the rail shape under
    a cart (from the entity's trace fields), then each passenger and the vehicle it rides, linked by id."""
    fields = entity.type_fields()
    rows: list[tuple[str, str, int | None]] = []
    if "boat_status" in fields:
        rows.append(("boat status", str(fields["boat_status"] or "none"), None))
        held = [key for key, on in zip(BOAT_KEYS, fields["inputs"], strict=True) if on]
        rows.append(("boat inputs", " ".join(held) or "nothing held", None))
    if "rail_shape" in fields:
        rows.append(("rail shape", fields["rail_shape"] or "off rail", None))
    for seat, p in enumerate(entity.passengers):
        rows.append((f"passenger {seat + 1}", f"#{p.id} {p.type.removeprefix('minecraft:')}", p.id))
    if entity.vehicle is not None:
        v = entity.vehicle
        rows.append(("vehicle", f"#{v.id} {v.type.removeprefix('minecraft:')}", v.id))
    return rows


def draw_entities(state: Any, sim: Any, entities: list[Any], by_type: list[tuple[str, int]]) -> None:
    """Entity list (`entities`: the live ones in update order; `by_type`: how many of each type, most first),
    inspector and palette in one window at the top right."""
    with imgui_ctx.begin(ENTITIES_TITLE) as window:
        if not window:
            return
        draw_entity_list(state, entities, by_type)
        selected = sim.entity_by_id(state.selected_entity) if state.selected_entity is not None else None
        _draw_drive(state, driven(sim, state.selected_entity))
        if selected is not None and not selected.removed:
            imgui.separator()
            _draw_inspector(state, selected)
        imgui.separator()
        _draw_palette(state)


def draw_entity_list(state: Any, entities: list[Any], by_type: list[tuple[str, int]]) -> None:
    """How many entities, of which types, and the list of them (ids and types), each selectable."""
    imgui.text(f"{count(len(entities), 'entity', 'entities')}, in update order")
    if len(by_type) > 1:
        hint(counts_text(by_type))
    rows = max(1, min(LIST_ROWS, len(entities)))  # a small scene leaves the room to the inspector
    height = rows * imgui.get_text_line_height_with_spacing() + 2 * imgui.get_style().window_padding.y
    with imgui_ctx.begin_child("entity list", imgui.ImVec2(0, height),
                               imgui.ChildFlags_.borders) as child:
        if not child:
            return
        clipper = imgui.ListClipper()
        clipper.begin(len(entities))
        while clipper.step():
            for i in range(clipper.display_start, clipper.display_end):
                e = entities[i]
                label = f"#{e.id} {e.type.removeprefix('minecraft:')}##{e.id}"
                if imgui.selectable(label, e.id == state.selected_entity)[0]:
                    state.selected_entity = e.id
                    state.selected_stage = None
                imgui.set_item_tooltip("Select it: its trace, stages, plots and fields")


def _draw_inspector(state: Any, entity: Any) -> None:
    """Every field of the selected entity: riding first (`vehicle_rows`: links select), the editable values one
    row each (a vector one row per coordinate), the flags as checkboxes, then the read-only state. Each table's
    name column is as wide as its own names, so the values keep the width left and are not cut off; input is
    parsed here and queued as an edit."""
    imgui.text(f"#{entity.id} {entity.type}")
    if state.micro is not None:
        hint(MICRO_HINT)
    fields = editing.entity_fields(entity)
    if _begin_rows("fields"):
        for name, text, link in vehicle_rows(entity):
            _name_cell(name)
            if link is None:
                imgui.text_wrapped(text)
            elif imgui.selectable(f"{text}##{name}", False)[0]:
                state.selected_entity, state.selected_stage = link, None
            if link is not None:
                imgui.set_item_tooltip("Select it")
        for spec in fields:
            if spec.kind != "bool":
                for part in editing.components(spec) if spec.kind == "vec3" else [spec]:
                    _draw_field(state, entity, part)
        imgui.end_table()
    for n, spec in enumerate(s for s in fields if s.kind == "bool"):
        if n:
            same_line_if_fits(labelled_width(imgui.get_frame_height(), spec.name))
        changed, value = imgui.checkbox(spec.name, bool(getattr(entity, spec.attribute)))
        imgui.set_item_tooltip(FLAG_TIP)
        if changed:
            state.pending_edits.append(editing.set_field(entity.id, spec, value))
    for table, rows in (("state", attribute_rows(entity)), ("living", living_rows(entity))):  # long names apart
        if rows and _begin_rows(table):
            for name, text in rows:
                _name_cell(name)
                imgui.text_wrapped(text)
            imgui.end_table()
    if imgui.button("Remove entity"):
        state.pending_edits.append(editing.remove_entity(entity.id))
    imgui.set_item_tooltip("Remove it at this tick (Ctrl+Z brings it back)")


def _begin_rows(table: str) -> bool:
    """A two-column table of named rows: the names as wide as the widest, the values over the width left."""
    flags = imgui.TableFlags_.row_bg | imgui.TableFlags_.borders_inner_v | imgui.TableFlags_.resizable
    if not imgui.begin_table(table, 2, flags):
        return False
    imgui.table_setup_column("field", imgui.TableColumnFlags_.width_fixed)
    imgui.table_setup_column("value", imgui.TableColumnFlags_.width_stretch)
    return True


def _name_cell(name: str, editable: bool = False) -> None:
    """A new row with `name` in its first cell (dimmed unless the value can be edited); the next item goes in
    its value cell."""
    imgui.table_next_row()
    imgui.table_next_column()
    imgui.align_text_to_frame_padding()
    (imgui.text if editable else imgui.text_disabled)(name)
    imgui.table_next_column()


def _draw_drive(state: Any, player: Any) -> None:
    """The Drive toggle; for a selected player, its input ranges (what replays)."""
    from engine import KEYS
    _, state.driving = imgui.checkbox(DRIVE_LABEL, state.driving)
    imgui.set_item_tooltip(DRIVE_TIP)
    if state.driving and player is None:
        imgui.same_line()
        hint("select a minecraft:player to drive")
    if player is None:
        return
    ranges = player.inputs.ranges
    if len(ranges) > INPUT_ROWS:
        imgui.text_disabled(f"{len(ranges)} input ranges, the last {INPUT_ROWS}:")
    for r in ranges[-INPUT_ROWS:]:
        keys = [k for k in KEYS if getattr(r.held, k)]
        look = "" if r.held.yaw is None else f" yaw {r.held.yaw:.1f} pitch {r.held.pitch or 0.0:.1f}"
        imgui.text_disabled(f"ticks {r.first}..{r.last}: {' '.join(keys) or 'nothing'}{look}")


def _draw_field(state: Any, entity: Any, spec: Any) -> None:
    key = editing.field_key(entity.id, spec.name)
    _name_cell(spec.name, editable=True)
    with imgui_ctx.push_id(key):
        current = editing.field_text(entity, spec)
        room = imgui.get_content_region_avail().x - 2 * imgui.get_style().frame_padding.x  # the field's text width
        cut = imgui.calc_text_size(current).x > room
        text = text_field(state, key, f"##{spec.name}", current, None)
    imgui.set_item_tooltip(f"{current}\n{FIELD_TIP}" if cut else FIELD_TIP)  # a value wider than its field: whole here
    if text is None:
        return
    value, error = editing.parse_field(spec, text, state.release)
    if error:
        state.field_errors[key] = error
    else:
        accept(state, key)
        state.pending_edits.append(editing.set_field(entity.id, spec, value))


@cache
def entity_type_names() -> list[str]:
    """Every entity type the scene format knows, sorted (the palette's choices)."""
    from engine import ENTITY_TYPES
    return sorted(ENTITY_TYPES)


def _draw_palette(state: Any) -> None:
    """A type from ENTITY_TYPES and a position; Add queues the new entity."""
    imgui.set_next_item_width(em() * 12)
    names = entity_type_names()
    changed, index = imgui.combo("type", names.index(state.new_entity_type), names)
    imgui.set_item_tooltip("The type of the entity Add puts in the world")
    if changed:
        state.new_entity_type = names[index]
    text = text_field(state, "new pos", "at", state.new_entity_pos, 12)
    imgui.set_item_tooltip("Where: x, y, z (its feet)")
    if text is not None:
        state.new_entity_pos = text
    imgui.same_line()
    if imgui.button("Add"):
        pos, error = editing.parse_field(editing.COMMON_FIELDS[0], state.drafts.get("new pos", state.new_entity_pos))
        if error:
            state.field_errors["new pos"] = error
        else:
            accept(state, "new pos")
            state.pending_edits.append(editing.add_entity(state.new_entity_type, pos))
    imgui.set_item_tooltip("Add the entity at this tick (later ticks run again)")
