"""Draws Dear ImGui's draw lists with moderngl (no PyOpenGL), with the ImGui >= 1.92 texture protocol.

Each frame: serve the texture requests in `draw_data.textures` (create / update / destroy), then for each
draw list upload its vertices and indices and issue one indexed draw per command, scissored to the
command's clip rectangle and bound to its texture.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import moderngl
import numpy as np
import pyrr
from imgui_bundle import imgui

from viewer.gl.programs import IN_COLOR, IN_POSITION, IN_UV, M_PROJ, load_program

VERTEX_FORMAT = "2f 2f 4f1"  # ImDrawVert: pos, uv, col (rgba8)
VERTEX_DTYPE = np.dtype([("pos", "<f4", 2), ("uv", "<f4", 2), ("col", "<u4")])  # ImDrawVert, colour packed
BACKGROUND_LIST = "##Background"  # ImGui's name of the viewport's background draw list
DOCK_HOST_PREFIX = "WindowOverViewport"  # ImGui's name of the draw list of the dock space over the viewport
MENU_BAR_LIST = "##MainMenuBar"  # the main menu bar's window, whose background repeats the panels' colour
INITIAL_VERTICES = 1 << 14
INITIAL_INDICES = 1 << 15


@dataclass(frozen=True)
class Cleared:
    """What the frame cleared before ImGui draws: `color` (packed like ImDrawVert.col) everywhere outside
    `view` (x0, y0, x1, y1 in ImGui's display coordinates), the 3D view's rectangle."""

    view: tuple[float, float, float, float]
    color: int


def hidden_backgrounds(vertices: np.ndarray, indices: np.ndarray, cleared: Cleared) -> int:
    """How many leading indices of a draw list (the dock space's, the menu bar's) draw only what the clear already
    shows: opaque triangles of the cleared colour wholly outside the view (the panels' backgrounds come first)."""
    tri = vertices[indices[:len(indices) // 3 * 3]].reshape(-1, 3)
    x0, y0, x1, y1 = cleared.view
    lo, hi = tri["pos"].min(axis=1), tri["pos"].max(axis=1)
    outside = (hi[:, 0] <= x0) | (lo[:, 0] >= x1) | (hi[:, 1] <= y0) | (lo[:, 1] >= y1)
    plain = (tri["col"] == cleared.color).all(axis=1) & outside
    return 3 * (len(plain) if plain.all() else int(np.argmin(plain)))


class ImGuiRenderer:
    """Owns the imgui program, the streaming buffers and the textures ImGui asks for."""

    def __init__(self, ctx: moderngl.Context) -> None:
        if imgui.VERTEX_SIZE != 20 or imgui.INDEX_SIZE != 4:
            raise RuntimeError(f"unexpected ImDrawVert layout: {imgui.VERTEX_SIZE} bytes per vertex, "
                               f"{imgui.INDEX_SIZE} bytes per index (expected 20 and 4)")
        self.ctx = ctx
        self.program = load_program(ctx, "imgui")
        self.program["texture0"] = 0
        self.textures: dict[int, moderngl.Texture] = {}
        self._vbo = ctx.buffer(reserve=INITIAL_VERTICES * imgui.VERTEX_SIZE, dynamic=True)
        self._ibo = ctx.buffer(reserve=INITIAL_INDICES * imgui.INDEX_SIZE, dynamic=True)
        self._vao = ctx.vertex_array(self.program, [(self._vbo, VERTEX_FORMAT, IN_POSITION, IN_UV, IN_COLOR)],
                                     index_buffer=self._ibo, index_element_size=imgui.INDEX_SIZE)
        io = imgui.get_io()
        io.backend_flags |= imgui.BackendFlags_.renderer_has_textures

    def render(self, draw_data: imgui.ImDrawData, background_only: bool = False,
               cleared: Cleared | None = None) -> None:
        """Draw one frame of ImGui into the bound framebuffer (its size is display_size * scale); with
        `background_only`, only the background draw list (text over the 3D view: labels, axis letters). With
        `cleared`, the docked panels' backgrounds are left to the clear (the same pixels, llvmpipe fills each
        panel pixel once less) and the background list is kept inside the view, as the panels covered it."""
        for tex in draw_data.textures:
            self._serve_texture_request(tex)
        scale_x, scale_y = draw_data.framebuffer_scale.x, draw_data.framebuffer_scale.y
        fb_w = int(draw_data.display_size.x * scale_x)
        fb_h = int(draw_data.display_size.y * scale_y)
        if fb_w <= 0 or fb_h <= 0 or draw_data.cmd_lists_count == 0:
            return
        left, top = draw_data.display_pos.x, draw_data.display_pos.y
        right, bottom = left + draw_data.display_size.x, top + draw_data.display_size.y
        proj = pyrr.matrix44.create_orthogonal_projection(left, right, bottom, top, -1.0, 1.0, dtype="f4")
        self.program[M_PROJ].write(proj.tobytes())

        ctx = self.ctx
        ctx.viewport = (0, 0, fb_w, fb_h)
        ctx.enable_only(moderngl.BLEND)
        ctx.blend_func = (moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA, moderngl.ONE, moderngl.ONE_MINUS_SRC_ALPHA)
        ctx.blend_equation = moderngl.FUNC_ADD
        try:
            for draw_list in draw_data.cmd_lists:
                if not background_only or draw_list._owner_name == BACKGROUND_LIST:
                    self._draw_list(draw_list, left, top, scale_x, scale_y, fb_h, cleared)
        finally:
            ctx.scissor = None

    def _draw_list(self, draw_list: imgui.ImDrawList, left: float, top: float,
                   scale_x: float, scale_y: float, fb_h: int, cleared: Cleared | None = None) -> None:
        vtx, idx = draw_list.vtx_buffer, draw_list.idx_buffer
        vtx_bytes = ctypes.string_at(vtx.data_address(), vtx.size() * imgui.VERTEX_SIZE)
        idx_bytes = ctypes.string_at(idx.data_address(), idx.size() * imgui.INDEX_SIZE)
        skip, bounds = 0, None
        owner = draw_list._owner_name
        if cleared is not None and (owner.startswith(DOCK_HOST_PREFIX) or owner == MENU_BAR_LIST):
            skip = hidden_backgrounds(np.frombuffer(vtx_bytes, dtype=VERTEX_DTYPE),
                                      np.frombuffer(idx_bytes, dtype=np.uint32), cleared)
        elif cleared is not None and owner == BACKGROUND_LIST:
            bounds = cleared.view
        if len(vtx_bytes) > self._vbo.size:
            self._vbo.orphan(2 * len(vtx_bytes))
        if len(idx_bytes) > self._ibo.size:
            self._ibo.orphan(2 * len(idx_bytes))
        self._vbo.write(vtx_bytes)
        self._ibo.write(idx_bytes)
        for cmd in draw_list.cmd_buffer:
            if cmd.user_callback_data is not None or cmd.elem_count == 0:
                continue
            first = max(cmd.idx_offset, skip)
            count = cmd.idx_offset + cmd.elem_count - first
            clip = cmd.clip_rect
            cx0, cy0, cx1, cy1 = clip.x, clip.y, clip.z, clip.w
            if bounds is not None:
                cx0, cy0, cx1, cy1 = max(cx0, bounds[0]), max(cy0, bounds[1]), min(cx1, bounds[2]), min(cy1, bounds[3])
            x0, y0 = (cx0 - left) * scale_x, (cy0 - top) * scale_y
            x1, y1 = (cx1 - left) * scale_x, (cy1 - top) * scale_y
            if x1 <= x0 or y1 <= y0 or count <= 0:
                continue
            self.ctx.scissor = (int(x0), int(fb_h - y1), int(x1 - x0), int(y1 - y0))
            texture = self.textures.get(cmd.get_tex_id())
            if texture is not None:
                texture.use(0)
            self._vao.render(moderngl.TRIANGLES, vertices=count, first=first)

    def _serve_texture_request(self, tex: imgui.ImTextureData) -> None:
        status = tex.status
        if status == imgui.ImTextureStatus.want_create:
            components = tex.bytes_per_pixel
            texture = self.ctx.texture((tex.width, tex.height), components,
                                       tex.get_pixels_array().tobytes())
            if components == 1:
                texture.swizzle = "111R"  # ImTextureFormat_Alpha8: white, coverage in alpha
            # The fonts are rasterised at the size drawn, one texel a pixel, so text is the same either way;
            # llvmpipe's linear filter costs a quarter of every panel pixel (only anti-aliased line ends differ).
            texture.filter = (moderngl.NEAREST, moderngl.NEAREST)
            self.textures[texture.glo] = texture
            tex.set_tex_id(texture.glo)
            tex.set_status(imgui.ImTextureStatus.ok)
        elif status == imgui.ImTextureStatus.want_updates:
            texture = self.textures[tex.get_tex_id()]
            pixels = tex.get_pixels_array().reshape(tex.height, tex.width, tex.bytes_per_pixel)
            for rect in tex.updates:
                region = np.ascontiguousarray(pixels[rect.y:rect.y + rect.h, rect.x:rect.x + rect.w])
                texture.write(region.tobytes(), viewport=(rect.x, rect.y, rect.w, rect.h))
            tex.set_status(imgui.ImTextureStatus.ok)
        elif status == imgui.ImTextureStatus.want_destroy and tex.unused_frames > 0:
            texture = self.textures.pop(tex.get_tex_id(), None)
            if texture is not None:
                texture.release()
            tex.set_tex_id(0)
            tex.set_status(imgui.ImTextureStatus.destroyed)

    def release(self) -> None:
        """Free every GL object; ImGui's textures are marked destroyed so a new renderer recreates them."""
        for tex in imgui.get_platform_io().textures:
            if tex.get_tex_id() in self.textures:
                tex.set_tex_id(0)
                tex.set_status(imgui.ImTextureStatus.destroyed)
        for texture in self.textures.values():
            texture.release()
        self.textures.clear()
        self._vao.release()
        self._vbo.release()
        self._ibo.release()
        self.program.release()
