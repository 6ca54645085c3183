"""Whether the window's back buffer still holds the last frame when the next one is drawn, so that the panels
can be left as they are when nothing in them changed (viewer/gl/imgui_renderer.py).

- A headless window (PYGLET_HEADLESS) draws into an EGL pbuffer, which has one colour buffer: swapping it does
  nothing (EGL 1.5 §3.10.1.1), so its pixels stay.
- A GLX window is opened, where the driver offers one, on a framebuffer configuration whose swap copies the back
  buffer to the window (GLX_OML_swap_method's GLX_SWAP_COPY_OML, as Mesa's software GLX offers): the back buffer
  keeps the frame by definition. Else GLX_EXT_buffer_age says so: age 1 is the frame drawn before the last swap.
- Anything else (Windows, macOS, an unknown age): no.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

import pyglet

GLX_BACK_BUFFER_AGE_EXT = 0x20F4
GLX_SWAP_METHOD_OML = 0x8060
GLX_SWAP_COPY_OML = 0x8062


def window_config(template: Any) -> Any:
    """The configuration to open the window with (pyglet would take the first match of `template`): the first with
    eight bits a colour and no stencil, on GLX the first of those whose swap copies where one does; on Windows and
    macOS, or without a match, `template` itself. Headless, EGL lists 10-bit colour before 8-bit, and with no sizes
    asked for, 16-bit (5-6-5) first: the viewer's screenshots would be taken from it."""
    if sys.platform in ("win32", "darwin"):
        return template
    configs = [c for c in pyglet.display.get_display().get_default_screen().get_matching_configs(template)
               if (c.red_size, c.green_size, c.blue_size) == (8, 8, 8) and not c.stencil_size]
    if not pyglet.options.headless:
        configs = [c for c in configs if _swap_method(c) == GLX_SWAP_COPY_OML] or configs
    return configs[0] if configs else template


def _swap_method(config: Any) -> int:
    """GLX_SWAP_METHOD_OML of a GLX configuration (0 where the driver does not say)."""
    if not getattr(config, "fbconfig", None) or not config.glx_info.have_extension("GLX_OML_swap_method"):
        return 0
    from pyglet.gl import glx

    method = ctypes.c_int(0)
    glx.glXGetFBConfigAttrib(config.canvas.display._display, config.fbconfig, GLX_SWAP_METHOD_OML,
                             ctypes.byref(method))
    return method.value


def last_frame_kept(window: Any) -> bool:
    """True when the next frame starts from the pixels of the last one in `window`'s back buffer."""
    context = window.context
    headless = sys.modules.get("pyglet.gl.headless")
    if headless is not None and isinstance(context, headless.HeadlessContext):
        return True
    glx_window = getattr(context, "glx_window", None)
    if glx_window and _swap_method(context.config) == GLX_SWAP_COPY_OML:
        return True
    if glx_window and context.config.glx_info.have_extension("GLX_EXT_buffer_age"):
        from pyglet.gl import glx

        age = ctypes.c_uint(0)
        glx.glXQueryDrawable(context.x_display, glx_window, GLX_BACK_BUFFER_AGE_EXT, ctypes.byref(age))
        return age.value == 1
    return False
