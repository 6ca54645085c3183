"""The ticks a frame runs: steps, rewinds, micro-steps, playing at a rate, jumps to events, edits and the driven
player's inputs, all through the history, which keeps every tick restorable. A mixin of `ViewerApp`, which owns
the attributes used here (state, sim, history, events, undo, ghost, controls, recovery and the caches)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from viewer import driving, editing
from viewer.panels.errors import describe
from viewer.panels.stages import stage_rows
from viewer.stepping import MicroStep, micro_steps, next_step, states_at
from viewer.undo import Change

if TYPE_CHECKING:   # the history and saving are imported once the simulation is here, after the first frame
    from viewer.history import EntityStates

MAX_TICKS_PER_FRAME = 50      # playing never runs more ticks than this in one frame
MAX_EVENT_SEARCH = 2000       # "next event" runs at most this many new ticks


class Playback:
    """Running and rewinding the simulation for `ViewerApp`."""

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
            from viewer.history import entity_states
            states = self.history.states.get(tick)
            return states if states is not None else entity_states(self.sim)
        return states_at(self.history.states.get(tick - 1, {}), self.steps(), self.state.micro)

    def advance(self, dt: float) -> None:
        """Apply queued edits, then run the ticks asked for since the last frame: a rewind, steps, a
        micro-step, or play at the chosen rate."""
        state = self.state
        for edit in state.pending_edits:
            self._apply_edit(edit)
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
                self._drive()
                self.step()
                if state.playing and self._stop_at_difference():
                    break
            if unit is not None:
                self._micro_step(unit)
        except Exception as exc:  # a failing tick must not take the window down
            self.history.restore(self.history.snapshots[before])
            state.playing = False
            state.micro = None
            state.report(f"tick {self.sim.tick_count + 1}: {describe(exc)}")

    def _stop_at_difference(self) -> bool:
        """Playing into the tick where the ghost's version first differs: pause there, the entity and the first
        stage that differs selected (issue 13's version diff mode)."""
        diff = self.ghost.difference if self.ghost is not None else {}
        if diff.get("tick") != self.sim.tick_count:
            return False
        self.state.playing = False
        self.state.selected_entity = diff.get("entity")
        rows = stage_rows(self.sim.last_record, diff.get("entity"))
        index = diff.get("stage_index")
        self.state.selected_stage = rows[index].key if index is not None and index < len(rows) else None
        return True

    def _apply_edit(self, edit: editing.Edit, inputs_only: bool = False) -> bool:
        """Run a queued edit (`inputs_only`: one that records a player's inputs): on success it branches the
        history and can be undone; a failure shows its reason. An edit of the scheduled actions (`edit.tick`) is
        made at the tick before the first action it changes, and the window returns to the tick it showed."""
        shown = self.sim.tick_count
        if edit.tick is not None and edit.tick < shown:
            self.run_to(max(edit.tick, self.history.first_tick))
        actions = list(self.sim.actions)
        before = self.sim.snapshot()
        error = editing.apply_edit(self.history, edit)
        if error:
            self.state.field_errors[edit.where] = error
            self.state.report(f"{edit.where}: {error}")
            self.run_to(shown)
            return False
        schedule = (actions, list(self.sim.actions)) if edit.tick is not None else None
        self.undo.push(Change(self.sim.tick_count, edit.where, before, self.sim.snapshot(), inputs_only, edit.action,
                              schedule, edit))
        self.edited()
        if schedule is not None:
            self.replay_after(self.sim.tick_count)
        self.run_to(shown)
        return True

    def replay_after(self, tick: int) -> None:
        """The run was changed at `tick` (the schedule, an undo or a redo): apply again, each at its tick, the edits
        in force made after it (blocks, entity fields, goals...), so the run from `tick` keeps them; each gets the
        new run's snapshots. An edit that no longer applies (its entity gone in the new run) lapses: it stays on the
        undo stack with the new run's state at its tick as both snapshots (undoing it changes nothing), is left out
        of Save, and applies again on a later re-run where it can; both turns are told in the error panel."""
        from viewer.saving import in_force
        for change in in_force(self.undo.done, lapsed=True):
            if change.tick <= tick or change.edit is None:
                continue
            self.run_to(change.tick)
            before = self.sim.snapshot()
            error = editing.apply_edit(self.history, change.edit)
            if error:
                if not change.lapsed:
                    self.state.report(f"tick {change.tick}: the edit of {change.edit.where} no longer applies: "
                                      f"{error}; it stays on the undo stack and applies again if the run changes "
                                      "back")
                self.undo.renew(change, replace(change, before=before, after=before, lapsed=True))
                continue
            if change.lapsed:
                self.state.report(f"tick {change.tick}: the edit of {change.edit.where} applies again")
            self.undo.renew(change, replace(change, before=before, after=self.sim.snapshot(), lapsed=False))
            self.edited()

    def _drive(self) -> None:
        """While driving a selected player: record the keys held and the look into the tick about to run."""
        player = driving.driven(self.sim, self.state.selected_entity) if self.state.driving else None
        if player is None:
            return
        held = driving.held_input(self.controls.pressed, player, self.state.drive_turn)
        if self._apply_edit(driving.record_input(player.id, self.sim.tick_count + 1, held), inputs_only=True):
            self.state.drive_turn = (0.0, 0.0)

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
            state.selected_stage = step.stage_key if step.kind == "stage" else None
            state.search_step = None
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
        self.autosave()

    def autosave(self) -> None:
        """Write the unsaved edits and bookmarks to the recovery file (remove it when nothing is unsaved)."""
        if not self.undo.unsaved:
            self.recovery.discard()
        else:
            from viewer.saving import saved_state
            error = self.recovery.save(saved_state(self))
            if error:
                self.state.report(error)
