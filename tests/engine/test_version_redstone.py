"""Redstone from 1.16 to 1.21.8 (engine/redstone, docs/versions.md): a piston's head into the world's top and
bottom rows (`piston_edge_air_movable`, 1.16.2), the comparator's compare mode against a
stronger side (`comparator_compare_side_zero`, 1.17), the chunk-by-chunk block tick scheduler
(`tick_scheduler_chunks`, 1.18), the 1.18 overworld's height where the engine keeps no blocks, 1.19's neighbour
updater (`neighbor_updater_chain`), wire's diagonal shape updates (`wire_prepare_wire_only`) and the dispenser's
slot choice (`dispenser_world_random_slot`), reinforced deepslate, 1.19.3's pressure plate box
(`pressure_plate_wide_box`) and the world Random draws of the sounds of doors, trapdoors, fence gates
(`openable_sound_world_random`) and note blocks (`note_block_sound_world_random`), 1.19.4 (no change the engine
models), 1.20's note block under a mob head (`note_block_head_instrument`), wire over trapdoors
(`wire_runs_over_trapdoors`) and shulker boxes conducting (`shulker_box_always_solid`, 1.20-1.20.1), 1.20.2's wire
and gates breaking off their floor (`wire_breaks_off_its_floor`, `gate_breaks_off_its_floor`), 1.20.3's door halves
(`door_half_joins_any_door`), 1.20.5's dispenser behaviours (a brush fails: `dispenser_brush_fails`; wolf armor and
wind charges refused), the experimental redstone of 1.21.2 (refused), the removal effects of 1.21.5-1.21.8
(`affect_neighbors_after_removal`), and the bundled redstone scenes, whose blocks change as in 1.16.5 up to 1.21.3
and as 1.21.3 in 1.21.4-1.21.8."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from engine.core.limits import SimulationLimit
from engine.core.versions import FEATURES
from engine.redstone.containers import comparator_output
from engine.redstone.directions import HORIZONTAL, VALUES
from engine.redstone.neighbor_updater import ChainRestrictedNeighborUpdater
from engine.redstone.wire import connects_to
from engine.tick.scene import SceneError, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_versions import _with_version

COMPARATOR_SCENE = (SCENES_DIR / "redstone_comparator_side_input_1_17.toml").read_text()
OVERDUE_SCENE = (SCENES_DIR / "redstone_overdue_ticks_1_18.toml").read_text()
UPDATE_ORDER_SCENE = (SCENES_DIR / "redstone_update_order_1_19.toml").read_text()
DIAGONAL_SCENE = (SCENES_DIR / "redstone_wire_diagonal_update_1_19.toml").read_text()
SLOT_SCENE = (SCENES_DIR / "redstone_dispenser_slot_1_19.toml").read_text()
PLATE_SCENE = (SCENES_DIR / "redstone_pressure_plate_box_1_19_3.toml").read_text()
TRAPDOOR_SCENE = (SCENES_DIR / "redstone_trapdoor_sound_1_19_3.toml").read_text()
NOTE_SCENE = (SCENES_DIR / "redstone_note_block_sound_1_19_3.toml").read_text()
HEAD_SCENE = (SCENES_DIR / "redstone_note_block_head_1_20.toml").read_text()
TRAPDOOR_WIRE_SCENE = (SCENES_DIR / "redstone_wire_over_trapdoor_1_20.toml").read_text()
SHULKER_SCENE = (SCENES_DIR / "redstone_shulker_box_conducts_1_20.toml").read_text()
WIRE_OFF_SCENE = (SCENES_DIR / "redstone_wire_off_trapdoor_1_20_2.toml").read_text()
REPEATER_OFF_SCENE = (SCENES_DIR / "redstone_repeater_off_trapdoor_1_20_2.toml").read_text()
DOOR_SCENE = (SCENES_DIR / "redstone_door_halves_1_20_3.toml").read_text()
BRUSH_SCENE = (SCENES_DIR / "redstone_dispenser_brush_1_20_5.toml").read_text()
TOP_ROW_SCENE = (SCENES_DIR / "redstone_piston_head_at_top_1_16_2.toml").read_text()
BROKEN_LEVER_SCENE = (SCENES_DIR / "redstone_piston_breaks_lever_1_21_8.toml").read_text()


def _run(text: str, version: str, ticks: int,
         **flags: bool) -> tuple[Simulation, list[tuple[int, tuple[int, ...], str, str]]]:
    """The scene at `version` after `ticks` ticks, with its block changes: (tick, pos, from, to); `flags` set
    version flags of `Features` against the release (a mutant)."""
    sim = load_scene_text(_with_version(text, version), "<redstone versions>")
    sim.features = dataclasses.replace(sim.features, **flags)
    return sim, block_changes(sim, ticks)


def block_changes(sim: Simulation, ticks: int) -> list[tuple[int, tuple[int, ...], str, str]]:
    """`ticks` ticks of `sim`, and the block changes they record: (tick, pos, from, to)."""
    out = []
    for _ in range(ticks):
        record = sim.tick()
        out += [(record.tick, tuple(e["pos"]), e["from"], e["to"]) for e in record.events
                if e["kind"] == "block_changed"]
    return out


# --- 1.16.2: PistonBlock.isMovable -------------------------------------------------------------------------------

def test_a_piston_puts_its_head_into_the_top_row_from_1_16_2() -> None:
    """The scene's comment: up to 1.16.1 the push into row 255 fails and the TNT stays on the piston's top, 255.0;
    from 1.16.2 the piston extends in tick 1 and the TNT ends on the head's top, 255 + 1."""
    for version in ("1.16", "1.16.1"):
        old, changes = _run(TOP_ROW_SCENE, version, 5)
        assert [pos for _, pos, _, _ in changes] == [(1, 254, 0)], version
        assert old.entity_by_id(1).pos.y == 255.0
    for version in ("1.16.2", "1.16.4", "1.16.5"):
        new, changes = _run(TOP_ROW_SCENE, version, 5)
        assert (1, (0, 254, 0), "minecraft:piston[extended=false,facing=up]",
                "minecraft:piston[extended=true,facing=up]") in changes, version
        assert str(new.world.get_block_state(0, 255, 0)) == "minecraft:piston_head[facing=up,short=false,type=normal]"
        assert new.entity_by_id(1).pos.y == 256.0


