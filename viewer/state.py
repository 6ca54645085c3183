"""All of the viewer's UI state in one place (style V5): plain attributes, read and written by panels and
input handlers; the app loop acts on the requests (steps, micro-steps, rewinds, edits, clicks, screenshots)
between frames.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine import BlockPos
    from viewer.editing import Edit
    from viewer.ruler import RulerPoint

StageKey = tuple[int, int, tuple[int, ...]]   # (phase index, item index, child path) in a TickRecord
Region = tuple[tuple[float, float, float], tuple[float, float, float]]  # an axis-aligned box: min, max corners


def default_release() -> str:
    """The release a window without a scene shows (imported here: the first frame's window is given its scene's)."""
    from engine import versions
    return versions.DEFAULT_VERSION


# No generated __init__, __repr__ or __eq__: exec-ing them for 84 fields cost the launch ~10 ms before its first frame
# (docs/performance.md); `__init__` below gives each field its default.
@dataclass(init=False, repr=False, eq=False)
class ViewerState:
    playing: bool = False
    tps: float = 20.0                 # ticks per second while playing
    step_n: int = 10                  # ticks run by the "Step N" button
    pending_steps: int = 0            # ticks requested by a button or key (negative: back), run by the app loop
    pending_micro: str | None = None  # a micro-step requested: 'stage', 'entity' or 'phase'
    rewind_to: int | None = None      # a tick to jump to through the history (timeline scrubbing)
    micro: int | None = None          # inside the current tick: index of the last finished stage (None: its end)
    selected_entity: int | None = None
    selected_stage: StageKey | None = None
    stage_columns_fit: tuple = ()     # (entity, widths) the stage tree's columns were last fitted to
    search_step: int | None = None    # a path_search stage selected: expansions shown (None: the whole search)
    selected_b36: BlockPos | None = None  # a B36 (moving block) picked in the Pistons panel or by micro-stepping
    show_entities: bool = True
    show_trace: bool = True
    show_labels: bool = True          # text of trace labels (cell order, sweep order, exposure)
    show_ids: bool = False            # id and type over each entity
    show_grid: bool = False           # block grid lines around the selected entity
    show_borders: bool = False        # chunk and section borders around the selection (or the view's centre)
    show_trails: bool = True          # past positions of the selected entity
    show_formula: bool = False        # the selected entity's closed-form path from `formula_from` (spec 02)
    show_power: bool = True           # each redstone wire's power as a number over it (zoomed in)
    show_clocks: bool = True          # the pending scheduled block ticks as clocks with the ticks left
    show_updates: bool = True         # the tick's (or the redstone micro-step's) neighbour updates as numbered arrows
    formula_from: int = 0             # the tick whose simulated state starts the closed-form path
    camera_mode: str = "orbit"        # orbit | fly | top | north | east
    tool: str = "select"              # what a click in the 3D view does: select | place | remove | measure
    block_text: str = "minecraft:stone"
    release: str = field(default_factory=default_release)  # the scene's version: block tools read names as it does
    block_filter: str = ""            # the text filtering the block picker's list
    block_picker_requested: bool = False  # open the block picker (its button) at the next frame
    block_filter_typed: list[int] = field(default_factory=list)  # letters typed before the filter took the keyboard
    new_entity_type: str = "minecraft:tnt"
    new_entity_pos: str = "0.5, 2.0, 0.5"
    drafts: dict[str, str] = field(default_factory=dict)        # text being typed, by field key
    field_errors: dict[str, str] = field(default_factory=dict)  # why a field's input was refused, by field key
    pending_edits: list[Edit] = field(default_factory=list)
    pending_clicks: list[tuple[float, float]] = field(default_factory=list)  # 3D-view clicks, pixels from top left
    context_click: tuple[float, float] | None = None  # a right click in the 3D view: the block's menu opens there
    focus_requested: bool = False
    frame_requested: bool = False     # fit the camera to blocks, entities and trace
    follow: bool = False              # the camera keeps the selected entity centred
    screenshot: str | None = None     # a screenshot requested: 'panels' (the whole window) or 'scene'
    last_screenshot: str = ""
    errors: list[str] = field(default_factory=list)
    errors_seen: int = 0              # errors the Errors tab was brought forward for
    frame_ms: float = 0.0             # mean frame time of the last half second, in the controls panel
    triangles: int = 0                # triangles of the world mesh
    trace_hidden: int = 0             # trace primitives not drawn (too many with no entity selected)
    ledger_entity: int | None = None  # explosion ledger filters: one entity id,
    ledger_explosion: int | None = None  # one explosion of the tick (index into its explosion events),
    ledger_region: Region | None = None  # a box holding the explosion's centre and the entity
    ledger_region_text: str = ""
    ledger_pick: tuple[int, int] | None = None  # the row clicked: (explosion index, entity id)
    ledger_draw: bool = True          # draw the explosion geometry of the rows shown (else none)
    ledger_rays: bool = True          # with it, the exposure rays
    commands: list[str] = field(default_factory=list)  # menu and key requests (viewer.commands)
    open_path: str | None = None      # a scene file asked for (File › Open, Open recent), opened by the app loop
    open_unmapped: bool = False       # it is a schematic to open without what 1.16.5 lacks (--allow-unmapped)
    release_wanted: str | None = None  # Release menu: the release the open scene is to run in (viewer.release_switch)
    event_jump: int = 0               # +1: run to the next tick with an event; -1: back to the previous one
    loop: tuple[int, int] | None = None  # while playing, ticks loop[1] → loop[0]
    reset_layout: bool = False        # View › Reset layout: dock the panels as at first start
    zoom: float = 1.0                 # View › Zoom, times the monitor's content scale
    show_help: bool = False           # F1: keys and mouse
    show_legend: bool = True          # the colours of the overlays in use
    show_card: bool = False           # caption (scene, tick, stage) and legend over the 3D view, for screenshots
    confirm_close: bool = False       # closing with unsaved edits: ask first
    quit_after_save: bool = False     # the close prompt's Save and quit, waiting for the save (Save as) to end
    status: str = ""                  # the status line's last message (saved, exported...)
    status_path: str = ""             # the file it names: its folder can be opened from the status line
    recovery_offer: str | None = None  # a recovery file of unsaved edits left by a crash: offered back
    brought_forward: set[str] = field(default_factory=set)  # panels shown once they had content (bring_forward)
    tabs_checked: set[str] = field(default_factory=set)  # empty panels checked for being in front since the opening
    plot_quantities: tuple[str, str] = ("position y", "motion y")  # the two plots (viewer.panels.plots.QUANTITIES)
    plot_pinned: list[int] = field(default_factory=list)  # entities plotted beside the selected one
    # the Entity table's columns (None until a simulation is shown: engine.entity_table.DEFAULT_FIELDS, set by
    # ViewerApp.adopt once the engine is imported, after the first frame)
    table_fields: tuple[str, ...] | None = None
    table_type: str | None = None     # the Entity table shows this type only (None: every type)
    table_range: tuple[int, int] | None = None  # its first and last tick (None: the start to the current tick)
    table_by_type: bool = False       # it shows the counts by type per tick instead of a row per entity
    bookmark_focus: int | None = None  # the bookmark whose note field takes the keyboard (one just added)
    ruler: list[RulerPoint] = field(default_factory=list)  # the measure tool's picked ends (two at most)
    show_block_hover: bool = True     # the block under the pointer: its full state, cell and collision boxes
    recent: list[str] = field(default_factory=list)  # scene files opened lately, newest first
    driving: bool = False             # G: the keys held drive the selected player at each tick stepped
    drive_turn: tuple[float, float] = (0.0, 0.0)  # yaw, pitch dragged (right button) since the last recorded tick

    def __init__(self, release: str | None = None) -> None:
        """Every field at its default; `release`: the scene's (default: the release a window without a scene
        shows)."""
        for name, make in _MADE:
            setattr(self, name, make())
        self.release = release if release is not None else default_release()

    def tell(self, message: str, path: str = "") -> None:
        """Show `message` in the status line (about the file `path`, if any)."""
        self.status, self.status_path = message, path

    def report(self, message: str) -> None:
        """Show an error in the error panel (the newest last)."""
        self.errors.append(message)


# The fields made anew for each state (mutable defaults; the release apart: read only where none is given)
_MADE = [(f.name, f.default_factory) for f in fields(ViewerState)
         if f.default_factory is not MISSING and f.name != "release"]
