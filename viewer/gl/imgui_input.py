"""Feeds pyglet window events to Dear ImGui's IO (mouse, wheel, keys, modifiers, text) and sets the
per-frame display size. Push it first on the window's handler stack; it reports an event as handled
when ImGui wants that device, so the camera controller below it does not see it.
"""

from __future__ import annotations

import pyglet
from imgui_bundle import imgui
from pyglet.window import key, mouse

_LETTERS = {getattr(key, c): getattr(imgui.Key, c.lower()) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
_DIGITS = {getattr(key, f"_{d}"): getattr(imgui.Key, f"_{d}") for d in range(10)}
_FUNCTION = {getattr(key, f"F{n}"): getattr(imgui.Key, f"f{n}") for n in range(1, 13)}
KEY_MAP: dict[int, imgui.Key] = {
    **_LETTERS, **_DIGITS, **_FUNCTION,
    key.TAB: imgui.Key.tab, key.LEFT: imgui.Key.left_arrow, key.RIGHT: imgui.Key.right_arrow,
    key.UP: imgui.Key.up_arrow, key.DOWN: imgui.Key.down_arrow, key.PAGEUP: imgui.Key.page_up,
    key.PAGEDOWN: imgui.Key.page_down, key.HOME: imgui.Key.home, key.END: imgui.Key.end,
    key.INSERT: imgui.Key.insert, key.DELETE: imgui.Key.delete, key.BACKSPACE: imgui.Key.backspace,
    key.SPACE: imgui.Key.space, key.ENTER: imgui.Key.enter, key.NUM_ENTER: imgui.Key.keypad_enter,
    key.ESCAPE: imgui.Key.escape, key.LCTRL: imgui.Key.left_ctrl, key.RCTRL: imgui.Key.right_ctrl,
    key.LSHIFT: imgui.Key.left_shift, key.RSHIFT: imgui.Key.right_shift, key.LALT: imgui.Key.left_alt,
    key.RALT: imgui.Key.right_alt, key.LWINDOWS: imgui.Key.left_super, key.RWINDOWS: imgui.Key.right_super,
    key.APOSTROPHE: imgui.Key.apostrophe, key.COMMA: imgui.Key.comma, key.MINUS: imgui.Key.minus,
    key.PERIOD: imgui.Key.period, key.SLASH: imgui.Key.slash, key.SEMICOLON: imgui.Key.semicolon,
    key.EQUAL: imgui.Key.equal, key.BRACKETLEFT: imgui.Key.left_bracket, key.BACKSLASH: imgui.Key.backslash,
    key.BRACKETRIGHT: imgui.Key.right_bracket, key.GRAVE: imgui.Key.grave_accent,
}
MOUSE_BUTTONS = {mouse.LEFT: 0, mouse.RIGHT: 1, mouse.MIDDLE: 2}
MODIFIERS = ((key.MOD_CTRL, imgui.Key.mod_ctrl), (key.MOD_SHIFT, imgui.Key.mod_shift),
             (key.MOD_ALT, imgui.Key.mod_alt), (key.MOD_WINDOWS, imgui.Key.mod_super))


class ImGuiInput:
    """pyglet event handlers writing into `imgui.get_io()`; coordinates flipped to ImGui's top-left origin."""

    def __init__(self, window: pyglet.window.Window) -> None:
        self.window = window
        # A button pressed or released after the pointer moved, before a frame saw it there, reaches ImGui a frame
        # later: ImGui takes a move and a press in one frame, and a docked panel's tab clicked so (a quick click, or
        # any click when frames are slow) was not chosen. `_held` waits for the next frame, `_due` is given then.
        self._moved = False
        self._held: list[tuple[int, bool]] = []
        self._due: list[tuple[int, bool]] = []

    def new_frame(self, dt: float) -> None:
        """Set display size, framebuffer scale and the frame's time step (seconds, > 0); give ImGui the button
        events held back from the last frame."""
        io = imgui.get_io()
        w, h = self.window.get_size()
        fb_w, fb_h = self.window.get_framebuffer_size()
        io.display_size = (w, h)
        io.display_framebuffer_scale = (fb_w / w if w else 1.0, fb_h / h if h else 1.0)
        io.delta_time = max(dt, 1e-4)
        for button, down in self._due:
            io.add_mouse_button_event(button, down)
        self._due, self._held, self._moved = self._held, [], False

    def _button(self, button: int, down: bool) -> None:
        if button not in MOUSE_BUTTONS:
            return
        if self._moved or self._held or self._due:
            self._held.append((MOUSE_BUTTONS[button], down))
        else:
            imgui.get_io().add_mouse_button_event(MOUSE_BUTTONS[button], down)

    def _mouse_pos(self, x: float, y: float) -> None:
        imgui.get_io().add_mouse_pos_event(x, self.window.height - y)

    def _modifiers(self, modifiers: int) -> None:
        io = imgui.get_io()
        for flag, imgui_key in MODIFIERS:
            io.add_key_event(imgui_key, bool(modifiers & flag))

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self._mouse_pos(x, y)
        self._moved = True
        return imgui.get_io().want_capture_mouse

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool:
        self._mouse_pos(x, y)
        self._moved = True
        return imgui.get_io().want_capture_mouse

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self._mouse_pos(x, y)
        self._modifiers(modifiers)
        self._button(button, True)
        return self._wants_mouse_at(x, y)

    def _wants_mouse_at(self, x: int, y: int) -> bool:
        """Whether ImGui takes a press or a wheel step at (x, y): asked for this position, not where the last frame
        saw the pointer. A move and a press before the next frame (a quick hand, xdotool) gave ImGui the first
        click in the 3D view after a click on a panel or a list, as the last frame's pointer was over it."""
        imgui.internal.update_hovered_window_and_capture_flags(imgui.ImVec2(x, self.window.height - y))
        return imgui.get_io().want_capture_mouse

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self._mouse_pos(x, y)
        self._button(button, False)
        return imgui.get_io().want_capture_mouse

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        self._mouse_pos(x, y)
        imgui.get_io().add_mouse_wheel_event(scroll_x, scroll_y)
        return self._wants_mouse_at(x, y)

    def on_mouse_leave(self, x: int, y: int) -> None:
        imgui.get_io().add_mouse_pos_event(-imgui.FLT_MAX, -imgui.FLT_MAX)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        self._modifiers(modifiers)
        if symbol in KEY_MAP:
            imgui.get_io().add_key_event(KEY_MAP[symbol], True)
        return imgui.get_io().want_capture_keyboard

    def on_key_release(self, symbol: int, modifiers: int) -> bool:
        self._modifiers(modifiers)
        if symbol in KEY_MAP:
            imgui.get_io().add_key_event(KEY_MAP[symbol], False)
        return imgui.get_io().want_capture_keyboard

    def on_text(self, text: str) -> bool:
        imgui.get_io().add_input_characters_utf8(text)
        return imgui.get_io().want_text_input

    def on_activate(self) -> None:
        imgui.get_io().add_focus_event(True)

    def on_deactivate(self) -> None:
        imgui.get_io().add_focus_event(False)
