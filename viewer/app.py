"""The desktop viewer: a pyglet window drawing a simulation with moderngl, with ImGui panels.

Frame recipe (`draw_frame`): clicks, edits and the requested ticks or micro-steps → build the panels → bring GPU
data up to date → draw the 3D view → draw ImGui (→ screenshot). Errors (a scene that fails to load, a tick that
raises) go to the error panel; the window keeps running and the last good state stays shown.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import moderngl
import numpy as np
import pyglet
from imgui_bundle import imgui, imgui_ctx, implot

from viewer import editing
from viewer.block_hover import BlockHover, draw_outline, hover_text
from viewer.bookmarks import Bookmarks
from viewer.controls import CameraControls
from viewer.drawing.labels import draw_caption_card, draw_gizmo_letters, draw_labels
from viewer.drawing.overlays import (
    entity_frame,
)
from viewer.drawing.palette import load_palette
from viewer.drawing.picking import PICK_REACH, ViewRect, beside, pick_block, pick_entity, pick_node, pixel_ray
from viewer.drawing.redstone_overlay import legend as redstone_legend
from viewer.drawing.scene_renderer import GIZMO_SIZE, SceneRenderer
from viewer.files import Dialog, Watch, config_dir, load_recent, remember
from viewer.first_frame import FirstFrame
from viewer.gl.back_buffer import last_frame_kept, window_config
from viewer.gl.imgui_input import ImGuiInput
from viewer.gl.imgui_renderer import Cleared, ImGuiRenderer
from viewer.gl.window import ViewerWindow
from viewer.launch import Loading
from viewer.panels.controls import draw_controls
from viewer.panels.entities import ENTITIES_TITLE, draw_entities, draw_entity_list
from viewer.panels.errors import describe, draw_errors
from viewer.panels.help import draw_help, draw_legend, legend_entries
from viewer.panels.layout import apply_scale, dock_panels, panel_color
from viewer.panels.menu import draw_close_prompt, draw_menu_bar, draw_recovery_prompt
from viewer.panels.plots import Series, draw_plots
from viewer.panels.stages import StageRow, draw_stages, same_stage, stage_names
from viewer.panels.status import draw_status_bar
from viewer.panels.timeline import draw_timeline
from viewer.panels.titles import ACTIONS_TITLE, ANALYSIS_TITLE, ENTITY_TABLE_TITLE, LEDGER_TITLE, PISTONS_TITLE
from viewer.panels.widgets import hint
from viewer.playback import Playback
from viewer.readouts import Readouts
from viewer.recovery import Recovery
from viewer.state import ViewerState
from viewer.stepping import MicroStep, readout
from viewer.timeline import EventLog
from viewer.undo import UndoStack

# What only the whole window uses (actions, commands, jobs, the history, the ruler, framing, screenshots,
# the file browser, the explosion ledger's and the pistons' panels) is imported where it is used: the first frame,
# drawn from the loading child's summary, imports none of it (docs/performance.md, "Launch of every scene").
if TYPE_CHECKING:
    from engine import VersionGhost
    from viewer.drawing.pistons import B36Row
    from viewer.entity_log import EntityLog
    from viewer.export_job import VideoExport
    from viewer.history import History
    from viewer.panels.export import ExportSettings
    from viewer.panels.ledger import LedgerTable
    from viewer.release_switch import ReleaseSwitch
    from viewer.table_export import TableExport

LOADING = "loading the simulation..."   # what the first frame's panels say where they need the engine
LAYOUT_PASSES = 2             # ImGui frames laid out, not drawn, before the first frame drawn (`_lay_out_first`)
WINDOW_SIZE = (1280, 720)
CAPTION = "Tickscope"
WORLD_BUDGET_S = 0.02         # remeshing time per frame; the rest waits for the next frame
FRAME_INTERVAL_S = 1.0 / 60.0
FRAME_TIME_PERIOD_S = 0.5     # the displayed frame time is the mean of this long, shown when it ends
AWAKE_AFTER_INPUT_S = 1.0     # frames drawn after the last input (ImGui's hover delays, popups opening)
LONGEST_FRAME_S = 0.25        # a frame after an idle spell counts as this long (play, fly, ImGui's clock)
FILE_CHECK_S = 0.5            # how often an idle window checks its scene file on disk
INPUT_EVENTS = ("on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll",
                "on_mouse_enter", "on_mouse_leave", "on_key_press", "on_key_release", "on_text", "on_text_motion",
                "on_text_motion_select", "on_resize", "on_expose", "on_activate", "on_deactivate", "on_show")


class ViewerApp(Readouts, Playback):
    """One window on one simulation."""

    def __init__(self, scene_path: str | None, size: tuple[int, int] = WINDOW_SIZE, visible: bool = True,
                 ini_path: Path | None = None, screenshot_dir: Path | None = None, sim: Any = None,
                 recent_path: Path | None = None, recovery_dir: Path | None = None, resume_gc: bool = False,
                 first: FirstFrame | None = None) -> None:
        # No stencil: nothing uses one, and beside a stencil llvmpipe clears and writes depth a third as fast. Eight
        # bits a colour (window_config picks them where the driver lists deeper or shallower ones first).
        config = window_config(pyglet.gl.Config(major_version=3, minor_version=3, forward_compatible=True,
                                                red_size=8, green_size=8, blue_size=8, depth_size=24, stencil_size=0,
                                                double_buffer=True))
        self.window = ViewerWindow(size[0], size[1], CAPTION, resizable=True, visible=visible, config=config)
        moderngl.init_context()  # gl-stack.md: one create_context per process; init per window
        self.ctx = moderngl.get_context()
        self.imgui_context = imgui.create_context()
        self.implot_context = implot.create_context()
        io = imgui.get_io()
        io.set_ini_filename(str(ini_path) if ini_path is not None else "")
        io.config_flags |= imgui.ConfigFlags_.docking_enable
        self._scale = 1.0             # font and widget scale applied to the ImGui style
        self._caption = CAPTION
        self.screenshot_dir = screenshot_dir
        self.imgui_renderer = ImGuiRenderer(self.ctx)
        self.imgui_input = ImGuiInput(self.window)
        self.state = ViewerState() if first is None else ViewerState(release=first.release)
        self.palette = load_palette()
        self.scene = SceneRenderer(self.ctx, self.palette)
        self.controls = CameraControls(self.state, self.window)
        self.window.push_handlers(self.controls)
        self.window.push_handlers(self.imgui_input)
        self.window.push_handlers(on_draw=self.draw_frame, on_close=self.on_close)
        self.window.push_handlers(**{name: self._woken for name in INPUT_EVENTS})  # first, passing them on
        self._live = False            # run by pyglet's loop (`run_viewer`): frames are drawn when needed
        self._redrawing = False       # `_redraw` is scheduled
        self._awake_until = 0.0
        self._meshing = 0             # world sections still to mesh
        self._stage_names: tuple | None = None  # (entity, record, stage names) of the stage selected (_follow_stage)
        # None only while the first frame is drawn from `first`, the loading child's summary (viewer.first_frame):
        # the engine is imported and the simulation unpickled after that frame (`run_viewer`)
        self.sim: Any = None
        self.first = first
        self.history: History        # built by `adopt` (start-up time: one keyframe set, the scene's)
        self.undo = UndoStack()
        self.events = EventLog()
        self.scene_path: Path | None = None
        self.recent_path = recent_path
        self.recovery_dir = recovery_dir
        self.recovery = Recovery(None, None)
        self.state.recent = load_recent(recent_path) if recent_path is not None else []
        self.dialog = Dialog()
        self.watch = Watch(None, time.perf_counter())
        self.view_rect = ViewRect(0.0, 0.0, float(size[0]), float(size[1]))
        self.legend: list[tuple[str, Any]] = []
        self.frame = entity_frame({})
        self.search_nodes: list[dict[str, Any]] = []   # path-search nodes drawn (hover shows their f, g, h)
        self.hovered_node: dict[str, Any] | None = None
        self.block_hover = BlockHover()               # the block under the pointer (its tooltip)
        self.ghost: VersionGhost | None = None  # the scene in a second version, drawn as a ghost (Analysis panel)
        self.job: VideoExport | None = None     # a video being exported (the status line shows its progress)
        self.table_jobs: list[TableExport] = []  # Entity table CSVs being written (the status line too)
        self.release_job: ReleaseSwitch | None = None   # the scene being run in another release (the Release menu)
        self.export_settings: ExportSettings | None = None   # File › Export video...'s window, while open
        self.allow_unmapped = False   # the scene shown was opened without what 1.16.5 lacks (reloads keep it)
        self.opened_release: str | None = None   # `--version`: the release the file shown runs in (reloads keep it)
        self._overlay_key: tuple | None = None
        self._edits = 0               # edits applied so far: part of the overlay key
        self._steps_of: tuple[int, list[MicroStep]] = (0, [])
        self._series_key: tuple | None = None
        self._series: dict[int, Series] = {}
        self._per_state: tuple[tuple, list[Any], list[StageRow]] | None = None
        self._ledger: tuple[int, LedgerTable] | None = None
        self._ledger_rows: tuple[tuple, np.ndarray] | None = None
        self._b36_rows: tuple[tuple, list[B36Row]] | None = None
        self._entity_log: tuple[tuple, EntityLog] | None = None
        self._type_counts: tuple[Any, list[tuple[str, int]]] | None = None
        self._live_counts: tuple[list[Any], list[tuple[str, int]]] | None = None
        self._last_time = time.perf_counter()
        self._frame_times = (0, 0.0)  # frames and seconds since the frame time was last shown
        self._resume_gc = resume_gc   # the launch paused the garbage collector until the first frame (viewer.launch)
        self.after_first_frame: list[Callable[[], None]] = []   # called once the first frame is drawn
        self._tick_credit = 0.0
        if first is not None:
            self._show_first(first, scene_path)
        elif sim is not None:
            self.adopt(sim, scene_path)
        elif not self.load(scene_path):     # no scene, or it failed to load: the empty world's history
            from engine import Simulation, entity_table
            from viewer.history import History
            self.sim = Simulation()
            self.sim.trace_enabled = True
            self.history = History(self.sim)
            self.state.table_fields = entity_table.DEFAULT_FIELDS

    # --- simulation ---
    def load(self, scene_path: str | None, keep_tick: bool = False, allow_unmapped: bool | None = None) -> bool:
        """Open a scene (with `keep_tick`, at the tick shown now, the camera kept, in the release `--version` chose;
        `allow_unmapped`: a schematic without what 1.16.5 lacks, by default as the scene shown was opened); on
        failure report it, keep the current one and return False."""
        if scene_path is None:
            return False
        allow_unmapped = self.allow_unmapped if allow_unmapped is None else allow_unmapped
        from engine import SceneError, load_scene
        try:
            sim = load_scene(scene_path, allow_unmapped, version=self.opened_release if keep_tick else None)
        except SceneError as exc:
            self.state.report(str(exc))
            return False
        except Exception as exc:  # a loader bug must not keep the window from opening
            self.state.report(f"{scene_path}: {describe(exc)}")
            return False
        self.allow_unmapped = allow_unmapped
        self.opened_release = self.opened_release if keep_tick else None
        self.adopt(sim, scene_path, self.sim.tick_count if keep_tick else None)
        return True

    def adopt(self, sim: Any, scene_path: str | None, tick: int | None = None, recovered: bool = False,
              history: History | None = None, events: EventLog | None = None) -> None:
        """Show `sim`, freshly loaded from `scene_path` (or from its recovery file: `recovered`), from its first
        tick (or run to `tick`, camera kept), or already run with its `history` and `events` (another release's run,
        made in the background). A recovery file left by an earlier session is offered back."""
        from engine import entity_table
        from viewer.drawing.framing import scene_bounds
        from viewer.history import History
        sim.trace_enabled = True
        self.sim, self.first = sim, None
        self.state.release = sim.version
        if self.state.table_fields is None:
            self.state.table_fields = entity_table.DEFAULT_FIELDS
        self.history = history if history is not None else History(sim)
        self.undo = UndoStack(Bookmarks(sim))
        self.events = events if events is not None else EventLog()
        self.scene_path = Path(scene_path) if scene_path is not None else None
        self.watch = Watch(self.scene_path, time.perf_counter())
        self.recovery = Recovery(self.recovery_dir, self.scene_path)
        if recovered:
            self.undo.mark_recovered()
        offered = self.recovery.offer() if not recovered and tick is None else None
        self.state.recovery_offer = str(offered) if offered is not None else None
        if scene_path is not None:
            self.state.recent = remember(self.state.recent, scene_path, self.recent_path)
        for notice in getattr(sim, "notices", ()):   # what loading changed (a schematic moved into the build range)
            self.state.report(notice)
        self.state.micro = None
        self.state.selected_stage = None
        self.state.selected_b36 = None
        self.state.loop = None
        self.state.brought_forward.clear()
        self.state.tabs_checked.clear()
        self.ghost = None
        self._overlay_key = None
        if tick is None:
            self.controls.fit_scene(scene_bounds(sim), self.view_rect)
        else:
            self.run_to(tick)

    def _show_first(self, first: FirstFrame, scene_path: str | None) -> None:
        """Until the simulation is here: the world's sections and the overlays the loading child made, the legend,
        the camera framing the scene (`first`, viewer.first_frame)."""
        self.scene_path = Path(scene_path) if scene_path is not None else None
        self.state.release = first.release
        self.scene.world.prime(first.meshes, first.versions)
        self.frame = first.frame
        self.scene.set_overlays(first.entities, first.marks)
        self.scene.set_moving_blocks(first.moving)
        self.legend = legend_entries(self.palette, first.frame.types, [], self.state, []) + \
            redstone_legend(first.marked, self.palette)
        self.controls.fit_scene(first.bounds, self.view_rect)

    def title(self) -> str:
        """The window title: the scene's name and file and the release it runs in, '*' first while there are
        unsaved edits."""
        mark = "*" if self.undo.unsaved else ""
        where = f" ({self.scene_path.name})" if self.scene_path is not None else ""
        name = self.sim.name if self.sim is not None else self.first.name
        return f"{mark}{name}{where} in {self.state.release} - {CAPTION}"

    def on_close(self) -> bool:
        """The window's close button, Ctrl+Q, File › Quit: with unsaved edits, ask first (the window stays);
        else quit. Always handled here: pyglet's own handler would close the window at once."""
        if self.undo.unsaved:
            self.state.confirm_close = True
        else:
            self.quit()
        return True

    def quit(self) -> None:
        """End the event loop; `run_viewer` closes the window after it. Closing the window from inside a frame (a
        command) or an event would remove it from the set of windows pyglet's loop is walking."""
        self.window.has_exit = True
        pyglet.app.exit()

    def handle_clicks(self, rect: ViewRect) -> None:
        """Clicks in the 3D view: select the entity under the pointer, or place or remove a block there."""
        state = self.state
        if not state.pending_clicks and state.context_click is None:
            return
        from viewer.actions import actions_state, block_menu, picked
        from viewer.ruler import pick_ruler_end
        camera = self.controls.camera()
        view, proj = camera.view_matrix(), camera.proj_matrix(rect.width / max(rect.height, 1.0))
        if state.context_click is not None:   # a right click: the block's menu (Use at this tick)
            (x, y), state.context_click = state.context_click, None
            if rect.contains(x, y):
                block_menu(actions_state(self), state, self.sim,
                           *pixel_ray(view, proj, x - rect.x, y - rect.y, (rect.width, rect.height)))
        for x, y in state.pending_clicks:
            if not rect.contains(x, y):
                continue
            origin, direction = pixel_ray(view, proj, x - rect.x, y - rect.y, (rect.width, rect.height))
            if actions_state(self).pick is not None:   # the Actions panel asked for a block or an entity
                picked(actions_state(self), state, self.sim, self.frame, origin, direction)
                continue
            if state.tool == "select":
                state.selected_entity = pick_entity(self.frame, origin, direction)
                state.selected_stage = None
                state.selected_b36 = None
                continue
            if state.tool == "measure":
                pick_ruler_end(state, self.frame, self.sim.world, origin, direction)
                continue
            hit = pick_block(self.sim.world, origin, direction)
            if hit is None:   # the tool needs a block face: say why nothing happened
                state.tell(f"{state.tool}: no block under the pointer within {PICK_REACH:g} blocks (fluids and air "
                           "are not blocks to click: click the block under the water, or next to where it goes)")
                continue
            cell, face = hit
            if state.tool == "remove":
                state.pending_edits.append(editing.remove_block(cell))
            else:
                block, error = editing.parse_block(state.block_text, state.release)
                if error:
                    state.field_errors["block"] = error
                else:
                    state.pending_edits.append(editing.set_block(beside(cell, face), block))
        state.pending_clicks.clear()

    # --- when to draw: on input, while playing, meshing or a job runs; an idle window draws nothing ---
    def wake(self) -> None:
        """Draw frames again (for AWAKE_AFTER_INPUT_S at least, and while `busy`)."""
        self._awake_until = time.perf_counter() + AWAKE_AFTER_INPUT_S
        if self._live and not self._redrawing:
            self._redrawing = True
            pyglet.clock.schedule_interval(self._redraw, FRAME_INTERVAL_S)

    def _woken(self, *args: Any) -> None:
        """An input event: wake, and leave the event to the handlers below."""
        self.wake()

    def busy(self) -> bool:
        """Whether frames change without input: playing, queued requests, meshing, a job, keys held (fly)."""
        from viewer.analysis_job import running_jobs
        state = self.state
        jobs = running_jobs(self)
        return bool(state.playing or state.commands or state.pending_steps or state.pending_edits or
                    state.pending_micro or state.rewind_to is not None or state.event_jump or state.screenshot or
                    self._meshing or self.job is not None or self.dialog.busy or any(jobs) or bool(self.table_jobs) or
                    self.release_job is not None or any(self.controls.keys.data.values()))

    def _redraw(self, dt: float) -> None:
        if self.window.has_exit:
            return
        self.window.draw(dt)
        if not self.busy() and time.perf_counter() > self._awake_until:
            pyglet.clock.unschedule(self._redraw)
            self._redrawing = False

    def _check_file(self, dt: float) -> None:
        """Wake when the scene file changed on disk (the frame reloads it)."""
        if self.watch.stale():
            self.wake()

    # --- drawing ---
    def draw_frame(self) -> None:
        """One frame: commands, clicks, edits and ticks, GPU data, the 3D view, panels, ImGui, screenshot.

        The 3D view is drawn first, in the rectangle the panels left it last frame, and flushed: llvmpipe
        rasterises it on its threads while Python lays this frame's panels out (docs/performance.md)."""
        now = time.perf_counter()
        dt, self._last_time = now - self._last_time, now
        if dt > LONGEST_FRAME_S:   # the first frame after an idle spell
            dt = LONGEST_FRAME_S
            self._frame_times = (0, 0.0)
        self._frame_times = (self._frame_times[0] + 1, self._frame_times[1] + dt)
        if self._frame_times[1] >= FRAME_TIME_PERIOD_S:  # readable, and the panels stay the same in between
            self.state.frame_ms = 1000.0 * self._frame_times[1] / self._frame_times[0]
            self._frame_times = (0, 0.0)
        self.state.triangles = self.scene.world.triangle_count()
        waiting = self.sim is None   # the first frame, drawn from the loading child's summary (`first`)
        if waiting:
            self._lay_out_first(dt)
        else:
            from viewer.commands import run_commands
            run_commands(self, now)
            self._run_job()
            self._end_table_jobs()
            if self.release_job is not None:
                from viewer.release_switch import take_over
                take_over(self)
        rect = self.view_rect
        if not waiting:
            self.handle_clicks(rect)
            self.advance(dt)
            self._follow_stage()
            self._refresh_overlay()
            self._aim_camera()
        self.controls.update(dt)
        title = self.title()
        if title != self._caption:
            self._caption = title
            self.window.set_caption(title)

        if waiting:   # the sections the child left, and the simulation itself
            self._meshing = self.scene.world.waiting() + 1
        else:
            self._meshing = self.scene.update_world(self.sim.world, WORLD_BUDGET_S, self.controls.camera(),
                                                    rect.width / max(rect.height, 1.0))   # what the view sees first
        kept = last_frame_kept(self.window)  # before this frame draws into the back buffer
        drawn = self._draw_view(rect)
        pyglet.gl.glFlush()

        self._scale = apply_scale(self.window.scale, self.state.zoom, self._scale)
        self.imgui_input.new_frame(dt)
        imgui.new_frame()
        if waiting:
            self._draw_first_panels()
        else:
            self._draw_panels()
        self.controls.keep_fitted(self.view_rect)
        if self.view_rect != rect:  # the panels moved (a resize, a dragged split): the view again, in its place
            rect = self.view_rect
            drawn = self._draw_view(rect)
        view, proj, origin, view_size = drawn
        if not waiting:
            self._hover_node(view, proj, rect)
            self._hover_block(view, proj, rect)
        self._draw_text(view, proj, rect)
        imgui.render()
        width, height = self.window.get_framebuffer_size()
        self.ctx.viewport = (0, 0, width, height)
        if self.state.screenshot == "scene":  # the 3D view with its labels and axis letters, no panels
            self.imgui_renderer.render(imgui.get_draw_data(), background_only=True)
            self._save_screenshot((width, height), crop=(origin, view_size))
        cleared = Cleared((rect.x, rect.y, rect.x + rect.width, rect.y + rect.height), panel_color(),
                          (*origin, *view_size))
        self.imgui_renderer.render(imgui.get_draw_data(), cleared=cleared, kept=kept)
        if self.state.screenshot == "panels":
            self._save_screenshot((width, height))
        if waiting:   # the collector and the calls after the first frame wait for the whole window's
            return
        if self._resume_gc:  # what the launch made lives on: frozen, later collections skip it
            self._resume_gc = False
            gc.freeze()
            gc.enable()
        for call in self.after_first_frame:
            call()
        self.after_first_frame.clear()

    def _lay_out_first(self, dt: float) -> None:
        """ImGui frames laid out and not drawn: ImGui shows a new window from its second frame (the first sizes it),
        so without them the first frame would show the 3D view across the whole window and no panel; the second
        takes the scrollbars off the panels of a layout restored from the ini file."""
        self._scale = apply_scale(self.window.scale, self.state.zoom, self._scale)
        for _ in range(LAYOUT_PASSES):
            self.imgui_input.new_frame(dt)
            imgui.new_frame()
            self._draw_first_panels()
            imgui.end_frame()
        self.controls.keep_fitted(self.view_rect)

    def _draw_first_panels(self) -> None:
        """The panels while the simulation is on its way, from the summary (`first`) and a stand-in for the
        simulation at tick 0: the menu and status bars, the dock, the controls, the entity list, the empty stages and
        plots, the timeline and the legend; the rest of the Entities panel says it is loading, the tabs behind the
        Plots tab keep their places."""
        state, first = self.state, self.first
        at_start = first.at_start()
        draw_menu_bar(state, False, False, self.scene_path is not None)
        draw_status_bar(state, [])
        self.view_rect = dock_panels(state.reset_layout)
        draw_controls(state, at_start, [])
        with imgui_ctx.begin(ENTITIES_TITLE) as window:
            if window:
                draw_entity_list(state, first.entity_list, first.by_type)
                hint(LOADING)
        draw_stages(state, None, [], None)
        draw_plots(state, {}, 0)
        for title in (LEDGER_TITLE, PISTONS_TITLE, ENTITY_TABLE_TITLE, ANALYSIS_TITLE, ACTIONS_TITLE):
            imgui.begin(title)
            imgui.end()
        draw_timeline(state, 0, 0, 0, {}, self.palette, len(first.entity_list), first.scheduled, Bookmarks(at_start))
        draw_legend(state, self.legend)
        draw_errors(state)

    def _run_job(self) -> None:
        """A few frames of the video being exported; its end in the status line (or the error panel)."""
        if self.job is None:
            return
        end = self.job.step(self.ctx)
        if end is None:
            return
        job, self.job = self.job, None
        if end == "done":
            self.state.last_screenshot = str(job.path)
            self.state.tell(f"saved {job.path}", str(job.path))
        elif end == "cancelled":
            self.state.tell("video export cancelled")
        else:
            self.state.report(end)

    def _end_table_jobs(self) -> None:
        """The end of each Entity table CSV written: saved, cancelled or why not, in the status line."""
        for job in [j for j in self.table_jobs if j.end is not None]:
            self.table_jobs.remove(job)
            if job.end == "done":
                self.state.tell(f"saved {job.path}", str(job.path))
            elif job.end == "cancelled":
                self.state.tell("CSV export cancelled")
            else:
                self.state.report(job.end)

    def _draw_view(self, rect: ViewRect) -> tuple[np.ndarray, np.ndarray, tuple[int, int], tuple[int, int]]:
        """Clear the 3D view's rectangle `rect` and draw the view into it; returns the view and projection
        matrices and the view's origin and size in framebuffer pixels (bottom left)."""
        camera = self.controls.camera()
        view, proj = camera.view_matrix(), camera.proj_matrix(rect.width / max(rect.height, 1.0))
        width, height = self.window.get_framebuffer_size()
        ratio = width / max(self.window.width, 1)
        view_size = (max(round(rect.width * ratio), 1), max(round(rect.height * ratio), 1))
        origin = (round(rect.x * ratio), height - round((rect.y + rect.height) * ratio))
        screen = self.ctx.screen
        screen.use()
        self.ctx.viewport = (0, 0, width, height)
        screen.clear(*self.scene.background(), depth=1.0, viewport=(*origin, *view_size))  # the panels: ImGuiRenderer
        self.scene.draw(screen, camera, size=view_size, origin=origin, flush=pyglet.gl.glFlush)
        return view, proj, origin, view_size

    def _follow_stage(self) -> None:
        """A stage selected stays selected from tick to tick: the same stage (by its and its parents' names) of the
        selected entity in the tick shown, so a walking mob's path line stays drawn."""
        state, record = self.state, self.sim.last_record
        if state.selected_stage is None or state.selected_entity is None:
            self._stage_names = None
            return
        rows = self._panel_data()[1]   # the selected entity's stage rows, read once per record
        if self._stage_names is not None and self._stage_names[0] == state.selected_entity and \
                self._stage_names[1] is not record and stage_names(rows, state.selected_stage) != self._stage_names[2]:
            state.selected_stage = same_stage(rows, self._stage_names[2])
        names = stage_names(rows, state.selected_stage) if state.selected_stage is not None else None
        self._stage_names = (state.selected_entity, record, names) if names is not None else None

    def _aim_camera(self) -> None:
        """Focus (F), follow and frame-all requests; the camera's view rectangle for zooming at the pointer."""
        state = self.state
        self.controls.view_rect = self.view_rect
        row = self.frame.row(state.selected_entity) if state.selected_entity is not None else None
        where = tuple(float(c) for c in self.frame.pos[row]) if row is not None else None
        following = state.follow or state.driving   # a driven player stays in view
        if state.focus_requested and where is not None:
            self.controls.focus(where)
        elif following and where is not None:
            self.controls.follow(where, state.selected_entity)
        if not following:
            self.controls.followed = None
        state.focus_requested = False
        if state.frame_requested:
            state.frame_requested = False
            from viewer.drawing.framing import action_bounds
            overlays = [o for o in (self.scene.entities.overlay, self.scene.trace.overlay) if o is not None]
            self.controls.frame(action_bounds(self.sim, overlays), self.view_rect.width / max(self.view_rect.height, 1))

    def _draw_panels(self) -> None:
        """The menu bar, the dock space (which gives the 3D view's rectangle), then every panel."""
        from viewer.actions import actions_state, scheduled_by_tick
        from viewer.analysis_job import running_jobs
        from viewer.panels.deferred import draw_deferred
        from viewer.panels.file_browser import draw_file_browser
        from viewer.panels.ledger import draw_ledger
        from viewer.panels.pistons import draw_pistons
        from viewer.ruler import clear_on_escape
        state = self.state
        clear_on_escape(state)      # before the menu bar closes an open menu with the same Escape
        draw_menu_bar(state, bool(self.undo.done), bool(self.undo.undone), self.scene_path is not None)
        draw_status_bar(state, [self.job, *self.table_jobs, self.release_job, *running_jobs(self)])
        self.view_rect = dock_panels(state.reset_layout)
        state.reset_layout = False
        steps = self.steps()
        live, rows = self._panel_data()
        draw_controls(state, self.sim, steps)
        draw_entities(state, self.sim, live, self.live_counts())
        current = steps[state.micro].stage_key if state.micro is not None else None
        draw_stages(state, self.sim.last_record, rows, current)
        draw_plots(state, self.plot_series(), self.sim.tick_count)
        draw_ledger(state, self.ledger(), self.ledger_rows())
        draw_pistons(state, self.b36_rows())
        draw_deferred(ENTITY_TABLE_TITLE, "viewer.panels.entity_table", "draw_entity_table", state, self.entity_log,
                      self.type_counts, self.history.first_tick, self.history.last_tick(), self.sim.tick_count)
        draw_deferred(ANALYSIS_TITLE, "viewer.panels.analysis", "draw_analysis", self)
        draw_deferred(ACTIONS_TITLE, "viewer.panels.actions", "draw_actions", self)
        if actions_state(self).menu is not None:   # a block right-clicked: its menu
            from viewer.panels.actions import draw_block_menu
            draw_block_menu(self)
        draw_timeline(state, self.history.first_tick, self.history.last_tick(), self.sim.tick_count,
                      self.events.kinds, self.palette, len(live), scheduled_by_tick(self.sim.actions),
                      self.undo.bookmarks)
        draw_legend(state, self.legend)
        draw_help(state)
        draw_close_prompt(state)
        if self.export_settings is not None:   # File › Export video... is open
            from viewer.panels.export import draw_export_window
            draw_export_window(self)
        problem = draw_file_browser(self.dialog, state.recent)
        if problem:
            state.report(problem)
        draw_recovery_prompt(state)
        draw_errors(state)

    def _hover_node(self, view: np.ndarray, proj: np.ndarray, rect: ViewRect) -> None:
        """The path-search node under the pointer in the 3D view: its type, f, g and h as a tooltip."""
        x, y = imgui.get_mouse_pos()
        self.hovered_node = None
        if self.search_nodes and rect.contains(x, y) and not imgui.is_window_hovered(imgui.HoveredFlags_.any_window):
            origin, direction = pixel_ray(view, proj, x - rect.x, y - rect.y, (rect.width, rect.height))
            self.hovered_node = pick_node(self.search_nodes, origin, direction)
        if self.hovered_node is not None:
            from viewer.drawing.path_search import node_text
            imgui.set_tooltip(node_text(self.hovered_node))

    def _hover_block(self, view: np.ndarray, proj: np.ndarray, rect: ViewRect) -> None:
        """The block under the pointer in the 3D view (no button held, no node hovered): its state as a tooltip, its
        collision boxes outlined."""
        x, y = imgui.get_mouse_pos()
        if not (self.state.show_block_hover and self.hovered_node is None and rect.contains(x, y)) or \
                imgui.is_window_hovered(imgui.HoveredFlags_.any_window) or imgui.is_any_mouse_down():
            self.block_hover.clear()
            return
        origin, direction = pixel_ray(view, proj, x - rect.x, y - rect.y, (rect.width, rect.height))
        key = (x, y, view.tobytes(), proj.tobytes(), id(self.sim.world), self.sim.tick_count, self._edits)
        block = self.block_hover.update(key, self.sim.world, origin, direction)
        if block is not None:
            imgui.set_tooltip(hover_text(block))
            draw_outline(imgui.get_background_draw_list(), block, view, proj, (rect.width, rect.height),
                         (rect.x, rect.y), self.palette.ui["hovered_block"])

    def _draw_text(self, view: np.ndarray, proj: np.ndarray, rect: ViewRect) -> None:
        """Labels, axis letters and the caption card over the 3D view drawn this frame (`rect`)."""
        background = imgui.get_background_draw_list()
        labels = [label for layer in (self.scene.entities, self.scene.helpers) if layer.overlay is not None
                  for label in layer.overlay.labels]
        if self.state.show_labels and self.scene.trace.overlay is not None:
            labels += self.scene.trace.overlay.labels
        draw_labels(background, labels, view, proj, (rect.width, rect.height), (rect.x, rect.y))
        if self.state.ruler:
            from viewer.ruler import draw_ruler, placed
            draw_ruler(background, placed(self.state.ruler, self.frame), view, proj, (rect.width, rect.height),
                       (rect.x, rect.y), self.palette.ui["ruler"])
        draw_gizmo_letters(background, view, min(GIZMO_SIZE, rect.width, rect.height), (rect.x, rect.y + rect.height),
                           self.palette)
        if self.state.show_card and self.sim is not None:
            stage = readout(self.sim.last_record, self.steps(), self.state.micro, self.sim.tick_count)
            stage = stage.replace(" \N{MIDDLE DOT} ", "\n")  # one line each: tick, phase, entity, stage
            margin = imgui.get_font_size() * 0.5
            draw_caption_card(background, (rect.x + margin, rect.y + margin), f"{self.sim.name}\n{stage}", self.legend)

    def _save_screenshot(self, size: tuple[int, int],
                         crop: tuple[tuple[int, int], tuple[int, int]] | None = None) -> None:
        """Save the window's pixels, or those of `crop` ((left, bottom) origin and size, in framebuffer pixels)."""
        from viewer.drawing.screenshots import read_screen, save_screenshot
        self.state.screenshot = None
        pixels = read_screen(self.ctx, size)
        if crop is not None:
            (x, y), (w, h) = crop
            pixels = pixels[size[1] - y - h:size[1] - y, x:x + w]
        try:
            path = save_screenshot(pixels, self.sim.tick_count, self.screenshot_dir)
        except OSError as exc:
            self.state.report(f"screenshot: {exc}")
            return
        self.state.last_screenshot = str(path)
        self.state.tell(f"saved {path}", str(path))

    def close(self) -> None:
        """Free GL objects and the ImGui contexts (the layout is saved to the ini file), then the window."""
        if self.job is not None:       # a video half made: cancelled, so no partial file stays
            self.job.stop()
        for job in self.table_jobs:    # a CSV half written: cancelled, its part removed
            job.stop()
        if self.release_job is not None:   # a run in another release being made: its process ended
            self.release_job.cancel()
        self.scene.release()
        self.imgui_renderer.release()
        implot.destroy_context(self.implot_context)
        imgui.destroy_context(self.imgui_context)
        self.window.close()


