"""Every way of quitting, in a real X11 window (Xvfb) driven with xdotool as a user would: Ctrl+Q, the window's
close button (WM_DELETE_WINDOW), File › Quit and, with an unsaved edit, the prompt's "Quit without saving" all end
`tickscope view` with status 0 and nothing on stderr. The pointer positions come from the same layout drawn
headless at the same size (ImGui lays out the same at the same size and scale)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from imgui_bundle import imgui
from ui_driver import click

from viewer.app import WINDOW_SIZE

ROOT = Path(__file__).resolve().parents[2]

# The window's close button: the window manager's WM_DELETE_WINDOW message (Xvfb runs none, so it is sent here).
CLOSE_WINDOW = """
import ctypes, ctypes.util, sys
x = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
x.XOpenDisplay.restype = ctypes.c_void_p
x.XInternAtom.restype = ctypes.c_ulong
display = ctypes.c_void_p(x.XOpenDisplay(None))
class Message(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5), ("pad", ctypes.c_char * 96)]
event = Message(type=33, send_event=1, window=int(sys.argv[1]), format=32,
                message_type=x.XInternAtom(display, b"WM_PROTOCOLS", 0))
event.data[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
x.XSendEvent(display, ctypes.c_ulong(int(sys.argv[1])), 0, 0, ctypes.byref(event))
x.XFlush(display)
"""

# `tickscope view` with one block placed before the loop starts: the scene has an unsaved edit.
VIEW_EDITED = """
import sys
from engine.tick.scene import load_scene
from viewer import app as app_module, editing
opened = app_module.ViewerApp.__init__
def edited(self, *args, **kwargs):
    opened(self, *args, **kwargs)
    self.state.pending_edits.append(editing.set_block((0, 3, 0), editing.parse_block("minecraft:stone")[0]))
app_module.ViewerApp.__init__ = edited
sys.exit(app_module.run_viewer(sys.argv[1], load_scene(sys.argv[1])))
"""

DRIVER = """
import json, subprocess, sys, time
scene, points, close_window, view_edited = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], sys.argv[4]

def xdo(*args):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True).stdout.strip()

def started(command):
    viewer = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(240):
        window = xdo("search", "--name", "Tickscope")
        if window:
            time.sleep(2.0)   # a few frames: the panels are docked
            return viewer, window.split()[0]
        time.sleep(0.25)
    viewer.kill()
    raise SystemExit("no window")

def at(window, name):
    x, y = points[name]
    xdo("mousemove", "--window", window, str(round(x)), str(round(y)))
    time.sleep(0.3)
    xdo("click", "1")   # through XTEST, as a real button (an event sent to the window is not a click to pyglet)
    time.sleep(0.6)

def ended(name, viewer, extra=""):
    try:
        out, err = viewer.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        viewer.kill()
        out, err = viewer.communicate()
        print(name, "still running", err[-400:].replace(chr(10), " | "))
        return
    print(name, "exit", viewer.returncode, extra, "stderr", json.dumps(err[-400:]))

view = [sys.executable, "-m", "viewer.cli", "view", scene]
viewer, window = started(view)
xdo("key", "--window", window, "ctrl+q")
ended("ctrl+q", viewer)

viewer, window = started(view)
subprocess.run([sys.executable, "-c", close_window, window])
ended("close", viewer)

viewer, window = started(view)
at(window, "File")
at(window, "Quit")
ended("file-quit", viewer)

