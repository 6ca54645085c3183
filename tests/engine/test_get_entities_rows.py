"""`World.get_entities` tests the boxes of a full section's row-backed members on their rows, a table at a time
(engine.entities.rows.SectionRows, kept per section until its list changes): on random mixed worlds (row-backed
kinds of five tables and entities that are not row-backed, boxes set apart from their positions so that many
straddle sections, edges on a quarter-block grid so that boxes often touch, a NaN corner now and then), every
query returns the list a plain walk of `World.entity_sections_in` returns, in the same order, calls the predicate
for the same entities in the same order and counts the same entities looked at; between queries entities move
between sections, leave, join, have their rows' boxes written as a kernel writes them, and the world ticks. With
the JIT off (one child process) the same. Deliberate mutants (touching boxes counted as meeting; a view kept after
its section changed) must be caught.
"""

from __future__ import annotations

import math
import random

import pytest

from engine import jit
from engine.entities import rows
from engine.entities.rows import F_BOX, RowBacked
from engine.geometry.box import Box, Vec3
from engine.tick.scene import load_scene_text
from engine.world.world import SECTION_ROWS_MIN, World
from tests.conftest import jit_off_run

jit.bind_kernels()   # the row test compiled, as a large run has it

ROW_KINDS = ("tnt", "boat", "item", "zombie", "minecart", "arrow")
PLAIN_KINDS = ("armor_stand", "end_crystal", "leash_knot")
QUERIES = 60
_new = tuple.__new__


def quarter(rng: random.Random, lo: float, hi: float) -> float:
    """A random multiple of 0.25 in [lo, hi)."""
    return rng.randrange(int(4 * lo), int(4 * hi)) / 4.0


def random_box(rng: random.Random, centre: tuple[float, float, float], size: float = 3.0) -> Box:
    """A box on the quarter grid near `centre` (up to `size` blocks wide; now and then flat or with a NaN corner)."""
    lo = [quarter(rng, c - 3.0, c + 3.0) for c in centre]
    hi = [a + quarter(rng, 0.0 if rng.random() < 0.1 else 0.25, size) for a in lo]
    if rng.random() < 0.03:
        lo[rng.randrange(3)] = math.nan
    return _new(Box, (*lo, *hi))


def random_point(rng: random.Random) -> tuple[float, float, float]:
    """A point in the 2 × 2 × 2 entity sections around the origin (sections -1 and 0 in x and z, 0 and 1 in y),
    most of them within 3 blocks of a section border."""
    def axis(border: float) -> float:
        return border + (rng.uniform(-3.0, 3.0) if rng.random() < 0.7 else rng.uniform(-15.0, 15.0))
    return axis(0.0), max(0.5, axis(16.0)), axis(0.0)


def mixed_world(seed: int):
    """40 to 120 entities of ROW_KINDS and PLAIN_KINDS at random points, each with a random box near it."""
    rng = random.Random(seed)
    text = '[scene]\nversion = "1.16.5"\n'
    for n in range(rng.randint(40, 120)):
        kind = rng.choice(ROW_KINDS + PLAIN_KINDS)
        x, y, z = random_point(rng)
        text += f'[[entities]]\ntype = "minecraft:{kind}"\nid = {n + 1}\npos = [{x}, {y}, {z}]\n'
    sim = load_scene_text(text)
    for e in sim.entities:
        e.box = random_box(rng, tuple(e.pos))
    return sim, rng


def reference(world: World, except_, box: Box, predicate) -> list:
    """`World.getOtherEntities` walked as the game does: each section's entities in order, box by box."""
    return [e for entities in world.entity_sections_in(box) for e in entities
            if e is not except_ and e.box.intersects(box) and (predicate is None or predicate(e))]


