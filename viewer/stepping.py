"""Micro-stepping inside a tick: the recorded stages of a `TickRecord` in the order they finished, and the
entity states the world shows right after one of them.

Nothing is re-simulated. After stage k of entity n the entities ticked earlier show their last recorded
`after`, entity n its stage's `after`, and the later ones their state before the tick (the history's states of
the previous tick). A stage finishes after its children, so children come before their parent.

A block entity's tick (a B36 moving its block) has no stages of its own: it is one step, `block_entity`, whose
`stage` is its record item (summary, geometry, pushes); the entities it moved follow as their own items.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from viewer.history import EntityStates

UNITS = ("stage", "entity", "phase")   # what one micro-step request skips to


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

    @property
    def block_entity(self) -> bool:
        return self.entity_id is None

    @property
    def stage_key(self) -> tuple[int, int, tuple[int, ...]]:
        return self.phase, self.item, self.path


def _finished(stages: list[Any], path: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], Any]]:
    for i, stage in enumerate(stages):
        yield from _finished(stage.children, (*path, i))
        yield (*path, i), stage


def _item_steps(p: int, i: int, item: Any) -> Iterator[MicroStep]:
    if item.entity_id is None:
        yield MicroStep(p, i, (), item, None, item.entity_type)
        return
    for path, stage in _finished(item.stages, ()):
        yield MicroStep(p, i, path, stage, item.entity_id, item.entity_type)


def micro_steps(record: Any) -> list[MicroStep]:
    """Every stage of `record`, phases and entities in the order they ran, each stage after its children; a
    block entity's tick is one step."""
    if record is None:
        return []
    return [step for p, phase in enumerate(record.phases) for i, item in enumerate(phase.items)
            for step in _item_steps(p, i, item)]


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
        if step.block_entity:
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
