"""The explosion ledger (issue 4): per explosion of the current tick, per affected entity, what the engine
recorded in the explosion event (`affected`: samples unblocked/total, exposure, impulse, and where present
distance, influence and damage), with filters by entity, by explosion and by a region, so that a cannon of a
thousand TNT stays readable; and the explosion geometry of the rows shown, for the 3D view.

Nothing is computed about the game here: every number is the engine's. The entity position of a row is the
start of the engine's `impulse` segment for that entity (its position when the explosion acted), and the
impulse length is the length of the recorded impulse vector. Each explosion is named by its event's
`source_type` (the entity type or block that exploded).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from imgui_bundle import imgui, imgui_ctx

from viewer.drawing.overlays import EXPLOSION_ROLES
from viewer.panels.plots import PLOTS_TITLE
from viewer.panels.titles import LEDGER_TITLE
from viewer.panels.widgets import (
    accept,
    bring_forward,
    button_width,
    em,
    labelled_width,
    same_line_if_fits,
    text_field,
)
from viewer.state import Region

SOURCE_NAMES = {"minecraft:creeper": "creeper", "minecraft:end_crystal": "end crystal",
                "minecraft:respawn_anchor": "respawn anchor", "minecraft:wither": "wither",
                "minecraft:tnt_minecart": "TNT minecart", "minecraft:tnt": "TNT", "minecraft:fireball": "fireball",
                "minecraft:small_fireball": "small fireball", "minecraft:wither_skull": "wither skull",
                "minecraft:dragon_fireball": "dragon fireball", "minecraft:wind_charge": "wind charge",
                "minecraft:breeze_wind_charge": "breeze wind charge"}
SOURCES_LISTED = 6    # explosions named beside the counts
ENTITY_FILTER = "entity (0: all)##ledger"
REGION_FILTER = "region x1 y1 z1 x2 y2 z2"
DRAW_LABEL = "draw in 3D"
DRAW_ALL_LABEL = "draw all rows"
NUMBER_FIELD_EM = 7   # the entity and explosion filters (with their - + buttons)
REGION_FIELD_EM = 10
BED_SUFFIX = "_bed"   # a bed's source_type is its block (minecraft:red_bed): every colour is a bed
COLUMNS = ("expl.", "source", "entity", "distance", "samples", "exposure", "influence", "impulse x, y, z", "|impulse|",
           "damage")


@dataclass
class LedgerTable:
    """The rows of one tick's explosions, as columns (row i: explosion `explosion[i]` acting on entity
    `entity[i]`); NaN where the event or the trace does not carry a value. `events` are the explosion events
    in the order they happened, `geometry` the trace primitives of each (explosion roles only)."""

    events: list[dict[str, Any]]
    geometry: list[list[dict[str, Any]]]
    explosion: np.ndarray
    entity: np.ndarray
    distance: np.ndarray
    unblocked: np.ndarray
    total: np.ndarray
    exposure: np.ndarray
    influence: np.ndarray
    damage: np.ndarray
    impulse: np.ndarray
    entity_pos: np.ndarray

    def __len__(self) -> int:
        return len(self.entity)

    @property
    def impulse_length(self) -> np.ndarray:
        return np.linalg.norm(self.impulse, axis=1)


def explosion_geometry(record: Any, events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The explosion primitives of each event: found in the source entity's stages, where each explosion
    starts with its `explosion_sphere` at the event's centre."""
    groups: dict[tuple[Any, tuple[float, ...]], list[list[dict[str, Any]]]] = {}
    for source in {e.get("source") for e in events} - {None}:
        current: list[dict[str, Any]] | None = None
        for top in record.stages_of(source):
            for stage in top.walk():
                for prim in stage.geometry:
                    if prim["role"] == "explosion_sphere":
                        current = []
                        groups.setdefault((source, tuple(prim["center"])), []).append(current)
                    if current is not None and prim["role"] in EXPLOSION_ROLES:
                        current.append(prim)
    out = []
    for event in events:
        found = groups.get((event.get("source"), tuple(event["center"])))
        out.append(found.pop(0) if found else [])
    return out


def ledger_table(record: Any) -> LedgerTable:
    """Every (explosion, affected entity) row of a TickRecord's explosion events."""
    events = [e for e in (record.events if record is not None else []) if e.get("kind") == "explosion"]
    geometry = explosion_geometry(record, events) if events else []
    rows = [(i, a) for i, e in enumerate(events) for a in e.get("affected", ())]
    n = len(rows)

    def column(name: str) -> np.ndarray:
        return np.array([float(a.get(name, np.nan)) for _, a in rows], dtype=np.float64)

    pos = np.full((n, 3), np.nan)
    where = {}
    for i, prims in enumerate(geometry):
        for prim in prims:
            if prim["role"] == "impulse":
                where[i, prim["entity"]] = prim["a"]
    for r, (i, a) in enumerate(rows):
        if (i, a["id"]) in where:
            pos[r] = where[i, a["id"]]
    return LedgerTable(events, geometry,
                       np.array([i for i, _ in rows], dtype=np.int64),
                       np.array([a["id"] for _, a in rows], dtype=np.int64),
                       column("distance"),
                       np.array([a["samples"][0] for _, a in rows], dtype=np.int64),
                       np.array([a["samples"][1] for _, a in rows], dtype=np.int64),
                       column("exposure"), column("influence"), column("damage"),
                       np.array([a["impulse"] for _, a in rows], dtype=np.float64).reshape(n, 3), pos)


