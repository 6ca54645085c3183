"""The block under the pointer (viewer/block_hover.py): resting the pointer on a block of the 3D view shows its
full state, its cell and face and its collision boxes as a tooltip, and outlines those boxes in the 3D view; nothing
over a panel or with the toggle off."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from imgui_bundle import imgui
from ui_driver import on_screen, send

from viewer.block_hover import HoveredBlock, front_edges, hover_text, outline_segments
from viewer.drawing.screenshots import read_screen

SLAB_TOP = (2.5, 1.5, 2.5)           # the middle of the top of the bottom slab at (2, 1, 2)
REPEATER = {"blocks": [{"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"},
                       {"at": [1, 1, 0], "block": "minecraft:repeater[delay=2,facing=east]"}]}


def hover(app, point) -> None:
    x, y = on_screen(app, point)
    send(app, "on_mouse_motion", x, app.window.height - y, 0, 0)
    app.draw_frame()


def test_hovering_the_slab_gives_its_state_cell_and_box(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    hover(app, SLAB_TOP)
    block = app.block_hover.block
    assert (block.cell, block.face) == ((2, 1, 2), "up")
    assert block.state == "minecraft:oak_slab[type=bottom,waterlogged=false]"
    assert block.boxes == ((0.0, 0.0, 0.0, 1.0, 0.5, 1.0),)
    assert hover_text(block) == ("minecraft:oak_slab[type=bottom,waterlogged=false]\n"
                                 "at 2, 1, 2 (pointer on its up face)\n"
                                 "collision x 0.0..1.0, y 0.0..0.5, z 0.0..1.0")
    assert imgui.internal.find_window_by_name("##Tooltip_00").active


def test_a_repeater_shows_every_property(open_app, write_scene, scene_text) -> None:
    """The state a scene wrote with two properties reads back with all four, in the table's order."""
    app = open_app(write_scene(scene_text(**REPEATER)))
    hover(app, (1.5, 1.125, 0.5))
    assert app.block_hover.block.state == "minecraft:repeater[delay=2,facing=east,locked=false,powered=false]"
    assert app.block_hover.block.boxes == ((0.0, 0.0, 0.0, 1.0, 0.125, 1.0),)


def test_no_block_over_a_panel_or_with_the_toggle_off(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    app.state.show_block_hover = False
    hover(app, SLAB_TOP)
    assert app.block_hover.block is None
    app.state.show_block_hover = True
    send(app, "on_mouse_motion", 5, app.window.height - 60, 0, 0)   # over the Controls panel
    app.draw_frame()
    assert app.block_hover.block is None


def _outline_pixels(app, ends) -> int:
    """How many pixels of the outline's colour lie within 2 px of the middle of the edge between `ends`."""
    (ax, ay), (bx, by) = (on_screen(app, p) for p in ends)
    x, y = round((ax + bx) / 2), round((ay + by) / 2)
    pixels = read_screen(app.ctx, app.window.get_framebuffer_size())[y - 2:y + 3, x - 2:x + 3]
    return int((pixels == app.palette.ui["hovered_block"][:3]).all(axis=2).sum())


def test_the_hovered_slab_is_outlined_at_its_collision_box(open_app, flat_scene: Path) -> None:
    """The slab's box (y 1.0 to 1.5) has 12 edges; its top front edge is drawn in the outline colour over the 3D
    view, and is gone with the toggle off (the slab's own colour there)."""
    app = open_app(flat_scene)
    hover(app, SLAB_TOP)
    segments = outline_segments(app.block_hover.block)
    assert segments.shape == (12, 2, 3)
    assert segments.reshape(-1, 3).min(axis=0).tolist() == [2.0, 1.0, 2.0]
    assert segments.reshape(-1, 3).max(axis=0).tolist() == [3.0, 1.5, 3.0]
    edge = ((2.0, 1.5, 3.0), (3.0, 1.5, 3.0))
    assert _outline_pixels(app, edge) >= 3
    app.state.show_block_hover = False
    app.draw_frame()
    assert _outline_pixels(app, edge) == 0


def test_a_floor_block_shows_only_its_top_square() -> None:
    """A stone of a floor (full cubes on its four sides and below) seen from above and in front: only the four
    edges of its top face are drawn; alone, the edges of its front and right faces are drawn too (9 of 12)."""
    floor = HoveredBlock((0, 0, 0), "up", "minecraft:stone", ((0.0, 0.0, 0.0, 1.0, 1.0, 1.0),),
                         (True, True, True, False, True, True))
    eye = np.array([3.5, 10.0, 6.0])
    edges = outline_segments(floor)[front_edges(floor, eye)]
    assert len(edges) == 4 and (edges[:, :, 1] == 1.0).all()
    alone = HoveredBlock((0, 0, 0), "up", "minecraft:stone", ((0.0, 0.0, 0.0, 1.0, 1.0, 1.0),))
    assert int(front_edges(alone, eye).sum()) == 9
