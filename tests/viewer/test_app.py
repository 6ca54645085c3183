"""The window, headless: injected pyglet events press the step button, keys step and rewind, and a
scene that fails to load shows in the error panel while the window keeps drawing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from imgui_bundle import imgui
from pyglet.window import key, mouse

from engine.scene import load_scene
from viewer.app import ViewerApp
from viewer.panels import CONTROLS_TITLE, STEP_LABEL

SIZE = (640, 400)


@pytest.fixture
def open_app() -> Iterator:
    apps: list[ViewerApp] = []

    def open_(scene: Path | str) -> ViewerApp:
        app = ViewerApp(str(scene), size=SIZE, visible=False)
        apps.append(app)
        for _ in range(2):  # ImGui lays a new window out over its first frames
            app.draw_frame()
        return app

    yield open_
    for app in apps:
        app.close()


def send(app: ViewerApp, event: str, *args: object) -> None:
    """Queue a pyglet event, deliver it, and draw one frame so ImGui sees it."""
    app.window.dispatch_event(event, *args)
    app.window.dispatch_events()
    app.draw_frame()


def click(app: ViewerApp, x: float, y: float) -> None:
    """Move, press and release the left button at ImGui coordinates (origin top left)."""
    py = app.window.height - y
    send(app, "on_mouse_motion", x, py, 0, 0)
    send(app, "on_mouse_press", x, py, mouse.LEFT, 0)
    send(app, "on_mouse_release", x, py, mouse.LEFT, 0)
    app.draw_frame()


def step_button_center() -> tuple[float, float]:
    """The Step button is the first item of the Controls panel."""
    start = imgui.internal.find_window_by_name(CONTROLS_TITLE).dc.cursor_start_pos
    style = imgui.get_style()
    text = imgui.calc_text_size(STEP_LABEL)
    return start.x + style.frame_padding.x + text.x / 2, start.y + style.frame_padding.y + text.y / 2


def test_clicking_the_step_button_runs_one_tick(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    assert app.sim.tick_count == 0
    click(app, *step_button_center())
    assert app.sim.tick_count == 1


def test_arrow_keys_step_and_rewind_to_the_exact_state(open_app, flat_scene: Path) -> None:
    """Right arrow three times, left arrow once: the state equals a fresh run of two ticks."""
    app = open_app(flat_scene)
    for _ in range(3):
        send(app, "on_key_press", key.RIGHT, 0)
        send(app, "on_key_release", key.RIGHT, 0)
    assert app.sim.tick_count == 3
    send(app, "on_key_press", key.LEFT, 0)
    assert app.sim.tick_count == 2
    fresh = load_scene(flat_scene)
    fresh.tick()
    fresh.tick()
    assert [e.trace_line() for e in app.sim.entities] == [e.trace_line() for e in fresh.entities]


def test_a_scene_that_fails_to_load_shows_its_error_and_the_window_runs(open_app, write_scene,
                                                                        scene_text) -> None:
    bad = write_scene(scene_text(blocks=[{"at": [0, 0, 0], "block": "minecraft:no_such_block"}]))
    app = open_app(bad)
    assert len(app.state.errors) == 1 and "no_such_block" in app.state.errors[0]
    assert str(bad) in app.state.errors[0]
    click(app, *step_button_center())
    assert app.sim.tick_count == 1


def test_a_tick_that_raises_is_reported_and_the_last_good_state_stays(open_app, flat_scene: Path) -> None:
    """Fault injection: the simulation's tick runs one entity half way, then raises."""
    app = open_app(flat_scene)
    send(app, "on_key_press", key.RIGHT, 0)
    good = [e.trace_line() for e in app.sim.entities]
    sim = app.sim

    def half_a_tick_then_fail() -> None:
        sim.entities[0].set_position(sim.entities[0].pos.add(5.0, 0.0, 0.0))
        raise RuntimeError("boom")

    sim.tick = half_a_tick_then_fail
    send(app, "on_key_press", key.RIGHT, 0)
    assert app.sim.tick_count == 1
    assert len(app.state.errors) == 1 and app.state.errors[0].startswith("tick 2: RuntimeError: boom")
    assert [e.trace_line() for e in app.sim.entities] == good
