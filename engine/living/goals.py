"""The one goal of a mob's own that the engine runs: `SwimGoal` (1.12.2-1.13.2 `EntityAISwimming`), with the goal
selector's timing of each release (spec 05 §4).

Which species add it is the species' `MobEntity.has_swim_goal`: pigs and creepers in every release, villagers up to
1.13.2 (`villager_swim_goal`; from 1.14 their brain's `StayAboveWaterTask`, engine.living.brain_tasks), zombies
and skeletons in 1.12.2 (`undead_swim_goal`). Its constructor sets the navigation's canSwim (`MobEntity.can_swim`).
It holds the JUMP control (mutex 4); each tick it runs, a `nextFloat() < 0.8F` of the mob's own Random asks
`JumpControl` to jump, and `tickMovement`'s jump in water or lava swims up (`LivingEntity.tick_jumping`).

When the selector starts and stops it (the goal stops where it cannot start: `Goal.shouldContinue` is `canStart`):

- 1.12.2-1.13.2 `EntityAITasks.onUpdateTasks` (`goal_selector_every_third_tick`): where `tickCount++ % 3 == 0`
  running goals that cannot continue stop and the others may start; on the other ticks running goals that cannot
  continue stop and none starts; then every running goal is ticked (the one started in this tick too).
- 1.14-1.17.1 `GoalSelector.tick` every tick: stop, start, tick the running goals.
- 1.18 `MobEntity.tickNewAi` (`goal_selector_alternate`): where the tick's number + `getId()` is odd and the age is
  above 1, `tickGoals(false)` only ticks the running goals that `shouldRunEveryTick` (the swim goal does, from
  1.18), else `GoalSelector.tick`. The number is the age from 1.20.5 (`goal_selector_alternate_by_age`); 1.18-1.20.4
  count the server's ticks (`MinecraftServer.getTicks`), which a scene gives as `server_ticks` (its value before
  tick 1); without it the run stops where the swim goal's start or stop would depend on it.

The species' other goals (wandering, looking around, panicking, attacking) are not modelled, nor their draws from
the Random: a scene mob has the swim goal and the scene's goals (`move_to`, which holds no control, and `path_to`,
1.16.5's `MoveToTargetPosGoal`, MOVE and JUMP; 1.12.2's `EntityAIMoveToBlock`, mutex 5). The swim goal interrupting
a `path_to` goal is not modelled: where a mob with one would run its swim goal the run stops in one line
(`path_finding`: the path goal's rule, not the swim goal's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import GOAL_SELECTOR_ALTERNATION, GOAL_SELECTOR_TICK_RATE, SWIM_GOAL_JUMP_CHANCE
from engine.core.versions import refusal

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.living.mob import MobEntity

SERVER_TICKS_UNKNOWN = ("the goal selector alternates by the server's tick counter (MinecraftServer.getTicks, "
                        "1.18-1.20.4), which this scene does not give (set scene.server_ticks), and the swim goal "
                        "would start or stop here")
PATH_GOAL_INTERRUPTED = ("the swim goal would run beside the scene's path_to goal (its interruption of "
                         "MoveToTargetPosGoal is not modelled)")


def can_start(mob: MobEntity, sim: TickContext) -> bool:
    """`SwimGoal.canStart` (and `shouldContinue`): touching water with a water height above the swim height
    (1.13.2-1.15.2: 0.4 where the eye height is at least 0.4, as every species with the goal has), or in lava;
    1.12.2 `EntityAISwimming.shouldExecute`: in water (the inWater flag) at any depth, or in lava
    (`swim_goal_any_depth`). The lava test is the release's (`Entity.is_in_lava_of`)."""
    if sim.features.swim_goal_any_depth:
        return mob.touching_water or mob.is_in_lava_of(sim)
    return mob.touching_water and mob.fluid_height["water"] > mob.swim_height() or mob.is_in_lava_of(sim)


def tick_swim_goal(mob: MobEntity, sim: TickContext) -> None:
    """The goal selector's pass over the swim goal of a mob that has one (module docstring), then `SwimGoal.tick`
    where it runs: `nextFloat() < 0.8F` → `JumpControl.setActive`."""
    features = sim.features
    running = mob.swim_goal_running
    if features.goal_selector_every_third_tick:                 # 1.12.2-1.13.2 EntityAITasks.onUpdateTasks
        full = mob.goal_ticks % GOAL_SELECTOR_TICK_RATE == 0
        mob.goal_ticks += 1
        running = can_start(mob, sim) if full or running else False
    elif not (features.goal_selector_alternate and mob.age > 1 and _odd_tick(mob, sim, running)):
        running = can_start(mob, sim)                           # GoalSelector.tick: stop, start
    if running and mob.has_path_goal:
        raise refusal(features, "path_finding", f"entity {mob.id}, tick {sim.tick_count}", PATH_GOAL_INTERRUPTED)
    mob.swim_goal_running = running
    if running and mob.random.next_float() < SWIM_GOAL_JUMP_CHANCE:   # SwimGoal.tick
        mob.jump_control.set_active()


def _odd_tick(mob: MobEntity, sim: TickContext, running: bool) -> bool:
    """Whether `tickNewAi` takes `tickGoals(false)` (age above 1): the age + `getId()` is odd (1.20.5); before,
    the server's count + `getId()` (`MinecraftServer.getTicks`, counted up before the worlds tick: the scene's
    `server_ticks` + the tick), and where the scene does not give it the run stops where the two ways part (the
    goal would start or stop)."""
    if sim.features.goal_selector_alternate_by_age:
        count = mob.age
    elif sim.server_ticks is not None:
        count = sim.server_ticks + sim.tick_count
    elif can_start(mob, sim) != running:
        raise refusal(sim.features, "living", f"entity {mob.id}, tick {sim.tick_count}", SERVER_TICKS_UNKNOWN)
    else:
        return True
    return (count + mob.id) % GOAL_SELECTOR_ALTERNATION != 0
