"""Following paths (spec 07 §7.1): the bundled path scenes walked tick by tick, recomputation when a block on
the path changes, the stuck check, and bad `path_to` input (one line, exit status 2)."""

from __future__ import annotations

import pytest

from engine.java.javanum import f32
from engine.tick.scene import SceneError, load_scene
from tests.conftest import SCENES_DIR, build_scene, run_lines
from viewer.cli import main

FLOOR = {"from": [-12, 0, -12], "to": [24, 0, 12], "block": "minecraft:stone"}
STILL = [0.0, -0.0784000015258789, 0.0]


def walk(name: str, ticks: int = 200):
    sim = load_scene(SCENES_DIR / f"{name}.toml")
    mob = sim.entity_by_id(1)
    events, ys = [], []
    for _ in range(ticks):
        events += [e for e in sim.tick().events if e["kind"] == "path"]
        ys.append(mob.motion.y)
    return sim, mob, events, ys


def near_last_node(mob, event) -> bool:
    """The path is finished: the mob stands within the node-reach proximity of its last node's centre."""
    x, y, z = event["nodes"][-1]
    p = mob.navigation.node_reach_proximity
    return abs(mob.pos.x - (x + 0.5)) < p and abs(mob.pos.z - (z + 0.5)) < p and abs(mob.pos.y - y) < 1.0


@pytest.mark.parametrize("name", ["zombie_path_around_wall", "zombie_path_avoid_lava", "zombie_path_through_door",
                                  "zombie_path_across_trench", "villager_path_to_bed"])
def test_bundled_path_scenes_reach_their_targets(name: str) -> None:
    """A search at tick 1, a reached path, and the mob walks it to its end (the navigation goes idle). A path
    with reach distance 1 may end beside the target cell; standing there, more than 1 m from the cell's centre,
    the `path_to` goal (MoveToTargetPosGoal) asks again every 40 ticks and the search from there ends where the
    mob stands (or, asked while the mob is in the air, is refused: see the trench)."""
    _, mob, events, _ = walk(name)
    event = events[0]
    assert event["reached"]
    assert mob.navigation.is_idle() and near_last_node(mob, event) and mob.on_ground
    assert all("reason" in e or e["nodes"][-1] == event["nodes"][-1] for e in events[1:])
    assert len(events) == 1 or events[-1]["nodes"] == [event["nodes"][-1]]


def test_a_request_made_in_the_air_drops_the_path_until_the_next_one() -> None:
    """The goal's request of tick 40 finds the zombie falling into the trench: `findPathTo` refuses (not at a
    valid position) and `startMovingAlong(null)` drops the path, as vanilla's goal does; the zombie waits in the
    trench until the request of tick 80 finds the rest of the way."""
    sim = load_scene(SCENES_DIR / "zombie_path_across_trench.toml")
    mob = sim.entity_by_id(1)
    by_tick = {}
    for _ in range(120):
        record = sim.tick()
        for e in record.events:
            if e["kind"] == "path":
                by_tick[record.tick] = e
        if record.tick == 79:
            assert mob.navigation.current_path is None and mob.pos.x == 4.699999988079071
    assert sorted(by_tick) == [1, 40, 80, 120]
    assert by_tick[40]["nodes"] == [] and not by_tick[40]["reached"] and "valid position" in by_tick[40]["reason"]
    assert by_tick[80]["nodes"][0] == [4, 1, 0] and by_tick[80]["reached"]


def test_door_scene_passes_through_the_door_cell() -> None:
    _, _, (event, *_), _ = walk("zombie_path_through_door")
    assert [4, 1, 3] in event["nodes"]


def test_trench_is_crossed_with_a_jump() -> None:
    """The path goes down into the trench and up again; climbing out takes a jump (Y Motion 0.42F, then
    gravity and drag in the same tick)."""
    _, mob, (event, *_), ys = walk("zombie_path_across_trench")
    assert [4, 1, 0] in event["nodes"] and event["nodes"][-1][1] == 2
    assert (f32(0.42) - 0.08) * f32(0.98) in ys
    assert mob.pos.y == 2.0


def test_villager_ends_on_the_bed() -> None:
    """The bed (WOOL, a solid material) moves the target up to y = 2; the path ends on the foot of the bed, whose
    top is 0.5625: its node is the cell above (BedBlock.canPathfindThrough is false, so the bed's cell is
    BLOCKED and the one above WALKABLE)."""
    _, mob, (event,), _ = walk("villager_path_to_bed")
    assert event["target"] == [8, 2, 0] and event["nodes"][-1] == [8, 2, 0]
    assert mob.pos.y == 1.5625


