"""`tickscope view`: everything that can fail before the window opens fails here with one line on stderr and
status 2 (a missing or bad scene, no display, no OpenGL 3.3); later errors go to the window's error panel."""

from __future__ import annotations

import gc
import os
import sys

NO_DISPLAY = ("no display to open the viewer on (DISPLAY and WAYLAND_DISPLAY are unset); the viewer needs a "
              "graphical session with OpenGL 3.3 (for images without one: tickscope render)")


def display_problem() -> str | None:
    """Why no window can be opened here, or None. Only Linux and BSDs need a display server named in the
    environment; PYGLET_HEADLESS=1 opens an EGL window without one (notes on the GL stack)."""
    if os.environ.get("PYGLET_HEADLESS") or sys.platform in ("win32", "darwin"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return NO_DISPLAY


def open_viewer(scene_path: str) -> int:
    """Load `scene_path`, open the window on it and run until it is closed; the exit status."""
    # What the launch makes lives on: the collector waits until the first frame is drawn (the app then freezes
    # it all and turns the collector back on), which saves some 60 ms of collections (docs/performance.md).
    gc.disable()
    from engine.tick.scene import SceneError, load_scene
    try:
        sim = load_scene(scene_path)
    except SceneError as err:
        return _fail(str(err))
    except NotImplementedError as err:   # a mechanic the engine does not simulate yet, named in the message
        return _fail(f"{scene_path}: not simulated: {err}")
    problem = display_problem()
    if problem:
        return _fail(problem)
    # pyglet's glGetError after each of its own GL calls costs time and trips over errors of moderngl's calls
    os.environ.setdefault("PYGLET_DEBUG_GL", "0")
    try:
        from viewer.app import run_viewer
    except Exception as exc:  # pyglet's X11 layer raises a plain Exception subclass at import without a server
        if type(exc).__name__ != "NoSuchDisplayException":
            raise
        return _fail(f"cannot open a window: {exc}; the viewer needs a display with OpenGL 3.3")
    return run_viewer(scene_path, sim)


def _fail(message: str) -> int:
    print(f"tickscope: {message}", file=sys.stderr)
    return 2
