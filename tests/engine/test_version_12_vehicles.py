"""Minecarts and boats of 1.12.2 and 1.13.2 (docs/versions.md, the `minecart` and `boat` rows): EntityMinecart
(onUpdate, moveAlongTrack, moveDerailedMinecart, applyDrag, applyEntityCollision), EntityMinecartTNT and EntityBoat
of the MCP-named 1.12.2 source and the 1.13.2 client source, compared with 1.14's (Yarn 4ffac47a3).

Each bundled 1.12.2 vehicle scene runs once per release or flipped flag (module fixture) and is compared with
1.13.2 (the same cart), 1.14 (double literals, Vec3d arithmetic) and 1.12.2 with its minecart flags turned to
1.14's (the mutant: it must run as 1.14 wherever the moves meet nothing, so the flags are all that differ)."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core.versions import features_for
from engine.entities.minecart import MinecartBatch
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR

CART_FLAGS = ("minecart_float_literals", "minecart_height_gain_divided")
AS_1_14 = dict.fromkeys(CART_FLAGS, False)
SLOPE, PUSH, TNT = "minecart_slope_1_12_2", "minecart_push_1_12_2", "tnt_minecart_1_12_2"
BOATS = "boat_water_1_12_2"
SCENE_IDS = {SLOPE: (1,), PUSH: (1, 2), TNT: (1, 2, 3), BOATS: (1, 2, 3)}
RUNS: dict[str, tuple[str, dict[str, bool]]] = {
    "1.12.2": ("1.12.2", {}), "1.13.2": ("1.13.2", {}), "1.14": ("1.14", {}),
    "1.12.2 as 1.14": ("1.12.2", AS_1_14),
    **{f"1.12.2 not {flag}": ("1.12.2", {flag: False}) for flag in CART_FLAGS}}
BOAT_RUNS: dict[str, tuple[str, dict[str, bool]]] = {
    "1.12.2": ("1.12.2", {}), "1.13.2": ("1.13.2", {}), "1.14": ("1.14", {}),
    "1.12.2 not boat_liquid_height_1_12": ("1.12.2", {"boat_liquid_height_1_12": False}),
    "1.13.2 not boat_water_level_above_absolute": ("1.13.2", {"boat_water_level_above_absolute": False})}
TICKS = 60


def _text(name: str, version: str) -> str:
    return (SCENES_DIR / f"{name}.toml").read_text().replace('version = "1.12.2"', f'version = "{version}"')


def _run(name: str, version: str, flags: dict[str, bool]) -> list[dict[int, Any]]:
    """Each tick's state of the scene's entities: (position, Motion, on_ground, a cart's rail shape or fuse, a
    boat's location), None once removed."""
    sim = load_scene_text(_text(name, version), f"<{name}>")
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    states = []
    for _ in range(TICKS):
        sim.tick()
        states.append({i: None if (e := sim.entity_by_id(i)) is None or e.removed else
                       (e.pos, e.motion, e.on_ground, getattr(e, "fuse", getattr(e, "rail_shape", None)),
                        getattr(e, "location", None)) for i in SCENE_IDS[name]})
    return states


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, str], list[dict[int, Any]]]:
    return {(name, run): _run(name, version, flags) for name in SCENE_IDS
            for run, (version, flags) in (BOAT_RUNS if name == BOATS else RUNS).items()}


def test_a_minecart_rolls_down_a_slope_and_off_its_track_as_1_12_2_does(runs) -> None:
    """The cart runs along the raised track, down the slope and the flat rails, off their end onto the stone and
    off its edge to the ground: 1.13.2 as 1.12.2 tick by tick; 1.14 elsewhere from the first tick; each flag alone
    changes the run, and with both turned to 1.14's the 1.12.2 cart runs as 1.14's as long as it is on the rails
    (its 1.12.2 move differs once it lands on the stone: `move_motion_fields`)."""
    old, new = runs[SLOPE, "1.12.2"], runs[SLOPE, "1.14"]
    assert old == runs[SLOPE, "1.13.2"]
    assert old[0] != new[0]
    for flag in CART_FLAGS:
        assert runs[SLOPE, f"1.12.2 not {flag}"] != old, flag
    on_rails = [t for t, s in enumerate(old) if s[1][3] is not None]
    mutant = runs[SLOPE, "1.12.2 as 1.14"]
    assert on_rails and all(mutant[t] == new[t] for t in on_rails)
    assert {"ascending_west", "east_west"} <= {old[t][1][3] for t in on_rails}
    pos, _, on_ground, rail, _ = old[-1][1]
    assert on_ground and rail is None and pos.y == 1.0 and pos.x > 11.0   # past the raised stone's edge, x 11


def test_minecarts_push_each_other_along_a_rail_keeping_0_2f_of_their_motion(runs) -> None:
    """Cart 1 runs into cart 2 at rest; they push apart (cart 2 rolls on east, cart 1 is thrown back), never
    overlapping (each one's move meets the other's box). 1.13.2 as 1.12.2; 1.14 elsewhere; the mutant with 1.14's
    literals is 1.14's run exactly (the push's keep and the slowdown are all that differ)."""
    old = runs[PUSH, "1.12.2"]
    assert old == runs[PUSH, "1.13.2"] and old != runs[PUSH, "1.14"]
    assert runs[PUSH, "1.12.2 as 1.14"] == runs[PUSH, "1.14"]
    assert all(s[2][0].x - s[1][0].x >= 0.98 - 1e-9 for s in old)
    (_, m1, *_), (p2, m2, *_) = old[-1][1], old[-1][2]
    assert p2.x > 5.0 and m2.x > 0.0 > m1.x


