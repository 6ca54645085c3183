"""The ruler (the click tool *measure*): two points picked in the 3D view, each an entity (its position, followed as
it moves) or a block face (the face's centre on the plane the pointer hit: the top of a slab is y + 0.5), and
the distance between them with its components, as doubles and in whole blocks. Drawn over the 3D view as a line
with a label; Escape clears it. UI, not a mechanic: the points are read from the entity frame and the engine's
block raycast."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from imgui_bundle import imgui

from viewer.drawing.labels import draw_labels, project
from viewer.drawing.overlays import EntityFrame, Label
from viewer.drawing.picking import PICK_REACH, block_hit, first_box_entry

AXIS_OF_FACE = {"down": 1, "up": 1, "north": 2, "south": 2, "west": 0, "east": 0}
Point = tuple[float, float, float]
DOT_EM = 0.25            # the radius of an end's dot
LINE_WIDTH = 2.0         # pixels


@dataclass(frozen=True)
class RulerPoint:
    """A picked end: an entity (`entity` its id, `kind` its type) or a block face (`cell` and `face`, `kind` the
    block's full state), at `pos`."""

    pos: Point
    entity: int | None = None
    kind: str = ""                       # the entity's type, or the block's state
    cell: tuple[int, int, int] | None = None
    face: str = ""

    def name(self) -> str:
        if self.entity is not None:
            return f"#{self.entity} {self.kind.removeprefix('minecraft:')}"
        block = self.kind.removeprefix("minecraft:").split("[")[0]
        return f"{block} {self.cell} {self.face} face"


@dataclass(frozen=True)
class Measure:
    """From a to b: the components (b − a), the distance, and the whole blocks between their cells."""

    dx: float
    dy: float
    dz: float
    distance: float
    blocks: tuple[int, int, int]


def pick_ruler_end(state: Any, frame: EntityFrame, world: object, origin: np.ndarray, direction: np.ndarray) -> None:
    """A click of the measure tool: the first end, then the second (the status line gives the measure), then a new
    first end; a click on nothing says so."""
    end = pick_point(frame, world, origin, direction)
    if end is None:
        state.tell(f"measure: nothing under the pointer within {PICK_REACH:g} blocks (pick an entity or a block face)")
        return
    state.ruler = [end] if len(state.ruler) != 1 else [state.ruler[0], end]
    if len(state.ruler) == 1:
        state.tell(f"ruler: from {end.name()}: click the second point")
    else:
        state.tell(status_text(state.ruler, measure(*placed(state.ruler, frame))))


def clear_on_escape(state: Any) -> None:
    """Escape clears the ruler (unless a text field has the keyboard or a popup is open: Escape is theirs)."""
    if state.ruler and imgui.is_key_pressed(imgui.Key.escape) and not imgui.get_io().want_text_input and \
            not imgui.is_popup_open("", imgui.PopupFlags_.any_popup_id):
        state.ruler = []
        state.tell("ruler cleared")


def pick_point(frame: EntityFrame, world: object, origin: np.ndarray, direction: np.ndarray) -> RulerPoint | None:
    """The entity or the block face the ray meets first (within PICK_REACH), or None."""
    entered = first_box_entry(frame.lo, frame.hi, origin, direction)
    row, entity_t = entered if entered is not None else (None, math.inf)
    hit = block_hit(world, origin, direction)
    block_t = math.inf if hit.missed else float(np.linalg.norm(np.array(tuple(hit.pos)) - origin))
    if row is not None and entity_t <= block_t:
        return RulerPoint(tuple(float(c) for c in frame.pos[row]), int(frame.ids[row]), frame.types[row])
    if hit.missed:
        return None
    cell = tuple(int(c) for c in hit.block_pos)
    axis = AXIS_OF_FACE[hit.side]
    pos = [c + 0.5 for c in cell]
    pos[axis] = float(tuple(hit.pos)[axis])      # the plane of the face the pointer hit
    state = str(world.get_block_state(*cell))
    return RulerPoint((pos[0], pos[1], pos[2]), None, state, cell, hit.side)


def measure(a: Point, b: Point) -> Measure:
    dx, dy, dz = b[0] - a[0], b[1] - a[1], b[2] - a[2]
    cells = tuple(math.floor(q) - math.floor(p) for p, q in zip(a, b, strict=True))
    return Measure(dx, dy, dz, math.sqrt(dx * dx + dy * dy + dz * dz), cells)


def placed(points: list[RulerPoint], frame: EntityFrame) -> list[Point]:
    """Where the points are in the frame shown: an entity's where it is now (where it was last, once gone)."""
    out = []
    for p in points:
        row = frame.row(p.entity) if p.entity is not None else None
        out.append(tuple(float(c) for c in frame.pos[row]) if row is not None else p.pos)
    return out


def short(value: float) -> str:
    """At most four decimals, no trailing zeros: the label's form (the status line gives the doubles)."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("0", "-0") else text


def label_text(m: Measure) -> str:
    return f"{short(m.distance)} (dx {short(m.dx)}, dy {short(m.dy)}, dz {short(m.dz)})"


def status_text(points: list[RulerPoint], m: Measure) -> str:
    """The status line: both ends, the distance and components as the trace prints doubles, and the blocks."""
    bx, by, bz = m.blocks
    return (f"ruler: {points[0].name()} to {points[1].name()}: {m.distance!r} (dx {m.dx!r}, dy {m.dy!r}, "
            f"dz {m.dz!r}; blocks {bx} {by} {bz})")


def ruler_label(ends: list[Point], color: tuple[int, int, int, int]) -> Label | None:
    """The measure's label, beside the second end (the line stays uncovered); None before the second end."""
    if len(ends) != 2:
        return None
    return Label(ends[1], label_text(measure(*ends)), color)


def draw_ruler(draw_list: imgui.ImDrawList, ends: list[Point], view: np.ndarray, proj: np.ndarray,
               size: tuple[float, float], origin: tuple[float, float], color: tuple[int, int, int, int]) -> None:
    """Over the 3D view, never hidden by blocks (a measure along a floor lies in its top face): a dot at each end,
    the line between them, its label beside the second end."""
    screen = project(np.array(ends, dtype=np.float64), view, proj, size)
    col = imgui.IM_COL32(*color[:3], 255)
    dots = [imgui.ImVec2(float(x) + origin[0], float(y) + origin[1]) for x, y in screen if np.isfinite(x + y)]
    for dot in dots:
        draw_list.add_circle_filled(dot, imgui.get_font_size() * DOT_EM, col)
    if len(dots) == 2:
        draw_list.add_line(dots[0], dots[1], col, LINE_WIDTH)
    label = ruler_label(ends, color)
    if label is not None:
        draw_labels(draw_list, [label], view, proj, size, origin)
