"""Redstone of 1.16.5 (engine/redstone): each component's timing, run as scenes and read from the `block_changed`
events. Expected ticks come from the game's code, written here as the rule with its source; an action's tick T
is the game tick whose phase runs it (`use` in the players phase, `set_block` in the scheduled-ticks phase), and a
block tick scheduled in tick T with delay d runs in the scheduled-ticks phase of tick T + d
(`ServerTickScheduler.schedule`: world time + delay; `tick` runs those with time <= world time)."""

from __future__ import annotations

import pytest

from engine.tick.scene import SceneError, load_scene, load_scene_text
from engine.tick.scene_writer import write_scene
from engine.tick.simulation import Simulation
from tests import scene_parts as parts
from tests.conftest import SCENES_DIR, scene_toml
from viewer.cli import main, trace_lines

FLOOR = scene_toml(scene={"name": "redstone", "version": "1.16.5"}, blocks=[parts.cuboid((-4, 0, -4), (12, 0, 4))])


def block(at: tuple[int, int, int], state: str, **keys: object) -> str:
    return scene_toml(blocks=[{**parts.cell(at, f"minecraft:{state}"), **keys}])


def row(lo: tuple[int, int, int], hi: tuple[int, int, int], state: str) -> str:
    return scene_toml(blocks=[parts.cuboid(lo, hi, f"minecraft:{state}")])


def action(tick: int, do: str, at: tuple[int, int, int], **extra: str) -> str:
    return scene_toml(actions=[parts.action(tick, do, at=list(at), **extra)])


def changes(sim: Simulation, ticks: int) -> list[tuple[int, tuple[int, ...], str, str, str, str]]:
    """Every block change of `ticks` ticks: (tick, pos, from, to, phase, cause)."""
    out = []
    for _ in range(ticks):
        record = sim.tick()
        out += [(record.tick, tuple(e["pos"]), e["from"], e["to"], e["phase"], e["cause"])
                for e in record.events if e["kind"] == "block_changed"]
    return out


def ticks_when(log, pos: tuple[int, int, int], needle: str) -> list[int]:
    """The ticks in which the block at `pos` changed to a state containing `needle`."""
    return [t for t, p, _, to, _, _ in log if p == pos and needle in to]


# --- repeaters, torches, buttons, lamps ---
@pytest.mark.parametrize("delay", [1, 2, 3, 4])
def test_repeater_of_delay_d_powers_its_output_2d_ticks_after_its_input(delay: int) -> None:
    """RepeaterBlock.getUpdateDelayInternal = delay * 2; AbstractRedstoneGateBlock.updatePowered schedules the
    tick when the input changes (the lever flipped in tick 2's players phase): powered in tick 2 + 2·delay, and
    unpowered 2·delay after the lever is flipped back in tick 20."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "lever[face=floor,facing=north]")
                          + block((1, 1, 0), f"repeater[facing=west,delay={delay}]")
                          + action(2, "use", (0, 1, 0)) + action(20, "use", (0, 1, 0)))
    log = changes(sim, 30)
    assert ticks_when(log, (1, 1, 0), "powered=true") == [2 + 2 * delay]
    assert ticks_when(log, (1, 1, 0), "powered=false") == [20 + 2 * delay]


def test_repeater_locked_by_a_powered_repeater_at_its_side_ignores_its_input() -> None:
    """RepeaterBlock.isLocked: a side input from a gate above 0 locks it (getMaxInputLevelSides); a locked gate
    neither schedules nor changes (updatePowered, scheduledTick)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "lever[face=floor,facing=north]")
                          + block((1, 1, 0), "repeater[facing=west,delay=1,locked=true]")
                          + block((1, 1, 1), "repeater[facing=south,delay=1,powered=true]")
                          + block((1, 1, 2), "redstone_block")
                          + action(2, "use", (0, 1, 0)))
    log = changes(sim, 12)
    assert ticks_when(log, (1, 1, 0), "powered=true") == []


def test_torch_turns_off_two_ticks_after_its_block_is_powered_and_on_two_after_it_is_not() -> None:
    """RedstoneTorchBlock.neighborUpdate: schedule(pos, this, 2) when lit == shouldUnpower. The lever on the
    torch's block gives it strong power (LeverBlock.getStrongRedstonePower toward its attached side)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "stone") + block((0, 2, 0), "redstone_torch")
                          + block((1, 1, 0), "lever[face=wall,facing=east]")
                          + action(3, "use", (1, 1, 0)) + action(10, "use", (1, 1, 0)))
    log = changes(sim, 16)
    assert ticks_when(log, (0, 2, 0), "lit=false") == [3 + 2]
    assert ticks_when(log, (0, 2, 0), "lit=true") == [10 + 2]


def test_torch_burns_out_on_its_eighth_toggle_in_60_ticks_and_relights_160_ticks_later() -> None:
    """RedstoneTorchBlock: each turning off records (pos, time); the 8th entry at one position within 60 ticks
    (isBurnedOut: ++i >= 8; scheduledTick drops entries with time - entry > 60) burns it out and schedules a tick
    160 later, when the entries have aged out and it relights. The lever flips every 4 ticks from tick 1."""
    uses = "".join(action(1 + 4 * k, "use", (1, 1, 0)) for k in range(16))
    sim = load_scene_text(FLOOR + block((0, 1, 0), "stone") + block((0, 2, 0), "redstone_torch")
                          + block((1, 1, 0), "lever[face=wall,facing=east]") + uses)
    log = changes(sim, 230)
    offs = [3 + 8 * k for k in range(8)]             # lever on at 1 + 8k, the torch off 2 ticks later
    assert ticks_when(log, (0, 2, 0), "lit=false") == offs
    assert ticks_when(log, (0, 2, 0), "lit=true") == [7 + 8 * k for k in range(7)] + [offs[-1] + 160]


@pytest.mark.parametrize(("button", "press_ticks"), [("stone_button", 20), ("oak_button", 30),
                                                     ("polished_blackstone_button", 20), ("warped_button", 30)])
def test_button_stays_pressed_20_ticks_stone_and_30_wooden(button: str, press_ticks: int) -> None:
    """AbstractButtonBlock.getPressTicks: wooden ? 30 : 20; powerOn schedules the release that long after the
    press; the wire it powers follows in the same ticks."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), f"{button}[face=floor,facing=north]")
                          + block((1, 1, 0), "redstone_wire[east=side,west=side]")
                          + action(4, "use", (0, 1, 0)))
    log = changes(sim, 40)
    assert ticks_when(log, (0, 1, 0), "powered=true") == [4]
    assert ticks_when(log, (0, 1, 0), "powered=false") == [4 + press_ticks]
    assert ticks_when(log, (1, 1, 0), "power=15") == [4]
    assert ticks_when(log, (1, 1, 0), "power=0") == [4 + press_ticks]


