"""The tick context: `Simulation` satisfies the narrow protocol stages take, and stage code uses nothing else."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from engine.core.context import TickContext
from engine.tick.simulation import Simulation

ENGINE = Path(__file__).resolve().parents[2] / "engine"
ABOVE_THE_STAGES = ("tick", "analysis", "schematics", "jit.py")   # these hold or drive the whole Simulation
MEMBERS = {"world", "features", "random", "math_random", "scatter_random", "tick_count", "seed",
           "max_entity_cramming", "entities", "entity_by_id", "create", "add_entity", "emit", "create_explosion",
           "drop_item_of", "change_dimension", "redstone_log", "explosion_step", "server_ticks", "players"}


def test_simulation_is_a_tick_context() -> None:
    assert isinstance(Simulation(), TickContext)
    assert not isinstance(object(), TickContext)


def test_the_protocol_holds_exactly_what_stages_use() -> None:
    declared = set(TickContext.__annotations__) | {n for n in vars(TickContext) if not n.startswith("_")}
    assert declared == MEMBERS
    used = set()
    for path in ENGINE.rglob("*.py"):
        if path.relative_to(ENGINE).parts[0] not in ABOVE_THE_STAGES:
            used.update(re.findall(r"\b_?sim\.([a-z_]+)", path.read_text(encoding="utf-8")))
    assert used == MEMBERS


def test_the_methods_have_the_simulations_signatures() -> None:
    for name in MEMBERS:
        declared = inspect.getattr_static(TickContext, name, None)
        if inspect.isfunction(declared):
            ours = inspect.signature(getattr(Simulation, name))
            assert list(inspect.signature(declared).parameters) == list(ours.parameters), name
