"""The desktop viewer: a pyglet window drawing a simulation with moderngl, with ImGui panels.

Frame recipe (`draw_frame`): run the requested ticks → build the panels → bring GPU data up to date →
draw the 3D view → draw ImGui. Errors (a scene that fails to load, a tick that raises) go to the error
panel; the window keeps running and the last good state stays shown.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import moderngl
import pyglet
from imgui_bundle import imgui

from engine.scene import SceneError, load_scene
from engine.simulation import Simulation
from viewer.controls import CameraControls
from viewer.framing import scene_bounds
from viewer.gl.imgui_input import ImGuiInput
from viewer.gl.imgui_renderer import ImGuiRenderer
from viewer.history import History
from viewer.labels import draw_gizmo_letters, draw_labels
from viewer.overlays import OverlayBuilder, add_entities, add_geometry, stage_geometry
from viewer.palette import load_palette
from viewer.panels import draw_controls, draw_errors
from viewer.scene_renderer import GIZMO_SIZE, SceneRenderer
from viewer.state import ViewerState

WINDOW_SIZE = (1280, 720)
CAPTION = "Tickscope"
MAX_TICKS_PER_FRAME = 50      # playing never runs more ticks than this in one frame
WORLD_BUDGET_S = 0.02         # remeshing time per frame; the rest waits for the next frame
FRAME_INTERVAL_S = 1.0 / 60.0
FRAME_TIME_SMOOTHING = 0.1    # weight of the newest frame in the displayed frame time
MAX_TRACE_PRIMITIVES = 5000   # with no entity selected, a larger trace is not drawn (select one)


def config_dir() -> Path:
    """Where the panel layout is kept: $XDG_CONFIG_HOME/tickscope (or ~/.config/tickscope)."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "tickscope"


