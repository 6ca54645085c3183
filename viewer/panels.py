"""ImGui panels, one function per panel: `draw_<panel>(state, ...)`. Panels read the simulation and write
requests into the `ViewerState` (steps, micro-steps, rewinds, edits); they never step the simulation or write
engine fields themselves. Entity panels are in `viewer.entity_panels`, the stage inspector in
`viewer.stage_panel`, the plots in `viewer.plots`.
"""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.editing import parse_block
from viewer.history import History
from viewer.stepping import MicroStep, readout

PANEL_MARGIN_EM = 0.6
TPS_RANGE = (1.0, 200.0)
ERROR_COLOR = imgui.ImVec4(1.0, 0.45, 0.4, 1.0)
CHANGED_COLOR = imgui.ImVec4(1.0, 0.85, 0.3, 1.0)

CONTROLS_TITLE = "Controls"
STEP_LABEL = "Step"
STEP_N_LABEL = "Step N"
STAGE_LABEL = "Stage >"
CAMERA_MODES = ("orbit", "fly", "top", "north", "east")
TOOLS = ("select", "place", "remove")


def em() -> float:
    """The font size in pixels: the unit of every panel size (style V7)."""
    return imgui.get_font_size()


def text_field(state: Any, key: str, label: str, current: str, width_em: float) -> str | None:
    """One input line showing `current` (or the text being typed, or refused input with its reason below);
    returns the text when the user has finished editing it (Enter or leaving the field), else None."""
    text = state.drafts.get(key, current)
    imgui.set_next_item_width(em() * width_em)
    _, text = imgui.input_text(label, text)
    done = imgui.is_item_deactivated_after_edit()
    if imgui.is_item_active() or done:
        state.drafts[key] = text
    elif key not in state.field_errors:
        state.drafts.pop(key, None)
    error = state.field_errors.get(key)
    if error:
        imgui.push_text_wrap_pos(imgui.get_cursor_pos_x() + em() * width_em * 1.5)
        imgui.text_colored(ERROR_COLOR, error)
        imgui.pop_text_wrap_pos()
    return text if done else None


def accept(state: Any, key: str) -> None:
    """Input at `key` was taken: forget its draft and error."""
    state.drafts.pop(key, None)
    state.field_errors.pop(key, None)


def draw_controls(state: Any, sim: Any, history: History, steps: list[MicroStep], entities: int) -> None:
    """Tick and stage stepping, the readout, the timeline, the rate, toggles, camera and tool."""
    imgui.set_next_window_pos(imgui.ImVec2(em() * PANEL_MARGIN_EM, em() * PANEL_MARGIN_EM), imgui.Cond_.first_use_ever)
    with imgui_ctx.begin(CONTROLS_TITLE, flags=imgui.WindowFlags_.always_auto_resize) as window:
        if not window:
            return
        if imgui.button(STEP_LABEL):
            state.pending_steps += 1
        imgui.same_line()
        if imgui.button("Pause" if state.playing else "Play"):
            state.playing = not state.playing
        imgui.same_line()
        if imgui.button("Back"):
            state.pending_steps -= 1
        for unit, label in (("stage", STAGE_LABEL), ("entity", "Entity >"), ("phase", "Phase >")):
            imgui.same_line()
            if imgui.button(label):
                state.pending_micro = unit
        if imgui.button(STEP_N_LABEL):
            state.pending_steps += state.step_n
        imgui.same_line()
        imgui.set_next_item_width(em() * 6)
        changed, n = imgui.input_int("ticks##step_n", state.step_n)
        if changed:
            state.step_n = max(1, n)
        imgui.text(readout(sim.last_record, steps, state.micro, sim.tick_count))
        imgui.text_disabled(f"{entities} entities, {state.triangles} triangles, "
                            f"{state.frame_ms:.1f} ms/frame")
        imgui.set_next_item_width(em() * 24)
        changed, tick = imgui.slider_int("timeline", sim.tick_count, history.first_tick,
                                         max(history.last_tick(), history.first_tick + 1))
        if changed:
            state.rewind_to = tick
        imgui.set_next_item_width(em() * 12)
        _, state.tps = imgui.slider_float("ticks/s", state.tps, *TPS_RANGE, "%.0f",
                                          imgui.SliderFlags_.logarithmic)
        imgui.set_next_item_width(em() * 8)
        changed, entity_id = imgui.input_int("entity (0: all)", state.selected_entity or 0)
        if changed:
            state.selected_entity = entity_id if entity_id > 0 else None
            state.selected_stage = None
        if state.trace_hidden:
            imgui.text_disabled(f"{state.trace_hidden} trace primitives hidden: select an entity or filter "
                                "the ledger")
        for i, (name, label) in enumerate((("show_entities", "entities"), ("show_trace", "trace"),
                                           ("show_labels", "labels"), ("show_ids", "ids"),
                                           ("show_grid", "grid"), ("show_borders", "chunks"),
                                           ("show_trails", "trails"))):
            if i % 4:
                imgui.same_line()
            _, value = imgui.checkbox(label, getattr(state, name))
            setattr(state, name, value)
        imgui.set_next_item_width(em() * 8)
        changed, index = imgui.combo("camera", CAMERA_MODES.index(state.camera_mode), CAMERA_MODES)
        if changed:
            state.camera_mode = CAMERA_MODES[index]
        imgui.same_line()
        if imgui.button("Focus (F)"):
            state.focus_requested = True
        _draw_tools(state)
        if imgui.button("Screenshot (F2)"):
            state.screenshot = "panels"
        imgui.same_line()
        if imgui.button("without panels"):
            state.screenshot = "scene"
        if state.last_screenshot:
            imgui.text_disabled(f"saved {state.last_screenshot}")


def _draw_tools(state: Any) -> None:
    """What a click in the 3D view does, and the block it places."""
    imgui.text("click:")
    for tool in TOOLS:
        imgui.same_line()
        if imgui.radio_button(tool, state.tool == tool):
            state.tool = tool
    text = text_field(state, "block", "block", state.block_text, 16)
    if text is not None:
        _, error = parse_block(text)
        if error:
            state.field_errors["block"] = error
        else:
            state.block_text = text.strip()
            accept(state, "block")


def draw_errors(state: Any) -> None:
    """Every error reported since the last dismiss (a scene that failed to load, a tick that raised)."""
    if not state.errors:
        return
    viewport = imgui.get_main_viewport()
    imgui.set_next_window_pos(imgui.ImVec2(viewport.size.x * 0.5, viewport.size.y - em() * PANEL_MARGIN_EM),
                              imgui.Cond_.always, imgui.ImVec2(0.5, 1.0))
    imgui.set_next_window_size_constraints(imgui.ImVec2(em() * 20, 0), imgui.ImVec2(em() * 60, em() * 20))
    with imgui_ctx.begin("Errors", flags=imgui.WindowFlags_.always_auto_resize) as window:
        if not window:
            return
        for i, message in enumerate(state.errors):
            with imgui_ctx.push_id(i):
                imgui.push_text_wrap_pos(em() * 58)
                imgui.text_colored(ERROR_COLOR, message)
                imgui.pop_text_wrap_pos()
        if imgui.button("Dismiss"):
            state.errors.clear()
