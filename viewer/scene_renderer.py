"""The 3D frame recipe: world (opaque) → overlay lines and points → world (translucent) → hidden overlay
parts faintly → axis gizmo. Owns the programs and the GPU buffers of the overlays; draws into a given
framebuffer for a given camera. Used by the window and by `render_to_png` alike.
"""

from __future__ import annotations

from typing import Any

import moderngl
import numpy as np
import pyrr

from viewer.camera import Camera
from viewer.gl.programs import IN_COLOR, IN_DASH, IN_POSITION, M_PROJ, M_VIEW, load_program
from viewer.overlays import LINE_DTYPE, Overlay
from viewer.palette import Palette
from viewer.world_view import WorldView

LINE_WIDTH = 2.0          # pixels
POINT_SIZE = 7.0          # pixels
HIDDEN_ALPHA = 0.3        # overlay parts behind blocks are drawn at this opacity
GRID_STRENGTH = 0.35      # darkening of the block grid on faces
GIZMO_SIZE = 90           # pixels, square in the bottom-left corner
GIZMO_LINE_WIDTH = 3.0
GIZMO_EXTENT = 1.2        # half size of the gizmo's orthographic view; the axes are 1 long


def rgba_float(color: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
    return color[0] / 255, color[1] / 255, color[2] / 255, color[3] / 255


class SceneRenderer:
    """Programs and buffers of the 3D view; `draw` renders one frame of world and overlays."""

    def __init__(self, ctx: moderngl.Context, palette: Palette) -> None:
        self.ctx = ctx
        self.palette = palette
        self.blocks = load_program(ctx, "blocks")
        self.lines = load_program(ctx, "lines")
        self.points = load_program(ctx, "points")
        self.world = WorldView(ctx, self.blocks, palette)
        self.overlay: Overlay | None = None
        self._line_vbo = ctx.buffer(reserve=LINE_DTYPE.itemsize * 64, dynamic=True)
        self._line_vao = ctx.vertex_array(self.lines, [(self._line_vbo, "3f 4f1 1f", IN_POSITION, IN_COLOR,
                                                        IN_DASH)])
        self._point_vbo = ctx.buffer(reserve=16 * 64, dynamic=True)
        self._point_vao = ctx.vertex_array(self.points, [(self._point_vbo, "3f 4f1", IN_POSITION, IN_COLOR)])
        self._gizmo_vbo = ctx.buffer(self._gizmo_vertices().tobytes())
        self._gizmo_vao = ctx.vertex_array(self.lines, [(self._gizmo_vbo, "3f 4f1 1f", IN_POSITION, IN_COLOR,
                                                         IN_DASH)])
        self._line_count = 0
        self._point_count = 0

    def _gizmo_vertices(self) -> np.ndarray:
        out = np.zeros(6, dtype=LINE_DTYPE)
        for axis, name in enumerate(("axis_x", "axis_y", "axis_z")):
            out["in_position"][2 * axis + 1, axis] = 1.0
            out["in_color"][2 * axis: 2 * axis + 2] = self.palette.ui[name]
        return out

    def background(self) -> tuple[float, float, float, float]:
        return rgba_float(self.palette.ui["background"])

    def update_world(self, world: Any, budget_s: float | None = None) -> int:
        """Bring the section meshes up to date; returns the sections still waiting."""
        return self.world.update(world, budget_s)

    def set_overlay(self, overlay: Overlay) -> None:
        """Upload new overlay geometry (call when the tick, stage or selection changes, not every frame)."""
        self.overlay = overlay
        self._line_count = len(overlay.lines)
        self._point_count = len(overlay.points)
        for vbo, data in ((self._line_vbo, overlay.lines), (self._point_vbo, overlay.points)):
            raw = data.tobytes()
            if len(raw) > vbo.size:
                vbo.orphan(2 * len(raw))
            if raw:
                vbo.write(raw)

    def draw(self, target: moderngl.Framebuffer, camera: Camera, gizmo: bool = True) -> None:
        """Draw world and overlays into `target` (already cleared) over its whole viewport."""
        ctx = self.ctx
        width, height = target.size
        target.use()
        ctx.viewport = (0, 0, width, height)
        view = camera.view_matrix()
        proj = camera.proj_matrix(width / max(height, 1))
        for program in (self.blocks, self.lines, self.points):
            program[M_VIEW].write(view.tobytes())
            program[M_PROJ].write(proj.tobytes())
        self.blocks["grid_strength"] = GRID_STRENGTH
        self.lines["viewport_size"] = (width, height)
        self.lines["line_width"] = LINE_WIDTH
        self.points["point_size"] = POINT_SIZE
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        ctx.depth_func = "<="

        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self.world.draw_opaque()

        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.PROGRAM_POINT_SIZE)
        self._draw_overlay(alpha_scale=1.0)

        target.depth_mask = False
        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.CULL_FACE)
        self.world.draw_translucent()

        ctx.enable_only(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.PROGRAM_POINT_SIZE)
        ctx.depth_func = ">"
        self._draw_overlay(alpha_scale=HIDDEN_ALPHA)
        ctx.depth_func = "<="
        target.depth_mask = True

        if gizmo:
            self._draw_gizmo(view, width, height)

    def _draw_overlay(self, alpha_scale: float) -> None:
        self.lines["alpha_scale"] = alpha_scale
        self.points["alpha_scale"] = alpha_scale
        if self._line_count:
            self._line_vao.render(moderngl.LINES, vertices=self._line_count)
        if self._point_count:
            self._point_vao.render(moderngl.POINTS, vertices=self._point_count)

    def _draw_gizmo(self, view: np.ndarray, width: int, height: int) -> None:
        """The F3 axes (+X red, +Y green, +Z blue) turned like the camera, in the bottom-left corner."""
        rotation = view.copy()
        rotation[3, :3] = 0.0  # keep the camera's rotation only
        size = min(GIZMO_SIZE, width, height)
        self.ctx.viewport = (0, 0, size, size)
        self.ctx.enable_only(moderngl.BLEND)
        e = GIZMO_EXTENT
        ortho = pyrr.matrix44.create_orthogonal_projection(-e, e, -e, e, -2.0, 2.0, dtype="f4")
        self.lines[M_VIEW].write(rotation.astype("f4").tobytes())
        self.lines[M_PROJ].write(ortho.tobytes())
        self.lines["viewport_size"] = (size, size)
        self.lines["line_width"] = GIZMO_LINE_WIDTH
        self.lines["alpha_scale"] = 1.0
        self._gizmo_vao.render(moderngl.LINES)
        self.ctx.viewport = (0, 0, width, height)

    def release(self) -> None:
        self.world.clear()
        for obj in (self._line_vao, self._point_vao, self._gizmo_vao, self._line_vbo, self._point_vbo,
                    self._gizmo_vbo, self.blocks, self.lines, self.points):
            obj.release()
