"""Pistons, shulker boxes and arrows of 1.14-1.15.2 (engine/influences/piston*.py, shulker_box.py,
engine/entities/arrow.py; docs/versions.md `pistons`, `shulker_box`, `arrow`): the retracting head pushes with its
long arm, 4 px behind the base on its last run (`piston_head_short_past_quarter`, 1.16), the retracting head's
moving shape keeps the short arm (`piston_moving_long_arm`, 1.16), the retraction's flags 3
(`piston_retract_flags_20`, 1.16) and the move's array of removed states filled from its end
(`piston_move_states_in_order`, 1.16); an extending slime block and an opening shulker box push as in 1.16.5; an
arrow passes over its owner for its first 4 ticks of flight (`arrow_left_owner`, 1.16) and a stuck arrow tests its
box for room to fall (`arrow_release_point_box`, 1.16); a boat without riders out of water ticks as in 1.16.5.
Each scene's version is the old one; 1.16 is its neighbour."""

from __future__ import annotations

from typing import Any

import pytest

from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_versions import _with_version

ARM = (SCENES_DIR / "piston_retract_arm_1_15_2.toml").read_text()
GAP = (SCENES_DIR / "piston_arm_gap_1_15_2.toml").read_text()
STATES = (SCENES_DIR / "piston_push_states_1_15_2.toml").read_text()
LAUNCHER = (SCENES_DIR / "slime_launcher_1_14_4.toml").read_text()
SHULKER = (SCENES_DIR / "shulker_box_tnt_1_14_4.toml").read_text()
OWNER = (SCENES_DIR / "arrow_owner_1_15_2.toml").read_text()
RELEASE = (SCENES_DIR / "arrow_release_1_15_2.toml").read_text()
BOAT = (SCENES_DIR / "boat_ice_slide_1_14_4.toml").read_text()
PISTON_BLAST = (SCENES_DIR / "explosion_piston_1_16.toml").read_text()
BRICKS_BLAST = (SCENES_DIR / "explosion_end_stone_bricks_1_15.toml").read_text()


def _run(text: str, version: str, ticks: int) -> tuple[Simulation, list[list[Any]]]:
    """The scene at `version` after `ticks` ticks, with each tick's traced neighbour updates (from, source)."""
    sim = load_scene_text(_with_version(text, version), "<1.15 pistons>")
    sim.trace_enabled = True
    updates = []
    for _ in range(ticks):
        record = sim.tick()
        updates.append([(tuple(u["from"]), u["source"]) for u in record.redstone["neighbor_updates"]])
    return sim, updates


@pytest.mark.parametrize("version", ["1.14", "1.14.4", "1.15", "1.15.2"])
def test_the_retracting_arm_pushes_behind_the_base_up_to_1_15_2(version: str) -> None:
    """The base's B36 pushes with the head state. Up to 1.15.2 its arm is long in both runs: in the second
    (progress 0.5, head 0.5 east of the base) the arm's back end is at x 0.5 - 4/16 = 0.25 and sweeps 0.5 west to
    -0.25; the TNT's east face is at -0.59 + 0.49F (half of its 0.98F width) = -0.0999999905, 0.1500000095 inside
    the sweep, so it moves 0.1500000095 + 0.01 west. The first run (progress 0) sweeps 0.75 → 0.25, inside the
    base: no push."""
    sim = load_scene_text(_with_version(ARM, version), "<arm>")
    for tick in range(1, 7):
        sim.tick()
        x = sim.entity_by_id(1).pos.x
        assert x == (-0.59 if tick < 6 else -0.7500000095367431), tick
    assert tuple(sim.entity_by_id(1).motion) == (0.0, 0.0, 0.0)     # a piston's move leaves the Motion


@pytest.mark.parametrize("version", ["1.16", "1.16.5"])
def test_the_short_arm_of_1_16_stops_at_the_base(version: str) -> None:
    """From 1.16 the head is short once progress > 0.25F: its back end at 0.5 sweeps to 0.0, the base's west face;
    the TNT stays."""
    sim = load_scene_text(_with_version(ARM, version), "<arm>")
    for _ in range(8):
        sim.tick()
    assert sim.entity_by_id(1).pos.x == -0.59


def test_the_item_falls_past_the_short_moving_arm_up_to_1_15_2() -> None:
    """ItemEntity.tick: Motion Y - 0.04, the move, x 0.98 (double), from rest at y 2.15: y 2.11, 2.0308,
    1.913184, 1.75792032 after ticks 1-4 (above the arm's top, 1.625, while the head's long arm is there). In tick 5
    the item moves by -0.1921584064: up to 1.15.2 past the moving head's short arm (x from 1.0; the item spans x
    0.75..1.0) to 1.5657619136; from 1.16 onto the long arm's top, 1 + 10/16."""
    old = load_scene_text(_with_version(GAP, "1.15.2"), "<gap>")
    new = load_scene_text(_with_version(GAP, "1.16"), "<gap>")
    for tick, y in enumerate((2.11, 2.0308, 1.913184, 1.75792032), start=1):
        old.tick()
        new.tick()
        assert old.entity_by_id(1).pos.y == pytest.approx(y, abs=1e-12), tick
        assert new.entity_by_id(1).pos == old.entity_by_id(1).pos
    old.tick()
    new.tick()
    assert old.entity_by_id(1).pos.y == pytest.approx(1.5657619136, abs=1e-12)
    assert not old.entity_by_id(1).on_ground
    assert new.entity_by_id(1).pos.y == 1.625 and new.entity_by_id(1).on_ground


