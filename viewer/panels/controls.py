"""The Controls panel: tick and stage stepping, the readout, the timeline, the rate, toggles, camera and the
click tool."""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.editing import parse_block
from viewer.history import History
from viewer.panels.widgets import PANEL_MARGIN_EM, accept, em, text_field
from viewer.stepping import MicroStep, readout

TPS_RANGE = (1.0, 200.0)

CONTROLS_TITLE = "Controls"
STEP_LABEL = "Step"
STEP_N_LABEL = "Step N"
STAGE_LABEL = "Stage >"
CAMERA_MODES = ("orbit", "fly", "top", "north", "east")
TOOLS = ("select", "place", "remove")


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
