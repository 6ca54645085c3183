"""The navigation stage records the path still to walk (`path_current` segments) every tick a mob follows a path,
so a viewer stepping tick by tick keeps the path drawn; recording it changes nothing (tracing on/off gives
bit-identical trace lines). Scenes: the repository's path-finding scenes, through the loader."""

from __future__ import annotations

import pytest

from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import run_lines

PATH_SCENES = ["zombie_path_around_wall", "villager_path_to_bed", "zombie_path_avoid_lava"]
WALK_TICKS = 120


def current_path(record) -> list[dict]:
    return [g for s in record.stages_of(1) for st in s.walk() if st.name == "navigation" for g in st.geometry]


@pytest.mark.parametrize("name", PATH_SCENES)
def test_tracing_the_current_path_keeps_the_walk_bit_identical(name: str) -> None:
    def lines(trace: bool) -> list[str]:
        sim = load_scene(SCENES / f"{name}.toml")
        sim.trace_enabled = trace
        return run_lines(sim, WALK_TICKS)
    assert lines(True) == lines(False)


def test_current_path_follows_the_walk_to_the_end_of_the_path() -> None:
    """Tick 1 draws the whole chosen path (the search's `path_segment`s); as the zombie passes nodes the drawn
    path starts later, always ending at the path's end, until the path is finished and nothing is drawn."""
    sim = load_scene(SCENES / "zombie_path_around_wall.toml")
    sim.trace_enabled = True
    record = sim.tick()
    chosen = [(g["a"], g["b"]) for s in record.stages_of(1) for st in s.walk() if st.name == "path_search"
              for g in st.geometry if g["role"] == "path_segment"]
    first = current_path(record)
    assert [(g["a"], g["b"]) for g in first] == chosen and {g["role"] for g in first} == {"path_current"}
    starts, end = [first[0]["node"]], first[-1]["b"]
    for _ in range(WALK_TICKS):
        drawn = current_path(sim.tick())
        if not drawn:
            break
        assert drawn[-1]["b"] == end
        assert [g["node"] for g in drawn] == list(range(drawn[0]["node"], drawn[0]["node"] + len(drawn)))
        starts.append(drawn[0]["node"])
    else:
        pytest.fail(f"the zombie still follows its path after {WALK_TICKS} ticks")
    assert starts == sorted(starts) and starts[-1] > starts[0]
    assert sim.entity_by_id(1).navigation.is_idle()
