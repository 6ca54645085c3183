"""Rewind through the viewer's history: any visited tick comes back exactly, and stepping after a rewind
replays the stored ticks."""

from __future__ import annotations

from pathlib import Path

from engine.tick.scene import load_scene
from viewer.history import History


def state(sim) -> list[dict]:
    return [e.trace_line() for e in sim.entities]


def test_go_to_restores_each_visited_tick_exactly(flat_scene: Path) -> None:
    reference = load_scene(flat_scene)
    expected = [state(reference)]
    for _ in range(5):
        reference.tick()
        expected.append(state(reference))

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
    reference = load_scene(flat_scene)
    for _ in range(4):
        reference.tick()
    assert sim.tick_count == 4 and state(sim) == state(reference)
    history.go_to(-3)
    assert sim.tick_count == 0
