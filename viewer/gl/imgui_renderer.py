"""Draws Dear ImGui's draw lists with moderngl (no PyOpenGL), with the ImGui >= 1.92 texture protocol.

Each frame: serve the texture requests in `draw_data.textures` (create / update / destroy), then for each
draw list upload its vertices and indices and issue one indexed draw per command, scissored to the
command's clip rectangle and bound to its texture.

In the window (`cleared` given) the panels are kept from the last frame when the back buffer still holds it
(viewer/gl/back_buffer.py), no panel's draw list changed, and none of them draws inside the 3D view: then only
the background list (labels and axis letters over the view) is drawn. Orbiting the camera redraws the view and
its labels, not the panels around it (llvmpipe fills each panel pixel at some 6-9 ns).
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
    """The 3D view the frame cleared and drew before ImGui draws: `view` (x0, y0, x1, y1 in ImGui's display
    coordinates) and `pixels` (x, y from the bottom, width, height in the framebuffer). The panels around it are
    cleared to `color` (packed like ImDrawVert.col) when the renderer draws them."""

    view: tuple[float, float, float, float]
    color: int
    pixels: tuple[int, int, int, int]


def hidden_backgrounds(vertices: np.ndarray, indices: np.ndarray, cleared: Cleared) -> int:
    """How many leading indices of a draw list (the dock space's, the menu bar's) draw only what the clear already
    shows: opaque triangles of the cleared colour wholly outside the view (the panels' backgrounds come first)."""
    tri = vertices[indices[:len(indices) // 3 * 3]].reshape(-1, 3)
    x0, y0, x1, y1 = cleared.view
    lo, hi = tri["pos"].min(axis=1), tri["pos"].max(axis=1)
    outside = (hi[:, 0] <= x0) | (lo[:, 0] >= x1) | (hi[:, 1] <= y0) | (lo[:, 1] >= y1)
    plain = (tri["col"] == cleared.color).all(axis=1) & outside
    return 3 * (len(plain) if plain.all() else int(np.argmin(plain)))


def draws_inside(vertices: np.ndarray, indices: np.ndarray, commands: list[tuple[int, int, tuple]],
                 view: tuple[float, float, float, float]) -> bool:
    """Whether any triangle of `commands` (first index, index count, clip rectangle) draws inside `view`: the
    box around the triangle, cut to its command's clip rectangle, overlaps the view's interior."""
    if not commands:
        return False
    chosen = np.concatenate([indices[first:first + count] for first, count, _ in commands])
    triangles = vertices["pos"][chosen[:len(chosen) // 3 * 3]].reshape(-1, 3, 2)
    clip = np.repeat(np.array([rect for *_, rect in commands], dtype=np.float32),
                     [count // 3 for _, count, _ in commands], axis=0)
    lo = np.maximum(triangles.min(axis=1), clip[:, :2])
    hi = np.minimum(triangles.max(axis=1), clip[:, 2:])
    x0, y0, x1, y1 = view
    overlap = (lo[:, 0] < x1) & (hi[:, 0] > x0) & (lo[:, 1] < y1) & (hi[:, 1] > y0)
    return bool(np.any(overlap & (lo < hi).all(axis=1)))


def _list_key(draw_list: imgui.ImDrawList) -> tuple:
    """Everything a draw list draws: its vertices, indices and commands (clip rectangle, texture, range)."""
    vtx, idx = draw_list.vtx_buffer, draw_list.idx_buffer
    return (ctypes.string_at(vtx.data_address(), vtx.size() * imgui.VERTEX_SIZE),
            ctypes.string_at(idx.data_address(), idx.size() * imgui.INDEX_SIZE),
            tuple((c.clip_rect.x, c.clip_rect.y, c.clip_rect.z, c.clip_rect.w, c.get_tex_id(), c.idx_offset,
                   c.elem_count, c.user_callback_data is None) for c in draw_list.cmd_buffer))


def unpack_color(packed: int) -> tuple[float, float, float, float]:
    """An ImDrawVert colour (rgba bytes, r lowest) as floats."""
    return tuple(((packed >> shift) & 0xFF) / 255 for shift in (0, 8, 16, 24))


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
        self._panels: tuple | None = None  # the panels last drawn: frame geometry and their lists (_list_key)
        self._keepable = False             # whether they stay out of the view (then they can be kept)
        io = imgui.get_io()
        io.backend_flags |= imgui.BackendFlags_.renderer_has_textures

    def render(self, draw_data: imgui.ImDrawData, background_only: bool = False,
               cleared: Cleared | None = None, kept: bool = False) -> None:
        """Draw one frame of ImGui into the bound framebuffer (its size is display_size * scale); with
        `background_only`, only the background draw list (text over the 3D view: labels, axis letters). With
        `cleared`, the panels' area is cleared to its colour and the docked panels' backgrounds are left to that
        clear (llvmpipe fills each panel pixel once less), the background list is kept inside the view, and with
        `kept` (the framebuffer still holds the last frame) the panels are drawn only when they changed."""
        changed = False
        for tex in draw_data.textures:
            changed |= self._serve_texture_request(tex)
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
        lists = [(d._owner_name, _list_key(d)) for d in draw_data.cmd_lists
                 if not background_only or d._owner_name == BACKGROUND_LIST]
        if cleared is not None and not background_only:
            panels = (fb_w, fb_h, left, top, scale_x, scale_y, cleared,
                      tuple(item for item in lists if item[0] != BACKGROUND_LIST))
            if kept and not changed and self._keepable and panels == self._panels:
                lists = [item for item in lists if item[0] == BACKGROUND_LIST]
            else:
                self._panels, self._keepable = panels, True
                self._clear_panels(cleared, fb_w, fb_h)
        ctx.enable_only(moderngl.BLEND)
        ctx.blend_func = (moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA, moderngl.ONE, moderngl.ONE_MINUS_SRC_ALPHA)
        ctx.blend_equation = moderngl.FUNC_ADD
        try:
            for owner, key in lists:
                if self._draw_list(owner, key, left, top, scale_x, scale_y, fb_h, cleared):
                    self._keepable = False  # a menu, tooltip or window over the view: redrawn with it
        finally:
            ctx.scissor = None

    def _clear_panels(self, cleared: Cleared, fb_w: int, fb_h: int) -> None:
        """Clear the framebuffer around the view (four strips) to the panels' colour."""
        x, y, w, h = cleared.pixels
        color = unpack_color(cleared.color)
        for strip in ((0, 0, fb_w, y), (0, y + h, fb_w, fb_h - y - h), (0, y, x, h), (x + w, y, fb_w - x - w, h)):
            if strip[2] > 0 and strip[3] > 0:
                self.ctx.clear(*color, viewport=strip)

    def _draw_list(self, owner: str, key: tuple, left: float, top: float, scale_x: float, scale_y: float,
                   fb_h: int, cleared: Cleared | None = None) -> bool:
        """Draw one list (its name and `_list_key`); returns whether it drew inside the view of `cleared` (the
        background list, kept to the view, does not count)."""
        vtx_bytes, idx_bytes, commands = key
        vertices, indices = np.frombuffer(vtx_bytes, dtype=VERTEX_DTYPE), np.frombuffer(idx_bytes, dtype=np.uint32)
        skip, bounds = 0, None
        if cleared is not None and (owner.startswith(DOCK_HOST_PREFIX) or owner == MENU_BAR_LIST):
            skip = hidden_backgrounds(vertices, indices, cleared)
        elif cleared is not None and owner == BACKGROUND_LIST:
            bounds = cleared.view
        if len(vtx_bytes) > self._vbo.size:
            self._vbo.orphan(2 * len(vtx_bytes))
        if len(idx_bytes) > self._ibo.size:
            self._ibo.orphan(2 * len(idx_bytes))
        self._vbo.write(vtx_bytes)
        self._ibo.write(idx_bytes)
        drawn: list[tuple[int, int, tuple]] = []
        for cx0, cy0, cx1, cy1, tex_id, offset, elem_count, plain in commands:
            if not plain or elem_count == 0:
                continue
            first = max(offset, skip)
            count = offset + elem_count - first
            if bounds is not None:
                cx0, cy0, cx1, cy1 = max(cx0, bounds[0]), max(cy0, bounds[1]), min(cx1, bounds[2]), min(cy1, bounds[3])
            x0, y0 = (cx0 - left) * scale_x, (cy0 - top) * scale_y
            x1, y1 = (cx1 - left) * scale_x, (cy1 - top) * scale_y
            if x1 <= x0 or y1 <= y0 or count <= 0:
                continue
            self.ctx.scissor = (int(x0), int(fb_h - y1), int(x1 - x0), int(y1 - y0))
            texture = self.textures.get(tex_id)
            if texture is not None:
                texture.use(0)
            self._vao.render(moderngl.TRIANGLES, vertices=count, first=first)
            drawn.append((first, count, (cx0, cy0, cx1, cy1)))
        return bounds is None and cleared is not None and draws_inside(vertices, indices, drawn, cleared.view)

    def _serve_texture_request(self, tex: imgui.ImTextureData) -> bool:
        """Create, update or destroy one texture as ImGui asks; returns whether anything changed."""
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
        else:
            return False
        return True

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
