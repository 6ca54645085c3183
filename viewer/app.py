"""The desktop viewer: a pyglet window drawing a simulation with moderngl, with ImGui panels.

Frame recipe (`draw_frame`): clicks, edits and the requested ticks or micro-steps → build the panels → bring GPU
data up to date → draw the 3D view → draw ImGui (→ screenshot). Errors (a scene that fails to load, a tick that
raises) go to the error panel; the window keeps running and the last good state stays shown.
"""

from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path
from typing import Any

import moderngl
import numpy as np
import pyglet
from imgui_bundle import imgui, implot

from engine.tick.scene import SceneError, load_scene
from engine.tick.simulation import Simulation
from viewer import editing
from viewer.commands import run_commands, saved_state
from viewer.controls import CameraControls
from viewer.drawing.framing import action_bounds, scene_bounds
from viewer.drawing.labels import draw_gizmo_letters, draw_labels
from viewer.drawing.overlays import (
    EXPLOSION_ROLES,
    Overlay,
    OverlayBuilder,
    add_block_grid,
    add_entities,
    add_geometry,
    add_section_borders,
    add_trails,
    entity_frame,
    stage_geometry,
)
from viewer.drawing.palette import load_palette
from viewer.drawing.picking import ViewRect, beside, pick_block, pick_entity, pixel_ray
from viewer.drawing.pistons import B36Row, add_launch_markers, b36_geometry, b36_rows, moving_blocks
from viewer.drawing.scene_renderer import GIZMO_SIZE, SceneRenderer
from viewer.drawing.screenshots import read_screen, save_screenshot
from viewer.files import Dialog, Watch, config_dir, load_recent, remember
from viewer.gl.imgui_input import ImGuiInput
from viewer.gl.imgui_renderer import ImGuiRenderer
from viewer.history import EntityStates, History, entity_states
from viewer.panels.controls import draw_controls
from viewer.panels.entities import draw_entities
from viewer.panels.errors import draw_errors
from viewer.panels.help import draw_help, draw_legend, legend_entries
from viewer.panels.layout import apply_scale, dock_panels
from viewer.panels.ledger import LedgerTable, draw_ledger, ledger_primitives, ledger_table, visible_rows
from viewer.panels.menu import draw_close_prompt, draw_menu_bar, draw_recovery_prompt
from viewer.panels.pistons import draw_pistons
from viewer.panels.plots import Series, draw_plots, entity_series, plotted_entities
from viewer.panels.stages import StageRow, draw_stages, stage_rows
from viewer.panels.timeline import draw_timeline
from viewer.recovery import Recovery
from viewer.state import ViewerState
from viewer.stepping import MicroStep, micro_steps, next_step, stage_at, states_at
from viewer.timeline import EventLog
from viewer.undo import Change, UndoStack

WINDOW_SIZE = (1280, 720)
CAPTION = "Tickscope"
MAX_TICKS_PER_FRAME = 50      # playing never runs more ticks than this in one frame
MAX_EVENT_SEARCH = 2000       # "next event" runs at most this many new ticks
WORLD_BUDGET_S = 0.02         # remeshing time per frame; the rest waits for the next frame
FRAME_INTERVAL_S = 1.0 / 60.0
FRAME_TIME_SMOOTHING = 0.1    # weight of the newest frame in the displayed frame time
MAX_TRACE_PRIMITIVES = 5000   # with no entity selected, a larger trace is not drawn (select one)
MAX_ID_LABELS = 500           # with more entities, only the selected one carries its id label
GRID_RADIUS = 2               # cells each way around the selected entity's cell in the block grid


