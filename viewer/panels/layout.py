"""The docked layout: one dock space over the window whose central node is the 3D view (nothing floats over it
by default), the panels docked around it, and the font and widget scale (the monitor's content scale times
View › Zoom). `dock_panels` builds the default layout on the first frame and on View › Reset layout; after
that the user's arrangement is kept in the ini file.
"""

from __future__ import annotations

from imgui_bundle import imgui

from viewer.drawing.picking import ViewRect
from viewer.panels.controls import CONTROLS_TITLE
from viewer.panels.entities import ENTITIES_TITLE
from viewer.panels.errors import ERRORS_TITLE
from viewer.panels.help import LEGEND_TITLE
from viewer.panels.plots import PLOTS_TITLE
from viewer.panels.stages import STAGES_TITLE
from viewer.panels.timeline import TIMELINE_TITLE
from viewer.panels.titles import ACTIONS_TITLE, ANALYSIS_TITLE, ENTITY_TABLE_TITLE, LEDGER_TITLE, PISTONS_TITLE

DOCKSPACE_NAME = "tickscope_dockspace"
LEFT_FRACTION = 0.24       # of the window width: Controls over Entities, the window's height
RIGHT_FRACTION = 0.29      # of what is left: Stages over the Legend (at 1280 px, stage names and codes fit)
LEGEND_FRACTION = 0.32     # of the right column
BOTTOM_FRACTION = 0.34     # of the window height, right of the left column: the tabs of Plots, Explosion ledger,
                           # Pistons, Analysis, then the timeline
TIMELINE_HEIGHT_EM = 6.6   # the button row and the ruler, and the height of the status bar under it
CONTROLS_HEIGHT_EM = 21.0  # the Controls panel: all of it, title bar included; Entities takes the rest
BOTTOM_TABS = (PLOTS_TITLE, LEDGER_TITLE, PISTONS_TITLE, ANALYSIS_TITLE, ACTIONS_TITLE,   # the first shown in front
               ENTITY_TABLE_TITLE, ERRORS_TITLE)
ZOOMS = (0.75, 1.0, 1.25, 1.5, 2.0)


def dock_panels(reset: bool) -> ViewRect:
    """The dock space of this frame (call before the panels); with `reset`, or when the ini file holds no
    layout, the default layout is built first. Returns the rectangle left for the 3D view."""
    viewport = imgui.get_main_viewport()
    dock_id = imgui.get_id(DOCKSPACE_NAME)
    if reset or imgui.internal.dock_builder_get_node(dock_id) is None:
        _build_default(dock_id, viewport)
    # The dock space's own background around the central node is left out (transparent): the docked panels
    # cover it, and the ImGui renderer clears that area to the same colour first (`Cleared`), which saves
    # llvmpipe blending every panel pixel twice.
    imgui.push_style_color(imgui.Col_.window_bg, (0.0, 0.0, 0.0, 0.0))
    imgui.dock_space_over_viewport(dock_id, viewport, imgui.DockNodeFlags_.passthru_central_node)
    imgui.pop_style_color()
    central = imgui.internal.dock_builder_get_central_node(dock_id)
    if central is None:
        return ViewRect(viewport.work_pos.x, viewport.work_pos.y, viewport.work_size.x, viewport.work_size.y)
    return ViewRect(central.pos.x, central.pos.y, central.size.x, central.size.y)


def panel_color() -> int:
    """The colour under the docked panels: the style's window background, packed as ImGui draws it."""
    return imgui.get_color_u32(imgui.Col_.window_bg)


def _build_default(dock_id: int, viewport: imgui.Viewport) -> None:
    internal = imgui.internal
    internal.dock_builder_remove_node(dock_id)
    internal.dock_builder_add_node(dock_id, internal.DockNodeFlagsPrivate_.dock_space)
    internal.dock_builder_set_node_pos(dock_id, viewport.work_pos)
    internal.dock_builder_set_node_size(dock_id, viewport.work_size)
    # The status bar (a frame high) sits under the dock space and the timeline shows no title bar (as high): the
    # bottom dock gives up that height, so the view and the tabs keep theirs.
    bar = imgui.get_frame_height()
    height = viewport.work_size.y
    bottom_fraction = (BOTTOM_FRACTION * (height + bar) - bar) / height
    # The left column runs the window's height (the Entities panel under Controls gets the rows the bottom dock
    # would take there: its fields, ten rows and more at 1280x720); the bottom dock spans the rest of the width.
    _, left, rest = internal.dock_builder_split_node_py(dock_id, imgui.Dir.left, LEFT_FRACTION)
    _, bottom, top = internal.dock_builder_split_node_py(rest, imgui.Dir.down, bottom_fraction)
    timeline_fraction = min(0.6, (imgui.get_font_size() * TIMELINE_HEIGHT_EM - bar) / (height * bottom_fraction))
    _, timeline, tabs = internal.dock_builder_split_node_py(bottom, imgui.Dir.down, timeline_fraction)
    internal.dock_builder_get_node(timeline).local_flags |= internal.DockNodeFlagsPrivate_.hidden_tab_bar
    _, right, _ = internal.dock_builder_split_node_py(top, imgui.Dir.right, RIGHT_FRACTION)
    _, legend, stages = internal.dock_builder_split_node_py(right, imgui.Dir.down, LEGEND_FRACTION)
    controls_fraction = min(0.7, imgui.get_font_size() * CONTROLS_HEIGHT_EM / height)
    _, controls, entities = internal.dock_builder_split_node_py(left, imgui.Dir.up, controls_fraction)
    internal.dock_builder_dock_window(CONTROLS_TITLE, controls)
    internal.dock_builder_dock_window(ENTITIES_TITLE, entities)
    internal.dock_builder_dock_window(STAGES_TITLE, stages)
    internal.dock_builder_dock_window(LEGEND_TITLE, legend)
    internal.dock_builder_dock_window(TIMELINE_TITLE, timeline)
    for title in BOTTOM_TABS:
        internal.dock_builder_dock_window(title, tabs)
    internal.dock_builder_finish(dock_id)


def apply_scale(content_scale: float, zoom: float, applied: float) -> float:
    """Scale fonts and widget sizes to `content_scale * zoom` (sizes scale by the ratio to the `applied`
    scale); returns the scale now applied."""
    scale = content_scale * zoom
    style = imgui.get_style()
    style.font_scale_dpi = scale
    if abs(scale - applied) > 1e-6:
        style.scale_all_sizes(scale / applied)
    return scale
