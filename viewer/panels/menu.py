"""The main menu bar: File, Edit, View, Release (the release the scene runs in), Help, then the click tool
(`controls.draw_click_tool`). Items only queue commands in `ViewerState.commands` (or set a view flag); the app runs
them between frames."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from imgui_bundle import imgui, imgui_ctx

from viewer.panels.controls import draw_click_tool
from viewer.panels.layout import ZOOMS
from viewer.panels.widgets import em

FILE_MENU = (  # (label, shortcut, command)
    ("Open...", "Ctrl+O", "open"), ("Reload", "Ctrl+R", "reload"), ("Save", "Ctrl+S", "save"),
    ("Save as...", "Ctrl+Shift+S", "save_as"),
)

RELEASE_MENU = "Release"
RELEASE_MENU_EM = 30.0   # the Release menu's width: its text wraps there, its picker fills it
RELEASE_HELP = ("The scene runs in this release. Pick another to run it there instead: it loads again as "
                "`tickscope view SCENE --version RELEASE` loads it and runs from tick 0 up to the tick shown. Your "
                "edits are made again at their ticks; Save writes the release into the scene. A release that cannot "
                "run the scene leaves this one running and says why in the Errors panel.")


def draw_menu_bar(state: Any, can_undo: bool, can_redo: bool, can_save: bool) -> None:
    if imgui.is_key_pressed(imgui.Key.escape) and imgui.internal.get_top_most_popup_modal() is None:
        imgui.internal.close_popups_except_modals()   # Escape closes an open menu (a modal answers it itself)
    with imgui_ctx.begin_main_menu_bar() as bar:
        if not bar:
            return
        with imgui_ctx.begin_menu("File") as menu:
            if menu:
                _file_menu(state, can_save)
        with imgui_ctx.begin_menu("Edit") as menu:
            if menu:
                if imgui.menu_item("Undo", "Ctrl+Z", False, can_undo)[0]:
                    state.commands.append("undo")
                if imgui.menu_item("Redo", "Ctrl+Shift+Z", False, can_redo)[0]:
                    state.commands.append("redo")
        with imgui_ctx.begin_menu("View") as menu:
            if menu:
                _view_menu(state)
        with imgui_ctx.begin_menu(f"{RELEASE_MENU} {state.release}###{RELEASE_MENU}") as menu:
            if menu:
                _release_menu(state)
        with imgui_ctx.begin_menu("Help") as menu:
            if menu and imgui.menu_item("Keys and mouse", "F1", state.show_help)[0]:
                state.show_help = not state.show_help
        imgui.separator()
        draw_click_tool(state)


def _file_menu(state: Any, can_save: bool) -> None:
    for label, shortcut, command in FILE_MENU:
        enabled = can_save or not command.startswith("save")
        if imgui.menu_item(label, shortcut, False, enabled)[0]:
            state.commands.append(command)
        if command == "open":
            with imgui_ctx.begin_menu("Open recent", bool(state.recent)) as recent:
                if recent:
                    for path in state.recent:
                        if imgui.menu_item(Path(path).name, "", False)[0]:
                            state.open_path = path
                        imgui.set_item_tooltip(path)
    imgui.separator()
    if imgui.menu_item("Export screenshot", "F2", False)[0]:
        state.screenshot = "panels"
    if imgui.menu_item("Export screenshot of the 3D view", "Shift+F2", False)[0]:
        state.screenshot = "scene"
    if imgui.menu_item("Export video of the ticks up to this one...", "", False)[0]:
        state.commands.append("export_video")
    imgui.separator()
    if imgui.menu_item("Quit", "Ctrl+Q", False)[0]:
        state.commands.append("quit")


def _view_menu(state: Any) -> None:
    if imgui.menu_item("Reset layout", "", False)[0]:
        state.reset_layout = True
    with imgui_ctx.begin_menu("Zoom") as zoom:
        if zoom:
            for value in ZOOMS:
                if imgui.menu_item(f"{value:.0%}", "", state.zoom == value)[0]:
                    state.zoom = value
    _, state.show_legend = imgui.menu_item("Legend of colours", "", state.show_legend)
    with imgui_ctx.begin_menu("Redstone") as redstone:
        if redstone:
            _redstone_menu(state)
    _, state.show_formula = imgui.menu_item("Formula overlay", "", state.show_formula)
    imgui.set_item_tooltip("The selected entity's closed-form path beside the simulated one (Analysis panel)")
    _, state.show_card = imgui.menu_item("Caption and legend over the 3D view", "", state.show_card)
    imgui.set_item_tooltip("Scene, tick and stage, and the colours drawn, in the view's corner: Shift+F2 keeps them")
    _, state.show_block_hover = imgui.menu_item("Block under the pointer", "", state.show_block_hover)
    imgui.set_item_tooltip("Its full state, cell and collision boxes as a tooltip over the 3D view")
    _, state.show_help = imgui.menu_item("Keys and mouse", "F1", state.show_help)


def _release_menu(state: Any) -> None:
    """What choosing a release does, then the version picker: a release chosen is run by the app loop
    (`viewer.release_switch`)."""
    from viewer.panels.version_picker import version_combo  # imported on first use: the first frame draws the bar
    imgui.push_text_wrap_pos(em() * RELEASE_MENU_EM)
    imgui.text_disabled(RELEASE_HELP)
    imgui.pop_text_wrap_pos()
    imgui.set_next_item_width(em() * RELEASE_MENU_EM)
    chosen = version_combo("##scene release", state.release)
    if chosen != state.release:
        state.release_wanted = chosen
        state.commands.append("release")


def _redstone_menu(state: Any) -> None:
    _, state.show_power = imgui.menu_item("Wire power numbers", "", state.show_power)
    imgui.set_item_tooltip("Each wire's power level (0-15) over it, when zoomed in; its colour shows it always")
    _, state.show_clocks = imgui.menu_item("Scheduled ticks (clocks)", "", state.show_clocks)
    imgui.set_item_tooltip("A clock over each block with a scheduled tick still to run, with the ticks left")
    _, state.show_updates = imgui.menu_item("Update order (arrows)", "", state.show_updates)
    imgui.set_item_tooltip("The tick's neighbour updates as arrows from the updating block, numbered in the order they "
                           "ran; micro-stepping (Shift+Right) stops at each phase's redstone and shows its updates")


CLOSE_PROMPT = "Unsaved edits"


def draw_close_prompt(state: Any) -> None:
    """Closing with unsaved edits: save, discard or stay (a modal over the window)."""
    if state.confirm_close and not imgui.is_popup_open(CLOSE_PROMPT):
        imgui.open_popup(CLOSE_PROMPT)
    with imgui_ctx.begin_popup_modal(CLOSE_PROMPT, imgui.WindowFlags_.always_auto_resize) as popup:
        if not popup:
            return
        if not state.confirm_close:  # answered elsewhere
            imgui.close_current_popup()
            return
        imgui.text("The scene has edits that are not saved.")
        if imgui.button("Save and quit"):
            state.commands.append("save_and_quit")
            imgui.close_current_popup()
        imgui.same_line()
        if imgui.button("Quit without saving"):
            state.commands.append("discard")
            imgui.close_current_popup()
        imgui.same_line()
        if imgui.button("Cancel") or imgui.is_key_pressed(imgui.Key.escape):
            state.confirm_close = False
            imgui.close_current_popup()


RECOVERY_PROMPT = "Recover unsaved edits"


def draw_recovery_prompt(state: Any) -> None:
    """A recovery file was left by a session that did not end normally: load it, or throw it away."""
    if state.recovery_offer is not None and not imgui.is_popup_open(RECOVERY_PROMPT):
        imgui.open_popup(RECOVERY_PROMPT)
    with imgui_ctx.begin_popup_modal(RECOVERY_PROMPT, imgui.WindowFlags_.always_auto_resize) as popup:
        if not popup:
            return
        if state.recovery_offer is None:  # answered elsewhere
            imgui.close_current_popup()
            return
        imgui.text("The last session on this scene ended with unsaved edits.")
        imgui.text_disabled(f"kept in {state.recovery_offer}")
        if imgui.button("Recover them"):
            state.commands.append("recover")
            imgui.close_current_popup()
        imgui.same_line()
        if imgui.button("Discard them"):
            state.commands.append("discard_recovery")
            imgui.close_current_popup()
