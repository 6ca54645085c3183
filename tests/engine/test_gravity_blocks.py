"""Gravity blocks (engine/redstone/gravity_blocks.py): a sand, gravel or concrete powder block whose support goes
falls at its scheduled tick, after a block set by an action, an explosion's removal, a piston's pull; concrete
powder hardens beside water. Each case runs a scene and asserts what it does; the mutants take the schedule (or
the explosion's updates, or the release's rule) away and must change the result."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from engine.influences import explosion
from engine.redstone import gravity_blocks
from engine.redstone.registry import Behaviour
from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR

Falls = list[tuple[int, int, tuple[float, float, float]]]


def _run(scene: str, ticks: int, version: str | None = None, **flags: bool) -> tuple[Simulation, Falls, list]:
    """The scene run `ticks` ticks (in `version`, with `flags` forced): each falling block's first recorded
    position (tick, id, pos) and the world's block changes (tick, pos, to)."""
    text = (SCENES_DIR / scene).read_text()
    if version is not None:
        text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                         for line in text.splitlines())
    sim = load_scene_text(text, scene)
    sim.features = dataclasses.replace(sim.features, **flags)
    falls: Falls = []
    changes = []
    seen: set[int] = set()
    for _ in range(ticks):
        record = sim.tick()
        changes += [(sim.tick_count, tuple(ev["pos"]), ev["to"]) for ev in record.events
                    if ev["kind"] == "block_changed"]
        for e in sim.entities:
            if e.TYPE == "minecraft:falling_block" and e.id not in seen:
                seen.add(e.id)
                falls.append((sim.tick_count, e.id, tuple(e.pos)))
    return sim, falls, changes


def _block(sim: Simulation, x: int, y: int, z: int) -> str:
    return sim.world.get_block_state(x, y, z).block