def test_pressing_a_pressed_button_does_not_extend_its_press() -> None:
    """AbstractButtonBlock.onUse: a powered button returns CONSUME without rescheduling."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "stone_button[face=floor,facing=north]")
                          + action(4, "use", (0, 1, 0)) + action(10, "use", (0, 1, 0)))
    assert ticks_when(changes(sim, 40), (0, 1, 0), "powered=false") == [24]


def test_lamp_lights_at_once_and_goes_out_four_ticks_after_losing_power() -> None:
    """RedstoneLampBlock.neighborUpdate: unlit and powered → lit now (flags 2); lit and unpowered →
    schedule(pos, this, 4)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "redstone_lamp") + block((1, 1, 0), "lever[face=floor]")
                          + action(2, "use", (1, 1, 0)) + action(9, "use", (1, 1, 0)))
    log = changes(sim, 16)
    assert ticks_when(log, (0, 1, 0), "lit=true") == [2]
    assert ticks_when(log, (0, 1, 0), "lit=false") == [9 + 4]


# --- wire ---
def test_wire_loses_one_level_per_block_and_carries_fifteen_blocks() -> None:
    """RedstoneWireBlock.getReceivedRedstonePower: max(received, strongest wire beside − 1); a lever gives 15, so
    the wire k blocks away holds 15 − k, the 16th none."""
    sim = load_scene_text(FLOOR + block((-1, 1, 0), "lever[face=floor]")
                          + row((0, 1, 0), (11, 1, 0), "redstone_wire[east=side,west=side]")
                          + row((-4, 1, 1), (12, 1, 1), "stone")
                          + action(1, "use", (-1, 1, 0)))
    sim.tick()
    powers = [int(sim.world.get_block_state(x, 1, 0).get("power")) for x in range(12)]
    assert powers == [15 - x for x in range(12)]


def test_wire_update_notifies_its_seven_positions_in_java_hash_set_order() -> None:
    """RedstoneWireBlock.update collects the wire's position and its six neighbours (Direction.values(): down, up,
    north, south, west, east) in a HashSet of 16 buckets and runs updateNeighborsAlways on each in the set's
    order. Vec3i.hashCode = (y + 31·z)·31 + x, spread h ^ (h >>> 16), bucket & 15; for the wire at (0, 1, 0):
    self 31 → 15, down 0 → 0, up 62 → 14, north −930 → 1, south 992 → 0, west 30 → 14, east 32 → 0; so buckets
    0 (down, south, east), 1 (north), 14 (up, west), 15 (self). Each centre notifies west, east, down, up,
    north, south (World.updateNeighborsAlways)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "redstone_wire")
                          + action(2, "set_block", (-1, 1, 0), block="minecraft:redstone_block"))
    sim.trace_enabled = True
    sim.tick()
    updates = sim.tick().redstone["neighbor_updates"]
    # set_block's updateNeighbors from (-1, 1, 0): west first, then east reaches the wire, whose update runs inside
    assert [u["from"] for u in updates[:2]] == [[-1, 1, 0], [-1, 1, 0]] and updates[1]["to"] == [0, 1, 0]
    centres = [(0, 0, 0), (0, 1, 1), (1, 1, 0), (0, 1, -1), (0, 2, 0), (-1, 1, 0), (0, 1, 0)]
    inner = updates[2:2 + 42]
    assert [tuple(u["from"]) for u in inner] == [c for c in centres for _ in range(6)]
    x, y, z = centres[0]
    assert [tuple(u["to"]) for u in inner[:6]] == [(x - 1, y, z), (x + 1, y, z), (x, y - 1, z), (x, y + 1, z),
                                                    (x, y, z - 1), (x, y, z + 1)]
    assert [tuple(u["from"]) for u in updates[44:]] == [(-1, 1, 0)] * 4


def test_wire_does_not_power_the_side_it_does_not_point_to() -> None:
    """RedstoneWireBlock.getWeakRedstonePower: to a side only where its placement state connects; a straight
    east-west line does not power a lamp north of it, but a lamp at its end (the wire points into it)."""
    sim = load_scene_text(FLOOR + block((-1, 1, 0), "lever[face=floor]")
                          + block((0, 1, 0), "redstone_wire[east=side,west=side]")
                          + block((1, 1, 0), "redstone_wire[east=side,west=side]")
                          + block((0, 1, -1), "redstone_lamp") + block((2, 1, 0), "redstone_lamp")
                          + action(1, "use", (-1, 1, 0)))
    log = changes(sim, 3)
    assert ticks_when(log, (2, 1, 0), "lit=true") == [1]
    assert ticks_when(log, (0, 1, -1), "lit=true") == []


# --- consumers ---
def test_tnt_block_powered_becomes_a_primed_tnt_entity_in_that_tick() -> None:
    """TntBlock.neighborUpdate: powered → primeTnt (a TntEntity at the bottom centre, fuse 80), then removeBlock."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "tnt") + block((1, 1, 0), "lever[face=floor]")
                          + action(5, "use", (1, 1, 0)))
    log = changes(sim, 5)
    assert ticks_when(log, (0, 1, 0), "minecraft:air") == [5]
    (tnt,) = sim.entities
    assert tnt.TYPE == "minecraft:tnt" and (tnt.pos.x, tnt.pos.y, tnt.pos.z) == (0.5, 1.0, 0.5) and tnt.fuse == 80


