"""The swim goal (engine.living.goals; 1.12.2 `EntityAISwimming`, 1.13.2 client, Yarn `SwimGoal` and
`GoalSelector` of 1.14 to 1.21.3, `MobEntity.tickNewAi`): which species have it in which release, when the goal
selector starts and stops it, its `nextFloat() < 0.8F` jump on the mob's own Random, and its navigation's canSwim;
how it takes JUMP from the scene's `path_to` goal (`MoveToTargetPosGoal`, 1.12.2 `EntityAIMoveToBlock`: its
cooldown and safeWaitingTime, its give-up, the compiled loop handing it back). Each flag is shown by a bundled scene
in its releases and against its mutant (the flag forced the other way)."""

from __future__ import annotations

import dataclasses
from itertools import groupby
from typing import Any

import pytest

from engine.constants import PATH_GOAL_MAX_TRYING_TIME
from engine.core.versions import RELEASES, features_for, version_text
from engine.geometry.box import Vec3
from engine.living import goals
from engine.living.goals import PathGoal, SwimGoal
from engine.living.mobs import MOB_TYPES, Pig
from engine.tick.scene import load_scene, load_scene_text
from engine.tick.scene_writer import scene_document, scene_toml
from tests.conftest import SCENES_DIR
from tests.engine.test_mob_rows import mob_lines
from tests.engine.test_version_path_1415 import scene_at
from tests.engine.test_version_paths import first_path

PIG = "pig_swim_1_16_5.toml"
MOBS = "mobs_swim_1_12_2.toml"
POND = "pig_path_pond_1_16_5.toml"
ZOMBIE_POND = "zombie_path_pond_1_12_2.toml"
ACROSS = "pig_path_across_pond_{}.toml"              # a pig asked across a pond one block deep, in 1.16.5,
ZOMBIE_ACROSS = "zombie_path_across_pond_1_12_2.toml"   # 1.20.4 and 1.21.3; a 1.12.2 zombie in the same
ENDED = ((0.0, -0.0784000015258789, 0.0),)           # Motion of a mob standing on a floor
SANK = (1.8934748053318768, -0.02521423348298147)   # Y and Motion Y after 40 ticks of a mob without the goal
VILLAGER_BRAIN = (4.670871319376182, -0.021644557640116146)   # the villager floated by its 1.14 brain instead


def states(scene: str, version: str, ticks: int, **flags: bool) -> dict[int, tuple[Any, ...]] | str:
    """Each entity's position and Motion after `ticks` of `scene` in `version` with `flags`, or the one line that
    stopped the run."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    try:
        for _ in range(ticks):
            sim.tick()
    except NotImplementedError as err:
        return str(err)
    return {e.id: (tuple(e.pos), tuple(e.motion)) for e in sim.entities}


def heights(scene: str, version: str, ticks: int, **flags: bool) -> dict[int, tuple[float, float]]:
    """Each entity's Y and Motion Y after `ticks` (every mob of these scenes falls straight down)."""
    found = states(scene, version, ticks, **flags)
    assert isinstance(found, dict), found
    return {i: (pos[1], motion[1]) for i, (pos, motion) in found.items()}


def goal_story(scene: str, ticks: int, text: str | None = None, **flags: bool) -> tuple[Any, ...] | str:
    """`scene` (its own release, or `text` in its place; `flags` changed) for `ticks`: mob 1's goals tick by tick as
    runs of letters (`P` its path goal runs, `S` its swim goal, `w` neither, in water, `.` neither), the ticks of its
    searches, its position and Motion at the end, and its path goal's tryingTime, cooldown and safeWaitingTime; or
    the one line that stopped the run."""
    sim = load_scene(SCENES_DIR / scene) if text is None else load_scene_text(text, scene)
    sim.features = dataclasses.replace(sim.features, **flags)
    e, out, searches = sim.entity_by_id(1), [], []
    try:
        for _ in range(ticks):
            searches += [sim.tick_count for event in sim.tick().events if event["kind"] == "path"]
            out.append("S" if e.swim_goal_running else "P" if e.path_goal_running else "w" if e.touching_water
                       else ".")
    except NotImplementedError as err:
        return str(err)
    runs = " ".join(f"{k}{len(list(g))}" for k, g in groupby(out))
    return runs, searches, (tuple(e.pos), tuple(e.motion)), (e.path_trying_time, e.path_goal_cooldown,
                                                               e.path_goal_wait)


