"""The experimental minecart physics of 1.21.2-1.21.11 (`experiments = ["minecart_improvements"]`,
ExperimentalMinecartController, from 1.21.4 NewMinecartBehavior; engine/entities/minecart_experimental.py): the
values the controller's arithmetic gives on `scenes/minecart_experimental_1_21_3.toml` in every release it runs,
against the default controller's on the same track, the minecartMaxSpeed game rule, a mutant of a step rule, the
block checks of an iteration, the scene written back, and what stops in one line."""

from __future__ import annotations

import pytest
import tomli

from engine.entities import minecart_experimental
from engine.geometry.box import Vec3
from engine.motion import block_effects
from engine.tick.scene import SceneError, load_scene, load_scene_doc, load_scene_text
from engine.tick.scene_writer import scene_document
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

SCENE = SCENES_DIR / "minecart_experimental_1_21_3.toml"

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


def _doc(version: str = "1.21.3", experiment: bool = True, max_speed: int | None = None) -> dict:
    doc = tomli.loads(SCENE.read_text())
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


@pytest.mark.parametrize("entities, why", [
    ([{"type": "minecart", "pos": [1.5, 1.1, 0.5], "motion": [0.3, 0.0, 0.0]},
      {"type": "minecart", "pos": [2.5, 1.1, 0.5]}], "picking up and pushing of entities"),
    ([{"type": "tnt_minecart", "pos": [1.5, 1.1, 0.5]}], "minecraft:tnt_minecart"),
])
def test_what_the_experiment_does_not_simulate_stops_in_one_line(entities: list[dict], why: str) -> None:
    sim = _cart_scene("1.21.3", entities)
    with pytest.raises(NotImplementedError, match=why) as err:
        for _ in range(3):
            sim.tick()
    assert "\n" not in str(err.value)


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
