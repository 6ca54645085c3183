"""The compiled mobs loop in the releases after 1.16.5 (engine.living.mob.MobBatch: 1.16.2 to 1.21.11 but 1.21.9, the
flags the tick reads as the loop's `release`; 1.21.5 and 1.21.6 hand back a mob near a block with an effect, where
the release stops in one line): random mob worlds of 1.17, 1.19.4, 1.20.4, 1.20.5 and
1.21.1, zombies of 1.20.5, 1.21.1, 1.21.2, 1.21.8 and 1.21.11 stepping up slabs and stairs beside an item (one with its
gravity attribute off its default handed back; one jumping while rising, one without AI by a cactus), zombies walking
off a ledge of packed ice and zombies jumping at the edge of honey blocks in 1.20.4 (their supporting block's column is
not the cell under their position) run compiled, on the object path and traced with the same states bit for bit every
tick; a loop that ignores a release flag or an attribute is caught; the releases the loop does not decide take the
object path."""

from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest

from engine import jit
from engine.core.versions import features_for
from engine.living import mob_kernel, travel_kernel
from engine.living.attributes import AttributeContainer, release_id
from engine.living.mob import MobBatch, MobEntity
from engine.tick.scene import load_scene_text
from engine.world.world import World
from tests.conftest import jit_off_run, three_ways_counted
from tests.engine.test_mob_rows import TICKS, _plain_mutant, mob_lines, mob_world

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

RELEASES = ("1.17", "1.19.4", "1.20.4")
SEEDS = (4, 6)       # a crowd pushing each other (4: cramming), raised patches to walk off (6)


def ledge_scene() -> str:
    """1.20.4: zombies walking east off a ledge of packed ice one block high onto a stone floor, one along the
    ledge's north edge with its box partly over it: while a zombie overhangs the edge its supporting block (the ice) is
    not in the column under its position, so its slipperiness block is the ice's column (`getPosWithYOffset`),
    not the air under it."""
    text = ('[scene]\nversion = "1.20.4"\n[[blocks]]\nfrom = [-8, 0, -8]\nto = [12, 0, 8]\nblock = "minecraft:stone"\n'
            '[[blocks]]\nfrom = [-6, 1, -4]\nto = [2, 1, 4]\nblock = "minecraft:packed_ice"\n')
    for n, (x, z) in enumerate(((0.5, 0.5), (1.0, 5.1), (1.5, -3.5))):
        text += (f'[[entities]]\ntype = "minecraft:zombie"\nid = {n + 1}\npos = [{x}, 2.0, {z}]\n'
                 'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n'
                 f'move_to = {{ pos = [11.5, 1.0, {z}], speed = 1.0 }}\n')
    return text


def honey_scene() -> str:
    """1.20.4: two zombies on a stone floor, each jumping (its `move_to` target a block above, within reach) at tick
    3, once landed: zombie 1 on the edge of a honey block with its position over the air beside it (its supporting
    block, the honey, halves its jump: `getJumpVelocityMultiplier` under the supporting block), zombie 2 on a stone
    block with its position over the honey beside it (the stone supports it: a full jump, whose move carries its
    position over the stone)."""
    text = ('[scene]\nversion = "1.20.4"\n[[blocks]]\nfrom = [-4, 0, -4]\nto = [6, 0, 6]\nblock = "minecraft:stone"\n'
            '[[blocks]]\nfrom = [0, 1, 0]\nto = [0, 1, 0]\nblock = "minecraft:honey_block"\n'
            '[[blocks]]\nfrom = [0, 1, 3]\nto = [0, 1, 3]\nblock = "minecraft:honey_block"\n'
            '[[blocks]]\nfrom = [1, 1, 3]\nto = [1, 1, 3]\nblock = "minecraft:stone"\n')
    for n, (x, y, z, mx, to_x) in enumerate(((1.1, 1.9375, 0.5, 0.0, 1.6), (0.78, 2.0, 3.5, 0.06, 1.5))):
        text += (f'[[entities]]\ntype = "minecraft:zombie"\nid = {n + 1}\npos = [{x}, {y}, {z}]\n'
                 f'motion = [{mx}, -0.0784000015258789, 0.0]\n'
                 f'move_to = {{ pos = [{to_x}, 3.0, {z}], speed = 1.0 }}\n')
    return text


