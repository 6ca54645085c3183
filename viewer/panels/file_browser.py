"""The built-in file browser (File › Open..., Save as...): a modal with places (recent folders, the user's and the
bundled scenes, home), the folder's subfolders and scene files, and a path field; typing narrows the list to the
names it starts (completion), a typed path with folders moves there, Enter or a double click chooses; opening a
schematic offers to load it without what 1.16.5 lacks (`--allow-unmapped`). The system's dialog is one button away
where one is installed (`viewer.files.Dialog`)."""

from __future__ import annotations

from pathlib import Path

from imgui_bundle import imgui, imgui_ctx

from viewer.files import Dialog, native_dialogs
from viewer.panels.widgets import ERROR_COLOR
from viewer.saving import BUNDLED_SCENES, user_scenes_dir

BROWSER_ID = "###file_browser"
MAX_RECENT_FOLDERS = 5


def places(recent: list[str]) -> list[tuple[str, Path]]:
    """The buttons above the list: the folders of the recent scenes, the user's scenes, the bundled ones, home."""
    folders: list[Path] = []
    for scene in recent:
        folder = Path(scene).parent
        if folder not in folders and len(folders) < MAX_RECENT_FOLDERS:
            folders.append(folder)
    out = [(folder.name or str(folder), folder) for folder in folders]
    out += [("my scenes", user_scenes_dir()), ("examples", BUNDLED_SCENES), ("home", Path.home())]
    return [(label, path) for label, path in out if path.is_dir()]


def draw_file_browser(dialog: Dialog, recent: list[str]) -> str | None:
    """Draw the browser while one is open; a problem to report (no system dialog), if any."""
    from engine import is_schematic
    browser = dialog.browser
    if browser is None:
        return None
    title = browser.title() + BROWSER_ID
    if not imgui.is_popup_open(title):
        imgui.open_popup(title)
    viewport = imgui.get_main_viewport()
    em = imgui.get_font_size()
    imgui.set_next_window_size(imgui.ImVec2(min(52 * em, viewport.size.x * 0.9), min(32 * em, viewport.size.y * 0.85)),
                               imgui.Cond_.appearing)
    imgui.set_next_window_pos(viewport.get_center(), imgui.Cond_.appearing, imgui.ImVec2(0.5, 0.5))
    problem = None
    with imgui_ctx.begin_popup_modal(title) as popup:
        if not popup:
            return None
        for i, (label, folder) in enumerate(places(recent)):
            if i:
                imgui.same_line()
            if imgui.small_button(f"{label}##place{i}"):
                browser.enter(folder)
            imgui.set_item_tooltip(str(folder))
        if imgui.arrow_button("##up", imgui.Dir.up):
            browser.up()
        imgui.set_item_tooltip("The folder above")
        imgui.same_line()
        if imgui.small_button("refresh"):
            browser.refresh()
        imgui.set_item_tooltip("Read the folder again")
        imgui.same_line()
        imgui.text_wrapped(str(browser.listed()[0]))
        if imgui.is_window_appearing():
            imgui.set_keyboard_focus_here()
        imgui.set_next_item_width(-1)
        _, browser.text = imgui.input_text_with_hint("##path", "file name, or a path", browser.text)
        # Enter as the field leaves the keyboard, or before it has taken it and in the frame after (the field drops
        # the keys of those frames: Enter pressed at once after Save as opened was lost, a quarter of a second when
        # frames are slow)
        if imgui.is_item_activated():
            browser.keyboard_frame = imgui.get_frame_count()
        fresh = imgui.get_frame_count() - browser.keyboard_frame <= 1
        entered = imgui.is_key_pressed(imgui.Key.enter) and (imgui.is_item_deactivated() or fresh
                                                             or not imgui.is_item_active())
        target = browser.target()
        schematic = not browser.save and is_schematic(target)
        footer = imgui.get_frame_height_with_spacing() * (3 if schematic else 2) + \
            imgui.get_text_line_height_with_spacing()
        _draw_entries(browser, footer)
        if schematic:
            _, browser.allow_unmapped = imgui.checkbox("load without what 1.16.5 lacks (--allow-unmapped)",
                                                       browser.allow_unmapped)
            imgui.set_item_tooltip("Blocks and entities of later versions are left out; the Errors panel counts them")
        if browser.error:
            imgui.text_colored(ERROR_COLOR, browser.error)
        elif browser.save and target.is_file():
            imgui.text_disabled(f"{target.name} exists: saving replaces it")
        elif browser.save and not target.parent.exists():
            imgui.text_disabled(f"{target.parent} is made when you save")
        else:
            imgui.text_disabled(str(target) if browser.listed()[1] else "")
        if imgui.button("Save" if browser.save else "Open") or entered:
            browser.accept()
        imgui.same_line()
        if imgui.button("Cancel") or imgui.is_key_pressed(imgui.Key.escape):
            browser.cancel()
        if native_dialogs():
            imgui.same_line()
            if imgui.button("System dialog..."):
                problem = dialog.native()
        if browser.answer is not None or dialog.browser is None:
            imgui.close_current_popup()
    return problem


def _draw_entries(browser, footer: float) -> None:
    """The folder's subfolders (click: enter) and scene files (click: pick, double click: choose)."""
    folders, files = browser.entries()
    folder, typed = browser.listed()
    with imgui_ctx.begin_child("##entries", imgui.ImVec2(0, -footer), imgui.ChildFlags_.borders):
        for name in folders:
            if imgui.selectable(f"{name}/", False)[0]:
                browser.enter(folder / name)
        for name in files:
            if imgui.selectable(name, name == typed, imgui.SelectableFlags_.allow_double_click)[0]:
                browser.pick(name)
                if imgui.is_mouse_double_clicked(imgui.MouseButton_.left):
                    browser.accept()
        if not folders and not files:
            imgui.text_disabled(f"no folder or scene file here starting {typed!r}" if typed else
                                "no folder or scene file here")
