"""Players and gliders of 1.13.2 (docs/versions.md, `player`, `elytra`): extracted_minecraft_data's client1.13.2
(`EntityPlayerSP.onLivingUpdate`, `MovementInputFromOptions`, `EntityPlayer.updateSize`, `getEyeHeight`, `travel`,
`updateSwimming`, `Entity.move`'s sneak loop, `EntityLivingBase.travel`'s glide) against 1.12.2's MCP and 1.14's
Yarn, run as scenes/player_swim_1_13_2.toml, scenes/player_sneak_ceiling_1_13_2.toml and
scenes/elytra_glide_1_12_2.toml at 1.12.2, 1.13.2 and 1.14, and at 1.13.2 with its flag flipped.
"""

from __future__ import annotations

import dataclasses
import functools
import re

import pytest

from engine.core.versions import features_for
from engine.java.javanum import f32
from engine.living import player
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_version_living import DRY_SCENARIOS, peer_agreement

SWIM, CEILING, GLIDE = "player_swim_1_13_2.toml", "player_sneak_ceiling_1_13_2.toml", "elytra_glide_1_12_2.toml"
SNEAKING_HEIGHT, LOW_HEIGHT, CROUCHING_HEIGHT = f32(1.65), f32(0.6), f32(1.5)   # updateSize; 1.14's crouching pose


def _sim(name: str, version: str, flips: tuple = ()):
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', (SCENES_DIR / name).read_text(), flags=re.M)
    sim = load_scene_text(text, name)
    if flips:
        sim.features = dataclasses.replace(sim.features, **dict(flips))
    return sim


@functools.cache
def _run(name: str, version: str, ticks: int, flips: tuple = ()) -> tuple:
    """Per tick, per player id: (position, Motion, box height, swimming, eye height)."""
    sim = _sim(name, version, flips)
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append({e.id: (tuple(e.pos), tuple(e.motion), e.height, e.swimming, e.eye_height)
                    for e in sim.world.entities.values()})
    return tuple(out)


def _track(run: tuple, entity_id: int, field: int) -> list:
    return [t[entity_id][field] for t in run]


def test_a_sprinter_under_water_swims_0_6_high_and_rises_along_its_look_in_1_13_2() -> None:
    """Player 1 sprints along the pool's floor looking up: submerged, the sprint key starts the sprint, the next
    tick's `updateSwimming` sets swimming, `EntityPlayer.travel` draws its Y Motion towards the look's (water above
    its head) and `updateSize` makes it 0.6 high, eye 0.4F — as in 1.14. 1.12.2 has no swimming: 1.8 high, on the
    floor. The climb is 1.14's to the bit (the look's Y: 1.13.2's `getVectorForRotation` is 1.14's)."""
    old, mid, new = (_run(SWIM, v, 12) for v in ("1.12.2", "1.13.2", "1.14"))
    assert _track(mid, 1, 3)[1:] == [True] * 11 and not any(_track(old, 1, 3))
    assert _track(mid, 1, 2)[1:] == [LOW_HEIGHT] * 11 and set(_track(old, 1, 2)) == {f32(1.8)}
    assert _track(mid, 1, 4)[-1] == f32(0.4)
    assert [p[1] for p in _track(mid, 1, 0)] == [p[1] for p in _track(new, 1, 0)]
    assert _track(mid, 1, 0)[-1][1] > 1.5 and {p[1] for p in _track(old, 1, 0)} == {1.0}


def test_a_sneaking_player_in_water_sinks_and_is_1_65_high_in_1_13_2() -> None:
    """Player 2 holds the sneak key in the water: `EntityPlayerSP.onLivingUpdate` sinks it (1.12.2 does not:
    it sinks by travel's drag alone, slower), and `updateSize` makes it 0.6 x 1.65 with the eye at 1.62F - 0.08F,
    1.12.2's size; 1.14 crouches it 1.5 high, and so does 1.13.2 with `player_client_1_13` off."""
    old, mid, new = (_run(SWIM, v, 8) for v in ("1.12.2", "1.13.2", "1.14"))
    assert all(m[1] < o[1] for m, o in zip(_track(mid, 2, 0), _track(old, 2, 0), strict=True))
    assert _track(mid, 2, 0) == _track(new, 2, 0)
    assert set(_track(mid, 2, 2)) == {SNEAKING_HEIGHT} == set(_track(old, 2, 2))
    assert set(_track(mid, 2, 4)) == {f32(f32(1.62) - f32(0.08))}
    assert set(_track(new, 2, 2)) == {CROUCHING_HEIGHT}
    assert set(_track(_run(SWIM, "1.13.2", 8, (("player_client_1_13", False),)), 2, 2)) == {CROUCHING_HEIGHT}


def test_a_sneaking_jump_meets_a_ceiling_as_1_12_2_s_and_not_as_1_14_s() -> None:
    """scenes/player_sneak_ceiling_1_13_2.toml: 1.65 high, the jump is stopped by the ceiling 3.0 with its box's
    top there (1.12.2's track to the bit); 1.14's 1.5 high crouching box rises higher, and so does 1.13.2 with
    1.14's poses (`player_client_1_13` off)."""
    old, mid, new = (_run(CEILING, v, 9) for v in ("1.12.2", "1.13.2", "1.14"))
    heights = [p[1] for p in _track(mid, 1, 0)]
    assert heights == [p[1] for p in _track(old, 1, 0)]
    assert max(heights) == 3.0 - SNEAKING_HEIGHT
    assert max(p[1] for p in _track(new, 1, 0)) == 3.0 - CROUCHING_HEIGHT
    flipped = _run(CEILING, "1.13.2", 9, (("player_client_1_13", False),))
    assert max(p[1] for p in _track(flipped, 1, 0)) == 3.0 - CROUCHING_HEIGHT