def test_a_piston_puts_its_head_into_the_bottom_row_from_1_16_2() -> None:
    """The same at the bottom: a piston at y 1 facing down, powered by a redstone block set beside it in tick 1."""
    text = scene_toml(blocks=[{"at": [0, 1, 0], "block": "minecraft:piston[extended=false,facing=down]"}],
                      actions=[{"tick": 1, "do": "set_block", "at": [1, 1, 0], "block": "minecraft:redstone_block"}])
    for version, head in (("1.16.1", "minecraft:air"), ("1.16.2", "minecraft:piston_head")):
        sim, _ = _run(text, version, 4)
        assert sim.world.get_block_state(0, 0, 0).block == head.removeprefix("minecraft:"), version


# --- 1.17: ComparatorBlock.calculateOutputSignal ----------------------------------------------------------------

def test_a_compare_comparator_with_a_stronger_side_stores_the_rear_input_only_before_1_17() -> None:
    """The lever (tick 1, players phase) powers the wire: 15 beside it, 14 at the comparator's rear; the redstone
    block beside gives 15. 1.16.5: the output 14 differs from the stored 0, so a tick 2 later (tick 3) stores 14,
    keeps the comparator unpowered and updates around the stone in front: the piston behind it, powered through
    the block above it, extends in tick 3's block events and lifts the TNT to the head's top + 0.01. 1.17: 0."""
    old, old_changes = _run(COMPARATOR_SCENE, "1.16.5", 6)
    new, new_changes = _run(COMPARATOR_SCENE, "1.17", 6)
    assert old.world.comparator_outputs == {(0, 1, 0): 14}
    assert new.world.comparator_outputs.get((0, 1, 0), 0) == 0
    assert (3, (2, 1, 0), "minecraft:piston[extended=false,facing=up]",
            "minecraft:piston[extended=true,facing=up]") in old_changes
    assert not any(pos == (2, 1, 0) for _, pos, _, _ in new_changes)
    assert old.entity_by_id(1).pos.y == 3.01 and new.entity_by_id(1).pos.y == 2.0
    for sim in (old, new):
        assert sim.world.get_block_state(0, 1, 0).get("powered") == "false"


@pytest.mark.parametrize(("mode", "side", "stored"), [
    ("compare", "minecraft:redstone_block", {"1.16.5": 14, "1.17": 0}),
    ("subtract", "minecraft:redstone_block", {"1.16.5": 0, "1.17": 0}),
    ("compare", "minecraft:air", {"1.16.5": 14, "1.17": 14})])
def test_the_comparator_output_by_mode_and_side(mode: str, side: str, stored: dict[str, int]) -> None:
    """Subtract mode gives max(14 − 15, 0) = 0 in both; without the side input compare mode passes 14 in both."""
    text = COMPARATOR_SCENE.replace("mode=compare", f"mode={mode}").replace(
        'at = [0, 1, 1]\nblock = "minecraft:redstone_block"', f'at = [0, 1, 1]\nblock = "{side}"')
    for version, output in stored.items():
        sim, _ = _run(text, version, 4)
        assert sim.world.comparator_outputs.get((0, 1, 0), 0) == output, (mode, side, version)


# --- 1.18: WorldTickScheduler -----------------------------------------------------------------------------------

def test_overdue_ticks_of_two_chunks_run_by_their_scheduling_order_from_1_18() -> None:
    """Due at 99 (order 5, chunk (0, 0)) and at 100 (order 3, chunk (1, 0)): 1.17.1 runs the older first, 1.18 the
    chunk whose first tick was scheduled first. Entity 10 is the stone of the dropper that ran first."""
    old, _ = _run(OVERDUE_SCENE, "1.17.1", 1)
    new, _ = _run(OVERDUE_SCENE, "1.18", 1)
    assert 0.0 < old.entity_by_id(10).pos.x < 1.0 and 16.0 < old.entity_by_id(11).pos.x < 17.0
    assert 16.0 < new.entity_by_id(10).pos.x < 17.0 and 0.0 < new.entity_by_id(11).pos.x < 1.0
    # the same world Random draws in the same order: the first stone spawned moves the same in both
    assert new.entity_by_id(10).motion == old.entity_by_id(10).motion
    assert new.entity_by_id(11).motion == old.entity_by_id(11).motion


def test_overdue_ticks_of_one_chunk_keep_their_time_order_in_1_18() -> None:
    """Within a chunk the queue is ordered by trigger tick first: the dropper due at 99 runs first in 1.18 too."""
    text = OVERDUE_SCENE.replace("[16, 1, 0]", "[2, 1, 0]")
    for version in ("1.17.1", "1.18", "1.18.2"):
        sim, _ = _run(text, version, 1)
        assert 0.0 < sim.entity_by_id(10).pos.x < 1.0 and 2.0 < sim.entity_by_id(11).pos.x < 3.0, version


# --- 1.18: the overworld's height ----------------------------------------------------------------------------------

def _piston_down(dimension: str) -> str:
    """A piston at y 2 facing down on a stone at y 1 above the floor at y 0, powered by a redstone block in tick 1."""
    return scene_toml(scene={"dimension": dimension}, blocks=[
        {"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:stone"},
        {"at": [0, 1, 0], "block": "minecraft:stone"},
        {"at": [0, 2, 0], "block": "minecraft:piston[facing=down,extended=false]"}],
        actions=[{"tick": 1, "do": "set_block", "at": [1, 2, 0], "block": "minecraft:redstone_block"}])


def test_a_push_into_the_floor_at_y_0_is_refused_in_the_1_18_overworld_only() -> None:
    """The stone at y 0 cannot move down up to 1.17.1 (isMovable: y 0 is the bottom), nor in the 1.18 nether;
    in the 1.18 overworld it can (bottom −64), which the engine, keeping blocks in 0..255, cannot follow."""
    for version, dimension in (("1.17.1", "overworld"), ("1.18", "the_nether"), ("1.18.2", "the_end")):
        sim, changes = _run(_piston_down(dimension), version, 3)
        assert sim.world.get_block_state(0, 2, 0).get("extended") == "false", (version, dimension)
        assert sim.world.get_block_state(0, 1, 0).block == "stone"
    with pytest.raises(NotImplementedError) as err:
        _run(_piston_down("overworld"), "1.18", 3)
    line = str(err.value)
    assert "\n" not in line and line.startswith("redstone components") and "version 1.18 " in line
    assert "the down push of the piston at [0, 2, 0]" in line and "y -64..319" in line


