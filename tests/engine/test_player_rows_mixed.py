"""The compiled players phase beside other kinds (engine.living.player.PlayerBatch): players beside a TNT stack that
explodes, among items and XP orbs, beside a zombie (cramming), walking into a boat (a solid entity) and crouching
under a zombie's feet (the cramming search before `updateSize`) run compiled, on the object path and traced with
the same states bit for bit every tick; the loop hands back exactly the players whose tick meets another entity;
mutants that ignore a pushable or a solid neighbour, or search after `updateSize`, are caught; the kernels run as
plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine import jit
from engine.living import player_kernel
from engine.living.player import PlayerEntity
from tests.conftest import jit_off_run, three_ways_counted
from tests.engine.test_player_rows import _mutant, _uncompiled, player_lines

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

FLOOR = '[[blocks]]\nfrom = [-12, 0, -12]\nto = [12, 0, 12]\nblock = "minecraft:stone"\n'
RESTING = "motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n"


def _player(n: int, x: float, z: float, keys: str, ticks: int) -> str:
    """Player n standing at (x, 1, z) on the floor, holding `keys` from tick 1 to `ticks`."""
    return (f'[[entities]]\ntype = "minecraft:player"\nid = {n}\npos = [{x}, 1.0, {z}]\n{RESTING}'
            f"[[inputs]]\nentity = {n}\nfrom = 1\nto = {ticks}\n{keys}")


def _entity(n: int, kind: str, x: float, y: float, z: float, extra: str = "") -> str:
    return f'[[entities]]\ntype = "minecraft:{kind}"\nid = {n}\npos = [{x}, {y}, {z}]\n{extra}'


EAST, SOUTH = 'yaw = -90.0\nforward = true\n', 'yaw = 0.0\nforward = true\n'
SPRINT_JUMP = "sprint = true\njump = true\n"


def tnt_scene() -> str:
    """Two players walking and sprint-jumping towards a stack of two TNT (fuse 20) and one standing 6 m from it:
    the explosions push and hurt them in the entity phase of tick 20; the hurt ones take the object path while
    hurt, then the loop again."""
    text = FLOOR + "".join(_entity(10 + k, "tnt", 0.5, 1.0, 0.5, "fuse = 20\n") for k in range(2))
    return text + _player(1, -10.5, 1.5, EAST, 50) + _player(2, 2.5, -11.5, SOUTH + SPRINT_JUMP, 50) \
        + _player(3, 6.5, 0.5, "", 50)


def items_scene() -> str:
    """Three players walking east through a field of items on the floor (pickup delay 32767: never picked up) and
    beside a row of XP orbs more than 8 blocks away (none follows them): no entity a player's tick reads (none
    pushable, none solid), so every player tick is compiled."""
    text = FLOOR
    for k in range(36):
        if k % 3:
            text += _entity(10 + k, "item", -3.5 + k % 6, 1.0, -2.5 + k // 6,
                            'item = "minecraft:stone"\npickup_delay = 32767\n')
        else:
            text += _entity(10 + k, "experience_orb", -6.5 + k // 3, 1.0, 11.5, "value = 3\n")
    return text + _player(1, -6.5, -1.5, EAST, 40) + _player(2, -7.5, 0.5, EAST + SPRINT_JUMP, 40) \
        + _player(3, -6.5, 2.5, EAST + "sneak = true\n", 40)


def zombie_scene() -> str:
    """A player walking east into a zombie standing 2 m ahead (cramming: both pushed apart), and another walking
    far from it."""
    return FLOOR + _entity(10, "zombie", 2.5, 1.0, 0.5, RESTING) + _player(1, 0.5, 0.5, EAST, 30) \
        + _player(2, 0.5, -8.5, EAST, 30)


def boat_scene() -> str:
    """A player walking east into a boat resting on the floor 6 m ahead (a solid entity: it steps onto it), another
    walking far from it, and a third sneaking east along a ledge one block high to its edge, where a second boat
    rests on the floor below: the edge probe (`adjustMovementForSneaking`) finds the boat's box under its feet, so
    it steps off onto the boat."""
    ledge = '[[blocks]]\nfrom = [-8, 1, -8]\nto = [-3, 1, -6]\nblock = "minecraft:stone"\n'
    return FLOOR + ledge + _entity(10, "boat", 6.5, 1.0, 0.5, RESTING) + _entity(11, "boat", -1.0, 1.0, -7.0, RESTING) \
        + _player(1, 0.5, 0.5, EAST, 30) + _player(2, 0.5, 8.5, EAST, 30) \
        + _player(3, -3.5, -7.0, EAST + "sneak = true\n", 30).replace("1.0, -7.0]", "2.0, -7.0]")


def crouch_scene() -> str:
    """A player standing under the overhang of a zombie on the edge of a slab (the zombie's box 0.3 above the
    crouching box's top, within the standing box's) that sneaks from tick 1: its tick crouches after
    `tickCramming`, whose search still reads the standing box and finds the zombie."""
    slab = '[[blocks]]\nfrom = [5, 2, 0]\nto = [5, 2, 0]\nblock = "minecraft:smooth_stone_slab[type=bottom]"\n'
    return FLOOR + slab + _entity(10, "zombie", 5.01, 2.5, 0.5, RESTING) + _player(1, 4.6, 0.5, "sneak = true\n", 10)


SCENES = {"tnt": (tnt_scene, 50), "items": (items_scene, 40), "zombie": (zombie_scene, 30),
          "boat": (boat_scene, 30), "crouch": (crouch_scene, 10)}


def three_ways(name: str) -> tuple[list[str], list[int], object]:
    """Scene `name` compiled, checked equal to the object path and the traced run: the compiled run's lines, the
    ids of the players whose players-phase tick took the object path (one each time), and its simulation."""
    make, ticks = SCENES[name]
    return three_ways_counted(make(), ticks, player_lines, PlayerEntity, "player_tick")


def digest(names: tuple[str, ...]) -> str:
    """The hash of the compiled runs of `names`, each checked three ways."""
    return hashlib.sha256("".join(line for n in names for line in three_ways(n)[0]).encode()).hexdigest()


@pytest.fixture(scope="module")
def runs() -> dict[str, tuple[list[str], list[int], object]]:
    return {name: three_ways(name) for name in SCENES}


def test_players_beside_an_exploding_tnt_stack(runs) -> None:
    """Compiled, object and traced agree; the stack exploded (no TNT left) and hurt the players; the players' ticks
    before it were compiled, those while hurt were handed back, and the loop took them again after."""
    _, handed, sim = runs["tnt"]
    assert not [e for e in sim.entities if e.TYPE == "minecraft:tnt"]
    players = [e for e in sim.entities if e.is_player]
    assert len(players) == 3 and all(p.health < 20.0 for p in players), [p.health for p in players]
    assert 0 < len(handed) < 3 * 50 - 3 * 19, len(handed)   # every tick up to the explosion compiled


def test_players_among_items_and_orbs_are_compiled(runs) -> None:
    """Compiled, object and traced agree; every player tick was compiled, each player walked into the field and
    the items and orbs are all still there."""
    _, handed, sim = runs["items"]
    assert handed == []
    players = [e for e in sim.entities if e.is_player]
    assert all(p.box.max_x > -3.625 for p in players), [p.pos for p in players]   # each reached the field
    assert sum(not e.is_player for e in sim.entities) == 36


def test_a_player_beside_a_zombie_hands_back_while_crammed(runs) -> None:
    """Compiled, object and traced agree; the player meeting the zombie was handed back (cramming), the far one
    never; the zombie was pushed east off its place."""
    _, handed, sim = runs["zombie"]
    assert handed and set(handed) == {1}, handed
    assert 0 < len(handed) < 30
    assert sim.entity_by_id(10).pos.x > 2.6, sim.entity_by_id(10).pos


def test_players_walking_into_a_boat_hand_back_near_it(runs) -> None:
    """Compiled, object and traced agree; the players reaching a boat were handed back (their boxes within reach of
    the boat's), the far one never, and the first walker's first ticks were compiled; it stepped up onto the
    boat, and the sneaker stepped off the ledge onto the other boat (standing on its top)."""
    lines, handed, sim = runs["boat"]
    assert set(handed) == {1, 3} and handed.count(1) < 30, handed
    heights = [next(e["pos"][1] for e in json.JSONDecoder().raw_decode(line)[0] if e["id"] == 1)
               for line in lines[:30]]
    assert max(heights) > 1.5, heights
    top = sim.entity_by_id(11).box.max_y                     # the boat below the ledge
    assert sim.entity_by_id(3).pos.y == top and sim.entity_by_id(3).pose == "crouching", sim.entity_by_id(3).pos


def test_the_cramming_search_reads_the_box_before_the_pose_changes(runs) -> None:
    """Compiled, object and traced agree; the player crouching under the zombie's feet was handed back in that
    tick only (its standing box met the zombie's; the push parted them), then compiled, crouching."""
    _, handed, sim = runs["crouch"]
    assert handed == [1], handed
    assert sim.entity_by_id(1).pose == "crouching" and sim.entity_by_id(10).pos.x > 5.01


@pytest.mark.parametrize(("name", "old", "new", "scene"), [
    ("pushable_met", "return _boxes_meet(f, NO_ROWS, pushables", "return False and _boxes_meet(f, NO_ROWS, pushables",
     "zombie"),                                                     # the zombie's box met is ignored
    ("solid_near", "return _boxes_meet(f, NO_ROWS, solids", "return False and _boxes_meet(f, NO_ROWS, solids",
     "boat"),                                                       # the boat's box in reach is ignored
    ("players_loop", "        if changed >= 0 and (crowd_meets(",
     "        if pose != poses[n]:\n            set_pose(f, r, pose)\n        if changed >= 0 and (crowd_meets(",
     "crouch"),                                         # the cramming search after updateSize, not before
])
def test_mutants_ignoring_a_neighbour_are_caught(monkeypatch, name: str, old: str, new: str, scene: str) -> None:
    """The three-way comparison fails for a players' loop that ignores another kind's box, or that searches for
    cramming with the box of the pose `updateSize` set after it."""
    mutant = _mutant(player_kernel, name, old, new)
    _uncompiled(monkeypatch)
    monkeypatch.setattr(player_kernel, name, mutant)
    with pytest.raises(AssertionError):
        three_ways(scene)


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the kernels run as plain Python, with the same results bit for bit."""
    names = ("zombie", "boat")
    compiled, value = jit_off_run("tests.engine.test_player_rows_mixed", f"digest({names!r})")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert value == digest(names)