def goal_runs(scene: str, version: str, entity_id: int, ticks: int) -> str:
    """Tick by tick: `S` where the entity's swim goal ran, `w` where it touched water without it, `.` else."""
    sim = scene_at(scene, version)
    e = sim.entity_by_id(entity_id)
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append("S" if e.swim_goal_running else "w" if e.touching_water else ".")
    return "".join(out)


def test_a_pig_dropped_into_deep_water_floats_up_1_16_5(monkeypatch) -> None:
    """PigEntity's SwimGoal: the pig sinks to about 3.6, swims up and bobs at the surface; without the goal (the
    mutant, as the engine was) it sinks to 1.89 in 40 ticks. 1.14-1.17.1 start and stop goals every tick: 1.17.1
    as 1.16.5."""
    assert states(PIG, "1.16.5", 40) == {1: ((0.5, 4.47914936910505, 0.5), (0.0, -0.022852517362116156, 0.0))}
    with monkeypatch.context() as m:
        m.setattr(Pig, "has_swim_goal", lambda self, features: False)
        assert heights(PIG, "1.16.5", 40) == {1: SANK}
    assert states(PIG, "1.17.1", 40) == states(PIG, "1.16.5", 40)
    assert goal_runs(PIG, "1.16.5", 1, 24) == ".....ww" + "S" * 17   # in water from tick 6, above 0.4 from tick 8


def test_from_1_20_5_the_selector_starts_the_goal_on_alternate_ticks_by_age() -> None:
    """1.21.3 `tickNewAi`: with age + id odd (age > 1) only the running swim goal is ticked (it runs every tick),
    so the pig's goal starts at tick 9 (age 9 + id 1 even), not 8; the run then leaves 1.16.5's. With the
    alternation forced off (the mutant) 1.21.3 runs as 1.16.5; 1.20.5 and 1.21.11 as 1.21.3."""
    assert states(PIG, "1.21.3", 40) == {1: ((0.5, 4.4739710257543415, 0.5), (0.0, -0.02231564637011615, 0.0))}
    assert goal_runs(PIG, "1.21.3", 1, 10) == ".....www" + "SS"
    assert states(PIG, "1.21.3", 40, goal_selector_alternate=False) == states(PIG, "1.16.5", 40)
    assert states(PIG, "1.20.5", 40) == states(PIG, "1.21.11", 40) == states(PIG, "1.21.3", 40)


@pytest.mark.parametrize("version", ["1.18", "1.20.4"])
def test_1_18_to_1_20_4_stop_where_the_server_s_tick_count_decides(version: str) -> None:
    """1.18-1.20.4 alternate by `MinecraftServer.getTicks() + getId()`; where the scene does not give the count
    (`scene.server_ticks`) the run stops in one line at tick 8, where the pig's goal would start on one parity and
    not on the other."""
    line = states(PIG, version, 40)
    assert isinstance(line, str) and "\n" not in line
    assert line.startswith("living travel and jumping") and "at entity 1, tick 8" in line
    assert "MinecraftServer.getTicks" in line
    assert states(PIG, "1.21.3", 40, goal_selector_alternate_by_age=False) == \
        line.replace(f"of version {features_for(version).version}", "of version 1.21.3")


def server_scene(version: str, server_ticks: int) -> str:
    """The pig scene in `version` with `scene.server_ticks` (MinecraftServer.getTicks before tick 1)."""
    lines = (SCENES_DIR / PIG).read_text().splitlines()
    at = lines.index("[scene]") + 1
    return "\n".join([*lines[:at], f"server_ticks = {server_ticks}", *lines[at:]]).replace(
        'version = "1.16.5"', f'version = "{version}"')


