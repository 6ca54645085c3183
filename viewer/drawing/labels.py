"""Text over the 3D view, drawn with ImGui: trace labels at the screen position of their world point,
and the letters of the axis gizmo. Projection only places text; it computes nothing about the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np
from imgui_bundle import imgui

from viewer.drawing.overlays import Label
from viewer.drawing.palette import Palette, lightened, luminance
from viewer.drawing.scene_renderer import GIZMO_EXTENT

LABEL_CELL = 32.0       # pixels: the width of the grid columns that find labels near one another
MAX_LABEL_SHIFT = 4     # lines a label moves down at most (past that, a crowded label is left out)
LABEL_BACKDROP = (12, 14, 20, 200)   # under each label: it reads over blocks, sample points and sky alike
LABEL_PADDING = 2.0                   # pixels of backdrop left and right of a label's text
CLOCK_RADIUS = 0.38                   # a label's clock icon: its radius in text lines
WCAG_AA = 4.5                         # contrast ratio of normal text
# the lightest the backdrop gets: over a white block
BACKDROP_OVER_WHITE = tuple(round(c * LABEL_BACKDROP[3] / 255 + 255 * (1 - LABEL_BACKDROP[3] / 255))
                            for c in LABEL_BACKDROP[:3])


def project(points: np.ndarray, view: np.ndarray, proj: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Screen pixels (x right, y down) of world points (n, 3); rows behind the eye are NaN."""
    homogeneous = _clip(points, view, proj)
    w = homogeneous[:, 3:4]
    ndc = np.where(w > 1e-9, homogeneous[:, :2] / np.where(w > 1e-9, w, 1.0), np.nan)
    width, height = size
    return np.stack([(ndc[:, 0] + 1.0) * 0.5 * width, (1.0 - ndc[:, 1]) * 0.5 * height], axis=1)


def block_pixels(points: np.ndarray, view: np.ndarray, proj: np.ndarray, height: int) -> np.ndarray:
    """How many pixels one block spans on screen at each world point (n, 3) (0 behind the eye): a perspective
    view's scale shrinks with the distance (clip w), an orthographic one's is the same everywhere (w = 1)."""
    w = _clip(points, view, proj)[:, 3]
    return np.where(w > 1e-9, float(proj[1, 1]) * 0.5 * height / np.where(w > 1e-9, w, 1.0), 0.0)


def _clip(points: np.ndarray, view: np.ndarray, proj: np.ndarray) -> np.ndarray:
    return np.hstack([points, np.ones((len(points), 1))]) @ view.astype(np.float64) @ proj.astype(np.float64)


def draw_labels(draw_list: imgui.ImDrawList, labels: Iterable[Label], view: np.ndarray, proj: np.ndarray,
                size: tuple[int, int], origin: tuple[float, float] = (0.0, 0.0)) -> None:
    """Each label's text just right of its anchor point, in a view of `size` whose top left is at `origin`; a text
    that would cover one drawn before it moves down, or is left out in a crowd (`label_shifts`)."""
    labels = list(labels)
    if not labels:
        return
    anchors = np.array([label.p for label in labels])
    screen = project(anchors, view, proj, size)
    scale = block_pixels(anchors, view, proj, size[1])
    shown = [(label, float(x) + origin[0] + 4.0, float(y) + origin[1] - 7.0)
             for label, (x, y), pixels in zip(labels, screen, scale, strict=True)
             if np.isfinite(x) and np.isfinite(y) and pixels >= label.min_pixels]
    line = imgui.get_text_line_height()
    widths = [imgui.calc_text_size(label.text).x + (line if label.icon else 0.0) for label, _, _ in shown]
    shifts = label_shifts([(left, top, width) for (_, left, top), width in zip(shown, widths, strict=True)], line)
    pad = LABEL_PADDING
    for (label, left, top), width, shift in zip(shown, widths, shifts, strict=True):
        if shift is None:
            continue
        y = top + shift * line
        draw_list.add_rect_filled((left - pad, y), (left + width + pad, y + line), imgui.IM_COL32(*LABEL_BACKDROP))
        r, g, b = readable(label.color[:3])
        text_left = left
        if label.icon == "clock":
            draw_clock(draw_list, (left + line / 2, y + line / 2), line, imgui.IM_COL32(r, g, b, 255))
            text_left += line
        draw_list.add_text((text_left, y), imgui.IM_COL32(r, g, b, 255), label.text)


def draw_clock(draw_list: imgui.ImDrawList, center: tuple[float, float], line: float, color: int) -> None:
    """A clock face one text line high: a ring and two hands (a pending scheduled tick)."""
    x, y = center
    radius = line * CLOCK_RADIUS
    draw_list.add_circle((x, y), radius, color, 0, 1.5)
    draw_list.add_line((x, y), (x, y - radius * 0.75), color, 1.5)
    draw_list.add_line((x, y), (x + radius * 0.55, y), color, 1.5)