class ViewerApp:
    """One window on one simulation."""

    def __init__(self, scene_path: str | None, size: tuple[int, int] = WINDOW_SIZE, visible: bool = True,
                 ini_path: Path | None = None) -> None:
        config = pyglet.gl.Config(major_version=3, minor_version=3, forward_compatible=True, depth_size=24,
                                  double_buffer=True)
        self.window = pyglet.window.Window(size[0], size[1], CAPTION, resizable=True, visible=visible,
                                           config=config)
        moderngl.init_context()  # gl-stack.md: one create_context per process; init per window
        self.ctx = moderngl.get_context()
        self.imgui_context = imgui.create_context()
        io = imgui.get_io()
        io.set_ini_filename(str(ini_path) if ini_path is not None else "")
        self.imgui_renderer = ImGuiRenderer(self.ctx)
        self.imgui_input = ImGuiInput(self.window)
        self.state = ViewerState()
        self.palette = load_palette()
        self.scene = SceneRenderer(self.ctx, self.palette)
        self.controls = CameraControls(self.state, self.window)
        self.window.push_handlers(self.controls)
        self.window.push_handlers(self.imgui_input)
        self.window.push_handlers(on_draw=self.draw_frame)
        self.sim: Any = Simulation()
        self.history = History(self.sim)
        self._overlay_key: tuple | None = None
        self._last_time = time.perf_counter()
        self._tick_credit = 0.0
        self.load(scene_path)

    # --- simulation ---
    def load(self, scene_path: str | None) -> None:
        """Open a scene; on failure report it and keep the current one."""
        if scene_path is None:
            return
        try:
            sim = load_scene(scene_path)
        except SceneError as exc:
            self.state.report(str(exc))
            return
        except Exception as exc:  # a loader bug must not keep the window from opening
            self.state.report(f"{scene_path}: {describe(exc)}")
            return
        sim.trace_enabled = True
        self.sim = sim
        self.history = History(sim)
        self.controls.frame(scene_bounds(sim))
        self._overlay_key = None

    def advance(self, dt: float) -> None:
        """Run the ticks asked for since the last frame: a rewind, steps, or play at the chosen rate."""
        state = self.state
        target = state.rewind_to
        state.rewind_to = None
        steps = state.pending_steps
        state.pending_steps = 0
        if steps < 0:
            target = self.sim.tick_count + steps
            steps = 0
        if state.playing:
            self._tick_credit += dt * state.tps
            whole = int(self._tick_credit)
            self._tick_credit -= whole
            steps += min(whole, MAX_TICKS_PER_FRAME)
        before = self.sim.tick_count
        try:
            if target is not None:
                self.history.go_to(target)
            for _ in range(steps):
                before = self.sim.tick_count
                self.history.step()
        except Exception as exc:  # a failing tick must not take the window down
            self.sim.restore(self.history.snapshots[before])
            state.playing = False
            state.report(f"tick {self.sim.tick_count + 1}: {describe(exc)}")

    # --- drawing ---
    def draw_frame(self) -> None:
        """One frame: ticks, panels, GPU data, 3D view, ImGui."""
        now = time.perf_counter()
        dt, self._last_time = now - self._last_time, now
        self.state.frame_ms += FRAME_TIME_SMOOTHING * (dt * 1000.0 - self.state.frame_ms)
        self.state.triangles = self.scene.world.triangle_count()
        self.advance(dt)
        self.controls.update(dt)

        self.imgui_input.new_frame(dt)
        imgui.new_frame()
        draw_controls(self.state, self.sim)
        draw_errors(self.state)
        camera = self.controls.camera()
        width, height = self.window.get_framebuffer_size()
        view, proj = camera.view_matrix(), camera.proj_matrix(width / max(height, 1))
        self._refresh_overlay()
        background = imgui.get_background_draw_list()
        if self.state.show_labels:
            labels = [label for layer in (self.scene.entities, self.scene.trace) if layer.overlay is not None
                      for label in layer.overlay.labels]
            draw_labels(background, labels, view, proj, self.window.get_size())
        draw_gizmo_letters(background, view, min(GIZMO_SIZE, *self.window.get_size()), self.window.height,
                           self.palette)
        imgui.render()

        self.scene.update_world(self.sim.world, WORLD_BUDGET_S)
        screen = self.ctx.screen
        screen.use()
        self.ctx.viewport = (0, 0, width, height)
        screen.clear(*self.scene.background(), depth=1.0, viewport=(0, 0, width, height))
        self.scene.draw(screen, camera, size=(width, height))
        self.imgui_renderer.render(imgui.get_draw_data())

    def _refresh_overlay(self) -> None:
        """Rebuild overlay buffers when the tick, the world, the selection or a toggle changed."""
        s = self.state
        key = (id(self.sim), self.sim.tick_count, id(self.sim.world), s.selected_entity, s.show_entities,
               s.show_trace)
        if key == self._overlay_key:
            return
        self._overlay_key = key
        try:
            self._build_overlays()
        except Exception as exc:  # engine state the overlays cannot read: report, draw none
            s.report(f"overlays at tick {self.sim.tick_count}: {describe(exc)}")
            self.scene.set_overlays(OverlayBuilder().build(), OverlayBuilder().build())

    def _build_overlays(self) -> None:
        s = self.state
        entities, trace = OverlayBuilder(), OverlayBuilder()
        if s.show_entities:
            add_entities(entities, self.sim.entities, self.palette, s.selected_entity)
        s.trace_hidden = 0
        if s.show_trace:
            prims = stage_geometry(self.sim.last_record, s.selected_entity)
            if s.selected_entity is None and len(prims) > MAX_TRACE_PRIMITIVES:
                s.trace_hidden, prims = len(prims), []
            add_geometry(trace, prims, self.palette)
        self.scene.set_overlays(entities.build(), trace.build())

    def close(self) -> None:
        """Free GL objects and the ImGui context, then the window."""
        self.scene.release()
        self.imgui_renderer.release()
        imgui.destroy_context(self.imgui_context)
        self.window.close()


def describe(exc: BaseException) -> str:
    """One line for the error panel: the exception and the innermost file and line it came from."""
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" ({Path(where.filename).name}:{where.lineno})" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"


def run_viewer(scene_path: str | None) -> int:
    """Open the window on `scene_path` (None: an empty world) and run until it is closed; the exit status."""
    try:
        app = ViewerApp(scene_path, ini_path=_ini_path())
    except pyglet.window.NoSuchDisplayException as exc:
        print(f"tickscope: cannot open a window ({exc}); set PYGLET_HEADLESS=1 to run without a display",
              file=sys.stderr)
        return 1
    pyglet.app.run(FRAME_INTERVAL_S)
    app.close()
    return 0


def _ini_path() -> Path:
    directory = config_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return directory / "imgui.ini"
