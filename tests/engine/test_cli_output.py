"""Files the commands write (engine/core/atomic_file.py, ../shared/data/reliability2/datasafety_export.sh): the
mode a plain open() gives (the umask for a new file, the old mode for one written over), a read-only file refused,
a symbolic link written through, no temporary file left; a sweep's CSV written whole or not at all; and every
command silent on stderr when it succeeds."""

from __future__ import annotations

import csv
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine.analysis import sweep
from engine.core.atomic_file import replaced_atomically, write_atomic
from viewer.cli import main

REPO = Path(__file__).resolve().parents[2]
FLAT = str(REPO / "scenes" / "tnt_flat_ground.toml")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("umask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
@pytest.mark.parametrize("suffix", [".litematic", ".schem", ".nbt", ".toml"])
def test_an_exported_file_has_the_users_umask(tmp_path: Path, capsys, umask: int, expected: int, suffix) -> None:
    out = tmp_path / f"x{suffix}"
    old = os.umask(umask)
    try:
        assert main(["export", FLAT, "--out", str(out)]) == 0
    finally:
        os.umask(old)
    assert mode(out) == expected and capsys.readouterr().err == ""
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_a_file_written_over_keeps_its_mode(tmp_path: Path) -> None:
    out = tmp_path / "x.toml"
    out.write_text("# old\n")
    out.chmod(0o640)
    assert main(["export", FLAT, "--out", str(out)]) == 0
    assert mode(out) == 0o640 and "[scene]" in out.read_text()


def test_a_read_only_file_is_refused_and_kept(tmp_path: Path, capsys) -> None:
    out = tmp_path / "t.litematic"
    out.write_bytes(b"precious")
    out.chmod(0o444)
    assert main(["export", FLAT, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"tickscope: {out}: cannot write: the file is read-only\n"
    assert out.read_bytes() == b"precious" and mode(out) == 0o444
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    """As open() does: the file the link names gets the scene, and the link stays a link."""
    real, link = tmp_path / "real.toml", tmp_path / "link.toml"
    real.write_text("# real\n")
    real.chmod(0o600)
    link.symlink_to(real)
    assert main(["export", FLAT, "--out", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert "[scene]" in real.read_text() and mode(real) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.toml", "real.toml"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    out = tmp_path / "x.bin"
    out.write_bytes(b"old")
    with pytest.raises(RuntimeError), replaced_atomically(out) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("killed")
    assert out.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["x.bin"]
    write_atomic(out, b"new")
    assert out.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["x.bin"]


def test_a_sweep_csv_that_fails_midway_leaves_the_old_file(tmp_path: Path, capsys, monkeypatch) -> None:
    """Rows are written as the runs finish, into a temporary file that replaces --out only once complete."""
    out = tmp_path / "s.csv"
    out.write_text("old\n")
    real = sweep.run_variant

    def fails_at_seed_40(doc, source, ticks, edits, measures, **kw):
        if edits[0][1] == 40:
            raise sweep.PathError("run 40 failed")
        return real(doc, source, ticks, edits, measures, **kw)

    monkeypatch.setattr(sweep, "run_variant", fails_at_seed_40)
    argv = ["sweep", FLAT, "--ticks", "0", "--vary", "scene.seed=1:50:50", "--measure", "entities[1].pos[1]",
            "--workers", "1", "--out", str(out)]
    assert main(argv) == 2
    assert capsys.readouterr().err == "tickscope: run 40 failed\n"
    assert out.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["s.csv"]
    monkeypatch.setattr(sweep, "run_variant", real)
    assert main(argv) == 0
    rows = list(csv.reader(out.open()))
    assert len(rows) == 51 and [int(r[0]) for r in rows[1:]] == list(range(1, 51))


@pytest.mark.parametrize("argv", [
    ["trace", FLAT, "--ticks", "3", "--stages"],
    ["export", FLAT, "--out", "{tmp}/x.litematic", "--tick", "2"],
    ["sweep", FLAT, "--ticks", "2", "--vary", "scene.seed=1:8:8", "--measure", "entities[1].pos[0]", "--workers", "2"],
    ["sweep", FLAT, "--ticks", "2", "--vary", "scene.seed=1:2:2", "--measure", "entities[1].pos[0]", "--out",
     "{tmp}/s.csv"],
    ["solve", "scenes/pearl_throw_target.toml", "--ticks", "5", "--vary", "spawns[0].yaw=-60:60",
     "--target", "entities[1].pos[0]=10.5"],
    ["diff", "scenes/axis_order_corner.toml", "--versions", "1.16.5,1.17", "--ticks", "5"],
])
def test_a_command_that_succeeds_says_nothing_on_stderr(tmp_path: Path, argv: list[str]) -> None:
    """Run as a user runs it, stderr not a terminal: no progress bar, no library warning."""
    argv = [a.format(tmp=tmp_path) for a in argv]
    done = subprocess.run([sys.executable, "-m", "viewer.cli", *argv], cwd=REPO, capture_output=True, text=True,
                          timeout=300)
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_sweep_whose_reader_stops_ends_quietly(workers: str) -> None:
    """`tickscope sweep … | head -2`: the rows stream, and a closed pipe ends the sweep with status 0."""
    proc = subprocess.Popen([sys.executable, "-m", "viewer.cli", "sweep", FLAT, "--ticks", "1", "--vary",
                             "scene.seed=1:3000:3000", "--measure", "entities[1].pos[0]", "--workers", workers],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline() == b"scene.seed,entities[1].pos[0]\n"
    assert proc.stdout.readline().startswith(b"1,")
    proc.stdout.close()
    assert proc.wait(timeout=120) == 0 and proc.stderr.read() == b""
    proc.stderr.close()


def test_an_output_under_a_file_or_onto_a_folder_is_one_line(tmp_path: Path, capsys) -> None:
    (tmp_path / "plain").write_text("x")
    assert main(["export", FLAT, "--out", str(tmp_path / "plain" / "x.toml")]) == 2
    assert capsys.readouterr().err == (f"tickscope: --out {tmp_path}/plain/x.toml: cannot write: the folder "
                                       f"{tmp_path}/plain is not a folder\n")
    (tmp_path / "d.toml").mkdir()
    assert main(["export", FLAT, "--out", str(tmp_path / "d.toml")]) == 2
    assert capsys.readouterr().err == f"tickscope: --out {tmp_path}/d.toml: is a folder; expected a file name\n"


KILLED_WRITER = """
import sys, time
from pathlib import Path
from engine.core.atomic_file import replaced_atomically
with replaced_atomically(Path(sys.argv[1])) as tmp:
    with open(tmp, "wb") as f:
        f.write(b"half")
        f.flush()
        print(tmp.name, flush=True)
        time.sleep(600)
"""


def test_a_temporary_left_by_a_killed_writer_is_removed_by_the_next_write(tmp_path: Path) -> None:
    """A writer killed with SIGKILL mid-write leaves its temporary; the next write of the same target removes it and
    keeps what is not its own: a live writer's temporary, another target's, and a file that only looks alike."""
    out = tmp_path / "scene.toml"
    out.write_bytes(b"old")
    child = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(out)], cwd=REPO, stdout=subprocess.PIPE,
                             text=True)
    try:
        stale = child.stdout.readline().strip()
    finally:
        child.kill()
        child.wait(timeout=60)
    assert child.returncode == -9 and (tmp_path / stale).read_bytes() == b"half"
    live = f".scene.toml.{os.getpid()}.0123abcd.tmp"
    others = [live, f".other.toml.{child.pid}.0123abcd.tmp", f".scene.toml.{child.pid}.tmp", "scene.toml.tmp"]
    for name in others:
        (tmp_path / name).write_bytes(b"keep")
    write_atomic(out, b"new")
    assert out.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["scene.toml", *others])
