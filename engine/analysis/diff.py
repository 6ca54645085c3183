"""`tickscope diff SCENE --versions A,B --ticks N` (interfaces.md): the scene run in two versions (the rows of
engine/core/versions.py, e.g. 1.13's fixed Y-X-Z sweep order vs 1.14+'s, or 1.18's move zeroing) side by side,
stopping at the first tick, entity and stage where they differ."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.analysis.sweep import read_scene_doc
from engine.core.trace import Stage, TickRecord
from engine.core.versions import features_for
from engine.tick.scene import SceneError, load_scene_doc
from engine.tick.simulation import Simulation


def load_in_version(doc: dict[str, Any], source: str, version: str) -> Simulation:
    """The scene with `[scene] version` replaced, traced (stage records on)."""
    try:
        features_for(version)
    except ValueError as err:
        raise SceneError(f"--versions: {err}") from None
    doc = copy.deepcopy(doc)
    doc.setdefault("scene", {})["version"] = version
    sim = load_scene_doc(doc, source)
    sim.trace_enabled = True
    return sim


def _first_stage(a: list[Stage], b: list[Stage]) -> Stage | None:
    """The first stage, depth first in the order run, whose name, state before or after differ."""
    for sa, sb in zip(a, b, strict=False):
        if sa.name != sb.name or sa.before != sb.before:
            return sa
        inner = _first_stage(sa.children, sb.children)
        if inner is not None:
            return inner
        if sa.after != sb.after:
            return sa
    if len(a) != len(b):
        return max(a, b, key=len)[min(len(a), len(b))]   # the first stage one version runs and the other not
    return None


@dataclass
class UnsharedAttributes:
    """The attributes a living entity has in one version and not in the other (1.20.5 added gravity, step_height
    and more; an attribute is there once the tick reads it): the diff compares the values both have and names
    these once, as a note, rather than stopping at the first tick where a set differs."""

    only_a: set[str] = field(default_factory=set)
    only_b: set[str] = field(default_factory=set)

    def shared(self, la: dict[str, Any] | None, lb: dict[str, Any] | None
               ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The two trace lines with only the attributes both have (noting the others)."""
        if la is None or lb is None or "attributes" not in la or "attributes" not in lb:
            return la, lb
        a, b = la["attributes"], lb["attributes"]
        self.only_a |= a.keys() - b.keys()
        self.only_b |= b.keys() - a.keys()
        return ({**la, "attributes": {k: v for k, v in a.items() if k in b}},
                {**lb, "attributes": {k: v for k, v in b.items() if k in a}})

    def notes(self, version_a: str, version_b: str) -> list[str]:
        return [f"attributes only {version} has (not compared): {', '.join(sorted(names))}"
                for version, names in ((version_a, self.only_a), (version_b, self.only_b)) if names]


def compare_tick(tick: int, sim_a: Simulation, rec_a: TickRecord | None, sim_b: Simulation,
                 rec_b: TickRecord | None, unshared: UnsharedAttributes | None = None) -> dict[str, Any] | None:
    """The first difference after this tick as the diff line, or None (`unshared`: gathers the attributes one
    version's entity lacks, compared without them)."""
    unshared = UnsharedAttributes() if unshared is None else unshared
    lines_a = {e.id: e.trace_line() for e in (sim_a.reported_entities() if rec_a else sim_a.entities)}
    lines_b = {e.id: e.trace_line() for e in (sim_b.reported_entities() if rec_b else sim_b.entities)}
    for eid in sorted(lines_a.keys() | lines_b.keys()):
        la, lb = unshared.shared(lines_a.get(eid), lines_b.get(eid))
        if la == lb:
            continue
        stages = rec_a.stages_of(eid) if rec_a and rec_b else []
        stage = _first_stage(stages, rec_b.stages_of(eid)) if rec_a and rec_b else None
        order = [s for top in stages for s in top.walk()]
        return {"tick": tick, "entity": eid, "stage": stage.name if stage else None,
                "method": stage.method if stage else None,
                "stage_index": next((i for i, s in enumerate(order) if s is stage), None),
                "fields": sorted(k for k in (la or lb) if (la or {}).get(k) != (lb or {}).get(k)),
                "a": lines_a.get(eid), "b": lines_b.get(eid)}
    if rec_a and rec_b and rec_a.events != rec_b.events:
        return {"tick": tick, "entity": None, "stage": None, "events_a": rec_a.events, "events_b": rec_b.events}
    return None


OnTick = Callable[[int, int], None]   # told (tick, ticks) as each tick is compared: a caller's progress bar


def paired_ticks(scene: str, version_a: str, version_b: str, ticks: int, on_tick: OnTick | None = None
                 ) -> Iterator[tuple[int, Simulation, TickRecord | None, Simulation, TickRecord | None]]:
    """The scene loaded in both versions (tick 0, no records), then after each tick up to `ticks`."""
    doc = read_scene_doc(scene)
    sim_a, sim_b = load_in_version(doc, scene, version_a), load_in_version(doc, scene, version_b)
    yield 0, sim_a, None, sim_b, None
    while sim_a.tick_count < ticks:
        rec_a, rec_b = sim_a.tick(), sim_b.tick()
        if on_tick is not None:
            on_tick(sim_a.tick_count, ticks)
        yield sim_a.tick_count, sim_a, rec_a, sim_b, rec_b


def first_difference(scene: str, version_a: str, version_b: str, ticks: int,
                     on_tick: OnTick | None = None) -> dict[str, Any]:
    """The diff line: first tick, entity and stage where the versions differ; `{"tick": None}` if none; `notes`
    where the attribute sets differ (`UnsharedAttributes`). Loaded states that differ are told once both have run
    their first tick: a release that refuses an entity kind of the scene stops there in one line, as in a trace,
    whether or not the loaded states differ."""
    pairs = paired_ticks(scene, version_a, version_b, ticks, on_tick)
    unshared = UnsharedAttributes()
    found: dict[str, Any] = {"tick": None}
    for tick, sim_a, rec_a, sim_b, rec_b in pairs:
        line = compare_tick(tick, sim_a, rec_a, sim_b, rec_b, unshared)
        if line is not None:
            if tick == 0:
                next(pairs, None)
            found = line
            break
    notes = unshared.notes(version_a, version_b)
    return found | {"notes": notes} if notes else found


Corners = tuple[tuple[float, float, float], tuple[float, float, float]]


@dataclass
class VersionGhost:
    """The scene run in a second version beside the first: that version's entity boxes tick by tick (the
    viewer's ghost) and the first difference (the diff line, `stage_index` counting the entity's stages of that
    tick depth first)."""

    version: str
    difference: dict[str, Any]
    boxes: dict[int, list[Corners]] = field(default_factory=dict)

    def boxes_at(self, tick: int) -> list[Corners]:
        return self.boxes.get(tick, [])


def run_ghost(scene: str, version_a: str, version_b: str, ticks: int, on_tick: OnTick | None = None) -> VersionGhost:
    """Both versions run to `ticks`; the boxes of version B's entities after every tick and the first
    difference."""
    ghost = VersionGhost(version_b, {"tick": None})
    unshared = UnsharedAttributes()
    for tick, sim_a, rec_a, sim_b, rec_b in paired_ticks(scene, version_a, version_b, ticks, on_tick):
        if ghost.difference["tick"] is None:
            ghost.difference = compare_tick(tick, sim_a, rec_a, sim_b, rec_b, unshared) or ghost.difference
        ghost.boxes[tick] = [((e.box.min_x, e.box.min_y, e.box.min_z), (e.box.max_x, e.box.max_y, e.box.max_z))
                             for e in sim_b.entities]
    return ghost
