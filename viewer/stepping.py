"""Micro-stepping inside a tick: the recorded stages of a `TickRecord` in the order they finished, and the
entity states the world shows right after one of them.

Nothing is re-simulated. After stage k of entity n the entities ticked earlier show their last recorded
`after`, entity n its stage's `after`, and the later ones their state before the tick (the history's states of
the previous tick). A stage finishes after its children, so children come before their parent.

A block entity's tick (a B36 moving its block) has no stages of its own: it is one step, `block_entity`, whose
`stage` is its record item (summary, geometry, pushes); the entities it moved follow as their own items.

A phase in which redstone ran (the tick's `redstone` record: scheduled ticks, neighbour updates, each update naming
its phase) has one step of its own, `redstone`, whose `stage` is a `RedstoneStep`: the phase's neighbour updates,
numbered in the tick's order, which the 3D view draws as numbered arrows. It comes first in its phase (the
scheduled ticks, the block events, a player's `use` before the players move) but in the entity and block-entity
phases, where it comes last: what the entities and block entities there caused, after them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from viewer.drawing.redstone_overlay import updates_in

if TYPE_CHECKING:
    from viewer.history import EntityStates

UNITS = ("stage", "entity", "phase")   # what one micro-step request skips to
REDSTONE_LAST = frozenset({"entities", "block_entities"})   # phases whose redstone step comes after their items


@dataclass(frozen=True)
class RedstoneStep:
    """The redstone of one phase: its neighbour updates (number in the tick, record entry) and, in the scheduled
    ticks phase, the scheduled ticks run."""

    phase: str
    updates: list[tuple[int, dict[str, Any]]]
    scheduled: list[dict[str, Any]]


@dataclass(frozen=True)
class MicroStep:
    """One finished stage: where it sits in the record (phase, item, child path) and the stage itself; for a
    block entity's tick (`entity_id` None) the path is empty and `stage` is the record item."""

    phase: int
    item: int
    path: tuple[int, ...]
    stage: Any
    entity_id: int | None
    entity_type: str
    kind: str = "stage"           # "stage", "block_entity" or "redstone"

    @property
    def block_entity(self) -> bool:
        return self.kind == "block_entity"

    @property
    def redstone(self) -> bool:
        return self.kind == "redstone"

    @property
    def stage_key(self) -> tuple[int, int, tuple[int, ...]]:
        return self.phase, self.item, self.path


def _finished(stages: list[Any], path: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], Any]]:
    for i, stage in enumerate(stages):
        yield from _finished(stage.children, (*path, i))
        yield (*path, i), stage


def _item_steps(p: int, i: int, item: Any) -> Iterator[MicroStep]:
    if item.entity_id is None:
        yield MicroStep(p, i, (), item, None, item.entity_type, "block_entity")
        return
    for path, stage in _finished(item.stages, ()):
        yield MicroStep(p, i, path, stage, item.entity_id, item.entity_type)


def micro_steps(record: Any) -> list[MicroStep]:
    """Every stage of `record`, phases and entities in the order they ran, each stage after its children; a
    block entity's tick is one step, and so is the redstone of a phase where it ran."""
    if record is None:
        return []
    redstone = getattr(record, "redstone", None) or {}
    steps = []
    for p, phase in enumerate(record.phases):
        items = [step for i, item in enumerate(phase.items) for step in _item_steps(p, i, item)]
        updates = updates_in(record, phase.name)
        scheduled = list(redstone.get("scheduled_ticks", ())) if phase.name == "scheduled_ticks" else []
        if updates or scheduled:
            step = MicroStep(p, -1, (), RedstoneStep(phase.name, updates, scheduled), None, "redstone", "redstone")
            items = [*items, step] if phase.name in REDSTONE_LAST else [step, *items]
        steps += items
    return steps


def next_step(steps: list[MicroStep], current: int | None, unit: str) -> int | None:
    """The index `unit` ('stage', 'entity' or 'phase') ahead of `current` (None: the tick's start),
    or None when that runs past the last stage (the tick's end)."""
    if unit not in UNITS:
        raise ValueError(f"micro-step unit {unit!r}: expected one of {', '.join(UNITS)}")
    if current is None:
        return 0 if steps else None
    here = steps[current]
    for i in range(current + 1, len(steps)):
        s = steps[i]
        if (unit == "stage" or (unit == "entity" and (s.phase, s.item) != (here.phase, here.item))
                or (unit == "phase" and s.phase != here.phase)):
            return i
    return None


def states_at(before_tick: EntityStates, steps: list[MicroStep], index: int) -> EntityStates:
    """The entity states right after `steps[index]`: every recorded `after` up to it laid over the states
    before the tick."""
    states = dict(before_tick)
    for step in steps[:index + 1]:
        if step.kind != "stage":
            continue
        base = states.get(step.entity_id, {"type": step.entity_type})
        states[step.entity_id] = {**base, **step.stage.after}
    return states


def stage_at(record: Any, key: tuple[int, int, tuple[int, ...]]) -> Any | None:
    """The stage at (phase, item, child path) in `record`, or None if the record has no such stage."""
    phase, item, path = key
    try:
        stages = record.phases[phase].items[item].stages
        stage = None
        for i in path:
            stage = stages[i]
            stages = stage.children
        return stage
    except (IndexError, AttributeError):
        return None


def readout(record: Any, steps: list[MicroStep], index: int | None, tick: int) -> str:
    """'tick T' at a tick's end; inside a tick, where the cursor is: phase, entity and stage path."""
    if index is None or record is None:
        return f"tick {tick} (end)"
    step = steps[index]
    phase = record.phases[step.phase]
    items = phase.items
    where = (f"tick {tick} · phase {phase.name} ({step.phase + 1}/{len(record.phases)}) · ")
    if step.redstone:
        ran = f"{len(step.stage.scheduled)} scheduled ticks run, " if step.stage.scheduled else ""
        return f"{where}redstone: {ran}{len(step.stage.updates)} neighbour updates · ({index + 1}/{len(steps)})"
    if step.block_entity:
        summary = step.stage.summary
        return (f"{where}{step.entity_type.removeprefix('minecraft:')} {tuple(step.stage.pos)} "
                f"{summary.get('pushed', '')} ({step.item + 1}/{len(items)}) · tick ({index + 1}/{len(steps)})")
    names = []
    stages = items[step.item].stages
    for i in step.path:
        names.append(stages[i].name)
        stages = stages[i].children
    return (f"{where}entity #{step.entity_id} {step.entity_type.removeprefix('minecraft:')} "
            f"({step.item + 1}/{len(items)}) · stage {' > '.join(names)} ({index + 1}/{len(steps)})")
