"""`tickscope view`: everything that can fail before the window opens fails here with one line on stderr and
status 2 (a missing or bad scene, no display, no OpenGL 3.3); later errors go to the window's error panel."""

from __future__ import annotations

import gc
import os
import pickle
import sys
import warnings
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine import Simulation, WorldBox

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


def open_viewer(scene_path: str, allow_unmapped: bool = False, region: WorldBox | None = None) -> int:
    """Load `scene_path` (`allow_unmapped`: a schematic without what 1.16.5 lacks; `region`: the box of a world
    folder), open the window on it and run until it is closed; the exit status."""
    # What the launch makes lives on: the collector waits until the first frame is drawn (the app then freezes
    # it all and turns the collector back on), which saves some 60 ms of collections (docs/performance.md).
    gc.disable()
    from engine import SceneError
    loading = start_loading(scene_path, allow_unmapped, region)
    problem = display_problem()
    if problem is None:
        # pyglet's glGetError after each of its own GL calls costs time and trips over errors of moderngl's calls
        os.environ.setdefault("PYGLET_DEBUG_GL", "0")
        try:
            from viewer.app import run_viewer
        except Exception as exc:  # pyglet's X11 layer raises a plain Exception subclass at import without a server
            if type(exc).__name__ != "NoSuchDisplayException":
                raise
            problem = f"cannot open a window: {exc}; the viewer needs a display with OpenGL 3.3"
    try:
        sim = loading()
    except SceneError as err:
        return _fail(str(err))
    except NotImplementedError as err:   # a mechanic the engine does not simulate yet, named in the message
        return _fail(f"{scene_path}: not simulated: {err}")
    if problem:
        return _fail(problem)
    return run_viewer(scene_path, sim, allow_unmapped)


def start_loading(scene_path: str, allow_unmapped: bool = False,
                  region: WorldBox | None = None) -> Callable[[], Simulation]:
    """Start loading `scene_path`; the function returned waits for the simulation and raises what `load_scene`
    raises. On Linux a forked child loads it while this process imports the window's libraries, and sends it back
    pickled (launch time, docs/performance.md); elsewhere, or where the child sends nothing, it loads here."""
    from engine import load_scene
    if sys.platform != "linux":
        return partial(load_scene, scene_path, allow_unmapped, region)
    read_end, write_end = os.pipe()
    try:
        with warnings.catch_warnings():
            # Python 3.12 warns of a fork beside other threads (numpy's math library starts some): the child runs
            # only this thread's Python, and numpy's element-wise work in the loader, never those threads
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError:   # no process to spare (a limit on processes, memory): the scene loads here
        os.close(read_end)
        os.close(write_end)
        return partial(load_scene, scene_path, allow_unmapped, region)
    if pid == 0:
        try:
            os.close(read_end)
            with open(write_end, "wb") as pipe:
                pipe.write(_pickled_load(scene_path, allow_unmapped, region))
        finally:
            os._exit(0)
    os.close(write_end)

    def receive() -> Simulation:
        with open(read_end, "rb") as pipe:
            data = pipe.read()
        os.waitpid(pid, 0)
        # the child's load failed: loaded again here, its error raised here
        return pickle.loads(data) if data else load_scene(scene_path, allow_unmapped, region)
    return receive


def _pickled_load(scene_path: str, allow_unmapped: bool, region: WorldBox | None = None) -> bytes:
    """The child's answer: the simulation pickled, or nothing where the load fails (the parent then loads the scene
    itself and meets the error there)."""
    from engine import load_scene
    try:
        return pickle.dumps(load_scene(scene_path, allow_unmapped, region), protocol=pickle.HIGHEST_PROTOCOL)
    except BaseException:   # the child must reach os._exit whatever happens, and say nothing
        return b""


def _fail(message: str) -> int:
    print(f"tickscope: {message}", file=sys.stderr)
    return 2
