"""Redstone of 1.12.2 (engine/redstone, docs/versions.md row `redstone`), compared class by class with 1.13.2's:
the differences found so far, each with its scene and a mutant (the flag turned to 1.13.2's): an observer placed
pulses (`observer_added_pulses_1_12`), a torch updated while its tick is due schedules another
(`torch_schedules_while_due_1_12`), a lamp set against its power changes at once (`lamp_added_updates_1_12`), the
blocks' add and removal hooks run only where the 1.12.2 Block changes (`hooks_on_block_change_1_12`), a trapdoor
takes its power at any update while powered or from a power source (`trapdoor_follows_power_1_12`), an unpowered
door only at an update from a power source (`door_unpowered_by_sources_1_12`), a note block's power is its tile
entity's (`note_block_entity_1_12`), a wire's sides and a door's other half are derived where read, never set by
shape updates (`no_shape_updates_1_12`), observers are told of a change of the cell they face by
`World.updateObservingBlocksAt`, in its own order (`update_observing_blocks_1_12`), a piston head with no piston
behind it becomes air at a neighbour update (`piston_head_needs_base_1_12`), `World.setBlockState` runs a change's
updates even where `onBlockAdded` has changed the cell since (`set_block_state_no_recheck_1_12`), and
`BlockPistonBase.doMove` moves its blocks one after the other (`piston_move_per_block_1_12`); a piston cannot move a
note block (its tile entity, `note_block_entity_1_12`). The scenes are written for 1.13.2 and run in 1.12.2 too;
1.11-1.12.1 stop in one line."""

from __future__ import annotations

import dataclasses

import pytest

from engine.tick.scene import SceneError, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_version_redstone import block_changes
from tests.engine.test_versions import _with_version

Change = tuple[int, tuple[int, ...], str, str]
OBSERVER_SCENE = "redstone_observer_placed_1_12_2.toml"
TORCH_SCENE = "redstone_torch_due_update_1_12_2.toml"
LAMP_SCENE = "redstone_lamp_placed_1_12_2.toml"
REPEATER_SCENE = "redstone_repeater_delay_bud_1_12_2.toml"
TRAPDOOR_SCENE = "redstone_trapdoor_follows_power_1_12_2.toml"
DOOR_SCENE = "redstone_door_unpowered_1_12_2.toml"
NOTE_SCENE = "redstone_note_block_bud_1_12_2.toml"
WIRE_SCENE = "redstone_observer_wire_connection_1_12_2.toml"
DOOR_HALF_SCENE = "redstone_observer_door_upper_half_1_12_2.toml"
OBSERVERS_SCENE = "redstone_observers_one_cell_1_12_2.toml"
HEAD_SCENE = "redstone_piston_head_off_moving_base_1_12_2.toml"
PLACED_SCENE = "redstone_placed_state_changed_1_12_2.toml"
LINE_SCENE = "redstone_observers_pushed_line_1_12_2.toml"
NOTE_PUSH_SCENE = "redstone_piston_note_block_1_12_2.toml"


def _at(name: str, version: str, **flags: bool) -> Simulation:
    """The scene at `version`; `flags` set version flags against the release (a mutant)."""
    text = (SCENES_DIR / name).read_text().replace('version = "1.13.2"', f'version = "{version}"')
    sim = load_scene_text(text, "<redstone 1.12.2>")
    sim.features = dataclasses.replace(sim.features, **flags)
    return sim


def _run(name: str, version: str, ticks: int, **flags: bool) -> tuple[Simulation, list[Change]]:
    """The scene after `ticks` ticks (`_at`), and its block changes (tick, pos, from, to)."""
    sim = _at(name, version, **flags)
    return sim, block_changes(sim, ticks)


def _update_counts(name: str, version: str, ticks: int, **flags: bool) -> list[int]:
    """The number of neighbour updates of each tick (`_at`)."""
    sim = _at(name, version, **flags)
    sim.trace_enabled = True
    return [len(sim.tick().redstone["neighbor_updates"]) for _ in range(ticks)]


