"""The viewer's pyglet window: pyglet's own, less its 2D drawing. The viewer draws through moderngl with its own
programs, so the default shader program and projection pyglet makes for its sprites and shapes are left out
(compiling that program cost about 40 ms of every launch, docs/performance.md "Launch of every scene"), as
pyglet's own hidden shadow window leaves them out."""

from __future__ import annotations

import pyglet


class ViewerWindow(pyglet.window.Window):
    """`pyglet.window.Window` without the default program, its uniform block and projection; a resize still sets
    the viewport and dispatches `on_resize`, a change of scale `on_scale`."""

    def _create_projection(self) -> None:
        self._viewport = 0, 0, *self.get_framebuffer_size()

    def _on_internal_resize(self, width: int, height: int) -> None:
        self._fill_viewport()
        self.dispatch_event("on_resize", *self.get_size())

    def _on_internal_scale(self, scale: float, dpi: int) -> None:
        self._fill_viewport()
        self._mouse_cursor.scaling = self._get_mouse_scale()
        self.dispatch_event("on_scale", scale, dpi)

    def _fill_viewport(self) -> None:
        width, height = self.get_framebuffer_size()
        self._viewport = 0, 0, width, height
        pyglet.gl.glViewport(0, 0, max(width, 1), max(height, 1))
