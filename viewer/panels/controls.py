"""The Controls panel: tick and stage stepping, the readout, the rate, toggles and the camera; and the click tool,
drawn in the menu bar (`draw_click_tool`) so that the panel fits its place at 1280x720. Every control carries a
tooltip."""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.editing import MAX_BLOCK_CHOICES, block_choices, parse_block
from viewer.panels.widgets import accept, button_width, em, same_line_if_fits, text_field
from viewer.stepping import MicroStep, readout

TPS_DRAG_SPEED = 0.2        # ticks/s per pixel dragged
TPS_RANGE = (1.0, 200.0)

CONTROLS_TITLE = "Controls"
STEP_LABEL = "Step"
FRAME_ALL_LABEL = "Frame all"
STEP_N_LABEL = "Step N"
STAGE_LABEL = "Stage >"
CAMERA_MODES = ("orbit", "fly", "top", "north", "east")
TOOLS = ("select", "place", "remove", "measure")
BLOCK_PICKER = "block_picker"   # the popup listing the release's blocks, opened beside the block field
TOOL_TIPS = {"select": "A click in the view selects the entity under the pointer",
             "place": "A click puts the block below on the clicked face", "remove": "A click removes the block",
             "measure": "Click two points (entities or block faces): the distance between them, per axis; Escape "
                        "clears"}
MICRO_BUTTONS = (("stage", STAGE_LABEL, "The next recorded stage of this tick (Shift+Right)"),
                 ("entity", "Entity >", "The first stage of the next entity (Ctrl+Right)"),
                 ("phase", "Phase >", "The first stage of the next phase (Alt+Right)"))


TOGGLES = (  # (state attribute, label, tooltip)
    ("show_entities", "entities", "Entity boxes, eye lines and motion vectors"),
    ("show_trace", "trace", "The geometry the engine recorded this tick (sweeps, cells, rays...)"),
    ("show_labels", "labels", "Text of the trace: sweep order, cell order, exposure"),
    ("show_ids", "ids", "Id and type over each entity"),
    ("show_grid", "grid", "Block grid lines around the selected entity"),
    ("show_borders", "chunks", "Chunk and section borders around the selection"),
    ("show_trails", "trails", "Past positions of the selected entity"),
)
CAMERA_TIPS = "orbit: drag to turn, wheel to zoom; fly: WASD; top / north / east: orthographic views"


def draw_controls(state: Any, sim: Any, steps: list[MicroStep]) -> None:
    """Tick and stage stepping, the readout, the rate, toggles and camera."""
    with imgui_ctx.begin(CONTROLS_TITLE) as window:
        if not window:
            return
        _draw_stepping(state)
        imgui.text_wrapped(readout(sim.last_record, steps, state.micro, sim.tick_count))
        imgui.set_next_item_width(em() * 10)
        # a drag field, not a slider: no grab sits over the number (drag, or double-click to type one)
        _, state.tps = imgui.drag_float("ticks/s", state.tps, TPS_DRAG_SPEED, *TPS_RANGE, "%.0f",
                                        imgui.SliderFlags_.logarithmic | imgui.SliderFlags_.always_clamp)
        imgui.set_item_tooltip("Playing speed (20 is the game's): drag sideways, or double-click to type it")
        imgui.set_next_item_width(em() * 7)
        changed, entity_id = imgui.input_int("entity (0: all)", state.selected_entity or 0)
        imgui.set_item_tooltip("The selected entity's id (or click it in the view or the Entities list)")
        if changed:
            state.selected_entity = entity_id if entity_id > 0 else None
            state.selected_stage = None
        if state.trace_hidden:
            imgui.text_disabled(f"{state.trace_hidden} trace primitives hidden: select an entity or filter "
                                "the ledger")
        for i, (name, label, tip) in enumerate(TOGGLES):
            if i % 4:
                imgui.same_line()
            _, value = imgui.checkbox(label, getattr(state, name))
            imgui.set_item_tooltip(tip)
            setattr(state, name, value)
        imgui.set_next_item_width(em() * 6)
        changed, index = imgui.combo("##camera", CAMERA_MODES.index(state.camera_mode), CAMERA_MODES)
        imgui.set_item_tooltip(CAMERA_TIPS)
        if changed:
            state.camera_mode = CAMERA_MODES[index]
        imgui.same_line()
        if imgui.button("Focus (F)"):
            state.focus_requested = True
        imgui.set_item_tooltip("Centre the camera on the selected entity")
        imgui.same_line()
        _, state.follow = imgui.checkbox("follow", state.follow)
        imgui.set_item_tooltip("Keep the selected entity in the middle of the view as it moves")
        same_line_if_fits(button_width(FRAME_ALL_LABEL))
        if imgui.button(FRAME_ALL_LABEL):
            state.frame_requested = True
        imgui.set_item_tooltip("Fit the camera to the blocks, the entities and the trace drawn")