def source_label(event: dict[str, Any]) -> str:
    """The explosion's source by name from the event's `source_type` (a bed of any colour is "bed"), with the
    source entity's id where there is one."""
    kind = event.get("source_type")
    if kind is None:
        name = "unknown source"
    elif kind.endswith(BED_SUFFIX):
        name = "bed"
    else:
        name = SOURCE_NAMES.get(kind, kind.removeprefix("minecraft:").replace("_", " "))
    source = event.get("source")
    return name if source is None else f"{name} #{source}"


def sources_line(events: list[dict[str, Any]]) -> str:
    """The tick's explosions by number and source, the first SOURCES_LISTED of them, the rest counted."""
    named = [f"{i + 1}: {source_label(e)}" for i, e in enumerate(events[:SOURCES_LISTED])]
    more = len(events) - SOURCES_LISTED
    return "sources " + ", ".join(named) + (f" and {more} more" if more > 0 else "")


def inside(points: np.ndarray, region: Region) -> np.ndarray:
    """Whether each point (n, 3) lies in the closed box `region`; NaN rows are outside."""
    lo, hi = np.asarray(region[0]), np.asarray(region[1])
    return np.all((points >= lo) & (points <= hi), axis=1)


def visible_rows(table: LedgerTable, entity: int | None = None, explosion: int | None = None,
                 region: Region | None = None) -> np.ndarray:
    """Indices of the rows left by the filters: one entity id, one explosion (index into `events`), and a
    region holding both the explosion's centre and the entity's position."""
    keep = np.ones(len(table), dtype=bool)
    if entity is not None:
        keep &= table.entity == entity
    if explosion is not None:
        keep &= table.explosion == explosion
    if region is not None and len(table):
        centers = np.array([e["center"] for e in table.events], dtype=np.float64)
        keep &= inside(centers, region)[table.explosion] & inside(table.entity_pos, region)
    return np.flatnonzero(keep)


def ledger_primitives(table: LedgerTable, rows: np.ndarray, rays: bool = True) -> list[dict[str, Any]]:
    """The explosion geometry of the given rows: each explosion's sphere, and the sample points, rays (unless
    `rays` is off), impulse and exposure label of the rows' entities only."""
    wanted: dict[int, set[int]] = {}
    for r in rows.tolist():
        wanted.setdefault(int(table.explosion[r]), set()).add(int(table.entity[r]))
    prims = []
    for i in sorted(wanted):
        for prim in table.geometry[i]:
            if prim["role"] == "exposure_ray" and not rays:
                continue
            if prim["role"] == "explosion_sphere" or prim.get("entity") in wanted[i]:
                prims.append(prim)
    return prims


