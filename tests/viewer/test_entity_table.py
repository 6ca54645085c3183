"""The Entity table panel (viewer/panels/entity_table.py, viewer/entity_log.py): its rows are the trace's values
for every live entity and tick, read from the history; filtered by type and tick range; counted by type; exported
through the file browser as CSV that parses back to the same doubles."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
import time
from pathlib import Path

from imgui_bundle import imgui

from viewer.cli import SCENES_DIR, trace_lines

CANNON = SCENES_DIR / "cannon_tnt_simple.toml"   # 12 propellant TNT and a projectile; the propellant explodes at 10


def run_to(app, tick: int) -> None:
    app.state.pending_steps = tick - app.sim.tick_count
    while app.sim.tick_count < tick:
        app.draw_frame()


def trace_values(ticks: int) -> dict[tuple[int, int], dict]:
    """(tick, id) → the entity of `tickscope trace` (live entities only, as the table lists)."""
    return {(line["tick"], e["id"]): e for line in trace_lines(str(CANNON), ticks, False, None)
            for e in line["entities"] if not e["removed"]}


def test_rows_are_the_trace_values_of_every_entity_and_tick(open_app) -> None:
    """Ticks 0-12 of the cannon, every row's position, motion and fuse equal to the trace's, bit for bit."""
    app = open_app(CANNON)
    run_to(app, 12)
    app.state.table_fields = ("id", "type", "pos", "motion", "fuse")
    app.draw_frame()
    log = app.entity_log()
    expected = trace_values(12)
    assert len(log) == len(expected) == 133
    for n in range(len(log)):
        tick, entity_id, kind, *values = log.row(n, app.state.table_fields)
        e = expected[(tick, entity_id)]
        assert (kind, values) == (e["type"], [*e["pos"], *e["motion"], e["fuse"]])
    assert imgui.internal.find_window_by_name("Entity table") is not None


def test_type_and_range_filter_and_the_counts(open_app) -> None:
    """Ticks 9..11 of the TNT: 13 rows at 9, the projectile alone at 10 and 11; the counts at tick 9 and 11."""
    app = open_app(CANNON)
    run_to(app, 11)
    app.state.table_type, app.state.table_range = "minecraft:tnt", (9, 11)
    log = app.entity_log()
    assert [log.where(n)[0] for n in range(len(log))] == [9] * 13 + [10, 11]
    from viewer.entity_log import type_counts
    assert type_counts(app.history, 9) == [("minecraft:tnt", 13)]
    assert type_counts(app.history, 11) == [("minecraft:tnt", 1)]
    app.state.table_type = "minecraft:arrow"
    assert len(app.entity_log()) == 0


def test_export_csv_through_the_browser_parses_back_exact(open_app, tmp_path: Path) -> None:
    """Export CSV...: the browser proposes a .csv beside the screenshots; the file holds every row, its doubles
    reading back as the trace's, and the status line names it."""
    app = open_app(CANNON)
    run_to(app, 12)
    app.state.table_fields = ("id", "pos", "motion", "on_ground")
    app.state.commands.append("export_table")
    app.draw_frame()
    browser = app.dialog.browser
    assert browser.save and browser.target().suffix == ".csv" and browser.target().name == \
        "tickscope-entities-ticks0-12.csv"
    browser.accept()
    app.draw_frame()
    # written off the UI thread, its progress in the status line (a small file may end within the frame it started)
    assert app.table_jobs or app.state.status.startswith("saved ")
    finish_table_jobs(app)
    path = Path(app.state.status_path)
    assert path == browser.target() and app.state.status == f"saved {path}" and not app.state.errors
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    expected = trace_values(12)
    assert len(rows) == 133
    for r in rows:
        e = expected[(int(r["tick"]), int(r["id"]))]
        assert [float(r[f"pos_{a}"]) for a in "xyz"] == e["pos"]
        assert [float(r[f"motion_{a}"]) for a in "xyz"] == e["motion"]
        assert r["on_ground"] == ("true" if e["on_ground"] else "false")


def finish_table_jobs(app, seconds: float = 60.0) -> None:
    """Frames until the CSV jobs have ended (each end is reported by a frame)."""
    deadline = time.monotonic() + seconds
    while app.table_jobs and time.monotonic() < deadline:
        for job in app.table_jobs:
            job.join(0.05)
        app.draw_frame()
    assert not app.table_jobs


