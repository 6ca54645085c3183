"""The first frame of `tickscope view`, drawn before the window's process imports the engine (issue 23 item 8,
docs/performance.md, "The first frame from a summary").

The loading child (`viewer.launch`), which has the scene loaded, makes `summary`: what the 3D view shows at tick 0
(the world's sections meshed, nearest the scene's middle first within a time budget; the entity boxes, the redstone
marks and the moving blocks as the window's overlays draw them), the section versions, the camera's bounds, the
entity list and the title. It sends that before the simulation itself: numpy arrays, plain Python and the viewer's
drawing types only, so that unpickling it imports none of the engine. The window draws its first frame from it, then
imports the engine and unpickles the simulation (`ViewerApp.adopt`); the sections the child did not mesh are meshed
by the window as usual.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # the window reads the summary; only the loading child makes one (`summary`, its imports)
    import numpy as np

    from viewer.drawing.camera import Bounds
    from viewer.drawing.meshing import SectionKey, SectionMesh
    from viewer.drawing.overlays import EntityFrame, Overlay
    from viewer.drawing.palette import Palette
    from viewer.drawing.redstone_overlay import Drawn

MESH_BUDGET_S = 0.15   # the child's meshing time: the sections left are meshed by the window after its first frame
VIEW_ASPECT = 1.5      # the 3D view's shape in the default layout at 1280x720 (about 690 x 450 pixels)


@dataclass
class FirstFrame:
    """What the first frame draws, made by `summary` from a simulation just loaded (tick 0, nothing selected)."""

    name: str                                  # the scene's name (the window title)
    release: str                               # its version (the block tools read block names as it does)
    bounds: Bounds                             # its blocks and entities: what the camera frames
    meshes: dict[SectionKey, SectionMesh]      # the sections meshed, nearest the middle first
    versions: dict[SectionKey, int]            # every section's version (World.section_version)
    frame: EntityFrame                         # the entities as the window's overlays read them
    entities: Overlay                          # their boxes, points and eye crosses
    marks: Overlay                             # the redstone marks: wire power, clocks
    marked: Drawn                              # what those marks drew (the legend's redstone rows)
    moving: Overlay                            # the moving blocks (B36)
    entity_list: list[SimpleNamespace]         # the live entities' ids and types, in update order
    by_type: list[tuple[str, int]]             # how many of each type, most first
    scheduled: dict[int, list[str]]            # the timeline's marks of the scene's actions
    bookmarks: list[SimpleNamespace]           # the scene's bookmarks: tick and note

    def at_start(self) -> SimpleNamespace:
        """What the panels read of a simulation at tick 0 (no record yet), standing in for it."""
        return SimpleNamespace(tick_count=0, last_record=None, bookmarks=list(self.bookmarks))


def summary(sim: Any, palette: Palette, budget_s: float = MESH_BUDGET_S, power: bool = True, clocks: bool = True,
            arrows: bool = True, asked: Callable[[], bool] = lambda: False) -> FirstFrame:
    """The first frame's summary of `sim`, with the redstone marks a new window shows (`power`, `clocks`, `arrows`:
    `ViewerState.show_power`, `show_clocks`, `show_updates`). Run by the loading child: its meshing stops once
    `budget_s` is spent or `asked()` says the window is waiting for the summary (one section meshed at least)."""
    from engine import entity_table
    from viewer.actions import scheduled_by_tick
    from viewer.drawing.framing import scene_bounds
    from viewer.drawing.overlays import OverlayBuilder, add_entities, entity_frame
    from viewer.drawing.pistons import moving_blocks
    from viewer.drawing.redstone_overlay import add_redstone
    from viewer.history import entity_states
    frame = entity_frame(entity_states(sim))
    entities = OverlayBuilder()
    add_entities(entities, frame, palette)
    marks = OverlayBuilder()
    marked = add_redstone(marks, sim.world, [], palette, power, clocks, arrows)
    moving = OverlayBuilder()
    moving_blocks(moving, sim.world, palette)
    bounds = scene_bounds(sim)
    sections = dict(sim.world.sections())
    versions = {key: sim.world.section_version(key) for key in sections}
    meshes = _meshed(sections, palette, bounds, budget_s, asked)
    return FirstFrame(sim.name, sim.version, bounds, meshes, versions, frame, entities.build(), marks.build(), marked,
                      moving.build(),
                      [SimpleNamespace(id=e.id, type=e.type) for e in sim.entities],
                      entity_table.count_by_type(e.type for e in sim.entities), scheduled_by_tick(sim.actions),
                      [SimpleNamespace(tick=b.tick, note=b.note) for b in sim.bookmarks])


def _meshed(sections: dict[SectionKey, np.ndarray], palette: Palette, bounds: Bounds, budget_s: float,
            asked: Callable[[], bool]) -> dict[SectionKey, SectionMesh]:
    """The world's `sections` meshed until `budget_s` is spent or `asked()`: first those a camera framing `bounds` (as
    the window frames them) sees, nearest first, as the window orders them (`WorldView.update`)."""
    from viewer.drawing.camera import fit_orbit
    from viewer.drawing.meshing import StyleTable, mesh_section
    from viewer.drawing.world_view import in_view_first
    styles = StyleTable(palette)
    camera = fit_orbit(bounds, VIEW_ASPECT, along=True)
    seen = (camera.view_matrix(), camera.proj_matrix(VIEW_ASPECT))
    meshes: dict[SectionKey, SectionMesh] = {}
    start = time.perf_counter()
    for key in in_view_first(sections, seen, camera.eye()):
        meshes[key] = mesh_section(key, sections[key], styles, sections.get)
        if time.perf_counter() - start > budget_s or asked():
            break
    return meshes