def run_viewer(scene_path: str, sim: Any, allow_unmapped: bool = False, release: str | None = None) -> int:
    """Open the window on `sim`, loaded from `scene_path` (`allow_unmapped`: without what 1.16.5 lacks; `release`:
    in the release `--version` chose; as reloads will be), and run until it is closed; the exit status. `sim` may
    be the launch's `Loading` with the loading child's summary (viewer.launch): the first frame is drawn from that,
    then the engine is imported and the simulation received. Input given meanwhile waits in the window system's
    queue, handled from the next frame."""
    loading = sim if isinstance(sim, Loading) else None
    try:
        app = ViewerApp(scene_path, ini_path=_ini_path(), sim=None if loading is not None else sim,
                        recent_path=config_dir() / "recent.json", recovery_dir=config_dir() / "recovery",
                        resume_gc=True, first=loading.summary if loading is not None else None)
        app.allow_unmapped, app.opened_release = allow_unmapped, release
    except pyglet.window.WindowException as exc:  # no display, or no OpenGL 3.3 configuration
        print(f"tickscope: cannot open a window: {exc}; the viewer needs a display with OpenGL 3.3", file=sys.stderr)
        return 2
    if loading is not None:
        app.window.switch_to()   # the first frame, from the summary (drawn here: pyglet queues a window's events
        app.draw_frame()         # until its loop runs)
        app.window.flip()
        try:
            app.adopt(loading(), scene_path)
        except Exception as exc:  # the child sent its summary, then no simulation, and loading it here failed
            app.close()
            print(f"tickscope: {scene_path}: {describe(exc)}", file=sys.stderr)
            return 2
    from engine import jit
    # kernels compile in a child process, never during a frame, started once the whole window is drawn (on two cores
    # it took CPU from the first frames; docs/performance.md)
    app.after_first_frame.append(jit.warm_in_background)
    app._live = True   # frames on demand (`wake`): an idle window draws nothing
    app.wake()
    pyglet.clock.schedule_interval(app._check_file, FILE_CHECK_S)
    pyglet.app.run(None)
    app.close()
    return 0


def _ini_path() -> Path:
    directory = config_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return directory / "imgui.ini"