def parse_region(text: str) -> tuple[Region | None, str]:
    """'x1 y1 z1 x2 y2 z2' (spaces or commas) → (the box, ''); '' → (None, ''); bad input → (None, why)."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None, ""
    try:
        values = [float(p) for p in parts]
    except ValueError:
        return None, f"{text!r}: expected six numbers x1 y1 z1 x2 y2 z2"
    if len(values) != 6 or not all(np.isfinite(values)):
        return None, f"{text!r}: expected six finite numbers x1 y1 z1 x2 y2 z2"
    a, b = np.array(values[:3]), np.array(values[3:])
    return (tuple(np.minimum(a, b).tolist()), tuple(np.maximum(a, b).tolist())), ""


def _fmt(value: float, digits: int = 4) -> str:
    return "-" if np.isnan(value) else f"{value:.{digits}g}"


def draw_ledger(state: Any, table: LedgerTable, rows: np.ndarray) -> None:
    """The filters, a line on the explosion in view, and the rows left (`rows`, from `visible_rows`); clicking a
    row selects its entity and draws only that entity's geometry of that explosion (click again: all rows')."""
    bring_forward(state, LEDGER_TITLE, bool(table.events), PLOTS_TITLE)
    with imgui_ctx.begin(LEDGER_TITLE) as window:
        if not window:
            return
        if not table.events:
            imgui.text_disabled("no explosion in this tick")
            return
        # Few lines above the rows, each item beside the last where it fits: at 1280x720 the rows keep room
        counts = f"{len(table.events)} explosions, {len(table)} rows, {len(rows)} shown"
        imgui.text(counts)
        sources = sources_line(table.events)
        same_line_if_fits(imgui.calc_text_size(sources).x)
        imgui.text_disabled(sources)
        _draw_filters(state, len(table.events))
        shown = state.ledger_pick[0] if state.ledger_pick else state.ledger_explosion
        if shown is not None and 0 <= shown < len(table.events):
            event = table.events[shown]
            c = event["center"]
            imgui.text_disabled(f"explosion {shown + 1}: {source_label(event)}, centre "
                                f"({c[0]:.4f}, {c[1]:.4f}, {c[2]:.4f}), power {event.get('power')}")
        _draw_rows(state, table, rows)


def _draw_filters(state: Any, explosions: int) -> None:
    """The filters and drawing switches, on as few lines as the panel's width allows."""
    number = em() * NUMBER_FIELD_EM
    imgui.set_next_item_width(number)
    changed, value = imgui.input_int(ENTITY_FILTER, state.ledger_entity or 0)
    imgui.set_item_tooltip("Only the rows of this entity (its id)")
    if changed:
        state.ledger_entity = value if value > 0 else None
        state.ledger_pick = None
    label = f"explosion (of {explosions}, 0: all)"
    same_line_if_fits(labelled_width(number, label))
    imgui.set_next_item_width(number)
    current = state.ledger_explosion + 1 if state.ledger_explosion is not None else 0
    changed, value = imgui.input_int(label, current)
    imgui.set_item_tooltip("Only the rows of this explosion of the tick (1 = the first to go off)")
    if changed:
        state.ledger_explosion = value - 1 if 0 < value <= explosions else None
        state.ledger_pick = None
    same_line_if_fits(labelled_width(em() * REGION_FIELD_EM, REGION_FILTER))
    text = text_field(state, "ledger_region", REGION_FILTER, state.ledger_region_text, REGION_FIELD_EM)
    imgui.set_item_tooltip("Only the rows whose explosion centre and entity both lie in this box (Enter)")
    if text is not None:
        region, error = parse_region(text)
        if error:
            state.field_errors["ledger_region"] = error
        else:
            state.ledger_region, state.ledger_region_text = region, text.strip()
            state.ledger_pick = None
            accept(state, "ledger_region")
    same_line_if_fits(labelled_width(imgui.get_frame_height(), DRAW_LABEL) + imgui.get_style().item_spacing.x
                      + labelled_width(imgui.get_frame_height(), "rays"))
    _, state.ledger_draw = imgui.checkbox(DRAW_LABEL, state.ledger_draw)
    imgui.set_item_tooltip("Draw the explosion geometry of the rows shown (sphere, sample points, impulse)")
    imgui.same_line()
    _, state.ledger_rays = imgui.checkbox("rays", state.ledger_rays)
    imgui.set_item_tooltip("With it, the exposure rays from each sample point to the centre")
    if state.ledger_pick is not None:
        same_line_if_fits(button_width(DRAW_ALL_LABEL))
        if imgui.button(DRAW_ALL_LABEL):
            state.ledger_pick = None
        imgui.set_item_tooltip("Draw the geometry of every row shown again, not only the clicked one")


def _draw_rows(state: Any, table: LedgerTable, rows: np.ndarray) -> None:
    flags = (imgui.TableFlags_.borders | imgui.TableFlags_.row_bg | imgui.TableFlags_.scroll_y
             | imgui.TableFlags_.sizing_fixed_fit)
    if not imgui.begin_table("ledger rows", len(COLUMNS), flags):
        return
    imgui.table_setup_scroll_freeze(0, 1)
    for name in COLUMNS:
        imgui.table_setup_column(name)
    imgui.table_headers_row()
    clipper = imgui.ListClipper()
    clipper.begin(len(rows))
    lengths = table.impulse_length
    while clipper.step():
        for r in rows[clipper.display_start:clipper.display_end].tolist():
            i, entity = int(table.explosion[r]), int(table.entity[r])
            imp = table.impulse[r]
            imgui.table_next_row()
            imgui.table_next_column()
            picked = state.ledger_pick == (i, entity)
            flags = imgui.SelectableFlags_.span_all_columns
            if imgui.selectable(f"{i + 1}##{r}", picked, flags)[0]:
                state.ledger_pick = None if picked else (i, entity)
                state.selected_entity = entity
                state.selected_stage = None
            for text in (source_label(table.events[i]), f"#{entity}", _fmt(table.distance[r], 8),
                         f"{table.unblocked[r]}/{table.total[r]}",
                         _fmt(table.exposure[r]), _fmt(table.influence[r]),
                         f"{imp[0]:.4f}, {imp[1]:.4f}, {imp[2]:.4f}", _fmt(lengths[r], 5), _fmt(table.damage[r])):
                imgui.table_next_column()
                imgui.text(text)
    clipper.end()
    imgui.end_table()