def test_the_retraction_names_the_piston_as_its_updates_source_up_to_1_15_2() -> None:
    """PistonBlock.onSyncedBlockEvent, tick 5: up to 1.15.2 setBlockState(moving piston, 3) runs the neighbour
    updates around the base with the old block, the piston, as their source; from 1.16 flags 20 and then
    updateNeighbors(pos, moving_piston). Then the head's cell (removeBlock) in both."""
    for version, source in (("1.15.2", "piston"), ("1.16", "moving_piston")):
        _, updates = _run(ARM, version, 5)
        assert sorted(set(updates[4]), key=updates[4].index) == [((0, 1, 0), source), ((1, 1, 0), "piston_head")]
        assert len(updates[4]) == 12      # six neighbours each


def test_the_move_reads_its_removed_states_from_the_array_s_start_up_to_1_15_2() -> None:
    """PistonBlock.move, tick 1: the moved blocks are stone (1, 1, 0) and dirt (2, 1, 0), updated last moved first.
    1.16 fills the array with dirt, stone and reads it in that order; up to 1.15.2 it is filled from its end (stone
    at 0, dirt at 1) and read from its start, so the dirt's old cell names stone and the stone's dirt."""
    for version, first, second in (("1.15.2", "stone", "dirt"), ("1.16", "dirt", "stone")):
        sim, updates = _run(STATES, version, 3)
        moved = [u for u in updates[0] if u[0] in ((2, 1, 0), (1, 1, 0)) and u[1] != "piston_head"]
        assert moved == [((2, 1, 0), first)] * 6 + [((1, 1, 0), second)] * 6, version
        assert str(sim.world.get_block_state(2, 1, 0)) == "minecraft:stone"     # the blocks land the same
        assert str(sim.world.get_block_state(3, 1, 0)) == "minecraft:dirt"


def _lines(text: str, version: str, ticks: int) -> list[dict[str, Any]]:
    sim = load_scene_text(_with_version(text, version), "<same>")
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append([e.trace_line() for e in sim.reported_entities()])
    return out


@pytest.mark.parametrize("version", ["1.14", "1.14.4", "1.15.2"])
def test_a_slime_launcher_launches_as_in_1_16_5(version: str) -> None:
    """An extending slime block: the same PistonBlockEntity code (getApproximateHeadBox is the full cube's own
    box): tick 1 sets the TNT's Motion Y to 1 and pushes it 0.5 + 0.01 up, to 3.51."""
    lines = _lines(LAUNCHER, version, 8)
    assert lines == _lines(LAUNCHER, "1.16.5", 8)
    assert lines[0][0]["pos"][1] == 3.51 and lines[0][0]["motion"][1] == 1.0


@pytest.mark.parametrize("version", ["1.14", "1.14.4", "1.15.2"])
def test_a_shulker_box_lifts_as_in_1_16_5(version: str) -> None:
    """ShulkerBoxBlockEntity.pushEntities of 1.14-1.15.2 is 1.16.5's: the same run; after the 10 opening ticks
    the TNT stood 0.01 above the open lid (y 1 + 1 + 0.5 + 0.01) and then falls."""
    lines = _lines(SHULKER, version, 12)
    assert lines == _lines(SHULKER, "1.16.5", 12)
    assert lines[10][0]["pos"][1] == pytest.approx(2.51, abs=1e-6)


def _arrow(text: str, version: str, ticks: int) -> Any:
    sim = load_scene_text(_with_version(text, version), "<arrow>")
    for _ in range(ticks):
        sim.tick()
    return sim.entity_by_id(1)


@pytest.mark.parametrize("version", ["1.14", "1.14.4", "1.15.2"])
def test_an_arrow_passes_over_its_owner_for_four_ticks_up_to_1_15_2(version: str) -> None:
    """Drag 0.99F a tick, no gravity: x 0.5 → 1.5 → 2.49 → 3.4701 (+ 0.99F², 0.99F in float widened to double).
    In tick 3 (flyingTick 3) its path from 2.49 crosses the TNT's box grown by 0.3 (x 2.71): up to 1.15.2
    passed over; from 1.16 (left its owner in tick 1) hit, no damage to a TNT, the Motion x -0.1 and the position
    moved by it: 2.49 - 0.0970299..."""
    old = _arrow(OWNER, version, 3)
    assert old.pos.x == 3.4701000284194947 and old.motion.x == 0.9702990280408862
    assert old.flying_tick == 3
    new = _arrow(OWNER, "1.16", 3)
    assert new.pos.x == 2.391990007648468 and new.motion.x == -0.09702990280408863


