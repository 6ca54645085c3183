"""Overlay geometry: entities and trace primitives turned into line, point and label lists (numpy, no GL).

Nothing here computes a mechanic: entity boxes, positions and motion are read from the engine's entities,
and every trace primitive is drawn exactly where the engine put it, styled by its role (palette `roles`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from viewer.drawing.meshing import SECTION as SECTION_SIZE
from viewer.drawing.meshing import MeshData, box_faces
from viewer.drawing.palette import RGBA, Palette

SEGMENT_DTYPE = np.dtype([("in_start", "<f4", 3), ("in_end", "<f4", 3), ("in_color", "u1", 4), ("in_dash", "<f4")])
POINT_DTYPE = np.dtype([("in_position", "<f4", 3), ("in_color", "u1", 4)])
# One row per box: its corners and colour, and a dot drawn with it (an entity's position point; alpha 0: none).
BOX_DTYPE = np.dtype([("in_min", "<f4", 3), ("in_max", "<f4", 3), ("in_color", "u1", 4), ("in_dot", "<f4", 3),
                      ("in_dot_color", "u1", 4)])

CELL_INSET = 0.01        # checked/raycast cells are drawn this much inside the block, off its faces
NODE_TILE_HEIGHT = 0.125  # a path-search node is drawn as a tile this high on the floor of its cell
OPEN_TILE_SHARE = 0.45    # an open node's tile is drawn at this share of its type colour's opacity
CLOSED_TILE_ALPHA = 200   # a closed node's tile: its type colour at this alpha (0-255)
CIRCLE_SEGMENTS = 48     # a sphere primitive is drawn as three great circles
EYE_CROSS_FRACTION = 0.3  # the eye-height cross reaches this fraction of the box width each way from the centre
DETAIL_LIMIT = 500        # more entities than this: eye cross and motion vector for the selected one only
# The 12 edges of a box as pairs of corner indices; corner i has x = bit 0, y = bit 1, z = bit 2.
BOX_EDGE_STARTS = np.array([0, 2, 4, 6, 0, 1, 4, 5, 0, 1, 2, 3])
BOX_EDGE_ENDS = np.array([1, 3, 5, 7, 2, 3, 6, 7, 4, 5, 6, 7])
_CORNER_BITS = np.array([[(i >> a) & 1 for a in range(3)] for i in range(8)], dtype=bool)

Vec = Sequence[float]


@dataclass
class Label:
    """Text anchored at a world point (drawn by ImGui over the 3D view); `icon` ("clock") is drawn before the text;
    a label with `min_pixels` shows only where a block at its anchor spans at least that many pixels (zoomed in)."""

    p: tuple[float, float, float]
    text: str
    color: RGBA
    icon: str = ""
    min_pixels: float = 0.0


def _empty(dtype: np.dtype) -> np.ndarray:
    return np.empty(0, dtype=dtype)


@dataclass
class Overlay:
    """Everything an overlay pass draws: segments (SEGMENT_DTYPE rows), point vertices and labels; `thin`
    segments always drawn one pixel wide; `boxes` (BOX_DTYPE) drawn as wireframes, each with its dot;
    `fills` translucent faces (volumes such as a B36's sweep, moving blocks)."""

    segments: np.ndarray
    points: np.ndarray
    labels: list[Label]
    thin: np.ndarray = field(default_factory=lambda: _empty(SEGMENT_DTYPE))
    boxes: np.ndarray = field(default_factory=lambda: _empty(BOX_DTYPE))
    fills: MeshData = field(default_factory=lambda: box_faces(np.empty((0, 3)), np.empty((0, 3)),
                                                              np.empty((0, 4), dtype=np.uint8)))


@dataclass
class OverlayBuilder:
    """Collects segments, boxes, points and labels (one at a time or as numpy arrays), then packs them into
    one `Overlay`. Box arrays and point arrays lose exact repeats (a stack of TNT is one box on screen)."""

    _seg: list[tuple[Vec, Vec, RGBA, bool]] = field(default_factory=list)
    _thin: list[tuple[Vec, Vec, RGBA]] = field(default_factory=list)
    _box_lo: list[Vec] = field(default_factory=list)
    _box_hi: list[Vec] = field(default_factory=list)
    _box_style: list[tuple[RGBA, bool]] = field(default_factory=list)
    _points: list[tuple[Vec, RGBA]] = field(default_factory=list)
    _fills: list[tuple[Vec, Vec, RGBA]] = field(default_factory=list)
    _seg_arrays: list[np.ndarray] = field(default_factory=list)
    _point_arrays: list[np.ndarray] = field(default_factory=list)
    _box_arrays: list[np.ndarray] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)

    def segment(self, a: Vec, b: Vec, color: RGBA, dashed: bool = False) -> None:
        self._seg.append((a, b, color, dashed))

    def thin_segment(self, a: Vec, b: Vec, color: RGBA) -> None:
        """A one-pixel segment, in every layer (many rays stay cheap and readable)."""
        self._thin.append((a, b, color))

    def box(self, lo: Vec, hi: Vec, color: RGBA, dashed: bool = False) -> None:
        self._box_lo.append(lo)
        self._box_hi.append(hi)
        self._box_style.append((color, dashed))

    def point(self, p: Vec, color: RGBA) -> None:
        self._points.append((p, color))

    def fill(self, lo: Vec, hi: Vec, color: RGBA) -> None:
        """The faces of the box lo..hi in `color` (its alpha makes it translucent), shaded per face."""
        self._fills.append((lo, hi, color))

    def label(self, p: Vec, text: str, color: RGBA, icon: str = "", min_pixels: float = 0.0) -> None:
        self.labels.append(Label((float(p[0]), float(p[1]), float(p[2])), text, color, icon, min_pixels))

    def segments(self, a: np.ndarray, b: np.ndarray, colors: np.ndarray) -> None:
        """Solid segments a[i] → b[i] (n, 3), one colour (n, 4) or (4,) for all."""
        out = np.empty(len(a), dtype=SEGMENT_DTYPE)
        out["in_start"], out["in_end"], out["in_color"], out["in_dash"] = a, b, colors, 0.0
        self._seg_arrays.append(out)

    def boxes(self, lo: np.ndarray, hi: np.ndarray, colors: np.ndarray, dots: np.ndarray | None = None,
              dot_color: RGBA | None = None) -> None:
        """Solid one-pixel wireframes of the boxes lo[i]..hi[i] (n, 3), one colour (n, 4) per box, each with a
        point at dots[i] in `dot_color` when given (drawn with its box: one primitive for both where the box
        is small on screen); where boxes overlap exactly, the one added last is drawn on top."""
        out = np.zeros(len(lo), dtype=BOX_DTYPE)
        out["in_min"], out["in_max"], out["in_color"] = lo, hi, colors
        if dots is not None and dot_color is not None:
            out["in_dot"], out["in_dot_color"] = dots, dot_color
        self._box_arrays.append(out)

    def points(self, p: np.ndarray, colors: np.ndarray) -> None:
        out = np.empty(len(p), dtype=POINT_DTYPE)
        out["in_position"], out["in_color"] = p, colors
        self._point_arrays.append(out)

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
        segments = [self._segments_array(), *self._seg_arrays]
        if self._box_lo:
            segments.append(box_edge_segments(np.asarray(self._box_lo, dtype=np.float64),
                                              np.asarray(self._box_hi, dtype=np.float64),
                                              np.array([c for c, _ in self._box_style], dtype=np.uint8),
                                              np.array([d for _, d in self._box_style], dtype=bool)))
        points = np.empty(len(self._points), dtype=POINT_DTYPE)
        if self._points:
            points["in_position"] = [p for p, _ in self._points]
            points["in_color"] = [c for _, c in self._points]
        thin = np.empty(len(self._thin), dtype=SEGMENT_DTYPE)
        if self._thin:
            thin["in_start"] = [a for a, _, _ in self._thin]
            thin["in_end"] = [b for _, b, _ in self._thin]
            thin["in_color"] = [c for _, _, c in self._thin]
            thin["in_dash"] = 0.0
        fills = box_faces(np.array([lo for lo, _, _ in self._fills], dtype=np.float64).reshape(-1, 3),
                          np.array([hi for _, hi, _ in self._fills], dtype=np.float64).reshape(-1, 3),
                          np.array([c for _, _, c in self._fills], dtype=np.uint8).reshape(-1, 4))
        return Overlay(np.concatenate(segments), np.concatenate([points, *map(distinct, self._point_arrays)]),
                       list(self.labels), thin, distinct(np.concatenate([_empty(BOX_DTYPE), *self._box_arrays])),
                       fills)

    def _segments_array(self) -> np.ndarray:
        out = np.empty(len(self._seg), dtype=SEGMENT_DTYPE)
        if self._seg:
            out["in_start"] = [a for a, _, _, _ in self._seg]
            out["in_end"] = [b for _, b, _, _ in self._seg]
            out["in_color"] = [c for _, _, c, _ in self._seg]
            out["in_dash"] = [float(d) for _, _, _, d in self._seg]
        return out