def test_a_push_below_y_241_facing_up_is_not_refused() -> None:
    """A failed upward push far from y 255 (the line blocked by obsidian) is 1.16.5's in the 1.18 overworld."""
    text = scene_toml(blocks=[
        {"at": [0, 1, 0], "block": "minecraft:piston[facing=up,extended=false]"},
        {"at": [0, 2, 0], "block": "minecraft:obsidian"}],
        actions=[{"tick": 1, "do": "set_block", "at": [1, 1, 0], "block": "minecraft:redstone_block"}])
    sim, _ = _run(text, "1.18", 3)
    assert sim.world.get_block_state(0, 1, 0).get("extended") == "false"


# --- 1.19: World.neighborUpdater (ChainRestrictedNeighborUpdater) ---------------------------------------------

class _Entry:
    """A test entry: records its name each step and asks for its children (on its first step) through the
    updater, as a block asking for updates would."""

    def __init__(self, name: str, log: list[str], children: dict[str, list[str]], steps: int = 1) -> None:
        self.name, self.log, self.children, self.steps = name, log, children, steps
        self.updater: ChainRestrictedNeighborUpdater | None = None

    def update(self, sim: object) -> bool:
        self.log.append(self.name)
        for child in self.children.pop(self.name, []):
            entry = _Entry(child, self.log, self.children)
            entry.updater = self.updater
            self.updater.enqueue(sim, entry)
        self.steps -= 1
        return self.steps > 0


def test_the_chain_runs_what_an_entry_asks_for_first_asked_first_before_its_next_step() -> None:
    """A six-way entry (three steps here): the updates asked for in a step run, first asked first and each with its
    own, before the next step; the queue is empty afterwards."""
    updater = ChainRestrictedNeighborUpdater()
    log: list[str] = []
    top = _Entry("A", log, {"A": ["B", "C"], "B": ["D"], "C": ["E"]}, steps=3)
    top.updater = updater
    updater.enqueue(None, top)
    assert log == ["A", "B", "D", "C", "E", "A", "A"]
    assert (updater.queue, updater.pending, updater.depth) == ([], [], 0)


def test_a_breaking_wire_reads_its_cell_before_the_updates_it_asked_for_from_1_19() -> None:
    """The scene's comment: up to 1.18.2 the TNT at [0, 3, 0] primes second, from 1.19 the one at [2, 1, 0]; the
    three TNT blocks turn to air in that order, all in tick 1."""
    order = {}
    for version in ("1.18.2", "1.19", "1.19.2"):
        sim, changes = _run(UPDATE_ORDER_SCENE, version, 1)
        order[version] = [pos for _, pos, was, now in changes if was.startswith("minecraft:tnt")
                          and now == "minecraft:air"]
        assert len(sim.entities) == 4        # the armor stand and the three TNT
    assert order["1.18.2"] == [(0, 1, 0), (0, 3, 0), (2, 1, 0)]
    assert order["1.19"] == order["1.19.2"] == [(0, 1, 0), (2, 1, 0), (0, 3, 0)]
    old, new = _run(UPDATE_ORDER_SCENE, "1.18.2", 1)[0], _run(UPDATE_ORDER_SCENE, "1.19", 1)[0]
    # the TNT primed k-th draws the k-th angle from the world Random: entity 3's Z Motion is the same in both
    assert old.entity_by_id(3).motion.z == new.entity_by_id(3).motion.z
    assert (int(old.entity_by_id(3).pos.x), int(new.entity_by_id(3).pos.x)) == (0, 2)


def test_only_wire_takes_a_wire_s_diagonal_shape_update_from_1_19() -> None:
    """The scene's comment: the repeater's lock is set and the observer primes the TNT in tick 3 up to 1.18.2;
    from 1.19 nothing changes beyond the lever and the wire."""
    old, old_changes = _run(DIAGONAL_SCENE, "1.18.2", 4)
    new, new_changes = _run(DIAGONAL_SCENE, "1.19", 4)
    assert (1, (1, 1, 0), "minecraft:repeater[delay=1,facing=south,locked=false,powered=false]",
            "minecraft:repeater[delay=1,facing=south,locked=true,powered=false]") in old_changes
    assert (3, (1, 1, 2), "minecraft:tnt[unstable=false]", "minecraft:air") in old_changes
    assert [pos for _, pos, _, _ in new_changes] == [(-1, 2, 0), (0, 2, 0)]
    assert old.entity_by_id(2) is not None and new.entity_by_id(2) is None


def _slot_sim(version: str, items: str | None = None) -> Simulation:
    """The dispenser scene at `version`, with other contents (`items`, a TOML array) where given."""
    text = SLOT_SCENE if items is None else SLOT_SCENE.replace(
        'items = [{slot = 0, id = "minecraft:tnt", count = 1}, {slot = 4, id = "minecraft:tnt", count = 1}]',
        f"items = {items}")
    return load_scene_text(_with_version(text, version), "<dispenser slots>")


def test_the_dispenser_draws_its_slot_from_the_world_random_from_1_19() -> None:
    """chooseNonEmptySlot(world.random) draws nextInt(1) for slot 0 and nextInt(2) for slot 4 before the primed
    TNT draws its angle: a 1.18.2 run whose world Random made those two draws first flies the same TNT."""
    new, old, shifted = _slot_sim("1.19"), _slot_sim("1.18.2"), _slot_sim("1.18.2")
    shifted.random.next_int(1)
    shifted.random.next_int(2)
    for sim in (new, old, shifted):
        for _ in range(6):
            sim.tick()
    assert new.entity_by_id(2).motion != old.entity_by_id(2).motion
    assert new.entity_by_id(2).motion == shifted.entity_by_id(2).motion
    assert new.entity_by_id(2).pos == shifted.entity_by_id(2).pos


