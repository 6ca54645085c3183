"""Redstone over the 3D view (no GL): the pending scheduled block ticks as clocks above their blocks with the ticks
left (`engine.pending_block_ticks`), the neighbour updates of the tick's `redstone` record as numbered arrows from the
updating block to the updated one, and each wire's power as a number. All of it is read from the engine's
scheduler, the trace record and the blocks' states; nothing is computed about the game.

The arrows are numbered by their place in the tick's record (#1 first, as `trace --stages` lists them), an arrow
per (from, to) pair carrying every number that pair had; an update that reached a block it cannot change (air,
stone: `engine.reacts_to_neighbor_update`) is drawn faint and without its number, or, in a tick of more than `DENSE`
pairs, left out; past `MAX_ARROWS` pairs the rest are left out too (the count left out is returned). Labels that
would overlap are moved or left out by `viewer.drawing.labels`.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from viewer.drawing.overlays import OverlayBuilder
from viewer.drawing.palette import RGBA, Palette
from viewer.drawing.redstone import is_component, wire_color

CLOCK_HEIGHT = 1.3        # a clock's anchor above its block's cell floor
ARROW_FROM, ARROW_TO = 0.22, 0.78   # an arrow runs over this share of the way between the two cell centres
ARROW_SIDE = 0.09         # to its right (seen from above), so that a → b and b → a stay apart
HEAD_LENGTH, HEAD_WIDTH = 0.14, 0.07
NUMBER_AT = 0.5           # the numbers sit half way along the arrow
MAX_NUMBERS = 4           # numbers shown on one arrow; more are summed up as "+k"
MAX_ARROWS = 150          # arrows drawn at most (pairs, in the order of their first update)
DENSE = 24                # with more pairs than this, those whose updates all changed nothing are left out
POWER_LABEL_PIXELS = 28.0  # a wire's power number shows when a block spans this many pixels (zoomed in)
POWER_LABEL_LIFT = 0.15   # above the wire


def updates_in(record: Any, phase: str | None = None) -> list[tuple[int, dict[str, Any]]]:
    """The neighbour updates of a tick's `redstone` record, numbered from 1 in the record's order; with `phase`,
    only those that ran in it (each update names its phase)."""
    redstone = getattr(record, "redstone", None) or {}
    return [(n, u) for n, u in enumerate(redstone.get("neighbor_updates", ()), start=1)
            if phase is None or u.get("phase") == phase]


def _centre(pos: Iterable[int]) -> np.ndarray:
    return np.asarray(list(pos), dtype=np.float64) + 0.5


@dataclass(frozen=True)
class Drawn:
    """What `add_redstone` drew: the component blocks the world holds, the clocks, the update arrows (pairs) drawn,
    whether one reached a block it cannot change, and the pairs left out."""

    components: frozenset[str] = frozenset()
    clocks: int = 0
    arrows: int = 0
    inert: bool = False
    left_out: int = 0


def add_redstone(builder: OverlayBuilder, world: Any, updates: list[tuple[int, dict[str, Any]]], palette: Palette,
                 power: bool = True, clocks: bool = True, arrows: bool = True) -> Drawn:
    """The wires' power numbers (`power`), the scheduled ticks' clocks (`clocks`) and the update arrows of
    `updates` (`arrows`) into `builder`."""
    drawn_clocks = add_clocks(builder, world, palette) if clocks else 0   # first: their labels give way to none
    if power:
        add_power_labels(builder, world)
    pairs, left_out = add_update_arrows(builder, updates, palette) if arrows else ({}, 0)
    return Drawn(scan(world).components, drawn_clocks, len(pairs),
                 any(all(flag for _, flag in numbers) for numbers in pairs.values()), left_out)


def legend(drawn: Drawn, palette: Palette) -> list[tuple[str, RGBA]]:
    """The Legend's rows for what `add_redstone` drew and the colours of the components the world holds."""
    ui, present = palette.ui, drawn.components
    out: list[tuple[str, RGBA]] = []
    if "redstone_wire" in present:
        out += [("redstone wire, power 0", wire_color(0)), ("redstone wire, power 15", wire_color(15))]
    if present - {"redstone_wire", "redstone_lamp"}:
        out.append(("redstone lit / pressed / powered", ui["redstone_on"]))
    if present & UNLIT:
        out.append(("redstone unlit", ui["redstone_off"]))
    if present & {"repeater", "comparator"}:
        out.append(("repeater / comparator arrow: input to output", ui["gate_arrow"]))
    faces = [name for block, name in FACES if block in present]
    if faces:
        out.append((" / ".join(faces), ui["observer_face"]))
    if "redstone_lamp" in present:
        out.append(("lit lamp", ui["lamp_lit"]))
    if drawn.clocks:
        out.append(("scheduled block tick: clock, ticks left", ui["schedule_clock"]))
    if drawn.arrows:
        out.append(("neighbour update: arrow, its number in the tick", ui["update_arrow"]))
    if drawn.inert:
        out.append(("neighbour update that changes nothing (air, stone)", ui["update_arrow_air"]))
    return out


# the components with parts in the unlit colour, and those with a face or mouth (the Legend names what is there)
UNLIT = frozenset({"redstone_torch", "redstone_wall_torch", "repeater", "comparator", "lever", "observer"})
FACES = (("observer", "observer face (the side it watches)"), ("dispenser", "dispenser mouth"),
         ("dropper", "dropper mouth"))


