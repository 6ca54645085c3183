"""The compiled mobs loop beside other kinds (engine.living.mob.MobBatch): zombies walking with `move_to` among items
and XP orbs and past a player, and zombies crammed against a minecart and walking into a boat, run compiled, on the
object path and traced with the same states bit for bit every tick; the loop hands back exactly the mobs whose tick
meets another kind's entity; mutants that ignore a pushable or a solid neighbour are caught; the kernels run as
plain Python (`NUMBA_DISABLE_JIT=1`) with the same results."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine import jit
from engine.living import mob_kernel, player_kernel
from engine.living.mob import MobEntity
from engine.tick.scene import load_scene_text
from tests.conftest import jit_off_run, three_ways_counted
from tests.engine.test_mob_rows import _plain_mutant, mob_lines

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

FLOOR = '[[blocks]]\nfrom = [-14, 0, -14]\nto = [14, 0, 14]\nblock = "minecraft:stone"\n'
RESTING = "motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n"


def _entity(n: int, kind: str, x: float, y: float, z: float, extra: str = "") -> str:
    return f'[[entities]]\ntype = "minecraft:{kind}"\nid = {n}\npos = [{x}, {y}, {z}]\n{extra}'


def _zombie(n: int, x: float, z: float, to_x: float, to_z: float) -> str:
    """Zombie n resting on the floor at (x, 1, z), walking with `move_to` to (to_x, 1, to_z)."""
    return _entity(n, "zombie", x, 1.0, z, RESTING + f"move_to = {{ pos = [{to_x}, 1.0, {to_z}], speed = 1.0 }}\n")


def field_scene() -> str:
    """Five zombies walking east through a field of items lying in their lanes (pickup delay 32767: the player
    picks none up), beside a row of XP orbs more than 8 blocks from the player (none follows it), and a player
    standing in the lane of the middle one: the items and orbs are neither pushable nor solid (every tick of the
    other four is compiled); the middle zombie meets the player (cramming: handed back, the player pushed)."""
    text = FLOOR
    for k in range(5):
        text += _zombie(1 + k, -3.5, -6.5 + 3 * k, 12.5, -6.5 + 3 * k)
    for k in range(40):                    # the items in the lanes, under the zombies' feet
        if k % 3:
            text += _entity(20 + k, "item", -2.5 + k % 8, 1.0, -6.5 + k // 8 * 3,
                            'item = "minecraft:stone"\npickup_delay = 32767\n')
        else:
            text += _entity(20 + k, "experience_orb", -6.5 + k // 3, 1.0, 9.5, "value = 3\n")
    return text + _entity(90, "player", -0.5, 1.0, -0.5, RESTING)


def cart_scene() -> str:
    """Three zombies pressing east against a minecart resting on the floor (cramming with a minecart: handed back,
    the object path pushes the cart), one walking into a boat resting on the floor (a solid entity: handed back once
    within reach; the boat takes it aboard), one thrown east at 4 m a tick at another boat (its move would pass
    through the boat's box: the box within reach hands it back, and it steps up onto the boat), and one walking far
    from them (compiled throughout)."""
    text = FLOOR + _entity(80, "minecart", 0.5, 1.0, 0.5) + _entity(81, "boat", 0.5, 1.0, 8.5, RESTING) \
        + _entity(82, "boat", 0.5, 1.0, -5.5, RESTING)
    for k, z in enumerate((0.2, 0.5, 0.8)):
        text += _zombie(1 + k, -2.5, z, 6.5, z)
    return text + _zombie(4, -4.5, 8.5, 6.5, 8.5) + _zombie(5, -4.5, -9.5, 12.5, -9.5) \
        + _entity(6, "zombie", -3.0, 1.0, -5.5, "motion = [4.0, 0.0, 0.0]\non_ground = true\n")


SCENES = {"field": (field_scene, 40), "cart": (cart_scene, 40)}


def three_ways(name: str) -> tuple[list[str], list[int], object]:
    """Scene `name` compiled, checked equal to the object path and the traced run: the compiled run's lines, the
    ids of the mobs whose tick took the object path (one each time), and its simulation."""
    make, ticks = SCENES[name]
    return three_ways_counted(make(), ticks, mob_lines, MobEntity, "tick")


def digest(names: tuple[str, ...]) -> str:
    """The hash of the compiled runs of `names` (the fixture checks them three ways)."""
    return hashlib.sha256("".join(line for n in names for line in mob_lines(
        load_scene_text(SCENES[n][0]()), SCENES[n][1], "compiled")).encode()).hexdigest()


@pytest.fixture(scope="module")
def runs() -> dict[str, tuple[list[str], list[int], object]]:
    return {name: three_ways(name) for name in SCENES}


def test_zombies_among_items_and_past_a_player(runs) -> None:
    """Compiled, object and traced agree; only the zombie meeting the player was handed back, and not in every
    tick; every zombie walked into the field past its middle, the items and orbs are all there, and the player was
    pushed off its place."""
    _, handed, sim = runs["field"]
    assert handed and set(handed) == {3}, handed
    assert len(handed) < 40, len(handed)
    zombies = [e for e in sim.entities if isinstance(e, MobEntity)]
    assert len(zombies) == 5 and all(z.pos.x > 0.0 for z in zombies if z.id != 3), [z.pos for z in zombies]
    assert sum(e.TYPE in ("minecraft:item", "minecraft:experience_orb") for e in sim.entities) == 40
    assert sim.entity_by_id(90).pos != (-0.5, 1.0, -0.5)


def test_zombies_crammed_against_a_minecart_and_a_boat_hand_back(runs) -> None:
    """Compiled, object and traced agree; the zombies against the cart and those reaching a boat were handed back,
    the far one never, and the walkers were compiled in their first ticks; the cart was pushed east, and the thrown
    zombie stood on its boat's top after its first tick."""
    lines, handed, sim = runs["cart"]
    assert set(handed) == {1, 2, 3, 4, 6}, handed
    assert all(handed.count(n) < 40 - 5 for n in (1, 2, 3, 4)), handed
    assert sim.entity_by_id(80).pos.x > 0.5, sim.entity_by_id(80).pos
    first = next(e for e in json.JSONDecoder().raw_decode(lines[0])[0] if e["id"] == 6)
    assert first["pos"][1] == sim.entity_by_id(82).box.max_y, first      # the thrown one stepped onto the boat


@pytest.mark.parametrize(("name", "old", "new", "scene"), [
    ("pushable_met", "return _boxes_meet(f, NO_ROWS, pushables", "return False and _boxes_meet(f, NO_ROWS, pushables",
     "cart"),                                                       # the cart's box met is ignored
    ("solid_near", "return _boxes_meet(f, NO_ROWS, solids", "return False and _boxes_meet(f, NO_ROWS, solids",
     "cart"),                                                       # the boat's box in reach is ignored
])
def test_mutants_ignoring_a_neighbour_are_caught(monkeypatch, name: str, old: str, new: str, scene: str) -> None:
    """The three-way comparison fails for a mobs' loop that ignores another kind's box."""
    _plain_mutant(monkeypatch, player_kernel, name, mob_kernel.tick_rows, old, new)
    with pytest.raises(AssertionError):
        three_ways(scene)


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the kernels run as plain Python, with the same results bit for bit."""
    names = ("cart",)
    compiled, value = jit_off_run("tests.engine.test_mob_rows_mixed", f"digest({names!r})")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert value == digest(names)
