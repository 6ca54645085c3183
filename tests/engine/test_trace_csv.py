"""The entity table (engine/analysis/entity_table.py) through `tickscope trace --csv`: its rows hold the values the
trace's JSON lines print, bit for bit, its CSV parses back to the same doubles, and bad fields or types are one
line with status 2."""

from __future__ import annotations

import csv
import io
import json

import pytest

from engine import entity_table
from viewer.cli import main

CANNON = "scenes/cannon_tnt_simple.toml"
ZOMBIE = "scenes/zombie_move_to.toml"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_csv_rows_equal_the_trace_lines(capsys) -> None:
    """Every TNT of the simple cannon for 12 ticks (it explodes at tick 10): position, motion, fuse and on_ground of
    each row are those of the trace line of that tick and entity, parsed back to the same doubles."""
    status, out, err = run(["trace", CANNON, "--ticks", "12", "--csv", "id,pos,motion,fuse,on_ground",
                            "--type", "tnt"], capsys)
    assert (status, err) == (0, "")
    table = list(csv.DictReader(io.StringIO(out)))
    _, lines, _ = run(["trace", CANNON, "--ticks", "12"], capsys)
    expected = {(line["tick"], e["id"]): e for line in map(json.loads, lines.splitlines()) for e in line["entities"]
                if e["type"] == "minecraft:tnt" and not e["removed"]}
    assert len(table) == len(expected) == 133   # 13 TNT over ticks 0-9, the projectile to 12
    for r in table:
        e = expected[(int(r["tick"]), int(r["id"]))]
        assert [float(r[f"pos_{a}"]) for a in "xyz"] == e["pos"]
        assert [float(r[f"motion_{a}"]) for a in "xyz"] == e["motion"]
        assert int(r["fuse"]) == e["fuse"]
        assert r["on_ground"] == json.dumps(e["on_ground"])


def test_csv_of_a_zombie_holds_health_age_and_its_box(capsys) -> None:
    """A zombie's row: health 20.0, age counting the ticks, its box corners; the fuse it lacks is empty."""
    status, out, _ = run(["trace", ZOMBIE, "--ticks", "3", "--csv", "id,type,age,health,fuse,box"], capsys)
    assert status == 0
    header, *body = list(csv.reader(io.StringIO(out)))
    assert header == ["tick", "id", "type", "age", "health", "fuse", "box_min_x", "box_min_y", "box_min_z",
                      "box_max_x", "box_max_y", "box_max_z"]
    assert [r[:6] for r in body] == [[str(t), "1", "minecraft:zombie", str(t), "20.0", ""] for t in range(4)]
    assert float(body[0][10]) - float(body[0][7]) == pytest.approx(1.95, abs=1e-6)


def test_counts_by_type_most_first() -> None:
    assert entity_table.count_by_type(["minecraft:tnt", "minecraft:item", "minecraft:tnt", "minecraft:arrow"]) == [
        ("minecraft:tnt", 2), ("minecraft:arrow", 1), ("minecraft:item", 1)]


@pytest.mark.parametrize(("argv", "needle"), [
    (["--csv", "id,hp"], "argument --csv: unknown field 'hp' (expected some of: id, type, pos"),
    (["--csv", " , "], "argument --csv: no fields"),
    (["--csv", "id", "--type", "zomb"], "argument --type: unknown entity type 'zomb'"),
    (["--type", "zombie"], "--type needs --csv"),
    (["--csv", "id", "--stages"], "not allowed with argument"),
])
def test_bad_table_arguments_are_one_line_and_status_2(argv, needle, capsys) -> None:
    status, out, err = run(["trace", ZOMBIE, "--ticks", "1", *argv], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and needle in err


def test_entity_option_keeps_one_entity(capsys) -> None:
    """--entity 13 with --csv: the cannon's projectile (fuse 80 in the scene) alone, one row a tick, ticks 0 to 5."""
    status, out, _ = run(["trace", CANNON, "--ticks", "5", "--csv", "id,fuse", "--entity", "13"], capsys)
    assert status == 0
    assert list(csv.reader(io.StringIO(out)))[1:] == [[str(t), "13", str(80 - t)] for t in range(6)]