def releases_digest(seeds: tuple[int, ...], releases: tuple[str, ...] = RELEASES, ledge: bool = True,
                    ticks: int = TICKS, modes: tuple[str, ...] = ("object", "traced")) -> tuple[str, int, int]:
    """The hash of the compiled runs (`ticks` long) of the random mob worlds of `seeds` in each of `releases` and of
    the ledge and honey scenes (with `ledge`), each checked equal to the runs in `modes`; with the mob ticks the loop
    did and those it handed back."""
    h = hashlib.sha256()
    done = handed = 0
    makes = [lambda s=seed, v=version: mob_world(s, v) for version in releases for seed in seeds]
    for make in makes + ([lambda t=text: load_scene_text(t()) for text in (ledge_scene, honey_scene)] if ledge else []):
        sim = make()
        lines = mob_lines(sim, ticks, "compiled")
        for mode in modes:
            assert lines == mob_lines(make(), ticks, mode), mode
        done, handed = done + sim.kernel_ticks, handed + sim.object_ticks
        h.update("".join(lines).encode())
    return h.hexdigest(), done, handed


def test_mobs_of_later_releases_compiled_object_and_traced_agree() -> None:
    """1.17, 1.19.4 and 1.20.4 mob worlds and the 1.20.4 ledge: compiled, object path and traced runs agree bit for
    bit; most mob ticks were compiled."""
    _, done, handed = releases_digest(SEEDS)
    assert done > 2 * handed > 0, (done, handed)


def test_the_ledge_zombies_are_compiled_throughout() -> None:
    """The 1.20.4 ledge: every zombie tick is compiled, those overhanging the edge too (the travel reads the
    supporting block's column), and they walk off the ice onto the floor."""
    sim = load_scene_text(ledge_scene())
    mob_lines(sim, TICKS, "compiled")
    assert sim.kernel_ticks == 3 * TICKS and sim.object_ticks == 0, (sim.kernel_ticks, sim.object_ticks)
    assert all(e.pos.y == 1.0 and e.pos.x > 3.0 for e in sim.entities), [e.pos for e in sim.entities]


def _heights(lines: list[str], n: int, ticks: int = 0, axis: int = 1) -> list[float]:
    """Mob n's position along `axis` (its height) each tick in `mob_lines`' tick lines (the first `ticks`, or
    HONEY_TICKS)."""
    return [next(e["pos"][axis] for e in json.JSONDecoder().raw_decode(line)[0] if e["id"] == n)
            for line in lines[:ticks or HONEY_TICKS]]


HONEY_TICKS = 12


def test_zombies_jumping_at_honey_edges_read_their_supporting_block() -> None:
    """The 1.20.4 honey edges, compiled, object path and traced alike: zombie 1 (supported by the honey) is handed
    back for its jump (the multiplier is the object path's), and its jump is less than half as high as zombie 2's;
    zombie 2 (over the honey, on the stone) is never handed back, its jump too."""
    lines, handed, _ = three_ways_counted(honey_scene(), HONEY_TICKS, mob_lines, MobEntity, "tick")
    assert set(handed) == {1}, handed
    one, two = _heights(lines, 1), _heights(lines, 2)
    assert 2 * (max(one) - 1.9375) < max(two) - 2.0, (one, two)


