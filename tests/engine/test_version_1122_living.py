"""Living travel, jumping, players and elytra of 1.12.2 (docs/versions.md, `living`, `player`, `elytra`): the MCP
1.12.2 source (`EntityLivingBase.travel`, `onLivingUpdate`, `jump`, `Entity.moveRelative`, `Entity.move`'s sneak
loop and step-up, `EntityPlayer.updateSize`, `EntityPlayerSP.onLivingUpdate`, `EntityMoveHelper`) against the
engine's 1.15.2, the first living release simulated after it, run as the bundled 1.12.2 scenes at both releases;
each flag is flipped in `tests/engine/test_versions.py` (its case changes), here the values where the game is
deterministic. 1.13.2's: test_version_1132_living.py (mobs), test_version_1132_player.py (players, gliders).
"""

from __future__ import annotations

import dataclasses
import functools
import re

import numpy as np
import pytest

from engine.java.javanum import f32
from engine.java.mathhelper import SINE_TABLE
from engine.jit import njit, plain
from engine.living import travel_kernel
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_version_living import DRY_SCENARIOS, peer_agreement

F098 = float(np.float32(0.98))       # travel's Y drag in the air: 0.98F
F08 = float(np.float32(0.8))         # travel's drag in water: 0.8F
F004 = 0.03999999910593033           # handleJumpWater: motionY += 0.03999999910593033D
HALF_WIDTH = f32(0.6) / 2            # a player's box: 0.6F wide


def _scene(name: str, version: str, **flips: bool) -> Simulation:
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', (SCENES_DIR / name).read_text(), flags=re.M)
    sim = load_scene_text(text, name)
    if flips:
        sim.features = dataclasses.replace(sim.features, **flips)
    return sim


@functools.cache
def _run(name: str, version: str, ticks: int, flips: tuple = ()) -> tuple:
    """Per tick, per entity id: (position, Motion, on the ground, height, sprinting, yaw)."""
    sim = _scene(name, version, **dict(flips))
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append({e.id: (tuple(e.pos), tuple(e.motion), e.on_ground, e.height,
                           getattr(e, "sprinting", None), e.yaw) for e in sim.world.entities.values()})
    return tuple(out)


def test_a_sprint_jump_rises_as_in_1_15_2_and_runs_off_it_by_the_float_move_relative() -> None:
    """Player 1 of scenes/player_sprint_jump_1_12_2.toml: the jumps (0.42F, −0.08, × 0.98F) are 1.15.2's to the
    bit; `Entity.moveRelative` turns the keys by the yaw in float and the ground acceleration is 0.16277136F /
    (0.6F × 0.91F)³ (1.15.2: double products, 0.21600002F / 0.6F³), so X drifts by under 1e-5 a tick."""
    old, new = _run("player_sprint_jump_1_12_2.toml", "1.12.2", 30), _run("player_sprint_jump_1_12_2.toml",
                                                                          "1.15.2", 30)
    assert [t[1][0][1] for t in old] == [t[1][0][1] for t in new]
    assert [t[1][2] for t in old] == [t[1][2] for t in new]
    gaps = [abs(a[1][0][0] - b[1][0][0]) for a, b in zip(old, new, strict=True)]
    assert all(0.0 < g < 1e-5 for g in gaps[1:])
    mutant = _run("player_sprint_jump_1_12_2.toml", "1.12.2", 30, (("move_relative_float", False),))
    assert [t[1][0] for t in mutant] != [t[1][0] for t in old]


def test_a_walk_steps_onto_a_slab_by_the_1_12_2_step_up_and_stops_at_the_wall() -> None:
    """Player 2 walks into the bottom slab at x 3: `Entity.move`'s step-up (the box up by the step height, across,
    then down onto the slab) lifts it to y 1.5 on the ground in one tick, and the wall at x 7 stops it with its box
    against the wall, its Motion X zeroed."""
    old = _run("player_sprint_jump_1_12_2.toml", "1.12.2", 30)
    ys = [t[2][0][1] for t in old]
    k = ys.index(1.5)
    assert set(ys[:k]) == {1.0} and set(ys[k:]) == {1.5} and all(t[2][2] for t in old)
    assert old[-1][2][0][0] == 7.0 - HALF_WIDTH and old[-1][2][1][0] == 0.0