def test_a_dispenser_of_two_kinds_fires_the_slot_the_world_random_picks_from_1_19() -> None:
    """An arrow in slot 0 and TNT in slot 4: 1.18.2 stops (an unseeded Random picks), 1.19 fires slot 4 when the
    world Random's nextInt(2) draws 0 and slot 0 otherwise; one item leaves that slot."""
    items = '[{slot = 0, id = "minecraft:arrow", count = 1}, {slot = 4, id = "minecraft:tnt", count = 1}]'
    with pytest.raises(SimulationLimit, match="unseeded Random"):
        old = _slot_sim("1.18.2", items)
        for _ in range(6):
            old.tick()
    sim = _slot_sim("1.19", items)
    for _ in range(4):
        sim.tick()
    draws = copy.deepcopy(sim.random)
    sim.tick()
    draws.next_int(1)
    fired = "minecraft:tnt" if draws.next_int(2) == 0 else "minecraft:arrow"
    kinds = {type(e).__name__ for e in sim.entities} - {"ArmorStand"}
    assert kinds == ({"Tnt"} if fired == "minecraft:tnt" else {"Arrow"})
    left = {item: count for _, item, count in sim.world.containers[(0, 1, 0)]}
    assert left[fired] == 0 and sum(left.values()) == 1


def test_reinforced_deepslate_is_immovable_from_1_19() -> None:
    """PistonBlock.isMovable (1.19): a piston facing up under reinforced deepslate (hardness 55, movable by its
    hardness alone) does not extend; under stone it does."""
    for block, extended in (("minecraft:stone", "true"), ("minecraft:reinforced_deepslate", "false")):
        text = scene_toml(scene={"version": "1.19"}, blocks=[
            {"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:stone"},
            {"at": [0, 1, 0], "block": "minecraft:piston[facing=up,extended=false]"},
            {"at": [0, 2, 0], "block": block}],
            actions=[{"tick": 1, "do": "set_block", "at": [1, 1, 0], "block": "minecraft:redstone_block"}])
        sim, _ = _run(text, "1.19", 3)
        assert sim.world.get_block_state(0, 1, 0).get("extended") == extended, block


# --- 1.19.3: the pressure plate's box, the sounds' world Random draws ------------------------------------------

@pytest.mark.parametrize(("x", "pressed"), [(1.39, {"1.19.2": False, "1.19.3": True}),
                                            (1.36, {"1.19.2": True, "1.19.3": True}),
                                            (1.43, {"1.19.2": False, "1.19.3": False})])
def test_the_pressure_plate_box_is_one_pixel_wider_each_side_from_1_19_3(x: float, pressed: dict[str, bool]) -> None:
    """The TNT entity's box starts at x − 0.49: 0.9 is beyond 0.875 but within 0.9375; 0.87 within both; 0.94
    beyond both (it still touches the plate's cell, so the plate looks)."""
    text = PLATE_SCENE.replace("pos = [1.39, 1.0, 0.5]", f"pos = [{x}, 1.0, 0.5]")
    for version, down in pressed.items():
        sim, _ = _run(text, version, 1)
        assert sim.world.get_block_state(0, 1, 0).get("powered") == str(down).lower(), (x, version)
        assert (sim.entity_by_id(2) is not None) == down


def _drawn_before(text: str, version: str, ticks: int, draw: str) -> Simulation:
    """The scene at `version` run `ticks` ticks, its world Random having drawn `draw` (next_float / next_long)
    once before tick 1."""
    sim = load_scene_text(_with_version(text, version), "<shifted>")
    getattr(sim.random, draw)()
    for _ in range(ticks):
        sim.tick()
    return sim


@pytest.mark.parametrize("block", ["minecraft:oak_trapdoor[facing=north,half=bottom,open=false,powered=false]",
                                   "minecraft:oak_fence_gate[facing=north,open=false,powered=false]",
                                   "minecraft:oak_door[facing=north,half=lower,open=false,powered=false]"])
def test_an_opening_door_trapdoor_or_gate_draws_one_float_from_the_world_random_from_1_19_3(block: str) -> None:
    """The lever opens the block west of it, then primes the TNT east of it: in 1.19.3 the TNT flies as a 1.19.2
    TNT whose world Random drew one nextFloat first (the sound's pitch); in 1.19.2 the opening draws nothing."""
    text = TRAPDOOR_SCENE.replace("minecraft:oak_trapdoor[facing=north,half=bottom,open=false,powered=false]", block)
    if block.startswith("minecraft:oak_door"):      # its upper half
        text += ('\n[[blocks]]\nat = [-1, 2, 0]\n'
                 'block = "minecraft:oak_door[facing=north,half=upper,open=false,powered=false]"\n')
    new, _ = _run(text, "1.19.3", 1)
    old, _ = _run(text, "1.19.2", 1)
    shifted = _drawn_before(text, "1.19.2", 1, "next_float")
    assert new.world.get_block_state(-1, 1, 0).get("open") == "true"
    assert new.entity_by_id(2).motion == shifted.entity_by_id(2).motion != old.entity_by_id(2).motion


def test_a_used_trapdoor_draws_its_float_after_it_opens_from_1_19_3() -> None:
    """A player's use of the trapdoor (tick 1) then the lever (tick 2, priming the TNT): one nextFloat per use of the
    trapdoor in 1.19.3, none in 1.19.2."""
    text = TRAPDOOR_SCENE + '\n[[actions]]\ntick = 1\ndo = "use"\nat = [-1, 1, 0]\n'
    text = text.replace('tick = 1\ndo = "use"\nat = [0, 1, 0]', 'tick = 2\ndo = "use"\nat = [0, 1, 0]')
    new, _ = _run(text, "1.19.3", 2)
    shifted = _drawn_before(text, "1.19.2", 2, "next_float")
    assert new.world.get_block_state(-1, 1, 0).get("open") == "true"
    assert new.entity_by_id(2).motion == shifted.entity_by_id(2).motion


def test_a_note_block_s_sound_draws_a_long_from_the_world_random_from_1_19_3() -> None:
    """The note plays in tick 1, the dispenser fires in tick 5: in 1.19.3 its TNT flies as a 1.19.2 one whose world
    Random drew one nextLong first (the sound's seed)."""
    new, _ = _run(NOTE_SCENE, "1.19.3", 6)
    old, _ = _run(NOTE_SCENE, "1.19.2", 6)
    shifted = _drawn_before(NOTE_SCENE, "1.19.2", 6, "next_long")
    assert new.world.get_block_state(-1, 1, 0).get("powered") == "true"
    assert new.entity_by_id(2).motion == shifted.entity_by_id(2).motion != old.entity_by_id(2).motion


# --- 1.20: the note block's mob-head instrument, wire over trapdoors --------------------------------------------

