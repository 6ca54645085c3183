"""Pistons in the viewer: the live B36s (moving blocks) of a world and what each did in a tick, the moving blocks'
faces and outlines, and slime-launch markers (numpy, no GL, no ImGui).

Nothing here computes a mechanic. A moving block is drawn with the collision shape its B36 gives now
(`PistonBlockEntity.get_collision_shape`: the pushed block at the engine's current offset, a retracting base
with its head); the panel's numbers are the engine's fields and the trace's records: each B36 tick is a
block-entity item (summary, b36_box, b36_sweep) followed by the items of the entities it moved, whose
`piston_push` segments carry `asked` and `clamped` and whose `piston_launch` stage holds the launched motion.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from viewer.drawing.overlays import OverlayBuilder
from viewer.drawing.palette import RGBA, Palette

if TYPE_CHECKING:
    from engine import BlockPos, PistonBlockEntity

B36_TYPE = "minecraft:moving_piston"   # the trace item type of a B36 tick
MOVING_ALPHA = 150      # 0-255: a moving block's faces are at most this opaque, so it reads as moving and the
                        # entities it pushes stay visible; its outline is drawn opaque
ARROW_HEAD = 0.15       # blocks: length and half width of a launch marker's arrow head


@dataclass(frozen=True)
class PushRow:
    """What one B36 did to one entity in a tick. `asked` and `moved` are along the B36's movement axis, summed
    over its `piston_push` segments (a squeeze pushes back): what the pushes asked for and how far the entity's
    position went; `clamped` if the 0.51 clamp cut one short."""

    entity_id: int
    launched: bool
    asked: float
    moved: float
    clamped: bool


@dataclass(frozen=True)
class B36Row:
    """One B36 of the Pistons panel: its engine fields now (`progress` None: it finished this tick and placed
    its block), the progress it started this tick's block-entity phase with (None: it did not tick in this
    record), and the entities it moved. `item` is its record item (phase, index), or None."""

    pos: BlockPos
    pushed: str
    facing: str
    direction: str
    extending: bool
    source: bool
    progress: float | None
    progress_before: float | None
    pushes: tuple[PushRow, ...]
    item: tuple[int, int] | None


def live_b36s(world: Any) -> list[PistonBlockEntity]:
    """The B36s of `world` that are not removed, in block-entity tick order."""
    from engine import PistonBlockEntity
    bes = world.block_entities
    return [be for be in (*bes.ticking, *bes.pending) if isinstance(be, PistonBlockEntity) and not be.removed]


def b36_items(record: Any) -> Iterator[tuple[int, int, Any]]:
    """(phase index, item index, item) of every B36 tick in `record`, in the order they ran."""
    if record is None:
        return
    for p, phase in enumerate(record.phases):
        for i, item in enumerate(phase.items):
            if item.entity_id is None and item.entity_type == B36_TYPE:
                yield p, i, item


def _push_row(item: Any, axis: int) -> PushRow:
    names = {stage.name for stage in item.stages}
    segments = [g for top in item.stages for sub in top.walk() for g in sub.geometry if g["role"] == "piston_push"]
    return PushRow(item.entity_id, "piston_launch" in names,
                   sum(g["asked"][axis] for g in segments), sum(g["b"][axis] - g["a"][axis] for g in segments),
                   any(g["clamped"] for g in segments))


def b36_rows(world: Any, record: Any) -> list[B36Row]:
    """The B36s that ticked in `record` (in that order), then the live ones that did not; each with its current
    engine fields where it is still live."""
    from engine import BY_NAME
    live = {be.pos: be for be in live_b36s(world)}
    rows: list[B36Row] = []
    for p, i, item in b36_items(record):
        s = item.summary
        be = None if s.get("finished") else live.pop(item.pos, None)
        axis = BY_NAME[s["direction"]].axis
        rows.append(B36Row(item.pos, s["pushed"], s["facing"], s["direction"], s["extending"], s["source"],
                           be.progress if be is not None else None, s["progress"],
                           tuple(_push_row(push, axis) for push in item.pushes), (p, i)))
    for be in live.values():
        rows.append(B36Row(be.pos, str(be.pushed_block), be.facing.name, be.get_movement_direction().name,
                           be.extending, be.source, be.progress, None, (), None))
    return rows


def moving_blocks(builder: OverlayBuilder, world: Any, palette: Palette, selected: BlockPos | None = None) -> None:
    """Each live B36's collision boxes now, in its pushed block's colour: translucent faces (`fill`) and an
    opaque outline, the selected B36's outline in the selection colour."""
    for be in live_b36s(world):
        r, g, b, a = palette.block_color(be.pushed_block.block)
        outline = palette.ui["selected"] if be.pos == selected else (r, g, b, 255)
        x, y, z = be.pos
        for box in be.get_collision_shape(world).boxes:
            lo, hi = (box[0] + x, box[1] + y, box[2] + z), (box[3] + x, box[4] + y, box[5] + z)
            builder.fill(lo, hi, (r, g, b, min(a, MOVING_ALPHA)))
            builder.box(lo, hi, outline)


def b36_geometry(record: Any, item: tuple[int, int]) -> list[dict[str, Any]]:
    """The geometry of one B36 tick: its box and sweep, then the pushes it caused (each primitive once)."""
    b36 = record.phases[item[0]].items[item[1]]
    prims = list(b36.geometry)
    pushes = [g for push in b36.pushes for top in push.stages for sub in top.walk() for g in sub.geometry]
    return prims + [g for g in pushes if all(g is not p for p in prims)]


def add_launch_markers(builder: OverlayBuilder, record: Any, palette: Palette, item: tuple[int, int] | None = None,
                       entity_id: int | None = None) -> None:
    """An arrow from each slime-launched entity's position along the motion the launch gave it (one block
    per unit: ±1 along the B36's axis), labelled; only those of one B36 item or one entity if given."""
    from engine import BY_NAME
    color = palette.ui["launch_marker"]
    for p, i, b36 in b36_items(record):
        if item is not None and (p, i) != item:
            continue
        axis = BY_NAME[b36.summary["direction"]].axis
        for push in b36.pushes:
            if entity_id is not None and push.entity_id != entity_id:
                continue
            for stage in push.stages:
                if stage.name == "piston_launch":
                    _arrow(builder, stage.after["pos"], axis, stage.after["motion"][axis], color)


def _arrow(builder: OverlayBuilder, start: list[float], axis: int, length: float, color: RGBA) -> None:
    end = list(start)
    end[axis] += length
    back = -ARROW_HEAD if length > 0 else ARROW_HEAD
    side = (axis + 1) % 3 if axis != 1 else 0
    for sign in (-1.0, 1.0):
        head = list(end)
        head[axis] += back
        head[side] += sign * ARROW_HEAD
        builder.segment(end, head, color)
    builder.segment(start, end, color)
    builder.point(start, color)
    builder.label(end, f"launch {length:+g}", color)
