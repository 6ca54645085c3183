"""The every-4-ticks rule of `ItemEntity.tick` (spec 06 §3.2 step 5) reads Entity.age, as `ServerWorld.tickEntity`
has just counted it, not the item's own age: scenes/item_move_period_entity_age.toml, compiled and on the object
path, and a mutant reading the item's own age."""

from __future__ import annotations

from engine import jit
from engine.entities import item as item_module
from engine.entities import item_kernel
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_player_rows import _mutant

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

SCENE = SCENES_DIR / "item_move_period_entity_age.toml"
TICKS = 20
MOVE_TICKS = [3, 7, 11, 15, 19]      # (Entity.age + id 1) % 4 == 0
OWN_AGE_TICKS = [2, 6, 10, 14, 18]   # (own age 6 + tick − 1 + id 1) % 4 == 0


def _run(vectorize: bool) -> tuple[Simulation, list[float]]:
    """The scene after TICKS ticks, and item 1's X after each."""
    sim = load_scene(SCENE)
    sim.vectorize = vectorize
    xs = []
    for _ in range(TICKS):
        sim.tick()
        xs.append(sim.entity_by_id(1).pos.x)
    return sim, xs


def _move_ticks(xs: list[float]) -> list[int]:
    """The ticks that changed X (0.5 before tick 1)."""
    before = [0.5, *xs]
    return [t for t in range(1, TICKS + 1) if before[t] != before[t - 1]]


def test_a_slow_item_on_ice_moves_in_the_ticks_of_entity_age() -> None:
    """Item 1 (own age 6) slides at 0.003 a tick on ice, below the rule's speed: it moves in ticks 3, 7, 11, ...
    (by its Motion X, then × 0.98F × 0.98F), compiled and on the object path alike; after 20 ticks its Entity.age is
    20 and its own age 26."""
    sim, xs = _run(True)
    assert sim.kernel_ticks > 0
    assert _run(False)[1] == xs
    assert _move_ticks(xs) == MOVE_TICKS
    assert xs[2] == 0.503 and xs[-1] == 0.5138581219342901
    item = sim.entity_by_id(1)
    assert (item.age, item.item_age) == (20, 26)


def test_the_rule_read_with_the_items_own_age_moves_it_a_tick_early(monkeypatch) -> None:
    """The mutant (the item's own age in place of Entity.age) moves it in ticks 2, 6, 10, ...: the test above
    fails for it."""
    mutant = _mutant(item_kernel, "moves_this_tick", "i[r, I_AGE]", "i[r, I_ITEM_AGE]")
    monkeypatch.setattr(item_module, "_moves_this_tick", mutant)
    assert _move_ticks(_run(False)[1]) == OWN_AGE_TICKS