def _draw_stepping(state: Any) -> None:
    if imgui.button(STEP_LABEL):
        state.pending_steps += 1
    imgui.set_item_tooltip("One tick forward (Right arrow); inside a tick, finish it")
    imgui.same_line()
    if imgui.button("Pause" if state.playing else "Play"):
        state.playing = not state.playing
    imgui.set_item_tooltip("Run at the chosen ticks per second (Space)")
    imgui.same_line()
    if imgui.button("Back"):
        state.pending_steps -= 1
    imgui.set_item_tooltip("One tick back (Left arrow), restored exactly")
    if imgui.button(STEP_N_LABEL):
        state.pending_steps += state.step_n
    imgui.set_item_tooltip("Run the number of ticks in the field beside")
    imgui.same_line()
    imgui.set_next_item_width(em() * 6)
    changed, n = imgui.input_int("ticks##step_n", state.step_n)
    if changed:
        state.step_n = max(1, n)
    for i, (unit, label, tip) in enumerate(MICRO_BUTTONS):
        if i:
            imgui.same_line()
        if imgui.button(label):
            state.pending_micro = unit
        imgui.set_item_tooltip(tip)


def draw_click_tool(state: Any) -> None:
    """What a click in the 3D view does, and the block it places (in the menu bar, after the menus)."""
    imgui.text_disabled("click:")
    for tool in TOOLS:
        imgui.same_line()
        if imgui.radio_button(tool, state.tool == tool):
            state.tool = tool
        imgui.set_item_tooltip(TOOL_TIPS[tool])
    text = text_field(state, "block", "block", state.block_text, 16)
    imgui.set_item_tooltip(f"The block the place tool puts, as /setblock spells it in {state.release} (the scene's "
                           "version), e.g. minecraft:oak_slab[type=top]; the list beside picks one")
    if text is not None:
        _, error = parse_block(text, state.release)
        if error:
            state.field_errors["block"] = error
        else:
            state.block_text = text.strip()
            accept(state, "block")
    imgui.same_line(0.0, 0.0)
    _draw_block_picker(state)


def _draw_block_picker(state: Any) -> None:
    """A button opening the list of the scene's release's blocks, filtered by a text typed at the top of the list
    (`block_choices`); choosing one makes it the block to place (its default state)."""
    if imgui.arrow_button("##blocks", imgui.Dir.down):
        state.block_picker_requested = True
    imgui.set_item_tooltip(f"Choose the block from the blocks of {state.release}")
    if state.block_picker_requested:
        state.block_picker_requested = False
        imgui.open_popup(BLOCK_PICKER)
    imgui.set_next_window_pos(imgui.ImVec2(imgui.get_item_rect_min().x, imgui.get_item_rect_max().y),
                              imgui.Cond_.appearing)   # below the button (not where the pointer is)
    if not imgui.begin_popup(BLOCK_PICKER):
        return
    if imgui.is_window_appearing():
        imgui.set_keyboard_focus_here()
    imgui.set_next_item_width(em() * 16)
    queue = imgui.get_io().input_queue_characters
    for char in reversed(state.block_filter_typed):   # ahead of the letters typed since
        queue.push_front(char)
    state.block_filter_typed = []
    typed = list(queue)
    changed, state.block_filter = imgui.input_text_with_hint("##filter", "type to filter", state.block_filter)
    if imgui.is_item_activated() and typed and not changed:
        # the frame the field takes the keyboard (the frame after the list opens) ImGui drops the letters typed, so
        # the first letter typed at once after the click was lost: they are given to the field in the next frame
        state.block_filter_typed = typed
    choices = block_choices(state.block_filter, state.release)
    more = "+" if len(choices) == MAX_BLOCK_CHOICES else ""
    imgui.text_disabled(f"{len(choices)}{more} blocks of {state.release}")
    with imgui_ctx.begin_child("##choices", imgui.ImVec2(em() * 16, em() * 20)):
        for name in choices:
            if imgui.selectable(name, name == state.block_text)[0]:
                state.block_text = name
                accept(state, "block")
                imgui.close_current_popup()   # the next click in the view places it (not only closes the list)
    imgui.end_popup()