def distinct(rows: np.ndarray) -> np.ndarray:
    """The rows of a structured array without exact repeats, keeping the last of each (so its draw order)."""
    if len(rows) < 2:
        return rows
    raw = np.ascontiguousarray(rows[::-1]).view(np.dtype((np.void, rows.dtype.itemsize)))
    _, first = np.unique(raw, return_index=True)
    return rows[::-1][np.sort(first)][::-1]


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


@dataclass
class EntityFrame:
    """Entities as arrays, read from trace-state dicts (`viewer.history.EntityStates`): ids, types, position,
    motion, box corners and eye height, row i for the i-th entity in update order; `vehicle` is the row of the
    vehicle an entity rides (from the vehicles' traced `passengers`), -1 for none."""

    ids: np.ndarray
    types: list[str]
    pos: np.ndarray
    motion: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    eye_height: np.ndarray
    vehicle: np.ndarray

    def __len__(self) -> int:
        return len(self.ids)

    def row(self, entity_id: int) -> int | None:
        hits = np.flatnonzero(self.ids == entity_id)
        return int(hits[0]) if len(hits) else None


def entity_frame(states: Mapping[int, dict[str, Any]]) -> EntityFrame:
    """An EntityFrame of every state in `states` (entity id → trace state with type and eye height): read by
    field where `states` packs its columns (`viewer.history.TickStates.column`), else from each dict."""
    column = getattr(states, "column", None)
    if column is None:
        rows = list(states.values())

        def column(name: str, default: Any = None) -> list[Any]:
            return [s.get(name, default) for s in rows]
    ids = np.fromiter(states, dtype=np.int64, count=len(states))
    boxes = np.asarray(column("box"), dtype=np.float64).reshape(-1, 2, 3)
    row_of = {entity_id: i for i, entity_id in enumerate(ids.tolist())}
    vehicle = np.full(len(ids), -1, dtype=np.int64)
    for i, riders in enumerate(column("passengers", ())):  # boats' and minecarts' rider ids (maybe an array row)
        for rider in riders:
            if int(rider) in row_of:
                vehicle[row_of[int(rider)]] = i
    return EntityFrame(ids, list(column("type")), np.asarray(column("pos"), dtype=np.float64).reshape(-1, 3),
                       np.asarray(column("motion"), dtype=np.float64).reshape(-1, 3), boxes[:, 0], boxes[:, 1],
                       np.asarray(column("eye_height", 0.0), dtype=np.float64), vehicle)