def test_tnt_placed_next_to_power_primes_at_once() -> None:
    """TntBlock.onBlockAdded: a TNT block added where it receives power primes in the same tick."""
    sim = load_scene_text(FLOOR + block((1, 1, 0), "redstone_block")
                          + action(3, "set_block", (0, 1, 0), block="minecraft:tnt"))
    for _ in range(3):
        sim.tick()
    assert [e.TYPE for e in sim.entities] == ["minecraft:tnt"]
    assert sim.world.get_block_state(0, 1, 0).is_air


def test_dispenser_fires_four_ticks_after_a_button_press() -> None:
    """DispenserBlock.neighborUpdate: a rising edge sets triggered and schedules(pos, this, 4); its scheduledTick
    dispenses (TNT: a primed TNT in front). The button pressed in tick 6 → TNT in tick 10, one item used."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "dispenser[facing=up]",
                                  items=[{"slot": 0, "id": "minecraft:tnt", "count": 2}])
                          + block((1, 1, 0), "stone_button[face=floor,facing=north]") + action(6, "use", (1, 1, 0)))
    counts = []
    for _ in range(12):
        sim.tick()
        counts.append(len(sim.entities))
    assert counts.index(1) + 1 == 6 + 4
    assert sim.world.containers[(0, 1, 0)] == ((0, "minecraft:tnt", 1),)
    assert sim.world.get_block_state(0, 1, 0).get("triggered") == "true"


def test_dispenser_is_powered_through_quasi_connectivity() -> None:
    """DispenserBlock.neighborUpdate: isReceivingRedstonePower(pos) || isReceivingRedstonePower(pos.up()): a
    redstone block set two above in tick 2 powers the air above it, but its updates do not reach the dispenser;
    the stone set beside the dispenser in tick 8 updates it, and it fires 4 ticks later."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "dispenser[facing=east]",
                                  items=[{"slot": 0, "id": "minecraft:tnt", "count": 1}])
                          + action(2, "set_block", (0, 3, 0), block="minecraft:redstone_block")
                          + action(8, "set_block", (-1, 1, 0), block="minecraft:stone"))
    counts = []
    for _ in range(14):
        sim.tick()
        counts.append(len(sim.entities))
    assert counts.index(1) + 1 == 8 + 4


def test_piston_with_power_at_the_block_above_extends_only_when_updated() -> None:
    """PistonBlock.shouldExtend: a neighbour of the block above emitting power toward it counts
    (quasi-connectivity), but tryMove runs only on a neighbour update of the piston itself (neighborUpdate): the
    redstone block set above in tick 2 updates (0, 2, 0), not the piston, which extends after the stone set
    beside it in tick 9 (set_block runs in the scheduled-ticks phase; the extend event in the same tick's
    block-event phase)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=east]")
                          + action(2, "set_block", (0, 3, 0), block="minecraft:redstone_block")
                          + action(9, "set_block", (0, 1, 1), block="minecraft:stone"))
    log = changes(sim, 12)
    assert ticks_when(log, (0, 1, 0), "extended=true") == [9]
    assert ticks_when(log, (1, 1, 0), "moving_piston") == [9]


def test_piston_powered_by_a_lever_extends_in_the_next_block_event_phase_and_retracts_after() -> None:
    """The lever flipped in the players phase of tick 3 runs the piston's tryMove, which queues the extend event;
    block events run in the next tick's block-event phase (4); flipped back in tick 8 → retract in tick 9."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=up]") + block((1, 1, 0), "lever[face=floor]")
                          + action(3, "use", (1, 1, 0)) + action(8, "use", (1, 1, 0)))
    log = changes(sim, 12)
    assert ticks_when(log, (0, 1, 0), "extended=true") == [4]
    assert ticks_when(log, (0, 1, 0), "moving_piston") == [9]