def test_an_observer_set_on_a_piston_pulses_in_1_12_2() -> None:
    """The scene's comment: the observer set in tick 1 powers itself in tick 3 and the piston under it extends and
    pushes the item, in 1.12.2; in 1.13.2 and in the mutant the observer stays off and the item lies still."""
    placed = (1, (0, 2, 0), "minecraft:air", "minecraft:observer[facing=up,powered=false]")
    old_sim, old = _run(OBSERVER_SCENE, "1.12.2", 6)
    assert old[:4] == [placed,
                       (3, (0, 2, 0), "minecraft:observer[facing=up,powered=false]",
                        "minecraft:observer[facing=up,powered=true]"),
                       (3, (1, 1, 0), "minecraft:air", "minecraft:moving_piston[facing=east,type=normal]"),
                       (3, (0, 1, 0), "minecraft:piston[extended=false,facing=east]",
                        "minecraft:piston[extended=true,facing=east]")]
    assert tuple(old_sim.entity_by_id(1).pos) == (2.135, 1.0, 0.5)
    for sim, changes in (_run(OBSERVER_SCENE, "1.13.2", 6),
                         _run(OBSERVER_SCENE, "1.12.2", 6, observer_added_pulses_1_12=False)):
        assert changes == [placed] and tuple(sim.entity_by_id(1).pos) == (1.5, 1.0, 0.5)


def test_a_torch_updated_while_its_tick_is_due_relights_a_tick_earlier_in_1_12_2() -> None:
    """The scene's comment: the torch turns off in tick 3 in both releases and relights in tick 5 in 1.12.2, in
    tick 6 in 1.13.2 and in the mutant; the piston it powers extends then, and after 6 ticks the item it lifts is
    half a block higher in 1.12.2."""
    torch, piston = (0, 2, 0), (1, 3, 0)
    unlit, lit = "minecraft:redstone_torch[lit=false]", "minecraft:redstone_torch[lit=true]"
    runs = {"1.12.2": _run(TORCH_SCENE, "1.12.2", 6), "1.13.2": _run(TORCH_SCENE, "1.13.2", 6),
            "mutant": _run(TORCH_SCENE, "1.12.2", 6, torch_schedules_while_due_1_12=False)}
    relit, lifted = {"1.12.2": 5, "1.13.2": 6, "mutant": 6}, {"1.12.2": 5.01, "1.13.2": 4.51, "mutant": 4.51}
    for key, (sim, changes) in runs.items():
        assert [(t, to) for t, at, _, to in changes if at == torch] == [(3, unlit), (relit[key], lit)], key
        assert [t for t, at, _, _ in changes if at == piston] == [relit[key]], key
        assert tuple(sim.entity_by_id(1).pos) == (1.5, lifted[key], 0.5), key


def test_lamps_set_against_their_power_change_at_once_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 the unlit lamp beside the redstone block lights and the lit one turns off in
    tick 1, and the item lies still; in 1.13.2 and in the mutant the first stays unlit, the second turns off in
    tick 7 and the observer's second pulse, in tick 9, makes the piston push the item."""
    powered, alone, observer = (1, 1, 0), (4, 1, 0), (4, 2, 0)
    unlit, lit = "minecraft:redstone_lamp[lit=false]", "minecraft:redstone_lamp[lit=true]"
    old_sim, old = _run(LAMP_SCENE, "1.12.2", 10)
    assert [(t, to) for t, at, _, to in old if at in (powered, alone)] == [(1, unlit), (1, lit), (1, lit), (1, unlit)]
    assert [t for t, at, _, _ in old if at == observer] == [3, 5]
    assert tuple(old_sim.entity_by_id(1).pos) == (5.5, 3.0, 0.5)
    for sim, changes in (_run(LAMP_SCENE, "1.13.2", 10), _run(LAMP_SCENE, "1.12.2", 10, lamp_added_updates_1_12=False)):
        assert [(t, to) for t, at, _, to in changes if at in (powered, alone)] == [(1, unlit), (1, lit), (7, unlit)]
        assert [t for t, at, _, _ in changes if at == observer] == [3, 5, 9]
        assert tuple(sim.entity_by_id(1).pos) == (6.135, 3.0, 0.5)


