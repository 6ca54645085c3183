"""The version picker (issue 26 item 5): every release the engine accepts, each with how many mechanics it
simulates as `tickscope versions RELEASE` counts them, its refused mechanics on hover and under the combo; the
Analysis panel's version diff and ghost choose their versions with it, and a ghost in a release that refuses a
mechanic the scene uses stops in one line in the Errors panel."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from imgui_bundle import imgui
from ui_driver import finished

from viewer.panels import analysis as analysis_panel
from viewer.panels import version_picker
from viewer.panels.version_picker import refused_line, release_of, releases, version_combo

REPO = Path(__file__).resolve().parents[2]
SCENES = REPO / "scenes"


def versions_cli(release: str) -> str:
    done = subprocess.run([sys.executable, "-m", "viewer.cli", "versions", release], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_release_from_1_11_to_1_21_11_is_listed_once_in_order() -> None:
    texts = [r.text for r in releases()]
    assert texts[0] == "1.11" and texts[-1] == "1.21.11" and len(texts) == len(set(texts)) == 52
    assert texts.index("1.16.5") < texts.index("1.17") < texts.index("1.20.4") < texts.index("1.21.2")
    assert release_of("1.17.0").text == "1.17" and release_of("0.9") is None and release_of("1.16.6") is None


def test_a_release_shows_the_counts_and_refusals_the_cli_prints() -> None:
    """Each row's count is the one `tickscope versions RELEASE` prints, and its tooltip lists exactly the mechanics
    that command marks refused, with the command's reason."""
    for text in ("1.12.2", "1.16.5", "1.21.3"):
        printed = versions_cli(text)
        simulated, total = map(int, re.match(rf"{re.escape(text)}: (\d+) of (\d+) mechanics", printed).groups())
        refused = [line.split()[0] for line in printed.splitlines()[1:] if not line.endswith(" simulated")]
        row = release_of(text)
        assert (row.simulated, row.total) == (simulated, total)
        assert row.label() == f"{text}  ({simulated} of {total} simulated)"
        assert [m for m, _ in row.refused] == refused
        assert row.details().splitlines()[0] == printed.splitlines()[0]
        assert [line.split(":")[0] for line in row.details().splitlines()[1:]] == refused
    assert refused_line(release_of("1.16.5")) == "refuses: wind_charge"   # the entity is not in 1.16.5
    assert refused_line(release_of("1.21.3")) == "simulates every mechanic of the table"


def test_the_open_picker_lists_every_release_and_a_click_chooses_one(open_app, flat_scene: Path,
                                                                      monkeypatch) -> None:
    """The combo opened (as a click opens it): one selectable per release, labelled with its count, the current
    one selected; choosing one returns it."""
    app = open_app(flat_scene)
    listed: list[tuple[str, bool]] = []
    real = imgui.selectable

    def selectable(label: str, selected: bool, *args):
        listed.append((label, selected))
        return (label.startswith("1.21.3 "), selected)
    monkeypatch.setattr(version_picker.imgui, "selectable", selectable)
    app.imgui_input.new_frame(1 / 60)
    imgui.new_frame()
    imgui.begin("picker")
    combo = imgui.get_id("ghost version")
    imgui.internal.open_popup_ex(imgui.internal.im_hash_str("##ComboPopup", 0, combo))
    chosen = version_combo("ghost version", "1.17")
    imgui.end()
    imgui.end_frame()
    monkeypatch.setattr(version_picker.imgui, "selectable", real)
    assert [label.split()[0] for label, _ in listed] == [r.text for r in releases()]
    assert [label for label, selected in listed if selected] == [release_of("1.17").label()]
    assert chosen == "1.21.3"