def test_a_sneaker_jumping_off_an_edge_is_held_only_on_the_ground_before_1_16_2() -> None:
    """`Entity.move`'s sneak loop of 1.13.2 (and 1.14-1.16.1) holds a sneaking player on the ground only: one
    jumping forward at the floor's edge leaves it; 1.16.2's `method_30263` holds it while within its step height of
    the floor (`sneak_edge_near_ground`), and so does 1.13.2 with the flag on."""
    text = scene_toml(scene={"version": "1.13.2"}, blocks=[{"from": [-3, 0, -3], "to": [3, 0, 3],
                                                           "block": "minecraft:stone"}],
                      entities=[{"type": "minecraft:player", "id": 1, "pos": [4.05, 1.0, 0.5], "on_ground": True,
                                 "motion": [0.2, -0.0784000015258789, 0.0], "yaw": -90.0}],
                      inputs=[{"entity": 1, "from": 1, "to": 2, "forward": True, "sneak": True, "jump": True}])

    def x_after(version: str, **flags: bool) -> float:
        sim = load_scene_text(text.replace('version = "1.13.2"', f'version = "{version}"'), "edge")
        sim.features = dataclasses.replace(sim.features, **flags)
        for _ in range(2):
            sim.tick()
        return sim.entity_by_id(1).pos.x

    edge = 4.0 + f32(0.6) / 2     # the box's minimum corner over the floor's last block
    assert x_after("1.13.2") > edge and x_after("1.16.1") > edge
    assert x_after("1.13.2", sneak_edge_near_ground=True) < edge and x_after("1.16.2") < edge


def test_a_1_13_2_glide_is_1_14_s_to_the_bit_and_not_1_12_2_s() -> None:
    """`EntityLivingBase.travel`'s glide of 1.13.2: 1.14's gravity d × (−1.0 + f4 × 0.75) along `getLookVec`, whose
    `getVectorForRotation` is 1.14's `getRotationVector` (sin and cos of −yaw × 0.017453292F, not 1.12.2's −yaw ×
    0.017453292F − π): both gliders of scenes/elytra_glide_1_12_2.toml fly as in 1.14, not as in 1.12.2."""
    old, mid, new = (_run(GLIDE, v, 10) for v in ("1.12.2", "1.13.2", "1.14"))
    assert [(t[1][:2], t[2][:2]) for t in mid] == [(t[1][:2], t[2][:2]) for t in new]
    assert [t[2][:2] for t in mid] != [t[2][:2] for t in old] and _track(old, 1, 1)[-1][2] == 0.0
    assert set(_track(mid, 1, 2)) == {LOW_HEIGHT}


def test_a_1_13_2_glide_started_by_the_jump_key_and_1_13_1_stop_in_one_line() -> None:
    """A fresh jump press in the air with an elytra sends START_FALL_FLYING (the server's flag comes back later,
    as in 1.12.2 and 1.14: `glide_start_by_server`); 1.13-1.13.1 are not read."""
    sim = _sim("elytra_jump_press_1_14_4.toml", "1.13.2")
    with pytest.raises(NotImplementedError, match=r"^elytra flight.*of version 1\.13\.2 [^\n]*START_FALL_FLYING"):
        for _ in range(5):
            sim.tick()
    for name in (SWIM, GLIDE):
        with pytest.raises(NotImplementedError, match=r"^living travel.*of version 1\.13\.1 [^\n]*$"):
            _run(name, "1.13.1", 1)


@pytest.mark.parametrize("name", [n for n in DRY_SCENARIOS if n != "falling"])
def test_players_of_1_13_2_leave_prismarine_by_the_float_move_relative(name: str) -> None:
    """prismarine-physics has no release modes (its float-exact patch follows 1.14+'s rules): on its dry
    scenarios a 1.13.2 player lands and stands on the same ticks and leaves it by 1e-9..1e-5 m, the float
    `moveRelative` and the 0.16277137F acceleration, as a 1.12.2 player does."""
    pos, vel, ground = peer_agreement(name, "1.13.2")
    assert ground == 0 and 1e-9 < pos < 1e-5 and vel < 1e-7


def test_the_compiled_players_loop_hands_1_13_2_back() -> None:
    """`player._UNTAKEN` holds the 1.13.2 player flags: the loop decides no 1.13.2 tick, nor a 1.16.5 one with
    `player_client_1_13` flipped; 1.16.1's sneak edge (`sneak_edge_near_ground`) is a bit the loop takes."""
    assert player.kernel_bits(features_for("1.13.2")) is None
    base = features_for("1.16.5")
    assert player.kernel_bits(base) is not None
    assert player.kernel_bits(dataclasses.replace(base, player_client_1_13=True)) is None
    assert player.kernel_bits(dataclasses.replace(base, sneak_edge_near_ground=False)) is not None