def test_a_block_placed_on_the_path_makes_the_mob_search_again() -> None:
    """`onBlockChanged`: a collision shape changing near the rest of the path recomputes it at once (more than
    20 ticks after the last search); the new path avoids the block. The second block, placed in the same tick,
    finds the navigation within 20 ticks of that search: it waits (`shouldRecalculate`) and searches again in
    the first tick more than 20 after, tick 46."""
    sim = build_scene(blocks=[FLOOR], entities=[{
        "type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True,
        "path_to": {"pos": [12.5, 1.0, 0.5]}}],
        actions=[{"tick": 25, "do": "set_block", "at": [9, 1, 0], "block": "minecraft:stone"},
                 {"tick": 25, "do": "set_block", "at": [9, 2, 0], "block": "minecraft:stone"}])
    by_tick = {}
    for _ in range(80):
        record = sim.tick()
        for e in record.events:
            if e["kind"] == "path":
                by_tick[record.tick] = e
    assert sorted(by_tick) == [1, 25, 46]
    assert [9, 1, 0] in by_tick[1]["nodes"] and [9, 1, 0] not in by_tick[25]["nodes"]
    assert by_tick[25]["reached"]


def test_a_mob_that_does_not_move_gives_up_after_100_ticks() -> None:
    """`checkTimeouts`: with speed factor 0 the zombie stays put; 100 ticks after the path started, having moved
    less than 1.5, it stops the path. The `path_to` goal's request every 40 ticks (MoveToTargetPosGoal) restarts
    that clock (`startMovingAlong` sets `pathStartTime`), so the check fires only once nothing asks again: here
    the goal is withdrawn after its first tick."""
    def stalled(withdraw: bool):
        sim = build_scene(blocks=[FLOOR], entities=[{
            "type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True,
            "path_to": {"pos": [12.5, 1.0, 0.5], "speed": 0.0}}])
        sim.tick()
        if withdraw:
            sim.entity_by_id(1).path_to = None
        return sim, sim.entity_by_id(1).navigation

    sim, nav = stalled(withdraw=True)
    for _ in range(99):
        sim.tick()
    assert nav.current_path is not None
    sim.tick()
    assert nav.current_path is None
    sim, nav = stalled(withdraw=False)
    starts = set()
    for _ in range(200):
        sim.tick()
        starts.add(nav.path_start_time)
        assert nav.current_path is not None
    assert sorted(starts) == [0, 39, 79, 119, 159, 199]


@pytest.mark.parametrize("entity, message", [
    ({"type": "minecraft:armor_stand"}, "not a mob"),
    ({"type": "minecraft:guardian"}, "no ground navigation"),
    ({"type": "minecraft:zombie", "path_to": {"pos": [0.5, -5.0, 0.5]}}, "inside the world"),
])
def test_bad_path_to_is_one_line(entity: dict, message: str) -> None:
    table = {"pos": [0.5, 1.0, 0.5], "path_to": {"pos": [5.5, 1.0, 0.5]}, **entity}
    with pytest.raises(SceneError) as err:
        build_scene(entities=[table])
    assert message in str(err.value) and "path_to" in str(err.value) and "\n" not in str(err.value)


