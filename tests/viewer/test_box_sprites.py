"""Small entity boxes are drawn as sprites (box_lines.glsl, SPRITES) that light the pixels their 12 edges
would: the picture matches the one-pixel line wireframes, and each box is drawn once (by lines or by sprite)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.viewer.conftest import draw_until_meshed
from viewer.drawing import scene_renderer
from viewer.drawing.screenshots import read_screen

SIZE = (960, 600)
HALF_RED = (230, 40, 40, 128)  # translucent: a box drawn twice would show darker edges


@pytest.fixture
def box_field(write_scene: Callable[[str], Path]) -> Path:
    """TNT, items and arrows on a floor, from a few pixels to tens of pixels on screen."""
    entities = [f'[[entities]]\ntype = "minecraft:{kind}"\npos = [{1.5 + 3 * i}, 1.0, {1.5 + 2.5 * j}]\n'
                for i in range(10) for j, kind in enumerate(("tnt", "item", "arrow", "tnt", "tnt", "tnt"))]
    return write_scene('[[blocks]]\nfrom = [0, 0, 0]\nto = [30, 0, 16]\nblock = "minecraft:stone"\n\n'
                       + "\n".join(entities))


def opened(open_app, scene: Path):
    """The app on `scene`, its floor meshed: the two pictures compared differ in their boxes only."""
    app = open_app(scene, SIZE)
    draw_until_meshed(app)
    return app


def view_pixels(app, monkeypatch: pytest.MonkeyPatch, limit: float) -> np.ndarray:
    monkeypatch.setattr(scene_renderer, "SPRITE_LIMIT", limit)
    app.draw_frame()
    r = app.view_rect
    return read_screen(app.ctx, SIZE)[int(r.y):int(r.y + r.height), int(r.x):int(r.x + r.width)].copy()


def test_sprites_light_the_pixels_of_the_wireframe(open_app, box_field: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = opened(open_app, box_field)
    monkeypatch.setitem(app.palette.entities, "minecraft:tnt", HALF_RED)  # the palette is shared: restored after
    monkeypatch.setitem(app.palette.entities, "default", HALF_RED)
    app._overlay_key = None  # rebuild the overlays in the new colours
    lines = view_pixels(app, monkeypatch, 0.0)
    sprites = view_pixels(app, monkeypatch, scene_renderer.SPRITE_LIMIT)
    box_pixels = int((lines[..., 0] > lines[..., 1] + 40).sum())  # reddish: the boxes' edges
    assert box_pixels > 2000
    differ = int(np.any(lines != sprites, axis=2).sum())
    assert differ < 0.03 * box_pixels, f"{differ} of {box_pixels} box pixels differ"


def test_all_sprites_and_all_lines_draw_the_same_boxes(open_app, box_field: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With a huge limit every box inside the view is a sprite, with none every box is lines: the same boxes
    (ties on diagonal edges aside: a pixel whose centre is as near one edge as the next)."""
    app = opened(open_app, box_field)
    lines = view_pixels(app, monkeypatch, 0.0)
    sprites = view_pixels(app, monkeypatch, 1000.0)
    red = [int((image[..., 0] > image[..., 1] + 40).sum()) for image in (lines, sprites)]
    assert abs(red[0] - red[1]) < 0.02 * red[0]
    assert int(np.any(lines != sprites, axis=2).sum()) < 0.08 * red[0]
