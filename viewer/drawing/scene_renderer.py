"""The 3D frame recipe: world (opaque) → entity and trace overlays → world (translucent) → moving blocks'
and trace volumes' translucent faces → moving blocks' outlines → the hidden parts of the trace overlay,
faintly → axis gizmo. Owns the programs and the overlay buffers; draws into a given
framebuffer for a given camera. Used by the window and by `render_to_png` alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import moderngl
import numpy as np
import pyrr

from viewer.drawing.camera import Camera
from viewer.drawing.meshing import VERTEX_DTYPE
from viewer.drawing.overlays import BOX_DTYPE, BOX_EDGE_ENDS, BOX_EDGE_STARTS, POINT_DTYPE, SEGMENT_DTYPE, Overlay
from viewer.drawing.palette import Palette
from viewer.drawing.world_view import WorldView
from viewer.gl.programs import (
    IN_COLOR,
    IN_CORNER,
    IN_DASH,
    IN_DOT,
    IN_DOT_COLOR,
    IN_END,
    IN_MAX,
    IN_MIN,
    IN_POSITION,
    IN_START,
    M_PROJ,
    M_VIEW,
    load_program,
)

LINE_WIDTH = 2.0          # pixels, trace segments
POINT_SIZE = 7.0          # pixels
HIDDEN_ALPHA = 0.3        # trace geometry behind blocks is drawn at this opacity
GRID_STRENGTH = 0.35      # darkening of the block grid on faces
GIZMO_SIZE = 90           # pixels, square in the bottom-left corner
GIZMO_LINE_WIDTH = 3.0
GIZMO_EXTENT = 1.2        # half size of the gizmo's orthographic view; the axes are 1 long
SEGMENT_FORMAT = "3f 3f 4f1 1f"  # SEGMENT_DTYPE, each segment repeated for its 4 corners
POINT_FORMAT = "3f 4f1"
BOX_FORMAT = "3f 3f 4f1 16x/i"   # BOX_DTYPE without its dot, one row per instance
SPRITE_FORMAT = "3f 3f 4f1 3f 4f1"  # BOX_DTYPE, one row per point
DOT_FORMAT = "28x 3f 4f1"        # BOX_DTYPE's dot, one row per point
SPRITE_LIMIT = 16.0              # pixels: a box whose bounding sphere spans less is a sprite (sprite_mask)
SEGMENT_CORNER_INDICES = np.array([0, 1, 2, 2, 1, 3], dtype=np.uint32)  # two triangles over 4 corners


def segment_corners(segments: np.ndarray) -> tuple[bytes, bytes]:
    """Vertex bytes (every segment 4 times) and index bytes (two triangles per segment) for lines.glsl."""
    corners = np.repeat(segments, 4)
    base = np.arange(len(segments), dtype=np.uint32)[:, None] * 4
    return corners.tobytes(), (base + SEGMENT_CORNER_INDICES).tobytes()


def unit_box_edges() -> bytes:
    """The 12 edges of the unit cube as GL_LINES corners (in_corner, 24 vertices) for box_lines.glsl."""
    corners = np.array([[(i >> a) & 1 for a in range(3)] for i in range(8)], dtype="f4")
    edges = np.empty((len(BOX_EDGE_STARTS), 2, 3), dtype="f4")
    edges[:, 0], edges[:, 1] = corners[BOX_EDGE_STARTS], corners[BOX_EDGE_ENDS]
    return edges.tobytes()


def rgba_float(color: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
    return color[0] / 255, color[1] / 255, color[2] / 255, color[3] / 255


def segment_vao(ctx: moderngl.Context, program: moderngl.Program, vbo: moderngl.Buffer,
                ibo: moderngl.Buffer) -> moderngl.VertexArray:
    return ctx.vertex_array(program, [(vbo, SEGMENT_FORMAT, IN_START, IN_END, IN_COLOR, IN_DASH)], index_buffer=ibo,
                            index_element_size=4)


def line_vertices(segments: np.ndarray) -> bytes:
    """GL_LINES vertex bytes (POINT_DTYPE, two per segment) for lines.glsl; dashes are not drawn."""
    out = np.empty(2 * len(segments), dtype=POINT_DTYPE)
    out["in_position"][0::2] = segments["in_start"]
    out["in_position"][1::2] = segments["in_end"]
    out["in_color"] = np.repeat(segments["in_color"], 2, axis=0)
    return out.tobytes()


def _write(buffer: moderngl.Buffer, raw: bytes) -> None:
    if len(raw) > buffer.size:
        buffer.orphan(2 * len(raw))
    if raw:
        buffer.write(raw)


def bounding_spheres(boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Centres (homogeneous, n x 4) and radii of the spheres around boxes (BOX_DTYPE rows), for `sprite_mask`."""
    lo, hi = boxes["in_min"].astype(np.float64), boxes["in_max"].astype(np.float64)
    centres = np.ones((len(boxes), 4))
    centres[:, :3] = 0.5 * (lo + hi)
    return centres, 0.5 * np.linalg.norm(hi - lo, axis=1)


