"""An image rendered from inside the window (a video export's frame, with labels, axis letters and a caption) draws
its text through its own ImGui context: the window's panels stay where they are in the next frame (the text's frame
ran in the window's context, whose menu and status bars were then missing from its next layout)."""

from __future__ import annotations

import copy

from imgui_bundle import imgui

from tests.conftest import SCENES_DIR as SCENES
from viewer.render import parse_overlays, render_frame


def _layout(app) -> tuple:
    viewport = imgui.get_main_viewport()
    panels = {name: tuple(imgui.internal.find_window_by_name(name).pos) for name in ("Controls", "Entities")}
    return app.view_rect, tuple(viewport.work_pos), tuple(viewport.work_size), panels


def test_rendering_text_from_the_window_leaves_its_panels_in_place(open_app) -> None:
    app = open_app(SCENES / "tnt_flat_ground.toml", size=(1280, 720))
    app.draw_frame()
    before = _layout(app)
    assert before[1][1] > 0          # the menu bar takes the top of the work area
    main = imgui.get_current_context()
    pixels = render_frame(app.ctx, app.sim, (320, 240), copy.deepcopy(app.controls.camera()),
                          parse_overlays("entities,trace,labels,gizmo"), caption="tick 0")
    assert imgui.get_current_context() == main and pixels.shape == (240, 320, 4)
    app.draw_frame()
    assert _layout(app) == before
