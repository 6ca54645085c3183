"""ImGui panels, one function per panel: `draw_<panel>(state, sim)`. Panels read the simulation and write
requests into the `ViewerState`; they never step the simulation or write engine fields themselves.
"""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui, imgui_ctx

PANEL_MARGIN_EM = 0.6
TPS_RANGE = (1.0, 200.0)
ERROR_COLOR = imgui.ImVec4(1.0, 0.45, 0.4, 1.0)

CONTROLS_TITLE = "Controls"
STEP_LABEL = "Step"


def em() -> float:
    """The font size in pixels: the unit of every panel size (style V7)."""
    return imgui.get_font_size()


def draw_controls(state: Any, sim: Any) -> None:
    """Step, play/pause, back one tick, the ticks-per-second rate, and the tick readout."""
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
        imgui.text(f"tick {sim.tick_count}")
        imgui.same_line()
        imgui.text_disabled(f"{len(sim.entities)} entities, {state.triangles} triangles, "
                            f"{state.frame_ms:.1f} ms/frame")
        imgui.set_next_item_width(em() * 12)
        _, state.tps = imgui.slider_float("ticks/s", state.tps, *TPS_RANGE, "%.0f",
                                          imgui.SliderFlags_.logarithmic)
        imgui.set_next_item_width(em() * 8)
        changed, entity_id = imgui.input_int("entity (0: all)", state.selected_entity or 0)
        if changed:
            state.selected_entity = entity_id if entity_id > 0 else None
        if state.trace_hidden:
            imgui.text_disabled(f"trace of all entities hidden ({state.trace_hidden} primitives): select one")
        _, state.show_entities = imgui.checkbox("entities", state.show_entities)
        imgui.same_line()
        _, state.show_trace = imgui.checkbox("trace", state.show_trace)
        imgui.same_line()
        _, state.show_labels = imgui.checkbox("labels", state.show_labels)
        modes = ("orbit", "fly", "top", "north", "east")
        imgui.set_next_item_width(em() * 8)
        changed, index = imgui.combo("camera", modes.index(state.camera_mode), modes)
        if changed:
            state.camera_mode = modes[index]


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