def test_a_repeater_s_delay_change_updates_nothing_beyond_its_neighbours_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 the repeater's delay changes and nothing else (the item stays on the piston);
    in 1.13.2 and in the mutant the piston two blocks ahead extends in tick 2 and lifts the item."""
    delay = (1, (0, 1, 0), "minecraft:repeater[delay=1,facing=west,locked=false,powered=false]",
             "minecraft:repeater[delay=2,facing=west,locked=false,powered=false]")
    old_sim, old = _run(REPEATER_SCENE, "1.12.2", 5)
    assert old == [delay] and tuple(old_sim.entity_by_id(1).pos) == (2.5, 2.0, 0.5)
    for sim, changes in (_run(REPEATER_SCENE, "1.13.2", 5),
                         _run(REPEATER_SCENE, "1.12.2", 5, hooks_on_block_change_1_12=False)):
        assert changes[0] == delay
        assert (2, (2, 1, 0), "minecraft:piston[extended=false,facing=up]",
                "minecraft:piston[extended=true,facing=up]") in changes
        assert tuple(sim.entity_by_id(1).pos) == (2.1337297186255455, 2.667950001404807, 0.5)


def test_a_torch_s_hooks_update_around_it_only_for_the_lit_torch_in_1_12_2() -> None:
    """The torch scene's neighbour updates per tick: in tick 3 the observer's 6, then the torch turning off: 1.12.2's
    breakBlock of the lit torch (36) and the change's own 6; 1.13.2 runs the removal and the add hooks (72). In tick
    5 1.12.2's torch relights (the observer's 6, onBlockAdded's 36, the change's 6, the piston's 12); the mutant runs
    both hooks there (36 more)."""
    assert _update_counts(TORCH_SCENE, "1.12.2", 6) == [12, 0, 48, 6, 60, 0]
    assert _update_counts(TORCH_SCENE, "1.13.2", 6) == [12, 0, 84, 6, 6, 90]
    assert _update_counts(TORCH_SCENE, "1.12.2", 6, hooks_on_block_change_1_12=False) == [12, 0, 84, 6, 96, 0]


def test_a_powered_trapdoor_closed_by_hand_reopens_at_the_next_update_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 the stone set in tick 6 reopens the trapdoor, the observer pulses in tick 8 and
    the piston pushes the item; in 1.13.2 and in the mutant the trapdoor stays closed and the item still."""
    trapdoor = "minecraft:oak_trapdoor[facing=north,half=bottom,open={},powered=true]"   # 1.12.2's table: no water
    old_sim, old = _run(TRAPDOOR_SCENE, "1.12.2", 11)
    assert [(t, to) for t, at, _, to in old if at == (0, 1, 0)] == [(1, trapdoor.format("false")),
                                                                  (6, trapdoor.format("true"))]
    assert [t for t, at, _, _ in old if at == (0, 2, 0)] == [3, 5, 8, 10]
    assert tuple(old_sim.entity_by_id(1).pos) == (2.135, 2.880800001901388, 0.5)
    later = trapdoor.replace("]", ",waterlogged=false]")
    for sim, changes, closed in ((*_run(TRAPDOOR_SCENE, "1.13.2", 11), later),
                                 (*_run(TRAPDOOR_SCENE, "1.12.2", 11, trapdoor_follows_power_1_12=False), trapdoor)):
        assert [(t, to) for t, at, _, to in changes if at == (0, 1, 0)] == [(1, closed.format("false"))]
        assert [t for t, at, _, _ in changes if at == (0, 2, 0)] == [3, 5]
        assert tuple(sim.entity_by_id(1).pos) == (1.5, 3.0, 0.5)


def test_a_door_whose_power_is_replaced_by_stone_stays_open_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 only the redstone block changes and the item lies still; in 1.13.2 and in the
    mutant both halves close in tick 1, the observer pulses in tick 3 and the piston lifts the item. In 1.13.2 each
    half closes whole; in the mutant 1.12.2's door sets the upper half's `powered`, then the lower half's `open`
    (`no_shape_updates_1_12`), each copied into the other half (its actual state)."""
    replaced = (1, (1, 1, 0), "minecraft:redstone_block", "minecraft:stone")
    old_sim, old = _run(DOOR_SCENE, "1.12.2", 6)
    assert old == [replaced] and tuple(old_sim.entity_by_id(1).pos) == (-1.5, 2.0, 0.5)
    door = "minecraft:oak_door[facing=north,half={},hinge=left,open={},powered=false]"
    closed = [(1, (0, 1, 0), door.format("lower", "false")), (1, (0, 2, 0), door.format("upper", "false"))]
    unpowered = [(1, (0, 2, 0), door.format("upper", "true")), (1, (0, 1, 0), door.format("lower", "true"))]
    for sim, changes, door_changes in ((*_run(DOOR_SCENE, "1.13.2", 6), closed),
                                       (*_run(DOOR_SCENE, "1.12.2", 6, door_unpowered_by_sources_1_12=False),
                                        unpowered + closed)):
        assert [(t, at, to) for t, at, _, to in changes if at[0] == 0] == door_changes
        assert [t for t, at, _, _ in changes if at == (-1, 1, 0)] == [3, 5]
        assert tuple(sim.entity_by_id(1).pos) == (-1.5, 2.9600000008940697, 0.5)


def test_a_powered_note_block_updates_nothing_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 the lever and the note block's kept power change (no update follows) and the
    item lies still; in 1.13.2 and in the mutant the note block's flags-3 change updates the piston, which extends
    in tick 2 and pushes the item."""
    lever = (1, (-1, 1, 0), "minecraft:lever[face=floor,facing=north,powered=false]",
             "minecraft:lever[face=floor,facing=north,powered=true]")
    note = (1, (0, 1, 0), "minecraft:note_block[instrument=basedrum,note=0,powered=false]",
            "minecraft:note_block[instrument=basedrum,note=0,powered=true]")
    old_sim, old = _run(NOTE_SCENE, "1.12.2", 5)
    assert old == [lever, note] and tuple(old_sim.entity_by_id(1).pos) == (2.5, 1.0, 0.5)
    for sim, changes in (_run(NOTE_SCENE, "1.13.2", 5), _run(NOTE_SCENE, "1.12.2", 5, note_block_entity_1_12=False)):
        assert changes[:2] == [lever, note]
        assert (2, (1, 1, 0), "minecraft:piston[extended=false,facing=east]",
                "minecraft:piston[extended=true,facing=east]") in changes
        assert tuple(sim.entity_by_id(1).pos) == (3.135, 1.0, 0.5)


