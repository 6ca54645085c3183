"""`[[bookmarks]]` of a scene (engine/tick/bookmarks.py): loaded and checked with the scene, ignored by the
simulation, written back by the scene writer with their ticks counted from the saved tick."""

from __future__ import annotations

import pytest

from engine import SceneError, load_scene, scene_document
from engine.tick.scene import load_scene_text
from viewer.cli import main

FALLING_TNT = {"blocks": [{"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:stone"}],
               "entities": [{"type": "minecraft:tnt", "pos": [0.5, 3.0, 0.5], "motion": [0.1, 0.2, 0.0], "fuse": 30}]}
BOOKMARKS = '\n[[bookmarks]]\ntick = 12\nnote = "lands"\n\n[[bookmarks]]\ntick = 3\n'


def test_bookmarks_load_with_their_ticks_and_notes(scene_text) -> None:
    """Each entry becomes a bookmark, in tick order; a missing note is empty."""
    sim = load_scene_text(scene_text(**FALLING_TNT) + BOOKMARKS)
    assert [(b.tick, b.note) for b in sim.bookmarks] == [(3, ""), (12, "lands")]


def test_bookmarks_change_nothing_of_the_run(scene_text, lines_of) -> None:
    """The same scene with and without bookmarks gives identical trace lines for 40 ticks."""
    plain = load_scene_text(scene_text(**FALLING_TNT))
    marked = load_scene_text(scene_text(**FALLING_TNT) + BOOKMARKS)
    assert lines_of(marked, 40) == lines_of(plain, 40)


def test_writer_keeps_bookmarks_counted_from_the_saved_tick(scene_text) -> None:
    """Saved at tick 0 every bookmark is written in tick order; saved at tick 5 the one at tick 3 is gone and the
    one at 12 is at 7; the written document loads back to the same bookmarks."""
    sim = load_scene_text(scene_text(**FALLING_TNT) + BOOKMARKS)
    assert scene_document(sim)["bookmarks"] == [{"tick": 3, "note": ""}, {"tick": 12, "note": "lands"}]
    for _ in range(5):
        sim.tick()
    assert scene_document(sim)["bookmarks"] == [{"tick": 7, "note": "lands"}]


def test_writer_round_trip_through_a_file(scene_text, tmp_path) -> None:
    """write_scene → load_scene gives the bookmarks back, notes with quotes and newlines intact."""
    from engine import write_scene
    sim = load_scene_text(scene_text(**FALLING_TNT) + '\n[[bookmarks]]\ntick = 4\nnote = "a \\"b\\"\\nc"\n')
    path = tmp_path / "saved.toml"
    write_scene(sim, path)
    assert [(b.tick, b.note) for b in load_scene(str(path)).bookmarks] == [(4, 'a "b"\nc')]


@pytest.mark.parametrize(("entry", "needle"), [
    ("tick = -1", "bookmarks[0].tick: expected an integer in 0..2147483647, got -1"),
    ('tick = "3"', "bookmarks[0].tick: expected an integer, got '3'"),
    ('note = "x"', "bookmarks[0].tick: missing"),
    ("tick = 1\nnote = 5", "bookmarks[0].note: expected a string, got 5"),
    ("tick = 1\nnotes = 'x'", "bookmarks[0].notes: unknown key (expected one of: note, tick)"),
])
def test_bad_bookmark_is_one_line_naming_file_and_key(entry, needle, scene_text, tmp_path, capsys) -> None:
    """A bad entry: one stderr line with the file and the key, status 2 (and SceneError from the loader)."""
    path = tmp_path / "bad.toml"
    path.write_text(scene_text(**FALLING_TNT) + f"\n[[bookmarks]]\n{entry}\n", encoding="utf-8")
    with pytest.raises(SceneError):
        load_scene(str(path))
    assert main(["trace", str(path), "--ticks", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and needle in err


def test_bookmarks_must_be_an_array_of_tables(scene_text) -> None:
    with pytest.raises(SceneError, match=r"bookmarks: expected an array of tables \(\[\[bookmarks\]\]\)"):
        load_scene_text("bookmarks = 3\n" + scene_text(**FALLING_TNT))
