"""The status line's hover texts: the message's own shows the whole message (the bar may cut a long one) and the
folder of the file it names, whether or not a file manager is there to open it; its buttons say what they do, and
none of them hides the message's text."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from imgui_bundle import imgui

from tests.conftest import SCENES_DIR as SCENES
from viewer.panels import status


def _hover_texts(app, monkeypatch) -> list[tuple[str, str]]:
    """(item, tooltip) of the status line's items in one frame: each tooltip with the item it follows."""
    calls: list[tuple[str, str]] = []
    real = {name: getattr(imgui, name) for name in ("text", "small_button", "set_item_tooltip")}

    def note(kind: str, value: str) -> None:   # the status line's calls only, not the other panels'
        if sys._getframe(2).f_globals["__name__"] == status.__name__:
            calls.append((kind, value))

    def text(value: str) -> None:
        note("item", value)
        real["text"](value)

    def small_button(label: str) -> bool:
        note("item", label)
        return real["small_button"](label)

    def set_item_tooltip(value: str) -> None:
        note("tooltip", value)
        real["set_item_tooltip"](value)
    for name, fn in (("text", text), ("small_button", small_button), ("set_item_tooltip", set_item_tooltip)):
        monkeypatch.setattr(status.imgui, name, fn)
    app.draw_frame()
    for name, fn in real.items():
        monkeypatch.setattr(status.imgui, name, fn)
    pairs, item = [], None
    for kind, value in calls:
        if kind == "item":
            item = value
        elif item is not None:
            pairs.append((item, value))
    return pairs


@pytest.mark.parametrize("opener", [["xdg-open"], None], ids=["file manager", "none"])
def test_the_message_hover_shows_it_whole_with_its_folder(open_app, tmp_path: Path, monkeypatch, opener) -> None:
    app = open_app(SCENES / "tnt_flat_ground.toml", size=(1280, 720))
    monkeypatch.setattr(status, "folder_opener", lambda: opener)
    saved = tmp_path / "shots" / "a long name, 100% of it.gif"
    message = f"saved {saved} " + "and more words " * 20
    app.state.tell(message, str(saved))
    hovers = [(item, tip) for item, tip in _hover_texts(app, monkeypatch) if item in
              (message, "open folder", "copy path")]
    expected = [(message, f"{message}\nin {saved.parent}")]
    if opener:
        expected.append(("open folder", f"Show {saved.parent} in the file manager"))
    expected.append(("copy path", f"Copy {saved}"))
    assert hovers == expected


def test_a_message_without_a_file_has_its_text_as_hover(open_app, monkeypatch) -> None:
    app = open_app(SCENES / "tnt_flat_ground.toml", size=(1280, 720))
    app.state.tell("video export cancelled")
    hovers = _hover_texts(app, monkeypatch)
    assert ("video export cancelled", "video export cancelled") in hovers
    assert not any(item in ("open folder", "copy path") for item, _ in hovers)