def test_unpowered_piston_stays_extended_until_its_retract_event_runs() -> None:
    """PistonBlock.tryMove (1.16.5) only queues the retract event; the base keeps extended=true until the event
    runs. The lever flipped off in tick 8's players phase: the piston is
    unchanged at the end of tick 8, with its event queued, and becomes a moving piston in tick 9's block events."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=up]") + block((1, 1, 0), "lever[face=floor]")
                          + action(3, "use", (1, 1, 0)) + action(8, "use", (1, 1, 0)))
    log = changes(sim, 8)
    assert ticks_when(log, (0, 1, 0), "extended=") == [4]
    assert str(sim.world.get_block_state(0, 1, 0)) == "minecraft:piston[extended=true,facing=up]"
    assert [(e.pos, e.type) for e in sim.world.block_events] == [((0, 1, 0), 1)]
    log = changes(sim, 1)
    assert ticks_when(log, (0, 1, 0), "moving_piston") == [9]


def test_piston_powered_again_before_its_retract_event_does_not_change() -> None:
    """The lever flipped off and on in tick 8: the retract event runs in tick 9 with the piston powered
    (onSyncedBlockEvent sets extended=true, which it already is, and returns), so neither the base nor the head
    changes after the extension of tick 4 is done."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=up]") + block((1, 1, 0), "lever[face=floor]")
                          + action(3, "use", (1, 1, 0)) + action(8, "use", (1, 1, 0)) + action(8, "use", (1, 1, 0)))
    log = changes(sim, 12)
    assert ticks_when(log, (0, 2, 0), "piston_head") == [6]     # the head's moving block arrives
    assert [t for t, p, *_ in log if p in ((0, 1, 0), (0, 2, 0)) and t > 6] == []
    assert str(sim.world.get_block_state(0, 1, 0)) == "minecraft:piston[extended=true,facing=up]"
    assert sim.world.get_block_state(0, 2, 0).block == "piston_head"


# --- use ---
def test_use_cycles_a_repeaters_delay_and_a_comparators_mode() -> None:
    """RepeaterBlock.onUse: delay cycles 1 → 2 → 3 → 4 → 1; ComparatorBlock.onUse: compare ↔ subtract."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "repeater[delay=3]") + block((2, 1, 0), "comparator")
                          + action(1, "use", (0, 1, 0)) + action(2, "use", (0, 1, 0)) + action(3, "use", (2, 1, 0)))
    log = changes(sim, 3)
    assert [to.split("delay=")[1][0] for _, p, _, to, _, _ in log if p == (0, 1, 0)] == ["4", "1"]
    assert [(t, phase, cause) for t, p, _, _, phase, cause in log if p == (2, 1, 0)] == [(3, "players", "use")]
    assert sim.world.get_block_state(2, 1, 0).get("mode") == "subtract"


def test_use_on_a_block_that_cannot_be_used_is_refused_at_load() -> None:
    with pytest.raises(SceneError, match=r"actions\[0\]\.at.*stone at \[0, 0, 0\] cannot be used"):
        load_scene_text(FLOOR + action(1, "use", (0, 0, 0)))


def test_use_on_stone_from_the_cli_is_one_line_and_status_2(tmp_path, capsys) -> None:
    path = tmp_path / "use.toml"
    path.write_text(FLOOR + action(1, "use", (0, 0, 0)))
    assert main(["trace", str(path), "--ticks", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "actions[0].at" in err


# --- comparators ---
def test_comparator_reads_a_dispensers_fill_level() -> None:
    """ScreenHandler.calculateComparatorOutput: floor(Σ count/maxCount / 9 · 14) + 1 if any: 64 TNT in one slot of
    nine → floor(14/9) + 1 = 2; the comparator (delay 2) gives it to the wire in front after a neighbour update."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "dispenser[facing=up]",
                                  items=[{"slot": 0, "id": "minecraft:tnt", "count": 64}])
                          + block((1, 1, 0), "comparator[facing=west]")
                          + block((2, 1, 0), "redstone_wire[east=side,west=side]")
                          + action(1, "set_block", (1, 1, 1), block="minecraft:stone"))
    log = changes(sim, 4)
    assert ticks_when(log, (1, 1, 0), "powered=true") == [3]
    assert ticks_when(log, (2, 1, 0), "power=2") == [3]


def test_comparator_subtract_mode_takes_the_side_input_off() -> None:
    """ComparatorBlock.calculateOutputSignal: subtract → max(back − max(side), 0). Back: lever 15; side: a wire at
    power 15 − 3 = 12 (three blocks from a redstone block): output 3, so the wire in front holds 3."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "lever[face=floor]")
                          + block((1, 1, 0), "comparator[facing=west,mode=subtract]")
                          + block((2, 1, 0), "redstone_wire[east=side,west=side]")
                          + row((1, 1, 1), (1, 1, 4), "redstone_wire[north=side,south=side]")
                          + action(1, "set_block", (1, 1, 5), block="minecraft:redstone_block")
                          + action(2, "use", (0, 1, 0)))
    changes(sim, 6)
    assert int(sim.world.get_block_state(1, 1, 1).get("power")) == 12
    assert int(sim.world.get_block_state(2, 1, 0).get("power")) == 3


# --- observers, rails, doors, note blocks, targets ---
def test_observer_gives_a_two_tick_pulse_two_ticks_after_the_block_it_faces_changes() -> None:
    """ObserverBlock.getStateForNeighborUpdate: a shape update from the faced block schedules(pos, this, 2);
    scheduledTick powers it and schedules 2 more, then unpowers it. Stone set in front in tick 3: on in 5, off 7."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "observer[facing=east]")
                          + block((-1, 1, 0), "redstone_lamp")
                          + action(3, "set_block", (1, 1, 0), block="minecraft:stone"))
    log = changes(sim, 14)
    assert ticks_when(log, (0, 1, 0), "powered=true") == [3 + 2]
    assert ticks_when(log, (0, 1, 0), "powered=false") == [3 + 2 + 2]
    assert ticks_when(log, (-1, 1, 0), "lit=true") == [5]
    assert ticks_when(log, (-1, 1, 0), "lit=false") == [7 + 4]


