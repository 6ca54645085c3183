"""The window's frame fills each panel pixel once: the dock space draws no background of its own under the
docked panels (the frame clears that area to the same colour), and nothing of the 3D background shows there."""

from __future__ import annotations

import ctypes
from pathlib import Path

import numpy as np
import pytest
from imgui_bundle import imgui

from viewer import app as app_module
from viewer.drawing.screenshots import read_screen
from viewer.gl.imgui_renderer import MENU_BAR_LIST, VERTEX_DTYPE, Cleared, hidden_backgrounds
from viewer.panels.layout import panel_color

SIZE = (1280, 720)


def arrays(draw_list: imgui.ImDrawList) -> tuple[np.ndarray, np.ndarray]:
    vertices = np.frombuffer(ctypes.string_at(draw_list.vtx_buffer.data_address(),
                                              draw_list.vtx_buffer.size() * imgui.VERTEX_SIZE), dtype=VERTEX_DTYPE)
    indices = np.frombuffer(ctypes.string_at(draw_list.idx_buffer.data_address(),
                                             draw_list.idx_buffer.size() * imgui.INDEX_SIZE), dtype="<u4")
    return vertices, indices


def covered_area(vertices: np.ndarray, indices: np.ndarray) -> float:
    """Pixels covered by triangles, overlaps counted as often as drawn."""
    a, b, c = (vertices["pos"][indices[k::3]].astype(np.float64) for k in range(3))
    twice = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (c[:, 0] - a[:, 0]) * (b[:, 1] - a[:, 1])
    return float(np.abs(twice).sum() / 2)


def test_panel_backgrounds_are_drawn_once(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene, SIZE)
    rect = app.view_rect
    around_view = SIZE[0] * SIZE[1] - rect.width * rect.height
    hosts = [d for d in imgui.get_draw_data().cmd_lists if d._owner_name.startswith("WindowOverViewport")]
    assert len(hosts) == 1
    vertices, indices = arrays(hosts[0])
    # Before: the dock space's own background and the docked panels' backgrounds, each over all of it (2x).
    assert covered_area(vertices, indices) < 1.25 * around_view
    # The panels' backgrounds are left to the clear: most of the rest (not the menu bar), none inside the view.
    view = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
    pixels = (int(rect.x), int(SIZE[1] - rect.y - rect.height), int(rect.width), int(rect.height))
    skip = hidden_backgrounds(vertices, indices, Cleared(view, panel_color(), pixels))
    assert covered_area(vertices, indices[:skip]) > 0.75 * around_view
    assert skip < len(indices)
    assert hidden_backgrounds(vertices, indices, Cleared((0.0, 0.0, *SIZE), panel_color(), (0, 0, *SIZE))) == 0
    (menu,) = [d for d in imgui.get_draw_data().cmd_lists if d._owner_name == MENU_BAR_LIST]
    vertices, indices = arrays(menu)
    skip = hidden_backgrounds(vertices, indices, Cleared(view, panel_color(), pixels))
    assert covered_area(vertices, indices[:skip]) == SIZE[0] * rect.y, "the menu bar's own background"


def test_the_panels_do_not_show_the_3d_background(open_app, flat_scene: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything outside the 3D view, the separators between panels included, is drawn over the panel colour:
    a different 3D background changes the view only (also in the frames where ImGui docks the panels, which
    draw the 3D view again in its new place)."""
    monkeypatch.setattr(app_module, "FRAME_TIME_PERIOD_S", 1e9)  # the frame time shown beside the timeline stays
    app = open_app(flat_scene, SIZE)
    while app._meshing:   # a loaded machine meshes the floor over two frames: the triangle count would change
        app.draw_frame()
    app.draw_frame()      # (the count beside the timeline is the last frame's)
    rect = app.view_rect
    x0, y0, x1, y1 = int(rect.x), int(rect.y), int(rect.x + rect.width), int(rect.y + rect.height)
    before = read_screen(app.ctx, SIZE).copy()
    monkeypatch.setitem(app.scene.palette.ui, "background", (255, 0, 255, 255))  # the palette is shared
    app.draw_frame()
    after = read_screen(app.ctx, SIZE)
    outside = np.ones(SIZE[::-1], dtype=bool)
    outside[y0:y1, x0:x1] = False
    assert np.array_equal(before[outside], after[outside])
    assert not np.array_equal(before[y0 + 2, x0 + 2], after[y0 + 2, x0 + 2])

