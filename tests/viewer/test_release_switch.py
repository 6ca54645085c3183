"""The Release menu runs the open scene in another release (issue 26 item 5; viewer.release_switch): the scene is
loaded again as `--version` loads it and run to the tick shown, edits made again at their ticks; a release that
refuses the scene is one line in the Errors panel and the release shown runs on; Save writes the release. The run is
made in a background job: the window draws its progress bar meanwhile, Cancel leaves the release shown."""

from __future__ import annotations

import time
from pathlib import Path

from imgui_bundle import imgui

from engine import Vec3, load_scene
from viewer import analysis_job, editing
from viewer.commands import save_to
from viewer.panels import menu, status, version_picker

SCENES = Path(__file__).resolve().parents[2] / "scenes"
PEARL = SCENES / "pearl_throw_flat.toml"   # a 1.16.5 scene; its pearl flies differently in 1.20.4 and 1.21.3
PEARL_ID = 2
MOTION_X, MOTION_Y, _ = editing.components(editing.COMMON_FIELDS[1])
EDITS = ((0, MOTION_X, 0.25), (3, MOTION_Y, 0.5))   # (tick, field, value): the pearl thrown aside, then up


def pearl_in(release: str, ticks: int, edits: tuple = ()) -> Vec3:
    """The pearl's position after `ticks` of the scene run as `tickscope trace --version RELEASE` runs it, each edit
    made after its tick."""
    sim = load_scene(PEARL, version=release)
    for tick in range(ticks + 1):
        for _, spec, value in (e for e in edits if e[0] == tick):
            editing.set_field(PEARL_ID, spec, value).change(sim)
        if tick < ticks:
            sim.tick()
    return sim.entity_by_id(PEARL_ID).pos


def choose(app, release: str, wait: bool = True) -> None:
    """The Release menu's picker set to `release`, the frame that starts its run, and (`wait`) the frames until the
    window shows it or says why not."""
    app.state.release_wanted = release
    app.state.commands.append("release")
    app.draw_frame()
    deadline = time.monotonic() + 120
    while wait and app.release_job is not None:
        assert time.monotonic() < deadline, f"{release} was not run in 120 s"
        app.draw_frame()
        time.sleep(0.01)


def step(app, ticks: int) -> None:
    app.state.pending_steps = ticks
    app.draw_frame()


def test_the_scene_runs_in_the_release_chosen_up_to_the_tick_shown(open_app) -> None:
    """At tick 5, 1.20.4 then 1.21.3: each time the pearl is where that release's run puts it (the two differ), the
    tick shown stays, rewinding reaches tick 0, and the title and the menu name the release."""
    app = open_app(PEARL)
    step(app, 5)
    assert app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.16.5", 5)
    for release in ("1.20.4", "1.21.3"):
        choose(app, release)
        assert not app.state.errors and app.sim.version == app.state.release == release
        assert app.sim.tick_count == 5 and app.sim.entity_by_id(PEARL_ID).pos == pearl_in(release, 5)
        assert app.title() == f"Ender pearl thrown on flat ground ({PEARL.name}) in {release} - Tickscope"
    assert pearl_in("1.20.4", 5) != pearl_in("1.21.3", 5)
    app.state.rewind_to = 0
    app.draw_frame()
    assert app.sim.tick_count == app.history.first_tick == 0


def test_a_release_that_refuses_the_scene_leaves_the_old_one_running(open_app) -> None:
    """1.13 refuses the thrower's living tick: one line naming the release and the mechanic; the 1.16.5 run, its
    tick and its title are as they were."""
    app = open_app(PEARL)
    step(app, 2)
    sim, pos = app.sim, app.sim.entity_by_id(PEARL_ID).pos
    choose(app, "1.13")
    assert len(app.state.errors) == 1 and "\n" not in app.state.errors[0]
    assert app.state.errors[0].startswith("1.13 not opened, 1.16.5 runs on: not simulated: living travel")
    assert app.sim is sim and sim.version == app.state.release == "1.16.5" and sim.tick_count == 2
    assert sim.entity_by_id(PEARL_ID).pos == pos and not app.title().startswith("*")
    step(app, 1)
    assert app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.16.5", 3)


