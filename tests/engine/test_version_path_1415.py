"""Path finding before 1.16.2 (docs/versions.md, `path_finding`): `entity/ai/pathing` compared release by release
down from 1.16.2. 1.16.2-1.16.4 are 1.16.5's path finding (renames, and `isNearPathStartPos` for a brain task that
is not modelled): the bundled path scenes search and walk there as in 1.16.5, on the object path, compiled and
with the JIT off. 1.16-1.16.1 differ by six flags (tests/engine/test_version_path_1616.py), 1.15-1.15.2 by eight
more (tests/engine/test_version_path_1152.py), 1.14.4 by two more (tests/engine/test_version_path_1144.py),
1.14.1-1.14.3 by five more (tests/engine/test_version_path_1143.py), 1.14 by six more
(tests/engine/test_version_path_114.py), 1.13.2 by four more (tests/engine/test_version_path_1132.py); before 1.13.2
path finding is not compared: a mob that searches a path there stops in one line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from engine.core.versions import FEATURES, features_for, parse_version, refusing
from engine.pathfinding import path_finder, walk_kernel
from engine.tick.scene import load_scene_text
from tests.conftest import jit_off_run

SCENES = Path(__file__).resolve().parents[2] / "scenes"
# the bundled scenes of 1.16.5's path finding, and two written for later flags that run in 1.16.5 too
PATH_SCENES = ("zombie_path_around_wall.toml", "zombie_path_through_door.toml", "villager_path_to_bed.toml",
               "zombie_path_avoid_lava.toml", "zombie_path_across_trench.toml",
               "zombie_path_waterlogged_fence_1_17.toml", "zombie_path_successor_order_1_20_5.toml")
SAME_AS_1_16_5 = ("1.16.2", "1.16.3", "1.16.4")
TICKS = 60


def scene_at(scene: str, version: str):
    lines = [line for line in (SCENES / scene).read_text().splitlines() if not line.startswith("version = ")]
    at = lines.index("[scene]") + 1
    return load_scene_text("\n".join([*lines[:at], f'version = "{version}"', *lines[at:]]), scene)


def run(scene: str, version: str, ticks: int = TICKS, kernels: bool | None = None) -> list[str]:
    """The trace lines and events of `ticks` ticks (the path events carry every node of each search)."""
    path_finder.KERNELS = kernels
    try:
        sim = scene_at(scene, version)
        out = []
        for _ in range(ticks):
            record = sim.tick()
            out.append(json.dumps([e.trace_line() for e in sim.entities]) + json.dumps(record.events))
        return out
    finally:
        path_finder.KERNELS = None


@pytest.fixture(scope="module")
def runs_1_16_5() -> dict[str, list[str]]:
    runs = {scene: run(scene, "1.16.5") for scene in PATH_SCENES}
    assert all(any('"kind": "path"' in line for line in lines) for lines in runs.values())   # each one searches
    return runs


def test_path_finding_is_refused_before_1_12_2_and_in_1_13_to_1_13_1() -> None:
    """The table: 1.12.2-1.16.5 simulated (1.12.2-1.15.2 by flags: test_version_path_1122, _1132, _114, _1143,
    _1144, _1152), the releases before 1.12.2 and 1.13-1.13.1 refused (no source)."""
    assert all("path_finding" not in features_for(v).refused
               for v in ("1.13.2", "1.14", "1.14.1", "1.14.3", "1.14.4", "1.15", "1.15.2", "1.16", "1.16.1",
                         *SAME_AS_1_16_5, "1.16.5", "1.12.2"))
    assert "PathFinder and PathNavigate of 1.11-1.12.1 not compared" in refusing(parse_version("1.12.1"),
                                                                               "path_finding").what
    assert "PathFinder and PathNavigate of 1.13-1.13.1" in refusing(parse_version("1.13.1"), "path_finding").what


def test_a_search_of_1_12_2_runs_and_one_of_1_13_1_stops_in_one_line() -> None:
    """The zombie round the wall searches in 1.12.2; in 1.13.1 (no source) the run stops in one line."""
    assert any('"kind": "path"' in line for line in run("zombie_path_around_wall.toml", "1.12.2", 3))
    with pytest.raises(NotImplementedError) as err:
        run("zombie_path_around_wall.toml", "1.13.1", 3)
    text = str(err.value)
    assert "\n" not in text and "of version 1.13.1" in text


def test_1_16_2_to_1_16_4_read_the_same_path_flags_as_1_16_5() -> None:
    """Every feature the search and its kernels read (the `path_*` flags, the world's height) is 1.16.5's, so the
    kernels get the same inputs."""
    read = [name for name in FEATURES if name.startswith(("path_", "world_height", "vec_double"))]
    assert len(read) > 10
    new = dataclasses.asdict(features_for("1.16.5"))
    for v in SAME_AS_1_16_5:
        old = dataclasses.asdict(features_for(v))
        assert {name: old[name] for name in read} == {name: new[name] for name in read}


@pytest.mark.parametrize("version", SAME_AS_1_16_5)
@pytest.mark.parametrize("scene", PATH_SCENES)
def test_1_16_2_to_1_16_4_search_and_walk_as_1_16_5(scene: str, version: str, runs_1_16_5) -> None:
    """Each scene's trace and path events over 60 ticks equal 1.16.5's, bit for bit."""
    assert run(scene, version) == runs_1_16_5[scene]


def test_the_1_16_2_searches_are_the_same_on_arrays_and_as_plain_python(runs_1_16_5) -> None:
    """Three ways at 1.16.2: the object path, the compiled kernels, and the kernels as plain Python (a child with
    the JIT off) give the same villager walk to its bed; the compiled run is 1.16.5's (a neighbour that refuses,
    1.16.1, is the test above)."""
    scene = "villager_path_to_bed.toml"
    on_objects, on_arrays = run(scene, "1.16.2", kernels=False), run(scene, "1.16.2", kernels=True)
    assert on_objects == on_arrays == runs_1_16_5[scene]
    compiled, plain = jit_off_run("tests.engine.test_version_path_1415",
                                  f"run({scene!r}, '1.16.2', kernels=True)")
    assert not compiled and plain == on_arrays


def kernel_searches(monkeypatch, scene: str, version: str) -> int:
    """How many path searches of `scene` (2 ticks, kernels asked for) in `version` reach the walk kernel."""
    calls = []
    real = walk_kernel.find_path

    def counted(*args: object) -> tuple:
        calls.append(1)
        return real(*args)
    monkeypatch.setattr(walk_kernel, "find_path", counted)
    run(scene, version, 2, kernels=True)
    return len(calls)
