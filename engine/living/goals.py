"""The goals of a mob's own that the engine runs, `SwimGoal` (1.12.2-1.13.2 `EntityAISwimming`) and the scene's
`path_to` (`MoveToTargetPosGoal`, 1.12.2-1.13.2 `EntityAIMoveToBlock`), under each release's goal selector
(`GoalSelector`, 1.12.2-1.13.2 `EntityAITasks`; spec 05 §4).

Which species add the swim goal is the species' `MobEntity.has_swim_goal`: pigs and creepers in every release,
villagers up to 1.13.2 (`villager_swim_goal`; from 1.14 their brain's `StayAboveWaterTask`,
engine.living.brain_tasks), zombies and skeletons in 1.12.2 (`undead_swim_goal`). Its constructor sets the
navigation's canSwim (`MobEntity.can_swim`). It holds the JUMP control (mutex 4) at priority 0 (creepers 1);
each tick it runs, a `nextFloat() < 0.8F` of the mob's own Random asks `JumpControl` to jump, and `tickMovement`'s
jump in water or lava swims up (`LivingEntity.tick_jumping`).

The path goal holds MOVE and JUMP (mutex 5) at priority 4 (the zombie's `DestroyEggGoal`; any number above the swim
goal's gives the same runs), its target the scene's (`findTargetPos` finds it, `isTargetPos` holds). `canStart`
counts its `cooldown` down, and at 0 draws the next, 200 + `nextInt(200)` (from 1.18 halved up: `toGoalTicks`), and
starts; `start` asks the navigation for the target (`startMovingTo`), zeroes `tryingTime` and draws
`safeWaitingTime`, `nextInt(nextInt(1200) + 1200) + 1200`, all on the mob's own Random; `tick` counts (the stage
kernel `follow_kernel.path_goal_tick`, every tick it runs: from 1.18 `shouldRunEveryTick`); it continues while
`tryingTime` lies from −`safeWaitingTime` to 1200 (`path_goal_continues`). Its `stop` does nothing: the navigation
keeps the path it follows. So the swim goal, starting, takes JUMP and stops the path goal, whose path the mob keeps
following as it swims; the path goal's `canStart` is not asked while the swim goal holds JUMP, and once the swim
goal stops it waits out the cooldown drawn at its last start before it starts again (a new path search).

When the selector starts and stops them (a goal stops where `shouldContinue` fails; the swim goal's is `canStart`):

- 1.12.2-1.13.2 `EntityAITasks.onUpdateTasks` (`goal_selector_every_third_tick`): where `tickCount++ % 3 == 0`, each
  goal in order stops (if running) where another running goal of a lower or equal priority number shares a mutex
  bit or it cannot continue, or else starts where none does and it can (`canUse`, `shouldExecute`); on the other
  ticks running goals that cannot continue stop and none starts; then every running goal is ticked.
- 1.14-1.17.1 `GoalSelector.tick` every tick: the running goals that cannot continue stop; then each goal not
  running whose controls are free or held by goals of a higher priority number (`canBeReplacedBy`) and that can
  start stops those and starts; then the running goals are ticked.
- 1.18 `MobEntity.tickNewAi` (`goal_selector_alternate`): where the tick's number + `getId()` is odd and the age is
  above 1, `tickGoals(false)` only ticks the running goals that `shouldRunEveryTick` (both do, from 1.18), else
  `GoalSelector.tick`. The number is the age from 1.20.5 (`goal_selector_alternate_by_age`); 1.18-1.20.4 count the
  server's ticks (`MinecraftServer.getTicks`), which a scene gives as `server_ticks` (its value before tick 1);
  without it the run stops where `GoalSelector.tick` would start or stop a goal, or ask the path goal's `canStart`.

The species' other goals (wandering, looking around, panicking, attacking) are not modelled, nor their draws from
the Random: a scene mob has the swim goal and the scene's goals (`move_to`, which holds no control and drives
`MoveControl` each tick, and `path_to`), the swim goal first in the selector's order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    GOAL_JUMP,
    GOAL_MOVE,
    GOAL_SELECTOR_ALTERNATION,
    GOAL_SELECTOR_TICK_RATE,
    PATH_GOAL_MIN_INTERVAL,
    PATH_GOAL_MIN_WAIT,
    PATH_GOAL_PRIORITY,
    SWIM_GOAL_JUMP_CHANCE,
    SWIM_GOAL_PRIORITY,
)
from engine.core.versions import refusal
from engine.jit import plain
from engine.pathfinding.follow_kernel import path_goal_continues, path_goal_tick

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.living.mob import MobEntity

SERVER_TICKS_UNKNOWN = ("the goal selector alternates by the server's tick counter (MinecraftServer.getTicks, "
                        "1.18-1.20.4), which this scene does not give (set scene.server_ticks), and a goal would "
                        "start or stop here")
_path_goal_continues, _path_goal_tick = plain(path_goal_continues), plain(path_goal_tick)


def can_start(mob: MobEntity, sim: TickContext) -> bool:
    """`SwimGoal.canStart` (and `shouldContinue`): touching water with a water height above the swim height
    (1.13.2-1.15.2: 0.4 where the eye height is at least 0.4, as every species with the goal has), or in lava;
    1.12.2 `EntityAISwimming.shouldExecute`: in water (the inWater flag) at any depth, or in lava
    (`swim_goal_any_depth`). The lava test is the release's (`Entity.is_in_lava_of`)."""
    if sim.features.swim_goal_any_depth:
        return mob.touching_water or mob.is_in_lava_of(sim)
    return deep_enough_to_swim(mob, sim, mob.swim_height())