def test_powered_rail_passes_power_eight_rails_on() -> None:
    """PoweredRailBlock.isPoweredByOtherRails: the rails after a powered one count up to distance 8
    (distance >= 8 → false): the lever's rail and the next 8 are powered, the 10th and 11th not."""
    sim = load_scene_text(FLOOR + block((-1, 1, 0), "lever[face=floor]")
                          + row((0, 1, 0), (10, 1, 0), "powered_rail[shape=east_west]")
                          + action(1, "use", (-1, 1, 0)))
    sim.tick()
    assert [sim.world.get_block_state(x, 1, 0).get("powered") for x in range(11)] == ["true"] * 9 + ["false"] * 2


def test_use_opens_both_halves_of_a_wooden_door_and_power_opens_a_trapdoor() -> None:
    """DoorBlock.onUse cycles OPEN (flags 10); the upper half copies it (getStateForNeighborUpdate).
    TrapdoorBlock.neighborUpdate: powered → open and powered (flags 2)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "oak_door[half=lower]") + block((0, 2, 0), "oak_door[half=upper]")
                          + block((2, 1, 0), "oak_trapdoor") + block((3, 1, 0), "lever[face=floor]")
                          + action(2, "use", (0, 1, 0)) + action(2, "use", (3, 1, 0)))
    log = changes(sim, 2)
    assert ticks_when(log, (0, 1, 0), "open=true") == [2] and ticks_when(log, (0, 2, 0), "open=true") == [2]
    assert sim.world.get_block_state(2, 1, 0).get("open") == "true"


def test_iron_door_cannot_be_used() -> None:
    with pytest.raises(SceneError, match="iron_door at"):
        load_scene_text(FLOOR + block((0, 1, 0), "iron_door[half=lower]") + action(1, "use", (0, 1, 0)))


def test_note_block_follows_power_and_a_use_cycles_its_note() -> None:
    """NoteBlock.neighborUpdate: powered follows the power (flags 3); onUse: note + 1 (flags 3)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "note_block[note=24]") + block((1, 1, 0), "lever[face=floor]")
                          + action(2, "use", (1, 1, 0)) + action(3, "use", (0, 1, 0)))
    log = changes(sim, 3)
    assert [(t, fr.split("note=")[1][:2], to.split("note=")[1][:2]) for t, p, fr, to, _, _ in log if p == (0, 1, 0)] \
        == [(2, "24", "24"), (3, "24", "0,")]
    assert sim.world.get_block_state(0, 1, 0).get("powered") == "true"


