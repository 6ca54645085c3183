"""Command-line numbers read as data (engine/analysis/arguments.py): NaN, infinities, 400-digit numbers, empty or
inverted ranges, counts past their limits and malformed addresses are one line on stderr and status 2 in every
command (the reproducers of ../shared/data/reliability2/cli_failures.sh), before any run or display check."""

from __future__ import annotations

import csv
import io
import re

import pytest

from engine.analysis import arguments, sweep
from engine.analysis.arguments import ArgumentError
from tests.conftest import SCENES_DIR as SCENES
from viewer.cli import main

FLAT = str(SCENES / "tnt_flat_ground.toml")
CANNON = str(SCENES / "tnt_cannon_range.toml")
THROW = str(SCENES / "pearl_throw_target.toml")
DIGITS_400 = "9" * 400


def run(argv: list[str]) -> int:
    """`tickscope ARGV`: main's return value, or argparse's exit status."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def one_line(capsys, expected: str) -> None:
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("tickscope: ")
    assert expected in captured.err


@pytest.mark.parametrize(("text", "value"), [("12", 12), ("-3", -3), ("2.5", 2.5), ("1e3", 1000.0),
                                             (str(2**63), 2**63), ("-9.2e18", -9.2e18)])
def test_numbers_that_are_read(text: str, value) -> None:
    assert arguments.number(text) == value and type(arguments.number(text)) is type(value)


@pytest.mark.parametrize(("text", "expected"), [
    ("nan", "expected a finite number"), ("inf", "expected a finite number"), ("-Infinity", "expected a finite"),
    ("1e400", "expected a finite number"), (str(2**63 + 1), "magnitude at most 2^63"), ("1e19", "at most 2^63"),
    (DIGITS_400, "a number of 400 characters; expected at most 40"), ("0x10", "is not a number"),
    ("", "is not a number"),
])
def test_numbers_that_are_refused(text: str, expected: str) -> None:
    with pytest.raises(ArgumentError, match=re.escape(expected)):
        arguments.number(text, "--vary x LO")


@pytest.mark.parametrize(("text", "value"), [("0..0", (0, 0)), ("3..7", (3, 7)), (f"0..{2**31 - 1}", (0, 2**31 - 1))])
def test_tick_ranges(text: str, value) -> None:
    assert arguments.tick_range(text) == value


@pytest.mark.parametrize(("text", "expected"), [("7..3", "is empty"), ("0..", "expected A..B"),
                                                ("-1..3", "expected A..B"), (f"0..{2**31}", "B: '2147483648'"),
                                                (f"0..{DIGITS_400}", "400 characters")])
def test_tick_ranges_refused(text: str, expected: str) -> None:
    with pytest.raises(ArgumentError, match=re.escape(expected)):
        arguments.tick_range(text)


@pytest.mark.parametrize("text", ["0", "-1", "1e-300", "nan", "inf", "100.5", "1e400"])
def test_fps_outside_its_range_is_refused(text: str) -> None:
    with pytest.raises(ArgumentError, match="expected a number from 0.01 to 100"):
        arguments.fps(text)


@pytest.mark.parametrize("text", ["0x10", "10x0", "10", "8193x10", f"{DIGITS_400}x10", "axb", "10x10x10"])
def test_sizes_refused(text: str) -> None:
    with pytest.raises(ArgumentError):
        arguments.frame_size(text)


@pytest.mark.parametrize("text", ["tcp://10.0.0.5:8786", "tls://sched.example.org:8786", "tcp://[::1]:8786",
                                  "inproc://host:1"])
def test_scheduler_addresses(text: str) -> None:
    assert arguments.scheduler(text) == text


@pytest.mark.parametrize("text", ["not a url", "tcp://", "tcp://host", "http://host:8786", "tcp://host:0",
                                  "tcp://host:65536", "tcp://ho st:1", "10.0.0.5:8786"])
def test_scheduler_addresses_refused(text: str) -> None:
    with pytest.raises(ArgumentError, match="expected an address such as tcp://"):
        arguments.scheduler(text)


@pytest.mark.parametrize(("text", "value"), [("1M", 1024**2), ("2g", 2 * 1024**3), ("1.5G", 3 * 1024**3 // 2),
                                             ("1T", 1024**4), ("3000000", 3000000)])
def test_byte_sizes(text: str, value: int) -> None:
    assert arguments.byte_size(text) == value


@pytest.mark.parametrize("text", ["inf", "1e400", "1e308G", "Infinity", "nan", "-1G", "2T", "10", DIGITS_400, "G"])
def test_byte_sizes_refused(text: str) -> None:
    with pytest.raises(ArgumentError, match="expected a size from 1M to 1T"):
        arguments.byte_size(text)


def test_a_sweep_is_limited_to_a_million_runs() -> None:
    assert arguments.sweep_runs([1000, 1000]) == 1_000_000
    with pytest.raises(ArgumentError, match=re.escape("1000 x 1001 = 1,001,000 runs")):
        arguments.sweep_runs([1000, 1001])


@pytest.mark.parametrize(("vary", "expected"), [
    ("scene.seed=0:1:100000000", "COUNT: '100000000'; expected a whole number from 1 to 1000000"),
    (f"scene.seed=0:1:{DIGITS_400}", "COUNT: a number of 400 characters"),
    ("scene.seed=0:1:0", "COUNT: '0'; expected a whole number from 1"),
    ("scene.seed=0:1:2.5", "COUNT: '2.5'"),
    ("scene.seed=nan:1:2", "LO: 'nan'; expected a finite number"),
    ("scene.seed=0:inf:2", "HI: 'inf'; expected a finite number"),
    (f"scene.seed=0:{DIGITS_400}:2", "HI: a number of 400 characters"),
    ("scene.seed=5:1:2", "LO 5 is greater than HI 1"),
])
def test_bad_sweep_ranges_are_one_line(capsys, vary: str, expected: str) -> None:
    argv = ["sweep", FLAT, "--ticks", "3", "--vary", vary, "--measure", "entities[1].pos[0]", "--workers", "1"]
    assert run(argv) == 2
    one_line(capsys, expected)


def test_the_product_of_counts_is_refused_before_any_run(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sweep, "run_variant", pytest.fail)   # no run may start
    argv = ["sweep", FLAT, "--ticks", "3", "--vary", "scene.seed=0:999:1000", "--vary", "scene.seed=0:1000:1001",
            "--measure", "entities[1].pos[0]", "--workers", "1"]
    assert run(argv) == 2
    one_line(capsys, "runs; a sweep makes at most 1,000,000")


@pytest.mark.parametrize(("option", "value", "expected"), [
    ("--scheduler", "not a url", "argument --scheduler: 'not a url'; expected an address such as tcp://"),
    ("--workers", "0", "argument --workers: '0'; expected a whole number from 1 to 256"),
    ("--workers", "100000", "argument --workers"),
    ("--ticks", "-1", "argument --ticks: '-1'"),
    ("--ticks", DIGITS_400, "argument --ticks: a number of 400 characters"),
])
def test_bad_sweep_options_are_one_line(capsys, option: str, value: str, expected: str) -> None:
    argv = ["sweep", CANNON, "--ticks", "3", "--vary", "entities[100].count=1:2:2", "--measure",
            "entities[1].pos[0]", option, value]
    assert run(argv) == 2
    one_line(capsys, expected)


def test_integer_sweeps_are_exact_up_to_a_java_long(capsys) -> None:
    """Seeds near 2^63 are kept exact (a float spacing would round them to multiples of 1024)."""
    hi = 2**63 - 1
    argv = ["sweep", FLAT, "--ticks", "0", "--vary", f"scene.seed={hi - 2}:{hi}:3", "--measure",
            "entities[1].pos[1]", "--workers", "1"]
    assert run(argv) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert [r[0] for r in rows[1:]] == [str(hi - 2), str(hi - 1), str(hi)]


def test_sweep_rows_come_as_the_runs_finish(monkeypatch) -> None:
    """The first rows are there after the first batch of runs, not after all of them; then every row, in order."""
    made: list[int] = []
    real = sweep.run_variant

    def counted(doc, source, ticks, edits, measures, **kw):
        made.append(edits[0][1])
        return real(doc, source, ticks, edits, measures, **kw)

    monkeypatch.setattr(sweep, "run_variant", counted)
    header, rows = sweep.sweep(FLAT, 0, ["scene.seed=1:100:100"], ["entities[1].pos[1]"], workers=1, progress=False)
    assert header == ["scene.seed", "entities[1].pos[1]"] and made == []
    first = next(rows)
    assert first[0] == 1 and len(made) == sweep.RUNS_PER_TASK
    assert [first[0]] + [r[0] for r in rows] == list(range(1, 101)) and made == list(range(1, 101))


@pytest.mark.parametrize(("vary", "expected"), [
    ("entities[100].count=0:inf", "HI: 'inf'; expected a finite number"),
    ("spawns[0].yaw=nan:nan:int", "LO: 'nan'"),
    (f"spawns[0].yaw=0:{DIGITS_400}:int", "HI: a number of 400 characters"),
    ("spawns[0].yaw=0:inf", "HI: 'inf'"),
    ("spawns[0].yaw=-1e308:1e308", "LO: '-1e308'; expected a finite number of magnitude at most 2^63"),
    ("spawns[0].yaw=5:1", "LO 5 is greater than HI 1"),
])
def test_bad_solve_ranges_are_one_line(capsys, vary: str, expected: str) -> None:
    scene = CANNON if vary.startswith("entities") else THROW
    assert run(["solve", scene, "--ticks", "5", "--vary", vary, "--target", "entities[1].pos[0]=10.5"]) == 2
    one_line(capsys, expected)


@pytest.mark.parametrize(("target", "expected"), [("nan", "'nan'"), ("inf", "'inf'"), (DIGITS_400, "400 characters")])
def test_bad_solve_targets_are_one_line(capsys, target: str, expected: str) -> None:
    assert run(["solve", THROW, "--ticks", "5", "--vary", "spawns[0].yaw=0:10",
                "--target", f"entities[1].pos[0]={target}"]) == 2
    one_line(capsys, expected)


@pytest.mark.parametrize(("argv", "expected"), [
    (["render", FLAT, "--ticks", "0..2", "--out", "v.gif", "--fps", "1e-300"], "argument --fps: '1e-300'"),
    (["render", FLAT, "--ticks", "5..2", "--out", "v.gif"], "argument --ticks: '5..2' is empty"),
    (["render", FLAT, "--ticks", f"0..{DIGITS_400}", "--out", "v.gif"], "argument --ticks: B: a number of 400"),
    (["render", FLAT, "--tick", "nan", "--out", "v.png"], "argument --tick: 'nan'"),
    (["render", FLAT, "--tick", "1", "--out", "v.png", "--size", "1e400x10"], "argument --size: '1e400x10' width"),
    (["trace", FLAT, "--ticks", "1e400"], "argument --ticks: '1e400'"),
    (["trace", FLAT, "--ticks", "1", "--entity", DIGITS_400], "argument --entity: a number of 400 characters"),
    (["export", FLAT, "--out", "x.toml", "--tick", "-5"], "argument --tick: '-5'"),
    (["diff", FLAT, "--versions", "1.13,1.16.5", "--ticks", "inf"], "argument --ticks: 'inf'"),
    (["solve", THROW, "--ticks", "5", "--vary", "spawns[0].yaw=0:1", "--target", "entities[1].pos[0]=1",
      "--top", "0"], "argument --top: '0'"),
])
def test_bad_numbers_in_every_command_are_one_line(capsys, tmp_path, monkeypatch, argv, expected) -> None:
    monkeypatch.chdir(tmp_path)   # where an --out given would land: none may be written
    assert run(argv) == 2
    one_line(capsys, expected)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("budget", ["inf", "1e400", "1e308G", "Infinity", "0", "lots"])
def test_a_bad_history_budget_is_refused_before_the_display_check(capsys, monkeypatch, budget: str) -> None:
    """No display here: the budget's error comes first, and alone."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert run(["view", FLAT, "--history-budget", budget]) == 2
    one_line(capsys, f"argument --history-budget: '{budget}'; expected a size from 1M to 1T")