def test_a_sneaking_player_stops_at_the_edge_1_65_high() -> None:
    """Player 1 of scenes/player_sneak_vine_1_12_2.toml sneaks to the platform's edge at x 1: the sneak loop keeps
    its box over it (x < 1.3, within a 0.05 step), on the ground; `updateSize` gives it 1.65F (1.15.2's crouching
    pose: 1.5F). Without the sneak key's slowdown on the first tick (1.15.2 reads the pose of the tick before) it
    would set off faster."""
    old, new = _run("player_sneak_vine_1_12_2.toml", "1.12.2", 40), _run("player_sneak_vine_1_12_2.toml",
                                                                         "1.15.2", 40)
    pos, _, ground, height, _, _ = old[-1][1]
    assert 1.3 - 0.05 < pos[0] < 1.3 and ground and height == f32(1.65)
    assert new[-1][1][3] == f32(1.5) and old[0][1][0][0] < new[0][1][0][0]


def test_jumping_on_vines_climbs_only_from_1_14() -> None:
    """Player 2 holds jump inside a column of vines: 1.12.2 climbs only on a horizontal collision, so it jumps,
    and falls back with motionY clamped to −0.15D (the double literal) before −0.08 and × 0.98F; 1.15.2's jump
    key climbs at 0.2 a tick, above y 3."""
    old, new = _run("player_sneak_vine_1_12_2.toml", "1.12.2", 24), _run("player_sneak_vine_1_12_2.toml",
                                                                         "1.15.2", 24)
    assert max(t[2][0][1] for t in old) < 1.0 + 1.3
    assert (0.0, (-0.15 - 0.08) * F098, 0.0) in [t[2][1] for t in old]
    assert max(t[2][0][1] for t in new) > 3.0


def test_jumping_in_water_adds_0_04_and_travel_subtracts_0_02_in_1_12_2() -> None:
    """scenes/player_swim_1_12_2.toml: on the pool's floor, in water, the jump key adds 0.03999999910593033 (not a
    jump), travel's move lands it, × 0.8F, −0.02D; then it rises by that sum, × 0.8F, −0.02D. It never swims and
    keeps sprinting in water; 1.15.2 swims once submerged (the swimming pose, 0.6 high)."""
    old, new = _run("player_swim_1_12_2.toml", "1.12.2", 20), _run("player_swim_1_12_2.toml", "1.15.2", 20)
    assert old[0][1][0][1] == 1.0 and old[0][1][1][1] == -0.02
    rise = -0.02 + F004
    assert old[1][1][0][1] == 1.0 + rise and old[1][1][1][1] == rise * F08 - 0.02
    assert all(t[1][4] and t[1][3] == f32(1.8) for t in old)
    assert any(t[1][3] == f32(0.6) for t in new)


def test_a_glider_reads_1_12_2_s_look_and_gravity_literal() -> None:
    """scenes/elytra_glide_1_12_2.toml. Player 1 (yaw −90): `getLookVec`'s table entries of −yaw × 0.017453292F −
    (float)π give a Z of exactly 0, so it glides straight along X; 1.15.2's `getRotationVector` leaves 1.2e-17.
    Player 2 (pitch −15): motionY += −0.08D + f4 × 0.06D differs from 1.15.2's 0.08 × (−1.0 + f4 × 0.75)."""
    old, new = _run("elytra_glide_1_12_2.toml", "1.12.2", 10), _run("elytra_glide_1_12_2.toml", "1.15.2", 10)
    assert all(t[1][1][2] == 0.0 for t in old) and any(t[1][1][2] != 0.0 for t in new)
    assert [t[2] for t in old] != [t[2] for t in new]
    mutant = _run("elytra_glide_1_12_2.toml", "1.12.2", 10, (("elytra_gravity_literal", False),))
    assert [t[2] for t in mutant] != [t[2] for t in old]
    assert all(t[i][3] == f32(0.6) for t in old for i in (1, 2))


