"""The experimental minecart physics of 1.21.2-1.21.4 (`experiments = ["minecart_improvements"]`,
ExperimentalMinecartController; engine/entities/minecart_experimental.py): the values the controller's arithmetic
gives on `scenes/minecart_experimental_1_21_3.toml`, against the default controller's on the same track, a
mutant of a step rule, the scene written back, and what stops in one line."""

from __future__ import annotations

import pytest
import tomli

from engine.entities import minecart_experimental
from engine.geometry.box import Vec3
from engine.tick.scene import SceneError, load_scene, load_scene_doc, load_scene_text
from engine.tick.scene_writer import scene_document
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

SCENE = SCENES_DIR / "minecart_experimental_1_21_3.toml"

# tick → (position, Motion) with the experiment: tick 1 set onto the rail 0.1 above it and capped at 0.4 (8 / 20);
# 14 climbing the slope along its line (the pull 0.0078125 once); 16 held by the stone under the upper rail in X
# while it rises; 17 lifted onto the slope's line; 30 boosted by the powered rail (+0.06); 40 slowed × 0.975 a tick
EXPERIMENTAL = {
    1: (Vec3(1.9, 1.1, 0.5), Vec3(0.4, 0.0, 0.0)),
    14: (Vec3(6.267232655403315, 1.3672226554035676, 0.5), Vec3(0.2800068548723939, 0.2800068548723939, 0.0)),
    16: (Vec3(6.509999990463257, 1.8777472136157853, 0.5), Vec3(0.25113757110056945, 0.23954337240981358, 0.0)),
    17: (Vec3(6.815550174236133, 2.0163349534620942, 0.5), Vec3(0.23724194432305518, 0.10760531855845931, 0.0)),
    30: (Vec3(9.74340546752105, 2.1, 0.5), Vec3(0.3406230866344839, 0.0, 0.0)),
    40: (Vec3(13.251518879836432, 2.1, 0.5), Vec3(0.3122099222161407, 0.0, 0.0)),
}
# the default controller on the same track (the scene without the experiment): × 0.96, 0.0625 above the rail
DEFAULT = {
    1: (Vec3(1.9, 1.0625, 0.5), Vec3(0.48, -0.0, 0.0)),
    16: (Vec3(7.019416979670451, 2.0625, 0.5), Vec3(0.18535221566118174, -0.0, 0.0)),
    40: (Vec3(11.768378134145623, 2.0625, 0.5), Vec3(0.29539376948217455, -0.0, 0.0)),
}


def _run(experiment: bool = True, ticks: int = 40, version: str = "1.21.3") -> dict[int, tuple[Vec3, Vec3]]:
    doc = tomli.loads(SCENE.read_text())
    doc["scene"]["version"] = version
    if not experiment:
        del doc["scene"]["experiments"]
    sim = load_scene_doc(doc, str(SCENE))
    cart = sim.entity_by_id(1)
    seen = {}
    for t in range(1, ticks + 1):
        sim.tick()
        seen[t] = (cart.pos, cart.motion)
    return seen


@pytest.mark.parametrize("version", ["1.21.2", "1.21.3", "1.21.4"])
def test_the_experimental_controller_moves_the_cart_as_its_arithmetic_gives(version: str) -> None:
    """1.21.2 and 1.21.4 read as 1.21.3 (docs/versions.md, the `minecart` row)."""
    seen = _run(version=version)
    for t, want in EXPERIMENTAL.items():
        assert seen[t] == want, t


def test_the_default_controller_runs_the_same_track_otherwise() -> None:
    seen = _run(experiment=False)
    for t, want in DEFAULT.items():
        assert seen[t] == want, t
        assert seen[t] != EXPERIMENTAL.get(t), t


@pytest.mark.parametrize("name, value", [("MINECART_EXP_SLOWDOWN", 0.96), ("MINECART_EXP_MAX_SPEED_RULE", 10),
                                         ("MINECART_EXP_SQRT_2", 1.0), ("MINECART_EXP_RAIL_HEIGHT", 0.0625)])
def test_a_mutated_step_rule_is_caught(monkeypatch, name: str, value: float) -> None:
    """The slowdown, the max-speed rule, the slope's √2 step and the height above the rail each change the run."""
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


def test_the_experiment_is_refused_before_it_exists_and_after_1_21_4() -> None:
    """1.21.2-1.21.4 run it; before 1.21.2 it does not exist; 1.21.5 and later stop (not compared); other names
    are unknown."""
    assert _cart_scene("1.21.2", []).world.experiments == {"minecart_improvements"}
    for version, why in (("1.21.5", "after 1.21.4"), ("1.21.11", "after 1.21.4"),
                         ("1.21", "does not exist before 1.21.2")):
        with pytest.raises(SceneError, match=why):
            _cart_scene(version, [])
    with pytest.raises(SceneError, match="scene.experiments"):
        load_scene_text(scene_toml(scene={"experiments": ["trade_rebalance"]}), "<experiments>")
