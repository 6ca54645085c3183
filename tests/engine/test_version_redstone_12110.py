"""Redstone of 1.21.9, 1.21.10 and 1.21.11 (engine/redstone, docs/versions.md row `redstone`): the classes the
engine models read in 1.21.10 and 1.21.11 are 1.21.8's but for `LightningRodBlock.onPlace`
(`lightning_rod_place_schedules_tick`, 1.21.9: its release read); 1.21.9 is otherwise bracketed by 1.21.8 and
1.21.10."""

from __future__ import annotations

import pytest

from engine.constants import LAMP_OFF_DELAY, LIGHTNING_ROD_DELAY
from tests.conftest import SCENES_DIR
from tests.engine.test_version_redstone import BROKEN_LEVER_SCENE, LATE_SCENES, _run, _without_armor_stands

ROD_SCENE = (SCENES_DIR / "redstone_lightning_rod_placed_1_21_10.toml").read_text()
LATER = ("1.21.9", "1.21.10", "1.21.11")
ROD, LAMP, PISTON = (0, 1, 0), (-1, 1, 0), (1, 1, 0)


@pytest.mark.parametrize("name", LATE_SCENES)
def test_1_21_9_to_1_21_11_change_the_blocks_as_1_21_8(name: str) -> None:
    """The wire, torches, gates, observer, lamp, pistons, Level, LevelChunk, ServerLevel, the neighbour updater and
    the tick schedulers of 1.21.10 and 1.21.11 are 1.21.8's (1.21.9 bracketed): each scene, without its armor
    stands, changes the same blocks in the same ticks."""
    text = _without_armor_stands((SCENES_DIR / name).read_text())
    _, reference = _run(text, "1.21.8", 40)
    assert reference
    for version in LATER:
        assert _run(text, version, 40)[1] == reference, version


def test_a_lever_a_piston_breaks_updates_after_the_push_from_1_21_9_as_in_1_21_8() -> None:
    """`affect_neighbors_after_removal` holds on: the TNT under the pushed redstone block stays a block (no entity 2)
    and the blocks change as in 1.21.8."""
    text = _without_armor_stands(BROKEN_LEVER_SCENE)
    _, reference = _run(text, "1.21.8", 4)
    assert (3, (2, 11, 0), "minecraft:moving_piston[facing=east,type=normal]", "minecraft:redstone_block") in reference
    for version in LATER:
        sim, changes = _run(text, version, 4)
        assert changes == reference and sim.entity_by_id(2) is None, version


def _rod_changes(changes: list[tuple[int, tuple[int, ...], str, str]], pos: tuple[int, int, int]) -> list[tuple]:
    return [(tick, to) for tick, at, _, to in changes if at == pos]


@pytest.fixture(scope="module")
def rod_runs() -> dict[str, tuple]:
    """The rod scene's TNT height and block changes after 16 ticks: 1.21.8, 1.21.9, 1.21.10, 1.21.11 and the mutant
    (1.21.10 with the flag off)."""
    runs = {}
    for version in ("1.21.8", "1.21.9", "1.21.10", "1.21.11"):
        sim, changes = _run(ROD_SCENE, version, 16)
        runs[version] = (sim.entity_by_id(1).pos.y, changes)
    sim, changes = _run(ROD_SCENE, "1.21.10", 16, lightning_rod_place_schedules_tick=False)
    runs["mutant"] = (sim.entity_by_id(1).pos.y, changes)
    return runs


def test_a_powered_lightning_rod_placed_turns_off_at_once_up_to_1_21_8(rod_runs: dict[str, tuple]) -> None:
    """The scene's comment: onPlace sets the rod unpowered in the tick it is set, with flags 18, and Level.setBlock
    then updates nothing: the lamp and piston never change, the TNT stays on the piston."""
    y, changes = rod_runs["1.21.8"]
    assert y == 2.0 and {pos for _, pos, _, _ in changes} == {ROD}
    assert [(tick, "powered=true" in to) for tick, to in _rod_changes(changes, ROD)] == [(1, True), (1, False)]
    assert rod_runs["mutant"] == rod_runs["1.21.8"]


def test_a_powered_lightning_rod_placed_keeps_its_power_until_its_tick_from_1_21_9(rod_runs: dict[str, tuple]) -> None:
    """From 1.21.9 the rod keeps its power until the block tick onPlace schedules 8 ticks later: the lamp lights and
    the piston lifts the TNT onto its head (+ 0.01) in tick 1; the rod turns off in tick 1 + 8, the piston retracts
    then and the lamp goes out 4 ticks later (RedstoneLampBlock's delay). 1.21.10 and 1.21.11 are 1.21.9."""
    y, changes = rod_runs["1.21.9"]
    assert rod_runs["1.21.11"] == rod_runs["1.21.10"] == rod_runs["1.21.9"]
    assert y == 3.01
    off = 1 + LIGHTNING_ROD_DELAY
    assert [tick for tick, _ in _rod_changes(changes, ROD)] == [1, off]
    assert _rod_changes(changes, LAMP) == [(1, "minecraft:redstone_lamp[lit=true]"),
                                           (off + LAMP_OFF_DELAY, "minecraft:redstone_lamp[lit=false]")]
    assert (1, "minecraft:piston[extended=true,facing=up]") in _rod_changes(changes, PISTON)
    assert (off, "minecraft:moving_piston[facing=up,type=normal]") in _rod_changes(changes, PISTON)

