"""The compiled boat and minecart loops in 1.21.7-1.21.11 (engine.entities.boat.BoatBatch, minecart.MinecartBatch; the
later flags as engine.entities.later_flags and each kind's LATER_FLAGS say): boats and carts in a world of water, slabs,
rails, soul sand, honey and bubble columns (`vehicles_scene`) run compiled, on the object path and traced with the same
states bit for bit every tick in 1.21.8 and 1.21.11, and with the JIT off; a loop blind to the block walk or to the
double fall distance is caught; a boat with movements recorded since its last tick, and every boat and cart of a
release with a later flag its kind does not list, take the object path."""

from __future__ import annotations

import dataclasses
import hashlib
from collections import Counter

import pytest

from engine import jit
from engine.core.versions import FEATURES, features_for
from engine.entities import boat, boat_kernel, later_flags, minecart, minecart_kernel, tnt_kernel
from engine.entities.boat import Boat, BoatBatch
from engine.entities.minecart import AbstractMinecart, MinecartBatch
from engine.motion.inside_blocks import Movement
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from engine.world.world import World
from tests.conftest import jit_off_run, three_ways_counted
from tests.engine.test_compiled_equality import run_lines

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

RELEASES = ("1.21.8", "1.21.11")
TICKS = 40
LATER = ("1.21.7", "1.21.8", "1.21.10", "1.21.11")


def _blocks(block: str, lo: tuple[int, int, int], hi: tuple[int, int, int]) -> str:
    return f'[[blocks]]\nfrom = {list(lo)}\nto = {list(hi)}\nblock = "minecraft:{block}"\n'


def _entity(kind: str, n: int, pos: tuple[float, float, float], motion: tuple[float, float, float]) -> str:
    return f'[[entities]]\ntype = "minecraft:{kind}"\nid = {n}\npos = {list(pos)}\nmotion = {list(motion)}\n'


def vehicles_scene(version: str) -> str:
    """In `version`, over a stone floor at y 0: a pool of still water two deep (y 1-2, walled in stone) with an
    upward bubble column in its lower layer (soul sand under it) and a drag column beside it (magma under it), boats
    floating and drifting across it and one under water rising over the upward column; a field of bottom slabs with
    boats sliding over them and one falling onto them from 3 blocks up; boats sliding on stone towards a strip of
    soul sand and one of honey set in the floor; carts on a track along +x (rails, powered rails on, a detector
    rail, a stretch waterlogged, one rail on soul sand, an ascending rail up onto a slab-high step) and a boat beside
    the track."""
    text = f'[scene]\nversion = "{version}"\n' + _blocks("stone", (-4, 0, -4), (40, 0, 24))
    text += _blocks("stone", (-1, 1, -1), (12, 2, -1)) + _blocks("stone", (-1, 1, 8), (12, 2, 8)) \
        + _blocks("stone", (-1, 1, 0), (-1, 2, 7)) + _blocks("stone", (12, 1, 0), (12, 2, 7)) \
        + _blocks("water", (0, 1, 0), (11, 2, 7))
    text += _blocks("soul_sand", (5, 0, 3), (5, 0, 3)) + _blocks("bubble_column[drag=false]", (5, 1, 3), (5, 1, 3))
    text += _blocks("magma_block", (7, 0, 3), (7, 0, 3)) + _blocks("bubble_column[drag=true]", (7, 1, 3), (7, 1, 3))
    text += _blocks("stone_slab[type=bottom]", (14, 1, 0), (24, 1, 7))
    text += _blocks("soul_sand", (30, 0, 0), (30, 0, 3)) + _blocks("honey_block", (30, 0, 5), (30, 0, 7))
    track = 12
    text += _blocks("rail[shape=east_west]", (0, 1, track), (30, 1, track))
    text += _blocks("powered_rail[shape=east_west,powered=true]", (4, 1, track), (6, 1, track))
    text += _blocks("detector_rail[shape=east_west]", (12, 1, track), (12, 1, track))
    text += _blocks("rail[shape=east_west,waterlogged=true]", (15, 1, track), (18, 1, track))
    text += _blocks("soul_sand", (21, 0, track), (21, 0, track))
    text += _blocks("rail[shape=ascending_east]", (26, 1, track), (26, 1, track))
    text += _blocks("stone", (27, 1, track), (31, 1, track)) + _blocks("rail[shape=east_west]", (27, 2, track),
                                                                       (31, 2, track))
    boats = [((2.0, 2.5, 1.5), (0.0, 0.0, 0.0)), ((1.5, 2.5, 3.5), (0.25, 0.0, 0.0)),
             ((2.5, 2.6, 6.0), (0.3, 0.0, -0.02)), ((5.5, 1.1, 3.5), (0.0, 0.0, 0.0)),
             ((15.0, 1.5, 2.0), (0.4, 0.0, 0.0)), ((16.0, 4.5, 5.0), (0.05, 0.0, 0.0)),
             ((28.8, 1.0, 1.5), (0.35, 0.0, 0.0)), ((28.8, 1.0, 6.0), (0.35, 0.0, 0.0)),
             ((8.5, 1.0, track + 2.0), (0.1, 0.0, 0.0))]
    carts = [((1.5, 1.0, track + 0.5), (0.2, 0.0, 0.0)), ((8.5, 1.0, track + 0.5), (0.45, 0.0, 0.0)),
             ((14.5, 1.0, track + 0.5), (0.3, 0.0, 0.0)), ((19.5, 1.0, track + 0.5), (0.6, 0.0, 0.0)),
             ((24.5, 1.0, track + 0.5), (0.5, 0.0, 0.0))]
    n = 0
    for pos, motion in boats:
        n += 1
        text += _entity("boat", n, pos, motion)
    for pos, motion in carts:
        n += 1
        text += _entity("minecart", n, pos, motion)
    return text