def test_a_tnt_minecart_crashes_and_sets_off_another_as_1_12_2_does(runs) -> None:
    """Cart 2 crashes into the wall in its 10th tick (its motionX zeroed by the move, motionZ over 0.1 left) and
    explodes; its blast primes cart 3 (killMinecart of an explosion: fuse nextInt(20) + nextInt(20)), which explodes
    when its fuse ends and breaks cart 1. 1.13.2 as 1.12.2; 1.14 puts cart 3 elsewhere before it explodes, and the
    1.12.2 mutant with 1.14's literals where 1.14 does."""
    old = runs[TNT, "1.12.2"]
    assert old == runs[TNT, "1.13.2"]
    gone = {i: next(t for t, s in enumerate(old) if s[i] is None) for i in (1, 2, 3)}
    assert gone[2] == 9 and old[8][2][0].x > 3.4
    fuse = old[gone[2]][3][3]
    assert 0 <= fuse < 40 and gone[3] == gone[2] + fuse + 1
    assert all(s[3][3] == -1 for s in old[:gone[2]])
    assert gone[1] == gone[3]
    last = gone[3] - 1
    new = runs[TNT, "1.14"]
    assert old[last][3][0] != new[last][3][0]
    assert runs[TNT, "1.12.2 as 1.14"][last][3][0] == new[last][3][0]


@pytest.mark.parametrize("version", ["1.12.1", "1.13.1"])
def test_the_releases_around_stay_refused_in_one_line(version: str) -> None:
    sim = load_scene_text(_text(PUSH, version), f"<{PUSH}>")
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    line = str(err.value)
    assert "\n" not in line and line.startswith("the minecart tick") and f"of version {version}" in line


def test_the_compiled_minecart_loop_leaves_1_12_2_and_1_13_2_to_the_object_path() -> None:
    """`MinecartBatch.decides`: the loop's kernels hold 1.14's literals and arithmetic only."""
    sim = load_scene_text(_text(PUSH, "1.16.5"), f"<{PUSH}>")
    batch = MinecartBatch()
    assert batch.decides(sim.world, features_for("1.16.5"))
    assert not any(batch.decides(sim.world, features_for(v)) for v in ("1.12.2", "1.13.2"))


def test_boats_float_on_flowing_water_by_1_12_2_s_liquid_heights(runs) -> None:
    """Boat 2 over flowing water under water floats at its surface in 1.12.2 (getBlockLiquidHeight: not full)
    and sinks to the floor in 1.14 (full); boat 1 over a source under water sinks in both, and stays up with the flag
    turned to 1.13.2's heights (the mutant). Boat 3, dropped in, ends where boat 2 does, in water."""
    old, new = runs[BOATS, "1.12.2"], runs[BOATS, "1.14"]
    floats, sunk = old[-1][2], new[-1][2]
    assert floats[4].value == "in_water" and sunk[4].value == "under_flowing_water"
    assert sunk[0].y == 61.0 < 61.3 < floats[0].y < 61.0 + 7.0 / 9.0   # on the floor; in the lower layer
    assert old[-1][1][0] == new[-1][1][0] and old[-1][1][0].y == 61.0
    assert runs[BOATS, "1.12.2 not boat_liquid_height_1_12"][-1][1][0].y > 61.0
    assert old[-1][3][4].value == "in_water" and abs(old[-1][3][0].y - floats[0].y) < 0.01


def test_1_13_2_puts_a_boat_entering_water_a_block_above_it(runs) -> None:
    """1.13.2's getWaterLevelAbove (y + height ≥ 1.0F is full): each boat that enters the water from the air is set
    on the layer above the water (y 64 − height + 0.101); the mutant without it keeps boat 2 where 1.12.2 does
    (1.13.2's level-only heights leave flowing water under water not full either)."""
    new = runs[BOATS, "1.13.2"]
    lifted = [t for t, s in enumerate(new) if s[2][4].value == "in_water" and new[t - 1][2][4].value == "in_air"]
    assert lifted and new[lifted[0]][2][0].y == pytest.approx(64.0 - 0.5625 + 0.101, abs=1e-6)
    mutant = runs[BOATS, "1.13.2 not boat_water_level_above_absolute"]
    assert mutant != new and mutant[-1][2] == runs[BOATS, "1.12.2"][-1][2]


@pytest.mark.parametrize(("block", "line"), [("minecraft:water[level=9]", "falling water of LEVEL 9-15")])
def test_a_1_12_2_boat_stops_at_water_its_liquid_heights_do_not_read(block: str, line: str) -> None:
    """Falling water of LEVEL 9-15 under water (the kernel reads LEVEL 8) in the cells the boat reads: one line
    (1.12.2 has no other block holding water: tests/engine/test_version_blocks_12.py)."""
    text = _text(BOATS, "1.12.2").replace('from = [2, 61, -2]\nto = [6, 61, 2]\nblock = "minecraft:water[level=1]"',
                                          f'from = [2, 61, -2]\nto = [6, 61, 2]\nblock = "{block}"')
    sim = load_scene_text(text, f"<{BOATS}>")
    with pytest.raises(NotImplementedError) as err:
        for _ in range(5):
            sim.tick()
    assert "\n" not in str(err.value) and line in str(err.value)
