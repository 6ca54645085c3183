"""Figures N1-N4 of spec 09 (seed 001, path finding) reproduced by running scenes, and the search recorded as
stage geometry (`path_closed` in expansion order with f, g, h and type; `path_open`; `path_node`;
`path_segment`). Expected values come from the rules, not from runs."""

from __future__ import annotations

import math

import pytest

from engine.java.javanum import f32
from tests.conftest import build_scene, run_lines

FLOOR = {"from": [-12, 0, -12], "to": [24, 0, 12], "block": "minecraft:stone"}
STILL = [0.0, -0.0784000015258789, 0.0]
# a target walled in on all sides, near the start of a wide field: no search can reach it
BIG_FLOOR = {"from": [-40, 0, -40], "to": [40, 0, 40], "block": "minecraft:stone"}
CAGE = [{"from": [5, 1, -1], "to": [7, 3, 1], "block": "minecraft:stone_bricks"},
        {"at": [6, 1, 0], "block": "minecraft:air"}, {"at": [6, 2, 0], "block": "minecraft:air"}]


def mob(kind: str, goal: list[float], pos=(0.5, 1.0, 0.5), **extra) -> dict:
    return {"type": kind, "id": 1, "pos": list(pos), "motion": STILL, "on_ground": True,
            "path_to": {"pos": goal}, **extra}


def traced_search(kind: str, goal: list[float], blocks: list, floor: dict = FLOOR) -> tuple[dict, list[dict]]:
    sim = build_scene(blocks=[floor, *blocks], entities=[mob(kind, goal)])
    sim.trace_enabled = True
    record = sim.tick()
    (event,) = [e for e in record.events if e["kind"] == "path"]
    geometry = [g for s in record.stages_of(1) for st in s.walk() if st.name == "path_search" for g in st.geometry]
    return event, geometry


@pytest.mark.parametrize("kind, expected", [("minecraft:zombie", f32(0.45)), ("minecraft:villager", f32(0.45)),
                                            ("minecraft:iron_golem", f32(0.7))])
def test_n1_node_reached_threshold(kind: str, expected: float) -> None:
    """N1: 0.75F − width/2 for a mob at most 0.75 wide (zombie 0.6 → 0.45F), width/2 above (golem 1.4 → 0.7F)."""
    sim = build_scene(blocks=[FLOOR], entities=[mob(kind, [8.5, 1.0, 0.5])])
    sim.tick()
    assert sim.entity_by_id(1).navigation.node_reach_proximity == expected


@pytest.mark.parametrize("height, reached", [(3, True), (4, False)])
def test_n2_villager_refuses_a_drop_of_four(height: int, reached: bool) -> None:
    """N2: without a target the safe fall distance is 3; a villager on a pillar paths down a 3-block drop but not
    a 4-block one (the fall search returns a BLOCKED node at the fourth block)."""
    pillar = {"from": [0, 1, 0], "to": [0, height, 0], "block": "minecraft:stone"}
    sim = build_scene(blocks=[FLOOR, pillar],
                      entities=[mob("minecraft:villager", [3.5, 1.0, 0.5], pos=(0.5, height + 1.0, 0.5))])
    (event,) = [e for e in sim.tick().events if e["kind"] == "path"]
    assert event["reached"] is reached
    assert (event["nodes"][-1][1] == 1) is reached


def test_n3_heuristic_is_one_and_a_half_times_the_distance() -> None:
    """N3: every expanded node but the start has h = 1.5F × its Euclidean distance to the target (float
    arithmetic); the start's h is the plain distance."""
    event, geometry = traced_search("minecraft:zombie", [8.5, 1.0, 0.5],
                                    [{"from": [4, 1, -3], "to": [4, 2, 3], "block": "minecraft:stone_bricks"}])
    closed = [g for g in geometry if g["role"] == "path_closed"]
    tx, ty, tz = event["target"]

    def dist(p: list[int]) -> float:
        return f32(math.sqrt(f32(f32(f32((tx - p[0]) ** 2) + f32((ty - p[1]) ** 2)) + f32((tz - p[2]) ** 2))))

    assert closed[0]["pos"] == [0, 1, 0] and closed[0]["h"] == dist([0, 1, 0]) and closed[0]["g"] == 0.0
    assert len(closed) > 10
    for g in closed[1:]:
        assert g["h"] == f32(dist(g["pos"]) * f32(1.5))
        assert g["f"] == f32(g["g"] + g["h"])