def add_entities(builder: OverlayBuilder, frame: EntityFrame, palette: Palette, selected: int | None = None,
                 labels: bool = False) -> None:
    """Each entity: its AABB (type colour, the selected one highlighted) with its position point, eye-height cross
    and motion vector (one tick long); a rider linked to its vehicle by a line from the vehicle's position to the
    seat (the rider's traced position, where the vehicle put it); with `labels`, its id and type. Beyond
    DETAIL_LIMIT entities, only the selected one keeps its cross and motion vector (llvmpipe pays per line)."""
    n = len(frame)
    if not n:
        return
    kinds = sorted(set(frame.types))
    type_colors = np.array([palette.entity_color(t) for t in kinds], dtype=np.uint8)
    colors = type_colors[np.searchsorted(kinds, frame.types)]
    colors[frame.ids == selected] = palette.ui["selected"]
    last = np.argsort(frame.ids == selected, kind="stable")  # the selected box on top of any it overlaps
    builder.boxes(frame.lo[last], frame.hi[last], colors[last], frame.pos[last], palette.ui["entity_point"])
    detail = np.ones(n, dtype=bool) if n <= DETAIL_LIMIT else frame.ids == selected
    pos, width = frame.pos[detail], frame.hi[detail] - frame.lo[detail]
    eye = pos.copy()
    eye[:, 1] += frame.eye_height[detail]
    across = np.zeros((2, len(pos), 3))
    across[0, :, 0] = width[:, 0] * EYE_CROSS_FRACTION
    across[1, :, 2] = width[:, 2] * EYE_CROSS_FRACTION
    eye_color = np.array(palette.ui["eye_line"], dtype=np.uint8)
    for half in across:
        builder.segments(eye - half, eye + half, eye_color)
    motion = frame.motion[detail]
    moving = np.any(motion != 0.0, axis=1)
    builder.segments(pos[moving], pos[moving] + motion[moving], np.array(palette.ui["motion"], dtype=np.uint8))
    riders = np.flatnonzero(frame.vehicle >= 0)
    if len(riders):
        seat_color = np.array(palette.ui["seat_link"], dtype=np.uint8)
        builder.segments(frame.pos[frame.vehicle[riders]], frame.pos[riders], seat_color)
        builder.points(frame.pos[riders], seat_color)
    if labels:
        for i in range(n):
            top = (frame.pos[i, 0], frame.hi[i, 1], frame.pos[i, 2])
            builder.label(top, f"#{frame.ids[i]} {frame.types[i].removeprefix('minecraft:')}", tuple(colors[i]))


