"""The villager's brain and the world's Random (engine.living.brain_tasks.unknown_world_random,
engine.core.unknown_random; Yarn `Brain.tick`, `Task.tryStarting`, `PanicTask`, `StartRaidTask`,
`VillagerTaskListProvider`, `CompositeTask`, `WeightedList` of 1.14 to 1.21.3): from 1.14 a villager's first brain
tick leaves the world's Random unknown, so a later read of it stops the run in one line, on the object path and
after the compiled mob loop alike, while a draw whose value nothing reads (a sound's pitch) lets it go on; a draw
before that tick, or in a world whose villagers have no AI or no brain, comes from the seed.
`scenes/refusals/villager_brain_world_random_1_14.toml`: TNT 2 primed in tick 1 (before the villager's tick), the
piston extended in tick 3 (its sound's pitch), TNT 3 in tick 5."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import jit
from engine.tick.scene import load_scene_text
from engine.tick.scene_writer import scene_document, scene_toml
from tests.engine.test_version_path_1415 import scene_at

SCENE = "refusals/villager_brain_world_random_1_14.toml"
TNT_2 = (-0.014079809183372663, 0.03231522834887131, 0.01191906801694365)       # after tick 4
TNT_3 = (0.009752174870510735, 0.1568000029206276, -0.017001620078538955)        # after tick 5, its first
PISTON, HEAD = (0, 1, -3), (0, 1, -4)
STOP = (r"^the world's Random is read after villager 1's brain ticked \({}, tick 1: Brain\.tick's PanicTask, "
        r"StartRaidTask's nextInt\(20\) and the IDLE RandomTask, ordered by an unseeded Random, draw from it; not "
        r"modelled\): its state is not the game's$")


def run(version: str, ticks: int, *, no_ai: bool = False, vectorize: bool = False, **flags: bool) -> Any:
    """The simulation after `ticks` ticks of the scene in `version` (its villager without AI where `no_ai`)."""
    sim = scene_at(SCENE, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    sim.vectorize = vectorize
    sim.entity_by_id(1).no_ai = no_ai
    for _ in range(ticks):
        sim.tick()
    return sim


def motion(sim: Any, entity: int) -> tuple[float, float, float]:
    return tuple(sim.entity_by_id(entity).motion)


@pytest.mark.parametrize(("version", "vectorize"), [("1.14", False), ("1.21.3", False), ("1.16.5", True)])
def test_a_villager_s_first_brain_tick_leaves_the_world_random_unknown(version: str, vectorize: bool) -> None:
    """TNT 2, primed in tick 1's scheduled-tick phase, draws its angle before the villager's first brain tick: the
    seed's. The piston's extension in tick 3 draws its sound's pitch, which nothing reads: the run goes on and the
    head moves out. Priming TNT 3 in tick 5 reads the Random the brain has drawn from since: the run stops in one
    line naming the villager's brain and the tick it first ticked. Compiled (1.16.5) the villager's first tick takes
    the object path and the loop runs the next ones."""
    if vectorize:
        jit.bind_kernels()
    sim = run(version, 4, vectorize=vectorize)
    assert motion(sim, 2) == TNT_2
    assert sim.world.get_block_state(*PISTON).get("extended") == "true"
    assert sim.world.get_block_state(*HEAD).block == "moving_piston"
    assert (sim.kernel_ticks > 0) == vectorize
    with pytest.raises(NotImplementedError, match=STOP.format(version.replace(".", r"\."))):
        sim.tick()


def test_without_ai_or_brain_every_angle_comes_from_the_seed() -> None:
    """The villager without AI ticks no brain (1.14): TNT 3's angle is the seed's draw after TNT 2's angle and the
    piston's pitch (a discarded draw steps the seed as the draw does), and so it is where the villager has AI but
    its species no `mobTick` (the mutant: `villager_swim_goal` on, as 1.13.2's villager)."""
    assert motion(run("1.14", 5, no_ai=True), 3) == TNT_3
    assert motion(run("1.14", 5, villager_swim_goal=True), 3) == TNT_3


def test_a_scene_written_after_the_first_brain_tick_keeps_the_random_unknown() -> None:
    """Written after tick 4, the scene holds the world's Random as unknown with its reason: loaded, the priming
    still to come (its tick 1) stops the run in the same line."""
    text = scene_toml(scene_document(run("1.14", 4)))
    with pytest.raises(NotImplementedError, match=STOP.format(r"1\.14")):
        load_scene_text(text, SCENE).tick()
