"""What the Analysis tools draw in the 3D view (issue 13): the closed-form path of the selected entity beside the
simulated one, with the tick where they part marked, and the other version's entities as translucent ghosts.
Every position comes from engine.analysis (formulas.overlay_from, diff.VersionGhost); this module only draws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from viewer.drawing.overlays import OverlayBuilder
from viewer.drawing.palette import RGBA

if TYPE_CHECKING:
    from engine import FormulaOverlay

GHOST_ALPHA = 90        # 0-255: the other version's boxes are filled this opaque, outlined in full colour


def add_formula_path(builder: OverlayBuilder, overlay: FormulaOverlay, simulated: dict[int, Sequence[float]],
                     color: RGBA, diverge_color: RGBA) -> None:
    """The predicted positions as a polyline with a point per tick; the simulated position at the first tick
    that leaves the closed form gets a point and a label."""
    path = np.array([p for p, _ in overlay.predicted], dtype=np.float64).reshape(-1, 3)
    colors = np.array(color, dtype=np.uint8)
    if len(path) > 1:
        builder.segments(path[:-1], path[1:], colors)
    builder.points(path, colors)
    if overlay.diverges_at is not None and overlay.diverges_at in simulated:
        at = simulated[overlay.diverges_at]
        builder.point(at, diverge_color)
        builder.label(at, f"formula parts at gt {overlay.diverges_at}", diverge_color)


def add_ghosts(builder: OverlayBuilder, boxes: Sequence[tuple[Sequence[float], Sequence[float]]],
               color: RGBA) -> None:
    """Each box lo..hi as translucent faces under a solid outline."""
    faint = (color[0], color[1], color[2], GHOST_ALPHA)
    for lo, hi in boxes:
        builder.fill(lo, hi, faint)
        builder.box(lo, hi, color)