def test_an_arrow_bounced_off_an_entity_restarts_its_flying_ticks_up_to_1_15_2() -> None:
    """flyingTick restarts at 0 on a bounce: an arrow shot at a TNT that is not its owner bounces in tick 3 and
    counts again from there."""
    text = OWNER.replace("owner = 2\n", "")
    arrow = _arrow(text, "1.15.2", 5)
    assert arrow.motion.x < 0.0 and arrow.flying_tick == 2


@pytest.mark.parametrize("version", ["1.14", "1.14.4", "1.15.2"])
def test_a_stuck_arrow_beside_a_block_stays_up_to_1_15_2(version: str) -> None:
    """Stuck at x 2.95 (0.05F before the stone at x 3) with z 0.8. With the stone gone (tick 5) the cube of 0.06
    around the position is free, but the arrow's box (z 0.55..1.05) grown by 0.06 reaches the stone at z 1..2
    beside it: up to 1.15.2 it stays stuck; from 1.16 it falls out, the Motion x nextFloat() x 0.2F."""
    old = _arrow(RELEASE, version, 7)
    assert old.in_ground and old.pos.x == 2.949999999254942
    new = _arrow(RELEASE, "1.16", 5)
    assert not new.in_ground and 0.0 < new.motion.x < 0.2 * 0.5049 and new.motion.y == 0.0


@pytest.mark.parametrize("version", ["1.14", "1.14.4", "1.15.2"])
def test_a_boat_slides_on_packed_ice_as_in_1_16_5(version: str) -> None:
    """BoatEntity.tick, updateVelocity and fall of 1.14-1.15.2 are 1.16.5's: the same run. On packed ice the
    boat's Motion X is x 0.98F (the average slipperiness under it) each tick."""
    lines = _lines(BOAT, version, 12)
    assert lines == _lines(BOAT, "1.16.5", 12)
    assert lines[11][0]["on_ground"]
    assert lines[11][0]["motion"][0] / lines[10][0]["motion"][0] == pytest.approx(0.98, abs=1e-7)


def _broken_behind(text: str, version: str) -> set[tuple[int, ...]]:
    """The stone cells behind the scene's wall (x = 3) its TNT's explosion breaks in `version`."""
    record = load_scene_text(_with_version(text, version), "<blast>").tick()
    return {tuple(e["pos"]) for e in record.events
            if e["kind"] == "block_changed" and e["pos"][0] == 3 and e["from"] == "minecraft:stone"}


@pytest.mark.parametrize(("text", "old", "new", "broken"), [
    (PISTON_BLAST, ("1.13.2", "1.14", "1.14.4", "1.15", "1.15.2"), ("1.16", "1.16.5"), 3),
    (BRICKS_BLAST, ("1.13.2", "1.14", "1.14.4"), ("1.15", "1.15.2", "1.16.5"), 1)], ids=["pistons", "end_stone_bricks"])
def test_an_explosion_passes_weaker_pistons_and_end_stone_bricks_before_1_16_and_1_15(
        text: str, old: tuple[str, ...], new: tuple[str, ...], broken: int) -> None:
    """The block tables of 1.13.2-1.15.2 (minecraft-data, as Blocks.java and 1.13.2's Block.registerBlocks): pistons
    strength(0.5F) up to 1.15.2 (1.5F from 1.16), end stone bricks strength(0.8F) up to 1.14.4 ((3.0F, 9.0F) from
    1.15). The rays lose less in the weaker wall and break stone behind it; from the change the stone behind stands.
    1.13.2 explodes by 1.12.2's `doExplosionB` (the HashSet order) and breaks the same blocks."""
    first = _broken_behind(text, old[0])
    assert len(first) == broken
    assert all(_broken_behind(text, v) == first for v in old[1:])
    assert all(not _broken_behind(text, v) for v in new)


def test_an_extended_piston_and_a_fence_run_in_1_15_2_on_its_block_table() -> None:
    """1.15.2 has a block table (minecraft-data pc/1.15.2): a scene saved with an extended piston loads and runs,
    and a TNT dropped onto a fence lands on its 1.5-high collision box."""
    text = ('[scene]\nversion = "1.15.2"\n[[blocks]]\nat = [0, 1, 0]\n'
            'block = "minecraft:piston[facing=up,extended=true]"\n[[blocks]]\nat = [0, 2, 0]\n'
            'block = "minecraft:piston_head[facing=up]"\n[[entities]]\ntype = "minecraft:tnt"\n'
            'pos = [0.5, 3.5, 0.5]\nfuse = 50\n')
    sim = load_scene_text(text, "<extended>")
    sim.tick()
    assert sim.entity_by_id(1).pos.y == 3.46        # gravity 0.04 first, then the move: the run goes on
    fence = load_scene_text(text.replace("minecraft:piston_head[facing=up]", "minecraft:oak_fence"), "<fence>")
    for _ in range(20):
        fence.tick()
    assert fence.entity_by_id(1).pos.y == 3.5 and fence.entity_by_id(1).on_ground