def test_1_18_to_1_20_4_alternate_by_the_scene_s_server_ticks() -> None:
    """With `scene.server_ticks` N, 1.20.4's tick k takes `tickGoals(false)` where N + k + id is odd: N 0 starts
    the pig's goal at tick 9, as 1.20.5's age (the age is the tick here), and the run equals 1.20.5's; N 1 at tick
    8. A scene written mid-run keeps the count (N + the ticks run) and its reload runs on alike."""
    runs = {}
    for n in (0, 1):
        sim = load_scene_text(server_scene("1.20.4", n), PIG)
        pig, out = sim.entity_by_id(1), []
        for _ in range(40):
            sim.tick()
            out.append("S" if pig.swim_goal_running else "w" if pig.touching_water else ".")
        runs[n] = ("".join(out[:10]), (tuple(pig.pos), tuple(pig.motion)))
    assert runs[0][0] == ".....www" + "SS" and runs[1][0] == ".....wwS" + "SS"
    assert {1: runs[0][1]} == states(PIG, "1.20.5", 40) and runs[1][1] != runs[0][1]
    sim = load_scene_text(server_scene("1.20.4", 7), PIG)
    for _ in range(5):
        sim.tick()
    document = scene_document(sim)
    assert document["scene"]["server_ticks"] == 12
    again = load_scene_text(scene_toml(document), PIG)
    for _ in range(20):
        sim.tick()
        again.tick()
    assert [(tuple(e.pos), tuple(e.motion)) for e in again.entities] == \
        [(tuple(e.pos), tuple(e.motion)) for e in sim.entities]


def test_1_12_2_zombies_skeletons_villagers_and_pigs_swim() -> None:
    """1.12.2: all four have EntityAISwimming and rise. The inWater flag (the box shrunk by 0.4 meets water) is set
    in tick 7's move (`EntityLivingBase.updateFallState`), and EntityAITasks starts the goal at tick 10, the first
    third tick after (tickCount 9); each mob draws from its own Random, so their heights part."""
    assert heights(MOBS, "1.12.2", 40) == {
        1: (3.3888004656652995, -0.014289474823408595), 2: (3.8758129235254333, 0.04936851529201958),
        3: (3.6551037869168854, -0.029199257769874795), 4: (2.9892516644792586, 0.026680761002969306)}
    assert goal_runs(MOBS, "1.12.2", 4, 12) == "......www" + "SSS"
    assert heights(MOBS, "1.12.2", 40, undead_swim_goal=False)[1] == (1.0, -0.02)   # the mutant sinks to the floor
    assert heights(MOBS, "1.12.2", 40, goal_selector_every_third_tick=False)[4] == (
        3.329752734613453, 0.03858054924708039)   # the mutant starts the goal at tick 8


def test_1_13_2_zombies_and_skeletons_sink_villagers_and_pigs_swim() -> None:
    """1.13 dropped the zombie's and the skeleton's swim goal; the villager's and the pig's start only above a
    water height of 0.4 (the pig bobs out of the water at tick 40). The mutants: 1.13.2 at any depth (as 1.12.2)
    keeps both swimming at the surface; the villager without its goal floats by 1.14's brain (other draws)."""
    assert heights(MOBS, "1.13.2", 40) == {1: SANK, 2: SANK, 3: (4.668915938472999, -0.018446400513553632),
                                           4: (4.569428786720373, -0.16665599243234813)}
    assert heights(MOBS, "1.13.2", 40, swim_goal_any_depth=True)[4] == (4.168042532300262, -0.08330799722367932)
    assert heights(MOBS, "1.13.2", 40, villager_swim_goal=False)[3] == VILLAGER_BRAIN


def test_1_12_2_swims_at_any_depth() -> None:
    """1.12.2's `shouldExecute` is the inWater flag alone: the pig reaches the surface and bobs there (out of the
    water at tick 60, its goal stopped). 1.12.2's `handleWaterMovement` measures no water height, so with 1.13's
    test (the mutant) the goal never starts and the pig sinks to the floor."""
    assert heights(MOBS, "1.12.2", 60)[4] == (4.666496203005836, -0.04014097628293398)
    assert heights(MOBS, "1.12.2", 60, swim_goal_any_depth=False)[4] == (1.0, -0.02)