def test_a_head_set_on_a_note_block_gives_it_its_instrument_and_lets_it_play_from_1_20() -> None:
    """The scene's comment: 1.20 and 1.20.1 turn the note block's instrument to zombie in tick 1 and play the note in
    tick 2 (one nextLong before the TNT's angle, as a 1.19.4 run whose world Random drew it first); 1.19.4 neither."""
    old, old_changes = _run(HEAD_SCENE, "1.19.4", 6)
    shifted = _drawn_before(HEAD_SCENE, "1.19.4", 6, "next_long")
    assert not any(pos == (-1, 1, 0) and "instrument=zombie" in now for _, pos, _, now in old_changes)
    assert old.world.get_block_state(-1, 1, 0).get("instrument") == "harp"
    for version in ("1.20", "1.20.1"):
        new, changes = _run(HEAD_SCENE, version, 6)
        assert (1, (-1, 1, 0), "minecraft:note_block[instrument=harp,note=0,powered=false]",
                "minecraft:note_block[instrument=zombie,note=0,powered=false]") in changes, version
        assert new.world.get_block_state(-1, 1, 0).get("powered") == "true"
        assert new.entity_by_id(2).motion == shifted.entity_by_id(2).motion != old.entity_by_id(2).motion


@pytest.mark.parametrize(("head", "plays"), [("minecraft:skeleton_skull[rotation=4]", True),
                                             ("minecraft:player_head[rotation=0]", True),
                                             ("minecraft:zombie_wall_head[facing=north]", False)])
def test_only_a_floor_head_gives_its_instrument_in_1_20(head: str, plays: bool) -> None:
    """Floor heads carry a mob-head instrument (the player head the custom one); a wall head keeps the harp, so the
    note block under it stays silent as in 1.19.4."""
    text = HEAD_SCENE.replace("minecraft:zombie_head[rotation=0]", head)
    new, _ = _run(text, "1.20", 6)
    silent = _drawn_before(text, "1.19.4", 6, "next_float")    # a draw that is not the note's: a control
    old, _ = _run(text, "1.19.4", 6)
    shifted = _drawn_before(text, "1.19.4", 6, "next_long")
    assert silent.entity_by_id(2).motion != old.entity_by_id(2).motion
    assert (new.entity_by_id(2).motion == shifted.entity_by_id(2).motion) == plays
    assert (new.entity_by_id(2).motion == old.entity_by_id(2).motion) == (not plays)


def test_a_note_block_with_a_head_instrument_plays_under_a_block_in_1_19_4_too() -> None:
    """`playNote` asks for air above only for a base instrument (1.19.3: shouldRequireAirAbove, 1.20:
    isNotBaseBlock): a note block the scene gives the zombie instrument plays under the head in 1.19.4 as well."""
    text = HEAD_SCENE.replace("instrument=harp", "instrument=zombie")
    old, _ = _run(text, "1.19.4", 6)
    shifted = _drawn_before(HEAD_SCENE, "1.19.4", 6, "next_long")
    assert old.entity_by_id(2).motion == shifted.entity_by_id(2).motion


def test_a_head_instrument_the_block_below_would_replace_stops_in_one_line() -> None:
    """A note block with the zombie instrument and no head above, updated from above: 1.20 takes the instrument from
    the block below, which the engine does not model; 1.19.4 recomputes only from below, so it runs."""
    text = HEAD_SCENE.replace("instrument=harp", "instrument=zombie").replace(
        "minecraft:zombie_head[rotation=0]", "minecraft:stone")
    with pytest.raises(NotImplementedError) as err:
        _run(text, "1.20", 1)
    line = str(err.value)
    assert "\n" not in line and "the note block at [-1, 1, 0], tick 1" in line and "block below" in line
    sim, _ = _run(text, "1.19.4", 1)
    assert sim.world.get_block_state(-1, 1, 0).get("instrument") == "zombie"


def test_wire_connects_up_onto_an_open_trapdoor_from_1_20() -> None:
    """The scene's comment: the cross of 1.19.4 powers the TNT set north of it (entity 2, primed in tick 1); from
    1.20 the wire runs east (up onto the trapdoor's wire) and west, so the TNT stays a block, and the TNT's shape
    update writes the wire's new connections."""
    old, old_changes = _run(TRAPDOOR_WIRE_SCENE, "1.19.4", 1)
    assert old.entity_by_id(2) is not None and old.world.get_block_state(0, 1, -1).is_air
    assert not any(pos == (0, 1, 0) for _, pos, _, _ in old_changes)
    for version in ("1.20", "1.20.1"):
        new, changes = _run(TRAPDOOR_WIRE_SCENE, version, 1)
        assert new.entity_by_id(2) is None and new.world.get_block_state(0, 1, -1).block == "tnt", version
        assert (1, (0, 1, 0), "minecraft:redstone_wire[east=side,north=side,power=15,south=side,west=side]",
                "minecraft:redstone_wire[east=up,north=none,power=15,south=none,west=side]") in changes


_CROSS = "minecraft:redstone_wire[east=side,north=side,power=15,south=side,west=side]"
_LINE = "minecraft:redstone_wire[east=side,north=none,power=15,south=none,west=side]"


@pytest.mark.parametrize(("floor", "wire", "primed"), [
    # a full top face: the wire runs onto it in both (side: the thin top half covers no full west face)
    ("minecraft:oak_trapdoor[facing=east,half=top,open=false,powered=true,waterlogged=false]",
     {"1.19.4": _LINE, "1.20": _LINE}, {"1.19.4": False, "1.20": False}),
    # a closed bottom trapdoor: no full top, a trapdoor all the same from 1.20
    ("minecraft:iron_trapdoor[facing=west,half=bottom,open=false,powered=true,waterlogged=false]",
     {"1.19.4": _CROSS, "1.20": _LINE}, {"1.19.4": True, "1.20": False}),
    # a bottom slab is no trapdoor: a cross in both
    ("minecraft:oak_slab[type=bottom,waterlogged=false]",
     {"1.19.4": _CROSS, "1.20": _CROSS}, {"1.19.4": True, "1.20": True})])