def steps_scene(version: str) -> str:
    """Zombies of `version` walking east with `move_to` up a bottom slab and an oak stair onto a stone step (the
    step-ups: 1.21's by the shapes' heights, `step_up_heights`), one beside an item lying on the floor, one along
    the edge of the step; zombie 4, its gravity attribute 0.04 (1.20.5), falls from 3 blocks up beside them; zombie
    5 stands on the floor rising at 0.6 a tick with its target a block up (it jumps at once: from 1.21.2 the jump
    keeps the faster rise, `jump_keeps_faster_rise`); zombie 6, without AI, stands with its box 0.01 into a cactus's
    cell (the cactus's shape is inset: it stands on the floor; from 1.21.2 `tickBlockCollision` after its `travel`,
    which does not move it, meets the cactus and hurts it); zombie 7 walks east, a little south, at a yaw of
    274.361572265625 in its first tick (its target 7.375 east, 0.5625 south), where the sine table's float and
    double indices part (`sine_index_double`, 1.21.11)."""
    gravity = release_id("minecraft:generic.gravity", version)
    text = (f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [-4, 0, -4]\nto = [12, 0, 8]\n'
            'block = "minecraft:stone"\n[[blocks]]\nfrom = [2, 1, -4]\nto = [2, 1, 3]\n'
            'block = "minecraft:stone_slab[type=bottom]"\n[[blocks]]\nfrom = [3, 1, -4]\nto = [3, 1, 3]\n'
            'block = "minecraft:oak_stairs[facing=east]"\n[[blocks]]\nfrom = [4, 1, -4]\nto = [11, 1, 3]\n'
            'block = "minecraft:stone"\n[[blocks]]\nfrom = [6, 1, 6]\nto = [6, 1, 6]\nblock = "minecraft:cactus"\n'
            '[[entities]]\ntype = "minecraft:item"\nid = 9\npos = [1.5, 1.0, -0.5]\nitem = "minecraft:arrow"\n'
            'on_ground = true\n')
    for n, (x, y, z, attributes) in enumerate(((0.5, 1.0, 0.5, ""), (0.5, 1.0, -1.2, ""), (0.5, 1.0, 3.2, ""),
                                               (0.5, 4.0, 6.5, f'"{gravity}" = 0.04'))):
        text += (f'[[entities]]\ntype = "minecraft:zombie"\nid = {n + 1}\npos = [{x}, {y}, {z}]\n'
                 f'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = {str(y == 1.0).lower()}\n'
                 f'move_to = {{ pos = [11.5, 2.0, {z}], speed = 1.0 }}\nattributes = {{ {attributes} }}\n')
    return text + ('[[entities]]\ntype = "minecraft:zombie"\nid = 5\npos = [8.5, 1.0, 6.5]\nmotion = [0.0, 0.6, 0.0]\n'
                   'on_ground = true\nmove_to = { pos = [9.0, 2.0, 6.5], speed = 1.0 }\n'
                   '[[entities]]\ntype = "minecraft:zombie"\nid = 6\npos = [5.71, 1.0, 6.5]\non_ground = true\n'
                   'no_ai = true\n[[entities]]\ntype = "minecraft:zombie"\nid = 7\npos = [-3.5, 1.0, 4.5]\n'
                   'on_ground = true\nmove_to = { pos = [3.875, 1.0, 5.0625], speed = 1.0 }\n')


STEPS_TICKS = 40


@pytest.fixture(scope="module", params=["1.20.5", "1.21.1"])
def steps(request) -> tuple[str, list[str], list[int]]:
    """The steps scene of 1.20.5 and 1.21.1, compiled, on the object path and traced alike: its lines and the mobs
    handed back."""
    lines, handed, _ = three_ways_counted(steps_scene(request.param), STEPS_TICKS, mob_lines, MobEntity, "tick")
    return request.param, lines, handed


def test_zombies_of_1_20_5_on_are_compiled_up_slabs_and_stairs(steps) -> None:
    """1.20.5 and 1.21.1 (the attributes at their defaults give 1.16.5's numbers; 1.21's step-up): the zombies
    walking up the slab and the stair onto the step run the loop throughout, bit for bit with the object path; the
    one whose gravity attribute is off its default takes the object path every tick, and falls slower."""
    version, lines, handed = steps
    assert set(handed) == {4} and len(handed) == STEPS_TICKS, (version, handed)
    assert all(_heights(lines, n, STEPS_TICKS)[-1] == 2.0 for n in (1, 2, 3)), version   # up on the step
    assert all(x > 4.0 for n in (1, 2, 3) for x in _heights(lines, n, STEPS_TICKS, 0)[-1:]), version
    assert _heights(lines, 4, 5)[-1] > 3.0, _heights(lines, 4, 5)   # 0.08 would have dropped it over 1.1 by tick 5


def test_mob_worlds_of_1_20_5_and_1_21_1_agree() -> None:
    """A 1.20.5 and a 1.21.1 mob world (raised patches, steps and walls): compiled, object path and traced runs
    agree bit for bit; most mob ticks were compiled."""
    _, done, handed = releases_digest((6,), ("1.20.5", "1.21.1"), False)
    assert done > 10 * handed, (done, handed)


def test_a_loop_reading_attributes_off_their_defaults_is_caught(monkeypatch) -> None:
    """A loop that took a mob whose gravity attribute is off its default (no attribute checked before the loop)
    falls as 1.16.5 does: the three-way comparison of the steps scene fails."""
    monkeypatch.setattr(AttributeContainer, "at_defaults", lambda self, names: True)
    with pytest.raises(AssertionError):
        three_ways_counted(steps_scene("1.20.5"), STEPS_TICKS, mob_lines, MobEntity, "tick")