def test_edits_are_made_again_in_the_new_release_and_save_writes_it(open_app, tmp_path: Path) -> None:
    """Edits at tick 0 and 3, then 1.21.3 at tick 5: the pearl is where 1.21.3 puts it with both edits, both are on
    the undo stack (undoing the later one gives 1.21.3's run with the first only), and the file saved says
    `version = "1.21.3"` and runs as the window does."""
    app = open_app(PEARL)
    for tick, spec, value in EDITS:
        step(app, tick - app.sim.tick_count)
        app.state.pending_edits.append(editing.set_field(PEARL_ID, spec, value))
        app.draw_frame()
    step(app, 2)
    assert app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.16.5", 5, EDITS)
    choose(app, "1.21.3")
    assert not app.state.errors and app.sim.version == "1.21.3" and app.sim.tick_count == 5
    assert app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.21.3", 5, EDITS) != pearl_in("1.16.5", 5, EDITS)
    assert [(c.tick, c.label, c.lapsed) for c in app.undo.done] == [(0, "entity 2.motion.x", False),
                                                                    (3, "entity 2.motion.y", False)]
    assert app.title().startswith("*")
    app.state.commands.append("undo")
    app.draw_frame()
    step(app, 5 - app.sim.tick_count)
    assert app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.21.3", 5, EDITS[:1])
    saved = tmp_path / "pearl.toml"
    save_to(app, saved)
    assert 'version = "1.21.3"' in saved.read_text(encoding="utf-8") and not app.title().startswith("*")
    sim = load_scene(saved)
    for _ in range(5):
        sim.tick()
    assert sim.version == "1.21.3" and sim.entity_by_id(PEARL_ID).pos == app.sim.entity_by_id(PEARL_ID).pos


def test_after_a_save_the_start_in_memory_runs_in_the_new_release(open_app, tmp_path: Path) -> None:
    """Saved before any edit (start.toml: the thrown pearl as 1.16.5 made it), edited at ticks 0 and 3 and saved
    again (pearl.toml then starts at tick 3: an entity edit has no scene action): the file no longer holds the run's
    start, so the start in memory is loaded in 1.21.3 and both edits made again there, as start.toml runs in 1.21.3
    with both edits."""
    app = open_app(PEARL)
    save_to(app, tmp_path / "start.toml")
    for tick, spec, value in EDITS:
        step(app, tick - app.sim.tick_count)
        app.state.pending_edits.append(editing.set_field(PEARL_ID, spec, value))
        app.draw_frame()
    save_to(app, tmp_path / "pearl.toml")
    assert "saved from tick 3" in app.state.status
    step(app, 2)
    choose(app, "1.21.3")
    assert not app.state.errors and app.sim.version == "1.21.3" and app.sim.tick_count == 5
    assert [c.tick for c in app.undo.done] == [0, 3] and not app.title().startswith("*")
    sim = load_scene(tmp_path / "start.toml", version="1.21.3")
    for tick in range(5):
        for _, spec, value in (e for e in EDITS if e[0] == tick):
            editing.set_field(PEARL_ID, spec, value).change(sim)
        sim.tick()
    assert app.sim.entity_by_id(PEARL_ID).pos == sim.entity_by_id(PEARL_ID).pos