def test_target_block_gives_its_power_to_a_wire() -> None:
    """TargetBlock.getWeakRedstonePower: its power property; a wire set beside it takes that level."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "target[power=5]")
                          + action(1, "set_block", (1, 1, 0), block="minecraft:redstone_wire"))
    sim.tick()
    assert sim.world.get_block_state(1, 1, 0).get("power") == "5"


def test_stages_trace_carries_the_redstone_record(tmp_path) -> None:
    """`--stages`: each line has `redstone` with the scheduled ticks run (pos, block, priority, order), the
    neighbour updates in order (with the phase they ran in) and the wire power changes (interfaces.md)."""
    path = tmp_path / "r.toml"
    path.write_text(FLOOR + block((0, 1, 0), "lever[face=floor]") + block((1, 1, 0), "redstone_wire")
                    + block((2, 1, 0), "repeater[facing=west]") + action(1, "use", (0, 1, 0)))
    lines = list(trace_lines(str(path), 3, True, None))
    assert lines[1]["redstone"]["wire_power"] == [{"pos": [1, 1, 0], "from": 0, "to": 15}]
    assert lines[1]["redstone"]["neighbor_updates"][0] == {"from": [0, 1, 0], "to": [-1, 1, 0], "block": "air",
                                                           "source": "lever", "phase": "players"}
    assert lines[3]["redstone"]["scheduled_ticks"] == [{"pos": [2, 1, 0], "block": "repeater", "priority": "high",
                                                        "order": 0}]
    assert "redstone" not in next(trace_lines(str(path), 0, False, None))


# --- the bundled scenes (scenes/redstone_*.toml) ---
def scene_changes(name: str, ticks: int):
    sim = load_scene(SCENES_DIR / f"{name}.toml")
    return sim, changes(sim, ticks)


def test_dispenser_cannon_scene_fires_propellant_then_projectile() -> None:
    """Button in tick 1 → wire → dispenser (facing up): 4-tick delay → TNT on top of it in tick 5; the repeater
    (delay 2 → 4 ticks) powers the second dispenser in tick 5, which fires 4 ticks later (tick 9). Each TNT
    explodes on the 80th decrement of its fuse, counted from the tick it appears: 5 + 79 and 9 + 79."""
    sim = load_scene(SCENES_DIR / "redstone_dispenser_cannon.toml")
    appeared, exploded = {}, {}
    for _ in range(90):
        record = sim.tick()
        for e in sim.reported_entities():
            if e.TYPE == "minecraft:tnt":
                appeared.setdefault(e.id, record.tick)
        for ev in record.events:
            if ev["kind"] == "explosion":
                exploded[ev["source"]] = record.tick
    tnts = sorted(appeared)
    assert [appeared[i] for i in tnts] == [5, 9]
    assert [exploded[i] for i in tnts] == [5 + 79, 9 + 79]


def test_repeater_clock_scene_has_a_period_of_16_ticks() -> None:
    """Half period: the torch's 2 ticks plus three repeaters of delay 1 (2 each) = 8; started by the stone set in
    tick 1, the torch goes off in 1 + 8, on in 17, off in 25, ..."""
    _, log = scene_changes("redstone_repeater_clock", 60)
    assert ticks_when(log, (0, 1, 1), "lit=false") == [9, 25, 41, 57]
    assert ticks_when(log, (0, 1, 1), "lit=true") == [17, 33, 49]


def test_bud_tnt_line_scene_primes_eight_tnt_in_x_order_in_one_tick() -> None:
    """Each removed TNT (removeBlock, flags 3) updates the next, which is powered (a redstone block above) and
    primes: all eight in tick 1, ids following x."""
    sim, log = scene_changes("redstone_bud_tnt_line", 1)
    assert [p for _, p, _, to, _, _ in log if to == "minecraft:air"] == [(x, 1, 0) for x in range(8)]
    tnts = sorted((e.id, e) for e in sim.entities if e.TYPE == "minecraft:tnt")
    assert [int(e.pos.x // 1) for _, e in tnts] == list(range(8))


def test_piston_quasi_connectivity_scene_extends_only_when_updated() -> None:
    """Powered at its block above from tick 2, the piston moves only when the stone set beside it in tick 10
    updates it; it retracts when the stone removed in tick 30 updates it (the redstone block is gone since 20)."""
    _, log = scene_changes("redstone_piston_quasi_connectivity", 35)
    assert ticks_when(log, (1, 1, 0), "moving_piston") == [10]
    assert ticks_when(log, (0, 1, 0), "moving_piston") == [30]


def test_flying_machine_scene_moves_a_block_east_every_10_ticks_and_stops_at_the_wall() -> None:
    """Its cycle from the rules: the stone set in tick 1 makes the rear observer fire in 1 + 2 = 3 (ObserverBlock:
    a tick 2 later), the piston's extend event runs in that tick's block-event phase and the front part lands
    2 block-entity ticks later (5); a moved observer schedules its tick as it lands (Block.postProcessState), so
    the front observer fires in 5 + 2 = 7 and the sticky piston extends; the 2-tick pulse ends in 9 and the sticky
    piston retracts, pulling the rear part, which lands in 11; its observer fires in 13 and the piston pushes
    again: a period of 2 + 2 + 2 + 2 + 2 = 10. The front slime lands at x = 2 + k in tick 5 + 10k and the rear
    slime (with the piston) at x = 1 + k in 11 + 10k; the front slime at x = 8 has the obsidian at x = 9 in
    front, so the push of tick 73 cannot happen and nothing changes after the observer's pulse ends in 75."""
    sim, log = scene_changes("redstone_flying_machine", 120)
    landed = [(t, p) for t, p, _, to, phase, _ in log if to == "minecraft:slime_block" and phase == "block_entities"]
    assert [(t, p[0]) for t, p in landed if p[2] == 0] == [(5 + 10 * k, 2 + k) for k in range(7)]    # front
    assert [(t, p[0]) for t, p in landed if p[2] == 1] == [(11 + 10 * k, 1 + k) for k in range(7)]   # rear
    assert ticks_when(log, (1, 3, 0), "minecraft:piston[extended=false") == [11, 17]   # landed; retracted
    assert max(t for t, *_ in log) == 75
    assert [str(sim.world.get_block_state(x, 3, z)).removeprefix("minecraft:")
            for x, z in ((7, 0), (8, 0), (7, 1), (8, 1), (9, 0))] == [
        "piston[extended=false,facing=east]", "slime_block", "slime_block",
        "sticky_piston[extended=false,facing=west]", "obsidian"]


