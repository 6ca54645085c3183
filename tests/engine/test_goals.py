"""The swim goal (engine.living.goals; 1.12.2 `EntityAISwimming`, 1.13.2 client, Yarn `SwimGoal` and
`GoalSelector` of 1.14 to 1.21.3, `MobEntity.tickNewAi`): which species have it in which release, when the goal
selector starts and stops it, its `nextFloat() < 0.8F` jump on the mob's own Random, and its navigation's canSwim.
Each flag is shown by a bundled scene in its releases and against its mutant (the flag forced the other way)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core.versions import RELEASES, features_for, version_text
from engine.geometry.box import Vec3
from engine.living.mobs import MOB_TYPES, Pig
from engine.tick.scene import load_scene_text
from engine.tick.scene_writer import scene_document, scene_toml
from tests.conftest import SCENES_DIR
from tests.engine.test_version_path_1415 import scene_at
from tests.engine.test_version_paths import first_path

PIG = "pig_swim_1_16_5.toml"
MOBS = "mobs_swim_1_12_2.toml"
POND = "pig_path_pond_1_16_5.toml"
ZOMBIE_POND = "zombie_path_pond_1_12_2.toml"
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


def stop_at_speed_1(scene: str, ticks: int) -> str:
    """The one line that stops `scene` (in its own release) with its `path_to` goal asked at speed 1.0 (the file's
    0.3 keeps the mob on the bank for the bundled runs)."""
    sim = load_scene_text((SCENES_DIR / scene).read_text().replace("speed = 0.3 }", "speed = 1.0 }"), scene)
    with pytest.raises(NotImplementedError) as err:
        for _ in range(ticks):
            sim.tick()
    line = str(err.value)
    assert "\n" not in line
    return line


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
    where a mob that cannot swim (1.16.5's zombie) has its nodes sink to the pond's floor (y 1). Entering the water
    (asked at speed 1.0) starts the swim goal beside the path goal: the run stops in one line (`path_finding`)."""
    assert first_path(POND, "1.16.5") == ([[0, 3, 0], [1, 3, 0], [2, 2, 0], [3, 2, 0], [4, 2, 0]], False)
    assert stop_at_speed_1(POND, 40).startswith(
        "path finding (spec 07) of version 1.16.5 at entity 1, tick 22: the swim goal")


def test_a_1_12_2_zombie_s_path_swims() -> None:
    """1.12.2's zombie has EntityAISwimming, so canSwim: its path keeps the surface and climbs out to the target
    (1.12.2's node floor over water is its full bounding box: `path_floor_by_collision`); 1.13.2's sinks to the
    pond's floor and ends there, and with `undead_swim_goal` forced on keeps the surface. In 1.12.2 the zombie
    entering the water at tick 22 (tickCount 21) would start its swim goal beside the path goal: one line."""
    assert first_path(ZOMBIE_POND, "1.12.2") == (
        [[0, 3, 0], [1, 3, 0], [2, 2, 0], [3, 2, 0], [4, 2, 0], [5, 3, 0], [6, 3, 0], [7, 3, 0]], True)
    assert first_path(ZOMBIE_POND, "1.13.2") == ([[0, 3, 0], [1, 3, 0], [2, 2, 0], [3, 1, 0], [4, 1, 0]], False)
    assert first_path(ZOMBIE_POND, "1.13.2", undead_swim_goal=True)[0][2:5] == [[2, 2, 0], [3, 2, 0], [4, 2, 0]]
    assert stop_at_speed_1(ZOMBIE_POND, 40).startswith("path finding (spec 07) of version 1.12.2 at entity 1, tick 22")


def test_no_kind_of_the_compiled_mob_loop_has_the_swim_goal_where_the_loop_runs() -> None:
    """The compiled mob loop (engine.living.mob_kernel) does not run the swim goal: from 1.14 no kind with a batch
    has one (the loop runs from 1.16.2), and pigs and creepers, which have one, tick on the object path."""
    batched = [kind for kind in MOB_TYPES if "batch" in kind.__dict__]
    assert {kind.TYPE for kind in batched} == {"minecraft:zombie", "minecraft:villager", "minecraft:iron_golem",
                                              "minecraft:wither_skeleton"}
    mobs = [kind(1, Vec3(0.5, 0.0, 0.5)) for kind in batched]
    for v in RELEASES[RELEASES.index((1, 14, 0)):]:
        assert not any(mob.has_swim_goal(features_for(version_text(v))) for mob in mobs), v