def vehicle_lines(version: str, ticks: int = TICKS, mode: str = "compiled") -> list[str]:
    """`run_lines` of `vehicles_scene(version)`."""
    return run_lines(load_scene_text(vehicles_scene(version)), ticks, mode)


def three_ways(version: str) -> tuple[list[str], Counter, Counter, Simulation]:
    """`vehicles_scene(version)` run TICKS ticks compiled, on the object path and traced, asserted equal and
    stopped by nothing: the compiled run's lines, the ticks each boat and each cart took on the object path there,
    and its simulation."""
    lines, boats, sim = three_ways_counted(vehicles_scene(version), TICKS, run_lines, Boat, "tick")
    assert len(lines) == TICKS and "Error" not in lines[-1], lines[-1]
    carts = three_ways_counted(vehicles_scene(version), TICKS, run_lines, AbstractMinecart, "tick")[1]
    return lines, Counter(boats), Counter(carts), sim


@pytest.fixture(scope="module")
def runs() -> dict[str, tuple[list[str], Counter, Counter, Simulation]]:
    return {version: three_ways(version) for version in RELEASES}


@pytest.mark.parametrize("version", RELEASES)
def test_boats_and_carts_of_later_releases_compiled_object_and_traced_agree(runs, version: str) -> None:
    """The vehicles scene agrees three ways in 1.21.8 and 1.21.11; the boats floating or drifting on the pool's
    surface and the carts on plain rails are compiled past their first tick, the boat rising over the bubble column,
    those reaching soul sand or honey and the cart crossing the detector rail are handed back."""
    _, boats, carts, sim = runs[version]
    for n in (1, 2, 3):                                         # afloat, over nothing with an effect
        assert boats[n] == 1, (n, boats[n])
    assert boats[4] > TICKS // 2 and boats[7] > 1 and boats[8] > 1   # the column, soul sand, honey
    assert carts[10] < TICKS // 2 and carts[11] > 1               # plain rails; the detector rail on its way
    assert sim.kernel_ticks > 2 * sim.object_ticks, (sim.kernel_ticks, sim.object_ticks)


def test_1_21_8_differs_from_1_21_4(runs) -> None:
    """The boat falling onto the slabs counts its fall distance in double in 1.21.8 (`fall_distance_double`), in
    float in 1.21.4: the runs differ."""
    assert runs["1.21.8"][0] != vehicle_lines("1.21.4")


def _blind_to_the_walk(monkeypatch) -> None:
    """The loops as plain Python, with the block walk's test (`tnt_kernel.effect_near_path`, in the move and after
    it) never finding a block with an effect."""
    never = lambda *args: False   # noqa: E731
    monkeypatch.setitem(jit.plain(tnt_kernel.move_self).__globals__, "effect_near_path", never)
    monkeypatch.setitem(jit.plain(boat_kernel._tick_row).__globals__, "_any_effect", never)
    monkeypatch.setitem(jit.plain(minecart_kernel._tick_row).__globals__, "_any_effect", never)
    monkeypatch.setattr(boat_kernel, "tick_rows", jit.plain(boat_kernel.tick_rows))
    monkeypatch.setattr(minecart_kernel, "tick_rows", jit.plain(minecart_kernel.tick_rows))