def readable(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """`rgb` lightened until it reads at WCAG AA (4.5:1) on the label backdrop over any background: the backdrop
    over white is the lightest it gets."""
    return _readable(tuple(int(c) for c in rgb))


@cache
def _readable(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """`readable`, once per colour: labels are drawn every frame, in a few colours."""
    return lightened(rgb, luminance(BACKDROP_OVER_WHITE), WCAG_AA)


def label_shifts(texts: list[tuple[float, float, float]], line: float) -> list[int | None]:
    """For texts (left, top, width in pixels; one `line` high) in drawing order, the lines each moves down so that
    it covers none drawn before it (short vectors of one stage end close together: an input, a jump kick and the
    slipperiness beside them); None for a text that would still cover one MAX_LABEL_SHIFT lines down (twelve
    explosions' labels on one entity): left out, as overlapping texts read as neither (the panels list them)."""
    cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}   # placed texts by grid cell

    def keys(r: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        return [(c, w) for c in range(int(r[0] // LABEL_CELL), int(r[1] // LABEL_CELL) + 1)
                for w in range(int(r[2] // line), int(r[3] // line) + 1)]

    def covers(r: tuple[float, float, float, float]) -> bool:
        return any(o[0] < r[1] and r[0] < o[1] and o[2] < r[3] and r[2] < o[3]
                   for k in keys(r) for o in cells.get(k, ()))

    shifts: list[int | None] = []
    for left, top, width in texts:
        shift = next((s for s in range(MAX_LABEL_SHIFT + 1)
                      if not covers((left, left + width, top + s * line, top + (s + 1) * line))), None)
        if shift is not None:
            rect = (left, left + width, top + shift * line, top + (shift + 1) * line)
            for k in keys(rect):
                cells.setdefault(k, []).append(rect)
        shifts.append(shift)
    return shifts


def draw_gizmo_letters(draw_list: imgui.ImDrawList, view: np.ndarray, gizmo_size: int, corner: tuple[float, float],
                       palette: Palette) -> None:
    """'X', 'Y', 'Z' at the tips of the gizmo axes (the gizmo sits in the view's bottom-left `corner`)."""
    rotation = view.astype(np.float64)[:3, :3]
    for axis, (name, key) in enumerate((("X", "axis_x"), ("Y", "axis_y"), ("Z", "axis_z"))):
        tip = np.zeros(3)
        tip[axis] = 1.0
        sx, sy = (tip @ rotation)[:2] / GIZMO_EXTENT
        x = corner[0] + (sx + 1.0) * 0.5 * gizmo_size
        y = corner[1] - (sy + 1.0) * 0.5 * gizmo_size
        r, g, b, _ = palette.ui[key]
        draw_list.add_text((float(x) - 3.0, float(y) - 7.0), imgui.IM_COL32(r, g, b, 255), name)


CARD_PADDING_EM = 0.4
CARD_BACKGROUND = (0, 0, 0, 170)


def draw_caption_card(draw_list: imgui.ImDrawList, corner: tuple[float, float], caption: str,
                      legend: list[tuple[str, tuple[int, int, int, int]]]) -> None:
    """A caption line and, under it, a swatch and name per legend entry, on a dark card whose top left is at
    `corner`: what a screenshot of the 3D view needs to be read on its own."""
    pad = imgui.get_font_size() * CARD_PADDING_EM
    line = imgui.get_text_line_height_with_spacing()
    width = max([imgui.calc_text_size(caption).x, *(imgui.calc_text_size(name).x + line for name, _ in legend)])
    x, y = corner
    text_height = imgui.calc_text_size(caption).y
    bottom = y + 2 * pad + text_height + (line * len(legend) + pad if legend else 0.0)
    draw_list.add_rect_filled((x, y), (x + width + 2 * pad, bottom), imgui.IM_COL32(*CARD_BACKGROUND))
    draw_list.add_text((x + pad, y + pad), imgui.IM_COL32(255, 255, 255, 255), caption)
    size = imgui.get_font_size() * 0.8
    for i, (name, (r, g, b, a)) in enumerate(legend):
        top = y + 2 * pad + text_height + i * line
        draw_list.add_rect_filled((x + pad, top + 1), (x + pad + size, top + 1 + size),
                                  imgui.IM_COL32(r, g, b, max(a, 128)))
        draw_list.add_text((x + pad + line, top), imgui.IM_COL32(230, 230, 230, 255), name)
