"""The villager's brain from 1.14 (`villager_swim_goal` off), as far as the engine runs it: `StayAboveWaterTask`
(1.21.x Mojang names: `Swim`), the core task that floats a villager where 1.13.2's swim goal did.

`VillagerEntity.mobTick` runs inside `MobEntity.tickNewAi` after the goals and the navigation and before
`MoveControl`, `LookControl` and `JumpControl`, every tick in every release (the goal selector's 1.18 alternation
does not touch it): `Brain.tick` (sensors, `startTasks`, `updateTasks`), then the raid check, whose
`random.nextInt(100)` of the villager's own Random is drawn every tick (a raid, which the draw's 0 would look for,
is not modelled). `VillagerTaskListProvider.createCoreTasks` puts the task first in the CORE activity, which is
always active: `StayAboveWaterTask(0.4F, 0.8F)` in 1.14-1.15.2, `(0.8F)` from 1.16, `Swim(0.8F)` in 1.21.10.

`Task` (1.19.3: `MultiTickTask`; `Behavior`): a stopped task whose `shouldRun` holds starts in `startTasks`
(`tryStarting`): its end time is the world time + 60 + `nextInt(60 + 1 - 60)` of the WORLD's Random (one draw at
every start); `updateTasks` then ticks it, the one started in the same tick too: past its end time
(`isTimeLimitExceeded`: time > end) or where `shouldKeepRunning` fails it stops (`stop`), else `keepRunning`. So
in water the task runs 61 ticks, stops for one (no jump asked, nothing drawn) and starts again. Read in 1.14,
1.14.4, 1.15.2, 1.16.5, 1.20.5, 1.21.3 (Yarn) and 1.21.10 (Mojang names): the same but the height test below.

Not modelled: the brain's other tasks and sensors, which draw from the WORLD's Random every tick, so a villager's
first brain tick makes the world's Random unknown (`unknown_world_random`; reading it later stops the run in one
line: engine.core.unknown_random). Read in Yarn 1.14, 1.14.4, 1.15.2, 1.16.5, 1.17.1, 1.19.2, 1.19.3, 1.20.5 and
1.21.3, a villager with nothing remembered (an empty scene): the CORE activity's `PanicTask` (no required memory,
`shouldRun` true) starts every tick, a `nextInt(1)` (1.19.3: a `MultiTickTask`, the same); `StartRaidTask` draws
`nextInt(20)` each tick, at 0 starting (1.14-1.19.2 another `nextInt(1)`; 1.19.3 a `TaskTriggerer`, none); the
`FindPointOfInterestTask`s start every 40 ticks in 1.14, from 1.14.4 at times drawn from it (`nextInt(20)` at each
run; from 1.16 a first `nextInt(20)` too, and a POI found draws `nextInt(40)`), 1.14-1.19.2 with a start's draw; the
default activity IDLE starts a `RandomTask` (`CompositeTask`, SHUFFLED) whenever it stopped, ordered by
`WeightedList.shuffle` on the list's own unseeded `new Random()` (1.21.3: `Random.create()`), so whether its
`FindWalkTargetTask` (a walk target from the villager's own Random, walked to by `WanderAroundTask`) or its
`WaitTask` (`nextInt(31)` of the world's Random) starts is given by no seed, nor is anything drawn after. Sensors
draw from neither Random: their first sense time comes from `Sensor`'s static unseeded Random (1.14.4 on; 1.14:
none). So the game's villager is not reproducible: a scene's villager is the game's where every shuffle puts a
`WaitTask` first — it neither wanders nor looks around, and its own Random (the swim task's jumps, the raid check)
is drawn as there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import STAY_ABOVE_WATER_CHANCE, STAY_ABOVE_WATER_HEIGHT, TASK_RUN_TIME
from engine.core.unknown_random import make_unknown
from engine.living.goals import deep_enough_to_swim

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.living.mob import MobEntity


def should_run(mob: MobEntity, sim: TickContext) -> bool:
    """`StayAboveWaterTask.shouldRun` (and `shouldKeepRunning`): touching water with a water height above
    0.4F widened to double (`stay_above_water_float_height`, 1.14-1.15.2), from 1.16 above the swim height
    (`getSwimHeight`: 0.4 for the villager's eye), or in lava (the release's `isInLava`)."""
    height = STAY_ABOVE_WATER_HEIGHT if sim.features.stay_above_water_float_height else mob.swim_height()
    return deep_enough_to_swim(mob, sim, height)


def tick_brain(mob: MobEntity, sim: TickContext) -> None:
    """`Brain.tick` for the one task run (module docstring): `startTasks` (`Task.tryStarting`; the other tasks'
    draws leave the world's Random unknown), then `updateTasks` (`Task.tick`: `keepRunning` is `nextFloat() <
    0.8F` → `JumpControl.setActive`)."""
    time = sim.world.game_time                                  # ServerWorld.getTime
    if not mob.swim_task_running and should_run(mob, sim):      # startTasks: tryStarting
        mob.swim_task_running = True
        mob.swim_task_end = time + TASK_RUN_TIME + sim.random.next_int(TASK_RUN_TIME + 1 - TASK_RUN_TIME)
    unknown_world_random(mob, sim)                              # startTasks: the other tasks
    if not mob.swim_task_running:
        return
    if time > mob.swim_task_end or not should_run(mob, sim):    # updateTasks: isTimeLimitExceeded, shouldKeepRunning
        mob.swim_task_running = False                           # Task.stop
    elif mob.random.next_float() < STAY_ABOVE_WATER_CHANCE:     # keepRunning
        mob.jump_control.set_active()


def unknown_world_random(mob: MobEntity, sim: TickContext) -> None:
    """The world's Random after the CORE and IDLE tasks' `tryStarting` (module docstring): unknown."""
    if not mob.brain_ticked:
        mob.brain_ticked = True
        make_unknown(sim, f"villager {mob.id}'s brain ticked ({sim.features.version}, tick {sim.tick_count}: "
                          "Brain.tick's PanicTask, StartRaidTask's nextInt(20) and the IDLE RandomTask, ordered by "
                          "an unseeded Random, draw from it; not modelled)")