def test_from_1_14_the_villager_s_brain_floats_it_and_goals_start_every_tick() -> None:
    """1.14: the villager's brain (engine.living.brain_tasks) replaces its goal, and the pig's goal starts on the
    tick the water height passes 0.4 (tick 8) where 1.13.2 waited for the third tick (10). Each mutant gives the other
    release's pig."""
    assert heights(MOBS, "1.14", 40) == {1: SANK, 2: SANK, 3: VILLAGER_BRAIN,
                                         4: (4.832334742689716, -0.014760000269412998)}
    assert goal_runs(MOBS, "1.14", 4, 10) == ".....ww" + "SSS"
    assert goal_runs(MOBS, "1.13.2", 4, 10) == ".....wwww" + "S"
    assert heights(MOBS, "1.14", 40, goal_selector_every_third_tick=True)[4] == heights(MOBS, "1.13.2", 40)[4]
    assert heights(MOBS, "1.13.2", 40, goal_selector_every_third_tick=False)[4] == heights(MOBS, "1.14", 40)[4]


def test_a_pig_s_path_keeps_the_water_s_surface() -> None:
    """The pig's swim goal sets its navigation's canSwim: its path over a pond two deep keeps the surface (y 2),
    where a mob that cannot swim (1.16.5's zombie) has its nodes sink to the pond's floor (y 1)."""
    assert first_path(POND, "1.16.5") == ([[0, 3, 0], [1, 3, 0], [2, 2, 0], [3, 2, 0], [4, 2, 0]], False)


def test_a_1_12_2_zombie_s_path_swims() -> None:
    """1.12.2's zombie has EntityAISwimming, so canSwim: its path keeps the surface and climbs out to the target
    (1.12.2's node floor over water is its full bounding box: `path_floor_by_collision`); 1.13.2's sinks to the
    pond's floor and ends there, and with `undead_swim_goal` forced on keeps the surface."""
    assert first_path(ZOMBIE_POND, "1.12.2") == (
        [[0, 3, 0], [1, 3, 0], [2, 2, 0], [3, 2, 0], [4, 2, 0], [5, 3, 0], [6, 3, 0], [7, 3, 0]], True)
    assert first_path(ZOMBIE_POND, "1.13.2") == ([[0, 3, 0], [1, 3, 0], [2, 2, 0], [3, 1, 0], [4, 1, 0]], False)
    assert first_path(ZOMBIE_POND, "1.13.2", undead_swim_goal=True)[0][2:5] == [[2, 2, 0], [3, 2, 0], [4, 2, 0]]


def test_no_kind_of_the_compiled_mob_loop_has_the_swim_goal_where_the_loop_runs() -> None:
    """The compiled mob loop (engine.living.mob_kernel) does not run the swim goal: from 1.14 no kind with a batch
    has one (the loop runs from 1.16.2), and pigs and creepers, which have one, tick on the object path."""
    batched = [kind for kind in MOB_TYPES if "batch" in kind.__dict__]
    assert {kind.TYPE for kind in batched} == {"minecraft:zombie", "minecraft:villager", "minecraft:iron_golem",
                                              "minecraft:wither_skeleton"}
    mobs = [kind(1, Vec3(0.5, 0.0, 0.5)) for kind in batched]
    for v in RELEASES[RELEASES.index((1, 14, 0)):]:
        assert not any(mob.has_swim_goal(features_for(version_text(v))) for mob in mobs), v


