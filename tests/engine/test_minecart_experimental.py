"""The experimental minecart physics of 1.21.2-1.21.11 (`experiments = ["minecart_improvements"]`,
ExperimentalMinecartController, from 1.21.4 NewMinecartBehavior; engine/entities/minecart_experimental.py): the
values the controller's arithmetic gives on `scenes/minecart_experimental_1_21_3.toml` in every release it runs,
against the default controller's on the same track, the minecartMaxSpeed game rule, a mutant of a step rule, the
block checks of an iteration, the scene written back, and what stops in one line; a TNT minecart's crash
(`scenes/tnt_minecart_experimental_1_21_3.toml`), carts meeting carts (`minecart_push_experimental_1_21_3.toml`)
and riders, picked up or riding, a player's keys (`minecart_riders_experimental_1_21_3.toml`), each against the
default controller and mutants."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli

from engine.entities import minecart_experimental
from engine.entities.minecart import AbstractMinecart
from engine.geometry.box import Vec3
from engine.motion import block_effects
from engine.tick.scene import SceneError, load_scene, load_scene_doc, load_scene_text
from engine.tick.scene_writer import scene_document
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

SCENE = SCENES_DIR / "minecart_experimental_1_21_3.toml"
TNT_SCENE = SCENES_DIR / "tnt_minecart_experimental_1_21_3.toml"

# tick → (position, Motion) with the experiment: tick 1 set onto the rail 0.1 above it and capped at 0.4 (8 / 20);
# 14 climbing the slope along its line (the pull 0.0078125 once); 16 still on it: the stone under the upper rail,
# the cell the slope rises into, is no obstacle to the cart (ExperimentalMinecartShapeContext,
# tests/engine/test_shape_context.py); 17 on the upper rail; 30 boosted by the powered rail (+0.06); 40 slowed
# × 0.975 a tick
EXPERIMENTAL = {
    1: (Vec3(1.9, 1.1, 0.5), Vec3(0.4, 0.0, 0.0)),
    14: (Vec3(6.267232655403315, 1.3672226554035676, 0.5), Vec3(0.2800068548723939, 0.2800068548723939, 0.0)),
    16: (Vec3(6.783759713664484, 1.8837497136647365, 0.5), Vec3(0.25113757110056945, 0.25113757110056945, 0.0)),
    17: (Vec3(7.021001653927316, 2.1, 0.5), Vec3(0.23724194432305518, 0.0, 0.0)),
    30: (Vec3(10.20104876706239, 2.1, 0.5), Vec3(0.4018561209093353, 0.0, 0.0)),
    40: (Vec3(13.706497893135523, 2.1, 0.5), Vec3(0.31197280998438304, 0.0, 0.0)),
}
# the default controller on the same track (the scene without the experiment): × 0.96, 0.0625 above the rail
DEFAULT = {
    1: (Vec3(1.9, 1.0625, 0.5), Vec3(0.48, -0.0, 0.0)),
    16: (Vec3(7.019416979670451, 2.0625, 0.5), Vec3(0.18535221566118174, -0.0, 0.0)),
    40: (Vec3(11.768378134145623, 2.0625, 0.5), Vec3(0.29539376948217455, -0.0, 0.0)),
}


# the game rule minecartMaxSpeed at 20 (1.0 m/gt): tick 1 slowed × 0.975 and not capped; on the slope at 14, over
# the powered rail at 30 and on the upper level at 40 ahead of the default rule's
MAX_SPEED_20 = {
    1: (Vec3(1.9875, 1.1, 0.5), Vec3(0.4875, 0.0, 0.0)),
    14: (Vec3(7.244542566250382, 2.1, 0.5), Vec3(0.321253715703855, 0.0, 0.0)),
    30: (Vec3(13.466932821293765, 2.1, 0.5), Vec3(0.40785909377966556, 0.0, 0.0)),
    40: (Vec3(17.024746748864818, 2.1, 0.5), Vec3(0.31663309563681796, 0.0, 0.0)),
}
RELEASES = ["1.21.2", "1.21.3", "1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.9", "1.21.10", "1.21.11"]


def _doc(version: str = "1.21.3", experiment: bool = True, max_speed: int | None = None, scene: Path = SCENE) -> dict:
    doc = tomli.loads(scene.read_text())
    doc["scene"]["version"] = version
    if not experiment:
        del doc["scene"]["experiments"]
    if max_speed is not None:
        doc["scene"]["minecart_max_speed"] = max_speed
    return doc


def _run(experiment: bool = True, ticks: int = 40, version: str = "1.21.3",
         max_speed: int | None = None) -> dict[int, tuple[Vec3, Vec3]]:
    doc = _doc(version, experiment, max_speed)
    sim = load_scene_doc(doc, str(SCENE))
    cart = sim.entity_by_id(1)
    seen = {}
    for t in range(1, ticks + 1):
        sim.tick()
        seen[t] = (cart.pos, cart.motion)
    return seen


@pytest.mark.parametrize("version", RELEASES)
def test_the_experimental_controller_moves_the_cart_as_its_arithmetic_gives(version: str) -> None:
    """1.21.2 and 1.21.4 read as 1.21.3; 1.21.7, 1.21.8, 1.21.10 and 1.21.11 read as 1.21.4 (their block walk
    aside: no block here acts on entities); 1.21.5-1.21.6 and 1.21.9 bracketed (docs/versions.md, the `minecart`
    row)."""
    seen = _run(version=version)
    for t, want in EXPERIMENTAL.items():
        assert seen[t] == want, t


@pytest.mark.parametrize("version", ["1.21.3", "1.21.8", "1.21.11"])
def test_the_max_speed_game_rule_at_20_lets_the_cart_run_faster(version: str) -> None:
    """`getMaxSpeed` reads `scene.minecart_max_speed` (the rule's default 8 is the capped run above)."""
    seen = _run(version=version, max_speed=20)
    for t, want in MAX_SPEED_20.items():
        assert seen[t] == want, t
        assert seen[t] != EXPERIMENTAL.get(t), t


def test_the_max_speed_game_rule_caps_a_cart_off_the_rails() -> None:
    """`moveOffRail` caps each axis at the controller's `getMaxSpeed` (the rule's 20 / 20 = 1.0, not 0.4): a cart
    pushed at 0.9 over bare stone moves 0.9, then × 0.5 a tick on the ground."""
    blocks = [{"from": [0, 0, 0], "to": [8, 0, 0], "block": "minecraft:stone"}]
    seen = {}
    for rule in (8, 20):
        sim = load_scene_text(scene_toml(
            scene={"version": "1.21.8", "experiments": ["minecart_improvements"], "minecart_max_speed": rule},
            blocks=blocks, entities=[{"type": "minecart", "pos": [1.5, 1.0, 0.5], "motion": [0.9, 0.0, 0.0]}]),
            "<off rails>")
        cart = sim.entity_by_id(1)
        seen[rule] = []
        for _ in range(2):
            sim.tick()
            seen[rule].append((cart.pos.x, cart.motion.x))
    assert seen == {8: [(1.9, 0.4), (2.1, 0.2)], 20: [(2.4, 0.9), (2.85, 0.45)]}


@pytest.mark.parametrize("value, why", [
    (0, "1..1000"), (1001, "1..1000"), ("fast", "an integer"), (True, "an integer"), (8.5, "an integer"),
])
def test_a_bad_max_speed_stops_in_one_line_naming_the_key(value: object, why: str) -> None:
    with pytest.raises(SceneError, match=why) as err:
        load_scene_doc(_doc(max_speed=value), str(SCENE))
    assert "scene.minecart_max_speed" in str(err.value) and "\n" not in str(err.value)


def test_the_max_speed_rule_needs_the_experiment() -> None:
    """The game registers minecartMaxSpeed for the experiment's feature flag only."""
    with pytest.raises(SceneError, match="scene.minecart_max_speed.*minecart_improvements"):
        load_scene_doc(_doc(experiment=False, max_speed=20), str(SCENE))


def test_the_max_speed_rule_is_written_back() -> None:
    sim = load_scene_doc(_doc(version="1.21.8", max_speed=20), str(SCENE))
    assert scene_document(sim)["scene"]["minecart_max_speed"] == 20
    assert "minecart_max_speed" not in scene_document(load_scene(SCENE))["scene"]   # the default is not written


def test_the_default_controller_runs_the_same_track_otherwise() -> None:
    seen = _run(experiment=False)
    for t, want in DEFAULT.items():
        assert seen[t] == want, t
        assert seen[t] != EXPERIMENTAL.get(t), t


@pytest.mark.parametrize("name, value", [("MINECART_EXP_SLOWDOWN", 0.96), ("MINECART_EXP_TICKS_PER_SECOND", 16.0),
                                         ("MINECART_EXP_SQRT_2", 1.0), ("MINECART_EXP_RAIL_HEIGHT", 0.0625)])
def test_a_mutated_step_rule_is_caught(monkeypatch, name: str, value: float) -> None:
    """The slowdown, the max speed per tick, the slope's √2 step and the height above the rail each change the
    run."""
    monkeypatch.setattr(minecart_experimental, name, value)
    seen = _run()
    assert any(seen[t] != want for t, want in EXPERIMENTAL.items())


def test_the_experiment_is_written_back_and_the_compiled_loop_leaves_the_carts() -> None:
    sim = load_scene(SCENE)
    assert scene_document(sim)["scene"]["experiments"] == ["minecart_improvements"]
    assert not type(sim.entity_by_id(1)).batch.decides(sim.world, sim.features)


def _cart_scene(version: str, entities: list[dict]) -> Simulation:
    blocks = [{"from": [0, 0, 0], "to": [8, 0, 0], "block": "minecraft:stone"},
              {"from": [0, 1, 0], "to": [8, 1, 0], "block": "minecraft:rail[shape=east_west]"}]
    return load_scene_text(scene_toml(scene={"version": version, "experiments": ["minecart_improvements"]},
                                      blocks=blocks, entities=entities), "<experimental>")


def test_a_cart_riding_a_vehicle_stops_in_one_line() -> None:
    """What the experiment does not simulate: a cart riding another (the vehicle's tick runs, ridden)."""
    sim = _cart_scene("1.21.3", [{"type": "minecart", "id": 1, "pos": [1.5, 1.1, 0.5]},
                                 {"type": "minecart", "id": 2, "pos": [1.5, 1.1, 0.5], "vehicle": 1}])
    with pytest.raises(NotImplementedError, match="minecart 2, tick 1: .* a cart riding a vehicle") as err:
        sim.tick()
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("experiment", [True, False])
def test_a_cart_moved_by_a_piston_stops_in_one_line_with_the_experiment(experiment: bool) -> None:
    """`AbstractMinecartEntity.move` with the experiment runs `handleCollision` after a piston's move too and clears
    `onRail`: not simulated. The default controller's cart is pushed."""
    scene = {"version": "1.21.3", **({"experiments": ["minecart_improvements"]} if experiment else {})}
    sim = load_scene_text(scene_toml(
        scene=scene, blocks=[{"from": [0, 0, 0], "to": [4, 0, 0], "block": "minecraft:stone"},
                             {"at": [0, 1, 0], "block": "minecraft:piston[facing=east]"}],
        entities=[{"type": "minecart", "pos": [1.5, 1.0, 0.5]}],
        actions=[{"tick": 1, "do": "piston_extend", "at": [0, 1, 0]}]), "<piston>")
    if experiment:
        with pytest.raises(NotImplementedError, match="minecart 1, tick 1: .* moved by a piston") as err:
            sim.tick()
        assert "\n" not in str(err.value)
    else:
        for _ in range(3):
            sim.tick()
        assert sim.entity_by_id(1).pos.x > 1.5


@pytest.mark.parametrize("version, check", [("1.21.3", "tick_block_collision"),
                                            ("1.21.8", "apply_effects_from_blocks")])
def test_an_iteration_checks_blocks_twice_and_the_move_none(monkeypatch, version: str, check: str) -> None:
    """`AbstractMinecart.move` with the experiment checks no blocks (the default controller's does); the iteration
    checks twice. From 1.21.7 `Entity.applyEffectsFromBlocks`: the first walks the move's records, the second (none
    left) the iteration's start to the position — not the default cart's walk at the position alone."""
    sim = load_scene_doc(_doc(version), str(SCENE))
    seen = []
    real = getattr(block_effects, check)

    def counted(e, *args) -> None:
        seen.append(len(e.movements))
        real(e, *args)
    walked = []
    real_reach = block_effects._effects_in_reach

    def reach(e, world, movements) -> bool:
        walked.append([(m.start.x, m.end.x, m.wanted is not None) for m in movements])
        return real_reach(e, world, movements)
    monkeypatch.setattr(block_effects, check, counted)
    monkeypatch.setattr(block_effects, "_effects_in_reach", reach)
    sim.tick()   # tick 1: one iteration, 1.5 to 1.9 within the rail's cell
    assert seen == ([0, 0] if version == "1.21.3" else [1, 0])
    assert walked == ([] if version == "1.21.3" else [[(1.5, 1.9, True)], [(1.5, 1.9, False)]])


def test_the_experiment_is_refused_before_it_exists() -> None:
    """1.21.2-1.21.11 run it; before 1.21.2 it does not exist; other names are unknown."""
    assert _cart_scene("1.21.2", []).world.experiments == {"minecart_improvements"}
    assert _cart_scene("1.21.11", []).world.experiments == {"minecart_improvements"}
    for version in ("1.21", "1.21.1"):
        with pytest.raises(SceneError, match="does not exist before 1.21.2"):
            _cart_scene(version, [])
    with pytest.raises(SceneError, match="scene.experiments"):
        load_scene_text(scene_toml(scene={"experiments": ["trade_rebalance"]}), "<experiments>")


# the TNT minecart's explosions (tick, centre, power) on scenes/tnt_minecart_experimental_1_21_3.toml: with the
# experiment the crash into the wall in tick 32 at 0.148 m/gt; the default controller's cart reaches the wall below
# 0.1 m/gt and waits for the fuse the activator rail lit in tick 15
TNT_CRASH = [(32, [8.509999990463257, 1.1, 0.5], 4.0529890060424805)]
TNT_DEFAULT = [(95, [8.509999990463257, 1.0625, 0.5], 4.0)]


def _tnt_run(version: str = "1.21.3", experiment: bool = True, ticks: int = 100) -> tuple[list, dict[int, int]]:
    """The explosions (tick, centre, power) and the cart's fuse each tick it lives."""
    sim = load_scene_doc(_doc(version, experiment, scene=TNT_SCENE), str(TNT_SCENE))
    cart = sim.entity_by_id(1)
    explosions, fuses = [], {}
    for t in range(1, ticks + 1):
        explosions += [(t, e["center"], e["power"]) for e in sim.tick().events if e["kind"] == "explosion"]
        if not cart.removed:
            fuses[t] = cart.fuse
    return explosions, fuses


@pytest.mark.parametrize("version", RELEASES)
def test_a_tnt_minecart_launched_into_a_wall_explodes_on_the_crash(version: str) -> None:
    """TntMinecartEntity's tick around the controller's (1.21.8-1.21.11 `MinecartTNT`, read: the same): primed in
    tick 10 by the activator rail its second iteration reaches, it explodes when its move meets the wall with the
    speed the controller keeps (moveAlongTrack sets the velocity back after the move)."""
    explosions, fuses = _tnt_run(version, ticks=40)
    assert explosions == TNT_CRASH
    assert (fuses[9], fuses[10], fuses[31]) == (-1, 79, 58)


def test_the_default_controller_brings_the_tnt_minecart_to_the_wall_too_slowly_to_crash() -> None:
    """× 0.96 a tick and a 0.02 kickstart: at the wall below 0.1 m/gt, primed only where a tick begins on the
    activator rail (tick 15), exploding by the fuse."""
    explosions, fuses = _tnt_run(experiment=False)
    assert explosions == TNT_DEFAULT
    assert (fuses[14], fuses[15]) == (-1, 79)


@pytest.mark.parametrize("name, value", [("MINECART_EXP_SLOWDOWN", 0.96), ("MINECART_EXP_LAUNCH", 0.02)])
def test_a_mutated_tnt_minecart_run_is_caught(monkeypatch, name: str, value: float) -> None:
    monkeypatch.setattr(minecart_experimental, name, value)
    assert _tnt_run(ticks=40)[0] != TNT_CRASH


@pytest.mark.parametrize("version, power", [("1.21.4", 5.053068161010742), ("1.21.8", 5.096317291259766)])
def test_a_falling_tnt_minecart_explodes_with_the_experiment_as_without(version: str, power: float) -> None:
    """Off rails the controller moves the cart with 1.21.2's `moveOffRail` (no cap on Y): a TNT minecart dropped 10
    blocks lands and explodes (`handleFallDamage`) as the default cart does (`scenes/tnt_minecart_fall_1_21_8.toml`:
    in float up to 1.21.4, in double from 1.21.5)."""
    path = SCENES_DIR / "tnt_minecart_fall_1_21_8.toml"
    for experiment in (False, True):
        doc = tomli.loads(path.read_text())
        doc["scene"]["version"] = version
        if experiment:
            doc["scene"]["experiments"] = ["minecart_improvements"]
        sim = load_scene_doc(doc, str(path))
        explosions = [(t, e["center"], e["power"]) for t in range(1, 41) for e in sim.tick().events
                      if e["kind"] == "explosion"]
        assert explosions == [(27, [0.5, 30.0, 0.5], power)]


PUSH_SCENE = SCENES_DIR / "minecart_push_experimental_1_21_3.toml"
RIDERS_SCENE = SCENES_DIR / "minecart_riders_experimental_1_21_3.toml"

# scenes/minecart_push_experimental_1_21_3.toml: tick → id → (position, velocity). Tick 12: cart 1 stopped by cart 2
# (x 5.5 − 0.98), its velocity set back by moveAlongTrack; cart 2 pushed 0.05 (0.1F × 0.5) and slowed × 0.975 in its
# own tick; cart 4, across the track, pushed the same and turned north by its rail. Tick 13: cart 1 follows cart 2,
# pushing it again; cart 3, which could not move, stopped.
PUSHES = {
    12: {1: (Vec3(4.519999980926514, 1.1, 0.5), Vec3(0.2213995037479953, 0.0, 0.0)),
         2: (Vec3(5.548750000726431, 1.1, 0.5), Vec3(0.048750000726431604, 0.0, 0.0)),
         3: (Vec3(4.519999980926514, 1.1, 3.5), Vec3(0.2213995037479953, 0.0, 0.0)),
         4: (Vec3(5.5, 1.1, 3.4512499992735686), Vec3(0.0, 0.0, -0.048750000726431604))},
    13: {1: (Vec3(4.568749981652945, 1.1, 0.5), Vec3(0.21586451615429542, 0.0, 0.0)),
         2: (Vec3(5.6307718769486526, 1.1, 0.5), Vec3(0.08202187622222117, 0.0, 0.0)),
         3: (Vec3(4.519999980926514, 1.1, 3.5), Vec3(0.0, 0.0, 0.0)),
         4: (Vec3(5.5, 1.1, 3.3908782027263364), Vec3(0.0, 0.0, -0.060371796547232))},
    30: {1: (Vec3(6.924546431204695, 1.1, 0.5), Vec3(0.14036528948380195, 0.0, 0.0)),
         2: (Vec3(8.04902602799321, 1.1, 0.5), Vec3(0.13830463143511218, 0.0, 0.0))},
}
# the default controller on the same tracks: the push after each tick's move, along the offset; cart 4 across the
# track is pushed by cart 3's own push_or_board, not by a collision
PUSHES_DEFAULT = {
    12: {1: (Vec3(4.4046768200267445, 1.0625, 0.5), Vec3(0.08302042070813248, 0.0, 0.0)),
         2: (Vec3(5.637555091930584, 1.0625, 0.5), Vec3(0.1320528882533603, -0.0, 0.0))},
}
# scenes/minecart_riders_experimental_1_21_3.toml: cart 1 ridden by a zombie × 0.997 a tick from 0.4; cart 3 picks
# up the zombie beside its track in tick 17 (its box grown by 0.2 reaches it, at 0.195 m/gt), then × 0.997; cart 5,
# at rest, is pushed 0.001 a tick by its player's forward key (yaw −90: east) while slower than 0.1
RIDDEN = {
    16: {1: (Vec3(7.7392224952939035, 1.1, 0.5), Vec3(0.38122601054575567, 0.0, 0.0)),
         3: (Vec3(5.397034029429539, 1.1, 4.5), Vec3(0.20007605052744762, 0.0, 0.0)),
         4: (Vec3(6.5, 1.0, 5.39), Vec3(0.0, 0.0, 0.0)),
         5: (Vec3(1.6335793101599827, 1.1, 8.5), Vec3(0.015598056238234757, 0.0, 0.0))},
    17: {3: (Vec3(5.592108178693801, 1.1, 4.5), Vec3(0.19507414926426142, 0.0, 0.0)),
         4: (Vec3(5.592108178693801, 0.587500011920929, 4.5), Vec3(0.0, 0.0, 0.0))},
    30: {1: (Vec3(12.957847612309825, 1.1, 0.5), Vec3(0.36552302624179606, 0.0, 0.0)),
         3: (Vec3(8.075450698515763, 1.1, 4.5), Vec3(0.1876017043701131, 0.0, 0.0)),
         5: (Vec3(1.9504382754392557, 1.1, 8.5), Vec3(0.028644619030774567, 0.0, 0.0))},
}
RIDDEN_DEFAULT = {
    17: {3: (Vec3(5.253098942401396, 1.0625, 4.5), Vec3(0.14987604230394405, -0.0, 0.0)),
         4: (Vec3(6.5, 1.0, 5.39), Vec3(0.0, 0.0, 0.0))},
    30: {1: (Vec3(10.119243439551024, 1.0625, 0.5), Vec3(0.36552302624179606, -0.0, 0.0)),
         5: (Vec3(1.8388452423063615, 1.0625, 8.5), Vec3(0.028644619030774567, -0.0, 0.0))},
}


def _states(scene: Path, want: dict[int, dict[int, tuple[Vec3, Vec3]]], version: str = "1.21.3",
            experiment: bool = True) -> dict[int, dict[int, tuple[Vec3, Vec3]]]:
    """The (position, velocity) of the entities `want` names at its ticks."""
    sim = load_scene_doc(_doc(version, experiment, scene=scene), str(scene))
    seen = {}
    for t in range(1, max(want) + 1):
        sim.tick()
        if t in want:
            seen[t] = {i: (sim.entity_by_id(i).pos, sim.entity_by_id(i).motion) for i in want[t]}
    return seen


@pytest.mark.parametrize("version", RELEASES)
def test_carts_meeting_carts_push_them_whatever_their_facing(version: str) -> None:
    """`handleCollision` after a move that collided: `pushAwayFromEntities` (box grown 1.0E-7), each cart's
    `pushAwayFrom` without the facing test (1.21.4, 1.21.8, 1.21.10 and 1.21.11's `pushEntities` and
    `pushOtherMinecart` read: 1.21.3's)."""
    assert _states(PUSH_SCENE, PUSHES, version) == PUSHES


def test_the_default_controller_pushes_the_carts_otherwise() -> None:
    seen = _states(PUSH_SCENE, PUSHES_DEFAULT, experiment=False)
    assert seen == PUSHES_DEFAULT
    assert seen[12] != {i: PUSHES[12][i] for i in (1, 2)}


def test_a_push_between_carts_with_the_facing_test_is_caught(monkeypatch) -> None:
    """The mutant: the default controller's |cos| ≥ 0.8 test applied with the experiment leaves cart 4, across the
    track, where it stands."""
    real = AbstractMinecart.push_away
    monkeypatch.setattr(AbstractMinecart, "push_away",
                        lambda self, other, features=None, experiment=False: real(self, other, features))
    seen = _states(PUSH_SCENE, PUSHES)
    assert seen[12][4] == (Vec3(5.5, 1.1, 3.5), Vec3(0.0, 0.0, 0.0))


@pytest.mark.parametrize("version", [v for v in RELEASES if v != "1.21.5"])
def test_riders_keep_0_997_and_a_player_s_keys_push_the_cart(version: str) -> None:
    """`getSpeedRetention` 0.997 ridden; `pickUpEntities` (box grown by 0.2, 0, 0.2, at any speed) makes the zombie a
    rider; `applyInitialVelocity` (1.21.8: `calculatePlayerInputSpeed`, `getLastClientMoveIntent`, the same). 1.21.5
    refuses the player (the `player` row)."""
    assert _states(RIDERS_SCENE, RIDDEN, version) == RIDDEN


def test_the_default_controller_carries_the_riders_otherwise() -> None:
    """Ridden carts move × 0.75 along the rail; the slower empty cart 3 reaches the zombie later (not in tick 17)."""
    assert _states(RIDERS_SCENE, RIDDEN_DEFAULT, experiment=False) == RIDDEN_DEFAULT


@pytest.mark.parametrize("name, value, cart", [("MINECART_SLOWDOWN_RIDDEN", 0.975, 1),
                                               ("MINECART_RIDER_INPUT_PUSH", 0.0, 5),
                                               ("MINECART_EXP_PICK_UP_MARGIN", 0.0, 3)])
def test_a_mutated_rider_rule_is_caught(monkeypatch, name: str, value: float, cart: int) -> None:
    """The ridden retention, the player's push and the pick-up reach each change their cart's run."""
    monkeypatch.setattr(minecart_experimental, name, value)
    seen = _states(RIDERS_SCENE, RIDDEN)
    assert seen[30][cart] != RIDDEN[30][cart]
