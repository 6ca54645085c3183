"""Whether the window's back buffer still holds the last frame when the next one is drawn, so that the panels
can be left as they are when nothing in them changed (viewer/gl/imgui_renderer.py).

- A headless window (PYGLET_HEADLESS) draws into an EGL pbuffer, which has one colour buffer: swapping it does
  nothing (EGL 1.5 §3.10.1.1), so its pixels stay.
- A GLX window says so through GLX_EXT_buffer_age: age 1 is the frame drawn before the last swap. Mesa's
  software GLX reports 0 (contents undefined) even though it keeps them: such a window redraws everything.
- Anything else (Windows, macOS, an unknown age): no.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

GLX_BACK_BUFFER_AGE_EXT = 0x20F4


def last_frame_kept(window: Any) -> bool:
    """True when the next frame starts from the pixels of the last one in `window`'s back buffer."""
    context = window.context
    headless = sys.modules.get("pyglet.gl.headless")
    if headless is not None and isinstance(context, headless.HeadlessContext):
        return True
    glx_window = getattr(context, "glx_window", None)
    if glx_window and context.config.glx_info.have_extension("GLX_EXT_buffer_age"):
        from pyglet.gl import glx

        age = ctypes.c_uint(0)
        glx.glXQueryDrawable(context.x_display, glx_window, GLX_BACK_BUFFER_AGE_EXT, ctypes.byref(age))
        return age.value == 1
    return False