@dataclass(frozen=True)
class RoleStyle:
    """How a trace role is drawn beyond its palette colour (one table for every role, `ROLE_STYLES`)."""

    dashed: bool = False          # boxes and segments drawn dashed (candidates, not results); a box the
                                  # engine marks `"hit": true` is drawn solid
    thin: bool = False            # segments one pixel wide (many of them: rays), the clipped remainder fainter
    box_at_end: bool = False      # a segment's `box` field is drawn: the box where that sweep left it
    numbered: bool = False        # the primitive is labelled with its place: `order` of a cell, n-th sweep
    axis: str = ""                # sweeps: the axis letter shown in the label
    filled: bool = False          # a box is a volume: translucent faces in its colour under its outline
    shows_clamp: bool = False     # a segment the engine marks `"clamped": true` is drawn in the UI's
                                  # push_clamped colour, with the part it asked for beyond its end dashed
    node_tile: float = 0.0        # a path-search node: a tile (`node_tile`) filled in its path node type's
                                  # colour (palette `path_types`) at this alpha, outlined in the role colour
    named: str = ""               # a short vector (a living entity's input, kick, push): a point and this name at
                                  # its tip, so a tenth of a block stays findable; drawn at its true length


ROLE_STYLES: dict[str, RoleStyle] = {
    "axis_sweep_x": RoleStyle(box_at_end=True, numbered=True, axis="X"),
    "axis_sweep_y": RoleStyle(box_at_end=True, numbered=True, axis="Y"),
    "axis_sweep_z": RoleStyle(box_at_end=True, numbered=True, axis="Z"),
    "step_up_candidate": RoleStyle(dashed=True),
    "checked_cell": RoleStyle(numbered=True),
    "raycast_cell": RoleStyle(numbered=True),
    "entity_hit_box": RoleStyle(dashed=True),
    "exposure_ray": RoleStyle(thin=True),
    "b36_sweep": RoleStyle(dashed=True, filled=True),
    "piston_push": RoleStyle(shows_clamp=True),
    "path_closed": RoleStyle(node_tile=CLOSED_TILE_ALPHA / 255),
    "path_open": RoleStyle(dashed=True, node_tile=OPEN_TILE_SHARE),
    "movement_input": RoleStyle(named="input"),      # spec 05 §4.2: updateVelocity's acceleration
    "jump_kick": RoleStyle(named="jump kick"),       # spec 05 §5: the sprint-jump 0.2 along the yaw
    "cramming_push": RoleStyle(named="push"),        # spec 04 §10: pushAway
    "firework_boost": RoleStyle(named="boost"),      # spec 05 §6: a rocket's pull on a gliding player
}
DEFAULT_STYLE = RoleStyle()
PATH_JOIN = 1e-7                  # blocks: a sweep starting this close to the last one's end continues its path
END_BOX_ALPHA = 0.6               # a sweep's end box is drawn at this share of its role's opacity
FAINT_ALPHA = 0.35                # the blocked remainder of a thin segment, at this share of its opacity
EXPLOSION_ROLES = frozenset({"explosion_sphere", "sample_point_hit", "sample_point_blocked", "exposure_ray",
                             "impulse", "exposure"})