def test_an_observer_facing_a_wire_whose_sides_change_stays_off_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 only the new wire is set and the item lies still; in 1.13.2 and in the mutant
    the first wire takes its south side, the observer pulses in tick 3 and the piston lifts the item."""
    wire = "minecraft:redstone_wire[east=none,north={},power=0,south={},west=none]"
    placed = (1, (0, 1, 1), "minecraft:air", wire.format("none", "none"))
    old_sim, old = _run(WIRE_SCENE, "1.12.2", 6)
    assert old == [placed] and tuple(old_sim.entity_by_id(1).pos) == (2.5, 2.0, 0.5)
    for sim, changes in (_run(WIRE_SCENE, "1.13.2", 6), _run(WIRE_SCENE, "1.12.2", 6, no_shape_updates_1_12=False)):
        assert changes[:3] == [placed, (1, (0, 1, 0), wire.format("none", "none"), wire.format("none", "side")),
                               (1, (0, 1, 1), wire.format("none", "none"), wire.format("side", "none"))]
        assert [t for t, at, _, _ in changes if at == (1, 1, 0)] == [3, 5]
        assert tuple(sim.entity_by_id(1).pos) == (2.5, 2.9600000008940697, 0.5)


def test_an_observer_facing_a_door_s_upper_half_stays_off_when_the_door_is_used_in_1_12_2() -> None:
    """The scene's comment: the use opens the lower half and the upper half reads it (1.12.2: its copy of the actual
    state, set without updates), so both show open; the observer beside the upper half pulses in 1.13.2 and in the
    mutant (the upper half's shape update), lifting the item, and stays off in 1.12.2."""
    door = "minecraft:oak_door[facing=north,half={},hinge=left,open={},powered=false]"
    opened = [(1, (0, 1, 0), door.format("lower", "false"), door.format("lower", "true")),
              (1, (0, 2, 0), door.format("upper", "false"), door.format("upper", "true"))]
    old_sim, old = _run(DOOR_HALF_SCENE, "1.12.2", 6)
    assert old == opened and tuple(old_sim.entity_by_id(1).pos) == (2.5, 3.0, 0.5)
    for sim, changes in (_run(DOOR_HALF_SCENE, "1.13.2", 6),
                         _run(DOOR_HALF_SCENE, "1.12.2", 6, no_shape_updates_1_12=False)):
        assert changes[:2] == opened and [t for t, at, _, _ in changes if at == (1, 2, 0)] == [3, 5]
        assert tuple(sim.entity_by_id(1).pos) == (2.5, 3.9600000008940697, 0.5)


def test_two_observers_of_one_cell_pulse_in_1_12_2_s_order() -> None:
    """The scene's comment: the observer above the cell (A) pulses before the one north of it (B) in 1.12.2
    (`World.updateObservingBlocksAt`: down, up before north, south), B before A in 1.13.2 (shape updates: north,
    south before down, up); both items are lifted. In the mutant neither observer is told and the items lie still."""
    a, b = (0, 3, 0), (0, 2, -1)
    lifted = ((0.5, 5.96000000089407, 0.5), (0.5, 3.9600000008940697, -1.5))
    for version, first in (("1.12.2", [a, b]), ("1.13.2", [b, a])):
        sim, changes = _run(OBSERVERS_SCENE, version, 6)
        assert [at for t, at, _, _ in changes if at in (a, b)] == first * 2, version
        assert [t for t, at, _, _ in changes if at in (a, b)] == [3, 3, 5, 5], version
        assert (tuple(sim.entity_by_id(1).pos), tuple(sim.entity_by_id(2).pos)) == lifted, version
    sim, changes = _run(OBSERVERS_SCENE, "1.12.2", 6, update_observing_blocks_1_12=False)
    assert changes == [(1, (0, 2, 0), "minecraft:air", "minecraft:stone")]
    assert (tuple(sim.entity_by_id(1).pos), tuple(sim.entity_by_id(2).pos)) == ((0.5, 5.0, 0.5), (0.5, 3.0, -1.5))


def test_a_retracting_sticky_piston_s_head_breaks_off_with_updates_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 the head becomes air while its base turns into a moving piston, its updates
    start the waiting piston in tick 1 and the item is pushed by the end of tick 3; in 1.13.2 and in the mutant the
    waiting piston starts in tick 4, when the pulled stone lands, and has pushed the item by 0.135 after it. 1.12.2's
    doMove clears the head's cell with flags 3 too (`piston_move_per_block_1_12`): with `piston_head_needs_base_1_12`
    alone turned, the head goes there, after the base's updates, and the item is pushed as in 1.12.2."""
    waiting = (1, 1, 1)
    old_sim, old = _run(HEAD_SCENE, "1.12.2", 4)
    assert [t for t, at, _, _ in old if at == waiting] == [1]
    assert tuple(old_sim.entity_by_id(1).pos) == (1.5, 1.0, 3.135)
    for flags, head_first in (({}, True), ({"piston_head_needs_base_1_12": False}, False)):
        sim = _at(HEAD_SCENE, "1.12.2", **flags)
        sim.trace_enabled = True
        updates = [(tuple(u["from"]), tuple(u["to"])) for u in sim.tick().redstone["neighbor_updates"]]
        by_head, by_base = updates.index(((1, 1, 0), waiting)), updates.index(((0, 1, 0), (0, 1, 1)))
        assert (by_head < by_base) == head_first, flags
    for sim, changes in (_run(HEAD_SCENE, "1.13.2", 4),
                         _run(HEAD_SCENE, "1.12.2", 4, piston_head_needs_base_1_12=False,
                              piston_move_per_block_1_12=False)):
        assert [t for t, at, _, _ in changes if at == waiting] == [4]
        assert tuple(sim.entity_by_id(1).pos) == (1.5, 1.0, 2.635)


def test_a_lamp_turned_off_as_it_lands_still_updates_its_neighbours_in_1_12_2() -> None:
    """The scene's comment: the pushed lamp lands in tick 3 and turns off at once in 1.12.2; the landing's neighbour
    updates still start the waiting piston (tick 4), which pushes item 1, as in 1.13.2 (where the lamp stays lit);
    in the mutant they are skipped and item 1 lies still. The placed powered observer is told apart by 1.13.2 alone:
    its watcher lifts item 2 in 1.12.2 (told by the flags-2 turn-off) and stays off in 1.13.2."""
    lamp, waiting = (2, 1, 0), (2, 1, 1)
    landed = [(3, lamp, "minecraft:moving_piston[facing=east,type=normal]", "minecraft:redstone_lamp[lit=true]"),
              (3, lamp, "minecraft:redstone_lamp[lit=true]", "minecraft:redstone_lamp[lit=false]")]
    runs = {"1.12.2": _run(PLACED_SCENE, "1.12.2", 6), "1.13.2": _run(PLACED_SCENE, "1.13.2", 6),
            "mutant": _run(PLACED_SCENE, "1.12.2", 6, set_block_state_no_recheck_1_12=False)}
    for name, (sim, changes) in runs.items():
        lit_only = name == "1.13.2"
        assert [c for c in changes if c[1] == lamp and c[0] == 3] == landed[:1 if lit_only else 2], name
        pushed = name != "mutant"
        assert [t for t, at, _, _ in changes if at == waiting] == ([4] if pushed else []), name
        assert tuple(sim.entity_by_id(1).pos) == ((2.5, 1.0, 3.135) if pushed else (2.5, 1.0, 2.5)), name
        lifted = name != "1.13.2"
        assert sim.entity_by_id(2).pos.y == (2.9600000008940697 if lifted else 2.0), name


def test_two_observers_beside_a_pushed_line_pulse_in_do_move_s_order() -> None:
    """The scene's comment: in 1.12.2 B's cell becomes air before its destination a moving piston, so observer 2
    pulses first in tick 3, piston b pushes piston c east and c the item; in 1.13.2 and in the mutant the destinations
    come first, observer 3 pulses first and piston c pushes piston b west, the item lies still."""
    moving = "minecraft:moving_piston[facing=east,type=normal]"
    old_sim, old = _run(LINE_SCENE, "1.12.2", 8)
    assert [(at, frm, to) for t, at, frm, to in old if t == 1][:5] == [
        ((2, 1, 0), "minecraft:stone", "minecraft:air"), ((3, 1, 0), "minecraft:air", moving),
        ((1, 1, 0), "minecraft:stone", "minecraft:air"), ((2, 1, 0), "minecraft:air", moving),
        ((1, 1, 0), "minecraft:air", moving)]
    assert [at for t, at, _, _ in old if t == 3][:2] == [(2, 1, 1), (3, 1, 1)]
    assert old_sim.world.get_block_state(4, 1, 2).block == "piston"
    assert tuple(old_sim.entity_by_id(1).pos) == (5.135, 1.0, 2.5)
    for sim, changes in (_run(LINE_SCENE, "1.13.2", 8),
                         _run(LINE_SCENE, "1.12.2", 8, piston_move_per_block_1_12=False)):
        assert [at for t, at, _, _ in changes if t == 1] == [(3, 1, 0), (2, 1, 0), (1, 1, 0), (0, 1, 0)]
        assert [at for t, at, _, _ in changes if t == 3][:2] == [(3, 1, 1), (2, 1, 1)]
        assert sim.world.get_block_state(1, 1, 2).block == "piston"
        assert tuple(sim.entity_by_id(1).pos) == (4.5, 1.0, 2.5)


def test_a_piston_cannot_move_a_note_block_in_1_12_2() -> None:
    """The scene's comment: in 1.12.2 the piston stays retracted and the item lies still; in 1.13.2 and in the
    mutant it pushes the note block, which pushes the item."""
    old_sim, old = _run(NOTE_PUSH_SCENE, "1.12.2", 4)
    assert old == [] and tuple(old_sim.entity_by_id(1).pos) == (2.5, 1.0, 0.5)
    for sim, changes in (_run(NOTE_PUSH_SCENE, "1.13.2", 4),
                         _run(NOTE_PUSH_SCENE, "1.12.2", 4, note_block_entity_1_12=False)):
        assert (3, (2, 1, 0), "minecraft:moving_piston[facing=east,type=normal]",
                "minecraft:note_block[instrument=harp,note=0,powered=false]") in changes
        assert tuple(sim.entity_by_id(1).pos) == (3.135, 1.0, 0.5)


@pytest.mark.parametrize("name", [OBSERVER_SCENE, TORCH_SCENE, LAMP_SCENE, REPEATER_SCENE, TRAPDOOR_SCENE,
                                  DOOR_SCENE, NOTE_SCENE, WIRE_SCENE, DOOR_HALF_SCENE, OBSERVERS_SCENE, HEAD_SCENE,
                                  PLACED_SCENE, LINE_SCENE])
def test_redstone_of_1_12_1_stops_in_one_line(name: str) -> None:
    """The scenes are written for 1.13.2; 1.12.2 runs them, 1.12.1 stops each in one line."""
    text = (SCENES_DIR / name).read_text().replace('version = "1.13.2"', 'version = "1.12.1"')
    sim = load_scene_text(text, "<redstone 1.12.1>")
    with pytest.raises(NotImplementedError) as err:
        for _ in range(5):
            sim.tick()
    line = str(err.value)
    assert "\n" not in line and "of version 1.12.1" in line


@pytest.mark.parametrize("name", sorted(p.name for p in SCENES_DIR.glob("redstone_*.toml")))
def test_the_bundled_redstone_scenes_run_in_1_12_2_or_stop_in_one_line(name: str) -> None:
    """Each bundled redstone scene runs 40 ticks in 1.12.2, or stops in one line: at load (a block or property
    1.12.2's table lacks) or where it meets a refused cell."""
    try:
        sim = load_scene_text(_with_version((SCENES_DIR / name).read_text(), "1.12.2"), name)
        for _ in range(40):
            sim.tick()
    except (NotImplementedError, SceneError) as err:
        assert "\n" not in str(err)
