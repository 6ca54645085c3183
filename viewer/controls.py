"""Keyboard and mouse to camera moves and tick requests (pyglet handlers below ImGui's on the stack).

Orbit: left drag turns, right drag pans, wheel zooms. Fly: left drag looks, WASD moves, space/shift rise
and sink. Top/north/east: drag pans, wheel zooms. A left click that does not drag is queued for the app (select,
place or remove, by the tool). Keys: space play/pause (outside fly mode), right arrow one tick (or the end of the
tick being micro-stepped), shift+right one stage, ctrl+right the next entity, alt+right the next phase, left
arrow back one tick, F focus on the selection, F1 help, F2 screenshot (shift+F2 the 3D view), the SHORTCUTS
(Ctrl+Z undo, Ctrl+S save, ...) as commands. Escape never closes the window. The wheel zooms towards the pointer.
Driving (G, viewer.driving): WASD, Space, Ctrl and Shift are the player's keys (no play, no fly camera, no Ctrl+S
save, no micro-steps: the right arrow always steps a tick) and a right drag turns the player's look.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from pyglet.window import key, mouse

from viewer.drawing.camera import (
    ORTHO_VIEWS,
    Bounds,
    FlyCamera,
    OrbitCamera,
    OrthoCamera,
    close_in,
    fit_orbit,
    fit_ortho,
    look_direction,
)
from viewer.drawing.picking import ViewRect, pixel_ray
from viewer.driving import DRIVE_KEYS, DRIVE_TOGGLE, turn
from viewer.state import ViewerState

TURN_DEG_PER_PIXEL = 0.3
ZOOM_PER_WHEEL_STEP = 0.88
PAN_FRACTION_PER_PIXEL = 0.0015   # of the orbit distance
CLICK_SLOP = 4                    # pixels a press may move and still count as a click
FOCUS_DISTANCE = 6.0              # blocks from the eye to a focused entity (orbit and fly)
FOCUS_HALF_HEIGHT = 4.0           # blocks, orthographic views focused on an entity
SHORTCUT_MODIFIERS = key.MOD_CTRL | key.MOD_SHIFT | key.MOD_ALT
SHORTCUTS = {  # (key, modifiers) → a command of ViewerState.commands
    (key.Z, key.MOD_CTRL): "undo", (key.Z, key.MOD_CTRL | key.MOD_SHIFT): "redo", (key.Y, key.MOD_CTRL): "redo",
    (key.O, key.MOD_CTRL): "open", (key.R, key.MOD_CTRL): "reload", (key.S, key.MOD_CTRL): "save",
    (key.S, key.MOD_CTRL | key.MOD_SHIFT): "save_as", (key.Q, key.MOD_CTRL): "quit",
}
MICRO_KEYS = ((key.MOD_SHIFT, "stage"), (key.MOD_CTRL, "entity"), (key.MOD_ALT, "phase"))


class CameraControls:
    """The cameras of each mode and the input that moves them."""

    def __init__(self, state: ViewerState, window: Any) -> None:
        self.state = state
        self.window = window
        self.keys = key.KeyStateHandler()
        self.orbit = OrbitCamera()
        self.fly = FlyCamera()
        self.ortho = {view: OrthoCamera(view) for view in ORTHO_VIEWS}
        self._press: tuple[int, int] | None = None
        self.followed: int | None = None  # the entity the cameras follow (None: not following)
        self.view_rect = ViewRect(0.0, 0.0, float(window.width), float(window.height))  # set by the app each frame
        self._fitted: tuple[Bounds, tuple[float, float], OrbitCamera] | None = None  # see fit_scene

    def frame(self, bounds: Bounds, aspect: float) -> None:
        """Point every camera at `bounds` (a scene was loaded), seen in a view of `aspect` (width / height)."""
        self.orbit = fit_orbit(bounds, aspect, along=True)
        self.fly = FlyCamera(tuple(self.orbit.eye()), self.orbit.yaw, self.orbit.pitch)
        self.ortho = {view: fit_ortho(view, bounds, aspect) for view in ORTHO_VIEWS}

    def fit_scene(self, bounds: Bounds, rect: ViewRect) -> None:
        """Frame `bounds` in the view `rect`; kept framed while the view changes shape (the panels docking around
        it, a resize) until the camera is moved (`keep_fitted`)."""
        self.frame(bounds, rect.width / max(rect.height, 1.0))
        self._fitted = (bounds, (rect.width, rect.height), dataclasses.replace(self.orbit))

    def keep_fitted(self, rect: ViewRect) -> None:
        """After the panels are laid out: frame the scene again if the view changed shape and the camera is where
        `fit_scene` put it."""
        if self._fitted is None:
            return
        bounds, size, orbit = self._fitted
        if self.state.camera_mode != "orbit" or self.orbit != orbit:
            self._fitted = None  # the user took the camera
        elif (rect.width, rect.height) != size:
            self.fit_scene(bounds, rect)

    def focus(self, point: tuple[float, float, float]) -> None:
        """Centre every camera on `point`: orbit around it, fly to look at it, orthographic views on it."""
        self.orbit = OrbitCamera(point, FOCUS_DISTANCE, self.orbit.yaw, self.orbit.pitch, self.orbit.fov_y)
        self.fly = FlyCamera(tuple(self.orbit.eye()), self.orbit.yaw, self.orbit.pitch, self.fly.fov_y, self.fly.speed)
        self.ortho = {view: OrthoCamera(view, point, FOCUS_HALF_HEIGHT) for view in ORTHO_VIEWS}

    def camera(self) -> OrbitCamera | FlyCamera | OrthoCamera:
        mode = self.state.camera_mode
        if mode == "orbit":
            return self.orbit
        if mode == "fly":
            return self.fly
        return self.ortho[mode]

    def update(self, dt: float) -> None:
        """Move the fly camera by the held keys for `dt` seconds."""
        if self.state.camera_mode != "fly" or self.state.driving:
            return
        k = self.keys
        forward = float(k[key.W]) - float(k[key.S])
        strafe = float(k[key.D]) - float(k[key.A])
        lift = float(k[key.SPACE]) - float(k[key.LSHIFT] or k[key.RSHIFT])
        if forward or strafe or lift:
            self.fly.update(dt, forward, strafe, lift)

    # --- pyglet handlers (ImGui's handlers sit above and swallow what ImGui uses) ---
    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        self.keys.on_key_press(symbol, modifiers)
        state = self.state
        if symbol == key.ESCAPE:  # pyglet's default closes the window on Escape: here it only closes help
            state.show_help = False
            return True
        driving_key = state.driving and any(symbol in keys for keys in DRIVE_KEYS.values())
        shortcut = None if driving_key else SHORTCUTS.get((symbol, modifiers & SHORTCUT_MODIFIERS))
        if shortcut is not None:
            state.commands.append(shortcut)
            return True
        if symbol == key.F1:
            state.show_help = not state.show_help
        elif symbol == DRIVE_TOGGLE and not modifiers & SHORTCUT_MODIFIERS:
            state.driving = not state.driving
            state.drive_turn = (0.0, 0.0)
        elif driving_key:
            return True
        elif symbol == key.SPACE and state.camera_mode != "fly":
            state.playing = not state.playing
        elif symbol == key.RIGHT:
            unit = None if state.driving else next((u for mod, u in MICRO_KEYS if modifiers & mod), None)
            if unit is None:
                state.pending_steps += 1
            else:
                state.pending_micro = unit
        elif symbol == key.LEFT:
            state.pending_steps -= 1
        elif symbol == key.F:
            state.focus_requested = True
        elif symbol == key.F2:
            state.screenshot = "scene" if modifiers & key.MOD_SHIFT else "panels"
        return False

    def pressed(self, symbol: int) -> bool:
        """Whether `symbol` is held down now."""
        return bool(self.keys[symbol])

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        self.keys.on_key_release(symbol, modifiers)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._press = (x, y) if button in (mouse.LEFT, mouse.RIGHT) else None

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        press, self._press = self._press, None
        if press is None or max(abs(x - press[0]), abs(y - press[1])) > CLICK_SLOP:
            return
        if button == mouse.LEFT:
            self.state.pending_clicks.append((float(x), float(self.window.height - y)))
        elif button == mouse.RIGHT and not self.state.driving:   # the block's menu (Use in the next tick)
            self.state.context_click = (float(x), float(self.window.height - y))

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.state.driving and buttons & mouse.RIGHT:
            self.state.drive_turn = turn(self.state.drive_turn, dx, dy)
            return
        cam = self.camera()
        if isinstance(cam, OrbitCamera):
            if buttons & mouse.LEFT:
                cam.rotate(dx * TURN_DEG_PER_PIXEL, -dy * TURN_DEG_PER_PIXEL)
            elif buttons & (mouse.RIGHT | mouse.MIDDLE):
                step = cam.distance * PAN_FRACTION_PER_PIXEL
                cam.pan(-dx * step, -dy * step)
        elif isinstance(cam, FlyCamera):
            cam.rotate(dx * TURN_DEG_PER_PIXEL, -dy * TURN_DEG_PER_PIXEL)
        else:
            scale = 2.0 * cam.half_height / max(self.window.height, 1)
            _, up = ORTHO_VIEWS[cam.view]
            direction = np.asarray(ORTHO_VIEWS[cam.view][0])
            right = np.cross(direction, np.asarray(up))
            move = (-dx * right - dy * np.asarray(up)) * scale
            cam.center = tuple(np.asarray(cam.center) + move)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom towards the pointer: the point under it (in the plane of the orbit target or the orthographic
        centre) stays under it."""
        cam = self.camera()
        if not isinstance(cam, OrbitCamera | OrthoCamera):
            return
        factor = ZOOM_PER_WHEEL_STEP ** scroll_y
        rect = self.view_rect
        if rect.contains(x, self.window.height - y):
            origin, direction = pixel_ray(cam.view_matrix(), cam.proj_matrix(rect.width / max(rect.height, 1.0)),
                                          x - rect.x, self.window.height - y - rect.y, (rect.width, rect.height))
            if isinstance(cam, OrbitCamera):
                center, forward = np.asarray(cam.target), look_direction(cam.yaw, cam.pitch)
            else:
                center, forward = np.asarray(cam.center), np.asarray(ORTHO_VIEWS[cam.view][0], dtype=np.float64)
            under = origin + direction * (np.dot(center - origin, forward) / np.dot(direction, forward))
            moved = tuple(float(c) for c in center + (under - center) * (1.0 - factor))
            if isinstance(cam, OrbitCamera):
                cam.target = moved
            else:
                cam.center = moved
        cam.zoom(factor)

    def follow(self, point: tuple[float, float, float], entity_id: int) -> None:
        """Keep `point` (the followed entity's) at the centre of the orbit and orthographic views; when following
        starts (or moves to another entity) the cameras first close in on it (`close_in`)."""
        if entity_id != self.followed:
            self.followed = entity_id
            for cam in (self.orbit, *self.ortho.values()):
                close_in(cam)
        self.orbit.target = point
        for ortho in self.ortho.values():
            ortho.center = point