def _scaled_alpha(color: RGBA, share: float) -> RGBA:
    return color[0], color[1], color[2], round(color[3] * share)


def add_geometry(builder: OverlayBuilder, primitives: Iterable[dict[str, Any]], palette: Palette) -> None:
    """Trace primitives (interfaces.md "Stage records") drawn by kind, coloured and styled by role."""
    sweeps, path_end = 0, None
    for prim in primitives:
        role = prim["role"]
        color = palette.role_color(role)
        style = ROLE_STYLES.get(role, DEFAULT_STYLE)
        kind = prim["kind"]
        if kind == "segment":
            clipped = prim.get("clipped_to")
            if style.shows_clamp and prim.get("clamped", False):
                _clamped_segment(builder, prim, palette.ui["push_clamped"])
            elif style.thin:
                builder.thin_segment(prim["a"], clipped if clipped is not None else prim["b"], color)
                if clipped is not None:
                    builder.thin_segment(clipped, prim["b"], _scaled_alpha(color, FAINT_ALPHA))
            elif clipped is None:
                builder.segment(prim["a"], prim["b"], color, style.dashed)
            else:  # the part moved, then the blocked remainder dashed
                builder.segment(prim["a"], clipped, color, style.dashed)
                builder.segment(clipped, prim["b"], color, dashed=True)
                builder.point(clipped, color)
            if style.named:
                builder.point(prim["b"], color)
                builder.label(prim["b"], style.named, color)
            if style.box_at_end and "box" in prim:
                lo, hi = prim["box"]
                builder.box(lo, hi, _scaled_alpha(color, END_BOX_ALPHA))
            stopper = prim.get("clipped_by")
            if stopper is not None and isinstance(stopper["boxes"], list):  # the shape that stopped the sweep
                for b in stopper["boxes"]:
                    builder.box(b[:3], b[3:], palette.ui["clipped_by"])
            if style.numbered:  # sweeps of one path are numbered 1, 2, 3; a sweep not starting where the
                joined = path_end is not None and np.allclose(prim["a"], path_end, rtol=0.0, atol=PATH_JOIN)
                sweeps = sweeps + 1 if joined else 1  # last one ended starts a new path
                path_end = list(clipped if clipped is not None else prim["b"])
                builder.label(path_end, f"{sweeps} {style.axis}", color)
        elif kind == "box":
            builder.box(prim["min"], prim["max"], color, style.dashed and not prim.get("hit", False))
            if style.filled:
                builder.fill(prim["min"], prim["max"], color)
        elif kind == "cell" and style.node_tile:
            lo, hi = node_tile(prim["pos"])
            builder.box(lo, hi, color, style.dashed)
            builder.fill(lo, hi, _scaled_alpha(palette.path_type_color(prim["type"]), style.node_tile))
        elif kind == "cell":
            x, y, z = prim["pos"]
            builder.box((x + CELL_INSET, y + CELL_INSET, z + CELL_INSET),
                        (x + 1 - CELL_INSET, y + 1 - CELL_INSET, z + 1 - CELL_INSET), color, style.dashed)
            if style.numbered and "order" in prim:
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
            raise ValueError(f"trace primitive of unknown kind {kind!r} (role {role!r})")


