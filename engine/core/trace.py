"""The trace contract (ARCHITECTURE.md, interfaces.md): what ran in a tick, stage by stage, with geometry.

Stage code calls `run_stage(rec, entity, STAGE, fn, ...)`; with `rec is None` (tracing off) that is a plain call,
so tracing never changes what is computed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

Geometry = dict[str, Any]


class StageInfo(NamedTuple):
    """The constant part of a stage: short name, the vanilla method it mirrors, the seeds' letter."""

    name: str
    method: str
    code: str | None = None


def state_dict(raw: tuple) -> dict[str, Any]:
    """The trace form of an entity state captured by `Entity.trace_state` (interfaces.md `before`/`after`)."""
    pos, motion, b, on_ground, horizontal, vertical, fall, extra = raw
    d = {"pos": list(pos), "motion": list(motion), "box": [[b[0], b[1], b[2]], [b[3], b[4], b[5]]],
         "on_ground": on_ground, "horizontal_collision": horizontal, "vertical_collision": vertical,
         "fall_distance": fall}
    d.update(extra)
    return d


class Stage:
    """One recorded stage. States are kept as captured (tuples of immutable fields) and shown as dicts."""

    __slots__ = ("name", "method", "code", "_before", "_after", "geometry", "children")

    def __init__(self, name: str, method: str, code: str | None, before: tuple) -> None:
        self.name = name
        self.method = method
        self.code = code
        self._before = before
        self._after: tuple | None = None
        self.geometry: list[Geometry] = []
        self.children: list[Stage] = []

    @property
    def before(self) -> dict[str, Any]:
        return state_dict(self._before)

    @property
    def after(self) -> dict[str, Any] | None:
        return None if self._after is None else state_dict(self._after)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "method": self.method, "code": self.code, "before": self.before,
                "after": self.after, "geometry": self.geometry,
                "children": [c.to_json() for c in self.children]}

    def walk(self):
        """This stage and all its descendants, depth first, in the order they ran."""
        yield self
        for c in self.children:
            yield from c.walk()


class EntityTick:
    """One entity's tick inside the entity phase. Its stages are recorded as it runs, or, for an entity that
    took a vectorised step, replayed on first access by `replay` (the same stage code on a copy)."""

    __slots__ = ("entity_id", "entity_type", "_stages", "replay")

    def __init__(self, entity_id: int, entity_type: str,
                 replay: Callable[[EntityTick], None] | None = None) -> None:
        self.entity_id = entity_id
        self.entity_type = entity_type
        self._stages: list[Stage] = []
        self.replay = replay

    @property
    def stages(self) -> list[Stage]:
        if self.replay is not None:
            replay, self.replay = self.replay, None
            replay(self)
        return self._stages


@dataclass
class PhaseRecord:
    name: str
    items: list[EntityTick] = field(default_factory=list)


@dataclass
class TickRecord:
    tick: int
    phases: list[PhaseRecord] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    # with tracing: the redstone record (interfaces.md): scheduled ticks run, neighbour updates, wire power changes
    redstone: dict[str, list[dict[str, Any]]] | None = None

    def phase(self, name: str) -> PhaseRecord:
        return next(p for p in self.phases if p.name == name)

    def stages_of(self, entity_id: int) -> list[Stage]:
        """The top-level stages recorded for one entity in this tick, across phases."""
        return [s for p in self.phases for it in p.items if it.entity_id == entity_id for s in it.stages]


class Recorder:
    """Collects stages for one entity tick. Stages nest: a stage begun inside another becomes its child."""

    __slots__ = ("item", "_stack")

    def __init__(self, item: EntityTick) -> None:
        self.item = item
        self._stack: list[Stage] = []

    def begin(self, entity: Any, info: StageInfo) -> Stage:
        stage = Stage(info.name, info.method, info.code, entity.trace_state())
        (self._stack[-1].children if self._stack else self.item._stages).append(stage)
        self._stack.append(stage)
        return stage

    def end(self, entity: Any) -> None:
        self._stack.pop()._after = entity.trace_state()

    def geometry(self, prim: Geometry) -> None:
        """Attach a geometry primitive (interfaces.md kinds and roles) to the innermost open stage."""
        self._stack[-1].geometry.append(prim)


def run_stage(rec: Recorder | None, entity: Any, info: StageInfo, fn: Callable[..., Any], *args: Any) -> Any:
    """Run `fn(*args)` as one recorded stage of `entity` (a plain call when tracing is off)."""
    if rec is None:
        return fn(*args)
    rec.begin(entity, info)
    try:
        return fn(*args)
    finally:
        rec.end(entity)


def segment(role: str, a, b, clipped_to=None, **extra: Any) -> Geometry:
    g: Geometry = {"kind": "segment", "role": role, "a": list(a), "b": list(b)}
    if clipped_to is not None:
        g["clipped_to"] = list(clipped_to)
    g.update(extra)
    return g


def box(role: str, b, **extra: Any) -> Geometry:
    g: Geometry = {"kind": "box", "role": role, "min": [b[0], b[1], b[2]], "max": [b[3], b[4], b[5]]}
    g.update(extra)
    return g


def cell(role: str, pos, order: int | None = None, **extra: Any) -> Geometry:
    g: Geometry = {"kind": "cell", "role": role, "pos": list(pos)}
    if order is not None:
        g["order"] = order
    g.update(extra)
    return g


def point(role: str, p, **extra: Any) -> Geometry:
    g: Geometry = {"kind": "point", "role": role, "p": list(p)}
    g.update(extra)
    return g


def sphere(role: str, center, radius: float) -> Geometry:
    return {"kind": "sphere", "role": role, "center": list(center), "radius": radius}


def label(role: str, p, text: str, **extra: Any) -> Geometry:
    g: Geometry = {"kind": "label", "role": role, "p": list(p), "text": text}
    g.update(extra)
    return g