@pytest.fixture
def no_schedule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: a gravity block never schedules its fall test."""
    monkeypatch.setattr(gravity_blocks.GravityBlock, "schedule", lambda self, sim, state, pos: None)


def test_sand_falls_two_ticks_after_its_support_goes() -> None:
    """sand_support_removed: the dirt goes in tick 1; the sand's tick (2 later) spawns it lifted by (1 − 0.98F)/2
    and it moves in the same tick; the sand above follows in tick 5; both land on the stone."""
    sim, falls, changes = _run("sand_support_removed.toml", 16)
    assert falls == [(3, 2, (0.5, 1.9699999904632568, 0.5)), (5, 3, (0.5, 2.969999990463257, 0.5))]
    assert (3, (0, 2, 0), "minecraft:air") in changes and (5, (0, 3, 0), "minecraft:air") in changes
    assert [c for c in changes if c[2] == "minecraft:sand"] == [(9, (0, 1, 0), "minecraft:sand"),
                                                                (11, (0, 2, 0), "minecraft:sand")]
    assert [_block(sim, 0, y, 0) for y in (1, 2, 3)] == ["sand", "sand", "air"]


@pytest.mark.usefixtures("no_schedule")
def test_sand_without_its_schedule_floats() -> None:
    sim, falls, _ = _run("sand_support_removed.toml", 16)
    assert falls == [] and _block(sim, 0, 2, 0) == "sand"


def test_1_12_2_sand_falls_at_a_neighbour_update() -> None:
    """1.12.2: BlockFalling.neighborChanged schedules the tick (no shape updates); the spawn and the fall are
    1.12.2's; the mutant whose neighbour update does nothing (1.13's) leaves the sand floating."""
    _, falls, _ = _run("sand_support_removed_1_12_2.toml", 16)
    assert falls == [(3, 2, (0.5, 1.9699999913573265, 0.5)), (5, 3, (0.5, 2.9699999913573265, 0.5))]


def test_1_12_2_sand_without_neighbour_updates_floats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gravity_blocks.GravityBlock, "neighbor_update", Behaviour.neighbor_update)
    sim, falls, _ = _run("sand_support_removed_1_12_2.toml", 16)
    assert falls == [] and _block(sim, 0, 2, 0) == "sand"


def test_1_21_11_sand_spawns_at_the_cells_floor_and_the_one_above_follows() -> None:
    """spawnFromBlock: no lift; the cell goes with flags 3 as the entity spawns."""
    sim, falls, changes = _run("sand_support_removed_1_21_11.toml", 16)
    assert falls == [(3, 2, (0.5, 1.96, 0.5)), (5, 3, (0.5, 2.96, 0.5))]
    assert [_block(sim, 0, y, 0) for y in (1, 2, 3)] == ["sand", "sand", "air"]


def test_sand_over_a_block_an_explosion_removes_falls() -> None:
    """sand_over_blasted_dirt: the blast (tick 2) removes the dirt and the five lower sand blocks; the top sand,
    updated by the removal under it, falls in tick 4 (entity 4: the blast's dirt and sand items are 2 and 3) and lands
    on the floor in tick 21."""
    sim, falls, changes = _run("sand_over_blasted_dirt.toml", 24)
    assert falls == [(4, 4, (0.5, 6.9699999904632565, 0.5))]
    assert changes[-1] == (21, (0, 1, 0), "minecraft:sand")
    assert _block(sim, 0, 7, 0) == "air" and _block(sim, 0, 1, 0) == "sand"


def test_an_explosion_without_updates_leaves_the_sand_floating(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: the blast sets air without telling the neighbours (the engine before)."""
    def set_quietly(sim: Simulation, pos: tuple[int, int, int], state: object, flags: int) -> bool:
        sim.world.set_block_state(*pos, state)
        return True
    monkeypatch.setattr(explosion, "nu", SimpleNamespace(set_block_state=set_quietly, NOTIFY_ALL=3))
    sim, falls, _ = _run("sand_over_blasted_dirt.toml", 24)
    assert falls == [] and _block(sim, 0, 7, 0) == "sand"


def test_gravel_falls_when_a_sticky_piston_pulls_its_support() -> None:
    """gravel_pulled_by_piston: the pull (tick 5) empties the stone's cell; the gravel falls in ticks 7, 9, 11
    and is placed back as a column on the obsidian in ticks 13, 15, 17."""
    sim, falls, changes = _run("gravel_pulled_by_piston.toml", 20)
    assert [(t, i) for t, i, _ in falls] == [(7, 2), (9, 3), (11, 4)]
    assert [c for c in changes if c[2] == "minecraft:gravel"] == [
        (13, (2, 1, 0), "minecraft:gravel"), (15, (2, 2, 0), "minecraft:gravel"), (17, (2, 3, 0), "minecraft:gravel")]
    assert _block(sim, 1, 1, 0) == "stone" and _block(sim, 2, 4, 0) == "air"


@pytest.mark.usefixtures("no_schedule")
def test_gravel_without_its_schedule_stays_up() -> None:
    sim, falls, _ = _run("gravel_pulled_by_piston.toml", 20)
    assert falls == [] and _block(sim, 2, 2, 0) == "gravel"


def test_a_dragon_egg_falls_five_ticks_after_its_support_goes() -> None:
    """DragonEggBlock.getFallDelay: 5 (1.12.2 tickRate 5)."""
    sim = load_scene_text('[scene]\nname = "egg"\nversion = "1.16.5"\n'
                          '[[blocks]]\nat = [0, 0, 0]\nblock = "minecraft:stone"\n'
                          '[[blocks]]\nat = [0, 1, 0]\nblock = "minecraft:dirt"\n'
                          '[[blocks]]\nat = [0, 2, 0]\nblock = "minecraft:dragon_egg"\n'
                          '[[actions]]\ntick = 1\ndo = "remove_block"\nat = [0, 1, 0]\n')
    spawned = []
    for _ in range(8):
        sim.tick()
        spawned += [sim.tick_count for e in sim.entities if e.TYPE == "minecraft:falling_block" and e.time == 1]
    assert spawned == [6]


@pytest.mark.parametrize(("version", "flags", "landed"), [
    ("1.15", {}, "white_concrete"), ("1.14.4", {}, "white_concrete_powder"),
    ("1.15", {"concrete_landing_side_water": False}, "white_concrete_powder")])
def test_concrete_powder_landing_beside_water_hardens_from_1_15(version: str, flags: dict[str, bool],
                                                                landed: str) -> None:
    """concrete_powder_lands_beside_water_1_15: onLanding's shouldHarden (1.15) against hardensIn alone (1.14.4,
    and the mutant)."""
    sim, _, _ = _run("concrete_powder_lands_beside_water_1_15.toml", 16, version, **flags)
    assert _block(sim, 0, 1, 0) == landed


@pytest.mark.parametrize("version", ["1.16.5", "1.12.2", "1.21.11"])
def test_water_set_beside_concrete_powder_hardens_it(version: str) -> None:
    """concrete_powder_water_beside: the shape update (1.13+) or the neighbour update (1.12.2) hardens it in
    tick 1."""
    sim, falls, changes = _run("concrete_powder_water_beside.toml", 4, version)
    assert (1, (0, 1, 0), "minecraft:white_concrete") in changes and falls == []


def test_concrete_powder_without_its_water_test_stays_powder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gravity_blocks, "hardens_on_any_side", lambda world, pos: False)
    sim, _, _ = _run("concrete_powder_water_beside.toml", 4)
    assert _block(sim, 0, 1, 0) == "white_concrete_powder"


def test_scaffolding_told_of_a_change_stops_the_run() -> None:
    """ScaffoldingBlock's distance tick is not modelled: a shape update reaching it stops the run in one line."""
    sim = load_scene_text('[scene]\nname = "scaffolding"\nversion = "1.16.5"\n'
                          '[[blocks]]\nat = [0, 0, 0]\nblock = "minecraft:stone"\n'
                          '[[blocks]]\nat = [0, 1, 0]\nblock = "minecraft:scaffolding"\n'
                          '[[actions]]\ntick = 1\ndo = "remove_block"\nat = [0, 0, 0]\n')
    with pytest.raises(NotImplementedError, match="falling-block tick .* scaffolding at \\[0, 1, 0\\]"):
        sim.tick()


def test_falling_sand_scene_still_lands_once() -> None:
    """falling_sand: the landing's flags 3 schedule the landed sand's own test, which finds stone below."""
    sim = load_scene(SCENES_DIR / "falling_sand.toml")
    for _ in range(40):
        sim.tick()
    assert _block(sim, 0, 1, 0) == "sand" and not sim.entities