def test_the_swim_goal_takes_jump_from_the_path_goal_1_16_5(monkeypatch) -> None:
    """GoalSelector.tick: the path goal starts at tick 1 (its cooldown drawn, 200 + 185; safeWaitingTime 1491, both
    from the pig's Random) and asks for a path over the pond and up the far bank. The pig wades in and at tick 22
    its swim goal (priority 0) takes JUMP and stops the path goal (priority 4), whose `tryingTime` stays 21; the
    navigation keeps following, so the pig swims across, climbs out and ends its path at x 9.23, one short of the
    target. The path goal's `canStart` is asked on each of the 385 ticks the swim goal does not hold JUMP (it
    stops and starts as the pig bobs at the surface) and counts the cooldown down: at tick 426 the goal starts
    again (a new search, a cooldown of 310) and asks again at tick 465 (`tryingTime` 40). With the path goal's
    priority as the swim goal's (the mutant) the swim goal never takes JUMP: the pig stays in the pond."""
    assert goal_story(ACROSS.format("1_16_5"), 480) == (
        "P21 S9 w23 S4 w11 S6 w10 .341 P55", [1, 426, 465], ((9.231571783842842, 3.0, 0.5), *ENDED), (55, 310, 1643))
    monkeypatch.setattr(PathGoal, "priority", SwimGoal.priority)
    assert goal_story(ACROSS.format("1_16_5"), 480)[:2] == ("P480", [1])


def test_from_1_18_the_path_goal_waits_out_its_cooldown_on_full_ticks_1_21_3() -> None:
    """1.21.3: the cooldown drawn at tick 1 is halved up (`toGoalTicks`: 193) and counted only where
    `GoalSelector.tick` runs (age + id even), and the swim goal starts at tick 23, not 22: the path goal starts
    again at tick 431. With the alternation forced off (the mutant) at tick 428, and 1.20.4 with the scene's
    server count runs as 1.21.3 where the count has 1.21.3's parity (`server_ticks` 0) and a tick earlier with 1;
    without the count the run stops in one line where the swim goal would start on one parity only."""
    late = ("P22 S10 w22 S2 w4 S2 w6 S4 w14 S4 w3 .337 P50", [1, 431, 470],
            ((9.234323715987522, 3.0, 0.5024268022172956), *ENDED), (50, 180, 1857))
    assert goal_story(ACROSS.format("1_21_3"), 480) == late
    assert goal_story(ACROSS.format("1_21_3"), 480, goal_selector_alternate=False)[1] == [1, 428, 467]
    text = (SCENES_DIR / ACROSS.format("1_20_4")).read_text()
    assert goal_story(ACROSS.format("1_20_4"), 480) == ("P21 S10 w22 S2 w4 S2 w6 S4 w14 S4 w4 .336 P51",
                                                        [1, 430, 469], late[2], (51, 180, 1857))
    assert goal_story(ACROSS.format("1_20_4"), 480, text.replace("server_ticks = 1", "server_ticks = 0")) == late
    line = goal_story(ACROSS.format("1_20_4"), 480, text.replace("server_ticks = 1\n", ""))
    assert line.startswith("living travel and jumping") and "1.20.4 at entity 1, tick 22: the goal selector" in line


def test_1_12_2_the_swim_goal_stops_the_path_goal_every_third_tick() -> None:
    """1.12.2 EntityAITasks: the zombie's EntityAISwimming starts at tick 22 (tickCount 21) and on the same pass
    `canUse` stops EntityAIMoveToBlock (mutex 5 against 4); between the full ticks the swim goal stops where it
    cannot continue. The zombie swims across on its path and reaches the target's cell; the path goal's
    `shouldExecute` counts its cooldown (385) only on full ticks with the swim goal stopped, so it starts again at
    tick 1258 (no nodes: the zombie stands in the target's cell) and counts `tryingTime` down. With the selector
    every tick (the mutant) it starts again at tick 489."""
    assert goal_story(ZOMBIE_ACROSS, 1300) == (
        "P21 S18 .2 w1 S19 .2 w3 S15 .1 w2 S13 .1 w1 S11 .1147 P43", [1, 1258],
        ((10.248868679601777, 3.0, 0.5), *ENDED), (-43, 225, 1473))
    assert goal_story(ZOMBIE_ACROSS, 1300, goal_selector_every_third_tick=False)[1] == [1, 489]