@dataclass(frozen=True)
class Scan:
    """The redstone a world holds: its component blocks (wire and lamps included), and each wire's cell and power."""

    components: frozenset[str]
    wires: list[tuple[tuple[int, int, int], int]]


@cache
def _component(state_id: int) -> str:
    """The block of a state if it is a component drawn by its model, wire or a lamp, else "" (asked per state
    present, not tabled for all 17,112: that took 33 ms of the first frame)."""
    from engine import blocks
    block = blocks.state_by_id(state_id).block
    return block if is_component(block) or block == "redstone_lamp" else ""


class _LastScan:
    """The last world scanned and its block version: overlays are rebuilt every tick while playing, and a world's
    blocks rarely all change (a 400-section world takes ~40 ms to scan)."""

    def __init__(self) -> None:
        self.world: weakref.ref | None = None
        self.version = -1
        self.scan = Scan(frozenset(), [])

    def of(self, world: Any) -> Scan:
        from engine import blocks
        if self.world is not None and self.world() is world and self.version == world.block_version:
            return self.scan
        components, wires = set(), []
        for key, ids in world.sections():
            for state_id in np.flatnonzero(np.bincount(ids.ravel())):   # the distinct states of the section
                block = _component(int(state_id))
                if block:
                    components.add(block)
                if block == "redstone_wire":
                    power = int(blocks.state_by_id(int(state_id)).get("power"))
                    wires += [((key[0] * 16 + int(x), key[1] * 16 + int(y), key[2] * 16 + int(z)), power)
                              for y, z, x in zip(*np.nonzero(ids == state_id), strict=True)]
        self.world, self.version = weakref.ref(world), world.block_version
        self.scan = Scan(frozenset(components), wires)
        return self.scan


scan = _LastScan().of


def add_update_arrows(builder: OverlayBuilder, updates: list[tuple[int, dict[str, Any]]], palette: Palette
                      ) -> tuple[dict[tuple[tuple[int, ...], tuple[int, ...]], list[tuple[int, bool]]], int]:
    """An arrow per (from, to) pair of `updates` (numbered as `updates_in` gives them), labelled with its numbers;
    returns the pairs drawn (their numbers, each with whether it changed nothing) and how many were left out (beyond
    MAX_ARROWS)."""
    from engine import reacts_to_neighbor_update
    pairs: dict[tuple[tuple[int, ...], tuple[int, ...]], list[tuple[int, bool]]] = {}
    for n, update in updates:
        key = (tuple(update["from"]), tuple(update["to"]))
        pairs.setdefault(key, []).append((n, not reacts_to_neighbor_update(update["block"])))
    shown = list(pairs.items())
    if len(shown) > DENSE:   # a dense tick: only the updates that can change their block
        shown = [(key, numbers) for key, numbers in shown if not all(flag for _, flag in numbers)]
    shown = shown[:MAX_ARROWS]
    for (start, end), numbers in shown:
        inert = all(flag for _, flag in numbers)
        color = palette.ui["update_arrow_air" if inert else "update_arrow"]
        a, b = _centre(start), _centre(end)
        direction = b - a
        side = np.array([-direction[2], 0.0, direction[0]]) if direction[1] == 0 else np.array([1.0, 0.0, 0.0])
        tail, tip = a + direction * ARROW_FROM + side * ARROW_SIDE, a + direction * ARROW_TO + side * ARROW_SIDE
        builder.segment(tail, tip, color)
        across = np.cross(direction, side)
        for wing in (side, -side, across, -across):   # a head seen from any side
            builder.segment(tip, tip - direction * HEAD_LENGTH + wing * HEAD_WIDTH, color)
        if not inert:
            builder.label(tail + (tip - tail) * NUMBER_AT, _numbers([n for n, flag in numbers if not flag]), color)
    return dict(shown), len(pairs) - len(shown)


def _numbers(numbers: list[int]) -> str:
    """'#3', '#3 #14', '#3 #14 #20 #31 +2': the numbers of the updates (a wire's power is a bare number)."""
    text = " ".join(f"#{n}" for n in numbers[:MAX_NUMBERS])
    return text + (f" +{len(numbers) - MAX_NUMBERS}" if len(numbers) > MAX_NUMBERS else "")


def add_clocks(builder: OverlayBuilder, world: Any, palette: Palette) -> int:
    """A clock over each block with a scheduled tick still to run, with the game ticks left (1: the next tick runs
    it); returns how many were drawn."""
    from engine import pending_block_ticks
    color = palette.ui["schedule_clock"]
    pending = pending_block_ticks(world)
    for tick in pending:
        x, y, z = tick.pos
        builder.segment((x + 0.5, y + 1.0, z + 0.5), (x + 0.5, y + CLOCK_HEIGHT, z + 0.5), color)
        builder.label((x + 0.5, y + CLOCK_HEIGHT, z + 0.5),
                      f"{tick.ticks_left} tick{'s' if tick.ticks_left != 1 else ''}", color, icon="clock")
    return len(pending)


def add_power_labels(builder: OverlayBuilder, world: Any) -> None:
    """Each wire's power level as a number over it, in the wire's colour, shown when zoomed in
    (POWER_LABEL_PIXELS)."""
    for (x, y, z), power in scan(world).wires:
        builder.label((x + 0.5, y + POWER_LABEL_LIFT, z + 0.5), str(power), wire_color(power),
                      min_pixels=POWER_LABEL_PIXELS)
