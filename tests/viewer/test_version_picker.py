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
