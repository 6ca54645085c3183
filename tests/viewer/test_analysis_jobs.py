"""The Analysis panel's sweeps, solves and version diffs as background jobs (viewer.analysis_job), in the headless
window: each ends with what `tickscope sweep|solve|diff` prints for the same arguments, the window draws frames while
it runs and the status line shows its progress bar; Cancel ends its process; an error is one line in the Errors
panel."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

from ui_driver import finished

from engine.analysis.sweep import write_csv
from viewer import analysis_job
from viewer.panels import analysis as analysis_panel

REPO = Path(__file__).resolve().parents[2]
SCENES = REPO / "scenes"


def cli(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "viewer.cli", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


def as_csv(result: tuple[list[str], list[list[object]]]) -> str:
    out = io.StringIO()
    write_csv(out, *result)
    return out.getvalue()


def test_a_sweep_job_gives_the_cli_rows_and_the_window_draws_meanwhile(open_app, monkeypatch) -> None:
    app = open_app(SCENES / "pearl_cannon.toml")
    st = app.analysis_state
    st.ticks, st.vary = 20, ["entities[100].count=1:12:12", ""]
    bars: list[tuple[float, str]] = []
    real_bar = analysis_panel.imgui.progress_bar
    monkeypatch.setattr("viewer.panels.status.imgui.progress_bar",
                        lambda fraction, size, label: bars.append((fraction, label)) or real_bar(fraction, size, label))
    analysis_panel.start_sweep(st)
    assert st.job.process.is_alive()
    frames = finished(app, "job")
    assert frames >= 2 and bars and bars[0][1].startswith("sweep: ")    # drawn while it ran, with its bar
    assert st.error is None and len(st.result[1]) == 12
    expected = cli("sweep", str(st.scene), "--ticks", "20", "--vary", st.vary[0], "--measure", st.measure,
                   "--workers", "1")
    assert as_csv(st.result) == expected
    assert analysis_job.running_jobs(app) == []


def test_a_diff_and_a_solve_job_give_what_the_cli_prints(open_app) -> None:
    app = open_app(SCENES / "axis_order_corner.toml")
    st = app.analysis_state
    st.ticks = 3
    analysis_panel.start_diff(st)
    finished(app, "diff_job")
    assert st.diff == json.loads(cli("diff", st.scene, "--versions", st.versions, "--ticks", "3"))
    assert st.diff["tick"] == 1

    st.scene, st.ticks = str(SCENES / "pearl_cannon.toml"), 100
    st.solve_vary, st.target, st.top = ["entities[100].count=1:200", ""], "entities[1].pos[0]=1002.5", 2
    analysis_panel.start_solve(st)
    assert st.solve_job.progress() < 0          # a solve tells no progress: the bar runs without an amount
    finished(app, "solve_job")
    expected = list(csv.reader(io.StringIO(cli("solve", st.scene, "--ticks", "100", "--vary", st.solve_vary[0],
                                               "--target", st.target, "--top", "2"))))
    assert list(csv.reader(io.StringIO(as_csv(st.solved)))) == expected and len(expected) == 3


def test_cancel_ends_the_job_process_and_says_so(open_app) -> None:
    app = open_app(SCENES / "pearl_cannon.toml")
    st = app.analysis_state
    st.ticks, st.vary = 200, ["entities[100].count=1:5000:5000", ""]   # minutes of work
    analysis_panel.start_sweep(st)
    job = st.job
    for _ in range(3):
        app.draw_frame()
    assert job.process.is_alive() and st.job is job
    job.cancel()                                  # the status line's Cancel button
    assert not job.process.is_alive()
    app.draw_frame()
    assert st.job is None and st.result is None and st.error is None
    assert app.state.status == "sweep cancelled" and app.state.errors == []


def test_an_error_is_one_line_in_the_errors_panel(open_app) -> None:
    app = open_app(SCENES / "pearl_cannon.toml")
    st = app.analysis_state
    st.vary = ["entities[7].count=1:3:3", ""]
    analysis_panel.start_sweep(st)
    finished(app, "job")
    assert len(app.state.errors) == 1 and "\n" not in app.state.errors[0]
    assert "no [[entities]] entry has id 7" in app.state.errors[0] == st.error
    st.versions = "1.16.5,0.9"
    analysis_panel.start_diff(st)
    finished(app, "diff_job")
    assert len(app.state.errors) == 2 and "0.9" in app.state.errors[1] and st.diff == {"error": app.state.errors[1]}