def deep_enough_to_swim(mob: MobEntity, sim: TickContext, height: float) -> bool:
    """Touching water with a water height above `height`, or in lava (the release's `isInLava`): what the swim
    goal and the villager's `StayAboveWaterTask` test."""
    return mob.touching_water and mob.fluid_height["water"] > height or mob.is_in_lava_of(sim)


class SwimGoal:
    """`SwimGoal`: priority 0, JUMP; runs while it can start, its tick the jump's draw."""

    priority, controls = SWIM_GOAL_PRIORITY, GOAL_JUMP

    @staticmethod
    def is_running(mob: MobEntity) -> bool:
        return mob.swim_goal_running

    @staticmethod
    def should_continue(mob: MobEntity, sim: TickContext) -> bool:
        return can_start(mob, sim)

    @staticmethod
    def can_start(mob: MobEntity, sim: TickContext) -> bool:
        return can_start(mob, sim)

    @staticmethod
    def start(mob: MobEntity, sim: TickContext) -> None:
        mob.swim_goal_running = True

    @staticmethod
    def stop(mob: MobEntity) -> None:
        mob.swim_goal_running = False

    @staticmethod
    def tick(mob: MobEntity, sim: TickContext) -> None:
        """`SwimGoal.tick`: `nextFloat() < 0.8F` → `JumpControl.setActive`."""
        if mob.random.next_float() < SWIM_GOAL_JUMP_CHANCE:
            mob.jump_control.set_active()


