"""One run of an edited scene: load it, run N ticks, read the measured PATHs. With `coast`, a measured thrown
projectile that has nothing left to meet is carried to tick N by the closed forms (spec 02) instead of ticks."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from engine.analysis import formulas
from engine.analysis.paths import Path, edited, measured_value
from engine.entities.entity import Entity
from engine.entities.thrown import ThrownEntity
from engine.living.player import PlayerEntity
from engine.tick.scene import load_scene_doc
from engine.tick.simulation import Simulation
from engine.world.world import MIN_Y

COAST_KEYS = {"pos", "motion"}
VOID_MARGIN = 64.0   # thrown projectiles are removed below MIN_Y - 64 (Entity.attemptTickInVoid)


def run_variant(doc: dict[str, Any], source: str, ticks: int, assignments: list[tuple[Path, Any]],
                measures: list[Path], coast: bool = False) -> list[float]:
    """The measured values after tick `ticks` of `doc` with `assignments` applied."""
    sim = load_scene_doc(edited(doc, assignments), source)
    wanted = {p.index for p in measures}
    seen: dict[int, Entity] = {}

    def note() -> None:
        for i in wanted - seen.keys():
            e = sim.entity_by_id(i)
            if e is not None:
                seen[i] = e

    note()
    coasted: dict[int, tuple] = {}
    can_coast = coast and all(p.key in COAST_KEYS for p in measures)
    while sim.tick_count < ticks:
        coasted = _coast(sim, seen, wanted, ticks) if can_coast else {}
        if coasted:
            break
        sim.tick()
        note()
    return [measured_value(_line(seen.get(p.index), coasted), p) for p in measures]


def check_measures(doc: dict[str, Any], source: str, measures: list[Path]) -> None:
    """PathError now, before any run, for a measured PATH its entity does not trace at tick 0 (entities that
    appear later are checked when they do)."""
    sim = load_scene_doc(doc, source)
    for p in measures:
        e = sim.entity_by_id(p.index)
        if e is not None:
            measured_value(e.trace_line(), p)


def _line(e: Entity | None, coasted: dict[int, tuple]) -> dict[str, Any] | None:
    if e is None:
        return None
    line = e.trace_line()
    if e.id in coasted:
        line["pos"], line["motion"] = (list(v) for v in coasted[e.id])
    return line


def _coast(sim: Simulation, seen: dict[int, Entity], wanted: set[int], ticks: int) -> dict[int, tuple]:
    """Whether every measured entity is a thrown projectile in free flight until `ticks` with nothing to meet:
    no scheduled action left, every other live entity a player standing still off the path, no block, fluid or
    border along the swept path, no void. If so, each one's closed-form (pos, Motion) after tick `ticks`."""
    f = sim.features   # the closed forms are 1.16.5's thrown tick: other versions run their ticks (or refuse)
    if "thrown" in f.refused or f.thrown_gravity_double or f.thrown_tick_1_21_2:
        return {}
    if set(seen) != wanted or any(a.last_tick > sim.tick_count for a in sim.actions):
        return {}
    live = [e for e in sim.entities if not e.removed]
    movers = [e for e in live if e.id in wanted]
    if len(movers) != len(wanted) or not all(_standing_still(e, sim.tick_count) for e in live if e.id not in wanted):
        return {}
    ends = {}
    for e in movers:
        if (not isinstance(e, ThrownEntity) or e.vehicle is not None or e.passengers or e.touching_water
                or e.no_gravity):
            return {}
        remaining = ticks - sim.tick_count
        states = formulas.iter_states(e.TYPE, tuple(e.pos), tuple(e.motion), remaining)
        if not _path_clear(sim, e, states, [o for o in live if o is not e]):
            return {}
        ends[e.id] = formulas.state_at(e.TYPE, tuple(e.pos), tuple(e.motion), remaining)
    return ends


def _standing_still(e: Entity, tick: int) -> bool:
    """A player on the ground with no Motion but the standing fall and no key held from `tick` on: it stays where
    it is (a thrower waiting for its pearl)."""
    return (isinstance(e, PlayerEntity) and e.on_ground and e.vehicle is None and e.motion.x == e.motion.z == 0.0
            and all(r.last <= tick for r in e.inputs.ranges))


def _path_clear(sim: Simulation, e: Entity, states: Iterator, others: list[Entity]) -> bool:
    """No block in the sections around each tick's swept box (World.region_is_empty), no other entity's box near
    it, inside the border, above the void."""
    half, height = e.WIDTH / 2.0 + 1.0, e.HEIGHT + 1.0
    west, north, east, south = sim.world.border.bounds()
    a, _ = next(states)
    for b, _ in states:
        x0, x1 = min(a[0], b[0]) - half, max(a[0], b[0]) + half
        y0, y1 = min(a[1], b[1]) - 1.0, max(a[1], b[1]) + height
        z0, z1 = min(a[2], b[2]) - half, max(a[2], b[2]) + half
        if (not all(map(math.isfinite, (x0, x1, y0, y1, z0, z1))) or y0 < MIN_Y - VOID_MARGIN
                or x0 <= west or x1 >= east or z0 <= north or z1 >= south):
            return False
        if not sim.world.region_is_empty(math.floor(x0), math.floor(y0), math.floor(z0),
                                         math.floor(x1), math.floor(y1), math.floor(z1)):
            return False
        for o in others:
            bx = o.box
            if bx.max_x > x0 and bx.min_x < x1 and bx.max_y > y0 and bx.min_y < y1 and bx.max_z > z0 \
                    and bx.min_z < z1:
                return False
        a = b
    return True
