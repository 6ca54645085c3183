"""`tickscope sweep` through the CLI: every combination, CSV, local processes or a Dask cluster, bad input."""

import csv
import io

import pytest

from engine.tick.scene import load_scene
from viewer.cli import main

CANNON = "scenes/pearl_cannon.toml"


def _sweep(capsys, *args):
    assert main(["sweep", CANNON, "--ticks", "3", *args]) == 0
    return list(csv.reader(io.StringIO(capsys.readouterr().out)))


def _traced(count: int, ticks: int) -> list[float]:
    """The pearl's position after `ticks` in the scene with `count` TNT, by the public loader."""
    text = open(CANNON).read().replace("count = 12", f"count = {count}")
    path = f"/tmp/pearl_cannon_{count}.toml"
    with open(path, "w") as f:
        f.write(text)
    sim = load_scene(path)
    for _ in range(ticks):
        sim.tick()
    return list(sim.entity_by_id(1).pos)


def test_every_combination_matches_single_runs(capsys):
    rows = _sweep(capsys, "--vary", "entities[100].count=2:6:3", "--vary", "entities[1].pos[2]=0.5:1.5:2",
                  "--measure", "entities[1].pos[0]", "--measure", "entities[1].motion[0]", "--workers", "1")
    assert rows[0] == ["entities[100].count", "entities[1].pos[2]", "entities[1].pos[0]", "entities[1].motion[0]"]
    assert [r[:2] for r in rows[1:]] == [[c, z] for c in ("2", "4", "6") for z in ("0.5", "1.5")]
    for row in rows[1:]:
        if row[1] == "0.5":
            assert float(row[2]) == _traced(int(row[0]), 3)[0]     # bit for bit (repr round trip)


def test_local_processes_give_the_same_rows(capsys):
    args = ["--vary", "entities[100].count=1:8:8", "--measure", "entities[1].pos[0]"]
    assert _sweep(capsys, *args, "--workers", "2") == _sweep(capsys, *args, "--workers", "1")


def test_dask_cluster(capsys):
    """A small LocalCluster on 127.0.0.1 (one worker thread) stands in for a remote scheduler."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        args = ["--vary", "entities[100].count=1:4:4", "--measure", "entities[1].pos[0]"]
        remote = _sweep(capsys, *args, "--scheduler", cluster.scheduler_address)
    assert remote == _sweep(capsys, *args, "--workers", "1")


def test_csv_file_out(capsys, tmp_path):
    out = tmp_path / "sweep.csv"
    assert main(["sweep", CANNON, "--ticks", "2", "--vary", "scene.seed=1:3:3", "--measure",
                 "entities[1].pos[0]", "--workers", "1", "--out", str(out)]) == 0
    rows = list(csv.reader(out.open()))
    assert len(rows) == 4 and [r[0] for r in rows[1:]] == ["1", "2", "3"]


@pytest.mark.parametrize(("args", "expected"), [
    (["--vary", "entities[7].count=1:2:2", "--measure", "entities[1].pos[0]"], "no [[entities]] entry has id 7"),
    (["--vary", "entities[100].count=5:2:2", "--measure", "entities[1].pos[0]"], "LO 5 is greater than HI 2"),
    (["--vary", "entities[100].count=1:2:3", "--measure", "entities[1].pos[0]"], "gives fractions"),
    (["--vary", "entities[100].nothing=1:2:2", "--measure", "entities[1].pos[0]"], "has no key 'nothing'"),
    (["--vary", "entities[100].count=1:2", "--measure", "entities[1].pos[0]"], "PATH=LO:HI:COUNT"),
    (["--vary", "entities[100].count=1:2:2", "--measure", "entities[1].colour"], "does not trace 'colour'"),
    (["--vary", "entities[100].count=1:2:2", "--measure", "scene.seed"], "traced entity values"),
    (["--vary", "entities[100].count=1:2:2", "--measure", "entities[1].pos"], "not a number"),
    (["--vary", "entities[100].count=1:2:2", "--measure", "entities[1].pos[0]", "--scheduler",
      "tcp://127.0.0.1:9"], "cannot connect"),
])
def test_bad_input_is_one_line_exit_2(capsys, args, expected):
    assert main(["sweep", CANNON, "--ticks", "2", "--workers", "1", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and expected in err[0]


SWEEP_PEARL = ["sweep", "--vary", "entities[1].pos[0]=0:1:2", "--measure", "entities[1].pos[1]"]


@pytest.mark.parametrize("command", [[*SWEEP_PEARL, "--workers", "1"], SWEEP_PEARL,
                                     ["solve", "--vary", "entities[1].pos[0]=0:1", "--target", "entities[1].pos[1]=1"]])
def test_a_refused_run_prints_only_its_one_line(capsys, tmp_path, command):
    """1.13.1's TNT tick is refused (docs/versions.md): the first run stops there, and stdout stays empty (no CSV
    header before the refusal), in this process or in worker processes."""
    scene = tmp_path / "refused.toml"
    scene.write_text('[scene]\nversion = "1.13.1"\n\n[[entities]]\ntype = "minecraft:tnt"\nid = 1\n'
                     "pos = [0.5, 1.0, 0.5]\n")
    assert main([command[0], str(scene), "--ticks", "3", *command[1:]]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "the TNT tick" in err and "1.13.1" in err