@pytest.mark.parametrize("version", ["1.16.1", "1.12.1"])
def test_releases_the_loop_does_not_decide_take_the_object_path(version: str) -> None:
    """Before 1.16.2, and where the release refuses a mechanic the loop runs (1.12.1: `living`), the batch does not
    run; a 1.20.4 flag flipped to a value the loop does not read stops it too. 1.21.9 (its fall distance now
    simulated, its refused `block_effects` met by hand-backs) runs it."""
    assert not MobBatch().decides(World(), features_for(version))
    assert MobBatch().decides(World(), features_for("1.20.4"))
    assert MobBatch().decides(World(), features_for("1.21.9"))
    assert not MobBatch().decides(World(), dataclasses.replace(features_for("1.20.4"), in_lava_by_fluid_height=False))


LATER = ("1.21.2", "1.21.8", "1.21.11")     # the steps scene three ways in these, compiled in their neighbours
NEIGHBOURS = {"1.21.2": "1.21.1", "1.21.8": "1.21.4", "1.21.11": "1.21.10"}


@pytest.fixture(scope="module")
def later_steps() -> dict[str, tuple[list[str], list[int]]]:
    """The steps scene of each of LATER compiled, on the object path and traced alike (its lines and the mobs handed
    back), and of each neighbour compiled."""
    runs = {}
    for version in LATER:
        lines, handed, _ = three_ways_counted(steps_scene(version), STEPS_TICKS, mob_lines, MobEntity, "tick")
        runs[version] = lines, handed
        runs[NEIGHBOURS[version]] = mob_lines(load_scene_text(steps_scene(NEIGHBOURS[version])), STEPS_TICKS,
                                              "compiled"), []
    return runs


def _field(lines: list[str], n: int, key: str) -> list:
    """Mob n's `key` in each of `mob_lines`' tick lines."""
    return [next(e[key] for e in json.JSONDecoder().raw_decode(line)[0] if e["id"] == n)
            for line in lines[:STEPS_TICKS]]


def test_zombies_of_1_21_2_on_are_compiled_up_slabs_and_stairs(later_steps) -> None:
    """1.21.2 (its tick: the jump, `tickBlockCollision` after the travel), 1.21.8 (the input damped before the
    AI, the double fall distance, the block walk) and 1.21.11 (the sine table indexed in double): the zombies
    walking up the slab and the stair onto the step, and the one jumping, run the loop throughout, bit for bit
    with the object path; zombie 4 (its gravity attribute) and zombie 6 (without AI, a cactus in its cell) take
    the object path every tick."""
    for version in LATER:
        lines, handed = later_steps[version]
        assert set(handed) == {4, 6} and len(handed) == 2 * STEPS_TICKS, (version, handed)
        assert all(_field(lines, n, "pos")[-1][1] == 2.0 for n in (1, 2, 3)), version   # up on the step
        assert all(_field(lines, n, "pos")[-1][0] > 4.0 for n in (1, 2, 3)), version
        assert _field(lines, 7, "yaw")[0] == 274.361572265625 and _field(lines, 7, "pos")[-1][0] > 0.0, version


def test_the_1_21_2_jump_keeps_a_faster_rise_and_blocks_act_after_travel(later_steps) -> None:
    """Against 1.21.1: zombie 5, rising at 0.6 when it jumps, keeps that rise from 1.21.2 and climbs higher; zombie
    6, without AI, is hurt by the cactus whose cell its box reaches from 1.21.2 (`tickBlockCollision` after a
    `travel` that does not move it), never in 1.21.1 (no move, no block collision)."""
    old, new = later_steps["1.21.1"][0], later_steps["1.21.2"][0]
    assert max(p[1] for p in _field(new, 5, "pos")) > max(p[1] for p in _field(old, 5, "pos")) + 0.1
    assert set(_field(old, 6, "health")) == {20.0} and _field(new, 6, "health")[-1] < 20.0


@pytest.mark.parametrize("version", LATER)
def test_each_later_release_differs_from_its_neighbour(later_steps, version: str) -> None:
    """The steps scene's runs differ between 1.21.2 and 1.21.1, 1.21.8 and 1.21.4 (the walkers' input damped
    before the AI), 1.21.11 and 1.21.10 (zombie 7's input rotated by the sine table indexed in double)."""
    assert later_steps[version][0] != later_steps[NEIGHBOURS[version]][0]


@pytest.mark.parametrize(("version", "bit"), [("1.21.2", "V_KEEP_RISE"), ("1.21.2", "V_TICK_BLOCKS"),
                                              ("1.21.8", "V_INPUT_FIRST"), ("1.21.11", "V_SINE_DOUBLE")])
