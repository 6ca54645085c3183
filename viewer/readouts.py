"""What the panels and the 3D overlays show, read from the simulation, the trace and the history, and kept
until the tick, the record, an edit, the selection or a toggle changes (style V3): a mixin of `ViewerApp`, which
owns the attributes used here (state, sim, history, palette, scene, controls and the caches). The explosion ledger's
and the pistons' modules are imported where used: the first frame, drawn before the simulation is here, uses
neither (docs/performance.md, "Launch of every scene")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

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
from viewer.drawing.path_search import NODE_ROLES, SEARCH_STAGE, at_search_step
from viewer.drawing.redstone_overlay import add_redstone, updates_in
from viewer.drawing.redstone_overlay import legend as redstone_legend
from viewer.entity_log import EntityLog, type_counts
from viewer.panels.errors import describe
from viewer.panels.help import legend_entries
from viewer.panels.plots import Series, entity_series, plotted_entities
from viewer.panels.stages import StageRow, stage_rows
from viewer.stepping import stage_at

if TYPE_CHECKING:
    from engine import formulas
    from viewer.drawing.pistons import B36Row
    from viewer.panels.ledger import LedgerTable

MAX_TRACE_PRIMITIVES = 5000   # with no entity selected, a larger trace is not drawn (select one)
MAX_ID_LABELS = 500           # with more entities, only the selected one carries its id label
GRID_RADIUS = 2               # cells each way around the selected entity's cell in the block grid


class Readouts:
    def _panel_data(self) -> tuple[list[Any], list[StageRow]]:
        """The live entities in update order and the selected entity's stage rows, read again only when the
        tick, the record, an edit or the selection changed."""
        key = (id(self.sim), self.sim.tick_count, id(self.sim.last_record), self._edits, self.state.selected_entity)
        if self._per_state is None or self._per_state[0] != key:
            self._per_state = (key, self.sim.entities, stage_rows(self.sim.last_record, self.state.selected_entity))
        return self._per_state[1], self._per_state[2]

    def live_counts(self) -> list[tuple[str, int]]:
        """The live entities by type, most first (the Entities list's line), counted once per list of them."""
        from engine import entity_table
        live = self._panel_data()[0]
        if self._live_counts is None or self._live_counts[0] is not live:
            self._live_counts = (live, entity_table.count_by_type(e.type for e in live))
        return self._live_counts[1]

    def ledger(self) -> LedgerTable:
        """The explosion ledger of the current tick's record (built once per record; a new record drops the
        clicked row, whose explosion index belonged to the old one)."""
        from viewer.panels.ledger import ledger_table
        record = self.sim.last_record
        if self._ledger is None or self._ledger[0] != id(record):
            self._ledger = (id(record), ledger_table(record))
            self.state.ledger_pick = None
        return self._ledger[1]

    def ledger_rows(self) -> np.ndarray:
        """The ledger rows left by its filters."""
        from viewer.panels.ledger import visible_rows
        s, table = self.state, self.ledger()
        key = (id(table), s.ledger_entity, s.ledger_explosion, s.ledger_region)
        if self._ledger_rows is None or self._ledger_rows[0] != key:
            self._ledger_rows = (key, visible_rows(table, s.ledger_entity, s.ledger_explosion, s.ledger_region))
        return self._ledger_rows[1]

    def b36_rows(self) -> list[B36Row]:
        """The Pistons panel's rows: the B36s of the current tick's record and world (read once per tick)."""
        from viewer.drawing.pistons import b36_rows
        key = (id(self.sim), self.sim.tick_count, id(self.sim.last_record), self._edits)
        if self._b36_rows is None or self._b36_rows[0] != key:
            self._b36_rows = (key, b36_rows(self.sim.world, self.sim.last_record))
        return self._b36_rows[1]

    def _selected_b36_item(self) -> tuple[int, int] | None:
        """The record item (phase, index) of the selected B36's tick, if it ticked in this record."""
        row = next((r for r in self.b36_rows() if r.pos == self.state.selected_b36), None)
        return row.item if row is not None else None

    def plot_series(self) -> dict[int, Series]:
        """The plotted entities' values (read again when the history or the choice of entities changes)."""
        entities = plotted_entities(self.state)
        key = (tuple(entities), id(self.history), self.history.last_tick(), self._edits)
        if key != self._series_key:
            self._series_key = key
            self._series = {e: entity_series(self.history, e) for e in entities}
        return self._series

    def entity_log(self) -> EntityLog:
        """The Entity table's rows: its tick range (the start to the current tick unless chosen) and type, read
        again when the history, the range or the type changes."""
        s, first = self.state, self.history.first_tick
        low, high = s.table_range if s.table_range is not None else (first, self.sim.tick_count)
        key = (id(self.history), self.history.last_tick(), self._edits, max(low, first), high, s.table_type)
        if self._entity_log is None or self._entity_log[0] != key:
            self._entity_log = (key, EntityLog(self.history, max(low, first), high, s.table_type))
        return self._entity_log[1]

    def type_counts(self) -> list[tuple[str, int]]:
        """The Entity table's live entities by type at the current tick, counted again only when that tick's states
        change (they are never changed in place, only replaced or dropped), not every frame."""
        states = self.history.states.get(self.sim.tick_count)
        if self._type_counts is None or self._type_counts[0] is not states:
            self._type_counts = (states, type_counts(self.history, self.sim.tick_count))
        return self._type_counts[1]

    def _refresh_overlay(self) -> None:
        """Rebuild overlay buffers when the tick, the stage, the world, the selection or a toggle changed."""
        s = self.state
        key = (id(self.sim), self.sim.tick_count, id(self.sim.world), s.micro, s.selected_entity, s.selected_stage,
               s.show_entities, s.show_trace, s.show_ids, s.show_grid, s.show_borders, s.show_trails, self._edits,
               s.show_formula, s.formula_from, id(self.ghost),
               id(self.sim.last_record), s.ledger_entity, s.ledger_explosion, s.ledger_region, s.ledger_pick,
               s.ledger_draw, s.ledger_rays, s.selected_b36, s.search_step, s.show_power, s.show_clocks,
               s.show_updates)
        if key == self._overlay_key:
            return
        self._overlay_key = key
        try:
            self._build_overlays()
        except Exception as exc:  # engine state the overlays cannot read: report, draw none
            s.report(f"overlays at tick {self.sim.tick_count}: {describe(exc)}")
            empty = OverlayBuilder().build()
            self.search_nodes = []
            self.scene.set_overlays(empty, empty, empty)
            self.scene.set_moving_blocks(empty)

    def _build_overlays(self) -> None:
        from viewer.drawing.pistons import add_launch_markers, b36_geometry, moving_blocks
        from viewer.panels.ledger import ledger_primitives, visible_rows
        s = self.state
        self.frame = entity_frame(self.shown_states())
        entities = OverlayBuilder()
        if s.show_entities:
            add_entities(entities, self.frame, self.palette, s.selected_entity,
                         labels=s.show_ids and len(self.frame) <= MAX_ID_LABELS)
        trace = OverlayBuilder()
        roles: list[str] = []
        prims: list[dict[str, Any]] = []
        s.trace_hidden = 0
        record = self.sim.last_record
        if s.show_trace:
            b36 = self._selected_b36_item() if s.selected_b36 is not None else None
            stage = stage_at(record, s.selected_stage) if s.selected_stage is not None else None
            if s.selected_b36 is not None:  # a B36 picked: what it did this tick only (nothing if it did not tick)
                prims = b36_geometry(record, b36) if b36 is not None else []
            else:
                prims = stage_geometry(record, s.selected_entity, stage)
            if stage is not None and stage.name == SEARCH_STAGE and s.search_step is not None:
                prims = at_search_step(prims, s.search_step)
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
        self.search_nodes = [p for p in prims if p["role"] in NODE_ROLES] if s.show_trace else []
        drawn = add_redstone(trace, self.sim.world, self._shown_updates(), self.palette, s.show_power, s.show_clocks,
                             s.show_updates)
        self.scene.set_overlays(entities.build(), trace.build(), self._helpers())
        self.legend = legend_entries(self.palette, self.frame.types if s.show_entities else [],
                                     roles if s.show_trace else [], s,
                                     sorted({p["type"] for p in self.search_nodes}))
        self.legend += redstone_legend(drawn, self.palette)
        if self.ghost is not None:
            self.legend.append((f"ghost: version {self.ghost.version}", self.palette.ui["ghost"]))
        moving = OverlayBuilder()
        moving_blocks(moving, self.sim.world, self.palette, s.selected_b36)
        if self.ghost is not None:
            from viewer.drawing.analysis import add_ghosts
            add_ghosts(moving, self.ghost.boxes_at(self.sim.tick_count), self.palette.ui["ghost"])
        self.scene.set_moving_blocks(moving.build())

    def _shown_updates(self) -> list[tuple[int, dict[str, Any]]]:
        """The neighbour updates drawn as arrows: the tick's at its end; inside it, those of the redstone micro-step
        the cursor is on, none at an entity's stage."""
        record = self.sim.last_record
        if self.state.micro is None:
            return updates_in(record)
        step = self.steps()[self.state.micro]
        return step.stage.updates if step.redstone else []

    def _helpers(self) -> Overlay:
        """Block grid, chunk and section borders, the formula path and the trail (drawn over it where they agree)
        around the selection; a selected mob's line to its goal's target."""
        s = self.state
        helpers = OverlayBuilder()
        row = self.frame.row(s.selected_entity) if s.selected_entity is not None else None
        center = tuple(self.frame.pos[row]) if row is not None else self.controls.orbit.target
        if s.show_grid and row is not None:
            add_block_grid(helpers, center, GRID_RADIUS, self.palette.ui["block_grid"])
        if s.show_borders:
            add_section_borders(helpers, center, self._section_y_range(), self.palette.ui["section_border"])
        overlay = self.formula_overlay() if s.show_formula else None
        if overlay is not None:
            states = self.history.states
            simulated = {t: states[t][s.selected_entity]["pos"] if s.selected_entity in states.get(t, ())
                         else overlay.predicted[t - overlay.ticks[0]][0] for t in overlay.ticks}
            ui = self.palette.ui
            from viewer.drawing.analysis import add_formula_path
            add_formula_path(helpers, overlay, simulated, ui["formula"], ui["formula_diverge"])
        if s.show_trails and s.selected_entity is not None:
            states = self.history.states
            path = [states[t][s.selected_entity]["pos"] for t in sorted(states)
                    if t <= self.sim.tick_count and s.selected_entity in states[t]]
            if path:
                add_trails(helpers, [np.array(path, dtype=np.float64)], self.palette.ui["trail"])
        from viewer.actions import goal_lines
        for name, start, target in goal_lines(self.sim, s.selected_entity):   # a mob's goal: a line to its target
            helpers.segment(tuple(start), tuple(target), self.palette.ui["mob_goal"], dashed=name == "path_to")
            helpers.label(target, name, self.palette.ui["mob_goal"])
        return helpers.build()

    def formula_overlay(self) -> formulas.Overlay | None:
        """The selected entity's closed-form path (engine.analysis.formulas.overlay_from) from the simulated state
        at `formula_from` to the current tick, beside the history's states (ending early where the entity was
        removed); None without a selected entity the
        closed forms model at `formula_from`, or with `formula_from` outside its recorded ticks up to now."""
        from engine import formulas  # imported on first use (the overlay shown): start-up time

        s = self.state
        states = self.history.states
        if s.formula_from > self.sim.tick_count or s.selected_entity not in states.get(s.formula_from, ()):
            return None
        kind = states[s.formula_from][s.selected_entity]["type"]
        if kind not in formulas.FREE_FLIGHT:
            return None
        ticks = [s.formula_from]  # consecutive recorded ticks from there (a thinned history has gaps)
        while ticks[-1] < self.sim.tick_count and s.selected_entity in states.get(ticks[-1] + 1, ()):
            ticks.append(ticks[-1] + 1)
        rows = [states[t][s.selected_entity] for t in ticks]
        simulated = [(tuple(r["pos"]), tuple(r["motion"])) for r in rows]
        return formulas.overlay_from(kind, ticks, simulated, s.formula_from, self.sim.tick_count)

    def _section_y_range(self) -> tuple[int, int]:
        keys = self.sim.world.filled_section_keys()
        if not keys:
            return 0, 16
        ys = [k[1] for k in keys]
        return min(ys) * 16, (max(ys) + 1) * 16
