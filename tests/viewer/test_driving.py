"""Driving a player from the keyboard while stepping (viewer.driving): injected key and mouse events are recorded
into the player's inputs at each tick stepped, the run rewound to 0 replays bit-identically without the keys (in
the window and in a fresh simulation from the scene), later inputs are discarded and Ctrl+Z takes a tick back.

The scene writer of this branch does not write `[[inputs]]` yet: the tests check the recorded InputRanges and
the simulation File › Save hands the writer (`saved_state`: the run's first tick with the recorded inputs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyglet.window import key, mouse
from ui_driver import send

from engine.living.player_input import InputRange, PlayerInput
from engine.tick.scene import load_scene
from tests.conftest import scene_toml
from tests.scene_parts import cuboid, held, player_on_floor
from viewer.driving import LOOK_DEG_PER_PIXEL
from viewer.saving import saved_state

PLAYER_SCENE = scene_toml(scene={"name": "A player on a stone floor"}, blocks=[cuboid((-8, 0, -8), (24, 0, 8))],
                          entities=[player_on_floor(yaw=-90.0)], inputs=[held(1, 3, 40, back=True)])
DRIVEN = 12


@pytest.fixture
def player_scene(write_scene) -> Path:
    return write_scene(PLAYER_SCENE)


def step(app, modifiers: int = 0) -> list[str]:
    """Right arrow (with the modifiers of the keys held): one tick; the entities' trace lines after it."""
    send(app, "on_key_press", key.RIGHT, modifiers)
    send(app, "on_key_release", key.RIGHT, modifiers)
    return [e.trace_line() for e in app.sim.entities]


def drive(app) -> list[list[str]]:
    """Twelve ticks: W from the start, Ctrl (sprint) from tick 3, a right drag turning 30 px at tick 5, Space
    (jump) in ticks 6..8, Shift (sneak) in ticks 10..12."""
    app.state.selected_entity = 1
    send(app, "on_key_press", key.G, 0)
    assert app.state.driving
    send(app, "on_key_press", key.W, 0)
    lines, mods = [], 0
    for tick in range(1, DRIVEN + 1):
        if tick == 3:
            send(app, "on_key_press", key.LCTRL, key.MOD_CTRL)
            mods |= key.MOD_CTRL
        if tick == 5:
            send(app, "on_mouse_drag", 300, 200, 30, 0, mouse.RIGHT, mods)
        if tick == 6:
            send(app, "on_key_press", key.SPACE, mods)
        if tick == 9:
            send(app, "on_key_release", key.SPACE, mods)
        if tick == 10:
            send(app, "on_key_press", key.LSHIFT, mods | key.MOD_SHIFT)
            mods |= key.MOD_SHIFT
        lines.append(step(app, mods))
    for symbol in (key.W, key.LCTRL, key.LSHIFT):
        send(app, "on_key_release", symbol, 0)
    send(app, "on_key_press", key.G, 0)
    assert not app.state.driving
    return lines


def test_driving_records_the_keys_and_the_rewound_run_replays_exactly(open_app, player_scene: Path) -> None:
    app = open_app(player_scene)
    driven = drive(app)
    assert app.sim.tick_count == DRIVEN and not app.state.playing   # Space jumped, it did not play
    player = app.sim.entity_by_id(1)
    turned = -90.0 + 30 * LOOK_DEG_PER_PIXEL
    walk = PlayerInput(forward=True, yaw=-90.0, pitch=0.0)
    sprint = PlayerInput(forward=True, sprint=True, yaw=-90.0, pitch=0.0)
    turned_sprint = PlayerInput(forward=True, sprint=True, yaw=turned, pitch=0.0)
    assert player.inputs.ranges == [
        InputRange(1, 2, walk), InputRange(3, 4, sprint), InputRange(5, 5, turned_sprint),
        InputRange(6, 8, PlayerInput(forward=True, sprint=True, jump=True, yaw=turned, pitch=0.0)),
        InputRange(9, 9, turned_sprint),
        InputRange(10, 12, PlayerInput(forward=True, sprint=True, sneak=True, yaw=turned, pitch=0.0)),
    ]   # the scene's back = true of ticks 3..40 is gone: recording branches the run
    assert player.sprinting and player.sneaking and player.pos.x > 2.0

    app.state.rewind_to = 0
    app.draw_frame()
    assert app.sim.tick_count == 0
    replayed = [step(app) for _ in range(DRIVEN)]
    assert replayed == driven

    fresh = load_scene(player_scene)
    fresh.entity_by_id(1).inputs = player.inputs
    alone = []
    for _ in range(DRIVEN):
        fresh.tick()
        alone.append([e.trace_line() for e in fresh.entities])
    assert alone == driven


def test_recording_a_tick_is_undone_with_ctrl_z(open_app, player_scene: Path) -> None:
    app = open_app(player_scene)
    drive(app)
    before = list(app.sim.entity_by_id(1).inputs.ranges)
    app.state.selected_entity = 1
    send(app, "on_key_press", key.G, 0)
    step(app)                                  # tick 13: nothing held
    assert app.sim.entity_by_id(1).inputs.ranges[-1] == InputRange(13, 13, PlayerInput(yaw=before[-1].held.yaw,
                                                                                         pitch=0.0))
    send(app, "on_key_press", key.G, 0)
    send(app, "on_key_press", key.Z, key.MOD_CTRL)
    assert app.sim.tick_count == 12
    assert app.sim.entity_by_id(1).inputs.ranges == before


def test_driving_keys_do_not_play_fly_or_save(open_app, player_scene: Path) -> None:
    """While driving, Space is jump (not play), Ctrl+S is sprint and back (not save) and the right arrow steps
    one tick even with Shift or Ctrl held (no micro-steps)."""
    app = open_app(player_scene)
    app.state.selected_entity = 1
    send(app, "on_key_press", key.G, 0)
    send(app, "on_key_press", key.SPACE, 0)
    send(app, "on_key_press", key.S, key.MOD_CTRL)
    assert not app.state.playing and "save" not in app.state.commands
    step(app, key.MOD_CTRL | key.MOD_SHIFT)
    assert app.sim.tick_count == 1 and app.state.micro is None
    assert app.sim.entity_by_id(1).inputs.ranges == [InputRange(1, 1, PlayerInput(back=True, jump=True,
                                                                                  yaw=-90.0, pitch=0.0))]


def test_save_is_handed_the_first_tick_with_the_recorded_inputs(open_app, player_scene: Path) -> None:
    """Recording changes no tick's state: what File › Save writes is the scene's start holding the inputs in
    force, which replays the driven run."""
    app = open_app(player_scene)
    driven = drive(app)
    assert app.undo.unsaved and app.sim.tick_count == DRIVEN
    saved = saved_state(app)
    assert saved.tick_count == 0 and saved.entity_by_id(1).pos == load_scene(player_scene).entity_by_id(1).pos
    assert saved.entity_by_id(1).inputs.ranges == app.sim.entity_by_id(1).inputs.ranges
    replay = []
    for _ in range(DRIVEN):
        saved.tick()
        replay.append([e.trace_line() for e in saved.entities])
    assert replay == driven
    assert app.sim.tick_count == DRIVEN   # the window's state is untouched


def test_the_camera_follows_a_driven_player(open_app, player_scene: Path) -> None:
    """Driving keeps the player at the centre of the orbit camera as it walks (no need to turn on follow)."""
    app = open_app(player_scene)
    assert not app.state.follow
    drive(app)
    player = app.sim.entity_by_id(1)
    app.draw_frame()
    assert app.controls.orbit.target == (player.pos.x, player.pos.y, player.pos.z)