def test_a_loop_without_a_later_flag_is_caught(monkeypatch, version: str, bit: str) -> None:
    """The three-way comparison of the steps scene fails for a loop given the release without one of its bits: the
    1.21.2 jump, the 1.21.2 order (`tickBlockCollision` after a travel that did not move: the NoAI zombie by the
    cactus kept in the loop), 1.21.5's order (the input damped after the jump, as in 1.21.4), the 1.21.11 index."""
    _plain_mutant(monkeypatch, mob_kernel, "mob_tick", mob_kernel.tick_rows,
                  "v, between, zero_below = release[0], ", f"v, between, zero_below = release[0] & ~{bit}, ")
    with pytest.raises(AssertionError):
        three_ways_counted(steps_scene(version), STEPS_TICKS, mob_lines, MobEntity, "tick")


def later_digest(versions: tuple[str, ...], ticks: int) -> str:
    """The hash of the compiled runs of the steps scene in `versions`, `ticks` long."""
    return hashlib.sha256("".join(line for version in versions for line in mob_lines(
        load_scene_text(steps_scene(version)), ticks, "compiled")).encode()).hexdigest()


def test_jit_off_equals_jit_on_in_later_releases() -> None:
    """With `NUMBA_DISABLE_JIT=1` the steps scene of 1.21.8 and 1.21.11 runs as compiled, bit for bit (the other
    tests compare the compiled runs with the object path)."""
    case = "('1.21.8', '1.21.11'), 20"
    compiled, digest = jit_off_run("tests.engine.test_mob_rows_releases", f"later_digest({case})")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == later_digest(("1.21.8", "1.21.11"), 20)


# the cell under the position read for the 1.20.4 velocity-affecting block: by the travel's slipperiness (the ledge's
# overhanging zombie) or by the jump's multiplier test (the honey-supported zombie jumps in full)
PRE_1_20_CELL = ("below = velocity_affecting_state(keys, slots, pool, flags, f, i, r, v)",
                 "below = velocity_affecting_state(keys, slots, pool, flags, f, i, r, v & ~V_SUPPORTING)")


@pytest.mark.parametrize(("module", "name", "caller", "old", "new", "case"), [
    (mob_kernel, "tick_cramming", mob_kernel.tick_rows, "f[o, F_POS + 2], double_sqrt)", "f[o, F_POS + 2], False)",
     ((4,), ("1.17",), False)),                                      # 1.16.5's float root, in a 1.17 crowd
    (travel_kernel, "travel_ordinary", mob_kernel.living_travel, *PRE_1_20_CELL, ((), (), True, 6, ("object",))),
    (travel_kernel, "jump_velocity_multiplier_is_one", mob_kernel.living_travel, *PRE_1_20_CELL,
     ((), (), True, 6, ("object",))),
])
def test_a_loop_ignoring_a_release_flag_is_caught(monkeypatch, module, name: str, caller, old: str, new: str,
                                                  case: tuple) -> None:
    """The three-way comparison fails for a loop that pushes with 1.16.5's float root in 1.17 on, or reads the cell
    under the position for slipperiness or for the jump's multiplier in 1.20.4."""
    _plain_mutant(monkeypatch, module, name, caller, old, new)
    with pytest.raises(AssertionError):
        releases_digest(*case)


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the kernels run as plain Python, with the same results bit for bit (a 1.17 crowd
    and a 1.21.1 crowd, the 1.20.4 ledge, compiled: the other tests compare them with the object path)."""
    case = "(4,), ('1.17', '1.21.1'), True, 20, ()"
    compiled, digest = jit_off_run("tests.engine.test_mob_rows_releases", f"releases_digest({case})")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == list(releases_digest((4,), ("1.17", "1.21.1"), True, 20, ()))


@pytest.mark.parametrize(("version", "expected"), [("1.21.1", []), ("1.21.2", [1])])
def test_a_node_budget_to_update_takes_the_object_path_once(version: str, expected: list[int]) -> None:
    """A zombie whose follow range (6) is below the navigation's `maxFollowRange` (16): in 1.21.2 the end of its
    first tick sets a node budget the constructor did not (`updateRange`), so that tick takes the object path
    (`MobNavigation.range_due`) and the later ones the loop, three ways alike; in 1.21.1 every tick is compiled."""
    text = (f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [-4, 0, -4]\nto = [8, 0, 4]\n'
            'block = "minecraft:stone"\n[[entities]]\ntype = "minecraft:zombie"\nid = 1\npos = [0.5, 1.0, 0.5]\n'
            'on_ground = true\nmove_to = { pos = [6.5, 1.0, 0.5], speed = 1.0 }\n'
            f'attributes = {{ "{release_id("minecraft:generic.follow_range", version)}" = 6.0 }}\n')
    _, handed, sim = three_ways_counted(text, 5, mob_lines, MobEntity, "tick")
    assert handed == expected and sim.kernel_ticks == 5 - len(expected), (handed, sim.kernel_ticks)


REFUSING_EFFECTS = ("1.21.5", "1.21.6")    # releases refusing `block_effects`: the loop hands back near such blocks


def cactus_walk_scene(version: str) -> str:
    """A zombie of `version` walking east on stone towards a cactus at x 18, in the next section (its target
    beyond): the release stops in one line at the first tick the hull of its box (at the tick's start, now and one
    Motion ahead) overlaps that section (`refuse_block_collision_in_tick`: `World.region_has` by section), ticks
    before its box reaches the cactus's cell."""
    return (f'[scene]\nversion = "{version}"\n[[blocks]]\nfrom = [4, 0, -4]\nto = [24, 0, 4]\n'
            'block = "minecraft:stone"\n[[blocks]]\nfrom = [18, 1, 0]\nto = [18, 1, 0]\nblock = "minecraft:cactus"\n'
            '[[entities]]\ntype = "minecraft:zombie"\nid = 1\npos = [11.5, 1.0, 0.5]\non_ground = true\n'
            'move_to = { pos = [22.5, 1.0, 0.5], speed = 1.0 }\n')