def test_n4_node_budget_is_sixteen_times_the_follow_range() -> None:
    """N4: the budget is floor(16 × follow range) = 768 for a villager (follow range 48); the loop counts before
    it pops, so an unreachable target stops the search after 767 expansions, with a partial path to the node
    nearest the target."""
    event, geometry = traced_search("minecraft:villager", [6.5, 1.0, 0.5], CAGE, BIG_FLOOR)
    assert event["visited"] == 16 * 48
    assert len([g for g in geometry if g["role"] == "path_closed"]) == 16 * 48 - 1
    assert not event["reached"] and event["dist_to_target"] == 2.0


def test_n4_walked_distance_ends_a_zombie_search_before_its_budget() -> None:
    """1.16.5 writes a successor's walked distance (`PathNode.pathLength`) before testing whether the new cost is
    better, so a node keeps the walk of its last visitor; nodes whose walk reaches the follow range are not
    queued. On an open field the zombie's search (range 35, budget 560) empties its heap first."""
    event, _ = traced_search("minecraft:zombie", [6.5, 1.0, 0.5], CAGE, BIG_FLOOR)
    assert 0 < event["visited"] < 16 * 35


def test_search_geometry_orders_the_expansions_and_draws_the_path() -> None:
    event, geometry = traced_search("minecraft:zombie", [8.5, 1.0, 0.5],
                                    [{"from": [4, 1, -3], "to": [4, 2, 3], "block": "minecraft:stone_bricks"}])
    roles = {g["role"] for g in geometry}
    assert {"path_closed", "path_open", "path_node", "path_segment"} <= roles
    closed = [g for g in geometry if g["role"] == "path_closed"]
    assert [g["order"] for g in closed] == list(range(len(closed))) == list(range(event["visited"]))[:len(closed)]
    assert [g["pos"] for g in geometry if g["role"] == "path_node"] == event["nodes"]
    assert len([g for g in geometry if g["role"] == "path_segment"]) == len(event["nodes"]) - 1
    assert all(g["type"] in ("WALKABLE", "OPEN") for g in closed)


def test_tracing_does_not_change_the_walk() -> None:
    """Recording the search (tracing on) gives bit-identical trace lines."""
    def lines(trace: bool) -> list[str]:
        sim = build_scene(blocks=[FLOOR, {"from": [4, 1, -3], "to": [4, 2, 3], "block": "minecraft:stone_bricks"}],
                          entities=[mob("minecraft:zombie", [8.5, 1.0, 0.5])])
        sim.trace_enabled = trace
        return run_lines(sim, 80)
    assert lines(True) == lines(False)


def test_open_set_can_be_replayed_step_by_step() -> None:
    """Every recorded node carries `opened`, the step at which it entered the open set: each expanded node was
    opened before it was expanded, the start at step 0, and the open set left at the end is what remains."""
    _, geometry = traced_search("minecraft:zombie", [8.5, 1.0, 0.5],
                                [{"from": [4, 1, -3], "to": [4, 2, 3], "block": "minecraft:stone_bricks"}])
    closed = [g for g in geometry if g["role"] == "path_closed"]
    still_open = [g for g in geometry if g["role"] == "path_open"]
    assert closed[0]["opened"] == 0
    assert all(g["opened"] <= g["order"] for g in closed)
    assert all(0 < g["opened"] <= len(closed) for g in still_open)
    assert not {tuple(g["pos"]) for g in closed} & {tuple(g["pos"]) for g in still_open}


def test_searches_sharing_cell_types_find_what_a_lone_search_finds() -> None:
    """Cell types are shared between searches in an unchanged world: the second of two zombies at the same spot
    records exactly the search of a zombie alone, and a search after a block change sees the new block."""
    wall = {"from": [4, 1, -3], "to": [4, 2, 3], "block": "minecraft:stone_bricks"}

    def events(count: int, extra: list) -> list[dict]:
        sim = build_scene(blocks=[FLOOR, wall, *extra],
                          entities=[mob("minecraft:zombie", [8.5, 1.0, 0.5]) | {"id": i + 1} for i in range(count)])
        return [e for e in sim.tick().events if e["kind"] == "path"]

    alone = events(1, [])
    pair = events(2, [])
    assert pair[0] | {"entity": 1} == pair[1] | {"entity": 1} == alone[0]
    blocked = events(1, [{"from": [4, 1, -6], "to": [4, 2, -4], "block": "minecraft:stone_bricks"}])
    assert blocked[0]["nodes"] != alone[0]["nodes"]