def sprite_mask(spheres: tuple[np.ndarray, np.ndarray], view: np.ndarray, proj: np.ndarray, size: tuple[int, int],
                limit: float) -> np.ndarray:
    """Which boxes (by their `bounding_spheres`) are drawn as sprites: the sphere lies in front of the eye, spans
    less than `limit` pixels of a view of `size`, and lies inside the view (GL drops a point whose centre leaves
    it). Matrices in pyrr's row-vector layout."""
    centres, radius = spheres
    clip = centres @ (view.astype(np.float64) @ proj.astype(np.float64))
    nearest = clip[:, 3] - radius  # eye distance of the sphere's nearest point along the view axis
    ahead = nearest > 0.0
    scale = radius / np.where(ahead, nearest, 1.0)
    w = np.where(ahead, clip[:, 3], 1.0)
    radius_x, radius_y = scale * float(proj[0, 0]), scale * float(proj[1, 1])  # in NDC
    span = np.maximum(radius_x * size[0], radius_y * size[1])
    return (ahead & (span < limit) & (np.abs(clip[:, 0] / w) + radius_x < 1.0)
            & (np.abs(clip[:, 1] / w) + radius_y < 1.0))


class OverlayLayer:
    """The GPU copy of one Overlay: its segments as one-pixel lines (`wide=False`, lines.glsl) or as wide,
    dashable quads (segments.glsl), its thin segments (lines.glsl), its boxes (box_lines.glsl: the large ones
    as lines with their dots, the small ones as sprites), its points, and its translucent fills (blocks.glsl,
    drawn apart by `draw_fills` in the translucent pass). Uploaded by `set` when the overlay changes, the boxes
    by `split_boxes` (large ones first) when the overlay or the split of its boxes changes."""

    def __init__(self, ctx: moderngl.Context, programs: dict[str, moderngl.Program], unit_box: moderngl.Buffer,
                 wide: bool, fills: moderngl.Program) -> None:
        self.overlay: Overlay | None = None
        self.wide = wide
        self._vbo = ctx.buffer(reserve=SEGMENT_DTYPE.itemsize * 4 * 64, dynamic=True)
        self._ibo = ctx.buffer(reserve=4 * 6 * 64, dynamic=True)
        lines = programs["lines"]
        if wide:
            self._vao = segment_vao(ctx, programs["segments"], self._vbo, self._ibo)
        else:
            self._vao = ctx.vertex_array(lines, [(self._vbo, POINT_FORMAT, IN_POSITION, IN_COLOR)])
        self._thin_vbo = ctx.buffer(reserve=POINT_DTYPE.itemsize * 2 * 64, dynamic=True)
        self._thin_vao = ctx.vertex_array(lines, [(self._thin_vbo, POINT_FORMAT, IN_POSITION, IN_COLOR)])
        self._box_vbo = ctx.buffer(reserve=BOX_DTYPE.itemsize * 64, dynamic=True)
        self._box_vao = ctx.vertex_array(programs["box_lines"], [(unit_box, "3f", IN_CORNER),
                                                                 (self._box_vbo, BOX_FORMAT, IN_MIN, IN_MAX, IN_COLOR)])
        self._sprite_vao = ctx.vertex_array(programs["box_sprites"], [(self._box_vbo, SPRITE_FORMAT, IN_MIN, IN_MAX,
                                                                       IN_COLOR, IN_DOT, IN_DOT_COLOR)])
        self._dot_vao = ctx.vertex_array(programs["box_dots"], [(self._box_vbo, DOT_FORMAT, IN_DOT, IN_DOT_COLOR)])
        self._point_vbo = ctx.buffer(reserve=POINT_DTYPE.itemsize * 64, dynamic=True)
        self._point_vao = ctx.vertex_array(programs["points"], [(self._point_vbo, POINT_FORMAT, IN_POSITION,
                                                                 IN_COLOR)])
        self._fill_vbo = ctx.buffer(reserve=VERTEX_DTYPE.itemsize * 24 * 8, dynamic=True)
        self._fill_ibo = ctx.buffer(reserve=4 * 36 * 8, dynamic=True)
        self._fill_vao = ctx.vertex_array(fills, [(self._fill_vbo, "3f 4f1", IN_POSITION, IN_COLOR)],
                                          index_buffer=self._fill_ibo, index_element_size=4)
        self._counts = (0, 0, 0, 0)  # segments, thin segments, boxes, points
        self._spheres = bounding_spheres(np.zeros(0, dtype=BOX_DTYPE))  # around the overlay's boxes
        self._sprites: np.ndarray | None = None  # which of the overlay's boxes are sprites (None: not split yet)
        self._lined = 0              # the boxes drawn as lines: the first rows of the box buffer, then sprites
        self._dots = False           # whether a box has a dot
        self._fill_count = 0         # indices of the fills

    def set(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self._counts = (len(overlay.segments), len(overlay.thin), len(overlay.boxes), len(overlay.points))
        self._spheres = bounding_spheres(overlay.boxes)
        self._sprites = None  # the boxes are uploaded by split_boxes, before the next draw
        self._lined = 0
        self._dots = bool((overlay.boxes["in_dot_color"][:, 3] > 0).any())
        if self.wide:
            vertices, indices = segment_corners(overlay.segments)
            _write(self._ibo, indices)
        else:
            vertices = line_vertices(overlay.segments)
        _write(self._vbo, vertices)
        _write(self._thin_vbo, line_vertices(overlay.thin))
        _write(self._point_vbo, overlay.points.tobytes())
        self._fill_count = len(overlay.fills.indices)
        _write(self._fill_vbo, overlay.fills.vertices.tobytes())
        _write(self._fill_ibo, overlay.fills.indices.tobytes())

    def split_boxes(self, view: np.ndarray, proj: np.ndarray, size: tuple[int, int], limit: float) -> None:
        """Sort the boxes into lines and sprites for this camera (`sprite_mask`); upload them again, large ones
        first, when the split changed (each box drawn once, in the overlay's order within its kind)."""
        if self.overlay is None or not len(self.overlay.boxes):
            return
        sprites = sprite_mask(self._spheres, view, proj, size, limit)
        if self._sprites is not None and np.array_equal(sprites, self._sprites):
            return
        self._sprites = sprites
        self._lined = int(np.count_nonzero(~sprites))
        boxes = self.overlay.boxes
        _write(self._box_vbo, np.concatenate([boxes[~sprites], boxes[sprites]]).tobytes())

    def draw(self) -> None:
        segments, thin, boxes, points = self._counts
        if segments:
            if self.wide:
                self._vao.render(moderngl.TRIANGLES, vertices=6 * segments)
            else:
                self._vao.render(moderngl.LINES, vertices=2 * segments)
        if thin:
            self._thin_vao.render(moderngl.LINES, vertices=2 * thin)
        lined = self._lined
        if lined:
            self._box_vao.render(moderngl.LINES, vertices=2 * len(BOX_EDGE_STARTS), instances=lined)
            if self._dots:
                self._dot_vao.render(moderngl.POINTS, vertices=lined)
        if boxes > lined:
            self._sprite_vao.render(moderngl.POINTS, vertices=boxes - lined, first=lined)
        if points:
            self._point_vao.render(moderngl.POINTS, vertices=points)

    def draw_fills(self) -> None:
        if self._fill_count:
            self._fill_vao.render(moderngl.TRIANGLES, vertices=self._fill_count)

    def release(self) -> None:
        for obj in (self._vao, self._thin_vao, self._box_vao, self._sprite_vao, self._dot_vao, self._point_vao,
                    self._fill_vao,
                    self._vbo, self._ibo, self._thin_vbo, self._box_vbo, self._point_vbo, self._fill_vbo,
                    self._fill_ibo):
            obj.release()


class SceneRenderer:
    """Programs and buffers of the 3D view; `draw` renders one frame of world and overlays."""

    def __init__(self, ctx: moderngl.Context, palette: Palette) -> None:
        self.ctx = ctx
        self.palette = palette
        self.blocks = load_program(ctx, "blocks")
        self._largest_point = float(ctx.info["GL_POINT_SIZE_RANGE"][1])  # pixels across
        self.programs = {name: load_program(ctx, name)
                         for name in ("box_lines", "box_sprites", "box_dots", "lines", "segments", "points")}
        self.segments = self.programs["segments"]
        self._unit_box = ctx.buffer(unit_box_edges())
        self.world = WorldView(ctx, self.blocks, palette)
        self.entities = OverlayLayer(ctx, self.programs, self._unit_box, wide=False, fills=self.blocks)
        self.trace = OverlayLayer(ctx, self.programs, self._unit_box, wide=True, fills=self.blocks)
        self.helpers = OverlayLayer(ctx, self.programs, self._unit_box, wide=False, fills=self.blocks)
        self.moving = OverlayLayer(ctx, self.programs, self._unit_box, wide=True, fills=self.blocks)
        vertices, indices = segment_corners(self._gizmo_segments())
        self._gizmo_vbo = ctx.buffer(vertices)
        self._gizmo_ibo = ctx.buffer(indices)
        self._gizmo_vao = segment_vao(ctx, self.segments, self._gizmo_vbo, self._gizmo_ibo)

    def _gizmo_segments(self) -> np.ndarray:
        out = np.zeros(3, dtype=SEGMENT_DTYPE)
        for axis, name in enumerate(("axis_x", "axis_y", "axis_z")):
            out["in_end"][axis, axis] = 1.0
            out["in_color"][axis] = self.palette.ui[name]
        return out

    def background(self) -> tuple[float, float, float, float]:
        return rgba_float(self.palette.ui["background"])

    def update_world(self, world: Any, budget_s: float | None = None, camera: Camera | None = None,
                     aspect: float = 1.0) -> int:
        """Bring the section meshes up to date, those `camera` sees (at `aspect`, width over height) first; returns
        the sections still waiting."""
        seen = None if camera is None else (camera.view_matrix(), camera.proj_matrix(aspect))
        return self.world.update(world, budget_s, seen)

    def set_overlays(self, entities: Overlay, trace: Overlay, helpers: Overlay | None = None) -> None:
        """Upload new overlay geometry (when the tick, stage or selection changes, not every frame); `helpers`
        are the block grid, chunk borders and trails."""
        self.entities.set(entities)
        self.trace.set(trace)
        if helpers is not None:
            self.helpers.set(helpers)

    def set_moving_blocks(self, moving: Overlay) -> None:
        """Upload the moving blocks (faces as fills, outlines as boxes; `viewer.pistons.moving_blocks`), after
        each tick: they are world state, drawn whatever overlays are on."""
        self.moving.set(moving)

    def draw(self, target: moderngl.Framebuffer, camera: Camera, gizmo: bool = True,
             size: tuple[int, int] | None = None, origin: tuple[int, int] = (0, 0),
             flush: Callable[[], None] | None = None) -> None:
        """Draw world and overlays into `target` (already cleared), in the rectangle of `size` (default: the
        target's) whose bottom-left pixel is `origin`. `flush` is called once the opaque faces are issued: a
        driver that rasterises on other threads (llvmpipe) starts on them while the overlays are prepared."""
        ctx = self.ctx
        width, height = size or target.size
        target.use()
        ctx.viewport = (*origin, width, height)
        view = camera.view_matrix()
        proj = camera.proj_matrix(width / max(height, 1))
        for program in (self.blocks, *self.programs.values()):
            program[M_VIEW].write(view.tobytes())
            program[M_PROJ].write(proj.tobytes())
        self.blocks["grid_strength"] = GRID_STRENGTH
        self.segments["viewport_size"] = (width, height)
        self.segments["line_width"] = LINE_WIDTH
        self.programs["points"]["point_size"] = POINT_SIZE
        self.programs["box_sprites"]["viewport"] = (*origin, width, height)
        for name in ("box_sprites", "box_dots"):
            self.programs[name]["point_size"] = POINT_SIZE
        # A sprite spans its box and its dot, and must fit the largest point the driver draws (GL 3.3 promises 1).
        limit = min(SPRITE_LIMIT, self._largest_point - POINT_SIZE - 2.0)
        self._set_alpha(1.0)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        ctx.depth_func = "<="

        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self.world.draw_opaque(view, proj)
        if flush is not None:
            flush()
        for layer in (self.entities, self.helpers, self.trace, self.moving):
            layer.split_boxes(view, proj, (width, height), limit)

        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.PROGRAM_POINT_SIZE)
        self.entities.draw()
        self.helpers.draw()
        self.trace.draw()

        target.depth_mask = False
        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.CULL_FACE)
        self.world.draw_translucent(view, proj)
        self.moving.draw_fills()
        self.blocks["grid_strength"] = 0.0  # trace volumes carry no block grid
        self.trace.draw_fills()

        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.PROGRAM_POINT_SIZE)
        self.moving.draw()  # outlines over the translucent faces
        ctx.depth_func = ">"  # only where something is in front
        self._set_alpha(HIDDEN_ALPHA)
        self.trace.draw()
        ctx.depth_func = "<="
        target.depth_mask = True

        if gizmo:
            self._draw_gizmo(view, origin, width, height)

    def _set_alpha(self, alpha: float) -> None:
        for program in self.programs.values():
            program["alpha_scale"] = alpha

    def _draw_gizmo(self, view: np.ndarray, origin: tuple[int, int], width: int, height: int) -> None:
        """The F3 axes (+X red, +Y green, +Z blue) turned like the camera, in the bottom-left corner."""
        rotation = view.copy()
        rotation[3, :3] = 0.0  # keep the camera's rotation only
        size = min(GIZMO_SIZE, width, height)
        self.ctx.viewport = (*origin, size, size)
        self.ctx.enable_only(moderngl.BLEND)
        e = GIZMO_EXTENT
        ortho = pyrr.matrix44.create_orthogonal_projection(-e, e, -e, e, -2.0, 2.0, dtype="f4")
        self.segments[M_VIEW].write(rotation.astype("f4").tobytes())
        self.segments[M_PROJ].write(ortho.tobytes())
        self.segments["viewport_size"] = (size, size)
        self.segments["line_width"] = GIZMO_LINE_WIDTH
        self._set_alpha(1.0)
        self._gizmo_vao.render(moderngl.TRIANGLES)
        self.ctx.viewport = (*origin, width, height)

    def release(self) -> None:
        self.world.clear()
        for obj in (self.entities, self.trace, self.helpers, self.moving):
            obj.release()
        for obj in (self._gizmo_vao, self._gizmo_vbo, self._gizmo_ibo, self._unit_box, self.blocks,
                    *self.programs.values()):
            obj.release()