def _stop_line(lines: list[str]) -> str:
    """The line a stopped run ends its ticks with (`mob_lines` adds each mob's columns after it)."""
    return next(line for line in lines if line.startswith("NotImplementedError"))


@pytest.mark.parametrize("version", REFUSING_EFFECTS)
def test_zombies_of_releases_refusing_block_effects_are_compiled_away_from_them(version: str) -> None:
    """1.21.5 and 1.21.6: the steps scene without its cactus runs compiled, on the object path and traced alike, every
    zombie but 4 (its gravity attribute) in the loop throughout; with the cactus, in the section they all stand in,
    the three runs stop alike in one line in tick 1 at zombie 1, which the loop hands back."""
    text = steps_scene(version).replace('block = "minecraft:cactus"', 'block = "minecraft:air"')
    lines, handed, _ = three_ways_counted(text, STEPS_TICKS, mob_lines, MobEntity, "tick")
    assert set(handed) == {4} and len(handed) == STEPS_TICKS, (version, handed)
    assert all(_field(lines, n, "pos")[-1][1] == 2.0 for n in (1, 2, 3)), version   # up on the step
    lines, handed, _ = three_ways_counted(steps_scene(version), STEPS_TICKS, mob_lines, MobEntity, "tick")
    stop = _stop_line(lines)
    assert handed == [1] and f"of version {version} at entity 1 " in stop and ", tick 1:" in stop, (handed, stop)


@pytest.mark.parametrize("version", REFUSING_EFFECTS)
def test_a_zombie_walking_at_a_cactus_stops_on_every_path_alike(version: str) -> None:
    """The cactus walk: compiled until its hull nears the cactus's section, then handed back; the compiled, object
    path and traced runs stop at the same tick with the same line, the zombie short of x 16."""
    lines, handed, sim = three_ways_counted(cactus_walk_scene(version), 60, mob_lines, MobEntity, "tick")
    stop = _stop_line(lines)
    assert "onEntityCollision" in stop and handed == [1] and sim.kernel_ticks > 5, (stop, handed, sim.kernel_ticks)
    assert 15.0 < sim.entity_by_id(1).pos.x < 16.0   # its box (0.3 each side) at the section's edge


def test_a_loop_without_the_sections_check_is_caught(monkeypatch) -> None:
    """A loop that does not test the sections after the travel keeps the zombie until its move meets the cactus's
    cell, ticks after the object path stops it at the section: the three-way comparison fails."""
    _plain_mutant(monkeypatch, mob_kernel, "mob_tick", mob_kernel.tick_rows,
                  "return not (v & V_EFFECT_SECTIONS and", "return not (False and")
    with pytest.raises(AssertionError):
        three_ways_counted(cactus_walk_scene("1.21.6"), 60, mob_lines, MobEntity, "tick")