def test_cli_refuses_a_path_to_without_navigation(tmp_path, capsys) -> None:
    scene = tmp_path / "stand.toml"
    scene.write_text('[[entities]]\ntype = "minecraft:armor_stand"\npos = [0.5, 1.0, 0.5]\n'
                     'path_to = { pos = [5.5, 1.0, 0.5] }\n')
    assert main(["trace", str(scene), "--ticks", "3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "path_to" in err[0]


def test_rewinding_a_walking_mob_replays_it_exactly() -> None:
    """A snapshot taken mid-path holds its own copy of the path and the navigation state: ticks run after a
    restore repeat the first run bit for bit."""
    sim = load_scene(SCENES_DIR / "zombie_path_around_wall.toml")
    run_lines(sim, 30)
    snap = sim.snapshot()
    first = run_lines(sim, 60)
    sim.restore(snap)
    assert run_lines(sim, 60) == first


@pytest.mark.parametrize("danger, advanced", [(None, True), ("minecraft:sweet_berry_bush", False)])
def test_shortcut_past_a_node(danger: str | None, advanced: bool) -> None:
    """`shouldJumpToNextNode`: a mob 0.6 past the centre of its next node (outside the 0.45 proximity) but
    within 2 of it and on the side of the node after it moves on to that node, unless the next node is
    DANGER_OTHER (`canJumpToNextPathNode`). The path runs along a one-wide corridor closed behind the mob; a
    berry bush in its wall makes the cells beside it DANGER_OTHER."""
    blocks = [FLOOR, {"from": [-1, 1, 1], "to": [10, 2, 1], "block": "minecraft:stone"},
              {"from": [-1, 1, -1], "to": [10, 2, -1], "block": "minecraft:stone"},
              {"from": [-1, 1, 0], "to": [-1, 2, 0], "block": "minecraft:stone"}]
    if danger:
        blocks += [{"at": [1, 1, 1], "block": danger}, {"at": [1, 2, 1], "block": "minecraft:air"}]
    sim = build_scene(blocks=blocks, entities=[{
        "type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True,
        "path_to": {"pos": [8.5, 1.0, 0.5]}}])
    sim.tick()
    zombie = sim.entity_by_id(1)
    nav = zombie.navigation
    index = nav.current_path.current_node_index
    node = nav.current_path.get_current_node_pos()
    assert (node[0], node[2]) == (1, 0) and (nav.current_path.get_current_node().type.name == "DANGER_OTHER") \
        is (danger is not None)
    zombie.set_position(zombie.pos._replace(x=node[0] + 0.5 + 0.6))
    nav.tick(sim.world)
    assert nav.current_path.current_node_index == index + (1 if advanced else 0)


def test_a_node_not_reached_in_time_stops_the_path() -> None:
    """`checkTimeouts`: when the next node changes, its limit becomes distance / movementSpeed × 1000 ms (0 while
    the movement speed is still 0, as on a path's first tick: no limit then); the counted time is not reset by a
    new node (vanilla), and once it passes 3 × the limit (50 ms a tick here) the path stops — for a mob held in
    place, before the 100-tick stuck check."""
    sim = build_scene(blocks=[FLOOR], entities=[{
        "type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "motion": STILL, "on_ground": True,
        "path_to": {"pos": [8.5, 1.0, 0.5], "speed": 3.0}}])
    zombie = sim.entity_by_id(1)
    nav = zombie.navigation
    sim.tick()
    assert nav.current_node_timeout == 0.0 and zombie.movement_speed == f32(3.0 * f32(0.23))
    while nav.current_path.current_node_index < 2:
        sim.tick()
    limit, counted = nav.current_node_timeout, nav.current_node_ms
    assert 0.0 < limit < 2.0 / zombie.movement_speed * 1000.0
    expected = int((3 * limit - counted) // 50) + 1     # the first tick whose total exceeds 3 × limit
    held = zombie.pos._replace(x=nav.current_path.get_current_node_pos()[0] - 0.5)   # 1 behind the node's centre
    ticks = 0
    while nav.current_path is not None and ticks < 100:
        zombie.set_position(held)
        sim.world.game_time += 1
        nav.tick(sim.world)
        ticks += 1
    assert ticks == expected and expected < 100


@pytest.mark.parametrize("goal", ["path_to", "move_to"])
def test_a_zombie_written_on_the_floor_walks(goal: str) -> None:
    """A zombie written resting on a floor (`pos` at its top, `on_ground` left to the first tick) is not at a
    valid position when its goal first asks: the search is refused (a `path` event with `reached = false` and
    the reason) and the goal asks again when `tryingTime` reaches 40 (MoveToTargetPosGoal.shouldResetPath), in
    tick 40, from the floor: the same path as from a zombie written `on_ground`, and the zombie walks it.
    `move_to` sets the MoveControl every tick and needs no search: the zombie moves from tick 1."""
    sim = build_scene(blocks=[FLOOR], entities=[{"type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5],
                                                 goal: {"pos": [8.5, 1.0, 0.5]}}])
    mob = sim.entity_by_id(1)
    events = {}
    for _ in range(100):
        record = sim.tick()
        for e in record.events:
            if e["kind"] == "path":
                events[record.tick] = e
        if record.tick == 39 and goal == "path_to":
            assert mob.pos.x == 0.5 and mob.on_ground
    assert mob.pos.x > 7.0
    if goal == "move_to":
        assert events == {}
        return
    assert sorted(events) == [1, 40]
    assert events[1]["nodes"] == [] and events[1]["reached"] is False and events[1]["visited"] == 0
    assert "not at a valid position" in events[1]["reason"]
    assert events[40]["reached"] and events[40]["nodes"] == [[x, 1, 0] for x in range(8)]