def test_a_ghost_in_a_release_that_refuses_the_scene_is_one_line_in_the_errors_panel(open_app) -> None:
    """The TNT scene's ghost in 1.12.1 (its TNT tick refused) gives one line naming the mechanic and version; the
    newest release's ghost of the same scene runs."""
    app = open_app(SCENES / "tnt_flat_ground.toml")
    st = app.analysis_state
    st.ghost_version, st.ghost_ticks = "1.12.1", 5
    analysis_panel.start_ghost(app, st)
    finished(app, "ghost_job")
    assert len(app.state.errors) == 1 and "\n" not in app.state.errors[0] and app.ghost is None
    assert "TNT tick" in app.state.errors[0] and "1.12.1" in app.state.errors[0]
    st.ghost_version = "1.21.11"
    analysis_panel.start_ghost(app, st)
    finished(app, "ghost_job")
    app.draw_frame()
    assert len(app.state.errors) == 1 and app.ghost is not None and app.ghost.version == "1.21.11"


def test_a_tooltip_too_long_for_the_window_is_cut_and_says_where_the_rest_is() -> None:
    """1.12 refuses 31 of the table's mechanics: its details, a line each, are cut to the room given, the last
    line counting the ones left out; a release whose details fit (1.16.5, 1.21.5) is shown whole."""
    def height_of(line: str) -> float:   # 110 characters to a wrapped line of 13 pixels
        return 13.0 * (1 + len(line) // 110)

    for text in ("1.16.5", "1.21.5"):
        assert version_picker.fitted_details(release_of(text), height_of, 650.0) == release_of(text).details()
    row = release_of("1.12")
    *kept, more = version_picker.fitted_details(row, height_of, 650.0).splitlines()
    assert kept == row.detail_lines()[:len(kept)] and len(kept) > 1
    assert more.startswith(f"... {len(row.refused) + 1 - len(kept)} more: ") and "tickscope versions 1.12" in more
    assert sum(map(height_of, [*kept, more])) <= 650.0


def test_the_tooltip_of_the_oldest_releases_fits_a_1280x720_window(open_app, flat_scene: Path) -> None:
    """Drawn as hovering 1.12's row draws it, the tooltip lies inside the window and needs no scrolling (a
    tooltip cannot scroll: what is below the window's edge is lost)."""
    app = open_app(flat_scene, size=(1280, 720))
    for _ in range(3):   # a tooltip takes its size over its first frames
        app.imgui_input.new_frame(1 / 60)
        imgui.new_frame()
        imgui.set_next_window_pos(imgui.ImVec2(500, 600))   # where the ghost's picker opens, low in the window
        imgui.begin("picker")
        version_picker._tooltip(release_of("1.12"))
        imgui.end()
        imgui.end_frame()
    tip = imgui.internal.find_window_by_name("##Tooltip_00")
    padding = imgui.get_style().window_padding
    assert 0 <= tip.pos.x and tip.pos.x + tip.size.x <= 1280 and 0 <= tip.pos.y and tip.pos.y + tip.size.y <= 720
    assert tip.content_size.y + 2 * padding.y <= tip.size.y + 1 and not tip.scrollbar_y


def test_under_the_picker_each_refused_mechanic_and_why(monkeypatch, open_app, flat_scene: Path) -> None:
    """"what it refuses and why", opened, lists every refused mechanic of the chosen release with what that
    release changed (the lines of `tickscope versions 1.13`); a release refusing nothing has no such list."""
    app = open_app(flat_scene)
    shown: list[str] = []
    monkeypatch.setattr(version_picker.imgui, "tree_node", lambda label: True)
    monkeypatch.setattr(version_picker.imgui, "tree_pop", lambda: None)
    monkeypatch.setattr(version_picker.imgui, "text_unformatted", shown.append)
    for text in ("1.13", "1.21.11"):
        app.imgui_input.new_frame(1 / 60)
        imgui.new_frame()
        imgui.begin("picker")
        assert version_combo("version A", text) == text
        imgui.end()
        imgui.end_frame()
    printed = versions_cli("1.13").splitlines()[1:]
    assert [line.split(":")[0] for line in shown] == [line.split()[0] for line in printed
                                                      if not line.endswith(" simulated")]
    assert shown == release_of("1.13").detail_lines()[1:] and len(shown) == 31