def test_what_the_block_east_of_the_wire_is(floor: str, wire: dict[str, str], primed: dict[str, bool]) -> None:
    """The wire's state after the TNT's shape update, and whether the TNT primed, for three other blocks under the
    wire east of it."""
    text = TRAPDOOR_WIRE_SCENE.replace(
        "minecraft:oak_trapdoor[facing=east,half=bottom,open=true,powered=true,waterlogged=false]", floor)
    for version in ("1.19.4", "1.20"):
        sim, _ = _run(text, version, 1)
        assert str(sim.world.get_block_state(0, 1, 0)) == wire[version], (floor, version)
        assert (sim.entity_by_id(2) is not None) == primed[version], (floor, version)


@pytest.mark.parametrize(("opened", "primed"), [
    (True, {"1.16.5": False, "1.19.4": False, "1.20": True, "1.20.1": True, "1.20.2": False}),
    (False, {"1.16.5": True, "1.19.4": True, "1.20": True, "1.20.1": True, "1.20.2": True})])
def test_an_open_shulker_box_conducts_in_1_20_and_1_20_1_only(opened: bool, primed: dict[str, bool]) -> None:
    """The scene's comment: the lever's strong power passes the box to the TNT (primed in tick 2, entity 2) where
    the box is a solid block: always in 1.20 and 1.20.1, else only with its lid shut (the scene without its
    shulker_open action)."""
    text = SHULKER_SCENE if opened else SHULKER_SCENE.replace('do = "shulker_open"', 'do = "shulker_close"')
    for version, expected in primed.items():
        sim, changes = _run(text, version, 2)
        assert (sim.entity_by_id(2) is not None) == expected, (opened, version)
        assert ((2, (0, 1, 1), "minecraft:tnt[unstable=false]", "minecraft:air") in changes) == expected
        if expected:
            assert sim.entity_by_id(2).pos == (0.5, 1.0, 1.5)     # primed in the players phase, after the moves


# --- 1.20.2: wire and gates break off a floor that no longer holds them ----------------------------------------

@pytest.mark.parametrize(("text", "block", "flag"), [
    (WIRE_OFF_SCENE, "minecraft:redstone_wire[east=side,north=side,power=0,south=side,west=side]",
     "wire_breaks_off_its_floor"),
    (REPEATER_OFF_SCENE, "minecraft:repeater[delay=1,facing=north,locked=false,powered=false]",
     "gate_breaks_off_its_floor")])
def test_a_trapdoor_opening_under_wire_or_a_repeater_breaks_it_from_1_20_2(text: str, block: str, flag: str) -> None:
    """The scenes' comments: the trapdoor opens in tick 1 (flags 2). Up to 1.20.1 the block on it stays and nothing
    else changes; from 1.20.2 it turns to air in tick 1, and the observer watching it pulses in tick 3 and primes the
    TNT behind it (entity 2)."""
    old, old_changes = _run(text, "1.20.1", 4)
    assert [pos for _, pos, _, _ in old_changes] == [(0, 1, -1), (0, 1, 0)]
    assert str(old.world.get_block_state(0, 2, 0)) == block and old.entity_by_id(2) is None
    new, changes = _run(text, "1.20.2", 4)
    assert (1, (0, 2, 0), block, "minecraft:air") in changes
    assert (3, (1, 2, 0), "minecraft:observer[facing=west,powered=false]",
            "minecraft:observer[facing=west,powered=true]") in changes
    assert (3, (2, 2, 0), "minecraft:tnt[unstable=false]", "minecraft:air") in changes
    assert new.entity_by_id(2) is not None
    assert flag in FEATURES and FEATURES[flag][1] == (1, 20, 2)


def test_a_comparator_breaks_off_an_opening_trapdoor_from_1_20_2_too() -> None:
    """ComparatorBlock.getStateForNeighborUpdate (1.20.2) as the repeater's."""
    text = REPEATER_OFF_SCENE.replace("minecraft:repeater[delay=1,facing=north,locked=false,powered=false]",
                                      "minecraft:comparator[facing=north,mode=compare,powered=false]")
    for version, broken in (("1.20.1", False), ("1.20.2", True)):
        sim, _ = _run(text, version, 4)
        assert sim.world.get_block_state(0, 2, 0).is_air == broken and (sim.entity_by_id(2) is not None) == broken


# --- 1.20.3: a door half joins any door -------------------------------------------------------------------------

def test_a_door_half_takes_another_door_s_other_half_from_1_20_3() -> None:
    """The scene's comment: in tick 1 the iron upper half opens; up to 1.20.2 the oak lower half breaks, then the
    upper one, and the falling TNT (entity 2) lands on the floor at y 1; from 1.20.3 the lower half becomes the open
    iron door's and the TNT lands on the door's top at y 3."""
    opened = "minecraft:iron_door[facing=north,half={},hinge=left,open=true,powered=true]"
    old, old_changes = _run(DOOR_SCENE, "1.20.2", 12)
    assert (1, (0, 1, 0), "minecraft:oak_door[facing=north,half=lower,hinge=left,open=false,powered=false]",
            "minecraft:air") in old_changes
    assert (1, (0, 2, 0), opened.format("upper"), "minecraft:air") in old_changes
    assert old.entity_by_id(2).pos == (0.5, 1.0, 0.5)
    for version in ("1.20.3", "1.20.4"):
        new, changes = _run(DOOR_SCENE, version, 12)
        assert (1, (0, 1, 0), "minecraft:oak_door[facing=north,half=lower,hinge=left,open=false,powered=false]",
                opened.format("lower")) in changes, version
        assert str(new.world.get_block_state(0, 2, 0)) == opened.format("upper")
        assert new.entity_by_id(2).pos == (0.5, 3.0, 0.5)


def test_a_door_of_one_kind_opens_the_same_in_1_20_2_and_1_20_3() -> None:
    """With an oak upper half (and the lever's neighbour updates reaching only it), both halves open in both."""
    text = DOOR_SCENE.replace("minecraft:iron_door[facing=north,half=upper",
                              "minecraft:oak_door[facing=north,half=upper")
    runs = {version: _run(text, version, 12) for version in ("1.20.2", "1.20.3")}
    for sim, _ in runs.values():
        lower, upper = sim.world.get_block_state(0, 1, 0), sim.world.get_block_state(0, 2, 0)
        assert lower.get("open") == upper.get("open") == "true"
        assert sim.entity_by_id(2).pos == (0.5, 3.0, 0.5)
    assert runs["1.20.2"][1] == runs["1.20.3"][1]


# --- 1.20.5: the dispenser's brush behaviour --------------------------------------------------------------------