# --- pistons' own block changes ---
def test_block_pushed_into_an_observers_view_pulses_it() -> None:
    """PistonBlock.move sets a moving_piston at each destination with flags 68 (no FORCE_STATE: shape updates
    run), so the observer watching the destination schedules its tick: lever in tick 3 → extend event in tick 4's
    block-event phase → powered in 4 + 2, unpowered in 4 + 4."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=east]") + block((1, 1, 0), "stone")
                          + block((2, 1, 1), "observer[facing=north]") + block((-1, 1, 0), "lever[face=floor]")
                          + action(3, "use", (-1, 1, 0)))
    log = changes(sim, 10)
    assert ticks_when(log, (2, 1, 0), "moving_piston") == [4]
    assert ticks_when(log, (2, 1, 1), "powered=true") == [6]
    assert ticks_when(log, (2, 1, 1), "powered=false") == [8]


def test_an_observer_moved_by_a_piston_fires_two_ticks_after_it_lands() -> None:
    """PistonBlockEntity.tick places a moved block through Block.postProcessState, which asks the block
    getStateForNeighborUpdate from each side: an observer is asked from the side it faces and schedules its tick.
    The lever in tick 3 queues the extend event for tick 4's block events; the slime block and the observer on it
    land 2 block-entity ticks later (6); the observer is powered in 6 + 2 and off in 6 + 4. Nothing in front of it
    changed: only the move makes it fire."""
    sim = load_scene_text(FLOOR + block((0, 2, 0), "piston[facing=east]") + block((1, 2, 0), "slime_block")
                          + block((1, 3, 0), "observer[facing=up]") + block((-1, 2, 0), "lever[face=wall,facing=west]")
                          + action(3, "use", (-1, 2, 0)))
    log = changes(sim, 14)
    assert ticks_when(log, (2, 3, 0), "observer[facing=up,powered=false]") == [6, 10]
    assert ticks_when(log, (2, 3, 0), "powered=true") == [8]


def test_a_pushed_block_leaving_updates_a_budded_tnt_beside_its_old_cell() -> None:
    """PistonBlock.move ends with updateNeighborsAlways around each moved block's old position: the TNT beside
    it, powered by the redstone block above since load but never updated, primes in the extend's tick (4)."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=east]") + block((1, 1, 0), "stone")
                          + block((1, 1, 1), "tnt") + block((1, 2, 1), "redstone_block")
                          + block((-1, 1, 0), "lever[face=floor]") + action(3, "use", (-1, 1, 0)))
    log = changes(sim, 5)
    assert [(t, phase, cause) for t, p, _, to, phase, cause in log if p == (1, 1, 1)] == \
        [(4, "block_events", "neighbor_update")]


# --- pressure plates ---
def entity(kind: str, pos: tuple[float, float, float]) -> str:
    """An entity at `pos`; an item starts in the air (ItemEntity.tick moves a resting item only every 4th tick,
    and checkBlockCollision runs in Entity.move)."""
    return scene_toml(entities=[parts.entity(f"minecraft:{kind}", pos, on_ground=kind != "item")])


@pytest.mark.parametrize(("plate", "kind", "pressed"), [
    ("oak_pressure_plate", "armor_stand", True), ("oak_pressure_plate", "item", True),
    ("stone_pressure_plate", "armor_stand", True), ("stone_pressure_plate", "item", False)])
def test_pressure_plate_pressed_by_the_entities_its_kind_counts(plate: str, kind: str, pressed: bool) -> None:
    """PressurePlateBlock.getRedstoneOutput: wooden plates (EVERYTHING) count any entity in the plate's box,
    stone ones (MOBS) living entities only; the entity's checkBlockCollision in tick 1 presses it, and the lamp
    beside it lights in that tick."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), plate) + block((1, 1, 0), "redstone_lamp")
                          + entity(kind, (0.5, 1.0, 0.5)))
    log = changes(sim, 3)
    assert ticks_when(log, (0, 1, 0), "powered=true") == ([1] if pressed else [])
    assert ticks_when(log, (1, 1, 0), "lit=true") == ([1] if pressed else [])


def test_pressed_plate_is_checked_again_every_20_ticks() -> None:
    """AbstractPressurePlateBlock.updatePlateState schedules a tick getTickRate() = 20 later while pressed; the
    scheduled tick checks again (and schedules again while the armor stand stays): ticks 21 and 41."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "stone_pressure_plate") + entity("armor_stand", (0.5, 1.0, 0.5)))
    sim.trace_enabled = True
    ran = [r.tick for r in (sim.tick() for _ in range(45)) for t in r.redstone["scheduled_ticks"]
           if t["block"] == "stone_pressure_plate"]
    assert ran == [21, 41]
    assert sim.world.get_block_state(0, 1, 0).get("powered") == "true"


def test_weighted_plate_power_is_the_entity_count_over_its_weight() -> None:
    """WeightedPressurePlateBlock.getRedstoneOutput: ceil(min(n, weight) / weight × 15F); light (gold) weight 15:
    3 items give 3; heavy (iron) weight 150: 3 items give ceil(0.3) = 1."""
    items = "".join(entity("item", (0.5 + dx, 1.0, 0.5)) for dx in (-0.2, 0.0, 0.2))
    light = load_scene_text(FLOOR + block((0, 1, 0), "light_weighted_pressure_plate") + items)
    heavy = load_scene_text(FLOOR + block((0, 1, 0), "heavy_weighted_pressure_plate") + items)
    light.tick()
    heavy.tick()
    assert light.world.get_block_state(0, 1, 0).get("power") == "3"
    assert heavy.world.get_block_state(0, 1, 0).get("power") == "1"


def test_comparator_follows_a_dispenser_emptied_by_firing() -> None:
    """Taking an item marks the dispenser's block entity dirty (BlockEntity.markDirty → World.updateComparators),
    so the comparator behind it schedules its update (delay 2): set up in tick 1 (output 1 in tick 3), the
    button in tick 5 fires the last TNT in tick 9, and the comparator turns off in tick 11."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "dispenser[facing=up]",
                                  items=[{"slot": 0, "id": "minecraft:tnt", "count": 1}])
                          + block((1, 1, 0), "comparator[facing=west]")
                          + block((0, 1, -1), "stone_button[face=floor,facing=north]")
                          + action(1, "set_block", (1, 1, 1), block="minecraft:stone")
                          + action(5, "use", (0, 1, -1)))
    log = changes(sim, 12)
    assert ticks_when(log, (1, 1, 0), "powered=true") == [3]
    assert ticks_when(log, (1, 1, 0), "powered=false") == [11]


def test_detector_rail_is_powered_while_a_minecart_is_on_it() -> None:
    """DetectorRailBlock.onEntityCollision (a cart's checkBlockCollision) → updatePoweredStatus: a cart in the
    detection box powers it (flags 3) and the lamp beside it lights in tick 1; the cart rolls on east, and the
    check scheduled 20 ticks later (schedule(pos, this, 20)) unpowers it in tick 21, the lamp 4 ticks after."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "detector_rail[shape=east_west]")
                          + row((1, 1, 0), (12, 1, 0), "rail[shape=east_west]")
                          + block((0, 1, 1), "redstone_lamp")
                          + scene_toml(entities=[parts.entity("minecart", (0.5, 1.0625, 0.5), motion=[0.2, 0.0, 0.0])]))
    log = changes(sim, 30)
    assert ticks_when(log, (0, 1, 0), "powered=true") == [1]
    assert ticks_when(log, (0, 1, 0), "powered=false") == [21]
    assert ticks_when(log, (0, 1, 1), "lit=true") == [1]
    assert ticks_when(log, (0, 1, 1), "lit=false") == [21 + 4]