viewer, window = started([sys.executable, "-c", view_edited, scene])
xdo("key", "--window", window, "ctrl+q")
time.sleep(1.5)
asked = viewer.poll() is None
at(window, "Quit without saving")
ended("discard", viewer, f"asked {asked}")
"""


def _points(open_app, flat_scene: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[float, float]]:
    """Where File, File › Quit and the prompt's "Quit without saving" are, at the window's size, headless."""
    points: dict[str, tuple[float, float]] = {}

    def centre() -> tuple[float, float]:
        low, high = imgui.get_item_rect_min(), imgui.get_item_rect_max()
        return (low.x + high.x) / 2, (low.y + high.y) / 2

    for name in ("menu_item", "button"):
        drawn = getattr(imgui, name)

        def recorded(label, *args, _drawn=drawn, **kwargs):
            result = _drawn(label, *args, **kwargs)
            points[label] = centre()
            return result
        monkeypatch.setattr(imgui, name, recorded)
    app = open_app(flat_scene, WINDOW_SIZE)
    style = imgui.get_style()
    points["File"] = (style.frame_padding.x + imgui.calc_text_size("File").x / 2, imgui.get_frame_height() / 2)
    click(app, *points["File"])
    app.state.confirm_close = True
    for _ in range(2):
        app.draw_frame()
    return {name: points[name] for name in ("File", "Quit", "Quit without saving")}


@pytest.mark.skipif(shutil.which("xvfb-run") is None or shutil.which("xdotool") is None,
                    reason="needs Xvfb (xvfb-run) and xdotool to drive an X11 window")
def test_every_way_of_quitting_exits_with_status_0(open_app, flat_scene: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    points = _points(open_app, flat_scene, monkeypatch)
    env = {k: v for k, v in os.environ.items() if k != "PYGLET_HEADLESS"}
    env.update(PYTHONPATH=str(ROOT), XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    result = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x900x24", sys.executable, "-c", DRIVER,
                             str(flat_scene), json.dumps(points), CLOSE_WINDOW, VIEW_EDITED],
                            env=env, cwd=ROOT, capture_output=True, text=True, timeout=400)
    lines = result.stdout.splitlines()
    assert lines == ['ctrl+q exit 0  stderr ""', 'close exit 0  stderr ""', 'file-quit exit 0  stderr ""',
                     'discard exit 0 asked True stderr ""'], result.stdout + result.stderr[-2000:]


IDLE = """
import subprocess, sys, time
scene = sys.argv[1]

def xdo(*args):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True).stdout.strip()

def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

import os
viewer = subprocess.Popen([sys.executable, "-m", "viewer.cli", "view", scene], stderr=subprocess.PIPE, text=True)
window = ""
for _ in range(480):   # up to 2 min for the window: a busy machine (CI compiling) starts it slowly
    window = xdo("search", "--name", "Tickscope")
    if window:
        break
    time.sleep(0.25)
window = window.split()[0]
time.sleep(6.0)   # the first frames, the meshing, the second after them
start, used = time.monotonic(), cpu_seconds(viewer.pid)
time.sleep(5.0)
idle = (cpu_seconds(viewer.pid) - used) / (time.monotonic() - start)
xdo("key", "--window", window, "space")   # play: frames again
time.sleep(0.5)
start, used = time.monotonic(), cpu_seconds(viewer.pid)
time.sleep(2.0)
playing = (cpu_seconds(viewer.pid) - used) / (time.monotonic() - start)
title = xdo("getwindowname", window)
xdo("key", "--window", window, "ctrl+q")
viewer.wait(timeout=30)
print(f"idle {idle:.4f} playing {playing:.4f} exit {viewer.returncode}")
"""


@pytest.mark.skipif(shutil.which("xvfb-run") is None or shutil.which("xdotool") is None,
                    reason="needs Xvfb (xvfb-run) and xdotool to drive an X11 window")
def test_an_idle_window_draws_nothing_and_wakes_on_input(flat_scene: Path, tmp_path: Path) -> None:
    """Idle, the window uses under 2 % of a core (it drew 60 frames a second before, some 25 %); a key (Space:
    play) brings the frames back."""
    env = {k: v for k, v in os.environ.items() if k != "PYGLET_HEADLESS"}
    env.update(PYTHONPATH=str(ROOT), XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    result = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x900x24", sys.executable, "-c", IDLE,
                             str(flat_scene)], env=env, cwd=ROOT, capture_output=True, text=True, timeout=200)
    words = result.stdout.split()
    assert words[:1] == ["idle"], result.stdout + result.stderr[-2000:]
    idle, playing, status = float(words[1]), float(words[3]), int(words[5])
    assert idle < 0.02 and playing > 2 * idle + 0.01 and status == 0, result.stdout