def test_a_dispensed_brush_drops_up_to_1_20_4_and_fails_from_1_20_5() -> None:
    """The scene's comment: the dispenser fires in tick 5. Up to 1.20.4 the brush drops as any item does (the same
    item, position and Motion as a stick's drop in 1.20.5, whose behaviour is still the default one) and the
    dispenser is empty; from 1.20.5 no armadillo is brushed, so nothing comes out and the brush stays."""
    old, _ = _run(BRUSH_SCENE, "1.20.4", 8)
    stick, _ = _run(BRUSH_SCENE.replace("minecraft:brush", "minecraft:stick"), "1.20.5", 8)
    assert old.world.containers[(0, 1, 0)] == ((0, "minecraft:brush", 0),)
    dropped, plain = old.entity_by_id(2), stick.entity_by_id(2)
    assert dropped.item == "minecraft:brush" and plain.item == "minecraft:stick"
    assert (dropped.pos, dropped.motion) == (plain.pos, plain.motion) and dropped.pos.y > 2.0
    for version in ("1.20.5", "1.20.6", "1.21", "1.21.2", "1.21.3"):
        new, changes = _run(BRUSH_SCENE, version, 8)
        assert new.entity_by_id(2) is None, version
        assert new.world.containers[(0, 1, 0)] == ((0, "minecraft:brush", 1),)
        assert [pos for _, pos, _, _ in changes] == [(1, 1, 0), (0, 1, 0)]


def test_the_unstackable_items_of_later_releases_fill_a_comparator_as_one_per_stack() -> None:
    """ScreenHandler.calculateComparatorOutput: floor(count / maxCount / 9 x 14) + 1 for a non-empty dispenser. One
    unstackable item (brush, mace, spyglass, goat horn, wolf armor, bundle: maxCount 1) gives floor(14 / 9) + 1 = 2;
    one stick (64) gives 0 + 1 = 1; nine brushes in nine slots fill it: 15."""
    for item in ("brush", "mace", "spyglass", "goat_horn", "wolf_armor", "bundle", "red_bundle"):
        assert comparator_output(((0, f"minecraft:{item}", 1),)) == 2, item
    assert comparator_output(((0, "minecraft:stick", 1),)) == 1
    assert comparator_output(tuple((slot, "minecraft:brush", 1) for slot in range(9))) == 15


@pytest.mark.parametrize("item", ["minecraft:saddle", "minecraft:wolf_armor", "minecraft:wind_charge"])
def test_a_redstone_fired_dispenser_holding_an_unmodelled_item_stops_in_one_line(item: str) -> None:
    """Wolf armor (1.20.5: ArmorItem's behaviour, equipping a wolf) and the wind charge (1.21: a WindChargeEntity)
    have behaviours the engine does not model, as the saddle's; a dropper drops them."""
    with pytest.raises(SimulationLimit) as err:
        _run(BRUSH_SCENE.replace("minecraft:brush", item), "1.21", 6)
    assert "\n" not in str(err.value) and f"fires {item}" in str(err.value)
    dropper = BRUSH_SCENE.replace("minecraft:brush", item).replace("minecraft:dispenser[", "minecraft:dropper[")
    sim, _ = _run(dropper, "1.21", 6)
    assert sim.entity_by_id(2).item == item


# --- 1.21.2: the experimental redstone -------------------------------------------------------------------------

def test_the_experimental_redstone_is_refused_in_one_line() -> None:
    for version, why in (("1.21.3", "experimental redstone"), ("1.21", "does not exist before 1.21.2")):
        with pytest.raises(SceneError, match=why) as err:
            load_scene_text(scene_toml(scene={"version": version, "experiments": ["redstone_experiments"]}),
                            "<experiments>")
        assert "\n" not in str(err.value)


# --- the bundled scenes -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["redstone_repeater_clock.toml", "redstone_bud_tnt_line.toml",
                                  "redstone_dispenser_cannon.toml", "redstone_piston_quasi_connectivity.toml",
                                  "redstone_flying_machine.toml"])
def test_the_bundled_redstone_scenes_change_their_blocks_as_in_1_16_5_from_1_16_to_1_21_3(name: str) -> None:
    text = (SCENES_DIR / name).read_text()
    _, reference = _run(text, "1.16.5", 40)
    assert reference
    for version in ("1.16", "1.16.1", "1.16.2", "1.16.4", "1.17", "1.18.2", "1.19.4", "1.20.1", "1.20.2", "1.20.4",
                    "1.20.5", "1.21", "1.21.3"):
        assert _run(text, version, 40)[1] == reference, version


def _without_armor_stands(text: str) -> str:
    """The scene without its armor stands (living entities, refused from 1.21.4 by the `living` row)."""
    head, *entities = text.split("\n[[entities]]\n")
    kept = [head]
    for part in entities:
        entity, sep, rest = part.partition("\n[")
        kept.append(rest and "\n[" + rest if "armor_stand" in entity else "\n[[entities]]\n" + entity + sep + rest)
    return "".join(kept)


# bundled scenes whose blocks later releases change as earlier ones do (their armor stands removed)
LATE_SCENES = ("redstone_repeater_clock.toml", "redstone_piston_quasi_connectivity.toml",
               "redstone_flying_machine.toml", "redstone_wire_diagonal_update_1_19.toml")


@pytest.mark.parametrize("name", LATE_SCENES)
def test_1_21_4_to_1_21_8_change_the_blocks_as_1_21_3(name: str) -> None:
    """The redstone blocks, pistons, World, ServerWorld and the tick schedulers of 1.21.4 are 1.21.3's (the patched
    1.21.4 source's vanilla lines; the wire's power, the chunk tick queues and the piston's moving shapes there are
    Lithium's, and 1.21.3 and 1.21.8 agree on them: bracketed), and 1.21.8's but for the removal effects
    (`affect_neighbors_after_removal`, which none of these scenes meets in a way that changes a block); 1.21.5 and
    1.21.6 are bracketed by 1.21.5's snapshots and 1.21.7: each scene, without its armor stands, changes the same
    blocks in the same ticks. (The scenes whose TNT falls stop 1.21.4 at the fall_distance row; 1.21.9-1.21.11:
    test_version_redstone_12110.py.)"""
    text = _without_armor_stands((SCENES_DIR / name).read_text())
    assert "armor_stand" not in text
    _, reference = _run(text, "1.21.3", 40)
    assert reference
    for version in ("1.21.4", "1.21.5", "1.21.6", "1.21.8"):
        assert _run(text, version, 40)[1] == reference, version


