"""Overlay geometry: entities and trace primitives turned into line, point and label lists (numpy, no GL).

Nothing here computes a mechanic: entity boxes, positions and motion are read from the engine's entities,
and every trace primitive is drawn exactly where the engine put it, styled by its role (palette `roles`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from viewer.palette import RGBA, Palette

SEGMENT_DTYPE = np.dtype([("in_start", "<f4", 3), ("in_end", "<f4", 3), ("in_color", "u1", 4), ("in_dash", "<f4")])
POINT_DTYPE = np.dtype([("in_position", "<f4", 3), ("in_color", "u1", 4)])

CELL_INSET = 0.01        # checked/raycast cells are drawn this much inside the block, off its faces
CIRCLE_SEGMENTS = 48     # a sphere primitive is drawn as three great circles
EYE_RING_HALF = 0.15     # half size of the square marking an entity's eye height, in blocks
# The 12 edges of a box as pairs of corner indices; corner i has x = bit 0, y = bit 1, z = bit 2.
BOX_EDGE_STARTS = np.array([0, 2, 4, 6, 0, 1, 4, 5, 0, 1, 2, 3])
BOX_EDGE_ENDS = np.array([1, 3, 5, 7, 2, 3, 6, 7, 4, 5, 6, 7])
_CORNER_BITS = np.array([[(i >> a) & 1 for a in range(3)] for i in range(8)], dtype=bool)

Vec = Sequence[float]


@dataclass
class Label:
    """Text anchored at a world point (drawn by ImGui over the 3D view)."""

    p: tuple[float, float, float]
    text: str
    color: RGBA


@dataclass
class Overlay:
    """Everything an overlay pass draws: segments (SEGMENT_DTYPE rows), point vertices and labels."""

    segments: np.ndarray
    points: np.ndarray
    labels: list[Label]


@dataclass
class OverlayBuilder:
    """Collects segments, boxes, points and labels, then packs them into one `Overlay`."""

    _seg: list[tuple[Vec, Vec, RGBA, bool]] = field(default_factory=list)
    _box_lo: list[Vec] = field(default_factory=list)
    _box_hi: list[Vec] = field(default_factory=list)
    _box_style: list[tuple[RGBA, bool]] = field(default_factory=list)
    _points: list[tuple[Vec, RGBA]] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)

    def segment(self, a: Vec, b: Vec, color: RGBA, dashed: bool = False) -> None:
        self._seg.append((a, b, color, dashed))

    def box(self, lo: Vec, hi: Vec, color: RGBA, dashed: bool = False) -> None:
        self._box_lo.append(lo)
        self._box_hi.append(hi)
        self._box_style.append((color, dashed))

    def point(self, p: Vec, color: RGBA) -> None:
        self._points.append((p, color))

    def label(self, p: Vec, text: str, color: RGBA) -> None:
        self.labels.append(Label((float(p[0]), float(p[1]), float(p[2])), text, color))

    def circle(self, center: Vec, radius: float, axis: int, color: RGBA) -> None:
        """A circle around `center` in the plane normal to `axis`."""
        angles = np.linspace(0.0, 2.0 * math.pi, CIRCLE_SEGMENTS + 1)
        u, v = (axis + 1) % 3, (axis + 2) % 3
        ring = np.tile(np.asarray(center, dtype=np.float64), (CIRCLE_SEGMENTS + 1, 1))
        ring[:, u] += radius * np.cos(angles)
        ring[:, v] += radius * np.sin(angles)
        for a, b in zip(ring[:-1], ring[1:], strict=True):
            self.segment(a, b, color)

    def build(self) -> Overlay:
        segments = [self._segments_array()]
        if self._box_lo:
            segments.append(box_edge_segments(np.asarray(self._box_lo, dtype=np.float64),
                                           np.asarray(self._box_hi, dtype=np.float64),
                                           np.array([c for c, _ in self._box_style], dtype=np.uint8),
                                           np.array([d for _, d in self._box_style], dtype=bool)))
        points = np.empty(len(self._points), dtype=POINT_DTYPE)
        if self._points:
            points["in_position"] = [p for p, _ in self._points]
            points["in_color"] = [c for _, c in self._points]
        return Overlay(np.concatenate(segments), points, list(self.labels))

    def _segments_array(self) -> np.ndarray:
        out = np.empty(len(self._seg), dtype=SEGMENT_DTYPE)
        if self._seg:
            out["in_start"] = [a for a, _, _, _ in self._seg]
            out["in_end"] = [b for _, b, _, _ in self._seg]
            out["in_color"] = [c for _, _, c, _ in self._seg]
            out["in_dash"] = [float(d) for _, _, _, d in self._seg]
        return out


def box_edge_segments(lo: np.ndarray, hi: np.ndarray, colors: np.ndarray, dashed: np.ndarray) -> np.ndarray:
    """The 12 edges of each box lo..hi (n, 3) as segments, one colour (n, 4) per box."""
    corners = np.where(_CORNER_BITS[None, :, :], hi[:, None, :], lo[:, None, :])  # (n, 8, 3)
    edges = len(BOX_EDGE_STARTS)
    out = np.empty(len(lo) * edges, dtype=SEGMENT_DTYPE)
    out["in_start"] = corners[:, BOX_EDGE_STARTS, :].reshape(-1, 3)
    out["in_end"] = corners[:, BOX_EDGE_ENDS, :].reshape(-1, 3)
    out["in_color"] = np.repeat(colors, edges, axis=0)
    out["in_dash"] = np.repeat(dashed.astype(np.float32), edges)
    return out


def add_entities(builder: OverlayBuilder, entities: Iterable[Any], palette: Palette,
                 selected: int | None = None) -> None:
    """Each live entity: its AABB, position point, eye-height square and motion vector (one tick long)."""
    point_color = palette.ui["entity_point"]
    motion_color = palette.ui["motion"]
    eye_color = palette.ui["eye_line"]
    for entity in entities:
        if entity.removed:
            continue
        b = entity.box
        color = palette.ui["selected"] if entity.id == selected else palette.entity_color(entity.type)
        builder.box((b.min_x, b.min_y, b.min_z), (b.max_x, b.max_y, b.max_z), color)
        p = entity.pos
        builder.point(p, point_color)
        eye_y = p.y + entity.eye_height
        builder.box((p.x - EYE_RING_HALF, eye_y, p.z - EYE_RING_HALF),
                    (p.x + EYE_RING_HALF, eye_y, p.z + EYE_RING_HALF), eye_color)
        m = entity.motion
        if m.x or m.y or m.z:
            builder.segment(p, (p.x + m.x, p.y + m.y, p.z + m.z), motion_color)


def add_geometry(builder: OverlayBuilder, primitives: Iterable[dict[str, Any]], palette: Palette) -> None:
    """Trace primitives (interfaces.md "Stage records") drawn by kind, coloured by role."""
    for prim in primitives:
        color = palette.role_color(prim["role"])
        kind = prim["kind"]
        if kind == "segment":
            clipped = prim.get("clipped_to")
            if clipped is None:
                builder.segment(prim["a"], prim["b"], color)
            else:  # the part moved, then the blocked remainder dashed
                builder.segment(prim["a"], clipped, color)
                builder.segment(clipped, prim["b"], color, dashed=True)
                builder.point(clipped, color)
        elif kind == "box":
            builder.box(prim["min"], prim["max"], color)
        elif kind == "cell":
            x, y, z = prim["pos"]
            builder.box((x + CELL_INSET, y + CELL_INSET, z + CELL_INSET),
                        (x + 1 - CELL_INSET, y + 1 - CELL_INSET, z + 1 - CELL_INSET), color)
            if "order" in prim:
                builder.label((x + 0.5, y + 0.5, z + 0.5), str(prim["order"]), color)
        elif kind == "point":
            builder.point(prim["p"], color)
        elif kind == "sphere":
            for axis in range(3):
                builder.circle(prim["center"], prim["radius"], axis, color)
        elif kind == "label":
            builder.point(prim["p"], color)
            builder.label(prim["p"], str(prim["text"]), color)
        else:
            raise ValueError(f"trace primitive of unknown kind {kind!r} (role {prim['role']!r})")


def stage_geometry(record: Any, entity_id: int | None = None) -> list[dict[str, Any]]:
    """Every geometry primitive of a TickRecord's stages (children included, in the order they ran),
    for one entity or for all."""
    prims: list[dict[str, Any]] = []
    if record is None:
        return prims
    for phase in record.phases:
        for item in phase.items:
            if entity_id is not None and getattr(item, "entity_id", None) != entity_id:
                continue
            for stage in getattr(item, "stages", ()):
                for sub in stage.walk():
                    prims.extend(sub.geometry)
    return prims