def test_a_zombie_turns_by_180d_over_pi_in_1_12_2() -> None:
    """scenes/zombie_walk_1_12_2.toml: `EntityMoveHelper` turns the zombie to (float)(atan2 × (180D / Math.PI)) −
    90.0F, one float step from 1.15.2's × 57.2957763671875, a step that moves the sine-table index of the walk."""
    old, new = _run("zombie_walk_1_12_2.toml", "1.12.2", 1), _run("zombie_walk_1_12_2.toml", "1.15.2", 1)
    a, b = np.float32(old[0][1][5]), np.float32(new[0][1][5])
    assert a != b and np.nextafter(a, b) == b
    assert old[0][1][1] != new[0][1][1]


def test_a_1_12_2_glide_started_by_the_jump_key_and_1_13_s_effects_stop_in_one_line() -> None:
    text = ('[scene]\nversion = "1.12.2"\n[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 60.0, 0.5]\n'
            'motion = [0.0, -0.2, 0.0]\nequipment = { chest = "minecraft:elytra" }\n'
            '[[inputs]]\nentity = 1\nfrom = 1\nto = 1\njump = true\n')
    sim = load_scene_text(text, "glide start")
    with pytest.raises(NotImplementedError, match=r"^elytra flight.*1\.12\.2.*START_FALL_FLYING[^\n]*$"):
        sim.tick()
    falling = text.replace('equipment = { chest = "minecraft:elytra" }',
                           'effects = [{ id = "minecraft:slow_falling", amplifier = 0, duration = 20 }]')
    with pytest.raises(NotImplementedError, match=r"^living travel.*1\.12\.2.*effects of 1\.13[^\n]*$"):
        load_scene_text(falling, "slow falling").tick()


@pytest.mark.parametrize("name", [n for n in DRY_SCENARIOS if n != "falling"])
def test_players_of_1_12_2_leave_prismarine_by_the_float_move_relative(name: str) -> None:
    """prismarine-physics' dry scenarios (its float-exact patch: 1.14+'s rules, which 1.15.2 meets bit for bit):
    a 1.12.2 player lands and stands on the same ticks, and leaves it by 1e-9..1e-5 m, the float moveRelative and
    the 0.16277136F acceleration (the wall scenario walks through the 1.12.2 step-up)."""
    pos, vel, ground = peer_agreement(name, "1.12.2")
    assert ground == 0 and 1e-9 < pos < 1e-5 and vel < 1e-7


def test_the_1_12_2_kernels_compiled_equal_their_plain_python() -> None:
    """`move_relative` and `ground_accel_1_12` (engine.living.travel_kernel) compiled and as plain Python (what the
    object path runs), over inputs with and without normalisation, below the 1.0E-4F cut and on ice."""
    @njit
    def compiled(x, y, z, s, u, f, fr, yaw, sine, drag, speed):
        return travel_kernel.move_relative(x, y, z, s, u, f, fr, yaw, sine), \
            travel_kernel.ground_accel_1_12(drag, speed)

    sine = np.array(SINE_TABLE)
    move_relative, ground_accel = plain(travel_kernel.move_relative), plain(travel_kernel.ground_accel_1_12)
    for s, f, yaw, drag in ((0.98, 0.98, -90.0, f32(f32(0.6) * f32(0.91))), (f32(0.294), 0.0, 31.5, f32(0.91)),
                            (0.005, 0.0, 10.0, f32(f32(0.98) * f32(0.91))), (-0.98, 0.98, 262.93579, 0.5)):
        args = (0.1, -0.0784, 0.03, f32(s), 0.0, f32(f), f32(0.1), f32(yaw))
        want = (move_relative(*args, SINE_TABLE), ground_accel(drag, f32(0.1)))
        assert compiled(*args, sine, drag, f32(0.1)) == want
