"""Driving the window in tests, headless: pyglet events delivered and a frame drawn after each, so ImGui sees
them (notes on the GL stack: "Driving the UI from a test")."""

from __future__ import annotations

import numpy as np
from pyglet.window import mouse

from viewer.app import ViewerApp
from viewer.drawing.labels import project


def send(app: ViewerApp, event: str, *args: object) -> None:
    """Queue a pyglet event, deliver it, and draw one frame so ImGui sees it."""
    app.window.dispatch_event(event, *args)
    app.window.dispatch_events()
    app.draw_frame()


def click(app: ViewerApp, x: float, y: float) -> None:
    """Move, press and release the left button at ImGui coordinates (origin top left)."""
    py = app.window.height - y
    send(app, "on_mouse_motion", x, py, 0, 0)
    send(app, "on_mouse_press", x, py, mouse.LEFT, 0)
    send(app, "on_mouse_release", x, py, mouse.LEFT, 0)
    app.draw_frame()


def on_screen(app: ViewerApp, point) -> tuple[float, float]:
    """Window pixels (from the top left) of a world point, in the 3D view (the dock space's central node)."""
    rect = app.view_rect
    camera = app.controls.camera()
    (x, y), = project(np.array([point]), camera.view_matrix(), camera.proj_matrix(rect.width / rect.height),
                      (rect.width, rect.height))
    return rect.x + x, rect.y + y


def press(app: ViewerApp, symbol: int, modifiers: int = 0) -> None:
    send(app, "on_key_press", symbol, modifiers)
    send(app, "on_key_release", symbol, modifiers)


def run_to(app: ViewerApp, tick: int) -> None:
    """Move the window's run to `tick` (the timeline's rewind/replay) in one frame."""
    app.state.rewind_to = tick
    app.draw_frame()
    assert app.sim.tick_count == tick


def overlaps(window, rect) -> bool:
    """Whether an ImGui window's rectangle meets `rect` (a ViewRect)."""
    x0, y0 = window.pos.x, window.pos.y
    x1, y1 = x0 + window.size.x, y0 + window.size.y
    return x0 < rect.x + rect.width and rect.x < x1 and y0 < rect.y + rect.height and rect.y < y1


def finished(app: ViewerApp, job: str, timeout_s: float = 120.0) -> int:
    """Draw frames until the Analysis panel's job `job` (an `AnalysisState` field) has ended and been collected;
    the frames drawn meanwhile."""
    import time
    deadline, frames = time.monotonic() + timeout_s, 0
    while getattr(app.analysis_state, job) is not None:
        assert time.monotonic() < deadline, f"the {job} did not end in {timeout_s} s"
        app.draw_frame()
        frames += 1
        time.sleep(0.01)
    return frames
