"""Help: the keys and mouse (F1), the thesis' stage codes (tooltips in the Stages panel, spec 01 §4) and the
Legend panel, which lists the colours of the overlays drawn now."""

from __future__ import annotations

from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.drawing.palette import RGBA, Palette
from viewer.panels.role_names import role_name, role_tooltip
from viewer.panels.widgets import em

HELP_TITLE = "Keys and mouse"
LEGEND_TITLE = "Legend"
STAGE_CODES = {  # spec 01 §4: the operation kinds the thesis writes update orders with
    "G": "Gravity: constant downward acceleration",
    "D": "Drag: Motion's affected axes multiplied by k",
    "C": "Controlled acceleration: what the entity wants itself (AI, input, fireball power, rails, paddling)",
    "F": "Fluid acceleration: the push of flowing fluid (updateWaterState)",
    "Dc": "Displacement calculation: this tick's displacement from Motion, collisions included",
    "Pu": "Position and box update: the entity actually moves",
    "M": "Movement: Dc and Pu performed together (Entity.move)",
    "A": "Acceleration (generic); gravity is a special case",
}
KEYS = (
    ("Space", "play / pause (outside fly mode)"),
    ("Right arrow", "one tick forward (inside a tick: finish it)"),
    ("Left arrow", "one tick back"),
    ("Shift+Right", "next recorded stage (micro-step)"),
    ("Ctrl+Right", "first stage of the next entity"),
    ("Alt+Right", "first stage of the next phase"),
    ("F", "focus the camera on the selected entity"),
    ("F1", "this help"),
    ("F2 / Shift+F2", "screenshot of the window / of the 3D view"),
    ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo the last edit"),
    ("Ctrl+O / Ctrl+R", "open a scene / reload it from disk"),
    ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("Ctrl+Q", "quit (asks first when there are unsaved edits)"),
    ("Escape", "close this help, or clear the ruler; never quits"),
    ("G", "drive the selected player: each tick stepped records the keys below into its inputs"),
    ("Driving: W A S D", "forward, left, back, right (no fly camera, no Ctrl+S while driving)"),
    ("Driving: Space, Ctrl, Shift", "jump, sprint, sneak (Space does not play; Right arrow always steps a tick)"),
)
MOUSE = (
    ("Left click", "select the entity under the pointer (or, with the menu bar's tools: place, remove, measure)"),
    ("Rest the pointer", "on a block: its full state, cell and collision boxes (View menu: Block under the pointer)"),
    ("Left drag", "orbit: turn around the target; fly: look; top/north/east: pan"),
    ("Right or middle drag", "orbit: pan; while driving, right drag turns the player's look (yaw, pitch)"),
    ("Right click", "a block's menu: Use at this tick (a lever, a button, a door...), its position to Actions"),
    ("Wheel", "zoom towards the pointer"),
    ("WASD, Space, Shift", "fly mode: move, rise, sink"),
    ("Timeline", "click or drag to go to a tick; hover a marker to see what happened, a gold flag for its bookmark"),
)


def draw_help(state: Any) -> None:
    """The F1 window, centred over the view while open."""
    if not state.show_help:
        return
    viewport = imgui.get_main_viewport()
    imgui.set_next_window_pos(viewport.get_center(), imgui.Cond_.appearing, imgui.ImVec2(0.5, 0.5))
    with imgui_ctx.begin(HELP_TITLE, True, imgui.WindowFlags_.always_auto_resize | imgui.WindowFlags_.no_docking) \
            as window:
        if not window.opened:
            state.show_help = False
        if not window:
            return
        for title, rows in (("Keys", KEYS), ("Mouse", MOUSE), ("Stage codes (thesis §2.1)", STAGE_CODES.items())):
            imgui.separator_text(title)
            if imgui.begin_table(title, 2, imgui.TableFlags_.row_bg | imgui.TableFlags_.sizing_fixed_fit):
                for name, what in rows:
                    imgui.table_next_row()
                    imgui.table_next_column()
                    imgui.text(name)
                    imgui.table_next_column()
                    imgui.text(what)
                imgui.end_table()


def draw_legend(state: Any, entries: list[tuple[str, RGBA]]) -> None:
    """A swatch and a name per colour drawn now (trace roles, entity types, helpers); from View › Legend."""
    if not state.show_legend:
        return
    with imgui_ctx.begin(LEGEND_TITLE) as window:
        if not window:
            return
        if not entries:
            imgui.text_disabled("nothing coloured is drawn")
            return
        size = em() * 0.8
        for name, (r, g, b, a) in entries:
            imgui.color_button(f"##{name}", imgui.ImVec4(r / 255, g / 255, b / 255, max(a, 128) / 255),
                               imgui.ColorEditFlags_.no_tooltip, imgui.ImVec2(size, size))
            imgui.same_line()
            imgui.text(name)
            tip = role_tooltip(name)
            if tip is not None:
                imgui.set_item_tooltip(tip)


HELPER_COLOURS = (("show_trails", "trail", "trail of the selected entity"), ("show_grid", "block_grid", "block grid"),
                  ("show_borders", "section_border", "chunk and section borders"),
                  ("show_formula", "formula", "closed-form path (formula)"),
                  ("show_formula", "formula_diverge", "where the formula parts"))


def legend_entries(palette: Palette, types: list[str], roles: list[str],
                   state: Any = None, path_types: list[str] | None = None) -> list[tuple[str, RGBA]]:
    """The Legend's rows: the entity types shown, the trace roles drawn, the path node types of the search nodes
    drawn, and with the window's `state`, the selection and the helpers on around it."""
    out = [(f"entity {t.removeprefix('minecraft:')}", palette.entity_color(t)) for t in sorted(set(types))]
    selected = state is not None and state.selected_entity is not None
    if selected:
        out.append(("selected entity", palette.ui["selected"]))
    out += [(role_name(role), palette.role_color(role)) for role in roles]
    out += [(f"path node: {t}", palette.path_type_color(t)) for t in path_types or []]
    if selected:  # the helpers are drawn around the selection
        out += [(label, palette.ui[key]) for flag, key, label in HELPER_COLOURS if getattr(state, flag)]
    return out
