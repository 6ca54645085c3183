"""Players of 1.21.7, 1.21.8 and 1.21.11 against 1.21.4 (docs/versions.md, `player`).

1.21.8 (the clean decompilation, Mojang names: `LocalPlayer.aiStep`, `applyInput`, `modifyInput`,
`modifyInputSpeedForSquareMovement`, `distanceToUnitSquare`, `canStartSprinting`, `shouldStopRunSprinting`,
`KeyboardInput`, `ClientInput`, `Vec2`, `LivingEntity.aiStep`) was read against 1.21.4's `ClientPlayerEntity`,
`KeyboardInput`, `Input` and `LivingEntity.tickMovement`; 1.21.7 (clean) is 1.21.8 in these classes, 1.21.11 (both
decompilations) too but for the double-indexed sine (`sine_index_double`). Four flags, each with a scene, its
1.21.4 neighbour and a mutant (1.21.8 with the flag off): `player_move_vector`, `sprint_forward_impulse`,
`player_motion_cut_squared`, and `Player.canFallAtLeast`'s sneaking probe (`sneak_probe_deflated`). The compiled
players phase decides 1.16.5 only (`PlayerBatch.decides`): a 1.21.7+ player takes the object path, which runs the
stages' kernel source as plain Python (`engine.jit.plain`)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from engine.core.versions import features_for
from engine.entities.entity import Entity
from engine.jit import plain
from engine.living import player_kernel, travel_kernel
from engine.living.player import PlayerBatch
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_version_living_1212 import load
from tests.engine.test_versions import outcome

DIAGONAL = (SCENES_DIR / "player_diagonal_walk_1_21_8.toml").read_text()
STOP = (SCENES_DIR / "player_stop_cut_1_21_8.toml").read_text()
SNEAK_SPRINT = (SCENES_DIR / "player_sneak_keeps_sprint_1_21_8.toml").read_text()
AIR_TAP = (SCENES_DIR / "player_double_tap_air_1_21_8.toml").read_text()
EDGE = (SCENES_DIR / "player_sneak_probe_1_21_8.toml").read_text()
VINES = (SCENES_DIR / "elytra_vine_glide_ends_1_21_8.toml").read_text()
SWIMMING_GLIDER = (SCENES_DIR / "elytra_swimming_glider_1_21_8.toml").read_text()
# scene, ticks, the runs: (version, flags changed)
RUNS = {
    "diagonal": (DIAGONAL, 8, (("1.21.4", ()), ("1.21.7", ()), ("1.21.8", ()), ("1.21.11", ()),
                               ("1.21.8", (("player_move_vector", False),)))),
    "stop": (STOP, 18, (("1.21.4", ()), ("1.21.8", ()), ("1.21.11", ()),
                        ("1.21.8", (("player_motion_cut_squared", False),)),
                        ("1.21.11", (("sine_index_double", False),)))),
    "sneak_sprint": (SNEAK_SPRINT, 14, (("1.21.4", ()), ("1.21.8", ()),
                                        ("1.21.8", (("sprint_forward_impulse", False),)))),
    "air_tap": (AIR_TAP, 10, (("1.21.4", ()), ("1.21.8", ()), ("1.21.8", (("sprint_forward_impulse", False),)))),
    "vines": (VINES, 5, (("1.21.4", ()), ("1.21.8", ()), ("1.21.11", ()),
                         ("1.21.8", (("glide_ends_on_climbable", False),)))),
    "swimming_glider": (SWIMMING_GLIDER, 4, (("1.21.4", ()), ("1.21.8", ()),
                                             ("1.21.8", (("pose_swimming_before_gliding", False),)))),
    "edge": (EDGE, 12, (("1.21.4", ()), ("1.21.8", ()), ("1.21.11", ()),
                        ("1.21.8", (("sneak_probe_deflated", False),)))),
}


def _state(e: Entity) -> tuple:
    return e.pos, e.motion, e.sprinting, e.pose, e.sideways_speed, e.forward_speed


def _ticked(text: str, version: str, ticks: int, flags: tuple = ()) -> list[tuple]:
    sim: Simulation = load(text, version)
    sim.features = dataclasses.replace(sim.features, **dict(flags))
    states = []
    for _ in range(ticks):
        sim.tick()
        states.append(_state(sim.entity_by_id(1)))
    return states


@pytest.fixture(scope="module")
def runs() -> dict[tuple, list[tuple]]:
    """Each scene of RUNS at each of its (version, flags), tick by tick."""
    return {(name, version, flags): _ticked(text, version, ticks, flags)
            for name, (text, ticks, cases) in RUNS.items() for version, flags in cases}


def test_a_diagonal_walk_takes_the_normalized_move_vector_from_1_21_7(runs) -> None:
    """`KeyboardInput.tick` normalizes (1, 1) in float and `modifyInput` scales it by 0.98F and corrects it for
    square movement: an input of equal sides whose length is within a float of 1, where 1.21.4's (0.98, 0.98) is
    normalized by travel. The walk ends elsewhere (by about 1e-7 m); 1.21.7 and 1.21.11 (yaw -30: the same sine
    entries either way) walk as 1.21.8; 1.21.8 without `player_move_vector` does not."""
    old, new = runs["diagonal", "1.21.4", ()], runs["diagonal", "1.21.8", ()]
    assert old[-1][4:] == (pytest.approx(0.98, abs=1e-7),) * 2
    assert new[-1][4] == new[-1][5] and abs(new[-1][4] ** 2 + new[-1][5] ** 2 - 1.0) < 1e-6
    assert new[-1][0] != old[-1][0] and abs(new[-1][0].x - old[-1][0].x) + abs(new[-1][0].z - old[-1][0].z) < 1e-6
    assert new[-1][0].x > 1.9
    assert runs["diagonal", "1.21.7", ()] == new == runs["diagonal", "1.21.11", ()]
    assert runs["diagonal", "1.21.8", (("player_move_vector", False),)][-1][0] != new[-1][0]


def test_a_stopping_player_glides_until_its_horizontal_motion_squared_is_below_9e_6_from_1_21_7(runs) -> None:
    """After 6 ticks of walking at yaw 315 the Motion shrinks by 0.546 a tick: 1.21.4 zeroes X and Z at the start
    of the tick after each fell below 0.003; 1.21.8 keeps both there (x² + z² still above 9.0E-6), glides one tick
    more and ends further on. 1.21.8 without `player_motion_cut_squared` stops as 1.21.4, bit for bit."""
    old, new = runs["stop", "1.21.4", ()], runs["stop", "1.21.8", ()]
    cut = next(t for t, s in enumerate(old) if s[1].x == 0.0)
    assert old[:cut] == new[:cut] and old[cut][1].z == 0.0
    m = new[cut - 1][1]                         # the Motion both enter tick `cut` with
    assert 0.0 < abs(m.x) < 0.003 and 0.0 < abs(m.z) < 0.003 and m.x * m.x + m.z * m.z >= 9.0e-6
    assert new[cut][1].x != 0.0 and new[cut][1].z != 0.0 and new[cut][0] != old[cut][0]
    assert new[cut + 1][1].x == new[cut + 1][1].z == 0.0 and new[-1][0] == new[cut + 1][0]
    assert new[-1][0].x > old[-1][0].x and new[-1][0].z > old[-1][0].z
    assert runs["stop", "1.21.8", (("player_motion_cut_squared", False),)] == old


def test_1_21_11_walks_as_1_21_8_but_for_the_sine_index(runs) -> None:
    """yaw 315: 1.21.11's double-indexed cosine reads another sine-table entry (`sine_index_double`); with the flag
    off, 1.21.11 is 1.21.8 bit for bit (`LocalPlayer`/`ClientPlayerEntity`, `KeyboardInput` and `aiStep` the same)."""
    assert runs["stop", "1.21.11", ()][-1][0] != runs["stop", "1.21.8", ()][-1][0]
    assert runs["stop", "1.21.11", (("sine_index_double", False),)] == runs["stop", "1.21.8", ()]


def test_a_sneaking_sprinter_sprints_on_from_1_21_7(runs) -> None:
    """1.21.7's `shouldStopRunSprinting` does not test the sneaking pose (1.21.4's `shouldStopSprinting` did): the
    player crouches from tick 7 and sprints to the end, ahead of 1.21.4's, which walks from tick 8. The mutant
    (1.21.8 without `sprint_forward_impulse`: 1.21.4's rules) stops as 1.21.4."""
    old, new = runs["sneak_sprint", "1.21.4", ()], runs["sneak_sprint", "1.21.8", ()]
    assert new[6][3] == "crouching" and all(s[2] for s in new)
    assert not any(s[2] for s in old[7:]) and new[-1][0].z > old[-1][0].z
    assert [s[2] for s in runs["sneak_sprint", "1.21.8", (("sprint_forward_impulse", False),)]] == \
        [s[2] for s in old]


def test_a_double_tap_in_the_air_sprints_from_1_21_7(runs) -> None:
    """Forward in tick 1, nothing in tick 2, forward from tick 3, falling all along: 1.21.8 opens the tap's ticks
    in the air and sprints from tick 3; 1.21.4 (the tap only on the ground) and the mutant never sprint."""
    new = runs["air_tap", "1.21.8", ()]
    assert [s[2] for s in new] == [False, False] + [True] * 8 and new[-1][1].y < 0.0
    for key in (("1.21.4", ()), ("1.21.8", (("sprint_forward_impulse", False),))):
        assert not any(s[2] for s in runs["air_tap", *key]) and runs["air_tap", *key][-1][0].z < new[-1][0].z


def test_a_sneaker_0_600005_above_the_ground_is_not_held_at_the_edge_from_1_21_7(runs) -> None:
    """1.21.4's probe, 1.0E-5F below the step height, finds the block 0.600005 under the feet and holds the sneaker
    at its edge in tick 1 (a move of 0.05 for 0.2); 1.21.8's, 1.0E-7 below, does not, and the player moves on.
    Both land beside the block (y 3), 1.21.8 further east; 1.21.11 as 1.21.8, the mutant as 1.21.4."""
    old, new = runs["edge", "1.21.4", ()], runs["edge", "1.21.8", ()]
    assert new[0][0].x - 1.25 > 3.0 * (old[0][0].x - 1.25) > 0.0 and old[0][0].y == new[0][0].y
    assert old[-1][0].y == new[-1][0].y == 3.0 and new[-1][0].x > old[-1][0].x + 0.5
    assert runs["edge", "1.21.11", ()] == new and runs["edge", "1.21.8", (("sneak_probe_deflated", False),)] == old


def test_a_glider_on_vines_stops_gliding_from_1_21_7(runs) -> None:
    """`LivingEntity.travelFallFlying` of 1.21.8 (and 1.21.11) travels a glider on a climbable block as in the air
    and stops its glide: in tick 1 it is clamped to the climbing speed (X and Z within 0.15F) and stands after;
    1.21.4's `travelGliding` and the mutant glide on, faster and in the gliding pose."""
    old, new = runs["vines", "1.21.4", ()], runs["vines", "1.21.8", ()]
    assert all(s[3] == "fall_flying" for s in old) and not any(s[3] == "fall_flying" for s in new)
    assert new[0][0].z - 2.5 < 0.1501 < old[0][0].z - 2.5 and new[-1][0].y < old[-1][0].y
    assert runs["vines", "1.21.11", ()] == new and runs["vines", "1.21.8", (("glide_ends_on_climbable", False),)] == old


def test_a_gliding_swimmer_takes_the_swimming_pose_from_1_21_7(runs) -> None:
    """A glider under water sprints from 1.21.7 and swims from tick 2; `Player.getDesiredPose` tests swimming first:
    the swimming pose. 1.21.4's glider never sprints (gliding pose); the mutant swims in the gliding pose."""
    old, new = runs["swimming_glider", "1.21.4", ()], runs["swimming_glider", "1.21.8", ()]
    mutant = runs["swimming_glider", "1.21.8", (("pose_swimming_before_gliding", False),)]
    assert [s[3] for s in new] == ["fall_flying"] + ["swimming"] * 3 and all(s[2] for s in new)
    assert all(s[3] == "fall_flying" and not s[2] for s in old)
    assert [s[3] for s in mutant] == ["fall_flying"] * 4 and [s[:3] for s in mutant] == [s[:3] for s in new]


def test_the_back_key_clears_the_double_tap_from_1_21_7() -> None:
    """`LocalPlayer.aiStep` clears the tap's ticks where the back key is held: back in tick 2 leaves the second
    press a walk."""
    text = AIR_TAP.replace("[[inputs]]                # ticks 3-10",
                           "[[inputs]]\nentity = 1\nfrom = 2\nto = 2\nback = true\n\n"
                           "[[inputs]]                # ticks 3-10")
    assert not any(s[2] for s in _ticked(text, "1.21.8", 10))


@pytest.mark.parametrize(("version", "title"), [
    ("1.21.5", "the player's client movement")])
def test_players_of_the_unread_releases_stop_in_one_line(version: str, title: str) -> None:
    kind, line = outcome(DIAGONAL, 2, 1, version=version)
    assert kind == "refused" and "\n" not in line and line.startswith(title) and version in line, line
    assert "player" in features_for(version).refused
    assert not {"player", "elytra"} & (features_for("1.21.6").refused | features_for("1.21.7").refused
                                       | features_for("1.21.10").refused | features_for("1.21.11").refused)


def test_the_compiled_players_phase_takes_1_21_8_and_leaves_a_release_refusing_its_mechanics() -> None:
    """The players' loop decides 1.21.8 (its flags are loop arguments, `player.kernel_bits`) and 1.16.5; 1.21.5,
    whose `player` is refused, takes the object path (which stops in one line where it matters)."""
    sim = load(DIAGONAL, "1.21.8")
    players = [sim.entity_by_id(1)]
    assert PlayerBatch().decides(sim.world, sim.features, players)
    assert PlayerBatch().decides(load(DIAGONAL, "1.16.5").world, features_for("1.16.5"), players)
    assert not PlayerBatch().decides(sim.world, features_for("1.21.5"), players)


def test_the_1_21_7_stages_compiled_equal_their_plain_python() -> None:
    """The stages the object path runs as plain Python give, compiled, the same floats for every key set, item and
    sneaking state (the kernels' differential form: their source runs both ways)."""
    stages = {name: (getattr(player_kernel, name), plain(getattr(player_kernel, name)))
              for name in ("keyboard_input", "modify_input", "start_sprinting_1_21_7")}
    cut = (travel_kernel.zero_negligible_motion, plain(travel_kernel.zero_negligible_motion))
    for held, using, slowed in itertools.product(range(1 << 7), (False, True), (False, True)):
        results = []
        for compiled in (0, 1):
            keys = stages["keyboard_input"][compiled](held, slowed, 0.3, True)
            moved = stages["modify_input"][compiled](keys[1], keys[0], using, slowed, 0.15000000596046448)
            sprint = stages["start_sprinting_1_21_7"][compiled](False, held & 3, not using, slowed, keys[0], slowed)
            results.append((keys, moved, sprint, cut[compiled](moved[0] * 0.004, 0.002, moved[1] * 0.004, slowed)))
        assert results[0] == results[1], held
