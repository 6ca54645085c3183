"""The moderngl ImGui renderer: the font atlas is created and updated through ImGui's texture requests,
and text lands in the framebuffer inside its clip rectangle only."""

from __future__ import annotations

import moderngl
import numpy as np
from imgui_bundle import imgui

from viewer.gl.imgui_renderer import ImGuiRenderer

SIZE = (200, 100)


def draw(ctx: moderngl.Context, renderer: ImGuiRenderer, target: moderngl.Framebuffer, font_size: float) -> np.ndarray:
    imgui.get_io().display_size = SIZE
    imgui.get_io().delta_time = 1 / 60
    imgui.new_frame()
    draw_list = imgui.get_foreground_draw_list()
    draw_list.push_clip_rect((0, 0), (100, 100))
    imgui.push_font(None, font_size)
    draw_list.add_text((10, 10), imgui.IM_COL32(255, 255, 255, 255), "MMMM MMMM MMMM")
    imgui.pop_font()
    draw_list.pop_clip_rect()
    imgui.render()
    target.use()
    target.clear(0.0, 0.0, 0.0, 1.0)
    renderer.render(imgui.get_draw_data())
    return np.frombuffer(target.read(components=4), dtype=np.uint8).reshape(SIZE[1], SIZE[0], 4)[::-1]


def test_text_is_drawn_clipped_and_new_glyph_sizes_update_the_atlas(gl_ctx: moderngl.Context) -> None:
    context = imgui.create_context()
    imgui.get_io().set_ini_filename("")
    target = gl_ctx.simple_framebuffer(SIZE, components=4)
    renderer = ImGuiRenderer(gl_ctx)
    try:
        small = draw(gl_ctx, renderer, target, 13.0)
        assert small[:, :100, 0].max() == 255, "text drawn left of the clip edge"
        assert small[:, 100:, 0].max() == 0, "nothing drawn right of the clip edge"
        large = draw(gl_ctx, renderer, target, 40.0)  # glyphs of a new size: the atlas grows or is updated
        assert (large[:, :100, 0] > 128).sum() > 3 * (small[:, :100, 0] > 128).sum()
        assert len(renderer.textures) == 1, "one atlas texture, updated in place or recreated"
    finally:
        renderer.release()
        target.release()
        imgui.destroy_context(context)


def test_text_is_the_same_sampled_nearest_or_linear(gl_ctx: moderngl.Context) -> None:
    """The atlas is sampled nearest (cheaper on llvmpipe) because glyphs are rasterised at the size drawn, one
    texel a pixel: at every size the viewer's zoom gives, the text is the same pixels as with linear filtering."""
    context = imgui.create_context()
    imgui.get_io().set_ini_filename("")
    target = gl_ctx.simple_framebuffer(SIZE, components=4)
    renderer = ImGuiRenderer(gl_ctx)
    try:
        for size in (13.0, 16.25, 19.5, 26.0):
            nearest = draw(gl_ctx, renderer, target, size)
            (texture,) = renderer.textures.values()
            assert texture.filter == (moderngl.NEAREST, moderngl.NEAREST)
            texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
            linear = draw(gl_ctx, renderer, target, size)
            texture.filter = (moderngl.NEAREST, moderngl.NEAREST)
            assert nearest[:, :100, 0].max() == 255
            assert np.array_equal(nearest, linear), f"text of {size} px differs"
    finally:
        renderer.release()
        target.release()
        imgui.destroy_context(context)
