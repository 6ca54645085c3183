"""The Analysis panel (issue 13): a calculator of the closed forms (entity type, initial Motion, n → position and
Motion), the formula overlay (the selected entity's closed-form path from a chosen tick plotted beside the
simulated one, the first tick where they part marked, also drawn in the 3D view), a sweep runner that plots its
result (lines for one varied PATH, a heat map for two), a solver (the runs closest to targets, as `tickscope
solve`), and a version diff (the first tick, entity and stage where two versions of the scene part, as `tickscope
diff`; or the open scene run in a second version, shown as a ghost in the 3D view, play stopping where they part),
its versions chosen with the version picker (`viewer.panels.version_picker`: every release, what each refuses).
Sweeps, solves, diffs and ghosts run as background jobs (viewer.analysis_job: the status line shows their progress
and a Cancel button; an error goes to the Errors panel). Every number comes from engine.analysis; this module only
draws."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from imgui_bundle import imgui, imgui_ctx, implot

from engine import formulas
from viewer import analysis_job
from viewer.analysis_job import AnalysisJob
from viewer.panels.plots import entity_series
from viewer.panels.titles import ANALYSIS_TITLE
from viewer.panels.version_picker import version_combo
from viewer.panels.widgets import em, error_text

TYPES = sorted(formulas.FREE_FLIGHT)
PLOT_MIN_EM = 8    # the least height of a plot (it takes the rest of the panel where that is more)


@dataclass
class AnalysisState:
    """What the panel keeps between frames."""

    type_index: int = TYPES.index("minecraft:tnt")
    motion: list[float] = field(default_factory=lambda: [0.0, 0.2, 0.0])
    n: int = 10
    scene: str = ""             # the file swept and diffed: the open scene's, filled in when a scene opens
    scene_of: str | None = None  # the open scene `scene` was filled in for
    ticks: int = 5
    vary: list[str] = field(default_factory=lambda: ["entities[100].count=1:20:20", ""])
    measure: str = "entities[1].pos[0]"
    job: AnalysisJob | None = None
    result: tuple[list[str], list[list[Any]]] | None = None
    error: str | None = None
    reveal: bool = False        # show the panel and open the Sweep section once when its result arrives
    solve_vary: list[str] = field(default_factory=lambda: ["entities[100].count=1:200", ""])
    target: str = "entities[1].pos[0]=1002.5"
    top: int = 3
    solve_job: AnalysisJob | None = None
    solved: tuple[list[str], list[list[Any]]] | None = None
    solve_error: str | None = None
    versions: str = "1.16.5,1.17"
    diff_versions: list[str] = field(default_factory=list)   # the two compared (the pickers may change since)
    diff_job: AnalysisJob | None = None
    diff: dict[str, Any] | None = None
    ghost_version: str = "1.17"
    ghost_ticks: int = 100
    ghost_job: AnalysisJob | None = None
    ghost_error: str | None = None

    def jobs(self) -> list[AnalysisJob]:
        """The jobs running now (the status line shows them)."""
        return [j for j in (self.job, self.solve_job, self.diff_job, self.ghost_job) if j is not None]


def _ended(app: Any, job: AnalysisJob | None) -> tuple[bool, Any, str | None]:
    """(ended, result, error) of `job`: an error is also reported in the Errors panel, a cancel in the status
    line."""
    end = job.poll() if job is not None else None
    if end is None:
        return False, None, None
    kind, value = end
    if kind == "error":
        app.state.report(value)
        return True, None, value
    if kind == "cancelled":
        app.state.tell(f"{job.name} cancelled")
    return True, value, None


def calculator(st: AnalysisState) -> tuple[formulas.Vec, formulas.Vec]:
    """(displacement, Motion) after n gt for the calculator's inputs (engine.analysis.formulas.state_at)."""
    return formulas.state_at(TYPES[st.type_index], (0.0, 0.0, 0.0), tuple(st.motion), st.n)


def selected_overlay(app: Any) -> formulas.Overlay | None:
    """The closed-form path of the selected entity from the window's `formula_from` tick (the one the 3D view
    draws); a tick the entity has no state at moves to its first recorded one."""
    overlay = app.formula_overlay()
    selected = app.state.selected_entity
    if overlay is None and selected is not None:
        ticks = [t for t in sorted(app.history.states) if selected in app.history.states[t]]
        if ticks and app.state.formula_from not in ticks:
            app.state.formula_from = ticks[0]
            overlay = app.formula_overlay()
    return overlay