def change(sim, rng: random.Random) -> None:
    """One change between queries: an entity moved to another section, one unloaded, a new one loaded, a row's box
    written in the table (as a kernel writes it), or a tick."""
    world = sim.world
    ents = list(world.sectioned_entities())
    e = rng.choice(ents)
    what = rng.randrange(5)
    if what == 0:
        e.pos = Vec3(*random_point(rng))
        world.check_entity_chunk_pos(e)
    elif what == 1:
        world.unload_entity(e)
    elif what == 2:
        twin = e.clone()
        twin.id = max(x.id for x in ents) + 1
        twin.pos = Vec3(*random_point(rng))
        world.load_entity(twin)
    elif what == 3 and isinstance(e, RowBacked):
        e._t.f[e._r, F_BOX:F_BOX + 6] = random_box(rng, tuple(e.pos))
    else:
        sim.tick()


def recorder(calls: list[int], keep: int):
    """A predicate that records the ids it is called for and keeps those not divisible by `keep` (None: `keep` 0)."""
    return (lambda e: calls.append(e.id) or e.id % keep) if keep else None


def query_digest(seeds) -> list[list[int]]:
    """Each query of each seed's world: the ids found, the ids the predicate was called for, the entities looked
    at; asserted equal to the plain walk's (`reference`) on the way."""
    out = []
    for seed in seeds:
        sim, rng = mixed_world(seed)
        world = sim.world
        for q in range(QUERIES):
            if q % 3 == 2:
                change(sim, rng)
            ents = list(world.sectioned_entities())
            box = random_box(rng, random_point(rng), 8.0)
            except_ = rng.choice(ents) if ents and rng.random() < 0.5 else None
            calls: list[int] = []
            ref_calls: list[int] = []
            keep = rng.randrange(1, 4) if rng.random() < 0.7 else 0
            predicate, ref_predicate = recorder(calls, keep), recorder(ref_calls, keep)
            before = world.entities_queried
            found = [e.id for e in world.get_entities(except_, box, predicate)]
            looked = int(world.entities_queried - before)
            assert found == [e.id for e in reference(world, except_, box, ref_predicate)], (seed, q)
            assert calls == ref_calls and looked == sum(map(len, world.entity_sections_in(box))), (seed, q)
            out.append([*found, -1, *calls, -2, looked])
    return out


@pytest.fixture(scope="module")
def digest() -> list[list[int]]:
    return query_digest(range(12))


def test_random_mixed_worlds_agree_with_the_plain_walk(digest) -> None:
    """The queries agree with the plain walk (asserted in `query_digest`); the worlds have full sections of several
    tables beside entities that are not row-backed, and the queries find something."""
    sim, _ = mixed_world(0)
    full = [s for _, s in sim.world._entity_sections.items() if len(s) >= SECTION_ROWS_MIN]
    assert full and any(len({type(e).ROWS for e in s if isinstance(e, RowBacked)}) >= 3
                        and any(not isinstance(e, RowBacked) for e in s) for s in full)
    found = [d[:d.index(-1)] for d in digest]
    assert sum(map(bool, found)) > len(digest) // 3 and max(map(len, found)) >= 5


def test_touching_boxes_counted_is_caught(monkeypatch) -> None:
    """The mutant: the row test counts a box touching the query box on a face (≤ for <)."""
    real = rows.rows_meeting

    def mutant(f, rs, places, x0, y0, z0, x1, y1, z1, out):
        return real(f, rs, places, x0, y0, z0, x1, y1, math.nextafter(z1, math.inf), out)
    monkeypatch.setattr(rows, "rows_meeting", mutant)
    with pytest.raises(AssertionError):
        query_digest(range(4))


def test_a_view_kept_after_its_section_changed_is_caught(monkeypatch) -> None:
    """The mutant: the world never drops a section's view when its list changes."""
    class Kept(dict):
        def pop(self, key, default=None):
            return default
    real = World.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        self._section_rows = Kept()
    monkeypatch.setattr(World, "__init__", init)
    with pytest.raises((AssertionError, IndexError)):
        query_digest(range(4))


def test_jit_off_equals_jit_on(digest) -> None:
    """With `NUMBA_DISABLE_JIT=1` the row test runs as plain Python, with the same results."""
    compiled, value = jit_off_run("tests.engine.test_get_entities_rows", "query_digest(range(3))")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert value == digest[:len(value)]
