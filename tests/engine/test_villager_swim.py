"""The villager's brain from 1.14 (engine.living.brain_tasks; Yarn `StayAboveWaterTask`, `Task`, `Brain`,
`VillagerEntity.mobTick` of 1.14 to 1.21.3, Mojang `Swim`, `Behavior`, `Villager.customServerAiStep` of 1.21.10):
the swim task floats a villager, runs 60 ticks from each start (a draw of the world's Random, which the brain's
other tasks leave unknown) and stops for one, compares the water height with 0.4F up to 1.15.2, and the raid check
draws from the villager's Random every tick, in the compiled mob loop too. `scenes/villager_swim_1_14.toml`, each
flag against its mutant."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import jit
from engine.java.jrandom import JavaRandom
from engine.living.mobs import Villager
from engine.tick.scene import load_scene_text
from tests.engine.test_version_path_1415 import scene_at

SCENE = "villager_swim_1_14.toml"
POOL = "villager_path_out_of_pool_1_19_3.toml"
FLOATED = {40: (4.682891418231612, -0.02080569674011614), 130: (4.5060955036209895, 0.004794303450618711)}
SANK = (1.8934748053318768, -0.02521423348298147)   # villager 1 without the brain after 40 ticks (test_goals)
RUNS = ("S" * 61 + "w") * 2 + "S" * 6     # villager 2, always under water: 61 ticks run, one stopped


def run(scene: str, version: str, ticks: int, **flags: bool) -> tuple[Any, dict[int, str]]:
    """The simulation after `ticks` of `scene` in `version` with `flags`, and for each entity a letter a tick: S
    where its swim task runs after the tick, w where it touches water, . elsewhere."""
    sim = scene_at(scene, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    runs: dict[int, str] = {}
    for _ in range(ticks):
        sim.tick()
        for e in sim.entities:
            runs[e.id] = runs.get(e.id, "") + ("S" if e.swim_task_running else "w" if e.touching_water else ".")
    return sim, runs


def height(sim: Any, entity: int) -> tuple[float, float]:
    e = sim.entity_by_id(entity)
    return e.pos.y, e.motion.y


@pytest.mark.parametrize("version", ["1.14", "1.16.5", "1.21.10"])
def test_a_villager_dropped_into_water_floats_up(version: str) -> None:
    """Villager 1, dropped into a pool four deep, meets the water at tick 6, starts its task at tick 8 (the water
    height past 0.4), rises and bobs at the surface, its task starting and stopping as the height passes 0.4: the
    same in each release read."""
    for ticks, expected in FLOATED.items():
        sim, runs = run(SCENE, version, ticks)
        assert height(sim, 1) == expected, ticks
    assert runs[1][:26] == "....." + "ww" + "S" * 18 + "w"


def test_the_mutants_sink_or_swim_otherwise() -> None:
    """Without the brain (the species' `mobTick` off) the villager sinks toward the pool's floor; 1.14 with the swim
    goal (`villager_swim_goal` on, as 1.13.2: no task, no raid draw) swims with other draws; 1.13.2 with the brain
    (the flag off) floats as 1.14 does."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Villager, "has_mob_tick", lambda self, features: False)
        assert height(run(SCENE, "1.14", 40)[0], 1) == SANK
    assert height(run(SCENE, "1.14", 40, villager_swim_goal=True)[0], 1) == (4.47914936910505, -0.022852517362116156)
    assert height(run(SCENE, "1.13.2", 40, villager_swim_goal=False)[0], 1) == FLOATED[40]


def test_the_task_runs_61_ticks_and_the_brain_leaves_the_world_random_unknown() -> None:
    """Villager 2, under water in a covered tank, starts its task in tick 1: it runs to 60 ticks past its start
    (`isTimeLimitExceeded`: time > end), stops in the tick after and starts again in the next (villager 3, out of
    its height test in 1.14, never starts). Each start draws `nextInt(1)` of the world's Random, but the brain's
    other tasks draw from it too (not modelled): from the first brain tick reading it stops the run in one line."""
    sim, runs = run(SCENE, "1.14", len(RUNS))
    assert runs[2] == RUNS
    assert "S" not in runs[3]
    with pytest.raises(NotImplementedError, match=r"^the world's Random is read after villager 1's brain ticked "
                       r"\(1\.14, tick 1: Brain\.tick's PanicTask, StartRaidTask's nextInt\(20\) and the IDLE "
                       r"RandomTask, ordered by an unseeded Random, draw from it; not modelled\): its state is not "
                       r"the game's$"):
        sim.random.next_double()


def test_the_water_height_test_is_0_4f_up_to_1_15_2() -> None:
    """Villager 3 floats without gravity with the water 0.400000003 deep (the box contracted by 0.001): above
    1.16's swim height 0.4, not above 1.14-1.15.2's (double) 0.4F. Its task starts in tick 1 in 1.16 only, and
    it rises; each mutant behaves as the other release."""
    still = (1.4878888329069826, 0.0)
    assert height(run(SCENE, "1.15.2", 30)[0], 3) == still
    assert run(SCENE, "1.16", 1)[1][3] == "S"
    risen = height(run(SCENE, "1.16", 30)[0], 3)
    assert risen == (1.674144942040763, 0.0)
    assert height(run(SCENE, "1.15.2", 30, stay_above_water_float_height=False)[0], 3) == risen
    assert height(run(SCENE, "1.16", 30, stay_above_water_float_height=True)[0], 3) == still


ON_LAND = """[scene]
version = "1.16.5"
[[blocks]]
from = [-4, 0, -4]
to = [4, 0, 4]
block = "minecraft:stone"
[[entities]]
type = "minecraft:villager"
id = 1
pos = [0.5, 1.0, 0.5]
on_ground = true
[[entities]]
type = "minecraft:villager"
id = 2
pos = [2.5, 1.0, 2.5]
on_ground = true
no_ai = true
"""


@pytest.mark.parametrize("vectorize", [True, False])
def test_the_raid_check_draws_every_tick_in_the_compiled_loop_too(vectorize: bool) -> None:
    """A 1.16.5 villager standing on land draws `nextInt(100)` of its Random every tick (`VillagerEntity.mobTick`'s
    raid check), compiled (the mob loop ticks it, then the draw) and on the object path alike; one without AI
    draws nothing."""
    jit.bind_kernels()
    sim = load_scene_text(ON_LAND)
    sim.vectorize = vectorize
    for _ in range(20):
        sim.tick()
    assert (sim.kernel_ticks > 0) == vectorize
    drawn = JavaRandom(sim.entity_seed(1))
    for _ in range(20):
        drawn.next_int(100)
    assert sim.entity_by_id(1).random.get_state() == drawn.get_state()
    assert sim.entity_by_id(2).random.get_state() == JavaRandom(sim.entity_seed(2)).get_state()


def test_a_villager_s_path_out_of_a_pool_floats_and_climbs_out() -> None:
    """The swim task holds no goal control: beside the scene's `path_to` goal (MoveToTargetPosGoal, in the goal
    selector) it only asks jumps, so the run goes on. 1.19.3's villager in a pool two deep keeps the surface and
    climbs out onto the bank (feet 3.0) by tick 60; without the brain it sank to the pool's floor and stayed at
    the bank's foot."""
    sim, _ = run(POOL, "1.19.3", 60)
    assert (sim.entity_by_id(1).pos.x, sim.entity_by_id(1).pos.y) == (3.344991463122087, 3.0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Villager, "has_mob_tick", lambda self, features: False)
        assert run(POOL, "1.19.3", 60)[0].entity_by_id(1).pos.y < 2.0