def test_a_csv_export_cancelled_leaves_no_file(open_app, tmp_path: Path) -> None:
    """Cancel (the status line's button) stops the writer at its next tick: no file and no part stay, and the
    status line says it was cancelled."""
    from viewer.table_export import TableExport

    app = open_app(CANNON)
    run_to(app, 12)
    target = tmp_path / "rows.csv"
    job = TableExport(app.entity_log(), target, app.state.table_fields)
    job.cancel()                    # pressed before the writer reached its first tick
    app.table_jobs.append(job.start())
    finish_table_jobs(app)
    assert app.state.status == "CSV export cancelled" and job.progress() == 0.0
    assert not target.exists() and not list(tmp_path.glob(".*"))


def test_a_csv_export_reads_the_states_it_started_with(open_app, tmp_path: Path) -> None:
    """The job reads the history as it was when it started: a rewind and another branch afterwards do not change
    what it writes."""
    from viewer.table_export import TableExport

    app = open_app(CANNON)
    run_to(app, 6)
    log = app.entity_log()
    job = TableExport(log, tmp_path / "rows.csv", ("id", "pos"))
    rows = len(log)
    app.history.states.clear()      # what a rewind that drops the ticks would do to the live history
    app.table_jobs.append(job.start())
    finish_table_jobs(app)
    assert app.state.status == f"saved {tmp_path / 'rows.csv'}"
    assert len(list(csv.DictReader((tmp_path / "rows.csv").open(encoding="utf-8")))) == rows > 0


def test_counts_by_type_per_tick_and_their_csv(open_app, write_scene, scene_text) -> None:
    """Two TNT with fuses 2 and 4 and a falling sand block resting on the floor: by type, tick by tick, the sand
    is placed as a block in tick 1 and the TNT go 2, 2, 1, 1, 0 as their fuses run out; the CSV holds the same
    table."""
    scene = write_scene(scene_text(
        blocks=[{"from": [-4, 0, -4], "to": [4, 0, 4], "block": "minecraft:obsidian"}],
        entities=[{"type": "minecraft:tnt", "pos": [-2.5, 1.0, 0.5], "fuse": 2},
                  {"type": "minecraft:tnt", "pos": [2.5, 1.0, 0.5], "fuse": 4},
                  {"type": "minecraft:falling_block", "pos": [0.5, 1.0, 3.5], "block_state": "minecraft:sand"}]))
    app = open_app(scene)
    assert not app.state.errors
    run_to(app, 4)
    app.state.table_by_type = True
    app.draw_frame()
    header, table = app.entity_log().counts()
    assert header == ["tick", "minecraft:falling_block", "minecraft:tnt"]
    assert [row[0] for row in table] == [0, 1, 2, 3, 4]
    assert [row[1] for row in table] == [1, 0, 0, 0, 0] and [row[2] for row in table] == [2, 2, 1, 1, 0]
    app.state.commands.append("export_table")
    app.draw_frame()
    assert app.dialog.browser.target().name == "tickscope-entity-counts-ticks0-4.csv"
    app.dialog.browser.accept()
    app.draw_frame()
    finish_table_jobs(app)
    rows = list(csv.reader(Path(app.state.status_path).open(encoding="utf-8")))
    assert rows == [header, *([str(v) for v in row] for row in table)]


def test_a_layout_saved_before_the_tab_existed_docks_it_with_the_bottom_tabs(open_app, tmp_path: Path) -> None:
    """An imgui.ini without the Entity table (a layout saved by an earlier version): the tab joins Plots' dock
    rather than floating over the view."""
    ini = tmp_path / "imgui.ini"
    script = ("import os; os.environ['PYGLET_HEADLESS'] = '1'\n"
              "from pathlib import Path\nfrom viewer.app import ViewerApp\n"
              f"app = ViewerApp({str(CANNON)!r}, size=(1280, 720), visible=False, ini_path=Path({str(ini)!r}))\n"
              "for _ in range(3):\n    app.draw_frame()\napp.close()\n")
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120, cwd=Path(__file__).parents[2])
    ini.write_text(re.sub(r"\[Window\]\[Entity table\][^\[]*", "", ini.read_text(encoding="utf-8")),
                   encoding="utf-8")
    open_app(CANNON, size=(1280, 720), ini_path=ini)
    assert "[Window][Entity table]" not in ini.read_text(encoding="utf-8")
    table, plots = (imgui.internal.find_window_by_name(title) for title in ("Entity table", "Plots"))
    assert plots.dock_id and table.dock_id == plots.dock_id