def test_the_release_menu_queues_the_release_chosen(open_app, flat_scene: Path, monkeypatch) -> None:
    """The menu's picker, opened and 1.20.4 clicked: the app loop is asked to run the scene in it."""
    app = open_app(flat_scene)
    monkeypatch.setattr(version_picker.imgui, "selectable", lambda label, selected, *a: (label.startswith("1.20.4 "),
                                                                                          selected))
    app.imgui_input.new_frame(1 / 60)
    imgui.new_frame()
    imgui.set_next_window_size(imgui.ImVec2(600, 380))   # room for the menu's text above the picker
    imgui.begin("menu")
    imgui.internal.open_popup_ex(imgui.internal.im_hash_str("##ComboPopup", 0, imgui.get_id("##scene release")))
    menu._release_menu(app.state)
    imgui.end()
    imgui.end_frame()
    assert app.state.release_wanted == "1.20.4" and app.state.commands == ["release"]


def test_the_run_is_made_in_the_background_with_its_progress_bar(open_app, monkeypatch) -> None:
    """The frame that starts the run in 1.21.3 still shows 1.16.5 at tick 5, with the job's progress bar in the
    status line; the job tells its progress to the end, and the window then shows 1.21.3's run."""
    app = open_app(PEARL)
    step(app, 5)
    sim = app.sim
    bars: list[str] = []
    real_bar = status.imgui.progress_bar
    monkeypatch.setattr(status.imgui, "progress_bar",
                        lambda fraction, size, label: bars.append(label) or real_bar(fraction, size, label))
    choose(app, "1.21.3", wait=False)
    job = app.release_job
    assert job.process.is_alive() and app.sim is sim and sim.version == "1.16.5" and sim.tick_count == 5
    assert bars and bars[0].startswith("switching to 1.21.3: ")
    choose(app, "1.21.3")   # the release being run: nothing new starts
    assert job.fraction == 1.0 and not app.state.errors and app.sim.version == "1.21.3"
    assert app.sim.tick_count == 5 and app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.21.3", 5)


def test_cancel_ends_the_job_and_the_release_shown_runs_on(open_app) -> None:
    """Cancel (the status line's button) ends the job's process: 1.16.5 stays, at its tick, and the status line
    says so."""
    app = open_app(PEARL)
    step(app, 2)
    sim = app.sim
    choose(app, "1.20.4", wait=False)
    job = app.release_job
    job.cancel()
    assert not job.process.is_alive()
    app.draw_frame()
    assert app.release_job is None and app.sim is sim and sim.version == app.state.release == "1.16.5"
    assert sim.tick_count == 2 and app.state.errors == [] and app.state.status == "1.20.4 cancelled, 1.16.5 runs on"


def test_an_edit_made_while_the_run_is_made_is_made_again_in_it(open_app) -> None:
    """An edit in the frame that starts the run in 1.21.3 (so the run was made without it): that run is made again
    with it, and the window shows 1.21.3 with the edit, on the undo stack."""
    app = open_app(PEARL)
    step(app, 5)
    edits = ((5, MOTION_Y, 0.5),)
    app.state.pending_edits.append(editing.set_field(PEARL_ID, MOTION_Y, 0.5))
    choose(app, "1.21.3")
    assert not app.state.errors and app.sim.version == "1.21.3" and app.sim.tick_count == 5
    assert [(c.tick, c.label, c.lapsed) for c in app.undo.done] == [(5, "entity 2.motion.y", False)]
    step(app, 1)
    assert app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.21.3", 6, edits) != pearl_in("1.21.3", 6)


def test_where_no_child_can_be_forked_the_run_is_made_in_the_window(open_app, monkeypatch) -> None:
    """Not Linux (the edits, closures, cannot be given to a spawned child): the frame that chooses 1.21.3 makes its
    run and shows it."""
    monkeypatch.setattr(analysis_job, "FORKS", False)
    app = open_app(PEARL)
    step(app, 5)
    choose(app, "1.21.3", wait=False)
    assert app.release_job is None and not app.state.errors and app.sim.version == "1.21.3"
    assert app.sim.tick_count == 5 and app.sim.entity_by_id(PEARL_ID).pos == pearl_in("1.21.3", 5)