# --- 1.21.8: affectNeighborsAfterRemoval ----------------------------------------------------------------------

def test_a_lever_a_piston_breaks_updates_before_the_push_up_to_1_21_4_and_after_it_in_1_21_8() -> None:
    """The scene's comment: the TNT under the pushed redstone block primes (entity 2, its cell air in tick 1) where
    the broken lever's updates run before the redstone block becomes a moving piston, and stays a block from 1.21.5
    (`PistonBaseBlock.moveBlocks` of its 25w04a snapshot, read, as 1.21.7's and 1.21.8's); 1.21.8 with the flag off
    primes it as 1.21.4 does (the mutant)."""
    for version in ("1.21.3", "1.21.4"):
        sim, changes = _run(BROKEN_LEVER_SCENE, version, 4)
        assert sim.entity_by_id(2) is not None
        assert [(tick, to) for tick, pos, _, to in changes if pos == (1, 10, 0)] == [(1, "minecraft:air")]
    for version in ("1.21.5", "1.21.6", "1.21.7", "1.21.8"):     # 1.21.7 (read) is 1.21.8, 1.21.5-1.21.6 bracketed
        sim, changes = _run(BROKEN_LEVER_SCENE, version, 4)
        assert sim.entity_by_id(2) is None and all(pos != (1, 10, 0) for _, pos, _, _ in changes)
        assert (3, (2, 11, 0), "minecraft:moving_piston[facing=east,type=normal]",
                "minecraft:redstone_block") in changes
    mutant = load_scene_text(BROKEN_LEVER_SCENE, "<mutant>")
    mutant.features = dataclasses.replace(mutant.features, affect_neighbors_after_removal=False)
    mutant.tick()
    assert mutant.entity_by_id(2) is not None


def _torch_updates(version: str) -> int:
    """The neighbour updates a torch sends when it turns off (tick 3: a redstone block replaced its floor in tick
    1), traced."""
    text = scene_toml(scene={"version": version}, blocks=[
        {"from": [-2, 10, -2], "to": [2, 10, 2], "block": "minecraft:stone"},
        {"at": [0, 11, 0], "block": "minecraft:redstone_torch[lit=true]"}],
        entities=[{"type": "tnt", "pos": [5.5, 30.0, 5.5], "fuse": 80, "no_gravity": True, "id": 1}],
        actions=[{"tick": 1, "do": "set_block", "at": [0, 10, 0], "block": "minecraft:redstone_block"}])
    sim = load_scene_text(text, "<torch>")
    sim.trace_enabled = True
    records = [sim.tick() for _ in range(3)]
    assert sim.world.get_block_state(0, 11, 0).get("lit") == "false"
    return sum(u["source"] == "redstone_torch" for u in records[2].redstone["neighbor_updates"])


def test_a_torch_turning_off_updates_around_its_neighbours_twice_up_to_1_21_4_and_once_from_1_21_5() -> None:
    """`RedstoneTorchBlock.onStateReplaced` of 1.21.4 runs for the lit torch replaced by the unlit one (no test of
    the block) and `onBlockAdded` again; 1.21.8 runs `affectNeighborsAfterRemoval` only where the block changed, and
    so do 1.21.5 (`LevelChunk.setBlockState` of its 25w03a snapshot, its torch, read) and 1.21.6. (Both also count
    `setBlockState`'s own six updates, sourced by the torch.)"""
    once, twice = _torch_updates("1.21.8"), _torch_updates("1.21.4")
    assert _torch_updates("1.21.5") == _torch_updates("1.21.6") == once
    assert once > 0 and twice == _torch_updates("1.21.3")
    assert twice - once == len(VALUES) ** 2      # the removal's round: six updates around each of six neighbours

# --- blocks of 1.17 the redstone reads --------------------------------------------------------------------------

def test_tinted_glass_does_not_pass_a_lever_s_strong_power() -> None:
    """A lever on top of a block strongly powers it (tick 1); a lamp beside a solid block lights, beside tinted
    glass (1.17, `solidBlock(Blocks::never)`: not a solid block) it stays unlit."""
    for block, lit in (("minecraft:stone", "true"), ("minecraft:tinted_glass", "false")):
        text = scene_toml(scene={"version": "1.17"}, blocks=[
            {"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:stone"},
            {"at": [0, 1, 0], "block": block},
            {"at": [0, 2, 0], "block": "minecraft:lever[face=floor,facing=east,powered=false]"},
            {"at": [1, 1, 0], "block": "minecraft:redstone_lamp[lit=false]"}],
            actions=[{"tick": 1, "do": "use", "at": [0, 2, 0]}])
        sim, _ = _run(text, "1.17", 1)
        assert sim.world.get_block_state(1, 1, 0).get("lit") == lit, block


def test_a_powered_lightning_rod_powers_wire_until_its_block_tick() -> None:
    """A rod the scene gives powered (its block tick due at game time 3) powers wire placed beside it in tick 1
    (15: its weak power) and wire connects to it from any side (`emitsRedstonePower`); its tick in tick 3 turns it
    off and updates the wire beside it."""
    text = scene_toml(scene={"version": "1.18.2"}, blocks=[
        {"from": [-2, 0, -2], "to": [3, 0, 2], "block": "minecraft:stone"},
        {"at": [0, 1, 0], "block": "minecraft:lightning_rod[facing=up,powered=true]"}],
        actions=[{"tick": 1, "do": "set_block", "at": [1, 1, 0], "block": "minecraft:redstone_wire"}]) + '''
[redstone]
next_id = 1
scheduled = [{time = 3, priority = 0, id = 0, at = [0, 1, 0], block = "lightning_rod"}]
'''
    sim = load_scene_text(text, "<lightning rod>")
    sim.tick()
    sim.tick()
    assert sim.world.get_block_state(1, 1, 0).get("power") == "15"
    rod = sim.world.get_block_state(0, 1, 0)
    assert all(connects_to(rod, d) for d in HORIZONTAL) and not connects_to(rod)
    sim.tick()
    assert sim.world.get_block_state(0, 1, 0).get("powered") == "false"
    assert sim.world.get_block_state(1, 1, 0).get("power") == "0"