def test_a_scene_saved_while_redstone_is_under_way_runs_on_identically(tmp_path) -> None:
    """A running clock saved at tick 5 holds its scheduled block ticks (due times on the world's clock,
    priorities, insertion ids) in `[redstone]`: the saved scene's block changes are the original's."""
    sim = load_scene(SCENES_DIR / "redstone_repeater_clock.toml")
    for _ in range(5):
        sim.tick()
    assert len(sim.world.block_ticks)
    write_scene(sim, tmp_path / "at_5.toml")
    saved = load_scene(tmp_path / "at_5.toml")
    changes = [[(ev["pos"], ev["to"]) for ev in sim.tick().events if ev["kind"] == "block_changed"] for _ in range(40)]
    again = [[(ev["pos"], ev["to"]) for ev in saved.tick().events if ev["kind"] == "block_changed"]
             for _ in range(40)]
    assert again == changes and any(changes)


def test_an_arrow_stuck_in_a_wooden_button_keeps_it_pressed() -> None:
    """AbstractButtonBlock.onEntityCollision (a wooden button, in the arrow's checkBlockCollision) →
    tryPowerWithProjectiles: pressed while a persistent projectile is in the outline box, checked again every
    30 ticks (getPressTicks) while pressed: the arrow stuck in the wall behind the button keeps it down."""
    sim = load_scene_text(FLOOR + block((3, 1, 0), "stone") + block((2, 1, 0), "oak_button[face=wall,facing=west]")
                          + scene_toml(entities=[parts.entity("arrow", (0.5, 1.3, 0.5), motion=[1.0, 0.0, 0.0])]))
    sim.trace_enabled = True
    log, checks = [], []
    for _ in range(70):
        record = sim.tick()
        log += [(record.tick, tuple(e["pos"]), e["to"]) for e in record.events if e["kind"] == "block_changed"]
        checks += [record.tick for t in record.redstone["scheduled_ticks"] if t["block"] == "oak_button"]
    (pressed,) = [t for t, p, to in log if p == (2, 1, 0) and "powered=true" in to]
    assert pressed <= 3
    assert [t for t, p, to in log if p == (2, 1, 0) and "powered=false" in to] == []
    assert checks == [pressed + 30, pressed + 60]


def test_an_update_at_a_piston_head_reaches_its_base() -> None:
    """PistonHeadBlock.neighborUpdate passes the update on to its base. The piston, powered from above
    (quasi-connectivity), extends when the stone set beside its base in tick 3 updates it; its power goes in
    tick 10 (the redstone block removed two above updates nothing next to it); the stone set beside its head in
    tick 12 updates the head, and the base retracts in that tick."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=east]")
                          + action(2, "set_block", (0, 3, 0), block="minecraft:redstone_block")
                          + action(3, "set_block", (0, 1, 1), block="minecraft:stone")
                          + action(10, "remove_block", (0, 3, 0))
                          + action(12, "set_block", (1, 1, 1), block="minecraft:stone"))
    log = changes(sim, 15)
    assert ticks_when(log, (1, 1, 0), "moving_piston") == [3]
    assert ticks_when(log, (0, 1, 0), "moving_piston") == [12]


def test_a_pushed_redstone_block_primes_the_tnt_it_arrives_beside() -> None:
    """PistonBlockEntity.tick places the pushed block with flags 67 (neighbours notified) once its progress,
    +0.5F per tick from the extend event's tick, has reached 1: the extend event in tick 4 (lever in tick 3),
    progress 0.5 and 1 in ticks 4 and 5, the redstone block placed in tick 6's block-entity phase, where the TNT
    beside its new cell primes."""
    sim = load_scene_text(FLOOR + block((0, 1, 0), "piston[facing=east]") + block((1, 1, 0), "redstone_block")
                          + block((2, 1, 1), "tnt") + block((-1, 1, 0), "lever[face=floor]")
                          + action(3, "use", (-1, 1, 0)))
    log = changes(sim, 7)
    assert [(t, to, phase) for t, p, _, to, phase, _ in log if p == (2, 1, 0)] == \
        [(4, "minecraft:moving_piston[facing=east,type=normal]", "block_events"),
         (6, "minecraft:redstone_block", "block_entities")]
    assert [(t, phase) for t, p, _, to, phase, _ in log if p == (2, 1, 1)] == [(6, "block_entities")]
    assert [e.TYPE for e in sim.entities] == ["minecraft:tnt"]