class PathGoal:
    """The scene's `path_to` as `MoveToTargetPosGoal` (module docstring): priority 4, MOVE and JUMP."""

    priority, controls = PATH_GOAL_PRIORITY, GOAL_MOVE | GOAL_JUMP

    @staticmethod
    def is_running(mob: MobEntity) -> bool:
        return mob.path_goal_running

    @staticmethod
    def should_continue(mob: MobEntity, sim: TickContext) -> bool:
        return _path_goal_continues(mob._t.i, mob._r)

    @staticmethod
    def can_start(mob: MobEntity, sim: TickContext) -> bool:
        """`canStart`: the cooldown counted down, or at 0 the next drawn (`getInterval`) and the target found."""
        if mob.path_goal_cooldown > 0:
            mob.path_goal_cooldown -= 1
            return False
        interval = PATH_GOAL_MIN_INTERVAL + mob.random.next_int(PATH_GOAL_MIN_INTERVAL)
        mob.path_goal_cooldown = -(-interval // GOAL_SELECTOR_ALTERNATION) if sim.features.goal_selector_alternate \
            else interval                                                   # 1.18 toGoalTicks: ceilDiv(…, 2)
        return True

    @staticmethod
    def start(mob: MobEntity, sim: TickContext) -> None:
        """`start`: `startMovingToTarget`, `tryingTime` 0, `safeWaitingTime` drawn."""
        mob.path_goal_running = True
        (x, y, z), speed = mob.path_to
        mob.navigation.start_moving_to(sim.world, x, y, z, speed)
        mob.path_trying_time = 0
        r = mob.random
        mob.path_goal_wait = r.next_int(r.next_int(PATH_GOAL_MIN_WAIT) + PATH_GOAL_MIN_WAIT) + PATH_GOAL_MIN_WAIT

    @staticmethod
    def stop(mob: MobEntity) -> None:
        mob.path_goal_running = False

    @staticmethod
    def tick(mob: MobEntity, sim: TickContext) -> None:
        """`tick`: the count, and every 40 the navigation asked again (`follow_kernel.path_goal_tick`)."""
        if _path_goal_tick(mob._t.f, mob._t.i, mob._r, sim.features.path_goal_reached_below_1):
            (x, y, z), speed = mob.path_to
            mob.navigation.start_moving_to(sim.world, x, y, z, speed)


Goal = type[SwimGoal] | type[PathGoal]


def tick_goal_selector(mob: MobEntity, sim: TickContext) -> None:
    """The goal selector's tick (module docstring) over the mob's goals: its species' swim goal, then `path_to`."""
    features = sim.features
    goals: list[Goal] = [SwimGoal] if mob.has_swim_goal(features) else []
    if mob.has_path_goal:
        if "path_finding" in features.refused:
            raise refusal(features, "path_finding", f"entity {mob.id}, tick {sim.tick_count}")
        goals.append(PathGoal)
    if features.goal_selector_every_third_tick:
        full = mob.goal_ticks % GOAL_SELECTOR_TICK_RATE == 0
        mob.goal_ticks += 1
        on_update_tasks(mob, sim, goals, full)
    elif goals:
        full = not (features.goal_selector_alternate and mob.age > 1 and _odd_tick(mob, sim))
        if full:
            goal_selector_tick(mob, sim, goals)
        for goal in goals:                  # tickGoals: from 1.18 both goals shouldRunEveryTick
            if goal.is_running(mob):
                goal.tick(mob, sim)


def on_update_tasks(mob: MobEntity, sim: TickContext, goals: list[Goal], full: bool) -> None:
    """1.12.2-1.13.2 `EntityAITasks.onUpdateTasks`: on a full tick (`tickCount++ % 3 == 0`) each goal in order
    stops or starts, else the running ones that cannot continue stop; then every running goal is ticked."""
    for goal in goals:
        if goal.is_running(mob):
            if full and not can_use(mob, goal, goals) or not goal.should_continue(mob, sim):
                goal.stop(mob)
        elif full and can_use(mob, goal, goals) and goal.can_start(mob, sim):
            goal.start(mob, sim)
    for goal in goals:
        if goal.is_running(mob):
            goal.tick(mob, sim)


def can_use(mob: MobEntity, goal: Goal, goals: list[Goal]) -> bool:
    """`EntityAITasks.canUse`: no other running goal of a lower or equal priority number shares a mutex bit (those
    of a higher number are interruptible)."""
    return not any(other is not goal and other.is_running(mob) and goal.priority >= other.priority
                   and goal.controls & other.controls for other in goals)


def goal_selector_tick(mob: MobEntity, sim: TickContext, goals: list[Goal]) -> None:
    """`GoalSelector.tick` up to `tickGoals`: the running goals that cannot continue stop; each goal not running
    whose controls are free or held by goals it may replace (`canBeReplacedBy`: a higher priority number; the
    running goals hold their controls, `goalsByControl`) and that can start stops those and starts."""
    for goal in goals:
        if goal.is_running(mob) and not goal.should_continue(mob, sim):
            goal.stop(mob)
    for goal in goals:
        if goal.is_running(mob):
            continue
        holders = [other for other in goals if other.is_running(mob) and other.controls & goal.controls]
        if all(other.priority > goal.priority for other in holders) and goal.can_start(mob, sim):
            for other in holders:
                other.stop(mob)
            goal.start(mob, sim)


def _odd_tick(mob: MobEntity, sim: TickContext) -> bool:
    """Whether `tickNewAi` takes `tickGoals(false)` (age above 1): the age + `getId()` is odd (1.20.5); before,
    the server's count + `getId()` (`MinecraftServer.getTicks`, counted up before the worlds tick: the scene's
    `server_ticks` + the tick), and where the scene does not give it the run stops where the two ways part
    (`GoalSelector.tick` would change something: `_settled`)."""
    if sim.features.goal_selector_alternate_by_age:
        count = mob.age
    elif sim.server_ticks is not None:
        count = sim.server_ticks + sim.tick_count
    elif not _settled(mob, sim):
        raise refusal(sim.features, "living", f"entity {mob.id}, tick {sim.tick_count}", SERVER_TICKS_UNKNOWN)
    else:
        return True
    return (count + mob.id) % GOAL_SELECTOR_ALTERNATION != 0


def _settled(mob: MobEntity, sim: TickContext) -> bool:
    """Whether `GoalSelector.tick` would leave the goals as they are: the swim goal runs exactly where it can
    start; the path goal runs and continues, or waits on a swim goal keeping JUMP (its `canStart` not asked)."""
    swims = mob.has_swim_goal(sim.features) and can_start(mob, sim)
    if mob.has_swim_goal(sim.features) and swims != mob.swim_goal_running:
        return False
    if not mob.has_path_goal:
        return True
    return PathGoal.should_continue(mob, sim) if mob.path_goal_running else swims