def give_up(version: str, **flags: bool) -> tuple[int, int]:
    """The tick where the across-the-pond pig's path goal, never within reach of its target, stops after its
    restart (`tryingTime` past 1200), and its `tryingTime` then."""
    sim = scene_at(ACROSS.format("1_21_3"), version)
    sim.features = dataclasses.replace(sim.features, **flags)
    pig = sim.entity_by_id(1)
    while not (sim.tick_count > 440 and not pig.path_goal_running):
        sim.tick()
    return sim.tick_count, pig.path_trying_time


def test_from_1_18_the_path_goal_gives_up_only_where_the_selector_runs() -> None:
    """`MoveToTargetPosGoal.shouldRunEveryTick` (1.18): its tick counts on every tick, but `shouldContinue` is asked
    only by `GoalSelector.tick`. 1.21.3's pig passes 1200 at tick 1631 (1201); tick 1632 (age + id odd) ticks the
    goal again (1202) and tick 1633 stops it. 1.16.5, and 1.21.3 with the alternation forced off (the mutant), stop
    it on the tick after 1201."""
    assert give_up("1.21.3") == (1633, 1202)
    assert give_up("1.21.3", goal_selector_alternate=False)[1] == give_up("1.16.5")[1] == 1201


@pytest.mark.parametrize(("version", "stop", "restart"), [("1.16.5", 1202, 1587), ("1.21.3", 1203, 1589)])
def test_a_path_goal_given_up_starts_again_alike_compiled(version: str, stop: int, restart: int) -> None:
    """A zombie shut in a glass shaft, its goal's cell centre exactly 1.0 away (`zombie_path_goal_at_one_1_13_2`),
    never counts it reached from 1.14: its path goal passes 1200, stops (1.21.3 a tick later, on the selector's
    tick), waits out the cooldown drawn at its start (385; 1.21.3: 193 of the selector's ticks) and starts again.
    The compiled mob loop ticks the running goal and hands the stopping and waiting one to the object path:
    compiled, object path and traced runs agree on every mob column."""
    runs = {}
    for mode in ("compiled", "object", "traced"):
        sim = scene_at("zombie_path_goal_at_one_1_13_2.toml", version)
        zombie, changes = sim.entity_by_id(1), []
        lines = mob_lines(sim, stop - 1, mode)
        for _ in range(restart - stop + 1):
            running = zombie.path_goal_running
            lines += mob_lines(sim, 1, mode)
            changes += [sim.tick_count] if zombie.path_goal_running != running else []
        runs[mode] = (lines, changes)
        assert changes == [stop, restart], (mode, changes)
        assert mode != "compiled" or sim.kernel_ticks > stop - 50, sim.kernel_ticks   # the running goal's
    assert runs["compiled"] == runs["object"] == runs["traced"]


def test_a_path_goal_at_its_target_stops_after_its_safe_waiting_time_1_13_2(monkeypatch) -> None:
    """1.13.2's zombie in the glass shaft counts its goal reached (at most 1.0 away): `tryingTime` counts down and
    EntityAIMoveToBlock, started at tick 1, stops below −`maxStayTicks` (1491, drawn at its start): at tick 1493, a
    tick between the full ones (`shouldContinueExecuting` is asked on every tick). It starts again on the full tick
    after its cooldown of 385 full ticks: tick 2650 (tickCount 2649). With a wait far longer (the mutant) it never
    stops."""
    def changes(ticks: int) -> list[tuple[int, bool, int]]:
        sim = scene_at("zombie_path_goal_at_one_1_13_2.toml", "1.13.2")
        zombie, out = sim.entity_by_id(1), []
        for _ in range(ticks):
            running = zombie.path_goal_running
            sim.tick()
            if zombie.path_goal_running != running:
                out.append((sim.tick_count, zombie.path_goal_running, zombie.path_trying_time))
        return out
    assert changes(2700) == [(1, True, -1), (1493, False, -1492), (2650, True, -1)]
    monkeypatch.setattr(goals, "PATH_GOAL_MIN_WAIT", 10 * PATH_GOAL_MAX_TRYING_TIME)
    assert changes(2700) == [(1, True, -1)]