def node_tile(pos: Vec) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The tile a path-search node at cell `pos` is drawn as (and picked by): the floor of the cell, inset."""
    x, y, z = pos
    return ((x + CELL_INSET, y + CELL_INSET, z + CELL_INSET),
            (x + 1 - CELL_INSET, y + NODE_TILE_HEIGHT, z + 1 - CELL_INSET))


def _clamped_segment(builder: OverlayBuilder, prim: dict[str, Any], color: RGBA) -> None:
    """A push the clamp cut short: where the entity went, solid, then on to where it asked to go, dashed."""
    a, b = prim["a"], prim["b"]
    builder.segment(a, b, color)
    builder.segment(b, [a[i] + prim["asked"][i] for i in range(3)], color, dashed=True)
    builder.label(b, "clamped", color)


def stage_geometry(record: Any, entity_id: int | None = None, stage: Any | None = None) -> list[dict[str, Any]]:
    """Every geometry primitive of one stage and its children (`stage` given), else of a TickRecord's
    stages (children included, in the order they ran), for one entity or for all; for all, also the
    geometry of block-entity items (a B36's box and sweep). A primitive recorded twice (a B36's boxes,
    repeated with each push they caused) is listed once."""
    if stage is not None:
        return [g for sub in stage.walk() for g in sub.geometry]
    prims: list[dict[str, Any]] = []
    if record is None:
        return prims
    seen: set[int] = set()
    for phase in record.phases:
        for item in phase.items:
            if entity_id is not None and getattr(item, "entity_id", None) != entity_id:
                continue
            own = getattr(item, "geometry", [])
            for g in [*own, *(g for top in item.stages for sub in top.walk() for g in sub.geometry)]:
                if id(g) not in seen:
                    seen.add(id(g))
                    prims.append(g)
    return prims


def add_block_grid(builder: OverlayBuilder, center: Vec, radius: int, color: RGBA) -> None:
    """The block grid lines of the (2·radius + 1)³ cells around the cell holding `center`."""
    cell = np.floor(np.asarray(center, dtype=np.float64))
    ticks = np.arange(-radius, radius + 2, dtype=np.float64)
    u, v = np.meshgrid(ticks, ticks, indexing="ij")
    u, v = u.ravel(), v.ravel()
    lo, hi = float(-radius), float(radius + 1)
    colors = np.array(color, dtype=np.uint8)
    for axis in range(3):
        a = np.zeros((len(u), 3))
        b = np.zeros((len(u), 3))
        a[:, axis], b[:, axis] = lo, hi
        for arr in (a, b):
            arr[:, (axis + 1) % 3], arr[:, (axis + 2) % 3] = u, v
        builder.segments(a + cell, b + cell, colors)


def add_section_borders(builder: OverlayBuilder, center: Vec, y_range: tuple[int, int], color: RGBA) -> None:
    """Chunk and section borders around `center`: the vertical edges of its chunk and of the eight chunks
    around it over `y_range` (block y, inclusive bounds of the sections drawn), and the horizontal outline of
    the centre chunk at every section boundary."""
    chunk = np.floor(np.asarray(center, dtype=np.float64) / SECTION_SIZE)
    x0, z0 = chunk[0] * SECTION_SIZE, chunk[2] * SECTION_SIZE
    y_lo, y_hi = float(y_range[0]), float(y_range[1])
    colors = np.array(color, dtype=np.uint8)
    corners = np.arange(-1, 3, dtype=np.float64) * SECTION_SIZE
    cx, cz = np.meshgrid(x0 + corners, z0 + corners, indexing="ij")
    cx, cz = cx.ravel(), cz.ravel()
    builder.segments(np.stack([cx, np.full_like(cx, y_lo), cz], axis=1),
                     np.stack([cx, np.full_like(cx, y_hi), cz], axis=1), colors)
    levels = np.arange(y_lo, y_hi + 1.0, SECTION_SIZE)
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]], dtype=np.float64) * SECTION_SIZE
    for y in levels:
        ring = np.column_stack([x0 + square[:, 0], np.full(len(square), y), z0 + square[:, 1]])
        builder.segments(ring[:-1], ring[1:], colors)


def add_trails(builder: OverlayBuilder, paths: Iterable[np.ndarray], color: RGBA) -> None:
    """Polylines through past positions: each path (n, 3) in tick order; a point at each tick."""
    colors = np.array(color, dtype=np.uint8)
    for path in paths:
        if len(path) > 1:
            builder.segments(path[:-1], path[1:], colors)
        builder.points(path, colors)