def start_sweep(st: AnalysisState) -> None:
    """Run the sweep as a background job, one process (large sweeps belong to `tickscope sweep`)."""
    vary = [v for v in st.vary if v.strip()]
    st.result, st.error = None, None
    st.job = analysis_job.start("sweep", analysis_job.sweep_rows, st.scene, st.ticks, vary, [st.measure])


def collect_sweep(app: Any, st: AnalysisState) -> None:
    ended, result, st.error = _ended(app, st.job)
    if ended:
        st.result, st.job, st.reveal = result, None, result is not None


def sweep_grid(result: tuple[list[str], list[list[Any]]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows of a two-PATH sweep as (values of the first, values of the second, measured[first, second])."""
    _, rows = result
    a = sorted({r[0] for r in rows})
    b = sorted({r[1] for r in rows})
    grid = np.full((len(a), len(b)), np.nan)
    for r in rows:
        grid[a.index(r[0]), b.index(r[1])] = r[2]
    return np.array(a, dtype=float), np.array(b, dtype=float), grid


def draw_analysis(app: Any) -> None:
    """The panel; `app` is the ViewerApp (its sim, history and selection are read, never changed)."""
    st: AnalysisState = app.__dict__.setdefault("analysis_state", AnalysisState())
    opened = str(app.scene_path) if app.scene_path is not None else None
    if st.scene_of != opened:          # another scene opened (or saved under another name): sweep that one
        st.scene, st.scene_of = opened or "", opened
    collect_sweep(app, st)
    collect_solve(app, st)
    collect_diff(app, st)
    collect_ghost(app, st)
    if st.reveal:                       # a finished sweep brings the panel's tab to the front
        imgui.set_next_window_focus()
    with imgui_ctx.begin(ANALYSIS_TITLE) as window:
        if not window:
            return
        if imgui.collapsing_header("Calculator"):
            _draw_calculator(st)
        if imgui.collapsing_header("Formula overlay"):
            _draw_overlay(app, st)
        if st.reveal:
            imgui.set_next_item_open(True)
            st.reveal = False
        if imgui.collapsing_header("Sweep"):
            _draw_sweep(st)
        if imgui.collapsing_header("Solve"):
            _draw_solve(st)
        if imgui.collapsing_header("Version diff"):
            _draw_diff(st)
            _draw_ghost(app, st)


def plot_size() -> imgui.ImVec2:
    """A plot as wide as the panel and as high as the room left in it (never under PLOT_MIN_EM): no scrolling to
    see it whole in the docked tab."""
    return imgui.ImVec2(-1, max(em() * PLOT_MIN_EM, imgui.get_content_region_avail().y))


def _draw_calculator(st: AnalysisState) -> None:
    _, st.type_index = imgui.combo("entity", st.type_index, TYPES)
    _, st.motion = imgui.input_float3("Motion", st.motion, "%.6f")
    _, st.n = imgui.input_int("n (gt)", st.n)
    st.n = max(st.n, 0)
    f = formulas.free_flight(TYPES[st.type_index])
    pos, motion = calculator(st)
    imgui.text(f"order {f.kind}, a = {f.gravity:.6g}, k = {f.drag_y:.6g}")
    imgui.text(f"displacement  {pos[0]:.10g}  {pos[1]:.10g}  {pos[2]:.10g}")
    imgui.text(f"Motion        {motion[0]:.10g}  {motion[1]:.10g}  {motion[2]:.10g}")


def _draw_overlay(app: Any, st: AnalysisState) -> None:
    _, app.state.show_formula = imgui.checkbox("draw in the 3D view", app.state.show_formula)
    imgui.set_item_tooltip("The closed-form path beside the simulated one, the tick where they part marked "
                           "(also View > Formula overlay)")
    ov = selected_overlay(app)
    if ov is None:
        imgui.text_disabled("select a TNT, item, orb or thrown projectile")
        return
    _, app.state.formula_from = imgui.input_int("from tick", app.state.formula_from)
    imgui.text("follows the closed form to the last tick" if ov.diverges_at is None
               else f"leaves the closed form at tick {ov.diverges_at}")
    series = entity_series(app.history, app.state.selected_entity)
    ticks = np.array(ov.ticks, dtype=float)
    predicted = np.array([p for p, _ in ov.predicted], dtype=float).reshape(-1, 3)
    if implot.begin_plot("simulated and closed form", plot_size()):
        implot.setup_axes("tick", "blocks", implot.AxisFlags_.auto_fit, implot.AxisFlags_.auto_fit)
        for axis, name in enumerate("xyz"):
            implot.plot_line(name, series.ticks, np.ascontiguousarray(series.pos[:, axis]))
            implot.plot_scatter(f"{name} formula", ticks, np.ascontiguousarray(predicted[:, axis]))
        if ov.diverges_at is not None:
            implot.plot_inf_lines("diverges", np.array([float(ov.diverges_at)]))
        implot.end_plot()


def _draw_sweep(st: AnalysisState) -> None:
    _, st.scene = imgui.input_text("scene", st.scene)
    imgui.set_item_tooltip("The scene file swept (the open one, as saved: edits not saved are not in it)")
    _, st.ticks = imgui.input_int("ticks", st.ticks)
    _, st.vary[0] = imgui.input_text("vary 1", st.vary[0])
    _, st.vary[1] = imgui.input_text("vary 2", st.vary[1])
    _, st.measure = imgui.input_text("measure", st.measure)
    _run_button(st.job, "Run sweep", lambda: start_sweep(st), st.error)
    if st.result is None:
        return
    header, rows = st.result
    if len(header) == 2:
        xs, ys = np.array([r[0] for r in rows], dtype=float), np.array([r[1] for r in rows], dtype=float)
        imgui.text_disabled(f"y: {header[1]}")   # over the plot, across: a sideways label of a short plot is cut
        if implot.begin_plot("sweep", plot_size()):
            implot.setup_axes(header[0], "", implot.AxisFlags_.auto_fit, implot.AxisFlags_.auto_fit)
            implot.plot_line(header[1], xs, ys)
            implot.end_plot()
    else:
        a, b, grid = sweep_grid(st.result)
        imgui.text_disabled(f"y: {header[0]}, colour: {header[2]}")
        if implot.begin_plot("sweep", plot_size()):
            implot.setup_axes(header[1], "", implot.AxisFlags_.auto_fit, implot.AxisFlags_.auto_fit)
            implot.plot_heatmap(header[2], np.ascontiguousarray(grid), float(np.nanmin(grid)),
                                float(np.nanmax(grid)), "", implot.Point(b[0], a[0]), implot.Point(b[-1], a[-1]))
            implot.end_plot()


def _run_button(job: AnalysisJob | None, label: str, start: Callable[[], None], error: str | None = None) -> None:
    """A section's button that starts its job, or, while the job runs, where its progress is; the last error in
    red."""
    if job is not None:
        imgui.text_disabled("running... (status line: progress, Cancel)")
    elif imgui.button(label):
        start()
    if error:
        error_text(error)


def start_solve(st: AnalysisState) -> None:
    """`tickscope solve` of the sweep's scene file over its ticks, as a background job."""
    st.solved, st.solve_error = None, None
    st.solve_job = analysis_job.start("solve", analysis_job.solve_rows, st.scene, st.ticks,
                                      [v for v in st.solve_vary if v.strip()], [st.target], st.top, measured=False)


def collect_solve(app: Any, st: AnalysisState) -> None:
    ended, result, st.solve_error = _ended(app, st.solve_job)
    if ended:
        st.solved, st.solve_job = result, None


def _draw_solve(st: AnalysisState) -> None:
    imgui.text_disabled("the scene and ticks of the Sweep section")
    _, st.solve_vary[0] = imgui.input_text("vary 1##solve", st.solve_vary[0])
    imgui.set_item_tooltip("PATH=LO:HI, or PATH=LO:HI:int for whole numbers")
    _, st.solve_vary[1] = imgui.input_text("vary 2##solve", st.solve_vary[1])
    _, st.target = imgui.input_text("target", st.target)
    imgui.set_item_tooltip("PATH=VALUE: the measured value the runs should come closest to")
    _, st.top = imgui.input_int("best runs", st.top)
    st.top = max(st.top, 1)
    _run_button(st.solve_job, "Solve", lambda: start_solve(st), st.solve_error)
    if st.solved is None:
        return
    header, rows = st.solved
    if imgui.begin_table("solved", len(header), imgui.TableFlags_.borders | imgui.TableFlags_.resizable):
        for name in header:
            imgui.table_setup_column(name)
        imgui.table_headers_row()
        for row in rows:
            imgui.table_next_row()
            for value in row:
                imgui.table_next_column()
                imgui.text(f"{value:.10g}" if isinstance(value, float) else str(value))
        imgui.end_table()


def start_diff(st: AnalysisState) -> None:
    """`tickscope diff` of the sweep's scene file over its ticks, as a background job."""
    a, _, b = st.versions.partition(",")
    st.diff, st.diff_versions = None, [a.strip(), b.strip()]
    st.diff_job = analysis_job.start("version diff", analysis_job.difference, st.scene, *st.diff_versions, st.ticks)


def collect_diff(app: Any, st: AnalysisState) -> None:
    ended, result, error = _ended(app, st.diff_job)
    if ended:
        st.diff = {"error": error} if error else result
        st.diff_job = None


def _draw_diff(st: AnalysisState) -> None:
    imgui.text_disabled("the scene and ticks of the Sweep section")
    a, _, b = st.versions.partition(",")
    st.versions = f"{version_combo('version A', a.strip())},{version_combo('version B', b.strip())}"
    _run_button(st.diff_job, "Compare", lambda: start_diff(st))
    if st.diff is None:
        return
    if "error" in st.diff:
        error_text(st.diff["error"])
        return
    for line in diff_lines(st.diff, st.diff_versions):
        imgui.text_wrapped(line)   # a state's numbers are long: wrapped at the panel's edge


def diff_lines(diff: dict[str, Any], versions: list[str]) -> list[str]:
    """The diff line as the panel shows it: where the versions part, then each version's state there (or each
    version's events, where only the events of the tick differ), then its notes (attributes one version lacks)."""
    return _difference_lines(diff, versions) + diff.get("notes", [])


def _difference_lines(diff: dict[str, Any], versions: list[str]) -> list[str]:
    if diff["tick"] is None:
        return ["no difference"]
    if diff["entity"] is None:
        return [f"tick {diff['tick']}: the entities agree, the events differ",
                *(f"{v}: {diff[f'events_{side}']}" for side, v in zip("ab", versions, strict=True))]
    stage = "" if diff["stage"] is None else f", stage {diff['stage']} ({diff['method']})"
    lines = [f"{_tick_entity(diff)}{stage}: {', '.join(diff['fields'])}"]
    for side, version in zip("ab", versions, strict=True):
        state = diff[side]
        lines.append(f"{version}: pos {state['pos']}  motion {state['motion']}" if state else
                     f"{version}: no entity {diff['entity']}")
    return lines


def ghost_line(version: str, diff: dict[str, Any]) -> str:
    """Under the ghost's button: where the ghost's version parts from the open scene's."""
    if diff["tick"] is None:
        return "no difference"
    if diff["entity"] is None:
        return f"{version} parts at tick {diff['tick']}: the events differ"
    if diff["stage"] is None:
        return f"{version} parts at {_tick_entity(diff)}: {', '.join(diff['fields'])}"
    return f"{version} parts at {_tick_entity(diff)}, stage {diff['stage']}"


def _tick_entity(diff: dict[str, Any]) -> str:
    """Where an entity's states part: the tick (tick 0: as the scene loads, before any stage) and the entity."""
    return f"tick {diff['tick']}{' (as loaded)' if diff['tick'] == 0 else ''}, entity {diff['entity']}"


def start_ghost(app: Any, st: AnalysisState) -> None:
    """The loaded scene file run in `ghost_version` beside its own version (engine.analysis.diff.run_ghost), as
    a background job; edits made in the window are not in it."""
    st.ghost_error, app.ghost = None, None
    st.ghost_job = analysis_job.start("ghost run", analysis_job.ghost, str(app.scene_path), app.sim.version,
                                      st.ghost_version.strip(), st.ghost_ticks)


def collect_ghost(app: Any, st: AnalysisState) -> None:
    ended, result, st.ghost_error = _ended(app, st.ghost_job)
    if ended:
        app.ghost, st.ghost_job = result, None


def _draw_ghost(app: Any, st: AnalysisState) -> None:
    imgui.separator()
    imgui.text_disabled(f"the open scene ({app.sim.version}) beside another version, drawn as a ghost")
    st.ghost_version = version_combo("ghost version", st.ghost_version)
    _, st.ghost_ticks = imgui.input_int("ghost ticks", st.ghost_ticks)
    if app.scene_path is None:
        imgui.text_disabled("open a scene file first")
    else:
        _run_button(st.ghost_job, "Show as ghost", lambda: start_ghost(app, st))
    imgui.set_item_tooltip("Play stops at the first tick where the versions differ, its entity and stage selected")
    if app.ghost is not None:
        imgui.same_line()
        if imgui.button("Hide ghost"):
            app.ghost = None
            return
        diff = app.ghost.difference
        imgui.text_wrapped(ghost_line(app.ghost.version, diff))
    if st.ghost_error:
        error_text(st.ghost_error)
