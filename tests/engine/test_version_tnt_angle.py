"""A TNT block primed in 1.12.2 and 1.13.2 takes its kick's angle from `Math.random()` (`EntityTNTPrimed(world, x,
y, z, igniter)`), not from the world Random as from 1.14: the engine stands the game's unseeded generator in with
one seeded by the scene's `math_random_seed`, leaves the world Random alone, rounds the angle to float and forms the
kick in float (`tnt_angle_math_random_1_13`; 1.12.2 multiplies by 2π in double, `tnt_angle_two_pi_double_1_12`).
Scene: scenes/tnt_prime_angle_1_12_2.toml (a spawned TNT block, entity 2; one caught by an explosion, entity 3)."""

from __future__ import annotations

import math

import pytest

from engine.java.javanum import f32
from engine.java.jrandom import JavaRandom
from engine.tick.scene import load_scene_text
from engine.tick.scene_writer import scene_document, scene_toml
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR

SCENE = (SCENES_DIR / "tnt_prime_angle_1_12_2.toml").read_text()


def _load(version: str, math_seed: int = 1) -> Simulation:
    text = SCENE.replace('version = "1.12.2"', f'version = "{version}"')
    return load_scene_text(text.replace("math_random_seed = 1", f"math_random_seed = {math_seed}"), "<angle>")


def _kick(sim: Simulation, entity_id: int) -> tuple[float, float]:
    e = sim.entity_by_id(entity_id)
    return e.motion.x, e.motion.z


def test_the_angle_comes_from_math_random_and_leaves_the_world_random_alone_before_1_14() -> None:
    for version in ("1.12.2", "1.13.2"):
        sim = _load(version)
        assert sim.random.get_state() == JavaRandom(7).get_state()      # the world Random untouched at load
        fresh = JavaRandom(1)
        fresh.next_double()
        assert sim.math_random.get_state() == fresh.get_state()          # one draw of Math.random()'s generator
    sim = _load("1.14")
    assert sim.random.get_state() != JavaRandom(7).get_state()
    assert sim.math_random.get_state() == JavaRandom(1).get_state()


def test_the_kick_is_formed_in_float_before_1_14() -> None:
    for version in ("1.12.2", "1.13.2"):
        x, z = _kick(_load(version), 2)
        assert f32(x) == x and f32(z) == z
        assert math.hypot(x, z) == pytest.approx(0.02, rel=1e-6)
    x, z = _kick(_load("1.14"), 2)
    assert (f32(x), f32(z)) != (x, z)


def test_the_math_random_seed_moves_the_kick_only_where_math_random_is_read() -> None:
    assert _kick(_load("1.13.2", 1), 2) != _kick(_load("1.13.2", 5), 2)
    assert _kick(_load("1.14", 1), 2) == _kick(_load("1.14", 5), 2)


def test_1_12_2_takes_two_pi_in_double_and_1_13_2_in_float() -> None:
    """The first draw of seed 1 rounds to the same float angle either way; the second (the TNT block the explosion
    catches in tick 20) does not."""
    old, new = _load("1.12.2"), _load("1.13.2")
    assert _kick(old, 2) == _kick(new, 2)
    for sim in (old, new):
        for _ in range(20):
            sim.tick()
    assert _kick(old, 3) != _kick(new, 3)
    for sim in (old, new):
        e = sim.entity_by_id(3)
        assert (e.pos.x, e.pos.z) == (3.5, 0.5) and 10 <= e.fuse <= 29   # BlockTNT's float centre, nextInt(20) + 10


def test_a_scene_saved_mid_run_keeps_math_random_s_state() -> None:
    """Saved after the spawn (one draw), the scene reloads with the generator where it was: the TNT block the
    explosion catches later gets the same kick as in the run that was not saved."""
    through = _load("1.13.2")
    saved = _load("1.13.2")
    for _ in range(5):
        through.tick()
        saved.tick()
    document = scene_document(saved)
    assert document["scene"]["math_random_seed"] == 1 and "math_random" in document["scene"]
    reloaded = load_scene_text(scene_toml(document), "<saved>")
    for _ in range(16):
        through.tick()
        reloaded.tick()
    assert _kick(reloaded, 3) == _kick(through, 3)
