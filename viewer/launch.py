"""`tickscope view`: everything that can fail before the window opens fails here with one line on stderr and
status 2 (a missing or bad scene, no display, no OpenGL 3.3); later errors go to the window's error panel."""

from __future__ import annotations

import gc
import os
import pickle
import select
import sys
import warnings
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from engine import Simulation, WorldBox
    from viewer.first_frame import FirstFrame

MESSAGE_HEADER = 8   # bytes of a message's length, before it (the loading child's pipe)
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


def open_viewer(scene_path: str, allow_unmapped: bool = False, region: WorldBox | None = None,
                release: str | None = None) -> int:
    """Load `scene_path` (`allow_unmapped`: a schematic without what its release lacks; `region`: the box of a world
    folder; `release`: `--version`, engine.load_scene), open the window on it and run until it is closed; the exit
    status."""
    # What the launch makes lives on: the collector waits until the first frame is drawn (the app then freezes
    # it all and turns the collector back on), which saves some 60 ms of collections (docs/performance.md).
    gc.disable()
    loading = start_loading(scene_path, allow_unmapped, region, release)
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
    if loading.first_frame() is None:   # no child, or its load failed: loaded here, its error raised here
        try:
            sim: Simulation | Loading = loading()
        except Exception as err:
            return _fail(_why_not_loaded(scene_path, err))
    else:                               # the window draws its first frame from the summary, then takes the rest
        sim = loading
    if problem:
        return _fail(problem)
    return run_viewer(scene_path, sim, allow_unmapped, release)


def _why_not_loaded(scene_path: str, err: Exception) -> str:
    """The one line saying why the scene did not load, or `err` raised again where it is a bug."""
    from engine import SceneError
    if isinstance(err, SceneError):
        return str(err)
    if isinstance(err, NotImplementedError):   # a mechanic the engine does not simulate yet, named in the message
        return f"{scene_path}: not simulated: {err}"
    raise err


class Loading:
    """A scene being loaded (`start_loading`). A forked child loads it and sends two messages, each pickled: the first
    frame's summary (`viewer.first_frame`: plain data, so that reading it imports none of the engine), then the
    simulation. `first_frame()` waits for the summary; calling the object waits for the simulation. Where there is
    no child, or it sends nothing (its load failed), the scene loads here when called and its error is raised here.
    `asking`: the write end of a second pipe, closed when the window wants the summary (the child then stops meshing
    for it, `viewer.first_frame.summary`'s `asked`)."""

    def __init__(self, load_here: Callable[[], Simulation], pipe: BinaryIO | None = None, pid: int = 0,
                 asking: int = -1) -> None:
        self._load_here = load_here
        self._pipe = pipe
        self._pid = pid
        self._asking = asking
        self._summary_read = False
        self.summary: FirstFrame | None = None

    def first_frame(self) -> FirstFrame | None:
        """The child's summary of the first frame (waited for), or None where there is none."""
        if not self._summary_read and self._pipe is not None:
            self._summary_read = True
            os.close(self._asking)   # the summary is wanted now: the child sends what it has meshed so far
            data = _message(self._pipe)
            self.summary = pickle.loads(data) if data else None
        return self.summary

    def __call__(self) -> Simulation:
        """The simulation: the child's, or loaded here where it sends none."""
        if self._pipe is not None:
            self.first_frame()
            data = _message(self._pipe) if self.summary is not None else b""
            self._pipe.close()
            self._pipe = None
            os.waitpid(self._pid, 0)
            if data:
                return pickle.loads(data)
        return self._load_here()


def start_loading(scene_path: str, allow_unmapped: bool = False, region: WorldBox | None = None,
                  release: str | None = None) -> Loading:
    """Start loading `scene_path`. On Linux a forked child loads it while this process imports the window's libraries
    (launch time, docs/performance.md), forked before this process imports the engine: the window's first frame
    needs none of it; elsewhere the scene loads here."""
    load_here = partial(_load, scene_path, allow_unmapped, region, release)
    if sys.platform != "linux":
        return Loading(load_here)
    read_end, write_end = os.pipe()
    asked, asking = os.pipe()   # the window asking for the summary (`Loading.first_frame` closes `asking`)
    try:
        with warnings.catch_warnings():
            # Python 3.12 warns of a fork beside other threads (numpy's math library starts some, where a caller
            # imported it): the child runs only this thread's Python, and numpy's element-wise work in the loader
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError:   # no process to spare (a limit on processes, memory): the scene loads here
        for end in (read_end, write_end, asked, asking):
            os.close(end)
        return Loading(load_here)
    if pid == 0:
        try:
            os.close(read_end)
            os.close(asking)
            with open(write_end, "wb") as pipe:
                _send_load(pipe, asked, scene_path, allow_unmapped, region, release)
        finally:
            os._exit(0)
    os.close(write_end)
    os.close(asked)
    return Loading(load_here, open(read_end, "rb"), pid, asking)   # noqa: SIM115 (closed when the simulation is read)


def _load(scene_path: str, allow_unmapped: bool, region: WorldBox | None, release: str | None) -> Simulation:
    from engine import load_scene
    return load_scene(scene_path, allow_unmapped, region, release)


def _send_load(pipe: BinaryIO, asked: int, scene_path: str, allow_unmapped: bool,
               region: WorldBox | None = None, release: str | None = None) -> None:
    """The child's messages: the summary of the first frame, then the simulation; nothing where the load (or the
    summary) fails: the parent then loads the scene itself and meets the error there. The summary's meshing stops
    early once the window asks for it (`asked`, the read end of the pipe the window closes: readable then), so that
    the window does not wait for sections it can mesh itself. Ends quietly whatever happens (a parent gone away, a
    simulation that does not pickle): the parent loads what it did not receive."""
    try:
        sim = _load(scene_path, allow_unmapped, region, release)
        from viewer.drawing.palette import load_palette
        from viewer.first_frame import summary
        first = summary(sim, load_palette(), asked=lambda: bool(select.select([asked], [], [], 0)[0]))
        _write_message(pipe, pickle.dumps(first, protocol=pickle.HIGHEST_PROTOCOL))
        _write_message(pipe, pickle.dumps(sim, protocol=pickle.HIGHEST_PROTOCOL))
    except BaseException:   # the child must reach os._exit whatever happens, and say nothing
        return


def _write_message(pipe: BinaryIO, data: bytes) -> None:
    pipe.write(len(data).to_bytes(MESSAGE_HEADER, "little"))
    pipe.write(data)
    pipe.flush()


def _message(pipe: BinaryIO) -> bytes:
    """The next message from the child, or b"" where it sent no more (a short message counts as none)."""
    header = pipe.read(MESSAGE_HEADER)
    if len(header) < MESSAGE_HEADER:
        return b""
    size = int.from_bytes(header, "little")
    data = pipe.read(size)
    return data if len(data) == size else b""


def _fail(message: str) -> int:
    print(f"tickscope: {message}", file=sys.stderr)
    return 2
