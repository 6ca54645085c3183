"""Minecarts on rails as a compiled loop over rows (engine.entities.minecart_kernel) equal the object path bit for
bit: random rail layouts (straight tracks both ways, curves, slopes up and down, powered rails on and off, detector
and activator rails, rails ending in the open, carts nose to tail and side by side, speeds from rest to beyond the
caps, carts in water, near 0 and at ±2·10⁷), in 1.16.5 and every later release the cart runs (its flags as one int,
`tnt_kernel.version_bits`: one compiled signature), and the bundled minecart scenes, run compiled, on the object
path and traced; every entity's state compared every tick. With the JIT off (one child process for the module) the
loop runs as plain Python with the same results. Deliberate mutants (the loop ignoring the carts beside it, or a
release flag) must be caught.
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import partial

import pytest

from engine import jit
from engine.entities import minecart_kernel, tnt_kernel
from engine.entities.minecart import Minecart
from engine.geometry.box import Vec3
from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import jit_off_run
from tests.engine.test_compiled_equality import ORIGINS, ROOT, run_lines, three_ways_digest

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

TICKS = 24
SCENES = ("minecart_powered_loop.toml", "minecart_cramming_x5.toml", "minecart_stack_pile.toml")
FLAT = ("north_south", "east_west")
CURVES = ("south_east", "south_west", "north_west", "north_east")
STEP = {"north_south": (0, 1), "east_west": (1, 0)}
RELEASES = ("1.17", "1.18.2", "1.19.3", "1.20", "1.21.2", "1.21.3", "1.21.8", "1.21.11")


def rail(kind: str, shape: str, powered: bool) -> str:
    props = f"shape={shape}" + (f",powered={str(powered).lower()}" if kind != "rail" else "")
    return f"{kind}[{props}]"


def track_world(rng: random.Random, ox: int, oz: int,
                version: str = "1.16.5") -> tuple[World, list[tuple[float, float, float, str]]]:
    """A stone bed at y 59 with 2 to 5 tracks at y 60 (some powered, some ending in a curve, a slope up or down, a
    detector or activator rail, or nothing), and water in a few cells; from 1.17 a few rails waterlogged (carts
    in water); the cells carts may start in."""
    w = World()
    stone, water = blocks.parse_block_state("stone"), blocks.parse_block_state("water")
    for x in range(ox - 14, ox + 15):
        for z in range(oz - 14, oz + 15):
            w.set_block_state(x, 59, z, stone)
    starts = []
    for t in range(rng.randint(2, 5)):
        shape = rng.choice(FLAT)
        dx, dz = STEP[shape]
        x0, z0 = (ox - 10 + 3 * t, oz - 10) if shape == "north_south" else (ox - 10, oz - 10 + 3 * t)
        length = rng.randint(10, 22)
        for n in range(length):
            x, z = x0 + dx * n, z0 + dz * n
            kind = rng.choice(("rail", "rail", "rail", "powered_rail", "powered_rail", "detector_rail",
                               "activator_rail")) if rng.random() < 0.3 else "rail"
            powered = rng.random() < 0.6
            text = rail(kind, shape, powered)
            if version != "1.16.5" and rng.random() < 0.2:
                text = text[:-1] + ",waterlogged=true]"
            w.set_block_state(x, 60, z, blocks.parse_block_state(text, version))
            starts.append((x + 0.5, 60.0, z + 0.5, shape))
        end_x, end_z = x0 + dx * length, z0 + dz * length
        end = rng.choice(("curve", "up", "down", "open", "block"))
        if end == "curve":
            w.set_block_state(end_x, 60, end_z, blocks.parse_block_state(f"rail[shape={rng.choice(CURVES)}]"))
        elif end == "up":
            up = "ascending_south" if shape == "north_south" else "ascending_east"
            w.set_block_state(end_x, 60, end_z, blocks.parse_block_state(f"rail[shape={up}]"))
            w.set_block_state(end_x + dx, 60, end_z + dz, stone)
            w.set_block_state(end_x + dx, 61, end_z + dz, blocks.parse_block_state(f"rail[shape={shape}]"))
        elif end == "down":
            down = "ascending_north" if shape == "north_south" else "ascending_west"
            w.set_block_state(end_x, 59, end_z, blocks.parse_block_state("air"))
            w.set_block_state(end_x, 58, end_z, stone)
            w.set_block_state(end_x, 59, end_z, blocks.parse_block_state(f"rail[shape={down}]"))
            w.set_block_state(end_x - dx, 60, end_z - dz, blocks.parse_block_state(f"rail[shape={down}]"))
        elif end == "block":
            w.set_block_state(end_x, 60, end_z, stone)
        if rng.random() < 0.2:
            w.set_block_state(x0 + dx, 61, z0 + dz, water)
    return w, starts


def rail_world(seed: int, version: str = "1.16.5") -> Simulation:
    """Carts on a random track layout (`track_world`) at one of ORIGINS in `version`: 3 to 16, at rest or moving
    along their rail (mostly below 0.5 m/gt, a few up to 2.5, either way), some nose to tail or sharing a cell, a
    few off the rails."""
    rng = random.Random(seed)
    ox, oz = rng.choice(ORIGINS)
    world, starts = track_world(rng, ox, oz, version)
    sim = Simulation(world, version=version)
    for _ in range(rng.randint(3, 16)):
        x, y, z, shape = rng.choice(starts)
        speed = rng.choice((0.0, 0.0, rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-2.5, 2.5),
                            0.005, -0.02))
        dx, dz = STEP[shape]
        offset = rng.choice((0.0, 0.0, rng.uniform(-0.5, 0.5)))
        pos = Vec3(x + dx * offset, y + rng.choice((0.0, 0.0625, 0.5)), z + dz * offset)
        if rng.random() < 0.1:
            pos = Vec3(pos.x + rng.uniform(-2, 2), pos.y + rng.uniform(0, 3), pos.z)
        sim.add_entity(sim.create(Minecart, pos, Vec3(speed * dx, rng.choice((0.0, -0.1)), speed * dz)))
    return sim


def worlds_digest(seeds: range, version: str = "1.16.5") -> tuple[str, int, int]:
    """`three_ways_digest` of the random rail worlds in `version`, TICKS ticks each."""
    return three_ways_digest(partial(rail_world, version=version), seeds, TICKS)


def releases_digest(seeds: range) -> tuple[str, dict[str, tuple[int, int]]]:
    """`worlds_digest` in every release of RELEASES: the hash of their hashes, and per release the cart ticks the
    loop did and those it handed back."""
    h = hashlib.sha256()
    counts = {}
    for version in RELEASES:
        digest, done, handed = worlds_digest(seeds, version)
        h.update(digest.encode())
        counts[version] = (done, handed)
    return h.hexdigest(), counts


def test_random_rail_worlds_compiled_object_and_traced_agree() -> None:
    """16 random rail worlds, 24 ticks: compiled, object path and traced runs agree bit for bit, and more cart
    ticks were compiled than handed back (a cart's first tick, carts off the rails, pushing or on detector and
    activator rails), some were."""
    _, done, handed = worlds_digest(range(16))
    assert done > handed > 0, (done, handed)


def test_random_rail_worlds_of_every_release_compiled_object_and_traced_agree() -> None:
    """1.17 to 1.21.3, 1.21.8 and 1.21.11 (the 1.17 position update and water drag, the 1.18 collision zeroing, the
    1.19.3 deflation, the 1.20 supporting block, the 1.21.2 small moves, tick-time block collision and cart
    controller, 1.21.7's block walk at the cart's position), 6 random rail worlds each: compiled, object path and
    traced agree bit for bit, and the loop did more cart ticks than it handed back in every release."""
    _, counts = releases_digest(range(6))
    for version, (done, handed) in counts.items():
        assert done > handed > 0, (version, done, handed)


@pytest.mark.parametrize(("flag", "version"), [("move_sets_position", "1.17"), ("minecart_water_drag", "1.17"),
                                               ("minecart_controller_1_21_2", "1.21.3")])
def test_a_cart_loop_without_a_release_flag_is_caught(monkeypatch, flag, version) -> None:
    """The loop run as if the release lacked the position update (the box rebuilt around the position), the water
    drag or the yaw kept modulo 360 differs from the object path on the random rail worlds: the flags' comparisons
    can fail."""
    monkeypatch.setitem(tnt_kernel.VERSION_BITS, flag, 0)
    with pytest.raises(AssertionError):
        worlds_digest(range(6), version)


def test_bundled_minecart_scenes_compiled_object_and_traced_agree() -> None:
    """The bundled minecart scenes, 60 ticks, compiled, on the object path and traced: the same states and events."""
    for name in SCENES:
        runs = {}
        for mode in ("compiled", "object", "traced"):
            runs[mode] = run_lines(load_scene(ROOT / "scenes" / name), 60, mode)
        assert runs["compiled"] == runs["object"] == runs["traced"], name


def test_stages_of_a_compiled_cart_tick_are_the_object_path_s() -> None:
    """A traced compiled tick replays its stages on demand: the same stage names and states as the object path's
    record of that tick (here a cart braking on an unpowered powered rail)."""
    def record(vectorize: bool) -> list:
        sim = rail_world(3)
        sim.vectorize = vectorize
        sim.trace_enabled = True
        for _ in range(4):
            rec = sim.tick()
        return [[(s.name, json.dumps(s.before, default=str), json.dumps(s.after, default=str),
                  json.dumps(s.geometry, default=str)) for st in rec.stages_of(e.id) for s in st.walk()]
                for e in sim.reported_entities()]
    assert record(True) == record(False)


def test_carts_ignored_beside_each_other_mutant_is_caught(monkeypatch) -> None:
    """The mutant: the loop never sees another entity's box (no hand-back for a push, a collision or boarding)."""
    monkeypatch.setattr(minecart_kernel, "_boxes_meet", lambda *args: False)
    for name in ("tick_rows", "_tick_row"):
        kernel = getattr(minecart_kernel, name)
        monkeypatch.setattr(minecart_kernel, name, getattr(kernel, "py_func", kernel))
    with pytest.raises(AssertionError):
        worlds_digest(range(16))


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the minecart kernels run as plain Python, with the same results bit for bit (in
    1.16.5 and in every later release)."""
    compiled, digest = jit_off_run("tests.engine.test_minecart_kernel", "[worlds_digest(range(6)), "
                                   "releases_digest(range(2))[0]]")
    assert compiled is False and jit.compiled() == jit.jit_enabled()
    assert digest == [list(worlds_digest(range(6))), releases_digest(range(2))[0]]
