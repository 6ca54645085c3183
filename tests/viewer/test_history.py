"""Rewind through the viewer's history: any visited tick comes back exactly, and stepping after a rewind
replays the stored ticks."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR
from viewer.history import BUDGET_ENV, DEFAULT_BUDGET, History, parse_budget


def state(sim) -> list[dict]:
    return [e.trace_line() for e in sim.entities]


def straight_run(scene: Path, ticks: int) -> list[list[dict]]:
    """The state of a fresh simulation of `scene` at tick 0 and after each of `ticks` ticks."""
    reference = load_scene(scene)
    states = [state(reference)]
    for _ in range(ticks):
        reference.tick()
        states.append(state(reference))
    return states


def test_go_to_restores_each_visited_tick_exactly(flat_scene: Path) -> None:
    expected = straight_run(flat_scene, 5)
    sim = load_scene(flat_scene)
    history = History(sim)
    for _ in range(5):
        history.step()
    for tick in (2, 0, 5, 3, 4, 1):
        history.go_to(tick)
        assert sim.tick_count == tick
        assert state(sim) == expected[tick]
    history.go_to(2)
    history.step()
    assert sim.tick_count == 3 and state(sim) == expected[3]


def test_going_past_the_last_tick_simulates_forward(flat_scene: Path) -> None:
    sim = load_scene(flat_scene)
    history = History(sim)
    history.go_to(4)
    assert sim.tick_count == 4 and state(sim) == straight_run(flat_scene, 4)[-1]
    history.go_to(-3)
    assert sim.tick_count == 0


SCENES = sorted(SCENES_DIR.glob("*.toml"))


@pytest.mark.parametrize("scene", SCENES, ids=[p.stem for p in SCENES])
def test_every_bundled_scene_rewinds_exactly_from_compact_keyframes(scene: Path) -> None:
    """Keyframes are pickled and compressed; any tick re-derived from them equals a straight run, with its trace
    record re-derived when the simulation traces."""
    expected = straight_run(scene, 12)
    sim = load_scene(scene)
    sim.trace_enabled = True
    history = History(sim)
    history.go_to(12)
    for tick in (5, 0, 12, 1, 7):
        history.go_to(tick)
        assert state(sim) == expected[tick]
        assert (sim.last_record is not None) == (tick > 0)
        assert list(history.states[tick]) == [e.id for e in sim.entities]
        assert history.states[tick][sim.entities[0].id]["pos"] == list(sim.entities[0].pos) if sim.entities else True
    assert all(isinstance(dict.__getitem__(history.snapshots, t), bytes) for t in history.snapshots)


def test_the_budget_thins_keyframes_and_states_and_is_never_exceeded(flat_scene: Path) -> None:
    """A 100 kB budget: the history stays under it while 300 ticks are played, and every tick still comes back."""
    reference = load_scene(flat_scene)
    expected = [state(reference)] + [state(reference) for _ in range(300) if reference.tick()]
    sim = load_scene(flat_scene)
    history = History(sim, budget=100_000)
    for _ in range(300):
        history.step()
        assert history.memory() <= 100_000
    assert history.interval > 1 and len(history.snapshots) < 300
    for tick in (299, 3, 150, 0, 300):
        history.go_to(tick)
        assert state(sim) == expected[tick]


def test_snapshots_of_any_tick_restore_it(flat_scene: Path) -> None:
    """`snapshots[t]` (what the viewer restores after a failed tick) is there for ticks between keyframes too."""
    sim = load_scene(flat_scene)
    history = History(sim, budget=parse_budget("1M"))
    history.go_to(40)
    expected = state(sim)
    history.go_to(3)
    sim.restore(history.snapshots[40])
    assert sim.tick_count == 40 and state(sim) == expected


@pytest.mark.parametrize("text, value", [("2G", 2 * 1024**3), ("512M", 512 * 1024**2), ("3000000", 3000000),
                                         ("", None), ("lots", None), ("10", None)])
def test_budget_texts(text: str, value: int | None) -> None:
    assert parse_budget(text) == value


def test_the_budget_comes_from_the_environment(monkeypatch, flat_scene: Path) -> None:
    monkeypatch.setenv(BUDGET_ENV, "64M")
    assert History(load_scene(flat_scene)).budget == 64 * 1024**2
    monkeypatch.delenv(BUDGET_ENV)
    assert History(load_scene(flat_scene)).budget == DEFAULT_BUDGET


def test_a_bad_history_budget_is_one_line(capsys) -> None:
    from viewer.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["view", "scene.toml", "--history-budget", "lots"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--history-budget" in err


def test_packed_states_read_back_as_the_engine_wrote_them() -> None:
    """Packed columns give back every value with its type (bools, ints, None, -0.0, nested boxes), tick by tick
    as a straight run's `entity_states`; a resting TNT's unchanged columns are shared, so its tick costs little."""
    from tests.conftest import build_scene
    from viewer.history import entity_states
    tables = {"blocks": [{"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}],
              "entities": [{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 200},
                           {"type": "item", "pos": [1.5, 3.0, 0.5], "motion": [-0.0, 0.1, 0.0]},
                           {"type": "arrow", "pos": [-1.5, 4.0, 0.5], "motion": [0.2, 0.0, -0.0]}]}
    reference = build_scene(**tables)
    expected = [repr(entity_states(reference))] + [repr(entity_states(reference)) for _ in range(30)
                                                  if reference.tick()]
    sim = build_scene(**tables)
    history = History(sim)
    for _ in range(30):
        history.step()
    assert [repr(dict(history.states[t])) for t in range(31)] == expected
    assert [repr(dict(history.states[t].items())) for t in range(31)] == expected
    # values(), all rows at once (what a frame draws), in update order
    assert [repr(dict(zip(history.states[t], history.states[t].values(), strict=True))) for t in range(31)] == expected
    late = [history.states[t].nbytes for t in range(25, 31)]
    assert max(late) < 2_000, late


def test_stepping_into_an_edited_tick_goes_on_from_the_edited_state(flat_scene: Path) -> None:
    """A block placed after tick 8, the run rewound to tick 7: stepping (play) into tick 8 shows the block, as
    jumping there does, and tick 8 keeps its own trace record."""
    from viewer import editing

    history = History(load_scene(flat_scene))
    sim = history.sim
    for _ in range(8):
        history.step()
    history.edit(editing.set_block((3, 5, 3), editing.parse_block("minecraft:gold_block")[0]).change)
    for _ in range(4):
        history.step()
    history.go_to(7)
    assert sim.world.get_block_state(3, 5, 3).is_air
    history.step()
    assert sim.tick_count == 8 and sim.world.get_block_state(3, 5, 3).block == "gold_block"
    assert sim.last_record is not None and sim.last_record.tick == 8
    history.step()
    assert sim.world.get_block_state(3, 5, 3).block == "gold_block"