@pytest.mark.parametrize("version", RELEASES)
def test_a_loop_blind_to_the_block_walk_is_caught(monkeypatch, version: str) -> None:
    """Given loops that never hand back a boat or cart whose walk meets a block with an effect, the three-way
    comparison fails (the boat over the bubble column, the cart over the detector rail)."""
    _blind_to_the_walk(monkeypatch)
    with pytest.raises(AssertionError):
        three_ways(version)


def test_a_loop_without_the_double_fall_distance_is_caught(monkeypatch) -> None:
    """The loops given 1.21.8 without V_FALL_DOUBLE (`fall_distance_double`) differ from the object path: the
    falling boat's fall distance."""
    monkeypatch.setitem(tnt_kernel.VERSION_BITS, "fall_distance_double", 0)
    with pytest.raises(AssertionError):
        three_ways("1.21.8")


def test_every_later_flag_is_listed_once() -> None:
    """Each kind's LATER_FLAGS and the flags of other kinds (`later_flags.OTHER_KINDS`) part the flags changed after
    1.21.4 between them."""
    later = {name for name in FEATURES if later_flags.later(name)}
    for listed in (boat.LATER_FLAGS, minecart.LATER_FLAGS):
        assert listed | later_flags.OTHER_KINDS == later and not listed & later_flags.OTHER_KINDS


@pytest.mark.parametrize("batch", [BoatBatch(), MinecartBatch()])
def test_the_releases_decided(batch) -> None:
    """Both loops decide 1.21.7, 1.21.8, 1.21.10 and 1.21.11, not the releases refusing `block_effects` (1.21.5,
    1.21.6, 1.21.9); a flag of another kind flipped changes nothing."""
    world = World()
    for version in LATER:
        assert batch.decides(world, features_for(version)), version
    for version in ("1.21.5", "1.21.6", "1.21.9"):
        assert not batch.decides(world, features_for(version)), version
    flipped = dataclasses.replace(features_for("1.21.8"), sneak_probe_deflated=False)
    assert batch.decides(world, flipped)                  # another kind's flag


def test_a_release_with_an_unlisted_flag_takes_the_object_path(monkeypatch) -> None:
    """Where a kind does not list a later flag the release has (here `fall_distance_double`, struck from the
    lists), every boat and cart of that release takes the object path, with the same run."""
    for module in (boat, minecart):
        monkeypatch.setattr(module, "LATER_FLAGS", module.LATER_FLAGS - {"fall_distance_double"})
    sim = load_scene_text(vehicles_scene("1.21.8"))
    assert run_lines(sim, TICKS, "compiled") == vehicle_lines("1.21.8") and sim.kernel_ticks == 0


def test_a_boat_with_recorded_movements_takes_the_object_path() -> None:
    """A boat with movements recorded since its last tick (a shulker box's push, which 1.21.7's walk takes from
    where the push began) is handed to the object path; a cart's walk reads its position alone."""
    sim = load_scene_text(vehicles_scene("1.21.8"))
    a, cart = sim.entities[0], sim.entities[9]
    a.first_update = cart.first_update = False
    assert BoatBatch().row(a, False) >= 0 and MinecartBatch().row(cart, False) >= 0
    a.movements = cart.movements = (Movement(a.pos, a.pos.add(0.05, 0.0, 0.0), None),)
    assert BoatBatch().row(a, False) < 0 and MinecartBatch().row(cart, False) >= 0


def later_digest(versions: tuple[str, ...], ticks: int) -> str:
    """The hash of the compiled runs of the vehicles scene in `versions`, `ticks` long."""
    return hashlib.sha256("".join(line for version in versions
                                  for line in vehicle_lines(version, ticks)).encode()).hexdigest()


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the vehicles scene of 1.21.8 and 1.21.11 runs as compiled, bit for bit (the other
    tests compare the compiled runs with the object path)."""
    case = "('1.21.8', '1.21.11'), 20"
    compiled, digest = jit_off_run("tests.engine.test_vehicle_rows_releases", f"later_digest({case})")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == later_digest(("1.21.8", "1.21.11"), 20)