class ViewerApp:
    """One window on one simulation."""

    def __init__(self, scene_path: str | None, size: tuple[int, int] = WINDOW_SIZE, visible: bool = True,
                 ini_path: Path | None = None, screenshot_dir: Path | None = None, sim: Any = None,
                 recent_path: Path | None = None, recovery_dir: Path | None = None) -> None:
        config = pyglet.gl.Config(major_version=3, minor_version=3, forward_compatible=True, depth_size=24,
                                  double_buffer=True)
        self.window = pyglet.window.Window(size[0], size[1], CAPTION, resizable=True, visible=visible,
                                           config=config)
        moderngl.init_context()  # gl-stack.md: one create_context per process; init per window
        self.ctx = moderngl.get_context()
        self.imgui_context = imgui.create_context()
        self.implot_context = implot.create_context()
        io = imgui.get_io()
        io.set_ini_filename(str(ini_path) if ini_path is not None else "")
        io.config_flags |= imgui.ConfigFlags_.docking_enable
        self._scale = 1.0             # font and widget scale applied to the ImGui style
        self.screenshot_dir = screenshot_dir
        self.imgui_renderer = ImGuiRenderer(self.ctx)
        self.imgui_input = ImGuiInput(self.window)
        self.state = ViewerState()
        self.palette = load_palette()
        self.scene = SceneRenderer(self.ctx, self.palette)
        self.controls = CameraControls(self.state, self.window)
        self.window.push_handlers(self.controls)
        self.window.push_handlers(self.imgui_input)
        self.window.push_handlers(on_draw=self.draw_frame, on_close=self.on_close)
        self.sim: Any = Simulation()
        self.sim.trace_enabled = True
        self.history = History(self.sim)
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
        self._overlay_key: tuple | None = None
        self._edits = 0               # edits applied so far: part of the overlay key
        self._steps_of: tuple[int, list[MicroStep]] = (0, [])
        self._series_key: tuple | None = None
        self._series: dict[int, Series] = {}
        self._per_state: tuple[tuple, list[Any], list[StageRow]] | None = None
        self._ledger: tuple[int, LedgerTable] | None = None
        self._ledger_rows: tuple[tuple, np.ndarray] | None = None
        self._b36_rows: tuple[tuple, list[B36Row]] | None = None
        self._last_time = time.perf_counter()
        self._tick_credit = 0.0
        if sim is not None:
            self.adopt(sim, scene_path)
        else:
            self.load(scene_path)

    # --- simulation ---
    def load(self, scene_path: str | None, keep_tick: bool = False) -> bool:
        """Open a scene (with `keep_tick`, at the tick shown now, the camera kept); on failure report it, keep
        the current one and return False."""
        if scene_path is None:
            return False
        try:
            sim = load_scene(scene_path)
        except SceneError as exc:
            self.state.report(str(exc))
            return False
        except Exception as exc:  # a loader bug must not keep the window from opening
            self.state.report(f"{scene_path}: {describe(exc)}")
            return False
        self.adopt(sim, scene_path, self.sim.tick_count if keep_tick else None)
        return True

    def adopt(self, sim: Any, scene_path: str | None, tick: int | None = None, recovered: bool = False) -> None:
        """Show `sim`, freshly loaded from `scene_path` (or from its recovery file: `recovered`), from its first
        tick (or run to `tick`, camera kept). A recovery file left by an earlier session is offered back."""
        sim.trace_enabled = True
        self.sim = sim
        self.history = History(sim)
        self.undo = UndoStack()
        self.events = EventLog()
        self.scene_path = Path(scene_path) if scene_path is not None else None
        self.watch = Watch(self.scene_path, time.perf_counter())
        self.recovery = Recovery(self.recovery_dir, self.scene_path)
        if recovered:
            self.undo.mark_recovered()
        offered = self.recovery.offer() if not recovered and tick is None else None
        self.state.recovery_offer = str(offered) if offered is not None else None
        if scene_path is not None:
            self.state.recent = remember(self.state.recent, scene_path, self.recent_path)
        self.state.micro = None
        self.state.selected_stage = None
        self.state.selected_b36 = None
        self.state.loop = None
        self.state.brought_forward.clear()
        self._overlay_key = None
        if tick is None:
            self.controls.frame(scene_bounds(sim), self.view_rect.width / max(self.view_rect.height, 1.0))
        else:
            self.run_to(tick)

    def steps(self) -> list[MicroStep]:
        """The micro-steps of the current tick's record (computed once per record)."""
        record = self.sim.last_record
        if self._steps_of[0] != id(record):
            self._steps_of = (id(record), micro_steps(record))
        return self._steps_of[1]

    def shown_states(self) -> EntityStates:
        """The entity states on screen: after the tick, or after the micro-step cursor's stage."""
        tick = self.sim.tick_count
        if self.state.micro is None:
            states = self.history.states.get(tick)
            return states if states is not None else entity_states(self.sim)
        return states_at(self.history.states.get(tick - 1, {}), self.steps(), self.state.micro)

    def advance(self, dt: float) -> None:
        """Apply queued edits, then run the ticks asked for since the last frame: a rewind, steps, a
        micro-step, or play at the chosen rate."""
        state = self.state
        for edit in state.pending_edits:
            before = self.sim.snapshot()
            error = editing.apply_edit(self.history, edit)
            if error:
                state.field_errors[edit.where] = error
                state.report(f"{edit.where}: {error}")
            else:
                self.undo.push(Change(self.sim.tick_count, edit.where, before, self.sim.snapshot()))
                self.edited()
        state.pending_edits.clear()
        target = state.rewind_to
        state.rewind_to = None
        steps = state.pending_steps
        state.pending_steps = 0
        unit, state.pending_micro = state.pending_micro, None
        if steps > 0 and state.micro is not None:  # a step inside a tick first finishes that tick
            state.micro = None
            steps -= 1
        if steps < 0:
            target = self.sim.tick_count + steps
            steps = 0
        if state.playing:
            self._tick_credit += dt * state.tps
            whole = int(self._tick_credit)
            self._tick_credit -= whole
            steps += min(whole, MAX_TICKS_PER_FRAME)
            if state.loop is not None and self.sim.tick_count + steps > state.loop[1]:
                target, steps = state.loop[0], 0
        if state.event_jump:
            target = self._event_target(state.event_jump)
            state.event_jump = 0
        if target is not None or steps:
            state.micro = None
        before = self.sim.tick_count
        try:
            if target is not None:
                self.run_to(target)
            for _ in range(steps):
                before = self.sim.tick_count
                self.step()
            if unit is not None:
                self._micro_step(unit)
        except Exception as exc:  # a failing tick must not take the window down
            self.sim.restore(self.history.snapshots[before])
            state.playing = False
            state.micro = None
            state.report(f"tick {self.sim.tick_count + 1}: {describe(exc)}")

    def _micro_step(self, unit: str) -> None:
        """One stage, entity or phase ahead; from a tick's end, into the next tick's first stage."""
        state = self.state
        if state.micro is None:
            self.step()
            state.micro = 0 if self.steps() else None
        else:
            state.micro = next_step(self.steps(), state.micro, unit)
        if state.micro is not None:
            step = self.steps()[state.micro]
            state.selected_entity = step.entity_id
            state.selected_stage = None if step.block_entity else step.stage_key
            state.selected_b36 = step.stage.pos if step.block_entity else None

    def step(self) -> None:
        """One tick forward through the history; what happened in it goes to the event log."""
        before = {e.id for e in self.sim.entities}
        self.history.step()
        if self.sim.last_record is not None:
            self.events.note(self.sim.tick_count, self.sim.last_record, before, {e.id for e in self.sim.entities})

    def run_to(self, tick: int) -> None:
        """Show the state after `tick`: back through the history, forward tick by tick (noting events)."""
        if tick <= self.sim.tick_count:
            self.history.go_to(tick)
        while self.sim.tick_count < tick:
            self.step()

    def _event_target(self, direction: int) -> int | None:
        """The tick of the next (+1) or previous (-1) event; forward past the known ticks, run until one happens
        (at most MAX_EVENT_SEARCH ticks)."""
        if direction < 0:
            return self.events.previous_before(self.sim.tick_count)
        known = self.events.next_after(self.sim.tick_count)
        if known is not None:
            return known
        self.run_to(self.history.last_tick())
        for _ in range(MAX_EVENT_SEARCH):
            self.step()
            if self.sim.tick_count in self.events.kinds:
                break
        return None

    def edited(self) -> None:
        """The simulation was changed at the current tick: later ticks and their events are gone; the edits are
        autosaved to the recovery file (removed again when none is left unsaved)."""
        self.state.micro = None
        self._edits += 1
        self.events.forget_after(self.sim.tick_count)
        if not self.undo.unsaved:
            self.recovery.discard()
        else:
            error = self.recovery.save(saved_state(self))
            if error:
                self.state.report(error)

    def title(self) -> str:
        """The window title: the scene's name and file, '*' first while there are unsaved edits."""
        mark = "*" if self.undo.unsaved else ""
        where = f" ({self.scene_path.name})" if self.scene_path is not None else ""
        return f"{mark}{self.sim.name}{where} - {CAPTION}"

    def on_close(self) -> bool:
        """The window's close button, Ctrl+Q, File › Quit: with unsaved edits, ask first (the window stays)."""
        if self.undo.unsaved and not self.state.confirm_close:
            self.state.confirm_close = True
            return True
        return False

    def handle_clicks(self, view: np.ndarray, proj: np.ndarray, rect: ViewRect) -> None:
        """Clicks in the 3D view: select the entity under the pointer, or place or remove a block there."""
        state = self.state
        for x, y in state.pending_clicks:
            if not rect.contains(x, y):
                continue
            origin, direction = pixel_ray(view, proj, x - rect.x, y - rect.y, (rect.width, rect.height))
            if state.tool == "select":
                state.selected_entity = pick_entity(self.frame, origin, direction)
                state.selected_stage = None
                state.selected_b36 = None
                continue
            hit = pick_block(self.sim.world, origin, direction)
            if hit is None:
                continue
            cell, face = hit
            if state.tool == "remove":
                state.pending_edits.append(editing.remove_block(cell))
            else:
                block, error = editing.parse_block(state.block_text)
                if error:
                    state.field_errors["block"] = error
                else:
                    state.pending_edits.append(editing.set_block(beside(cell, face), block))
        state.pending_clicks.clear()

    # --- drawing ---
    def draw_frame(self) -> None:
        """One frame: commands, clicks, edits and ticks, panels, GPU data, 3D view, ImGui, screenshot."""
        now = time.perf_counter()
        dt, self._last_time = now - self._last_time, now
        self.state.frame_ms += FRAME_TIME_SMOOTHING * (dt * 1000.0 - self.state.frame_ms)
        self.state.triangles = self.scene.world.triangle_count()
        run_commands(self, now)
        rect = self.view_rect
        aspect = rect.width / max(rect.height, 1.0)
        camera = self.controls.camera()
        self.handle_clicks(camera.view_matrix(), camera.proj_matrix(aspect), rect)
        self.advance(dt)
        self._refresh_overlay()
        self._aim_camera()
        self.controls.update(dt)
        self.window.set_caption(self.title())

        self._scale = apply_scale(self.window.scale, self.state.zoom, self._scale)
        self.imgui_input.new_frame(dt)
        imgui.new_frame()
        self._draw_panels()
        rect = self.view_rect
        camera = self.controls.camera()
        view, proj = camera.view_matrix(), camera.proj_matrix(rect.width / max(rect.height, 1.0))
        self._draw_text(view, proj)
        imgui.render()

        self.scene.update_world(self.sim.world, WORLD_BUDGET_S)
        width, height = self.window.get_framebuffer_size()
        ratio = width / max(self.window.width, 1)
        view_size = (max(round(rect.width * ratio), 1), max(round(rect.height * ratio), 1))
        origin = (round(rect.x * ratio), height - round((rect.y + rect.height) * ratio))
        screen = self.ctx.screen
        screen.use()
        self.ctx.viewport = (0, 0, width, height)
        screen.clear(*self.scene.background(), depth=1.0, viewport=(0, 0, width, height))
        self.scene.draw(screen, camera, size=view_size, origin=origin)
        self.ctx.viewport = (0, 0, width, height)
        if self.state.screenshot == "scene":  # the 3D view with its labels and axis letters, no panels
            self.imgui_renderer.render(imgui.get_draw_data(), background_only=True)
            self._save_screenshot((width, height), crop=(origin, view_size))
        self.imgui_renderer.render(imgui.get_draw_data())
        if self.state.screenshot == "panels":
            self._save_screenshot((width, height))

    def _aim_camera(self) -> None:
        """Focus (F), follow and frame-all requests; the camera's view rectangle for zooming at the pointer."""
        state = self.state
        self.controls.view_rect = self.view_rect
        row = self.frame.row(state.selected_entity) if state.selected_entity is not None else None
        where = tuple(float(c) for c in self.frame.pos[row]) if row is not None else None
        if state.focus_requested and where is not None:
            self.controls.focus(where)
        elif state.follow and where is not None:
            self.controls.follow(where)
        state.focus_requested = False
        if state.frame_requested:
            state.frame_requested = False
            overlays = [o for o in (self.scene.entities.overlay, self.scene.trace.overlay) if o is not None]
            self.controls.frame(action_bounds(self.sim, overlays), self.view_rect.width / max(self.view_rect.height, 1))

    def _draw_panels(self) -> None:
        """The menu bar, the dock space (which gives the 3D view's rectangle), then every panel."""
        state = self.state
        draw_menu_bar(state, bool(self.undo.done), bool(self.undo.undone), self.scene_path is not None)
        self.view_rect = dock_panels(state.reset_layout)
        state.reset_layout = False
        steps = self.steps()
        live, rows = self._panel_data()
        draw_controls(state, self.sim, steps, len(live))
        draw_entities(state, self.sim, live)
        current = steps[state.micro].stage_key if state.micro is not None else None
        draw_stages(state, self.sim.last_record, rows, current)
        draw_plots(state, self.plot_series(), self.sim.tick_count)
        draw_ledger(state, self.ledger(), self.ledger_rows())
        draw_pistons(state, self.b36_rows())
        draw_timeline(state, self.history.first_tick, self.history.last_tick(), self.sim.tick_count,
                      self.events.kinds, self.palette)
        draw_legend(state, self.legend)
        draw_help(state)
        draw_close_prompt(state)
        draw_recovery_prompt(state)
        draw_errors(state)

    def _panel_data(self) -> tuple[list[Any], list[StageRow]]:
        """The live entities in update order and the selected entity's stage rows, read again only when the
        tick, the record, an edit or the selection changed."""
        key = (id(self.sim), self.sim.tick_count, id(self.sim.last_record), self._edits, self.state.selected_entity)
        if self._per_state is None or self._per_state[0] != key:
            self._per_state = (key, self.sim.entities, stage_rows(self.sim.last_record, self.state.selected_entity))
        return self._per_state[1], self._per_state[2]

    def ledger(self) -> LedgerTable:
        """The explosion ledger of the current tick's record (built once per record; a new record drops the
        clicked row, whose explosion index belonged to the old one)."""
        record = self.sim.last_record
        if self._ledger is None or self._ledger[0] != id(record):
            self._ledger = (id(record), ledger_table(record))
            self.state.ledger_pick = None
        return self._ledger[1]

    def ledger_rows(self) -> np.ndarray:
        """The ledger rows left by its filters."""
        s, table = self.state, self.ledger()
        key = (id(table), s.ledger_entity, s.ledger_explosion, s.ledger_region)
        if self._ledger_rows is None or self._ledger_rows[0] != key:
            self._ledger_rows = (key, visible_rows(table, s.ledger_entity, s.ledger_explosion, s.ledger_region))
        return self._ledger_rows[1]

    def b36_rows(self) -> list[B36Row]:
        """The Pistons panel's rows: the B36s of the current tick's record and world (read once per tick)."""
        key = (id(self.sim), self.sim.tick_count, id(self.sim.last_record), self._edits)
        if self._b36_rows is None or self._b36_rows[0] != key:
            self._b36_rows = (key, b36_rows(self.sim.world, self.sim.last_record))
        return self._b36_rows[1]

    def _selected_b36_item(self) -> tuple[int, int] | None:
        """The record item (phase, index) of the selected B36's tick, if it ticked in this record."""
        row = next((r for r in self.b36_rows() if r.pos == self.state.selected_b36), None)
        return row.item if row is not None else None

    def _draw_text(self, view: np.ndarray, proj: np.ndarray) -> None:
        background = imgui.get_background_draw_list()
        labels = list(self.scene.entities.overlay.labels) if self.scene.entities.overlay is not None else []
        if self.state.show_labels and self.scene.trace.overlay is not None:
            labels += self.scene.trace.overlay.labels
        rect = self.view_rect
        draw_labels(background, labels, view, proj, (rect.width, rect.height), (rect.x, rect.y))
        draw_gizmo_letters(background, view, min(GIZMO_SIZE, rect.width, rect.height), (rect.x, rect.y + rect.height),
                           self.palette)

    def _save_screenshot(self, size: tuple[int, int],
                         crop: tuple[tuple[int, int], tuple[int, int]] | None = None) -> None:
        """Save the window's pixels, or those of `crop` ((left, bottom) origin and size, in framebuffer pixels)."""
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

    def plot_series(self) -> dict[int, Series]:
        """The plotted entities' values (read again when the history or the choice of entities changes)."""
        entities = plotted_entities(self.state)
        key = (tuple(entities), id(self.history), self.history.last_tick(), self._edits)
        if key != self._series_key:
            self._series_key = key
            self._series = {e: entity_series(self.history, e) for e in entities}
        return self._series

    def _refresh_overlay(self) -> None:
        """Rebuild overlay buffers when the tick, the stage, the world, the selection or a toggle changed."""
        s = self.state
        key = (id(self.sim), self.sim.tick_count, id(self.sim.world), s.micro, s.selected_entity, s.selected_stage,
               s.show_entities, s.show_trace, s.show_ids, s.show_grid, s.show_borders, s.show_trails, self._edits,
               id(self.sim.last_record), s.ledger_entity, s.ledger_explosion, s.ledger_region, s.ledger_pick,
               s.ledger_draw, s.ledger_rays, s.selected_b36)
        if key == self._overlay_key:
            return
        self._overlay_key = key
        try:
            self._build_overlays()
        except Exception as exc:  # engine state the overlays cannot read: report, draw none
            s.report(f"overlays at tick {self.sim.tick_count}: {describe(exc)}")
            empty = OverlayBuilder().build()
            self.scene.set_overlays(empty, empty, empty)
            self.scene.set_moving_blocks(empty)

    def _build_overlays(self) -> None:
        s = self.state
        self.frame = entity_frame(self.shown_states())
        entities = OverlayBuilder()
        if s.show_entities:
            add_entities(entities, self.frame, self.palette, s.selected_entity,
                         labels=s.show_ids and len(self.frame) <= MAX_ID_LABELS)
        trace = OverlayBuilder()
        roles: list[str] = []
        s.trace_hidden = 0
        record = self.sim.last_record
        if s.show_trace:
            b36 = self._selected_b36_item() if s.selected_b36 is not None else None
            stage = stage_at(record, s.selected_stage) if s.selected_stage is not None else None
            if s.selected_b36 is not None:  # a B36 picked: what it did this tick only (nothing if it did not tick)
                prims = b36_geometry(record, b36) if b36 is not None else []
            else:
                prims = stage_geometry(record, s.selected_entity, stage)
            if s.selected_entity is None and len(prims) > MAX_TRACE_PRIMITIVES:
                s.trace_hidden, prims = len(prims), []
            table = self.ledger()
            if table.events:  # explosion geometry: that of the ledger's rows only (its filters, its click)
                prims = [p for p in prims if p["role"] not in EXPLOSION_ROLES]
                if s.ledger_draw:
                    rows = self.ledger_rows() if s.ledger_pick is None else visible_rows(table, s.ledger_pick[1],
                                                                                          s.ledger_pick[0])
                    explosion = ledger_primitives(table, rows, s.ledger_rays)
                    if len(explosion) > MAX_TRACE_PRIMITIVES:
                        s.trace_hidden, explosion = s.trace_hidden + len(explosion), []
                    prims += explosion
            add_geometry(trace, prims, self.palette)
            roles = sorted({p["role"] for p in prims})
            if stage is None and (s.selected_b36 is None or b36 is not None):
                add_launch_markers(trace, record, self.palette, b36, s.selected_entity)
        self.scene.set_overlays(entities.build(), trace.build(), self._helpers())
        self.legend = legend_entries(self.palette, self.frame.types if s.show_entities else [],
                                     roles if s.show_trace else [], s)
        moving = OverlayBuilder()
        moving_blocks(moving, self.sim.world, self.palette, s.selected_b36)
        self.scene.set_moving_blocks(moving.build())

    def _helpers(self) -> Overlay:
        """Block grid, chunk and section borders, and the trail, around the selection."""
        s = self.state
        helpers = OverlayBuilder()
        row = self.frame.row(s.selected_entity) if s.selected_entity is not None else None
        center = tuple(self.frame.pos[row]) if row is not None else self.controls.orbit.target
        if s.show_grid and row is not None:
            add_block_grid(helpers, center, GRID_RADIUS, self.palette.ui["block_grid"])
        if s.show_borders:
            add_section_borders(helpers, center, self._section_y_range(), self.palette.ui["section_border"])
        if s.show_trails and s.selected_entity is not None:
            states = self.history.states
            path = [states[t][s.selected_entity]["pos"] for t in sorted(states)
                    if t <= self.sim.tick_count and s.selected_entity in states[t]]
            if path:
                add_trails(helpers, [np.array(path, dtype=np.float64)], self.palette.ui["trail"])
        return helpers.build()

    def _section_y_range(self) -> tuple[int, int]:
        keys = self.sim.world.filled_section_keys()
        if not keys:
            return 0, 16
        ys = [k[1] for k in keys]
        return min(ys) * 16, (max(ys) + 1) * 16

    def close(self) -> None:
        """Free GL objects and the ImGui contexts (the layout is saved to the ini file), then the window."""
        self.scene.release()
        self.imgui_renderer.release()
        implot.destroy_context(self.implot_context)
        imgui.destroy_context(self.imgui_context)
        self.window.close()


def describe(exc: BaseException) -> str:
    """One line for the error panel: the exception and the innermost file and line it came from."""
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" ({Path(where.filename).name}:{where.lineno})" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"


def run_viewer(scene_path: str, sim: Any) -> int:
    """Open the window on `sim`, loaded from `scene_path`, and run until it is closed; the exit status."""
    try:
        app = ViewerApp(scene_path, ini_path=_ini_path(), sim=sim, recent_path=config_dir() / "recent.json",
                        recovery_dir=config_dir() / "recovery")
    except pyglet.window.WindowException as exc:  # no display, or no OpenGL 3.3 configuration
        print(f"tickscope: cannot open a window: {exc}; the viewer needs a display with OpenGL 3.3", file=sys.stderr)
        return 2
    pyglet.app.run(FRAME_INTERVAL_S)
    app.close()
    return 0


def _ini_path() -> Path:
    directory = config_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return directory / "imgui.ini"
